"""The bundled data files (``aslpto/data/*.toml``): read once, shared by every module."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def bundled(name: str) -> dict[str, Any]:
    """The parsed ``aslpto/data/<name>`` (e.g. ``"pto_procedures.toml"``). Callers must not
    change what they get: it is shared. A byte-order mark (as Windows Notepad writes one) is
    skipped."""
    text = resources.files("aslpto").joinpath("data", name).read_text(encoding="utf-8-sig")
    return tomllib.loads(text)
