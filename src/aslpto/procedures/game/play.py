"""Playing and replaying a game's actions with their dice.

An action played (:func:`play`) rolls its dice from the rolls typed in, or else from the game's
seed and the action's number (so that a record is the same whoever rolls it), and keeps every
die it used; its record :class:`Entry` holds the action, those dice and its result. Replaying
an entry (:func:`replay`) resolves the action again with the recorded dice and refuses it
(:class:`Disagreement`) when its result, or the dice it uses, differ from the record.
"""

from __future__ import annotations

from collections.abc import Mapping

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.procedures.game.actions import Action, Done, act
from aslpto.procedures.game.state import GameState
from aslpto.state.dice import DR, Dice, GivenDice, RandomDice


class RecordingDice:
    """A dice source that keeps every die another source gives (a DR as its white and colored
    dice, a random selection as its number 1..n, as :class:`GivenDice` reads them)."""

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.used: list[int] = []

    def dr(self) -> int:
        v = self.inner.dr()
        self.used.append(v)
        return v

    def DR(self) -> DR:
        d = self.inner.DR()
        self.used += [d.white, d.colored]
        return d

    def choice(self, n: int) -> int:
        v = self.inner.choice(n)
        self.used.append(v + 1)
        return v


def seeded(seed: int, n: int) -> RandomDice:
    """The dice of action ``n`` of a game of seed ``seed``."""
    return RandomDice(seed * 1_000_003 + n)


@record
class Entry:
    """One action in the record: its number (from 1), when it was made (Game Turn, Player Turn,
    phase), the action, the dice it used and its result."""

    n: int
    turn: int
    player_turn: int
    phase: str
    action: Action
    dice: tuple[int, ...]
    result: Mapping[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "turn": self.turn,
            "player_turn": self.player_turn,
            "phase": self.phase,
            **self.action.as_json(),
            "dice": list(self.dice),
            "result": dict(self.result),
        }


class Disagreement(InputError):
    """A recorded action the rules now decide otherwise (or a record edited by hand)."""


def play(
    state: GameState, action: Action, n: int, *, seed: int, rolls: str | None = None
) -> tuple[Done, Entry]:
    """Play ``action`` as the game's ``n``-th: rolled from ``rolls`` (every roll typed must be
    used) or from the seed. A refusal raises and changes nothing."""
    given = GivenDice(rolls) if rolls is not None else None
    dice = RecordingDice(given if given is not None else seeded(seed, n))
    done = act(state, action, dice)
    if given is not None and given.remaining:
        raise InputError(
            f"--dice {rolls!r}: {given.remaining} roll(s) left over; the action used "
            f"{' '.join(map(str, dice.used)) or 'none'}"
        )
    entry = Entry(
        n,
        state.turn,
        state.player + 1,
        state.phase.value,
        action,
        tuple(dice.used),
        plain(done.result),
    )
    return done, entry


def plain(v: Any) -> Any:
    """A result as the record's JSON gives it back (tuples as lists, keys as strings)."""
    import json

    return json.loads(json.dumps(v, ensure_ascii=False))


def entry_of(line: Mapping[str, Any], n: int) -> Entry:
    """An entry as the record's line holds it (its shape checked; its meaning is checked by
    :func:`replay`)."""
    if not isinstance(line, Mapping):
        raise InputError("not a JSON object")
    want = {"n", "turn", "player_turn", "phase", "action", "args", "dice", "result"}
    missing = sorted(want - set(line))
    if missing:
        raise InputError(f"missing {', '.join(missing)}")
    extra = sorted(set(line) - want)
    if extra:
        raise InputError(f"unknown field(s) {', '.join(extra)}")
    if line["n"] != n:
        raise InputError(f"numbered {line['n']!r}, not {n}")
    dice = line["dice"]
    if not isinstance(dice, list) or not all(
        isinstance(d, int) and not isinstance(d, bool) for d in dice
    ):
        raise InputError("dice: not a list of whole numbers")
    if not isinstance(line["action"], str):
        raise InputError("action: not a word")
    if not isinstance(line["args"], dict) or not isinstance(line["result"], dict):
        raise InputError("args and result are objects")
    for k in ("turn", "player_turn"):
        if not isinstance(line[k], int) or isinstance(line[k], bool):
            raise InputError(f"{k}: not a whole number")
    if not isinstance(line["phase"], str):
        raise InputError("phase: not a word")
    return Entry(
        n,
        line["turn"],
        line["player_turn"],
        line["phase"],
        Action(line["action"], line["args"]),
        tuple(dice),
        line["result"],
    )


def replay(state: GameState, entry: Entry) -> Done:
    """Resolve a recorded action again with its recorded dice: the state after it, or a
    :class:`Disagreement` naming what differs (when it was made, the dice, the result)."""
    when = (state.turn, state.player + 1, state.phase.value)
    was = (entry.turn, entry.player_turn, entry.phase)
    if when != was:
        raise Disagreement(
            f"recorded in Game Turn {was[0]}, Player Turn {was[1]}, {was[2]}; the game is in "
            f"Game Turn {when[0]}, Player Turn {when[1]}, {when[2]}"
        )
    given = GivenDice(entry.dice)
    dice = RecordingDice(given)
    try:
        done = act(state, entry.action, dice)
    except InputError as e:
        if e.message.startswith("not enough rolls given"):
            raise Disagreement(
                f"dice: the rules need more than the {len(entry.dice)} recorded"
            ) from None
        raise
    if given.remaining:
        raise Disagreement(
            f"dice: recorded {' '.join(map(str, entry.dice)) or 'none'}, the rules use "
            f"{' '.join(map(str, dice.used)) or 'none'}"
        )
    differs = difference(entry.result, plain(done.result))
    if differs:
        raise Disagreement(f"result {differs}")
    return done


def difference(recorded: Any, now: Any, path: str = "") -> str:
    """The first place two JSON values differ (``units[0].counter: recorded '4-4-7', the rules
    give '3-4-7'``), or "" where they are equal."""
    where = path or "(whole)"
    if isinstance(recorded, dict) and isinstance(now, dict):
        for k in list(dict.fromkeys([*recorded, *now])):
            if k not in recorded:
                return (
                    f"{path}.{k}".lstrip(".") + ": not recorded, the rules give " + _short(now[k])
                )
            if k not in now:
                return (
                    f"{path}.{k}".lstrip(".")
                    + f": recorded {_short(recorded[k])}, the rules give none"
                )
            d = difference(recorded[k], now[k], f"{path}.{k}".lstrip("."))
            if d:
                return d
        return ""
    if isinstance(recorded, list) and isinstance(now, list):
        for i, (x, y) in enumerate(zip(recorded, now, strict=False)):
            d = difference(x, y, f"{path}[{i}]")
            if d:
                return d
        if len(recorded) != len(now):
            return f"{where}: recorded {len(recorded)} item(s), the rules give {len(now)}"
        return ""
    if recorded != now or type(recorded) is not type(now):
        return f"{where}: recorded {_short(recorded)}, the rules give {_short(now)}"
    return ""


def _short(v: Any) -> str:
    import json

    t = json.dumps(v, ensure_ascii=False)
    return t if len(t) <= 60 else t[:57] + "..."


__all__ = [
    "Disagreement",
    "Entry",
    "RecordingDice",
    "difference",
    "entry_of",
    "play",
    "replay",
    "seeded",
]
