"""VASL board archives (``bdNN``): the level and terrain code of every pixel, and the hex grid.

A board archive is a zip without extension. Its ``LOSData`` is a gzip of a Java object stream
that carries block data only: the board's size in hexes and pixels, then one (level, terrain
code) byte pair per pixel, column by column, then one stairway byte per hex.
``BoardMetadata.xml`` names the board and overrides building types and the hex grid.
See ``docs/vasl-boards.md``.

Hexes are ``(col, row)``: column 0 is A, 25 is Z, 26 is AA, ..., 32 is GG; rows as printed.
Their names and where they lie on the pixels are :mod:`aslpto.formats.vasl.hexgrid`'s,
named here too (``hex_name``, ``parse_hex``, ``HexGrid``, ...).
"""

from __future__ import annotations

import math
import os
import struct
import tomllib
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache, partial
from types import MappingProxyType

from aslpto.base.datafiles import data_text
from aslpto.base.hints import Any
from aslpto.base.inputfiles import MAX_ARCHIVE_BYTES, MIB
from aslpto.base.records import field, fields, record, replace
from aslpto.board.terrain import MARKS
from aslpto.formats.vasl.hexgrid import (
    STANDARD_GRID,
    HexGrid,
    hex_centre,
    hex_name,
    parse_hex,
    pixel_to_hex,
)

__all__ = [
    "STANDARD_GRID",
    "BoardArchive",
    "BoardArchiveError",
    "BoardMetadata",
    "HexGrid",
    "OverlayRule",
    "TerrainCode",
    "UnderlayRule",
    "hex_centre",
    "hex_name",
    "parse_board_metadata",
    "parse_hex",
    "pixel_to_hex",
    "read_board_archive",
    "terrain_codes",
]

LOS_DATA = "LOSData"
METADATA = "BoardMetadata.xml"
TERRAIN_CODES_FILE = "vasl_terrain_codes.toml"

_JAVA_STREAM_HEADER = b"\xac\xed\x00\x05"
_TC_BLOCKDATA = 0x77  # then a 1-byte length
_TC_BLOCKDATALONG = 0x7A  # then a 4-byte big-endian length
_HEADER = struct.Struct(">4i")  # width, height (hexes); grid width, grid height (pixels)
_MAX_INFLATED = 1 << 28  # refuse LOSData that inflates past 256 MiB


class BoardArchiveError(ValueError):
    """A board archive (or the terrain-code table) that cannot be read. The message is one
    line: the file, then what is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = " ".join(problem.split())
        super().__init__(f"{where}: {self.problem}")


# --- BoardMetadata.xml ------------------------------------------------------------------------


@record(slots=True)
class OverlayRule:
    """An SSR overlay: the picture ``image`` pasted with its top left at ``(x, y)``."""

    name: str
    image: str
    x: int
    y: int


@record(slots=True)
class UnderlayRule:
    """An SSR underlay: the pattern ``image`` shown through the pixels of the named colours."""

    name: str
    image: str
    colors: tuple[str, ...]


@record(slots=True)
class BoardMetadata:
    """What ``BoardMetadata.xml`` says. Attributes the file leaves out are ``None``."""

    name: str | None = None
    version: str | None = None
    version_date: str | None = None
    author: str | None = None
    image: str | None = None  # boardImageFileName
    has_hills: bool | None = None
    width: int | None = None  # in hexes
    height: int | None = None
    # hex grid overrides (absent on standard boards)
    a1_centre_x: float | None = None
    a1_centre_y: float | None = None
    hex_width: float | None = None
    hex_height: float | None = None
    alt_hex_grain: bool = False
    snap_scale: int | None = None
    hex_grid_config: str | None = None  # HexGridConfig, kept as written
    # per-hex overrides: hex name -> VASL building type name / hexside digits 0-5
    building_types: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    slopes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    rr_embankments: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    partial_orchards: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # SSR pictures and colours, kept as written
    overlay_rules: tuple[OverlayRule, ...] = ()
    underlay_rules: tuple[UnderlayRule, ...] = ()
    colors: tuple[Mapping[str, str], ...] = ()  # <color> attributes
    color_rules: Mapping[str, tuple[tuple[str, str], ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )  # colorSSR name -> (fromColor, toColor) pairs
    attributes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def overrides_grid(self) -> bool:
        """True when the file moves the hex grid off the standard geometry."""
        return (
            any(
                v is not None
                for v in (self.a1_centre_x, self.a1_centre_y, self.hex_width, self.hex_height)
            )
            or self.alt_hex_grain
        )


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def parse_board_metadata(data: bytes, where: str = METADATA) -> BoardMetadata:
    """Parse the text of a ``BoardMetadata.xml``; ``where`` names it in errors."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as err:
        raise BoardArchiveError(where, f"not well-formed XML ({err})") from None
    if root.tag != "boardMetadata":
        raise BoardArchiveError(where, f"root element is <{root.tag}>, not <boardMetadata>")
    attrs = dict(root.attrib)

    def text(key: str) -> str | None:
        return attrs.get(key)

    def number(key: str, kind: type[int] | type[float]) -> Any:
        value = attrs.get(key)
        if value is None:
            return None
        try:
            return kind(value.strip())
        except ValueError:
            noun = "a whole number" if kind is int else "a number"
            raise BoardArchiveError(where, f"{key}='{value}' is not {noun}") from None

    def size(key: str) -> float | None:
        value: float | None = number(key, float)
        if value is not None and not value > 0:
            raise BoardArchiveError(where, f"{key}='{attrs[key]}' is not a positive number")
        return value

    def flag(key: str) -> bool | None:
        value = attrs.get(key)
        if value is None:
            return None
        if value.strip().lower() in _TRUE:
            return True
        if value.strip().lower() in _FALSE:
            return False
        raise BoardArchiveError(where, f"{key}='{value}' is not TRUE or FALSE")

    def hexsides(group: str, item: str, attr: str) -> Mapping[str, str]:
        out: dict[str, str] = {}
        for el in root.iterfind(f"{group}/{item}"):
            hexname = el.get(attr)
            if hexname is None:
                raise BoardArchiveError(where, f"<{item}> without a {attr} attribute")
            out[hexname] = el.get("hexsides", "")
        return MappingProxyType(out)

    buildings: dict[str, str] = {}
    for el in root.iterfind("buildingTypes/buildingType"):
        hexname, kind = el.get("hexName"), el.get("buildingTypeName")
        if hexname is None or kind is None:
            raise BoardArchiveError(where, "<buildingType> needs hexName and buildingTypeName")
        buildings[hexname] = kind

    overlays = []
    for el in root.iterfind("overlaySSRules/overlaySSRule"):
        try:
            overlays.append(
                OverlayRule(
                    el.get("name", ""),
                    el.get("image", ""),
                    int(el.get("x", "0")),
                    int(el.get("y", "0")),
                )
            )
        except ValueError:
            raise BoardArchiveError(
                where, f"overlaySSRule '{el.get('name')}' has a position that is not a number"
            ) from None
    underlays = tuple(
        UnderlayRule(
            el.get("name", ""),
            el.get("image", ""),
            tuple(c.get("name", "") for c in el.iterfind("color")),
        )
        for el in root.iterfind("overlaySSRules/underlaySSRule")
    )
    color_rules = {
        el.get("name", ""): tuple(
            (m.get("fromColor", ""), m.get("toColor", "")) for m in el.iterfind("colorMap")
        )
        for el in root.iterfind("colorSSRules/colorSSR")
    }
    return BoardMetadata(
        name=text("name"),
        version=text("version"),
        version_date=text("versionDate"),
        author=text("author"),
        image=text("boardImageFileName"),
        has_hills=flag("hasHills"),
        width=number("width", int),
        height=number("height", int),
        a1_centre_x=number("A1CenterX", float),
        a1_centre_y=number("A1CenterY", float),
        hex_width=size("hexWidth"),
        hex_height=size("hexHeight"),
        alt_hex_grain=bool(flag("altHexGrain")),
        snap_scale=number("snapScale", int),
        hex_grid_config=text("HexGridConfig"),
        building_types=MappingProxyType(buildings),
        slopes=hexsides("slopes", "slope", "hex"),
        rr_embankments=hexsides("rrembankments", "rrembankment", "hex"),
        partial_orchards=hexsides("partialorchards", "partialorchard", "hex"),
        overlay_rules=tuple(overlays),
        underlay_rules=underlays,
        colors=tuple(MappingProxyType(dict(el.attrib)) for el in root.iterfind("colors/color")),
        color_rules=MappingProxyType(color_rules),
        attributes=MappingProxyType(attrs),
    )


# --- the terrain-code table -------------------------------------------------------------------


@record(slots=True)
class TerrainCode:
    """One VASL terrain code and the project's word for it (exactly one of ``terrain``,
    ``hexside``, ``feature``, or ``ignore``), and the mark it gives a hex besides (``mark``: a
    word of :data:`~aslpto.board.terrain.MARKS`, rubble, crag, runway, paved road)."""

    code: int
    vasl: str
    terrain: str | None = None
    hexside: str | None = None
    feature: str | None = None
    ignore: bool = False
    mark: str | None = None
    why: str = ""
    los_category: str | None = None
    height: int | None = None

    @property
    def kind(self) -> str:
        """``"terrain"``, ``"hexside"``, ``"feature"`` or ``"ignore"``."""
        if self.terrain is not None:
            return "terrain"
        if self.hexside is not None:
            return "hexside"
        if self.feature is not None:
            return "feature"
        return "ignore"

    @property
    def word(self) -> str | None:
        """The project's word (``None`` for an ignored code)."""
        return self.terrain or self.hexside or self.feature


_CODE_FIELDS = frozenset(f.name for f in fields(TerrainCode))


def _terrain_code(row: Any, n: int, where: str) -> TerrainCode:
    if not isinstance(row, dict):
        raise BoardArchiveError(where, f"row {n} is not a table")
    unknown = set(row) - _CODE_FIELDS
    if unknown:
        raise BoardArchiveError(where, f"row {n}: unknown field(s) {sorted(unknown)}")
    words = [k for k in ("terrain", "hexside", "feature") if k in row]
    if len(words) + bool(row.get("ignore")) != 1:
        raise BoardArchiveError(
            where, f"row {n}: give exactly one of terrain, hexside, feature, ignore = true"
        )
    code = row.get("code")
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code <= 255:
        raise BoardArchiveError(where, f"row {n}: code must be a whole number 0-255")
    for key in ("vasl", "why", *words, "los_category", "mark"):
        if key in row and not (isinstance(row[key], str) and row[key]):
            raise BoardArchiveError(where, f"row {n} (code {code}): {key} must be a text")
    if "mark" in row:
        marks = sorted(f.value for f in MARKS)
        if row["mark"] not in marks:
            raise BoardArchiveError(
                where,
                f"row {n} (code {code}): mark {row['mark']!r} is not one of {', '.join(marks)}",
            )
        if "hexside" in row:
            raise BoardArchiveError(where, f"row {n} (code {code}): a hexside code has no mark")
    if "height" in row and not isinstance(row["height"], int):
        raise BoardArchiveError(where, f"row {n} (code {code}): height must be a whole number")
    if "vasl" not in row or "why" not in row:
        raise BoardArchiveError(where, f"row {n} (code {code}): vasl and why are required")
    return TerrainCode(**row)


@cache
def _terrain_code_table() -> Mapping[int, TerrainCode]:
    where = f"aslpto/data/{TERRAIN_CODES_FILE}"
    text = data_text(TERRAIN_CODES_FILE)
    try:
        rows = tomllib.loads(text).get("codes")
    except tomllib.TOMLDecodeError as e:
        raise BoardArchiveError(where, f"not valid TOML ({e})") from None
    if not isinstance(rows, list):
        raise BoardArchiveError(where, "no 'codes' array")
    table: dict[int, TerrainCode] = {}
    for n, row in enumerate(rows, 1):
        entry = _terrain_code(row, n, where)
        if entry.code in table:
            raise BoardArchiveError(where, f"row {n}: code {entry.code} given twice")
        table[entry.code] = entry
    return MappingProxyType(dict(sorted(table.items())))


def terrain_codes() -> dict[int, TerrainCode]:
    """The bundled table ``aslpto/data/vasl_terrain_codes.toml``: VASL code -> its row."""
    return dict(_terrain_code_table())


# --- LOSData ----------------------------------------------------------------------------------


def _inflate(data: bytes, where: str) -> bytes:
    """The bytes of a gzip stream (members joined), refusing corrupt or truncated data."""
    if data[:2] != b"\x1f\x8b":
        raise BoardArchiveError(where, f"{LOS_DATA} is not gzip data")
    out: list[bytes] = []
    size = 0
    while data:
        d = zlib.decompressobj(wbits=31)
        try:
            chunk = d.decompress(data, _MAX_INFLATED - size + 1)
        except zlib.error as e:
            raise BoardArchiveError(where, f"{LOS_DATA}: corrupt gzip data ({e})") from None
        size += len(chunk)
        out.append(chunk)
        if size > _MAX_INFLATED:
            raise BoardArchiveError(where, f"{LOS_DATA} inflates past {_MAX_INFLATED} bytes")
        if not d.eof:
            raise BoardArchiveError(where, f"{LOS_DATA}: gzip data is truncated")
        data = d.unused_data
        if data and data[:2] != b"\x1f\x8b":
            raise BoardArchiveError(where, f"{LOS_DATA}: {len(data)} stray bytes after the gzip")
    return b"".join(out)


def _block_data(stream: bytes, where: str) -> bytes:
    """The payload of a Java object stream that holds block-data records only."""
    if stream[:4] != _JAVA_STREAM_HEADER:
        raise BoardArchiveError(
            where, f"{LOS_DATA} is not a Java object stream (starts {stream[:4].hex(' ')})"
        )
    view = memoryview(stream)
    parts: list[memoryview] = []
    i, end = 4, len(stream)
    # VASL writes 1024-byte records (0x7A, then 00 00 04 00): take a run of them at once
    run = (end - 4) // _LONG_RECORD
    while run and not _uniform(stream, run):
        run //= 2
    if run:
        i = 4 + run * _LONG_RECORD
        parts = [view[k + 5 : k + _LONG_RECORD] for k in range(4, i, _LONG_RECORD)]
    while i < end:
        tag = stream[i]
        if tag == _TC_BLOCKDATALONG and i + 5 <= end:
            size = int.from_bytes(stream[i + 1 : i + 5], "big", signed=True)
            start = i + 5
        elif tag == _TC_BLOCKDATA and i + 2 <= end:
            size = stream[i + 1]
            start = i + 2
        elif tag in (_TC_BLOCKDATA, _TC_BLOCKDATALONG):
            raise BoardArchiveError(where, f"{LOS_DATA}: stream ends inside a record header")
        else:
            raise BoardArchiveError(
                where, f"{LOS_DATA}: byte 0x{tag:02X} at offset {i} is not a block-data record"
            )
        if size < 0 or start + size > end:
            raise BoardArchiveError(
                where, f"{LOS_DATA}: the record at offset {i} runs past the end of the stream"
            )
        parts.append(view[start : start + size])
        i = start + size
    return b"".join(parts)


_LONG_RECORD = 5 + 1024
_LONG_HEADER = b"\x7a\x00\x00\x04\x00"


def _uniform(stream: bytes, run: int) -> bool:
    """Whether the first ``run`` records of the stream are all 1024-byte 0x7A records."""
    stop = 4 + run * _LONG_RECORD
    return all(
        stream[4 + k : stop : _LONG_RECORD] == bytes([b]) * run for k, b in enumerate(_LONG_HEADER)
    )


def _stairway_hexes(flags: bytes, grid: HexGrid) -> frozenset[tuple[int, int]]:
    """The hexes whose stairway byte is 1. VASL writes ``rows + col % 2`` bytes per column
    (or ``rows`` for every column on boards whose columns all have as many hexes)."""
    even = len(flags) == grid.columns * grid.rows
    hexes: list[tuple[int, int]] = []
    i = 0
    for col in range(grid.columns):
        rows = grid.rows_in(col)
        count = grid.rows if even else grid.rows + col % 2
        hexes.extend((col, rows[k]) for k in range(min(count, len(rows))) if flags[i + k] == 1)
        i += count
    return frozenset(hexes)


def _stairway_count(width: int, height: int) -> int:
    """VASL writes one stairway byte per hex: ``height + col % 2`` hexes in column ``col``."""
    return width * height + width // 2


# --- the archive ------------------------------------------------------------------------------


@record(slots=True)
class BoardArchive:
    """A VASL board archive as read by :func:`read_board_archive`.

    ``pixels`` is the inflated ``LOSData`` payload: from byte ``start``, a (level, code) byte
    pair per pixel, column by column. Levels are signed bytes (0xFF is level -1), codes
    unsigned (see :func:`terrain_codes`). The planes ``elevation`` and ``terrain`` (a byte a
    pixel, pixel ``(x, y)`` at ``x * grid_height + y``) are split from them when first asked for.
    """

    path: str
    name: str
    width: int  # in hexes
    height: int
    grid_width: int  # in pixels
    grid_height: int
    grid: HexGrid
    pixels: bytes = field(repr=False)
    stairways: frozenset[tuple[int, int]] = field(repr=False)
    metadata: BoardMetadata = field(repr=False)
    files: tuple[str, ...] = field(repr=False)
    start: int = field(default=0, repr=False)
    losdata: bytes | None = field(default=None, repr=False, compare=False)  # as stored
    _elevation: bytes | None = field(default=None, init=False, repr=False, compare=False)
    _terrain: bytes | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def elevation(self) -> bytes:
        """The level of every pixel (a signed byte), column by column."""
        return self._elevation or self._plane(0, "_elevation")

    @property
    def terrain(self) -> bytes:
        """The terrain code of every pixel, column by column."""
        return self._terrain or self._plane(1, "_terrain")

    def _plane(self, which: int, keep: str = "") -> bytes:
        """A plane (``which`` 0: levels, 1: codes), kept as attribute ``keep`` if named."""
        end = self.start + 2 * self.grid_width * self.grid_height
        plane = self.pixels[self.start + which : end : 2]
        if keep:
            object.__setattr__(self, keep, plane)
        return plane

    def plane_source(self) -> Callable[[], tuple[bytes, bytes]] | None:
        """What makes the planes again from the compressed ``LOSData`` (an artwork keeps 90 kB,
        not 2.3 MB, till they are wanted); None once the pixels are not the archive's."""
        if self.losdata is None:
            return None
        n = self.grid_width * self.grid_height
        return partial(_planes_of, self.losdata, self.path, self.start, n)

    def with_planes(self, elevation: bytes, terrain: bytes) -> BoardArchive:
        """The archive with new planes (a byte a pixel each), as pairs in ``pixels``."""
        n = self.grid_width * self.grid_height
        if len(elevation) != n or len(terrain) != n:
            raise ValueError(f"planes of {len(elevation)} and {len(terrain)} bytes, not {n}")
        pairs = bytearray(self.pixels)
        pairs[self.start : self.start + 2 * n : 2] = elevation
        pairs[self.start + 1 : self.start + 2 * n : 2] = terrain
        out = replace(self, pixels=bytes(pairs), losdata=None)
        object.__setattr__(out, "_elevation", elevation)
        object.__setattr__(out, "_terrain", terrain)
        return out

    def _index(self, x: int, y: int) -> int:
        if not (0 <= x < self.grid_width and 0 <= y < self.grid_height):
            raise IndexError(
                f"pixel ({x}, {y}) is off the {self.grid_width}x{self.grid_height} grid "
                f"of board {self.name}"
            )
        return x * self.grid_height + y

    def level_at(self, x: int, y: int) -> int:
        """The ground level of pixel ``(x, y)``."""
        v = self.pixels[self.start + 2 * self._index(x, y)]
        return v - 256 if v > 127 else v

    def code_at(self, x: int, y: int) -> int:
        """The VASL terrain code of pixel ``(x, y)``."""
        return self.pixels[self.start + 2 * self._index(x, y) + 1]

    def _hex(self, which: str | tuple[int, int]) -> tuple[int, int]:
        col, row = parse_hex(which) if isinstance(which, str) else which
        if not self.grid.is_hex(col, row):
            raise ValueError(f"no hex {hex_name(col, row)} on board {self.name}")
        return col, row

    def hex_centre(self, col: int, row: int) -> tuple[float, float]:
        """The pixel position of the centre of hex ``(col, row)`` on this board."""
        return self.grid.centre(col, row)

    def pixel_to_hex(self, x: float, y: float) -> tuple[int, int]:
        """The hex of this board whose centre is nearest to pixel ``(x, y)``."""
        return self.grid.pixel_to_hex(x, y)

    def centre_pixel(self, which: str | tuple[int, int]) -> tuple[int, int]:
        """The pixel VASL reads for the centre of a hex: the centre with its fractions cut
        off, kept on the grid (GG's centre, x = 1800, is read at x = 1799)."""
        cx, cy = self.grid.centre(*self._hex(which))
        return (
            min(max(math.floor(cx), 0), self.grid_width - 1),
            min(max(math.floor(cy), 0), self.grid_height - 1),
        )

    def code_at_hex(self, which: str | tuple[int, int]) -> int:
        """The terrain code at the centre of a hex (``"DD7"`` or ``(29, 7)``)."""
        return self.code_at(*self.centre_pixel(which))

    def level_at_hex(self, which: str | tuple[int, int]) -> int:
        """The ground level at the centre of a hex."""
        return self.level_at(*self.centre_pixel(which))

    def codes_in_hex(self, which: str | tuple[int, int]) -> dict[int, int]:
        """How many pixels of each terrain code lie in a hex (the pixels whose nearest hex
        centre is this hex's), code by code."""
        col, row = self._hex(which)
        counts: Counter[int] = Counter()
        gh, pairs, code = self.grid_height, self.pixels, self.start + 1
        for x, y_first, y_last in self.grid.spans(col, row, self.grid_width, gh):
            first = code + 2 * (x * gh + y_first)
            counts.update(pairs[first : first + 2 * (y_last - y_first) + 1 : 2])
        return dict(sorted(counts.items()))

    def has_stairway(self, which: str | tuple[int, int]) -> bool:
        return self._hex(which) in self.stairways

    def codes(self) -> frozenset[int]:
        """Every terrain code that occurs on the board."""
        return _codes_in(self.terrain)

    def unknown_codes(self, table: Mapping[int, object] | None = None) -> tuple[int, ...]:
        """The codes on the board that ``table`` (default :func:`terrain_codes`) lacks."""
        known = bytes(sorted(_terrain_code_table() if table is None else table))
        plane = self._terrain or self._plane(1)  # (not kept: boards are read without it)
        return tuple(sorted(_codes_in(plane.translate(None, known))))


def _codes_in(data: bytes) -> frozenset[int]:
    found: set[int] = set()
    while data:
        found.add(data[0])
        data = data.translate(None, data[:1])
    return frozenset(found)


_ZIP_DAMAGE = (
    EOFError,
    NotImplementedError,
    RuntimeError,
    UnicodeDecodeError,
    OverflowError,
    KeyError,
    IndexError,
    struct.error,
)
"""What :mod:`zipfile` raises besides ``BadZipFile`` on a damaged archive (an OSError or
ValueError is turned into one line by :func:`aslpto.formats.vasl.boards.load_vasl_board`)."""


def _member(zf: zipfile.ZipFile, wanted: str) -> str | None:
    names = zf.namelist()
    if wanted in names:
        return wanted
    matches = [n for n in names if n.lower() == wanted.lower()]
    return matches[0] if matches else None


def _read_member(zf: zipfile.ZipFile, member: str, where: str) -> bytes:
    size = zf.getinfo(member).file_size
    if size > MAX_ARCHIVE_BYTES:
        raise BoardArchiveError(
            where,
            f"{member} would unpack to {size:,} bytes (at most {MAX_ARCHIVE_BYTES // MIB} MiB)",
        )
    try:
        return zf.read(member)
    except (zipfile.BadZipFile, zlib.error, *_ZIP_DAMAGE) as e:
        raise BoardArchiveError(where, f"{member}: unreadable zip entry ({e})") from None


def read_board_archive(path: str | os.PathLike[str], *, strict: bool = False) -> BoardArchive:
    """Read a VASL board archive (e.g. ``.../boards/bd37``).

    Raises :class:`BoardArchiveError` (one line naming the file) when the archive is not a
    zip, has no ``LOSData``, or its ``LOSData`` or ``BoardMetadata.xml`` is malformed. Terrain
    codes the bundled table lacks are kept (see :meth:`BoardArchive.unknown_codes`) unless
    ``strict``, which refuses them.
    """
    where = os.fspath(path)
    try:
        zf = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise BoardArchiveError(where, "not a zip archive") from None
    except _ZIP_DAMAGE as e:  # (a damaged directory: bad names, versions, offsets)
        raise BoardArchiveError(where, f"a damaged zip archive ({type(e).__name__}: {e})") from None
    with zf:
        files = tuple(zf.namelist())
        los_member = _member(zf, LOS_DATA)
        if los_member is None:
            raise BoardArchiveError(where, f"no {LOS_DATA} in the archive")
        los = _read_member(zf, los_member, where)
        md_member = _member(zf, METADATA)
        md_data = None if md_member is None else _read_member(zf, md_member, where)

    md_where = f"{where}: {METADATA}"
    metadata = BoardMetadata() if md_data is None else parse_board_metadata(md_data, md_where)
    payload = _block_data(_inflate(los, where), where)
    if len(payload) < _HEADER.size:
        raise BoardArchiveError(
            where, f"{LOS_DATA}: payload of {len(payload)} bytes, shorter than its header"
        )
    width, height, gw, gh = _HEADER.unpack_from(payload)
    if min(width, height, gw, gh) <= 0:
        raise BoardArchiveError(
            where, f"{LOS_DATA}: sizes {width}x{height} hexes, {gw}x{gh} pixels are not positive"
        )
    grid_end = _HEADER.size + 2 * gw * gh
    stairs = len(payload) - grid_end
    if stairs not in (_stairway_count(width, height), width * height):
        raise BoardArchiveError(
            where,
            f"{LOS_DATA}: payload of {len(payload)} bytes does not fit a {width}x{height}-hex "
            f"board of {gw}x{gh} pixels (needs {grid_end + _stairway_count(width, height)})",
        )
    grid = HexGrid(
        columns=width,
        rows=height,
        hex_width=metadata.hex_width or (gw / (width - 1) if width > 1 else float(gw)),
        hex_height=metadata.hex_height or gh / height,
        a1_x=metadata.a1_centre_x if metadata.a1_centre_x is not None else 0.0,
        a1_y=(
            metadata.a1_centre_y
            if metadata.a1_centre_y is not None
            else (metadata.hex_height or gh / height) / 2
        ),
        alt_hex_grain=metadata.alt_hex_grain,
    )
    archive = BoardArchive(
        path=where,
        name=metadata.name or _name_from_path(where),
        width=width,
        height=height,
        grid_width=gw,
        grid_height=gh,
        grid=grid,
        pixels=payload,
        stairways=_stairway_hexes(payload[grid_end:], grid),
        metadata=metadata,
        files=files,
        start=_HEADER.size,
        losdata=los,
    )
    if strict:
        unknown = archive.unknown_codes()
        if unknown:
            raise BoardArchiveError(
                where, f"terrain code(s) {', '.join(map(str, unknown))} not in {TERRAIN_CODES_FILE}"
            )
    return archive


def _planes_of(losdata: bytes, where: str, start: int, n: int) -> tuple[bytes, bytes]:
    """The (elevation, terrain) planes of ``n`` pixels from a ``LOSData`` read before."""
    payload = _block_data(_inflate(losdata, where), where)
    return payload[start : start + 2 * n : 2], payload[start + 1 : start + 2 * n : 2]


def _name_from_path(where: str) -> str:
    base = os.path.basename(where.rstrip("/\\"))
    return base[2:] if base.lower().startswith("bd") and len(base) > 2 else base
