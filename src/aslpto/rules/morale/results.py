"""What a check's roll does to one unit: break, wound (A17), Casualty Reduction (A7.302),
Replacement (A19.13), Pin (A7.8), Heat of Battle (A15.1) and Battle Hardening (A15.3).

Where a nationality changes a result (the Japanese: G1.1-G1.41, G1.62), the procedure asks the
object answering for the unit's nationality
(:func:`aslpto.rules.morale.national.rules_for`): chapter A's answers are
:class:`aslpto.rules.morale.standard.StandardMorale`."""

from __future__ import annotations

from collections.abc import Iterable

from aslpto.base.rulings import InputError, Ruling
from aslpto.rules.morale.levels import _exceeds_elr, morale_level, pin_immune, ptc_exempt
from aslpto.rules.morale.national import rules_for
from aslpto.rules.morale.values import (
    PLAIN,
    Check,
    HeatOfBattle,
    Log,
    Result,
    Situation,
    rule,
    setting,
)
from aslpto.state.counters import (
    become,
    catalog,
    leader_face,
    morale_of,
    parse_leader,
)
from aslpto.state.dice import DR, Dice
from aslpto.state.units import Kind, Unit, UnitClass


def _break(u: Unit) -> Unit:
    """A10.3/A10.62: broken and DM; loses pinned/TI/CX (cf. G1.11) and its "?" (A12.14)."""
    c = catalog()
    ml = u.morale
    if u.kind.is_mmc and not u.unarmed:
        ctr = c.of(u)
        ml = ctr.broken_morale if ctr.broken_morale is not None else ctr.morale
    return u.with_(
        broken=True, dm=True, pinned=False, ti=False, cx=False, concealed=False, morale=ml
    )


_NEVER_GREEN = (Kind.CREW, Kind.VEHICLE_CREW)


def inexperienced(u: Unit, stack: Iterable[Unit] = ()) -> bool:
    """A19.2, A19.3: Green and Conscript MMC (crews never are) and Unarmed MMC (A20.53) are
    Inexperienced Personnel; a Green MMC stacked with an unbroken friendly leader (one of
    ``stack`` in its Location: the same hex, when both name one) is exempt, a Conscript or an
    Unarmed unit never (eASLRB v3.01 transcription (LimboDancer repo), A19.3)."""
    if not u.kind.is_mmc or u.kind in _NEVER_GREEN:
        return False
    if u.unarmed or u.unit_class == UnitClass.CONSCRIPT:
        return True
    if u.unit_class != UnitClass.GREEN:
        return False
    return not any(
        x.kind == Kind.LEADER
        and not x.broken
        and x.side == u.side
        and (not (x.hex and u.hex) or x.hex == u.hex)
        for x in stack
    )


def _unconceal(units: list[Unit], log: Log, why: str) -> list[Unit]:
    """A12.14: a concealed unit that fails a MC, breaks or becomes Wounded/Reduced loses its
    "?" whatever the range to, or LOS of, any enemy unit."""
    out = []
    for u in units:
        if u.concealed:
            log.note(u, f"loses concealment ({why})", "A12.14")
            u = u.with_(concealed=False)
        out.append(u)
    return out


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
        return _unconceal([u], log, "wounded")
    log.note(u, "", rule("wound_effects"))
    return _unconceal([wounded_side(u)], log, "wounded")


def wounded_side(u: Unit) -> Unit:
    """A17.3: the SMC ``u`` (not yet wounded) on its wounded side: Morale Level and leadership
    each one worse (a hero's 1-4-9 is a 1-3-8)."""
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
    return u.with_(wounded=True, morale=ml, counter=face)


def casualty_reduce(u: Unit, log: Log, dice: Dice) -> list[Unit]:
    """A7.302 (G1.14 for Japanese): squad -> HS; HS/crew eliminated; SMC wounded."""
    if u.kind.is_smc:
        log.note(u, "Casualty Reduction", rule("casualty_reduction"))
        return wound(u, log, dice)
    return _unconceal(rules_for(u).casualty_reduce(u, log), log, "Reduced")


def replace_unit(u: Unit, log: Log) -> Unit:
    """A19.13: an unbroken unit failing a MC by more than its ELR is Replaced by a broken unit of
    the next-lower quality and the same size; at the end of its nationality's chain it is
    Disrupted (A19.12) - never a Japanese (G1.2). Japanese leaders are not Replaced (G1.41)."""
    c = catalog()
    if u.broken:
        return u
    if u.kind == Kind.LEADER:
        lr = rules_for(u).leader_replaced_on_elr(u)
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
    if u.kind not in (Kind.SQUAD, Kind.HALF_SQUAD) or u.unarmed:
        return u  # heroes, crews, Unarmed: no lower-quality unit
    ctr = c.of(u)
    lower_ctr = c.lower(ctr)
    if lower_ctr is None and ctr.unit_class is None:
        log.note(
            u,
            f"not Replaced: VASL prints no Class on the {u.nationality} {ctr.label} "
            "and no lower counter in its line",
            rule("replacement"),
        )
        return u
    if lower_ctr is None:
        d = rules_for(u).disrupts(u)
        if d.value:
            log.note(u, "Disrupted", rule("disruption"))
        else:
            log.note(u, "cannot be Replaced and does not Disrupt", *d.rules)
        return u
    log.note(
        u, f"Replaced by a {lower_ctr.unit_class} {u.kind} ({lower_ctr.face})", rule("replacement")
    )
    return become(u, lower_ctr)


def break_result(u: Unit, log: Log, dice: Dice, *, check: Check, casualty: bool) -> list[Unit]:
    """The break result of a failed MC for a unit of any nationality (after any Replacement
    and Casualty Reduction)."""
    return rules_for(u).break_result(u, log, dice, check=check, casualty=casualty)


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
    nation = rules_for(unit)
    if check == Check.LLMC:
        as_lltc = nation.llmc_as_lltc(unit)
        if as_lltc.value:
            log.note(unit, "treats the LLMC as a LLTC", *as_lltc.rules)
            check = Check.LLTC
    if check in (Check.PTC, Check.LLTC):
        ex = ptc_exempt(unit, situation)
        conceal = nation.pin_costs_concealment(unit, situation)
        if ex.value and not conceal.value:
            log.note(unit, f"exempt ({ex.why})", *ex.rules)
            return log.result([unit])
        if ex.value:
            # (G1.4: the PTC/Pin result vs a concealed Japanese SMC can cost his concealment)
            roll = dice.DR() if roll is None else roll
            final = roll.total + drm + situation.leadership_drm
            if final > morale_level(unit, situation).value:
                log.note(unit, "PTC failed: loses concealment (no Pin)", *conceal.rules)
                return log.result([unit.with_(concealed=False)])
            log.note(unit, "PTC passed: keeps concealment", *conceal.rules)
            return log.result([unit])
    if roll is None:
        roll = dice.DR()
    ml_r = morale_level(unit, situation)
    ml = ml_r.value
    # G9.31: a Panji MC is a NMC marked with a delta: leadership does not modify it (A.10)
    led = 0 if check == Check.PANJI else situation.leadership_drm
    final = roll.total + drm + led
    lead = (rule("leadership_drm"),) if led else ()
    log.note(unit, "", *ml_r.rules, *lead)
    if not check.is_mc:
        return _task_check(unit, check, final, ml, log)
    return _morale_check(
        unit, check, roll=roll, final=final, ml=ml, dice=dice, situation=situation, log=log
    )


def _task_check(unit: Unit, check: Check, final: int, ml: int, log: Log) -> Result:
    if final <= ml:
        log.note(unit, "passed", rule("ptc") if check == Check.PTC else "")
        return log.result([unit])
    if check == Check.PTC:
        log.note(unit, "pinned", rule("ptc"), rule("pin"))
        return log.result([unit.with_(pinned=True)])
    if check == Check.LLTC:
        # A10.2: only unbroken units take a LLTC (a broken one is immune to Pin, data [pin])
        effect = setting("leader_loss", "lltc_failure")
        log.note(unit, f"failed LLTC: {effect}", rule("leader_loss"))
        if effect == "pin" and not unit.broken and not pin_immune(unit).value:
            return log.result([unit.with_(pinned=True)])
        return log.result([unit])
    log.note(unit, "failed")
    return log.result([unit])


def _morale_check(
    unit: Unit,
    check: Check,
    *,
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
        (unit,) = _unconceal([unit], log, "failed a MC")
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
    conceal = rules_for(u).pin_costs_concealment(u, situation) if imm.value else imm
    if conceal.value:
        log.note(u, "Pin result: loses concealment (no Pin)", *conceal.rules)
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
    nation = rules_for(unit)
    elr = _exceeds_elr(unit, amount) if amount > 0 else Ruling(False)
    if elr.value:
        log.note(unit, f"failed by {nation.elr_operator()} its ELR", *elr.rules)
    return nation.failure(
        unit, log, dice, check=check, elr=elr, casualty=casualty, doubles_cr=doubles_cr
    )


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
    drm += catalog().nationality(unit.nationality).heat_of_battle_drm
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
    """A15.1 Heat of Battle after an Original MC DR of 2; what the Final DR makes of the unit
    is its nationality's answer (G1.62 for the Japanese: a Final DR >= 9 makes them berserk,
    or Battle Hardened in a pillbox)."""
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
    results = rules_for(unit).heat_of_battle_results(unit, final, situation, log)
    units = [unit]
    for res in results:
        units = _apply_hob(units[0], res, log) + units[1:]
    return units


def _apply_hob(u: Unit, res: HeatOfBattle, log: Log) -> list[Unit]:
    if res == HeatOfBattle.HERO:
        if u.kind.is_smc:
            log.note(u, "becomes heroic", rule("hero_creation"))
            if u.kind == Kind.LEADER:
                return [u.with_(broken=False, dm=False, heroic=True)]
            return [u]
        face = str(setting("heat_of_battle", "hero_face"))
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
    if res == HeatOfBattle.BATTLE_HARDENING:
        return [_battle_harden(u, log)]
    if res == HeatOfBattle.BERSERK:
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
    higher = c.higher(c.of(u)) if u.kind in (Kind.SQUAD, Kind.HALF_SQUAD) else None
    if higher is None:
        log.note(
            u,
            "Battle Hardening: no higher Class (Fanatic status not built)",
            rule("battle_hardening"),
        )
        return u.with_(broken=False, pinned=False, dm=False)
    log.note(u, f"Battle Hardened to {higher.unit_class} ({higher.face})", rule("battle_hardening"))
    return become(u, higher, broken=False, pinned=False, dm=False)
