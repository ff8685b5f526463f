"""Timing for the benchmarks' standalone tables (``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(
    fn: Callable[[], object], repeat: int = 5, *, warm_up: bool = False, min_sample: float = 0.002
) -> float:
    """Median seconds per call over ``repeat`` samples (after one untimed call if ``warm_up``).
    A sample times as many calls in a row as take about ``min_sample`` seconds (one call if
    a call takes longer), so that calls of a few microseconds are not lost in timer noise."""
    if warm_up:
        fn()
    t0 = time.perf_counter()
    fn()
    one = time.perf_counter() - t0
    number = max(1, int(min_sample / one)) if one > 0 else 1000
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) / number)
    return statistics.median(times)


def paired_ratio(
    ours: Callable[[], object],
    peer: Callable[[], object],
    pairs: int = 200,
    before: Callable[[], object] | None = None,
) -> tuple[float, float, float]:
    """Our time over the peer's, timed in pairs (one call of each, back to back, the order
    alternating), so that a slow spell of the machine weighs on both sides of a pair alike;
    ``before`` runs (untimed) before every call. Returns (median of the pairs' ratios, our
    median seconds, the peer's median seconds)."""
    ratios: list[float] = []
    a: list[float] = []
    b: list[float] = []
    for i in range(pairs):
        for fn, times in ((ours, a), (peer, b)) if i % 2 else ((peer, b), (ours, a)):
            if before is not None:
                before()
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        ratios.append(a[-1] / b[-1])
    return statistics.median(ratios), statistics.median(a), statistics.median(b)
