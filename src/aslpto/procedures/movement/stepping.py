"""One step of a move checked against the move so far: the pure function a declared path is
folded over (:func:`aslpto.procedures.movement.paths.evaluate`), and that answers "may this
unit take this step now?" (:func:`aslpto.procedures.movement.paths.check_step`).

A step is refused, with the :class:`RuleViolation` naming its rule, when the move has ended
(immobilized, bail-out, an allowance of 0), when the phase allows no further Location (A4.7
advance, A10.52 Low Crawl, A4.61 Assault Movement), when :func:`transition` forbids it, when a
CX unit would advance into Difficult Terrain (A4.72), or when it costs more than is left
(A4.1, with the road bonus of B3.4 unless a Covered hexside was crossed, G9.54). Otherwise it
is priced (the Minimum Move, A4.134; Low Crawl, A10.52), and the move after it returned."""

from __future__ import annotations

from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, Hexside
from aslpto.procedures.movement import enemies
from aslpto.procedures.movement.steps import (
    State,
    Step,
    StepError,
    StepKind,
    step_error,
)
from aslpto.procedures.movement.transitions import (
    Transition,
    _breach_game,
    start_state,
    transition,
)
from aslpto.rules.movement import (
    Cost,
    Event,
    EventKind,
    MoveContext,
    MoveOptions,
    MoverKind,
    Phase,
    allowance,
    as_number,
    blaze_hexes,
    check_may_move,
    movement_data,
    mover_of,
)
from aslpto.rules.paddy import movement as paddy_rules
from aslpto.state.game import Game
from aslpto.state.units import Kind, Position, Transport, Unit


@record
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

    def as_json(self, game: Game) -> dict[str, Any]:
        """The step as ``aslpto move --json`` lists it."""
        m = game.map
        d: dict[str, Any] = {
            "step": self.text,
            "to": m.name(self.state.hex),
            "position": self.state.position.value,
            "mf": as_number(self.total),
            "cost": as_number(self.cost),
            "rules": list(self.rules),
            "costs": [
                {"mf": as_number(c.halves), "rule": c.rule, "why": c.why} for c in self.costs
            ],
            "events": [e.as_json() for e in self.events],
        }
        if self.state.entrenched:
            d["entrenched"] = self.state.entrenched
        if self.state.along is not None:
            d["bypass"] = m.layout.hexside_name(self.state.along, self.state.hex)
        if self.breach is not None:
            d["breach"] = m.layout.hexside_name(self.breach, self.state.hex)
        return d


@record
class Resume:
    """Where a move stopped part way, to go on from (the DEFENDER's First Fire at it in a
    Location it entered, A8.1): its state (Bypass included) and what the steps so far leave
    the next ones: the MF spent, every hex entered along a road (B3.4), a Covered hexside
    crossed (G9.54), the Locations entered (A4.61), CX, the current hex entered along a
    road/path (G.8), and whether something ended the move."""

    state: State
    spent: int
    road_only: bool
    covered: bool
    entered: int
    cx: bool
    road_or_path_here: bool
    ended: bool


@record
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
    resume: Resume | None = None  # to go on from where it stopped (a legal move)

    def as_json(self, game: Game) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "legal": self.legal,
            "mf": as_number(self.mf),
            "allowance": as_number(self.allowance),
            "allowance_rules": list(self.allowance_rules),
            "steps": [r.as_json(game) for r in self.steps],
            "violation": violation_json(self.violation),
        }


def violation_json(v: RuleViolation | None) -> dict[str, str] | None:
    return None if v is None else {"rule": v.rule, "message": v.message}


@record
class MoveSoFar:
    """A move so far: all that the check of its next step reads. ``ctx`` holds the mover and
    the game as the move has changed it (a bank breached, G8 BREACH; the item Manhandled gone,
    G9.411); costs are in half units."""

    ctx: MoveContext
    allowance: Ruling[int]  # the MF/MP allowance with its rules (A4.1, A4.12, A4.5, ...)
    start: State
    state: State
    steps: tuple[StepResult, ...] = ()  # the steps taken, priced
    spent: int = 0
    road_only: bool = True  # every step entered along a road hexside so far (B3.4)
    covered: bool = False  # a Covered hexside crossed (no road bonus after it, G9.54)
    entered: int = 0  # new Locations entered (A4.61)
    terminal: Event | None = None  # what ended the move: immobilized, bail-out, all MF/MP
    cx: bool = False  # the unit became CX (A4.5 Double Time, A4.72)
    road_or_path_here: bool = False  # the current hex entered along a road/path (G.8)
    breaches: tuple[tuple[Hex, Hexside], ...] = ()  # (dozer's hex, bank hexside), in order

    def result(self, violation: RuleViolation | None = None) -> MoveResult:
        """The move as :func:`~aslpto.procedures.movement.paths.evaluate` answers it: legal
        with its breaches, or stopped by ``violation`` (nothing breached)."""
        return MoveResult(
            unit=self.ctx.unit.id,
            legal=violation is None,
            mf=self.spent,
            allowance=self.allowance.value,
            allowance_rules=self.allowance.rules,
            steps=self.steps,
            violation=violation,
            start=self.start,
            end=self.state,
            cx=self.cx,
            breaches=self.breaches if violation is None else (),
            resume=None
            if violation is not None
            else Resume(
                self.state,
                self.spent,
                self.road_only,
                self.covered,
                self.entered,
                self.cx,
                self.road_or_path_here,
                self.terminal is not None,
            ),
        )


def begin(game: Game, unit: Unit, options: MoveOptions, resume: Resume | None = None) -> MoveSoFar:
    """A move of ``unit`` before its first step (its allowance, where it starts), or going on
    from where it stopped (``resume``). Unusable input (a leader that is none, a unit off the
    map) raises :class:`InputError`."""
    ctx, allow = _context(game, unit, options)
    if resume is None:
        start = start_state(game, unit)
        return MoveSoFar(ctx=ctx, allowance=allow, start=start, state=start)
    return MoveSoFar(
        ctx=ctx,
        allowance=allow,
        start=resume.state,
        state=resume.state,
        spent=resume.spent,
        road_only=resume.road_only,
        covered=resume.covered,
        entered=resume.entered,
        cx=resume.cx,
        road_or_path_here=resume.road_or_path_here,
    )


def verify_may_move(so_far: MoveSoFar) -> None:
    """A unit that may not move at all (pinned, broken in the APh, ...: A4.1-A4.7, A10.52,
    A12.15) raises its :class:`RuleViolation`."""
    ctx = so_far.ctx
    _check_may_move(ctx.game, ctx.unit, ctx, ctx.options)


def take_step(so_far: MoveSoFar, step: Step, text: str) -> tuple[StepResult, MoveSoFar]:
    """The step ``step`` (typed ``text``) after ``so_far``: priced with its rules, and the move
    after it; a step the rules forbid raises the :class:`RuleViolation` that names the rule.
    Nothing changes: ``so_far`` and its game stay as they were. A step that cannot be taken as
    typed (a hex not adjacent) raises :class:`StepError` with the step's index."""
    try:
        return _take(so_far, step, text)
    except StepError as e:
        raise replace(e, index=len(so_far.steps)) from None
    except InputError as e:
        raise step_error(text, e.message, len(so_far.steps)) from None


def _take(so_far: MoveSoFar, s: Step, text: str) -> tuple[StepResult, MoveSoFar]:
    ctx = so_far.ctx
    options = ctx.options
    data = movement_data()
    st = so_far.state
    _verify_next(so_far, s)
    tr = transition(
        ctx, st, s, spent=so_far.spent, entered_by_road_or_path=so_far.road_or_path_here
    )
    if options.assault and so_far.entered >= 1 and tr.new_location:
        raise RuleViolation(
            data.rule("assault_movement"),
            "Assault Movement: a unit enters only one new Location in its MPh",
        )
    cost, costs = _cap(ctx, tr, so_far.spent)
    events = list(tr.events)
    found = next((e for e in tr.events if e.kind == EventKind.DETECTION), None)
    rules = [c.rule for c in costs] + list(tr.rules)
    cx = so_far.cx
    road_only, covered = so_far.road_only, so_far.covered
    if options.double_time and not so_far.steps:
        cx = True
        events.insert(
            0, Event(EventKind.CX, so_far.allowance.rules[-1], "Double Time: the unit is CX")
        )
    if options.phase == Phase.APH:
        difficult = min(data.n("advance_difficult_mf"), ctx.allowance)  # (no Double Time)
        if cost >= difficult:
            if ctx.unit.cx:
                raise RuleViolation(
                    data.rule("advance_difficult"),
                    "a CX unit may not advance into Difficult Terrain",
                )
            cx = True
            events.append(
                Event(
                    EventKind.CX,
                    data.rule("advance_difficult"),
                    "advance vs Difficult Terrain: the unit becomes CX",
                )
            )
    else:
        road_only = road_only and tr.road
        covered = covered or tr.crosses_covered
        if so_far.spent + cost > ctx.allowance:
            _verify_road_bonus(so_far, cost, road_only=road_only, covered=covered)
            rules.append(data.rule("road"))
            events.append(
                Event(
                    EventKind.ROAD_BONUS, data.rule("road"), "the last MF is the road bonus (G9.54)"
                )
            )
    spent = so_far.spent + cost
    here = so_far.road_or_path_here
    if tr.state.hex != st.hex or tr.new_location:
        here = tr.road_or_path
    st = tr.state
    breaches = so_far.breaches
    if tr.breach is not None:
        # G8 BREACH, G9.731: later steps see the breached bank and uncovered hexside
        breaches = (*breaches, (st.hex, tr.breach))
        now = _breach_game(ctx.game, ctx.unit, st.hex, tr.breach)
        ctx = MoveContext(
            now, ctx.unit, ctx.mover, options, allowance=ctx.allowance, blaze=ctx.blaze
        )
        if st.position in (Position.ABOVE, Position.BENEATH) and not now.panji_at(st.hex):
            out_pos = Position.IN if paddy_rules.is_paddy(ctx, st.hex) else Position.GROUND
            st = replace(st, position=out_pos)  # G9.7: the counter is gone
    taken = StepResult(
        text=text,
        state=st,
        cost=cost,
        total=spent,
        costs=costs,
        rules=tuple(dict.fromkeys(rules)),
        events=tuple(events),
        breach=tr.breach,
    )
    terminal = next(
        (e for e in tr.events if e.kind in (EventKind.IMMOBILIZED, EventKind.BAIL_OUT)), None
    )
    if found is not None and not enemies.continues(found, options.detection):
        terminal = found  # A12.15: forced back, or G.4 (the DEFENDER's choice) stops it there
    if terminal is None and ctx.allowance == 0:
        terminal = _none_left(ctx, costs)
    if ctx.mover.manhandling and any(
        e.kind == EventKind.ELIMINATED and e.rule == "G9.411" for e in tr.events
    ):
        # G9.411: the item is gone; the Infantry moves on without it
        ctx = replace(ctx, mover=replace(ctx.mover, transport=Transport.NONE))
    after = replace(
        so_far,
        ctx=ctx,
        state=st,
        steps=(*so_far.steps, taken),
        spent=spent,
        road_only=road_only,
        covered=covered,
        entered=so_far.entered + (1 if tr.new_location else 0),
        terminal=terminal,
        cx=cx,
        road_or_path_here=here,
        breaches=breaches,
    )
    return taken, after


def _verify_next(so_far: MoveSoFar, s: Step) -> None:
    """What ends a move before its next step: an event that ended it, an advance or a Low
    Crawl past its one Location (A4.7, A10.52), a Low Crawl that is not into a hex."""
    ctx = so_far.ctx
    options = ctx.options
    data = movement_data()
    terminal = so_far.terminal
    if terminal is not None:
        raise RuleViolation(
            terminal.rule,
            f"no further movement: {terminal.kind} ({terminal.note or terminal.subject})",
        )
    if so_far.steps and options.phase == Phase.APH:
        if s.kind == StepKind.HERE and s.want in ("above", "beneath"):
            # a Panji counter creates no new Location (G9.1): going above or beneath it is
            # not a second Location but a change G9.41 forbids in the APh
            transition(
                ctx,
                so_far.state,
                s,
                spent=so_far.spent,
                entered_by_road_or_path=so_far.road_or_path_here,
            )
        raise RuleViolation(data.rule("advance"), "an advance is a move of one Location")
    if so_far.steps and options.low_crawl:
        raise RuleViolation(data.rule("low_crawl"), "Low Crawl is a move of one hex")
    if options.low_crawl and s.kind != StepKind.ENTER:
        raise RuleViolation(data.rule("low_crawl"), "Low Crawl moves into an adjacent hex")


def _verify_road_bonus(so_far: MoveSoFar, cost: int, *, road_only: bool, covered: bool) -> None:
    """A step costing more than is left: only Infantry that entered every hex along a road
    takes it, for the road bonus's one MF (B3.4), and not after crossing a Covered hexside
    (G9.54); else the allowance's rule refuses it (A4.1)."""
    ctx = so_far.ctx
    spent = so_far.spent
    eligible = ctx.mover.is_infantry and road_only and not covered
    bonus = movement_data().n("road_bonus_mf")
    if eligible and spent + cost <= ctx.allowance + bonus:
        return
    left = as_number(ctx.allowance - spent)
    why = f"the step costs {as_number(cost)} {'MP' if ctx.mover.uses_mp else 'MF'} with {left} left"
    rule = so_far.allowance.rules[0]
    if ctx.mover.is_infantry and road_only and covered:
        rule, why = "G9.54", why + " (no road bonus after crossing a Covered hexside)"
    raise RuleViolation(rule, why)


def _context(game: Game, unit: Unit, options: MoveOptions) -> tuple[MoveContext, Ruling[int]]:
    mover = mover_of(unit, options)
    _leader(game, options)
    allow = allowance(unit, mover, options)
    ctx = MoveContext(
        game, unit, mover, options, allowance=allow.value, blaze=blaze_hexes(game, options.blaze)
    )
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


def _none_left(ctx: MoveContext, costs: tuple[Cost, ...]) -> Event:
    """Why a unit with an allowance of 0 moves no further than one Location (else each step
    would be a new Minimum Move, A4.134, or a new entry for "all MP"): the rule of the entry
    that took it all."""
    infantry = ctx.mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY)
    rule = movement_data().rule("minimum_move") if infantry or not costs else costs[-1].rule
    return Event(EventKind.ALL_EXPENDED, rule, "an allowance of 0: the first Location took it all")


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
