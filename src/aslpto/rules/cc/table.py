"""The Close Combat Table (A11.11) as data: its odds columns, their Kill Numbers (black, and
red for Hand-to-Hand CC, J2.31) and what a Final DR does against them.

The chart is ``data/cc.toml`` ``[cct]``, taken from public transcriptions that agree on every
column (the file names them).

>>> from fractions import Fraction
>>> c = column_of(Fraction(12), Fraction(4)).value
>>> c.label, c.black, c.red
('3-1', 8, 10)
>>> column_of(7, 4).value.label, column_of(4, 15).value.label
('3-2', '1-4')
>>> outcome(4, 5), outcome(5, 5), outcome(6, 5)
(<Outcome.KILL: 'kill'>, <Outcome.PARTIAL: 'partial'>, <Outcome.NONE: 'none'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import pairwise

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, Ruling
from aslpto.base.unchecked import Recorded, note

FILE = "cc.toml"


def data() -> Mapping[str, Any]:
    """``data/cc.toml``, noting each unchecked value read."""
    return Recorded(bundled(FILE), FILE)


@record
class Column:
    """One odds column of the CCT: its label as printed, the smallest ratio it takes (``None``
    below the first column), its black and red Kill Numbers."""

    label: str
    ratio: Fraction | None
    black: int
    red: int

    def kill_number(self, hand_to_hand: bool) -> int:
        """The Kill Number an attack reads: red in Hand-to-Hand CC (J2.31), else black."""
        return self.red if hand_to_hand else self.black


class Outcome(StrEnum):
    """What a Final DR does on the CCT (A11.11)."""

    KILL = "kill"  # < the Kill Number: the attacked units are eliminated
    PARTIAL = "partial"  # = the Kill Number: Casualty Reduction by Random Selection
    NONE = "none"  # > the Kill Number: no effect


@cache
def _chart() -> tuple[Column, tuple[Column, ...], Column]:
    t = bundled(FILE)["cct"]
    cols = tuple(
        Column(str(label), Fraction(str(r)), int(b), int(red))
        for label, r, b, red in zip(t["columns"], t["ratios"], t["black"], t["red"], strict=True)
    )
    if any(
        a.ratio is not None and b.ratio is not None and a.ratio >= b.ratio
        for a, b in pairwise(cols)
    ):
        raise InputError(f"data/{FILE}: [cct] ratios must rise from left to right")
    below = Column(str(t["below"]["label"]), None, int(t["below"]["black"]), int(t["below"]["red"]))
    beyond = Column(
        str(t["beyond"]["label"]), None, int(t["beyond"]["black"]), int(t["beyond"]["red"])
    )
    return below, cols, beyond


def columns() -> tuple[Column, ...]:
    """The printed odds columns, left to right (1-8 ... 10-1), without "<1-8" and ">10-1"."""
    return _chart()[1]


def every_column() -> tuple[Column, ...]:
    """Every column an attack may read, "<1-8" first and ">10-1" last."""
    below, cols, beyond = _chart()
    return (below, *cols, beyond)


def column_of(attack_fp: Fraction | int, defense_fp: Fraction | int) -> Ruling[Column]:
    """The column of an attack of ``attack_fp`` against ``defense_fp``: the ratio rounded down
    to the nearest printed one (A11.11); below 1-8 the "<1-8" column, above 10-1 the ">10-1"."""
    note(FILE, "cct")
    a, d = Fraction(attack_fp), Fraction(defense_fp)
    rule = str(bundled(FILE)["cct"]["rule"])
    if a <= 0:
        raise InputError(f"a CC attack of {fmt(a)} FP is no attack")
    if d <= 0:
        raise InputError(f"a CC defense of {fmt(d)} FP: the odds need a defending FP")
    below, cols, beyond = _chart()
    ratio = a / d
    why = f"{fmt(a)} to {fmt(d)}"
    last = cols[-1]
    assert last.ratio is not None
    if ratio > last.ratio:
        return Ruling(beyond, (rule,), f"{why}: beyond {last.label}, the {beyond.label} column")
    fitting = [c for c in cols if c.ratio is not None and c.ratio <= ratio]
    if not fitting:
        return Ruling(below, (rule,), f"{why}: below {cols[0].label}, the {below.label} column")
    col = fitting[-1]
    return Ruling(col, (rule,), f"{why}: rounded down to {col.label}")


def outcome(final_dr: int, kill_number: int) -> Outcome:
    """What a Final DR does against a Kill Number (A11.11)."""
    if final_dr < kill_number:
        return Outcome.KILL
    if final_dr == kill_number:
        return Outcome.PARTIAL
    return Outcome.NONE


def fmt(fp: Fraction) -> str:
    """An FP total as a player writes it: ``6``, ``2½``, ``7/3``."""
    from aslpto.rules.fire.table import fp_text

    return fp_text(fp)
