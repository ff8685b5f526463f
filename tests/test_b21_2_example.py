"""B21.2 / B21.21 EX: "7AA10 would have to be at level 1 or higher to give it a view INTO the
river in that direction. However, if the river were defined as flooded, both AA8 and BB9 would
be at ground level (and BB8 would be considered a river hex; 16.6)."

Replayed on an inline board 7 laid out around AA8-BB10 (river AA5-AA8, BB9-BB10, CC10; marsh
BB8; AA9 dry land), and on the bundled board and example scenarios when they are present."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslpto.board.maps import Map, RiverDepth
from aslpto.board.terrain import Terrain
from aslpto.formats import scenario
from aslpto.rules.los import LosEngine, LosResult, parse_location
from maphelp import one_board

BOARD7 = """[terrain]
river = ["AA5..AA8", "BB9..BB10", "CC10"]
marsh = ["BB8"]
"""

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = {
    "deep": ROOT / "examples" / "b21-deep.toml",
    "flooded": ROOT / "examples" / "b21-flooded.toml",
}


def _map(depth: str) -> Map:
    return one_board(BOARD7, number="7", river_depth=RiverDepth(depth))


def _los(m: Map, a: str, b: str) -> LosResult:
    return LosEngine(m).check(parse_location(m, a), parse_location(m, b))


def _maps(depth: str) -> list[pytest.ParameterSet]:
    """The inline board, and the bundled example scenario's map once it exists."""
    out = [pytest.param(_map(depth), id="inline")]
    path = BUNDLED[depth]
    if path.exists():
        out.append(pytest.param(scenario.load(path).map, id=path.name))
    return out


@pytest.mark.parametrize("m", _maps("deep"))
def test_b21_2_ex_aa10_needs_level_1_to_see_into_the_river(m: Map) -> None:
    assert m.level(m.hex("7AA8")) == -1
    r = _los(m, "7AA10", "7AA8")
    assert not r.los
    assert r.blocked_by is not None
    assert (r.blocked_by.where, r.blocked_by.rule) == ("7AA9", "B21.2")
    assert _los(m, "7AA10@1", "7AA8").los
    assert _los(m, "7AA10@1", "7AA7").los


@pytest.mark.parametrize("m", _maps("deep"))
def test_b21_2_own_hexside_does_not_count(m: Map) -> None:
    """Only hexsides other than its own count: the adjacent river hex BB9 is seen."""
    assert _los(m, "7AA10", "7BB9").los


@pytest.mark.parametrize("m", _maps("deep"))
def test_b21_2_unit_in_water_sees_only_initial_hex_above(m: Map) -> None:
    assert _los(m, "7AA8", "7AA9").los
    r = _los(m, "7AA8", "7AA10")
    assert not r.los and r.blocked_by is not None and r.blocked_by.rule == "B21.2"


@pytest.mark.parametrize("m", _maps("flooded"))
def test_b21_21_ex_flooded_river_at_ground_level(m: Map) -> None:
    assert m.level(m.hex("7AA8")) == 0 and m.level(m.hex("7BB9")) == 0
    assert m.terrain(m.hex("7BB8")) == Terrain.RIVER  # B21.122 (16.6)
    r = _los(m, "7AA10", "7AA8")
    assert r.los and "B21.21" in r.rules
    assert _los(m, "7AA10", "7BB8").los
    assert _los(m, "7AA8", "7AA10").los


def test_b21_2_ex_symmetric() -> None:
    for depth in ("deep", "flooded"):
        m = _map(depth)
        for a, b in (("7AA10", "7AA8"), ("7AA10@1", "7AA8"), ("7AA10", "7BB8")):
            assert _los(m, a, b).los == _los(m, b, a).los
