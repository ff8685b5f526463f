"""Real VASL boards as Maps (aslpto.formats.vasl.boards): every archive of the shared folder
loads, and a dozen hexes per board read as their pictures show them (terrain, level, the
features of each hexside; checked by eye on each board's ``bdNN.gif``). Skipped when the
shared VASL folder is absent."""

from __future__ import annotations

from functools import cache

import pytest

from aslpto.board.maps import Map
from aslpto.board.terrain import Feature, Terrain
from aslpto.formats import scenario
from aslpto.rules.los import ArtworkLosEngine, build_engine
from aslpto.rules.los.walk import _key
from vaslhelp import needs_vasl, scenario_text

pytestmark = needs_vasl

NAMES = ["1", "2", "3", "4", "7", "34", "35", "36", "37", "38", "39"]


@cache
def printed(board: str) -> Map:
    """The board as printed (no SSR changes it)."""
    return scenario.loads(scenario_text(f'[["{board}"]]')).map


@pytest.mark.parametrize("name", NAMES)
def test_every_archive_loads_as_a_map(name: str) -> None:
    m = printed(name)
    assert len(m) == 17 * 10 + 16 * 11  # A-GG: rows 1-10, or 0-10 in columns B, D, ...
    art = m.artwork[name]
    assert (art.width, art.height, len(art.codes)) == (1800, 645, 1800 * 645)
    assert art.meanings[60] is not None and art.meanings[60].terrain == Terrain.WOODS


# (hex, terrain, level, {neighbour: hexside features}, in-hex features), each checked on the
# board's picture; a Water Obstacle is one level beneath the ground around it (B21.2)
T = Terrain
FACTS: dict[str, list[tuple[str, Terrain, int, dict[str, set[str]], set[Feature]]]] = {
    "1": [
        ("E4", T.STONE_BUILDING, 0, {}, set()),
        ("G4", T.STONE_BUILDING, 0, {}, set()),
        ("F1", T.WOODEN_BUILDING, 0, {}, set()),
        ("I7", T.STONE_BUILDING, 0, {}, set()),
        ("J2", T.STONE_BUILDING, 0, {}, set()),
        ("C7", T.WOODEN_BUILDING, 0, {}, set()),
        ("P7", T.STONE_BUILDING, 0, {}, set()),
        ("CC3", T.STONE_BUILDING, 0, {}, set()),
        ("H7", T.WOODEN_BUILDING, 0, {}, set()),
        ("K7", T.WOODEN_BUILDING, 0, {}, set()),
        ("A1", T.OPEN_GROUND, 0, {}, set()),
        ("M3", T.WOODS, 0, {}, set()),
    ],
    "2": [
        ("E5", T.OPEN_GROUND, 0, {h: {"wall"} for h in ("D5", "E4", "F4", "F5", "E6")}, set()),
        ("D5", T.OPEN_GROUND, 0, {"D4": {"wall"}, "E5": {"wall"}}, {Feature.ROAD}),
        ("K5", T.OPEN_GROUND, 3, {h: {"cliff"} for h in ("L4", "L5", "K6")}, set()),
        ("U4", T.OPEN_GROUND, 2, {h: {"cliff"} for h in ("U3", "V3", "V4", "U5")}, set()),
        ("U1", T.OPEN_GROUND, 1, {"V1": {"hedge"}, "U2": {"hedge"}}, set()),
        ("F7", T.OPEN_GROUND, 2, {}, set()),
        ("H1", T.OPEN_GROUND, 0, {"I1": {"wall"}}, {Feature.ROAD}),
        ("R2", T.OPEN_GROUND, 2, {h: {"cliff"} for h in ("R1", "S2", "S3")}, set()),
        ("G3", T.OPEN_GROUND, 1, {}, set()),
        ("E8", T.OPEN_GROUND, 1, {}, set()),
        ("T6", T.OPEN_GROUND, 2, {h: {"cliff"} for h in ("T5", "U6", "U7", "T7")}, set()),
        ("L5", T.OPEN_GROUND, 2, {"K5": {"cliff"}, "M5": {"cliff"}}, set()),
    ],
    "3": [
        ("M2", T.STONE_BUILDING, 0, {}, set()),
        ("R3", T.STONE_BUILDING, 0, {}, set()),
        ("L4", T.WOODEN_BUILDING, 0, {}, set()),
        ("Q4", T.OPEN_GROUND, 0, {h: {"hedge"} for h in ("P3", "P4", "Q3", "R4", "Q5")}, set()),
        ("N7", T.OPEN_GROUND, 0, {h: {"hedge"} for h in ("N6", "O7", "O8")}, set()),
        ("K3", T.OPEN_GROUND, 0, {h: {"wall"} for h in ("J2", "K2", "L2")}, {Feature.ROAD}),
        ("O3", T.OPEN_GROUND, 0, {h: {"wall"} for h in ("P2", "P3", "O4")}, set()),
        ("D3", T.OPEN_GROUND, 2, {"C4": {"cliff"}}, set()),
        ("T6", T.WOODEN_BUILDING, 0, {}, set()),
        ("E2", T.OPEN_GROUND, 1, {}, set()),
        ("W3", T.OPEN_GROUND, 0, {"X2": {"hedge"}}, set()),
        ("P4", T.WOODEN_BUILDING, 0, {"Q4": {"hedge"}}, set()),
    ],
    "4": [
        ("O6", T.WOODEN_BUILDING, 0, {}, set()),
        ("P6", T.WOODEN_BUILDING, 0, {}, set()),
        (
            "AA8",
            T.OPEN_GROUND,
            0,
            {h: {"hedge"} for h in ("Z7", "AA7", "BB8", "AA9")},
            {Feature.ROAD},
        ),
        (
            "BB7",
            T.OPEN_GROUND,
            0,
            {h: {"hedge"} for h in ("AA7", "BB6", "CC8", "BB8")},
            {Feature.ROAD},
        ),
        ("I1", T.OPEN_GROUND, 0, {"J0": {"wall"}, "J1": {"wall"}}, {Feature.ROAD}),
        ("O7", T.OPEN_GROUND, 0, {h: {"wall"} for h in ("N6", "N7", "O8")}, {Feature.ROAD}),
        ("Q2", T.OPEN_GROUND, 0, {h: {"hedge"} for h in ("P1", "P2", "Q3")}, {Feature.ROAD}),
        ("X2", T.GRAIN, 0, {"Y2": {"hedge"}, "Y3": {"hedge"}}, set()),
        ("Z7", T.OPEN_GROUND, 0, {h: {"hedge"} for h in ("Y8", "AA8", "Z8")}, set()),
        ("C5", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("S8", T.OPEN_GROUND, 0, {}, set()),
        ("DD6", T.OPEN_GROUND, 0, {h: {"hedge"} for h in ("DD5", "EE7", "DD7")}, {Feature.ROAD}),
    ],
    "7": [
        ("AA10", T.OPEN_GROUND, 0, {}, set()),
        ("AA9", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("AA8", T.RIVER, -1, {}, set()),
        ("BB8", T.MARSH, 0, {}, set()),
        ("BB9", T.POND, -1, {}, set()),  # B21.13: land-locked, with 7CC9
        ("CC6", T.RIVER, -1, {}, set()),
        ("G8", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("E6", T.RIVER, -1, {}, set()),
        ("A5", T.RIVER, -1, {}, set()),
        ("D2", T.WOODEN_BUILDING, 0, {}, set()),
        ("Z9", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("K9", T.WOODEN_BUILDING, 0, {}, {Feature.ROAD}),
    ],
    "34": [
        ("V5", T.OPEN_GROUND, 0, {}, {Feature.ROAD, Feature.STREAM, Feature.BRIDGE}),
        ("W2", T.OPEN_GROUND, 0, {}, {Feature.STREAM}),
        ("M5", T.WOODS, 0, {}, {Feature.STREAM}),  # a gully
        ("M7", T.WOODS, 0, {}, {Feature.WOODS_ROAD}),
        ("H9", T.WOODEN_BUILDING, 0, {}, set()),
        ("Y1", T.WOODEN_BUILDING, 0, {}, set()),
        ("K4", T.WOODS, 0, {}, {Feature.PATH}),
        ("J1", T.ORCHARD, 0, {}, set()),
        ("N2", T.BRUSH, 0, {}, set()),
        ("Q5", T.POND, -1, {}, set()),
        ("V4", T.MARSH, 0, {}, {Feature.STREAM}),
        ("G10", T.WOODEN_BUILDING, 0, {}, set()),
    ],
    "35": [
        ("BB4", T.WOODEN_BUILDING, 0, {}, set()),
        ("CC5", T.WOODEN_BUILDING, 0, {}, set()),
        ("E6", T.WOODS, 0, {}, set()),
        ("B6", T.BRUSH, 0, {}, set()),
        ("W4", T.ORCHARD, 0, {}, set()),
        ("W1", T.POND, -1, {}, set()),
        ("Y6", T.POND, -1, {}, set()),
        ("Z6", T.MARSH, 0, {}, set()),
        ("Z2", T.WOODEN_BUILDING, 0, {}, set()),
        ("C2", T.GRAIN, 0, {}, set()),
        ("D5", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("AA8", T.BRUSH, 0, {}, set()),
    ],
    "36": [
        ("F5", T.WOODS, 3, {}, set()),  # spot height 601 in a clearing of the woods (B.1)
        ("F2", T.OPEN_GROUND, 2, {}, set()),
        ("D1", T.OPEN_GROUND, 1, {}, set()),
        ("E4", T.WOODS, 3, {}, set()),
        ("H6", T.OPEN_GROUND, 0, {}, {Feature.STREAM}),
        ("H4", T.OPEN_GROUND, 0, {}, {Feature.ROAD, Feature.STREAM, Feature.BRIDGE}),
        ("R4", T.OPEN_GROUND, 0, {}, {Feature.ROAD, Feature.STREAM, Feature.BRIDGE}),
        ("U6", T.OPEN_GROUND, 2, {}, set()),  # spot height 526
        ("Z3", T.OPEN_GROUND, 0, {}, {Feature.STREAM}),
        ("B1", T.MARSH, 0, {}, set()),
        ("P8", T.WOODS, 2, {}, set()),  # spot height 490
        ("D8", T.GRAIN, 0, {}, set()),
    ],
    "37": [
        ("DD7", T.WOODS, 0, {}, set()),
        ("CC8", T.WOODS, 0, {}, set()),
        ("O7", T.WOODEN_BUILDING, 0, {}, set()),  # huts around an open centre
        ("G10", T.POND, -1, {}, set()),
        ("S1", T.MARSH, 0, {}, set()),
        ("P5", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("T3", T.ORCHARD, 0, {}, set()),
        ("E2", T.BRUSH, 0, {}, set()),
        ("CC1", T.GRAIN, 0, {}, set()),
        ("Y1", T.WOODS, 0, {}, {Feature.PATH}),
        ("EE7", T.GRAIN, 0, {}, set()),
        ("DD8", T.GRAIN, 0, {}, set()),
    ],
    "38": [
        ("N2", T.WOODEN_BUILDING, 0, {}, set()),
        ("M7", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("R1", T.GRAIN, 0, {}, set()),
        ("C3", T.GRAIN, 0, {}, set()),
        ("H5", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("P9", T.GRAIN, 0, {}, set()),
        ("V5", T.ORCHARD, 0, {}, set()),
        ("Y2", T.OPEN_GROUND, 0, {}, set()),
        ("F8", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("DD3", T.OPEN_GROUND, 0, {}, set()),
        ("K6", T.OPEN_GROUND, 0, {}, {Feature.ROAD}),
        ("S7", T.OPEN_GROUND, 0, {}, set()),
    ],
    "39": [
        ("Q3", T.BRUSH, 2, {"R3": {"cliff"}, "Q4": {"cliff"}}, {Feature.CRAG}),  # crags
        ("R3", T.WOODS, 4, {h: {"cliff"} for h in ("Q3", "R2", "S3", "S4")}, set()),
        ("G2", T.ORCHARD, 0, {h: {"wall"} for h in ("F1", "F2", "G1", "G3")}, set()),
        ("H1", T.STONE_BUILDING, 0, {h: {"wall"} for h in ("G1", "H0", "I1", "I2")}, set()),
        ("BB8", T.WOODS, 2, {"CC9": {"cliff"}, "BB9": {"cliff"}}, set()),
        ("Z3", T.WOODS, 4, {}, set()),  # woods drawn about the centre dot (B.1)
        ("P5", T.WOODS, 4, {}, set()),  # spot height 779
        ("H2", T.ORCHARD, 0, {h: {"wall"} for h in ("G3", "I2", "I3", "H3")}, set()),
        ("EE2", T.GRAIN, 0, {}, set()),
        ("M5", T.WOODS, 4, {}, set()),
        ("C2", T.BRUSH, 2, {}, set()),
        ("CC9", T.OPEN_GROUND, 0, {"BB8": {"cliff"}, "CC8": {"cliff"}}, {Feature.ROAD}),
    ],
}


@pytest.mark.parametrize(
    ("board", "fact"),
    [pytest.param(b, f, id=f"{b}{f[0]}") for b, facts in FACTS.items() for f in facts],
)
def test_hex_as_the_picture_shows_it(
    board: str, fact: tuple[str, Terrain, int, dict[str, set[str]], set[Feature]]
) -> None:
    name, terrain, level, sides, feats = fact
    m = printed(board)
    h = m.hex(f"{board}{name}")
    info = m.info(h)
    assert (info.terrain, info.level) == (terrain, level)
    assert _sides(m, board, name) == sides
    assert info.features == feats


def _sides(m: Map, board: str, name: str) -> dict[str, set[str]]:
    h = m.hex(f"{board}{name}")
    out: dict[str, set[str]] = {}
    for n in m.neighbours(h):
        fs = {f.value for f in m.hexside_features(h, n)} - {"road", "path"}
        if fs:
            out[m.name(n)[len(board) :]] = fs
    return out


def test_facts_cover_a_dozen_hexes_of_every_board() -> None:
    assert sorted(FACTS, key=int) == sorted(NAMES, key=int)
    assert all(len(f) >= 12 for f in FACTS.values())


# --- hills, the river of board 7, the stream of board 34 --------------------------------------


def test_hills_of_36_rise_to_level_3() -> None:
    m = printed("36")
    levels = {m.name(h): m.level(h) for h in m}
    assert max(levels.values()) == 3
    assert [levels[f"36{h}"] for h in ("D1", "F2", "F5")] == [1, 2, 3]


def test_hills_of_39_rise_to_level_4() -> None:
    m = printed("39")
    levels = {m.name(h): m.level(h) for h in m}
    assert max(levels.values()) == 4
    assert [levels[f"39{h}"] for h in ("B1", "C2", "Q3", "Z3")] == [1, 2, 2, 4]
    assert sum(1 for v in levels.values() if v >= 1) > 150


def test_board_7_river_is_a_river_one_level_down_b21_2() -> None:
    """Board 7's water is a river (data/vasl_boards.toml); B21.2 puts it one level beneath
    the ground around it: level -1 where VASL draws it at -1 already."""
    m = printed("7")
    river = [h for h in m if m.terrain(h) == Terrain.RIVER]
    assert len(river) > 100
    assert all(m.level(h) == -1 for h in river)
    assert all("B21.2" in m.info(h).rules for h in river)


def test_board_34_stream_runs_through_its_hexes() -> None:
    m = printed("34")
    stream = {m.name(h) for h in m if Feature.STREAM in m.info(h).features}
    assert {"34W2", "34V5", "34V4", "34M5"} <= stream
    assert len(stream) > 30
    assert all(m.level(m.hex(h)) == 0 for h in ("34W2", "34V5", "34M5"))
    assert Feature.BRIDGE in m.info(m.hex("34V5")).features


def test_buildings_multi_hex_and_huts() -> None:
    one = printed("1")
    e4 = one.info(one.hex("1E4")).building
    assert e4 is not None and e4.material == "stone" and e4.multi_hex
    assert e4.stories == 3  # "Stone Building, 2 Level" (BoardMetadata.xml)
    f1 = one.info(one.hex("1F1")).building
    assert f1 is not None and f1.material == "wooden" and one.hex("1G1") in f1.hexes
    o7 = printed("37").info(printed("37").hex("37O7")).building
    assert o7 is not None and o7.separate >= 2 and not o7.partial and not o7.multi_hex


def test_g9_1_real_boards_mark_crags_and_paved_roads() -> None:
    """VASL's codes 26 Crags and 66 Paved Road mark their hexes (G9.1: no Panji counter in
    crag or paved road): board 39's three crag hexes, checked on its picture (85-100 % of each
    hex; brush for movement and LOS), and board 1's roads, paved but for seven hexes of dirt
    road at the board's edges."""
    m = printed("39")
    crags = sorted(m.name(h) for h in m if Feature.CRAG in m.info(h).features)
    assert crags == ["39M1", "39Q3", "39R2"]
    assert {m.info(m.hex(h)).terrain for h in crags} == {T.BRUSH}
    one = printed("1")
    road = {Feature.ROAD, Feature.WOODS_ROAD}
    roads = {one.name(h) for h in one if road & one.info(h).features}
    paved = {one.name(h) for h in one if Feature.PAVED_ROAD in one.info(h).features}
    assert paved < roads and len(paved) == 114
    assert sorted(roads - paved) == ["1B5", "1FF5", "1I10", "1Q1", "1Q10", "1Y1", "1Y10"]
    body = (
        '[[panjis]]\nid = "A"\nhex = "39M1"\ncovered = ["39M1-M2"]\nside = "Japanese"\n'
        '[[panjis]]\nid = "B"\nhex = "39M4"\ncovered = ["39M4-M5"]\nside = "Japanese"\n'
    )
    g = scenario.loads(scenario_text('[["39"]]', "pto_terrain = true", body))
    from aslpto.procedures.setup import g9_panji_setup

    where = [(f.where, f.message) for f in g9_panji_setup(g) if "panji" in f.where]
    assert where == [("39M1 (panji A)", "panji A: Panjis may not be set up in crag")]


def test_b1_2m4_is_a_wooded_hill_hex() -> None:
    """B.1 EX: 2M4 is a wooded hill hex, though its centre dot lies in a clearing of the woods
    drawn about it; so are 2S6 and 36F5 (its spot height in the clearing): woods drawn nearer
    the centre dot than any hexside's midpoint dominate the hex. An open centre dot never makes
    a building hex Open Ground (4X8). Not built: 2I9's combination building-woods hex is its
    building only."""
    two = printed("2")
    for name in ("2M4", "2S6"):
        assert two.info(two.hex(name)).terrain == Terrain.WOODS, name
    assert two.level(two.hex("2M4")) >= 1
    assert printed("36").info(printed("36").hex("36F5")).terrain == Terrain.WOODS
    assert two.info(two.hex("2B1")).terrain == Terrain.OPEN_GROUND  # (B1.1's Open Ground hex)
    # B.1 EX: though its centre dot does not touch the building, 4X8 is a building hex
    four = printed("4")
    assert four.info(four.hex("4X8")).terrain == Terrain.WOODEN_BUILDING


@pytest.mark.parametrize("name", NAMES)
def test_b1_a_hex_is_the_inherent_terrain_its_los_judges_it(name: str) -> None:
    """Under PTO Terrain with Dense Jungle (G.1, G2): the hexes the LOS over the artwork
    judges whole as dense jungle (B.6: drawn at or about the centre dot, B.1) are the map's
    dense jungle hexes, for movement and TEM alike [EXC: a building hex with jungle about it,
    as 2I9's combination building-woods hex]."""
    g = scenario.loads(scenario_text(f'[["{name}"]]', 'pto_terrain = true\njungle = "dense"'))
    eng = build_engine(g.map, g.conditions)
    assert isinstance(eng, ArtworkLosEngine)
    cells = {_key(h.x, h.y): (g.map.name(h), g.map.info(h)) for h in g.map.cells}
    whole = {
        cells[k][0]
        for k, (kd, _) in eng._wholes.items()
        if kd.word == Terrain.DENSE_JUNGLE.value and cells[k][1].building is None
    }
    jungle = {n for n, info in cells.values() if info.terrain == Terrain.DENSE_JUNGLE}
    assert jungle and whole == jungle
