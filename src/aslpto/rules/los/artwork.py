"""LOS over a real board's artwork: A6.1 as written, the thread from centre dot to centre dot
blocked where it crosses obstacle terrain as depicted.

A real board carries its artwork (:class:`aslpto.board.artwork.Artwork`): a ground level and a
terrain code for every pixel. :class:`ArtworkLosEngine` walks the pixels the thread crosses
and judges them by the rules the hex-grain engine applies to whole hexes:

- the thread's pixels are those VASL's walk takes (column by column between the centre
  pixels); each pixel belongs to the hex whose centre is nearest, but
  the pixel where the thread leaves (enters) an end's hex is that end's; the pixels of the
  two end hexes are not judged (a unit's own hex and its target's neither block nor hinder);
  :mod:`aslpto.rules.los.pixels` lays the thread over the pixels;
- ground: each hex's highest pixel is tested as the hex engine tests a hex's ground (A6.2,
  B10.2, blind hexes behind a Crest Line B10.23; a cliff drawn in the hex counts as an
  obstacle for blind hexes, B11.21, but for one on the higher end's own hexside); Water
  Obstacles lie a level below the land around them (B21.2: where the artwork draws water at
  the level of its banks it is lowered), a flooded river and every pond a level higher again
  (B21.21);
- terrain: every terrain code goes through the scenario's conditions (PTO Terrain G.1: woods
  are jungle, brush bamboo, orchards palm trees, grain kunai; ice B21.6) as a terrain word, then
  the terrain chart and data/los.toml say how it acts; an obstacle pixel's top is its ground
  level plus the obstacle's height (A6.2, A6.4); Hindrances count once per hex the thread
  crosses, once for the hexes at one range from the firer and for the two hexes of a hexside
  it runs along (the largest; A6.7, B12.2, B14.2, ...; six or more block, B.10); Inherent
  Terrain (B.6: dense jungle, bamboo, palm trees, orchards, crags, In-Season paddies) fills
  the whole hex whose centre dot it covers or surrounds (B.1: drawn nearer the centre dot than
  any hexside's midpoint; or whose terrain a road or path over the centre dot runs through),
  acts on a thread through one of its vertices too, rises from the ground the thread crosses
  in it (B10.1), and is nothing where it spills into another hex;
  a marsh or wooden building pixel is
  what its hex became (swamp, G.1; huts, G.1; river or mudflats, B21.122);
- walls, hedges and bocage a half level above their ground (B9.2): on a hexside the thread
  crosses, as drawn; along a hexspine or at a vertex of the thread, from the map's hexsides
  as on hex grain (B9.1, B9.2); never on a hexside of either end's hex;
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

from collections.abc import Sequence
from operator import itemgetter

from aslpto.base.hints import Any
from aslpto.board.hexes import Hex, distance
from aslpto.board.terrain import Feature
from aslpto.rules.los.artcodes import _BANK, _TERRAIN, _WALL, _ZERO
from aslpto.rules.los.artscreen import _ArtworkScreen
from aslpto.rules.los.artwalls import _seen_into
from aslpto.rules.los.data import G8_LOS
from aslpto.rules.los.locations import Location, LosResult
from aslpto.rules.los.pixels import _PAD, _along, _at_vertices, _Pattern
from aslpto.rules.los.walk import _K, _NONE, _XOFF, _YOFF, _key, _Prof, _Walk

_ON_SIDE = 6
"""A cliff pixel no more than this many pixels nearer its hex's centre than the neighbour's
lies on their common hexside (the serrated band VASL draws along it)."""

_PLAIN = _Prof(0, 0, _NONE, 0, False, 0, "", "", "open-ground", False, False, False)
"""A hex that adds nothing to an answer's rules (no water: :meth:`LosEngine._cite_ends`)."""
_REACHES: tuple[int | None, ...] = (160, 480, None)
"""How far from the viewer's centre pixel (columns and rows) :meth:`check_from` lays the threads
out, round by round: most threads are blocked within a hex or two of the viewer; the last round
(None) lays out in whole whatever is not yet blocked, and the threads walked in full (an end
entrenched or IN a Depression)."""
_MANY = 200
"""As many threads as this from one hex (a viewshed of range 8 or more) and :meth:`check_from`
sums every hex of the map at once (:meth:`_need_many`) rather than each as a thread first
crosses it."""
_OWN = 2
"""A walk's pixels read as the thread was laid out (:meth:`ArtworkLosEngine._groups`'
``src``), not through its groups' getters from the planes."""
_UNSEEN: Any = object()
"""A Location whose end (:meth:`ArtworkLosEngine._end`) is not kept yet."""


class ArtworkLosEngine(_ArtworkScreen):
    """LOS on a map whose boards carry their artwork, walked pixel by pixel (A6.1 as
    depicted); a thread over a board without artwork is judged at hex grain. Build it once per
    map and ask it many times. Its parts: :mod:`aslpto.rules.los.artcodes` (the code tables and
    the planes), :mod:`aslpto.rules.los.artwalls` (walls, banks, Depressions),
    :mod:`aslpto.rules.los.artscreen` (a viewshed's threads screened at once near the viewer)."""

    # ends -------------------------------------------------------------------------------

    def _end(self, loc: Location) -> tuple[int, bool] | None:
        """The Location's level (half levels) from the artwork at its centre dot, and whether
        it is IN a Depression (A6.3); None off the artwork."""
        key = (_key(loc.hex.x, loc.hex.y), loc.level, loc.position)
        if key in self._end_cache:
            return self._end_cache[key]
        c = self._centre(loc.hex)
        out: tuple[int, bool] | None = None
        if c is not None:
            code, lev = c
            mn = self._meanings[code] if code < len(self._meanings) else None
            dep = mn is not None and mn.feature == Feature.STREAM
            e = 2 * (lev - _ZERO) + 2 * loc.level
            if dep and loc.level == 0 and loc.position == "crest":
                out = (e + 2, False)
            else:
                out = (e, dep and loc.level == 0)
        self._end_cache[key] = out
        return out

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
        if end_a is None or end_b is None:
            super()._judge(a, b, pa, pb, ka, kb, w, notes)
            return
        plane = self._plane
        if plane is not None:
            pat, base = self._thread(a.hex, b.hex)
            src: tuple[Any, Any, int] = (plane.mask_view[base:], plane.levels_view[base:], True)
            start = self.centre_pixel(a.hex)
            self._walk_pixels(a, b, pa, pb, ka, kb, end_a, end_b, pat, src, start, w, notes)
            return
        got = self.pixels(a.hex, b.hex)
        if got is None:
            super()._judge(a, b, pa, pb, ka, kb, w, notes)
            return
        pat, vals, levs = got
        lo = min(end_a[0], end_b[0])
        ha = a.hex
        hexwise = self._hexwise
        quick = not ((levs and max(levs) > _ZERO + lo // 2) or any(vals)) and not (
            hexwise and any(_key(ha.x + g[0], ha.y + g[1]) in hexwise for g in pat.groups)
        )
        src = (vals, levs, False)
        start = self.centre_pixel(ha)
        todo = [] if quick else list(range(len(pat.groups)))
        self._walk_pixels(a, b, pa, pb, ka, kb, end_a, end_b, pat, src, start, w, notes, todo)

    def check_from(self, a: Location, targets: Sequence[Location]) -> list[LosResult]:
        """:meth:`check` from ``a`` to each of ``targets``, in order, the viewer read once: the
        threads not yet laid out laid out together, at first only their pixels near ``a``
        (:meth:`_patterns_many`, ``_REACHES``): a thread blocked there needs no more of
        itself, the others are laid out further; the hexes a thread crosses that matter to it
        found from the map's summaries before a pixel is read (:meth:`_need`), and its walk
        stopped at the first block. The same answers as :meth:`check`."""
        plane, geo = self._plane, self.geometry
        ha = a.hex
        ka = _key(ha.x, ha.y)
        pa = self.prof.get(ka)
        end_a = self._end(a) if geo is not None and pa is not None else None
        if plane is None or geo is None or end_a is None or pa is None or self.overrides:
            return super().check_from(a, targets)
        if len(targets) >= _MANY and len(self._needs) < len(self.map.cells):
            self._need_many(_key(h.x, h.y) for h in self.map.cells)  # (every hex summed at once)
        fx, fy = ha.x % 4, ha.y % 4
        x4, y4 = geo.centre4(ha.x, ha.y)
        start = (x4 // 4, y4 // 4)
        base = (start[0] + _PAD) * plane.stride + start[1]
        mv, lv = plane.mask_view, plane.levels_view
        prof, end, check = self.prof, self._end, self.check
        ends, pats, parts, patterns = self._end_cache, self._patterns, self._parts, self._pattern
        hnames = self._names
        walk, groups = self._walk_pixels, self._groups
        begin, result = self._begin, self._result
        ea, dep_a = end_a
        slow_a = a.entrenched or dep_a
        panjis = self._panjis if self.panji_keys else None
        # what the viewer alone adds to every answer's rules and notes (_cite_ends)
        w0, notes0 = begin(a, Location(ha), pa, _PLAIN)
        rules0 = w0.rules[1:]
        thread_rule, name_a = self.data.rules["thread"], self._loc_name(a, ka)
        srcs: dict[int, tuple[Any, Any, int]] = {}  # the planes from each thread base
        # the walks of parts nothing blocked, to go on from in the next round: the walk, its
        # notes, the hexes whose Hindrances it counted, how many groups it walked
        kept: dict[int, tuple[_Walk, list[str], dict[tuple[int, int], int], int]] = {}

        def answer(
            i: int,
            b: Location,
            kb: int,
            pb: _Prof,
            end_b: tuple[int, bool],
            pat: _Pattern,
            fast: bool,
            own: tuple[bytes, bytes] | None = None,
        ) -> LosResult | None:
            """The LOS to ``b`` (the ``i``-th target) along ``pat``; None where ``pat`` is a part
            of the thread and nothing in it blocks. A thread whose part was walked before goes
            on from the groups after it (the groups of a part are the first of any longer part
            of the thread, but where it runs along a hexside or touches a hex at a vertex).
            ``own``: the codes and levels of the thread's pixels, read as it was laid out."""
            plain = b.position in ("ground", "in")
            sides: dict[tuple[int, int], int] = {}
            state = kept.pop(i, None) if kept else None
            if state is not None:
                w, notes, sides, first = state
            elif plain and not pb.water and not b.entrenched:
                # (the target adds nothing to the rules and notes, _cite_ends)
                w, notes, first = _Walk(thread_rule), list(notes0), 0
                w.rules += rules0
            else:
                (w, notes), first = begin(a, b, pa, pb), 0
            water = pa.water or pb.water
            src = (own[0], own[1], _OWN) if fast and own is not None else srcs.get(pat.low)
            if src is None:
                src = srcs[pat.low] = (mv[base + pat.low :], lv[base + pat.low :], True)
            if fast:  # (what _walk_pixels does for two ends neither entrenched nor IN a Depression)
                groups(a, b, ea, end_b[0], pat, src, None, start, w, water, None, first, sides)
                if panjis is not None and w.block is None and not pat.partial:
                    panjis(ka, kb, ha, pat, w, notes)
            else:
                walk(a, b, pa, pb, ka, kb, end_a, end_b, pat, src, start, w, notes)
            blocked = w.block
            if blocked is None and pat.partial:
                dx, dy = b.hex.x - ha.x, b.hex.y - ha.y
                if fast and not (_along(dx, dy) or _at_vertices(dx, dy)):
                    kept[i] = (w, notes, sides, len(pat.groups))
                return None
            if blocked is not None and not w.paddy and blocked[1].rule != G8_LOS:
                block = blocked[1]  # (what _result makes of a block)
                if block.rule and block.rule not in w.rules:
                    w.rules.append(block.rule)
                name_b = hnames.get(kb) if plain and not b.level else None
                if name_b is None:
                    name_b = self._loc_name(b, kb)
                return LosResult(
                    False, pat.range, 0, block, name_a, name_b, (), tuple(w.rules), tuple(notes)
                )
            return result(a, b, ka, kb, pat.range, w, notes)

        out: list[LosResult | None] = []
        waiting: list[tuple[int, Location, int, _Prof, tuple[int, bool], int, int, int]] = []
        for b in targets:
            hb = b.hex
            kb = (hb.x + _XOFF) * _K + hb.y + _YOFF  # (_key)
            pb = prof.get(kb)
            if pb is None or kb == ka:
                out.append(check(a, b))
                continue
            end_b = ends.get((kb, b.level, b.position), _UNSEEN)
            if end_b is _UNSEEN:
                end_b = end(b)
            if end_b is None:
                out.append(check(a, b))
                continue
            dx, dy = hb.x - ha.x, hb.y - ha.y
            key = (fx, fy, dx, dy)
            fast = not (slow_a or b.entrenched or end_b[1])
            pat = pats.get(key)
            reached = 0
            if pat is None:
                pat = parts.get(key) if fast else None
                if pat is None:  # (laid out below; a thread the walk ends in full, whole)
                    waiting.append((len(out), b, kb, pb, end_b, dx, dy, 0 if fast else -1))
                    out.append(None)
                    continue
                reached = pat.reach
            got = answer(len(out), b, kb, pb, end_b, pat, fast)
            if got is None:
                waiting.append((len(out), b, kb, pb, end_b, dx, dy, reached))
            out.append(got)
        if waiting and not (slow_a or pa.water):
            said = (thread_rule, *rules0), tuple(notes0), name_a
            waiting = self._screen(a, ka, ea, start, base, waiting, out, said)
        for reach in (*_REACHES, None) if _REACHES[-1:] != (None,) else _REACHES:
            if not waiting:
                break
            now = [w for w in waiting if reach is None or 0 <= w[7] < reach]
            waiting = [w for w in waiting if not (reach is None or 0 <= w[7] < reach)]
            read: list[tuple[bytes, bytes]] = []
            laid = self._patterns_many(fx, fy, [(w[5], w[6]) for w in now], reach, base, read)
            owns: list[tuple[bytes, bytes] | None] = [*read] if read else [None] * len(laid)
            for (i, b, kb, pb, end_b, dx, dy, was), pat, own in zip(now, laid, owns, strict=True):
                if pat is None:  # (laid out alone)
                    pat, own = patterns(fx, fy, dx, dy), None
                got = answer(i, b, kb, pb, end_b, pat, was >= 0, own)
                if got is None:
                    waiting.append((i, b, kb, pb, end_b, dx, dy, reach or 0))
                out[i] = got
        assert all(r is not None for r in out)
        return out  # type: ignore[return-value]

    def _todo(self, pat: _Pattern, ka: int, lo: int) -> list[int]:
        """The groups of ``pat`` (from the hex with key ``ka``) whose hexes the walk must
        read when the lower end is at ``lo`` half levels (:meth:`_need`)."""
        needs, need = self._needs, self._need
        thr = _ZERO + lo // 2
        out = []
        for i, rk in enumerate(pat.keys):
            n = needs.get(ka + rk)
            if n is None:
                n = need(ka + rk)
            if n > thr:
                out.append(i)
        return out

    def _walk_pixels(
        self,
        a: Location,
        b: Location,
        pa: _Prof,
        pb: _Prof,
        ka: int,
        kb: int,
        end_a: tuple[int, bool],
        end_b: tuple[int, bool],
        pat: _Pattern,
        src: tuple[Any, Any, int],
        start: tuple[int, int],
        w: _Walk,
        notes: list[str],
        todo: list[int] | None = None,
    ) -> None:
        """The thread over the artwork from the pixel ``start`` (``a``'s centre dot): an
        entrenched end's own hexside, the hexes ``todo`` names (None: those :meth:`_todo`
        gives), the Depressions, the Panji counters."""
        (ea, dep_a), (eb, dep_b) = end_a, end_b
        ha = a.hex
        if (a.entrenched or b.entrenched) and self._own_hexside(a, b, ea, eb, pat, start, w):
            return
        if todo is None or todo or dep_a or dep_b:
            seen = (
                _seen_into(ea, eb, dep_a, dep_b, distance(a.hex, b.hex)) if dep_a != dep_b else None
            )
            self._groups(a, b, ea, eb, pat, src, todo, start, w, pa.water or pb.water, seen)
            if dep_a or dep_b:
                self._depression(a, b, ea, eb, dep_a, dep_b, pat, src, start, w)
        elif self._walled:  # (no hex to read: the walls it runs along or meets, _groups')
            blk = self._hexside_walls(ha, b.hex, ea, eb, ka)
            if blk is not None:
                w.block = (len(pat.xs), blk)
        if w.block is None and self.panji_keys:
            self._panjis(ka, kb, ha, pat, w, notes)

    def _groups(
        self,
        a: Location,
        b: Location,
        ea: int,
        eb: int,
        pat: _Pattern,
        src: tuple[Any, Any, int],
        todo: list[int] | None,
        start: tuple[int, int],
        w: _Walk,
        water_end: bool,
        seen: tuple[bool, int, int] | None,
        first: int = 0,
        sides: dict[tuple[int, int], int] | None = None,
    ) -> None:
        """The hexes the thread crosses, in order, until the first block: their ground, their
        terrain, their walls; those ``todo`` names (by their place in ``pat.groups``), or
        (None) those whose summary says they may matter (:meth:`_need`), from group ``first``
        on. ``src``: the planes of codes and levels read from the thread's base, through each
        group's getter (True), the codes and levels of the thread's pixels, the hexes' summaries
        used as with the planes (``_OWN``), or the whole thread's codes and levels (False).
        ``seen``: an end IN a Depression, as :func:`_seen_into` gives it. ``sides``: the hexes whose
        Hindrances the walk has counted (:meth:`_hinder_once`), kept by a walk that goes on."""
        hi, lo = (ea, eb) if ea >= eb else (eb, ea)
        a_high = ea >= eb
        ha, hb = a.hex, b.hex
        ka = (ha.x + _XOFF) * _K + ha.y + _YOFF  # (_key)
        kinds, grain = self.kinds, self._grain
        view = ha if a_high else hb  # (the higher end, to whom blind hexes are cast)
        d = self.data
        ent = self._entrenched(a, b, ea, eb) if a.entrenched or b.entrenched else (False, False)
        dx, dy = hb.x - ha.x, hb.y - ha.y
        if sides is None:
            sides = {}
        vals, levs, per_group = src
        groups, keys, prof, wholes = pat.groups, pat.keys, self.prof, self._wholes
        water_floors, needs, need, tops = self._water_floors, self._needs, self._need, self._tops
        exact = pat._exact
        thr = _ZERO + lo // 2
        for gi in range(first, len(groups)) if todo is None else todo:
            k = ka + keys[gi]
            if todo is None:
                n = needs.get(k)
                if n is None:
                    n = need(k)
                if n <= thr:
                    continue  # nothing drawn in the hex matters, none of it high enough
            if k not in prof:
                continue  # pixels beyond the map's edge hexes
            hx, hy, ra, rb, s, e = groups[gi]
            r_hi, r_lo = (ra, rb) if a_high else (rb, ra)
            if k in grain:  # under an overlay: hex grain
                where = self._hname(k)
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
                    self._hinder_once(w, eff, where, p, (hx, hy), ra, _along(dx, dy), sides)
                continue
            floor = water_floors.get(k)
            cs: tuple[int, ...] | None = None
            if per_group:
                get = itemgetter(slice(s, e)) if per_group == _OWN else pat.get(gi)
                summary = tops.get(k)
                if summary is None:
                    need(k)
                    summary = tops[k]
                tk, flat, cliffy, drawn = summary
                # (no pixel of the hex above the lower end: its ground cannot block, its
                # levels are read only if its terrain needs them)
                ls = None
                if tk <= thr:
                    pass
                elif flat and s < e and floor is None and seen is None:
                    # every pixel at one level: the ground's top at the group's first pixel
                    g2 = 2 * (tk - _ZERO)
                    cliff = False
                    if cliffy:
                        cs = get(vals)
                        cliff = self._cliff(cs, s, pat, start, ha.x + hx, ha.y + hy, view)
                    t = self._height_test(g2, hi, lo, r_hi, r_lo, crest=not cliff)
                    if t:
                        rule, why = self._ground_block(t, g2, cliff, water_end)
                        self._block(w, pat, start, self._hname(k), s, rule, why)
                        return
                elif self._height_test(2 * (tk - _ZERO), hi, lo, r_hi, r_lo, crest=not cliffy):
                    ls = get(levs)
                # (else not even the hex's highest pixel would block: none of its ground can)
            else:
                ls = levs[s:e]
                tk, flat, cliffy, drawn = 0, False, True, True
            drawn_top = 0 if ls is None else max(ls, default=0)
            if ls is not None:
                ground = ls
                top = drawn_top
                if floor is not None and top > floor:
                    # B21.2: a Water Obstacle hex lies a level beneath the land, its banks within
                    # it too: the Crest Line is where the hex meets the ground, at its hexsides
                    ground = tuple(min(v, floor) for v in ls)
                    top = floor
                if (
                    seen is not None
                    and top > seen[2]
                    and self._seen_bed(Hex(ha.x + hx, ha.y + hy), seen, ra, rb)
                ):
                    # A6.3: the other end sees INTO this hex of the Depression (as many levels
                    # higher as it is hexes away)
                    h = Hex(ha.x + hx, ha.y + hy)
                    ground = self._bed_ground(ls, seen, pat, s, h, ha, hb)
                    top = max(ground)
                g2 = 2 * (top - _ZERO)
                if g2 > lo:
                    cliff = False  # (no cliff drawn in the hex: its codes are not read here)
                    if cliffy:
                        cs = get(vals) if per_group else vals[s:e]
                        cliff = self._cliff(cs, s, pat, start, ha.x + hx, ha.y + hy, view)
                    t = self._height_test(g2, hi, lo, r_hi, r_lo, crest=not cliff)
                    if t:
                        i = s + ground.index(top)
                        rule, why = self._ground_block(t, g2, cliff, water_end)
                        self._block(w, pat, start, self._hname(k), i, rule, why)
                        return
            first_block: tuple[int, str, str, str] | None = None
            hinder: tuple[Any, _Prof] | None = None
            whole = wholes.get(k)
            met = (exact[gi] or pat.met(gi, dx, dy)) if whole is not None else 0
            if met == 1:
                whole = None  # touched at a vertex, or a pixel's width beside the thread
            if whole is not None:
                kd, lev = whole
                if s < e and not flat:
                    # B10.1: Inherent Terrain rises from the hill depiction the thread crosses
                    # in its hex, not from the level of its centre dot
                    if ls is None:
                        ls = get(levs)
                        drawn_top = max(ls, default=0)
                    lev = max(ls)
                p = self._prof_of(kd, lev)
                eff = self._hex_effect(p, hi, lo, r_hi, r_lo, water_end)
                if eff is not None:
                    w.cite(d.rule("inherent"))
                    how = (
                        "the whole hex"
                        if met == 3
                        else "along its hexside"
                        if (hx, hy) in _along(dx, dy)
                        else "through a vertex of its hex"
                    )
                    if len(eff) == 4:
                        # (at the group's first pixel: nothing drawn in the hex lies before it)
                        why = f"{eff[2]} (Inherent Terrain: {how})"
                        self._block(w, pat, start, self._hname(k), s, eff[1], why, eff[3])
                        return
                    hinder = (eff, p)
            if cs is None:  # (not drawn: every code 0, nothing that matters to a LOS)
                cs = (get(vals) if per_group else vals[s:e]) if drawn else ()
            present = set(cs)
            present.discard(0)
            for code in present:
                kd = self._resolved(kinds[code], k)
                if kd.kind == _TERRAIN:
                    if kd.inherent:
                        continue  # Inherent Terrain spilling out of its hex (or the whole hex)
                    i0 = cs.index(code)
                    if flat:
                        lev = tk  # (every pixel of the hex at one level)
                    else:
                        if ls is None:
                            ls = get(levs)
                            drawn_top = max(ls, default=0)
                        if (len(present) == 1 and 0 not in cs) or min(ls) == drawn_top:
                            lev = drawn_top  # (every pixel of this code's, or all at one level)
                        else:
                            lev = max(lv for c, lv in zip(cs, ls, strict=True) if c == code)
                    p = self._prof_of(kd, lev, floor)
                    eff = self._hex_effect(p, hi, lo, r_hi, r_lo, water_end)
                    if eff is None:
                        continue
                    if len(eff) == 4:
                        if first_block is None or s + i0 < first_block[0]:
                            first_block = (s + i0, eff[1], eff[2], eff[3])
                    elif hinder is None or eff[1] > hinder[0][1]:
                        hinder = (eff, p)
                elif kd.kind in (_WALL, _BANK):
                    h = Hex(ha.x + hx, ha.y + hy)
                    if ls is None:
                        ls = get(levs)
                        drawn_top = max(ls, default=0)
                    got = self._wall(kd, h, cs, ls, s, code, pat, start, a, b, ea, eb, ent)
                    if got is not None and (first_block is None or got[0] < first_block[0]):
                        first_block = got
            if first_block is not None:
                self._block(w, pat, start, self._hname(k), *first_block)
                return
            if hinder is not None:
                where = self._hname(k)
                along = _along(dx, dy)
                self._hinder_once(w, hinder[0], where, hinder[1], (hx, hy), ra, along, sides)
        if self._walled and not pat.partial:  # (a part: the walk goes on over the whole)
            blk = self._hexside_walls(ha, hb, ea, eb, ka)
            if blk is not None:
                w.block = (len(pat.xs), blk)

    def _cliff(
        self,
        cs: Sequence[int],
        s: int,
        pat: _Pattern,
        start: tuple[int, int],
        x: int,
        y: int,
        view: Hex,
    ) -> bool:
        """Is a cliff drawn on the thread in hex ``(x, y)`` (codes ``cs``, the first the
        thread's pixel ``s``), other than on the hexside it shares with the higher end's hex?
        B11.21: a cliff casts at least one Blind Hex only to a viewer not adjacent to it."""
        cliffs = self._cliffs
        if cliffs.isdisjoint(cs):
            return False
        h = Hex(x, y)
        if not h.is_adjacent(view):
            return True
        vx, vy = self.centre_pixel(view)
        hx, hy = self.centre_pixel(h)
        for i, c in enumerate(cs):
            if c in cliffs:
                px, py = start[0] + pat.xs[s + i], start[1] + pat.ys[s + i]
                dv = ((px - vx) ** 2 + (py - vy) ** 2) ** 0.5
                dh = ((px - hx) ** 2 + (py - hy) ** 2) ** 0.5
                if dv - dh > _ON_SIDE:
                    return True
        return False

    def _hinder_once(
        self,
        w: _Walk,
        eff: tuple[Any, ...],
        where: str,
        p: _Prof,
        off: tuple[int, int],
        r: int,
        along: dict[tuple[int, int], tuple[tuple[int, int], ...]],
        sides: dict[tuple[int, int], int],
    ) -> None:
        """A Hindrance in the hex at offset ``off``, ``r`` hexes from the firer: the hexes the
        thread crosses at one range from the firer, or the two beside a hexside it runs along,
        hinder once between them (the larger; A6.7, B.6). ``sides``: the hexes already
        counted, with their Hindrance's place in ``w.hits``."""
        partner = next((o for o in along.get(off, ()) if o in sides), None)
        i = sides[partner] if partner is not None else w.at.get(r)
        got = self._hinder_in(w, eff, where, p, i)
        if got is not None:
            sides[off] = got
            w.at.setdefault(r, got)
