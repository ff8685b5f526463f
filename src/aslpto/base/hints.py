"""The names of :mod:`typing` the package's modules use, costing nothing at run time.

Importing :mod:`typing` costs a command about 2.5 ms of its cold start (it brings
:mod:`contextlib` and builds hundreds of objects), a twelfth of a whole ``aslpto odds`` call;
the rules read their types only through the type checker. The type checker reads the real
names here (``TYPE_CHECKING`` is true for it); at run time each stands in as the code needs:
``Any`` is ``object``, a ``Generic[T]`` or ``Protocol`` base is a plain base class, a ``TypeVar``
is its name, ``cast`` returns its value, ``overload`` and ``dataclass_transform`` change nothing.
The set is fixed (``tests/test_architecture.py`` holds it): a module that needs another name
of :mod:`typing`, at run time or for the type checker, imports it from :mod:`typing`.

:func:`type_hints`, :func:`origin` and :func:`args` read a class's field types at run time as
``typing.get_type_hints``, ``get_origin`` and ``get_args`` do, for the package's own classes
(annotations kept as text, written ``X | None`` and ``tuple[X, ...]``).
"""

from __future__ import annotations

import sys
from types import UnionType

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import (
        Any as Any,
        Generic as Generic,
        Protocol as Protocol,
        TypeVar as TypeVar,
        cast as cast,
        dataclass_transform as dataclass_transform,
        overload as overload,
    )
else:
    Any = object

    class Generic:
        """A generic base class: ``Generic[T]`` is the class itself."""

        __slots__ = ()

        def __class_getitem__(cls, params):
            return cls

    class Protocol(Generic):
        """A structural interface: a plain base class."""

        __slots__ = ()

    def TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False):
        return name

    def cast(typ, val):
        return val

    def overload(func):
        return func

    def dataclass_transform(**kwargs):
        def mark(target):
            target.__dataclass_transform__ = kwargs
            return target

        return mark


def type_hints(cls: type) -> dict[str, Any]:
    """The types of a class's annotated names, base classes first: each annotation (text,
    PEP 563) evaluated in its own class's module."""
    out: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        written = vars(klass).get("__annotations__")  # (its own, not a base's)
        if not written:
            continue
        space = vars(sys.modules[klass.__module__])
        for name, text in written.items():
            out[name] = eval(text, space, dict(vars(klass))) if isinstance(text, str) else text
    return out


def origin(typ: Any) -> Any:
    """``tuple`` for ``tuple[int, ...]``, :class:`types.UnionType` for ``int | None``, else
    None."""
    if isinstance(typ, UnionType):
        return UnionType
    return getattr(typ, "__origin__", None)


def args(typ: Any) -> tuple[Any, ...]:
    """``(int, Ellipsis)`` for ``tuple[int, ...]``, ``(int, NoneType)`` for ``int | None``."""
    got = getattr(typ, "__args__", ())
    return got if isinstance(got, tuple) else ()
