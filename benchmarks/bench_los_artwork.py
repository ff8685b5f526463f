"""LOS over a real board's artwork from every hex to every hex within range 12 of one board,
beside a bare walk of the same pixel threads (the floor: the thread's pixels stepped and both
byte grids read at each, no rules).

The board is VASL's board 36 (hills to level 3, a stream one level down, woods, brush, grain,
orchards, marsh, a pond) under PTO Terrain (G.1: jungle, bamboo, kunai, palm trees), read at
run time from ``<repo>/../shared/vasl/boards`` (or ``/work/shared/vasl/boards``); skipped when
absent. The map beside the artwork takes each hex's terrain and level from its centre dot.

Run ``python benchmarks/bench_los_artwork.py`` for the table of docs/performance-los.md, or
``pytest benchmarks/bench_los_artwork.py --benchmark-only``. Target: the full LOS within 5x
of the bare walk.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from aslpto.base.tomlsource import TomlSource
from aslpto.board.files import parse_board
from aslpto.board.hexes import COLUMNS, Layout, distance, rows_of_column
from aslpto.board.maps import Map, MapConditions
from aslpto.formats.vasl.boardarchive import BoardArchive, read_board_archive, terrain_codes
from aslpto.formats.vasl.boards import artwork_of
from aslpto.rules.los import ArtworkLosEngine, Location
from aslpto.rules.los.pixels import _pattern
from aslpto.rules.pto.terrain import build_map
from timing import median_time, paired_ratio

ROOT = Path(__file__).resolve().parent.parent
BOARD = "36"
RANGE = 12


def _boards() -> Path | None:
    for candidate in (ROOT.parent / "shared" / "vasl" / "boards", Path("/work/shared/vasl/boards")):
        if (candidate / f"bd{BOARD}").exists():
            return candidate
    return None


FOLDER = _boards()
if FOLDER is None:  # pragma: no cover
    pytest.skip("VASL board archives not found (../shared/vasl/boards)", allow_module_level=True)
assert FOLDER is not None

_WATER = {"pond", "river", "canal", "lake", "ocean"}


def board_text(arc: BoardArchive) -> str:
    """A board file of each hex's terrain and level at its centre dot."""
    codes = terrain_codes()
    terrain: dict[str, list[str]] = {}
    levels: dict[int, list[str]] = {}
    for c in range(33):
        for r in rows_of_column(c):
            name = f"{COLUMNS[c]}{r}"
            t = codes[arc.code_at_hex((c, r))].terrain or "open-ground"
            level = arc.level_at_hex((c, r))
            if t.endswith("building"):
                t = "open-ground"
            if t in _WATER and level < 0:
                level += 1
            terrain.setdefault(t, []).append(name)
            if level:
                levels.setdefault(level, []).append(name)
    lines = ["[board]", "[terrain]"]
    lines += [f"{t} = {hs!r}" for t, hs in terrain.items() if t != "open-ground"]
    lines += ["[levels]"] + [f"{lv} = {hs!r}" for lv, hs in levels.items()]
    return "\n".join(lines).replace("'", '"')


def real_map() -> Map:
    assert FOLDER is not None
    arc = read_board_archive(FOLDER / f"bd{BOARD}")
    m = build_map(
        Layout.single(BOARD),
        {BOARD: parse_board(TomlSource.parse(board_text(arc)))},
        conditions=MapConditions(pto_terrain=True),
    )
    return dataclasses.replace(m, artwork={BOARD: artwork_of(arc, BOARD)})


MAP = real_map()
HEXES = sorted(MAP.cells)
PAIRS = [(a, b) for a in HEXES for b in HEXES if a != b and distance(a, b) <= RANGE]
LOCS = {h: Location(h) for h in HEXES}


def engine() -> ArtworkLosEngine:
    return ArtworkLosEngine(MAP)


ENGINE = engine()


def bare_walk(eng: ArtworkLosEngine = ENGINE) -> int:
    """The floor: each thread's pixels stepped, the terrain code and level read at each."""
    n = 0
    pixels = eng.pixels
    for a, b in PAIRS:
        got = pixels(a, b)
        assert got is not None
        n += len(got[1]) + len(got[2])
    return n


def full_los(eng: ArtworkLosEngine = ENGINE) -> int:
    n = 0
    check = eng.check
    for a, b in PAIRS:
        n += check(LOCS[a], LOCS[b]).los
    return n


def cold_walk() -> int:
    """The bare walk with every thread laid out afresh (a new engine: it keeps the threads
    it has laid out at hand)."""
    _pattern.cache_clear()
    return bare_walk(engine())


def cold_los() -> int:
    """Every thread laid out afresh, and a new engine."""
    _pattern.cache_clear()
    return full_los(engine())


def table() -> str:
    full_los()  # lay out every thread once
    ratio, t_full, t_walk = paired_ratio(full_los, bare_walk, pairs=5)
    cold_ratio, t_cold, t_cwalk = paired_ratio(cold_los, cold_walk, pairs=3)
    t_build = median_time(engine, repeat=3)
    n = len(PAIRS)
    seen = full_los()
    pixels = bare_walk() // 2
    rows = [
        f"pairs: {n} (board {BOARD} under PTO Terrain, every hex to every hex within range "
        f"{RANGE}); {seen} with LOS ({100 * seen / n:.0f}%); {pixels:,} pixels judged "
        f"({pixels / n:.0f} a thread)",
        "",
        "| what | time (s) | checks/s | vs bare walk |",
        "| --- | ---: | ---: | ---: |",
        f"| bare walk of the pixel threads (floor) | {t_walk:.3f} | {n / t_walk:,.0f} | 1.00x |",
        f"| full LOS over the artwork | {t_full:.3f} | {n / t_full:,.0f} | {ratio:.2f}x |",
        f"| bare walk, threads laid out afresh | {t_cwalk:.3f} | {n / t_cwalk:,.0f} | "
        f"{t_cwalk / t_walk:.2f}x |",
        f"| full LOS, threads laid out afresh, new engine | {t_cold:.3f} | {n / t_cold:,.0f} | "
        f"{cold_ratio:.2f}x of the fresh walk |",
        f"| engine build (once per map) | {t_build:.3f} | | |",
        "",
        "Times are medians; each ratio is the median of runs paired back to back (the order",
        "alternating), so that a busy spell of the machine weighs on both sides of a pair.",
        f"Python {sys.version.split()[0]}",
    ]
    return "\n".join(rows)


@pytest.mark.benchmark(group="los-artwork")
def test_bare_pixel_walk(benchmark: BenchmarkFixture) -> None:
    bare_walk()
    benchmark.pedantic(bare_walk, rounds=3, iterations=1)


@pytest.mark.benchmark(group="los-artwork")
def test_full_los_over_artwork(benchmark: BenchmarkFixture) -> None:
    full_los()
    benchmark.pedantic(full_los, rounds=3, iterations=1)


def test_full_los_within_five_times_the_bare_walk() -> None:
    full_los()
    ratio, t_full, t_walk = paired_ratio(full_los, bare_walk, pairs=3)
    assert ratio <= 5, (ratio, t_full, t_walk)


if __name__ == "__main__":
    print(table())
