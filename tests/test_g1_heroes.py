"""G1.42-G1.425: T-H Heroes and DC Heroes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, strategies as st

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules.japanese import heroes as th
from aslpto.rules.morale import Check, resolve_check
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.CONSCRIPT


def sq(cls: UnitClass = F, **kw: Any) -> Unit:
    return make("J1", "japanese", Kind.SQUAD, cls, Strength.FULL, **kw)


def hs(cls: UnitClass = F, **kw: Any) -> Unit:
    return make("H1", "japanese", Kind.HALF_SQUAD, cls, **kw)


def hero(**kw: Any) -> Unit:
    return make("T", "japanese", Kind.TH_HERO, **kw)


MPH = th.THOpportunity(th.THTime.MPH, afv_in_los=True, within_eight_mf=True)


def test_g1_42_heroes_by_heat_of_battle_and_t_h_heroes() -> None:
    r = resolve_check(sq(), Check.MC, GivenDice("1,1 2,2"))  # HoB 4: a hero (A15.21)
    assert any(u.kind == Kind.HERO for u in r.units)


# --- G1.421 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("time", "facts"),
    [
        (th.THTime.MPH, {"within_eight_mf": True}),
        (th.THTime.APH, {"adjacent": True}),
        (th.THTime.ENEMY_MPH, {"can_cc_reaction_fire": True}),
        (th.THTime.CCPH, {"defender_in_same_location": True}),
    ],
)
def test_g1_421_four_moments(time: th.THTime, facts: dict[str, bool]) -> None:
    opp = th.THOpportunity(time, afv_in_los=True, **facts)
    assert th.may_attempt_th_hero(sq(), opp).value
    assert not th.may_attempt_th_hero(sq(), th.THOpportunity(time, afv_in_los=True)).value
    assert not th.may_attempt_th_hero(sq(), th.THOpportunity(time, **facts)).value  # no LOS


def test_g1_421_exc_fire_pin_ti_markers_and_good_order() -> None:
    for u in (sq(pinned=True), sq(ti=True), sq(broken=True), sq(unarmed=True)):
        assert not th.may_attempt_th_hero(u, MPH).value
    fired = th.THOpportunity(th.THTime.MPH, True, True, fire_marker=True)
    assert not th.may_attempt_th_hero(sq(), fired).value
    again = th.THOpportunity(th.THTime.MPH, True, True, attempted_this_phase=True)
    assert not th.may_attempt_th_hero(sq(), again).value
    none_left = th.THOpportunity(th.THTime.MPH, True, True, remaining=0)
    assert not th.may_attempt_th_hero(sq(), none_left).value
    assert not th.may_attempt_th_hero(make("L", "japanese", Kind.LEADER, face="9-1"), MPH).value
    assert not th.may_attempt_th_hero(make("A", "american", Kind.SQUAD, F), MPH).value


def test_g1_421_drm() -> None:
    assert th.th_hero_drm(sq()).value == 0
    assert th.th_hero_drm(hs()).value == 1
    assert th.th_hero_drm(hs(C)).value == 3
    assert th.th_hero_drm(sq(possesses_dc=True), gives_dc=True).value == -2
    with pytest.raises(RuleViolation):
        th.th_hero_drm(sq(), gives_dc=True)


def test_g1_421_creation_hand_count_squad() -> None:
    # squad, no DRM: dr 1, 2, 3 create (3 of 6); dr 6 pins (1 of 6); dr 4, 5 nothing (2 of 6)
    d = th.odds_th_hero(sq())
    created = d.probability(lambda r: any(u.kind == Kind.TH_HERO for u in r.units))
    pinned = d.probability(lambda r: r.units[0].pinned)
    assert (created, pinned) == (Fraction(3, 6), Fraction(1, 6))
    assert d.total() == 1


def test_g1_421_creation_hand_count_conscript_hs_and_dc() -> None:
    # Conscript HS: +3, never <= 3; dr 6 pins
    d = th.odds_th_hero(hs(C))
    assert d.probability(lambda r: len(r.units) == 2) == 0
    # with a DC to give: -2, dr 1-5 create a DC Hero (5 of 6); dr 6 (Final 4) pins
    d = th.odds_th_hero(sq(possesses_dc=True), gives_dc=True)
    assert d.probability(lambda r: any(u.kind == Kind.DC_HERO for u in r.units)) == Fraction(5, 6)
    r = th.resolve_th_hero(sq(possesses_dc=True), GivenDice("1"), gives_dc=True)
    mmc, dch = r.units
    assert (mmc.possesses_dc, dch.possesses_dc) == (False, True)


def test_g1_421_original_6_pins_unless_banzai() -> None:
    assert th.resolve_th_hero(sq(), GivenDice("6")).units[0].pinned
    assert not th.resolve_th_hero(sq(), GivenDice("6"), banzai=True).units[0].pinned


def test_g1_421_attempt_is_a_concealment_loss_activity() -> None:
    r = th.resolve_th_hero(sq(concealed=True), GivenDice("5"))
    assert not r.units[0].concealed and "A12.141" in r.rules


@pytest.mark.parametrize(
    ("squads", "year", "russians", "allowed"),
    [
        (10, 1942, False, 1),  # 10%
        (11, 1942, False, 2),  # 1.1 FRU
        (10, 1942, True, 2),  # 20% vs Russians
        (10, 1943, False, 2),  # 20%
        (10, 1944, False, 4),  # 33% of 10 = 3.3 FRU
        (3, 1944, False, 1),  # 0.99 FRU
        (10, 1945, False, 5),  # 50%
        (7, 1945, True, 4),  # 3.5 FRU (vs Russians changes only pre-1943)
        (0, 1945, False, 0),
    ],
)
def test_g1_421_total_per_scenario(squads: int, year: int, russians: bool, allowed: int) -> None:
    assert th.th_hero_allowance(squads=squads, year=year, vs_russians=russians).value == allowed


# --- G1.422 ---------------------------------------------------------------------------------------


def test_g1_422_hip_in_1944_45_with_onboard_setup() -> None:
    assert th.th_hero_hip_allowed(year=1944, japanese_set_up_onboard=True).value
    assert not th.th_hero_hip_allowed(year=1943, japanese_set_up_onboard=True).value
    assert not th.th_hero_hip_allowed(year=1945, japanese_set_up_onboard=False).value


def test_g1_422_voluntary_loss_only_when_creation_would_be_allowed() -> None:
    h = hero(hidden=True)
    assert th.may_lose_hip_voluntarily(h, MPH).value
    assert not th.may_lose_hip_voluntarily(h, th.THOpportunity(th.THTime.APH, True)).value
    assert not th.may_lose_hip_voluntarily(hero(), MPH).value


# --- G1.423 ---------------------------------------------------------------------------------------


def test_g1_423_possessions_and_activities() -> None:
    assert th.th_hero_may_possess(th.Item.ATMM).value
    assert th.th_hero_may_possess(th.Item.DC, transferred_per_g1_424=True).value
    assert not th.th_hero_may_possess(th.Item.DC).value
    for item in (th.Item.GUN, th.Item.SW, th.Item.MOL):
        assert not th.th_hero_may_possess(item).value
    assert not th.th_hero_has_hero_drm().value
    assert th.th_hero_may("receive-dc").value
    for a in ("recovery", "transfer", "prc", "move-in-stack", "banzai-morale-bonus"):
        assert not th.th_hero_may(a).value
    with pytest.raises(InputError):
        th.th_hero_may("fly")


def test_g1_423_mf_deduction() -> None:
    assert th.th_hero_mf(0).value == 8
    assert th.th_hero_mf(2).value == 4
    assert th.th_hero_mf(2, banzai=True).value == 6
    assert th.th_hero_mf(5).value == 0
    r = th.resolve_th_hero(sq(), GivenDice("1"), mf_expended=1)
    assert r.units[1].mf == 6


def test_g1_423_charge_limits() -> None:
    assert not th.th_hero_may_enter(
        enemy_occupied=True, holds_target=False, adjacent_to_target=False
    ).value
    assert th.th_hero_may_enter(
        enemy_occupied=True, holds_target=False, adjacent_to_target=True
    ).value
    assert th.th_hero_must_advance(adjacent_at_start_of_aph=True, able=True).value
    assert not th.creator_effects_on_hero(assault=True, hazardous=True, cx=True).value
    assert not th.vehicle_motion_attempt_allowed_by_th_hero().value


# --- G1.4231 --------------------------------------------------------------------------------------


def test_g1_4231_cc_values() -> None:
    c = th.th_hero_combat().value
    assert (c.fp, c.ccv, c.fp_vs_personnel_in_cc_only) == (1, 5, True)
    assert th.with_mmc_in_cc(4, 4).value == (5, 5)


def test_g1_4231_atmm_hand_count() -> None:
    # Final dr <= 3: dr 1-3 (3 of 6); pre-1944 +1: dr 1-2 (2 of 6)
    for pre, n in ((False, 3), (True, 2)):
        d = th.odds_atmm(hero(), pre_1944=pre)
        assert d.probability(lambda r: "T: ATMM" in r.events) == Fraction(n, 6)


def test_g1_4231_original_6_does_not_pin_and_only_th_heroes_roll() -> None:
    r = th.resolve_atmm(hero(), GivenDice("6"), pre_1944=False)
    assert not r.units[0].pinned
    with pytest.raises(RuleViolation):
        th.resolve_atmm(sq(), GivenDice("1"), pre_1944=False)


# --- G1.424 / G1.4241 / G1.425 -----------------------------------------------------------------


def test_g1_424_dc_hero_eligibility_and_limits() -> None:
    opp = th.THOpportunity(th.THTime.MPH, dc_target_in_los_within_eight_mf=True)
    assert th.may_attempt_th_hero(sq(possesses_dc=True), opp, dc_hero=True).value
    assert not th.may_attempt_th_hero(sq(), opp, dc_hero=True).value
    aph = th.THOpportunity(th.THTime.APH, dc_target_in_los_within_eight_mf=True)
    assert not th.may_attempt_th_hero(sq(possesses_dc=True), aph, dc_hero=True).value
    for a in ("place", "throw", "cc-attack"):
        assert not th.dc_hero_may(a).value
    assert th.dc_hero_may_detonate(
        in_target_location=True, survived_defensive_first_fire=True, own_mph=True
    ).value
    assert th.may_detonate_like_dc_hero(sq(possesses_dc=True), own_mph=True).value


def test_g1_4241_fortified_building() -> None:
    assert th.fortified_building_detonation_mf().value == 2
    assert th.fortified_building_detonation_mf(via_stairwell=True).value == 1


def test_g1_425_loss() -> None:
    assert th.th_hero_removed(th.HeroEvent.ATTACKED_TARGET).value
    assert th.th_hero_removed(th.HeroEvent.TARGET_ELIMINATED).value
    assert not th.th_hero_removed(th.HeroEvent.END_OF_PLAYER_TURN, in_melee=True).value
    assert th.th_hero_removed(th.HeroEvent.END_OF_PLAYER_TURN).value
    assert th.involuntary_hip_loss_eliminates(
        enemy_mph_reaction_fire=False, ccph_defender_with_enemy=False
    ).value
    assert not th.involuntary_hip_loss_eliminates(
        enemy_mph_reaction_fire=True, ccph_defender_with_enemy=False
    ).value
    assert th.revealing_enemy_continues(hero_was_only_defender=True).value


@given(
    st.sampled_from([sq(), hs(C), sq(E, possesses_dc=True)]),
    st.booleans(),
    st.booleans(),
    st.integers(1, 6),
)
def test_g1_421_odds_sum_to_one_and_rolls_land(mmc: Unit, dc: bool, banzai: bool, die: int) -> None:
    gives = dc and mmc.possesses_dc
    d = th.odds_th_hero(mmc, gives_dc=gives, banzai=banzai)
    assert d.total() == 1
    assert d[th.resolve_th_hero(mmc, GivenDice([die]), gives_dc=gives, banzai=banzai)] > 0


def test_g1_4_created_th_hero_is_wounded_then_eliminated() -> None:
    """A created T-H Hero is a Hero counter: a break result Wounds him (his face changes);
    an already-wounded T-H Hero who suffers a break result is eliminated (G1.4)."""
    from aslpto.state.units import Kind, Strength, UnitClass

    sq = make("S", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
    made = th.resolve_th_hero(sq, GivenDice("1"))
    hero = next(u for u in made.units if u.kind == Kind.TH_HERO)
    assert hero.counter == th.th_hero_face() == "1-4-9" and hero.morale == 9
    hurt = resolve_check(hero, Check.NMC, GivenDice("5,6 1"))  # fails: Wound Severity dr 1
    wounded = next(u for u in hurt.units if u.id == hero.id)
    assert wounded.wounded and wounded.counter != hero.counter
    again = resolve_check(wounded, Check.NMC, GivenDice("5,6"))
    assert hero.id in again.eliminated
