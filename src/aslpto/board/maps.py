"""One queryable Map: boards laid out, overlays placed (G.9), scenario conditions applied
(PTO Terrain, G.1; Water Obstacle levels, B21.2-B21.21; ice, B21.6).

Each hex remembers the terrain printed on it and the rules that changed it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import chain, compress, count, filterfalse, repeat
from operator import add, contains, itemgetter, sub

from aslpto.base.hints import Protocol
from aslpto.base.records import field, record, replace
from aslpto.base.rulings import InputError
from aslpto.board.artwork import Artwork
from aslpto.board.cells import (
    Building as Building,
    Changes as Changes,
    HexInfo as HexInfo,
    JungleType as JungleType,
    MapConditions as MapConditions,
    RiverDepth as RiverDepth,
)
from aslpto.board.files import (
    BoardData,
    BuildingSpec,
    LocalHex,
    board_hexes,
    is_edge,
    local_y,
)
from aslpto.board.hexes import (
    LAST_COL,
    ROTATE_Y,
    Hex,
    Hexside,
    Layout,
    Placement,
    hexes_at,
    hexsides_between,
)
from aslpto.board.overlays import (
    OverlayPlacement,
    check_overlay_placement,
    from_axial,
    overlay_placement,
    rotate,
    to_axial,
)
from aslpto.board.terrain import (
    ChartRow,
    Feature,
    HexsideFeature,
    Terrain,
    TerrainChart,
    default_chart,
)


@record
class Map:
    """The playing area: hexes, hexsides and the terrain chart that prices them."""

    layout: Layout
    cells: Mapping[Hex, HexInfo]
    sides: Mapping[Hexside, frozenset[HexsideFeature]]
    side_rules: Mapping[Hexside, tuple[str, ...]] = field(default_factory=dict)
    chart: TerrainChart = field(default_factory=default_chart)
    conditions: MapConditions = MapConditions()
    stream_los_exception: frozenset[Hexside] = frozenset()  # G.1, last bullet
    stream_halves: Mapping[Hex, frozenset[str]] = field(default_factory=dict)
    """The seam hexes a stream crosses on one board's half only, with that board: the stream
    runs on from such a hex only into its own board's stream hexes."""
    artwork: Mapping[str, Artwork] = field(default_factory=dict, compare=False, repr=False)
    """The artwork of each real board by its name in the layout (none for a TOML board)."""

    def info(self, h: Hex) -> HexInfo:
        try:
            return self.cells[h]
        except KeyError:
            raise InputError(f"grid position ({h.x},{h.y}) is off the map") from None

    def terrain(self, h: Hex) -> Terrain:
        return self.info(h).terrain

    def level(self, h: Hex) -> int:
        return self.info(h).level

    def row(self, h: Hex) -> ChartRow:
        return self.chart[self.info(h).terrain.value]

    def hexside_features(self, a: Hex, b: Hex) -> frozenset[HexsideFeature]:
        return self.sides.get(Hexside.of(a, b), frozenset())

    def has_feature(self, a: Hex, b: Hex, f: HexsideFeature) -> bool:
        return f in self.hexside_features(a, b)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        return self.layout.neighbours(h)

    def hex(self, name: str) -> Hex:
        """Resolve a hex name; off-map or unknown boards raise :class:`InputError`."""
        return self.hex_and_name(name)[0]

    def hex_and_name(self, name: str) -> tuple[Hex, str]:
        """:meth:`hex` and the hex's canonical name (:meth:`name`)."""
        h, canonical = self.layout.hex_and_name(name)
        if h not in self.cells:
            raise InputError(f"hex '{name}' is off the map")
        return h, canonical

    def name(self, h: Hex) -> str:
        return self.layout.name(h)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.layout.ordered)

    def __len__(self) -> int:
        return len(self.cells)

    def is_bank(self, a: Hex, b: Hex) -> bool:
        """A paddy bank hexside that is not breached (G8 BREACH)."""
        fs = self.hexside_features(a, b)
        return HexsideFeature.BANK in fs and HexsideFeature.BREACHED not in fs

    def with_hexside(self, s: Hexside, features: frozenset[HexsideFeature], rule: str) -> Map:
        """A copy with one hexside's features replaced (e.g. a breached bank)."""
        sides = dict(self.sides)
        sides[s] = features
        rules = dict(self.side_rules)
        rules[s] = (*rules.get(s, ()), rule)
        return replace(self, sides=sides, side_rules=rules)


# --- building -------------------------------------------------------------------------

_AROUND = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_AROUND_FIRST = tuple((dc, dy, dc > 0 or (dc == 0 and dy > 0)) for dc, dy in _AROUND)
"""Each direction, and whether the hex it leaves comes first in the grid (on a hexside)."""


@record(frozen=False)
class _Draft:
    cells: dict[Hex, HexInfo]  # each hex's info (under the conditions by itself, if any)
    sides: dict[Hexside, frozenset[HexsideFeature]]
    side_rules: dict[Hexside, tuple[str, ...]]
    end_hexes: dict[Hex, set[str]]  # stream end-hexes and the boards they come from
    stream_halves: dict[Hex, frozenset[str]] = field(default_factory=dict)  # (Map's)
    laid_by: dict[Hex, str] = field(default_factory=dict)  # each edge hex's last board laid
    roads: list[Hexside] | None = field(default_factory=list)  # road hexsides (None: unknown)
    merged: dict[tuple[int, int], tuple[HexInfo, HexInfo, HexInfo]] = field(default_factory=dict)
    raw: dict[Hex, HexInfo] = field(default_factory=dict)
    """The info before the conditions of each board-edge hex (a seam merges two) and of each
    hex whose info is not its board file's (buildings, seams, B21.13 ponds: those in
    ``special``)."""
    special: set[Hex] = field(default_factory=set)
    watch: dict[Hex, HexInfo] = field(default_factory=dict)
    """The info before the conditions of the hexes the conditions look at one by one."""
    built: dict[tuple[int, int, int], tuple[HexInfo, HexInfo]] = field(default_factory=dict)
    """A building's hex on the first board laid out from a board file, as printed and under
    the conditions, by template, building and printed hex info: the conditions change it the
    same way on every board laid out from that file (its building is each board's own)."""

    def merge(self, old: HexInfo, new: HexInfo) -> HexInfo:
        """:func:`_merge`, once per pair of (shared) infos."""
        key = (id(old), id(new))
        got = self.merged.get(key)
        if got is None:
            got = self.merged[key] = (old, new, _merge(old, new))  # keeps both ids alive
        return got[2]


def _merge(old: HexInfo | None, new: HexInfo) -> HexInfo:
    """A seam hex: the two half hexes make one hex (non-open terrain of either half wins)."""
    if old is None or old is new:  # (the same info: printed as placed, so nothing to merge)
        return new
    terrain = old.terrain
    if terrain == Terrain.OPEN_GROUND and new.terrain != Terrain.OPEN_GROUND:
        terrain = new.terrain
    level = max(old.level, new.level)
    features = old.features | new.features
    building = old.building or new.building
    stream_end = old.stream_end or new.stream_end
    if (
        terrain == old.terrain == old.printed
        and level == old.level
        and features == old.features
        and building is old.building
        and stream_end == old.stream_end
    ):
        return old  # (the other half adds nothing: the hex keeps its shared info)
    return old.with_(
        terrain=terrain,
        printed=terrain,
        level=level,
        features=features,
        building=building,
        stream_end=stream_end,
    )


_GRID: tuple[LocalHex, ...] = tuple(sorted(board_hexes()))
"""Every hex of a board, column by column: the order of a board file's template."""
_GRID_C = tuple(c for c, _ in _GRID)
_GRID_Y = tuple(2 * r + (c & 1) for c, r in _GRID)
_GRID_CY = tuple(zip(_GRID_C, _GRID_Y, strict=True))
_GRID_INDEX = {cy: i for i, cy in enumerate(_GRID_CY)}
_GRID_EDGE = tuple(i for i, h in enumerate(_GRID) if is_edge(h))


_at = {lh: i for i, lh in enumerate(_GRID)}.__getitem__
"""The index in _GRID of a board hex."""


@record
class _Template:
    """A board file built once per map in the board's own grid (column ``c``, doubled row
    ``y``), then placed by offset on every board laid out from that file."""

    cs: tuple[int, ...]  # every board hex (_GRID), then the positions off the board that
    ys: tuple[int, ...]  # hexsides reach
    infos: list[HexInfo]  # of the board hexes; identical hexes share one (immutable) info
    buildings: tuple[tuple[Building, tuple[int, ...], tuple[int, ...]], ...]
    """Each building (its id as in the file, no hexes), the indexes of its hexes, and of
    those whose building it is."""
    ends: tuple[int, ...]  # stream end-hexes on the board edge (G.1)
    edge: tuple[int, ...]  # the hexes on the board edge (a seam hex lies there)
    no_dot: tuple[int, ...]  # ponds without a centre dot (B21.13)
    side_a: list[int]  # each hexside's two hexes (indexes; ``a`` before ``b`` in the grid)
    side_b: list[int]
    side_features: list[frozenset[HexsideFeature]]
    roads: list[int]  # the hexsides with a road


def _template(data: BoardData, interned: dict[tuple[object, ...], HexInfo]) -> _Template:
    """The board's hexes and hexsides; G8: every hexside of a paddy hex is a bank hexside
    unless the file lists it as open. ``interned``: the hex infos of the map so far, by
    (terrain, level) or (terrain, level, stream end-hex, features), so that identical hexes
    share one info."""
    at = _at
    terrains = list(map(data.terrain.__getitem__, _GRID))
    levels = [0] * len(_GRID)  # (most hexes are at level 0)
    raised = list(map(at, data.levels))
    for i, level in zip(raised, data.levels.values(), strict=True):
        levels[i] = level
    kinds = set(terrains)
    pairs = {(t, 0) for t in kinds} | {(terrains[i], levels[i]) for i in raised}
    for k in pairs - interned.keys():  # a plain hex's key: (terrain, level)
        interned[k] = HexInfo(terrain=k[0], level=k[1], printed=k[0])
    flat = {t: interned[(t, 0)] for t in kinds}
    infos = list(map(flat.__getitem__, terrains))
    for i in raised:
        infos[i] = interned[(terrains[i], levels[i])]
    printed = _printed_features(data)
    edge_ends = {line[i] for line in data.streams for i in (0, -1) if is_edge(line[i])}
    get = printed.get
    for lh in printed.keys() | edge_ends:
        i = at(lh)
        key = (terrains[i], levels[i], lh in edge_ends, get(lh, _NONE))
        info = interned.get(key)
        if info is None:
            t, level, end, feats = key
            info = interned[key] = HexInfo(
                terrain=t, level=level, features=feats, printed=t, stream_end=end
            )
        infos[i] = info
    owner: dict[LocalHex, int] = {}  # the last building listed in a hex is its building
    for n, spec in enumerate(data.buildings):
        owner.update(dict.fromkeys(spec.hexes, n))
    buildings = tuple(
        (
            Building(
                spec.id,
                spec.material,
                spec.stories,
                frozenset(),
                spec.separate,
                spec.partial,
                spec.cellar,
                spec.stacking_capacity,
                spec.vehicle_entry,
            ),
            tuple(map(at, spec.hexes)),
            tuple(at(lh) for lh in spec.hexes if owner[lh] == n),
        )
        for n, spec in enumerate(data.buildings)
    )
    sides, reach = _local_sides(data, terrains)
    firsts = list(map(itemgetter(0), sides))
    seconds = list(map(itemgetter(1), sides))
    cs, ys = _GRID_C, _GRID_Y
    off = sorted(reach)
    index = _GRID_INDEX
    if off:  # a paddy bank on the board edge reaches off the board
        index = {**index, **{p: len(cs) + i for i, p in enumerate(off)}}
        cs = cs + tuple(c for c, _ in off)
        ys = ys + tuple(y for _, y in off)
    return _Template(
        cs=cs,
        ys=ys,
        infos=infos,
        buildings=buildings,
        ends=tuple(map(at, edge_ends)),
        edge=_GRID_EDGE,
        no_dot=tuple(map(at, data.pond_no_dot)),
        side_a=list(map(index.__getitem__, firsts)),
        side_b=list(map(index.__getitem__, seconds)),
        side_features=list(sides.values()),
        roads=list(compress(count(), map(contains, sides.values(), repeat(HexsideFeature.ROAD)))),
    )


_CY = tuple[int, int]
"""A position in a board's own grid: column ``c`` and doubled row ``y``."""


def _side_key(pair: frozenset[LocalHex]) -> tuple[_CY, _CY]:
    """``((c1, y1), (c2, y2))`` of a board file's hexside, the hex first in the grid first."""
    a, b = pair
    if b < a:
        a, b = b, a
    return ((a[0], 2 * a[1] + (a[0] & 1)), (b[0], 2 * b[1] + (b[0] & 1)))


_SIDE_KEYS: dict[frozenset[LocalHex], tuple[_CY, _CY]] = {}
"""The ``((c1, y1), (c2, y2))`` of the board hexsides met so far (a table filled as board files
are read: a hexside is worked out once a process, and no command pays for the hexsides it never
meets)."""


def _side_key_of(pair: frozenset[LocalHex]) -> tuple[_CY, _CY]:
    got = _SIDE_KEYS.get(pair)
    if got is None:
        got = _SIDE_KEYS[pair] = _side_key(pair)
    return got


_AROUND_OF: dict[int, tuple[tuple[_CY, _CY], ...]] = {}
"""The six hexside keys of the board hexes met so far, by index in _GRID (worked out as a
board's paddies are placed, once a process)."""


def _around_of(i: int) -> tuple[tuple[_CY, _CY], ...]:
    got = _AROUND_OF.get(i)
    if got is None:
        cy = _GRID_CY[i]
        got = _AROUND_OF[i] = tuple(
            (cy, (cy[0] + dc, cy[1] + dy)) if first else ((cy[0] + dc, cy[1] + dy), cy)
            for dc, dy, first in _AROUND_FIRST
        )
    return got


def _local_sides(
    data: BoardData, terrains: list[Terrain]
) -> tuple[dict[tuple[_CY, _CY], frozenset[HexsideFeature]], set[_CY]]:
    """The file's hexsides in its own grid, ``((c1, y1), (c2, y2))``, the first in the grid first,
    then the paddy banks (G8); and the positions off the board that banks reach."""
    pairs = data.hexsides  # (a board file's hexsides join two adjacent hexes of its grid)
    out = dict(zip(map(_side_key_of, pairs), pairs.values(), strict=True))
    if Terrain.PADDY not in terrains:  # (``terrains``: the board's, in _GRID order)
        return out, set()
    paddy = Terrain.PADDY
    around = list(chain.from_iterable(_around_of(i) for i, t in enumerate(terrains) if t is paddy))
    bank = frozenset({HexsideFeature.BANK})
    if data.paddy_open_hexsides:
        opened = set(map(_side_key, data.paddy_open_hexsides))
        around = list(filterfalse(opened.__contains__, around))
    banks = dict.fromkeys(around, bank)
    for k in banks.keys() & out.keys():
        banks[k] = out[k] | bank
    out.update(banks)
    off = {p for k in banks for p in k if p not in _GRID_INDEX}  # (banks on the board edge)
    return out, off


class _Conditions(Protocol):
    """What placing a board needs of the conditions on a hex by itself."""

    def __call__(self, c: HexInfo) -> HexInfo: ...

    def watched(self, c: HexInfo) -> bool: ...

    def layer(self, infos: list[HexInfo]) -> tuple[list[HexInfo], list[int]]: ...


class _Printed:
    """No conditions yet (an overlay comes first): every hex as printed, none watched."""

    def __call__(self, c: HexInfo) -> HexInfo:
        return c

    def watched(self, c: HexInfo) -> bool:
        return False

    def layer(self, infos: list[HexInfo]) -> tuple[list[HexInfo], list[int]]:
        return infos, []


def _place_board(
    draft: _Draft,
    tpl: _Template,
    p: Placement,
    hc: _Conditions,
    layer: tuple[list[HexInfo], list[int]],
) -> None:
    """Lay one board from its file's template, by offset (a board turned 180° maps its grid
    to ``LAST_COL - c, ROTATE_Y - y``, which turns each hexside's hexes round). ``layer``:
    the template's infos under the conditions ``hc`` and the indexes ``hc`` watches. A seam
    hex already laid is merged (as printed) with this board's half of it, then put under
    the conditions; hexsides add their features to those already there."""
    if p.rotated:
        kx, ky = p.x0 + LAST_COL, p.y0 + ROTATE_Y
        hexes = hexes_at(map(sub, repeat(kx), tpl.cs), map(sub, repeat(ky), tpl.ys))
        firsts, seconds = tpl.side_b, tpl.side_a
    else:
        x0, y0 = p.x0, p.y0
        hexes = hexes_at(map(add, tpl.cs, repeat(x0)), map(add, tpl.ys, repeat(y0)))
        firsts, seconds = tpl.side_a, tpl.side_b
    cells, raw, special, watch = draft.cells, draft.raw, draft.special, draft.watch
    infos = tpl.infos
    edge = list(map(hexes.__getitem__, tpl.edge))
    laid_by = draft.laid_by
    seams = [(h, raw[h], laid_by.get(h)) for h in edge if h in raw]  # (by a board before)
    laid_by.update(zip(edge, repeat(p.board)))
    cells.update(zip(hexes, layer[0], strict=False))  # (not the off-board positions after)
    raw.update(zip(edge, map(infos.__getitem__, tpl.edge), strict=True))
    watch.update((hexes[i], infos[i]) for i in layer[1])

    def put(h: Hex, info: HexInfo) -> None:
        raw[h] = info
        special.add(h)
        cells[h] = hc(info)

    built = draft.built
    for n, (proto, members, owned) in enumerate(tpl.buildings):
        bld = proto.placed(p.board, frozenset(map(hexes.__getitem__, members)))
        made: dict[int, HexInfo] = {}  # hexes of one building share their infos
        for i in owned:
            base = infos[i]
            info = made.get(id(base)) or made.setdefault(id(base), _with_building(base, bld))
            h = hexes[i]
            key = (id(tpl), n, id(base))
            first = built.get(key)
            if first is None:
                put(h, info)
                built[key] = (info, cells[h])
                continue
            raw[h] = info
            special.add(h)
            was, done = first  # this building's hex on the first board laid from this file
            if done is was:
                cells[h] = info  # (as printed)
            elif done.building is None:
                cells[h] = done  # (G.1 Huts)
            else:
                cells[h] = done.with_(building=bld)  # (the same change, this board's building)
    for h, old, old_board in seams:
        new = raw[h]
        if old is not new:  # (two identical halves make the same hex)
            put(h, draft.merge(old, new))
            in_old, in_new = Feature.STREAM in old.features, Feature.STREAM in new.features
            if in_old != in_new and old_board is not None:  # (a stream on one half: whose)
                draft.stream_halves[h] = frozenset({old_board if in_old else p.board})
    for i in tpl.ends:
        draft.end_hexes.setdefault(hexes[i], set()).add(p.board)
    placed = hexsides_between(map(hexes.__getitem__, firsts), map(hexes.__getitem__, seconds))
    sides = dict(zip(placed, tpl.side_features, strict=True))
    for s in draft.sides.keys() & sides.keys():
        sides[s] = draft.sides[s] | sides[s]
    draft.sides.update(sides)
    if draft.roads is not None:
        draft.roads += map(placed.__getitem__, tpl.roads)
    for i in tpl.no_dot:
        h = hexes[i]
        cell = raw.get(h, infos[i])
        # B21.13: the hex is not a Water Obstacle hex (only its pond hexsides are)
        t = Terrain.OPEN_GROUND if cell.terrain == Terrain.POND else cell.terrain
        put(h, cell.changed("B21.13", "pond without a centre dot", terrain=t))


def _with_building(info: HexInfo, bld: Building) -> HexInfo:
    """A hex of a building (B23): the building's terrain; a cellar if it has one (B23.41)."""
    terrain = bld_terrain(bld)
    feats = info.features | {Feature.CELLAR} if bld.cellar else info.features
    return info.with_(terrain=terrain, printed=terrain, features=feats, building=bld)


def _add_overlay(
    draft: _Draft,
    data: BoardData,
    place: dict[LocalHex, Hex],
    base_levels: Mapping[Hex, int],
    edge_boards: Callable[[Hex], set[str]],
) -> None:
    """G.9C: an overlay hex shows only the overlay's terrain, and only the (topmost)
    overlay's hexsides count where it lies; G.9D: a board wall/hedge forming a hexspine of
    an overlay hex (neither hex under the overlay) is kept."""
    overlay = data.overlay_id
    tag = overlay or "overlay"
    printed = _printed_features(data)
    stream_ends = {line[i] for line in data.streams for i in (0, -1)}
    buildings: dict[LocalHex, Building] = {}
    for spec in data.buildings:
        placed = _building(spec, frozenset(place[h] for h in spec.hexes), tag, overlay)
        for lh in spec.hexes:
            buildings[lh] = placed
    cells = draft.cells
    levels = data.levels
    end_hexes = draft.end_hexes
    for lh, t in data.terrain.items():
        h = place[lh]
        # an overlay hex keeps the board's level unless the overlay gives its own
        level = levels[lh] if lh in levels else base_levels.get(h, 0)
        # G.1: a stream "end-hex" (overlay hex or not) is where a stream runs off a board edge
        end_boards = edge_boards(h) if lh in stream_ends else set()
        end = bool(end_boards)
        info = HexInfo(
            terrain=t,
            level=level,
            features=printed.get(lh, _NONE),
            printed=t,
            overlay=overlay,
            stream_end=end,
        )
        bld = buildings.get(lh)
        cells[h] = _with_building(info, bld) if bld is not None else info
        end_hexes.pop(h, None)
        if end:
            end_hexes.setdefault(h, set()).update(end_boards)
    local_sides: dict[Hexside, frozenset[HexsideFeature]] = {}
    for pair, fs in data.hexsides.items():
        h1, h2 = (place[x] for x in pair)
        local_sides[Hexside.of(h1, h2)] = fs
    # G8: every hexside of a paddy hex is a bank hexside unless the file lists it as open
    k = _rotation_of(place)
    open_sides = data.paddy_open_hexsides
    bank = frozenset({HexsideFeature.BANK})
    for lh, t in data.terrain.items():
        if t is not Terrain.PADDY:
            continue
        a = place[lh]
        c, r = lh
        y = 2 * r + (c & 1)
        for dc, dy in _AROUND:
            c2 = c + dc
            other = (c2, (y + dy - (c2 & 1)) // 2)
            if open_sides and frozenset((lh, other)) in open_sides:
                continue
            b = place.get(other) or _place_any(other, place, lh, k)
            side = Hexside(a, b) if a < b else Hexside(b, a)
            local_sides[side] = local_sides.get(side, frozenset()) | bank
    covered = set(place.values())
    _trim_buildings(draft.cells, covered)
    for s in list(draft.sides):
        if s.a in covered or s.b in covered:
            del draft.sides[s]
            draft.side_rules.pop(s, None)
    for s, fs in local_sides.items():
        draft.sides[s] = fs
        draft.side_rules[s] = ("G.9C",)
    for s in list(draft.sides):
        if s.a in covered or s.b in covered:
            continue
        if any(v in covered for v in _spine_hexes(s)) and draft.sides[s] & {
            HexsideFeature.WALL,
            HexsideFeature.HEDGE,
        }:
            draft.side_rules[s] = (*draft.side_rules.get(s, ()), "G.9D")


def _place_any(lh: LocalHex, place: dict[LocalHex, Hex], src: LocalHex, k: int) -> Hex:
    """Grid position of a local hex, even one just off this board/overlay (by offset from
    ``src`` turned by the layer's rotation ``k``)."""
    if lh in place:
        return place[lh]
    q, r = to_axial(lh[0] - src[0], local_y(*lh) - local_y(*src))
    x, y = from_axial(*rotate(q, r, k))
    base = place[src]
    return Hex(base.x + x, base.y + y)


def _rotation_of(place: dict[LocalHex, Hex]) -> int:
    items = iter(place.items())
    (k0, v0) = next(items)
    for k1, v1 in items:
        lq, lr = to_axial(k1[0] - k0[0], local_y(*k1) - local_y(*k0))
        gq, gr = to_axial(v1.x - v0.x, v1.y - v0.y)
        if (lq, lr) != (0, 0):
            return next(k for k in range(6) if rotate(lq, lr, k) == (gq, gr))
    return 0


def _trim_buildings(cells: dict[Hex, HexInfo], covered: set[Hex]) -> None:
    """A building partly covered by an overlay keeps only its uncovered hexes (G.9C)."""
    trimmed: dict[str, Building] = {}
    for h, c in cells.items():
        b = c.building
        if h in covered or b is None or not (b.hexes & covered):
            continue
        nb = trimmed.get(b.id)
        if nb is None:
            nb = replace(b, hexes=b.hexes - covered, rules=(*b.rules, "G.9C"))
            trimmed[b.id] = nb
        cells[h] = replace(c, building=nb)


_NONE: frozenset[Feature] = frozenset()


def _printed_features(data: BoardData) -> dict[LocalHex, frozenset[Feature]]:
    """The features printed in each hex that has any (a road through woods is a woods-road),
    the marks of ``data.marks`` among them."""
    marks: dict[LocalHex, int] = {}  # each hex's features, as bits of _MARKS
    get = marks.get
    groups = [
        (1, data.roads),
        (2, data.paths),
        (4, data.streams),
        (8, (data.bridges,)),
        (16, (data.fords,)),
    ]
    groups += [(1 << _MARKS.index(f), (hexes,)) for f, hexes in data.marks.items()]
    for bit, where in groups:
        for line in where:
            for lh in line:
                marks[lh] = get(lh, 0) | bit
    terrain = data.terrain
    for lh, m in marks.items():
        if m & 1 and terrain[lh] == Terrain.WOODS:
            marks[lh] = m ^ (1 | 32)  # a woods-road, not a road
    sets = {
        m: frozenset(f for n, f in enumerate(_MARKS) if m >> n & 1) for m in set(marks.values())
    }
    return dict(zip(marks, map(sets.__getitem__, marks.values()), strict=True))


_MARKS = (
    Feature.ROAD,
    Feature.PATH,
    Feature.STREAM,
    Feature.BRIDGE,
    Feature.FORD,
    Feature.WOODS_ROAD,
    Feature.RUBBLE,
    Feature.CRAG,
    Feature.RUNWAY,
    Feature.PAVED_ROAD,
)


def _spine_hexes(s: Hexside) -> tuple[Hex, ...]:
    """The two hexes at the ends of a hexside (the third hex of each of its vertices)."""
    out: list[Hex] = []
    for v in s.vertices():
        out.extend(h for h in v.hexes if h not in (s.a, s.b))
    return tuple(out)


def bld_terrain(b: Building) -> Terrain:
    return Terrain.STONE_BUILDING if b.material == "stone" else Terrain.WOODEN_BUILDING


def _building(b: BuildingSpec, hexes: frozenset[Hex], tag: str, overlay: str | None) -> Building:
    rules: tuple[str, ...] = ()
    cap, veh = b.stacking_capacity, b.vehicle_entry
    if overlay == "X6":
        cap, veh, rules = 1, False, ("G.9F",)  # a small single-story stone temple
    return Building(
        id=f"{tag}:{b.id}",
        material="stone" if overlay == "X6" else b.material,
        stories=1 if overlay == "X6" else b.stories,
        hexes=hexes,
        separate=b.separate,
        partial=b.partial,
        cellar=b.cellar,
        stacking_capacity=cap,
        vehicle_entry=veh,
        rules=rules,
    )


@record
class ConditionsTransform:
    """How the scenario's conditions change a map while it is built. The rules supply it (PTO
    Terrain, G.1, and the Water Obstacle levels, B21.2-B21.6:
    :data:`aslpto.rules.pto.terrain.TRANSFORM`); the board layer knows no rule.

    ``per_hex(conditions)`` transforms a hex by itself; ``whole(map, stream_end_hexes,
    road_sides)`` puts a built map under its conditions; ``finish(map, cells, watch, per_hex,
    stream_end_hexes, road_sides)`` does the hexes that change by what lies next to them."""

    per_hex: Callable[[MapConditions], _Conditions]
    whole: Callable[..., Map]
    finish: Callable[..., Map]


def build_map(
    layout: Layout,
    boards: Mapping[str, BoardData],
    overlays: tuple[OverlayPlacement, ...] = (),
    conditions: MapConditions = MapConditions(),
    chart: TerrainChart | None = None,
    transform: ConditionsTransform | None = None,
) -> Map:
    """Lay out the boards, place overlays in SSR order (G.9B), and apply the conditions with
    ``transform`` (to each board file before it is laid out; with overlays, to the whole map
    after them). Without a transform the map is as printed, and conditions that would change
    it are refused."""
    if transform is None and conditions != MapConditions():
        raise InputError("map conditions given without the rules that apply them")
    return _build(layout, boards, overlays, conditions, chart, not overlays, transform)


def _build(
    layout: Layout,
    boards: Mapping[str, BoardData],
    overlays: tuple[OverlayPlacement, ...],
    conditions: MapConditions,
    chart: TerrainChart | None,
    per_board: bool,
    transform: ConditionsTransform | None = None,
) -> Map:
    """:func:`build_map`. ``per_board``: put each board file's hexes under the conditions
    before laying it out (each file once, however many boards are laid out from it; seam,
    building and B21.13 hexes one by one), rather than the whole map after; the map is the
    same, but overlays must come before the conditions."""
    draft = _Draft({}, {}, {}, {})
    hc: _Conditions = (
        transform.per_hex(conditions) if per_board and transform is not None else _Printed()
    )
    templates: dict[int, tuple[_Template, tuple[list[HexInfo], list[int]]]] = {}
    interned: dict[tuple[object, ...], HexInfo] = {}
    for p in layout.placements:
        data = boards.get(p.board)
        if data is None:
            raise InputError(f"board {p.board} is laid out but has no board file")
        got = templates.get(id(data))  # each board file built once, placed on each board
        if got is None:
            tpl = _template(data, interned)
            got = templates[id(data)] = (tpl, hc.layer(tpl.infos))
        _place_board(draft, got[0], p, hc, got[1])
    if "hexes" not in layout.__dict__:  # the layout's hexes are the board hexes just placed
        layout.__dict__["hexes"] = frozenset(draft.cells)

    def edge_of(h: Hex) -> set[str]:
        """Boards on whose edge hex ``h`` lies."""
        out = set()
        for p in layout.placements:
            n = p.to_name(h)
            if n is not None and is_edge((n.col, n.row)):
                out.add(p.board)
        return out

    if overlays:
        levels = {h: c.level for h, c in draft.cells.items()}
        draft.roads = None  # (G.9C: an overlay's hexsides replace the board's)
        for ov in overlays:
            t0, t1 = check_overlay_placement(layout, ov)
            place = overlay_placement(ov.data, t0, t1)
            if any(h not in layout.hexes for h in place.values()):
                raise InputError(f"overlay {ov.data.overlay_id} placed on {ov.on} runs off the map")
            _add_overlay(draft, ov.data, place, levels, edge_of)
    artwork = {}
    for p in layout.placements:
        art = boards[p.board].artwork
        if art is not None:
            artwork[p.board] = art
    m = Map(
        layout=layout,
        cells=draft.cells,
        sides=draft.sides,
        side_rules=draft.side_rules,
        chart=chart or default_chart(),
        conditions=conditions,
        stream_halves=draft.stream_halves,
        artwork=artwork,
    )
    if transform is None:
        return m
    if isinstance(hc, _Printed):
        return transform.whole(m, draft.end_hexes, draft.roads)
    watch = draft.watch
    for h in draft.special:  # a seam, building or B21.13 hex: its own printed info
        r = draft.raw[h]
        if hc.watched(r):
            watch[h] = r
        else:
            watch.pop(h, None)
    return transform.finish(m, draft.cells, watch, hc, draft.end_hexes, draft.roads)
