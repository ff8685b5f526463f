"""G.2-G.8: hidden Fortifications, Firegroups (with the G.3 example), Detection, Recovery,
Ambush, radio and trip flares (with G9.121)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import RuleViolation
from aslpto.rules.pto import procedures as pto
from aslpto.rules.pto.procedures import Detection, Expenditure, FlareTrigger, FortEvent
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, RandomDice
from aslpto.state.game import Conditions, Fortification, FortKind, Game, Panji, Side
from aslpto.state.units import Kind, Strength, Unit, UnitClass
from maphelp import one_board

BOARD = """[terrain]
palm-trees = ["DD3"]
swamp = ["CC3"]
dense-jungle = ["EE3", "H5", "J5"]
kunai = ["DD4"]
bamboo = ["K5"]
[lines]
path = ["L4 L5 L6"]
"""


def world(*units: Unit, dd3_open: bool = False, **cond: Any) -> Game:
    text = BOARD.replace('palm-trees = ["DD3"]', "") if dd3_open else BOARD
    c = Conditions(pto_terrain=True, **cond)
    sides = (Side("US", "american", defender=True, trip_flares=4), Side("Japan", "japanese"))
    return Game(one_board(text, pto_terrain=True), c, sides=sides, units={u.id: u for u in units})


def us(uid: str, hex_name: str, **kw: Any) -> Unit:
    return make(uid, "american", Kind.SQUAD, UnitClass.FIRST_LINE, side="US", hex=hex_name, **kw)


def jp(uid: str, hex_name: str, cls: UnitClass = UnitClass.FIRST_LINE, **kw: Any) -> Unit:
    return make(uid, "japanese", Kind.SQUAD, cls, Strength.FULL, side="Japan", hex=hex_name, **kw)


# --- G.2 ---------------------------------------------------------------------------------------


def test_g_2_hip_fortifications_by_day_in_jungle_kunai_bamboo() -> None:
    g = world()
    for h in ("37EE3", "37DD4", "37K5"):
        r = pto.fortification_hip(g, FortKind.TRENCH, h)
        assert r.value and r.rules == ("G.2", "E1.16"), h
    assert not pto.fortification_hip(g, FortKind.TRENCH, "37A1").value
    assert not pto.fortification_hip(g, FortKind.MINES, "37EE3", known_minefield=True).value
    assert pto.fortification_hip(world(night=True), FortKind.TRENCH, "37A1").value


def test_g_2_exc_entrenchment_with_hidden_occupants() -> None:
    g = world()
    t = Fortification("T", FortKind.TRENCH, g.map.hex("37EE3"), hidden=True)
    assert pto.fortification_revealed(t, FortEvent.ENEMY_ENTERS).value
    r = pto.fortification_revealed(t, FortEvent.ENEMY_ENTERS, hidden_occupants=True)
    assert not r.value and "G.4" in r.rules
    assert pto.fortification_revealed(
        t, FortEvent.ENEMY_ENTERS, hidden_occupants=True, occupant_revealed=True
    ).value
    assert not pto.fortification_revealed(t, FortEvent.ENEMY_ENTERS, dummy=True).value


def test_g_2_exc_pillbox_revealed_when_an_occupant_fires() -> None:
    g = world()
    pb = Fortification("P", FortKind.PILLBOX, g.map.hex("37EE3"), hidden=True)
    assert pto.fortification_revealed(pb, FortEvent.OCCUPANT_FIRES).value
    fox = Fortification("F", FortKind.FOXHOLE, g.map.hex("37EE3"), hidden=True)
    assert not pto.fortification_revealed(fox, FortEvent.OCCUPANT_FIRES).value
    assert pto.fortification_revealed(fox, FortEvent.SEARCHED).value


# --- G.3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dd3_open", [False, True])
def test_g_3_ex_firegroups(dd3_open: bool) -> None:
    """A (palm trees, DD3) may form a FG with B (swamp), C (dense jungle) or D (kunai); no other
    configuration - nor would any other be possible if DD3 were Open Ground."""
    g = world(
        us("A", "37DD3"), us("B", "37CC3"), us("C", "37EE3"), us("D", "37DD4"), dd3_open=dd3_open
    )
    legal = set()
    for n in (2, 3, 4):
        for combo in combinations("ABCD", n):
            if pto.firegroup(g, [g.unit(x) for x in combo]).value:
                legal.add("".join(combo))
    assert legal == {"AB", "AC", "AD"}
    with pytest.raises(RuleViolation) as e:
        pto.verify_firegroup(g, [g.unit("B"), g.unit("C")])
    assert e.value.rule == "G.3"


def test_g_3_same_hex_fg_is_not_multi_hex() -> None:
    g = world(us("B", "37CC3"), us("B2", "37CC3"))
    assert pto.firegroup(g, [g.unit("B"), g.unit("B2")]).value


# --- G.4 ---------------------------------------------------------------------------------------


def test_g_4_defender_choices() -> None:
    g = world(us("M", "37H4"), jp("J", "37H5", hidden=True))
    r = pto.detection_choices(g, g.unit("M"), "37H5")
    assert r.value == (Detection.INVOKE, Detection.RETAIN, Detection.ATTACK)
    assert r.rules == ("G.4",)


@pytest.mark.parametrize(
    "defender",
    [
        jp("J", "37H5"),  # not hidden
        jp("J", "37H5", UnitClass.SECOND_LINE, hidden=True),  # not Stealthy
        jp("J", "37H5", UnitClass.CONSCRIPT, hidden=True),  # Lax
        jp("J", "37H5", hidden=True, entrenched="pillbox"),
        jp("J", "37H5", hidden=True, broken=True),
        make("L", "japanese", Kind.LEADER, side="Japan", hex="37H5", face="9-1", hidden=True),
    ],
)
def test_g_4_only_hidden_stealthy_infantry_outside_pillboxes(defender: Unit) -> None:
    g = world(us("M", "37H4"), defender)
    assert pto.detection_choices(g, g.unit("M"), "37H5").value == (Detection.INVOKE,)


def test_g_4_not_with_a_hidden_gun_nor_outside_jungle() -> None:
    gun = Unit("G", "Japan", "japanese", Kind.GUN, hex="37H5", hidden=True)
    g = world(us("M", "37H4"), jp("J", "37H5", hidden=True), gun)
    assert pto.detection_choices(g, g.unit("M"), "37H5").value == (Detection.INVOKE,)
    g2 = world(us("M", "37A2"), jp("J", "37A1", hidden=True))
    assert pto.detection_choices(g2, g2.unit("M"), "37A1").value == (Detection.INVOKE,)


def test_g_4_consequences() -> None:
    g = world(us("M", "37H4"), jp("J", "37H5", hidden=True), jp("K", "37H5", hidden=True))
    m = g.unit("M")
    inv = pto.detect(g, m, "37H5", Detection.INVOKE).value
    assert inv.forced_back and set(inv.revealed) == {"J", "K"}
    ret = pto.detect(g, m, "37H5", Detection.RETAIN).value
    assert set(ret.hidden) == {"J", "K"} and not ret.revealed
    att = pto.detect(g, m, "37H5", Detection.ATTACK, attackers=["J"]).value
    assert att.revealed == ("J",) and att.hidden == ("K",)
    assert att.mph_ends_after_attacks and att.cc_if_mph_ends_here
    pinned = pto.detect(g, m, "37H5", Detection.ATTACK, attackers=["J"], mover_pinned_before=True)
    assert not pinned.value.mph_ends_after_attacks


def test_g_4_choice_not_open() -> None:
    g = world(us("M", "37H4"), jp("J", "37H5"))
    with pytest.raises(RuleViolation) as e:
        pto.detect(g, g.unit("M"), "37H5", Detection.RETAIN)
    assert e.value.rule == "G.4"


# --- G.5 ---------------------------------------------------------------------------------------


def test_g_5_recovery_drm() -> None:
    g = world()
    assert pto.recovery_drm(g, "37EE3").value == 2
    assert pto.recovery_drm(g, "37DD4").value == 2
    assert pto.recovery_drm(g, "37EE3", item_in="trench").value == 0
    assert pto.recovery_drm(g, "37EE3", item_in="vehicle").value == 0
    assert pto.recovery_drm(g, "37DD3").value == 0


def test_g_5_recovery_odds_hand_count() -> None:
    """A4.44 (data file): success on a Final dr < 6. Open: dr 1-5 (5/6); jungle +2: dr 1-3
    (1/2); jungle and CX: dr 1-2 (1/3)."""
    g = world()
    assert pto.recovery_odds(g, us("A", "37DD3"))[True] == Fraction(5, 6)
    assert pto.recovery_odds(g, us("A", "37EE3"))[True] == Fraction(1, 2)
    assert pto.recovery_odds(g, us("A", "37EE3", cx=True))[True] == Fraction(1, 3)


# --- G.6 ---------------------------------------------------------------------------------------


def test_g_6_ambush_in_jungle_kunai_bamboo() -> None:
    g = world()
    assert pto.ambush_terrain(g, "37K5").value
    assert not pto.ambush_terrain(g, "37DD3").value
    a = pto.ambush_drm(g, "37EE3", [us("A", "37EE3")], attacker=True)
    assert a.value == 1 and "G.6" in a.rules
    assert pto.ambush_drm(g, "37EE3", [jp("J", "37EE3")], attacker=False).value == 0
    above = pto.ambush_drm(g, "37EE3", [us("A", "37EE3", position="above-panji")], attacker=True)
    assert above.value == 2 and "G9.21" in above.rules
    bank = pto.ambush_drm(g, "37A1", [us("A", "37A1", position="bank")], attacker=False)
    assert bank.value == 2 and "G8.212" in bank.rules


def test_g_6_ambush_odds_hand_count() -> None:
    """A11.4: Ambush when a Final dr is >= 3 below the other's. No drm: 6/36 each (d=4: a=1;
    d=5: a<=2; d=6: a<=3). ATTACKER +1 (G.6): ATTACKER 3/36 (a<=d-4), DEFENDER 10/36
    (d<=a-2)."""
    d = pto.ambush_odds(0, 0)
    assert d[pto.AmbushResult.ATTACKER] == Fraction(6, 36)
    assert d[pto.AmbushResult.DEFENDER] == Fraction(6, 36)
    assert d[pto.AmbushResult.NONE] == Fraction(24, 36)
    d1 = pto.ambush_odds(1, 0)
    assert d1[pto.AmbushResult.ATTACKER] == Fraction(3, 36)
    assert d1[pto.AmbushResult.DEFENDER] == Fraction(10, 36)


# --- G.7 ---------------------------------------------------------------------------------------


def test_g_7_radio_contact_and_maintenance_drm() -> None:
    assert pto.radio_drm(pto_terrain=True).value == 1
    assert pto.radio_drm(pto_terrain=True, field_phone=True).value == 0
    assert pto.radio_drm(pto_terrain=False).value == 0


# --- G.8 ---------------------------------------------------------------------------------------


def night() -> Game:
    return world(night=True, year=1944)


def test_g_8_setup() -> None:
    g = night()
    pto.verify_trip_flares(g, "US", {"37EE3": 2, "37K5": 2})
    for flares, why in (({"37DD4": 1}, "kunai"), ({"37EE3": 5}, "more than the OB")):
        with pytest.raises(RuleViolation) as e:
            pto.verify_trip_flares(g, "US", flares)
        assert e.value.rule == "G.8", why
    for bad in (world(year=1944), world(night=True, year=1943)):
        with pytest.raises(RuleViolation):
            pto.verify_trip_flares(bad, "US", {"37EE3": 1})
    with pytest.raises(RuleViolation):
        pto.verify_trip_flares(g, "Japan", {"37EE3": 1})
    pan = replace(g, panjis={"P": Panji("P", g.map.hex("37A1"), frozenset(), side="Japan")})
    pto.verify_trip_flares(pan, "US", {"37A1": 1})
    wire = replace(g, fortifications=(Fortification("W", FortKind.WIRE, g.map.hex("37B1")),))
    pto.verify_trip_flares(wire, "US", {"37B1": 1})


def with_flares(g: Game, hex_name: str, n: int) -> Game:
    f = Fortification("TF", FortKind.TRIP_FLARE, g.map.hex(hex_name), side="US", strength=n)
    return replace(g, fortifications=(*g.fortifications, f))


def test_g_8_who_and_what_makes_the_dr() -> None:
    g = with_flares(night(), "37J5", 2)
    enter = FlareTrigger(Expenditure.ENTER, from_hex="37J4")
    assert pto.trip_flare_dr(g, "37J5", enter).value
    assert pto.trip_flare_dr(g, "37J5", FlareTrigger(Expenditure.ADDITIONAL)).value
    assert pto.trip_flare_dr(g, "37J5", FlareTrigger(Expenditure.SEARCH, "37J4")).value
    for trig in (
        FlareTrigger(Expenditure.STOP),
        FlareTrigger(Expenditure.DELAY),
        FlareTrigger(Expenditure.SMOKE),
        FlareTrigger(Expenditure.ENTER, "37J4", via="trench"),
        FlareTrigger(Expenditure.ENTER, "37J4", via="pillbox"),
        FlareTrigger(Expenditure.ENTER, "37J4", via="subterranean"),
        FlareTrigger(Expenditure.ENTER, "37J4", new_path=True),
        FlareTrigger(Expenditure.ENTER, "37J4", dummy=True),
    ):
        assert not pto.trip_flare_dr(g, "37J5", trig).value, trig
    assert not pto.trip_flare_dr(night(), "37J5", enter).value  # no trip flares there


def test_g_8_set_off_odds_hand_count() -> None:
    """Two trip flares: set off on a Final dr <= 2 (1/3). Entering along a path: -4, so any dr
    <= 6 (1). One trip flare along a path: dr <= 5 (5/6)."""
    g = with_flares(night(), "37J5", 2)
    assert pto.trip_flare_odds(g, "37J5", FlareTrigger(Expenditure.ENTER, "37J4"))[True] == (
        Fraction(1, 3)
    )
    p = with_flares(night(), "37L5", 2)
    along = FlareTrigger(Expenditure.ENTER, "37L4")
    assert pto.trip_flare_drm(p, "37L5", along).value == -4
    assert pto.trip_flare_odds(p, "37L5", along)[True] == 1
    one = with_flares(night(), "37L5", 1)
    assert pto.trip_flare_odds(one, "37L5", along)[True] == Fraction(5, 6)
    new = FlareTrigger(Expenditure.ADDITIONAL, road_or_path=False)
    assert pto.trip_flare_drm(one, "37L5", new).value == 0


def test_g_8_set_off_places_counter_and_spends_one() -> None:
    g = with_flares(night(), "37J5", 2)
    r = pto.resolve_trip_flare(g, "37J5", FlareTrigger(Expenditure.ENTER, "37J4"), GivenDice("2"))
    assert r.value
    assert pto.flares_in(pto.set_off(g, "37J5"), g.map.hex("37J5")) == 1


def test_g9_121_panji_location_without_jungle() -> None:
    g = night()
    s = g.map.layout.hexside("37A2-A3")
    g = replace(g, panjis={"P": Panji("P", g.map.hex("37A2"), frozenset({s}), side="US")})
    g = with_flares(g, "37A2", 2)
    across = FlareTrigger(Expenditure.ENTER, from_hex="37A3")
    r = pto.trip_flare_dr(g, "37A2", across)
    assert r.value and "G9.121" in r.rules
    other = pto.trip_flare_dr(g, "37A2", FlareTrigger(Expenditure.ENTER, from_hex="37A1"))
    assert not other.value and other.rules == ("G9.121",)
    assert pto.trip_flare_dr(
        g, "37A2", FlareTrigger(Expenditure.ADDITIONAL, above_panji=True)
    ).value
    assert not pto.trip_flare_dr(g, "37A2", FlareTrigger(Expenditure.ADDITIONAL)).value
    assert pto.trip_flare_dr(g, "37A2", FlareTrigger(Expenditure.SEARCH, "37A3")).value


def test_g9_121_not_in_jungle_panji_location() -> None:
    g = night()
    s = g.map.layout.hexside("37J5-J4")
    g = replace(g, panjis={"P": Panji("P", g.map.hex("37J5"), frozenset({s}), side="US")})
    g = with_flares(g, "37J5", 1)
    assert pto.trip_flare_dr(g, "37J5", FlareTrigger(Expenditure.ENTER, "37J6")).value


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_g_5_6_8_any_roll_lands_on_an_outcome(seed: int) -> None:
    g = with_flares(night(), "37J5", 2)
    trig = FlareTrigger(Expenditure.ENTER, "37J4")
    assert pto.trip_flare_odds(g, "37J5", trig)[
        pto.resolve_trip_flare(g, "37J5", trig, RandomDice(seed)).value
    ]
    assert pto.ambush_odds(1, 2)[pto.resolve_ambush(1, 2, RandomDice(seed)).value]
    u = us("A", "37EE3")
    assert pto.recovery_odds(g, u)[pto.resolve_recovery(g, u, RandomDice(seed)).value]
