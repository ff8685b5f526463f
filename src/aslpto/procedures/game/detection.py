"""A move into the Location of concealed or hidden enemy units, resolved in the game.

The step check finds them (:mod:`aslpto.procedures.movement.enemies`: the ``detection`` event);
the game then plays what the rule says, with the DEFENDER's choice where G.4 gives him one
(the move's option ``detection``: ``invoke``, ``retain`` or ``attack``, and ``detection_by``,
the hidden units that attack):

- A12.15 (and G.4's ``invoke``): every hidden unit there is placed on the map beneath a "?",
  one concealed unit (chosen at random among several) loses its "?", and the moving unit goes
  back to the Location it left, where it loses its "?" and its MPh ends; the MF of the attempt
  are spent. It is still the moving unit: Defensive First Fire may attack it there.
- G.4 ``retain``: the hidden units keep HIP and the move goes on (Searching can still reveal
  them, A12.152).
- G.4 ``attack``: the units named attack the moving unit (TPBF: ``game fire`` at it, First
  Fire); they are revealed, the others keep HIP; the moving unit's MPh ends in that Location,
  which is marked with a CC counter (the units there are not in Melee before the CCPh and may
  not advance, A4.7, A12.151).
"""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game.paths import path
from aslpto.procedures.movement.enemies import CHOICES
from aslpto.rules.movement import Event, EventKind
from aslpto.state.dice import Dice
from aslpto.state.game import Game
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.procedures.movement import MoveResult
    from aslpto.procedures.movement.stepping import Resume
    from aslpto.rules.movement import MoveOptions


@record
class Found:
    """Where a move found concealed/hidden enemy units: the step (index) and its event."""

    index: int
    event: Event

    @property
    def hex(self) -> str:
        return self.event.subject


def choice_of(given: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The move's ``detection`` and ``detection_by`` options (taken out of ``given``)."""
    choice = given.pop("detection", None)
    if choice is not None and choice not in CHOICES:
        raise InputError(f"move: detection '{choice}': one of {', '.join(CHOICES)}")
    by = given.pop("detection_by", [])
    if not isinstance(by, list) or not all(isinstance(x, str) and x for x in by):
        raise InputError("move: option 'detection_by' is a list of unit ids")
    if by and choice != "attack":
        raise InputError("move: detection_by names the units that attack (detection attack)")
    return choice, list(by)


def _found(result: MoveResult, choice: str | None) -> Found | None:
    from aslpto.procedures.movement.enemies import continues

    for i, st in enumerate(result.steps):
        for e in st.events:
            if e.kind == EventKind.DETECTION and not continues(e, choice):
                return Found(i, e)
    return None


def planned(
    game: Game, uid: str, steps: list[str], options: MoveOptions, resume: Resume | None = None
) -> tuple[MoveResult, Found | None]:
    """The move of ``steps`` (going on from ``resume``) evaluated, and where it finds
    concealed/hidden enemy units that stop it (the steps beyond are not taken), if it does
    before a step is refused."""
    from aslpto.procedures import movement

    r = movement.evaluate(game, uid, steps, options, resume)
    return r, _found(r, options.detection)


def any_found(r: MoveResult) -> bool:
    """Whether a move enters a Location of concealed/hidden enemy units at all (those whose
    hidden units keep HIP included)."""
    return any(e.kind == EventKind.DETECTION for st in r.steps for e in st.events)


def taken(
    game: Game, uid: str, steps: list[str], options: MoveOptions, resume: Resume | None = None
) -> MoveResult:
    """The move of ``steps`` (going on from ``resume``; none: the unit stays where it is); a
    refused step raises."""
    from aslpto.procedures import movement

    if steps:
        return path(game, uid, steps, options, resume)
    return movement.evaluate(game, uid, [], options, resume)


def verify_choice(found: Found, choice: str | None, uid: str) -> str:
    """The DEFENDER's choice, which G.4 requires where it gives one (A12.15 has none)."""
    if found.event.rule == "G.4":
        if choice is None:
            raise RuleViolation(
                "G.4",
                f"{uid} enters {found.hex}, a Location of hidden Stealthy DEFENDERS in "
                "jungle, kunai or bamboo: the DEFENDER chooses (detection: invoke, retain or "
                "attack)",
            )
        return choice
    return "invoke"


@record
class Detected:
    """What the detection did: the position after it, whether the movers were forced back (and
    to where), the units that lost HIP or "?", and whether a CC counter is placed."""

    game: Game
    forced_back: bool
    revealed: tuple[str, ...] = ()  # lost their "?" (or HIP) altogether
    placed: tuple[str, ...] = ()  # hidden units placed on the map beneath a "?"
    cc_counter: bool = False
    random: bool = False  # a Random Selection chose among several concealed units


def resolve(
    before: Game,
    after: Game,
    movers: Sequence[str],
    found: Found,
    choice: str,
    by: Sequence[str],
    dice: Dice,
) -> Detected:
    """The DEFENDER's answer to the movers' entry into ``found.hex``: A12.15 / G.4 ``invoke``,
    or G.4 ``attack`` (see the module). ``before``: the position before the move; ``after``:
    after it (the movers forced back, or in that Location)."""
    from aslpto.rules.pto.procedures import Detection, detect

    m = before.map
    h = m.hex(found.hex)
    side = before.unit(movers[0]).side
    there = sorted(
        (u for u in before.units.values() if u.hex and m.hex(u.hex) == h and u.side != side),
        key=lambda u: u.id,
    )
    units = dict(after.units)
    if choice == "attack":
        detect(before, before.unit(movers[0]), found.hex, Detection.ATTACK, attackers=by)
        for uid in by:
            units[uid] = units[uid].with_(hidden=False, concealed=False)
        return Detected(replace(after, units=units), False, tuple(by), cc_counter=True)
    placed = tuple(u.id for u in there if u.hidden)
    for uid in placed:
        units[uid] = units[uid].with_(hidden=False, concealed=True)  # beneath a "?" (A12.15)
    hiding = [units[u.id] for u in there if units[u.id].concealed]
    revealed: tuple[str, ...] = ()
    if hiding:
        pick = hiding[dice.choice(len(hiding))] if len(hiding) > 1 else hiding[0]
        units[pick.id] = pick.with_(concealed=False)
        revealed = (pick.id,)
    for uid in movers:
        units[uid] = units[uid].with_(concealed=False)  # loses its "?" where it returns
    return Detected(replace(after, units=units), True, revealed, placed, random=len(hiding) > 1)


def _random_reveal(units: dict[str, Unit], there: list[str], dice: Dice) -> tuple[list[str], ...]:
    """A12.15: every hidden unit of ``there`` placed beneath a "?", then one concealed unit
    (Random Selection among several) loses it: (placed, revealed)."""
    placed = [uid for uid in there if units[uid].hidden]
    for uid in placed:
        units[uid] = units[uid].with_(hidden=False, concealed=True)
    hiding = [uid for uid in there if units[uid].concealed]
    revealed: list[str] = []
    if hiding:
        pick = hiding[dice.choice(len(hiding))] if len(hiding) > 1 else hiding[0]
        units[pick] = units[pick].with_(concealed=False)
        revealed.append(pick)
    return placed, revealed


def found_on_entry(
    game: Game, movers: Sequence[str], results: Sequence[MoveResult], dice: Dice
) -> tuple[Game, list[str], list[str], list[str]]:
    """What the movers found where they were allowed to enter the Location of concealed or
    hidden enemy units (a berserk or Human Wave unit, A4.14): at each such entry one is
    revealed (A12.15); where a mover ends its MPh with concealed enemy units, all of them lose
    their "?" (A12.151). The game after, the units placed beneath a "?", those revealed, and
    the Locations where the movers end with enemy units (a CC counter, A12.151, A25.233)."""
    m = game.map
    side = game.unit(movers[0]).side
    units = dict(game.units)

    def enemies(h: str) -> list[str]:
        where = m.hex(h)
        return sorted(
            u.id for u in units.values() if u.hex and u.side != side and m.hex(u.hex) == where
        )

    placed: list[str] = []
    revealed: list[str] = []
    seen: set[str] = set()
    for r in results:
        for st in r.steps:
            for e in st.events:
                if e.kind == EventKind.ENEMY_FOUND and e.subject not in seen:
                    seen.add(e.subject)
                    p, v = _random_reveal(units, enemies(e.subject), dice)
                    placed += p
                    revealed += v
    ends = sorted({m.name(m.hex(units[uid].hex)) for uid in movers if units[uid].hex})
    facing = []
    for h in ends:
        there = [uid for uid in enemies(h) if not units[uid].hidden]  # (HIP kept: G.4)
        if there:
            facing.append(h)
        for uid in there:
            if units[uid].concealed:
                units[uid] = units[uid].with_(concealed=False)  # A12.151
                revealed.append(uid)
    return replace(game, units=units), placed, revealed, facing


def found_told(
    placed: Sequence[str], revealed: Sequence[str], facing: Sequence[str], cc_rule: str
) -> list[str]:
    """The lines telling what :func:`found_on_entry` did (``cc_rule``: the rule placing the CC
    counter)."""
    out = []
    if placed:
        out.append(f"  placed on the map beneath a '?': {', '.join(placed)} (A12.15)")
    if revealed:
        out.append(f"  lose their '?': {', '.join(revealed)} (A12.15, A12.151)")
    if facing:
        out.append(f"  CC counter: {', '.join(facing)} ({cc_rule})")
    return out


def as_json(found: Found, d: Detected, choice: str | None) -> dict[str, Any]:
    """The ``detection`` of a move's result."""
    return {
        "hex": found.hex,
        "rule": found.event.rule,
        "choice": choice,
        "forced_back": d.forced_back,
        "revealed": list(d.revealed),
        "placed": list(d.placed),
        "cc_counter": d.cc_counter,
    }


def told(found: Found, d: Detected, movers: Sequence[str], back_to: str) -> list[str]:
    """The lines telling what the detection did."""
    who = ", ".join(movers)
    rule = found.event.rule
    if d.cc_counter:
        return [
            f"  {found.hex}: the DEFENDER's {', '.join(d.revealed)} attack {who} (TPBF; "
            f"game fire), {who}'s MPh ends there; a CC counter is placed (G.4)"
        ]
    out = []
    if d.placed:
        out.append(f"  {found.hex}: {', '.join(d.placed)} placed on the map beneath a '?'")
    if d.revealed:
        out.append(f"  {found.hex}: {', '.join(d.revealed)} loses its '?' ({rule})")
    out.append(
        f"  {who} forced back to {back_to}: its MPh ends there, its '?' lost "
        f"({'G.4, ' if rule == 'G.4' else ''}A12.15)"
    )
    return out


__all__ = [
    "Detected",
    "Found",
    "any_found",
    "as_json",
    "choice_of",
    "found_on_entry",
    "found_told",
    "planned",
    "resolve",
    "taken",
    "told",
    "verify_choice",
]
