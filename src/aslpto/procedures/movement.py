"""Movement: Locations and positions, the step notation, path evaluation and reachability.

This module only orchestrates. It asks the chapter modules what a step costs and permits:
:mod:`aslpto.rules.movement` (terrain, hedges/walls, levels, roads, Double Time, Minimum Move),
:mod:`aslpto.rules.paddy.movement` (G8), :mod:`aslpto.rules.water.movement` (B21.4-B21.43, B21.6)
and :mod:`aslpto.rules.panji.movement`
(G9.4-G9.6).

Step notation (DESIGN.md): ``37EE7`` enters an adjacent hex (INTO a paddy; above or beneath a
Panji counter as the hexside crossed decides), ``37EE7:bank`` onto its Bank counter,
``37EE7:trench`` from a trench to a trench; ``:in``, ``:bank``, ``:above``, ``:beneath``,
``:foxhole``, ``:trench`` change position in the current hex; ``37DD7/DD6`` is Bypass in DD7
along hexside DD7-DD6. ``37C6:tunnel`` moves through a tunnel to its other entrance (B8.61);
``37E4:breach`` has a dozer breach the bank hexside it shares with 37E4 (G8 BREACH; it stays
where it is); ``37EE7=11`` declares the MF a Cavalry unit spends in all to enter (G9.422).

>>> from aslpto.procedures.movement import Position
>>> Position("above-panji").word
'above'
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from itertools import repeat
from typing import Any

from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, HexName, Hexside
from aslpto.rules.movement import (
    HALF,
    Cost,
    Event,
    MoveContext,
    MoveOptions,
    MoverKind,
    Phase,
    allowance,
    along_path,
    along_road,
    as_number,
    blaze_hexes,
    bypass_cost,
    bypassable,
    check_blaze,
    check_may_move,
    elevation_costs,
    halves,
    hexside_cost,
    movement_data,
    mover_of,
    terrain_cost,
    tunnel_move,
)
from aslpto.rules.paddy import effects as paddy_combat
from aslpto.rules.paddy import movement as paddy_rules
from aslpto.rules.panji import movement as panji_rules
from aslpto.rules.water import movement as water_rules
from aslpto.state.game import FortKind, Game, PaddyState
from aslpto.state.units import Kind, Transport, Unit

__all__ = [
    "Location",
    "MoveOptions",
    "MoveResult",
    "Phase",
    "Position",
    "ReachResult",
    "State",
    "Step",
    "apply",
    "evaluate",
    "move",
    "parse_step",
    "reach",
]


_DEFAULT = MoveOptions()


class Position(StrEnum):
    """Where a unit is within its Location (the public location words)."""

    GROUND = "ground"
    IN = "in"  # IN a paddy
    BANK = "bank"  # above a Bank counter
    ABOVE = "above-panji"
    BENEATH = "beneath-panji"

    @property
    def word(self) -> str:
        """The step word: ``above``, ``beneath``, ``in``, ``bank``, ``ground``."""
        return self.value.removesuffix("-panji")


_WORDS = {
    "in": "in",
    "bank": "bank",
    "above": "above",
    "beneath": "beneath",
    "above-panji": "above",
    "beneath-panji": "beneath",
    "trench": "trench",
    "foxhole": "foxhole",
    "ground": "ground",
    "tunnel": "tunnel",
    "breach": "breach",
}


@dataclass(frozen=True, slots=True)
class State:
    """A unit's Location and position: hex, position, entrenchment, Bypass hexside."""

    hex: Hex
    position: Position = Position.GROUND
    entrenched: str | None = None  # trench | foxhole
    along: Hexside | None = None  # in Bypass along this hexside of ``hex`` (A4.3)


class StepKind(StrEnum):
    ENTER = "enter"  # into an adjacent hex
    HERE = "here"  # change position in the current hex
    BYPASS = "bypass"  # Bypass in ``hex`` along ``along``
    BREACH = "breach"  # breach the bank hexside between the current hex and ``hex``


@dataclass(frozen=True, slots=True)
class Step:
    """One declared step."""

    kind: StepKind
    hex: Hex | None = None
    want: str | None = None  # position word asked for
    along: Hexside | None = None
    mf: int | None = None  # MF declared for the whole step, half units (G9.422)


def parse_step(game: Game, text: str) -> Step:
    """``37EE7``, ``37EE7:bank``, ``:in``, ``:above``, ``37DD7/DD6``, ``37C6:tunnel``,
    ``37E4:breach``, ``37EE7=11``. Bad input raises :class:`InputError`."""
    t, eq, declared = text.strip().partition("=")
    if eq:
        step = parse_step(game, t)
        try:
            mf = halves(float(declared))
        except ValueError:
            mf = 0
        if mf <= 0:
            raise InputError(f"step '{text}': '={declared}' must be a number of MF above 0")
        if step.kind != StepKind.ENTER or step.want in ("tunnel", "trench"):
            raise InputError(
                f"step '{text}': '=N' declares the MF spent to enter an adjacent hex (G9.422)"
            )
        return replace(step, mf=mf)
    m = game.map
    if "/" in t:
        hname, _, other = t.partition("/")
        h = m.hex(hname)
        board = m.layout.names(h)[0].board
        try:
            y = m.layout.resolve(HexName.parse(other, board))
        except InputError as e:
            raise InputError(f"step '{text}': {e.message}") from None
        if not h.is_adjacent(y):
            raise InputError(
                f"step '{text}': Bypass is along a hexside of {hname}; "
                f"{other} is not adjacent to it"
            )
        return Step(StepKind.BYPASS, h, None, Hexside.of(h, y))
    hname, sep, word = t.partition(":")
    want = None
    if sep:
        want = _WORDS.get(word.strip().lower())
        if want is None:
            raise InputError(
                f"step '{text}': unknown position '{word}' (in, bank, above, "
                "beneath, trench, foxhole)"
            )
    if not hname:
        if want is None:
            raise InputError(f"step '{text}' names neither a hex nor a position")
        return Step(StepKind.HERE, None, want)
    if want == "breach":
        return Step(StepKind.BREACH, m.hex(hname), want)
    return Step(StepKind.ENTER, m.hex(hname), want)


def step_text(game: Game, s: Step) -> str:
    m = game.map
    if s.kind == StepKind.HERE:
        return f":{s.want}"
    assert s.hex is not None
    if s.kind == StepKind.BYPASS:
        assert s.along is not None
        name = m.layout.hexside_name(s.along, s.hex)
        first, _, second = name.partition("-")
        return f"{first}/{second}"
    declared = "" if s.mf is None else f"={as_number(s.mf)}"
    return m.name(s.hex) + (f":{s.want}" if s.want else "") + declared


# --- transitions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
    ctx: MoveContext, st: State, s: Step, spent: int, entered_by_road_or_path: bool = False
) -> Transition:
    """The one place a step is priced and permitted. Raises :class:`RuleViolation`.
    ``entered_by_road_or_path``: the unit entered its current hex along a road/path this Player
    Turn (only the trip flare drm of a later expenditure there depends on it, G.8)."""
    if s.kind == StepKind.HERE:
        return _here(ctx, st, s, entered_by_road_or_path)
    if s.kind == StepKind.BYPASS:
        return _bypass(ctx, st, s)
    if s.kind == StepKind.BREACH:
        return _breach(ctx, st, s)
    if s.want == "tunnel":
        return _tunnel(ctx, st, s, spent)
    return _enter(ctx, st, s, spent)


def _exit_hexes(ctx: MoveContext, st: State) -> tuple[Hex, ...]:
    """Hexes a unit in Bypass along ``st.along`` may step into: the hex across the hexside
    and the hexes at its two ends."""
    assert st.along is not None
    y = st.along.other(st.hex)
    ends = [w for w in ctx.map.neighbours(st.hex) if w != y and w.is_adjacent(y)]
    return (y, *ends)


def _enter(ctx: MoveContext, st: State, s: Step, spent: int) -> Transition:
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
        costs.append(_exit_cost(st))  # B27.41, combined with the entry of the next hex
    events: list[Event] = []
    rules: list[str] = []
    position = Position.GROUND
    terminal = False
    crosses = False
    pa = ctx.panji_at(a)
    if pa is not None:
        costs += panji_rules.exit_costs(ctx, a, st.position.value, side, via_trench)
        crosses = panji_rules.covered(pa, side)
    if water_rules.is_water(ctx, b):
        if want not in (None, "ground"):
            raise RuleViolation("B21.4", f"{m.name(b)} is a Water Obstacle: no '{want}' position")
        if st.along is None and paddy_rules.is_paddy(ctx, a):  # G8 rights still apply
            where = paddy_rules.Where.BANK if st.position == Position.BANK else paddy_rules.Where.IN
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
                paddy_rules.Where.BANK
                if st.position == Position.BANK
                else paddy_rules.Where.IN
                if a_paddy
                else paddy_rules.Where.OUT
            )
            b_cot = None if b_paddy else terrain_cost(ctx, a, b, spent == 0)
            ps = paddy_rules.step(ctx, a, where, b, want == "bank", via_trench, b_cot)
            side_costs = [*ps.hexside, *hexside_cost(ctx, a, b)]
            cot = list(ps.cot)
            events += ps.events
            rules.append(ps.cell)
        else:
            if want in ("bank", "in"):
                raise RuleViolation("G8", f"{m.name(b)} is not a paddy hex: no '{want}' position")
            cot = terrain_cost(ctx, a, b, spent == 0)
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
            pe = panji_rules.entry(ctx, pb, a, b, via_trench, sum(c.halves for c in costs))
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
        new, tuple(costs), tuple(events), tuple(rules), terminal, True, road, rp, crosses
    )


def _declared(ctx: MoveContext, s: Step, costs: list[Cost]) -> list[Cost]:
    """G9.422: a horse that expends eleven MF (inclusive of the Location's COT) to enter is not
    eliminated; ``=N`` declares the MF the Cavalry unit spends on the step in all."""
    if s.mf is None:
        return []
    m = ctx.map
    assert s.hex is not None
    if ctx.mover.kind != MoverKind.CAVALRY:
        raise InputError(
            f"step '{m.name(s.hex)}={as_number(s.mf)}': only a Cavalry unit declares the MF it "
            f"spends to enter (G9.422), not a {ctx.mover.describe()}"
        )
    natural = sum(c.halves for c in costs)
    if s.mf < natural:
        raise InputError(
            f"step '{m.name(s.hex)}={as_number(s.mf)}': entering {m.name(s.hex)} costs "
            f"{as_number(natural)} MF, more than the {as_number(s.mf)} declared"
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


def _tunnel(ctx: MoveContext, st: State, s: Step, spent: int) -> Transition:
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
    tm = tunnel_move(ctx, a, b, spent == 0)
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
    events = [Event("bank-breached", paddy_combat.BREACH, subject=name)]
    rules = [paddy_combat.BREACH]
    for pid, p in ctx.game.panjis.items():
        if side in p.covered:
            rules.append("G9.731")
            events.append(
                Event(
                    "panji-hexside-uncovered",
                    "G9.731",
                    f"{name} becomes a non-Covered hexside"
                    + ("; the counter has no other and is removed (G9.7)" if len(p.covered) == 1
                       else ""),
                    subject=pid,
                )
            )  # fmt: skip
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


def _leave_entrenchment(ctx: MoveContext, st: State, want: str, rp: bool) -> Transition:
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


def _exit_cost(st: State) -> Cost:
    data = movement_data()
    return Cost(
        data.n("entrenchment_exit_mf"),
        data.rule("entrenchment_exit"),
        f"leave the {st.entrenched}",
    )


def _here(ctx: MoveContext, st: State, s: Step, rp: bool = False) -> Transition:
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
        return _leave_entrenchment(ctx, st, want, rp)
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
        where = paddy_rules.Where.BANK if st.position == Position.BANK else paddy_rules.Where.IN
        ps = paddy_rules.step(ctx, h, where, h, want == "bank", False)
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
            costs.append(_exit_cost(st))  # B27.41
        if ctx.panji_at(x) is not None:
            costs += panji_rules.exit_costs(ctx, x, st.position.value, crossing, False)
        if paddy_rules.is_paddy(ctx, x):
            where = paddy_rules.Where.BANK if st.position == Position.BANK else paddy_rules.Where.IN
            ps = paddy_rules.step(ctx, x, where, h, False, False, [bypass_cost(ctx)])
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


# --- path evaluation ------------------------------------------------------------------------


@dataclass(frozen=True)
class StepResult:
    """One evaluated step: where it led, its cost and running total (half units), rules,
    events."""

    text: str
    state: State
    cost: int
    total: int
    costs: tuple[Cost, ...]
    rules: tuple[str, ...]
    events: tuple[Event, ...]
    breach: Hexside | None = None  # the bank hexside the step breached (G8 BREACH)


@dataclass(frozen=True)
class MoveResult:
    """A declared path, evaluated. ``mf``/``allowance`` in half units (see :func:`as_number`)."""

    unit: str
    legal: bool
    mf: int
    allowance: int
    allowance_rules: tuple[str, ...]
    steps: tuple[StepResult, ...]
    violation: RuleViolation | None
    start: State
    end: State
    cx: bool = False
    breaches: tuple[tuple[Hex, Hexside], ...] = ()  # (dozer's hex, bank hexside), in order

    def as_json(self, game: Game) -> dict[str, Any]:
        m = game.map
        steps = []
        for r in self.steps:
            d: dict[str, Any] = {
                "step": r.text,
                "to": m.name(r.state.hex),
                "position": r.state.position.value,
                "mf": as_number(r.total),
                "cost": as_number(r.cost),
                "rules": list(r.rules),
                "costs": [
                    {"mf": as_number(c.halves), "rule": c.rule, "why": c.why} for c in r.costs
                ],
                "events": [e.as_json() for e in r.events],
            }
            if r.state.entrenched:
                d["entrenched"] = r.state.entrenched
            if r.state.along is not None:
                d["bypass"] = m.layout.hexside_name(r.state.along, r.state.hex)
            if r.breach is not None:
                d["breach"] = m.layout.hexside_name(r.breach, r.state.hex)
            steps.append(d)
        return {
            "unit": self.unit,
            "legal": self.legal,
            "mf": as_number(self.mf),
            "allowance": as_number(self.allowance),
            "allowance_rules": list(self.allowance_rules),
            "steps": steps,
            "violation": None
            if self.violation is None
            else {"rule": self.violation.rule, "message": self.violation.message},
        }


def _context(game: Game, unit: Unit, options: MoveOptions) -> tuple[MoveContext, Ruling[int]]:
    mover = mover_of(unit, options)
    _leader(game, options)
    allow = allowance(unit, mover, options)
    ctx = MoveContext(game, unit, mover, options, allow.value, blaze_hexes(game, options.blaze))
    return ctx, allow


def _leader(game: Game, options: MoveOptions) -> Unit | None:
    """The leader named by ``options.with_leader`` (A4.12); an unknown unit or one that is not
    a leader is unusable input."""
    if options.with_leader is None:
        return None
    leader = game.unit(options.with_leader)
    if leader.kind != Kind.LEADER:
        raise InputError(
            f"--with-leader '{leader.id}' is a {leader.kind.value}, not a leader (A4.12)"
        )
    return leader


def _check_may_move(game: Game, unit: Unit, ctx: MoveContext, options: MoveOptions) -> None:
    check_may_move(unit, ctx.mover, options, _leader(game, options))


def _cap(ctx: MoveContext, tr: Transition, spent: int) -> tuple[int, tuple[Cost, ...]]:
    """Low Crawl (A10.52) and the Minimum Move (A4.134): a first step costing more than the
    allotment costs the whole allotment."""
    data = movement_data()
    cost = tr.halves
    if ctx.options.low_crawl:
        return ctx.allowance, (
            *tr.costs,
            Cost(ctx.allowance - cost, data.rule("low_crawl"), "Low Crawl expends all MF"),
        )
    if (
        spent == 0
        and cost > ctx.allowance
        and ctx.options.phase == Phase.MPH
        and ctx.mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY)
    ):
        return ctx.allowance, (
            *tr.costs,
            Cost(
                ctx.allowance - cost,
                data.rule("minimum_move"),
                "Minimum Move: one Location for all MF",
            ),
        )
    return cost, tr.costs


def evaluate(
    game: Game, unit_id: str, steps: Sequence[str], options: MoveOptions = _DEFAULT
) -> MoveResult:
    """Evaluate a declared path without changing anything. Unusable input (unknown unit, hex,
    step) raises :class:`InputError`; a step the rules forbid ends the path with
    ``legal=False`` and the violation."""
    unit = game.unit(unit_id)
    ctx, allow = _context(game, unit, options)
    st = start_state(game, unit)
    parsed = [parse_step(game, t) for t in steps]
    data = movement_data()
    results: list[StepResult] = []
    spent = 0
    road_only = True
    covered = False
    entered = 0
    terminal: Event | None = None
    bonus = data.n("road_bonus_mf")
    cx = False
    rp_here = False  # entered the current hex along a road/path (G.8 trip flare drm)
    breaches: list[tuple[Hex, Hexside]] = []

    def fail(v: RuleViolation) -> MoveResult:
        return MoveResult(
            unit.id,
            False,
            spent,
            allow.value,
            allow.rules,
            tuple(results),
            v,
            start_state(game, unit),
            st,
            cx,
        )

    try:
        _check_may_move(game, unit, ctx, options)
    except RuleViolation as v:
        return fail(v)
    for i, (text, s) in enumerate(zip(steps, parsed, strict=True)):
        try:
            if terminal is not None:
                raise RuleViolation(
                    terminal.rule,
                    f"no further movement: {terminal.kind} ({terminal.note or terminal.subject})",
                )
            if i >= 1 and options.phase == Phase.APH:
                raise RuleViolation(data.rule("advance"), "an advance is a move of one Location")
            if i >= 1 and options.low_crawl:
                raise RuleViolation(data.rule("low_crawl"), "Low Crawl is a move of one hex")
            if options.low_crawl and s.kind != StepKind.ENTER:
                raise RuleViolation(data.rule("low_crawl"), "Low Crawl moves into an adjacent hex")
            tr = transition(ctx, st, s, spent, rp_here)
            if options.assault and entered >= 1 and tr.new_location:
                raise RuleViolation(
                    data.rule("assault_movement"),
                    "Assault Movement: a unit enters only one new Location in its MPh",
                )
            cost, costs = _cap(ctx, tr, spent)
            events = list(tr.events)
            rules = [c.rule for c in costs] + list(tr.rules)
            if options.double_time and i == 0:
                cx = True
                events.insert(0, Event("cx", allow.rules[-1], "Double Time: the unit is CX"))
            if options.phase == Phase.APH:
                difficult = min(
                    data.n("advance_difficult_mf"), ctx.allowance
                )  # non-Double-Time MF (none in the APh)
                if cost >= difficult:
                    if unit.cx:
                        raise RuleViolation(
                            data.rule("advance_difficult"),
                            "a CX unit may not advance into Difficult Terrain",
                        )
                    cx = True
                    events.append(
                        Event(
                            "cx",
                            data.rule("advance_difficult"),
                            "advance vs Difficult Terrain: the unit becomes CX",
                        )
                    )
            else:
                road_only = road_only and tr.road
                covered = covered or tr.crosses_covered
                if spent + cost > ctx.allowance:
                    eligible = ctx.mover.is_infantry and road_only and not covered
                    if not (eligible and spent + cost <= ctx.allowance + bonus):
                        left = as_number(ctx.allowance - spent)
                        why = (
                            f"the step costs {as_number(cost)} "
                            f"{'MP' if ctx.mover.uses_mp else 'MF'} with {left} left"
                        )
                        rule = allow.rules[0]
                        if ctx.mover.is_infantry and road_only and covered:
                            rule, why = (
                                "G9.54",
                                why + " (no road bonus after crossing a Covered hexside)",
                            )
                        raise RuleViolation(rule, why)
                    rules.append(data.rule("road"))
                    events.append(
                        Event(
                            "road-bonus", data.rule("road"), "the last MF is the road bonus (G9.54)"
                        )
                    )
            spent += cost
            if tr.state.hex != st.hex or tr.new_location:
                rp_here = tr.road_or_path
            st = tr.state
            if tr.new_location:
                entered += 1
            if tr.breach is not None:
                # G8 BREACH, G9.731: later steps see the breached bank and uncovered hexside
                breaches.append((st.hex, tr.breach))
                now = _breach_game(ctx.game, unit, st.hex, tr.breach)
                ctx = MoveContext(now, ctx.unit, ctx.mover, options, ctx.allowance, ctx.blaze)
                if st.position in (Position.ABOVE, Position.BENEATH) and not now.panji_at(st.hex):
                    out_pos = Position.IN if paddy_rules.is_paddy(ctx, st.hex) else Position.GROUND
                    st = replace(st, position=out_pos)  # G9.7: the counter is gone
            results.append(
                StepResult(
                    text,
                    st,
                    cost,
                    spent,
                    costs,
                    tuple(dict.fromkeys(rules)),
                    tuple(events),
                    tr.breach,
                )
            )
            terminal = next((e for e in tr.events if e.kind in ("immobilized", "bail-out")), None)
            if ctx.mover.manhandling and any(
                e.kind == "eliminated" and e.rule == "G9.411" for e in tr.events
            ):
                # G9.411: the item is gone; the Infantry moves on without it
                ctx = replace(ctx, mover=replace(ctx.mover, transport=Transport.NONE))
        except RuleViolation as v:
            return fail(v)
    return MoveResult(
        unit.id,
        True,
        spent,
        allow.value,
        allow.rules,
        tuple(results),
        None,
        start_state(game, unit),
        st,
        cx,
        tuple(breaches),
    )


def move(
    game: Game, unit_id: str, steps: Sequence[str], options: MoveOptions = _DEFAULT
) -> MoveResult:
    """Alias of :func:`evaluate` (the command's name)."""
    return evaluate(game, unit_id, steps, options)


def apply(game: Game, result: MoveResult) -> Game:
    """The game after a legal move; an illegal one raises its violation and changes nothing."""
    if not result.legal:
        assert result.violation is not None
        raise result.violation
    unit = game.unit(result.unit)
    end = result.end
    for at, side in result.breaches:
        game = _breach_game(game, unit, at, side)  # G8 BREACH, G9.731
    return game.with_unit(
        unit.with_(
            hex=game.map.name(end.hex),
            position=end.position.value,
            entrenched=end.entrenched if result.steps else unit.entrenched,
            cx=unit.cx or result.cx,
        )
    )


# --- reachability ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Location:
    """A Location/position the unit can reach, with its least cost and the path to it."""

    state: State
    mf: int  # half units
    path: tuple[str, ...]
    ends_move: bool = False

    def as_json(self, game: Game) -> dict[str, Any]:
        m = game.map
        d: dict[str, Any] = {
            "hex": m.name(self.state.hex),
            "position": self.state.position.value,
            "mf": as_number(self.mf),
            "path": list(self.path),
        }
        if self.state.entrenched:
            d["entrenched"] = self.state.entrenched
        if self.state.along is not None:
            d["bypass"] = m.layout.hexside_name(self.state.along, self.state.hex)
        if self.ends_move:
            d["ends_move"] = True
        return d


class ReachResult:
    """Every Location/position reachable with its least cost (half units). The search is done
    when this is made; ``locations`` (with paths) is built when first asked for."""

    def __init__(
        self,
        unit: str,
        allowance: int,
        violation: RuleViolation | None = None,
        game: Game | None = None,
        space: _Space | None = None,
        passes: tuple[_Search, ...] = (),
    ) -> None:
        self.unit = unit
        self.allowance = allowance
        self.violation = violation
        self._game = game
        self._space = space
        self._passes = passes

    def best(self) -> dict[int, tuple[int, int, int]]:
        """State id -> (cost, pass number, search key) of the cheapest way there."""
        out: dict[int, tuple[int, int, int]] = {}
        for n, search in enumerate(self._passes):
            for key, d in search.items():
                sid = key >> 2
                old = out.get(sid)
                if old is None or d < old[0]:
                    out[sid] = (d, n, key)
        return out

    def _start(self) -> int:
        assert self._space is not None and self._game is not None
        return self._space.start(self._game, self._game.unit(self.unit))

    def costs(self) -> dict[State, int]:
        """``{state: least cost}`` without building paths."""
        if self._space is None:
            return {}
        states = self._space.states
        return {states[sid]: v[0] for sid, v in self.best().items()}

    @cached_property
    def locations(self) -> tuple[Location, ...]:
        if self._space is None or self._game is None:
            return ()
        space, game = self._space, self._game
        out = []
        passes = [
            p if p.has_pred else _search(space, self._start(), p.limit, p.road_only)
            for p in self._passes
        ]
        texts: dict[Step, str] = {}
        memo: list[dict[int, tuple[str, ...]]] = [{} for _ in passes]

        def path(n: int, key: int) -> tuple[str, ...]:
            chain = []
            seen = memo[n]
            pred = passes[n].pred
            while key in pred and key not in seen:
                chain.append(key)
                key = pred[key][0]
            done = seen.get(key, ())
            for k in reversed(chain):
                s = pred[k][1]
                text = texts.get(s)
                if text is None:
                    text = texts[s] = step_text(game, s)
                done = seen[k] = (*done, text)
            return done

        for sid, (d, n, key) in self.best().items():
            out.append(Location(space.states[sid], d, path(n, key), bool(key & 1)))
        out.sort(key=_order)
        return tuple(out)

    def as_json(self, game: Game) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "allowance": as_number(self.allowance),
            "locations": [loc.as_json(game) for loc in self.locations],
            "violation": None
            if self.violation is None
            else {"rule": self.violation.rule, "message": self.violation.message},
        }


def candidates(ctx: MoveContext, st: State) -> list[Step]:
    """Every step worth trying from ``st`` (the rules decide which are legal)."""
    m = ctx.map
    out: list[Step] = []
    horse = ctx.mover.kind == MoverKind.CAVALRY and not ctx.mover.galloping

    def enters(n: Hex) -> None:
        out.append(Step(StepKind.ENTER, n))
        if paddy_rules.is_paddy(ctx, n) and paddy_rules.bank_counter_usable(ctx, n):
            out.append(Step(StepKind.ENTER, n, "bank"))
        if st.entrenched == "trench" and ctx.forts_at(n, FortKind.TRENCH):
            out.append(Step(StepKind.ENTER, n, "trench"))
        if horse:
            p = ctx.panji_at(n)
            if p is not None and panji_rules.covered(p, Hexside.of(st.hex, n)):
                # G9.422: eleven MF spent to enter keep the horse
                out.append(Step(StepKind.ENTER, n, mf=movement_data().n("horse_safe_mf")))

    if st.along is None:
        h = st.hex
        nbrs = m.neighbours(h)
        for n in nbrs:
            enters(n)
        for t in ctx.tunnels_at(h):
            far = t.other(h)
            if far is not None:
                out.append(Step(StepKind.ENTER, far, "tunnel"))  # B8.61
        if st.entrenched is not None:
            out.append(Step(StepKind.HERE, None, st.position.word))  # leave it (B27.41)
        elif ctx.panji_at(h) is not None:
            out.append(
                Step(StepKind.HERE, None, "beneath" if st.position == Position.ABOVE else "above")
            )
        elif paddy_rules.is_paddy(ctx, h):
            out.append(Step(StepKind.HERE, None, "in" if st.position == Position.BANK else "bank"))
        if st.entrenched is None:
            for kind in ("foxhole", "trench"):
                if ctx.forts_at(h, FortKind(kind)):
                    out.append(Step(StepKind.HERE, None, kind))
        for bh in nbrs:
            if bypassable(ctx, bh):
                for y in m.neighbours(bh):
                    if y != h and y.is_adjacent(h):
                        out.append(Step(StepKind.BYPASS, bh, None, Hexside.of(bh, y)))
        return out
    h0, s0 = st.hex, st.along
    for n in _exit_hexes(ctx, st):
        enters(n)
    y = s0.other(h0)
    cells = ctx.map.cells
    for w in _exit_hexes(ctx, st)[1:]:
        for bh, other in ((h0, w), (w, y), (y, w)):
            if bh in cells and other in cells and bypassable(ctx, bh):
                out.append(Step(StepKind.BYPASS, bh, None, Hexside.of(bh, other)))
    return out


class _Space:
    """The states one kind of mover can be in on one game, numbered, and the edges between
    them as the rules price them (filled in as the searches reach them). Every unit of the
    same kind, options and allotment moves by the same rules, so ``reach`` calls share it."""

    def __init__(self, ctx: MoveContext, key: tuple[Any, ...] = ()) -> None:
        self.ctx = ctx
        self.key = key  # its key in the per-game cache (:func:`_space_key`)
        self.states: list[State] = []
        self.index: dict[State, int] = {}
        # per state id: edges when no MF has been spent yet / after; None until priced
        self.first: list[list[tuple[int, int, int, Step]] | None] = []
        self.later: list[list[tuple[int, int, int, Step]] | None] = []
        # the same edges as (search key, cost) sorted by cost, for the plain search
        self.fast_first: list[list[tuple[int, int]] | None] = []
        self.fast_later: list[list[tuple[int, int]] | None] = []
        self.starts: dict[tuple[str, str, str | None], int] = {}

    def sid(self, st: State) -> int:
        n = self.index.get(st)
        if n is None:
            n = self.index[st] = len(self.states)
            self.states.append(st)
            self.first.append(None)
            self.later.append(None)
            self.fast_first.append(None)
            self.fast_later.append(None)
        return n

    def fast(self, sid: int, first: bool) -> list[tuple[int, int]]:
        table = self.fast_first if first else self.fast_later
        got = table[sid]
        if got is None:
            got = table[sid] = sorted(
                ((dst * 4 + (flags & 1), cost) for dst, cost, flags, _ in self.edges(sid, first)),
                key=lambda e: e[1],
            )
        return got

    def start(self, game: Game, unit: Unit) -> int:
        key = (unit.hex, unit.position, unit.entrenched)
        n = self.starts.get(key)
        if n is None:
            n = self.starts[key] = self.sid(start_state(game, unit))
        return n

    def edges(self, sid: int, first: bool) -> list[tuple[int, int, int, Step]]:
        """(target id, cost, flags, step); flags: 1 ends the move, 2 a new Location, 4 along
        a road hexside, 8 crosses a Covered hexside."""
        table = self.first if first else self.later
        got = table[sid]
        if got is None:
            got = table[sid] = self._price(self.states[sid], first)
        return got

    def _price(self, st: State, first: bool) -> list[tuple[int, int, int, Step]]:
        ctx = self.ctx
        out: list[tuple[int, int, int, Step]] = []
        spent = 0 if first else 1
        difficult = min(movement_data().n("advance_difficult_mf"), ctx.allowance)
        for s in candidates(ctx, st):
            if ctx.options.low_crawl and s.kind != StepKind.ENTER:
                continue
            try:
                tr = transition(ctx, st, s, spent)
            except RuleViolation:
                continue
            except InputError:
                if s.mf is None:
                    raise
                continue  # eleven MF declared where the entry costs more already
            if tr.blocked:
                continue
            cost, _ = _cap(ctx, tr, spent)
            if ctx.options.phase == Phase.APH and ctx.unit.cx and cost >= difficult:
                continue
            flags = (
                (1 if any(e.kind in ("immobilized", "bail-out") for e in tr.events) else 0)
                | (2 if tr.new_location else 0)
                | (4 if tr.road and s.kind == StepKind.ENTER else 0)
                | (8 if tr.crosses_covered else 0)
            )
            out.append((self.sid(tr.state), cost, flags, s))
        return out


_CACHES: dict[int, tuple[weakref.ref[Game], dict[Any, _Space]]] = {}


def _space_key(ctx: MoveContext) -> tuple[Any, ...]:
    """Units moving by the same rules share a space: same mover, options, allotment, CX; and
    where tunnels exist, the same side, nationality and pillbox start (B8.61, G1.632)."""
    unit = ctx.unit
    tunnel = None
    if any(f.kind == FortKind.TUNNEL for f in ctx.game.fortifications):
        tunnel = (unit.side, unit.is_japanese, unit.entrenched == "pillbox")
    return (ctx.mover, ctx.options, ctx.allowance, unit.cx, tunnel)


def _space(ctx: MoveContext) -> _Space:
    key = _space_key(ctx)
    entry = _CACHES.get(id(ctx.game))
    if entry is None or entry[0]() is not ctx.game:
        if len(_CACHES) > 32:
            _CACHES.clear()
        entry = (weakref.ref(ctx.game), {})
        _CACHES[id(ctx.game)] = entry
    space = entry[1].get(key)
    if space is None:
        space = entry[1][key] = _Space(ctx, key)
    return space


@dataclass
class _Search:
    """Least costs by search key (state id * 4 + flags: 1 ended, 2 a Location entered):
    ``table`` (a dict), or ``costs`` (a list by key) with the keys it ``reached``."""

    table: dict[int, int]
    pred: dict[int, tuple[int, Step]]
    has_pred: bool = True
    limit: int = 0
    road_only: bool = False
    costs: list[int] | None = None
    reached: list[int] | None = None

    def items(self) -> Iterator[tuple[int, int]]:
        """(key, least cost) of every key reached (a key may come more than once)."""
        if self.costs is None or self.reached is None:
            return iter(self.table.items())
        return zip(self.reached, map(self.costs.__getitem__, self.reached), strict=True)

    @property
    def dist(self) -> dict[int, int]:
        """Least cost by search key."""
        return dict(self.items())


_FAR = 1 << 29


def _plain_search(space: _Space, start: int, limit: int) -> _Search:
    """Dial's algorithm over the cost-sorted edges, without predecessors (paths are found
    again only when asked for, by :func:`_search`). Costs are kept in a list by search key
    (the keys are small numbers, the costs small ints)."""
    key0 = start * 4
    states = space.states
    costs = [_FAR] * (4 * len(states))
    costs[key0] = 0
    reached = [key0]
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(key0)
    fast = space.fast
    later = space.fast_later
    for d in range(limit + 1):
        # a zero-cost step appends to the bucket being read; the list iterator sees it
        for key in buckets[d]:
            if costs[key] != d:
                continue
            edges = later[key >> 2] if d else None
            if edges is None:
                edges = fast(key >> 2, not d)  # rules priced now: new states may be numbered
                if len(costs) < 4 * len(states):
                    costs.extend(repeat(_FAR, 4 * len(states) - len(costs)))
            for nkey, cost in edges:
                nd = d + cost
                if nd > limit:
                    break
                if nd < costs[nkey]:
                    costs[nkey] = nd
                    reached.append(nkey)
                    if not nkey & 1:
                        buckets[nd].append(nkey)
    return _Search({}, {}, False, limit, False, costs, reached)


def _search(space: _Space, start: int, limit: int, road_only: bool) -> _Search:
    """Dial's algorithm (costs are small whole numbers of half MF): one bucket per cost up to
    the limit; zero-cost steps go into the bucket being emptied."""
    opts = space.ctx.options
    assault = opts.assault
    dist: dict[int, int] = {start * 4: 0}
    pred: dict[int, tuple[int, Step]] = {}
    if opts.phase == Phase.APH or opts.low_crawl:  # one step only, whatever it costs
        for dst, cost, flags, s in space.edges(start, True):
            key = dst * 4 + (flags & 1)
            if key not in dist or cost < dist[key]:
                dist[key] = cost
                pred[key] = (start * 4, s)
        return _Search(dist, pred, True, limit, road_only)
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(start * 4)
    edges = space.edges
    for d in range(limit + 1):
        bucket = buckets[d]
        i = 0
        while i < len(bucket):
            key = bucket[i]
            i += 1
            if dist[key] != d or key & 1:
                continue
            moved = key & 2
            for dst, cost, flags, s in edges(key >> 2, d == 0):
                nd = d + cost
                if nd > limit:
                    continue
                if road_only and flags & 12 != 4:
                    continue
                if assault:
                    if moved and flags & 2:
                        continue
                    nkey = dst * 4 + (flags & 1) + (moved | (flags & 2))
                else:
                    nkey = dst * 4 + (flags & 1)
                od = dist.get(nkey)
                if od is None or nd < od:
                    dist[nkey] = nd
                    pred[nkey] = (key, s)
                    buckets[nd].append(nkey)
    return _Search(dist, pred, True, limit, road_only)


def reach(game: Game, unit_id: str, options: MoveOptions = _DEFAULT) -> ReachResult:
    """Every Location and position the unit can reach this phase, with its least cost."""
    prep = _prepare(game, unit_id, options)
    if isinstance(prep, ReachResult):
        return prep
    space, start, limit, road = prep
    opts = space.ctx.options
    if opts.assault or opts.phase == Phase.APH or opts.low_crawl:
        passes = [_search(space, start, limit, False)]
    else:
        passes = [_plain_search(space, start, limit)]
    if road:
        bonus = movement_data().n("road_bonus_mf")
        passes.append(_search(space, start, limit + bonus, True))
    return ReachResult(unit_id, limit, None, game, space, tuple(passes))


_PREPARED: dict[int, tuple[weakref.ref[Game], dict[Any, Any]]] = {}


def _prepare(
    game: Game, unit_id: str, options: MoveOptions
) -> ReachResult | tuple[_Space, int, int, bool]:
    """Who moves, by which rules, from where (kept per game: games and units are values)."""
    entry = _PREPARED.get(id(game))
    if entry is None or entry[0]() is not game:
        if len(_PREPARED) > 32:
            _PREPARED.clear()
        entry = (weakref.ref(game), {})
        _PREPARED[id(game)] = entry
    key = (unit_id, options)
    got = entry[1].get(key)
    if got is not None and (isinstance(got, ReachResult) or got[0] is _space_if_cached(got[0])):
        return got  # type: ignore[no-any-return]
    unit = game.unit(unit_id)
    ctx, allow = _context(game, unit, options)
    try:
        _check_may_move(game, unit, ctx, options)
    except RuleViolation as v:
        res = ReachResult(unit.id, allow.value, v)
        entry[1][key] = res
        return res
    space = _space(ctx)
    start = space.start(game, unit)
    road = (
        ctx.mover.is_infantry
        and options.phase == Phase.MPH
        and not options.assault
        and not options.low_crawl
        and any(f & 4 for _, _, f, _ in space.edges(start, True))
    )
    prep = (space, start, ctx.allowance, road)
    entry[1][key] = prep
    return prep


def _space_if_cached(space: _Space) -> _Space | None:
    """The space still in the edge cache (it is dropped when the cache is cleared)."""
    entry = _CACHES.get(id(space.ctx.game))
    if entry is None or entry[0]() is not space.ctx.game:
        return None
    return entry[1].get(space.key)


def _order(loc: Location) -> tuple[Any, ...]:
    st = loc.state
    along = () if st.along is None else (st.along.a, st.along.b)
    return (loc.mf, st.hex, st.position.value, st.entrenched or "", along)


def reach_costs(game: Game, unit_id: str, options: MoveOptions = _DEFAULT) -> dict[State, int]:
    """``{state: least cost in half units}`` (for benchmarks and tests)."""
    return reach(game, unit_id, options).costs()


__all__ += ["HALF", "Event", "Transition", "candidates", "reach_costs", "start_state", "transition"]
