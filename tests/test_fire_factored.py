"""A7.3, A10.2: the factored exact odds of an attack (rules.fire.resolution.attack_odds: given
the Original DR and the leaders' part, each other unit's fate independent) are the enumerated
ones - every history of the checks, and on one unit every roll - and the answers kept from one
question to the next (rules.morale.kept) change neither the odds nor the unchecked values an
answer lists."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from aslpto.base import unchecked
from aslpto.rules.fire import resolution
from aslpto.rules.fire.resolution import Attack, attack_odds, attack_ways, resolve_attack
from aslpto.rules.morale import (
    Check,
    Result,
    apply_roll,
    branches as mb,
    odds_checks,
    situation_in,
    stack as ms,
)
from aslpto.rules.morale.summary import STANDINGS, standing, summarize
from aslpto.state.counters import make
from aslpto.state.dice import Distribution, odds_by_class
from aslpto.state.units import Kind, Strength, Unit, UnitClass

COLUMNS = (1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36)

MAKERS = {
    "japanese": (
        lambda i: make(f"J{i}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL),
        lambda i: make(f"J{i}", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED),
        lambda i: make(f"J{i}", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE),
        lambda i: make(f"J{i}", "japanese", Kind.CREW, strength=Strength.FULL),
    ),
    "american": (
        lambda i: make(f"A{i}", "american", Kind.SQUAD, face="6-6-6"),
        lambda i: make(f"A{i}", "american", Kind.SQUAD, face="6-6-6", broken=True),
        lambda i: make(f"A{i}", "american", Kind.HALF_SQUAD, face="3-3-7"),
    ),
}
LEADERS = {"japanese": ("9-1", "10-1", "8-0"), "american": ("8-1", "9-2", "7-0")}


@st.composite
def stacks(draw: st.DrawFn, most: int) -> list[Unit]:
    """Up to ``most`` MMC of one nationality, or one MMC and a leader (the leader's checks and
    losses multiply the histories the enumeration walks)."""
    nat = draw(st.sampled_from(sorted(MAKERS)))
    leader = draw(st.booleans())
    n = 1 if leader else draw(st.integers(1, most))
    units = [draw(st.sampled_from(MAKERS[nat]))(i) for i in range(n)]
    if leader:
        units.append(make("L", nat, Kind.LEADER, face=draw(st.sampled_from(LEADERS[nat]))))
    return units


@st.composite
def attacks(draw: st.DrawFn, units: list[Unit]) -> Attack:
    drm = draw(st.integers(-2, 4))
    own = draw(st.booleans())  # each unit its own DRM (its TEM) or one for all
    return Attack(
        draw(st.sampled_from(COLUMNS)),
        tuple((u.id, draw(st.integers(-2, 4)) if own else drm) for u in units),
        draw(st.integers(0, 2)),
    )


End = tuple[tuple[str, ...], int]


def _ends(d: Distribution[Result]) -> dict[End, Fraction]:
    """Each end state as a player tells it: the units left (not their ids: the factored odds
    list identical units' fates once, given out to their ids in turn) and how many were
    eliminated."""
    out: defaultdict[End, Fraction] = defaultdict(Fraction)
    for r, p in d:
        out[(tuple(sorted(repr(u.with_(id="")) for u in r.units)), len(r.eliminated))] += p
    return dict(out)


def _enumerated(units: list[Unit], at: Attack) -> Distribution[Result]:
    """Every history of every way the attack's checks begin (rules.morale.odds_checks, the
    composed enumeration), not factored."""
    parts: list[tuple[Result, Fraction]] = []
    for w in attack_ways(units, at):
        d = odds_checks(w.units, w.checks, leaders=w.leaders, gone=w.gone)
        parts.extend((r, p * w.probability) for r, p in d)
    return Distribution.of(parts)


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a7_3_factored_attack_odds_equal_every_history_of_a_small_stack(
    data: st.DataObject,
) -> None:
    units = data.draw(stacks(3))
    at = data.draw(attacks(units))
    so = attack_odds(units, at)
    enumerated = _enumerated(units, at)
    assert _ends(so.joint()) == _ends(enumerated)
    # the summary's counts of units ending eliminated, broken and in Good Order are those of
    # the enumerated end states
    ids = [u.id for u in units]
    want: dict[str, list[Fraction]] = {s: [Fraction(0)] * (len(ids) + 1) for s in STANDINGS}
    for r, p in enumerated:
        ks = dict.fromkeys(STANDINGS, 0)
        for uid in ids:
            pieces = tuple(
                u
                for u in r.units
                if u.id == uid or (u.id.startswith(uid) and not u.id[len(uid)].isdigit())
            )
            ks[standing(pieces)] += 1
        for s, k in ks.items():
            want[s][k] += p
    got = {s: list(t.counts) for s, t in summarize(so, ids).totals}
    assert got == want


@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_a7_3_factored_attack_odds_equal_every_roll_of_one_unit(data: st.DataObject) -> None:
    units = data.draw(stacks(1))[:1]
    at = data.draw(attacks(units))
    brute = odds_by_class(lambda d: resolve_attack(units, at, d).outcome)
    assert _ends(attack_odds(units, at).joint()) == _ends(brute)


CHECKS = (Check.MC, Check.NMC, Check.PTC, Check.LLMC, Check.LLTC, Check.NTC)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a10_a_check_walked_by_the_totals_of_its_dr_is_walked_by_class(data: st.DataObject) -> None:
    """Every check but the Panji MC reads a DR by its total: walking the 11 totals gives the
    outcomes the 16 classes give, with the same odds and in the same order."""
    units = data.draw(stacks(2))
    unit = units[0]
    check = data.draw(st.sampled_from(CHECKS))
    drm = data.draw(st.integers(-3, 5))
    sit = situation_in(unit, units)

    def roll(d: object) -> Result:
        return apply_roll(unit, check, None, d, drm=drm, situation=sit)  # type: ignore[arg-type]

    assert mb.odds_by_total(roll).items == odds_by_class(roll).items


def _answer(units: list[Unit], at: Attack) -> tuple[ms.StackOdds, list[str]]:
    unchecked.begin()
    so = attack_odds(units, at)
    return so, unchecked.taken()


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a7_3_answers_kept_from_one_question_to_the_next_change_nothing(
    data: st.DataObject,
) -> None:
    units = data.draw(stacks(3))
    at = data.draw(attacks(units))
    for kept in (ms.CHECKS, ms.FATES, mb.WALKS, resolution.EFFECTS):
        kept.clear()
    fresh = _answer(units, at)
    other = data.draw(attacks(units))
    attack_odds(units, other)
    assert _answer(units, at) == fresh  # the same odds, the same unchecked values listed
