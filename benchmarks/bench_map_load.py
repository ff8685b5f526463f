"""Loading a 2x2-board scenario (about 1,300 hexes) with PTO Terrain, beside the bare
``tomllib`` parse of the same files (the floor: reading the text, no rules).

Target: the full load within 3x of the bare parse (docs/performance.md). The example reads two
board files, each twice; a second scenario reads four distinct board files (901, 902, 903 and
a copy of 901 under another name, written to a temporary folder), so that nothing read once
serves twice. Timed two ways, each side the same way: warm (pytest-benchmark's loop: the
same call over and over, the CPU caches holding what the last call used) and cold (each call
after the same cache-clearing step, as a single load from the command line runs). Our load
parses its files as the peer does: the cache of parsed TOML (``base.tomlcache``) is off here.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import tomllib
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from timing import paired_ratio

os.environ["ASLPTO_CACHE"] = "off"  # (every load parses, as the peer does)

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "examples" / "two-by-two.toml"

scenario = pytest.importorskip("aslpto.formats.scenario")
if not SCENARIO.exists():  # pragma: no cover
    pytest.skip("examples/two-by-two.toml is missing", allow_module_level=True)


def _files() -> list[Path]:
    """The scenario file and every board/overlay file it reads."""
    game = scenario.load(SCENARIO)
    src = scenario.map_source(game.map)
    assert src is not None
    files = {SCENARIO} | {Path(ref.path) for _, ref in src.files}
    files |= {Path(ref.path) for ref, _ in src.overlays}
    return sorted(files)


FILES = _files()

_FOUR_DIR = Path(tempfile.mkdtemp(prefix="aslpto-bench-"))
_BOARDS = ROOT / "src" / "aslpto" / "data" / "boards"
for _i, _src in enumerate(("901", "902", "903", "901")):
    shutil.copyfile(_BOARDS / f"{_src}.toml", _FOUR_DIR / f"board-{_i + 1}.toml")
FOUR = _FOUR_DIR / "four-files.toml"
FOUR.write_text(
    SCENARIO.read_text(encoding="utf-8").replace(
        '"41" = "901"\n"42" = "902"\n"43" = "902"\n"44" = "901"',
        '"41" = "board-1.toml"\n"42" = "board-2.toml"\n"43" = "board-3.toml"\n'
        '"44" = "board-4.toml"',
    ),
    encoding="utf-8",
)
FOUR_FILES = [FOUR, *sorted(_FOUR_DIR.glob("board-*.toml"))]


def bare_parse(files: list[Path] = FILES) -> int:
    n = 0
    for f in files:
        with f.open("rb") as fh:
            n += len(tomllib.load(fh))
    return n


def full_load(path: Path = SCENARIO) -> int:
    return len(scenario.load(path).map)


def bare_parse_four() -> int:
    return bare_parse(FOUR_FILES)


def full_load_four() -> int:
    return full_load(FOUR)


_SCRATCH = bytes(48 << 20)  # larger than the CPU caches (32 MB L3 on the project's machine)
_NEXT = bytes(range(1, 256)) + b"\0"


def clear_caches() -> None:
    """Read 48 MB and write 48 MB: what the last call left in the CPU caches is gone."""
    _SCRATCH.translate(_NEXT)


@pytest.mark.benchmark(group="map-load warm")
def test_bare_tomllib_parse(benchmark: BenchmarkFixture) -> None:
    benchmark(bare_parse)


@pytest.mark.benchmark(group="map-load warm")
def test_full_scenario_load(benchmark: BenchmarkFixture) -> None:
    assert benchmark(full_load) >= 1300


@pytest.mark.benchmark(group="map-load cold")
def test_bare_tomllib_parse_cold(benchmark: BenchmarkFixture) -> None:
    benchmark.pedantic(bare_parse, setup=clear_caches, rounds=200, warmup_rounds=5)


@pytest.mark.benchmark(group="map-load cold")
def test_full_scenario_load_cold(benchmark: BenchmarkFixture) -> None:
    n = benchmark.pedantic(full_load, setup=clear_caches, rounds=200, warmup_rounds=5)
    assert n >= 1300


@pytest.mark.benchmark(group="map-load four files")
def test_bare_tomllib_parse_four_files(benchmark: BenchmarkFixture) -> None:
    benchmark(bare_parse_four)


@pytest.mark.benchmark(group="map-load four files")
def test_full_scenario_load_four_files(benchmark: BenchmarkFixture) -> None:
    assert benchmark(full_load_four) >= 1300


def table(pairs: int = 300) -> str:
    """Both ways, each timed in pairs (:func:`timing.paired_ratio`): one call of each side,
    back to back, so that a slow spell of the machine weighs on both alike."""
    for _ in range(20):  # warm up both
        full_load()
        bare_parse()
    rows = [
        "| timing | ours: scenario.load | peer: bare tomllib parse | ratio (median of pairs) |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, before in (("warm", None), ("cold", clear_caches)):
        ratio, ours, peer = paired_ratio(full_load, bare_parse, pairs, before=before)
        rows.append(f"| {name} | {ours * 1e3:.2f} ms | {peer * 1e3:.2f} ms | {ratio:.2f}x |")
    for name, before in (("four files, warm", None), ("four files, cold", clear_caches)):
        ratio, ours, peer = paired_ratio(full_load_four, bare_parse_four, pairs, before=before)
        rows.append(f"| {name} | {ours * 1e3:.2f} ms | {peer * 1e3:.2f} ms | {ratio:.2f}x |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
