"""Setup legality, one test per rule: B21.5, B21.6, G8 (paddy setup and FORTIFICATIONS),
G9.1, G9.3, G9.11, G9.12, G.2, G.8, and the Japanese setup checks plugged in from G1."""

from __future__ import annotations

import sys
import types
from dataclasses import replace
from pathlib import Path

import pytest

from aslpto.base.findings import Finding
from aslpto.board.terrain import Feature
from aslpto.formats.scenario import load, loads
from aslpto.procedures import setup as setup_check
from aslpto.procedures.setup import check
from aslpto.rules.pto.procedures import fortification_hip
from aslpto.state.game import FortKind, Game

DATA = Path(__file__).parent / "data" / "scenario_basic"

# Test board 37 (tests/data/scenario_basic/board37.toml), under PTO Terrain: C3..C7, D3:E5,
# CC5:CC6, DD7, EE7 dense jungle; B7 swamp; E7, H8, H9, U3 marsh; M4:O6 and P8 paddy; T1..T10
# river; X3 pond; Y6 pond without a centre dot; Z5..Z6 canal; R2 stone building; R4 huts;
# G2..G4 bamboo; H2 palm trees; I2..I3 kunai; Q4 a bridge (a ford under PTO Terrain) on the
# road Q1-Q4.


def game(
    body: str = "",
    *,
    pto: bool = True,
    paddy: str = "drained",
    sub_zero: bool = False,
    night: bool = False,
    date: str = "1944-06",
    panji: int = 6,
    flares: int = 0,
    defender: str = "japanese",
) -> Game:
    def b(x: bool) -> str:
        return "true" if x else "false"

    head = f"""[scenario]
name = "setup"
date = "{date}"
night = {b(night)}

[map]
boards = [["37"]]

[map.files]
"37" = "board37.toml"

[ssr]
pto_terrain = {b(pto)}
paddy = "{paddy}"
sub_zero = {b(sub_zero)}

[[sides]]
name = "Japanese"
nationality = "{defender}"
defender = true
panji_hexsides = {panji}
trip_flares = {flares}

[[sides]]
name = "Americans"
nationality = "american"
"""
    return loads(head + body, str(DATA / "setup.toml"))


def _v(x: object) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    return f'"{x}"'


def unit(uid: str, hex: str, kind: str = "squad", side: str = "Japanese", **kw: object) -> str:
    extra = "".join(f"{k} = {_v(v)}\n" for k, v in kw.items())
    return f'\n[[units]]\nid = "{uid}"\nside = "{side}"\nkind = "{kind}"\nhex = "{hex}"\n{extra}'


def fort(kind: str, hex: str, **kw: object) -> str:
    extra = "".join(f"{k} = {_v(v)}\n" for k, v in kw.items())
    return f'\n[[fortifications]]\nkind = "{kind}"\nhex = "{hex}"\n{extra}'


def panji(pid: str, hex: str, *covered: str, **kw: object) -> str:
    cov = ", ".join(f'"{c}"' for c in covered)
    extra = "".join(f"{k} = {_v(v)}\n" for k, v in kw.items())
    return f'\n[[panjis]]\nid = "{pid}"\nhex = "{hex}"\ncovered = [{cov}]\n{extra}'


def found(g: Game, rule: str, severity: str = "error") -> list[Finding]:
    return [f for f in check(g) if f.rule == rule and f.severity == severity]


def where(g: Game, rule: str) -> list[str]:
    return [f.where for f in found(g, rule)]


# --- a legal setup --------------------------------------------------------------------------


def test_legal_setup_has_no_findings() -> None:
    assert check(load(DATA / "pto.toml")) == []


def test_check_never_changes_the_game() -> None:
    g = game(unit("t", "37M4", kind="vehicle", vehicle_type="truck") + fort("foxhole", "37T5"))
    before = (dict(g.units), dict(g.panjis), g.fortifications, g.map)
    assert check(g)
    assert (dict(g.units), dict(g.panjis), g.fortifications, g.map) == before


# --- B21.5, B21.6 ---------------------------------------------------------------------------


def test_b21_5_no_fortification_in_water() -> None:
    g = game(
        fort("foxhole", "37T5", id="f1")
        + fort("wire", "37X3", id="w1")
        + fort("mines", "37Z5", id="m1")
        + fort("foxhole", "37C4", id="ok")
    )
    assert sorted(where(g, "B21.5")) == ["37T5 (foxhole f1)", "37X3 (wire w1)", "37Z5 (mines m1)"]


def test_b21_5_no_panji_in_water() -> None:
    g = game(panji("A", "37T5", "37T5-T6"))
    assert where(g, "B21.5") == ["37T5 (panji A)"]


def test_b21_5_pond_without_centre_dot_is_not_a_water_obstacle_hex() -> None:
    # B21.13: a pond hex without a centre dot is not a Water Obstacle hex
    assert found(game(fort("foxhole", "37Y6")), "B21.5") == []


def test_b21_5_trip_flares_and_set_dc_are_not_fortifications() -> None:
    g = game(fort("trip-flare", "37T5") + fort("at-set-dc", "37T6"))
    assert found(g, "B21.5") == []


def test_b21_5_water_obstacle_after_flood() -> None:
    # B21.122: a flooded river makes the adjacent marsh (U3) river; a Fortification there is
    # in a Water Obstacle
    def g(depth: str) -> Game:
        return loads(
            '[map]\nboards = [["37"]]\n[map.files]\n"37" = "board37.toml"\n'
            f'[ssr]\nriver_depth = "{depth}"\n' + fort("foxhole", "37U3"),
            str(DATA / "t.toml"),
        )

    assert found(g("deep"), "B21.5") == []
    assert where(g("flooded"), "B21.5") == ["37U3 (foxhole foxhole-1)"]


def test_b21_6_wire_and_unhidden_mines_allowed_on_ice() -> None:
    g = game(fort("wire", "37T5") + fort("mines", "37T6", strength=6), sub_zero=True)
    assert found(g, "B21.6") == [] and found(g, "B21.5") == []


def test_b21_6_hidden_mines_not_on_ice() -> None:
    g = game(fort("mines", "37T5", id="m", hidden=True), sub_zero=True)
    (f,) = found(g, "B21.6")
    assert f.where == "37T5 (mines m)" and "hidden mines" in f.message


def test_b21_6_no_foxhole_or_panji_on_ice() -> None:
    g = game(fort("foxhole", "37T5", id="f") + panji("A", "37X3", "37X3-X4"), sub_zero=True)
    assert sorted(where(g, "B21.6")) == ["37T5 (foxhole f)", "37X3 (panji A)"]
    assert found(g, "B21.5") == []  # ice is not water (B21.6: Open Ground for all purposes)


# --- G8 FORTIFICATIONS ----------------------------------------------------------------------


def test_g8_fortifications_irrigated_only_mines_wire_panjis() -> None:
    body = (
        fort("foxhole", "37M4", id="fox")
        + fort("trench", "37M5", id="tr")
        + fort("wire", "37N4")
        + fort("mines", "37N5")
        + panji("A", "37O5", "37O5-O6")
    )
    g = game(body, paddy="irrigated")
    assert sorted(where(g, "G8 (FORTIFICATIONS)")) == ["37M4 (foxhole fox)", "37M5 (trench tr)"]


def test_g8_fortifications_all_types_in_drained_and_in_season_paddies() -> None:
    body = fort("foxhole", "37M4") + fort("pillbox", "37M5") + fort("trench", "37N4")
    for state in ("drained", "in-season"):
        assert found(game(body, paddy=state), "G8 (FORTIFICATIONS)") == []


def test_g8_fortifications_no_shellholes_in_irrigated_paddy() -> None:
    g = game(fort("shellholes", "37M4"), paddy="irrigated")
    assert len(found(g, "G8 (FORTIFICATIONS)")) == 1
    assert found(game(fort("shellholes", "37M4")), "G8 (FORTIFICATIONS)") == []


def test_g8_fortifications_nothing_above_bank_counter() -> None:
    g = game(unit("j", "37M4", position="bank", entrenched="foxhole"))
    (f,) = found(g, "G8 (FORTIFICATIONS)")
    assert "above a Bank counter" in f.message


def test_g8_fortifications_no_bank_counter_with_wire_or_panji() -> None:
    g = game(
        unit("a", "37M4", position="bank")
        + fort("wire", "37M4")
        + unit("b", "37N4", position="bank")
        + panji("A", "37N4", "37N4-N5")
        + unit("c", "37N5", position="bank")
        + fort("mines", "37N5")
    )
    assert sorted(where(g, "G8 (FORTIFICATIONS)")) == ["37M4 (unit a)", "37N4 (unit b)"]


# --- G8 who may set up IN / above the Bank counter -----------------------------------------


def test_g8_only_listed_units_set_up_in_paddy() -> None:
    body = (
        unit("sq", "37M4")
        + unit("cav", "37M4", kind="cavalry")
        + unit("cyc", "37M5", kind="cycle-rider")
        + unit("tank", "37M5", kind="vehicle", vehicle_type="fully-tracked", afv=True)
        + unit("dozer", "37M6", kind="vehicle", vehicle_type="dozer")
        + unit("ht", "37N4", kind="vehicle", vehicle_type="half-tracked")
        + unit("truck", "37N5", kind="vehicle", vehicle_type="truck")
    )
    g = game(body)
    assert sorted(where(g, "G8 (interior and banks)")) == ["37N4 (unit ht)", "37N5 (unit truck)"]


def test_g8_infantry_in_paddy_may_not_ride_bicycles_but_may_lead_horses() -> None:
    g = game(
        unit("bike", "37M4", transport="riding-bicycle")
        + unit("horse", "37M5", transport="leading-horse")
    )
    assert where(g, "G8 (interior and banks)") == ["37M4 (unit bike)"]


def test_g8_banks_who_may_set_up_above_bank_counter() -> None:
    body = (
        unit("inf", "37M4", position="bank")
        + unit("bike", "37M4", position="bank", transport="riding-bicycle")
        + unit("horse", "37M5", position="bank", transport="leading-horse")
        + unit("cav", "37M5", kind="cavalry", position="bank")
        + unit("cyc", "37M6", kind="cycle-rider", position="bank")
        + unit("mh", "37N4", position="bank", transport="manhandling-gun")
        + unit("boat", "37N4", position="bank", transport="manhandling-boat")
        + unit("tank", "37N5", kind="vehicle", vehicle_type="fully-tracked", position="bank")
        + unit("gun", "37N5", kind="gun", position="bank")
    )
    g = game(body)
    assert sorted(where(g, "G8 (Banks)")) == [
        "37N4 (unit boat)",
        "37N4 (unit mh)",
        "37N5 (unit gun)",
        "37N5 (unit tank)",
    ]


def test_g8_motorcycle_counter_sets_up_as_cycle_riders() -> None:
    """G8: a `vehicle` counter of type motorcycle is a Ridden motorcycle, Cycle Riders: it may
    set up IN a paddy and above its Bank counter, but not IN an Irrigated paddy."""
    body = unit("mc", "37M4", kind="vehicle", vehicle_type="motorcycle") + unit(
        "mcb", "37M5", kind="vehicle", vehicle_type="motorcycle", position="bank"
    )
    g = game(body)
    assert where(g, "G8 (interior and banks)") == [] and where(g, "G8 (Banks)") == []
    irrigated = game(body, paddy="irrigated")
    assert where(irrigated, "G8 (Irrigated)") == ["37M4 (unit mc)"]
    (f,) = found(irrigated, "G8 (Irrigated)")
    assert "Ridden Motorcycle" in f.message


def test_g8_banks_no_bank_counter_outside_a_paddy() -> None:
    g = game(unit("j", "37C4", position="bank"))
    (f,) = found(g, "G8 (Banks)")
    assert "not a paddy" in f.message


def test_g8_irrigated_prohibitions_in_paddy() -> None:
    body = (
        unit("gun", "37M4", kind="gun")
        + unit("dmgun", "37M4", kind="gun", dm=True)
        + unit("gal", "37M5", kind="cavalry", galloping=True)
        + unit("cyc", "37M6", kind="cycle-rider")
        + unit("push", "37N4", transport="pushing-motorcycle")
    )
    g = game(body, paddy="irrigated")
    assert sorted(where(g, "G8 (Irrigated)")) == [
        "37M4 (unit gun)",
        "37M5 (unit gal)",
        "37M6 (unit cyc)",
        "37N4 (unit push)",
    ]
    assert found(game(body, paddy="drained"), "G8 (Irrigated)") == []


def test_g8_unit_on_ground_in_paddy_is_a_warning() -> None:
    g = game(unit("j", "37M4", position="ground"))
    assert where(g, "G8 (interior and banks)") == []
    assert len(found(g, "G8 (interior and banks)", "warning")) == 1


# --- G9.1, G9.3 -----------------------------------------------------------------------------


def test_g9_1_pto_terrain_only() -> None:
    g = game(panji("A", "37EE7", "37EE7-EE8"), pto=False)
    (f,) = found(g, "G9.1")
    assert "PTO Terrain" in f.message
    assert found(game(panji("A", "37EE7", "37EE7-EE8")), "G9.1") == []


def test_g9_1_one_panji_per_hex() -> None:
    g = game(panji("A", "37EE7", "37EE7-EE8") + panji("B", "37EE7", "37EE7-EE6"))
    (f,) = found(g, "G9.1")
    assert f.where == "37EE7 (panji B)" and "at most one" in f.message


def test_g9_1_no_panji_in_marsh() -> None:
    assert where(game(panji("A", "37E7", "37E7-E8")), "G9.1") == ["37E7 (panji A)"]


def test_g9_1_no_panji_in_swamp() -> None:
    g = game(panji("A", "37B7", "37B7-B8"))
    (f,) = found(g, "G9.1")
    assert "swamp" in f.message


def test_g9_1_no_panji_in_building() -> None:
    g = game(panji("A", "37R2", "37R2-R3"))
    (f,) = found(g, "G9.1")
    assert "building" in f.message


def test_g9_1_no_panji_in_water_obstacle() -> None:
    g = game(panji("A", "37Z5", "37Z5-Z6"))
    (f,) = found(g, "G9.1")
    assert "Water Obstacle (canal)" in f.message


def test_g9_1_panji_in_jungle_bamboo_kunai_huts_paddy() -> None:
    body = (
        panji("A", "37C4", "37C4-C5")
        + panji("B", "37G3", "37G3-G4")
        + panji("C", "37I2", "37I2-I3")
        + panji("D", "37R4", "37R4-R5")
        + panji("E", "37M4", "37M4-M5")
        + panji("F", "37J6", "37J6-J7")
    )
    assert found(game(body), "G9.1") == []


def test_g9_1_not_with_wire_mines_or_roadblock() -> None:
    body = (
        panji("A", "37C4", "37C4-C5")
        + fort("wire", "37C4")
        + panji("B", "37D4", "37D4-D5")
        + fort("mines", "37D4", hidden=True)
        + panji("C", "37E4", "37E4-E5")
        + fort("roadblock", "37E4", hexside="37E4-E3")
        + panji("D", "37E3", "37E3-E2")
        + fort("foxhole", "37E3")
    )
    assert sorted(where(game(body, panji=12), "G9.1")) == [
        "37C4 (panji A)",
        "37D4 (panji B)",
        "37E4 (panji C)",
    ]


def test_g9_1_bridge_location_only_road_hexsides_covered() -> None:
    # Without PTO Terrain the bridge at Q4 remains (with PTO Terrain it is a ford, G.1)
    g = game(panji("A", "37Q4", "37Q4-Q3", "37Q4-R4"), pto=False)
    msgs = [f.message for f in found(g, "G9.1")]
    assert any("only its road hexsides may be Covered, not 37Q4-R4" in m for m in msgs)
    assert not any("37Q4-Q3" in m for m in msgs)


def test_g9_1_covered_hexsides_within_ob_allotment() -> None:
    body = panji("A", "37EE7", "37EE7-EE8") + panji(
        "C", "37DD7", "37DD7-CC8", "37DD7-DD8", "37DD7-EE8"
    )
    assert found(game(body, panji=4), "G9.1") == []
    (f,) = found(game(body, panji=3), "G9.1")
    assert f.where == "side Japanese" and "4 Covered" in f.message


def test_g9_1_panji_owned_by_no_side_has_no_ob_allotment() -> None:
    """G9.1: "Panjis are listed in the scenario OB by the total number of Covered hexsides
    allotted": a Panji counter of no side of the scenario is in no OB (a game built in code;
    the scenario file always names a declared side)."""
    g = game(panji("A", "37EE7", "37EE7-EE8"))
    assert found(g, "G9.1") == []
    for side in ("Nobody", ""):
        bad = g.with_panji(replace(g.panjis["A"], side=side), "A")
        (f,) = found(bad, "G9.1")
        assert f.where == "37EE7 (panji A)" and "no side of the scenario" in f.message


def test_g9_1_clauses_the_data_cannot_express() -> None:
    """G9.1 forbids Crest level in a Depression: a Panji counter has no level, so in a stream
    (Depression) hex it lies IN the Depression, and a panji there is legal."""
    g = game(panji("A", "37J6", "37J6-J7"))
    assert found(g, "G9.1") == []
    assert Feature.STREAM in g.map.info(g.map.hex("37J6")).features


def test_g9_1_no_panji_in_rubble_crag_runway_or_paved_road() -> None:
    # "any non-subterranean terrain other than building, rubble, marsh, swamp, paved
    # road/runway, crag or Water Obstacle": board 37 marks AA2 rubble, AA4 crag, BB2-BB4 runway
    # and the road in Q2 paved
    body = (
        panji("R", "37AA2", "37AA2-AA3")
        + panji("C", "37AA4", "37AA4-AA5")
        + panji("W", "37BB3", "37BB3-BB4")
        + panji("O", "37CC2", "37CC2-CC3")
    )
    g = game(body, panji=8)
    assert sorted((f.where, f.message.split(": ")[1]) for f in found(g, "G9.1")) == [
        ("37AA2 (panji R)", "Panjis may not be set up in rubble"),
        ("37AA4 (panji C)", "Panjis may not be set up in crag"),
        ("37BB3 (panji W)", "Panjis may not be set up in a runway"),
    ]
    # a paved road is a road: none is left under PTO Terrain (G.1), which G9.1 requires
    assert found(game(panji("A", "37Q2", "37Q2-Q3")), "G9.1") == []
    assert Feature.PAVED_ROAD not in g.map.info(g.map.hex("37Q2")).features
    msgs = sorted(f.message for f in found(game(panji("A", "37Q2", "37Q2-Q3"), pto=False), "G9.1"))
    assert len(msgs) == 2 and "PTO Terrain" in msgs[0]
    assert msgs[1] == "panji A: Panjis may not be set up in a paved road"


def test_g9_1_board_files_mark_rubble_crag_runway_and_paved_road(tmp_path: Path) -> None:
    # the marks are words of [features]; a paved road is a road of [lines], which G.1 removes
    from aslpto.base.rulings import InputError
    from aslpto.board.files import load_board
    from aslpto.board.terrain import MARKS

    board = load_board(DATA / "board37.toml")
    assert {f.value: sorted(board.marks[f]) for f in MARKS} == {
        "rubble": [(26, 2)],
        "crag": [(26, 4)],
        "runway": [(27, 2), (27, 3), (27, 4)],
        "paved-road": [(16, 2)],
    }
    plain = game(pto=False).map
    assert Feature.PAVED_ROAD in plain.info(plain.hex("37Q2")).features
    assert Feature.RUBBLE in game().map.info(game().map.hex("37AA2")).features  # (kept by G.1)
    bad = tmp_path / "b.toml"
    bad.write_text(
        '[board]\n[lines]\nroad = ["Q1 Q2"]\n[features]\npaved-road = ["Q3"]\n', encoding="utf-8"
    )
    with pytest.raises(InputError, match="paved-road Q3: no road runs through it"):
        load_board(bad)
    bad.write_text('[board]\n[features]\ncrags = ["Q3"]\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"unknown feature 'crags' .*crag, paved-road, rubble"):
        load_board(bad)


def test_g9_3_ex_panji_counters_a_and_c() -> None:
    # G9.3 EX: DD7-CC8, DD7-DD8, DD7-EE8 Covered by C; only EE7-EE8 by A
    body = panji("A", "37EE7", "37EE7-EE8") + panji(
        "C", "37DD7", "37DD7-CC8", "37DD7-DD8", "37DD7-EE8"
    )
    assert check(game(body)) == []


def test_g9_3_one_to_six_covered_hexsides() -> None:
    g = game(panji("A", "37EE7"))
    (f,) = found(g, "G9.3")
    assert "0 Covered" in f.message
    six = panji("B", "37C4", "37C4-C3", "37C4-C5", "37C4-B3", "37C4-B4", "37C4-D3", "37C4-D4")
    assert found(game(six), "G9.3") == []


# --- G9.11 ----------------------------------------------------------------------------------


def test_g9_11_hidden_panji_records_top() -> None:
    g = game(panji("A", "37EE7", "37EE7-EE8", hidden=True))
    (f,) = found(g, "G9.11")
    assert f.where == "37EE7 (panji A)"
    ok = game(panji("A", "37EE7", "37EE7-EE8", hidden=True, top="37EE7-EE8"))
    assert found(ok, "G9.11") == []


def test_g9_11_ex_recorded_setups() -> None:
    # G9.11 EX: "Panji A: 37EE7-EE8" and "Panji C: 37DD7-DD8"
    g = game(
        panji("A", "37EE7", "37EE7-EE8", hidden=True, top="37EE7-EE8")
        + panji("C", "37DD7", "37DD7-CC8", "37DD7-DD8", "37DD7-EE8", hidden=True, top="37DD7-DD8")
    )
    assert check(g) == []
    lay = g.map.layout
    assert g.panjis["C"].top == lay.hexside("37DD7-DD8")


def test_g9_11_unhidden_panji_needs_no_top() -> None:
    assert found(game(panji("A", "37EE7", "37EE7-EE8")), "G9.11") == []


# --- G9.12 ----------------------------------------------------------------------------------


def test_g9_12_no_gun_above_panji() -> None:
    g = game(
        panji("A", "37EE7", "37EE7-EE8") + unit("g", "37EE7", kind="gun", position="above-panji")
    )
    (f,) = found(g, "G9.12")
    assert "non-vehicular Gun" in f.message


def test_g9_12_only_units_that_may_change_position_set_up_above() -> None:
    ok = (
        unit("inf", "37EE7", position="above-panji")
        + unit("horse", "37EE7", position="above-panji", transport="leading-horse")
        + unit("cav", "37EE7", kind="cavalry", position="above-panji")
        + unit(
            "tank",
            "37EE7",
            kind="vehicle",
            vehicle_type="fully-tracked",
            afv=True,
            position="above-panji",
        )
        + unit("dozer", "37EE7", kind="vehicle", vehicle_type="dozer", position="above-panji")
        + unit("bike", "37EE7", position="above-panji", transport="riding-bicycle")
        + unit("port", "37EE7", position="above-panji", transport="portaging-bicycle")
    )
    bad = (
        unit("mh", "37DD7", position="above-panji", transport="manhandling-gun")
        + unit("push", "37DD7", position="above-panji", transport="pushing-motorcycle")
        + unit("cyc", "37DD7", kind="cycle-rider", position="above-panji")
        + unit("boat", "37DD7", kind="boat", position="above-panji")
        + unit("truck", "37DD7", kind="vehicle", vehicle_type="truck", position="above-panji")
        + unit(
            "ht",
            "37DD7",
            kind="vehicle",
            vehicle_type="half-tracked",
            afv=True,
            position="above-panji",
        )
        + unit(
            "immob",
            "37DD7",
            kind="vehicle",
            vehicle_type="fully-tracked",
            afv=True,
            mobile=False,
            position="above-panji",
        )
    )
    panjis = panji("A", "37EE7", "37EE7-EE8") + panji("C", "37DD7", "37DD7-DD8")
    g = game(ok + bad + panjis)
    assert sorted(f.where.split()[-1].rstrip(")") for f in found(g, "G9.12")) == sorted(
        ["mh", "push", "cyc", "boat", "truck", "ht", "immob"]
    )


def test_g9_12_bicyclists_may_set_up_above_panji() -> None:
    """G9.12: "nor any unit not allowed to move from above to below a Panji counter (9.5)";
    G9.5 allows "Infantry [EXC: if Manhandling]", and Infantry riding bicycles is Infantry
    (G8 Banks: "Infantry (even if riding bicycles/leading horses, but not manhandling a
    gun/boat)")."""
    bike = unit("bike", "37EE7", position="above-panji", transport="riding-bicycle")
    g = game(panji("A", "37EE7", "37EE7-EE8") + bike)
    assert found(g, "G9.12") == []


def test_g9_12_beneath_panji_any_unit() -> None:
    g = game(
        panji("A", "37EE7", "37EE7-EE8") + unit("g", "37EE7", kind="gun", position="beneath-panji")
    )
    assert found(g, "G9.12") == []


def test_g9_12_above_panji_needs_a_panji() -> None:
    g = game(unit("j", "37C4", position="above-panji"))
    (f,) = found(g, "G9.12")
    assert "has none" in f.message


# --- G.2 ------------------------------------------------------------------------------------

_JUNGLE_KUNAI_BAMBOO = ("37C4", "37I2", "37G2")  # dense jungle, kunai, bamboo (under G.1)


def test_g_2_hidden_fortifications_by_day_only_in_jungle_kunai_bamboo() -> None:
    # the cases: a hidden foxhole, trench, wire or U.S. pillbox in open ground by day
    body = "".join(
        fort(k, "37A1", id=f"{k}-open", side="Americans", hidden=True)
        for k in ("foxhole", "trench", "wire", "pillbox", "roadblock")
    )
    body += "".join(
        fort(k, h, id=f"{k}-{h}", side="Americans", hidden=True)
        for k in ("foxhole", "pillbox")
        for h in _JUNGLE_KUNAI_BAMBOO
    )
    g = game(body)
    assert sorted(where(g, "G.2")) == [
        f"37A1 ({k} {k}-open)" for k in ("foxhole", "pillbox", "roadblock", "trench", "wire")
    ]
    f = found(g, "G.2")[0]
    assert "jungle, kunai or bamboo, not open-ground" in f.message


def test_g_2_night_or_unhidden_is_not_limited() -> None:
    body = fort("foxhole", "37A1", hidden=True) + fort("trench", "37A2")
    assert found(game(body, night=True), "G.2") == []
    assert where(game(body), "G.2") == ["37A1 (foxhole foxhole-1)"]


def test_g_2_hidden_panji_by_day_only_in_jungle_kunai_bamboo() -> None:
    # a Panji counter is a Fortification (G9.1): hidden by day only in jungle/kunai/bamboo
    g = game(
        panji("A", "37M5", "37M5-M6", hidden=True, top="37M5-M6")
        + panji("B", "37I3", "37I3-I4", hidden=True, top="37I3-I4")
    )
    assert where(g, "G.2") == ["37M5 (panji A)"]


def test_g_2_mines_are_recorded_secretly_anywhere() -> None:
    # B28.1: a minefield is a counter only once revealed; G.2 excepts Known minefields (F.7)
    g = game(fort("mines", "37A1", hidden=True))
    assert found(g, "G.2") == []
    assert fortification_hip(g, FortKind.MINES, "37A1").rules == ("B28.1",)


def test_g_2_japanese_pillbox_is_g1_632s() -> None:
    # G1.632: a Japanese pillbox in Concealment Terrain may always use HIP (palm trees, H2);
    # in open ground it is G1.632's error, not a second one under G.2
    body = (
        fort("pillbox", "37H2", id="pb-palm", side="Japanese", hidden=True)
        + fort("pillbox", "37A1", id="pb-open", side="Japanese", hidden=True)
        + fort("pillbox", "37A3", id="us-open", side="Americans", hidden=True)
    )
    g = game(body)
    assert where(g, "G.2") == ["37A3 (pillbox us-open)"]
    assert [f.message for f in found(g, "G1.632")] == [
        "pillbox pb-open uses HIP but is not in Concealment Terrain"
    ]


def test_g_2_only_in_a_pacific_theater_scenario() -> None:
    # no PTO Terrain and no Japanese side: Chapter G does not rule the scenario
    body = fort("foxhole", "37A1", hidden=True)
    assert found(game(body, pto=False, defender="german"), "G.2") == []
    assert len(found(game(body, pto=False), "G.2")) == 1  # a Japanese side


def test_g_2_setup_check_agrees_with_the_procedure() -> None:
    hexes = ("37A1", "37H2", "37M5", "37R4", *_JUNGLE_KUNAI_BAMBOO)
    for night in (False, True):
        g = game("".join(fort("foxhole", h, id=h, hidden=True) for h in hexes), night=night)
        flagged = {f.where.split(" ")[0] for f in found(g, "G.2")}
        assert flagged == {h for h in hexes if not fortification_hip(g, FortKind.FOXHOLE, h).value}
    assert flagged == set()


# --- G.8 ------------------------------------------------------------------------------------


def _flares(body: str, flares: int = 3) -> Game:
    return game(body, night=True, date="1944-08", flares=flares, defender="american")


def test_g_8_trip_flares_in_jungle_bamboo_wire_panji_locations() -> None:
    body = (
        fort("trip-flare", "37C4", side="Japanese")
        + fort("trip-flare", "37G3", side="Japanese")
        + fort("wire", "37K5")
        + fort("trip-flare", "37K5", side="Japanese")
        + panji("A", "37K6", "37K6-K7")
        + fort("trip-flare", "37K6", side="Japanese")
        + fort("trip-flare", "37L5", side="Japanese", id="open")
    )
    assert where(_flares(body, flares=5), "G.8") == ["37L5 (trip-flare open)"]


def test_g_8_trip_flares_only_us_defender_night_1944_5() -> None:
    body = fort("trip-flare", "37C4", side="Japanese")
    assert found(_flares(body), "G.8") == []
    assert len(found(game(body, night=True, date="1944-08", flares=3), "G.8")) == 1
    assert len(found(game(body, date="1944-08", flares=3, defender="american"), "G.8")) == 1
    assert (
        len(found(game(body, night=True, date="1943-08", flares=3, defender="american"), "G.8"))
        == 1
    )


def test_g_8_trip_flares_within_ob() -> None:
    body = fort("trip-flare", "37C4", side="Japanese", strength=2) + fort(
        "trip-flare", "37C5", side="Japanese", strength=2
    )
    (f,) = found(_flares(body), "G.8")
    assert f.where == "side Japanese" and "4 trip flares" in f.message


# --- G1 (Japanese setup checks) -------------------------------------------------------------


def test_japanese_findings_absent_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(setup_check, "JAPANESE_SETUP_MODULE", "aslpto.no_such_module")
    assert setup_check.japanese_findings(game()) == []


def test_japanese_findings_run_every_check_function(monkeypatch: pytest.MonkeyPatch) -> None:
    mod = types.ModuleType("aslpto_fake_japanese_setup")

    def check_g1_631(game: Game) -> list[Finding]:
        return [Finding("G1.631", "error", f"{len(game.units)} units", "37C4")]

    def check_g1_422(units: tuple[object, ...], year: int, night: bool = False) -> Finding:
        return Finding("G1.422", "warning", f"{len(units)} units in {year}", "")

    def check_needs_more(game: Game, ambush: object) -> list[Finding]:  # not all facts
        raise AssertionError

    def helper(game: Game) -> list[Finding]:  # not named check*
        raise AssertionError

    for fn in (check_g1_631, check_g1_422, check_needs_more, helper):
        fn.__module__ = mod.__name__
        setattr(mod, fn.__name__, fn)
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    monkeypatch.setattr(setup_check, "JAPANESE_SETUP_MODULE", mod.__name__)
    g = game(unit("j", "37C4"))
    got = check(g)
    assert Finding("G1.631", "error", "1 units", "37C4") in got
    assert Finding("G1.422", "warning", "1 units in 1944", "") in got


def test_g1_631_japanese_setup_checks_run_in_check() -> None:
    # aslpto.rules.japanese.setup.check_japanese_setup is found and run: two hidden squads of two
    # by day exceed the G1.631 HIP allowance (10% FRU of two squad-equivalents = 1)
    pytest.importorskip("aslpto.rules.japanese.setup")
    g = game(unit("j1", "37C4", hidden=True) + unit("j2", "37C5", hidden=True))
    assert [f.rule for f in check(g) if f.rule.startswith("G1")] == ["G1.631"]
    assert [
        f.rule
        for f in check(game(unit("j1", "37C4", hidden=True) + unit("j2", "37C5")))
        if f.rule.startswith("G1")
    ] == []


# --- counters as VASL prints them (docs/counters.md) ----------------------------------------


def test_counters_impossible_face_names_the_printed_ones() -> None:
    g = game(
        unit("a", "37A1", side="Americans", counter="5-5-6", **{"class": "2nd-line"})
        + unit("b", "37A2", side="Americans", counter="6-6-6", **{"class": "elite"})
        + unit("c", "37A3", side="Americans", counter="6-6-7")
        + unit("d", "37A4", counter="3-4-7", strength="full", **{"class": "1st-line"})
        + unit("e", "37A5", counter="4-4-8")
        + unit("f", "37A6", kind="leader", counter="8-1")
        + unit("g", "37A7", kind="leader", side="Americans", counter="10-1")
    )
    msgs = {f.where: f.message for f in check(g) if f.rule in (setup_check.COUNTERS, "G1.41")}
    assert msgs == {
        "unit a": "U.S. Army squad 5-5-6: not a U.S. Army counter; 2nd-line squads are 5-4-6 "
        "and 4-4-7",
        "unit b": "U.S. Army squad 6-6-6: printed as 1st-line, not elite; elite squads are "
        "6-6-7 and 7-4-7",
        "unit d": "Japanese squad 3-4-7: printed as full 2nd-line or reduced 1st-line, not full "
        "1st-line",
        "unit g": "U.S. Army leader 10-1: not a rank of its leaders (10-3, 10-2, 9-2, 9-1, 8-1, "
        "8-0, 7-0, 6+1)",
    }


def test_counters_class_without_a_face() -> None:
    g = game(
        unit("m", "37A1", side="Americans", **{"class": "elite"})
        + unit("n", "37A2", side="Americans", **{"class": "conscript"})
    )
    msgs = [f.message for f in check(g) if f.rule == setup_check.COUNTERS]
    assert msgs == [
        "U.S. Army prints no conscript squad; its Classes are elite, 1st-line, "
        "2nd-line, green (or give the counter: 6-6-7, 6-6-6, 5-4-6, 5-3-6, 7-4-7, "
        "4-4-7 and 3-3-6)"
    ]


def test_a25_222_a_commissar_face_is_a_printed_leader() -> None:
    """A Russian 9-0 is a Commissar (A25.222) as VASL prints it, not an impossible leader."""
    from aslpto.formats import scenario as _scenario
    from aslpto.procedures.setup import check as _check

    text = (
        '[map]\nboards = [["37"]]\n[map.files]\n"37" = "901"\n'
        '[[sides]]\nname = "R"\nnationality = "russian"\n'
        '[[units]]\nid = "C"\nside = "R"\nkind = "leader"\ncounter = "9-0"\nhex = "37A1"\n'
    )
    assert [f for f in _check(_scenario.loads(text)) if "leader" in f.message] == []
