"""G1.4-G1.411: Japanese SMC, leaders and armor leaders."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from aslpto.base.rulings import InputError
from aslpto.rules.japanese import units as jp
from aslpto.rules.morale import (
    Check,
    odds_check,
    resolve_check,
    resolve_location,
    resolve_sniper,
    situation_in,
)
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.CONSCRIPT


def leader(face: str = "9-1", **kw: Any) -> Unit:
    return make("L", "japanese", Kind.LEADER, face=face, **kw)


def hero(**kw: Any) -> Unit:
    return make("H", "japanese", Kind.HERO, **kw)


# --- G1.4 --------------------------------------------------------------------------------------


def test_g1_4_smc_break_is_a_wound_then_wound_severity() -> None:
    # 9-1: DR 6,4 = 10 > 9 fails; Wound Severity dr 3 -> wounded, flipped (8+0 -> "8-0")
    r = resolve_check(leader(), Check.MC, GivenDice("6,4 3"))
    (w,) = r.units
    assert (w.wounded, w.broken, w.morale, w.counter) == (True, False, 8, "8-0")
    assert "G1.4" in r.rules and "A17.11" in r.rules


def test_g1_4_failed_wound_severity_kills() -> None:
    r = resolve_check(leader(), Check.MC, GivenDice("6,4 5"))
    assert r.units == () and r.eliminated == ("L",)


def test_g1_4_wounded_leader_wounded_again_stays_wounded() -> None:
    w = leader("8-0", wounded=True)
    # +1 drm if already wounded (A17.11): dr 3 + 1 = 4 survives, not lowered again (A17.3)
    (again,) = resolve_check(w, Check.MC, GivenDice("6,4 3")).units
    assert (again.counter, again.morale, again.wounded) == ("8-0", 8, True)
    # dr 4 + 1 = 5 is mortal
    assert resolve_check(w, Check.MC, GivenDice("6,4 4")).units == ()


def test_g1_4_already_wounded_heroic_smc_eliminated() -> None:
    r = resolve_check(hero(wounded=True), Check.MC, GivenDice("6,5"))
    assert r.units == () and "A15.2" in r.rules
    th = make("T", "japanese", Kind.TH_HERO, wounded=True)
    assert jp.smc_break_result(th).value == "eliminated"


def test_g1_4_a15_21_a_leader_who_became_heroic_is_a_heroic_smc() -> None:
    # a leader who became heroic (A15.21) is a unit state (Unit.heroic); wounded and then
    # broken again, he is "an already-wounded heroic SMC" (G1.4)
    ldr = make("L", "japanese", Kind.LEADER, face="9-1")
    heroic = ldr.with_(heroic=True)
    assert jp.is_heroic(heroic) and not jp.is_heroic(ldr)
    assert jp.smc_break_result(heroic.with_(wounded=True)).value == "eliminated"
    assert jp.smc_break_result(ldr.with_(wounded=True)).value == "wound"
    r = resolve_check(heroic.with_(wounded=True), Check.MC, GivenDice("6,5"))
    assert r.units == () and "A15.2" in r.rules


def test_g1_4_unwounded_hero_is_wounded() -> None:
    (w,) = resolve_check(hero(), Check.MC, GivenDice("6,5 1")).units
    assert w.wounded and not w.broken


def test_g1_4_no_ptc_no_lltc() -> None:
    for check in (Check.PTC, Check.LLTC, Check.LLMC):
        r = resolve_check(leader(), check, GivenDice("6,6"))
        assert r.units == (leader(),)
        assert "G1.4" in r.rules


def test_g1_4_no_pin_on_final_dr_equal_to_morale() -> None:
    # 9-1 rolls 5,4 = 9 = ML: a non-Japanese would be pinned
    (u,) = resolve_check(leader(), Check.MC, GivenDice("5,4")).units
    assert not u.pinned
    (s,) = resolve_sniper(leader(), GivenDice("1"), dr=2).units  # A14.3: a wound, not a pin
    assert not s.pinned and s.wounded


def test_g1_4_smc_cannot_break_voluntarily_but_may_overrun_alone() -> None:
    assert not jp.may_break_voluntarily(leader()).value
    assert jp.may_infantry_overrun_alone(leader()).value


def test_g1_4_sniper_dr2_wounds_smc() -> None:
    """A14.3: a Sniper dr 2 wounds a SMC (dr 1 eliminates him: not a break result, so G1.4
    does not turn it into a wound)."""
    (w,) = resolve_sniper(leader("10-0"), GivenDice("1"), dr=2).units
    assert w.wounded and w.counter == "9+1"
    r = resolve_sniper(leader("10-0"), GivenDice(""))
    assert r.units == () and r.eliminated == (r.eliminated[0],)


# --- G1.41 ---------------------------------------------------------------------------------------


def test_g1_41_ranks_descending() -> None:
    assert [jp.leader_rank(f).value for f in jp.RANKS] == list(range(8))
    with pytest.raises(InputError):
        jp.leader_rank("7-0")


def test_g1_41_leader_not_replaced_on_elr() -> None:
    # 8+1, ELR 2: DR 6,5 = 11 fails by 3 >= 2: no Replacement, just the wound
    r = resolve_check(leader("8+1", elr=2), Check.MC, GivenDice("6,5 1"))
    (w,) = r.units
    assert w.wounded and "G1.41" in r.rules


def test_g1_41_leader_casualty_mc_eliminated() -> None:
    r = resolve_check(leader("10-2"), Check.MC, GivenDice("6,6"))
    assert r.units == () and "G1.41" in r.rules


def test_g1_41_leader_raises_morale_of_others_by_one() -> None:
    sq = make("J1", "japanese", Kind.SQUAD, E, Strength.FULL)
    ld = leader("10-0")
    sit = situation_in(sq, [sq, ld])
    assert sit.leader_morale_bonus == 1 and sit.leadership_drm == 0
    # DR 5,4 = 9: passes against 9 (pinned); without the leader it would fail
    (u,) = resolve_check(sq, Check.MC, GivenDice("5,4"), situation=sit).units
    assert (u.counter, u.pinned) == ("4-4-8", True)
    # not another leader, not a berserk unit
    assert situation_in(leader("9-0").with_(id="L2"), [ld]).leader_morale_bonus == 0
    assert situation_in(sq.with_(berserk=True), [sq, ld]).leader_morale_bonus == 0


def test_g1_41_ex_10_0_raises_broken_elite_hs_rally_morale_to_9() -> None:
    hs = make("H1", "japanese", Kind.HALF_SQUAD, E, broken=True)
    r = jp.rally_morale(hs, [hs, leader("10-0")])
    assert r.value == 9
    assert "A25.222" in r.rules


def test_g1_41_ex_berserk_10_0_makes_hs_berserk() -> None:
    hs = make("H1", "japanese", Kind.HALF_SQUAD, E, broken=True)
    ld = leader("10-0", berserk=True)
    out = jp.commissar_berserk(ld, [hs, ld]).value
    assert out[0].berserk and not out[0].broken
    assert "A25.223" in jp.commissar_berserk(ld, [hs, ld]).rules


def test_g1_41_commissar_equivalence_not_for_armor_leader() -> None:
    assert jp.is_commissar_equivalent(leader()).value
    assert not jp.is_commissar_equivalent(leader(), inherent_armor_leader=True).value


def test_g1_41_leader_berserk_by_heat_of_battle_takes_stack_berserk() -> None:
    # 10-0 MC DR 1,1 (Original 2) -> Heat of Battle DR 6,6 = 12 >= 9 -> berserk (G1.62);
    # the squad then goes berserk with him (A25.223) and rolls no MC DR... it still takes its
    # MC: 2,2 = 4 passes.
    sq = make("J1", "japanese", Kind.SQUAD, F, Strength.FULL)
    r = resolve_location([sq, leader("10-0")], Check.MC, GivenDice("1,1 6,6 2,2"))
    assert all(u.berserk for u in r.units)


def test_g1_41_leadership_drm_and_morale_bonus_in_odds() -> None:
    # 4-4-7 with a 9-1: ML 8 and -1 DRM: 1MC passes on Final <= 8, i.e. Original <= 8 (26/36)
    sq = make("J1", "japanese", Kind.SQUAD, F, Strength.FULL)
    sit = situation_in(sq, [sq, leader("9-1")], heat_of_battle=False)
    d = odds_check(sq, Check.MC, drm=1, situation=sit)
    assert d.probability(lambda r: r.units[0].counter == "4-4-7") == Fraction(26, 36)


# --- G1.411 --------------------------------------------------------------------------------------


def test_g1_411_ex_9_1_armor_leader_becomes_9_0_infantry_leader() -> None:
    r = jp.armor_leader_to_infantry("9-1", crew_stunned_or_recalled=False)
    assert r.value == "9-0"


def test_g1_411_not_after_stun_recall_nor_6_plus_1() -> None:
    assert jp.armor_leader_to_infantry("9-1", crew_stunned_or_recalled=True).value is None
    assert jp.armor_leader_to_infantry("6+1", crew_stunned_or_recalled=False).value is None
    assert jp.armor_leader_to_infantry("8+1", crew_stunned_or_recalled=False).value is None
    r = jp.armor_leader_to_infantry("9-1", crew_stunned_or_recalled=False, abandoning=False)
    assert r.value is None


def test_g1_4_ptc_or_pin_result_vs_concealed_smc_costs_concealment() -> None:
    hidden_ld = leader("9-1", concealed=True)
    (u,) = resolve_check(hidden_ld, Check.PTC, GivenDice("6,5")).units  # 11 > 9: a pin result
    assert (u.concealed, u.pinned) == (False, False)
    (u,) = resolve_check(hidden_ld, Check.PTC, GivenDice("3,3")).units
    assert u.concealed
    (u,) = resolve_check(hidden_ld, Check.MC, GivenDice("5,4")).units  # Final 9 = ML
    assert (u.concealed, u.pinned) == (False, False)
    (u,) = resolve_sniper(hidden_ld, GivenDice("1"), dr=2).units  # wounded (A14.3, A12.14)
    assert not u.concealed


def test_g1_4_exc_collapsed_hut_ptc_pins_japanese_smc() -> None:
    from aslpto.rules.morale import Situation

    (u,) = resolve_check(
        leader(), Check.PTC, GivenDice("6,5"), situation=Situation(collapsed_hut=True)
    ).units
    assert u.pinned
