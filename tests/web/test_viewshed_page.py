"""Sight mode: a unit (or hex) clicked shades every hex by what it sees (``/api/viewshed``,
``aslpto viewshed``'s answer): seen, seen through a Hindrance, not seen; ticked, the units of
the other sides that see it are marked. On the bundled scenario and over real boards 37 and 38
(their artwork), each shaded as the API answers (how soon after the click:
benchmarks/bench_viewshed.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from web.conftest import EXAMPLES, Served, screenshot, vasl_boards


def shading(page: Any) -> dict[str, str]:
    """Each shaded hex and its class (seen, hindered, blocked)."""
    got: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#layer-sight .sight-hex')]
            .map((p) => [p.dataset.hex, [...p.classList].find((c) => c !== 'sight-hex')]))"""
    )
    return got


def expected(answer: dict[str, Any]) -> dict[str, str]:
    """What the page should shade: each hex by the best of its Locations."""
    rank = {"sight-blocked": 0, "sight-hindered": 1, "sight-seen": 2}
    out: dict[str, str] = {}
    for loc in answer["locations"]:
        cls = (
            ("sight-hindered" if loc["hindrance_drm"] else "sight-seen")
            if loc["los"]
            else "sight-blocked"
        )
        if loc["hex"] not in out or rank[cls] > rank[out[loc["hex"]]]:
            out[loc["hex"]] = cls
    return out


def click_sight(page: Any, unit: str) -> float:
    page.click(f'.unit-chip[data-unit="{unit}"]')
    page.wait_for_selector(f'body[data-sight-shown="{unit}"]')
    took: float = page.evaluate("window.referee.timing.sight")
    return took


def test_a6_sight_mode_shades_what_a_unit_sees_and_who_sees_it(
    serve: Callable[[str], Served], page: Any
) -> None:
    """J1 on the bundled paddy scenario: every hex shaded as /api/viewshed answers; ticked,
    the U.S. units that see J1 are marked and named."""
    s = serve("paddy-river.toml")
    page.goto(s.url)
    page.wait_for_selector(".unit-chip")
    page.click('button[data-mode="sight"]')
    click_sight(page, "J1")
    _, want = s.post("/api/viewshed", {"from": "unit:J1"})
    assert shading(page) == expected(want)
    head = page.inner_text("#sight-head")
    assert head.startswith(f"J1 ({want['from']}) sees {want['seen']} of {len(want['locations'])}")
    page.check("#sight-seen-by")
    page.wait_for_selector("#sight-seers")
    _, seen = s.post("/api/viewshed", {"from": "unit:J1", "seen-by": True})
    seers = sorted(x["unit"] for x in seen["seen_by"] if x["los"])
    marked = page.evaluate(
        "() => [...document.querySelectorAll('.unit-chip.sees')].map((c) => c.dataset.unit)"
    )
    assert sorted(marked) == seers and seers
    assert all(x["side"] != "Japanese" for x in seen["seen_by"])
    screenshot(page, "sight-j1-seen-by")
    # a hex clicked: what that hex sees, at its base level
    page.click('.hex-hit[data-hex="32K5"]', force=True)
    page.wait_for_selector('body[data-sight-shown="32K5"]')
    _, hexed = s.post("/api/viewshed", {"from": "hex:32K5"})
    assert shading(page) == expected(hexed)
    page.keyboard.press("Escape")
    assert page.locator("#layer-sight .sight-hex").count() == 0


@pytest.fixture(scope="module")
def real() -> Iterator[Served]:
    s = Served(EXAMPLES / "real-37-38.toml", vasl_boards("37", "38"))
    yield s
    s.bg.stop()


def test_a6_sight_over_real_boards_shades_each_units_viewshed(real: Served, page: Any) -> None:
    """Boards 37 and 38 under PTO Terrain (RP3's paddies, Panji counters): a unit's whole-map
    viewshed over the artwork, shaded as the API answers, a second unit's and the first's
    again."""
    page.goto(real.url)
    page.wait_for_selector(".unit-chip")
    page.click('button[data-mode="sight"]')
    units = [u["id"] for u in real.request("/api/map")[1]["units"] if u["hex"]]
    first, second = units[0], units[-1]
    click_sight(page, first)
    _, want = real.post("/api/viewshed", {"from": f"unit:{first}"})
    assert shading(page) == expected(want)
    click_sight(page, second)
    click_sight(page, first)
    click_sight(page, second)
    _, want = real.post("/api/viewshed", {"from": f"unit:{second}"})
    assert shading(page) == expected(want)
    screenshot(page, "sight-real-37-38")


def test_a6_a_hex_pointed_at_tells_what_the_viewer_sees_of_it(real: Served, page: Any) -> None:
    """Sight shown, the hex under the pointer is titled with the answer for it: seen and at what
    range, or where, by what rule and why the LOS is blocked; none once sight is cleared."""
    page.goto(real.url)
    page.wait_for_selector(".unit-chip")
    page.click('button[data-mode="sight"]')
    unit = next(u["id"] for u in real.request("/api/map")[1]["units"] if u["hex"])
    click_sight(page, unit)
    _, want = real.post("/api/viewshed", {"from": f"unit:{unit}"})
    shade = expected(want)
    firsts: dict[str, dict[str, Any]] = {}  # (each hex's first Location of its best kind)
    for x in want["locations"]:
        kind = ("sight-hindered" if x["hindrance_drm"] else "sight-seen") if x["los"] else ""
        firsts.setdefault(f"{x['hex']} {kind or 'sight-blocked'}", x)
    blocked = next(firsts[f"{h} {c}"] for h, c in shade.items() if c == "sight-blocked")
    seen = next(firsts[f"{h} {c}"] for h, c in shade.items() if c == "sight-seen")
    title = "(h) => document.querySelector(`.hex-hit[data-hex='${h}'] title`)?.textContent"
    for loc in (blocked, seen):
        page.hover(f'.hex-hit[data-hex="{loc["hex"]}"]', force=True)
        got = page.evaluate(title, loc["hex"])
        if loc["los"]:
            assert got.startswith(f"{loc['hex']}: seen, range {loc['range']}")
        else:
            b = loc["blocked_by"]
            assert got == (
                f"{loc['hex']}: not seen, blocked at {b['where']} [{b['rule']}]: {b['why']}"
            )
    page.keyboard.press("Escape")
    page.hover(f'.hex-hit[data-hex="{blocked["hex"]}"]', force=True)
    page.hover(f'.hex-hit[data-hex="{seen["hex"]}"]', force=True)
    assert page.evaluate(title, seen["hex"]) is None
    assert page.locator("#layer-sight .sight-hex").count() == 0
