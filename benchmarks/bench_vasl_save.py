"""Reading a VASL saved game of 600 pieces, beside loading the same boards alone (the peer: a
scenario of those boards and no counters). Target (issue: real games): the save read in at
most 100 ms beyond the boards' own load, timed in the same run (pytest-benchmark groups, and in
pairs by ``python benchmarks/bench_vasl_save.py``). Skipped without the shared VASL folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from timing import paired_ratio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from vaslhelp import BOARDS, VASL  # noqa: E402

if VASL is None:  # pragma: no cover
    pytest.skip(
        "the VASL data (../shared/vasl) is not next to the repository", allow_module_level=True
    )

from aslpto.formats import scenario  # noqa: E402
from aslpto.formats.vasl.savefile import read_save, write_save  # noqa: E402

SOURCE = VASL / "saves" / "The Streets Of Stalingrad (Scenario C).vsav"
PIECES = 600
TMP = Path(tempfile.mkdtemp(prefix="aslpto-bench-"))
SAVE = TMP / "stalingrad-600.vsav"
BOARDS_ONLY = TMP / "boards-only.toml"


def _write() -> None:
    """Stalingrad with its add-piece commands repeated (new ids) up to 600 pieces."""
    save = read_save(SOURCE)
    commands = [c.text for c in save.commands]
    adds = [t for t in commands if t.startswith("+/") and "/stack/" not in t.split("\t")[0]]
    extra: list[str] = []
    n = len(save.pieces)
    i = 0
    while n + len(extra) < PIECES:
        t = adds[i % len(adds)]
        pid = t.split("/", 2)[1]
        extra.append(t.replace(f"+/{pid}/", f"+/{pid}9{i}/", 1))
        i += 1
    write_save(SAVE, commands + extra, key=save.key)
    BOARDS_ONLY.write_text(f'[map]\nboards = [["1"]]\nvasl_boards = "{BOARDS}"\n', encoding="utf-8")


_write()
os.environ.setdefault("ASLPTO_VASL_BOARDS", str(BOARDS))


def load_save() -> int:
    return len(scenario.load(SAVE).units)


def load_boards() -> int:
    return len(scenario.load(BOARDS_ONLY).map)


def test_save_has_600_pieces() -> None:
    assert len(read_save(SAVE).pieces) >= PIECES


@pytest.mark.benchmark(group="vasl-save")
def test_bench_load_600_piece_save(benchmark: BenchmarkFixture) -> None:
    assert benchmark(load_save) > 100


@pytest.mark.benchmark(group="vasl-save")
def test_bench_load_its_boards_alone(benchmark: BenchmarkFixture) -> None:
    assert benchmark(load_boards) > 300


def main() -> None:
    ratio, ours, peer = paired_ratio(load_save, load_boards, pairs=30)
    beyond = (ours - peer) * 1e3
    print(
        f"600-piece save: {ours * 1e3:.1f} ms; its board alone: {peer * 1e3:.1f} ms; "
        f"beyond the board: {beyond:.1f} ms (target <= 100 ms); ratio {ratio:.2f}"
    )


if __name__ == "__main__":
    main()
