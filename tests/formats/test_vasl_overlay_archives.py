"""VASL overlay archives read and placed, on archives the tests write themselves: a plain
geomorphic board of woods and a one-hex overlay drawn in VASL's paddy colours."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.formats.vasl.boardarchive import parse_hex, read_board_archive
from aslpto.formats.vasl.boards import board_data
from aslpto.formats.vasl.overlays import (
    OverlayError,
    OverlaySpot,
    covered_hexes,
    place_overlays,
    read_overlay_archive,
    resolve_colour,
)
from formats.test_vasl_boardarchive import java_block_stream, los_payload, write_archive

W, H = 1800, 645
LEVEL0, INTERIOR, BANK_BROWN, BLACK = (175, 188, 106), (174, 168, 78), (103, 75, 39), (0, 0, 0)


@pytest.fixture(scope="module")
def woods_board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 33 x 10-hex board, all woods (code 60) at level 0."""
    los = gzip.compress(
        java_block_stream(los_payload(33, 10, W, H, bytes(W * H), bytes([60]) * (W * H)))
    )
    return write_archive(tmp_path_factory.mktemp("b") / "bd99", los)


def _gif(draw_hex: bool = True) -> bytes:
    """A picture like ovrrp1a.gif: 225 x 194, transparent but for hex B2 (centre 56, 129):
    a paddy drawn in VASL's two paddy colours, open ground around it, a black outline."""
    im = Image.new("P", (225, 194), 0)
    im.putpalette([255, 0, 255, *LEVEL0, *INTERIOR, *BANK_BROWN, *BLACK] + [0] * (3 * 251))
    d = ImageDraw.Draw(im)
    if draw_hex:
        cx, cy = 56, 129
        pts = [
            (cx - 37, cy),
            (cx - 18, cy - 32),
            (cx + 18, cy - 32),
            (cx + 37, cy),
            (cx + 18, cy + 32),
            (cx - 18, cy + 32),
        ]
        d.polygon(pts, fill=1, outline=4)
        d.rectangle((cx - 20, cy - 18, cx + 20, cy + 18), fill=2)
        d.rectangle((cx - 6, cy - 6, cx + 6, cy + 6), fill=3)
    out = io.BytesIO()
    im.save(out, "GIF", transparency=0)
    return out.getvalue()


@pytest.fixture(scope="module")
def paddy_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    p = tmp_path_factory.mktemp("o") / "ovrT"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("data", "t1 b2;b1;c1;d1;d2;c3\nt2 b2; ; ;d1; ;\n\nversion 1\n")
        z.writestr("colors", "RicePaddy 103,75,39\nPaddyInterior 174,168,78\n")
        z.writestr("ovrt1a.gif", _gif())
        z.writestr("ovrt2a.gif", b"GIF89a not really")
        z.writestr("ovrt2d.gif", b"GIF89a not really")
        z.writestr("ovrt3a.gif", _gif())
    return p


def test_read_the_data_and_colors_files(paddy_archive: Path) -> None:
    ov = read_overlay_archive(str(paddy_archive))
    assert ov.key == "T" and ov.version == "1"
    assert ov.origins["t1"] == ("b2", "b1", "c1", "d1", "d2", "c3")
    assert ov.overlays() == ("t1", "t2", "t3")
    assert ov.own_colours[INTERIOR] == "PaddyInterior"


def test_colours_by_name_then_nearest() -> None:
    own = {INTERIOR: "PaddyInterior", BANK_BROWN: "RicePaddy"}
    by_rgb = {LEVEL0: "Level0"}
    cands = [("Level0", LEVEL0)]
    assert resolve_colour(INTERIOR, own, by_rgb, {}, cands) == "PaddyInterior"
    assert resolve_colour((173, 173, 74), own, by_rgb, {}, cands) == "PaddyInterior"  # VASL 4
    assert resolve_colour((170, 190, 110), own, by_rgb, {}, cands) == "Level0"


def test_a_one_hex_paddy_replaces_the_woods_beneath(woods_board: Path, paddy_archive: Path) -> None:
    board = read_board_archive(woods_board)
    laid = place_overlays(board, [OverlaySpot("T1", str(paddy_archive), "W5", "W5")])
    assert laid.terrain != board.terrain and board_data(board).terrain[parse_hex("W5")] == (
        Terrain.WOODS
    )
    data = board_data(laid)
    assert data.terrain[parse_hex("W5")] == Terrain.PADDY
    assert data.terrain[parse_hex("W4")] == Terrain.WOODS
    assert laid.code_at_hex("W5") == 136  # the dot's colour takes the paddy around it
    assert covered_hexes(board, OverlaySpot("T1", str(paddy_archive), "W5", "W5")) == {
        parse_hex("W5")
    }
    assert HexsideFeature.BANK not in data.hexsides.get(
        frozenset({parse_hex("W5"), parse_hex("W4")}), frozenset()
    )  # not ovrRP: no bank pixels


def test_bad_placements_are_one_line(woods_board: Path, paddy_archive: Path) -> None:
    board = read_board_archive(woods_board)
    a = str(paddy_archive)
    for spot, words in [
        (OverlaySpot("T9", a, "W5", "W5"), "no overlay T9 in ovrT (it has T1, T2, T3)"),
        (OverlaySpot("T3", a, "W5", "W5"), "gives no origin hex for orientation a"),
        (OverlaySpot("T1", a, "W5", "W6"), "has one picture"),
        (OverlaySpot("T1", a, "A1", "A1"), "runs off board 99"),
        (OverlaySpot("T2", a, "W5", "X5"), "no picture for orientation c"),
        (OverlaySpot("T2", a, "W5", "W6"), "ovrt2d.gif: not a readable GIF picture"),
        (OverlaySpot("T1", a, "ZZ5", "ZZ5"), "not a hex of board 99"),
    ]:
        with pytest.raises(OverlayError) as e:
            place_overlays(board, [spot])
        assert words in str(e.value) and "\n" not in str(e.value)
        assert str(e.value).startswith(a)
