"""Python's cycle collector paused while a step makes thousands of values that hold no
reference cycle (a scenario read, a viewshed's threads and answers): left going, it would walk
the whole heap again and again as they are made; paused, it looks at the survivors once, at the
first allocation after. Reference counting still frees what the step drops."""

from __future__ import annotations

import gc

from aslpto.base.hints import Any


class CollectorPaused:
    """``with CollectorPaused():`` the collector paused, then set going again as it was (even
    on error)."""

    __slots__ = ("_was",)

    def __enter__(self) -> None:
        self._was = gc.isenabled()
        gc.disable()

    def __exit__(self, *_: Any) -> None:
        if self._was:
            gc.enable()
