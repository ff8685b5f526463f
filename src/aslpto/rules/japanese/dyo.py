"""G1.66-G1.664: Japanese Design Your Own (chapter H) purchase rules.

The DYO purchase system (H1) is not built; these functions apply the Japanese changes to costs
and choices given to them.

>>> fortification_cost("pillbox", 45).value
23
>>> bombardment_cost(100).value
150
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.rules.japanese import units as jp
from aslpto.state.units import Kind, Strength, Unit


def _fru(x: Fraction) -> int:
    return math.ceil(x)


def check_purchase(unit: Unit) -> Ruling[bool]:
    """G1.66: no Reduced-Strength Japanese squad/crew may be purchased."""
    if (
        jp.is_japanese(unit)
        and unit.kind in (Kind.SQUAD, Kind.CREW)
        and unit.strength == Strength.REDUCED
    ):
        raise RuleViolation("G1.66", "no Reduced-Strength Japanese squad/crew may be purchased")
    return Ruling(True, ("G1.66",), "")


def san_raise_cost(normal_cost: int) -> Ruling[Fraction]:
    """G1.66: raising the Japanese SAN (H1.29) costs half the normal cost."""
    return Ruling(Fraction(normal_cost, 2), ("G1.66", "H1.29"), "half the normal cost")


def leadership_generation_factor() -> Ruling[int]:
    """G1.66: the Japanese Leadership Generation factor (H1.8) is 5."""
    return Ruling(5, ("G1.66", "H1.8"), "")


def leader_quality(normal: str) -> Ruling[str]:
    """G1.66 (H1.81): the Japanese OB is based on 9-0 (instead of 8-0) leaders, and an 8-0 for each
    7-0 normally allotted."""
    table = {"8-0": "9-0", "7-0": "8-0"}
    return Ruling(table.get(normal, normal), ("G1.66", "H1.81"), "")


def special_hip_cost(rule: str) -> Ruling[int]:
    """G1.66: the HIP of G1.422 and G1.631-.632 costs no purchase points."""
    if rule not in ("G1.422", "G1.631", "G1.632"):
        raise InputError(f"G1.66 makes free only the HIP of G1.422/G1.631/G1.632, not {rule}")
    return Ruling(0, ("G1.66", rule), "free")


def counts_as_japanese(nationality: str) -> Ruling[bool]:
    """G1.66: Japan's allies (Indian National Army, Chinese "puppet" troops) are Axis Minor units
    and are not Japanese for any purpose."""
    return Ruling(nationality == "japanese", ("G1.66",), "")


def afv_bpv(bpv: int, *, year: int, beneath_purchased_trench: bool) -> Ruling[int]:
    """G1.661 (H1.4): a 1944-45 AFV set up beneath a separately purchased Trench (B27.51-.52) has
    its BPV (before optional armament) halved, FRU."""
    if year in (1944, 1945) and beneath_purchased_trench:
        return Ruling(_fru(Fraction(bpv, 2)), ("G1.661", "B27.51"), "halved FRU")
    return Ruling(bpv, ("G1.661",), "")


def bombardment_cost(final_cost: int) -> Ruling[int]:
    """G1.662 (H1.53): a Japanese Bombardment's final cost is increased by 50% FRU."""
    return Ruling(_fru(Fraction(final_cost * 3, 2)), ("G1.662", "H1.53"), "+50% FRU")


def creeping_barrage_battery_cost(final_cost: int) -> Ruling[int]:
    """G1.662: each Japanese OBA battery with Creeping Barrage capability (E12.7) +50% FRU."""
    return Ruling(_fru(Fraction(final_cost * 3, 2)), ("G1.662", "E12.7"), "+50% FRU")


def air_support_availability(*, year: int, opponent: str) -> Ruling[str | None]:
    """G1.6621: before 1939 vs Chinese the Japanese Air Support Availability numbers are "54"
    (otherwise the E7 numbers apply: None)."""
    if year < 1939 and opponent == "chinese":
        return Ruling("54", ("G1.6621",), "pre-1939 vs Chinese")
    return Ruling(None, ("G1.6621", "E7"), "normal availability")


def observation_plane_allowed(*, year: int, oba_mm: int) -> Ruling[bool]:
    """G1.6621: Japanese Observation Planes (E7.6) only for OBA >= 100mm, 1937-43 inclusive."""
    ok = 1937 <= year <= 1943 and oba_mm >= 100
    return Ruling(ok, ("G1.6621", "E7.6"), "")


HALVED = frozenset({"?", "trench", "pillbox", "tunnel"})
PLUS_HALF = frozenset({"wire", "mine", "a-p-mine", "a-t-mine"})


def fortification_cost(kind: str, bpv: int, *, daisy_chain: bool = False) -> Ruling[int]:
    """G1.663 (H1.6): "?", trench (not A-T ditch), pillbox (its Inherent tunnel included, G1.632)
    and tunnel cost half, FRU; wire and mine factors +50% FRU [EXC: A-T factors used as Daisy
    Chains]."""
    k = kind.lower()
    if k in HALVED:
        return Ruling(_fru(Fraction(bpv, 2)), ("G1.663", "H1.6"), "halved FRU")
    if k in PLUS_HALF and not (daisy_chain and k == "a-t-mine"):
        return Ruling(_fru(Fraction(bpv * 3, 2)), ("G1.663", "H1.6"), "+50% FRU")
    return Ruling(bpv, ("G1.663",), "unchanged")


def paratroopers_allowed(year: int) -> Ruling[bool]:
    """G1.664: Japanese paratroopers may not be purchased before 1942."""
    return Ruling(year >= 1942, ("G1.664",), "")


def inherent_parachute_contents() -> Ruling[tuple[str, ...]]:
    """G1.664: Japanese paratroopers keep LMG and light mortars (Inherent contents of a 5/8"
    parachute)."""
    return Ruling(("LMG", "light mortar"), ("G1.664",), "")


def check_half_inch_wings(wings: Sequence[Sequence[int]]) -> Ruling[bool]:
    """G1.664: Japanese 1/2" parachutes drop in their own Wings (never in 5/8" Sticks): each Wing
    <= five Sticks, each Stick one or two 1/2" parachutes. ``wings``: per Wing, the number of
    1/2" parachutes in each Stick."""
    for i, wing in enumerate(wings, 1):
        if not 1 <= len(wing) <= 5:
            raise RuleViolation("G1.664", f"Wing {i} has {len(wing)} Sticks (1-5 allowed)")
        for j, stick in enumerate(wing, 1):
            if stick not in (1, 2):
                raise RuleViolation("G1.664", f"Wing {i} Stick {j} has {stick} parachutes (1-2)")
    return Ruling(True, ("G1.664",), "")
