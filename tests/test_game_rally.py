"""The Rally Phase in a game (A3.1, A10.6-A10.64, A18.11): both sides rally, each unit once a
Player Turn, by a Good Order leader in its Location or by Self-Rally; the A18.11 Self-Rally is the
first MMC Rally attempt of a side's own RPh; the rally terrain is read from the map."""

from __future__ import annotations

from aslpto.procedures.game import Marker, PhaseName
from gamehelp import do, game, jp, jp_hs, leader, refused, result, to, us


def test_a10_6_both_sides_rally_in_the_rph() -> None:
    s = game(
        us("U1", "37B5", broken=True, dm=True),
        leader("UL", "37B5"),
        jp_hs("J1", "37H9", broken=True),
        leader("JL", "37H9"),
    )
    r = result(s, "rally", "2,3", unit="U1", leader="UL")
    # Morale Level 8 (its broken side); DRM +4 DM -1 leadership: 5 + 3 = 8 <= 8
    assert (r["morale"], r["total_drm"], r["final"]) == (8, 3, 8)
    after = do(s, "rally", "2,3", unit="U1", leader="UL")
    u = after.position.unit("U1")
    assert not u.broken and not u.dm and u.morale == 6
    assert after.has("U1", Marker.RALLY)
    # the DEFENDER rallies too: its leader raises the HS's Morale Level by one (G1.41)
    jr = result(s, "rally", "4,5", unit="J1", leader="JL")
    assert jr["morale"] == 8 and jr["units"][0]["status"] == []
    refused(to(s, PhaseName.PFPH), "rally", "A3.1", unit="U1", leader="UL")


def test_a10_6_a_unit_attempts_to_rally_once_a_player_turn() -> None:
    s = game(us("U1", "37B5", broken=True), leader("UL", "37B5"))
    failed = do(s, "rally", "6,5", unit="U1", leader="UL")
    assert failed.position.unit("U1").broken
    refused(failed, "rally", "A10.6", unit="U1", leader="UL")


def test_a18_11_the_first_mmc_rally_attempt_of_the_attackers_rph_may_be_a_self_rally() -> None:
    s = game(
        us("U1", "37B5", broken=True),
        us("U2", "37B7", broken=True),
        leader("UL", "37B7"),
        jp("J1", "37H9"),
    )
    r = result(s, "rally", "3,3", unit="U1")
    assert r["self_rally"] and r["field_promotion"]
    assert [d["rule"] for d in r["drm"]] == ["A10.63"]
    after = do(s, "rally", "3,3", unit="U1")
    # U1 was the U.S.'s first MMC Rally attempt: no other MMC Self-Rallies this RPh
    refused(after, "rally", "A18.11", unit="U2")
    # a Good Order leader is in U2's Location: no A18.11 Self-Rally there
    refused(s, "rally", "A18.11", unit="U2")


def test_a18_11_the_defenders_mmc_does_not_self_rally_in_the_attackers_rph() -> None:
    s = game(jp_hs("J1", "37H9", broken=True), us("U1", "37B5"))
    refused(s, "rally", "A18.11", unit="J1")
    own = to(s, PhaseName.RPH, player=1)
    assert own.attacker == "Japanese"
    r = result(own, "rally", "1,1", unit="J1")
    assert "J1: creates no leader" in r["events"]  # G1.62


def test_a10_6_the_rally_terrain_is_the_maps() -> None:
    s = game(us("U1", "37G4", broken=True), leader("UL", "37G4"))
    r = result(s, "rally", "4,4", unit="U1", leader="UL")
    assert [(d["what"], d["value"]) for d in r["drm"]] == [
        ("leadership of UL", -1),
        ("rally terrain (woods)", -1),
    ]
    assert r["final"] == 6 and r["units"][0]["status"] == []
