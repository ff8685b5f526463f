"""A whole Game Turn played on the referee page (docs/game.md, "On the page"): every line of
``examples/game-turn.sh`` (paddy-river.toml on the bundled map) and of
``examples/game-turn-real.sh`` (real-37-38.toml on VASL boards 37 and 38) played through
``/api/game/...``, each refusal answered with the command line's rule and writing nothing; the
page's record is the command line's for the same script, replays with ``aslpto game replay`` to
the same position, and once edited by hand is refused on the page at the edited action. In
chromium, the first actions of game-turn.sh and the last of its turn are clicked."""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from aslpto.cli import command_parser, main
from aslpto.cli.game import action_of
from aslpto.formats import record
from web.conftest import (
    EXAMPLES,
    Served,
    game_at,
    open_game_start,
    play_button,
    play_fire,
    replayed,
    screenshot,
    vasl_boards,
)


@dataclass(frozen=True)
class Line:
    """One ``aslpto game`` line of a script: refused or not, its arguments after ``game``."""

    refused: bool
    args: list[str]


def script(name: str) -> list[Line]:
    """The ``aslpto game`` lines of ``examples/NAME`` (``show`` and ``replay`` left out)."""
    out = []
    for raw in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        refused = line.startswith("! ")
        line = line.removeprefix("! ")
        if line.startswith("aslpto game "):
            args = shlex.split(line)[2:]
            if args[0] not in ("show", "replay"):
                out.append(Line(refused, args))
    return out


def request_of(args: list[str]) -> tuple[str, dict[str, Any], str | None]:
    """A script line as ``POST /api/game/action`` takes it: the action, its arguments as the
    record holds them (the command line's own reading) and the dice typed."""
    _, parser = command_parser("game")
    ns = parser.parse_args(args)
    name, given = action_of(ns)
    return name, given, getattr(ns, "dice", None)


def new_of(args: list[str]) -> dict[str, Any]:
    """``game new SCENARIO -o GAME --turns N --seed S`` as ``POST /api/game/new`` takes it."""
    _, parser = command_parser("game")
    ns = parser.parse_args(args)
    return {"turns": ns.turns, "seed": ns.seed}


@dataclass(frozen=True)
class Cli:
    """The command line's record of a script and the refusal of each refused line."""

    path: Path
    refusals: list[dict[str, Any]]


def play_cli(lines: list[Line], scenario: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    """The script played by ``aslpto game`` beside ``scenario`` (into ``cli.jsonl``)."""
    game = scenario.parent / "cli.jsonl"
    refusals = []
    for line in lines:
        args = [str(game) if a == "$GAME" else a for a in line.args]
        if args[0] == "new":
            args[1] = str(scenario)
        code = main(["game", *args, *(["--json"] if line.refused else [])])
        out = capsys.readouterr().out
        assert code == (1 if line.refused else 0), args
        if line.refused:
            refusals.append(json.loads(out)["violation"])
    return Cli(game, refusals)


def act(s: Served, key: str, name: str, args: dict[str, Any], dice: str | None) -> Any:
    body: dict[str, Any] = {"action": name, "args": args}
    if dice is not None:
        body["dice"] = dice
    status, got = s.post(f"/api/game/action?game={key}", body)
    assert status == 200, (name, args, got)
    return got


def play_page(s: Served, key: str, path: Path, lines: list[Line]) -> list[dict[str, Any]]:
    """The script's actions played over the page's API on game ``key`` (its record ``path``):
    each played one appended, each refused one answered with its rule, the record untouched."""
    refusals = []
    for line in lines:
        name, given, dice = request_of(line.args)
        before = path.read_bytes()
        got = act(s, key, name, given, dice)
        assert got["applied"] is not line.refused, (line.args, got.get("violation"))
        if line.refused:
            assert path.read_bytes() == before  # nothing recorded
            refusals.append(got["violation"])
        else:
            assert got["entry"]["action"] == name
    return refusals


def same_game(page: Path, cli: Cli, capsys: pytest.CaptureFixture[str]) -> None:
    """The page's record is the command line's, line for line, and replays to its position."""
    assert page.read_text(encoding="utf-8") == cli.path.read_text(encoding="utf-8")
    n = len(record.load(str(cli.path)).entries)
    assert f"{n} action(s) replayed" in replayed(page, capsys)
    ours, theirs = record.load(str(page)).state, record.load(str(cli.path)).state
    assert ours.as_json() == theirs.as_json() and ours.over


def edited_is_refused(s: Served, key: str, path: Path) -> None:
    """A fire attack's dice changed by hand in the page's record: the page refuses the record
    at that action, in one line (409 asked about, 4xx played on), and writes nothing."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, raw in enumerate(lines) if '"action": "fire"' in raw and '"dice": [' in raw)
    entry = json.loads(lines[n])
    entry["dice"][0] = 7 - entry["dice"][0]  # another roll than the one made
    lines[n] = json.dumps(entry) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    before = path.read_bytes()
    status, got = s.request(f"/api/game?game={key}")
    assert status == 409, got
    assert f"action {n} (fire): " in got["error"] and "\n" not in got["error"]
    status, got = s.post(f"/api/game/action?game={key}", {"action": "end-phase"})
    assert 400 <= status < 500 and f"action {n} (fire): " in got["error"]
    status, got = s.post(f"/api/game/undo?game={key}", {})
    assert 400 <= status < 500 and "\n" not in got["error"]
    assert path.read_bytes() == before


def start(s: Served, lines: list[Line], name: str) -> tuple[str, Path]:
    status, got = s.post("/api/game/new", {**new_of(lines[0].args), "name": name})
    assert status == 200, got
    return str(got["game"]), Path(s.referee.path).parent / str(got["record"])


# the bundled map ------------------------------------------------------------------------------


@pytest.fixture()
def river(tmp_path: Path) -> Iterator[Served]:
    """The server over a copy of paddy-river.toml (its games written beside it)."""
    shutil.copy(EXAMPLES / "paddy-river.toml", tmp_path / "paddy-river.toml")
    s = Served(tmp_path / "paddy-river.toml")
    yield s
    s.bg.stop()


def test_a3_a_whole_game_turn_on_the_page(
    river: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every line of game-turn.sh over the API: both Player Turns, the refusals with the
    command line's rules; the record is the command line's, replays to the same position, and
    edited by hand is refused at the edited action."""
    lines = script("game-turn.sh")
    key, path = start(river, lines, "page")
    refusals = play_page(river, key, path, lines[1:])
    cli = play_cli(lines, Path(river.referee.path), capsys)
    assert refusals == cli.refusals and len(refusals) == sum(x.refused for x in lines)
    same_game(path, cli, capsys)
    edited_is_refused(river, key, path)


# real boards ----------------------------------------------------------------------------------


@pytest.fixture()
def real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """The server over a copy of real-37-38.toml and the VASL boards 37 and 38 (the command
    line reads them through ``ASLPTO_VASL_BOARDS``, as the script does)."""
    folder = vasl_boards("37", "38")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(folder))
    shutil.copy(EXAMPLES / "real-37-38.toml", tmp_path / "real-37-38.toml")
    s = Served(tmp_path / "real-37-38.toml", folder)
    yield s
    s.bg.stop()


def test_a3_a_whole_game_turn_on_real_boards_on_the_page(
    real: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every line of game-turn-real.sh over the API, on boards 37 and 38: the refusals with
    the command line's rules, the record the command line's, replaying to the same position
    (J3 eliminated in the Close Combat of 37EE8), an edited record refused."""
    lines = script("game-turn-real.sh")
    key, path = start(real, lines, "page")
    refusals = play_page(real, key, path, lines[1:])
    cli = play_cli(lines, Path(real.referee.path), capsys)
    assert refusals == cli.refusals and len(refusals) == sum(x.refused for x in lines)
    assert {r["rule"] for r in refusals} >= {"A3.3", "A8.1", "A8.4", "A10.51", "A11.1", "G.3"}
    same_game(path, cli, capsys)
    status, now = real.request(f"/api/game?game={key}")
    assert status == 200 and now["state"]["over"]
    edited_is_refused(real, key, path)


# in chromium ----------------------------------------------------------------------------------


def test_a3_a_whole_game_turn_clicked_and_played_on_the_page(
    river: Served, page: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """game-turn.sh on the page: its first actions clicked (Fire in the RPh refused by A3.2,
    End phase, Prep Fire with the rolls typed, End phase), the rest of the turn played over the
    API on the same game, its last End phase clicked; the record is the command line's."""
    lines = script("game-turn.sh")
    page.goto(river.url)
    page.wait_for_selector(".unit-chip")
    open_game_start(page)
    page.fill('#game-new input[name="turns"]', "1")
    page.fill('#game-new input[name="seed"]', "27")
    page.click("#game-start-button")
    game_at(page, 0)
    key = str(page.evaluate("state.game"))
    path = Path(river.referee.path).parent / "paddy-river-game-1.jsonl"
    assert lines[1].args[:3] == ["fire", "$GAME", "U4"] and lines[1].refused
    page.click('#ui-modes button[data-mode="fire"]')
    page.click('.unit-chip[data-unit="U4"]')
    page.click('.unit-chip[data-unit="J2"]')
    page.wait_for_selector('body[data-fire-shown="32O5"]')
    play_button(page, "play-fire", "fire U4 → 32O5")
    page.wait_for_selector('#game-said[data-rule="A3.2"]')
    assert page.get_attribute("body", "data-game-actions") == "0"
    play_page(river, key, path, lines[2:3])  # (the rally refused: no broken unit)
    assert lines[3].args[0] == "end-phase"
    page.click("#game-end-phase")
    game_at(page, 1)
    assert lines[4].args[-2:] == ["--dice", "1,5 4,1"]
    play_fire(page, "U4", "J2", "32O5", "1,5 4,1")
    game_at(page, 2)
    assert lines[5].args[0] == "end-phase"
    page.click("#game-end-phase")
    game_at(page, 3)

    last = next(i for i in range(len(lines) - 1, 0, -1) if not lines[i].refused)
    assert lines[last].args[0] == "end-phase"
    play_page(river, key, path, lines[6:last])
    n = len(record.load(str(path)).entries)
    page.goto(f"{river.url}?game={key}")
    game_at(page, n)
    page.click("#game-end-phase")
    game_at(page, n + 1)
    assert "the game is over (A3)" in page.inner_text("#game-now")
    assert page.is_disabled("#game-end-phase")
    screenshot(page, "game-turn-over")
    play_page(river, key, path, lines[last + 1 :])  # (the game is over: A3)
    cli = play_cli(lines, Path(river.referee.path), capsys)
    ours = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    theirs = [json.loads(x) for x in cli.path.read_text(encoding="utf-8").splitlines()]
    assert ours[0] == theirs[0] and len(ours) == len(theirs)
    for a, b in zip(ours[1:], theirs[1:], strict=True):  # (the page names a fire's target by
        assert {**a, "args": None} == {**b, "args": None}  # the hex clicked)
    assert f"{n + 1} action(s) replayed" in replayed(path, capsys)
    assert record.load(str(path)).state.as_json() == record.load(str(cli.path)).state.as_json()


def served_game(
    tmp_path: Path, example: str, seed: int, *actions: dict[str, Any]
) -> tuple[Served, str, dict[str, Any]]:
    """``examples/EXAMPLE`` served from ``tmp_path``, a game started on it and played to the
    first side's MPh, then ``actions``: the server, the game's key, the last answer."""
    shutil.copy(EXAMPLES / example, tmp_path / example)
    s = Served(tmp_path / example)
    try:
        status, got = s.post("/api/game/new", {"turns": 1, "seed": seed, "name": "g"})
        assert status == 200, got
        key = got["game"]
        for body in ({"action": "end-phase"}, {"action": "end-phase"}, *actions):
            status, got = s.post(f"/api/game/action?game={key}", body)
            assert status == 200 and got["applied"], got
    except BaseException:
        s.bg.stop()
        raise
    return s, key, got


def test_g9_41_the_panji_mc_a_move_calls_for_played_from_the_page(
    tmp_path: Path, page: Any
) -> None:
    """G9.41 on the page: squad A's move into 37DD7, the Panji counter C's Location, calls for a
    Panji MC (the move played over the API); A chosen on the map, "Play: Panji MC" plays it as
    the record's next action, as ``aslpto game panji-mc`` does."""
    move = {"action": "move", "args": {"unit": "A", "steps": ["37DD7"]}}
    s, key, got = served_game(tmp_path, "panji-g9.toml", 3, move)
    try:
        assert "panji-mc" in json.dumps(got)
        page.goto(f"{s.url}?game={key}")
        game_at(page, 3)
        page.click('.unit-chip[data-unit="A"]')
        page.click('#play-checks button[data-check="panji-mc"]')
        game_at(page, 4)
        (path,) = tmp_path.glob("*.jsonl")
        last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
        assert "panji-mc" in json.dumps(last) and "A" in json.dumps(last), last
    finally:
        s.bg.stop()


def test_g_4_the_defender_answers_for_his_hidden_units_on_the_page(
    tmp_path: Path, page: Any
) -> None:
    """G.4 on the page: squad A's move into 37FF7, jungle holding the hidden Japanese squad J1,
    is refused until the DEFENDER answers; "keep HIP" plays the same move with his answer: A
    goes on into 37FF7 and J1 stays hidden."""
    text = (EXAMPLES / "panji-g9.toml").read_text(encoding="utf-8")
    text += (
        '\n[[units]]\nid = "J1"\nside = "Japanese"\nkind = "squad"\nclass = "1st-line"\n'
        'strength = "full"\ncounter = "4-4-7"\nhex = "37FF7"\nhidden = true\n'
    )
    (tmp_path / "g4.toml").write_text(text, encoding="utf-8")
    s = Served(tmp_path / "g4.toml")
    try:
        status, got = s.post("/api/game/new", {"turns": 1, "seed": 3, "name": "g"})
        assert status == 200, got
        key = got["game"]
        for body in ({"action": "end-phase"}, {"action": "end-phase"}):
            status, got = s.post(f"/api/game/action?game={key}", body)
            assert status == 200, got
        page.goto(f"{s.url}?game={key}")
        game_at(page, 2)
        page.click('.unit-chip[data-unit="A"]')
        page.wait_for_selector('body[data-reach-shown="A"]')
        page.click('.hex-hit[data-hex="37FF7"]', force=True)
        page.wait_for_selector("#move-info table")
        page.click("#play-move")
        page.wait_for_selector('#game-said[data-rule="G.4"]')
        assert page.is_visible("#game-detection")
        page.click('#game-detection button[data-detection="retain"]')
        game_at(page, 3)
        assert page.is_hidden("#game-detection")
        (path,) = tmp_path.glob("*.jsonl")
        last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
        assert last["args"]["options"]["detection"] == "retain", last
        state = record.load(str(path)).state
        assert state.position.unit("A").hex == "37FF7" and state.position.unit("J1").hidden
    finally:
        s.bg.stop()


def test_a8_1_the_page_prices_a_move_going_on_from_where_it_stopped(tmp_path: Path) -> None:
    """A4.2 on the page: after U1's move stops for First Fire, the step check (POST /api/step)
    prices its next step from there, with the MF it has spent: the game's own check."""
    move = {"action": "move", "args": {"unit": "U1", "steps": ["32N9"]}}
    s, key, got = served_game(tmp_path, "paddy-river.toml", 27, move)
    try:
        spent = got["entry"]["result"]["mf"]
        status, step = s.post(f"/api/step?game={key}", {"unit": "U1", "step": "32N10"})
        assert status == 200 and step["legal"], step
        assert step["mf"] == spent + step["priced"]["cost"]
    finally:
        s.bg.stop()
