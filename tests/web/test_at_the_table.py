"""The page at the table, tried as a player tries it: real saves (their units named like hexes,
every unit off the map), a tablet and a phone, a click on a counter's picture, two tabs on two
games, a far reachable hex clicked, a German unit's odds, the unchecked values shown.
Skipped, saying why, where the VASL data or chromium is absent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.web.conftest import Served, screenshot, spread_save, vasl_boards


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


def test_a6_units_named_like_hexes_are_never_taken_for_the_hexes(
    spread: Served, page: Any
) -> None:
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
