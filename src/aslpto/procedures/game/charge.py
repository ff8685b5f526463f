"""The Banzai Charge in the game's MPh (G1.5): the Japanese ATTACKER's units declare it and move
as a Human Wave (A25.23), every path played in Impulses through the step check by
:func:`aslpto.procedures.banzai.banzai`; a Charge that may not be declared, or a path a rule
refuses, is refused with its rule and changes nothing.

What the Charge leaves in the game (A25.23, G1.5, G1.6):

- its units have moved (each once this MPh) and are the moving units Defensive First Fire may
  attack; they lose any concealment;
- they are Lax for the rest of the Player Turn (G1.6: every Japanese unit that makes a Banzai
  Charge; ``Unit.lax``, removed at the end of the Player Turn);
- marked ``banzai`` for the rest of the Player Turn: fire at them checks their morale one level
  higher (A25.23, unless broken), and during the MPh they are immune to Pin results and Heat of
  Battle (``Situation.human_wave``);
- a Location where a unit of the Charge ended its MPh with a Known enemy unit is marked with a
  CC counter (A25.233, A25.234): its units may not advance out of it; after the CCPh those
  still facing each other are in Melee.
"""

from __future__ import annotations

from collections.abc import Mapping

from aslpto.base.hints import Any
from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import melee as mel
from aslpto.procedures.game.common import Args, Done, verify_phase, verify_side
from aslpto.procedures.game.detection import found_on_entry, found_told
from aslpto.procedures.game.phases import RULES, Marker
from aslpto.procedures.game.state import GameState
from aslpto.state.dice import Dice


def _moves(a: Args) -> dict[str, list[str]]:
    """The ``moves`` argument: each unit's id to its steps."""
    a.read.add("moves")
    given = a.args.get("moves", {})
    if not isinstance(given, Mapping) or not all(
        isinstance(k, str)
        and isinstance(v, list)
        and v
        and all(isinstance(x, str) and x for x in v)
        for k, v in given.items()
    ):
        raise InputError("banzai: argument 'moves' is an object of unit ids to lists of steps")
    return {k: list(v) for k, v in given.items()}


def _refusal(answer: Any) -> RuleViolation:
    """The first reason the Charge (or a path of it) is refused, with its rule."""
    d = answer.declaration
    if not d.legal:
        f = d.refusals[0]
        return RuleViolation(f.rule, f.message)
    if answer.wave is not None and answer.wave.refusals:
        f = answer.wave.refusals[0]
        return RuleViolation(f.rule, f.message)
    for bm in answer.moves:
        if not bm.legal and bm.violation is not None:
            at = "" if bm.refused_at is None else f", step {bm.refused_at + 1}"
            return RuleViolation(bm.violation.rule, f"{bm.unit}{at}: {bm.violation.message}")
    return RuleViolation(RULES["banzai"].rule, "the Charge is refused")


def banzai(state: GameState, a: Args, dice: Dice) -> Done:
    """``game banzai``: the Banzai Charge of ``units`` in the MPh, each unit's path (``moves``)
    played as the Impulses of the Human Wave; ``target`` and ``grain`` as ``aslpto banzai``
    takes them."""
    from aslpto.procedures import banzai as charge

    ids = a.texts("units")
    moves = _moves(a)
    target = a.optional_text("target")
    grain = a.optional_text("grain")
    a.done()
    if len(set(ids)) != len(ids):
        raise InputError(f"banzai: a unit named twice: {', '.join(ids)}")
    verify_phase(state, "banzai")
    rule = RULES["banzai"].rule
    g = state.position
    units = [g.unit(uid) for uid in ids]
    for u in units:
        verify_side(state, u, "ATTACKER", rule, "makes a Banzai Charge")
        if state.has(u.id, Marker.MOVED):
            raise RuleViolation("A25.23", f"{u.id} has moved this MPh: a HW Unit has not")
        if state.has(u.id, Marker.PREP_FIRE) or state.has(u.id, Marker.LABOR) or u.ti:
            raise RuleViolation(
                "A3.3", f"{u.id} fired or made a labor task in the PFPh: it may not move"
            )
    mel.verify_free(g, state.melee, units, "make a Banzai Charge")
    answer = charge.banzai(g, ids, moves, target=target, grain=grain)
    if not answer.legal:
        raise _refusal(answer)
    after = answer.after
    changed = {uid: after.unit(uid).with_(concealed=False, hidden=False, lax=True) for uid in ids}
    after = replace(after, units={**after.units, **changed})
    # concealed units found on the way (A12.15) and where the Charge ends (A12.151); a CC
    # counter wherever it ends with enemy units (A25.233)
    taken = [bm.move for bm in answer.moves if bm.legal]
    after, placed, revealed, facing = found_on_entry(after, ids, taken, dice)
    s = replace(
        state,
        position=after,
        moving=tuple(ids),
        moving_assault=False,
        moving_left=0,
        moving_resume={},
        cc_marked=state.cc_marked | frozenset(facing),
    ).mark(ids, Marker.MOVED, Marker.BANZAI)
    result = answer.as_json(g)
    if facing:
        result["cc_counters"] = facing
    if placed or revealed:
        result["found"] = {"placed": placed, "revealed": revealed}
    told = [f"Banzai Charge ({rule}): {', '.join(ids)}; Lax for the rest of the Player Turn (G1.6)"]
    for bm in answer.moves:
        u = after.unit(bm.unit)
        told.append(f"  {bm.unit} -> {u.hex} {u.position} ({' '.join(bm.steps)})")
    told += found_told(placed, revealed, facing, "A25.233")
    return Done(s, result, tuple(told), ())


__all__ = ["banzai"]
