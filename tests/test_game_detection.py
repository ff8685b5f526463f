"""A move into an enemy's Location in the MPh: a Known enemy bars it (A4.14, A4.15, A4.3,
A13.35); concealed or hidden enemy units force the mover back (A12.15), or, hidden Stealthy
DEFENDERS in jungle, kunai or bamboo, let the DEFENDER choose (G.4); a hidden unit sharing a
Location with an enemy at the start of the CCPh is placed beneath a "?" (A11.19)."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import Action, GameState, PhaseName, end_phase, play, start, turn_record
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import MoveOptions
from aslpto.state.game import Conditions, Game, Side
from aslpto.state.units import Unit
from gamehelp import MAP, game, jp, leader, refused, to, us
from maphelp import one_board

JUNGLE = one_board(
    """[terrain]
woods = ["G4", "H7", "H6"]
[[buildings]]
id = "house"
hexes = ["C6"]
material = "stone"
""",
    pto_terrain=True,
)


def pto_game(*units: Unit) -> GameState:
    """The small game's board under PTO Terrain (its woods are jungle), in the U.S. MPh."""
    g = Game(
        JUNGLE,
        Conditions(pto_terrain=True),
        "G.4",
        (Side("Japanese", "japanese", defender=True), Side("U.S.", "american")),
        {u.id: u for u in units},
    )
    return to(start(g, turn_record(g, 2)), PhaseName.MPH)


def move(state: GameState, uid: str, steps: list[str], **options: Any) -> Any:
    args = {"unit": uid, "steps": steps, "options": options}
    done, _ = play(state, Action("move", args), 1, seed=1)
    return done


# --- A4.14, A4.15, A4.3: a Known enemy unit ------------------------------------------------


def test_a4_14_infantry_may_not_move_into_a_known_enemy_location_in_the_mph() -> None:
    s = to(game(us("U1", "37E5"), jp("J1", "37F5")), PhaseName.MPH)
    msg = refused(s, "move", "A4.14", unit="U1", steps=["37F5", "37G5"])
    assert "37F5" in msg and "J1" in msg
    # ... nor through it; a broken enemy unit bars it all the same
    s = to(game(us("U1", "37E5"), jp("J1", "37F5", broken=True)), PhaseName.MPH)
    refused(s, "move", "A4.14", unit="U1", steps=["37F5", "37G5"])


def test_a4_14_but_it_may_advance_into_it_in_the_aph() -> None:
    s = to(game(us("U1", "37E5"), jp("J1", "37F5")), PhaseName.APH)
    done, _ = play(s, Action("advance", {"unit": "U1", "steps": ["37F5"]}), 1, seed=1)
    assert done.state.position.unit("U1").hex == "37F5"


def test_a4_14_exc_berserk_and_unarmed_movers() -> None:
    s = to(game(us("U1", "37E5", berserk=True), jp("J1", "37F5")), PhaseName.MPH)
    d = move(s, "U1", ["37F5"])
    assert d.state.position.unit("U1").hex == "37F5"
    assert d.state.cc_marked == {"37F5"}  # it ends its MPh with a Known enemy unit (A12.151)
    # G1.15: an Unarmed (non-prisoner) Japanese unit may enter a Known enemy's Location ...
    g = game(us("U1", "37E5"), jp("J2", "37E6", unarmed=True)).position
    r = evaluate(g, "J2", ["37E5"])
    assert r.legal, r.violation
    # ... any other Unarmed unit may not (A20.54)
    g = game(us("U1", "37E5", unarmed=True), jp("J1", "37F5")).position
    r = evaluate(g, "U1", ["37F5"])
    assert r.violation is not None and r.violation.rule == "A20.54"


def test_a20_54_unarmed_enemy_units_are_no_obstacle_but_the_recapture_is_not_played() -> None:
    g = game(us("U1", "37E5", unarmed=True), jp("J1", "37F5")).position
    r = evaluate(g, "J1", ["37E5"])  # into the Location of the Unarmed U.S. U1
    assert r.violation is not None and r.violation.rule == "A20.54"
    assert "recaptures" in r.violation.message
    # an Unarmed Japanese unit is an obstacle to enemy movement (G1.15): A4.14
    g = game(us("U1", "37E5"), jp("J1", "37F5", unarmed=True)).position
    r = evaluate(g, "U1", ["37F5"])
    assert r.violation is not None and r.violation.rule == "A4.14"


def test_a4_14_exc_human_wave() -> None:
    g = game(us("U1", "37E5"), jp("J1", "37F5")).position
    assert not evaluate(g, "U1", ["37F5"]).legal
    assert evaluate(g, "U1", ["37F5"], MoveOptions(human_wave=True)).legal


def test_a4_15_infantry_ovr_of_a_lone_smc_is_not_played() -> None:
    s = to(game(us("U1", "37E5"), leader("JL", "37F5")), PhaseName.MPH)
    msg = refused(s, "move", "A4.15", unit="U1", steps=["37F5"])
    assert "OVR" in msg


def test_a13_35_cavalry_enters_a_known_armed_enemy_location_only_charging() -> None:
    from aslpto.state.units import Kind

    cav = Unit("K1", "U.S.", "american", Kind.CAVALRY, "x", hex="37E5", mf=12)
    g = game(cav, jp("J1", "37F5")).position
    for opts in (MoveOptions(), MoveOptions(galloping=True)):  # Galloping is not Charging
        r = evaluate(g, "K1", ["37F5"], opts)
        assert r.violation is not None and r.violation.rule == "A13.35"


def test_a12_15_exc_a_berserk_unit_is_not_forced_back_and_one_is_revealed() -> None:
    s = to(
        game(
            us("U1", "37E5", berserk=True),
            jp("J1", "37F5", concealed=True),
            jp("J2", "37F5", hidden=True),
        ),
        PhaseName.MPH,
    )
    d = move(s, "U1", ["37F5"])
    pos = d.state.position
    assert pos.unit("U1").hex == "37F5"
    # J2 placed beneath a "?", one revealed; it ends its MPh there: all lose their "?"
    assert not pos.unit("J1").concealed and not pos.unit("J2").concealed
    assert not pos.unit("J2").hidden
    assert d.state.cc_marked == {"37F5"} and d.result["found"]["placed"] == ["J2"]


def test_a4_3_an_obstacle_holding_a_known_armed_enemy_may_not_be_bypassed() -> None:
    g = game(us("U1", "37F4"), jp("J1", "37G4")).position
    r = evaluate(g, "U1", ["37G4/G5"])
    assert not r.legal and r.violation is not None and r.violation.rule == "A4.3"


def test_a4_14_the_rout_and_the_defender_are_not_barred_here() -> None:
    """The rule is the ATTACKER's MPh: a unit of the same side is no enemy."""
    s = to(game(us("U1", "37E5"), us("U2", "37F5")), PhaseName.MPH)
    assert move(s, "U1", ["37F5"]).state.position.unit("U1").hex == "37F5"


# --- A12.15: concealed or hidden enemy units --------------------------------------------


def test_a12_15_forced_back_to_the_location_left_its_mph_ended() -> None:
    s = to(
        game(us("U1", "37E5", concealed=True), jp("J2", "37G4", hidden=True)),
        PhaseName.MPH,
    )
    d = move(s, "U1", ["37F4", "37G4", "37H4"])
    u1, j2 = d.state.position.unit("U1"), d.state.position.unit("J2")
    assert (u1.hex, u1.concealed) == ("37F4", False)  # back, its "?" lost
    assert (j2.hidden, j2.concealed) == (False, False)  # placed beneath a "?", then revealed
    det = d.result["detection"]
    assert det["rule"] == "A12.15" and det["forced_back"] and det["placed"] == ["J2"]
    assert d.result["mf"] == 3  # the MF of the attempt are spent: 1 + 2 (woods)
    assert d.state.moving == ("U1",)  # Defensive First Fire may attack it where it returned
    refused(d.state, "move", "A3.3", unit="U1", steps=["37E4"])  # its MPh is over


def test_a12_15_random_selection_among_several_concealed_units() -> None:
    s = to(
        game(
            us("U1", "37F4"),
            jp("J1", "37G4", concealed=True),
            jp("J2", "37G4", hidden=True),
        ),
        PhaseName.MPH,
    )
    seen = set()
    for seed in range(1, 12):
        done, _ = play(s, Action("move", {"unit": "U1", "steps": ["37G4"]}), 1, seed=seed)
        det = done.result["detection"]
        assert len(det["revealed"]) == 1 and det["placed"] == ["J2"]
        seen.add(det["revealed"][0])
        assert done.state.position.unit("U1").hex == "37F4"
    assert seen == {"J1", "J2"}


def test_a12_15_the_first_step_forced_back_leaves_the_unit_where_it_began() -> None:
    s = to(game(us("U1", "37F4"), jp("J1", "37G4", concealed=True)), PhaseName.MPH)
    d = move(s, "U1", ["37G4", "37H5"])
    assert d.state.position.unit("U1").hex == "37F4"
    assert not d.state.position.unit("J1").concealed


def test_a12_151_bypass_finds_no_one() -> None:
    s = to(game(us("U1", "37F4"), jp("J1", "37G4", hidden=True)), PhaseName.MPH)
    d = move(s, "U1", ["37G4/G5", "37H4"])
    assert d.state.position.unit("U1").hex == "37H4"
    assert d.state.position.unit("J1").hidden
    assert "detection" not in d.result


def test_a12_15_no_answer_to_give_where_there_is_nothing() -> None:
    s = to(game(us("U1", "37F4")), PhaseName.MPH)
    with pytest.raises(InputError):
        move(s, "U1", ["37G4"], detection="invoke")
    s = to(game(us("U1", "37F4"), jp("J1", "37G4", hidden=True)), PhaseName.MPH)
    with pytest.raises(RuleViolation) as e:  # woods, not jungle: A12.15 alone
        move(s, "U1", ["37G4", "37H5"], detection="retain")
    assert e.value.rule == "G.4"


# --- G.4: hidden Stealthy DEFENDERS in jungle, kunai or bamboo ---------------------------


def test_g_4_the_defender_must_choose() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    with pytest.raises(RuleViolation) as e:
        move(s, "U1", ["37G4", "37H5"])
    assert e.value.rule == "G.4" and "chooses" in e.value.message


def test_g_4_retain_the_move_goes_on_and_they_keep_hip() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    d = move(s, "U1", ["37G4", "37H4"], detection="retain")
    assert d.state.position.unit("U1").hex == "37H4"
    assert d.state.position.unit("J1").hidden
    assert "detection" not in d.result


def test_g_4_invoke_is_a12_15() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    d = move(s, "U1", ["37G4", "37H5"], detection="invoke")
    assert d.state.position.unit("U1").hex == "37F4"
    assert d.result["detection"]["rule"] == "G.4" and d.result["detection"]["forced_back"]


def test_g_4_attack_the_mph_ends_there_a_cc_counter_is_placed() -> None:
    s = pto_game(
        us("U1", "37F4"),
        jp("J1", "37G4", hidden=True),
        jp("J2", "37G4", hidden=True),
    )
    d = move(s, "U1", ["37G4", "37H4"], detection="attack", detection_by=["J1"])
    pos = d.state.position
    assert pos.unit("U1").hex == "37G4"
    assert not pos.unit("J1").hidden and not pos.unit("J1").concealed
    assert pos.unit("J2").hidden  # the others keep HIP
    assert d.state.cc_marked == {"37G4"} and d.result["detection"]["cc_counter"]
    # the TPBF attack is the DEFENDER's First Fire at the moving unit in its own Location
    done, _ = play(d.state, Action("fire", {"firers": ["J1"], "target": "37G4"}), 2, seed=1)
    assert done.result
    # the units there are not in Melee before the CCPh, and may not advance (A4.7)
    aph = to(d.state, PhaseName.APH)
    assert aph.cc_marked == {"37G4"}
    if aph.position.unit("U1").hex == "37G4" and not aph.position.unit("U1").broken:
        refused(aph, "advance", "A12.151", unit="U1", steps=["37H4"])


def test_g_4_attack_needs_hidden_defenders_of_that_location() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True), jp("J9", "37H7", hidden=True))
    with pytest.raises(InputError):
        move(s, "U1", ["37G4"], detection="attack", detection_by=["J9"])
    with pytest.raises(InputError):
        move(s, "U1", ["37G4"], detection="attack")


def test_g_4_not_with_a_concealed_unit_among_them() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", concealed=True))
    d = move(s, "U1", ["37G4", "37H5"])  # A12.15 alone: no choice to give
    assert d.result["detection"]["rule"] == "A12.15"


def test_a_refused_move_changes_nothing() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    before = s
    with pytest.raises(RuleViolation):
        move(s, "U1", ["37G4", "37H5"])
    assert s == before


# --- A11.19, A12.151: the CCPh -------------------------------------------------------------


def test_a11_19_a_hidden_unit_with_an_enemy_unit_is_placed_beneath_a_concealment_counter() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True), jp("J2", "37H7", hidden=True))
    d = move(s, "U1", ["37G4", "37H4"], detection="retain")
    s = to(d.state, PhaseName.APH)
    done, _ = play(s, Action("advance", {"unit": "U1", "steps": ["37G4"]}), 1, seed=1)
    s, told = end_phase(done.state)
    assert s.phase == PhaseName.CCPH
    j1, j2 = s.position.unit("J1"), s.position.unit("J2")
    assert (j1.hidden, j1.concealed) == (False, True)
    assert j2.hidden  # no enemy with it
    assert any("A11.19" in t for t in told)


def test_a12_151_after_the_ccph_the_cc_counter_s_units_are_in_melee() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    d = move(s, "U1", ["37G4"], detection="attack", detection_by=["J1"])
    s = to(d.state, PhaseName.CCPH)
    s, _ = end_phase(s)
    assert s.melee == {"37G4"} and not s.cc_marked


def test_game_state_json_lists_cc_counters() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    d = move(s, "U1", ["37G4"], detection="attack", detection_by=["J1"])
    assert d.state.as_json()["cc_counters"] == ["37G4"]
    assert replace(d.state, cc_marked=frozenset()).as_json()["cc_counters"] == []


def test_map_is_the_small_game_s() -> None:
    assert MAP.hex("37G4") is not None
