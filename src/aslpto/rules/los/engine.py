"""The LOS engine (A6): the thread walked hex by hex, judging obstacles, the ground, Hindrances
and hexsides, at hex grain."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Hex, Hexside, Vertex, distance
from aslpto.board.maps import Map
from aslpto.board.terrain import Feature, HexsideFeature, LOSEffect, Terrain
from aslpto.rules.los.data import G8_LOS, SideRule, in_season_hindrance, los_data
from aslpto.rules.los.locations import Blocker, HindranceHit, Location, LosOverride, LosResult
from aslpto.rules.los.thread import trace
from aslpto.state.game import Conditions, PaddyState

_K = 4096


_XOFF, _YOFF = 1024, 2048


def _key(x: int, y: int) -> int:
    return (x + _XOFF) * _K + (y + _YOFF)


def _unkey(k: int) -> Hex:
    x, y = divmod(k, _K)
    return Hex(x - _XOFF, y - _YOFF)


def _rkey(x: int, y: int) -> int:
    """A relative offset as a key difference."""
    return x * _K + y


# compact events (relative to the first hex), see _compact()
_HEX, _SIDE, _SPINE, _VERTEX = 0, 1, 2, 3


# hex modes
_NONE, _OBST, _SAME, _HEIGHT, _ORCH_IN, _ORCH_OUT, _PADDY = range(7)


@record(slots=True)
class _Prof:
    """One hex as the LOS sees it (half levels)."""

    base2: int
    floor2: int  # base2, or one level lower for a stream Depression
    mode: int
    top2: int
    inherent: bool
    drm: int
    rule: str
    same_rule: str  # the rule of its same-level Hindrance (B14.21 for an orchard)
    terrain: str
    water: bool
    depression: bool
    flooded: bool  # a Water Obstacle raised by a flooded river (B21.21)


@record(slots=True)
class _Side:
    """A hexside with something the LOS cares about."""

    obstacle: SideRule | None  # wall / hedge / bocage
    obstacle_word: str
    bank: bool
    cliff: bool
    stream: bool  # a stream hexside (HexsideFeature.STREAM)
    g1_exception: bool  # G.1: a stream hexside only between its own two end hexes

    @property
    def blocks(self) -> bool:
        """Can it block a LOS of ends that are not entrenched?"""
        return self.obstacle is not None or self.cliff


@lru_cache(maxsize=8192)
def _compact(dx: int, dy: int) -> tuple[tuple[Any, ...], ...]:
    """The thread to offset (dx, dy) as key offsets, with ranges and own-hexside flags."""
    a, b = Hex(0, 0), Hex(dx, dy)
    out: list[tuple[Any, ...]] = []

    def rel(h: Hex) -> int:
        return _rkey(h.x, h.y)

    def side_info(s: Hexside) -> tuple[int, int, int, bool, bool]:
        ra, rb = rel(s.a), rel(s.b)
        sk = (ra << 32) + rb
        own = a in s or b in s
        spine_a = a not in s and a.is_adjacent(s.a) and a.is_adjacent(s.b)
        spine_b = b not in s and b.is_adjacent(s.a) and b.is_adjacent(s.b)
        return (sk, ra, rb, own, spine_a or spine_b)

    for e in trace(a, b):
        if e.kind == "hex":
            h = e.hexes[0]
            if h in (a, b):
                continue
            out.append((_HEX, rel(h), distance(a, h), distance(h, b)))
        elif e.kind == "side":
            s = e.hexside
            out.append((_SIDE, *side_info(s), rel(e.hexes[0]), rel(e.hexes[1])))
        elif e.kind == "spine":
            p, q = e.hexes
            out.append(
                (_SPINE, *side_info(e.hexside), rel(p), rel(q), distance(a, p), distance(p, b))
            )
        else:
            rays = tuple((*side_info(s), side) for s, side in e.rays)
            frm = None if e.frm is None else rel(e.frm)
            to = None if e.to is None else rel(e.to)
            out.append((_VERTEX, rays, frm, to, tuple(rel(h) for h in e.hexes)))
    return tuple(out)


class _Ends(NamedTuple):
    a: Hex
    b: Hex
    ea: int
    eb: int
    ent_a: bool
    ent_b: bool


class _Walk:
    """Working state of one LOS check."""

    __slots__ = ("block", "drm", "hits", "orchard_far", "paddy", "rules")

    def __init__(self, first_rule: str) -> None:
        self.block: tuple[int, Blocker] | None = None
        self.drm = 0
        self.paddy = 0
        self.orchard_far = False
        self.hits: list[HindranceHit] = []
        self.rules: list[str] = [first_rule]

    def cite(self, *rules: str) -> None:
        for r in rules:
            if r and r not in self.rules:
                self.rules.append(r)


class LosEngine:
    """LOS on one map under one set of conditions. Build it once and ask it many times."""

    def __init__(
        self,
        m: Map,
        conditions: Conditions | None = None,
        panji_hexes: Iterable[Hex] = (),
        overrides: Sequence[LosOverride] = (),
    ) -> None:
        self.map = m
        self.conditions = conditions or Conditions(
            pto_terrain=m.conditions.pto_terrain,
            jungle=m.conditions.jungle,
            river_depth=m.conditions.river_depth,
            sub_zero=m.conditions.sub_zero,
        )
        self.data = los_data()
        self.panji_hexes = frozenset(panji_hexes)
        self.panji_keys = frozenset(_key(*h) for h in self.panji_hexes)
        self.overrides = tuple(overrides)
        self._names: dict[int, str] = {}
        self.prof: dict[int, _Prof] = {_key(h.x, h.y): self._profile(h) for h in m.cells}
        self.sides: dict[int, _Side] = {}
        for s, fs in m.sides.items():
            sd = self._side(s, fs)
            if sd is not None:
                self.sides[(_key(*s.a) << 32) + _key(*s.b)] = sd
        self.stream_pairs = self._stream_pairs()

    # building ---------------------------------------------------------------------------

    def _profile(self, h: Hex) -> _Prof:
        info = self.map.info(h)
        base2 = 2 * info.level
        depression = Feature.STREAM in info.features
        floor2 = base2 - 2 if depression else base2
        word = info.terrain.value
        extra = 0
        if info.building is not None and info.terrain.is_building:
            extra = max(0, info.building.stories - 1)
        mode, add2, drm, rule, inherent, same = self._mode(word, extra)
        top2 = base2 + add2
        return _Prof(
            base2,
            floor2,
            mode,
            top2,
            inherent,
            drm,
            rule,
            same,
            word,
            info.water_obstacle,
            depression,
            "B21.21" in info.rules,
        )

    def _mode(self, word: str, extra: float = 0) -> tuple[int, int, int, str, bool, str]:
        """How terrain ``word`` acts on a LOS under the conditions: its mode, the height of
        its top above its ground (half levels), its Hindrance DRM, its rule, whether it is
        Inherent Terrain, and the rule of its same-level Hindrance. ``extra``: levels a
        building adds above the chart's height (one per story beyond the first)."""
        row = self.map.chart[word]
        tr = self.data.terrain.get(word)
        mode, add2, drm, rule = _NONE, 0, 0, row.rule
        month = self.conditions.month
        if word == Terrain.PADDY.value:
            if self.conditions.paddy == PaddyState.IN_SEASON:
                mode, drm, rule = _PADDY, 1, G8_LOS
        elif row.los == LOSEffect.OBSTACLE:
            mode, add2 = _OBST, round(2 * (row.obstacle_height + extra))
        elif row.los == LOSEffect.HINDRANCE:
            drm = row.hindrance
            if tr is None or tr.mode == "same-level":
                mode = _SAME
                if tr is not None:
                    rule = tr.rule
                    if tr.months is not None and month not in tr.months:
                        mode = _NONE
            elif tr.mode == "height":
                mode, add2, rule = _HEIGHT, tr.height2, tr.rule
            elif tr.mode == "orchard":
                rule = tr.rule
                mode = _ORCH_IN if month in tr.in_season else _ORCH_OUT
                add2 = round(2 * max(row.obstacle_height, 1))
        inherent = row.inherent_terrain or mode == _PADDY
        same = tr.same_level_rule if tr is not None and mode != _PADDY else rule
        return mode, add2, drm, rule, inherent, same

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

    def _stream_pairs(self) -> frozenset[int]:
        """Hexsides between two stream hexes, across which the Depression runs on (hex
        grain: any two adjacent stream hexes of one board). End-hexes of two different boards
        join only where G.1 made their hexside a stream hexside."""
        out: set[int] = set()
        for h, info in self.map.cells.items():
            if Feature.STREAM not in info.features:
                continue
            for n in (Hex(h.x + 1, h.y - 1), Hex(h.x + 1, h.y + 1), Hex(h.x, h.y + 2)):
                ni = self.map.cells.get(n)
                if ni is None or Feature.STREAM not in ni.features:
                    continue
                if info.stream_end and ni.stream_end and not self._boards(h) & self._boards(n):
                    continue
                out.add((_key(*h) << 32) + _key(*n))
        return frozenset(out)

    def _boards(self, h: Hex) -> set[str]:
        """The boards a hex is printed on (two for a seam hex), or the overlay covering it."""
        overlay = self.map.cells[h].overlay
        if overlay is not None:
            return {overlay}
        return {n.board for n in self.map.layout.names(h)}

    # ends -------------------------------------------------------------------------------

    def elevation2(self, loc: Location) -> int:
        """The Location's level in half levels: its hex's base (a Water Obstacle's is one
        below the land, B21.2), plus its level above the base; IN a stream Depression one
        level below the base (A6.3) unless at Crest level."""
        p = self.prof[_key(loc.hex.x, loc.hex.y)]
        e = p.base2 + 2 * loc.level
        if p.depression and loc.level == 0 and loc.position != "crest":
            e = p.floor2
        return e

    def _in_depression(self, loc: Location) -> bool:
        p = self.prof[_key(loc.hex.x, loc.hex.y)]
        return p.depression and loc.level == 0 and loc.position != "crest"

    # the check --------------------------------------------------------------------------

    def check(self, a: Location, b: Location) -> LosResult:
        """Is there a LOS from ``a`` to ``b``, with what Hindrance DRM, and what blocks it?"""
        ha, hb = a.hex, b.hex
        ka, kb = _key(ha.x, ha.y), _key(hb.x, hb.y)
        prof = self.prof
        pa, pb = prof.get(ka), prof.get(kb)
        if pa is None or pb is None:
            h = ha if pa is None else hb
            raise InputError(f"grid position ({h.x},{h.y}) is off the map")
        rng = distance(ha, hb)
        for ov in self.overrides:
            if ov.matches(a, b):
                note = ov.note or "scenario LOS override"
                return LosResult(
                    ov.los,
                    rng,
                    ov.hindrance_drm if ov.los else 0,
                    None if ov.los else Blocker("scenario", "SSR", note),
                    self._loc_name(a, ka),
                    self._loc_name(b, kb),
                    (),
                    ("SSR",),
                    (note,),
                    note,
                )
        d = self.data
        w = _Walk(d.rules["thread"])
        notes: list[str] = []
        self._cite_ends(a, b, pa, pb, w, notes)
        if ka == kb:
            w.cite(d.rules["same_hex"])
            return LosResult(
                True,
                0,
                0,
                None,
                self._loc_name(a, ka),
                self._loc_name(b, kb),
                (),
                tuple(w.rules),
                tuple(notes),
            )
        self._judge(a, b, pa, pb, ka, kb, w, notes)
        drm = w.drm
        if w.paddy:
            halved = in_season_hindrance(w.paddy)
            drm += halved.value
            w.cite(*halved.rules)
            notes.append(
                f"In-Season paddy Hindrance halved (FRD): {w.paddy} hex(es) -> +{halved.value}"
            )
        block = None if w.block is None else w.block[1]
        if block is None and drm >= d.blocks_at:
            block = Blocker(
                self._loc_name(b, kb),
                d.rules["hindrance_blocks"],
                f"Hindrance DRM total +{drm} (>= {d.blocks_at})",
            )
        if block is not None:
            w.cite(block.rule)
            if block.rule == G8_LOS and "paddy bank" in block.why:
                w.cite(d.rules["entrenched_hexside"])
        return LosResult(
            block is None,
            rng,
            drm if block is None else 0,
            block,
            self._loc_name(a, ka),
            self._loc_name(b, kb),
            tuple(w.hits) if block is None else (),
            tuple(w.rules),
            tuple(notes),
        )

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
        """Walk the thread between two different hexes at hex grain, leaving the first block
        (if any) in ``w.block`` and the Hindrances in ``w``."""
        ha, hb = a.hex, b.hex
        dep_a = pa.depression and a.level == 0 and a.position != "crest"
        dep_b = pb.depression and b.level == 0 and b.position != "crest"
        ea = pa.floor2 if dep_a else pa.base2 + 2 * a.level
        eb = pb.floor2 if dep_b else pb.base2 + 2 * b.level
        events = _compact(hb.x - ha.x, hb.y - ha.y)
        self._walk(events, ka, kb, ea, eb, a, b, w)
        if dep_a or dep_b:
            self._depressions(events, ka, kb, ea, eb, a, b, w)
        if w.block is None and self.panji_keys:
            self._cite_panjis(events, ka, kb, w, notes)

    def _hname(self, k: int) -> str:
        """The name of the hex with key ``k`` (cached)."""
        n = self._names.get(k)
        if n is None:
            n = self._names[k] = self.map.name(_unkey(k))
        return n

    def _loc_name(self, loc: Location, k: int) -> str:
        s = self._hname(k)
        if loc.level:
            s += f"@{loc.level}"
        if loc.position not in ("ground", "in"):
            s += f":{loc.position}"
        return s

    def _cite_ends(
        self, a: Location, b: Location, pa: _Prof, pb: _Prof, w: _Walk, notes: list[str]
    ) -> None:
        for loc, p in ((a, pa), (b, pb)):
            pos = loc.position
            if pos == "bank":
                w.cite(G8_LOS)
                name = self._hname(_key(*loc.hex))
                notes.append(
                    f"{name}: LOS to/from a unit on a Bank counter is drawn to/from "
                    "the paddy hex's centre dot (G8)"
                )
            elif pos in ("above-panji", "beneath-panji"):
                w.cite("G9.2", "G9.1")
            if p.water:
                w.cite(self.data.rules["water"])
                if p.flooded:
                    w.cite("B21.21")
            if loc.entrenched and loc.infantry and p.terrain == "paddy":
                w.cite(G8_LOS)

    def _cite_panjis(
        self, events: tuple[tuple[Any, ...], ...], ka: int, kb: int, w: _Walk, notes: list[str]
    ) -> None:
        pk = self.panji_keys
        seen = [k for k in (ka, kb) if k in pk]
        for e in events:
            if e[0] == _HEX and ka + e[1] in pk:
                seen.append(ka + e[1])
        if seen:
            w.cite("G9.2")
            names = ", ".join(dict.fromkeys(self._hname(k) for k in seen))
            notes.append(f"Panji counter(s) in {names}: neither obstacle nor Hindrance (G9.2)")

    # obstacles --------------------------------------------------------------------------

    @staticmethod
    def _height_test(top2: int, hi: int, lo: int, r_hi: int, r_lo: int, crest: bool) -> str:
        """A6.2 / A6.4 / B10.2 / B10.23 for one obstacle top (half levels): "higher" (than
        both ends), "equal" (to the higher end and above the lower), "blind" (the lower end
        is in a blind hex behind it) or ""."""
        if top2 > hi:
            return "higher"
        if top2 == hi and top2 > lo:
            return "equal"
        if lo < top2 < hi:
            # blind hexes: one, plus one per five full hexes from the higher end, less one per
            # level the higher end stands above the obstacle beyond the first, plus one per
            # level the lower end lies below the obstacle beyond the first (A6.41-.43); a
            # Crest Line makes one fewer (B10.23).
            n = (2 * top2 - hi - lo) // 2 + r_hi // 5
            n = max(n, 0) if crest else max(n + 1, 1)
            if r_lo <= n:
                return "blind"
        return ""

    def _hex_effect(
        self, p: _Prof, hi: int, lo: int, r_hi: int, r_lo: int, water_end: bool
    ) -> tuple[str, str, str, str] | tuple[str, int, str] | None:
        """What one intervening hex does: ("block", rule, why, terrain rule),
        ("hinder"/"paddy"/"far", drm, rule) or None."""
        d = self.data
        mode = p.mode
        if mode == _OBST or (mode == _ORCH_IN and not (hi == lo == p.base2)):
            t = self._height_test(p.top2, hi, lo, r_hi, r_lo, crest=False)
            if t == "blind":
                return (
                    "block",
                    d.rule("blind_hex"),
                    f"{p.terrain} (to level {_lv(p.top2)}) leaves the lower end in a blind hex",
                    p.rule,
                )
            if t:
                return (
                    "block",
                    d.rule("obstacle"),
                    f"{p.terrain}: an obstacle to level {_lv(p.top2)}, "
                    f"{'higher than both ends' if t == 'higher' else 'no height advantage'}",
                    p.rule,
                )
            return None
        t = self._height_test(p.floor2, hi, lo, r_hi, r_lo, crest=True)
        if t:
            if t == "blind":
                return (
                    "block",
                    d.rule("crest_blind_hex"),
                    f"blind hex behind the Crest Line at level {_lv(p.floor2)}",
                    "",
                )
            rule = d.rule("water") if water_end else d.rule("hill")
            return (
                "block",
                rule,
                f"ground at level {_lv(p.floor2)}, "
                f"{'higher than both ends' if t == 'higher' else 'no height advantage'}",
                "",
            )
        if mode == _NONE:
            return None
        if mode in (_SAME, _PADDY, _ORCH_IN):
            if hi == lo == p.base2:
                return ("paddy" if mode == _PADDY else "hinder", p.drm, p.same_rule)
            return None
        if mode == _HEIGHT:
            if self._height_test(p.top2, hi, lo, r_hi, r_lo, crest=False):
                return ("hinder", p.drm, p.rule)
            return None
        # _ORCH_OUT (B14.2): same level +1 per hex; one level higher +1 per hex; more than one
        # level higher, a single +1 only for an orchard adjacent to the lower end.
        if hi == lo == p.base2:
            return ("hinder", p.drm, p.same_rule)
        if hi > p.base2 >= lo:
            if hi - p.base2 <= 2:
                return ("hinder", p.drm, p.rule)
            if r_lo == 1:
                return ("far", p.drm, p.rule)
        return None

    def _walk(
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
        prof, sides = self.prof, self.sides
        hi, lo = (ea, eb) if ea >= eb else (eb, ea)
        a_high = ea >= eb
        water_end = prof[ka].water or prof[kb].water
        ssk = (ka << 32) + ka
        ends = _Ends(a.hex, b.hex, ea, eb, *self._entrenched(a, b, ea, eb))
        entrenched = ends.ent_a or ends.ent_b
        hex_effect = self._hex_effect
        for idx, e in enumerate(events):
            kind = e[0]
            if kind == _HEX:
                k = ka + e[1]
                p = prof.get(k)
                if p is None or (p.mode == _NONE and p.floor2 <= lo):
                    continue  # open ground no higher than the lower end
                r_hi, r_lo = (e[2], e[3]) if a_high else (e[3], e[2])
                eff = hex_effect(p, hi, lo, r_hi, r_lo, water_end)
                if eff is None:
                    continue
                if len(eff) == 4:
                    w.cite(eff[3])
                    w.block = (idx, Blocker(self._hname(k), eff[1], eff[2]))
                    return
                self._hinder(w, eff, self._hname(k), p)
            elif kind == _SPINE:
                blk = self._spine(e, ka, hi, lo, a_high, water_end, w)
                if blk is None and sides:
                    sd = sides.get(ssk + e[1])
                    if sd is not None and (sd.blocks or (entrenched and sd.bank)):
                        blk = self._side_effect(e[1:6], sd, ka, ends, along=True)
                if blk is not None:
                    w.block = (idx, blk)
                    return
            elif not sides:
                continue
            elif kind == _SIDE:
                sd = sides.get(ssk + e[1])
                if sd is None or not (sd.blocks or (entrenched and sd.bank)):
                    continue
                blk = self._side_effect(e[1:6], sd, ka, ends, along=False)
                if blk is not None:
                    w.block = (idx, blk)
                    return
            else:
                blk = self._vertex(e, ka, ssk, ends, entrenched)
                if blk is not None:
                    w.block = (idx, blk)
                    return

    def _hinder(self, w: _Walk, eff: tuple[Any, ...], where: str, p: _Prof) -> None:
        tag, drm, rule = eff
        if tag == "far":
            if w.orchard_far:
                return
            w.orchard_far = True
        w.cite(rule)
        if tag == "paddy":
            w.paddy += 1
            w.hits.append(HindranceHit(where, "in-season paddy", 0, rule))
        else:
            w.drm += drm
            w.hits.append(HindranceHit(where, p.terrain, drm, rule))

    def _spine(
        self, e: tuple[Any, ...], ka: int, hi: int, lo: int, a_high: bool, water_end: bool, w: _Walk
    ) -> Blocker | None:
        """A thread along hexside P|Q: an obstruction must be on both sides (A6.1), except
        Inherent Terrain on either side (B.6)."""
        rp, rq, rs, rt = e[6], e[7], e[8], e[9]
        r_hi, r_lo = (rs, rt) if a_high else (rt, rs)
        effs: list[tuple[_Prof, Any]] = []
        for rk in (rp, rq):
            p = self.prof.get(ka + rk)
            if p is not None:
                low_open = p.mode == _NONE and p.floor2 <= lo
                effs.append(
                    (p, None if low_open else self._hex_effect(p, hi, lo, r_hi, r_lo, water_end))
                )
        if not any(x is not None for _, x in effs):
            return None
        d = self.data
        where = self._side_name(ka + rp, ka + rq)
        blocks = [(p, x) for p, x in effs if x is not None and x[0] == "block"]
        inh = [(p, x) for p, x in blocks if p.inherent]
        if inh or len(blocks) == 2:
            p, x = (inh or blocks)[0]
            w.cite(str(x[3]))
            if inh and len(blocks) < 2:
                w.cite(d.rule("inherent"))
                return Blocker(
                    where,
                    str(x[1]),
                    f"along the hexside, Inherent Terrain on one side (B.6): {x[2]}",
                )
            return Blocker(where, str(x[1]), f"along the hexside, on both sides: {x[2]}")
        hinders = [(p, x) for p, x in effs if x is not None and x[0] != "block"]
        inh_h = [(p, x) for p, x in hinders if p.inherent]
        both = len(effs) == 2 and all(x is not None for _, x in effs)
        if inh_h or (both and hinders):
            p, x = (inh_h or hinders)[0]
            if inh_h and not both:
                w.cite(d.rule("inherent"))
            self._hinder(w, x, where, p)
        return None

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
        if (ends.ent_a or ends.ent_b) and (sd.obstacle is not None or sd.bank):
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
        if ob is not None and not own and (ob.own_spine or not spine_end):
            top2 = base2 + ob.height2
            if ob.blind_hexes:
                near = h1 if distance(high, h1) <= distance(high, h2) else h2
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
                return Blocker(
                    self._side_name(k1, k2),
                    ob.rule,
                    f"{sd.obstacle_word} hexside to level {_lv(top2)}: {why}",
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

    def _vertex(
        self, e: tuple[Any, ...], ka: int, ssk: int, ends: _Ends, entrenched: bool
    ) -> Blocker | None:
        """A thread through a vertex crosses a wall/hedge line there only if the line has a
        branch on each side of the thread (A6.1: visible on both sides)."""
        found: dict[int, Blocker] = {}
        for ray in e[1]:
            side = ray[5]
            if side == 0 or side in found:
                continue
            sd = self.sides.get(ssk + ray[0])
            if sd is None or not (sd.obstacle is not None or (entrenched and sd.bank)):
                continue
            blk = self._side_effect(ray[:5], sd, ka, ends, along=True)
            if blk is not None:
                found[side] = blk
        if len(found) < 2:
            return None
        blk = found[1]
        h1, h2, h3 = (_unkey(ka + k) for k in e[4])
        if all(h in self.map.cells for h in (h1, h2, h3)):
            where = self.map.layout.vertex_name(Vertex.of(h1, h2, h3))
        else:
            where = blk.where  # a vertex on the map edge: named by the blocking hexside
        return Blocker(where, blk.rule, f"through the vertex, {blk.why}")

    # Depressions (A6.3) and the G.1 stream end-hexes --------------------------------------

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
        prev: int | None = k_dep  # None: arrived along a hexside (a spine)
        oth_hex = _unkey(k_oth)

        def in_dep(k: int) -> bool:
            p = self.prof.get(k)
            return p is not None and p.depression and p.floor2 == floor

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
                    if prev is not None and not self._continuous(prev, k, ka, kb):
                        return (i, self._dep_block(prev, k, rule))
                    prev = k
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
                prev = None
                if 2 * distance(_unkey(inside[0]), oth_hex) <= k2:
                    return None
                continue
            if kind == _VERTEX and e[2] is not None and e[3] is not None:
                nxt = ka + (e[3] if forward else e[2])
                if prev is not None and in_dep(nxt) and not self._continuous(prev, nxt, ka, kb):
                    return (i, self._dep_block(prev, nxt, rule))
        if in_dep(k_oth) and prev is not None and not self._continuous(prev, k_oth, ka, kb):
            return (last, self._dep_block(prev, k_oth, rule))
        return None

    def _side_name(self, k1: int, k2: int) -> str:
        """``37E5-E6``; a hexside on the map edge is named by its on-map hex."""
        key = (k1 << 32) + k2 if k1 < k2 else (k2 << 32) + k1
        n = self._names.get(-key)
        if n is None:
            n = self._names[-key] = self._side_name_uncached(k1, k2)
        return n

    def _side_name_uncached(self, k1: int, k2: int) -> str:
        h1, h2 = _unkey(k1), _unkey(k2)
        on = [h for h in (h1, h2) if h in self.map.cells]
        if len(on) == 2:
            return self.map.layout.hexside_name(Hexside.of(h1, h2))
        return f"{self.map.name(on[0])} (map edge)"

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


def _lv(v2: int) -> str:
    """Half levels as levels: 3 -> '1.5'."""
    return str(v2 // 2) if v2 % 2 == 0 else f"{v2 / 2:g}"
