"""G.1 PTO Terrain and G.1A: every bullet of G.1 as a transform of the map."""

from __future__ import annotations

from aslpto.board.files import BoardData
from aslpto.board.hexes import Layout
from aslpto.board.maps import HexInfo, JungleType, Map, MapConditions
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.rules.pto.terrain import build_map
from maphelp import MapConditionFields, board, one_board

PTO: MapConditionFields = {"pto_terrain": True}


def t(m: Map, name: str) -> HexInfo:
    return m.info(m.hex(name))


def test_g_1_not_applied_without_ssr() -> None:
    m = one_board('[terrain]\nwoods = ["C3"]\nbrush = ["D3"]')
    assert t(m, "37C3").terrain == Terrain.WOODS
    assert t(m, "37C3").rules == ()


def test_g_1_woods_are_jungle_dense_unless_light() -> None:
    text = '[terrain]\nwoods = ["C3"]'
    dense = one_board(text, **PTO)
    assert t(dense, "37C3").terrain == Terrain.DENSE_JUNGLE
    assert "G.1" in t(dense, "37C3").rules
    assert t(dense, "37C3").printed == Terrain.WOODS
    light = one_board(text, pto_terrain=True, jungle=JungleType.LIGHT)
    assert t(light, "37C3").terrain == Terrain.LIGHT_JUNGLE


def test_g_1_brush_is_bamboo() -> None:
    assert t(one_board('[terrain]\nbrush = ["D3"]', **PTO), "37D3").terrain == Terrain.BAMBOO


def test_g_1_orchards_are_palm_trees() -> None:
    m = one_board('[terrain]\norchard = ["D3"]', **PTO)
    assert t(m, "37D3").terrain == Terrain.PALM_TREES


def test_g_1_grain_is_kunai() -> None:
    assert t(one_board('[terrain]\ngrain = ["D3"]', **PTO), "37D3").terrain == Terrain.KUNAI


def _bld(**kw: object) -> str:
    fields = "\n".join(
        f"{k} = {str(v).lower() if isinstance(v, bool) else repr(v)}" for k, v in kw.items()
    )
    return f'[[buildings]]\nhexes = ["H4"]\n{fields}\n'


def test_g_1_huts_wooden_single_story_two_buildings_no_partial() -> None:
    m = one_board(_bld(material="wooden", stories=1, separate=2), **PTO)
    assert t(m, "37H4").terrain == Terrain.HUTS
    assert t(m, "37H4").building is None


def test_g_1_huts_not_with_partial_building() -> None:
    m = one_board(_bld(material="wooden", stories=1, separate=2, partial=True), **PTO)
    assert t(m, "37H4").terrain == Terrain.WOODEN_BUILDING


def test_g_1_huts_not_stone_not_two_story_not_single_building() -> None:
    for kw in (
        {"material": "stone", "separate": 2},
        {"material": "wooden", "stories": 2, "separate": 2},
        {"material": "wooden", "separate": 1},
    ):
        m = one_board(_bld(**kw), **PTO)
        assert t(m, "37H4").terrain != Terrain.HUTS, kw


def test_g_1_marsh_adjacent_to_jungle_is_swamp() -> None:
    m = one_board('[terrain]\nwoods = ["DD6"]\nmarsh = ["DD7", "DD9"]\nbrush = ["A1"]', **PTO)
    assert t(m, "37DD7").terrain == Terrain.SWAMP  # adjacent to DD6 (now jungle)
    assert t(m, "37DD9").terrain == Terrain.MARSH  # no jungle adjacent


def test_g_1_marsh_next_to_bamboo_stays_marsh() -> None:
    m = one_board('[terrain]\nbrush = ["DD6"]\nmarsh = ["DD7"]', **PTO)
    assert t(m, "37DD7").terrain == Terrain.MARSH


def test_g_1_cellars_only_in_multi_hex_stone_buildings() -> None:
    text = (
        '[[buildings]]\nhexes = ["H4", "H5"]\nmaterial = "stone"\ncellar = true\n'
        '[[buildings]]\nhexes = ["K4"]\nmaterial = "stone"\ncellar = true\n'
        '[[buildings]]\nhexes = ["M4", "M5"]\nmaterial = "wooden"\ncellar = true\n'
    )
    plain = one_board(text)
    assert Feature.CELLAR in t(plain, "37K4").features
    m = one_board(text, **PTO)
    assert Feature.CELLAR in t(m, "37H4").features
    assert Feature.CELLAR not in t(m, "37K4").features
    assert Feature.CELLAR not in t(m, "37M4").features


ROADS = '[terrain]\nwoods = ["C5"]\n[lines]\nroad = ["A5 B5 C5 D5"]\n'


def test_g_1_no_roads_exist() -> None:
    m = one_board(ROADS, **PTO)
    assert Feature.ROAD not in t(m, "37A5").features
    assert not any(HexsideFeature.ROAD in fs for fs in m.sides.values())


def test_g_1_woods_roads_are_paths() -> None:
    before = one_board(ROADS)
    assert Feature.WOODS_ROAD in t(before, "37C5").features
    m = one_board(ROADS, **PTO)
    assert Feature.PATH in t(m, "37C5").features
    assert "no Open Ground" in " ".join(t(m, "37C5").notes)
    assert m.has_feature(m.hex("37B5"), m.hex("37C5"), HexsideFeature.PATH)
    assert not m.has_feature(m.hex("37A5"), m.hex("37B5"), HexsideFeature.PATH)


def test_g_1a_only_playable_roads_remain_roads() -> None:
    m = one_board(ROADS, **PTO)
    roads = [h for h in m if Feature.ROAD in m.info(h).features]
    assert roads == []


def test_g_1_bridges_are_fords() -> None:
    m = one_board('[terrain]\nriver = ["Q1..Q10"]\n[features]\nbridge = ["Q5"]', **PTO)
    assert Feature.FORD in t(m, "37Q5").features
    assert Feature.BRIDGE not in t(m, "37Q5").features


def _stacked(top: BoardData, bottom: BoardData, pto: bool = True) -> Map:
    return build_map(
        Layout.grid([["37"], ["39"]]),
        {"37": top, "39": bottom},
        conditions=MapConditions(pto_terrain=pto),
    )


def test_g_1_stream_end_hexes_on_different_boards_join() -> None:
    top = board('[lines]\nstream = ["C8 C9 C10"]')
    bottom = board('[lines]\nstream = ["C1 C2 C3"]')
    m = _stacked(top, bottom)
    a, b = m.hex("37C10"), m.hex("39C1")
    assert a.is_adjacent(b)
    assert m.has_feature(a, b, HexsideFeature.STREAM)
    s = next(iter(m.stream_los_exception))
    assert {s.a, s.b} == {a, b}


def test_g_1_stream_end_hexes_join_only_under_pto_terrain() -> None:
    top = board('[lines]\nstream = ["C8 C9 C10"]')
    bottom = board('[lines]\nstream = ["C1 C2 C3"]')
    m = _stacked(top, bottom, pto=False)
    assert not m.stream_los_exception


def test_g_1_stream_end_hexes_on_same_board_do_not_join() -> None:
    m = one_board('[lines]\nstream = ["A3 A2", "B1 C1"]', **PTO)
    assert not m.stream_los_exception


def test_g_1_stream_end_hexes_are_the_ends_of_a_stream() -> None:
    # a stream that turns along the bottom edge (C10 D10 E10) ends at E10: C10 and D10 lie on
    # the edge but are not ends of the stream
    top = board('[lines]\nstream = ["C8 C9 C10 D10 E10"]')
    bottom = board('[lines]\nstream = ["C1 C2 C3"]')
    m = _stacked(top, bottom)
    ends = {m.name(h) for h in m if m.info(h).stream_end}
    assert ends == {"37E10", "39C1"}


def test_g_1_overlay_stream_end_hexes_join() -> None:
    from aslpto.board.overlays import OverlayPlacement
    from maphelp import overlay

    ov = overlay(
        '[overlay]\nid = "S1"\nhexes = ["A1..A3"]\nanchor = ["A1", "A2"]\n'
        '[lines]\nstream = ["A1 A2 A3"]'
    )
    top = board("")
    bottom = board('[lines]\nstream = ["C1 C2 C3"]')
    m = build_map(
        Layout.grid([["37"], ["39"]]),
        {"37": top, "39": bottom},
        overlays=(OverlayPlacement(ov, "37C8-C9"),),
        conditions=MapConditions(pto_terrain=True),
    )
    a, b = m.hex("37C10"), m.hex("39C1")
    assert m.info(a).overlay == "S1"
    assert m.has_feature(a, b, HexsideFeature.STREAM)


def test_g_1_no_roads_and_bridges_are_fords_in_marsh_too() -> None:
    text = '[terrain]\nmarsh = ["B5", "C5"]\n[lines]\nroad = ["A5 B5 C5 D5"]\n'
    m = one_board(text + '[features]\nbridge = ["C5"]', **PTO)
    assert Feature.ROAD not in t(m, "37B5").features
    assert t(m, "37B5").terrain == Terrain.MARSH
    assert Feature.FORD in t(m, "37C5").features and Feature.BRIDGE not in t(m, "37C5").features


def test_g_1_no_roads_exist_seam_hex_of_woods_road_and_road() -> None:
    """A seam hex whose one half holds a woods-road and the other a road: under PTO Terrain
    the woods-road is a Path and the road is gone (G.1: "No roads exist")."""
    left = board('[terrain]\nwoods = ["GG4..GG6"]\n[lines]\nroad = ["EE5 FF5 GG5"]')
    right = board('[lines]\nroad = ["A5 B5 C5"]')
    lay = Layout.grid([["37", "38"]])
    before = build_map(lay, {"37": left, "38": right})
    seam = before.info(lay.hex("37GG5"))
    assert {Feature.WOODS_ROAD, Feature.ROAD} <= seam.features
    m = build_map(lay, {"37": left, "38": right}, conditions=MapConditions(pto_terrain=True))
    info = m.info(lay.hex("38A5"))
    assert Feature.PATH in info.features
    assert Feature.ROAD not in info.features and Feature.WOODS_ROAD not in info.features
    assert "no roads exist" in info.notes
