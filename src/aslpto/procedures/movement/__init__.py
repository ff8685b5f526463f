"""Movement: Locations and positions, the step notation, path evaluation and reachability.

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

>>> from aslpto.procedures.movement import Position
>>> Position("above-panji").word
'above'
"""

from __future__ import annotations

from aslpto.procedures.movement.paths import (
    MoveResult as MoveResult,
)
from aslpto.procedures.movement.paths import (
    StepResult as StepResult,
)
from aslpto.procedures.movement.paths import (
    _cap as _cap,
)
from aslpto.procedures.movement.paths import (
    _check_may_move as _check_may_move,
)
from aslpto.procedures.movement.paths import (
    _context as _context,
)
from aslpto.procedures.movement.paths import (
    _leader as _leader,
)
from aslpto.procedures.movement.paths import (
    apply as apply,
)
from aslpto.procedures.movement.paths import (
    evaluate as evaluate,
)
from aslpto.procedures.movement.paths import (
    move as move,
)
from aslpto.procedures.movement.reachability import (
    _CACHES as _CACHES,
)
from aslpto.procedures.movement.reachability import (
    _FAR as _FAR,
)
from aslpto.procedures.movement.reachability import (
    _PREPARED as _PREPARED,
)
from aslpto.procedures.movement.reachability import (
    Location as Location,
)
from aslpto.procedures.movement.reachability import (
    ReachResult as ReachResult,
)
from aslpto.procedures.movement.reachability import (
    _order as _order,
)
from aslpto.procedures.movement.reachability import (
    _plain_search as _plain_search,
)
from aslpto.procedures.movement.reachability import (
    _prepare as _prepare,
)
from aslpto.procedures.movement.reachability import (
    _Search as _Search,
)
from aslpto.procedures.movement.reachability import (
    _search as _search,
)
from aslpto.procedures.movement.reachability import (
    _Space as _Space,
)
from aslpto.procedures.movement.reachability import (
    _space as _space,
)
from aslpto.procedures.movement.reachability import (
    _space_if_cached as _space_if_cached,
)
from aslpto.procedures.movement.reachability import (
    _space_key as _space_key,
)
from aslpto.procedures.movement.reachability import (
    candidates as candidates,
)
from aslpto.procedures.movement.reachability import (
    reach as reach,
)
from aslpto.procedures.movement.reachability import (
    reach_costs as reach_costs,
)
from aslpto.procedures.movement.steps import (
    _DEFAULT as _DEFAULT,
)
from aslpto.procedures.movement.steps import (
    _WORDS as _WORDS,
)
from aslpto.procedures.movement.steps import (
    Position as Position,
)
from aslpto.procedures.movement.steps import (
    State as State,
)
from aslpto.procedures.movement.steps import (
    Step as Step,
)
from aslpto.procedures.movement.steps import (
    StepKind as StepKind,
)
from aslpto.procedures.movement.steps import (
    parse_step as parse_step,
)
from aslpto.procedures.movement.steps import (
    step_text as step_text,
)
from aslpto.procedures.movement.transitions import (
    Transition as Transition,
)
from aslpto.procedures.movement.transitions import (
    _breach as _breach,
)
from aslpto.procedures.movement.transitions import (
    _breach_game as _breach_game,
)
from aslpto.procedures.movement.transitions import (
    _bypass as _bypass,
)
from aslpto.procedures.movement.transitions import (
    _declared as _declared,
)
from aslpto.procedures.movement.transitions import (
    _enter as _enter,
)
from aslpto.procedures.movement.transitions import (
    _exit_cost as _exit_cost,
)
from aslpto.procedures.movement.transitions import (
    _exit_hexes as _exit_hexes,
)
from aslpto.procedures.movement.transitions import (
    _fort_here as _fort_here,
)
from aslpto.procedures.movement.transitions import (
    _here as _here,
)
from aslpto.procedures.movement.transitions import (
    _leave_entrenchment as _leave_entrenchment,
)
from aslpto.procedures.movement.transitions import (
    _tunnel as _tunnel,
)
from aslpto.procedures.movement.transitions import (
    start_state as start_state,
)
from aslpto.procedures.movement.transitions import (
    transition as transition,
)
