"""``aslpto viewshed SCENARIO UNIT|HEX [--range N]``: every Location a unit (or a hex, at a level
or in a position) sees (A6), within a range or on the whole map, each with its Hindrance DRM
and, where the LOS is blocked, what blocks it under which rule
(:func:`aslpto.rules.los.viewshed`): each judged exactly as ``aslpto los`` judges it. With
``--seen-by``, also which units of the other sides (every other unit, for a hex) see it.

UNIT|HEX is a unit id or a Location (``37AA10``, ``37AA10@1``, ``37DD7:bank``); a word that is
both is refused, and ``unit:G10`` or ``hex:G10`` says which is meant (as for ``los``).
"""

from __future__ import annotations

import argparse

from aslpto.base.hints import Any
from aslpto.cli.command import Outcome, help_of

NAME = "viewshed"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument(
        "frm",
        metavar="UNIT|HEX",
        help="a unit id or a Location (37AA10, 37AA10@1, 37DD7:bank; unit:ID or hex:HEX when a "
        "unit id is also a hex name)",
    )
    parser.add_argument(
        "--range",
        type=int,
        default=None,
        metavar="N",
        help="only the Locations within N hexes (default: the whole map)",
    )
    parser.add_argument(
        "--seen-by",
        action="store_true",
        help="also which units of the other sides (of every side, for a hex) see it",
    )


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario

    return answer(scenario.load(args.scenario), args)


def answer(game: Any, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded (its ``[[los_overrides]]`` apply)."""
    from aslpto.rules.los import viewshed

    payload = viewshed(game, args.frm, args.range, args.seen_by).as_json()
    return Outcome(payload, text(payload))


def text(d: dict[str, Any]) -> str:
    """The answer as a player reads it: one line per Location, nearest first."""
    locs = d["locations"]
    where = f"{d['from']} (unit {d['unit']})" if d["unit"] else d["from"]
    within = "on the map" if d["range"] is None else f"within range {d['range']}"
    lines = [f"{where}: sees {d['seen']} of {len(locs)} Location(s) {within}"]
    for s in locs:
        name = s["hex"] + (f"@{s['level']}" if s["level"] else "")
        if s["los"]:
            what = "LOS" + (f", Hindrance +{s['hindrance_drm']}" if s["hindrance_drm"] else "")
        else:
            blk = s["blocked_by"]
            what = f"no LOS: blocked at {blk['where']} [{blk['rule']}]"
        lines.append(f"  {name:<10} {s['range']:>3}  {what}")
    if d["rules"]:
        lines.append(f"rules: {', '.join(d['rules'])}")
    if "seen_by" in d:
        seers = [s for s in d["seen_by"] if s["los"]]
        lines.append(f"seen by {len(seers)} of {len(d['seen_by'])} unit(s):")
        for s in d["seen_by"]:
            if s["los"]:
                what = "sees it" + (
                    f", Hindrance +{s['hindrance_drm']}" if s["hindrance_drm"] else ""
                )
            else:
                blk = s["blocked_by"]
                what = f"no LOS: blocked at {blk['where']} [{blk['rule']}]"
            lines.append(f"  {s['unit']:<10} {s['hex']:<8} {what}")
    return "\n".join(lines)
