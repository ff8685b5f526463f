"""``aslpto los SCENARIO FROM TO [--json]`` and scenario ``[[los_overrides]]``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslpto.cli import main
from aslpto.cli.los import load

ROOT = Path(__file__).resolve().parent.parent
DEEP = ROOT / "examples" / "b21-deep.toml"
FLOODED = ROOT / "examples" / "b21-flooded.toml"
PADDY = ROOT / "examples" / "paddy-river.toml"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["los", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def test_los_command_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, str(DEEP), "7AA10", "7AA8")
    assert d["los"] is False and d["range"] == 2 and d["hindrance_drm"] == 0
    assert d["blocked_by"]["where"] == "7AA9" and d["blocked_by"]["rule"] == "B21.2"
    assert set(d) >= {"los", "hindrance_drm", "range", "blocked_by", "hindrances", "rules"}


def test_los_command_level_above_base(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, str(DEEP), "7AA10@1", "7AA8")
    assert d["los"] is True and d["blocked_by"] is None and d["from"] == "7AA10@1"


def test_los_command_flooded(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, str(FLOODED), "US1", "7AA8")
    assert d["los"] is True and "B21.21" in d["rules"]


def test_los_command_units_and_entrenchment(capsys: pytest.CaptureFixture[str]) -> None:
    assert _json(capsys, str(PADDY), "J1", "U1")["los"] is True
    d = _json(capsys, str(PADDY), "J1", "U1", "--from-entrenched")
    assert d["los"] is False and d["blocked_by"]["rule"] == "G8 (LOS)"


def test_los_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["los", str(DEEP), "7AA10", "7AA8"]) == 0
    out = capsys.readouterr().out
    assert "no LOS" in out and "7AA9" in out and "B21.2" in out


def test_los_command_bank_location(capsys: pytest.CaptureFixture[str]) -> None:
    d = _json(capsys, str(PADDY), "32O5:bank", "U2")
    assert "G8 (LOS)" in d["rules"]


@pytest.mark.parametrize("bad", ["7ZZ99", "nobody", "7AA10:roof"])
def test_los_command_bad_location_exit_2(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["los", str(DEEP), bad, "7AA8"]) == 2
    assert "aslpto:" in capsys.readouterr().err


def test_los_command_missing_file_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["los", "no-such.toml", "7AA10", "7AA8"]) == 2


OVERRIDES = """
[[los_overrides]]
from = "7AA10"
to = "7AA8"
los = true
hindrance_drm = 1
note = "SSR 4: the bank at AA9 is low here"
"""


def test_los_overrides_from_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "ov.toml"
    p.write_text(DEEP.read_text(encoding="utf-8") + OVERRIDES, encoding="utf-8")
    _, ovs = load(p)
    assert len(ovs) == 1 and ovs[0].note.startswith("SSR 4")
    d = _json(capsys, str(p), "7AA8", "7AA10")
    assert d["los"] is True and d["hindrance_drm"] == 1 and d["override"].startswith("SSR 4")
    assert d["rules"] == ["SSR"]
    assert main(["los", str(p), "7AA10", "7AA8"]) == 0
    assert "scenario override" in capsys.readouterr().out


def test_los_overrides_bad_entry_names_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "bad.toml"
    text = DEEP.read_text(encoding="utf-8")
    p.write_text(
        text + '\n[[los_overrides]]\nfrom = "7AA10"\nto = "7AA8"\nlos = "yes"\n', encoding="utf-8"
    )
    assert main(["los", str(p), "7AA10", "7AA8"]) == 2
    err = capsys.readouterr().err
    assert "bad.toml:" in err and "'los' must be true or false" in err


@pytest.mark.parametrize(("a", "b"), [("38C4", "38D5"), ("38B6", "38D6"), ("37GG5", "38B6")])
def test_a6_1_g8_an_entrenched_end_blocked_by_its_bank_both_ways(
    capsys: pytest.CaptureFixture[str], a: str, b: str
) -> None:
    """A6.1: LOS is reciprocal. Where the thread leaves an entrenched unit's hex along a
    hexspine, a paddy bank on either hexside there is a hedge to it (G8, B27.2) whichever end
    the LOS is traced from (on the artwork of real board 38 with overlay RP3)."""
    from vaslhelp import BOARDS, needs_vasl

    if BOARDS is None:
        pytest.skip(needs_vasl.kwargs["reason"])
    scen = str(ROOT / "examples" / "real-37-38.toml")
    got = []
    for x, y, flag in ((a, b, "--from-entrenched"), (b, a, "--to-entrenched")):
        assert main(["los", scen, x, y, flag, "--json", "--vasl-boards", str(BOARDS)]) == 0
        got.append(json.loads(capsys.readouterr().out))
    assert got[0]["los"] is got[1]["los"] is False
    assert got[0]["blocked_by"]["rule"] == got[1]["blocked_by"]["rule"] == "G8 (LOS)"
