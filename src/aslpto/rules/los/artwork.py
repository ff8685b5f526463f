"""LOS over a real board's artwork: A6.1 as written, the thread from centre dot to centre dot
blocked where it crosses obstacle terrain as depicted.

A real board carries its artwork (:class:`aslpto.board.artwork.Artwork`): a ground level and a
terrain code for every pixel. :class:`ArtworkLosEngine` walks the pixels the thread crosses
and judges them by the rules the hex-grain engine applies to whole hexes:

- the thread's pixels are those whose interior it passes through (a pixel touched only at a
  corner is grazed, not crossed); each pixel belongs to the hex whose centre is nearest, but
  the pixel where the thread leaves (enters) an end's hex is that end's; the pixels of the
  two end hexes are not judged (a unit's own hex and its target's neither block nor hinder);
  :mod:`aslpto.rules.los.pixels` lays the thread over the pixels;
- ground: each hex's highest pixel is tested as the hex engine tests a hex's ground (A6.2,
  B10.2, blind hexes behind a Crest Line B10.23; a cliff drawn in the hex counts as an
  obstacle for blind hexes); Water Obstacles lie a level below the land around them (B21.2:
  where the artwork draws water at the level of its banks it is lowered), a flooded river and
  every pond a level higher again (B21.21);
- terrain: every terrain code goes through the scenario's conditions (PTO Terrain G.1: woods
  are jungle, brush bamboo, orchards palm trees, grain kunai; ice B21.6) as a terrain word, then
  the terrain chart and data/los.toml say how it acts; an obstacle pixel's top is its ground
  level plus the obstacle's height (A6.2, A6.4); Hindrances count once per hex the thread
  crosses, and once for the two hexes of a hexside it runs along (B12.2, B14.2, ...; six or
  more block, B.10); Inherent Terrain (B.6: dense jungle, bamboo, palm trees, orchards,
  In-Season paddies) fills the whole hex whose centre dot it covers (or whose terrain a road
  or path over the centre dot runs through) and is nothing where it spills into another hex;
  a marsh or wooden building pixel is
  what its hex became (swamp, G.1; huts, G.1; river or mudflats, B21.122);
- walls, hedges and bocage as drawn, a half level above their ground (B9.2), unless drawn on a
  hexside of either end's hex (or, for walls and hedges, one radiating from its vertex);
  paddy banks block only entrenched Infantry (G8); an entrenched end's own wall, hedge or
  bank hexside that the thread crosses blocks it, read from the map as the hex engine reads
  it (its pixels lie in the end's own hex, which is not judged);
- Depressions (A6.3): a LOS out of (into) a stream or gully whose centre dot an end is IN runs
  over no ground above the Depression's floor until the other end is as many levels higher as
  it is hexes away; a hex of the Depression that near the other end is seen INTO, its banks
  up to the Crest no ground;
- hexes under an overlay (G.9) are judged at hex grain: their artwork lies beneath.

The answer is the hex engine's :class:`~aslpto.rules.los.locations.LosResult`; the blocker also
names the first blocking pixel (``Blocker.pixel``, map pixels: boards side by side are
``width`` pixels apart, sharing the seam column). docs/los.md says where this departs from
VASL's own LOS and from the printed board.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Sequence

from aslpto.base import plugins
from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.board.artwork import Artwork
from aslpto.board.hexes import Hex, Hexside, Placement, distance
from aslpto.board.maps import Map, MapConditions, RiverDepth
from aslpto.board.terrain import WATER_OBSTACLES, Feature, HexsideFeature, Terrain
from aslpto.rules.los.data import SideRule
from aslpto.rules.los.engine import (
    _NONE,
    LosEngine,
    _key,
    _lv,
    _Prof,
    _unkey,
    _Walk,
)
from aslpto.rules.los.locations import Blocker, Location, LosOverride
from aslpto.rules.los.pixels import (
    _PAD,
    _along,
    _dist4,
    _Geometry,
    _geometry,
    _Pattern,
    _pattern,
)
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


_OWN_SIDE = {
    HexsideFeature.WALL: "wall",
    HexsideFeature.HEDGE: "hedge",
    HexsideFeature.BOCAGE: "bocage",
    HexsideFeature.BANK: "paddy bank",
}
"""An entrenched end's own hexside features that block it (see ``_own_hexside``)."""


class ArtworkLosEngine(LosEngine):
    """LOS on a map whose boards carry their artwork, walked pixel by pixel (A6.1 as
    depicted); a thread over a board without artwork is judged at hex grain. Build it once per
    map and ask it many times."""

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
        self._word_codes: dict[str, _Code] = {}
        self._profs: dict[tuple[int, int], _Prof] = {}
        self._grain = frozenset(_key(*h) for h, c in m.cells.items() if c.overlay is not None)
        self._hexwise: frozenset[int] | set[int] = self._grain
        """Hexes judged as a whole: under an overlay, or Inherent Terrain at the centre dot."""
        self.geometry: _Geometry | None = None
        self.boards: dict[tuple[int, int], _Board] = {}
        self._extent = (0, 0)
        self.kinds: list[_Code | None] = [None] * 256
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
        mask = bytes(code if k is not None else 0 for code, k in enumerate(self.kinds))
        for p, art in arts:
            self.boards[(p.grid_row, p.grid_col)] = self._board(art, p, mask)
        rows = 1 + max(p.grid_row for p in m.layout.placements)
        cols = 1 + max(p.grid_col for p in m.layout.placements)
        self._extent = (cols * geo.width, rows * geo.height)
        whole = {k for h in m.cells if self._inherent(h, k := _key(h.x, h.y)) is not None}
        self._hexwise = self._grain | whole

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
        got = self._pixel(*self.centre_pixel(h))
        if got is None:
            return None
        bd, i = got
        return bd.codes[i], bd.levels[i]

    def pixels(self, a: Hex, b: Hex) -> tuple[_Pattern, tuple[int, ...], tuple[int, ...]] | None:
        """The thread from ``a`` to ``b`` over the artwork: its pattern, and the code mask and
        level of each of its pixels (None where it runs off the artwork)."""
        geo = self.geometry
        if geo is None:
            return None
        pat = _pattern(geo, a.x % 4, a.y % 4, b.x - a.x, b.y - a.y)
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

    # ends -------------------------------------------------------------------------------

    def _end(self, loc: Location) -> tuple[int, bool] | None:
        """The Location's level (half levels) from the artwork at its centre dot, and whether
        it is IN a Depression (A6.3); None off the artwork."""
        c = self._centre(loc.hex)
        if c is None:
            return None
        code, lev = c
        mn = self._meanings[code] if code < len(self._meanings) else None
        dep = mn is not None and mn.feature == Feature.STREAM
        e = 2 * (lev - _ZERO) + 2 * loc.level
        if dep and loc.level == 0 and loc.position == "crest":
            return e + 2, False
        return e, dep and loc.level == 0

    def elevation2(self, loc: Location) -> int:
        got = self._end(loc) if self.geometry is not None else None
        return super().elevation2(loc) if got is None else got[0]

    # the walk ---------------------------------------------------------------------------

    def _judge(
        self,
        a: Location,
        b: Location,
        pa: _Prof,
        pb: _Prof,
        ka: int,
        kb: int,
        w: _Walk,
        notes: list[str],
    ) -> None:
        end_a = self._end(a) if self.geometry is not None else None
        end_b = self._end(b) if end_a is not None else None
        got = self.pixels(a.hex, b.hex) if end_b is not None else None
        if got is None or end_a is None or end_b is None:
            super()._judge(a, b, pa, pb, ka, kb, w, notes)
            return
        pat, vals, levs = got
        (ea, dep_a), (eb, dep_b) = end_a, end_b
        lo = min(ea, eb)
        ha = a.hex
        geo = self.geometry
        assert geo is not None
        x4, y4 = geo.centre4(ha.x, ha.y)
        start = (x4 // 4, y4 // 4)
        if self._own_hexside(a, b, ea, eb, pat, start, w):
            return
        hexwise = self._hexwise
        quick = (
            not dep_a and not dep_b and (not levs or max(levs) <= _ZERO + lo // 2) and not any(vals)
        )
        if quick and hexwise:
            quick = not any(_key(ha.x + g[0], ha.y + g[1]) in hexwise for g in pat.groups)
        if not quick:
            seen = _seen_into(ea, eb, dep_a, dep_b, distance(a.hex, b.hex))
            self._groups(a, b, ea, eb, pat, vals, levs, start, w, pa.water or pb.water, seen)
            if dep_a or dep_b:
                self._depression(a, b, ea, eb, dep_a, dep_b, pat, levs, start, w)
        if w.block is None and self.panji_keys:
            self._panjis(ka, kb, ha, pat, w, notes)

    def _own_hexside(
        self,
        a: Location,
        b: Location,
        ea: int,
        eb: int,
        pat: _Pattern,
        start: tuple[int, int],
        w: _Walk,
    ) -> bool:
        """An entrenched end's own wall, hedge, bocage or (G8) paddy bank hexside that the
        thread leaves (enters) its hex by: entrenched Infantry cannot see over it to a
        non-adjacent Location not higher than it. Its pixels lie in the end's own hex, which
        the walk does not judge, so the hexside is read from the map (as the hex engine does)."""
        ent = self._entrenched(a, b, ea, eb)
        if not pat.groups or not (ent[0] or ent[1]):
            return False
        ha, hb = a.hex, b.hex
        # the hexes the thread passes next to each end: one, or two where it leaves (enters)
        # along a hexspine; either hexside counts, from whichever end the LOS is traced (A6.1)
        firsts = [(ent[0], ha, g, g[4]) for g in pat.groups[:2]]
        lasts = [(ent[1], hb, g, g[5] - 1) for g in reversed(pat.groups[-2:])]
        for dug, end, g, i in (*firsts, *lasts):
            n = Hex(ha.x + g[0], ha.y + g[1])
            if not dug or not end.is_adjacent(n):
                continue
            feats = self.map.sides.get(Hexside.of(end, n), frozenset())
            word = next((_OWN_SIDE[f] for f in _OWN_SIDE if f in feats), None)
            if word is None:
                continue
            rule = self.data.rule("entrenched_hexside")
            why = (
                "entrenched Infantry cannot see over it to a non-adjacent Location not "
                f"higher than it ({rule})"
            )
            where = self.map.layout.hexside_name(Hexside.of(end, n))
            if word == "paddy bank":
                self._block(
                    w,
                    pat,
                    start,
                    where,
                    max(i, 0),
                    "G8 (LOS)",
                    f"paddy bank, a hedge to entrenched Infantry: {why}",
                    rule,
                )
            else:
                self._block(w, pat, start, where, max(i, 0), rule, f"{word}: {why}")
            return True
        return False

    def _groups(
        self,
        a: Location,
        b: Location,
        ea: int,
        eb: int,
        pat: _Pattern,
        vals: tuple[int, ...],
        levs: tuple[int, ...],
        start: tuple[int, int],
        w: _Walk,
        water_end: bool,
        seen: tuple[bool, int, int] | None,
    ) -> None:
        """Each hex the thread crosses, in order: its ground, its terrain, its walls.
        ``seen``: an end IN a Depression, as :func:`_seen_into` gives it."""
        hi, lo = (ea, eb) if ea >= eb else (eb, ea)
        a_high = ea >= eb
        ha, hb = a.hex, b.hex
        kinds = self.kinds
        d = self.data
        ent = self._entrenched(a, b, ea, eb)
        along = _along(hb.x - ha.x, hb.y - ha.y)
        sides: dict[tuple[int, int], tuple[int, int]] = {}
        for hx, hy, ra, rb, s, e in pat.groups:
            h = Hex(ha.x + hx, ha.y + hy)
            k = _key(h.x, h.y)
            if k not in self.prof:
                continue  # pixels beyond the map's edge hexes
            r_hi, r_lo = (ra, rb) if a_high else (rb, ra)
            where = self._hname(k)
            if k in self._grain:  # under an overlay: hex grain
                p = self.prof[k]
                eff = (
                    None
                    if p.mode == _NONE and p.floor2 <= lo
                    else self._hex_effect(p, hi, lo, r_hi, r_lo, water_end)
                )
                if eff is not None and len(eff) == 4:
                    self._block(w, pat, start, where, s, eff[1], eff[2], eff[3])
                    return
                if eff is not None:
                    self._hinder_once(w, eff, where, p, (hx, hy), along, sides)
                continue
            ls = levs[s:e]
            cs = vals[s:e]
            ground = ls
            top = max(ls, default=0)
            if seen is not None and top > seen[2] and self._seen_bed(h, seen, ra, rb):
                # A6.3: the other end sees INTO this hex of the Depression (as many levels
                # higher as it is hexes away): its banks, up to the Crest, are no ground
                ground = tuple(v if v > seen[2] + 1 else seen[2] for v in ls)
                top = max(ground)
            present = set(cs)
            present.discard(0)
            g2 = 2 * (top - _ZERO)
            if g2 > lo:
                cliff = any(kinds[c].kind == _CLIFF for c in present)  # type: ignore[union-attr]
                t = self._height_test(g2, hi, lo, r_hi, r_lo, crest=not cliff)
                if t:
                    i = s + ground.index(top)
                    if t == "blind":
                        rule = d.rule("blind_hex") if cliff else d.rule("crest_blind_hex")
                        why = (
                            f"blind hex behind the {'cliff' if cliff else 'Crest Line'} "
                            f"at level {_lv(g2)}"
                        )
                    else:
                        rule = d.rule("water") if water_end else d.rule("hill")
                        how = "higher than both ends" if t == "higher" else "no height advantage"
                        why = f"ground at level {_lv(g2)}, {how}"
                    self._block(w, pat, start, where, i, rule, why)
                    return
            first_block: tuple[int, str, str, str] | None = None
            hinder: tuple[Any, _Prof] | None = None
            whole = self._inherent(h, k)
            if whole is not None:
                kd, lev = whole
                p = self._prof_of(kd, lev)
                eff = self._hex_effect(p, hi, lo, r_hi, r_lo, water_end)
                if eff is not None:
                    w.cite(d.rule("inherent"))
                    how = "the whole hex" if s < e else "along its hexside"
                    if len(eff) == 4:
                        first_block = (s, eff[1], f"{eff[2]} (Inherent Terrain: {how})", eff[3])
                    else:
                        hinder = (eff, p)
            for code in present:
                kd = self._resolved(kinds[code], k)  # type: ignore[arg-type]
                if kd.kind == _TERRAIN:
                    if kd.inherent:
                        continue  # Inherent Terrain spilling out of its hex (or the whole hex)
                    i0 = cs.index(code)
                    lev = max(lv for c, lv in zip(cs, ls, strict=True) if c == code)
                    p = self._prof_of(kd, lev)
                    eff = self._hex_effect(p, hi, lo, r_hi, r_lo, water_end)
                    if eff is None:
                        continue
                    if len(eff) == 4:
                        if first_block is None or s + i0 < first_block[0]:
                            first_block = (s + i0, eff[1], eff[2], eff[3])
                    elif hinder is None or eff[1] > hinder[0][1]:
                        hinder = (eff, p)
                elif kd.kind in (_WALL, _BANK):
                    got = self._wall(kd, h, cs, ls, s, code, pat, start, a, b, ea, eb, ent)
                    if got is not None and (first_block is None or got[0] < first_block[0]):
                        first_block = got
            if first_block is not None:
                self._block(w, pat, start, where, *first_block)
                return
            if hinder is not None:
                self._hinder_once(w, hinder[0], where, hinder[1], (hx, hy), along, sides)

    def _hinder_once(
        self,
        w: _Walk,
        eff: tuple[Any, ...],
        where: str,
        p: _Prof,
        off: tuple[int, int],
        along: dict[tuple[int, int], tuple[tuple[int, int], ...]],
        sides: dict[tuple[int, int], tuple[int, int]],
    ) -> None:
        """A Hindrance in the hex at offset ``off``; where the thread runs along a hexside,
        the two hexes beside it hinder once between them (the larger), not once each.
        ``sides``: the hexes beside such a hexside already counted, with their Hindrance's
        place in ``w.hits`` and its DRM."""
        now = 1 if eff[0] == "paddy" else eff[1]
        partner = next((o for o in along.get(off, ()) if o in sides), None)
        if partner is None:
            n = len(w.hits)
            self._hinder(w, eff, where, p)
            if len(w.hits) > n:
                sides[off] = (n, now)
            return
        i, had = sides[partner]
        if eff[0] == "far" or now <= had:
            return
        old = w.hits[i]
        if old.terrain == "in-season paddy":
            w.paddy -= 1
        else:
            w.drm -= old.drm
        n = len(w.hits)
        self._hinder(w, eff, where, p)
        if len(w.hits) > n:
            w.hits[i] = w.hits.pop()
            sides[partner] = (i, now)

    def _seen_bed(self, h: Hex, seen: tuple[bool, int, int], ra: int, rb: int) -> bool:
        """Does the end out of the Depression see INTO hex ``h`` (A6.3): a hex of the
        Depression (its centre dot on the Depression's bed) as many hexes from that end as
        that end is levels higher?"""
        dep_is_a, k2, floor = seen
        if 2 * (rb if dep_is_a else ra) > k2:
            return False
        c = self._centre(h)
        if c is None or c[1] != floor:
            return False
        mn = self._meanings[c[0]] if c[0] < len(self._meanings) else None
        return mn is not None and mn.feature == Feature.STREAM

    @staticmethod
    def _block(
        w: _Walk,
        pat: _Pattern,
        start: tuple[int, int],
        where: str,
        i: int,
        rule: str,
        why: str,
        cite: str = "",
    ) -> None:
        j = min(i, len(pat.xs) - 1)
        dx, dy = pat.xs[j], pat.ys[j]
        w.cite(cite)
        w.block = (i, Blocker(where, rule, why, (start[0] + dx, start[1] + dy)))

    def _resolved(self, kd: _Code, k: int) -> _Code:
        """A code whose terrain may change by its hex: what the map made of that hex."""
        if not kd.depends:
            return kd
        cell = self.map.cells.get(_unkey(k))
        if cell is not None and cell.terrain.value in kd.depends:
            return self._word_code(cell.terrain)
        return kd

    def _inherent(self, h: Hex, k: int) -> tuple[_Code, int] | None:
        """Inherent Terrain covering the hex's centre dot fills the whole hex (B.6): its code
        and the level of its ground. A road or path drawn over the centre dot runs through the
        hex's terrain (an orchard with a road through it is an orchard hex): there the hex is
        what the map made of it."""
        c = self._centre(h)
        if c is None:
            return None
        kd = self.kinds[c[0]]
        if kd is None and c[0] < len(self._meanings):
            mn = self._meanings[c[0]]
            cell = self.map.cells.get(h)
            if mn is not None and mn.feature in _LINES and cell is not None:
                kd = self._word_code(cell.terrain)
        if kd is None or kd.kind != _TERRAIN:
            return None
        kd = self._resolved(kd, k)
        return (kd, c[1]) if kd.inherent else None

    def _prof_of(self, kd: _Code, lev: int) -> _Prof:
        key = (id(kd), lev)
        p = self._profs.get(key)
        if p is None:
            base2 = 2 * (lev - _ZERO)
            p = self._profs[key] = _Prof(
                base2,
                base2,
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

    def _wall(
        self,
        kd: _Code,
        h: Hex,
        cs: tuple[int, ...],
        ls: tuple[int, ...],
        s: int,
        code: int,
        pat: _Pattern,
        start: tuple[int, int],
        a: Location,
        b: Location,
        ea: int,
        eb: int,
        ent: tuple[bool, bool],
    ) -> tuple[int, str, str, str] | None:
        """Wall, hedge and bocage pixels (B9.2, B9.52), and paddy banks to entrenched Infantry
        (G8): each by the hexside it is drawn on (the neighbour whose centre is nearest)."""
        geo = self.geometry
        assert geo is not None
        d = self.data
        hi, lo = max(ea, eb), min(ea, eb)
        entrenched = ent[0] or ent[1]
        if kd.kind == _BANK and not entrenched:
            return None
        ends = (a.hex, b.hex)
        high, low = (a.hex, b.hex) if ea >= eb else (b.hex, a.hex)
        for j, c in enumerate(cs):
            if c != code:
                continue
            dx, dy = pat.xs[s + j], pat.ys[s + j]
            px, py = start[0] + dx, start[1] + dy
            n = min(h.around(), key=lambda o: _dist4(geo, o, px, py))
            if n in ends:
                continue  # drawn on a hexside of an end's hex (see _own_hexside)
            spine = any(n.is_adjacent(x) and h.is_adjacent(x) for x in ends)
            side = kd.side
            if spine and (side is None or not side.own_spine):
                continue  # radiating from a vertex of an end's hex
            where = (
                self.map.layout.hexside_name(Hexside.of(h, n))
                if n in self.map.cells
                else self._hname(_key(*h))
            )
            if entrenched:
                rule = d.rule("entrenched_hexside")
                why = (
                    "entrenched Infantry cannot see over it to a non-adjacent Location not "
                    f"higher than it ({rule})"
                )
                if kd.kind == _BANK:
                    return (
                        s + j,
                        "G8 (LOS)",
                        f"paddy bank, a hedge to entrenched Infantry: {why}",
                        "",
                    )
                return (s + j, rule, f"{kd.word}: {why}", "")
            if side is None:
                continue
            top2 = 2 * (ls[j] - _ZERO) + side.height2
            if side.blind_hexes:
                near = h if distance(high, h) <= distance(high, n) else n
                t = self._height_test(
                    top2, hi, lo, distance(high, near), distance(near, low), crest=False
                )
            else:
                t = "higher" if top2 > hi else ""
            if t:
                why = {
                    "higher": "higher than both ends",
                    "equal": "no height advantage",
                    "blind": "the lower end is in a blind hex behind it",
                }[t]
                return (
                    s + j,
                    side.rule,
                    f"{kd.word} drawn along {where}, to level {_lv(top2)}: {why}",
                    "",
                )
        return None

    def _depression(
        self,
        a: Location,
        b: Location,
        ea: int,
        eb: int,
        dep_a: bool,
        dep_b: bool,
        pat: _Pattern,
        levs: tuple[int, ...],
        start: tuple[int, int],
        w: _Walk,
    ) -> None:
        """A6.3: a LOS out of (into) a Depression stays over ground no higher than its floor
        until the other end is as many levels higher as it is hexes away."""
        rng = distance(a.hex, b.hex)
        rule = self.data.rule("depression")
        groups = pat.groups
        for dep, e_dep, e_oth, order in ((dep_a, ea, eb, groups), (dep_b, eb, ea, groups[::-1])):
            if not dep:
                continue
            k2 = e_oth - e_dep
            if k2 >= 2 * rng:
                continue
            floor = _ZERO + e_dep // 2
            forward = order is groups
            for hx, hy, ra, rb, s, e in order:
                if 2 * (rb if forward else ra) <= k2:
                    break
                ls = levs[s:e]
                above = [i for i, v in enumerate(ls) if v > floor]
                if above:
                    i = s + (above[0] if forward else above[-1])
                    if w.block is None or i < w.block[0]:
                        h = Hex(a.hex.x + hx, a.hex.y + hy)
                        dx, dy = pat.xs[i], pat.ys[i]
                        w.block = (
                            i,
                            Blocker(
                                self._hname(_key(*h)),
                                rule,
                                "the LOS leaves the Depression before the other "
                                "end is as many levels higher as it is hexes away",
                                (start[0] + dx, start[1] + dy),
                            ),
                        )
                    break

    def _panjis(self, ka: int, kb: int, ha: Hex, pat: _Pattern, w: _Walk, notes: list[str]) -> None:
        pk = self.panji_keys
        seen = [k for k in (ka, kb) if k in pk]
        seen += [
            k for g in pat.groups if g[4] < g[5] and (k := _key(ha.x + g[0], ha.y + g[1])) in pk
        ]
        if seen:
            w.cite("G9.2")
            names = ", ".join(dict.fromkeys(self._hname(k) for k in seen))
            notes.append(f"Panji counter(s) in {names}: neither obstacle nor Hindrance (G9.2)")


def _seen_into(
    ea: int, eb: int, dep_a: bool, dep_b: bool, rng: int
) -> tuple[bool, int, int] | None:
    """A6.3: one end IN a Depression and the other higher, by fewer levels than the range:
    (whether the Depression end is the first, the other's height above it in half levels,
    the Depression's floor as a level byte); None otherwise."""
    if dep_a == dep_b:
        return None
    e_dep, e_oth = (ea, eb) if dep_a else (eb, ea)
    k2 = e_oth - e_dep
    if k2 <= 0 or k2 >= 2 * rng:
        return None
    return (dep_a, k2, _ZERO + e_dep // 2)
