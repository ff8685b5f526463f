"""Panjis (G9): aerial landings (G9.47), Searching (G9.48) and the SW/Gun/vehicle, concealment,
Fortification and prisoner restrictions (G9.52-G9.56)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hexside
from aslpto.rules.panji.effects.entry import _combine
from aslpto.rules.panji.effects.terrain import (
    ABOVE,
    BENEATH,
    _data,
    _rule,
    concealment_dr_barred,
    covered_between,
    is_above,
)
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:  # the morale procedures are imported where a landing's check is rolled
    from aslpto.rules import morale


def parachute_drm(*, covered: int, broken: bool = False, half_inch: bool = False) -> Ruling[int]:
    """G9.47: +1 if the landing unit is broken, + half (FRU) the Panji counter's Covered
    hexsides; a 1/2" parachute automatically receives both."""
    half = math.ceil(covered / 2)
    drm = half + (1 if (broken or half_inch) else 0)
    return Ruling(
        drm,
        ("G9.47",),
        f"+{half} for {covered} Covered hexsides" + (" +1 broken" if (broken or half_inch) else ""),
    )


def parachute_position(final_dr: int) -> Ruling[str]:
    """G9.47: a Final dr < 6 places the parachute (unit) beneath the Panji counter; otherwise
    above it, where it takes a Panji MC."""
    if final_dr < 6:
        return Ruling(BENEATH, ("G9.47",), f"Final dr {final_dr} < 6")
    return Ruling(ABOVE, ("G9.47",), f"Final dr {final_dr} >= 6: above, Panji MC (ML 7)")


@record
class LandingOutcome:
    """Where each revealed unit ends up, and the Panji MC result of those above."""

    dr: int
    positions: tuple[tuple[str, str], ...]
    result: morale.Result
    revealed: bool = False  # a hidden Panji counter is revealed at this time


def resolve_parachute(
    game: Game, hex_name: str, units: Sequence[Unit], dice: Dice, *, half_inch: bool = False
) -> LandingOutcome:
    """G9.47: after the Landing MC/TC (E9.42) one dr for the parachute (or for the Personnel
    revealed in this panji Location by downwind scatter), the drm applied to each unit; those
    placed above take one Panji MC together (one DR) using a Morale Level of 7. The Panji
    counter, if hidden, is revealed (:func:`reveal`)."""
    from aslpto.rules import morale

    p = game.panji_at(game.map.hex(hex_name))
    if p is None:
        raise InputError(f"{hex_name} holds no Panji counter")
    dr = dice.dr()
    positions: list[tuple[str, str]] = []
    above: list[Unit] = []
    beneath: list[Unit] = []
    for u in units:
        drm = parachute_drm(covered=len(p.covered), broken=u.broken, half_inch=half_inch).value
        pos = parachute_position(dr + drm).value
        positions.append((u.id, pos))
        (above if pos == ABOVE else beneath).append(u.with_(position=pos, hex=hex_name))
    parts = [morale.Result(tuple(beneath), rules=("G9.47",))]
    if above:
        parts.append(morale.resolve_aerial_panji(above, dice))
    return LandingOutcome(dr, tuple(positions), _combine(parts), revealed=p.hidden)


def parachute_odds(
    game: Game, hex_name: str, units: Sequence[Unit], *, half_inch: bool = False
) -> Distribution[LandingOutcome]:
    return odds(lambda d: resolve_parachute(game, hex_name, units, d, half_inch=half_inch))


def glider_landing_position() -> Ruling[str]:
    """G9.47: a glider that survives landing in a panji Location is placed beneath the Panji
    counter; its occupants disembark beneath it (G9.51)."""
    return Ruling(BENEATH, ("G9.47", "G9.51"), "beneath the Panji counter")


def glider_crash_drm(game: Game, hex_name: str, approach_from: str) -> Ruling[int]:
    """G9.47: +1 to the glider's Crash dr (E8.23) if it lands across (by its Avenue of
    Approach) a Covered hexside of the Panji counter; it is placed beneath the counter."""
    to = game.map.hex(hex_name)
    p = game.panji_at(to)
    frm = game.map.hex(approach_from)
    if p is not None and frm.is_adjacent(to) and p.is_covered(Hexside.of(frm, to)):
        return Ruling(1, ("G9.47", "E8.23"), "lands across a Covered hexside")
    return Ruling(0, ("G9.47",), "")


def verify_search(unit: Unit) -> None:
    """G9.48: a unit above a Panji counter may not Search."""
    if is_above(unit):
        raise RuleViolation("G9.48", f"{unit.id} is above a Panji counter and may not Search")


def search_across_covered(game: Game, searcher_hex: str, searched_hex: str) -> Ruling[bool]:
    """G9.48: Searching an adjacent Location "across" a Covered hexside common to both."""
    a, b = game.map.hex(searcher_hex), game.map.hex(searched_hex)
    if not a.is_adjacent(b):
        return Ruling(False, ("G9.48",), "not adjacent")
    p = covered_between(game, a, b)
    if p is None:
        return Ruling(False, ("G9.48",), "no Covered hexside between them")
    return Ruling(True, ("G9.48",), f"Covered hexside of Panji counter {p.id}")


def casualty_at_most() -> int:
    """A12.154: the highest Final Casualty dr that Casualty Reduces the searching unit."""
    return int(_data()["search_casualties"]["casualty_at_most"])


def search_casualty(
    game: Game, searcher_hex: str, searched_hex: str, casualty_dr: int, drm: int = 0
) -> Ruling[bool]:
    """G9.48 with A12.154: does a Search across a Covered hexside cost the Searcher Casualty
    Reduction? The DEFENDER's Casualty dr (one per Search dr) decides: a Final dr at most the
    number of data/pto_procedures.toml does. ``drm``: the A12.154 drm of the concealed
    DEFENDING units (Stealthy, HS equivalents, leadership, Lax), the caller's to give."""
    across = search_across_covered(game, searcher_hex, searched_hex)
    if not across.value:
        return Ruling(False, across.rules, across.why)
    limit = casualty_at_most()
    final = casualty_dr + drm
    hit = final <= limit
    return Ruling(
        hit,
        ("G9.48", _rule("search_casualties")),
        f"Final Casualty dr {final}" + (f" <= {limit}" if hit else ""),
    )


def resolve_search_casualty(
    game: Game, searcher_hex: str, searched_hex: str, dice: Dice, drm: int = 0
) -> Ruling[bool]:
    """Roll the Casualty dr and say whether the Search costs the Searcher Casualty Reduction."""
    return search_casualty(game, searcher_hex, searched_hex, dice.dr(), drm)


def search_casualty_odds(game: Game, searcher_hex: str, searched_hex: str) -> Distribution[bool]:
    """Exact chance of Search casualties over the Original Search dr."""
    return odds(lambda d: resolve_search_casualty(game, searcher_hex, searched_hex, d).value)


def revealed_by_search(game: Game, searched_hex: str) -> Ruling[bool]:
    """G9.48: a hidden Panji counter is revealed when its Location is Searched."""
    p = game.panji_at(game.map.hex(searched_hex))
    return Ruling(p is not None and p.hidden, ("G9.48",), "its Location is Searched")


class ItemAction(StrEnum):
    """What Infantry (G9.52), a vehicle or a non-vehicular Gun may be asked to do."""

    RECOVER = "recover"
    TRANSFER = "transfer"
    DISMANTLE = "dismantle"
    ASSEMBLE = "assemble"  # undismantle
    REPAIR = "repair"
    MALFUNCTION = "malfunction"  # voluntarily
    DISABLE = "disable"  # voluntarily
    CHANGE_VCA = "change-vca"
    SCROUNGE = "scrounge"
    FIRE = "fire"
    PUSH = "push"
    HOOK = "hook"
    UNHOOK = "unhook"
    LIMBER = "limber"
    UNLIMBER = "unlimber"
    LOAD = "load"
    UNLOAD = "unload"
    PACK = "pack"
    UNPACK = "unpack"


_INFANTRY_ITEM = frozenset(
    {
        ItemAction.RECOVER,
        ItemAction.TRANSFER,
        ItemAction.DISMANTLE,
        ItemAction.ASSEMBLE,
        ItemAction.REPAIR,
        ItemAction.MALFUNCTION,
        ItemAction.DISABLE,
    }
)


_GUN_NEVER = frozenset(
    {
        ItemAction.FIRE,
        ItemAction.PUSH,
        ItemAction.HOOK,
        ItemAction.UNHOOK,
        ItemAction.LIMBER,
        ItemAction.UNLIMBER,
        ItemAction.PACK,
        ItemAction.UNPACK,
    }
)


_GUN_UNLESS_IN_VEHICLE = frozenset(
    {
        ItemAction.DISMANTLE,
        ItemAction.ASSEMBLE,
        ItemAction.REPAIR,
        ItemAction.MALFUNCTION,
        ItemAction.DISABLE,
    }
)


def verify_item_action(
    unit: Unit, action: ItemAction, *, dismantled: bool = False, in_vehicle: bool = False
) -> None:
    """G9.52: Infantry above a Panji counter may not Recover, Transfer, (un)dismantle, repair
    or voluntarily malfunction/disable a SW/Gun; a vehicle above one may not change its VCA and
    cannot be Scrounged; a non-vehicular Gun above one cannot be fired, Pushed, (un)hooked,
    (un)limbered, (un)loaded (unless dismantled) or (Un)Packed, nor (un)dismantled, repaired or
    voluntarily malfunctioned/disabled unless in a vehicle."""
    if not is_above(unit):
        return
    where = f"{unit.id} is above a Panji counter"
    if unit.kind.is_infantry and action in _INFANTRY_ITEM:
        raise RuleViolation("G9.52", f"{where}: may not {action} a SW/Gun")
    if unit.kind == Kind.VEHICLE and action in (ItemAction.CHANGE_VCA, ItemAction.SCROUNGE):
        what = "change its VCA" if action == ItemAction.CHANGE_VCA else "be Scrounged"
        raise RuleViolation("G9.52", f"{where}: a vehicle may not {what}")
    if unit.kind == Kind.GUN:
        if action in _GUN_NEVER or (
            action in (ItemAction.LOAD, ItemAction.UNLOAD) and not dismantled
        ):
            raise RuleViolation("G9.52", f"{where}: a non-vehicular Gun may not {action}")
        if action in _GUN_UNLESS_IN_VEHICLE and not in_vehicle:
            raise RuleViolation("G9.52", f"{where}: the Gun may not {action} unless in a vehicle")


def unpossessed_item_position(position: str) -> Ruling[str]:
    """G9.52: an item that becomes unpossessed while above a Panji counter is left above it."""
    if position == ABOVE:
        return Ruling(ABOVE, ("G9.52",), "left above the Panji counter")
    return Ruling(position, (), "")


def concealment_loss_activity(unit: Unit) -> Ruling[bool]:
    """G9.53: a unit above a Panji counter is continuously engaging in a concealment-loss
    activity (A12.141)."""
    if is_above(unit):
        return Ruling(True, ("G9.53", "A12.141"), "above a Panji counter")
    return Ruling(False, (), "")


def verify_concealment_dr(
    unit: Unit, *, enemy_los: bool | None = None, game: Game | None = None
) -> None:
    """G9.53: no concealment dr (A12.122) above a Panji counter in the LOS of an unbroken enemy
    ground unit. ``enemy_los`` says whether one has that LOS; when it is not given the LOS is
    traced on ``game``'s map (:func:`concealment_dr_barred`)."""
    if not is_above(unit):
        return
    if enemy_los is None:
        if game is None:
            raise InputError("G9.53: give enemy_los, or the game to trace the LOS on")
        barred = concealment_dr_barred(game, unit)
        if barred.value:
            raise RuleViolation("G9.53", f"{unit.id}: {barred.why}: no concealment dr")
        return
    if enemy_los:
        raise RuleViolation(
            "G9.53",
            f"{unit.id} is above a Panji counter in the LOS of an unbroken enemy ground unit: "
            "no concealment dr",
        )


def fortification_position() -> Ruling[str]:
    """G9.55: all other Fortifications (and tunnel entrances/exits) in a panji Location are
    beneath the Panji counter."""
    return Ruling(BENEATH, ("G9.55",), "beneath the Panji counter")


def verify_enter_fortification(
    unit: Unit, *, via_trench: bool = False, via_subterranean: bool = False
) -> None:
    """G9.55: a Fortification in a panji Location is entered only from beneath the Panji
    counter [EXC: entering/exiting the hex via a trench; entering via a subterranean
    passage]."""
    if via_trench or via_subterranean:
        return
    if is_above(unit):
        raise RuleViolation(
            "G9.55", f"{unit.id} must first go beneath the Panji counter to enter the Fortification"
        )


def verify_entrench(unit: Unit) -> None:
    """G9.55: Infantry above a Panji counter may not make/direct an Entrenching Attempt."""
    if is_above(unit) and unit.kind.is_infantry:
        raise RuleViolation("G9.55", f"{unit.id} is above a Panji counter: may not entrench")


def verify_guard(guard: Unit, prisoner: Unit) -> None:
    """G9.56: Infantry above a Panji counter may not Guard an Unarmed unit beneath it (or
    vice-versa)."""
    if guard.hex != prisoner.hex:
        return
    pair = {guard.position, prisoner.position}
    if pair == {ABOVE, BENEATH}:
        raise RuleViolation(
            "G9.56",
            f"{guard.id} ({guard.position}) may not Guard {prisoner.id} ({prisoner.position})",
        )
