"""The bundled terrain chart (data/terrain.toml): key values of each row, named by its rule."""

from __future__ import annotations

import pytest

from aslpto.board.terrain import ChartRow, LOSEffect, Terrain, default_chart


def row(terrain: Terrain) -> ChartRow:
    return default_chart()[terrain.value]


def test_every_terrain_word_has_a_row_citing_its_rule() -> None:
    chart = default_chart()
    for t in Terrain:
        r = chart[t.value]
        assert r.rule[:1] in ("B", "G"), (t, r.rule)
        assert r.rule[1:2].isdigit(), (t, r.rule)


def test_b1_1_open_ground() -> None:
    r = row(Terrain.OPEN_GROUND)
    assert (r.infantry_mf, r.tem, r.los, r.open_ground) == (1, 0, LOSEffect.NONE, True)
    assert not r.concealment_terrain


def test_b12_brush_hindrance_no_tem_two_mf() -> None:
    r = row(Terrain.BRUSH)
    assert r.rule == "B12.1"
    assert (r.infantry_mf, r.tem, r.los, r.hindrance) == (2, 0, LOSEffect.HINDRANCE, 1)
    assert r.concealment_terrain and not r.inherent_terrain and not r.open_ground


def test_b13_woods_one_level_obstacle_plus_one() -> None:
    r = row(Terrain.WOODS)
    assert r.rule == "B13.1"
    assert (r.infantry_mf, r.tem, r.los, r.obstacle_height) == (2, 1, LOSEffect.OBSTACLE, 1)
    assert r.concealment_terrain and not r.open_ground and not r.inherent_terrain


def test_b14_orchard_inherent_hindrance_one_level_to_higher_los() -> None:
    r = row(Terrain.ORCHARD)
    assert r.rule == "B14.1"
    assert (r.infantry_mf, r.tem, r.los, r.hindrance) == (1, 0, LOSEffect.HINDRANCE, 1)
    assert r.obstacle_height == 1 and r.inherent_terrain and r.concealment_terrain


def test_b15_grain_hindrance_no_tem() -> None:
    r = row(Terrain.GRAIN)
    assert r.rule == "B15.1"
    assert (r.tem, r.los, r.hindrance) == (0, LOSEffect.HINDRANCE, 1)
    assert r.concealment_terrain
    assert "1½" in r.notes


def test_b16_marsh_hindrance_all_mf_not_open_ground() -> None:
    r = row(Terrain.MARSH)
    assert r.rule == "B16.1"
    assert r.infantry_mf is None and "entire MF" in r.notes
    assert (r.tem, r.los, r.hindrance, r.open_ground) == (0, LOSEffect.HINDRANCE, 1, False)
    assert r.vehicle_mp.startswith("NA")


def test_b16_7_mudflats_two_mf() -> None:
    r = row(Terrain.MUDFLATS)
    assert (r.rule, r.infantry_mf) == ("B16.7", 2)


def test_b23_buildings_wooden_plus_two_stone_plus_three() -> None:
    wood, stone = row(Terrain.WOODEN_BUILDING), row(Terrain.STONE_BUILDING)
    assert (wood.rule, stone.rule) == ("B23.1", "B23.1")
    assert (wood.tem, stone.tem) == (2, 3)
    for r in (wood, stone):
        assert (r.infantry_mf, r.los, r.obstacle_height) == (2, LOSEffect.OBSTACLE, 1)
        assert r.concealment_terrain


def test_g2_1_light_jungle_two_level_obstacle_plus_one() -> None:
    r = row(Terrain.LIGHT_JUNGLE)
    assert r.rule == "G2.1"
    assert (r.infantry_mf, r.tem, r.los, r.obstacle_height) == (2, 1, LOSEffect.OBSTACLE, 2)
    assert not r.inherent_terrain and r.concealment_terrain


def test_g2_2_dense_jungle_tem_plus_two() -> None:
    r = row(Terrain.DENSE_JUNGLE)
    assert r.rule == "G2.2"
    assert (r.infantry_mf, r.tem, r.los, r.obstacle_height) == (2, 2, LOSEffect.OBSTACLE, 2)


def test_g2_2_dense_jungle_is_inherent_terrain() -> None:
    r = row(Terrain.DENSE_JUNGLE)
    assert r.inherent_terrain and r.concealment_terrain and not r.open_ground
    assert "stacking limit two" in r.notes


def test_g2_21_dense_jungle_only_fully_tracked_afv_and_dozers_off_road() -> None:
    assert "fully-tracked AFV" in row(Terrain.DENSE_JUNGLE).vehicle_mp


def test_g3_bamboo_one_level_inherent_obstacle_minimum_move() -> None:
    r = row(Terrain.BAMBOO)
    assert r.rule == "G3.1"
    assert (r.tem, r.los, r.obstacle_height) == (1, LOSEffect.OBSTACLE, 1)
    assert r.inherent_terrain and r.concealment_terrain
    assert r.infantry_mf is None and "Minimum Move" in r.notes
    assert "G3.3" in r.notes  # -1 TEM vs DC/HE


def test_g4_palm_trees_as_in_season_orchard() -> None:
    r = row(Terrain.PALM_TREES)
    assert r.rule == "G4.1"
    assert (r.infantry_mf, r.tem, r.los, r.hindrance) == (1, 0, LOSEffect.HINDRANCE, 1)
    assert r.obstacle_height == 1 and r.inherent_terrain


def test_g5_huts_one_level_hindrance_plus_one() -> None:
    r = row(Terrain.HUTS)
    assert r.rule == "G5.1"
    assert (r.infantry_mf, r.tem, r.los, r.hindrance) == (2, 1, LOSEffect.HINDRANCE, 1)
    assert r.obstacle_height == 0 and r.concealment_terrain


def test_g6_kunai_as_brush() -> None:
    r = row(Terrain.KUNAI)
    assert r.rule == "G6.1"
    assert (r.infantry_mf, r.tem, r.los, r.hindrance) == (2, 0, LOSEffect.HINDRANCE, 1)
    assert r.concealment_terrain and not r.open_ground


def test_g7_2_swamp_two_level_obstacle_plus_one_never_hindrance() -> None:
    r = row(Terrain.SWAMP)
    assert r.rule == "G7.1"
    assert (r.tem, r.los, r.obstacle_height, r.hindrance) == (1, LOSEffect.OBSTACLE, 2, 0)
    assert not r.open_ground and r.infantry_mf is None


def test_g8_11_drained_paddy_open_ground_one_mf() -> None:
    r = row(Terrain.PADDY)
    assert r.rule == "G8.11"
    assert (r.infantry_mf, r.tem, r.los, r.open_ground) == (1, 0, LOSEffect.NONE, True)
    for rule in ("G8.12", "G8.13", "G8.2102"):
        assert rule in r.notes


@pytest.mark.parametrize(
    ("terrain", "rule"),
    [
        (Terrain.CANAL, "B21.11"),
        (Terrain.RIVER, "B21.12"),
        (Terrain.POND, "B21.13"),
        (Terrain.LAKE, "B21.14"),
        (Terrain.OCEAN, "B21.14"),
    ],
)
def test_b21_3_water_obstacles_open_ground_for_tem(terrain: Terrain, rule: str) -> None:
    r = row(terrain)
    assert r.rule == rule
    assert (r.infantry_mf, r.tem, r.los, r.open_ground) == (None, 0, LOSEffect.NONE, True)
    assert not r.concealment_terrain


def test_b21_41_fording_costs_entire_mf_allotment() -> None:
    assert "entire MF allotment" in row(Terrain.RIVER).notes


def test_a12_12_concealment_terrain() -> None:
    concealing = {t for t in Terrain if row(t).concealment_terrain}
    assert {
        Terrain.WOODS,
        Terrain.BRUSH,
        Terrain.GRAIN,
        Terrain.MARSH,
        Terrain.ORCHARD,
        Terrain.WOODEN_BUILDING,
        Terrain.STONE_BUILDING,
    } <= concealing
    assert Terrain.OPEN_GROUND not in concealing and Terrain.PADDY not in concealing
