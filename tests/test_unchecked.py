"""Values the data files mark unchecked: every one is listed, and an answer resting on one
says so (text and --json)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aslpto.base import unchecked
from aslpto.base.datafiles import bundled
from aslpto.cli import main
from aslpto.rules.morale.values import rule, setting
from aslpto.rules.movement.movers import movement_data


def test_every_sure_false_of_the_data_files_is_an_entry() -> None:
    from importlib import resources

    for f in unchecked.FILES:
        text = resources.files("aslpto").joinpath("data", f).read_text(encoding="utf-8")
        lines = [
            ln
            for ln in text.splitlines()
            if re.search(r"sure = false", ln) and not ln.lstrip().startswith("#")
        ]
        assert len(lines) == len([e for e in unchecked.entries() if e.file == f]), f
    assert "sure" not in str(bundled("counters.toml"))


def test_reading_a_value_notes_it_only_when_unchecked() -> None:
    unchecked.begin()
    assert movement_data().raw("road_mf") == 1  # sure
    assert unchecked.taken() == []
    assert movement_data().raw("path_mf") == 1  # sure (B13.6 in the eASLRB v3.01 transcription)
    assert movement_data().raw("cycle_factor") == 3  # the Movement Chart's reading: unchecked
    assert rule("morale_check") == "A10.1"  # sure (A10.1 as two pages print it)
    assert rule("pin") == "A7.8"  # sure (the eASLRB v3.01 transcription prints A7.8)
    assert setting("leader_loss", "lltc_failure") == "pin"  # sure (A10.2)
    assert setting("pin", "immune") == ["broken", "berserk", "hero", "cavalry"]
    assert unchecked.taken() == [
        "G8.2101 numbers.cycle_factor = 3 (data/movement.toml)",
        "pin.immune = [broken, berserk, hero, cavalry] (data/morale.toml)",
    ]
    unchecked.begin()
    assert unchecked.taken() == []


def test_answer_says_it_rests_on_an_unchecked_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "sniper", "--unit", "10-0"]) == 0
    out = capsys.readouterr().out
    assert "unchecked value: A14.3 sniper (data/morale.toml)" in out  # one source (A14.3)
    assert "rules.sniper" not in out  # the rule number is checked
    assert main(["odds", "sniper", "--unit", "10-0", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["unchecked"] == ["A14.3 sniper (data/morale.toml)"]


def test_answer_on_checked_values_only_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    panji = str(Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml")
    assert main(["check", panji, "--json"]) == 0
    assert "unchecked" not in json.loads(capsys.readouterr().out)
    assert main(["counters", "american", "--json"]) == 0  # the hero face 1-4-9 is checked (A15.2)
    assert "unchecked" not in json.loads(capsys.readouterr().out)
    assert main(["odds", "nmc", "--unit", "6-6-6", "--nationality", "american", "--json"]) == 0
    assert "unchecked" not in json.loads(capsys.readouterr().out)  # A7.8, A10.31, A15.x checked


def test_a_warm_reach_lists_what_the_cold_one_listed() -> None:
    """Priced edges are kept per game; an answer taken from them lists the unchecked values
    pricing them read, whichever unit priced them first."""
    import aslpto

    examples = Path(__file__).resolve().parents[1] / "examples"
    game = aslpto.load(examples / "two-by-two.toml")
    cold: dict[str, list[str]] = {}
    for uid in ("JA", "JB", "JC"):
        fresh = aslpto.load(examples / "two-by-two.toml")  # nothing priced yet
        unchecked.begin()
        aslpto.reach(fresh, uid)
        cold[uid] = sorted(unchecked.taken())
    assert any(cold.values())
    for uid in ("JA", "JB", "JC", "JC", "JB", "JA"):
        unchecked.begin()
        aslpto.reach(game, uid)
        assert sorted(unchecked.taken()) == cold[uid], uid
