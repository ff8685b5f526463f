"""``aslpto move`` and ``aslpto reach`` on the command line: JSON contract and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aslpto.cli import main

EX = str(Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:  # type: ignore[type-arg]
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


@pytest.mark.parametrize("argv", [
    ("move", EX, "nobody", "37EE7"),
    ("move", EX, "A", "37ZZ7"),
    ("move", EX, "A", "37EE7:sideways"),
    ("move", EX, "A", "37EE7", "--blaze", "99A1"),
    ("move", "/no/such/file.toml", "A", "37EE7"),
    ("reach", EX, "nobody"),
])  # fmt: skip
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
