"""Answers a chapter of the rules plugs into a core procedure that may not import it (the
layers run one way, docs/architecture.md). :mod:`aslpto.rules` plugs them in when the rules
are first imported, without importing the procedures that will read them (a command imports
only what it needs)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

from aslpto.base.hints import Any


def module(name: str) -> ModuleType:
    """The module ``name`` (a dotted name), imported if it is not yet: what
    ``importlib.import_module`` does for an absolute name, without importing :mod:`importlib`
    (a command's start-up)."""
    got = sys.modules.get(name)
    if got is None:
        __import__(name)
        got = sys.modules[name]
    return got

JAPANESE_MORALE = ""
"""The module answering the morale procedures' questions of the Japanese rules (G1.1-G1.41):
``aslpto.rules.japanese.units``, imported when the morale procedures first ask
(:mod:`aslpto.rules.morale.national`)."""

TERRAIN_WORDS: list[Callable[[Any], Callable[[Any], Any]]] = []
"""How a map's conditions change a terrain word by itself (PTO Terrain, G.1; ice, B21.6), read
by the LOS over a real board's artwork (:mod:`aslpto.rules.los.artwork`): plugged in as a
function, or by the name of the module whose ``terrain_words`` it is
(:data:`TERRAIN_WORDS_MODULE`), imported when first asked."""

TERRAIN_WORDS_MODULE = ""
"""``aslpto.rules.pto.terrain`` (see :data:`TERRAIN_WORDS`)."""
