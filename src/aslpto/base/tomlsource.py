"""Read TOML files and find the line of a table, key or value, for errors that say where."""

from __future__ import annotations

import os

from aslpto.base.hints import Any
from aslpto.base.inputfiles import MAX_TOML_BYTES, read_bytes
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import record
from aslpto.base.rulings import InputError

_HEADER = LazyPattern(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = LazyPattern(r'^\s*("?)([^"=\s]+)\1\s*=')
_DECODE_POS = LazyPattern(r"\(at line (\d+), column (\d+)\)")
_AT_END = "(at end of document)"
_BOM = "\ufeff"
"""The byte-order mark Windows Notepad writes at the start of a UTF-8 file: skipped."""

MAX_NESTING = 64
"""A file too deeply nested for the parser (it recurses once per level and exhausts the
interpreter's stack some hundreds of levels down; no file here nests more than three) is
refused naming the line where its nesting first passes this many levels."""


def _norm_table(name: str) -> str:
    return ".".join(p.strip().strip('"') for p in name.split("."))


@record
class TomlSource:
    """A parsed TOML file that remembers its text so errors can name a line."""

    path: str
    text: str
    data: dict[str, Any]

    @staticmethod
    def load(path: str | os.PathLike[str]) -> TomlSource:
        """Read a TOML file: a regular file (no device, pipe or directory) of at most
        :data:`~aslpto.base.inputfiles.MAX_TOML_BYTES`, UTF-8 with or without a BOM."""
        name = str(path)
        data = read_bytes(path, "a TOML file", MAX_TOML_BYTES)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            raise InputError("not UTF-8 text", name, line) from None
        if "\r" in text:  # (line ends as text mode reads them: CRLF and CR are LF)
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return TomlSource.parse(text, name)

    @staticmethod
    def parse(text: str, path: str = "<text>") -> TomlSource:
        """Parse TOML text (a leading BOM is skipped); errors name ``path`` and the line."""
        text = text.removeprefix(_BOM)
        import tomllib  # (a command that reads no TOML does not import it)

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            m = _DECODE_POS.search(str(e))
            line = int(m.group(1)) if m else None
            if line is None and _AT_END in str(e):
                line = max(1, text.count("\n") + (not text.endswith("\n")))
            msg = _DECODE_POS.sub("", str(e)).replace(_AT_END, "").strip()
            raise InputError(f"not valid TOML: {msg}", path, line) from None
        except ValueError:  # (an integer of more digits than Python converts: 4300)
            raise InputError(
                "not readable: a number of thousands of digits", path, _long_number(text)
            ) from None
        except RecursionError:  # (the parser recurses once per level of nesting)
            raise InputError(
                f"not readable: arrays or inline tables nested too deeply (past "
                f"{MAX_NESTING} levels on this line)",
                path,
                _too_deep(text),
            ) from None
        return TomlSource(path, text, data)

    def line_of(
        self, table: str = "", key: str | None = None, value: str | None = None, nth: int = 0
    ) -> int | None:
        """Line (1-based) of ``key`` in ``[table]`` (the ``nth`` array-of-tables entry), or of
        ``value`` quoted after that key. Best effort: None when it cannot be found."""
        lines = self.text.splitlines()
        current = ""
        seen_tables = -1
        key_line: int | None = None
        table_line: int | None = None
        want = _norm_table(table) if table else ""
        for i, raw in enumerate(lines, start=1):
            m = _HEADER.match(raw)
            if m:
                current = _norm_table(m.group(1))
                if key_line is not None:
                    break
                if current == want:
                    seen_tables += 1
                    if seen_tables == nth:
                        table_line = i
                continue
            in_table = current == want and (not want or seen_tables == nth)
            if not in_table:
                continue
            if key_line is None:
                km = _KEY.match(raw)
                if key is not None and km and km.group(2) == key:
                    key_line = i
                    if value is None:
                        return i
                    if f'"{value}"' in raw or f"'{value}'" in raw:
                        return i
                continue
            if value is not None and (f'"{value}"' in raw or f"'{value}'" in raw):
                return i
            if _KEY.match(raw):
                break
        if key_line is not None:
            return key_line
        return table_line

    def error(
        self,
        message: str,
        table: str = "",
        key: str | None = None,
        value: str | None = None,
        nth: int = 0,
    ) -> InputError:
        """An :class:`InputError` naming this file, the line found and the field."""
        fld = ".".join(p for p in (table, key) if p) or None
        return InputError(message, self.path, self.line_of(table, key, value, nth), fld)


def _too_deep(text: str) -> int | None:
    """The line where brackets and braces first nest deeper than :data:`MAX_NESTING`, or
    None (brackets inside strings count too: this only says where)."""
    depth = 0
    line = 1
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line
        elif ch in "]}":
            depth -= 1
        elif ch == "\n":
            line += 1
    return None


_LONG_NUMBER = LazyPattern(r"\d{4000,}")


def _long_number(text: str) -> int | None:
    """The line of the first number of thousands of digits, or None."""
    m = _LONG_NUMBER.search(text)
    return None if m is None else text.count("\n", 0, m.start()) + 1
