"""The values of the morale procedures (data/morale.toml, the checks, a unit's Situation, a
Result and its Log) and a unit's Morale Level, leadership and immunities (A7, A10, A12.14,
G1.4, G1.41)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import field, record, replace
from aslpto.base.rulings import InputError, Ruling
from aslpto.base.unchecked import note
from aslpto.rules.morale.national import G1
from aslpto.state.counters import morale_of, parse_leader
from aslpto.state.units import Kind, Unit


def _data() -> dict[str, Any]:
    return bundled("morale.toml")


def rule(key: str) -> str:
    """The rule number the data file gives for a core-rule concept (``"casualty_mc"``)."""
    try:
        r = str(_data()["rules"][key]["rule"])
        note("morale.toml", "rules", key)
        return r
    except KeyError:
        raise InputError(f"data/morale.toml has no rule {key!r}") from None


def setting(section: str, key: str) -> Any:
    """A value of data/morale.toml (noted when it is marked unchecked)."""
    note("morale.toml", section, key)
    return _data()[section][key]


class Check(StrEnum):
    """Kinds of check.

    ``mc`` is a MC caused by an attack (IFT, Collateral Attack, Bombardment, FPF: the G1.12
    list); ``nmc`` a Normal MC from any other cause (WP, OVR Prevention, ...; G1.13).
    """

    MC = "mc"
    NMC = "nmc"
    PANJI = "panji-mc"
    PTC = "ptc"
    LLMC = "llmc"
    LLTC = "lltc"
    NTC = "ntc"

    @property
    def is_mc(self) -> bool:
        return self in (Check.MC, Check.NMC, Check.PANJI, Check.LLMC)


@record
class Situation:
    """Facts about a unit's Location that change its check. Usually built by
    :func:`situation_in` from the units present."""

    leadership_drm: int = 0  # A10.21
    leader_morale_bonus: int = 0  # G1.41
    encircled: bool = False  # A7.7; not for Japanese (G1.62)
    pillbox: bool = False  # G1.62: Heat of Battle berserk -> Battle Hardening
    human_wave: bool = False  # A25.23 / Banzai (G1.5): +1 Morale Level, no Heat of Battle
    no_quarter: bool = False  # A20.3 / G1.621: Surrender treated as berserk
    known_enemy_in_los: bool = True  # A15.44: without, berserk -> Battle Hardening
    heat_of_battle: bool = True  # resolve the HoB DR (else only report it)
    heat_of_battle_drm: int = 0  # other HoB DRM the caller knows of
    morale_override: int | None = None  # G9.47: "using a Morale Level of 7"
    collapsed_hut: bool = False  # G1.4 EXC (G5.5): a Collapsed Hut PTC/Pin affects Japanese SMC
    fording: bool = False  # B21.41: fording units are immune to Pin (water_conditions.fording)


PLAIN = Situation()
"""No leader, no special facts."""


@record
class Result:
    """What a procedure leaves: the units that remain (in order), the ids eliminated, what
    happened (``"J1: step-reduced"``) and the rules that decided."""

    units: tuple[Unit, ...]
    eliminated: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    def unit(self, id: str) -> Unit | None:
        for u in self.units:
            if u.id == id:
                return u
        return None


@record(frozen=False)
class Log:
    """What happened while a procedure ran: events, rules, eliminated ids."""

    events: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)

    def note(self, unit: Unit | str, event: str, *rules: str) -> None:
        uid = unit if isinstance(unit, str) else unit.id
        if event:
            self.events.append(f"{uid}: {event}")
        for r in rules:
            if r and r not in self.rules:
                self.rules.append(r)

    def result(self, units: Iterable[Unit]) -> Result:
        return Result(tuple(units), tuple(self.eliminated), tuple(self.events), tuple(self.rules))


def leadership_of(leader: Unit) -> int:
    """A leader's leadership DRM from his (current) face: 9-1 -> -1."""
    return parse_leader(leader.counter)[1]


def situation_in(unit: Unit, location: Sequence[Unit], **facts: Any) -> Situation:
    """The leadership DRM (A10.21-.22) and Japanese leader bonus (G1.41) for ``unit`` from the
    other units in its Location (or moving stack).

    The DRM is that of one available unbroken leader; a leader uses only a leader of higher
    Morale Level (A10.22). The best (lowest) DRM is taken.
    """
    drms: list[int] = []
    for other in location:
        if other.id == unit.id or other.kind != Kind.LEADER or other.broken or other.unarmed:
            continue
        if other.side != unit.side:
            continue
        if unit.kind == Kind.LEADER and morale_of(other) <= morale_of(unit):
            continue
        drms.append(leadership_of(other))
    bonus = G1.rules.leader_morale_bonus(unit, location).value
    return Situation(leadership_drm=min(drms) if drms else 0, leader_morale_bonus=bonus, **facts)


def as_leadership(leader: Unit) -> Unit:
    """A leader as another unit's check reads him (:func:`situation_in`): his status that no
    check of another unit reads - pinned, DM, berserk, CX, concealment, TI - left out, so that
    two leaders giving the same leadership and bonus are one (the stack odds compute a unit's
    fate once for both)."""
    if not (
        leader.pinned
        or leader.dm
        or leader.berserk
        or leader.cx
        or leader.concealed
        or leader.hidden
        or leader.ti
    ):
        return leader
    return leader.with_(
        pinned=False, dm=False, berserk=False, cx=False, concealed=False, hidden=False, ti=False
    )


def morale_level(unit: Unit, situation: Situation = PLAIN) -> Ruling[int]:
    """The Morale Level a check is taken against: printed (current side) + G1.41 leader bonus
    + 1 in a Human Wave/Banzai Charge unless broken (A25.23, G1.5; not a T-H Hero, G1.423)
    - 1 if Encircled (A7.7; never for Japanese, G1.62); G9.47 sets it to 7."""
    if situation.morale_override is not None:
        return Ruling(situation.morale_override, ("G9.47",), "Morale Level set by the rule")
    ml = morale_of(unit)
    rules: list[str] = []
    if situation.leader_morale_bonus:
        ml += situation.leader_morale_bonus
        rules.append("G1.41")
    if situation.human_wave and not unit.broken and unit.kind not in (Kind.TH_HERO, Kind.DC_HERO):
        # A25.23 (G1.5 Banzai): +1 for the rest of the Player Turn [EXC: if broken]; a T-H Hero
        # making his own Banzai Charge does not get it (G1.423).
        ml += int(setting("human_wave", "morale_bonus"))
        rules.append(rule("human_wave"))
        if G1.rules.is_japanese(unit):
            rules.append("G1.5")
    if situation.encircled:
        if G1.rules.is_japanese(unit):
            rules.append("G1.62")
        else:
            ml -= 1
            rules.append(rule("encircled"))
    return Ruling(ml, tuple(rules), "")


def _exceeds_elr(unit: Unit, amount: int) -> Ruling[bool]:
    """Failing by more than the ELR (A19.13 ">"; the G1 text says ">=" for the Japanese)."""
    op = setting("elr", "japanese" if G1.rules.is_japanese(unit) else "standard")
    hit = amount >= unit.elr if op == ">=" else amount > unit.elr
    rules = ("G1.12",) if G1.rules.is_japanese(unit) else (rule("replacement"),)
    return Ruling(hit, rules, f"failed by {amount} {op} ELR {unit.elr}" if hit else "")


def pin_immune(unit: Unit, situation: Situation = PLAIN) -> Ruling[bool]:
    """Units a pin result does not affect: Japanese SMC (G1.4 [EXC: Collapsed Hut]), fording
    units (B21.41), broken and berserk units."""
    if G1.rules.is_japanese(unit) and unit.kind.is_smc and not situation.collapsed_hut:
        return Ruling(True, ("G1.4",), "Japanese SMC do not Pin")
    if situation.fording:
        return Ruling(True, ("B21.41",), "fording units are immune to Pin")
    immune = setting("pin", "immune")
    if unit.broken and "broken" in immune:
        return Ruling(True, (rule("pin"),), "broken")
    if unit.berserk and "berserk" in immune:
        return Ruling(True, (rule("berserk"),), "berserk")
    return Ruling(False, (), "")


def ptc_exempt(unit: Unit, situation: Situation = PLAIN) -> Ruling[bool]:
    """Units exempt from a PTC: Japanese SMC (G1.4, including LLTC [EXC: Collapsed Hut]), units
    immune to Pin."""
    t = G1.rules.takes_ptc(unit)
    if not t.value and not situation.collapsed_hut:
        return Ruling(True, t.rules, t.why)
    return pin_immune(unit, situation)


def with_situation(s: Situation, **changes: Any) -> Situation:
    return replace(s, **changes)
