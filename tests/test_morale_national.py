"""Each nationality's answers to the morale procedures are an object plugged in by nationality
(rules.morale.national): chapter A's by default, G1's for the Japanese, and a third one plugged
in without touching the core - here a stub nation whose units are pinned where others break
(no such rule exists: it proves the hooks, not a chapter)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from fractions import Fraction
from types import ModuleType

import pytest

from aslpto.base import plugins
from aslpto.base.rulings import Ruling
from aslpto.rules.japanese.morale import JapaneseMorale
from aslpto.rules.morale import (
    Check,
    Log,
    Situation,
    StandardMorale,
    odds_check,
    plug,
    resolve_check,
    rules_for,
    stack_odds_location,
)
from aslpto.rules.morale.national import unplug
from aslpto.state.counters import make
from aslpto.state.dice import Dice, GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

NO_HOB = Situation(heat_of_battle=False)
STUB = "X1.1"  # the stub's rule


class Stubborn(StandardMorale):
    """A stub nation: a failed MC pins instead of breaking; Encirclement costs nothing."""

    def break_result(
        self, unit: Unit, log: Log, dice: Dice, *, check: Check, casualty: bool
    ) -> list[Unit]:
        log.note(unit, "pinned instead of broken", STUB)
        return [unit.with_(pinned=True)]

    def encircled(self, unit: Unit) -> Ruling[int]:
        return Ruling(0, (STUB,), "never Encircled")


@pytest.fixture
def stubborn_finns() -> Iterator[Stubborn]:
    stub = Stubborn()
    plug("finnish", stub)
    yield stub
    unplug("finnish")


def finn(uid: str = "F1") -> Unit:
    return make(uid, "finnish", Kind.SQUAD, UnitClass.ELITE)


def yank(uid: str = "A1") -> Unit:
    return make(uid, "american", Kind.SQUAD, UnitClass.ELITE)


def test_a_unit_without_a_chapter_gets_chapter_a_and_a_japanese_one_g1() -> None:
    assert type(rules_for(yank())) is StandardMorale
    jp = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
    assert isinstance(rules_for(jp), JapaneseMorale)


def test_a_third_nationality_plugged_in_answers_for_its_units(stubborn_finns: Stubborn) -> None:
    assert rules_for(finn()) is stubborn_finns
    r = resolve_check(finn(), Check.MC, GivenDice("6,5"), situation=NO_HOB)
    (u,) = r.units
    assert u.pinned and not u.broken and STUB in r.rules
    assert r.events == ("F1: failed", "F1: pinned instead of broken")
    # every other nationality still breaks as chapter A says (A10.3)
    a = resolve_check(yank(), Check.MC, GivenDice("6,5"), situation=NO_HOB)
    assert a.units[0].broken and STUB not in a.rules


def test_a_third_nationality_changes_the_morale_level_through_its_hook(
    stubborn_finns: Stubborn,
) -> None:
    from aslpto.rules.morale import morale_level

    enc = Situation(encircled=True)
    assert morale_level(finn(), enc).value == 8 and STUB in morale_level(finn(), enc).rules
    assert morale_level(yank(), enc).value == 6  # A7.7


def test_a_third_nationality_in_the_exact_and_factored_odds(stubborn_finns: Stubborn) -> None:
    d = odds_check(finn(), Check.MC, drm=2, situation=NO_HOB)
    assert not any(u.broken for r, _ in d for u in r.units)
    so = stack_odds_location([finn("F1"), finn("F2")], Check.MC, drm=2, heat_of_battle=False)
    assert so.total() == 1
    ends = so.joint()
    assert not any(u.broken for r, _ in ends for u in r.units)
    # a unit fails with Final DR > 8 at +2: an Original DR of 7 or more, 21/36
    both_pinned = sum(
        (p for r, p in ends if all(u.pinned for u in r.units) and len(r.units) == 2),
        Fraction(0),
    )
    assert both_pinned >= Fraction(21, 36) ** 2


def test_a_nationality_named_by_module_is_imported_when_first_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = ModuleType("stubborn_nation")
    module.__dict__["MORALE"] = Stubborn()
    monkeypatch.setitem(sys.modules, "stubborn_nation", module)
    monkeypatch.setitem(plugins.NATIONAL_MORALE, "finnish", "stubborn_nation")
    unplug("finnish")
    try:
        assert rules_for(finn()) is module.MORALE
    finally:
        unplug("finnish")
    monkeypatch.undo()
    assert type(rules_for(finn())) is StandardMorale
