"""Melee (A11.15) and Withdrawal (A11.2): a CC that leaves both sides in the Location is a Melee;
in a Melee there is no Ambush (A11.4); a unit in a Melee may withdraw, making no attack and
attacked at -2 (+1 for each unit of its side staying); G1.64 makes no Hand-to-Hand of a
withdrawing Japanese unit."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from aslpto.base import unchecked
from aslpto.base.rulings import RuleViolation
from aslpto.cli import main
from aslpto.rules.cc.resolution import CCOptions, CCResult, cc_odds, prepare, resolve_cc
from aslpto.state.dice import GivenDice, odds
from aslpto.state.units import Unit
from cchelp import jsq, us


def end(r: CCResult) -> tuple[tuple[Unit, ...], tuple[str, ...], bool]:
    return (r.units, r.eliminated, r.melee)


def both_remain(r: CCResult, a: set[str], d: set[str]) -> bool:
    here = {u.id for u in r.units} - set(r.withdrawn)
    return bool(here & a) and bool(here & d)


# --- Melee -----------------------------------------------------------------------------------


def test_a11_15_a_cc_leaving_units_of_both_sides_is_a_melee() -> None:
    # A1 at 6 to 4 (3-2, black 6), J1 at 4 to 6 (1-2, black 4): each eliminates below its
    # Kill Number, a Partial Kill leaves a HS
    cc = prepare([us("A1")], [jsq("J1")])
    d = cc_odds(cc)
    assert d.total() == 1
    assert d.probability(lambda r: r.melee) == Fraction(26, 36) * Fraction(33, 36)
    for r, _ in d:
        assert r.melee == both_remain(r, {"A1"}, {"J1"})
        assert ("A11.15" in r.rules) == r.melee


def test_a11_15_a_melee_s_cc_is_made_as_any_other_without_ambush() -> None:
    plain, melee = (
        prepare([us("A1")], [jsq("J1")]),
        prepare([us("A1")], [jsq("J1")], CCOptions(melee=True)),
    )
    assert [a.kill if a else None for a in melee.attacks] == [
        a.kill if a else None for a in plain.attacks
    ]
    assert "A11.15" in melee.rules
    assert dict(cc_odds(melee).map(end).items) == dict(cc_odds(plain).map(end).items)
    unchecked.begin()
    with pytest.raises(RuleViolation, match=r"A11\.4: no Ambush in a Melee"):
        prepare([us("A1")], [jsq("J1")], CCOptions(melee=True, ambush="attacker"))
    assert not any("ambush_na" in t for t in unchecked.taken())


def test_g1_64_a_melee_with_a_japanese_attacker_is_hand_to_hand() -> None:
    cc = prepare([jsq("J1")], [us("A1")], CCOptions(melee=True))
    assert cc.hand_to_hand and "J2.31" in cc.rules


# --- Withdrawal ------------------------------------------------------------------------------


def test_a11_2_withdrawing_makes_no_attack_and_is_attacked_at_minus_2_plus_1_per_friend() -> None:
    cc = prepare([us("A1")], [jsq("J1"), jsq("J2")], CCOptions(melee=True, withdrawing=("J1",)))
    atk, dfn = cc.attacks
    assert atk is not None and dfn is not None
    assert atk.drm_of("J1") == -1 and atk.drm_of("J2") == 0  # -2 +1 (J2 stays)
    assert [u.id for u in dfn.attackers] == ["J2"]
    assert ("A11.2", -1) in {(i.rule, int(i.value)) for i in atk.drm_items}
    alone = prepare([us("A1")], [jsq("J1")], CCOptions(melee=True, withdrawing=("J1",)))
    a, none = alone.attacks
    assert a is not None and a.drm_of("J1") == -2 and none is None


def test_a11_2_only_a_unit_in_a_melee_withdraws_or_the_side_that_ambushed() -> None:
    with pytest.raises(RuleViolation, match=r"A11\.2: J1 may not withdraw"):
        prepare([us("A1")], [jsq("J1")], CCOptions(withdrawing=("J1",)))
    unchecked.begin()
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(ambush="defender", withdrawing=("J1",)))
    assert cc.attacks[1] is None
    assert any("withdrawal.ambush" in t for t in unchecked.taken())


def test_a11_2_a_withdrawing_unit_neither_eliminated_nor_reduced_leaves_the_melee() -> None:
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(melee=True, withdrawing=("J1",)))
    gone = resolve_cc(cc, GivenDice("6,6"))
    assert gone.withdrawn == ("J1",) and not gone.melee
    killed = resolve_cc(cc, GivenDice("2,2"))  # 6 to 4, 3-2 black 6: Final DR 4 - 2 = 2 < 6
    assert killed.eliminated == ("J1",) and killed.withdrawn == ()
    d = cc_odds(cc)
    assert d.total() == 1
    # a Partial Kill (Final DR 6: DR 8) leaves a HS in the Melee
    assert d.probability(lambda r: r.melee) == Fraction(5, 36)
    assert d.probability(lambda r: r.withdrawn == ("J1",)) == Fraction(10, 36)
    assert d.probability(lambda r: r.eliminated == ("J1",)) == Fraction(21, 36)
    assert dict(d.items) == dict(odds(lambda dice: _plain(resolve_cc(cc, dice))).items)


def _plain(r: CCResult) -> CCResult:
    from aslpto.base.records import replace

    return replace(r, events=())


def test_g1_64_a_withdrawing_japanese_attacker_makes_no_hand_to_hand() -> None:
    cc = prepare([jsq("J1")], [us("A1")], CCOptions(melee=True, withdrawing=("J1",)))
    assert not cc.hand_to_hand and "Withdrawing" in cc.hand_to_hand_why


# --- the command ------------------------------------------------------------------------------


def test_a11_15_cli_cc_melee_and_withdrawal(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    text = (root / "examples" / "paddy-river.toml").read_text()
    p = tmp_path / "melee.toml"
    p.write_text(text.replace('hex = "32M9"', 'hex = "32N6"', 1))
    assert main(["cc", str(p), "32N6", "--melee", "--withdraw", "J3", "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert out["cc"]["melee"] and out["cc"]["withdrawing"] == {"J3": 0}
    assert out["cc"]["attacks"]["defender"] is None
    total = sum((Fraction(o["probability"]) for o in out["outcomes"]), Fraction(0))
    assert total == 1 and {"A11.2", "A11.15"} <= set(out["rules"])
    assert any(o.get("withdrawn") == ["J3"] for o in out["outcomes"])
    assert main(["cc", str(p), "32N6", "--melee", "--summary"]) == 0
    text_out = capsys.readouterr().out
    assert "Melee (A11.15): " in text_out and "in Melee (A11.15): no Ambush (A11.4)" in text_out
    assert main(["cc", str(p), "32N6", "--withdraw", "J3"]) == 2
    assert capsys.readouterr().err.startswith("aslpto: A11.2: J3 may not withdraw")
