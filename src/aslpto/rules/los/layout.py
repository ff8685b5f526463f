"""A thread laid out over a real board's pixels with numpy (the ``vasl`` extra, which real
boards need): the same pattern as :func:`aslpto.rules.los.pixels._lay_out` gives in Python
(``tests/test_los_bulk.py`` holds the two alike), some forty times faster. The thread's
pixels column by column (VASL's walk, as :func:`aslpto.rules.los.pixels._thread_pixels` steps
them), each given to the hex whose centre is nearest from one period of the grid, the doors
and the two end hexes left out, grouped by hex in the order the thread meets them.
:func:`lay_out_many` lays out many threads from one hex in one pass, whole or only their
pixels near it (a part: the walk may find a block there and need no more)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import numpy as np

from aslpto.base.hints import Any
from aslpto.rules.los.screen import crosses, touches
from aslpto.rules.los.walk import _K

_PAD = 16
"""As :data:`aslpto.rules.los.pixels._PAD`: pixel columns a thread's base may lie before."""


def thread_pixels(sx: int, sy: int, ex: int, ey: int) -> tuple[Any, Any]:
    """The thread's pixels between the centres ``(sx, sy)`` and ``(ex, ey)`` (quarter
    pixels), in order from the start, as :func:`aslpto.rules.los.pixels._thread_pixels` steps
    them (VASL's column walk): their columns and rows."""
    flip = (sx, sy) > (ex, ey)
    if flip:
        sx, sy, ex, ey = ex, ey, sx, sy
    x0, y0, x1, y1 = sx // 4, sy // 4, ex // 4, ey // 4
    n = x1 - x0 + 1
    rise = y1 - y0
    i = np.arange(n + 1, dtype=np.int64)
    bounds = (y0 * n + i * rise) // n
    r0, r1 = bounds[:-1], bounds[1:]
    counts = np.abs(r1 - r0) + 1
    starts = np.cumsum(counts) - counts
    within = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(starts, counts)
    px = np.repeat(x0 + i[:-1], counts)
    py = np.repeat(r0, counts) + (within if rise >= 0 else -within)
    if flip:
        px, py = px[::-1], py[::-1]
    return px, py


_TABLES: dict[int, tuple[tuple[tuple[int, int], ...], Any, Any]] = {}


def _table(table: tuple[tuple[int, int], ...]) -> tuple[Any, Any]:
    """The table of nearest hexes as two arrays (kept by the table's identity: the grid's
    period is laid out once per geometry, :func:`aslpto.rules.los.pixels._periodic`)."""
    got = _TABLES.get(id(table))
    if got is None or got[0] is not table:
        arr = np.array(table, dtype=np.int64).reshape(-1, 2)
        got = _TABLES[id(table)] = (table, arr[:, 0].copy(), arr[:, 1].copy())
    return got[1], got[2]


def lay_out(
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
    """As :func:`aslpto.rules.los.pixels._lay_out`."""
    px, py = thread_pixels(sx, sy, ex, ey)
    keep = np.ones(len(px), dtype=bool)
    for c, r in doors:
        keep &= (px != c) | (py != r)
    kx, rx = np.divmod(px, qx)
    ky, ry = np.divmod(py, qy)
    tc, tr = _table(table)
    idx = rx * qy + ry
    hc = tc[idx] + 4 * kx
    hr = tr[idx] + 4 * ky
    for x, y in (a, b):
        keep &= (hc != x) | (hr != y)
    px, py, hc, hr = px[keep], py[keep], hc[keep], hr[keep]
    if not len(px):
        return [], [], array("i"), array("i"), array("i"), 0
    key = (hc - a[0] + 4096) * 8192 + (hr - a[1] + 4096)
    starts = np.flatnonzero(key[1:] != key[:-1]) + 1
    runs = key[np.concatenate(([0], starts))]
    if len(set(runs.tolist())) == len(runs):
        # (each hex's pixels one run along the thread, as mostly: the runs are the groups)
        xs = px - sx // 4
        ys = py - sy // 4
        counts = np.diff(np.concatenate(([0], starts, [len(key)])))
        ordered = runs
    else:
        uniq, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        by_first = np.argsort(first, kind="stable")
        rank = np.empty(len(uniq), dtype=np.int64)
        rank[by_first] = np.arange(len(uniq))
        gid = rank[inverse.reshape(-1)]
        perm = np.argsort(gid, kind="stable")
        xs = px[perm] - sx // 4
        ys = py[perm] - sy // 4
        counts = np.bincount(gid, minlength=len(uniq))
        ordered = uniq[by_first]
    hexes = list(
        zip(
            (ordered // 8192 - 4096 + a[0]).tolist(),
            (ordered % 8192 - 4096 + a[1]).tolist(),
            strict=True,
        )
    )
    offs = xs * stride + ys
    quantum = _PAD * stride
    low = int(offs.min()) // quantum * quantum
    return (
        hexes,
        counts.tolist(),
        _ints(xs),
        _ints(ys),
        _ints(offs - low),
        low,
    )


def _ints(v: Any) -> array[int]:
    out = array("i")
    out.frombytes(v.astype(np.intc).tobytes())
    return out


_AROUND = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
"""As :data:`aslpto.rules.los.pixels._AROUND`: the six neighbours' offsets."""

Laid = tuple[
    bool,
    tuple[tuple[int, int, int, int, int, int], ...],
    tuple[int, ...],
    bytes,
    bytes,
    bytes,
    int,
    Sequence[tuple[int, int]],
    bytes,
]
"""A thread laid out by :func:`lay_out_many`: whether it is a part (the first columns from the
viewer), its groups and their hexes' key offsets, its pixels' x and y offsets and index offsets
(bytes of C ints), the lowest index offset, (a part) the hexes of the pixels stepped beyond
its groups, and whether the exact thread meets each group's hex (:attr:`_Pattern._exact`)."""


_MARGIN = 4
"""Pixels beyond a hex's reach where the thread may meet a hex it touches at a vertex."""


def _doors(cx: Any, cy: Any, ddx: Any, ddy: Any, qx: int, qy: int) -> list[tuple[Any, Any, Any]]:
    """As :func:`aslpto.rules.los.pixels._doors` for one end of many threads at once: the
    pixels (columns, rows, which are real) holding the point where each thread from the centre
    ``(cx, cy)`` along ``(ddx, ddy)`` leaves that centre's hex (quarter pixels)."""
    bn = np.zeros(len(ddx), np.int64)
    bm = np.zeros(len(ddx), np.int64)
    has = np.zeros(len(ddx), bool)
    for ox, oy in _AROUND:  # (in their order: the first of equals kept)
        ux, uy = qx * ox, qy * oy
        dot = ddx * ux + ddy * uy
        n, m = ux * ux + uy * uy, 2 * dot
        better = (dot > 0) & (~has | (n * bm < bn * m))
        bn = np.where(better, n, bn)
        bm = np.where(better, m, bm)
        has |= better
    ok = has & (bn < bm)
    bm = np.where(ok, bm, 1)
    cq, cr = np.divmod(cx * bm + bn * ddx, 4 * bm)
    rq, rr = np.divmod(cy * bm + bn * ddy, 4 * bm)
    out = []
    for c, cv in ((cq, ok), (cq - 1, ok & (cr == 0))):
        for r, rv in ((rq, ok), (rq - 1, rr == 0)):
            out.append((c, r, cv & rv))
    return out


def lay_out_many(
    sx: int,
    sy: int,
    qx: int,
    qy: int,
    table: tuple[tuple[int, int], ...],
    a: tuple[int, int],
    offsets: list[tuple[int, int]],
    stride: int,
    reach: int | None = None,
    wanted: Sequence[bool] | None = None,
    planes: tuple[bytes, bytes, int] | None = None,
    read: list[tuple[bytes, bytes]] | None = None,
) -> list[Laid]:
    """The threads from hex ``a`` (its centre at ``(sx, sy)``, quarter pixels) to each hex at
    ``offsets`` from it, laid out at once, each as :func:`lay_out` lays it out (the hexes run
    along or touched at a vertex not added: :func:`aslpto.rules.los.pixels._with_empties`).
    With ``reach``, only the pixels less than ``reach`` columns and rows from ``a``'s centre
    pixel are stepped: a part of the thread, the groups whose hexes lie wholly within them
    (the walk may stop at a block there), and the hexes of the other pixels stepped where
    ``wanted`` says (threads that touch a hex at a vertex or run along a hexside). With
    ``planes`` (the map's codes and levels, ``a``'s centre pixel at the index given) each
    thread's pixels are read there too, in its pixels' order, into ``read``."""
    if not offsets:
        return []
    dxs, dys, px, py, key, ptid, rst = runs(sx, sy, qx, qy, table, a, offsets, reach)
    nth = len(dxs)
    bounds = np.arange(nth + 1)
    rtid, rkey = ptid[rst], key[rst]
    pb = np.searchsorted(ptid, bounds)  # (each thread's pixels, and runs, from these)
    rb = np.searchsorted(rtid, bounds)
    part = np.zeros(nth, dtype=bool)
    if reach is not None:
        ex, ey = (sx + qx * dxs) // 4 - sx // 4, (sy + qy * dys) // 4 - sy // 4
        part = np.maximum(np.abs(ex), np.abs(ey)) >= reach
    ox, oy = rkey // 8192 - 4096, rkey % 8192 - 4096
    inner = _within(sx, sy, qx, qy, ox, oy, part[rtid], rb[rtid], reach)
    last = rb[:-1] + np.bincount(rtid[inner], minlength=nth)  # (each thread's first run left)
    # (a part's pixels to the first of its next group: where a block at the end of its groups,
    # by a hex it runs along or touches at a vertex, is marked)
    pend = pb[1:]
    if len(rst):
        pend = np.where(last < rb[1:], rst[np.minimum(last, len(rst) - 1)] + 1, pend)
    # the groups (those of a part within reach), each a tuple
    p0 = pb[rtid]
    ge = np.minimum(np.append(rst[1:], len(key)), pb[rtid + 1]) - p0
    g_ox, g_oy, g_tid = ox[inner], oy[inner], rtid[inner]
    ax, ay = np.abs(g_ox), np.abs(g_oy)
    bx, by = np.abs(dxs[g_tid] - g_ox), np.abs(dys[g_tid] - g_oy)
    rows = list(
        zip(
            g_ox.tolist(),
            g_oy.tolist(),
            np.where(ay > ax, ax + (ay - ax) // 2, ax).tolist(),  # (the range from a)
            np.where(by > bx, bx + (by - bx) // 2, bx).tolist(),  # (and to the other end)
            (rst - p0)[inner].tolist(),
            ge[inner].tolist(),
            strict=True,
        )
    )
    keys = (g_ox * _K + g_oy).tolist()
    gb = np.searchsorted(g_tid, bounds).tolist()
    # (how the exact thread meets each group's hex, as _Pattern.met says it: 3 it crosses it,
    # 2 it passes through one of its vertices, 1 not at all, 0 to be asked, where it may run
    # along one of its hexsides)
    tdx, tdy = dxs[g_tid], dys[g_tid]
    along = (tdy == 0) | (np.abs(tdy) == 3 * np.abs(tdx))
    exact = (
        np.where(
            crosses(tdx, tdy, g_ox, g_oy),
            3,
            np.where(touches(tdx, tdy, g_ox, g_oy), 2, np.where(along, 0, 1)),
        )
        .astype(np.uint8)
        .tobytes()
    )
    # the pixels, each thread's index offsets from its lowest
    offs = px.astype(np.int64) * stride + py
    lows = _lows(offs, pb[:-1], pend, _PAD * stride)
    ob = (offs - lows[ptid]).astype(np.intc).tobytes()
    xb, yb = px.astype(np.intc).tobytes(), py.astype(np.intc).tobytes()
    cb = lb = b""
    if planes is not None:
        at = offs + planes[2]
        cb = np.frombuffer(planes[0], dtype=np.uint8)[at].tobytes()
        lb = np.frombuffer(planes[1], dtype=np.uint8)[at].tobytes()
    out: list[Laid] = []
    pbl, pendl, rbl, lastl = pb.tolist(), pend.tolist(), rb.tolist(), last.tolist()
    partl, lowl = part.tolist(), lows.tolist()
    for j in range(nth):
        q0, q1 = 4 * pbl[j], 4 * pendl[j]
        r0, r1 = gb[j], gb[j + 1]
        beyond: Sequence[tuple[int, int]] = ()
        if partl[j] and wanted is not None and wanted[j]:
            q = slice(lastl[j], rbl[j + 1])
            beyond = list(zip(ox[q].tolist(), oy[q].tolist(), strict=True))
        if read is not None:
            read.append((cb[pbl[j] : pendl[j]], lb[pbl[j] : pendl[j]]))
        out.append(
            (
                partl[j],
                tuple(rows[r0:r1]),
                tuple(keys[r0:r1]),
                xb[q0:q1],
                yb[q0:q1],
                ob[q0:q1],
                lowl[j],
                beyond,
                exact[r0:r1],
            )
        )
    return out


def runs(
    sx: int,
    sy: int,
    qx: int,
    qy: int,
    table: tuple[tuple[int, int], ...],
    a: tuple[int, int],
    offsets: Sequence[tuple[int, int]],
    reach: int | None,
) -> tuple[Any, ...]:
    """The threads from hex ``a`` to the hexes at ``offsets`` from it stepped (within
    ``reach``: :func:`_stepped`) and their pixels grouped in runs of one hex, a hex met twice
    made one where the thread first meets it: the offsets (x, y), the pixels (x, y, hex key,
    thread) in order, and the start of each run."""
    off = np.array(offsets, dtype=np.int64).reshape(-1, 2)
    dxs, dys = off[:, 0], off[:, 1]
    px, py, key, ptid = _stepped(sx, sy, qx, qy, table, a, dxs, dys, reach)
    brk = np.ones(len(key), dtype=bool)
    brk[1:] = (key[1:] != key[:-1]) | (ptid[1:] != ptid[:-1])
    rst = np.flatnonzero(brk)
    if len(rst):
        px, py, key, ptid, rst = _first_met(px, py, key, ptid, rst)
    return dxs, dys, px, py, key, ptid, rst


def _stepped(
    sx: int,
    sy: int,
    qx: int,
    qy: int,
    table: tuple[tuple[int, int], ...],
    a: tuple[int, int],
    dxs: Any,
    dys: Any,
    reach: int | None,
) -> tuple[Any, Any, Any, Any]:
    """The pixels of the threads from hex ``a`` to the hexes ``(dxs, dys)`` from it (within
    ``reach`` of its centre pixel), thread after thread, each in order from ``a`` as
    :func:`thread_pixels` steps them: their x and y offsets from ``a``'s centre pixel, their
    hexes' keys (offsets from ``a``: (dx + 4096) * 8192 + dy + 4096) and their threads; the
    doors and the pixels of the two end hexes left out."""
    i32 = np.int32
    nth = len(dxs)
    ex, ey = sx + qx * dxs, sy + qy * dys
    flip = (ex < sx) | ((ex == sx) & (ey < sy))  # (stepped from the other end, _thread_pixels)
    x0 = np.where(flip, ex, sx) // 4
    y0 = np.where(flip, ey, sy) // 4
    n = np.where(flip, sx, ex) // 4 - x0 + 1
    rise = np.where(flip, sy, ey) // 4 - y0
    spx, spy = sx // 4, sy // 4
    m = n if reach is None else np.minimum(n, reach)
    # each thread's row bounds in the order its columns are stepped from a's: a column's rows
    # run from its bound towards the next (column i of n: rows (y0 * n + i * rise) // n on,
    # that is y0 + (i * rise) // n), rows from a's centre pixel; in 32 bits where they fit
    m1 = m + 1
    bb = np.cumsum(m1) - m1
    nb = int(bb[-1] + m1[-1])
    sgn = np.where(flip, -1, 1)
    wide = np.int64 if int(np.abs(n * rise).max()) >= 2**31 - 1 else i32
    i = (np.arange(nb, dtype=wide) - np.repeat(bb.astype(wide), m1)) * np.repeat(
        sgn.astype(wide), m1
    ) + np.repeat(np.where(flip, n, 0).astype(wide), m1)
    bounds = (i * np.repeat(rise.astype(wide), m1)) // np.repeat(n.astype(wide), m1) + np.repeat(
        (y0 - spy).astype(wide), m1
    )
    ends = np.zeros(nb, dtype=bool)
    ends[bb + m] = True
    rstart = bounds[~ends].astype(i32)
    ends[bb + m] = False
    ends[bb] = True
    d = bounds[~ends].astype(i32) - rstart
    step = np.where(d >= 0, 1, -1).astype(i32)
    cnt = np.abs(d) + i32(1)
    if reach is not None:  # (a column's rows step away from a's row)
        cnt = np.clip(np.minimum(cnt, reach - np.abs(rstart)), 0, None).astype(i32)
    # the columns, from a's centre pixel's, and each one's part of the key of the hex nearest
    # each of its pixels ((column + 4096) * 8192 + 4096 - a's row), and where its rows begin
    # among the grid's (from one table for the columns met)
    tid = np.repeat(np.arange(nth, dtype=i32), m)
    cbase = np.cumsum(m) - m
    colx = np.repeat((np.where(flip, x0 + n - 1, x0) - spx).astype(i32), m) + (
        np.arange(len(tid), dtype=i32) - np.repeat(cbase.astype(i32), m)
    ) * np.repeat(sgn.astype(i32), m)
    lo_x = int(colx.min())
    kx, rx = np.divmod(np.arange(lo_x + spx, int(colx.max()) + spx + 1, dtype=np.int64), qx)
    lo_y = int(min(y0.min(), (y0 + rise).min()))
    hi_y = int(max(y0.max(), (y0 + rise).max()))
    rows, y_lo, ny = _rows(table, qx, qy, lo_y, hi_y)
    ci = colx - lo_x
    colkey = ((kx * 4 - a[0] + 4096) * 8192 + 4096 - a[1]).astype(i32)[ci]
    rowat = (rx * ny + spy - y_lo).astype(i32)[ci]
    # their pixels, and the hex nearest each
    pbase = np.cumsum(cnt, dtype=i32) - cnt
    total = int(pbase[-1] + cnt[-1])
    py = np.repeat(rstart - pbase * step, cnt) + np.arange(total, dtype=i32) * np.repeat(step, cnt)
    key = rows[np.repeat(rowat, cnt) + py] + np.repeat(colkey, cnt)
    ptid = np.repeat(tid, cnt)
    kb = ((dxs + 4096) * 8192 + dys + 4096).astype(i32)
    keep = key != kb[ptid]  # (neither end's hex)
    keep &= key != 4096 * 8192 + 4096
    for cx, cy, ddx, ddy in ((sx, sy, ex - sx, ey - sy), (ex, ey, sx - ex, sy - ey)):
        for c, r, real in _doors(np.broadcast_to(cx, nth), cy, ddx, ddy, qx, qy):
            iw = c - x0  # (the door's column, and row, among its thread's)
            lc = np.where(flip, n - 1 - iw, iw)
            jj = np.flatnonzero(real & (iw >= 0) & (iw < n) & (lc < m))
            g = cbase[jj] + lc[jj]
            dr = (r[jj] - spy - rstart[g]) * step[g]
            hit = (dr >= 0) & (dr < cnt[g])
            keep[pbase[g[hit]] + dr[hit]] = False
    return np.repeat(colx, cnt)[keep], py[keep], key[keep], ptid[keep]


_ROWS: dict[int, tuple[tuple[tuple[int, int], ...], int, int, Any]] = {}


def _rows(
    table: tuple[tuple[int, int], ...], qx: int, qy: int, lo: int, hi: int
) -> tuple[Any, int, int]:
    """The key of the hex nearest each pixel, less its column's part (:func:`_stepped`), for
    each column of one period of the grid and each row from ``lo`` to ``hi`` at least (kept by
    the table's identity, grown as asked): the keys column after column, their first row, and
    how many rows a column holds."""
    got = _ROWS.get(id(table))
    if got is not None and got[0] is table:
        if got[1] <= lo and got[2] >= hi:
            return got[3], got[1], got[2] - got[1] + 1
        lo, hi = min(lo, got[1]), max(hi, got[2])
    lo, hi = lo // qy * qy, -(-(hi + 1) // qy) * qy - 1  # (whole periods)
    tc, tr = _table(table)
    ky, ry = np.divmod(np.arange(lo, hi + 1, dtype=np.int64), qy)
    # (a table hex's key part: column * 8192 + row; four rows further each period down)
    keys = ((tc * 8192 + tr).reshape(qx, qy)[:, ry] + 4 * ky[None, :]).astype(np.int32).ravel()
    _ROWS[id(table)] = (table, lo, hi, keys)
    return keys, lo, hi - lo + 1


def _within(
    sx: int,
    sy: int,
    qx: int,
    qy: int,
    ox: Any,
    oy: Any,
    part: Any,
    first: Any,
    reach: int | None,
) -> Any:
    """Which runs (their hexes at ``(ox, oy)`` from the viewer's, centre at ``(sx, sy)``) are
    groups of their threads: all of a whole thread's (``part`` false); of a part, those before
    the first whose hex may reach (with the pixels about its vertices) to ``reach`` of the
    viewer's centre pixel. ``first``: the index of each run's thread's first run."""
    far = np.maximum(
        np.abs((sx + qx * ox) // 4 - sx // 4) + qx // 6 + 2,
        np.abs((sy + qy * oy) // 4 - sy // 4) + qy // 4 + 2,
    )
    bad = np.cumsum(part & (far + _MARGIN >= (reach or 0)))
    return bad == np.concatenate(([0], bad))[first]  # (none from the thread's first run on)


def _lows(offs: Any, starts: Any, ends: Any, quantum: int) -> Any:
    """Each thread's lowest index offset (of its pixels ``starts`` to ``ends``), down to a
    multiple of ``quantum``; 0 for a thread of no pixels."""
    lows = np.zeros(len(starts), dtype=np.int64)
    has = np.flatnonzero(starts < ends)
    if len(has):
        pairs = np.empty(2 * len(has), dtype=np.int64)  # (reduced over [start, end) pairs)
        pairs[0::2], pairs[1::2] = starts[has], ends[has]
        least = np.minimum.reduceat(np.append(offs, 0), pairs)[0::2]
        lows[has] = least // quantum * quantum
    return lows


def _first_met(px: Any, py: Any, key: Any, ptid: Any, rst: Any) -> tuple[Any, ...]:
    """The pixels of a hex a thread meets twice (by a vertex, or along a hexside) made one run,
    where the thread first meets it, as :func:`lay_out` groups them: the pixels reordered (x,
    y, hex key, thread) and the starts of their runs. ``rst``: the starts of the runs of one
    hex in thread order."""
    nr = len(rst)
    rtid, rkey = ptid[rst], key[rst]
    ordr = np.lexsort((np.arange(nr), rkey, rtid))
    same = np.zeros(nr, dtype=bool)
    same[1:] = (rtid[ordr][1:] == rtid[ordr][:-1]) & (rkey[ordr][1:] == rkey[ordr][:-1])
    if not same.any():
        return px, py, key, ptid, rst
    heads = np.where(same, 0, np.arange(nr))
    first = np.empty(nr, dtype=np.int64)  # (each run's hex's first run)
    first[ordr] = ordr[np.maximum.accumulate(heads)]
    new = np.lexsort((np.arange(nr), first, rtid))
    rlen = np.diff(np.append(rst, len(key)))
    nstart = np.cumsum(rlen[new]) - rlen[new]
    # (only the runs that move are copied: a thread's pixels stay among its own)
    mv = np.flatnonzero(new != np.arange(nr))
    ml = rlen[new[mv]]
    within = np.arange(int(ml.sum())) - np.repeat(np.cumsum(ml) - ml, ml)
    dst = np.repeat(nstart[mv], ml) + within
    src = np.repeat(rst[new[mv]], ml) + within
    px, py, key = px.copy(), py.copy(), key.copy()
    px[dst], py[dst], key[dst] = px[src], py[src], key[src]
    brk = np.ones(nr, dtype=bool)  # (a hex's runs made one where they now meet)
    rt, rk = rtid[new], rkey[new]
    brk[1:] = (rk[1:] != rk[:-1]) | (rt[1:] != rt[:-1])
    return px, py, key, ptid, nstart[brk]


def nearest_hexes(qx: int, qy: int, ax: int, ay: int) -> tuple[tuple[int, int], ...]:
    """The hex nearest the centre of each pixel of one period of the grid (``qx`` columns of
    ``qy`` pixels, column by column), as :meth:`aslpto.rules.los.pixels._Geometry.nearest`
    finds it pixel by pixel (ties: the lower column, then the lower row): the hex centres at
    ``(ax + qx * column, ay + qy * (row - 2))`` in quarter pixels."""
    px, py = np.meshgrid(
        np.arange(qx, dtype=np.int64), np.arange(qy, dtype=np.int64), indexing="ij"
    )
    cx, cy = (4 * px + 2).ravel(), (4 * py + 2).ravel()
    c0 = (cx - ax) // qx
    yr = (cy - ay) // qy + 2
    best = None
    for c in (c0, c0 + 1):
        y_lo = np.where((yr - c) % 2 == 0, yr, yr - 1)
        for y in (y_lo, y_lo + 2):
            d = (cx - ax - qx * c) ** 2 + (cy - ay - qy * (y - 2)) ** 2
            if best is None:
                best = (d, c, y)
                continue
            bd, bc, by = best
            better = (d < bd) | ((d == bd) & ((c < bc) | ((c == bc) & (y < by))))
            best = (np.where(better, d, bd), np.where(better, c, bc), np.where(better, y, by))
    assert best is not None
    return tuple(zip(best[1].tolist(), best[2].tolist(), strict=True))


def hex_runs(
    table: tuple[tuple[int, int], ...],
    qx: int,
    qy: int,
    h: tuple[int, int],
    centre: tuple[int, int],
    reach: tuple[int, int],
) -> tuple[tuple[int, int, int], ...]:
    """The pixels of hex ``h`` (those whose nearest hex it is, from ``table``: one period of
    ``qx`` columns of ``qy`` pixels), as runs down each pixel column within ``reach`` (columns,
    rows) of its centre pixel ``centre``: (column offset, first and last row offset), as
    :func:`aslpto.rules.los.pixels._region` finds them pixel by pixel."""
    (cx, cy), (rx_, ry_) = centre, reach
    px = np.arange(cx - rx_, cx + rx_ + 1, dtype=np.int64)[:, None]
    py = np.arange(cy - ry_, cy + ry_ + 1, dtype=np.int64)[None, :]
    kx, rx = np.divmod(px, qx)
    ky, ry = np.divmod(py, qy)
    tc, tr = _table(table)
    cell = rx * qy + ry
    mine = (tc[cell] + 4 * kx == h[0]) & (tr[cell] + 4 * ky == h[1])
    runs = []
    for i in np.flatnonzero(mine.any(axis=1)).tolist():
        rows = np.flatnonzero(mine[i])
        lo, hi = int(rows[0]), int(rows[-1])
        if hi - lo + 1 != len(rows):  # pragma: no cover - a hex is convex
            raise ValueError("a hex's pixels are not one run down a column")
        runs.append((i - rx_, lo - ry_, hi - ry_))
    return tuple(runs)


def stacked(planes: dict[tuple[int, int], Any], rows: int, cols: int, bw: int, bh: int) -> bytes:
    """As :func:`aslpto.rules.los.artcodes._stacked`, the boards' columns joined at once."""
    grid = [
        [
            np.frombuffer(planes[(r, c)], dtype=np.uint8)[_PAD * bh : (_PAD + bw) * bh].reshape(
                bw, bh
            )
            for r in range(rows)
        ]
        for c in range(cols)
    ]
    full = np.concatenate([np.concatenate(col, axis=1) for col in grid], axis=0)
    full = np.concatenate([full, full[-1:]], axis=0)  # (the last column again)
    out = np.zeros((_PAD + full.shape[0], full.shape[1] + 1), dtype=np.uint8)
    out[_PAD:, :-1] = full
    out[_PAD:, -1] = full[:, -1]  # (each column's last pixel again)
    return out.tobytes()


def summaries(
    plane: Any, centres: Sequence[tuple[int, int]], runs: Sequence[tuple[int, int, int]], pad: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each hex's highest and lowest level byte and the codes drawn in it (none 0), as
    :meth:`aslpto.rules.los.artcodes._ArtworkPlanes._need` reads them pixel by pixel: the hexes
    of one class, their centre pixels ``centres``, their pixels the ``runs`` down each column
    from the centre pixel (:func:`aslpto.rules.los.pixels._region`), clamped to the boards'
    planes (``plane``: ``mask``, ``levels``, ``stride``, ``width``, ``height``; ``pad`` columns
    before)."""
    lens = np.array([hi - lo + 1 for _, lo, hi in runs], dtype=np.int64)
    starts = np.cumsum(lens) - lens
    rx = np.repeat(np.array([dx for dx, _, _ in runs], dtype=np.int64), lens)
    ry = np.repeat(np.array([lo for _, lo, _ in runs], dtype=np.int64), lens) + (
        np.arange(int(lens.sum()), dtype=np.int64) - np.repeat(starts, lens)
    )
    c = np.array(centres, dtype=np.int64).reshape(-1, 2)
    x = np.clip(c[:, :1] + rx, 0, plane.width)
    y = np.clip(c[:, 1:] + ry, 0, plane.height)
    idx = (x + pad) * plane.stride + y
    lv = np.frombuffer(plane.levels, dtype=np.uint8)[idx]
    cd = np.frombuffer(plane.mask, dtype=np.uint8)[idx].astype(np.intp)
    cd += np.arange(len(c), dtype=np.intp)[:, None] * 256
    seen = np.bincount(cd.ravel(), minlength=256 * len(c)).reshape(-1, 256)
    seen[:, 0] = 0
    pairs = seen.ravel().nonzero()[0]
    bounds = np.searchsorted(pairs // 256, np.arange(len(c) + 1)).tolist()
    codes = (pairs % 256).tolist()
    return [
        (top, bottom, tuple(codes[bounds[i] : bounds[i + 1]]))
        for i, (top, bottom) in enumerate(
            zip(lv.max(axis=1).tolist(), lv.min(axis=1).tolist(), strict=True)
        )
    ]
