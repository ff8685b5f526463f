"""The map picture (aslpto.formats.svg) and ``aslpto render``: valid, byte-stable SVG that shows
every
hex name, terrain, hexside feature, Panji counter (with its Covered hexsides, G9.3) and unit."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.board.files import parse_board
from aslpto.board.hexes import Hex, Layout
from aslpto.board.terrain import HexsideFeature
from aslpto.cli import main
from aslpto.formats import svg
from aslpto.formats.svg.geometry import _mid
from aslpto.formats.svg.palette import _SIDE_STYLE
from aslpto.rules.pto.terrain import build_map
from aslpto.state.game import Conditions, Fortification, FortKind, Game, PaddyState, Panji, Side
from aslpto.state.units import Kind, Strength, Unit, UnitClass

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden" / "svg_small.svg"

BOARD = """
[board]
name = "37"
[terrain]
woods = ["CC7..CC9", "DD7..DD8", "EE7", "FF7"]
paddy = ["BB3:DD5"]
kunai = ["Y7:Z8"]
river = ["A9:GG9"]
[levels]
1 = ["W2:X4"]
[hexsides]
hedge = ["AA7-BB7"]
wall = ["AA6-AA7"]
cliff = ["X4-X5"]
[lines]
path = ["Y2 Z2 AA2 BB2"]
stream = ["S3 S4 S5"]
[features]
ford = ["Q9"]
[[buildings]]
hexes = ["U2", "V2"]
material = "stone"
stories = 2
"""
B37 = Layout.single("37")


def game(paddy: PaddyState = PaddyState.IRRIGATED) -> Game:
    """The G9.3 illustration on board 37 (jungle at CC7-FF7), a paddy field and a river."""
    data = parse_board(TomlSource.parse(BOARD, "37.toml"))
    cond = Conditions(pto_terrain=True, paddy=paddy)
    m = build_map(B37, {"37": data}, conditions=cond.map_conditions())
    h, side = B37.hex, B37.hexside
    units = {
        "A": Unit(
            "A",
            "Japanese",
            "japanese",
            Kind.SQUAD,
            "4-4-7",
            UnitClass.FIRST_LINE,
            Strength.FULL,
            7,
            hex="37EE7",
            position="above-panji",
        ),
        "B": Unit(
            "B", "Japanese", "japanese", Kind.LEADER, "10-0", hex="37EE7", position="beneath-panji"
        ),
        "D": Unit("D", "Americans", "american", Kind.SQUAD, "6-6-7", hex="37EE6", broken=True),
        "E": Unit("E", "Americans", "american", Kind.SQUAD, "6-6-7", hex="37CC4", position="bank"),
        "H": Unit("H", "Japanese", "japanese", Kind.HALF_SQUAD, "2-3-7", hex="37DD4", hidden=True),
    }
    panjis = {
        "A": Panji("A", h("37EE7"), frozenset({side("37EE7-EE8")}), "Japanese"),
        "C": Panji(
            "C",
            h("37DD7"),
            frozenset(side(s) for s in ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8")),
            "Japanese",
            top=side("37DD7-DD8"),
        ),
    }
    forts = (Fortification("w1", FortKind.WIRE, h("37Z7"), "Japanese"),)
    sides = (
        Side("Japanese", "japanese", defender=True, panji_hexsides=4),
        Side("Americans", "american"),
    )
    return Game(m, cond, "Panjis at DD7", sides, units, panjis, forts)


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def by_id(root: ET.Element, ident: str) -> ET.Element:
    found = root.find(f".//*[@id='{ident}']")
    assert found is not None, ident
    return found


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{NS}text")]


def test_svg_is_valid_xml() -> None:
    root = parse(svg.render(game()))
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox", "").startswith("0 0 ")


def test_svg_is_byte_stable() -> None:
    a = svg.render(game())
    assert a == svg.render(game())
    assert a.encode() == svg.render(game()).encode()
    assert "\r" not in a and a.endswith("</svg>\n")


def test_svg_numbers_have_fixed_precision() -> None:
    root = parse(svg.render(game()))
    values = " ".join(v for el in root.iter() for v in el.attrib.values())
    numbers = re.findall(r"-?\d+\.\d+", values)
    assert numbers and all(len(n.split(".")[1]) <= 2 for n in numbers)
    assert "-0 " not in values and "-0," not in values


def test_every_hex_is_drawn_and_named() -> None:
    g = game()
    root = parse(svg.render(g))
    names = set(texts(by_id(root, "names")))
    for h in g.map.layout.ordered:
        full = g.map.name(h)
        by_id(root, f"hex-{full}")
        assert full[2:] in names, full
    assert len(root.findall(f".//*[@id='terrain']/{NS}g")) == len(g.map.cells) == 346


def test_seam_hex_shows_both_names() -> None:
    data = parse_board(TomlSource.parse('[board]\nname = "x"\n', "x.toml"))
    lay = Layout.grid([["37", "38"]])
    g = Game(build_map(lay, {"37": data, "38": data}))
    root = parse(svg.render(g, hexes=svg.crop(lay, "37GG5")))
    assert sorted(texts(by_id(root, "names"))) == ["A5", "GG5"]


def test_hex_title_gives_terrain_and_rules() -> None:
    root = parse(svg.render(game()))
    title = by_id(root, "hex-37EE7").find(f"{NS}title")
    assert title is not None and title.text is not None
    assert title.text.startswith("37EE7: dense-jungle; level 0; printed woods")
    assert "G.1" in title.text


def _path_points(d: str) -> list[list[tuple[float, float]]]:
    runs = []
    for run in d.split("M")[1:]:
        pts = [tuple(float(v) for v in p.split()) for p in run.split("L")]
        runs.append([(p[0], p[1]) for p in pts])
    return runs


def test_g9_3_panji_marker_and_covered_hexside_ticks() -> None:
    g = game()
    root = parse(svg.render(g))
    marker = by_id(root, "panji-C")
    assert "C" in texts(marker)
    assert marker.find(f"{NS}polygon") is not None  # the triangle
    title = marker.find(f"{NS}title")
    assert title is not None
    assert title.text == "Panji C (G9): Covered hexsides 37DD7-CC8, 37DD7-DD8, 37DD7-EE8"
    ticks = _path_points(by_id(root, "panji-C-covered").get("d", ""))
    assert len(ticks) == 3  # one row of spikes per Covered hexside
    dd7 = B37.hex("37DD7")
    want = {B37.hex(n) for n in ("37CC8", "37DD8", "37EE8")}
    # each row of spikes lies along one Covered hexside: nearest to its midpoint
    marked = set()
    for run in ticks:
        cx = sum(p[0] for p in run) / len(run)
        cy = sum(p[1] for p in run) / len(run)
        mids = {n: _mid(*svg.side_segment(dd7, n)) for n in dd7.around()}
        marked.add(min(mids, key=lambda n: math.dist(mids[n], (cx, cy))))
    assert marked == want
    assert len(_path_points(by_id(root, "panji-A-covered").get("d", ""))) == 1


def test_g9_11_panji_points_to_its_top_hexside() -> None:
    root = parse(svg.render(game()))
    tri = by_id(root, "panji-C").findall(f"{NS}polygon")[-1]
    pts = [tuple(float(v) for v in p.split(",")) for p in tri.get("points", "").split()]
    apex = pts[0]
    assert apex[1] > max(p[1] for p in pts[1:])  # top = DD7-DD8: the apex points down (S)
    assert abs(apex[0] - (pts[1][0] + pts[2][0]) / 2) < 0.2


def test_units_show_counter_text_and_position() -> None:
    root = parse(svg.render(game()))
    a = texts(by_id(root, "unit-A"))
    assert "4-4-7" in a and "A" in a and "ABOVE" in a
    assert "BENEATH" in texts(by_id(root, "unit-B"))
    assert "BANK" in texts(by_id(root, "unit-E"))
    assert "BRK" in texts(by_id(root, "unit-D"))
    assert "HIP" in texts(by_id(root, "unit-H"))


def test_g9_55_stack_order_beneath_panji_above() -> None:
    """Drawn in reading order: units beneath the Panji, the Panji, units above it."""
    text = svg.render(game())
    order = [text.index(f'id="{i}"') for i in ("unit-B", "panji-A", "unit-A")]
    assert order == sorted(order)


def test_japanese_and_other_counters_differ_in_colour() -> None:
    root = parse(svg.render(game()))

    def colour(uid: str) -> str:
        rects = by_id(root, f"unit-{uid}").findall(f"{NS}rect")
        return rects[1].get("fill", "")

    assert colour("A") != colour("D")
    assert colour("A") == colour("B")


def test_hexside_features_and_banks_are_drawn() -> None:
    root = parse(svg.render(game()))
    strokes = [el.get("stroke") for el in by_id(root, "hexsides")]
    for feature in ("hedge", "wall", "cliff", "bank"):
        style = _SIDE_STYLE[HexsideFeature(feature)]
        assert style["stroke"] in strokes, feature
    legend = " ".join(texts(by_id(root, "legend")))
    for label in (
        "Hedge (B9)",
        "Wall (B9)",
        "Cliff (B11)",
        "Paddy Bank (G8)",
        "Paddy (irrigated, G8)",
        "Dense Jungle",
        "Kunai",
        "Level 1 (L1)",
        "Path",
        "Stream (B20)",
        "Ford",
        "River (B21.2: a level down)",
        "Japanese unit",
        "Panji + Covered hexsides (G9.3)",
        "Above a Panji (G9.4)",
    ):
        assert label in legend, label


def test_g8_paddy_state_changes_the_fill() -> None:
    fills = {svg.render(game(p)).split('id="t-paddy"')[1][:200] for p in PaddyState}
    assert len(fills) == 3


def test_crop_block() -> None:
    hexes = svg.crop(B37, "37A1:C2")
    assert sorted(B37.name(h) for h in hexes) == ["37A1", "37A2", "37B1", "37B2", "37C1", "37C2"]
    assert svg.crop(B37, "37A1:37C2") == hexes == svg.crop(B37, "37C2:A1")
    assert svg.crop(B37, "37B0, 37DD7") == {B37.hex("37B0"), B37.hex("37DD7")}


def test_crop_draws_only_those_hexes() -> None:
    g = game()
    root = parse(svg.render(g, hexes=svg.crop(B37, "37CC6:EE8")))
    drawn = {el.get("id") for el in root.findall(f".//*[@id='terrain']/{NS}g")}
    assert drawn == {f"hex-{B37.name(h)}" for h in svg.crop(B37, "37CC6:EE8")}
    assert by_id(root, "panji-C") is not None
    assert root.find(".//*[@id='unit-E']") is None  # CC4 is outside


def test_bad_crop_is_input_error() -> None:
    with pytest.raises(InputError):
        svg.crop(B37, "37ZZ1:A3")
    with pytest.raises(InputError):
        svg.render(game(), hexes=[Hex(500, 500)])


def test_golden_small_map() -> None:
    """A small crop, byte for byte (regenerate with ASLPTO_UPDATE_GOLDEN=1 after a deliberate
    change of the picture, and look at it)."""
    text = svg.render(game(), hexes=svg.crop(B37, "37CC6:EE8"))
    if os.environ.get("ASLPTO_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8", newline="\n")
    assert text == GOLDEN.read_text(encoding="utf-8")


# --- the command ----------------------------------------------------------------------

SCENARIO = """
[scenario]
name = "Render test"
date = "1944-06"

[map]
boards = [["37"]]

[map.files]
"37" = "board37.toml"

[ssr]
pto_terrain = true
paddy = "in-season"

[[sides]]
name = "Japanese"
nationality = "japanese"
defender = true
panji_hexsides = 3

[[units]]
id = "j1"
side = "Japanese"
kind = "squad"
class = "1st-line"
strength = "full"
counter = "4-4-7"
morale = 7
hex = "37DD7"
position = "above-panji"

[[panjis]]
id = "C"
hex = "37DD7"
covered = ["37DD7-CC8", "37DD7-DD8", "37DD7-EE8"]
side = "Japanese"
"""


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    (tmp_path / "board37.toml").write_text(BOARD, encoding="utf-8")
    path = tmp_path / "render.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_render_command_writes_the_file(
    scenario_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.svg"
    assert main(["render", str(scenario_file), "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (346 hexes)"
    root = parse(out.read_text(encoding="utf-8"))
    assert "4-4-7" in texts(by_id(root, "unit-j1"))
    first = out.read_bytes()
    assert main(["render", str(scenario_file), "-o", str(out)]) == 0
    assert out.read_bytes() == first


def test_render_command_json_and_crop(
    scenario_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "crop.svg"
    args = ["render", "--json", str(scenario_file), "-o", str(out), "--hexes", "37CC6:EE8"]
    assert main(args) == 0
    assert capsys.readouterr().out.replace(" ", "").replace("\n", "") == (
        f'{{"file":"{out}","hexes":9}}'
    )


def test_render_is_byte_stable_across_processes(scenario_file: Path, tmp_path: Path) -> None:
    """Nothing depends on set order (string hashing differs between runs)."""
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"map{seed}.svg"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        cmd = [sys.executable, "-m", "aslpto.cli", "render", str(scenario_file), "-o", str(out)]
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


@pytest.mark.parametrize(
    "extra", [["-o", "/nonexistent-dir/map.svg"], ["-o", "OUT", "--hexes", "37A1:ZZ3"]]
)
def test_render_command_bad_input_exit_2(
    scenario_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    extra = [str(tmp_path / "x.svg") if e == "OUT" else e for e in extra]
    assert main(["render", str(scenario_file), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aslpto: ") and err.count("\n") == 1


def test_render_command_needs_output(
    scenario_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(scenario_file)]) == 2
    assert "--output" in capsys.readouterr().err


EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_renders(path: Path) -> None:
    from aslpto.formats import scenario

    g = scenario.load(path)
    text = svg.render(g)
    root = parse(text)
    assert len(root.findall(f".//*[@id='terrain']/{NS}g")) == len(g.map.cells)
    for uid, u in g.units.items():
        if u.hex:
            assert (u.counter or u.kind.value) in " ".join(texts(by_id(root, f"unit-{uid}")))
    for pid in g.panjis:
        by_id(root, f"panji-{pid}-covered")
