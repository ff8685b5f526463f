"""Terrain kinds, hexside features and the terrain chart (data/terrain.toml).

The chart is data: each row gives Infantry MF, vehicle MP where known, TEM, LOS effect,
Concealment/Inherent Terrain status and the rule it comes from. A scenario may override rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any, TypeVar
from aslpto.base.records import fields, record, replace
from aslpto.base.rulings import InputError


class Terrain(StrEnum):
    """Hex terrain words (kebab-case, as the public contract names them)."""

    OPEN_GROUND = "open-ground"
    WOODS = "woods"
    LIGHT_JUNGLE = "light-jungle"
    DENSE_JUNGLE = "dense-jungle"
    BRUSH = "brush"
    BAMBOO = "bamboo"
    ORCHARD = "orchard"
    PALM_TREES = "palm-trees"
    GRAIN = "grain"
    KUNAI = "kunai"
    MARSH = "marsh"
    SWAMP = "swamp"
    MUDFLATS = "mudflats"
    WOODEN_BUILDING = "wooden-building"
    STONE_BUILDING = "stone-building"
    HUTS = "huts"
    PADDY = "paddy"
    CANAL = "canal"
    RIVER = "river"
    POND = "pond"
    LAKE = "lake"
    OCEAN = "ocean"

    @property
    def is_water_obstacle(self) -> bool:
        """B21.1: canal, river, pond, lake/ocean."""
        return self in WATER_OBSTACLES

    @property
    def is_building(self) -> bool:
        return self in (Terrain.WOODEN_BUILDING, Terrain.STONE_BUILDING)

    @property
    def is_jungle(self) -> bool:
        return self in (Terrain.LIGHT_JUNGLE, Terrain.DENSE_JUNGLE)


WATER_OBSTACLES = frozenset(
    {Terrain.CANAL, Terrain.RIVER, Terrain.POND, Terrain.LAKE, Terrain.OCEAN}
)


class Feature(StrEnum):
    """In-hex features that ride on the hex terrain."""

    ROAD = "road"
    PATH = "path"
    WOODS_ROAD = "woods-road"  # a road through woods (B13.6); a path under PTO Terrain (G.1)
    BRIDGE = "bridge"
    FORD = "ford"
    STREAM = "stream"
    CELLAR = "cellar"  # B23.41
    # Marks of terrain the chart has no row for, read where a rule names them (G9.1: no Panji
    # counter in rubble, crag, runway or paved road); movement and LOS price the hex by its
    # terrain word, as before:
    RUBBLE = "rubble"  # B24
    CRAG = "crag"  # B17
    RUNWAY = "runway"  # B7
    PAVED_ROAD = "paved-road"  # a road (B3) that is paved; the hex also has ``road``


MARKS = frozenset({Feature.RUBBLE, Feature.CRAG, Feature.RUNWAY, Feature.PAVED_ROAD})
"""The features a board file gives in ``[features]`` beside bridges and fords, read only by the
rules that name them (G9.1)."""


class HexsideFeature(StrEnum):
    """Hexside features. ``road``/``path`` mark the hexsides a road or path crosses."""

    HEDGE = "hedge"
    WALL = "wall"
    BOCAGE = "bocage"
    CLIFF = "cliff"
    BANK = "bank"  # paddy bank (G8)
    BREACHED = "breached"  # a breached paddy bank (G8 BREACH)
    ROAD = "road"
    PATH = "path"
    STREAM = "stream"  # a stream crosses/joins along this hexside
    WATER = "water"  # all-water hexside, e.g. a pond without a centre dot (B21.13)


class EntryKind(StrEnum):
    """How Infantry pay to enter: the COT, ALL their MF, only by Minimum Move (A4.134), or NA."""

    COST = "cost"
    ALL = "all"
    MINIMUM_MOVE = "minimum-move"
    NA = "na"


class LOSEffect(StrEnum):
    NONE = "none"
    HINDRANCE = "hindrance"
    OBSTACLE = "obstacle"


@record
class ChartRow:
    """One row of the terrain chart."""

    terrain: str
    rule: str
    infantry_mf: int | None  # None: NA / special (see ``infantry_entry``)
    vehicle_mp: str  # free text, e.g. "1", "half-printed", "NA"
    tem: int
    los: LOSEffect
    obstacle_height: float  # levels above its base (0 when not an obstacle)
    hindrance: int  # +DRM per hex when a hindrance
    concealment_terrain: bool
    inherent_terrain: bool
    open_ground: bool
    notes: str = ""
    infantry_entry: str = "cost"  # cost | all (entire MF allotment) | minimum-move | na

    @property
    def entry_kind(self) -> EntryKind:
        return EntryKind(self.infantry_entry)


_CHART_FIELDS = {f.name for f in fields(ChartRow)}


def _row_from(name: str, data: Mapping[str, Any], where: str) -> ChartRow:
    unknown = set(data) - _CHART_FIELDS
    if unknown:
        raise InputError(f"terrain chart row '{name}': unknown field(s) {sorted(unknown)}", where)
    try:
        return ChartRow(
            terrain=name,
            rule=str(data["rule"]),
            infantry_mf=None
            if data.get("infantry_mf") in (None, "NA")
            else int(data["infantry_mf"]),
            vehicle_mp=str(data.get("vehicle_mp", "NA")),
            tem=int(data.get("tem", 0)),
            los=_word(LOSEffect, "los", data.get("los", "none")),
            obstacle_height=float(data.get("obstacle_height", 0)),
            hindrance=int(data.get("hindrance", 0)),
            concealment_terrain=bool(data.get("concealment_terrain", False)),
            inherent_terrain=bool(data.get("inherent_terrain", False)),
            open_ground=bool(data.get("open_ground", False)),
            notes=str(data.get("notes", "")),
            infantry_entry=_word(
                EntryKind, "infantry_entry", data.get("infantry_entry", _default_entry(data))
            ).value,
        )
    except (KeyError, ValueError, TypeError) as e:
        raise InputError(f"terrain chart row '{name}': {e}", where) from None


_W = TypeVar("_W", bound=StrEnum)


def _word(kind: type[_W], key: str, value: Any) -> _W:
    """A chart word of ``kind``; another is refused naming the key and the words allowed."""
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(str(k.value) for k in kind)
        raise ValueError(f"{key} {value!r} is not one of {allowed}") from None


def _default_entry(data: Mapping[str, Any]) -> str:
    return "na" if data.get("infantry_mf") in (None, "NA") else "cost"


@record
class TerrainChart:
    """The terrain chart: one row per terrain word."""

    rows: Mapping[str, ChartRow]

    def __getitem__(self, terrain: str) -> ChartRow:
        try:
            return self.rows[terrain]
        except KeyError:
            raise InputError(f"no terrain chart row for '{terrain}'") from None

    def overridden(
        self, overrides: Mapping[str, Mapping[str, Any]], where: str = ""
    ) -> TerrainChart:
        """A chart with some rows' fields replaced (scenario ``[terrain_chart]`` overrides)."""
        rows = dict(self.rows)
        for name, changes in overrides.items():
            if name not in rows:
                raise InputError(f"terrain chart override: unknown terrain '{name}'", where)
            base = rows[name]
            merged = {f.name: getattr(base, f.name) for f in fields(ChartRow)} | dict(changes)
            merged.pop("terrain", None)
            merged["los"] = str(merged["los"])
            rows[name] = replace(_row_from(name, merged, where), rule=str(merged["rule"]))
        return TerrainChart(rows)


@cache
def default_chart() -> TerrainChart:
    """The bundled chart (``aslpto/data/terrain.toml``)."""
    data = bundled("terrain.toml")
    rows = {name: _row_from(name, row, "data/terrain.toml") for name, row in data.items()}
    for t in Terrain:
        if t.value not in rows:
            raise InputError(f"terrain chart lacks a row for '{t.value}'", "data/terrain.toml")
    return TerrainChart(rows)


def parse_terrain(word: str, where: str = "") -> Terrain:
    try:
        return Terrain(word)
    except ValueError:
        raise InputError(
            f"unknown terrain '{word}' (known: {', '.join(t.value for t in Terrain)})", where
        ) from None


def parse_hexside_feature(word: str, where: str = "") -> HexsideFeature:
    try:
        return HexsideFeature(word)
    except ValueError:
        known = ", ".join(f.value for f in HexsideFeature)
        raise InputError(f"unknown hexside feature '{word}' (known: {known})", where) from None
