"""Water Obstacle levels and conditions on the map: B21.13, B21.2, B21.21, B21.122, B21.6."""

from __future__ import annotations

from aslpto.board.maps import Map, RiverDepth
from aslpto.board.terrain import HexsideFeature, Terrain
from maphelp import one_board

RIVER = """[terrain]
river = ["Q1..Q10", "R1..R10"]
pond = ["C3"]
marsh = ["P5", "S5", "K5"]
ocean = ["GG1..GG10"]
[levels]
1 = ["A1:A10"]
"""


def lv(m: Map, name: str) -> int:
    return m.info(m.hex(name)).level


def test_b21_2_water_obstacles_one_level_below() -> None:
    m = one_board(RIVER)
    assert lv(m, "37Q5") == -1
    assert lv(m, "37C3") == -1
    assert lv(m, "37GG5") == -1
    assert "B21.2" in m.info(m.hex("37Q5")).rules
    assert lv(m, "37K5") == 0


def test_b21_21_flooded_river_and_ponds_one_level_higher() -> None:
    m = one_board(RIVER, river_depth=RiverDepth.FLOODED)
    assert lv(m, "37Q5") == 0
    assert lv(m, "37C3") == 0
    assert lv(m, "37GG5") == -1  # the ocean is not a river or pond
    assert "B21.21" in m.info(m.hex("37Q5")).rules


def test_b21_122_flooded_river_turns_adjacent_marsh_to_river() -> None:
    m = one_board(RIVER, river_depth=RiverDepth.FLOODED)
    assert m.terrain(m.hex("37P5")) == Terrain.RIVER
    assert m.terrain(m.hex("37S5")) == Terrain.RIVER
    assert m.terrain(m.hex("37K5")) == Terrain.MARSH  # not adjacent to the river
    assert "B21.122" in m.info(m.hex("37P5")).rules


def test_b21_122_fordable_river_turns_adjacent_marsh_to_mudflats() -> None:
    m = one_board(RIVER, river_depth=RiverDepth.FORDABLE)
    assert m.terrain(m.hex("37P5")) == Terrain.MUDFLATS
    assert m.terrain(m.hex("37K5")) == Terrain.MARSH


def test_b21_122_deep_river_leaves_marsh() -> None:
    m = one_board(RIVER)
    assert m.terrain(m.hex("37P5")) == Terrain.MARSH


def test_b21_13_pond_without_centre_dot_is_hexside_obstacle() -> None:
    m = one_board('[ponds]\nno_dot = ["L9"]\n[hexsides]\nwater = ["L9-M9"]')
    assert not m.info(m.hex("37L9")).water_obstacle
    assert m.has_feature(m.hex("37L9"), m.hex("37M9"), HexsideFeature.WATER)
    assert "B21.13" in m.info(m.hex("37L9")).rules


def test_b21_6_sub_zero_freezes_all_but_ocean() -> None:
    m = one_board(RIVER, sub_zero=True)
    assert m.terrain(m.hex("37Q5")) == Terrain.OPEN_GROUND
    assert m.terrain(m.hex("37C3")) == Terrain.OPEN_GROUND
    assert m.terrain(m.hex("37GG5")) == Terrain.OCEAN
    assert "B21.6" in m.info(m.hex("37Q5")).rules


def test_b21_122_swamp_is_never_river_or_mudflats() -> None:
    # G7.1: swamp (marsh next to jungle under PTO Terrain) is not transformed by the river
    m = one_board(
        RIVER.replace('marsh = ["P5", "S5", "K5"]', 'marsh = ["P5", "S5", "K5"]\nwoods = ["O5"]'),
        pto_terrain=True,
        river_depth=RiverDepth.FLOODED,
    )
    assert m.terrain(m.hex("37P5")) == Terrain.SWAMP
    assert m.terrain(m.hex("37S5")) == Terrain.RIVER


def test_b21_13_pond_without_centre_dot_keeps_ground_level() -> None:
    m = one_board(
        '[terrain]\npond = ["L9"]\n[ponds]\nno_dot = ["L9"]\n[hexsides]\nwater = ["L9-M9"]'
    )
    assert not m.info(m.hex("37L9")).water_obstacle
    assert m.info(m.hex("37L9")).level == 0
