"""Ambush in the game's CC (A11.4, G.6): where an Ambush can occur - a concealed unit in the CC,
or the ATTACKER's Infantry advanced into CC in a woods or building Location, or jungle, kunai or
bamboo (G.6) - both sides make their Ambush status dr before the CC; where none can, saying who
Ambushed is refused; a Melee CC has none."""

from __future__ import annotations

from typing import Any

from aslpto.procedures.game import Action, GameState, PhaseName, play
from gamehelp import game, jp, refused, to, us
from test_game_detection import pto_game


def cc_after_advance(s: GameState, unit: str, into: str, rolls: str | None = None) -> Any:
    """The U.S. ``unit`` advances into ``into``; the CC there, with ``rolls`` (or the seed's)."""
    s = to(s, PhaseName.APH)
    done, _ = play(s, Action("advance", {"unit": unit, "steps": [into]}), 1, seed=1)
    s = to(done.state, PhaseName.CCPH)
    done, _ = play(s, Action("cc", {"location": into}), 2, seed=1, rolls=rolls)
    return done


def test_g_6_an_advance_into_cc_in_jungle_makes_both_sides_roll_for_ambush() -> None:
    done = cc_after_advance(pto_game(us("U1", "37F4"), jp("J1", "37G4")), "U1", "37G4")
    a = done.result["ambush"]
    assert "G.6" in a["why"] and "rolled" in a
    # the ATTACKER in jungle +1 (G.6); the Stealthy Japanese -1 (G1.6, A11.4)
    assert a["attacker"]["drm"] == 1 and a["defender"]["drm"] == -1
    assert any("Ambush (" in t for t in done.told)


def test_a11_4_the_ambush_drs_come_first_and_decide_who_ambushes() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4"))
    done = cc_after_advance(s, "U1", "37G4", "3 3 6,6 6,6")  # 3+1 vs 3-1: no Ambush
    assert done.result["ambush"]["rolled"]["ambush"] == "none"
    done = cc_after_advance(s, "U1", "37G4", "6 1 6,6 6,6")  # 6+1 vs 1-1: the DEFENDER's
    assert done.result["ambush"]["rolled"]["ambush"] == "defender"


def test_a11_4_an_advance_into_a_woods_location_makes_ambush_possible() -> None:
    done = cc_after_advance(game(us("U1", "37F4"), jp("J1", "37G4")), "U1", "37G4")
    assert "woods/building" in done.result["ambush"]["why"]


def test_a11_4_no_ambush_in_open_ground_among_known_units() -> None:
    s = game(us("U1", "37E5"), jp("J1", "37F5"))
    done = cc_after_advance(s, "U1", "37F5")
    assert "ambush" not in done.result
    s = to(s, PhaseName.APH)
    d, _ = play(s, Action("advance", {"unit": "U1", "steps": ["37F5"]}), 1, seed=1)
    refused(
        to(d.state, PhaseName.CCPH),
        "cc",
        "A11.4",
        "6,6 6,6",
        location="37F5",
        options={"ambush": "attacker"},
    )


def test_a11_4_a_concealed_unit_in_the_cc_makes_ambush_possible() -> None:
    done = cc_after_advance(game(us("U1", "37E5"), jp("J1", "37F5", concealed=True)), "U1", "37F5")
    assert "concealed" in done.result["ambush"]["why"]
    assert done.result["ambush"]["defender"]["drm"] <= -2  # concealed -2 (A11.4)


def test_a11_4_the_players_may_say_who_ambushed_instead() -> None:
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4"))
    s = to(s, PhaseName.APH)
    d, _ = play(s, Action("advance", {"unit": "U1", "steps": ["37G4"]}), 1, seed=1)
    cc = Action("cc", {"location": "37G4", "options": {"ambush": "attacker"}})
    done, _ = play(to(d.state, PhaseName.CCPH), cc, 2, seed=1)
    assert "ambush" not in done.result  # (none rolled: the players' word)


def test_a11_4_a11_19_a_hidden_unit_placed_for_the_cc_makes_ambush_possible() -> None:
    """U1 moves into 37G4's jungle and stays, the DEFENDER keeping J1's HIP (G.4); at the start
    of the CCPh J1 is placed beneath a '?' (A11.19): an Ambush can occur though nobody
    advanced."""
    s = pto_game(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    args = {"unit": "U1", "steps": ["37G4"], "options": {"detection": "retain"}}
    d, _ = play(s, Action("move", args), 1, seed=1)
    s = to(d.state, PhaseName.CCPH)
    assert s.hip_placed == {"37G4"}
    done, _ = play(s, Action("cc", {"location": "37G4"}), 2, seed=1)
    assert "A11.19" in done.result["ambush"]["why"]
