"""Rally (A10.6-A10.64, A15.1, A18.11; G1.2, G1.3, G1.41, G1.62): who may attempt it, its Morale
Level and DRM, what the Rally DR does, exact and rolled alike (rules.morale.rally), and
``aslpto odds rally``."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base import unchecked
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.rules.morale import Result
from aslpto.rules.morale.rally import (
    RallyAttempt,
    apply_rally_roll,
    odds_rally,
    resolve_rally,
    self_rally_capable,
    terms,
    verify,
)
from aslpto.state.counters import make
from aslpto.state.dice import DR, GivenDice
from aslpto.state.units import Kind, Unit, UnitClass


def us_squad(**status: Any) -> Unit:
    return make("U", "american", Kind.SQUAD, UnitClass.FIRST_LINE, broken=True, **status)


def us_leader(face: str = "9-1", uid: str = "L", **status: Any) -> Unit:
    return make(uid, "american", Kind.LEADER, face=face, **status)


def rallied(a: RallyAttempt) -> Fraction:
    """The odds that the unit ends unbroken (in play)."""
    return odds_rally(a).probability(
        lambda r: any(u.id == a.unit.id and not u.broken for u in r.units)
    )


def test_a10_6_a_leader_rallies_a_broken_unit_on_final_dr_at_most_its_morale() -> None:
    u, ldr = us_squad(), us_leader()
    a = RallyAttempt(u, ldr, (u, ldr))
    t = terms(a)
    assert t.morale.value == 8  # the broken side of the 6-6-6
    assert [(d.what, d.value, d.rule) for d in t.drm] == [("leadership of L", -1, "A10.6")]
    # Final DR <= 8 with -1: an Original DR <= 9, 30 of 36
    assert rallied(a) == Fraction(30, 36)
    r = resolve_rally(a, GivenDice("4,5"))
    after = r.unit("U")
    assert after is not None and not after.broken and not after.dm and after.morale == 6
    r = resolve_rally(a, GivenDice("5,5"))
    assert r.unit("U") == u and r.events == ("U: not rallied (Final DR 9 > Morale Level 8)",)


def test_a10_62_dm_adds_four_to_the_rally_dr() -> None:
    u, ldr = us_squad(dm=True), us_leader()
    t = terms(RallyAttempt(u, ldr, (u, ldr)))
    assert [(d.value, d.rule) for d in t.drm] == [(4, "A10.62"), (-1, "A10.6")]
    # 8 - 3: an Original DR <= 5, 10 of 36 (a 2 rallies before its Heat of Battle DR)
    assert rallied(RallyAttempt(u, ldr, (u, ldr))) == Fraction(10, 36)


def test_a10_63_self_rally_adds_one_and_is_a_leaders_and_a_crews() -> None:
    ldr = us_leader(broken=True)
    assert self_rally_capable(ldr).value
    crew = make("C", "japanese", Kind.VEHICLE_CREW, broken=True)  # G1.3: rallies normally
    assert self_rally_capable(crew).value
    assert not self_rally_capable(us_squad()).value
    t = terms(RallyAttempt(ldr))
    assert [(d.what, d.value, d.rule) for d in t.drm] == [("Self-Rally", 1, "A10.63")]
    assert rallied(RallyAttempt(ldr)) == Fraction(26, 36)  # 9 - 1: DR <= 8
    assert rallied(RallyAttempt(crew)) == Fraction(21, 36)  # 8 - 1: DR <= 7


def test_a10_63_a_leader_does_not_rally_himself_with_his_own_leadership() -> None:
    ldr = us_leader(broken=True)
    with pytest.raises(RuleViolation) as e:
        verify(RallyAttempt(ldr, ldr, (ldr,)))
    assert e.value.rule == "A10.63"


def test_a10_6_who_may_not_attempt_a_rally() -> None:
    u = us_squad()
    refusals = [
        (RallyAttempt(u.with_(broken=False)), "A10.6"),  # not broken
        (RallyAttempt(u, us_leader(broken=True), ()), "A10.6"),  # the leader broken
        (RallyAttempt(u, us_leader(hex="37A1"), ()), "A10.6"),  # elsewhere
        (RallyAttempt(u, us_leader().with_(side="other")), "A10.6"),  # not friendly
        (RallyAttempt(u), "A10.63"),  # a squad has no Self-Rally capability
        (RallyAttempt(u, None, (u, us_leader()), field_promotion=True), "A18.11"),
    ]
    for a, rule in refusals:
        with pytest.raises(RuleViolation) as e:
            verify(a)
        assert e.value.rule == rule, str(e.value)
    with pytest.raises(InputError):
        verify(RallyAttempt(u, us_squad().with_(id="S")))  # not a leader


def test_a10_6_rally_terrain_woods_and_building_minus_one_jungle_only_unchecked() -> None:
    u, ldr = us_squad(), us_leader()
    for word in ("woods", "stone-building", "wooden-building"):
        t = terms(RallyAttempt(u, ldr, (u, ldr), terrain=word))
        assert t.drm[-1].value == -1 and t.drm[-1].rule == "A10.61"
    assert terms(RallyAttempt(u, ldr, (u, ldr), terrain="open-ground")).total == -1
    assert terms(RallyAttempt(u, ldr, (u, ldr), terrain="dense-jungle")).total == -1
    jungle = terms(RallyAttempt(u, ldr, (u, ldr), terrain="dense-jungle", pto=True))
    assert jungle.drm[-1].rule == "G.1" and jungle.total == -2


def test_a10_61_a_pillbox_or_trench_is_rally_terrain_once() -> None:
    """A10.61: -1 to a Rally in a building, pillbox, trench or woods; not twice for a trench in
    woods; a foxhole is none of them (one source: an unchecked value)."""
    ldr = us_leader()
    for fort in ("pillbox", "trench"):
        u = us_squad().with_(entrenched=fort)
        unchecked.begin()
        t = terms(RallyAttempt(u, ldr, (u, ldr), terrain="open-ground"))
        assert t.drm[-1].value == -1 and t.drm[-1].rule == "A10.61" and t.total == -2
        assert any("rally.fortifications" in x for x in unchecked.taken())
        assert terms(RallyAttempt(u, ldr, (u, ldr), terrain="woods")).total == -2
    foxhole = us_squad().with_(entrenched="foxhole")
    assert terms(RallyAttempt(foxhole, ldr, (foxhole, ldr), terrain="open-ground")).total == -1


def test_a10_64_an_original_12_casualty_reduces_and_the_unit_stays_broken() -> None:
    u, ldr = us_squad(dm=True), us_leader()
    r = resolve_rally(RallyAttempt(u, ldr, (u, ldr)), GivenDice("6,6"))
    hs = r.unit("U")
    assert hs is not None and hs.kind == Kind.HALF_SQUAD and hs.broken and hs.dm
    assert "A10.64" in r.rules
    jhs = make("J", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, broken=True)
    jl = make("JL", "japanese", Kind.LEADER, face="9-1")
    r = resolve_rally(RallyAttempt(jhs, jl, (jhs, jl)), GivenDice("6,6"))
    assert r.eliminated == ("J",)  # a HS Casualty Reduced is eliminated (G1.14)
    ldr_broken = us_leader(broken=True)
    r2 = resolve_rally(RallyAttempt(ldr_broken), GivenDice("6,6 3"))
    w = r2.unit("L")
    assert w is not None and w.wounded and w.broken  # a SMC is wounded (A17.1)


def test_a15_1_heat_of_battle_after_an_original_2_of_a_rally_not_a_self_rally() -> None:
    u, ldr = us_squad(), us_leader()
    dice = GivenDice("1,1 6,5")  # the Rally DR, then the Heat of Battle DR
    r = resolve_rally(RallyAttempt(u, ldr, (u, ldr)), dice)
    assert dice.remaining == 0 and "A15.1" in r.rules
    assert any("Heat of Battle" in e for e in r.events)
    crew = make("C", "american", Kind.CREW, broken=True)
    dice = GivenDice("1,1")  # a Self-Rally's 2 brings no Heat of Battle DR
    r = resolve_rally(RallyAttempt(crew), dice)
    assert dice.remaining == 0 and "A15.1" not in r.rules


def test_a18_11_the_first_mmc_self_rally_rallies_on_an_original_2() -> None:
    u = us_squad(dm=True)  # DM +4, Self-Rally +1: only a 2 or a 3 rallies it against 8
    a = RallyAttempt(u, None, (u,), field_promotion=True)
    t = terms(a)
    assert [d.rule for d in t.drm] == ["A10.62", "A10.63"]
    assert rallied(a) == Fraction(3, 36)
    r = resolve_rally(a, GivenDice("1,1"))
    assert r.events[0] == "U: rallied (Original 2)"
    assert any("Leader Creation" in e for e in r.events) and "A18.2" in r.rules


def test_g1_62_a_japanese_mmc_self_rallies_on_an_original_2_and_creates_no_leader() -> None:
    hs = make("J", "japanese", Kind.HALF_SQUAD, UnitClass.FIRST_LINE, broken=True, dm=True)
    a = RallyAttempt(hs, None, (hs,), field_promotion=True)
    r = resolve_rally(a, GivenDice("1,1"))
    assert not r.units[0].broken
    assert "J: creates no leader" in r.events and "G1.62" in r.rules


def test_g1_41_ex_10_0_raises_the_rally_morale_of_a_broken_elite_hs_to_9() -> None:
    hs = make("J", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, broken=True)
    ldr = make("JL", "japanese", Kind.LEADER, face="10-0")
    a = RallyAttempt(hs, ldr, (hs, ldr))
    t = terms(a)
    assert t.morale.value == 9 and "G1.41" in t.morale.rules and "A25.222" in t.morale.rules
    assert t.total == 0
    assert rallied(a) == Fraction(30, 36)  # "in effect adding a -1 DRM": DR <= 9


def test_g1_2_a_japanese_hs_rallies_in_the_normal_manner() -> None:
    hs = make("J", "japanese", Kind.HALF_SQUAD, UnitClass.FIRST_LINE, broken=True)
    ldr = make("JL", "japanese", Kind.LEADER, face="9-1")
    r = resolve_rally(RallyAttempt(hs, ldr, (hs, ldr)), GivenDice("3,4"))
    assert not r.units[0].broken and r.units[0].counter == "2-3-7"


UNITS = [
    us_squad(),
    us_squad(dm=True),
    us_leader(broken=True),
    make("C", "japanese", Kind.VEHICLE_CREW, broken=True, dm=True),
    make("J", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, broken=True),
]


def _attempt(i: int, leader: bool, terrain: str) -> RallyAttempt:
    u = UNITS[i]
    if leader and u.kind != Kind.LEADER:
        nat = u.nationality
        ldr = make("L9", nat, Kind.LEADER, face="9-1")
        return RallyAttempt(u, ldr, (u, ldr), terrain=terrain)
    fp = u.kind.is_mmc and not self_rally_capable(u).value
    return RallyAttempt(u, None, (u,), field_promotion=fp, terrain=terrain)


@settings(max_examples=40, deadline=None)
@given(
    i=st.integers(0, len(UNITS) - 1),
    leader=st.booleans(),
    terrain=st.sampled_from(["", "woods", "open-ground"]),
    w=st.integers(1, 6),
    c=st.integers(1, 6),
    more=st.lists(st.integers(1, 6), min_size=4, max_size=4),
)
def test_a10_6_every_roll_lands_on_an_outcome_of_the_exact_odds(
    i: int, leader: bool, terrain: str, w: int, c: int, more: list[int]
) -> None:
    a = _attempt(i, leader, terrain)
    dist = odds_rally(a)
    assert dist.total() == 1
    dice = GivenDice(more)
    r: Result = apply_rally_roll(a, DR(w, c), dice)
    outcomes = [(x.units, x.eliminated) for x, p in dist if p > 0]
    assert (r.units, r.eliminated) in outcomes


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    got = capsys.readouterr()
    return code, got.out, got.err


def test_a10_6_odds_rally_lists_the_outcomes_in_the_odds_shape(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "odds",
        "rally",
        "--unit",
        "2-3-8:half-squad:broken",
        "--leader-present",
        "10-0",
        "--json",
    )
    assert code == 0
    d = json.loads(out)
    assert d["procedure"] == "rally" and d["rally"]["morale"] == 9
    total = sum(Fraction(o["probability"]) for o in d["outcomes"])
    assert total == 1
    unbroken = sum(
        Fraction(o["probability"])
        for o in d["outcomes"]
        if o["result"] and not o["result"][0]["broken"]
    )
    assert unbroken == Fraction(5, 6)
    code, out, _ = run(
        capsys,
        "odds",
        "rally",
        "--unit",
        "6-6-6",
        "--nationality",
        "american",
        "--broken",
        "--dm",
        "--terrain",
        "woods",
        "--rolls",
        "1,2",
    )
    assert code == 0 and "A18.11" in out and "6-6-6 1st-line" in out
    code, _, err = run(capsys, "odds", "rally", "--unit", "6-6-6", "--nationality", "american")
    assert code == 2 and "A10.6" in err and err.count("\n") == 1
