"""One module per ``aslpto`` command. Each defines ``NAME``, ``HELP``,
``add_arguments(parser)`` and ``run(args) -> Outcome``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Outcome:
    """What a command produced: the JSON object, the text for a person, the exit code."""

    payload: dict[str, Any]
    text: str
    exit_code: int = 0
    files: list[str] = field(default_factory=list)


COMMAND_MODULES: tuple[str, ...] = (
    "check", "terrain", "render", "move", "reach", "los", "odds", "counters", "importsave",
    "serve",
)  # fmt: skip
"""Command modules in the order ``aslpto --help`` lists them; a missing one is skipped."""
