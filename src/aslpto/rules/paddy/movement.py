"""G8 movement: who may enter INTO a paddy or onto its banks, and the Paddy Movement Chart.

The chart's eight cells (G8.2101-G8.2108) for a unit IN a paddy, in a non-paddy hex, or above
a Bank counter; the entry cost INTO by paddy state (Drained: Open Ground; Irrigated: 2x Open
Ground Mud; In-Season: Grain); Mud (G8 MUD); what an Irrigated paddy forbids; Bank counters in
hexes with Wire/Panji (G8 FORTIFICATIONS, G9.4); trench-to-trench crossings; breached and
non-bank hexsides (G8 BREACH). :func:`check_crossing` holds the rights of any step out of a
paddy hex, also one that another chapter prices (a ford, B21.41).
"""

from __future__ import annotations

from aslpto.base.records import record
from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Hex
from aslpto.board.terrain import Feature, Terrain
from aslpto.rules.movement import (
    Cost,
    Event,
    MoveContext,
    MoverKind,
    Phase,
    along_road,
    grain_cost,
    hazardous_movement,
    movement_data,
    mud_extra,
    open_ground_cost,
)
from aslpto.state.game import FortKind, PaddyState
from aslpto.state.units import Position, Transport

G8 = "G8"


@record
class PaddyStep:
    """The chart cell that prices a step, its hexside part and its COT part (the part that
    doubles when entering a higher level), and the events it triggers."""

    cell: str
    hexside: tuple[Cost, ...]
    cot: tuple[Cost, ...]
    events: tuple[Event, ...] = ()


def is_paddy(ctx: MoveContext, h: Hex) -> bool:
    return ctx.map.terrain(h) == Terrain.PADDY


def bank_counter_usable(ctx: MoveContext, h: Hex) -> bool:
    """G8 FORTIFICATIONS, G9.4: use of a Bank counter is NA in a hex with Wire or a Panji."""
    return ctx.panji_at(h) is None and not ctx.forts_at(h, FortKind.WIRE)


def _one(ctx: MoveContext, rule: str, why: str) -> Cost:
    """ "1 MF (3 MP cycle)"."""
    h = 2
    if ctx.mover.kind == MoverKind.CYCLE:
        h *= int(movement_data().raw("cycle_factor"))
    return Cost(h, rule, why)


def may_enter_into(ctx: MoveContext) -> bool:
    """G8: only Infantry (not riding bicycles; leading horses allowed), Cavalry, Cycle Riders
    and fully tracked vehicles may enter INTO a paddy (and so cross a bank hexside)."""
    m = ctx.mover
    if m.kind == MoverKind.INFANTRY:
        return not m.bicyclist
    if m.kind == MoverKind.CAVALRY:
        return True
    if m.kind == MoverKind.CYCLE:
        return True  # Cycle Riders (a motorcycle counter moves only ridden)
    return m.fully_tracked


def check_bank_allowed(ctx: MoveContext) -> None:
    """G8 Banks: only Infantry (even riding bicycles/leading horses, not manhandling a Gun or
    boat), Cavalry and Cycle Riders may be above a Bank counter; Cavalry may not Gallop/Charge
    onto or off it (Bank Counter Penalties)."""
    m = ctx.mover
    ok = (
        (
            m.kind == MoverKind.INFANTRY
            and m.transport not in (Transport.MANHANDLING_GUN, Transport.MANHANDLING_BOAT)
        )
        or m.kind == MoverKind.CAVALRY
        or m.kind == MoverKind.CYCLE
    )
    if not ok:
        raise RuleViolation(G8, f"Banks: {m.a_describe()} may not be above a Bank counter")
    if m.galloping:
        raise RuleViolation(
            G8, "Bank Counter Penalties: Cavalry may not Gallop/Charge on or off a Bank counter"
        )
    if ctx.options.landed and ctx.options.phase == Phase.APH:
        raise RuleViolation(
            G8,
            "AERIAL: paratroops appearing onboard (E9.6) may not enter onto a Bank counter "
            "during the same APh",
        )


def check_irrigated(ctx: MoveContext, leaving: bool = False) -> None:
    """G8 Irrigated: no unhooked non-vehicular Gun (unless dm/animal-packed), Galloping/Charging
    Cavalry, Pushed/Ridden Motorcycle or Ridden bicycle is allowed IN the paddy. ``leaving``:
    the unit is IN the paddy already and would be such a unit there as it moves off."""
    m = ctx.mover
    why = None
    if m.transport == Transport.MANHANDLING_GUN and not m.gun_dm:
        why = "an unhooked non-vehicular Gun (unless dm/animal-packed)"
    elif m.galloping:
        why = "Galloping/Charging Cavalry"
    elif m.transport == Transport.PUSHING_MOTORCYCLE:
        why = "a Pushed Motorcycle"
    elif m.kind == MoverKind.CYCLE:
        why = "a Ridden Motorcycle"
    elif m.bicyclist:
        why = "a Ridden bicycle"
    if why:
        where = "may not move off from IN" if leaving else "is not allowed IN"
        raise RuleViolation(G8, f"Irrigated: {why} {where} an Irrigated paddy")


def check_into(ctx: MoveContext, h: Hex, crosses_bank: bool) -> None:
    """Entry rights INTO paddy ``h``: across a bank hexside only the G8 unit types; across a
    breached or non-bank hexside every unit type into a Drained/In-Season paddy (G8 BREACH)."""
    state = ctx.game.conditions.paddy
    if not may_enter_into(ctx):
        if crosses_bank:
            raise RuleViolation(
                G8, f"Banks: {ctx.mover.a_describe()} may not cross a bank hexside INTO a paddy"
            )
        if state == PaddyState.IRRIGATED:
            raise RuleViolation(
                G8,
                "only Infantry (not riding bicycles), Cavalry, Cycle Riders "
                "and fully tracked vehicles may enter INTO an Irrigated paddy",
            )
    if state == PaddyState.IRRIGATED:
        check_irrigated(ctx)


def in_hex_cot(ctx: MoveContext, h: Hex, changing_hexes: bool) -> list[Cost]:
    """IN-hex COT by paddy state (G8): Drained, Open Ground; Irrigated, 2x Open Ground Mud;
    In-Season, Grain. EC Mud adds Mud when changing hexes (G8 MUD; never G8.2104/G8.2108)."""
    data = movement_data()
    conds = ctx.game.conditions
    if conds.paddy == PaddyState.IRRIGATED:
        og = open_ground_cost(ctx, mud=True)
        total = sum(c.halves for c in og)
        return [Cost(2 * total, G8, "Irrigated: 2x the cost of Open Ground Mud")]
    ec_mud = conds.mud and changing_hexes
    if conds.paddy == PaddyState.DRAINED:
        base = [
            Cost(c.halves, G8, f"Drained: Open Ground ({c.why})")
            for c in open_ground_cost(ctx, mud=False)
        ]
    else:
        # Infantry 1 1/2 MF; Cavalry, cycles and vehicles the grain row's in-season MF/MP (its
        # motorcycle column for cycles), as Drained uses the Open Ground row's
        base = [Cost(c.halves, c.rule, "In-Season: Grain") for c in grain_cost(ctx)]
    if ec_mud:
        base = base + [
            Cost(c.halves, data.rule("mud"), "EC Mud (G8 MUD)") for c in mud_extra(ctx, base)
        ]
    return base


def _onto_bank(ctx: MoveContext, h: Hex, rule: str, changing_hexes: bool) -> list[Cost]:
    """ "1 MF (3 MP cycle) to enter onto Bank counter", plus Mud only if EC are Mud AND the unit
    is changing hexes (G8 MUD)."""
    base = [_one(ctx, rule, "onto Bank counter")]
    if ctx.game.conditions.mud and changing_hexes:
        base += [
            Cost(c.halves, c.rule, "EC Mud, changing hexes (G8 MUD)") for c in mud_extra(ctx, base)
        ]
    return base


def _road_target(ctx: MoveContext, a: Hex, b: Hex) -> bool:
    return along_road(ctx, a, b) or Feature.ROAD in ctx.map.info(b).features


def check_crossing(
    ctx: MoveContext, a: Hex, where: Position, b: Hex, *, to_bank: bool = False
) -> None:
    """G8 rights of a step from ``where`` in hex ``a`` to hex ``b`` (``a`` == ``b``: a change of
    position in a paddy hex), whichever chapter prices the step: a step from a paddy hex into a
    Water Obstacle (B21.41) must pass this too.

    Bank Counter Penalties: Cavalry may not Gallop/Charge off a Bank counter. Irrigated: the
    units not allowed IN an Irrigated paddy may not move from IN one either (read: a Cavalry
    unit IN it that Gallops is Galloping Cavalry IN it). Banks: only units allowed to enter INTO
    a paddy may cross a (not breached) bank hexside, EXC: bicyclists onto a Bank counter or a
    road."""
    mover = ctx.mover
    if where == Position.BANK and mover.galloping:
        raise RuleViolation(
            G8, "Bank Counter Penalties: Cavalry may not Gallop/Charge on or off a Bank counter"
        )
    if where == Position.IN and ctx.game.conditions.paddy == PaddyState.IRRIGATED:
        check_irrigated(ctx, leaving=True)
    if a == b or not ctx.map.is_bank(a, b) or may_enter_into(ctx):
        return
    if mover.bicyclist and (to_bank or (not is_paddy(ctx, b) and _road_target(ctx, a, b))):
        return
    raise RuleViolation(
        G8,
        f"Banks: only units allowed to enter INTO a paddy may cross "
        f"a bank hexside (a {mover.describe()} may not)",
    )


def step(
    ctx: MoveContext,
    a: Hex,
    where: Position,
    b: Hex,
    *,
    to_bank: bool,
    via_trench: bool,
    b_cot: list[Cost] | None = None,
) -> PaddyStep:
    """Price a step that starts or ends in a paddy hex (``a`` == ``b`` for same-hex changes).
    ``where``: the chart's column — ``IN`` a paddy (above or beneath a Panji or Wire counter
    in a paddy hex too), above its ``BANK`` counter, or on the ``GROUND`` of a non-paddy hex.

    ``to_bank``: the step ends above a Bank counter; ``b_cot``: COT of a non-paddy hex ``b``
    (the core rules price it). Raises :class:`RuleViolation` for what G8 forbids.
    """
    m = ctx.map
    bank_side = a != b and m.is_bank(a, b)
    trench_free = via_trench and ctx.mover.is_infantry
    events: list[Event] = []

    def side(rule: str) -> tuple[Cost, ...]:
        if not bank_side:
            return ()
        if trench_free:
            return (Cost(0, G8, "FORTIFICATIONS: trench to trench, no bank hexside cost"),)
        return (_one(ctx, rule, "cross bank hexside"),)

    if to_bank:
        check_bank_allowed(ctx)
        if not bank_counter_usable(ctx, b):
            raise RuleViolation(
                "G9.4" if ctx.panji_at(b) else G8,
                "FORTIFICATIONS: use of a Bank counter is NA in a hex containing Wire/Panji",
            )
        if ctx.mover.is_infantry:
            events.append(hazardous_movement("above a Bank counter (G8 Bank Counter Penalties)"))
    check_crossing(ctx, a, where, b, to_bank=to_bank)
    if a == b:
        if where == Position.IN and to_bank:
            return PaddyStep(
                "G8.2104",
                (),
                (_one(ctx, "G8.2104", "onto Bank counter, same hex (Mud never applies)"),),
                tuple(events),
            )
        if where == Position.BANK and not to_bank:
            if ctx.mover.bicyclist:
                raise RuleViolation(
                    G8,
                    "Infantry entering INTO a paddy may not ride bicycles; from a Bank counter "
                    "INTO the same hex crosses no breached or non-bank hexside (G8 BREACH)",
                )
            check_into(ctx, b, crosses_bank=False)
            return PaddyStep("G8.2108", (), tuple(in_hex_cot(ctx, b, changing_hexes=False)))
        raise RuleViolation(G8, "NA on the Paddy Movement Chart: already there")
    b_paddy = is_paddy(ctx, b)
    if where == Position.GROUND and not b_paddy:
        raise RuleViolation(G8, "not a paddy step")  # pragma: no cover - caller's error
    if b_paddy and to_bank:
        if not bank_side:
            cell = "G8.2106" if where == Position.BANK else "G8.2101"
            raise RuleViolation(
                cell,
                "directly onto a Bank counter in an adjacent paddy hex only across a bank hexside",
            )
        if where == Position.BANK:
            return PaddyStep(
                "G8.2106", (), tuple(_onto_bank(ctx, b, "G8.2106", True)), tuple(events)
            )
        return PaddyStep(
            "G8.2101", side("G8.2101"), tuple(_onto_bank(ctx, b, "G8.2101", True)), tuple(events)
        )
    if b_paddy:
        if where == Position.BANK:
            if not bank_side:
                raise RuleViolation(
                    "G8.2105",
                    "from a Bank counter INTO an adjacent paddy hex only across a bank hexside",
                )
            check_into(ctx, b, crosses_bank=True)
            return PaddyStep(
                "G8.2105", side("G8.2105"), tuple(in_hex_cot(ctx, b, changing_hexes=True))
            )
        check_into(ctx, b, crosses_bank=bank_side)
        return PaddyStep("G8.2102", side("G8.2102"), tuple(in_hex_cot(ctx, b, changing_hexes=True)))
    # leaving a paddy for a non-paddy hex
    cot = tuple(b_cot or ())
    if where == Position.BANK:
        return PaddyStep("G8.2107", side("G8.2107"), cot)
    return PaddyStep("G8.2103", side("G8.2103"), cot)
