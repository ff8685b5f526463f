"""A side's declared CC attacks (A11.12, A11.14), concealed units in CC (A11.19) and the T-H and
DC Heroes in CC (G1.4231, G1.423, G1.424, G1.425)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base import unchecked
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.rules.cc.attack import able_attackers, build
from aslpto.rules.cc.resolution import (
    CCOptions,
    Declared,
    cc_odds,
    prepare,
    resolve_cc,
)
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, odds
from aslpto.state.units import Kind
from cchelp import ROOT, jsq, plain, us

# --- A11.12 declared attacks -----------------------------------------------------------------


def test_a11_12_each_declared_attack_reads_the_fp_of_the_units_it_attacks() -> None:
    opts = CCOptions(attacks=(Declared(("A1",), ("J1",)), Declared(("A2",), ("J2",))))
    cc = prepare([us("A1"), us("A2")], [jsq("J1"), jsq("J2")], opts)
    one, two = cc.side_attacks[0]
    assert (one.attack_fp, one.defense_fp, one.column.label) == (Fraction(6), Fraction(4), "3-2")
    assert [u.id for u in two.defenders] == ["J2"]
    (back,) = cc.side_attacks[1]  # the DEFENDER declared none: one attack of all its units
    assert (back.attack_fp, back.defense_fp) == (Fraction(8), Fraction(12))
    assert "A11.12" in cc.rules


def test_a11_12_a_side_s_units_not_declared_make_no_attack() -> None:
    opts = CCOptions(attacks=(Declared(("A1",), ("J1",)),))
    cc = prepare([us("A1"), us("A2")], [jsq("J1")], opts)
    (only,) = cc.side_attacks[0]
    assert [u.id for u in only.attackers] == ["A1"]


def test_a11_12_a_unit_attacks_once_and_refusals_name_the_unit() -> None:
    a, j = [us("A1"), us("A2")], [jsq("J1"), jsq("J2")]
    twice = CCOptions(attacks=(Declared(("A1",), ("J1",)), Declared(("A1",), ("J2",))))
    with pytest.raises(InputError, match="A1 is named in two attacks"):
        prepare(a, j, twice)
    hit = CCOptions(attacks=(Declared(("A1",), ("J1",)), Declared(("A2",), ("J1",))))
    with pytest.raises(RuleViolation, match=r"A11\.12: J1 is attacked by two attacks"):
        prepare(a, j, hit)
    mixed = CCOptions(attacks=(Declared(("A1", "J1"), ("J2",)),))
    with pytest.raises(InputError, match="not all of one side"):
        prepare(a, j, mixed)
    broken = CCOptions(attacks=(Declared(("A1",), ("J1",)),))
    with pytest.raises(RuleViolation, match=r"A11\.16: A1 is broken"):
        prepare([us("A1", broken=True), us("A2")], j, broken)


def test_a11_14_a_smc_is_not_attacked_apart_from_a_mmc_of_his_side() -> None:
    ldr = make("L", "japanese", Kind.LEADER, face="9-1")
    unchecked.begin()
    with pytest.raises(RuleViolation, match=r"A11\.14"):
        prepare([us("A1")], [jsq("J1"), ldr], CCOptions(attacks=(Declared(("A1",), ("L",)),)))
    assert not any("smc_with_mmc" in t for t in unchecked.taken())
    ok = prepare([us("A1")], [jsq("J1"), ldr], CCOptions(attacks=(Declared(("A1",), ("L", "J1")),)))
    assert ok.side_attacks[0][0].defense_fp == 5


@settings(max_examples=6, deadline=None)
@given(st.permutations(["A1=J1", "A2=J2", "J1=A1", "J2=A2"]), st.integers(0, 2))
def test_a11_12_declared_attacks_odds_equal_every_roll(order: list[str], n: int) -> None:
    decl = tuple(Declared((t[:2],), (t[3:],)) for t in order[:n])
    cc = prepare(
        [us("A1"), us("A2", face="3-3-6")], [jsq("J1"), jsq("J2")], CCOptions(attacks=decl)
    )
    exact = cc_odds(cc).map(plain)
    assert exact.total() == 1
    assert dict(exact.items) == dict(odds(lambda d: plain(resolve_cc(cc, d))).items)


# --- A11.19 concealment ----------------------------------------------------------------------


def test_a11_19_the_attack_fp_is_halved_against_concealed_units() -> None:
    a = build([us("A1"), us("A2")], [jsq("J1", concealed=True)])
    assert a.attack_fp == 6 and a.column.label == "3-2" and "A11.19" in a.rules
    mixed = build([us("A1"), us("A2")], [jsq("J1", concealed=True), jsq("J2")])
    assert mixed.attack_fp == 12 and mixed.column.label == "3-2" and mixed.kill == 6
    assert mixed.kill_of("J1") == 4 and dict(mixed.own_column) == {"J1": "1-2"}
    assert mixed.kill_of("J2") == 6


def test_a11_19_a_hidden_unit_counts_as_concealed() -> None:
    unchecked.begin()
    a = build([us("A1")], [jsq("J1", hidden=True)])
    assert a.attack_fp == 3
    assert not any("concealment.hidden" in t for t in unchecked.taken())


def test_a11_19_a_unit_loses_concealment_by_attacking_or_by_casualty_reduction() -> None:
    cc = prepare([us("A1", concealed=True)], [jsq("J1", concealed=True)])
    r = resolve_cc(cc, GivenDice("6,6 5,4"))  # A1: 12 no effect; J1 (4 to 6, 1-2 black 4): 9
    assert [u.concealed for u in r.units] == [False, False]  # both attacked
    broken = jsq("J1", concealed=True, broken=True)
    cc = prepare([us("A1")], [broken])
    r = resolve_cc(cc, GivenDice("3,3"))  # halved, 3 to 4: 1-2 black 4; 6 - 2 (broken) = 4
    (_, hs) = r.units
    assert hs.counter == "2-3-8" and not hs.concealed


def test_a11_4_an_ambushing_unit_keeps_its_concealment_when_it_eliminates_all() -> None:
    unchecked.begin()
    cc = prepare([us("A1", concealed=True)], [jsq("J1")], CCOptions(ambush="attacker"))
    r = resolve_cc(cc, GivenDice("1,1"))
    assert r.eliminated == ("J1",) and r.units[0].concealed
    assert not any("ambush_keeps" in t for t in unchecked.taken())


# --- G1.4231, G1.423-G1.425 T-H and DC Heroes ------------------------------------------------


def test_g1_4231_a_th_hero_attacks_with_one_fp_and_no_hero_drm_g1_423() -> None:
    hero = make("H", "japanese", Kind.TH_HERO)
    a = build([hero], [us("A1")])
    assert a.attack_fp == 1 and a.drm == 0 and "G1.4231" in a.rules
    with_mmc = build([hero, jsq("J1")], [us("A1")])
    assert with_mmc.attack_fp == 5  # he merely adds one to the MMC's FP
    h15 = make("X", "japanese", Kind.HERO)
    assert build([h15, jsq("J1")], [us("A1")]).drm == -1  # a Heat-of-Battle hero: A15.24


def test_g1_424_a_dc_hero_makes_no_cc_attack() -> None:
    dc = make("D", "japanese", Kind.DC_HERO)
    assert able_attackers([dc, jsq("J1")]) == [jsq("J1")]
    with pytest.raises(RuleViolation, match=r"G1\.424: D is a DC Hero"):
        build([dc], [us("A1")])
    cc = prepare([us("A1")], [dc])
    assert cc.attacks[1] is None and cc.attacks[0] is not None
    assert cc.attacks[0].defense_fp == 1


def test_g1_425_a_th_hero_s_cc_attack_on_personnel_does_not_remove_him() -> None:
    # G1.425 removes him upon his attack on his Designated Target, an AFV (G1.421): the CCT
    # never attacks one, so after a CC vs Personnel he stays (here wounded, in Melee).
    hero = make("H", "japanese", Kind.TH_HERO)
    cc = prepare([hero], [us("A1")])
    r = resolve_cc(cc, GivenDice("6,6 6,6 1"))  # Hand-to-Hand: 12 = red 12, a Wound (dr 1)
    assert [u.id for u in r.units] == ["H", "A1"] and r.melee
    assert "G1.425" not in r.rules
    d = cc_odds(cc)
    assert d.total() == 1 and any("H" in {u.id for u in x.units} for x, _ in d)


def test_a11_12_cli_cc_declared_attacks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "examples" / "paddy-river.toml").read_text()
    p = tmp_path / "split.toml"
    p.write_text(
        text.replace('hex = "32M9"', 'hex = "32N6"', 1).replace(
            'hex = "32N9"\n', 'hex = "32N6"\n', 1
        )
    )
    assert main(["cc", str(p), "32N6", "--attack", "U1=J3", "--attack", "J3=U2", "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    every = out["cc"]["all_attacks"]
    assert [a["defenders"] for a in every["attacker"]] == [["J3"]]
    assert [a["defenders"] for a in every["defender"]] == [["U2"]]
    assert sum((Fraction(o["probability"]) for o in out["outcomes"]), Fraction(0)) == 1
    assert main(["cc", str(p), "32N6", "--attack", "U1"]) == 2
    assert "--attack 'U1'" in capsys.readouterr().err


def test_a11_14_a_smc_attacking_alone_defends_alone_and_may_be_attacked_apart() -> None:
    ldr = make("L", "japanese", Kind.LEADER, face="9-1")
    solo = CCOptions(attacks=(Declared(("L",), ("A1",)), Declared(("A1",), ("L",))))
    cc = prepare([us("A1")], [jsq("J1"), ldr], solo)
    (a,) = cc.side_attacks[0]
    assert [u.id for u in a.defenders] == ["L"] and a.defense_fp == 1
