"""The PTO rules that turn on LOS: G8 (LOS paragraph), G9.2, G9.4, G9.53, G1.421, G1.424,
G.1 (stream end-hexes), B21.3."""

from __future__ import annotations

from dataclasses import replace

import pytest

from aslpto.board.hexes import Layout
from aslpto.board.maps import Map, MapConditions
from aslpto.rules.japanese.heroes import hero_targets_in_los
from aslpto.rules.los import location_of, los
from aslpto.rules.panji.effects import concealment_dr_barred, panji_seen_by_enemy
from aslpto.rules.pto.terrain import build_map
from aslpto.rules.water.conditions import water_open_ground
from aslpto.state.game import Conditions, Fortification, FortKind, Game, PaddyState, Panji
from aslpto.state.units import Kind, Unit
from maphelp import board
from test_los_helpers import blocker, board_map, check, game, unit

IN_SEASON = Conditions(paddy=PaddyState.IN_SEASON, month=7)
DRAINED = Conditions(paddy=PaddyState.DRAINED, month=7)

# --- G8: LOS --------------------------------------------------------------------------------

PADDIES = '[terrain]\npaddy = ["E4:G6"]'


def test_g8_bank_hexsides_do_not_affect_los_of_units_not_entrenched() -> None:
    m = board_map(PADDIES)
    assert m.is_bank(m.hex("37F5"), m.hex("37F6"))
    assert check(m, "37F5", "37F9").los


def test_g8_entrenched_infantry_treat_bank_hexsides_as_hedges() -> None:
    m = board_map(PADDIES)
    r = check(m, "37F5", "37F9", entrenched=(True, False))
    assert not r.los
    assert blocker(r).where == "37F5-F6"
    assert "G8 (LOS)" in r.rules and "B27.2" in r.rules
    # both ways: the entrenched unit cannot be seen over its bank either
    assert not check(m, "37F9", "37F5", entrenched=(False, True)).los


def test_g8_entrenched_infantry_see_higher_and_adjacent() -> None:
    m = board_map(PADDIES)
    assert check(m, "37F5", "37F9@1", entrenched=(True, False)).los
    assert check(m, "37F5", "37F6", entrenched=(True, False)).los


def test_g8_breached_bank_is_no_hedge() -> None:
    from aslpto.board.hexes import Hexside
    from aslpto.board.terrain import HexsideFeature

    m = board_map(PADDIES)
    s = Hexside.of(m.hex("37F5"), m.hex("37F6"))
    m2 = m.with_hexside(s, m.hexside_features(s.a, s.b) | {HexsideFeature.BREACHED}, "G8")
    s2 = Hexside.of(m.hex("37F6"), m.hex("37F7"))
    m2 = m2.with_hexside(s2, m2.hexside_features(s2.a, s2.b) | {HexsideFeature.BREACHED}, "G8")
    assert check(m2, "37F5", "37F9", entrenched=(True, False)).los


def test_g8_los_to_bank_counter_drawn_to_centre_dot() -> None:
    m = board_map(PADDIES + '\nwoods = ["F8"]')
    on_bank = check(m, "37F5:bank", "37F9")
    in_paddy = check(m, "37F5", "37F9")
    assert (on_bank.los, on_bank.blocked_by) == (in_paddy.los, in_paddy.blocked_by)
    assert "G8 (LOS)" in on_bank.rules
    assert any("centre dot" in n for n in on_bank.notes)
    assert check(m, "37F4:bank", "37F6:bank").los


def test_g8_in_season_paddy_hindrance_halved_frd() -> None:
    m = board_map('[terrain]\npaddy = ["C3", "C4", "C5", "C6"]')
    assert check(m, "37C1", "37C8", IN_SEASON).hindrance_drm == 2  # 4 hexes -> +2
    assert check(m, "37C1", "37C6", IN_SEASON).hindrance_drm == 1  # 3 hexes -> +1
    assert check(m, "37C1", "37C4", IN_SEASON).hindrance_drm == 0  # 1 hex -> 0
    assert check(m, "37C1", "37C8", DRAINED).hindrance_drm == 0
    r = check(m, "37C1", "37C8", IN_SEASON)
    assert "G8 (LOS)" in r.rules and any("halved" in n for n in r.notes)


def test_g8_in_season_paddy_halving_apart_from_grain() -> None:
    m = board_map('[terrain]\ngrain = ["C2"]\npaddy = ["C3", "C4", "C5", "C6"]')
    r = check(m, "37C1", "37C8", IN_SEASON)
    assert r.hindrance_drm == 1 + 2


def test_g8_in_season_paddy_only_hinders_same_level() -> None:
    m = board_map('[terrain]\npaddy = ["C3", "C4", "C5", "C6"]')
    assert check(m, "37C1@1", "37C8", IN_SEASON).hindrance_drm == 0


def test_g8_in_season_paddy_grain_is_inherent_along_hexside() -> None:
    """The grain is Inherent Terrain: along its hexside it hinders from one side (B.6)."""
    m = board_map('[terrain]\npaddy = ["C5", "E5"]')
    assert check(m, "37B5", "37H5", IN_SEASON).hindrance_drm == 1
    assert check(m, "37B5", "37H5", DRAINED).hindrance_drm == 0
    b = board_map('[terrain]\nbrush = ["C5", "E5"]')
    assert check(b, "37B5", "37H5").hindrance_drm == 0  # brush is not Inherent


# --- G9.2 -------------------------------------------------------------------------------------


def test_g9_2_panji_neither_obstacle_nor_hindrance() -> None:
    m = board_map('[terrain]\nbrush = ["C4"]')
    plain = check(m, "37C1", "37C7")
    with_panji = check(m, "37C1", "37C7", panjis=("37C3", "37C4"))
    assert (
        (with_panji.los, with_panji.hindrance_drm) == (plain.los, plain.hindrance_drm) == (True, 1)
    )
    assert "G9.2" in with_panji.rules and "G9.2" not in plain.rules


def test_g9_2_unit_above_panji_at_its_hex_level() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    assert check(m, "37C1:above", "37C7").los == check(m, "37C1", "37C7").los is False
    r = check(m, "37C1:above", "37C3", panjis=("37C1",))
    assert r.los and "G9.2" in r.rules


# --- G9.4: hidden panji revealed only to a Good Order enemy with LOS ---------------------------


def _panji_game(woods: bool = False, broken: bool = False) -> tuple[Game, Panji]:
    m = board_map('[terrain]\nwoods = ["C4"]' if woods else "")
    p = Panji("A", m.hex("37C7"), frozenset(), side="Japanese", hidden=True)
    us = unit("U1", "U.S.", "37C1", broken=broken)
    jp = unit("J1", "Japanese", "37C2")
    return game(m, us, jp, panjis=(p,)), p


def test_g9_4_hidden_panji_revealed_to_good_order_enemy_with_los() -> None:
    g, p = _panji_game()
    r = panji_seen_by_enemy(g, p)
    assert r.value == ("U1",) and "G9.4" in r.rules


def test_g9_4_no_reveal_without_los() -> None:
    g, p = _panji_game(woods=True)
    assert panji_seen_by_enemy(g, p).value == ()


def test_g9_4_no_reveal_to_broken_enemy() -> None:
    g, p = _panji_game(broken=True)
    assert panji_seen_by_enemy(g, p).value == ()


# --- G9.53 -------------------------------------------------------------------------------------


def test_g9_53_above_panji_in_enemy_los_no_concealment_dr() -> None:
    m = board_map()
    jp = unit("J1", "Japanese", "37C7", position="above-panji", concealed=True)
    us = unit("U1", "U.S.", "37C1")
    g = game(m, jp, us)
    r = concealment_dr_barred(g, jp)
    assert r.value and "G9.53" in r.rules and "U1" in r.why


def test_g9_53_broken_enemy_or_no_los_allows_dr() -> None:
    m = board_map('[terrain]\nwoods = ["C4"]')
    jp = unit("J1", "Japanese", "37C7", position="above-panji")
    g = game(m, jp, unit("U1", "U.S.", "37C1"))
    assert not concealment_dr_barred(g, jp).value
    g2 = game(board_map(), jp, unit("U1", "U.S.", "37C1", broken=True))
    assert not concealment_dr_barred(g2, jp).value
    beneath = replace(jp, position="beneath-panji")
    assert not concealment_dr_barred(
        game(board_map(), beneath, unit("U1", "U.S.", "37C1")), beneath
    ).value


# --- G1.421 / G1.424: T-H and DC Heroes need a LOS --------------------------------------------


def _hero_game(woods: bool) -> tuple[Game, Unit]:
    m = board_map('[terrain]\nwoods = ["C4"]' if woods else "")
    jp = unit("J1", "Japanese", "37C1", possesses_dc=True)
    tank = unit("T1", "U.S.", "37C7", kind=Kind.VEHICLE, afv=True)
    sq = unit("U1", "U.S.", "37C6")
    fort = Fortification("F1", FortKind.FOXHOLE, m.hex("37E5"), side="U.S.")
    hid = Fortification("F2", FortKind.PILLBOX, m.hex("37E6"), side="U.S.", hidden=True)
    g = game(m, jp, tank, sq)
    return replace(g, fortifications=(fort, hid)), jp


def test_g1_421_th_hero_needs_enemy_afv_in_los() -> None:
    g, jp = _hero_game(woods=False)
    r = hero_targets_in_los(g, jp)
    assert r.value == ("T1",) and r.rules == ("G1.421",)
    g2, jp2 = _hero_game(woods=True)
    assert hero_targets_in_los(g2, jp2).value == ()


def test_g1_424_dc_hero_any_enemy_unit_or_known_fortification_in_los() -> None:
    g, jp = _hero_game(woods=False)
    r = hero_targets_in_los(g, jp, dc=True)
    assert set(r.value) == {"T1", "U1", "fort:F1"} and r.rules == ("G1.424",)
    g2, jp2 = _hero_game(woods=True)
    assert hero_targets_in_los(g2, jp2, dc=True).value == ("fort:F1",)


# --- G.1: stream end-hexes of two boards -------------------------------------------------------


def _stacked(pto: bool = True) -> Map:
    top = board('[lines]\nstream = ["C7 C8 C9 C10"]')
    bottom = board('[lines]\nstream = ["C1 C2 C3"]')
    return build_map(
        Layout.grid([["37"], ["39"]]),
        {"37": top, "39": bottom},
        conditions=MapConditions(pto_terrain=pto),
    )


def test_g_1_stream_hexside_counts_between_its_two_end_hexes() -> None:
    m = _stacked()
    assert check(m, "37C10", "39C1").los


def test_g_1_stream_hexside_not_for_los_passing_through() -> None:
    m = _stacked()
    r = check(m, "37C9", "39C2")
    assert not r.los
    assert (blocker(r).where, blocker(r).rule) == ("37C10-39C1", "G.1")
    r2 = check(m, "37C10", "39C2")  # begins in one end-hex, ends beyond the other
    assert not r2.los and blocker(r2).rule == "G.1"


def test_g_1_stream_end_hexes_not_joined_without_pto_terrain() -> None:
    """Without G.1 the two streams are separate Depressions: even the two end-hexes, ground
    between them, do not see each other (which is what G.1's exception grants)."""
    m = _stacked(pto=False)
    r = check(m, "37C10", "39C1")
    assert not r.los and blocker(r).rule == "A6.3"
    assert not check(m, "37C9", "39C2").los


def test_g_1_los_from_outside_the_depression_unaffected() -> None:
    m = _stacked()
    assert check(m, "37C10:crest", "39C2:crest").los


# --- B21.3 ----------------------------------------------------------------------------------------


def test_b21_3_water_obstacle_in_los_is_open_ground() -> None:
    m = board_map('[terrain]\nriver = ["C5", "C6", "C7"]')
    g = game(m, unit("U1", "U.S.", "37C4"), unit("U2", "U.S.", "37C1"))
    r = water_open_ground(g, g.unit("U1"), m.hex("37C6"))
    assert r.value and "B21.3" in r.rules
    r2 = water_open_ground(g, g.unit("U2"), m.hex("37C6"))  # over C2-C4 ground
    assert not r2.value and "B21.2" in r2.rules
    assert not water_open_ground(g, g.unit("U1"), m.hex("37C2")).value


def test_los_api_accepts_units_and_strings() -> None:
    m = board_map()
    g = game(m, unit("U1", "U.S.", "37C4", entrenched="foxhole"))
    loc = location_of(g, g.unit("U1"))
    assert loc.entrenched and loc.infantry
    assert los(g, g.unit("U1"), "37C1").los
    assert los(g, "37C1", loc).range == 3


@pytest.mark.parametrize("pos", ["above-panji", "beneath-panji", "ground"])
def test_g9_1_panji_does_not_create_a_location(pos: str) -> None:
    m = board_map()
    g = game(m, unit("U1", "U.S.", "37C4", position=pos))
    assert los(g, g.unit("U1"), "37C4").range == 0


@pytest.mark.parametrize("pto", [True, False])
@pytest.mark.parametrize(
    ("a", "b"), [("31CC2", "32B2"), ("31BB2", "32B2"), ("31CC2", "32C2"), ("31BB2", "32C2")]
)
def test_g_1_a_seam_hex_s_stream_on_one_board_s_half_joins_only_that_board_s_stream(
    pto: bool, a: str, b: str
) -> None:
    """The bundled boards 31 and 32 side by side: 31's stream runs along row 2 into the seam hex
    31GG2 (32A2), 32's from the seam hex 31GG3 (32A3) through 32B2 on. 32A2 is a stream hex on
    31's half only, so the Depression does not run on across 32A2-B2, nor (a thread along the
    31GG2-GG3 hexside) from 31's stream into 32's: G.1 joins the two streams only for a LOS
    from one end-hex to the other (A6.3, with A6.1 for the hexside)."""
    from pathlib import Path

    from aslpto.formats import scenario

    text = (Path(__file__).resolve().parent.parent / "examples" / "paddy-river.toml").read_text()
    assert "pto_terrain = true" in text
    g = scenario.loads(text.replace("pto_terrain = true", f"pto_terrain = {str(pto).lower()}"))
    r = check(g.map, a, b)
    assert not r.los and blocker(r).rule == "A6.3", r
    assert check(g.map, "31AA2", "31GG2").los and check(g.map, "32B2", "32G2").los
