"""A10.2, G9.43: a stack's exact odds put together per unit (rules.morale.stack) are those of
every roll of the rolled procedure, and sum to 1; so are every history's
(rules.morale.procedures, what ``aslpto odds --detail`` lists), which StackOdds counts."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from aslpto.rules.morale import (
    Check,
    Result,
    odds_location,
    odds_panji_stack,
    resolve_location,
    resolve_panji_stack,
    stack_odds_location,
    stack_odds_panji,
)
from aslpto.state.counters import make
from aslpto.state.dice import Distribution, odds_by_class
from aslpto.state.units import Kind, Strength, Unit, UnitClass

POOL = (
    lambda i: make(f"J{i}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL),
    lambda i: make(f"J{i}", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED),
    lambda i: make(f"J{i}", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE),
    lambda i: make(f"L{i}", "japanese", Kind.LEADER, face="9-1"),
    lambda i: make(f"M{i}", "japanese", Kind.LEADER, face="8-0"),
    lambda i: make(f"A{i}", "american", Kind.SQUAD, UnitClass.ELITE, Strength.FULL).with_(
        side="japanese"
    ),
)


def _stack(picks: list[int]) -> list[Unit]:
    return [POOL[k](i) for i, k in enumerate(picks)]


def _outcomes(d: Distribution[Result]) -> defaultdict[object, Fraction]:
    """Each outcome as the units left (with their ids) and those eliminated: what a stack's
    checks come to."""
    out: defaultdict[object, Fraction] = defaultdict(Fraction)
    for r, p in d:
        out[(r.units, r.eliminated)] += p
    return out


def _end_states(d: Distribution[Result]) -> defaultdict[object, Fraction]:
    """Each outcome as the multiset of what is left (ids dropped), and how many eliminated."""
    out: defaultdict[object, Fraction] = defaultdict(Fraction)
    for r, p in d:
        key = (
            tuple(sorted(repr(u.with_(id="")) for u in r.units)),
            len(r.eliminated),
        )
        out[key] += p
    return out


# every roll is enumerated to compare: stacks of up to two units, where that stays cheap (a
# third unit with a leader's losses can take minutes); three-unit and larger stacks are the
# fixed cases below and bench_odds.py
@settings(max_examples=12, deadline=None)
@given(
    picks=st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=2),
    check=st.sampled_from([Check.MC, Check.NMC, Check.PTC]),
    drm=st.integers(0, 3),
)
def test_a10_2_location_odds_equal_every_roll(picks: list[int], check: Check, drm: int) -> None:
    units = _stack(picks)
    every = odds_location(units, check, drm=drm, heat_of_battle=False)
    brute = odds_by_class(
        lambda d: resolve_location(units, check, d, drm=drm, heat_of_battle=False)
    )
    assert _outcomes(every) == _outcomes(brute)
    assert every.total() == 1
    grouped = stack_odds_location(units, check, drm=drm, heat_of_battle=False)
    assert grouped.total() == 1
    assert _end_states(grouped.joint()) == _end_states(brute)
    assert grouped.histories == len(every)


@settings(max_examples=8, deadline=None)
@given(picks=st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=2))
def test_g9_43_panji_stack_odds_equal_every_roll(picks: list[int]) -> None:
    units = _stack(picks)
    every = odds_panji_stack(units)
    brute = odds_by_class(lambda d: resolve_panji_stack(units, d))
    assert _outcomes(every) == _outcomes(brute)
    grouped = stack_odds_panji(units)
    assert grouped.total() == 1
    assert _end_states(grouped.joint()) == _end_states(brute)
    assert grouped.histories == len(every)


def test_a10_2_heat_of_battle_and_leader_loss_equal_every_roll() -> None:
    """With Heat of Battle (A15.1; G1.62 Commissar berserk) and the LLMC of a lost leader."""
    units = _stack([0, 3])
    every = odds_location(units, Check.MC, drm=2)
    brute = odds_by_class(lambda d: resolve_location(units, Check.MC, d, drm=2))
    assert dict(every.items) == dict(brute.items)
    grouped = stack_odds_location(units, Check.MC, drm=2)
    assert _end_states(grouped.joint()) == _end_states(brute)
    assert grouped.histories == len(every)


def test_a10_2_identical_units_are_interchangeable() -> None:
    """Two identical squads: the joint lists each multiset of fates once."""
    units = _stack([0, 0])
    per_id = odds_location(units, Check.NMC)
    grouped = stack_odds_location(units, Check.NMC).joint()
    assert grouped.total() == 1
    assert len(grouped) < len(_end_states(per_id)) + 1
    assert _end_states(grouped) == _end_states(per_id)


def test_a10_2_ten_squads_with_a_leader_exact() -> None:
    units = [POOL[0](i) for i in range(10)] + [POOL[3](10)]
    d = stack_odds_location(units, Check.MC, drm=2)
    assert d.total() == Fraction(1)
    assert d.size > 10**5


def test_g9_43_twelve_units_exact() -> None:
    units = [POOL[0](i) for i in range(11)] + [POOL[3](11)]
    d = stack_odds_panji(units)
    j = d.joint()
    assert j.total() == 1
    assert sum(p for _, p in j) == Fraction(1)
