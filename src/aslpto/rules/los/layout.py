"""A thread laid out over a real board's pixels with numpy (the ``vasl`` extra, which real
boards need): the same pattern as :func:`aslpto.rules.los.pixels._lay_out` gives in Python
(``tests/test_los_bulk.py`` holds the two alike), some forty times faster. The thread's
pixels column by column (VASL's walk, as :func:`aslpto.rules.los.pixels._thread_pixels` steps
them), each given to the hex whose centre is nearest from one period of the grid, the doors
and the two end hexes left out, grouped by hex in the order the thread meets them."""

from __future__ import annotations

from array import array

import numpy as np

from aslpto.base.hints import Any

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
