"""G.1 PTO Terrain on real VASL boards: every bullet on hexes checked against the boards'
pictures (tests/test_vasl_real_boards.py has them as printed). Skipped without the shared
VASL folder."""

from __future__ import annotations

from functools import cache

import pytest

from aslpto.board.maps import Map
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.formats import scenario
from vaslhelp import needs_vasl, scenario_text

pytestmark = needs_vasl


@cache
def pto(boards: str) -> Map:
    return scenario.loads(scenario_text(boards, "pto_terrain = true")).map


def _g1(m: Map, name: str) -> Terrain:
    info = m.info(m.hex(name))
    assert "G.1" in info.rules
    return info.terrain


def test_g1_woods_are_jungle() -> None:
    m = pto('[["37"]]')
    assert _g1(m, "37DD7") == Terrain.DENSE_JUNGLE  # G2.1: Dense unless defined as Light
    assert m.info(m.hex("37DD7")).printed == Terrain.WOODS


def test_g1_brush_is_bamboo() -> None:
    assert _g1(pto('[["37"]]'), "37E2") == Terrain.BAMBOO


def test_g1_orchards_are_palm_trees() -> None:
    assert _g1(pto('[["37"]]'), "37T3") == Terrain.PALM_TREES


def test_g1_grain_is_kunai() -> None:
    m = pto('[["37"]]')
    assert _g1(m, "37CC1") == Terrain.KUNAI
    assert _g1(m, "37EE7") == Terrain.KUNAI  # a strip of grain: 33 % of the hex, its centre


@pytest.mark.parametrize(("board", "hex_"), [("37", "O7"), ("34", "H9"), ("34", "Y1")])
def test_g1_wooden_single_story_houses_in_a_hex_of_several_are_huts(board: str, hex_: str) -> None:
    m = pto(f'[["{board}"]]')
    assert _g1(m, f"{board}{hex_}") == Terrain.HUTS
    assert m.info(m.hex(f"{board}{hex_}")).building is None


def test_g1_a_single_building_is_not_huts() -> None:
    m = pto('[["38"]]')
    info = m.info(m.hex("38N2"))
    assert info.terrain == Terrain.WOODEN_BUILDING and info.building is not None


def test_g1_marsh_next_to_jungle_is_swamp() -> None:
    m = pto('[["37"]]')
    assert _g1(m, "37S1") == Terrain.SWAMP
    for name in ("37G6", "37H5"):  # no woods next to them
        assert m.terrain(m.hex(name)) == Terrain.MARSH


def test_g1_no_roads_exist() -> None:
    m = pto('[["37"]]')
    p5 = m.info(m.hex("37P5"))
    assert Feature.ROAD not in p5.features and "G.1" in p5.rules
    assert not any(HexsideFeature.ROAD in fs for fs in m.sides.values())


def test_g1_woods_road_is_a_path() -> None:
    m = pto('[["34"]]')
    info = m.info(m.hex("34M7"))
    assert Feature.PATH in info.features and Feature.WOODS_ROAD not in info.features
    assert info.terrain == Terrain.DENSE_JUNGLE


@pytest.mark.parametrize("name", ["34V5", "36H4", "36R4"])
def test_g1_bridges_are_fords(name: str) -> None:
    m = pto('[["34"], ["36"]]')
    info = m.info(m.hex(name))
    assert Feature.FORD in info.features and Feature.BRIDGE not in info.features


def test_g1_stream_end_hexes_of_two_boards_make_a_stream_hexside() -> None:
    """34's stream leaves its bottom edge at W10, 36's enters its top edge at W1."""
    m = pto('[["34"], ["36"]]')
    a, b = m.hex("34W10"), m.hex("36W1")
    assert a.is_adjacent(b)
    assert HexsideFeature.STREAM in m.hexside_features(a, b)
    assert any(s for s in m.stream_los_exception if {s.a, s.b} == {a, b})


def test_g1_cellars_only_in_multi_hex_stone_buildings() -> None:
    """The real boards show no cellar (VASL code 174); the board written by
    tests/formats/test_vasl_boards.py has them."""
    for board in ("1", "3"):
        m = pto(f'[["{board}"]]')
        assert not any(Feature.CELLAR in m.info(h).features for h in m)
