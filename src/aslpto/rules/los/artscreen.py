"""The viewshed's screen on the engine's side (:meth:`_ArtworkScreen._screen`): which of the
threads from one viewer not yet laid out are blocked by the first hex that does something to
them, from what the engine knows of each hex and of each code drawn in it, the pixels near the
viewer stepped at once with numpy (:mod:`aslpto.rules.los.screen`). The answers are those the
walk (:meth:`aslpto.rules.los.artwork.ArtworkLosEngine._groups`) gives each thread alone."""

from __future__ import annotations

from aslpto.base.hints import Any
from aslpto.rules.los.artcodes import _BANK, _TERRAIN, _WALL, _ZERO
from aslpto.rules.los.artwalls import _ArtworkEdges
from aslpto.rules.los.data import G8_LOS
from aslpto.rules.los.locations import Blocker, Location, LosResult
from aslpto.rules.los.pixels import _at_vertices, _periodic, _range, _vertices_met
from aslpto.rules.los.walk import _K, HEIGHT_WHY, _lv, _Prof, _unrkey, _Walk

_SCREENED = 64
"""How far from the viewer's centre pixel (columns and rows) a viewshed first screens the
threads not yet laid out (:meth:`_ArtworkScreen._screen`): most are blocked in a hex next to
the viewer."""
_NEAR = tuple(
    dx * _K + dy
    for dx in range(-2, 3)
    for dy in range(-4, 5)
    if (dx + dy) % 2 == 0 and 1 <= _range(dx, dy) <= 2
)
"""The hexes within range 2 of a viewer (as key offsets): those whose pixels lie within
``_SCREENED`` of its centre pixel."""


class _ArtworkScreen(_ArtworkEdges):
    """The engine's side of the screen (:mod:`aslpto.rules.los.screen`)."""

    def _screen(
        self,
        a: Location,
        ka: int,
        ea: int,
        start: tuple[int, int],
        base: int,
        waiting: list[tuple[int, Location, int, _Prof, tuple[int, bool], int, int, int]],
        out: list[LosResult | None],
        said: tuple[tuple[str, ...], tuple[str, ...], str],
    ) -> list[tuple[int, Location, int, _Prof, tuple[int, bool], int, int, int]]:
        """The threads of ``waiting`` (not yet laid out, from ``a`` at ``ea`` half levels)
        that the first hex doing something to them blocks near ``a``, found at once with numpy
        (:func:`aslpto.rules.los.screen.screen`) and answered in ``out`` as the walk answers
        them (``ArtworkLosEngine._groups``); the others returned, for the walk. Screened:
        targets at any level, each hex judged for the level of the thread's far end where what
        it does turns on no range (:meth:`_near_effect`); no end entrenched, IN a Depression or
        in water, no thread along a hexside. ``said``: the rules and notes every answer from
        ``a`` carries, and ``a``'s name."""
        try:
            import numpy as np

            from aslpto.rules.los import screen as sc  # (numpy: the vasl extra)
            from aslpto.rules.los.layout import runs
        except ImportError:  # pragma: no cover - numpy is installed with the vasl extra
            return waiting
        mine, rest = [], []
        levels: dict[int, int] = {}  # (each far end's level, half levels: its class)
        for t in waiting:
            b, dx, dy = t[1], t[5], t[6]
            if (
                t[7] == 0
                and b.position in ("ground", "in")
                and not (t[3].water or b.entrenched)
                and dy != 0
                and abs(dy) != 3 * abs(dx)  # (none along a hexside: A6.1's hexspine)
                and (t[4][0] in levels or len(levels) < sc.CLASSES)
            ):
                levels.setdefault(t[4][0], len(levels))
                mine.append(t)
            else:
                rest.append(t)
        if not mine:
            return rest
        geo, plane = self.geometry, self._plane
        assert geo is not None and plane is not None
        ends = list(levels)
        needs, need, prof, tops = self._needs, self._need, self.prof, self._tops
        grain, floors, kinds, wholes = self._grain, self._water_floors, self.kinds, self._wholes
        near, prof_of, resolved = self._near_effect, self._prof_of, self._resolved
        effects: dict[Any, Any] = {}
        varies = self._VARIES

        def hexes(cks: list[int]) -> list[int]:
            self._need_many({ka + sc.unkey(ck)[0] for ck in cks})
            got = []
            for ck in cks:
                rk, cls, top = sc.unkey(ck)
                eb = ends[cls]
                k = ka + rk
                thr = _ZERO + min(ea, eb) // 2
                n = needs.get(k)
                if n is None:
                    n = need(k)
                if n <= thr or k not in prof:
                    got.append(sc.SKIP)
                    continue
                tk, flat, cliffy = tops[k][:3]
                if k in grain or k in floors or top != tk:
                    # (hex grain, water; the thread's pixels near the viewer not reaching the
                    # hex's highest, where its pixels further on may: the walk)
                    got.append(sc.STOP)
                    continue
                if top > thr:  # (its ground above the lower end, at the thread's first pixel
                    # at the highest level of its pixels in the hex: B10.2)
                    g2 = 2 * (top - _ZERO)
                    t = near(None, g2, ea, eb, rk, cliffy)
                    if t is varies:
                        got.append(sc.STOP)
                        continue
                    if t:
                        effects[ck] = ("block", *self._ground_block(t, g2, False, False), "")
                        got.append(sc.GROUND_BLOCKS)
                        continue
                if k not in wholes:
                    got.append(sc.CODES)
                    continue
                kd, lev = wholes[k]
                if not flat:  # (the hex's Inherent Terrain rises from the thread's highest
                    # pixel in it)
                    lev = top
                eff = effects[ck] = near(prof_of(kd, lev), 0, ea, eb, rk)
                got.append(
                    sc.STOP
                    if eff is varies
                    else sc.WHOLE_NOTHING
                    if eff is None
                    else sc.WHOLE_BLOCKS
                    if len(eff) == 4 and eff[1] != G8_LOS
                    else sc.WHOLE_HINDERS
                )
            return got

        def codes_of(cks: list[int], codes: list[int]) -> list[int]:
            got = []
            for ck, code in zip(cks, codes, strict=True):
                rk, cls, _ = sc.unkey(ck)
                k = ka + rk
                tk, flat, _, drawn = tops[k]
                kd = kinds[code]
                if not drawn:
                    got.append(sc.NOTHING)  # (nothing drawn in the hex that matters)
                elif kd is None:
                    got.append(sc.WALK)
                else:
                    kd = resolved(kd, k)
                    if kd.kind in (_WALL, _BANK):
                        got.append(sc.WALK)
                    elif kd.kind != _TERRAIN or kd.inherent:
                        got.append(sc.NOTHING)
                    elif not flat:
                        got.append(sc.WALK)  # (its level that of its own highest pixel)
                    else:
                        eff = effects[(ck, code)] = near(prof_of(kd, tk), 0, ea, ends[cls], rk)
                        got.append(
                            sc.WALK
                            if eff is varies
                            else sc.NOTHING
                            if eff is None
                            else (sc.BLOCKS if eff[1] != G8_LOS else sc.WALK)
                            if len(eff) == 4
                            else sc.HINDERS
                        )
            return got

        self._need_many(ka + rk for rk in _NEAR)
        near_keys = [  # (each hex's ground at its highest: what the screen may judge of it)
            ((rk * sc.CLASSES + c) << 8) | max(tops[ka + rk][0], 0)
            for rk in _NEAR
            for c in range(len(ends))
        ]
        if all(c in (sc.SKIP, sc.STOP) for c in hexes(near_keys)):
            return waiting  # (nothing about the viewer the screen can judge: water, cliffs, ...)
        vertex = [bool(_vertices_met(t[5], t[6])) for t in mine]
        fx, fy = a.hex.x % 4, a.hex.y % 4
        offsets = [(t[5], t[6]) for t in mine]
        classes = np.array([levels[t[4][0]] for t in mine], dtype=np.int64)
        stepped = runs(
            *geo.centre4(fx, fy), geo.qx, geo.qy, _periodic(geo), (fx, fy), offsets, _SCREENED
        )
        found = sc.screen(
            stepped, plane.mask, plane.levels, base, plane.stride, hexes, codes_of, vertex, classes
        )
        base_rules, notes, name_a = said
        inherent = self.data.rule("inherent")
        ruled: dict[tuple[bool, str, str], tuple[str, ...]] = {}
        hname, hnames, loc_name = self._hname, self._names, self._loc_name
        done = set()
        for j, ck, x, y, code, cited, met in found:
            i, b, kb, dx, dy = mine[j][0], mine[j][1], mine[j][2], mine[j][5], mine[j][6]
            eb = mine[j][4][0]
            if met and self._touched_first(ka, _ZERO + min(ea, eb) // 2, dx, dy, met):
                continue
            k = ka + sc.unkey(ck)[0]
            eff = effects[ck] if code < 0 else effects[(ck, code)]
            why = (
                eff[2]
                if code >= 0 or code == sc.GROUND
                else f"{eff[2]} (Inherent Terrain: "
                f"{'the whole hex' if code == sc.CROSSED else 'through a vertex of its hex'})"
            )
            key = (cited, eff[3], eff[1])
            rules = ruled.get(key)
            if rules is None:
                w = _Walk(base_rules[0])
                w.rules[1:] = base_rules[1:]
                if cited:
                    w.cite(inherent)
                w.cite(eff[3], eff[1])
                rules = ruled[key] = tuple(w.rules)
            name_b = hnames.get(kb) if not b.level else None
            out[i] = LosResult(
                False,
                _range(dx, dy),
                0,
                Blocker(hname(k), eff[1], why, (start[0] + x, start[1] + y)),
                name_a,
                loc_name(b, kb) if name_b is None else name_b,
                (),
                rules,
                notes,
            )
            done.add(j)
        return rest + [t for j, t in enumerate(mine) if j not in done]

    _VARIES: Any = object()
    """What a hex does where that turns on the range to the far end (:meth:`_near_effect`)."""

    def _near_effect(
        self, p: _Prof | None, g2: int, ea: int, eb: int, rk: int, cliffy: bool = False
    ) -> Any:
        """What the hex at offset key ``rk`` from the viewer (at ``ea`` half levels) does to a
        thread to a Location at ``eb``: its terrain ``p`` (:meth:`_hex_effect`), or (None) its
        ground at ``g2`` half levels (:meth:`_height_test`: behind a Crest Line, or where the
        hex holds a cliff (``cliffy``) behind either); ``_VARIES`` where that turns on the range
        from the hex to the far end, as a blind hex does (A6.4, B10.23: the ranges from each
        end to the obstacle) and an orchard next to the lower end (B14.2), or on whether the
        ground is a cliff's (B10.23: a cliff casts one more blind hex). The ranges turn it one
        way only (more range, fewer blind hexes; the orchard at range 1), so the nearest and a
        far range agreeing answer for every range."""
        hi, lo = (ea, eb) if ea >= eb else (eb, ea)
        ra = _range(*_unrkey(rk))
        got: list[Any] = []
        for rb in (1, 1 << 20) if hi != lo else (0,):
            r_hi, r_lo = (ra, rb) if ea >= eb else (rb, ra)
            if p is None:
                for crest in (True, False) if cliffy else (True,):
                    got.append(self._height_test(g2, hi, lo, r_hi, r_lo, crest=crest))
            else:
                got.append(self._hex_effect(p, hi, lo, r_hi, r_lo, False))
        if got.count(got[0]) < len(got) or (cliffy and got[0] == "blind"):
            return self._VARIES  # (a blind hex behind a cliff is named for it: _ground_block)
        return got[0]

    def _ground_block(self, t: str, g2: int, cliff: bool, water_end: bool) -> tuple[str, str]:
        """The rule and the reason of ground at ``g2`` half levels that blocks (``t``:
        :meth:`_height_test`'s answer): a hill or Water Obstacle's ground (A6.2, B10.2,
        B21.2), or a blind hex behind a Crest Line or cliff (B10.23, A6.4); kept."""
        key = (t, g2, cliff, water_end)
        got = self._whys.get(key)
        if got is None:
            d = self.data
            if t == "blind":
                rule = d.rule("blind_hex") if cliff else d.rule("crest_blind_hex")
                behind = "cliff" if cliff else "Crest Line"
                why = f"blind hex behind the {behind} at level {_lv(g2)}"
            else:
                rule = d.rule("water") if water_end else d.rule("hill")
                how = HEIGHT_WHY[t]
                why = f"ground at level {_lv(g2)}, {how}"
            got = self._whys[key] = (rule, why)
        return got

    def _touched_first(self, ka: int, thr: int, dx: int, dy: int, met: tuple[int, ...]) -> bool:
        """May a hex that the thread to offset ``(dx, dy)`` touches at a vertex, with none of
        its pixels in it, matter before the hex that blocks it (``met``: that hex's place
        among the hexes of its pixels, then their offset keys)? The walk judges such a hex
        after the hex the thread comes out of (:func:`aslpto.rules.los.pixels._with_empties`)."""
        at, keys = met[0], met[1:]
        before, have = set(keys[:at]), set(keys)
        needs, need, prof = self._needs, self._need, self.prof
        for (fx, fy), hs in _at_vertices(dx, dy).items():
            if (fx, fy) != (0, 0) and fx * _K + fy not in before:
                continue  # (after the hex that blocks)
            for hx, hy in hs:
                k = ka + hx * _K + hy
                if hx * _K + hy in have or k not in prof:
                    continue
                n = needs.get(k)
                if (need(k) if n is None else n) > thr:
                    return True
        return False
