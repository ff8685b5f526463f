"""B8.6-B8.61 tunnels as PTO uses them: a tunnel is two [[fortifications]] of kind ``tunnel``
whose ids share the part before the last dot ("T1.1", "T1.2"); the step ``HEX:tunnel`` moves
through it. G1.632 (a Japanese unit in a pillbox uses its tunnel despite an enemy unit in the
pillbox's hex), G9.45/G9.55 (a unit arriving by tunnel in a panji Location is beneath the Panji
counter; it enters the tunnel only from beneath), G.8 (no trip flare dr on arrival)."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.rulings import InputError
from aslpto.procedures.movement import apply, evaluate, reach
from aslpto.rules.movement import HALF, MoveOptions, Phase, tunnels
from aslpto.state.game import Conditions, FortKind, Game, PaddyState
from aslpto.state.units import Kind, Unit, UnitClass, VehicleType
from test_movement_helpers import make_game, squad

# Woods C4:C6 make walking from C3 to C6 cost six MF; paddy G3:H4; Panji P in 37E6 covers
# every hexside.
BOARD = """
[board]
name = "37"
[terrain]
woods = ["C4..C6"]
paddy = ["G3:H4"]
"""

T = FortKind.TUNNEL


def jap(uid: str, hex_: str, **kw: Any) -> Unit:
    return Unit(
        uid,
        "japanese",
        "japanese",
        Kind.SQUAD,
        "4-4-7",
        UnitClass.FIRST_LINE,
        morale=7,
        hex=hex_,
        **kw,
    )


def game(*units: Unit, forts: tuple[tuple[str, FortKind, str], ...] = (), **kw: Any) -> Game:
    base = (("T1.1", T, "37C3"), ("T1.2", T, "37C6"))
    return make_game(
        BOARD,
        units=units or (squad("S", "37C3"),),
        named_forts=base + forts,
        **kw,
    )


NO_OPTIONS = MoveOptions()


def refused(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal, r
    assert r.violation is not None
    return r.violation.rule


# --- B8.6: what a tunnel is -------------------------------------------------------------------


def test_b8_6_entrances_of_one_tunnel_share_the_id_before_the_last_dot() -> None:
    g = game(forts=(("T2.a", T, "37E3"), ("T2.b", T, "37E5")))
    got = {t.name: sorted(g.map.name(f.hex) for f in t.entrances) for t in tunnels(g)}
    assert got == {"T1": ["37C3", "37C6"], "T2": ["37E3", "37E5"]}


def test_b8_6_a_tunnel_has_two_entrances() -> None:
    g = game(forts=(("T1.3", T, "37E5"),))
    with pytest.raises(InputError) as e:
        tunnels(g)
    assert "T1" in e.value.message and "B8.6" in e.value.message


def test_b8_6_no_tunnel_between_the_hexes() -> None:
    assert refused(game(), "S", ["37E5:tunnel"]) == "B8.6"


def test_b8_6_entrances_within_three_hexes() -> None:
    g = game(squad("S", "37E3"), forts=(("T9.1", T, "37E3"), ("T9.2", T, "37E7")))
    assert refused(g, "S", ["37E7:tunnel"]) == "B8.6"


def test_b8_6_a_lone_entrance_leads_nowhere() -> None:
    g = game(squad("S", "37E3"), forts=(("T9.1", T, "37E3"),))
    r = evaluate(g, "S", ["37E5:tunnel"])
    assert not r.legal and r.violation is not None and r.violation.rule == "B8.6"
    assert "one entrance" in r.violation.message


# --- B8.61: moving through it ----------------------------------------------------------------


def test_b8_61_tunnel_costs_all_mf_and_ends_at_the_other_entrance() -> None:
    r = evaluate(game(), "S", ["37C6:tunnel"])
    assert r.legal, r.violation
    assert r.mf == 4 * HALF and r.end.position.value == "ground"
    assert r.end.hex == game().map.hex("37C6")
    assert "B8.61" in r.steps[0].rules


def test_b8_61_either_entrance_leads_to_the_other() -> None:
    g = game(squad("S", "37C6"))
    assert evaluate(g, "S", ["37C3:tunnel"]).legal


def test_b8_61_tunnel_with_double_time_costs_all_of_it() -> None:
    r = evaluate(game(), "S", ["37C6:tunnel"], MoveOptions(double_time=True))
    assert r.legal and r.mf == 6 * HALF and r.cx


def test_b8_61_leader_spends_all_six_mf() -> None:
    g = game(Unit("L", "american", "american", Kind.LEADER, "8-0", morale=8, hex="37C3"))
    assert evaluate(g, "L", ["37C6:tunnel"]).mf == 6 * HALF


def test_b8_61_only_at_the_start_of_the_mph() -> None:
    g = game(squad("S", "37B3"))
    assert refused(g, "S", ["37C3", "37C6:tunnel"]) == "B8.61"


def test_b8_61_no_further_movement_after_the_tunnel() -> None:
    assert not evaluate(game(), "S", ["37C6:tunnel", "37C7"]).legal


@pytest.mark.parametrize(
    "unit",
    [
        Unit("K", "american", "american", Kind.CAVALRY, "x", hex="37C3", mf=12),
        Unit(
            "V",
            "american",
            "american",
            Kind.VEHICLE,
            "x",
            hex="37C3",
            mf=16,
            vehicle_type=VehicleType.FULLY_TRACKED,
            afv=True,
        ),
        Unit("M", "american", "american", Kind.CYCLE_RIDER, "x", hex="37C3", mf=15),
    ],
    ids=["cavalry", "tank", "cycle"],
)
def test_b8_61_only_infantry_use_a_tunnel(unit: Unit) -> None:
    assert refused(game(unit), unit.id, ["37C6:tunnel"]) == "B8.61"


@pytest.mark.parametrize(
    "opts",
    [MoveOptions(riding=True), MoveOptions(leading=True), MoveOptions(manhandling="gun")],
    ids=["riding", "leading", "gun"],
)
def test_b8_61_no_bicycles_horses_or_guns_in_a_tunnel(opts: MoveOptions) -> None:
    assert refused(game(), "S", ["37C6:tunnel"], opts) == "B8.61"


def test_b8_61_not_in_the_aph() -> None:
    assert refused(game(), "S", ["37C6:tunnel"], MoveOptions(phase=Phase.APH)) == "B8.61"


def test_b8_61_low_crawl_is_into_an_adjacent_hex() -> None:
    assert refused(game(), "S", ["37C6:tunnel"], MoveOptions(low_crawl=True)) == "A10.52"


def test_b8_61_enemy_unit_in_the_entrance_location_blocks_it() -> None:
    g = game(squad("S", "37C3"), jap("J", "37C3"))
    r = evaluate(g, "S", ["37C6:tunnel"])
    assert not r.legal and r.violation is not None and r.violation.rule == "B8.61"
    assert "J" in r.violation.message


def test_b8_61_friendly_unit_in_the_entrance_location_does_not() -> None:
    g = game(squad("S", "37C3"), squad("F", "37C3"))
    assert evaluate(g, "S", ["37C6:tunnel"]).legal


def test_b8_61_apply_moves_the_unit_to_the_other_entrance() -> None:
    g = game()
    g2 = apply(g, evaluate(g, "S", ["37C6:tunnel"]))
    assert g2.unit("S").hex == "37C6" and g.unit("S").hex == "37C3"


# --- G1.632: the pillbox's tunnel ------------------------------------------------------------


def pillbox_game(*units: Unit) -> Game:
    return game(*units, forts=(("PB", FortKind.PILLBOX, "37C3"),))


def test_g1_632_japanese_unit_in_pillbox_moves_through_its_tunnel_despite_enemy() -> None:
    g = pillbox_game(jap("J", "37C3", entrenched="pillbox"), squad("S", "37C3"))
    r = evaluate(g, "J", ["37C6:tunnel"])
    assert r.legal, r.violation
    assert "G1.632" in r.steps[0].rules


def test_g1_632_the_entrance_is_the_pillbox() -> None:
    g = pillbox_game(jap("J", "37C3"))
    assert refused(g, "J", ["37C6:tunnel"]) == "G1.632"


def test_g1_632_a_non_japanese_unit_in_the_pillbox_is_still_blocked_by_the_enemy() -> None:
    g = pillbox_game(squad("S", "37C3", entrenched="pillbox"), jap("J", "37C3"))
    assert refused(g, "S", ["37C6:tunnel"]) == "B8.61"


def test_g1_632_arriving_at_a_pillbox_entrance_puts_the_unit_in_the_pillbox() -> None:
    g = pillbox_game(jap("J", "37C6"))
    r = evaluate(g, "J", ["37C3:tunnel"])
    assert r.legal and r.end.entrenched == "pillbox"
    assert apply(g, r).unit("J").entrenched == "pillbox"


# --- G9.45 / G9.55: panji Locations -----------------------------------------------------------

ALL_E6 = ["37E6-D5", "37E6-D6", "37E6-E5", "37E6-E7", "37E6-F5", "37E6-F6"]


def panji_game(*units: Unit) -> Game:
    return game(
        *units,
        forts=(("T3.1", T, "37E6"), ("T3.2", T, "37E4")),
        panjis=[("P", "37E6", ALL_E6, False)],
    )


def test_g9_45_arriving_by_tunnel_in_a_panji_location_is_beneath_without_panji_mc() -> None:
    r = evaluate(panji_game(squad("S", "37E4")), "S", ["37E6:tunnel"])
    assert r.legal, r.violation
    assert r.end.position.value == "beneath-panji"
    assert not [e for s in r.steps for e in s.events if e.kind == "panji-mc"]
    assert {"G9.45", "G9.55"} <= set(r.steps[0].rules)


def test_g9_55_the_tunnel_entrance_is_entered_only_from_beneath() -> None:
    g = panji_game(squad("S", "37E6", "above-panji"))
    assert refused(g, "S", ["37E4:tunnel"]) == "G9.55"
    assert evaluate(panji_game(squad("S", "37E6", "beneath-panji")), "S", ["37E4:tunnel"]).legal


# --- G8: tunnel entrances in a paddy are IN it ----------------------------------------------


def paddy_game(state: PaddyState, *units: Unit) -> Game:
    return game(
        *units,
        forts=(("T4.1", T, "37G3"), ("T4.2", T, "37E3")),
        conditions=Conditions(paddy=state),
    )


def test_g8_arriving_by_tunnel_in_a_paddy_is_in_it() -> None:
    r = evaluate(paddy_game(PaddyState.DRAINED, squad("S", "37E3")), "S", ["37G3:tunnel"])
    assert r.legal and r.end.position.value == "in"


def test_g8_no_tunnel_entrance_above_a_bank_counter() -> None:
    g = paddy_game(PaddyState.DRAINED, squad("S", "37G3", "bank"))
    assert refused(g, "S", ["37E3:tunnel"]) == "G8"


def test_g8_no_tunnel_in_an_irrigated_paddy() -> None:
    g = paddy_game(PaddyState.IRRIGATED, squad("S", "37E3"))
    assert refused(g, "S", ["37G3:tunnel"]) == "G8"


# --- G.8: no trip flare dr on arrival by subterranean passage ---------------------------------


def test_g_8_no_trip_flare_dr_on_arrival_by_tunnel() -> None:
    g = make_game(
        BOARD,
        units=(squad("S", "37C3"),),
        forts=[("37C6", FortKind.TRIP_FLARE, "", 1)],
        named_forts=(("T1.1", T, "37C3"), ("T1.2", T, "37C6")),
    )
    r = evaluate(g, "S", ["37C6:tunnel"])
    assert r.legal and not [e for s in r.steps for e in s.events if e.kind == "trip-flare-dr"]


# --- reach ------------------------------------------------------------------------------------


def test_b8_61_reach_lists_the_other_entrance_at_all_mf() -> None:
    g = game()
    res = reach(g, "S")
    got = {
        (g.map.name(loc.state.hex), loc.state.position.value): loc
        for loc in res.locations
        if loc.state.along is None
    }
    loc = got[("37C6", "ground")]
    assert loc.mf == 4 * HALF and loc.path == ("37C6:tunnel",)
    r = evaluate(g, "S", list(loc.path))
    assert r.legal and r.mf == loc.mf and r.end == loc.state


def test_g1_632_reach_differs_for_the_unit_in_the_pillbox() -> None:
    g = pillbox_game(jap("J", "37C3", entrenched="pillbox"), jap("K", "37C3"), squad("S", "37C3"))
    names = {
        u: {g.map.name(loc.state.hex) for loc in reach(g, u).locations if loc.state.along is None}
        for u in "JK"
    }
    assert "37C6" in names["J"]
    # K is outside the pillbox: walking through the woods costs six MF, more than it has
    assert "37C6" not in names["K"]


def test_b8_61_reach_for_units_at_either_entrance() -> None:
    g = game(squad("S", "37C3"), squad("R", "37C6"))
    for uid, far in (("S", "37C6"), ("R", "37C3")):
        paths = [loc.path for loc in reach(g, uid).locations]
        assert (f"{far}:tunnel",) in paths, uid
