"""A whole move: the step check (:mod:`.stepping`) folded over a declared path, each step's MF
with its rules and events, the allowance and leader bonus (A4.1, A4.12), the Minimum Move
(A4.134); "may this unit take this step now?" (:func:`check_step`); the game after a move."""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import RuleViolation
from aslpto.procedures.movement.stepping import (
    MoveResult,
    MoveSoFar,
    Resume,
    StepResult,
    begin,
    take_step,
    verify_may_move,
    violation_json,
)
from aslpto.procedures.movement.steps import parse_steps
from aslpto.procedures.movement.transitions import _breach_game
from aslpto.rules.movement import PLAIN, MoveOptions, as_number
from aslpto.state.game import Game


def fold(
    game: Game,
    unit_id: str,
    steps: Sequence[str],
    options: MoveOptions = PLAIN,
    resume: Resume | None = None,
) -> tuple[MoveSoFar, RuleViolation | None]:
    """The step check (:func:`~aslpto.procedures.movement.stepping.take_step`) folded over
    ``steps`` (from where a move stopped: ``resume``): the move after the last step taken, and
    the violation that refused the next one (``None`` when every step was taken). Every step is
    read before the first is taken; one that cannot be read or taken as typed raises
    :class:`StepError` with its index."""
    unit = game.unit(unit_id)
    so_far = begin(game, unit, options, resume)
    parsed = parse_steps(game, steps)
    try:
        verify_may_move(so_far)
        for text, s in zip(steps, parsed, strict=True):
            _, so_far = take_step(so_far, s, text)
    except RuleViolation as v:
        return so_far, v
    return so_far, None


def evaluate(
    game: Game,
    unit_id: str,
    steps: Sequence[str],
    options: MoveOptions = PLAIN,
    resume: Resume | None = None,
) -> MoveResult:
    """Evaluate a declared path without changing anything (going on from ``resume``, where a
    move stopped). Unusable input (unknown unit, hex, step) raises :class:`InputError`
    (:class:`StepError` for a step, with its index); a step the rules forbid ends the path with
    ``legal=False`` and the violation."""
    so_far, violation = fold(game, unit_id, steps, options, resume)
    return so_far.result(violation)


def move(
    game: Game, unit_id: str, steps: Sequence[str], options: MoveOptions = PLAIN
) -> MoveResult:
    """Alias of :func:`evaluate` (the command's name)."""
    return evaluate(game, unit_id, steps, options)


@record
class StepCheck:
    """May the unit take ``text`` after ``path``? ``legal`` with the step priced (``step``:
    its MF, rules and events), or the ``violation`` that refuses it, naming its rule.
    ``refused_at`` is the index of the step refused: ``len(path)`` for this one, less when the
    path so far is refused already. ``move`` is the path with the step, as :func:`evaluate`
    gives it."""

    unit: str
    path: tuple[str, ...]
    text: str
    legal: bool
    step: StepResult | None
    violation: RuleViolation | None
    refused_at: int | None
    move: MoveResult

    def as_json(self, game: Game) -> dict[str, Any]:
        """``POST /api/step``'s answer (docs/web.md)."""
        return {
            "unit": self.unit,
            "path": list(self.path),
            "step": self.text,
            "legal": self.legal,
            "mf": as_number(self.move.mf),
            "allowance": as_number(self.move.allowance),
            "priced": None if self.step is None else self.step.as_json(game),
            "violation": violation_json(self.violation),
            "refused_at": self.refused_at,
        }


def check_step(
    game: Game,
    unit_id: str,
    steps_so_far: Sequence[str],
    step: str,
    options: MoveOptions = PLAIN,
    resume: Resume | None = None,
) -> StepCheck:
    """May ``unit_id``, having taken ``steps_so_far``, take ``step`` now? The answer holds the
    step priced with its rules, or the :class:`RuleViolation` that refuses it; nothing changes
    either way. Unusable input raises :class:`InputError` as :func:`evaluate` does (a step that
    cannot be read or taken as typed: :class:`StepError`, with its index)."""
    path = tuple(steps_so_far)
    so_far, violation = fold(game, unit_id, (*path, step), options, resume)
    result = so_far.result(violation)
    legal = violation is None
    return StepCheck(
        unit=result.unit,
        path=path,
        text=step,
        legal=legal,
        step=result.steps[-1] if legal else None,
        violation=violation,
        refused_at=None if legal else len(result.steps),
        move=result,
    )


def _revealed(game: Game, result: MoveResult) -> Game:
    """The hidden Panji counters the move revealed placed on the map: G9.4, an enemy unit enters
    its Location (its owner's unit only where a Good Order enemy ground unit has the LOS to it);
    G9.46, it blocks a Bypass."""
    from aslpto.rules.movement.movers import EventKind
    from aslpto.rules.panji.effects.terrain import panji_seen_by_enemy

    side = game.unit(result.unit).side
    for st in result.steps:
        for e in st.events:
            p = game.panjis.get(e.subject) if e.kind == EventKind.PANJI_REVEALED else None
            if p is None or not p.hidden:
                continue
            if side and p.side == side and not panji_seen_by_enemy(game, p).value:
                continue  # (its owner's unit, no enemy seeing it: it stays hidden)
            game = game.with_panji(replace(p, hidden=False), p.id)
    return game


def apply(game: Game, result: MoveResult) -> Game:
    """The game after a legal move; an illegal one raises its violation and changes nothing."""
    if not result.legal:
        assert result.violation is not None
        raise result.violation
    unit = game.unit(result.unit)
    end = result.end
    for at, side in result.breaches:
        game = _breach_game(game, unit, at, side)  # G8 BREACH, G9.731
    game = _revealed(game, result)
    return game.with_unit(
        unit.with_(
            hex=game.map.name(end.hex),
            position=end.position.value,
            entrenched=end.entrenched if result.steps else unit.entrenched,
            cx=unit.cx or result.cx,
        )
    )
