"""Rice paddies (G8) away from movement: TEM, the LOS facts that need no LOS trace, mud,
the Drained/Irrigated/In-Season effects, fires, Fortifications, breach, aerial landings, and
the Bank Counter Penalties as checks on the actions they forbid (G8.212).

The paddy movement chart (G8.2101-G8.2108) is :mod:`aslpto.rules.paddy.movement`. The G8 text is a
chart
whose paragraphs carry no numbers: they are cited by name, ``"G8 (TEM)"``; the Bank Counter
Penalties are G8.212 (the number G1.424 and the FORTIFICATIONS paragraph give them).

>>> from aslpto.rules.paddy.effects import in_season_hindrance
>>> in_season_hindrance(3).value
1
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from enum import StrEnum
from fractions import Fraction

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import Recorded
from aslpto.board.hexes import Hex, Hexside
from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.rules.panji import effects as pe
from aslpto.rules.panji.effects import Weapon
from aslpto.state.game import FortKind, Game, PaddyState
from aslpto.state.units import Kind, Transport, Unit, VehicleType

BANK = "bank"
IN = "in"
PENALTY = "G8.212"
TEM = "G8 (TEM)"
LOS = "G8 (LOS)"
MUD = "G8 (MUD)"
FIRES = "G8 (FIRES)"
FORTS = "G8 (FORTIFICATIONS)"
BREACH = "G8 (BREACH)"
AERIAL = "G8 (AERIAL)"
DRAINED = "G8 (Drained)"
IRRIGATED = "G8 (Irrigated)"
IN_SEASON = "G8 (In-Season)"
BANKS = "G8 (Banks)"


def _data() -> Mapping[str, Any]:
    return Recorded(bundled("pto_procedures.toml"), "pto_procedures.toml")


def is_paddy(game: Game, h: Hex) -> bool:
    return game.map.terrain(h) == Terrain.PADDY


def _paddy_hex(game: Game, hex_name: str) -> Hex:
    h = game.map.hex(hex_name)
    if not is_paddy(game, h):
        raise InputError(f"{hex_name} is not a paddy hex")
    return h


def state(game: Game) -> PaddyState:
    return game.conditions.paddy


def on_bank(unit: Unit) -> bool:
    return unit.position == BANK


def attack_limits_apply(game: Game, unit: Unit) -> Ruling[bool]:
    """Whether a unit's attacks are limited by the Bank Counter Penalties: above a Bank
    counter, or Infantry above a Wire/Panji counter in a paddy hex ("subject to all attack
    limitations (G8.212) as if above Bank counter"; G8 FORTIFICATIONS)."""
    if on_bank(unit):
        return Ruling(True, (PENALTY,), "above a Bank counter")
    above = unit.position == pe.ABOVE and unit.kind.is_infantry and bool(unit.hex)
    if above and is_paddy(game, game.map.hex(unit.hex)):
        return Ruling(True, (FORTS, PENALTY), "above a Panji counter in a paddy hex")
    return Ruling(False, (), "")


# ---------------------------------------------------------------------------------------------
# TEM and Open Ground
# ---------------------------------------------------------------------------------------------


def bank_tem(
    game: Game, target: Unit, *, lof_crosses_bank: bool, firer_higher: bool = False
) -> Ruling[int]:
    """G8 TEM: bank hexsides are hedges for TEM (B9.3) for a target IN the paddy whose LOF
    crosses a bank hexside of its hex [EXC: zero if the firer is at a higher elevation than the
    target, if the target is above a Bank counter, or if it is not Infantry]. Infantry above a
    Wire/Panji counter in a paddy cannot claim it (G8 FORTIFICATIONS). Never HD or Wall
    Advantage."""
    if not lof_crosses_bank:
        return Ruling(0, (TEM,), "the LOF crosses no bank hexside")
    if firer_higher:
        return Ruling(0, (TEM,), "the firer is at a higher elevation than the target")
    if on_bank(target):
        return Ruling(0, (TEM,), "the target is above a Bank counter")
    if not target.kind.is_infantry:
        return Ruling(0, (TEM,), "the target is not Infantry")
    if target.position == pe.ABOVE:
        return Ruling(0, (FORTS,), "Infantry above a Wire/Panji counter cannot claim it")
    hedge = _data()["hedge"]
    return Ruling(int(hedge["tem"]), (TEM, str(hedge["rule"])), "bank hexside as a hedge")


def hd_or_wall_advantage() -> Ruling[bool]:
    """G8 TEM: bank hexsides cannot confer HD or Wall Advantage status."""
    return Ruling(False, (TEM,), "banks confer neither HD nor Wall Advantage")


def open_ground(game: Game, unit: Unit, *, bank_tem: int) -> Ruling[bool]:
    """G8 TEM: a Bank counter is always Open Ground; the interior is Open Ground if its
    bank-hexside TEM is zero [EXC: grain if In-Season]. Infantry above a Wire/Panji counter
    cannot claim the paddy's non-Open Ground status (G8 FORTIFICATIONS)."""
    if on_bank(unit):
        return Ruling(True, (TEM,), "a Bank counter is always Open Ground")
    if unit.position == pe.ABOVE and unit.kind.is_infantry:
        return Ruling(True, (FORTS,), "above a Wire/Panji counter: no non-Open Ground status")
    if state(game) == PaddyState.IN_SEASON:
        return Ruling(False, (TEM, IN_SEASON), "the In-Season interior is grain")
    if bank_tem == 0:
        return Ruling(True, (TEM,), "bank-hexside TEM is zero")
    return Ruling(False, (TEM,), "cover of the banks")


def afv_tem_claimable(unit: Unit) -> Ruling[bool]:
    """G8.212: a unit above a Bank counter cannot claim the TEM of an AFV/wreck IN that hex."""
    if on_bank(unit):
        return Ruling(False, (PENALTY,), "above a Bank counter")
    return Ruling(True, (), "")


# ---------------------------------------------------------------------------------------------
# LOS facts that need no LOS trace
# ---------------------------------------------------------------------------------------------


def bank_is_hedge_for_los(unit: Unit) -> Ruling[bool]:
    """G8 LOS: Entrenched Infantry treat bank hexsides as hedges for LOS purposes."""
    if unit.entrenched and unit.kind.is_infantry:
        return Ruling(True, (LOS,), "Entrenched Infantry")
    return Ruling(False, (LOS,), "")


def los_point(unit: Unit) -> Ruling[str]:
    """G8 LOS: LOS to/from a unit on a Bank counter is drawn to/from the hex's center dot."""
    if on_bank(unit):
        return Ruling("center-dot", (LOS,), "on a Bank counter")
    return Ruling("normal", (), "")


def vehicle_hindrance_retained() -> Ruling[bool]:
    """G8 LOS: an AFV/wreck IN a paddy retains its normal Hindrance effects."""
    return Ruling(True, (LOS,), "")


def in_season_hindrance(hexes: int) -> Ruling[int]:
    """G8 LOS: an In-Season paddy's +1 per hex grain Hindrance is halved (FRD); the grain is
    Inherent Terrain. The LOS engine applies it where the thread crosses In-Season paddies."""
    from aslpto.rules import los as los_engine  # (imported when asked: a move needs no LOS)

    return los_engine.in_season_hindrance(hexes)


# ---------------------------------------------------------------------------------------------
# MUD, Irrigated, In-Season
# ---------------------------------------------------------------------------------------------


def mud(game: Game, hex_name: str, position: str) -> Ruling[bool]:
    """G8 MUD: Irrigated paddies are mud only IN the hex unless EC are Mud; with Mud EC, mud
    rules apply in and IN every paddy hex, even In-Season."""
    _paddy_hex(game, hex_name)
    if game.conditions.mud:
        return Ruling(True, (MUD,), "EC are Mud: in and IN every paddy hex")
    if state(game) == PaddyState.IRRIGATED and position != BANK:
        return Ruling(True, (MUD, IRRIGATED), "Irrigated: mud IN the hex")
    return Ruling(False, (MUD,), "")


def mud_tem(game: Game, hex_name: str, position: str) -> Ruling[int]:
    """G8 MUD: when mud is in effect, its +1 TEM applies in and IN those hexes."""
    if mud(game, hex_name, position).value:
        m = _data()["mud"]
        return Ruling(int(m["tem"]), (MUD, str(m["rule"])), "mud")
    return Ruling(0, (MUD,), "")


def bog_drm(game: Game, hex_name: str, position: str = IN) -> Ruling[int]:
    """G8 Irrigated: the interior is Mud and Bog Terrain: +1 Mud DRM, +2 Irrigated Paddy DRM."""
    m = _data()["mud"]
    drm, rules = 0, []
    if mud(game, hex_name, position).value:
        drm += int(m["bog_drm"])
        rules.append(MUD)
    if state(game) == PaddyState.IRRIGATED and position != BANK:
        drm += int(m["irrigated_bog_drm"])
        rules.append(IRRIGATED)
    return Ruling(drm, tuple(rules), "")


class HEKind(StrEnum):
    """Attacks whose FP G8 halves vs an Irrigated paddy hex, and its exceptions."""

    DC = "dc"
    ORDNANCE_HE = "ordnance-he"
    OBA_HE = "oba-he"
    HE_EQUIVALENCY = "he-equivalency"
    VEHICLE_TARGET_TYPE = "vehicle-target-type"
    SPECIFIC_COLLATERAL = "specific-collateral"
    OTHER = "other"


def he_fp(game: Game, target_hex: str, fp: int | Fraction, kind: HEKind) -> Ruling[Fraction]:
    """G8 Irrigated: the FP of every DC, ordnance/OBA HE attack vs an Irrigated paddy hex is
    halved on the IFT [EXC: HE-Equivalency, Vehicle Target Type, Specific Collateral
    Attack]."""
    h = game.map.hex(target_hex)
    value = Fraction(fp)
    if not (is_paddy(game, h) and state(game) == PaddyState.IRRIGATED):
        return Ruling(value, (), "")
    if kind in (HEKind.DC, HEKind.ORDNANCE_HE, HEKind.OBA_HE):
        return Ruling(value / 2, (IRRIGATED,), "vs an Irrigated paddy hex: halved")
    return Ruling(value, (IRRIGATED,), f"{kind.value}: not halved")


def verify_white_smoke(game: Game, hex_name: str) -> None:
    """G8 Irrigated: a white SMOKE counter may not be placed in an Irrigated paddy hex."""
    h = game.map.hex(hex_name)
    if is_paddy(game, h) and state(game) == PaddyState.IRRIGATED:
        raise RuleViolation(IRRIGATED, f"no white SMOKE in Irrigated paddy {hex_name}")


def unpossessed_equipment(
    game: Game,
    hex_name: str,
    position: str,
    *,
    in_vehicle: bool = False,
    animal_packed: bool = False,
    gun: bool = False,
) -> Ruling[str]:
    """Where unpossessed equipment ends up: ``"eliminated"``, ``"in"`` or where it was.

    G8.212: an unpossessed SW above a Bank counter is placed IN the paddy (eliminated if
    Irrigated) unless Animal-Packed (unpossessed Animal-Packed Guns also remain). G8 Irrigated:
    unpossessed equipment IN an Irrigated paddy is eliminated unless in a vehicle or
    Animal-Packed."""
    _paddy_hex(game, hex_name)
    irrigated = state(game) == PaddyState.IRRIGATED
    if in_vehicle:
        return Ruling(position, (IRRIGATED,), "in a vehicle")
    if animal_packed:
        return Ruling(position, (PENALTY,) if position == BANK else (IRRIGATED,), "Animal-Packed")
    if position == BANK:
        if irrigated:
            return Ruling("eliminated", (PENALTY, IRRIGATED), "placed IN an Irrigated paddy")
        return Ruling(IN, (PENALTY,), "placed IN the paddy")
    if irrigated:
        return Ruling("eliminated", (IRRIGATED,), "unpossessed IN an Irrigated paddy")
    return Ruling(position, (), "")


def verify_in_irrigated(
    game: Game,
    hex_name: str,
    unit: Unit,
    *,
    unhooked_gun: bool = False,
    dm: bool = False,
    animal_packed: bool = False,
) -> None:
    """G8 Irrigated: no unhooked non-vehicular Gun (unless dm/animal-packed), Galloping/
    Charging Cavalry, Pushed/Ridden motorcycle or Ridden bicycle is allowed IN the paddy."""
    h = game.map.hex(hex_name)
    if not (is_paddy(game, h) and state(game) == PaddyState.IRRIGATED):
        return
    why = not_allowed_in_irrigated(unit, unhooked_gun=unhooked_gun, dm=dm or animal_packed)
    if why:
        raise RuleViolation(IRRIGATED, f"no {why} is allowed IN Irrigated paddy {hex_name}")


def not_allowed_in_irrigated(
    unit: Unit, *, unhooked_gun: bool = False, dm: bool = False
) -> str | None:
    """G8 Irrigated: what the unit is that may not be IN an Irrigated paddy (an unhooked
    non-vehicular Gun unless ``dm``/animal-packed, Galloping/Charging Cavalry, a Pushed/Ridden
    Motorcycle, a Ridden bicycle), or None."""
    if unhooked_gun and not dm:
        return "unhooked non-vehicular Gun (unless dm/animal-packed)"
    if unit.kind == Kind.CAVALRY and unit.galloping:
        return "Galloping/Charging Cavalry"
    if unit.is_cycle_rider:
        return "Ridden Motorcycle"
    if unit.transport == Transport.PUSHING_MOTORCYCLE:
        return "Pushed Motorcycle"
    if unit.transport == Transport.RIDING_BICYCLE:
        return "Ridden bicycle"
    return None


def restricted_field_of_fire(game: Game, unit: Unit, sw_pp: int) -> Ruling[bool]:
    """G8 Irrigated: a SW of >= 3 PP IN an Irrigated paddy has a restricted field of fire
    (A9.21)."""
    h = game.map.hex(unit.hex)
    if (
        is_paddy(game, h)
        and state(game) == PaddyState.IRRIGATED
        and unit.position != BANK
        and sw_pp >= 3
    ):
        return Ruling(True, (IRRIGATED, "A9.21"), f"{sw_pp} PP SW IN an Irrigated paddy")
    return Ruling(False, (), "")


def boat_manhandling_doubled(game: Game, hex_name: str) -> Ruling[bool]:
    """G8 Irrigated: the MF cost of Manhandling a boat is not doubled as per C10.3."""
    h = game.map.hex(hex_name)
    if is_paddy(game, h) and state(game) == PaddyState.IRRIGATED:
        return Ruling(False, (IRRIGATED, "C10.3"), "Irrigated paddy: not doubled")
    return Ruling(True, ("C10.3",), "")


class Category(StrEnum):
    """What In-Season grain conceals."""

    INFANTRY = "infantry"
    DUMMY = "dummy"
    FORTIFICATION = "fortification"
    EMPLACED_GUN = "emplaced-gun"
    VEHICLE = "vehicle"
    OTHER = "other"


def concealment_terrain(game: Game, hex_name: str, category: Category) -> Ruling[bool]:
    """G8 In-Season: the interior is grain, but Concealment Terrain only for Infantry, Dummy
    stacks, Fortifications and Emplaced Guns."""
    _paddy_hex(game, hex_name)
    if state(game) != PaddyState.IN_SEASON:
        return Ruling(False, (DRAINED if state(game) == PaddyState.DRAINED else IRRIGATED,), "")
    ok = category in (
        Category.INFANTRY,
        Category.DUMMY,
        Category.FORTIFICATION,
        Category.EMPLACED_GUN,
    )
    return Ruling(ok, (IN_SEASON,), f"In-Season grain for {category.value}")


# ---------------------------------------------------------------------------------------------
# FIRES
# ---------------------------------------------------------------------------------------------


def can_burn(game: Game, hex_name: str) -> Ruling[bool]:
    """G8 FIRES: no (Terrain) Flame/Blaze in a Drained/Irrigated paddy; an In-Season paddy is
    grain for Fire purposes."""
    _paddy_hex(game, hex_name)
    if state(game) == PaddyState.IN_SEASON:
        return Ruling(True, (FIRES,), "In-Season: grain for Fire purposes")
    return Ruling(False, (FIRES,), f"{state(game).value} paddy: no Flame/Blaze")


def directly_attached(game: Game, a: str, b: str) -> Ruling[bool]:
    """G8 FIRES: In-Season paddies do not qualify for the "directly attached" DRM across a
    common bank hexside."""
    ha, hb = game.map.hex(a), game.map.hex(b)
    if not ha.is_adjacent(hb):
        return Ruling(False, (), "not adjacent")
    if game.map.is_bank(ha, hb) and (is_paddy(game, ha) or is_paddy(game, hb)):
        return Ruling(False, (FIRES,), "their common hexside is a bank hexside")
    return Ruling(True, (), "")


# ---------------------------------------------------------------------------------------------
# FORTIFICATIONS
# ---------------------------------------------------------------------------------------------


def verify_fortification(game: Game, kind: FortKind, hex_name: str, *, position: str = IN) -> None:
    """G8 FORTIFICATIONS: every type may set up IN Drained/In-Season paddy hexes; none above a
    Bank counter; only minefields/wire or panjis in Irrigated paddy hexes. Trip flares (G.8)
    and an A-T Set DC (G1.6121) are not Fortifications."""
    if not is_paddy(game, game.map.hex(hex_name)):
        return
    if kind in (FortKind.TRIP_FLARE, FortKind.AT_SET_DC):
        return
    if position == BANK:
        raise RuleViolation(FORTS, "no Fortification may be set up above a Bank counter")
    if state(game) == PaddyState.IRRIGATED and kind not in (FortKind.MINES, FortKind.WIRE):
        raise RuleViolation(
            FORTS, f"only minefields/wire or panjis may be set up in Irrigated paddy {hex_name}"
        )


def verify_panji_in_paddy(game: Game, hex_name: str, *, wire: bool) -> None:
    """G8 FORTIFICATIONS: minefields/wire OR panjis in an Irrigated paddy (not both)."""
    if is_paddy(game, game.map.hex(hex_name)) and state(game) == PaddyState.IRRIGATED and wire:
        raise RuleViolation(FORTS, f"Irrigated paddy {hex_name}: minefields/wire OR panjis")


def mines_attack(position: str) -> Ruling[bool]:
    """G8 FORTIFICATIONS: mines occupy both the interior and the banks."""
    return Ruling(position in (IN, BANK, pe.ABOVE, pe.BENEATH), (FORTS,), "mines occupy both")


def bank_counter_usable(game: Game, hex_name: str) -> Ruling[bool]:
    """G8 FORTIFICATIONS (G9.4): use of a Bank counter is NA if the hex contains Wire/Panji."""
    h = _paddy_hex(game, hex_name)
    if game.panji_at(h) is not None or game.forts_at(h, FortKind.WIRE):
        return Ruling(False, (FORTS, "G9.4"), "the hex contains Wire/Panji")
    return Ruling(True, (BANKS,), "")


def above_wire_or_panji_is_in(game: Game, unit: Unit) -> Ruling[bool]:
    """G8 FORTIFICATIONS: each unit/SW/Gun above a Wire/Panji counter in a paddy hex is IN that
    hex."""
    if unit.position == pe.ABOVE and is_paddy(game, game.map.hex(unit.hex)):
        return Ruling(True, (FORTS,), "above a Panji counter in a paddy hex: IN the hex")
    return Ruling(unit.position == IN, (), "")


def shellholes_allowed(game: Game, hex_name: str) -> Ruling[bool]:
    """G8 FORTIFICATIONS: shellholes can occur IN Drained/In-Season paddies (the IN-hex terrain
    changes; the banks are unaffected)."""
    _paddy_hex(game, hex_name)
    ok = state(game) != PaddyState.IRRIGATED
    return Ruling(ok, (FORTS,), "IN the paddy, banks unaffected" if ok else "Irrigated")


# ---------------------------------------------------------------------------------------------
# BREACH
# ---------------------------------------------------------------------------------------------


def breach_cost(printed_mp: int) -> Ruling[int]:
    """G8 BREACH: a dozer breaches a bank hexside for 1/4 (FRU) of its MP allowance."""
    return Ruling(math.ceil(Fraction(printed_mp, 4)), (BREACH,), f"1/4 of {printed_mp} MP, FRU")


def verify_breach(game: Game, dozer: Unit, hexside: str) -> Hexside:
    """G8 BREACH: a Mobile dozer may breach a bank hexside of a Drained/In-Season (only) paddy
    just like a bocage hexside (B9.54)."""
    s = game.map.layout.hexside(hexside)
    if dozer.vehicle_type != VehicleType.DOZER:
        raise RuleViolation(BREACH, f"{dozer.id} is not a dozer")
    if not dozer.mobile:
        raise RuleViolation(BREACH, f"{dozer.id} is not Mobile")
    if not game.map.is_bank(s.a, s.b):
        raise RuleViolation(BREACH, f"{hexside} is not an unbreached bank hexside")
    if state(game) == PaddyState.IRRIGATED:
        raise RuleViolation(BREACH, "only a Drained/In-Season paddy's banks may be breached")
    here = pe.hex_of(game, dozer)
    if here not in s.hexes:
        raise RuleViolation(BREACH, f"{dozer.id} is not in a hex of {hexside}")
    return s


def breach(game: Game, dozer_id: str, hexside: str, printed_mp: int) -> tuple[Game, Ruling[int]]:
    """Breach the bank: the hexside becomes breached (a Covered hexside of a Panji counter on it
    becomes non-Covered, G9.731); returns the game and the MP expended."""
    s = verify_breach(game, game.unit(dozer_id), hexside)
    feats = game.map.hexside_features(s.a, s.b) | {HexsideFeature.BREACHED}
    m = game.map.with_hexside(s, frozenset(feats), BREACH)
    out = pe.breach_uncovers(replace(game, map=m), s)
    return out, breach_cost(printed_mp)


def may_enter_via(game: Game, a: str, b: str) -> Ruling[bool]:
    """G8 BREACH: all unit types may enter INTO a Drained/In-Season paddy via a breached or
    non-bank hexside."""
    ha, hb = game.map.hex(a), game.map.hex(b)
    if state(game) == PaddyState.IRRIGATED:
        return Ruling(False, (BREACH,), "Irrigated")
    return Ruling(not game.map.is_bank(ha, hb), (BREACH,), "breached or non-bank hexside")


# ---------------------------------------------------------------------------------------------
# AERIAL
# ---------------------------------------------------------------------------------------------


def landing_position() -> Ruling[str]:
    """G8 AERIAL: parachutes/gliders land IN paddy hexes."""
    return Ruling(IN, (AERIAL,), "parachutes/gliders land IN the paddy")


def parachute_nmc(game: Game, hex_name: str, *, five_eighths: bool = True) -> Ruling[bool]:
    """G8 AERIAL: a 5/8" parachute landing IN an Irrigated paddy takes a NMC per E9.42."""
    h = game.map.hex(hex_name)
    need = five_eighths and is_paddy(game, h) and state(game) == PaddyState.IRRIGATED
    return Ruling(need, (AERIAL, "E9.42") if need else (AERIAL,), "")


def verify_paratroop_bank(*, appeared_this_aph: bool) -> None:
    """G8 AERIAL: paratroops appearing as per E9.6 may not enter onto a Bank counter in that
    same APh."""
    if appeared_this_aph:
        raise RuleViolation(AERIAL, "paratroops that appeared this APh may not enter a Bank")


def glider_crash_drm(game: Game, hex_name: str, approach_from: str) -> Ruling[int]:
    """G8 AERIAL: a glider landing IN a paddy across a bank hexside gets the +1 "hedge" Crash
    drm (E8.231)."""
    h, frm = game.map.hex(hex_name), game.map.hex(approach_from)
    if is_paddy(game, h) and frm.is_adjacent(h) and game.map.is_bank(frm, h):
        return Ruling(1, (AERIAL, "E8.231"), "lands across a bank hexside")
    return Ruling(0, (AERIAL,), "")


# ---------------------------------------------------------------------------------------------
# BANK COUNTER PENALTIES (G8.212)
# ---------------------------------------------------------------------------------------------


def _in_paddy(position: str) -> bool:
    return position in (IN, pe.ABOVE, pe.BENEATH)


def verify_recover(unit: Unit, item_position: str) -> None:
    """G8.212: may not Recover/Scrounge anything IN the paddy (and vice-versa, G8.212 last
    bullet's principle)."""
    if on_bank(unit) and _in_paddy(item_position):
        raise RuleViolation(
            PENALTY,
            f"{unit.id} is above a Bank counter: may not Recover/Scrounge anything IN the paddy",
        )


def verify_transfer(a: Unit, b: Unit) -> None:
    """G8.212: may not participate in a Transfer with a unit IN the paddy."""
    if a.hex == b.hex and {on_bank(a), on_bank(b)} == {True, False}:
        inside = b if on_bank(a) else a
        if _in_paddy(inside.position):
            raise RuleViolation(
                PENALTY, f"no Transfer between a Bank counter and {inside.id} IN the paddy"
            )


def verify_set_dc(unit: Unit) -> None:
    """G8.212: may not Set DC IN the paddy."""
    if on_bank(unit):
        raise RuleViolation(PENALTY, f"{unit.id} is above a Bank counter: may not Set a DC")


def verify_guard(guard: Unit, prisoner: Unit) -> None:
    """G8.212: may not Guard a prisoner that is IN the paddy."""
    if guard.hex == prisoner.hex and on_bank(guard) and _in_paddy(prisoner.position):
        raise RuleViolation(
            PENALTY, f"{guard.id} is above a Bank counter: may not Guard {prisoner.id} IN the paddy"
        )


class TIActivity(StrEnum):
    """Activities that make a unit voluntarily TI."""

    ENTRENCH = "entrench"
    CLEAR = "clear"
    SEARCH = "search"
    PACK = "pack"
    UNPACK = "unpack"


def verify_voluntary_ti(unit: Unit, activity: TIActivity) -> None:
    """G8.212: may not voluntarily become TI (thus may not entrench, clear, search, pack,
    unpack)."""
    if on_bank(unit):
        raise RuleViolation(
            PENALTY,
            f"{unit.id} is above a Bank counter: may not voluntarily become TI ({activity.value})",
        )


def hazardous_movement(unit: Unit) -> Ruling[bool]:
    """G8.212: Infantry above a Bank counter is subject to Hazardous Movement penalties
    (A4.62)."""
    if on_bank(unit) and unit.kind.is_infantry:
        return Ruling(True, (PENALTY, "A4.62"), "Infantry above a Bank counter")
    return Ruling(False, (), "")


def verify_gain_concealment(unit: Unit) -> None:
    """G8.212: Infantry above a Bank counter cannot gain "?"."""
    if on_bank(unit) and unit.kind.is_infantry:
        raise RuleViolation(PENALTY, f"{unit.id} is above a Bank counter: cannot gain '?'")


class ForcedBy(StrEnum):
    BROKEN = "broken"
    PINNED = "pinned"
    MELEE = "melee"
    COLUMN_DISBANDS = "column-disbands"


@record
class ForcedInto:
    """G8.212: Infantry forced INTO the hex from its Bank counter."""

    unit: Unit
    mf_expended: int  # the IN-hex COT, even beyond its remaining MF
    hazardous_movement: bool = False
    ffnam: bool = False  # still subject to FFNAM (unless pinned)
    cx: bool = False


def forced_into(unit: Unit, cause: ForcedBy, *, in_mph: bool, cot: int) -> Ruling[ForcedInto]:
    """G8.212: Infantry above a Bank counter enters INTO the hex if broken/pinned/Melee/Column
    Disbands. Forced INTO the hex by breaking/pinning in the MPh it is taken to expend the IN-hex
    COT (``cot``; even beyond its remaining MF, without becoming CX), is no longer subject to
    Hazardous Movement, but unless pinned is subject to FFNAM (printed "FFFAM")."""
    if not on_bank(unit):
        raise InputError(f"{unit.id} is not above a Bank counter")
    moved = unit.with_(
        position=IN,
        broken=unit.broken or cause == ForcedBy.BROKEN,
        pinned=unit.pinned or cause == ForcedBy.PINNED,
    )
    mph = in_mph and cause in (ForcedBy.BROKEN, ForcedBy.PINNED)
    out = ForcedInto(moved, cot if mph else 0, False, mph and cause != ForcedBy.PINNED, unit.cx)
    return Ruling(out, (PENALTY,), f"{cause.value}: enters INTO the hex")


BANK_WEAPONS = frozenset({Weapon.INHERENT, Weapon.LMG, Weapon.LATW, Weapon.FT, Weapon.DC_THROWN})


def verify_weapon(game: Game, unit: Unit, weapon: Weapon) -> None:
    """G8.212: Infantry above a Bank counter may only use Inherent FP/SW, LMG, LATW (not a 20mm
    ATR), FT and Thrown DC (also Infantry above a Wire/Panji counter in a paddy, G8
    FORTIFICATIONS)."""
    if not unit.kind.is_infantry or not attack_limits_apply(game, unit).value:
        return
    if weapon not in BANK_WEAPONS:
        raise RuleViolation(
            PENALTY,
            f"{unit.id}: above a Bank counter only Inherent FP, LMG, "
            f"LATW (not a 20mm ATR), FT and Thrown DC, not {weapon.value}",
        )


def area_fire(game: Game, unit: Unit, weapon: Weapon, *, cc: bool = False) -> Ruling[bool]:
    """G8.212: non-CC attacks by Infantry above a Bank counter are Area Fire (EXC: Thrown DC)."""
    if cc or weapon == Weapon.DC_THROWN or not unit.kind.is_infantry:
        return Ruling(False, (), "")
    if attack_limits_apply(game, unit).value:
        return Ruling(True, (PENALTY, "A7.23"), "above a Bank counter: Area Fire")
    return Ruling(False, (), "")


def ambush_drm(units: Iterable[Unit]) -> Ruling[int]:
    """G8.212: +2 drm to the Ambush dr (A11.4) of a unit above a Bank counter. Not for a unit
    above a Wire/Panji counter in a paddy: an Ambush dr is no attack, so the "attack
    limitations" of G8 FORTIFICATIONS do not bring it (G9.21 gives that unit +1)."""
    if any(on_bank(u) for u in units):
        return Ruling(2, (PENALTY, "A11.4"), "above a Bank counter")
    return Ruling(0, (), "")


def cc_attack_drm(game: Game, attackers: Iterable[Unit]) -> Ruling[int]:
    """G8.212: +1 DRM to a CC attack by a unit above a Bank counter (or Infantry above a
    Wire/Panji counter in a paddy, G8 FORTIFICATIONS); +1 per attack however many qualify."""
    for u in attackers:
        r = attack_limits_apply(game, u)
        if r.value:
            return Ruling(1, r.rules, f"{u.id} attacks {r.why}")
    return Ruling(0, (), "")


def cc_drm_against(target: Unit) -> Ruling[int]:
    """G8.212: -1 DRM to a CC attack against a unit above a Bank counter. Not against Infantry
    above a Wire/Panji counter in a paddy: a DRM to attacks vs a unit is no limitation of its
    own attacks (G8 FORTIFICATIONS); G9.21 gives that unit its -1."""
    if on_bank(target):
        return Ruling(-1, (PENALTY,), f"{target.id} is above a Bank counter")
    return Ruling(0, (), "")


def cc_position_drm(game: Game, attackers: Iterable[Unit], target: Unit) -> Ruling[int]:
    """The DRM one CC attack takes from where the units stand: G9.21 (+1 if an attacker is an
    Infantry/Cavalry unit above a Panji counter; -1 if the target is) plus G8.212 (+1 if an
    attacker is above a Bank counter, or is Infantry above a Wire/Panji counter in a paddy;
    -1 if the target is above a Bank counter).

    Each rule gives its DRM once per attack. No unit is above both counters: a Panji counter
    bars the Bank counter from its hex (G8 FORTIFICATIONS; :func:`bank_counter_usable`). Infantry
    above the Panji counter of a paddy is "subject to all attack limitations (G8.212) as if
    above Bank counter, in addition to prohibitions of Wire/Panji counter" (G8 FORTIFICATIONS):
    its CC attack takes G9.21's +1 and G8.212's +1; a CC attack vs it takes G9.21's -1 only.
    """
    attackers = list(attackers)
    parts = (
        pe.attack_drm(attackers),
        cc_attack_drm(game, attackers),
        pe.cc_drm_against(target),
        cc_drm_against(target),
    )
    drm = 0
    rules: list[str] = []
    why: list[str] = []
    for r in parts:
        if r.value:
            drm += r.value
            rules.extend(r.rules)
            why.append(f"{r.why} {r.value:+d}")
    return Ruling(drm, tuple(dict.fromkeys(rules)), "; ".join(why))


def dc_detonation_as(unit: Unit, target_position: str) -> Ruling[pe.DCMode]:
    """G8.212: unbroken Japanese Infantry above a Bank counter may detonate its DC as per
    G1.424, resolved as a Thrown DC vs any target beneath the Bank counter (IN the paddy)."""
    if not on_bank(unit):
        return Ruling(pe.DCMode.DETONATED, (), "")
    if not (unit.is_japanese and unit.kind.is_infantry and not unit.broken):
        raise RuleViolation(
            PENALTY,
            f"{unit.id}: only unbroken Japanese Infantry above a Bank "
            "counter may detonate a DC (G1.424)",
        )
    if _in_paddy(target_position):
        return Ruling(pe.DCMode.THROWN, (PENALTY, "G1.424"), "target beneath the Bank counter")
    return Ruling(pe.DCMode.DETONATED, (PENALTY, "G1.424"), "")


def verify_gallop(unit: Unit, *, from_position: str, to_position: str) -> None:
    """G8.212: Cavalry may not Gallop/Charge on or off a Bank counter."""
    if unit.kind == Kind.CAVALRY and unit.galloping and BANK in (from_position, to_position):
        raise RuleViolation(PENALTY, f"{unit.id} may not Gallop/Charge on/off a Bank counter")


def verify_mount(rider: Unit, mount_position: str) -> None:
    """G8.212: only Personnel above a Bank counter may mount a horse/cycle that is above it
    (the same principle for units IN the paddy)."""
    if (rider.position == BANK) != (mount_position == BANK):
        raise RuleViolation(
            PENALTY,
            f"{rider.id} ({rider.position}) may not mount a horse/cycle that is {mount_position}",
        )


def dismount_position(
    game: Game, rider: Unit, *, bail_out: bool = False, cycle: bool = False
) -> Ruling[str]:
    """G8.212: from a horse/cycle above a Bank counter a unit disembarks only onto the Bank
    counter [EXC: it may Bail Out INTO the hex; a surviving cycle is also placed IN the hex -
    eliminated if the paddy is Irrigated]."""
    if rider.position != BANK:
        return Ruling(rider.position, (PENALTY,), "the same principle IN the paddy")
    if not bail_out:
        return Ruling(BANK, (PENALTY,), "onto the Bank counter")
    why = "Bails Out INTO the hex"
    if cycle:
        why += (
            "; the cycle is eliminated (Irrigated)"
            if state(game) == PaddyState.IRRIGATED
            else "; the cycle is placed IN the hex"
        )
    return Ruling(IN, (PENALTY,), why)


def may_be_on_bank(unit: Unit) -> Ruling[bool]:
    """G8 Banks: only Infantry (even riding bicycles/leading horses, but not manhandling a
    Gun/boat), Cavalry and Cycle Riders may set up/enter/remain above a Bank counter."""
    if unit.kind == Kind.CAVALRY or unit.is_cycle_rider:
        return Ruling(True, (BANKS,), "")
    if unit.kind.is_infantry:
        ok = unit.transport not in (Transport.MANHANDLING_GUN, Transport.MANHANDLING_BOAT)
        return Ruling(ok, (BANKS,), "" if ok else "manhandling a Gun/boat")
    return Ruling(False, (BANKS,), f"a {unit.kind} may not be above a Bank counter")
