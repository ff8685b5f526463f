"""B21.4-B21.43 movement (and B21.6, ice): entering and leaving Water Obstacle hexes.

Entry is limited to bridges, boats, amphibians, swimming and fording (B21.4). Fording
(B21.41): Infantry/Cavalry only, in a fordable ("shallow") and non-frigid river or at a Ford
(G.1), never across a cliff hexside (B11.4), costing the whole MF allotment, Hazardous
Movement while there, never in the APh, not pushing motorcycles or Guns, not directly upstream
against a heavy current where the Current acts (B21.121), mortars/MMG/HMG dismantled. Leaving
costs only the doubling for each higher level. Broken fording units may not Low Crawl
(B21.43). A frozen Water Obstacle (not ocean) is Open Ground (B21.6).
"""

from __future__ import annotations

from aslpto.base.records import record
from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Hex, Hexside
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.rules.movement import (
    Cost,
    Event,
    EventKind,
    MoveContext,
    MoverKind,
    Phase,
    along_road,
    hazardous_movement,
    movement_data,
)
from aslpto.rules.water.conditions import current_applies, fordable, on_bridge
from aslpto.state.game import CurrentForce
from aslpto.state.units import Transport

UNBUILT = "Chapter E ({what}) is not part of this engine, so that entry cannot be evaluated"


@record
class WaterEntry:
    costs: tuple[Cost, ...]
    events: tuple[Event, ...]
    fording: bool


def is_water(ctx: MoveContext, h: Hex) -> bool:
    """B21.1 (a frozen one is Open Ground already, B21.6)."""
    return ctx.map.terrain(h).is_water_obstacle


def is_frozen(ctx: MoveContext, h: Hex) -> bool:
    """B21.6: the map turned this Water Obstacle to Open Ground (ice). A hex whose ice an HE
    attack removed keeps "B21.6" among its rules but is water again: not ice."""
    info = ctx.map.info(h)
    return "B21.6" in info.rules and not info.terrain.is_water_obstacle


def entry(ctx: MoveContext, a: Hex, b: Hex, spent: int) -> WaterEntry:
    """Entering Water Obstacle hex ``b`` from ``a`` after ``spent`` half-MF this phase."""
    m = ctx.map
    info = m.info(b)
    mover = ctx.mover
    data = movement_data()
    if Feature.BRIDGE in info.features and along_road(ctx, a, b):
        return WaterEntry(
            (
                Cost(
                    data.n("road_mp" if mover.kind == MoverKind.VEHICLE else "road_mf"),
                    data.rule("bridge"),
                    "onto the bridge",
                ),
            ),
            (),
            False,
        )
    if mover.kind == MoverKind.VEHICLE:
        raise RuleViolation(
            "B21.4",
            "a vehicle enters a Water Obstacle only on a bridge or as "
            "an amphibian (D16), which this engine does not move",
        )
    if mover.transport == Transport.MANHANDLING_BOAT:
        raise RuleViolation(
            "B21.4", "boats are described in Chapter E (E5); " + UNBUILT.format(what="boats")
        )
    if mover.kind not in (MoverKind.INFANTRY, MoverKind.CAVALRY):
        raise RuleViolation("B21.41", f"only Infantry/Cavalry may ford (not {mover.a_describe()})")
    if HexsideFeature.CLIFF in ctx.features(a, b):
        raise RuleViolation(
            data.rule("cliff"),
            f"{m.layout.hexside_name(Hexside.of(a, b), a)} is a cliff hexside: a fording unit "
            "may not cross it (only a swimmer may jump into the water, E6.1, not built)",
        )
    terrain = info.terrain
    if not _fordable(ctx, b):
        depth = ctx.game.conditions.river_depth.value if terrain == Terrain.RIVER else "not a river"
        raise RuleViolation(
            "B21.4",
            f"{m.name(b)} ({terrain.value}, {depth}) can be entered only "
            "by bridge, boat, amphibian or swimming; fording (B21.41) needs a "
            "fordable river or a Ford (G.1). Swimming and boats are in Chapter E (E5, E6); "
            + UNBUILT.format(what="swimming, boats"),
        )
    if ctx.game.conditions.frigid_water:
        raise RuleViolation(
            "B21.41", "fording needs non-frigid water; swimming (E6) is not part of this engine"
        )
    if ctx.options.phase == Phase.APH:
        raise RuleViolation(
            "B21.41", "a Water Obstacle cannot be entered (via fording) during the APh"
        )
    if mover.transport in (Transport.PUSHING_MOTORCYCLE, Transport.MANHANDLING_GUN):
        raise RuleViolation("B21.41", "pushing motorcycles/Guns is not allowed while fording")
    heavy = [w for w in ctx.options.portage if _must_be_dm(w)]
    if heavy:
        raise RuleViolation(
            "B21.41",
            f"mortars, MMG and HMG must be dm to be portaged by fording "
            f"units ({', '.join(heavy)} not dm)",
        )
    _check_current(ctx, a, b)
    if spent > 0:
        raise RuleViolation(
            "B21.41",
            "fording entrance costs the unit's entire MF allotment: "
            "it must be the unit's first expenditure of the phase",
        )
    return WaterEntry(
        (Cost(ctx.allowance, "B21.41", "fording costs the entire MF allotment"),),
        (hazardous_movement("fording (B21.41): for as long as the unit is in that hex"),),
        True,
    )


def off_bridge(ctx: MoveContext, a: Hex, b: Hex) -> bool:
    """Leaving a bridge hex along its road: the unit is on the bridge (B21.4), not IN the
    water, so B21.41's leaving rule and the level below do not concern it."""
    return is_water(ctx, a) and Feature.BRIDGE in ctx.map.info(a).features and along_road(ctx, a, b)


def check_leaving(ctx: MoveContext, a: Hex, b: Hex) -> None:
    """A unit in the bridge hex of a river that cannot be forded is on the bridge (it could not
    be IN the water, B21.4): it leaves along the road only."""
    if not is_water(ctx, a) or Feature.BRIDGE not in ctx.map.info(a).features:
        return
    if along_road(ctx, a, b) or _fordable(ctx, a):
        return
    raise RuleViolation(
        "B21.4",
        f"a unit in {ctx.map.name(a)} is on the bridge (the river there cannot be forded): "
        "it leaves along the road",
    )


def _must_be_dm(sw: str) -> bool:
    """B21.41: mortars, MMG and HMG ("50mm mortar", "MTR", "HMG" all count)."""
    name = sw.lower()
    return any(word in name for word in ("mortar", "mtr", "mmg", "hmg"))


def _fordable(ctx: MoveContext, h: Hex) -> bool:
    return fordable(ctx.map, ctx.game.conditions, h)


def _check_current(ctx: MoveContext, a: Hex, b: Hex) -> None:
    """B21.41: fording units may not move upstream directly against a heavy current, i.e.
    enter ``b`` in the direction opposite the Current's, whether from the water or from the
    bank. B21.121: Current does not affect a river hex bordered on opposite sides by
    non-island ground (EX 7CC4, 7K2, 7H1), so entering such a hex is never against it (the
    Current of the hex entered decides)."""
    conds = ctx.game.conditions
    if (
        conds.current_force != CurrentForce.HEAVY
        or conds.current_direction is None
        or a.direction_to(b) != conds.current_direction.opposite()
    ):
        return
    applies = current_applies(ctx.game, ctx.map.name(b))
    if not applies.value:
        return
    raise RuleViolation(
        "B21.41", "fording units may not move upstream directly against a heavy current"
    )


def leaving_rule(ctx: MoveContext, a: Hex) -> str | None:
    """B21.41: no penalty for leaving other than doubling for each higher level entered; a
    Water Obstacle may be left in the APh."""
    return "B21.41" if is_water(ctx, a) else None


def check_low_crawl(ctx: MoveContext, a: Hex, b: Hex | None = None) -> None:
    """B21.43: fording units which break may not use Low Crawl (the action-side check of the
    same sentence is ``water_conditions.verify_low_crawl``). A unit on a bridge is not IN the
    water: in the bridge hex of water that cannot be forded (B21.4), or, when ``b`` is given,
    leaving the bridge along its road."""
    if not (ctx.options.low_crawl and ctx.unit.broken and is_water(ctx, a)):
        return
    if on_bridge(ctx.map, ctx.game.conditions, a) or (b is not None and off_bridge(ctx, a, b)):
        return
    raise RuleViolation("B21.43", "fording units which break may not use Low Crawl")


def ice_events(ctx: MoveContext, b: Hex) -> tuple[Event, ...]:
    """B21.6: ice may collapse under a vehicle of >= five tons (as bridge collapse, B6.42)."""
    data = movement_data()
    w = ctx.mover.weight_tons
    if (
        is_frozen(ctx, b)
        and ctx.mover.kind == MoverKind.VEHICLE
        and w is not None
        and w >= float(data.raw("ice_collapse_tons"))
    ):
        return (
            Event(
                EventKind.ICE_COLLAPSE_CHECK,
                "B21.6",
                f"a {w:g}-ton vehicle on ice: collapse as per bridge collapse (B6.42)",
            ),
        )
    return ()
