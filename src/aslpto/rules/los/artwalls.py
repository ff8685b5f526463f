"""Walls, hedges, bocage and paddy banks as drawn (B9.2, B9.52, G8), an entrenched end's own
hexside, and Depressions (A6.3), over the artwork (:mod:`aslpto.rules.los.artwork`); Panji
counters on the thread cited (G9.2)."""

from __future__ import annotations

from functools import lru_cache

from aslpto.base.hints import Any
from aslpto.board.hexes import Hex, Hexside, distance
from aslpto.board.terrain import Feature
from aslpto.rules.los.artcodes import _BANK, _OWN_SIDE, _ZERO, _ArtworkPlanes, _Code
from aslpto.rules.los.data import G8_LOS
from aslpto.rules.los.locations import Blocker, Location
from aslpto.rules.los.pixels import _dist4, _Pattern, _vertices_met
from aslpto.rules.los.walk import (
    _SIDE,
    _SPINE,
    _VERTEX,
    HEIGHT_WHY,
    _compact,
    _Ends,
    _key,
    _lv,
    _rkey,
    _Walk,
)


@lru_cache(maxsize=8192)
def _crossed(dx: int, dy: int) -> frozenset[int]:
    """The hexsides the thread to offset ``(dx, dy)`` crosses (not those it runs along or
    meets only at a vertex), as relative side keys."""
    return frozenset(e[1] for e in _compact(dx, dy) if e[0] == _SIDE)


@lru_cache(maxsize=8192)
def _edges(dx: int, dy: int) -> tuple[tuple[tuple[Any, ...], tuple[int, ...]], ...]:
    """The hexsides the thread to offset ``(dx, dy)`` runs along and the vertices it passes
    through (of :func:`aslpto.rules.los.walk._compact`), each with the relative keys of the
    hexsides it concerns."""
    out = []
    for e in _compact(dx, dy):
        if e[0] == _SPINE:
            out.append((e, (e[1],)))
        elif e[0] == _VERTEX:
            out.append((e, tuple(ray[0] for ray in e[1])))
    return tuple(out)


@lru_cache(maxsize=8192)
def _edge_keys(dx: int, dy: int) -> frozenset[int]:
    """The relative keys of every hexside :func:`_edges` gives for the thread to offset
    ``(dx, dy)``."""
    return frozenset(r for _, rels in _edges(dx, dy) for r in rels)


def _side_rkey(h: Hex, n: Hex, a: Hex) -> int:
    """The relative side key (as :func:`aslpto.rules.los.walk._compact` gives it) of the
    hexside between ``h`` and ``n``, from hex ``a``."""
    p, q = (h, n) if h < n else (n, h)
    return (_rkey(p.x - a.x, p.y - a.y) << 32) + _rkey(q.x - a.x, q.y - a.y)


class _ArtworkEdges(_ArtworkPlanes):
    """The judging of walls and banks drawn in a hex, of an entrenched end's own hexside, and
    of the walk out of a Depression."""

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

    def _on_bed(self, h: Hex, floor: int) -> bool:
        """Is hex ``h`` a hex of the Depression whose floor is at level byte ``floor``: its
        centre dot on a stream's bed?"""
        c = self._centre(h)
        if c is None or c[1] != floor:
            return False
        mn = self._meanings[c[0]] if c[0] < len(self._meanings) else None
        return mn is not None and mn.feature == Feature.STREAM

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

    def _bed_ground(
        self,
        ls: tuple[int, ...],
        seen: tuple[bool, int, int],
        pat: _Pattern,
        s: int,
        h: Hex,
        a: Hex,
        b: Hex,
    ) -> tuple[int, ...]:
        """The ground the thread crosses in hex ``h`` of a Depression that the end out of it
        sees INTO (:meth:`_seen_bed`; ``ls``: the levels of its pixels, the first the
        thread's pixel ``s``): the banks, up to the Crest, are no ground as far as ``h``'s
        centre dot, where a unit IN it is; beyond, the LOS goes on only along the
        Depression's depiction (A6.3 and its EX; B10.2: no Crest Line recrossed), so the
        banks there are ground again. A thread that crosses only the hex's banks never enters
        the Depression there (A6.3 EX: FF6 cannot see on INTO EE8): its banks stay ground."""
        dep_is_a, _k2, floor = seen
        if min(ls, default=floor + 1) > floor:
            return ls
        sx, sy = self.centre_pixel(a)
        bx, by = self.centre_pixel(b)
        cx, cy = self.centre_pixel(h)
        vx, vy = bx - sx, by - sy
        tc = (cx - sx) * vx + (cy - sy) * vy
        xs, ys = pat.xs, pat.ys
        out = []
        for i, v in enumerate(ls, s):
            t = xs[i] * vx + ys[i] * vy
            free = t >= tc if dep_is_a else t <= tc
            out.append(floor if free and v <= floor + 1 else v)
        return tuple(out)

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
        if cite and cite not in w.rules:  # (w.cite)
            w.rules.append(cite)
        w.block = (i, Blocker(where, rule, why, (start[0] + dx, start[1] + dy)))

    def _hexside_walls(self, ha: Hex, hb: Hex, ea: int, eb: int, ka: int) -> Blocker | None:
        """Walls, hedges and bocage the thread runs along or meets at a vertex, judged as on
        hex grain from the map's hexsides (a wall pixel drawn up to a vertex of the thread
        says nothing of which side of it the wall lies): B9.1, the hexside inclusive of its
        vertices; B9.2, a hexspine lengthwise along the LOS no obstacle where it touches an
        end's hex unless the vertex at its far end has walls/hedges on all three hexspines.
        (A hexside the thread crosses is judged as drawn: ``_wall``.)"""
        dx, dy = hb.x - ha.x, hb.y - ha.y
        if not _vertices_met(dx, dy):
            return None  # (no vertex on the thread: it runs along no hexside either)
        ssk = (ka << 32) + ka
        walls = self._wall_keys
        near = self._walls_from.get(ka)
        if near is None:
            near = self._walls_from[ka] = frozenset(k - ssk for k in walls)
        if near.isdisjoint(_edge_keys(dx, dy)):
            return None  # (no wall, hedge or bocage on any hexside it concerns)
        ends: _Ends | None = None
        sides = self.sides
        for e, rels in _edges(dx, dy):
            for r in rels:
                if ssk + r in walls:
                    break
            else:
                continue  # (no wall, hedge or bocage on any hexside it concerns)
            if ends is None:
                ends = _Ends(ha, hb, ea, eb, False, False)
            if e[0] == _SPINE:
                sd = sides.get(ssk + e[1])
                if sd is not None and sd.obstacle is not None:
                    blk = self._side_effect(e[1:6], sd, ka, ends, along=True)
                    if blk is not None:
                        return blk
            else:
                blk = self._vertex(e, ka, ssk, ends, False)
                if blk is not None:
                    return blk
        return None

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
        side = kd.side if kd.kind != _BANK else d.hexsides["hedge"]  # (G8: a hedge to them)
        word = kd.word if kd.kind != _BANK else "paddy bank, a hedge to entrenched Infantry"
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
            if spine and (side is None or not side.own_spine):
                continue  # radiating from a vertex of an end's hex
            if _side_rkey(h, n, a.hex) not in _crossed(b.hex.x - a.hex.x, b.hex.y - a.hex.y):
                continue  # a hexside the thread only touches (or runs along): _hexside_walls
            where = (
                self.map.layout.hexside_name(Hexside.of(h, n))
                if n in self.map.cells
                else self._hname(_key(*h))
            )
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
                why = HEIGHT_WHY[t]
                return (
                    s + j,
                    G8_LOS if kd.kind == _BANK else side.rule,
                    f"{word} drawn along {where}, to level {_lv(top2)}: {why}",
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
        src: tuple[Any, Any, int],
        start: tuple[int, int],
        w: _Walk,
    ) -> None:
        """A6.3: a LOS out of (into) a Depression stays over ground no higher than its floor
        until it reaches a hex of the Depression that the other end, as many levels higher as
        it is hexes away, sees INTO (and the LOS goes on along the Depression; A6.3 EX): a
        hex out of the Depression does not do, however near the other end. ``src``: the
        levels as :meth:`ArtworkLosEngine._groups` takes them (only the hexes this reaches are
        read)."""
        rng = distance(a.hex, b.hex)
        rule = self.data.rule("depression")
        groups = pat.groups
        ka = _key(a.hex.x, a.hex.y)
        _, levs, per_group = src
        n = len(groups)
        for dep, e_dep, e_oth, order in (
            (dep_a, ea, eb, range(n)),
            (dep_b, eb, ea, range(n - 1, -1, -1)),
        ):
            if not dep:
                continue
            k2 = e_oth - e_dep
            if k2 >= 2 * rng:
                continue
            floor = _ZERO + e_dep // 2
            forward = order.step == 1
            for gi in order:
                hx, hy, ra, rb, s, e = groups[gi]
                # a hex of the Depression the other end sees INTO: the thread goes on in it
                # once it is on its bed there
                into = 2 * (rb if forward else ra) <= k2 and self._on_bed(
                    Hex(a.hex.x + hx, a.hex.y + hy), floor
                )
                if forward and w.block is not None and s >= w.block[0]:
                    break  # (the walk's block comes first: no later pixel would be kept)
                if s == e:
                    continue
                top, flat = self._summary(ka + pat.keys[gi]) if per_group else (-1, False)
                if top >= 0 and top <= floor:
                    if into:
                        break
                    continue  # (a hex of the map none of whose pixels is above the floor)
                if top >= 0 and flat:
                    j = 0 if forward else e - s - 1  # (every pixel above the floor)
                else:
                    ls = pat.get(gi)(levs) if per_group else levs[s:e]
                    idx = range(len(ls)) if forward else reversed(range(len(ls)))
                    j = next((i for i in idx if ls[i] > floor), -1)
                    if j < 0:
                        if into:
                            break
                        continue
                    if into:
                        idx = range(len(ls)) if forward else reversed(range(len(ls)))
                        bed = next((i for i in idx if ls[i] <= floor), -1)
                        if bed >= 0 and (bed < j if forward else bed > j):
                            break  # (on its bed before any of its banks)
                i = s + j
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

    def _summary(self, k: int) -> tuple[int, bool]:
        """The level byte of the highest pixel of the hex with key ``k`` (-1 off the map),
        and whether all its pixels lie at it (:meth:`_need`)."""
        got = self._tops.get(k)
        if got is None:
            self._need(k)
            got = self._tops[k]
        return got[0], got[1]

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
