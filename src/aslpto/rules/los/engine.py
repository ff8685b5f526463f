"""The LOS engine (A6): the thread walked hex by hex, judging obstacles, the ground, Hindrances
and hexsides, at hex grain. Its parts: :mod:`aslpto.rules.los.walk` (the thread as key offsets,
the records of a walk, the height test), :mod:`aslpto.rules.los.hexsides` (hexside and vertex
judging), :mod:`aslpto.rules.los.depressions` (stream Depressions, A6.3, G.1)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from aslpto.base.hints import Any
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Hex, distance
from aslpto.board.maps import Map
from aslpto.board.terrain import Feature, LOSEffect, Terrain
from aslpto.rules.los.data import G8_LOS, in_season_hindrance, los_data
from aslpto.rules.los.depressions import _DepressionJudging
from aslpto.rules.los.hexsides import _HexsideJudging
from aslpto.rules.los.locations import Blocker, HindranceHit, Location, LosOverride, LosResult
from aslpto.rules.los.walk import (
    _HEIGHT,
    _HEX,
    _NONE,
    _OBST,
    _ORCH_IN,
    _ORCH_OUT,
    _PADDY,
    _SAME,
    _SPINE,
    _VERTEX,
    HEIGHT_WHY,
    _compact,
    _Ends,
    _key,
    _lv,
    _Prof,
    _Side,
    _unkey,
    _Walk,
)
from aslpto.state.game import Conditions, PaddyState

_CRAG, _CRAG_RULE = "crag", "B17.2"
"""Crags (B17), brush on the map marked crag (the chart has no row of its own): brush's
same-level +1 Hindrance, but the entire hex, inclusive of hexsides (B17.1, B.6)."""


_EFFECTS_KEPT = 1 << 16
"""How many answers of :meth:`LosEngine._hex_effect` an engine keeps (all let go at once)."""


class LosEngine(_HexsideJudging, _DepressionJudging):
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
        self._effects: dict[tuple[int, int, int, int, int, bool], tuple[_Prof, Any]] = {}
        self._locations: tuple[tuple[int, int, int, Location], ...] | None = None
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
        if Feature.CRAG in info.features and word == Terrain.BRUSH.value:
            word, rule, same, inherent = _CRAG, _CRAG_RULE, _CRAG_RULE, True
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
        if self.overrides:
            got = self._override(a, b, ka, kb, rng)
            if got is not None:
                return got
        w, notes = self._begin(a, b, pa, pb)
        if ka == kb:
            w.cite(self.data.rules["same_hex"])
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
        return self._result(a, b, ka, kb, rng, w, notes)

    def _override(self, a: Location, b: Location, ka: int, kb: int, rng: int) -> LosResult | None:
        """The scenario's ruling on this LOS, if it has one."""
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
        return None

    def _begin(self, a: Location, b: Location, pa: _Prof, pb: _Prof) -> tuple[_Walk, list[str]]:
        """A walk citing the thread's rule (A6.1) and what the two ends are."""
        w = _Walk(self.data.rules["thread"])
        notes: list[str] = []
        self._cite_ends(a, b, pa, pb, w, notes)
        return w, notes

    def _result(
        self, a: Location, b: Location, ka: int, kb: int, rng: int, w: _Walk, notes: list[str]
    ) -> LosResult:
        """The answer of a walk: its block, or the Hindrances (the In-Season paddies' halved,
        G8; six or more block, B.10)."""
        d = self.data
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

    def check_from(self, a: Location, targets: Sequence[Location]) -> list[LosResult]:
        """:meth:`check` from ``a`` to each of ``targets``, in order."""
        check = self.check
        return [check(a, b) for b in targets]

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

    def locations(self) -> tuple[tuple[int, int, int, Location], ...]:
        """Every Location of the map a LOS may be traced to: each hex at its base level and
        each upper level of a building in it (B23), as (column, row, level, Location), made
        once."""
        got = self._locations
        if got is None:
            out: list[tuple[int, int, int, Location]] = []
            for h, info in self.map.cells.items():
                if info.building is not None and info.terrain.is_building:
                    levels = range(max(1, info.building.stories))
                else:
                    levels = range(1)
                out.extend((h.x, h.y, lv, Location(h, lv)) for lv in levels)
            got = self._locations = tuple(out)
        return got

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

    def _hex_effect(
        self, p: _Prof, hi: int, lo: int, r_hi: int, r_lo: int, water_end: bool
    ) -> tuple[str, str, str, str] | tuple[str, int, str] | None:
        """What one intervening hex does: ("block", rule, why, terrain rule),
        ("hinder"/"paddy"/"far", drm, rule) or None (:meth:`_effect_of`, kept: a viewshed
        asks the same of many hexes). With both ends at one level the ranges do not matter."""
        if hi == lo:
            r_hi = r_lo = 0
        key = (id(p), hi, lo, r_hi, r_lo, water_end)
        got = self._effects.get(key)
        if got is None or got[0] is not p:
            if len(self._effects) >= _EFFECTS_KEPT:
                self._effects.clear()
            got = self._effects[key] = (p, self._effect_of(p, hi, lo, r_hi, r_lo, water_end))
        return got[1]

    def _effect_of(
        self, p: _Prof, hi: int, lo: int, r_hi: int, r_lo: int, water_end: bool
    ) -> tuple[str, str, str, str] | tuple[str, int, str] | None:
        """:meth:`_hex_effect` worked out."""
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
                    f"{p.terrain}: an obstacle to level {_lv(p.top2)}, {HEIGHT_WHY[t]}",
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
                f"ground at level {_lv(p.floor2)}, {HEIGHT_WHY[t]}",
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
                self._hinder_at(w, eff, self._hname(k), p, e[2])
            elif kind == _SPINE:
                blk = self._spine(e, ka, hi, lo, a_high, water_end, w)
                if blk is None and sides:
                    sd = sides.get(ssk + e[1])
                    if sd is not None and (sd.blocks or (entrenched and sd.bank)):
                        blk = self._side_effect(e[1:6], sd, ka, ends, along=True)
                if blk is not None:
                    w.block = (idx, blk)
                    return
            elif kind == _VERTEX:
                blk = self._touched(e, ka, a.hex, b.hex, hi, lo, a_high, water_end, w)
                if blk is None and sides:
                    blk = self._vertex(e, ka, ssk, ends, entrenched)
                if blk is not None:
                    w.block = (idx, blk)
                    return
            elif not sides:
                continue
            else:  # (_SIDE)
                sd = sides.get(ssk + e[1])
                if sd is None or not (sd.blocks or (entrenched and sd.bank)):
                    continue
                blk = self._side_effect(e[1:6], sd, ka, ends, along=False)
                if blk is not None:
                    w.block = (idx, blk)
                    return

    def _touched(
        self,
        e: tuple[Any, ...],
        ka: int,
        a: Hex,
        b: Hex,
        hi: int,
        lo: int,
        a_high: bool,
        water_end: bool,
        w: _Walk,
    ) -> Blocker | None:
        """A thread through a vertex, from one hex into another: the third hex there is touched
        only at that point, and Inherent Terrain in it acts all the same (B.6: entering its
        hex only to trace a LOS through one of its vertices suffices)."""
        frm, to = e[2], e[3]
        if frm is None or to is None:
            return None  # (along a hexside: the hexes at the vertex are judged already)
        for rk in e[4]:
            if rk in (frm, to):
                continue
            k = ka + rk
            p = self.prof.get(k)
            if p is None or not p.inherent:
                continue
            h = _unkey(k)
            if h in (a, b):
                continue
            ra, rb = distance(a, h), distance(h, b)
            r_hi, r_lo = (ra, rb) if a_high else (rb, ra)
            eff = self._hex_effect(p, hi, lo, r_hi, r_lo, water_end)
            if eff is None:
                continue
            w.cite(self.data.rule("inherent"))
            if len(eff) == 4:
                w.cite(eff[3])
                why = f"{eff[2]} (Inherent Terrain: through a vertex of its hex)"
                return Blocker(self._hname(k), eff[1], why)
            self._hinder_at(w, eff, self._hname(k), p, ra)
        return None

    def _hinder_at(self, w: _Walk, eff: tuple[Any, ...], where: str, p: _Prof, r: int) -> None:
        """A Hindrance in a hex ``r`` hexes from the firer: of the hexes the thread crosses
        (or runs between) at one range from the firer only the largest Hindrance counts
        (A6.7)."""
        got = self._hinder_in(w, eff, where, p, w.at.get(r))
        if got is not None:
            w.at.setdefault(r, got)

    def _hinder_in(
        self, w: _Walk, eff: tuple[Any, ...], where: str, p: _Prof, i: int | None
    ) -> int | None:
        """The Hindrance ``eff``, sharing one count with the one at ``w.hits[i]`` (None: with
        none): the larger of the two counts (A6.7, B.6). Its place in ``w.hits`` (None: it
        counts nothing)."""
        now = 1 if eff[0] == "paddy" else eff[1]
        if i is None:
            n = len(w.hits)
            self._hinder(w, eff, where, p)
            if len(w.hits) == n:
                return None
            w.held[n] = now
            return n
        if eff[0] == "far" or now <= w.held[i]:
            return i
        old = w.hits[i]
        if old.terrain == "in-season paddy":
            w.paddy -= 1
        else:
            w.drm -= old.drm
        self._hinder(w, eff, where, p)
        w.hits[i] = w.hits.pop()
        w.held[i] = now
        return i

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
            # one Hindrance for the two hexes of the hexside, the same whichever end the LOS
            # is traced from (A6.1): the Inherent one, else the greater
            p, x = max(inh_h or hinders, key=_spine_rank)
            if inh_h and not both:
                w.cite(d.rule("inherent"))
            self._hinder_at(w, x, where, p, e[8])
        return None


_TAG_RANK = {"paddy": 0, "far": 1, "hinder": 2}


def _spine_rank(px: tuple[_Prof, tuple[Any, ...]]) -> tuple[int, int, str]:
    """Which of a hexside's two Hindrances counts along it: the worse one (an In-Season paddy's
    halved Hindrance, G8, ranking below a whole one), then by terrain for a fixed choice."""
    p, x = px
    return (_TAG_RANK.get(str(x[0]), 2), int(x[1]), p.terrain)
