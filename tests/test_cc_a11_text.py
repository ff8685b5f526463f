"""Close Combat as the chapter A text reads past A11.12 (A11.141, A11.2, A11.4, A11.41): the
Ambush DRM both ways, concealment lost by the side Ambushed, Ambush Withdrawal, and the units
that may not withdraw. The EX are those of A11's Close Combat comprehensive example."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.rules.cc.attack import build
from aslpto.rules.cc.resolution import CCOptions, cc_odds, prepare, resolve_cc
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, odds
from aslpto.state.units import Kind, Unit
from cchelp import jsq, plain, us


def de(uid: str, face: str, kind: Kind = Kind.HALF_SQUAD, **kw: Any) -> Unit:
    return make(uid, "german", kind, face=face, **kw)


def ru(uid: str, face: str, kind: Kind = Kind.SQUAD, **kw: Any) -> Unit:
    return make(uid, "russian", kind, face=face, **kw)


def test_a11_4_ex_the_2_4_7_ambushes_at_minus_one_and_the_4_4_7_attacks_back_at_plus_one() -> None:
    # the concealed 2-4-7 Ambushes the concealed 4-4-7, which loses its concealment: the 2-4-7
    # attacks at 1:2 with -1; not eliminating it, the 2-4-7 loses its "?" and the 4-4-7
    # attacks back at 2:1 with +1 for Ambush
    cc = prepare(
        [de("G1", "2-4-7", concealed=True)],
        [ru("R1", "4-4-7", concealed=True)],
        CCOptions(ambush="attacker"),
    )
    assert not cc.defender_side[0].concealed
    first = cc.attacks[0]
    assert first is not None and first.column.label == "1-2" and first.drm == -1
    r = resolve_cc(cc, GivenDice("6,6 5,5"))  # 12: no effect; back: 2:1 (black 7), 10 + 1
    assert r.eliminated == () and not any(u.concealed for u in r.units)
    assert "A11.4" in r.rules and "A11.32" in r.rules
    d = cc_odds(cc)
    assert d.total() == 1
    assert dict(d.map(plain).items) == dict(odds(lambda x: plain(resolve_cc(cc, x))).items)


def test_a11_4_the_side_that_ambushed_is_attacked_back_at_plus_one_at_its_revealed_fp() -> None:
    cc = prepare(
        [de("G1", "2-4-7", concealed=True)], [ru("R1", "4-4-7")], CCOptions(ambush="attacker")
    )
    # the 4-4-7 survives a DR of 12; its attack back reads 2:1 (4 to 2, not halved) at +1:
    # its DR 5 + 1 = 6 < 7 eliminates the 2-4-7
    r = resolve_cc(cc, GivenDice("6,6 2,3"))
    assert r.eliminated == ("G1",)


def test_a11_4_ex_the_3_3_8_ambushes_a_broken_2_2_7_at_3_2_with_minus_three() -> None:
    a = build([de("G1", "3-3-8")], [ru("R1", "2-2-7", Kind.HALF_SQUAD, broken=True)], ambushes=True)
    assert a.column.label == "3-2" and a.drm_of("R1") == -3


def test_a11_4_the_side_ambushed_loses_all_its_concealment() -> None:
    cc = prepare(
        [us("A1")],
        [jsq("J1", concealed=True), jsq("J2", hidden=True)],
        CCOptions(ambush="attacker"),
    )
    assert not any(u.concealed or u.hidden for u in cc.defender_side)
    a = cc.attacks[0]
    assert a is not None and a.attack_fp == 6  # not halved (A11.19)
    plain_cc = prepare([us("A1")], [jsq("J1", concealed=True)])
    assert plain_cc.defender_side[0].concealed


def test_a11_141_a_leader_does_not_direct_an_attack_made_with_a_berserk_unit() -> None:
    leader = make("L", "american", Kind.LEADER, face="9-1")
    assert build([us("A1"), leader], [jsq("J1")]).drm == -1
    assert build([us("A1", berserk=True), leader], [jsq("J1")]).drm == 0


def test_a11_41_an_ambushing_unit_withdraws_before_the_cc_neither_attacking_nor_attacked() -> None:
    cc = prepare(
        [us("A1"), us("A2")], [jsq("J1")], CCOptions(ambush="attacker", withdrawing=("A2",))
    )
    assert [u.id for u in cc.attacker_side] == ["A1"]
    atk, dfn = cc.side_attacks
    assert [u.id for u in atk[0].attackers] == ["A1"]
    r = resolve_cc(cc, GivenDice("6,6 6,6"))
    assert r.withdrawn == ("A2",) and {u.id for u in r.units} == {"A1", "A2", "J1"}
    assert "A11.41" in r.rules
    # the Japanese squad's attack back is on A1 alone, with no Withdrawal DRM (A11.2's EXC)
    assert [u.id for u in dfn[0].defenders] == ["A1"] and dfn[0].drm_of("A1") == 1
    d = cc_odds(cc)
    assert d.total() == 1 and all("A2" in x.withdrawn for x, _ in d)
    # the whole side withdrawing: no CC at all
    gone = prepare([us("A1")], [jsq("J1")], CCOptions(ambush="attacker", withdrawing=("A1",)))
    out = resolve_cc(gone, GivenDice(""))
    assert out.withdrawn == ("A1",) and not out.melee and out.eliminated == ()


def test_a11_2_a_pinned_or_berserk_unit_may_not_withdraw_a11_41() -> None:
    kws: list[dict[str, Any]] = [{"pinned": True}, {"berserk": True}]
    for kw in kws:
        with pytest.raises(RuleViolation, match=r"A11\.2: J1 is (pinned|berserk)"):
            prepare([us("A1")], [jsq("J1", **kw)], CCOptions(melee=True, withdrawing=("J1",)))
        with pytest.raises(RuleViolation, match=r"A11\.41: A1 is (pinned|berserk)"):
            prepare(
                [us("A1", **kw)], [jsq("J1")], CCOptions(ambush="attacker", withdrawing=("A1",))
            )


def test_a11_41_an_ambushing_unit_may_withdraw_once_every_attack_is_resolved() -> None:
    cc = prepare([us("A1")], [jsq("J1")], CCOptions(ambush="attacker", withdraw_after=("A1",)))
    r = resolve_cc(cc, GivenDice("6,6 6,6"))  # neither attack does anything: no Melee
    assert r.withdrawn == ("A1",) and not r.melee
    # J1's attack back: 4 to 6, 1-2 (black 4), DR 3 + 1 (vs Ambush) = 4: a Partial Kill
    reduced = resolve_cc(cc, GivenDice("6,6 1,2"))
    assert reduced.withdrawn == ("A1",) and not reduced.melee
    assert [u.kind.value for u in reduced.units] == ["half-squad", "squad"]
    with pytest.raises(RuleViolation, match=r"A11\.41"):
        prepare([us("A1")], [jsq("J1")], CCOptions(ambush="defender", withdraw_after=("A1",)))
    with pytest.raises(RuleViolation, match=r"A11\.41"):
        prepare([us("A1")], [jsq("J1")], CCOptions(melee=True, withdraw_after=("A1",)))
