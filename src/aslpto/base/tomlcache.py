"""TOML files parsed before, kept by their content between commands.

A player asks many questions of one scenario, each a fresh process; parsing its TOML (and
importing the parser, which brings :mod:`typing` and :mod:`datetime`) is a sixth of a cold
``aslpto reach``. As Python keeps a module's bytecode, a parsed file is kept in a cache folder
(``$ASLPTO_CACHE``, else ``$XDG_CACHE_HOME/aslpto``, else ``~/.cache/aslpto``; ``off`` keeps
nothing) and used again only for the very same text: an entry holds the text it was parsed
from and is compared with it whole, so an edited file is always parsed afresh. An entry that
cannot be read or written is skipped; the folder keeps at most :data:`MAX_ENTRIES`, each of
a text of at most :data:`MAX_TEXT` characters, and is readable by its owner alone. An entry
also names the interpreter's version and the limits the parse depends on (the digits of an
integer, the depth of recursion): it is read back only where the parse would give the same.
The referee page's server (``aslpto serve``) keeps nothing (:func:`turn_off`): an upload is
parsed once in a process that lives on.
"""

from __future__ import annotations

import os
import sys

from aslpto.base import keptfiles
from aslpto.base.hints import Any

MAX_ENTRIES = 256
"""Beyond this many entries, the older half is removed when a new one is written."""

MAX_TEXT = 1024 * 1024
"""A larger text (no scenario or board file comes near it) is parsed each time, not kept."""

_off = False


def turn_off() -> None:
    """Keep nothing and read nothing back for the rest of the process."""
    global _off
    _off = True

_SUFFIX = ".toml.marshal"


def folder() -> str | None:
    """The cache folder, or None when caching is off (``ASLPTO_CACHE`` empty, ``off`` or not an
    absolute folder once ``~`` is expanded)."""
    if _off:
        return None
    chosen = os.environ.get("ASLPTO_CACHE")
    if chosen is not None:
        if chosen in ("", "off"):
            return None
        chosen = os.path.expanduser(chosen)
        return chosen if os.path.isabs(chosen) else None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # (unset, or relative: invalid, says the XDG specification)
        base = os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(base):  # (no home folder known: keep nothing, not a "~" here)
            return None
    return os.path.join(base, "aslpto")


def _entry(where: str, text: str) -> str:
    import binascii  # (a C module: 0.1 ms)

    raw = text.encode("utf-8", "surrogatepass")
    v = sys.version_info
    limits = f"{v[0]}{v[1]}-{sys.get_int_max_str_digits()}-{sys.getrecursionlimit()}"
    return os.path.join(where, f"{binascii.crc32(raw):08x}-{len(raw)}-{limits}{_SUFFIX}")


def get(text: str) -> dict[str, Any] | None:
    """The parsed data of exactly ``text``, when it was kept."""
    where = folder()
    if where is None or len(text) > MAX_TEXT:
        return None
    got = keptfiles.read(_entry(where, text))
    if (isinstance(got, tuple) and len(got) == 2 and got[0] == text
            and isinstance(got[1], dict)):  # fmt: skip
        return got[1]
    return None


def put(text: str, data: dict[str, Any]) -> None:
    """Keep the parsed ``data`` of ``text`` (not when it holds a value marshal cannot keep, a
    TOML date)."""
    where = folder()
    if where is None or len(text) > MAX_TEXT:
        return
    if keptfiles.write(_entry(where, text), (text, data), private=True):
        _prune(where)


def _prune(where: str) -> None:
    try:
        names = [n for n in os.listdir(where) if n.endswith(_SUFFIX)]
        if len(names) <= MAX_ENTRIES:
            return
        paths = sorted((os.path.join(where, n) for n in names), key=os.path.getmtime)
    except OSError:  # (another process pruning at once)
        return
    for p in paths[: len(paths) // 2]:
        keptfiles.remove(p)
