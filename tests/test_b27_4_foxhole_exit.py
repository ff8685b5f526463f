"""B27.4, B27.41, B27.42: the MF to leave a foxhole is paid on its own in the MPh (a moment for
Defensive First Fire), and combined with the entry of the next hex only in the RtPh."""

from __future__ import annotations

from aslpto.procedures.movement import State, check_step, evaluate, reach
from aslpto.rules.movement import HALF, MoveOptions, Phase
from aslpto.state.game import Conditions, FortKind, Game
from aslpto.state.units import Position
from test_movement_helpers import make_game, squad

# 37B4 Open Ground, 37B5 woods; a foxhole in each.
BOARD = """
[board]
name = "37"
[terrain]
woods = ["B5"]
"""


def _game() -> Game:
    return make_game(
        BOARD,
        conditions=Conditions(),
        units=(squad("X", "37B4", entrenched="foxhole"),),
        forts=(("37B4", FortKind.FOXHOLE, "", 0), ("37B5", FortKind.FOXHOLE, "", 0)),
    )


def test_b27_4_ex_foxhole_to_foxhole_in_adjacent_woods_one_plus_two_plus_one() -> None:
    """B27.4 EX: out of a foxhole and into another in an adjacent woods hex costs 1 + 2 + 1
    MF, each announced as it occurs."""
    r = evaluate(_game(), "X", [":ground", "37B5", ":foxhole"])
    assert r.legal, r.violation
    assert [s.cost for s in r.steps] == [1 * HALF, 2 * HALF, 1 * HALF]
    assert r.steps[0].costs[0].rule == "B27.4"
    assert r.steps[0].state.hex == r.start.hex and r.steps[0].state.entrenched is None
    assert r.mf == 4 * HALF and r.end.entrenched == "foxhole"


def test_b27_42_mph_exit_is_its_own_expenditure() -> None:
    """B27.4/B27.42: in the MPh a step out of the hex from beneath the foxhole is refused; the
    step check prices the exit alone."""
    g = _game()
    c = check_step(g, "X", [], "37B5")
    assert not c.legal and c.violation is not None and c.violation.rule == "B27.4"
    assert "':ground'" in c.violation.message
    c = check_step(g, "X", [], ":ground")
    assert c.legal and c.step is not None and c.step.cost == 1 * HALF
    assert c.step.as_json(g)["costs"][0]["rule"] == "B27.4"
    c = check_step(g, "X", [":ground"], "37B5")
    assert c.legal and c.move.mf == 3 * HALF


def test_b27_41_rtph_exit_combines_with_the_next_entry() -> None:
    """B27.41: a routing unit may combine the exit MF with the entry of the next hex (Low
    Crawl too, A10.52)."""
    g = _game()
    for opts in (MoveOptions(rout=True), MoveOptions(low_crawl=True, rout=True)):
        r = evaluate(g, "X", ["37B5"], opts)
        assert r.legal, r.violation
        assert len(r.steps) == 1 and r.steps[0].costs[0].rule == "B27.4"


def test_b27_4_advance_takes_the_exit_with_the_entry() -> None:
    """An advance is one Location for all MF (A4.7): out of the foxhole into the next hex."""
    r = evaluate(_game(), "X", ["37B5"], MoveOptions(phase=Phase.APH))
    assert r.legal, r.violation


def test_b27_4_reach_goes_through_the_separate_exit() -> None:
    """The reachability search still finds the woods hex, at 1 + 2 MF."""
    g = _game()
    costs = reach(g, "X").costs()
    assert costs[State(g.map.hex("37B4"), Position.GROUND)] == 1 * HALF
    assert costs[State(g.map.hex("37B5"), Position.GROUND)] == 3 * HALF
