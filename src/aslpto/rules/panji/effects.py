"""Panjis (G9): what they do to units, attacks and items, and how they are removed.

Movement onto, beneath and off a Panji counter (G9.4-G9.6 positions and costs) is
:mod:`aslpto.rules.panji.movement`; this module resolves what those moves trigger and everything
else G9
says: LOS/TEM (G9.2), attacks and DC (G9.21, G9.211), the entry events (G9.41-G9.44, G9.411,
G9.42-G9.423), aerial landings (G9.47), Searching (G9.48), the SW/Gun/vehicle, concealment,
Fortification and prisoner restrictions (G9.52-G9.56), HIP recording and revealing (G9.11,
G9.4, G9.46) and removal (G9.7-G9.74).

Checks (Panji MC, PTC, Bail Out NMC) are :mod:`aslpto.rules.morale.checks`'s; here is who takes
which.

>>> from aslpto.rules.panji.effects import parachute_drm
>>> parachute_drm(covered=3, broken=True).value
3
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from aslpto.base.datafiles import bundled
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, Hexside
from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.rules.los.engine import Location, location_of, units_with_los
from aslpto.rules.morale import checks as morale
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.game import Game, Panji
from aslpto.state.units import Kind, Transport, Unit, VehicleType

ABOVE = "above-panji"
BENEATH = "beneath-panji"


def _data() -> dict[str, Any]:
    return bundled("pto_procedures.toml")


def _rule(table: str) -> str:
    return str(_data()[table]["rule"])


# ---------------------------------------------------------------------------------------------
# Where things are
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# G9.2 LOS & TEM
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# G9.21 ATTACKS, G9.211 DC
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# G9.11 / G9.4 / G9.46 HIP: recording and revealing
# ---------------------------------------------------------------------------------------------


def hip_record(game: Game, panji: Panji) -> str:
    """G9.11: a hidden Panji counter is recorded by its ID letter and the hexside at the
    counter's "top", the setup hex first: ``Panji C: 37DD7-DD8``."""
    if panji.top is None:
        raise InputError(f"Panji {panji.id}: its top hexside is not recorded (G9.11)")
    return f"Panji {panji.id}: {game.map.layout.hexside_name(panji.top, panji.hex)}"


def parse_hip_record(game: Game, text: str) -> tuple[str, Hex, Hexside]:
    """Read a G9.11 record back: (ID letter, setup hex, top hexside)."""
    head, sep, side = text.partition(":")
    words = head.split()
    if not sep or len(words) != 2 or words[0].lower() != "panji":
        raise InputError(f"'{text}' is not a panji record (e.g. 'Panji C: 37DD7-DD8'; G9.11)")
    top = game.map.layout.hexside(side.strip())
    setup = game.map.hex(side.strip().split("-")[0])
    return words[1], setup, top


def reveal(game: Game, pid: str, rule: str) -> Game:
    """A hidden Panji counter loses HIP: all its Covered hexsides are revealed (G9.11)."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    if not p.hidden:
        return game
    return game.with_panji(replace(p, hidden=False), pid)


def revealed_by_entry(
    game: Game, panji: Panji, entering: Unit, from_hex: str, *, enemy_los: bool | None = None
) -> Ruling[bool]:
    """Does a ground unit entering this hidden panji Location reveal it?

    G9.4: entry across a Covered hexside by a unit of the owning side reveals it only if a
    Good Order enemy ground unit has the necessary LOS to it (``enemy_los``; traced on the map
    by :func:`panji_seen_by_enemy` when not given). An enemy non-Dummy
    ground unit
    entering a hidden Fortification's Location reveals it (E1.16)."""
    if not panji.hidden:
        return Ruling(False, (), "not hidden")
    frm = game.map.hex(from_hex)
    if not frm.is_adjacent(panji.hex):
        raise InputError(
            f"{from_hex} is not adjacent to panji {panji.id}'s hex {game.map.name(panji.hex)}"
        )
    covered = panji.is_covered(Hexside.of(frm, panji.hex))
    if entering.side == panji.side:
        if not covered:
            return Ruling(False, ("G9.45",), "owner's unit crossing a non-Covered hexside")
        if enemy_los is None:
            seen = panji_seen_by_enemy(game, panji)
            return Ruling(bool(seen.value), ("G9.4",), seen.why)
        return Ruling(
            enemy_los,
            ("G9.4",),
            "a Good Order enemy ground unit has LOS"
            if enemy_los
            else "no Good Order enemy ground unit has LOS",
        )
    return Ruling(True, ("E1.16", "G9.4"), "an enemy ground unit enters its Location")


def revealed_by_bypass() -> Ruling[bool]:
    """G9.46: a hidden Panji counter that blocks a Bypass move is revealed immediately."""
    return Ruling(True, ("G9.46",), "blocks a Bypass move")


# ---------------------------------------------------------------------------------------------
# G9.41-G9.44, G9.411, G9.42-G9.423: entry across a Covered hexside
# ---------------------------------------------------------------------------------------------


class Effect(StrEnum):
    """What entering a panji Location does to one unit (or the item it moves)."""

    NONE = "none"
    PANJI_MC = "panji-mc"  # G9.41
    STACK_PANJI_MC = "stack-panji-mc"  # G9.43: random selection, then PTC for the others
    BAIL_OUT = "bail-out"  # G9.42/G9.422: transport eliminated, Bail Out NMC, then Panji MC
    ITEM_ELIMINATED = "item-eliminated"  # G9.411 manhandled item, G9.421 towed Gun
    IMMOBILIZED = "immobilized"  # G9.42
    ELIMINATED = "eliminated"
    COLUMN_DISBANDS = "column-disbands"  # G9.44
    COLUMN_MAY_DISBAND = "column-may-disband"  # G9.44, E11.53


class Crossing(StrEnum):
    """The kind of hexside crossed, for G9.43."""

    OTHER = "other"
    ROAD = "road"
    PATH = "path"
    DEPRESSION = "depression"
    TB = "tb"


@dataclass(frozen=True)
class PanjiEntry:
    """A unit or stack entering a panji Location, as the move reports it.

    ``units`` move together (a stack); ``crossing`` is found from the map for roads and paths
    and must be given for a Depression or TB hexside. ``towing`` pairs a vehicle with the Gun
    it tows; ``horse_mf`` is what a ridden horse expended to enter (COT included).
    """

    units: tuple[str, ...]
    from_hex: str
    to_hex: str
    phase: str = "mph"  # mph | aph | rtph
    assault: bool = False
    armored_assault: bool = False  # D9.31
    low_crawl: bool = False
    normal_advance: bool = False  # an APh advance not vs Difficult Terrain
    forced_back: bool = False  # A12.15
    trench: bool = False  # within a trench or subterranean passage (G9.45)
    human_wave: bool = False  # Human Wave or Banzai Charge
    aerial: bool = False
    crossing: Crossing | None = None
    dummy: bool = False
    column: bool = False
    horse_mf: int | None = None
    towing: tuple[tuple[str, str], ...] = ()
    prisoners: tuple[str, ...] = ()

    @property
    def routing(self) -> bool:
        return self.phase == "rtph"


@dataclass(frozen=True)
class UnitEffect:
    unit: str
    effects: tuple[Effect, ...]
    rules: tuple[str, ...]
    why: str = ""


@dataclass(frozen=True)
class EntryEffects:
    """What an entry triggers before Defensive First Fire (G9.41).

    ``position`` is where the units are placed; ``stack`` lists the units of a G9.43 stack (one
    of them, selected at random, takes the Panji MC, the others a PTC); ``individual`` the
    Infantry that take their own Panji MC; ``bail_out`` those that Bail Out first."""

    covered: bool
    position: str
    units: tuple[UnitEffect, ...]
    stack: tuple[str, ...] = ()
    individual: tuple[str, ...] = ()
    bail_out: tuple[str, ...] = ()
    column: Effect | None = None
    rules: tuple[str, ...] = ()

    def of(self, uid: str) -> UnitEffect:
        for e in self.units:
            if e.unit == uid:
                return e
        raise InputError(f"unit {uid} is not part of this entry")


_MANHANDLING = frozenset(
    {Transport.MANHANDLING_GUN, Transport.MANHANDLING_BOAT, Transport.PUSHING_MOTORCYCLE}
)


def _crossing(game: Game, entry: PanjiEntry) -> Crossing:
    if entry.crossing is not None:
        return entry.crossing
    fs = game.map.hexside_features(game.map.hex(entry.from_hex), game.map.hex(entry.to_hex))
    if HexsideFeature.ROAD in fs:
        return Crossing.ROAD
    if HexsideFeature.PATH in fs:
        return Crossing.PATH
    return Crossing.OTHER


def _mc_exemption(entry: PanjiEntry) -> str:
    if entry.assault:
        return "using Assault Movement"
    if entry.armored_assault:
        return "using Armored Assault (D9.31)"
    if entry.low_crawl:
        return "using Low Crawl"
    if entry.normal_advance:
        return "making a normal advance"
    if entry.forced_back:
        return "forced back out as per A12.15"
    return ""


def verify_gallop(game: Game, unit: Unit, to_hex: str) -> None:
    """G9.422: Cavalry may Gallop/Charge neither onto nor off of a non-hidden Panji counter."""
    if unit.kind != Kind.CAVALRY or not unit.galloping:
        return
    here = panji_of(game, unit)
    if is_above(unit) and here is not None and not here.hidden:
        raise RuleViolation("G9.422", f"{unit.id} may not Gallop/Charge off of Panji {here.id}")
    frm, to = hex_of(game, unit), game.map.hex(to_hex)
    there = game.panji_at(to)
    if there is not None and not there.hidden and there.is_covered(Hexside.of(frm, to)):
        raise RuleViolation("G9.422", f"{unit.id} may not Gallop/Charge onto Panji {there.id}")


def entry_effects(game: Game, entry: PanjiEntry) -> Ruling[EntryEffects]:
    """What entering a panji Location does to each entering unit (G9.4-G9.45).

    Crossing a non-Covered hexside, or a Covered one within a trench or subterranean passage,
    places the units beneath the counter with no effect (G9.45). Across a Covered hexside the
    units are placed above it and: Infantry take a Panji MC (G9.41) unless exempt, a stack
    crossing a road/path/Depression/TB hexside instead has one random unit take it and the
    others a PTC (G9.43); a manhandled item is eliminated (G9.411); vehicles other than
    full-tracked AFV/dozers are immobilized and lose a towed Gun (G9.42, G9.421); a Ridden
    motorcycle, bicycle or horse is eliminated and its riders Bail Out (G9.42, G9.422) and are
    then treated as entering Infantry (G9.423); a Column may Disband (G9.44).
    """
    to = game.map.hex(entry.to_hex)
    frm = game.map.hex(entry.from_hex)
    p = game.panji_at(to)
    if p is None:
        raise InputError(f"{entry.to_hex} holds no Panji counter")
    if not frm.is_adjacent(to):
        raise InputError(f"{entry.from_hex} is not adjacent to {entry.to_hex}")
    units = [game.unit(uid) for uid in entry.units]
    if entry.dummy:
        return Ruling(
            EntryEffects(
                False,
                BENEATH,
                tuple(
                    UnitEffect(u.id, (Effect.NONE,), ("G9.4",), "a Dummy stack (A12.11)")
                    for u in units
                ),
            ),
            ("G9.4", "A12.11"),
            "Dummies are unaffected",
        )
    covered = p.is_covered(Hexside.of(frm, to))
    if not covered or entry.trench:
        why = "within a trench/subterranean passage" if covered else "non-Covered hexside"
        effs = tuple(UnitEffect(u.id, (Effect.NONE,), ("G9.45",), why) for u in units)
        return Ruling(EntryEffects(False, BENEATH, effs, rules=("G9.45",)), ("G9.45",), why)

    exempt = _mc_exemption(entry)
    manhandled = any(u.transport in _MANHANDLING for u in units)
    out: list[UnitEffect] = []
    mc_units: list[str] = []
    bail: list[str] = []
    immobilized: set[str] = set()
    rules: list[str] = ["G9.4"]

    def bail_out(u: Unit, rule: str, why: str) -> None:
        """The ridden item is eliminated and its riders Bail Out (G9.423 then applies)."""
        bail.append(u.id)
        effects = (Effect.ITEM_ELIMINATED, Effect.BAIL_OUT)
        out.append(UnitEffect(u.id, effects, (rule, "G9.423"), why))

    for u in units:
        if u.kind == Kind.VEHICLE:
            if u.vehicle_type == VehicleType.MOTORCYCLE:
                out.append(
                    UnitEffect(
                        u.id, (Effect.ELIMINATED,), ("G9.42",), "a Ridden motorcycle is eliminated"
                    )
                )
            elif _is_full_tracked_afv_or_dozer(u):
                out.append(UnitEffect(u.id, (Effect.NONE,), ("G9.42",), "full-tracked AFV/dozer"))
            else:
                immobilized.add(u.id)
                out.append(UnitEffect(u.id, (Effect.IMMOBILIZED,), ("G9.42",), "immobilized"))
            continue
        if u.kind == Kind.CYCLE_RIDER:
            bail_out(u, "G9.42", "Ridden motorcycle eliminated; riders Bail Out")
            continue
        if u.kind == Kind.CAVALRY:
            eleven = entry.horse_mf is not None and entry.horse_mf >= 11
            if eleven and not u.galloping:
                out.append(
                    UnitEffect(
                        u.id, (Effect.NONE,), ("G9.422",), "the horse expended eleven MF to enter"
                    )
                )
            else:
                why = "Galloping/Charging horse" if u.galloping else "ridden horse"
                bail_out(u, "G9.422", f"{why} eliminated; Bail Out")
            continue
        if u.kind in (Kind.GUN, Kind.BOAT) and manhandled and not entry.forced_back:
            out.append(
                UnitEffect(u.id, (Effect.ITEM_ELIMINATED,), ("G9.411",), "Manhandled: eliminated")
            )
            continue
        if not u.kind.is_infantry:
            out.append(UnitEffect(u.id, (Effect.NONE,), ("G9.4",), f"a {u.kind} is not affected"))
            continue
        if u.transport == Transport.RIDING_BICYCLE:
            bail_out(u, "G9.422", "ridden bicycle eliminated; Bail Out")
            continue
        effects: list[Effect] = []
        urules: list[str] = []
        whys: list[str] = []
        if u.transport in _MANHANDLING:
            if entry.forced_back:
                whys.append("forced back: the manhandled item survives")
            else:
                effects.append(Effect.ITEM_ELIMINATED)
                whys.append("the manhandled item is eliminated")
            urules.append("G9.411")
        elif u.transport in (Transport.LEADING_HORSE, Transport.PORTAGING_BICYCLE):
            whys.append("a led horse/portaged bicycle is not directly affected")
            urules.append("G9.422")
        if exempt:
            whys.append(f"no Panji MC: {exempt}")
            urules.append("G9.41")
        elif u.id in entry.prisoners:
            whys.append("a prisoner")
        else:
            mc_units.append(u.id)
            effects.append(Effect.PANJI_MC)
            urules.append("G9.41")
        out.append(
            UnitEffect(u.id, tuple(effects) or (Effect.NONE,), tuple(urules), "; ".join(whys))
        )
    # G9.421: a towed Gun is lost with its immobilized towing vehicle
    for vid, gid in entry.towing:
        if vid in immobilized:
            out.append(
                UnitEffect(
                    gid,
                    (Effect.ITEM_ELIMINATED,),
                    ("G9.421",),
                    f"towed by {vid}, immobilized by panjis",
                )
            )
    # G9.43: the stack procedure
    crossing = _crossing(game, entry)
    berserk = bool(mc_units) and all(game.unit(i).berserk for i in mc_units)
    stack: tuple[str, ...] = ()
    individual: tuple[str, ...] = tuple(mc_units)
    if (
        len(mc_units) >= 2
        and not entry.aerial
        and crossing != Crossing.OTHER
        and not (berserk or entry.human_wave or entry.routing)
    ):
        stack, individual = tuple(mc_units), ()
        out = [
            replace(
                e,
                effects=tuple(
                    Effect.STACK_PANJI_MC if x == Effect.PANJI_MC else x for x in e.effects
                ),
                rules=(*e.rules, "G9.43"),
            )
            if e.unit in stack
            else e
            for e in out
        ]
        rules.append("G9.43")
    elif len(mc_units) >= 2 and crossing != Crossing.OTHER and not entry.aerial:
        rules.append("G9.43")  # EXC: berserk / Human Wave / Banzai / routing: G9.41 each
    if mc_units or bail:
        rules.append("G9.41")
    if bail:
        rules.append("G9.423")
    # G9.44: a Column required to take a Panji MC
    column: Effect | None = None
    if entry.column and (mc_units or bail):
        rules.append("G9.44")
        if p.hidden or entry.forced_back:
            column = Effect.COLUMN_DISBANDS
        else:
            column = Effect.COLUMN_MAY_DISBAND
            rules.append("E11.53")
    rules += [r for e in out for r in e.rules if r not in rules]
    eff = EntryEffects(
        covered=True,
        position=ABOVE,
        units=tuple(out),
        stack=stack,
        individual=individual,
        bail_out=tuple(bail),
        column=column,
        rules=tuple(dict.fromkeys(rules)),
    )
    return Ruling(eff, eff.rules, "entered across a Covered hexside")


@dataclass(frozen=True)
class EntryOutcome:
    """The units after the entry's checks: the morale result of every Panji MC, PTC and Bail
    Out NMC, plus vehicles immobilized and items eliminated."""

    result: morale.Result
    selected: str | None = None  # G9.43 random selection
    immobilized: tuple[str, ...] = ()
    items_eliminated: tuple[str, ...] = ()  # units (or Guns) whose item is lost
    column: Effect | None = None


_Parts = tuple[morale.Result, ...]


def _combine(parts: Sequence[morale.Result]) -> morale.Result:
    units: list[Unit] = []
    elim: list[str] = []
    events: list[str] = []
    rules: list[str] = []
    for r in parts:
        units.extend(r.units)
        elim.extend(r.eliminated)
        events.extend(r.events)
        rules.extend(x for x in r.rules if x not in rules)
    return morale.Result(tuple(units), tuple(elim), tuple(events), tuple(rules))


def _bail_out_unit(u: Unit) -> Unit:
    """A rider who Bails Out is an Infantry unit on foot."""
    if u.kind in (Kind.CAVALRY, Kind.CYCLE_RIDER):
        return u.with_(kind=Kind.SQUAD, transport=Transport.NONE, galloping=False)
    return u.with_(transport=Transport.NONE)


def _placed(u: Unit, position: str, hex_name: str) -> Unit:
    return u.with_(position=position, hex=hex_name)


def _entry_parts(
    game: Game, entry: PanjiEntry, eff: EntryEffects
) -> tuple[list[Unit], list[Unit], list[Unit], list[Unit]]:
    """(stack units, individual Infantry, riders who Bail Out, units with no check)."""
    pos, to = eff.position, entry.to_hex
    stack = [_placed(game.unit(i), pos, to) for i in eff.stack]
    individual = [_placed(game.unit(i), pos, to) for i in eff.individual]
    bail = [_placed(_bail_out_unit(game.unit(i)), pos, to) for i in eff.bail_out]
    checked = set(eff.stack) | set(eff.individual) | set(eff.bail_out)
    others: list[Unit] = []
    for uid in entry.units:
        if uid in checked:
            continue
        u = game.unit(uid)
        e = eff.of(uid)
        if Effect.ELIMINATED in e.effects:
            continue
        if Effect.IMMOBILIZED in e.effects:
            u = u.with_(mobile=False)
        others.append(_placed(u, pos, to))
    return stack, individual, bail, others


def _bail_out_check(u: Unit, dice: Dice) -> morale.Result:
    """Bail Out NMC (D5.4), then - if it survives - the Panji MC of entering Infantry (G9.423)."""
    first = morale.resolve_check(u, morale.Check.NMC, dice)
    after = first.unit(u.id)
    if after is None:
        return first
    second = morale.resolve_check(after, morale.Check.PANJI, dice)
    return morale.Result(
        second.units,
        first.eliminated + second.eliminated,
        first.events + second.events,
        tuple(dict.fromkeys(first.rules + second.rules + ("G9.423",))),
    )


def _finish_entry(
    eff: EntryEffects, parts: Sequence[morale.Result], selected: str | None
) -> EntryOutcome:
    items = tuple(e.unit for e in eff.units if Effect.ITEM_ELIMINATED in e.effects)
    elim = tuple(e.unit for e in eff.units if e.effects == (Effect.ELIMINATED,))
    res = _combine(parts)
    if elim:
        res = replace(res, eliminated=res.eliminated + elim)
    imm = tuple(e.unit for e in eff.units if Effect.IMMOBILIZED in e.effects)
    return EntryOutcome(res, selected, imm, items, eff.column)


def resolve_entry(game: Game, entry: PanjiEntry, dice: Dice) -> EntryOutcome:
    """Roll everything an entry across a Covered hexside triggers (before Defensive First
    Fire, G9.41): the G9.43 random selection, Panji MC, PTC, Bail Out NMC."""
    eff = entry_effects(game, entry).value
    stack, individual, bail, others = _entry_parts(game, entry, eff)
    parts: list[morale.Result] = [morale.Result(tuple(others))]
    selected: str | None = None
    if stack:
        r = morale.resolve_panji_stack(stack, dice, berserk=False)
        selected = _selected(r)
        parts.append(r)
    if individual:
        parts.append(
            # A25.23: +1 Morale Level in a Human Wave/Banzai Charge
            morale.resolve_location(
                individual, morale.Check.PANJI, dice, leader_loss=False, human_wave=entry.human_wave
            )
        )
    for u in bail:
        parts.append(_bail_out_check(u, dice))
    return _finish_entry(eff, parts, selected)


def _selected(r: morale.Result) -> str | None:
    for e in r.events:
        if e.endswith(": selected at random"):
            return e.split(":", 1)[0]
    return None


def _append(piece: Distribution[morale.Result]) -> Callable[[_Parts], Distribution[_Parts]]:
    def step(acc: _Parts) -> Distribution[_Parts]:
        return piece.map(lambda r: (*acc, r))

    return step


def _bail_out_odds(u: Unit) -> Distribution[morale.Result]:
    return odds(lambda d: _bail_out_check(u, d))


def entry_odds(game: Game, entry: PanjiEntry) -> Distribution[EntryOutcome]:
    """Exact distribution of :func:`resolve_entry` (each part's distribution bound in turn)."""
    eff = entry_effects(game, entry).value
    stack, individual, bail, others = _entry_parts(game, entry, eff)
    dist: Distribution[_Parts] = Distribution.certain((morale.Result(tuple(others)),))
    pieces: list[Distribution[morale.Result]] = []
    if stack:
        pieces.append(morale.odds_panji_stack(stack, berserk=False))
    if individual:
        pieces.append(
            morale.odds_location(
                individual, morale.Check.PANJI, leader_loss=False, human_wave=entry.human_wave
            )
        )
    pieces.extend(_bail_out_odds(u) for u in bail)
    for piece in pieces:
        dist = dist.bind(_append(piece))
    return dist.map(lambda parts: _finish_entry(eff, parts, _selected(_combine(parts))))


def apply_entry(game: Game, outcome: EntryOutcome) -> Game:
    """The game after an entry outcome: units placed and changed, eliminated ones removed."""
    units = dict(game.units)
    for u in outcome.result.units:
        units[u.id] = u
    for uid in (*outcome.result.eliminated, *_eliminated_items(game, outcome)):
        units.pop(uid, None)
    return replace(game, units=units)


def _eliminated_items(game: Game, outcome: EntryOutcome) -> tuple[str, ...]:
    """Guns and boats (units of their own) lost by G9.411/G9.421."""
    kinds = (Kind.GUN, Kind.BOAT)
    return tuple(
        i for i in outcome.items_eliminated if i in game.units and game.units[i].kind in kinds
    )


# ---------------------------------------------------------------------------------------------
# G9.423 / G9.51 PRC
# ---------------------------------------------------------------------------------------------


def prc_disembark_position(transport_position: str) -> Ruling[str]:
    """G9.423: PRC disembarking from transport above a Panji counter do so onto it (then Bail
    Out NMC, if any, and the Panji MC of entering Infantry); G9.51: beneath, to beneath."""
    if transport_position == ABOVE:
        return Ruling(
            ABOVE,
            ("G9.423",),
            "onto the Panji counter; then treated as entering "
            "Infantry (G9.41), each unit individually",
        )
    if transport_position == BENEATH:
        return Ruling(BENEATH, ("G9.51",), "")
    return Ruling(transport_position, (), "")


def verify_embark(unit: Unit, transport: Unit) -> None:
    """G9.51: an Infantry unit in a panji Location can become PRC only if it and its transport
    are both above or both beneath the Panji counter."""
    if unit.hex != transport.hex:
        return
    positions = {unit.position, transport.position}
    if positions & {ABOVE, BENEATH} and len(positions) > 1:
        raise RuleViolation(
            "G9.51",
            f"{unit.id} ({unit.position}) may not become PRC on {transport.id} "
            f"({transport.position})",
        )


def resolve_prc_disembark(units: Sequence[Unit], dice: Dice, *, bail_out: bool) -> morale.Result:
    """G9.423: PRC disembarking above a Panji counter: each (after its Bail Out NMC, if
    ``bail_out``) takes the Panji MC of entering Infantry, even if they disembarked as a
    stack."""
    parts: list[morale.Result] = []
    for u in units:
        u = u.with_(position=ABOVE)
        if bail_out:
            parts.append(_bail_out_check(u, dice))
        else:
            r = morale.resolve_check(u, morale.Check.PANJI, dice)
            parts.append(replace(r, rules=(*r.rules, "G9.423")))
    return _combine(parts)


def prc_disembark_odds(units: Sequence[Unit], *, bail_out: bool) -> Distribution[morale.Result]:
    """Exact distribution of :func:`resolve_prc_disembark`."""
    return odds(lambda d: resolve_prc_disembark(units, d, bail_out=bail_out))


# ---------------------------------------------------------------------------------------------
# G9.47 AERIAL
# ---------------------------------------------------------------------------------------------


def parachute_drm(*, covered: int, broken: bool = False, half_inch: bool = False) -> Ruling[int]:
    """G9.47: +1 if the landing unit is broken, + half (FRU) the Panji counter's Covered
    hexsides; a 1/2" parachute automatically receives both."""
    half = math.ceil(covered / 2)
    drm = half + (1 if (broken or half_inch) else 0)
    return Ruling(
        drm,
        ("G9.47",),
        f"+{half} for {covered} Covered hexsides" + (" +1 broken" if (broken or half_inch) else ""),
    )


def parachute_position(final_dr: int) -> Ruling[str]:
    """G9.47: a Final dr < 6 places the parachute (unit) beneath the Panji counter; otherwise
    above it, where it takes a Panji MC."""
    if final_dr < 6:
        return Ruling(BENEATH, ("G9.47",), f"Final dr {final_dr} < 6")
    return Ruling(ABOVE, ("G9.47",), f"Final dr {final_dr} >= 6: above, Panji MC (ML 7)")


@dataclass(frozen=True)
class LandingOutcome:
    """Where each revealed unit ends up, and the Panji MC result of those above."""

    dr: int
    positions: tuple[tuple[str, str], ...]
    result: morale.Result
    revealed: bool = False  # a hidden Panji counter is revealed at this time


def resolve_parachute(
    game: Game, hex_name: str, units: Sequence[Unit], dice: Dice, *, half_inch: bool = False
) -> LandingOutcome:
    """G9.47: after the Landing MC/TC (E9.42) one dr for the parachute (or for the Personnel
    revealed in this panji Location by downwind scatter), the drm applied to each unit; those
    placed above take one Panji MC together (one DR) using a Morale Level of 7. The Panji
    counter, if hidden, is revealed (:func:`reveal`)."""
    p = game.panji_at(game.map.hex(hex_name))
    if p is None:
        raise InputError(f"{hex_name} holds no Panji counter")
    dr = dice.dr()
    positions: list[tuple[str, str]] = []
    above: list[Unit] = []
    beneath: list[Unit] = []
    for u in units:
        drm = parachute_drm(covered=len(p.covered), broken=u.broken, half_inch=half_inch).value
        pos = parachute_position(dr + drm).value
        positions.append((u.id, pos))
        (above if pos == ABOVE else beneath).append(u.with_(position=pos, hex=hex_name))
    parts = [morale.Result(tuple(beneath), rules=("G9.47",))]
    if above:
        parts.append(morale.resolve_aerial_panji(above, dice))
    return LandingOutcome(dr, tuple(positions), _combine(parts), revealed=p.hidden)


def parachute_odds(
    game: Game, hex_name: str, units: Sequence[Unit], *, half_inch: bool = False
) -> Distribution[LandingOutcome]:
    return odds(lambda d: resolve_parachute(game, hex_name, units, d, half_inch=half_inch))


def glider_landing_position() -> Ruling[str]:
    """G9.47: a glider that survives landing in a panji Location is placed beneath the Panji
    counter; its occupants disembark beneath it (G9.51)."""
    return Ruling(BENEATH, ("G9.47", "G9.51"), "beneath the Panji counter")


def glider_crash_drm(game: Game, hex_name: str, approach_from: str) -> Ruling[int]:
    """G9.47: +1 to the glider's Crash dr (E8.23) if it lands across (by its Avenue of
    Approach) a Covered hexside of the Panji counter; it is placed beneath the counter."""
    to = game.map.hex(hex_name)
    p = game.panji_at(to)
    frm = game.map.hex(approach_from)
    if p is not None and frm.is_adjacent(to) and p.is_covered(Hexside.of(frm, to)):
        return Ruling(1, ("G9.47", "E8.23"), "lands across a Covered hexside")
    return Ruling(0, ("G9.47",), "")


# ---------------------------------------------------------------------------------------------
# G9.48 SEARCHING
# ---------------------------------------------------------------------------------------------


def verify_search(unit: Unit) -> None:
    """G9.48: a unit above a Panji counter may not Search."""
    if is_above(unit):
        raise RuleViolation("G9.48", f"{unit.id} is above a Panji counter and may not Search")


def search_across_covered(game: Game, searcher_hex: str, searched_hex: str) -> Ruling[bool]:
    """G9.48: Searching an adjacent Location "across" a Covered hexside common to both."""
    a, b = game.map.hex(searcher_hex), game.map.hex(searched_hex)
    if not a.is_adjacent(b):
        return Ruling(False, ("G9.48",), "not adjacent")
    p = covered_between(game, a, b)
    if p is None:
        return Ruling(False, ("G9.48",), "no Covered hexside between them")
    return Ruling(True, ("G9.48",), f"Covered hexside of Panji counter {p.id}")


def search_casualty(
    game: Game, searcher_hex: str, searched_hex: str, original_dr: int
) -> Ruling[bool]:
    """G9.48 with A12.154: does a Search across a Covered hexside cost the Searcher Casualty
    Reduction? (The Original Search dr decides; data/pto_procedures.toml.)"""
    across = search_across_covered(game, searcher_hex, searched_hex)
    if not across.value:
        return Ruling(False, across.rules, across.why)
    limit = int(_data()["search_casualties"]["original_dr_at_least"])
    hit = original_dr >= limit
    return Ruling(
        hit,
        ("G9.48", _rule("search_casualties")),
        f"Original Search dr {original_dr}" + (f" >= {limit}" if hit else ""),
    )


def resolve_search_casualty(
    game: Game, searcher_hex: str, searched_hex: str, dice: Dice
) -> Ruling[bool]:
    """Roll the Search dr and say whether it costs the Searcher Casualty Reduction."""
    return search_casualty(game, searcher_hex, searched_hex, dice.dr())


def search_casualty_odds(game: Game, searcher_hex: str, searched_hex: str) -> Distribution[bool]:
    """Exact chance of Search casualties over the Original Search dr."""
    return odds(lambda d: resolve_search_casualty(game, searcher_hex, searched_hex, d).value)


def revealed_by_search(game: Game, searched_hex: str) -> Ruling[bool]:
    """G9.48: a hidden Panji counter is revealed when its Location is Searched."""
    p = game.panji_at(game.map.hex(searched_hex))
    return Ruling(p is not None and p.hidden, ("G9.48",), "its Location is Searched")


# ---------------------------------------------------------------------------------------------
# G9.52-G9.56
# ---------------------------------------------------------------------------------------------


class ItemAction(StrEnum):
    """What Infantry (G9.52), a vehicle or a non-vehicular Gun may be asked to do."""

    RECOVER = "recover"
    TRANSFER = "transfer"
    DISMANTLE = "dismantle"
    ASSEMBLE = "assemble"  # undismantle
    REPAIR = "repair"
    MALFUNCTION = "malfunction"  # voluntarily
    DISABLE = "disable"  # voluntarily
    CHANGE_VCA = "change-vca"
    SCROUNGE = "scrounge"
    FIRE = "fire"
    PUSH = "push"
    HOOK = "hook"
    UNHOOK = "unhook"
    LIMBER = "limber"
    UNLIMBER = "unlimber"
    LOAD = "load"
    UNLOAD = "unload"
    PACK = "pack"
    UNPACK = "unpack"


_INFANTRY_ITEM = frozenset(
    {
        ItemAction.RECOVER,
        ItemAction.TRANSFER,
        ItemAction.DISMANTLE,
        ItemAction.ASSEMBLE,
        ItemAction.REPAIR,
        ItemAction.MALFUNCTION,
        ItemAction.DISABLE,
    }
)
_GUN_NEVER = frozenset(
    {
        ItemAction.FIRE,
        ItemAction.PUSH,
        ItemAction.HOOK,
        ItemAction.UNHOOK,
        ItemAction.LIMBER,
        ItemAction.UNLIMBER,
        ItemAction.PACK,
        ItemAction.UNPACK,
    }
)
_GUN_UNLESS_IN_VEHICLE = frozenset(
    {
        ItemAction.DISMANTLE,
        ItemAction.ASSEMBLE,
        ItemAction.REPAIR,
        ItemAction.MALFUNCTION,
        ItemAction.DISABLE,
    }
)


def verify_item_action(
    unit: Unit, action: ItemAction, *, dismantled: bool = False, in_vehicle: bool = False
) -> None:
    """G9.52: Infantry above a Panji counter may not Recover, Transfer, (un)dismantle, repair
    or voluntarily malfunction/disable a SW/Gun; a vehicle above one may not change its VCA and
    cannot be Scrounged; a non-vehicular Gun above one cannot be fired, Pushed, (un)hooked,
    (un)limbered, (un)loaded (unless dismantled) or (Un)Packed, nor (un)dismantled, repaired or
    voluntarily malfunctioned/disabled unless in a vehicle."""
    if not is_above(unit):
        return
    where = f"{unit.id} is above a Panji counter"
    if unit.kind.is_infantry and action in _INFANTRY_ITEM:
        raise RuleViolation("G9.52", f"{where}: may not {action} a SW/Gun")
    if unit.kind == Kind.VEHICLE and action in (ItemAction.CHANGE_VCA, ItemAction.SCROUNGE):
        what = "change its VCA" if action == ItemAction.CHANGE_VCA else "be Scrounged"
        raise RuleViolation("G9.52", f"{where}: a vehicle may not {what}")
    if unit.kind == Kind.GUN:
        if action in _GUN_NEVER or (
            action in (ItemAction.LOAD, ItemAction.UNLOAD) and not dismantled
        ):
            raise RuleViolation("G9.52", f"{where}: a non-vehicular Gun may not {action}")
        if action in _GUN_UNLESS_IN_VEHICLE and not in_vehicle:
            raise RuleViolation("G9.52", f"{where}: the Gun may not {action} unless in a vehicle")


def unpossessed_item_position(position: str) -> Ruling[str]:
    """G9.52: an item that becomes unpossessed while above a Panji counter is left above it."""
    if position == ABOVE:
        return Ruling(ABOVE, ("G9.52",), "left above the Panji counter")
    return Ruling(position, (), "")


def concealment_loss_activity(unit: Unit) -> Ruling[bool]:
    """G9.53: a unit above a Panji counter is continuously engaging in a concealment-loss
    activity (A12.141)."""
    if is_above(unit):
        return Ruling(True, ("G9.53", "A12.141"), "above a Panji counter")
    return Ruling(False, (), "")


def verify_concealment_dr(
    unit: Unit, *, enemy_los: bool | None = None, game: Game | None = None
) -> None:
    """G9.53: no concealment dr (A12.122) above a Panji counter in the LOS of an unbroken enemy
    ground unit. ``enemy_los`` says whether one has that LOS; when it is not given the LOS is
    traced on ``game``'s map (:func:`concealment_dr_barred`)."""
    if not is_above(unit):
        return
    if enemy_los is None:
        if game is None:
            raise InputError("G9.53: give enemy_los, or the game to trace the LOS on")
        barred = concealment_dr_barred(game, unit)
        if barred.value:
            raise RuleViolation("G9.53", f"{unit.id}: {barred.why}: no concealment dr")
        return
    if enemy_los:
        raise RuleViolation(
            "G9.53",
            f"{unit.id} is above a Panji counter in the LOS of an unbroken enemy ground unit: "
            "no concealment dr",
        )


def fortification_position() -> Ruling[str]:
    """G9.55: all other Fortifications (and tunnel entrances/exits) in a panji Location are
    beneath the Panji counter."""
    return Ruling(BENEATH, ("G9.55",), "beneath the Panji counter")


def verify_enter_fortification(
    unit: Unit, *, via_trench: bool = False, via_subterranean: bool = False
) -> None:
    """G9.55: a Fortification in a panji Location is entered only from beneath the Panji
    counter [EXC: entering/exiting the hex via a trench; entering via a subterranean
    passage]."""
    if via_trench or via_subterranean:
        return
    if is_above(unit):
        raise RuleViolation(
            "G9.55", f"{unit.id} must first go beneath the Panji counter to enter the Fortification"
        )


def verify_entrench(unit: Unit) -> None:
    """G9.55: Infantry above a Panji counter may not make/direct an Entrenching Attempt."""
    if is_above(unit) and unit.kind.is_infantry:
        raise RuleViolation("G9.55", f"{unit.id} is above a Panji counter: may not entrench")


def verify_guard(guard: Unit, prisoner: Unit) -> None:
    """G9.56: Infantry above a Panji counter may not Guard an Unarmed unit beneath it (or
    vice-versa)."""
    if guard.hex != prisoner.hex:
        return
    pair = {guard.position, prisoner.position}
    if pair == {ABOVE, BENEATH}:
        raise RuleViolation(
            "G9.56",
            f"{guard.id} ({guard.position}) may not Guard {prisoner.id} ({prisoner.position})",
        )


# ---------------------------------------------------------------------------------------------
# G9.7 REMOVAL
# ---------------------------------------------------------------------------------------------


def remove_panji(game: Game, pid: str) -> Game:
    """G9.7: the Panji counter is eliminated; units above it are simply no longer above a Panji
    counter (no adverse effect); units beneath it likewise."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    # a unit above/beneath a Panji counter in a paddy hex is IN that hex (G8 FORTIFICATIONS)
    left = "in" if game.map.terrain(p.hex) == Terrain.PADDY else "ground"
    units = dict(game.units)
    for uid, u in game.units.items():
        if u.hex and game.map.hex(u.hex) == p.hex and u.position in (ABOVE, BENEATH):
            units[uid] = u.with_(position=left)
    return replace(game.with_panji(None, pid), units=units)


def uncover(game: Game, pid: str, hexsides: Iterable[Hexside]) -> Game:
    """Make Covered hexsides non-Covered (G9.71-G9.74); a counter left with no Covered hexside
    no longer creates any (G9.3) and is removed (G9.7)."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    gone = frozenset(hexsides)
    bad = gone - p.covered
    if bad:
        names = ", ".join(game.map.layout.hexside_name(s, p.hex) for s in sorted(bad))
        raise InputError(f"{names}: not a Covered hexside of Panji counter {pid}")
    left = p.covered - gone
    if not left:
        return remove_panji(game, pid)
    return game.with_panji(replace(p, covered=left), pid)


# G9.71 CLEARANCE ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClearanceAttempt:
    """A Clearance attempt vs one predesignated Covered hexside (G9.71), by ``units`` (the
    Infantry attempting, directing or assisting)."""

    panji: str
    hexside: str  # e.g. "37DD7-DD8"
    units: tuple[str, ...]
    drm: tuple[tuple[str, int], ...] = ()  # B24.7 DRM that apply, by name (data file)


def clearance_drm_table() -> dict[str, Any]:
    """B24.7 Clearance DRM (data/pto_procedures.toml, marked unsure)."""
    return dict(_data()["clearance"]["drm"])


def verify_clearance(game: Game, attempt: ClearanceAttempt) -> Hexside:
    """G9.71: the hexside must be a Covered hexside of that Panji counter, and no unit above a
    Panji counter may attempt, direct or assist in Clearance (path creation included)."""
    p = game.panjis.get(attempt.panji)
    if p is None:
        raise InputError(f"no Panji counter '{attempt.panji}'")
    s = game.map.layout.hexside(attempt.hexside)
    if not p.is_covered(s):
        raise RuleViolation(
            "G9.71", f"{attempt.hexside} is not a Covered hexside of Panji counter {p.id}"
        )
    if not attempt.units:
        raise InputError("a Clearance attempt needs the units making it")
    for uid in attempt.units:
        u = game.unit(uid)
        if is_above(u):
            raise RuleViolation(
                "G9.71",
                f"{uid} is above a Panji counter: may not attempt, direct or assist in Clearance",
            )
    return s


def clearance_success(final_dr: int) -> Ruling[bool]:
    """B24.7 as G9.71 uses it: success on a Final DR <= the threshold (data file)."""
    c = _data()["clearance"]
    limit = int(c["success_at_most"])
    return Ruling(
        final_dr <= limit,
        ("G9.71", str(c["rule"]), str(c["wire_rule"])),
        f"Final Clearance DR {final_dr} {'<=' if final_dr <= limit else '>'} {limit}",
    )


def resolve_clearance(game: Game, attempt: ClearanceAttempt, dice: Dice) -> Ruling[bool]:
    """Roll the Clearance DR: on success that hexside becomes non-Covered (see
    :func:`apply_clearance`)."""
    verify_clearance(game, attempt)
    drm = sum(v for _, v in attempt.drm)
    return clearance_success(dice.DR().total + drm)


def clearance_odds(game: Game, attempt: ClearanceAttempt) -> Distribution[bool]:
    return odds(lambda d: resolve_clearance(game, attempt, d).value)


def apply_clearance(game: Game, attempt: ClearanceAttempt, success: bool) -> Game:
    s = verify_clearance(game, attempt)
    return uncover(game, attempt.panji, (s,)) if success else game


# G9.72 HE/DC ----------------------------------------------------------------------------------


class HEAttack(StrEnum):
    """Attacks G9.72 distinguishes."""

    FFE = "ffe"  # OBA FFE-Concentration
    ORDNANCE_HE = "ordnance-he"
    HE_EQUIVALENCY = "he-equivalency"
    VEHICLE_TARGET_TYPE = "vehicle-target-type"
    DC_PLACED = "dc-placed"
    DC_THROWN = "dc-thrown"
    DC_SET = "dc-set"
    DC_AT_SET = "dc-at-set"  # A-T Set DC (G1.6122)


@dataclass(frozen=True)
class HEResult:
    """What an HE/DC attack does to a Panji counter."""

    eliminated: bool = False
    hexsides: int = 0  # how many Covered hexsides become non-Covered
    random: bool = False  # chosen at random (Indirect Fire) or by the attacker
    first: Hexside | None = None  # a Placed DC's own Covered hexside, changed first


def he_effect(
    game: Game,
    pid: str,
    attack: HEAttack,
    *,
    kia: int,
    shellholes: bool = False,
    indirect: bool = False,
    placed_from: str | None = None,
) -> Ruling[HEResult]:
    """G9.72: shellholes created in a panji Location eliminate the Panji counter. Otherwise an
    FFE-Concentration/ordnance HE attack (not HE-Equivalency/Vehicle Target Type) or a DC
    attack (not an A-T Set DC) whose Original IFT DR (Final, for a Set/Thrown DC) was a KIA
    turns as many Covered hexsides as that KIA number non-Covered: at random after Indirect
    Fire, otherwise chosen by the attacker, a DC Placed across a Covered hexside changing that
    hexside first. ``kia`` is the KIA number of the deciding DR on the IFT (0: no KIA)."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    if shellholes:
        return Ruling(HEResult(eliminated=True), ("G9.72",), "shellholes created")
    if attack in (HEAttack.HE_EQUIVALENCY, HEAttack.VEHICLE_TARGET_TYPE):
        return Ruling(HEResult(), ("G9.72",), f"{attack.value}: no effect on panjis")
    if attack == HEAttack.DC_AT_SET:
        return Ruling(HEResult(), ("G9.72", "G1.6122"), "an A-T Set DC: no effect on panjis")
    if kia <= 0:
        return Ruling(HEResult(), ("G9.72",), "no KIA")
    n = min(kia, len(p.covered))
    first: Hexside | None = None
    if attack == HEAttack.DC_PLACED and placed_from is not None:
        frm = game.map.hex(placed_from)
        if frm.is_adjacent(p.hex) and p.is_covered(Hexside.of(frm, p.hex)):
            first = Hexside.of(frm, p.hex)
    res = HEResult(eliminated=n == len(p.covered), hexsides=n, random=indirect, first=first)
    how = "at random (Indirect Fire)" if indirect else "chosen by the attacker"
    return Ruling(res, ("G9.72",), f"KIA {kia}: {n} Covered hexside(s) {how}")


def resolve_he(
    game: Game,
    pid: str,
    attack: HEAttack,
    dice: Dice,
    *,
    kia: int,
    shellholes: bool = False,
    indirect: bool = False,
    placed_from: str | None = None,
    chosen: Sequence[str] = (),
) -> Ruling[frozenset[Hexside]]:
    """The Covered hexsides the attack turns non-Covered (all of them if the counter is
    eliminated): random selection after Indirect Fire (``dice.choice``), else ``chosen`` (the
    attacker's hexsides, after a Placed DC's own)."""
    r = he_effect(
        game,
        pid,
        attack,
        kia=kia,
        shellholes=shellholes,
        indirect=indirect,
        placed_from=placed_from,
    )
    p = game.panjis[pid]
    res = r.value
    if res.eliminated:
        return Ruling(p.covered, r.rules, r.why)
    picked: list[Hexside] = [res.first] if res.first is not None else []
    pool = sorted(p.covered - set(picked))
    want = res.hexsides - len(picked)
    if want > 0 and res.random:
        for _ in range(want):
            picked.append(pool.pop(dice.choice(len(pool))))
    elif want > 0:
        names = [game.map.layout.hexside(c) for c in chosen]
        extra = [s for s in names if s not in p.covered]
        if extra or len(set(names)) != want or set(names) & set(picked):
            raise RuleViolation(
                "G9.72",
                f"the attacker chooses exactly {want} Covered hexside(s) of Panji {pid}"
                + (" (after the Placed DC's own)" if res.first is not None else ""),
            )
        picked.extend(names)
    return Ruling(frozenset(picked), r.rules, r.why)


def he_odds(
    game: Game,
    pid: str,
    attack: HEAttack,
    *,
    kia: int,
    indirect: bool = True,
    shellholes: bool = False,
) -> Distribution[frozenset[Hexside]]:
    """Exact distribution of the hexsides Indirect Fire uncovers."""
    return odds(
        lambda d: (
            resolve_he(
                game, pid, attack, d, kia=kia, indirect=indirect, shellholes=shellholes
            ).value
        )
    )


def apply_uncovered(game: Game, pid: str, hexsides: frozenset[Hexside]) -> Game:
    return uncover(game, pid, hexsides) if hexsides else game


# G9.73 AFV/DOZER ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AfvClear:
    """A full-tracked AFV/dozer beneath a Panji counter clearing one Covered hexside."""

    vehicle: str
    hexside: str
    printed_mp: int
    within_vca: bool = True
    phase: str = "mph"
    stopped: bool = False
    reverse: bool = False
    vbm: bool = False
    bog_hex: bool = False  # a Bog hex: a Bog Check follows the expenditure


def verify_afv_clear(game: Game, a: AfvClear) -> tuple[Panji, Hexside]:
    """G9.73: in its MPh, a Mobile full-tracked AFV/dozer beneath a Panji counter, not Stopped
    and using neither Reverse movement nor VBM, may clear a Covered hexside within its VCA."""
    v = game.unit(a.vehicle)
    if not _is_full_tracked_afv_or_dozer(v):
        raise RuleViolation("G9.73", f"{v.id} is not a full-tracked AFV/dozer")
    if not v.mobile:
        raise RuleViolation("G9.73", f"{v.id} is not Mobile")
    if a.phase != "mph":
        raise RuleViolation("G9.73", "only during its MPh")
    if not is_beneath(v):
        raise RuleViolation("G9.73", f"{v.id} must be beneath the Panji counter")
    p = panji_of(game, v)
    if p is None:
        raise RuleViolation("G9.73", f"{v.hex} holds no Panji counter")
    s = game.map.layout.hexside(a.hexside)
    if not p.is_covered(s):
        raise RuleViolation("G9.73", f"{a.hexside} is not a Covered hexside of Panji {p.id}")
    if not a.within_vca:
        raise RuleViolation("G9.73", f"{a.hexside} is not within {v.id}'s VCA")
    for flag, what in (
        (a.stopped, "Stopped"),
        (a.reverse, "using Reverse movement"),
        (a.vbm, "using VBM"),
    ):
        if flag:
            raise RuleViolation("G9.73", f"{v.id} is {what}")
    return p, s


def afv_clear_cost(printed_mp: int) -> Ruling[int]:
    """G9.73: 1/4 (FRU) of the printed MP allotment."""
    return Ruling(math.ceil(Fraction(printed_mp, 4)), ("G9.73",), f"1/4 of {printed_mp} MP, FRU")


def afv_clear(game: Game, a: AfvClear) -> Ruling[tuple[int, bool]]:
    """(MP to expend, Bog Check required). The hexside changes if the vehicle is still Mobile
    after all Defensive First Fire and Bog DR vs it (:func:`apply_afv_clear`)."""
    verify_afv_clear(game, a)
    cost = afv_clear_cost(a.printed_mp).value
    return Ruling((cost, a.bog_hex), ("G9.73",), "declare, expend, then Bog Check if required")


def apply_afv_clear(game: Game, a: AfvClear, *, still_mobile: bool) -> Game:
    p, s = verify_afv_clear(game, a)
    return uncover(game, p.id, (s,)) if still_mobile else game


# G9.731 BREACH --------------------------------------------------------------------------------


def breach_uncovers(game: Game, hexside: Hexside) -> Game:
    """G9.731: a Covered paddy hexside breached by a dozer becomes non-Covered."""
    for p in game.panjis.values():
        if p.is_covered(hexside):
            game = uncover(game, p.id, (hexside,))
    return game


# G9.74 BOMBARDMENT ----------------------------------------------------------------------------


def bombardment_failure(final_dr: int) -> Ruling[int]:
    """G9.74: a Panji counter takes the Bombardment NMC with Morale Level 8 (C1.822: it fails
    when the Final DR exceeds that); one Covered hexside becomes non-Covered for each point by
    which it fails."""
    ml = int(_data()["bombardment"]["panji_morale_level"])
    by = max(0, final_dr - ml)
    return Ruling(
        by,
        ("G9.74", _rule("bombardment")),
        f"Final DR {final_dr} vs Morale Level {ml}: " + (f"failed by {by}" if by else "passed"),
    )


def resolve_bombardment(
    game: Game, pid: str, dice: Dice, *, drm: int = 0
) -> Ruling[frozenset[Hexside]]:
    """Roll the Panji counter's Bombardment NMC; the hexsides it loses, each at random."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    r = bombardment_failure(dice.DR().total + drm)
    pool = sorted(p.covered)
    lost: list[Hexside] = []
    for _ in range(min(r.value, len(pool))):
        lost.append(pool.pop(dice.choice(len(pool))))
    return Ruling(frozenset(lost), r.rules, r.why)


def bombardment_odds(game: Game, pid: str, *, drm: int = 0) -> Distribution[frozenset[Hexside]]:
    return odds(lambda d: resolve_bombardment(game, pid, d, drm=drm).value)


def panji_seen_by_enemy(game: Game, panji: Panji) -> Ruling[tuple[str, ...]]:
    """G9.4: a hidden Panji counter entered across a Covered hexside by its owner's unit is
    revealed only if a Good Order enemy ground unit has the necessary LOS to it. The value is
    the enemy units that have it (empty: it stays hidden)."""
    seers = units_with_los(game, Location(panji.hex), side_not=panji.side, good_order=True)
    why = (f"seen by {', '.join(seers)}" if seers
           else "no Good Order enemy ground unit has a LOS to it")  # fmt: skip
    return Ruling(seers, ("G9.4", "G9.2"), why)


def concealment_dr_barred(game: Game, unit: Unit) -> Ruling[bool]:
    """G9.53: a unit above a Panji counter may not make a concealment dr if it is in the LOS
    of an unbroken enemy ground unit."""
    if unit.position != "above-panji":
        return Ruling(False, ("G9.53",), f"{unit.id} is not above a Panji counter")
    seers = units_with_los(game, location_of(game, unit), side_not=unit.side, unbroken=True)
    if seers:
        return Ruling(True, ("G9.53", "A12.122"),
                      f"above a Panji counter in the LOS of {', '.join(seers)}")  # fmt: skip
    return Ruling(False, ("G9.53",), "no unbroken enemy ground unit has a LOS to it")
