"""Every number a scenario or board file gives has its range in one place
(aslpto.base.ranges.RANGES), the loader refuses what lies outside it, and the format docs
list each range as the code has it."""

from __future__ import annotations

import math
import re
import typing
from pathlib import Path
from types import NoneType, UnionType

import pytest

from aslpto.base.ranges import RANGES, Range, refusal
from aslpto.base.rulings import InputError
from aslpto.board.terrain import ChartRow
from aslpto.formats.scenario import loads
from aslpto.state.game import Fortification, Side
from aslpto.state.units import Unit

DOCS = Path(__file__).parents[1] / "docs"


def _numbers(cls: type) -> set[str]:
    out = set()
    for name, t in typing.get_type_hints(cls).items():
        if typing.get_origin(t) in (UnionType, typing.Union):
            t = next(a for a in typing.get_args(t) if a is not NoneType)
        if t in (int, float):
            out.add(name)
    return out


@pytest.mark.parametrize(
    ("cls", "table"),
    [
        (Unit, "units"),
        (Side, "sides"),
        (Fortification, "fortifications"),
        (ChartRow, "terrain_chart"),
    ],
)
def test_every_number_of_a_file_has_a_range(cls: type, table: str) -> None:
    assert {f"{table}.{n}" for n in _numbers(cls)} <= set(RANGES)


def test_ranges_are_sound() -> None:
    for key, r in RANGES.items():
        assert r.low <= r.high, key
        assert r.what, key


def test_refusal() -> None:
    elr = Range(0, 5, "an ELR", "A19.1")
    assert elr.refusal("elr", 3) is None
    assert elr.refusal("elr", 0) is None and elr.refusal("elr", 5) is None
    assert elr.refusal("elr", -1) == "elr -1 is out of range (an ELR: 0 to 5, A19.1)"
    assert elr.refusal("elr", math.nan) == "elr nan is not a finite number (an ELR: 0 to 5, A19.1)"
    assert elr.refusal("elr", math.inf, "1e400") == (
        "elr 1e400 is not a finite number (an ELR: 0 to 5, A19.1)"
    )
    assert refusal("no.such.field", "x", -(10**20)) is None


_UNIT = """[map]
boards = [["37"]]
[map.files]
"37" = "901"
[[sides]]
name = "U.S."
nationality = "american"
[[units]]
id = "A"
side = "U.S."
kind = "vehicle"
{line}
"""


@pytest.mark.parametrize(
    ("line", "ok"),
    [
        ("mf = 0", True),
        ("mf = 99", True),
        ("mf = -1", False),
        ("mf = 100", False),
        ("elr = 5", True),
        ("elr = 6", False),
        ("morale = 10", True),
        ("morale = 0", False),
        ("weight_tons = 0.0", True),
        ("weight_tons = 200.0", True),
        ("weight_tons = nan", False),
        ("weight_tons = -inf", False),
    ],
)
def test_unit_numbers_at_their_bounds(line: str, ok: bool) -> None:
    text = _UNIT.format(line=line)
    if ok:
        loads(text, "u.toml")
        return
    with pytest.raises(InputError) as info:
        loads(text, "u.toml")
    e = info.value
    assert e.line == 12 and e.field_name == f"units.{line.split()[0]}"


_ROW = re.compile(r"^\| `([a-z_.]+)` \| (-?[\d.]+) to (-?[\d.]+) \|")
"""A row of a docs ranges table: ``| `units.mf` | 0 to 99 | ... |``."""


def _doc_rows() -> dict[str, str]:
    rows = {}
    for doc in ("scenario-format.md", "board-format.md"):
        for line in (DOCS / doc).read_text(encoding="utf-8").splitlines():
            m = _ROW.match(line)
            if m:
                rows[m.group(1)] = line
    return rows


def test_docs_list_every_range() -> None:
    rows = _doc_rows()
    for key, r in RANGES.items():
        assert key in rows, f"{key} is not in the ranges table of docs/*-format.md"
        row = rows[key]
        assert f"{r.low} to {r.high}" in row, row
        if r.rule:
            assert r.rule in row, row


def test_docs_list_no_other_range() -> None:
    assert set(_doc_rows()) <= set(RANGES)


def test_schema_bounds_are_the_ranges() -> None:
    """The JSON Schema of scenario files gives each ranged number the same bounds."""
    import json

    schema = json.loads(
        (Path(__file__).parents[1] / "src" / "aslpto" / "data" / "scenario.schema.json").read_text(
            encoding="utf-8"
        )
    )
    props = schema["properties"]
    found = {}
    for table in ("sides", "units", "fortifications", "los_overrides"):
        for k, node in props[table]["items"]["properties"].items():
            if "minimum" in node:
                found[f"{table}.{k}"] = (node["minimum"], node["maximum"])
    for k, node in props["terrain_chart"]["additionalProperties"]["properties"].items():
        node = node["oneOf"][0] if "oneOf" in node else node
        if "minimum" in node:
            found[f"terrain_chart.{k}"] = (node["minimum"], node["maximum"])
    want = {
        k: (r.low, r.high)
        for k, r in RANGES.items()
        if k.split(".")[0] in ("sides", "units", "fortifications", "los_overrides", "terrain_chart")
    }
    assert found == want
