"""LOS by terrain at hex grain: obstacles (A6.2), blind hexes (A6.4), hills and Crest Lines
(B10.2, B10.23), Hindrances (B12.2, B14.2, B14.21, B15, huts, B.10), a thread along a
hexside (A6.1, B.6), walls and hedges (B9.2), Depressions (A6.3), overrides."""

from __future__ import annotations

import pytest

from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.rules.los import LosEngine, LosOverride, parse_location, parse_overrides
from aslpto.rules.los.thread import trace
from aslpto.state.game import Conditions
from test_los_helpers import LAYOUT, blocker, board_map, check, crossed

# --- A6.2 obstacles --------------------------------------------------------------------------


def test_a6_2_woods_block_same_level() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    r = check(m, "37C1", "37C7")
    assert not r.los
    assert (blocker(r).where, blocker(r).rule) == ("37C4", "A6.2")
    assert "B13.1" in r.rules
    assert r.as_json()["blocked_by"]["rule"] == "A6.2"


def test_a6_2_obstacle_in_firer_or_target_hex_does_not_block() -> None:
    m = board_map('[terrain]\nwoods = ["C1", "C7"]')
    assert check(m, "37C1", "37C7").los


def test_a6_2_obstacle_as_high_as_higher_end_blocks() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    r = check(m, "37C1@1", "37C7")
    assert not r.los and blocker(r).rule == "A6.2"
    assert "no height advantage" in blocker(r).why


def test_a6_2_obstacle_lower_than_both_ends_does_not_block() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    assert check(m, "37C1@2", "37C7@2").los
    # a level-1 obstacle between two level-1 ends: not higher than either
    assert check(m, "37C1@1", "37C7@1").los


def test_g2_jungle_is_a_two_level_obstacle() -> None:
    m = board_map('[terrain]\ndense-jungle = ["C4"]')
    assert not check(m, "37C1@1", "37C7@1").los
    assert check(m, "37C1@2", "37C7@2").los


def test_b23_building_height_grows_with_stories() -> None:
    m = board_map('[[buildings]]\nhexes = ["C4"]\nmaterial = "stone"\nstories = 2')
    assert not check(m, "37C1@1", "37C7@1").los
    assert check(m, "37C1@2", "37C7@2").los


def test_g7_swamp_is_a_two_level_obstacle() -> None:
    m = board_map('[terrain]\nswamp = ["C4"]')
    r = check(m, "37C1", "37C7")
    assert not r.los and blocker(r).where == "37C4"


# --- A6.4 blind hexes -------------------------------------------------------------------------


def test_a6_4_one_blind_hex_behind_obstacle() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    r = check(m, "37C1@2", "37C5")
    assert not r.los and blocker(r).rule == "A6.4"
    assert check(m, "37C1@2", "37C6").los


def test_a6_4_more_blind_hexes_at_five_hexes_range() -> None:
    """One more blind hex for each five full hexes from the viewer to the obstacle (A6.41)."""
    m = board_map('[terrain]\nwoods = ["C6"]')
    assert not check(m, "37C1@2", "37C7").los
    assert not check(m, "37C1@2", "37C8").los  # range 5 to the woods: two blind hexes
    assert check(m, "37C1@2", "37C9").los
    assert check(m, "37C2@2", "37C8").los  # range 4: one blind hex


def test_a6_42_height_advantage_never_below_one_blind_hex() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    assert not check(m, "37C1@4", "37C5").los
    assert check(m, "37C1@4", "37C6").los


def test_a6_43_lower_target_more_blind_hexes() -> None:
    """A two-level obstacle: the ground beyond lies one level further below its top."""
    m = board_map('[terrain]\ndense-jungle = ["C4"]')
    assert not check(m, "37C1@3", "37C6").los
    assert check(m, "37C1@3", "37C7").los


def test_a6_4_blind_hex_is_symmetric() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    assert not check(m, "37C5", "37C1@2").los


# --- B10 hills ---------------------------------------------------------------------------------


def test_b10_2_plateau_blocks_lower_target() -> None:
    m = board_map('[levels]\n1 = ["C1", "C2"]')
    r = check(m, "37C1", "37C3")
    assert not r.los
    assert (blocker(r).where, blocker(r).rule) == ("37C2", "B10.2")


def test_b10_2_continuous_slope_is_seen() -> None:
    m = board_map('[levels]\n2 = ["C1"]\n1 = ["C2", "C3"]')
    assert check(m, "37C1", "37C5").los


def test_b10_2_lower_unit_sees_initial_hex_of_each_level() -> None:
    m = board_map('[levels]\n1 = ["C3", "C4"]\n2 = ["C2"]')
    assert check(m, "37C6", "37C4").los  # the first level-1 hex
    r = check(m, "37C6", "37C3")  # the second level-1 hex
    assert not r.los and blocker(r).where == "37C4"
    assert check(m, "37C6", "37C2").los  # the initial level-2 hex, over the level-1 hexes
    m2 = board_map('[levels]\n1 = ["C4"]\n2 = ["C3"]')
    assert check(m2, "37C6", "37C3").los  # initial level-1 then initial level-2 hex


def test_b10_23_crest_line_blind_hex_at_five_hexes() -> None:
    m = board_map('[levels]\n1 = ["C6", "C7"]')
    assert not check(m, "37C1@2", "37C8").los
    assert check(m, "37C3@2", "37C8").los
    r = check(m, "37C1@2", "37C8")
    assert blocker(r).rule == "B10.23"
    assert check(m, "37C1@2", "37C9").los


def test_b10_1_obstacle_on_hill_rises_from_hill() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]\n[levels]\n1 = ["C4"]')
    assert not check(m, "37C1@1", "37C7@1").los  # woods to level 2
    assert check(m, "37C1@2", "37C7@2").los


# --- Hindrances ---------------------------------------------------------------------------------


def test_b12_2_brush_same_level_hindrance_per_hex() -> None:
    m = board_map('[terrain]\nbrush = ["C1", "C3", "C4", "C7"]')
    r = check(m, "37C1", "37C7")
    assert r.los and r.hindrance_drm == 2
    assert [h.where for h in r.hindrances] == ["37C3", "37C4"]
    assert {h.rule for h in r.hindrances} == {"B12.2"}
    assert check(m, "37C1@1", "37C7").hindrance_drm == 0  # not same level


def test_b_10_six_hindrances_block() -> None:
    m = board_map('[terrain]\nbrush = ["C2..C7"]')
    r = check(m, "37C1", "37C8")
    assert not r.los and blocker(r).rule == "B.10"
    assert check(m, "37C1", "37C7").hindrance_drm == 5


def test_b15_grain_hinders_only_june_to_september() -> None:
    m = board_map('[terrain]\ngrain = ["C4"]')
    assert check(m, "37C1", "37C7", Conditions(month=6)).hindrance_drm == 1
    assert check(m, "37C1", "37C7", Conditions(month=3)).hindrance_drm == 0


def test_g_kunai_same_level_hindrance() -> None:
    m = board_map('[terrain]\nkunai = ["C4"]')
    assert check(m, "37C1", "37C7").hindrance_drm == 1


def test_b16_2_marsh_same_level_hindrance() -> None:
    m = board_map('[terrain]\nmarsh = ["C4"]')
    assert check(m, "37C1", "37C7").hindrance_drm == 1


def test_b14_21_orchard_same_level_hindrance() -> None:
    m = board_map('[terrain]\norchard = ["C3", "C4"]')
    r = check(m, "37C1", "37C7", Conditions(month=6))
    assert r.los and r.hindrance_drm == 2 and {h.rule for h in r.hindrances} == {"B14.21"}


def test_b14_2_orchard_in_season_is_obstacle_to_higher_los() -> None:
    m = board_map('[terrain]\norchard = ["C4"]')
    may = Conditions(month=5)
    assert not check(m, "37C1@1", "37C7", may).los  # same level obstacle to the level-1 end
    assert not check(m, "37C1@2", "37C5", may).los  # blind hex
    r = check(m, "37C1@2", "37C6", may)
    assert r.los and r.hindrance_drm == 0


def test_b14_2_orchard_out_of_season() -> None:
    dec = Conditions(month=12)
    m = board_map('[terrain]\norchard = ["C3", "C4"]')
    assert check(m, "37C1@1", "37C6", dec).hindrance_drm == 2  # one level higher: +1 per hex
    assert check(m, "37C1@2", "37C6", dec).hindrance_drm == 0  # none adjacent to the target
    m2 = board_map('[terrain]\norchard = ["C2", "C5"]')
    assert check(m2, "37C1@2", "37C6", dec).hindrance_drm == 1  # only the adjacent one
    assert check(m2, "37C1", "37C6", dec).hindrance_drm == 2  # same level


def test_g_palm_trees_are_in_season_orchards_all_year() -> None:
    m = board_map('[terrain]\npalm-trees = ["C4"]')
    assert not check(m, "37C1@1", "37C7", Conditions(month=1)).los
    assert check(m, "37C1", "37C7", Conditions(month=1)).hindrance_drm == 1


def test_g5_huts_one_level_hindrance() -> None:
    m = board_map('[terrain]\nhuts = ["C4"]')
    assert check(m, "37C1", "37C7").hindrance_drm == 1
    assert check(m, "37C1@1", "37C7").hindrance_drm == 1
    assert check(m, "37C1@2", "37C5").hindrance_drm == 1  # within its "blind" zone
    assert check(m, "37C1@2", "37C6").hindrance_drm == 0
    assert check(m, "37C1@2", "37C6@2").hindrance_drm == 0


# --- A6.1 a thread along a hexside; B.6 Inherent Terrain --------------------------------------


def test_a6_1_obstacle_on_one_side_of_hexspine_does_not_block() -> None:
    assert crossed("37D5", "37F5") == []
    m = board_map('[terrain]\nwoods = ["E5"]')
    assert check(m, "37D5", "37F5").los


def test_a6_1_obstacles_on_both_sides_of_hexspine_block() -> None:
    m = board_map('[terrain]\nwoods = ["E5"]\nbrush = ["E6"]')
    r = check(m, "37D5", "37F5")
    assert r.los and r.hindrance_drm == 1  # woods one side, brush the other: hindered
    m = board_map('[terrain]\nwoods = ["E5", "E6"]')
    r = check(m, "37D5", "37F5")
    assert not r.los and blocker(r).where == "37E5-E6"


def test_b_6_inherent_terrain_blocks_along_its_hexside() -> None:
    m = board_map('[terrain]\ndense-jungle = ["E5"]')
    r = check(m, "37D5", "37F5")
    assert not r.los and "B.6" in r.rules


def test_a6_1_hindrance_on_one_side_of_hexspine_does_not_hinder() -> None:
    m = board_map('[terrain]\nbrush = ["E5"]')
    assert check(m, "37D5", "37F5").hindrance_drm == 0
    m = board_map('[terrain]\nbrush = ["E5", "E6"]')
    assert check(m, "37D5", "37F5").hindrance_drm == 1


def test_a6_1_hill_on_one_side_of_hexspine_does_not_block() -> None:
    m = board_map('[levels]\n1 = ["E5"]')
    assert check(m, "37D5", "37F5").los
    m = board_map('[levels]\n1 = ["E5", "E6"]')
    assert not check(m, "37D5", "37F5").los


def test_a6_1_off_map_side_of_hexspine() -> None:
    m = board_map('[terrain]\nwoods = ["C1"]')
    assert check(m, "37B0", "37D0").los


# --- B9.2 walls and hedges ------------------------------------------------------------------


def test_b9_2_wall_blocks_same_level() -> None:
    m = board_map('[hexsides]\nwall = ["C3-C4"]')
    r = check(m, "37C1", "37C7")
    assert not r.los
    assert (blocker(r).where, blocker(r).rule) == ("37C3-C4", "B9.2")
    assert check(m, "37C1@1", "37C7").los


def test_b9_2_own_hexside_hedge_does_not_block() -> None:
    m = board_map('[hexsides]\nhedge = ["C1-C2", "C6-C7"]')
    assert check(m, "37C1", "37C7").los


def test_b9_2_hedge_at_own_hexspine_ignored() -> None:
    m = board_map('[hexsides]\nhedge = ["E5-E6"]')
    assert check(m, "37D5", "37F5").los


def test_a6_1_wall_along_the_thread_blocks() -> None:
    """A wall traced exactly along is visible on both sides of the thread (A6.1)."""
    m = board_map('[hexsides]\nwall = ["E5-E6"]')
    r = check(m, "37B5", "37H5")
    assert not r.los and blocker(r).where == "37E5-E6"


def _vertex_case() -> tuple[str, str, list[tuple[str, int]]]:
    a, b = "37B3", "37G5"
    ev = [e for e in trace(LAYOUT.hex(a), LAYOUT.hex(b)) if e.kind == "vertex"]
    mid = [e for e in ev if LAYOUT.hex(a) not in e.hexes and LAYOUT.hex(b) not in e.hexes]
    assert mid, "the thread passes through a vertex between its ends"
    rays = [(LAYOUT.hexside_name(s)[2:], side) for s, side in mid[0].rays if side != 0]
    return a, b, rays


def test_b9_1_a_wall_ending_at_a_vertex_on_the_thread_affects_it() -> None:
    """B9.1: the wall/hedge is the depiction and the hexside itself, inclusive of its
    vertices: a wall radiating from a vertex the thread passes through blocks it there, on
    one side of the thread or on both."""
    a, b, rays = _vertex_case()
    left = [n for n, s in rays if s > 0]
    right = [n for n, s in rays if s < 0]
    one = board_map(f'[hexsides]\nwall = ["{left[0]}"]')
    r = check(one, a, b)
    assert not r.los and blocker(r).rule == "B9.2" and "through the vertex" in blocker(r).why
    both = board_map(f'[hexsides]\nwall = ["{left[0]}", "{right[0]}"]')
    r = check(both, a, b)
    assert not r.los and blocker(r).rule == "B9.2"


def _sides(*pairs: str) -> str:
    return ", ".join(f'"{p}"' for p in pairs)


def test_b9_2_ex_a_wall_lengthwise_along_the_los() -> None:
    """B9.2 and its EX (6Z9 -> X6, here on board 37): the hedge hexspines Z8-Y9 and X7-Y7 lie
    lengthwise along the LOS, each touching the firer's or the target's hex, and the vertex
    Y8-Y9-Z8 at the far end of Z8-Y9 has walls/hedges on two of its three hexspines (Y8-Z8
    too): the LOS exists. A hedge at Y8-Y9 closes that vertex (all three): no LOS. Without the
    Z8-Y9 hedge (or with it at Y8-Y9 instead) the LOS is blocked at the Y8-Y9-Z8 vertex."""
    a, b = "37Z9", "37X6"
    assert check(board_map(f"[hexsides]\nhedge = [{_sides('Y9-Z8', 'X7-Y7', 'Y8-Z8')}]"), a, b).los
    closed = board_map(f"[hexsides]\nhedge = [{_sides('Y9-Z8', 'X7-Y7', 'Y8-Z8', 'Y8-Y9')}]")
    assert not check(closed, a, b).los
    for walls in (("X7-Y7", "Y8-Z8"), ("X7-Y7", "Y8-Z8", "Y8-Y9")):
        r = check(board_map(f"[hexsides]\nhedge = [{_sides(*walls)}]"), a, b)
        assert not r.los and blocker(r).where == "37Y8-Y9-Z8", walls


# --- A6.3 Depressions --------------------------------------------------------------------------


STREAM = '[lines]\nstream = ["C3 C4 C5 C6 C7 C8"]'


def test_a6_3_units_in_one_stream_see_along_it() -> None:
    m = board_map(STREAM)
    assert check(m, "37C3", "37C7").los


def test_a6_3_ground_unit_cannot_see_into_stream_over_ground() -> None:
    m = board_map(STREAM)
    r = check(m, "37C1", "37C5")
    assert not r.los and blocker(r).where == "37C2"
    assert blocker(r).rule == "A6.3"
    assert check(m, "37C2", "37C5").los  # adjacent to the stream: looks along it


def test_a6_3_higher_by_range_sees_in() -> None:
    m = board_map(STREAM)
    assert check(m, "37C1@1", "37C3").los


def test_a6_3_crest_level_is_ground_level() -> None:
    m = board_map(STREAM)
    assert check(m, "37C1", "37C5:crest").los
    with pytest.raises(InputError, match="crest"):
        parse_location(m, "37D5:crest")


# --- overrides -----------------------------------------------------------------------------


def test_los_override_both_ways() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    ov = LosOverride(parse_location(m, "37C1"), parse_location(m, "37C7"), True, 1, "SSR 3")
    eng = LosEngine(m, overrides=[ov])
    for x, y in (("37C1", "37C7"), ("37C7", "37C1")):
        r = eng.check(parse_location(m, x), parse_location(m, y))
        assert r.los and r.hindrance_drm == 1 and r.override == "SSR 3"
    assert not eng.check(parse_location(m, "37C1"), parse_location(m, "37C8")).los


def test_los_override_parsed_with_line_numbers() -> None:
    m = board_map()
    src = TomlSource.parse(
        '[[los_overrides]]\nfrom = "37C1"\nto = "37C7@1"\nlos = false\nnote = "SSR"\n'
        '[[los_overrides]]\nfrom = "37C1"\nto = "37ZZ7"\nlos = true\n',
        "s.toml",
    )
    with pytest.raises(InputError) as e:
        parse_overrides(src, m)
    assert e.value.line == 8
    ok = parse_overrides(
        TomlSource.parse('[[los_overrides]]\nfrom = "37C1"\nto = "37C7@1"\nlos = false\n'), m
    )
    assert ok[0].exact_to and not ok[0].exact_from
    eng = LosEngine(m, overrides=ok)
    assert not eng.check(parse_location(m, "37C1"), parse_location(m, "37C7@1")).los
    assert eng.check(parse_location(m, "37C1"), parse_location(m, "37C7")).los


# --- locations -----------------------------------------------------------------------------


def test_location_words() -> None:
    m = board_map('[terrain]\npaddy = ["F6"]')
    assert parse_location(m, "37F6:bank").position == "bank"
    assert parse_location(m, "37F6:above").position == "above-panji"
    assert parse_location(m, "37F6:beneath").position == "beneath-panji"
    assert parse_location(m, "37F6@2").level == 2
    for bad in ("37C1:bank", "37C1:top", "37C1@x", "37ZZ1", "@1"):
        with pytest.raises(InputError):
            parse_location(m, bad)


def test_a6_1_same_hex_range_zero() -> None:
    m = board_map()
    r = check(m, "37C1", "37C1:above")
    assert r.los and r.range == 0


def test_range_is_reported() -> None:
    m = board_map()
    assert check(m, "37C1", "37C7").range == 6


def test_los_override_carried_by_game() -> None:
    """A scenario's ``[[los_overrides]]`` ride on ``Game.los_overrides``."""
    from dataclasses import replace

    from aslpto.rules.los import game_overrides, los
    from aslpto.state.game import LosRuling
    from test_los_helpers import game

    m = board_map('[terrain]\nwoods = ["C4"]')
    g = replace(game(m), los_overrides=(LosRuling("37C1", "37C7", True, note="SSR 2"),))
    assert game_overrides(g)[0].note == "SSR 2"
    assert los(g, "37C7", "37C1").los
    assert not los(g, "37C1", "37C8").los


def test_b11_2_cliff_counts_as_obstacle_for_blind_hexes() -> None:
    plain = board_map('[levels]\n1 = ["C2", "C3"]')
    assert check(plain, "37C1@2", "37C4").los  # a Crest Line: no blind hex at range 2
    cliff = board_map('[levels]\n1 = ["C2", "C3"]\n[hexsides]\ncliff = ["C3-C4"]')
    r = check(cliff, "37C1@2", "37C4")
    assert not r.los and blocker(r).rule == "B11.2"
    assert check(cliff, "37C1@2", "37C5").los


def test_b9_52_bocage_blocks_same_level_and_casts_blind_hexes() -> None:
    """B9.52: bocage is a one-level LOS obstacle with a difference: a higher viewer sees the
    hex it forms (its own hexside never blocks a LOS into its hex, B9.2), the next hex beyond
    is a Blind Hex (A6.4). A level-1 viewer has no height advantage over it; from level 2,
    five hexes from the viewer, two blind hexes."""
    m = board_map('[hexsides]\nbocage = ["C6-C7"]')
    r = check(m, "37C1", "37C9")
    assert not r.los and blocker(r).rule == "B9.52"
    assert check(m, "37C1@1", "37C7").los
    assert not check(m, "37C1@1", "37C9").los
    assert not check(m, "37C1@2", "37C8").los
    assert check(m, "37C1@2", "37C9").los
    assert check(m, "37C3@2", "37C8").los


# --- A6.7 Hindrances at one range, B.6 Inherent Terrain through a vertex ---------------------


def test_a6_7_two_hindrance_hexes_at_one_range_from_the_firer_count_once() -> None:
    """37C2 -> 37G3 crosses 37D2, 37E2 and 37E3 (both two hexes from 37C2) and 37F2: with
    brush in all four, only one of 37E2 and 37E3 counts (A6.7, B12.2): +3, not +4."""
    m = board_map('[terrain]\nbrush = ["D2", "E2", "E3", "F2"]')
    r = check(m, "37C2", "37G3")
    assert r.los and r.hindrance_drm == 3
    assert [h.where for h in r.hindrances] == ["37D2", "37E2", "37F2"]
    assert check(m, "37G3", "37C2").hindrance_drm == 3


def _touched_at_a_vertex() -> tuple[str, str, str]:
    """A thread that passes through a vertex from one hex into another, and the third hex
    there, touched only at that point."""
    a, b = "37B3", "37G5"
    for e in trace(LAYOUT.hex(a), LAYOUT.hex(b)):
        if e.kind == "vertex" and e.frm is not None and e.to is not None:
            third = [h for h in e.hexes if h not in (e.frm, e.to)]
            if third and LAYOUT.hex(a) not in e.hexes:
                return a, b, LAYOUT.name(third[0])
    raise AssertionError("no vertex on the thread")


def test_b_6_inherent_terrain_through_a_vertex_of_its_hex() -> None:
    """B.6: tracing a LOS through a vertex of an Inherent Terrain hex enters it: dense jungle
    there blocks, an orchard there hinders (B14.21); woods there (not Inherent) do not."""
    a, b, h = _touched_at_a_vertex()
    r = check(board_map(f'[terrain]\ndense-jungle = ["{h[2:]}"]'), a, b)
    assert not r.los and blocker(r).where == h and "B.6" in r.rules
    r = check(board_map(f'[terrain]\norchard = ["{h[2:]}"]'), a, b, Conditions(month=6))
    assert r.los and r.hindrance_drm == 1
    assert check(board_map(f'[terrain]\nwoods = ["{h[2:]}"]'), a, b).los


def test_b9_21_an_entrenched_unit_is_blocked_only_by_its_own_hexs_walls() -> None:
    """B9.21: a unit in an entrenchment cannot see across a same-level wall/hedge hexside
    forming a part of its own hex to a non-adjacent same-level or lower Location; any other
    wall judges its LOS as any unit's (B9.2): the target's own hexside never blocks, a wall
    below a higher viewer does not, and B9.2's EX spares a lengthwise hedge touching the
    firer's hex though the target is entrenched."""
    own = check(board_map('[hexsides]\nwall = ["C2-C3"]'), "37C2", "37C6", entrenched=(True, False))
    assert not own.los and blocker(own).where == "37C2-C3"
    assert check(
        board_map('[hexsides]\nwall = ["C5-C6"]'), "37C2", "37C6", entrenched=(True, False)
    ).los
    hill = board_map('[levels]\n1 = ["C1"]\n[hexsides]\nwall = ["C3-C4"]')
    assert check(hill, "37C1", "37C6", entrenched=(True, False)).los
    ex = board_map(f"[hexsides]\nhedge = [{_sides('Y9-Z8', 'Y8-Z8')}]")
    assert check(ex, "37Z9", "37X6", entrenched=(False, True)).los
