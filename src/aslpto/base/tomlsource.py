"""Read TOML files and find the line of a table, key or value, for errors that say where."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aslpto.base.rulings import InputError

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*("?)([^"=\s]+)\1\s*=')
_DECODE_POS = re.compile(r"\(at line (\d+), column (\d+)\)")


def _norm_table(name: str) -> str:
    return ".".join(p.strip().strip('"') for p in name.split("."))


@dataclass(frozen=True)
class TomlSource:
    """A parsed TOML file that remembers its text so errors can name a line."""

    path: str
    text: str
    data: dict[str, Any]

    @staticmethod
    def load(path: str | Path) -> TomlSource:
        p = Path(path)
        try:
            with open(p, "rb") as f:  # (as tomllib.load reads: faster than text mode)
                text = f.read().decode("utf-8")
            if "\r" in text:  # (line ends as text mode reads them: CRLF and CR are LF)
                text = text.replace("\r\n", "\n").replace("\r", "\n")
        except FileNotFoundError:
            raise InputError("no such file", str(p)) from None
        except IsADirectoryError:
            raise InputError("is a directory, not a TOML file", str(p)) from None
        except UnicodeDecodeError:
            raise InputError("not UTF-8 text", str(p)) from None
        return TomlSource.parse(text, str(p))

    @staticmethod
    def parse(text: str, path: str = "<text>") -> TomlSource:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            m = _DECODE_POS.search(str(e))
            line = int(m.group(1)) if m else None
            msg = _DECODE_POS.sub("", str(e)).strip()
            raise InputError(f"not valid TOML: {msg}", path, line) from None
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
