"""``aslpto los SCENARIO FROM TO``: is there a LOS between two Locations (A6), with what
Hindrance DRM, at what range, and what blocks it under which rule.

FROM and TO are Locations (``37AA10``, ``37AA10@1`` one level above the hex's base,
``37DD7:bank``, ``37DD7:above``, ``37S9:crest``) or unit ids (the unit's Location, position and
entrenchment). A word that is both a unit id and a hex name (a VASL save's ``G10``) is never
guessed: it is refused, and ``unit:G10`` or ``hex:G10`` says which is meant. A scenario may
rule on single LOS with ``[[los_overrides]] from, to, los, hindrance_drm, note`` entries.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from aslpto.base.hints import Any
from aslpto.base.records import replace
from aslpto.cli.command import Outcome, help_of
from aslpto.formats import scenario
from aslpto.rules.los import (
    Location,
    LosOverride,
    engine_for,
    game_overrides,
    viewer,
)
from aslpto.state.game import Game

NAME = "los"
HELP = help_of(NAME)

_HEADER = re.compile(r"^\s*\[")
_OVERRIDES = re.compile(r"^\s*\[\[\s*los_overrides\s*\]\]")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument(
        "frm",
        metavar="FROM",
        help="a Location (37AA10, 37AA10@1, 37DD7:bank) or a unit id (unit:ID, hex:HEX when a "
        "unit id is also a hex name)",
    )
    parser.add_argument("to", metavar="TO", help="a Location or a unit id (as FROM)")
    parser.add_argument(
        "--from-entrenched",
        action="store_true",
        help="FROM is entrenched Infantry (G8: bank hexsides are hedges to it)",
    )
    parser.add_argument("--to-entrenched", action="store_true", help="TO is entrenched Infantry")


def run(args: argparse.Namespace) -> Outcome:
    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded (its ``[[los_overrides]]`` apply)."""
    a = _end(game, args.frm, args.from_entrenched)
    b = _end(game, args.to, args.to_entrenched)
    r = engine_for(game).check(a, b)
    payload = r.as_json()
    return Outcome(payload, text(payload))


def load(path: str | Path) -> tuple[Game, tuple[LosOverride, ...]]:
    """The scenario and its ``[[los_overrides]]``."""
    game = scenario.load(path)
    return game, game_overrides(game)


def _end(game: Game, word: str, entrenched: bool) -> Location:
    """The Location a word names, as ``viewshed`` reads its viewer (:func:`viewer`)."""
    loc = viewer(game, word)[0]
    return replace(loc, entrenched=True) if entrenched else loc


def text(d: dict[str, Any]) -> str:
    """The answer as a player reads it."""
    head = f"{d['from']} -> {d['to']} (range {d['range']}): "
    if d["override"] is not None:
        head += "scenario override: "
    if d["los"]:
        head += "LOS"
        if d["hindrance_drm"]:
            hs = ", ".join(
                f"{h['where']} {h['terrain']} +{h['drm']} [{h['rule']}]" for h in d["hindrances"]
            )
            head += f", Hindrance +{d['hindrance_drm']} ({hs})"
        else:
            head += ", no Hindrance"
    else:
        blk = d["blocked_by"]
        head += f"no LOS: blocked at {blk['where']} [{blk['rule']}] {blk['why']}"
    lines = [head]
    if d["rules"]:
        lines.append(f"  rules: {', '.join(d['rules'])}")
    lines.extend(f"  note: {n}" for n in d["notes"])
    return "\n".join(lines)
