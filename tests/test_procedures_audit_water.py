"""Water Obstacles re-read sentence by sentence: B21.121 drift dr, B21.3 with a traced LOS,
B21.6 ice as Open Ground, bad input."""

from __future__ import annotations

import pytest

from aslpto.base.rulings import InputError
from aslpto.rules.water import conditions as wc
from aslpto.state.game import Conditions, Game, Side
from aslpto.state.units import Kind, Unit
from maphelp import one_board

RIVER = """[terrain]
river = ["E1..E10", "F1..F10"]
pond = ["C3"]
"""


def game(text: str = RIVER, *units: Unit, sub_zero: bool = False) -> Game:
    c = Conditions(sub_zero=sub_zero)
    return Game(
        one_board(text, sub_zero=sub_zero),
        c,
        sides=(Side("Japanese", "japanese", defender=True), Side("U.S.", "american")),
        units={u.id: u for u in units},
    )


def test_b21_121_drift_dr_with_one_or_no_candidate() -> None:
    g = game()
    one = (g.map.hex("37E5"),)
    assert wc.drift_hex_from_dr(g, one, 5).value == g.map.hex("37E5")
    with pytest.raises(InputError):
        wc.drift_hex_from_dr(g, (), 2)
    with pytest.raises(InputError):
        wc.drift_hex_from_dr(g, (g.map.hex("37E5"), g.map.hex("37E6")), 7)


def test_b21_121_drift_dr_lower_and_higher_coordinate() -> None:
    g = game()
    two = (g.map.hex("37F6"), g.map.hex("37F5"))
    assert [wc.drift_hex_from_dr(g, two, d).value for d in range(1, 7)] == (
        [g.map.hex("37F5")] * 3 + [g.map.hex("37F6")] * 3
    )


def test_b21_6_ice_is_open_ground_for_all_purposes() -> None:
    g = game(sub_zero=True)
    assert wc.is_ice(g, "37E5")
    r = wc.open_ground(g, "37E5", los=False)
    assert r.value and r.rules == ("B21.6",)
    assert wc.open_ground(g, "37C3", los=True).value


def test_b21_3_open_ground_with_the_los_traced_from_a_viewer() -> None:
    u = Unit("U", "U.S.", "american", Kind.SQUAD, "6-6-6", hex="37D5")
    g = game(RIVER, u)
    r = wc.open_ground(g, "37E5", viewer=u)
    assert r.value and "B21.3" in r.rules
    assert wc.open_ground(g, "37E5", viewer="37D5").value
    assert not wc.open_ground(g, "37D6", viewer=u).value  # not a Water Obstacle
    with pytest.raises(InputError):
        wc.open_ground(g, "37E5")


def test_b21_6_vehicle_weight_must_be_a_number_of_tons() -> None:
    for w in (float("nan"), -1.0, float("inf")):
        with pytest.raises(InputError):
            wc.ice_crossing(wc.IceLedger(), w)
