"""The Rally Phase's action: a broken unit's Rally attempt (A10.6-A10.64, A18.11), verified in
the game and resolved by :mod:`aslpto.rules.morale.rally`.

In the RPh both sides rally (A3.1, A10.6). A unit attempts once a Player Turn (marked
``rally-attempt``); a named leader rallies it (a Good Order friendly leader in its Location), or
it Self-Rallies: a leader or crew always may, and the first MMC Rally attempt of a side's own
RPh (the ATTACKER's) may be a Self-Rally when no Good Order leader is in its Location (A18.11).
The rally terrain DRM is read from the terrain of its hex.
"""

from __future__ import annotations

from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import melee
from aslpto.procedures.game.common import Args, Done, fates, on_map, replace_units, verify_phase
from aslpto.procedures.game.phases import RULES, Marker
from aslpto.procedures.game.state import GameState
from aslpto.rules.morale import rally as r
from aslpto.state.counters import complete
from aslpto.state.dice import Dice
from aslpto.state.units import Unit


def attempt_of(state: GameState, uid: str, leader: str | None, drm: int = 0) -> r.RallyAttempt:
    """The Rally attempt of ``uid`` in the game (by ``leader``, or a Self-Rally), verified
    against the phase's record of attempts (A10.6, A18.11); the rally rules themselves are
    verified by :func:`aslpto.rules.morale.rally.verify`."""
    g = state.position
    u = g.unit(uid)
    on_map(u)
    if melee.held(g, state.melee, u):
        raise RuleViolation(
            RULES["melee_rally"].rule,
            f"{uid} is locked in Melee in {melee.location(g, u)}: it makes no Rally attempt "
            "(only CC or Withdrawal from Melee)",
        )
    if state.has(uid, Marker.RALLY):
        raise RuleViolation(
            r.rule_of("attempt"), f"{uid} has attempted to rally this Player Turn: once"
        )
    h = g.map.hex(u.hex)
    location = tuple(
        complete(o) if o.kind.is_infantry else o
        for o in g.units.values()
        if o.hex and g.map.hex(o.hex) == h and o.position == u.position
    )
    ldr: Unit | None = None
    if leader is not None:
        ldr = g.unit(leader)
        on_map(ldr)
    field_promotion = False
    if ldr is None and u.broken and u.kind.is_mmc and not r.self_rally_capable(u).value:
        fp = r.rule_of("field_promotion")
        if u.side != state.attacker:
            raise RuleViolation(
                fp,
                f"{uid} has no Self-Rally capability; the A18.11 Self-Rally of a MMC is made in "
                f"its side's own RPh ({u.side} is the DEFENDER): a leader must rally it",
            )
        if u.side in state.mmc_rallied:
            raise RuleViolation(
                fp,
                f"{uid} has no Self-Rally capability, and a MMC of {u.side} has attempted to rally "
                "this RPh: the A18.11 Self-Rally is the first MMC Rally attempt's",
            )
        field_promotion = True
    return r.RallyAttempt(
        complete(u),
        None if ldr is None else complete(ldr),
        location,
        field_promotion=field_promotion,
        terrain=g.map.terrain(h).value,
        pto=bool(g.conditions.pto_terrain),
        drm=drm,
    )


def rally(state: GameState, a: Args, dice: Dice) -> Done:
    """``rally``: the Rally attempt of ``unit`` (by ``leader``, else a Self-Rally)."""
    uid = a.text("unit")
    leader = a.optional_text("leader")
    drm = a.number("drm", 0)
    a.done()
    if not -9 <= drm <= 9:
        raise InputError(f"rally: the DRM {drm} is -9 to 9")
    verify_phase(state, "rally")
    attempt = attempt_of(state, uid, leader, drm)
    r.verify(attempt)
    terms = r.terms(attempt)
    roll = dice.DR()
    res = r.apply_rally_roll(attempt, roll, dice)
    s = replace_units(state, [uid], res.units, res.eliminated)
    s = s.mark([uid], Marker.RALLY)
    if attempt.unit.kind.is_mmc:
        s = replace(s, mmc_rallied=s.mmc_rallied | {attempt.unit.side})
    by = "Self-Rally" if attempt.leader is None else f"rallied by {attempt.leader.id}"
    if attempt.field_promotion:
        by += " (A18.11)"
    final = roll.total + terms.total
    result = {
        "unit": uid,
        "leader": attempt.leader.id if attempt.leader else None,
        "self_rally": attempt.self_rally,
        "field_promotion": attempt.field_promotion,
        **terms.as_json(),
        "roll": str(roll),
        "final": final,
        **fates(res.units, res.eliminated),
        "events": list(res.events),
    }
    drms = " ".join(f"{d.value:+d} {d.what}" for d in terms.drm)
    told = [f"{uid} ({by}): Rally DR {roll} {drms} = {final} vs Morale Level {terms.morale.value}"]
    told += [f"  {e}" for e in res.events]
    return Done(s, result, tuple(told))


__all__ = ["attempt_of", "rally"]
