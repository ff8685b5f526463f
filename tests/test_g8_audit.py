"""G8 movement read sentence by sentence against every mover kind and paddy state: who may
cross a bank hexside or be above a Bank counter, the chart cells across bank, non-bank and
breached hexsides, what an Irrigated paddy forbids, Mud for cycles, and the rights of a step
that another chapter prices (a ford out of a paddy, B21.41)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.board.terrain import HexsideFeature
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF, MoveContext, MoveOptions, Phase, mover_of
from aslpto.rules.paddy import movement as paddy
from aslpto.state.game import EC, Conditions, FortKind, Game, PaddyState, Panji
from aslpto.state.units import Kind, Position, Unit, VehicleType
from test_movement_helpers import make_game, squad

S = PaddyState
NO_OPTIONS = MoveOptions()

# Paddy C3:E5, every hexside a bank unless open: E5-F5 (paddy to Open Ground) and D4-D5
# (paddy to paddy) are open. F-column hexes are Open Ground; F2-F3 is a road. A river runs
# down columns A-B, across bank hexsides from C3-C5.
BOARD = """
[board]
name = "37"
[terrain]
paddy = ["C3:E5"]
river = ["A2:B6"]
[paddies]
open = ["E5-F5", "D4-D5"]
[lines]
road = ["F2 F3"]
"""


def game(state: PaddyState, *units: Unit, ec: EC = EC.MODERATE) -> Game:
    return make_game(BOARD, conditions=Conditions(paddy=state, ec=ec), units=units)


def unit(kind: Kind, hex_: str, position: str = "ground", **kw: Any) -> Unit:
    return Unit("U", "american", "american", kind, "x", hex=hex_, position=position, mf=30, **kw)


def vehicle(vt: VehicleType, hex_: str, position: str = "ground") -> Unit:
    return unit(Kind.VEHICLE, hex_, position, vehicle_type=vt, afv=vt == VehicleType.FULLY_TRACKED)


def infantry(hex_: str, position: str = "ground", **kw: object) -> Unit:
    return squad("U", hex_, position, mf=30, **kw)


def mf(g: Game, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> float:
    r = evaluate(g, "U", steps, opts)
    assert r.legal, r.violation
    return r.mf / HALF


def refused(g: Game, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> str:
    r = evaluate(g, "U", steps, opts)
    assert not r.legal and r.violation is not None, r
    return r.violation.rule


Make = Callable[[str], Unit]

# Every mover kind: (label, unit at a hex, options, may enter INTO across a bank hexside,
# may be above a Bank counter, allowed IN an Irrigated paddy).
MOVERS = [
    ("infantry", lambda h: infantry(h), NO_OPTIONS, True, True, True),
    ("smc", lambda h: unit(Kind.LEADER, h), NO_OPTIONS, True, True, True),
    ("leading horses", lambda h: infantry(h), MoveOptions(leading=True), True, True, True),
    (
        "portaging bicycles",
        lambda h: infantry(h, transport="portaging-bicycle"),
        NO_OPTIONS,
        True,
        True,
        True,
    ),
    ("riding bicycles", lambda h: infantry(h), MoveOptions(riding=True), False, True, False),
    ("manhandling gun", lambda h: infantry(h), MoveOptions(manhandling="gun"), True, False, False),
    (
        "manhandling dm gun",
        lambda h: infantry(h),
        MoveOptions(manhandling="gun-dm"),
        True,
        False,
        True,
    ),
    ("manhandling boat", lambda h: infantry(h), MoveOptions(manhandling="boat"), True, False, True),
    (
        "pushing motorcycle",
        lambda h: infantry(h),
        MoveOptions(manhandling="motorcycle"),
        True,
        True,
        False,
    ),
    ("cavalry", lambda h: unit(Kind.CAVALRY, h), NO_OPTIONS, True, True, True),
    (
        "galloping cavalry",
        lambda h: unit(Kind.CAVALRY, h),
        MoveOptions(galloping=True),
        True,
        False,
        False,
    ),
    (
        "cavalry leading its horses",
        lambda h: unit(Kind.CAVALRY, h),
        MoveOptions(leading=True),
        True,
        True,
        True,
    ),
    ("cycle riders", lambda h: unit(Kind.CYCLE_RIDER, h), NO_OPTIONS, True, True, False),
    (
        "fully tracked",
        lambda h: vehicle(VehicleType.FULLY_TRACKED, h),
        NO_OPTIONS,
        True,
        False,
        True,
    ),
    ("dozer", lambda h: vehicle(VehicleType.DOZER, h), NO_OPTIONS, True, False, True),
    (
        "fully tracked towing",
        lambda h: vehicle(VehicleType.FULLY_TRACKED, h),
        MoveOptions(towing=True),
        True,
        False,
        True,
    ),
    (
        "half-tracked",
        lambda h: vehicle(VehicleType.HALF_TRACKED, h),
        NO_OPTIONS,
        False,
        False,
        False,
    ),
    ("armored car", lambda h: vehicle(VehicleType.ARMORED_CAR, h), NO_OPTIONS, False, False, False),
    ("truck", lambda h: vehicle(VehicleType.TRUCK, h), NO_OPTIONS, False, False, False),
    ("wagon", lambda h: vehicle(VehicleType.WAGON, h), NO_OPTIONS, False, False, False),
    (
        "motorcycle vehicle",
        lambda h: vehicle(VehicleType.MOTORCYCLE, h),
        NO_OPTIONS,
        True,
        True,
        False,
    ),
]
IDS = [m[0] for m in MOVERS]


@pytest.mark.parametrize(("label", "make", "opts", "into", "bank", "irrigated"), MOVERS, ids=IDS)
def test_g8_only_listed_units_enter_into_across_a_bank_hexside(
    label: str, make: Make, opts: MoveOptions, into: bool, bank: bool, irrigated: bool
) -> None:
    """G8: only Infantry (not riding bicycles; leading horses allowed), Cavalry, Cycle Riders and
    fully tracked vehicles enter INTO a paddy; Banks: only they cross a bank hexside. A Gun or
    boat Manhandled by Infantry goes with the Infantry (the Irrigated paragraph, which forbids
    an unhooked Gun IN an Irrigated paddy only, implies it may be IN the others). A `vehicle`
    counter of type motorcycle moves only ridden: it is Cycle Riders, as a `cycle-rider` unit
    is (G9.42 calls it a Ridden motorcycle too)."""
    for state in (S.DRAINED, S.IN_SEASON):
        r = evaluate(game(state, make("37F4")), "U", ["37E4"], opts)
        assert r.legal == into, (label, state, r.violation)
        if not into:
            assert r.violation is not None and r.violation.rule == "G8"


@pytest.mark.parametrize(("label", "make", "opts", "into", "bank", "irrigated"), MOVERS, ids=IDS)
def test_g8_banks_only_listed_units_above_a_bank_counter(
    label: str, make: Make, opts: MoveOptions, into: bool, bank: bool, irrigated: bool
) -> None:
    """G8 Banks: only Infantry (even riding bicycles/leading horses, not manhandling a Gun or
    boat), Cavalry and Cycle Riders above a Bank counter; no Gallop/Charge onto it. Infantry
    pushing a motorcycle is read as allowed: the sentence excepts only a Gun or boat."""
    for state in S:
        r = evaluate(game(state, make("37F4")), "U", ["37E4:bank"], opts)
        assert r.legal == bank, (label, state, r.violation)


@pytest.mark.parametrize(("label", "make", "opts", "into", "bank", "irrigated"), MOVERS, ids=IDS)
def test_g8_breach_all_unit_types_into_via_a_non_bank_hexside(
    label: str, make: Make, opts: MoveOptions, into: bool, bank: bool, irrigated: bool
) -> None:
    """G8 BREACH: all unit types enter INTO a Drained/In-Season paddy via a non-bank hexside;
    into an Irrigated one only the G8 unit types, less those the Irrigated paragraph forbids."""
    for state in (S.DRAINED, S.IN_SEASON):
        r = evaluate(game(state, make("37F5")), "U", ["37E5"], opts)
        assert r.legal, (label, state, r.violation)
    r = evaluate(game(S.IRRIGATED, make("37F5")), "U", ["37E5"], opts)
    assert r.legal == (into and irrigated), (label, r.violation)


@pytest.mark.parametrize(("label", "make", "opts", "into", "bank", "irrigated"), MOVERS, ids=IDS)
def test_g8_banks_leaving_across_a_bank_hexside(
    label: str, make: Make, opts: MoveOptions, into: bool, bank: bool, irrigated: bool
) -> None:
    """G8 Banks: a unit IN a Drained paddy (entered via a non-bank hexside) leaves across a bank
    hexside only if it may enter INTO a paddy (G8.2103), or across the non-bank one."""
    g = game(S.DRAINED, make("37E5").with_(position="in"))
    r = evaluate(g, "U", ["37F4"], opts)
    assert r.legal == into, (label, r.violation)
    assert evaluate(g, "U", ["37F5"], opts).legal


# --- G8 In-Season: Cycle Riders pay the grain row's motorcycle MP ---------------------------


def test_g8_2102_in_season_cycle_riders_pay_grain_mp() -> None:
    """G8 In-Season: "Entry Cost INTO: 1 (hexside cost) + Grain MF/MP": a Cycle Rider pays the
    grain row's in-season motorcycle MP (4), as a Drained paddy charges the Open Ground row's
    (3), not three times the Infantry's 1.5 MF."""
    cyc = unit(Kind.CYCLE_RIDER, "37F4")
    assert mf(game(S.DRAINED, cyc), ["37E4"]) == 3 + 3
    assert mf(game(S.IN_SEASON, cyc), ["37E4"]) == 3 + 4  # G8.2102
    assert mf(game(S.IN_SEASON, cyc), ["37E4:bank", ":in"]) == 3 + 3 + 4  # G8.2108
    assert mf(game(S.IN_SEASON, cyc, ec=EC.MUD), ["37E4"]) == 3 + 4 + 1  # Mud: one MP more
    g = game(S.IN_SEASON, unit(Kind.CYCLE_RIDER, "37D4", "bank"))
    assert mf(g, ["37E4"]) == 3 + 4  # G8.2105
    g = game(S.IN_SEASON, vehicle(VehicleType.MOTORCYCLE, "37F5"))
    assert mf(g, ["37E5"]) == 4  # via the non-bank hexside: the grain row's motorcycle MP


def test_g8_2102_in_season_infantry_and_vehicles_unchanged() -> None:
    assert mf(game(S.IN_SEASON, infantry("37F4")), ["37E4"]) == 1 + 1.5
    assert mf(game(S.IN_SEASON, vehicle(VehicleType.FULLY_TRACKED, "37F4")), ["37E4"]) == 1 + 1
    assert mf(game(S.IN_SEASON, vehicle(VehicleType.TRUCK, "37F5")), ["37E5"]) == 5


# --- G8 Irrigated: the units not allowed IN do not move from IN either -----------------------


def test_g8_irrigated_galloping_cavalry_may_not_leave_from_in() -> None:
    """G8 Irrigated: no Galloping/Charging Cavalry is allowed IN an Irrigated paddy. Read: a
    Cavalry unit IN one that Gallops is Galloping Cavalry IN it, whether it heads for a
    non-paddy hex (G8.2103) or another paddy (G8.2102)."""
    g = game(S.IRRIGATED, unit(Kind.CAVALRY, "37E4", "in"))
    gallop = MoveOptions(galloping=True)
    assert refused(g, ["37F4"], gallop) == "G8"
    assert refused(g, ["37D4"], gallop) == "G8"
    assert mf(g, ["37F4"]) == 2  # walking out: 1 (bank hexside) + Open Ground
    g = game(S.DRAINED, unit(Kind.CAVALRY, "37E4", "in"))
    assert mf(g, ["37F4"], gallop) == 2  # a Drained paddy forbids no Gallop IN it


def test_g8_irrigated_in_to_bank_ridden_bicycle_refused() -> None:
    """G8 Irrigated: no Ridden bicycle IN an Irrigated paddy, so none goes from IN onto the Bank
    counter (G8.2104) there; in a Drained paddy it may (Banks: Infantry riding bicycles)."""
    riding = MoveOptions(riding=True)
    assert refused(game(S.IRRIGATED, infantry("37E5", "in")), [":bank"], riding) == "G8"
    assert mf(game(S.DRAINED, infantry("37E5", "in")), [":bank"], riding) == 1


# --- the chart's "provided it crosses bank hexside" -------------------------------------------


def test_g8_chart_across_a_non_bank_paddy_hexside() -> None:
    """D4-D5 is a non-bank hexside between two paddy hexes. From IN, INTO costs only the
    IN-hex COT (G8.2102) and any unit type may use it (G8 BREACH); directly onto the Bank
    counter (G8.2101, G8.2106) or from a Bank counter INTO the adjacent hex (G8.2105) needs a
    bank hexside."""
    assert mf(game(S.DRAINED, infantry("37D4", "in")), ["37D5"]) == 1
    # Irrigated: 2x Open Ground Mud, 2 x 1 1/2 (E3.64), the chart's 3
    assert mf(game(S.IRRIGATED, infantry("37D4", "in")), ["37D5"]) == 3
    assert mf(game(S.DRAINED, vehicle(VehicleType.TRUCK, "37D4", "in")), ["37D5"]) == 4
    assert refused(game(S.DRAINED, infantry("37D4", "in")), ["37D5:bank"]) == "G8.2101"
    assert refused(game(S.DRAINED, infantry("37D4", "bank")), ["37D5:bank"]) == "G8.2106"
    assert refused(game(S.DRAINED, infantry("37D4", "bank")), ["37D5"]) == "G8.2105"
    assert mf(game(S.DRAINED, infantry("37D4", "bank")), [":in", "37D5"]) == 2


def test_g8_2107_bank_to_non_paddy_across_a_non_bank_hexside() -> None:
    """G8.2107 prices the bank hexside; leaving a Bank counter across the non-bank hexside
    E5-F5 costs only the COT of the non-paddy hex (read: the chart's 1 MF is for a bank
    hexside crossed)."""
    assert mf(game(S.DRAINED, infantry("37E5", "bank")), ["37F5"]) == 1
    assert mf(game(S.DRAINED, infantry("37E5", "bank")), ["37F4"]) == 2


def test_g8_breach_breached_bank_hexside_not_onto_bank_counter() -> None:
    """G8 BREACH: a breached bank hexside is entered like a non-bank one: INTO without the
    hexside MF, by any unit type; but not "directly onto Bank counter in adjacent paddy hex
    (provided it crosses bank hexside)". Read: the breach is a gap in the bank, so a unit
    entering through it is IN the hex and climbs the bank afterwards (G8.2104)."""
    g = game(S.DRAINED, infantry("37F4"))
    side = g.map.layout.hexside("37E4-F4")
    m = g.map.with_hexside(side, frozenset({HexsideFeature.BANK, HexsideFeature.BREACHED}), "G8")
    g = replace(g, map=m)
    assert refused(g, ["37E4:bank"]) == "G8.2101"
    assert mf(g, ["37E4"]) == 1
    assert mf(g, ["37E4", ":bank"]) == 2


# --- G8 Banks: bicyclists -----------------------------------------------------------------


def test_g8_banks_exc_bicyclists_onto_bank_counter_or_road() -> None:
    """G8 Banks EXC: bicyclists may cross a bank hexside if entering onto a Bank counter or a
    road: from IN a Drained paddy (entered via a non-bank hexside) to road hex F3, or Bank
    counter to Bank counter (G8.2106); not to Open Ground F4, nor INTO another paddy."""
    riding = MoveOptions(riding=True)
    assert evaluate(game(S.DRAINED, infantry("37E4", "in")), "U", ["37F3"], riding).legal
    assert refused(game(S.DRAINED, infantry("37E4", "in")), ["37F4"], riding) == "G8"
    assert refused(game(S.DRAINED, infantry("37E4", "in")), ["37D4"], riding) == "G8"
    assert mf(game(S.DRAINED, infantry("37D4", "bank")), ["37E4:bank"], riding) == 1
    assert refused(game(S.DRAINED, infantry("37D4", "bank")), ["37E4"], riding) == "G8"


# --- G8 MUD --------------------------------------------------------------------------------


def test_g8_mud_cycle_riders_onto_bank_only_changing_hexes() -> None:
    """G8 MUD: Mud's extra MP apply onto a Bank counter only if EC are Mud AND the unit changes
    hexes (G8.2101: one MP more, E3.64, with the 3 MP onto the Bank counter); never from IN
    onto the Bank counter of the same hex (G8.2104)."""
    cyc = unit(Kind.CYCLE_RIDER, "37F4")
    assert mf(game(S.DRAINED, cyc, ec=EC.MUD), ["37E4:bank"]) == 3 + 3 + 1  # E3.64: one MP
    assert mf(game(S.IRRIGATED, cyc), ["37E4:bank"]) == 3 + 3  # Irrigated: mud only IN
    g = game(S.DRAINED, unit(Kind.CYCLE_RIDER, "37E4", "in"), ec=EC.MUD)
    assert mf(g, [":bank"]) == 3
    g = game(S.DRAINED, unit(Kind.CYCLE_RIDER, "37E4", "bank"), ec=EC.MUD)
    assert mf(g, [":in"]) == 3  # G8.2108: Open Ground, Mud never applies


def test_g8_2102_irrigated_fully_tracked_vehicle() -> None:
    """G8 Irrigated: "Entry Cost INTO: 1 (hexside cost) + 2x Cost of Open Ground Mud": 1 MP +
    2 x (1 MP doubled by Mud) for a fully tracked vehicle; EC Mud adds nothing more."""
    t = vehicle(VehicleType.FULLY_TRACKED, "37F4")
    assert mf(game(S.IRRIGATED, t), ["37E4"]) == 1 + 4
    assert mf(game(S.IRRIGATED, t, ec=EC.MUD), ["37E4"]) == 1 + 4


# --- G8 FORTIFICATIONS -----------------------------------------------------------------------


def test_g8_fortifications_unit_above_panji_in_paddy_is_in_it() -> None:
    """G8 FORTIFICATIONS: a unit above/beneath a Panji counter in a paddy hex is IN that hex;
    it leaves across a bank hexside as from IN (G8.2103) and has no Bank counter to climb onto
    (G9.6 makes the one above go beneath first)."""
    g = game(S.DRAINED, infantry("37E4", "beneath-panji"))
    g = replace(g, panjis={"P": Panji("P", g.map.hex("37E4"), frozenset(), side="japanese")})
    r = evaluate(g, "U", ["37F4"])
    assert r.legal and "G8.2103" in r.steps[0].rules
    assert refused(g, [":bank"]) == "G9.4"


def test_g8_fortifications_no_bank_counter_with_wire_same_hex() -> None:
    """G8 FORTIFICATIONS: use of the Bank counter is NA in a hex containing Wire, from IN that
    hex too (G8.2104)."""
    g = make_game(
        BOARD,
        conditions=Conditions(paddy=S.DRAINED),
        units=(infantry("37E4", "in"),),
        forts=(("37E4", FortKind.WIRE, "", 0),),
    )
    assert refused(g, [":bank"]) == "G8"
    assert mf(g, ["37D4:bank"]) == 2  # D4 has no Wire (G8.2101)


# --- a step out of a paddy hex that another chapter prices (a ford, B21.41) --------------------


def _ctx(g: Game, opts: MoveOptions = NO_OPTIONS) -> MoveContext:
    u = g.unit("U")
    return MoveContext(g, u, mover_of(u, opts), opts, 8)


def test_g8_banks_check_crossing_into_a_water_obstacle() -> None:
    """G8 Banks and Bank Counter Penalties hold for any step out of a paddy hex, whatever prices
    it: a bicyclist crosses the bank hexside C4-B4 into the river only if it may enter INTO a
    paddy (it may not), and Cavalry does not Gallop off a Bank counter. B21.41 prices the
    ford; ``paddy.check_crossing`` gives the G8 rights."""
    g = game(S.DRAINED, infantry("37C4", "bank"))
    c4, b4 = g.map.hex("37C4"), g.map.hex("37B4")
    paddy.check_crossing(_ctx(g), c4, Position.BANK, b4)
    with pytest.raises(RuleViolation) as e:
        paddy.check_crossing(_ctx(g, MoveOptions(riding=True)), c4, Position.BANK, b4)
    assert e.value.rule == "G8" and "bank hexside" in e.value.message
    g = game(S.DRAINED, unit(Kind.CAVALRY, "37C4", "bank"))
    paddy.check_crossing(_ctx(g), c4, Position.BANK, b4)
    with pytest.raises(RuleViolation, match="Gallop"):
        paddy.check_crossing(_ctx(g, MoveOptions(galloping=True)), c4, Position.BANK, b4)
    g = game(S.IRRIGATED, unit(Kind.CAVALRY, "37C4", "in"))
    with pytest.raises(RuleViolation, match="Irrigated"):
        paddy.check_crossing(_ctx(g, MoveOptions(galloping=True)), c4, Position.IN, b4)


def test_g8_banks_ford_out_of_a_paddy_keeps_g8_rights() -> None:
    """A ford out of a paddy hex (B21.41 prices it) is still a step across a bank hexside and
    off a Bank counter: a riding bicyclist may not cross the bank hexside into the river, and
    Cavalry may not Gallop off a Bank counter; Infantry fords, spending every MF."""
    from aslpto.board.maps import RiverDepth

    def fordable(*units: Unit) -> Game:
        cond = Conditions(paddy=S.DRAINED, river_depth=RiverDepth.FORDABLE)
        return make_game(BOARD, conditions=cond, units=units)

    assert refused(fordable(infantry("37C4", "bank")), ["37B4"], MoveOptions(riding=True)) == "G8"
    assert (
        refused(fordable(unit(Kind.CAVALRY, "37C4", "bank")), ["37B4"], MoveOptions(galloping=True))
        == "G8"
    )
    r = evaluate(fordable(infantry("37C4", "bank")), "U", ["37B4"])
    assert r.legal, r.violation
    assert any("B21.41" in c.rule for st in r.steps for c in st.costs)


# --- G8 AERIAL: paratroops that appeared this APh stay off the Bank counter ----------------


def test_g8_aerial_paratroops_appearing_this_aph_may_not_enter_onto_a_bank_counter() -> None:
    """G8 AERIAL: "Paratroops appearing onboard as per E9.6 may not enter onto a Bank counter
    during same APh": refused in that APh (the game unchanged), allowed INTO the paddy, and
    allowed onto the Bank counter in a later phase or for units that did not just land."""
    g = game(S.DRAINED, infantry("37F4"))
    landed_aph = MoveOptions(phase=Phase.APH, landed=True)
    r = evaluate(g, "U", ["37E4:bank"], landed_aph)
    assert not r.legal and r.violation is not None and r.violation.rule == "G8"
    assert "AERIAL" in r.violation.message
    assert evaluate(g, "U", ["37E4"], landed_aph).legal  # INTO the paddy
    assert evaluate(g, "U", ["37E4:bank"], MoveOptions(phase=Phase.APH)).legal
    assert evaluate(g, "U", ["37E4:bank"], MoveOptions(landed=True)).legal  # the MPh
