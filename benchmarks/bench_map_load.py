"""Loading a 2x2-board scenario (about 1,300 hexes) with PTO Terrain, beside the bare
``tomllib`` parse of the same files (the floor: reading the text, no rules).

Target: the full load within 3x of the bare parse (docs/performance.md).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from timing import paired_ratio

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "examples" / "two-by-two.toml"

scenario = pytest.importorskip("aslpto.scenario")
if not SCENARIO.exists():  # pragma: no cover
    pytest.skip("examples/two-by-two.toml is missing", allow_module_level=True)


def _files() -> list[Path]:
    """The scenario file and every board/overlay file it reads."""
    game = scenario.load(SCENARIO)
    src = scenario.map_source(game.map)
    assert src is not None
    files = {SCENARIO} | {ref.path for _, ref in src.files} | {ref.path for ref, _ in src.overlays}
    return sorted(files)


FILES = _files()


def bare_parse() -> int:
    n = 0
    for f in FILES:
        with f.open("rb") as fh:
            n += len(tomllib.load(fh))
    return n


def full_load() -> int:
    return len(scenario.load(SCENARIO).map)


@pytest.mark.benchmark(group="map-load")
def test_bare_tomllib_parse(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark(bare_parse)


@pytest.mark.benchmark(group="map-load")
def test_full_scenario_load(benchmark) -> None:  # type: ignore[no-untyped-def]
    assert benchmark(full_load) >= 1300


def table(pairs: int = 300) -> str:
    """The load beside the bare parse, timed in pairs (:func:`timing.paired_ratio`)."""
    for _ in range(20):  # warm up both
        full_load()
        bare_parse()
    ratio, ours, peer = paired_ratio(full_load, bare_parse, pairs)
    return (
        "| ours: scenario.load | peer: bare tomllib parse | ratio (median of pairs) |\n"
        "| ---: | ---: | ---: |\n"
        f"| {ours * 1e3:.2f} ms | {peer * 1e3:.2f} ms | {ratio:.2f}x |"
    )


if __name__ == "__main__":
    print(table())
