"""Panjis (G9) where they lie: positions, LOS and TEM (G9.2), attacks and DC (G9.21, G9.211),
and the LOS questions G9.4 and G9.53 ask."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import Recorded
from aslpto.board.hexes import Hex, Hexside
from aslpto.state.game import Game, Panji
from aslpto.state.units import Kind, Unit, VehicleType

ABOVE = "above-panji"


BENEATH = "beneath-panji"


def _data() -> Mapping[str, Any]:
    return Recorded(bundled("pto_procedures.toml"), "pto_procedures.toml")


def _rule(table: str) -> str:
    return str(_data()[table]["rule"])


def hex_of(game: Game, unit: Unit) -> Hex:
    """The grid hex of a unit's Location (units keep the hex name)."""
    if not unit.hex:
        raise InputError(f"unit {unit.id} is not on the map")
    return game.map.hex(unit.hex)


def panji_of(game: Game, unit: Unit) -> Panji | None:
    """The Panji counter in the unit's hex, if any."""
    return game.panji_at(hex_of(game, unit))


def is_above(unit: Unit) -> bool:
    return unit.position == ABOVE


def is_beneath(unit: Unit) -> bool:
    return unit.position == BENEATH


def covered_between(game: Game, a: Hex, b: Hex) -> Panji | None:
    """The Panji counter (in ``a`` or ``b``) of which hexside a-b is a Covered hexside."""
    s = Hexside.of(a, b)
    for h in (a, b):
        p = game.panji_at(h)
        if p is not None and p.is_covered(s):
            return p
    return None


def _is_full_tracked_afv_or_dozer(u: Unit) -> bool:
    return u.vehicle_type == VehicleType.DOZER or (
        u.vehicle_type == VehicleType.FULLY_TRACKED and u.afv
    )


def panji_los_effect() -> Ruling[str]:
    """G9.2: a Panji counter is neither an obstacle nor a Hindrance to LOS."""
    return Ruling("none", ("G9.2",), "neither an obstacle nor a Hindrance")


def panji_tem() -> Ruling[int]:
    """G9.2: a Panji counter has no TEM and leaves the TEM of its hex's terrain as it is."""
    return Ruling(0, ("G9.2",), "no TEM; other terrain's TEM unaltered")


def afv_tem_applies(position: str) -> Ruling[bool]:
    """G9.2 EXC: an AFV/wreck above a Panji counter provides no TEM."""
    if position == ABOVE:
        return Ruling(False, ("G9.2",), "an AFV/wreck above a Panji counter provides no TEM")
    return Ruling(True, ("G9.2",), "")


def afv_makes_hex_non_open_ground(position: str) -> Ruling[bool]:
    """G9.2 EXC: an AFV/wreck above a Panji counter does not make an Open Ground hex
    non-Open Ground."""
    r = afv_tem_applies(position)
    return Ruling(r.value, r.rules, r.why)


class Weapon(StrEnum):
    """What an attack uses (for the G9.21 / G8.212 weapon limits)."""

    INHERENT = "inherent"  # Inherent FP
    LMG = "lmg"
    MMG = "mmg"
    HMG = "hmg"
    LATW = "latw"  # Light Anti-Tank Weapon (bazooka, PIAT, PSK, ATR, ...)
    ATR_20MM = "atr-20mm"  # a 20mm ATR: the EXC to LATW
    FT = "ft"
    MOL = "mol"
    MORTAR = "mortar"
    DC_THROWN = "dc-thrown"
    DC_PLACED = "dc-placed"
    DC_SET = "dc-set"
    GUN = "gun"
    OTHER_SW = "other-sw"


PANJI_WEAPONS = frozenset({Weapon.INHERENT, Weapon.LMG, Weapon.LATW, Weapon.FT})


def _infantry_or_cavalry(u: Unit) -> bool:
    return u.kind.is_infantry or u.kind == Kind.CAVALRY


def verify_weapon(unit: Unit, weapon: Weapon) -> None:
    """G9.21: Infantry above a Panji counter may use only Inherent FP/SW, LMG, LATW (not a
    20mm ATR) and FT; G9.211: and may not Place, Throw or Set a DC."""
    if not (is_above(unit) and unit.kind.is_infantry):
        return
    if weapon in (Weapon.DC_THROWN, Weapon.DC_PLACED, Weapon.DC_SET):
        raise RuleViolation("G9.211", f"{unit.id} is above a Panji counter: no DC may be used")
    if weapon not in PANJI_WEAPONS:
        raise RuleViolation(
            "G9.21",
            f"{unit.id} is above a Panji counter: only Inherent FP, LMG, LATW (not a 20mm ATR) "
            f"and FT may be used, not {weapon.value}",
        )


def verify_interdict(unit: Unit) -> None:
    """G9.21: Infantry above a Panji counter may not Interdict."""
    if is_above(unit) and unit.kind.is_infantry:
        raise RuleViolation("G9.21", f"{unit.id} is above a Panji counter and may not Interdict")


def attack_drm(participants: Iterable[Unit]) -> Ruling[int]:
    """G9.21: +1 DRM to an attack (CC included) made by or with an Infantry/Cavalry unit above a
    Panji counter; never more than +1 per attack. In a paddy, G8.212's CC +1 comes on top
    (:func:`aslpto.rules.paddy.effects.cc_position_drm` sums both)."""
    above = [u.id for u in participants if is_above(u) and _infantry_or_cavalry(u)]
    if above:
        return Ruling(1, ("G9.21",), f"{', '.join(above)} above a Panji counter (limit +1)")
    return Ruling(0, (), "")


def ambush_drm(units: Iterable[Unit]) -> Ruling[int]:
    """G9.21: an Infantry/Cavalry unit above a Panji counter receives a +1 Ambush drm (A11.4)."""
    if any(is_above(u) and _infantry_or_cavalry(u) for u in units):
        return Ruling(1, ("G9.21", "A11.4"), "above a Panji counter")
    return Ruling(0, (), "")


def cc_drm_against(target: Unit) -> Ruling[int]:
    """G9.21: each CC attack vs an Infantry/Cavalry unit above a Panji counter: -1 DRM."""
    if is_above(target) and _infantry_or_cavalry(target):
        return Ruling(-1, ("G9.21",), f"{target.id} is above a Panji counter")
    return Ruling(0, (), "")


class DCMode(StrEnum):
    """How a DC attacks (A23)."""

    PLACED = "placed"
    THROWN = "thrown"
    SET = "set"
    DETONATED = "detonated"  # by a DC Hero / unbroken Japanese Infantry as per G1.424


def verify_dc(game: Game, unit: Unit, mode: DCMode, *, into: str | None = None) -> None:
    """G9.211: Infantry above a Panji counter may not Place, Throw or Set a DC (an unbroken
    Japanese unit may still detonate one as per G1.424); Infantry beneath a Panji counter may
    not Place a DC across a Covered hexside of that counter."""
    if not unit.kind.is_infantry:
        return
    if is_above(unit):
        if mode == DCMode.DETONATED and unit.is_japanese and not unit.broken:
            return
        raise RuleViolation("G9.211", f"{unit.id} is above a Panji counter: may not {mode} a DC")
    if is_beneath(unit) and mode == DCMode.PLACED and into is not None:
        p = panji_of(game, unit)
        here, there = hex_of(game, unit), game.map.hex(into)
        if p is not None and there.is_adjacent(here) and p.is_covered(Hexside.of(here, there)):
            raise RuleViolation(
                "G9.211",
                f"{unit.id} is beneath Panji counter {p.id}: may not Place a DC across its "
                f"Covered hexside {game.map.layout.hexside_name(Hexside.of(here, there), here)}",
            )


def dc_attack_as(
    game: Game,
    mode: DCMode,
    *,
    target_hex: str,
    target_position: str,
    attacker: Unit | None = None,
    from_hex: str | None = None,
) -> Ruling[DCMode]:
    """G9.211: how a DC attack is resolved vs a target in a panji Location.

    Vs targets beneath the Panji counter, a DC detonated (G1.424) by an unbroken Japanese unit
    above it, and a DC Placed into the Location across a Covered hexside, attack as Thrown DC.
    """
    to = game.map.hex(target_hex)
    p = game.panji_at(to)
    if p is None or target_position != BENEATH:
        return Ruling(mode, (), "")
    if mode == DCMode.DETONATED and attacker is not None and is_above(attacker):
        return Ruling(DCMode.THROWN, ("G9.211", "G1.424"), "detonated from above the Panji counter")
    if mode == DCMode.PLACED and from_hex is not None:
        frm = game.map.hex(from_hex)
        if frm.is_adjacent(to) and p.is_covered(Hexside.of(frm, to)):
            return Ruling(DCMode.THROWN, ("G9.211",), "Placed across a Covered hexside")
    return Ruling(mode, ("G9.211",), "")


def panji_seen_by_enemy(game: Game, panji: Panji) -> Ruling[tuple[str, ...]]:
    """G9.4: a hidden Panji counter entered across a Covered hexside by its owner's unit is
    revealed only if a Good Order enemy ground unit has the necessary LOS to it. The value is
    the enemy units that have it (empty: it stays hidden)."""
    from aslpto.rules.los import Location, units_with_los  # (imported when asked)

    seers = units_with_los(game, Location(panji.hex), side_not=panji.side, good_order=True)
    why = (
        f"seen by {', '.join(seers)}"
        if seers
        else "no Good Order enemy ground unit has a LOS to it"
    )
    return Ruling(seers, ("G9.4", "G9.2"), why)


def concealment_dr_barred(game: Game, unit: Unit) -> Ruling[bool]:
    """G9.53: a unit above a Panji counter may not make a concealment dr if it is in the LOS
    of an unbroken enemy ground unit."""
    if unit.position != "above-panji":
        return Ruling(False, ("G9.53",), f"{unit.id} is not above a Panji counter")
    from aslpto.rules.los import location_of, units_with_los  # (imported when asked)

    seers = units_with_los(game, location_of(game, unit), side_not=unit.side, unbroken=True)
    if seers:
        return Ruling(
            True, ("G9.53", "A12.122"), f"above a Panji counter in the LOS of {', '.join(seers)}"
        )
    return Ruling(False, ("G9.53",), "no unbroken enemy ground unit has a LOS to it")
