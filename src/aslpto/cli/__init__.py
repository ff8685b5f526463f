"""The ``aslpto`` command line. Exit codes: 0 answered (even "illegal"), 1 ``check`` found
errors, 2 unusable input (reason on stderr, never a traceback)."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from aslpto.base import VERSION, unchecked
from aslpto.base.rulings import AslptoError, InputError, RuleViolation
from aslpto.cli.command import COMMAND_MODULES, Outcome


def _load_commands(only: str | None = None) -> list[ModuleType]:
    """The command modules (``only``: that one alone, so that a run imports only the command
    it runs)."""
    mods = []
    for name in COMMAND_MODULES if only is None else (only,):
        try:
            mods.append(importlib.import_module(f"aslpto.cli.{name}"))
        except ModuleNotFoundError as e:
            if e.name != f"aslpto.cli.{name}":
                raise
    return mods


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(f"{self.prog}: {message}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="aslpto",
        description="A referee for the Pacific Theater rules of Advanced Squad Leader.",
    )
    parser.add_argument("--version", action="version", version=f"aslpto {VERSION}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for mod in _load_commands(only):
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
        p.add_argument("--vasl-boards", metavar="DIR", default=None,
                       help="the folder of VASL board archives (bdNN); default: the "
                            "scenario's [map] vasl_boards, then $ASLPTO_VASL_BOARDS")  # fmt: skip
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def command_parser(name: str) -> tuple[ModuleType, argparse.ArgumentParser]:
    """One command's module and its parser alone (``prog`` as ``aslpto NAME`` gives it): the
    web page reads its requests' fields with it, so that both refuse bad input alike."""
    for mod in _load_commands(name if name in COMMAND_MODULES else None):
        if name == mod.NAME:
            p = _Parser(prog=f"aslpto {name}", description=mod.HELP)
            p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
            mod.add_arguments(p)
            return mod, p
    raise InputError(f"no command '{name}'")


def flag_unchecked(outcome: Outcome) -> None:
    """An answer resting on a value the data files mark unchecked says so, one line each."""
    taken = unchecked.taken()
    if taken:
        outcome.payload["unchecked"] = taken
        outcome.text += "".join(f"\nunchecked value: {t}" for t in taken)


def _run(args: argparse.Namespace) -> Outcome:
    """Run the command, with the VASL boards folder of ``--vasl-boards`` in force."""
    folder = getattr(args, "vasl_boards", None)
    if not folder:
        return args._run(args)  # type: ignore[no-any-return]
    from aslpto.formats.scenario.source import vasl_boards_option

    token = vasl_boards_option.set(folder)
    try:
        return args._run(args)  # type: ignore[no-any-return]
    finally:
        vasl_boards_option.reset(token)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``aslpto`` console script."""
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        chosen = next((w for w in words if not w.startswith("-")), None)
        parser = build_parser(chosen if chosen in COMMAND_MODULES else None)
        args = parser.parse_args(words)
        if not getattr(args, "command", None):
            print(
                f"usage: aslpto [--version] COMMAND ... (COMMAND: {', '.join(COMMAND_MODULES)}; "
                "aslpto --help for more)",
                file=sys.stderr,
            )
            return 2
        unchecked.begin()
        outcome: Outcome = _run(args)
        flag_unchecked(outcome)
    except RuleViolation as e:  # a refusal that was not turned into an answer by the command
        print(f"aslpto: {e}", file=sys.stderr)
        return 2
    except (InputError, AslptoError) as e:
        print(f"aslpto: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"aslpto: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        if getattr(args, "json", False):
            print(json.dumps(outcome.payload, indent=2, ensure_ascii=False))
        else:
            print(outcome.text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped reading: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return outcome.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
