"""A Melee on the referee page (``/api/game/...``): the CC of 32N6 (U1 in with J3, the scenario
of ``web.conftest.river_cc``) leaves both sides there, the page's state holds the Melee, a
withdrawal is played with its Location and a refused one changes nothing; the record the page
writes replays with ``aslpto game replay``. In chromium, the bar names the Melee and the CC
panel takes the withdrawing units."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.conftest import Served, game_at, play_button, replayed, river_cc

WHERE = "32N6"


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[Served]:
    s = Served(river_cc(tmp_path))
    yield s
    s.bg.stop()


def _act(s: Served, key: str, action: str, dice: str | None = None, **args: object) -> Any:
    body: dict[str, Any] = {"action": action, "args": args}
    if dice is not None:
        body["dice"] = dice
    status, got = s.post(f"/api/game/action?game={key}", body)
    assert status == 200, got
    return got


def _to_ccph(s: Served, key: str, phases: int = 7) -> Any:
    got = None
    for _ in range(phases):
        got = _act(s, key, "end-phase")
    return got


def _melee(s: Served) -> tuple[str, Any]:
    status, got = s.post("/api/game/new", {"turns": 2, "seed": 3})
    assert status == 200, got
    key = got["game"]
    assert _to_ccph(s, key)["state"]["phase"] == "CCPh"
    done = _act(s, key, "cc", "6,6 6,6", location=WHERE)
    assert done["applied"] and done["entry"]["result"]["melee"] is True
    return key, done


def test_a11_15_the_page_s_state_holds_the_melee_and_a_withdrawal_is_played(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key, done = _melee(served)
    assert done["state"]["melee"] == [WHERE]
    nxt = _to_ccph(served, key, 8)
    assert nxt["state"]["phase"] == "CCPh" and nxt["state"]["player_turn"] == 2
    assert nxt["state"]["melee"] == [WHERE]
    path = tmp_path / done["record"]
    before = path.read_bytes()
    # into J3's own hex is no withdrawal; a Location 2 hexes away is not ADJACENT (A11.21)
    no = _act(served, key, "cc", "6,6", location=WHERE, options={"withdraw": {"U1": "32N8"}})
    assert not no["applied"] and no["violation"]["rule"] == "A11.21"
    assert path.read_bytes() == before
    status, bad = served.post(
        f"/api/game/action?game={key}",
        {"action": "cc", "args": {"location": WHERE, "options": {"withdraw": "U1"}}},
    )
    assert status == 400 and "withdraw" in str(bad)
    assert path.read_bytes() == before
    went = _act(served, key, "cc", "6,6", location=WHERE, options={"withdraw": {"U1": "32M6"}})
    assert went["applied"], went
    assert went["entry"]["result"]["withdrawn"] == {"U1": "32M6"}
    assert went["state"]["melee"] == []
    u1 = next(u for u in went["state"]["units"] if u["id"] == "U1")
    assert u1["hex"] == "32M6"
    assert "replayed" in replayed(path, capsys)


def test_a11_15_the_bar_names_the_melee_and_the_cc_panel_takes_withdrawals(
    served: Served, page: Any
) -> None:
    key, _ = _melee(served)
    n = _to_ccph(served, key, 8)["actions"]
    page.goto(f"{served.url}?game={key}")
    game_at(page, n)
    page.wait_for_function(
        "() => document.getElementById('game-now').textContent.includes('Melee: 32N6')"
    )
    page.click('#ui-modes button[data-mode="cc"]')
    page.click('.unit-chip[data-unit="U1"]')
    page.fill("#play-cc-withdraw", "U1=32M6")
    play_button(page, "play-cc", "CC in 32N6, withdrawing U1 → 32M6")
    game_at(page, n + 1)
    assert "Melee" not in page.inner_text("#game-now")
