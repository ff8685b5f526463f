"""A stack moving together in the MPh (A4.12) and Defensive First Fire at the moving stack
(A8.1)."""

from __future__ import annotations

from aslpto.procedures.game import Marker, PhaseName
from gamehelp import do, game, jp, leader, refused, result, to, us


def test_a4_12_a_mmc_moving_with_its_leader_has_six_mf_and_he_moves_with_it() -> None:
    s = to(game(us("U1", "37B5"), leader("UL", "37B5"), jp("J1", "37H9")), PhaseName.MPH)
    r = result(
        s,
        "move",
        unit="U1",
        steps=["37C5", "37D5", "37E5", "37F4", "37G4"],
        options={"with_leader": "UL"},
    )
    assert r["allowance"] == 6 and r["mf"] == 6
    assert [(e["unit"], e["to"], e["allowance"]) for e in r["stack"]] == [
        ("U1", "37G4", 6),
        ("UL", "37G4", 6),
    ]
    after = do(s, "move", unit="U1", steps=["37C5"], options={"with_leader": "UL"})
    assert after.moving == ("U1", "UL")
    assert after.has("U1", Marker.MOVED) and after.has("UL", Marker.MOVED)
    alone = result(s, "move", unit="U1", steps=["37C5"])
    assert alone["allowance"] == 4 and "stack" not in alone


def test_a4_12_units_moving_together_begin_in_one_location() -> None:
    s = to(game(us("U1", "37B5"), us("U2", "37B7"), jp("J1", "37H9")), PhaseName.MPH)
    refused(s, "move", "A4.12", units=["U1", "U2"], steps=["37C6"])
    both = game(us("U1", "37B5"), us("U2", "37B5"), jp("J1", "37H9"))
    after = do(to(both, PhaseName.MPH), "move", units=["U1", "U2"], steps=["37C5"])
    assert {u.hex for u in after.position.units.values() if u.side == "U.S."} == {"37C5"}


def test_a4_12_a_broken_leader_leads_no_stack() -> None:
    s = game(us("U1", "37B5"), leader("UL", "37B5", broken=True), jp("J1", "37H9"))
    refused(
        to(s, PhaseName.MPH),
        "move",
        "A4.12",
        unit="U1",
        steps=["37C5"],
        options={"with_leader": "UL"},
    )


def test_a8_1_defensive_first_fire_at_the_moving_stack_affects_it_alone() -> None:
    s = game(us("U1", "37B5"), leader("UL", "37B5"), us("U2", "37D5"), jp("J1", "37F5"))
    mph = to(s, PhaseName.MPH)
    moved = do(mph, "move", unit="U1", steps=["37C5", "37D5"], options={"with_leader": "UL"})
    r = result(moved, "fire", None, firers=["J1"], target="37D5")
    assert sorted(u["id"] for u in r["units"]) == ["U1", "UL"]  # not U2, there but not moving
