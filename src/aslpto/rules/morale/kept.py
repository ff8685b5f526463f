"""Answers kept from one question to the next: a process that asks many (the page, a game)
meets the same units taking the same checks again - the same squad's 2MC with the same leader
present in another attack. :class:`Kept` holds each answer by everything it depends on, with
the unchecked values computing it read (:mod:`aslpto.base.unchecked`: replayed when it is
used again, so each answer still lists them), and forgets the oldest past its size."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from aslpto.base import unchecked
from aslpto.base.hints import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """A memo across calls of a pure computation, by a key naming all it depends on (the
    nationality's answers too, :func:`aslpto.rules.morale.national.rules_for`)."""

    __slots__ = ("_got", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._got: dict[Hashable, tuple[V, tuple[unchecked.Entry, ...]]] = {}

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        got = self._got.get(key)
        if got is not None:
            unchecked.replay(got[1])
            return got[0]
        with unchecked.capture() as seen:
            value = compute()
        if len(self._got) >= self.size:
            del self._got[next(iter(self._got))]
        self._got[key] = (value, tuple(seen))
        return value

    def look(self, key: Hashable) -> V | None:
        """The answer kept for ``key`` (its unchecked values read again), or None."""
        got = self._got.get(key)
        if got is None:
            return None
        unchecked.replay(got[1])
        return got[0]

    def keep(self, key: Hashable, value: V, seen: Iterable[unchecked.Entry]) -> None:
        """Keep ``value`` for ``key``, computed reading the unchecked values ``seen``."""
        if len(self._got) >= self.size:
            del self._got[next(iter(self._got))]
        self._got[key] = (value, tuple(seen))

    def clear(self) -> None:
        self._got.clear()

    def __len__(self) -> int:
        return len(self._got)
