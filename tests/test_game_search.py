"""Searching in the game's MPh (A12.152): who Searches and when, the Search dr and its drm
(G1.63 vs the Japanese), what the hexes Searched show (G9.48: a hidden Panji counter), the
DEFENDER's Casualty dr (A12.154; G9.48 across a Covered hexside) and its exact odds."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.formats import scenario
from aslpto.procedures.game import Action, GameState, PhaseName, play, start, turn_record
from aslpto.procedures.game.searching import casualty_chance, excluded_odds
from gamehelp import game, jp, leader, refused, to, us

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def search(state: GameState, rolls: str | None = None, **args: Any) -> Any:
    done, _ = play(state, Action("search", args), 1, seed=1, rolls=rolls)
    return done


def mph(*units: Any) -> GameState:
    return to(game(*units), PhaseName.MPH)


def test_a12_152_a_search_is_made_in_the_mph_as_a_unit_ends_its_move() -> None:
    s = game(us("U1", "37F4"))
    refused(to(s, PhaseName.PFPH), "search", "A3.3", unit="U1")
    done = search(to(s, PhaseName.MPH), "6", unit="U1")
    u1 = done.state.position.unit("U1")
    assert u1.ti  # TI for the rest of the Player Turn
    refused(done.state, "move", "A4.8", unit="U1", steps=["37F5"])


def test_a12_152_the_final_dr_leaves_out_that_many_adjacent_hexes() -> None:
    s = mph(us("U1", "37F4"))
    done = search(s, "4", unit="U1", hexes=["37G4", "37F5"])
    r = done.result
    # a U.S. squad alone: two HS equivalents (-1); no Japanese unit on the map: no G1.63
    assert (r["dr"], r["drm"], r["final"], r["accessible"]) == (4, -1, 3, 6)
    assert r["excluded"] == 3 and r["searched"][:3] == ["37F4", "37G4", "37F5"]
    assert len(r["searched"]) == 4
    done = search(s, "6", unit="U1")
    assert done.result["searched"] == ["37F4", "37E4"] or len(done.result["searched"]) == 2


def test_a12_152_hexes_searched_show_their_hidden_and_concealed_units() -> None:
    s = mph(
        us("U1", "37F4"),
        jp("J1", "37G4", hidden=True),
        jp("J2", "37F5", concealed=True),
        jp("J3", "37E4", hidden=True),
    )
    # dr 1: -1 (two HS equivalents) +2 (vs Japanese, woods searched: G1.63) = 2 left out (the
    # last two of G4, F5, F3, E5, E4, G5); the Casualty dr 6 -5 (two Stealthy concealed
    # DEFENDERS -2, four HS equivalents -3) = 1 hits
    done = search(s, "1 6", unit="U1", hexes=["37G4", "37F5", "37F3", "37E5"])
    r = done.result
    assert [i["what"] for i in r["drm_items"]] == ["HS equivalents beyond one", "vs Japanese"]
    assert r["excluded"] == 2 and "37E4" not in r["searched"]
    pos = done.state.position
    assert (pos.unit("J1").hidden, pos.unit("J1").concealed) == (False, True)  # beneath a "?"
    assert not pos.unit("J2").concealed  # its "?" lost
    assert pos.unit("J3").hidden  # not Searched
    assert r["placed"] == ["J1"] and r["revealed"] == ["J2"]
    c = r["casualty"]
    assert (c["dr"], c["drm"], c["hit"], c["reduced"]) == (6, -5, True, ["U1"])


def test_g1_63_no_plus_two_where_only_buildings_are_searched() -> None:
    s = mph(us("U1", "37F4"), jp("J1", "37C6", hidden=True))
    done = search(s, "6", unit="U1")  # 6 -1 +2: every ADJACENT hex left out
    assert "vs Japanese" in [i["what"] for i in done.result["drm_items"]]  # the woods of 37G4
    assert done.result["searched"] == ["37F4"] and done.result["casualty"] is None
    s = mph(us("U1", "37B6"), jp("J1", "37C6", hidden=True))
    done = search(s, "6 6", unit="U1", hexes=["37C6"])  # 6 -1: five left out, 37C6 Searched
    assert "vs Japanese" not in [i["what"] for i in done.result["drm_items"]]
    assert done.result["searched"] == ["37B6", "37C6"] and done.result["placed"] == ["J1"]


def test_a12_154_the_casualty_dr_reduces_the_searcher() -> None:
    s = mph(us("U1", "37F4"), jp("J1", "37G4", hidden=True))
    done = search(s, "1 1", unit="U1", hexes=["37G4"])
    c = done.result["casualty"]
    # J1, a hidden Stealthy Japanese squad: -1; two HS equivalents: -1
    assert (c["dr"], c["drm"], c["final"], c["hit"]) == (1, -2, -1, True)
    assert c["reduced"] == ["U1"]
    assert done.state.position.unit("U1").kind.value == "half-squad"  # (A7.302)
    assert done.result["odds"]["casualty"] == str(Fraction(3, 6))


def test_a12_154_no_casualty_dr_without_an_armed_good_order_unit_searched() -> None:
    s = mph(us("U1", "37F4"), jp("J1", "37G4", hidden=True, broken=True))
    done = search(s, "1", unit="U1", hexes=["37G4"])
    assert done.result["casualty"] is None


def test_a12_152_a_moving_stack_searches_with_a_mf_left() -> None:
    s = mph(us("U1", "37E5"), leader("UL", "37E5"))
    d, _ = play(s, Action("move", {"units": ["U1", "UL"], "steps": ["37F5"]}), 1, seed=1)
    done = search(d.state, "6", units=["U1", "UL"])
    assert done.result["drm_items"][-1]["what"].startswith("leader")
    refused(d.state, "search", "A12.152", unit="U1")  # the stack Searches together
    s = mph(us("U1", "37E5"))
    steps = ["37F5", "37G5", "37H5", "37I5"]
    d, _ = play(s, Action("move", {"unit": "U1", "steps": steps}), 1, seed=1)
    refused(d.state, "search", "A12.152", unit="U1")  # no MF left


def test_a12_152_who_may_not_search() -> None:
    refused(mph(us("U1", "37F4", pinned=True)), "search", "A12.152", unit="U1")
    refused(mph(us("U1", "37F4", broken=True)), "search", "A12.152", unit="U1")
    refused(mph(leader("UL", "37F4")), "search", "A12.152", unit="UL")  # no MMC
    s = mph(us("U1", "37E5"))
    d, _ = play(
        s,
        Action("move", {"unit": "U1", "steps": ["37F5"], "options": {"assault": True}}),
        1,
        seed=1,
    )
    refused(d.state, "search", "A12.152", unit="U1")  # Assault Movement
    with pytest.raises(InputError):
        search(mph(us("U1", "37F4")), "6", unit="U1", hexes=["37J9"])  # not ADJACENT


def test_g9_48_a_hidden_panji_is_revealed_and_a_covered_hexside_costs_a_casualty_dr() -> None:
    g = scenario.load(str(EXAMPLES / "panji-g9.toml"))
    g = g.with_panji(replace(g.panjis["A"], hidden=True), "A")
    s = to(start(g, turn_record(g, 2)), PhaseName.MPH)
    # squad A in 37EE8 Searches 37EE7 across the Covered hexside EE7-EE8 (no enemy unit there)
    done = search(s, "1 1", unit="A", hexes=["37EE7"])
    r = done.result
    assert "37EE7" in r["searched"] and r["panjis"] == ["A"]
    assert not done.state.position.panjis["A"].hidden
    assert r["casualty"]["rules"] == ["A12.154", "G9.48"] and r["casualty"]["hit"]
    # a unit above a Panji counter may not Search
    refused(s, "search", "G9.48", unit="E")


def test_a12_152_odds_are_exact() -> None:
    for drm in range(-4, 5):
        for n in range(0, 7):
            o = excluded_odds(drm, n)
            assert sum(o.values()) == 1 and all(0 <= k <= n for k in o)
        assert 0 <= casualty_chance(drm, 1) <= 1
    assert excluded_odds(0, 6) == {k: Fraction(1, 6) for k in range(1, 7)}
    assert casualty_chance(-2, 1) == Fraction(1, 2)


def test_a_refused_search_changes_nothing() -> None:
    s = mph(us("U1", "37F4", pinned=True))
    before = s
    with pytest.raises(RuleViolation):
        search(s, "6", unit="U1")
    assert s == before


def test_a12_152_cavalry_searches_too() -> None:
    from aslpto.state.units import Kind, Unit

    cav = Unit("K1", "U.S.", "american", Kind.CAVALRY, "x", hex="37F4", mf=12)
    done = search(mph(cav), "6", unit="K1")
    assert done.state.position.unit("K1").ti
