"""LOS from every hex to every hex within range 12 on one board, beside a plain hex line walk
over the same pairs (the floor: no terrain, no rules).

The board is 32 of examples/paddy-river.toml (the bundled 902 under PTO Terrain: river,
canal, paddies with banks, jungle, grain, orchard/palm trees, huts, walls, hedges, a stream,
Panji counters). "Full LOS" is :meth:`aslpto.rules.los.LosEngine.check` with every rule: the
exact
thread (integer geometry, cached per offset), obstacles, blind hexes, hills, Hindrances, hexside
obstacles, Depressions, the PTO rules. The floor is the usual cube-coordinate lerp-and-round
hex line (floating point with an epsilon nudge), walked to the end, nothing looked up.

Run ``python benchmarks/bench_los.py`` for the table of docs/performance-los.md, or
``pytest benchmarks/bench_los.py --benchmark-only``. Target: the full LOS within 5x of the
floor.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from aslpto.board.hexes import COLUMNS, Hex, distance, rows_of_column
from aslpto.formats import scenario
from aslpto.rules.los import Location, LosEngine
from aslpto.rules.los.thread import _trace_rel
from aslpto.rules.los.walk import _compact
from timing import median_time

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "examples" / "paddy-river.toml"
BOARD = "32"
RANGE = 12

if not SCENARIO.exists():  # pragma: no cover
    pytest.skip("examples/paddy-river.toml is missing", allow_module_level=True)

GAME = scenario.load(SCENARIO)
MAP = GAME.map
HEXES = [MAP.hex(f"{BOARD}{COLUMNS[c]}{r}") for c in range(len(COLUMNS)) for r in rows_of_column(c)]
PAIRS = [(a, b) for a in HEXES for b in HEXES if a != b and distance(a, b) <= RANGE]


# --- the floor: a plain hex line walk ----------------------------------------------------------


def _cube(h: Hex) -> tuple[int, int, int]:
    q = h.x
    r = (h.y - h.x) // 2
    return (q, r, -q - r)


def _round(q: float, r: float, s: float) -> tuple[int, int, int]:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return (rq, rr, rs)


def hex_line(a: Hex, b: Hex) -> list[tuple[int, int, int]]:
    """The cube-coordinate lerp-and-round line from a to b (ends included)."""
    aq, ar, as_ = _cube(a)
    bq, br, bs = _cube(b)
    n = max(abs(aq - bq), abs(ar - br), abs(as_ - bs))
    eps = (1e-6, 2e-6, -3e-6)
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(
            _round(
                aq + (bq - aq) * t + eps[0],
                ar + (br - ar) * t + eps[1],
                as_ + (bs - as_) * t + eps[2],
            )
        )
    return out


def floor_walk() -> int:
    n = 0
    for a, b in PAIRS:
        n += len(hex_line(a, b))
    return n


# --- the full LOS -------------------------------------------------------------------------------


def engine() -> LosEngine:
    return LosEngine(MAP, GAME.conditions, (p.hex for p in GAME.panjis.values()))


ENGINE = engine()
LOCS = {h: Location(h) for h in HEXES}


def full_los(eng: LosEngine = ENGINE) -> int:
    n = 0
    check = eng.check
    for a, b in PAIRS:
        n += check(LOCS[a], LOCS[b]).los
    return n


def cold_los() -> int:
    """Every thread walked afresh (empty geometry caches) and a new engine."""
    _compact.cache_clear()
    _trace_rel.cache_clear()
    return full_los(engine())


def table() -> str:
    full_los()  # warm the thread cache
    t_floor = median_time(floor_walk)
    t_full = median_time(full_los)
    t_cold = median_time(cold_los, repeat=3)
    t_build = median_time(engine)
    n = len(PAIRS)
    seen = full_los()
    rows = [
        f"pairs: {n} (board {BOARD}, every hex to every hex within range {RANGE}); "
        f"{seen} with LOS ({100 * seen / n:.0f}%)",
        "",
        "| what | time (s) | checks/s | vs floor |",
        "| --- | ---: | ---: | ---: |",
        f"| plain hex line walk (floor) | {t_floor:.3f} | {n / t_floor:,.0f} | 1.00x |",
        f"| full LOS, warm thread cache | {t_full:.3f} | {n / t_full:,.0f} | "
        f"{t_full / t_floor:.2f}x |",
        f"| full LOS, cold (new engine, empty caches) | {t_cold:.3f} | {n / t_cold:,.0f} | "
        f"{t_cold / t_floor:.2f}x |",
        f"| engine build (once per map) | {t_build:.3f} | | |",
        "",
        f"Python {sys.version.split()[0]}",
    ]
    return "\n".join(rows)


@pytest.mark.benchmark(group="los")
def test_floor_hex_line_walk(benchmark: BenchmarkFixture) -> None:
    benchmark.pedantic(floor_walk, rounds=3, iterations=1)


@pytest.mark.benchmark(group="los")
def test_full_los_warm(benchmark: BenchmarkFixture) -> None:
    full_los()
    benchmark.pedantic(full_los, rounds=3, iterations=1)


@pytest.mark.benchmark(group="los")
def test_full_los_cold(benchmark: BenchmarkFixture) -> None:
    benchmark.pedantic(cold_los, rounds=2, iterations=1)


def test_floor_hexes_are_on_the_exact_thread() -> None:
    """The floor is a fair floor: away from vertices, every hex it samples is one the exact
    thread runs through (the thread may run through more: range + 1 samples miss the hexes a
    shallow thread clips between two samples)."""
    from aslpto.rules.los.thread import trace

    for a, b in PAIRS[:3000]:
        ev = trace(a, b)
        if any(e.kind in ("vertex", "spine") for e in ev):
            continue
        exact = {_cube(e.hexes[0]) for e in ev if e.kind == "hex"}
        assert set(hex_line(a, b)) <= exact


if __name__ == "__main__":
    print(table())
