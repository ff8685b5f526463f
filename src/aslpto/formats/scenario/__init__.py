"""Scenario files (TOML; docs/scenario-format.md) -> :class:`~aslpto.state.game.Game`, and back.

``load(path)`` and ``loads(text, path)`` read a scenario: its boards and overlays (G.9), SSR
conditions, sides, units, Panji counters and other Fortifications, and terrain-chart overrides.
Every error is an :class:`~aslpto.base.rulings.InputError` naming the file, line and field.
``dump(game)`` writes a game back so that ``loads(dump(g), g.source) == g``.

Setup *legality* (what the rules allow where) is not checked here but by
:func:`aslpto.procedures.setup.check`: a file that reads cleanly may still break G9.1 or B21.5.
"""

from __future__ import annotations

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.plugins import Later
from aslpto.formats.scenario.reader import (
    default_position as default_position,
    load as load,
    loads as loads,
)
from aslpto.formats.scenario.source import (
    BUNDLED_BOARDS as BUNDLED_BOARDS,
    CURRENT_KEYS as CURRENT_KEYS,
    ENTRENCHMENTS as ENTRENCHMENTS,
    FORT_KEYS as FORT_KEYS,
    MAP_KEYS as MAP_KEYS,
    OVERLAY_KEYS as OVERLAY_KEYS,
    PANJI_KEYS as PANJI_KEYS,
    POSITIONS as POSITIONS,
    SCENARIO_KEYS as SCENARIO_KEYS,
    SIDE_KEYS as SIDE_KEYS,
    SSR_KEYS as SSR_KEYS,
    TOP_KEYS as TOP_KEYS,
    UNIT_KEYS as UNIT_KEYS,
    E as E,
    FileRef as FileRef,
    MapSource as MapSource,
    bundled_boards as bundled_boards,
    map_source as map_source,
)

if TYPE_CHECKING:
    from aslpto.formats.scenario.writer import (
        dump as dump,
    )

if not TYPE_CHECKING:
    # the writer imported when first asked for (a command reading a scenario writes none)
    __getattr__ = Later(globals(), {"dump": "aslpto.formats.scenario.writer"})
    __dir__ = __getattr__.dir
    __all__ = __getattr__.public()
