"""Capture in CC (A20.22, A20.2) and the Hara-Kiri that comes before a Capture attempt on
Japanese Personnel (G1.641): +1 to the attempt (-1 against Inexperienced Personnel), Final DR <
Kill Number captures every unit attacked, = one of the defender's choice (a HS of a squad); a
Japanese unit may first eliminate itself, and one that fails makes no CC attack and is captured
at -1 more."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import cchelp
from aslpto.base import unchecked
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.rules.cc.resolution import (
    CCOptions,
    Declared,
    cc_odds,
    prepare,
    resolve_attack,
    resolve_cc,
)
from aslpto.rules.japanese import cc as g1
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, odds
from aslpto.state.units import Kind, Strength, Unit, UnitClass
from cchelp import ROOT, plain, us


def jsq(uid: str, **kw: Any) -> Unit:
    """A Japanese 1st-Line squad (4-4-7)."""
    return cchelp.jsq(uid, cls=UnitClass.FIRST_LINE, **kw)


def test_a20_22_ex_a_capture_attempt_on_two_4_2_6_and_a_4_4_7() -> None:
    # The EX: a German squad attacks two Russian 4-2-6 squads and a 4-4-7 at 8-12 (1-2, black
    # Kill Number 4) as a Capture attempt; Original DR 3. The 4-2-6 are Inexperienced: 3 - 1 = 2
    # < 4, both captured; the 4-4-7: 3 + 1 = 4, one HS captured and the other stays.
    german = make("G", "german", Kind.SQUAD, face="8-3-8")
    r1, r2 = (make(u, "russian", Kind.SQUAD, face="4-2-6") for u in ("R1", "R2"))
    r3 = make("R3", "russian", Kind.SQUAD, face="4-4-7")
    cc = prepare([german], [r1, r2, r3], CCOptions(capture="attacker"))
    atk = cc.attacks[0]
    assert atk is not None and atk.capture and atk.column.label == "1-2" and atk.kill == 4
    assert [atk.drm_of(u) for u in ("R1", "R2", "R3")] == [-1, -1, 1]
    r = resolve_attack(atk, atk.defenders, GivenDice("1,2"))
    assert [u.id for u in r.captured] == ["R1", "R2", "R3-hs"]
    assert [u.counter for u in r.captured] == ["4-2-6", "4-2-6", "2-3-7"]
    assert [(u.id, u.counter) for u in r.units] == [("R3", "2-3-7")] and r.eliminated == ()
    assert "A20.22" in r.rules


def test_a20_22_a_capture_below_the_kill_number_takes_every_unit_equal_one_of_them() -> None:
    cc = prepare([us("A1")], [jsq("J1"), jsq("J2")], CCOptions(capture="attacker", hara_kiri=False))
    atk = cc.attacks[0]
    assert atk is not None and atk.kill == 4  # 6 to 8: 1-2
    d = cc_odds(cc)
    assert d.total() == 1
    # Final DR = DR + 1 < 4: DR 2 only
    assert d.probability(lambda r: {u.id for u in r.captured} == {"J1", "J2"}) == Fraction(1, 36)
    # = 4: DR 3, the first listed loses a HS (the defender's choice)
    assert d.probability(lambda r: [u.id for u in r.captured] == ["J1-hs"]) == Fraction(2, 36)
    assert all(not r.eliminated or "A1" in r.eliminated for r, _ in d)


def test_a20_2_a_berserk_unit_neither_takes_prisoners_nor_is_captured() -> None:
    with pytest.raises(RuleViolation, match=r"A20\.22: A1 is berserk"):
        prepare([us("A1", berserk=True)], [jsq("J1")], CCOptions(capture="attacker"))
    with pytest.raises(RuleViolation, match=r"A20\.2: J1 is berserk"):
        prepare([us("A1")], [jsq("J1", berserk=True)], CCOptions(capture="attacker"))
    with pytest.raises(InputError, match="capture 'all'"):
        prepare([us("A1")], [jsq("J1")], CCOptions(capture="all"))


# --- G1.641 Hara-Kiri first ------------------------------------------------------------------


def test_g1_641_hara_kiri_comes_before_a_capture_attempt_on_japanese_personnel() -> None:
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(capture="attacker"))
    assert [u.id for u in cc.hara_kiri] == ["J1"] and "G1.641" in cc.rules
    d = cc_odds(cc)
    assert d.total() == 1
    # a 4-4-7 (ML 7) eliminates itself on DR <= 7 (G1.641's NTC): 21 of 36
    hk = Fraction(21, 36)
    assert d.probability(lambda r: r.eliminated == ("J1",) and not r.captured) >= hk
    # one that fails makes no CC attack: A1 is never harmed
    assert d.probability(lambda r: "A1" in r.eliminated) == 0
    # and is captured at +1 -1: 6 to 4, 3-2 black 6; Final DR = DR < 6: 10 of 36
    assert d.probability(lambda r: [u.id for u in r.captured] == ["J1"]) == (1 - hk) * Fraction(
        10, 36
    )


def test_g1_641_a_failed_hara_kiri_bars_the_attack_and_adds_minus_one() -> None:
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(capture="attacker"))
    r = resolve_cc(cc, GivenDice("6,6 4,4"))  # NTC 12 fails; capture DR 8 - 1 + 1 = 8 > 6
    assert "J1: failed Hara-Kiri NTC: no CC attack this phase; Capture attempt -1 DRM" in r.events
    assert [u.id for u in r.units] == ["A1", "J1"] and r.melee
    r = resolve_cc(cc, GivenDice("1,1"))
    assert r.eliminated == ("J1",) and [u.id for u in r.units] == ["A1"] and not r.melee


def test_g1_641_the_odds_with_hara_kiri_equal_every_roll() -> None:
    ldr = make("L", "japanese", Kind.LEADER, face="9-1")
    cc = prepare([us("A1"), us("A2")], [jsq("J1"), ldr], CCOptions(capture="attacker"))
    assert {u.id for u in cc.hara_kiri} == {"J1", "L"}
    exact = cc_odds(cc).map(plain)
    assert exact.total() == 1
    walked = odds(lambda dice: plain(resolve_cc(cc, dice)))
    assert dict(exact.items) == dict(walked.items)


def test_g1_641_declined_no_hara_kiri() -> None:
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(capture="attacker", hara_kiri=False))
    assert cc.hara_kiri == ()


def test_g1_641_no_hara_kiri_once_its_attack_is_made_a11_3_a11_4() -> None:
    """G1.641: not once the unit has made its CC attack. The ATTACKER resolves its attacks
    first (A11.3), the side that Ambushed before the other (A11.4): their attacking Japanese
    units have attacked before the other side's Capture attempt; one making no attack (here
    J2, left out of the declared attacks) still may, as may a Japanese DEFENDER that declared
    an attack, which it has not made yet."""
    cc = prepare([jsq("J1")], [us("A1")], CCOptions(capture="defender"))
    assert cc.hara_kiri == ()
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(capture="attacker", ambush="defender"))
    assert cc.hara_kiri == ()
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(capture="attacker"))
    assert [u.id for u in cc.hara_kiri] == ["J1"]
    both = CCOptions(capture="defender", attacks=(Declared(("J1",), ("A1",)),))
    cc = prepare([jsq("J1"), jsq("J2")], [us("A1")], both)
    assert [u.id for u in cc.hara_kiri] == ["J2"]


def test_g1_641_capture_choice_is_unchecked() -> None:
    unchecked.begin()
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(capture="attacker", hara_kiri=False))
    cc_odds(cc)
    assert any("capture.choice" in t for t in unchecked.taken())


def test_a20_22_cli_cc_capture_with_hara_kiri(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (ROOT / "examples" / "paddy-river.toml").read_text()
    p = tmp_path / "capture.toml"
    p.write_text(text.replace('hex = "32M9"', 'hex = "32N6"', 1))
    assert main(["cc", str(p), "32N6", "--capture", "attacker", "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert out["cc"]["capture"] == "attacker" and out["cc"]["hara_kiri"] == ["J3"]
    assert out["cc"]["attacks"]["attacker"]["capture"]
    assert sum((Fraction(o["probability"]) for o in out["outcomes"]), Fraction(0)) == 1
    assert any(o.get("captured") for o in out["outcomes"])
    assert {"A20.22", "G1.641"} <= set(out["rules"])
    assert main(["cc", str(p), "32N6", "--capture", "attacker", "--no-hara-kiri"]) == 0
    got = capsys.readouterr().out
    assert "Hara-Kiri first" not in got and "(Capture attempt)" in got
    hk = g1.odds_hara_kiri(
        make("J", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED)
    )
    assert hk.total() == 1
