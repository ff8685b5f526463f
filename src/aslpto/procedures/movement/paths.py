"""A whole move: each step's MF with its rules and events, the allowance and leader bonus
(A4.1, A4.12), the Minimum Move (A4.134), and the game after it."""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, Hexside
from aslpto.procedures.movement.steps import _DEFAULT, Position, State, StepKind, parse_step
from aslpto.procedures.movement.transitions import Transition, _breach_game, start_state, transition
from aslpto.rules.movement import (
    Cost,
    Event,
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
from aslpto.state.units import Kind, Transport, Unit


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


def _none_left(ctx: MoveContext, costs: tuple[Cost, ...]) -> Event:
    """Why a unit with an allowance of 0 moves no further than one Location (else each step
    would be a new Minimum Move, A4.134, or a new entry for "all MP"): the rule of the entry
    that took it all."""
    infantry = ctx.mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY)
    rule = movement_data().rule("minimum_move") if infantry or not costs else costs[-1].rule
    return Event("all MF/MP expended", rule, "an allowance of 0: the first Location took it all")


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
                if s.kind == StepKind.HERE and s.want in ("above", "beneath"):
                    # a Panji counter creates no new Location (G9.1): going above or beneath
                    # it is not a second Location but a change G9.41 forbids in the APh
                    transition(ctx, st, s, spent, rp_here)
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
            if terminal is None and ctx.allowance == 0:
                terminal = _none_left(ctx, costs)
            if ctx.mover.manhandling and any(
                e.kind == "eliminated" and e.rule == "G9.411" for e in tr.events
            ):
                # G9.411: the item is gone; the Infantry moves on without it
                ctx = replace(ctx, mover=replace(ctx.mover, transport=Transport.NONE))
        except RuleViolation as v:
            return fail(v)
        except InputError as e:  # a step that cannot be taken as typed: say which
            if e.message.startswith("step '"):
                raise
            raise InputError(f"step '{text}': {e.message}") from None
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
