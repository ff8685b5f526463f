"""What the morale procedures ask of the Japanese rules (G1.1-G1.41): the G1 chapter
(:mod:`aslpto.rules.japanese.units`) answers, and :mod:`aslpto.rules` plugs it in, so the core
procedures import no chapter."""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base import plugins
from aslpto.base.hints import Protocol, cast
from aslpto.base.rulings import Ruling
from aslpto.state.units import Unit

Units = tuple[Unit, ...]


class JapaneseMorale(Protocol):
    """The G1 answers morale procedures (:mod:`aslpto.rules.morale`) need."""

    def is_japanese(self, unit: Unit) -> bool: ...

    def attack_break(self, unit: Unit, exceeds_elr: bool = False) -> Ruling[Units]: ...

    def other_break(self, unit: Unit, exceeds_elr: bool = False) -> Ruling[Units]: ...

    def casualty_mc(self, unit: Unit, exceeds_elr: bool = False) -> Ruling[Units]: ...

    def casualty_reduce(self, unit: Unit) -> Ruling[Units]: ...

    def sniper_dr1(self, unit: Unit) -> Ruling[Units]: ...

    def smc_break_result(self, unit: Unit, *, casualty_mc: bool = False) -> Ruling[str]: ...

    def disrupts(self, unit: Unit) -> Ruling[bool]: ...

    def takes_ptc(self, unit: Unit) -> Ruling[bool]: ...

    def leader_morale_bonus(self, unit: Unit, location: Sequence[Unit]) -> Ruling[int]: ...

    def leader_replaced_on_elr(self, unit: Unit) -> Ruling[bool]: ...

    def is_commissar_equivalent(
        self, unit: Unit, *, inherent_armor_leader: bool = False
    ) -> Ruling[bool]: ...

    def commissar_berserk(self, leader: Unit, location: Sequence[Unit]) -> Ruling[Units]: ...


class Plug:
    """Where the chapter's answers are plugged in (:func:`plug_japanese`, or by module name
    in :data:`aslpto.base.plugins.JAPANESE_MORALE`, imported when first asked)."""

    _rules: JapaneseMorale | None = None

    @property
    def rules(self) -> JapaneseMorale:
        if self._rules is None:
            if not plugins.JAPANESE_MORALE:
                raise RuntimeError("the G1 rules are not plugged in (import aslpto.rules)")
            self._rules = cast(JapaneseMorale, plugins.module(plugins.JAPANESE_MORALE))
        return self._rules

    @rules.setter
    def rules(self, rules: JapaneseMorale) -> None:
        self._rules = rules


G1 = Plug()
"""The Japanese rules (G1.1-G1.41) the morale procedures ask: ``G1.rules.attack_break(u)``."""


def plug_japanese(rules: JapaneseMorale) -> None:
    """Plug the G1 chapter's answers into the morale procedures (done by :mod:`aslpto.rules`)."""
    G1.rules = rules
