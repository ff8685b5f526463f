"""The page in a real browser (Debian's chromium driven by Playwright): a unit's reach, a path
over a Covered hexside, an LOS a jungle hex blocks, a Fire attack, a Close Combat. Screenshots
go to out/screenshots/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from web.conftest import EXAMPLES, Served, river_cc, screenshot


def _open(page: Any, s: Served) -> None:
    page.goto(s.url)
    page.wait_for_selector(".unit-chip")


def test_click_a_unit_shows_its_reach(serve: Callable[[str], Served], page: Any) -> None:
    s = serve("panji-g9.toml")
    _open(page, s)
    page.click('.unit-chip[data-unit="A"]')
    page.wait_for_selector('body[data-reach-shown="A"]')
    _, reach = s.post("/api/reach", {"unit": "A"})
    hexes = {loc["hex"] for loc in reach["locations"]}
    shown = page.eval_on_selector_all(".reach-hex", "els => els.map(e => e.dataset.hex)")
    assert sorted(shown) == sorted(hexes)
    least = {h: min(x["mf"] for x in reach["locations"] if x["hex"] == h) for h in hexes}
    mfs = page.eval_on_selector_all(
        ".reach-hex", "els => els.map(e => [e.dataset.hex, +e.dataset.mf])"
    )
    assert dict(mfs) == least
    page.wait_for_selector("figure.odds[data-procedure=panji] .bar")
    screenshot(page, "reach-unit-A")


def test_g9_41_path_over_a_covered_hexside_shows_the_panji_mc(
    serve: Callable[[str], Served], page: Any
) -> None:
    s = serve("panji-g9.toml")
    _open(page, s)
    page.click('.unit-chip[data-unit="A"]')
    page.wait_for_selector('body[data-reach-shown="A"]')
    page.click('.hex-hit[data-hex="37EE7"]', force=True)
    event = page.wait_for_selector('tr.event[data-kind="panji-mc"]')
    assert "G9.41" in event.inner_text()
    assert "legal, 2 of 4" in page.inner_text("#move-info")
    assert page.locator(".path").count() == 1
    screenshot(page, "path-panji-mc")


def test_los_blocked_by_a_jungle_hex(serve: Callable[[str], Served], page: Any) -> None:
    s = serve("panji-g9.toml")
    _open(page, s)
    page.click('#ui-modes button[data-mode="los"]')
    page.click('.hex-hit[data-hex="37DD7"]', force=True)
    page.wait_for_function(
        "document.getElementById('los-info').textContent.startsWith('from 37DD7')"
    )
    page.click('.hex-hit[data-hex="37AA10"]', force=True)
    page.wait_for_selector("#los-head")
    page.wait_for_selector(".los-thread.blocked", state="attached")  # drawn with the answer
    _, los = s.post("/api/los", {"from": "37DD7", "to": "37AA10"})
    assert los["los"] is False and los["blocked_by"]["where"] == "37CC8"
    assert "no LOS" in page.inner_text("#los-head")
    text = page.inner_text("#los-info")
    assert f"blocked at 37CC8 [{los['blocked_by']['rule']}]" in text
    assert page.locator('.los-block[data-hex="37CC8"]').count() == 1
    assert page.locator(".los-thread.blocked").count() == 1
    screenshot(page, "los-blocked-by-jungle")


def test_a_hex_shows_its_terrain_after_pto_terrain(
    serve: Callable[[str], Served], page: Any
) -> None:
    s = serve("paddy-river.toml")
    _open(page, s)
    page.click('.hex-hit[data-hex="31CC8"]', force=True)
    page.wait_for_selector(".terrain-head")
    assert page.inner_text(".terrain-head").startswith("dense-jungle (was woods)")
    assert "G.1" in page.inner_text("#terrain-info .rules")
    screenshot(page, "terrain-31CC8")


def test_a_scenario_opened_on_the_page_is_refereed(tmp_path: Path, page: Any) -> None:
    s = Served(EXAMPLES / "panji-g9.toml")
    try:
        _open(page, s)
        page.set_input_files("#ui-file", str(EXAMPLES / "b21-deep.toml"))
        page.wait_for_function(
            "document.getElementById('ui-status').textContent.startsWith('opened')"
        )
        assert page.locator('.hex-hit[data-hex="7AA10"]').count() == 1
        page.click('#ui-modes button[data-mode="los"]')
        page.click('.hex-hit[data-hex="7AA10"]', force=True)  # on US1's counter: the unit
        page.wait_for_function(
            "document.getElementById('los-info').textContent.startsWith('from US1')"
        )
        page.click('.hex-hit[data-hex="7AA8"]', force=True)
        page.wait_for_selector("#los-head")
        assert "[B21.2]" in page.inner_text("#los-info")
        bad = tmp_path / "bad.toml"
        bad.write_text("[scenario]\nname = 3\n", encoding="utf-8")
        page.set_input_files("#ui-file", str(bad))
        page.wait_for_selector("#ui-status.bad")
        assert page.inner_text("#ui-status").startswith("bad.toml")  # the page's words
        screenshot(page, "opened-b21-deep")
    finally:
        s.bg.stop()


def test_a_drag_pans_and_a_pointer_moving_between_clicks_does_not(
    serve: Callable[[str], Served], page: Any
) -> None:
    s = serve("panji-g9.toml")
    _open(page, s)
    box = page.locator("#view").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = page.get_attribute("#view svg", "viewBox")
    page.mouse.move(x, y)  # a drag: button down, moved, up - the map pans, no click is taken
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    panned = page.get_attribute("#view svg", "viewBox")
    assert panned != before
    page.mouse.click(x, y)  # then a click, and the pointer moving on with no button held
    page.mouse.move(x - 120, y - 60, steps=5)
    assert page.get_attribute("#view svg", "viewBox") == panned


def test_a7_fire_mode_shows_the_column_and_the_outcomes(
    serve: Callable[[str], Served], page: Any
) -> None:
    """Fire mode: U1 and U2 picked, 32N6 clicked: the column, the IFT results and the
    outcomes as bars with their percentages, the firers and target marked on the map."""
    s = serve("paddy-river.toml")
    _open(page, s)
    page.click('#ui-modes button[data-mode="fire"]')
    page.click('.unit-chip[data-unit="U1"]')
    page.click('.unit-chip[data-unit="U2"]')
    page.click('.unit-chip[data-unit="U2"]')  # again: U2 dropped
    assert page.inner_text("#fire-pick") == "U1 → ?"
    page.click('.unit-chip[data-unit="U2"]')
    page.click('.hex-hit[data-hex="32N6"]', force=True)
    page.wait_for_selector('body[data-fire-shown="32N6"]')
    _, fire = s.post("/api/fire", {"firers": "U1,U2", "target": "32N6"})
    assert fire["fp"]["column"] == 12
    assert page.inner_text("#fire-head").startswith(fire["fp"]["why"])  # 12 FP: the 12 column
    assert page.inner_text("#fire-pick") == "U1, U2 → 32N6"
    first = fire["outcomes"][0]["probability"]
    n, d = (int(x) for x in first.split("/"))
    bar = page.locator(".fire-outcomes > .bar").first
    assert bar.get_attribute("data-probability") == first
    assert bar.inner_text().startswith(f"{100 * n / d:.1f}%")
    assert page.locator(".fire-outcomes > .bar").count() == min(10, len(fire["outcomes"]))
    assert page.locator(".fire-ift .bar").count() == len(fire["ift"])
    text = page.inner_text("#fire-info")
    assert "G8 (TEM)" in text and "Cowering: " in text and "[A7.9]" in text
    assert page.locator(".fire-unchecked li").count() == len(fire["unchecked"])
    assert page.locator('.fire-target[data-hex="32N6"]').count() == 1
    assert page.locator(".fire-firer").count() == 2  # 32M9 and 32N9
    assert page.locator(".unit-chip.firer").count() == 2
    page.wait_for_selector(".fire-thread", state="attached")
    screenshot(page, "fire-u1-u2-32N6")
    page.click('.unit-chip[data-unit="J1"]')  # an enemy unit: the target is its hex
    page.wait_for_selector('body[data-fire-shown="32M5"]')
    assert page.inner_text("#fire-pick") == "U1, U2 → 32M5"


def test_a11_cc_mode_shows_the_odds_and_the_outcomes(tmp_path: Path, page: Any) -> None:
    """CC mode over a copy of paddy-river with U1 moved into 32N6, where J3 is: 32N6 clicked
    shows who attacks whom, each side's odds column and Kill Number, and the joint outcomes as
    bars with their percentages; Hand-to-Hand asked for makes the Kill Numbers red (G1.64); a
    hex of one side only answers the command's one line."""
    s = Served(river_cc(tmp_path))
    try:
        _open(page, s)
        page.click('#ui-modes button[data-mode="cc"]')
        page.click('.hex-hit[data-hex="32N6"]', force=True)
        page.wait_for_selector('body[data-cc-shown="32N6"]')
        _, cc = s.post("/api/cc", {"location": "32N6"})
        atk = cc["cc"]["attacks"]["attacker"]
        assert atk["odds"] == "2-1" and atk["kill_number"] == 7
        assert page.get_attribute('.cc-odds[data-side="attacker"]', "data-odds") == "2-1"
        odds = page.inner_text('.cc-odds[data-side="attacker"]')
        assert odds.startswith("U.S. (ATTACKER): U1 vs J3: 2-1") and "Kill Number 7" in odds
        assert "1-2" in page.inner_text('.cc-odds[data-side="defender"]')
        first = cc["outcomes"][0]["probability"]
        n, d = (int(x) for x in first.split("/"))
        bar = page.locator(".cc-outcomes > .bar").first
        assert bar.get_attribute("data-probability") == first
        assert bar.inner_text().startswith(f"{100 * n / d:.1f}%")
        assert page.locator(".cc-outcomes > .bar").count() == min(10, len(cc["outcomes"]))
        assert "A11.11" in page.inner_text('.cc-items[data-side="attacker"]')
        assert page.locator('.cc-location[data-hex="32N6"]').count() == 1
        screenshot(page, "cc-u1-j3-32N6")

        page.click("#cc-options-summary")  # the options, unfolded
        page.check('#cc-options input[name="hand-to-hand"]')
        page.wait_for_function("document.querySelector('.cc-hth.on') !== null")
        page.wait_for_selector('body[data-cc-shown="32N6"]')
        _, hth = s.post("/api/cc", {"location": "32N6", "hand-to-hand": True})
        kill = hth["cc"]["attacks"]["attacker"]["kill_number"]
        assert f"Kill Number {kill} (red" in page.inner_text('.cc-odds[data-side="attacker"]')
        assert "G1.64" in page.inner_text('.cc-items[data-side="defender"]')

        page.click('.unit-chip[data-unit="J1"]')  # 32M5: Japanese units only
        page.wait_for_selector("#cc-error")
        _, refused = s.post("/api/cc", {"location": "32M5", "hand-to-hand": True})
        assert page.inner_text("#cc-error") == refused["error"].removeprefix("aslpto: ")
        assert page.inner_text("#cc-error").startswith("A11.1: no enemy unit in 32M5")
    finally:
        s.bg.stop()
