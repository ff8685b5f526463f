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
)
from aslpto.rules.morale.levels import (
    pin_immune as pin_immune,
)
from aslpto.rules.morale.levels import (
    ptc_exempt as ptc_exempt,
)
from aslpto.rules.morale.levels import (
    situation_in as situation_in,
)
from aslpto.rules.morale.national import (
    NationalMorale as NationalMorale,
)
from aslpto.rules.morale.national import (
    plug as plug,
)
from aslpto.rules.morale.national import (
    plug_standard as _plug_standard,
)
from aslpto.rules.morale.national import (
    rules_for as rules_for,
)
from aslpto.rules.morale.procedures import (
    Step as Step,
)
from aslpto.rules.morale.procedures import (
    odds_aerial_panji as odds_aerial_panji,
)
from aslpto.rules.morale.procedures import (
    odds_check as odds_check,
)
from aslpto.rules.morale.procedures import (
    odds_checks as odds_checks,
)
from aslpto.rules.morale.procedures import (
    odds_location as odds_location,
)
from aslpto.rules.morale.procedures import (
    odds_panji_stack as odds_panji_stack,
)
from aslpto.rules.morale.procedures import (
    odds_sniper as odds_sniper,
)
from aslpto.rules.morale.procedures import (
    resolve_aerial_panji as resolve_aerial_panji,
)
from aslpto.rules.morale.procedures import (
    resolve_check as resolve_check,
)
from aslpto.rules.morale.procedures import (
    resolve_checks as resolve_checks,
)
from aslpto.rules.morale.procedures import (
    resolve_location as resolve_location,
)
from aslpto.rules.morale.procedures import (
    resolve_panji_stack as resolve_panji_stack,
)
from aslpto.rules.morale.procedures import (
    resolve_sniper as resolve_sniper,
)
from aslpto.rules.morale.results import (
    apply_roll as apply_roll,
)
from aslpto.rules.morale.results import (
    break_result as break_result,
)
from aslpto.rules.morale.results import (
    casualty_reduce as casualty_reduce,
)
from aslpto.rules.morale.results import (
    heat_of_battle as heat_of_battle,
)
from aslpto.rules.morale.results import (
    heat_of_battle_drm as heat_of_battle_drm,
)
from aslpto.rules.morale.results import (
    heat_of_battle_subject as heat_of_battle_subject,
)
from aslpto.rules.morale.results import (
    replace_unit as replace_unit,
)
from aslpto.rules.morale.results import (
    wound as wound,
)
from aslpto.rules.morale.standard import (
    STANDARD as _STANDARD,
)
from aslpto.rules.morale.standard import (
    StandardMorale as StandardMorale,
)
from aslpto.rules.morale.values import (
    PLAIN as PLAIN,
)
from aslpto.rules.morale.values import (
    Check as Check,
)
from aslpto.rules.morale.values import (
    HeatOfBattle as HeatOfBattle,
)
from aslpto.rules.morale.values import (
    Log as Log,
)
from aslpto.rules.morale.values import (
    Result as Result,
)
from aslpto.rules.morale.values import (
    Situation as Situation,
)
from aslpto.rules.morale.values import (
    leadership_of as leadership_of,
)
from aslpto.rules.morale.values import (
    rule as rule,
)
from aslpto.rules.morale.values import (
    setting as setting,
)
from aslpto.rules.morale.values import (
    with_situation as with_situation,
)

_plug_standard(_STANDARD)  # chapter A's answers, for every nationality without a chapter

if TYPE_CHECKING:
    from aslpto.rules.morale.stack import Branch as Branch
    from aslpto.rules.morale.stack import Checks as Checks
    from aslpto.rules.morale.stack import Group as Group
    from aslpto.rules.morale.stack import StackOdds as StackOdds
    from aslpto.rules.morale.stack import stack_odds_checks as stack_odds_checks
    from aslpto.rules.morale.stack import stack_odds_location as stack_odds_location
    from aslpto.rules.morale.stack import stack_odds_panji as stack_odds_panji

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
