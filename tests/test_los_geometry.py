"""The LOS thread (A6.1): which hexes, hexsides, vertices and hexspines it meets, checked
exactly against an independent clipping of the thread by every hex."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from aslpto.board.hexes import Hex, Hexside, Layout, distance
from aslpto.rules.los.thread import (
    centre,
    corners,
    hexes_crossed,
    hexsides_crossed,
    side_ends,
    spines_along,
    trace,
    vertex_hexes,
)

OFFSETS = [
    (dx, dy)
    for dx in range(-9, 10)
    for dy in range(-19, 20)
    if (dx + dy) % 2 == 0 and 0 < distance(Hex(0, 0), Hex(dx, dy)) <= 9
]


def _inside_interval(h: Hex, a: Hex, b: Hex) -> tuple[Fraction, Fraction] | None:
    """Cyrus-Beck: the parameter interval on which the thread a->b is strictly inside h."""
    ax, ay = centre(a)
    bx, by = centre(b)
    dx, dy = bx - ax, by - ay
    cs = corners(h)
    lo, hi = Fraction(0), Fraction(1)
    cx, cy = centre(h)
    for i in range(6):
        (px, py), (qx, qy) = cs[i], cs[(i + 1) % 6]
        ex, ey = qx - px, qy - py
        sign = 1 if ex * (cy - py) - ey * (cx - px) > 0 else -1
        c0 = sign * (ex * (ay - py) - ey * (ax - px))
        c1 = sign * (ex * dy - ey * dx)
        # inside: c0 + c1 t > 0
        if c1 == 0:
            if c0 <= 0:
                return None
            continue
        t = Fraction(-c0, c1)
        if c1 > 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    return (lo, hi) if lo < hi else None


def _brute_hexes(a: Hex, b: Hex) -> list[Hex]:
    xs = range(min(a.x, b.x) - 1, max(a.x, b.x) + 2)
    ys = range(min(a.y, b.y) - 2, max(a.y, b.y) + 3)
    found = []
    for x in xs:
        for y in ys:
            if (x + y) % 2:
                continue
            iv = _inside_interval(Hex(x, y), a, b)
            if iv is not None:
                found.append((iv[0], Hex(x, y)))
    return [h for _, h in sorted(found)]


def _on_segment(p: tuple[int, int], a: Hex, b: Hex) -> bool:
    ax, ay = centre(a)
    bx, by = centre(b)
    if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) != 0:
        return False
    dot = (p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)
    return 0 < dot < (bx - ax) ** 2 + (by - ay) ** 2


@pytest.mark.parametrize("dx,dy", OFFSETS)
def test_a6_1_thread_hexes_match_exact_clipping(dx: int, dy: int) -> None:
    a, b = Hex(4, 20), Hex(4 + dx, 20 + dy)
    assert list(hexes_crossed(a, b)) == _brute_hexes(a, b)


@pytest.mark.parametrize("dx,dy", OFFSETS)
def test_a6_1_thread_vertices_and_spines_exact(dx: int, dy: int) -> None:
    a, b = Hex(0, 0), Hex(dx, dy)
    events = trace(a, b)
    # every vertex the thread passes is reported, and no other
    want: set[tuple[int, int]] = set()
    for x in range(min(a.x, b.x) - 1, max(a.x, b.x) + 2):
        for y in range(min(a.y, b.y) - 2, max(a.y, b.y) + 3):
            if (x + y) % 2 == 0:
                want.update(p for p in corners(Hex(x, y)) if _on_segment(p, a, b))
    got = {tuple(sorted(e.hexes)) for e in events if e.kind == "vertex"}
    assert got == {tuple(sorted(vertex_hexes(p))) for p in want}
    # a spine is reported exactly when both ends of a hexside lie on the thread
    for s in spines_along(a, b):
        p, q = side_ends(s.a, s.b)
        assert _on_segment(p, a, b) and _on_segment(q, a, b)
    # each crossed hexside joins consecutive crossed hexes
    hs = hexes_crossed(a, b)
    sides = hexsides_crossed(a, b)
    assert all(s.a in hs and s.b in hs for s in sides)


def test_a6_1_thread_along_hexspine_dd7_ff7() -> None:
    """A LOS along a row of the board runs along hexsides: 37DD7 to 37FF7 follows the
    EE7-EE8 hexside (the Covered hexside of Panji counter A in the G9.3 illustration)."""
    lay = Layout.single("37")
    events = trace(lay.hex("37DD7"), lay.hex("37FF7"))
    assert [e.kind for e in events] == ["hex", "vertex", "spine", "vertex", "hex"]
    assert lay.hexside_name(events[2].hexside) == "37EE7-EE8"
    assert hexes_crossed(lay.hex("37DD7"), lay.hex("37FF7")) == (lay.hex("37DD7"), lay.hex("37FF7"))


@pytest.mark.parametrize("d", [(2, 0), (-2, 0), (1, 3), (-1, 3), (1, -3), (-1, -3)])
def test_a6_1_six_hexspine_directions(d: tuple[int, int]) -> None:
    for k in (1, 2, 3):
        events = trace(Hex(0, 0), Hex(k * d[0], k * d[1]))
        assert sum(e.kind == "spine" for e in events) == k
        assert sum(e.kind == "hex" for e in events) == k + 1


def test_a6_1_vertex_crossing_touches_third_hex_only() -> None:
    events = trace(Hex(0, 0), Hex(5, 3))
    v = [e for e in events if e.kind == "vertex"]
    assert v, "the thread (0,0)->(5,3) passes through vertices"
    for e in v:
        assert e.frm is not None and e.to is not None and e.frm.is_adjacent(e.to)
        third = next(h for h in e.hexes if h not in (e.frm, e.to))
        assert third not in hexes_crossed(Hex(0, 0), Hex(5, 3))
        # the third hex's two hexsides lie on one side of the thread
        sides = {side for s, side in e.rays if third in s}
        assert len(sides) == 1 and 0 not in sides


@given(st.integers(-8, 8), st.integers(-16, 16), st.integers(0, 40), st.integers(0, 40))
def test_a6_1_thread_is_symmetric(dx: int, dy: int, x0: int, y0: int) -> None:
    if (dx + dy) % 2:
        dy += 1
    a = Hex(x0, 2 * y0 + (x0 % 2))
    b = Hex(a.x + dx, a.y + dy)
    fwd = trace(a, b)
    back = trace(b, a)
    assert [e.kind for e in fwd] == [e.kind for e in reversed(back)]
    assert hexes_crossed(a, b) == tuple(reversed(hexes_crossed(b, a)))
    assert hexsides_crossed(a, b) == tuple(reversed(hexsides_crossed(b, a)))
    assert spines_along(a, b) == tuple(reversed(spines_along(b, a)))


def test_a6_1_adjacent_thread_crosses_shared_hexside() -> None:
    a = Hex(3, 5)
    for n in a.around():
        assert [e.kind for e in trace(a, n)] == ["hex", "side", "hex"]
        assert hexsides_crossed(a, n) == (Hexside.of(a, n),)


def test_a6_1_same_hex_thread() -> None:
    assert [e.kind for e in trace(Hex(2, 2), Hex(2, 2))] == ["hex"]


def test_vertex_hexes_and_side_ends_agree() -> None:
    h = Hex(5, 7)
    for n in h.around():
        p, q = side_ends(h, n)
        assert h in vertex_hexes(p) and n in vertex_hexes(p)
        assert h in vertex_hexes(q) and n in vertex_hexes(q)
    with pytest.raises(ValueError):
        vertex_hexes((0, 0))
