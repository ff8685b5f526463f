"""``loads(dump(g), g.source) == g`` for every game hypothesis can build on the test boards:
any conditions, sides, units (every Unit field), Panji counters and Fortifications."""

from __future__ import annotations

import typing
from dataclasses import fields, replace
from enum import StrEnum
from functools import cache
from pathlib import Path
from types import NoneType, UnionType
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.base.ranges import RANGES
from aslpto.board.hexes import Direction, Hexside
from aslpto.board.maps import JungleType, RiverDepth
from aslpto.formats.scenario import ENTRENCHMENTS, POSITIONS, dump, loads
from aslpto.state.game import (
    EC,
    Conditions,
    CurrentForce,
    Fortification,
    FortKind,
    Game,
    PaddyState,
    Panji,
    Side,
)
from aslpto.state.units import Kind, Unit

DATA = Path(__file__).parent / "data" / "scenario_basic"
CHARTS = (
    "",
    "[terrain_chart.kunai]\ntem = 1\n",
    '[terrain_chart.woods]\nlos = "hindrance"\nhindrance = 2\ninfantry_mf = "NA"\n',
)


@cache
def base(pto: bool, jungle: str, depth: str, sub_zero: bool, chart: int, two: bool) -> Game:
    boards = '[["37", "38*"]]' if two else '[["37"]]'
    files = '"37" = "board37.toml"\n' + ('"38" = "board38.toml"\n' if two else "")
    text = (
        f"[map]\nboards = {boards}\n[map.files]\n{files}"
        f'[ssr]\npto_terrain = {str(pto).lower()}\njungle = "{jungle}"\n'
        f'river_depth = "{depth}"\nsub_zero = {str(sub_zero).lower()}\n{CHARTS[chart]}'
    )
    return loads(text, str(DATA / "generated.toml"))


NAT = st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True)
NAME = st.characters(blacklist_categories=("Cc", "Cs"))
"""A character of an id or name: any but a control character (refused in ids and names)."""


def ranged(key: str) -> st.SearchStrategy[Any]:
    """Any number in the range a scenario file allows for ``key`` (aslpto.base.ranges)."""
    r = RANGES[key]
    if isinstance(r.low, int) and isinstance(r.high, int):
        return st.integers(r.low, r.high)
    return st.floats(r.low, r.high)


def of_type(t: Any, key: str = "") -> st.SearchStrategy[Any]:
    origin = typing.get_origin(t)
    if origin is UnionType or origin is typing.Union:
        inner = [a for a in typing.get_args(t) if a is not NoneType]
        return st.none() | of_type(inner[0], key)
    if isinstance(t, type) and issubclass(t, StrEnum):
        return st.sampled_from(list(t))
    if t is bool:
        return st.booleans()
    if t is int:
        return ranged(key)
    if t is float:
        return st.floats(RANGES[key].low, RANGES[key].high)
    if t is str:
        return st.text(max_size=12)
    raise AssertionError(f"no strategy for {t}")


UNIT_HINTS = typing.get_type_hints(Unit)


@st.composite
def games(draw: st.DrawFn) -> Game:
    g = base(
        draw(st.booleans()),
        draw(st.sampled_from([j.value for j in JungleType])),
        draw(st.sampled_from([d.value for d in RiverDepth])),
        draw(st.booleans()),
        draw(st.integers(0, len(CHARTS) - 1)),
        draw(st.booleans()),
    )
    m = g.map
    names = sorted(m.name(h) for h in m)
    cond = replace(
        g.conditions,
        paddy=draw(st.sampled_from(list(PaddyState))),
        ec=draw(st.sampled_from(list(EC))),
        current_direction=draw(st.none() | st.sampled_from(list(Direction))),
        current_force=draw(st.none() | st.sampled_from(list(CurrentForce))),
        frigid_water=draw(st.booleans()),
        year=draw(ranged("scenario.year")),
        month=draw(st.integers(1, 12)),
        night=draw(st.booleans()),
    )
    side_names = draw(
        st.lists(st.text(NAME, min_size=1, max_size=8), min_size=1, max_size=3, unique=True)
    )
    sides = tuple(
        Side(
            n,
            draw(NAT),
            draw(st.booleans()),
            draw(ranged("sides.panji_hexsides")),
            draw(ranged("sides.trip_flares")),
            draw(ranged("sides.dc")),
            draw(ranged("sides.elr")),
            draw(ranged("sides.san")),
        )
        for n in side_names
    )
    units: dict[str, Unit] = {}
    for uid in draw(st.lists(st.text(NAME, min_size=1, max_size=8), max_size=5, unique=True)):
        kw: dict[str, Any] = {}
        for f in fields(Unit):
            kw[f.name] = draw(of_type(UNIT_HINTS[f.name], f"units.{f.name}"))
        kw.update(
            id=uid,
            side=draw(st.sampled_from(side_names)),
            nationality=draw(NAT),
            hex=draw(st.just("") | st.sampled_from(names)),
            position=draw(st.sampled_from(POSITIONS)),
            entrenched=draw(st.none() | st.sampled_from(ENTRENCHMENTS)),
        )
        kw["heroic"] = kw["heroic"] and kw["kind"] == Kind.LEADER  # (the reader refuses others)
        units[uid] = Unit(**kw)
    panjis: dict[str, Panji] = {}
    for pid in draw(st.lists(st.text(NAME, min_size=1, max_size=4), max_size=3, unique=True)):
        h = m.hex(draw(st.sampled_from(names)))
        sides_of = [Hexside.of(h, n) for n in m.neighbours(h)]
        covered = frozenset(draw(st.lists(st.sampled_from(sides_of), max_size=6)))
        top = draw(st.none() | st.sampled_from(sides_of))
        panjis[pid] = Panji(
            pid, h, covered, draw(st.sampled_from(side_names)), draw(st.booleans()), top
        )
    forts: list[Fortification] = []
    for fid in draw(st.lists(st.text(NAME, min_size=1, max_size=4), max_size=4, unique=True)):
        h = m.hex(draw(st.sampled_from(names)))
        sides_of = [Hexside.of(h, n) for n in m.neighbours(h)]
        forts.append(
            Fortification(
                fid,
                draw(st.sampled_from(list(FortKind))),
                h,
                draw(st.just("") | st.sampled_from(side_names)),
                draw(st.booleans()),
                draw(ranged("fortifications.strength")),
                draw(st.none() | st.sampled_from(sorted(units))) if units else None,
                draw(st.none() | st.sampled_from(sides_of)),
            )
        )
    return replace(
        g,
        name=draw(st.text(max_size=20)),
        conditions=cond,
        sides=sides,
        units=units,
        panjis=panjis,
        fortifications=tuple(forts),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_dump_round_trip_any_game(g: Game) -> None:
    assert loads(dump(g), g.source) == g


def test_conditions_default_round_trip() -> None:
    g = base(False, "dense", "deep", False, 0, False)
    assert g.conditions == Conditions()
    assert loads(dump(g), g.source) == g
