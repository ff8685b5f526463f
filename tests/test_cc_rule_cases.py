"""Close Combat cases drawn from the G1 rule texts (G1.14, G1.15, G1.4, G1.4231, G1.424, G1.425,
G1.64, G1.641) and G.6, each checked against the engine as a player would put it: the
expectation is worked from the rule text, the engine's answer compared with it."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.cli import main
from aslpto.formats import scenario
from aslpto.rules.cc.attack import able_attackers, build, hand_to_hand
from aslpto.rules.cc.resolution import CCOptions, CCResult, cc_odds, prepare, resolve_cc
from aslpto.rules.cc.vehicle import build as vehicle_attack
from aslpto.rules.japanese.cc import hara_kiri_drm, odds_hara_kiri_location
from aslpto.rules.pto import procedures as pto
from aslpto.state.counters import make
from aslpto.state.dice import Distribution, GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass
from cchelp import ROOT, jsq, us

TANK = Unit("T", "american", "american", Kind.VEHICLE)
FIRST = UnitClass.FIRST_LINE


def j447(uid: str = "J1", **kw: Any) -> Unit:
    return jsq(uid, cls=FIRST, **kw)


def gone(d: Distribution[CCResult], uid: str) -> Fraction:
    """The chance that ``uid`` ends eliminated."""
    return sum((p for r, p in d if uid in r.eliminated), Fraction(0))


# --- G1.64 Hand-to-Hand ----------------------------------------------------------------------


def test_g1_64_a_japanese_attacker_makes_both_sides_read_the_red_kill_number() -> None:
    # The whole CC becomes Hand-to-Hand; only the Japanese attack takes the -1.
    cc = prepare([j447()], [us("A1")])
    mine, theirs = cc.attacks
    assert cc.hand_to_hand and mine is not None and theirs is not None
    assert (mine.column.label, mine.kill, mine.drm) == ("1-2", 6, -1)
    assert (theirs.column.label, theirs.kill, theirs.drm) == ("3-2", 8, 0)
    d = cc_odds(cc)
    assert gone(d, "A1") == Fraction(15, 36)  # Final DR 2..5 below 6, DR 6 is 5
    assert gone(d, "J1") == Fraction(21, 36)  # DR 2..7 below 8


def test_g1_64_a_japanese_defender_is_hand_to_hand_only_when_it_ambushes() -> None:
    plain = prepare([us("A1")], [j447()])
    assert not plain.hand_to_hand
    assert plain.attacks[1] is not None and plain.attacks[1].kill == 4  # black, 1-2
    amb = prepare([us("A1")], [j447()], CCOptions(ambush="defender"))
    assert amb.hand_to_hand and amb.first == "defender"
    japanese = amb.attacks[1]
    assert japanese is not None and japanese.kill == 6 and japanese.drm == -2  # Ambush, G1.64


def test_g1_64_not_when_every_japanese_unit_was_ambushed_pinned_or_withdrawing() -> None:
    assert not hand_to_hand([j447()], [us("A1")], ambush="defender").value
    assert not hand_to_hand([j447(pinned=True)], [us("A1")]).value
    assert hand_to_hand([j447(pinned=True), j447("J2")], [us("A1")]).value
    assert not hand_to_hand([j447()], [us("A1")], withdrawing={"J1"}).value
    assert hand_to_hand([j447(), j447("J2")], [us("A1")], withdrawing={"J1"}).value
    assert not hand_to_hand([j447(pinned=True), j447("J2")], [us("A1")], withdrawing={"J2"}).value


def test_g1_64_only_an_unbroken_japanese_attacker_makes_it_hand_to_hand() -> None:
    hs = make("J2", "japanese", Kind.HALF_SQUAD, FIRST, broken=True)
    assert not hand_to_hand([hs], [us("A1")]).value
    assert hand_to_hand([hs, j447()], [us("A1")]).value


def test_g1_64_the_minus_one_is_lost_only_when_every_japanese_attacker_is_pinned_or_unarmed() -> (
    None
):
    both = build([j447(pinned=True), j447("J2")], [us("A1")], hand_to_hand=True)
    assert both.drm == -1
    assert build([j447(pinned=True)], [us("A1")], hand_to_hand=True).drm == 0
    assert build([j447(unarmed=True)], [us("A1")], hand_to_hand=True).drm == 0
    assert build([j447(unarmed=True), j447("J2")], [us("A1")], hand_to_hand=True).drm == -1
    # a U.S. attack in the same Hand-to-Hand CC takes none
    assert build([us("A1")], [j447()], hand_to_hand=True).drm == 0


def test_g1_64_never_hand_to_hand_vs_a_vehicle() -> None:
    with pytest.raises(RuleViolation, match=r"G1\.64"):
        vehicle_attack([make("H", "japanese", Kind.TH_HERO)], TANK, hand_to_hand=True)


# --- G1.15 Unarmed Japanese in CC --------------------------------------------------------------


def test_g1_15_an_unarmed_japanese_unit_attacks_personnel_with_its_one_fp() -> None:
    # Unarmed and not a prisoner, it fights in CC vs Personnel with the "(1)" of the Unarmed
    # counter as if armed; an Unarmed unit of another nationality makes no attack.
    ja = j447(unarmed=True)
    a = build([ja], [us("A1")], hand_to_hand=True)
    assert a.attack_fp == 1 and a.column.label == "1-6" and a.kill == 4 and a.drm == 0
    assert "G1.15" in a.rules
    assert build([us("A1")], [ja]).defense_fp == 1
    assert able_attackers([ja]) == [ja]
    assert able_attackers([us("A1", unarmed=True)]) == []
    cc = prepare([ja], [us("A1")])
    assert cc.hand_to_hand and cc.attacks[0] is not None
    assert gone(cc_odds(cc), "A1") == Fraction(3, 36)  # DR 2..3 below red 4
    with pytest.raises(RuleViolation, match=r"G1\.15"):
        vehicle_attack([ja], TANK, ccv={"J1": 3})


def test_g1_15_cli_odds_cc_an_unarmed_japanese_squad_attacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "cc", "--attacker", "4-4-7:unarmed", "--defender", "6-6-6:american"]) == 0
    out = capsys.readouterr().out
    assert "attacker: A1 vs D1: 1 to 6" in out and "no attack" not in out


# --- G1.4231, G1.424, G1.425: heroes in CC ----------------------------------------------------


def test_g1_4231_a_th_hero_adds_one_fp_to_a_mmc_and_brings_no_hero_drm() -> None:
    hero = make("H", "japanese", Kind.TH_HERO)
    a = build([j447(), hero], [us("A1")], hand_to_hand=True)
    assert a.attack_fp == 5 and a.drm == -1  # only Hand-to-Hand's -1
    assert build([us("A1")], [j447(), hero]).defense_fp == 5
    # an ordinary hero (A15) beside the squad takes the hero DRM
    other = build([j447(), make("H", "japanese", Kind.HERO)], [us("A1")], hand_to_hand=True)
    assert other.attack_fp == 5 and other.drm == -2


def test_g1_424_a_dc_hero_makes_no_cc_attack_and_defends_with_one_fp() -> None:
    dc = make("D", "japanese", Kind.DC_HERO)
    cc = prepare([dc], [us("A1")])
    assert cc.attacks[0] is None
    assert build([us("A1")], [dc]).defense_fp == 1


def test_g1_425_a_th_hero_s_attack_on_personnel_does_not_remove_him() -> None:
    # His Designated Target is the AFV that allowed him (G1.421); an attack on the CCT is never
    # on it, so he stays after it (wounded by a Partial Kill here, in Melee).
    hero = make("H", "japanese", Kind.TH_HERO)
    cc = prepare([hero], [us("A1")])
    r = resolve_cc(cc, GivenDice("5,5 6,6 1"))  # his 9 vs red 4: nothing; 12 = 12: a Wound
    assert [u.id for u in r.units] == ["H", "A1"] and r.melee and "G1.425" not in r.rules
    d = cc_odds(cc)
    assert gone(d, "H") < 1 and d.total() == 1


def test_g1_425_a_th_hero_is_removed_upon_his_attack_on_the_vehicle() -> None:
    hero = make("H", "japanese", Kind.TH_HERO)
    alone = vehicle_attack([hero], TANK)
    assert alone.removed == ("H",) and "G1.425" in alone.rules
    assert alone.as_json()["removed"] == ["H"]
    together = vehicle_attack([j447(), hero], TANK, ccv={"J1": 4})
    assert together.removed == ("H",)
    assert vehicle_attack([j447()], TANK, ccv={"J1": 4}).removed == ()


def test_g1_425_cli_odds_cc_vs_a_vehicle_names_the_hero_removed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "cc", "--attacker", "t-h-hero", "--defender", "vehicle:american"]) == 0
    assert "removed upon the attack, whatever it does: A1" in capsys.readouterr().out
    args = ["odds", "cc", "--attacker", "t-h-hero", "--defender", "6-6-6:american", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert all("removed" not in o for o in out["outcomes"])


# --- G1.14, G1.4: what a CC result does to Japanese units ---------------------------------------


def test_g1_14_a_cc_partial_kill_gives_a_squad_s_same_class_unbroken_hs() -> None:
    r = resolve_cc(prepare([us("A1")], [j447()]), GivenDice("3,3 6,6"))  # 6 = black 6
    j = next(u for u in r.units if u.id == "J1")
    assert (j.counter, j.unit_class, j.broken) == ("2-3-7", FIRST, False)


def test_g1_4_a_japanese_leader_s_partial_kill_is_a_wound() -> None:
    ldr = make("L", "japanese", Kind.LEADER, face="9-1")
    r = resolve_cc(prepare([us("A1")], [ldr]), GivenDice("4,6 1 6,6"))  # 10 = 10, dr 1
    left = next(u for u in r.units if u.id == "L")
    assert left.wounded and not left.broken and r.eliminated == ()


# --- G1.641 Hara-Kiri ------------------------------------------------------------------------


def test_g1_641_the_best_smc_goes_first_and_his_hara_kiri_gives_the_squad_minus_two() -> None:
    # 9-1 first: NTC 9 (DR <= 9). Then the 4-4-7: if he is gone, ML 7 with -2 (DR <= 9); if he
    # failed, ML 8 (G1.41) and no leadership DRM, the NTC being marked with a delta (A.10):
    # DR <= 8, 13/18.
    ldr = make("L", "japanese", Kind.LEADER, face="9-1")
    d = odds_hara_kiri_location([j447(), ldr])
    both = sum((p for r, p in d if set(r.eliminated) == {"L", "J1"}), Fraction(0))
    assert both == Fraction(25, 36)
    cc = cc_odds(prepare([us("A1")], [j447(), ldr], CCOptions(capture="attacker")))
    assert gone(cc, "L") == Fraction(5, 6)
    assert gone(cc, "J1") == Fraction(5, 6) * Fraction(5, 6) + Fraction(1, 6) * Fraction(13, 18)


def test_g1_641_inexperienced_minus_one_unarmed_plus_one() -> None:
    conscript = jsq("C", cls=UnitClass.CONSCRIPT)
    assert hara_kiri_drm(conscript).value == -1
    assert hara_kiri_drm(j447(unarmed=True)).value == 1
    assert hara_kiri_drm(j447(), smc_just_eliminated_self=True).value == -2
    cc = cc_odds(prepare([us("A1")], [conscript], CCOptions(capture="attacker")))
    assert gone(cc, "C") == Fraction(21, 36)  # ML 6, -1: DR <= 7


def test_g1_641_a_failed_attempt_bars_the_attack_and_adds_one_more_minus_one() -> None:
    conscript = jsq("C", cls=UnitClass.CONSCRIPT)
    a = build([us("A1")], [conscript], capture=True, hara_kiri_failed={"C"})
    assert a.drm_of("C") == -2  # Inexperienced -1, failed Hara-Kiri -1
    d = cc_odds(prepare([us("A1")], [conscript], CCOptions(capture="attacker")))
    assert gone(d, "A1") == 0  # the conscript either killed itself or may not attack


def test_g1_641_a_heroic_unit_eliminates_itself_without_a_roll() -> None:
    hero = make("H", "japanese", Kind.HERO)
    d = cc_odds(prepare([us("A1")], [hero], CCOptions(capture="attacker")))
    assert gone(d, "H") == 1 and all(not r.captured for r, _ in d)


# --- G.6 Ambush in jungle ----------------------------------------------------------------------


def test_g_6_only_the_attacker_adds_one_to_its_ambush_dr_in_jungle() -> None:
    game = scenario.load(Path(ROOT / "examples" / "paddy-river.toml"))
    assert pto.ambush_drm(game, "31CC8", [], attacker=True).value == 1  # dense jungle
    assert pto.ambush_drm(game, "31CC8", [], attacker=False).value == 0
    assert pto.ambush_drm(game, "32M5", [], attacker=True).value == 0  # a paddy


def test_g1_64_cli_odds_cc_reduced_japanese_attacks_with_its_printed_fp(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["odds", "cc", "--attacker", "3-4-7:1st-line:reduced", "--defender", "6-6-6:american"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["units"][0]["strength"] == Strength.REDUCED.value
    mine = out["cc"]["attacks"]["attacker"]
    assert (mine["attack_fp"], mine["kill_number_color"]) == (3, "red")
