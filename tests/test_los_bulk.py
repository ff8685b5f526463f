"""The parts that let the LOS over real boards' artwork judge many threads at once give the
answers of the slower parts they stand for (A6.1: the thread from centre dot to centre dot):
a thread laid out with numpy is the thread laid out in Python, pixel for pixel; the exact
crossing test is the hex-grain trace's; the hexes a thread runs along are found only where
the thread is parallel to a hexside, as the trace finds them; each hex's pixels, read as runs
down its columns, are the pixels nearest its centre."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings, strategies as st

from aslpto.board.hexes import Hex
from aslpto.rules.los.layout import lay_out, nearest_hexes, thread_pixels
from aslpto.rules.los.pixels import (
    _along,
    _at_vertices,
    _Geometry,
    _lay_out,
    _layout_args,
    _pattern,
    _patterns_many,
    _periodic,
    _region,
    _thread_pixels,
)
from aslpto.rules.los.thread import crosses, touches, trace

GEO = _Geometry(225, 129, 0, 129, 1800, 645)
"""VASL's geometry: columns 56.25 pixels apart, rows 64.5, A1's centre at (0, 32.25)."""

offsets = st.tuples(st.integers(-30, 30), st.integers(-45, 45)).filter(
    lambda d: (d[0] + d[1]) % 2 == 0 and d != (0, 0)
)
starts = st.sampled_from([(c, r) for c in range(4) for r in range(4) if (c + r) % 2 == 0])


quarter = st.integers(-4000, 4000)


@settings(max_examples=300, deadline=None)
@given(sx=quarter, sy=quarter, ex=quarter, ey=quarter)
def test_a6_1_the_thread_s_pixels_are_vasls_walk_either_way(
    sx: int, sy: int, ex: int, ey: int
) -> None:
    """VASL's column walk (``Map.LOS``): every pixel column from one centre's pixel to the
    other's, each a run of rows joined to the next, the two centres' pixels at the ends; the
    same pixels from either end (a LOS is the same both ways), and numpy's walk is Python's."""
    out = _thread_pixels(sx, sy, ex, ey)
    assert out[0] == (sx // 4, sy // 4) and out[-1] == (ex // 4, ey // 4)
    back = _thread_pixels(ex, ey, sx, sy)
    assert back == out[::-1]
    cols = [c for c, _ in out]
    assert set(cols) == set(range(min(cols), max(cols) + 1))
    for (c0, r0), (c1, r1) in pairwise(out):
        assert (c0 == c1 and abs(r1 - r0) == 1) or (abs(c1 - c0) == 1 and r0 == r1)
    px, py = thread_pixels(sx, sy, ex, ey)
    assert list(zip(px.tolist(), py.tolist(), strict=True)) == out


@settings(max_examples=150, deadline=None)
@given(start=starts, d=offsets, stride=st.sampled_from([646, 1291, 1936]))
def test_a6_1_a_thread_laid_out_with_numpy_is_the_python_layout(
    start: tuple[int, int], d: tuple[int, int], stride: int
) -> None:
    args = _layout_args(GEO, stride, start[0] + 8, start[1] + 8, *d)
    py = _lay_out(*args)
    np_ = lay_out(*args)
    assert py[:2] == np_[:2]  # the hexes in the order the thread meets them, their counts
    assert list(py[2]) == list(np_[2]) and list(py[3]) == list(np_[3])  # the pixels
    assert list(py[4]) == list(np_[4]) and py[5] == np_[5]  # their index offsets


@settings(max_examples=200, deadline=None)
@given(d=offsets, h=st.tuples(st.integers(-32, 32), st.integers(-48, 48)))
def test_a6_1_the_exact_crossing_test_is_the_traces(d: tuple[int, int], h: tuple[int, int]) -> None:
    hx, hy = h
    if (hx + hy) % 2 or (hx, hy) in ((0, 0), d):
        return
    crossed = {e.hexes[0] for e in trace(Hex(0, 0), Hex(*d)) if e.kind == "hex"}
    assert crosses(*d, hx, hy) == (Hex(hx, hy) in crossed)


@settings(max_examples=200, deadline=None)
@given(d=offsets)
def test_a6_1_the_hexes_a_thread_runs_along_are_the_traces(d: tuple[int, int]) -> None:
    want: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for e in trace(Hex(0, 0), Hex(*d)):
        if e.kind == "spine":
            p, q = e.hexes
            want.setdefault((p.x, p.y), set()).add((q.x, q.y))
            want.setdefault((q.x, q.y), set()).add((p.x, p.y))
    assert {k: set(v) for k, v in _along(*d).items()} == want


def test_a6_1_every_thread_along_a_hexside_within_range_40_runs_along_the_traces_hexsides() -> None:
    """A thread parallel to a hexside, (2, 0) or (1, 1) in thread coordinates, every one of
    them within 40 columns: the hexsides it runs along as the exact trace finds them."""
    for dx in range(-40, 41):
        for dy in (0, 3 * dx, -3 * dx):
            if (dx + dy) % 2 or (dx, dy) == (0, 0):
                continue
            want: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
            for e in trace(Hex(0, 0), Hex(dx, dy)):
                if e.kind == "spine":
                    p, q = e.hexes
                    want[(p.x, p.y)] = (*want.get((p.x, p.y), ()), (q.x, q.y))
                    want[(q.x, q.y)] = (*want.get((q.x, q.y), ()), (p.x, p.y))
            assert _along(dx, dy) == want, (dx, dy)


@settings(max_examples=300, deadline=None)
@given(d=offsets, h=st.tuples(st.integers(-32, 32), st.integers(-48, 48)))
def test_a6_1_b6_many_threads_cross_and_touch_hexes_as_one_does(
    d: tuple[int, int], h: tuple[int, int]
) -> None:
    """The screen's tests of many threads at once (:mod:`aslpto.rules.los.screen`) are the
    thread's own: the hex crossed, or touched at a vertex (B.6)."""
    from aslpto.rules.los import screen

    hx, hy = h
    assert bool(screen.crosses(*d, hx, hy)) == crosses(*d, hx, hy)
    assert bool(screen.touches(*d, hx, hy)) == touches(*d, hx, hy)


def test_a6_1_a_hexs_pixels_are_those_nearest_its_centre() -> None:
    table = _periodic(GEO)
    for cx in range(4):
        for cy in range(4):
            if (cx + cy) % 2:
                continue
            hx, hy = cx + 8, cy + 8
            x4, y4 = GEO.centre4(hx, hy)
            px0, py0 = x4 // 4, y4 // 4
            runs = {
                (px0 + dx, py)
                for dx, lo, hi in _region(GEO, cx, cy)
                for py in range(py0 + lo, py0 + hi + 1)
            }
            want = set()
            for px in range(px0 - 60, px0 + 61):
                for py in range(py0 - 70, py0 + 71):
                    kx, rx = divmod(px, GEO.qx)
                    ky, ry = divmod(py, GEO.qy)
                    c, r = table[rx * GEO.qy + ry]
                    if (c + 4 * kx, r + 4 * ky) == (hx, hy):
                        want.add((px, py))
            assert runs == want, (cx, cy)


@settings(max_examples=60, deadline=None)
@given(
    start=starts,
    ds=st.lists(offsets, min_size=1, max_size=40, unique=True),
    stride=st.sampled_from([646, 1291, 1936]),
    reach=st.one_of(st.none(), st.integers(1, 700)),
)
def test_a6_1_threads_laid_out_together_are_each_thread_laid_out_alone(
    start: tuple[int, int], ds: list[tuple[int, int]], stride: int, reach: int | None
) -> None:
    """Many threads from one hex laid out at once are each the thread laid out alone; with a
    reach, a part of it: its first groups (every hex of them wholly within reach), their pixels
    and the first pixel beyond, at the same places on the grid. How the exact thread meets each
    group's hex (crossing it, or through a vertex), known as the threads are laid out, is what
    each thread alone finds."""
    fx, fy = start
    for d, got in zip(ds, _patterns_many(GEO, stride, fx, fy, ds, reach), strict=True):
        assert got is not None
        want = _pattern(GEO, stride, fx, fy, *d)
        assert got.range == want.range
        for i in range(len(got.groups)):
            known = got._exact[i]
            assert not known or known == want.met(i, *d)
            assert not known or (known >= 2) == want.exact(i, *d)
        if not got.partial:
            assert got.groups == want.groups and got.keys == want.keys
            assert (list(got.xs), list(got.ys)) == (list(want.xs), list(want.ys))
            assert (list(got.offs), got.low) == (list(want.offs), want.low)
            continue
        assert reach is not None
        k, n = len(got.groups), len(got.xs)
        assert got.groups == want.groups[:k] and got.keys == want.keys[:k]
        assert (list(got.xs), list(got.ys)) == (list(want.xs[:n]), list(want.ys[:n]))
        assert [o + got.low for o in got.offs] == [o + want.low for o in want.offs[:n]]
        assert all(max(abs(x), abs(y)) < reach for x, y in zip(got.xs, got.ys, strict=True))
        assert not k or n >= got.groups[-1][5]


def _touched_by_trace(dx: int, dy: int) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    out: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for e in trace(Hex(0, 0), Hex(dx, dy)):
        if e.kind == "vertex" and e.frm is not None and e.to is not None:
            frm = (e.frm.x, e.frm.y)
            for h in e.hexes:
                if h not in (e.frm, e.to) and (h.x, h.y) not in ((0, 0), (dx, dy)):
                    out[frm] = (*out.get(frm, ()), (h.x, h.y))
    return out


@settings(max_examples=300, deadline=None)
@given(d=offsets)
def test_b6_the_hexes_a_thread_touches_at_a_vertex_are_the_traces(d: tuple[int, int]) -> None:
    """B.6 (Inherent Terrain acts on a LOS traced through a vertex of its hex): the hexes a
    thread only touches where it passes through a vertex from one hex into another, found from
    the lattice points on the thread, are the exact walk's."""
    assert _at_vertices(*d) == _touched_by_trace(*d)


def test_b6_the_threads_through_vertices_within_range_30_are_the_traces() -> None:
    for dx in range(-12, 13):
        for dy in range(-30, 31):
            if (dx + dy) % 2 == 0 and (dx, dy) != (0, 0):
                assert _at_vertices(dx, dy) == _touched_by_trace(dx, dy), (dx, dy)


def test_a6_1_the_nearest_hexes_of_a_period_at_once_are_those_found_pixel_by_pixel() -> None:
    """One period of the grid's nearest hexes (each pixel the hex whose centre is nearest,
    ties to the lower column, then row) found at once with numpy are those found pixel by
    pixel: VASL's geometry, and two others with centres at other fractions of a pixel."""
    for geo in (
        GEO,
        _Geometry(224, 130, 3, 117, 1792, 650),
        _Geometry(200, 116, -5, 60, 1600, 580),
    ):
        want = tuple(geo.nearest(x, y) for x in range(geo.qx) for y in range(geo.qy))
        assert nearest_hexes(geo.qx, geo.qy, geo.ax, geo.ay) == want


def test_a6_1_an_engine_full_of_threads_lets_go_of_those_laid_out_longest_ago() -> None:
    """An engine's threads kept laid out: at the bound, the quarter kept longest is let go
    (a long session keeps what it asked of late), never all at once."""
    from aslpto.rules.los.artcodes import _make_room

    kept = {i: str(i) for i in range(8)}
    _make_room(kept, 9)
    assert list(kept) == list(range(8))
    _make_room(kept, 8)
    assert list(kept) == [2, 3, 4, 5, 6, 7]


def test_b9_1_a_thread_through_no_vertex_meets_no_hexside_lengthwise_or_at_a_vertex() -> None:
    """Walls along a hexside or at a vertex of the thread (B9.1, B9.2) are looked for only on
    a thread that passes through a vertex: every thread within 20 columns that meets no
    vertex (:func:`aslpto.rules.los.pixels._vertices_met`) runs along no hexside and passes
    through no vertex in the exact trace."""
    from math import gcd

    from aslpto.rules.los.artwalls import _edges
    from aslpto.rules.los.pixels import _vertices_met

    for dx in range(-20, 21):
        for dy in range(-40, 41):
            if (dx + dy) % 2 or (dx, dy) == (0, 0):
                continue
            if gcd(3 * dx, dy) == 1 or not _vertices_met(dx, dy):
                assert not _edges(dx, dy), (dx, dy)
