"""Close Combat on the Close Combat Table (A11.1, A11.11, A11.14, A11.16, A11.4, A7.8, A4.51),
as G1.64 (Hand-to-Hand), G8.212 and G9.21 change it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from aslpto.base import unchecked
from aslpto.base.rulings import InputError
from aslpto.rules.cc.attack import build, hand_to_hand
from aslpto.rules.cc.resolution import CCOptions, attack_odds, cc_odds, prepare, resolve_cc
from aslpto.rules.morale import Result
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, odds
from aslpto.state.units import Kind, Strength, UnitClass
from cchelp import jsq, us


def end(r: Result) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (tuple(u.counter for u in r.units), r.eliminated)


# --- one attack -----------------------------------------------------------------------------


def test_a11_14_a_smc_brings_one_fp_and_a_leader_directs_a11_141() -> None:
    unchecked.begin()
    a = build([us("A1"), make("L", "american", Kind.LEADER, face="9-1")], [jsq("J1")])
    assert a.attack_fp == 7 and a.defense_fp == 4 and a.column.label == "3-2"
    assert a.drm == -1 and "A11.141" in a.rules
    assert not any("A11.14" in t for t in unchecked.taken())
    # a leader attacking alone does not direct his own attack (unchecked)
    alone = build([make("L", "american", Kind.LEADER, face="9-1")], [jsq("J1")])
    assert alone.drm == 0 and alone.column.label == "1-4"


def test_a7_8_a_pinned_unit_attacks_with_half_and_defends_with_all() -> None:
    a = build([us("A1", pinned=True)], [jsq("J1", pinned=True)])
    assert (a.attack_fp, a.defense_fp) == (Fraction(3), Fraction(4))


def test_a11_16_a_broken_unit_may_not_attack_and_is_attacked_at_minus_two() -> None:
    with pytest.raises(InputError, match=r"A11\.16"):
        build([us("A1", broken=True)], [jsq("J1")])
    hs = make("J2", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, broken=True)
    a = build([us("A1")], [hs])
    assert a.drm_of("J2") == -2


def test_a4_51_cx_adds_one_to_the_attack_and_one_off_against() -> None:
    a = build([us("A1", cx=True)], [jsq("J1", cx=True)])
    assert a.drm == 1 and a.drm_of("J1") == 0


def test_g1_64_reduced_japanese_squad_attacks_with_its_printed_fp() -> None:
    # the Full-Strength CCV it retains is its value vs vehicles (A11.5), not its FP
    a = build([jsq("J1", Strength.REDUCED)], [us("A1")])
    assert a.attack_fp == 3


def test_g9_21_g8_212_positions_change_a_cc_attack() -> None:
    above = jsq("J1", position="above-panji")
    a = build([above], [us("A1")])
    assert a.drm == 1 and "G9.21" in a.rules
    b = build([us("A1")], [above])
    assert b.drm_of("J1") == -1
    bank = jsq("J1", position="bank")
    c = build([bank], [us("A1", position="bank")])
    assert c.drm == 1 and dict(c.own)["A1"] == -1 and "G8.212" in c.rules


# --- Hand-to-Hand (G1.64, J2.31) --------------------------------------------------------------


def test_g1_64_a_japanese_attacker_makes_the_cc_hand_to_hand_with_minus_one() -> None:
    r = hand_to_hand([jsq("J1")], [us("A1")])
    assert r.value and "J2.31" in r.rules
    cc = prepare([jsq("J1")], [us("A1")])
    jp, am = cc.attacks
    assert jp is not None and am is not None
    assert cc.hand_to_hand and jp.kill == jp.column.red and am.kill == am.column.red
    assert jp.drm == -1 and am.drm == 0  # the -1 is the Japanese attack's only


def test_g1_64_japanese_defender_only_if_it_ambushes() -> None:
    assert not hand_to_hand([us("A1")], [jsq("J1")]).value
    assert hand_to_hand([us("A1")], [jsq("J1")], ambush="defender").value


def test_g1_64_not_if_every_japanese_unit_was_ambushed_or_pinned() -> None:
    assert not hand_to_hand([jsq("J1")], [us("A1")], ambush="defender").value
    assert not hand_to_hand([jsq("J1", pinned=True)], [us("A1")]).value


def test_g1_64_no_minus_one_if_every_japanese_attacker_is_pinned() -> None:
    a = build([jsq("J1", pinned=True)], [us("A1")], hand_to_hand=True)
    assert a.drm == 0


def test_j2_31_declared_hand_to_hand_reads_the_red_kill_number() -> None:
    cc = prepare([us("A1")], [us("B1", face="4-4-7")], CCOptions(hand_to_hand=True))
    a = cc.attacks[0]
    assert a is not None and a.kill == a.column.red


# --- both sides (A11.1) and Ambush (A11.4) ----------------------------------------------------


def test_a11_1_cc_is_simultaneous_both_sides_may_be_eliminated() -> None:
    cc = prepare([jsq("J1")], [us("A1")])
    d = cc_odds(cc)
    assert d.total() == 1
    both = d.probability(lambda r: set(r.eliminated) == {"J1", "A1"})
    # J1 at 1-2 (red 6, -1): eliminates on DR <= 6; A1 at 3-2 (red 8): eliminates on DR <= 7
    assert both == Fraction(15, 36) * Fraction(21, 36)


def test_a11_1_cc_odds_equal_every_roll() -> None:
    cc = prepare([jsq("J1"), jsq("J2", Strength.REDUCED)], [us("A1"), us("A2", face="3-3-6")])
    exact = cc_odds(cc).map(end)
    walked = odds(lambda dice: end(resolve_cc(cc, dice)))
    assert dict(exact.items) == dict(walked.items)


def test_a11_11_partial_kill_casualty_reduces_one_by_random_selection() -> None:
    # 6 FP vs 8 (two 4-4-8): 1-2, black 4; DR 4 is a Partial Kill: one squad becomes a HS
    a = build([us("A1")], [jsq("J1"), jsq("J2")])
    side = a.defenders
    d = attack_odds(a, side)
    one = d.probability(lambda r: sorted(u.counter for u in r.units) == ["2-3-8", "4-4-8"])
    both_ties = d.probability(lambda r: [u.counter for u in r.units] == ["2-3-8", "2-3-8"])
    p4 = Fraction(3, 36)
    assert one + both_ties == p4 and both_ties == p4 * Fraction(1, 6)  # A.9: ties alike
    r = resolve_cc(prepare([us("A1")], [jsq("J1"), jsq("J2")]), GivenDice("2,2 5 3 6,6"))
    assert [u.counter for u in r.units] == ["6-6-6", "2-3-8", "4-4-8"]


def test_a11_4_the_ambushing_side_attacks_first_at_minus_one() -> None:
    unchecked.begin()
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(ambush="attacker"))
    a = cc.attacks[0]
    assert a is not None and a.drm == -1 and cc.first == "attacker"
    assert any("A11.4" in t for t in unchecked.taken())
    # the Japanese it eliminates never attack back
    r = resolve_cc(cc, GivenDice("1,1"))
    assert r.eliminated == ("J1",) and [u.id for u in r.units] == ["A1"]
    # a survivor attacks back as it then is (a Casualty-Reduced squad with its HS's FP)
    d = cc_odds(cc)
    assert d.total() == 1
    assert dict(d.map(end).items) == dict(odds(lambda dice: end(resolve_cc(cc, dice))).items)


def test_a11_16_a_side_of_broken_units_only_defends() -> None:
    hs = make("J2", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, broken=True)
    cc = prepare([us("A1")], [hs])
    assert cc.attacks[1] is None
    r = resolve_cc(cc, GivenDice("6,6"))
    assert r.eliminated == ()
    with pytest.raises(InputError):
        prepare([hs], [hs.with_(id="J3")])
