"""A thread laid out over a real board's pixels with numpy (the ``vasl`` extra, which real
boards need): the same pattern as :func:`aslpto.rules.los.pixels._lay_out` gives in Python
(``tests/test_los_bulk.py`` holds the two alike), some forty times faster. The pixels whose
interior the thread passes through, column by column (as
:func:`aslpto.rules.los.pixels._thread_pixels` steps them), each given to the hex whose
centre is nearest from one period of the grid, the doors and the two end hexes left out,
grouped by hex in the order the thread meets them."""

from __future__ import annotations

from array import array

import numpy as np

from aslpto.base.hints import Any

_PAD = 16
"""As :data:`aslpto.rules.los.pixels._PAD`: pixel columns a thread's base may lie before."""


def thread_pixels(sx: int, sy: int, ex: int, ey: int) -> tuple[Any, Any]:
    """The pixels whose interior the segment from ``(sx, sy)`` to ``(ex, ey)`` (quarter
    pixels) passes through, in order from the start: their columns and rows."""
    if sx == ex:
        r0, r1 = sy // 4, ey // 4
        step = 1 if r1 >= r0 else -1
        rows = np.arange(r0, r1 + step, step, dtype=np.int64)
        return np.full(len(rows), sx // 4, dtype=np.int64), rows
    flip = sx > ex
    lx, ly, rx, ry = (ex, ey, sx, sy) if flip else (sx, sy, ex, ey)
    d = rx - lx
    dy = ry - ly
    den = 4 * d
    cols = np.arange(lx // 4, rx // 4 + 1, dtype=np.int64)
    xa = np.maximum(4 * cols, lx)
    xb = np.minimum(4 * cols + 4, rx)
    na = ly * d + (xa - lx) * dy
    nb = ly * d + (xb - lx) * dy
    lo_n = np.minimum(na, nb)
    hi_n = np.maximum(na, nb)
    r_lo = lo_n // den
    r_hi = np.maximum(-(-hi_n // den) - 1, r_lo)
    counts = r_hi - r_lo + 1
    starts = np.cumsum(counts) - counts
    within = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(starts, counts)
    px = np.repeat(cols, counts)
    py = np.repeat(r_lo, counts) + within if dy >= 0 else np.repeat(r_hi, counts) - within
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
