"""A move's path in a game, as the movement's step check prices it (a refused step names
itself); shared by the actions and the rout's rules."""

from __future__ import annotations

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.rulings import RuleViolation
from aslpto.state.game import Game

if TYPE_CHECKING:
    from aslpto.procedures.movement import MoveResult
    from aslpto.procedures.movement.stepping import Resume
    from aslpto.rules.movement import MoveOptions


def path(
    game: Game, uid: str, steps: list[str], options: MoveOptions, resume: Resume | None = None
) -> MoveResult:
    """The move of ``steps`` (going on from ``resume``), its last step asked of the movement's
    step check (:func:`aslpto.procedures.movement.check_step`): a step the rules refuse raises
    its violation, naming the step."""
    from aslpto.procedures import movement

    checked = movement.check_step(game, uid, steps[:-1], steps[-1], options, resume)
    return verified(uid, steps, checked.move)


def verified(uid: str, steps: list[str], result: MoveResult) -> MoveResult:
    """The move of ``steps`` as evaluated (``result``) when legal; else its violation, naming
    the step it refuses."""
    v = result.violation
    if v is None:
        return result
    at = len(result.steps)
    where = f"step {at + 1} ({steps[at]})" if at < len(steps) else "the move"
    raise RuleViolation(v.rule, f"{uid}, {where}: {v.message}")


__all__ = ["path", "verified"]
