"""``aslpto render SCENARIO -o map.svg``: an SVG of the map, its terrain, hexsides and
counters (:mod:`aslpto.formats.svg`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, check_output_file, help_of

if TYPE_CHECKING:
    from aslpto.formats.svg import Underlay
    from aslpto.state.game import Game

NAME = "render"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="SVG file to write")
    parser.add_argument(
        "--hexes",
        metavar="BLOCK",
        help="draw only these hexes: a block of columns and rows (37A1:37J10), "
        "a hex, or several joined by commas",
    )
    parser.add_argument(
        "--picture",
        action="store_true",
        help="draw each real board's own picture (from its VASL board archive) under the "
        "hexsides, Panji counters and units",
    )


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario, svg

    check_output_file(args.output, "the SVG", args.scenario, "scenario")
    game = scenario.load(args.scenario)
    hexes = None
    if args.hexes:
        try:
            hexes = svg.crop(game.map.layout, args.hexes)
        except InputError as e:
            raise InputError(f"--hexes '{args.hexes}': {e.message}") from None
        hexes = frozenset(h for h in hexes if h in game.map.cells)
    underlays = _pictures(game) if args.picture else None
    text = svg.render(game, hexes=hexes, underlays=underlays)
    n = len(game.map.cells) if hexes is None else len(hexes)
    out = Path(args.output)
    try:
        out.write_text(text, encoding="utf-8", newline="\n")
    except (OSError, ValueError) as e:  # (ValueError: a NUL in the name)
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        raise InputError(f"cannot write the SVG: {why}", str(out)) from None
    return Outcome({"file": str(out), "hexes": n}, f"wrote {out} ({n} hexes)", files=[str(out)])


def _pictures(game: Game) -> dict[str, Underlay]:
    """The pictures of the map's real boards (VASL board archives), by board name."""
    from aslpto.formats.scenario import map_source
    from aslpto.formats.svg import Underlay
    from aslpto.formats.vasl.pictures import board_picture, ssr_pictures

    src = map_source(game.map)
    out: dict[str, Underlay] = {}
    spots: dict[str, list[Any]] = {}
    if src is not None and any(ref.vasl is not None for ref, _ in src.overlays):
        from aslpto.formats.vasl.overlays import vasl_overlays  # (Pillow)

        spots = vasl_overlays(game.map.layout, src)
    for board, ref in src.files if src is not None else ():
        art = game.map.artwork.get(board)
        if ref.vasl is None or art is None:
            continue
        pic = board_picture(ref.path, spots.get(board, ()), ssr_pictures(game.conditions))
        out[board] = Underlay(
            pic.data_uri(), pic.width, pic.height, art.hex_width, art.hex_height, art.a1_x, art.a1_y
        )
    if not out:
        raise InputError("--picture: no board of this map was read from a VASL board archive")
    return out
