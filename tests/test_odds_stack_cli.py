"""``aslpto odds`` on a stack (A10.2, G9.43): listed jointly while that is small, summarized
exactly beyond (or with ``--summary``), and ``--detail`` refused in one line where its histories
are too many to enumerate."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter, defaultdict
from fractions import Fraction
from typing import Any

import pytest

from aslpto.cli import command_parser, main
from aslpto.cli.odds import (
    Procedure,
    _options,
    _units_from_args,
    describe,
    stack_odds,
)
from aslpto.procedures.odds import DETAIL_LIMIT, STACK_LIMIT, result_json
from aslpto.rules.morale import Check, odds_location, odds_panji_stack
from aslpto.rules.morale.stack import stack_odds_location, stack_odds_panji
from aslpto.state.counters import make
from aslpto.state.units import Kind, Strength, UnitClass

THREE = ["--unit", "4-4-8", "--unit", "4-4-8", "--unit", "4-4-8", "--leader", "9-1"]
TEN = [w for _ in range(10) for w in ("--unit", "4-4-8")] + ["--leader", "9-1"]
ELEVEN = [w for _ in range(11) for w in ("--unit", "4-4-8")] + ["--leader", "9-1"]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["odds", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def _p(o: dict[str, Any]) -> Fraction:
    return Fraction(o["probability"])


def _key(units: list[dict[str, Any]], eliminated: int) -> tuple[object, ...]:
    pieces = sorted(
        json.dumps({k: v for k, v in u.items() if k != "id"}, sort_keys=True) for u in units
    )
    return (tuple(pieces), eliminated)


def _of(uid: str, x: str) -> bool:
    return x == uid or (x.startswith(uid) and not x[len(uid)].isdigit())


def _standing(pieces: list[dict[str, Any]]) -> str:
    if not pieces:
        return "eliminated"
    return "broken" if all(u["broken"] for u in pieces) else "good_order"


def _sums() -> defaultdict[Any, Fraction]:
    """Probabilities summed by what they lead to."""
    return defaultdict(Fraction)


def _marginals(
    joint: dict[str, Any], ids: list[str], fixed: list[str]
) -> dict[str, defaultdict[Any, Fraction]]:
    """The marginals the summary gives, read off the joint listing."""
    out: dict[str, defaultdict[Any, Fraction]] = {"fixed": _sums(), "each": _sums()}
    n = len(ids)
    for o in joint["outcomes"]:
        p = _p(o)
        gone = o.get("eliminated", [])
        left = [u for u in o["result"] if u["id"] in fixed]
        out["fixed"][(json.dumps(left, sort_keys=True), tuple(x for x in gone if x in fixed))] += p
        per: Counter[Any] = Counter()
        for uid in ids:
            pieces = [u for u in o["result"] if _of(uid, u["id"])]
            e = _key(pieces, sum(1 for x in gone if _of(uid, x)))
            per[e] += 1
            out["each"][e] += p / n
        for e, k in per.items():
            out.setdefault(repr(e), _sums())[k] += p
        standings = Counter(
            _standing([u for u in o["result"] if _of(uid, u["id"])]) for uid in [*ids, *fixed]
        )
        for s in ("eliminated", "broken", "good_order"):
            out.setdefault(s, _sums())[standings[s]] += p
    return out


@pytest.mark.parametrize(
    "argv",
    [
        ["mc", "2", *THREE],  # A10.2, G1.12: leader first, then each squad
        ["nmc", "--unit", "4-4-8", "--unit", "3-4-7:1st-line", "--leader", "9-1"],  # G1.13
        ["panji-stack", *THREE],  # G9.43: one selected, the others a PTC
    ],
    ids=["a10_2_2mc", "a10_2_nmc_two_groups", "g9_43_panji_stack"],
)
def test_a10_2_g9_43_summary_equals_the_joint_marginals(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    joint = run_json(capsys, *argv)
    summary = run_json(capsys, *argv, "--summary")
    assert "outcomes" not in summary and "summary" not in joint
    sm = summary["summary"]
    assert sm["joint_outcomes"] >= len(joint["outcomes"])
    fixed = sm["fixed"]["ids"]
    assert fixed == ["L"]
    grouped = [uid for g in sm["groups"] for uid in g["ids"]]
    for g in sm["groups"]:
        ids = g["ids"]
        m = _marginals(joint, ids, fixed)
        each = {
            _key(o["result"], o.get("eliminated_pieces", 0)): _p(o) for o in g["each"]["outcomes"]
        }
        assert sum(each.values()) == 1
        assert each == {k: v for k, v in m["each"].items() if v}
        for h in g["how_many"]:
            e = _key(h["result"], h.get("eliminated_pieces", 0))
            counts = {o["count"]: _p(o) for o in h["outcomes"]}
            assert sum(counts.values()) == 1
            want = m.get(repr(e), _sums())
            want[0] += 1 - sum(want.values())  # the outcomes where none ends so
            assert counts == {k: v for k, v in want.items() if v}
            assert h["rules"]
    fm = _marginals(joint, grouped, fixed)
    leaders = _sums()
    for o in sm["fixed"]["outcomes"]:
        key = (json.dumps(o["result"], sort_keys=True), tuple(o.get("eliminated", [])))
        leaders[key] += _p(o)
        assert o["rules"]
    assert sum(leaders.values()) == 1
    assert leaders == fm["fixed"]
    for s, t in sm["totals"].items():
        assert t["ids"] == [u["id"] for u in summary["units"]]
        counts = {o["count"]: _p(o) for o in t["outcomes"]}
        assert sum(counts.values()) == 1
        assert counts == {k: v for k, v in fm[s].items() if v}


def test_a10_2_cli_answers_2mc_on_ten_squads_with_a_leader(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Over 10,000 joint outcomes: the summary, exact, instead of a refusal."""
    p = run_json(capsys, "mc", "2", *TEN)
    sm = p["summary"]
    assert sm["joint_outcomes"] == 2_001_362 > STACK_LIMIT  # (a leader who becomes heroic, A15.21)
    (g,) = sm["groups"]
    assert g["ids"] == [f"U{i}" for i in range(1, 11)]
    assert g["unit"]["counter"] == "4-4-8"
    assert sum(_p(o) for o in g["each"]["outcomes"]) == 1
    for h in g["how_many"]:
        assert sum(_p(o) for o in h["outcomes"]) == 1
        assert all(0 <= o["count"] <= 10 for o in h["outcomes"])
    assert sum(_p(o) for o in sm["fixed"]["outcomes"]) == 1
    assert set(sm["totals"]) == {"eliminated", "broken", "good_order"}
    for t in sm["totals"].values():
        assert sum(_p(o) for o in t["outcomes"]) == 1
    assert "A10.2" in p["rules"] and "G1.12" in p["rules"]
    assert main(["odds", "mc", "2", *TEN]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0] == (
        "11 units, 2,001,362 joint outcomes (more than 10,000 to list; summarized instead): "
        "once the leaders have checked, each unit's checks are independent of the others' "
        "(A10.2)"
    )
    assert text[1] == "L (9-1 leader):"
    assert "each of U1-U10 (4-4-8 elite):" in text
    assert any(t.startswith("how many of the 11 units end in Good Order  (") for t in text)


def test_g9_43_cli_answers_panji_mc_on_twelve_units(capsys: pytest.CaptureFixture[str]) -> None:
    """A Panji MC on twelve units lists every outcome (80), exact."""
    p = run_json(capsys, "panji-stack", *ELEVEN)
    assert len(p["outcomes"]) == 80
    assert sum(_p(o) for o in p["outcomes"]) == 1
    assert p["rules"][0] == "G9.43"
    s = run_json(capsys, "panji-stack", *ELEVEN, "--summary")
    assert sum(_p(o) for o in s["summary"]["groups"][0]["each"]["outcomes"]) == 1


def test_a10_2_detail_beyond_what_can_be_enumerated_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "mc", "2", *THREE, "--detail"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "aslpto: --detail: these 4 units' checks have 37,263 histories (more than 5,000 to "
        "enumerate); leave out --detail for the odds of each end state, or use --summary for "
        "each unit's\n"
    )
    assert main(["odds", "mc", "2", *TEN, "--detail"]) == 2
    assert "79,704,236,331,255 histories" in capsys.readouterr().err


def test_a10_2_detail_within_the_limit_lists_every_history(
    capsys: pytest.CaptureFixture[str],
) -> None:
    p = run_json(capsys, "mc", "2", "--unit", "4-4-8", "--leader", "9-1", "--detail")
    assert len(p["outcomes"]) == 135 <= DETAIL_LIMIT
    assert all(o["events"] is not None for o in p["outcomes"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["sniper", "--unit", "4-4-8", "--summary"],
            "aslpto: --summary sums up a stack's checks (mc, nmc, ptc, llmc, lltc, panji, "
            "panji-stack), not sniper: its outcomes are listed\n",
        ),
        (
            ["mc", "2", *THREE, "--summary", "--detail"],
            "aslpto: --detail lists every history, --summary sums them up: give one\n",
        ),
        (
            ["mc", "2", *THREE, "--summary", "--rolls", "3,3 3,3 3,3 3,3"],
            "aslpto: --summary sums up the odds; --rolls and --seed roll once\n",
        ),
    ],
)
def test_summary_refused_where_it_means_nothing(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["odds", *argv]) == 2
    assert capsys.readouterr().err == message


def test_a10_2_g9_43_histories_count_the_full_enumeration() -> None:
    """``StackOdds.histories`` (what ``--detail`` checks) is the number of outcomes the full
    enumeration (rules.morale.procedures) lists."""
    sq = [describe("4-4-8", id=f"U{i}") for i in range(3)]
    leader = describe("9-1", id="L")
    units = [sq[0], leader]
    assert stack_odds_location(units, Check.MC, drm=2).histories == len(
        odds_location(units, Check.MC, drm=2)
    )
    assert stack_odds_location(sq, Check.NMC).histories == len(odds_location(sq, Check.NMC))
    stack = [*sq, leader]
    assert stack_odds_panji(stack).histories == len(odds_panji_stack(stack))


def test_g9_43_summary_without_a_leader_lists_no_leaders(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "panji-stack", "--unit", "4-4-8", "--unit", "4-4-8", "--summary"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[:2] == [
        "2 units, 32 joint outcomes (summarized as asked): once the leaders have checked, each "
        "unit's checks are independent of the others' (G9.43)",
        "each of U1, U2 (4-4-8 elite):",
    ]
    assert "how many of U1, U2 end as 4-4-8 elite  (G9.31, A10.1, A7.305):" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["mc", "2", "--unit", "4-4-8"],  # A10.1, G1.12
        ["nmc", "--unit", "3-4-7:1st-line", "--leader-present", "9-1"],  # G1.13, A10.7
        ["ptc", "--unit", "4-4-7:american"],  # A10.3
        ["panji", "--unit", "2-3-8:broken"],  # G9.31
        ["panji-stack", "--unit", "4-4-8", "--routing"],  # G9.43
    ],
    ids=["a10_1_2mc", "g1_13_nmc_leader_present", "a10_3_ptc", "g9_31_panji", "g9_43_one"],
)
def test_a10_2_a_single_unit_is_listed_from_its_own_walk_with_the_stack_odds(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """One unit has no leader to roll first: its outcomes are listed from its own walk, with
    the odds the stack procedures give it."""
    listed = run_json(capsys, *argv)
    got = {
        json.dumps({k: v for k, v in o.items() if k != "probability"}, sort_keys=True): _p(o)
        for o in listed["outcomes"]
    }
    _, parser = command_parser("odds")
    args = parser.parse_args(argv)
    units, context = _units_from_args(args)
    proc = Procedure(args.procedure)
    want = _sums()
    for r, p in stack_odds(proc, units, _options(args), context):
        want[json.dumps(result_json(r, detail=False, procedure=proc), sort_keys=True)] += p
    assert sum(got.values()) == 1
    assert got == dict(want)


def test_a10_2_a_single_unit_imports_no_stack_procedure() -> None:
    """A cold ``aslpto odds`` of one unit reads no more than it walks."""
    code = (
        "import sys; from aslpto.cli import main; "
        "main(['odds', 'panji', '--unit', '4-4-8']); "
        "print('aslpto.rules.morale.stack' in sys.modules, file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "False"


@pytest.mark.parametrize(
    "argv",
    [
        ["mc", "2", "--unit", "2-2-8:berserk"],
        ["mc", "2", "--unit", "2-2-8", "--leader", "9-1"],  # (the leader's HoB: berserk)
        ["mc", "2", "--unit", "2-2-8:berserk", "--unit", "4-4-8"],
    ],
    ids=["alone", "with_a_leader", "beside_a_squad"],
)
def test_g1_3_g1_14_a_berserk_crew_that_fails_is_casualty_reduced(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """G1.3: an infantry crew is Step-Reduced "in the same manner" as an armed, non-berserk
    squad (G1.12); a berserk one that fails a MC is Casualty Reduced as any berserk unit, which
    eliminates a crew (G1.14 EX), in the factored odds as in the walk of every history."""
    listed = run_json(capsys, *argv)
    detail = run_json(capsys, *argv, "--detail")
    assert sum(_p(o) for o in listed["outcomes"]) == 1
    by_end = _sums()
    for o in detail["outcomes"]:
        key = {k: v for k, v in o.items() if k not in ("probability", "events", "rules")}
        by_end[json.dumps(key, sort_keys=True)] += _p(o)
    ends = {
        json.dumps({k: v for k, v in o.items() if k != "probability"}, sort_keys=True): _p(o)
        for o in listed["outcomes"]
    }
    assert ends == dict(by_end)
    if argv[3] == "2-2-8:berserk":
        gone = sum(_p(o) for o in listed["outcomes"] if "U1" in o.get("eliminated", []))
        assert gone == Fraction(7, 12)  # (ML 8, +2: a Final DR of 9 or more fails)


def test_a10_2_an_error_in_a_groups_checks_names_its_unit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An error inside the checks of a group of identical units names the first of them, not
    the placeholder the group is worked out under."""
    from aslpto.base.rulings import RuleViolation
    from aslpto.rules.morale import stack

    def refuse(unit: Any, *args: Any, **kwargs: Any) -> Any:
        raise RuleViolation("A10.1", f"{unit.id} cannot take this check")

    monkeypatch.setattr(stack, "apply_roll", refuse)
    units = [make(f"U{i}", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL) for i in (1, 2)]
    with pytest.raises(RuleViolation, match=r"^A10\.1: U1 cannot take this check$"):
        stack_odds_location(units, Check.MC, drm=0)


def _by_end(listing: dict[str, Any]) -> defaultdict[Any, Fraction]:
    """Each outcome by the units left and those eliminated, with their ids, in no order."""
    out = _sums()
    for o in listing["outcomes"]:
        end = {
            "result": sorted(json.dumps(u, sort_keys=True) for u in o["result"]),
            "eliminated": sorted(o.get("eliminated", [])),
        }
        out[json.dumps(end, sort_keys=True)] += _p(o)
    return out


@pytest.mark.parametrize(
    "argv",
    [
        ["nmc", "--unit", "2-3-8:broken", "--unit", "2-3-8", "--leader", "10-0"],
        [
            "mc",
            "0",
            "--unit",
            "4-4-8:berserk",
            "--unit",
            "4-4-8",
            "--leader",
            "10-0",
            "--drm",
            "-2",
        ],
        ["mc", "2", "--unit", "4-4-8:pinned", "--unit", "4-4-8:berserk", "--leader", "8-0"],
        [
            "nmc",
            "--unit",
            "2-2-8",
            "--unit",
            "2-2-8:berserk",
            "--unit",
            "4-4-7:american",
            "--leader",
            "10-0",
        ],
    ],
    ids=["broken_and_unbroken_hs", "berserk_and_not", "pinned_and_berserk", "crews"],
)
def test_a10_2_a15_units_that_become_alike_keep_their_ids(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Units that did not start identical are not interchangeable, even once the leader's
    Heat of Battle (A15.1) has made them alike (berserk, A15.4): each keeps its odds by id, as
    in the walk of every history."""
    assert _by_end(run_json(capsys, *argv)) == _by_end(run_json(capsys, *argv, "--detail"))
