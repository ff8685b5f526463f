"""Viewsheds asked for the first time, each measure in a process of its own (``python
benchmarks/first_views.py MEASURE [alone]`` prints its milliseconds as JSON): the process holds
only what a player's does, the map and its engine (the Python API) or the page's scenario
(``aslpto serve``), not the benchmark's other maps and caches, whose objects the cycle
collector's passes would walk too. :mod:`bench_viewshed` runs them and puts them in its table.

- ``two_by_two``: the 2x2 map of boards 37, 38 / 39, 36 under PTO Terrain; ``WARMERS`` asked
  first (the engine built, its caches filled), then each of ``FIRST_TIMERS`` once, every one
  for the first time.
- ``page``: the page's question (``Referee.ask``: the request read, the answer's JSON built)
  on boards 37-38 (examples/real-37-38.toml), each unit asked for the first time once a hex's
  viewshed has built the engine.

``alone``: the peer, each thread laid out alone and whole (as :meth:`ArtworkLosEngine.check`
lays it out; the viewshed's layout before its threads were laid out together, near the viewer
first)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from vaslhelp import BOARDS, scenario_text  # noqa: E402

PAGE = ROOT / "examples" / "real-37-38.toml"
"""The page's real boards: 37 and 38 under PTO Terrain, RP3's paddies, Panji counters."""
MAP4 = '[["37", "38"], ["39", "36"]]'
WARMERS = ("37Z8", "38K5", "36P6")
"""Viewers whose viewsheds fill a new engine's caches first."""
FIRST_TIMERS = ("37Y8", "39E3", "38W2", "36Y10", "37T5", "38F8", "39P4", "36C3", "37AA9")
"""Viewers each asked once after them, every one for the first time: no thread of theirs laid
out before (threads from a hex of the same parity class at the same offset excepted)."""


def _alone(fx: int, fy: int, offsets: list[tuple[int, int]], *_: object) -> list[None]:
    return [None] * len(offsets)  # (every thread laid out alone, whole; none of its pixels read)


def two_by_two(alone: bool = False) -> list[float]:
    """The milliseconds of each of ``FIRST_TIMERS``' whole-map viewsheds on the 2x2 map."""
    from aslpto.formats import scenario
    from aslpto.rules.los import ArtworkLosEngine, build_engine, parse_location, viewshed_of

    game = scenario.loads(scenario_text(MAP4, "pto_terrain = true"))
    eng = build_engine(game.map, game.conditions)
    assert isinstance(eng, ArtworkLosEngine)
    if alone:
        eng._patterns_many = _alone  # type: ignore[method-assign,assignment]
    for w in WARMERS:
        viewshed_of(eng, parse_location(game.map, w))
    out = []
    for w in FIRST_TIMERS:
        t0 = time.perf_counter()
        viewshed_of(eng, parse_location(game.map, w))
        out.append(1000 * (time.perf_counter() - t0))
    return out


def page(alone: bool = False) -> list[float]:
    """The milliseconds of each unit's whole-map viewshed as the page asks it."""
    from aslpto.rules.los import ArtworkLosEngine, engine_for
    from aslpto.web.referee import Referee

    ref = Referee.load(PAGE, str(BOARDS))
    eng = engine_for(ref.game)
    assert isinstance(eng, ArtworkLosEngine)
    if alone:
        eng._patterns_many = _alone  # type: ignore[method-assign,assignment]
    ref.ask("viewshed", {"from": "hex:37A1"})
    out = []
    for u in sorted(u.id for u in ref.game.units.values() if u.hex):
        t0 = time.perf_counter()
        ref.ask("viewshed", {"from": f"unit:{u}"})
        out.append(1000 * (time.perf_counter() - t0))
    return out


MEASURES = {"two_by_two": two_by_two, "page": page}


def in_own_process(measure: str, alone: bool = False) -> list[float]:
    """``measure`` run in a new process (this file run as a script): its milliseconds."""
    got = subprocess.run(
        [sys.executable, __file__, measure, *(["alone"] if alone else [])],
        capture_output=True,
        text=True,
        check=True,
    )
    ms: list[float] = json.loads(got.stdout.strip().splitlines()[-1])
    return ms


if __name__ == "__main__":
    print(json.dumps(MEASURES[sys.argv[1]](sys.argv[2:] == ["alone"])))
