"""Board geometry: the facts of ../shared/rules/README.md and the G9 examples."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from aslpto.base.rulings import InputError
from aslpto.board.hexes import (
    COLUMNS,
    Hex,
    HexName,
    Hexside,
    Layout,
    Vertex,
    distance,
    rows_of_column,
)

B37 = Layout.single("37")


def names(lay: Layout, hs: tuple[Hex, ...]) -> set[str]:
    return {lay.name(h) for h in hs}


def test_readme_dd7_touches() -> None:
    assert names(B37, B37.neighbours(B37.hex("37DD7"))) == {
        "37CC7",
        "37CC8",
        "37EE7",
        "37EE8",
        "37DD6",
        "37DD8",
    }


def test_readme_ee7_touches() -> None:
    assert names(B37, B37.neighbours(B37.hex("37EE7"))) == {
        "37DD6",
        "37DD7",
        "37FF6",
        "37FF7",
        "37EE6",
        "37EE8",
    }


def test_g9_3_dd7_touches_covered_neighbours() -> None:
    dd7 = B37.hex("37DD7")
    for n in ("37CC8", "37DD8", "37EE8", "37EE7"):
        assert dd7.is_adjacent(B37.hex(n))


def test_g9_46_vertex_dd6_ee7_dd7() -> None:
    v = B37.vertex("37DD6-EE7-DD7")
    assert v == Vertex.of(B37.hex("37DD7"), B37.hex("37DD6"), B37.hex("37EE7"))
    assert B37.hexside("37DD7-EE7") in v.hexsides()


def test_g9_46_hexside_dd7_ee7_touches_dd7_ee8() -> None:
    assert B37.hexside("37DD7-EE7").touches(B37.hexside("37DD7-EE8"))
    # DD7-DD6 touches no Covered hexside of Panji C (DD7-CC8, DD7-DD8, DD7-EE8)
    dd6 = B37.hexside("37DD7-DD6")
    for covered in ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8"):
        assert not dd6.touches(B37.hexside(covered))


def test_hexside_either_order_one_form() -> None:
    assert B37.hexside("37EE7-EE8") == B37.hexside("37EE8-EE7")
    assert B37.hexside_name(B37.hexside("37EE8-EE7")) == "37EE7-EE8"


def test_hexside_not_adjacent_is_error() -> None:
    with pytest.raises(InputError, match="not adjacent"):
        B37.hexside("37EE7-EE9")


def test_off_map_and_bad_names() -> None:
    with pytest.raises(InputError, match="column A has rows 1-10"):
        B37.hex("37A0")
    with pytest.raises(InputError, match="not a board column"):
        B37.hex("37HH3")
    with pytest.raises(InputError, match="board 38 is not on this map"):
        B37.hex("38A1")
    with pytest.raises(InputError, match="not a hex name"):
        B37.hex("hello")


def test_seam_side_by_side_is_one_hex() -> None:
    lay = Layout.grid([["37", "38"]])
    assert lay.hex("37GG5") == lay.hex("38A5")
    assert [str(n) for n in lay.names(lay.hex("38A5"))] == ["37GG5", "38A5"]
    assert lay.name(lay.hex("38A5")) == "37GG5"


def test_seam_above_below_is_one_hex() -> None:
    lay = Layout.grid([["37"], ["39"]])
    assert lay.hex("37B10") == lay.hex("39B0")
    assert lay.hex("37C10").is_adjacent(lay.hex("39C1"))


def test_rotated_board_edges_meet() -> None:
    lay = Layout.grid([["37", "38*"]])
    # a board turned 180° shows its GG column on the left, joined to 37's GG column
    assert lay.hex("37GG5") == lay.hex("38GG6")


def test_two_by_two_map_size() -> None:
    lay = Layout.grid([["37", "38"], ["39", "40"]])
    assert len(lay.hexes) == 1332


def test_distance() -> None:
    assert distance(B37.hex("37DD7"), B37.hex("37DD7")) == 0
    assert distance(B37.hex("37DD7"), B37.hex("37EE8")) == 1
    assert distance(B37.hex("37A1"), B37.hex("37A10")) == 9
    assert distance(B37.hex("37A1"), B37.hex("37GG1")) == 32


_names = st.sampled_from(sorted(Layout.grid([["37", "38"], ["39", "40*"]]).hexes))
LAY4 = Layout.grid([["37", "38"], ["39", "40*"]])


@given(_names)
def test_hex_name_round_trip(h: Hex) -> None:
    for n in LAY4.names(h):
        assert LAY4.resolve(HexName.parse(str(n))) == h
    assert LAY4.hex(LAY4.name(h)) == h


@given(_names)
def test_neighbourship_symmetric(h: Hex) -> None:
    for n in LAY4.neighbours(h):
        assert h in LAY4.neighbours(n)
        assert distance(h, n) == 1


@given(_names, st.integers(0, 5))
def test_hexside_round_trip(h: Hex, k: int) -> None:
    ns = h.around()
    n = ns[k]
    if n not in LAY4.hexes:
        return
    s = Hexside.of(h, n)
    assert LAY4.hexside(LAY4.hexside_name(s)) == s
    assert LAY4.hexside(LAY4.hexside_name(s, first=n)) == s
    assert len(s.touching()) == 4


@given(_names, _names)
def test_distance_symmetric_and_triangle(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    for n in a.around():
        assert abs(distance(n, b) - distance(a, b)) <= 1


@pytest.mark.parametrize("col", range(33))
def test_columns_and_rows(col: int) -> None:
    rows = rows_of_column(col)
    assert (rows.start, rows.stop) == ((1, 11) if col % 2 == 0 else (0, 11))
    assert COLUMNS[col] == (COLUMNS[col][0] * len(COLUMNS[col]))


def test_map_edge_hexside_names_its_map_hex() -> None:
    a1 = B37.hex("37A1")
    off = a1.around()[0]  # north of A1: off the board
    assert off not in B37.hexes
    assert B37.hexside_name(Hexside.of(a1, off)) == "37A1-(off map)"


def test_hex_and_name_gives_the_canonical_name_of_every_printed_name() -> None:
    """A hex named on any board (a seam hex has two names) resolves to the hex and to its
    canonical name, the first board's in layout order."""
    layout = Layout.grid([["1", "2*"], ["3*", "4"]])
    for h in layout.ordered:
        for n in layout.names(h):
            assert layout.hex_and_name(str(n)) == (h, layout.name(h))


def test_lower_case_two_letter_column_after_a_board_number() -> None:
    """``37ee7`` is board 37, hex EE7 (not board "37e", column E) on a map without a board
    37e; a board with a letter suffix keeps it where it is on the map."""
    layout = Layout.grid([["37", "38"]])
    assert layout.hex_and_name("37ee7") == (layout.hex("37EE7"), "37EE7")
    assert layout.hexside("37ee7-ee8") == layout.hexside("37EE7-EE8")
    assert layout.vertex("37dd6-ee7-dd7") == layout.vertex("37DD6-EE7-DD7")
    suffixed = Layout.grid([["37", "37e"]])
    assert suffixed.hex_and_name("37eE7")[1] == "37eE7"
    with pytest.raises(InputError, match="board 39e is not on this map"):
        layout.hex("39ee7")
