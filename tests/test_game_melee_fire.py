"""Fire into a Melee Location in the game (A11.15, A7.4): the fire action attacks the units of
both sides locked in the Melee, applies each one's fate, ends the Melee when one side is gone,
and the record replays.

The small game of :mod:`gamehelp`: board 37 of open ground, woods in 37G4; the U.S. ATTACKER in
the first Player Turn, the Japanese in the second. U1 and J1 are left in Melee in the woods by
the U.S. CC; U2, U3 and the 9-1 UL fire from 37G7 in the Japanese Player Turn's DFPh."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import Action, GameState, PhaseName, play, replay
from aslpto.state.units import Unit
from gamehelp import do, game, jp, leader, refused, result, to, us

WOODS = "37G4"
FIRE = {"firers": ["U2", "U3"], "target": WOODS}


def in_melee(*extra: Unit) -> GameState:
    """U1 and J1 in Melee in 37G4 (the U.S. CC left both there), U2, U3 and UL in 37G7."""
    s = game(
        us("U1", WOODS),
        jp("J1", WOODS),
        us("U2", "37G7"),
        us("U3", "37G7"),
        leader("UL", "37G7", "9-1"),
        jp("J2", "37B2"),
        *extra,
    )
    s = do(to(s, PhaseName.CCPH, 0), "cc", "6,6 6,6", location=WOODS)
    assert s.melee == {WOODS}
    return s


def test_a11_15_fire_into_a_melee_location_attacks_both_sides_units() -> None:
    df = to(in_melee(), PhaseName.DFPH, 1)
    done, _ = play(df, Action("fire", FIRE), 1, seed=1, rolls="1,3 6,1 3,3")
    got = done.result
    assert got["melee"] is True and got["sides"] == {"U1": "U.S.", "J1": "Japanese"}
    assert got["ift"] == {"U1": "3MC", "J1": "3MC"}
    # the results applied to both sides' units: the U.S. squad Replaced and broken, J1 reduced
    after = done.state.position
    assert after.unit("U1").broken and after.unit("U1").counter == "5-4-6"
    assert after.unit("J1").counter == "3-4-7"
    assert any("units of both sides" in t for t in done.told)
    assert done.state.melee == {WOODS}
    assert {u["side"] for u in got["units"]} == {"U.S.", "Japanese"}


def test_a11_15_fire_that_leaves_one_side_ends_the_melee() -> None:
    df = to(in_melee(), PhaseName.DFPH, 1)
    # 12 FP, the 9-1 directs (-1), the woods +1: an Original 1,1 is a 1KIA on both; Random
    # Selection's drs (U1 1, J1 6) take J1, and U1 breaks (A7.301)
    done, _ = play(df, Action("fire", FIRE), 1, seed=1, rolls="1,1 1 6")
    assert done.result["eliminated"] == ["J1"]
    assert done.state.position.unit("U1").broken
    assert done.state.melee == frozenset()
    # ... or the firers' own squad is taken
    done, _ = play(df, Action("fire", FIRE), 1, seed=1, rolls="1,1 6 1")
    assert done.result["eliminated"] == ["U1"] and done.state.melee == frozenset()


def test_a11_15_the_attacker_fires_into_the_melee_in_the_pfph_and_afph() -> None:
    s = in_melee(jp("J3", "37G6"))
    pf = to(s, PhaseName.PFPH, 1)
    got = result(pf, "fire", "6,6", firers=["J3"], target=WOODS)
    assert got["melee"] is True and set(got["ift"]) == {"U1", "J1"}
    af = to(s, PhaseName.AFPH, 1)
    got = result(af, "fire", "6,6", firers=["J3"], target=WOODS)
    assert got["target"] == WOODS and set(got["ift"]) == {"U1", "J1"}


def test_a11_15_units_locked_in_melee_still_fire_at_nothing() -> None:
    df = to(in_melee(), PhaseName.DFPH, 1)
    why = refused(df, "fire", "A11.15", "3,3", firers=["U1"], target=WOODS)
    assert "locked in Melee in 37G4" in why
    refused(df, "fire", "A11.15", "3,3", firers=["U1"], target="37B2")


def test_a11_15_a_concealed_unit_in_the_melee_location_fires_into_it() -> None:
    s = in_melee()
    g = s.position
    s = replace(s, position=g.with_unit(g.unit("U3").with_(hex=WOODS, concealed=True)))
    df = to(s, PhaseName.DFPH, 1)
    done, _ = play(df, Action("fire", {"firers": ["U3"], "target": WOODS}), 1, seed=1, rolls="6,6")
    assert set(done.result["ift"]) == {"U1", "J1"}  # U3 keeps its "?": not attacked
    assert any("A11.15" in u for u in done.unchecked)  # (that reading is unchecked)


def test_a11_15_a_refused_fire_into_the_melee_changes_nothing() -> None:
    df = to(in_melee(), PhaseName.DFPH, 1)
    before = df.as_json()
    with pytest.raises(RuleViolation):
        do(df, "fire", "3,3", firers=["J2"], target=WOODS)  # (not the DEFENDER's unit)
    with pytest.raises(InputError):
        do(df, "fire", "3,3", firers=["U2"], target=WOODS, options={"melee": True})
    assert df.as_json() == before


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), firers=st.sampled_from([["U2"], ["U2", "U3"], ["U3"]]))
def test_a11_15_a_record_with_fire_into_a_melee_replays_to_the_same_state(
    seed: int, firers: list[str]
) -> None:
    start = to(in_melee(), PhaseName.DFPH, 1)
    done, entry = play(start, Action("fire", {"firers": firers, "target": WOODS}), 1, seed=seed)
    assert entry.result["melee"] is True
    again = replay(start, entry).state
    assert again == done.state
    assert again.as_json()["melee"] == sorted(done.state.melee)
