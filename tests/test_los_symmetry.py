"""LOS is reciprocal where the rules make it so (A6.1: the same thread either way; the
obstacle, blind-hex, Hindrance, hexside, Depression and G8 rules are all stated for the pair
of ends): a property test over random boards, levels, positions and conditions."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.board.hexes import COLUMNS, Hex, distance
from aslpto.board.maps import RiverDepth
from aslpto.rules.los import Location, LosEngine
from aslpto.state.game import Conditions, PaddyState
from maphelp import one_board

TERRAIN = [
    "open-ground",
    "woods",
    "brush",
    "orchard",
    "grain",
    "dense-jungle",
    "bamboo",
    "kunai",
    "palm-trees",
    "huts",
    "swamp",
    "marsh",
    "paddy",
    "river",
    "pond",
]
COLS = 9  # columns A..I
HEXES = [(c, r) for c in range(COLS) for r in range(1, 11)]


def _name(c: int, r: int) -> str:
    return f"{COLUMNS[c]}{r}"


@st.composite
def boards(draw: st.DrawFn) -> str:
    terrain: dict[str, list[str]] = {}
    levels: dict[int, list[str]] = {}
    for c, r in HEXES:
        t = draw(st.sampled_from(TERRAIN + ["open-ground"] * 6))
        terrain.setdefault(t, []).append(_name(c, r))
        lv = draw(st.sampled_from([0, 0, 0, 0, 1, 2]))
        if lv:
            levels.setdefault(lv, []).append(_name(c, r))
    walls: list[str] = []
    for _ in range(draw(st.integers(0, 12))):
        c, r = draw(st.sampled_from(HEXES))
        if r < 10:
            walls.append(f"{_name(c, r)}-{_name(c, r + 1)}")
    lines = ["[terrain]"]
    lines += [
        f"{t} = {sorted(v)!r}".replace("'", '"') for t, v in terrain.items() if t != "open-ground"
    ]
    lines.append("[levels]")
    lines += [f"{k} = {sorted(v)!r}".replace("'", '"') for k, v in levels.items()]
    word = draw(st.sampled_from(["wall", "hedge", "bocage"]))
    lines.append("[hexsides]")
    lines.append(f"{word} = {sorted(set(walls))!r}".replace("'", '"'))
    if draw(st.booleans()):
        lines.append('[lines]\nstream = ["E1 E2 E3 E4 E5 E6"]')
    return "\n".join(lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    boards(),
    st.lists(
        st.tuples(
            st.sampled_from(HEXES),
            st.sampled_from(HEXES),
            st.integers(0, 2),
            st.integers(0, 2),
            st.booleans(),
            st.booleans(),
        ),
        min_size=20,
        max_size=20,
    ),
    st.sampled_from(list(PaddyState)),
    st.integers(1, 12),
    st.sampled_from([RiverDepth.DEEP, RiverDepth.FLOODED]),
)
def test_a6_1_los_is_symmetric(
    text: str,
    pairs: list[tuple[tuple[int, int], tuple[int, int], int, int, bool, bool]],
    paddy: PaddyState,
    month: int,
    depth: RiverDepth,
) -> None:
    m = one_board(text, river_depth=depth)
    eng = LosEngine(m, Conditions(paddy=paddy, month=month))
    for (c1, r1), (c2, r2), l1, l2, e1, e2 in pairs:
        a = Location(m.hex(f"37{_name(c1, r1)}"), l1, entrenched=e1)
        b = Location(m.hex(f"37{_name(c2, r2)}"), l2, entrenched=e2)
        ab, ba = eng.check(a, b), eng.check(b, a)
        assert ab.los == ba.los, (text, a, b, ab, ba)
        assert ab.hindrance_drm == ba.hindrance_drm, (text, a, b, ab, ba)
        assert ab.range == ba.range == distance(a.hex, b.hex)


@settings(max_examples=30, deadline=None)
@given(boards(), st.sampled_from(HEXES), st.sampled_from(HEXES))
def test_a6_1_stream_crest_and_depression_symmetric(
    text: str, h1: tuple[int, int], h2: tuple[int, int]
) -> None:
    """Ends IN or at Crest level of a stream Depression (A6.3) see each other both ways."""
    m = one_board(
        text + '\n[lines]\nstream = ["C2 C3 C4 D4 E4 E5 E6 F6"]' if "[lines]" not in text else text
    )
    eng = LosEngine(m)
    a = Location(m.hex(f"37{_name(*h1)}"))
    b = Location(m.hex(f"37{_name(*h2)}"))
    crest_a = replace(a, position="crest")
    for x, y in ((a, b), (crest_a, b), (replace(a, level=1), b)):
        assert eng.check(x, y).los == eng.check(y, x).los
    assert isinstance(a.hex, Hex)
