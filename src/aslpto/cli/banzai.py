"""``aslpto banzai SCENARIO UNIT...``: may these Japanese units declare one Banzai Charge (G1.5),
what the Charge does to each, and - with ``--move UNIT STEP...`` - each unit's path played as
the Impulses of the Human Wave (A25.23, D14.31; ``--target``, ``--grain``: A25.231) and through
the step check, and who is marked Lax at the end of the MPh
(:func:`aslpto.procedures.banzai.banzai`).

A Charge that may not be declared, or a path a rule refuses, is an answer (exit 0) naming the
rule, as ``aslpto move`` answers an illegal path; an unknown unit or step is unusable input
(exit 2)."""

from __future__ import annotations

import argparse

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.cli.command import Outcome, help_of

if TYPE_CHECKING:
    from aslpto.state.game import Game

NAME = "banzai"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML) or VASL saved game")
    parser.add_argument(
        "units",
        nargs="+",
        metavar="UNIT",
        help="the units declaring the Charge, its leader among them (G1.5)",
    )
    add_charge_options(parser)


def add_charge_options(parser: argparse.ArgumentParser) -> None:
    """``--move UNIT STEP...``, ``--target``, ``--grain``: the Charge's paths and direction (here
    and in ``aslpto game banzai``)."""
    parser.add_argument(
        "--move",
        action="append",
        nargs="+",
        default=[],
        metavar=("UNIT", "STEP"),
        help="a unit's path in the Charge, in the steps of aslpto move (repeat per unit)",
    )
    parser.add_argument(
        "--target",
        metavar="UNIT",
        help="the enemy unit the Charge moves towards (A25.23), and a T-H Hero's Designated "
        "Target: he may enter an enemy-occupied hex only if it holds the Target or is ADJACENT "
        "to it (G1.423); left out: the first the paths agree with",
    )
    parser.add_argument(
        "--grain",
        metavar="HEX-HEX...",
        help="the HW (alternate) Hex Grain through the target, its hexes in the HW Direction "
        "(e.g. 32M4-32M5-32M6; A25.231); left out: the first the paths agree with",
    )


def moves_of(args: argparse.Namespace) -> dict[str, list[str]]:
    """Each ``--move UNIT STEP...``: the unit's id to its steps, one path per unit."""
    from aslpto.base.rulings import InputError

    moves: dict[str, list[str]] = {}
    for m in args.move:
        if len(m) < 2:
            raise InputError(f"--move {' '.join(m)}: give the unit and at least one step")
        if m[0] in moves:
            raise InputError(f"--move {m[0]}: one path per unit")
        moves[m[0]] = m[1:]
    return moves


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario

    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded."""
    from aslpto.procedures.banzai import banzai

    done = banzai(game, args.units, moves_of(args), target=args.target, grain=args.grain)
    payload = done.as_json(game)
    return Outcome(payload, text(payload))


def text(p: dict[str, Any]) -> str:
    """The answer for a person: the declaration, each unit's effects, each path, the end of the
    MPh."""
    units = ", ".join(p["units"])
    head = f"Banzai Charge of {units} ({p['side']}): "
    if p["declared"]:
        head += "may be declared [G1.5]"
    else:
        head += "may NOT be declared"
    lines = [head]
    for f in p["refusals"]:
        lines.append(f"  refused {f['rule']}: {f['message']}")
    if p["declared"]:
        if p["hero_alone"]:
            lines.append(f"  {p['hero_alone']} charges alone [G1.423]")
        else:
            lines.append(f"  leader: {', '.join(p['leaders']) or 'none (no MMC)'} [G1.5]")
        lines.append(f"  chain of ADJACENT hexes: {' - '.join(p['chain'])} [G1.5]")
    wave = p["human_wave"]
    if wave is not None:
        for f in wave["refusals"]:
            lines.append(f"  refused {f['rule']}: {f['message']}")
        if wave["grain"]:
            lines.append(
                f"  Human Wave towards {wave['target']} along {wave['grain']} "
                f"(range {wave['range']}) [A25.231]"
            )
            others = [g for g in wave["grains"] if g != wave["grain"]]
            if others:
                lines.append(f"      as close: {'; '.join(others)} [A25.231]")
        if wave["impulses"]:
            each = ", ".join(f"{i['impulse']}: {i['mf']} MF" for i in wave["impulses"])
            lines.append(
                f"  Impulses {each}; the Charge spent {wave['mf']} of {wave['allowance']} MF "
                "[D14.31, A25.232]"
            )
        for e in wave["ended"]:
            lines.append(f"  {e['unit']}'s Charge ended: {e['why']} [{e['rule']}]")
    for uid, effects in p["effects"].items():
        lines.append(f"  {uid}:")
        lines += [f"      {e['what']} [{e['rule']}]" for e in effects]
    for m in p["moves"]:
        state = "legal" if m["legal"] else "ILLEGAL"
        to = " ".join(
            s["to"] + (f":{s['position']}" if s["position"] not in ("ground", "in") else "")
            for s in m["steps"]
        )
        lines.append(
            f"  move {m['unit']} {' '.join(m['steps_declared'])}: {state}, "
            f"{m['mf']} of {m['allowance']} MF{(' -> ' + to) if to else ''}"
        )
        v = m["violation"]
        if v:
            lines.append(f"      violation {v['rule']}: {v['message']}")
    for e in p["end_of_mph"]:
        mark = "marked Lax" if e["marked_lax"] else "no Lax marker"
        into = f" ({', '.join(e['may_advance_into'])})" if e["may_advance_into"] else ""
        lines.append(f"  end of MPh: {e['unit']} in {e['hex']}: {e['why']}{into}: {mark} [G1.5]")
    lines.append(f"rules: {', '.join(p['rules'])}")
    return "\n".join(lines)


__all__ = ["HELP", "NAME", "add_arguments", "answer", "run", "text"]
