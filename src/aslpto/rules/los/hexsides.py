"""Hexside and vertex judging at hex grain (:mod:`aslpto.rules.los.engine`): walls, hedges and
bocage (B9.2, B9.52), cliffs (B11.2), paddy banks as hedges to entrenched Infantry (G8), and a
thread through a vertex, where a wall or hedge hexside ending there affects it (B9.1: the
hexside inclusive of its vertices) unless one runs on lengthwise along the thread (B9.2)."""

from __future__ import annotations

from aslpto.base.hints import Any
from aslpto.board.hexes import Hex, Hexside, Vertex, distance
from aslpto.board.terrain import HexsideFeature
from aslpto.rules.los.data import G8_LOS
from aslpto.rules.los.locations import Blocker, Location
from aslpto.rules.los.walk import HEIGHT_WHY, _Ends, _Judging, _key, _lv, _Side, _unkey


class _HexsideJudging(_Judging):
    """The engine's hexsides: which matter to the LOS, and what one the thread crosses (or
    runs along, or meets at a vertex) does."""

    def _side(self, s: Hexside, fs: frozenset[HexsideFeature]) -> _Side | None:
        obstacle, word = None, ""
        for w in ("bocage", "wall", "hedge"):
            if HexsideFeature(w) in fs:
                obstacle, word = self.data.hexsides[w], w
                break
        bank = HexsideFeature.BANK in fs and HexsideFeature.BREACHED not in fs
        cliff = HexsideFeature.CLIFF in fs
        stream = HexsideFeature.STREAM in fs
        g1 = s in self.map.stream_los_exception
        if obstacle is None and not (bank or cliff or stream or g1):
            return None
        return _Side(obstacle, word, bank, cliff, stream, g1)

    def _entrenched(self, a: Location, b: Location, ea: int, eb: int) -> tuple[bool, bool]:
        """Whether each end is entrenched Infantry whose LOS a wall/hedge (or, G8, a paddy
        bank) hexside blocks: range > 1 and the other end not higher."""
        rng = distance(a.hex, b.hex)
        ent_a = a.entrenched and a.infantry and rng > 1 and eb <= ea
        ent_b = b.entrenched and b.infantry and rng > 1 and ea <= eb
        return (ent_a, ent_b)

    def _side_effect(
        self, info: tuple[Any, ...], sd: _Side, ka: int, ends: _Ends, along: bool
    ) -> Blocker | None:
        """A hexside the thread crosses (or runs along, ``along``): walls, hedges, bocage,
        paddy banks for entrenched Infantry (G8), cliffs."""
        _, ra, rb, own, spine_end = info
        d, prof = self.data, self.prof
        k1, k2 = ka + ra, ka + rb
        h1, h2 = _unkey(k1), _unkey(k2)
        p1, p2 = prof.get(k1), prof.get(k2)
        base2 = max(p.base2 for p in (p1, p2) if p is not None)
        entrenched = ends.ent_a or ends.ent_b
        # B9.21: a wall/hedge hexside forming a part of the entrenched unit's own hex (G8: a
        # paddy bank is a hedge to entrenched Infantry)
        if ((ends.ent_a and ends.a in (h1, h2)) or (ends.ent_b and ends.b in (h1, h2))) and (
            sd.obstacle is not None or sd.bank
        ):
            why = (
                "entrenched Infantry cannot see over it to a non-adjacent Location not "
                f"higher than it ({d.rule('entrenched_hexside')})"
            )
            where = self._side_name(k1, k2)
            if sd.obstacle is not None:
                return Blocker(where, d.rule("entrenched_hexside"), f"{sd.obstacle_word}: {why}")
            return Blocker(where, G8_LOS, f"paddy bank, a hedge to entrenched Infantry: {why}")
        hi, lo = max(ends.ea, ends.eb), min(ends.ea, ends.eb)
        high, low = (ends.a, ends.b) if ends.ea >= ends.eb else (ends.b, ends.a)
        ob = sd.obstacle
        word = sd.obstacle_word
        rule = ob.rule if ob is not None else ""
        if ob is None and sd.bank and entrenched:
            ob, word, rule = (
                d.hexsides["hedge"],
                "paddy bank, a hedge to entrenched Infantry",
                G8_LOS,
            )
        if (
            ob is not None
            and not own
            and (ob.own_spine or not spine_end or self._closed_vertex(h1, h2, ends))
        ):
            top2 = base2 + ob.height2
            if ob.blind_hexes:
                near = h1 if distance(high, h1) <= distance(high, h2) else h2
                t = self._height_test(
                    top2, hi, lo, distance(high, near), distance(near, low), crest=False
                )
            else:
                t = "higher" if top2 > hi else ""
            if t:
                why = HEIGHT_WHY[t]
                return Blocker(
                    self._side_name(k1, k2), rule, f"{word} hexside to level {_lv(top2)}: {why}"
                )
        if sd.cliff and not along and p1 is not None and p2 is not None:
            hk, hp = (h1, p1) if p1.base2 >= p2.base2 else (h2, p2)
            if hk not in (ends.a, ends.b):
                t = self._height_test(
                    hp.base2, hi, lo, distance(high, hk), distance(hk, low), crest=False
                )
                if t:
                    return Blocker(
                        self._side_name(k1, k2),
                        d.rule("cliff"),
                        f"cliff hexside at level {_lv(hp.base2)}: {t}",
                    )
        return None

    def _closed_vertex(self, h1: Hex, h2: Hex, ends: _Ends) -> bool:
        """B9.2: a wall/hedge hexspine lying along the LOS and touching one end's hex is an
        obstacle only if the vertex at its other end (not the end's) has walls/hedges on all
        three of its hexspines; touching both ends' hexes, never."""
        touching = [e for e in (ends.a, ends.b) if e.is_adjacent(h1) and e.is_adjacent(h2)]
        if len(touching) != 1:
            return False
        far = [c for c in set(h1.around()) & set(h2.around()) if c != touching[0]]
        if len(far) != 1:
            return False
        sides = self.sides
        for x in (h1, h2):
            k1, k2 = _key(*x), _key(*far[0])
            sd = sides.get((k1 << 32) + k2 if k1 < k2 else (k2 << 32) + k1)
            if sd is None or sd.obstacle_word not in ("wall", "hedge"):
                return False
        return True

    def _vertex(
        self, e: tuple[Any, ...], ka: int, ssk: int, ends: _Ends, entrenched: bool
    ) -> Blocker | None:
        """A thread through a vertex: the hexside itself, inclusive of its vertices, is the
        wall/hedge (B9.1), so one radiating from the vertex affects the thread there, unless
        it goes on lengthwise along the thread from that vertex, where B9.2's hexspine rule
        decides (its EX: the LOS 6Z9 -> X6 along the Z8-Y9 hedge hexspine is not blocked by
        the Y8-Z8 wall meeting it at the vertex; without the Z8-Y9 hedge, or with one at
        Y8-Y9, it is blocked there). Walls on both sides of the thread cross it always."""
        found: dict[int, Blocker] = {}
        lengthwise = False
        for ray in e[1]:
            side = ray[5]
            if side in found:
                continue
            sd = self.sides.get(ssk + ray[0])
            if sd is None or not (sd.obstacle is not None or (entrenched and sd.bank)):
                continue
            if side == 0:
                lengthwise = lengthwise or sd.obstacle is not None
                continue
            blk = self._side_effect(ray[:5], sd, ka, ends, along=True)
            if blk is not None:
                found[side] = blk
        if not found or (len(found) == 1 and lengthwise):
            return None
        blk = next(iter(found.values()))
        h1, h2, h3 = (_unkey(ka + k) for k in e[4])
        if all(h in self.map.cells for h in (h1, h2, h3)):
            where = self.map.layout.vertex_name(Vertex.of(h1, h2, h3))
        else:
            where = blk.where  # a vertex on the map edge: named by the blocking hexside
        return Blocker(where, blk.rule, f"through the vertex, {blk.why}")
