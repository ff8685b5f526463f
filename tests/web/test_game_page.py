"""A game played on the referee page (``/api/game/...``, docs/web.md "Playing a game"): a record
started from the served scenario, actions played (each refusal naming its rule and changing
nothing), undone, the positions stepped through, the record written as ``aslpto game`` writes it
and replaying; bad requests answered 4xx in one line; ``aslpto serve --game GAME``. In chromium,
the first actions of ``examples/game-turn.sh`` played with the page's own modes."""

from __future__ import annotations

import json
import shlex
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.rulings import InputError
from aslpto.cli import main
from aslpto.web.play import first_game
from aslpto.web.server import Background
from web.conftest import (
    EXAMPLES,
    Served,
    game_at,
    open_game_start,
    play_button,
    play_fire,
    replayed,
    screenshot,
)

ROOT = EXAMPLES.parent
SCRIPT = EXAMPLES / "game-turn.sh"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    """A served folder holding a copy of paddy-river.toml (games are written beside it)."""
    shutil.copy(EXAMPLES / "paddy-river.toml", tmp_path / "paddy-river.toml")
    return tmp_path


@pytest.fixture()
def served(folder: Path) -> Iterator[Served]:
    s = Served(folder / "paddy-river.toml")
    yield s
    s.bg.stop()


def _start(s: Served, **fields: Any) -> dict[str, Any]:
    status, got = s.post("/api/game/new", {"turns": 1, "seed": 27, **fields})
    assert status == 200, got
    return dict(got)


def _act(s: Served, key: str, action: str, dice: str | None = None, **args: object) -> Any:
    body: dict[str, Any] = {"action": action, "args": args}
    if dice is not None:
        body["dice"] = dice
    status, got = s.post(f"/api/game/action?game={key}", body)
    assert status == 200, got
    return got


def _cli_record(folder: Path, upto: int, capsys: pytest.CaptureFixture[str]) -> Path:
    """The record ``examples/game-turn.sh`` writes, up to its ``upto``-th recorded action, made
    by the command line in ``folder`` (beside the same scenario)."""
    game = folder / "cli.jsonl"
    done = 0
    for raw in SCRIPT.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        refused = line.startswith("! ")
        line = line.removeprefix("! ")
        if not line.startswith("aslpto game ") or done >= upto:
            continue
        args = [str(game) if a == '"$GAME"' or a == "$GAME" else a for a in shlex.split(line)[1:]]
        if args[1] in ("show", "replay"):
            continue
        if args[1] == "new":
            args[2] = str(folder / "paddy-river.toml")
        code = main(args)
        capsys.readouterr()
        assert code == (1 if refused else 0), args
        if not refused and args[1] != "new":
            done += 1
    return game


# the API ---------------------------------------------------------------------------------------


def test_a3_a_game_played_over_the_api_is_the_command_lines_record(
    served: Served, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Started from the served scenario into its folder, played (Fire in the RPh refused by
    A3.2, nothing written), undone: the record is line for line what ``aslpto game`` writes for
    the same actions, and it replays."""
    status, none = served.request("/api/game")
    assert status == 200 and none["record"] is None and none["records"] == []
    assert none["start"]["sides"] == ["Japanese", "U.S."] and none["start"]["refused"] is None
    got = _start(served)
    key, path = got["game"], folder / got["record"]
    assert got["record"] == "paddy-river-game-1.jsonl" and path.is_file()
    assert got["state"]["phase"] == "RPh" and got["state"]["attacker"] == "U.S."
    before = path.read_bytes()
    refused = _act(served, key, "fire", firers=["U4"], target="32O5")
    assert not refused["applied"] and refused["violation"]["rule"] == "A3.2"
    assert path.read_bytes() == before and refused["actions"] == 0
    _act(served, key, "end-phase")
    fired = _act(served, key, "fire", "1,5 4,1", firers=["U4"], target="32O5")
    assert fired["applied"] and fired["entry"]["dice"] == [1, 5, 4, 1]
    assert fired["entries"][-1]["line"].startswith("2. T1.1 PFPh fire: U4 -> 32O5 (prep fire)")
    assert "[dice 1 5 4 1]" in fired["entries"][-1]["line"]
    _act(served, key, "end-phase")
    refused = _act(served, key, "move", unit="U4", steps=["32O9"])
    assert refused["violation"]["rule"] == "A3.3" and refused["actions"] == 3
    _act(served, key, "move", unit="U1", steps=["32N9"])
    first_fire = _act(served, key, "fire", firers=["J1", "JL"], target="U1")
    assert first_fire["state"]["phase"] == "MPh" and first_fire["actions"] == 5
    status, undone = served.post(f"/api/game/undo?game={key}", {})
    assert status == 200 and undone["undone"]["n"] == 5 and undone["actions"] == 4
    _act(served, key, "fire", firers=["J1", "JL"], target="U1")
    cli = _cli_record(folder, 5, capsys)
    assert path.read_text(encoding="utf-8") == cli.read_text(encoding="utf-8")
    assert "5 action(s) replayed" in replayed(path, capsys)


def test_a3_the_positions_of_the_record_stepped_through(served: Served) -> None:
    """``?at=N`` asks about the game after N actions: the map, its units and the queries; the
    record's state there; playing needs the last position."""
    key = _start(served)["game"]
    _act(served, key, "end-phase")
    _act(served, key, "end-phase")
    _act(served, key, "move", unit="U1", steps=["32N9"])

    def where(at: str) -> str:
        units = served.request(f"/api/map?game={key}{at}")[1]["units"]
        return str(next(u["hex"] for u in units if u["id"] == "U1"))

    assert (where(""), where("&at=3"), where("&at=2"), where("&at=0")) == (
        "32N9",
        "32N9",
        "32M9",
        "32M9",
    )
    status, at2 = served.request(f"/api/game?game={key}&at=2")
    assert status == 200 and at2["at"] == 2 and not at2["live"] and at2["state"]["phase"] == "MPh"
    status, reach = served.post(f"/api/reach?game={key}&at=2", {"unit": "U1"})
    assert status == 200 and reach["locations"]
    status, svg = served.request(f"/api/map.svg?game={key}&at=1")
    assert status == 200 and svg.startswith("<?xml")
    status, got = served.post(f"/api/game/action?game={key}&at=2", {"action": "end-phase"})
    assert status == 409 and "step to its last action" in got["error"]
    status, got = served.post(f"/api/game/branch?game={key}&at=2", {"name": "from-two"})
    assert status == 200 and got["record"] == "from-two.jsonl" and got["actions"] == 2
    assert got["game"] != key


def test_a3_a_record_the_command_line_wrote_meanwhile_is_read_anew(
    served: Served, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``aslpto game end-phase`` from a shell while the page plays: the page reads the record
    anew (its actions and phase), and its next action is appended after the shell's."""
    got = _start(served, name="shared")
    key, path = got["game"], folder / "shared.jsonl"
    _act(served, key, "end-phase")
    assert main(["game", "end-phase", str(path)]) == 0
    capsys.readouterr()
    status, now = served.request(f"/api/game?game={key}")
    assert status == 200 and now["actions"] == 2 and now["state"]["phase"] == "MPh"
    assert main(["game", "end-phase", str(path)]) == 0  # the page has not read this one yet
    capsys.readouterr()
    moved = _act(served, key, "ptc", units=["J6"])
    assert moved["applied"] and moved["entry"]["n"] == 4 and moved["entry"]["phase"] == "DFPh"
    assert "4 action(s) replayed" in replayed(path, capsys)


def test_a3_records_of_the_folder_opened(served: Served, folder: Path) -> None:
    """A record of the served folder is listed and opened in a game of its own; a name that is
    not one of them is refused."""
    key = _start(served, name="first")["game"]
    _act(served, key, "end-phase")
    status, none = served.request("/api/game")
    assert [r["name"] for r in none["records"]] == ["first.jsonl"]
    status, got = served.post("/api/game/open", {"record": "first.jsonl"})
    assert status == 200 and got["actions"] == 1 and got["game"] not in ("0", key)
    status, got = served.post("/api/game/open", {"record": "../paddy-river.toml"})
    assert status == 404 and "no game record" in got["error"]


BAD: list[tuple[str, object]] = [
    ("/api/game/action", {"action": "fly"}),
    ("/api/game/action", {"action": "move", "args": ["U1"]}),
    ("/api/game/action", {"action": "move", "args": {"unit": "ZZ", "steps": ["32N9"]}}),
    ("/api/game/action", {"action": "move", "args": {"unit": "U1", "steps": ["32A1"]}}),
    ("/api/game/action", {"action": "move", "args": {"unit": "U1", "steps": "32N9"}}),
    ("/api/game/action", {"action": "end-phase", "args": {"x": 1}}),
    ("/api/game/action", {"action": "end-phase", "dice": 7}),
    ("/api/game/action", {"action": "end-phase", "dice": "1,2"}),
    ("/api/game/action", {"action": "fire", "args": {"firers": ["J1"], "target": "32Q99"}}),
    ("/api/game/action", {"action": "end-phase", "extra": True}),
    ("/api/game/action", [1, 2]),
    ("/api/game/undo", {"all": True}),
    ("/api/game/teleport", {}),
    ("/api/game/new", {"turns": "many"}),
    ("/api/game/new", {"turns": 0}),
    ("/api/game/new", {"first": "Martians"}),
    ("/api/game/new", {"seed": -1}),
    ("/api/game/new", {"name": "../outside"}),
    ("/api/game/new", {"colour": "red"}),
    ("/api/game/open", {"record": 3}),
    ("/api/game/open", {}),
    ("/api/place", {"unit": "U1", "hex": "32N9"}),
]


def test_bad_game_requests_answer_4xx_in_one_line(served: Served, folder: Path) -> None:
    """Each bad request on a played game gets a 4xx and one line, never a 500, and the record
    is left as it was; a query ``at`` a bad number too; a game with no record has none to play,
    undo or step through."""
    key = _start(served, name="bad")["game"]
    for _ in range(2):  # (in the MPh: a move's steps and a First Fire's target are read)
        _act(served, key, "end-phase")
    path = folder / "bad.jsonl"
    before = path.read_bytes()
    for url, body in BAD:
        sep = "&" if "?" in url else "?"
        status, got = served.post(f"{url}{sep}game={key}", body)
        assert 400 <= status < 500, (url, body, status, got)
        assert isinstance(got["error"], str) and "\n" not in got["error"], (url, body)
        assert path.read_bytes() == before, (url, body)
    for at in ("x", "-1", "99", "1e3"):
        status, got = served.request(f"/api/map?game={key}&at={at}")
        assert 400 <= status < 500 and "\n" not in got["error"], at
    status, got = served.post("/api/game/action", {"action": "end-phase"})
    assert status == 400 and "this game has no record" in got["error"]
    status, got = served.post("/api/game/undo", {})
    assert status == 400
    status, got = served.request("/api/map?at=0")
    assert status == 400 and "no record" in got["error"]
    status, got = served.request("/api/game/action")
    assert status == 405


def test_a_game_starts_only_from_a_scenario_file(served: Served) -> None:
    """A scenario dropped onto the page, or a unit placed there, is no file a record can name:
    starting a game from it is refused in one line."""
    text = (EXAMPLES / "paddy-river.toml").read_bytes()
    status, dropped = served.request(
        "/api/scenario", text, {"x-filename": "mine.toml"}, method="POST"
    )
    assert status == 200
    status, none = served.request(f"/api/game?game={dropped['game']}")
    assert "mine.toml was dropped onto the page" in none["start"]["refused"]
    status, got = served.post(f"/api/game/new?game={dropped['game']}", {})
    assert status == 400 and "dropped onto the page" in got["error"]
    status, placed = served.post("/api/place", {"unit": "U1", "hex": "32N9"})
    assert status == 200
    status, got = served.post(f"/api/game/new?game={placed['game']}", {})
    assert status == 400 and "a unit was placed on the page" in got["error"]


def test_serve_game_names_the_record_of_the_first_game(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``aslpto serve SCENARIO --game GAME``: the page starts the first game's record at GAME;
    served again, GAME is opened as the first game (its scenario read beside it); a record
    whose scenario is another file, or no SCENARIO for a record not written yet, is refused."""
    game = folder / "table.jsonl"
    ref = first_game(str(folder / "paddy-river.toml"), str(game), None)
    bg = Background(ref, record=str(game))
    try:
        s = Served.__new__(Served)
        s.referee, s.bg, s.url = ref, bg, bg.url
        _, none = s.request("/api/game")
        assert none["start"]["to"] == "table.jsonl"
        got = _start(s)
        assert got["game"] == "0" and got["record"] == "table.jsonl" and game.is_file()
        _act(s, "0", "end-phase")
    finally:
        bg.stop()
    again = first_game(None, str(game), None)
    assert again.played is not None and again.played.actions == 1
    with pytest.raises(InputError, match=r"its scenario is paddy-river\.toml"):
        first_game(str(EXAMPLES / "panji-g9.toml"), str(game), None)
    with pytest.raises(InputError, match="no such record yet"):
        first_game(None, str(folder / "nope.jsonl"), None)
    assert main(["serve", "--game", str(folder / "nope.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aslpto: --game ") and err.count("\n") == 1


# in chromium ---------------------------------------------------------------------------------


def test_a3_game_turn_played_on_the_page(
    served: Served, folder: Path, page: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first actions of examples/game-turn.sh played with the page's modes: Fire in the RPh
    refused (A3.2: nothing recorded), the end of the phase, Prep Fire with the rolls typed, U4's
    move refused (A3.3), U1's path played, First Fire at U1; the last taken back, the record
    stepped back and forth (U1 back in 32M9, then in 32N9), the First Fire played again. The
    record is the command line's for the same lines, and replays."""
    page.goto(served.url)
    page.wait_for_selector(".unit-chip")
    open_game_start(page)
    page.fill('#game-new input[name="turns"]', "1")
    page.fill('#game-new input[name="seed"]', "27")
    page.click("#game-start-button")
    game_at(page, 0)
    assert "RPh (Rally Phase, A3.1)" in page.inner_text("#game-now")
    assert page.locator("#game-allowed-list li").count() >= 4
    path = folder / "paddy-river-game-1.jsonl"
    before = path.read_bytes()

    page.click('#ui-modes button[data-mode="fire"]')
    page.click('.unit-chip[data-unit="U4"]')
    page.click('.unit-chip[data-unit="J2"]')
    page.wait_for_selector('body[data-fire-shown="32O5"]')
    play_button(page, "play-fire", "fire U4 → 32O5")
    page.wait_for_selector('#game-said[data-rule="A3.2"]')
    assert page.inner_text("#game-said").startswith("REFUSED A3.2: ")
    assert path.read_bytes() == before and page.get_attribute("body", "data-game-actions") == "0"

    page.click("#game-end-phase")
    game_at(page, 1)
    play_fire(page, "U4", "J2", "32O5", "1,5 4,1")
    game_at(page, 2)
    line = page.inner_text('#game-record li[data-n="2"]')
    assert "U4 -> 32O5 (prep fire)" in line and "[dice 1 5 4 1]" in line

    page.click("#game-end-phase")
    game_at(page, 3)
    page.click('#ui-modes button[data-mode="move"]')
    page.click('.unit-chip[data-unit="U4"]')
    page.wait_for_selector('body[data-reach-shown="U4"]')
    page.click('.reach-hex[data-hex="32O9"] polygon', force=True)
    play_button(page, "play-move", "move U4 32O9")
    page.wait_for_selector('#game-said[data-rule="A3.3"]')
    page.click('.unit-chip[data-unit="U1"]')
    page.wait_for_selector('body[data-reach-shown="U1"]')
    page.click('.reach-hex[data-hex="32N9"] polygon', force=True)
    play_button(page, "play-move", "move U1 32N9")
    game_at(page, 4)
    assert "moving: U1 (A8.1)" in page.inner_text("#game-now")
    warned = page.locator('#game-warnings ul[data-n="4"]')  # (A4.2 read: no unchecked rule)
    assert warned.count() == 0 or "game.move_once" not in warned.inner_text()

    page.click('#ui-modes button[data-mode="fire"]')
    for uid in ("J1", "JL", "U1"):
        page.click(f'.unit-chip[data-unit="{uid}"]')
    page.wait_for_selector('body[data-fire-shown="32N9"]')
    play_button(page, "play-fire", "fire J1, JL → 32N9")
    game_at(page, 5)
    screenshot(page, "game-played")
    page.click("#game-undo")
    game_at(page, 4)

    page.click("#game-back")
    page.wait_for_selector('body[data-game-at="3"][data-game-live="false"]')
    page.click("#game-back")
    page.wait_for_selector('body[data-game-at="2"]')
    assert page.evaluate("referee.map.units.find((u) => u.id === 'U1').hex") == "32M9"
    assert page.locator("#play-move").is_hidden() and page.is_disabled("#game-end-phase")
    screenshot(page, "game-stepped-back")
    page.click("#game-fwd")
    page.wait_for_selector('body[data-game-at="3"]')
    page.click("#game-last")
    page.wait_for_selector('body[data-game-at="4"][data-game-live="true"]')
    assert page.evaluate("referee.map.units.find((u) => u.id === 'U1').hex") == "32N9"

    page.click('#ui-modes button[data-mode="fire"]')
    for uid in ("J1", "JL", "U1"):
        page.click(f'.unit-chip[data-unit="{uid}"]')
    page.wait_for_selector('body[data-fire-shown="32N9"]')
    play_button(page, "play-fire", "fire J1, JL → 32N9")
    game_at(page, 5)
    assert page.evaluate("referee.timing.action") > 0
    # the command line's record of the same lines: the same actions, dice and results (the
    # page names a fire's target by the hex clicked, the script by the unit in it)
    cli = _cli_record(folder, 5, capsys)
    ours = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    theirs = [json.loads(x) for x in cli.read_text(encoding="utf-8").splitlines()]
    assert ours[0] == theirs[0] and len(ours) == len(theirs) == 6
    assert ours[5]["args"] == {"firers": ["J1", "JL"], "target": "32N9"}
    assert theirs[5]["args"] == {"firers": ["J1", "JL"], "target": "U1"}
    for a, b in zip(ours[1:], theirs[1:], strict=True):
        assert {**a, "args": None} == {**b, "args": None}
    assert "5 action(s) replayed" in replayed(path, capsys)


def test_a3_a_game_on_a_phone(served: Served, browser: Any) -> None:
    """At 375 px the game's bar and its buttons are in sight, the record under the map."""
    pg = browser.new_page(viewport={"width": 375, "height": 667})
    try:
        pg.set_default_timeout(90_000)
        pg.goto(served.url)
        pg.wait_for_selector(".unit-chip")
        open_game_start(pg)
        pg.click("#game-start-button")
        game_at(pg, 0)
        pg.click("#game-end-phase")
        game_at(pg, 1)
        box = pg.evaluate(
            """() => [...document.querySelectorAll('#game-bar button:not([hidden])')]
          .map((b) => { const r = b.getBoundingClientRect();
            return [r.left, r.right, r.bottom]; })"""
        )
        assert box and all(
            left >= 0 and right <= 375 and bottom <= 667 for left, right, bottom in box
        )
        assert pg.evaluate("document.documentElement.scrollWidth") <= 375
        assert pg.locator("#game-record li").count() == 2
        panel = pg.evaluate(
            """() => { const p = document.getElementById("ui-panel").getBoundingClientRect();
          const li = document.querySelector('#game-record li[data-n="1"]');
          li.scrollIntoView({ block: "nearest" }); const r = li.getBoundingClientRect();
          return [p.top, p.bottom, r.top, r.bottom]; }"""
        )
        assert panel[1] - panel[0] >= 120 and panel[0] <= panel[2] and panel[3] <= panel[1] + 0.5
        screenshot(pg, "game-phone")
    finally:
        pg.close()


def test_the_game_panel_filled_when_game_js_comes_after_the_maps_answers(
    served: Served, page: Any
) -> None:
    """game.js, loaded after app.js, answered last: the map's answers are back and drawn before
    it has run, and the game panel is still filled (its start form's note written, the start
    button ready) once it has."""

    def late(route: Any) -> None:
        time.sleep(1.0)  # (the page's other requests go on meanwhile, not routed)
        route.continue_()

    page.route("**/static/game.js", late)
    page.goto(served.url)
    page.wait_for_selector(".unit-chip")
    page.wait_for_function(
        "document.getElementById('game-start-note').textContent !== ''", timeout=20_000
    )
    assert "the record is written in" in (page.text_content("#game-start-note") or "")
    assert page.evaluate("document.body.dataset.game") == "none"
    assert page.is_enabled("#game-start-button")
