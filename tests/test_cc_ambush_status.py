"""The Ambush status dr from the units (A11.4, A11.17, A11.18) and the CC it leads to, with its
exact odds (``aslpto cc --ambush-roll``, ``aslpto odds cc --ambush-roll``). The EX are A11.41's
and those of A11's Close Combat comprehensive example."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.procedures.cc import cc
from aslpto.rules.cc.ambush import AmbushResult, ambush, lax, side_drm, stealthy
from aslpto.rules.cc.resolution import CCOptions
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, odds
from aslpto.state.units import Kind, UnitClass
from cchelp import jsq, plain, us


def drm(items: Any) -> int:
    return int(sum((i.value for i in items), Fraction(0)))


def test_a11_41_ex_the_concealed_4_4_7_has_minus_two_and_ambushes_on_two_or_less() -> None:
    de = make("G1", "german", Kind.SQUAD, face="6-5-8")
    ru = make("R1", "russian", Kind.SQUAD, face="4-4-7", concealed=True)
    assert drm(side_drm([de], attacker=True)) == 0
    assert drm(side_drm([ru], attacker=False)) == -2
    # the German makes a dr of 3: the Russian Ambushes on an Original dr <= 2
    assert ambush([de], [ru], dice=GivenDice("3 2")).rolled == AmbushResult.DEFENDER
    assert ambush([de], [ru], dice=GivenDice("3 3")).rolled == AmbushResult.NONE


def test_a11_4_ex_an_inexperienced_4_2_6_is_lax_plus_one() -> None:
    ru = make("R1", "russian", Kind.SQUAD, UnitClass.CONSCRIPT)
    assert ru.counter == "4-2-6" and lax(ru)
    assert [(i.rule, int(i.value)) for i in side_drm([ru], attacker=False)] == [("A11.18", 1)]
    assert drm(side_drm([make("G1", "german", Kind.SQUAD, face="4-6-7")], attacker=True)) == 0


def test_a11_4_ex_a_broken_2_2_7_plus_one_is_ambushed_by_a_concealed_3_3_8_on_fives() -> None:
    de = make("G1", "german", Kind.HALF_SQUAD, face="3-3-8", concealed=True)
    ru = make("R1", "russian", Kind.HALF_SQUAD, face="2-2-7", broken=True)
    assert drm(side_drm([ru], attacker=False)) == 1 and drm(side_drm([de], attacker=True)) == -2
    assert ambush([de], [ru], dice=GivenDice("5 5")).rolled == AmbushResult.ATTACKER


def test_a11_17_a11_18_stealthy_lax_leadership_and_each_condition_once() -> None:
    j = jsq("J1")
    assert stealthy(j) and drm(side_drm([j], attacker=False)) == -1
    assert lax(jsq("J2", cls=UnitClass.CONSCRIPT))
    hero = make("H", "american", Kind.HERO)
    assert stealthy(hero) and not stealthy(hero.with_(berserk=True))
    # a berserk unit is berserk +1 and Lax +1 (A15.432); CX +1 once for two CX units
    assert drm(side_drm([us("A1", berserk=True)], attacker=True)) == 2
    assert drm(side_drm([us("A1", cx=True), us("A2", cx=True)], attacker=True)) == 1
    # the best unpinned Good Order leader's leadership, unless he is alone
    leader = make("L", "american", Kind.LEADER, face="9-2")
    assert drm(side_drm([us("A1"), leader], attacker=True)) == -2
    assert drm(side_drm([leader], attacker=True)) == 0
    assert drm(side_drm([us("A1"), leader.with_(pinned=True)], attacker=True)) == 1  # pinned +1
    # a Green squad with an unbroken leader is not Lax (A19.3)
    green = make("A3", "american", Kind.SQUAD, UnitClass.GREEN)
    assert lax(green) and not lax(green, [green, make("L", "american", Kind.LEADER, face="8-0")])
    # the PTO drm (G9.21): above a Panji counter +1
    assert drm(side_drm([us("A1", position="above-panji")], attacker=True)) == 1


def test_a11_4_the_cc_after_the_ambush_dr_equals_every_roll() -> None:
    a, d = [us("A1")], [jsq("J1", concealed=True)]
    done = cc(a, d, ambush_roll=True)
    assert done.ambush is not None and done.odds is not None and done.odds.total() == 1
    assert dict(done.odds.map(plain).items) == dict(
        odds(lambda x: plain(cc(a, d, dice=x, ambush_roll=True).rolled)).items  # type: ignore[arg-type]
    )
    # typed: the ATTACKER's dr then the DEFENDER's, then the CC's DR
    r = cc(a, d, dice=GivenDice("6 1 1,1"), ambush_roll=True)
    assert r.ambush is not None and r.ambush.rolled == AmbushResult.DEFENDER
    assert r.cc.first == "defender" and r.rolled is not None and r.rolled.eliminated == ("A1",)


def test_a11_4_ambush_roll_refusals() -> None:
    with pytest.raises(InputError, match="one or the other"):
        cc([us("A1")], [jsq("J1")], CCOptions(ambush="attacker"), ambush_roll=True)
    with pytest.raises(RuleViolation, match=r"A11\.4"):
        cc([us("A1")], [jsq("J1")], CCOptions(melee=True), ambush_roll=True)


def test_a11_4_cli_odds_cc_ambush_roll(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "cc", "--nationality", "american", "--attacker", "6-6-6"]
    argv += ["--defender", "4-4-8:japanese:concealed", "--ambush-roll"]
    assert main([*argv, "--json"]) == 0
    p = json.loads(capsys.readouterr().out)
    s = p["ambush_status"]
    assert s["attacker"]["drm"] == 0 and s["defender"]["drm"] == -3  # Stealthy, concealed
    assert sum(Fraction(v) for v in s["odds"].values()) == 1
    assert sum(Fraction(o["probability"]) for o in p["outcomes"]) == 1
    assert main([*argv, "--rolls", "6 1 1,1", "--json"]) == 0
    p = json.loads(capsys.readouterr().out)
    assert p["ambush_status"]["rolled"]["ambush"] == "defender"
    assert main([*argv]) == 0
    assert "who Ambushes (A11.4)" in capsys.readouterr().out
    assert main([*argv, "--ambush", "attacker"]) == 2
    assert "one or the other" in capsys.readouterr().err
