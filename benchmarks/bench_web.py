"""The referee page's API, warm, on the 2x2-board map of examples/two-by-two.toml (1,332 hexes,
PTO Terrain, paddies, Panji counters, 21 units): the game is loaded once, as ``aslpto serve``
loads it, and each of 100 different questions is asked once.

- **reach**: 100 different (unit, how it moves) pairs: every unit in MPh, APh, Assault
  Movement, Double Time and Low Crawl;
- **move**: 100 different paths of one to three steps, each from a unit's hex to hexes next
  to it;
- **LOS**: 100 different pairs, each unit's hex to a hex 1-12 hexes away (seeded).

Each is timed server-side, through :meth:`aslpto.web.referee.Referee.ask` (the request read
by the command's parser, the answer built as its JSON), and over HTTP from this process to
uvicorn (JSON both ways). Targets (median): reach <= 10 ms, move <= 5 ms, LOS <= 2 ms.

With Debian's chromium and Playwright, ``python benchmarks/bench_web.py`` also times the page:
from a click on a unit to its reach overlay drawn (``window.referee.timing.reach``; reported,
not asserted). Run ``python benchmarks/bench_web.py`` for the table of docs/web.md, or
``pytest benchmarks/bench_web.py --benchmark-only``.
"""

from __future__ import annotations

import contextlib
import json
import random
import statistics
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from aslpto.board.hexes import distance
from aslpto.web.referee import BadRequest, Referee

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "examples" / "two-by-two.toml"
N = 100
HOW = ({}, {"phase": "aph"}, {"assault": True}, {"double-time": True}, {"low-crawl": True})
TARGETS = {"reach": 10.0, "move": 5.0, "los": 2.0}


def questions(ref: Referee) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """100 different questions of each kind about the loaded game."""
    g = ref.game
    m = g.map
    rng = random.Random(15)
    placed = [u for u in g.units.values() if u.hex]
    units = sorted(placed, key=lambda u: u.id)
    reach = [("reach", {"unit": u.id, **how}) for how in HOW for u in units][:N]
    move: list[tuple[str, dict[str, Any]]] = []
    seen: set[tuple[str, ...]] = set()
    while len(move) < N:
        u = units[len(move) % len(units)]
        here = m.hex(u.hex)
        steps: list[str] = []
        for _ in range(rng.randint(1, 3)):
            here = rng.choice(m.neighbours(here))
            steps.append(m.name(here))
        if (u.id, *steps) not in seen:
            seen.add((u.id, *steps))
            move.append(("move", {"unit": u.id, "steps": steps}))
    cells = sorted(m.cells)
    los: list[tuple[str, dict[str, Any]]] = []
    pairs: set[tuple[str, str]] = set()
    while len(los) < N:
        u = units[len(los) % len(units)]
        a = m.hex(u.hex)
        b = rng.choice(cells)
        pair = (m.name(a), m.name(b))
        if 1 <= distance(a, b) <= 12 and pair not in pairs:
            pairs.add(pair)
            los.append(("los", {"from": pair[0], "to": pair[1]}))
    return {"reach": reach, "move": move, "los": los}


def timed(ask: Callable[[str, dict[str, Any]], object], qs: list[tuple[str, dict[str, Any]]]
          ) -> list[float]:  # fmt: skip
    """Milliseconds of each question, asked once each."""
    out = []
    for command, body in qs:
        t0 = time.perf_counter()
        with contextlib.suppress(BadRequest):  # a refused question is an answer too
            ask(command, body)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def over_http(url: str) -> Callable[[str, dict[str, Any]], object]:
    def ask(command: str, body: dict[str, Any]) -> object:
        req = urllib.request.Request(f"{url}api/{command}", json.dumps(body).encode(),
                                     {"content-type": "application/json"})  # fmt: skip
        try:
            with urllib.request.urlopen(req) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            return json.loads(e.read())

    return ask


@pytest.fixture(scope="module")
def referee() -> Iterator[Referee]:
    ref = Referee.load(SCENARIO)
    yield ref


@pytest.mark.parametrize("kind", ["reach", "move", "los"])
def test_web_api_warm(benchmark: Any, referee: Referee, kind: str) -> None:
    qs = questions(referee)[kind]
    it = iter(qs * 1000)

    def one() -> None:
        command, body = next(it)
        referee.ask(command, body)

    benchmark(one)


def browser_reach(url: str, units: list[str]) -> list[float]:
    """Milliseconds from a click on each unit to its reach overlay drawn, in chromium."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from tests.web.conftest import CHROMIUM, CHROMIUM_FLAGS

    out = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = b.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url)
        page.wait_for_selector(".unit-chip")
        page.click("#ui-modes button[data-mode=move]")
        for uid in units:
            page.evaluate("delete document.body.dataset.reachShown")
            page.click(f'.unit-chip[data-unit="{uid}"]', force=True)
            page.wait_for_selector(f'body[data-reach-shown="{uid}"]')
            out.append(page.evaluate("window.referee.timing.reach"))
        b.close()
    return out


def main() -> None:
    from aslpto.web.server import Background

    t0 = time.perf_counter()
    ref = Referee.load(SCENARIO)
    print(f"load {SCENARIO.name}: {(time.perf_counter() - t0) * 1000:.1f} ms, "
          f"{len(ref.game.map.cells)} hexes, {len(ref.game.units)} units")  # fmt: skip
    qs = questions(ref)
    print(f"{'':6} {'server-side median':>19} {'p90':>8} {'over HTTP median':>17} {'target':>7}")
    bg = Background(ref)
    try:
        http = over_http(bg.url)
        for kind, q in qs.items():
            server = timed(ref.ask, q)
            ref2 = Referee.load(SCENARIO)  # the same questions, unasked, on a fresh server
            bg2 = Background(ref2)
            try:
                via = timed(over_http(bg2.url), questions(ref2)[kind])
            finally:
                bg2.stop()
            p90 = statistics.quantiles(server, n=10)[-1]
            print(f"{kind:6} {statistics.median(server):>16.2f} ms {p90:>5.2f} ms "
                  f"{statistics.median(via):>14.2f} ms {TARGETS[kind]:>4.0f} ms")  # fmt: skip
        if Path("/usr/bin/chromium").exists():
            units = sorted(u.id for u in ref.game.units.values() if u.hex)
            http("check", {})
            clicks = browser_reach(bg.url, units + units)
            print(f"page: click on a unit -> reach overlay drawn, median of {len(clicks)}: "
                  f"{statistics.median(clicks):.1f} ms (first {clicks[0]:.1f} ms, "
                  f"max {max(clicks):.1f} ms)")  # fmt: skip
    finally:
        bg.stop()


if __name__ == "__main__":
    main()
