"""A VASL board archive as a board: :class:`~aslpto.board.files.BoardData` (what a TOML board
file gives) and its :class:`~aslpto.board.artwork.Artwork`.

Each hex is read from the artwork (see ``docs/vasl-boards.md``, "Hexes from pixels"):

- the terrain at the centre pixel (VASL's centre), except where the centre misleads: grain
  and marsh are speckled and buildings (huts) lie around an open centre, so a hex whose
  centre is open ground (or a road, path, stream or hexside line) takes the grain, marsh or
  building that covers enough of it, and a road through woods keeps the woods (a woods-road);
- the base level at the centre; a Water Obstacle or stream hex takes the level of the land
  in it (B21.2 puts the water one level beneath, the stream's Depression is its own);
- roads, paths, streams and gullies, bridges and fords that cross enough of the hex;
- each hexside's wall, hedge, bocage, cliff or bank: a line drawn along the hexside, sampled
  across it (just inside this hex and just inside the neighbour);
- buildings: the pixels of one building that run across a hexside join its hexes into one
  multi-hex building; a hex of several separate single-story wooden buildings is what G.1
  makes Huts.

Pixels are read on a lattice of every fourth pixel across and down (about 150 to a hex),
straight from the archive's (level, code) byte pairs: a lattice column of a hex is one slice of
them, no Python object per pixel. The board's two planes are not split apart here (the
artwork makes them again from the archive when LOS or a picture wants them).
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import compress
from operator import itemgetter

from aslpto.base.datafiles import data_text
from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.board.artwork import Artwork, CodeMeaning, about_centre
from aslpto.board.files import (
    BoardData,
    BuildingSpec,
    LocalHex,
    board_hexes,
    is_edge,
    local_around,
)
from aslpto.board.terrain import WATER_OBSTACLES, Feature, HexsideFeature, Terrain
from aslpto.formats.vasl.boardarchive import (
    TERRAIN_CODES_FILE,
    BoardArchive,
    BoardArchiveError,
    HexGrid,
    TerrainCode,
    hex_name,
    read_board_archive,
    terrain_codes,
)

if TYPE_CHECKING:
    from aslpto.formats.vasl.overlays import OverlaySpot

__all__ = [
    "archive_name",
    "artwork_of",
    "board_data",
    "find_board_archive",
    "load_vasl_board",
]

COLUMNS, ROWS = 33, 10  # a geomorphic board
STEP = 4
"""The lattice: every fourth pixel across and down."""
INNER = 0.85
"""The part of a hex its lattice covers: the hexagon shrunk to 85 % about the centre (72 % of
its area; the hexside samples read its edges)."""

GRAIN_SHARE = 0.4  # grain fields are speckled: a third of their pixels read open ground
MARSH_SHARE = 0.5
TREES_SHARE = 0.2  # orchards drawn as separate trees on open ground (overlays: 25-40 %)
BUILDING_SHARE = 0.06  # huts lie around an open centre (37O7: 18 % of the hex)
COVER_SHARE = 0.3  # a road, path or stream at the centre: the terrain around it
LINE_SHARE = 0.02  # a road, path, stream or bridge crossing the hex
SIDE_SHARE = 0.4  # a hexside line along at least this much of the hexside
LINK_SAMPLES = 2  # building pixels on the hexside that join two building hexes

_BOARDS_FILE = "vasl_boards.toml"


# --- the code table, as the artwork's meanings ------------------------------------------------


@cache
def _board_notes() -> Mapping[str, Mapping[str, str]]:
    """``data/vasl_boards.toml``: what a board's codes mean where the board says more than the
    code (board 7's water is a river)."""
    text = data_text(_BOARDS_FILE)
    data = tomllib.loads(text).get("board", {})
    return {str(k): dict(v) for k, v in data.items()}


def _notes(name: str) -> Mapping[str, str]:
    notes = _board_notes()
    return notes.get(name) or notes.get(name.lstrip("0") or "0") or {}


@cache
def _meanings(water: str | None) -> tuple[CodeMeaning | None, ...]:
    out: list[CodeMeaning | None] = [None] * 256
    for code, row in terrain_codes().items():
        terrain = Terrain(row.terrain) if row.terrain is not None else None
        if water is not None and terrain in (Terrain.POND, Terrain.RIVER) and code == 8:
            terrain = Terrain(water)
        out[code] = CodeMeaning(
            code=code,
            name=row.vasl,
            terrain=terrain,
            hexside=HexsideFeature(row.hexside) if row.hexside is not None else None,
            feature=Feature(row.feature) if row.feature is not None else None,
            ignore=row.ignore,
            height=row.height or 0,
            los=row.los_category or "",
            mark=Feature(row.mark) if row.mark is not None else None,
        )
    return tuple(out)


def code_meanings() -> tuple[CodeMeaning | None, ...]:
    """The bundled terrain-code table as 256 meanings indexed by code."""
    return _meanings(None)


def artwork_of(archive: BoardArchive, name: str | None = None) -> Artwork:
    """The board's artwork; ``name`` is the board's name in the layout (default the
    archive's)."""
    g = archive.grid
    source = archive.plane_source()  # (the planes made again when wanted: see Artwork)
    return Artwork(
        name=name or archive.name,
        width=archive.grid_width,
        height=archive.grid_height,
        meanings=_meanings(_notes(archive.name).get("water")),
        hex_width=g.hex_width,
        hex_height=g.hex_height,
        a1_x=g.a1_x,
        a1_y=g.a1_y,
        level_plane=archive.elevation if source is None else None,
        code_plane=archive.terrain if source is None else None,
        source=source,
    )


# --- the lattice and the hex geometry (once per grid) -----------------------------------------


@record
class _Geometry:
    """Where the hexes lie in an archive's (level, code) byte pairs (from byte ``start``)."""

    hexes: tuple[LocalHex, ...]  # the board's hexes, column by column
    bounds: tuple[int, ...]
    """Where each hex's lattice pixels start in the board's lattice (and, last, where they
    end): the lattice is the hexes' pixels hex after hex, column by column, top to bottom."""
    code_runs: tuple[slice, ...]
    """The lattice as slices of the pairs' code bytes: one for each lattice column of a hex."""
    level_runs: tuple[slice, ...]  # the same, for the level bytes
    run_bounds: tuple[int, ...]  # where each hex's runs start in ``code_runs`` (last: the end)
    spots: tuple[tuple[tuple[int, int], ...], ...]  # the same, as lattice steps from the centre
    sides: tuple[tuple[int, int], ...]  # each hexside between two hexes (indexes in ``hexes``)
    by_hex: tuple[tuple[int, ...], ...]  # the hexsides (indexes in ``sides``) of each hex
    get_centres: Callable[[bytes], tuple[int, ...]]  # the code at each hex's centre pixel
    get_centre_levels: Callable[[bytes], tuple[int, ...]]  # the level there
    get_across: Callable[[bytes], tuple[int, ...]]
    """For each hexside, the codes of ``SIDE_SPOTS`` pixels: five positions along it, each
    five pixels across it (two each side, reaching four pixels into each hex)."""
    centre_pixels: tuple[tuple[int, int], ...]  # each hex's centre pixel
    size: tuple[int, int, int]  # the artwork's width and height, and where its pairs start


SIDE_SPOTS = 25


@cache
def _geometry(grid: HexGrid, width: int, height: int, start: int) -> _Geometry:
    hexes = tuple(h for h in sorted(board_hexes()) if grid.is_hex(*h))
    index = {h: i for i, h in enumerate(hexes)}
    # the lattice of a hex, from its centre pixel: inside the hexagon less a pixel and a half
    r, half = INNER * 2 * grid.hex_width / 3, INNER * grid.hex_height / 2
    reach_x, reach_y = int(r) // STEP, int(half) // STEP
    offsets = [
        (i, j)
        for i in range(-reach_x, reach_x + 1)
        for j in range(-reach_y, reach_y + 1)
        if abs(j * STEP) <= half - 1.5 and abs(i * STEP) <= r - abs(j * STEP) * r / (2 * half) - 1.5
    ]

    def pixel(x: float, y: float) -> tuple[int, int]:
        return min(max(math.floor(x), 0), width - 1), min(max(math.floor(y), 0), height - 1)

    def code(x: int, y: int) -> int:  # where pixel (x, y)'s code is in the pairs
        return start + 2 * (x * height + y) + 1

    columns: dict[int, list[int]] = {}
    for i, j in offsets:
        columns.setdefault(i, []).append(j)
    centres: list[int] = []
    runs: list[tuple[int, int]] = []  # (first code byte, pixels) down a lattice column
    bounds, run_bounds, spots = [0], [0], []
    centre_pixels: list[tuple[int, int]] = []
    for hx in hexes:
        cx, cy = pixel(*grid.centre(*hx))
        centres.append(code(cx, cy))
        centre_pixels.append((cx, cy))
        kept: list[tuple[int, int]] = []
        for i, js in columns.items():
            x = cx + i * STEP
            if not 0 <= x < width:
                continue
            js = [j for j in js if 0 <= cy + j * STEP < height]  # (a run of rows: j goes up)
            kept.extend((i, j) for j in js)
            if js:
                runs.append((code(x, cy + js[0] * STEP), len(js)))
        bounds.append(bounds[-1] + len(kept))
        run_bounds.append(len(runs))
        spots.append(tuple(kept))
    sides, across = [], []
    for a in hexes:
        for b in local_around(a):
            if b not in index or b < a:
                continue
            (ax, ay), (bx, by) = grid.centre(*a), grid.centre(*b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            d = math.hypot(bx - ax, by - ay)
            ux, uy = (bx - ax) / d, (by - ay) / d  # across the hexside
            length = d / math.sqrt(3)  # the hexside's length
            for t in (-0.3, -0.15, 0.0, 0.15, 0.3):
                for k in (-4, -2, 0, 2, 4):
                    across.append(
                        code(*pixel(mx - t * length * uy + k * ux, my + t * length * ux + k * uy))
                    )
            sides.append((index[a], index[b]))
    step = 2 * STEP
    return _Geometry(
        hexes=hexes,
        bounds=tuple(bounds),
        code_runs=tuple(slice(c, c + step * (n - 1) + 1, step) for c, n in runs),
        level_runs=tuple(slice(c - 1, c + step * (n - 1), step) for c, n in runs),
        run_bounds=tuple(run_bounds),
        spots=tuple(spots),
        sides=tuple(sides),
        by_hex=_by_hex(sides, len(hexes)),
        get_centres=itemgetter(*centres),
        get_centre_levels=itemgetter(*(c - 1 for c in centres)),
        get_across=itemgetter(*across),
        centre_pixels=tuple(centre_pixels),
        size=(width, height, start),
    )


def _by_hex(sides: list[tuple[int, int]], n: int) -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in range(n)]
    for k, (a, b) in enumerate(sides):
        out[a].append(k)
        out[b].append(k)
    return tuple(map(tuple, out))


# --- code classes -----------------------------------------------------------------------------


@record
class _Classes:
    table: Mapping[int, TerrainCode]
    terrain: Mapping[int, Terrain]
    building: frozenset[int]
    stone: frozenset[int]
    feature: Mapping[int, Feature]
    mark: Mapping[int, Feature]  # rubble, crag, runway, paved road (the table's ``mark``)
    hexside: Mapping[int, HexsideFeature]
    depression: frozenset[int]  # streams and gullies, and water: not the land's level
    depression_bytes: bytes
    land_mask: bytes  # 1 for each code that is land (not ``depression``), else 0
    stories: Mapping[int, int]
    by_name: Mapping[str, int]


_LEVELS = re.compile(r",\s*(\d+)\s+Level$")


@cache
def _classes(water: str | None) -> _Classes:
    table = terrain_codes()
    terrain: dict[int, Terrain] = {}
    for code, row in table.items():
        if row.terrain is not None:
            terrain[code] = Terrain(row.terrain)
    if water is not None:
        terrain[8] = Terrain(water)
    building = frozenset(c for c, t in terrain.items() if t.is_building)
    stone = frozenset(c for c in building if terrain[c] == Terrain.STONE_BUILDING)
    feature = {c: Feature(r.feature) for c, r in table.items() if r.feature is not None}
    mark = {c: Feature(r.mark) for c, r in table.items() if r.mark is not None}
    hexside = {c: HexsideFeature(r.hexside) for c, r in table.items() if r.hexside is not None}
    water_codes = {c for c, t in terrain.items() if t.is_water_obstacle}
    depression = frozenset(water_codes | {c for c, f in feature.items() if f == Feature.STREAM})
    stories = {}
    for c in building:
        m = _LEVELS.search(table[c].vasl)
        stories[c] = 1 + int(m.group(1)) if m else 1
    return _Classes(
        table=table,
        terrain=terrain,
        building=building,
        stone=stone,
        feature=feature,
        mark=mark,
        hexside=hexside,
        depression=depression,
        depression_bytes=bytes(sorted(depression)),
        land_mask=bytes(c not in depression for c in range(256)),
        stories=stories,
        by_name={r.vasl.lower(): c for c, r in table.items()},
    )


# --- the board --------------------------------------------------------------------------------


def board_data(archive: BoardArchive, name: str | None = None) -> BoardData:
    """The board's hexes, hexsides, lines and buildings read from its artwork (module
    docstring); ``name`` is the board's name in the layout. Raises
    :class:`~aslpto.formats.vasl.boardarchive.BoardArchiveError` for a code the terrain-code
    table lacks."""
    unknown = archive.unknown_codes()
    if unknown:
        raise BoardArchiveError(
            archive.path,
            f"terrain code(s) {', '.join(map(str, unknown))} not in {TERRAIN_CODES_FILE}",
        )
    if (archive.width, archive.height) != (COLUMNS, ROWS) or archive.grid.alt_hex_grain:
        raise BoardArchiveError(
            archive.path,
            f"a {archive.width}x{archive.height}-hex board; only geomorphic boards of "
            f"{COLUMNS}x{ROWS} hexes (columns A-GG, rows 1-10) are read as boards",
        )
    notes = _notes(archive.name)
    cls = _classes(notes.get("water"))
    geo = _geometry(archive.grid, archive.grid_width, archive.grid_height, archive.start)
    pairs = archive.pixels
    hexes = geo.hexes
    centres = bytes(geo.get_centres(pairs))
    lattice = b"".join(map(pairs.__getitem__, geo.code_runs))
    samples = list(map(lattice.__getitem__, map(slice, geo.bounds, geo.bounds[1:])))
    across = bytes(geo.get_across(pairs))
    present = _codes_in(lattice) | set(centres) | _codes_in(across)
    grain = {c for c, t in cls.terrain.items() if t == Terrain.GRAIN} & present
    marsh = {c for c, t in cls.terrain.items() if t == Terrain.MARSH} & present
    trees = {c for c, t in cls.terrain.items() if t in _TREES} & present
    buildings = cls.building & present
    line_codes = {c: f for c, f in cls.feature.items() if c in present}

    # the lines crossing each hex: a line code at its centre or on enough of it (the centre
    # pixel is one of the lattice's, so only hexes whose lattice has the code are looked at)
    line_hexes: dict[Feature, list[int]] = {}
    line_at: dict[int, int] = {}  # a hex's line code (the table's last, where several cross)
    code_hexes: dict[int, list[int]] = {}  # the hexes each line code crosses
    for code, f in line_codes.items():
        for i in [i for i, sample in enumerate(samples) if code in sample]:
            sample = samples[i]
            if centres[i] == code or sample.count(code) >= LINE_SHARE * len(sample):
                line_hexes.setdefault(f, []).append(i)
                line_at[i] = code
                code_hexes.setdefault(code, []).append(i)
    lines = {f: set(sorted(found)) for f, found in line_hexes.items()}  # (in hex order)
    marks = _marks(cls, present, samples, centres, code_hexes)

    # the terrain at the centre, unless that is open ground or no terrain (a line, a hexside)
    centre_terrain = list(map(cls.terrain.get, centres))
    terrain: list[Terrain] = centre_terrain  # type: ignore[assignment]  # (None filled in below)
    off_centre = _OffCentre(cls, grain, marsh, buildings, trees)
    open_ground = Terrain.OPEN_GROUND
    most: dict[int, int] = {}  # the building code of a building off the centre
    for i in [i for i, t in enumerate(centre_terrain) if t is None or t is open_ground]:
        centre = centres[i]
        if centre_terrain[i] is not None and i in line_at:
            centre = line_at[i]  # open ground by a line (a road's verge): the line's hex
        t = terrain[i] = off_centre(samples[i], centre)
        if t in _BUILDINGS:
            most[i] = _most(samples[i], buildings)
    building_code = {
        i: most[i] if i in most else centres[i] for i, t in enumerate(terrain) if t in _BUILDINGS
    }
    # B.1: woods or brush drawn about an open centre dot dominate the hex (2M4, a wooded hill
    # hex; 2S6, woods about a notch of clearing)
    about = {c: t for c, t in cls.terrain.items() if t in _ABOUT_CENTRE and c in present}
    if about:
        drop = bytes(sorted(about))
        runs = about_centre(archive.grid.hex_height / 2)
        width, height, start = geo.size
        for i, t in enumerate(terrain):
            if t is not open_ground or cls.terrain.get(centres[i]) is not open_ground:
                continue
            cx, cy = geo.centre_pixels[i]
            for dx, lo, hi in runs:
                x = cx + dx
                top, bottom = max(cy + lo, 0), min(cy + hi, height - 1)
                if not 0 <= x < width or top > bottom:
                    continue
                first = start + 2 * (x * height + top) + 1  # (the code byte of pixel (x, top))
                got = pairs[first : first + 2 * (bottom - top) + 1 : 2]
                if len(got.translate(None, drop)) < len(got):
                    terrain[i] = about[next(c for c in got if c in about)]
                    break

    levels = list(map(_signed, geo.get_centre_levels(pairs)))
    if Terrain.RIVER in cls.terrain.values():
        _ponds(terrain, geo)
    water = tuple(WATER_OBSTACLES)  # (compared as text: an enum's hash is slow)
    wet = [i for i, t in enumerate(terrain) if t in water]
    ponds = set(wet)
    wet += [i for i in lines.get(Feature.STREAM, ()) if i not in ponds]
    if wet:
        _land_levels(wet, levels, samples, geo, pairs, cls)

    # hexsides: lines drawn along them, buildings and roads across them
    side_codes = {c: f for c, f in cls.hexside.items() if c in present}
    crossing = {
        f: {c for c, g in line_codes.items() if g == f}
        for f in (Feature.ROAD, Feature.PATH, Feature.STREAM)
        if f in lines
    }
    check_sides = bool(side_codes or building_code or crossing)
    on_lines = set().union(*(lines[f] for f in crossing))
    hexsides: dict[frozenset[LocalHex], set[HexsideFeature]] = {}
    links: list[tuple[int, int]] = []
    spill: set[int] = set()  # building hexes whose building runs into a hex that is not one
    line_sides: dict[Feature, list[tuple[LocalHex, LocalHex]]] = {}
    if side_codes:
        wanted: Iterable[int] = range(len(geo.sides))
    else:  # only the hexsides of line and building hexes
        near = on_lines.union(building_code) if check_sides else set()
        wanted = sorted({k for i in near for k in geo.by_hex[i]})
    sides = geo.sides
    for k in wanted:
        a, b = sides[k]
        spots = across[k * SIDE_SPOTS : (k + 1) * SIDE_SPOTS]
        for code, sf in side_codes.items() if side_codes else ():
            if code in spots:
                along = sum(code in spots[j : j + 5] for j in range(0, SIDE_SPOTS, 5))
                if along >= SIDE_SHARE * 5:
                    hexsides.setdefault(frozenset((hexes[a], hexes[b])), set()).add(sf)
        if (
            building_code
            and (a in building_code or b in building_code)
            and sum(map(spots.count, buildings)) >= LINK_SAMPLES
        ):
            if a in building_code and b in building_code:
                links.append((a, b))
            else:
                spill.add(a if a in building_code else b)
        if a in on_lines and b in on_lines:
            for f, codes in crossing.items():
                where = lines[f]
                if a in where and b in where and any(c in spots for c in codes):
                    line_sides.setdefault(f, []).append((hexes[a], hexes[b]))

    def chains(f: Feature) -> tuple[tuple[LocalHex, ...], ...]:
        pairs = line_sides.get(f, [])
        joined = {x for p in pairs for x in p}
        alone = sorted({hexes[i] for i in lines.get(f, ())} - joined)
        return tuple(pairs) + tuple((x,) for x in alone)

    for f, kind in ((Feature.ROAD, HexsideFeature.ROAD), (Feature.PATH, HexsideFeature.PATH)):
        for a_hex, b_hex in line_sides.get(f, ()):
            hexsides.setdefault(frozenset((a_hex, b_hex)), set()).add(kind)
    cellars = lines.pop(Feature.CELLAR, set())
    specs = _buildings(archive, building_code, links, spill, cellars, samples, geo, cls)
    return BoardData(
        name=name or archive.name,
        path=archive.path,
        is_overlay=False,
        hexes=frozenset(hexes),
        terrain=dict(zip(hexes, terrain, strict=True)),
        levels={hexes[i]: lv for i, lv in enumerate(levels) if lv},
        hexsides={k: frozenset(v) for k, v in hexsides.items()},
        roads=chains(Feature.ROAD),
        paths=chains(Feature.PATH),
        streams=chains(Feature.STREAM),
        bridges=frozenset(hexes[i] for i in lines.get(Feature.BRIDGE, ())),
        fords=frozenset(hexes[i] for i in lines.get(Feature.FORD, ())),
        marks={f: frozenset(hexes[i] for i in found) for f, found in marks.items()},
        buildings=specs,
        artwork=artwork_of(archive, name),
    )


def _ponds(terrain: list[Terrain], geo: _Geometry) -> None:
    """B21.13: a pond is a land-locked river, surrounded by land on all sides: where a board's
    open water is read as river, water cut off from every board edge is a pond (7CC9, the rule's
    own example)."""
    river = Terrain.RIVER
    sides, by_hex, hexes = geo.sides, geo.by_hex, geo.hexes
    seen: set[int] = set()
    for i, t in enumerate(terrain):
        if t is not river or i in seen:
            continue
        body, seen_here = [i], {i}
        for j in body:
            for k in by_hex[j]:
                a, b = sides[k]
                n = b if a == j else a
                if terrain[n] is river and n not in seen_here:
                    seen_here.add(n)
                    body.append(n)
        seen |= seen_here
        if not any(is_edge(hexes[j]) for j in body):
            for j in body:
                terrain[j] = Terrain.POND


def _marks(
    cls: _Classes,
    present: set[int],
    samples: Sequence[bytes],
    centres: bytes,
    code_hexes: Mapping[int, Sequence[int]],
) -> dict[Feature, set[int]]:
    """The hexes each mark of the code table lies in (rubble, crag, runway, paved road): a line
    code's mark (a paved road, a runway) in each hex the line crosses, another code's where it
    is at the centre or covers enough of the hex (as terrain around a line does)."""
    out: dict[Feature, set[int]] = {}
    for code, mark in cls.mark.items():
        if code not in present:
            continue
        if code in cls.feature:
            found: Iterable[int] = code_hexes.get(code, ())
        else:
            found = [
                i
                for i, sample in enumerate(samples)
                if code in sample
                and (centres[i] == code or sample.count(code) >= COVER_SHARE * len(sample))
            ]
        if found:
            out.setdefault(mark, set()).update(found)
    return out


def _codes_in(data: bytes) -> set[int]:
    found: set[int] = set()
    while data:
        found.add(data[0])
        data = data.translate(None, data[:1])
    return found


def _signed(v: int) -> int:
    return v - 256 if v > 127 else v


def _most(sample: bytes, codes: set[int] | frozenset[int]) -> int:
    return max(codes, key=sample.count)


_TREES = (Terrain.ORCHARD, Terrain.PALM_TREES)


_BUILDINGS = (Terrain.WOODEN_BUILDING, Terrain.STONE_BUILDING)
_ABOUT_CENTRE = (Terrain.WOODS, Terrain.BRUSH)
"""Terrain that dominates a hex where drawn about its open centre dot (B.1)."""


class _OffCentre:
    """A hex whose centre is open ground, a line or a hexside: the grain, marsh, building or
    orchard trees covering enough of it; a line's hex the terrain it runs through. (The
    codes of each kind that the board has, as bytes: a sample less them counts them.)"""

    def __init__(
        self,
        cls: _Classes,
        grain: set[int],
        marsh: set[int],
        buildings: frozenset[int],
        trees: set[int],
    ) -> None:
        self.cls = cls
        self.buildings, self.trees = buildings, trees
        self.building_bytes = bytes(sorted(buildings))
        self.grain_bytes = bytes(sorted(grain))
        self.marsh_bytes = bytes(sorted(marsh))
        self.tree_bytes = bytes(sorted(trees))

    def __call__(self, sample: bytes, centre: int) -> Terrain:
        n = len(sample)
        kinds = self.building_bytes
        if kinds and n - len(sample.translate(None, kinds)) >= BUILDING_SHARE * n:
            return self.cls.terrain[_most(sample, self.buildings)]
        kinds = self.grain_bytes
        if kinds and n - len(sample.translate(None, kinds)) >= GRAIN_SHARE * n:
            return Terrain.GRAIN
        kinds = self.marsh_bytes
        if kinds and n - len(sample.translate(None, kinds)) >= MARSH_SHARE * n:
            return Terrain.MARSH
        kinds = self.tree_bytes
        if kinds and n - len(sample.translate(None, kinds)) >= TREES_SHARE * n:
            return self.cls.terrain[_most(sample, self.trees)]
        return _covering(sample, n, centre, self.cls)


def _covering(sample: bytes, n: int, centre: int, cls: _Classes) -> Terrain:
    """Open ground at the centre; else (a line's or hexside's hex) the terrain covering
    enough of it."""
    if centre in cls.terrain:  # open ground at the centre
        return Terrain.OPEN_GROUND
    best = None
    for c in set(sample) & cls.terrain.keys():
        t = cls.terrain[c]
        if t == Terrain.OPEN_GROUND or t.is_water_obstacle:
            continue
        k = sample.count(c)
        if k >= COVER_SHARE * n and (best is None or k > best[0]):
            best = (k, t)
    return best[1] if best else Terrain.OPEN_GROUND


def _land_levels(
    wet: list[int],
    levels: list[int],
    samples: list[bytes],
    geo: _Geometry,
    pairs: bytes,
    cls: _Classes,
) -> None:
    """A water or stream hex's level: the commonest level of the land (not water, stream or
    gully) in it; a hex all water takes the level of the land next to it."""
    wet_set = set(wet)
    todo = []
    runs, run_bounds = geo.level_runs, geo.run_bounds
    for i in wet:
        sample = samples[i]
        if not sample.translate(None, cls.depression_bytes):
            todo.append(i)
            continue
        got = b"".join(map(pairs.__getitem__, runs[run_bounds[i] : run_bounds[i + 1]]))
        land = Counter(compress(got[::4], sample[::4].translate(cls.land_mask)))
        if land:
            levels[i] = _signed(land.most_common(1)[0][0])
            wet_set.discard(i)
        else:
            todo.append(i)
    index = {h: i for i, h in enumerate(geo.hexes)}
    while todo:
        later = []
        done = {}
        for i in todo:
            near = [
                levels[index[n]]
                for n in local_around(geo.hexes[i])
                if n in index and index[n] not in wet_set
            ]
            if near:
                done[i] = Counter(near).most_common(1)[0][0]
            else:
                later.append(i)
        if not done:
            break
        for i, level in done.items():
            levels[i] = level
            wet_set.discard(i)
        todo = later


def _buildings(
    archive: BoardArchive,
    code: Mapping[int, int],
    links: list[tuple[int, int]],
    spill: set[int],
    cellars: set[int],
    samples: list[bytes],
    geo: _Geometry,
    cls: _Classes,
) -> tuple[BuildingSpec, ...]:
    """Buildings: hexes joined by a building drawn across their hexside make one building;
    the metadata's building types override the codes; a single-hex building counts its
    separate buildings (pieces of building pixels) and whether one runs out of the hex."""
    parent = {i: i for i in code}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in links:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    for i in sorted(code):
        groups.setdefault(find(i), []).append(i)
    overrides = {k.upper(): v for k, v in archive.metadata.building_types.items()}
    out = []
    for members in groups.values():
        codes = [code[m] for m in members]
        for m in members:
            kind = overrides.get(hex_name(*geo.hexes[m]))
            if kind is not None and kind.lower() in cls.by_name:
                codes.append(cls.by_name[kind.lower()])
        separate = 1
        if len(members) == 1:
            separate = _pieces(samples[members[0]], geo.spots[members[0]], cls.building)
        out.append(
            BuildingSpec(
                id=hex_name(*geo.hexes[members[0]]),
                hexes=tuple(geo.hexes[m] for m in members),
                material="stone" if any(c in cls.stone for c in codes) else "wooden",
                stories=max(cls.stories.get(c, 1) for c in codes),
                separate=separate,
                partial=any(m in spill for m in members),
                cellar=any(m in cellars for m in members),  # B23.41
            )
        )
    return tuple(out)


def _pieces(sample: bytes, spots: tuple[tuple[int, int], ...], building: frozenset[int]) -> int:
    """The separate pieces of building in a hex: its building lattice pixels joined to their
    four neighbours (a piece of one pixel is not counted)."""
    todo = {spot for spot, c in zip(spots, sample, strict=True) if c in building}
    pieces = 0
    while todo:
        stack = [todo.pop()]
        size = 1
        while stack:
            i, j = stack.pop()
            for nb in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
                if nb in todo:
                    todo.discard(nb)
                    stack.append(nb)
                    size += 1
        if size >= 2:
            pieces += 1
    return max(pieces, 1)


# --- where boards are found -------------------------------------------------------------------


_HALF = re.compile(r"^(\d+)([a-z]?)$")


def archive_name(board: str) -> str:
    """VASL's file name of a board: ``"7"`` -> ``"bd07"``, ``"37"`` -> ``"bd37"``,
    ``"10a"`` -> ``"bd10a"``."""
    m = _HALF.match(board.strip().lower())
    if m is None:
        return f"bd{board}"
    return f"bd{int(m.group(1)):02d}{m.group(2)}"


def find_board_archive(board: str, folder: str | os.PathLike[str]) -> str | None:
    """The archive of ``board`` in ``folder`` (``bdNN``, any case), or None."""
    want = archive_name(board)
    p = os.path.join(folder, want)
    if os.path.isfile(p):
        return p
    try:
        names = os.listdir(folder)
    except (OSError, ValueError):  # (no such folder, or a name no folder can have)
        return None
    for n in names:
        if n.lower() == want.lower() and os.path.isfile(os.path.join(folder, n)):
            return os.path.join(folder, n)
    return None


def load_vasl_board(
    path: str | os.PathLike[str], name: str | None = None, overlays: Sequence[OverlaySpot] = ()
) -> BoardData:
    """Read a board archive, place VASL overlays on its artwork (in the order given, G.9B;
    :mod:`aslpto.formats.vasl.overlays`) and make it a board. Errors are one-line
    :class:`~aslpto.base.rulings.InputError` naming the file."""
    try:
        archive = read_board_archive(path)
        if overlays:
            from aslpto.formats.vasl.overlays import OverlayError, place_overlays

            try:
                archive = place_overlays(archive, overlays)
            except OverlayError as e:
                raise InputError(f"overlay archive {e}", extra={"overlay": str(e.index)}) from None
        return board_data(archive, name)
    except BoardArchiveError as e:
        raise InputError(f"board archive {e}") from None
    except (OSError, ValueError) as e:
        raise InputError(f"board archive {os.fspath(path)}: {e}") from None
