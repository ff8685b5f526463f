"""``aslpto check`` and ``aslpto terrain``: JSON and text answers, exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslpto.cli import main

DATA = Path(__file__).parent / "data" / "scenario_basic"
PTO = str(DATA / "pto.toml")
PLAIN = str(DATA / "plain.toml")

BAD = """[scenario]
name = "Bad setup"
[map]
boards = [["37"]]
[map.files]
"37" = "BOARD"
[ssr]
pto_terrain = true
sub_zero = true
[[sides]]
name = "Japanese"
nationality = "japanese"
panji_hexsides = 2
[[panjis]]
id = "A"
hex = "37E7"
covered = ["37E7-E8"]
[[fortifications]]
kind = "mines"
hex = "37T5"
hidden = true
[[units]]
id = "j"
side = "Japanese"
kind = "squad"
hex = "37C4"
position = "bank"
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, *argv, "--json")
    assert err == ""
    payload: dict[str, Any] = json.loads(out)
    return code, payload


BAD = BAD.replace("BOARD", (DATA / "board37.toml").as_posix())


@pytest.fixture
def bad(tmp_path: Path) -> str:
    p = tmp_path / "bad_setup.toml"
    p.write_text(BAD, encoding="utf-8")
    return str(p)


# --- check ----------------------------------------------------------------------------------


def test_check_legal_setup_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, payload = as_json(capsys, "check", PTO)
    assert code == 0 and payload == {"ok": True, "findings": []}
    code, out, _ = run(capsys, "check", PTO)
    assert code == 0 and "setup is legal" in out


def test_check_errors_exit_1(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    code, payload = as_json(capsys, "check", bad)
    assert code == 1 and payload["ok"] is False
    rules = {f["rule"] for f in payload["findings"]}
    assert {"G9.1", "B21.6", "G8 (Banks)"} <= rules
    for f in payload["findings"]:
        assert set(f) == {"rule", "severity", "message", "where"}
        assert f["severity"] in ("error", "warning")
    marsh = next(f for f in payload["findings"] if f["rule"] == "G9.1")
    assert marsh["where"] == "37E7 (panji A)" and "marsh" in marsh["message"]


def test_check_text_lists_findings(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    code, out, _ = run(capsys, "check", bad)
    assert code == 1
    assert out.startswith("Bad setup: 3 error(s), 0 warning(s)")
    assert "  error B21.6 37T5 (mines mines-1): hidden mines may not be set up on ice" in out


def test_check_warnings_only_exit_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = tmp_path / "warn.toml"
    p.write_text(
        BAD.split("[[panjis]]")[0] + '[[units]]\nid = "j"\nside = "Japanese"\n'
        'kind = "squad"\nhex = "37M4"\nposition = "ground"\n',
        encoding="utf-8",
    )
    code, payload = as_json(capsys, "check", str(p))
    assert code == 0 and payload["ok"] is True
    assert [f["severity"] for f in payload["findings"]] == ["warning"]


def test_check_unusable_input_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(DATA / "nope.toml"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "no such file" in err


# --- terrain --------------------------------------------------------------------------------


def test_terrain_g_1_woods_are_jungle(capsys: pytest.CaptureFixture[str]) -> None:
    code, d = as_json(capsys, "terrain", PTO, "37D4")
    assert code == 0
    assert d["hex"] == "37D4" and d["terrain"] == "dense-jungle" and d["printed"] == "woods"
    assert d["elevation"] == 0 and "G.1" in d["rules"]
    assert sorted(d["hexsides"]) == ["37C4", "37C5", "37D3", "37D5", "37E4", "37E5"]
    assert d["counters"] == [
        {
            "type": "fortification",
            "kind": "foxhole",
            "id": "fox1",
            "side": "Japanese",
            "hidden": False,
            "strength": 1,
            "hexside": None,
        }
    ]
    assert d["notes"] == ["all woods are Jungle (dense-jungle, G2.1)"]
    assert set(d) >= {
        "hex",
        "terrain",
        "elevation",
        "features",
        "hexsides",
        "counters",
        "rules",
        "notes",
    }


def test_terrain_text_for_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "terrain", PTO, "37D4")
    assert code == 0
    assert out.splitlines()[0] == "37D4: dense-jungle (was woods; G.1), level 0"
    assert "foxhole fox1 (Japanese, strength 1)" in out


def test_terrain_counters_panji_and_units(capsys: pytest.CaptureFixture[str]) -> None:
    _, d = as_json(capsys, "terrain", PTO, "37EE7")
    kinds = [c["type"] for c in d["counters"]]
    assert kinds == ["panji", "unit"]
    p, u = d["counters"]
    assert p["covered"] == ["37EE7-EE8"] and p["side"] == "Japanese"
    assert u["id"] == "j1" and u["position"] == "above-panji" and u["counter"] == "4-4-7"
    _, out, _ = run(capsys, "terrain", PTO, "37DD7")
    want = "panji C (Japanese, hidden): covers 37DD7-CC8, 37DD7-DD8, 37DD7-EE8, top 37DD7-DD8"
    assert want in out


def test_terrain_b21_2_water_obstacle_level(capsys: pytest.CaptureFixture[str]) -> None:
    _, d = as_json(capsys, "terrain", PTO, "37T5")
    assert d["terrain"] == "river" and d["elevation"] == -1 and "B21.2" in d["rules"]


def test_terrain_b21_6_ice(capsys: pytest.CaptureFixture[str]) -> None:
    _, d = as_json(capsys, "terrain", PLAIN, "37T5")
    assert d["terrain"] == "open-ground" and d["printed"] == "river"
    assert "B21.6" in d["rules"]
    assert any(c["kind"] == "mines" for c in d["counters"])


def test_terrain_g8_bank_hexsides(capsys: pytest.CaptureFixture[str]) -> None:
    _, d = as_json(capsys, "terrain", PTO, "37M4")
    assert d["terrain"] == "paddy"
    assert all(fs == ["bank"] for fs in d["hexsides"].values())
    assert d["counters"] == []


def test_terrain_g_9_overlay_hex(capsys: pytest.CaptureFixture[str]) -> None:
    _, d = as_json(capsys, "terrain", PLAIN, "37K5")
    assert d["overlay"] == "Tx1" and d["terrain"] == "brush" and "G.9C" in d["rules"]


def test_terrain_seam_hex_names(capsys: pytest.CaptureFixture[str]) -> None:
    _, d = as_json(capsys, "terrain", PLAIN, "38GG6")
    assert d["hex"] == "37GG5" and d["names"] == ["37GG5", "38GG6"]


def test_terrain_unknown_hex_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "terrain", PTO, "37HH5")
    assert code == 2 and out == ""
    assert err.strip() == "aslpto: hex '37HH5': 'HH' is not a board column (A-Z, AA-GG)"
    code, _, err = run(capsys, "terrain", PTO, "40A1")
    assert code == 2 and "board 40 is not on this map" in err
