"""A small game for the Player Turn's rules: board 37 of open ground with woods in 37G4 and 37H7
and a stone building in 37C6, the U.S. moving first against the Japanese DEFENDER."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.cli import main
from aslpto.procedures.game import (
    Action,
    GameState,
    PhaseName,
    end_phase,
    play,
    start,
    turn_record,
)
from aslpto.state.counters import make
from aslpto.state.game import Conditions, Game, Side
from aslpto.state.units import Kind, Strength, Unit, UnitClass
from maphelp import one_board

BOARD = """[terrain]
woods = ["G4", "H7"]
[[buildings]]
id = "house"
hexes = ["C6"]
material = "stone"
"""

MAP = one_board(BOARD)


def jp(uid: str, hex: str, **status: Any) -> Unit:
    """A Japanese 1st-Line squad (4-4-7)."""
    return make(
        uid,
        "japanese",
        Kind.SQUAD,
        UnitClass.FIRST_LINE,
        Strength.FULL,
        side="Japanese",
        hex=hex,
        **status,
    )


def jp_hs(uid: str, hex: str, **status: Any) -> Unit:
    """A Japanese 1st-Line half-squad (2-3-7)."""
    return make(
        uid, "japanese", Kind.HALF_SQUAD, UnitClass.FIRST_LINE, side="Japanese", hex=hex, **status
    )


def us(uid: str, hex: str, **status: Any) -> Unit:
    """A U.S. 1st-Line squad (6-6-6)."""
    return make(uid, "american", Kind.SQUAD, UnitClass.FIRST_LINE, side="U.S.", hex=hex, **status)


def leader(uid: str, hex: str, face: str = "9-1", **status: Any) -> Unit:
    nat = "japanese" if uid.startswith("J") else "american"
    side = "Japanese" if nat == "japanese" else "U.S."
    return make(uid, nat, Kind.LEADER, side=side, face=face, hex=hex, **status)


def game(*units: Unit) -> GameState:
    """The game's state before its first action: Game Turn 1, the U.S. RPh."""
    g = Game(
        MAP,
        Conditions(),
        "the Player Turn's rules",
        (Side("Japanese", "japanese", defender=True), Side("U.S.", "american")),
        {u.id: u for u in units},
    )
    return start(g, turn_record(g, 2))


def to(state: GameState, phase: PhaseName, player: int | None = None) -> GameState:
    """The state at the next ``phase`` (of the Player Turn of ``player``: 0 the U.S.)."""
    while state.phase != phase or (player is not None and state.player != player):
        state, _ = end_phase(state)
    return state


def do(state: GameState, name: str, rolls: str | None = None, **args: object) -> GameState:
    done, _ = play(state, Action(name, args), 1, seed=1, rolls=rolls)
    return done.state


def result(state: GameState, name: str, rolls: str | None = None, **args: object) -> Any:
    done, _ = play(state, Action(name, args), 1, seed=1, rolls=rolls)
    return done.result


def refused(state: GameState, name: str, rule: str, rolls: str | None = None, **args: Any) -> str:
    with pytest.raises(RuleViolation) as e:
        do(state, name, rolls, **args)
    assert e.value.rule == rule, str(e.value)
    return e.value.message


# --- a script's ``aslpto game`` lines on the command line ------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def commands(script: Path) -> list[tuple[bool, list[str]]]:
    """The script's ``aslpto game`` lines: whether each is refused, and its arguments."""
    out = []
    for raw in script.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        refused = line.startswith("! ")
        line = line.removeprefix("! ")
        if line.startswith("aslpto game "):
            out.append((refused, shlex.split(line)[1:]))
    return out


def aslpto(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    got = capsys.readouterr()
    return code, got.out, got.err


def play_script(script: Path, game: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Every ``aslpto game`` line of ``script`` run from the project's folder, ``$GAME`` being
    ``game``: each refused one refused with nothing recorded, each other one played."""
    was = Path.cwd()
    os.chdir(ROOT)
    try:
        for refused, args in commands(script):
            args = [str(game) if a == "$GAME" else a for a in args]
            before = game.read_bytes() if game.exists() else b""
            code, out, err = aslpto(args, capsys)
            if refused:
                assert code == 1, (args, out, err)
                assert out.startswith("REFUSED ") and err == ""
                assert game.read_bytes() == before  # nothing recorded
            else:
                assert code == 0, (args, err)
    finally:
        os.chdir(was)
    return game
