"""Movement's vocabulary: positions in a Location, a mover's state, and the step notation
(DESIGN.md): ``37EE7``, ``37EE7:bank``, ``:beneath``, ``37DD7/DD6`` (Bypass), ``37C6:tunnel``,
``37E4:breach``, ``37EE7=11``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

from aslpto.base.ranges import refusal
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Hex, HexName, Hexside
from aslpto.rules.movement import (
    as_number,
    halves,
)
from aslpto.state.game import Game
from aslpto.state.units import Position

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


@record(slots=True)
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


@record(slots=True)
class Step:
    """One declared step."""

    kind: StepKind
    hex: Hex | None = None
    want: str | None = None  # position word asked for
    along: Hexside | None = None
    mf: int | None = None  # MF declared for the whole step, half units (G9.422)


@record(frozen=False)
class StepError(InputError):
    """A step that cannot be read or taken as typed: ``message`` is the one line
    (``step '37A1': 37A1 is not adjacent to 37EE8``), ``step`` the step it quotes, ``reason``
    the rest, and ``index`` the step's place in the path (from 0; ``None`` alone)."""

    step: str = ""
    reason: str = ""
    index: int | None = None


def step_error(step: str, reason: str, index: int | None = None) -> StepError:
    """The :class:`StepError` of ``step`` (its text), refused for ``reason``."""
    return StepError(f"step '{step}': {reason}", step=step, reason=reason, index=index)


def parse_step(game: Game, text: str) -> Step:
    """``37EE7``, ``37EE7:bank``, ``:in``, ``:above``, ``37DD7/DD6``, ``37C6:tunnel``,
    ``37E4:breach``, ``37EE7=11``. Bad input raises :class:`StepError` quoting the step."""
    try:
        return _parse_step(game, text)
    except InputError as e:
        raise step_error(text, e.message) from None


def parse_steps(game: Game, texts: Sequence[str]) -> list[Step]:
    """Each step of a path parsed (:func:`parse_step`); the first that cannot be read raises
    its :class:`StepError` with its ``index``."""
    out = []
    for i, text in enumerate(texts):
        try:
            out.append(parse_step(game, text))
        except StepError as e:
            raise replace(e, index=i) from None
    return out


def _parse_step(game: Game, text: str) -> Step:
    t, eq, declared = text.strip().partition("=")
    if eq:
        step = _parse_step(game, t)
        try:  # (digits as typed on a keyboard: float() reads '٣' too)
            value = float(declared) if declared.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not value > 0:
            raise InputError(f"'={declared}' must be a number of MF above 0")
        bad = refusal("step.mf", "declared MF", value, declared.strip())
        if bad is not None:
            raise InputError(bad)
        mf = halves(value)
        if mf <= 0:
            raise InputError(f"'={declared}' must be a number of MF above 0")
        if step.kind != StepKind.ENTER or step.want in ("tunnel", "trench"):
            raise InputError("'=N' declares the MF spent to enter an adjacent hex (G9.422)")
        return replace(step, mf=mf)
    m = game.map
    if "/" in t:
        hname, _, other = t.partition("/")
        h = m.hex(hname)
        board = m.layout.names(h)[0].board
        y = m.layout.resolve(HexName.parse(other, board))
        if not h.is_adjacent(y):
            raise InputError(f"Bypass is along a hexside of {hname}; {other} is not adjacent to it")
        return Step(StepKind.BYPASS, h, None, Hexside.of(h, y))
    hname, sep, word = t.partition(":")
    want = None
    if sep:
        want = _WORDS.get(word.strip().lower())
        if want is None:
            raise InputError(
                f"unknown position '{word}' (in, bank, above, beneath, trench, foxhole)"
            )
    if not hname:
        if want is None:
            raise InputError("it names neither a hex nor a position")
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
