"""The Banzai Charge in the game's MPh (G1.5, A25.23, G1.6): declared and moved as a Human Wave
by ``game banzai``, refused with its rule, and what it leaves: moving units that lost their "?",
Lax for the Player Turn, one Morale Level higher under fire (immune to Pin in the MPh), a CC
counter where they end with a Known enemy unit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslpto.base.records import replace
from aslpto.base.rulings import RuleViolation
from aslpto.formats import scenario
from aslpto.procedures.game import (
    Action,
    GameState,
    PhaseName,
    end_phase,
    play,
    start,
    turn_record,
)
from aslpto.procedures.game.phases import Marker
from gamehelp import refused, to

RIVER = Path(__file__).resolve().parents[1] / "examples" / "paddy-river.toml"
PATH = ["32M4", "32M3", "32M2", "32M1"]


def japanese_mph(**changes: Any) -> GameState:
    """paddy-river.toml with U1 in 32M1, at the Japanese MPh (the second Player Turn)."""
    g = scenario.load(str(RIVER))
    units = {**g.units, "U1": g.units["U1"].with_(hex="32M1")}
    for uid, c in changes.items():
        units[uid] = units[uid].with_(**c)
    g = replace(g, units=units)
    return to(start(g, turn_record(g, 2)), PhaseName.MPH, 1)


def charge(s: GameState, rolls: str | None = None, **args: Any) -> Any:
    done, _ = play(s, Action("banzai", args), 1, seed=1, rolls=rolls)
    return done


def test_g1_5_a25_23_the_charge_moves_its_units_as_a_human_wave() -> None:
    s = japanese_mph(J1={"concealed": True})
    done = charge(s, units=["J1", "JL"], moves={"J1": PATH, "JL": PATH}, target="U1")
    pos = done.state.position
    for uid in ("J1", "JL"):
        u = pos.unit(uid)
        assert u.hex == "32M1" and u.lax and not u.concealed  # A25.23, G1.6
    assert done.state.moving == ("J1", "JL")
    assert done.state.cc_marked == {"32M1"}  # with the Known U1 (A25.233)
    assert [i["mf"] for i in done.result["human_wave"]["impulses"]] == [2, 1, 2, 1]
    refused(done.state, "move", "A3.3", unit="J1", steps=["32M2"])  # moved once


def test_a12_15_a25_233_the_charge_finds_concealed_units_and_is_not_forced_back() -> None:
    s = japanese_mph(U1={"concealed": True})
    done = charge(s, units=["J1", "JL"], moves={"J1": PATH, "JL": PATH}, target="U1")
    pos = done.state.position
    assert pos.unit("J1").hex == "32M1" and not pos.unit("U1").concealed
    assert done.state.cc_marked == {"32M1"}
    assert done.result["found"]["revealed"] == ["U1"]


def test_g1_5_a_charge_refused_names_its_rule_and_changes_nothing() -> None:
    s = japanese_mph()
    before = s
    with pytest.raises(RuleViolation) as e:
        charge(s, units=["J1"], moves={"J1": PATH})  # a MMC without a leader
    assert e.value.rule == "G1.5"
    assert s == before
    refused(to(s, PhaseName.DFPH, 1), "banzai", "A3.3", units=["J1", "JL"])  # the MPh's


def test_g1_5_only_the_attacker_charges() -> None:
    g = scenario.load(str(RIVER))
    s = to(start(g, turn_record(g, 2)), PhaseName.MPH, 0)  # the U.S. MPh
    refused(s, "banzai", "G1.5", units=["J1", "JL"])  # the Japanese are the DEFENDER


def test_a25_23_fire_at_the_charge_in_the_mph_pins_none_of_it() -> None:
    """U1's TPBF First Fire at the Charge in its Location: over many rolls, no unit of the
    Charge is ever pinned (A25.23); the same units not in a Charge sometimes are."""
    s = japanese_mph()
    done = charge(s, units=["J1", "JL"], moves={"J1": PATH, "JL": PATH}, target="U1")
    plain = replace(done.state, markers={k: frozenset() for k in done.state.markers})
    plain = plain.mark(["J1", "JL"], Marker.MOVED)
    shot = Action("fire", {"firers": ["U1"], "target": "32M1"})
    pinned = {True: 0, False: 0}
    for seed in range(1, 40):
        for charged, st in ((True, done.state), (False, plain)):
            after, _ = play(st, shot, 2, seed=seed)
            pos = after.state.position
            pinned[charged] += sum(1 for u in ("J1", "JL") if u in pos.units and pos.unit(u).pinned)
    assert pinned[True] == 0 and pinned[False] > 0


def test_g1_6_lax_for_the_player_turn_only() -> None:
    s = japanese_mph()
    done = charge(s, units=["J1", "JL"], moves={"J1": PATH, "JL": PATH}, target="U1")
    s = to(done.state, PhaseName.CCPH, 1)
    assert s.position.unit("J1").lax
    s, told = end_phase(s)
    assert not s.position.unit("J1").lax and any("G1.6" in t for t in told)


def test_g1_5_cli_game_banzai(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from aslpto.cli import main

    text = RIVER.read_text(encoding="utf-8")
    i = text.index('id = "U1"')
    text = text[:i] + text[i:].replace('hex = "32M9"', 'hex = "32M1"', 1)
    src = tmp_path / "river.toml"
    src.write_text(text, encoding="utf-8")
    g = str(tmp_path / "g.jsonl")
    assert main(["game", "new", str(src), "-o", g, "--turns", "1", "--seed", "5"]) == 0
    while True:
        main(["game", "show", g, "--json"])
        out = capsys.readouterr().out
        if '"player_turn": 2' in out and '"phase": "MPh"' in out:
            break
        assert main(["game", "end-phase", g]) == 0
    moves = ["--move", "J1", *PATH, "--move", "JL", *PATH]
    code = main(["game", "banzai", g, "J1,JL", *moves, "--target", "U1"])
    got = capsys.readouterr()
    assert code == 0, got
    assert "Banzai Charge (G1.5)" in got.out and "CC counter: 32M1" in got.out
    assert main(["game", "replay", g]) == 0


def test_a25_23_a_check_of_the_charge_s_units_is_one_morale_level_higher() -> None:
    """J1 (4-4-7, Morale Level 7; +1 with its leader JL, G1.41; JL's -1 DRM) takes a NMC with an
    Original 10, Final 9: passed at Morale Level 9 after its Charge, in the MPh and later in the
    Player Turn; failed at 8 without."""
    s = japanese_mph()
    done = charge(s, units=["J1", "JL"], moves={"J1": PATH, "JL": PATH}, target="U1")
    plain = replace(done.state, markers={k: frozenset() for k in done.state.markers})

    def passed(st: GameState) -> bool:
        d, _ = play(st, Action("nmc", {"units": ["J1"]}), 2, seed=1, rolls="5,5")
        units = d.state.position.units
        return "J1" in units and units["J1"].counter == "4-4-7" and not units["J1"].broken

    assert passed(done.state)
    assert passed(to(done.state, PhaseName.DFPH, 1))  # still +1 (A25.23)
    assert not passed(plain)
