"""VASL overlay archives (the G.9 overlays ``ovr1``-``ovr7``, rice paddies ``ovrRP``, swamps
``ovrSW``, ponds ``ovrP``) placed on a real board's artwork.

An archive of VASL's older overlay format holds GIF pictures, one per overlay and orientation
(``ovrrp3c.gif``: overlay RP3 in orientation c), a ``data`` file with one line per overlay
(``rp3 b2;b1;c1;d1;d2;c3``: for each orientation a-f, the hex of the picture's own grid that
goes on the first placement hex) and, in some, a ``colors`` file naming the pictures' colours.

An overlay is placed as VASL places it, by two hexes of one board: the first hex takes the
picture's origin hex; where the second lies from the first gives the orientation (a: straight
up, b: up right, c: down right, d: straight down, e: down left, f: up left). A picture's
pixels are read through their colours (the archive's ``colors`` file, then
``data/vasl_overlay_colors.toml``) as terrain codes and levels and replace the board's pixels
under them, so the board read from the result (hexes, hexsides, G.1, LOS over the artwork)
sees the overlay (``docs/vasl-boards.md``, "Overlays").

Pillow decodes the pictures; it is imported here only.
"""

from __future__ import annotations

import io
import os
import re
import tomllib
import zipfile
from collections.abc import Collection, Mapping, Sequence
from functools import cache, lru_cache

from PIL import Image, ImageChops

from aslpto.base.datafiles import data_text
from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.board.hexes import HexName, Layout
from aslpto.board.overlays import check_g9e
from aslpto.formats.vasl.boardarchive import BoardArchive, HexGrid, parse_hex, terrain_codes
from aslpto.formats.vasl.slivers import clear_slivers

if TYPE_CHECKING:
    from aslpto.formats.scenario.source import MapSource

__all__ = [
    "COLOURS_FILE",
    "OverlayArchive",
    "OverlayColour",
    "OverlayError",
    "OverlaySpot",
    "covered_hexes",
    "find_overlay_archive",
    "overlaid_picture",
    "overlay_archive_name",
    "place_overlays",
    "read_overlay_archive",
    "resolve_colour",
    "scenario_spot",
    "vasl_overlays",
]

COLOURS_FILE = "vasl_overlay_colors.toml"
ORIENTATIONS = "abcdef"
NEAR_OWN = 3 * 12 * 12
"""A colour within this squared RGB distance of one the archive's ``colors`` file names is
that colour (older pictures carry VASL 4's palette, a few steps off VASL 5's)."""
SPILL = 3
"""Pixels of a picture allowed past the board's edge (the tips of edge hexspines)."""
_UNKNOWN = 255  # a colour without terrain: it takes the terrain around it
_CLEAR = 254  # a transparent pixel (in the codes picture only)


class OverlayError(ValueError):
    """An overlay that cannot be read or placed: one line, the file, then what is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = " ".join(problem.split())
        self.index: int | None = None  # which overlay of place_overlays' list
        super().__init__(f"{where}: {self.problem}")


# --- colours -----------------------------------------------------------------------------------


@record(slots=True)
class OverlayColour:
    """A named VASL colour: its terrain code (None: no terrain) and level (None: the board's)."""

    name: str
    rgb: tuple[int, int, int]
    code: int | None
    level: int | None


@record
class _Colours:
    by_name: Mapping[str, OverlayColour]
    by_rgb: Mapping[tuple[int, int, int], str]
    aliases: Mapping[tuple[int, int, int], str]
    remaps: Mapping[str, Mapping[int, int]]  # archive key -> code -> code
    own_codes: Mapping[str, Mapping[str, int]]  # archive key -> colour name -> code
    candidates: tuple[OverlayColour, ...]  # for the nearest colour: levels 0 and unknown


@cache
def _colours() -> _Colours:
    text = data_text(COLOURS_FILE)
    data = tomllib.loads(text)
    by_name: dict[str, OverlayColour] = {}
    by_rgb: dict[tuple[int, int, int], str] = {}
    for row in data.get("colors", []):
        r, g, b = row["rgb"]
        c = OverlayColour(row["name"], (r, g, b), row.get("code"), row.get("level"))
        by_name[c.name] = c
        by_rgb.setdefault(c.rgb, c.name)
    aliases: dict[tuple[int, int, int], str] = {}
    for a in data.get("aliases", []):
        r, g, b = a["rgb"]
        aliases[(r, g, b)] = a["name"]
    remaps: dict[str, dict[int, int]] = {}
    for m in data.get("remaps", []):
        remaps.setdefault(m["archive"].upper(), {})[m["from"]] = m["to"]
    own_codes: dict[str, dict[str, int]] = {}
    for m in data.get("colour_codes", []):
        own_codes.setdefault(m["archive"].upper(), {})[m["name"]] = m["code"]
    cands = tuple(c for c in by_name.values() if c.level in (None, 0))
    return _Colours(by_name, by_rgb, aliases, remaps, own_codes, cands)


def resolve_colour(
    rgb: tuple[int, int, int],
    own: Mapping[tuple[int, int, int], str],
    by_rgb: Mapping[tuple[int, int, int], str],
    aliases: Mapping[tuple[int, int, int], str],
    candidates: Sequence[tuple[str, tuple[int, int, int]]],
) -> str:
    """The VASL colour name of a picture's colour: the archive's own ``colors`` file, then
    VASL's table, then a checked alias, then the nearest colour of the archive's own file
    (within :data:`NEAR_OWN`), then the nearest of ``candidates``."""
    got = own.get(rgb) or by_rgb.get(rgb) or aliases.get(rgb)
    if got is not None:
        return got
    if own:
        d, name = min((_dist(k, rgb), v) for k, v in own.items())
        if d <= NEAR_OWN:
            return name
    return min(candidates, key=lambda c: (_dist(c[1], rgb), c[0]))[0]


def _dist(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


# --- the archive -------------------------------------------------------------------------------


_NAME = re.compile(r"^([a-z]*)(\d+)$")


def overlay_archive_name(overlay: str) -> str:
    """VASL's archive of an overlay: ``"RP3"`` -> ``"ovrRP"``, ``"1"`` -> ``"ovr1"``."""
    o = overlay.strip().lower()
    m = _NAME.match(o)
    if m is None or not m.group(1):
        return f"ovr{o.upper()}"
    return f"ovr{m.group(1).upper()}"


def find_overlay_archive(overlay: str, boards_folder: str | os.PathLike[str]) -> str | None:
    """The archive of ``overlay`` for the VASL boards folder ``boards_folder``: looked for in
    its ``overlays`` folder (VASL's place), in an ``overlays`` folder beside it, then in the
    folder itself; any case."""
    want = overlay_archive_name(overlay).lower()
    base = os.fspath(boards_folder)
    for folder in (os.path.join(base, "overlays"), os.path.join(base, os.pardir, "overlays"), base):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for n in names:
            p = os.path.join(folder, n)
            if n.lower() == want and os.path.isfile(p):
                return os.path.normpath(p)
    return None


@record
class OverlayArchive:
    """An overlay archive as read by :func:`read_overlay_archive`."""

    path: str
    key: str  # "RP", "1"
    origins: Mapping[str, tuple[str, ...]]  # overlay (lower case) -> origin hex per orientation
    place_at: tuple[str, str] | None  # the data file's placeAt: where VASL puts it by default
    version: str
    own_colours: Mapping[tuple[int, int, int], str]  # the archive's colors file
    pictures: Mapping[str, str]  # picture (lower case, "ovrrp3c.gif") -> member name

    def overlays(self) -> tuple[str, ...]:
        """The overlays the archive holds, by the ``data`` file and its pictures."""
        named = set(self.origins)
        for p in self.pictures:
            m = re.fullmatch(r"ovr([a-z]*\d+)[a-f]\.gif", p)
            if m:
                named.add(m.group(1))
        return tuple(sorted(named, key=lambda n: (len(n), n)))


@lru_cache(maxsize=32)
def read_overlay_archive(path: str) -> OverlayArchive:
    """Read an overlay archive's ``data`` and ``colors`` files and list its pictures. Raises
    :class:`OverlayError` (one line) for a file that is not a readable zip or has no
    ``data``; a missing file raises ``FileNotFoundError``."""
    try:
        with zipfile.ZipFile(path) as z:
            members = {n.lower(): n for n in z.namelist()}
            if "data" not in members:
                raise OverlayError(path, "not a VASL overlay archive (no 'data' file)")
            data = z.read(members["data"]).decode("latin-1")
            colors = z.read(members["colors"]).decode("latin-1") if "colors" in members else ""
    except zipfile.BadZipFile:
        raise OverlayError(path, "not a zip file (a VASL overlay archive is a zip)") from None
    except (zipfile.LargeZipFile, RuntimeError, EOFError, ValueError) as e:
        if isinstance(e, OverlayError):
            raise
        raise OverlayError(path, f"unreadable zip ({e})") from None
    origins: dict[str, tuple[str, ...]] = {}
    place_at: tuple[str, str] | None = None
    version = "0"
    for line in data.splitlines():
        words = line.split()
        if len(words) < 2:
            continue
        first = words[0].lower()
        if first == "version":
            version = words[1]
        elif first == "placeat" and len(words) >= 3:
            place_at = (words[1], words[2])
        elif not first.startswith("//"):
            rest = line.strip()[len(words[0]) :].strip()
            origins[first] = tuple(s.strip() for s in rest.split(";"))
    own: dict[tuple[int, int, int], str] = {}
    for line in colors.splitlines():
        m = re.match(r"\s*(\w+)\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", line)
        if m and m.group(1) in _colours().by_name:
            own.setdefault((int(m.group(2)), int(m.group(3)), int(m.group(4))), m.group(1))
    pictures = {k: v for k, v in members.items() if re.fullmatch(r"ovr[a-z]*\d+[a-f]\.gif", k)}
    name = os.path.basename(path)
    key = name[3:].upper() if name.lower().startswith("ovr") else name.upper()
    return OverlayArchive(path, key, origins, place_at, version, own, pictures)


# --- placing -----------------------------------------------------------------------------------


@record
class OverlaySpot:
    """One overlay to place on a board: its VASL name (``"RP3"``), its archive, and the two
    hexes of the board (printed names, ``"H5"``, ``"H6"``; the same hex twice for a
    single-hex overlay)."""

    name: str
    archive: str
    hex1: str
    hex2: str


def _orientation(grid: HexGrid, hex1: tuple[int, int], hex2: tuple[int, int]) -> str:
    """VASL's orientation letter of a placement by two hexes (a: the second straight above)."""
    if hex1 == hex2:
        return "a"
    x1, y1 = (round(v) for v in grid._centre(*hex1))
    x2, y2 = (round(v) for v in grid._centre(*hex2))
    if x1 == x2:
        return "d" if y1 < y2 else "a"
    if x1 > x2:
        return "f" if y1 > y2 else "e"
    return "b" if y1 > y2 else "c"


def _hex(grid: HexGrid, name: str, where: str, what: str) -> tuple[int, int]:
    """``(col, row)`` of a hex name; a row may be negative (``t-1``: VASL's ``placeAt`` names
    a hex above the board to give the orientation)."""
    m = re.fullmatch(r"([A-Za-z]+)(-\d+)", name.strip())
    try:
        if m is not None:
            return parse_hex(m.group(1) + "0")[0], int(m.group(2))
        return parse_hex(name)
    except ValueError as e:
        raise OverlayError(where, f"{what}: {e}") from None


@record
class _Picture:
    """An overlay picture read as the board reads it, transposed to the planes' order (column
    by column): terrain codes, levels (relative to level 0) and their masks."""

    width: int
    height: int
    codes: Image.Image
    opaque: Image.Image
    levels: Image.Image  # every opaque pixel's level above the first hex's
    levelled: Image.Image  # the pixels whose level the overlay gives: all opaque ones
    bbox: tuple[int, int, int, int] | None  # (x0, y0, x1, y1) of the opaque pixels


@lru_cache(maxsize=64)
def _picture(path: str, member: str, key: str) -> _Picture:
    try:
        with zipfile.ZipFile(path) as z:
            raw = z.read(member)
        im: Image.Image = Image.open(io.BytesIO(raw))
        im.load()
    except (
        OSError,
        ValueError,
        SyntaxError,
        EOFError,
        zipfile.BadZipFile,
        Image.DecompressionBombError,
    ) as e:
        raise OverlayError(path, f"{member}: not a readable GIF picture ({e})") from None
    if im.mode != "P":
        im = im.convert("RGBA").convert("P", palette=Image.Palette.ADAPTIVE, colors=255)
    palette = im.getpalette() or []
    clear = im.info.get("transparency")
    col = _colours()
    own = read_overlay_archive(path).own_colours
    remap = col.remaps.get(key, {})
    special = col.own_codes.get(key, {})
    cands = [(c.name, c.rgb) for c in col.candidates]
    code_lut = bytearray(256)
    opaque_lut = bytearray(256)
    unknown_lut = bytearray(256)
    level_lut = bytearray(256)
    levelled_lut = bytearray(256)
    for i in range(min(256, len(palette) // 3)):
        if isinstance(clear, int) and i == clear:
            code_lut[i] = _CLEAR
            continue
        rgb = (palette[3 * i], palette[3 * i + 1], palette[3 * i + 2])
        c = col.by_name[resolve_colour(rgb, own, col.by_rgb, col.aliases, cands)]
        opaque_lut[i] = 255
        if c.name in special:
            code_lut[i] = special[c.name]
        elif c.code is None:
            code_lut[i] = _UNKNOWN
            unknown_lut[i] = 255
        else:
            code_lut[i] = remap.get(c.code, c.code)
        if c.level is not None:
            level_lut[i] = c.level & 0xFF
            levelled_lut[i] = 255
    if isinstance(clear, bytes):  # per-entry alpha
        for i, a in enumerate(clear[:256]):
            if a == 0:
                code_lut[i], opaque_lut[i], unknown_lut[i], levelled_lut[i] = _CLEAR, 0, 0, 0
    t = im.transpose(Image.Transpose.TRANSPOSE)
    idx = t.tobytes()

    def plane(lut: bytearray) -> Image.Image:
        return Image.frombytes("L", t.size, idx.translate(lut))

    codes, opaque = plane(code_lut), plane(opaque_lut)
    unknown = plane(unknown_lut)
    if unknown.getbbox() is not None:  # lines and lettering: the terrain beside them
        _spread(codes, ImageChops.subtract(opaque, unknown), unknown, 4)
        codes = codes.point([0 if v >= _CLEAR else v for v in range(256)])
    levels, levelled = plane(level_lut), plane(levelled_lut)
    if levelled.getbbox() is not None:  # woods, buildings, ...: the ground level around them
        left = _spread(levels, levelled, ImageChops.subtract(opaque, levelled), 256)
        levels.paste(0, (0, 0), left)
    box = opaque.getbbox()  # (in the transposed picture: y0, x0, y1, x1)
    bbox = (box[1], box[0], box[3], box[2]) if box is not None else None
    return _Picture(im.width, im.height, codes, opaque, levels, opaque, bbox)


@record
class _Where:
    member: str  # the picture in the archive
    key: str  # the archive's key ("RP")
    left: int  # the picture's top left corner on the board's pixel grid
    top: int
    hex1: tuple[int, int]


def _where(grid: HexGrid, board: str, spot: OverlaySpot) -> _Where:
    """Which picture of the overlay goes where on the board (VASL's placement by two hexes)."""
    where = spot.archive
    ov = read_overlay_archive(spot.archive)
    name = spot.name.strip().lower()
    known = ov.overlays()
    if name not in known:
        raise OverlayError(
            where,
            f"no overlay {spot.name} in {os.path.basename(where)} (it "
            f"has {', '.join(n.upper() for n in known)})",
        )
    h1 = _hex(grid, spot.hex1, where, f"overlay {spot.name}")
    h2 = _hex(grid, spot.hex2, where, f"overlay {spot.name}")
    single = f"ovr{name}a.gif" in ov.pictures and f"ovr{name}d.gif" not in ov.pictures
    if not grid.is_hex(*h1):
        raise OverlayError(where, f"overlay {spot.name}: {spot.hex1} is not a hex of board {board}")
    if single and h1 != h2:
        raise OverlayError(
            where,
            f"overlay {spot.name} has one picture (orientation a "
            f"only): place it by one hex, e.g. {board}{spot.hex1}, "
            f"not {spot.hex1}-{spot.hex2}",
        )
    if not single:
        (xa, ya), (xb, yb) = grid.centre(*h1), grid._centre(*h2)
        if h1 == h2 or abs(xb - xa) > 1.1 * grid.hex_width or abs(yb - ya) > 1.1 * grid.hex_height:
            given = (
                f"by one hex ({board}{spot.hex1})"
                if h1 == h2
                else f"{board}{spot.hex1}-{spot.hex2}"
            )
            raise OverlayError(
                where,
                f"overlay {spot.name} is placed by two adjacent hexes "
                f"(e.g. {board}{spot.hex1}-...), not {given}",
            )
    orient = "a" if single else _orientation(grid, h1, h2)
    member = ov.pictures.get(f"ovr{name}{orient}.gif")
    origins = ov.origins.get(name, ())
    k = ORIENTATIONS.index(orient)
    origin = origins[k] if k < len(origins) else ""
    if member is not None and not origin:
        raise OverlayError(
            where,
            f"overlay {spot.name}: the archive's data file gives no "
            f"origin hex for orientation {orient}",
        )
    if member is None:
        have = sorted(p[-5] for p in ov.pictures if re.fullmatch(rf"ovr{name}[a-f]\.gif", p))
        raise OverlayError(
            where,
            f"overlay {spot.name} has no picture for orientation "
            f"{orient} ({spot.hex1}-{spot.hex2}); it has "
            f"{', '.join(have) or 'none'}",
        )
    oc = _hex(grid, origin, where, f"overlay {spot.name}'s origin")
    x1, y1 = (round(v) for v in grid.centre(*h1))
    x0, y0 = (round(v) for v in grid._centre(*oc))
    return _Where(member, ov.key, x1 - x0, y1 - y0, h1)


def _spread(values: Image.Image, known: Image.Image, want: Image.Image, reach: int) -> Image.Image:
    """``values`` where ``want`` (255) taken from the nearest pixel across or down that is
    ``known`` (255), up to ``reach`` pixels away (filled pixels pass their value on); the
    pixels still wanted are left as they are. Returns those still wanted."""
    d = 1
    while d <= reach and want.getbbox() is not None:
        for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d)):
            take = ImageChops.darker(want, ImageChops.offset(known, dx, dy))
            if take.getbbox() is None:
                continue
            values.paste(ImageChops.offset(values, dx, dy), (0, 0), take)
            want = ImageChops.subtract(want, take)
            known = ImageChops.lighter(known, take)
        d = d + 1 if d < 4 else 2 * d
    return want


def _place(
    board: BoardArchive,
    spot: OverlaySpot,
    codes: Image.Image,
    levels: Image.Image,
    painted: Image.Image,
) -> None:
    w = _where(board.grid, board.name, spot)
    left, top = w.left, w.top
    pic = _picture(spot.archive, w.member, w.key)
    if pic.bbox is None:
        return
    bx0, by0, bx1, by1 = pic.bbox
    if (
        left + bx0 < -SPILL
        or top + by0 < -SPILL
        or left + bx1 > board.grid_width + SPILL
        or top + by1 > board.grid_height + SPILL
    ):
        single = spot.hex1 == spot.hex2
        raise OverlayError(
            spot.archive,
            f"overlay {spot.name} placed on {board.name}"
            f"{spot.hex1}{'' if single else '-' + spot.hex2} "
            f"runs off board {board.name}",
        )
    base = board.level_at(*board.centre_pixel(w.hex1))
    rel = pic.levels if base == 0 else pic.levels.point([(v + base) & 0xFF for v in range(256)])
    codes.paste(pic.codes, (top, left), pic.opaque)
    levels.paste(rel, (top, left), pic.levelled)
    painted.paste(255, (top, left, top + pic.opaque.width, left + pic.opaque.height), pic.opaque)


def covered_hexes(board: BoardArchive, spot: OverlaySpot) -> frozenset[tuple[int, int]]:
    """The board's hexes ``(col, row)`` the overlay covers: its picture is opaque at the
    hex's centre and at eight points around it inside the hex (toward its vertices and
    hexsides, most of the way out)."""
    grid = board.grid
    w = _where(grid, board.name, spot)
    pic = _picture(spot.archive, w.member, w.key)
    hw, hh = grid.hex_width, grid.hex_height
    around = [(0.0, 0.0), (0.5 * hw, 0.0), (-0.5 * hw, 0.0), (0.0, 0.4 * hh), (0.0, -0.4 * hh)]
    around += [(i * 0.3 * hw, j * 0.3 * hh) for i in (-1, 1) for j in (-1, 1)]
    opaque = pic.opaque.tobytes()  # the picture's columns (x) one after another
    out = set()
    for col, row in grid.hexes():
        cx, cy = grid.centre(col, row)
        if not (-hw < cx - w.left < pic.width + hw and -hh < cy - w.top < pic.height + hh):
            continue
        pts = [(round(cx + dx) - w.left, round(cy + dy) - w.top) for dx, dy in around]
        if all(
            0 <= x < pic.width and 0 <= y < pic.height and opaque[x * pic.height + y]
            for x, y in pts
        ):
            out.add((col, row))
    return frozenset(out)


def _ssr_pictures(z: zipfile.ZipFile) -> list[tuple[str, str, int, int]]:
    """An overlay archive's ``overlaySSR`` file: (SSR name, picture, x, y) per entry, the
    picture's top left at ``(x, y)`` of the overlay's unturned picture."""
    names = {n.lower(): n for n in z.namelist()}
    if "overlayssr" not in names:
        return []
    out: list[tuple[str, str, int, int]] = []
    name = None
    for line in z.read(names["overlayssr"]).decode("latin-1").splitlines():
        words = line.replace(",", " ").split()
        if len(words) == 1:
            name = words[0]
        elif (
            len(words) == 3
            and name is not None
            and words[1].lstrip("-").isdigit()
            and words[2].lstrip("-").isdigit()
            and words[0].lower() in names
        ):
            out.append((name, names[words[0].lower()], int(words[1]), int(words[2])))
        elif words:
            name = None  # (a line that is neither a name nor an entry ends the entry)
    return out


def _with_ssr(
    z: zipfile.ZipFile, over: Image.Image, member: str, ssr: Collection[str]
) -> Image.Image:
    """The overlay's picture with the SSR pictures in force laid on it (VASL's overlaySSR,
    placed on the unturned picture, orientation a). A picture turned 180 degrees (orientation
    d) gets them turned, placed where its artwork lies inside it: the turned a picture found by
    the two pictures' opaque bounds (not every d picture is exactly a turned a: overlay 5's is
    narrower); none when those bounds differ in size. Other orientations get none."""
    name = member.lower()
    turned = name.endswith("d.gif")
    if not ssr or not (turned or name.endswith("a.gif")):
        return over
    parts = [p for p in _ssr_pictures(z) if p[0] in ssr]
    if not parts:
        return over
    shift = (0, 0)
    if turned:
        names = {n.lower(): n for n in z.namelist()}
        unturned = names.get(name[:-5] + "a.gif")
        if unturned is None:
            return over
        a = Image.open(io.BytesIO(z.read(unturned))).convert("RGBA")
        ab, db = a.getchannel("A").getbbox(), over.getchannel("A").getbbox()
        if (
            ab is None
            or db is None
            or (ab[2] - ab[0], ab[3] - ab[1]) != (db[2] - db[0], db[3] - db[1])
        ):
            return over
        shift = (db[0] - (a.width - ab[2]), db[1] - (a.height - ab[3]))
        size = a.size
    for _, pic, x, y in parts:
        part = Image.open(io.BytesIO(z.read(pic))).convert("RGBA")
        if turned:
            part = part.rotate(180)
            x = size[0] - x - part.width + shift[0]
            y = size[1] - y - part.height + shift[1]
        if x >= over.width or y >= over.height or x + part.width <= 0 or y + part.height <= 0:
            continue  # (wholly off the picture)
        over.alpha_composite(part, (max(x, 0), max(y, 0)), (max(-x, 0), max(-y, 0)))
    return over


def overlaid_picture(
    picture: bytes,
    grid: HexGrid,
    board: str,
    spots: Sequence[OverlaySpot],
    ssr: Collection[str] = (),
) -> bytes:
    """The board's picture (GIF or PNG bytes) with the overlays' pictures laid on it, in the
    order given, as PNG bytes (for ``render --picture``); ``ssr``: the SSR pictures in force
    (:func:`aslpto.formats.vasl.pictures.ssr_pictures`) laid on each overlay first."""
    im = Image.open(io.BytesIO(picture)).convert("RGBA")
    for spot in spots:
        w = _where(grid, board, spot)
        try:
            with zipfile.ZipFile(spot.archive) as z:
                over = Image.open(io.BytesIO(z.read(w.member))).convert("RGBA")
                over = _with_ssr(z, over, w.member, ssr)
        except (
            OSError,
            ValueError,
            SyntaxError,
            EOFError,
            zipfile.BadZipFile,
            Image.DecompressionBombError,
        ) as e:
            raise OverlayError(
                spot.archive, f"{w.member}: not a readable GIF picture ({e})"
            ) from None
        im.alpha_composite(over, (max(w.left, 0), max(w.top, 0)), (max(-w.left, 0), max(-w.top, 0)))
    out = io.BytesIO()
    im.convert("RGB").save(out, "PNG")
    return out.getvalue()


def vasl_overlays(layout: Layout, source: MapSource) -> dict[str, list[OverlaySpot]]:
    """The VASL overlays a scenario placed (its ``MapSource``), by board, in order."""
    out: dict[str, list[OverlaySpot]] = {}
    for ref, on in source.overlays:
        if ref.vasl is not None:
            board, spot = _spot(layout, ref.vasl, on, str(ref.path))
            out.setdefault(board, []).append(spot)
    return out


def place_overlays(board: BoardArchive, spots: Sequence[OverlaySpot]) -> BoardArchive:
    """The board with the overlays' pixels in place of its own, placed in the order given
    (G.9B). Raises :class:`OverlayError` (one line) for an overlay its archive lacks, a
    placement VASL cannot make, or one that runs off the board."""
    if not spots:
        return board
    size = (board.grid_height, board.grid_width)  # the planes, column by column
    codes = Image.frombytes("L", size, board.terrain)
    levels = Image.frombytes("L", size, board.elevation)
    painted = Image.new("L", size, 0)
    for k, spot in enumerate(spots):
        try:
            _place(board, spot, codes, levels, painted)
        except OverlayError as e:
            e.index = k
            raise
    terrain = bytearray(codes.tobytes())
    covered = frozenset().union(*(covered_hexes(board, spot) for spot in spots))
    clear_slivers(
        board.grid,
        (board.grid_width, board.grid_height),
        terrain,
        painted.tobytes(),
        covered,
        terrain_codes(),
    )  # G.9C
    return board.with_planes(levels.tobytes(), bytes(terrain))


# --- a scenario's overlay entry ----------------------------------------------------------------


def scenario_spot(
    layout: Layout, overlay: str, on: str, folder: str | os.PathLike[str]
) -> tuple[str, OverlaySpot]:
    """The board and :class:`OverlaySpot` of a scenario's ``file = "vasl:RP3"``,
    ``on = "37W5-W6"`` (``"37W5"`` for a single-hex overlay; ``"34"`` alone: where the
    archive's ``data`` file places it). G.9E is checked for overlays 1-5. Raises a one-line
    :class:`~aslpto.base.rulings.InputError`."""
    name = overlay.strip()
    if not re.fullmatch(r"[A-Za-z]*\d+", name):
        raise InputError(
            f"'{overlay}' is not a VASL overlay name (e.g. RP3, SW1, P2, 1)", field_name="file"
        )
    path = find_overlay_archive(name, folder)
    if path is None:
        tried = [os.path.join(folder, "overlays"), os.path.join(folder, os.pardir, "overlays")]
        raise InputError(
            f"overlay {name}: no {overlay_archive_name(name)} in the VASL "
            f"overlays folder (looked in {tried[0]}, {tried[1]} and {folder})",
            field_name="file",
        )
    try:
        known = read_overlay_archive(path).overlays()
    except OverlayError as e:
        raise InputError(f"overlay archive {e}", field_name="file") from None
    if name.lower() not in known:
        raise InputError(
            f"no overlay {name} in {path} (it has {', '.join(n.upper() for n in known)})",
            field_name="file",
        )
    return _spot(layout, name, on, path)


def _spot(layout: Layout, name: str, on: str, path: str) -> tuple[str, OverlaySpot]:
    text = on.strip()
    if text in layout.boards:
        try:
            place = read_overlay_archive(path).place_at
        except OverlayError as e:
            raise InputError(f"overlay archive {e}") from None
        if place is None:
            raise InputError(
                f"overlay {name}: '{on}' names only a board; give the hexes, e.g. {text}D2-D1"
            )
        check_g9e(name.upper(), text, f"{place[0]}-{place[1]}")
        return text, OverlaySpot(name, path, place[0], place[1])
    parts = text.split("-")
    if len(parts) > 2 or not parts[0]:
        raise InputError(f"overlay placement '{on}' must name one hex or two, e.g. 37D2-D1")
    board = HexName.parse(parts[0], layout.boards[0]).board
    if board not in layout.boards:
        raise InputError(
            f"overlay placement '{on}': board {board} is not laid out ({', '.join(layout.boards)})"
        )
    hex1 = parts[0][len(board) :] if parts[0].startswith(board) else parts[0]
    hex2 = parts[1] if len(parts) == 2 else hex1
    if hex2.startswith(board) and hex2[len(board) : len(board) + 1].isalpha():
        hex2 = hex2[len(board) :]
    check_g9e(name.upper(), board, f"{hex1}-{hex2}")
    return board, OverlaySpot(name, path, hex1, hex2)
