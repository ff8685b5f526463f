"""G1.1-G1.3: Japanese squads, Step Reduction, other breaks, Casualty Reduction, HS, crews.

Each EX of the rule text is a test; rolls are given as in a real game (white,colored).
"""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.rules.japanese import units as jp
from aslpto.rules.morale import Check, Situation, resolve_check, resolve_sniper
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, S, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.SECOND_LINE, UnitClass.CONSCRIPT
FULL, RED = Strength.FULL, Strength.REDUCED
NO_HOB = Situation(heat_of_battle=False)


def squad(cls: UnitClass, strength: Strength = FULL, **kw: Any) -> Unit:
    return make("J1", "japanese", Kind.SQUAD, cls, strength, **kw)


def crew(strength: Strength = FULL, **kw: Any) -> Unit:
    return make("C1", "japanese", Kind.CREW, None, strength, **kw)


def faces(units: tuple[Unit, ...]) -> list[tuple[str, str | None, bool, bool]]:
    return [(u.counter, u.unit_class, u.broken, u.dm) for u in units]


# --- G1.1 / G1.11 ---------------------------------------------------------------------------


def test_g1_1_reduced_side_is_good_order() -> None:
    u = squad(E, RED)
    assert (u.counter, u.broken) == ("3-4-8", False)


def test_g1_11_step_reduction_keeps_pinned_ti_cx() -> None:
    u = squad(E, pinned=True, ti=True, cx=True)
    (r,) = jp.step_reduce(u).value
    assert (r.counter, r.pinned, r.ti, r.cx) == ("3-4-8", True, True, True)
    (hs,) = jp.step_reduce(r).value
    assert (hs.counter, hs.pinned, hs.ti, hs.cx, hs.broken) == ("2-3-8", True, True, True, False)


def test_g1_11_only_squads_and_infantry_crews() -> None:
    hs = make("H", "japanese", Kind.HALF_SQUAD, E)
    with pytest.raises(RuleViolation) as e:
        jp.step_reduce(hs)
    assert e.value.rule == "G1.11"
    with pytest.raises(RuleViolation):
        jp.step_reduce(make("A", "american", Kind.SQUAD, F))


def test_g1_11_sniper_dr1_step_reduces() -> None:
    r = resolve_sniper(squad(F), GivenDice(""))
    assert faces(r.units) == [("3-4-7", F, False, False)]
    assert "G1.12" in r.rules


# --- G1.12 and its EX -------------------------------------------------------------------------


def test_g1_121_ex_448_fails_mc_flips_to_348() -> None:
    # four-FP attack: a MC; DR 5,4 = 9 > 8 fails by 1 (< ELR 3)
    r = resolve_check(squad(E), Check.MC, GivenDice("5,4"))
    assert faces(r.units) == [("3-4-8", E, False, False)]
    assert "G1.121" in r.rules


def test_g1_122_ex_348_passenger_fails_1mc_becomes_238_hs() -> None:
    # Collateral 1MC: DR 5,3 +1 = 9 > 8
    r = resolve_check(squad(E, RED), Check.MC, GivenDice("5,3"), drm=1)
    assert faces(r.units) == [("2-3-8", E, False, False)]
    assert r.units[0].kind == Kind.HALF_SQUAD
    assert "G1.122" in r.rules


def test_g1_123_ex_448_beyond_elr_becomes_1st_line_347() -> None:
    # DR 6,5 = 11: fails by 3 >= ELR 3
    r = resolve_check(squad(E, elr=3), Check.MC, GivenDice("6,5"))
    (u,) = r.units
    assert (u.counter, u.unit_class, u.strength, u.broken) == ("3-4-7", F, RED, False)
    assert "G1.123" in r.rules


def test_g1_124_ex_348_beyond_elr_becomes_237_hs() -> None:
    # 1MC: DR 5,5 +1 = 11: fails by 3 >= ELR 3
    r = resolve_check(squad(E, RED, elr=3), Check.MC, GivenDice("5,5"), drm=1)
    (u,) = r.units
    assert (u.counter, u.unit_class, u.kind, u.broken) == ("2-3-7", F, Kind.HALF_SQUAD, False)
    assert "G1.124" in r.rules


@pytest.mark.parametrize("strength", [FULL, RED])
def test_g1_125_ex_conscript_beyond_elr_becomes_broken_126(strength: Strength) -> None:
    # FPF MC: DR 6,4 = 10 > 6 by 4 >= ELR 2
    r = resolve_check(squad(C, strength, elr=2), Check.MC, GivenDice("6,4"))
    assert faces(r.units) == [("1-2-6", C, True, True)]
    assert "G1.125" in r.rules


def test_g1_12_failing_by_less_than_elr_is_not_replaced() -> None:
    r = resolve_check(squad(E, elr=3), Check.MC, GivenDice("5,5"))  # by 2 < 3
    assert faces(r.units) == [("3-4-8", E, False, False)]


def test_g1_12_kia_break_is_an_attack_break() -> None:
    r = jp.attack_break(squad(F))
    assert faces(r.value) == [("3-4-7", F, False, False)]
    assert "G1.12" in r.rules


def test_g1_12_berserk_squad_has_no_step_reduction() -> None:
    with pytest.raises(RuleViolation) as e:
        jp.attack_break(squad(E, berserk=True))
    assert "G1.14" in str(e.value)


# --- G1.13 other break --------------------------------------------------------------------------


def test_g1_131_full_squad_other_break_two_broken_hs() -> None:
    r = jp.other_break(squad(E))
    assert faces(r.value) == [("2-3-8", E, True, True), ("2-3-8", E, True, True)]
    assert [u.id for u in r.value] == ["J1a", "J1b"]
    assert "G1.131" in r.rules


def test_g1_132_reduced_squad_other_break_one_broken_hs() -> None:
    r = jp.other_break(squad(F, RED))
    assert faces(r.value) == [("2-3-7", F, True, True)]
    assert "G1.132" in r.rules


def test_g1_133_beyond_elr_hs_of_next_lower_class() -> None:
    r = jp.other_break(squad(E), exceeds_elr=True)
    assert faces(r.value) == [("2-3-7", F, True, True)] * 2
    assert "G1.133" in r.rules


def test_g1_133_conscript_keeps_its_class() -> None:
    r = jp.other_break(squad(C), exceeds_elr=True)
    assert faces(r.value) == [("1-2-6", C, True, True)] * 2


def test_g1_13_nmc_failure_is_an_other_break() -> None:
    # a WP NMC: DR 6,3 = 9 > 7 by 2 (< ELR 3)
    r = resolve_check(squad(F), Check.NMC, GivenDice("6,3"))
    assert faces(r.units) == [("2-3-7", F, True, True)] * 2
    assert "G1.131" in r.rules


def test_g1_13_voluntary_break() -> None:
    assert jp.may_break_voluntarily(squad(E)).value
    assert faces(jp.other_break(squad(E, RED)).value) == [("2-3-8", E, True, True)]


# --- G1.14 Casualty Reduction and its EX --------------------------------------------------------


@pytest.mark.parametrize("strength", [FULL, RED])
@pytest.mark.parametrize("status", [{}, {"berserk": True}])
def test_g1_14_ex_casualty_reduction_one_unbroken_same_class_hs(
    strength: Strength, status: dict[str, bool]
) -> None:
    r = jp.casualty_reduce(squad(F, strength, **status))
    assert faces(r.value) == [("2-3-7", F, False, False)]


def test_g1_14_ex_casualty_reduction_eliminates_hs_and_crew() -> None:
    assert jp.casualty_reduce(make("H", "japanese", Kind.HALF_SQUAD, E)).value == ()
    assert jp.casualty_reduce(crew()).value == ()
    assert jp.casualty_reduce(make("V", "japanese", Kind.VEHICLE_CREW)).value == ()


def test_g1_14_ex_casualty_reduction_wounds_a_smc() -> None:
    from aslpto.rules.morale import Log, casualty_reduce

    ld = make("L", "japanese", Kind.LEADER, face="9-1")
    (w,) = casualty_reduce(ld, Log(), GivenDice("2"))
    assert (w.wounded, w.morale, w.counter) == (True, 8, "8-0")


def test_g1_14_unarmed_squad_break_is_casualty_reduction() -> None:
    u = jp.become_unarmed(squad(E)).value
    r = resolve_check(u, Check.MC, GivenDice("6,5"), situation=NO_HOB)
    (hs,) = r.units
    assert (hs.kind, hs.unarmed, hs.broken) == (Kind.HALF_SQUAD, True, False)
    assert "G1.14" in r.rules


def test_g1_14_berserk_squad_fails_mc_casualty_reduced() -> None:
    r = resolve_check(squad(E, berserk=True), Check.MC, GivenDice("6,5"))
    (hs,) = r.units
    assert (hs.counter, hs.berserk, hs.broken) == ("2-3-8", True, False)


@pytest.mark.parametrize("strength", [FULL, RED])
def test_g1_14_ex_elite_casualty_mc_within_elr_broken_238(strength: Strength) -> None:
    # Original 12 vs ML 8 fails by 4: within ELR 5
    r = resolve_check(squad(E, strength, elr=5), Check.MC, GivenDice("6,6"))
    assert faces(r.units) == [("2-3-8", E, True, True)]
    assert "A10.31" in r.rules


@pytest.mark.parametrize("strength", [FULL, RED])
def test_g1_14_ex_elite_casualty_mc_beyond_elr_broken_237(strength: Strength) -> None:
    r = resolve_check(squad(E, strength, elr=3), Check.MC, GivenDice("6,6"))
    assert faces(r.units) == [("2-3-7", F, True, True)]


@pytest.mark.parametrize("strength", [FULL, RED])
def test_g1_14_ex_conscript_casualty_mc_within_elr_broken_126(strength: Strength) -> None:
    # Original 12 -2 (a 10-2 leader's DRM) = 10 vs ML 6 fails by 4: within ELR 5
    r = resolve_check(squad(C, strength, elr=5), Check.MC, GivenDice("6,6"), drm=-2)
    assert faces(r.units) == [("1-2-6", C, True, True)]


@pytest.mark.parametrize("strength", [FULL, RED])
def test_g1_14_ex_conscript_casualty_mc_beyond_elr_eliminated(strength: Strength) -> None:
    r = resolve_check(squad(C, strength, elr=3), Check.MC, GivenDice("6,6"))
    assert r.units == ()
    assert r.eliminated == ("J1",)


# --- G1.15 Unarmed, G1.16 Deploying, G1.17 Smoke ----------------------------------------------


def test_g1_15_unarmed_and_rearmed() -> None:
    u = jp.become_unarmed(squad(E, RED)).value
    assert u.unarmed and u.kind == Kind.SQUAD
    assert jp.unarmed_may_enter_known_enemy(u).value
    r = jp.rearm(u).value
    assert (r.counter, r.unit_class, r.strength, r.unarmed) == ("3-3-6", C, FULL, False)
    with pytest.raises(RuleViolation):
        jp.rearm(squad(E))


def test_g1_16_deploying() -> None:
    assert faces(jp.deploy(squad(F)).value) == [("2-3-7", F, False, False)] * 2
    assert faces(jp.deploy(squad(F, RED)).value) == [("2-3-7", F, False, False)]
    with pytest.raises(RuleViolation) as e:
        jp.deploy(crew())
    assert e.value.rule == "G1.3"


def test_g1_17_smoke_and_wp() -> None:
    assert jp.may_place_smoke(squad(E)).value and jp.may_place_smoke(squad(F)).value
    assert not jp.may_place_smoke(squad(S)).value
    assert not jp.may_place_smoke(squad(C)).value
    assert jp.may_place_wp(squad(E)).value
    assert not jp.may_place_wp(squad(F)).value


# --- G1.2 HS ------------------------------------------------------------------------------------


def test_g1_2_hs_breaks_normally_and_does_not_disrupt() -> None:
    hs = make("H", "japanese", Kind.HALF_SQUAD, C, elr=2)
    r = resolve_check(hs, Check.MC, GivenDice("6,5"))  # by 5 > ELR: no lower Class
    assert faces(r.units) == [("1-2-6", C, True, True)]
    assert "G1.2" in r.rules
    assert not jp.disrupts(hs).value


def test_g1_2_hs_beyond_elr_is_replaced() -> None:
    hs = make("H", "japanese", Kind.HALF_SQUAD, E, elr=3)
    r = resolve_check(hs, Check.MC, GivenDice("6,5"))
    assert faces(r.units) == [("2-3-7", F, True, True)]


def test_g1_2_recombine() -> None:
    a = make("Ha", "japanese", Kind.HALF_SQUAD, F)
    b = make("Hb", "japanese", Kind.HALF_SQUAD, F)
    sq = jp.recombine(a, b).value
    assert (sq.counter, sq.strength, sq.unit_class) == ("4-4-7", FULL, F)
    with pytest.raises(RuleViolation):
        jp.recombine(a, make("Hc", "japanese", Kind.HALF_SQUAD, E))
    with pytest.raises(RuleViolation):
        jp.recombine(a, b.with_(broken=True))


# --- G1.3 crews and its EX ----------------------------------------------------------------------


def test_g1_3_ex_228_fails_1mc_flips_to_128() -> None:
    r = resolve_check(crew(), Check.MC, GivenDice("5,3"), drm=1)
    assert faces(r.units) == [("1-2-8", None, False, False)]


def test_g1_3_ex_128_fails_1mc_broken_127_still_infantry_crew() -> None:
    r = resolve_check(crew(RED), Check.MC, GivenDice("5,3"), drm=1)
    (u,) = r.units
    assert (u.counter, u.kind, u.broken, u.dm) == ("1-2-7", Kind.VEHICLE_CREW, True, True)
    assert jp.is_infantry_crew_for_a21_22(u, inherent=False).value


def test_g1_3_ex_casualty_mc_eliminates_a_crew() -> None:
    r = resolve_check(crew(), Check.MC, GivenDice("6,6"))
    assert r.units == () and r.eliminated == ("C1",)


def test_g1_3_ex_sniper_dr1() -> None:
    assert faces(resolve_sniper(crew(), GivenDice("")).units) == [("1-2-8", None, False, False)]
    for u in (crew(RED), make("V", "japanese", Kind.VEHICLE_CREW)):
        (b,) = resolve_sniper(u, GivenDice("")).units
        assert (b.counter, b.broken, b.dm) == ("1-2-7", True, True)


def test_g1_3_other_break_crew_broken_vehicle_crew() -> None:
    for u in (crew(), crew(RED)):
        (b,) = jp.other_break(u).value
        assert (b.counter, b.broken, b.kind) == ("1-2-7", True, Kind.VEHICLE_CREW)


def test_g1_3_no_crew_deploy_or_recombine() -> None:
    v = make("V", "japanese", Kind.VEHICLE_CREW)
    with pytest.raises(RuleViolation) as e:
        jp.recombine(v, v.with_(id="V2"))
    assert e.value.rule == "G1.3"


def test_g1_3_inherent_vehicle_crew_is_not_an_infantry_crew() -> None:
    v = make("V", "japanese", Kind.VEHICLE_CREW)
    assert not jp.is_infantry_crew_for_a21_22(v, inherent=True).value
    assert jp.is_infantry_crew_for_a21_22(v, inherent=False).value


@pytest.mark.parametrize(("cls", "elr"), [(E, 5), (E, 1), (C, 1)])
def test_g1_14_an_unarmed_squad_s_casualty_mc_is_one_broken_unarmed_hs(
    cls: UnitClass, elr: int
) -> None:
    """G1.14 with A10.31: an Unarmed squad's Casualty MC (Original 12) Casualty Reduces it to its
    Unarmed HS, which breaks, whatever its ELR (no lower-quality unit); ``casualty_mc`` answers
    as the check does."""
    u = jp.become_unarmed(squad(cls, elr=elr)).value
    (hs,) = jp.casualty_mc(u, exceeds_elr=True).value
    (rolled,) = resolve_check(u, Check.MC, GivenDice("6,6"), situation=NO_HOB).units
    assert hs == rolled
    assert (hs.kind, hs.unarmed, hs.broken, hs.unit_class) == (Kind.HALF_SQUAD, True, True, cls)
