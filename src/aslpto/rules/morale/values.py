"""The values of the morale procedures (data/morale.toml, the checks, a unit's Situation, a
Result and its Log) and a leader's leadership (A10.2). A unit's Morale Level and immunities,
which its nationality changes, are in :mod:`aslpto.rules.morale.levels`."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import field, record, replace
from aslpto.base.rulings import InputError
from aslpto.base.unchecked import note
from aslpto.state.counters import parse_leader
from aslpto.state.units import Unit


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


class HeatOfBattle(StrEnum):
    """What a Heat of Battle Final DR makes of a unit (A15.1's table; G1.62 for the
    Japanese)."""

    HERO = "hero"  # A15.21: a hero is created, or a SMC becomes heroic
    BATTLE_HARDENING = "battle-hardening"  # A15.3
    BERSERK = "berserk"  # A15.4
    SURRENDER = "surrender"  # A15.5


@record
class Situation:
    """Facts about a unit's Location that change its check. Usually built by
    :func:`situation_in` from the units present."""

    leadership_drm: int = 0  # A10.21
    leader_morale_bonus: int = 0  # G1.41
    encircled: bool = False  # A7.7; not for Japanese (G1.62)
    pillbox: bool = False  # G1.62: Heat of Battle berserk -> Battle Hardening
    human_wave: bool = False  # A25.23 / Banzai (G1.5): +1 Morale Level, no Heat of Battle
    wave_morale: bool = False  # A25.23: the rest of the HW's Player Turn: +1 Morale Level only
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


def leader_loss_drm(leadership: int) -> int:
    """The DRM a lost leader's leadership modifier gives each LLMC/LLTC (A10.2: a negative one
    reversed; data/morale.toml ``[leader_loss] drm``)."""
    how = setting("leader_loss", "drm")
    if how == "abs":
        return abs(leadership)
    if how == "negative-reversed":
        return max(0, -leadership)
    return -leadership


def leadership_of(leader: Unit) -> int:
    """A leader's leadership DRM from his (current) face: 9-1 -> -1."""
    return parse_leader(leader.counter)[1]


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


def with_situation(s: Situation, **changes: Any) -> Situation:
    return replace(s, **changes)
