"""The bundled data files (``aslpto/data/*.toml``): read once, shared by every module.

A parsed file is kept beside the data, compiled
(``data/__pycache__/NAME.MTIME.SIZE.tables.marshal``, as Python keeps a module's bytecode),
so that a command, a fresh process, reads a large table such as the counter catalog without
parsing its TOML again; each top-level table is compiled apart and read when first asked for
(:func:`bundled_table`). A cache that cannot be written or read is skipped; one whose file
changed is not used (its name holds the file's time and size).
"""

from __future__ import annotations

import marshal
import os
from functools import cache

from aslpto.base import keptfiles
from aslpto.base.hints import Any

DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
"""The package's data folder (read as plain files: a command pays for no more imports)."""

_CACHE_DIR = os.path.join(DATA_DIR, "__pycache__")


def data_text(name: str) -> str:
    """The text of ``aslpto/data/<name>``; a byte-order mark (as Windows Notepad writes one)
    is skipped."""
    with open(os.path.join(DATA_DIR, name), encoding="utf-8-sig") as f:
        return f.read()


@cache
def bundled(name: str) -> dict[str, Any]:
    """The parsed ``aslpto/data/<name>`` (e.g. ``"pto_procedures.toml"``). Callers must not
    change what they get: it is shared."""
    return {table: bundled_table(name, table) for table in _tables(name)}


@cache
def bundled_table(name: str, table: str) -> Any:
    """One top-level table of ``aslpto/data/<name>``, read from the compiled file when first
    asked for (a command reading the counter catalog's squads reads none of its leaders)."""
    got = _tables(name)[table]
    return got.value if isinstance(got, _Parsed) else marshal.loads(got)


class Tables:
    """A bundled data file as its top-level tables, each read when first asked for
    (:func:`bundled_table`): ``get`` and ``[]`` as a dict's."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, table: str) -> Any:
        if table not in _tables(self.name):
            raise KeyError(table)
        return bundled_table(self.name, table)

    def get(self, table: str, default: Any = None) -> Any:
        return bundled_table(self.name, table) if table in _tables(self.name) else default


class _Parsed:
    """A table kept as parsed: one holding a value marshal cannot (a TOML date)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


@cache
def _tables(name: str) -> dict[str, bytes | _Parsed]:
    """The compiled file of ``aslpto/data/<name>``: each top-level table marshalled apart, read
    in one go; written from the TOML when missing or stale."""
    st = os.stat(os.path.join(DATA_DIR, name))
    compiled = os.path.join(_CACHE_DIR, f"{name}.{st.st_mtime_ns}.{st.st_size}.tables.marshal")
    got = keptfiles.read(compiled)
    if isinstance(got, dict) and all(isinstance(v, bytes) for v in got.values()):
        return got
    import tomllib  # (only when the compiled file is missing or stale)

    data = tomllib.loads(data_text(name))
    tables: dict[str, bytes | _Parsed] = {}
    for table, value in data.items():
        try:
            tables[table] = marshal.dumps(_shared(value, {}))
        except ValueError:  # (a value marshal cannot hold: a TOML date)
            tables[table] = _Parsed(value)
    if all(isinstance(v, bytes) for v in tables.values()):
        _write_compiled(name, compiled, tables)
    return tables


def _shared(x: Any, seen: dict[str, str]) -> Any:
    """``x`` with each repeated string one object: marshal then writes it once and refers to
    it after, and reading the table makes a fraction of the objects (the catalog repeats its
    keys and values hundreds of times)."""
    if isinstance(x, dict):
        return {_shared(k, seen): _shared(v, seen) for k, v in x.items()}
    if isinstance(x, list):
        return [_shared(v, seen) for v in x]
    if isinstance(x, str):
        return seen.setdefault(x, x)
    return x


def _write_compiled(name: str, path: str, tables: dict[str, bytes | _Parsed]) -> None:
    """Keep the compiled file, removing the file's older ones (a read-only install: the TOML is
    parsed every time)."""
    try:
        for old in os.listdir(_CACHE_DIR):
            if old.startswith(name + ".") and old.endswith(".marshal"):
                keptfiles.remove(os.path.join(_CACHE_DIR, old))
    except OSError:  # (no folder yet)
        pass
    keptfiles.write(path, tables)
