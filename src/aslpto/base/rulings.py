"""Rulings (an answer with the rules that decide it) and the errors the engine raises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Ruling(Generic[T]):
    """An answer together with the rule numbers that decided it and a short reason.

    >>> r = Ruling(2, ("G8.2101",), "cross bank hexside, then onto the Bank counter")
    >>> r.value, r.rules
    (2, ('G8.2101',))
    """

    value: T
    rules: tuple[str, ...] = ()
    why: str = ""

    def cite(self) -> str:
        """The rules as a reader writes them: ``G8.2101, G9.4``."""
        return ", ".join(self.rules)


class AslptoError(Exception):
    """Base of every error the engine raises on purpose."""


@dataclass
class RuleViolation(AslptoError):
    """An action the rules forbid. ``rule`` is the number that forbids it."""

    rule: str
    message: str

    def __post_init__(self) -> None:
        super().__init__(f"{self.rule}: {self.message}")

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass
class InputError(AslptoError):
    """Unusable input: a bad file, hex, hexside, unit or option.

    ``where`` names the file, line and field when they are known.
    """

    message: str
    file: str | None = None
    line: int | None = None
    field_name: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def where(self) -> str:
        parts: list[str] = []
        if self.file:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        if self.field_name:
            parts.append(f"field '{self.field_name}'")
        return ", ".join(parts)

    def __str__(self) -> str:
        w = self.where()
        return f"{w}: {self.message}" if w else self.message
