"""Panji removal (G9.7-G9.74): Clearance, HE/DC, AFV/dozer, breach, Bombardment."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.board.hexes import Hexside
from aslpto.rules.panji import effects as pe
from aslpto.rules.panji.effects import ABOVE, BENEATH, AfvClear, ClearanceAttempt, HEAttack
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, RandomDice
from aslpto.state.game import Conditions, Game, Panji
from aslpto.state.units import Kind, Unit, UnitClass, VehicleType
from maphelp import one_board

C_SIDES = ("37DD7-CC8", "37DD7-DD8", "37DD7-EE8")


def world(*units: Unit) -> Game:
    m = one_board("", pto_terrain=True)
    lay = m.layout
    c = Panji(
        "C",
        m.hex("37DD7"),
        frozenset(lay.hexside(s) for s in C_SIDES),
        side="japanese",
        top=lay.hexside("37DD7-DD8"),
    )
    return Game(m, Conditions(pto_terrain=True), units={u.id: u for u in units}, panjis={"C": c})


def sq(uid: str, position: str = BENEATH, hex_name: str = "37DD7") -> Unit:
    return make(uid, "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex=hex_name, position=position)


def hs(g: Game, *names: str) -> frozenset[Hexside]:
    return frozenset(g.map.layout.hexside(n) for n in names)


def tank(uid: str = "M", vt: VehicleType = VehicleType.FULLY_TRACKED, **kw: object) -> Unit:
    base = Unit(
        uid,
        "american",
        "american",
        Kind.VEHICLE,
        hex="37DD7",
        position=BENEATH,
        vehicle_type=vt,
        afv=True,
    )
    return base.with_(**kw)


# --- G9.7 --------------------------------------------------------------------------------------


def test_g9_7_removal_leaves_units_unharmed() -> None:
    g = world(sq("A", ABOVE), sq("B", BENEATH))
    g2 = pe.remove_panji(g, "C")
    assert "C" not in g2.panjis
    assert g2.unit("A").position == "ground" and not g2.unit("A").broken
    assert g2.unit("B").position == "ground"
    assert g.unit("A").position == ABOVE


def test_g9_7_last_covered_hexside_removes_the_counter() -> None:
    g = world()
    g2 = pe.uncover(g, "C", hs(g, *C_SIDES[:2]))
    assert g2.panjis["C"].covered == hs(g, C_SIDES[2])
    assert "C" not in pe.uncover(g2, "C", hs(g, C_SIDES[2])).panjis
    with pytest.raises(InputError):
        pe.uncover(g, "C", hs(g, "37DD7-DD6"))


# --- G9.71 -------------------------------------------------------------------------------------


def test_g9_71_clearance_of_a_predesignated_covered_hexside() -> None:
    g = world(sq("A"))
    a = ClearanceAttempt("C", "37DD7-DD8", ("A",))
    assert pe.verify_clearance(g, a) == g.map.layout.hexside("37DD7-DD8")
    with pytest.raises(RuleViolation) as e:
        pe.verify_clearance(g, ClearanceAttempt("C", "37DD7-DD6", ("A",)))
    assert e.value.rule == "G9.71"


def test_g9_71_no_unit_above_may_attempt_direct_or_assist() -> None:
    g = world(sq("A"), sq("L", ABOVE))
    with pytest.raises(RuleViolation) as e:
        pe.verify_clearance(g, ClearanceAttempt("C", "37DD7-DD8", ("A", "L")))
    assert e.value.rule == "G9.71"


def test_g9_71_clearance_odds_hand_count() -> None:
    """B24.7 threshold from the data file (Final DR <= 2): only 1-1 (1/36); with a -1 DRM,
    DR <= 3: 1-1, 1-2, 2-1 (3/36)."""
    g = world(sq("A"))
    assert pe.clearance_odds(g, ClearanceAttempt("C", "37DD7-DD8", ("A",)))[True] == Fraction(1, 36)
    helped = ClearanceAttempt("C", "37DD7-DD8", ("A",), drm=(("per-additional-squad", -1),))
    assert pe.clearance_odds(g, helped)[True] == Fraction(3, 36)


def test_g9_71_success_uncovers_the_hexside() -> None:
    g = world(sq("A"))
    a = ClearanceAttempt("C", "37DD7-DD8", ("A",))
    r = pe.resolve_clearance(g, a, GivenDice("1,1"))
    assert r.value and "G9.71" in r.rules and "B24.7" in r.rules
    g2 = pe.apply_clearance(g, a, success=r.value)
    assert g2.panjis["C"].covered == hs(g, "37DD7-CC8", "37DD7-EE8")
    assert pe.apply_clearance(g, a, success=False) is g


# --- G9.72 -------------------------------------------------------------------------------------


def test_g9_72_shellholes_eliminate() -> None:
    g = world()
    r = pe.he_effect(g, "C", HEAttack.ORDNANCE_HE, kia=0, shellholes=True)
    assert r.value.eliminated
    assert pe.resolve_he(g, "C", HEAttack.FFE, GivenDice(""), kia=0, shellholes=True).value == (
        g.panjis["C"].covered
    )


@pytest.mark.parametrize(
    "attack", [HEAttack.HE_EQUIVALENCY, HEAttack.VEHICLE_TARGET_TYPE, HEAttack.DC_AT_SET]
)
def test_g9_72_exceptions_have_no_effect(attack: HEAttack) -> None:
    assert pe.he_effect(world(), "C", attack, kia=2).value.hexsides == 0


def test_g9_72_kia_number_of_hexsides_at_random_after_indirect_fire() -> None:
    """KIA 2 vs Panji C (three Covered): each pair of hexsides with 1/3 (3 x 2 orders / 6)."""
    g = world()
    d = pe.he_odds(g, "C", HEAttack.FFE, kia=2, indirect=True)
    assert d.total() == 1 and len(d) == 3
    for pair in ((0, 1), (0, 2), (1, 2)):
        assert d[hs(g, *(C_SIDES[i] for i in pair))] == Fraction(1, 3)


def test_g9_72_attacker_chooses_after_direct_fire() -> None:
    g = world()
    r = pe.resolve_he(g, "C", HEAttack.ORDNANCE_HE, GivenDice(""), kia=1, chosen=["37DD7-EE8"])
    assert r.value == hs(g, "37DD7-EE8")
    with pytest.raises(RuleViolation) as e:
        pe.resolve_he(g, "C", HEAttack.ORDNANCE_HE, GivenDice(""), kia=1, chosen=[])
    assert e.value.rule == "G9.72"


def test_g9_72_exc_placed_dc_changes_its_own_hexside_first() -> None:
    g = world()
    r = pe.resolve_he(g, "C", HEAttack.DC_PLACED, GivenDice(""), kia=1, placed_from="37DD8")
    assert r.value == hs(g, "37DD7-DD8")
    r2 = pe.resolve_he(
        g, "C", HEAttack.DC_PLACED, GivenDice(""), kia=2, placed_from="37DD8", chosen=["37DD7-CC8"]
    )
    assert r2.value == hs(g, "37DD7-DD8", "37DD7-CC8")


def test_g9_72_kia_at_least_covered_eliminates() -> None:
    g = world()
    r = pe.he_effect(g, "C", HEAttack.DC_THROWN, kia=3)
    assert r.value.eliminated
    out = pe.apply_uncovered(
        g, "C", pe.resolve_he(g, "C", HEAttack.DC_THROWN, GivenDice(""), kia=3).value
    )
    assert "C" not in out.panjis


def test_g9_72_no_kia_no_change() -> None:
    assert pe.he_effect(world(), "C", HEAttack.FFE, kia=0).value.hexsides == 0


# --- G9.73 -------------------------------------------------------------------------------------


def test_g9_73_cost_quarter_printed_mp_fru() -> None:
    assert pe.afv_clear_cost(13).value == 4
    assert pe.afv_clear_cost(12).value == 3


def test_g9_73_clear_hexside_within_vca() -> None:
    g = world(tank())
    a = AfvClear("M", "37DD7-CC8", printed_mp=14, bog_hex=True)
    assert pe.afv_clear(g, a).value == (4, True)
    assert pe.apply_afv_clear(g, a, still_mobile=True).panjis["C"].covered == hs(
        g, "37DD7-DD8", "37DD7-EE8"
    )
    assert pe.apply_afv_clear(g, a, still_mobile=False) is g


@pytest.mark.parametrize(
    "change",
    [
        {"within_vca": False},
        {"stopped": True},
        {"reverse": True},
        {"vbm": True},
        {"phase": "aph"},
        {"hexside": "37DD7-DD6"},
    ],
)
def test_g9_73_conditions(change: dict[str, Any]) -> None:
    from dataclasses import replace

    g = world(tank())
    a = replace(AfvClear("M", "37DD7-CC8", printed_mp=14), **change)
    with pytest.raises(RuleViolation) as e:
        pe.afv_clear(g, a)
    assert e.value.rule == "G9.73"


def test_g9_73_only_mobile_full_tracked_afv_beneath() -> None:
    for u in (
        tank(vt=VehicleType.HALF_TRACKED),
        tank(mobile=False),
        tank(position=ABOVE),
    ):
        with pytest.raises(RuleViolation):
            pe.afv_clear(world(u), AfvClear("M", "37DD7-CC8", printed_mp=14))
    pe.afv_clear(world(tank(vt=VehicleType.DOZER)), AfvClear("M", "37DD7-CC8", printed_mp=8))


# --- G9.731 ------------------------------------------------------------------------------------


def test_g9_731_breach_uncovers() -> None:
    g = world()
    g2 = pe.breach_uncovers(g, g.map.layout.hexside("37DD7-DD8"))
    assert g2.panjis["C"].covered == hs(g, "37DD7-CC8", "37DD7-EE8")


# --- G9.74 -------------------------------------------------------------------------------------


def test_g9_74_morale_level_8_failure_by() -> None:
    assert pe.bombardment_failure(8).value == 0
    assert pe.bombardment_failure(9).value == 1
    assert pe.bombardment_failure(12).value == 4


def test_g9_74_odds_hand_count() -> None:
    """Panji C: DR <= 8 holds (26/36); 9 (4/36) one random hexside (1/3 each); 10 (3/36) two
    (each pair 1/3); 11-12 (3/36) all three: the counter is gone."""
    g = world()
    d = pe.bombardment_odds(g, "C")
    assert d.total() == 1
    assert d[frozenset()] == Fraction(26, 36)
    for s in C_SIDES:
        assert d[hs(g, s)] == Fraction(4, 36) / 3
    for pair in ((0, 1), (0, 2), (1, 2)):
        assert d[hs(g, *(C_SIDES[i] for i in pair))] == Fraction(3, 36) / 3
    assert d[hs(g, *C_SIDES)] == Fraction(3, 36)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_g9_7x_any_roll_lands_on_an_outcome(seed: int) -> None:
    g = world(sq("A"))
    assert pe.bombardment_odds(g, "C")[pe.resolve_bombardment(g, "C", RandomDice(seed)).value]
    assert pe.he_odds(g, "C", HEAttack.FFE, kia=2)[
        pe.resolve_he(g, "C", HEAttack.FFE, RandomDice(seed), kia=2, indirect=True).value
    ]
    a = ClearanceAttempt("C", "37DD7-DD8", ("A",))
    assert pe.clearance_odds(g, a)[pe.resolve_clearance(g, a, RandomDice(seed)).value]
