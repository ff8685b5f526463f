"""``aslpto odds`` and its Python API (``odds``, ``resolve``): each procedure against a hand count,
every distribution summing to 1, every roll landing on an outcome."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import InputError
from aslpto.cli import main
from aslpto.cli.odds import Options, Procedure, describe, odds, resolve
from aslpto.procedures.odds import PLAIN
from aslpto.rules.morale import Result
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

ROOT = Path(__file__).resolve().parent.parent
ALL_DR = [(w, c) for w in range(1, 7) for c in range(1, 7)]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["odds", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def prob(payload: dict[str, Any], pred: Callable[[dict[str, Any]], bool]) -> Fraction:
    total = Fraction(0)
    for o in payload["outcomes"]:
        if pred(o):
            total += Fraction(o["probability"])
    return total


# --- describing units ---------------------------------------------------------------------------


def test_describe_identity_is_class_and_strength() -> None:
    u = describe("3-4-7:1st-line")
    assert (u.kind, u.unit_class, u.strength) == (
        Kind.SQUAD,
        UnitClass.FIRST_LINE,
        Strength.REDUCED,
    )
    u = describe("3-4-7:2nd-line")
    assert (u.unit_class, u.strength) == (UnitClass.SECOND_LINE, Strength.FULL)
    with pytest.raises(InputError, match="more than one counter"):
        describe("3-4-7")
    assert describe("9-1").kind == Kind.LEADER
    assert describe("1-2-8").kind == Kind.CREW
    assert describe("t-h-hero").kind == Kind.TH_HERO
    b = describe("4-5-7:british:broken:elr=2")
    assert (b.nationality, b.broken, b.elr) == ("british", True, 2)
    with pytest.raises(InputError, match="unknown word"):
        describe("4-4-8:sleepy")


# --- each procedure against a count written out by hand -----------------------------------------


def test_cli_attack_mc_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    # 1MC on a 4-4-8 (ELR 3): Original 8, 9 (5 + 4 = 9 of 36) -> 3-4-8; 10, 11 (3 + 2) -> 3-4-7;
    # 12 -> broken 2-3-7; 7 (6) -> pinned; 2-6 (15) -> unchanged
    p = run_json(capsys, "mc", "1", "--unit", "4-4-8", "--no-heat-of-battle")

    def one(c: str, **kw: object) -> Callable[[dict[str, Any]], bool]:
        return lambda o: (
            len(o["result"]) == 1
            and o["result"][0]["counter"] == c
            and all(o["result"][0][k] == v for k, v in kw.items())
        )

    assert prob(p, one("4-4-8", pinned=False)) == Fraction(15, 36)
    assert prob(p, one("4-4-8", pinned=True)) == Fraction(6, 36)
    assert prob(p, one("3-4-8")) == Fraction(9, 36)
    assert prob(p, one("3-4-7", **{"class": "1st-line"})) == Fraction(5, 36)
    assert prob(p, one("2-3-7", broken=True, dm=True)) == Fraction(1, 36)
    assert "G1.121" in p["rules"] and "A10.31" in p["rules"]


def test_cli_mc_with_heat_of_battle_keeps_the_failures(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "mc", "1", "--unit", "4-4-8")
    assert prob(p, lambda o: o["result"][0]["counter"] == "3-4-8") == Fraction(9, 36)
    assert sum(Fraction(o["probability"]) for o in p["outcomes"]) == 1


def test_api_nmc_hand_count() -> None:
    # 4-4-7 NMC (G1.13): fails on Original 8-11 by 1-4: 8, 9 (9 of 36) two broken 2-3-7 HS;
    # 10, 11 (5) >= ELR 3: two broken 2nd-Line 1-3-7 HS; 12 (1) Casualty MC: one broken 1-3-7
    d = odds("nmc", [describe("4-4-7")], Options(heat_of_battle=False))

    def faces(r: Result) -> tuple[str, ...]:
        return tuple(u.counter for u in r.units)

    assert d.probability(lambda r: faces(r) == ("2-3-7", "2-3-7")) == Fraction(9, 36)
    assert d.probability(lambda r: faces(r) == ("1-3-7", "1-3-7")) == Fraction(5, 36)
    assert d.probability(lambda r: faces(r) == ("1-3-7",)) == Fraction(1, 36)


def test_cli_ptc_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    # 3-3-6 (ML 6) PTC: pinned on Original 7-12: 6+5+4+3+2+1 = 21
    p = run_json(capsys, "ptc", "--unit", "3-3-6")
    assert prob(p, lambda o: o["result"][0]["pinned"]) == Fraction(21, 36)


def test_cli_panji_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    # 4-4-8 (ML 8): doubles 2,4,6,8 pass with Casualty Reduction -> unbroken 2-3-8 (3 of 36),
    # and 4,4 = 8 is also Final = ML: that HS is pinned (1 of 36)
    p = run_json(capsys, "panji", "--unit", "4-4-8")

    def hs(pinned: bool) -> Callable[[dict[str, Any]], bool]:
        return lambda o: (
            [u["counter"] for u in o["result"]] == ["2-3-8"]
            and not o["result"][0]["broken"]
            and o["result"][0]["pinned"] == pinned
        )

    assert prob(p, hs(False)) == Fraction(3, 36)
    assert prob(p, hs(True)) == Fraction(1, 36)


def test_cli_sniper_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    # A14.3: dr 2 on a 10-0 wounds him: Wound Severity 1-4 wounded (4 of 6), 5-6 killed (2 of 6)
    p = run_json(capsys, "sniper", "--unit", "10-0", "--sniper-dr", "2")
    assert prob(p, lambda o: o["result"] and o["result"][0]["wounded"]) == Fraction(4, 6)
    assert prob(p, lambda o: o.get("eliminated") == ["U1"]) == Fraction(2, 6)
    # dr 1 eliminates him
    p = run_json(capsys, "sniper", "--unit", "10-0")
    assert prob(p, lambda o: o.get("eliminated") == ["U1"]) == 1


def test_cli_sniper_dr1_on_squad_is_certain(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "sniper", "--unit", "3-4-8")
    assert [o["result"][0]["counter"] for o in p["outcomes"]] == ["2-3-8"]


def test_cli_th_hero_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    # HS +1: created on dr 1-2 (2 of 6); dr 6 pins (1 of 6)
    p = run_json(capsys, "th-hero", "--unit", "2-3-8")
    assert prob(p, lambda o: len(o["result"]) == 2) == Fraction(2, 6)
    assert prob(p, lambda o: o["result"][0]["pinned"]) == Fraction(1, 6)
    # the dr is marked with a delta: a 9-1 present does not modify it (A.10): still dr 1-2
    p = run_json(capsys, "th-hero", "--unit", "2-3-8", "--leader-present", "9-1")
    assert prob(p, lambda o: len(o["result"]) == 3) == Fraction(2, 6)


def test_cli_atmm_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "atmm", "--unit", "t-h-hero", "--pre-1944", "--detail")
    assert prob(p, lambda o: "U1: ATMM" in o["events"]) == Fraction(2, 6)


def test_cli_hara_kiri_hand_count(capsys: pytest.CaptureFixture[str]) -> None:
    # 4-4-7 (ML 7) NTC: DR <= 7 (21 of 36); with a 9-1 leader present, +1 ML (G1.41) but no
    # leadership DRM, the NTC being marked with a delta (A.10): DR <= 8 (26 of 36)
    p = run_json(capsys, "hara-kiri", "--unit", "4-4-7")
    assert prob(p, lambda o: o["result"] == []) == Fraction(21, 36)
    p = run_json(capsys, "hara-kiri", "--unit", "4-4-7", "--leader-present", "9-1")
    assert prob(p, lambda o: o.get("eliminated") == ["U1"]) == Fraction(26, 36)


def test_g1_641_a15_21_a_heroic_leader_described_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a leader who became heroic (A15.21) is a unit state: his Hara-Kiri is automatic
    # (G1.641); an outcome in which he survives lists him heroic
    assert describe("9-1:heroic").heroic and not describe("9-1").heroic
    p = run_json(capsys, "hara-kiri", "--unit", "8+1:heroic")
    assert prob(p, lambda o: o.get("eliminated") == ["U1"]) == 1
    p = run_json(capsys, "nmc", "--unit", "9-1:american:heroic")
    assert prob(p, lambda o: all(u.get("heroic") for u in o["result"])) == 1
    for spec in ("hero:heroic", "4-4-7:heroic"):
        with pytest.raises(InputError, match="only a leader becomes heroic"):
            describe(spec)


def test_cli_panji_stack_and_aerial(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "panji-stack", "--unit", "4-4-7", "--unit", "4-4-7", "--leader", "9-1")
    assert sum(Fraction(o["probability"]) for o in p["outcomes"]) == 1
    p = run_json(capsys, "aerial-panji", "--unit", "4-4-8", "--unit", "3-3-6")
    both_pinned = lambda o: all(u["pinned"] for u in o["result"]) and len(o["result"]) == 2  # noqa: E731
    assert prob(p, both_pinned) == Fraction(6, 36)


# --- rolls, scenario, errors, text ----------------------------------------------------------------


def test_cli_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "mc", "--unit", "4-4-8", "--rolls", "6,5")
    # the shape of an odds run: one outcome, the one rolled
    [o] = p["outcomes"]
    assert [u["counter"] for u in o["result"]] == ["3-4-7"]
    assert o["probability"] == "1/1" and p["rolled"] == "6,5"
    assert "G1.123" in p["rules"]


def test_cli_rolls_left_over_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mc", "--unit", "4-4-8", "--rolls", "3,4 5 6"]) == 2
    assert capsys.readouterr().err == (
        "aslpto: rolls '3,4 5 6': 2 roll(s) left over; the procedure used 3 4\n"
    )


def test_g1_1_a_japanese_squad_has_no_broken_side(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--counter", "4-4-8", "--broken"], ["--unit", "4-4-8", "--broken"]):
        assert main(["odds", "nmc", *args]) == 2
        assert capsys.readouterr().err == (
            "aslpto: unit '4-4-8:broken': a Japanese squad has no broken side (G1.1, G1.3); "
            "describe its broken half-squads instead\n"
        )


def test_cli_options_describe_every_unit_given(capsys: pytest.CaptureFixture[str]) -> None:
    """--broken, --pinned, --class ... beside --unit describe that unit (not ignored)."""
    broken = run_json(capsys, "nmc", "--unit", "4-4-7", "--nationality", "american", "--broken")
    assert broken["units"][0]["broken"] is True
    plain = run_json(capsys, "nmc", "--unit", "4-4-7", "--nationality", "american")
    assert broken["outcomes"] != plain["outcomes"]
    pinned = run_json(capsys, "nmc", "--unit", "4-4-8", "--pinned")
    assert pinned["units"][0]["pinned"] is True
    reduced = run_json(
        capsys, "nmc", "--unit", "3-4-7", "--class", "1st-line", "--strength", "reduced"
    )
    assert reduced["units"][0]["class"] == "1st-line"
    assert main(["odds", "nmc", "--unit", "4-4-7:elite", "--class", "1st-line"]) == 2
    assert "Class given twice (elite, 1st-line)" in capsys.readouterr().err
    assert main(["odds", "nmc", "--unit", "4-4-8", "--counter", "4-4-7"]) == 2
    assert "--counter '4-4-7' describes the one unit given without --unit" in (
        capsys.readouterr().err
    )


def test_cli_scenario_units_take_no_describing_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scen = str(ROOT / "examples" / "panji-g9.toml")
    assert main(["odds", "ptc", "--scenario", scen, "--unit", "B", "--broken"]) == 2
    assert capsys.readouterr().err == (
        "aslpto: --scenario takes its units as the scenario holds them: --broken cannot "
        "describe them\n"
    )


def test_cli_help_says_nmc_is_not_mc_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "so 'nmc' is not 'mc 0'" in text and "(G1.12)" in text and "(G1.13)" in text
    assert "nmc is not mc 0" in text  # the PROCEDURE argument points there


def test_cli_seeded_roll_lands_on_an_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "mc", "2", "--unit", "4-4-7", "--seed", "3")
    q = run_json(capsys, "mc", "2", "--unit", "4-4-7")
    [rolled] = p["outcomes"]
    assert rolled["result"] in [o["result"] for o in q["outcomes"]]


def test_cli_scenario_unit(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(
        capsys, "ptc", "--scenario", str(ROOT / "examples" / "panji-g9.toml"), "--unit", "B"
    )
    # U.S. 6-6-6 (ML 6): pinned on Original 7-12, 21 of 36
    assert prob(p, lambda o: o["result"][0]["pinned"]) == Fraction(21, 36)


def test_cli_bad_input_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mc", "--unit", "9-9-9"]) == 2
    assert "9-9-9: not a Japanese counter" in capsys.readouterr().err
    assert main(["odds", "mc", "--unit", "3-4-7"]) == 2
    assert "Class" in capsys.readouterr().err
    assert main(["odds", "mc"]) == 2
    scen = str(ROOT / "examples" / "panji-g9.toml")
    assert main(["odds", "mc", "--scenario", scen, "--unit", "nobody"]) == 2
    assert "no unit 'nobody'" in capsys.readouterr().err


def test_cli_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mc", "1", "--unit", "4-4-8"]) == 0
    out = capsys.readouterr().out
    assert "3-4-8 elite" in out and "rules:" in out and "1/4" in out


def test_cli_single_unit_options(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "ptc", "--counter", "3-4-7", "--class", "1st-line")
    assert p["units"][0]["strength"] == "reduced"


# --- hypothesis over every procedure -------------------------------------------------------------

CASES = [
    (Procedure.MC, ["4-4-8"], Options(mc=1)),
    (Procedure.MC, ["3-4-7:1st-line", "9-1"], Options(mc=2)),
    (Procedure.NMC, ["2-2-6:elr=1"], Options()),
    (Procedure.PTC, ["4-4-7", "8+1"], Options()),
    (Procedure.LLMC, ["4-5-7:british"], Options(drm=1)),
    (Procedure.LLTC, ["1-2-8"], Options(drm=2)),
    (Procedure.PANJI, ["4-4-8"], Options()),
    (Procedure.PANJI_STACK, ["4-4-7", "9-1"], Options()),
    (Procedure.AERIAL_PANJI, ["4-4-8", "1-2-7"], Options()),
    (Procedure.SNIPER, ["9-1"], Options()),
    (Procedure.TH_HERO, ["4-4-7:dc"], Options(gives_dc=True)),
    (Procedure.ATMM, ["t-h-hero"], Options(pre_1944=True)),
    (Procedure.HARA_KIRI, ["3-3-6"], Options()),
    (Procedure.HARA_KIRI, ["4-4-7", "10-0"], Options()),
]


@pytest.mark.parametrize(("proc", "specs", "opts"), CASES, ids=lambda x: str(x)[:20])
def test_every_procedure_sums_to_one_and_each_enumerated_roll_lands(
    proc: Procedure, specs: list[str], opts: Options
) -> None:
    units = [describe(s, id=f"U{i}") for i, s in enumerate(specs)]
    d = odds(proc, units, opts)
    assert d.total() == 1
    picks = [1, 2] if proc == Procedure.PANJI_STACK else []
    for w, c in ALL_DR:
        for pick in picks or [0]:
            for follow in range(1, 7):
                rolls = ([pick] if pick else []) + [w, c] + [follow] * 8
                if proc in (Procedure.SNIPER, Procedure.TH_HERO, Procedure.ATMM):
                    rolls = [w] + [follow] * 8
                r = resolve(proc, units, GivenDice(rolls), opts)
                assert d[r] > 0, (w, c, follow, r)


@settings(deadline=None, max_examples=40)
@given(st.sampled_from(CASES), st.lists(st.integers(1, 6), min_size=10, max_size=10))
def test_hypothesis_any_rolls_land_on_an_outcome(
    case: tuple[Procedure, list[str], Options], rolls: list[int]
) -> None:
    proc, specs, opts = case
    units = [describe(s, id=f"U{i}") for i, s in enumerate(specs)]
    d = odds(proc, units, opts)
    assert d.total() == 1
    given_rolls = (
        [min(rolls[0], len(units)), *rolls[1:]] if proc == Procedure.PANJI_STACK else rolls
    )
    assert d[resolve(proc, units, GivenDice(given_rolls), opts)] > 0


def test_class_names_the_face_standing_for_it_counter_any_other(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # catalog.toml: '5-4-6 2sq' stands for the U.S. 2nd-line (no 5-5-6 is printed); its
    # Replacement is the '5-3-6 Gsq' of the same line, the 4-4-7's the '3-3-6 Gsq'.
    p = run_json(
        capsys, "nmc", "--nationality", "american", "--class", "2nd-line", "--kind", "squad"
    )
    faces = {u["counter"] for o in p["outcomes"] for u in o["result"]}
    assert faces == {"5-4-6", "5-3-6", "2-2-6", "6-6-6", "1-4-9"}  # 1-4-9: a hero
    p = run_json(capsys, "nmc", "--nationality", "american", "--counter", "4-4-7")
    faces = {u["counter"] for o in p["outcomes"] for u in o["result"]}
    assert faces == {"4-4-7", "3-3-6", "1-2-6", "6-6-6", "1-4-9"}
    assert (
        main(["odds", "nmc", "--nationality", "usmc", "--class", "elite", "--kind", "squad"]) == 2
    )
    assert "give the counter (7-6-8, 6-6-8, 5-5-8 and 4-5-8)" in capsys.readouterr().err


def test_g1_1_broken_japanese_squad_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """G1.1: a Japanese squad has no broken side; --broken beside --unit is honoured, so it is
    refused for a squad, in one line."""
    from aslpto.cli import main

    for argv in (
        ["odds", "nmc", "--unit", "4-4-8", "--broken"],
        ["odds", "nmc", "--counter", "4-4-8", "--broken"],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "no broken side (G1.1" in err and err.count("\n") == 1


def test_unit_options_apply_to_each_unit(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from aslpto.cli import main

    assert main(["odds", "nmc", "--unit", "2-3-8", "--broken", "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["units"]
    assert units[0]["broken"] is True


def test_rolls_and_odds_share_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from aslpto.cli import main

    assert main(["odds", "mc", "--unit", "4-4-8", "--rolls", "3,3", "--json"]) == 0
    rolled = json.loads(capsys.readouterr().out)
    assert main(["odds", "mc", "--unit", "4-4-8", "--json"]) == 0
    exact = json.loads(capsys.readouterr().out)
    assert rolled["outcomes"][0]["probability"] == "1/1"
    # a roll that reads no unchecked value (a 6 passes: A10.1 is checked) has no "unchecked" key
    assert set(exact) - {"unchecked"} <= set(rolled)


@settings(deadline=None, max_examples=25)
@given(
    st.lists(st.sampled_from(["4-4-7", "2-3-8", "4-4-8"]), min_size=1, max_size=3),
    st.booleans(),
    st.integers(0, 3),
)
def test_g1_421_th_hero_odds_of_a_stack_bound_per_mmc_equal_every_roll(
    faces: list[str], leader: bool, mf: int
) -> None:
    # each MMC attempts with its own dr: the attempts bound one after another give every
    # roll's outcome, with the same odds
    context = [describe("9-1", id="L")] if leader else []
    _bound_equals_every_roll(Procedure.TH_HERO, faces, Options(mf_expended=mf), context)


def _bound_equals_every_roll(
    p: Procedure, faces: list[str], o: Options, context: list[Unit]
) -> None:
    from aslpto.state.dice import odds as every_roll

    units = [describe(f, id=f"U{i}") for i, f in enumerate(faces)]
    bound = odds(p, units, o, context)
    full = every_roll(lambda d: resolve(p, units, d, o, context))
    assert bound.total() == 1 and dict(bound.items) == dict(full.items)


def test_g1_421_th_hero_odds_of_eight_squads_and_beyond(capsys: pytest.CaptureFixture[str]) -> None:
    eight = [a for _ in range(8) for a in ("--unit", "4-4-8")]
    assert main(["odds", "th-hero", *eight]) == 0
    assert capsys.readouterr().out.count("\n") > 6000
    twelve = [a for _ in range(12) for a in ("--unit", "4-4-8")]
    assert main(["odds", "th-hero", *twelve]) == 2
    assert capsys.readouterr().err == (
        "aslpto: th-hero: the attempts of these 12 MMC have 531,441 joint outcomes (more than "
        "10,000 to list); each MMC's attempt is its own dr (G1.421): ask for fewer at a time\n"
    )


@settings(deadline=None, max_examples=20)
@given(
    st.lists(st.sampled_from(["4-4-7", "2-3-8", "9-1", "hero"]), min_size=2, max_size=3),
    st.sampled_from([[], ["9-1"], ["8-0", "4-4-7"]]),
)
def test_g1_641_hara_kiri_odds_of_a_location_equal_every_roll_with_units_present(
    faces: list[str], present: list[str]
) -> None:
    # the units present that make no attempt stay in every outcome, as in the roll
    context = [describe(f, id=f"C{i}") for i, f in enumerate(present)]
    _bound_equals_every_roll(Procedure.HARA_KIRI, faces, PLAIN, context)


def test_g1_641_hara_kiri_odds_of_too_many_refused(capsys: pytest.CaptureFixture[str]) -> None:
    many = [a for _ in range(14) for a in ("--unit", "4-4-7")]
    assert main(["odds", "hara-kiri", *many]) == 2
    assert capsys.readouterr().err == (
        "aslpto: hara-kiri: the attempts of these 14 units have up to 16,384 joint outcomes "
        "(more than 10,000 to list); ask for fewer at a time (G1.641)\n"
    )
