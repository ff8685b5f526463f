"""Real boards (VASL board archives): reading one archive, and loading a 2x2 scenario of real
boards 34-37 with PTO Terrain, beside the peer: merely unzipping and inflating the four
archives' ``LOSData`` (the floor: the bytes, no board).

Targets (docs/performance.md): an archive read in at most 50 ms; the 2x2 load within 4x of the
peer, timed in the same run; reported beside them: the same load with two VASL overlays
(``ovr1``, ``ovrRP``; their pictures decoded once per process) against the load without
(pytest-benchmark groups, and in pairs by ``python benchmarks/bench_real_boards.py``), and
the load followed by the first LOS engine over the artwork (which makes each board's two
pixel planes again from its compressed ``LOSData``) against the load alone. Skipped without
the shared VASL folder.
"""

from __future__ import annotations

import sys
import zipfile
import zlib
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from timing import median_time, paired_ratio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from vaslhelp import BOARDS, scenario_text  # noqa: E402

if BOARDS is None:  # pragma: no cover
    pytest.skip(
        "the VASL data (../shared/vasl) is not next to the repository", allow_module_level=True
    )

from aslpto.formats import scenario  # noqa: E402
from aslpto.formats.vasl.boardarchive import read_board_archive  # noqa: E402

NAMES = ("34", "35", "36", "37")
TEXT = scenario_text('[["34", "35"], ["36", "37"]]', "pto_terrain = true")
WHERE = str(ROOT / "benchmarks" / "real-2x2.toml")
OVERLAID = TEXT + (
    '\n[[overlays]]\nfile = "vasl:1"\non = "37D2-D1"\n'
    '\n[[overlays]]\nfile = "vasl:RP3"\non = "36W5-W6"\n'
)


def unzip_and_inflate() -> int:
    assert BOARDS is not None
    n = 0
    for name in NAMES:
        with zipfile.ZipFile(BOARDS / f"bd{name}") as zf:
            n += len(zlib.decompress(zf.read("LOSData"), wbits=31))
    return n


def load_real_2x2() -> int:
    return len(scenario.loads(TEXT, WHERE).map)


def load_real_2x2_overlaid() -> int:
    return len(scenario.loads(OVERLAID, WHERE).map)


def load_real_2x2_and_los_engine() -> int:
    from aslpto.rules.los import ArtworkLosEngine

    return len(ArtworkLosEngine(scenario.loads(TEXT, WHERE).map).boards)


def read_bd37() -> int:
    assert BOARDS is not None
    return read_board_archive(BOARDS / "bd37").width


@pytest.mark.benchmark(group="real boards 2x2")
def test_unzip_and_inflate_losdata(benchmark: BenchmarkFixture) -> None:
    assert benchmark(unzip_and_inflate) > 4 * 2_300_000


@pytest.mark.benchmark(group="real boards 2x2")
def test_load_real_2x2(benchmark: BenchmarkFixture) -> None:
    assert benchmark(load_real_2x2) > 1300


@pytest.mark.benchmark(group="real boards 2x2 with overlays")
def test_load_real_2x2_plain(benchmark: BenchmarkFixture) -> None:
    assert benchmark(load_real_2x2) > 1300


@pytest.mark.benchmark(group="real boards 2x2 with overlays")
def test_load_real_2x2_overlaid(benchmark: BenchmarkFixture) -> None:
    assert benchmark(load_real_2x2_overlaid) > 1300


@pytest.mark.benchmark(group="real board archive")
def test_read_board_archive(benchmark: BenchmarkFixture) -> None:
    assert benchmark(read_bd37) == 33


def test_read_within_50_ms() -> None:
    assert median_time(read_bd37, 7, warm_up=True) <= 0.050


def table(pairs: int = 60) -> str:
    for _ in range(3):
        load_real_2x2()
        unzip_and_inflate()
    ratio, ours, peer = paired_ratio(load_real_2x2, unzip_and_inflate, pairs)
    read = median_time(read_bd37, 15)
    load_real_2x2_overlaid()
    o_ratio, o_ours, o_peer = paired_ratio(load_real_2x2_overlaid, load_real_2x2, pairs)
    load_real_2x2_and_los_engine()
    e_ratio, e_ours, e_peer = paired_ratio(load_real_2x2_and_los_engine, load_real_2x2, pairs // 3)
    return "\n".join(
        [
            "| timing | ours | peer | ratio (median of pairs) |",
            "| --- | ---: | ---: | ---: |",
            f"| 2x2 load (34-37, PTO Terrain) | {ours * 1e3:.1f} ms | {peer * 1e3:.1f} ms | "
            f"{ratio:.2f}x |",
            f"| read bd37 | {read * 1e3:.1f} ms | | |",
            f"| 2x2 load with overlay 1 on 37 and RP3 on 36 (warm) vs without | "
            f"{o_ours * 1e3:.1f} ms | {o_peer * 1e3:.1f} ms | {o_ratio:.2f}x |",
            f"| 2x2 load and the first artwork LOS engine vs the load alone | "
            f"{e_ours * 1e3:.1f} ms | {e_peer * 1e3:.1f} ms | {e_ratio:.2f}x |",
        ]
    )


if __name__ == "__main__":
    print(table())
