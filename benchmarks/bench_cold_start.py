"""Cold start: every ``aslpto`` call is a fresh process, so the time a player feels is the
process's whole life. Each command is run as a new process beside the peer, a bare
``python -c pass`` of the same interpreter, in the same run (bytecode compiled first, as an
installed package has it).

Targets (docs/performance.md): ``aslpto odds panji --unit 4-4-8`` within 3x the peer;
``aslpto reach`` and ``aslpto move`` on the 2x2 example within 5x. pytest-benchmark groups
``cold start``; in pairs (the order alternating) by ``python benchmarks/bench_cold_start.py``.
"""

from __future__ import annotations

import compileall
import os
import subprocess
import sys
from pathlib import Path

import pytest

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


def ours(args: list[str]) -> None:
    subprocess.run([*ASLPTO, *args], check=True, capture_output=True,
                   env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    _compiled()


@pytest.mark.benchmark(group="cold start")
def test_cold_python_pass(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(peer, rounds=15, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="cold start")
@pytest.mark.parametrize("name", list(COMMANDS))
def test_cold_command(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(ours, args=(COMMANDS[name],), rounds=15, iterations=1, warmup_rounds=1)


def main() -> None:  # pragma: no cover
    _compiled()
    print(f"{'command':12} {'ours ms':>8} {'peer ms':>8} {'ratio':>6} {'target':>6}  met")
    for name, args in COMMANDS.items():
        ratio, a, b = paired_ratio(lambda a=args: ours(a), peer, pairs=20)  # type: ignore[misc]
        target = TARGETS[name]
        print(f"{name:12} {a * 1e3:8.1f} {b * 1e3:8.1f} {ratio:6.1f} {target:6.1f}  "
              f"{'yes' if ratio <= target else 'no'}")  # fmt: skip


if __name__ == "__main__":  # pragma: no cover
    main()
