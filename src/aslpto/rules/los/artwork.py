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

from aslpto.base.hints import Any
from aslpto.board.hexes import Hex, distance
from aslpto.board.terrain import Feature
from aslpto.rules.los.artcodes import _BANK, _CLIFF, _TERRAIN, _WALL, _ZERO
from aslpto.rules.los.artwalls import _ArtworkEdges, _seen_into
from aslpto.rules.los.locations import Location
from aslpto.rules.los.pixels import _along, _Pattern
from aslpto.rules.los.walk import _NONE, _key, _lv, _Prof, _Walk


class ArtworkLosEngine(_ArtworkEdges):
    """LOS on a map whose boards carry their artwork, walked pixel by pixel (A6.1 as
    depicted); a thread over a board without artwork is judged at hex grain. Build it once per
    map and ask it many times. Its parts: :mod:`aslpto.rules.los.artcodes` (the code tables and
    the planes), :mod:`aslpto.rules.los.artwalls` (walls, banks, Depressions)."""

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
