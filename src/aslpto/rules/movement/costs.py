"""What entering costs: the terrain chart's COT and its columns, roads and paths (B3.4, B13.6),
mud, grain, hedges and walls (B9.4), higher levels (A4.133, B10.51), Bypass (A4.3) and
Hazardous Movement."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from aslpto.base.hints import Any
from aslpto.base.patterns import LazyPattern
from aslpto.base.rulings import RuleViolation
from aslpto.base.unchecked import note
from aslpto.board.hexes import Hex
from aslpto.board.terrain import EntryKind, HexsideFeature, Terrain
from aslpto.rules.movement.movers import (
    Cost,
    Event,
    EventKind,
    MoveContext,
    MoverKind,
    Phase,
    halves,
    movement_data,
)


def along_road(ctx: MoveContext, a: Hex, b: Hex) -> bool:
    """B3.4 (G.1A: playable roads only; G.1 removes them under PTO Terrain)."""
    return HexsideFeature.ROAD in ctx.features(a, b)


def along_path(ctx: MoveContext, a: Hex, b: Hex) -> bool:
    """G.1A: a path, or a road treated as a path."""
    return HexsideFeature.PATH in ctx.features(a, b)


_CHART_COLUMN = LazyPattern(
    r"(motorcycle|armored car|fully-tracked|halftrack|truck)\s+(\d+(?:\.\d+)?|NA|ALL)\b"
)


_CHART_NAMES = {
    "motorcycle": "motorcycle",
    "armored car": "armored-car",
    "fully-tracked": "fully-tracked",
    "halftrack": "half-tracked",
    "truck": "truck",
}


@cache
def chart_columns(vehicle_mp: str, *, in_season: bool) -> Mapping[str, str]:
    """The vehicle columns a terrain chart row lists ("motorcycle 3, ..., truck 4"); for grain
    the April-September numbers when ``in_season``, else none (as Open Ground)."""
    text = vehicle_mp
    if text.startswith("April-September:"):
        if not in_season:
            return {}
        text = text.split(";", 1)[0]
    return {_CHART_NAMES[k]: v for k, v in _CHART_COLUMN.findall(text)}


def _column_value(terrain: str, column: str) -> Any:
    row = movement_data().costs.get(terrain)
    if row is None or column not in row:
        return None
    return row[column]


def in_season(ctx: MoveContext) -> bool:
    """B15.4: grain is in season April-September."""
    return 4 <= ctx.game.conditions.month <= 9


def mud_applies(ctx: MoveContext, h: Hex) -> bool:
    """E3.6: with EC Mud every Open Ground hex is Mud."""
    row = ctx.map.row(h)
    return ctx.game.conditions.mud and row.open_ground and not ctx.map.terrain(h).is_water_obstacle


def open_ground_cost(ctx: MoveContext, *, mud: bool) -> list[Cost]:
    """The Open Ground COT (B1) for this mover, plus Mud (E3.64) when ``mud``."""
    base = _base_cost(ctx, Terrain.OPEN_GROUND.value, 1, ctx.map.chart["open-ground"].rule)
    if not mud:
        return base
    return base + mud_extra(ctx, base)


def mud_extra(ctx: MoveContext, base: list[Cost]) -> list[Cost]:
    """E3.64: in Mud a ground unit expends an extra 1/2 MF (a vehicle one full MP) per Open
    Ground hexside."""
    data = movement_data()
    if ctx.mover.uses_mp:
        return [Cost(data.n("mud_extra_mp"), data.rule("mud"), "Mud: one MP more")]
    return [Cost(data.n("mud_extra_mf"), data.rule("mud"), "Mud: 1/2 MF more")]


def grain_cost(ctx: MoveContext) -> list[Cost]:
    """Grain in season (B15.4): 1 1/2 MF for Infantry, Cavalry and Horse-Drawn units, a vehicle
    the chart's April-September MP; a grain hex in season, an In-Season paddy interior (G8)."""
    if ctx.mover.kind == MoverKind.INFANTRY:
        data = movement_data()
        key = "grain_in_season_mf"
        return [Cost(data.n(key), data.number_rules[key], "COT grain (1 1/2 MF)")]
    return _base_cost(ctx, Terrain.GRAIN.value, 1.5, ctx.map.chart["grain"].rule, season=True)


def vehicle_value(ctx: MoveContext, terrain: str, *, season: bool = True) -> tuple[Any, str]:
    """A vehicle's (or Cycle Rider's motorcycle's) entry value for a terrain: the chart's
    columns first, then data/movement.toml."""
    mover = ctx.mover
    row = ctx.map.chart[terrain]
    column = "motorcycle" if mover.kind == MoverKind.CYCLE else mover.cost_column
    cols = chart_columns(row.vehicle_mp, in_season=season)
    if column in cols:
        return cols[column], row.rule
    return _column_value(terrain, column), movement_data().cost_rules.get(terrain, row.rule)


def _base_cost(
    ctx: MoveContext, terrain: str, infantry_mf: float, rule: str, season: bool = True
) -> list[Cost]:
    """COT of a terrain for this mover (no Mud, no hexsides)."""
    data = movement_data()
    mover = ctx.mover
    if mover.kind == MoverKind.INFANTRY:
        return [Cost(halves(infantry_mf), rule, f"COT {terrain}")]
    if mover.kind == MoverKind.CAVALRY:
        value, crule = _column_value(terrain, "cavalry"), data.cost_rules.get(terrain, rule)
        if value is None:
            return [Cost(halves(infantry_mf), rule, f"COT {terrain}")]
    else:
        value, crule = vehicle_value(ctx, terrain, season=season)
        if value is None and mover.kind == MoverKind.CYCLE:
            factor = int(data.raw("cycle_factor"))
            return [
                Cost(
                    halves(infantry_mf) * factor,
                    rule,
                    f"COT {terrain} ({factor} MP per Infantry MF for cycles)",
                )
            ]
    if value is None:
        raise RuleViolation(crule, f"no {mover.describe()} cost is known for {terrain}")
    if value == "NA" or (value == "all-afv" and not mover.fully_tracked_afv_or_dozer):
        raise RuleViolation(crule, f"a {mover.describe()} may not enter {terrain}")
    if value in ("all", "ALL", "all-afv"):
        return [Cost(ctx.allowance, crule, f"{terrain} costs all MP")]
    return [Cost(halves(float(value)), crule, f"COT {terrain}")]


def terrain_cost(ctx: MoveContext, a: Hex, b: Hex, *, first: bool) -> list[Cost]:
    """COT of entering hex ``b`` from ``a``: road/path rate when along a road/path hexside,
    otherwise the terrain chart, plus Mud (E3.6). ``first``: no MF/MP spent yet this phase
    (terrain whose entry costs the entire allotment needs it). Paddies and Water Obstacles are
    priced by their own chapters."""
    data = movement_data()
    m = ctx.map
    info = m.info(b)
    mover = ctx.mover
    if along_road(ctx, a, b):
        if mover.kind == MoverKind.VEHICLE:
            return [Cost(data.n("road_mp"), data.rule("road"), "road rate")]
        factor = int(data.raw("cycle_factor")) if mover.kind == MoverKind.CYCLE else 1
        return [Cost(data.n("road_mf") * factor, data.rule("road"), "road rate")]
    if along_path(ctx, a, b) and mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY):
        return [Cost(data.n("path_mf"), data.rule("path"), "path rate (G.1A)")]
    row = m.row(b)
    rule = "B21.6" if "B21.6" in info.rules else row.rule  # frozen Water Obstacle: Open Ground
    if mover.kind == MoverKind.VEHICLE and info.building is not None:
        raise RuleViolation(data.rule("building_vehicle"), "a vehicle may not enter a building")
    kind = row.entry_kind
    if mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY) and kind != EntryKind.COST:
        if kind == EntryKind.NA:
            raise RuleViolation(row.rule, f"{info.terrain.value} cannot be entered this way")
        if mover.kind == MoverKind.CAVALRY and _column_value(info.terrain.value, "cavalry") == "NA":
            raise RuleViolation(
                data.cost_rules.get(info.terrain.value, row.rule),
                f"Cavalry may not enter {info.terrain.value}",
            )
        how = (
            "only by Minimum Move (A4.134)"
            if kind == EntryKind.MINIMUM_MOVE
            else "at the cost of the entire MF allotment"
        )
        if kind == EntryKind.ALL and ctx.options.phase == Phase.APH:
            raise RuleViolation(row.rule, f"{info.terrain.value} cannot be entered in the APh")
        if not first:
            raise RuleViolation(
                data.rule("minimum_move") if kind == EntryKind.MINIMUM_MOVE else row.rule,
                f"{info.terrain.value} is entered {how}: it must "
                "be the unit's first expenditure of the phase",
            )
        return [Cost(ctx.allowance, rule, f"{info.terrain.value}: entered {how}")]
    if row.infantry_mf is None:
        raise RuleViolation(row.rule, f"{info.terrain.value} cannot be entered this way")
    if info.terrain == Terrain.GRAIN:
        return _grain_cost(ctx)
    base = _base_cost(ctx, info.terrain.value, row.infantry_mf, rule, in_season(ctx))
    if mud_applies(ctx, b):
        base = base + mud_extra(ctx, base)
    return base


def _grain_cost(ctx: MoveContext) -> list[Cost]:
    """Grain in its growing season (B15.4; April and May as plowed fields keep its cost,
    B15.6); otherwise Open Ground for movement (B15.6), Mud included (E3.65)."""
    if not in_season(ctx):
        return open_ground_cost(ctx, mud=ctx.game.conditions.mud)
    return grain_cost(ctx)


def hexside_cost(ctx: MoveContext, a: Hex, b: Hex) -> list[Cost]:
    """Hedge/wall (B9.4), bocage (B9.5) and cliff (B11.4) hexsides. Banks are G8's."""
    data = movement_data()
    fs = ctx.features(a, b)
    if not fs:
        return []
    out: list[Cost] = []
    if HexsideFeature.CLIFF in fs:
        raise RuleViolation(data.rule("cliff"), "a cliff hexside cannot be crossed by moving")
    if HexsideFeature.WATER in fs and not ctx.game.conditions.sub_zero:
        raise RuleViolation(
            "B21.13",
            "an all-water (pond) hexside is a Water Obstacle: it is crossed only by bridge, "
            "boat, amphibian or swimming (B21.4), which this engine does not move",
        )
    mp = ctx.mover.kind == MoverKind.VEHICLE
    for feat, key_mf, key_mp in (
        (HexsideFeature.HEDGE, "hedge_wall_mf", "hedge_mp"),
        (HexsideFeature.WALL, "hedge_wall_mf", "wall_mp"),
        (HexsideFeature.BOCAGE, "bocage_mf", "bocage_mp"),
    ):
        if feat not in fs:
            continue
        key = key_mp if mp else key_mf
        raw = data.raw(key)
        if isinstance(raw, Mapping):  # (by vehicle type: the B chart's columns)
            raw = raw.get(ctx.mover.cost_column, "NA")
        if raw == "NA":
            raise RuleViolation(
                data.number_rules[key],
                f"a {ctx.mover.describe()} may not cross a {feat.value} hexside",
            )
        h = halves(float(raw))
        if ctx.mover.kind == MoverKind.CYCLE:
            h *= int(data.raw("cycle_factor"))
        out.append(Cost(h, data.number_rules[key], f"cross {feat.value} hexside"))
    return out


def elevation_costs(
    ctx: MoveContext, a: Hex, b: Hex, cot: list[Cost], rule: str | None = None
) -> list[Cost]:
    """A4.133: entering a higher level doubles the COT; B10.51: each intermediate level
    crossed (a Double Crest Line) adds 2 MF. ``rule`` names the rule that sends here (B21.41)."""
    data = movement_data()
    la, lb = ctx.map.level(a), ctx.map.level(b)
    if lb <= la:
        return []
    cot_total = sum(c.halves for c in cot)
    out = [
        Cost(cot_total, rule or data.rule("elevation"), "entering a higher level doubles the COT")
    ]
    for _ in range(lb - la - 1):
        out.append(
            Cost(
                data.n("double_crest_mf"),
                data.rule("double_crest"),
                "ascend the intermediate level",
            )
        )
    return out


def bypass_cost(ctx: MoveContext) -> Cost:
    """A4.3 (Infantry: the Open Ground cost), D2.3 (vehicles)."""
    data = movement_data()
    if ctx.mover.kind == MoverKind.VEHICLE:
        return Cost(data.n("bypass_mp"), data.rule("vehicle_bypass"), "Bypass")
    h = data.n("bypass_mf")
    if ctx.mover.kind == MoverKind.CYCLE:
        h *= int(data.raw("cycle_factor"))
    return Cost(h, data.rule("bypass"), "Bypass")


def bypassable(ctx: MoveContext, h: Hex) -> bool:
    """A4.3: the terrain a unit may Bypass (data/movement.toml [bypass], unchecked)."""
    note("movement.toml", "bypass")
    return ctx.map.terrain(h).value in movement_data().bypass_terrain


def hazardous_movement(cause: str) -> Event:
    return Event(EventKind.HAZARDOUS_MOVEMENT, movement_data().rule("hazardous_movement"), cause)
