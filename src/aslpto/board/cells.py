"""What the map knows about one hex (a :class:`HexInfo`: terrain, level, features, building,
and the rules that changed it) and the SSR facts that change the map (PTO Terrain G.1, G2.1
jungle, B21.122 river depth, B21.6 ice); :mod:`aslpto.board.maps` builds them into a Map."""

from __future__ import annotations

from enum import StrEnum

from aslpto.base.records import fields, record
from aslpto.board.hexes import Hex
from aslpto.board.terrain import Feature, Terrain


class RiverDepth(StrEnum):
    """B21.122 (a "fordable" river is the "shallow" one of B21.41)."""

    FORDABLE = "fordable"
    DEEP = "deep"
    FLOODED = "flooded"


class JungleType(StrEnum):
    """G2.1: jungle is Light or Dense (Dense unless defined as Light)."""

    LIGHT = "light"
    DENSE = "dense"


@record
class MapConditions:
    """The SSR facts that change the map itself."""

    pto_terrain: bool = False  # G.1
    jungle: JungleType = JungleType.DENSE  # G2.1
    river_depth: RiverDepth = RiverDepth.DEEP  # B21.122: deep unless defined
    sub_zero: bool = False  # B21.6


@record
class Building:
    """A building (B23) as placed on the map."""

    id: str
    material: str
    stories: int
    hexes: frozenset[Hex]
    separate: int = 1
    partial: bool = False
    cellar: bool = False
    stacking_capacity: int | None = None
    vehicle_entry: bool = True
    rules: tuple[str, ...] = ()

    @property
    def multi_hex(self) -> bool:
        return len(self.hexes) > 1

    def placed(self, tag: str, hexes: frozenset[Hex]) -> Building:
        """This building of a board file as placed on the board ``tag`` (its id and hexes
        set without ``__init__``, which only sets the fields)."""
        new = object.__new__(Building)
        vars(new).update(vars(self), id=f"{tag}:{self.id}", hexes=hexes)
        return new


@record
class HexInfo:
    """Everything the map knows about one hex."""

    terrain: Terrain
    level: int  # base level; a Water Obstacle's water level (B21.2)
    features: frozenset[Feature] = frozenset()
    building: Building | None = None
    printed: Terrain = Terrain.OPEN_GROUND
    overlay: str | None = None
    stream_end: bool = False
    rules: tuple[str, ...] = ()  # rules that changed this hex from what is printed
    notes: tuple[str, ...] = ()

    def changed(self, rule: str, *notes: str, **changes: object) -> HexInfo:
        """A copy with changes, recording the rule (and notes) that made them."""
        new = self.with_(**changes)
        d = new.__dict__
        if rule not in self.rules:
            d["rules"] = (*self.rules, rule)
        if any(notes):
            d["notes"] = self.notes + tuple(filter(None, notes))
        return new

    def with_(self, **changes: object) -> HexInfo:
        """``dataclasses.replace(self, **changes)``, made without ``__init__`` (which only
        sets the fields): a map build makes a few hundred infos."""
        assert changes.keys() <= _HEXINFO_FIELDS, changes.keys() - _HEXINFO_FIELDS
        new = object.__new__(HexInfo)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    @property
    def water_obstacle(self) -> bool:
        return self.terrain.is_water_obstacle


_HEXINFO_FIELDS = frozenset(f.name for f in fields(HexInfo))


class Changes:
    """Memoised :meth:`HexInfo.changed`: identical hexes share one (immutable) info, so the
    same change to the same info is made once per map build."""

    def __init__(self) -> None:
        self._memo: dict[tuple[object, ...], HexInfo] = {}

    def __call__(self, info: HexInfo, rule: str, note: str = "", **changes: object) -> HexInfo:
        key = (id(info), rule, note, *changes.items())
        got = self._memo.get(key)
        if got is None:
            got = info.changed(rule, note, **changes)
            self._memo[key] = got
            self._memo[(id(got), "keep")] = got  # keep ``info`` ids unique while memoised
            self._memo[(id(info), "keep")] = info
        return got
