"""``aslpto check SCENARIO``: setup legality. Exit 1 when any finding is an error."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from aslpto.base.findings import Finding
from aslpto.base.hints import Any
from aslpto.cli.command import Outcome, help_of
from aslpto.formats import scenario
from aslpto.procedures import setup as setup_check
from aslpto.state.game import Game

NAME = "check"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML) or VASL saved game (.vsav)")


def source_findings(report: Mapping[str, Any]) -> list[Finding]:
    """What reading a VASL save listed rather than read, as warnings: pieces it could not
    identify (with their hex and image), SSR names the referee does not read, and what the
    board picker sets that the map does not follow (crops, overlays)."""
    out = [
        Finding("VASL", "warning", f"piece not identified: {p['name']} ({p['image']})", p["where"])
        for p in report.get("unknown_pieces", ())
    ]
    out += [
        Finding("VASL", "warning", f"SSR {n}: not known to the referee", "ssr")
        for n in report.get("unknown_ssr", ())
    ]
    out += [
        Finding("VASL", "warning", f"SSR {n}: drawn by VASL, the map is read as printed", "ssr")
        for n in report.get("picture_ssr", ())
    ]
    out += [Finding("VASL", "warning", n, "map") for n in report.get("unread", ())]
    return out


def run(args: argparse.Namespace) -> Outcome:
    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded (``args.scenario`` names it)."""
    report = game.source_report
    findings = setup_check.check(game) + source_findings(report)
    errors = [f for f in findings if f.severity == "error"]
    payload: dict[str, Any] = {"ok": not errors, "findings": [f.as_json() for f in findings]}
    if report:
        keys = ("save", "pieces", "identified", "off_map", "unknown", "units")
        payload["source"] = {k: report[k] for k in keys}
    title = game.name or args.scenario
    lines = []
    if report:
        lines.append(
            f"{report['save']}: {report['pieces']} pieces read, {report['identified']} "
            f"identified ({report['units']} units), {report['off_map']} off the boards, "
            f"{report['unknown']} unknown"
        )
    if not findings:
        lines.append(f"{title}: setup is legal (no findings)")
    else:
        warnings = len(findings) - len(errors)
        lines.append(f"{title}: {len(errors)} error(s), {warnings} warning(s)")
        for f in findings:
            where = f" {f.where}:" if f.where else ""
            lines.append(f"  {f.severity} {f.rule}{where} {f.message}")
    return Outcome(payload, "\n".join(lines), 1 if errors else 0)
