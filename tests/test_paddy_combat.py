"""Rice paddies (G8) away from movement: TEM, LOS facts, mud, Irrigated/In-Season, fires,
Fortifications, breach, aerial and every Bank Counter Penalty (G8.212)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.board.terrain import HexsideFeature
from aslpto.rules.paddy import effects as pc
from aslpto.rules.panji.effects import ABOVE, BENEATH, DCMode, Weapon
from aslpto.state.counters import make
from aslpto.state.game import EC, Conditions, Fortification, FortKind, Game, PaddyState, Panji
from aslpto.state.units import Kind, Transport, Unit, UnitClass, VehicleType
from maphelp import one_board

BOARD = """[terrain]
paddy = ["C3", "C4", "D4"]
[paddies]
open = ["C3-C4"]
"""


def world(
    state: PaddyState = PaddyState.DRAINED, *units: Unit, ec: EC = EC.MODERATE, panji: bool = False
) -> Game:
    m = one_board(BOARD)
    panjis = {}
    if panji:
        s = m.layout.hexside("37D4-E4")
        panjis["P"] = Panji("P", m.hex("37D4"), frozenset({s}), side="japanese", top=s)
    return Game(m, Conditions(paddy=state, ec=ec), units={u.id: u for u in units}, panjis=panjis)


def inf(uid: str, position: str = "in", hex_name: str = "37C4", **kw: Any) -> Unit:
    return make(
        uid, "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex=hex_name, position=position, **kw
    )


def jp(uid: str, position: str = "bank", **kw: Any) -> Unit:
    return make(
        uid, "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37C4", position=position, **kw
    )


def refused(rule: str, f: Callable[..., object], *args: Any, **kw: Any) -> None:
    with pytest.raises(RuleViolation) as e:
        f(*args, **kw)
    assert e.value.rule == rule, e.value


# --- TEM / Open Ground -------------------------------------------------------------------------


def test_g8_tem_bank_hexside_is_a_hedge() -> None:
    g = world()
    r = pc.bank_tem(g, inf("A"), lof_crosses_bank=True)
    assert r.value == 1 and "G8 (TEM)" in r.rules and "B9.3" in r.rules
    assert pc.bank_tem(g, inf("A"), lof_crosses_bank=False).value == 0


def test_g8_tem_exceptions() -> None:
    g = world()
    assert pc.bank_tem(g, inf("A"), lof_crosses_bank=True, firer_higher=True).value == 0
    assert pc.bank_tem(g, inf("A", "bank"), lof_crosses_bank=True).value == 0
    tank = Unit("T", "american", "american", Kind.VEHICLE, hex="37C4", position="in")
    assert pc.bank_tem(g, tank, lof_crosses_bank=True).value == 0


def test_g8_fortifications_above_panji_no_bank_tem_nor_non_open_ground() -> None:
    g = world(panji=True)
    a = inf("A", ABOVE, "37D4")
    r = pc.bank_tem(g, a, lof_crosses_bank=True)
    assert r.value == 0 and r.rules == ("G8 (FORTIFICATIONS)",)
    assert pc.open_ground(g, a, bank_tem=1).value
    assert pc.bank_tem(g, inf("B", BENEATH, "37D4"), lof_crosses_bank=True).value == 1


def test_g8_tem_open_ground() -> None:
    g = world()
    assert pc.open_ground(g, inf("A", "bank"), bank_tem=1).value
    assert pc.open_ground(g, inf("A"), bank_tem=0).value
    assert not pc.open_ground(g, inf("A"), bank_tem=1).value
    season = world(PaddyState.IN_SEASON)
    assert not pc.open_ground(season, inf("A"), bank_tem=0).value
    assert pc.open_ground(season, inf("A", "bank"), bank_tem=0).value


def test_g8_212_no_afv_tem_above_bank() -> None:
    assert not pc.afv_tem_claimable(inf("A", "bank")).value
    assert pc.afv_tem_claimable(inf("A")).value


# --- LOS facts ---------------------------------------------------------------------------------


def test_g8_los_facts() -> None:
    assert pc.bank_is_hedge_for_los(inf("A", entrenched="foxhole")).value
    assert not pc.bank_is_hedge_for_los(inf("A")).value
    assert pc.los_point(inf("A", "bank")).value == "center-dot"
    assert pc.vehicle_hindrance_retained().value
    assert [pc.in_season_hindrance(n).value for n in (1, 2, 3, 5)] == [0, 1, 1, 2]


# --- MUD ---------------------------------------------------------------------------------------


def test_g8_mud_irrigated_only_in() -> None:
    g = world(PaddyState.IRRIGATED)
    assert pc.mud(g, "37C4", "in").value
    assert not pc.mud(g, "37C4", "bank").value
    assert pc.mud_tem(g, "37C4", "in").value == 1
    assert pc.bog_drm(g, "37C4").value == 3  # +1 Mud, +2 Irrigated


def test_g8_mud_ec_mud_everywhere_even_in_season() -> None:
    g = world(PaddyState.IN_SEASON, ec=EC.MUD)
    assert pc.mud(g, "37C4", "bank").value and pc.mud(g, "37C4", "in").value
    assert pc.mud_tem(g, "37C4", "bank").value == 1
    assert pc.bog_drm(g, "37C4").value == 1
    assert not pc.mud(world(PaddyState.DRAINED), "37C4", "in").value


# --- Irrigated ---------------------------------------------------------------------------------


def test_g8_irrigated_he_fp_halved_with_exceptions() -> None:
    g = world(PaddyState.IRRIGATED)
    for k in (pc.HEKind.DC, pc.HEKind.ORDNANCE_HE, pc.HEKind.OBA_HE):
        assert pc.he_fp(g, "37C4", 30, k).value == 15
    assert pc.he_fp(g, "37C4", 1, pc.HEKind.DC).value == Fraction(1, 2)
    for k in (
        pc.HEKind.HE_EQUIVALENCY,
        pc.HEKind.VEHICLE_TARGET_TYPE,
        pc.HEKind.SPECIFIC_COLLATERAL,
    ):
        assert pc.he_fp(g, "37C4", 30, k).value == 30
    assert pc.he_fp(world(), "37C4", 30, pc.HEKind.DC).value == 30
    assert pc.he_fp(g, "37E4", 30, pc.HEKind.DC).value == 30


def test_g8_irrigated_no_white_smoke() -> None:
    refused("G8 (Irrigated)", pc.verify_white_smoke, world(PaddyState.IRRIGATED), "37C4")
    pc.verify_white_smoke(world(), "37C4")


def test_g8_irrigated_unpossessed_equipment_lost() -> None:
    g = world(PaddyState.IRRIGATED)
    assert pc.unpossessed_equipment(g, "37C4", "in").value == "eliminated"
    assert pc.unpossessed_equipment(g, "37C4", "in", in_vehicle=True).value == "in"
    assert pc.unpossessed_equipment(g, "37C4", "in", animal_packed=True).value == "in"
    assert pc.unpossessed_equipment(world(), "37C4", "in").value == "in"


def test_g8_irrigated_sw_restricted_field_of_fire() -> None:
    g = world(PaddyState.IRRIGATED)
    r = pc.restricted_field_of_fire(g, inf("A"), 3)
    assert r.value and "A9.21" in r.rules
    assert not pc.restricted_field_of_fire(g, inf("A"), 2).value
    assert not pc.restricted_field_of_fire(world(), inf("A"), 4).value


def test_g8_irrigated_manhandled_boat_not_doubled() -> None:
    assert not pc.boat_manhandling_doubled(world(PaddyState.IRRIGATED), "37C4").value
    assert pc.boat_manhandling_doubled(world(), "37C4").value


def test_g8_in_season_grain_only_for_the_units_it_names() -> None:
    g = world(PaddyState.IN_SEASON)
    for c in (
        pc.Category.INFANTRY,
        pc.Category.DUMMY,
        pc.Category.FORTIFICATION,
        pc.Category.EMPLACED_GUN,
    ):
        assert pc.concealment_terrain(g, "37C4", c).value
    assert not pc.concealment_terrain(g, "37C4", pc.Category.VEHICLE).value
    assert not pc.concealment_terrain(world(), "37C4", pc.Category.INFANTRY).value


# --- FIRES -------------------------------------------------------------------------------------


def test_g8_fires() -> None:
    assert not pc.can_burn(world(), "37C4").value
    assert not pc.can_burn(world(PaddyState.IRRIGATED), "37C4").value
    assert pc.can_burn(world(PaddyState.IN_SEASON), "37C4").value
    g = world(PaddyState.IN_SEASON)
    assert not pc.directly_attached(g, "37C4", "37D4").value  # bank hexside
    assert pc.directly_attached(g, "37C3", "37C4").value  # listed open


# --- FORTIFICATIONS ----------------------------------------------------------------------------


def test_g8_fortifications_setup() -> None:
    pc.verify_fortification(world(), FortKind.TRENCH, "37C4")
    pc.verify_fortification(world(PaddyState.IN_SEASON), FortKind.PILLBOX, "37C4")
    refused(
        "G8 (FORTIFICATIONS)",
        pc.verify_fortification,
        world(),
        FortKind.FOXHOLE,
        "37C4",
        position="bank",
    )
    g = world(PaddyState.IRRIGATED)
    refused("G8 (FORTIFICATIONS)", pc.verify_fortification, g, FortKind.TRENCH, "37C4")
    pc.verify_fortification(g, FortKind.WIRE, "37C4")
    pc.verify_fortification(g, FortKind.MINES, "37C4")
    refused("G8 (FORTIFICATIONS)", pc.verify_panji_in_paddy, g, "37C4", wire=True)
    pc.verify_panji_in_paddy(g, "37C4", wire=False)


def test_g8_fortifications_mines_both_positions_and_bank_with_panji() -> None:
    assert pc.mines_attack("in").value and pc.mines_attack("bank").value
    g = world(panji=True)
    assert not pc.bank_counter_usable(g, "37D4").value
    assert pc.bank_counter_usable(g, "37C4").value
    wire = Fortification("W", FortKind.WIRE, g.map.hex("37C4"))
    assert not pc.bank_counter_usable(replace(g, fortifications=(wire,)), "37C4").value
    assert pc.above_wire_or_panji_is_in(g, inf("A", ABOVE, "37D4")).value


def test_g8_fortifications_shellholes() -> None:
    assert pc.shellholes_allowed(world(), "37C4").value
    assert pc.shellholes_allowed(world(PaddyState.IN_SEASON), "37C4").value
    assert not pc.shellholes_allowed(world(PaddyState.IRRIGATED), "37C4").value


# --- BREACH ------------------------------------------------------------------------------------


def dozer(**kw: object) -> Unit:
    return Unit(
        "Z",
        "american",
        "american",
        Kind.VEHICLE,
        hex="37D4",
        position="in",
        vehicle_type=VehicleType.DOZER,
    ).with_(**kw)


def test_g8_breach_quarter_mp_fru_and_panji_uncovered() -> None:
    g = world(PaddyState.DRAINED, dozer(), panji=True)
    g2, cost = pc.breach(g, "Z", "37D4-E4", 13)
    assert cost.value == 4 and cost.rules == ("G8 (BREACH)",)
    s = g.map.layout.hexside("37D4-E4")
    assert HexsideFeature.BREACHED in g2.map.sides[s]
    assert not g2.map.is_bank(s.a, s.b)
    assert "P" not in g2.panjis  # its only Covered hexside breached (G9.731)
    assert g.map.is_bank(s.a, s.b)  # unchanged original
    assert pc.may_enter_via(g2, "37E4", "37D4").value
    assert not pc.may_enter_via(g, "37E4", "37D4").value


def test_g8_breach_refusals() -> None:
    refused("G8 (BREACH)", pc.breach, world(PaddyState.IRRIGATED, dozer()), "Z", "37D4-E4", 8)
    refused(
        "G8 (BREACH)", pc.breach, world(PaddyState.DRAINED, dozer(mobile=False)), "Z", "37D4-E4", 8
    )
    refused("G8 (BREACH)", pc.breach, world(PaddyState.DRAINED, dozer()), "Z", "37C3-C4", 8)
    tank = dozer(vehicle_type=VehicleType.FULLY_TRACKED)
    refused("G8 (BREACH)", pc.breach, world(PaddyState.DRAINED, tank), "Z", "37D4-E4", 8)


# --- AERIAL ------------------------------------------------------------------------------------


def test_g8_aerial() -> None:
    assert pc.landing_position().value == "in"
    r = pc.parachute_nmc(world(PaddyState.IRRIGATED), "37C4")
    assert r.value and "E9.42" in r.rules
    assert not pc.parachute_nmc(world(), "37C4").value
    refused("G8 (AERIAL)", pc.verify_paratroop_bank, appeared_this_aph=True)
    assert pc.glider_crash_drm(world(), "37C4", "37D4").value == 1
    assert pc.glider_crash_drm(world(), "37C4", "37C3").value == 0


# --- Bank Counter Penalties (G8.212) ---------------------------------------------------------


def test_g8_212_may_not_recover_or_scrounge_in_paddy() -> None:
    refused("G8.212", pc.verify_recover, inf("A", "bank"), "in")
    pc.verify_recover(inf("A", "bank"), "bank")
    pc.verify_recover(inf("A"), "in")


def test_g8_212_no_transfer_with_unit_in_paddy() -> None:
    refused("G8.212", pc.verify_transfer, inf("A", "bank"), inf("B"))
    refused("G8.212", pc.verify_transfer, inf("B"), inf("A", "bank"))
    pc.verify_transfer(inf("A", "bank"), inf("B", "bank"))


def test_g8_212_no_set_dc() -> None:
    refused("G8.212", pc.verify_set_dc, inf("A", "bank"))
    pc.verify_set_dc(inf("A"))


def test_g8_212_no_guarding_prisoner_in_paddy() -> None:
    refused("G8.212", pc.verify_guard, inf("A", "bank"), jp("P", "in", unarmed=True))
    pc.verify_guard(inf("A", "bank"), jp("P", "bank", unarmed=True))


@pytest.mark.parametrize("act", list(pc.TIActivity))
def test_g8_212_no_voluntary_ti(act: pc.TIActivity) -> None:
    refused("G8.212", pc.verify_voluntary_ti, inf("A", "bank"), act)
    pc.verify_voluntary_ti(inf("A"), act)


def test_g8_212_hazardous_movement_and_no_concealment() -> None:
    r = pc.hazardous_movement(inf("A", "bank"))
    assert r.value and "A4.62" in r.rules
    assert not pc.hazardous_movement(inf("A")).value
    refused("G8.212", pc.verify_gain_concealment, inf("A", "bank"))


def test_g8_212_forced_into_the_hex() -> None:
    r = pc.forced_into(inf("A", "bank"), pc.ForcedBy.BROKEN, in_mph=True, cot=4).value
    assert r.unit.position == "in" and r.unit.broken
    assert r.mf_expended == 4 and not r.hazardous_movement and r.ffnam and not r.cx
    p = pc.forced_into(inf("A", "bank"), pc.ForcedBy.PINNED, in_mph=True, cot=4).value
    assert p.unit.pinned and not p.ffnam
    m = pc.forced_into(inf("A", "bank"), pc.ForcedBy.MELEE, in_mph=False, cot=4).value
    assert m.unit.position == "in" and m.mf_expended == 0
    c = pc.forced_into(inf("A", "bank"), pc.ForcedBy.COLUMN_DISBANDS, in_mph=True, cot=2).value
    assert c.unit.position == "in"


def test_g8_212_weapon_limits_and_area_fire() -> None:
    g = world()
    a = inf("A", "bank")
    for w in (Weapon.INHERENT, Weapon.LMG, Weapon.LATW, Weapon.FT, Weapon.DC_THROWN):
        pc.verify_weapon(g, a, w)
    for w in (Weapon.MMG, Weapon.ATR_20MM, Weapon.DC_PLACED, Weapon.MORTAR):
        refused("G8.212", pc.verify_weapon, g, a, w)
    assert pc.area_fire(g, a, Weapon.INHERENT).value
    assert not pc.area_fire(g, a, Weapon.DC_THROWN).value
    assert not pc.area_fire(g, a, Weapon.INHERENT, cc=True).value
    assert not pc.area_fire(g, inf("B"), Weapon.INHERENT).value


def test_g8_fortifications_above_panji_in_paddy_attack_limits() -> None:
    g = world(panji=True)
    a = inf("A", ABOVE, "37D4")
    refused("G8.212", pc.verify_weapon, g, a, Weapon.MMG)
    assert pc.area_fire(g, a, Weapon.INHERENT).value
    assert pc.cc_attack_drm(g, [a]).value == 1


def test_g8_212_cc_drm() -> None:
    g = world()
    assert pc.ambush_drm([inf("A", "bank")]).value == 2
    assert pc.cc_attack_drm(g, [inf("A", "bank"), inf("B")]).value == 1
    assert pc.cc_drm_against(inf("A", "bank")).value == -1
    assert pc.cc_attack_drm(g, [inf("B")]).value == 0


def test_g8_212_g9_21_cc_above_panji_in_paddy_each_rule_once() -> None:
    """G8 FORTIFICATIONS: Infantry above a Panji counter in a paddy is "subject to all attack
    limitations (G8.212) as if above Bank counter, in addition to prohibitions of Wire/Panji
    counter": its CC attack takes G9.21's +1 and G8.212's +1, each once per attack; a CC
    attack vs it takes G9.21's -1 only (no limitation of its own attacks)."""
    g = world(panji=True)
    a, a2 = inf("A", ABOVE, "37D4"), inf("A2", ABOVE, "37D4")
    below, enemy = inf("B", BENEATH, "37D4"), jp("J", BENEATH)
    r = pc.cc_position_drm(g, [a, a2, below], enemy)
    assert r.value == 2
    assert {"G9.21", "G8.212", "G8 (FORTIFICATIONS)"} <= set(r.rules)
    assert pc.cc_attack_drm(g, [below, a]).rules == ("G8 (FORTIFICATIONS)", "G8.212")
    v = pc.cc_position_drm(g, [enemy], a)
    assert (v.value, v.rules) == (-1, ("G9.21",))
    assert pc.cc_drm_against(a).value == 0
    assert pc.cc_position_drm(g, [below], enemy).value == 0


def test_g8_212_g9_21_cc_position_drm_bank_and_panji_outside_paddy() -> None:
    g = world()
    bank, in_ = inf("A", "bank"), inf("B")
    assert pc.cc_position_drm(g, [bank], in_).value == 1
    assert pc.cc_position_drm(g, [in_], bank).value == -1
    assert pc.cc_position_drm(g, [bank], jp("J")).value == 0  # +1 and -1 both on the bank
    # outside a paddy a Panji counter gives only G9.21's +1 / -1
    side = g.map.layout.hexside("37E4-E5")
    pw = g.with_panji(Panji("Q", g.map.hex("37E4"), frozenset({side}), side="japanese"), "Q")
    above, beneath = inf("X", ABOVE, "37E4"), inf("Y", BENEATH, "37E4")
    r = pc.cc_position_drm(pw, [above], beneath)
    assert (r.value, r.rules) == (1, ("G9.21",))
    assert pc.cc_position_drm(pw, [beneath], above).value == -1


def test_g8_212_ambush_plus_two_only_above_a_bank_counter() -> None:
    """The +2 Ambush drm is G8.212's for a unit above a Bank counter; above a Panji counter in
    a paddy only G9.21's +1 applies (an Ambush dr is no attack limitation)."""
    assert pc.ambush_drm([inf("A", ABOVE, "37D4")]).value == 0
    assert pc.ambush_drm([inf("A", "bank")]).value == 2


def test_g8_212_japanese_dc_detonation_thrown_vs_beneath() -> None:
    r = pc.dc_detonation_as(jp("J"), "in")
    assert r.value == DCMode.THROWN and "G1.424" in r.rules
    assert pc.dc_detonation_as(jp("J"), "bank").value == DCMode.DETONATED
    refused("G8.212", pc.dc_detonation_as, jp("J", broken=True), "in")
    refused("G8.212", pc.dc_detonation_as, inf("A", "bank"), "in")


def test_g8_212_cavalry_no_gallop_on_or_off_bank() -> None:
    cav = inf("K", "bank").with_(kind=Kind.CAVALRY, galloping=True)
    refused("G8.212", pc.verify_gallop, cav, from_position="bank", to_position="ground")
    refused(
        "G8.212",
        pc.verify_gallop,
        cav.with_(position="ground"),
        from_position="ground",
        to_position="bank",
    )
    pc.verify_gallop(cav.with_(galloping=False), from_position="bank", to_position="ground")


def test_g8_212_mounting_and_dismounting() -> None:
    refused("G8.212", pc.verify_mount, inf("A"), "bank")
    refused("G8.212", pc.verify_mount, inf("A", "bank"), "in")
    pc.verify_mount(inf("A", "bank"), "bank")
    pc.verify_mount(inf("A"), "in")
    g = world()
    assert pc.dismount_position(g, inf("A", "bank")).value == "bank"
    bail = pc.dismount_position(g, inf("A", "bank"), bail_out=True, cycle=True)
    assert bail.value == "in" and "placed IN" in bail.why
    irr = pc.dismount_position(
        world(PaddyState.IRRIGATED), inf("A", "bank"), bail_out=True, cycle=True
    )
    assert "eliminated" in irr.why


def test_g8_212_unpossessed_sw_above_bank() -> None:
    assert pc.unpossessed_equipment(world(), "37C4", "bank").value == "in"
    assert pc.unpossessed_equipment(world(PaddyState.IRRIGATED), "37C4", "bank").value == (
        "eliminated"
    )
    assert pc.unpossessed_equipment(world(), "37C4", "bank", animal_packed=True).value == "bank"


def test_g8_banks_who_may_be_above_a_bank_counter() -> None:
    assert pc.may_be_on_bank(inf("A", transport=Transport.RIDING_BICYCLE)).value
    assert pc.may_be_on_bank(inf("A", transport=Transport.LEADING_HORSE)).value
    assert not pc.may_be_on_bank(inf("A", transport=Transport.MANHANDLING_GUN)).value
    assert pc.may_be_on_bank(inf("K").with_(kind=Kind.CAVALRY)).value
    assert not pc.may_be_on_bank(dozer()).value


def test_g8_tem_no_hd_or_wall_advantage() -> None:
    assert not pc.hd_or_wall_advantage().value


def test_g8_irrigated_units_not_allowed_in() -> None:
    g = world(PaddyState.IRRIGATED)
    refused("G8 (Irrigated)", pc.verify_in_irrigated, g, "37C4", inf("A"), unhooked_gun=True)
    pc.verify_in_irrigated(g, "37C4", inf("A"), unhooked_gun=True, dm=True)
    refused(
        "G8 (Irrigated)",
        pc.verify_in_irrigated,
        g,
        "37C4",
        inf("A", transport=Transport.RIDING_BICYCLE),
    )
    refused(
        "G8 (Irrigated)",
        pc.verify_in_irrigated,
        g,
        "37C4",
        inf("K").with_(kind=Kind.CAVALRY, galloping=True),
    )
    refused(
        "G8 (Irrigated)",
        pc.verify_in_irrigated,
        g,
        "37C4",
        inf("A", transport=Transport.PUSHING_MOTORCYCLE),
    )
    pc.verify_in_irrigated(g, "37C4", inf("A", transport=Transport.LEADING_HORSE))
    pc.verify_in_irrigated(world(), "37C4", inf("A", transport=Transport.RIDING_BICYCLE))
