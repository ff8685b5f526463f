"""Records (``aslpto.base.records``) behave as the standard frozen dataclasses they replace."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given, strategies as st

from aslpto.base.records import FrozenRecordError, field, fields, record, replace


@record
class Rec:
    a: int
    b: str = "x"
    c: tuple[int, ...] = field(default_factory=tuple)
    d: float = field(default=0.5, compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class Std:
    a: int
    b: str = "x"
    c: tuple[int, ...] = dataclasses.field(default_factory=tuple)
    d: float = dataclasses.field(default=0.5, compare=False, repr=False)


@record(slots=True)
class Slotted:
    a: int
    b: tuple[str, ...] = ()


@record(frozen=False)
class Mutable:
    a: int
    seen: list[int] = field(default_factory=list)


@record(order=True)
class Ordered:
    a: int
    b: str


@record(eq=False)
class ById:
    a: int


@record
class Checked:
    a: int
    twice: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "twice", 2 * self.a)


@record
class Child(Rec):
    e: int = 7


values = st.tuples(st.integers(), st.text(max_size=5), st.tuples(st.integers()), st.floats(0, 1))


@given(values)
def test_equality_hash_and_repr_as_the_standard_dataclass(
    v: tuple[int, str, tuple[int], float],
) -> None:
    a, b, c, d = v
    r, s = Rec(a, b, c, d), Std(a, b, c, d)
    assert hash(r) == hash(s)
    assert repr(r).replace("Rec(", "Std(") == repr(s)
    assert r == Rec(a, b, c, 1 - d)  # d is not compared
    assert (r == Rec(a + 1, b, c, d)) is False
    assert r.__eq__(s) is NotImplemented


def test_defaults_factories_and_field_order() -> None:
    r = Rec(1)
    assert (r.a, r.b, r.c, r.d) == (1, "x", (), 0.5)
    assert [f.name for f in fields(Rec)] == ["a", "b", "c", "d"]
    assert Rec.__match_args__ == ("a", "b", "c", "d")
    assert Rec(a=2, c=(1,)).c == (1,)
    assert [f.name for f in fields(Child)] == ["a", "b", "c", "d", "e"]
    assert Child(1, e=3).e == 3


def test_frozen_records_refuse_assignment() -> None:
    r = Rec(1)
    with pytest.raises(FrozenRecordError, match="cannot assign to field 'a'"):
        r.a = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del r.a
    m = Mutable(1)
    m.a = 2
    m.seen.append(1)
    assert m == Mutable(2, [1])
    assert Mutable(1).seen is not Mutable(1).seen
    assert Mutable.__hash__ is None  # mutable and compared: unhashable, as the standard


def test_replace_and_the_standard_functions_accept_records() -> None:
    r = Rec(1, "y")
    assert replace(r, a=3) == Rec(3, "y")
    assert dataclasses.replace(r, b="z") == Rec(1, "z")
    assert dataclasses.is_dataclass(r)
    assert [f.name for f in dataclasses.fields(r)] == ["a", "b", "c", "d"]
    assert dataclasses.asdict(r) == {"a": 1, "b": "y", "c": (), "d": 0.5}
    shown = (
        "name",
        "type",
        "default",
        "default_factory",
        "init",
        "repr",
        "compare",
        "hash",
        "kw_only",
    )
    assert [[getattr(f, n) for n in shown] for f in dataclasses.fields(Rec)] == [
        [getattr(f, n) for n in shown] for f in dataclasses.fields(Std)
    ]
    assert dataclasses.fields(Checked)[1].init is False
    with pytest.raises(ValueError, match="init=False"):
        replace(Checked(1), twice=3)
    assert replace(Checked(1), a=4).twice == 8


def test_slots_copy_and_pickle() -> None:
    s = Slotted(1, ("a",))
    assert not hasattr(s, "__dict__")
    assert copy.deepcopy(s) == s
    assert pickle.loads(pickle.dumps(s)) == s
    assert pickle.loads(pickle.dumps(Rec(1, "y"))) == Rec(1, "y")


def test_order_identity_and_post_init() -> None:
    assert Ordered(1, "b") < Ordered(2, "a") <= Ordered(2, "a")
    assert sorted([Ordered(2, "a"), Ordered(1, "z")])[0] == Ordered(1, "z")
    assert ById(1) != ById(1)
    assert Checked(3).twice == 6


def test_declaration_errors() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @record
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(ValueError, match="both default and default_factory"):
        field(default=1, default_factory=int)  # type: ignore[call-overload]


def test_an_explicit_init_and_match_args_are_kept_and_order_refuses_its_own() -> None:
    @record
    class Own:
        a: int
        __match_args__ = ("a",)

        def __init__(self, a: str) -> None:
            object.__setattr__(self, "a", int(a))

    assert Own("3").a == 3 and Own.__match_args__ == ("a",)
    with pytest.raises(TypeError, match="Cannot overwrite attribute __lt__"):

        @record(order=True)
        class Ordered2:
            a: int

            def __lt__(self, other: object) -> bool:  # type: ignore[misc]
                return True
