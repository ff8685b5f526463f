"""What the morale procedures ask of a unit's nationality: how it breaks, is Casualty Reduced,
fails by its ELR, takes a Heat of Battle result or a Sniper's dr 1, whether its leaders are
Replaced, whether it Disrupts, Pins and takes PTC, what its leaders do for it.

:func:`rules_for` gives the :class:`NationalMorale` object answering for a unit's nationality:
chapter A's answers (:class:`aslpto.rules.morale.standard.StandardMorale`, plugged in by the
package :mod:`aslpto.rules.morale`), or a chapter's own (G1's,
:mod:`aslpto.rules.japanese.morale`), named by module in
:data:`aslpto.base.plugins.NATIONAL_MORALE` and imported the first time a unit of that
nationality is asked about, so the core procedures import no chapter and a command imports
only what it needs. A new nationality's exceptions are one more such object (:func:`plug`).
"""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base import plugins
from aslpto.base.hints import Protocol, cast
from aslpto.base.rulings import Ruling
from aslpto.rules.morale.values import Check, HeatOfBattle, Log, Situation
from aslpto.state.dice import Dice
from aslpto.state.units import Unit

Units = tuple[Unit, ...]


class NationalMorale(Protocol):
    """The answers a nationality gives the morale procedures (:mod:`aslpto.rules.morale`)."""

    # -- Morale Level, leadership, immunities (A7.7, A7.8, A10.7, A25.23) -----------------

    def leader_morale_bonus(self, unit: Unit, location: Sequence[Unit]) -> Ruling[int]:
        """What a leader in its Location adds to ``unit``'s Morale Level (beyond leadership)."""
        ...

    def human_wave_rules(self, unit: Unit) -> tuple[str, ...]:
        """The rules beside A25.23 that the +1 of a Human Wave cites for ``unit``."""
        ...

    def encircled(self, unit: Unit) -> Ruling[int]:
        """What Encirclement does to ``unit``'s Morale Level (A7.7)."""
        ...

    def elr_operator(self) -> str:
        """How a failure is compared with the ELR: ``">"`` or ``">="``."""
        ...

    def exceeds_elr(self, unit: Unit, amount: int) -> Ruling[bool]:
        """Whether failing a MC by ``amount`` exceeds ``unit``'s ELR (A19.13)."""
        ...

    def pin_immunity(self, unit: Unit, situation: Situation) -> Ruling[bool]:
        """The nationality's own immunity to a Pin result (the core adds B21.41, A7.8)."""
        ...

    def takes_ptc(self, unit: Unit) -> Ruling[bool]:
        """Whether ``unit`` takes a PTC (and a LLTC) at all."""
        ...

    def pin_costs_concealment(self, unit: Unit, situation: Situation) -> Ruling[bool]:
        """Whether a failed PTC or a Pin result costs ``unit`` its concealment instead."""
        ...

    def llmc_as_lltc(self, unit: Unit) -> Ruling[bool]:
        """Whether ``unit`` takes a LLMC as a LLTC."""
        ...

    # -- results (A7.302, A10.3, A10.31, A15, A19.12-A19.13, A14.3) ---------------------------

    def casualty_reduce(self, unit: Unit, log: Log) -> list[Unit]:
        """Casualty Reduction of a MMC (a SMC is wounded by the core, A17.1)."""
        ...

    def leader_replaced_on_elr(self, unit: Unit) -> Ruling[bool]:
        """Whether a leader failing a MC by more than his ELR is Replaced (A19.13)."""
        ...

    def disrupts(self, unit: Unit) -> Ruling[bool]:
        """Whether a unit at the end of its Replacement chain Disrupts (A19.12)."""
        ...

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
        """A failed MC of an unbroken unit: Replacement, Casualty Reduction, the break."""
        ...

    def break_result(
        self, unit: Unit, log: Log, dice: Dice, *, check: Check, casualty: bool
    ) -> list[Unit]:
        """The break result of a failed MC (after any Replacement and Casualty Reduction)."""
        ...

    def heat_of_battle_results(
        self, unit: Unit, final: int, situation: Situation, log: Log
    ) -> list[HeatOfBattle]:
        """What a Heat of Battle Final DR makes of ``unit`` (A15.1), in order."""
        ...

    def sniper_dr1(self, unit: Unit, log: Log, dice: Dice) -> list[Unit]:
        """A Sniper attack's dr 1 on ``unit`` (A14.3)."""
        ...

    def is_commissar_equivalent(self, unit: Unit) -> Ruling[bool]:
        """Whether a leader takes the units with him berserk when he goes berserk (A25.223)."""
        ...

    def commissar_berserk(self, leader: Unit, location: Sequence[Unit]) -> Ruling[Units]:
        """The Location after such a leader went berserk."""
        ...


_PLUGGED: dict[str, NationalMorale] = {}
_STANDARD: list[NationalMorale] = []


def plug(nationality: str, rules: NationalMorale) -> None:
    """Answer for the units of ``nationality`` with ``rules`` (a chapter's exceptions)."""
    _PLUGGED[nationality] = rules


def unplug(nationality: str) -> None:
    """Forget what was plugged in for ``nationality`` (its module is asked again next time)."""
    _PLUGGED.pop(nationality, None)


def plug_standard(rules: NationalMorale) -> None:
    """Chapter A's answers, for every nationality no chapter answers for (done by the package
    :mod:`aslpto.rules.morale`)."""
    old = _STANDARD[0] if _STANDARD else None
    _STANDARD[:] = [rules]
    for nationality in [n for n, r in _PLUGGED.items() if r is old]:
        del _PLUGGED[nationality]


def rules_for(unit: Unit) -> NationalMorale:
    """The object answering for ``unit``'s nationality."""
    got = _PLUGGED.get(unit.nationality)
    if got is None:
        got = _PLUGGED[unit.nationality] = _load(unit.nationality)
    return got


def _load(nationality: str) -> NationalMorale:
    name = plugins.NATIONAL_MORALE.get(nationality)
    if name is not None:
        return cast(NationalMorale, plugins.module(name).MORALE)
    if not _STANDARD:
        raise RuntimeError("the standard morale rules are not plugged in (import aslpto.rules)")
    return _STANDARD[0]
