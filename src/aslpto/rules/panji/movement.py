"""G9.4-G9.6 movement: entering a panji Location above or beneath its Panji counter, what the
entry triggers, changing position, exiting, Bypass, road bonus, other Fortifications.

A step across a Covered hexside places a ground unit above the Panji counter (G9.4); across a
non-Covered hexside, or within a trench or subterranean passage, beneath it (G9.45). Entry
triggers the Panji MC (G9.41, with its exemptions), elimination of the Manhandled item
(G9.411), vehicle immobilization (G9.42), towed Gun loss (G9.421), elimination of ridden
horses/bicycles/motorcycles and Bailing Out (G9.42, G9.422, G9.423), a Column's Disbanding
(G9.44). Changing position costs
one MF/MP for the units G9.5 names; exit is only from beneath, and across a Covered hexside
only for the units G9.6 names, at one extra MF/MP. Bypass is NA along a hexside that is or
touches a Covered hexside (G9.46). Trip flares (G.8, G9.121) are reported here too.
"""

from __future__ import annotations

from aslpto.base.records import record
from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Hex, Hexside
from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.rules.movement import (
    Cost,
    Event,
    EventKind,
    MoveContext,
    MoverKind,
    Phase,
    movement_data,
)
from aslpto.state.game import FortKind, Panji
from aslpto.state.units import Transport

ABOVE = "above-panji"
BENEATH = "beneath-panji"


@record
class PanjiEntry:
    """Where the unit is placed and what its entry triggers."""

    position: str
    rules: tuple[str, ...]
    events: tuple[Event, ...] = ()
    terminal: bool = False  # immobilized / bailed out: no further movement this phase
    crosses_covered: bool = False


def covered(p: Panji, side: Hexside) -> bool:
    """G9.3."""
    return side in p.covered


def touches_covered(p: Panji, side: Hexside) -> bool:
    """G9.46: the hexside is, or shares a vertex with, a Covered hexside."""
    return side in p.covered or any(side.touches(c) for c in p.covered)


def _bail_out(what: str, rule: str) -> tuple[Event, ...]:
    return (
        Event(
            EventKind.ELIMINATED,
            rule,
            "ridden into a panji Location across a Covered hexside",
            subject=what,
        ),
        Event(EventKind.BAIL_OUT, rule, "the Rider(s) must Bail Out (G9.423)"),
        Event(
            EventKind.PANJI_MC,
            "G9.423",
            "PRC disembark onto the Panji counter and are treated as entering Infantry (G9.41)",
        ),
    )


def _normal_advance(ctx: MoveContext, step_halves: int) -> bool:
    """G9.41 "normal advance": an APh advance not vs Difficult Terrain (A4.72: COT >= four MF
    or all of the unit's non-Double-Time MF, whichever is less)."""
    if ctx.options.phase != Phase.APH:
        return False
    data = movement_data()
    limit = min(data.n("advance_difficult_mf"), ctx.allowance)
    return step_halves < limit


def entry(
    ctx: MoveContext, p: Panji, a: Hex, b: Hex, via_trench: bool, step_halves: int
) -> PanjiEntry:
    """G9.4/G9.45: a ground unit entering panji Location ``b`` from ``a`` (not Bypass)."""
    side = Hexside.of(a, b)
    mover = ctx.mover
    if not covered(p, side):
        return PanjiEntry(BENEATH, ("G9.45",))
    if via_trench:
        return PanjiEntry(BENEATH, ("G9.45",), crosses_covered=True)
    if mover.galloping and not p.hidden:
        raise RuleViolation(
            "G9.422", "Cavalry may Gallop/Charge neither onto nor off of a non-hidden Panji counter"
        )
    events: list[Event] = []
    rules = ["G9.4"]
    terminal = False
    forced = ctx.options.forced_back
    if mover.kind == MoverKind.VEHICLE:
        if not mover.fully_tracked_afv_or_dozer:
            events.append(
                Event(
                    EventKind.IMMOBILIZED,
                    "G9.42",
                    "a vehicle (including Wagon) that is not a full-tracked AFV/dozer",
                    subject=ctx.unit.id,
                )
            )
            if ctx.options.towing:
                events.append(
                    Event(
                        EventKind.ELIMINATED,
                        "G9.421",
                        "a towed Gun (not a trailer) is "
                        "eliminated when its towing vehicle is immobilized",
                        subject="towed Gun",
                    )
                )
            terminal = True
    elif mover.kind == MoverKind.CYCLE:
        events.extend(_bail_out("motorcycle", "G9.42"))
        terminal = True
    elif mover.bicyclist:
        events.extend(_bail_out("bicycle", "G9.422"))
        terminal = True
    elif mover.kind == MoverKind.CAVALRY:
        safe = step_halves >= movement_data().n("horse_safe_mf") and not mover.galloping
        if not safe:
            events.extend(_bail_out("horse", "G9.422"))
            terminal = True
    else:
        exempt = _mc_exemption(ctx, step_halves)
        if exempt is None:
            note = ""
            fs = ctx.features(a, b)
            if fs & {HexsideFeature.ROAD, HexsideFeature.PATH}:
                note = (
                    "moving as a stack across a road/path hexside: one unit at random takes "
                    "it, the others a PTC (G9.43)"
                )
            events.append(Event(EventKind.PANJI_MC, "G9.41", note))
        if mover.manhandling and not forced:
            item = {
                Transport.MANHANDLING_GUN: "Gun",
                Transport.MANHANDLING_BOAT: "boat",
                Transport.PUSHING_MOTORCYCLE: "motorcycle",
            }[mover.transport]
            events.append(
                Event(
                    EventKind.ELIMINATED,
                    "G9.411",
                    "the Manhandled item is eliminated on entering",
                    subject=item,
                )
            )
    events += _column_disband(ctx, p, events)
    if ctx.unit.concealed:
        events.append(
            Event(
                EventKind.CONCEALMENT_LOSS,
                "G9.53",
                "a unit above a Panji counter engages in a concealment-loss activity",
            )
        )
    if p.hidden:
        if ctx.unit.side and p.side and ctx.unit.side == p.side:
            events.append(
                Event(
                    EventKind.PANJI_REVEALED,
                    "G9.4",
                    "only if a Good Order enemy ground unit has the necessary LOS to it",
                    subject=p.id,
                )
            )
        else:
            events.append(Event(EventKind.PANJI_REVEALED, "G9.4", subject=p.id))
    return PanjiEntry(ABOVE, tuple(rules), tuple(events), terminal, True)


def _column_disband(ctx: MoveContext, p: Panji, events: list[Event]) -> list[Event]:
    """G9.44: a Column unit required to take a Panji MC in a hidden-panji Location automatically
    Disbands after all Defensive First Fire ensuing from that Impulse; with non-hidden panjis it
    may opt to Disband (E11.53), and automatically Disbands if forced back (A12.15)."""
    if not ctx.options.column:
        return []
    e11 = movement_data().rule("column_disband")
    if ctx.options.forced_back and ctx.mover.is_infantry:
        note = f"forced back (A12.15): the Column automatically Disbands ({e11})"
    elif not any(e.kind == "panji-mc" for e in events):
        return []
    elif p.hidden:
        note = (
            "hidden panjis: the Column automatically Disbands after all Defensive First Fire "
            "ensuing from that Impulse has been resolved"
        )
    else:
        note = f"the Column may opt to Disband ({e11})"
    return [Event(EventKind.COLUMN_DISBAND, "G9.44", note, subject=ctx.unit.id)]


def _mc_exemption(ctx: MoveContext, step_halves: int) -> str | None:
    """G9.41: no Panji MC for Assault Movement, Armored Assault, Low Crawl, a normal advance,
    or a unit forced back out as per A12.15."""
    o = ctx.options
    if o.assault:
        return "Assault Movement"
    if o.armored_assault:
        return "Armored Assault (D9.31)"
    if o.low_crawl:
        return "Low Crawl"
    if o.forced_back:
        return "forced back (A12.15)"
    if _normal_advance(ctx, step_halves):
        return "normal advance"
    return None


def _a(what: str) -> str:
    return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"


def may_change_position(ctx: MoveContext) -> bool:
    """G9.5 (and G9.6 for a Covered hexside): "Only Mobile full-tracked AFV/dozers, Infantry
    [EXC: if Manhandling], horses being "led" (A13.7), and Cavalry".

    Infantry riding or portaging bicycles is Infantry (G8 Banks: "Infantry (even if riding
    bicycles/leading horses, but not manhandling a gun/boat)"), and riding is not Manhandling
    (G9.411 names a Gun/motorcycle/boat): it is among the units named. Cycle Riders are not."""
    m = ctx.mover
    if m.kind == MoverKind.VEHICLE:
        return m.fully_tracked_afv_or_dozer and m.mobile
    if m.kind == MoverKind.INFANTRY:
        return not m.manhandling
    return m.kind == MoverKind.CAVALRY


def change_position(ctx: MoveContext, h: Hex, frm: str, to: str) -> Cost:
    """G9.5: above <-> beneath costs one MF/MP, for the units G9.5 names only."""
    p = ctx.panji_at(h)
    if p is None:
        raise RuleViolation("G9.5", f"there is no Panji counter in {ctx.map.name(h)}")
    if frm == to:
        raise RuleViolation("G9.5", f"already {to.replace('-panji', '')} the Panji counter")
    if ctx.options.phase == Phase.APH:
        raise RuleViolation(
            "G9.41",
            "a unit may not move beneath/above a Panji counter during "
            "the APh (and Infantry may not advance off a Panji counter, G9.5)",
        )
    if not may_change_position(ctx):
        raise RuleViolation(
            "G9.5",
            f"{_a(ctx.mover.describe())} may not change position beneath/above a Panji counter",
        )
    if ctx.mover.galloping and not p.hidden:
        raise RuleViolation(
            "G9.422", "Cavalry may Gallop/Charge neither onto nor off of a non-hidden Panji counter"
        )
    return Cost(2, "G9.5", f"move {to.replace('-panji', '')} the Panji counter")


def exit_costs(
    ctx: MoveContext, h: Hex, position: str, side: Hexside, via_trench: bool
) -> list[Cost]:
    """G9.6: a unit above may not exit directly; from beneath across a Covered hexside only
    the units G9.6 names, at one extra MF/MP unless using a trench."""
    p = ctx.panji_at(h)
    if p is None:
        return []
    if position == ABOVE:
        if ctx.options.phase == Phase.APH:
            raise RuleViolation("G9.5", "Infantry may not advance off of a Panji counter")
        raise RuleViolation(
            "G9.6",
            "a unit above a Panji counter may not directly exit that "
            "hex: it must first move beneath it (G9.5)",
        )
    if not covered(p, side):
        return []
    if via_trench:
        return [Cost(0, "G9.6", "exit across a Covered hexside within a trench: no extra MF")]
    if not may_change_position(ctx):
        raise RuleViolation(
            "G9.6",
            f"{_a(ctx.mover.describe())} may not exit across a Covered "
            f"hexside of Panji counter {p.id}",
        )
    return [Cost(2, "G9.6", "cross a Covered hexside to exit")]


@record
class BypassCheck:
    """G9.46: allowed (placed beneath), or blocked (hidden Panji revealed, cost paid in place)."""

    allowed: bool
    events: tuple[Event, ...] = ()


def bypass(ctx: MoveContext, h: Hex, along: Hexside) -> BypassCheck:
    """G9.46: Bypass in a panji Location is NA along a hexside that is/touches a Covered
    hexside. A known Panji counter makes the attempt illegal; a hidden one blocks it, is
    revealed, and the Bypass cost is paid in the unit's current position."""
    p = ctx.panji_at(h)
    if p is None or not touches_covered(p, along):
        return BypassCheck(True)
    if not p.hidden:
        what = "is" if along in p.covered else "touches"
        raise RuleViolation(
            "G9.46",
            f"Bypass in {ctx.map.name(h)} along "
            f"{ctx.map.layout.hexside_name(along, h)} is NA: it {what} a Covered "
            f"hexside of Panji counter {p.id}",
        )
    events = [
        Event(
            EventKind.BYPASS_BLOCKED,
            "G9.46",
            "the Bypass cost is expended in the unit's current position; the MPh does not end",
        ),
        Event(EventKind.PANJI_REVEALED, "G9.46", subject=p.id),
    ]
    return BypassCheck(False, tuple(events))


def fortification_access(ctx: MoveContext, h: Hex, position: str) -> None:
    """G9.55: other Fortifications in a panji Location lie beneath the Panji counter."""
    if ctx.panji_at(h) is not None and position == ABOVE:
        raise RuleViolation(
            "G9.55",
            "other Fortifications in a panji Location are beneath the "
            "Panji counter: move beneath it first (G9.5)",
        )


def road_bonus_lost_rule() -> str:
    """G9.54: no road bonus in a MPh that crosses any Covered hexside."""
    return "G9.54"


def trip_flare_events(
    ctx: MoveContext,
    h: Hex,
    *,
    entering: bool = False,
    crosses_covered: bool = False,
    above: bool = False,
    via_trench: bool = False,
    via_road_or_path: bool = False,
) -> tuple[Event, ...]:
    """G.8: a dr when a non-Dummy ground unit enters, or expends additional MF/MP in, a Location
    with trip flares [EXC: entering via trench/pillbox/subterranean passage]; -4 drm if it
    entered using a road/path. G9.121: in a panji Location with no jungle/bamboo only entry
    across a Covered hexside, or an expenditure while entering/remaining above, sets one off."""
    flares = sum(max(f.strength, 1) for f in ctx.forts_at(h, FortKind.TRIP_FLARE))
    if not flares or (entering and via_trench):
        return ()
    rules = "G.8"
    p = ctx.panji_at(h)
    if p is not None and not (ctx.map.terrain(h).is_jungle or ctx.map.terrain(h) == Terrain.BAMBOO):
        if not (crosses_covered or above):
            return ()
        rules = "G9.121"
    drm = -4 if via_road_or_path else 0
    note = f"{flares} trip flare(s): set off if the Final dr <= {flares}"
    if drm:
        note += "; -4 drm (entered using a road/path)"
    return (Event(EventKind.TRIP_FLARE_DR, rules, note),)
