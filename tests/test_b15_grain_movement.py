"""B15.4, B15.6: entering grain costs 1 1/2 MF for Infantry, Cavalry and Horse-Drawn units (a
vehicle the chart's April-September MP: a truck five) in its growing season, April and May as
plowed fields included; outside it grain does not exist and is Open Ground (a truck four MP,
Mud applying, E3.65)."""

from __future__ import annotations

import pytest

from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF
from aslpto.state.game import EC, Conditions
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import make_game

BOARD = """
[board]
name = "37"
[terrain]
grain = ["E4"]
"""


def mover(kind: str) -> Unit:
    if kind == "infantry":
        return Unit("U", "american", "american", Kind.SQUAD, "6-6-6", hex="37D4")
    if kind == "cavalry":
        return Unit("U", "american", "american", Kind.CAVALRY, "x", hex="37D4", mf=12)
    vt = VehicleType.WAGON if kind == "wagon" else VehicleType.TRUCK
    return Unit("U", "american", "american", Kind.VEHICLE, "x", hex="37D4", vehicle_type=vt, mf=16)


def cost(kind: str, month: int, ec: EC = EC.MODERATE) -> float:
    g = make_game(BOARD, conditions=Conditions(month=month, ec=ec), units=(mover(kind),))
    r = evaluate(g, "U", ["37E4"])
    assert r.legal, r.violation
    return r.mf / HALF


@pytest.mark.parametrize(
    ("kind", "in_season", "out_of_season"),
    [("infantry", 1.5, 1), ("cavalry", 1.5, 1), ("wagon", 1.5, 1), ("truck", 5, 4)],
)
def test_b15_4_grain_in_its_season_and_open_ground_outside_it(
    kind: str, in_season: float, out_of_season: float
) -> None:
    for month in (4, 5, 6, 9):  # (April and May: plowed fields keep grain's cost, B15.6)
        assert cost(kind, month) == in_season, month
    for month in (1, 3, 10, 12):
        assert cost(kind, month) == out_of_season, month


def test_b15_6_out_of_season_grain_is_open_ground_for_mud_too() -> None:
    """E3.64/E3.65: Mud adds 1/2 MF in Open Ground, which out-of-season grain is; grain in
    season is not Open Ground."""
    assert cost("infantry", 12, EC.MUD) == 1.5
    assert cost("infantry", 6, EC.MUD) == 1.5
