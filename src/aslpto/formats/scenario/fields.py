"""The scenario reader's checks of single values and tables: types, enums, ranges
(:data:`aslpto.base.ranges.RANGES`), required keys and unknown keys, each error an
:class:`~aslpto.base.rulings.InputError` naming the file, line and field."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum

from aslpto.base.hints import Any, args, cast, origin
from aslpto.base.patterns import LazyPattern
from aslpto.base.ranges import refusal
from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.formats.scenario.source import _MEMBERS, E, _optional_of

CONTROL = LazyPattern(r"[\x00-\x1f\x7f]")
"""A control character: no file or folder name holds one (and a NUL cannot be passed on)."""


class FieldReader:
    """Reads the values of one scenario file (``src``); every error names its line."""

    def __init__(self, src: TomlSource) -> None:
        self.src = src

    # errors ------------------------------------------------------------------------------

    def err(
        self,
        msg: str,
        table: str = "",
        key: str | None = None,
        value: str | None = None,
        nth: int = 0,
    ) -> InputError:
        e = self.src.error(msg, table, key, value, nth)
        if e.line is None and key and not value:
            # a table of its own (``[terrain_chart.forest]``, ``[scenarios]``)
            e.line = self.src.line_of(f"{table}.{key}" if table else key)
        if e.line is None and table:
            # an inline array/table (``units = [{...}]``): point at its key
            head, _, rest = table.partition(".")
            e.line = self.src.line_of("", head) or self.src.line_of(head, rest or None)
        return e

    def check_keys(
        self,
        d: Mapping[str, Any],
        allowed: Collection[str],
        table: str,
        nth: int = 0,
        array: bool = False,
    ) -> None:
        if isinstance(allowed, frozenset) and d.keys() <= allowed:
            return  # (the usual case, checked at once)
        shown = f"[[{table}]]" if array else f"[{table}]"
        for k in d:
            if k not in allowed and not table:
                raise self.err(
                    f"unknown table '{k}' (allowed: {', '.join(sorted(allowed))})", "", k
                )
            if k not in allowed:
                raise self.err(
                    f"unknown key '{k}' in {shown} (allowed: {', '.join(sorted(allowed))})",
                    table,
                    k,
                    nth=nth,
                )

    def table(self, d: Mapping[str, Any], key: str, parent: str = "") -> dict[str, Any]:
        name = f"{parent}.{key}" if parent else key
        v = d.get(key, {})
        if not isinstance(v, dict):
            raise self.err(f"'{name}' must be a table ([{name}])", parent, key)
        return v

    def array(self, key: str) -> list[dict[str, Any]]:
        v = self.src.data.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise self.err(f"'{key}' must be a list of tables ([[{key}]] entries)", key)
        return v

    # values ------------------------------------------------------------------------------

    def value(self, raw: Any, typ: Any, table: str, key: str, nth: int = 0) -> Any:
        """Check a TOML value against a field type (str, int, float, bool, enum, tuple;
        ``T | None`` as ``T``)."""
        if type(raw) is typ:  # (a str, int, bool or float as the field wants: the usual case)
            if typ is int or typ is float:
                self.in_range(raw, table, key, nth)
            return raw
        members = _MEMBERS.get(typ)
        if members is not None and type(raw) is str and raw in members:
            return members[raw]
        if typ is str:
            if not isinstance(raw, str):
                raise self.err(f"'{key}' must be a string", table, key, nth=nth)
            return raw
        if isinstance(typ, type) and issubclass(typ, StrEnum):
            return self.enum(typ, raw, table, key, nth)
        if typ is bool:
            if not isinstance(raw, bool):
                raise self.err(f"'{key}' must be true or false", table, key, nth=nth)
            return raw
        if typ is int:
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise self.err(f"'{key}' must be a whole number", table, key, nth=nth)
            return self.in_range(raw, table, key, nth)
        if typ is float:
            if isinstance(raw, bool) or not isinstance(raw, int | float):
                raise self.err(f"'{key}' must be a number", table, key, nth=nth)
            return self.in_range(float(raw), table, key, nth)
        inner = _optional_of(typ)
        if inner is not typ:
            return self.value(raw, inner, table, key, nth)
        if origin(typ) is tuple and args(typ)[1:] == (Ellipsis,):
            if not isinstance(raw, list):
                raise self.err(f"'{key}' must be a list", table, key, nth=nth)
            item = args(typ)[0]
            return tuple(self.value(x, item, table, key, nth) for x in raw)
        raise self.err(f"'{key}' cannot be set in a scenario file", table, key, nth=nth)

    def in_range(self, raw: float, table: str, key: str, nth: int = 0) -> Any:
        """``raw`` if it is in the range of its field (:data:`aslpto.base.ranges.RANGES`, by
        ``table.key``; a terrain chart row's fields as ``terrain_chart.key``)."""
        bad = refusal(f"{table.partition('.')[0]}.{key}", key, raw)
        if bad is not None:
            raise self.err(bad, table, key, nth=nth)
        return raw

    def enum(self, cls: type[E], raw: Any, table: str, key: str, nth: int = 0) -> E:
        if isinstance(raw, str):
            members = _MEMBERS.get(cls)
            if members is None:
                members = _MEMBERS[cls] = {e.value: e for e in cls}
            got = members.get(raw)
            if got is not None:
                return cast(E, got)
        allowed = ", ".join(e.value for e in cls)
        if not isinstance(raw, str):
            raise self.err(f"'{key}' must be one of: {allowed}", table, key, nth=nth)
        raise self.err(f"{key} '{raw}' is not allowed (allowed: {allowed})", table, key, raw, nth)

    def opt(
        self, d: Mapping[str, Any], key: str, typ: Any, default: Any, table: str, nth: int = 0
    ) -> Any:
        if key not in d:
            return default
        return self.value(d[key], typ, table, key, nth)

    def required(self, d: Mapping[str, Any], key: str, table: str, nth: int = 0) -> str:
        if key not in d:
            raise self.err(f"[[{table}]] entry needs '{key}'", table, nth=nth)
        v = self.value(d[key], str, table, key, nth)
        if not v:
            raise self.err(f"'{key}' must not be empty", table, key, nth=nth)
        if CONTROL.search(v):
            raise self.err(
                f"{key} '{v}' holds a control character (a line break, tab, ...)",
                table,
                key,
                nth=nth,
            )
        return str(v)
