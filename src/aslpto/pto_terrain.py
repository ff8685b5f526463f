"""PTO Terrain (G.1, G.1A) and the Water Obstacle conditions (B21.2, B21.21, B21.122, B21.6)
as transforms of the map. Each changed hex records the rule that changed it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from aslpto.hexes import Hex, Hexside
from aslpto.maps import Changes, HexInfo, JungleType, Map, RiverDepth
from aslpto.terrain import WATER_OBSTACLES, Feature, HexsideFeature, Terrain

G1 = "G.1"

_CHANGING = frozenset({Terrain.WOODS, Terrain.BRUSH, Terrain.ORCHARD, Terrain.GRAIN, Terrain.MARSH})
_SIMPLE = {
    Terrain.BRUSH: (Terrain.BAMBOO, "all brush is Bamboo"),
    Terrain.ORCHARD: (Terrain.PALM_TREES, "all orchards are Palm Trees"),
    Terrain.GRAIN: (Terrain.KUNAI, "all grain is Kunai"),
}


def apply_conditions(m: Map, stream_end_hexes: Mapping[Hex, set[str]] | None = None) -> Map:
    """Apply the scenario's map conditions in order: G.1, then B21 water levels, then ice."""
    if m.conditions.pto_terrain:
        m = pto_terrain(m, stream_end_hexes or {})
    m = water_levels(m)
    if m.conditions.sub_zero:
        m = freeze(m)
    return m


def _per_info(
    cells: Mapping[Hex, HexInfo], fn: Callable[[HexInfo], HexInfo]
) -> tuple[dict[Hex, HexInfo], dict[int, HexInfo]]:
    """Every hex's info through ``fn``, called once per distinct info (identical hexes share
    one immutable info: a map of 1,300 hexes holds a few dozen), and the distinct infos by
    ``id``. The map's hexes keep their order."""
    ids = list(map(id, cells.values()))
    distinct = dict(zip(ids, cells.values(), strict=True))
    done = {k: fn(c) for k, c in distinct.items()}
    return dict(zip(cells, map(done.__getitem__, ids), strict=True)), distinct


def _where(cells: Mapping[Hex, HexInfo], wanted: set[int]) -> list[Hex]:
    """The hexes whose info is one of ``wanted`` (by ``id``)."""
    if not wanted:
        return []
    return [h for h, c in cells.items() if id(c) in wanted]


def pto_terrain(m: Map, stream_end_hexes: Mapping[Hex, set[str]]) -> Map:
    """G.1: every bullet, in the order the rule lists them."""
    jungle = (
        Terrain.DENSE_JUNGLE if m.conditions.jungle == JungleType.DENSE else Terrain.LIGHT_JUNGLE
    )
    change = Changes()

    def by_itself(c: HexInfo) -> HexInfo:
        if c.terrain == Terrain.MARSH or (
            c.terrain not in _CHANGING and c.building is None and not c.features
        ):
            return c
        return _g1_hex(c, jungle)

    cells, distinct = _per_info(m.cells, by_itself)
    marsh_ids = {k for k, c in distinct.items() if c.terrain == Terrain.MARSH}
    road_ids = {k for k, c in distinct.items() if Feature.WOODS_ROAD in c.features}
    found = _where(m.cells, marsh_ids | road_ids)
    marsh = [h for h in found if id(m.cells[h]) in marsh_ids]
    woods_road = {h for h in found if id(m.cells[h]) in road_ids}
    # marsh adjacent to >= one Jungle hex (after woods became jungle) is Swamp
    for h in marsh:
        c = cells[h]
        if any(cells[n].terrain.is_jungle for n in m.layout.neighbours(h) if n in cells):
            cells[h] = change(c, G1, "marsh adjacent to Jungle is Swamp", terrain=Terrain.SWAMP)
    sides = dict(m.sides)
    side_rules = dict(m.side_rules)
    for s, fs in m.sides.items():
        if HexsideFeature.ROAD in fs:
            new = fs - {HexsideFeature.ROAD}
            if s.a in woods_road or s.b in woods_road:
                new = new | {HexsideFeature.PATH}
            sides[s] = new
            side_rules[s] = (*side_rules.get(s, ()), G1)
    # stream end-hexes on different boards, adjacent: a continuous stream
    exceptions: set[Hexside] = set()
    ends = list(stream_end_hexes.items())
    for i, (h1, b1) in enumerate(ends):
        for h2, b2 in ends[i + 1 :]:
            if h1.is_adjacent(h2) and b1 != b2:
                s = Hexside.of(h1, h2)
                sides[s] = sides.get(s, frozenset()) | {HexsideFeature.STREAM}
                side_rules[s] = (*side_rules.get(s, ()), G1)
                exceptions.add(s)
    return replace(
        m,
        cells=cells,
        sides=sides,
        side_rules=side_rules,
        stream_los_exception=frozenset(exceptions),
    )


def _g1_hex(c: HexInfo, jungle: Terrain) -> HexInfo:
    """The G.1 bullets that change a hex by itself (all but the marsh and stream bullets),
    made as one change noting each bullet."""
    terrain, feats, b = c.terrain, c.features, c.building
    notes: list[str] = []
    if terrain == Terrain.WOODS:
        terrain = jungle
        notes.append(f"all woods are Jungle ({jungle.value}, G2.1)")
    elif terrain in _SIMPLE:
        terrain, why = _SIMPLE[terrain]
        notes.append(why)
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
        feats = (feats - {Feature.WOODS_ROAD}) | {Feature.PATH}
        notes.append("woods-road is a Path, with no Open Ground in its road portion")
    elif Feature.ROAD in feats:
        feats = feats - {Feature.ROAD}
        notes.append("no roads exist")
    if Feature.BRIDGE in feats:
        feats = (feats - {Feature.BRIDGE}) | {Feature.FORD}
        notes.append("all bridges are Fords")
    if not notes:
        return c
    return c.changed(G1, *notes, terrain=terrain, features=feats, building=building)


def water_levels(m: Map) -> Map:
    """B21.2: a Water Obstacle is one level beneath the surrounding terrain; B21.21: a flooded
    river, and every pond of that scenario, one level higher; B21.122: a flooded river turns
    adjacent marsh to river, a fordable one to mudflats."""
    depth = m.conditions.river_depth
    cells: Mapping[Hex, HexInfo] = m.cells
    change = Changes()
    if depth in (RiverDepth.FLOODED, RiverDepth.FORDABLE):
        cells = dict(cells)
        to = Terrain.RIVER if depth == RiverDepth.FLOODED else Terrain.MUDFLATS
        why = (
            "flooded river: adjacent marsh is river"
            if to == Terrain.RIVER
            else ("fordable river: adjacent marsh is mudflats")
        )
        rivers = [h for h, c in cells.items() if c.terrain == Terrain.RIVER]
        for h in rivers:
            for n in m.layout.neighbours(h):
                # G7.1: swamp is never river or mudflats; only marsh is transformed
                if n in cells and cells[n].terrain == Terrain.MARSH:
                    cells[n] = change(cells[n], "B21.122", why, terrain=to)
    flooded = depth == RiverDepth.FLOODED

    def level(c: HexInfo) -> HexInfo:
        if c.terrain not in WATER_OBSTACLES:
            return c
        new = change(c, "B21.2", level=c.level - 1)
        if flooded and c.terrain in (Terrain.RIVER, Terrain.POND):
            new = change(new, "B21.21", level=c.level)
        return new

    return replace(m, cells=_per_info(cells, level)[0])


def freeze(m: Map) -> Map:
    """B21.6: in sub-zero temperature every Water Obstacle but an ocean freezes and is
    treated as Open Ground for all purposes."""

    def frozen(c: HexInfo) -> HexInfo:
        if c.terrain.is_water_obstacle and c.terrain != Terrain.OCEAN:
            return c.changed("B21.6", f"frozen {c.terrain.value}: Open Ground",
                             terrain=Terrain.OPEN_GROUND)  # fmt: skip
        return c

    return replace(m, cells=_per_info(m.cells, frozen)[0])
