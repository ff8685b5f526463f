"""The map build puts each board file under the conditions before laying it out (G.1, B21.2,
B21.21, B21.6 hex by hex; marsh, seams, buildings and B21.13 ponds one by one), and applies
them to the whole map after the overlays when there are any. Both ways make the same map:
every bundled board and a board of edge cases, laid out in 2x2 (one turned), under every
combination of the map conditions."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from aslpto.board.files import BoardData, load_board
from aslpto.board.hexes import Layout
from aslpto.board.maps import JungleType, Map, MapConditions, RiverDepth, _build
from aslpto.formats.scenario import BUNDLED_BOARDS
from aslpto.rules.pto.terrain import TRANSFORM
from maphelp import board

EDGES = board(
    """
[terrain]
woods = ["A1..A3", "GG4..GG6", "B2"]
marsh = ["A5..A6", "GG1..GG2", "P10"]
river = ["A8..A9", "GG8..GG9"]
pond = ["Q1", "GG7"]
paddy = ["M10", "N10"]
[lines]
road = ["A2 B2 C2", "EE5 FF5 GG5"]
stream = ["R1 R2 R3"]
[features]
bridge = ["A8"]
[ponds]
no_dot = ["GG7"]
[[buildings]]
id = "huts-a4"
hexes = ["A4"]
material = "wooden"
separate = 2
[[buildings]]
id = "huts-gg3"
hexes = ["GG3"]
material = "wooden"
separate = 3
[[buildings]]
id = "manor"
hexes = ["GG10", "FF10"]
material = "stone"
stories = 2
cellar = true
""",
    "edges.toml",
)


def _boards() -> dict[str, BoardData]:
    found = Path(BUNDLED_BOARDS).glob("*.toml")
    files = sorted(p for p in found if not p.name.startswith("overlay"))
    return {p.stem: load_board(p) for p in files} | {"edges": EDGES}


BOARDS = _boards()
LAYOUTS = [
    ("901", "902", "edges", "901"),
    ("edges", "edges", "903", "902"),
    ("902", "edges", "edges", "901"),
]
CONDITIONS = [
    MapConditions(pto, jungle, depth, sub_zero)
    for pto, jungle, depth, sub_zero in itertools.product(
        (False, True), JungleType, RiverDepth, (False, True)
    )
]


def _same(a: Map, b: Map) -> None:
    assert a.cells == b.cells
    assert list(a.cells) == list(b.cells)
    assert a.sides == b.sides
    assert a.side_rules == b.side_rules
    assert a.stream_los_exception == b.stream_los_exception


@pytest.mark.parametrize("files", LAYOUTS, ids="-".join)
@pytest.mark.parametrize("cond", CONDITIONS, ids=repr)
def test_g_1_b21_per_board_build_is_the_whole_map_transform(
    files: tuple[str, ...], cond: MapConditions
) -> None:
    layout = Layout.grid([["41", "42"], ["43", "44*"]])
    boards = dict(
        zip(("41", "42", "43", "44*".rstrip("*")), (BOARDS[f] for f in files), strict=True)
    )
    fresh = Layout.grid([["41", "42"], ["43", "44*"]])
    per_board = _build(fresh, boards, (), cond, None, True, TRANSFORM)
    whole = _build(layout, boards, (), cond, None, False, TRANSFORM)
    _same(per_board, whole)
