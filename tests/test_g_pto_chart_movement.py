"""The PTO Terrain Chart's MF/MP entrance costs for Cavalry and horse-drawn wagons (G2.21, G3.1,
G5, G6, G7; the chart as the eASLRB pages print it, a second copy or the chapter B row it points
to agreeing where the data says ``sure``): Cavalry four MF into light jungle (as woods), none
into dense jungle, bamboo or huts, all its MF into a swamp; a wagon two MP into kunai (as
brush), none into huts."""

from __future__ import annotations

from aslpto.board.maps import JungleType
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF
from aslpto.state.game import Conditions, Game
from aslpto.state.units import Unit, VehicleType
from test_movement_helpers import cavalry, make_game, vehicle

BOARD = """
[board]
name = "37"
[terrain]
woods = ["C3"]
brush = ["C5"]
grain = ["E4"]
marsh = ["E6"]
huts = ["E2"]
"""


def game(*units: Unit, jungle: JungleType = JungleType.LIGHT) -> Game:
    conds = Conditions(pto_terrain=True, jungle=jungle, month=6)
    return make_game(BOARD, conditions=conds, units=units)


def cost(g: Game, uid: str, steps: list[str]) -> float:
    r = evaluate(g, uid, steps)
    assert r.legal, r.violation
    return r.mf / HALF


def refused(g: Game, uid: str, steps: list[str]) -> str:
    r = evaluate(g, uid, steps)
    assert not r.legal and r.violation is not None
    return r.violation.rule


def test_g2_21_cavalry_four_mf_into_light_jungle_none_into_dense() -> None:
    assert cost(game(cavalry("K", "37D3")), "K", ["37C3"]) == 4
    assert refused(game(cavalry("K", "37D3"), jungle=JungleType.DENSE), "K", ["37C3"]) == "G2.21"


def test_g3_1_cavalry_none_into_bamboo() -> None:
    assert refused(game(cavalry("K", "37D5")), "K", ["37C5"]) == "G3.1"


def test_g6_kunai_as_brush_for_cavalry_and_a_wagon() -> None:
    assert cost(game(cavalry("K", "37D4")), "K", ["37E4"]) == 2
    assert cost(game(vehicle("W", "37D4", VehicleType.WAGON)), "W", ["37E4"]) == 2


def test_g7_cavalry_all_its_mf_into_a_swamp() -> None:
    """Marsh next to a jungle hex is swamp (G.1): 37D3 beside the jungle of 37C3."""
    g = make_game(
        BOARD.replace('marsh = ["E6"]', 'marsh = ["D3"]'),
        conditions=Conditions(pto_terrain=True, jungle=JungleType.LIGHT, month=6),
        units=(cavalry("K", "37D2"),),
    )
    assert g.map.info(g.map.hex("37D3")).terrain.value == "swamp"
    assert cost(g, "K", ["37D3"]) == 12


def test_g5_neither_cavalry_nor_a_wagon_enters_huts() -> None:
    """The PTO Terrain Chart's Hut row: Cavalry NA, Horse Drawn NA (one source: unchecked)."""
    assert refused(game(cavalry("K", "37D2")), "K", ["37E2"]) == "G5"
    assert refused(game(vehicle("W", "37D2", VehicleType.WAGON)), "W", ["37E2"]) == "G5"
