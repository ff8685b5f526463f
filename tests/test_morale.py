"""Morale procedures (A7.302, A10, A15, A17, A19 as the PTO rules use them): exact odds checked
against counts over the 36 DR written out by hand, and rollable resolution."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.rules.morale import (
    Check,
    Result,
    Situation,
    heat_of_battle_subject,
    morale_level,
    odds_check,
    odds_location,
    odds_sniper,
    resolve_check,
    resolve_location,
    resolve_sniper,
    rule,
    situation_in,
)
from aslpto.state.counters import make
from aslpto.state.dice import Distribution, GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, S, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.SECOND_LINE, UnitClass.CONSCRIPT
FULL, RED = Strength.FULL, Strength.REDUCED
NO_HOB = Situation(heat_of_battle=False)


def jsq(cls: UnitClass = F, strength: Strength = FULL, **kw: Any) -> Unit:
    return make("J1", "japanese", Kind.SQUAD, cls, strength, **kw)


def look(r: Result) -> tuple[tuple[str, str | None, bool, bool], ...]:
    return tuple((u.counter, u.unit_class, u.broken, u.pinned) for u in r.units)


def tally(d: Distribution[Result]) -> dict[tuple[tuple[str, str | None, bool, bool], ...], int]:
    """The distribution as counts out of 36."""
    out: Counter[tuple[tuple[str, str | None, bool, bool], ...]] = Counter()
    for r, p in d:
        out[look(r)] += int(p * 36)
        assert (p * 36).denominator == 1
    return dict(out)


# --- attack MC -----------------------------------------------------------------------------------


def test_a10_1_attack_1mc_on_elite_448_hand_count() -> None:
    # 4-4-8 (ML 8, ELR 3), 1MC: Final = Original + 1.
    #   Original 2-6 (1+2+3+4+5 = 15): passes
    #   Original 7 (6): Final 8 = ML: pinned (A7.8)
    #   Original 8, 9 (5+4 = 9): fails by 1-2: 3-4-8 (G1.121)
    #   Original 10, 11 (3+2 = 5): fails by 3-4 >= ELR: 1st-Line 3-4-7 (G1.123)
    #   Original 12 (1): Casualty MC beyond ELR: broken 1st-Line 2-3-7 HS (G1.14 EX)
    d = odds_check(jsq(E, elr=3), Check.MC, drm=1, situation=NO_HOB)
    assert tally(d) == {
        (("4-4-8", E, False, False),): 15,
        (("4-4-8", E, False, True),): 6,
        (("3-4-8", E, False, False),): 9,
        (("3-4-7", F, False, False),): 5,
        (("2-3-7", F, True, False),): 1,
    }
    assert d.total() == 1


def test_a19_13_nmc_on_british_457_hand_count() -> None:
    # British 4-5-7 (ML 7, ELR 3), NMC: no pin on an NMC; Replacement on failing by > 3.
    #   Original <= 7 (21): passes
    #   8, 9, 10 (5+4+3 = 12): fails by 1-3: broken 4-5-7
    #   11 (2): fails by 4 > 3: Replaced by a broken 2nd-Line 4-4-7 (A19.13)
    #   12 (1): by 5: Replaced, Casualty Reduced (A10.31), broken 2nd-Line HS 2-3-7
    u = make("B1", "british", Kind.SQUAD, F, elr=3)
    d = odds_check(u, Check.NMC, situation=NO_HOB)
    assert tally(d) == {
        (("4-5-7", F, False, False),): 21,
        (("4-5-7", F, True, False),): 12,
        (("4-4-7", S, True, False),): 2,
        (("2-3-7", S, True, False),): 1,
    }


def test_a19_12_non_japanese_end_of_chain_disrupts() -> None:
    u = make("R1", "russian", Kind.SQUAD, C, elr=1)
    r = resolve_check(u, Check.MC, GivenDice("6,3"), situation=NO_HOB)  # 9 > 6 by 3 > 1
    assert "A19.12" in r.rules and r.units[0].broken


def test_a10_3_broken_unit_failing_is_casualty_reduced() -> None:
    u = make("B1", "british", Kind.SQUAD, F, broken=True)
    r = resolve_check(u, Check.MC, GivenDice("6,5"), situation=NO_HOB)
    assert [x.kind for x in r.units] == [Kind.HALF_SQUAD]
    r12 = resolve_check(u, Check.MC, GivenDice("6,6"), situation=NO_HOB)
    assert r12.units == ()


def test_a7_8_ptc_hand_count() -> None:
    # 4-4-7 (ML 7) PTC: pinned on Final > 7, Original 8-12: 5+4+3+2+1 = 15
    d = odds_check(jsq(), Check.PTC)
    assert tally(d) == {(("4-4-7", F, False, False),): 21, (("4-4-7", F, False, True),): 15}


def test_a7_8_ptc_with_leadership() -> None:
    # with a 9-1 in the Location: Final = Original - 1 vs ML 8 (G1.41): pinned on Original 10-12
    sq = jsq()
    sit = situation_in(sq, [sq, make("L", "japanese", Kind.LEADER, face="9-1")])
    d = odds_check(sq, Check.PTC, situation=sit)
    assert tally(d)[(("4-4-7", F, False, True),)] == 3 + 2 + 1


def test_a7_8_ptc_exempt_broken_and_berserk() -> None:
    for u in (jsq(berserk=True), make("H", "japanese", Kind.HALF_SQUAD, F, broken=True)):
        assert resolve_check(u, Check.PTC, GivenDice("6,6")).units == (u,)


def test_a10_2_lltc_hand_count_for_unbroken_japanese() -> None:
    # G1.62: an unbroken Japanese squad treats the LLMC as a LLTC; LLMC DRM +1 (a lost 9-1):
    # fails on Original + 1 > 7, i.e. Original 7-12: 6+5+4+3+2+1 = 21 -> pinned (data)
    d = odds_check(jsq(), Check.LLMC, drm=1)
    assert tally(d) == {(("4-4-7", F, False, False),): 15, (("4-4-7", F, False, True),): 21}
    r = resolve_check(jsq(), Check.LLMC, GivenDice("6,6"), drm=1)
    assert "G1.62" in r.rules and not r.units[0].broken


def test_a10_2_llmc_on_non_japanese_is_a_mc() -> None:
    u = make("B1", "british", Kind.SQUAD, F)
    r = resolve_check(u, Check.LLMC, GivenDice("6,3"), drm=1, situation=NO_HOB)
    assert r.units[0].broken


# --- Heat of Battle ------------------------------------------------------------------------------


def test_a15_1_japanese_berserk_on_9_or_more_hand_count() -> None:
    # Original 2 (1 of 36), then HoB DR: 1st-Line, no DRM: berserk on 9-12 (4+3+2+1 = 10 of 36)
    d = odds_check(jsq(), Check.MC)
    berserk = d.probability(lambda r: r.units[0].berserk)
    assert berserk == Fraction(1, 36) * Fraction(10, 36)


def test_g1_62_pillbox_battle_hardening_instead() -> None:
    r = resolve_check(jsq(), Check.MC, GivenDice("1,1 6,6"), situation=Situation(pillbox=True))
    (u,) = r.units
    assert (u.berserk, u.unit_class, u.counter) == (False, E, "4-4-8")
    assert "G1.62" in r.rules and "A15.3" in r.rules


def test_a15_1_hero_creation() -> None:
    r = resolve_check(jsq(), Check.MC, GivenDice("1,1 1,2"))
    assert [u.kind for u in r.units] == [Kind.SQUAD, Kind.HERO]


def test_a15_21_a_leader_who_becomes_heroic_by_heat_of_battle_is_heroic() -> None:
    """A15.21: the hero result of a leader's Heat of Battle DR makes him heroic, a state the
    later rules read (G1.4, G1.641, G1.65)."""
    leader = make("L", "american", Kind.LEADER, face="9-1")
    (after,) = resolve_check(leader, Check.MC, GivenDice("1,1 1,2")).units
    assert after.heroic and after.counter == "9-1"


def test_a15_1_not_subject() -> None:
    assert not heat_of_battle_subject(make("C", "japanese", Kind.CREW)).value
    assert not heat_of_battle_subject(jsq(), Situation(human_wave=True)).value
    assert not heat_of_battle_subject(jsq(berserk=True)).value
    assert heat_of_battle_subject(jsq()).value


def test_a15_1_no_heat_of_battle_on_ptc() -> None:
    r = resolve_check(jsq(), Check.PTC, GivenDice("1,1"))
    assert r.units == (jsq(),)


def test_a15_1_british_drm_and_surrender() -> None:
    u = make("B1", "british", Kind.SQUAD, F)
    # British -1: HoB 6,6 - 1 = 11: berserk; a Conscript/Green at 12+ would surrender
    (b,) = resolve_check(u, Check.MC, GivenDice("1,1 6,6")).units
    assert b.berserk
    g = make("B2", "british", Kind.SQUAD, UnitClass.GREEN)
    r = resolve_check(g, Check.MC, GivenDice("1,1 6,6"))  # 12 - 1 + 1 = 12
    assert any("surrenders" in e for e in r.events)
    r = resolve_check(g, Check.MC, GivenDice("1,1 6,6"), situation=Situation(no_quarter=True))
    assert r.units[0].berserk


# --- Sniper --------------------------------------------------------------------------------------


def test_a14_3_sniper_dr1_eliminates_a_smc_japanese_too() -> None:
    """A14.3: a Sniper dr 1 eliminates a SMC (not a break result: G1.4 does not make it a
    wound for a Japanese leader)."""
    for nation, face in (("japanese", "9-1"), ("american", "8-0")):
        d = odds_sniper(make("L", nation, Kind.LEADER, face=face))
        assert d.probability(lambda r: r.units == () and r.eliminated == ("L",)) == 1


def test_a14_3_sniper_dr2_wounds_a_smc_hand_count() -> None:
    """A14.3: a Sniper dr 2 wounds a SMC; Wound Severity dr 1-4 wounded (4 of 6), 5-6 KIA (2 of
    6) (A17.11); a concealed SMC wounded loses its "?" (A12.14)."""
    for nation in ("japanese", "american"):
        ldr = make("L", nation, Kind.LEADER, face="9-1", concealed=True)
        d = odds_sniper(ldr, dr=2)
        assert d.probability(lambda r: r.units == ()) == Fraction(2, 6)
        assert d.probability(
            lambda r: bool(r.units) and r.units[0].wounded and not r.units[0].concealed
        ) == Fraction(4, 6)
        assert d.probability(lambda r: bool(r.units) and r.units[0].pinned) == 0


def test_a14_3_sniper_dr2_pins_non_japanese() -> None:
    (u,) = resolve_sniper(make("A", "american", Kind.SQUAD, F), GivenDice(""), dr=2).units
    assert u.pinned


# --- A10.2 Location MC ---------------------------------------------------------------------------


def test_a10_2_leaders_check_first() -> None:
    sq = jsq()
    ld = make("L", "japanese", Kind.LEADER, face="9-1")
    r = resolve_location([sq, ld], Check.MC, GivenDice("2,2 3,3"), drm=1)
    assert r.events[0].startswith("L:")


def test_a10_2_eliminated_leader_brings_lltc_for_japanese() -> None:
    sq = jsq()
    ld = make("L", "japanese", Kind.LEADER, face="9-1")
    # leader: Original 12 -> Casualty MC -> eliminated (G1.41); squad: 2,3 passes;
    # LLMC -> LLTC (G1.62) with +1 (lost 9-1): 6,5 + 1 = 12 > 7 -> pinned
    r = resolve_location([sq, ld], Check.MC, GivenDice("6,6 2,3 6,5"), drm=1)
    assert r.eliminated == ("L",)
    assert r.units[0].pinned


def test_a10_2_location_odds_match_the_rolls() -> None:
    sq = jsq()
    ld = make("L", "japanese", Kind.LEADER, face="10-1")
    d = odds_location([sq, ld], Check.MC, drm=2, heat_of_battle=False)
    assert d.total() == 1
    r = resolve_location([sq, ld], Check.MC, GivenDice("3,4 5,5"), drm=2, heat_of_battle=False)
    assert d[r] > 0


# --- data ----------------------------------------------------------------------------------------


def test_core_rule_numbers_come_from_data() -> None:
    assert rule("casualty_mc") == "A10.31"
    assert rule("replacement") == "A19.13"
    assert rule("casualty_reduction") == "A7.302"


def test_g1_62_encircled_japanese_keep_their_morale() -> None:
    assert morale_level(jsq(), Situation(encircled=True)).value == 7
    brit = make("B1", "british", Kind.SQUAD, F)
    assert morale_level(brit, Situation(encircled=True)).value == 6


# --- hypothesis: every distribution sums to 1; every roll lands on an outcome of odds ------------

UNITS = [
    jsq(E),
    jsq(F, RED),
    jsq(C, elr=1),
    jsq(S, berserk=True),
    make("C1", "japanese", Kind.CREW, None, FULL),
    make("C2", "japanese", Kind.CREW, None, RED),
    make("V1", "japanese", Kind.VEHICLE_CREW),
    make("H1", "japanese", Kind.HALF_SQUAD, E),
    make("L1", "japanese", Kind.LEADER, face="9-1"),
    make("L2", "japanese", Kind.LEADER, face="8-0", wounded=True),
    make("T1", "japanese", Kind.HERO),
    make("B1", "british", Kind.SQUAD, E),
    make("A1", "american", Kind.SQUAD, F, elr=2),
    make("M1", "usmc", Kind.HALF_SQUAD, face="3-4-8", broken=True),
    make("K1", "chinese", Kind.LEADER, face="8-0"),
]
CHECKS = list(Check)


@settings(deadline=None, max_examples=60)
@given(st.sampled_from(UNITS), st.sampled_from(CHECKS), st.integers(-3, 4), st.booleans())
def test_every_check_distribution_sums_to_one(
    unit: Unit, check: Check, drm: int, pillbox: bool
) -> None:
    d = odds_check(unit, check, drm=drm, situation=Situation(pillbox=pillbox))
    assert d.total() == 1


@settings(deadline=None, max_examples=150)
@given(
    st.sampled_from(UNITS),
    st.sampled_from(CHECKS),
    st.integers(-3, 4),
    st.lists(st.integers(1, 6), min_size=6, max_size=6),
)
def test_every_roll_lands_on_an_outcome_of_odds(
    unit: Unit, check: Check, drm: int, rolls: list[int]
) -> None:
    d = odds_check(unit, check, drm=drm)
    r = resolve_check(unit, check, GivenDice(rolls), drm=drm)
    assert d[r] > 0


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.id)
def test_sniper_odds_sum_to_one_and_cover_rolls(unit: Unit) -> None:
    d = odds_sniper(unit)
    assert d.total() == 1
    for die in range(1, 7):
        assert d[resolve_sniper(unit, GivenDice([die]))] > 0


# --- A10.2 LLMC/LLTC DRM, A7.8 Pin immunity (read in the eASLRB v3.01 transcription) -----------


def test_a10_2_a_lost_leaders_negative_modifier_reversed_a_positive_one_not_added() -> None:
    """A10.2: a negative leadership modifier of the lost leader is reversed and added to each
    LLMC/LLTC; a 10-0 or an 8+1 adds nothing (A10.21 EX: an 8-0's loss is a NMC)."""
    from aslpto.rules.morale.values import leader_loss_drm

    assert [leader_loss_drm(m) for m in (-3, -2, -1, 0, 1, 2)] == [3, 2, 1, 0, 0, 0]


def test_a10_2_a_broken_unit_takes_no_lltc() -> None:
    """A10.2: the LLTC is taken by unbroken units only; failed, it pins (no DM)."""
    u = make("A", "american", Kind.SQUAD, F, broken=True)
    (b,) = resolve_check(u, Check.LLTC, GivenDice("6,6")).units
    assert b == u
    (g,) = resolve_check(u.with_(broken=False), Check.LLTC, GivenDice("6,6")).units
    assert g.pinned and not g.dm


def test_a7_8_a_hero_is_not_pinned() -> None:
    """A7.8, A15.2: a Heroic unit is not subject to Pin results (a Final DR equal to its Morale
    Level, a PTC, a Sniper dr 2 on a MMC does not apply)."""
    h = make("H", "american", Kind.HERO)
    (u,) = resolve_check(h, Check.MC, GivenDice("5,4")).units  # Final 9 = ML
    assert not u.pinned
    (u,) = resolve_check(h, Check.PTC, GivenDice("6,5")).units
    assert not u.pinned
    ldr = make("L", "american", Kind.LEADER, face="8-0").with_(heroic=True)
    (u,) = resolve_check(ldr, Check.PTC, GivenDice("6,5")).units
    assert not u.pinned
