"""Answers a chapter of the rules plugs into a core procedure that may not import it (the
layers run one way, docs/architecture.md). :mod:`aslpto.rules` plugs them in when the rules
are first imported, without importing the procedures that will read them (a command imports
only what it needs)."""

from __future__ import annotations

import sys
from types import ModuleType

from aslpto.base.hints import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable


def module(name: str) -> ModuleType:
    """The module ``name`` (a dotted name), imported if it is not yet: what
    ``importlib.import_module`` does for an absolute name, without importing :mod:`importlib`
    (a command's start-up)."""
    got = sys.modules.get(name)
    if got is None:
        __import__(name)
        got = sys.modules[name]
    return got


class Later:
    """A package's ``__getattr__`` (PEP 562): each name of :attr:`names` imported from the
    module defining it when first asked for, then kept in the package (``"module:other"``: that
    module's ``other``). A package so names its modules' entry points without importing them
    all (a command imports what it uses)::

        if not TYPE_CHECKING:
            __getattr__ = Later(globals(), {"dump": "aslpto.formats.scenario.writer"})
            __dir__ = __getattr__.dir
            __all__ = __getattr__.public()

    Its ``if TYPE_CHECKING:`` imports name the same to the type checker, which sees no
    ``__getattr__`` and so refuses a name the package lacks (``tests/test_architecture.py``
    holds the two alike)."""

    __slots__ = ("_space", "names")

    def __init__(self, space: dict[str, Any], names: dict[str, str]) -> None:
        self._space = space  # (the package's own globals: where a name is kept once read)
        self.names = names

    def __call__(self, name: str) -> Any:
        where = self.names.get(name)
        if where is None:
            raise AttributeError(f"module {self._space['__name__']!r} has no attribute {name!r}")
        where, _, attribute = where.partition(":")
        value = getattr(module(where), attribute or name)
        self._space[name] = value
        return value

    def dir(self) -> list[str]:
        """The package's ``__dir__``: its names and those it gives later."""
        return sorted(set(self._space) | set(self.names))

    def public(self) -> list[str]:
        """The package's ``__all__`` (what ``import *`` gives): its public values and those it
        gives later, not its modules nor the names it only imports to work."""
        own = (
            n
            for n, v in self._space.items()
            if not n.startswith("_")
            and not isinstance(v, ModuleType)
            and n not in ("TYPE_CHECKING", "Later", "annotations")
        )
        return sorted(set(own) | set(self.names))

    def __repr__(self) -> str:
        return f"<the names {self._space['__name__']} gives when first asked for>"


NATIONAL_MORALE: dict[str, str] = {}
"""For a nationality whose chapter changes the morale procedures' results, the module whose
``MORALE`` answers them (``"japanese"``: ``aslpto.rules.japanese.morale``, G1.1-G1.41), imported
when the morale procedures first ask about a unit of it
(:func:`aslpto.rules.morale.national.rules_for`)."""

TERRAIN_WORDS: list[Callable[[Any], Callable[[Any], Any]]] = []
"""How a map's conditions change a terrain word by itself (PTO Terrain, G.1; ice, B21.6), read
by the LOS over a real board's artwork (:mod:`aslpto.rules.los.artwork`): plugged in as a
function, or by the name of the module whose ``terrain_words`` it is
(:data:`TERRAIN_WORDS_MODULE`), imported when first asked."""

TERRAIN_WORDS_MODULE = ""
"""``aslpto.rules.pto.terrain`` (see :data:`TERRAIN_WORDS`)."""
