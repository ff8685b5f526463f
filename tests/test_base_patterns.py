"""``base.patterns``: a pattern compiled when first used reads as ``re.compile`` does."""

from __future__ import annotations

import re

from hypothesis import given, strategies as st

from aslpto.base.patterns import LazyPattern
from aslpto.base.rulings import one_line

_SOURCES = [r"^(\d{4})-(\d{2})$", r"[\x00-\x1f\x7f]", r"(a|b)+", r"\d+"]


@given(st.sampled_from(_SOURCES), st.text(max_size=30))
def test_lazy_pattern_reads_as_re_compile(source: str, text: str) -> None:
    lazy, eager = LazyPattern(source), re.compile(source)
    assert bool(lazy.match(text)) == bool(eager.match(text))
    assert bool(lazy.search(text)) == bool(eager.search(text))
    assert bool(lazy.fullmatch(text)) == bool(eager.fullmatch(text))
    assert lazy.findall(text) == eager.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert lazy.sub("-", text) == eager.sub("-", text)


def test_lazy_pattern_compiles_on_first_use_only() -> None:
    p = LazyPattern(r"\d+")
    assert p._compiled is None
    assert p.match("12") is not None
    first = p.compiled
    assert p.compiled is first


@given(st.text(max_size=40))
def test_one_line_keeps_every_message_on_one_line(text: str) -> None:
    out = one_line(text)
    assert "\n" not in out and "\r" not in out and "\u2028" not in out
    if text.isprintable():
        assert out == text
