"""Fire attacks on the Infantry Fire Table (A7, A8): exact odds beside a Monte Carlo of the same
attack, in the same run.

The attack: 36 FP at +2 on a Location of six Japanese 4-4-8 and a 10-1 leader (the IFT's 36
column, no Cowering: no firer given), as ``aslpto odds ift 36 --drm 2 --unit 4-4-8 (x6)
--leader 10-1 --json`` asks it. Its exact odds (``rules.fire.resolution.attack_odds``) are
factored: about a million joint outcomes, which the command summarizes.

* **cold** (group ``fire cold``): a fresh ``aslpto`` process (the virtual environment's script,
  bytecode compiled first, as an installed package has it) answering that command, beside a
  fresh process that samples the same attack 100,000 times with ``resolve_attack`` and
  ``RandomDice`` (a ``-c`` script) and tallies the ends. Target: 1 s (asserted, on the best
  round);
* **warm** (group ``fire warm``): in-process ``attack_odds`` of the attack, each round after a
  different attack (24 FP at +1 on five squads and the leader), beside an in-process Monte
  Carlo of 10,000 samples (samples per second and the time for 100,000 in ``extra_info``).
  Target: 50 ms "on the page" (reported in ``extra_info`` and printed, not asserted). The
  answers kept from one question to the next (``rules.morale.kept``: each check's odds, each
  unit's fates, each leaders' part, what a KIA or K/# does to a unit) are those of the earlier
  rounds; beside the rounds, the
  same attack is timed with them forgotten and then filled by the different attack alone (the
  first time a page meets this attack), and with none kept at all (reported). The command's
  whole answer in-process (the odds, then their summary as JSON) is timed beside it, reported;
* **scaling** (group ``fire scaling``): the exact odds of the attack on one to eight squads
  and the leader (reported);
* **the fire command** (group ``fire procedure``): ``procedures.fire.fire`` (breakdown and
  odds) on examples/paddy-river.toml, loaded once: U1 and U2 at 32N6 asked first (untimed),
  then a different attack timed (reported).

Both sides' answers are checked against each other: the sampled counts of the seven units
ending eliminated, broken and in Good Order lie within sampling error of the exact counts
(``rules.morale.summary``), and the command's joint outcomes are the library's.

Run: ``make bench`` or ``.venv/bin/python -m pytest benchmarks/bench_fire.py --benchmark-only
-p no:cacheprovider``.
"""

from __future__ import annotations

import compileall
import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from aslpto.cli import main
from aslpto.formats.scenario import load
from aslpto.procedures.fire import FireAnswer, fire
from aslpto.rules.fire import resolution as fire_resolution
from aslpto.rules.fire.resolution import Attack, attack_odds, resolve_attack
from aslpto.rules.morale import StackOdds, branches as morale_branches, stack as morale_stack
from aslpto.rules.morale.summary import STANDINGS, standing, summarize
from aslpto.state.counters import make
from aslpto.state.dice import RandomDice
from aslpto.state.game import Game
from aslpto.state.units import Kind, Strength, Unit, UnitClass

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = str(ROOT / "examples" / "paddy-river.toml")
_SCRIPT = Path(sys.executable).with_name("aslpto")
ASLPTO = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "aslpto"]

SAMPLES = 100_000  # the cold peer's, as the issue asks
WARM_SAMPLES = 10_000  # in-process: 100,000 take about 25 s a round; the rate is reported
COLD_TARGET_S = 1.0
WARM_TARGET_S = 0.050

SQUADS, FP, DRM = 6, 36, 2
OTHER = (5, 24, 1)  # the different attack asked before each warm round


def location(squads: int) -> list[Unit]:
    """``squads`` Japanese 4-4-8 and a 10-1, named as ``aslpto odds`` names them."""
    units = [
        make(f"U{i}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
        for i in range(1, squads + 1)
    ]
    return [*units, make("L", "japanese", Kind.LEADER, face="10-1")]


def attack_on(units: Sequence[Unit], fp: int, drm: int) -> Attack:
    return Attack(fp, tuple((u.id, drm) for u in units))


UNITS = location(SQUADS)
ATTACK = attack_on(UNITS, FP, DRM)


def exact() -> StackOdds:
    return attack_odds(UNITS, ATTACK)


def other() -> StackOdds:
    squads, fp, drm = OTHER
    units = location(squads)
    return attack_odds(units, attack_on(units, fp, drm))


def warm_other() -> None:
    """The different attack asked before a timed round (its answer dropped: pytest-benchmark
    takes what a setup returns as the timed call's arguments)."""
    other()


def forget() -> None:
    """Forget the answers kept from one question to the next (``rules.morale.kept``)."""
    morale_stack.CHECKS.clear()
    morale_stack.FATES.clear()
    morale_branches.WALKS.clear()
    fire_resolution.EFFECTS.clear()


def _timed_after(prepare: Callable[[], object], rounds: int = 5) -> tuple[float, float]:
    """The median time of ``exact()`` over ``rounds``, each after ``prepare()``: wall clock and
    this process's CPU time (which others sharing the machine disturb less)."""
    times, cpu = [], []
    for _ in range(rounds):
        prepare()
        t, c = time.perf_counter(), time.process_time()
        exact()
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(times), statistics.median(cpu)


def _pieces(units: Sequence[Unit], uid: str) -> tuple[Unit, ...]:
    """What is left of ``uid`` (itself, its half-squads, a hero it made), as the summary
    counts it."""
    return tuple(
        u for u in units if u.id == uid or (u.id.startswith(uid) and not u.id[len(uid)].isdigit())
    )


Tallies = dict[str, list[int]]
"""For each of :data:`STANDINGS`, how many samples had ``k`` of the units end so (index k)."""


def sampled(n: int, seed: int = 1) -> Tallies:
    """``n`` attacks rolled, each end tallied: how many of the units end eliminated, broken, in
    Good Order."""
    dice = RandomDice(seed)
    ids = [u.id for u in UNITS]
    out: Tallies = {s: [0] * (len(ids) + 1) for s in STANDINGS}
    for _ in range(n):
        end = resolve_attack(UNITS, ATTACK, dice).outcome.units
        ks = dict.fromkeys(STANDINGS, 0)
        for uid in ids:
            ks[standing(_pieces(end, uid))] += 1
        for s, k in ks.items():
            out[s][k] += 1
    return out


def exact_tallies(so: StackOdds) -> dict[str, tuple[Fraction, ...]]:
    return {s: t.counts for s, t in summarize(so, [u.id for u in UNITS]).totals}


def total_variation(so: StackOdds, tallies: Tallies) -> float:
    """The largest, over the three standings, of half the L1 distance between the exact and the
    sampled distribution of how many units end so."""
    worst = 0.0
    for s, counts in exact_tallies(so).items():
        n = sum(tallies[s])
        tv = sum(abs(float(p) - k / n) for p, k in zip(counts, tallies[s], strict=True)) / 2
        worst = max(worst, tv)
    return worst


def _best_of(fn: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


TIMES: dict[str, float] = {}

# ---------------------------------------------------------------------------------------------
# Cold: a fresh process each, as every command-line call is
# ---------------------------------------------------------------------------------------------

ARGV = [
    "odds",
    "ift",
    str(FP),
    "--drm",
    str(DRM),
    *(w for _ in range(SQUADS) for w in ("--unit", "4-4-8")),
    "--leader",
    "10-1",
    "--json",
]

MONTE_CARLO = f"""
import gc, json, sys
gc.disable()  # (as the console script does)
from aslpto.rules.fire.resolution import Attack, resolve_attack
from aslpto.rules.morale.summary import STANDINGS, standing
from aslpto.state.counters import make
from aslpto.state.dice import RandomDice
from aslpto.state.units import Kind, Strength, UnitClass
units = [make(f"U{{i}}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
         for i in range(1, {SQUADS} + 1)]
units.append(make("L", "japanese", Kind.LEADER, face="10-1"))
attack = Attack({FP}, tuple((u.id, {DRM}) for u in units))
ids = [u.id for u in units]
out = {{s: [0] * (len(ids) + 1) for s in STANDINGS}}
dice = RandomDice(int(sys.argv[2]))
for _ in range(int(sys.argv[1])):
    end = resolve_attack(units, attack, dice).outcome.units
    ks = dict.fromkeys(STANDINGS, 0)
    for uid in ids:
        ks[standing(tuple(u for u in end if u.id == uid or
                          (u.id.startswith(uid) and not u.id[len(uid)].isdigit())))] += 1
    for s, k in ks.items():
        out[s][k] += 1
print(json.dumps(out))
"""

_ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}


def cold_exact() -> dict[str, Any]:
    r = subprocess.run([*ASLPTO, *ARGV], check=True, capture_output=True, text=True, env=_ENV)
    answer: dict[str, Any] = json.loads(r.stdout)
    return answer


def cold_sampled(n: int = SAMPLES, seed: int = 1) -> Tallies:
    r = subprocess.run(
        [sys.executable, "-c", MONTE_CARLO, str(n), str(seed)],
        check=True,
        capture_output=True,
        text=True,
        env=_ENV,
    )
    tallies: Tallies = json.loads(r.stdout)
    return tallies


def _median(benchmark: BenchmarkFixture) -> float:
    """The median seconds of the rounds ``benchmark`` has just run."""
    assert benchmark.stats is not None
    return float(benchmark.stats.stats.median)


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    import aslpto

    compileall.compile_dir(str(Path(aslpto.__file__).parent), quiet=1)


@pytest.mark.benchmark(group="fire cold")
def test_cold_exact_odds(benchmark: BenchmarkFixture) -> None:
    """``aslpto odds ift 36 --drm 2`` on six 4-4-8 and a 10-1, a fresh process: at most 1 s."""
    times: list[float] = []

    def run() -> dict[str, object]:
        t = time.perf_counter()
        out = cold_exact()
        times.append(time.perf_counter() - t)
        return out

    answer = benchmark.pedantic(run, rounds=10, iterations=1, warmup_rounds=1)
    summary = answer["summary"]
    assert isinstance(summary, dict)
    assert summary["joint_outcomes"] == exact().size
    best, median = min(times), statistics.median(times)
    TIMES["cold-exact"] = median
    benchmark.extra_info.update(
        {
            "best_s": round(best, 4),
            "median_s": round(median, 4),
            "target_s": COLD_TARGET_S,
            "met": best <= COLD_TARGET_S,
        }
    )
    print(f"\ncold exact odds: best {best:.3f} s, median {median:.3f} s (target {COLD_TARGET_S} s)")
    assert best <= COLD_TARGET_S


@pytest.mark.benchmark(group="fire cold")
def test_cold_monte_carlo(benchmark: BenchmarkFixture) -> None:
    """The peer: a fresh process sampling the same attack 100,000 times."""
    t = time.perf_counter()
    tallies = benchmark.pedantic(cold_sampled, rounds=1, iterations=1)
    took = time.perf_counter() - t
    assert sum(tallies["eliminated"]) == SAMPLES
    tv = total_variation(exact(), tallies)
    assert tv < 0.01, f"the samples stray {tv:.4f} from the exact odds"
    ours = TIMES.get("cold-exact") or statistics.median(
        _best_of(cold_exact, runs=1) for _ in range(3)
    )
    ratio = took / ours
    benchmark.extra_info.update(
        {
            "samples": SAMPLES,
            "seconds": round(took, 2),
            "samples_per_s": round(SAMPLES / took),
            "exact_cold_s": round(ours, 4),
            "ratio": round(ratio, 1),
            "total_variation": round(tv, 4),
        }
    )
    print(
        f"\ncold Monte Carlo: {SAMPLES:,} samples {took:.1f} s "
        f"({SAMPLES / took:,.0f}/s); exact {ours:.3f} s, {ratio:.0f}x faster; TV {tv:.4f}"
    )


# ---------------------------------------------------------------------------------------------
# Warm: in-process, each round after a different attack
# ---------------------------------------------------------------------------------------------


@pytest.mark.benchmark(group="fire warm")
def test_warm_exact_odds(benchmark: BenchmarkFixture) -> None:
    """``attack_odds`` of the 36-FP attack after a 24-FP one on five squads: target 50 ms
    (reported)."""
    times: list[float] = []
    cpu: list[float] = []

    def run() -> StackOdds:
        t, c = time.perf_counter(), time.process_time()
        out = exact()
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        return out

    so = benchmark.pedantic(run, setup=warm_other, rounds=10, iterations=1)
    assert so.total() == 1
    best, median = min(times), statistics.median(times)
    TIMES["warm-exact"] = median
    met = median <= WARM_TARGET_S

    def forget_then_other() -> None:
        forget()
        other()

    first, first_cpu = _timed_after(forget_then_other)
    unkept, unkept_cpu = _timed_after(forget)
    median_cpu = statistics.median(cpu)
    benchmark.extra_info.update(
        {
            "best_s": round(best, 4),
            "median_s": round(median, 4),
            "median_cpu_s": round(median_cpu, 4),
            "joint_outcomes": so.size,
            "target_s": WARM_TARGET_S,
            "met": met,
            "kept_from_the_other_attack_only_s": round(first, 4),
            "kept_from_the_other_attack_only_cpu_s": round(first_cpu, 4),
            "nothing_kept_s": round(unkept, 4),
            "nothing_kept_cpu_s": round(unkept_cpu, 4),
        }
    )
    print(
        f"\nwarm exact odds: median {median * 1e3:.0f} ms (CPU {median_cpu * 1e3:.0f} ms), best "
        f"{best * 1e3:.0f} ms ({so.size:,} joint outcomes); target {WARM_TARGET_S * 1e3:.0f} ms "
        f"{'met' if met else 'NOT met'} (reported); kept answers from the other attack only "
        f"{first * 1e3:.0f} ms (CPU {first_cpu * 1e3:.0f} ms), none kept {unkept * 1e3:.0f} ms "
        f"(CPU {unkept_cpu * 1e3:.0f} ms)"
    )


@pytest.mark.benchmark(group="fire warm")
def test_warm_monte_carlo(benchmark: BenchmarkFixture) -> None:
    """The peer in-process: 10,000 samples of the same attack (the rate scaled to 100,000)."""
    times: list[float] = []

    def run() -> Tallies:
        t = time.perf_counter()
        out = sampled(WARM_SAMPLES, seed=len(times) + 1)
        times.append(time.perf_counter() - t)
        return out

    tallies = benchmark.pedantic(run, rounds=3, iterations=1)
    tv = total_variation(exact(), tallies)
    assert tv < 0.03, f"the samples stray {tv:.4f} from the exact odds"
    took = statistics.median(times)
    per_s = WARM_SAMPLES / took
    ours = TIMES.get("warm-exact") or statistics.median(_best_of(exact, runs=1) for _ in range(3))
    full = SAMPLES / per_s
    benchmark.extra_info.update(
        {
            "samples": WARM_SAMPLES,
            "samples_per_s": round(per_s),
            "100k_samples_s": round(full, 2),
            "exact_warm_s": round(ours, 4),
            "ratio_100k": round(full / ours, 1),
            "total_variation": round(tv, 4),
        }
    )
    print(
        f"\nwarm Monte Carlo: {per_s:,.0f} samples/s ({WARM_SAMPLES:,} in {took:.2f} s; "
        f"{SAMPLES:,} would take {full:.1f} s); exact {ours * 1e3:.0f} ms, "
        f"{full / ours:.0f}x faster than {SAMPLES:,}; TV {tv:.4f}"
    )


OTHER_ARGV = [
    "odds",
    "ift",
    str(OTHER[1]),
    "--drm",
    str(OTHER[2]),
    *(w for _ in range(OTHER[0]) for w in ("--unit", "4-4-8")),
    "--leader",
    "10-1",
    "--json",
]


def cli(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def other_command() -> None:
    cli(OTHER_ARGV)


@pytest.mark.benchmark(group="fire warm")
def test_warm_command_in_process(benchmark: BenchmarkFixture) -> None:
    """``aslpto odds ift`` answered in-process (``main``: the odds, their summary, the JSON),
    each round after the other attack's; beside the library call (reported)."""
    text = benchmark.pedantic(cli, args=(ARGV,), setup=other_command, rounds=5, iterations=1)
    assert json.loads(text)["summary"]["joint_outcomes"] == exact().size
    ours = _median(benchmark)
    lib = TIMES.get("warm-exact") or _best_of(exact)
    benchmark.extra_info.update(
        {"median_s": round(ours, 4), "library_s": round(lib, 4), "ratio": round(ours / lib, 2)}
    )
    print(
        f"\naslpto odds ift in-process: {ours * 1e3:.0f} ms; library {lib * 1e3:.0f} ms "
        f"({ours / lib:.2f}x)"
    )


# ---------------------------------------------------------------------------------------------
# Scaling: one to eight squads and the leader
# ---------------------------------------------------------------------------------------------


@pytest.mark.benchmark(group="fire scaling")
@pytest.mark.parametrize("squads", range(1, 9))
def test_scaling(benchmark: BenchmarkFixture, squads: int) -> None:
    units = location(squads)
    attack = attack_on(units, FP, DRM)
    so = benchmark.pedantic(
        attack_odds, args=(units, attack), setup=warm_other, rounds=3, iterations=1
    )
    assert so.total() == 1
    med = _median(benchmark)
    benchmark.extra_info.update(
        {"units": squads + 1, "joint_outcomes": so.size, "median_s": round(med, 4)}
    )
    print(f"\n{squads} squads + leader: {med * 1e3:.0f} ms, {so.size:,} joint outcomes")


# ---------------------------------------------------------------------------------------------
# The fire command: breakdown and odds on a game loaded once
# ---------------------------------------------------------------------------------------------

FIRST = (("U1", "U2"), "32N6")
SECOND = {
    "U2+UL at 32M5 (squad and leader)": (("U2", "UL"), "32M5"),
    "U4 at 32O5 (one squad)": (("U4",), "32O5"),
}


def asked_first() -> tuple[tuple[Game], dict[str, object]]:
    """A game just loaded, asked the first attack (untimed): the state a second query meets."""
    game = load(SCENARIO)
    fire(game, list(FIRST[0]), FIRST[1])
    return (game,), {}


@pytest.mark.benchmark(group="fire procedure")
def test_fire_first_query(benchmark: BenchmarkFixture) -> None:
    """U1, U2 at 32N6 on a game just loaded (the modules imported): reported."""
    answer = benchmark.pedantic(
        lambda game: fire(game, list(FIRST[0]), FIRST[1]),
        setup=lambda: ((load(SCENARIO),), {}),
        rounds=10,
        iterations=1,
    )
    assert answer.odds is not None and answer.odds.total() == 1
    benchmark.extra_info["median_s"] = round(_median(benchmark), 4)


@pytest.mark.benchmark(group="fire procedure")
@pytest.mark.parametrize("name", list(SECOND))
def test_fire_second_query(benchmark: BenchmarkFixture, name: str) -> None:
    """A different attack on the same game, after the first: breakdown and odds (reported)."""
    firers, target = SECOND[name]

    def ask(game: Game) -> FireAnswer:
        return fire(game, list(firers), target)

    answer = benchmark.pedantic(ask, setup=asked_first, rounds=10, iterations=1)
    assert answer.odds is not None and answer.odds.total() == 1
    med = _median(benchmark)
    benchmark.extra_info.update(
        {
            "median_s": round(med, 4),
            "column": answer.breakdown.column.value,
            "targets": [u.id for u in answer.breakdown.targets],
            "joint_outcomes": answer.odds.size,
        }
    )
    print(f"\nfire {name}: {med * 1e3:.1f} ms")
