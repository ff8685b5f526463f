"""A move that stops for the DEFENDER's First Fire and goes on (A8.1, A4.2): the moving unit (or
stack, or some of it) goes on from where it stopped with the MF it has left and the options it
began with; once another unit moves, or its move has ended, it moves no more."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import Action, GameState, PhaseName, play
from gamehelp import game, jp, leader, refused, to, us


def move(state: GameState, seed: int = 1, **args: Any) -> Any:
    done, _ = play(state, Action("move", args), 1, seed=seed)
    return done


def test_a8_1_the_moving_unit_stops_for_first_fire_and_goes_on() -> None:
    s = to(game(us("U1", "37E5"), jp("J1", "37B2")), PhaseName.MPH)
    d = move(s, unit="U1", steps=["37F5"])
    assert d.result["mf"] == 1
    d = move(d.state, unit="U1", steps=["37G5", "37H5"])
    assert d.state.position.unit("U1").hex == "37H5"
    assert d.result["mf"] == 3  # the MF of the whole move so far
    d = move(d.state, unit="U1", steps=["37I5"])
    refused(d.state, "move", "A4.11", unit="U1", steps=["37J5"])  # four MF spent


def test_a8_1_another_unit_moving_ends_it() -> None:
    s = to(game(us("U1", "37E5"), us("U2", "37E7"), jp("J1", "37B2")), PhaseName.MPH)
    d = move(s, unit="U1", steps=["37F5"])
    d = move(d.state, unit="U2", steps=["37F7"])
    refused(d.state, "move", "A4.2", unit="U1", steps=["37G5"])


def test_a4_2_it_goes_on_with_the_options_it_began_with() -> None:
    s = to(game(us("U1", "37E5"), jp("J1", "37B2")), PhaseName.MPH)
    d = move(s, unit="U1", steps=["37F5"], options={"assault": True})
    with pytest.raises(InputError):
        move(d.state, unit="U1", steps=["37G5"], options={"double_time": True})
    with pytest.raises(RuleViolation) as e:  # Assault Movement: one Location (A4.61)
        move(d.state, unit="U1", steps=["37G5"])
    assert "Assault Movement" in e.value.message


def test_a4_12_a_stack_goes_on_and_a_leader_left_behind_takes_his_bonus() -> None:
    s = to(game(us("U1", "37E5"), leader("UL", "37E5")), PhaseName.MPH)
    d = move(s, units=["U1"], steps=["37F5", "37G5", "37H5"], options={"with_leader": "UL"})
    assert d.state.moving == ("U1", "UL")
    d2 = move(d.state, units=["UL", "U1"], steps=["37I5", "37J5"])  # six MF with him
    assert d2.state.position.unit("U1").hex == "37J5"
    refused(d.state, "move", "A4.11", units=["U1"], steps=["37I5", "37J5"])  # alone: four


def test_a12_15_a_unit_forced_back_goes_no_farther() -> None:
    s = to(game(us("U1", "37F4"), jp("J1", "37G4", concealed=True)), PhaseName.MPH)
    d = move(s, unit="U1", steps=["37G4"])
    refused(d.state, "move", "A3.3", unit="U1", steps=["37F5"])


def test_a12_152_a_unit_that_searched_goes_no_farther() -> None:
    s = to(game(us("U1", "37E5"), jp("J1", "37B2")), PhaseName.MPH)
    d = move(s, unit="U1", steps=["37F5"])
    done, _ = play(d.state, Action("search", {"unit": "U1"}), 2, seed=1, rolls="6")
    refused(done.state, "move", "A4.8", unit="U1", steps=["37G5"])  # TI


def test_a4_2_a_stack_breaks_up_and_its_units_go_on_separately() -> None:
    """U1 and U2 move together, stop; U1 goes on alone, then U2 goes on alone: the stack is the
    moving stack until a unit not in it moves (A4.2)."""
    s = to(game(us("U1", "37E5"), us("U2", "37E5"), us("U3", "37E7")), PhaseName.MPH)
    d = move(s, units=["U1", "U2"], steps=["37F5"])
    d = move(d.state, unit="U1", steps=["37G5"])
    assert d.state.moving == ("U1", "U2")
    d = move(d.state, unit="U2", steps=["37F6"])
    assert d.state.position.unit("U2").hex == "37F6" and d.result["mf"] == 2
    d = move(d.state, unit="U3", steps=["37F7"])
    refused(d.state, "move", "A4.2", unit="U1", steps=["37H5"])


def test_a12_15_a_move_going_on_and_forced_back_spends_all_its_mf_so_far() -> None:
    s = to(game(us("U1", "37E4"), jp("J1", "37G4", concealed=True)), PhaseName.MPH)
    d = move(s, unit="U1", steps=["37F4"])
    d = move(d.state, unit="U1", steps=["37G4"])  # woods, J1 concealed: forced back
    assert d.state.position.unit("U1").hex == "37F4"
    assert d.result["mf"] == 3  # 1 before it stopped, 2 for the attempt (A12.15)
