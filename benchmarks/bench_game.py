"""A game's record replayed and verified (``aslpto game replay``), beside loading its scenario
alone, and one action applied warm.

The record: 500 actions of a game of examples/paddy-river.toml with no last turn - each Player
Turn ends every phase, and in its phases the side on move fires, moves and advances, the other
side First Fires, and units take Morale and Pin Task Checks - made once per run in a scratch
folder (:func:`make_record`).

* **cold** (group ``game cold``): a fresh ``aslpto game replay GAME --json`` process (the virtual
  environment's script, bytecode compiled first), every action resolved again and checked
  against its recorded result; beside it a fresh ``aslpto check SCENARIO`` (loading the
  scenario alone). Target: 1 s for the replay (asserted, on the best round);
* **warm** (group ``game warm``): one action (a Pin Task Check, then the end of a phase)
  verified and applied in-process on the state after the 500 (reported).

Run: ``make bench`` or ``.venv/bin/python -m pytest benchmarks/bench_game.py --benchmark-only
-p no:cacheprovider``.
"""

from __future__ import annotations

import compileall
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from aslpto.formats import record
from aslpto.procedures.game import Action, GameState, play

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "examples" / "paddy-river.toml"
_SCRIPT = Path(sys.executable).with_name("aslpto")
ASLPTO = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "aslpto"]
ACTIONS = 500
COLD_TARGET_S = 1.0
_ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}

_TRIES: list[tuple[str, dict[str, Any]]] = [
    ("move", {"unit": "U1", "steps": ["32N9"]}),
    ("fire", {"firers": ["J1"], "target": "U1"}),
    ("move", {"unit": "U3", "steps": ["32K9"]}),
    ("fire", {"firers": ["J5"], "target": "U3"}),
    ("fire", {"firers": ["U4"], "target": "32O5"}),
    ("fire", {"firers": ["J4"], "target": "U3"}),
    ("ptc", {"units": ["J6"]}),
    ("mc", {"units": ["U5"], "n": 1}),
    ("advance", {"unit": "U3", "steps": ["32L9"]}),
    ("move", {"unit": "J6", "steps": ["31CC7"]}),
]


def make_record(folder: Path, n: int = ACTIONS) -> Path:
    """A record of ``n`` actions (each phase tried with every action of :data:`_TRIES`, the
    refused ones left out), written line by line as ``aslpto game`` writes them."""
    (folder / "paddy-river.toml").write_bytes(SCENARIO.read_bytes())
    path = folder / "bench.jsonl"
    if path.exists():
        path.unlink()
    loaded = record.new(str(folder / "paddy-river.toml"), str(path), seed=11)
    state: GameState = loaded.state
    lines: list[str] = []

    while len(lines) < n:
        for name, args in [*_TRIES, ("end-phase", {})]:
            if len(lines) >= n:
                break
            try:
                done, entry = play(state, Action(name, args), len(lines) + 1, seed=11)
            except Exception:
                continue
            state = done.state
            lines.append(json.dumps(entry.as_json(), ensure_ascii=False) + "\n")
    with open(path, "a", encoding="utf-8") as f:
        f.writelines(lines)
    return path


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import aslpto

    compileall.compile_dir(str(Path(aslpto.__file__).parent), quiet=1)
    return make_record(tmp_path_factory.mktemp("game"))


def _timed(argv: list[str], times: list[float]) -> str:
    t = time.perf_counter()
    r = subprocess.run([*ASLPTO, *argv], check=True, capture_output=True, text=True, env=_ENV)
    times.append(time.perf_counter() - t)
    return r.stdout


@pytest.mark.benchmark(group="game cold")
def test_cold_replay_500(benchmark: BenchmarkFixture, game: Path) -> None:
    """``aslpto game replay`` of 500 actions, a fresh process: at most 1 s."""
    times: list[float] = []
    out = benchmark.pedantic(
        lambda: _timed(["game", "replay", str(game), "--json"], times),
        rounds=7,
        iterations=1,
        warmup_rounds=1,
    )
    assert json.loads(out)["verified"] and len(json.loads(out)["actions"]) == ACTIONS
    best, median = min(times), statistics.median(times)
    benchmark.extra_info.update(
        {"best_s": round(best, 4), "median_s": round(median, 4), "target_s": COLD_TARGET_S}
    )
    print(f"\ncold replay of {ACTIONS} actions: best {best:.3f} s, median {median:.3f} s")
    assert best <= COLD_TARGET_S


@pytest.mark.benchmark(group="game cold")
def test_cold_scenario_alone(benchmark: BenchmarkFixture, game: Path) -> None:
    """``aslpto check`` of the record's scenario, a fresh process: loading it alone."""
    times: list[float] = []
    benchmark.pedantic(
        lambda: _timed(["check", str(game.parent / "paddy-river.toml")], times),
        rounds=7,
        iterations=1,
        warmup_rounds=1,
    )
    best = min(times)
    benchmark.extra_info.update({"best_s": round(best, 4)})
    print(f"\ncold scenario alone: best {best:.3f} s, median {statistics.median(times):.3f} s")


@pytest.mark.benchmark(group="game warm")
def test_warm_one_action(benchmark: BenchmarkFixture, game: Path) -> None:
    """One action verified and applied on the state after 500 (reported; 50 ms "on the
    page")."""
    state = record.load(str(game)).state

    def one() -> GameState:
        done, _ = play(state, Action("ptc", {"units": ["J6"]}), ACTIONS + 1, seed=11)
        done, _ = play(done.state, Action("end-phase", {}), ACTIONS + 2, seed=11)
        return done.state

    benchmark(one)
