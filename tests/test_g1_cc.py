"""G1.64 Hand-to-Hand CC and G1.641 Hara-Kiri."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import given, settings, strategies as st

from aslpto.rules.japanese import cc
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

F, C = UnitClass.FIRST_LINE, UnitClass.CONSCRIPT


def sq(id: str = "J1", cls: UnitClass = F, **kw: Any) -> Unit:
    return make(id, "japanese", Kind.SQUAD, cls, Strength.FULL, **kw)


def test_g1_64_japanese_attacker_makes_hand_to_hand() -> None:
    r = cc.is_hand_to_hand(cc.CCFacts([sq()], japanese_attacker=True))
    assert r.value and "J2.31" in r.rules
    assert cc.is_hand_to_hand(cc.CCFacts([sq()], japanese_ambushed_enemy=True)).value
    assert not cc.is_hand_to_hand(cc.CCFacts([sq()])).value


def test_g1_64_exc_ambushed_withdrawing_pinned_or_vehicles() -> None:
    pinned = cc.CCFacts([sq(pinned=True)], japanese_attacker=True)
    assert not cc.is_hand_to_hand(pinned).value
    amb = cc.CCFacts([sq()], japanese_attacker=True, ambushed_this_phase=frozenset({"J1"}))
    assert not cc.is_hand_to_hand(amb).value
    wd = cc.CCFacts([sq()], japanese_attacker=True, withdrawing=frozenset({"J1"}))
    assert not cc.is_hand_to_hand(wd).value
    mixed = cc.CCFacts([sq(pinned=True), sq("J2")], japanese_attacker=True)
    assert cc.is_hand_to_hand(mixed).value
    veh = cc.CCFacts([sq()], japanese_attacker=True, vehicle_prc_or_pillbox=True)
    assert not cc.is_hand_to_hand(veh).value


def test_g1_64_minus_one_drm() -> None:
    # the printed modifier is -1, in the Japanese favour (rules README)
    assert cc.hand_to_hand_drm([sq()]).value == -1
    assert cc.hand_to_hand_drm([sq(pinned=True), sq("J2", unarmed=True)]).value == 0
    assert cc.hand_to_hand_drm([sq(pinned=True), sq("J2")]).value == -1


def test_g1_64_voluntary_only_in_dasl_and_rb() -> None:
    assert cc.may_declare_hand_to_hand(deluxe_or_red_barricades=True).value
    assert not cc.may_declare_hand_to_hand(deluxe_or_red_barricades=False).value


def test_g1_64_reduced_keeps_full_ccv() -> None:
    red = make("J1", "japanese", Kind.SQUAD, F, Strength.REDUCED)
    assert cc.cc_strength_side(red).value == Strength.FULL


# --- G1.641 ---------------------------------------------------------------------------------------


def test_g1_641_when_allowed() -> None:
    assert cc.may_attempt_hara_kiri(sq(), capture_attempt_pending=True).value
    assert not cc.may_attempt_hara_kiri(sq(), capture_attempt_pending=False).value
    assert not cc.may_attempt_hara_kiri(
        sq(), capture_attempt_pending=True, already_attacked=True
    ).value
    assert not cc.may_attempt_hara_kiri(
        make("A", "american", Kind.SQUAD, F), capture_attempt_pending=True
    ).value


def test_g1_641_drm() -> None:
    assert cc.hara_kiri_drm(sq()).value == 0
    assert cc.hara_kiri_drm(sq(cls=C)).value == -1
    assert cc.hara_kiri_drm(sq(unarmed=True)).value == 1
    assert cc.hara_kiri_drm(sq(), smc_just_eliminated_self=True).value == -2


def test_g1_641_ntc_hand_count() -> None:
    # 4-4-7 (ML 7): eliminates itself on DR <= 7: 1+2+3+4+5+6 = 21 of 36
    d = cc.odds_hara_kiri(sq())
    assert d.probability(lambda r: r.units == ()) == Fraction(21, 36)
    # 3-3-6 Conscript (ML 6, -1): DR - 1 <= 6, DR <= 7: 21 of 36
    d = cc.odds_hara_kiri(sq(cls=C))
    assert d.probability(lambda r: r.units == ()) == Fraction(21, 36)
    # after an SMC's Hara-Kiri: 4-4-7 -2: DR <= 9: 30 of 36
    d = cc.odds_hara_kiri(sq(), smc_just_eliminated_self=True)
    assert d.probability(lambda r: r.units == ()) == Fraction(30, 36)


def test_g1_641_berserk_or_heroic_automatic() -> None:
    assert cc.resolve_hara_kiri(sq(berserk=True), GivenDice("")).units == ()
    assert cc.resolve_hara_kiri(make("H", "japanese", Kind.HERO), GivenDice("")).units == ()


def test_g1_641_a_heroic_leader_is_heroic() -> None:
    # "If berserk/heroic it may automatically eliminate itself": a leader who became heroic
    # (A15.21) as well as a hero counter; "all heroic types are considered equal (and better
    # than any non-heroic unit type)"
    hl = make("HL", "japanese", Kind.LEADER, face="8+1", heroic=True)
    assert cc.resolve_hara_kiri(hl, GivenDice("")).units == ()
    assert cc.resolve_hara_kiri(replace(hl, heroic=False), GivenDice("6,6")).units
    ld = make("L", "japanese", Kind.LEADER, face="10-2")
    h = make("H", "japanese", Kind.HERO)
    order = [u.id for u in cc.hara_kiri_order([sq(), ld, hl, h]).value]
    assert order[:2] in (["HL", "H"], ["H", "HL"]) and order[2:] == ["L", "J1"]


def test_g1_641_failure_no_cc_attack_and_capture_drm() -> None:
    r = cc.resolve_hara_kiri(sq(), GivenDice("6,6"))
    assert r.units and any("Capture attempt -1 DRM" in e for e in r.events)


def test_g1_641_best_smc_first_heroic_best() -> None:
    ld = make("L", "japanese", Kind.LEADER, face="10-1")
    ld2 = make("L2", "japanese", Kind.LEADER, face="8-0")
    h = make("H", "japanese", Kind.HERO)
    order = [u.id for u in cc.hara_kiri_order([sq(), ld2, ld, h]).value]
    assert order == ["H", "L", "L2", "J1"]


def test_g1_641_location_smc_first_then_minus_two() -> None:
    ld = make("L", "japanese", Kind.LEADER, face="9-0")
    # leader: 4,4 = 8 <= 9: eliminates himself; squad then -2: 5,4 - 2 = 7 <= 7
    r = cc.resolve_hara_kiri_location([sq(), ld], GivenDice("4,4 5,4"))
    assert r.units == () and r.eliminated == ("L", "J1")


@given(
    st.sampled_from([sq(), sq(cls=C), sq(unarmed=True)]),
    st.booleans(),
    st.integers(1, 6),
    st.integers(1, 6),
)
def test_g1_641_odds_sum_to_one_and_rolls_land(u: Unit, smc: bool, a: int, b: int) -> None:
    d = cc.odds_hara_kiri(u, smc_just_eliminated_self=smc)
    assert d.total() == 1
    assert d[cc.resolve_hara_kiri(u, GivenDice([a, b]), smc_just_eliminated_self=smc)] > 0


def _full(units: list[Unit], context: list[Unit] = []) -> dict[object, Fraction]:  # noqa: B006
    from aslpto.state.dice import odds

    return dict(odds(lambda d: cc.resolve_hara_kiri_location(units, d, context)).items)


@settings(deadline=None, max_examples=40)
@given(
    st.lists(
        st.sampled_from(["sq", "green", "leader", "leader2", "hero", "berserk"]),
        min_size=1,
        max_size=2,
        unique=True,
    )
)
def test_g1_641_location_odds_bound_unit_by_unit_equal_every_roll(kinds: list[str]) -> None:
    # each attempt depends only on who eliminated themselves before it (a SMC's -2, the
    # leadership left): binding the units' attempts in turn gives every roll's outcome
    make_one = {
        "sq": lambda: sq("A"),
        "green": lambda: sq("B", cls=C),
        "leader": lambda: make("L", "japanese", Kind.LEADER, face="9-1"),
        "leader2": lambda: make("M", "japanese", Kind.LEADER, face="8-0"),
        "hero": lambda: make("H", "japanese", Kind.HERO),
        "berserk": lambda: sq("Z", berserk=True),
    }
    units = [make_one[k]() for k in kinds]
    bound = cc.odds_hara_kiri_location(units)
    assert bound.total() == 1
    assert dict(bound.items) == _full(units)


def test_g1_641_location_odds_of_three_equal_every_roll() -> None:
    units = [make("L", "japanese", Kind.LEADER, face="9-1"), sq("A"), sq("B", cls=C)]
    assert dict(cc.odds_hara_kiri_location(units).items) == _full(units)


def test_g1_641_location_odds_of_a_big_stack() -> None:
    # eight squads and two leaders: 36^10 rolls, a few hundred distinct outcomes
    units = [sq(f"S{i}") for i in range(8)] + [
        make("L", "japanese", Kind.LEADER, face="9-1"),
        make("M", "japanese", Kind.LEADER, face="8-0"),
    ]
    d = cc.odds_hara_kiri_location(units)
    assert d.total() == 1
    none_left = sum(p for r, p in d.items if not r.units)
    assert 0 < none_left < 1
