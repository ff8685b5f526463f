"""Chapter A's answers to the morale procedures' questions of a nationality (A7.302, A7.7,
A7.8, A10.3, A14.3, A15.1, A17, A19.12-A19.13, A25.23): what every nationality does that no
chapter of its own changes (:class:`StandardMorale`, the default of
:func:`aslpto.rules.morale.national.rules_for`). A chapter's nationality subclasses it and
overrides the answers its rules change (G1's: :mod:`aslpto.rules.japanese.morale`)."""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.rulings import RuleViolation, Ruling
from aslpto.rules.morale.results import (
    _break,
    break_result,
    casualty_reduce,
    replace_unit,
    wound,
)
from aslpto.rules.morale.values import Check, HeatOfBattle, Log, Situation, _data, rule, setting
from aslpto.state.counters import catalog, exchange
from aslpto.state.dice import Dice
from aslpto.state.units import Kind, Unit

Units = tuple[Unit, ...]

_NONE: Ruling[bool] = Ruling(False, (), "")


class StandardMorale:
    """How a unit of a nationality with no exceptions of its own takes the morale procedures'
    results (the :class:`~aslpto.rules.morale.national.NationalMorale` hooks)."""

    elr_key = "standard"
    """Its row of ``[elr]`` in data/morale.toml (how a failure is compared with the ELR)."""

    # -- Morale Level, leadership, immunities ------------------------------------------------

    def leader_morale_bonus(self, unit: Unit, location: Sequence[Unit]) -> Ruling[int]:
        return Ruling(0, (), "")

    def human_wave_rules(self, unit: Unit) -> tuple[str, ...]:
        return ()

    def encircled(self, unit: Unit) -> Ruling[int]:
        """A7.7: an Encircled unit's Morale Level is one lower."""
        return Ruling(-1, (rule("encircled"),), "Encircled")

    def elr_operator(self) -> str:
        return str(setting("elr", self.elr_key))

    def elr_rules(self) -> tuple[str, ...]:
        return (rule("replacement"),)

    def exceeds_elr(self, unit: Unit, amount: int) -> Ruling[bool]:
        """A19.13: failing a MC by more than the ELR."""
        op = self.elr_operator()
        hit = amount >= unit.elr if op == ">=" else amount > unit.elr
        rules = self.elr_rules()
        return Ruling(hit, rules, f"failed by {amount} {op} ELR {unit.elr}" if hit else "")

    def pin_immunity(self, unit: Unit, situation: Situation) -> Ruling[bool]:
        return _NONE

    def takes_ptc(self, unit: Unit) -> Ruling[bool]:
        return Ruling(True, (), "")

    def pin_costs_concealment(self, unit: Unit, situation: Situation) -> Ruling[bool]:
        return _NONE

    def llmc_as_lltc(self, unit: Unit) -> Ruling[bool]:
        return _NONE

    # -- results ------------------------------------------------------------------------------

    def broken(self, unit: Unit) -> Unit:
        """A10.3/A10.62: the unit broken and DM, on its broken side."""
        return _break(unit)

    def casualty_reduce(self, unit: Unit, log: Log) -> list[Unit]:
        """A7.302: a squad is Reduced to a HS; a HS or crew is eliminated."""
        if unit.kind == Kind.SQUAD:
            hs = (
                unit.with_(kind=Kind.HALF_SQUAD, counter="unarmed HS")
                if unit.unarmed
                else exchange(unit, Kind.HALF_SQUAD)
            )
            log.note(unit, "Casualty Reduced to a HS", rule("casualty_reduction"))
            return [hs]
        log.eliminated.append(unit.id)
        log.note(unit, "eliminated (Casualty Reduction)", rule("casualty_reduction"))
        return []

    def leader_replaced_on_elr(self, unit: Unit) -> Ruling[bool]:
        return Ruling(True, ("A19.13",), "")

    def disrupts(self, unit: Unit) -> Ruling[bool]:
        """A19.12: as the counter catalog says of the nationality."""
        return Ruling(catalog().nationality(unit.nationality).disrupts, ("A19.12",), "")

    def elr_replacement_applies(self, unit: Unit) -> bool:
        """Whether a unit failing by more than its ELR is Replaced (A19.13) at all."""
        return True

    def casualty_reduction_applies(self, unit: Unit, *, casualty: bool) -> bool:
        """Whether a Casualty MC (or a G9.31 doubles) Casualty Reduces the unit before its
        break result."""
        return True

    def failure(
        self,
        unit: Unit,
        log: Log,
        dice: Dice,
        *,
        check: Check,
        elr: Ruling[bool],
        casualty: bool,
        doubles_cr: bool,
    ) -> list[Unit]:
        """A19.13 Replacement, then Casualty Reduction (A10.31 Casualty MC; G9.31), then the
        break result."""
        u = unit
        if elr.value and self.elr_replacement_applies(u):
            log.note(u, "", *elr.rules)
            u = replace_unit(u, log)
        units = [u]
        if (casualty or doubles_cr) and self.casualty_reduction_applies(u, casualty=casualty):
            units = casualty_reduce(u, log, dice)
        out: list[Unit] = []
        for v in units:
            out.extend(break_result(v, log, dice, check=check, casualty=casualty))
        return out

    def break_result(
        self, unit: Unit, log: Log, dice: Dice, *, check: Check, casualty: bool
    ) -> list[Unit]:
        """A heroic SMC is wounded (eliminated if already wounded, A15.2); a berserk unit is
        Casualty Reduced (A15.4); any other unit breaks (A10.3)."""
        u = unit
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
        return [self.broken(u)]

    def heat_of_battle_table(
        self, final: int, situation: Situation, *, berserk_from: str, bounded: bool
    ) -> list[HeatOfBattle]:
        """A15.1: the results of a Heat of Battle Final DR on its table, berserk from the
        ``berserk_from`` row of data/morale.toml (up to ``berserk_to`` when ``bounded``)."""
        hob = _data()["heat_of_battle"]
        results: list[HeatOfBattle] = []
        if final <= int(hob["hero_at_most"]):
            results.append(HeatOfBattle.HERO)
        if int(hob["battle_hardening_from"]) <= final <= int(hob["battle_hardening_to"]):
            results.append(HeatOfBattle.BATTLE_HARDENING)
        if int(hob[berserk_from]) <= final and (not bounded or final <= int(hob["berserk_to"])):
            results.append(HeatOfBattle.BERSERK)
        elif final >= int(hob["surrender_at_least"]):
            results.append(HeatOfBattle.BERSERK if situation.no_quarter else HeatOfBattle.SURRENDER)
        return results

    def heat_of_battle_results(
        self, unit: Unit, final: int, situation: Situation, log: Log
    ) -> list[HeatOfBattle]:
        """A15.1; without a Known enemy unit in LOS, berserk becomes Battle Hardening
        (A15.44)."""
        results = self.heat_of_battle_table(
            final, situation, berserk_from="berserk_from", bounded=True
        )
        if HeatOfBattle.BERSERK in results and not situation.known_enemy_in_los:
            results = [HeatOfBattle.BATTLE_HARDENING]
        return results

    def sniper_dr1(self, unit: Unit, log: Log, dice: Dice) -> list[Unit]:
        """A14.3: a Sniper's dr 1 eliminates a SMC (data/morale.toml: or wounds or breaks it);
        a MMC breaks, or is Casualty Reduced if already broken."""
        if unit.kind.is_smc:
            log.note(unit, "Sniper dr 1 vs a SMC", rule("sniper"))
            effect = setting("sniper", "dr1_smc")
            if effect == "eliminated":
                log.eliminated.append(unit.id)
                log.note(unit, "eliminated", rule("sniper"))
                return []
            if effect == "wound":
                return wound(unit, log, dice)
            return break_result(unit, log, dice, check=Check.MC, casualty=False)
        log.note(unit, "Sniper dr 1", rule("sniper"))
        if unit.broken:
            return casualty_reduce(unit, log, dice)
        return break_result(unit, log, dice, check=Check.MC, casualty=False)

    def is_commissar_equivalent(self, unit: Unit) -> Ruling[bool]:
        return _NONE

    def commissar_berserk(self, leader: Unit, location: Sequence[Unit]) -> Ruling[Units]:
        raise RuleViolation("A25.223", f"{leader.id} takes no units with him when berserk")


STANDARD = StandardMorale()
"""Chapter A's answers, plugged in for every nationality no chapter answers for."""
