"""Timing for the benchmarks' standalone tables (``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], repeat: int = 5, *, warm_up: bool = False) -> float:
    """Median seconds of ``repeat`` calls of ``fn`` (after one untimed call if ``warm_up``)."""
    if warm_up:
        fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)
