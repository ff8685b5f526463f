"""What every action of a game shares: the action and what it did (:class:`Action`,
:class:`Done`), its arguments read once each (:class:`Args`), the phase and side it is made in,
and what a procedure's result does to the units (:func:`replace_units`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aslpto.base.hints import Any
from aslpto.base.records import fields, record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game.paths import path
from aslpto.procedures.game.phases import RULES, PhaseName, allowed
from aslpto.procedures.game.state import GameState, unit_json
from aslpto.state.units import Unit


@record
class Action:
    """One action as the record holds it: its name and its arguments (JSON values)."""

    name: str
    args: Mapping[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"action": self.name, "args": dict(self.args)}


@record
class Done:
    """What an action did: the state after it, its result (JSON), the lines telling it, and the
    unchecked rules it rests on."""

    state: GameState
    result: dict[str, Any]
    told: tuple[str, ...] = ()
    unchecked: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# Reading the arguments
# ---------------------------------------------------------------------------------------------


class Args:
    """An action's arguments, read once each; an unknown or mistyped one is unusable input."""

    def __init__(self, name: str, args: Mapping[str, Any]) -> None:
        if not isinstance(args, Mapping):
            raise InputError(f"{name}: its arguments are not an object")
        self.name = name
        self.args = args
        self.read: set[str] = set()

    def _get(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        self.read.add(key)
        if key not in self.args:
            if default is _REQUIRED:
                raise InputError(f"{self.name}: argument '{key}' is missing")
            return default
        v = self.args[key]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise InputError(f"{self.name}: argument '{key}' is not {_KIND_WORDS.get(kind, kind)}")
        return v

    def text(self, key: str, default: Any = None) -> Any:
        return self._get(key, str, _REQUIRED if default is None else default)

    def optional_text(self, key: str) -> str | None:
        v = self._get(key, (str, type(None)), None)
        return v if isinstance(v, str) else None

    def number(self, key: str, default: int) -> int:
        return int(self._get(key, int, default))

    def texts(self, key: str, *, empty: bool = False) -> list[str]:
        v = self._get(key, list, _REQUIRED if not empty else [])
        if not all(isinstance(x, str) for x in v) or (not v and not empty):
            raise InputError(f"{self.name}: argument '{key}' is not a list of words")
        return list(v)

    def options(self) -> dict[str, Any]:
        v = self._get("options", dict, {})
        return dict(v)

    def done(self) -> None:
        extra = sorted(set(self.args) - self.read)
        if extra:
            raise InputError(f"{self.name}: unknown argument(s) {', '.join(extra)}")


_REQUIRED: Any = object()
_KIND_WORDS: dict[Any, str] = {
    str: "a word",
    int: "a whole number",
    list: "a list",
    dict: "an object",
}


def move_options(name: str, given: Mapping[str, Any], phase: Any) -> Any:
    """:class:`~aslpto.rules.movement.MoveOptions` from an action's ``options`` (the phase is
    the game's)."""
    from aslpto.rules.movement import MoveOptions

    internal = ("phase", "human_wave", "detection")  # the game's, or the move's own option
    known = {f.name: f.default for f in fields(MoveOptions) if f.name not in internal}
    values: dict[str, Any] = {"phase": phase}
    for k, v in given.items():
        if k not in known:
            raise InputError(f"{name}: unknown move option '{k}' ({', '.join(sorted(known))})")
        d = known[k]
        if isinstance(d, bool):
            if not isinstance(v, bool):
                raise InputError(f"{name}: move option '{k}' is true or false")
        elif isinstance(d, tuple | frozenset):
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise InputError(f"{name}: move option '{k}' is a list of words")
            v = type(d)(v)
        elif v is not None and not isinstance(v, str):
            raise InputError(f"{name}: move option '{k}' is a word")
        values[k] = v
    return MoveOptions(**values)


# ---------------------------------------------------------------------------------------------
# Helpers: the phase, the side, what a result does to the units
# ---------------------------------------------------------------------------------------------


def verify_phase(state: GameState, action: str) -> None:
    if not any(a.action == action for a in allowed(state.phase)):
        where = [p for p in PhaseName if any(a.action == action for a in allowed(p))]
        when = ", ".join(p.value for p in where)
        rule = where[0].rule if where else state.phase.rule
        raise RuleViolation(
            rule,
            f"{action} is not an action of the {state.phase.value} "
            f"({state.phase.full_name}, {state.phase.rule}); it is made in the {when}",
        )


def verify_side(state: GameState, u: Unit, who: str, rule: str, doing: str) -> None:
    side = state.attacker if who == "ATTACKER" else state.defender
    if u.side != side:
        raise RuleViolation(
            rule,
            f"{u.id} is the {state.role(u.side)}'s ({u.side}): only the {who} ({side}) "
            f"{doing} in the {state.phase.value}",
        )


def on_map(u: Unit) -> None:
    if not u.hex:
        raise InputError(f"{u.id} is not on the map")


def replace_units(
    state: GameState,
    gone: Sequence[str],
    after: Sequence[Unit],
    eliminated: Sequence[str],
) -> GameState:
    """The state with the units ``gone`` (those a procedure took) replaced by ``after`` (what
    it left); the ``eliminated`` leave play. A unit replaced by new ones (a squad by its two
    half-squads) hands them its markers."""
    g = state.position
    units = dict(g.units)
    markers = dict(state.markers)
    taken = set(gone) | set(eliminated)
    after = [_off_the_bank(u) for u in after]
    for uid in taken:
        units.pop(uid, None)
    for u in after:
        if u.id not in g.units:
            parent = next(
                (t for t in sorted(taken, key=len, reverse=True) if u.id.startswith(t)), None
            )
            if parent is not None and parent in markers:
                markers[u.id] = markers[parent]
        units[u.id] = u
    for uid in taken:
        if uid not in units:
            markers.pop(uid, None)
    out = tuple(x for x in eliminated if x not in state.eliminated)
    return replace(
        state,
        position=replace(g, units=units),
        markers=markers,
        eliminated=state.eliminated + out,
        moving=tuple(m for m in state.moving if m in units),
    )


def _off_the_bank(u: Unit) -> Unit:
    """G8.212 (Bank Counter Penalties): Infantry above a Bank counter that is broken or pinned
    enters INTO the hex."""
    if u.position != "bank" or not (u.broken or u.pinned):
        return u
    from aslpto.rules.paddy.effects import ForcedBy, forced_into

    cause = ForcedBy.BROKEN if u.broken else ForcedBy.PINNED
    return forced_into(u, cause, in_mph=False, cot=0).value.unit


def fates(after: Sequence[Unit], eliminated: Sequence[str]) -> dict[str, Any]:
    return {
        "units": [unit_json(u) for u in after],
        "eliminated": list(eliminated),
    }


def unsure(*keys: str) -> tuple[str, ...]:
    return tuple(RULES[k].label for k in keys if not RULES[k].sure)


__all__ = [
    "Action",
    "Args",
    "Done",
    "fates",
    "move_options",
    "on_map",
    "path",
    "replace_units",
    "unsure",
    "verify_phase",
    "verify_side",
]
