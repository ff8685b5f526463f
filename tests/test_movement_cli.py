"""``aslpto move`` and ``aslpto reach`` on the command line: JSON contract and exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslpto.cli import main

EX = str(Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 and "--json" in argv else {}), err


def test_move_json_contract_g9_6_ex(capsys: pytest.CaptureFixture[str]) -> None:
    code, p, _ = run(
        capsys,
        "move",
        EX,
        "A",
        "37DD7",
        ":beneath",
        "37CC8",
        "--double-time",
        "--blaze",
        "37DD8",
        "--json",
    )
    assert code == 0
    assert p["legal"] is True and p["mf"] == 6 and p["allowance"] == 6
    assert [s["mf"] for s in p["steps"]] == [2, 3, 6]
    first = p["steps"][0]
    assert set(first) >= {"to", "position", "mf", "rules", "events"}
    assert first["position"] == "above-panji"
    assert {"kind": "panji-mc", "rule": "G9.41"} in first["events"]
    assert p["violation"] is None


def test_move_illegal_is_still_an_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, p, _ = run(capsys, "move", EX, "truck", "37EE8", "--json")
    assert code == 0 and p["legal"] is False
    assert p["violation"]["rule"] == "G9.6"


@pytest.mark.parametrize(
    "argv",
    [
        ("move", EX, "nobody", "37EE7"),
        ("move", EX, "A", "37ZZ7"),
        ("move", EX, "A", "37EE7:sideways"),
        ("move", EX, "A", "37EE7", "--blaze", "99A1"),
        ("move", "/no/such/file.toml", "A", "37EE7"),
        ("reach", EX, "nobody"),
    ],
)
def test_unusable_input_exit_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, _, err = run(capsys, *argv, "--json")
    assert code == 2 and err.startswith("aslpto:")


def test_reach_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, p, _ = run(capsys, "reach", EX, "B", "--json")
    assert code == 0 and p["unit"] == "B"
    locs = p["locations"]
    assert all({"hex", "position", "mf"} <= set(loc) for loc in locs)
    assert {"hex": "37EE8", "position": "ground", "mf": 2} in [
        {k: loc[k] for k in ("hex", "position", "mf")} for loc in locs if "bypass" not in loc
    ]


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "move", EX, "A", "37EE7")
    assert code == 0
    code = main(["reach", EX, "D"])
    out = capsys.readouterr().out
    assert code == 0 and "37EE7" in out


SCENARIO = """
[scenario]
name = "tunnel, breach, leader, horse"
date = "1944-07"

[map]
boards = [["37"]]

[ssr]
paddy = "drained"

[[sides]]
name = "Japanese"
nationality = "japanese"
defender = true
panji_hexsides = 6

[[sides]]
name = "U.S."
nationality = "american"

[map.files]
"37" = "901"

[[fortifications]]
id = "T1.1"
kind = "tunnel"
hex = "37C3"
side = "Japanese"

[[fortifications]]
id = "T1.2"
kind = "tunnel"
hex = "37C6"
side = "Japanese"

[[units]]
id = "J"
side = "Japanese"
kind = "squad"
class = "1st-line"
strength = "full"
counter = "4-4-7"
hex = "37C6"

[[units]]
id = "S"
side = "U.S."
kind = "squad"
class = "1st-line"
counter = "6-6-6"
hex = "37K5"

[[units]]
id = "L"
side = "U.S."
kind = "leader"
counter = "8-0"
morale = 8
hex = "37K5"

[[units]]
id = "H"
side = "U.S."
kind = "cavalry"
counter = "x"
mf = 12
hex = "37M5"
"""


@pytest.fixture
def scn(tmp_path: Path) -> str:
    p = tmp_path / "s.toml"
    p.write_text(SCENARIO, encoding="utf-8")
    return str(p)


def test_move_tunnel_step_json(capsys: pytest.CaptureFixture[str], scn: str) -> None:
    code, p, _ = run(capsys, "move", scn, "J", "37C3:tunnel", "--json")
    assert code == 0 and p["legal"] is True, p
    step = p["steps"][0]
    assert step["to"] == "37C3" and step["mf"] == 4 and "B8.61" in step["rules"]


def test_reach_tunnel_path_json(capsys: pytest.CaptureFixture[str], scn: str) -> None:
    code, p, _ = run(capsys, "reach", scn, "J", "--json")
    assert code == 0
    # up the hill on foot costs more than the tunnel's four MF (A4.133)
    assert any(loc["path"] == ["37C3:tunnel"] for loc in p["locations"])


def test_move_with_leader_option(capsys: pytest.CaptureFixture[str], scn: str) -> None:
    code, p, _ = run(capsys, "move", scn, "S", "37K4", "--with-leader", "L", "--json")
    assert code == 0 and p["allowance"] == 6 and "A4.12" in p["allowance_rules"]
    code, p, _ = run(capsys, "reach", scn, "S", "--with-leader", "L", "--json")
    assert code == 0 and p["allowance"] == 6


def test_move_column_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, p, _ = run(capsys, "move", EX, "A", "37EE7", "--column", "--json")
    assert code == 0
    assert "column-disband" in [e["kind"] for e in p["steps"][0]["events"]]


def test_move_landed_option(capsys: pytest.CaptureFixture[str]) -> None:
    """G8 AERIAL through the command: `--landed` paratroops in the APh stay off the Bank."""
    paddy = str(Path(EX).with_name("paddy-river.toml"))
    code, p, _ = run(
        capsys, "move", paddy, "J1", "32L4:bank", "--phase", "aph", "--landed", "--json"
    )
    assert code == 0 and p["legal"] is False and p["violation"]["rule"] == "G8"
    code, p, _ = run(capsys, "move", paddy, "J1", "32L4:bank", "--phase", "aph", "--json")
    assert code == 0 and p["legal"] is True


def test_move_declared_entry_mf_step(capsys: pytest.CaptureFixture[str], scn: str) -> None:
    code, p, _ = run(capsys, "move", scn, "H", "37L5=11", "--json")
    assert code == 0 and p["legal"] is True and p["steps"][0]["mf"] == 11


@pytest.mark.parametrize(
    "argv",
    [
        ("move", "S", "37K4", "--with-leader", "nobody"),
        ("move", "S", "37K4=x"),
        ("move", "S", "37K4=3"),
    ],
)
def test_new_options_unusable_input_exit_2(
    capsys: pytest.CaptureFixture[str], scn: str, argv: tuple[str, ...]
) -> None:
    code, _, err = run(capsys, argv[0], scn, *argv[1:], "--json")
    assert code == 2 and err.startswith("aslpto:")
