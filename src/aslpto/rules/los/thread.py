"""The LOS thread (A6.1) on the hex grid, computed exactly.

A6.1: LOS is checked by stretching a thread from the centre dot of one hex to the centre dot of
the other. This module says which hexes the thread runs through, which hexsides it crosses,
which vertices it passes through and which hexsides it runs *along* (a thread laid along a
hexspine), in order.

Coordinates. The centre of ``Hex(x, y)`` is put at ``(3x, y)`` and its six vertices at
``(3x±2, y)`` and ``(3x±1, y±1)``. On the printed board (flat-topped hexes in columns, side
``s``) the centre is at ``(1.5·s·x, (√3/2)·s·y)``; dividing the first coordinate by ``s/2`` and
the second by ``(√3/2)·s`` is a linear map, and linear (affine) maps keep straight lines
straight and preserve incidence (a point on a line stays on it) and betweenness (the order of
points along a line and the side of a line a point lies on). So every question the thread asks
("does it pass through this vertex? which side of it is that hexside?") is the sign of an
integer cross product: exact, with no floating point and no nudging.

>>> [e.kind for e in trace(Hex(0, 0), Hex(2, 0))]
['hex', 'vertex', 'spine', 'vertex', 'hex']
>>> [e.hexside for e in trace(Hex(0, 0), Hex(2, 0)) if e.kind == "spine"]
[Hexside(a=Hex(x=1, y=-1), b=Hex(x=1, y=1))]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Literal

from aslpto.base.records import record
from aslpto.board.hexes import Hex, Hexside, Vertex

Point = tuple[int, int]
EventKind = Literal["hex", "side", "vertex", "spine"]


def centre(h: Hex) -> Point:
    """The centre dot of ``h`` in thread coordinates."""
    return (3 * h.x, h.y)


def corners(h: Hex) -> tuple[Point, Point, Point, Point, Point, Point]:
    """The six vertices of ``h``, counter-clockwise on the page from the east vertex."""
    x, y = 3 * h.x, h.y
    return ((x + 2, y), (x + 1, y - 1), (x - 1, y - 1), (x - 2, y), (x - 1, y + 1), (x + 1, y + 1))


def side_ends(a: Hex, b: Hex) -> tuple[Point, Point]:
    """The two vertices of the hexside between adjacent hexes ``a`` and ``b``."""
    ca, cb = set(corners(a)), set(corners(b))
    common = sorted(ca & cb)
    if len(common) != 2:
        raise ValueError(f"{a} and {b} are not adjacent")
    return (common[0], common[1])


def vertex_hexes(p: Point) -> tuple[Hex, Hex, Hex]:
    """The three hexes meeting at vertex ``p``."""
    vx, vy = p
    k, r = divmod(vx, 3)
    if r == 2 and (k + vy) % 2 == 0:
        return (Hex(k, vy), Hex(k + 1, vy - 1), Hex(k + 1, vy + 1))
    if r == 1 and (k + vy) % 2 == 1:
        return (Hex(k + 1, vy), Hex(k, vy - 1), Hex(k, vy + 1))
    raise ValueError(f"{p} is not a vertex")


def vertex_of(p: Point) -> Vertex:
    a, b, c = vertex_hexes(p)
    return Vertex.of(a, b, c)


def _cross(ux: int, uy: int, vx: int, vy: int) -> int:
    return ux * vy - uy * vx


@record
class Event:
    """One thing the thread meets, in order from the first hex to the second.

    ``hex``: the thread runs through the interior of ``hexes[0]`` (the first and last events
    are the two end hexes). ``side``: it crosses the hexside between ``hexes`` at an interior
    point, from ``hexes[0]`` into ``hexes[1]``. ``vertex``: it passes through the vertex where
    the three ``hexes`` meet, coming out of ``frm`` and going into ``to`` (either is None when
    the thread arrives or leaves along a hexside); ``rays`` says on which side of the thread
    each of the three hexsides at that vertex lies (+1 left, -1 right, 0 along the thread).
    ``spine``: the thread runs along the whole hexside between ``hexes`` (A6.1's thread "traced
    exactly along" a hexside), ``hexes[0]`` on its left.
    """

    kind: EventKind
    hexes: tuple[Hex, ...]
    rays: tuple[tuple[Hexside, int], ...] = ()
    frm: Hex | None = None
    to: Hex | None = None

    @property
    def hexside(self) -> Hexside:
        """The hexside crossed (``side``) or run along (``spine``)."""
        return Hexside.of(self.hexes[0], self.hexes[1])


def trace(a: Hex, b: Hex) -> tuple[Event, ...]:
    """Everything the thread from the centre of ``a`` to the centre of ``b`` meets, in order.

    The thread depends only on the offset between the two hexes, so the walk is made once
    per offset and moved into place.
    """
    rel = _trace_rel(b.x - a.x, b.y - a.y)
    if a.x == 0 and a.y == 0:
        return rel
    return tuple(_moved(e, a.x, a.y) for e in rel)


def _moved(e: Event, dx: int, dy: int) -> Event:
    def mv(h: Hex) -> Hex:
        return Hex(h.x + dx, h.y + dy)

    hexes = tuple(mv(h) for h in e.hexes)
    rays = tuple((Hexside(mv(s.a), mv(s.b)), side) for s, side in e.rays)
    frm = None if e.frm is None else mv(e.frm)
    to = None if e.to is None else mv(e.to)
    return Event(e.kind, hexes, rays, frm, to)


@lru_cache(maxsize=4096)
def _trace_rel(dx: int, dy: int) -> tuple[Event, ...]:
    if (dx + dy) % 2:
        raise ValueError(f"({dx}, {dy}) is not a hex offset")
    a, b = Hex(0, 0), Hex(dx, dy)
    if a == b:
        return (Event("hex", (a,)),)
    return tuple(_walk(a, b))


def _walk(a: Hex, b: Hex) -> list[Event]:
    ax, ay = centre(a)
    bx, by = centre(b)
    ddx, ddy = bx - ax, by - ay
    norm = ddx * ddx + ddy * ddy

    def side_of(p: Point) -> int:
        c = _cross(ddx, ddy, p[0] - ax, p[1] - ay)
        return (c > 0) - (c < 0)

    def param(p: Point) -> Fraction:
        return Fraction((p[0] - ax) * ddx + (p[1] - ay) * ddy, norm)

    out: list[Event] = []
    current = a
    t_in = Fraction(0)
    guard = 0
    while True:
        out.append(Event("hex", (current,)))
        if current == b:
            return out
        guard += 1
        if guard > 10_000:  # pragma: no cover - the walk always ends at b
            raise RuntimeError("LOS thread walk did not end")
        cs = corners(current)
        best: tuple[Fraction, str, object] | None = None
        for i in range(6):
            p, q = cs[i], cs[(i + 1) % 6]
            sp, sq = side_of(p), side_of(q)
            if sp == 0:
                t = param(p)
                if t > t_in and (best is None or t > best[0]):
                    best = (t, "vertex", p)
            if sp * sq < 0:
                ex, ey = q[0] - p[0], q[1] - p[1]
                t = Fraction(_cross(p[0] - ax, p[1] - ay, ex, ey), _cross(ddx, ddy, ex, ey))
                if t > t_in and (best is None or t > best[0]):
                    best = (t, "side", (p, q))
        assert best is not None
        t_out, how, where = best
        if how == "side":
            p, q = where  # type: ignore[misc]
            nxt = _across(current, p, q)
            out.append(Event("side", (current, nxt)))
            current, t_in = nxt, t_out
            continue
        v: Point = where  # type: ignore[assignment]
        others = [h for h in vertex_hexes(v) if h != current]
        pa, qa = others
        far = _other_end(pa, qa, v)
        rays = _rays(v, side_of)
        if side_of(far) == 0:
            # the thread runs along hexside pa|qa to its far end, then into the hex beyond
            left, right = (pa, qa) if side_of(centre(pa)) > 0 else (qa, pa)
            out.append(Event("vertex", vertex_hexes(v), rays, frm=current))
            out.append(Event("spine", (left, right)))
            beyond = next(h for h in vertex_hexes(far) if h not in (pa, qa))
            out.append(Event("vertex", vertex_hexes(far), _rays(far, side_of), to=beyond))
            current, t_in = beyond, param(far)
            continue
        # into whichever of pa, qa lies on the far side of ray pa|qa from its ray to current
        s_far = side_of(far)
        end_pa = _other_end(current, pa, v)
        nxt = pa if side_of(end_pa) != s_far else qa
        out.append(Event("vertex", vertex_hexes(v), rays, frm=current, to=nxt))
        current, t_in = nxt, t_out


def _across(h: Hex, p: Point, q: Point) -> Hex:
    """The hex on the other side of ``h``'s hexside ``p``-``q``."""
    for n in h.around():
        if set(side_ends(h, n)) == {p, q}:
            return n
    raise ValueError("not a hexside of h")  # pragma: no cover


def _other_end(h1: Hex, h2: Hex, v: Point) -> Point:
    """The end of hexside ``h1``|``h2`` that is not ``v``."""
    p, q = side_ends(h1, h2)
    return q if p == v else p


def _rays(v: Point, side_of: object) -> tuple[tuple[Hexside, int], ...]:
    hs = vertex_hexes(v)
    out = []
    for i, j in ((0, 1), (0, 2), (1, 2)):
        s = Hexside.of(hs[i], hs[j])
        out.append((s, side_of(_other_end(hs[i], hs[j], v))))  # type: ignore[operator]
    return tuple(out)


def hexes_crossed(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes whose interior the thread runs through, ends included, in order."""
    return tuple(e.hexes[0] for e in trace(a, b) if e.kind == "hex")


def hexsides_crossed(a: Hex, b: Hex) -> tuple[Hexside, ...]:
    """The hexsides the thread crosses at an interior point, in order."""
    return tuple(e.hexside for e in trace(a, b) if e.kind == "side")


def spines_along(a: Hex, b: Hex) -> tuple[Hexside, ...]:
    """The hexsides the thread runs along (a LOS along a hexspine), in order."""
    return tuple(e.hexside for e in trace(a, b) if e.kind == "spine")


@lru_cache(maxsize=65536)
def crosses(dx: int, dy: int, hx: int, hy: int) -> bool:
    """Does the thread from ``Hex(0, 0)`` to ``Hex(dx, dy)`` pass through the interior of
    ``Hex(hx, hy)``? (Not when it only touches the hex at a vertex or runs along a hexside of
    it.) Separating axes, exactly: the thread's own line, or one of the hex's six hexsides
    with both ends of the thread on its outer side."""
    ex, ey = 3 * dx, dy
    x, y = 3 * hx, hy
    vs = ((x + 2, y), (x + 1, y - 1), (x - 1, y - 1), (x - 2, y), (x - 1, y + 1), (x + 1, y + 1))
    lo = hi = 0
    for vx, vy in vs:
        c = ex * vy - ey * vx  # (the vertex's side of the thread's line)
        if c < lo:
            lo = c
        elif c > hi:
            hi = c
    if lo == 0 or hi == 0:
        return False  # (every vertex on one side of the line, or on it)
    x0, y0 = vs[5]
    for x1, y1 in vs:
        ux, uy = x1 - x0, y1 - y0
        inside = ux * (y - y0) - uy * (x - x0)
        # (both ends of the thread on the hexside's outer side, or on it)
        if (ux * -y0 + uy * x0) * inside <= 0 and (ux * (ey - y0) - uy * (ex - x0)) * inside <= 0:
            return False
        x0, y0 = x1, y1
    return True


@lru_cache(maxsize=65536)
def touches(dx: int, dy: int, hx: int, hy: int) -> bool:
    """Does the thread from ``Hex(0, 0)`` to ``Hex(dx, dy)`` pass exactly through a vertex of
    ``Hex(hx, hy)`` between its ends? (B.6: Inherent Terrain acts on a LOS traced through a
    vertex of its hex.)"""
    ex, ey = 3 * dx, dy
    n = ex * ex + ey * ey
    return any(
        _cross(ex, ey, vx, vy) == 0 and 0 < vx * ex + vy * ey < n for vx, vy in corners(Hex(hx, hy))
    )
