"""G1.5-G1.65: Banzai, Stealthy/Lax, ordnance, OBA, MG, DC, Daisy Chains, morale exemptions,
No Quarter, Battlefield Integrity (with the G1.622 EX arithmetic), concealment and VP."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.hexes import Layout
from aslpto.rules.japanese import capabilities as misc
from aslpto.rules.morale import Check, resolve_check
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, S, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.SECOND_LINE, UnitClass.CONSCRIPT
FULL, RED = Strength.FULL, Strength.REDUCED
LAYOUT = Layout.single("37")


def adjacent(a: str, b: str) -> bool:
    return LAYOUT.hex(b) in LAYOUT.neighbours(LAYOUT.hex(a))


def sq(id: str = "J1", cls: UnitClass = F, strength: Strength = FULL, **kw: Any) -> Unit:
    return make(id, "japanese", Kind.SQUAD, cls, strength, **kw)


def ldr(id: str = "L", face: str = "9-1", **kw: Any) -> Unit:
    return make(id, "japanese", Kind.LEADER, face=face, **kw)


# --- G1.5 / G1.6 -------------------------------------------------------------------------------


def test_g1_5_banzai_even_one_smc() -> None:
    assert misc.may_declare_banzai([ldr(hex="37DD7")], adjacent).value


def test_g1_5_leader_must_participate_with_mmc() -> None:
    assert not misc.may_declare_banzai([sq(hex="37DD7")], adjacent).value
    assert misc.may_declare_banzai([sq(hex="37DD7"), ldr(hex="37DD7")], adjacent).value


def test_g1_5_chain_of_adjacent_hexes() -> None:
    chain = [sq("A", hex="37DD7"), sq("B", hex="37EE7"), ldr(hex="37EE7")]
    assert misc.may_declare_banzai(chain, adjacent).value
    apart = [sq("A", hex="37DD7"), sq("B", hex="37GG7"), ldr(hex="37DD7")]
    assert not misc.may_declare_banzai(apart, adjacent).value


def test_g1_5_good_order_japanese_infantry_only() -> None:
    assert not misc.may_declare_banzai([sq(broken=True), ldr()], adjacent).value
    assert not misc.may_declare_banzai(
        [make("A", "american", Kind.LEADER, face="9-1")], adjacent
    ).value


def test_g1_5_exc_th_hero_charges_alone() -> None:
    h = make("T", "japanese", Kind.TH_HERO, hex="37DD7")
    assert misc.may_declare_banzai([h], adjacent, th_hero_own_charge=True).value


def test_g1_5_lax_marker() -> None:
    assert misc.banzai_marked_lax(in_or_able_to_advance_into_enemy_location=True).value
    assert not misc.banzai_marked_lax(in_or_able_to_advance_into_enemy_location=False).value


def test_g1_6_stealthy_and_lax() -> None:
    A = misc.Alertness
    assert misc.alertness(sq(cls=E)).value == A.STEALTHY
    assert misc.alertness(sq(cls=F)).value == A.STEALTHY
    assert misc.alertness(make("C", "japanese", Kind.CREW)).value == A.STEALTHY
    assert misc.alertness(sq(cls=S)).value == A.NORMAL
    assert misc.alertness(sq(cls=C)).value == A.LAX
    assert misc.alertness(sq(cls=E, broken=True)).value == A.NORMAL
    assert misc.alertness(sq(cls=E), banzai_this_player_turn=True).value == A.LAX


@pytest.mark.parametrize(
    "unit",
    [
        sq(cls=E),
        sq(cls=F),
        make("C", "japanese", Kind.CREW),
        make("V", "japanese", Kind.VEHICLE_CREW),
        sq(cls=S),
        sq(cls=C),
        sq(cls=E, broken=True),
        make("H", "japanese", Kind.HALF_SQUAD, F),
        ldr(),
        ldr(wounded=True),
        make("H", "japanese", Kind.HERO),
        make("T", "japanese", Kind.TH_HERO),
        make("D", "japanese", Kind.DC_HERO),
    ],
    ids=lambda u: f"{u.kind.value}-{u.unit_class}-{'broken' if u.broken else 'good'}",
)
def test_g1_6_one_answer_for_g_4_detection(unit: Unit) -> None:
    # G1.6 "Good Order Elite and 1st-Line Japanese Infantry (including crews)": G.4 Detection
    # asks the same function, so the two never disagree
    from aslpto.rules.pto.procedures import stealthy

    a, s = misc.alertness(unit), stealthy(unit)
    assert s.value == (a.value == misc.Alertness.STEALTHY)
    assert (s.rules, s.why) == (a.rules, a.why)


def test_g1_6_a_japanese_smc_prints_no_class_and_is_normal() -> None:
    # a leader or hero is neither Elite nor 1st-Line nor a crew: not Stealthy, not Lax
    for u in (ldr(), make("H", "japanese", Kind.HERO), make("T", "japanese", Kind.TH_HERO)):
        r = misc.alertness(u)
        assert r.value == misc.Alertness.NORMAL and r.rules == ("G1.6",), u.kind
        assert "SMC" in r.why


# --- G1.61 / G1.611 / G1.612 / G1.6121 / G1.613 --------------------------------------------------


def test_g1_61_ordnance_and_oba() -> None:
    assert misc.to_hit_numbers(captured=False).value == "black"
    assert misc.oba_draw_pile().value == misc.OBADraw(5, 2)
    assert misc.oba_accurate(1).value and not misc.oba_accurate(2).value


def test_g1_611_b_number_and_rof_lowered() -> None:
    r = misc.japanese_mg_fired("MMG", 12, 2, sq())
    assert r.value == misc.WeaponUse(11, 1) and "A.11" in r.rules
    assert misc.japanese_mg_fired("hmg", 12, 2, ldr()).value == misc.WeaponUse(12, 2)
    with pytest.raises(InputError, match="'mortar'"):
        misc.japanese_mg_fired("mortar", 12, 1, sq())


def test_g1_611_lmg_keeps_its_printed_b_number_and_rof() -> None:
    # G1.611 lowers the B# and Multiple ROF of an ATR/MMG/HMG: an LMG fired by a Japanese
    # squad or HS is an answer (its printed values), not bad input
    for firer in (sq(), make("H", "japanese", Kind.HALF_SQUAD, F)):
        r = misc.japanese_mg_fired("LMG", 12, 1, firer)
        assert r.value == misc.WeaponUse(12, 1) and r.rules == ("G1.611",)
        assert "only" in r.why
    assert misc.japanese_mg_fired("lmg", 11, 0, sq()).value == misc.WeaponUse(11, 0)


def test_g1_611_ex_us_hs_firing_japanese_atr_normal_captured_penalties() -> None:
    us_hs = make("U", "american", Kind.HALF_SQUAD, F)
    assert misc.japanese_mg_fired("ATR", 11, 0, us_hs).value == misc.WeaponUse(11, 0)
    assert not misc.crewed_for_captured_use("ATR").value


def test_g1_612_dc_into_own_location() -> None:
    assert misc.may_place_dc_in_own_location(sq()).value
    assert not misc.may_place_dc_in_own_location(make("D", "japanese", Kind.DC_HERO)).value
    assert misc.own_location_dc_may_attack("melee").value
    assert not misc.own_location_dc_may_attack("friendly").value
    assert misc.dc_vs_afv_in_same_location().value == ("target-facing-dr", "position-DR")


def test_g1_6121_detonation() -> None:
    assert misc.at_set_dc_may_detonate(
        by_predesignated_unit=True, as_defensive_first_fire=True, vehicle_entering_by_road=True
    ).value
    assert not misc.at_set_dc_may_detonate(
        by_predesignated_unit=False, as_defensive_first_fire=True, vehicle_entering_by_road=True
    ).value
    assert misc.at_set_dc_effect(has_wreck_side=True, armored_assault_infantry=False).value == (
        "blazing-wreck"
    )
    assert misc.at_set_dc_status("los").value == "stays-hidden"
    assert misc.at_set_dc_status("search").value == "eliminated"
    assert misc.at_set_dc_status("recovery").value == "not-allowed"


def test_g1_613_daisy_chain() -> None:
    assert misc.may_convert_to_daisy_chains(before_setup=True).value


# --- G1.62 ---------------------------------------------------------------------------------------


def test_g1_62_exemptions() -> None:
    for c in ("paatc", "ovr-ntc", "disrupt", "rtph-surrender"):
        assert misc.exempt_from(c).value
    assert not misc.may_create_leader().value


def test_g1_62_self_rally_on_original_2() -> None:
    assert misc.self_rally(2, 2 + 6, 7).value
    assert not misc.self_rally(9, 9, 7).value


def test_g1_62_llmc_treated_as_lltc() -> None:
    r = resolve_check(sq(), Check.LLMC, GivenDice("6,6"))
    assert not r.units[0].broken and r.units[0].pinned


# --- G1.621 --------------------------------------------------------------------------------------


def test_g1_621_no_quarter_from_6_42() -> None:
    assert misc.no_quarter(1942, 6).value
    assert not misc.no_quarter(1942, 5).value
    assert misc.may("massacre").value and not misc.may("escape").value


def test_g1_621_interrogation_drm() -> None:
    assert misc.interrogation_drm(interrogator="american", year=1944, target=sq()).value == -1
    assert misc.interrogation_drm(interrogator="russian", year=1945, target=sq()).value == 0
    assert misc.interrogation_drm(interrogator="british", year=1943, target=sq()).value == 0


# --- G1.622 and its EX ---------------------------------------------------------------------------


def test_g1_622_ex_step_reduction_does_not_change_the_tally() -> None:
    assert misc.casualty_tally_change(sq(), [sq(strength=RED)]).value == 0


def test_g1_622_ex_447_casualty_reduced_adds_seven() -> None:
    hs = make("J1", "japanese", Kind.HALF_SQUAD, F)
    assert misc.casualty_tally_change(sq(), [hs]).value == 13 - 6


def test_g1_622_ex_reduced_347_step_or_casualty_reduced_adds_seven() -> None:
    hs = make("J1", "japanese", Kind.HALF_SQUAD, F)
    assert misc.casualty_tally_change(sq(strength=RED), [hs]).value == 7


@pytest.mark.parametrize(
    "unit",
    [
        make("C", "japanese", Kind.CREW, None, FULL),
        make("C", "japanese", Kind.CREW, None, RED),
        make("S", "japanese", Kind.SQUAD, S, FULL),
        make("S", "japanese", Kind.SQUAD, S, RED),
    ],
)
def test_g1_622_ex_crew_or_2nd_line_squad_eliminated_adds_ten(unit: Unit) -> None:
    assert misc.casualty_tally_change(unit, []).value == 10


@pytest.mark.parametrize("broken", [False, True])
def test_g1_622_ex_vehicle_crew_eliminated_adds_eight(broken: bool) -> None:
    vc = make("V", "japanese", Kind.VEHICLE_CREW, broken=broken)
    assert misc.casualty_tally_change(vc, []).value == 8


@pytest.mark.parametrize("strength", [FULL, RED])
def test_g1_622_ex_infantry_crew_to_vehicle_crew_adds_two(strength: Strength) -> None:
    crew = make("C", "japanese", Kind.CREW, None, strength)
    vc = make("C", "japanese", Kind.VEHICLE_CREW, broken=True)
    assert misc.casualty_tally_change(crew, [vc]).value == 10 - 8


def test_g1_622_hara_kiri_not_added_and_integrity_drm() -> None:
    assert misc.casualty_tally_change(sq(), [], hara_kiri=True).value == 0
    assert misc.integrity_check_drm("japanese").value == -2


@pytest.mark.parametrize("nationality", ["american", "usmc", "british", "chinese", "russian"])
def test_g1_622_the_opponents_integrity_check_gets_no_japanese_change(nationality: str) -> None:
    # "The Japanese side may always add a -2 DRM to its Integrity Check DR": the other side's
    # check can be asked too, and gets no DRM from G1.622
    r = misc.integrity_check_drm(nationality)
    assert r.value == 0 and r.rules == () and "only the Japanese" in r.why
    j = misc.integrity_check_drm("japanese")
    assert (j.value, j.rules) == (-2, ("G1.622",))
    with pytest.raises(InputError):
        misc.integrity_check_drm("")


# --- G1.63 / G1.65 -------------------------------------------------------------------------------


def test_g1_63_concealment_and_search() -> None:
    assert misc.concealment_drm(sq()).value == -2
    assert misc.concealment_drm(make("A", "american", Kind.SQUAD, F)).value == 0
    assert misc.search_drm(only_building_or_rubble=False).value == 2
    assert misc.search_drm(only_building_or_rubble=True).value == 0


def test_g1_65_casualty_vp() -> None:
    V = misc.VPEvent
    assert not misc.grants_casualty_vp(sq(), V.FLIPPED_TO_REDUCED).value
    assert not misc.grants_casualty_vp(
        make("C", "japanese", Kind.CREW), V.CREW_TO_VEHICLE_CREW
    ).value
    assert not misc.grants_casualty_vp(make("H", "japanese", Kind.HERO), V.ELIMINATED).value
    assert not misc.grants_casualty_vp(make("T", "japanese", Kind.TH_HERO), V.HARA_KIRI).value
    r = misc.grants_casualty_vp(ldr(face="8-0", wounded=True), V.ELIMINATED)
    assert r.value and "8-0" in r.why
    assert misc.grants_casualty_vp(sq(), V.HARA_KIRI).value


def test_g1_65_exc_a_heroic_leader_grants_casualty_vp() -> None:
    # "An eliminated Japanese hero of any type [EXC: heroic leader] grants no Casualty VP";
    # Hara-Kiri grants them "[EXC: non-leader Hero]"
    V = misc.VPEvent
    hl = ldr(face="9-1", heroic=True)
    for event in (V.ELIMINATED, V.HARA_KIRI):
        r = misc.grants_casualty_vp(hl, event)
        assert r.value and "heroic leader" in r.why and "9-1" in r.why
        assert not misc.grants_casualty_vp(make("H", "japanese", Kind.HERO), event).value
