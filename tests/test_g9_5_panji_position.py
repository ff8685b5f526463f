"""G9.5-G9.55: above/beneath a Panji counter, road bonus (G9.54), other Fortifications
(G9.55)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from aslpto.formats import scenario
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF, MoveOptions, Phase
from aslpto.state.game import Conditions, Fortification, FortKind, Game
from aslpto.state.units import Kind, Transport, Unit
from test_movement_helpers import make_game, squad

NO_OPTIONS = MoveOptions()
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml"


@pytest.fixture(scope="module")
def ex() -> Game:
    return scenario.load(EXAMPLE)


def rule_of(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal and r.violation is not None
    return r.violation.rule


def test_g9_5_infantry_changes_position_for_one_mf(ex: Game) -> None:
    r = evaluate(ex, "B", [":above", ":beneath"])
    assert r.legal and [s.cost for s in r.steps] == [HALF, HALF]
    assert all(s.rules == ("G9.5",) for s in r.steps)


def test_g9_5_tank_above_to_beneath_one_mp(ex: Game) -> None:
    r = evaluate(ex, "tank", [":beneath"])
    assert r.legal and r.mf == HALF and r.end.position.value == "beneath-panji"


def test_g9_5_truck_may_not_change_position(ex: Game) -> None:
    assert rule_of(ex, "truck", [":above"]) == "G9.5"


def test_g9_5_manhandling_infantry_may_not_change_position(ex: Game) -> None:
    assert rule_of(ex, "B", [":above"], MoveOptions(manhandling="gun")) == "G9.5"


def test_g9_5_cavalry_and_led_horses_may(ex: Game) -> None:
    cav = Unit(
        "K", "U.S.", "american", Kind.CAVALRY, "x", hex="37EE7", position="beneath-panji", mf=12
    )
    g = ex.with_unit(cav)
    assert evaluate(g, "K", [":above"]).legal
    assert evaluate(g, "K", [":above"], MoveOptions(leading=True)).legal


def test_g9_5_bicyclists_are_infantry_and_may_change_position(ex: Game) -> None:
    """G9.5: "Only Mobile full-tracked AFV/dozers, Infantry [EXC: if Manhandling], horses
    being "led" (A13.7), and Cavalry may change position". Infantry riding bicycles is
    Infantry (G8 Banks: "Infantry (even if riding bicycles/leading horses, but not
    manhandling a gun/boat)") and is not Manhandling (G9.411: a Gun/motorcycle/boat): one MF
    each way, like any Infantry."""
    for opts in (MoveOptions(riding=True), NO_OPTIONS):
        r = evaluate(ex, "B", [":above", ":beneath"], opts)
        assert r.legal and [s.cost for s in r.steps] == [HALF, HALF]
        assert all(s.rules == ("G9.5",) for s in r.steps)
    portaging = ex.with_unit(ex.unit("B").with_(transport=Transport.PORTAGING_BICYCLE))
    assert evaluate(portaging, "B", [":above"]).legal


def test_g9_5_cycle_rider_and_pushed_motorcycle_may_not_change_position(ex: Game) -> None:
    """G9.5 names no Cycle Rider; pushing a motorcycle is Manhandling (G9.411)."""
    cyc = Unit(
        "M", "U.S.", "american", Kind.CYCLE_RIDER, "x", hex="37EE7", position="beneath-panji"
    )
    r = evaluate(ex.with_unit(cyc), "M", [":above"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.5"
    assert "a Cycle Rider may not" in r.violation.message
    assert rule_of(ex, "B", [":above"], MoveOptions(manhandling="motorcycle")) == "G9.5"
    assert "an Infantry unit pushing motorcycle" in str(
        evaluate(ex, "B", [":above"], MoveOptions(manhandling="motorcycle")).violation
    )


def test_g9_5_no_position_change_in_aph(ex: Game) -> None:
    """G9.41: the extra MF to go beneath may be spent [EXC: during the APh]."""
    assert rule_of(ex, "E", [":beneath"], MoveOptions(phase=Phase.APH)) == "G9.41"


def test_g9_41_no_position_change_in_aph_after_advancing_across_a_covered_hexside(
    ex: Game,
) -> None:
    # A advances EE8 -> EE7 across Panji A's Covered hexside (a normal advance: no Panji MC,
    # placed above), then asks to go beneath it: G9.41 refuses it ("[EXC: during the APh]"),
    # as when the unit starts the APh above; a Panji counter creates no new Location (G9.1),
    # so the advance is not refused as a second Location (A4.7)
    aph = MoveOptions(phase=Phase.APH)
    r = evaluate(ex, "A", ["37EE7", ":beneath"], aph)
    started_above = evaluate(ex, "E", [":beneath"], aph)
    assert not r.legal and r.violation is not None and started_above.violation is not None
    assert r.violation == started_above.violation
    assert r.violation.rule == "G9.41"
    assert [s.state.position.value for s in r.steps] == ["above-panji"]
    # a second hex is a second Location (A4.7)
    assert rule_of(ex, "A", ["37EE7", "37EE6"], aph) == "A4.7"


def test_g9_5_no_advance_off_panji(ex: Game) -> None:
    assert rule_of(ex, "E", ["37DD6"], MoveOptions(phase=Phase.APH)) == "G9.5"


def test_g9_5_no_gallop_off_panji(ex: Game) -> None:
    cav = Unit(
        "K", "U.S.", "american", Kind.CAVALRY, "x", hex="37EE7", position="above-panji", mf=12
    )
    assert rule_of(ex.with_unit(cav), "K", [":beneath"], MoveOptions(galloping=True)) == "G9.422"


# --- G9.54 -----------------------------------------------------------------------------------

NO_PTO = Conditions()  # G.1 removes roads under PTO Terrain; G.1A
ROAD = """
[board]
name = "37"
[lines]
road = ["C2 C3 C4 C5 C6 C7"]
"""


def test_g9_54_road_bonus() -> None:
    g = make_game(ROAD, conditions=NO_PTO, units=(squad("S", "37C2"),))
    r = evaluate(g, "S", ["37C3", "37C4", "37C5", "37C6", "37C7"])
    assert r.legal and r.mf == 5 * HALF
    assert "road-bonus" in [e.kind for e in r.steps[-1].events]


def test_g9_54_no_road_bonus_after_crossing_covered_hexside() -> None:
    g = make_game(
        ROAD,
        conditions=NO_PTO,
        units=(squad("S", "37C2"),),
        panjis=[("P", "37C4", ["37C3-C4"], False)],
    )
    r = evaluate(g, "S", ["37C3", "37C4", ":beneath", "37C5"])
    assert r.legal  # 4 MF
    r = evaluate(g, "S", ["37C3", "37C4", ":beneath", "37C5", "37C6"])
    assert not r.legal and r.violation is not None and r.violation.rule in ("A4.11", "G9.54")
    # crossing the Covered hexside while leaving also loses it
    g2 = make_game(
        ROAD,
        conditions=NO_PTO,
        units=(squad("S", "37C2"),),
        panjis=[("P", "37C3", ["37C3-C4"], False)],
    )
    r2 = evaluate(g2, "S", ["37C3", "37C4", "37C5", "37C6", "37C7"])
    assert not r2.legal and r2.violation is not None and r2.violation.rule == "G9.54"


# --- G9.55 -----------------------------------------------------------------------------------


def test_g9_55_ex_foxhole_beneath_panji(ex: Game) -> None:
    g = replace(ex, fortifications=(Fortification("f", FortKind.FOXHOLE, ex.map.hex("37EE7")),))
    g = g.with_unit(squad("X", "37EE7", "above-panji"))
    assert rule_of(g, "X", [":foxhole"]) == "G9.55"
    r = evaluate(g, "X", [":beneath", ":foxhole"])
    assert r.legal and r.mf == 2 * HALF and r.end.entrenched == "foxhole"
    assert r.end.position.value == "beneath-panji"
    # leaving the foxhole, the unit exits the hex from beneath the Panji counter
    r = evaluate(g, "X", [":beneath", ":foxhole", ":beneath", "37DD6"])
    assert r.legal
