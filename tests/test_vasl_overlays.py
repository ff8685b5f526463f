"""VASL overlay archives on real boards (G.9, G.9B, G.9E, G8): the overlays' pictures read
through their colours replace the board's pixels, so hexes, G.1 and LOS see them. The facts
were checked by eye on the overlay pictures (hex labels drawn on ``ovr1a.gif``,
``ovrrp3d.gif``, ``ovrsw2a.gif``). Skipped without the shared VASL folder."""

from __future__ import annotations

import io
import zipfile
from functools import cache
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.files import BoardData
from aslpto.board.hexes import Layout
from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.formats import scenario
from aslpto.formats.vasl.boardarchive import parse_hex, read_board_archive
from aslpto.formats.vasl.boards import load_vasl_board
from aslpto.formats.vasl.overlays import (
    OverlayError,
    OverlaySpot,
    covered_hexes,
    find_overlay_archive,
    overlay_archive_name,
    read_overlay_archive,
    scenario_spot,
)
from aslpto.procedures.movement import evaluate
from aslpto.rules.los.queries import los
from aslpto.state.game import Game
from vaslhelp import BOARDS, VASL, needs_vasl, scenario_text

OVERLAYS = VASL / "overlays" if VASL is not None else None


def _ovr(name: str) -> str:
    assert OVERLAYS is not None
    return str(OVERLAYS / overlay_archive_name(name))


@cache
def _board(board: str, *spots: tuple[str, str, str]) -> BoardData:
    assert BOARDS is not None
    return load_vasl_board(
        BOARDS / f"bd{board}", board, [OverlaySpot(n, _ovr(n), a, b) for n, a, b in spots]
    )


def _t(data: BoardData, name: str) -> Terrain:
    return data.terrain[parse_hex(name)]


def test_overlay_archive_names() -> None:
    assert overlay_archive_name("RP3") == "ovrRP"
    assert overlay_archive_name("sw1") == "ovrSW"
    assert overlay_archive_name("1") == "ovr1"
    assert overlay_archive_name("P2") == "ovrP"


@needs_vasl
def test_overlay_archives_read() -> None:
    assert OVERLAYS is not None and BOARDS is not None
    rp = read_overlay_archive(_ovr("RP1"))
    assert rp.origins["rp1"] == ("b2", "b1", "c1", "d1", "d2", "c3")
    assert rp.overlays() == ("rp1", "rp2", "rp3", "rp4", "rp5")
    assert read_overlay_archive(_ovr("4")).place_at == ("t0", "t-1")
    assert find_overlay_archive("RP1", BOARDS) == str(OVERLAYS / "ovrRP")


# --- G.9E: overlays 1-3 on boards 34-37, 4 on 34, 5 on 34/35/37 ------------------------------

G9E = [
    (o, b, s)
    for o in ("1", "2", "3")
    for b in ("34", "35", "36", "37")
    for s in ("D2-D1", "N8-N9", "T2-T1", "DD8-DD9")
]
G9E += [("5", "34", s) for s in ("K2-K1", "O9-O10")]
G9E += [("5", b, s) for b in ("35", "37") for s in ("K2-K1", "O9-O10", "S2-S1", "W9-W10")]


@needs_vasl
@pytest.mark.parametrize(("overlay", "board", "spot"), G9E)
def test_g9e_each_placement_loads_and_changes_the_hexes_beneath(
    overlay: str, board: str, spot: str
) -> None:
    a, b = spot.split("-")
    bare, laid = _board(board), _board(board, (overlay, a, b))
    changed = [h for h in bare.hexes if bare.terrain[h] != laid.terrain[h]]
    assert len(changed) >= 5
    assert parse_hex(a) in laid.hexes


@needs_vasl
@pytest.mark.parametrize(
    ("overlay", "spot"),
    [(o, s) for o in ("1", "2", "3") for s in ("D2-D1", "N8-N9", "T2-T1", "DD8-DD9")],
)
def test_g9c_hexes_under_the_overlay_read_alike_on_every_board(overlay: str, spot: str) -> None:
    # G.9C: an overlay hex shows only the overlay's terrain: the hexes it covers read the
    # same on boards 34-37 whatever lies beneath, their levels counted from the level of
    # the first placement hex (36D2 is on a level-1 hill)
    assert BOARDS is not None
    a, b = spot.split("-")
    spots = OverlaySpot(overlay, _ovr(overlay), a, b)
    under = covered_hexes(read_board_archive(BOARDS / "bd34"), spots)
    assert len(under) >= 90
    boards = ("34", "35", "36", "37")
    laid = [_board(bd, (overlay, a, b)) for bd in boards]
    base = [_board(bd).levels.get(parse_hex(a), 0) for bd in boards]
    assert all(len({d.terrain[h] for d in laid}) == 1 for h in under)
    assert all(
        len({d.levels.get(h, 0) - z for d, z in zip(laid, base, strict=True)}) == 1 for h in under
    )


@needs_vasl
def test_g9e_overlay_1_on_37_d2_d1_as_pictured() -> None:
    # ovr1a.gif's B2 goes on D2: picture B1 swamp, B2 woods, D2 huts, C4 brush, E10 swamp
    m = _board("37", ("1", "D2", "D1"))
    assert _t(m, "D1") == Terrain.SWAMP and _t(_board("37"), "D1") == Terrain.WOODS
    assert _t(m, "D2") == Terrain.WOODS and _t(_board("37"), "D2") == Terrain.GRAIN
    assert _t(m, "F2") == Terrain.WOODEN_BUILDING
    assert _t(m, "E4") == Terrain.BRUSH
    assert _t(m, "G10") == Terrain.SWAMP
    # palm trees (orchard) drawn as separate trees around an open centre: B4, C6, D7
    assert _t(m, "D4") == Terrain.ORCHARD and _t(m, "E6") == Terrain.ORCHARD
    assert _t(m, "F7") == Terrain.ORCHARD


@needs_vasl
def test_g9e_overlay_1_on_37_dd8_dd9_is_turned() -> None:
    # orientation d (ovr1d.gif, the overlay turned 180°): picture-a's B1 lies below the
    # origin, its D2 two columns west, its C4 at CC7
    m = _board("37", ("1", "DD8", "DD9"))
    assert _t(m, "DD9") == Terrain.SWAMP
    assert _t(m, "BB8") == Terrain.WOODEN_BUILDING
    assert _t(m, "CC7") == Terrain.BRUSH


@needs_vasl
def test_g9e_overlay_5_on_37_k2_k1_as_pictured() -> None:
    # ovr5a.gif's C2 goes on K2: C2 woods, C3 brush, C6 trees, E3 swamp, and the stream
    # through D1-D3, E4, E5
    m = _board("37", ("5", "K2", "K1"))
    assert _t(m, "K2") == Terrain.WOODS and _t(m, "K3") == Terrain.BRUSH
    assert _t(m, "K6") == Terrain.ORCHARD and _t(m, "M3") == Terrain.SWAMP
    streams = {h for chain in m.streams for h in chain}
    assert {parse_hex(n) for n in ("L1", "L2", "L3", "M4", "M5")} <= streams
    assert parse_hex("K2") not in streams


@needs_vasl
def test_g9e_the_remaining_overlays_load() -> None:
    # "The remaining overlays can be used almost anywhere": 6 (two pictures, a and d) and 7
    # (one picture, placed by one hex)
    assert _t(_board("37", ("7", "E1", "E1")), "E1") != _t(_board("37"), "E1")
    six = _board("36", ("6", "C2", "C1"))
    assert sum(six.terrain[h] != _board("36").terrain[h] for h in six.hexes) > 50


@needs_vasl
def test_g9e_overlay_4_by_its_data_file() -> None:
    layout = Layout.grid([("34",)])
    assert BOARDS is not None
    board, spot = scenario_spot(layout, "4", "34", BOARDS)
    assert (board, spot.hex1, spot.hex2) == ("34", "t0", "t-1")


@needs_vasl
def test_g9e_refuses_a_placement_it_does_not_name() -> None:
    layout = Layout.grid([("37",)])
    assert BOARDS is not None
    with pytest.raises(InputError, match=r"G\.9E: overlay 1 on board 37 may be placed only"):
        scenario_spot(layout, "1", "37E2-E1", BOARDS)
    with pytest.raises(InputError, match=r"G\.9E: overlay 5 may be used only on board"):
        scenario_spot(Layout.grid([("36",)]), "5", "36K2-K1", BOARDS)


# --- RP, SW, P ----------------------------------------------------------------------------------


@needs_vasl
def test_rp3_on_37_w5_w6_the_three_paddy_hexes() -> None:
    # ovrrp3d.gif: D1 on W5, D2 below it on W6, C2 to their lower left on V5
    m = _board("37", ("RP3", "W5", "W6"))
    assert {n for n in ("V5", "W5", "W6", "V6", "X5") if _t(m, n) == Terrain.PADDY} == {
        "V5",
        "W5",
        "W6",
    }
    assert m.levels.get(parse_hex("W5"), 0) == 0


@needs_vasl
def test_single_hex_overlays() -> None:
    assert _t(_board("37", ("P1", "W5", "W5")), "W5") == Terrain.POND
    assert _t(_board("37", ("RP1", "W5", "W5")), "W5") == Terrain.PADDY
    sw = _board("37", ("SW2", "W5", "W6"))  # the swamp overlays are swamp
    assert _t(sw, "W5") == Terrain.SWAMP and _t(sw, "W6") == Terrain.SWAMP


@needs_vasl
def test_g9b_later_overlay_on_top() -> None:
    m = _board("37", ("RP3", "W5", "W6"), ("P1", "W6", "W6"))
    assert _t(m, "W5") == Terrain.PADDY and _t(m, "W6") == Terrain.POND


@needs_vasl
def test_overlay_bad_input_one_line() -> None:
    with pytest.raises(InputError, match=r"no overlay RP9 in ovrRP \(it has RP1, RP2"):
        _board("37", ("RP9", "W5", "W6"))
    with pytest.raises(InputError, match="runs off board 37"):
        _board("37", ("RP3", "GG5", "GG6"))
    with pytest.raises(InputError, match=r"has one picture \(orientation a only\)"):
        _board("37", ("P1", "W5", "W6"))
    with pytest.raises(InputError, match="two adjacent hexes"):
        _board("37", ("RP3", "W5", "W8"))
    with pytest.raises(InputError, match="no picture for orientation"):
        _board("37", ("1", "D2", "E2"))


def test_not_an_overlay_archive(tmp_path: Path) -> None:
    p = tmp_path / "ovrRP"
    p.write_bytes(b"not a zip")
    with pytest.raises(OverlayError, match="not a zip file"):
        read_overlay_archive(str(p))
    q = tmp_path / "ovrSW"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("colors", "")
    q.write_bytes(buf.getvalue())
    with pytest.raises(OverlayError, match="no 'data' file"):
        read_overlay_archive(str(q))


# --- a scenario: G8 end to end on a real board --------------------------------------------------

RP = (
    '\n[[overlays]]\nfile = "vasl:RP3"\non = "37W5-W6"\n[[units]]\nid = "U"\nside = "U.S."\n'
    'kind = "squad"\nclass = "1st-line"\ncounter = "6-6-6"\nhex = "37W4"\n'
)


@cache
def _game(paddy: str) -> Game:
    return scenario.loads(scenario_text('[["37"]]', f'paddy = "{paddy}"', RP))


@needs_vasl
def test_g8_rp_overlay_in_a_scenario_banks_and_movement_chart() -> None:
    g = _game("irrigated")
    m = g.map
    assert m.info(m.hex("37W5")).terrain == Terrain.PADDY
    assert HexsideFeature.BANK in m.hexside_features(m.hex("37W5"), m.hex("37X5"))
    assert HexsideFeature.BANK in m.hexside_features(m.hex("37W5"), m.hex("37W6"))
    wet = evaluate(g, "U", ["37W5"]).steps[0]
    dry = evaluate(_game("drained"), "U", ["37W5"]).steps[0]
    assert "G8.2102" in wet.rules and "G8.2102" in dry.rules
    assert wet.cost > dry.cost  # G8 Irrigated: mud (A4.134) on top of the bank hexside


@needs_vasl
def test_g8_in_season_paddy_hinders_los_on_the_artwork() -> None:
    # G8 In-Season: +1 per hex halved (FRD), counted over the paddies the thread crosses
    r = los(_game("in-season"), "37W4", "37W7")
    assert r.los and r.hindrance_drm == 1
    assert [h.where for h in r.hindrances] == ["37W5", "37W6"]
    r0 = los(_game("drained"), "37W4", "37W7")
    assert r0.los and r0.hindrance_drm == 0


@needs_vasl
def test_g8_banks_are_hedges_to_entrenched_infantry_on_the_artwork() -> None:
    # the RP pictures' hex outlines are drawn as bank pixels: 37W4 -> 37V6 runs across the
    # banks of 37W5, which block an entrenched end only (G8 LOS)
    from dataclasses import replace

    from aslpto.rules.los import parse_location
    from aslpto.rules.los.queries import build_engine

    g = _game("drained")
    eng = build_engine(g.map, g.conditions)
    a, b = parse_location(g.map, "37W4"), parse_location(g.map, "37V6")
    dug = eng.check(replace(a, entrenched=True), b)
    assert not dug.los and dug.blocked_by is not None and dug.blocked_by.rule == "G8 (LOS)"
    assert eng.check(a, b).los


@needs_vasl
def test_scenario_bad_overlay_lines() -> None:
    text = scenario_text('[["37"]]', "", '\n[[overlays]]\nfile = "vasl:RP9"\non = "37W5-W6"\n')
    with pytest.raises(InputError, match="no overlay RP9"):
        scenario.loads(text, "s.toml")
    text = scenario_text('[["37"]]', "", '\n[[overlays]]\nfile = "vasl:RP3"\non = "37GG5-GG6"\n')
    with pytest.raises(InputError, match="runs off board 37") as e:
        scenario.loads(text, "s.toml")
    assert e.value.line is not None


# --- a VASL save's overlays ---------------------------------------------------------------------


@needs_vasl
def test_a_saves_overlays_are_placed_on_the_imported_map(tmp_path: Path) -> None:
    from aslpto.formats.vasl import scenario as vs
    from aslpto.formats.vasl.savefile import write_save

    save = tmp_path / "rp.vsav"
    write_save(
        save,
        ["begin_save", "bd\t0\t0\t37\tVER\t6.1\tOVR\trp3\tw5\tw6\tOVR\tp1\tx5\tx5", "end_save"],
        key=0x21,
    )
    got = vs.read(save)
    assert got.document["overlays"] == [
        {"file": "vasl:RP3", "on": "37W5-W6"},
        {"file": "vasl:P1", "on": "37X5"},
    ]
    m = scenario.load(save, vasl_boards=BOARDS).map
    assert m.info(m.hex("37W5")).terrain == Terrain.PADDY
    assert m.info(m.hex("37X5")).terrain == Terrain.POND


@needs_vasl
def test_dump_writes_vasl_overlays_back() -> None:
    g = _game("irrigated")
    text = scenario.dump(g)
    assert 'file = "vasl:RP3"' in text and 'on = "37W5-W6"' in text
    again = scenario.loads(text)
    assert again.map.info(again.map.hex("37V5")).terrain == Terrain.PADDY


@needs_vasl
def test_an_overlay_on_a_board_turned_180_degrees_names_the_boards_own_hexes() -> None:
    text = scenario_text(
        '[["38", "37*"]]',
        'paddy = "drained"',
        '\n[[overlays]]\nfile = "vasl:RP3"\non = "37W5-W6"\n',
    )
    m = scenario.loads(text).map
    assert [m.info(m.hex(n)).terrain for n in ("37W5", "37W6", "37V5", "37V6")] == [
        Terrain.PADDY,
        Terrain.PADDY,
        Terrain.PADDY,
        Terrain.WOODS,
    ]


@needs_vasl
def test_g1_pto_terrain_transforms_the_overlays_terrain() -> None:
    # overlay 1 on 37D2-D1 under PTO Terrain: its woods are jungle, its trees palm trees, its
    # brush bamboo, its grain kunai, its cluster of houses huts; its swamp stays swamp
    text = scenario_text(
        '[["37"]]', "pto_terrain = true", '\n[[overlays]]\nfile = "vasl:1"\non = "37D2-D1"\n'
    )
    m = scenario.loads(text).map
    want = {
        "37D2": Terrain.DENSE_JUNGLE,
        "37D4": Terrain.PALM_TREES,
        "37E4": Terrain.BAMBOO,
        "37D8": Terrain.KUNAI,
        "37F2": Terrain.HUTS,
        "37D1": Terrain.SWAMP,
    }
    assert {n: m.info(m.hex(n)).terrain for n in want} == want
    assert "G.1" in m.info(m.hex("37D2")).rules


@needs_vasl
def test_g8_an_entrenched_units_own_bank_is_a_hedge_to_it_as_at_hex_grain() -> None:
    # the G8 example at hex grain (tests/test_los_g8_example.py): entrenched Infantry IN a
    # paddy is blocked by its own hex's bank hexside; the artwork engine agrees on RP3
    from dataclasses import replace

    from aslpto.rules.los import parse_location
    from aslpto.rules.los.queries import build_engine

    g = _game("drained")
    eng = build_engine(g.map, g.conditions)
    a, b = parse_location(g.map, "37W5"), parse_location(g.map, "37W2")
    assert eng.check(a, b).los
    dug = eng.check(replace(a, entrenched=True), b)
    assert not dug.los and dug.blocked_by is not None and dug.blocked_by.rule == "G8 (LOS)"
    assert dug.blocked_by.where == "37W4-W5"
    back = eng.check(b, replace(a, entrenched=True))
    assert not back.los and back.blocked_by is not None


@needs_vasl
@pytest.mark.parametrize(
    ("on", "said"), [("38C5", "not by one hex (38C5)"), ("38C5-E9", "not 38C5-E9")]
)
def test_g8_rp3_placed_by_one_hex_or_two_apart_says_what_was_given(on: str, said: str) -> None:
    text = scenario_text('[["38"]]', "", f'\n[[overlays]]\nfile = "vasl:RP3"\non = "{on}"\n')
    with pytest.raises(InputError) as e:
        scenario.loads(text)
    assert str(e.value).endswith(
        f"overlay RP3 is placed by two adjacent hexes (e.g. 38C5-...), {said}"
    )


@needs_vasl
def test_g9e_overlay_4_by_its_data_file_only_on_board_34() -> None:
    """G.9E: overlay 4 only on board 34, also where the placement names the board alone."""
    assert BOARDS is not None
    with pytest.raises(InputError, match=r"G\.9E: overlay 4 may be used only on board\(s\) 34"):
        scenario_spot(Layout.grid([("35",)]), "4", "35", BOARDS)
