"""The names of :mod:`typing` the package's modules use, costing nothing at run time.

Importing :mod:`typing` costs a command about 2.5 ms of its cold start (it brings
:mod:`contextlib` and builds hundreds of objects), a twelfth of a whole ``aslpto odds`` call;
the rules read their types only through the type checker. The type checker reads the real
names here (``TYPE_CHECKING`` is true for it); at run time each stands in as the code needs:
``Any`` is ``object``, a ``Generic[T]`` or ``Protocol`` base is a plain base class, a ``TypeVar``
is its name, ``cast`` returns its value, ``overload`` and ``dataclass_transform`` change nothing.
A module that needs more of :mod:`typing` at run time imports it.
"""

from __future__ import annotations

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any as Any
    from typing import Generic as Generic
    from typing import Protocol as Protocol
    from typing import TypeVar as TypeVar
    from typing import cast as cast
    from typing import dataclass_transform as dataclass_transform
    from typing import overload as overload
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
