"""G9.6: exit from a panji Location, and its two EX replayed on examples/panji-g9.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslpto.formats import scenario
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF, MoveOptions
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit
from test_movement_helpers import g9_game

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml"


@pytest.fixture(scope="module")
def ex() -> Game:
    return scenario.load(EXAMPLE)


def test_g9_6_ex_squad_b_enters_ee8(ex: Game) -> None:
    """One MF to cross Covered hexside EE7-EE8 plus the COT of EE8."""
    r = evaluate(ex, "B", ["37EE8"])
    assert r.legal
    assert (r.steps[0].costs[0].rule, r.steps[0].costs[0].halves) == ("G9.6", HALF)
    cot = r.mf - HALF
    assert cot == evaluate(ex.with_unit(ex.unit("D").with_(hex="37EE9")), "D", ["37EE8"]).mf


def test_g9_6_ex_tank_above_must_go_beneath_first(ex: Game) -> None:
    r = evaluate(ex, "tank", ["37EE8"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.6"
    r = evaluate(ex, "tank", [":beneath", "37EE8"])
    assert r.legal, r.violation
    assert r.steps[0].cost == HALF and r.steps[1].costs[0].rule == "G9.6"


def test_g9_6_bicyclists_exit_across_a_covered_hexside(ex: Game) -> None:
    """G9.6: "only Mobile full-tracked AFV/dozers, Infantry not Manhandling, horses being
    "led" (A13.7), and Cavalry may thusly exit across one of that Panji counter's Covered
    hexsides, expending one MF/MP to cross it". Infantry riding bicycles is Infantry not
    Manhandling (G8 Banks, G9.411), so squad B may ride out across EE7-EE8 for one extra MF."""
    r = evaluate(ex, "B", ["37EE8"], MoveOptions(riding=True))
    assert r.legal, r.violation
    assert (r.steps[0].costs[0].rule, r.steps[0].costs[0].halves) == ("G9.6", HALF)


def test_g9_6_cycle_rider_and_manhandlers_may_not_exit_across_a_covered_hexside(
    ex: Game,
) -> None:
    cyc = Unit(
        "M", "U.S.", "american", Kind.CYCLE_RIDER, "x", hex="37EE7", position="beneath-panji"
    )
    for g, uid, opts in (
        (ex.with_unit(cyc), "M", MoveOptions()),
        (ex, "B", MoveOptions(manhandling="boat")),
        (ex, "B", MoveOptions(manhandling="motorcycle")),
    ):
        r = evaluate(g, uid, ["37EE8"], opts)
        assert not r.legal and r.violation is not None and r.violation.rule == "G9.6"


def test_g9_6_ex_truck_cannot_cross_covered_hexside(ex: Game) -> None:
    r = evaluate(ex, "truck", ["37EE8"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.6"


@pytest.mark.parametrize("uid", ["B", "truck"])
def test_g9_6_ex_no_bypass_along_dd7_ee8_but_along_ff7_ee8(ex: Game, uid: str) -> None:
    r = evaluate(ex, uid, ["37DD7/EE8"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.46"
    r = evaluate(ex, uid, ["37FF7/EE8"])
    assert r.legal, r.violation


def test_g9_6_ex_tank_bypass_after_going_beneath(ex: Game) -> None:
    r = evaluate(ex, "tank", [":beneath", "37DD7/EE8"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.46"
    assert evaluate(ex, "tank", [":beneath", "37FF7/EE8"]).legal


def test_g9_6_ex_terrain_blaze_six_mf(ex: Game) -> None:
    """Squad A to CC8 with a Terrain Blaze in DD8: Double Time, DD7 (2 MF, above, Panji MC),
    beneath (1), cross Covered DD7-CC8 (1) and enter CC8 (2): six MF."""
    opts = MoveOptions(double_time=True, blaze=frozenset({"37DD8"}))
    r = evaluate(ex, "A", ["37DD7", ":beneath", "37CC8"], opts)
    assert r.legal, r.violation
    assert r.mf == 6 * HALF == r.allowance
    assert [s.total for s in r.steps] == [2 * HALF, 3 * HALF, 6 * HALF]
    assert r.steps[0].state.position.value == "above-panji"
    assert [e.kind for e in r.steps[0].events] == ["cx", "panji-mc"]
    # it cannot Bypass along DD7-DD8: not in DD7 (G9.46), not in the blazing DD8 (B25)
    bypass = evaluate(ex, "A", ["37DD7/DD8"], opts).violation
    assert bypass is not None and bypass.rule == "G9.46"
    blazing = evaluate(ex, "A", ["37DD8/DD7"], opts).violation
    assert blazing is not None and blazing.rule.startswith("B25")


def test_g9_6_exit_from_beneath_across_non_covered_free(ex: Game) -> None:
    r = evaluate(ex, "B", ["37DD6"])
    assert r.legal and r.mf == HALF


def test_g9_6_inline_game_same_as_example() -> None:
    g = g9_game()
    r = evaluate(g, "A", ["37DD7", ":beneath", "37CC8"], MoveOptions(double_time=True))
    assert r.legal and r.mf == 6 * HALF
