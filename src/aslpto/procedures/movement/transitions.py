"""One step of a move: what it costs and permits, asked of the core movement rules
(:mod:`aslpto.rules.movement`) and of the chapters (G8 :mod:`aslpto.rules.paddy.movement`,
B21 :mod:`aslpto.rules.water.movement`, G9 :mod:`aslpto.rules.panji.movement`): entering,
declared MF, tunnels (B8.61), breach (G8 BREACH), leaving an entrenchment, changing position,
Bypass."""

from __future__ import annotations

from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.board.hexes import Hex, Hexside
from aslpto.procedures.movement import enemies
from aslpto.procedures.movement.steps import State, Step, StepKind, step_error
from aslpto.rules.movement import (
    Cost,
    Event,
    EventKind,
    MoveContext,
    MoverKind,
    Phase,
    along_path,
    along_road,
    as_number,
    bypass_cost,
    bypassable,
    check_blaze,
    elevation_costs,
    halves,
    hexside_cost,
    movement_data,
    terrain_cost,
    tunnel_move,
)
from aslpto.rules.paddy import effects as paddy_combat, movement as paddy_rules
from aslpto.rules.panji import movement as panji_rules
from aslpto.rules.water import movement as water_rules
from aslpto.state.game import FortKind, Game, PaddyState
from aslpto.state.units import Position, Unit


@record(slots=True)
class Transition:
    """What one step does: new state, its costs and events, and facts the path rules need."""

    state: State
    costs: tuple[Cost, ...]
    events: tuple[Event, ...] = ()
    rules: tuple[str, ...] = ()
    terminal: bool = False
    new_location: bool = False
    road: bool = False  # entered along a road hexside (B3.4)
    road_or_path: bool = False
    crosses_covered: bool = False
    blocked: bool = False
    breach: Hexside | None = None  # the bank hexside this step breaches (G8 BREACH)

    @property
    def halves(self) -> int:
        return sum(c.halves for c in self.costs)


def start_state(game: Game, unit: Unit) -> State:
    """The unit's current Location and position (its ``position`` field)."""
    if not unit.hex:
        raise InputError(f"unit '{unit.id}' is not on the map (it has no hex)")
    h = game.map.hex(unit.hex)
    is_paddy = game.map.terrain(h).value == "paddy"
    p = game.panji_at(h)
    try:
        pos = Position(unit.position)
    except ValueError:
        raise InputError(f"unit '{unit.id}': unknown position '{unit.position}'") from None
    if pos in (Position.ABOVE, Position.BENEATH) and p is None:
        raise InputError(f"unit '{unit.id}' is {pos.value} but {unit.hex} has no Panji counter")
    if pos in (Position.IN, Position.BANK) and not is_paddy:
        raise InputError(f"unit '{unit.id}' is '{pos.value}' but {unit.hex} is not a paddy hex")
    if p is not None and pos not in (Position.ABOVE, Position.BENEATH):
        pos = Position.BENEATH  # G9.45: a unit set up in a panji Location without a position
    elif is_paddy and pos == Position.GROUND:
        pos = Position.IN
    ent = unit.entrenched if unit.entrenched in ("trench", "foxhole") else None
    return State(h, pos, ent)


def _fort_here(ctx: MoveContext, h: Hex, kind: str) -> bool:
    return bool(ctx.forts_at(h, FortKind(kind)))


def transition(
    ctx: MoveContext, st: State, s: Step, *, spent: int, entered_by_road_or_path: bool = False
) -> Transition:
    """The one place a step is priced and permitted. Raises :class:`RuleViolation`.
    ``spent``: the MF/MP the move has spent before this step; ``entered_by_road_or_path``: the
    unit entered its current hex along a road/path this Player Turn (only the trip flare drm of
    a later expenditure there depends on it, G.8)."""
    if s.kind == StepKind.HERE:
        tr = _here(ctx, st, s, rp=entered_by_road_or_path)
    elif s.kind == StepKind.BYPASS:
        tr = _bypass(ctx, st, s)
    elif s.kind == StepKind.BREACH:
        return _breach(ctx, st, s)
    elif s.want == "tunnel":
        tr = _tunnel(ctx, st, s, spent=spent)
    else:
        tr = _enter(ctx, st, s, spent=spent)
    if not ctx.enemies_anywhere:
        return tr
    to = tr.state
    if to.hex != st.hex or (st.along is not None and to.along is None):
        # A4.14, A4.3, A13.35 refuse the step; A12.15/G.4 note it (procedures.movement.enemies)
        found = enemies.entering(ctx, to.hex, bypass=to.along is not None)
        if found is not None:
            tr = replace(tr, events=(*tr.events, found))
    return tr


def _exit_hexes(ctx: MoveContext, st: State) -> tuple[Hex, ...]:
    """Hexes a unit in Bypass along ``st.along`` may step into: the hex across the hexside
    and the hexes at its two ends (found once per context: it is the map's geometry)."""
    assert st.along is not None
    key = ("exit-hexes", st.hex, st.along)
    got: tuple[Hex, ...] | None = ctx.cache.get(key)
    if got is None:
        y = st.along.other(st.hex)
        ends = [w for w in ctx.map.neighbours(st.hex) if w != y and w.is_adjacent(y)]
        got = ctx.cache[key] = (y, *ends)
    return got


def _enter(ctx: MoveContext, st: State, s: Step, *, spent: int) -> Transition:
    m = ctx.map
    a, b = st.hex, s.hex
    assert b is not None
    if st.along is not None:
        if b not in _exit_hexes(ctx, st):
            raise InputError(
                f"from Bypass along {m.layout.hexside_name(st.along, a)} a unit "
                f"can step only into a hex touching that hexside, not {m.name(b)}"
            )
    elif not a.is_adjacent(b):
        raise InputError(f"{m.name(b)} is not adjacent to {m.name(a)}")
    want = s.want
    via_trench = want == "trench"
    data = movement_data()
    if want == "foxhole":
        raise RuleViolation(
            data.rule("entrenchment"), "enter the hex first, then the foxhole (':foxhole')"
        )
    if via_trench:
        if st.entrenched != "trench":
            raise RuleViolation(data.rule("trench"), "trench-to-trench movement starts in a trench")
        if not _fort_here(ctx, b, "trench"):
            raise RuleViolation(data.rule("trench"), f"there is no trench in {m.name(b)}")
        if not ctx.mover.is_infantry:
            raise RuleViolation(data.rule("trench"), "only Infantry move within trenches")
    check_blaze(ctx, b)
    water_rules.check_low_crawl(ctx, a, b)
    side = Hexside.of(a, b)
    costs: list[Cost] = []
    if st.entrenched and not via_trench:
        costs.append(_combined_exit(ctx, st))  # B27.41, combined with the entry of the next hex
    events: list[Event] = []
    rules: list[str] = []
    position = Position.GROUND
    terminal = False
    crosses = False
    pa = ctx.panji_at(a)
    if pa is not None:
        costs += panji_rules.exit_costs(ctx, a, st.position.value, side, via_trench=via_trench)
        crosses = panji_rules.covered(pa, side)
    if water_rules.is_water(ctx, b):
        if want not in (None, "ground"):
            raise RuleViolation("B21.4", f"{m.name(b)} is a Water Obstacle: no '{want}' position")
        if st.along is None and paddy_rules.is_paddy(ctx, a):  # G8 rights still apply
            where = Position.BANK if st.position == Position.BANK else Position.IN
            paddy_rules.check_crossing(ctx, a, where, b)  # (the ford costs every MF: no bank MF)
        we = water_rules.entry(ctx, a, b, spent + sum(c.halves for c in costs))
        costs += we.costs
        events += we.events
        costs += _declared(ctx, s, costs)
    else:
        a_paddy = paddy_rules.is_paddy(ctx, a) and st.along is None
        b_paddy = paddy_rules.is_paddy(ctx, b)
        if a_paddy or b_paddy:
            where = (
                Position.BANK
                if st.position == Position.BANK
                else Position.IN
                if a_paddy
                else Position.GROUND
            )
            b_cot = None if b_paddy else terrain_cost(ctx, a, b, first=spent == 0)
            ps = paddy_rules.step(
                ctx, a, where, b, to_bank=want == "bank", via_trench=via_trench, b_cot=b_cot
            )
            side_costs = [*ps.hexside, *hexside_cost(ctx, a, b)]
            cot = list(ps.cot)
            events += ps.events
            rules.append(ps.cell)
        else:
            if want in ("bank", "in"):
                raise RuleViolation("G8", f"{m.name(b)} is not a paddy hex: no '{want}' position")
            cot = terrain_cost(ctx, a, b, first=spent == 0)
            side_costs = hexside_cost(ctx, a, b)
        water_rules.check_leaving(ctx, a, b)
        bridge = water_rules.off_bridge(ctx, a, b)
        leaving = None if bridge else water_rules.leaving_rule(ctx, a)
        elev = [] if bridge else elevation_costs(ctx, a, b, cot, leaving)
        costs += side_costs + cot + elev
        if leaving and not elev:
            costs.append(Cost(0, "B21.41", "no penalty for leaving a Water Obstacle hex"))
        costs += _declared(ctx, s, costs)
        pb = ctx.panji_at(b)
        if pb is not None:
            pe = panji_rules.entry(
                ctx, pb, a, b, via_trench=via_trench, step_halves=sum(c.halves for c in costs)
            )
            position = Position(pe.position)
            events += pe.events
            rules += pe.rules
            terminal = pe.terminal
            crosses = crosses or pe.crosses_covered
            if want in ("above", "beneath") and want != position.word:
                raise RuleViolation(
                    pe.rules[0],
                    f"entering {m.name(b)} across "
                    f"{m.layout.hexside_name(side, a)} places the unit "
                    f"{position.word} the Panji counter, not {want}",
                )
        elif want in ("above", "beneath"):
            raise RuleViolation("G9.4", f"there is no Panji counter in {m.name(b)}")
        elif b_paddy:
            position = Position.BANK if want == "bank" else Position.IN
    events += water_rules.ice_events(ctx, b)
    road = along_road(ctx, a, b)
    rp = road or along_path(ctx, a, b)
    events += panji_rules.trip_flare_events(
        ctx,
        b,
        entering=True,
        crosses_covered=position == Position.ABOVE,
        above=position == Position.ABOVE,
        via_trench=via_trench,
        via_road_or_path=rp,
    )
    new = State(b, position, "trench" if via_trench else None)
    return Transition(
        new,
        tuple(costs),
        tuple(events),
        tuple(rules),
        terminal=terminal,
        new_location=True,
        road=road,
        road_or_path=rp,
        crosses_covered=crosses,
    )


def _declared(ctx: MoveContext, s: Step, costs: list[Cost]) -> list[Cost]:
    """G9.422: a horse that expends eleven MF (inclusive of the Location's COT) to enter is not
    eliminated; ``=N`` declares the MF the Cavalry unit spends on the step in all."""
    if s.mf is None:
        return []
    m = ctx.map
    assert s.hex is not None
    if ctx.mover.kind != MoverKind.CAVALRY:
        raise step_error(
            f"{m.name(s.hex)}={as_number(s.mf)}",
            "only a Cavalry unit declares the MF it spends to enter (G9.422), not "
            + ctx.mover.a_describe(),
        )
    natural = sum(c.halves for c in costs)
    if s.mf < natural:
        raise step_error(
            f"{m.name(s.hex)}={as_number(s.mf)}",
            f"entering {m.name(s.hex)} costs {as_number(natural)} MF, more than the "
            f"{as_number(s.mf)} declared",
        )
    if s.mf == natural:
        return []
    return [
        Cost(
            s.mf - natural,
            "G9.422",
            f"extra MF: {as_number(s.mf)} MF in all to enter, inclusive of its COT",
        )
    ]


def _tunnel(ctx: MoveContext, st: State, s: Step, *, spent: int) -> Transition:
    """B8.61 through a tunnel to its other entrance, for all MF. G9.55: a tunnel entrance in a
    panji Location lies beneath the Panji counter (entered only from beneath; a unit arriving
    by the subterranean passage is beneath it, G9.45, with no Panji MC, G9.41); G8: no
    Fortification above a Bank counter nor (but wire/mines/panjis) IN an Irrigated paddy; G.8:
    no trip flare dr on arriving by subterranean passage."""
    m = ctx.map
    a, b = st.hex, s.hex
    assert b is not None
    data = movement_data()
    if st.along is not None:
        raise RuleViolation(
            data.rule("tunnel"), "a unit in Bypass is not in a tunnel entrance Location"
        )
    # nothing spent yet: the unit is where it began its MPh (every step costs MF)
    tm = tunnel_move(ctx, a, b, at_start=spent == 0)
    rules = list(tm.rules)
    if ctx.panji_at(a) is not None:
        panji_rules.fortification_access(ctx, a, st.position.value)
        rules.append("G9.55")
    if st.position == Position.BANK:
        raise RuleViolation(
            "G8",
            "no Fortification is above a Bank counter: the tunnel entrance is IN the paddy "
            "(':in' first)",
        )
    for h in (a, b):
        if paddy_rules.is_paddy(ctx, h) and ctx.game.conditions.paddy == PaddyState.IRRIGATED:
            raise RuleViolation(
                "G8",
                f"FORTIFICATIONS: no tunnel entrance can be IN an Irrigated paddy ({m.name(h)})",
            )
    check_blaze(ctx, b)
    if ctx.panji_at(b) is not None:
        position = Position.BENEATH
        rules += ["G9.45", "G9.55"]
    elif paddy_rules.is_paddy(ctx, b):
        position = Position.IN
    else:
        position = Position.GROUND
    new = State(b, position, "pillbox" if tm.into_pillbox else None)
    return Transition(new, (tm.cost,), (), tuple(dict.fromkeys(rules)), new_location=True)


def _breach(ctx: MoveContext, st: State, s: Step) -> Transition:
    """G8 BREACH: a Mobile dozer breaches a bank hexside of a Drained/In-Season paddy like a
    bocage hexside, for 1/4 (FRU) of its MP allowance (:mod:`aslpto.rules.paddy.effects`); it stays
    in its hex. G9.731: a Covered paddy hexside so breached becomes non-Covered."""
    m = ctx.map
    a, b = st.hex, s.hex
    assert b is not None
    if not a.is_adjacent(b):
        raise InputError(
            f"'{m.name(b)}:breach': a unit breaches a hexside of its own hex; "
            f"{m.name(b)} is not adjacent to {m.name(a)}"
        )
    side = Hexside.of(a, b)
    name = m.layout.hexside_name(side, a)
    if st.along is not None:
        raise RuleViolation(paddy_combat.BREACH, "a unit in Bypass breaches nothing")
    if ctx.options.phase == Phase.APH:
        raise RuleViolation(movement_data().rule("advance"), "a breach is not an advance")
    here = ctx.game.with_unit(ctx.unit.with_(hex=m.name(a)))
    paddy_combat.verify_breach(here, here.unit(ctx.unit.id), name)
    assert ctx.unit.mf is not None  # a vehicle's MP allowance (checked by allowance())
    r = paddy_combat.breach_cost(ctx.unit.mf)
    cost = Cost(halves(r.value), r.rules[0], f"breach bank hexside {name} ({r.why})")
    events = [Event(EventKind.BANK_BREACHED, paddy_combat.BREACH, subject=name)]
    rules = [paddy_combat.BREACH]
    for pid, p in ctx.game.panjis.items():
        if side in p.covered:
            rules.append("G9.731")
            events.append(
                Event(
                    EventKind.PANJI_HEXSIDE_UNCOVERED,
                    "G9.731",
                    f"{name} becomes a non-Covered hexside"
                    + (
                        "; the counter has no other and is removed (G9.7)"
                        if len(p.covered) == 1
                        else ""
                    ),
                    subject=pid,
                )
            )
    return Transition(st, (cost,), tuple(events), tuple(rules), breach=side)


def _breach_game(game: Game, unit: Unit, at: Hex, side: Hexside) -> Game:
    """The game after ``unit`` (a dozer in ``at``) breaches ``side``: the map and Panji
    counters change (:func:`aslpto.rules.paddy.effects.breach`), the unit stays as it is."""
    here = game.with_unit(unit.with_(hex=game.map.name(at)))
    assert unit.mf is not None
    after, _ = paddy_combat.breach(here, unit.id, game.map.layout.hexside_name(side, at), unit.mf)
    units = dict(after.units)
    units[unit.id] = game.unit(unit.id)
    return replace(after, units=units)


def _leave_entrenchment(ctx: MoveContext, st: State, want: str, *, rp: bool) -> Transition:
    """B27.41: leaving a foxhole (or trench) within its hex costs one MF; in a panji Location
    the unit leaves it to beneath the Panji counter (G9.55), in a paddy hex to IN it."""
    h = st.hex
    assert st.entrenched is not None
    if want == "above":
        raise RuleViolation(
            "G9.55",
            f"Fortifications in a panji Location are beneath the Panji counter: a unit leaves "
            f"the {st.entrenched} to beneath it (':beneath'), then may go above (G9.5)",
        )
    if want == "bank":
        raise RuleViolation(
            "G8",
            f"no Fortification may be above a Bank counter; leave the {st.entrenched} "
            "INTO the paddy first (':in')",
        )
    if want not in (st.position.word, "ground"):
        raise RuleViolation(
            movement_data().rule("entrenchment_exit"),
            f"a unit leaving a {st.entrenched} stays {st.position.word} in its hex "
            f"(':{st.position.word}')",
        )
    ev = panji_rules.trip_flare_events(ctx, h, via_road_or_path=rp)
    rules = ("G9.55",) if ctx.panji_at(h) is not None else ()
    return Transition(State(h, st.position), (_exit_cost(st),), ev, rules)


def _combined_exit(ctx: MoveContext, st: State) -> Cost:
    """B27.4: in the MPh the MF to leave a foxhole/trench is paid on its own, a moment for
    Defensive First Fire (B27.42), so a step out of the hex from beneath it is refused; in the
    RtPh it may be combined with the entry of the next hex (B27.41), and an advance (A4.7),
    one Location for all MF, takes it with the entry too."""
    o = ctx.options
    if o.phase == Phase.MPH and not (o.rout or o.low_crawl):
        raise RuleViolation(
            movement_data().rule("entrenchment_exit"),
            f"in the MPh leaving the {st.entrenched} is an MF expenditure of its own, a "
            f"moment for Defensive First Fire (B27.42): declare ':{st.position.word}' first",
        )
    return _exit_cost(st)


def _exit_cost(st: State) -> Cost:
    data = movement_data()
    return Cost(
        data.n("entrenchment_exit_mf"),
        data.rule("entrenchment_exit"),
        f"leave the {st.entrenched}",
    )


def _here(ctx: MoveContext, st: State, s: Step, *, rp: bool = False) -> Transition:
    """A change of position in the current hex. ``rp``: the unit entered this hex along a
    road/path this Player Turn (the trip flare -4 drm, G.8)."""
    h = st.hex
    m = ctx.map
    want = s.want
    data = movement_data()
    if st.along is not None:
        raise RuleViolation(
            data.rule("bypass"), "a unit in Bypass changes position only after entering a hex"
        )
    if st.entrenched and want in ("above", "beneath", "in", "bank", "ground"):
        return _leave_entrenchment(ctx, st, want, rp=rp)
    if want in ("above", "beneath"):
        target = Position.ABOVE if want == "above" else Position.BENEATH
        cost = panji_rules.change_position(ctx, h, st.position.value, target.value)
        ev = panji_rules.trip_flare_events(ctx, h, above=True, via_road_or_path=rp)
        return Transition(State(h, target), (cost,), ev, ("G9.5",))
    if want in ("in", "bank"):
        if not paddy_rules.is_paddy(ctx, h):
            raise RuleViolation("G8", f"{m.name(h)} is not a paddy hex")
        if ctx.panji_at(h) is not None and want == "in":
            raise RuleViolation(
                "G8",
                "a unit above/beneath a Panji counter in a paddy hex is "
                "already IN that hex (G8 FORTIFICATIONS)",
            )
        where = Position.BANK if st.position == Position.BANK else Position.IN
        ps = paddy_rules.step(ctx, h, where, h, to_bank=want == "bank", via_trench=False)
        target = Position.BANK if want == "bank" else Position.IN
        ev = panji_rules.trip_flare_events(ctx, h, via_road_or_path=rp)
        return Transition(State(h, target), (*ps.hexside, *ps.cot), (*ps.events, *ev), (ps.cell,))
    if want in ("trench", "foxhole"):
        if st.entrenched:
            raise RuleViolation(data.rule("entrenchment"), f"already in a {st.entrenched}")
        if not _fort_here(ctx, h, want):
            raise RuleViolation(data.rule("entrenchment"), f"there is no {want} in {m.name(h)}")
        if not ctx.mover.is_infantry:
            raise RuleViolation(data.rule("entrenchment"), "only Infantry enter entrenchments here")
        if st.position == Position.BANK:
            raise RuleViolation(
                "G8",
                "no Fortification may be above a Bank counter; go INTO the paddy first (':in')",
            )
        panji_rules.fortification_access(ctx, h, st.position.value)
        cost = Cost(data.n("entrenchment_mf"), data.rule("entrenchment"), f"enter the {want}")
        ev = panji_rules.trip_flare_events(ctx, h, via_road_or_path=rp)
        return Transition(
            State(h, st.position, want), (cost,), ev, ("G9.55",) if ctx.panji_at(h) else ()
        )
    raise InputError(f"':{want}' is not a position a unit can move to within its hex")


def _bypass(ctx: MoveContext, st: State, s: Step) -> Transition:
    m = ctx.map
    h, along = s.hex, s.along
    assert h is not None and along is not None
    data = movement_data()
    if ctx.options.phase == Phase.APH:
        raise RuleViolation(data.rule("advance"), "Bypass is not an advance: NA in the APh")
    if not bypassable(ctx, h):
        raise RuleViolation(
            data.rule("bypass"), f"{m.name(h)} ({m.terrain(h).value}) cannot be Bypassed"
        )
    y = along.other(h)
    costs: list[Cost] = []
    if st.along is None:
        x = st.hex
        if not (x.is_adjacent(h) and x.is_adjacent(y)) or x in (h, y):
            raise InputError(
                f"Bypass in {m.name(h)} along {m.layout.hexside_name(along, h)} "
                f"must start from a hex touching both {m.name(h)} and {m.name(y)}"
            )
        crossing = Hexside.of(x, h)
        if st.entrenched:
            costs.append(_combined_exit(ctx, st))  # B27.41
        if ctx.panji_at(x) is not None:
            costs += panji_rules.exit_costs(ctx, x, st.position.value, crossing, via_trench=False)
        if paddy_rules.is_paddy(ctx, x):
            where = Position.BANK if st.position == Position.BANK else Position.IN
            ps = paddy_rules.step(
                ctx, x, where, h, to_bank=False, via_trench=False, b_cot=[bypass_cost(ctx)]
            )
            costs += [*ps.hexside, *ps.cot]
        else:
            costs.append(bypass_cost(ctx))
        costs += hexside_cost(ctx, x, h)
    else:
        h0, s0 = st.hex, st.along
        if (h, along) == (h0, s0) or not (along == s0 or along.touches(s0)):
            raise InputError(
                f"from Bypass along {m.layout.hexside_name(s0, h0)} the next Bypass "
                "hexside must share a vertex with it"
            )
        if h != h0:
            if not h.is_adjacent(h0):
                raise InputError(f"{m.name(h)} is not adjacent to {m.name(h0)}")
            costs += hexside_cost(ctx, h0, h)
        costs.append(bypass_cost(ctx))
    check_blaze(ctx, h, bypass=True)
    check = panji_rules.bypass(ctx, h, along)
    if not check.allowed:
        # the attempt's MF/MP are expended in the current position (G.8: an expenditure there)
        flares = panji_rules.trip_flare_events(ctx, st.hex, above=st.position == Position.ABOVE)
        if ctx.mover.kind == MoverKind.VEHICLE:
            costs.append(
                Cost(
                    data.n("stop_mp"),
                    data.rule("vehicle_stop"),
                    "a vehicle blocked from Bypass expends a Stop MP (G9.46)",
                )
            )
        here = State(st.hex, st.position, None, st.along) if st.entrenched else st
        return Transition(here, tuple(costs), (*check.events, *flares), ("G9.46",), blocked=True)
    pos = Position.BENEATH if ctx.panji_at(h) is not None else Position.GROUND
    rules = ("G9.46",) if ctx.panji_at(h) is not None else ()
    # G.8: Bypass enters the Location (or spends more MF/MP in it when continuing there)
    events = panji_rules.trip_flare_events(ctx, h, entering=h != st.hex)
    return Transition(
        State(h, pos, None, along), tuple(costs), events, rules, new_location=h != st.hex
    )
