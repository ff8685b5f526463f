"""Movement: Locations and positions, the step notation, the step check, path evaluation and
reachability.

This module only orchestrates. It asks the chapter modules what a step costs and permits:
:mod:`aslpto.rules.movement` (terrain, hedges/walls, levels, roads, Double Time, Minimum Move),
:mod:`aslpto.rules.paddy.movement` (G8), :mod:`aslpto.rules.water.movement` (B21.4-B21.43, B21.6)
and :mod:`aslpto.rules.panji.movement`
(G9.4-G9.6).

Step notation (DESIGN.md): ``37EE7`` enters an adjacent hex (INTO a paddy; above or beneath a
Panji counter as the hexside crossed decides), ``37EE7:bank`` onto its Bank counter,
``37EE7:trench`` from a trench to a trench; ``:in``, ``:bank``, ``:above``, ``:beneath``,
``:foxhole``, ``:trench`` change position in the current hex; ``37DD7/DD6`` is Bypass in DD7
along hexside DD7-DD6. ``37C6:tunnel`` moves through a tunnel to its other entrance (B8.61);
``37E4:breach`` has a dozer breach the bank hexside it shares with 37E4 (G8 BREACH; it stays
where it is); ``37EE7=11`` declares the MF a Cavalry unit spends in all to enter (G9.422).

A move is the step check (:func:`take_step`: a step refused with its rule, or priced, and the
move after it) folded over the declared steps (:func:`evaluate`); :func:`check_step` asks
whether a unit may take one step after a path.

>>> from aslpto.procedures.movement import Position
>>> Position("above-panji").word
'above'
"""

from __future__ import annotations

from aslpto.procedures.movement.paths import (
    StepCheck as StepCheck,
    apply as apply,
    check_step as check_step,
    evaluate as evaluate,
    fold as fold,
    move as move,
)
from aslpto.procedures.movement.reachability import (
    Location as Location,
    ReachResult as ReachResult,
    Space as Space,
    cached_spaces as cached_spaces,
    candidates as candidates,
    clear_caches as clear_caches,
    reach as reach,
    reach_costs as reach_costs,
    space_of as space_of,
)
from aslpto.procedures.movement.stepping import (
    MoveResult as MoveResult,
    MoveSoFar as MoveSoFar,
    StepResult as StepResult,
    begin as begin,
    take_step as take_step,
    verify_may_move as verify_may_move,
)
from aslpto.procedures.movement.steps import (
    State as State,
    Step as Step,
    StepError as StepError,
    StepKind as StepKind,
    parse_step as parse_step,
    parse_steps as parse_steps,
    step_text as step_text,
)
from aslpto.procedures.movement.transitions import (
    Transition as Transition,
    start_state as start_state,
    transition as transition,
)
from aslpto.state.units import Position as Position
