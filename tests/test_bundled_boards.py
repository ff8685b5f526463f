"""The bundled boards and overlays (data/boards) and the example scenarios (examples/).

Between them the boards hold every terrain the PTO rules touch, and PTO Terrain (G.1) makes
the changes G.1 lists on them; 901's DD6-FF8 is laid out for the G9 panji examples and 903's
river bend for the B21.2/B21.21 example.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.files import BoardData, LocalHex, is_edge, load_board, local_adjacent, local_name
from aslpto.board.hexes import Hex, Layout
from aslpto.board.maps import HexInfo, JungleType, Map, MapConditions, RiverDepth
from aslpto.board.overlays import OverlayPlacement
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.formats.scenario import BUNDLED_BOARDS, load
from aslpto.procedures.setup import check
from aslpto.rules.pto.terrain import build_map

BOARDS = ("901", "902", "903")
OVERLAYS = ("overlay-5", "overlay-x6")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PTO = MapConditions(pto_terrain=True)
NO_SSR = MapConditions()


@cache
def data(name: str) -> BoardData:
    return load_board(Path(BUNDLED_BOARDS) / f"{name}.toml", overlay=name.startswith("overlay-"))


def single(name: str, number: str = "37", cond: MapConditions = NO_SSR) -> Map:
    return build_map(Layout.single(number), {number: data(name)}, conditions=cond)


def pair(rows: list[list[str]], cond: MapConditions = PTO) -> Map:
    """901 and 902 laid out as ``rows`` of the board numbers "31" (901) and "32" (902)."""
    return build_map(Layout.grid(rows), {"31": data("901"), "32": data("902")}, conditions=cond)


def info(m: Map, name: str) -> HexInfo:
    return m.info(m.hex(name))


def hexes_of(d: BoardData, t: Terrain) -> set[str]:
    return {local_name(h) for h, x in d.terrain.items() if x == t}


def all_boards() -> Iterator[BoardData]:
    return (data(b) for b in BOARDS)


def adjacent(a: LocalHex, b: LocalHex) -> bool:
    return local_adjacent(a, b)


# --- every file loads --------------------------------------------------------------------------


def test_bundled_files_are_the_boards_and_overlays() -> None:
    assert sorted(p.stem for p in Path(BUNDLED_BOARDS).glob("*.toml")) == sorted(BOARDS + OVERLAYS)


@pytest.mark.parametrize("name", BOARDS + OVERLAYS)
def test_every_bundled_board_loads(name: str) -> None:
    d = data(name)
    assert d.is_overlay == name.startswith("overlay-")
    if not d.is_overlay:
        assert d.name == name
        assert len(d.hexes) == 17 * 10 + 16 * 11  # 33 columns: A, C, ... rows 1-10; B, D, ... 0-10
        single(name)
        single(name, cond=PTO)


# --- the terrain the PTO rules touch ----------------------------------------------------------


def test_boards_hold_woods_brush_orchard_grain_marsh() -> None:
    for t, least in (
        (Terrain.WOODS, 30),
        (Terrain.BRUSH, 4),
        (Terrain.ORCHARD, 4),
        (Terrain.GRAIN, 6),
        (Terrain.MARSH, 6),
    ):
        assert sum(len(hexes_of(d, t)) for d in all_boards()) >= least, t


def test_boards_hold_a_woods_road() -> None:
    m = single("901")
    assert Feature.WOODS_ROAD in info(m, "37H5").features
    assert Feature.WOODS_ROAD in info(m, "37I5").features
    assert Feature.WOODS_ROAD in info(single("902"), "37K10").features


def test_boards_hold_marsh_next_to_woods_and_marsh_away_from_woods() -> None:
    d = data("901")
    woods = {h for h, t in d.terrain.items() if t == Terrain.WOODS}
    marsh = {h for h, t in d.terrain.items() if t == Terrain.MARSH}
    near = {local_name(h) for h in marsh if any(adjacent(h, w) for w in woods)}
    assert near == {"BB5", "BB6"}
    assert {"X8", "X9", "Y9"} <= {local_name(h) for h in marsh} - near


def test_boards_hold_paddies_with_open_hexsides() -> None:
    d = data("902")
    assert len(hexes_of(d, Terrain.PADDY)) >= 30
    m = single("902")
    assert m.is_bank(m.hex("37M4"), m.hex("37M5"))  # paddy-paddy: a bank unless listed open
    assert not m.is_bank(m.hex("37M3"), m.hex("37M4"))  # listed open
    assert not m.is_bank(m.hex("37K4"), m.hex("37L4"))  # road into the field: open
    assert m.is_bank(m.hex("37K5"), m.hex("37L5"))  # paddy - road hex: a bank


def test_boards_hold_a_wide_river_running_off_both_ends() -> None:
    d = data("902")
    river = {h for h, t in d.terrain.items() if t == Terrain.RIVER}
    for col in range(33):
        assert sum(1 for c, _ in river if c == col) >= 2, col  # at least two hexes wide
    assert any(c == 0 for c, _ in river) and any(c == 32 for c, _ in river)


def test_b21_11_canal_flows_into_the_river() -> None:
    d = data("902")
    canal = {h for h, t in d.terrain.items() if t == Terrain.CANAL}
    river = {h for h, t in d.terrain.items() if t == Terrain.RIVER}
    assert len(canal) == 5 and len({c for c, _ in canal}) == 1  # one hex wide
    assert any(adjacent(c, r) for c in canal for r in river)


def test_b21_13_pond_with_and_without_centre_dot() -> None:
    m = single("902")
    assert info(m, "37E5").terrain == Terrain.POND and info(m, "37E5").water_obstacle
    assert not info(m, "37T4").water_obstacle
    assert "B21.13" in info(m, "37T4").rules
    assert m.has_feature(m.hex("37T4"), m.hex("37U4"), HexsideFeature.WATER)


def test_boards_hold_streams_ending_on_board_edges() -> None:
    for name, ends in (("901", {"S10", "GG2"}), ("902", {"S1", "A3"})):
        d = data(name)
        (stream,) = d.streams
        assert {local_name(stream[0]), local_name(stream[-1])} == ends
        assert all(is_edge(h) for h in (stream[0], stream[-1]))
        assert [local_name(h) for h in stream if is_edge(h)] == [
            local_name(stream[0]),
            local_name(stream[-1]),
        ]


def test_boards_hold_roads_paths_and_bridges_over_stream_and_river() -> None:
    for d in all_boards():
        assert d.roads
    assert data("901").paths and data("902").paths
    m1, m2 = single("901"), single("902")
    assert {Feature.BRIDGE, Feature.STREAM, Feature.ROAD} <= info(m1, "37T5").features
    assert {Feature.BRIDGE, Feature.STREAM} <= info(m2, "37K2").features
    assert Feature.BRIDGE in info(m2, "37K7").features
    assert info(m2, "37K7").terrain == Terrain.RIVER


def test_boards_hold_hills_of_levels_one_and_two() -> None:
    levels = {lv for d in all_boards() for lv in d.levels.values()}
    assert {1, 2} <= levels
    assert data("901").levels[(2, 2)] == 2  # C2


def test_boards_hold_hut_hexes_and_a_partial_building_hex() -> None:
    d = data("901")
    huts = [
        b
        for b in d.buildings
        if b.material == "wooden" and b.stories == 1 and b.separate >= 2 and not b.partial
    ]
    assert {local_name(b.hexes[0]) for b in huts} == {"K3", "L3", "L4", "M3"}
    assert all(len(b.hexes) == 1 for b in huts)
    (partial,) = [b for b in d.buildings if b.partial]
    assert (partial.separate, local_name(partial.hexes[0])) == (2, "M4")


def test_boards_hold_multi_hex_and_single_hex_stone_buildings_with_cellars() -> None:
    stone = [b for b in data("901").buildings if b.material == "stone" and b.cellar]
    assert sorted(len(b.hexes) for b in stone) == [1, 3]


def test_boards_hold_hedges_and_walls() -> None:
    features = {f for d in all_boards() for fs in d.hexsides.values() for f in fs}
    assert {HexsideFeature.HEDGE, HexsideFeature.WALL} <= features


# --- G.1 on the bundled boards ----------------------------------------------------------------


def test_g_1_woods_jungle_brush_bamboo_orchard_palm_grain_kunai() -> None:
    m = single("901", cond=PTO)
    for name, t in (
        ("37CC8", Terrain.DENSE_JUNGLE),
        ("37Q8", Terrain.BAMBOO),
        ("37G7", Terrain.PALM_TREES),
        ("37J8", Terrain.KUNAI),
    ):
        assert info(m, name).terrain == t, name
        assert "G.1" in info(m, name).rules
    light = single("901", cond=MapConditions(pto_terrain=True, jungle=JungleType.LIGHT))
    assert info(light, "37CC8").terrain == Terrain.LIGHT_JUNGLE


def test_g_1_huts_but_not_the_partial_building_hex() -> None:
    m = single("901", cond=PTO)
    for name in ("37K3", "37L3", "37L4", "37M3"):
        assert info(m, name).terrain == Terrain.HUTS, name
    assert info(m, "37M4").terrain == Terrain.WOODEN_BUILDING  # partial building depiction
    assert info(m, "37J3").terrain == Terrain.WOODEN_BUILDING  # one building in its hex


def test_g_1_swamp_next_to_jungle_only() -> None:
    m = single("901", cond=PTO)
    assert info(m, "37BB5").terrain == Terrain.SWAMP
    assert info(m, "37BB6").terrain == Terrain.SWAMP
    for name in ("37X8", "37X9", "37Y9"):
        assert info(m, name).terrain == Terrain.MARSH, name


def test_g_1_cellar_kept_only_in_the_multi_hex_stone_building() -> None:
    plain, pto = single("901"), single("901", cond=PTO)
    for name in ("37N7", "37N8", "37O7", "37Q3"):
        assert Feature.CELLAR in info(plain, name).features, name
    for name in ("37N7", "37N8", "37O7"):
        assert Feature.CELLAR in info(pto, name).features, name
    assert Feature.CELLAR not in info(pto, "37Q3").features


def test_g_1_no_roads_woods_road_is_path_bridge_is_ford() -> None:
    m = single("901", cond=PTO)
    assert not any(Feature.ROAD in m.info(h).features for h in m)
    assert not any(HexsideFeature.ROAD in fs for fs in m.sides.values())
    for name in ("37H5", "37I5"):
        assert Feature.PATH in info(m, name).features
        assert Feature.WOODS_ROAD not in info(m, name).features
    assert m.has_feature(m.hex("37H5"), m.hex("37I5"), HexsideFeature.PATH)
    assert not m.has_feature(m.hex("37G5"), m.hex("37F5"), HexsideFeature.PATH)
    t5 = info(m, "37T5").features
    assert Feature.FORD in t5 and Feature.BRIDGE not in t5


def test_g_1_stream_end_hexes_joined_side_by_side() -> None:
    m = pair([["31", "32"]])
    joint = m.layout.hexside("31GG2-GG3")  # 31GG3 is 32A3, the end of 902's stream
    assert HexsideFeature.STREAM in m.sides[joint]
    assert m.stream_los_exception == frozenset({joint})
    assert not pair([["31", "32"]], NO_SSR).stream_los_exception


def test_g_1_stream_end_hexes_joined_one_above_the_other() -> None:
    m = pair([["31"], ["32"]])
    joint = m.layout.hexside("31S10-32S1")
    assert HexsideFeature.STREAM in m.sides[joint]
    assert m.stream_los_exception == frozenset({joint})


# --- the G9 panji area and the B21 river bend -------------------------------------------------


def test_g9_area_dd6_ff8_of_board_901() -> None:
    m = single("901", cond=MapConditions(pto_terrain=True, jungle=JungleType.LIGHT))
    for name in ("37CC8", "37DD7", "37DD8", "37EE7", "37FF7"):
        assert info(m, name).terrain == Terrain.LIGHT_JUNGLE, name
        assert m.row(m.hex(name)).infantry_mf == 2
    for name in ("37DD6", "37EE6", "37EE8"):
        assert info(m, name).terrain == Terrain.OPEN_GROUND, name
    for name in (
        "37CC7",
        "37CC8",
        "37DD6",
        "37DD7",
        "37DD8",
        "37EE6",
        "37EE7",
        "37EE8",
        "37FF6",
        "37FF7",
        "37FF8",
    ):
        assert not info(m, name).features, name
        assert all(not m.hexside_features(m.hex(name), n) for n in m.neighbours(m.hex(name)))


def test_b21_2_example_geometry_of_board_903() -> None:
    m = build_map(Layout.single("7"), {"7": data("903")})
    for name in ("7AA8", "7BB9"):
        assert info(m, name).terrain == Terrain.RIVER and info(m, name).level == -1
    assert info(m, "7BB8").terrain == Terrain.MARSH
    assert info(m, "7AA9").level == 0 and info(m, "7AA10").level == 0
    assert m.hex("7BB8") in m.neighbours(m.hex("7AA8"))
    assert m.hex("7BB8") in m.neighbours(m.hex("7BB9"))
    assert info(m, "7AA9").terrain == Terrain.OPEN_GROUND  # AA10's view to AA8 crosses AA9


def test_b21_21_flooded_river_of_board_903() -> None:
    m = build_map(
        Layout.single("7"),
        {"7": data("903")},
        conditions=MapConditions(river_depth=RiverDepth.FLOODED),
    )
    for name in ("7AA8", "7BB9"):
        assert info(m, name).level == 0
    assert info(m, "7BB8").terrain == Terrain.RIVER  # B21.122: adjacent marsh is river
    assert info(m, "7J5").level == 0  # ponds rise with a flooded river
    assert info(m, "7E8").terrain == Terrain.MARSH  # not adjacent to the river


# --- the overlays -----------------------------------------------------------------------------


def test_g_9f_overlay_x6_temple() -> None:
    ov = data("overlay-x6")
    m = build_map(
        Layout.single("37"), {"37": data("903")}, overlays=(OverlayPlacement(ov, "37D3-D4"),)
    )
    b = info(m, "37D3").building
    assert b is not None and b.rules == ("G.9F",)
    assert (b.material, b.stories, b.stacking_capacity, b.vehicle_entry) == ("stone", 1, 1, False)
    assert len(b.hexes) == 1
    assert sum(1 for h in m if m.info(h).overlay == "X6") == len(ov.hexes)
    assert m.has_feature(m.hex("37D3"), m.hex("37D2"), HexsideFeature.WALL)


@pytest.mark.parametrize("spot", ["K2-K1", "O9-O10", "S2-S1", "W9-W10"])
def test_g_9e_overlay_5_fits_its_spots_on_board_37(spot: str) -> None:
    ov = data("overlay-5")
    m = build_map(
        Layout.single("37"), {"37": data("903")}, overlays=(OverlayPlacement(ov, f"37{spot}"),)
    )
    covered = [h for h in m if m.info(h).overlay == "5"]
    assert len(covered) == len(ov.hexes)
    edge = m.hex("37" + spot.split("-")[1])
    assert m.info(edge).terrain == Terrain.MARSH


def test_g_9e_overlay_5_refused_elsewhere() -> None:
    ov = data("overlay-5")
    with pytest.raises(InputError, match=r"G\.9E"):
        build_map(
            Layout.single("37"), {"37": data("903")}, overlays=(OverlayPlacement(ov, "37D3-D4"),)
        )
    with pytest.raises(InputError, match=r"G\.9E"):
        build_map(
            Layout.single("36"), {"36": data("903")}, overlays=(OverlayPlacement(ov, "36K2-K1"),)
        )


# --- the example scenarios --------------------------------------------------------------------


def example_files() -> list[str]:
    return sorted(p.name for p in EXAMPLES.glob("*.toml"))


def test_examples_present() -> None:
    assert {
        "panji-g9.toml",
        "paddy-river.toml",
        "b21-flooded.toml",
        "b21-deep.toml",
        "two-by-two.toml",
    } <= set(example_files())


@pytest.mark.parametrize("name", example_files())
def test_example_loads_and_sets_up_legally(name: str) -> None:
    g = load(EXAMPLES / name)
    assert g.units
    errors = [f for f in check(g) if f.severity == "error"]
    assert errors == []


def test_example_panji_g9_replays_the_9_3_illustration() -> None:
    g = load(EXAMPLES / "panji-g9.toml")
    m = g.map
    assert g.conditions.pto_terrain and g.conditions.jungle == JungleType.LIGHT
    a, c = g.panjis["A"], g.panjis["C"]
    assert (m.name(a.hex), m.name(c.hex)) == ("37EE7", "37DD7")
    assert a.covered == {m.layout.hexside("37EE7-EE8")}
    assert c.covered == {m.layout.hexside(s) for s in ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8")}
    where = {u.id: (u.hex, u.position) for u in g.units.values()}
    assert where["A"] == ("37EE8", "ground")
    assert where["B"] == ("37EE7", "beneath-panji")
    assert where["C"] == ("37EE6", "ground")
    assert where["D"] == ("37DD6", "ground")
    assert where["E"] == ("37DD7", "above-panji")
    for h in ("37DD7", "37EE7", "37CC8"):
        assert m.terrain(m.hex(h)) == Terrain.LIGHT_JUNGLE


def test_example_b21_variants_differ_only_in_depth() -> None:
    flooded, deep = load(EXAMPLES / "b21-flooded.toml"), load(EXAMPLES / "b21-deep.toml")
    assert flooded.conditions.river_depth == RiverDepth.FLOODED
    assert deep.conditions.river_depth == RiverDepth.DEEP
    h: Hex = flooded.map.hex("7AA8")
    assert (flooded.map.level(h), deep.map.level(h)) == (0, -1)
    assert flooded.map.terrain(flooded.map.hex("7BB8")) == Terrain.RIVER
    assert deep.map.terrain(deep.map.hex("7BB8")) == Terrain.MARSH


def test_example_two_by_two_is_a_benchmark_size_map() -> None:
    g = load(EXAMPLES / "two-by-two.toml")
    assert 1250 <= len(g.map) <= 1400
    assert len(g.units) >= 20 and g.panjis
    assert any(g.map.terrain(h) == Terrain.PADDY for h in g.map)
