"""The Player Turn (A3) as the game enforces it: which actions each phase allows and to whom,
each refusal naming its rule, and what ends with each phase (procedures.game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.formats import scenario
from aslpto.procedures.game import (
    Action,
    GameState,
    Marker,
    PhaseName,
    end_phase,
    play,
    start,
    turn_record,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def base() -> GameState:
    game = scenario.load(str(EXAMPLES / "paddy-river.toml"))
    return start(game, turn_record(game, 2))


def to(state: GameState, phase: PhaseName) -> GameState:
    while state.phase != phase:
        state, _ = end_phase(state)
    return state


def do(state: GameState, name: str, rolls: str | None = None, **args: object) -> GameState:
    done, _ = play(state, Action(name, args), 1, seed=1, rolls=rolls)
    return done.state


def refused(state: GameState, name: str, rule: str, **args: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as e:
        do(state, name, **args)
    assert e.value.rule == rule, str(e.value)
    return e.value


def test_a3_turn_record_first_and_set_up(base: GameState) -> None:
    assert base.record.first == "U.S." and base.record.sets_up == "Japanese"
    assert (base.attacker, base.defender, base.phase) == ("U.S.", "Japanese", PhaseName.RPH)
    game = base.position
    assert turn_record(game, 3, "japanese").first == "Japanese"
    with pytest.raises(InputError):
        turn_record(game, 0)


def test_a3_phases_in_order_and_the_player_turns(base: GameState) -> None:
    s = base
    seen = []
    for _ in range(8):
        seen.append(s.phase.value)
        s, _ = end_phase(s)
    assert seen == ["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"]
    assert (s.turn, s.attacker, s.phase) == (1, "Japanese", PhaseName.RPH)
    s = to(s, PhaseName.CCPH)
    s, _ = end_phase(s)
    assert (s.turn, s.attacker) == (2, "U.S.")
    s = to(s, PhaseName.CCPH)
    s = to(end_phase(s)[0], PhaseName.CCPH)
    s, told = end_phase(s)
    assert s.over and "over" in told[-1]
    refused(s, "end-phase", "A3")


def test_a3_3_move_only_in_own_mph(base: GameState) -> None:
    pf = to(base, PhaseName.PFPH)
    refused(pf, "move", "A3.3", unit="U1", steps=["32M8"])
    mph = to(base, PhaseName.MPH)
    refused(mph, "move", "A3.3", unit="J6", steps=["31CC7"])
    s = do(mph, "move", unit="U1", steps=["32M8"])
    assert s.position.unit("U1").hex == "32M8" and s.has("U1", Marker.MOVED)
    # it may go on while it is the moving unit (A8.1), here into the river only as its first
    # expenditure (B21.41) ...
    refused(s, "move", "B21.41", unit="U1", steps=["32M7"])
    # ... and once another unit has moved, it moves no more (A4.2)
    s = do(s, "move", unit="U3", steps=["32K9"])
    refused(s, "move", "A4.2", unit="U1", steps=["32L8"])


def test_a3_2_prep_fire_marks_a_unit_that_may_not_move(base: GameState) -> None:
    pf = to(base, PhaseName.PFPH)
    s = do(pf, "fire", rolls="6,6", firers=["U1", "U2"], target="32N6")
    assert s.has("U1", Marker.PREP_FIRE)
    refused(s, "fire", "A3.2", firers=["U1"], target="32N6")
    mph = to(s, PhaseName.MPH)
    refused(mph, "move", "A3.3", unit="U1", steps=["32M8"])
    afph = to(mph, PhaseName.AFPH)
    refused(afph, "fire", "A3.5", firers=["U2"], target="32N6")


def test_a8_1_first_fire_only_at_the_moving_unit(base: GameState) -> None:
    mph = to(base, PhaseName.MPH)
    refused(mph, "fire", "A8.1", firers=["J5"], target="U3")
    s = do(mph, "move", unit="U3", steps=["32K9"])
    refused(s, "fire", "A8.1", firers=["J5"], target="U1")
    refused(s, "fire", "A8.1", firers=["U1"], target="J5")  # the ATTACKER does not First Fire
    s2 = do(s, "fire", rolls="6,6", firers=["J5"], target="U3")
    assert s2.has("J5", Marker.FIRST_FIRE)
    s3 = do(s2, "move", unit="U5", steps=["32I9"])
    refused(s3, "fire", "A8.1", firers=["J1"], target="U3")  # U3 moves no more


def test_a8_1_first_fire_affects_only_the_moving_unit(base: GameState) -> None:
    mph = to(base, PhaseName.MPH)
    # U1 moves into the hex of U2 and UL: a KIA there would take them too were they targets
    s = do(mph, "move", unit="U1", steps=["32N9"])
    s2 = do(s, "fire", rolls="1,1", firers=["J1"], target="32N9")
    last = s2.position
    assert "U1" in s2.eliminated or last.unit("U1") != s.position.unit("U1")
    for other in ("U2", "UL"):
        assert last.unit(other) == s.position.unit(other)


def test_a3_4_first_and_final_fire_markers_end_with_the_dfph(base: GameState) -> None:
    mph = to(base, PhaseName.MPH)
    s = do(mph, "move", unit="U3", steps=["32K9"])
    s = do(s, "fire", rolls="6,5", firers=["J5"], target="U3")
    dfph = to(s, PhaseName.DFPH)
    refused(dfph, "fire", "A3.4", firers=["U1"], target="J5")  # the ATTACKER does not
    s = do(dfph, "fire", rolls="6,5", firers=["J1"], target="U3")
    assert s.has("J1", Marker.FINAL_FIRE)
    refused(s, "fire", "A3.4", firers=["J1"], target="U3")
    after, told = end_phase(s)
    assert not after.has("J1", Marker.FINAL_FIRE) and not after.has("J5", Marker.FIRST_FIRE)
    assert any("A3.4" in t for t in told)


def test_a3_6_rout_only_broken_units_in_the_rtph(base: GameState) -> None:
    g = base.position
    broken = replace(base, position=g.with_unit(g.unit("U5").with_(broken=True, dm=True)))
    refused(to(broken, PhaseName.MPH), "rout", "A3.6", unit="U5", steps=["32I9"])
    rt = to(base, PhaseName.RTPH)
    rt = replace(rt, position=rt.position.with_unit(g.unit("U5").with_(broken=True, dm=True)))
    refused(rt, "rout", "A3.6", unit="U1", steps=["32M8"])
    # the nearest woods/building Location is the jungle of 32J10, 3 MF away (A10.51)
    refused(rt, "rout", "A10.51", unit="U5", steps=["32H10"])
    s = do(rt, "rout", unit="U5", steps=["32I10", "32J10"])
    assert s.position.unit("U5").hex == "32J10" and s.position.unit("U5").broken
    refused(s, "rout", "A10.5", unit="U5", steps=["32I10"])


def test_a3_7_advance_one_location_in_the_aph(base: GameState) -> None:
    aph = to(base, PhaseName.APH)
    refused(to(base, PhaseName.MPH), "advance", "A3.7", unit="U1", steps=["32M8"])
    with pytest.raises(RuleViolation):
        do(aph, "advance", unit="U1", steps=["32N9", "32N10"])
    s = do(aph, "advance", unit="U1", steps=["32N9"])
    assert s.position.unit("U1").hex == "32N9"
    refused(s, "advance", "A3.7", unit="U1", steps=["32N10"])
    refused(aph, "move", "A3.7", unit="U1", steps=["32N9"])


def test_a3_8_cc_in_the_ccph_once_per_location(base: GameState) -> None:
    g = base.position
    here = g.unit("U1").with_(hex="32N6", position="beneath-panji")
    s0 = replace(base, position=g.with_unit(here))
    refused(to(s0, PhaseName.APH), "cc", "A3.8", location="32N6")
    cc = to(s0, PhaseName.CCPH)
    s = do(cc, "cc", rolls="6,6 6,6", location="32N6")
    assert "32N6" in s.cc_done
    refused(s, "cc", "A3.8", location="32N6")


def test_a7_8_pins_and_ti_end_with_the_ccph(base: GameState) -> None:
    g = base.position
    s = replace(base, position=g.with_unit(g.unit("U1").with_(pinned=True, ti=True)))
    s = to(s, PhaseName.CCPH)
    after, _ = end_phase(s)
    assert not after.position.unit("U1").pinned and not after.position.unit("U1").ti


def test_a4_51_cx_removed_at_the_start_of_the_attackers_mph(base: GameState) -> None:
    g = base.position
    s = replace(
        base,
        position=g.with_unit(g.unit("U1").with_(cx=True)).with_unit(g.unit("J1").with_(cx=True)),
    )
    mph = to(s, PhaseName.MPH)
    assert not mph.position.unit("U1").cx and mph.position.unit("J1").cx


def test_a10_62_dm_removed_at_the_end_of_the_rph_away_from_the_enemy(base: GameState) -> None:
    g = base.position
    s = replace(base, position=g.with_unit(g.unit("U5").with_(broken=True, dm=True)))
    after, told = end_phase(s)
    assert not after.position.unit("U5").dm and after.position.unit("U5").broken
    assert any("A10.62" in t for t in told)


def test_a10_1_mc_applies_its_result_to_the_unit(base: GameState) -> None:
    s = do(base, "mc", rolls="6,6", units=["J1"], n=2)
    assert s.position.unit("J1").counter != "4-4-7"  # Step Reduced (G1.12)


def test_a3_2_labor_task_makes_the_unit_ti(base: GameState) -> None:
    pf = to(base, PhaseName.PFPH)
    s = do(pf, "entrench", unit="U1")
    assert s.position.unit("U1").ti and s.has("U1", Marker.LABOR)
    refused(to(s, PhaseName.MPH), "move", "A3.3", unit="U1", steps=["32M8"])
    refused(to(base, PhaseName.MPH), "entrench", "A3.2", unit="U1")
    refused(pf, "search", "A3.3", unit="U1")  # a Search ends a move in the MPh (A12.152)


def test_a_refused_action_changes_nothing(base: GameState) -> None:
    before = to(base, PhaseName.PFPH)
    copy = replace(before)
    refused(before, "move", "A3.3", unit="U1", steps=["32M8"])
    assert before == copy


def test_unusable_action_input(base: GameState) -> None:
    with pytest.raises(InputError, match="unknown action"):
        do(base, "fly")
    with pytest.raises(InputError, match="no unit 'Z9'"):
        do(to(base, PhaseName.MPH), "move", unit="Z9", steps=["32M8"])
    with pytest.raises(InputError, match="unknown argument"):
        do(base, "end-phase", now=True)


def test_g8_212_a_unit_above_a_bank_counter_pinned_by_fire_enters_into_the_hex(
    base: GameState,
) -> None:
    """G8 Bank Counter Penalties: J2, above the Bank counter in 32O5, pinned by U4's attack
    (a PTC failed), enters INTO the hex: it is no longer above the Bank counter."""
    assert base.position.unit("J2").position == "bank"
    s = do(to(base, PhaseName.PFPH), "fire", rolls="3,4 3,4", firers=["U4"], target="32O5")
    j2 = s.position.unit("J2")
    assert j2.pinned and j2.position == "in"


def test_g9_4_a_hidden_panji_counter_is_revealed_when_an_enemy_unit_enters_its_location() -> None:
    """G9.4 (G9.11): squad A entering 37DD7, the Location of the hidden Panji counter C, reveals
    it: the game's position holds it revealed after the move."""
    game = scenario.load(str(EXAMPLES / "panji-g9.toml"))
    c = game.panjis["C"]
    game = game.with_panji(replace(c, hidden=True), "C")
    mph = to(start(game, turn_record(game, 2)), PhaseName.MPH)
    assert mph.position.panjis["C"].hidden
    s = do(mph, "move", unit="A", steps=["37DD7"])
    assert not s.position.panjis["C"].hidden


def test_g9_41_g9_31_the_panji_mc_a_move_calls_for_is_played_in_the_game() -> None:
    """G9.41: squad A entering 37DD7, the Panji counter's Location, takes a Panji MC; G9.31: its
    Original doubles (2,2) Casualty Reduce it though the check is passed."""
    game = scenario.load(str(EXAMPLES / "panji-g9.toml"))
    mph = to(start(game, turn_record(game, 2)), PhaseName.MPH)
    moved, _ = play(mph, Action("move", {"unit": "A", "steps": ["37DD7"]}), 1, seed=1)
    assert any(e["kind"] == "panji-mc" for e in moved.result["events"])
    s = do(moved.state, "panji-mc", rolls="2,2", units=["A"])
    assert [u.kind.value for u in s.position.units.values() if u.id.startswith("A")] == [
        "half-squad"
    ]


def test_g9_4_a_hidden_panji_counter_entered_by_its_owner_unseen_stays_hidden() -> None:
    """G9.4: a Japanese squad entering the Location of its own hidden Panji counter C reveals it
    only if a Good Order enemy ground unit has the LOS to it: every U.S. unit broken (the one
    in 37DD7 gone: a Known enemy unit bars the Location in the MPh, A4.14), it stays hidden."""
    game = scenario.load(str(EXAMPLES / "panji-g9.toml"))
    game = game.with_panji(replace(game.panjis["C"], hidden=True), "C")
    units = {uid: replace(u, broken=True) for uid, u in game.units.items() if uid != "E"}
    units["J1"] = replace(
        game.units["A"],
        id="J1",
        side="Japanese",
        nationality="japanese",
        counter="4-4-7",
        hex="37DD8",
    )
    game = replace(game, units=units)
    s = start(game, turn_record(game, 2, "japanese"))
    while s.phase != PhaseName.MPH:
        s, _ = end_phase(s)
    assert s.position.panjis["C"].hidden
    after = do(s, "move", unit="J1", steps=["37DD7"])
    assert after.position.panjis["C"].hidden


def test_b21_41_a_fording_unit_s_ptc_in_the_game_does_not_pin_it(base: GameState) -> None:
    """U1 fords into the river at 32M8; the PTC it takes there cannot pin it: no roll is made
    (B21.41: fording units are immune to Pin); on the bank at 32M9 a PTC failed pins it."""
    s = to(base, PhaseName.MPH)
    assert do(s, "ptc", rolls="6,6", units=["U1"]).position.unit("U1").pinned
    s = do(s, "move", unit="U1", steps=["32M8"])
    after = do(s, "ptc", units=["U1"])
    assert not after.position.unit("U1").pinned
