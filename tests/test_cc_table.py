"""The Close Combat Table (A11.11) as data: its odds columns, Kill Numbers (black, and red for
Hand-to-Hand CC, J2.31) and what a Final DR does."""

from __future__ import annotations

from fractions import Fraction

import pytest

from aslpto.base.rulings import InputError
from aslpto.rules.cc import table
from aslpto.rules.cc.table import Outcome


def test_a11_11_cct_columns_and_kill_numbers_as_the_sources_print_them() -> None:
    cols = table.every_column()
    labels = "<1-8 1-8 1-6 1-4 1-2 1-1 3-2 2-1 3-1 4-1 6-1 8-1 10-1 >10-1"
    assert [c.label for c in cols] == labels.split()
    assert [c.black for c in cols] == list(range(14))
    # J2.31: the red Kill Numbers of Hand-to-Hand CC, two above the black in every column
    assert [c.red - c.black for c in cols] == [2] * 14
    one_to_one = next(c for c in cols if c.label == "1-1")
    assert (one_to_one.black, one_to_one.red) == (5, 7)


def test_a11_11_odds_are_rounded_down_to_a_printed_column() -> None:
    # A11.11's own examples: 12-4 (two 6-2-8 vs a 4-6-7), 7 to 4, 11 to 2, 4 to 15
    assert table.column_of(12, 4).value.label == "3-1"
    assert table.column_of(7, 4).value.label == "3-2"
    assert table.column_of(11, 2).value.label == "4-1"
    assert table.column_of(4, 15).value.label == "1-4"
    assert table.column_of(1, 6).value.label == "1-6"  # exactly 1/6 (asl-ift's 0.167 aside)
    assert table.column_of(1, 9).value.label == "<1-8"
    assert table.column_of(10, 1).value.label == "10-1"
    assert table.column_of(Fraction(21, 2), 1).value.label == ">10-1"
    with pytest.raises(InputError):
        table.column_of(0, 4)


def test_a11_11_final_dr_below_kills_equal_is_a_partial_kill_above_nothing() -> None:
    assert table.outcome(4, 5) == Outcome.KILL
    assert table.outcome(5, 5) == Outcome.PARTIAL
    assert table.outcome(6, 5) == Outcome.NONE
