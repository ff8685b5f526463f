"""A viewshed over real boards' artwork judges every Location as ``los`` does, thread for
thread (A6: the same engine; on a real board many threads at once by
``ArtworkLosEngine.check_from``, laid out once per offset, their hexes that matter found from
the map's summaries before a pixel is read): a property test over viewers, levels and ranges
on board 36 under PTO Terrain (jungle, bamboo, a stream's Depression, hills to level 3), board
37 as printed, boards 37 and 38 side by side with a rice paddy overlay and Panji counters
(examples/real-37-38.toml), and four boards two by two with one turned 180°. Skipped without
the shared VASL folder."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.board.hexes import Hex
from aslpto.rules.los import (
    ArtworkLosEngine,
    LosEngine,
    Viewshed,
    artwork,
    build_engine,
    engine_for,
    location_of,
    parse_location,
    viewshed,
    viewshed_of,
)
from aslpto.rules.los.locations import Location
from aslpto.rules.los.pixels import _PAD
from aslpto.rules.los.viewshed import targets as viewshed_targets
from aslpto.state.game import Conditions
from vaslhelp import needs_vasl, real_game

pytestmark = needs_vasl

ROOT = Path(__file__).resolve().parent.parent


game = real_game


@cache
def engine(name: str, month: int) -> LosEngine:
    g = game(name)
    panjis = (p.hex for p in g.panjis.values())
    eng = build_engine(g.map, Conditions(month=month, paddy=g.conditions.paddy), panjis)
    assert isinstance(eng, ArtworkLosEngine)
    return eng


def alike(eng: LosEngine, v: Viewshed, frm: Location) -> None:
    """Every Location of the viewshed is judged as ``check`` judges it alone."""
    assert v.locations
    for s in v.locations:
        to = parse_location(eng.map, s.hex + (f"@{s.level}" if s.level else ""))
        r = eng.check(frm, to)
        got = (s.los, s.hindrance_drm, s.range, s.blocked_by)
        assert got == (r.los, r.hindrance_drm, r.range, r.blocked_by), (s.hex, s.level)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["36 PTO", "37", "37-38", "2x2"]),
    pick=st.integers(0, 10**6),
    level=st.sampled_from([0, 0, 1, 2]),
    crest=st.booleans(),
    reach=st.one_of(st.none(), st.integers(1, 9)),
    month=st.sampled_from([1, 6]),
)
def test_a6_a_viewshed_judges_each_location_as_los_does(
    name: str, pick: int, level: int, crest: bool, reach: int | None, month: int
) -> None:
    eng = engine(name, month)
    cells = sorted(eng.map.cells)
    h: Hex = cells[pick % len(cells)]
    word = eng.map.name(h) + (f"@{level}" if level else "")
    if crest and not level and "stream" in {f.value for f in eng.map.info(h).features}:
        word += ":crest"
    frm = parse_location(eng.map, word)
    if name in ("2x2", "37-38") and reach is None:
        reach = 14  # (a whole map of four boards is a thousand threads: the page's range)
    alike(eng, viewshed_of(eng, frm, reach), frm)


def test_a6_a_units_viewshed_in_a_scenario_with_panjis_and_an_overlay() -> None:
    """A unit's viewshed on boards 37 and 38 (PTO Terrain, RP3's paddies, Panji counters):
    the scenario's engine, the unit's position, the same answers as ``los``."""
    g = game("37-38")
    eng = engine_for(g)
    unit = sorted(g.units)[0]
    v = viewshed(g, unit, 10)
    assert v.unit == unit and v.range == 10
    alike(eng, v, location_of(g, g.units[unit]))
    assert 0 < v.seen < len(v.locations)


def test_b9_2_a_viewshed_among_hedges_and_walls_judges_each_location_as_los_does() -> None:
    """Board 4's hedges and walls: a thread crossing one (as drawn), running along one or
    passing through a vertex where one ends (from the map's hexsides, B9.1, B9.2) is judged
    the same in a viewshed as alone, from viewers among them."""
    eng = engine("04", 6)
    for word in ("04Q7", "04U9", "04P2", "04AA7", "04DD8"):
        frm = parse_location(eng.map, word)
        alike(eng, viewshed_of(eng, frm, 12), frm)
        # entrenched: only its own hex's walls are walls it cannot see over (B9.21)
        dug = dataclasses.replace(frm, entrenched=True)
        alike(eng, viewshed_of(eng, dug, 6), dug)


@pytest.mark.parametrize("reaches", [(40, 120, None), (160, 480, None), (None,), (100,)])
def test_a6_a_viewshed_laid_out_part_by_part_judges_each_location_as_los_does(
    monkeypatch: pytest.MonkeyPatch, reaches: tuple[int | None, ...]
) -> None:
    """A viewshed lays its threads out near the viewer first, and further only where nothing
    blocks them there: whatever the reaches, and asked again (the parts kept walked first),
    every Location is judged as ``los`` judges it (four boards two by two, one turned 180°);
    without a last round whole, whatever is not blocked is laid out whole after them."""
    monkeypatch.setattr(artwork, "_REACHES", reaches)
    g = game("2x2")
    eng = build_engine(g.map, g.conditions)
    for h in sorted(eng.map.cells)[::97][:4]:
        frm = Location(h)
        first, again = viewshed_of(eng, frm, 14), viewshed_of(eng, frm, 14)
        assert first == again
        alike(eng, first, frm)


@pytest.mark.parametrize("name", ["2x2", "37-38", "36 PTO"])
def test_a6_1_the_maps_planes_joined_at_once_are_the_boards_joined_column_by_column(
    name: str,
) -> None:
    """The map's planes (the boards side by side, one under the other, each column closed by a
    copy of its last pixel and the map by a copy of its last column) joined with numpy are
    those joined column by column, board turned 180° and all."""
    from aslpto.rules.los.artcodes import _stacked
    from aslpto.rules.los.layout import stacked

    eng = engine(name, 6)
    assert isinstance(eng, ArtworkLosEngine) and eng._plane is not None and eng.geometry
    rows = 1 + max(r for r, _ in eng.boards)
    cols = 1 + max(c for _, c in eng.boards)
    for plane in ("mask", "codes", "levels"):
        boards = {k: getattr(b, plane) for k, b in eng.boards.items()}
        args = (boards, rows, cols, eng.geometry.width, eng.geometry.height)
        assert stacked(*args) == _stacked(*args) == bytes(getattr(eng._plane, plane))


@pytest.mark.parametrize("name", ["36 PTO", "37", "37-38", "2x2", "04"])
def test_a6_1_b6_threads_screened_at_once_are_each_thread_walked(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """A whole-map viewshed first screens its threads at once near the viewer
    (:mod:`aslpto.rules.los.screen`: the first hex that does something to a thread, where it
    blocks); every answer, its rules and notes too, is the one the walk gives each thread laid
    out alone, from viewers at ground level and above it, on jungle, hills, a stream, paddies,
    hedges and walls."""
    g = game(name)
    panjis = [p.hex for p in g.panjis.values()]
    screened = build_engine(g.map, g.conditions, panjis)
    walked = build_engine(g.map, g.conditions, panjis)
    assert isinstance(screened, ArtworkLosEngine) and isinstance(walked, ArtworkLosEngine)
    monkeypatch.setattr(walked, "_screen", lambda a, ka, ea, s, b, waiting, out, said: waiting)
    answered = []
    screen = screened._screen

    def counted(*args: Any) -> Any:
        left = screen(*args)
        answered.append(len(args[5]) - len(left))
        return left

    monkeypatch.setattr(screened, "_screen", counted)
    cells = sorted(g.map.cells)
    for i, h in enumerate(cells[:: max(1, len(cells) // 9)]):
        frm = Location(h, 1 if i % 4 == 3 else 0)
        locs = viewshed_targets(screened, frm, None)
        assert screened.check_from(frm, locs) == walked.check_from(frm, locs), g.map.name(h)
    assert sum(answered) > 100  # (the screen answered threads: not all were left to the walk)


@pytest.mark.parametrize("word", ["39E3", "39P4", "39E2", "39L6@1", "36K10@1", "38W2", "37T5"])
def test_a6_4_b10_2_threads_screened_to_every_level_are_each_thread_walked(
    monkeypatch: pytest.MonkeyPatch, word: str
) -> None:
    """The screen judges threads to Locations at any level (A6.4, B10.23: where what a hex does
    turns on no range), ground that rises near the viewer on a hill (B10.2: at the thread's
    first pixel at the highest level of its pixels in the hex), with or without a cliff drawn
    in it, and Inherent Terrain rising from a hill (B.6): from viewers on board 39's hills, on
    jungle and raised a level, every answer is the one the walk gives each thread alone."""
    g = game("2x2")
    screened = build_engine(g.map, g.conditions)
    walked = build_engine(g.map, g.conditions)
    assert isinstance(screened, ArtworkLosEngine) and isinstance(walked, ArtworkLosEngine)
    monkeypatch.setattr(walked, "_screen", lambda a, ka, ea, s, b, waiting, out, said: waiting)
    levels: list[int] = []
    screen = screened._screen

    def counted(*args: Any) -> Any:
        left = {id(t) for t in screen(*args)}
        levels.extend(t[4][0] for t in args[5] if id(t) not in left)
        return [t for t in args[5] if id(t) in left]

    monkeypatch.setattr(screened, "_screen", counted)
    frm = parse_location(g.map, word)
    locs = viewshed_targets(screened, frm, None)
    assert screened.check_from(frm, locs) == walked.check_from(frm, locs)
    assert len(levels) > 100  # (answered by the screen)
    if word.startswith("39"):  # (a viewer on a hill: threads to Locations below it)
        assert min(levels) < screened.elevation2(frm)


def test_a6_1_the_hexes_summed_at_once_are_each_hex_summed_alone() -> None:
    """What the walk must read of each hex (its highest and lowest level, the codes drawn in
    it) summed for the whole map at once with numpy is each hex's summary read pixel by pixel,
    edge hexes and hexes off the map too (four boards two by two, one turned 180°)."""
    from aslpto.rules.los.walk import _key

    g = game("2x2")
    many = build_engine(g.map, g.conditions)
    alone = build_engine(g.map, g.conditions)
    assert isinstance(many, ArtworkLosEngine) and isinstance(alone, ArtworkLosEngine)
    keys = [_key(h.x, h.y) for h in g.map.cells] + [_key(-1, 1), _key(99, 3)]
    many._need_many(keys)
    for k in keys:
        alone._need(k)
    assert many._needs == alone._needs and many._tops == alone._tops


@pytest.mark.parametrize("reach", [160, None])
def test_a6_1_the_pixels_read_as_threads_are_laid_out_are_those_their_getters_read(
    reach: int | None,
) -> None:
    """A viewshed reads each new thread's codes and levels as it lays the threads out (one
    gather for all their pixels): the same values, in the same order, that the thread's
    getter reads from the map's planes (four boards two by two, one turned 180°)."""
    g = game("2x2")
    eng = build_engine(g.map, g.conditions)
    assert isinstance(eng, ArtworkLosEngine) and eng._plane is not None and eng.geometry
    plane = eng._plane
    for h in sorted(eng.map.cells)[::211][:4]:
        x4, y4 = eng.geometry.centre4(h.x, h.y)
        base = (x4 // 4 + _PAD) * plane.stride + y4 // 4
        offsets = [(c.x - h.x, c.y - h.y) for c in sorted(eng.map.cells)[::7] if c != h]
        read: list[tuple[bytes, bytes]] = []
        laid = eng._patterns_many(h.x % 4, h.y % 4, offsets, reach, base, read)
        assert len(read) == len(laid) == len(offsets)
        for pat, (codes, levels) in zip(laid, read, strict=True):
            assert pat is not None
            at = base + pat.low
            assert codes == bytes(pat.getter(plane.mask_view[at:]))
            assert levels == bytes(pat.getter(plane.levels_view[at:]))
