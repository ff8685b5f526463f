"""``aslpto move SCENARIO UNIT STEP...``: evaluate a declared path, step by step, with the
rule behind every MF/MP (:func:`aslpto.procedures.movement.evaluate`)."""

from __future__ import annotations

import argparse

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, help_of
from aslpto.rules.movement import MoveOptions, Phase

if TYPE_CHECKING:
    from aslpto.state.game import Game

NAME = "move"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("unit", help="unit id")
    parser.add_argument(
        "steps",
        nargs="+",
        metavar="STEP",
        help="37EE7, 37EE7:bank, :in, :bank, :above, :beneath, :foxhole, "
        "37EE7:trench, 37DD7/DD6 (Bypass in DD7 along DD7-DD6), 37C6:tunnel (through a "
        "tunnel to its other entrance, B8.61), 37E4:breach (a dozer breaches the bank "
        "hexside toward 37E4, G8), 37EE7=11 (a Cavalry unit spends 11 MF in all to enter, "
        "G9.422)",
    )
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
    result = movement.evaluate(game, args.unit, args.steps, options)
    payload = result.as_json(game)
    return Outcome(payload, text(payload))


def text(p: dict[str, object]) -> str:
    lines = [
        f"{p['unit']}: {'legal' if p['legal'] else 'ILLEGAL'}, {p['mf']} of {p['allowance']} MF/MP"
    ]
    steps = p["steps"]
    assert isinstance(steps, list)
    for s in steps:
        parts = ", ".join(f"{c['mf']} {c['why']} ({c['rule']})" for c in s["costs"])
        lines.append(
            f"  {s['step']:<14} -> {s['to']} {s['position']}: +{s['cost']} = {s['mf']}  [{parts}]"
        )
        for e in s["events"]:
            lines.append(
                f"      event {e['kind']} ({e['rule']})"
                + (f" {e['subject']}" if e.get("subject") else "")
                + (f": {e['note']}" if e.get("note") else "")
            )
    v = p["violation"]
    if isinstance(v, dict):
        lines.append(f"  violation {v['rule']}: {v['message']}")
    return "\n".join(lines)


def add_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("how the unit moves")
    g.add_argument(
        "--phase",
        choices=["mph", "aph"],
        default="mph",
        help="MPh (default) or APh (an advance of one Location)",
    )
    g.add_argument("--assault", action="store_true", help="Assault Movement (A4.61)")
    g.add_argument("--double-time", action="store_true", help="Double Time (A4.5): CX")
    g.add_argument("--low-crawl", action="store_true", help="Low Crawl (A10.52)")
    g.add_argument("--armored-assault", action="store_true", help="Armored Assault (D9.31)")
    g.add_argument("--riding", action="store_true", help="Infantry riding bicycles (D15.8)")
    g.add_argument("--leading", action="store_true", help="leading horses (A13.7)")
    g.add_argument("--galloping", action="store_true", help="Cavalry Galloping/Charging")
    g.add_argument(
        "--manhandling",
        choices=["gun", "gun-dm", "boat", "motorcycle"],
        help="Infantry Manhandling a Gun (gun-dm: dm/animal-packed), a boat, or "
        "pushing a motorcycle",
    )
    g.add_argument("--forced-back", action="store_true", help="forced back out (A12.15)")
    g.add_argument("--towing", action="store_true", help="the vehicle tows a Gun (G9.421)")
    g.add_argument(
        "--with-leader",
        metavar="LEADER",
        help="the MMC begins its MPh stacked with this leader and moves with him: +2 MF (A4.12)",
    )
    g.add_argument("--column", action="store_true", help="the unit is in a Column (E11, G9.44)")
    g.add_argument(
        "--landed",
        action="store_true",
        help="paratroops that appeared onboard this APh (E9.6): no Bank counter (G8 AERIAL)",
    )
    g.add_argument(
        "--portage",
        action="append",
        default=[],
        metavar="SW",
        help="a SW carried and not dismantled: mortar, mmg, hmg (B21.41)",
    )
    g.add_argument(
        "--blaze",
        action="append",
        default=[],
        metavar="HEX",
        help="a hex with a Terrain Blaze (B25): neither entered nor Bypassed",
    )


def options_of(args: argparse.Namespace) -> MoveOptions:
    return MoveOptions(
        phase=Phase(args.phase),
        assault=args.assault,
        double_time=args.double_time,
        low_crawl=args.low_crawl,
        armored_assault=args.armored_assault,
        riding=args.riding,
        leading=args.leading,
        galloping=args.galloping,
        manhandling=args.manhandling,
        forced_back=args.forced_back,
        towing=args.towing,
        portage=tuple(args.portage),
        blaze=frozenset(args.blaze),
        with_leader=args.with_leader,
        column=args.column,
        landed=args.landed,
    )
