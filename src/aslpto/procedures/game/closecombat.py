"""The CCPh's action: the Close Combat of one Location (A3.8, A11), resolved by
:func:`aslpto.procedures.cc.close_combat` with the units as the game has them, and the Melee it
leaves or ends (A11.15) and the Withdrawal it allows (A11.2, A11.21).

- the CC of a Location in Melee from an earlier Player Turn is a Melee CC (``melee``: no
  Ambush, A11.4);
- where an Ambush can occur (:func:`ambush_possible`: a concealed unit in it, or the
  ATTACKER's Infantry advanced into a woods/building Location, or jungle, kunai or bamboo,
  G.6), both sides first make their Ambush status dr (A11.4, with the PTO drm) unless the
  players say who Ambushed (``ambush``); where none can, saying so is refused;
- ``withdraw`` names each withdrawing unit and the ADJACENT Location it withdraws into, each
  verified before the CC (:func:`aslpto.procedures.game.melee.withdrawal_move`): a unit not
  eliminated, Reduced or captured is moved there after it; into a concealed enemy's Location it
  is eliminated and one enemy unit there forfeits its concealment (A11.21);
- broken Infantry in Melee must attempt to withdraw where it can (A11.16);
- units of both sides left in the Location (unconcealed) lock it in Melee; the game keeps it
  until one side is gone.
"""

from __future__ import annotations

from collections.abc import Mapping

from aslpto.base.hints import Any
from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import melee as m
from aslpto.procedures.game.common import Args, Done, fates, replace_units, unsure, verify_phase
from aslpto.procedures.game.phases import RULES
from aslpto.procedures.game.state import GameState
from aslpto.state.dice import Dice
from aslpto.state.game import Game


def withdraw_of(given: Any) -> dict[str, str]:
    """The ``withdraw`` option: each withdrawing unit's id to the Location it withdraws into."""
    if not isinstance(given, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) and k and v for k, v in given.items()
    ):
        raise InputError("cc: option 'withdraw' is an object of unit ids to Locations")
    return dict(given)


def _into_concealed(
    g: Game, uid: str, to: str, dice: Dice, told: list[str]
) -> tuple[Game, bool, bool]:
    """A11.21: a unit that withdraws into a concealed enemy's Location is eliminated, and one
    enemy unit there (chosen at random) forfeits its concealment. Whether it was, and whether
    the choice among several rests on the unchecked rule."""
    u = g.unit(uid)
    hiding = sorted(
        (o for o in m.units_at(g, to) if o.side != u.side and (o.concealed or o.hidden)),
        key=lambda o: o.id,
    )
    if not hiding:
        return g, False, False
    pick = hiding[dice.choice(len(hiding))] if len(hiding) > 1 else hiding[0]
    units = {k: v for k, v in g.units.items() if k != uid}
    units[pick.id] = pick.with_(concealed=False, hidden=False)
    told.append(
        f"  {uid} withdraws into {to}, a concealed enemy's Location: eliminated; "
        f"{pick.id} forfeits its concealment ({RULES['withdrawal_to'].rule})"
    )
    return replace(g, units=units), True, len(hiding) > 1


def ambush_possible(state: GameState, where: str) -> str:
    """A11.4 (and G.6): why an Ambush can occur in the CC of ``where`` (not a Melee), or "":
    a hidden unit was placed beneath a "?" there at the start of this CCPh (A11.19), or the
    ATTACKER's Infantry advanced into it this APh and it holds a concealed unit or is a woods
    or building Location - or jungle, kunai or bamboo (G.6)."""
    from aslpto.board.terrain import Terrain
    from aslpto.procedures.game.phases import Marker
    from aslpto.rules.pto.procedures import ambush_terrain

    g = state.position
    if where in state.hip_placed:
        return "a hidden unit placed beneath a '?' for this CC, A11.19"
    here = m.units_at(g, where)
    if not any(u.side == state.attacker and state.has(u.id, Marker.ADVANCED) for u in here):
        return ""
    if any(u.concealed or u.hidden for u in here):
        return "Infantry advanced into CC with/against a concealed unit, A11.4"
    t = g.map.terrain(g.map.hex(where))
    if t == Terrain.WOODS or t.is_building:
        return "Infantry advanced into CC in a woods/building Location, A11.4"
    if ambush_terrain(g, where).value:
        return "Infantry advanced into CC in jungle, kunai or bamboo, G.6"
    return ""


def cc(state: GameState, a: Args, dice: Dice) -> Done:
    """The CC of one Location in the CCPh, once a CCPh (A3.8): a Melee CC where the Location is
    in Melee (A11.15), its withdrawing units moved where they withdraw (A11.2, A11.21), and the
    Melee it leaves kept."""
    from aslpto.procedures import movement
    from aslpto.procedures.cc import CCOptions, close_combat
    from aslpto.procedures.fire import target_location

    location = a.text("location")
    given = a.options()
    a.done()
    verify_phase(state, "cc")
    unknown = sorted(set(given) - {"hand_to_hand", "ambush", "withdraw"})
    if unknown:
        raise InputError(f"cc: unknown option(s) {', '.join(unknown)}")
    ambush = given.get("ambush") or ""
    if ambush not in ("", "attacker", "defender"):
        raise InputError(f"cc: ambush '{ambush}': attacker or defender")
    withdraw = withdraw_of(given.get("withdraw", {}))
    g = state.position
    where = target_location(g, location, "location")
    rule = RULES["close_combat"].rule
    if where in state.cc_done:
        raise RuleViolation(rule, f"the CC in {where} is resolved this CCPh")
    in_melee = where in state.melee
    here = m.units_at(g, where)
    ids = {u.id for u in here}
    moves = {}
    keys = ["close_combat"]
    if withdraw and not in_melee and not ambush:
        raise RuleViolation(
            RULES["withdrawal"].rule,
            f"{where} is not in Melee: only a unit in a Melee withdraws (or the side that "
            "Ambushed, A11.41)",
        )
    for uid, to in withdraw.items():
        if uid not in ids:
            raise InputError(f"cc: {uid} withdraws, but it is not in {where}")
        u = g.unit(uid)
        m.verify_withdrawing(u)
        moves[uid] = m.withdrawal_move(g, u, to)
    if in_melee:
        m.verify_broken_withdraw(g, [u for u in here if m.held(g, state.melee, u)], withdraw)
        keys.append("melee")
    why = "" if in_melee else ambush_possible(state, where)
    if ambush and not why and not in_melee:
        raise RuleViolation(
            "A11.4",
            f"no Ambush can occur in {where}: no Infantry advanced into CC there in a "
            "woods/building (G.6: jungle, kunai, bamboo) Location or with/against a concealed "
            "unit, and no hidden unit was placed there (A11.19)",
        )
    opts = CCOptions(
        hand_to_hand=bool(given.get("hand_to_hand", False)),
        ambush=ambush,
        melee=in_melee,
        withdrawing=tuple(withdraw),
    )
    rolls_ambush = bool(why) and not ambush
    done = close_combat(
        g, where, opts, attacker=state.attacker, dice=dice, ambush_roll=rolls_ambush
    )
    assert done.rolled is not None
    r = done.rolled
    s = replace_units(state, [u.id for u in here], r.units, r.eliminated)
    after = s.position
    told = [f"CC in {where}: {done.attacker} (ATTACKER) against {done.defender}"]
    if in_melee:
        told[0] += f" (Melee, {RULES['melee'].rule})"
    if done.ambush is not None and done.ambush.rolled is not None:
        am, dm = done.ambush.drm
        ra, rd = done.ambush.drs
        who = done.ambush.rolled.value
        told.append(
            f"  Ambush ({why}): ATTACKER dr {ra}{am:+d} = {ra + am}, DEFENDER dr {rd}{dm:+d} = "
            f"{rd + dm}: " + ("no Ambush" if who == "none" else f"the {who.upper()} Ambushes")
        )
    told += [f"  {e}" for e in r.events]
    if r.eliminated:
        told.append(f"  eliminated: {', '.join(r.eliminated)}")
    went: dict[str, str] = {}
    lost: list[str] = []
    for uid in r.withdrawn:
        mv = moves[uid]
        to = after.map.name(mv.end.hex)
        after, dead, chosen = _into_concealed(after, uid, to, dice, told)
        if dead:
            lost.append(uid)
            if chosen:
                keys.append("withdrawal_concealed")
            continue
        after = movement.apply(after, mv)
        went[uid] = to
        told.append(f"  {uid} withdraws -> {to} ({RULES['withdrawal_to'].rule})")
    if withdraw:
        keys += ["withdrawal", "withdrawal_to"]
    s = replace(s, position=after, cc_done=s.cc_done | {where})
    if lost:
        s = replace_units(s, lost, [], lost)
    now_melee = m.holds(s.position, where)
    s = replace(s, melee=(s.melee | {where}) if now_melee else (s.melee - {where}))
    if now_melee:
        told.append(f"  {where} is in Melee ({RULES['melee'].rule})")
        keys.append("melee")
    elif in_melee:
        told.append(f"  the Melee in {where} ends: one side is gone ({RULES['melee'].rule})")
    result: dict[str, Any] = {
        "location": where,
        **fates([s.position.unit(u.id) for u in r.units if u.id in s.position.units], r.eliminated),
        "events": list(r.events),
        "melee": now_melee,
    }
    if done.ambush is not None:
        result["ambush"] = {**done.ambush.as_json(), "why": why}
    if went:
        result["withdrawn"] = went
    if lost:
        result["eliminated"] = [*result["eliminated"], *lost]
    return Done(s, result, tuple(told), unsure(*dict.fromkeys(keys)))


__all__ = ["ambush_possible", "cc", "withdraw_of"]
