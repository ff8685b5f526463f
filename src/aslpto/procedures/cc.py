"""Close Combat in one Location (A11) as ``aslpto odds cc`` and :func:`aslpto.cc` answer it:
both sides' attacks with every FP and DRM item, then the odds of their joint fates, or one roll
(:mod:`aslpto.rules.cc`), and the JSON of both. :func:`close_combat` (``aslpto cc``) takes the
units from a game: every unit of both sides in the Location, as the scenario has them (broken,
pinned, CX, above a Panji or Bank counter).

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> j = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
>>> us = make("A1", "american", Kind.SQUAD, face="6-6-6")
>>> answer = cc([j], [us])
>>> answer.cc.hand_to_hand, answer.odds.probability(lambda r: not r.eliminated)
(True, Fraction(35, 144))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules import morale
from aslpto.rules.cc import ambush as amb, vehicle as veh
from aslpto.rules.cc.resolution import (
    CC,
    PLAIN,
    CCOptions,
    CCResult,
    Declared,
    cc_odds,
    prepare,
    replace_options,
    resolve_cc,
)
from aslpto.state.dice import Dice, Distribution
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.state.game import Game

__all__ = [
    "CC",
    "CCAnswer",
    "CCOptions",
    "CCResult",
    "Declared",
    "attacking_side",
    "cc",
    "cc_json",
    "cc_result_json",
    "close_combat",
]


@record
class CCAnswer:
    """A CC: how it is made (``cc``: both attacks, Hand-to-Hand, who attacks first), and the
    odds of both sides' joint fates (``odds``) or, with dice, the roll (``rolled``)."""

    cc: CC
    odds: Distribution[CCResult] | None = None
    rolled: CCResult | None = None
    location: str = ""  # the hex, when the units come from a game (:func:`close_combat`)
    attacker: str = ""  # ... the ATTACKER's side and the DEFENDER's
    defender: str = ""
    ambush: amb.AmbushRoll | None = None  # the Ambush status drs, when rolled (A11.4)
    vehicle: veh.VehicleAttack | None = None  # a Location with a vehicle: the attack on it


def cc(
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    options: CCOptions = PLAIN,
    dice: Dice | None = None,
    game: Game | None = None,
    *,
    ambush_roll: bool = False,
    hex_name: str = "",
) -> CCAnswer:
    """The CC of the ATTACKER's ``attackers`` and the DEFENDER's ``defenders`` in a Location:
    its exact odds, or one roll with ``dice``. ``ambush_roll``: each side first makes its
    Ambush status dr (A11.4, with the drm its units give; ``hex_name``: their hex in ``game``,
    for G.6), and the CC is made as it says."""
    if ambush_roll:
        return _with_ambush(attackers, defenders, options, dice, game, hex_name)
    made = prepare(attackers, defenders, options, game)
    if dice is not None:
        return CCAnswer(made, rolled=resolve_cc(made, dice, game))
    return CCAnswer(made, odds=cc_odds(made, game))


def _with_ambush(
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    options: CCOptions,
    dice: Dice | None,
    game: Game | None,
    hex_name: str,
) -> CCAnswer:
    """The CC after both sides' Ambush status dr (A11.4): rolled, or every outcome weighted by
    its exact odds (the CC shown is the one without Ambush)."""
    if options.ambush:
        raise InputError(
            "--ambush names who Ambushed; --ambush-roll rolls for it: one or the other"
        )
    if options.melee:
        raise RuleViolation("A11.4", "no Ambush in a Melee: it is NA during Melee")
    if options.withdrawing or options.withdraw_after:
        raise InputError(
            "--withdraw with --ambush-roll: an Ambush Withdrawal (A11.41) is declared once the "
            "Ambush is known (give --ambush)"
        )

    def made(r: amb.AmbushResult) -> CC:
        who = "" if r == amb.AmbushResult.NONE else r.value
        return prepare(attackers, defenders, replace_options(options, ambush=who), game)

    roll = amb.ambush(attackers, defenders, game=game, hex_name=hex_name, dice=dice)
    if dice is not None:
        assert roll.rolled is not None
        c = made(roll.rolled)
        return CCAnswer(c, rolled=resolve_cc(c, dice, game), ambush=roll)
    assert roll.odds is not None
    each = {r: made(r) for r, p in roll.odds.items if p}
    dist = roll.odds.bind(lambda r: cc_odds(each[r], game))
    shown = each.get(amb.AmbushResult.NONE) or next(iter(each.values()))
    return CCAnswer(shown, odds=dist, ambush=roll)


def attacking_side(game: Game, name: str | None = None) -> str:
    """The ATTACKER's side: ``name`` (a side of the scenario, in any case), or else the one side
    of ``[[sides]]`` that is not the DEFENDER."""
    known = list(
        dict.fromkeys([*(s.name for s in game.sides), *(u.side for u in game.units.values())])
    )
    if name is not None:
        for k in known:
            if k.lower() == name.strip().lower():
                return k
        raise InputError(f"attacker '{name}': no such side (sides: {', '.join(known) or 'none'})")
    others = [s.name for s in game.sides if not s.defender]
    if len(others) == 1 and len(others) < len(game.sides):
        return others[0]
    raise InputError(
        "the scenario names no one DEFENDER among its [[sides]]: say who attacks "
        f"(--attacker SIDE; sides: {', '.join(known) or 'none'})"
    )


def close_combat(
    game: Game,
    location: str,
    options: CCOptions = PLAIN,
    *,
    attacker: str | None = None,
    dice: Dice | None = None,
    ambush_roll: bool = False,
) -> CCAnswer:
    """The CC in ``location`` (a hex, or a unit id: its hex) of a game: the ATTACKER's units
    there (``attacker``: its side; by default the side that is not the DEFENDER) against every
    other unit there; its exact odds, or one roll with ``dice``."""
    from aslpto.procedures.fire import target_location

    where = target_location(game, location, "location")
    side = attacking_side(game, attacker)
    h = game.map.hex(where)
    here = [u for u in game.units.values() if u.hex and game.map.hex(u.hex) == h]
    mine = [u for u in here if u.side == side]
    theirs = [u for u in here if u.side != side]
    if not mine or not theirs:
        there = sorted({u.side for u in here})
        who = f"only {', '.join(there)} units there" if there else "no unit there"
        raise RuleViolation(
            "A11.1",
            f"no enemy unit in {where}: {who}; a CC needs both sides' "
            f"units in one Location (the ATTACKER: {side})",
        )
    if any(veh.is_vehicle(u) for u in here):
        made = vs_vehicle(mine, theirs, options, ambush_roll=ambush_roll)
        defender = ", ".join(dict.fromkeys(u.side for u in theirs))
        return CCAnswer(
            _no_cc(mine, theirs), location=where, attacker=side, defender=defender, vehicle=made
        )
    for u in here:
        if u.entrenched == "pillbox":
            raise InputError(
                f"{u.id} is in a pillbox in {where}: CC with a pillbox's occupants "
                "is not built (G1.64 makes it no Hand-to-Hand)"
            )
    defender = ", ".join(dict.fromkeys(u.side for u in theirs))
    done = cc(mine, theirs, options, dice, game, ambush_roll=ambush_roll, hex_name=where)
    return CCAnswer(done.cc, done.odds, done.rolled, where, side, defender, done.ambush)


def _no_cc(a: Sequence[Unit], d: Sequence[Unit]) -> CC:
    """The Location's units, no CC vs Personnel made (a Location with a vehicle)."""
    return CC(tuple(a), tuple(d), False, "", "", (None, None), ("A11.31",))


def vs_vehicle(
    mine: Sequence[Unit], theirs: Sequence[Unit], options: CCOptions, *, ambush_roll: bool = False
) -> veh.VehicleAttack:
    """The first attack of the sequential CC in a Location with a vehicle (A11.31): the
    non-vehicular side's attack on the vehicle (A11.5), made as ``odds cc --defender vehicle``
    makes it, the vehicle's side's Personnel there escorting it (A11.51). The attack declared
    (``--attack UNITS=VEHICLE``), else every able unit of that side (one MMC, one SMC with it).
    The rest of the CC, and a vehicle's own attack (A11.6), are not built."""
    sides = [list(mine), list(theirs)]
    with_v = [s for s in (0, 1) if any(veh.is_vehicle(u) for u in sides[s])]
    if len(with_v) != 1:
        raise InputError("a CC with vehicles of both sides is not built (A11.31)")
    vs = with_v[0]
    infantry, other = sides[1 - vs], sides[vs]
    refuse_not_built(
        "a CC Location with a vehicle",
        "A11.5",
        (
            ("--ambush-roll", ambush_roll),
            ("--melee", options.melee),
            ("--withdraw", options.withdrawing + options.withdraw_after),
            ("--capture", options.capture),
            ("--defender-drm", options.defender_drm),
            ("--hand-to-hand", options.hand_to_hand),
        ),
    )
    vehicles = [u for u in other if veh.is_vehicle(u)]
    ids = {u.id: u for u in (*infantry, *other)}
    if len(options.attacks) > 1:
        raise InputError("a CC Location with a vehicle: one --attack (the first, A11.31)")
    if options.attacks:
        dec = options.attacks[0]
        unknown = [i for i in (*dec.attackers, *dec.defenders) if i not in ids]
        if unknown:
            raise InputError(f"--attack: {', '.join(unknown)} is no unit in the Location")
        if len(dec.defenders) != 1 or not veh.is_vehicle(ids[dec.defenders[0]]):
            raise InputError(
                "--attack: a CC attack vs a vehicle attacks it alone (A11.5): UNITS=VEHICLE"
            )
        target = ids[dec.defenders[0]]
        attackers = [ids[i] for i in dec.attackers]
        if any(u not in infantry for u in attackers):
            raise InputError("--attack: the attacking units are the non-vehicular side's (A11.31)")
    else:
        if len(vehicles) != 1:
            raise InputError(
                "a CC Location with vehicles: declare the attack (--attack UNITS=VEHICLE)"
            )
        target = vehicles[0]
        attackers = [u for u in infantry if not u.broken]
    if not attackers:
        raise RuleViolation("A11.16", "no unit of the non-vehicular side can attack")
    who = {"attacker": 0, "defender": 1}.get(options.ambush)
    ambush = "" if who is None else ("attacker" if who != vs else "defender")
    escort = [u for u in other if not veh.is_vehicle(u)]
    return veh.build(attackers, target, drm=options.drm, ambush=ambush, escort=escort)


def vehicle_cc(
    attackers: Sequence[Unit],
    fps: Mapping[str, Fraction],
    defenders: Sequence[Unit],
    options: CCOptions = PLAIN,
    dice: Dice | None = None,
    ambush_roll: bool = False,
) -> CCAnswer:
    """A vehicle's CC attack on Infantry (A11.62): ``attackers`` one vehicle, its FP in ``fps``
    by id; the defenders' fates on the CCT, exactly or rolled."""
    if len(attackers) != 1 or attackers[0].id not in fps:
        raise InputError("a vehicle's CC attack (fp=N): one --attacker vehicle, alone (A11.62)")
    refuse_not_built(
        "a vehicle's CC attack",
        "A11.62",
        (
            ("--ambush-roll", ambush_roll),
            ("--withdraw", options.withdrawing + options.withdraw_after),
            ("--capture", options.capture),
            ("--attack", options.attacks),
            ("--defender-drm", options.defender_drm),
        ),
    )
    if options.hand_to_hand:
        raise RuleViolation("G1.64", "Hand-to-Hand CC can never be used by or vs a vehicle")
    v = attackers[0]
    att = veh.vehicle_attack(v, fps[v.id], defenders, drm=options.drm, ambush=options.ambush)
    made = CC(
        (v,),
        tuple(defenders),
        False,
        "no Hand-to-Hand CC by or vs a vehicle (G1.64)",
        "",
        (att, None),
        att.rules,
        options,
        ((att,), ()),
    )
    if dice is not None:
        return CCAnswer(made, rolled=resolve_cc(made, dice))
    return CCAnswer(made, odds=cc_odds(made))


def cc_json(made: CC) -> dict[str, Any]:
    """How the CC is made, as ``aslpto odds cc --json`` gives it (``"cc"``): ``attacks`` each
    side's first attack (``None``: it makes none), ``all_attacks`` every one it declared (A11.12),
    the Melee, the withdrawing units, the Capture attempts and the Hara-Kiri before them."""
    atk, dfn = made.attacks
    o = made.options
    return {
        "hand_to_hand": made.hand_to_hand,
        "hand_to_hand_why": made.hand_to_hand_why,
        "ambush": o.ambush or None,
        "first": made.first or "simultaneous",
        "melee": o.melee,
        "withdrawing": dict(made.staying),
        "capture": o.capture or None,
        "hara_kiri": [u.id for u in made.hara_kiri],
        "attacks": {
            "attacker": atk.as_json() if atk else None,
            "defender": dfn.as_json() if dfn else None,
        },
        "all_attacks": {
            side: [a.as_json() for a in attacks]
            for side, attacks in zip(("attacker", "defender"), made.side_attacks, strict=True)
        },
        "rules": list(made.rules),
    }


def cc_result_json(r: morale.Result, *, detail: bool) -> dict[str, Any]:
    """One outcome of a CC in the ``odds`` shape, with what a CC adds: the units captured
    (A20.22), those that withdrew (A11.2), and ``melee`` when units of both sides remain
    (A11.15)."""
    from aslpto.procedures.odds import result_json, unit_json

    out = result_json(r, detail=detail)
    if isinstance(r, CCResult):
        if r.captured:
            out["captured"] = [unit_json(u) for u in r.captured]
        if r.withdrawn:
            out["withdrawn"] = list(r.withdrawn)
        out["melee"] = r.melee
    return out


def refuse_not_built(what: str, rule: str, given: Iterable[tuple[str, object]]) -> None:
    """Refuse in one line the options of ``given`` (its word and what was typed) that ``what``
    does not take yet, naming ``rule``."""
    named = [w for w, on in given if on]
    if named:
        raise InputError(f"{what}: {', '.join(named)} is not built ({rule})")
