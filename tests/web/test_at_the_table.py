"""The page at the table, tried as a player tries it: real saves (their units named like hexes,
every unit off the map), a tablet and a phone, a click on a counter's picture, two tabs on two
games, a far reachable hex clicked, a German unit's odds, the unchecked values shown.
Skipped, saying why, where the VASL data or chromium is absent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from web.conftest import (
    EXAMPLES,
    STALINGRAD,
    Served,
    screenshot,
    spread_save,
    vasl_boards,
    vasl_save,
)


@pytest.fixture(scope="module")
def spread(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The real Stalingrad save with its 117 units spread over board 1."""
    folder = vasl_boards("1")
    s = Served(spread_save(tmp_path_factory.mktemp("spread")), folder)
    yield s
    s.bg.stop()


def _open(page: Any, s: Served, query: str = "") -> None:
    page.goto(s.url + query)
    page.wait_for_selector(".unit-chip")


# 1. a unit named like a hex -------------------------------------------------------------------


def test_a6_units_named_like_hexes_are_never_taken_for_the_hexes(spread: Served, page: Any) -> None:
    """R1 stands in 1P1 and G10 in 1X2; hexes 1R1 and 1G10 exist too. Clicked, the units are
    asked for; typed or sent bare, the word is refused, saying how to name either."""
    units = {u["id"]: u["hex"] for u in spread.request("/api/map")[1]["units"]}
    assert (units["R1"], units["G10"]) == ("1P1", "1X2")
    status, got = spread.post("/api/los", {"from": "G10", "to": "R1"})
    assert status == 400 and "'G10' is both a unit and a hex" in got["error"]
    status, got = spread.post("/api/los", {"from": "unit:R1", "to": "unit:G10"})
    assert status == 200 and (got["from"], got["to"]) == ("1P1", "1X2")
    _open(page, spread)
    page.click('#ui-modes button[data-mode="los"]')
    page.click('.unit-chip[data-unit="R1"]')
    page.click('.unit-chip[data-unit="G10"]')
    page.wait_for_selector("#los-head")
    assert page.inner_text("#los-head").startswith(f"R1 (1P1) → G10 (1X2) (range {got['range']})")
    assert page.locator(".los-thread").count() == 1
    page.fill("#los-text", "G10 R1")
    page.press("#los-text", "Enter")
    page.wait_for_selector("#los-error")
    assert "say unit:G10 for the unit" in page.inner_text("#los-error")
    screenshot(page, "units-named-like-hexes")


# 2. a tablet and a phone ------------------------------------------------------------------------

_LAYOUT = """() => {
  const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
    return [r.x, r.y, r.width, r.height]; };
  return { view: box("view"), panel: box("ui-panel"), header: box("ui-modes"),
    width: innerWidth, height: innerHeight, scroll: document.documentElement.scrollWidth };
}"""


@pytest.mark.parametrize("size", [(375, 667), (768, 1024), (1400, 900)])
def test_the_page_is_usable_on_a_phone_a_tablet_and_a_desktop(
    serve: Any, browser: Any, size: tuple[int, int]
) -> None:
    """The map takes the screen's width on a phone or a tablet (the answers under it), at
    least half of it on a desktop; nothing runs off the right; a tapped unit shows its reach
    and its panel is in sight; the zoom buttons zoom."""
    width, height = size
    s = serve("paddy-river.toml")
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=width < 900
    )
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.set_default_timeout(90_000)
        _open(pg, s)
        got = pg.evaluate(_LAYOUT)
        _, vy, vw, vh = got["view"]
        assert got["scroll"] <= width  # no sideways scrolling
        if width < 900:
            assert vw >= width - 2 and vh >= 0.4 * height
            assert got["panel"][1] >= vy + vh - 1  # the panel under the map
        else:
            assert vw >= 0.5 * width and vh >= 0.8 * height
        before = pg.get_attribute("#view svg", "viewBox")
        pg.click("#zoom-in")
        zoomed = pg.get_attribute("#view svg", "viewBox")
        assert float(zoomed.split()[2]) < float(before.split()[2])
        pg.click("#zoom-out")
        chip = '.unit-chip[data-unit="U1"]'
        if width < 900:
            pg.tap(chip)
        else:
            pg.click(chip)
        pg.wait_for_selector('body[data-reach-shown="U1"]')
        top = pg.eval_on_selector("#unit-panel", "e => e.getBoundingClientRect().top")
        assert top < height - 40  # the answer is in sight, not under the fold
        screenshot(pg, f"page-at-{width}px")
    finally:
        context.close()
    assert not errors, errors


# 3. a click on a counter's picture --------------------------------------------------------------

_COUNTER_POINT = """(id) => {
  // a point of the unit's counter picture that no id tag (chip) covers
  const g = document.getElementById("unit-" + id);
  const r = g.querySelector("rect:nth-of-type(2)").getBoundingClientRect();
  for (const fy of [0.3, 0.2, 0.4, 0.5]) for (const fx of [0.5, 0.3, 0.7]) {
    const x = r.x + r.width * fx, y = r.y + r.height * fy;
    const top = document.elementFromPoint(x, y);
    if (top && !top.closest(".unit-chip")) return [x, y];
  }
  return null;
}"""


def test_a_click_on_a_counters_picture_selects_its_unit(spread: Served, page: Any) -> None:
    """In Move mode a click on G10's counter (not its id tag) shows G10's reach; in LOS mode
    two counters clicked are the two units."""
    _open(page, spread)
    page.click('#ui-modes button[data-mode="move"]')
    x, y = page.evaluate(_COUNTER_POINT, "G10")
    page.mouse.click(x, y)
    page.wait_for_selector('body[data-reach-shown="G10"]')
    assert page.inner_text("#unit-name").startswith("G10 8-3-8")
    assert page.locator("#hex-panel:not([hidden])").count() == 0
    page.click('#ui-modes button[data-mode="los"]')
    page.click("#fit-units")
    x, y = page.evaluate(_COUNTER_POINT, "R1")
    page.mouse.click(x, y)
    x, y = page.evaluate(_COUNTER_POINT, "G1")
    page.mouse.click(x, y)
    page.wait_for_selector("#los-head")
    assert page.inner_text("#los-head").startswith("R1 (1P1) → G1 (1H1)")
    screenshot(page, "counter-picture-clicked")


# 4. a save with every unit off the map ------------------------------------------------------


def test_a_save_with_every_unit_off_the_map_lists_them_and_places_one(page: Any) -> None:
    """The Stalingrad save as players exchange it before setup: the page lists its 117 units
    off the map by side, "units" says so, and a unit picked in the list and a hex clicked puts
    it there (a game of this tab's own, named in its URL)."""
    folder = vasl_boards("1")
    s = Served(EXAMPLES / "panji-g9.toml", folder)
    try:
        page.goto(s.url)
        page.wait_for_selector(".unit-chip")
        page.set_input_files("#ui-file", str(vasl_save(STALINGRAD)))
        page.wait_for_function(
            "document.getElementById('ui-status').textContent.startsWith('opened')"
        )
        assert page.inner_text("#offmap-count") == "117"
        assert page.locator(".offmap-unit").count() == 117
        assert page.eval_on_selector("#ui-panel", "p => p.firstElementChild.id") == "offmap-panel"
        assert page.locator(".unit-chip").count() == 0
        page.click("#fit-units")
        assert "all 117 units are off the map" in page.inner_text("#ui-status")
        page.click('.offmap-unit[data-unit="R1"]')
        assert page.inner_text("#ui-status") == "click the hex to place R1 in"
        page.click('.hex-hit[data-hex="1P5"]', force=True)
        page.wait_for_selector('.unit-chip[data-unit="R1"]')
        assert page.inner_text("#ui-status") == "R1 placed in 1P5"
        assert page.inner_text("#offmap-count") == "116"
        assert "?game=" in page.url
        page.click('#ui-modes button[data-mode="move"]')
        page.click('.unit-chip[data-unit="R1"]')
        page.wait_for_selector('body[data-reach-shown="R1"]')
        assert page.locator(".reach-hex").count() > 1
        screenshot(page, "save-off-the-map-placed")
        page.reload()  # the tab's game comes back with its URL
        page.wait_for_selector('.unit-chip[data-unit="R1"]')
    finally:
        s.bg.stop()


# 5. answers in sight and up to date; a game per tab -------------------------------------------


def test_two_tabs_keep_two_games_and_the_answers_stay_in_sight(serve: Any, browser: Any) -> None:
    """Tab A stays on the first game while tab B opens another; each answers about its own,
    a reload keeps it, "first game" goes back. The LOS answer is at the top of the panel, with
    no reach or path left from Move mode; an opened game leaves no LOS or hex panel behind."""
    s = Served(EXAMPLES / "panji-g9.toml")
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        a, b = context.new_page(), context.new_page()
        for pg in (a, b):
            pg.set_default_timeout(90_000)
            _open(pg, s)
        a.click('.unit-chip[data-unit="A"]')
        a.wait_for_selector('body[data-reach-shown="A"]')
        a.click('.hex-hit[data-hex="37EE7"]', force=True)
        a.wait_for_selector("#move-info table")
        a.click('#ui-modes button[data-mode="los"]')
        assert a.locator(".reach-hex").count() == 0 and a.locator(".path").count() == 0
        a.fill("#los-text", "37DD7 37AA10")
        a.press("#los-text", "Enter")
        a.wait_for_selector("#los-head")
        assert a.eval_on_selector("#ui-panel", "p => p.firstElementChild.id") == "los-panel"
        top = a.eval_on_selector("#los-head", "e => e.getBoundingClientRect().bottom")
        assert top < 900
        b.click('#ui-modes button[data-mode="los"]')
        b.fill("#los-text", "37DD7 37AA10")
        b.press("#los-text", "Enter")
        b.wait_for_selector("#los-head")
        b.set_input_files("#ui-file", str(EXAMPLES / "b21-deep.toml"))
        b.wait_for_function("document.getElementById('ui-status').textContent.startsWith('opened')")
        assert b.locator("#los-panel:not([hidden])").count() == 0
        assert b.locator("#hex-panel:not([hidden])").count() == 0
        assert "?game=" in b.url and b.locator("#ui-first:not([hidden])").count() == 1
        # tab A still asks about its own game
        a.fill("#los-text", "37DD7 37AA10")
        a.press("#los-text", "Enter")
        a.wait_for_function("document.getElementById('los-head').textContent.startsWith('37DD7')")
        assert a.locator('.hex-hit[data-hex="37EE7"]').count() == 1
        assert a.locator("#ui-first:not([hidden])").count() == 0
        b.reload()
        b.wait_for_selector('.hex-hit[data-hex="7AA10"]', state="attached")
        b.click("#ui-first")
        b.wait_for_selector('.hex-hit[data-hex="37EE7"]', state="attached")
        assert "?game=" not in b.url
    finally:
        context.close()
        s.bg.stop()


# 6. a far reachable hex clicked -------------------------------------------------------------------


def test_a_far_reachable_hex_clicked_gets_the_cheapest_path(serve: Any, page: Any) -> None:
    """U1's reach holds hexes several steps away: one clicked gets the cheapest path to it, as
    the reach gives it; a hex out of reach is refused and the path stays; the hex the path ends
    in clicked again (a double click) changes nothing."""
    s = serve("paddy-river.toml")
    _, reach = s.post("/api/reach", {"unit": "U1"})
    far = max(reach["locations"], key=lambda loc: (len(loc["path"]), -loc["mf"]))
    assert len(far["path"]) >= 3
    _open(page, s)
    page.click('.unit-chip[data-unit="U1"]')
    page.wait_for_selector('body[data-reach-shown="U1"]')
    page.click(f'.hex-hit[data-hex="{far["hex"]}"]', force=True)
    page.wait_for_selector("#path-note")
    assert page.inner_text("#path-note") == (
        f"{far['hex']} is not next to 32M9: the cheapest path to it from 32M9"
    )
    _, move = s.post("/api/move", {"unit": "U1", "steps": far["path"]})
    assert page.inner_text("#move-info > p.ok") == f"legal, {move['mf']} of 4 MF/MP"
    assert page.locator("table.steps tr").count() == 1 + len(far["path"])
    page.dblclick(f'.hex-hit[data-hex="{far["hex"]}"]', force=True)  # the path's end again
    page.wait_for_timeout(300)
    assert page.locator("#path-error").count() == 0
    assert page.locator("table.steps tr").count() == 1 + len(far["path"])
    reached = {x["hex"] for x in reach["locations"]}
    out = next(h for h in ("32M6", "32N6", "32L6") if h not in reached)
    page.click(f'.hex-hit[data-hex="{out}"]', force=True)  # out of reach, not next: refused
    page.wait_for_selector("#path-error")
    assert "not adjacent" in page.inner_text("#path-error")
    assert not page.inner_text("#path-error").startswith("aslpto")
    assert page.locator("table.steps tr").count() == 1 + len(far["path"])  # the path stays
    assert page.locator(".path").count() == 1
    screenshot(page, "far-hex-cheapest-path")


# 8. the unchecked values, percentages, a leader who takes no check -------------------------------


def test_a10_odds_show_percentages_and_the_unchecked_values(serve: Any, page: Any) -> None:
    """U2 stacked with the 9-1 UL: its NMC outcomes are U2's alone with their percentages, the
    leader said once as present; the unchecked values each answer lists are shown under it
    (the reach's; the NMC now rests on none: A7.8, A10.31 and A15 are checked)."""
    s = serve("paddy-river.toml")
    _, nmc = s.post("/api/odds", {"procedure": "nmc", "unit": ["U2"]})
    _, reach = s.post("/api/reach", {"unit": "U2"})
    assert not nmc.get("unchecked") and reach["unchecked"] and nmc["present"][0]["id"] == "UL"
    _open(page, s)
    page.click('.unit-chip[data-unit="U2"]')
    page.wait_for_selector('body[data-reach-shown="U2"]')
    # (the figure is placed at once, its bars drawn when /api/odds answers)
    page.wait_for_selector("figure.odds[data-procedure=nmc] .bar .label")
    fig = page.locator("figure.odds[data-procedure=nmc]")
    labels = fig.locator(".bar .label").all_inner_texts()
    assert len(labels) == len(nmc["outcomes"])
    first = nmc["outcomes"][0]["probability"]
    n, d = (int(x) for x in first.split("/"))
    assert labels[0].startswith(f"{100 * n / d:.1f}%")
    assert not any("9-1" in x for x in labels)  # the leader takes no check
    assert "present, taking no check: UL 9-1" in fig.inner_text()
    assert fig.locator(".unchecked li").all_inner_texts() == []
    got = page.locator("#reach-summary .unchecked li").all_inner_texts()
    assert got == [f"unchecked: {u}" for u in reach["unchecked"]]
    screenshot(page, "odds-percent-unchecked")
