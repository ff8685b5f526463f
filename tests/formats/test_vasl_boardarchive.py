"""VASL board archives (aslpto.formats.vasl.boardarchive).

The reader's own tests use small archives written here (zip + gzip + Java block data). The
tests on real boards read VASL's archives at run time from ``<repo>/../shared/vasl`` (or
``/work/shared/vasl``) and skip when they are absent; the hex facts were checked by eye
against each board's picture.
"""

from __future__ import annotations

import gzip
import io
import struct
import tempfile
import time
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.board.artwork import Artwork
from aslpto.formats.vasl.boardarchive import (
    STANDARD_GRID,
    BoardArchive,
    BoardArchiveError,
    HexGrid,
    hex_centre,
    hex_name,
    parse_board_metadata,
    parse_hex,
    pixel_to_hex,
    read_board_archive,
    terrain_codes,
)
from aslpto.formats.vasl.boards import artwork_of

# --- writing small archives -------------------------------------------------------------------


def java_block_stream(payload: bytes, block: int = 1024) -> bytes:
    """A Java ObjectOutputStream holding ``payload`` as block-data records of ``block`` bytes."""
    out = bytearray(b"\xac\xed\x00\x05")
    for i in range(0, len(payload), block):
        chunk = payload[i : i + block]
        if len(chunk) <= 255:
            out += bytes([0x77, len(chunk)])
        else:
            out += b"\x7a" + struct.pack(">i", len(chunk))
        out += chunk
    return bytes(out)


def los_payload(
    width: int,
    height: int,
    gw: int,
    gh: int,
    levels: bytes,
    codes: bytes,
    stairs: bytes | None = None,
) -> bytes:
    """The LOSData payload: header, (level, code) per pixel column by column, stairway bytes."""
    grid = bytearray(2 * gw * gh)
    grid[0::2] = levels
    grid[1::2] = codes
    if stairs is None:
        stairs = bytes(width * height + width // 2)
    return struct.pack(">4i", width, height, gw, gh) + bytes(grid) + stairs


def metadata_xml(name: str = "99", extra_attrs: str = "", body: str = "") -> str:
    return (
        f'<?xml version="1.0"?>\n<boardMetadata name="{name}" version="1.2" versionDate="Jan'
        f' 2024" author="test" boardImageFileName="bd{name}.gif" hasHills="TRUE" width="3"'
        f' height="2" {extra_attrs}>\n<buildingTypes>{body}</buildingTypes>\n</boardMetadata>\n'
    )


def write_archive(
    path: Path,
    los: bytes | None,
    metadata: str | None = None,
    extra: dict[str, bytes] | None = None,
) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        if los is not None:
            zf.writestr("LOSData", los)
        if metadata is not None:
            zf.writestr("BoardMetadata.xml", metadata)
        for name, data in (extra or {}).items():
            zf.writestr(name, data)
    return path


# A 3 x 2-hex board (A1 A2, B0 B1 B2, C1 C2) of 112 x 129 pixels: hex width 56, height 64.5.
SMALL = HexGrid(columns=3, rows=2, hex_width=56.0, hex_height=64.5, a1_x=0.0, a1_y=32.25)
SMALL_W, SMALL_H = 112, 129
SMALL_HEXES = list(SMALL.hexes())


@cache
def small_grids() -> tuple[bytes, bytes]:
    """Levels -1..3 by pixel column; each pixel's code the index of its hex (A1 = 0, ...)."""
    index = {h: i for i, h in enumerate(SMALL_HEXES)}
    levels = bytes((x % 5 - 1) & 0xFF for x in range(SMALL_W) for _ in range(SMALL_H))
    codes = bytes(index[SMALL.pixel_to_hex(x, y)] for x in range(SMALL_W) for y in range(SMALL_H))
    return levels, codes


@pytest.fixture
def small_archive(tmp_path: Path) -> Path:
    levels, codes = small_grids()
    stairs = bytearray(3 * 2 + 1)
    stairs[3] = 1  # column B is bytes 2..4 (B0, B1, B2): B1
    los = gzip.compress(
        java_block_stream(los_payload(3, 2, SMALL_W, SMALL_H, levels, codes, bytes(stairs)))
    )
    body = '<buildingType hexName="B1" buildingTypeName="Wooden Building, 1 Level" />'
    return write_archive(tmp_path / "bd99", los, metadata_xml(body=body))


def one_line_naming(err: BoardArchiveError, path: Path, *words: str) -> bool:
    text = str(err)
    return "\n" not in text and text.startswith(str(path)) and all(w in text for w in words)


# --- the reader on small archives -------------------------------------------------------------


def test_small_board_sizes_and_grids_read_back(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    levels, codes = small_grids()
    assert (board.name, board.width, board.height) == ("99", 3, 2)
    assert (board.grid_width, board.grid_height) == (SMALL_W, SMALL_H)
    assert board.elevation == levels
    assert board.terrain == codes


def test_pixels_are_column_major_with_signed_levels(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    for x, y in [(0, 0), (0, 128), (1, 0), (57, 64), (111, 128)]:
        assert board.code_at(x, y) == board.terrain[x * SMALL_H + y]
        assert board.level_at(x, y) == x % 5 - 1
    assert board.level_at(0, 5) == -1
    with pytest.raises(IndexError, match="off the 112x129 grid"):
        board.code_at(112, 0)


def test_small_board_geometry_from_its_grid_size(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    assert board.grid == SMALL
    assert board.hex_centre(1, 0) == (56.0, 0.0)
    assert board.hex_centre(2, 2) == (112.0, 96.75)


def test_every_pixel_lies_in_exactly_one_hex(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    for i, h in enumerate(SMALL_HEXES):
        counts = board.codes_in_hex(h)
        assert list(counts) == [i], hex_name(*h)
    total = sum(sum(board.codes_in_hex(h).values()) for h in SMALL_HEXES)
    assert total == SMALL_W * SMALL_H


def test_hex_centre_code_and_level(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    assert board.centre_pixel("B1") == (56, 64)  # (56.0, 64.5): fractions cut off, as VASL
    assert board.code_at_hex("B1") == SMALL_HEXES.index((1, 1))
    assert board.code_at_hex((2, 1)) == SMALL_HEXES.index((2, 1))
    assert board.centre_pixel("C1") == (111, 32)  # x = 112 is off the grid: read at 111
    assert board.level_at_hex("C1") == 111 % 5 - 1
    with pytest.raises(ValueError, match="no hex A0"):
        board.code_at_hex("A0")


def test_stairway_bytes_name_hexes(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    assert board.stairways == frozenset({(1, 1)})
    assert board.has_stairway("B1") and not board.has_stairway("B2")


def test_metadata_fields(tmp_path: Path) -> None:
    levels, codes = small_grids()
    los = gzip.compress(java_block_stream(los_payload(3, 2, SMALL_W, SMALL_H, levels, codes)))
    xml = """<?xml version="1.0"?>
<boardMetadata name="RB" version="6.3" versionDate="Dec 2015" author="X" boardImageFileName="rb.gif"
  hasHills="FALSE" width="3" height="2" snapScale="2" HexGridConfig="Normal">
  <buildingTypes>
    <buildingType hexName="O4" buildingTypeName="Stone Building, 2 Level"/>
  </buildingTypes>
  <slopes><slope hex="C1" hexsides="013"/></slopes>
  <rrembankments><rrembankment hex="B1" hexsides="2"/></rrembankments>
  <partialorchards><partialorchard hex="A2" hexsides="45"/></partialorchards>
  <overlaySSRules>
    <underlaySSRule name="WallToCactus" image="CactusPattern.gif">
      <color name="WallBrown"/><color name="WallGrey1"/>
    </underlaySSRule>
    <overlaySSRule name="NoRoads" image="rb_NoRoads.gif" x="1" y="2"/>
  </overlaySSRules>
  <colors><color name="Odd" red="1" green="2" blue="3" terrain="Woods" elevation="0"/></colors>
  <colorSSRules>
    <colorSSR name="NoWhiteHexIDs">
      <colorMap fromColor="WhiteHexNumbers" toColor="Black"/>
    </colorSSR>
  </colorSSRules>
</boardMetadata>"""
    md = read_board_archive(write_archive(tmp_path / "bdRB", los, xml)).metadata
    assert (md.name, md.version, md.version_date, md.author) == ("RB", "6.3", "Dec 2015", "X")
    assert (md.image, md.has_hills, md.width, md.height) == ("rb.gif", False, 3, 2)
    assert (md.snap_scale, md.hex_grid_config, md.overrides_grid) == (2, "Normal", False)
    assert dict(md.building_types) == {"O4": "Stone Building, 2 Level"}
    assert dict(md.slopes) == {"C1": "013"}
    assert dict(md.rr_embankments) == {"B1": "2"}
    assert dict(md.partial_orchards) == {"A2": "45"}
    assert [(r.name, r.image, r.x, r.y) for r in md.overlay_rules] == [
        ("NoRoads", "rb_NoRoads.gif", 1, 2)
    ]
    assert [(r.name, r.colors) for r in md.underlay_rules] == [
        ("WallToCactus", ("WallBrown", "WallGrey1"))
    ]
    assert md.colors[0]["terrain"] == "Woods"
    assert dict(md.color_rules) == {"NoWhiteHexIDs": (("WhiteHexNumbers", "Black"),)}


def test_metadata_moves_the_hex_grid(tmp_path: Path) -> None:
    levels, codes = small_grids()
    los = gzip.compress(java_block_stream(los_payload(3, 2, SMALL_W, SMALL_H, levels, codes)))
    xml = metadata_xml(extra_attrs='hexWidth="50" hexHeight="60" A1CenterX="5" A1CenterY="31"')
    board = read_board_archive(write_archive(tmp_path / "bd99", los, xml))
    assert board.metadata.overrides_grid
    assert board.grid == HexGrid(3, 2, 50.0, 60.0, 5.0, 31.0, False)
    assert board.hex_centre(0, 1) == (5.0, 31.0)
    assert board.hex_centre(1, 0) == (55.0, 31.0 - 30.0)
    assert board.pixel_to_hex(55, 1) == (1, 0)


def test_alt_hex_grain_puts_row_0_in_columns_a_c_e() -> None:
    grid = HexGrid(alt_hex_grain=True)
    assert grid.rows_in(0) == range(0, 11) and grid.rows_in(1) == range(1, 11)
    assert grid.centre(1, 1)[1] < grid.centre(0, 1)[1]


def test_name_from_the_file_when_metadata_has_none(tmp_path: Path) -> None:
    levels, codes = small_grids()
    los = gzip.compress(java_block_stream(los_payload(3, 2, SMALL_W, SMALL_H, levels, codes)))
    board = read_board_archive(write_archive(tmp_path / "bd42x", los))
    assert board.name == "42x"
    assert board.metadata.name is None and board.files == ("LOSData",)


def test_short_records_and_concatenated_gzip_members_read(tmp_path: Path) -> None:
    levels, codes = small_grids()
    stream = java_block_stream(los_payload(3, 2, SMALL_W, SMALL_H, levels, codes), block=200)
    los = gzip.compress(stream[:1000]) + gzip.compress(stream[1000:])
    board = read_board_archive(write_archive(tmp_path / "bd99", los))
    assert board.terrain == codes


def test_unknown_codes_are_kept_and_listed(tmp_path: Path) -> None:
    levels, codes = small_grids()
    codes = bytes([250, 251]) + codes[2:]
    los = gzip.compress(java_block_stream(los_payload(3, 2, SMALL_W, SMALL_H, levels, codes)))
    path = write_archive(tmp_path / "bd99", los)
    board = read_board_archive(path)
    assert board.unknown_codes() == (250, 251)
    assert board.codes() == frozenset(range(7)) | {250, 251}
    assert board.unknown_codes({c: None for c in range(256)}) == ()
    with pytest.raises(BoardArchiveError) as e:
        read_board_archive(path, strict=True)
    assert one_line_naming(e.value, path, "250, 251", "vasl_terrain_codes.toml")


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(1, 5),
    height=st.integers(1, 4),
    gw=st.integers(1, 30),
    gh=st.integers(1, 30),
    block=st.integers(1, 1024),
    data=st.data(),
)
def test_random_grids_round_trip(
    width: int, height: int, gw: int, gh: int, block: int, data: st.DataObject
) -> None:
    levels = data.draw(st.binary(min_size=gw * gh, max_size=gw * gh))
    codes = data.draw(st.binary(min_size=gw * gh, max_size=gw * gh))
    n_stairs = width * height + width // 2
    stairs = data.draw(st.binary(min_size=n_stairs, max_size=n_stairs))
    los = gzip.compress(
        java_block_stream(los_payload(width, height, gw, gh, levels, codes, stairs), block)
    )
    with tempfile.TemporaryDirectory() as tmp:
        board = read_board_archive(write_archive(Path(tmp) / "bd1", los))
    assert (board.width, board.height, board.grid_width, board.grid_height) == (
        width,
        height,
        gw,
        gh,
    )
    assert board.elevation == levels and board.terrain == codes
    x, y = gw - 1, gh - 1
    assert board.level_at(x, y) == struct.unpack("b", levels[-1:])[0]
    assert board.code_at(x, y) == codes[-1]


# --- the planes, split from the (level, code) pairs when wanted --------------------------------


def old_split(payload: bytes, gw: int, gh: int) -> tuple[bytes, bytes]:
    """The planes as the reader first split them on reading: every other byte of the payload
    after its 16-byte header, levels first."""
    end = 16 + 2 * gw * gh
    return payload[16:end:2], payload[17:end:2]


@settings(max_examples=30, deadline=None)
@given(
    gw=st.integers(1, 40),
    gh=st.integers(1, 40),
    block=st.integers(1, 1024),
    data=st.data(),
)
def test_lazy_planes_equal_the_old_split(gw: int, gh: int, block: int, data: st.DataObject) -> None:
    levels = data.draw(st.binary(min_size=gw * gh, max_size=gw * gh))
    codes = data.draw(st.binary(min_size=gw * gh, max_size=gw * gh))
    payload = los_payload(3, 2, gw, gh, levels, codes)
    los = gzip.compress(java_block_stream(payload, block))
    with tempfile.TemporaryDirectory() as tmp:
        board = read_board_archive(write_archive(Path(tmp) / "bd1", los))
    want = old_split(payload, gw, gh)
    assert board.pixels == payload and board.start == 16
    assert board._elevation is None and board._terrain is None
    make = board.plane_source()  # (from the compressed LOSData: the file may be gone)
    assert make is not None and make() == want
    art = artwork_of(board, "1")
    assert art.level_plane is None and art.code_plane is None
    assert (art.codes, art.levels) == (want[1], want[0])
    assert (board.elevation, board.terrain) == want
    assert board._elevation is board.elevation


def test_pixel_reads_leave_the_planes_unsplit(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    codes = small_grids()[1]
    assert board.code_at(57, 64) == codes[57 * SMALL_H + 64]
    assert board.level_at(3, 7) == 2 and board.level_at_hex("B1") == 0
    assert sum(board.codes_in_hex("B1").values()) > 0 and board.unknown_codes() == ()
    assert board._elevation is None and board._terrain is None
    assert board.codes() == frozenset(range(7)) and board._terrain == codes


def test_new_planes_keep_the_payload_around_them(small_archive: Path) -> None:
    board = read_board_archive(small_archive)
    levels, codes = small_grids()
    new_levels, new_codes = bytes(reversed(levels)), bytes(c ^ 1 for c in codes)
    laid = board.with_planes(new_levels, new_codes)
    assert (laid.elevation, laid.terrain) == (new_levels, new_codes)
    assert old_split(laid.pixels, SMALL_W, SMALL_H) == (new_levels, new_codes)
    end = 16 + 2 * SMALL_W * SMALL_H
    assert laid.pixels[:16] == board.pixels[:16] and laid.pixels[end:] == board.pixels[end:]
    assert laid.stairways == board.stairways and laid.code_at(0, 0) == new_codes[0]
    assert laid.plane_source() is None  # (the archive's LOSData no longer says these pixels)
    art = artwork_of(laid)
    assert art.levels is new_levels and art.codes is new_codes
    assert (board.elevation, board.terrain) == (levels, codes)
    with pytest.raises(ValueError, match="planes of 3 and"):
        board.with_planes(b"abc", new_codes)


def test_artwork_makes_its_planes_once() -> None:
    calls = []

    def source() -> tuple[bytes, bytes]:
        calls.append(1)
        return bytes([1, 255]), bytes([7, 8])

    art = Artwork("9", 1, 2, source=source)
    assert (art.level_at(0, 1), art.code_at(0, 0), art.codes, art.levels) == (
        -1,
        7,
        bytes([7, 8]),
        bytes([1, 255]),
    )
    assert calls == [1]
    with pytest.raises(ValueError, match="no pixels"):
        _ = Artwork("9", 1, 2).levels


# --- errors -----------------------------------------------------------------------------------


def small_los() -> bytes:
    levels, codes = small_grids()
    return los_payload(3, 2, SMALL_W, SMALL_H, levels, codes)


def refused(path: Path, *words: str) -> None:
    with pytest.raises(BoardArchiveError) as e:
        read_board_archive(path)
    assert one_line_naming(e.value, path, *words), str(e.value)


def test_refuses_a_file_that_is_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "bd99"
    path.write_bytes(b"GIF89a not a zip")
    refused(path, "not a zip archive")


def test_refuses_an_archive_without_losdata(tmp_path: Path) -> None:
    refused(write_archive(tmp_path / "bd99", None, metadata_xml()), "no LOSData")


def test_refuses_losdata_that_is_not_gzip(tmp_path: Path) -> None:
    refused(write_archive(tmp_path / "bd99", java_block_stream(small_los())), "not gzip")


def test_refuses_truncated_gzip(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los()))
    refused(write_archive(tmp_path / "bd99", los[: len(los) // 2]), "truncated")


def test_refuses_corrupt_gzip(tmp_path: Path) -> None:
    los = bytearray(gzip.compress(java_block_stream(small_los())))
    los[-6] ^= 0xFF  # the CRC of the inflated data
    refused(write_archive(tmp_path / "bd99", bytes(los)), "corrupt gzip")


def test_refuses_stray_bytes_after_the_gzip(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los())) + b"junk"
    refused(write_archive(tmp_path / "bd99", los), "stray bytes")


def test_refuses_a_stream_that_is_not_java(tmp_path: Path) -> None:
    los = gzip.compress(b"\x00\x00\x00\x21" + small_los())
    refused(write_archive(tmp_path / "bd99", los), "not a Java object stream")


def test_refuses_a_record_that_is_not_block_data(tmp_path: Path) -> None:
    stream = java_block_stream(small_los()) + b"\x73\x72"  # TC_OBJECT, TC_CLASSDESC
    refused(write_archive(tmp_path / "bd99", gzip.compress(stream)), "0x73", "block-data")


def test_refuses_a_record_running_past_the_end(tmp_path: Path) -> None:
    stream = java_block_stream(small_los())[:-10]
    refused(write_archive(tmp_path / "bd99", gzip.compress(stream)), "runs past the end")


def test_refuses_a_payload_shorter_than_the_grid(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los()[:-400]))
    refused(write_archive(tmp_path / "bd99", los), "does not fit a 3x2-hex board", "112x129")


def test_refuses_a_payload_longer_than_the_grid(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los() + bytes(3)))
    refused(write_archive(tmp_path / "bd99", los), "does not fit")


def test_refuses_a_payload_shorter_than_its_header(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los()[:10]))
    refused(write_archive(tmp_path / "bd99", los), "shorter than its header")


def test_refuses_sizes_that_are_not_positive(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(struct.pack(">4i", 33, 10, 0, 645)))
    refused(write_archive(tmp_path / "bd99", los), "not positive")


def test_refuses_metadata_that_is_not_xml(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los()))
    path = write_archive(tmp_path / "bd99", los, "<boardMetadata name='x'")
    refused(path, "BoardMetadata.xml", "not well-formed XML")


def test_refuses_metadata_with_a_bad_number(tmp_path: Path) -> None:
    los = gzip.compress(java_block_stream(small_los()))
    bad_width = metadata_xml().replace('width="3"', 'width="three"')
    refused(write_archive(tmp_path / "bd99", los, bad_width), "width='three'", "whole number")
    bad_hex = metadata_xml(extra_attrs='hexWidth="-5"')
    refused(write_archive(tmp_path / "bd98", los, bad_hex), "hexWidth='-5'", "positive")
    bad_flag = metadata_xml().replace('hasHills="TRUE"', 'hasHills="maybe"')
    refused(write_archive(tmp_path / "bd97", los, bad_flag), "hasHills='maybe'")


def test_parse_board_metadata_names_its_source() -> None:
    with pytest.raises(BoardArchiveError, match=r"^here: root element is <board>"):
        parse_board_metadata(b"<board/>", "here")


# --- hex names and the standard grid ----------------------------------------------------------


def test_hex_names() -> None:
    assert [hex_name(c, 1) for c in (0, 1, 25, 26, 27, 32)] == [
        "A1",
        "B1",
        "Z1",
        "AA1",
        "BB1",
        "GG1",
    ]
    for col, row in STANDARD_GRID.hexes():
        assert parse_hex(hex_name(col, row)) == (col, row)
    assert parse_hex(" dd7 ") == (29, 7)
    for bad in ("", "A", "7", "AB3", "A-1", "37DD7"):
        with pytest.raises(ValueError, match="not a hex name"):
            parse_hex(bad)


def test_standard_board_hex_centres() -> None:
    assert hex_centre(0, 1) == (0.0, 32.25)  # A1
    assert hex_centre(1, 0) == (56.25, 0.0)  # B0, a half hex on the top edge
    assert hex_centre(1, 1) == (56.25, 64.5)  # B1, half a hex lower than A1
    assert hex_centre(29, 7) == (1631.25, 451.5)  # DD7
    assert hex_centre(32, 10) == (1800.0, 612.75)  # GG10
    assert hex_centre(31, 10) == (1743.75, 645.0)  # FF10, a half hex on the bottom edge
    for col, row in [(0, 0), (2, 11), (33, 1), (-1, 1)]:
        with pytest.raises(ValueError, match="no hex"):
            hex_centre(col, row)
    assert len(list(STANDARD_GRID.hexes())) == 33 * 10 + 16


def test_pixel_to_hex_finds_the_nearest_centre() -> None:
    for col, row in STANDARD_GRID.hexes():
        x, y = hex_centre(col, row)
        assert pixel_to_hex(x, y) == (col, row)
        assert pixel_to_hex(x + 20, y - 20) == (col, row)
        assert pixel_to_hex(x - 30, y) == (col, row)
    assert pixel_to_hex(0, 0) == (0, 1)  # the corner of A1
    assert pixel_to_hex(-30, 620) == (0, 10)  # off the board: the nearest board hex
    assert pixel_to_hex(1799, 644) == (32, 10)


# --- the terrain-code table -------------------------------------------------------------------

PROJECT_WORDS = {
    "terrain": {
        "open-ground",
        "woods",
        "light-jungle",
        "dense-jungle",
        "brush",
        "bamboo",
        "orchard",
        "palm-trees",
        "grain",
        "kunai",
        "marsh",
        "swamp",
        "mudflats",
        "wooden-building",
        "stone-building",
        "huts",
        "paddy",
        "canal",
        "river",
        "pond",
        "lake",
        "ocean",
    },
    "feature": {
        "road",
        "path",
        "woods-road",
        "bridge",
        "ford",
        "stream",
        "cellar",
        "rubble",
        "crag",
        "runway",
        "paved-road",
    },
    "hexside": {
        "hedge",
        "wall",
        "bocage",
        "cliff",
        "bank",
        "breached",
        "road",
        "path",
        "stream",
        "water",
    },
}


def test_terrain_code_words_are_project_words() -> None:
    for code, row in terrain_codes().items():
        assert row.code == code
        if row.kind == "ignore":
            assert row.ignore and row.word is None
        else:
            assert row.word in PROJECT_WORDS[row.kind], (code, row.word)
        assert row.why and row.vasl


def test_terrain_code_words_match_the_terrain_module() -> None:
    terrain = pytest.importorskip("aslpto.board.terrain")
    assert {t.value for t in terrain.Terrain} == PROJECT_WORDS["terrain"]
    assert {f.value for f in terrain.Feature} == PROJECT_WORDS["feature"]
    assert {f.value for f in terrain.HexsideFeature} == PROJECT_WORDS["hexside"]


def test_terrain_codes_of_the_pto_boards() -> None:
    table = terrain_codes()
    expect = {
        0: ("terrain", "open-ground"),
        8: ("terrain", "pond"),
        14: ("terrain", "marsh"),
        24: ("terrain", "grain"),
        25: ("terrain", "brush"),
        26: ("terrain", "brush"),
        30: ("feature", "stream"),
        32: ("feature", "stream"),
        40: ("terrain", "stone-building"),
        50: ("terrain", "wooden-building"),
        51: ("terrain", "wooden-building"),
        60: ("terrain", "woods"),
        63: ("terrain", "orchard"),
        65: ("feature", "road"),
        68: ("feature", "road"),
        70: ("feature", "path"),
        72: ("hexside", "wall"),
        75: ("hexside", "cliff"),
        82: ("feature", "bridge"),
        126: ("terrain", "light-jungle"),
        127: ("terrain", "dense-jungle"),
        128: ("terrain", "bamboo"),
        129: ("terrain", "palm-trees"),
        130: ("terrain", "huts"),
        132: ("terrain", "kunai"),
        133: ("terrain", "swamp"),
        135: ("terrain", "paddy"),
        138: ("hexside", "bank"),
    }
    assert {c: (table[c].kind, table[c].word) for c in expect} == expect
    assert table[139].ignore and table[60].los_category == "WOODS" and table[60].height == 1


def test_g9_1_terrain_codes_that_mark_rubble_crag_runway_and_paved_road() -> None:
    # the terrain G9.1 forbids Panji counters in: each VASL code of it gives its mark
    marks = {c: row.mark for c, row in terrain_codes().items() if row.mark is not None}
    rubble = {c: "rubble" for c in (90, 91, *range(190, 198))}
    assert marks == {26: "crag", 66: "paved-road", 69: "runway", **rubble}
    for c in marks:
        assert "G9.1" in terrain_codes()[c].why


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            {"code": 5, "vasl": "x", "why": "y", "terrain": "brush", "mark": "scree"},
            "mark 'scree' is not one of crag, paved-road, rubble, runway",
        ),
        (
            {"code": 5, "vasl": "x", "why": "y", "hexside": "wall", "mark": "crag"},
            "a hexside code has no mark",
        ),
    ],
)
def test_a_terrain_code_mark_is_a_mark_word(row: dict[str, object], message: str) -> None:
    from aslpto.formats.vasl.boardarchive import BoardArchiveError, _terrain_code

    with pytest.raises(BoardArchiveError, match=message):
        _terrain_code(row, 1, "table")


def test_terrain_codes_is_a_fresh_copy() -> None:
    first = terrain_codes()
    first.pop(60)
    assert 60 in terrain_codes()


# --- real VASL board archives -----------------------------------------------------------------


def vasl_dir() -> Path:
    repo = Path(__file__).resolve().parents[2]
    for candidate in (repo.parent / "shared" / "vasl", Path("/work/shared/vasl")):
        if (candidate / "boards").is_dir():
            return candidate
    pytest.skip("VASL board archives not found (../shared/vasl next to the repository)")


BOARDS = ["01", "02", "03", "04", "07", "34", "35", "36", "37", "38", "39"]


def real_board(name: str) -> BoardArchive:
    path = vasl_dir() / "boards" / f"bd{name}"
    if not path.is_file():
        pytest.skip(f"board archive bd{name} not found in {path.parent}")
    return read_board_archive(path)


@pytest.mark.parametrize("name", BOARDS)
def test_real_archive_reads_as_a_standard_board(name: str) -> None:
    board = real_board(name)
    assert board.name == name
    assert (board.width, board.height, board.grid_width, board.grid_height) == (33, 10, 1800, 645)
    assert board.grid == STANDARD_GRID
    assert len(board.terrain) == len(board.elevation) == 1800 * 645
    assert board.unknown_codes() == ()
    assert "LOSData" in board.files and f"bd{name}.gif" in board.files


def test_read_time_of_bd37(capsys: pytest.CaptureFixture[str]) -> None:
    path = vasl_dir() / "boards" / "bd37"
    if not path.is_file():
        pytest.skip("bd37 not found")
    times = []
    for _ in range(10):
        start = time.perf_counter()
        read_board_archive(path)
        times.append(time.perf_counter() - start)
    with capsys.disabled():
        print(
            f"\nbd37 read in {min(times) * 1e3:.1f} ms (best of 10), "
            f"{sorted(times)[5] * 1e3:.1f} ms median"
        )


@pytest.mark.parametrize("name", ["01", "03", "04", "35"])
def test_stairway_hexes_are_buildings_the_metadata_names(name: str) -> None:
    board = real_board(name)
    assert board.stairways
    named = set(board.metadata.building_types)
    for col, row in board.stairways:
        assert hex_name(col, row) in named
        assert board.code_at_hex((col, row)) in (41, 42, 51)  # buildings of 1 or 2 levels


def test_every_pixel_of_bd37_lies_in_exactly_one_hex() -> None:
    board = real_board("37")
    total = sum(sum(board.codes_in_hex(h).values()) for h in board.grid.hexes())
    assert total == 1800 * 645


def test_the_real_table_has_one_row_per_vasl_terrain_code() -> None:
    shared = vasl_dir() / "SharedBoardMetadata.xml"
    if not shared.is_file():
        pytest.skip("SharedBoardMetadata.xml not found")
    vasl = {int(t.get("typeCode", "-1")): t for t in ET.parse(shared).getroot().iter("terrainType")}
    table = terrain_codes()
    assert set(table) == set(vasl)
    for code, row in table.items():
        assert row.vasl == vasl[code].get("name")
        assert row.los_category == vasl[code].get("LOSCategory")
        assert row.height == int(vasl[code].get("height", "0"))


# Hex facts checked by eye on each board's picture. VASL reads a hex's terrain at the pixel of
# its centre (fractions cut off); these centres lie well inside their terrain: the 5 x 5 pixels
# around each hold one code and one level. (hex, code, level, what the picture shows)
CENTRE_FACTS = [
    # board 34: jungle, a branching stream (VASL: Shallow Stream, level -1), gullies, huts
    ("34J1", 63, 0, "orchard"),
    ("34M3", 60, 0, "woods"),
    ("34M5", 30, -1, "gully"),
    ("34M7", 65, 0, "road"),
    ("34N2", 25, 0, "brush"),
    ("34Q5", 8, 0, "pond"),
    ("34O10", 8, 0, "pond"),
    ("34V4", 14, 0, "marsh"),
    ("34W2", 32, -1, "stream"),
    ("34H9", 50, 0, "hut"),
    ("34Y1", 50, 0, "hut"),
    # board 35: grain fields, a pond, a long wooden building BB4-CC5
    ("35E6", 60, 0, "woods"),
    ("35B6", 25, 0, "brush"),
    ("35AA8", 25, 0, "brush"),
    ("35W4", 63, 0, "orchard"),
    ("35W1", 8, 0, "pond"),
    ("35Y6", 8, 0, "pond"),
    ("35Z6", 14, 0, "marsh"),
    ("35BB4", 51, 0, "wooden building, 1 level"),
    ("35CC5", 51, 0, "wooden building, 1 level"),
    # board 36: hills to level 3, a stream with stone bridges
    ("36D1", 0, 1, "hill, level 1"),
    ("36F2", 0, 2, "hill, level 2"),
    ("36U6", 0, 2, "hilltop, level 2 (spot height 526)"),
    ("36E4", 60, 3, "woods on level 3"),
    ("36P8", 60, 2, "woods on level 2"),
    ("36H6", 32, -1, "stream"),
    ("36Z3", 32, -1, "stream"),
    ("36B1", 14, 0, "marsh"),
    # board 37: woods, grain, ponds, huts at O7
    ("37DD7", 60, 0, "woods"),
    ("37D1", 60, 0, "woods"),
    ("37E2", 25, 0, "brush"),
    ("37EE2", 25, 0, "brush"),
    ("37P5", 65, 0, "road"),
    ("37T3", 63, 0, "orchard"),
    ("37G10", 8, 0, "pond"),
    ("37P2", 8, 0, "pond"),
    ("37S1", 14, 0, "marsh"),
    ("37DD4", 14, 0, "marsh"),
    ("37O7", 0, 0, "open ground between huts"),
    # board 38: a village of roads and wooden buildings
    ("38N2", 50, 0, "wooden building"),
    ("38O1", 8, 0, "pond"),
    ("38S10", 8, 0, "pond"),
    ("38S5", 25, 0, "brush"),
    ("38Q5", 60, 0, "woods"),
    ("38M7", 65, 0, "road"),
    ("38U6", 63, 0, "orchard"),
    ("38T1", 14, 0, "marsh"),
    # board 39: a hill mass to level 4, a walled temple, crags and a cliff
    ("39H1", 40, 0, "stone building (temple)"),
    ("39G2", 63, 0, "orchard inside the temple walls"),
    ("39G1", 8, -1, "pond"),
    ("39S10", 8, -1, "pond"),
    ("39B7", 50, 0, "wooden building"),
    ("39C5", 0, 1, "hill, level 1"),
    ("39F7", 0, 2, "hill, level 2"),
    ("39P5", 60, 4, "woods on the level-4 summit (spot height 779)"),
    ("39Q3", 26, 2, "crags on level 2"),
    ("39M1", 26, 1, "crags on level 1"),
    ("39O10", 30, -1, "gully"),
    ("39B1", 25, 1, "brush on level 1"),
    # board 7: a broad river (VASL: Water, level -1) with marsh islands
    ("07E6", 8, -1, "river"),
    ("07A5", 8, -1, "river"),
    ("07H3", 14, 0, "marsh island"),
    ("07D2", 50, 0, "wooden building"),
    ("07C2", 60, 0, "woods"),
]

# Hilltops whose centre pixel sits beside other terrain: the level alone. (hex, level, what)
LEVEL_FACTS = [
    ("36F5", 3, "hilltop, level 3 (spot height 601)"),
    ("39Z3", 4, "hilltop, level 4"),
]

# Terrain that does not fill its hex, or whose picture is speckled (grain has open-ground
# pixels all through it): the share of the hex's pixels, at least. (hex, code, %, what)
AREA_FACTS = [
    ("34C1", 24, 40, "grain"),
    ("34K4", 70, 5, "path"),
    ("34V5", 82, 15, "stone bridge beside the centre"),
    ("34X4", 32, 55, "stream"),
    ("35C2", 24, 60, "grain"),
    ("35X1", 24, 40, "grain"),
    ("35D5", 65, 20, "road below the centre"),
    ("35AA7", 70, 5, "path"),
    ("35Z2", 50, 8, "huts"),
    ("36H4", 82, 10, "stone bridge"),
    ("36R4", 82, 10, "stone bridge"),
    ("36D8", 24, 40, "grain"),
    ("36I6", 25, 70, "brush"),
    ("37C1", 24, 35, "grain"),
    ("37CC1", 24, 40, "grain"),
    ("37Y1", 70, 5, "path"),
    ("37Y3", 25, 60, "brush"),
    ("37O7", 50, 15, "huts"),
    ("38R1", 24, 35, "grain"),
    ("38O6", 24, 35, "grain"),
    ("39EE2", 24, 60, "grain"),
    ("39P6", 30, 20, "gully cut into the hill"),
    ("39Q4", 75, 4, "cliff"),
    ("39H1", 72, 12, "temple walls"),
    ("07G8", 65, 15, "road below the centre"),
]


@pytest.mark.parametrize(
    ("where", "code", "level", "what"), CENTRE_FACTS, ids=[f[0] for f in CENTRE_FACTS]
)
def test_hex_centre_checked_on_the_board_picture(
    where: str, code: int, level: int, what: str
) -> None:
    board = real_board(where[:2])
    assert (board.code_at_hex(where[2:]), board.level_at_hex(where[2:])) == (code, level), what
    x, y = board.centre_pixel(where[2:])
    around = {
        (board.code_at(x + dx, y + dy), board.level_at(x + dx, y + dy))
        for dx in range(-2, 3)
        for dy in range(-2, 3)
        if 0 <= x + dx < 1800 and 0 <= y + dy < 645
    }
    assert around == {(code, level)}, what


@pytest.mark.parametrize(("where", "level", "what"), LEVEL_FACTS, ids=[f[0] for f in LEVEL_FACTS])
def test_hilltop_level_checked_on_the_board_picture(where: str, level: int, what: str) -> None:
    assert real_board(where[:2]).level_at_hex(where[2:]) == level, what


@pytest.mark.parametrize(
    ("where", "code", "percent", "what"), AREA_FACTS, ids=[f[0] for f in AREA_FACTS]
)
def test_hex_area_checked_on_the_board_picture(
    where: str, code: int, percent: int, what: str
) -> None:
    counts = real_board(where[:2]).codes_in_hex(where[2:])
    assert 100 * counts.get(code, 0) >= percent * sum(counts.values()), (what, counts)


def test_huts_of_37o7_lie_off_the_hex_centre() -> None:
    board = real_board("37")
    counts = board.codes_in_hex("O7")
    assert set(counts) == {0, 50}
    assert board.code_at_hex("O7") == 0


def test_bridge_of_34v5_lies_off_the_hex_centre() -> None:
    board = real_board("34")
    assert board.code_at_hex("V5") == 65
    assert 82 in board.codes_in_hex("V5")


def test_river_of_7_is_water_one_level_down() -> None:
    board = real_board("07")
    water = [h for h in board.grid.hexes() if board.code_at_hex(h) == 8]
    assert len(water) > 100
    assert {board.level_at_hex(h) for h in water} == {-1}


def test_stream_of_34_is_one_level_down() -> None:
    board = real_board("34")
    stream = [h for h in board.grid.hexes() if board.code_at_hex(h) == 32]
    assert {"W1", "W2", "W3", "X4", "V6", "U7", "U8", "V8", "W9", "Y8"} <= {
        hex_name(*h) for h in stream
    }
    assert {board.level_at_hex(h) for h in stream} == {-1}


def iter_pto_boards() -> Iterator[BoardArchive]:
    for name in ("34", "35", "36", "37", "38", "39"):
        yield real_board(name)


def test_pto_boards_use_vasls_ordinary_codes() -> None:
    for board in iter_pto_boards():
        assert not board.codes() & set(range(126, 140)), board.name


def test_reads_a_path_given_as_text(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("LOSData", gzip.compress(java_block_stream(small_los())))
    path = tmp_path / "bd5"
    path.write_bytes(buf.getvalue())
    assert read_board_archive(str(path)).name == "5"
