"""Close Combat in one Location (A11) as ``aslpto odds cc`` and :func:`aslpto.cc` answer it:
both sides' attacks with every FP and DRM item, then the odds of their joint fates, or one roll
(:mod:`aslpto.rules.cc`), and the JSON of both.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> j = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
>>> us = make("A1", "american", Kind.SQUAD, face="6-6-6")
>>> answer = cc([j], [us])
>>> answer.cc.hand_to_hand, answer.odds.probability(lambda r: not r.eliminated)
(True, Fraction(35, 144))
"""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.rules import morale as m
from aslpto.rules.cc.resolution import CC, PLAIN, CCOptions, cc_odds, prepare, resolve_cc
from aslpto.state.dice import Dice, Distribution
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.state.game import Game

__all__ = ["CC", "CCAnswer", "CCOptions", "cc", "cc_json"]


@record
class CCAnswer:
    """A CC: how it is made (``cc``: both attacks, Hand-to-Hand, who attacks first), and the
    odds of both sides' joint fates (``odds``) or, with dice, the roll (``rolled``)."""

    cc: CC
    odds: Distribution[m.Result] | None = None
    rolled: m.Result | None = None


def cc(
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    options: CCOptions = PLAIN,
    dice: Dice | None = None,
    game: Game | None = None,
) -> CCAnswer:
    """The CC of the ATTACKER's ``attackers`` and the DEFENDER's ``defenders`` in a Location:
    its exact odds, or one roll with ``dice``."""
    made = prepare(attackers, defenders, options, game)
    if dice is not None:
        return CCAnswer(made, rolled=resolve_cc(made, dice, game))
    return CCAnswer(made, odds=cc_odds(made, game))


def cc_json(made: CC) -> dict[str, Any]:
    """How the CC is made, as ``aslpto odds cc --json`` gives it (``"cc"``)."""
    atk, dfn = made.attacks
    return {
        "hand_to_hand": made.hand_to_hand,
        "hand_to_hand_why": made.hand_to_hand_why,
        "ambush": made.options.ambush or None,
        "first": made.first or "simultaneous",
        "attacks": {
            "attacker": atk.as_json() if atk else None,
            "defender": dfn.as_json() if dfn else None,
        },
        "rules": list(made.rules),
    }
