"""The artwork as the LOS reads it (:mod:`aslpto.rules.los.artwork`): the code tables (what
each terrain code of a real board is to the LOS under the scenario's conditions: a terrain word
through G.1 and B21.6, then the terrain chart and data/los.toml; a wall, hedge, bocage, bank or
cliff hexside), each board's planes of codes and levels (Water Obstacles a level beneath their
banks, B21.2; raised when flooded, B21.21), the pixels of a thread, and the Inherent Terrain
that fills a whole hex (B.6)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import islice

from aslpto.base import plugins
from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.board.artwork import Artwork
from aslpto.board.hexes import Hex, Placement
from aslpto.board.maps import Map, MapConditions, RiverDepth
from aslpto.board.terrain import WATER_OBSTACLES, Feature, HexsideFeature, Terrain
from aslpto.rules.los.data import SideRule
from aslpto.rules.los.engine import _CRAG, _CRAG_RULE, LosEngine
from aslpto.rules.los.locations import LosOverride
from aslpto.rules.los.pixels import (
    _PAD,
    _central,
    _Geometry,
    _geometry,
    _Pattern,
    _pattern,
    _patterns_many,
    _region,
)
from aslpto.rules.los.walk import _NONE, _key, _Prof, _unkey
from aslpto.state.game import Conditions

TerrainWords = Callable[[MapConditions], Callable[[Terrain], Terrain]]
"""Given the map's conditions, what a terrain word by itself becomes under them."""


def plug_terrain_words(words: TerrainWords) -> None:
    """How the conditions change a terrain word by itself (PTO Terrain, G.1; ice, B21.6):
    :mod:`aslpto.rules` plugs in :func:`aslpto.rules.pto.terrain.terrain_words` (kept in
    :data:`aslpto.base.plugins.TERRAIN_WORDS`)."""
    plugins.TERRAIN_WORDS[:] = [words]


_ZERO = 64
"""A level byte ``v`` of the engine's grids is level ``v - 64``."""
_SIGNED = bytes(max(0, min(255, (v - 256 if v > 127 else v) + _ZERO)) for v in range(256))
_DOWN = bytes(max(v - 1, 0) for v in range(256))
_UP = bytes(min(v + 1, 255) for v in range(256))

# what a code is to the LOS
_TERRAIN, _WALL, _BANK, _CLIFF = range(4)

_LINES = frozenset({Feature.ROAD, Feature.PATH})
"""Lines drawn through a hex's terrain: one over the centre dot hides the hex's terrain."""

_DEPENDS: dict[Terrain, frozenset[str]] = {
    Terrain.MARSH: frozenset({"swamp", "river", "mudflats"}),  # G.1; B21.122
    Terrain.WOODEN_BUILDING: frozenset({"huts"}),  # G.1
}
"""A printed terrain that may change by what lies around its hex, and what it may become."""


@record(slots=True)
class _Code:
    """What one terrain code of the artwork is to the LOS, under the conditions."""

    kind: int
    word: str = ""
    mode: int = _NONE
    add2: int = 0  # the top of an obstacle above its ground (half levels)
    drm: int = 0
    rule: str = ""
    same: str = ""
    inherent: bool = False
    side: SideRule | None = None  # wall / hedge / bocage
    depends: frozenset[str] = frozenset()
    printed: str = ""  # the printed terrain of a code that ``depends``


@record(slots=True)
class _Board:
    """One real board as the engine reads it: the interesting codes (0 for a code that is
    nothing to the LOS), the raw codes, and the levels (``_ZERO`` + level), each turned 180°
    with the board and after ``_PAD`` empty pixel columns."""

    art: Artwork
    placement: Placement
    mask: memoryview
    codes: bytes
    levels: memoryview
    x0: int
    y0: int


def _stacked(planes: dict[tuple[int, int], Any], rows: int, cols: int, bw: int, bh: int) -> bytes:
    """One plane of the boards at ``planes`` (by grid row and column; each ``bw`` pixel columns
    of ``bh`` after ``_PAD`` empty ones, column after column) side by side as the map's:
    ``_PAD`` empty columns, then each map column (the boards of a grid column one under the
    other) and a copy of its last pixel; after the last column, a copy of it (:class:`_Plane`)."""
    height = rows * bh
    parts = [bytes(_PAD * (height + 1))]
    width = cols * bw
    for x in (*range(width), width - 1):
        col = x // bw
        i = (x % bw + _PAD) * bh
        for r in range(rows):
            parts.append(bytes(planes[(r, col)][i : i + bh]))
        parts.append(parts[-1][-1:])
    return b"".join(parts)


_WHOLE_KEPT = 4096
"""How many whole threads an engine keeps laid out (:meth:`_ArtworkPlanes._pattern`)."""
_PARTS_KEPT = 4 * 4096
"""How many parts of threads (their pixels near the viewer) an engine keeps."""


def _make_room(kept: dict[Any, Any], most: int) -> None:
    """Make room in ``kept`` for one more: at ``most``, the quarter kept longest let go (a
    long session keeps what it asked of late, not nothing)."""
    if len(kept) >= most:
        for key in list(islice(kept, most // 4)):
            del kept[key]


@record(slots=True)
class _Plane:
    """The map's boards side by side as one grid per plane, column after column of ``stride``
    rows, after ``_PAD`` empty pixel columns: map pixel ``(x, y)`` at ``(x + _PAD) * stride
    + y``, for ``0 <= x <= width`` and ``0 <= y <= height`` (the last column and row are
    copies of the map's last ones: a pixel beyond the map is read as the nearest on it)."""

    stride: int
    width: int
    height: int
    mask: bytes
    codes: bytes
    levels: bytes
    mask_view: memoryview
    levels_view: memoryview


_OWN_SIDE = {
    HexsideFeature.WALL: "wall",
    HexsideFeature.HEDGE: "hedge",
    HexsideFeature.BOCAGE: "bocage",
    HexsideFeature.BANK: "paddy bank",
}
"""An entrenched end's own hexside features that block it (see ``_own_hexside``)."""


class _ArtworkPlanes(LosEngine):
    """The map's boards as planes of codes and levels, and the code tables that say what
    each code is to the LOS (the walk itself: :mod:`aslpto.rules.los.artwork`)."""

    def __init__(
        self,
        m: Map,
        conditions: Conditions | None = None,
        panji_hexes: Iterable[Hex] = (),
        overrides: Sequence[LosOverride] = (),
        terrain_words: Callable[[Terrain], Terrain] | None = None,
    ) -> None:
        super().__init__(m, conditions, panji_hexes, overrides)
        if terrain_words is None:
            plugged = plugins.TERRAIN_WORDS
            if not plugged and plugins.TERRAIN_WORDS_MODULE:
                module = importlib.import_module(plugins.TERRAIN_WORDS_MODULE)
                plugged[:] = [module.terrain_words]
            terrain_words = plugged[0](m.conditions) if plugged else (lambda t: t)
        self._words = terrain_words
        self._wall_keys = frozenset(k for k, sd in self.sides.items() if sd.obstacle is not None)
        """The map's wall, hedge and bocage hexsides, by key (judged at hex grain, B9.2)."""
        self._walled = bool(self._wall_keys)
        self._walls_from: dict[int, frozenset[int]] = {}
        """The wall keys less each viewer's own side key (its hex's key, ``(k << 32) + k``):
        the relative keys of the hexsides :func:`aslpto.rules.los.artwalls._edges` gives."""
        self._word_codes: dict[str, _Code] = {}
        self._profs: dict[tuple[int, int, int | None], _Prof] = {}
        self._grain = frozenset(_key(*h) for h, c in m.cells.items() if c.overlay is not None)
        self._hexwise: frozenset[int] | set[int] = self._grain
        """Hexes judged as a whole: under an overlay, or Inherent Terrain at the centre dot."""
        self.geometry: _Geometry | None = None
        self.boards: dict[tuple[int, int], _Board] = {}
        self._extent = (0, 0)
        self._plane: _Plane | None = None
        self._needs: dict[int, int] = {}
        self._tops: dict[int, tuple[int, bool, bool, bool]] = {}
        """Each hex's pixels, summed up with its need (:meth:`_need`): the level byte of the
        highest (-1 off the map), whether all lie at that level, whether a cliff is drawn
        among them, whether anything that matters to a LOS is."""
        self._whys: dict[tuple[str, int, bool, bool], tuple[str, str]] = {}
        """The rule and reason of a ground block (:meth:`ArtworkLosEngine._ground_block`)."""
        self._centres: dict[int, tuple[int, int] | None] = {}
        self._end_cache: dict[tuple[int, int, str], tuple[int, bool] | None] = {}
        self._wholes: dict[int, tuple[_Code, int]] = {}
        """Inherent Terrain at a hex's centre dot (:meth:`_inherent`), by the hex's key."""
        self._patterns: dict[tuple[int, int, int, int], _Pattern] = {}
        self._parts: dict[tuple[int, int, int, int], _Pattern] = {}
        """Parts of threads (:attr:`_Pattern.partial`, the reach they were laid out to on each),
        by the key of :attr:`_patterns`, for a thread a walk found blocked within it (no pair
        around each: one object fewer for the cycle collector to walk)."""
        self._water_floors: dict[int, int] = {}
        """The level byte of a Water Obstacle hex (its centre dot in the water), by its key:
        the whole hex lies at it, its banks drawn within it too (B21.2: the Crest Line is
        where the Water Obstacle hex meets the ground)."""
        self.kinds: list[_Code | None] = [None] * 256
        self._cliffs: frozenset[int] = frozenset()
        """The codes of cliffs (code 0, nothing drawn, left out)."""
        self._meanings: Sequence[Any] = ()
        arts = [(p, m.artwork[p.board]) for p in m.layout.placements if p.board in m.artwork]
        if not arts:
            return
        geo = _geometry(arts[0][1])
        if geo is None or any(_geometry(art) != geo for _, art in arts):
            return  # not a grid the pixel walk knows: hex grain throughout
        self.geometry = geo
        meanings = self._meanings = arts[0][1].meanings
        for code in range(256):
            self.kinds[code] = self._code_kind(meanings, code)
        self._cliffs = frozenset(
            c for c, k in enumerate(self.kinds) if c and k is not None and k.kind == _CLIFF
        )
        mask = bytes(code if k is not None else 0 for code, k in enumerate(self.kinds))
        for p, art in arts:
            self.boards[(p.grid_row, p.grid_col)] = self._board(art, p, mask)
        rows = 1 + max(p.grid_row for p in m.layout.placements)
        cols = 1 + max(p.grid_col for p in m.layout.placements)
        self._extent = (cols * geo.width, rows * geo.height)
        if len(self.boards) == rows * cols:
            self._plane = self._map_plane(rows, cols)
        for h in m.cells:
            got = self._inherent(h, k := _key(h.x, h.y))
            if got is not None:
                self._wholes[k] = got
            c = self._centre(h)
            mn = meanings[c[0]] if c is not None and c[0] < len(meanings) else None
            if c is not None and mn is not None and mn.terrain in WATER_OBSTACLES:
                self._water_floors[k] = c[1]
        self._dominant()
        self._hexwise = self._grain | set(self._wholes)

    # building ---------------------------------------------------------------------------

    def _code_kind(self, meanings: Sequence[Any], code: int) -> _Code | None:
        mn = meanings[code] if code < len(meanings) else None
        if mn is None or mn.ignore:
            return None
        if mn.hexside is not None:
            hs = mn.hexside
            if hs.value in self.data.hexsides:
                return _Code(_WALL, hs.value, side=self.data.hexsides[hs.value])
            if hs == HexsideFeature.BANK:
                return _Code(_BANK, hs.value)
            if hs == HexsideFeature.CLIFF:
                return _Code(_CLIFF, hs.value)
            return None
        if mn.terrain is None:
            return None
        if mn.mark == Feature.CRAG:  # (brush marked crag: not brush to G.1, and Inherent)
            got = self._word_code(mn.terrain, mn.height)
            return _Code(got.kind, _CRAG, got.mode, got.add2, got.drm, _CRAG_RULE, _CRAG_RULE, True)
        got = self._word_code(self._words(mn.terrain), mn.height)
        depends = _DEPENDS.get(mn.terrain, frozenset())
        if depends:
            return _Code(
                got.kind,
                got.word,
                got.mode,
                got.add2,
                got.drm,
                got.rule,
                got.same,
                got.inherent,
                None,
                depends,
                mn.terrain.value,
            )
        return got if got.mode != _NONE or got.inherent else None

    def _word_code(self, t: Terrain, height: int = 0) -> _Code:
        """A terrain word as a code kind (a building as high as the source says, at least
        the chart's height)."""
        key = f"{t.value}/{height}"
        got = self._word_codes.get(key)
        if got is None:
            extra = 0.0
            if t.is_building:
                extra = max(0.0, height - self.map.chart[t.value].obstacle_height)
            mode, add2, drm, rule, inherent, same = self._mode(t.value, extra)
            got = self._word_codes[key] = _Code(
                _TERRAIN, t.value, mode, add2, drm, rule, same, inherent
            )
        return got

    def _board(self, art: Artwork, p: Placement, mask_table: bytes) -> _Board:
        levels = bytearray(art.levels.translate(_SIGNED))
        self._water_levels(art, levels)
        mask = art.codes.translate(mask_table)
        codes = art.codes
        lv = bytes(levels)
        if p.rotated:
            mask, codes, lv = mask[::-1], codes[::-1], lv[::-1]
        geo = self.geometry
        assert geo is not None
        pad = bytes(_PAD * geo.height)  # (a thread's index base may lie before the board)
        return _Board(
            art,
            p,
            memoryview(pad + mask),
            pad + codes,
            memoryview(pad + lv),
            p.grid_col * geo.width,
            p.grid_row * geo.height,
        )

    def _map_plane(self, rows: int, cols: int) -> _Plane | None:
        """The boards side by side (:class:`_Plane`), when every hex centre lies on them."""
        geo = self.geometry
        assert geo is not None
        width, height = self._extent
        for h in self.map.cells:
            x4, y4 = geo.centre4(h.x, h.y)
            if not (0 <= x4 // 4 <= width and 0 <= y4 // 4 <= height):
                return None
        stride, bh = height + 1, geo.height
        join: Callable[..., bytes]
        try:
            from aslpto.rules.los.layout import stacked as join  # (numpy: the vasl extra)
        except ImportError:  # pragma: no cover - numpy is installed with the vasl extra
            join = _stacked
        mask, codes, levels = (
            join({k: getattr(b, name) for k, b in self.boards.items()}, rows, cols, geo.width, bh)
            for name in ("mask", "codes", "levels")
        )
        return _Plane(
            stride,
            width,
            height,
            mask,
            codes,
            levels,
            memoryview(mask),
            memoryview(levels),
        )

    def _water_levels(self, art: Artwork, levels: bytearray) -> None:
        """B21.2: Water Obstacles a level beneath the land around them (lowered where the
        artwork draws them at the level of their banks); B21.21: a flooded river and every
        pond a level higher. Each column's run of water pixels is judged by the land pixels
        just above and below it and beside its first pixel."""
        water = [
            c
            for c, mn in enumerate(art.meanings)
            if mn is not None and mn.terrain in WATER_OBSTACLES
        ]
        if not water:
            return
        flooded = self.map.conditions.river_depth == RiverDepth.FLOODED
        rises = {
            c
            for c, mn in enumerate(art.meanings)
            if mn is not None and mn.terrain in (Terrain.RIVER, Terrain.POND)
        }
        is_water = bytes(1 if c in water else 0 for c in range(256))
        pat = re.compile(b"[" + b"".join(re.escape(bytes([c])) for c in water) + b"]+")
        h, codes = art.height, art.codes
        n = len(codes)
        for m in pat.finditer(codes):
            start, end = m.span()
            while start < end:
                stop = min(end, (start // h + 1) * h)
                level = levels[start]
                land = [
                    i
                    for i in (
                        start - 1 if start % h else -1,
                        stop if stop % h else -1,
                        start - h,
                        start + h,
                    )
                    if 0 <= i < n and not is_water[codes[i]]
                ]
                lowered = any(levels[i] > level for i in land)
                delta = (0 if lowered else -1) + (1 if flooded and codes[start] in rises else 0)
                if delta:
                    table = _DOWN if delta < 0 else _UP
                    levels[start:stop] = levels[start:stop].translate(table)
                start = stop

    # pixels -----------------------------------------------------------------------------

    def _board_at(self, px: int, py: int) -> _Board | None:
        geo = self.geometry
        assert geo is not None
        return self.boards.get((py // geo.height, px // geo.width))

    def _pixel(self, px: int, py: int) -> tuple[_Board, int] | None:
        """The board and grid index of map pixel ``(px, py)`` (kept on the map)."""
        geo = self.geometry
        assert geo is not None
        px = min(max(px, 0), self._extent[0] - 1)
        py = min(max(py, 0), self._extent[1] - 1)
        bd = self.boards.get((py // geo.height, px // geo.width))
        if bd is None:
            return None
        return bd, (px - bd.x0 + _PAD) * geo.height + (py - bd.y0)

    def centre_pixel(self, h: Hex) -> tuple[int, int]:
        """The map pixel of ``h``'s centre dot."""
        geo = self.geometry
        assert geo is not None
        x4, y4 = geo.centre4(h.x, h.y)
        return x4 // 4, y4 // 4

    def _centre(self, h: Hex) -> tuple[int, int] | None:
        """The raw code and level byte at ``h``'s centre dot, or None off the artwork."""
        k = _key(h.x, h.y)
        if k in self._centres:
            return self._centres[k]
        got = self._pixel(*self.centre_pixel(h))
        out = None
        if got is not None:
            bd, i = got
            out = (bd.codes[i], bd.levels[i])
        self._centres[k] = out
        return out

    def pixels(self, a: Hex, b: Hex) -> tuple[_Pattern, tuple[int, ...], tuple[int, ...]] | None:
        """The thread from ``a`` to ``b`` over the artwork: its pattern, and the code mask and
        level of each of its pixels (None where it runs off the artwork)."""
        geo = self.geometry
        if geo is None:
            return None
        plane = self._plane
        if plane is not None:
            pat, base = self._thread(a, b)
            return (
                pat,
                pat.getter(plane.mask_view[base:]),
                pat.getter(plane.levels_view[base:]),
            )
        pat = _pattern(geo, geo.height, a.x % 4, a.y % 4, b.x - a.x, b.y - a.y)
        if not pat.xs:
            return pat, (), ()
        x4, y4 = geo.centre4(a.x, a.y)
        spx, spy = x4 // 4, y4 // 4
        x_lo, x_hi, y_lo, y_hi = pat.box
        bd = self._board_at(spx + x_lo, spy + y_lo)
        if (
            bd is not None
            and bd.x0 <= spx + x_lo
            and spx + x_hi < bd.x0 + geo.width
            and bd.y0 <= spy + y_lo
            and spy + y_hi < bd.y0 + geo.height
        ):
            base = (spx - bd.x0 + _PAD) * geo.height + (spy - bd.y0) + pat.low
            return pat, pat.getter(bd.mask[base:]), pat.getter(bd.levels[base:])
        vals: list[int] = []
        levs: list[int] = []
        for dx, dy in zip(pat.xs, pat.ys, strict=True):
            got = self._pixel(spx + dx, spy + dy)
            if got is None:
                return None
            bd, i = got
            vals.append(bd.mask[i])
            levs.append(bd.levels[i])
        return pat, tuple(vals), tuple(levs)

    def _thread(self, a: Hex, b: Hex) -> tuple[_Pattern, int]:
        """The thread from ``a`` to ``b`` over the map's planes: its pattern and the index of
        its base there."""
        plane, geo = self._plane, self.geometry
        assert plane is not None and geo is not None
        stride = plane.stride
        pat = self._pattern(a.x % 4, a.y % 4, b.x - a.x, b.y - a.y)
        x4, y4 = geo.centre4(a.x, a.y)
        return pat, (x4 // 4 + _PAD) * stride + y4 // 4 + pat.low

    def _pattern(self, fx: int, fy: int, dx: int, dy: int) -> _Pattern:
        """:func:`aslpto.rules.los.pixels._pattern` over the map's planes, kept at hand (up to
        :data:`_WHOLE_KEPT`)."""
        key = (fx, fy, dx, dy)
        pat = self._patterns.get(key)
        if pat is None:
            plane, geo = self._plane, self.geometry
            assert plane is not None and geo is not None
            _make_room(self._patterns, _WHOLE_KEPT)
            pat = self._patterns[key] = _pattern(geo, plane.stride, fx, fy, dx, dy)
        return pat

    def _patterns_many(
        self,
        fx: int,
        fy: int,
        offsets: list[tuple[int, int]],
        reach: int | None,
        base: int | None = None,
        read: list[tuple[bytes, bytes]] | None = None,
    ) -> list[_Pattern | None]:
        """:func:`aslpto.rules.los.pixels._patterns_many` over the map's planes, kept at hand:
        whole threads with :meth:`_pattern`'s, parts apart (:data:`_PARTS_KEPT`). With
        ``base`` (the index of the first hex's centre pixel in the planes), each thread's
        codes and levels into ``read`` too."""
        plane, geo = self._plane, self.geometry
        assert plane is not None and geo is not None
        pats, parts = self._patterns, self._parts
        planes = None if base is None else (plane.mask, plane.levels, base)
        out = _patterns_many(geo, plane.stride, fx, fy, offsets, reach, planes, read)
        for (dx, dy), pat in zip(offsets, out, strict=True):
            if pat is None:
                continue
            key = (fx, fy, dx, dy)
            if pat.partial:
                _make_room(parts, _PARTS_KEPT)
                pat.reach = reach or 0
                parts[key] = pat
            else:
                _make_room(pats, _WHOLE_KEPT)
                pats[key] = pat
                parts.pop(key, None)
        return out

    def _need(self, k: int) -> int:
        """What the walk must know of the hex with key ``k`` before it may pass it by: 255
        when something is drawn in it that matters to the LOS (or it is judged as a whole),
        else the level byte of its highest pixel; -1 off the map. A thread whose lower end
        is at or above that level (and any hex it crosses) needs nothing of the hex: its
        pixels are left unread. Inherent Terrain drawn in a hex it does not dominate (B.1)
        does not matter there (B.6). Also kept: the hex's summary (``_tops``), which
        bounds what any thread's pixels in the hex can hold."""
        got = self._needs.get(k)
        if got is not None:
            return got
        plane, geo = self._plane, self.geometry
        assert plane is not None and geo is not None
        h = _unkey(k)
        if h not in self.map.cells:
            self._needs[k] = -1
            self._tops[k] = (-1, False, False, False)
            return -1
        x4, y4 = geo.centre4(h.x, h.y)
        cx, cy = x4 // 4, y4 // 4
        stride, width, height = plane.stride, plane.width, plane.height
        mask, levels = plane.mask, plane.levels
        top, bottom = 0, 255
        codes: set[int] = set()
        for dx, y_lo, y_hi in _region(geo, h.x % 4, h.y % 4):
            x = min(max(cx + dx, 0), width)
            base = (x + _PAD) * stride
            lo = base + min(max(cy + y_lo, 0), height)
            hi = base + min(max(cy + y_hi, 0), height) + 1
            top = max(top, max(levels[lo:hi]))
            bottom = min(bottom, min(levels[lo:hi]))
            if mask[lo:hi].count(0) != hi - lo:
                codes.update(mask[lo:hi])
        codes.discard(0)
        return self._summed(k, top, bottom, codes)

    def _need_many(self, ks: Iterable[int]) -> None:
        """:meth:`_need` for each hex with a key of ``ks`` not yet summed, the pixels of many
        read at once with numpy where it is installed (the same summaries)."""
        todo = [k for k in ks if k not in self._needs]
        if not todo:
            return
        try:
            from aslpto.rules.los.layout import summaries  # (numpy: the vasl extra)
        except ImportError:  # pragma: no cover - numpy is installed with the vasl extra
            for k in todo:
                self._need(k)
            return
        plane, geo = self._plane, self.geometry
        assert plane is not None and geo is not None
        by_class: dict[tuple[int, int], list[tuple[int, Hex]]] = {}
        for k in todo:
            h = _unkey(k)
            if h not in self.map.cells:
                self._needs[k] = -1
                self._tops[k] = (-1, False, False, False)
            else:
                by_class.setdefault((h.x % 4, h.y % 4), []).append((k, h))
        for (fx, fy), hexes in by_class.items():
            centres = [self.centre_pixel(h) for _, h in hexes]
            got = summaries(plane, centres, _region(geo, fx, fy), _PAD)
            for (k, _), (top, bottom, codes) in zip(hexes, got, strict=True):
                self._summed(k, top, bottom, set(codes))

    def _summed(self, k: int, top: int, bottom: int, codes: set[int]) -> int:
        """:meth:`_need`'s answer and summary from the hex's highest and lowest level bytes
        and the codes drawn in it (none 0)."""
        # Inherent Terrain drawn in a hex it does not dominate is nothing there (B.6; the whole
        # hex's, where it does, is judged as a whole: _inherent, _dominant)
        drawn = False
        for c in codes:
            kd = self.kinds[c]
            assert kd is not None  # (the mask keeps only the codes that matter)
            kd = self._resolved(kd, k)
            drawn = drawn or not (kd.kind == _TERRAIN and kd.inherent)
        cliff = not self._cliffs.isdisjoint(codes)
        self._tops[k] = (top, top == bottom, cliff, drawn)
        got = self._needs[k] = 255 if drawn or k in self._hexwise else top
        return got

    def _resolved(self, kd: _Code, k: int) -> _Code:
        """A code whose terrain may change by its hex: what the map made of that hex, where
        the hex is printed as that terrain (a marsh hex turned swamp, G.1, or river or
        mudflats, B21.122; a wooden building turned huts, G.1). Marsh drawn on the banks of a
        river hex stays marsh (B21.122 turns marsh hexes, not the river's own)."""
        if not kd.depends:
            return kd
        cell = self.map.cells.get(_unkey(k))
        if (
            cell is not None
            and cell.terrain.value in kd.depends
            and cell.printed.value == kd.printed
        ):
            return self._word_code(cell.terrain)
        return kd

    def _inherent(self, h: Hex, k: int) -> tuple[_Code, int] | None:
        """Inherent Terrain covering the hex's centre dot fills the whole hex (B.6): its code
        and the level of its ground. A road or path drawn over the centre dot runs through the
        hex's terrain (an orchard with a road through it is an orchard hex): there the hex is
        what the map made of it; so too where the open ground of a road drawn through the
        hex's terrain covers the centre dot (a woods-road, which G.1 makes a Path with no Open
        Ground in its road portion)."""
        c = self._centre(h)
        if c is None:
            return None
        kd = self.kinds[c[0]]
        if kd is None and c[0] < len(self._meanings):
            mn = self._meanings[c[0]]
            cell = self.map.cells.get(h)
            if (
                mn is not None
                and cell is not None
                and (
                    mn.feature in _LINES
                    or (mn.terrain == Terrain.OPEN_GROUND and cell.features & _LINES)
                )
            ):
                kd = self._word_code(cell.terrain)
        if kd is None or kd.kind != _TERRAIN:
            return None
        kd = self._resolved(kd, k)
        return (kd, c[1]) if kd.inherent else None

    def _dominant(self) -> None:
        """B.1: the terrain that dominates a hex need not hold its centre dot (2I9 is a
        combination building-woods hex): Inherent Terrain drawn about a hex's centre dot,
        nearer it than any hexside's midpoint, makes the hex that Inherent Terrain (B.6), as
        in VASL (``Hex.setInherentTerrain``), though the centre pixel itself is open ground
        (2S6 under PTO Terrain: a notch of clearing in the jungle) or a building."""
        plane, geo = self._plane, self.geometry
        if plane is None or geo is None:
            return
        table = bytes(
            1 if k is not None and k.kind == _TERRAIN and k.inherent else 0 for k in self.kinds
        )
        drawn = plane.mask.translate(table)
        if not drawn.strip(b"\0"):
            return  # (no Inherent Terrain drawn on the map)
        runs = _central(geo)
        stride, width, height = plane.stride, plane.width, plane.height
        find, codes = drawn.find, plane.mask
        for h, cell in self.map.cells.items():
            k = _key(h.x, h.y)
            if k in self._wholes or k in self._water_floors or cell.overlay is not None:
                continue  # (a Water Obstacle hex is the water's, B21.2)
            cx, cy = self.centre_pixel(h)
            for dx, y_lo, y_hi in runs:
                base = (min(max(cx + dx, 0), width) + _PAD) * stride
                i = find(
                    1,
                    base + min(max(cy + y_lo, 0), height),
                    base + min(max(cy + y_hi, 0), height) + 1,
                )
                if i >= 0:
                    kd = self.kinds[codes[i]]
                    c = self._centre(h)
                    if kd is not None and c is not None:
                        self._wholes[k] = (self._resolved(kd, k), c[1])
                    break

    def _prof_of(self, kd: _Code, lev: int, floor: int | None = None) -> _Prof:
        """The profile of terrain ``kd`` drawn on ground of level byte ``lev``; in a Water
        Obstacle hex whose water is at ``floor``, its ground is no higher than the water
        (B21.2), though its own height stands on the ground as drawn."""
        key = (id(kd), lev, floor)
        p = self._profs.get(key)
        if p is None:
            base2 = 2 * (lev - _ZERO)
            p = self._profs[key] = _Prof(
                base2,
                base2 if floor is None else min(base2, 2 * (floor - _ZERO)),
                kd.mode,
                base2 + kd.add2,
                kd.inherent,
                kd.drm,
                kd.rule,
                kd.same,
                kd.word,
                False,
                False,
                False,
            )
        return p
