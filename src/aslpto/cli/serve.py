"""``aslpto serve SCENARIO_OR_SAVE [--game GAME]``: the referee at the table, a local web page
over the scenario (TOML, or a VASL saved game) with the JSON API of the query commands under
``/api/`` (:mod:`aslpto.web`, ``docs/web.md``); the page plays a game (``--game GAME``: its
record, opened when it exists, else written when the page starts the game; ``docs/web.md``,
"Playing a game"). The first line printed is the URL it serves on."""

from __future__ import annotations

import argparse
import sys

from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, help_of

NAME = "serve"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "scenario",
        nargs="?",
        help="scenario file (TOML) or VASL saved game (.vsav); with --game GAME, may be left out",
    )
    parser.add_argument(
        "--game",
        metavar="GAME",
        help="the game record the page plays (GAME.jsonl, as aslpto game new writes it): opened "
        "when it exists, else written when the page starts a game of SCENARIO",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to serve on (127.0.0.1)")
    parser.add_argument(
        "--port", type=int, default=8000, help="port to serve on (8000; 0 picks a free one)"
    )


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.web import INSTALL

    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ModuleNotFoundError as e:
        raise InputError(f"serve needs {e.name}: {INSTALL}") from None
    if not 0 <= args.port <= 65535:
        raise InputError(f"--port {args.port}: a port is 0-65535")
    from aslpto.web.play import first_game
    from aslpto.web.server import serve

    referee = first_game(args.scenario, args.game, getattr(args, "vasl_boards", None))
    served: list[str] = []

    def announce(url: str) -> None:
        served.append(url)
        print(url, flush=True)
        print(
            f"referee for {referee.game.name or referee.path}"
            + (f", playing the game {args.game}" if args.game else "")
            + "; Ctrl-C stops it",
            file=sys.stderr,
            flush=True,
        )

    serve(referee, args.host, args.port, announce, args.game)
    return Outcome({"url": served[0] if served else None, "stopped": True}, "stopped")
