"""A viewshed: every Location a viewer sees (A6), within a range or on the whole map, each with
its Hindrance DRM and, where the LOS is blocked, what blocks it under which rule.

The viewer is a Location (a hex, at a level above its base or in a position) or a unit (its
Location, position and entrenchment). Each Location in range is judged exactly as ``los``
judges it, thread for thread (the same engine, every PTO rule included): a hex at its base
level, and each upper level of a building in it (B23). The viewer's own Location is left out.

>>> from aslpto.board.files import parse_board
>>> from aslpto.board.hexes import Layout
>>> from aslpto.board.maps import build_map
>>> from aslpto.base.tomlsource import TomlSource
>>> board = parse_board(TomlSource.parse('[board]\\n[terrain]\\nwoods = ["E6"]'))
>>> m = build_map(Layout.single("37"), {"37": board})
>>> v = viewshed_of(LosEngine(m), parse_location(m, "37D5"), 2)
>>> len(v.locations), v.seen
(18, 17)
>>> [(s.hex, s.range, s.blocked_by.where) for s in v.locations if not s.los]
[('37F6', 2, '37E6')]
"""

from __future__ import annotations

from operator import itemgetter

from aslpto.base.collector import CollectorPaused
from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, listed
from aslpto.board.hexes import Hex, distance
from aslpto.rules.los.engine import LosEngine
from aslpto.rules.los.locations import (
    Blocker,
    Location,
    location_name,
    location_of,
    parse_location,
)
from aslpto.rules.los.queries import engine_for
from aslpto.rules.los.walk import _key
from aslpto.state.game import Game
from aslpto.state.units import Unit


@record(slots=True)
class Seen:
    """One Location of a viewshed and the LOS to it from the viewer."""

    hex: str
    level: int
    position: str
    range: int
    los: bool
    hindrance_drm: int
    blocked_by: Blocker | None

    def as_json(self) -> dict[str, Any]:
        return {
            "hex": self.hex,
            "level": self.level,
            "position": self.position,
            "range": self.range,
            "los": self.los,
            "hindrance_drm": self.hindrance_drm,
            "blocked_by": None if self.blocked_by is None else self.blocked_by.as_json(),
        }


@record
class Seer:
    """A unit that may see the viewer, and the LOS from it (A6.1: the thread from its
    Location to the viewer's)."""

    unit: str
    side: str
    hex: str
    los: bool
    hindrance_drm: int
    blocked_by: Blocker | None

    def as_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "side": self.side,
            "hex": self.hex,
            "los": self.los,
            "hindrance_drm": self.hindrance_drm,
            "blocked_by": None if self.blocked_by is None else self.blocked_by.as_json(),
        }


@record
class Viewshed:
    """What a viewer sees: every Location within ``range`` (None: the whole map), nearest
    first, and the rules the answers rest on; asked for, the units of the other sides (of
    every side, for a hex) and whether each sees the viewer (``seen_by``)."""

    frm: str
    unit: str | None
    range: int | None
    locations: tuple[Seen, ...]
    rules: tuple[str, ...]
    seen_by: tuple[Seer, ...] | None = None

    @property
    def seen(self) -> int:
        """How many of the Locations the viewer sees."""
        return sum(1 for s in self.locations if s.los)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "from": self.frm,
            "unit": self.unit,
            "range": self.range,
            "seen": self.seen,
            "locations": [s.as_json() for s in self.locations],
            "rules": list(self.rules),
        }
        if self.seen_by is not None:
            out["seen_by"] = [s.as_json() for s in self.seen_by]
        return out


def targets(eng: LosEngine, frm: Location, reach: int | None) -> list[Location]:
    """Every Location within ``reach`` of ``frm`` (None: on the whole map), nearest first,
    then in the map's order: each hex at its base level, and each upper level of a building
    in it (B23; :meth:`LosEngine.locations`); ``frm`` itself left out."""
    fx, fy = frm.hex
    out: list[tuple[int, int, int, int, Location]] = []
    for x, y, lv, loc in eng.locations():
        dx, dy = abs(x - fx), abs(y - fy)
        r = dx + max(0, (dy - dx) // 2)  # (distance)
        if reach is not None and r > reach:
            continue
        out.append((r, x, y, lv, loc))
    out.sort(key=_order)  # (nearest first, then by column, row and level: no two alike)
    return [t[4] for t in out if not (t[1] == fx and t[2] == fy and t[3] == frm.level)]


_order = itemgetter(0, 1, 2, 3)


def map_reach(eng: LosEngine, h: Hex) -> int:
    """The range from ``h`` to the farthest hex of the map."""
    return max(distance(h, o) for o in eng.map.cells)


def viewshed_of(
    eng: LosEngine, frm: Location, reach: int | None = None, unit: str | None = None
) -> Viewshed:
    """The viewshed of ``frm`` on the engine's map: each Location within ``reach`` (None: the
    whole map) judged by :meth:`LosEngine.check` (on a real board, many threads at once by
    :meth:`ArtworkLosEngine.check_from`: the same answers), the cycle collector paused
    (:class:`aslpto.base.collector.CollectorPaused`)."""
    with CollectorPaused():
        return _viewshed_of(eng, frm, reach, unit)


def _viewshed_of(eng: LosEngine, frm: Location, reach: int | None, unit: str | None) -> Viewshed:
    if reach is not None:
        if reach < 0:
            raise InputError(f"range {reach}: a range is 0 or more")
        most = map_reach(eng, frm.hex)
        if reach > most:
            raise InputError(
                f"range {reach} is beyond the map: no hex is more than {most} hexes from "
                f"{eng.map.name(frm.hex)}"
            )
    locs = targets(eng, frm, reach)
    results = eng.check_from(frm, locs)
    seen: list[Seen] = []
    rules: dict[str, None] = {}
    cited: set[tuple[str, ...]] = set()
    name = eng._hname
    for loc, r in zip(locs, results, strict=True):
        if r.rules not in cited:
            cited.add(r.rules)
            rules.update(dict.fromkeys(r.rules))
        h = loc.hex
        seen.append(
            Seen(
                name(_key(h.x, h.y)),
                loc.level,
                loc.position,
                r.range,
                r.los,
                r.hindrance_drm,
                r.blocked_by,
            )
        )
    return Viewshed(location_name(eng.map, frm), unit, reach, tuple(seen), tuple(rules))


def viewer(game: Game, word: str | Location | Unit) -> tuple[Location, str | None]:
    """The viewer a word names: a unit id (its Location, position and entrenchment) or a
    Location (``37AA10``, ``37AA10@1``, ``37DD7:bank``); ``unit:ID`` or ``hex:HEX`` where a
    unit id is also a hex name (the bare word is refused). Also the unit's id, if a unit."""
    if isinstance(word, Location):
        return word, None
    if isinstance(word, Unit):
        return _unit_location(game, word.id), word.id
    kind, _, rest = word.partition(":")
    if kind in ("unit", "hex") and rest:
        if kind == "unit":
            return _unit_location(game, rest), rest
        return parse_location(game.map, rest), None
    try:
        loc = parse_location(game.map, word)
    except InputError as e:
        if word not in game.units:
            units = listed(game.units)
            raise InputError(f"{e.message}; nor is '{word}' a unit (units: {units})") from None
        return _unit_location(game, word), word
    if word in game.units:
        raise InputError(
            f"'{word}' is both a unit and a hex: say unit:{word} for the unit "
            f"(in {game.units[word].hex or 'no hex'}) or hex:{word} for the hex"
        )
    return loc, None


def _unit_location(game: Game, uid: str) -> Location:
    return location_of(game, game.unit(uid))  # (an unknown unit refused by Game.unit)


def viewshed(
    game: Game, frm: str | Location | Unit, range: int | None = None, seen_by: bool = False
) -> Viewshed:
    """The viewshed of a unit or Location of ``game`` (its Panji counters, conditions and
    ``[[los_overrides]]`` apply, as for :func:`aslpto.rules.los.los`); with ``seen_by``, also
    which units of the other sides (of every side, for a hex) see the viewer."""
    loc, unit = viewer(game, frm)
    eng = engine_for(game)
    v = viewshed_of(eng, loc, range, unit)
    if seen_by:
        v = replace(v, seen_by=seers(game, eng, loc, unit))
    return v


def seers(game: Game, eng: LosEngine, loc: Location, unit: str | None) -> tuple[Seer, ...]:
    """The on-map units not of ``unit``'s side (every other unit, for a hex), each with the
    LOS from its Location to ``loc``, in the order of their ids."""
    side = game.units[unit].side if unit is not None else None
    out = []
    for u in sorted(game.units.values(), key=lambda u: u.id):
        if not u.hex or u.id == unit or (side is not None and u.side == side):
            continue
        r = eng.check(location_of(game, u), loc)
        out.append(Seer(u.id, u.side, u.hex, r.los, r.hindrance_drm, r.blocked_by))
    return tuple(out)
