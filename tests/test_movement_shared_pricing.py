"""Pricing shared between movers (procedures/movement/pricing.py): the terrain summed up once
per game and the steps priced once per kind of mover and hexside terrain answer exactly what
the rules answer step by step, and a unit's reach does not depend on which units were asked
about before it."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.base import unchecked
from aslpto.base.rulings import InputError
from aslpto.board.maps import JungleType, RiverDepth
from aslpto.formats import scenario
from aslpto.procedures import movement
from aslpto.procedures.movement import evaluate, reach
from aslpto.procedures.movement.pricing import price_state
from aslpto.rules.movement import MoveOptions
from aslpto.state.game import EC, Conditions, FortKind, Game, PaddyState
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import MOVE_OPTIONS, PADDY_BOARD, make_game, squad

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCENARIOS = ["two-by-two", "paddy-river", "panji-g9", "b21-deep", "b21-flooded"]
OPTIONS = MOVE_OPTIONS


@cache
def game(name: str) -> Game:
    return scenario.load(EXAMPLES / f"{name}.toml")


def fresh() -> None:
    movement.clear_caches()


def answer(g: Game, uid: str, opts: MoveOptions) -> dict[str, Any]:
    """Everything a reach answers: least costs, Locations with paths, the violation, and the
    unchecked values it rests on."""
    unchecked.begin()
    try:
        res = reach(g, uid, opts)
    except InputError as e:
        return {"error": e.message}
    return {
        "costs": res.costs(),
        "json": res.as_json(g),
        "unchecked": sorted(unchecked.taken()),
    }


def check_against_the_rules(g: Game) -> int:
    """Every state the searches priced, priced again step by step by the rules: the same
    edges in the same order, reading the same unchecked values. Returns how many."""
    spaces = movement.cached_spaces()
    checked = 0
    for space in spaces:
        for first, table in ((True, space.first), (False, space.later)):
            for sid, edges in enumerate(table):
                if edges is None:
                    continue
                with unchecked.capture() as seen:
                    ref = price_state(space.ctx, space.states[sid], first, space.sid)
                assert edges == ref, (space.key, space.states[sid], first)
                assert space.noted.get((sid, first), ()) == tuple(seen)
                checked += 1
    return checked


@pytest.mark.parametrize("name", SCENARIOS)
def test_shared_pricing_answers_what_each_step_costs_by_the_rules(name: str) -> None:
    """Every unit of the example under five sets of options, and with a Terrain Blaze (B25)
    next to it: what the searches priced (from the memo or not) is what the rules price."""
    g = game(name)
    fresh()
    for opts in OPTIONS:
        for uid in g.units:
            answer(g, uid, opts)
    for uid in g.units:  # a Blaze next to the unit: steps into it are not shared
        h = g.map.hex(g.unit(uid).hex)
        ablaze = frozenset({g.map.name(g.map.neighbours(h)[0])})
        answer(g, uid, MoveOptions(blaze=ablaze))
    assert check_against_the_rules(g) > 50


@pytest.mark.parametrize("paddy", list(PaddyState))
def test_shared_pricing_beside_fortifications_panjis_and_water(paddy: PaddyState) -> None:
    """Trenches, a foxhole, Wire, trip flares, tunnels, Panji counters, a river, paddies in
    each state, every kind of mover: the steps shared between plain hexes beside them price
    as the rules do."""
    kinds = {
        "S": squad("S", "37E4"),
        "L": Unit("L", "american", "american", Kind.LEADER, "8-0", hex="37G6"),
        "T": Unit(
            "T",
            "american",
            "american",
            Kind.VEHICLE,
            "x",
            hex="37B5",
            mf=20,
            afv=True,
            vehicle_type=VehicleType.FULLY_TRACKED,
        ),
        "R": Unit(
            "R",
            "american",
            "american",
            Kind.VEHICLE,
            "x",
            hex="37I3",
            mf=20,
            vehicle_type=VehicleType.TRUCK,
        ),
        "C": Unit("C", "american", "american", Kind.CAVALRY, "x", hex="37D6", mf=12),
        "Y": Unit("Y", "american", "american", Kind.CYCLE_RIDER, "x", hex="37F3", mf=15),
        "J": Unit("J", "japanese", "japanese", Kind.SQUAD, "4-4-7", hex="37G4"),
    }
    g = make_game(
        PADDY_BOARD,
        conditions=Conditions(
            pto_terrain=True,
            jungle=JungleType.LIGHT,
            paddy=paddy,
            ec=EC.MUD if paddy == PaddyState.DRAINED else EC.MODERATE,
        ),
        units=tuple(kinds.values()),
        panjis=[("P", "37E5", ["37E5-E4", "37E5-F5"], True), ("Q", "37G4", ["37G4-F4"], False)],
        forts=[
            ("37D4", FortKind.TRENCH, "", 0),
            ("37D5", FortKind.TRENCH, "", 0),
            ("37G5", FortKind.FOXHOLE, "", 0),
            ("37C5", FortKind.WIRE, "", 0),
            ("37F6", FortKind.TRIP_FLARE, "", 1),
        ],
        named_forts=[("T.1", FortKind.TUNNEL, "37D4"), ("T.2", FortKind.TUNNEL, "37G4")],
    )
    fresh()
    for opts in [*OPTIONS, MoveOptions(with_leader="L")]:
        for uid in g.units:
            answer(g, uid, opts)
    assert check_against_the_rules(g) > 50


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("opts", OPTIONS[:3], ids=["mph", "double-time", "assault"])
def test_every_units_reach_after_all_the_others_equals_its_reach_alone(
    name: str, opts: MoveOptions
) -> None:
    """Every unit asked about in turn on one game (each after the units before it, of every
    kind, filled the shared caches) answers what it answers in a fresh game."""
    g = game(name)
    alone = {}
    for uid in g.units:
        fresh()
        alone[uid] = answer(g, uid, opts)
    fresh()
    for uid in [*g.units, *reversed(list(g.units))]:
        assert answer(g, uid, opts) == alone[uid], uid


QUERY = st.tuples(st.integers(0, 200), st.sampled_from(OPTIONS))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SCENARIOS), before=st.lists(QUERY, max_size=4), target=QUERY)
def test_reach_after_other_units_equals_reach_in_a_fresh_game(
    name: str, before: list[tuple[int, MoveOptions]], target: tuple[int, MoveOptions]
) -> None:
    """Caches shared with the units asked about first (same kind or not) change nothing: the
    unit's reach, its paths and the moves along them are those of a fresh game."""
    g = game(name)
    units = list(g.units)
    uid, opts = units[target[0] % len(units)], target[1]
    fresh()
    alone = answer(g, uid, opts)
    fresh()
    for n, o in before:
        answer(g, units[n % len(units)], o)
    shared = answer(g, uid, opts)
    assert shared == alone
    if "json" in shared:
        for loc in shared["json"]["locations"]:
            r = evaluate(g, uid, loc["path"], opts)
            assert r.legal, (loc["path"], r.violation)
            assert r.as_json(g)["mf"] == loc["mf"]


def test_b21_43_a_broken_unit_in_low_crawl_does_not_share_an_unbroken_ones_steps() -> None:
    """B21.43: a broken fording unit may not Low Crawl; an unbroken one in the same hex may, so
    the two do not share priced steps."""
    board = '[board]\nname = "37"\n[terrain]\nriver = ["E2..E8"]\n'
    g = make_game(
        board,
        conditions=Conditions(river_depth=RiverDepth.FORDABLE),
        units=(squad("G", "37E4"), squad("W", "37E4", broken=True)),
    )
    opts = MoveOptions(low_crawl=True)
    fresh()
    alone = answer(g, "W", opts)
    fresh()
    answer(g, "G", opts)
    assert answer(g, "W", opts) == alone
    assert len(alone["costs"]) == 1  # it stays where it is
