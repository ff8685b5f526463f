"""``aslpto odds`` as a player uses it: the ATMM outcome shown, bad input refused cleanly."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from aslpto.base.rulings import InputError
from aslpto.cli import main
from aslpto.cli.odds import describe


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["odds", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def test_g1_4231_cli_atmm_outcome_without_detail(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "atmm", "--unit", "t-h-hero")
    got = {o["atmm"]: Fraction(o["probability"]) for o in p["outcomes"]}
    assert got == {True: Fraction(1, 2), False: Fraction(1, 2)}
    p = run_json(capsys, "atmm", "--unit", "t-h-hero", "--pre-1944")
    got = {o["atmm"]: Fraction(o["probability"]) for o in p["outcomes"]}
    assert got == {True: Fraction(1, 3), False: Fraction(2, 3)}
    assert main(["odds", "atmm", "--unit", "t-h-hero"]) == 0
    out = capsys.readouterr().out
    assert "  ATMM" in out and "no ATMM" in out
    assert main(["odds", "atmm", "--unit", "t-h-hero", "--rolls", "4"]) == 0
    assert "no ATMM" in capsys.readouterr().out


def test_g1_424_cli_dc_hero_atmm_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "atmm", "--unit", "dc-hero"]) == 2
    assert "G1.424" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["mc", "-1", "--unit", "4-4-7"],
        ["mc", "--mc", "-2", "--unit", "4-4-7"],
        ["mc", "--unit", "4-4-7", "--elr", "6"],
        ["mc", "--unit", "4-4-7", "--elr", "-1"],
        ["mc", "--unit", "4-4-7:elr=9"],
        ["mc", "--unit", "11-3"],
        ["mc", "--unit", "4-4-7", "--leader", "99-9"],
        ["mc", "--unit", "4-4-7", "--leader-present", "10-3"],
        ["th-hero", "--unit", "4-4-7", "--mf-expended", "-3"],
    ],
)
def test_cli_bad_input_is_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip()


def test_g1_41_leader_faces() -> None:
    for face in ("10-2", "10-1", "10-0", "9-1", "9-0", "8-1", "8-0", "8+1"):
        assert describe(face).counter == face
    # a wounded leader by his wounded face (9-1 wounded reads 8-0; 8+1 wounded 7+2)
    assert describe("7+2:wounded").morale == 7
    with pytest.raises(InputError, match="leader rank"):
        describe("7+2")
    assert describe("10-3:american").counter == "10-3"


def test_g1_421_cli_stack_attempts_simultaneously_with_individual_dr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """G1.421: each MMC of a stack makes its own dr (4-4-7: <= 3; 1st-Line HS: +1, so <= 2)."""
    p = run_json(capsys, "th-hero", "--unit", "4-4-7", "--unit", "2-3-7:1st-line")

    def heroes(o: dict[str, Any]) -> int:
        return sum(1 for u in o["result"] if u["kind"] == "t-h-hero")

    got = {
        n: sum(
            (Fraction(o["probability"]) for o in p["outcomes"] if heroes(o) == n),
            Fraction(0),
        )
        for n in (0, 1, 2)
    }
    assert got == {
        2: Fraction(1, 2) * Fraction(1, 3),
        1: Fraction(1, 2) * Fraction(2, 3) + Fraction(1, 2) * Fraction(1, 3),
        0: Fraction(1, 2) * Fraction(2, 3),
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["th-hero", "--unit", "4-4-7", "--leader", "9-1"],
        ["sniper", "--unit", "4-4-7", "--leader", "9-1"],
        ["atmm", "--unit", "t-h-hero", "--leader", "9-1"],
    ],
)
def test_cli_units_not_acted_on_stay_present(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    p = run_json(capsys, *argv)
    for o in p["outcomes"]:
        assert any(u["counter"] == "9-1" for u in o["result"])


def test_g1_641_cli_location_with_leader_present(capsys: pytest.CaptureFixture[str]) -> None:
    """Each MMC's Hara-Kiri NTC with a 9-1 present (not attempting): Morale Level 8 (G1.41), no
    leadership DRM (the NTC is marked with a delta, A.10): eliminated on DR <= 8."""
    p = run_json(
        capsys,
        "hara-kiri",
        "--unit",
        "4-4-7",
        "--unit",
        "2-3-7:1st-line",
        "--leader-present",
        "9-1",
    )
    both = sum(
        Fraction(o["probability"]) for o in p["outcomes"] if len(o.get("eliminated", [])) == 2
    )
    assert both == Fraction(13, 18) ** 2


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--unit", "4-4-8", "--nationality", "japanese", "--pinned"], "Pin/TI"),
        (["--unit", "4-4-8", "--nationality", "japanese", "--unarmed"], "armed and in Good Order"),
        (["--unit", "2-2-8", "--nationality", "japanese"], "Japanese Infantry squad/HS"),
        (["--unit", "4-4-7", "--nationality", "american"], "Japanese Infantry squad/HS"),
    ],
)
@pytest.mark.parametrize("how", [[], ["--rolls", "3"]])
def test_g1_421_only_an_armed_good_order_japanese_squad_or_hs_unpinned_may_attempt(
    capsys: pytest.CaptureFixture[str], argv: list[str], why: str, how: list[str]
) -> None:
    """G1.421: a pinned, Unarmed, crew or non-Japanese MMC makes no T-H Hero attempt: refused,
    in the odds and in the rolls alike."""
    assert main(["odds", "th-hero", *argv, *how]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err and "[G1.421]" in err


def test_a25_23_a_banzai_unit_is_never_pinned(capsys: pytest.CaptureFixture[str]) -> None:
    """A25.23 (G1.5): a HW Unit is immune to Pin results: a MC passed exactly leaves it
    unaffected, and a PTC is ineffective against it (the A25.234 EX)."""
    p = run_json(capsys, "mc", "0", "--unit", "4-4-8", "--nationality", "japanese", "--banzai")
    assert not any(u.get("pinned") for o in p["outcomes"] for u in o["result"])
    p = run_json(capsys, "ptc", "--unit", "4-4-7", "--nationality", "japanese", "--banzai")
    assert [Fraction(o["probability"]) for o in p["outcomes"]] == [1]
    assert "A25.23" in p["rules"]


@pytest.mark.parametrize("how", [["--rolls", "4,5"], []])
def test_g9_47_a_japanese_squad_broken_by_the_aerial_panji_mc_is_two_hs_only(
    capsys: pytest.CaptureFixture[str], how: list[str]
) -> None:
    """G9.47 with G1.13: a Japanese squad failing its Panji MC (Morale Level 7; DR 9) is
    Replaced by two broken HS, and the squad is not left beside them."""
    p = run_json(capsys, "aerial-panji", "--unit", "4-4-7", "--nationality", "japanese", *how)
    for o in p["outcomes"]:
        ids = [u["id"] for u in o["result"]]
        assert ("U1" in ids) != any(i.startswith("U1") and i != "U1" for i in ids), ids
    assert any(len(o["result"]) == 2 and o["result"][0]["broken"] for o in p["outcomes"])


@pytest.mark.parametrize("kind", ["hero", "t-h-hero"])
def test_g1_4_a17_3_a_hero_described_wounded_is_on_his_wounded_side(
    capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """A17.3 (G1.4): a hero given as wounded is a 1-3-8, Morale Level 8: he passes a MC on a
    DR of 8 or less (13/18), as a scenario's wounded 1-3-8 does."""
    assert describe(f"{kind}:wounded", nationality="japanese").counter == "1-3-8"
    p = run_json(capsys, "mc", "0", "--unit", kind, "--wounded", "--nationality", "japanese")
    alive = sum((Fraction(o["probability"]) for o in p["outcomes"] if o["result"]), Fraction(0))
    assert alive == Fraction(13, 18)


@pytest.mark.parametrize("procedure", ["panji", "th-hero"])
def test_a_10_a_delta_roll_is_not_modified_by_a_leader_present(
    capsys: pytest.CaptureFixture[str], procedure: str
) -> None:
    """G9.31 (the Panji MC, a NMC marked with a delta) and G1.421 (the T-H Hero dr, marked with
    a delta): a leader present does not modify the roll (A.10); a 9-1 with a U.S. squad (no
    G1.41 bonus) leaves a Panji MC's odds as they are without him, and a Japanese 9-1 the T-H
    Hero dr's. A NMC is modified by him."""
    unit, leader = ("4-4-7:american", "9-1:american") if procedure == "panji" else ("4-4-7", "9-1")
    plain = run_json(capsys, procedure, "--unit", unit)
    led = run_json(capsys, procedure, "--unit", unit, "--leader-present", leader)

    def fates(p: dict[str, Any]) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for o in p["outcomes"]:
            key = json.dumps([u for u in o["result"] if u["kind"] != "leader"], sort_keys=True)
            out[key] = out.get(key, Fraction(0)) + Fraction(o["probability"])
        return out

    assert fates(plain) == fates(led)
    if procedure == "panji":
        nmc = run_json(capsys, "nmc", "--unit", unit)
        assert fates(nmc) != fates(
            run_json(capsys, "nmc", "--unit", unit, "--leader-present", leader)
        )
