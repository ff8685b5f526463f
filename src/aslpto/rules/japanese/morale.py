"""G1's answers to the morale procedures (G1.1-G1.41, G1.5, G1.62): how a Japanese unit breaks
(Step Reduction, G1.12; the other break, G1.13), is Casualty Reduced (G1.14), fails by its ELR
(G1.12, G1.123-G1.125, G1.133), is wounded instead of broken (G1.4), takes Heat of Battle
(G1.62), and what its leaders do (G1.41). :class:`JapaneseMorale` overrides chapter A's
answers (:class:`aslpto.rules.morale.standard.StandardMorale`) where G1 changes them;
:mod:`aslpto.rules` plugs :data:`MORALE` in for the ``japanese`` nationality. The exchanges
themselves are the pure functions of :mod:`aslpto.rules.japanese.units`."""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.rulings import Ruling
from aslpto.rules.japanese import units as g1
from aslpto.rules.morale import (
    Check,
    HeatOfBattle,
    Log,
    Situation,
    casualty_reduce,
    rule,
    setting,
    wound,
)
from aslpto.rules.morale.standard import StandardMorale
from aslpto.state.counters import catalog, exchange
from aslpto.state.dice import Dice
from aslpto.state.units import Kind, Unit, UnitClass

Units = tuple[Unit, ...]


class JapaneseMorale(StandardMorale):
    """The Japanese (G1): chapter A's answers but where G1 says otherwise."""

    elr_key = "japanese"  # G1.12: "by >= its ELR"

    def leader_morale_bonus(self, unit: Unit, location: Sequence[Unit]) -> Ruling[int]:
        return g1.leader_morale_bonus(unit, location)

    def human_wave_rules(self, unit: Unit) -> tuple[str, ...]:
        return ("G1.5",)

    def encircled(self, unit: Unit) -> Ruling[int]:
        """G1.62: the Japanese are never Encircled."""
        return Ruling(0, ("G1.62",), "never Encircled")

    def elr_rules(self) -> tuple[str, ...]:
        return ("G1.12",)

    def pin_immunity(self, unit: Unit, situation: Situation) -> Ruling[bool]:
        """G1.4: Japanese SMC do not Pin [EXC: Collapsed Hut, G5.5]."""
        if unit.kind.is_smc and not situation.collapsed_hut:
            return Ruling(True, ("G1.4",), "Japanese SMC do not Pin")
        return super().pin_immunity(unit, situation)

    def takes_ptc(self, unit: Unit) -> Ruling[bool]:
        return g1.takes_ptc(unit)

    def pin_costs_concealment(self, unit: Unit, situation: Situation) -> Ruling[bool]:
        """G1.4: a PTC failed or a Pin result costs a concealed Japanese SMC his concealment."""
        if unit.concealed and unit.kind.is_smc and not situation.collapsed_hut:
            return Ruling(True, ("G1.4",), "a concealed Japanese SMC loses his concealment")
        return super().pin_costs_concealment(unit, situation)

    def llmc_as_lltc(self, unit: Unit) -> Ruling[bool]:
        """G1.62: an unbroken Japanese unit treats a LLMC as a LLTC."""
        if unit.broken:
            return super().llmc_as_lltc(unit)
        return Ruling(True, ("G1.62",), "treats the LLMC as a LLTC")

    # -- results ------------------------------------------------------------------------------

    def casualty_reduce(self, unit: Unit, log: Log) -> list[Unit]:
        """G1.14: a squad becomes one of its same-Class unbroken HS; a HS or crew is
        eliminated."""
        r = g1.casualty_reduce(unit)
        log.note(
            unit, "Casualty Reduced" if r.value else "eliminated (Casualty Reduction)", *r.rules
        )
        if not r.value:
            log.eliminated.append(unit.id)
        return list(r.value)

    def leader_replaced_on_elr(self, unit: Unit) -> Ruling[bool]:
        return g1.leader_replaced_on_elr(unit)

    def disrupts(self, unit: Unit) -> Ruling[bool]:
        return g1.disrupts(unit)

    def elr_replacement_applies(self, unit: Unit) -> bool:
        """A berserk Japanese unit is not Replaced (G1.12-G1.14: it is Casualty Reduced)."""
        return not unit.berserk

    def casualty_reduction_applies(self, unit: Unit, *, casualty: bool) -> bool:
        """G1.41: a Japanese leader's Casualty MC eliminates him by the break result."""
        return not (casualty and unit.kind == Kind.LEADER)

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
        """G1.12-G1.14 for an armed, non-berserk squad or infantry crew; chapter A's otherwise."""
        if unit.kind in (Kind.SQUAD, Kind.CREW) and not (unit.berserk or unit.unarmed):
            return self._step_failure(
                unit, log, dice, check=check, elr=elr, casualty=casualty, doubles_cr=doubles_cr
            )
        return super().failure(
            unit, log, dice, check=check, elr=elr, casualty=casualty, doubles_cr=doubles_cr
        )

    def _step_failure(
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
        if casualty:
            r = g1.casualty_mc(unit, exceeds_elr=elr.value)
            if not r.value:
                log.eliminated.append(unit.id)
            log.note(unit, "Casualty MC: " + r.why, *r.rules)
            return list(r.value)
        if doubles_cr:
            # G9.31: Replacement (G1.133 lowers the Class unless Conscript), Casualty Reduction,
            # then the break: the HS breaks in the normal manner (G1.2).
            u = unit
            if elr.value and unit.kind == Kind.SQUAD and unit.unit_class != UnitClass.CONSCRIPT:
                lower = catalog().lower_class(unit)
                if lower is not None:
                    u = exchange(unit, unit_class=lower)
                    log.note(unit, f"Replaced by its {lower} squad", "G9.31", "G1.133")
            units = casualty_reduce(u, log, dice)
            out: list[Unit] = []
            for v in units:
                log.note(v, "breaks", "G1.2", rule("break"), rule("dm"))
                out.append(self.broken(v))
            return out
        r = (
            g1.attack_break(unit, elr.value)
            if check == Check.MC
            else g1.other_break(unit, elr.value)
        )
        what = "step-reduced" if check == Check.MC else "broken"
        log.note(unit, f"{what}: {r.why}" if elr.value else what, *r.rules)
        return list(r.value)

    def break_result(
        self, unit: Unit, log: Log, dice: Dice, *, check: Check, casualty: bool
    ) -> list[Unit]:
        """G1.4: a SMC is wounded instead (or eliminated); G1.14: a berserk or Unarmed squad
        is Casualty Reduced; G1.12/G1.13 (G1.3): a squad or infantry crew is Step-Reduced or
        exchanged for broken HS."""
        u = unit
        if u.kind.is_smc:
            r = g1.smc_break_result(u, casualty_mc=casualty)
            if r.value == "eliminated":
                log.eliminated.append(u.id)
                log.note(u, "eliminated", *r.rules)
                return []
            log.note(u, "Wounded instead of broken", *r.rules)
            return wound(u, log, dice)
        if (u.berserk or u.unarmed) and u.kind == Kind.SQUAD:
            log.note(u, "berserk/Unarmed: Casualty Reduction instead", "G1.14")
            return casualty_reduce(u, log, dice)
        if u.kind in (Kind.SQUAD, Kind.CREW) and not u.berserk:
            # (G1.3: a crew as a squad, armed and not berserk; a berserk crew is Casualty
            # Reduced as any berserk unit)
            br = g1.attack_break(u) if check == Check.MC else g1.other_break(u)
            log.note(u, "step-reduced" if check == Check.MC else "broken", *br.rules)
            return list(br.value)
        return super().break_result(u, log, dice, check=check, casualty=casualty)

    def heat_of_battle_results(
        self, unit: Unit, final: int, situation: Situation, log: Log
    ) -> list[HeatOfBattle]:
        """G1.62: a Final DR >= its row makes a Japanese unit berserk (no upper limit), Battle
        Hardened instead in a pillbox."""
        results = self.heat_of_battle_table(
            final, situation, berserk_from="japanese_berserk_from", bounded=False
        )
        if HeatOfBattle.BERSERK in results and situation.pillbox:
            results = [HeatOfBattle.BATTLE_HARDENING]
            log.note(unit, "", "G1.62")
        elif HeatOfBattle.BERSERK in results and not situation.known_enemy_in_los:
            results = [HeatOfBattle.BATTLE_HARDENING]
        if HeatOfBattle.BERSERK in results:
            log.note(unit, "", "G1.62")
        return results

    def sniper_dr1(self, unit: Unit, log: Log, dice: Dice) -> list[Unit]:
        """A14.3: a SMC is eliminated, as any SMC (data/morale.toml; were it a break result,
        G1.4 would wound him instead); G1.11-G1.12, G1.3: a squad or crew is Step-Reduced; a HS
        as chapter A says."""
        if unit.kind.is_smc and setting("sniper", "dr1_smc") == "eliminated":
            return super().sniper_dr1(unit, log, dice)
        if unit.kind.is_smc:
            r = g1.smc_break_result(unit)
            if r.value == "eliminated":
                log.eliminated.append(unit.id)
                log.note(unit, "eliminated", *r.rules, rule("sniper"))
                return []
            log.note(unit, "Wounded", *r.rules, rule("sniper"))
            return wound(unit, log, dice)
        if unit.kind != Kind.HALF_SQUAD:
            sr = g1.sniper_dr1(unit)
            if not sr.value:
                log.eliminated.append(unit.id)
            log.note(unit, "Sniper dr 1: " + sr.why, *sr.rules, rule("sniper"))
            return list(sr.value)
        return super().sniper_dr1(unit, log, dice)

    def is_commissar_equivalent(self, unit: Unit) -> Ruling[bool]:
        return g1.is_commissar_equivalent(unit)

    def commissar_berserk(self, leader: Unit, location: Sequence[Unit]) -> Ruling[Units]:
        return g1.commissar_berserk(leader, location)


MORALE = JapaneseMorale()
"""G1's answers, plugged in for the ``japanese`` nationality by :mod:`aslpto.rules`."""
