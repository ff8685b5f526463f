"""B9.4: what a vehicle pays to cross a wall or hedge hexside, by type, as the B Terrain Chart's
Wall and Hedge rows print it (the eASLRB pages and a second copy agree): a hedge, fully tracked
1, halftrack 2, armored car 3 MP, each plus the COT, trucks and wagons never; a wall, only a
fully-tracked vehicle, 1 MP plus the COT."""

from __future__ import annotations

import pytest

from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF
from aslpto.state.game import Conditions, Game
from aslpto.state.units import VehicleType
from test_movement_helpers import make_game, vehicle

BOARD = """
[board]
name = "37"
[hexsides]
hedge = ["C3-C4"]
wall = ["E3-E4"]
"""


def game(vt: VehicleType, hex_: str) -> Game:
    return make_game(BOARD, conditions=Conditions(), units=(vehicle("V", hex_, vt, mp=30),))


@pytest.mark.parametrize(
    ("vt", "mp"),
    [
        (VehicleType.FULLY_TRACKED, 1 + 1),  # Open Ground: 1 MP
        (VehicleType.HALF_TRACKED, 2 + 1),
        (VehicleType.ARMORED_CAR, 3 + 3),  # Open Ground: 3 MP
    ],
)
def test_b9_4_a_hedge_costs_a_vehicle_its_type_s_mp_plus_the_cot(vt: VehicleType, mp: int) -> None:
    r = evaluate(game(vt, "37C3"), "V", ["37C4"])
    assert r.legal, r.violation
    assert r.mf / HALF == mp


@pytest.mark.parametrize("vt", [VehicleType.TRUCK, VehicleType.WAGON])
def test_b9_4_no_truck_nor_wagon_crosses_a_hedge(vt: VehicleType) -> None:
    r = evaluate(game(vt, "37C3"), "V", ["37C4"])
    assert not r.legal and r.violation is not None and r.violation.rule == "B9.4"


def test_b9_4_only_a_fully_tracked_vehicle_crosses_a_wall() -> None:
    r = evaluate(game(VehicleType.FULLY_TRACKED, "37E3"), "V", ["37E4"])
    assert r.legal and r.mf / HALF == 1 + 1
    for vt in (VehicleType.HALF_TRACKED, VehicleType.ARMORED_CAR, VehicleType.TRUCK):
        r = evaluate(game(vt, "37E3"), "V", ["37E4"])
        assert not r.legal and r.violation is not None and r.violation.rule == "B9.4", vt
