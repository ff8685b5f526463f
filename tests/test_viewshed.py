"""``aslpto viewshed SCENARIO UNIT|HEX [--range N] [--json]`` and ``aslpto.viewshed``: every
Location a viewer sees (A6), each judged as ``aslpto los`` judges it, on the bundled TOML
boards (PTO Terrain, paddies and their banks, a river, Panji counters, buildings)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import aslpto
from aslpto.base.rulings import InputError
from aslpto.cli import main
from aslpto.formats import scenario
from aslpto.rules.los import (
    LosEngine,
    engine_for,
    location_of,
    parse_location,
    viewshed,
    viewshed_of,
)
from aslpto.state.game import Game

ROOT = Path(__file__).resolve().parent.parent
PADDY = ROOT / "examples" / "paddy-river.toml"
DEEP = ROOT / "examples" / "b21-deep.toml"
FOUR = ROOT / "examples" / "two-by-two.toml"


@cache
def game(path: Path) -> Game:
    return scenario.load(path)


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["viewshed", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def test_viewshed_json_has_reachs_shape_every_location_in_range(
    capsys: pytest.CaptureFixture[str],
) -> None:
    d = _json(capsys, str(PADDY), "J1", "--range", "3")
    assert d["from"] == "32M5" and d["unit"] == "J1" and d["range"] == 3
    locs = d["locations"]
    assert {tuple(sorted(s)) for s in locs} == {
        ("blocked_by", "hex", "hindrance_drm", "level", "los", "position", "range")
    }
    # every hex within range 3 but the viewer's own: 3 * 3 * 4 = 36 Locations
    assert len(locs) == 36 and d["seen"] == sum(s["los"] for s in locs)
    assert [s["range"] for s in locs] == sorted(s["range"] for s in locs)
    blocked = [s for s in locs if not s["los"]]
    assert blocked and all(s["blocked_by"]["rule"] for s in blocked)
    assert all(s["hindrance_drm"] == 0 for s in blocked)


def test_b21_2_a_viewshed_from_ground_level_does_not_see_into_the_river(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """B21.2 EX: from 7AA10 the unit cannot see into the river at 7AA8; from a level above
    (7AA10@1) it can."""
    d = _json(capsys, str(DEEP), "7AA10", "--range", "2")
    aa8 = next(s for s in d["locations"] if s["hex"] == "7AA8")
    assert aa8["los"] is False and aa8["blocked_by"]["where"] == "7AA9"
    assert aa8["blocked_by"]["rule"] == "B21.2"
    d = _json(capsys, str(DEEP), "7AA10@1", "--range", "2")
    assert d["from"] == "7AA10@1" and d["unit"] is None
    assert next(s for s in d["locations"] if s["hex"] == "7AA8")["los"] is True


def test_viewshed_text_one_line_per_location(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["viewshed", str(DEEP), "7AA10", "--range", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "7AA10: sees 5 of 5 Location(s) within range 1"
    assert len(out) == 1 + 5 + 1 and out[-1].startswith("rules: A6.1")


def test_b23_the_upper_levels_of_a_building_are_locations_of_their_own() -> None:
    """A two-story building hex lists its ground level and its upper level (@1)."""
    g = game(FOUR)
    eng = engine_for(g)
    tall = next(
        h
        for h, info in sorted(g.map.cells.items())
        if info.building is not None and info.terrain.is_building and info.building.stories > 1
    )
    near = next(o for o in sorted(g.map.cells) if o != tall and tall.is_adjacent(o))
    v = viewshed_of(eng, parse_location(g.map, g.map.name(near)), 1)
    name = g.map.name(tall)
    building = g.map.cells[tall].building
    assert building is not None
    assert {s.level for s in v.locations if s.hex == name} == set(range(building.stories))


def test_a_scenario_los_override_holds_in_the_viewshed(tmp_path: Path) -> None:
    text = PADDY.read_text() + (
        '\n[[los_overrides]]\nfrom = "32M5"\nto = "32M7"\nlos = true\nhindrance_drm = 2\n'
        'note = "SSR 9"\n'
    )
    path = tmp_path / "over.toml"
    path.write_text(text)
    g = scenario.load(path)
    m7 = next(s for s in viewshed(g, "J1", 2).locations if s.hex == "32M7")
    assert m7.los and m7.hindrance_drm == 2


@settings(max_examples=30, deadline=None)
@given(
    path=st.sampled_from([PADDY, FOUR]),
    pick=st.integers(0, 10**6),
    level=st.sampled_from([0, 0, 1]),
    reach=st.one_of(st.none(), st.integers(0, 6)),
)
def test_a6_a_viewshed_judges_each_location_as_los_does(
    path: Path, pick: int, level: int, reach: int | None
) -> None:
    g = game(path)
    eng: LosEngine = engine_for(g)
    cells = sorted(g.map.cells)
    frm = parse_location(g.map, g.map.name(cells[pick % len(cells)]) + f"@{level}")
    if path == FOUR and reach is None:
        reach = 8
    v = viewshed_of(eng, frm, reach)
    for s in v.locations:
        r = eng.check(frm, parse_location(g.map, s.hex + (f"@{s.level}" if s.level else "")))
        assert (s.los, s.hindrance_drm, s.range, s.blocked_by) == (
            r.los,
            r.hindrance_drm,
            r.range,
            r.blocked_by,
        )


def test_the_python_api_gives_the_commands_answer(capsys: pytest.CaptureFixture[str]) -> None:
    g = aslpto.load(PADDY)
    v = aslpto.viewshed(g, "J1", 2)
    assert v.as_json() == _json(capsys, str(PADDY), "J1", "--range", "2")
    assert v.frm == "32M5" and v.seen == sum(s.los for s in v.locations)
    unit = g.units["J1"]
    assert aslpto.viewshed(g, unit, 2) == v
    assert aslpto.viewshed(g, location_of(g, unit), 2).locations == v.locations


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ZZ"], "location 'ZZ': 'ZZ' is not a hex name"),
        (["unit:ZZ"], "no unit 'ZZ' in this scenario (units: J1, J2,"),
        (["J1", "--range", "-1"], "range -1: a range is 0 or more"),
        (["J1", "--range", "45"], "range 45 is beyond the map: no hex is more than 44 hexes"),
        (["32M5@21"], "location '32M5@21': level 21 is out of range"),
        (["J1", "--range", "x"], "argument --range: invalid int value: 'x'"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["viewshed", str(PADDY), *args]) == 2
    got = capsys.readouterr()
    assert got.out == "" and got.err.count("\n") == 1 and message in got.err


def test_a_range_beyond_the_map_is_refused_by_the_api_too() -> None:
    with pytest.raises(InputError, match="beyond the map"):
        viewshed(game(PADDY), "J1", 99)


@pytest.mark.parametrize("enabled", [True, False])
def test_a_viewshed_leaves_the_cycle_collector_as_it_found_it(enabled: bool) -> None:
    """The collector is paused while a viewshed is built and set going again only if it was
    going, whether the viewshed is answered or refused."""
    import gc

    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        assert viewshed(game(PADDY), "J1", 2).locations
        assert gc.isenabled() is enabled
        with pytest.raises(InputError):
            viewshed(game(PADDY), "J1", 99)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a6_1_seen_by_the_units_of_the_other_sides(capsys: pytest.CaptureFixture[str]) -> None:
    """--seen-by: each U.S. unit on the map and whether it sees J1 (the LOS from its Location
    to J1's), as los answers it; none of J1's own side; every other unit, for a hex."""
    d = _json(capsys, str(PADDY), "J1", "--range", "1", "--seen-by")
    g = game(PADDY)
    eng = engine_for(g)
    assert [s["unit"] for s in d["seen_by"]] == sorted(
        u.id for u in g.units.values() if u.side != g.units["J1"].side and u.hex
    )
    for s in d["seen_by"]:
        r = eng.check(location_of(g, g.units[s["unit"]]), location_of(g, g.units["J1"]))
        assert (s["los"], s["hindrance_drm"]) == (r.los, r.hindrance_drm)
    assert any(s["los"] for s in d["seen_by"]) and not all(s["los"] for s in d["seen_by"])
    d = _json(capsys, str(PADDY), "32M5", "--range", "1", "--seen-by")
    assert {s["unit"] for s in d["seen_by"]} == {u.id for u in g.units.values() if u.hex}
    assert main(["viewshed", str(PADDY), "J1", "--range", "1", "--seen-by"]) == 0
    assert "seen by 5 of 6 unit(s):" in capsys.readouterr().out
