"""The JSON API under /api/: the CLI's JSON for the same question, the CLI's one line for a
refused one, a 4xx (never a 500 or a traceback) for every bad request."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from aslpto.cli import main
from aslpto.web.referee import BadRequest, Referee
from web.conftest import EXAMPLES, Served, river_cc

PANJI = "panji-g9.toml"
RIVER = "paddy-river.toml"
SEASON = "paddy-in-season.toml"

SAME = [
    ("terrain", {"hex": "31CC8"}, ["terrain", "paddy-river.toml", "31CC8"], "paddy-river.toml"),
    (
        "move",
        {"unit": "A", "steps": ["37DD8", "37DD7", ":beneath", "37CC8"], "double-time": True},
        ["move", PANJI, "A", "37DD8", "37DD7", ":beneath", "37CC8", "--double-time"],
        PANJI,
    ),
    ("move", {"unit": "B", "steps": ["37DD7/EE8"]}, ["move", PANJI, "B", "37DD7/EE8"], PANJI),
    ("reach", {"unit": "A", "phase": "mph"}, ["reach", PANJI, "A", "--phase", "mph"], PANJI),
    (
        "los",
        {"from": "7AA10", "to": "7AA8"},
        ["los", "b21-deep.toml", "7AA10", "7AA8"],
        "b21-deep.toml",
    ),
    (
        "odds",
        {"procedure": "panji", "unit": ["A"]},
        ["odds", "panji", "--scenario", PANJI, "--unit", "A"],
        PANJI,
    ),
    (
        "odds",
        {"procedure": "mc", "n": 1, "unit": ["A"]},
        ["odds", "mc", "1", "--scenario", PANJI, "--unit", "A"],
        PANJI,
    ),
    ("check", {}, ["check", PANJI], PANJI),
    ("fire", {"firers": "U1,U2", "target": "32N6"}, ["fire", RIVER, "U1,U2", "32N6"], RIVER),
    (
        "fire",
        {"firers": "U2,UL", "target": "J2", "phase": "defensive-first", "moving": True},
        ["fire", SEASON, "U2,UL", "J2", "--phase", "defensive-first", "--moving"],
        SEASON,
    ),
    (
        "fire",
        {"firers": "U1", "target": "J1", "summary": True},
        ["fire", RIVER, "U1", "J1", "--summary"],
        RIVER,
    ),
    (
        "fire",
        {"firers": "U2,UL", "target": "32N6", "rolls": "3,4 2,3"},
        ["fire", RIVER, "U2,UL", "32N6", "--rolls", "3,4 2,3"],
        RIVER,
    ),
    (
        "fire",
        {
            "firers": "U1,U2",
            "target": "32N6",
            "no-leader": True,
            "phase": "final",
            "area-fire": True,
            "seed": 7,
        },
        [
            "fire",
            RIVER,
            "U1,U2",
            "32N6",
            "--no-leader",
            "--phase",
            "final",
            "--area-fire",
            "--seed",
            "7",
        ],
        RIVER,
    ),
    (
        "fire",
        {
            "firers": "U2,UL",
            "target": "J2",
            "phase": "defensive-first",
            "moving": True,
            "assault-movement": True,
            "fired": True,
            "leader": "UL",
        },
        [
            "fire",
            SEASON,
            "U2,UL",
            "J2",
            "--phase",
            "defensive-first",
            "--moving",
            "--assault-movement",
            "--fired",
            "--leader",
            "UL",
        ],
        SEASON,
    ),
]


def _cli(
    argv: list[str], scenario: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = str(EXAMPLES / scenario)
    argv = [path if a == scenario else a for a in argv]
    code = main([*argv, "--json"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("command", "body", "argv", "scenario"), SAME)
def test_api_answers_the_cli_json(
    serve: Callable[[str], Served],
    capsys: pytest.CaptureFixture[str],
    command: str,
    body: dict[str, object],
    argv: list[str],
    scenario: str,
) -> None:
    s = serve(scenario)
    status, got = s.post(f"/api/{command}", body)
    code, out, _ = _cli(argv, scenario, capsys)
    assert status == 200 and code in (0, 1)
    assert got == json.loads(out)


def test_g9_41_panji_mc_event_through_the_api(serve: Callable[[str], Served]) -> None:
    status, got = serve(PANJI).post("/api/move", {"unit": "A", "steps": ["37EE7"]})
    assert status == 200
    assert got["steps"][0]["events"] == [{"kind": "panji-mc", "rule": "G9.41"}]


REFUSED = [
    ("move", {"unit": "Z", "steps": ["37EE7"]}, ["move", PANJI, "Z", "37EE7"]),
    ("terrain", {"hex": "37ZZ99"}, ["terrain", PANJI, "37ZZ99"]),
    ("los", {"from": "37DD7", "to": "nowhere"}, ["los", PANJI, "37DD7", "nowhere"]),
    (
        "move",
        {"unit": "A", "steps": ["37EE7"], "phase": "cc"},
        ["move", PANJI, "A", "37EE7", "--phase", "cc"],
    ),
    (
        "odds",
        {"procedure": "panji", "unit": ["Q"]},
        ["odds", "panji", "--scenario", PANJI, "--unit", "Q"],
    ),
    ("reach", {"unit": "A", "with-leader": "B"}, ["reach", PANJI, "A", "--with-leader", "B"]),
]


@pytest.mark.parametrize(("command", "body", "argv"), REFUSED)
def test_api_refuses_with_the_cli_line(
    serve: Callable[[str], Served],
    capsys: pytest.CaptureFixture[str],
    command: str,
    body: dict[str, object],
    argv: list[str],
) -> None:
    status, got = serve(PANJI).post(f"/api/{command}", body)
    code, _, err = _cli(argv, PANJI, capsys)
    assert code == 2 and 400 <= status < 500
    assert got == {"error": err.strip()}


FIRE_REFUSED = [
    ({"firers": "U1,J1", "target": "32N6"}, ["U1,J1", "32N6"]),  # two sides
    ({"firers": "U1", "target": "32ZZ9"}, ["U1", "32ZZ9"]),
    ({"firers": "U9", "target": "32N6"}, ["U9", "32N6"]),
    ({"firers": "U1,,U2", "target": "32N6"}, ["U1,,U2", "32N6"]),
    ({"firers": "U1", "target": "U2"}, ["U1", "U2"]),  # no enemy there
    ({"firers": "U1", "target": "32N6", "moving": True}, ["U1", "32N6", "--moving"]),
    ({"firers": "U1", "target": "32N6", "phase": "close"}, ["U1", "32N6", "--phase", "close"]),
    ({"firers": "U1", "target": "32N6", "seed": "x"}, ["U1", "32N6", "--seed", "x"]),
    (
        {"firers": "U1", "target": "32N6", "rolls": "3,4", "summary": True},
        ["U1", "32N6", "--rolls", "3,4", "--summary"],
    ),
    (
        {"firers": "U1", "target": "32N6", "leader": "UL", "no-leader": True},
        ["U1", "32N6", "--leader", "UL", "--no-leader"],
    ),
    ({"firers": "U1"}, ["U1"]),
    ({"firers": "U1,U2,UL", "target": "32N6"}, ["U1,U2,UL", "32N6"]),  # UL not with U1 (A7.531)
]


@pytest.mark.parametrize(("body", "argv"), FIRE_REFUSED)
def test_fire_refuses_bad_firers_and_targets_with_the_cli_line(
    serve: Callable[[str], Served],
    capsys: pytest.CaptureFixture[str],
    body: dict[str, object],
    argv: list[str],
) -> None:
    status, got = serve(RIVER).post("/api/fire", body)
    code, _, err = _cli(["fire", RIVER, *argv], RIVER, capsys)
    assert code == 2 and 400 <= status < 500
    assert got == {"error": err.strip()} and "\n" not in got["error"]


def test_a7_fire_through_the_api(serve: Callable[[str], Served]) -> None:
    """U1 and U2 on J3 in 32N6: 12 FP on the 12 column, J3's bank hexside (G8), the IFT
    results and the outcomes each with a probability, summing to one."""
    from fractions import Fraction

    status, got = serve(RIVER).post("/api/fire", {"firers": "U1,U2", "target": "32N6"})
    assert status == 200 and got["procedure"] == "fire"
    assert got["firers"] == ["U1", "U2"] and got["target"] == "32N6"
    assert got["fp"]["column"] == 12 and [t["unit"] for t in got["targets"]] == ["J3"]
    assert sum(Fraction(r["probability"]) for r in got["ift"]) == 1
    assert sum(Fraction(o["probability"]) for o in got["outcomes"]) == 1
    assert "A7.9" in got["cowering"]["rules"] and got["unchecked"]


@pytest.fixture(scope="module")
def cc_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """paddy-river with U1 moved into 32N6, where J3 is (a copy in a temp folder)."""
    s = Served(river_cc(tmp_path_factory.mktemp("cc")))
    yield s
    s.bg.stop()


CC_SAME = [
    {"location": "32N6"},
    {"location": "U1", "hand-to-hand": True, "ambush": "defender"},
    {"location": "J3", "summary": True},
    {"location": "32N6", "rolls": "3,4 2,2"},
    {"location": "32N6", "attacker": "Japanese", "drm": -1, "defender-drm": 2},
    {"location": "32N6", "ambush": "attacker", "seed": 7},
]


def _cc_argv(body: dict[str, object]) -> list[str]:
    argv = [str(body["location"])]
    for k, v in body.items():
        if k != "location":
            argv += [f"--{k}"] if v is True else [f"--{k}", str(v)]
    return argv


@pytest.mark.parametrize("body", CC_SAME)
def test_cc_answers_the_cli_json(
    cc_served: Served, capsys: pytest.CaptureFixture[str], body: dict[str, object]
) -> None:
    status, got = cc_served.post("/api/cc", body)
    code = main(["cc", cc_served.referee.path, *_cc_argv(body), "--json"])
    assert status == 200 and code == 0
    assert got == json.loads(capsys.readouterr().out)


CC_REFUSED = [
    {"location": "32M5"},  # Japanese units only (A11.1)
    {"location": "32ZZ5"},
    {"location": "U9"},
    {"location": "U1", "attacker": "Germans"},
    {"location": "U1", "ambush": "me"},
    {"location": "U1", "drm": "x"},
    {"location": "U1", "rolls": "3,4", "summary": True},
    {"location": "U1", "rolls": "13,4"},
    {"location": "U1", "rolls": "3,4"},  # the DEFENDER's roll missing
]


@pytest.mark.parametrize("body", CC_REFUSED)
def test_cc_refuses_with_the_cli_line(
    cc_served: Served, capsys: pytest.CaptureFixture[str], body: dict[str, object]
) -> None:
    status, got = cc_served.post("/api/cc", body)
    code = main(["cc", cc_served.referee.path, *_cc_argv(body), "--json"])
    err = capsys.readouterr().err
    assert code == 2 and 400 <= status < 500
    assert got == {"error": err.strip()} and "\n" not in got["error"]


def test_a11_cc_refused_where_one_side_stands_alone(
    serve: Callable[[str], Served], capsys: pytest.CaptureFixture[str]
) -> None:
    status, got = serve(RIVER).post("/api/cc", {"location": "32N6"})
    code, _, err = _cli(["cc", RIVER, "32N6"], RIVER, capsys)
    assert code == 2 and status == 400
    assert got == {"error": err.strip()} and "A11.1" in got["error"]


def test_a11_cc_through_the_api(cc_served: Served) -> None:
    """U1 (6 FP) on J3 (3 FP) in 32N6: 2-1, Kill Number 7; J3 back at 1-2, Kill Number 4;
    Hand-to-Hand declared: red Kill Numbers (G1.64); the outcomes sum to one."""
    from fractions import Fraction

    status, got = cc_served.post("/api/cc", {"location": "32N6"})
    assert status == 200 and got["procedure"] == "cc" and got["location"] == "32N6"
    assert (got["attacker"], got["defender"]) == ("U.S.", "Japanese")
    atk, dfn = got["cc"]["attacks"]["attacker"], got["cc"]["attacks"]["defender"]
    assert (atk["odds"], atk["kill_number"]) == ("2-1", 7)
    assert (dfn["odds"], dfn["kill_number"]) == ("1-2", 4)
    assert sum(Fraction(o["probability"]) for o in got["outcomes"]) == 1
    status, got = cc_served.post("/api/cc", {"location": "U1", "hand-to-hand": True})
    assert status == 200 and got["cc"]["hand_to_hand"] is True
    assert got["cc"]["attacks"]["attacker"]["kill_number_color"] == "red"
    assert any(i["rule"] == "G1.64" for i in got["cc"]["attacks"]["defender"]["drm_items"])


BAD: list[tuple[str, bytes, dict[str, str]]] = [
    ("/api/move", b'{"unit": ', {}),
    ("/api/move", b"[1, 2]", {}),
    ("/api/move", b'"A"', {}),
    ("/api/move", b"\xff\xfe\x00", {}),
    ("/api/move", b"[" * 100_000, {}),
    ("/api/move", b'{"unit": "A", "steps": ' + b'["37EE7", ' * 5000 + b'"37EE7"]}', {}),
    ("/api/move", b"x" * 200_000, {}),
    ("/api/move", b'{"unit": "A"}', {}),
    ("/api/move", b'{"unit": "A", "steps": []}', {}),
    ("/api/move", b'{"unit": "A", "steps": [null]}', {}),
    ("/api/move", b'{"unit": "A", "steps": [{"a": 1}]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["--help"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7"], "help": true}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7"], "json": true}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7"], "assault": "yes"}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7\\n37EE8"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7=999999999999999999999"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7=-3"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": [":"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7/ZZ"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7:nowhere"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7"], "blaze": ["37QQ1"]}', {}),
    ("/api/move", b'{"unit": "A", "steps": ["37EE7"], "manhandling": "piano"}', {}),
    ("/api/reach", b'{"unit": 7}', {}),
    ("/api/reach", b'{"unit": 1e400}', {}),
    ("/api/reach", b'{"unit": "A", "blaze": "37EE7", "with-leader": "A"}', {}),
    ("/api/los", b'{"from": "37DD7@x", "to": "37AA10"}', {}),
    ("/api/los", b'{"from": "37DD7:under", "to": "37AA10"}', {}),
    ("/api/los", b'{"from": "", "to": "37AA10"}', {}),
    ("/api/odds", b'{"procedure": "tea", "unit": ["A"]}', {}),
    ("/api/odds", b'{"procedure": "mc", "n": -4, "unit": ["A"]}', {}),
    ("/api/odds", b'{"procedure": "panji"}', {}),
    ("/api/odds", b'{"procedure": "panji", "unit": ["A"], "rolls": "13,1"}', {}),
    ("/api/odds", b'{"procedure": "panji", "unit": ["A"], "sniper-dr": 3}', {}),
    ("/api/fire", b'{"firers": ["A", "B"], "target": "37EE7"}', {}),
    ("/api/fire", b'{"firers": "A", "target": "37EE7"}', {}),
    ("/api/fire", b'{"firers": "A,B", "target": "37ZZ1"}', {}),
    ("/api/fire", b'{"firers": "A", "target": "37EE7", "seed": 1.5}', {}),
    ("/api/fire", b'{"firers": "A", "target": "37EE7", "phase": ["prep"]}', {}),
    ("/api/fire", b'{"firers": "--help", "target": "37EE7"}', {}),
    ("/api/fire", b'{"firers": "A", "target": "37EE7", "range": 3}', {}),
    ("/api/fire", b'{"target": "37EE7"}', {}),
    ("/api/cc", b'{"location": 7}', {}),
    ("/api/cc", b'{"location": ["A"]}', {}),
    ("/api/cc", b'{"location": "A", "hand-to-hand": "yes"}', {}),
    ("/api/cc", b'{"location": "37EE7", "drm": 1.5}', {}),
    ("/api/cc", b'{"location": "A"}', {}),
    ("/api/cc", b'{"location": "--help"}', {}),
    ("/api/cc", b'{"location": "A", "attacker": ""}', {}),
    ("/api/cc", b'{"location": "A", "attackers": "U.S."}', {}),
    ("/api/cc", b"{}", {}),
    ("/api/terrain", b'{"hex": "37A0"}', {}),
    ("/api/terrain", b'{"hex": "99A1"}', {}),
    ("/api/terrain", b'{"hex": "' + b"9" * 150 + b'"}', {}),
    ("/api/frobnicate", b"{}", {}),
    ("/api/scenario", b"[map]\nboards = 3\n", {"x-filename": "bad.toml"}),
    ("/api/scenario", b"not toml at all = = =", {"x-filename": "../../etc/passwd"}),
    ("/api/scenario", b"\xff\xfe", {}),
    ("/api/place", b'{"unit": "A"}', {}),
    ("/api/place", b'{"unit": "Q", "hex": "37EE7"}', {}),
    ("/api/place", b'{"unit": "A", "hex": "37ZZ9"}', {}),
    ("/api/place", b'{"unit": ["A"], "hex": "37EE7"}', {}),
    ("/api/place", b'{"unit": "A", "hex": "37EE7", "x": 1}', {}),
    ("/api/place", b"[1]", {}),
    ("/api/place", b"{", {}),
    ("/api/map?game=zzzz", b"", {}),
    ("/api/los?game=zzzz", b'{"from": "37EE7", "to": "37EE8"}', {}),
    ("/api/los", b'{"from": "unit:Q", "to": "37EE8"}', {}),
]


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize(("path", "body", "headers"), BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_every_bad_request_gets_a_4xx_and_one_line(
    serve: Callable[[str], Served], path: str, body: bytes, headers: dict[str, str]
) -> None:
    s = serve(PANJI)
    before = s.referee.game
    status, got = s.request(path, body, {"content-type": "application/json", **headers})
    assert 400 <= status < 500, (status, got)
    assert isinstance(got, dict) and set(got) == {"error"}
    assert "\n" not in got["error"] and "Traceback" not in got["error"]
    assert s.referee.game is before  # a refused request changes nothing


def test_get_on_a_query_and_unknown_paths_are_4xx(serve: Callable[[str], Served]) -> None:
    s = serve(PANJI)
    for method, path in (
        ("GET", "/api/move"),
        ("GET", "/api/nothing"),
        ("GET", "/nothing"),
        ("DELETE", "/api/check"),
        ("GET", "/static/../referee.py"),
    ):
        status, _ = s.request(path, method=method)
        assert 400 <= status < 500, (method, path, status)


def test_dropped_archives_are_measured_before_they_are_read(
    serve: Callable[[str], Served],
) -> None:
    s = serve(PANJI)
    bomb = _zip({"a.xml": b"\0" * (80 * 1024 * 1024)})
    assert len(bomb) < 2 * 1024 * 1024
    status, got = s.request("/api/scenario", bomb, {"x-filename": "game.vsav"})
    assert status == 413 and "unpacks to" in got["error"]
    many = _zip({f"f{i}": b"" for i in range(2500)})
    status, got = s.request("/api/scenario", many, {"x-filename": "game.vsav"})
    assert status == 413 and "entries" in got["error"]
    ratio = _zip({"savedGame": b"\0" * (40 * 1024 * 1024)})
    status, got = s.request("/api/scenario", ratio, {"x-filename": "game.vsav"})
    assert status == 413 and "packed over 200:1" in got["error"]
    status, got = s.request("/api/scenario", _zip({"savedGame": b"x"}), {"x-filename": "game.vsav"})
    assert status == 400 and got["error"].startswith("game.vsav")  # read as a save
    with pytest.raises(BadRequest) as e:  # over HTTP the socket closes while the client sends
        s.referee.opened(b"#" * (3 * 1024 * 1024), "big.toml")
    assert e.value.status == 413 and "at most" in e.value.message


def test_a_dropped_scenario_is_refereed_under_its_own_key(tmp_path: Path) -> None:
    """A dropped scenario is a new game under a key of its own (``?game=KEY``); the game the
    server was started with stays, asked for without a key, and so does a game when a file
    dropped over it is refused."""
    s = Served(EXAMPLES / PANJI)
    try:
        text = (EXAMPLES / "b21-deep.toml").read_bytes()
        status, got = s.request("/api/scenario", text, {"x-filename": "b21-deep.toml"})
        assert status == 200 and "7AA10" in got["hexes"] and got["game"] != "0"
        key = got["game"]
        status, got = s.post(f"/api/los?game={key}", {"from": "7AA10", "to": "7AA8"})
        assert status == 200 and got["blocked_by"]["rule"] == "B21.2"
        assert s.request("/api/map")[1]["game"] == "0"
        assert "37EE8" in s.request("/api/map")[1]["hexes"]  # the first game, as it was
        bad = b"[scenario]\nname = 3\n"
        status, got = s.request(f"/api/scenario?game={key}", bad, {"x-filename": "x.toml"})
        assert status == 400 and "x.toml" in got["error"] and "\n" not in got["error"]
        status, got = s.post(f"/api/los?game={key}", {"from": "7AA10", "to": "7AA8"})
        assert status == 200  # still b21-deep
        status, got = s.request("/api/map?game=nosuchgame")
        assert status == 404 and "go back to the first game" in got["error"]
    finally:
        s.bg.stop()


def test_the_game_is_loaded_once(serve: Callable[[str], Served]) -> None:
    s = serve(PANJI)
    game = s.referee.game
    for _ in range(3):
        assert s.post("/api/reach", {"unit": "A"})[0] == 200
    assert s.referee.game is game


def test_map_gives_every_hex_centre_and_the_units(serve: Callable[[str], Served]) -> None:
    s = serve(PANJI)
    status, got = s.request("/api/map")
    assert status == 200
    assert len(got["hexes"]) == len(s.referee.game.map.cells)
    assert {u["id"]: u["hex"] for u in got["units"]}["A"] == "37EE8"
    assert got["pictures"] == {}  # bundled boards: the SVG render
    status, svg = s.request("/api/map.svg")
    assert status == 200 and svg.startswith("<?xml")
    status, fields = s.request("/api/fields")
    assert {f["name"] for f in fields["move"]} >= {"double-time", "assault", "phase", "riding"}


def test_serve_prints_its_url_first_and_answers() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    p = subprocess.Popen(
        [sys.executable, "-m", "aslpto.cli", "serve", str(EXAMPLES / PANJI), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert p.stdout is not None
        url = p.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        import urllib.request

        with urllib.request.urlopen(url + "api/check", timeout=10) as r:
            assert json.loads(r.read()) == {"ok": True, "findings": []}
    finally:
        p.terminate()
        p.wait(10)


def test_serve_without_the_web_extra_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve", str(EXAMPLES / PANJI)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'aslpto[web]'" in err


def test_serve_refuses_a_taken_port(capsys: pytest.CaptureFixture[str]) -> None:
    from aslpto.web.server import bind

    sock = bind("127.0.0.1", 0)
    try:
        port = sock.getsockname()[1]
        assert main(["serve", str(EXAMPLES / PANJI), "--port", str(port)]) == 2
        assert f"--port {port}" in capsys.readouterr().err
    finally:
        sock.close()


def test_a6_warm_los_answers_as_a_fresh_load_does(serve: Callable[[str], Served]) -> None:
    """The LOS engine is built once per game; every answer is the one a fresh load gives."""
    s = serve("paddy-river.toml")
    pairs = [
        ("31CC8", "32N6"),
        ("J1", "U1"),
        ("32M6:bank", "32T10"),
        ("31A1", "32GG10"),
        ("32N6", "31CC8"),
        ("J3", "32N7"),
    ]
    warm = [s.post("/api/los", {"from": a, "to": b}) for a, b in pairs]
    for (a, b), got in zip(pairs, warm, strict=True):
        fresh = Referee.load(EXAMPLES / "paddy-river.toml")
        try:
            want: object = (200, fresh.ask("los", {"from": a, "to": b}))
        except BadRequest as e:
            want = (e.status, {"error": e.message})
        assert got == want


def test_another_sites_page_is_refused(serve: Callable[[str], Served]) -> None:
    s = serve(PANJI)
    body = json.dumps({"unit": "A"}).encode()
    status, got = s.request("/api/reach", body, {"origin": "http://evil.example"})
    assert status == 403 and "another site" in got["error"]
    status, _ = s.request("/api/scenario", b"x = 1", {"origin": "http://evil.example"})
    assert status == 403
    own = s.url.rstrip("/")
    assert s.request("/api/reach", body, {"origin": own})[0] == 200
