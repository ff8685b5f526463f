"""Records: the project's dataclasses, made at import for a fraction of the standard cost.

``@record`` is ``@dataclasses.dataclass(frozen=True)`` to a type checker (PEP 681
``dataclass_transform``) and to :mod:`dataclasses` itself (``fields``, ``replace``, ``asdict``
and ``is_dataclass`` accept a record); ``@record(frozen=False)`` is a plain mutable dataclass.
It compiles ``__init__``, ``__eq__`` and ``__hash__`` from one source per class; ``__repr__``,
the frozen ``__setattr__`` and the ordering are shared functions over the class's field names.
The standard decorator compiles six methods one by one, about 0.4 ms a class against 0.17 ms
here: with some 170 classes that was most of a command's start-up, which every command-line
call pays (``benchmarks/bench_cold_start.py``).

The behaviour is the standard one for what the project uses: positional and keyword fields in
declaration order, inherited fields first, ``field(default=..., default_factory=...,
init=..., repr=..., compare=..., hash=...)``, ``__post_init__``, ``eq``, ``order``, ``frozen``,
``slots``, ``__match_args__``, the same ``__hash__`` values (a tuple of the compared fields) and
the same ``repr``. Not supported (refused where declared): ``InitVar``, ``KW_ONLY``,
``ClassVar`` fields are skipped as :mod:`dataclasses` skips them.

>>> @record
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p == Point(1, 0), hash(p) == hash((1, 0)), replace(p, y=2)
(Point(x=1, y=0), True, True, Point(x=1, y=2))
>>> p.x = 3  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
FrozenRecordError: cannot assign to field 'x'
>>> import dataclasses
>>> [f.name for f in dataclasses.fields(p)], dataclasses.replace(p, x=5)
(['x', 'y'], Point(x=5, y=0))
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from types import MemberDescriptorType

from aslpto.base.hints import TYPE_CHECKING, Any, TypeVar, dataclass_transform, overload

__all__ = ["MISSING", "FrozenRecordError", "Spec", "field", "fields", "record", "replace"]

_C = TypeVar("_C", bound=type)
_T = TypeVar("_T")
_R = TypeVar("_R")


class _Missing:
    """The "no default" marker (``dataclasses.MISSING`` plays this part there)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_SPECS = "__record_specs__"


class FrozenRecordError(AttributeError):
    """Assigning to or deleting a field of a frozen record (``dataclasses.FrozenInstanceError``
    plays this part there)."""


class Spec:
    """One field of a record: what ``field()`` declares, with its name and annotation."""

    __slots__ = ("compare", "default", "default_factory", "hash", "init", "name", "repr", "type")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        compare: bool = True,
        hash: bool | None = None,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.hash = hash

    def __repr__(self) -> str:
        return f"Spec(name={self.name!r}, default={self.default!r})"


@overload
def field(
    *, default: _T, init: bool = ..., repr: bool = ..., compare: bool = ..., hash: bool | None = ...
) -> _T: ...
@overload
def field(
    *,
    default_factory: Callable[[], _T],
    init: bool = ...,
    repr: bool = ...,
    compare: bool = ...,
    hash: bool | None = ...,
) -> _T: ...
@overload
def field(
    *, init: bool = ..., repr: bool = ..., compare: bool = ..., hash: bool | None = ...
) -> Any: ...
def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
    hash: bool | None = None,
) -> Any:
    """A field with options, as ``dataclasses.field``."""
    return Spec(default, default_factory, init, repr, compare, hash)


def fields(obj: Any) -> tuple[Spec, ...]:
    """A record's fields in order (for a class or an instance), as ``dataclasses.fields``."""
    specs: dict[str, Spec] | None = getattr(obj, _SPECS, None)
    if specs is None:
        raise TypeError(f"{obj!r} is not a record")
    return tuple(specs.values())


def _replace(obj: _R, /, **changes: Any) -> _R:
    """A copy of the record ``obj`` with ``changes``, as ``dataclasses.replace``."""
    names, values_of, fixed = type(obj).__record_init__  # type: ignore[attr-defined]
    if fixed and not fixed.isdisjoint(changes):
        name = sorted(fixed.intersection(changes))[0]
        raise ValueError(
            f"field {name} is declared with init=False, it cannot be specified with replace()"
        )
    values = dict(zip(names, values_of(obj), strict=True))
    values.update(changes)
    made: _R = type(obj)(**values)
    return made


if TYPE_CHECKING:  # the type checker checks a replace's fields and values as a dataclass's
    from dataclasses import replace as replace
else:
    replace = _replace


class _StandardFields:
    """``__dataclass_fields__``, made the first time :mod:`dataclasses` asks (so that
    ``dataclasses.fields``/``replace``/``asdict`` accept a record), then kept: the fields of a
    stand-in class with the record's fields, made by the standard decorator itself."""

    def __get__(self, obj: object, owner: type) -> dict[str, Any]:
        import dataclasses

        space: dict[str, Any] = {"__annotations__": {}}
        for s in getattr(owner, _SPECS).values():
            space["__annotations__"][s.name] = s.type
            space[s.name] = dataclasses.field(
                default=dataclasses.MISSING if s.default is MISSING else s.default,
                default_factory=(
                    dataclasses.MISSING if s.default_factory is MISSING else s.default_factory
                ),
                init=s.init,
                repr=s.repr,
                compare=s.compare,
                hash=s.hash,
            )
        stand_in: Any = dataclasses.dataclass(init=False, repr=False, eq=False)(
            type(owner.__name__, (), space)
        )
        made: dict[str, Any] = dict(stand_in.__dataclass_fields__)
        type.__setattr__(owner, "__dataclass_fields__", made)
        return made


def _frozen_setattr(self: object, name: str, value: object) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: object, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field {name!r}")


def _slots_getstate(self: object) -> list[object]:
    """A frozen slotted record's state for ``copy`` and ``pickle`` (its values in order)."""
    return [getattr(self, n) for n in getattr(type(self), _SPECS)]


def _slots_setstate(self: object, state: list[object]) -> None:
    for name, value in zip(getattr(type(self), _SPECS), state, strict=True):
        object.__setattr__(self, name, value)


def _tuple_of(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving a record's values of ``names`` as a tuple (C speed)."""
    if not names:
        return lambda _: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda r: (one(r),)
    return attrgetter(*names)


def _is_classvar(annotation: object) -> bool:
    return isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.ClassVar"))


def _specs_of(cls: type) -> dict[str, Spec]:
    specs: dict[str, Spec] = {}
    for base in reversed(cls.__mro__[1:]):
        specs.update(base.__dict__.get(_SPECS, {}))
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
        if _is_classvar(annotation):
            continue
        if isinstance(annotation, str) and annotation.startswith(("InitVar", "KW_ONLY")):
            raise TypeError(f"{cls.__name__}.{name}: {annotation} is not supported by records")
        value = cls.__dict__.get(name, MISSING)
        spec = value if isinstance(value, Spec) else Spec(default=value)
        spec.name, spec.type = name, annotation
        if isinstance(value, Spec):
            if spec.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, spec.default)
        specs[name] = spec
    return specs


def _tuple_source(who: str, names: tuple[str, ...]) -> str:
    return "(" + "".join(f"{who}.{n}, " for n in names) + ")"


def _methods_source(
    specs: dict[str, Spec],
    frozen: bool,
    post_init: bool,
    qualname: str,
    compared: tuple[str, ...] | None,
    hashed: tuple[str, ...] | None,
    setters: dict[str, Any],
) -> tuple[str, dict[str, Any]]:
    """The source of ``__init__`` and, where asked, ``__eq__`` and ``__hash__`` (as fast as the
    standard ones: the hot paths hash and compare locations), compiled in one go. ``setters``:
    the slot descriptors' ``__set__`` of a frozen record with slots, by field."""
    names: dict[str, Any] = {"__rec_set": object.__setattr__, "__rec_missing": MISSING}
    params: list[str] = []
    body: list[str] = []
    defaulted = False
    for s in specs.values():
        n = s.name
        if s.default_factory is not MISSING:
            names[f"__rec_f_{n}"] = s.default_factory
            value = (
                f"__rec_f_{n}() if {n} is __rec_missing else {n}" if s.init else f"__rec_f_{n}()"
            )
            default = "__rec_missing"
        elif s.default is not MISSING:
            names[f"__rec_d_{n}"] = s.default
            value = n if s.init else f"__rec_d_{n}"
            default = f"__rec_d_{n}"
        else:
            if not s.init:
                continue
            if defaulted:
                raise TypeError(f"{qualname}: non-default argument {n!r} follows default argument")
            value, default = n, ""
        if s.init:
            params.append(f"{n}={default}" if default else n)
            defaulted = defaulted or bool(default)
        # object.__setattr__ as the standard frozen __init__ (a value written into __dict__
        # would cost every later read of it: the instance's values would not be inline)
        # (a slot's own descriptor sets it without looking the name up)
        if n in setters:
            names[f"__rec_s_{n}"] = setters[n]
            body.append(f"__rec_s_{n}(self, {value})")
        else:
            body.append(f"__rec_set(self, {n!r}, {value})" if frozen else f"self.{n} = {value}")
    if post_init:
        body.append("self.__post_init__()")
    text = f"def __init__(self, {', '.join(params)}):\n " + "\n ".join(body or ["pass"])
    if compared is not None:
        text += (
            "\ndef __eq__(self, other):\n if other.__class__ is self.__class__:\n"
            f"  return {_tuple_source('self', compared)} == {_tuple_source('other', compared)}\n"
            " return NotImplemented"
        )
    if hashed is not None:
        text += f"\ndef __hash__(self):\n return hash({_tuple_source('self', hashed)})"
    return text.replace("(self, )", "(self)"), names


def _with_slots(cls: type, specs: dict[str, Spec]) -> type:
    space = dict(cls.__dict__)
    for name in specs:
        space.pop(name, None)
    space.pop("__dict__", None)
    space.pop("__weakref__", None)
    inherited = {n for b in cls.__mro__[1:] for n in getattr(b, "__slots__", ())}
    space["__slots__"] = tuple(n for n in specs if n not in inherited)
    made = type(cls)(cls.__name__, cls.__bases__, space)
    made.__qualname__ = cls.__qualname__
    return made


def _build(cls: type, eq: bool, order: bool, frozen: bool, slots: bool) -> type:
    specs = _specs_of(cls)
    if slots:
        cls = _with_slots(cls, specs)
    own = dict(cls.__dict__)
    init_names = tuple(s.name for s in specs.values() if s.init)
    put: dict[str, Any] = {
        _SPECS: specs,
        "__record_init__": (
            init_names,
            _tuple_of(init_names),
            frozenset(s.name for s in specs.values() if not s.init),
        ),
        "__dataclass_fields__": _StandardFields(),
        "__match_args__": tuple(s.name for s in specs.values() if s.init),
    }
    compared = tuple(s.name for s in specs.values() if s.compare)
    hashed: tuple[str, ...] | None = None
    explicit_hash = own.get("__hash__", MISSING)
    if explicit_hash is MISSING or (explicit_hash is None and "__eq__" in own):
        if eq and frozen:
            hashed = tuple(
                s.name for s in specs.values() if (s.compare if s.hash is None else s.hash)
            )
        elif eq:
            put["__hash__"] = None
    text, names = _methods_source(
        specs,
        frozen,
        hasattr(cls, "__post_init__"),
        cls.__qualname__,
        compared if eq and "__eq__" not in own else None,
        hashed,
        {
            n: d.__set__
            for n in specs
            if frozen and slots and isinstance(d := getattr(cls, n, None), MemberDescriptorType)
        },
    )
    exec(compile(text, f"<record {cls.__qualname__}>", "exec"), names)
    for name in ("__init__", "__eq__", "__hash__"):
        if name in names and not (name == "__init__" and "__init__" in own):  # (kept, as the
            names[name].__qualname__ = f"{cls.__qualname__}.{name}"  # standard decorator does)
            put[name] = names[name]
    if "__match_args__" in own:
        del put["__match_args__"]
    shown = tuple(s.name for s in specs.values() if s.repr)
    if "__repr__" not in own:

        def __repr__(self: Any) -> str:
            inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
            return f"{type(self).__qualname__}({inner})"

        put["__repr__"] = __repr__
    if order:
        for name in ("__lt__", "__le__", "__gt__", "__ge__"):
            if name in own:
                raise TypeError(
                    f"Cannot overwrite attribute {name} in class {cls.__name__}. "
                    "Consider using functools.total_ordering"
                )
        put.update(_order(_tuple_of(compared)))
    if frozen:
        put["__setattr__"], put["__delattr__"] = _frozen_setattr, _frozen_delattr
        if slots:
            put["__getstate__"], put["__setstate__"] = _slots_getstate, _slots_setstate
    for name, value in put.items():
        type.__setattr__(cls, name, value)
    return cls


def _order(key: Callable[[Any], tuple[Any, ...]]) -> dict[str, Any]:
    """``__lt__``, ``__le__``, ``__gt__`` and ``__ge__`` comparing the fields' tuples."""

    def lt(self: Any, other: Any) -> Any:
        return key(self) < key(other) if other.__class__ is self.__class__ else NotImplemented

    def le(self: Any, other: Any) -> Any:
        return key(self) <= key(other) if other.__class__ is self.__class__ else NotImplemented

    def gt(self: Any, other: Any) -> Any:
        return key(self) > key(other) if other.__class__ is self.__class__ else NotImplemented

    def ge(self: Any, other: Any) -> Any:
        return key(self) >= key(other) if other.__class__ is self.__class__ else NotImplemented

    return {"__lt__": lt, "__le__": le, "__gt__": gt, "__ge__": ge}


@overload
def record(cls: _C, /) -> _C: ...
@overload
def record(
    *, eq: bool = True, order: bool = False, frozen: bool = True, slots: bool = False
) -> Callable[[_C], _C]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(field, Spec))
def record(
    cls: Any = None,
    /,
    *,
    eq: bool = True,
    order: bool = False,
    frozen: bool = True,
    slots: bool = False,
) -> Any:
    """Make ``cls`` a record: a frozen dataclass unless ``frozen=False``."""
    if cls is None:
        return lambda c: _build(c, eq, order, frozen, slots)
    return _build(cls, eq, order, frozen, slots)
