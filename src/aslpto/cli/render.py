"""``aslpto render SCENARIO -o map.svg``: an SVG of the map, its terrain, hexsides and
counters (:mod:`aslpto.formats.svg`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome

NAME = "render"
HELP = "draw the map, its terrain, hexsides and counters as an SVG file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="SVG file to write")
    parser.add_argument(
        "--hexes",
        metavar="BLOCK",
        help="draw only these hexes: a block of columns and rows (37A1:37J10), "
        "a hex, or several joined by commas",
    )


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario, svg

    game = scenario.load(args.scenario)
    hexes = None
    if args.hexes:
        try:
            hexes = svg.crop(game.map.layout, args.hexes)
        except InputError as e:
            raise InputError(f"--hexes '{args.hexes}': {e.message}") from None
        hexes = frozenset(h for h in hexes if h in game.map.cells)
    text = svg.render(game, hexes=hexes)
    n = len(game.map.cells) if hexes is None else len(hexes)
    out = Path(args.output)
    try:
        out.write_text(text, encoding="utf-8", newline="\n")
    except OSError as e:
        raise InputError(f"cannot write the SVG: {e.strerror or e}", str(out)) from None
    return Outcome({"file": str(out), "hexes": n}, f"wrote {out} ({n} hexes)", files=[str(out)])
