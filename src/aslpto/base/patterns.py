"""Regular expressions compiled when first used.

A module's patterns compiled at import cost every command 0.05-0.4 ms each, whether it reads
with them or not (most serve an error message or a rarer spelling): a :class:`LazyPattern`
compiles on its first match, once a process.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator

from aslpto.base.hints import Any


class LazyPattern:
    """``re.compile(source, flags)``, made when first asked for."""

    __slots__ = ("_compiled", "flags", "source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source = source
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        got = self._compiled
        if got is None:
            got = self._compiled = re.compile(self.source, self.flags)
        return got

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string)

    def findall(self, string: str) -> list[Any]:
        return self.compiled.findall(string)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def __repr__(self) -> str:
        return f"LazyPattern({self.source!r})"
