"""The bundled data files (``aslpto/data/*.toml``): read once, shared by every module."""

from __future__ import annotations

import os
import tomllib
from functools import cache
from typing import Any

DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
"""The package's data folder (read as plain files: a command pays for no more imports)."""


def data_text(name: str) -> str:
    """The text of ``aslpto/data/<name>``; a byte-order mark (as Windows Notepad writes one)
    is skipped."""
    with open(os.path.join(DATA_DIR, name), encoding="utf-8-sig") as f:
        return f.read()


@cache
def bundled(name: str) -> dict[str, Any]:
    """The parsed ``aslpto/data/<name>`` (e.g. ``"pto_procedures.toml"``). Callers must not
    change what they get: it is shared."""
    return tomllib.loads(data_text(name))
