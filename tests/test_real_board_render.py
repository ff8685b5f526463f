"""``render --picture``: a real board's own picture (its VASL archive's ``bdNN.gif``) drawn
under the hexsides, Panji counters and units, its hex centres on the map's. Skipped without
the shared VASL folder."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from aslpto.board.maps import JungleType
from aslpto.cli import main
from aslpto.formats.vasl.pictures import board_picture, ssr_pictures
from aslpto.state.game import Conditions
from vaslhelp import BOARDS, needs_vasl, scenario_text

pytestmark = needs_vasl

UNITS = (
    '\n[[units]]\nid = "J1"\nside = "Japanese"\nkind = "squad"\nclass = "1st-line"\n'
    'counter = "4-4-7"\nhex = "37DD7"\n'
)


def _bd37() -> Path:
    assert BOARDS is not None
    return BOARDS / "bd37"


def _render(tmp_path: Path, boards: str, *extra: str, ssr: str = "pto_terrain = false") -> str:
    s = tmp_path / "s.toml"
    s.write_text(scenario_text(boards, ssr, UNITS), encoding="utf-8")
    out = tmp_path / "m.svg"
    assert main(["render", str(s), "-o", str(out), *extra]) == 0
    return out.read_text(encoding="utf-8")


def test_board_picture_is_the_archives_gif() -> None:
    pic = board_picture(_bd37())
    assert (pic.name, pic.mime, pic.width, pic.height) == ("bd37.gif", "image/gif", 1800, 645)


def test_render_picture_under_the_counters(tmp_path: Path) -> None:
    svg = _render(tmp_path, '[["37"]]', "--picture")
    images = re.findall(r'<image href="data:image/gif;base64,([^"]+)"', svg)
    assert len(images) == 1
    assert base64.b64decode(images[0]) == board_picture(_bd37()).data
    assert svg.index("<image") < svg.index('id="terrain"') < svg.index("4-4-7")
    # A1's centre, pixel (0, 32.25), lands on the map's A1 centre: x = 0, y = sqrt(3) R
    m = re.search(r'transform="translate\(([-\d.]+),([-\d.]+)\) scale\(([\d.]+),([\d.]+)\)"', svg)
    assert m is not None
    tx, ty, sx, sy = map(float, m.groups())
    assert abs(tx) < 0.01 and abs(ty + 32.25 * sy - 40 * 3**0.5) < 0.05
    assert (round(sx * 1800 / 32, 3), round(sy * 64.5, 3)) == (60.0, 69.282)
    assert svg == _render(tmp_path, '[["37"]]', "--picture")  # the same bytes each time


def test_render_picture_turns_a_board_turned_180(tmp_path: Path) -> None:
    svg = _render(tmp_path, '[["37", "38*"]]', "--picture", "--hexes", "37GG5,38GG5")
    assert svg.count("<image") == 2 and "rotate(180 900 322.5)" in svg


def test_render_picture_needs_a_real_board(capsys: pytest.CaptureFixture[str]) -> None:
    example = Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml"
    assert main(["render", str(example), "-o", "/dev/null", "--picture"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "VASL board archive" in err


def test_ssr_pictures_of_the_conditions() -> None:
    # VASL draws PTO Terrain (G.1) with its SSR pictures: woods as Dense or Light Jungle
    # (G2.1), orchards as Palm Trees, brush as Bamboo, marsh as Swamp
    assert ssr_pictures(Conditions()) == frozenset()
    pto = ssr_pictures(Conditions(pto_terrain=True))
    assert pto == {"DenseJungle", "PalmTrees", "Bamboo", "SwampToSwampPattern"}
    light = ssr_pictures(Conditions(pto_terrain=True, jungle=JungleType.LIGHT))
    assert "LightWoods" in light and "DenseJungle" not in light


def test_g_1_render_picture_draws_the_board_as_vasl_does_under_pto_terrain(
    tmp_path: Path,
) -> None:
    plain = board_picture(_bd37())
    pto = board_picture(_bd37(), ssr=ssr_pictures(Conditions(pto_terrain=True)))
    assert (pto.mime, pto.width, pto.height) == ("image/png", 1800, 645)
    a = Image.open(io.BytesIO(plain.data)).convert("RGB")
    b = Image.open(io.BytesIO(pto.data)).convert("RGB")
    changed = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    assert changed.histogram()[255] > 50_000  # jungle, palm trees, bamboo drawn over
    svg = _render(tmp_path, '[["37"]]', "--picture", ssr="pto_terrain = true")
    assert svg.count('<image href="data:image/png;base64,') == 1


def test_g_1_overlay_pictures_get_their_ssr_pictures_too() -> None:
    from aslpto.formats.vasl.boardarchive import STANDARD_GRID
    from aslpto.formats.vasl.overlays import OverlaySpot, overlaid_picture, overlay_archive_name

    assert BOARDS is not None
    gif = board_picture(_bd37()).data
    spots = [
        OverlaySpot("1", str(BOARDS.parent / "overlays" / overlay_archive_name("1")), "DD8", "DD9")
    ]  # orientation d: turned 180 degrees
    plain = overlaid_picture(gif, STANDARD_GRID, "37", spots)
    jungle = overlaid_picture(gif, STANDARD_GRID, "37", spots, {"DenseJungle"})
    assert plain != jungle


def test_g_1_a_turned_overlay_5_gets_its_ssr_pictures_where_its_artwork_lies() -> None:
    # ovr5d.gif is not exactly ovr5a.gif turned (13 pixels narrower): the SSR pictures are
    # placed by where the turned artwork lies in it, so the jungle falls on the same woods
    import zipfile

    from aslpto.formats.vasl.overlays import _with_ssr

    assert BOARDS is not None
    z = zipfile.ZipFile(BOARDS.parent / "overlays" / "ovr5")
    a = Image.open(io.BytesIO(z.read("ovr5a.gif"))).convert("RGBA")
    d = Image.open(io.BytesIO(z.read("ovr5d.gif"))).convert("RGBA")
    ab, db = a.getchannel("A").getbbox(), d.getchannel("A").getbbox()
    assert ab is not None and db is not None and a.width != d.width
    laid_a = _with_ssr(z, a.copy(), "ovr5a.gif", {"DenseJungle"}).crop(ab)
    laid_d = _with_ssr(z, d.copy(), "ovr5d.gif", {"DenseJungle"}).crop(db)
    diff = ImageChops.difference(laid_a.rotate(180).convert("RGB"), laid_d.convert("RGB"))
    changed = diff.convert("L").point(lambda v: 255 if v > 40 else 0).histogram()[255]
    assert changed < 0.02 * laid_d.width * laid_d.height
