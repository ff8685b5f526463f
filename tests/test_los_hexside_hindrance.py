"""A LOS traced exactly along a hexside between two Hindrance hexes counts one of them, the
same one whichever end it is traced from (A6.1: LOS is reciprocal)."""

from __future__ import annotations

from aslpto.rules.los import Location, LosEngine
from aslpto.state.game import Conditions, PaddyState
from maphelp import one_board


def test_a6_1_g8_along_an_orchard_and_an_in_season_paddy_hexside_both_ways() -> None:
    m = one_board('[terrain]\norchard = ["D6"]\npaddy = ["D7"]')
    eng = LosEngine(m, Conditions(paddy=PaddyState.IN_SEASON, month=1))
    a, b = Location(m.hex("37A7")), Location(m.hex("37E7"))
    ab, ba = eng.check(a, b), eng.check(b, a)
    assert ab.los and ba.los
    assert ab.hindrance_drm == ba.hindrance_drm == 1
    assert [h.terrain for h in ab.hindrances] == [h.terrain for h in ba.hindrances] == ["orchard"]
