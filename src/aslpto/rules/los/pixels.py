"""The thread over a real board's pixels, for :mod:`aslpto.rules.los.artwork`: VASL's hex
grid in quarter pixels (:class:`_Geometry`), the thread's pixels as VASL steps them
(:func:`_thread_pixels`), each given to the hex whose centre is nearest, except the
pixel where the thread leaves (enters) an end's hex, which is that end's (:func:`_doors`), and
laid out once per offset and fraction of a pixel (:func:`_pattern`; many from one hex at
once, whole or near it first: :func:`_patterns_many`) with the hexes the thread runs along
(:func:`_along`) or touches at a vertex (:func:`_at_vertices`)."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import lru_cache
from math import gcd
from operator import itemgetter

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.board.artwork import Artwork, about_centre
from aslpto.board.hexes import Hex
from aslpto.rules.los.thread import crosses, touches, vertex_hexes
from aslpto.rules.los.walk import _K


class _Pattern:
    """The thread between two hex centres as pixels, relative to the first centre's pixel,
    grouped by the hex each lies in (in the order the thread meets them), the end hexes left
    out. ``groups``: (hex dx, hex dy, range from the first end, range to the second, first
    pixel, end pixel); ``keys``: each group's hex as a key offset (``walk._rkey``). A grid of
    ``stride`` rows read from ``base`` (the first centre's pixel index plus ``low``) gives a
    group's pixels through :meth:`get` (made as asked), the whole thread's through
    :attr:`getter`. The pixels are kept as bytes of C ints (``xs``, ``ys``, ``offs`` read them)
    and the answers of :meth:`exact` as a bytearray: a viewshed keeps thousands of patterns,
    and bytes are nothing to Python's cycle collector, where each array would be one more
    object it walks at every full collection."""

    __slots__ = (
        "_exact",
        "_full",
        "_offs",
        "_xs",
        "_ys",
        "groups",
        "keys",
        "low",
        "partial",
        "range",
        "reach",
    )

    def __init__(
        self,
        xs: array[int] | bytes,
        ys: array[int] | bytes,
        offs: array[int] | bytes,
        low: int,
        groups: tuple[tuple[int, int, int, int, int, int], ...],
        rng: int = 0,
        keys: tuple[int, ...] | None = None,
        partial: bool = False,
        exact: bytes | None = None,
    ) -> None:
        self.range = rng  # between the two hexes
        self._xs = bytes(xs)  # each pixel's offset from the first centre's pixel
        self._ys = bytes(ys)
        self._offs = bytes(offs)  # each pixel's index offset from the base
        self.low = low  # the lowest index offset (pixel (dx, dy) is at dx * stride + dy)
        self.groups = groups
        self.keys = tuple(g[0] * _K + g[1] for g in groups) if keys is None else keys  # (_rkey)
        self.partial = partial  # a part: the groups of the hexes near the first end only
        self.reach = 0  # (a part: the columns and rows from the first centre's pixel laid out)
        self._full: Callable[[Any], tuple[int, ...]] | None = None
        # (0: not asked yet; 1: no; 2: along a hexside or at a vertex; 3: crossed, :meth:`met`)
        self._exact = bytearray(len(groups)) if exact is None else bytearray(exact)

    @property
    def xs(self) -> memoryview:
        """Each pixel's column offset from the first centre's pixel."""
        return memoryview(self._xs).cast("i")

    @property
    def ys(self) -> memoryview:
        """Each pixel's row offset from the first centre's pixel."""
        return memoryview(self._ys).cast("i")

    @property
    def offs(self) -> memoryview:
        """Each pixel's index offset from the base."""
        return memoryview(self._offs).cast("i")

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The least and greatest pixel offsets: min dx, max dx, min dy, max dy."""
        xs, ys = self.xs, self.ys
        return (min(xs), max(xs), min(ys), max(ys)) if xs else (0, 0, 0, 0)

    def get(self, i: int) -> Callable[[Any], tuple[int, ...]]:
        """The getter of group ``i``'s pixels, made as asked: a viewer seldom asks a pattern
        laid out for another viewer for the same group, and getters kept would be objects
        for the cycle collector to walk."""
        g = self.groups[i]
        return _getter(self.offs[g[4] : g[5]])

    def exact(self, i: int, dx: int, dy: int) -> bool:
        """Does the exact thread (to the offset ``(dx, dy)``) cross group ``i``'s hex, run
        along a hexside of it, or pass through one of its vertices
        (:func:`aslpto.rules.los.thread.crosses`, :func:`_along`, :func:`touches`)?"""
        return self.met(i, dx, dy) >= 2

    def met(self, i: int, dx: int, dy: int) -> int:
        """How the exact thread (to the offset ``(dx, dy)``) meets group ``i``'s hex: 3 it
        crosses it, 2 it runs along one of its hexsides or passes through one of its vertices,
        1 not at all (:meth:`exact`)."""
        got = self._exact[i]
        if not got:
            hx, hy = self.groups[i][0], self.groups[i][1]
            got = (
                3
                if crosses(dx, dy, hx, hy)
                else 2
                if (hx, hy) in _along(dx, dy) or touches(dx, dy, hx, hy)
                else 1
            )
            self._exact[i] = got
        return got

    @property
    def getter(self) -> Callable[[Any], tuple[int, ...]]:
        """The getter of the whole thread's pixels."""
        got = self._full
        if got is None:
            got = self._full = _getter(self.offs)
        return got


def _getter(offs: Sequence[int]) -> Callable[[Any], tuple[int, ...]]:
    if not offs:
        return lambda v: ()
    if len(offs) == 1:
        only = offs[0]
        return lambda v: (v[only],)
    return itemgetter(*offs)


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
    """The pixels of the thread between the centres ``(sx, sy)`` and ``(ex, ey)`` (quarter
    pixels), in order from the start, as VASL steps them (``Map.LOS``): from the pixel of one
    centre to the other's, column by column, each of the ``n`` columns taking the rows from
    where the thread enters it to where it leaves, the rise spread evenly over the ``n``
    columns. The walk goes from the centre further left (higher, in one column), so the set is
    the same either way (a LOS is the same both ways)."""
    if (sx, sy) > (ex, ey):
        back = _thread_pixels(ex, ey, sx, sy)
        back.reverse()
        return back
    x0, y0, x1, y1 = sx // 4, sy // 4, ex // 4, ey // 4
    n = x1 - x0 + 1
    rise = y1 - y0
    step = -1 if rise < 0 else 1
    out: list[tuple[int, int]] = []
    for i in range(n):
        r0 = (y0 * n + i * rise) // n
        r1 = (y0 * n + (i + 1) * rise) // n
        out.extend((x0 + i, r) for r in range(r0, r1 + step, step))
    return out


@lru_cache(maxsize=8192)
def _along(dx: int, dy: int) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """The hexes on either side of each hexside the thread to offset ``(dx, dy)`` runs along
    (A6.1's thread "traced exactly along" a hexside), each under the other. Only a thread
    parallel to a hexside can run along one: in thread coordinates (:mod:`.thread`) the
    hexsides run (2, 0), (1, 1) and (1, -1), the thread (3 dx, dy). Along (2, 0) it leaves each
    hex it crosses at a vertex, runs the hexside between the hexes one column on and a row
    either side, and enters the hex two columns on; along (1, 1) it runs the hexside between
    the hexes one row past the hex it leaves and one column and row on. The same hexsides as
    :func:`aslpto.rules.los.thread.trace` finds (``tests/test_los_bulk.py``)."""
    out: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    if dy == 0:
        pairs = [((sx * (2 * m + 1), -1), (sx * (2 * m + 1), 1)) for m in range(abs(dx) // 2)]
    elif abs(dy) == 3 * abs(dx):
        pairs = [
            ((sx * m, sy * (3 * m + 2)), (sx * (m + 1), sy * (3 * m + 1))) for m in range(abs(dx))
        ]
    else:
        return out
    for p, q in pairs:
        out[p] = (q,)
        out[q] = (p,)
    return out


@lru_cache(maxsize=16384)
def _vertices_met(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """The vertices the thread to offset ``(dx, dy)`` passes through between its ends, in
    order, in thread coordinates (:mod:`.thread`): it runs from (0, 0) to (3 dx, dy) and meets
    the lattice only at the ``g - 1`` points between, ``g`` the two's greatest common divisor;
    a vertex is a lattice point (:func:`aslpto.rules.los.thread.vertex_hexes`). Kept."""
    ex, ey = 3 * dx, dy
    g = gcd(ex, ey)
    out = []
    for k in range(1, g):
        vx, vy = ex // g * k, ey // g * k
        c, r = divmod(vx, 3)
        if (r == 2 and (c + vy) % 2 == 0) or (r == 1 and (c + vy) % 2 == 1):
            out.append((vx, vy))
    return tuple(out)


@lru_cache(maxsize=8192)
def _at_vertices(dx: int, dy: int) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """The hexes the thread to offset ``(dx, dy)`` touches only at a vertex it passes through
    from one hex into another (B.6: Inherent Terrain there acts on it), under the hex it
    comes out of; a vertex where it comes along or goes on along a hexside is not one. Of the
    three hexes at such a vertex, the one it touches lies wholly on one side of it: both its
    hexsides there point to that side; it comes out of the one whose hexsides there lie about
    the way back."""
    out: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    ex, ey = 3 * dx, dy
    for v in _vertices_met(dx, dy):
        hs = vertex_hexes(v)
        # the hexsides at v, each from v to its other end: between hs[0] and hs[1], hs[0] and
        # hs[2], hs[1] and hs[2] (hs[0] lies to the west of v, or to the east)
        s = -1 if v[0] % 3 == 2 else 1
        rays = {
            p: (rx, ry, ex * ry - ey * rx)  # (its side of the thread)
            for p, (rx, ry) in (((0, 1), (s, -1)), ((0, 2), (s, 1)), ((1, 2), (-2 * s, 0)))
        }
        if any(r[2] == 0 for r in rays.values()):
            continue  # along a hexside (A6.1's thread along a hexspine): no hex only touched
        touched = frm = -1
        for t in range(3):
            r1, r2 = (r for p, r in rays.items() if t in p)
            if r1[2] * r2[2] > 0:
                touched = t
            else:
                # (the way back, -(ex, ey), between the hex's two hexsides there)
                c12 = r1[0] * r2[1] - r1[1] * r2[0]
                c1 = -(r1[0] * ey - r1[1] * ex)
                c2 = -(ex * r2[1] - ey * r2[0])
                if c1 * c12 > 0 and c2 * c12 > 0:
                    frm = t
        h, f = hs[touched], hs[frm]
        if (h.x, h.y) not in ((0, 0), (dx, dy)):
            out[(f.x, f.y)] = (*out.get((f.x, f.y), ()), (h.x, h.y))
    return out


@lru_cache(maxsize=4)
def _periodic(geo: _Geometry) -> tuple[tuple[int, int], ...]:
    """The hex nearest each pixel of one period of the grid: four columns (``qx`` pixels)
    across, two rows (``qy`` pixels) down; pixel ``(x + qx, y)`` lies in the hex four columns
    on, ``(x, y + qy)`` in the hex two rows down. With numpy where it is installed (the same
    hexes: :func:`aslpto.rules.los.layout.nearest_hexes`), else pixel by pixel."""
    if _numpy_layout() is _lay_out:  # pragma: no cover - numpy is installed with the vasl extra
        return tuple(geo.nearest(x, y) for x in range(geo.qx) for y in range(geo.qy))
    from aslpto.rules.los.layout import nearest_hexes  # (numpy: the vasl extra)

    return nearest_hexes(geo.qx, geo.qy, geo.ax, geo.ay)


@lru_cache(maxsize=32)
def _region(geo: _Geometry, cx: int, cy: int) -> tuple[tuple[int, int, int], ...]:
    """The pixels nearer the centre of a hex of column ``cx`` and doubled row ``cy`` (modulo
    4) than any other's, as runs down each pixel column: (column offset, first and last row
    offset) from the centre's pixel. The same for every hex whose column and row are those
    modulo 4."""
    hx, hy = cx + 8, cy + 8  # (away from the grid's origin)
    x4, y4 = geo.centre4(hx, hy)
    px0, py0 = x4 // 4, y4 // 4
    table, qx, qy = _periodic(geo), geo.qx, geo.qy
    reach_x, reach_y = qx // 4 + 2, qy // 2 + 2
    if _numpy_layout() is not _lay_out:
        from aslpto.rules.los.layout import hex_runs  # (numpy: the vasl extra)

        return hex_runs(table, qx, qy, (hx, hy), (px0, py0), (reach_x, reach_y))
    runs = []
    for px in range(px0 - reach_x, px0 + reach_x + 1):
        kx, rx = divmod(px, qx)
        rows = []
        for py in range(py0 - reach_y, py0 + reach_y + 1):
            ky, ry = divmod(py, qy)
            c, r = table[rx * qy + ry]
            if (c + 4 * kx, r + 4 * ky) == (hx, hy):
                rows.append(py)
        if rows:
            if rows[-1] - rows[0] + 1 != len(rows):  # pragma: no cover - a hex is convex
                raise ValueError("a hex's pixels are not one run down a column")
            runs.append((px - px0, rows[0] - py0, rows[-1] - py0))
    return tuple(runs)


def _central(geo: _Geometry) -> tuple[tuple[int, int, int], ...]:
    """The pixels about a hex's centre, nearer its centre pixel than the midpoint of any of
    its hexsides (:func:`aslpto.board.artwork.about_centre`; the apothem ``qy / 4`` pixels):
    Inherent Terrain drawn there dominates the hex (B.1)."""
    return about_centre(geo.qy / 4)


_PAD = 16
"""Pixel columns before each board's grids, where a thread's index base may fall."""

_LAY_OUT: list[Callable[..., Any]] = []
"""The layout with numpy (:func:`aslpto.rules.los.layout.lay_out`), once imported; empty
where numpy is not installed (the vasl extra): the layout in Python."""


def _numpy_layout() -> Callable[..., Any] | None:
    if not _LAY_OUT:
        try:
            from aslpto.rules.los.layout import lay_out  # (numpy: the vasl extra)
        except ImportError:  # pragma: no cover - numpy is installed with the vasl extra
            _LAY_OUT.append(_lay_out)
        else:
            _LAY_OUT.append(lay_out)
    return _LAY_OUT[0]


@lru_cache(maxsize=4096)
def _pattern(geo: _Geometry, stride: int, fx: int, fy: int, dx: int, dy: int) -> _Pattern:
    """The thread from hex ``(fx, fy)`` to ``(fx + dx, fy + dy)`` over a grid of ``stride``
    rows; it is the same, moved, from any hex whose column and doubled row are those modulo 4
    (its centre then lies at the same fraction of a pixel). Laid out with numpy where it is
    installed, else in Python (:func:`_lay_out`): the same pattern either way."""
    lay_out = _numpy_layout()
    assert lay_out is not None
    return _assemble(fx, fy, dx, dy, *lay_out(*_layout_args(geo, stride, fx, fy, dx, dy)))


def _patterns_many(
    geo: _Geometry,
    stride: int,
    fx: int,
    fy: int,
    offsets: list[tuple[int, int]],
    reach: int | None = None,
    planes: tuple[bytes, bytes, int] | None = None,
    read: list[tuple[bytes, bytes]] | None = None,
) -> list[_Pattern | None]:
    """:func:`_pattern` for many offsets from hex ``(fx, fy)`` at once, with numpy
    (:func:`aslpto.rules.los.layout.lay_out_many`); with ``reach``, of only the pixels less
    than ``reach`` columns and rows from its centre pixel (a part: :attr:`_Pattern.partial`);
    None for every thread where numpy is not installed (laid out alone: :func:`_pattern`).
    ``planes``, ``read``: each thread's pixels read from the planes too
    (:func:`aslpto.rules.los.layout.lay_out_many`)."""
    lay_out = _numpy_layout()
    if lay_out is _lay_out:  # pragma: no cover - numpy is installed with the vasl extra
        return [None] * len(offsets)
    from aslpto.rules.los.layout import lay_out_many  # (numpy: the vasl extra)

    sx, sy = geo.centre4(fx, fy)
    wanted = [bool(_along(dx, dy) or _at_vertices(dx, dy)) for dx, dy in offsets]
    table = _periodic(geo)
    laid = lay_out_many(
        sx, sy, geo.qx, geo.qy, table, (fx, fy), offsets, stride, reach, wanted, planes, read
    )
    out: list[_Pattern | None] = []
    for (dx, dy), got in zip(offsets, laid, strict=True):
        part, groups, keys, xs, ys, offs, low, beyond, exact = got
        full = _with_empties(groups, dx, dy, beyond)
        if full is groups:
            out.append(_Pattern(xs, ys, offs, low, full, _range(dx, dy), keys, part, exact))
        else:  # (the keys of the groups added too; their exactness as asked)
            out.append(_Pattern(xs, ys, offs, low, full, _range(dx, dy), None, part))
    return out


def _layout_args(
    geo: _Geometry, stride: int, fx: int, fy: int, dx: int, dy: int
) -> tuple[Any, ...]:
    """What a layout needs: the two centres (quarter pixels), the grid's period and its
    table of nearest hexes, the doors, the two end hexes, the grid's stride."""
    sx, sy = geo.centre4(fx, fy)
    ex, ey = geo.centre4(fx + dx, fy + dy)
    a, b = (fx, fy), (fx + dx, fy + dy)
    return (sx, sy, ex, ey, geo.qx, geo.qy, _periodic(geo), _doors(geo, a, b), a, b, stride)


def _lay_out(
    sx: int,
    sy: int,
    ex: int,
    ey: int,
    qx: int,
    qy: int,
    table: tuple[tuple[int, int], ...],
    doors: set[tuple[int, int]],
    a: tuple[int, int],
    b: tuple[int, int],
    stride: int,
) -> tuple[list[tuple[int, int]], list[int], array[int], array[int], array[int], int]:
    """The thread's pixels grouped by hex in the order the thread meets them: the hexes, each
    one's count of pixels, the pixels' offsets from the first centre's pixel (x, y), their
    index offsets in a grid of ``stride`` rows from the lowest, and the lowest (a multiple of
    ``_PAD`` columns: threads of about the same reach share a base)."""
    spx, spy = sx // 4, sy // 4
    order: dict[tuple[int, int], list[tuple[int, int]]] = {}
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
    xs = array("i", [x for pixels in order.values() for x, _ in pixels])
    ys = array("i", [y for pixels in order.values() for _, y in pixels])
    offs = [x * stride + y for x, y in zip(xs, ys, strict=True)]
    quantum = _PAD * stride
    low = min(offs) // quantum * quantum if offs else 0
    hexes, counts = list(order), [len(p) for p in order.values()]
    return hexes, counts, xs, ys, array("i", [o - low for o in offs]), low


def _assemble(
    fx: int,
    fy: int,
    dx: int,
    dy: int,
    hexes: list[tuple[int, int]],
    counts: list[int],
    xs: array[int],
    ys: array[int],
    offs: array[int],
    low: int,
) -> _Pattern:
    """The pattern of a laid-out thread: its groups, with the hexes the thread runs along or
    touches at a vertex that hold none of its pixels."""
    groups = []
    pos = 0
    for (hx, hy), n in zip(hexes, counts, strict=True):
        ox, oy = hx - fx, hy - fy  # (from the first hex; to the second: dx - ox, dy - oy)
        # (_range inline: the range from the first hex, and to the second)
        ax, ay = abs(ox), abs(oy)
        bx, by = abs(dx - ox), abs(dy - oy)
        ra = ax + (ay - ax) // 2 if ay > ax else ax
        rb = bx + (by - bx) // 2 if by > bx else bx
        groups.append((ox, oy, ra, rb, pos, pos + n))
        pos += n
    full = _with_empties(tuple(groups), dx, dy)
    return _Pattern(xs, ys, offs, low, full, _range(dx, dy))


def _with_empties(
    groups: tuple[tuple[int, int, int, int, int, int], ...],
    dx: int,
    dy: int,
    beyond: Sequence[tuple[int, int]] = (),
) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """The groups of the thread to offset ``(dx, dy)`` with a group of no pixels for each hex
    it runs along or touches at a vertex that holds none of its pixels (:func:`_along`,
    :func:`_at_vertices`), after the hex it lies beside. ``beyond``: hexes holding pixels
    of the thread not in ``groups`` (a part of it)."""
    along = _along(dx, dy)
    touched = _at_vertices(dx, dy)
    if not along and not touched:
        return groups
    crossed = {(g[0], g[1]) for g in groups}
    crossed.update(beyond)
    out: list[tuple[int, int, int, int, int, int]] = []

    def empty(near: tuple[tuple[int, int], ...], pos: int) -> None:
        for rx, ry in near:
            if (rx, ry) not in crossed:
                crossed.add((rx, ry))  # a hex run along or touched, with no pixel in it
                out.append((rx, ry, _range(rx, ry), _range(dx - rx, dy - ry), pos, pos))

    empty(touched.get((0, 0), ()), 0)
    for g in groups:
        out.append(g)
        empty(along.get((g[0], g[1]), ()), g[5])
        empty(touched.get((g[0], g[1]), ()), g[5])
    return tuple(out)


def _range(dx: int, dy: int) -> int:
    """The range to the hex at offset ``(dx, dy)`` (:func:`aslpto.board.hexes.distance`)."""
    dx, dy = abs(dx), abs(dy)
    return dx + max(0, (dy - dx) // 2)


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
        # the thread leaves the hex across the bisector nearest its centre along it: at
        # t = |u|^2 / (2 d.u) of the way, u from the centre to a neighbour's (exact: t = n/m)
        best: tuple[int, int] | None = None
        for ox, oy in _AROUND:
            nx, ny = geo.centre4(hx + ox, hy + oy)
            ux, uy = nx - x0, ny - y0
            dot = ddx * ux + ddy * uy
            if dot > 0:
                n, m = ux * ux + uy * uy, 2 * dot
                if best is None or n * best[1] < best[0] * m:
                    best = (n, m)
        if best is not None and best[0] < best[1]:
            n, m = best
            cols, rows = _cells(x0 * m + n * ddx, m), _cells(y0 * m + n * ddy, m)
            out.update((c, r) for c in cols for r in rows)
    return out


def _cells(num: int, den: int) -> tuple[int, ...]:
    """The pixel rows (columns) whose closed span holds the coordinate ``num / den`` (quarter
    pixels, ``den`` > 0): one, or two where it lies on their boundary."""
    n, r = divmod(num, 4 * den)
    return (n - 1, n) if r == 0 else (n,)


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
