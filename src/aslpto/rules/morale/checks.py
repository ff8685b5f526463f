"""Morale Checks, Task Checks and their results, as the PTO rules use them.

Core rules (A7.302, A10, A15, A17, A19) are implemented from the published rules; the
numbers this project could not check sit in ``data/morale.toml``. Japanese results come from
:mod:`aslpto.rules.japanese.units` (G1.1-G1.41); the Panji MC is G9.31, its stack procedure G9.43
and the
Aerial Panji MC G9.47.

Every procedure is rollable (``resolve_*(..., dice)``) and exact (``odds_*`` giving a
:class:`~aslpto.state.dice.Distribution`); the Location and stack procedures compose per-unit
distributions with :meth:`Distribution.bind` instead of enumerating every leaf.

>>> from aslpto.state.counters import make
>>> from aslpto.state.dice import GivenDice
>>> from aslpto.state.units import Strength
>>> sq = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
>>> r = resolve_check(sq, Check.MC, GivenDice("5,5"), drm=0)
>>> [u.counter for u in r.units], r.events
(['3-4-8'], ('J1: failed', 'J1: step-reduced'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from aslpto.base.datafiles import bundled
from aslpto.base.rulings import InputError, Ruling
from aslpto.rules.morale.national import JapaneseMorale
from aslpto.state.counters import catalog, exchange, leader_face, morale_of, parse_leader
from aslpto.state.dice import DR, Dice, Distribution, odds
from aslpto.state.units import Kind, Unit, UnitClass

jp: JapaneseMorale
"""The Japanese rules (G1.1-G1.41, :mod:`aslpto.rules.japanese.units`) these procedures ask;
plugged in by :mod:`aslpto.rules` when the rules are imported (:func:`plug_japanese`)."""


def plug_japanese(rules: JapaneseMorale) -> None:
    """Plug the G1 chapter's answers into the morale procedures."""
    global jp
    jp = rules


# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------


def _data() -> dict[str, Any]:
    return bundled("morale.toml")


def rule(key: str) -> str:
    """The rule number the data file gives for a core-rule concept (``"casualty_mc"``)."""
    try:
        return str(_data()["rules"][key]["rule"])
    except KeyError:
        raise InputError(f"data/morale.toml has no rule {key!r}") from None


def setting(section: str, key: str) -> Any:
    return _data()[section][key]


# ---------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------


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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass
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


# ---------------------------------------------------------------------------------------------
# Morale Level and leadership
# ---------------------------------------------------------------------------------------------


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
    bonus = jp.leader_morale_bonus(unit, location).value
    return Situation(leadership_drm=min(drms) if drms else 0, leader_morale_bonus=bonus, **facts)


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
        if jp.is_japanese(unit):
            rules.append("G1.5")
    if situation.encircled:
        if jp.is_japanese(unit):
            rules.append("G1.62")
        else:
            ml -= 1
            rules.append(rule("encircled"))
    return Ruling(ml, tuple(rules), "")


def _exceeds_elr(unit: Unit, amount: int) -> Ruling[bool]:
    """Failing by more than the ELR (A19.13 ">"; the G1 text says ">=" for the Japanese)."""
    op = setting("elr", "japanese" if jp.is_japanese(unit) else "standard")
    hit = amount >= unit.elr if op == ">=" else amount > unit.elr
    rules = ("G1.12",) if jp.is_japanese(unit) else (rule("replacement"),)
    return Ruling(hit, rules, f"failed by {amount} {op} ELR {unit.elr}" if hit else "")


def pin_immune(unit: Unit, situation: Situation = PLAIN) -> Ruling[bool]:
    """Units a pin result does not affect: Japanese SMC (G1.4 [EXC: Collapsed Hut]), fording
    units (B21.41), broken and berserk units."""
    if jp.is_japanese(unit) and unit.kind.is_smc and not situation.collapsed_hut:
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
    t = jp.takes_ptc(unit)
    if not t.value and not situation.collapsed_hut:
        return Ruling(True, t.rules, t.why)
    return pin_immune(unit, situation)


# ---------------------------------------------------------------------------------------------
# Result steps (each returns the units that remain)
# ---------------------------------------------------------------------------------------------


def _break(u: Unit) -> Unit:
    """A10.3/A10.62: broken and DM; loses pinned/TI/CX (cf. G1.11)."""
    c = catalog()
    ml = u.morale
    if u.kind.is_mmc and not u.unarmed:
        ctr = c.of(u)
        ml = ctr.broken_morale if ctr.broken_morale is not None else ctr.morale
    return u.with_(broken=True, dm=True, pinned=False, ti=False, cx=False, morale=ml)


def wound(u: Unit, log: Log, dice: Dice) -> list[Unit]:
    """A17.1/A17.11/A17.3: Wound Severity dr (>= 5 KIA, +1 if already wounded); a survivor is
    (or stays) wounded with Morale Level and leadership each one worse, once only."""
    drm = int(setting("wound_severity", "already_wounded_drm")) if u.wounded else 0
    dr = dice.dr()
    if dr + drm >= int(setting("wound_severity", "kia_at_least")):
        log.eliminated.append(u.id)
        log.note(u, "mortally wounded (Wound Severity)", rule("wound_severity"))
        return []
    log.note(u, "wounded", rule("wound"), rule("wound_severity"))
    if u.wounded:
        return [u]
    ml = morale_of(u) + int(setting("wound_effects", "morale_change"))
    face = u.counter
    if u.kind == Kind.LEADER:
        m, lead = parse_leader(u.counter)
        face = leader_face(
            m + int(setting("wound_effects", "morale_change")),
            lead + int(setting("wound_effects", "leadership_change")),
        )
    elif u.kind.is_smc and face.count("-") == 2:
        fp, rng, _ = face.split("-")
        face = f"{fp}-{int(rng) - 1}-{ml}"
    log.note(u, "", rule("wound_effects"))
    return [u.with_(wounded=True, morale=ml, counter=face)]


def casualty_reduce(u: Unit, log: Log, dice: Dice) -> list[Unit]:
    """A7.302 (G1.14 for Japanese): squad -> HS; HS/crew eliminated; SMC wounded."""
    if u.kind.is_smc:
        log.note(u, "Casualty Reduction", rule("casualty_reduction"))
        return wound(u, log, dice)
    if jp.is_japanese(u):
        r = jp.casualty_reduce(u)
        log.note(u, "Casualty Reduced" if r.value else "eliminated (Casualty Reduction)", *r.rules)
        if not r.value:
            log.eliminated.append(u.id)
        return list(r.value)
    if u.kind == Kind.SQUAD:
        hs = (
            u.with_(kind=Kind.HALF_SQUAD, counter="unarmed HS")
            if u.unarmed
            else exchange(u, Kind.HALF_SQUAD)
        )
        log.note(u, "Casualty Reduced to a HS", rule("casualty_reduction"))
        return [hs]
    log.eliminated.append(u.id)
    log.note(u, "eliminated (Casualty Reduction)", rule("casualty_reduction"))
    return []


def replace_unit(u: Unit, log: Log) -> Unit:
    """A19.13: an unbroken unit failing a MC by more than its ELR is Replaced by a broken unit of
    the next-lower quality and the same size; at the end of its nationality's chain it is
    Disrupted (A19.12) - never a Japanese (G1.2). Japanese leaders are not Replaced (G1.41)."""
    c = catalog()
    if u.broken:
        return u
    if u.kind == Kind.LEADER:
        lr = jp.leader_replaced_on_elr(u)
        if not lr.value:
            log.note(u, "not Replaced", *lr.rules)
            return u
        if u.wounded:
            return u
        lower = c.lower_leader(u.nationality, u.counter)
        if lower is None:
            return u
        log.note(u, f"Replaced by a {lower} leader", rule("replacement"))
        return u.with_(counter=lower, morale=parse_leader(lower)[0])
    if u.kind not in (Kind.SQUAD, Kind.HALF_SQUAD) or u.unit_class is None or u.unarmed:
        return u  # heroes, crews, Unarmed: no lower-quality unit
    lower_cls = c.lower_class(u.nationality, u.unit_class)
    if lower_cls is None:
        d = jp.disrupts(u)
        if d.value:
            log.note(u, "Disrupted", rule("disruption"))
        else:
            log.note(u, "cannot be Replaced and does not Disrupt", *d.rules)
        return u
    log.note(u, f"Replaced by a {lower_cls} {u.kind}", rule("replacement"))
    return exchange(u, unit_class=lower_cls)


def break_result(u: Unit, log: Log, dice: Dice, *, check: Check, casualty: bool) -> list[Unit]:
    """The break result of a failed MC for a unit of any nationality (after any Replacement
    and Casualty Reduction)."""
    if jp.is_japanese(u) and u.kind.is_smc:
        r = jp.smc_break_result(u, casualty_mc=casualty)
        if r.value == "eliminated":
            log.eliminated.append(u.id)
            log.note(u, "eliminated", *r.rules)
            return []
        log.note(u, "Wounded instead of broken", *r.rules)
        return wound(u, log, dice)
    if jp.is_japanese(u) and (u.berserk or u.unarmed) and u.kind == Kind.SQUAD:
        log.note(u, "berserk/Unarmed: Casualty Reduction instead", "G1.14")
        return casualty_reduce(u, log, dice)
    if jp.is_japanese(u) and u.kind in (Kind.SQUAD, Kind.CREW):
        br = jp.attack_break(u) if check == Check.MC else jp.other_break(u)
        log.note(u, "step-reduced" if check == Check.MC else "broken", *br.rules)
        return list(br.value)
    if u.kind in (Kind.HERO, Kind.TH_HERO, Kind.DC_HERO):
        if u.wounded:
            log.eliminated.append(u.id)
            log.note(u, "wounded hero fails: eliminated", rule("heroic_wounded"))
            return []
        log.note(u, "hero wounded instead of broken", rule("wound"))
        return wound(u, log, dice)
    if u.berserk and setting("berserk", "fails") == "casualty-reduction":
        log.note(u, "berserk: Casualty Reduction instead of breaking", rule("berserk"))
        return casualty_reduce(u, log, dice)
    log.note(u, "broken", rule("break"), rule("dm"))
    return [_break(u)]


# ---------------------------------------------------------------------------------------------
# One unit's check
# ---------------------------------------------------------------------------------------------


def _validate(unit: Unit) -> None:
    if not unit.kind.is_infantry and unit.kind != Kind.CAVALRY:
        raise InputError(f"{unit.id} is a {unit.kind}: only Personnel take these checks")


def apply_roll(
    unit: Unit,
    check: Check,
    roll: DR | None,
    dice: Dice,
    *,
    drm: int = 0,
    situation: Situation = PLAIN,
) -> Result:
    """Resolve ``check`` for ``unit`` with the given Original DR (None: roll it from ``dice``
    unless the unit is exempt); ``dice`` supplies any further rolls (Wound Severity, Heat of
    Battle). See :func:`resolve_check`."""
    _validate(unit)
    log = Log()
    if check == Check.LLMC and jp.is_japanese(unit) and not unit.broken:
        log.note(unit, "treats the LLMC as a LLTC", "G1.62")
        check = Check.LLTC
    if check in (Check.PTC, Check.LLTC):
        ex = ptc_exempt(unit, situation)
        if ex.value and not (unit.concealed and "G1.4" in ex.rules):
            log.note(unit, f"exempt ({ex.why})", *ex.rules)
            return log.result([unit])
        if ex.value:
            # G1.4: the PTC/Pin result vs a concealed Japanese SMC can cost his concealment
            roll = dice.DR() if roll is None else roll
            final = roll.total + drm + situation.leadership_drm
            if final > morale_level(unit, situation).value:
                log.note(unit, "PTC failed: loses concealment (no Pin)", "G1.4")
                return log.result([unit.with_(concealed=False)])
            log.note(unit, "PTC passed: keeps concealment", "G1.4")
            return log.result([unit])
    if roll is None:
        roll = dice.DR()
    ml_r = morale_level(unit, situation)
    ml = ml_r.value
    final = roll.total + drm + situation.leadership_drm
    lead = (rule("leadership_drm"),) if situation.leadership_drm else ()
    log.note(unit, "", *ml_r.rules, *lead)
    if not check.is_mc:
        return _task_check(unit, check, final, ml, log)
    return _morale_check(unit, check, roll, final, ml, dice, situation, log)


def _task_check(unit: Unit, check: Check, final: int, ml: int, log: Log) -> Result:
    if final <= ml:
        log.note(unit, "passed", rule("ptc") if check == Check.PTC else "")
        return log.result([unit])
    if check == Check.PTC:
        log.note(unit, "pinned", rule("ptc"), rule("pin"))
        return log.result([unit.with_(pinned=True)])
    if check == Check.LLTC:
        effect = setting("leader_loss", "lltc_failure_broken" if unit.broken else "lltc_failure")
        log.note(unit, f"failed LLTC: {effect}", rule("leader_loss"))
        if effect == "pin" and not pin_immune(unit).value:
            return log.result([unit.with_(pinned=True)])
        if effect == "dm":
            return log.result([unit.with_(dm=True)])
        return log.result([unit])
    log.note(unit, "failed")
    return log.result([unit])


def _morale_check(
    unit: Unit,
    check: Check,
    roll: DR,
    final: int,
    ml: int,
    dice: Dice,
    situation: Situation,
    log: Log,
) -> Result:
    casualty = roll.total == 12 and (
        check != Check.NMC or setting("morale_check", "casualty_mc_on_nmc")
    )
    failed = final > ml or (casualty and setting("morale_check", "original_12_always_fails"))
    amount = final - ml
    doubles_cr = check == Check.PANJI and roll.doubles and roll.total < 12
    if check == Check.PANJI:
        log.note(unit, "", "G9.31")
    was_broken = unit.broken
    units: list[Unit]
    if failed:
        log.note(unit, "failed", rule("morale_check"))
        if casualty:
            log.note(unit, "Casualty MC", rule("casualty_mc"))
        units = _failure(unit, check, amount, casualty, doubles_cr, dice, log)
    else:
        log.note(unit, "passed", rule("morale_check"))
        units = [unit]
        if doubles_cr:
            log.note(unit, "Original doubles: Casualty Reduction", "G9.31")
            units = casualty_reduce(unit, log, dice)
        if final == ml and check.value in setting("morale_check", "pin_on_equal"):
            why = "G9.31" if check == Check.PANJI else rule("pin")
            units = [_pin(u, log, why, situation) for u in units]
    if roll.total == 2 and check in (Check.MC, Check.NMC, Check.LLMC):
        units = _heat_of_battle_all(units, was_broken, dice, situation, log)
    return log.result(units)


def _pin(u: Unit, log: Log, why_rule: str, situation: Situation = PLAIN) -> Unit:
    imm = pin_immune(u, situation)
    if imm.value and u.concealed and "G1.4" in imm.rules:
        log.note(u, "Pin result: loses concealment (no Pin)", "G1.4")
        return u.with_(concealed=False)
    if imm.value:
        log.note(u, f"not pinned ({imm.why})", *imm.rules)
        return u
    log.note(u, "pinned (Final DR equals Morale Level)", why_rule)
    return u.with_(pinned=True)


def _failure(
    unit: Unit,
    check: Check,
    amount: int,
    casualty: bool,
    doubles_cr: bool,
    dice: Dice,
    log: Log,
) -> list[Unit]:
    """A failed MC: Replacement, then Casualty Reduction (or the Casualty MC), then the break
    (A19.13, A10.31; the order G9.31 states and the G1.14 EX follow)."""
    if unit.broken:
        if casualty and setting("morale_check", "broken_original_12") == "eliminated":
            log.eliminated.append(unit.id)
            log.note(unit, "broken unit rolls a Casualty MC: eliminated", rule("broken_fails"))
            return []
        log.note(unit, "broken unit fails: Casualty Reduction", rule("broken_fails"))
        return casualty_reduce(unit, log, dice)
    elr = _exceeds_elr(unit, amount) if amount > 0 else Ruling(False)
    if elr.value:
        op = setting("elr", "japanese" if jp.is_japanese(unit) else "standard")
        log.note(unit, f"failed by {op} its ELR", *elr.rules)
    # Japanese squads and infantry crews: G1.12-G1.14.
    if (
        jp.is_japanese(unit)
        and unit.kind in (Kind.SQUAD, Kind.CREW)
        and not (unit.berserk or unit.unarmed)
    ):
        return _japanese_failure(unit, check, elr, casualty, doubles_cr, dice, log)
    u = unit
    if elr.value and not (jp.is_japanese(u) and u.berserk):
        log.note(u, "", *elr.rules)
        u = replace_unit(u, log)
    units = [u]
    if casualty or doubles_cr:
        if casualty and jp.is_japanese(u) and u.kind == Kind.LEADER:
            pass  # G1.41: eliminated by the break result below
        else:
            units = casualty_reduce(u, log, dice)
    out: list[Unit] = []
    for v in units:
        out.extend(break_result(v, log, dice, check=check, casualty=casualty))
    return out


def _japanese_failure(
    unit: Unit,
    check: Check,
    elr: Ruling[bool],
    casualty: bool,
    doubles_cr: bool,
    dice: Dice,
    log: Log,
) -> list[Unit]:
    if casualty:
        r = jp.casualty_mc(unit, exceeds_elr=elr.value)
        if not r.value:
            log.eliminated.append(unit.id)
        log.note(unit, "Casualty MC: " + r.why, *r.rules)
        return list(r.value)
    if doubles_cr:
        # G9.31: Replacement (G1.133 lowers the Class unless Conscript), Casualty Reduction,
        # then the break: the HS breaks in the normal manner (G1.2).
        u = unit
        if elr.value and unit.kind == Kind.SQUAD and unit.unit_class != UnitClass.CONSCRIPT:
            lower = catalog().lower_class(unit.nationality, unit.unit_class or UnitClass.ELITE)
            if lower is not None:
                u = exchange(unit, unit_class=lower)
                log.note(unit, f"Replaced by its {lower} squad", "G9.31", "G1.133")
        units = casualty_reduce(u, log, dice)
        out: list[Unit] = []
        for v in units:
            log.note(v, "breaks", "G1.2", rule("break"), rule("dm"))
            out.append(_break(v))
        return out
    r = jp.attack_break(unit, elr.value) if check == Check.MC else jp.other_break(unit, elr.value)
    what = "step-reduced" if check == Check.MC else "broken"
    log.note(unit, f"{what}: {r.why}" if elr.value else what, *r.rules)
    return list(r.value)


# ---------------------------------------------------------------------------------------------
# Heat of Battle (A15.1; G1.62)
# ---------------------------------------------------------------------------------------------


def heat_of_battle_subject(unit: Unit, situation: Situation = PLAIN) -> Ruling[bool]:
    """A15.1: not subject are Unarmed units, Cavalry, heroes, crews, Human Wave (Banzai)
    participants and berserk units (also PRC, climbing/swimming/wading, boats, parachutes -
    states the caller excludes)."""
    why = ""
    if unit.unarmed:
        why = "Unarmed"
    elif unit.kind == Kind.CAVALRY:
        why = "Cavalry"
    elif unit.kind in (Kind.HERO, Kind.TH_HERO, Kind.DC_HERO):
        why = "hero"
    elif unit.kind in (Kind.CREW, Kind.VEHICLE_CREW):
        why = "crew"
    elif situation.human_wave:
        why = "Human Wave/Banzai participant"
    elif unit.berserk:
        why = "already berserk"
    return Ruling(not why, (rule("heat_of_battle"),), why or "subject")


def heat_of_battle_drm(unit: Unit, *, was_broken: bool, situation: Situation) -> Ruling[int]:
    """A15.1 cumulative DRM: -1 Elite; nationality (British -1); +1 broken; +1 Inexperienced."""
    drm = situation.heat_of_battle_drm
    if unit.unit_class == UnitClass.ELITE:
        drm += int(setting("heat_of_battle", "drm_elite"))
    drm += catalog().nationality(unit.nationality).hob_drm
    if was_broken:
        drm += int(setting("heat_of_battle", "drm_broken"))
    if unit.unit_class in (UnitClass.GREEN, UnitClass.CONSCRIPT):
        drm += int(setting("heat_of_battle", "drm_inexperienced"))
    return Ruling(drm, (rule("heat_of_battle"),), "")


def _heat_of_battle_all(
    units: list[Unit], was_broken: bool, dice: Dice, situation: Situation, log: Log
) -> list[Unit]:
    out: list[Unit] = []
    for u in units:
        out.extend(heat_of_battle(u, dice, situation, log, was_broken=was_broken))
    return out


def heat_of_battle(
    unit: Unit, dice: Dice, situation: Situation, log: Log, *, was_broken: bool = False
) -> list[Unit]:
    """A15.1 Heat of Battle after an Original MC DR of 2 (G1.62 for the Japanese: a Final DR
    >= 9 makes them berserk, or Battle Hardened in a pillbox)."""
    subj = heat_of_battle_subject(unit, situation)
    if not subj.value:
        log.note(unit, f"no Heat of Battle ({subj.why})", *subj.rules)
        return [unit]
    if not situation.heat_of_battle:
        log.note(unit, "Heat of Battle (not resolved)", rule("heat_of_battle"))
        return [unit]
    drm = heat_of_battle_drm(unit, was_broken=was_broken, situation=situation).value
    roll = dice.DR()
    final = roll.total + drm
    log.note(unit, "Heat of Battle", rule("heat_of_battle"))
    hob = _data()["heat_of_battle"]
    japanese = jp.is_japanese(unit)
    results: list[str] = []
    if final <= int(hob["hero_at_most"]):
        results.append("hero")
    if int(hob["battle_hardening_from"]) <= final <= int(hob["battle_hardening_to"]):
        results.append("battle-hardening")
    berserk_from = int(hob["japanese_berserk_from"] if japanese else hob["berserk_from"])
    if berserk_from <= final and (japanese or final <= int(hob["berserk_to"])):
        results.append("berserk")
    elif final >= int(hob["surrender_at_least"]):
        results.append("berserk" if situation.no_quarter else "surrender")
    if "berserk" in results and (situation.pillbox and japanese):
        results = ["battle-hardening"]
        log.note(unit, "", "G1.62")
    elif "berserk" in results and not situation.known_enemy_in_los:
        results = ["battle-hardening"]
    if japanese and "berserk" in results:
        log.note(unit, "", "G1.62")
    units = [unit]
    for res in results:
        units = _apply_hob(units[0], res, log) + units[1:]
    return units


def _apply_hob(u: Unit, res: str, log: Log) -> list[Unit]:
    if res == "hero":
        if u.kind.is_smc:
            log.note(
                u, "becomes heroic (heroic status is not tracked on Unit)", rule("hero_creation")
            )
            return [u.with_(broken=False, dm=False)] if u.kind == Kind.LEADER else [u]
        face = catalog().nationality(u.nationality).hero_face
        hero = Unit(
            id=f"{u.id}-hero",
            side=u.side,
            nationality=u.nationality,
            kind=Kind.HERO,
            counter=face,
            morale=int(setting("heat_of_battle", "hero_morale")),
            elr=u.elr,
            hex=u.hex,
            position=u.position,
        )
        log.note(u, "creates a hero", rule("hero_creation"))
        return [u, hero]
    if res == "battle-hardening":
        return [_battle_harden(u, log)]
    if res == "berserk":
        log.note(u, "berserk", rule("berserk"))
        return [u.with_(berserk=True, broken=False, pinned=False, dm=False)]
    log.note(u, "surrenders", rule("surrender"))
    return [u]


def _battle_harden(u: Unit, log: Log) -> Unit:
    """A15.3: the next higher quality, unbroken and unpinned, same size."""
    c = catalog()
    if u.kind == Kind.LEADER:
        better = None if u.wounded else c.higher_leader(u.nationality, u.counter)
        if better is None:
            log.note(u, "Battle Hardening: no better leader", rule("battle_hardening"))
            return u.with_(broken=False, pinned=False, dm=False)
        log.note(u, f"Battle Hardened to {better}", rule("battle_hardening"))
        return u.with_(
            counter=better, morale=parse_leader(better)[0], broken=False, pinned=False, dm=False
        )
    higher = c.higher_class(u.nationality, u.unit_class) if u.unit_class else None
    if higher is None:
        log.note(
            u,
            "Battle Hardening: no higher Class (Fanatic status not built)",
            rule("battle_hardening"),
        )
        return u.with_(broken=False, pinned=False, dm=False)
    log.note(u, f"Battle Hardened to {higher}", rule("battle_hardening"))
    return exchange(u.with_(broken=False, pinned=False, dm=False), unit_class=higher)


# ---------------------------------------------------------------------------------------------
# Public single-unit procedures
# ---------------------------------------------------------------------------------------------


def resolve_check(
    unit: Unit,
    check: Check,
    dice: Dice,
    *,
    drm: int = 0,
    situation: Situation = PLAIN,
) -> Result:
    """Roll ``check`` for one unit. ``drm`` is the check's own DRM (the IFT "2MC" gives +2;
    LLMC: the lost leader's); leadership and the Japanese leader bonus come from
    ``situation`` (see :func:`situation_in`).

    MC: Final DR > Morale Level fails; an Original 12 is a Casualty MC (A10.31); a Final DR
    equal to the Morale Level pins (A7.8); an Original 2 brings Heat of Battle (A15.1).
    Panji MC: G9.31. PTC: Final DR > Morale Level pins. LLTC: data/morale.toml.
    """
    return apply_roll(unit, check, None, dice, drm=drm, situation=situation)


def odds_check(
    unit: Unit, check: Check, *, drm: int = 0, situation: Situation = PLAIN
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_check`."""
    return odds(lambda d: resolve_check(unit, check, d, drm=drm, situation=situation))


def resolve_sniper(unit: Unit, dice: Dice, *, dr: int = 1) -> Result:
    """A14.3 Sniper attack result ``dr`` (1 or 2) on one unit. Japanese: a dr 1 Step-Reduces a
    squad/infantry crew (G1.11-G1.12, G1.3), Wounds a SMC (G1.4); dr 2 pins, which a Japanese
    SMC ignores (G1.4)."""
    _validate(unit)
    log = Log()
    if dr == 2:
        if setting("sniper", "dr2") == "pin":
            return log.result([_pin(unit, log, rule("sniper"))])
        return log.result([unit])
    if dr != 1:
        log.note(unit, f"Sniper dr {dr}: no effect", rule("sniper"))
        return log.result([unit])
    if unit.kind.is_smc:
        if jp.is_japanese(unit):
            r = jp.smc_break_result(unit)
            if r.value == "eliminated":
                log.eliminated.append(unit.id)
                log.note(unit, "eliminated", *r.rules, rule("sniper"))
                return log.result([])
            log.note(unit, "Wounded", *r.rules, rule("sniper"))
            return log.result(wound(unit, log, dice))
        log.note(unit, "Sniper dr 1 vs a SMC", rule("sniper"))
        if setting("sniper", "dr1_smc") == "wound":
            return log.result(wound(unit, log, dice))
        return log.result(break_result(unit, log, dice, check=Check.MC, casualty=False))
    if jp.is_japanese(unit) and unit.kind != Kind.HALF_SQUAD:
        sr = jp.sniper_dr1(unit)
        if not sr.value:
            log.eliminated.append(unit.id)
        log.note(unit, "Sniper dr 1: " + sr.why, *sr.rules, rule("sniper"))
        return log.result(sr.value)
    log.note(unit, "Sniper dr 1", rule("sniper"))
    if unit.broken:
        return log.result(casualty_reduce(unit, log, dice))
    return log.result(break_result(unit, log, dice, check=Check.MC, casualty=False))


def odds_sniper(unit: Unit, *, dr: int = 1) -> Distribution[Result]:
    return odds(lambda d: resolve_sniper(unit, d, dr=dr))


# ---------------------------------------------------------------------------------------------
# Several units: a Location's MC (A10.2), the Panji stack (G9.43), Aerial Panji MC (G9.47)
# ---------------------------------------------------------------------------------------------

_State = tuple[tuple[Unit, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""(units in order, eliminated ids, events, rules) while a multi-unit procedure runs."""


def _start(units: Sequence[Unit]) -> _State:
    return (tuple(units), (), (), ())


def _merge(state: _State, uid: str, r: Result) -> _State:
    units, elim, events, rules = state
    new: list[Unit] = []
    for u in units:
        if u.id == uid:
            new.extend(r.units)
        else:
            new.append(u)
    merged_rules = rules + tuple(x for x in r.rules if x not in rules)
    return (tuple(new), elim + r.eliminated, events + r.events, merged_rules)


def _finish(state: _State) -> Result:
    return Result(*state)


Step = Callable[[_State, Dice], _State]


def _run(steps: Sequence[Callable[[_State], Step | None]], state: _State, dice: Dice) -> _State:
    for make_step in steps:
        step = make_step(state)
        if step is not None:
            state = step(state, dice)
    return state


def _compose(
    steps: Sequence[Callable[[_State], Step | None]], state: _State
) -> Distribution[_State]:
    """Exact distribution of a sequence of steps: each step's own enumeration, bound in turn.

    A step depends only on the units present and those eliminated, so its distribution is
    computed once per distinct (units, eliminated) and its events appended to each history.
    """
    dist: Distribution[_State] = Distribution.certain(state)
    for make_step in steps:
        memo: dict[tuple[tuple[Unit, ...], tuple[str, ...]], Distribution[_State]] = {}

        def advance(
            st: _State,
            make_step: Callable[[_State], Step | None] = make_step,
            memo: dict[tuple[tuple[Unit, ...], tuple[str, ...]], Distribution[_State]] = memo,
        ) -> Distribution[_State]:
            key = (st[0], st[1])
            if key not in memo:
                bare: _State = (st[0], st[1], (), ())
                step = make_step(bare)
                memo[key] = Distribution.certain(bare) if step is None else _step_odds(step, bare)
            return memo[key].map(lambda d: _append(st, d))

        dist = dist.bind(advance)
    return dist


class _FirstDR:
    """Dice whose first DR is given; every later roll comes from ``inner``."""

    def __init__(self, first: DR, inner: Dice) -> None:
        self._first: DR | None = first
        self._inner = inner

    def dr(self) -> int:
        return self._inner.dr()

    def DR(self) -> DR:
        if self._first is not None:
            first, self._first = self._first, None
            return first
        return self._inner.DR()

    def choice(self, n: int) -> int:
        return self._inner.choice(n)


def _dr_classes() -> tuple[tuple[DR, Fraction], ...]:
    """The 36 DR grouped by what a check can depend on (total and doubles): 16 classes."""
    acc: dict[tuple[int, bool], tuple[DR, int]] = {}
    for w in range(1, 7):
        for c in range(1, 7):
            key = (w + c, w == c)
            rep, n = acc.get(key, (DR(w, c), 0))
            acc[key] = (rep, n + 1)
    return tuple((rep, Fraction(n, 36)) for rep, n in acc.values())


_DR_CLASSES = _dr_classes()


def _step_odds(step: Step, bare: _State) -> Distribution[_State]:
    """A step's exact distribution, its first DR taken by class (total, doubles) - a check's
    result depends on nothing else - and every later roll enumerated."""
    parts: list[tuple[_State, Fraction]] = []
    for roll, weight in _DR_CLASSES:

        def proc(d: Dice, roll: DR = roll) -> _State:
            return step(bare, _FirstDR(roll, d))

        for outcome, p in odds(proc):
            parts.append((outcome, p * weight))
    return Distribution.of(parts)


def _append(history: _State, delta: _State) -> _State:
    """``delta`` (a step run from the bare units of ``history``) appended to ``history``."""
    rules = history[3] + tuple(r for r in delta[3] if r not in history[3])
    return (delta[0], delta[1], history[2] + delta[2], rules)


def _unit_step(
    uid: str, check: Check, drm: int, facts: dict[str, Any], roll: DR | None = None
) -> Callable[[_State], Step | None]:
    """A step in which unit ``uid`` (if still present) takes ``check`` with the leadership of
    the units present at that moment."""

    def make(state: _State) -> Step | None:
        unit = next((u for u in state[0] if u.id == uid), None)
        if unit is None:
            return None
        sit = situation_in(unit, state[0], **facts)

        def step(st: _State, dice: Dice) -> _State:
            r = apply_roll(unit, check, roll, dice, drm=drm, situation=sit)
            st = _merge(st, uid, r)
            after = next((u for u in r.units if u.id == uid), None)
            if (
                after is not None
                and after.berserk
                and not unit.berserk
                and jp.is_commissar_equivalent(after).value
            ):
                cb = jp.commissar_berserk(after, st[0])
                events = st[2] + (f"{uid}: units with him go berserk",)
                st = (cb.value, st[1], events, st[3] + tuple(x for x in cb.rules if x not in st[3]))
            return st

        return step

    return make


def _leaders_first(units: Sequence[Unit]) -> list[Unit]:
    """A10.2: leaders check first, higher Morale Level first; then the others in order."""
    leaders = sorted((u for u in units if u.kind == Kind.LEADER), key=lambda u: -morale_of(u))
    return leaders + [u for u in units if u.kind != Kind.LEADER]


def _leader_loss_steps(
    before: Sequence[Unit], facts: dict[str, Any]
) -> list[Callable[[_State], Step | None]]:
    """A10.2: after the attack, for each leader eliminated the other friendly Personnel of lower
    Morale Level in the Location take a LLMC (G1.62: unbroken Japanese, a LLTC); for each leader
    broken (not eliminated), a LLTC. DRM: data/morale.toml [leader_loss]."""
    steps: list[Callable[[_State], Step | None]] = []
    for leader in (u for u in before if u.kind == Kind.LEADER):

        def make(state: _State, leader: Unit = leader) -> Step | None:
            now = next((u for u in state[0] if u.id == leader.id), None)
            eliminated = leader.id in state[1]
            newly_broken = now is not None and now.broken and not leader.broken
            if not (eliminated or newly_broken):
                return None
            lead = parse_leader(leader.counter)[1]
            drm = abs(lead) if setting("leader_loss", "drm") == "abs" else -lead
            check = Check.LLMC if eliminated else Check.LLTC
            ml = morale_of(leader)
            targets = [
                u.id
                for u in state[0]
                if u.id != leader.id and u.side == leader.side and morale_of(u) < ml
            ]

            def step(st: _State, dice: Dice) -> _State:
                for uid in targets:
                    unit = next((u for u in st[0] if u.id == uid), None)
                    if unit is None:
                        continue
                    sit = situation_in(unit, st[0], **facts)
                    st = _merge(
                        st, uid, apply_roll(unit, check, None, dice, drm=drm, situation=sit)
                    )
                return st

            return step

        steps.append(make)
    return steps


def _location_steps(
    units: Sequence[Unit], check: Check, drm: int, facts: dict[str, Any], leader_loss: bool
) -> list[Callable[[_State], Step | None]]:
    steps = [_unit_step(u.id, check, drm, facts) for u in _leaders_first(units)]
    if leader_loss and check.is_mc:
        steps += _leader_loss_steps(units, facts)
    return steps


def resolve_location(
    units: Sequence[Unit],
    check: Check,
    dice: Dice,
    *,
    drm: int = 0,
    leader_loss: bool = True,
    context: Sequence[Unit] = (),
    **facts: Any,
) -> Result:
    """Every unit of ``units`` takes the same check (e.g. an IFT "1MC" on a Location): leaders
    first (A10.2), each other unit with the leadership present after them (A10.21, G1.41), then
    LLMC/LLTC for leaders lost (A10.2, G1.62). ``context``: units also present (e.g. a leader)
    that take no check. ``facts`` are :class:`Situation` fields."""
    steps = _location_steps(units, check, drm, facts, leader_loss)
    return _finish(_run(steps, _start([*units, *context]), dice))


def odds_location(
    units: Sequence[Unit],
    check: Check,
    *,
    drm: int = 0,
    leader_loss: bool = True,
    context: Sequence[Unit] = (),
    **facts: Any,
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_location`, composed unit by unit."""
    steps = _location_steps(units, check, drm, facts, leader_loss)
    return _compose(steps, _start([*units, *context])).map(_finish)


def _panji_stack_steps(
    units: Sequence[Unit], chosen: int | None, each: bool, facts: dict[str, Any]
) -> list[Callable[[_State], Step | None]]:
    if each:
        return [_unit_step(u.id, Check.PANJI, 0, facts) for u in _leaders_first(units)]
    assert chosen is not None
    target = units[chosen].id
    steps = [_unit_step(target, Check.PANJI, 0, facts)]
    steps += [
        _unit_step(u.id, Check.PTC, 0, facts) for u in _leaders_first(units) if u.id != target
    ]
    return steps


def _panji_each(
    units: Sequence[Unit], berserk: bool | None, human_wave: bool, routing: bool
) -> bool:
    if berserk is None:
        berserk = all(u.berserk for u in units)
    return berserk or human_wave or routing or len(units) == 1


def resolve_panji_stack(
    units: Sequence[Unit],
    dice: Dice,
    *,
    berserk: bool | None = None,
    human_wave: bool = False,
    routing: bool = False,
    **facts: Any,
) -> Result:
    """G9.43: a stack crossing a road/path/Depression/TB hexside: the ATTACKER randomly selects
    one unit to take the Panji MC; afterwards every other unit not exempt from PTC takes a
    normal PTC which leadership can modify. A berserk or Human-Wave/Banzai stack, and a routing
    stack, instead take a Panji MC each (G9.41). Prisoners are not passed in."""
    units = list(units)
    if not units:
        raise InputError("an empty stack takes no Panji MC")
    each = _panji_each(units, berserk, human_wave, routing)
    rules = ("G9.43", "G9.41") if each else ("G9.43",)
    chosen = None if each else dice.choice(len(units))
    state = _start(units)
    state = (
        state[0],
        (),
        (f"{units[chosen].id}: selected at random",) if chosen is not None else (),
        rules,
    )
    facts = {**facts, "human_wave": human_wave or facts.get("human_wave", False)}
    return _finish(_run(_panji_stack_steps(units, chosen, each, facts), state, dice))


def odds_panji_stack(
    units: Sequence[Unit],
    *,
    berserk: bool | None = None,
    human_wave: bool = False,
    routing: bool = False,
    **facts: Any,
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_panji_stack`: the random selection, then the
    selected unit's Panji MC bound to the others' PTC distributions."""
    units = list(units)
    if not units:
        raise InputError("an empty stack takes no Panji MC")
    each = _panji_each(units, berserk, human_wave, routing)
    rules = ("G9.43", "G9.41") if each else ("G9.43",)
    facts = {**facts, "human_wave": human_wave or facts.get("human_wave", False)}
    if each:
        state: _State = (tuple(units), (), (), rules)
        return _compose(_panji_stack_steps(units, None, True, facts), state).map(_finish)
    parts: list[tuple[Result, Fraction]] = []
    for i, u in enumerate(units):
        state = (tuple(units), (), (f"{u.id}: selected at random",), rules)
        d = _compose(_panji_stack_steps(units, i, False, facts), state)
        parts.extend((_finish(s), p / len(units)) for s, p in d)
    return Distribution.of(parts)


def resolve_aerial_panji(units: Sequence[Unit], dice: Dice, **facts: Any) -> Result:
    """G9.47: Personnel placed above a Panji counter after a parachute landing take one Panji
    MC (one DR for all revealed units in the hex) using a Morale Level of 7."""
    units = list(units)
    roll = dice.DR()
    facts = {**facts, "morale_override": 7}
    steps = [_unit_step(u.id, Check.PANJI, 0, facts, roll) for u in _leaders_first(units)]
    state: _State = (tuple(units), (), (), ("G9.47", "G9.31"))
    return _finish(_run(steps, state, dice))


def odds_aerial_panji(units: Sequence[Unit], **facts: Any) -> Distribution[Result]:
    return odds(lambda d: resolve_aerial_panji(units, d, **facts))


def with_situation(s: Situation, **changes: Any) -> Situation:
    return replace(s, **changes)
