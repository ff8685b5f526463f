"""G.8 and the G8.212 weapon limits re-read sentence by sentence: a PTO night scenario is one
vs the Japanese even without the PTO Terrain SSR (the procedure and ``aslpto check`` agree);
a Placed DC is not one of the weapons Infantry above a Bank counter may use."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.formats.scenario import load
from aslpto.procedures import actions as act, setup as sc
from aslpto.rules.pto import procedures as pto
from aslpto.rules.pto.procedures import Expenditure, FlareTrigger
from aslpto.state.game import Conditions, Fortification, FortKind, Game, PaddyState, Side
from aslpto.state.units import Kind, Unit
from maphelp import one_board

DATA = Path(__file__).parent / "data" / "audit_setup"


def night(*sides: Side, pto_terrain: bool = False) -> Game:
    m = one_board('[terrain]\ndense-jungle = ["C3"]', pto_terrain=pto_terrain)
    c = Conditions(pto_terrain=pto_terrain, night=True, year=1945)
    return Game(m, c, sides=sides)


US_DEFENDER = Side("US", "american", defender=True, trip_flares=2)


def test_g_8_pto_night_scenario_without_the_pto_terrain_ssr() -> None:
    vs_japan = night(US_DEFENDER, Side("Japan", "japanese"))
    pto.verify_trip_flares(vs_japan, "US", {"37C3": 2})
    assert pto.trip_flare_scenario(vs_japan).value
    vs_germany = night(US_DEFENDER, Side("Germany", "german"))
    with pytest.raises(RuleViolation) as e:
        pto.verify_trip_flares(vs_germany, "US", {"37C3": 2})
    assert e.value.rule == "G.8" and "PTO" in str(e.value)
    assert pto.trip_flare_scenario(night(US_DEFENDER, Side("G", "german"), pto_terrain=True)).value


def test_g_8_setup_check_agrees_with_the_procedure() -> None:
    g = load(str(DATA / "flares_no_pto.toml"))
    assert not g.conditions.pto_terrain
    assert [f for f in sc.check(g) if f.rule == "G.8"] == []
    pto.verify_trip_flares(g, "U.S.", {"37EE7": 2})
    f = Fortification("TF", FortKind.TRIP_FLARE, g.map.hex("37EE7"), side="U.S.", strength=1)
    german = Game(
        g.map,
        g.conditions,
        sides=(Side("U.S.", "american", defender=True, trip_flares=2), Side("Germany", "german")),
        fortifications=(*g.fortifications[:1], f),
    )
    (finding,) = [x for x in sc.check(german) if x.rule == "G.8"]
    assert "PTO" in finding.message


def test_g_8_trip_flares_belong_to_the_us_scenario_defender() -> None:
    g = load(str(DATA / "flares_no_pto.toml"))
    f = Fortification("TF", FortKind.TRIP_FLARE, g.map.hex("37EE7"), side="Japanese", strength=1)
    sides = (Side("Japanese", "japanese", trip_flares=1), *g.sides[1:])
    bad = Game(g.map, g.conditions, sides=sides, fortifications=(*g.fortifications[:1], f))
    (finding,) = [x for x in sc.check(bad) if x.rule == "G.8"]
    assert "U.S. Scenario Defender" in finding.message and "Japanese" in finding.message


def test_g_8_drm_from_a_hex_not_adjacent_is_input_error() -> None:
    g = night(US_DEFENDER, Side("Japan", "japanese"))
    with pytest.raises(InputError):
        pto.trip_flare_drm(g, "37C3", FlareTrigger(Expenditure.ENTER, from_hex="37C9"))


def test_g8_212_no_placed_dc_from_above_a_bank_counter() -> None:
    m = one_board('[terrain]\npaddy = ["C3", "C4"]')
    b = Unit("B", "US", "american", Kind.SQUAD, "6-6-6", hex="37C4", position="bank")
    g = Game(m, Conditions(paddy=PaddyState.DRAINED), units={"B": b})
    with pytest.raises(RuleViolation) as e:
        act.verify(g, act.PlaceDC("B", "37C5"))
    assert e.value.rule == "G8.212"
    assert act.can(g, act.ThrowDC("B", "37C5"))  # a Thrown DC is allowed
    inside = Game(m, Conditions(), units={"B": b.with_(position="in")})
    assert act.can(inside, act.PlaceDC("B", "37C5"))
    with pytest.raises(InputError):
        act.verify(inside, act.PlaceDC("B", "99Z99"))


def test_g8_fortifications_trip_flares_are_no_fortification_of_an_irrigated_paddy() -> None:
    from aslpto.rules.paddy import effects as pc

    m = one_board('[terrain]\npaddy = ["C3", "C4"]')
    g = Game(m, Conditions(paddy=PaddyState.IRRIGATED))
    pc.verify_fortification(g, FortKind.TRIP_FLARE, "37C4")  # in a wire Location (G.8)
    pc.verify_fortification(g, FortKind.WIRE, "37C4")
    with pytest.raises(RuleViolation) as e:
        pc.verify_fortification(g, FortKind.FOXHOLE, "37C4")
    assert e.value.rule == "G8 (FORTIFICATIONS)"
