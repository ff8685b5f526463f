"""PTO Terrain (G.1, G.1A) and the Water Obstacle conditions (B21.2, B21.21, B21.122, B21.6)
as transforms of the map. Each changed hex records the rule that changed it.

The conditions go on in order: G.1, then the B21 water levels, then ice. A hex that changes
by itself changes the same way wherever it lies, and identical hexes share one immutable
info, so each distinct info is transformed once (a map of 1,300 hexes holds a few dozen);
marsh, which changes by what lies next to it, is done hex by hex.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import compress, count
from operator import itemgetter

from aslpto.base.records import replace
from aslpto.board.files import BoardData
from aslpto.board.hexes import Hex, Hexside, Layout
from aslpto.board.maps import (
    Changes,
    ConditionsTransform,
    HexInfo,
    JungleType,
    Map,
    MapConditions,
    RiverDepth,
    build_map as _build_map,
)
from aslpto.board.overlays import OverlayPlacement
from aslpto.board.terrain import WATER_OBSTACLES, Feature, HexsideFeature, Terrain, TerrainChart

G1 = "G.1"

_WOODS_NOTE = {
    t: f"all woods are Jungle ({t.value}, G2.1)"
    for t in (Terrain.LIGHT_JUNGLE, Terrain.DENSE_JUNGLE)
}
_SIMPLE = {
    Terrain.BRUSH: (Terrain.BAMBOO, "all brush is Bamboo"),
    Terrain.ORCHARD: (Terrain.PALM_TREES, "all orchards are Palm Trees"),
    Terrain.GRAIN: (Terrain.KUNAI, "all grain is Kunai"),
}


class HexConditions:
    """The conditions on a hex by itself: every G.1 bullet but marsh and streams, then the
    B21 water levels (B21.2, B21.21) and ice (B21.6). A hex that changes by itself changes the
    same way wherever it lies, and identical hexes share one info, so each distinct info is
    transformed once. Marsh waits for :func:`finish_conditions` (it changes by what lies next
    to it); :meth:`watched` says which hexes that looks at."""

    def __init__(self, cond: MapConditions) -> None:
        self.cond = cond
        self.jungle = (
            Terrain.DENSE_JUNGLE if cond.jungle == JungleType.DENSE else Terrain.LIGHT_JUNGLE
        )
        self.flooded = cond.river_depth == RiverDepth.FLOODED
        self.rivers_matter = cond.river_depth in (RiverDepth.FLOODED, RiverDepth.FORDABLE)
        self.done: dict[int, HexInfo] = {}  # by the id of the info transformed ...
        self._kept: list[HexInfo] = []  # ... which is kept alive (its id stays unique)

    def water(self, c: HexInfo) -> HexInfo:
        """The B21 conditions of a hex by itself (after G.1)."""
        c = _b21_2_level(c, self.flooded)
        return _b21_6_ice(c) if self.cond.sub_zero else c

    def _by_itself(self, c: HexInfo) -> HexInfo:
        if self.cond.pto_terrain:
            c = _g1_hex(c, self.jungle)  # a marsh hex too: its road, bridge or cellar
        return c if c.terrain == Terrain.MARSH else self.water(c)  # marsh: hex by hex

    def __call__(self, c: HexInfo) -> HexInfo:
        got = self.done.get(id(c))
        if got is None:
            got = self.done[id(c)] = self._by_itself(c)
            self._kept.append(c)
        return got

    def watched(self, c: HexInfo) -> bool:
        """Whether :func:`finish_conditions` looks at a hex of printed info ``c``: marsh
        (G.1, B21.122), a woods-road under PTO Terrain (its road hexsides are paths), a river
        beside which marsh may change (B21.122)."""
        return (
            c.terrain == Terrain.MARSH
            or (self.cond.pto_terrain and Feature.WOODS_ROAD in c.features)
            or (self.rivers_matter and c.terrain == Terrain.RIVER)
        )

    def layer(self, infos: list[HexInfo]) -> tuple[list[HexInfo], list[int]]:
        """``infos`` transformed (one pass, no Python call per hex), and the indexes of the
        watched ones."""
        ids = list(map(id, infos))
        wanted = set()
        for k, c in dict(zip(ids, infos, strict=True)).items():
            self(c)
            if self.watched(c):
                wanted.add(k)
        return (
            list(map(self.done.__getitem__, ids)),
            list(compress(count(), map(wanted.__contains__, ids))),
        )


def apply_conditions(
    m: Map,
    stream_end_hexes: Mapping[Hex, set[str]] | None = None,
    road_sides: Iterable[Hexside] | None = None,
) -> Map:
    """The map under its conditions: PTO Terrain (G.1), Water Obstacle levels (B21.2,
    B21.21), marsh beside a flooded or fordable river (B21.122), ice (B21.6).
    ``road_sides``: every hexside with a road, when the builder knows them."""
    hc = HexConditions(m.conditions)
    keys = list(m.cells)
    infos = list(m.cells.values())
    done, watched = hc.layer(infos)
    cells = dict(zip(keys, done, strict=True))
    watch = {keys[i]: infos[i] for i in watched}
    return finish_conditions(m, cells, watch, hc, stream_end_hexes, road_sides)


def finish_conditions(
    m: Map,
    cells: dict[Hex, HexInfo],
    watch: Mapping[Hex, HexInfo],
    hc: HexConditions,
    stream_end_hexes: Mapping[Hex, set[str]] | None = None,
    road_sides: Iterable[Hexside] | None = None,
) -> Map:
    """The conditions that look at hexes one by one, given ``cells`` (every hex under
    ``hc``) and ``watch`` (the printed info of each hex ``hc`` watches): marsh beside Jungle
    (G.1) or beside a flooded or fordable river (B21.122), then its B21 conditions; the G.1
    road and stream hexsides. ``cells`` is completed in place."""
    cond = m.conditions
    change = Changes()
    marsh = {h: hc(c) for h, c in watch.items() if c.terrain == Terrain.MARSH}
    if marsh:
        if cond.pto_terrain:
            jungle_ids = {id(c) for c in hc.done.values() if c.terrain.is_jungle}
            _g1_marsh(cells, marsh, jungle_ids, change)
        if hc.rivers_matter:
            rivers = (h for h, c in watch.items() if c.terrain == Terrain.RIVER)
            _b21_122_marsh(m, rivers, marsh, change)
        for h, c in marsh.items():
            cells[h] = hc.water(c)
    if cond.pto_terrain:
        woods_road = {
            h
            for h, c in watch.items()
            if c.terrain != Terrain.MARSH and Feature.WOODS_ROAD in c.features
        }
        sides, side_rules, exceptions = _g1_hexsides(
            m, woods_road, stream_end_hexes or {}, road_sides
        )
        return replace(
            m, cells=cells, sides=sides, side_rules=side_rules, stream_los_exception=exceptions
        )
    return replace(m, cells=cells)


def _g1_hex(c: HexInfo, jungle: Terrain) -> HexInfo:
    """The G.1 bullets that change a hex by itself (all but the marsh and stream bullets),
    made as one change noting each bullet."""
    terrain, feats, b = c.terrain, c.features, c.building
    notes: list[str] = []
    if terrain == Terrain.WOODS:
        terrain = jungle
        notes.append(_WOODS_NOTE[jungle])
    elif terrain in _SIMPLE and not (terrain == Terrain.BRUSH and Feature.CRAG in feats):
        # (crags, B17, are brush on the map, marked crag: they are not brush to G.1)
        terrain, why = _SIMPLE[terrain]
        notes.append(why)
    if b is None and not feats:  # (most hexes: the terrain alone)
        return c.changed(G1, *notes, terrain=terrain) if notes else c
    building = b
    if (
        b is not None
        and b.material == "wooden"
        and b.stories == 1
        and b.separate >= 2
        and not b.partial
        and not b.multi_hex
    ):
        terrain, building = Terrain.HUTS, None
        notes.append("wooden Single Story House in a hex of >= two separate buildings: Huts")
    if Feature.CELLAR in feats and not (b is not None and b.material == "stone" and b.multi_hex):
        feats = feats - {Feature.CELLAR}
        notes.append("cellars exist only in multi-hex stone buildings (B23.41)")
    if Feature.WOODS_ROAD in feats:
        feats = (feats - {Feature.WOODS_ROAD, Feature.PAVED_ROAD}) | {Feature.PATH}
        notes.append("woods-road is a Path, with no Open Ground in its road portion")
    if Feature.ROAD in feats:  # (a seam hex may join a woods-road half to a road half)
        feats = feats - {Feature.ROAD, Feature.PAVED_ROAD}
        notes.append("no roads exist")
    if Feature.BRIDGE in feats:
        feats = (feats - {Feature.BRIDGE}) | {Feature.FORD}
        notes.append("all bridges are Fords")
    if not notes:
        return c
    return c.changed(G1, *notes, terrain=terrain, features=feats, building=building)


def _g1_marsh(
    cells: Mapping[Hex, HexInfo], marsh: dict[Hex, HexInfo], jungle: set[int], change: Changes
) -> None:
    """G.1: marsh adjacent to >= one Jungle hex (after woods became jungle) is Swamp.
    ``jungle``: the ids of the infos of the Jungle hexes."""
    for h, c in marsh.items():
        if not jungle.isdisjoint(map(id, map(cells.get, h.around()))):
            marsh[h] = change(c, G1, "marsh adjacent to Jungle is Swamp", terrain=Terrain.SWAMP)


def _g1_hexsides(
    m: Map,
    woods_road: set[Hex],
    stream_end_hexes: Mapping[Hex, set[str]],
    road_sides: Iterable[Hexside] | None,
) -> tuple[
    dict[Hexside, frozenset[HexsideFeature]], dict[Hexside, tuple[str, ...]], frozenset[Hexside]
]:
    """G.1: no roads exist (a woods-road is a Path); stream end-hexes of different boards,
    adjacent, make a continuous stream (the hexsides, their rules, and those streams' hexsides,
    whose LOS exception G.1 states)."""
    sides = dict(m.sides)
    side_rules = dict(m.side_rules)
    if road_sides is None:
        road_sides = [s for s, fs in m.sides.items() if HexsideFeature.ROAD in fs]
    road_sides = list(road_sides)
    feats = list(map(m.sides.__getitem__, road_sides))
    ids = list(map(id, feats))  # (hexsides share feature sets: each is changed once)
    distinct = dict(zip(ids, feats, strict=True))
    no_road = {k: fs - {HexsideFeature.ROAD} for k, fs in distinct.items()}
    roads = dict(zip(road_sides, map(no_road.__getitem__, ids), strict=True))
    sides.update(roads)
    ruled = {s: side_rules[s] for s in roads.keys() & side_rules.keys()}
    side_rules.update(dict.fromkeys(roads, (G1,)))
    side_rules.update((s, (*rules, G1)) for s, rules in ruled.items())
    if woods_road:  # a woods-road hex's road hexsides are path hexsides
        on = woods_road.__contains__
        for i in (0, 1):  # (either hex of the hexside)
            for s in compress(road_sides, map(on, map(itemgetter(i), road_sides))):
                sides[s] = roads[s] | {HexsideFeature.PATH}
    exceptions: set[Hexside] = set()
    ends = list(stream_end_hexes.items())
    for i, (h1, b1) in enumerate(ends):
        for h2, b2 in ends[i + 1 :]:
            if h1.is_adjacent(h2) and b1 != b2:
                s = Hexside.of(h1, h2)
                sides[s] = sides.get(s, frozenset()) | {HexsideFeature.STREAM}
                side_rules[s] = (*side_rules.get(s, ()), G1)
                exceptions.add(s)
    return sides, side_rules, frozenset(exceptions)


def _b21_122_marsh(
    m: Map, rivers: Iterable[Hex], marsh: dict[Hex, HexInfo], change: Changes
) -> None:
    """B21.122: a flooded river turns adjacent marsh to river, a fordable one to mudflats
    (G7.1: swamp is never river or mudflats; only marsh is transformed)."""
    depth = m.conditions.river_depth
    if depth not in (RiverDepth.FLOODED, RiverDepth.FORDABLE):
        return
    to = Terrain.RIVER if depth == RiverDepth.FLOODED else Terrain.MUDFLATS
    why = (
        "flooded river: adjacent marsh is river"
        if to == Terrain.RIVER
        else "fordable river: adjacent marsh is mudflats"
    )
    for h in rivers:
        for n in m.layout.neighbours(h):
            c = marsh.get(n)
            if c is not None and c.terrain == Terrain.MARSH:
                marsh[n] = change(c, "B21.122", why, terrain=to)


def _b21_2_level(c: HexInfo, flooded: bool) -> HexInfo:
    """B21.2: a Water Obstacle is one level beneath the surrounding terrain; B21.21: a
    flooded river, and every pond of that scenario, one level higher."""
    if c.terrain not in WATER_OBSTACLES:
        return c
    new = c.changed("B21.2", level=c.level - 1)
    if flooded and c.terrain in (Terrain.RIVER, Terrain.POND):
        new = new.changed("B21.21", level=c.level)
    return new


def _b21_6_ice(c: HexInfo) -> HexInfo:
    """B21.6: in sub-zero temperature every Water Obstacle but an ocean freezes and is
    treated as Open Ground for all purposes."""
    if c.terrain.is_water_obstacle and c.terrain != Terrain.OCEAN:
        return c.changed(
            "B21.6", f"frozen {c.terrain.value}: Open Ground", terrain=Terrain.OPEN_GROUND
        )
    return c


TRANSFORM = ConditionsTransform(HexConditions, apply_conditions, finish_conditions)
"""The conditions as the map builder applies them (:func:`aslpto.board.maps.build_map`)."""


def build_map(
    layout: Layout,
    boards: Mapping[str, BoardData],
    overlays: tuple[OverlayPlacement, ...] = (),
    conditions: MapConditions = MapConditions(),
    chart: TerrainChart | None = None,
) -> Map:
    """The map laid out, overlays placed in SSR order (G.9B), under the scenario's conditions:
    PTO Terrain (G.1), Water Obstacle levels (B21.2, B21.21, B21.122) and ice (B21.6)."""
    return _build_map(layout, boards, overlays, conditions, chart, TRANSFORM)


def terrain_words(cond: MapConditions) -> Callable[[Terrain], Terrain]:
    """What a terrain word by itself becomes under ``cond`` (the G.1 bullets that change a hex
    by itself, the B21.6 ice): how a pixel of a real board's artwork reads under PTO Terrain
    (woods -> jungle, brush -> bamboo, orchard -> palm trees, grain -> kunai)."""
    hc = HexConditions(cond)
    memo: dict[Terrain, Terrain] = {}

    def word(t: Terrain) -> Terrain:
        got = memo.get(t)
        if got is None:
            got = memo[t] = hc(HexInfo(terrain=t, level=0, printed=t)).terrain
        return got

    return word
