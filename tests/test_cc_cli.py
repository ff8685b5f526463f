"""``aslpto odds cc`` and ``aslpto.cc``: a Close Combat from the command line and from Python
(A11.1, A11.4, A11.11, G1.64, G9.21)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import aslpto
from aslpto.cli import main
from aslpto.state.dice import GivenDice


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["odds", "cc", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def total(p: dict[str, Any]) -> Fraction:
    return sum((Fraction(o["probability"]) for o in p["outcomes"]), Fraction(0))


def test_g1_64_cli_a_japanese_attacker_is_hand_to_hand_both_fates_jointly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    p = run_json(capsys, "--attacker", "4-4-8", "--defender", "6-6-6:american")
    assert p["procedure"] == "cc" and total(p) == 1
    c = p["cc"]
    assert c["hand_to_hand"] and c["first"] == "simultaneous"
    atk, dfn = c["attacks"]["attacker"], c["attacks"]["defender"]
    assert (atk["odds"], atk["kill_number"], atk["kill_number_color"], atk["drm"]) == (
        "1-2",
        6,
        "red",
        -1,
    )
    assert (dfn["odds"], dfn["kill_number"], dfn["drm"]) == ("3-2", 8, 0)
    both = [o for o in p["outcomes"] if sorted(o.get("eliminated", [])) == ["A1", "D1"]]
    assert both[0]["probability"] == "35/144"
    assert {"A11.1", "A11.11", "G1.64", "J2.31"} <= set(p["rules"])


def test_a11_4_cli_the_ambushing_side_attacks_first(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(
        capsys,
        "--nationality",
        "american",
        "--attacker",
        "6-6-6",
        "--attacker",
        "9-1",
        "--defender",
        "4-4-8:japanese:above-panji",
        "--ambush",
        "attacker",
        "--rolls",
        "3,3",
    )
    (o,) = p["outcomes"]
    assert o["eliminated"] == ["D1"] and p["rolled"] == "3,3"
    items = {(i["rule"], i["value"]) for i in p["cc"]["attacks"]["attacker"]["drm_items"]}
    assert {("A11.141", -1), ("A11.4", -1), ("G9.21", -1)} <= items
    assert not p["cc"]["hand_to_hand"]  # the Japanese were Ambushed (G1.64)


def test_j2_31_cli_declared_hand_to_hand_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(
        capsys,
        "--nationality",
        "american",
        "--attacker",
        "6-6-6",
        "--defender",
        "6-6-6",
        "--hand-to-hand",
    )
    assert p["cc"]["attacks"]["attacker"]["kill_number"] == 7  # 1-1, red
    assert main(["odds", "cc", "--attacker", "4-4-8"]) == 2
    assert (
        main(["odds", "cc", "--unit", "4-4-8", "--attacker", "4-4-8", "--defender", "4-4-8"]) == 2
    )
    assert main(["odds", "mc", "--unit", "4-4-8", "--attacker", "4-4-8"]) == 2
    capsys.readouterr()


def test_a11_1_python_api_cc_exact_and_rolled() -> None:
    j = aslpto.make(
        "J1", "japanese", aslpto.Kind.SQUAD, aslpto.UnitClass.ELITE, aslpto.Strength.FULL
    )
    us = aslpto.make("A1", "american", aslpto.Kind.SQUAD, face="6-6-6")
    answer = aslpto.cc([j], [us])
    assert answer.odds is not None and answer.odds.total() == 1
    rolled = aslpto.cc([j], [us], aslpto.CCOptions(), dice=GivenDice("1,1 6,6")).rolled
    assert rolled is not None and rolled.eliminated == ("A1",)
