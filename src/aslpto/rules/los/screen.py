"""Many threads from one hex screened at once with numpy (the ``vasl`` extra): where the first
hex that matters to each blocks it, found without laying the threads out one by one.

A thread over a real board is walked hex by hex, in the order it meets them, until the first
block (:meth:`aslpto.rules.los.artwork.ArtworkLosEngine._groups`). Most threads from a viewer
are blocked within a hex or two of it; :func:`screen` finds those blocks for a whole viewshed
in one pass over the pixels near the viewer, each thread's pixels stepped as VASL steps them
and grouped by hex as the walk groups them (:func:`aslpto.rules.los.layout.runs`): each
hex judged as the walk judges it, from what the caller says of the hex (``hexes``) and of each
code drawn in it (``codes_of``). A thread whose first hex that does something blocks it is
answered here; every other (a Hindrance first, a wall, ground drawn at more than one level,
a hex beyond the pixels stepped) is left to the walk. ``tests/test_viewshed_real_boards.py``
holds the answers alike, ``tests/test_los_bulk.py`` the tests of a hex crossed or touched at a
vertex."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from aslpto.base.hints import Any
from aslpto.rules.los.walk import _K

SKIP, CODES, STOP, WHOLE_BLOCKS, WHOLE_HINDERS, WHOLE_NOTHING, GROUND_BLOCKS = range(7)
"""What a hex is to the threads (``hexes``): nothing to read (its summary says nothing in it
can matter, or it is off the map); its codes decide; the walk must judge it (hex grain, water,
ground drawn at more than one level or by a cliff, what turns on the range to the far end);
Inherent Terrain filling the hex that blocks, hinders or does nothing to a thread crossing it
or passing through one of its vertices (B.6), its codes deciding otherwise; its ground, every
pixel at one level, blocks at its first pixel (A6.2, B10.2: before anything drawn on it)."""

NOTHING, BLOCKS, HINDERS, WALK = range(4)
"""What a code drawn in a hex does (``codes_of``): nothing; blocks; hinders; the walk must
judge it (a wall, hedge or bank)."""

Found = tuple[int, int, int, int, int, bool, tuple[int, ...]]
"""A thread's block: its index among the offsets, the blocking hex's key as ``hexes`` was
asked of it (:func:`unkey`), the blocking pixel's offset from the viewer's centre pixel (x, y),
the code drawn there (``CROSSED``, ``TOUCHED``: the hex's Inherent Terrain, the thread crossing
the hex or passing through one of its vertices; ``GROUND``: its ground), whether Inherent
Terrain filling the hex does something to the thread (B.6: its rule is cited), and (a thread
through a vertex) the blocking hex's place among the hexes of its pixels stepped, then their
offset keys in order."""

CROSSED, TOUCHED, GROUND = -1, -2, -3

CLASSES = 64
"""How many classes of threads (``classes``: the far end's level) one screen tells apart."""


def unkey(ck: int) -> tuple[int, int, int]:
    """A key :func:`screen` asks of ``hexes`` and ``codes_of``: the hex's offset key
    (``dx * _K + dy``), the class of thread and the highest level among its pixels there."""
    rk, cls = divmod(ck >> 8, CLASSES)
    return rk, cls, ck & 0xFF


def screen(
    stepped: tuple[Any, ...],
    plane: bytes,
    levels: bytes,
    base: int,
    stride: int,
    hexes: Callable[[list[int]], list[int]],
    codes_of: Callable[[list[int], list[int]], list[int]],
    vertex: Sequence[bool],
    classes: Any = None,
) -> list[Found]:
    """The threads from one hex, ``stepped`` near it (:func:`aslpto.rules.los.layout.runs`:
    their offsets, their pixels within a reach of its centre pixel grouped in runs of one hex),
    that the first hex doing something to them blocks (a hex's first pixels within the reach:
    a block found among them comes before anything later in the hex). ``plane``, ``levels``:
    the map's codes and levels, the hex's centre pixel at index ``base``, ``stride`` rows a
    column. ``hexes``: what each hex is to the threads, asked of each hex (its offset key),
    class of thread and highest level among a thread's pixels in the hex, as one key
    (:func:`unkey`); ``codes_of``: what each code does there (keys and codes, pairwise).
    ``vertex``: the threads that pass through a vertex of the grid (none may run along a
    hexside); a hex they touch there with none of their pixels in it is for the caller to
    judge (:func:`aslpto.rules.los.pixels._with_empties`). ``classes``: each thread's class (0
    to ``CLASSES - 1``: what a hex does may differ from class to class), else 0."""
    dxs, dys, px, py, key, ptid, rst = stepped
    if not len(key):
        return []
    nth = len(dxs)
    rtid, rkey = ptid[rst], key[rst]
    rb = np.searchsorted(rtid, np.arange(nth + 1))
    ox, oy = rkey // 8192 - 4096, rkey % 8192 - 4096
    # each run's highest level, and its first pixel there
    nrun = len(rst)
    rlen = np.diff(np.append(rst, len(key)))
    runid = np.repeat(np.arange(nrun), rlen)
    at = base + px.astype(np.int64) * stride + py
    lv = np.frombuffer(levels, dtype=np.uint8)[at]
    top = np.maximum.reduceat(lv, rst).astype(np.int64)
    on_top = _firsts(nrun, runid, np.arange(len(key)), lv == top[runid], len(key))
    # what each hex is, once a hex, class and highest level
    rk = ox * _K + oy
    ck = ((rk * CLASSES + (0 if classes is None else classes[rtid])) << 8) | top
    uk, inv = np.unique(ck, return_inverse=True)
    rcls = np.array(hexes(uk.tolist()), dtype=np.int8)[inv]
    live = rcls != SKIP
    if not live.any():
        return []
    # the pixels of the hexes whose codes may decide, and what each code does there
    read = live & (rcls != STOP)
    pix = read[runid].nonzero()[0]
    codes = np.frombuffer(plane, dtype=np.uint8)[at[pix]]
    drawn = codes != 0
    pix, codes = pix[drawn], codes[drawn]
    pr = runid[pix]
    pair = inv[pr].astype(np.int64) * 256 + codes
    said = np.zeros(256 * len(uk), dtype=np.int8)  # (what each pair does, each asked once)
    said[pair] = 1
    up = np.flatnonzero(said)
    said[up] = codes_of(uk[up // 256].tolist(), (up % 256).tolist())
    does = said[pair]
    hinders = np.zeros(nrun, dtype=bool)
    hinders[pr[does == HINDERS]] = True
    # (the first blocking pixel of each run, and the first of a wall: a wall blocks, if it
    # does, at one of its own pixels; a block before it in the hex comes first)
    first = _firsts(nrun, pr, pix, does == BLOCKS, len(key))
    walk = _firsts(nrun, pr, pix, does == WALK, len(key)) < first
    # Inherent Terrain filling a hex acts on a thread that crosses it or passes through one of
    # its vertices (B.6)
    whole = live & (rcls >= WHOLE_BLOCKS) & (rcls <= WHOLE_NOTHING)
    wi = whole.nonzero()[0]
    crossed = np.zeros(nrun, dtype=bool)
    touched = np.zeros(nrun, dtype=bool)
    tdx, tdy = dxs[rtid[wi]], dys[rtid[wi]]
    crossed[wi] = crosses(tdx, tdy, ox[wi], oy[wi])
    touched[wi] = ~crossed[wi] & touches(tdx, tdy, ox[wi], oy[wi])
    exact = crossed | touched
    ground = rcls == GROUND_BLOCKS
    by_whole = (exact & (rcls == WHOLE_BLOCKS)) | ground
    by_code = ~by_whole & ~walk & (first < len(key))
    hinder = hinders | (exact & (rcls == WHOLE_HINDERS))
    stops = (rcls == STOP) | (~by_whole & (walk | (~by_code & hinder)))
    decides = live & (by_whole | by_code | stops)
    di = decides.nonzero()[0]
    _, heads = np.unique(rtid[di], return_index=True)  # (each thread's first hex that decides)
    di = di[heads]
    di = di[by_whole[di] | by_code[di]]
    where = np.where(by_whole[di], np.where(ground[di], on_top[di], rst[di]), first[di])
    code = np.where(
        by_whole[di],
        np.where(ground[di], GROUND, np.where(crossed[di], CROSSED, TOUCHED)),
        np.frombuffer(plane, dtype=np.uint8)[at[where]].astype(np.int64),
    )
    cited = exact[di] & (rcls[di] != WHOLE_NOTHING)
    tids = rtid[di].tolist()
    met: list[tuple[int, ...]] = [()] * len(tids)
    rkl, rbl, dil = rk.tolist(), rb.tolist(), di.tolist()
    for n, t in enumerate(tids):
        if vertex[t]:  # (the blocking hex's place among the hexes of its pixels, and those)
            met[n] = (dil[n] - rbl[t], *rkl[rbl[t] : rbl[t + 1]])
    return list(
        zip(
            tids,
            ck[di].tolist(),
            px[where].tolist(),
            py[where].tolist(),
            code.tolist(),
            cited.tolist(),
            met,
            strict=True,
        )
    )


def _firsts(n: int, runs: Any, pixels: Any, where: Any, none: int) -> Any:
    """The first of ``pixels`` (ascending) where ``where`` holds, run by run (``runs``: each
    pixel's run, ascending too) of ``n`` runs; ``none`` for a run with none."""
    out = np.full(n, none, dtype=np.int64)
    r, p = runs[where], pixels[where]
    head = np.ones(len(r), dtype=bool)
    head[1:] = r[1:] != r[:-1]
    out[r[head]] = p[head]
    return out


def crosses(dx: Any, dy: Any, hx: Any, hy: Any) -> Any:
    """:func:`aslpto.rules.los.thread.crosses` for many threads and hexes at once: does the
    thread from ``Hex(0, 0)`` to ``Hex(dx, dy)`` pass through the interior of ``Hex(hx, hy)``?
    Separating axes, in integers: the thread's own line, or one of the hex's six hexsides with
    both ends of the thread on its outer side."""
    ex, ey = 3 * np.asarray(dx, dtype=np.int64), np.asarray(dy, dtype=np.int64)
    x, y = 3 * np.asarray(hx, dtype=np.int64), np.asarray(hy, dtype=np.int64)
    vs = ((x + 2, y), (x + 1, y - 1), (x - 1, y - 1), (x - 2, y), (x - 1, y + 1), (x + 1, y + 1))
    sides = [ex * vy - ey * vx for vx, vy in vs]  # (each vertex's side of the thread's line)
    lo = np.minimum(np.min(sides, axis=0), 0)
    hi = np.maximum(np.max(sides, axis=0), 0)
    out = (lo != 0) & (hi != 0)
    x0, y0 = vs[5]
    for x1, y1 in vs:
        ux, uy = x1 - x0, y1 - y0
        inside = ux * (y - y0) - uy * (x - x0)
        # (both ends of the thread on the hexside's outer side, or on it)
        out &= ~(
            ((ux * -y0 + uy * x0) * inside <= 0) & ((ux * (ey - y0) - uy * (ex - x0)) * inside <= 0)
        )
        x0, y0 = x1, y1
    return out


def touches(dx: Any, dy: Any, hx: Any, hy: Any) -> Any:
    """:func:`aslpto.rules.los.thread.touches` for many threads and hexes at once: does the
    thread from ``Hex(0, 0)`` to ``Hex(dx, dy)`` pass exactly through a vertex of
    ``Hex(hx, hy)`` between its ends?"""
    ex, ey = 3 * np.asarray(dx, dtype=np.int64), np.asarray(dy, dtype=np.int64)
    x, y = 3 * np.asarray(hx, dtype=np.int64), np.asarray(hy, dtype=np.int64)
    n = ex * ex + ey * ey
    out = np.zeros(np.broadcast(ex, x).shape, dtype=bool)
    for vx, vy in (
        (x + 2, y),
        (x + 1, y - 1),
        (x - 1, y - 1),
        (x - 2, y),
        (x - 1, y + 1),
        (x + 1, y + 1),
    ):
        dot = vx * ex + vy * ey
        out |= (ex * vy - ey * vx == 0) & (dot > 0) & (dot < n)
    return out
