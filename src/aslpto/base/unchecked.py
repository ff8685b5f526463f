"""Values the data files mark ``sure = false`` (taken from the published rules, not yet checked
against a text the project cites), and which of them the answer being computed has read.

A data file marks a whole table (``sure = false`` in it), one inline entry
(``path_mf = { value = 1, rule = "B13.6", sure = false }``) or a group of keys
(``broken_sure = false`` covers ``broken_fails`` and ``broken_original_12``). The readers of
the data call :func:`note` (or read through :class:`Recorded`); a command starts with
:func:`begin` and ends by listing :func:`taken`, one line each ("unchecked value: B13.6
numbers.path_mf = 1 (data/movement.toml)").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import record

FILES = ("movement.toml", "morale.toml", "pto_procedures.toml", "fire.toml", "cc.toml")
"""The data files holding values marked unchecked (counters.toml and catalog.toml hold none)."""


@record
class Entry:
    """One unchecked value: its file, table path, the rule it cites and what it says."""

    file: str
    path: tuple[str, ...]
    group: str  # a key prefix within ``path`` ("broken"), or "" for the whole table/entry
    rule: str
    value: str

    @property
    def label(self) -> str:
        where = ".".join((*self.path, self.group) if self.group else self.path)
        rule = f"{self.rule} " if self.rule else ""
        return f"{rule}{where}{self.value} (data/{self.file})"

    def covers(self, path: tuple[str, ...]) -> bool:
        n = len(self.path)
        if self.group:
            if path[:n] != self.path or len(path) <= n:
                return False
            key = path[n]
            return key == self.group or key.startswith(self.group + "_")
        return path[:n] == self.path


def _toml(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return str(v)


def _value(v: Mapping[str, Any]) -> str:
    if "value" in v:
        return f" = {_toml(v['value'])}"
    if "what" in v:
        return f": {v['what']}"
    return ""


def _walk(file: str, d: Mapping[str, Any], path: tuple[str, ...], rule: str) -> Iterator[Entry]:
    rule = str(d.get("rule", rule))
    if d.get("sure") is False:
        yield Entry(file, path, "", rule, _value(d))
        return
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _walk(file, v, (*path, k), rule)
        elif k.endswith("_sure") and v is False:
            group = k[: -len("_sure")]
            keys = [kk for kk in d if (kk == group or kk.startswith(group + "_")) and kk != k]
            if keys == [group]:
                yield Entry(file, path, group, rule, f" = {_toml(d[group])}")
            else:
                vals = ", ".join(f"{kk} = {_toml(d[kk])}" for kk in keys)
                yield Entry(file, path, group, rule, f": {vals}" if vals else "")


@cache
def entries() -> tuple[Entry, ...]:
    """Every value the data files mark unchecked, file by file in file order."""
    return tuple(e for f in FILES for e in _entries_of(f))


@cache
def _entries_of(file: str) -> tuple[Entry, ...]:
    """The unchecked values of one of :data:`FILES` (a command reads only the files it uses)."""
    return tuple(_walk(file, bundled(file), (), "")) if file in FILES else ()


_taken: dict[Entry, None] = {}


def begin() -> None:
    """Start a new answer: forget what earlier ones read."""
    _taken.clear()


_captures: list[dict[Entry, None]] = []


def note(file: str, *path: str) -> None:
    """The answer reads ``path`` of ``data/<file>``: remember it if it is unchecked."""
    for e in _matching(file, path):
        _taken[e] = None
        for c in _captures:
            c[e] = None


class capture:
    """The unchecked values read inside the ``with`` block (also taken by the answer), for a
    cache to keep beside what it computed and :func:`replay` when it answers from memory."""

    __slots__ = ("got",)

    def __init__(self) -> None:
        self.got: dict[Entry, None] = {}

    def __enter__(self) -> dict[Entry, None]:
        _captures.append(self.got)
        return self.got

    def __exit__(self, *exc: object) -> None:
        # by identity (two captures holding the same values are equal dicts)
        del _captures[next(i for i, c in enumerate(_captures) if c is self.got)]


def replay(entries: Iterable[Entry]) -> None:
    """An answer taken from a cache reads again what computing it read (see :func:`capture`)."""
    for e in entries:
        _taken[e] = None
        for c in _captures:
            c[e] = None


@cache
def _matching(file: str, path: tuple[str, ...]) -> tuple[Entry, ...]:
    return tuple(e for e in _index(file).get(path[0] if path else "", ()) if e.covers(path))


def taken() -> list[str]:
    """The unchecked values read since :func:`begin`, in the order first read."""
    return [e.label for e in _taken]


@cache
def _index(file: str) -> dict[str, tuple[Entry, ...]]:
    """A file's unchecked values by the first key of their path."""
    out: dict[str, list[Entry]] = {}
    for e in _entries_of(file):
        out.setdefault(e.path[0] if e.path else "", []).append(e)
    return {k: tuple(v) for k, v in out.items()}


class Recorded(Mapping[str, Any]):
    """A read-only view of a data table that notes every key read (nested tables too)."""

    __slots__ = ("_d", "_file", "_path")

    def __init__(self, d: Mapping[str, Any], file: str, path: tuple[str, ...] = ()) -> None:
        self._d = d
        self._file = file
        self._path = path

    def __getitem__(self, key: str) -> Any:
        v = self._d[key]
        p = (*self._path, key)
        note(self._file, *p)
        return Recorded(v, self._file, p) if isinstance(v, Mapping) else v

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)
