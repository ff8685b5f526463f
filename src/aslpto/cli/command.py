"""One module per ``aslpto`` command. Each defines ``NAME``, ``HELP``,
``add_arguments(parser)`` and ``run(args) -> Outcome``."""

from __future__ import annotations

from aslpto.base.hints import Any
from aslpto.base.records import field, record
from aslpto.base.rulings import InputError


@record(frozen=False)
class Outcome:
    """What a command produced: the JSON object, the text for a person, the exit code."""

    payload: dict[str, Any]
    text: str
    exit_code: int = 0
    files: list[str] = field(default_factory=list)


COMMANDS: dict[str, tuple[str, str]] = {
    "check": (
        "check",
        "check a scenario's setup against the rules (B21.5, B21.6, G.2, G.8, G8, G9.1, G9.11, "
        "G9.12, G1)",
    ),
    "terrain": (
        "terrain",
        "show a hex's effective terrain, level, hexsides, counters and the rules that changed it",
    ),
    "render": (
        "render",
        "draw the map, its terrain, hexsides and counters as an SVG file",
    ),
    "move": (
        "move",
        "evaluate a path: each step's MF/MP with its rules, the running total, position, events",
    ),
    "reach": (
        "reach",
        "list every Location and position a unit can reach this phase, with the least MF/MP",
    ),
    "los": (
        "los",
        "is there a LOS between two Locations: Hindrance DRM, range, and what blocks it",
    ),
    "viewshed": (
        "viewshed",
        "every Location a unit or hex sees, each with its Hindrance DRM or what blocks it",
    ),
    "odds": (
        "odds",
        "exact outcome odds of a MC, NMC, PTC, Panji MC, sniper dr 1, T-H Hero, ATMM, Hara-Kiri, "
        "an IFT attack",
    ),
    "fire": (
        "fire",
        "a fire attack on the IFT: each FP and DRM item with its rule, the column, the odds",
    ),
    "cc": (
        "cc",
        "the Close Combat in a Location: both sides' attacks, each DRM with its rule, the odds",
    ),
    "banzai": (
        "banzai",
        "may these Japanese units declare a Banzai Charge (G1.5): the chain, the leader, each "
        "unit's effects, their paths and Lax markers",
    ),
    "game": (
        "game",
        "play a scenario phase by phase: each action verified, applied and recorded; show, "
        "undo, replay",
    ),
    "counters": (
        "counters",
        "list the counters of a nationality as VASL prints them (face, Class, broken ML, line)",
    ),
    "import": (
        "importsave",
        "write a VASL saved game (.vsav) as a scenario file (TOML)",
    ),
    "serve": (
        "serve",
        "the referee at the table: a local web page over the scenario (needs aslpto[web])",
    ),
}
"""Each command's module (``aslpto.cli.<module>``) and its help, in the order ``aslpto --help``
lists them: the parser imports only the module of the command asked for (a fresh process per
call); a module missing (an optional extra) is skipped."""


def help_of(name: str) -> str:
    """A command's help line (:data:`COMMANDS`)."""
    return COMMANDS[name][1]


def check_output_file(output: str, what: str, read: str, read_what: str) -> None:
    """Refuse the ``-o FILE`` a command would write ``what`` to when it is a folder's name
    (``out/``: written as a file ``out`` otherwise) or the file it reads (the answer would
    replace its input)."""
    import os

    if output.endswith(("/", os.sep)):
        raise InputError(f"cannot write {what}: a folder's name, not a file's", output)
    try:
        same = os.path.samefile(output, read)
    except (OSError, ValueError):  # (either missing, or a NUL in a name)
        same = False
    if same:
        raise InputError(
            f"cannot write {what} over the {read_what} it is read from: name another file", output
        )
