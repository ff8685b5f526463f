"""Cold start: every ``aslpto`` call is a fresh process, so the time a player feels is the
process's whole life. Each command is run as a new process beside the peer, a bare
``python -c pass`` of the same interpreter, in the same run (bytecode compiled first, as an
installed package has it).

Targets (docs/performance.md): ``aslpto odds panji --unit 4-4-8`` within 3x the peer;
``aslpto reach`` and ``aslpto move`` on the 2x2 example within 5x. pytest-benchmark groups
``cold start``; in pairs (the order alternating) by ``python benchmarks/bench_cold_start.py``.

Each ``reach`` and ``move`` call reads and parses the scenario and its board files. The paired
table adds the ratio of CPU time (user and system, of the child processes), which a busy
machine moves less than wall time.
"""

from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from timing import paired_ratio

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "two-by-two.toml")
_SCRIPT = Path(sys.executable).with_name("aslpto")
ASLPTO = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "aslpto"]

COMMANDS = {
    "odds panji": ["odds", "panji", "--unit", "4-4-8"],
    "reach 2x2": ["reach", EXAMPLE, "JA"],
    "move 2x2": ["move", EXAMPLE, "JA", "42M5"],
}
TARGETS = {"odds panji": 3.0, "reach 2x2": 5.0, "move 2x2": 5.0}


def _compiled() -> None:
    import aslpto

    compileall.compile_dir(str(Path(aslpto.__file__).parent), quiet=1)


def peer() -> None:
    subprocess.run([sys.executable, "-c", "pass"], check=True, capture_output=True)


def ours(name: str) -> None:
    subprocess.run(
        [*ASLPTO, *COMMANDS[name]],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    _compiled()


@pytest.mark.benchmark(group="cold start")
def test_cold_python_pass(benchmark: BenchmarkFixture) -> None:
    benchmark.pedantic(peer, rounds=15, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="cold start")
@pytest.mark.parametrize("name", list(COMMANDS))
def test_cold_command(benchmark: BenchmarkFixture, name: str) -> None:
    """The command's time; and, since the table's ratio column sets rounds timed at different
    moments against each other, the ratio timed in pairs (``extra_info``, the JSON report), the
    measure the targets are read by."""
    benchmark.pedantic(ours, args=(name,), rounds=15, iterations=1, warmup_rounds=1)
    ratio, _, peer_s = paired_ratio(lambda: ours(name), peer, pairs=15)
    benchmark.extra_info["ratio to python -c pass, in pairs"] = round(ratio, 2)
    benchmark.extra_info["python -c pass, in pairs (ms)"] = round(peer_s * 1e3, 2)
    if name in TARGETS:
        benchmark.extra_info["target"] = TARGETS[name]


def _cpu(fn: Callable[[], object]) -> float:
    """The CPU time (user and system) of the child process ``fn`` runs."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    fn()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:  # pragma: no cover
    _compiled()
    print(
        f"{'command':22} {'ours ms':>8} {'peer ms':>8} {'ratio':>6} {'target':>6}  met"
        f"  {'CPU-time ratio':>14}"
    )
    for name in COMMANDS:
        ours(name)  # (a first call, untimed)
        ratio, a, b = paired_ratio(partial(ours, name), peer, pairs=20)
        cpu = statistics.median(_cpu(partial(ours, name)) / _cpu(peer) for _ in range(20))
        target = TARGETS.get(name)
        met = "-" if target is None else "yes" if ratio <= target else "no"
        shown = "-" if target is None else f"{target:.1f}"
        print(
            f"{name:22} {a * 1e3:8.1f} {b * 1e3:8.1f} {ratio:6.2f} {shown:>6}  {met:>3}"
            f"  {cpu:14.2f}"
        )


if __name__ == "__main__":  # pragma: no cover
    main()
