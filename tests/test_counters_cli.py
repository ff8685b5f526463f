"""``aslpto counters``: the counters the referee assumes, as VASL prints them."""

from __future__ import annotations

import json

import pytest

from aslpto.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_counters_american_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "counters", "american")
    assert code == 0
    assert "a Class alone names: elite 6-6-7, 1st-line 6-6-6, 2nd-line 5-4-6, green 5-3-6" in out
    row = next(line.split() for line in out.splitlines() if line.strip().startswith("6-6-6 1sq"))
    # face, kind, class, ML, broken ML, HS, line
    assert row[:9] == ["6-6-6", "1sq", "squad", "1st-line", "6", "8", "3-4-6", "6-6-7", ">"]
    assert "5-5-6" not in out
    assert "leaders: 10-3, 10-2, 9-2" in out


def test_counters_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "counters", "russian", "--json")
    assert code == 0
    d = json.loads(out)
    (ru,) = d["nationalities"]
    rows = {r["label"]: r for r in ru["counters"]}
    assert rows["4-5-8 Esq"]["line"] == ["4-5-8", "4-4-7", "4-2-6"]
    assert rows["6-2-8 Esq"]["line"] == ["6-2-8", "5-2-7", "4-2-6"]
    assert (rows["4-4-7 1sq"]["half_squad"], rows["4-4-7 1sq"]["broken_morale"]) == ("2-3-7", 7)
    assert rows["2-2-8 Icr"]["source"].startswith("VASL Allied O/B/Russian")
    assert d["source"]["module"] == "VASL"


def test_counters_all_and_japanese_leaders(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "counters", "--json")
    keys = [n["nationality"] for n in json.loads(out)["nationalities"]]
    assert code == 0 and {
        "japanese",
        "american",
        "usmc",
        "british",
        "chinese",
        "russian",
        "allied-minor",
        "french",
        "german",
        "waffen-ss",
        "italian",
        "finnish",
        "axis-minor",
        "hungarian",
        "south-korean",
        "other-unc-korea",
        "north-korean",
        "communist-chinese-korea",
    } == set(keys)
    _, out, _ = run(capsys, "counters", "japanese")
    assert "8-1 (G1.41; not in VASL)" in out and "10-0 (wounded 9+1)" in out


def test_counters_unknown_nationality_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "counters", "martian")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "unknown nationality 'martian'" in err
