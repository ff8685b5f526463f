"""Movement cases read off the rule texts one sentence at a time: G8 (Banks, Bank Counter
Penalties), G9.411, G9.55, G.8 trip flares, B21.13 all-water hexsides."""

from __future__ import annotations

from dataclasses import replace

from aslpto.procedures.movement import MoveResult, evaluate
from aslpto.rules.movement import HALF, MoveOptions
from aslpto.state.game import EC, Conditions, Fortification, FortKind, Game, PaddyState
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import g9_game, make_game, squad

NO_OPTIONS = MoveOptions()

# Paddy C3:E5 (every hexside a bank unless open); F4, F5 Open Ground; E5-F5 open.
PADDY = """
[board]
name = "37"
[terrain]
paddy = ["C3:E5"]
[paddies]
open = ["E5-F5"]
"""


def paddy_game(*units: Unit, state: PaddyState = PaddyState.DRAINED) -> Game:
    return make_game(PADDY, conditions=Conditions(paddy=state, ec=EC.MODERATE), units=units)


def refused(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal and r.violation is not None, r
    return r.violation.rule


def events(r: MoveResult) -> list[tuple[str, str]]:
    return [(e.kind, e.rule) for s in r.steps for e in s.events]


# --- G8 Banks ----------------------------------------------------------------------------------


def test_g8_bicyclist_may_not_go_from_bank_into_the_same_hex() -> None:
    """G8: Infantry entering INTO a paddy "may not ride bicycles"; the BREACH sentence lets all
    unit types INTO only via a breached or non-bank hexside, and Bank -> IN crosses none."""
    g = paddy_game(squad("S", "37F4"))
    riding = MoveOptions(riding=True)
    assert refused(g, "S", ["37E4:bank", ":in"], riding) == "G8"
    g2 = paddy_game(squad("S", "37E4", "bank"))
    assert refused(g2, "S", [":in"], riding) == "G8"
    assert evaluate(g2, "S", [":in"]).legal  # on foot


def test_g8_bicyclist_enters_into_across_a_non_bank_hexside() -> None:
    """G8 BREACH: all unit types may enter INTO a Drained paddy via a non-bank hexside."""
    g = paddy_game(squad("S", "37F5"))
    assert evaluate(g, "S", ["37E5"], MoveOptions(riding=True)).legal


def test_g8_cavalry_may_not_gallop_off_a_bank_counter() -> None:
    """G8 Bank Counter Penalties: Cavalry may not Gallop/Charge on/off a Bank counter."""
    cav = Unit("K", "american", "american", Kind.CAVALRY, "x", hex="37E4", position="bank", mf=12)
    g = paddy_game(cav)
    gallop = MoveOptions(galloping=True)
    assert refused(g, "K", ["37F4"], gallop) == "G8"  # G8.2107
    assert refused(g, "K", ["37D4:bank"], gallop) == "G8"  # G8.2106
    assert evaluate(g, "K", ["37F4"]).legal


def test_g8_motorcycle_refusal_names_the_motorcycle() -> None:
    """A motorcycle counter is Cycle Riders (a Ridden motorcycle): INTO a Drained paddy, not
    INTO an Irrigated one, and the refusal names the motorcycle."""
    moto = Unit(
        "M",
        "american",
        "american",
        Kind.VEHICLE,
        "x",
        hex="37F4",
        vehicle_type=VehicleType.MOTORCYCLE,
        mf=16,
    )
    assert evaluate(paddy_game(moto), "M", ["37E4"]).legal
    r = evaluate(paddy_game(moto, state=PaddyState.IRRIGATED), "M", ["37E4"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G8"
    assert "Motorcycle" in r.violation.message


# --- G9.411 ------------------------------------------------------------------------------------


def test_g9_411_after_the_manhandled_item_is_lost_the_unit_moves_on() -> None:
    """G9.411: the Manhandled item is eliminated on entering; the Infantry is then no longer
    Manhandling, so it may go beneath the Panji counter (G9.5) and leave (G9.6)."""
    g = g9_game()
    r = evaluate(g, "A", ["37EE7", ":beneath"], MoveOptions(manhandling="gun"))
    assert r.legal, r.violation
    assert ("eliminated", "G9.411") in events(r)
    assert r.end.position.value == "beneath-panji"


# --- G9.55 / B27.41 ----------------------------------------------------------------------------


def test_g9_55_ex_leaving_the_foxhole_to_beneath_the_panji() -> None:
    """G9.55 EX: "If the unit subsequently exited the foxhole it would do so to beneath that
    Panji counter"; leaving a foxhole costs one MF (B27.41)."""
    g = g9_game()
    g = replace(g, fortifications=(Fortification("f", FortKind.FOXHOLE, g.map.hex("37EE7")),))
    g = g.with_unit(squad("X", "37EE7", "beneath-panji", entrenched="foxhole"))
    r = evaluate(g, "X", [":beneath"])
    assert r.legal, r.violation
    assert r.end.entrenched is None and r.end.position.value == "beneath-panji"
    assert r.mf == 1 * HALF
    r = evaluate(g, "X", [":beneath", ":above"])
    assert r.legal and r.mf == 2 * HALF and r.end.position.value == "above-panji"
    # not directly above: other Fortifications are beneath the Panji counter
    assert refused(g, "X", [":above"]) == "G9.55"


def test_b27_41_leaving_a_foxhole_for_another_hex_costs_one_mf() -> None:
    g = make_game(units=(squad("X", "37B3", entrenched="foxhole"),))
    g = replace(g, fortifications=(Fortification("f", FortKind.FOXHOLE, g.map.hex("37B3")),))
    r = evaluate(g, "X", ["37B4"], MoveOptions(rout=True))  # combined in the RtPh only
    assert r.legal and r.mf == 2 * HALF
    assert r.steps[0].costs[0].rule == "B27.4"
    assert refused(g, "X", ["37B4"]) == "B27.4"  # in the MPh it is paid on its own
    r = evaluate(g, "X", [":ground", "37B4"])
    assert r.legal and r.mf == 2 * HALF


def test_g8_leaving_a_foxhole_in_a_paddy_to_in_then_bank() -> None:
    g = paddy_game(squad("X", "37D4", "in", entrenched="foxhole"))
    g = replace(g, fortifications=(Fortification("f", FortKind.FOXHOLE, g.map.hex("37D4")),))
    assert refused(g, "X", [":bank"]) == "G8"
    r = evaluate(g, "X", [":in", ":bank"])
    assert r.legal and r.mf == 2 * HALF and r.end.position.value == "bank"


# --- G.8 trip flares ---------------------------------------------------------------------------


def test_g_8_trip_flare_dr_when_bypassing_into_the_location() -> None:
    """G.8: a dr each time a ground unit enters a Location with trip flares; Bypass enters it."""
    g = make_game(units=(squad("S", "37BB4"),), forts=[("37CC5", FortKind.TRIP_FLARE, "", 1)])
    r = evaluate(g, "S", ["37CC5/CC4"])
    assert r.legal, r.violation
    assert ("trip-flare-dr", "G.8") in events(r)


def test_g_8_minus_four_after_entering_by_path_for_later_expenditure() -> None:
    """G.8: the -4 drm applies if during the current Player Turn the unit entered the hex using
    a path; that includes a later MF expenditure in the hex (here, going above a Panji)."""
    board = (
        '[board]\nname = "37"\n[terrain]\nwoods = ["BB5:GG10"]\n[lines]\npath = ["EE9 EE8 EE7"]\n'
    )
    g = make_game(
        board,
        units=(squad("S", "37EE8"),),
        panjis=[("A", "37EE7", ["37EE7-DD7"], False)],
        forts=[("37EE7", FortKind.TRIP_FLARE, "", 1)],
    )
    r = evaluate(g, "S", ["37EE7", ":above"])
    assert r.legal, r.violation
    notes = [e.note for s in r.steps for e in s.events if e.kind == "trip-flare-dr"]
    assert len(notes) == 2 and all("-4" in n for n in notes)


# --- B21.13 ------------------------------------------------------------------------------------


def test_b21_13_all_water_hexside_is_not_crossed_on_foot() -> None:
    """B21.13: a pond without a centre dot is entered across any non-all-water hexside; the
    pond hexside itself is a Water Obstacle (B21.4: bridge, boat, amphibian, swimming)."""
    board = '[board]\nname = "37"\n[hexsides]\nwater = ["C4-D4"]\n[ponds]\nno_dot = ["C4"]\n'
    g = make_game(board, conditions=Conditions(), units=(squad("S", "37D4"),))
    assert refused(g, "S", ["37C4"]) == "B21.13"
    assert evaluate(g, "S", ["37D5", "37C5"]).legal
    frozen = make_game(board, conditions=Conditions(sub_zero=True), units=(squad("S", "37D4"),))
    assert evaluate(frozen, "S", ["37C4"]).legal  # B21.6: ice is Open Ground


# --- B21.4 bridges -----------------------------------------------------------------------------

BRIDGE = """
[board]
name = "37"
[terrain]
river = ["E2..E8"]
[lines]
road = ["D5 E5 F5"]
[features]
bridge = ["E5"]
"""


def test_b21_4_leaving_a_bridge_along_the_road_is_not_leaving_the_water() -> None:
    """B21.4: a unit on a bridge is not IN the Water Obstacle; B21.41's doubling for the level
    above the water concerns units leaving the water, not the bridge."""
    g = make_game(BRIDGE, conditions=Conditions(), units=(squad("S", "37D5"),))
    r = evaluate(g, "S", ["37E5", "37F5"])
    assert r.legal, r.violation
    assert r.mf == 2 * HALF
    assert all(c.rule != "B21.41" for s in r.steps for c in s.costs)


def test_b21_4_on_a_bridge_over_deep_water_leave_along_the_road_only() -> None:
    g = make_game(BRIDGE, conditions=Conditions(), units=(squad("S", "37D5"),))
    assert refused(g, "S", ["37E5", "37F4"]) == "B21.4"
