"""A VASL board archive read as a board (aslpto.formats.vasl.boards), on geomorphic archives
written here, and bad input through the command line: one line, exit 2, nothing loaded."""

from __future__ import annotations

import gzip
import struct
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.cli import main
from aslpto.formats.scenario import dump, loads
from aslpto.formats.scenario.source import vasl_boards_option
from aslpto.formats.vasl.boardarchive import STANDARD_GRID, parse_hex
from aslpto.formats.vasl.boards import archive_name, find_board_archive
from aslpto.state.game import Game

W, H = 1800, 645


def paint(codes: bytearray, hexes: str, code: int) -> None:
    """Every pixel of each hex (``"C3 C4"``) gets ``code``."""
    for name in hexes.split():
        for x, y0, y1 in STANDARD_GRID.spans(*parse_hex(name), W, H):
            codes[x * H + y0 : x * H + y1 + 1] = bytes([code]) * (y1 - y0 + 1)


def line(codes: bytearray, x0: int, y0: int, x1: int, y1: int, code: int, width: int = 3) -> None:
    n = max(abs(x1 - x0), abs(y1 - y0))
    for k in range(n + 1):
        x, y = x0 + (x1 - x0) * k // n, y0 + (y1 - y0) * k // n
        for d in range(-(width // 2), width // 2 + 1):
            if 0 <= y + d < H:
                codes[x * H + y + d] = code


def write(
    path: Path,
    codes: bytes | None = None,
    levels: bytes | None = None,
    *,
    header: tuple[int, int, int, int] = (33, 10, W, H),
    los: bytes | None = None,
    gz: Callable[[bytes], bytes] = gzip.compress,
) -> Path:
    """A board archive: ``LOSData`` (gzip, Java block data) and a ``BoardMetadata.xml``."""
    if los is None:
        n = len(codes) if codes is not None else header[2] * header[3]
        grid = bytearray(2 * n)
        grid[0::2] = levels if levels is not None else bytes(n)
        grid[1::2] = codes if codes is not None else bytes(n)
        payload = struct.pack(">4i", *header) + bytes(grid) + bytes(33 * 10 + 16)
        stream = bytearray(b"\xac\xed\x00\x05")
        for i in range(0, len(payload), 1024):
            chunk = payload[i : i + 1024]
            stream += b"\x7a" + struct.pack(">i", len(chunk)) + chunk
        los = gz(bytes(stream))
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("LOSData", los)
        zf.writestr("BoardMetadata.xml", f'<boardMetadata name="{path.name[2:]}"/>')
    return path


@cache
def written_board() -> bytes:
    """Woods C3; grain E5 (speckled, open at the centre); a two-hex stone building G4-G5
    with a cellar; a one-hex stone building K5 with a cellar; two huts in M5; a wall along
    P5-P6; a road from R3 to R5."""
    codes = bytearray(W * H)
    paint(codes, "C3", 60)
    paint(codes, "E5", 24)
    for x in range(int(4 * 56.25) - 28, int(4 * 56.25) + 28):
        for y in range(290 - 32, 290 + 32):
            if (x + y) % 3 == 0:
                codes[x * H + y] = 0
    codes[225 * H + 290] = 0  # the centre of E5
    paint(codes, "G4 G5", 40)
    paint(codes, "K5", 40)
    for x in range(int(6 * 56.25) - 6, int(6 * 56.25) + 6):  # cellar pixels in G4
        codes[x * H + 225 : x * H + 237] = bytes([174]) * 12
    for x in range(int(10 * 56.25) - 6, int(10 * 56.25) + 6):
        codes[x * H + 285 : x * H + 297] = bytes([174]) * 12
    mx, my = STANDARD_GRID.centre(*parse_hex("M5"))
    for dx, dy in ((-16, -14), (13, 12)):
        for x in range(int(mx) + dx - 7, int(mx) + dx + 7):
            codes[x * H + int(my) + dy - 7 : x * H + int(my) + dy + 7] = bytes([50]) * 14
    (ax, ay), (_, by) = STANDARD_GRID.centre(15, 5), STANDARD_GRID.centre(15, 6)
    ym = int((ay + by) / 2)
    line(codes, int(ax) - 16, ym, int(ax) + 16, ym, 72)
    (rx, r3), (_, r5) = STANDARD_GRID.centre(17, 3), STANDARD_GRID.centre(17, 5)
    line(codes, int(rx), int(r3), int(rx), int(r5), 65, 7)
    return bytes(codes)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    write(tmp_path / "bd90", written_board())
    return tmp_path


def _load(folder: Path, ssr: str = "pto_terrain = false") -> Game:
    text = (
        f'[scenario]\nname = "t"\n[map]\nboards = [["90"]]\nvasl_boards = "{folder}"\n'
        f"[ssr]\n{ssr}\n"
    )
    return loads(text, str(folder / "t.toml"))


def test_archive_names() -> None:
    assert [archive_name(b) for b in ("7", "37", "10a", "07")] == ["bd07", "bd37", "bd10a", "bd07"]


def test_find_board_archive_any_case(tmp_path: Path) -> None:
    (tmp_path / "BD37").write_bytes(b"x")
    assert find_board_archive("37", tmp_path) == str(tmp_path / "BD37")
    assert find_board_archive("38", tmp_path) is None


def test_written_board_reads_as_painted(folder: Path) -> None:
    m = _load(folder).map
    t = {n: m.terrain(m.hex(f"90{n}")) for n in ("C3", "E5", "G4", "G5", "K5", "M5", "A1")}
    assert t == {
        "C3": Terrain.WOODS,
        "E5": Terrain.GRAIN,
        "G4": Terrain.STONE_BUILDING,
        "G5": Terrain.STONE_BUILDING,
        "K5": Terrain.STONE_BUILDING,
        "M5": Terrain.WOODEN_BUILDING,
        "A1": Terrain.OPEN_GROUND,
    }
    g4 = m.info(m.hex("90G4")).building
    assert g4 is not None and g4.multi_hex and g4.cellar and m.hex("90G5") in g4.hexes
    m5 = m.info(m.hex("90M5")).building
    assert m5 is not None and m5.separate == 2 and not m5.partial
    p5, p6 = m.hex("90P5"), m.hex("90P6")
    assert m.hexside_features(p5, p6) == {HexsideFeature.WALL}
    assert Feature.ROAD in m.info(m.hex("90R4")).features
    assert HexsideFeature.ROAD in m.hexside_features(m.hex("90R3"), m.hex("90R4"))
    assert set(m.artwork) == {"90"}


def test_g1_on_the_written_board(folder: Path) -> None:
    """G.1: cellars only in multi-hex stone buildings; two separate huts are Huts."""
    m = _load(folder, "pto_terrain = true").map
    assert Feature.CELLAR in m.info(m.hex("90G4")).features
    assert Feature.CELLAR not in m.info(m.hex("90K5")).features
    assert m.terrain(m.hex("90M5")) == Terrain.HUTS
    assert m.terrain(m.hex("90E5")) == Terrain.KUNAI


def test_dump_writes_the_vasl_board_back(folder: Path) -> None:
    g = _load(folder)
    text = dump(g)
    assert "vasl_boards = " in text and '"90" = "vasl:90"' in text
    assert loads(text, g.source) == g


def test_vasl_prefix_and_option(folder: Path, tmp_path: Path) -> None:
    text = '[scenario]\nname = "t"\n[map]\nboards = [["90"]]\n[map.files]\n"90" = "vasl:90"\n'
    token = vasl_boards_option.set(str(folder))
    try:
        g = loads(text, str(tmp_path / "t.toml"))
    finally:
        vasl_boards_option.reset(token)
    assert "90" in g.map.artwork
    assert '"90" = "vasl:90"' in dump(g) and "vasl_boards" not in dump(g)


# --- bad input through the command line -------------------------------------------------------


def _scenario(tmp_path: Path, board: str = "90") -> Path:
    p = tmp_path / "s.toml"
    p.write_text(f'[scenario]\nname = "t"\n[map]\nboards = [["{board}"]]\n', encoding="utf-8")
    return p


def _refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *words: str, board: str = "90"
) -> None:
    s = _scenario(tmp_path, board)
    assert main(["terrain", str(s), f"{board}A1", "--vasl-boards", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    for w in words:
        assert w in err, err


def test_cli_reads_a_vasl_board(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = _scenario(folder)
    assert main(["terrain", str(s), "90C3", "--vasl-boards", str(folder)]) == 0
    assert "90C3: woods, level 0" in capsys.readouterr().out


def test_cli_refuses_a_file_that_is_not_a_zip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bd90").write_bytes(b"not a zip")
    _refused(tmp_path, capsys, str(tmp_path / "bd90"), "not a zip archive")


def test_cli_refuses_an_archive_without_losdata(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with zipfile.ZipFile(tmp_path / "bd90", "w") as zf:
        zf.writestr("bd90.gif", b"GIF89a")
    _refused(tmp_path, capsys, "bd90", "no LOSData")


def test_cli_refuses_truncated_gzip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / "bd90", written_board(), gz=lambda b: gzip.compress(b)[:5000])
    _refused(tmp_path, capsys, "bd90", "truncated")


def test_cli_refuses_a_wrong_grid_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / "bd90", bytes(W * (H - 1)))
    _refused(tmp_path, capsys, "bd90", "does not fit")


def test_cli_refuses_a_board_that_is_not_geomorphic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "bd90", bytes(112 * 129), bytes(112 * 129), header=(3, 2, 112, 129))
    _refused(tmp_path, capsys, "bd90", "3x2-hex board")


def test_cli_refuses_an_unknown_terrain_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = bytearray(written_board())
    codes[1000] = 250
    write(tmp_path / "bd90", bytes(codes))
    _refused(tmp_path, capsys, "bd90", "terrain code(s) 250")


def test_cli_names_the_folder_and_file_of_a_missing_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(tmp_path, capsys, "bd77", str(tmp_path), "--vasl-boards", board="77")


def test_explicit_vasl_board_missing_names_folder_and_file(tmp_path: Path) -> None:
    text = (
        '[scenario]\nname = "t"\n[map]\nboards = [["37"]]\nvasl_boards = "."\n'
        '[map.files]\n"37" = "vasl:37"\n'
    )
    with pytest.raises(InputError) as e:
        loads(text, str(tmp_path / "t.toml"))
    assert "bd37" in str(e.value) and str(tmp_path) in str(e.value) and "\n" not in str(e.value)


def test_vasl_prefix_without_a_folder(tmp_path: Path) -> None:
    text = '[scenario]\nname = "t"\n[map]\nboards = [["37"]]\n[map.files]\n"37" = "vasl:37"\n'
    with pytest.raises(InputError) as e:
        loads(text, str(tmp_path / "t.toml"))
    assert "--vasl-boards" in str(e.value) and "ASLPTO_VASL_BOARDS" in str(e.value)


def test_load_names_the_folder(folder: Path, tmp_path: Path) -> None:
    text = '[scenario]\nname = "t"\n[map]\nboards = [["90"]]\n'
    g = loads(text, str(tmp_path / "t.toml"), vasl_boards=folder)
    assert "90" in g.map.artwork and vasl_boards_option.get() is None
