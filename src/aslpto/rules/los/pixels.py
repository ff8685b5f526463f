"""The thread over a real board's pixels, for :mod:`aslpto.rules.los.artwork`: VASL's hex
grid in quarter pixels (:class:`_Geometry`), the pixels whose interior the thread passes
through (:func:`_thread_pixels`), each given to the hex whose centre is nearest, except the
pixel where the thread leaves (enters) an end's hex, which is that end's (:func:`_doors`), and
laid out once per offset and fraction of a pixel (:func:`_pattern`) with the hexes the thread
runs along (:func:`_along`)."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from operator import itemgetter

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.board.artwork import Artwork
from aslpto.board.hexes import Hex, distance
from aslpto.rules.los.thread import trace


@record(slots=True)
class _Pattern:
    """The thread between two hex centres as pixels, relative to the first centre's pixel,
    grouped by the hex each lies in (in the order the thread meets them), the end hexes left
    out. ``groups``: (hex dx, hex dy, range from the first end, range to the second, first
    pixel, end pixel)."""

    xs: array[int]  # each pixel's offset from the first centre's pixel
    ys: array[int]
    getter: Callable[[Any], Any]
    low: int  # the lowest index offset (pixel (dx, dy) is at dx * height + dy)
    box: tuple[int, int, int, int]  # min dx, max dx, min dy, max dy
    groups: tuple[tuple[int, int, int, int, int, int], ...]


@record(slots=True)
class _Geometry:
    """The hex grid in quarter pixels: hex centre of ``Hex(x, y)`` at
    ``(ax + qx * x, ay + qy * (y - 2))``; boards ``width`` x ``height`` pixels."""

    qx: int
    qy: int
    ax: int
    ay: int
    width: int
    height: int

    def centre4(self, x: int, y: int) -> tuple[int, int]:
        return self.ax + self.qx * x, self.ay + self.qy * (y - 2)

    def nearest(self, px: int, py: int) -> tuple[int, int]:
        """The hex whose centre is nearest the centre of pixel ``(px, py)`` (ties: the lower
        column, then the lower row)."""
        cx, cy = 4 * px + 2, 4 * py + 2
        c0 = (cx - self.ax) // self.qx
        best: tuple[int, int, int] | None = None
        for c in (c0, c0 + 1):
            yr = (cy - self.ay) // self.qy + 2
            y_lo = yr if (yr - c) % 2 == 0 else yr - 1
            for y in (y_lo, y_lo + 2):
                hx, hy = self.centre4(c, y)
                d = (cx - hx) ** 2 + (cy - hy) ** 2
                cand = (d, c, y)
                if best is None or cand < best:
                    best = cand
        assert best is not None
        return best[1], best[2]


def _thread_pixels(sx: int, sy: int, ex: int, ey: int) -> list[tuple[int, int]]:
    """The pixels whose interior the segment from ``(sx, sy)`` to ``(ex, ey)`` (quarter
    pixels) passes through, in order from the start; the same set either way."""
    if sx == ex:
        c = sx // 4
        r0, r1 = sy // 4, ey // 4
        step = 1 if r1 >= r0 else -1
        return [(c, r) for r in range(r0, r1 + step, step)]
    flip = sx > ex
    lx, ly, rx, ry = (ex, ey, sx, sy) if flip else (sx, sy, ex, ey)
    d = rx - lx
    dy = ry - ly
    den = 4 * d
    out: list[tuple[int, int]] = []
    for c in range(lx // 4, rx // 4 + 1):
        xa, xb = max(4 * c, lx), min(4 * c + 4, rx)
        na, nb = ly * d + (xa - lx) * dy, ly * d + (xb - lx) * dy
        lo_n, hi_n = (na, nb) if na <= nb else (nb, na)
        r_lo = lo_n // den
        r_hi = max(-(-hi_n // den) - 1, r_lo)
        rows = range(r_lo, r_hi + 1) if dy >= 0 else range(r_hi, r_lo - 1, -1)
        out.extend((c, r) for r in rows)
    if flip:
        out.reverse()
    return out


@lru_cache(maxsize=8192)
def _along(dx: int, dy: int) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """The hexes on either side of each hexside the thread to offset ``(dx, dy)`` runs along
    (A6.1's thread "traced exactly along" a hexside), each under the other."""
    out: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for e in trace(Hex(0, 0), Hex(dx, dy)):
        if e.kind == "spine":
            p, q = e.hexes
            out[(p.x, p.y)] = (*out.get((p.x, p.y), ()), (q.x, q.y))
            out[(q.x, q.y)] = (*out.get((q.x, q.y), ()), (p.x, p.y))
    return out


@lru_cache(maxsize=4)
def _periodic(geo: _Geometry) -> tuple[tuple[int, int], ...]:
    """The hex nearest each pixel of one period of the grid: four columns (``qx`` pixels)
    across, two rows (``qy`` pixels) down; pixel ``(x + qx, y)`` lies in the hex four columns
    on, ``(x, y + qy)`` in the hex two rows down."""
    return tuple(geo.nearest(x, y) for x in range(geo.qx) for y in range(geo.qy))


_PAD = 16
"""Pixel columns before each board's grids, where a thread's index base may fall."""
_INDEX: dict[int, int] = {}
"""One int object per index offset, shared by every laid-out thread."""


@lru_cache(maxsize=4096)
def _pattern(geo: _Geometry, fx: int, fy: int, dx: int, dy: int) -> _Pattern:
    """The thread from hex ``(fx, fy)`` to ``(fx + dx, fy + dy)``; it is the same, moved, from
    any hex whose column and doubled row are those modulo 4 (its centre then lies at the same
    fraction of a pixel)."""
    sx, sy = geo.centre4(fx, fy)
    ex, ey = geo.centre4(fx + dx, fy + dy)
    spx, spy = sx // 4, sy // 4
    a, b = (fx, fy), (fx + dx, fy + dy)
    order: dict[tuple[int, int], list[tuple[int, int]]] = {}
    table, qx, qy = _periodic(geo), geo.qx, geo.qy
    doors = _doors(geo, a, b)
    for px, py in _thread_pixels(sx, sy, ex, ey):
        if (px, py) in doors:
            continue  # the pixel where the thread enters an end's hex: that hex's
        kx, rx = divmod(px, qx)
        ky, ry = divmod(py, qy)
        hc, hr = table[rx * qy + ry]
        h = (hc + 4 * kx, hr + 4 * ky)
        if h in (a, b):
            continue
        order.setdefault(h, []).append((px - spx, py - spy))
    rel: list[tuple[int, int]] = []
    groups = []
    ha, hb = Hex(*a), Hex(*b)
    along = _along(dx, dy)
    added: set[tuple[int, int]] = set()
    for (hx, hy), pixels in order.items():
        h = Hex(hx, hy)
        groups.append(
            (hx - fx, hy - fy, distance(ha, h), distance(h, hb), len(rel), len(rel) + len(pixels))
        )
        rel.extend(pixels)
        for rx, ry in along.get((hx - fx, hy - fy), ()):
            if (rx + fx, ry + fy) not in order and (rx, ry) not in added:
                added.add((rx, ry))  # a hex the thread runs along with no pixel in it
                o = Hex(rx + fx, ry + fy)
                groups.append((rx, ry, distance(ha, o), distance(o, hb), len(rel), len(rel)))
    xs, ys = array("i", (x for x, _ in rel)), array("i", (y for _, y in rel))
    if not rel:
        return _Pattern(xs, ys, lambda v: (), 0, (0, 0, 0, 0), ())
    offs = [x * geo.height + y for x, y in rel]
    quantum = _PAD * geo.height  # (threads of about the same reach share index objects)
    low = min(offs) // quantum * quantum
    idx = [_INDEX.setdefault(o - low, o - low) for o in offs]
    getter: Callable[[Any], Any]
    if len(idx) == 1:
        only = idx[0]
        getter = lambda v: (v[only],)  # noqa: E731
    else:
        getter = itemgetter(*idx)
    return _Pattern(xs, ys, getter, low, (min(xs), max(xs), min(ys), max(ys)), tuple(groups))


_AROUND = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))


def _doors(geo: _Geometry, a: tuple[int, int], b: tuple[int, int]) -> set[tuple[int, int]]:
    """The pixels holding the point where the thread from hex ``a``'s centre to ``b``'s
    leaves ``a``, and the point where it enters ``b`` (a hex: the points nearer its centre
    than any other's). Such a pixel lies across the end hex's edge; it is the end hex's, so
    that terrain of the end's own drawn up to its edge (where a thread along a hexside meets
    the end hex's vertex, say) is not taken for the neighbour's (A6.1)."""
    out: set[tuple[int, int]] = set()
    ca, cb = geo.centre4(*a), geo.centre4(*b)
    for (x0, y0), (x1, y1), (hx, hy) in ((ca, cb, a), (cb, ca, b)):
        ddx, ddy = x1 - x0, y1 - y0
        # the thread leaves the hex across the bisector nearest its centre along it
        t = min(
            (
                Fraction(ux * ux + uy * uy, 2 * dot)
                for ux, uy in (
                    (nx - x0, ny - y0)
                    for nx, ny in (geo.centre4(hx + ox, hy + oy) for ox, oy in _AROUND)
                )
                if (dot := ddx * ux + ddy * uy) > 0
            ),
            default=None,
        )
        if t is not None and t < 1:
            cols, rows = _cells(x0 + t * ddx), _cells(y0 + t * ddy)
            out.update((c, r) for c in cols for r in rows)
    return out


def _cells(q: Fraction) -> tuple[int, ...]:
    """The pixel rows (columns) whose closed span holds the coordinate ``q`` (quarter
    pixels): one, or two where it lies on their boundary."""
    v = q / 4
    n = math.floor(v)
    return (n - 1, n) if v == n else (n,)


def _dist4(geo: _Geometry, h: Hex, px: int, py: int) -> int:
    x4, y4 = geo.centre4(h.x, h.y)
    return (4 * px + 2 - x4) ** 2 + (4 * py + 2 - y4) ** 2


def _geometry(art: Artwork) -> _Geometry | None:
    """The artwork's hex grid in quarter pixels, if it is one the walk knows: centres on
    quarter pixels, a board ``32`` hex widths wide and ``10`` hex heights high."""
    qx, qy = 4 * art.hex_width, 2 * art.hex_height
    ax, ay = 4 * art.a1_x, 4 * art.a1_y
    if not all(float(v).is_integer() for v in (qx, qy, ax, ay)):
        return None
    geo = _Geometry(int(qx), int(qy), int(ax), int(ay), art.width, art.height)
    if 4 * art.width != 32 * geo.qx or 4 * art.height != 20 * geo.qy:
        return None
    return geo
