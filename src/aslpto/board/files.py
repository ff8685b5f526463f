"""Board and overlay files (TOML, documented in docs/board-format.md) -> :class:`BoardData`.

Hexes are named without the board (``C3``); ``C3..C7`` is a run down one column and ``C3:F6``
a block (columns C-F, rows 3-6). Hexsides are ``C3-C4``. Lines (roads, paths, streams) are
hexes in order, space-separated: ``"A5 B5 C4"``. Every error names file, line and field.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator

from aslpto.base.hints import Any, cast
from aslpto.base.patterns import LazyPattern
from aslpto.base.ranges import refusal
from aslpto.base.records import field, record
from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.board.artwork import Artwork
from aslpto.board.hexes import COLUMNS, NCOLS, column_index, rows_of_column
from aslpto.board.terrain import (
    MARKS,
    Feature,
    HexsideFeature,
    Terrain,
    parse_hexside_feature,
    parse_terrain,
)

LocalHex = tuple[int, int]
"""(column index, row) on a board or overlay."""

_HEX = LazyPattern(r"^([A-Za-z]{1,2})([0-9]{1,2})$")


def local_y(col: int, row: int) -> int:
    return 2 * row + (col % 2)


def local_adjacent(a: LocalHex, b: LocalHex) -> bool:
    dx = abs(a[0] - b[0])
    dy = abs(2 * (a[1] - b[1]) + (a[0] & 1) - (b[0] & 1))  # local_y(a) - local_y(b)
    return (dx == 0 and dy == 2) or (dx == 1 and dy == 1)


def local_around(h: LocalHex) -> tuple[LocalHex, ...]:
    """The six positions around a hex (N, NE, SE, S, SW, NW), on the board or not."""
    c, row = h
    y = local_y(c, row)
    return tuple((c + dc, (y + dy - ((c + dc) % 2)) // 2) for dc, dy in _AROUND)


_AROUND = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _stem(path: str) -> str:
    """A file's name without its folder and last suffix (``boards/37.toml`` -> ``37``)."""
    return os.path.splitext(os.path.basename(path))[0]


def local_name(h: LocalHex) -> str:
    return f"{COLUMNS[h[0]]}{h[1]}"


@record
class BuildingSpec:
    """A building depiction (B23): its hexes, material, stories, and per-hex facts G.1 needs."""

    id: str
    hexes: tuple[LocalHex, ...]
    material: str  # "wooden" | "stone"
    stories: int = 1
    separate: int = 1  # separate buildings in the hex (G.1 huts)
    partial: bool = False  # a partial building depiction in the hex (G.1 huts)
    cellar: bool = False  # B23.41
    stacking_capacity: int | None = None  # G.9F
    vehicle_entry: bool = True  # G.9F

    @property
    def multi_hex(self) -> bool:
        return len(self.hexes) > 1


@record
class BoardData:
    """One board or overlay as its file describes it, in its own coordinates."""

    name: str
    path: str
    is_overlay: bool
    hexes: frozenset[LocalHex]
    terrain: dict[LocalHex, Terrain]
    levels: dict[LocalHex, int]
    hexsides: dict[frozenset[LocalHex], frozenset[HexsideFeature]]
    roads: tuple[tuple[LocalHex, ...], ...] = ()
    paths: tuple[tuple[LocalHex, ...], ...] = ()
    streams: tuple[tuple[LocalHex, ...], ...] = ()
    bridges: frozenset[LocalHex] = frozenset()
    fords: frozenset[LocalHex] = frozenset()
    marks: dict[Feature, frozenset[LocalHex]] = field(default_factory=dict)
    """The hexes of each mark of :data:`~aslpto.board.terrain.MARKS` (rubble, crag, runway,
    paved road)."""
    buildings: tuple[BuildingSpec, ...] = ()
    paddy_open_hexsides: frozenset[frozenset[LocalHex]] = frozenset()
    pond_no_dot: frozenset[LocalHex] = frozenset()
    anchor: tuple[LocalHex, LocalHex] | None = None  # overlays: the two placement hexes
    overlay_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    artwork: Artwork | None = field(default=None, compare=False, repr=False)
    """The board's pixels when it was read from its artwork (a VASL board archive)."""

    def stream_hexes(self) -> set[LocalHex]:
        return {h for line in self.streams for h in line}


_COLUMN_HEXES = tuple(tuple((c, r) for r in rows_of_column(c)) for c in range(NCOLS))
"""The hexes of each board column, top to bottom."""
_BOARD_HEXES = frozenset(h for column in _COLUMN_HEXES for h in column)
_NAMES = {f"{COLUMNS[c]}{r}": (c, r) for c, r in _BOARD_HEXES}
"""Every printed hex name of a board (``"C3"``), a fast path for reading hex names."""


def board_hexes() -> frozenset[LocalHex]:
    """Every hex of a geomorphic board."""
    return _BOARD_HEXES


def is_edge(h: LocalHex) -> bool:
    """A hex on the board edge (a half hex or a full hex touching the edge)."""
    c, r = h
    if c in (0, NCOLS - 1):
        return True
    return r in (0, 10) if c % 2 else r in (1, 10)


class _Reader:
    def __init__(self, src: TomlSource, valid: frozenset[LocalHex] | None) -> None:
        self.src = src
        self.valid = valid

    def err(
        self, msg: str, table: str, key: str | None = None, value: str | None = None, nth: int = 0
    ) -> InputError:
        return self.src.error(msg, table, key, value, nth)

    def hex(self, text: str, table: str, key: str, nth: int = 0) -> LocalHex:
        h = _NAMES.get(text)
        if h is not None and (self.valid is None or h in self.valid):
            return h
        m = _HEX.match(text.strip())
        if not m:
            raise self.err(
                f"'{text}' is not a hex (column and row, e.g. C3)", table, key, text, nth
            )
        try:
            col = column_index(m.group(1))
        except InputError as e:
            raise self.err(e.message, table, key, text, nth) from None
        row = int(m.group(2))
        h = (col, row)
        if (self.valid is not None and h not in self.valid) or (
            self.valid is None and row not in rows_of_column(col)
        ):
            raise self.err(f"hex '{text}' is off the board", table, key, text, nth)
        return h

    def hexes(self, spec: str, table: str, key: str, nth: int = 0) -> list[LocalHex]:
        """The hexes of ``C3`` (one), ``C3..C7`` (a run down a column) or ``C3:F6`` (a block);
        a run or block takes only the hexes that exist (e.g. no row 0 in column C)."""
        spec = spec.strip()
        h = _NAMES.get(spec)
        if h is not None and (self.valid is None or h in self.valid):
            return [h]  # the usual one-hex spec
        if ".." in spec:
            p, q = spec.split("..", 1)
            a, b = self.hex(p, table, key, nth), self.hex(q, table, key, nth)
            if a[0] != b[0]:
                raise self.err(f"run '{spec}' must stay in one column", table, key, spec, nth)
            return self._block(a[0], a[0], min(a[1], b[1]), max(a[1], b[1]))
        if ":" in spec:
            p, q = spec.split(":", 1)
            a, b = self.hex(p, table, key, nth), self.hex(q, table, key, nth)
            return self._block(min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))
        return [self.hex(spec, table, key, nth)]

    def _block(self, c0: int, c1: int, r0: int, r1: int) -> list[LocalHex]:
        out: list[LocalHex] = []
        for c in range(c0, c1 + 1):
            first = c & 1 ^ 1  # a column's rows run unbroken from 1 (A, C, ...) or 0 (B, D, ...)
            out += _COLUMN_HEXES[c][max(r0 - first, 0) : r1 - first + 1]
        if self.valid is not None and self.valid is not _BOARD_HEXES:
            return [h for h in out if h in self.valid]
        return out

    def hexside(self, spec: str, table: str, key: str, nth: int = 0) -> frozenset[LocalHex]:
        parts = spec.strip().split("-")
        if len(parts) != 2:
            raise self.err(f"'{spec}' is not a hexside (e.g. C3-C4)", table, key, spec, nth)
        a, b = (self.hex(p, table, key, nth) for p in parts)
        if not local_adjacent(a, b):
            raise self.err(
                f"hexside '{spec}': the two hexes are not adjacent", table, key, spec, nth
            )
        return frozenset((a, b))

    def line(self, spec: str, table: str, key: str, nth: int = 0) -> tuple[LocalHex, ...]:
        names = spec.split()
        if not names:
            raise self.err(
                f"'{spec}' names no hex (a line is its hexes in order, e.g. \"C3 C4 D4\")",
                table,
                key,
                spec,
                nth,
            )
        fast = tuple(map(_NAMES.get, names))  # the usual case: printed names of adjacent hexes
        if None not in fast:
            hs = cast(tuple[LocalHex, ...], fast)
            if (self.valid is None or self.valid.issuperset(hs)) and all(
                itertools.starmap(local_adjacent, itertools.pairwise(hs))
            ):
                return hs
        hs = tuple(self.hex(t, table, key, nth) for t in names)
        for a, b in itertools.pairwise(hs):
            if not local_adjacent(a, b):
                raise self.err(
                    f"'{spec}': {local_name(a)} and {local_name(b)} are not adjacent",
                    table,
                    key,
                    spec,
                    nth,
                )
        return hs

    def text(self, d: dict[str, Any], key: str, table: str, default: str, nth: int = 0) -> str:
        v = d.get(key, default)
        if not isinstance(v, str):
            raise self.err(f"'{key}' must be a string", table, key, nth=nth)
        return v

    def flag(self, d: dict[str, Any], key: str, table: str, nth: int = 0) -> bool:
        v = d.get(key, False)
        if not isinstance(v, bool):
            raise self.err(f"'{key}' must be true or false", table, key, nth=nth)
        return v

    def whole(self, d: dict[str, Any], key: str, table: str, default: int, nth: int = 0) -> int:
        """A whole number in the range of ``table.key`` (:data:`aslpto.base.ranges.RANGES`)."""
        v = d.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.err(f"'{key}' must be a whole number", table, key, nth=nth)
        bad = refusal(f"{table}.{key}", key, v)
        if bad is not None:
            raise self.err(bad, table, key, nth=nth)
        return v

    def strings(self, data: Any, table: str, key: str, nth: int = 0) -> list[str]:
        if isinstance(data, str):
            return [data]
        if not isinstance(data, list) or not set(map(type, data)) <= {str}:
            raise self.err("expected a list of strings", table, key, nth=nth)
        return list(data)


_BOARD_HEAD = frozenset({"name", "base"})
_OVERLAY_HEAD = frozenset({"name", "base", "id", "hexes", "anchor"})
_LEVEL = LazyPattern(r"^[+-]?[0-9]{1,9}$")

_BOARD_KEYS = {
    "board",
    "overlay",
    "terrain",
    "levels",
    "hexsides",
    "lines",
    "features",
    "buildings",
    "paddies",
    "ponds",
}


def load_board(path: str | os.PathLike[str], *, overlay: bool = False) -> BoardData:
    """Read a board (or overlay) file. Errors name file, line and field."""
    src = TomlSource.load(path)
    return parse_board(src, overlay=overlay)


def parse_board(src: TomlSource, *, overlay: bool = False) -> BoardData:
    d = src.data
    if "map" in d or "scenario" in d:
        raise src.error(
            "this is a scenario file, not a board or overlay file",
            "map" if "map" in d else "scenario",
        )
    for k in d:
        if k not in _BOARD_KEYS:
            raise src.error(f"unknown table '{k}' (known: {', '.join(sorted(_BOARD_KEYS))})", k)
    head_key = "overlay" if overlay else "board"
    head = d.get(head_key)
    other = "board" if overlay else "overlay"
    if head is None and isinstance(d.get(other), dict):
        raise src.error(
            f"this is {'a board' if overlay else 'an overlay'} file ([{other}]), "
            f"not {'an overlay' if overlay else 'a board'} file ([{head_key}])",
            other,
        )
    if head is not None and not isinstance(head, dict):
        raise src.error(f"'{head_key}' must be a table ([{head_key}])", "", head_key)
    if not isinstance(head, dict):
        raise InputError(
            f"missing [{head_key}] table", src.path, src.line_of(head_key) or 1, head_key
        )
    allowed = _OVERLAY_HEAD if overlay else _BOARD_HEAD
    for k in head:
        if k not in allowed:
            raise src.error(
                f"unknown key '{k}' in [{head_key}] (allowed: {', '.join(sorted(allowed))})",
                head_key,
                k,
            )
    r0 = _Reader(src, None)
    name = r0.text(head, "name", head_key, _stem(src.path))
    valid: frozenset[LocalHex] | None
    anchor: tuple[LocalHex, LocalHex] | None = None
    overlay_id: str | None = None
    if overlay:
        overlay_id = r0.text(head, "id", head_key, name)
        cells = head.get("hexes")
        if cells is None:
            raise src.error("an overlay lists its hexes in 'hexes'", head_key, "hexes")
        hx: set[LocalHex] = set()
        for spec in r0.strings(cells, head_key, "hexes"):
            hx.update(r0.hexes(spec, head_key, "hexes"))
        valid = frozenset(hx)
        anc = r0.strings(head.get("anchor", []), head_key, "anchor")
        if len(anc) != 2:
            raise src.error("'anchor' names the overlay's two placement hexes", head_key, "anchor")
        a0, a1 = (r0.hex(a, head_key, "anchor") for a in anc)
        if not local_adjacent(a0, a1) or a0 not in valid or a1 not in valid:
            raise src.error(
                "'anchor' hexes must be adjacent hexes of the overlay", head_key, "anchor"
            )
        anchor = (a0, a1)
    else:
        valid = board_hexes()
    r = _Reader(src, valid)
    base_word = r0.text(head, "base", head_key, "open-ground")
    try:
        base = parse_terrain(base_word)
    except InputError as e:
        raise src.error(e.message, head_key, "base") from None

    terrain: dict[LocalHex, Terrain] = dict.fromkeys(valid, base)
    for word, specs in _table(src, "terrain").items():
        try:
            t = parse_terrain(word)
        except InputError as e:
            raise src.error(e.message, "terrain", word) from None
        for spec in r.strings(specs, "terrain", word):
            terrain.update(zip(r.hexes(spec, "terrain", word), itertools.repeat(t)))

    levels: dict[LocalHex, int] = {}
    for lv, specs in _table(src, "levels").items():
        if not _LEVEL.match(lv):
            raise src.error(f"level '{lv}' is not a whole number", "levels", lv)
        level = int(lv)
        bad = refusal("levels", "level", level)
        if bad is not None:
            raise src.error(bad, "levels", lv)
        for spec in r.strings(specs, "levels", lv):
            levels.update(zip(r.hexes(spec, "levels", lv), itertools.repeat(level)))

    hexsides: dict[frozenset[LocalHex], set[HexsideFeature]] = {}
    for word, specs in _table(src, "hexsides").items():
        try:
            f = parse_hexside_feature(word)
        except InputError as e:
            raise src.error(e.message, "hexsides", word) from None
        for spec in r.strings(specs, "hexsides", word):
            hexsides.setdefault(r.hexside(spec, "hexsides", word), set()).add(f)

    lines = _table(src, "lines")
    for k in lines:
        if k not in ("road", "path", "stream"):
            raise src.error(f"unknown line kind '{k}' (road, path, stream)", "lines", k)
    roads = tuple(
        r.line(s, "lines", "road") for s in r.strings(lines.get("road", []), "lines", "road")
    )
    paths = tuple(
        r.line(s, "lines", "path") for s in r.strings(lines.get("path", []), "lines", "path")
    )
    streams = tuple(
        r.line(s, "lines", "stream") for s in r.strings(lines.get("stream", []), "lines", "stream")
    )
    for kind, chains in ((HexsideFeature.ROAD, roads), (HexsideFeature.PATH, paths)):
        for chain in chains:
            for a, b in itertools.pairwise(chain):
                hexsides.setdefault(frozenset((a, b)), set()).add(kind)
    feats = _table(src, "features")
    words = ("bridge", "ford", *sorted(f.value for f in MARKS))
    for k in feats:
        if k not in words:
            raise src.error(f"unknown feature '{k}' ({', '.join(words)})", "features", k)
    marks: dict[Feature, frozenset[LocalHex]] = {}
    for mark in sorted(MARKS):
        if mark.value in feats:
            marks[mark] = frozenset(
                h
                for s in r.strings(feats[mark.value], "features", mark.value)
                for h in r.hexes(s, "features", mark.value)
            )
    on_roads = {h for chain in roads for h in chain}
    off_road = sorted(marks.get(Feature.PAVED_ROAD, frozenset()) - on_roads)
    if off_road:
        raise src.error(
            f"paved-road {local_name(off_road[0])}: no road runs through it (a paved "
            f"road is a road of [lines])",
            "features",
            "paved-road",
        )
    bridges = frozenset(
        h
        for s in r.strings(feats.get("bridge", []), "features", "bridge")
        for h in r.hexes(s, "features", "bridge")
    )
    fords = frozenset(
        h
        for s in r.strings(feats.get("ford", []), "features", "ford")
        for h in r.hexes(s, "features", "ford")
    )

    buildings: list[BuildingSpec] = []
    blist = d.get("buildings", [])
    if not isinstance(blist, list):
        raise src.error("use [[buildings]] entries", "buildings")
    held: dict[LocalHex, str] = {}
    for i, b in enumerate(blist):
        made = _building(r, b, i)
        for h in made.hexes:
            if h in held:
                raise r.err(
                    f"hex {local_name(h)} is already in building '{held[h]}': one [[buildings]] "
                    "entry a hex; several buildings in one hex are one entry with 'separate = N' "
                    "(G.1 Huts)",
                    "buildings",
                    "hexes",
                    nth=i,
                )
            held[h] = made.id
        buildings.append(made)

    paddy = d.get("paddies", {})
    if not isinstance(paddy, dict):
        raise src.error("[paddies] must be a table", "paddies")
    for k in paddy:
        if k not in ("open",):
            raise src.error(f"unknown key '{k}' (open)", "paddies", k)
    open_sides = frozenset(
        r.hexside(s, "paddies", "open") for s in r.strings(paddy.get("open", []), "paddies", "open")
    )
    ponds = d.get("ponds", {})
    if not isinstance(ponds, dict):
        raise src.error("[ponds] must be a table", "ponds")
    no_dot = frozenset(
        h
        for s in r.strings(ponds.get("no_dot", []), "ponds", "no_dot")
        for h in r.hexes(s, "ponds", "no_dot")
    )

    return BoardData(
        name=name,
        path=src.path,
        is_overlay=overlay,
        hexes=valid,
        terrain=terrain,
        levels=levels,
        hexsides=_shared_sets(hexsides),
        roads=roads,
        paths=paths,
        streams=streams,
        bridges=bridges,
        fords=fords,
        marks=marks,
        buildings=tuple(buildings),
        paddy_open_hexsides=open_sides,
        pond_no_dot=no_dot,
        anchor=anchor,
        overlay_id=overlay_id,
    )


def _shared_sets(
    hexsides: dict[frozenset[LocalHex], set[HexsideFeature]],
) -> dict[frozenset[LocalHex], frozenset[HexsideFeature]]:
    """Each hexside's features, hexsides with the same features sharing one frozenset."""
    shared: dict[frozenset[HexsideFeature], frozenset[HexsideFeature]] = {}
    out: dict[frozenset[LocalHex], frozenset[HexsideFeature]] = {}
    for k, v in hexsides.items():
        fs = frozenset(v)
        out[k] = shared.setdefault(fs, fs)
    return out


def _table(src: TomlSource, name: str) -> dict[str, Any]:
    t = src.data.get(name, {})
    if not isinstance(t, dict):
        raise src.error(f"[{name}] must be a table", name)
    return t


_BUILDING_KEYS = {"id", "hexes", "material", "stories", "separate", "partial", "cellar"}


def _building(r: _Reader, b: Any, i: int) -> BuildingSpec:
    if not isinstance(b, dict):
        raise r.err("a [[buildings]] entry must be a table", "buildings", nth=i)
    for k in b:
        if k not in _BUILDING_KEYS:
            raise r.err(f"unknown building field '{k}'", "buildings", k, nth=i)
    hx = tuple(
        h
        for s in r.strings(b.get("hexes", []), "buildings", "hexes", i)
        for h in r.hexes(s, "buildings", "hexes", i)
    )
    if not hx:
        raise r.err("a building needs 'hexes'", "buildings", "hexes", nth=i)
    material = r.text(b, "material", "buildings", "wooden", i)
    if material not in ("wooden", "stone"):
        raise r.err(
            f"material '{material}' must be wooden or stone", "buildings", "material", nth=i
        )
    return BuildingSpec(
        id=r.text(b, "id", "buildings", f"b{i + 1}", i),
        hexes=hx,
        material=material,
        stories=r.whole(b, "stories", "buildings", 1, i),
        separate=r.whole(b, "separate", "buildings", 1, i),
        partial=r.flag(b, "partial", "buildings", i),
        cellar=r.flag(b, "cellar", "buildings", i),
    )


def all_hexsides_of(hexes: Iterable[LocalHex]) -> Iterator[frozenset[LocalHex]]:
    """Every hexside of the given hexes (pairs with any neighbour position)."""
    for h in hexes:
        for other in local_around(h):
            yield frozenset((h, other))
