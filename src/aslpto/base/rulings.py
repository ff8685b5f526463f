"""Rulings (an answer with the rules that decide it) and the errors the engine raises."""

from __future__ import annotations

from collections.abc import Iterable

from aslpto.base.hints import Generic, TypeVar
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import field, record

T = TypeVar("T")


@record
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


@record(frozen=False)
class RuleViolation(AslptoError):
    """An action the rules forbid. ``rule`` is the number that forbids it."""

    rule: str
    message: str

    def __post_init__(self) -> None:
        super().__init__(f"{self.rule}: {self.message}")

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@record(frozen=False)
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
        return one_line(f"{w}: {self.message}" if w else self.message)


def listed(names: Iterable[str], most: int = 12) -> str:
    """``names`` sorted and joined for a message, the first ``most`` of them and how many more
    (a real save holds a hundred units and more); ``none`` for none.

    >>> listed(["b", "a"]), listed([]), listed(map(str, range(15)), most=3)
    ('a, b', 'none', '0, 1, 10 and 12 more')
    """
    got = sorted(names)
    if not got:
        return "none"
    if len(got) <= most:
        return ", ".join(got)
    return f"{', '.join(got[:most])} and {len(got) - most} more"


_CONTROL = LazyPattern(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with its line breaks and other control characters escaped as Python writes
    them (``\\n``, ``\\x00``), so that a value quoted in a message keeps it on one line.

    >>> print(one_line("unit 'a\\nb'"))
    unit 'a\\nb'
    """
    if text.isprintable() or _CONTROL.search(text) is None:  # (the usual case: no pattern)
        return text
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
