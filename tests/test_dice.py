"""Dice (A.1): dr and DR, Original and Final, doubles; seeded, given and exact sources."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import InputError
from aslpto.state.dice import (
    DR,
    Dice,
    Distribution,
    DR_distribution,
    GivenDice,
    RandomDice,
    dr_distribution,
    odds,
)

ALL_DR = [(w, c) for w in range(1, 7) for c in range(1, 7)]


# --- DR ------------------------------------------------------------------------------------


def test_a1_dr_total_is_the_original_dr() -> None:
    assert DR(3, 5).total == 8
    assert DR(6, 6).total == 12


def test_a1_doubles_are_both_dice_equal() -> None:
    assert DR(4, 4).doubles
    assert not DR(4, 3).doubles


def test_a1_dr_prints_white_then_colored() -> None:
    assert str(DR(2, 5)) == "2,5"


def test_a1_dr_is_hashable_and_ordered_by_die() -> None:
    assert DR(2, 5) != DR(5, 2)
    assert len({DR(2, 5), DR(5, 2), DR(2, 5)}) == 2


# --- RandomDice -------------------------------------------------------------------------------


def test_random_dice_same_seed_same_rolls() -> None:
    a, b = RandomDice(7), RandomDice(7)
    assert [a.DR() for _ in range(20)] == [b.DR() for _ in range(20)]
    assert [a.dr() for _ in range(20)] == [b.dr() for _ in range(20)]
    assert [a.choice(3) for _ in range(20)] == [b.choice(3) for _ in range(20)]


def test_random_dice_ranges() -> None:
    d = RandomDice(1)
    rolls = [d.dr() for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    pairs = [d.DR() for _ in range(600)]
    assert all(1 <= p.white <= 6 and 1 <= p.colored <= 6 for p in pairs)
    assert {d.choice(4) for _ in range(200)} == {0, 1, 2, 3}


def test_random_dice_frequencies_are_plausible() -> None:
    d = RandomDice(12345)
    n = 36_000
    sevens = sum(1 for _ in range(n) if d.DR().total == 7)
    assert abs(sevens / n - 1 / 6) < 0.01


# --- GivenDice --------------------------------------------------------------------------------


def test_given_dice_reads_dr_then_dr() -> None:
    g = GivenDice("3,5 4")
    assert g.DR() == DR(3, 5)
    assert g.dr() == 4
    assert g.remaining == 0


def test_given_dice_accepts_an_iterable() -> None:
    g = GivenDice([6, 6, 1])
    assert g.DR().total == 12
    assert g.dr() == 1


def test_given_dice_choice_is_one_based() -> None:
    g = GivenDice("3")
    assert g.choice(3) == 2


def test_given_dice_running_out_is_an_input_error() -> None:
    g = GivenDice("3")
    with pytest.raises(InputError, match="not enough rolls"):
        g.DR()


def test_given_dice_die_out_of_range_is_an_input_error() -> None:
    with pytest.raises(InputError, match="outside 1-6"):
        GivenDice("7").dr()
    with pytest.raises(InputError, match="outside 1-3"):
        GivenDice("4").choice(3)


def test_given_dice_rejects_other_characters() -> None:
    with pytest.raises(InputError, match="only digits"):
        GivenDice("3,x")


# --- exact odds: checked against counts written out by hand ------------------------------------


def test_odds_dr_at_most_7_is_21_of_36() -> None:
    # totals 2..7 occur 1+2+3+4+5+6 = 21 times among the 36 DR
    d = odds(lambda dice: dice.DR().total <= 7)
    assert d[True] == Fraction(21, 36)
    assert d[False] == Fraction(15, 36)


def test_odds_doubles_are_6_of_36() -> None:
    assert odds(lambda dice: dice.DR().doubles)[True] == Fraction(6, 36)


def test_odds_totals_match_the_triangle() -> None:
    counts = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    d = odds(lambda dice: dice.DR().total)
    assert {t: d[t] for t in counts} == {t: Fraction(n, 36) for t, n in counts.items()}


def test_odds_single_die() -> None:
    d = odds(lambda dice: dice.dr() <= 3)
    assert d[True] == Fraction(3, 6)


def test_odds_conditional_further_roll() -> None:
    # DR 12 then a dr: only 1/36 branches into the dr
    def proc(dice: Dice) -> str:
        if dice.DR().total == 12:
            return "kia" if dice.dr() >= 5 else "wound"
        return "none"

    d = odds(proc)
    assert d["none"] == Fraction(35, 36)
    assert d["kia"] == Fraction(1, 36) * Fraction(2, 6)
    assert d["wound"] == Fraction(1, 36) * Fraction(4, 6)


def test_odds_choice() -> None:
    d = odds(lambda dice: dice.choice(3))
    assert dict(d.items) == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}


def test_dr_and_DR_distributions() -> None:
    assert len(dr_distribution()) == 6
    assert dr_distribution().total() == 1
    assert len(DR_distribution()) == 36
    assert DR_distribution()[DR(6, 6)] == Fraction(1, 36)


# --- Distribution --------------------------------------------------------------------------------


def test_distribution_of_merges_and_drops_zero() -> None:
    d = Distribution.of(
        [("a", Fraction(1, 4)), ("b", Fraction(0)), ("a", Fraction(1, 4)), ("c", Fraction(1, 2))]
    )
    assert d.outcomes == ("a", "c")
    assert d["a"] == Fraction(1, 2)
    assert d["b"] == 0
    assert len(d) == 2
    assert list(d) == [("a", Fraction(1, 2)), ("c", Fraction(1, 2))]


def test_distribution_certain_map_bind_probability() -> None:
    d = Distribution.certain(3)
    assert d[3] == 1
    two = dr_distribution().map(lambda v: v % 2)
    assert two[0] == two[1] == Fraction(1, 2)
    total = dr_distribution().bind(lambda a: dr_distribution().map(lambda b: a + b))
    assert dict(total.items) == dict(odds(lambda dice: dice.DR().total).items)
    assert dr_distribution().probability(lambda v: v >= 5) == Fraction(1, 3)


# --- hypothesis ---------------------------------------------------------------------------------


@given(st.integers(min_value=-6, max_value=18), st.integers(min_value=-4, max_value=4))
def test_odds_of_any_check_sums_to_one(morale: int, drm: int) -> None:
    d = odds(lambda dice: dice.DR().total + drm <= morale)
    assert d.total() == 1


@settings(deadline=None)
@given(st.lists(st.sampled_from(["dr", "DR", "c2", "c3"]), max_size=2))
def test_odds_of_any_roll_sequence_sums_to_one(plan: list[str]) -> None:
    def proc(dice: Dice) -> tuple[int, ...]:
        out: list[int] = []
        for p in plan:
            if p == "dr":
                out.append(dice.dr())
            elif p == "DR":
                out.append(dice.DR().total)
            else:
                out.append(dice.choice(int(p[1])))
        return tuple(out)

    d = odds(proc)
    assert d.total() == 1
    assert all(p > 0 for _, p in d)


@given(st.sampled_from(ALL_DR), st.integers(min_value=1, max_value=6))
def test_given_rolls_land_on_an_outcome_of_odds(dr: tuple[int, int], die: int) -> None:
    def proc(dice: Dice) -> tuple[int, bool, int]:
        r = dice.DR()
        extra = dice.dr() if r.doubles else 0
        return r.total, r.doubles, extra

    d = odds(proc)
    rolls = [dr[0], dr[1]] + ([die] if dr[0] == dr[1] else [])
    assert d[proc(GivenDice(rolls))] > 0


@given(st.integers(min_value=0, max_value=2**32))
def test_seeded_rolls_land_on_an_outcome_of_odds(seed: int) -> None:
    d = odds(lambda dice: (dice.DR().total, dice.dr()))
    rd = RandomDice(seed)
    assert d[(rd.DR().total, rd.dr())] > 0
