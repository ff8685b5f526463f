"""Depressions at hex grain (:mod:`aslpto.rules.los.engine`): a LOS out of (into) a stream
Depression stays in it until the other end is as many levels higher as it is hexes away (A6.3);
the hexside joining two boards' stream end-hexes is a stream hexside only between those two
hexes (G.1)."""

from __future__ import annotations

from aslpto.base.hints import Any
from aslpto.board.hexes import Hex, Hexside, distance
from aslpto.board.terrain import Feature
from aslpto.rules.los.locations import Blocker, Location
from aslpto.rules.los.walk import _HEX, _SPINE, _VERTEX, _Judging, _key, _unkey, _Walk


class _DepressionJudging(_Judging):
    """The engine's stream Depressions: which stream hexes join, and the walk out of one."""

    def _stream_pairs(self) -> frozenset[int]:
        """Hexsides between two stream hexes, across which the Depression runs on (hex
        grain: any two adjacent stream hexes of one board). End-hexes of two different boards
        join only where G.1 made their hexside a stream hexside; a seam hex whose stream is on
        one board's half only joins only that board's stream hexes."""
        out: set[int] = set()
        halves = self.map.stream_halves
        for h, info in self.map.cells.items():
            if Feature.STREAM not in info.features:
                continue
            for n in (Hex(h.x + 1, h.y - 1), Hex(h.x + 1, h.y + 1), Hex(h.x, h.y + 2)):
                ni = self.map.cells.get(n)
                if ni is None or Feature.STREAM not in ni.features:
                    continue
                if info.stream_end and ni.stream_end and not self._boards(h) & self._boards(n):
                    continue
                if (h in halves or n in halves) and not (
                    halves.get(h, self._boards(h)) & halves.get(n, self._boards(n))
                ):
                    continue  # (a seam hex's stream on the other board's half only)
                out.add((_key(*h) << 32) + _key(*n))
        return frozenset(out)

    def _boards(self, h: Hex) -> set[str]:
        """The boards a hex is printed on (two for a seam hex), or the overlay covering it."""
        overlay = self.map.cells[h].overlay
        if overlay is not None:
            return {overlay}
        return {n.board for n in self.map.layout.names(h)}

    def _in_depression(self, loc: Location) -> bool:
        p = self.prof[_key(loc.hex.x, loc.hex.y)]
        return p.depression and loc.level == 0 and loc.position != "crest"

    def _continuous(self, k1: int, k2: int, ka: int, kb: int) -> bool:
        """Does the stream Depression run on across the hexside between hexes k1 and k2?
        G.1: a stream hexside joining two boards' end-hexes counts only for a LOS from one
        of those two hexes to the other."""
        lo_k, hi_k = (k1, k2) if k1 < k2 else (k2, k1)
        sk = (lo_k << 32) + hi_k
        sd = self.sides.get(sk)
        if sd is not None and sd.g1_exception:
            return {k1, k2} == {ka, kb}
        return sk in self.stream_pairs or (sd is not None and sd.stream)

    def _depressions(
        self,
        events: tuple[tuple[Any, ...], ...],
        ka: int,
        kb: int,
        ea: int,
        eb: int,
        a: Location,
        b: Location,
        w: _Walk,
    ) -> None:
        """A6.3: a LOS out of (into) a Depression must stay in it until the other end is as
        many levels higher as it is hexes away."""
        rng = distance(a.hex, b.hex)
        n = len(events)
        for dep, e_dep, e_oth, k_dep, k_oth, order in (
            (a, ea, eb, ka, kb, range(n)),
            (b, eb, ea, kb, ka, range(n - 1, -1, -1)),
        ):
            if not self._in_depression(dep):
                continue
            k2 = e_oth - e_dep
            if k2 >= 2 * rng:
                continue
            blk = self._depression_walk(events, order, ka, kb, k_dep, k_oth, e_dep, k2, k_dep == ka)
            if blk is not None and (w.block is None or blk[0] <= w.block[0]):
                w.block = blk

    def _depression_walk(
        self,
        events: tuple[tuple[Any, ...], ...],
        order: range,
        ka: int,
        kb: int,
        k_dep: int,
        k_oth: int,
        floor: int,
        k2: int,
        forward: bool,
    ) -> tuple[int, Blocker] | None:
        """Walk from the Depression end: every hex must be IN the same Depression, joined
        across stream hexsides, until one as near the other end as the level difference;
        leaving onto ground no higher than the Depression's floor also ends it."""
        m = self.map
        rule = self.data.rule("depression")
        # the Depression hexes the walk comes from: one, or the two beside a hexside it ran
        # along (A6.1: it goes on from either one the Depression joins)
        froms: tuple[int, ...] = (k_dep,)
        oth_hex = _unkey(k_oth)

        def in_dep(k: int) -> bool:
            p = self.prof.get(k)
            return p is not None and p.depression and p.floor2 == floor

        def joined(k: int) -> bool:
            return any(self._continuous(x, k, ka, kb) for x in froms)

        last = order[-1] if len(order) else 0
        for i in order:
            e = events[i]
            kind = e[0]
            if kind == _HEX:
                k = ka + e[1]
                p = self.prof.get(k)
                if p is None:
                    continue
                h = _unkey(k)
                if in_dep(k):
                    if k not in froms and not joined(k):
                        return (i, self._dep_block(froms[0], k, rule))
                    froms = (k,)
                    if 2 * distance(h, oth_hex) <= k2:
                        return None
                    continue
                if p.floor2 <= floor:
                    return None
                return (
                    i,
                    Blocker(
                        m.name(h),
                        rule,
                        "the LOS leaves the Depression before "
                        "the other end is as many levels higher as it is hexes away",
                    ),
                )
            if kind == _SPINE:
                kp, kq = ka + e[6], ka + e[7]
                inside = [k for k in (kp, kq) if in_dep(k)]
                if not inside:
                    floors = [self.prof[k].floor2 for k in (kp, kq) if k in self.prof]
                    if floors and min(floors) <= floor:
                        return None
                    where = self._side_name(kp, kq)
                    return (
                        i,
                        Blocker(where, rule, "the LOS leaves the Depression along this hexside"),
                    )
                reached = tuple(k for k in inside if k in froms or joined(k))
                if not reached:
                    return (i, self._dep_block(froms[0], inside[0], rule))
                froms = reached
                if 2 * distance(_unkey(inside[0]), oth_hex) <= k2:
                    return None
                continue
            if kind == _VERTEX and e[2] is not None and e[3] is not None:
                nxt = ka + (e[3] if forward else e[2])
                if in_dep(nxt) and nxt not in froms and not joined(nxt):
                    return (i, self._dep_block(froms[0], nxt, rule))
        if in_dep(k_oth) and k_oth not in froms and not joined(k_oth):
            return (last, self._dep_block(froms[0], k_oth, rule))
        return None

    def _dep_block(self, k1: int, k2: int, rule: str) -> Blocker:
        s = Hexside.of(_unkey(k1), _unkey(k2))
        sd = self.sides.get((_key(*s.a) << 32) + _key(*s.b))
        rules = rule
        why = "the Depression does not run on across this hexside"
        if sd is not None and sd.g1_exception:
            rules = "G.1"
            why = (
                "a hexside joining two boards' stream end-hexes is a stream hexside for "
                "LOS only between those two hexes"
            )
        return Blocker(self.map.layout.hexside_name(s), rules, why)
