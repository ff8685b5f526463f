"""Pricing shared between movers (procedures/movement/pricing.py): the terrain summed up once
per game and the steps priced once per kind of mover and hexside terrain answer exactly what
the rules answer step by step, and a unit's reach does not depend on which units were asked
about before it."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslpto.base import unchecked
from aslpto.base.rulings import InputError
from aslpto.board.maps import RiverDepth
from aslpto.formats import scenario
from aslpto.procedures import movement
from aslpto.procedures.movement import evaluate, reach
from aslpto.procedures.movement.pricing import price_state
from aslpto.rules.movement import MoveOptions, Phase
from aslpto.state.game import Conditions, Game
from test_movement_helpers import make_game, squad

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCENARIOS = ["two-by-two", "paddy-river", "panji-g9", "b21-deep", "b21-flooded"]
OPTIONS = [
    MoveOptions(),
    MoveOptions(double_time=True),
    MoveOptions(assault=True),
    MoveOptions(phase=Phase.APH),
    MoveOptions(low_crawl=True),
]


@cache
def game(name: str) -> Game:
    return scenario.load(EXAMPLES / f"{name}.toml")


def fresh() -> None:
    movement._CACHES.clear()
    movement._PREPARED.clear()


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


@pytest.mark.parametrize("name", SCENARIOS)
def test_shared_pricing_answers_what_each_step_costs_by_the_rules(name: str) -> None:
    """Every state the searches priced (from the memo or not), priced again step by step by
    the rules: the same edges in the same order, reading the same unchecked values."""
    g = game(name)
    fresh()
    for opts in OPTIONS:
        for uid in g.units:
            answer(g, uid, opts)
    spaces = [s for entry in movement._CACHES.values() for s in entry[1].values()]
    assert spaces
    checked = 0
    for space in spaces:
        for first, table in ((True, space.first), (False, space.later)):
            for sid, edges in enumerate(table):
                if edges is None:
                    continue
                with unchecked.capture() as seen:
                    ref = price_state(space.ctx, space.states[sid], first, space.sid)
                assert edges == ref, (name, space.key, space.states[sid], first)
                assert space.noted.get((sid, first), ()) == tuple(seen)
                checked += 1
    assert checked > 50


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
    for uid in [*g.units, *reversed(g.units)]:
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
    g = make_game(board, conditions=Conditions(river_depth=RiverDepth.FORDABLE),
                  units=(squad("G", "37E4"), squad("W", "37E4", broken=True)))  # fmt: skip
    opts = MoveOptions(low_crawl=True)
    fresh()
    alone = answer(g, "W", opts)
    fresh()
    answer(g, "G", opts)
    assert answer(g, "W", opts) == alone
    assert len(alone["costs"]) == 1  # it stays where it is
