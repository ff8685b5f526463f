"""Water Obstacles (B21) away from movement: Current, depth, drift, Open Ground, fording
fire and rout, ice."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Direction
from aslpto.board.maps import RiverDepth
from aslpto.board.terrain import Terrain
from aslpto.rules.panji.effects import Weapon
from aslpto.rules.water import conditions as wc
from aslpto.rules.water.conditions import Craft, Heading, IceLedger
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, RandomDice
from aslpto.state.game import EC, Conditions, CurrentForce, FortKind, Game
from aslpto.state.units import Kind, Unit, UnitClass
from maphelp import one_board

NS_RIVER = """[terrain]
river = ["E1..E10", "F1..F10", "G1..G10", "Q1..Q10"]
open-ground = ["F5"]
pond = ["C3", "K8"]
marsh = ["D7"]
[ponds]
no_dot = ["K8"]
"""
EW_RIVER = """[terrain]
river = ["A5:GG6"]
"""


def game(text: str = NS_RIVER, **cond: Any) -> Game:
    c = Conditions(**cond)
    return Game(one_board(text, river_depth=c.river_depth, sub_zero=c.sub_zero), c)


def sq(uid: str, hex_name: str, **kw: Any) -> Unit:
    return make(uid, "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex=hex_name, **kw)


# --- B21.1-B21.14 ------------------------------------------------------------------------------


def test_b21_1_water_obstacle_hexes() -> None:
    g = game(NS_RIVER.replace("[ponds]", 'canal = ["A2"]\nlake = ["B2"]\nocean = ["GG2"]\n[ponds]'))
    for name, rule in (
        ("37E5", "B21.12"),
        ("37C3", "B21.13"),
        ("37A2", "B21.11"),
        ("37B2", "B21.14"),
        ("37GG2", "B21.14"),
    ):
        r = wc.is_water_obstacle_hex(g, name)
        assert r.value and rule in r.rules, name
    assert not wc.is_water_obstacle_hex(g, "37D5").value
    r = wc.is_water_obstacle_hex(g, "37K8")
    assert not r.value and r.rules == ("B21.13",)


def test_b21_122_wrecks_only_in_fordable_water() -> None:
    assert wc.wrecks_in_water(game(river_depth=RiverDepth.FORDABLE), "37E5").value
    assert not wc.wrecks_in_water(game(), "37E5").value
    # B21.13: a pond only if an SSR defines it fordable, whatever the river's depth
    assert not wc.wrecks_in_water(game(river_depth=RiverDepth.FORDABLE), "37C3").value
    assert wc.wrecks_in_water(game(), "37C3", pond_fordable=True).value
    assert not wc.wrecks_in_water(game(), "37C3").value


# --- B21.121 -----------------------------------------------------------------------------------


def test_b21_121_force_table() -> None:
    got = [wc.force_from_dr(dr, EC.MODERATE).value for dr in range(1, 7)]
    assert got == [CurrentForce.HEAVY] + [CurrentForce.MODERATE] * 4 + [CurrentForce.SLOW]
    assert wc.force_from_dr(3, EC.WET).value == CurrentForce.HEAVY  # EC drm -2 (B25.5)
    assert wc.force_from_dr(1, EC.VERY_DRY).value == CurrentForce.MODERATE  # +2
    assert wc.force_from_dr(4, EC.VERY_DRY).value == CurrentForce.SLOW
    assert "B25.5" in wc.force_from_dr(1, EC.WET).rules


def test_b21_121_direction_odd_reverses() -> None:
    assert wc.direction_from_dr(3, Direction.S).value == Direction.N
    assert wc.direction_from_dr(4, Direction.S).value == Direction.S


def test_b21_121_current_odds_hand_count() -> None:
    """Moderate EC, counter placed pointing S. dr 1: reversed, heavy; 2, 4: S moderate;
    3, 5: N moderate; 6: S slow."""
    d = wc.current_odds(Conditions(), placed=Direction.S)
    assert d.total() == 1
    assert d[wc.Current(Direction.N, CurrentForce.HEAVY)] == Fraction(1, 6)
    assert d[wc.Current(Direction.S, CurrentForce.MODERATE)] == Fraction(2, 6)
    assert d[wc.Current(Direction.N, CurrentForce.MODERATE)] == Fraction(2, 6)
    assert d[wc.Current(Direction.S, CurrentForce.SLOW)] == Fraction(1, 6)


def test_b21_121_ssr_overrides_the_dr() -> None:
    c = Conditions(current_direction=Direction.N, current_force=CurrentForce.HEAVY)
    r = wc.resolve_current(c, GivenDice(""), placed=Direction.S)
    assert r.value == wc.Current(Direction.N, CurrentForce.HEAVY) and "SSR" in r.why
    only_force = Conditions(current_force=CurrentForce.SLOW)
    r2 = wc.resolve_current(only_force, GivenDice("3"), placed=Direction.S)
    assert r2.value == wc.Current(Direction.N, CurrentForce.SLOW)


def test_b21_121_ec_drm_is_data() -> None:
    assert wc.ec_drm(EC.MODERATE).value == 0
    assert wc.ec_drm("moist").value == -1


def test_b25_5_ec_chart_drm_wet_lowers_dry_raises() -> None:
    """B25.5's EC Chart (the eASLRB v3.01 transcription): Snow -3, Mud -3, Wet -2, Moist -1,
    Moderate 0, Dry +1, Very Dry +2; a wet river is more often flooded (B21.122: <= 1)."""
    got = {ec: wc.ec_drm(ec).value for ec in ("snow", "mud", "wet", "moist", "moderate")}
    assert got == {"snow": -3, "mud": -3, "wet": -2, "moist": -1, "moderate": 0}
    assert (wc.ec_drm("dry").value, wc.ec_drm("very-dry").value) == (1, 2)


def test_b21_121_ex_current_does_not_affect_narrow_river() -> None:
    g = game(current_force=CurrentForce.MODERATE, current_direction=Direction.S)
    assert not wc.current_applies(g, "37Q5").value
    assert wc.current_applies(g, "37F3").value
    # E5 lies between the island F5 and the bank: an island does not stop the Current
    assert wc.current_applies(g, "37E5").value
    assert not wc.current_applies(g, "37E5", on_bridge=True).value


def test_b21_121_drift_moderate_only_in_own_aph() -> None:
    g = game(current_force=CurrentForce.MODERATE, current_direction=Direction.S)
    boat = Craft()
    r = wc.drift(g, "37F3", boat, own_aph=True)
    assert r.value.drifts and r.value.candidates == (g.map.hex("37F4"),)
    assert not wc.drift(g, "37F3", boat, own_aph=False).value.drifts
    assert not wc.drift(g, "37F3", boat, own_aph=True, launched_or_landed=True).value.drifts
    heavy = replace(g, conditions=replace(g.conditions, current_force=CurrentForce.HEAVY))
    assert wc.drift(heavy, "37F3", boat, own_aph=False).value.drifts
    slow = replace(g, conditions=replace(g.conditions, current_force=CurrentForce.SLOW))
    assert not wc.drift(slow, "37F3", boat, own_aph=True).value.drifts


def test_b21_121_no_drift_into_marsh_or_land() -> None:
    g = game(current_force=CurrentForce.HEAVY, current_direction=Direction.S)
    assert not wc.drift(g, "37E10", Craft(), own_aph=True).value.drifts  # board edge
    assert wc.downstream(g, "37F4", Heading.S) == ()  # F5 is the island


def test_b21_121_drift_hex_chosen_or_by_dr() -> None:
    g = game(EW_RIVER, current_force=CurrentForce.MODERATE)
    paddled = Craft()
    r = wc.drift(g, "37J5", paddled, own_aph=True, heading=Heading.E)
    assert r.value.by_dr and {g.map.name(h) for h in r.value.candidates} == {"37K5", "37K6"}
    power = Craft(powered=True)
    assert not wc.drift(g, "37J5", power, own_aph=True, heading=Heading.E).value.by_dr
    got = wc.resolve_drift(
        g, "37J5", power, GivenDice(""), own_aph=True, heading=Heading.E, choice="37K6"
    )
    assert got.value == g.map.hex("37K6")
    with pytest.raises(RuleViolation):
        wc.resolve_drift(
            g, "37J5", power, GivenDice(""), own_aph=True, heading=Heading.E, choice="37J6"
        )
    for craft in (
        Craft(powered=True, abandoned=True),
        Craft(amphibian=True, immobile=True),
        Craft(amphibian=True, shocked_or_stunned=True),
        Craft(powered=True, prc_good_order=False),
    ):
        assert not craft.chooses
    assert Craft(amphibian=True).chooses


def test_b21_121_drift_dr_hand_count() -> None:
    """dr 1-3: the lower hex coordinate (37K5), 4-6: the higher (37K6)."""
    g = game(EW_RIVER, current_force=CurrentForce.HEAVY)
    d = wc.drift_odds(g, "37J5", Craft(), own_aph=False, heading=Heading.E)
    assert d[g.map.hex("37K5")] == Fraction(1, 2) and d[g.map.hex("37K6")] == Fraction(1, 2)


# --- B21.122 -----------------------------------------------------------------------------------


def test_b21_122_depth_table_and_odds() -> None:
    d = wc.depth_odds(Conditions())
    assert d[RiverDepth.FLOODED] == Fraction(1, 6)
    assert d[RiverDepth.DEEP] == Fraction(4, 6)
    assert d[RiverDepth.FORDABLE] == Fraction(1, 6)
    # B25.5: Dry +1 (no flood, fordable on 5-6); Wet -2 (flooded on 1-3, never fordable)
    dry = wc.depth_odds(Conditions(ec=EC.DRY))
    assert dry[RiverDepth.FLOODED] == 0 and dry[RiverDepth.FORDABLE] == Fraction(2, 6)
    wet = wc.depth_odds(Conditions(ec=EC.WET))
    assert wet[RiverDepth.FLOODED] == Fraction(3, 6) and wet[RiverDepth.FORDABLE] == 0


def test_b21_122_ssr_and_undefined() -> None:
    c = Conditions()
    assert wc.resolve_depth(c, GivenDice(""), ssr=RiverDepth.FORDABLE).value == (
        RiverDepth.FORDABLE
    )
    assert wc.resolve_depth(c, GivenDice("")).value == RiverDepth.DEEP
    assert wc.resolve_depth(c, GivenDice("6"), dyo=True).value == RiverDepth.FORDABLE


def test_b21_122_flooded_marsh_is_river_fordable_is_mudflats() -> None:
    """Done in the map build (pto_terrain.water_levels); cited here."""
    flooded = one_board(NS_RIVER, river_depth=RiverDepth.FLOODED)
    assert flooded.terrain(flooded.hex("37D7")) == Terrain.RIVER
    assert "B21.122" in flooded.info(flooded.hex("37D7")).rules
    ford = one_board(NS_RIVER, river_depth=RiverDepth.FORDABLE)
    assert ford.terrain(ford.hex("37D7")) == Terrain.MUDFLATS


def test_b21_122_fording_needs_fordable_non_frigid() -> None:
    assert wc.may_ford(game(river_depth=RiverDepth.FORDABLE)).value
    assert not wc.may_ford(game(river_depth=RiverDepth.FORDABLE, frigid_water=True)).value
    assert not wc.may_ford(game()).value


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_b21_12x_any_roll_lands_on_an_outcome(seed: int) -> None:
    c = Conditions(ec=EC.WET)
    assert wc.current_odds(c, placed=Direction.N)[
        wc.resolve_current(c, RandomDice(seed), placed=Direction.N).value
    ]
    assert wc.depth_odds(c)[wc.resolve_depth(c, RandomDice(seed), dyo=True).value]


# --- B21.3 / B21.42 / B21.43 -------------------------------------------------------------------


def test_b21_3_open_ground_with_los() -> None:
    g = game()
    assert wc.open_ground(g, "37E5", los=True).value
    assert not wc.open_ground(g, "37E5", los=False).value
    assert not wc.open_ground(g, "37D5", los=True).value


def test_b21_42_fording_fire() -> None:
    assert wc.fording_fp(4, Weapon.INHERENT).value == 2
    assert wc.fording_fp(4, Weapon.INHERENT, afph=True).value == 1
    assert wc.fording_fp(3, Weapon.INHERENT, afph=True).value == Fraction(3, 4)
    with pytest.raises(RuleViolation) as e:
        wc.fording_fp(4, Weapon.LMG)
    assert e.value.rule == "B21.42"


def test_b21_43_broken_fording_units() -> None:
    g = game(river_depth=RiverDepth.FORDABLE)
    b = sq("A", "37E5", broken=True)
    with pytest.raises(RuleViolation) as e:
        wc.verify_low_crawl(g, b)
    assert e.value.rule == "B21.43"
    wc.verify_low_crawl(g, sq("B", "37E5"))
    assert wc.must_rout(g, b).value
    assert not wc.must_rout(g, sq("C", "37D5", broken=True)).value


# --- B21.6 -------------------------------------------------------------------------------------


def test_b21_6_ice_removed_by_original_he_kia() -> None:
    g = game(sub_zero=True)
    assert wc.is_ice(g, "37E5")
    assert wc.ice_removed(g, "37E5", he=True, original_kia=True).value
    assert not wc.ice_removed(g, "37E5", he=False, original_kia=True).value
    g2 = wc.clear_ice(g, "37E5")
    assert g2.map.terrain(g2.map.hex("37E5")) == Terrain.RIVER and not wc.is_ice(g2, "37E5")
    assert wc.is_ice(g, "37E5")


def test_b21_6_ice_collapse_hand_count() -> None:
    """B6.42: no weight sustained yet, a 5-ton vehicle exceeds the limit by one five-ton
    increment: +1 to the Bridge Collapse DR, the ice collapsing on a Final DR >= 12, i.e. an
    Original 11 or 12 (3/36); 11 tons over it, three increments: an Original >= 9 (10/36). A
    4-ton truck makes no check."""
    led = IceLedger.start()
    assert not wc.ice_crossing(led, 4).value.check
    d = wc.ice_odds(led, 5)
    assert d.probability(lambda r: r.collapsed) == Fraction(3, 36)
    assert d[wc.IceResult(False, IceLedger(5))] == Fraction(33, 36)
    assert wc.ice_crossing(led, 11).value.drm == 3
    assert wc.ice_odds(led, 11).probability(lambda r: r.collapsed) == Fraction(10, 36)


def test_b21_6_weight_limit_is_highest_sustained() -> None:
    led = wc.resolve_ice_crossing(IceLedger(), 4, GivenDice("")).value.ledger
    assert led.weight_limit == 4
    r = wc.resolve_ice_crossing(led, 13, GivenDice("1,1")).value
    assert not r.collapsed and r.ledger.weight_limit == 13
    assert not wc.ice_crossing(r.ledger, 13).value.check
    heavier = wc.ice_crossing(r.ledger, 15).value
    assert heavier.check and heavier.drm == 1  # two tons over: one (fraction of a) five-ton step


def test_b21_6_collapse_eliminates_all_units_in_hex() -> None:
    g = replace(game(sub_zero=True), units={"A": sq("A", "37E5"), "B": sq("B", "37D5")})
    g2 = wc.apply_collapse(g, "37E5")
    assert "A" not in g2.units and "B" in g2.units


def test_b21_6_fortifications_on_ice() -> None:
    g = game(sub_zero=True)
    wc.verify_fortification_on_ice(g, FortKind.WIRE, "37E5")
    wc.verify_fortification_on_ice(g, FortKind.MINES, "37E5")
    for kind, hidden in ((FortKind.MINES, True), (FortKind.TRENCH, False)):
        with pytest.raises(RuleViolation) as e:
            wc.verify_fortification_on_ice(g, kind, "37E5", hidden=hidden)
        assert e.value.rule == "B21.6"


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=40))
def test_b21_6_any_roll_lands_on_an_outcome(seed: int, tons: int) -> None:
    led = IceLedger(3)
    assert wc.ice_odds(led, tons)[wc.resolve_ice_crossing(led, tons, RandomDice(seed)).value]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_b21_121_drift_any_roll_lands_on_an_outcome(seed: int) -> None:
    g = game(EW_RIVER, current_force=CurrentForce.HEAVY)
    d = wc.drift_odds(g, "37J5", Craft(), own_aph=False, heading=Heading.E)
    assert d.total() == 1
    got = wc.resolve_drift(g, "37J5", Craft(), RandomDice(seed), own_aph=False, heading=Heading.E)
    assert d[got.value] > 0
