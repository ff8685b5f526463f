"""G8 BREACH as a movement step: a Mobile dozer breaches a bank hexside of a Drained/In-Season
paddy like a bocage hexside but for 1/4 (FRU) of its MP allowance (``37E4:breach`` names the
hex across the hexside; the dozer stays where it is); the breached hexside then lets all unit
types INTO the paddy; G9.731: a Covered paddy hexside so breached becomes non-Covered."""

from __future__ import annotations

import pytest

import test_movement_helpers as helpers
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.movement import apply, evaluate
from aslpto.rules.movement import HALF
from aslpto.state.game import Conditions, Game, PaddyState
from aslpto.state.units import Unit, VehicleType
from test_movement_helpers import make_game

BREACH = "G8 (BREACH)"

# Paddy C3:E5 (every hexside a bank unless open); F4 is Open Ground; E4-F4 is a bank hexside.
BOARD = """
[board]
name = "37"
[terrain]
paddy = ["C3:E5"]
[paddies]
open = ["E5-F5"]
"""


def vehicle(uid: str, hex_: str, vt: VehicleType = VehicleType.DOZER, mp: int = 13) -> Unit:
    """A dozer of 13 MP unless said otherwise (:func:`test_movement_helpers.vehicle`)."""
    return helpers.vehicle(uid, hex_, vt, mp)


def game(
    state: PaddyState = PaddyState.DRAINED, *units: Unit, covered: tuple[str, ...] = ()
) -> Game:
    return make_game(
        BOARD,
        conditions=Conditions(paddy=state),
        units=units or (vehicle("Z", "37F4"),),
        panjis=[("P", "37E4", covered, False)] if covered else (),
    )


def refused(g: Game, uid: str, steps: list[str]) -> str:
    r = evaluate(g, uid, steps)
    assert not r.legal
    assert r.violation is not None
    return r.violation.rule


@pytest.mark.parametrize(("mp", "cost"), [(13, 4), (16, 4), (17, 5), (3, 1)])
def test_g8_breach_dozer_expends_a_quarter_of_its_mp_fru(mp: int, cost: int) -> None:
    g = game(PaddyState.DRAINED, vehicle("Z", "37F4", mp=mp))
    r = evaluate(g, "Z", ["37E4:breach"])
    assert r.legal, r.violation
    assert r.mf == cost * HALF
    assert r.end.hex == g.map.hex("37F4")
    ev = [(e.kind, e.rule, e.subject) for e in r.steps[0].events]
    assert ("bank-breached", BREACH, "37F4-E4") in ev
    assert BREACH in r.steps[0].rules


@pytest.mark.parametrize("state", [PaddyState.DRAINED, PaddyState.IN_SEASON])
def test_g8_breach_then_enter_into_without_bank_hexside_cost(state: PaddyState) -> None:
    g = game(state)
    plain = evaluate(g, "Z", ["37E4"])
    breached = evaluate(g, "Z", ["37E4:breach", "37E4"])
    assert plain.legal and breached.legal, breached.violation
    assert breached.steps[1].cost == plain.steps[0].cost - 1 * HALF
    assert "cross bank hexside" not in [c.why for c in breached.steps[1].costs]


def test_g8_breach_from_inside_the_paddy() -> None:
    g = game(PaddyState.DRAINED, vehicle("Z", "37E4"))
    assert evaluate(g, "Z", ["37F4:breach", "37F4"]).legal


def test_g8_breach_like_bocage_only_a_dozer() -> None:
    g = game(PaddyState.DRAINED, vehicle("T", "37F4", VehicleType.FULLY_TRACKED))
    assert refused(g, "T", ["37E4:breach"]) == BREACH


def test_g8_breach_only_a_mobile_dozer() -> None:
    g = game(PaddyState.DRAINED, vehicle("Z", "37F4").with_(mobile=False))
    assert refused(g, "Z", ["37E4:breach"]) == "D8.2"


def test_g8_breach_drained_or_in_season_only() -> None:
    assert refused(game(PaddyState.IRRIGATED), "Z", ["37E4:breach"]) == BREACH


def test_g8_breach_only_a_bank_hexside() -> None:
    g = game(PaddyState.DRAINED, vehicle("Z", "37F5"))
    assert refused(g, "Z", ["37E5:breach"]) == BREACH  # E5-F5 is open
    assert refused(g, "Z", ["37G5:breach"]) == BREACH  # no paddy at all


def test_g8_breach_a_breached_hexside_is_not_breached_again() -> None:
    assert refused(game(), "Z", ["37E4:breach", "37E4:breach"]) == BREACH


def test_g8_breach_names_an_adjacent_hex() -> None:
    with pytest.raises(InputError):
        evaluate(game(), "Z", ["37C3:breach"])


def test_g8_breach_all_unit_types_then_enter_into() -> None:
    truck = vehicle("V", "37F4", VehicleType.TRUCK)
    g = game(PaddyState.DRAINED, vehicle("Z", "37F4"), truck)
    assert refused(g, "V", ["37E4"]) == "G8"
    g2 = apply(g, evaluate(g, "Z", ["37E4:breach"]))
    assert not g2.map.is_bank(g2.map.hex("37E4"), g2.map.hex("37F4"))
    assert evaluate(g2, "V", ["37E4"]).legal


def test_g8_breach_illegal_path_leaves_the_map_untouched() -> None:
    g = game(PaddyState.DRAINED, vehicle("Z", "37F4", mp=4))
    r = evaluate(g, "Z", ["37E4:breach", "37E4", "37D4", "37C4"])
    assert not r.legal
    with pytest.raises(RuleViolation):
        apply(g, r)
    assert g.map.is_bank(g.map.hex("37E4"), g.map.hex("37F4"))


def test_g9_731_breached_covered_paddy_hexside_becomes_non_covered() -> None:
    g = game(PaddyState.DRAINED, covered=("37E4-F4", "37E4-E3"))
    assert evaluate(g, "Z", ["37E4"]).end.position.value == "above-panji"
    r = evaluate(g, "Z", ["37E4:breach", "37E4"])
    assert r.legal, r.violation
    ev = [(e.kind, e.rule, e.subject) for e in r.steps[0].events]
    assert ("panji-hexside-uncovered", "G9.731", "P") in ev
    assert r.end.position.value == "beneath-panji"
    g2 = apply(g, r)
    assert g2.map.layout.hexside("37E4-F4") not in g2.panjis["P"].covered
    assert g2.map.layout.hexside("37E4-E3") in g2.panjis["P"].covered
    assert g.map.layout.hexside("37E4-F4") in g.panjis["P"].covered
