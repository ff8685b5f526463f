"""Panji MC (G9.31), the stack procedure (G9.43) and the Aerial Panji MC (G9.47)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from hypothesis import given, settings, strategies as st

from aslpto.rules.morale import (
    Check,
    Result,
    odds_aerial_panji,
    odds_check,
    odds_panji_stack,
    resolve_aerial_panji,
    resolve_check,
    resolve_panji_stack,
)
from aslpto.state.counters import make
from aslpto.state.dice import Distribution, GivenDice, odds
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, S, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.SECOND_LINE, UnitClass.CONSCRIPT
FULL, RED = Strength.FULL, Strength.REDUCED

Look = tuple[tuple[str, str | None, bool, bool], ...]


def look(r: Result) -> Look:
    return tuple((u.counter, u.unit_class, u.broken, u.pinned) for u in r.units)


def tally(d: Distribution[Result], over: int = 36) -> dict[Look, int]:
    out: Counter[Look] = Counter()
    for r, p in d:
        assert (p * over).denominator == 1
        out[look(r)] += int(p * over)
    return dict(out)


def sq(id: str = "J1", cls: UnitClass = F, strength: Strength = FULL, **kw: Any) -> Unit:
    return make(id, "japanese", Kind.SQUAD, cls, strength, **kw)


GO_447 = ("4-4-7", F, False, False)
HS_237 = ("2-3-7", F, False, False)
BHS_237 = ("2-3-7", F, True, False)
BHS_137 = ("1-3-7", S, True, False)


def test_g9_31_panji_mc_on_447_hand_count() -> None:
    # 4-4-7 (ML 7, ELR 3). Totals with their doubles: 2 (1,1); 4 (2,2); 6 (3,3); 8 (4,4);
    # 10 (5,5); 12 (6,6).
    #   passes, no doubles, Final < 7: 3 (2) + 4 (2) + 5 (4) + 6 (4) = 12  -> unchanged
    #   passes with doubles 2, 4, 6: 3 -> Casualty Reduction: one unbroken 2-3-7
    #   Final 7 (6): pinned
    #   fails 8 no doubles (4) and 9 (4): by 1-2 -> G1.131 two broken 2-3-7     = 8
    #   fails 8 doubles (1): Casualty Reduction then the break: one broken 2-3-7 = 1
    #   fails 10 no doubles (2) and 11 (2): by 3-4 >= ELR -> two broken 1-3-7 (G1.133) = 4
    #   fails 10 doubles (1): Replaced (2nd-Line), Casualty Reduced, broken 1-3-7 = 1
    #   12 (1): Casualty MC beyond ELR: broken 2nd-Line 1-3-7                     = 1
    d = odds_check(sq(), Check.PANJI)
    assert tally(d) == {
        (GO_447,): 12,
        (HS_237,): 3,
        (("4-4-7", F, False, True),): 6,
        (BHS_237, BHS_237): 8,
        (BHS_237,): 1,
        (BHS_137, BHS_137): 4,
        (BHS_137,): 2,
    }


def test_g9_31_no_heat_of_battle() -> None:
    r = resolve_check(sq(), Check.PANJI, GivenDice("1,1"))
    assert not any("Heat of Battle" in e for e in r.events)
    assert look(r) == (HS_237,)  # Original doubles < 12: Casualty Reduction even on a pass


def test_g9_31_final_equal_to_morale_pins_after_casualty_reduction() -> None:
    # 4-4-8 (ML 8): 4,4 = 8: doubles -> Casualty Reduction, and Final = ML pins the HS
    r = resolve_check(sq(cls=E), Check.PANJI, GivenDice("4,4"))
    assert look(r) == (("2-3-8", E, False, True),)


def test_g9_31_order_replacement_then_casualty_then_break() -> None:
    # ELR 2, 5,5 = 10 vs 7: by 3 >= 2: Replaced, Casualty Reduced, broken (G1.133)
    r = resolve_check(sq(elr=2), Check.PANJI, GivenDice("5,5"))
    assert look(r) == (BHS_137,)
    assert r.events.index("J1: Replaced by its 2nd-line squad") < r.events.index(
        "J1: Casualty Reduced"
    )


def test_g9_31_japanese_smc_is_wounded_not_pinned() -> None:
    ld = make("L", "japanese", Kind.LEADER, face="9-1")
    (u,) = resolve_check(ld, Check.PANJI, GivenDice("5,4")).units  # Final 9 = ML
    assert not u.pinned
    (w,) = resolve_check(ld, Check.PANJI, GivenDice("3,3 2")).units  # doubles: wound
    assert w.wounded


def test_g9_31_non_japanese_panji_mc() -> None:
    u = make("A1", "american", Kind.SQUAD, F, elr=3)
    # 4,4 = 8 > 6 by 2: Casualty Reduction (doubles) then the break: a broken HS
    r = resolve_check(u, Check.PANJI, GivenDice("4,4"))
    assert [(x.kind, x.broken) for x in r.units] == [(Kind.HALF_SQUAD, True)]


# --- G9.43 ---------------------------------------------------------------------------------------


def test_g9_43_two_squads_hand_count() -> None:
    # Stack of two 4-4-7 (A, B). One is selected at random (1/2 each) for the Panji MC; the other
    # takes a PTC (pinned on Original 8-12: 15 of 36; unpinned 21 of 36).
    # P(A 4-4-7 pinned and B 4-4-7 unpinned):
    #   A selected: A pinned by its Panji MC (Final 7: 6 of 36) and B passes its PTC (21)
    #   B selected: B unchanged by its Panji MC (12 of 36) and A fails its PTC (15)
    a, b = sq("A"), sq("B")
    d = odds_panji_stack([a, b])
    p = d.probability(lambda r: look(r) == (("4-4-7", F, False, True), GO_447))
    assert p == Fraction(1, 2) * Fraction(6 * 21, 36 * 36) + Fraction(1, 2) * Fraction(
        12 * 15, 36 * 36
    )
    assert d.total() == 1


def test_g9_43_leadership_modifies_the_ptc() -> None:
    a = sq("A")
    ld = make("L", "japanese", Kind.LEADER, face="9-1")
    # 2 = the leader selected; the squad's PTC: 6,3 - 1 = 8 <= 7 + 1 (G1.41): not pinned
    r = resolve_panji_stack([a, ld], GivenDice("2 1,2 6,3"))
    assert not r.units[0].pinned
    assert "A: selected at random" not in r.events and "L: selected at random" in r.events


def test_g9_43_japanese_smc_exempt_from_ptc() -> None:
    a = sq("A")
    ld = make("L", "japanese", Kind.LEADER, face="9-1")
    r = resolve_panji_stack([a, ld], GivenDice("1 1,2"))  # squad selected; leader: no PTC
    assert any("L: exempt" in e for e in r.events)


def test_g9_43_exc_banzai_berserk_routing_each_take_a_panji_mc() -> None:
    a, b = sq("A"), sq("B")
    each: tuple[dict[str, Any], ...] = ({"human_wave": True}, {"berserk": True}, {"routing": True})
    for kw in each:
        r = resolve_panji_stack([a, b], GivenDice("1,1 1,1"), **kw)
        assert look(r) == (HS_237, HS_237)
        assert "G9.41" in r.rules


def test_g9_43_three_unit_stack_exact_equals_brute_force() -> None:
    units = [sq("A", E), sq("B", C, RED), make("L", "japanese", Kind.LEADER, face="10-0")]
    fast = odds_panji_stack(units)
    slow = odds(lambda dice: resolve_panji_stack(units, dice))
    assert dict(fast.items) == dict(slow.items)


# --- G9.47 ---------------------------------------------------------------------------------------


def test_g9_47_one_dr_morale_level_7_hand_count() -> None:
    # a 4-4-8 and a 3-3-6 both use Morale Level 7 and share one DR:
    #   both unchanged: passes without doubles below 7 = 12 of 36 (see G9.31 count)
    #   both pinned: Final 7 (6 of 36)
    a, b = sq("A", E), sq("B", C)
    d = odds_aerial_panji([a, b])
    t = tally(d)
    assert t[(("4-4-8", E, False, False), ("3-3-6", C, False, False))] == 12
    assert t[(("4-4-8", E, False, True), ("3-3-6", C, False, True))] == 6
    r = resolve_aerial_panji([a, b], GivenDice("4,3"))
    assert "G9.47" in r.rules and all(u.pinned for u in r.units)


# --- hypothesis ----------------------------------------------------------------------------------

STACK_UNITS = [
    sq("A", E),
    sq("B", C, RED),
    make("H", "japanese", Kind.HALF_SQUAD, S),
    make("L", "japanese", Kind.LEADER, face="9-1"),
    make("W", "american", Kind.SQUAD, E),
]


@settings(deadline=None, max_examples=25)
@given(st.lists(st.sampled_from(STACK_UNITS), min_size=1, max_size=3, unique_by=lambda u: u.id))
def test_g9_43_stack_odds_sum_to_one(units: list[Unit]) -> None:
    assert odds_panji_stack(units).total() == 1


@settings(deadline=None, max_examples=60)
@given(
    st.lists(st.sampled_from(STACK_UNITS), min_size=1, max_size=3, unique_by=lambda u: u.id),
    st.integers(1, 3),
    st.lists(st.integers(1, 6), min_size=12, max_size=12),
)
def test_g9_43_any_roll_lands_on_an_outcome(units: list[Unit], pick: int, rolls: list[int]) -> None:
    d = odds_panji_stack(units)
    given_rolls = ([min(pick, len(units))] if len(units) > 1 else []) + rolls
    r = resolve_panji_stack(units, GivenDice(given_rolls))
    assert d[r] > 0


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.sampled_from(STACK_UNITS), min_size=1, max_size=3, unique_by=lambda u: u.id),
    st.lists(st.integers(1, 6), min_size=8, max_size=8),
)
def test_g9_47_sums_to_one_and_rolls_land(units: list[Unit], rolls: list[int]) -> None:
    d = odds_aerial_panji(units)
    assert d.total() == 1
    assert d[resolve_aerial_panji(units, GivenDice(rolls))] > 0
