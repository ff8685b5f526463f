"""The Infantry Fire Table (A7.3) as data: its FP columns, its results, the column of an attack
and the column shift of Cowering (A7.9).

The chart is ``data/fire.toml`` ``[ift]``, taken from public transcriptions that agree cell by
cell (the file names them).

>>> from fractions import Fraction
>>> column_of(Fraction(13, 2)).value
6
>>> str(result(12, 3)), str(result(1, 6)), str(result(36, 0))
('K/3', '-', '7KIA')
>>> shifted(4, 1), shifted(1, 1)
(2, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from functools import cache

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, Ruling
from aslpto.base.unchecked import Recorded, note

FILE = "fire.toml"


def data() -> Mapping[str, Any]:
    """``data/fire.toml``, noting each unchecked value read."""
    return Recorded(bundled(FILE), FILE)


class Effect(StrEnum):
    """The kinds of IFT result (A7.301-A7.305)."""

    KIA = "kia"
    K = "k"
    MC = "mc"
    NMC = "nmc"
    PTC = "ptc"
    NONE = "none"


@record
class IftResult:
    """One cell of the IFT: ``3KIA`` is (KIA, 3), ``K/2`` (K, 2), ``1MC`` (MC, 1)."""

    effect: Effect
    number: int = 0

    def __str__(self) -> str:
        if self.effect == Effect.KIA:
            return f"{self.number}KIA"
        if self.effect == Effect.K:
            return f"K/{self.number}"
        if self.effect == Effect.MC:
            return f"{self.number}MC"
        return {Effect.NMC: "NMC", Effect.PTC: "PTC", Effect.NONE: "-"}[self.effect]

    @property
    def rule(self) -> str:
        """The rule of this result (A7.301-A7.305)."""
        key = {Effect.NONE: "mc"}.get(self.effect, self.effect.value)
        return str(data()["results"][key]["rule"]) if self.effect != Effect.NONE else "A7.3"


NO_EFFECT = IftResult(Effect.NONE)


def parse_result(text: str) -> IftResult:
    """A cell as the chart prints it: ``3KIA``, ``K/2``, ``1MC``, ``NMC``, ``PTC``, ``-``."""
    t = text.strip()
    if t in ("-", ""):
        return NO_EFFECT
    if t in ("NMC", "PTC"):
        return IftResult(Effect(t.lower()))
    if t.startswith("K/") and t[2:].isdigit():
        return IftResult(Effect.K, int(t[2:]))
    for suffix, effect in (("KIA", Effect.KIA), ("MC", Effect.MC)):
        if t.endswith(suffix) and t[: -len(suffix)].isdigit():
            return IftResult(effect, int(t[: -len(suffix)]))
    raise InputError(f"data/{FILE}: '{text}' is not an IFT result")


@cache
def _chart() -> tuple[tuple[int, ...], tuple[tuple[IftResult, ...], ...]]:
    t = bundled(FILE)["ift"]
    columns = tuple(int(c) for c in t["columns"])
    rows = tuple(tuple(parse_result(c) for c in row) for row in t["rows"])
    if len(rows) != 16 or any(len(r) != len(columns) for r in rows):
        raise InputError(f"data/{FILE}: [ift] needs 16 rows of {len(columns)} cells")
    return columns, rows


def columns() -> tuple[int, ...]:
    """The FP columns, left to right: 1, 2, 4, ... 36 (the last one "36+")."""
    return _chart()[0]


def column_of(fp: Fraction | int) -> Ruling[int | None]:
    """The column of an attack of ``fp`` FP (fractions kept until here): the largest column not
    above it; ``None`` below the first column (no attack)."""
    note(FILE, "column")
    cols = columns()
    fp = Fraction(fp)
    rule = str(bundled(FILE)["column"]["rule"])
    if fp < cols[0]:
        note(FILE, "column", "below_first")
        return Ruling(None, (rule,), f"{_fp(fp)} FP is below the {cols[0]} column: no attack")
    col = max(c for c in cols if c <= fp)
    last = "+" if col == cols[-1] else ""
    return Ruling(col, (rule,), f"{_fp(fp)} FP: the {col}{last} column")


def result(column: int, final_dr: int) -> IftResult:
    """The IFT cell of ``column`` at ``final_dr`` (0 or less: the first row; 15 or more: the
    last)."""
    cols, rows = _chart()
    if column not in cols:
        raise InputError(f"{column} is not an IFT column ({', '.join(map(str, cols))})")
    note(FILE, "ift")
    return rows[min(max(final_dr, 0), len(rows) - 1)][cols.index(column)]


def shifted(column: int, by: int) -> int | None:
    """The column ``by`` columns to the left of ``column`` (Cowering, A7.9); ``None`` when that
    is off the chart (no attack: ``[cowering] off_the_chart``)."""
    cols = columns()
    i = cols.index(column) - by
    if i >= 0:
        return cols[i]
    note(FILE, "cowering", "off_the_chart")
    if bundled(FILE)["cowering"]["off_the_chart"] == "no-effect":
        return None
    return cols[0]


def _fp(fp: Fraction) -> str:
    """An FP total as a player writes it: ``6``, ``6½``, ``4¼``, ``5/3``."""
    whole, part = divmod(fp.numerator, fp.denominator)
    if part == 0:
        return str(whole)
    frac = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(
        Fraction(part, fp.denominator)
    )
    if frac is None:
        return f"{fp.numerator}/{fp.denominator}"
    return f"{whole}{frac}" if whole else frac


fp_text = _fp
