"""B21.4-B21.43: entering and leaving Water Obstacles; B21.6: ice."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.board.hexes import Direction
from aslpto.board.maps import RiverDepth
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF, MoveOptions, Phase
from aslpto.state.game import Conditions, CurrentForce, Game
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import make_game, squad

NO_OPTIONS = MoveOptions()

# A river down column E (rows 2-8); F4 is a level-1 wood, F6 an open level-1 hex; a pond at A1.
BOARD = """
[board]
name = "37"
[terrain]
river = ["E2..E8"]
woods = ["F4"]
pond = ["J5"]
ocean = ["M5"]
[levels]
1 = ["F4", "F6"]
"""


def game(depth: RiverDepth = RiverDepth.FORDABLE, *units: Unit, **kw: Any) -> Game:
    conds = Conditions(river_depth=depth, **kw)
    return make_game(BOARD, conditions=conds, units=units or (squad("S", "37D4"),))


def leader(uid: str, hex_: str) -> Unit:
    return Unit(uid, "american", "american", Kind.LEADER, "8-0", morale=8, hex=hex_)


def rule_of(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal and r.violation is not None, r
    return r.violation.rule


def test_b21_41_fording_costs_entire_mf_allotment() -> None:
    r = evaluate(game(), "S", ["37E4"])
    assert r.legal and r.mf == r.allowance == 4 * HALF
    assert r.steps[0].costs[0].rule == "B21.41"
    assert [(e.kind, e.note.split(":")[0]) for e in r.steps[0].events] == [
        ("hazardous-movement", "fording (B21.41)")
    ]


def test_b21_41_fording_with_double_time_costs_all_of_it() -> None:
    r = evaluate(game(), "S", ["37E4"], MoveOptions(double_time=True))
    assert r.legal and r.mf == 6 * HALF


def test_b21_41_fording_must_be_first_expenditure() -> None:
    assert rule_of(game(), "S", ["37D5", "37E5"]) == "B21.41"


@pytest.mark.parametrize("depth", [RiverDepth.DEEP, RiverDepth.FLOODED])
def test_b21_4_deep_river_only_swimming_or_boats_said_so(depth: RiverDepth) -> None:
    r = evaluate(game(depth), "S", ["37E4"])
    assert not r.legal and r.violation is not None and r.violation.rule == "B21.4"
    assert "Chapter E" in r.violation.message and "swimming" in r.violation.message


@pytest.mark.parametrize("target", ["37J5", "37M5"])
def test_b21_41_fording_only_in_rivers(target: str) -> None:
    u = squad("S", "37J4" if target == "37J5" else "37M4")
    assert rule_of(game(RiverDepth.FORDABLE, u), "S", [target]) == "B21.4"


def test_b21_41_not_frigid() -> None:
    assert rule_of(game(RiverDepth.FORDABLE, frigid_water=True), "S", ["37E4"]) == "B21.41"


def test_b21_41_not_entered_in_aph_but_left() -> None:
    assert rule_of(game(), "S", ["37E4"], MoveOptions(phase=Phase.APH)) == "B21.41"
    g = game(RiverDepth.FORDABLE, squad("W", "37E4"))
    assert evaluate(g, "W", ["37D4"], MoveOptions(phase=Phase.APH)).legal


@pytest.mark.parametrize("what", ["gun", "motorcycle"])
def test_b21_41_no_pushing_motorcycles_or_guns(what: str) -> None:
    assert rule_of(game(), "S", ["37E4"], MoveOptions(manhandling=what)) == "B21.41"


@pytest.mark.parametrize("sw", ["mortar", "mmg", "hmg"])
def test_b21_41_mortar_mmg_hmg_must_be_dm(sw: str) -> None:
    assert rule_of(game(), "S", ["37E4"], MoveOptions(portage=(sw,))) == "B21.41"
    assert evaluate(game(), "S", ["37E4"], MoveOptions(portage=("lmg",))).legal


def test_b21_41_only_infantry_cavalry_ford() -> None:
    cav = Unit("K", "american", "american", Kind.CAVALRY, "x", hex="37D4", mf=12)
    assert evaluate(game(RiverDepth.FORDABLE, cav), "K", ["37E4"]).legal
    cyc = Unit("Y", "american", "american", Kind.CYCLE_RIDER, "x", hex="37D4", mf=12)
    assert rule_of(game(RiverDepth.FORDABLE, cyc), "Y", ["37E4"]) == "B21.41"
    veh = Unit(
        "V",
        "american",
        "american",
        Kind.VEHICLE,
        "x",
        hex="37D4",
        mf=16,
        vehicle_type=VehicleType.FULLY_TRACKED,
    )
    assert rule_of(game(RiverDepth.FORDABLE, veh), "V", ["37E4"]) == "B21.4"


def test_b21_41_boats_refused_with_chapter_e() -> None:
    r = evaluate(game(RiverDepth.DEEP), "S", ["37E4"], MoveOptions(manhandling="boat"))
    assert r.violation is not None and "Chapter E" in r.violation.message


# A river two hexes wide (columns E and F), so that the Current acts in it (B21.121).
WIDE = """
[board]
name = "37"
[terrain]
river = ["E2..E8", "F2..F8"]
"""


def test_b21_41_not_upstream_against_heavy_current() -> None:
    """The wide river's hexes are not bordered on opposite sides by ground: the heavy Current
    acts there, and a fording unit may not move directly against it (N, the Current flowing
    S); downstream or across is allowed, and so is upstream in a moderate Current."""

    def wide(force: CurrentForce) -> Game:
        conds = Conditions(
            river_depth=RiverDepth.FORDABLE,
            current_direction=Direction.S,
            current_force=force,
        )
        return make_game(WIDE, conditions=conds, units=(squad("W", "37E4"),))

    g = wide(CurrentForce.HEAVY)
    assert rule_of(g, "W", ["37E3"]) == "B21.41"
    assert evaluate(g, "W", ["37E5"]).legal
    assert evaluate(g, "W", ["37F4"]).legal
    assert evaluate(wide(CurrentForce.MODERATE), "W", ["37E3"]).legal


def test_b21_41_leaving_doubles_for_higher_level() -> None:
    g = game(RiverDepth.FORDABLE, squad("W", "37E4"))
    r = evaluate(g, "W", ["37D4"])  # water at level -1 to Open Ground at level 0
    assert r.legal and r.mf == 2 * HALF
    assert "B21.41" in r.steps[0].rules


def test_b21_41_ex_six_mf_to_level_one_wood() -> None:
    """B21.41 EX: from the water across a Double Crest Line into a wooded level-1 hex:
    2 (intermediate level) + 4 (higher wooded hex) = 6 MF."""
    g = game(RiverDepth.FORDABLE, leader("L", "37E4"))
    r = evaluate(g, "L", ["37F4"])
    assert r.legal and r.mf == 6 * HALF
    assert sorted(c.halves for c in r.steps[0].costs) == [2 * HALF, 2 * HALF, 2 * HALF]


def test_b21_43_fording_units_may_not_low_crawl() -> None:
    g = game(RiverDepth.FORDABLE, squad("W", "37E4", broken=True))
    assert rule_of(g, "W", ["37D4"], MoveOptions(low_crawl=True)) == "B21.43"


def test_b21_6_frozen_water_is_open_ground() -> None:
    g = game(RiverDepth.DEEP, squad("S", "37D4"), sub_zero=True)
    r = evaluate(g, "S", ["37E4"])
    assert r.legal and r.mf == HALF and "B21.6" in r.steps[0].rules


def test_b21_6_ocean_does_not_freeze() -> None:
    g = game(RiverDepth.DEEP, squad("S", "37M4"), sub_zero=True)
    assert rule_of(g, "S", ["37M5"]) == "B21.4"


def test_b21_6_ice_collapse_check_for_heavy_vehicle() -> None:
    heavy = Unit(
        "V",
        "american",
        "american",
        Kind.VEHICLE,
        "x",
        hex="37D4",
        mf=16,
        vehicle_type=VehicleType.FULLY_TRACKED,
        weight_tons=30,
    )
    g = game(RiverDepth.DEEP, heavy, sub_zero=True)
    r = evaluate(g, "V", ["37E4"])
    assert r.legal and ("ice-collapse-check", "B21.6") in [
        (e.kind, e.rule) for e in r.steps[0].events
    ]


def test_b21_43_only_broken_fording_units_are_barred_from_low_crawl() -> None:
    g = game(RiverDepth.FORDABLE, squad("W", "37E4"))
    r = evaluate(g, "W", ["37D4"], MoveOptions(low_crawl=True))
    assert r.violation is None or r.violation.rule != "B21.43"
