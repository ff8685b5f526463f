"""Dice: dr (one die) and DR (a white and a colored die), and the sources that supply them.

A procedure that rolls takes a :class:`Dice` source and asks it for ``dr()``, ``DR()`` or
``choice(n)`` (a random selection among ``n``, e.g. G9.43). Three sources exist:

* :class:`RandomDice` — seeded pseudo-random rolls;
* :class:`GivenDice` — rolls typed in from a real game (``"3,5 4"``);
* :func:`odds` — exact enumeration of every roll, giving a :class:`Distribution` of
  outcomes with :class:`~fractions.Fraction` probabilities that sum to 1.

>>> from aslpto.state.dice import odds
>>> d = odds(lambda dice: dice.DR().total <= 7)
>>> d[True]
Fraction(7, 12)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from fractions import Fraction

from aslpto.base.hints import Generic, Protocol, TypeVar
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import record
from aslpto.base.rulings import InputError

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

SIDES = 6


@record
class DR:
    """A two-dice roll: ``white`` and ``colored`` die. Its ``total`` is the Original DR."""

    white: int
    colored: int

    @property
    def total(self) -> int:
        return self.white + self.colored

    @property
    def doubles(self) -> bool:
        return self.white == self.colored

    def __str__(self) -> str:
        return f"{self.white},{self.colored}"


class Dice(Protocol):
    """A source of dice. Every procedure that rolls takes one."""

    def dr(self) -> int:
        """One die, 1-6."""
        ...

    def DR(self) -> DR:
        """Two dice, white then colored."""
        ...

    def choice(self, n: int) -> int:
        """A random selection of one among ``n`` (0-based), each equally likely."""
        ...


class RandomDice:
    """Seeded pseudo-random dice (reproducible for a given seed)."""

    def __init__(self, seed: int | None = None) -> None:
        import random  # (only a command that rolls pays for it)

        self._rng = random.Random(seed)

    def dr(self) -> int:
        return self._rng.randint(1, SIDES)

    def DR(self) -> DR:
        return DR(self._rng.randint(1, SIDES), self._rng.randint(1, SIDES))

    def choice(self, n: int) -> int:
        return self._rng.randrange(n)


_ROLL_TOKEN = LazyPattern(r"[0-9]+")


class GivenDice:
    """Rolls typed in from a real game, consumed in order.

    ``"3,5 4"`` is a DR of white 3 and colored 5, then a dr of 4. A ``choice(n)`` consumes one
    number, 1..n. Running out of rolls, or a die outside 1-6, is an :class:`InputError`.
    """

    def __init__(self, rolls: str | Iterable[int]) -> None:
        if isinstance(rolls, str):
            values = [int(t) for t in _ROLL_TOKEN.findall(rolls)]
            if re.search(r"[^0-9,\s;]", rolls):
                raise InputError(f"rolls {rolls!r}: only digits separated by commas or spaces")
        else:
            values = list(rolls)
        self._values = values
        self._i = 0

    @property
    def remaining(self) -> int:
        return len(self._values) - self._i

    @property
    def used(self) -> str:
        """The rolls consumed so far, as typed (``"3 5 4"``)."""
        return " ".join(map(str, self._values[: self._i])) or "none"

    def _next(self, high: int, what: str) -> int:
        if self._i >= len(self._values):
            raise InputError(f"not enough rolls given: the procedure needs another {what}")
        v = self._values[self._i]
        self._i += 1
        if not 1 <= v <= high:
            raise InputError(f"roll {v} for a {what} is outside 1-{high}")
        return v

    def dr(self) -> int:
        return self._next(SIDES, "die")

    def DR(self) -> DR:
        return DR(self._next(SIDES, "white die"), self._next(SIDES, "colored die"))

    def choice(self, n: int) -> int:
        return self._next(n, f"random selection among {n}") - 1


@record
class Distribution(Generic[T]):
    """Exact outcome probabilities. Outcomes keep first-seen order; probabilities sum to 1."""

    items: tuple[tuple[T, Fraction], ...]

    @staticmethod
    def of(pairs: Iterable[tuple[T, Fraction]]) -> Distribution[T]:
        acc: dict[T, Fraction] = {}
        for outcome, p in pairs:
            if p:
                acc[outcome] = acc.get(outcome, Fraction(0)) + p
        return Distribution(tuple(acc.items()))

    @staticmethod
    def certain(outcome: T) -> Distribution[T]:
        return Distribution(((outcome, Fraction(1)),))

    def __getitem__(self, outcome: T) -> Fraction:
        for o, p in self.items:
            if o == outcome:
                return p
        return Fraction(0)

    def __iter__(self) -> Iterator[tuple[T, Fraction]]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def outcomes(self) -> tuple[T, ...]:
        return tuple(o for o, _ in self.items)

    def total(self) -> Fraction:
        return sum((p for _, p in self.items), Fraction(0))

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        return Distribution.of((f(o), p) for o, p in self.items)

    def bind(self, f: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Chain a further chance procedure onto each outcome."""
        return Distribution.of((o2, p * p2) for o, p in self.items for o2, p2 in f(o).items)

    @staticmethod
    def in_turn(
        count: int, step: Callable[[tuple[U, ...]], Distribution[U]]
    ) -> Distribution[tuple[U, ...]]:
        """``count`` chance procedures one after another, each knowing the outcomes before it
        (``step(done)``): the joint distribution of their outcomes, in order. The work grows
        with the distinct outcomes, not with the rolls each procedure makes."""
        dist: Distribution[tuple[U, ...]] = Distribution.certain(())
        for _ in range(count):
            dist = dist.bind(lambda done: step(done).map(lambda r: (*done, r)))
        return dist

    def probability(self, pred: Callable[[T], bool]) -> Fraction:
        return sum((p for o, p in self.items if pred(o)), Fraction(0))


def dr_distribution() -> Distribution[int]:
    """Each dr 1-6 at 1/6."""
    return Distribution.of((v, Fraction(1, SIDES)) for v in range(1, SIDES + 1))


def DR_distribution() -> Distribution[DR]:
    """Each of the 36 (white, colored) rolls at 1/36."""
    return Distribution.of(
        (DR(w, c), Fraction(1, SIDES * SIDES))
        for w in range(1, SIDES + 1)
        for c in range(1, SIDES + 1)
    )


class _Scripted:
    """A dice source that replays a prefix of choices and records the branching of new ones."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.taken: list[int] = []
        self.widths: list[int] = []

    def _pick(self, width: int) -> int:
        i = len(self.taken)
        v = self.prefix[i] if i < len(self.prefix) else 0
        self.taken.append(v)
        self.widths.append(width)
        return v

    def dr(self) -> int:
        return self._pick(SIDES) + 1

    def DR(self) -> DR:
        v = self._pick(SIDES * SIDES)
        return DR(v // SIDES + 1, v % SIDES + 1)

    def choice(self, n: int) -> int:
        if n < 1:
            raise ValueError("choice among no items")
        return self._pick(n)


def odds(procedure: Callable[[Dice], T]) -> Distribution[T]:
    """Exact distribution of ``procedure``'s result over every possible roll.

    The procedure is run once per distinct sequence of rolls it asks for (a depth-first walk of
    its chance tree); each leaf's probability is the product of its branches' 1/width.
    """
    acc: dict[T, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        src = _Scripted(prefix)
        result = procedure(src)
        p = Fraction(1)
        for w in src.widths:
            p /= w
        acc[result] = acc.get(result, Fraction(0)) + p
        # branch on every choice made beyond the given prefix
        for i in range(len(src.taken) - 1, len(prefix) - 1, -1):
            for v in range(1, src.widths[i]):
                stack.append([*src.taken[:i], v])
    return Distribution(tuple(acc.items()))


def _dr_class_table() -> tuple[tuple[DR, int], ...]:
    """The 36 DR grouped by (total, doubles): a representative roll and how many rolls share it."""
    acc: dict[tuple[int, bool], tuple[DR, int]] = {}
    for w in range(1, SIDES + 1):
        for c in range(1, SIDES + 1):
            rep, n = acc.get((w + c, w == c), (DR(w, c), 0))
            acc[(w + c, w == c)] = (rep, n + 1)
    return tuple(acc.values())


DR_CLASSES = _dr_class_table()
"""16 classes of DR: what a procedure reading only a DR's total and doubles can tell apart."""


class _ScriptedClasses(_Scripted):
    """:class:`_Scripted` whose DR branches over the 16 :data:`DR_CLASSES`."""

    def __init__(self, prefix: list[int]) -> None:
        super().__init__(prefix)
        self.weights: list[Fraction] = []

    def dr(self) -> int:
        self.weights.append(Fraction(1, SIDES))
        return self._pick(SIDES) + 1

    def DR(self) -> DR:
        rep, n = DR_CLASSES[self._pick(len(DR_CLASSES))]
        self.weights.append(Fraction(n, SIDES * SIDES))
        return rep

    def choice(self, n: int) -> int:
        if n < 1:
            raise ValueError("choice among no items")
        self.weights.append(Fraction(1, n))
        return self._pick(n)


def odds_by_class(procedure: Callable[[Dice], T]) -> Distribution[T]:
    """:func:`odds` for a procedure that reads a DR only through its total and whether it is
    doubles (every check of the morale procedures): each DR is one of 16 classes, weighted by
    how many of the 36 rolls it stands for, so that a walk of every roll takes 16 branches per
    DR instead of 36."""
    acc: dict[T, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        src = _ScriptedClasses(prefix)
        result = procedure(src)
        p = Fraction(1)
        for w in src.weights:
            p *= w
        acc[result] = acc.get(result, Fraction(0)) + p
        for i in range(len(src.taken) - 1, len(prefix) - 1, -1):
            for v in range(1, src.widths[i]):
                stack.append([*src.taken[:i], v])
    return Distribution(tuple(acc.items()))
