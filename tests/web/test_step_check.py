"""``POST /api/step``: may a unit take its next step now (``check_step``); and Move mode asking
it before a clicked hex joins the path, so that a step the rules refuse is said with its rule
and the path already built stays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from web.conftest import Served, screenshot


def test_api_step_prices_the_step_as_move_does(serve: Callable[[str], Served]) -> None:
    s = serve("panji-g9.toml")
    status, got = s.post("/api/step", {"unit": "A", "steps": ["37EE7"], "step": ":beneath"})
    assert status == 200
    _, move = s.post("/api/move", {"unit": "A", "steps": ["37EE7", ":beneath"]})
    assert got["legal"] is True and got["violation"] is None and got["refused_at"] is None
    assert got["priced"] == move["steps"][-1]
    assert (got["mf"], got["allowance"]) == (move["mf"], move["allowance"])
    assert got.get("unchecked") == move.get("unchecked")
    status, first = s.post("/api/step", {"unit": "A", "step": "37EE7"})  # no path yet
    assert status == 200 and first["path"] == [] and first["priced"]["to"] == "37EE7"
    assert ("panji-mc", "G9.41") in [(e["kind"], e["rule"]) for e in first["priced"]["events"]]


def test_g9_6_api_step_refuses_exiting_from_above_the_panji(
    serve: Callable[[str], Served],
) -> None:
    """A, above Panji A in 37EE7 after entering across its Covered hexside, may not exit the hex
    directly: it must first move beneath the counter (G9.6, G9.5)."""
    s = serve("panji-g9.toml")
    status, got = s.post("/api/step", {"unit": "A", "steps": ["37EE7"], "step": "37EE6"})
    assert status == 200
    assert got["legal"] is False and got["priced"] is None and got["refused_at"] == 1
    assert got["violation"]["rule"] == "G9.6"
    _, move = s.post("/api/move", {"unit": "A", "steps": ["37EE7", "37EE6"]})
    assert got["violation"] == move["violation"] and got["mf"] == move["mf"]


def test_a4_7_api_step_takes_the_mover_options(serve: Callable[[str], Served]) -> None:
    s = serve("panji-g9.toml")
    body = {"unit": "D", "steps": ["37DD5"], "step": "37DD4", "phase": "aph"}
    status, got = s.post("/api/step", body)
    assert status == 200 and got["violation"]["rule"] == "A4.7"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"unit": "A", "step": "37A1"}, "step '37A1': 37A1 is not adjacent to 37EE8"),
        ({"unit": "A", "steps": ["37EE7"], "step": "37ZZ9"}, "step '37ZZ9': "),
        ({"unit": "Z", "step": "37EE7"}, "no unit 'Z'"),
        ({"unit": "A"}, "field 'step' is the next step"),
        ({"unit": "A", "step": ""}, "field 'step' is the next step"),
        ({"unit": "A", "step": ["37EE7"]}, "field 'step' is the next step"),
        ({"step": "37EE7"}, "field 'unit' names the unit"),
        ({"unit": "A", "step": "37EE7", "steps": "37EE8"}, "field 'steps' is the path so far"),
        ({"unit": "A", "step": "37EE7", "speed": 3}, "unknown field 'speed'"),
        ({"unit": "A", "step": "37EE7", "phase": "cph"}, "phase"),
        ({"unit": "A", "step": "37EE7", "blaze": ["37ZZ1"]}, "--blaze '37ZZ1'"),
        ({"unit": "A", "step": "37EE7\n37EE6"}, "unusable value"),
        ([1, 2], "a JSON object of fields"),
    ],
)
def test_api_step_refuses_bad_input_with_one_line(
    serve: Callable[[str], Served], body: object, words: str
) -> None:
    s = serve("panji-g9.toml")
    status, got = s.post("/api/step", body)
    assert status == 400, got
    assert set(got) == {"error"} and words in got["error"]
    assert "\n" not in got["error"] and "Traceback" not in got["error"]


def test_api_step_from_another_site_is_refused(serve: Callable[[str], Served]) -> None:
    s = serve("panji-g9.toml")
    status, got = s.request(
        "/api/step",
        b'{"unit": "A", "step": "37EE7"}',
        {"content-type": "application/json", "origin": "http://elsewhere.example"},
    )
    assert status == 403 and "another site" in got["error"]


def test_g9_6_a_clicked_hex_refused_keeps_the_path(
    serve: Callable[[str], Served], page: Any
) -> None:
    """Move mode: A enters 37EE7 above Panji A; 37EE6 clicked is refused with G9.6 (above the
    counter, the unit must first move beneath it) and the path stays; ':beneath', then 37EE6,
    are taken."""
    s = serve("panji-g9.toml")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.split("?")[0].rsplit("/", 1)[-1]))
    page.goto(s.url)
    page.wait_for_selector(".unit-chip")
    page.click('.unit-chip[data-unit="A"]')
    page.wait_for_selector('body[data-reach-shown="A"]')
    page.click('.hex-hit[data-hex="37EE7"]', force=True)
    page.wait_for_selector('tr.event[data-kind="panji-mc"]')
    assert page.inner_text("#move-info > p.ok") == "legal, 2 of 4 MF/MP"
    asked.clear()
    page.click('.hex-hit[data-hex="37EE6"]', force=True)
    page.wait_for_selector('#path-error[data-rule="G9.6"]')
    _, want = s.post("/api/step", {"unit": "A", "steps": ["37EE7"], "step": "37EE6"})
    v = want["violation"]
    assert page.inner_text("#path-error p.refusal") == f"37EE6: G9.6: {v['message']}"
    shown = page.locator("#path-error .unchecked li").all_inner_texts()
    assert shown == [f"unchecked: {u}" for u in want.get("unchecked", [])]
    assert asked == ["step"]  # refused before the path was asked again
    assert page.inner_text("#move-info > p.ok") == "legal, 2 of 4 MF/MP"  # the path stays
    assert page.locator("table.steps tr:not(.event)").count() == 2  # the heading and 37EE7
    assert page.locator(".path-step").count() == 1
    screenshot(page, "step-refused-g9-6")

    page.click('button[data-step=":beneath"]')
    page.wait_for_function("document.querySelectorAll('table.steps tr:not(.event)').length === 3")
    assert page.locator("#path-error").count() == 0
    page.click('.hex-hit[data-hex="37EE6"]', force=True)
    page.wait_for_function("document.querySelectorAll('table.steps tr:not(.event)').length === 4")
    assert page.inner_text("#move-info > p.ok") == "legal, 4 of 4 MF/MP"
    _, move = s.post("/api/move", {"unit": "A", "steps": ["37EE7", ":beneath", "37EE6"]})
    assert move["legal"] and move["mf"] == 4
