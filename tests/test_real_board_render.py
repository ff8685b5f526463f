"""``render --picture``: a real board's own picture (its VASL archive's ``bdNN.gif``) drawn
under the hexsides, Panji counters and units, its hex centres on the map's. Skipped without
the shared VASL folder."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from aslpto.cli import main
from aslpto.formats.vasl.pictures import board_picture
from vaslhelp import BOARDS, needs_vasl, scenario_text

pytestmark = needs_vasl

UNITS = (
    '\n[[units]]\nid = "J1"\nside = "Japanese"\nkind = "squad"\nclass = "1st-line"\n'
    'counter = "4-4-7"\nhex = "37DD7"\n'
)


def _render(tmp_path: Path, boards: str, *extra: str) -> str:
    s = tmp_path / "s.toml"
    s.write_text(scenario_text(boards, "pto_terrain = true", UNITS), encoding="utf-8")
    out = tmp_path / "m.svg"
    assert main(["render", str(s), "-o", str(out), *extra]) == 0
    return out.read_text(encoding="utf-8")


def test_board_picture_is_the_archives_gif() -> None:
    pic = board_picture(BOARDS / "bd37")  # type: ignore[operator]
    assert (pic.name, pic.mime, pic.width, pic.height) == ("bd37.gif", "image/gif", 1800, 645)


def test_render_picture_under_the_counters(tmp_path: Path) -> None:
    svg = _render(tmp_path, '[["37"]]', "--picture")
    images = re.findall(r'<image href="data:image/gif;base64,([^"]+)"', svg)
    assert len(images) == 1
    assert base64.b64decode(images[0]) == board_picture(BOARDS / "bd37").data  # type: ignore[operator]
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
