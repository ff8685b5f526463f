"""G1.66-G1.664: Japanese DYO."""

from __future__ import annotations

from fractions import Fraction

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules.japanese import dyo
from aslpto.state.counters import make
from aslpto.state.units import Kind, Strength, UnitClass


def test_g1_66_no_reduced_strength_purchase() -> None:
    full = make("J", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
    assert dyo.check_purchase(full).value
    for u in (
        make("J", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.REDUCED),
        make("C", "japanese", Kind.CREW, None, Strength.REDUCED),
    ):
        with pytest.raises(RuleViolation) as e:
            dyo.check_purchase(u)
        assert e.value.rule == "G1.66"


def test_g1_66_san_leaders_hip_allies() -> None:
    assert dyo.san_raise_cost(10).value == Fraction(5)
    assert dyo.leadership_generation_factor().value == 5
    assert dyo.leader_quality("8-0").value == "9-0"
    assert dyo.leader_quality("7-0").value == "8-0"
    assert dyo.leader_quality("9-1").value == "9-1"
    for r in ("G1.422", "G1.631", "G1.632"):
        assert dyo.special_hip_cost(r).value == 0
    with pytest.raises(InputError):
        dyo.special_hip_cost("A12.34")
    assert not dyo.counts_as_japanese("axis-minor").value


def test_g1_661_afv_beneath_trench_halved_fru() -> None:
    assert dyo.afv_bpv(55, year=1944, beneath_purchased_trench=True).value == 28
    assert dyo.afv_bpv(55, year=1943, beneath_purchased_trench=True).value == 55
    assert dyo.afv_bpv(55, year=1945, beneath_purchased_trench=False).value == 55


def test_g1_662_bombardment_and_creeping_barrage_plus_half_fru() -> None:
    assert dyo.bombardment_cost(101).value == 152
    assert dyo.creeping_barrage_battery_cost(45).value == 68


def test_g1_6621_air_support_and_observation_planes() -> None:
    assert dyo.air_support_availability(year=1938, opponent="chinese").value == "54"
    assert dyo.air_support_availability(year=1942, opponent="chinese").value is None
    assert dyo.observation_plane_allowed(year=1943, oba_mm=100).value
    assert not dyo.observation_plane_allowed(year=1944, oba_mm=150).value
    assert not dyo.observation_plane_allowed(year=1940, oba_mm=75).value


@pytest.mark.parametrize(
    ("kind", "bpv", "daisy", "cost"),
    [
        ("?", 3, False, 2),
        ("trench", 7, False, 4),
        ("pillbox", 45, False, 23),
        ("tunnel", 15, False, 8),
        ("a-t-ditch", 10, False, 10),
        ("wire", 5, False, 8),
        ("a-p-mine", 3, False, 5),
        ("a-t-mine", 3, False, 5),
        ("a-t-mine", 3, True, 3),
    ],
)
def test_g1_663_fortifications(kind: str, bpv: int, daisy: bool, cost: int) -> None:
    assert dyo.fortification_cost(kind, bpv, daisy_chain=daisy).value == cost


def test_g1_664_paratroopers() -> None:
    assert not dyo.paratroopers_allowed(1941).value
    assert dyo.paratroopers_allowed(1942).value
    assert dyo.inherent_parachute_contents().value == ("LMG", "light mortar")
    assert dyo.check_half_inch_wings([[1, 2, 2], [1]]).value
    with pytest.raises(RuleViolation):
        dyo.check_half_inch_wings([[1] * 6])
    with pytest.raises(RuleViolation):
        dyo.check_half_inch_wings([[3]])
