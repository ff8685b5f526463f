"""G.9 overlays at hex grain: order, topmost hexsides, hexspines, placement limits, X6."""

from __future__ import annotations

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.terrain import HexsideFeature, Terrain
from maphelp import overlay, with_overlays

OV_A = """[overlay]
id = "Wd1"
hexes = ["A1..A3", "B1..B2"]
anchor = ["A1", "A2"]
[terrain]
woods = ["A1..A3", "B1..B2"]
[hexsides]
wall = ["A2-B2"]
"""

OV_B = """[overlay]
id = "Wd2"
hexes = ["A1..A2"]
anchor = ["A1", "A2"]
[terrain]
brush = ["A1..A2"]
"""

BOARD = """[terrain]
grain = ["K3:M7"]
[hexsides]
hedge = ["K4-K5", "L4-M4", "J4-J5", "I5-J5"]
"""


def test_g_9a_overlay_covers_exactly_its_hexes() -> None:
    m = with_overlays(BOARD, (overlay(OV_A), "37K4-K5"))
    covered = {m.name(h) for h in m if m.info(h).overlay == "Wd1"}
    assert covered == {"37K4", "37K5", "37K6", "37L4", "37L5"}
    assert m.info(m.hex("37K7")).terrain == Terrain.GRAIN


def test_g_9a_overlay_turned_by_its_anchor() -> None:
    # anchor A1->A2 points down (S); placed K5->K4 it points up: the overlay is turned 180°
    m = with_overlays(BOARD, (overlay(OV_A), "37K5-K4"))
    covered = {m.name(h) for h in m if m.info(h).overlay == "Wd1"}
    assert covered == {"37K5", "37K4", "37K3", "37J4", "37J3"}


def test_g_9b_overlays_placed_in_ssr_order() -> None:
    first = with_overlays(BOARD, (overlay(OV_A), "37K4-K5"), (overlay(OV_B), "37K4-K5"))
    assert first.info(first.hex("37K4")).terrain == Terrain.BRUSH
    assert first.info(first.hex("37K6")).terrain == Terrain.WOODS
    second = with_overlays(BOARD, (overlay(OV_B), "37K4-K5"), (overlay(OV_A), "37K4-K5"))
    assert second.info(second.hex("37K4")).terrain == Terrain.WOODS


def test_g_9c_only_overlay_hexsides_count() -> None:
    m = with_overlays(BOARD, (overlay(OV_A), "37K4-K5"))
    k4, k5 = m.hex("37K4"), m.hex("37K5")
    assert m.hexside_features(k4, k5) == frozenset()  # board hedge under the overlay is gone
    assert m.has_feature(m.hex("37K5"), m.hex("37L5"), HexsideFeature.WALL)
    # an exterior hexside (overlay hex - board hex) is the overlay's: board hedge L4-M4 gone
    assert m.hexside_features(m.hex("37L4"), m.hex("37M4")) == frozenset()


def test_g_9c_extraneous_terrain_is_open_ground() -> None:
    ov = OV_A.replace('woods = ["A1..A3", "B1..B2"]', 'woods = ["A1"]')
    m = with_overlays(BOARD, (overlay(ov), "37K4-K5"))
    # K5 was grain on the board; under the overlay only the overlay's (open) terrain remains
    assert m.info(m.hex("37K5")).terrain == Terrain.OPEN_GROUND


def test_g_9d_board_hedge_forming_overlay_hexspine_is_kept() -> None:
    m = with_overlays(BOARD, (overlay(OV_A), "37K4-K5"))
    j4, j5 = m.hex("37J4"), m.hex("37J5")
    # J4-J5 runs out from the vertex J4-J5-K5... of the overlay: a hexspine of overlay hexes
    assert m.has_feature(j4, j5, HexsideFeature.HEDGE)
    assert "G.9D" in m.side_rules.get(m.layout.hexside("37J4-J5"), ())
    # a hedge far from the overlay is simply a board hedge
    assert "G.9D" not in m.side_rules.get(m.layout.hexside("37I5-J5"), ())


def test_g_9e_overlay_5_only_on_listed_boards_and_spots() -> None:
    ov5 = OV_B.replace('id = "Wd2"', 'id = "5"')
    m = with_overlays(BOARD, (overlay(ov5), "37K2-K1"))
    assert m.info(m.hex("37K2")).overlay == "5"
    with pytest.raises(InputError, match=r"G\.9E: overlay 5 on board 37 may be placed only on"):
        with_overlays(BOARD, (overlay(ov5), "37K4-K5"))
    with pytest.raises(InputError, match=r"G\.9E: overlay 5 may be used only on board"):
        with_overlays(BOARD, (overlay(ov5), "36K2-K1"), number="36")


def test_g_9e_overlay_4_only_on_board_34() -> None:
    ov4 = OV_B.replace('id = "Wd2"', 'id = "4"')
    with_overlays(BOARD, (overlay(ov4), "34K4-K5"), number="34")
    with pytest.raises(InputError, match=r"G\.9E"):
        with_overlays(BOARD, (overlay(ov4), "37K4-K5"))


def test_g_9e_other_overlays_anywhere() -> None:
    m = with_overlays(BOARD, (overlay(OV_B), "37C4-C5"), number="37")
    assert m.info(m.hex("37C4")).overlay == "Wd2"


X6 = """[overlay]
id = "X6"
hexes = ["A1..A2"]
anchor = ["A1", "A2"]
[[buildings]]
hexes = ["A1"]
material = "wooden"
stories = 2
"""


def test_g_9f_x6_is_single_story_stone_temple() -> None:
    m = with_overlays(BOARD, (overlay(X6), "37K4-K5"))
    b = m.info(m.hex("37K4")).building
    assert b is not None
    assert (b.material, b.stories, b.stacking_capacity, b.vehicle_entry) == ("stone", 1, 1, False)
    assert b.rules == ("G.9F",)
    assert m.info(m.hex("37K4")).terrain == Terrain.STONE_BUILDING


def test_overlay_off_map_is_an_error() -> None:
    with pytest.raises(InputError, match="runs off the map"):
        with_overlays(BOARD, (overlay(OV_A), "37A9-A10"))


def test_g_9c_overlay_over_part_of_a_building_leaves_the_rest() -> None:
    text = BOARD + '[[buildings]]\nhexes = ["K3", "K4"]\nmaterial = "stone"\ncellar = true\n'
    m = with_overlays(text, (overlay(OV_B), "37K4-K5"), pto_terrain=True)
    b = m.info(m.hex("37K3")).building
    assert b is not None
    assert b.hexes == frozenset({m.hex("37K3")})
    assert not b.multi_hex
    assert "G.9C" in b.rules
    # G.1: the remaining single-hex stone building has no cellar
    from aslpto.board.terrain import Feature

    assert Feature.CELLAR not in m.info(m.hex("37K3")).features


def test_g_9b_overlay_on_a_board_with_a_letter_suffix() -> None:
    """G.9B: an overlay's placement names its board as any hex name does (``37aK4-K5``)."""
    m = with_overlays(BOARD, (overlay(OV_A), "37aK4-K5"), number="37a")
    covered = {m.name(h) for h in m if m.info(h).overlay == "Wd1"}
    assert covered == {"37aK4", "37aK5", "37aK6", "37aL4", "37aL5"}
