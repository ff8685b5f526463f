"""Exact odds beside a 100,000-sample Monte Carlo of the same procedure, in the same run.

* a Panji MC taken by a stack of three units: the G9.43 random selection, the selected unit's
  Panji MC (G9.31), the others' PTC modified by leadership;
* an attack 2MC on a Japanese squad with a 10-0 leader: leader first, Step Reduction, Casualty
  MC, Heat of Battle, Wound Severity, LLTC (A10.2, G1.12-G1.14, G1.4, G1.41, G1.62).

Target: the exact odds at least 100x faster than the sampling (docs/performance-odds.md). The
exact odds enumerate the leaders' rolls, then each other unit's checks once per distinct unit
and situation (rules.morale.stack), instead of enumerating every leaf of the chance tree.

Stacks (same file): a 2MC on ten Japanese squads with a leader and a G9.43 Panji MC on twelve
units, each exact in at most 1 s; and the same 2MC asked of ``aslpto odds`` in-process
(``main([...])``: the factored odds, then their summary - the joint has about two million
outcomes - as text), timed beside the library call.

Run: ``make bench`` or ``.venv/bin/python -m pytest benchmarks/bench_odds.py --benchmark-only``.
"""

from __future__ import annotations

import contextlib
import io
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from fractions import Fraction

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from aslpto.cli import main
from aslpto.rules.morale import (
    Check,
    Result,
    StackOdds,
    odds_location,
    odds_panji_stack,
    resolve_location,
    resolve_panji_stack,
    stack_odds_location,
    stack_odds_panji,
)
from aslpto.state.counters import make
from aslpto.state.dice import Distribution, RandomDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

SAMPLES = 100_000
TARGET = 100

STACK: list[Unit] = [
    make("A", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL),
    make("B", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED),
    make("L", "japanese", Kind.LEADER, face="9-1"),
]
LOCATION: list[Unit] = [
    make("J1", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.FULL),
    make("L", "japanese", Kind.LEADER, face="10-0"),
]


def exact_stack() -> Distribution[Result]:
    return odds_panji_stack(STACK)


def sampled_stack(n: int = SAMPLES, seed: int = 1) -> Counter[Result]:
    dice = RandomDice(seed)
    return Counter(resolve_panji_stack(STACK, dice) for _ in range(n))


def exact_location() -> Distribution[Result]:
    return odds_location(LOCATION, Check.MC, drm=2)


def sampled_location(n: int = SAMPLES, seed: int = 1) -> Counter[Result]:
    dice = RandomDice(seed)
    return Counter(resolve_location(LOCATION, Check.MC, dice, drm=2) for _ in range(n))


def _end_state(r: Result) -> tuple[object, ...]:
    return (
        tuple(
            (u.id, u.counter, u.unit_class, u.broken, u.pinned, u.wounded, u.berserk)
            for u in r.units
        ),
        r.eliminated,
    )


def total_variation(exact: Distribution[Result], sampled: Counter[Result]) -> float:
    """Half the L1 distance between the exact end-state distribution and the sampled one."""
    e: defaultdict[tuple[object, ...], float] = defaultdict(float)
    for r, p in exact:
        e[_end_state(r)] += float(p)
    n = sum(sampled.values())
    s: defaultdict[tuple[object, ...], float] = defaultdict(float)
    for r, k in sampled.items():
        s[_end_state(r)] += k / n
    return sum(abs(e[k] - s[k]) for k in set(e) | set(s)) / 2


def _best_of(fn: Callable[[], object], runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


TIMES: dict[str, float] = {}


def _sampled_then_ratio(
    benchmark: BenchmarkFixture,
    name: str,
    sample: Callable[[], Counter[Result]],
    exact: Callable[[], Distribution[Result]],
) -> None:
    def run() -> Counter[Result]:
        t = time.perf_counter()
        out = sample()
        TIMES[f"{name}-sampled"] = time.perf_counter() - t
        return out

    counts = benchmark.pedantic(run, rounds=1, iterations=1)
    d = exact()
    assert sum(counts.values()) == SAMPLES
    assert total_variation(d, counts) < 0.02
    exact_s = TIMES.get(f"{name}-exact") or _best_of(exact)
    ratio = TIMES[f"{name}-sampled"] / exact_s
    benchmark.extra_info.update(
        {"exact_s": exact_s, "sampled_s": TIMES[f"{name}-sampled"], "ratio": round(ratio, 1)}
    )
    print(
        f"\n{name}: exact {exact_s * 1000:.1f} ms, {SAMPLES:,} samples "
        f"{TIMES[f'{name}-sampled']:.2f} s, ratio {ratio:.0f}x"
    )
    assert ratio >= TARGET, f"exact odds only {ratio:.0f}x faster than sampling"


@pytest.mark.benchmark(group="odds-panji-stack")
def test_exact_panji_stack_of_three(benchmark: BenchmarkFixture) -> None:
    d = benchmark(exact_stack)
    assert d.total() == 1
    assert sum(p for _, p in d) == Fraction(1)
    TIMES["panji-stack-exact"] = _best_of(exact_stack)


@pytest.mark.benchmark(group="odds-panji-stack")
def test_sampled_panji_stack_of_three(benchmark: BenchmarkFixture) -> None:
    _sampled_then_ratio(benchmark, "panji-stack", sampled_stack, exact_stack)


@pytest.mark.benchmark(group="odds-attack-mc")
def test_exact_attack_mc_squad_and_leader(benchmark: BenchmarkFixture) -> None:
    d = benchmark(exact_location)
    assert d.total() == 1
    TIMES["attack-mc-exact"] = _best_of(exact_location)


@pytest.mark.benchmark(group="odds-attack-mc")
def test_sampled_attack_mc_squad_and_leader(benchmark: BenchmarkFixture) -> None:
    _sampled_then_ratio(benchmark, "attack-mc", sampled_location, exact_location)


# ---------------------------------------------------------------------------------------------
# Stacks: exact odds polynomial in the stack's size (rules.morale.stack), target <= 1 s each
# ---------------------------------------------------------------------------------------------

STACK_TARGET_S = 1.0


def ten_squads_and_a_leader() -> list[Unit]:
    squads = [
        make(f"J{i}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL) for i in range(10)
    ]
    return [*squads, make("L", "japanese", Kind.LEADER, face="9-1")]


def twelve_units() -> list[Unit]:
    squads = [
        make(f"J{i}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL) for i in range(11)
    ]
    return [*squads, make("L", "japanese", Kind.LEADER, face="9-1")]


def exact_2mc_ten_squads() -> StackOdds:
    return stack_odds_location(ten_squads_and_a_leader(), Check.MC, drm=2)


def exact_panji_twelve() -> Distribution[Result]:
    return stack_odds_panji(twelve_units()).joint()


@pytest.mark.benchmark(group="odds-stack")
def test_exact_2mc_ten_squads_and_a_leader(benchmark: BenchmarkFixture) -> None:
    """A10.2/G1.12: 2MC on ten Japanese squads with a 9-1, exact and factored (the joint of
    every multiset of results has about two million outcomes)."""
    d = benchmark.pedantic(exact_2mc_ten_squads, rounds=3, iterations=1)
    assert d.total() == 1
    best = _best_of(exact_2mc_ten_squads, runs=3)
    benchmark.extra_info.update({"best_s": best, "joint_outcomes": d.size})
    print(f"\n2MC on 10 squads + leader: {best:.3f} s (target {STACK_TARGET_S} s)")
    assert best <= STACK_TARGET_S


@pytest.mark.benchmark(group="odds-stack")
def test_exact_panji_mc_twelve_units(benchmark: BenchmarkFixture) -> None:
    """G9.43: a Panji MC on a stack of twelve (eleven squads and a leader), every outcome."""
    d = benchmark.pedantic(exact_panji_twelve, rounds=3, iterations=1)
    assert d.total() == 1
    best = _best_of(exact_panji_twelve, runs=3)
    benchmark.extra_info.update({"best_s": best, "outcomes": len(d)})
    print(f"\nPanji MC on 12 units: {best:.3f} s (target {STACK_TARGET_S} s)")
    assert best <= STACK_TARGET_S


TEN_SQUADS_ARGV = [
    "odds",
    "mc",
    "2",
    *(w for _ in range(10) for w in ("--unit", "4-4-8")),
    "--leader",
    "9-1",
]


def cli_2mc_ten_squads() -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(TEN_SQUADS_ARGV) == 0
    return out.getvalue()


@pytest.mark.benchmark(group="odds-stack")
def test_cli_2mc_ten_squads_and_a_leader(benchmark: BenchmarkFixture) -> None:
    """``aslpto odds mc 2`` on ten 4-4-8 with a 9-1, in-process: the summarized answer (A10.2),
    beside the library's factored odds in the same run."""
    text = benchmark.pedantic(cli_2mc_ten_squads, rounds=3, iterations=1)
    assert "2,001,362 joint outcomes" in text
    cli = _best_of(cli_2mc_ten_squads, runs=3)
    lib = _best_of(exact_2mc_ten_squads, runs=3)
    benchmark.extra_info.update({"best_s": cli, "library_s": lib, "ratio": round(cli / lib, 2)})
    print(
        f"\naslpto odds mc 2 on 10 squads + leader: {cli:.3f} s; library {lib:.3f} s "
        f"({cli / lib:.2f}x; target {STACK_TARGET_S} s)"
    )
    assert cli <= STACK_TARGET_S
