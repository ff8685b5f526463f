"""The game's LOS engine, kept between questions (``rules.los.queries.engine_for``)."""

from __future__ import annotations

from aslpto.board.hexes import Hexside
from aslpto.rules.los import engine_for
from aslpto.state.game import Conditions, Panji
from test_los_helpers import board_map, game, unit


def test_g9_2_the_game_s_los_engine_is_shared_until_a_panji_counter_changes() -> None:
    """Each action makes a new Game value; its LOS engine is reused while the map, conditions,
    Panji hexes (G9.2: a Panji counter is a Hindrance) and overrides stay the same."""
    m = board_map()
    g1 = game(m, unit("J1", "Japanese", "37C4"))
    g2 = g1.with_unit(unit("J1", "Japanese", "37C5"))
    assert engine_for(g2) is engine_for(g1)
    h = m.hex("37E5")
    side = Hexside.of(h, m.hex("37E6"))
    g3 = g2.with_panji(Panji("P1", h, frozenset({side})), "P1")
    assert engine_for(g3) is not engine_for(g2)
    assert engine_for(g3.with_panji(None, "P1")) is engine_for(g1)


def test_g_1_other_conditions_make_another_engine() -> None:
    """PTO Terrain (G.1) changes what the terrain is, so it is another engine."""
    m = board_map()
    g1 = game(m, cond=Conditions())
    g2 = game(m, cond=Conditions(pto_terrain=True))
    assert engine_for(g1) is not engine_for(g2)
    assert engine_for(game(m, cond=Conditions())) is engine_for(g1)
