"""G1 rules checked sentence by sentence: Banzai Morale Level, sniper on a broken vehicle crew,
ATMM outcomes and the DC Hero, the Hand-to-Hand DRM, and hand counts over the 36 DR."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules import morale
from aslpto.rules.japanese import cc, heroes as th, units as jp
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

ALL_DR = [(w, c) for w in range(1, 7) for c in range(1, 7)]


def sq(
    cls: UnitClass = UnitClass.FIRST_LINE, strength: Strength = Strength.FULL, **kw: Any
) -> Unit:
    return make("J1", "japanese", Kind.SQUAD, cls, strength, **kw)


def count(pred: Callable[[int, int], bool]) -> Fraction:
    return Fraction(sum(1 for w, c in ALL_DR if pred(w, c)), 36)


# --- G1.5 / A25.23: a Banzai Charge raises the Morale Level by one ------------------------------


def test_g1_5_banzai_charge_raises_morale_level_by_one() -> None:
    banzai = morale.Situation(human_wave=True)
    assert morale.morale_level(sq(), banzai).value == 8
    assert morale.morale_level(sq(), morale.PLAIN).value == 7
    # with a leader: G1.41 and the Human Wave both add one
    assert (
        morale.morale_level(sq(), morale.Situation(human_wave=True, leader_morale_bonus=1)).value
        == 9
    )
    d = morale.odds_check(sq(), morale.Check.MC, situation=banzai)
    # 4-4-7 at Morale Level 8: passes on DR <= 8 (no Heat of Battle in a Banzai Charge), and a
    # DR of 8 does not pin it: a HW Unit is immune to Pin results (A25.23; the A25.234 EX)
    assert d.probability(lambda r: r.units[0].pinned) == 0
    same = d.probability(lambda r: r.units == (sq(),))
    assert same == count(lambda w, c: w + c <= 8)


def test_g1_423_th_hero_banzai_charge_has_no_morale_bonus() -> None:
    hero = make("H", "japanese", Kind.TH_HERO)
    assert morale.morale_level(hero, morale.Situation(human_wave=True)).value == hero.morale


def test_a25_23_broken_unit_gets_no_human_wave_bonus() -> None:
    hs = make("H", "japanese", Kind.HALF_SQUAD, UnitClass.FIRST_LINE, broken=True)
    assert morale.morale_level(hs, morale.Situation(human_wave=True)).value == 7


def test_a_18_a_banzai_leader_s_morale_level_never_above_10() -> None:
    """A 10-0 leader in a Banzai Charge (+1, A25.23) stays at 10 (A.18); a 9-1 reaches 10."""
    ten = make("L", "japanese", Kind.LEADER, face="10-0")
    r = morale.morale_level(ten, morale.Situation(human_wave=True))
    assert r.value == 10 and "A.18" in r.rules
    nine = make("M", "japanese", Kind.LEADER, face="9-1")
    r = morale.morale_level(nine, morale.Situation(human_wave=True))
    assert r.value == 10 and "A.18" not in r.rules


def test_g9_43_exc_banzai_stack_each_takes_panji_mc_at_plus_one() -> None:
    a, b = sq(), make("J2", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.FULL)
    d = morale.odds_panji_stack([a, b], human_wave=True)
    # each takes its own Panji MC (G9.41) at Morale Level 8: no effect on a non-doubles DR <= 8
    # (a DR of 8 does not pin a HW Unit, A25.23)
    p_ok = count(lambda w, c: w + c <= 8 and w != c)
    assert d.probability(lambda r: r.units == (a, b)) == p_ok * p_ok


# --- G1.3 EX / A14.3: a sniper dr 1 on an already broken vehicle crew ---------------------------


def test_g1_3_sniper_dr1_on_broken_vehicle_crew_is_casualty_reduction() -> None:
    vc = make("V", "japanese", Kind.VEHICLE_CREW, broken=True, dm=True)
    r = morale.resolve_sniper(vc, GivenDice(""))
    assert r.units == () and r.eliminated == ("V",)
    assert jp.sniper_dr1(vc).value == ()
    # unbroken 1-2-7: broken and DM (G1.3 EX)
    (u,) = morale.resolve_sniper(vc.with_(broken=False, dm=False), GivenDice("")).units
    assert u.broken and u.dm and u.counter == "1-2-7"


# --- G1.4231 / G1.424: ATMM --------------------------------------------------------------------


def test_g1_4231_atmm_success_is_reported() -> None:
    hero = make("H", "japanese", Kind.TH_HERO)
    for pre, p in ((False, Fraction(1, 2)), (True, Fraction(1, 3))):
        d = th.odds_atmm(hero, pre_1944=pre)
        assert d.probability(th.atmm_gained) == p
    assert th.atmm_gained(th.resolve_atmm(hero, GivenDice("3"), pre_1944=False))
    assert not th.atmm_gained(th.resolve_atmm(hero, GivenDice("3"), pre_1944=True))


def test_g1_424_dc_hero_rolls_for_no_atmm() -> None:
    dc = make("D", "japanese", Kind.DC_HERO, possesses_dc=True)
    with pytest.raises(RuleViolation, match=r"G1\.424"):
        th.resolve_atmm(dc, GivenDice("1"), pre_1944=False)


def test_g1_423_negative_mf_expended_is_an_input_error() -> None:
    with pytest.raises(InputError):
        th.th_hero_mf(-1)
    assert th.th_hero_mf(5).value == 0


# --- G1.64 ---------------------------------------------------------------------------------------


def test_g1_64_no_japanese_unit_in_the_attack_no_drm() -> None:
    us = make("A", "american", Kind.SQUAD, UnitClass.FIRST_LINE)
    assert cc.hand_to_hand_drm([us]).value == 0
    assert cc.hand_to_hand_drm([]).value == 0
    assert cc.hand_to_hand_drm([us, sq()]).value == -1
    assert cc.hand_to_hand_drm([sq(pinned=True), sq(unarmed=True)]).value == 0


# --- hand counts over the 36 DR ----------------------------------------------------------------


def test_g1_121_123_1mc_on_448_hand_count() -> None:
    """4-4-8, ELR 3, 1MC: Final DR = DR + 1 vs 8. DR 8-9 -> 3-4-8; DR 10-11 -> 1st-Line 3-4-7
    (G1.123); DR 12 -> broken 1st-Line 2-3-7 (G1.14 EX); DR 7 pins."""
    e = sq(UnitClass.ELITE)
    d = morale.odds_check(e, morale.Check.MC, drm=1)

    def faces(r: morale.Result) -> tuple[tuple[str, UnitClass | None, bool], ...]:
        return tuple((u.counter, u.unit_class, u.broken) for u in r.units)

    assert d.probability(lambda r: faces(r) == (("3-4-8", UnitClass.ELITE, False),)) == count(
        lambda w, c: w + c in (8, 9)
    )
    assert d.probability(lambda r: faces(r) == (("3-4-7", UnitClass.FIRST_LINE, False),)) == count(
        lambda w, c: w + c in (10, 11)
    )
    assert d.probability(lambda r: faces(r) == (("2-3-7", UnitClass.FIRST_LINE, True),)) == count(
        lambda w, c: w + c == 12
    )
    assert d.probability(lambda r: r.units[0].pinned) == count(lambda w, c: w + c == 7)


def test_g1_125_conscript_2mc_elr_2_hand_count() -> None:
    """3-3-6, ELR 2, 2MC: fails on DR >= 5; by >= 2 (DR >= 6) a broken 1-2-6 (G1.125), an
    Original 12 eliminated (G1.14 EX); DR 5 -> 2-2-6."""
    c6 = sq(UnitClass.CONSCRIPT, elr=2)
    d = morale.odds_check(c6, morale.Check.MC, drm=2)
    broken_hs = d.probability(lambda r: len(r.units) == 1 and r.units[0].counter == "1-2-6")
    assert broken_hs == count(lambda w, c: 6 <= w + c <= 11)
    assert d.probability(lambda r: r.units == ()) == count(lambda w, c: w + c == 12)
    assert d.probability(lambda r: bool(r.units) and r.units[0].counter == "2-2-6") == count(
        lambda w, c: w + c == 5
    )


def test_g9_31_g1_13_panji_mc_on_447_hand_count() -> None:
    """4-4-7, ELR 3, Panji MC (G9.31, G1.13): doubles < 12 Casualty Reduce even on a pass."""
    d = morale.odds_check(sq(), morale.Check.PANJI)

    def hs(r: morale.Result, face: str, n: int, broken: bool) -> bool:
        return len(r.units) == n and all(u.counter == face and u.broken == broken for u in r.units)

    assert d.probability(lambda r: hs(r, "2-3-7", 1, False)) == count(
        lambda w, c: w == c and w + c <= 7
    )
    assert d.probability(lambda r: hs(r, "2-3-7", 2, True)) == count(
        lambda w, c: w != c and w + c in (8, 9)
    )
    assert d.probability(lambda r: hs(r, "1-3-7", 2, True)) == count(
        lambda w, c: w != c and w + c in (10, 11)
    )
    # 4-4 fails within the ELR: Casualty Reduced, the HS breaks; 5-5 and 6-6 beyond it: 2nd Line
    assert d.probability(lambda r: hs(r, "2-3-7", 1, True)) == count(lambda w, c: (w, c) == (4, 4))
    assert d.probability(lambda r: hs(r, "1-3-7", 1, True)) == count(
        lambda w, c: (w, c) in ((5, 5), (6, 6))
    )
