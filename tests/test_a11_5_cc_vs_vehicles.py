"""A11.5: CC vs a vehicle, made with the attackers' CCV (G1.4231, G1.64)."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.rules.cc.vehicle import Effect, build, odds, resolve
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

TANK = Unit("T", "american", "american", Kind.VEHICLE)


def _japanese(uid: str, strength: Strength = Strength.FULL) -> Unit:
    return make(uid, "japanese", Kind.SQUAD, UnitClass.ELITE, strength)


def test_g1_4231_a_th_hero_has_a_ccv_of_5() -> None:
    a = build([make("H", "japanese", Kind.TH_HERO)], TANK)
    assert a.ccv == 5
    assert a.ccv_items[0].rule == "G1.4231"
    assert odds(a)[Effect.BURNING] == Fraction(1, 36)  # Final DR 2 <= half of 5
    assert odds(a)[Effect.ELIMINATED] == Fraction(5, 36)  # Final DR 3-4
    assert odds(a)[Effect.IMMOBILIZED] == Fraction(4, 36)  # Final DR 5 (A11.5)


def test_g1_4231_a_th_hero_with_a_mmc_adds_one_to_its_ccv() -> None:
    j = _japanese("J")
    a = build([j, make("H", "japanese", Kind.TH_HERO)], TANK, ccv={"J": 4})
    assert a.ccv == 5
    assert [i.rule for i in a.ccv_items] == ["A11.5", "G1.4231"]


def test_g1_64_a_reduced_japanese_squad_keeps_its_full_strength_ccv() -> None:
    full = build([_japanese("J")], TANK, ccv={"J": 5})
    reduced = build([_japanese("J", Strength.REDUCED)], TANK, ccv={"J": 5})
    assert reduced.ccv == full.ccv == 5
    assert reduced.ccv_items[0].rule == "G1.64"
    assert odds(reduced) == odds(full)


def test_g1_64_no_hand_to_hand_vs_a_vehicle() -> None:
    with pytest.raises(RuleViolation) as e:
        build([_japanese("J")], TANK, ccv={"J": 5}, hand_to_hand=True)
    assert e.value.rule == "G1.64"
    # a Japanese attacker's CC vs a vehicle takes no Hand-to-Hand -1 (G1.64)
    assert build([_japanese("J")], TANK, ccv={"J": 5}).drm == 0


def test_a11_5_a_squad_s_ccv_is_5_and_a_given_ccv_wins() -> None:
    assert build([_japanese("J")], TANK).ccv == 5
    assert build([_japanese("J")], TANK, ccv={"J": 4}).ccv == 4
    with pytest.raises(InputError, match="0-12"):
        build([_japanese("J")], TANK, ccv={"J": 13})


def test_a11_5_leadership_cx_and_pin_change_the_attack() -> None:
    j = _japanese("J").with_(cx=True)
    lead = make("L", "japanese", Kind.LEADER, face="9-1")
    a = build([j, lead], TANK, ccv={"J": 5})
    assert a.drm == 0  # -1 leadership (A11.141), +1 CX (A4.51)
    assert {i.rule for i in a.drm_items} == {"A11.141", "A4.51"}
    p = build([_japanese("J").with_(pinned=True)], TANK, ccv={"J": 5})
    assert p.ccv == 4


def test_a11_5_refusals_a_vehicle_attacking_a_broken_attacker_two_mmc() -> None:
    with pytest.raises(InputError, match=r"A11\.6"):
        build([TANK], Unit("T2", "japanese", "japanese", Kind.VEHICLE), ccv={"T": 5})
    with pytest.raises(RuleViolation):
        build([_japanese("J").with_(broken=True)], TANK, ccv={"J": 5})
    with pytest.raises(RuleViolation, match=r"A11\.5: J, K: at most two units"):
        build([_japanese("J"), _japanese("K")], TANK, ccv={"J": 5, "K": 5})
    with pytest.raises(InputError, match="no vehicle"):
        build([_japanese("J")], _japanese("K"), ccv={"J": 5})


def test_a11_5_rolled_final_dr_below_the_ccv_eliminates() -> None:
    a = build([_japanese("J")], TANK, ccv={"J": 5})
    assert resolve(a, GivenDice([2, 2])) == (4, Effect.ELIMINATED)
    assert resolve(a, GivenDice([2, 3])) == (5, Effect.IMMOBILIZED)
    assert resolve(a, GivenDice([3, 3])) == (6, Effect.NONE)
    assert resolve(a, GivenDice([1, 1, 6])) == (2, Effect.BURNING)  # 2 <= half of 5


@given(st.integers(0, 12), st.integers(-6, 6))
def test_a11_5_odds_sum_to_one_and_equal_every_roll(ccv: int, drm: int) -> None:
    a = build([_japanese("J")], TANK, ccv={"J": ccv}, drm=drm)
    o = odds(a)
    assert sum(o.values()) == 1
    want = {e: Fraction(0) for e in Effect}
    for w in range(1, 7):
        for c in range(1, 7):
            for s in range(1, 7) if w + c == 2 else (0,):
                rolls = [w, c, s] if s else [w, c]
                want[resolve(a, GivenDice(rolls))[1]] += Fraction(1, 216 if s else 36)
    assert want == o


def _odds_cc(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(["odds", "cc", "--nationality", "japanese", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_a11_5_cli_odds_cc_vs_a_vehicle_defender(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = _odds_cc(
        capsys, "--attacker", "3-4-7:reduced:ccv=5", "--defender", "vehicle:american", "--json"
    )
    assert rc == 0
    p = json.loads(out)
    assert p["cc_vehicle"]["ccv"] == 5 and p["cc_vehicle"]["ccv_items"][0]["rule"] == "G1.64"
    got = {o["vehicle"]: Fraction(o["probability"]) for o in p["outcomes"]}
    assert sum(got.values()) == 1 and got["eliminated"] == Fraction(5, 36)
    rc, out, _ = _odds_cc(
        capsys, "--attacker", "th-hero", "--defender", "vehicle", "--rolls", "3,3"
    )
    assert rc == 0 and "Final DR 6: D1 final DR = CCV" not in out and "D1 no effect" in out


def test_a11_5_cli_refusals_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, said in (
        (("--attacker", "4-4-7", "--attacker", "4-4-7", "--defender", "vehicle"), "A11.5"),
        (("--attacker", "4-4-7:ccv=5", "--defender", "4-4-7"), "one --defender vehicle"),
        (("--attacker", "4-4-7:ccv=x", "--defender", "vehicle"), "bad CCV"),
        (("--attacker", "4-4-7:ccv=5", "--defender", "vehicle", "--hand-to-hand"), "G1.64"),
        (("--attacker", "4-4-7:ccv=5", "--defender", "vehicle", "--melee"), "--melee"),
    ):
        rc, _, err = _odds_cc(capsys, *argv)
        assert rc == 2 and said in err and len(err.strip().splitlines()) == 1, (argv, err)


def _de(uid: str, face: str, kind: Kind = Kind.SQUAD, **kw: object) -> Unit:
    return make(uid, "german", kind, face=face, **kw)  # type: ignore[arg-type]


def test_a11_622_ex_a_squad_and_an_8_1_leader_ccv_6_immobilize_on_7_eliminate_on_6() -> None:
    a = build(
        [
            make("A", "russian", Kind.SQUAD, face="4-4-7"),
            make("L", "russian", Kind.LEADER, face="8-1"),
        ],
        TANK,
    )
    assert (a.ccv, a.drm) == (6, -1)
    assert a.effect(7) == Effect.IMMOBILIZED and a.effect(6) == Effect.ELIMINATED
    assert a.effect(8) == Effect.NONE
    # the text: a burning wreck on a Final DR <= half the CCV (its EX says Original <= 3)
    assert a.effect(4) == Effect.BURNING and a.effect(5) == Effect.ELIMINATED


def test_a11_5_ex_the_german_ccv_is_6_and_a_final_dr_of_4_eliminates_the_t_34() -> None:
    a = build([_de("G", "4-6-7"), make("L", "german", Kind.LEADER, face="9-2")], TANK, drm=-3)
    assert a.ccv == 6 and a.drm == -5  # -3 given: ATMM -3, Wire +1, Street Fighting -1
    assert a.effect(9) == Effect.ELIMINATED  # Final DR 4 > 3: a wreck, not burning


def test_a11_5_ex_a_pinned_5_4_8_has_a_ccv_of_4_and_a_4_4_7_immobilizes_with_ambush() -> None:
    assert build([_de("G", "5-4-8", pinned=True)], TANK).ccv == 4
    r = build([make("R", "russian", Kind.SQUAD, face="4-4-7")], TANK, ambush="attacker")
    assert (r.ccv, r.drm) == (5, -1) and r.effect(6) == Effect.IMMOBILIZED


def test_a11_5_ccv_by_kind_inexperienced_smc_combining_and_escort_a11_51() -> None:
    assert build([make("H", "american", Kind.HALF_SQUAD, face="3-4-6")], TANK).ccv == 3
    assert build([make("C", "american", Kind.CREW, face="2-2-7")], TANK).ccv == 4
    assert build([make("L", "american", Kind.LEADER, face="9-1")], TANK).ccv == 2
    green = make("G", "american", Kind.SQUAD, UnitClass.GREEN)
    assert build([green], TANK).ccv == 4  # Inexperienced -1 (A19.34)
    assert build([green, make("L", "american", Kind.LEADER, face="8-0")], TANK).ccv == 6
    hero = build(
        [make("A", "russian", Kind.SQUAD, face="4-4-7"), make("H", "russian", Kind.HERO)], TANK
    )
    assert (hero.ccv, hero.drm) == (6, -1)  # A15.24
    esc = [_de("E1", "4-6-7"), _de("E2", "2-4-7", Kind.HALF_SQUAD), _de("E3", "4-6-7", broken=True)]
    a = build([make("A", "russian", Kind.SQUAD, face="4-4-7")], TANK, escort=esc)
    assert a.drm == 3 and {i.rule for i in a.drm_items} == {"A11.51"}


def test_a11_501_an_original_2_is_an_unlikely_kill() -> None:
    a = build([make("A", "russian", Kind.SQUAD, face="4-4-7")], TANK, drm=6)  # no kill possible
    assert a.effect(2) == Effect.NONE
    assert [a.effect(2, s) for s in range(1, 7)] == [
        Effect.BURNING,
        Effect.ELIMINATED,
        Effect.IMMOBILIZED,
        Effect.NONE,
        Effect.NONE,
        Effect.NONE,
    ]
    b = build([make("A", "russian", Kind.SQUAD, face="4-4-7")], TANK, drm=3)  # 2 + 3 = CCV
    assert b.effect(2, 6) == Effect.IMMOBILIZED and b.effect(2, 1) == Effect.BURNING
    assert odds(a)[Effect.BURNING] == Fraction(1, 216)


def _ru(uid: str, face: str = "4-4-7", kind: Kind = Kind.SQUAD, **kw: object) -> Unit:
    return make(uid, "russian", kind, face=face, **kw)  # type: ignore[arg-type]


def test_a11_622_ex_the_tank_s_5_fp_cmg_vs_all_four_is_1_4_and_minus_2_vs_the_broken() -> None:
    from aslpto.rules.cc.resolution import _fates
    from aslpto.rules.cc.vehicle import vehicle_attack

    units = [
        _ru("A", broken=True),
        _ru("B"),
        _ru("C", broken=True),
        make("L", "russian", Kind.LEADER, face="8-1", broken=True),
    ]
    a = vehicle_attack(TANK, 5, units)
    assert (a.attack_fp, a.defense_fp) == (Fraction(5), Fraction(16))
    assert (a.column.label, a.kill) == ("1-4", 3)
    assert [a.drm_of(u.id) for u in units] == [-2, 0, -2, -2]
    # an Original DR of 5: Casualty Reduction among the three broken units, squad B unhurt
    kill, partial = _fates(a, 5)
    assert kill == [] and [u.id for u in partial] == ["A", "C", "L"]
    assert vehicle_attack(TANK, 5, units[1:2]).column.label == "1-1"  # 5-5 vs squad B
    assert vehicle_attack(TANK, 5, [units[0], units[3]]).defense_fp == 6  # squad A and leader


def test_a11_62_ex_a_pinned_hs_opposes_a_ccv_of_2_and_a_concealed_squad_halves_the_fp() -> None:
    from aslpto.rules.cc.vehicle import vehicle_attack

    hs = make("H", "german", Kind.HALF_SQUAD, face="2-3-8", pinned=True)
    a = vehicle_attack(TANK, 4, [hs], ambush="defender")
    assert a.defense_fp == Fraction(2) and (a.column.label, a.drm) == ("2-1", 1)
    c = vehicle_attack(TANK, 5, [_ru("R", concealed=True)])
    assert (c.attack_fp, c.column.label) == (Fraction(5, 2), "1-2")
    # a pinned Inexperienced HS: 3 - 1 - 1 = 1
    green = make("C", "russian", Kind.HALF_SQUAD, UnitClass.CONSCRIPT, pinned=True)
    low = vehicle_attack(TANK, 4, [green])
    assert low.defense_fp == 1 and low.drm_of("C") == 0 and low.column.label == "4-1"


def test_a11_62_cli_odds_cc_a_vehicle_attacks_infantry(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = _odds_cc(
        capsys, "--attacker", "vehicle:american:fp=5", "--defender", "4-4-8", "--json"
    )
    assert rc == 0, err
    p = json.loads(out)
    atk = p["cc"]["attacks"]["attacker"]
    assert (atk["attack_fp"], atk["defense_fp"], atk["odds"]) == (5, 5, "1-1")
    assert sum(Fraction(o["probability"]) for o in p["outcomes"]) == 1
    rc, _, err = _odds_cc(
        capsys, "--attacker", "vehicle:fp=5", "--defender", "4-4-8", "--capture", "attacker"
    )
    assert rc == 2 and "--capture" in err
    rc, _, err = _odds_cc(capsys, "--attacker", "4-4-8:fp=5", "--defender", "vehicle")
    assert rc == 2
