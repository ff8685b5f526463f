"""A19.2, A19.3: a Green MMC stacked with an unbroken leader is not Inexperienced; a Conscript or
Unarmed unit always is; crews and SMC never are Green or Conscript. Where the stack is known:
Cowering (A19.33), the Capture attempt (A19.35), the Hara-Kiri NTC (G1.641), Ambush (A19.36)."""

from __future__ import annotations

from aslpto.rules.cc.ambush import lax
from aslpto.rules.cc.special import capture_items
from aslpto.rules.fire.cowering import cowering
from aslpto.rules.japanese.cc import hara_kiri_drm
from aslpto.rules.morale.results import inexperienced
from aslpto.state.counters import make
from aslpto.state.units import Kind, Unit, UnitClass

GREEN = make("G", "british", Kind.SQUAD, face="4-3-6", hex="37A1")
CONSCRIPT = make("C", "russian", Kind.SQUAD, face="4-2-6", hex="37A1")
LEADER = make("L", "british", Kind.LEADER, face="8-0", hex="37A1")


def test_a19_3_a_green_mmc_with_an_unbroken_leader_is_not_inexperienced() -> None:
    assert inexperienced(GREEN)
    assert not inexperienced(GREEN, [GREEN, LEADER])
    assert not inexperienced(GREEN, [LEADER.with_(pinned=True)])  # unbroken is enough
    assert inexperienced(GREEN, [LEADER.with_(broken=True)])
    assert inexperienced(GREEN, [LEADER.with_(hex="37A2")])  # not stacked with it
    assert inexperienced(GREEN, [LEADER.with_(side="german")])


def test_a19_3_conscripts_and_unarmed_units_are_always_inexperienced() -> None:
    russian_leader = make("RL", "russian", Kind.LEADER, face="8-0", hex="37A1")
    assert inexperienced(CONSCRIPT, [russian_leader])
    line = make("S", "british", Kind.SQUAD, face="4-5-7", hex="37A1")
    assert not inexperienced(line)
    assert inexperienced(line.with_(unarmed=True), [LEADER])


def test_a19_2_smc_and_crews_are_never_green() -> None:
    assert not inexperienced(LEADER)
    crew = Unit("K", "british", "british", Kind.CREW, "2-2-8", UnitClass.GREEN, morale=8)
    assert not inexperienced(crew)


def test_a19_33_a_green_squad_with_a_leader_cowers_one_column_not_two() -> None:
    assert cowering([GREEN]).value == 2
    # a pinned leader does not direct (A7.53) but is unbroken: the squad is not Inexperienced
    assert cowering([GREEN, LEADER.with_(pinned=True)]).value == 1
    assert cowering([GREEN], led=False, stacked=[LEADER]).value == 1
    assert cowering([GREEN], led=False, stacked=[LEADER.with_(broken=True)]).value == 2
    russian_leader = make("RL", "russian", Kind.LEADER, face="8-0", hex="37A1", pinned=True)
    assert cowering([CONSCRIPT, russian_leader]).value == 2


def test_a19_35_capture_of_a_green_squad_with_a_leader_is_the_normal_plus_one() -> None:
    alone = capture_items([GREEN])
    assert [int(i.value) for i in alone] == [-1]
    stacked = capture_items([GREEN, LEADER])
    assert [(i.unit, int(i.value)) for i in stacked] == [("G", 1), ("L", 1)]


def test_a19_3_g1_641_hara_kiri_inexperienced_drm_only_without_a_leader() -> None:
    jp = Unit("J", "japanese", "japanese", Kind.SQUAD, "4-4-7", UnitClass.GREEN, morale=7)
    jl = make("JL", "japanese", Kind.LEADER, face="9-0")
    assert hara_kiri_drm(jp).value == -1
    assert hara_kiri_drm(jp, location=[jp, jl]).value == 0


def test_a19_36_a_green_squad_with_a_leader_is_not_lax() -> None:
    assert lax(GREEN)
    assert not lax(GREEN, [GREEN, LEADER])
