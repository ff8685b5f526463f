"""Melee in a game (A11.15, A11.16) and Withdrawal from it (A11.2, A11.21): which Locations are
in Melee, which units are locked there, what that forbids outside the CCPh, and where a
withdrawing unit may go.

A Location is in Melee when Infantry of both sides are left there after its CC (A11.15); a unit
that keeps its concealment is not locked in Melee and holds no enemy unit in it. The game keeps
the Locations (their hex names, :attr:`~aslpto.procedures.game.state.GameState.melee`) until
one side is gone (:func:`holds`). Units locked in Melee may not leave the Location nor do
anything but CC and Withdrawal (:func:`verify_free`); broken ones neither rout nor must rout, but
withdraw in the CCPh (A11.16). Each rule is in :data:`~aslpto.procedures.game.phases.RULES` with
the public texts it was read from.

This module reads the position only (a :class:`~aslpto.state.game.Game` and the Melee
Locations); the CC action that sets and clears a Melee is :mod:`.closecombat`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.board.hexes import distance
from aslpto.procedures.game.phases import RULES
from aslpto.state.game import Game
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.procedures.fire import Breakdown
    from aslpto.procedures.movement import MoveResult


def location(game: Game, u: Unit) -> str:
    """The hex name of ``u``'s Location ("" off the map)."""
    return game.map.name(game.map.hex(u.hex)) if u.hex else ""


def units_at(game: Game, where: str) -> list[Unit]:
    """The units in the hex ``where``."""
    h = game.map.hex(where)
    return [u for u in game.units.values() if u.hex and game.map.hex(u.hex) == h]


def _known(u: Unit) -> bool:
    return not (u.concealed or u.hidden)


def holds(game: Game, where: str) -> bool:
    """A11.15: whether ``where`` holds units of both sides in Melee: unconcealed units of two
    sides (a unit that keeps its "?" is not locked in Melee nor holds enemy units in it)."""
    return len({u.side for u in units_at(game, where) if _known(u)}) > 1


def still(game: Game, melee: Iterable[str]) -> frozenset[str]:
    """The Melee Locations of ``melee`` that still hold both sides (A11.15: a Melee ends when
    one side is gone)."""
    return frozenset(m for m in melee if holds(game, m))


def held(game: Game, melee: Collection[str], u: Unit) -> bool:
    """Whether ``u`` is locked in Melee: in a Melee Location, and not concealed (A11.15)."""
    return bool(melee) and _known(u) and location(game, u) in melee


def verify_free(game: Game, melee: Collection[str], units: Iterable[Unit], doing: str) -> None:
    """A11.15: a unit locked in Melee may not leave its Location nor conduct any activity other
    than CC or Withdrawal (``doing``: what it was asked to do)."""
    for u in units:
        if held(game, melee, u):
            raise RuleViolation(
                RULES["melee_locked"].rule,
                f"{u.id} is locked in Melee in {location(game, u)}: it may not {doing} "
                "(only CC or Withdrawal from Melee)",
            )


def fire_result(
    game: Game, b: Breakdown, result: dict[str, Any], told: list[str], keys: list[str]
) -> None:
    """A11.15: fire into a Melee Location attacked every unit locked in it, both sides' (the
    attack's :class:`~aslpto.procedures.fire.Breakdown` says whose each target is): the result
    names each target's side, and says which of the firers' side it attacked."""
    result["melee"] = True
    result["sides"] = {t.id: t.side for t in b.targets}
    own = [t.id for t in b.targets if t.side == b.side]
    told.append(
        f"  {b.target} is in Melee: the attack affects its units of both sides, the firers' "
        f"{', '.join(own)} too ({RULES['melee_fire'].rule})"
    )
    keys.append("melee_fire")
    if any(u.side == b.side and not _known(u) for u in units_at(game, b.target)):
        keys.append("melee_fire_concealed")  # (its own units keeping the "?" not attacked)


# ---------------------------------------------------------------------------------------------
# Withdrawal (A11.2, A11.21)
# ---------------------------------------------------------------------------------------------


def verify_withdrawing(u: Unit) -> None:
    """A11.2: a pinned or berserk unit may not attempt to withdraw."""
    rule = RULES["withdrawal"].rule
    if u.pinned:
        raise RuleViolation(rule, f"{u.id} is pinned: a pinned unit may not withdraw")
    if u.berserk:
        raise RuleViolation(rule, f"{u.id} is berserk: a berserk unit never withdraws")


def withdrawal_move(game: Game, u: Unit, to: str) -> MoveResult:
    """A11.21: ``u``'s withdrawal into ``to``, priced as an advance (the step check of the APh,
    the unit as if unbroken: a broken unit withdraws too, A11.16): an ADJACENT Location
    Accessible to it, not occupied by a Known enemy unit. A concealed enemy unit there does
    not refuse it (the unit is eliminated there: :mod:`.closecombat`)."""
    from aslpto.procedures.game.paths import path
    from aslpto.rules.movement import MoveOptions, Phase

    rule = RULES["withdrawal_to"].rule
    try:
        dest = game.map.name(game.map.hex(to))
    except InputError as e:
        raise InputError(f"{u.id} withdraws to '{to}': {e.message}") from None
    here = location(game, u)
    if distance(game.map.hex(here), game.map.hex(dest)) != 1:
        raise RuleViolation(
            rule, f"{u.id} withdraws into an ADJACENT Location: {dest} is not ADJACENT to {here}"
        )
    known = [o.id for o in units_at(game, dest) if o.side != u.side and _known(o)]
    if known:
        raise RuleViolation(
            rule, f"{u.id} may not withdraw into {dest}: the Known enemy unit {known[0]} is there"
        )
    view = game.with_unit(u.with_(broken=False, dm=False, pinned=False))
    try:
        return path(view, u.id, [dest], MoveOptions(phase=Phase.APH))
    except RuleViolation as v:
        raise RuleViolation(
            rule, f"{u.id} may not withdraw into {dest}: an advance may not enter it ({v.message})"
        ) from None


def withdrawal_to(game: Game, u: Unit) -> str | None:
    """An ADJACENT Location ``u`` may withdraw into (the first by hex name), or None."""
    for n in sorted(game.map.name(h) for h in game.map.neighbours(game.map.hex(u.hex))):
        try:
            withdrawal_move(game, u, n)
        except (RuleViolation, InputError):
            continue
        return n
    return None


def verify_broken_withdraw(game: Game, units: Iterable[Unit], withdrawing: Collection[str]) -> None:
    """A11.16: broken Infantry in Melee must attempt to withdraw from it (when it can: one that
    cannot is eliminated at the end of the CCPh, :func:`unable_to_withdraw`)."""
    for u in units:
        if u.broken and u.kind.is_infantry and u.id not in withdrawing:
            to = withdrawal_to(game, u)
            if to is not None:
                raise RuleViolation(
                    RULES["melee_broken"].rule,
                    f"{u.id} is broken in Melee: it must attempt to withdraw (e.g. {u.id}={to})",
                )


def unable_to_withdraw(game: Game, melee: Collection[str]) -> list[str]:
    """A11.16: the broken units locked in Melee that cannot withdraw: each is eliminated at the
    end of the CCPh (Failure to Rout)."""
    out = []
    for u in sorted(game.units.values(), key=lambda x: x.id):
        if u.broken and u.kind.is_infantry and held(game, melee, u) and not withdrawal_to(game, u):
            out.append(u.id)
    return out


__all__ = [
    "fire_result",
    "held",
    "holds",
    "location",
    "still",
    "unable_to_withdraw",
    "units_at",
    "verify_broken_withdraw",
    "verify_free",
    "verify_withdrawing",
    "withdrawal_move",
    "withdrawal_to",
]
