"""The ``aslpto`` command line. Exit codes: 0 answered (even "illegal"), 1 ``check`` found
errors or ``game`` refused an action (nothing recorded), 2 unusable input (reason on stderr,
never a traceback)."""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from aslpto.base import VERSION, plugins, unchecked
from aslpto.base.hints import Any
from aslpto.base.rulings import AslptoError, InputError, RuleViolation
from aslpto.cli.command import COMMANDS, Outcome


def _command_module(name: str) -> ModuleType | None:
    """The module of command ``name`` (:data:`COMMANDS`), or None where it is not installed."""
    module = COMMANDS[name][0]
    try:
        return plugins.module(f"aslpto.cli.{module}")
    except ModuleNotFoundError as e:
        if e.name != f"aslpto.cli.{module}":
            raise
        return None


def _chosen(argv: Sequence[str]) -> str | None:
    """The command asked for: the first argument that is not an option (None after ``-h`` or
    ``--help``: ``aslpto --help odds`` lists every command)."""
    for a in argv:
        if a in ("-h", "--help"):
            return None
        if not a.startswith("-"):
            return a if a in COMMANDS else None
    return None


def _columns() -> int:
    """The terminal's width for help text, as ``shutil.get_terminal_size`` finds it ($COLUMNS,
    then the terminal, then 80), without importing :mod:`shutil` and the archive modules it
    brings on every call."""
    given = os.environ.get("COLUMNS", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    # (argparse asks once per argument added: no exception raised on the usual way, a pipe)
    try:
        fd = sys.__stdout__.fileno()  # type: ignore[union-attr]
        if not os.isatty(fd):
            return 80
        return os.get_terminal_size(fd).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(f"{self.prog}: {message}")


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The ``aslpto`` parser: with ``chosen``, that command alone with its arguments (its module
    alone imported); with "", every command listed (for ``aslpto --help``); with None, every
    command with its arguments, as for documentation."""
    parser = _Parser(
        prog="aslpto",
        description="A referee for the Pacific Theater rules of Advanced Squad Leader.",
    )
    parser.add_argument("--version", action="version", version=f"aslpto {VERSION}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (_, text) in COMMANDS.items():
        if chosen and name != chosen:
            continue
        if chosen is not None and name != chosen:
            sub.add_parser(name, help=text, description=text, add_help=False)
            continue
        mod = _command_module(name)
        if mod is None:
            continue
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
        p.add_argument(
            "--vasl-boards",
            metavar="DIR",
            default=None,
            help="the folder of VASL board archives (bdNN); default: the "
            "scenario's [map] vasl_boards, then $ASLPTO_VASL_BOARDS",
        )
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def command_parser(name: str, *, cli: bool = False) -> tuple[ModuleType, argparse.ArgumentParser]:
    """One command's module and its parser alone (``prog`` as ``aslpto NAME`` gives it): the
    web page reads its requests' fields with it, so that both refuse bad input alike; with
    ``cli``, the command line's own options too (``--vasl-boards``)."""
    mod = _command_module(name) if name in COMMANDS else None
    if mod is None:
        raise InputError(f"no command '{name}'")
    p = _Parser(prog=f"aslpto {name}", description=mod.HELP)
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    if cli:
        p.add_argument(
            "--vasl-boards",
            metavar="DIR",
            default=None,
            help="the folder of VASL board archives (bdNN); default: the "
            "scenario's [map] vasl_boards, then $ASLPTO_VASL_BOARDS",
        )
    mod.add_arguments(p)
    return mod, p


def _parse(given: list[str]) -> argparse.Namespace:
    """The arguments of ``aslpto COMMAND ...``: the command's parser alone reads them when the
    command comes first (one parser made, not one per command), else the whole parser."""
    chosen = _chosen(given)
    if chosen is None or given[0] != chosen:
        return build_parser(chosen or "").parse_args(given)
    mod, parser = command_parser(chosen, cli=True)
    args, extra = parser.parse_known_args(given[1:])
    if extra:  # (as the whole parser says it)
        raise InputError(f"aslpto: unrecognized arguments: {' '.join(extra)}")
    args.command, args._run = chosen, mod.run
    return args


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
    given = sys.argv[1:] if argv is None else list(argv)
    one_shot = argv is None and _chosen(given) != "serve"
    if one_shot:
        # One question, then the process ends: the cyclic collector's passes over the objects a
        # command makes only cost time (about 5 ms of a cold `reach`); reference counting still
        # frees what the command drops. (The referee page's server lives on: it keeps it.)
        gc.disable()
    try:
        return _main(given)
    finally:
        if one_shot:
            # and the interpreter's last collection at exit would walk every object the
            # command made (about 10 ms of a cold `reach`): they are left to the system
            gc.freeze()


def console() -> None:
    """The ``aslpto`` console script: :func:`main`, then the process ends at once. The exit
    functions run (``atexit``: ``logging`` flushed, say) and the
    output is flushed, but the interpreter does not take apart every object the command made
    (2-3 ms of a cold ``reach``, a twentieth of it). ``aslpto serve`` ends as usual."""
    if _chosen(sys.argv[1:]) == "serve":  # (the server lives on: its collector runs)
        gc.enable()
        sys.exit(main())
    code = main()
    _flush()
    atexit._run_exitfuncs()
    _flush()  # (what an exit function wrote)
    os._exit(code)


def _flush() -> None:
    """Flush standard output and error; a closed or vanished one (``>&-``, a reader that
    stopped reading) is not an error."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:  # noqa: SIM105 - (contextlib is not imported by a command)
            stream.flush()
        except (OSError, ValueError):
            pass


def _main(given: list[str]) -> int:
    try:
        try:
            args = _parse(given)
        except SystemExit as done:  # (-h or --version anywhere: the help or version is printed)
            return done.code if isinstance(done.code, int) else 0
        if not getattr(args, "command", None):
            raise InputError(
                f"no command given (one of: {', '.join(COMMANDS)}; aslpto --help lists them)"
            )
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
    if sys.stdout is None:  # (`>&-`: nowhere to write the answer)
        print("aslpto: standard output is closed: the answer was not written", file=sys.stderr)
        return 2
    try:
        if getattr(args, "json", False):
            import json

            print(json.dumps(outcome.payload, indent=2, ensure_ascii=False))
        else:
            print(outcome.text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped reading: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return outcome.exit_code


if __name__ == "__main__":  # pragma: no cover
    console()
