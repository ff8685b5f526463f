"""Morale Checks, Task Checks and their results, as the PTO rules use them.

Core rules (A7.302, A10, A15, A17, A19) are implemented from the published rules; the
numbers this project could not check sit in ``data/morale.toml``. Japanese results come from
:mod:`aslpto.rules.japanese.morale` (G1.1-G1.41), each nationality's answers asked of
:func:`rules_for` (chapter A's: :class:`StandardMorale`); the Panji MC is G9.31, its stack
procedure G9.43 and the Aerial Panji MC G9.47.

Every procedure is rollable (``resolve_*(..., dice)``) and exact (``odds_*`` giving a
:class:`~aslpto.state.dice.Distribution`); the Location and stack procedures compose per-unit
distributions with :meth:`Distribution.bind` (``odds_location``, ``odds_panji_stack``: every
history, exponential in the stack); the stack procedures of :mod:`aslpto.rules.morale.stack`
(``stack_odds_location``, ``stack_odds_panji``) take the leaders' rolls first, then each other
unit's checks once per distinct unit and situation, so that a stack's odds of outcomes grow
polynomially with its size (:class:`StackOdds` takes identical units as interchangeable).

>>> from aslpto.state.counters import make
>>> from aslpto.state.dice import GivenDice
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> sq = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
>>> r = resolve_check(sq, Check.MC, GivenDice("5,5"), drm=0)
>>> [u.counter for u in r.units], r.events
(['3-4-8'], ('J1: failed', 'J1: step-reduced'))
"""

from __future__ import annotations

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.plugins import Later
from aslpto.rules.morale.levels import (
    morale_level as morale_level,
    pin_immune as pin_immune,
    ptc_exempt as ptc_exempt,
    situation_in as situation_in,
)
from aslpto.rules.morale.national import (
    NationalMorale as NationalMorale,
    plug as plug,
    plug_standard as _plug_standard,
    rules_for as rules_for,
)
from aslpto.rules.morale.procedures import (
    Step as Step,
    odds_aerial_panji as odds_aerial_panji,
    odds_check as odds_check,
    odds_checks as odds_checks,
    odds_location as odds_location,
    odds_panji_stack as odds_panji_stack,
    odds_sniper as odds_sniper,
    resolve_aerial_panji as resolve_aerial_panji,
    resolve_check as resolve_check,
    resolve_checks as resolve_checks,
    resolve_location as resolve_location,
    resolve_panji_stack as resolve_panji_stack,
    resolve_sniper as resolve_sniper,
)
from aslpto.rules.morale.results import (
    apply_roll as apply_roll,
    break_result as break_result,
    casualty_reduce as casualty_reduce,
    heat_of_battle as heat_of_battle,
    heat_of_battle_drm as heat_of_battle_drm,
    heat_of_battle_subject as heat_of_battle_subject,
    replace_unit as replace_unit,
    wound as wound,
)
from aslpto.rules.morale.standard import (
    STANDARD as _STANDARD,
    StandardMorale as StandardMorale,
)
from aslpto.rules.morale.values import (
    PLAIN as PLAIN,
    Check as Check,
    HeatOfBattle as HeatOfBattle,
    Log as Log,
    Result as Result,
    Situation as Situation,
    leadership_of as leadership_of,
    rule as rule,
    setting as setting,
    with_situation as with_situation,
)

_plug_standard(_STANDARD)  # chapter A's answers, for every nationality without a chapter

if TYPE_CHECKING:
    from aslpto.rules.morale.stack import (
        Branch as Branch,
        Checks as Checks,
        Group as Group,
        StackOdds as StackOdds,
        stack_odds_checks as stack_odds_checks,
        stack_odds_location as stack_odds_location,
        stack_odds_panji as stack_odds_panji,
    )

if not TYPE_CHECKING:
    # the stack procedures imported when first asked for (a single unit's check does without them)
    __getattr__ = Later(
        globals(),
        dict.fromkeys(
            (
                "Branch",
                "Checks",
                "Group",
                "StackOdds",
                "stack_odds_checks",
                "stack_odds_location",
                "stack_odds_panji",
            ),
            "aslpto.rules.morale.stack",
        ),
    )
    __dir__ = __getattr__.dir
    __all__ = __getattr__.public()
