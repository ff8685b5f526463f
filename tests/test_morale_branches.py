"""A10.2: the leaders' part of a stack's checks, walked once for the leaders alone and dressed
with each plan's other units, is the full walk's (rules.morale.branches)."""

from __future__ import annotations

import random

import pytest

from aslpto.rules.fire.resolution import Attack, attack_ways
from aslpto.rules.morale import branches as mb, stack as ms
from aslpto.rules.morale.values import Check
from aslpto.state.counters import make
from aslpto.state.dice import odds_by_class
from aslpto.state.units import Kind, Strength, Unit, UnitClass


def _location(rng: random.Random) -> list[Unit]:
    nat = rng.choice(["japanese", "american"])
    faces = ["10-1", "9-1", "8-0", "10-0"] if nat == "japanese" else ["9-1", "8-0", "10-2"]
    out = [
        make(f"L{i}", nat, Kind.LEADER, face=rng.choice(faces)) for i in range(rng.randint(1, 2))
    ]
    for i in range(rng.randint(1, 2)):
        if nat == "japanese":
            out.append(make(f"S{i}", nat, Kind.SQUAD, UnitClass.ELITE, Strength.FULL))
        else:
            out.append(make(f"S{i}", nat, Kind.SQUAD, face="6-6-6"))
    rng.shuffle(out)
    return out


def _same(plan: mb._Plan) -> None:
    full = dict(odds_by_class(lambda d: mb._leaders_part(plan, d)).items)
    assert dict(mb._branches(plan, {}).items) == full


@pytest.mark.parametrize("seed", range(4))
def test_a10_2_leaders_walked_alone_equal_the_full_walk_of_an_attack(seed: int) -> None:
    rng = random.Random(seed)
    units = _location(rng)
    at = Attack(rng.choice([8, 12, 36]), tuple((u.id, rng.randint(-1, 2)) for u in units), 1)
    ways = attack_ways(units, at)
    for w in rng.sample(ways, min(3, len(ways))):
        _same(mb._Plan(w.units, w.checks, w.leaders, ms._facts({}), w.rules, w.gone, w.before))


@pytest.mark.parametrize("check", [Check.MC, Check.NMC, Check.PTC])
def test_a10_2_leaders_walked_alone_equal_the_full_walk_of_a_location(check: Check) -> None:
    units = _location(random.Random(7))
    _same(ms._location_plan(units, check, 1, True, (), {}))


def test_a10_2_a_unit_checking_before_a_leader_takes_the_full_walk() -> None:
    units = [
        make("S", "american", Kind.SQUAD, face="6-6-6"),
        make("L", "american", Kind.LEADER, face="9-1"),
    ]
    plan = mb._Plan(tuple(units), (("S", Check.MC, 0), ("L", Check.MC, 0)), (), ())
    assert mb._walk_key(plan) is None
    _same(plan)
