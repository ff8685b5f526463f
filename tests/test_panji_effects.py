"""Panji effects (G9.2-G9.56, G9.11 HIP records): the 9.3 illustration and every EX.

Board 37 with Panji counter A in EE7 (Covered hexside EE7-EE8) and Panji counter C in DD7
(Covered hexsides DD7-CC8, DD7-DD8, DD7-EE8). Squad A is in EE8, squad B beneath Panji A in
EE7, squad D in DD6, squad E beneath Panji C in DD7.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules import morale
from aslpto.rules.panji import effects as pe
from aslpto.rules.panji.effects import (
    ABOVE,
    BENEATH,
    DCMode,
    Effect,
    ItemAction,
    PanjiEntry,
    Weapon,
)
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, RandomDice
from aslpto.state.game import Conditions, Game, Panji
from aslpto.state.units import Kind, Strength, Transport, Unit, UnitClass, VehicleType
from maphelp import one_board

BOARD = """[terrain]
dense-jungle = ["CC8"]
[lines]
path = ["EE9 EE8 EE7"]
"""


def world(*units: Unit, hidden: bool = False) -> Game:
    m = one_board(BOARD, pto_terrain=True)
    lay = m.layout
    a = Panji(
        "A",
        m.hex("37EE7"),
        frozenset({lay.hexside("37EE7-EE8")}),
        side="japanese",
        hidden=hidden,
        top=lay.hexside("37EE7-EE8"),
    )
    c = Panji(
        "C",
        m.hex("37DD7"),
        frozenset(lay.hexside(s) for s in ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8")),
        side="japanese",
        hidden=hidden,
        top=lay.hexside("37DD7-DD8"),
    )
    return Game(
        m, Conditions(pto_terrain=True), units={u.id: u for u in units}, panjis={"A": a, "C": c}
    )


def us(uid: str, hex_name: str, position: str = "ground", **kw: Any) -> Unit:
    return make(
        uid, "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex=hex_name, position=position, **kw
    )


def jp(uid: str, hex_name: str, position: str = "ground", **kw: Any) -> Unit:
    return make(
        uid,
        "japanese",
        Kind.SQUAD,
        UnitClass.FIRST_LINE,
        Strength.FULL,
        hex=hex_name,
        position=position,
        **kw,
    )


def leader(uid: str, hex_name: str, face: str = "9-1", **kw: Any) -> Unit:
    return make(uid, "american", Kind.LEADER, face=face, hex=hex_name, **kw)


def vehicle(uid: str, hex_name: str, vt: VehicleType, afv: bool = False, **kw: Any) -> Unit:
    return Unit(
        uid, "american", "american", Kind.VEHICLE, hex=hex_name, vehicle_type=vt, afv=afv, **kw
    )


# --- G9.3 / G9.11 -------------------------------------------------------------------------------


def test_g9_3_ex_covered_hexsides() -> None:
    g = world()
    m = g.map
    c = g.panjis["C"]
    for s in ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8"):
        assert c.is_covered(m.layout.hexside(s))
    assert g.panjis["A"].covered == {m.layout.hexside("37EE7-EE8")}
    assert pe.covered_between(g, m.hex("37EE8"), m.hex("37EE7")) == g.panjis["A"]
    assert pe.covered_between(g, m.hex("37DD7"), m.hex("37EE7")) is None


def test_g9_11_ex_hip_records() -> None:
    g = world(hidden=True)
    assert pe.hip_record(g, g.panjis["A"]) == "Panji A: 37EE7-EE8"
    assert pe.hip_record(g, g.panjis["C"]) == "Panji C: 37DD7-DD8"
    pid, h, top = pe.parse_hip_record(g, "Panji C: 37DD7-DD8")
    assert (pid, h, top) == ("C", g.map.hex("37DD7"), g.map.layout.hexside("37DD7-DD8"))
    with pytest.raises(InputError):
        pe.parse_hip_record(g, "C 37DD7-DD8")


def test_g9_11_losing_hip_reveals_every_covered_hexside() -> None:
    g = world(hidden=True)
    g2 = pe.reveal(g, "C", "G9.48")
    assert not g2.panjis["C"].hidden and g2.panjis["C"].covered == g.panjis["C"].covered
    assert g.panjis["C"].hidden  # the old state is unchanged


def test_g9_4_owner_entry_reveals_only_with_enemy_los() -> None:
    g = world(jp("J", "37EE8"), hidden=True)
    p = g.panjis["A"]
    assert not pe.revealed_by_entry(g, p, g.unit("J"), "37EE8").value
    r = pe.revealed_by_entry(g, p, g.unit("J"), "37EE8", enemy_los=True)
    assert r.value and r.rules == ("G9.4",)


def test_g9_4_enemy_entry_reveals() -> None:
    g = world(us("A", "37EE8"), hidden=True)
    assert pe.revealed_by_entry(g, g.panjis["A"], g.unit("A"), "37EE8").value


def test_g9_46_ex_blocked_bypass_reveals() -> None:
    r = pe.revealed_by_bypass()
    assert r.value and r.rules == ("G9.46",)


# --- G9.2 --------------------------------------------------------------------------------------


def test_g9_2_no_los_effect_no_tem() -> None:
    assert pe.panji_los_effect().value == "none"
    assert pe.panji_tem().value == 0


def test_g9_2_exc_afv_above_gives_no_tem() -> None:
    assert not pe.afv_tem_applies(ABOVE).value
    assert pe.afv_tem_applies(BENEATH).value
    assert not pe.afv_makes_hex_non_open_ground(ABOVE).value


# --- G9.21 / G9.211 ----------------------------------------------------------------------------


def test_g9_21_weapons_above() -> None:
    a = us("A", "37EE7", ABOVE)
    for w in (Weapon.INHERENT, Weapon.LMG, Weapon.LATW, Weapon.FT):
        pe.verify_weapon(a, w)
    for w in (Weapon.MMG, Weapon.HMG, Weapon.ATR_20MM, Weapon.MORTAR, Weapon.MOL):
        with pytest.raises(RuleViolation) as e:
            pe.verify_weapon(a, w)
        assert e.value.rule == "G9.21"
    pe.verify_weapon(us("B", "37EE7", BENEATH), Weapon.HMG)


def test_g9_21_no_interdiction_above() -> None:
    with pytest.raises(RuleViolation) as e:
        pe.verify_interdict(us("A", "37EE7", ABOVE))
    assert e.value.rule == "G9.21"
    pe.verify_interdict(us("B", "37EE7", BENEATH))


def test_g9_21_attack_drm_limit_one() -> None:
    above = [us("A", "37EE7", ABOVE), us("A2", "37EE7", ABOVE)]
    assert pe.attack_drm(above).value == 1
    assert pe.attack_drm([us("B", "37EE7", BENEATH)]).value == 0
    assert pe.ambush_drm(above).value == 1
    assert pe.cc_drm_against(above[0]).value == -1


def test_g9_211_no_dc_above() -> None:
    g = world(
        us("A", "37EE7", ABOVE), jp("J", "37EE7", ABOVE), jp("JB", "37EE7", ABOVE, broken=True)
    )
    for mode in (DCMode.PLACED, DCMode.THROWN, DCMode.SET):
        with pytest.raises(RuleViolation) as e:
            pe.verify_dc(g, g.unit("A"), mode)
        assert e.value.rule == "G9.211"
    pe.verify_dc(g, g.unit("J"), DCMode.DETONATED)
    with pytest.raises(RuleViolation):
        pe.verify_dc(g, g.unit("JB"), DCMode.DETONATED)


def test_g9_211_no_placed_dc_across_own_covered_hexside_from_beneath() -> None:
    g = world(us("E", "37DD7", BENEATH))
    with pytest.raises(RuleViolation) as e:
        pe.verify_dc(g, g.unit("E"), DCMode.PLACED, into="37CC8")
    assert e.value.rule == "G9.211"
    pe.verify_dc(g, g.unit("E"), DCMode.PLACED, into="37DD6")
    pe.verify_dc(g, g.unit("E"), DCMode.THROWN, into="37CC8")


def test_g9_211_resolved_as_thrown_vs_beneath() -> None:
    g = world(jp("J", "37EE7", ABOVE))
    r = pe.dc_attack_as(
        g, DCMode.DETONATED, target_hex="37EE7", target_position=BENEATH, attacker=g.unit("J")
    )
    assert r.value == DCMode.THROWN and "G1.424" in r.rules
    across = pe.dc_attack_as(
        g, DCMode.PLACED, target_hex="37EE7", target_position=BENEATH, from_hex="37EE8"
    )
    assert across.value == DCMode.THROWN
    other = pe.dc_attack_as(
        g, DCMode.PLACED, target_hex="37EE7", target_position=BENEATH, from_hex="37DD6"
    )
    assert other.value == DCMode.PLACED
    above = pe.dc_attack_as(
        g, DCMode.PLACED, target_hex="37EE7", target_position=ABOVE, from_hex="37EE8"
    )
    assert above.value == DCMode.PLACED


# --- G9.4 / G9.45 entry -------------------------------------------------------------------------


def test_g9_4_ex_squad_a_placed_above_in_any_phase() -> None:
    g = world(us("A", "37EE8"))
    for phase in ("mph", "aph"):
        eff = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7", phase=phase)).value
        assert eff.position == ABOVE and eff.covered


def test_g9_45_ex_squad_d_non_covered_beneath() -> None:
    g = world(us("D", "37DD6"), us("B", "37EE7", BENEATH))
    for to in ("37EE7", "37DD7"):
        eff = pe.entry_effects(g, PanjiEntry(("D",), "37DD6", to)).value
        assert eff.position == BENEATH and eff.of("D").effects == (Effect.NONE,)
    eff = pe.entry_effects(g, PanjiEntry(("B",), "37EE7", "37DD7")).value
    assert eff.position == BENEATH


def test_g9_45_ex_within_trenches_no_panji_mc() -> None:
    g = world(us("A", "37EE8"))
    eff = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7", trench=True)).value
    assert eff.position == BENEATH and eff.individual == () and eff.stack == ()


def test_g9_41_infantry_takes_panji_mc() -> None:
    g = world(us("A", "37EE8"))
    eff = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7")).value
    assert eff.individual == ("A",) and eff.of("A").effects == (Effect.PANJI_MC,)


@pytest.mark.parametrize(
    "flag",
    ["assault", "armored_assault", "low_crawl", "normal_advance", "forced_back"],
)
def test_g9_41_exemptions(flag: str) -> None:
    g = world(us("A", "37EE8"))
    flags: dict[str, Any] = {flag: True}
    entry = replace(PanjiEntry(("A",), "37EE8", "37EE7"), **flags)
    eff = pe.entry_effects(g, entry).value
    assert eff.individual == () and eff.of("A").effects == (Effect.NONE,)
    assert eff.position == ABOVE


def test_g9_41_dummy_stack_unaffected() -> None:
    g = world(us("A", "37EE8"))
    eff = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7", dummy=True)).value
    assert eff.individual == ()


def test_g9_41_panji_mc_odds_hand_count() -> None:
    """A 1st-Line US squad (6-6-6, Morale Level 6), no leader, 36 Original DR by hand:
    broken on totals 7-12 (6+5+4+3+2+1 = 21); pinned Full squad on total 6 without doubles
    (1-5, 5-1, 2-4, 4-2: 4); Casualty Reduced to a HS in Good Order on the doubles 1-1, 2-2,
    3-3 (3; 3-3 also pins); unchanged on totals 2-5 without doubles (1+2+3+4 - 2 = 8)."""
    g = world(us("A", "37EE8"))
    assert g.unit("A").morale == 6
    d = pe.entry_odds(g, PanjiEntry(("A",), "37EE8", "37EE7"))
    assert d.total() == 1

    def after(o: pe.EntryOutcome) -> Unit | None:
        return o.result.unit("A")

    def p(pred: Callable[[Unit], bool]) -> Fraction:
        return d.probability(lambda o: (u := after(o)) is not None and pred(u))

    assert d.probability(lambda o: after(o) is None) == 0
    assert p(lambda u: u.broken) == Fraction(21, 36)
    assert p(lambda u: u.kind == Kind.SQUAD and u.pinned and not u.broken) == Fraction(4, 36)
    assert p(lambda u: u.kind == Kind.HALF_SQUAD and not u.broken) == Fraction(3, 36)
    assert p(lambda u: u.kind == Kind.SQUAD and not (u.broken or u.pinned)) == Fraction(8, 36)


def test_g9_41_resolve_places_units_above() -> None:
    g = world(us("A", "37EE8"))
    out = pe.resolve_entry(g, PanjiEntry(("A",), "37EE8", "37EE7"), GivenDice("1,2"))
    u = out.result.unit("A")
    assert u is not None and u.hex == "37EE7" and u.position == ABOVE and not u.broken
    g2 = pe.apply_entry(g, out)
    assert g2.unit("A").position == ABOVE and g.unit("A").position == "ground"


def test_g9_411_manhandled_item_eliminated_unless_forced_back() -> None:
    g = world(us("A", "37EE8", transport=Transport.MANHANDLING_GUN))
    eff = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7", assault=True)).value
    assert eff.of("A").effects == (Effect.ITEM_ELIMINATED,)
    back = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7", forced_back=True)).value
    assert Effect.ITEM_ELIMINATED not in back.of("A").effects
    plain = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7")).value
    assert plain.of("A").effects == (Effect.ITEM_ELIMINATED, Effect.PANJI_MC)


def test_g9_42_vehicles_immobilized_unless_full_tracked_afv_or_dozer() -> None:
    g = world(
        vehicle("T", "37EE8", VehicleType.TRUCK),
        vehicle("H", "37EE8", VehicleType.HALF_TRACKED, afv=True),
        vehicle("W", "37EE8", VehicleType.WAGON),
        vehicle("M", "37EE8", VehicleType.FULLY_TRACKED, afv=True),
        vehicle("Z", "37EE8", VehicleType.DOZER),
        vehicle("C", "37EE8", VehicleType.FULLY_TRACKED, afv=False),
    )
    eff = pe.entry_effects(g, PanjiEntry(("T", "H", "W", "M", "Z", "C"), "37EE8", "37EE7")).value
    for v in ("T", "H", "W", "C"):
        assert eff.of(v).effects == (Effect.IMMOBILIZED,)
    for v in ("M", "Z"):
        assert eff.of(v).effects == (Effect.NONE,)
    out = pe.resolve_entry(g, PanjiEntry(("T", "M"), "37EE8", "37EE7"), GivenDice(""))
    assert out.immobilized == ("T",)
    t = out.result.unit("T")
    assert t is not None and not t.mobile and t.position == ABOVE


def test_g9_42_exc_ridden_motorcycle_eliminated_riders_bail_out() -> None:
    rider = make("R", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37EE8")
    g = world(rider.with_(kind=Kind.CYCLE_RIDER))
    eff = pe.entry_effects(g, PanjiEntry(("R",), "37EE8", "37EE7")).value
    assert eff.bail_out == ("R",)
    assert eff.of("R").effects == (Effect.ITEM_ELIMINATED, Effect.BAIL_OUT)
    assert "G9.423" in eff.rules


def test_g9_421_towed_gun_lost_with_immobilized_vehicle() -> None:
    gun = Unit("G", "american", "american", Kind.GUN, hex="37EE8")
    g = world(vehicle("T", "37EE8", VehicleType.TRUCK), gun)
    entry = PanjiEntry(("T",), "37EE8", "37EE7", towing=(("T", "G"),))
    eff = pe.entry_effects(g, entry).value
    assert eff.of("G").effects == (Effect.ITEM_ELIMINATED,) and "G9.421" in eff.of("G").rules
    g2 = pe.apply_entry(g, pe.resolve_entry(g, entry, GivenDice("")))
    assert "G" not in g2.units
    g3 = world(vehicle("M", "37EE8", VehicleType.FULLY_TRACKED, afv=True), gun)
    eff3 = pe.entry_effects(g3, PanjiEntry(("M",), "37EE8", "37EE7", towing=(("M", "G"),)))
    assert all(e.unit != "G" for e in eff3.value.units)


def test_g9_422_horse_eliminated_unless_eleven_mf() -> None:
    cav = make("K", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37EE8")
    cav = cav.with_(kind=Kind.CAVALRY)
    g = world(cav)
    eff = pe.entry_effects(g, PanjiEntry(("K",), "37EE8", "37EE7", horse_mf=4)).value
    assert eff.bail_out == ("K",)
    ok = pe.entry_effects(g, PanjiEntry(("K",), "37EE8", "37EE7", horse_mf=11)).value
    assert ok.bail_out == () and ok.of("K").effects == (Effect.NONE,)
    g2 = world(cav.with_(galloping=True), hidden=True)
    gal = pe.entry_effects(g2, PanjiEntry(("K",), "37EE8", "37EE7", horse_mf=11)).value
    assert gal.bail_out == ("K",)


def test_g9_422_bicycle_ridden_eliminated_led_horse_not() -> None:
    g = world(
        us("B", "37DD8", transport=Transport.RIDING_BICYCLE),
        us("L", "37DD8", transport=Transport.LEADING_HORSE),
        us("P", "37DD8", transport=Transport.PORTAGING_BICYCLE),
    )
    eff = pe.entry_effects(g, PanjiEntry(("B", "L", "P"), "37DD8", "37DD7")).value
    assert eff.bail_out == ("B",)
    assert eff.of("L").effects == (Effect.PANJI_MC,) and "G9.422" in eff.of("L").rules
    assert eff.of("P").effects == (Effect.PANJI_MC,)


def test_g9_422_no_gallop_onto_or_off_non_hidden_panji() -> None:
    cav = make("K", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37EE8")
    cav = cav.with_(kind=Kind.CAVALRY, galloping=True)
    g = world(cav)
    with pytest.raises(RuleViolation) as e:
        pe.verify_gallop(g, g.unit("K"), "37EE7")
    assert e.value.rule == "G9.422"
    pe.verify_gallop(world(cav, hidden=True), cav, "37EE7")
    off = world(cav.with_(hex="37EE7", position=ABOVE))
    with pytest.raises(RuleViolation):
        pe.verify_gallop(off, off.unit("K"), "37FF7")


def test_g9_423_bail_out_nmc_then_panji_mc() -> None:
    g = world(us("B", "37EE8", transport=Transport.RIDING_BICYCLE))
    # Bail Out NMC 1,2 passes; the Panji MC 6,6 is a Casualty MC.
    out = pe.resolve_entry(g, PanjiEntry(("B",), "37EE8", "37EE7"), GivenDice("1,2 6,6"))
    assert "G9.423" in out.result.rules and "G9.31" in out.result.rules
    u = out.result.unit("B")
    assert u is None or u.broken


def test_g9_423_prc_disembark_onto_panji() -> None:
    assert pe.prc_disembark_position(ABOVE).value == ABOVE
    assert pe.prc_disembark_position(BENEATH).value == BENEATH
    r = pe.resolve_prc_disembark(
        [us("P1", "37EE7"), us("P2", "37EE7")], GivenDice("1,2 1,3"), bail_out=False
    )
    assert [u.position for u in r.units] == [ABOVE, ABOVE] and "G9.423" in r.rules


def test_g9_43_stack_on_path_random_unit_then_ptc() -> None:
    g = world(us("S1", "37EE8"), us("S2", "37EE8"), leader("L", "37EE8"))
    entry = PanjiEntry(("S1", "S2", "L"), "37EE8", "37EE7")
    eff = pe.entry_effects(g, entry).value
    assert eff.stack == ("S1", "S2", "L") and eff.individual == ()
    assert all(Effect.STACK_PANJI_MC in e.effects for e in eff.units)
    d = pe.entry_odds(g, entry)
    assert d.total() == 1
    selected = d.map(lambda o: o.selected)
    for uid in ("S1", "S2", "L"):
        assert selected[uid] == Fraction(1, 3)


def test_g9_43_selected_unit_and_ptc_hand_count() -> None:
    """Two US 1st-Line squads (ML 6) cross a path hexside: the selected one takes the Panji MC
    (broken on 7-12: 21/36); the other takes a PTC, pinned on 7-12 (21/36)."""
    g = world(us("S1", "37EE8"), us("S2", "37EE8"))
    d = pe.entry_odds(g, PanjiEntry(("S1", "S2"), "37EE8", "37EE7"))

    def broken(o: pe.EntryOutcome, uid: str) -> bool:
        u = o.result.unit(uid)
        return u is not None and u.broken

    assert d.probability(lambda o: o.selected == "S1" and broken(o, "S1")) == Fraction(21, 72)
    other_pinned = d.probability(
        lambda o: o.selected == "S1" and (u := o.result.unit("S2")) is not None and u.pinned
    )
    assert other_pinned == Fraction(1, 2) * Fraction(21, 36)


def test_g9_43_resolve_names_selection() -> None:
    g = world(us("S1", "37EE8"), us("S2", "37EE8"))
    out = pe.resolve_entry(g, PanjiEntry(("S1", "S2"), "37EE8", "37EE7"), GivenDice("2 1,2 1,3"))
    assert out.selected == "S2"


def test_g9_43_no_stack_procedure_off_road() -> None:
    g = world(us("S1", "37DD8"), us("S2", "37DD8"))
    eff = pe.entry_effects(g, PanjiEntry(("S1", "S2"), "37DD8", "37DD7")).value
    assert eff.stack == () and eff.individual == ("S1", "S2")


def test_g9_43_depression_or_tb_given() -> None:
    g = world(us("S1", "37DD8"), us("S2", "37DD8"))
    entry = PanjiEntry(("S1", "S2"), "37DD8", "37DD7", crossing=pe.Crossing.TB)
    assert pe.entry_effects(g, entry).value.stack == ("S1", "S2")


@pytest.mark.parametrize("kw", [{"human_wave": True}, {"phase": "rtph"}])
def test_g9_43_exc_human_wave_banzai_and_routing_take_g9_41(kw: dict[str, Any]) -> None:
    g = world(us("S1", "37EE8"), us("S2", "37EE8"))
    entry = replace(PanjiEntry(("S1", "S2"), "37EE8", "37EE7"), **kw)
    eff = pe.entry_effects(g, entry).value
    assert eff.stack == () and eff.individual == ("S1", "S2")


def test_g9_43_exc_berserk_stack() -> None:
    g = world(us("S1", "37EE8", berserk=True), us("S2", "37EE8", berserk=True))
    eff = pe.entry_effects(g, PanjiEntry(("S1", "S2"), "37EE8", "37EE7")).value
    assert eff.stack == ()


def test_g9_43_prisoners_not_selected() -> None:
    g = world(us("S1", "37EE8"), us("S2", "37EE8"), jp("P", "37EE8", unarmed=True))
    entry = PanjiEntry(("S1", "S2", "P"), "37EE8", "37EE7", prisoners=("P",))
    assert pe.entry_effects(g, entry).value.stack == ("S1", "S2")


def test_g9_43_aerial_stack_excluded() -> None:
    g = world(us("S1", "37EE8"), us("S2", "37EE8"))
    eff = pe.entry_effects(g, PanjiEntry(("S1", "S2"), "37EE8", "37EE7", aerial=True)).value
    assert eff.stack == ()


def test_g9_44_column_disbands() -> None:
    g = world(us("A", "37EE8"), hidden=True)
    hidden = pe.entry_effects(g, PanjiEntry(("A",), "37EE8", "37EE7", column=True)).value
    assert hidden.column == Effect.COLUMN_DISBANDS
    shown = pe.entry_effects(
        world(us("A", "37EE8")), PanjiEntry(("A",), "37EE8", "37EE7", column=True)
    ).value
    assert shown.column == Effect.COLUMN_MAY_DISBAND and "E11.53" in shown.rules
    back = pe.entry_effects(
        world(us("A", "37EE8")), PanjiEntry(("A",), "37EE8", "37EE7", column=True, forced_back=True)
    ).value
    assert back.column is None  # forced back: no Panji MC required


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_g9_41_43_any_roll_lands_on_an_outcome_of_the_odds(seed: int) -> None:
    g = world(us("S1", "37EE8"), us("S2", "37EE8"), leader("L", "37EE8"))
    entry = PanjiEntry(("S1", "S2", "L"), "37EE8", "37EE7")
    d = pe.entry_odds(g, entry)
    assert d.total() == 1
    assert d[pe.resolve_entry(g, entry, RandomDice(seed))] > 0


# --- G9.47 -------------------------------------------------------------------------------------


def test_g9_47_parachute_drm() -> None:
    assert pe.parachute_drm(covered=1).value == 1
    assert pe.parachute_drm(covered=3).value == 2
    assert pe.parachute_drm(covered=3, broken=True).value == 3
    assert pe.parachute_drm(covered=4, half_inch=True).value == 3


def test_g9_47_placement_hand_count() -> None:
    """Panji C (3 Covered: +2). Beneath on a Final dr < 6: dr 1-3 (3/6); above on 4-6."""
    g = world()
    sq = us("P", "37DD7")
    d = pe.parachute_odds(g, "37DD7", [sq])
    assert d.total() == 1
    assert d.probability(lambda o: o.positions == (("P", BENEATH),)) == Fraction(1, 2)
    # those above take one Panji MC with Morale Level 7 (a 1st-Line squad has 7 anyway)
    above = d.probability(lambda o: o.positions == (("P", ABOVE),))
    assert above == Fraction(1, 2)


def test_g9_47_one_mc_for_all_above_morale_level_7() -> None:
    g = world()
    units = [us("P1", "37DD7"), leader("L", "37DD7", "10-2")]
    # dr 6: both above; one Panji MC DR 4,4 (doubles: Casualty Reduction) at ML 7
    out = pe.resolve_parachute(g, "37DD7", units, GivenDice("6 4,4 1"))
    assert out.positions == (("P1", ABOVE), ("L", ABOVE))
    assert "G9.47" in out.result.rules


def test_g9_47_glider_crash_drm() -> None:
    g = world()
    assert pe.glider_crash_drm(g, "37DD7", "37CC8").value == 1
    assert pe.glider_crash_drm(g, "37DD7", "37DD6").value == 0


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_g9_47_any_roll_lands_on_an_outcome(seed: int) -> None:
    g = world()
    units = [us("P1", "37DD7", broken=True), us("P2", "37DD7")]
    d = pe.parachute_odds(g, "37DD7", units)
    assert d.total() == 1
    assert d[pe.resolve_parachute(g, "37DD7", units, RandomDice(seed))] > 0


# --- G9.48 -------------------------------------------------------------------------------------


def test_g9_48_ex_search_across_covered_hexsides() -> None:
    g = world()
    for searcher, searched in (
        ("37EE8", "37EE7"),
        ("37EE8", "37DD7"),  # squad A
        ("37EE7", "37EE8"),  # squad B
        ("37DD7", "37CC8"),
        ("37DD7", "37DD8"),
        ("37DD7", "37EE8"),  # squad E
    ):
        assert pe.search_across_covered(g, searcher, searched).value, (searcher, searched)
    assert not pe.search_across_covered(g, "37DD6", "37DD7").value
    assert not pe.search_across_covered(g, "37DD7", "37EE7").value


def test_g9_48_casualty_odds_hand_count() -> None:
    """A12.154 via the data file: Casualty Reduction on a Final Casualty dr <= 1 (1/6)."""
    g = world()
    d = pe.search_casualty_odds(g, "37EE8", "37EE7")
    assert d[True] == Fraction(1, 6) and d.total() == 1
    assert pe.search_casualty_odds(g, "37DD6", "37DD7")[False] == 1


def test_a12_154_the_casualty_dr_at_most_one_reduces_the_searcher() -> None:
    """A12.154 (G9.48): the DEFENDER's Final Casualty dr <= 1 (not the Searcher's dr 6); its drm
    (e.g. -1 for a Stealthy concealed DEFENDER) bring a 2 down to 1."""
    g = world()
    assert pe.search_casualty(g, "37EE8", "37EE7", 1).value
    assert not pe.search_casualty(g, "37EE8", "37EE7", 6).value
    assert not pe.search_casualty(g, "37EE8", "37EE7", 2).value
    assert pe.search_casualty(g, "37EE8", "37EE7", 2, drm=-1).value
    assert not pe.search_casualty(g, "37DD6", "37DD7", 1).value  # no Covered hexside between


def test_g9_48_searched_hidden_panji_revealed_and_no_search_above() -> None:
    g = world(hidden=True)
    assert pe.revealed_by_search(g, "37DD7").value
    with pytest.raises(RuleViolation) as e:
        pe.verify_search(us("A", "37EE7", ABOVE))
    assert e.value.rule == "G9.48"


# --- G9.5x -------------------------------------------------------------------------------------


def test_g9_52_infantry_above_item_actions() -> None:
    a = us("A", "37EE7", ABOVE)
    for act in (
        ItemAction.RECOVER,
        ItemAction.TRANSFER,
        ItemAction.DISMANTLE,
        ItemAction.ASSEMBLE,
        ItemAction.REPAIR,
        ItemAction.MALFUNCTION,
        ItemAction.DISABLE,
    ):
        with pytest.raises(RuleViolation) as e:
            pe.verify_item_action(a, act)
        assert e.value.rule == "G9.52"
    pe.verify_item_action(us("B", "37EE7", BENEATH), ItemAction.RECOVER)


def test_g9_6_ex_tank_above_may_not_change_vca() -> None:
    tank = vehicle("M", "37EE7", VehicleType.FULLY_TRACKED, afv=True, position=ABOVE)
    for act in (ItemAction.CHANGE_VCA, ItemAction.SCROUNGE):
        with pytest.raises(RuleViolation) as e:
            pe.verify_item_action(tank, act)
        assert e.value.rule == "G9.52"


def test_g9_52_gun_above() -> None:
    gun = Unit("G", "american", "american", Kind.GUN, hex="37EE7", position=ABOVE)
    for act in (
        ItemAction.FIRE,
        ItemAction.PUSH,
        ItemAction.HOOK,
        ItemAction.UNLIMBER,
        ItemAction.PACK,
        ItemAction.LOAD,
    ):
        with pytest.raises(RuleViolation):
            pe.verify_item_action(gun, act)
    pe.verify_item_action(gun, ItemAction.LOAD, dismantled=True)
    with pytest.raises(RuleViolation):
        pe.verify_item_action(gun, ItemAction.REPAIR)
    pe.verify_item_action(gun, ItemAction.REPAIR, in_vehicle=True)


def test_g9_52_unpossessed_item_left_above() -> None:
    assert pe.unpossessed_item_position(ABOVE).value == ABOVE


def test_g9_53_concealment() -> None:
    a = us("A", "37EE7", ABOVE)
    assert pe.concealment_loss_activity(a).value
    with pytest.raises(RuleViolation) as e:
        pe.verify_concealment_dr(a, enemy_los=True)
    assert e.value.rule == "G9.53"
    pe.verify_concealment_dr(a, enemy_los=False)


def test_g9_55_ex_foxhole_beneath() -> None:
    assert pe.fortification_position().value == BENEATH
    with pytest.raises(RuleViolation) as e:
        pe.verify_enter_fortification(us("A", "37EE7", ABOVE))
    assert e.value.rule == "G9.55"
    pe.verify_enter_fortification(us("B", "37EE7", BENEATH))
    pe.verify_enter_fortification(us("A", "37EE7", ABOVE), via_trench=True)


def test_g9_55_no_entrenching_above() -> None:
    with pytest.raises(RuleViolation) as e:
        pe.verify_entrench(us("A", "37EE7", ABOVE))
    assert e.value.rule == "G9.55"


def test_g9_56_guard_across_the_counter() -> None:
    p = jp("P", "37EE7", BENEATH, unarmed=True)
    with pytest.raises(RuleViolation) as e:
        pe.verify_guard(us("A", "37EE7", ABOVE), p)
    assert e.value.rule == "G9.56"
    pe.verify_guard(us("B", "37EE7", BENEATH), p)


def test_g9_31_stays_with_morale() -> None:
    """The Panji MC itself is morale.py's (G9.31); entry resolution calls it."""
    r = morale.resolve_check(us("A", "37EE7"), morale.Check.PANJI, GivenDice("3,3"))
    assert "G9.31" in r.rules


def test_g9_47_hidden_panji_revealed_by_landing_and_glider_beneath() -> None:
    out = pe.resolve_parachute(world(hidden=True), "37DD7", [us("P", "37DD7")], GivenDice("1"))
    assert out.revealed and out.positions == (("P", BENEATH),)
    assert pe.glider_landing_position().value == BENEATH


def test_g9_51_prc_only_with_transport_on_the_same_side_of_the_counter() -> None:
    truck = vehicle("T", "37EE7", VehicleType.TRUCK, position=BENEATH)
    with pytest.raises(RuleViolation) as e:
        pe.verify_embark(us("A", "37EE7", ABOVE), truck)
    assert e.value.rule == "G9.51"
    pe.verify_embark(us("B", "37EE7", BENEATH), truck)


def test_g9_411_manhandled_gun_moving_with_its_crew_is_eliminated() -> None:
    gun = Unit("G", "american", "american", Kind.GUN, hex="37EE8")
    g = world(us("A", "37EE8", transport=Transport.MANHANDLING_GUN), gun)
    entry = PanjiEntry(("A", "G"), "37EE8", "37EE7")
    eff = pe.entry_effects(g, entry).value
    assert eff.of("G").effects == (Effect.ITEM_ELIMINATED,)
    g2 = pe.apply_entry(g, pe.resolve_entry(g, entry, GivenDice("1,2")))
    assert "G" not in g2.units and g2.unit("A").position == ABOVE


def test_g9_423_prc_disembark_odds_hand_count() -> None:
    """One US squad (ML 6) disembarking above the counter without Bail Out: its Panji MC breaks
    it on 7-12 (21/36)."""
    d = pe.prc_disembark_odds([us("P1", "37EE7")], bail_out=False)
    assert d.total() == 1
    assert d.probability(lambda r: (u := r.unit("P1")) is not None and u.broken) == Fraction(21, 36)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_g9_423_48_any_roll_lands_on_an_outcome(seed: int) -> None:
    units = [us("P1", "37EE7")]
    d = pe.prc_disembark_odds(units, bail_out=True)
    assert d.total() == 1
    assert d[pe.resolve_prc_disembark(units, RandomDice(seed), bail_out=True)] > 0
    g = world()
    s = pe.search_casualty_odds(g, "37EE8", "37EE7")
    assert s[pe.resolve_search_casualty(g, "37EE8", "37EE7", RandomDice(seed)).value] > 0


def test_g9_43_banzai_entry_panji_mc_at_human_wave_morale() -> None:
    """G9.43 EXC + A25.23/G1.5: each unit of a Banzai Charge takes its own Panji MC (G9.41),
    with its Morale Level one higher: a US 1st-Line squad (ML 6) then breaks only on 8-12
    (15/36) instead of 7-12 (21/36)."""
    g = world(us("S1", "37EE8"))
    plain = pe.entry_odds(g, PanjiEntry(("S1",), "37EE8", "37EE7"))
    wave = pe.entry_odds(g, replace(PanjiEntry(("S1",), "37EE8", "37EE7"), human_wave=True))

    def broken(o: pe.EntryOutcome) -> bool:
        u = o.result.unit("S1")
        return u is not None and u.broken

    def gone_or_broken(o: pe.EntryOutcome) -> bool:
        u = o.result.unit("S1")
        return u is None or u.broken

    assert wave.total() == 1 and plain.total() == 1
    assert plain.probability(gone_or_broken) == plain.probability(broken) == Fraction(21, 36)
    assert wave.probability(gone_or_broken) == wave.probability(broken) == Fraction(15, 36)
