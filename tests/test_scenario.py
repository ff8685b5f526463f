"""Scenario files -> Game: what each section reads into, defaults, and writing a game back."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.files import BoardData, load_board
from aslpto.board.hexes import Direction, Layout
from aslpto.board.maps import JungleType, RiverDepth
from aslpto.board.terrain import LOSEffect, Terrain
from aslpto.formats.scenario import (
    BUNDLED_BOARDS,
    POSITIONS,
    UNIT_KEYS,
    bundled_boards,
    dump,
    load,
    loads,
    map_source,
)
from aslpto.rules.pto.terrain import build_map
from aslpto.state.game import EC, CurrentForce, FortKind, Game, PaddyState
from aslpto.state.units import Kind, Strength, UnitClass, VehicleType

DATA = Path(__file__).parent / "data" / "scenario_basic"
PTO = DATA / "pto.toml"
PLAIN = DATA / "plain.toml"
EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.toml"))

HEAD = """[scenario]
name = "t"

[map]
boards = [["37"]]

[map.files]
"37" = "board37.toml"

[[sides]]
name = "Japanese"
nationality = "japanese"
elr = 2
panji_hexsides = 6

[[sides]]
name = "Americans"
nationality = "american"
"""


def make(body: str = "", head: str = HEAD) -> str:
    return head + body


def read(body: str = "", head: str = HEAD) -> Game:
    return loads(make(body, head), str(DATA / "t.toml"))


def test_load_reads_every_section() -> None:
    g = load(PTO)
    assert g.name == "Test: panjis in the jungle"
    assert g.source == str(PTO)
    c = g.conditions
    assert (c.year, c.month, c.night) == (1944, 6, False)
    assert c.pto_terrain and c.jungle == JungleType.DENSE and c.paddy == PaddyState.IRRIGATED
    assert c.ec == EC.MODERATE and c.river_depth == RiverDepth.DEEP
    assert c.current_direction == Direction.S and c.current_force == CurrentForce.HEAVY
    assert [s.name for s in g.sides] == ["Japanese", "Americans"]
    jap = g.side("Japanese")
    assert (jap.defender, jap.elr, jap.san, jap.panji_hexsides, jap.dc) == (True, 3, 4, 6, 1)
    j1 = g.unit("j1")
    assert j1.kind == Kind.SQUAD and j1.unit_class == UnitClass.FIRST_LINE
    assert j1.strength == Strength.FULL and j1.counter == "4-4-7" and j1.morale == 7
    assert j1.hex == "37EE7" and j1.position == "above-panji"
    tank = g.unit("tank")
    assert tank.vehicle_type == VehicleType.FULLY_TRACKED and tank.afv and tank.mf == 17
    assert tank.weight_tons == 33.0
    assert set(g.panjis) == {"A", "C"}
    c_ = g.panjis["C"]
    lay = g.map.layout
    assert c_.hex == lay.hex("37DD7") and c_.hidden and c_.top == lay.hexside("37DD7-DD8")
    assert c_.covered == {lay.hexside(s) for s in ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8")}
    assert [(f.id, f.kind) for f in g.fortifications] == [
        ("w1", FortKind.WIRE),
        ("fox1", FortKind.FOXHOLE),
    ]
    assert g.map.chart["kunai"].tem == 1  # [terrain_chart] override


def test_g_1_pto_terrain_applied_to_the_map() -> None:
    g = load(PTO)
    info = g.map.info(g.map.hex("37D4"))
    assert info.terrain == Terrain.DENSE_JUNGLE and info.printed == Terrain.WOODS
    assert "G.1" in info.rules


def test_unit_defaults_come_from_its_side() -> None:
    g = read('[[units]]\nid = "j"\nside = "Japanese"\nkind = "squad"\n')
    u = g.unit("j")
    assert u.nationality == "japanese" and u.elr == 2
    assert u.hex == "" and u.position == "ground"


def test_unit_position_defaults_in_paddy_and_beneath_panji() -> None:
    g = read(
        "[ssr]\npto_terrain = true\n"
        '[[units]]\nid = "p"\nside = "Japanese"\nkind = "squad"\nhex = "37M4"\n'
        '[[units]]\nid = "b"\nside = "Japanese"\nkind = "squad"\nhex = "37EE7"\n'
        '[[panjis]]\nid = "A"\nhex = "37EE7"\ncovered = ["37EE7-EE8"]\n'
    )
    assert g.unit("p").position == "in"  # G8: IN the paddy unless on its Bank counter
    assert g.unit("b").position == "beneath-panji"  # G9.45


def test_hex_names_are_canonical() -> None:
    g = read('[[units]]\nid = "j"\nside = "Japanese"\nkind = "squad"\nhex = "c4"\n')
    assert g.unit("j").hex == "37C4"


def test_seam_hex_has_one_canonical_name() -> None:
    g = load(PLAIN)  # 37 and 38* side by side: 37GG5 is also 38GG6
    text = dump(g).replace('hex = "38K3"', 'hex = "38GG6"')
    g2 = loads(text, g.source)
    assert g2.unit("b1").hex == "37GG5"


def test_panji_side_defaults_to_the_side_with_an_allotment() -> None:
    g = read('[[panjis]]\nid = "A"\nhex = "37EE7"\ncovered = ["37EE7-EE8"]\n')
    assert g.panjis["A"].side == "Japanese"


def test_fortification_ids_default_from_kind_and_order() -> None:
    g = read(
        '[[fortifications]]\nkind = "wire"\nhex = "37C4"\n'
        '[[fortifications]]\nkind = "mines"\nhex = "37C5"\nstrength = 6\n'
    )
    assert [f.id for f in g.fortifications] == ["wire-1", "mines-2"]
    assert g.fortifications[1].strength == 6


def test_fortification_hexside_and_detonator() -> None:
    g = read(
        '[[units]]\nid = "j"\nside = "Japanese"\nkind = "squad"\nhex = "37C4"\n'
        '[[fortifications]]\nkind = "roadblock"\nhex = "37C4"\nhexside = "37C4-C5"\n'
        '[[fortifications]]\nkind = "at-set-dc"\nhex = "37C5"\ndetonator = "j"\n'
    )
    rb, dc = g.fortifications
    assert rb.hexside == g.map.layout.hexside("37C4-C5")
    assert dc.detonator == "j"


def test_two_boards_rotated_and_an_overlay() -> None:
    g = load(PLAIN)
    assert g.map.layout.boards == ("37", "38")
    assert g.map.layout.placements[1].rotated
    assert g.map.info(g.map.hex("37K5")).overlay == "Tx1"
    assert g.conditions.night and g.conditions.sub_zero
    assert g.conditions.river_depth == RiverDepth.FORDABLE
    assert "B21.6" in g.map.info(g.map.hex("37T5")).rules  # sub-zero: frozen river


def test_flat_board_row_is_one_row() -> None:
    g = read(head=HEAD.replace('boards = [["37"]]', 'boards = ["37"]'))
    assert g.map.layout.boards == ("37",)


def test_terrain_chart_override_of_los() -> None:
    g = read('[terrain_chart.palm-trees]\nlos = "none"\nhindrance = 0\n')
    assert g.map.chart["palm-trees"].los == LOSEffect.NONE


def test_missing_scenario_file() -> None:
    with pytest.raises(InputError, match="no such file"):
        load(DATA / "nope.toml")


def test_unit_keys_cover_every_unit_field() -> None:
    from dataclasses import fields

    from aslpto.state.units import Unit

    assert len(UNIT_KEYS) == len(fields(Unit))
    assert "class" in UNIT_KEYS and "unit_class" not in UNIT_KEYS
    assert POSITIONS == ("ground", "in", "bank", "above-panji", "beneath-panji")


# --- dump -----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [PTO, PLAIN, *EXAMPLES], ids=lambda p: p.name)
def test_dump_round_trip(path: Path) -> None:
    g = load(path)
    assert loads(dump(g), g.source) == g


@pytest.mark.parametrize("path", [PTO, PLAIN], ids=lambda p: p.name)
def test_dump_relative_paths_round_trip(path: Path, tmp_path: Path) -> None:
    g = load(path)
    out = tmp_path / "saved.toml"
    out.write_text(dump(g, relative_to=tmp_path), encoding="utf-8")
    assert '= "/' not in out.read_text()  # every board path is relative
    g2 = load(out)
    assert replace(g2, source=g.source) == g


def test_g9_11_ex_top_written_with_setup_hex_first() -> None:
    # G9.11 EX: "Panji A: 37EE7-EE8" - the first coordinate listed is the setup hex
    g = read(
        "[ssr]\npto_terrain = true\n"
        '[[panjis]]\nid = "A"\nhex = "37EE7"\ncovered = ["37EE8-EE7"]\nhidden = true\n'
        'top = "37EE8-EE7"\n'
    )
    text = dump(g)
    assert 'top = "37EE7-EE8"' in text and 'covered = ["37EE7-EE8"]' in text


def test_dump_refuses_a_map_not_read_from_a_file() -> None:
    g = load(PTO)
    other = build_map(Layout.single("37"), {"37": _board()})
    with pytest.raises(InputError, match="not read from a scenario file"):
        dump(replace(g, map=other))
    assert map_source(other) is None
    assert map_source(g.map) is not None


def _board() -> BoardData:
    return load_board(DATA / "board37.toml")


@pytest.mark.skipif(not bundled_boards(), reason="no bundled boards yet")
def test_bundled_board_by_name() -> None:
    name = bundled_boards()[0]
    text = (
        f'[map]\nboards = [["{name}"]]\n'
        if name.isdigit()
        else f'[map]\nboards = [["37"]]\n[map.files]\n"37" = "{name}"\n'
    )
    g = loads(text, str(DATA / "t.toml"))
    src = map_source(g.map)
    assert src is not None and src.files[0][1].bundled == name
    assert src.files[0][1].path == os.path.join(BUNDLED_BOARDS, f"{name}.toml")
    assert f'= "{name}"' in dump(g)


def test_load_restores_the_garbage_collector_even_on_error() -> None:
    import gc

    import pytest

    from aslpto.base.rulings import InputError
    from aslpto.formats.scenario import loads

    assert gc.isenabled()
    with pytest.raises(InputError):
        loads("[scenario\n", "bad.toml")
    assert gc.isenabled()


def test_a_loaded_game_copies_and_pickles() -> None:
    """A game (its map and layout too) is a value: it deep-copies and pickles unchanged."""
    import copy
    import pickle

    g = load(Path(__file__).resolve().parent.parent / "examples" / "two-by-two.toml")
    assert copy.deepcopy(g) == g
    again = pickle.loads(pickle.dumps(g))
    assert again == g and again.map.layout.hexes == g.map.layout.hexes


def test_toml_line_ends_crlf_and_cr_read_as_lf(tmp_path: Path) -> None:
    """A file written with CRLF or bare CR line ends reads as one with LF line ends."""
    from aslpto.base.tomlsource import TomlSource

    for end in ("\r\n", "\r"):
        p = tmp_path / "t.toml"
        p.write_bytes(end.join(["a = 1", 'b = "x"', "[t]", "c = 2", ""]).encode())
        src = TomlSource.load(p)
        assert src.data == {"a": 1, "b": "x", "t": {"c": 2}}
        assert src.line_of("t", "c") == 4
