"""``aslpto reach SCENARIO UNIT``: every Location and position the unit can reach this phase,
with its least MF/MP and a path that costs it (:func:`aslpto.procedures.movement.reachability`)."""

from __future__ import annotations

import argparse

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, help_of
from aslpto.cli.move import add_options, options_of

if TYPE_CHECKING:
    from aslpto.state.game import Game

NAME = "reach"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("unit", help="unit id")
    add_options(parser)


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario

    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded."""
    from aslpto.procedures import movement

    options = options_of(args)
    for h in options.blaze:
        try:
            game.map.hex(h)
        except InputError as e:
            raise InputError(f"--blaze '{h}': {e.message}") from None
    result = movement.reach(game, args.unit, options)
    payload = result.as_json(game)
    return Outcome(payload, text(payload))


def text(p: dict[str, object]) -> str:
    locs = p["locations"]
    assert isinstance(locs, list)
    lines = [f"{p['unit']}: {len(locs)} Location(s) within {p['allowance']} MF/MP"]
    v = p.get("violation")
    if isinstance(v, dict):
        lines.append(f"  cannot move: {v['rule']}: {v['message']}")
    for loc in locs:
        extra = f" bypass {loc['bypass']}" if "bypass" in loc else ""
        extra += f" in {loc['entrenched']}" if "entrenched" in loc else ""
        extra += " (ends move)" if loc.get("ends_move") else ""
        lines.append(
            f"  {loc['hex']:<7} {loc['position']:<14} {loc['mf']:>4}{extra}"
            f"  {' '.join(loc['path'])}"
        )
    return "\n".join(lines)
