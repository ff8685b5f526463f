"""The game's LOS engine (kept per map and what changes its LOS) and the questions asked of
it: a LOS between two Locations or units, the units that see a Location."""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence

from aslpto.board.hexes import Hex
from aslpto.board.maps import Map
from aslpto.rules.los.artwork import ArtworkLosEngine
from aslpto.rules.los.engine import LosEngine
from aslpto.rules.los.locations import (
    Location,
    LosOverride,
    LosResult,
    _exact,
    location_of,
    parse_location,
)
from aslpto.state.game import Conditions, Game
from aslpto.state.units import Unit

_PER_MAP = 8  # engines kept per map (one per set of conditions, Panji hexes and overrides)
_ENGINES: dict[int, tuple[weakref.ref[Map], dict[object, LosEngine]]] = {}


def engine_for(game: Game) -> LosEngine:
    """The LOS engine of ``game``: built once per map, conditions, Panji hexes (G9.2) and
    scenario overrides, and shared by every Game value that has them (each action of a game
    makes a new Game; its LOS stays the same unless one of these changed)."""
    m = game.map
    kept = _ENGINES.get(id(m))
    if kept is None or kept[0]() is not m:
        kept = (weakref.ref(m), {})
        _ENGINES[id(m)] = kept
        weakref.finalize(m, _ENGINES.pop, id(m), None)
    engines = kept[1]
    key = (game.conditions, frozenset(p.hex for p in game.panjis.values()), game.los_overrides)
    eng = engines.get(key)
    if eng is None:
        eng = build_engine(m, game.conditions, key[1], game_overrides(game))
        if len(engines) >= _PER_MAP:
            del engines[next(iter(engines))]
        engines[key] = eng
    return eng


def build_engine(
    m: Map,
    conditions: Conditions | None = None,
    panji_hexes: Iterable[Hex] = (),
    overrides: Sequence[LosOverride] = (),
) -> LosEngine:
    """A LOS engine for ``m``: over the artwork (A6.1 as depicted) when the map has the
    artwork of its boards, at hex grain otherwise."""
    if m.artwork:
        return ArtworkLosEngine(m, conditions, panji_hexes, overrides)
    return LosEngine(m, conditions, panji_hexes, overrides)


def game_overrides(game: Game) -> tuple[LosOverride, ...]:
    """The scenario's LOS overrides (``Game.los_overrides``, read from ``[[los_overrides]]``)."""
    return tuple(
        LosOverride(
            parse_location(game.map, r.frm),
            parse_location(game.map, r.to),
            r.los,
            r.hindrance_drm,
            r.note,
            _exact(r.frm),
            _exact(r.to),
        )
        for r in game.los_overrides
    )


def los(game: Game, a: Location | Unit | str, b: Location | Unit | str) -> LosResult:
    """LOS between two Locations (or units, or location strings) of ``game``."""
    return engine_for(game).check(_loc(game, a), _loc(game, b))


def _loc(game: Game, x: Location | Unit | str) -> Location:
    if isinstance(x, Location):
        return x
    if isinstance(x, Unit):
        return location_of(game, x)
    return parse_location(game.map, x)


def units_with_los(
    game: Game,
    target: Location,
    *,
    side_not: str,
    good_order: bool = False,
    unbroken: bool = False,
) -> tuple[str, ...]:
    """Ids of on-map units not of side ``side_not`` with a LOS to ``target`` (optionally only
    Good Order, or only unbroken, ones)."""
    eng = engine_for(game)
    out = []
    for u in game.units.values():
        if u.side == side_not or not u.hex:
            continue
        if good_order and not u.good_order:
            continue
        if unbroken and u.broken:
            continue
        if eng.check(location_of(game, u), target).los:
            out.append(u.id)
    return tuple(sorted(out))
