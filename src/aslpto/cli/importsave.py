"""``aslpto import SAVE -o FILE``: a VASL saved game written as a scenario file, for the player
to complete with what a save does not carry (EC, paddy state, river depth, date, ELR)."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from aslpto.base.hints import Any
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, check_output_file, help_of

NAME = "import"
HELP = help_of(NAME)

SSR_HELP = (
    "an SSR the save does not carry, as in a scenario's [ssr] table: ec=mud, "
    "paddy=in-season, river_depth=fordable, current=S:slow, pto_terrain=true (repeatable; "
    "also read from SAVE's side file GAME.ssr.toml)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", help="VASL saved game (.vsav)")
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help="scenario file to write (- for standard output)",
    )
    parser.add_argument("--ssr", action="append", default=[], metavar="KEY=VALUE", help=SSR_HELP)


def parse_ssr(items: list[str]) -> dict[str, Any]:
    """``key=value`` pairs as an [ssr] table: true/false are booleans, ``current=S:slow`` the
    B21.121 current, anything else a word (the scenario reader checks the words)."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise InputError(f"--ssr '{item}': give KEY=VALUE, e.g. --ssr ec=mud")
        if value in ("true", "false"):
            out[key] = value == "true"
        elif key == "current":
            direction, _, force = value.partition(":")
            if not force:
                raise InputError(
                    f"--ssr '{item}': give the current as DIRECTION:FORCE, e.g. current=S:slow"
                )
            out[key] = {"direction": direction, "force": force}
        else:
            out[key] = value
    return out


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario
    from aslpto.formats.vasl.scenario import read

    if args.output != "-":
        check_output_file(args.output, "the scenario", args.save, "saved game")
    got = read(args.save, parse_ssr(args.ssr))
    text = got.toml()
    report = got.report
    if report.unknown:
        text += "\n# Pieces not identified (not in this scenario):\n" + "".join(
            f"#   {n.text()}\n" for n in report.unknown
        )
    try:
        scenario.loads(text, str(args.save))  # what is written must load
    except InputError as e:  # (a value typed after --ssr: said of what was typed)
        key = (e.field_name or "").removeprefix("ssr.")
        typed = next((i for i in args.ssr if i.partition("=")[0].strip() == key), None)
        if e.field_name is None or not e.field_name.startswith("ssr.") or typed is None:
            raise
        raise InputError(f"--ssr '{typed}': {e.message}") from None
    summary = report.counts_text()
    payload = {"file": args.output, "source": report.as_json()}
    if args.output == "-":
        return Outcome({**payload, "scenario": text}, text.rstrip("\n"))
    out = Path(args.output)
    try:
        fd, tmp = tempfile.mkstemp(dir=out.parent if str(out.parent) else ".", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # (as any file written: mkstemp makes it the owner's only)
        os.replace(tmp, out)
    except (OSError, ValueError) as e:  # (ValueError: a NUL in the name)
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        raise InputError(f"cannot write the scenario: {why}", str(out)) from None
    return Outcome(payload, f"wrote {out}: {summary}", files=[str(out)])
