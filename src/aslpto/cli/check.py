"""``aslpto check SCENARIO``: setup legality. Exit 1 when any finding is an error."""

from __future__ import annotations

import argparse

from aslpto.cli.command import Outcome
from aslpto.formats import scenario
from aslpto.procedures import setup as setup_check
from aslpto.state.game import Game

NAME = "check"
HELP = "check a scenario's setup against the rules (B21.5, B21.6, G8, G9.1, G9.11, G9.12, G1)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")


def run(args: argparse.Namespace) -> Outcome:
    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded (``args.scenario`` names it)."""
    findings = setup_check.check(game)
    errors = [f for f in findings if f.severity == "error"]
    payload = {"ok": not errors, "findings": [f.as_json() for f in findings]}
    title = game.name or args.scenario
    if not findings:
        text = f"{title}: setup is legal (no findings)"
    else:
        warnings = len(findings) - len(errors)
        lines = [f"{title}: {len(errors)} error(s), {warnings} warning(s)"]
        for f in findings:
            where = f" {f.where}:" if f.where else ""
            lines.append(f"  {f.severity} {f.rule}{where} {f.message}")
        text = "\n".join(lines)
    return Outcome(payload, text, 1 if errors else 0)
