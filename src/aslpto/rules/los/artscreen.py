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
from aslpto.rules.los.walk import _K, _Prof, _Walk

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
        targets at ``a``'s level (what a hex does to them then turns on no range: no blind
        hex, A6.4), no end entrenched, IN a Depression or in water, no thread along a hexside.
        ``said``: the rules and notes every answer from ``a`` carries, and ``a``'s name."""
        try:
            from aslpto.rules.los import screen as sc  # (numpy: the vasl extra)
            from aslpto.rules.los.layout import runs
        except ImportError:  # pragma: no cover - numpy is installed with the vasl extra
            return waiting
        mine, rest = [], []
        for t in waiting:
            b, dx, dy = t[1], t[5], t[6]
            if (
                t[7] == 0
                and t[4][0] == ea
                and b.position in ("ground", "in")
                and not (t[3].water or b.entrenched)
                and dy != 0
                and abs(dy) != 3 * abs(dx)  # (none along a hexside: A6.1's hexspine)
            ):
                mine.append(t)
            else:
                rest.append(t)
        if not mine:
            return rest
        geo, plane = self.geometry, self._plane
        assert geo is not None and plane is not None
        thr = _ZERO + ea // 2
        needs, need, prof, tops = self._needs, self._need, self.prof, self._tops
        grain, floors, kinds, wholes = self._grain, self._water_floors, self.kinds, self._wholes
        effect, prof_of, resolved = self._hex_effect, self._prof_of, self._resolved
        effects: dict[Any, Any] = {}

        def hexes(rks: list[int]) -> list[int]:
            self._need_many(ka + rk for rk in rks)
            got = []
            for rk in rks:
                k = ka + rk
                n = needs.get(k)
                if n is None:
                    n = need(k)
                if n <= thr or k not in prof:
                    got.append(sc.SKIP)
                elif k in grain or k in floors or tops[k][0] > thr or not tops[k][1]:
                    got.append(sc.STOP)  # (hex grain, water, ground that may rise: the walk)
                elif k not in wholes:
                    got.append(sc.CODES)
                else:
                    kd, lev = wholes[k]
                    eff = effects[k] = effect(prof_of(kd, lev), ea, ea, 0, 0, False)
                    got.append(
                        sc.WHOLE_NOTHING
                        if eff is None
                        else sc.WHOLE_BLOCKS
                        if len(eff) == 4 and eff[1] != G8_LOS
                        else sc.WHOLE_HINDERS
                    )
            return got

        def codes_of(rks: list[int], codes: list[int]) -> list[int]:
            got = []
            for rk, code in zip(rks, codes, strict=True):
                k = ka + rk
                tk, _, _, drawn = tops[k]
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
                    else:
                        eff = effects[(k, code)] = effect(prof_of(kd, tk), ea, ea, 0, 0, False)
                        got.append(
                            sc.NOTHING
                            if eff is None
                            else (sc.BLOCKS if eff[1] != G8_LOS else sc.WALK)
                            if len(eff) == 4
                            else sc.HINDERS
                        )
            return got

        if all(c in (sc.SKIP, sc.STOP) for c in hexes(list(_NEAR))):
            return waiting  # (nothing about the viewer the screen can judge: hills, water, ...)
        vertex = [bool(_vertices_met(t[5], t[6])) for t in mine]
        fx, fy = a.hex.x % 4, a.hex.y % 4
        offsets = [(t[5], t[6]) for t in mine]
        stepped = runs(
            *geo.centre4(fx, fy), geo.qx, geo.qy, _periodic(geo), (fx, fy), offsets, _SCREENED
        )
        found = sc.screen(stepped, plane.mask, base, plane.stride, hexes, codes_of, vertex)
        base_rules, notes, name_a = said
        inherent = self.data.rule("inherent")
        ruled: dict[tuple[bool, str, str], tuple[str, ...]] = {}
        hname, hnames, loc_name = self._hname, self._names, self._loc_name
        done = set()
        for j, rk, x, y, code, cited, met in found:
            i, b, kb, dx, dy = mine[j][0], mine[j][1], mine[j][2], mine[j][5], mine[j][6]
            if met and self._touched_first(ka, thr, dx, dy, met):
                continue
            k = ka + rk
            eff = effects[k] if code < 0 else effects[(k, code)]
            why = (
                eff[2]
                if code >= 0
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
