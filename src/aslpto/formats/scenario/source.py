"""Where a scenario's map came from (board and overlay files, bundled or the user's), kept
beside the map so that a game can be written back as it was read."""

from __future__ import annotations

import os.path
from contextvars import ContextVar
from enum import StrEnum
from types import NoneType, UnionType

from aslpto.base.datafiles import DATA_DIR
from aslpto.base.hints import Any, TypeVar, args, origin, type_hints
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import fields, record
from aslpto.board.maps import Map
from aslpto.board.terrain import ChartRow
from aslpto.state.game import (
    Side,
)
from aslpto.state.units import Unit

BUNDLED_BOARDS = os.path.join(DATA_DIR, "boards")
"""Bundled board and overlay files: ``[map.files] "37" = "37"`` reads ``<here>/37.toml``."""


POSITIONS: tuple[str, ...] = ("ground", "in", "bank", "above-panji", "beneath-panji")
"""Position words of a unit in its Location (DESIGN.md, public location words)."""


ENTRENCHMENTS: tuple[str, ...] = ("trench", "foxhole", "pillbox")
"""Values of ``Unit.entrenched``."""


TOP_KEYS = (
    "scenario",
    "map",
    "overlays",
    "ssr",
    "sides",
    "units",
    "panjis",
    "fortifications",
    "terrain_chart",
    "los_overrides",
)


SCENARIO_KEYS = ("name", "date", "night")


MAP_KEYS = ("boards", "files", "vasl_boards")


VASL_BOARDS_ENV = "ASLPTO_VASL_BOARDS"
"""The environment variable naming the user's VASL boards folder."""

VASL_PREFIX = "vasl:"
"""``[map.files] "37" = "vasl:37"``: board 37 from the VASL boards folder."""

vasl_boards_option: ContextVar[str | None] = ContextVar("vasl_boards_option", default=None)
"""The VASL boards folder named on the command line (``--vasl-boards DIR``), which comes
before the scenario's ``[map] vasl_boards`` and the environment's ``ASLPTO_VASL_BOARDS``."""


OVERLAY_KEYS = ("file", "on")


SSR_KEYS = (
    "pto_terrain",
    "jungle",
    "paddy",
    "ec",
    "river_depth",
    "current",
    "frigid_water",
    "pond_fordable",
    "sub_zero",
)


CURRENT_KEYS = ("direction", "force")


SIDE_KEYS = tuple(f.name for f in fields(Side))


PANJI_KEYS = ("id", "hex", "covered", "side", "hidden", "top")


FORT_KEYS = ("id", "kind", "hex", "side", "hidden", "strength", "detonator", "hexside")


_UNIT_KEY = {"unit_class": "class"}
"""Unit fields whose scenario key differs from the field name."""


_UNIT_FIELD = {v: k for k, v in _UNIT_KEY.items()}


UNIT_KEYS = tuple(_UNIT_KEY.get(f.name, f.name) for f in fields(Unit))
"""Every :class:`~aslpto.state.units.Unit` field, as the scenario names it (``class`` for
``unit_class``)."""


def _optional_of(typ: Any) -> Any:
    """``T`` for ``T | None`` (a field that may be left out), else ``typ``."""
    if origin(typ) is UnionType:
        inner = [a for a in args(typ) if a is not NoneType]
        if len(inner) == 1:
            return inner[0]
    return typ


_MEMBERS: dict[Any, dict[str, StrEnum]] = {}
"""Each enum read so far: its members by value."""


_UNIT_KEYSET = frozenset(UNIT_KEYS)


_UNIT_HINTS: dict[str, Any] = {k: _optional_of(v) for k, v in type_hints(Unit).items()}


_UNIT_PLAIN: dict[str, tuple[str, Any]] = {
    _UNIT_KEY.get(f, f): (f, t)
    for f, t in _UNIT_HINTS.items()
    if f not in ("id", "side", "nationality", "hex", "position", "entrenched")
}
"""The unit fields read just as their types say: (field, type) by scenario key."""


_SIDE_HINTS: dict[str, Any] = {k: _optional_of(v) for k, v in type_hints(Side).items()}


_CHART_HINTS: dict[str, Any] = type_hints(ChartRow)


_DATE = LazyPattern(r"^([0-9]{4})-([0-9]{2})$")


_BOARD = LazyPattern(r"^[0-9]{1,6}[a-z]?$")


_NATIONALITY = LazyPattern(r"^[a-z][a-z0-9-]*$")


_BARE_KEY = LazyPattern(r"^[A-Za-z0-9_-]+$")


E = TypeVar("E", bound=StrEnum)


@record
class FileRef:
    """A board or overlay file: a bundled name (``"37"``) or a path (absolute)."""

    path: str
    bundled: str | None = None
    vasl: str | None = None
    """The board's name when it is a VASL board archive of the VASL boards folder."""

    def text(self, relative_to: str | None) -> str:
        """How a scenario file names it: the bundled name, ``vasl:NN``, or the path (relative
        to ``relative_to`` when given and possible)."""
        if self.vasl is not None:
            return f"{VASL_PREFIX}{self.vasl}"
        if self.bundled is not None:
            return self.bundled
        if relative_to is not None:
            try:
                return _posix(os.path.relpath(self.path, relative_to))
            except ValueError:
                pass
        return _posix(self.path)


def _posix(path: str) -> str:
    """A path as a scenario file writes it, with forward slashes."""
    return path.replace(os.sep, "/") if os.sep != "/" else path


@record
class MapSource:
    """What a map was built from: board rows (``"38*"`` turned 180°), files, overlays."""

    rows: tuple[tuple[str, ...], ...]
    files: tuple[tuple[str, FileRef], ...]
    overlays: tuple[tuple[FileRef, str], ...] = ()
    vasl_boards: str | None = None
    """The scenario's ``[map] vasl_boards`` folder (resolved), when it names one."""


_SOURCE = "_aslpto_map_source"
"""The attribute a map read by this module keeps its source in: not a field of the map, so a
map changed since (a new :class:`Map`) has none, and the source goes with the map."""


def _remember(m: Map, source: MapSource) -> None:
    object.__setattr__(m, _SOURCE, source)


def map_source(m: Map) -> MapSource | None:
    """The boards and overlays a map read by this module was built from (None for a map
    built otherwise, or changed since)."""
    got = m.__dict__.get(_SOURCE)
    return got if isinstance(got, MapSource) else None


def bundled_boards() -> tuple[str, ...]:
    """Names of the bundled board and overlay files."""
    try:
        names = os.listdir(BUNDLED_BOARDS)
    except OSError:
        return ()
    return tuple(
        sorted(
            n.removesuffix(".toml") for n in names if n.endswith(".toml") and not n.startswith(".")
        )
    )
