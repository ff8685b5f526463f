"""The Rout Phase in a game (A10.5-A10.52) and where DM is placed (A10.62): who must rout, who
may, the rout path's limits and its destination, Low Crawl, Failure to Rout; DM on a broken unit
attacked or approached by the enemy."""

from __future__ import annotations

from aslpto.procedures.game import Marker, PhaseName, end_phase
from aslpto.procedures.game.routing import known_enemies, rout_targets
from aslpto.rules.movement import MoveOptions
from gamehelp import do, game, jp, refused, result, to, us


def test_a10_5_a_broken_unit_adjacent_to_a_known_enemy_must_rout_and_is_dm() -> None:
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.AFPH)
    rt, told = end_phase(s)
    assert rt.must_rout == ("U1",) and rt.position.unit("U1").dm
    assert any(t.startswith("U1 must rout: J1 (Known, armed, unbroken) is ADJACENT") for t in told)
    assert rt.as_json()["must_rout"] == ["U1"]


def test_a10_5_in_open_ground_in_the_los_and_normal_range_of_a_known_enemy_must_rout() -> None:
    s = game(
        jp("J1", "37C5"),
        us("U2", "37E7", broken=True),  # Open Ground, range 3: must rout
        us("U3", "37G4", broken=True),  # woods: need not
        us("U4", "37H8", broken=True),  # beyond J1's Normal Range of 4
    )
    assert to(s, PhaseName.RTPH).must_rout == ("U2",)
    hidden = game(jp("J1", "37C5", concealed=True), us("U2", "37E7", broken=True))
    assert to(hidden, PhaseName.RTPH).must_rout == ()  # a concealed unit is not Known
    broken = game(jp("J1", "37C5", broken=True), us("U2", "37E7", broken=True))
    assert to(broken, PhaseName.RTPH).must_rout == ()


def test_a10_5_only_a_broken_unit_under_dm_routs_once() -> None:
    s = to(game(jp("J1", "37C5"), us("U3", "37G4", broken=True)), PhaseName.RTPH)
    refused(s, "rout", "A10.5", unit="U3", steps=["37H4"])  # DM went at the end of the RPh
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.RTPH)
    after = do(s, "rout", unit="U1", steps=["37E5", "37F4", "37G4"])
    assert after.position.unit("U1").hex == "37G4" and after.has("U1", Marker.ROUTED)
    refused(after, "rout", "A10.5", unit="U1", steps=["37H4"])
    refused(s, "rout", "A3.6", unit="J1", steps=["37B5"])  # not broken


def test_a10_5_a_routing_unit_has_six_mf() -> None:
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.RTPH)
    g = s.position
    u = g.unit("U1")
    targets = rout_targets(g, u, known_enemies(g, u.side), MoveOptions())
    # 37H7 is 5 MF away: beyond a squad's 4 MF, within the rout's 6
    assert {g.map.name(h): c / 2 for h, c in targets.items()} == {"37G4": 4, "37H7": 5}
    r = result(s, "rout", unit="U1", steps=["37E5", "37F4", "37G4"])
    assert r == {"to": "37G4", "position": "ground", "mf": 4}


def test_a10_51_a_routing_unit_routs_to_the_nearest_woods_building_location() -> None:
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.RTPH)
    msg = refused(s, "rout", "A10.51", unit="U1", steps=["37E5"])
    assert "nearest woods/building Location (37G4, 4 MF)" in msg
    # 37H7 is woods too, but 5 MF away: not the nearest
    refused(s, "rout", "A10.51", unit="U1", steps=["37E6", "37F6", "37G7", "37H7"])
    # upon reaching 37G4 it stops (unless it enters another woods/building directly)
    refused(s, "rout", "A10.51", unit="U1", steps=["37E5", "37F4", "37G4", "37H4"])


def test_a10_51_never_closer_to_a_known_enemy_nor_adjacent_again() -> None:
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.RTPH)
    msg = refused(s, "rout", "A10.51", unit="U1", steps=["37D4"])
    assert "ADJACENT to J1" in msg  # it began ADJACENT to J1: no other hex ADJACENT to it
    closer = to(
        game(jp("J1", "37C5"), jp("J2", "37G6"), us("U1", "37D5", broken=True)), PhaseName.RTPH
    )
    msg = refused(closer, "rout", "A10.51", unit="U1", steps=["37E5"])
    assert "closer to J2" in msg


def test_a10_51_a_rout_never_ends_adjacent_to_a_known_enemy() -> None:
    # begun in J1's Location, it may leave through a hex ADJACENT to J1, not end there
    s = to(game(jp("J1", "37C5"), us("U1", "37C5", broken=True)), PhaseName.RTPH)
    msg = refused(s, "rout", "A10.51", unit="U1", steps=["37D5"])
    assert msg == "U1 would end its rout in 37D5, ADJACENT to J1 (37C5)"
    after = do(s, "rout", unit="U1", steps=["37D5", "37E5", "37F4", "37G4"])
    assert after.position.unit("U1").hex == "37G4"


def test_a10_52_low_crawl_is_a_rout_of_one_location() -> None:
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.RTPH)
    r = result(s, "rout", unit="U1", steps=["37E5"], options={"low_crawl": True})
    assert r["to"] == "37E5" and r["low_crawl"] is True
    refused(s, "rout", "A10.52", unit="U1", steps=["37E5", "37F4"], options={"low_crawl": True})
    melee = to(game(jp("J1", "37C5"), us("U1", "37C5", broken=True)), PhaseName.RTPH)
    refused(melee, "rout", "A10.52", unit="U1", steps=["37D5"], options={"low_crawl": True})


def test_a10_5_failure_to_rout_eliminates_the_unit_at_the_end_of_the_rtph() -> None:
    s = to(game(jp("J1", "37C5"), us("U1", "37D5", broken=True)), PhaseName.RTPH)
    aph, told = end_phase(s)
    assert "U1" not in aph.position.units and "U1" in aph.eliminated
    assert told[0] == "eliminated for Failure to Rout: U1 (A10.5)"
    routed = do(s, "rout", unit="U1", steps=["37E5", "37F4", "37G4"])
    assert "U1" in end_phase(routed)[0].position.units


def test_a10_62_a_broken_unit_attacked_is_marked_dm() -> None:
    s = to(game(jp("J1", "37C5"), us("U2", "37E7", broken=True)), PhaseName.DFPH)
    assert not s.position.unit("U2").dm  # (it went at the end of the RPh)
    r = result(s, "fire", "5,6", firers=["J1"], target="37E7")
    assert r["dm"] == ["U2"] and r["units"][0]["status"] == ["broken", "dm"]


def test_a10_62_an_enemy_unit_moving_adjacent_marks_a_broken_unit_dm() -> None:
    s = game(jp("J1", "37C3"), us("U3", "37G4", broken=True))
    mph = to(s, PhaseName.MPH, player=1)  # the Japanese Player Turn
    assert not mph.position.unit("U3").dm
    r = result(mph, "move", unit="J1", steps=["37D3", "37E3", "37F3"])
    assert r["dm"] == ["U3"]
    far = do(mph, "move", unit="J1", steps=["37D3"])
    assert not far.position.unit("U3").dm


def test_b21_43_a_broken_unit_in_a_water_obstacle_must_rout_and_may_not_low_crawl() -> None:
    """B21.43: a broken unit IN a fordable river hex, no enemy unit near nor seeing it, must
    rout all the same (it is marked DM), not by Low Crawl; left there, it is eliminated for
    Failure to Rout (A10.5)."""
    from aslpto.board.maps import RiverDepth
    from aslpto.procedures.game import start, turn_record
    from aslpto.state.game import Conditions, Game, Side
    from maphelp import one_board

    board = one_board('[terrain]\nriver = ["E2..E8"]\nwoods = ["G4"]\n')
    g = Game(
        board,
        Conditions(river_depth=RiverDepth.FORDABLE),
        "B21.43",
        (Side("Japanese", "japanese", defender=True), Side("U.S.", "american")),
        {u.id: u for u in (jp("J1", "37A10"), us("U1", "37E5", broken=True))},
    )
    rt, told = end_phase(to(start(g, turn_record(g, 2)), PhaseName.AFPH))
    assert rt.must_rout == ("U1",) and rt.position.unit("U1").dm
    assert any("U1 must rout: broken in a Water Obstacle (B21.43)" in t for t in told)
    refused(rt, "rout", "B21.43", unit="U1", steps=["37F5"], options={"low_crawl": True})
    after = do(rt, "rout", unit="U1", steps=["37F4", "37G4"])
    assert after.position.unit("U1").hex == "37G4"
    left, _ = end_phase(rt)
    assert "U1" not in left.position.units
