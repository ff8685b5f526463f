"""G8: the Paddy Movement Chart, cell by cell (G8.2101-G8.2108), for Drained, Irrigated and
In-Season paddies and for EC Mud; who may enter INTO a paddy or onto its banks."""

from __future__ import annotations

import pytest

from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF, MoveOptions
from aslpto.state.game import EC, Conditions, FortKind, Game, PaddyState
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import make_game, squad, vehicle

NO_OPTIONS = MoveOptions()

# Paddy C3:E5 (every hexside a bank unless open); F4, F5 are Open Ground; E5-F5 is open.
BOARD = """
[board]
name = "37"
[terrain]
paddy = ["C3:E5"]
[paddies]
open = ["E5-F5"]
[lines]
road = ["F2 F3"]
"""


def game(
    state: PaddyState = PaddyState.DRAINED,
    ec: EC = EC.MODERATE,
    *units: Unit,
    forts: tuple[tuple[str, FortKind, str, int], ...] = (),
) -> Game:
    return make_game(
        BOARD,
        conditions=Conditions(paddy=state, ec=ec),
        units=units or (leader("L", "37F4"),),
        forts=forts,
    )


def leader(uid: str, hex_: str, position: str = "ground") -> Unit:
    """A 6-MF SMC, so that the dearest cells still fit in one MPh."""
    return Unit(
        uid, "american", "american", Kind.LEADER, "8-0", morale=8, hex=hex_, position=position
    )


def cost(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> float:
    r = evaluate(g, uid, steps, opts)
    assert r.legal, r.violation
    return r.mf / HALF


def cells(g: Game, uid: str, steps: list[str]) -> list[str]:
    r = evaluate(g, uid, steps)
    assert r.legal, r.violation
    return [rule for s in r.steps for rule in s.rules if rule.startswith("G8.")]


def refused(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal
    assert r.violation is not None
    return r.violation.rule


S = PaddyState
# (state, ec) -> expected costs for each chart cell
DRAINED = (S.DRAINED, EC.MODERATE)
IRRIGATED = (S.IRRIGATED, EC.MODERATE)
IN_SEASON = (S.IN_SEASON, EC.MODERATE)
MUD_DRAINED = (S.DRAINED, EC.MUD)
MUD_IRRIGATED = (S.IRRIGATED, EC.MUD)
MUD_IN_SEASON = (S.IN_SEASON, EC.MUD)


# --- G8.2101: onto a Bank counter in an adjacent paddy hex -----------------------------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 2),
        (IRRIGATED, 2),
        (IN_SEASON, 2),
        (MUD_DRAINED, 2.5),  # E3.64: 1/2 MF more per Open Ground hexside in Mud
        (MUD_IRRIGATED, 2.5),
        (MUD_IN_SEASON, 2.5),
    ],
)
def test_g8_2101_from_non_paddy_onto_bank(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37F4"))
    assert cost(g, "L", ["37E4:bank"]) == mf
    assert cells(g, "L", ["37E4:bank"]) == ["G8.2101"]


@pytest.mark.parametrize(("cond", "mf"), [(DRAINED, 2), (IRRIGATED, 2), (MUD_DRAINED, 2.5)])
def test_g8_2101_from_in_paddy_onto_bank(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37D4", "in"))
    assert cost(g, "L", ["37E4:bank"]) == mf


def test_g8_2101_needs_a_bank_hexside() -> None:
    g = game(S.DRAINED, EC.MODERATE, leader("L", "37F5"))
    assert refused(g, "L", ["37E5:bank"]) == "G8.2101"


# --- G8.2102: INTO an adjacent paddy hex -----------------------------------------------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 2),  # 1 (hexside) + Open Ground
        (IRRIGATED, 4),  # 1 + 2x Open Ground Mud (1 1/2 MF, E3.64): the chart's IN-hex 3
        (IN_SEASON, 2.5),  # 1 + Grain in season (1.5)
        (MUD_DRAINED, 2.5),  # 1 + Open Ground Mud
        (MUD_IRRIGATED, 4),
        (MUD_IN_SEASON, 3),  # 1 + Grain + Mud: mud exists IN In-Season paddies
    ],
)
def test_g8_2102_from_non_paddy_into_paddy(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37F4"))
    assert cost(g, "L", ["37E4"]) == mf
    assert cells(g, "L", ["37E4"]) == ["G8.2102"]


@pytest.mark.parametrize(("cond", "mf"), [(DRAINED, 2), (IRRIGATED, 4), (IN_SEASON, 2.5)])
def test_g8_2102_from_in_paddy_into_paddy(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37D4", "in"))
    assert cost(g, "L", ["37E4"]) == mf


def test_g8_2102_non_bank_hexside_no_hexside_cost() -> None:
    g = game(S.DRAINED, EC.MODERATE, leader("L", "37F5"))
    assert cost(g, "L", ["37E5"]) == 1


# --- G8.2103: from IN a paddy into an adjacent non-paddy hex ---------------------------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 2),
        (IRRIGATED, 2),
        (IN_SEASON, 2),
        (MUD_DRAINED, 2.5),
        (MUD_IRRIGATED, 2.5),
        (MUD_IN_SEASON, 2.5),  # Open Ground Mud (E3.64)
    ],
)
def test_g8_2103_from_in_paddy_to_non_paddy(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37E4", "in"))
    assert cost(g, "L", ["37F4"]) == mf
    assert cells(g, "L", ["37F4"]) == ["G8.2103"]


# --- G8.2104: from IN onto the Bank counter of the same hex (Mud never applies) --------------


@pytest.mark.parametrize(
    "cond", [DRAINED, IRRIGATED, IN_SEASON, MUD_DRAINED, MUD_IRRIGATED, MUD_IN_SEASON]
)
def test_g8_2104_in_to_bank_same_hex(cond: tuple[S, EC]) -> None:
    g = game(*cond, leader("L", "37E4", "in"))
    assert cost(g, "L", [":bank"]) == 1
    assert cells(g, "L", [":bank"]) == ["G8.2104"]


# --- G8.2105: from a Bank counter INTO an adjacent paddy hex ---------------------------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 2),
        (IRRIGATED, 4),
        (IN_SEASON, 2.5),
        (MUD_DRAINED, 2.5),
        (MUD_IRRIGATED, 4),
        (MUD_IN_SEASON, 3),
    ],
)
def test_g8_2105_bank_into_adjacent_paddy(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37D4", "bank"))
    assert cost(g, "L", ["37E4"]) == mf
    assert cells(g, "L", ["37E4"]) == ["G8.2105"]


# --- G8.2106: from a Bank counter onto the Bank counter of an adjacent paddy hex -------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 1),
        (IRRIGATED, 1),
        (IN_SEASON, 1),
        (MUD_DRAINED, 1.5),
        (MUD_IRRIGATED, 1.5),
        (MUD_IN_SEASON, 1.5),  # EC Mud and changing hexes
    ],
)
def test_g8_2106_bank_to_adjacent_bank(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37D4", "bank"))
    assert cost(g, "L", ["37E4:bank"]) == mf
    assert cells(g, "L", ["37E4:bank"]) == ["G8.2106"]


# --- G8.2107: from a Bank counter into an adjacent non-paddy hex -----------------------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 2),
        (IRRIGATED, 2),
        (IN_SEASON, 2),
        (MUD_DRAINED, 2.5),
        (MUD_IRRIGATED, 2.5),
        (MUD_IN_SEASON, 2.5),
    ],
)
def test_g8_2107_bank_to_non_paddy(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37E4", "bank"))
    assert cost(g, "L", ["37F4"]) == mf
    assert cells(g, "L", ["37F4"]) == ["G8.2107"]


# --- G8.2108: from a Bank counter INTO the same hex (Mud never applies) ----------------------


@pytest.mark.parametrize(
    ("cond", "mf"),
    [
        (DRAINED, 1),
        (IRRIGATED, 3),  # the IN-hex COT, 2x Open Ground Mud (the chart's 3)
        (IN_SEASON, 1.5),
        (MUD_DRAINED, 1),
        (MUD_IRRIGATED, 3),
        (MUD_IN_SEASON, 1.5),
    ],
)
def test_g8_2108_bank_into_same_hex(cond: tuple[S, EC], mf: float) -> None:
    g = game(*cond, leader("L", "37E4", "bank"))
    assert cost(g, "L", [":in"]) == mf
    assert cells(g, "L", [":in"]) == ["G8.2108"]


def test_g8_chart_na_cell_in_to_in_same_hex() -> None:
    """ "To enter INTO same hex" is NA for a unit already IN the paddy."""
    g = game(S.DRAINED, EC.MODERATE, leader("L", "37E4", "in"))
    r = evaluate(g, "L", [":in"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G8"


# --- who may enter INTO / onto banks ---------------------------------------------------------


def test_g8_fully_tracked_vehicle_into_paddy_across_bank() -> None:
    g = game(S.DRAINED, EC.MODERATE, vehicle("T", "37F4", VehicleType.FULLY_TRACKED))
    assert cost(g, "T", ["37E4"]) == 2


@pytest.mark.parametrize(
    "vt", [VehicleType.TRUCK, VehicleType.HALF_TRACKED, VehicleType.ARMORED_CAR, VehicleType.WAGON]
)
def test_g8_banks_only_into_units_cross_bank_hexside(vt: VehicleType) -> None:
    g = game(S.DRAINED, EC.MODERATE, vehicle("V", "37F4", vt))
    assert refused(g, "V", ["37E4"]) == "G8"


@pytest.mark.parametrize("state", [S.DRAINED, S.IN_SEASON])
def test_g8_breach_non_bank_hexside_lets_all_unit_types_into(state: S) -> None:
    g = game(state, EC.MODERATE, vehicle("V", "37F5", VehicleType.TRUCK))
    r = evaluate(g, "V", ["37E5"])
    assert r.legal, r.violation


def test_g8_breach_breached_bank_lets_trucks_into_drained() -> None:
    from dataclasses import replace

    from aslpto.board.terrain import HexsideFeature

    g = game(S.DRAINED, EC.MODERATE, vehicle("V", "37F4", VehicleType.TRUCK))
    side = g.map.layout.hexside("37E4-F4")
    m = g.map.with_hexside(side, frozenset({HexsideFeature.BANK, HexsideFeature.BREACHED}), "G8")
    assert evaluate(replace(g, map=m), "V", ["37E4"]).legal


def test_g8_irrigated_non_bank_hexside_still_needs_into_unit() -> None:
    g = game(S.IRRIGATED, EC.MODERATE, vehicle("V", "37F5", VehicleType.TRUCK))
    assert refused(g, "V", ["37E5"]) == "G8"


def test_g8_vehicle_never_on_bank_counter() -> None:
    g = game(S.DRAINED, EC.MODERATE, vehicle("T", "37F4", VehicleType.FULLY_TRACKED))
    assert refused(g, "T", ["37E4:bank"]) == "G8"


def test_g8_bicyclist_onto_bank_but_not_into() -> None:
    g = game(S.DRAINED, EC.MODERATE, squad("S", "37F4"))
    riding = MoveOptions(riding=True)
    assert evaluate(g, "S", ["37E4:bank"], riding).legal
    assert refused(g, "S", ["37E4"], riding) == "G8"


def test_g8_bicyclist_crosses_bank_only_onto_bank_or_road() -> None:
    g = game(S.DRAINED, EC.MODERATE, squad("S", "37E3", "bank"))
    riding = MoveOptions(riding=True)
    assert evaluate(g, "S", ["37F3"], riding).legal  # F3 is a road hex
    assert refused(g, "S", ["37D2"], riding) == "G8"


def test_g8_bank_not_manhandling_gun_or_boat() -> None:
    g = game(S.DRAINED, EC.MODERATE, squad("S", "37F4"))
    assert refused(g, "S", ["37E4:bank"], MoveOptions(manhandling="gun")) == "G8"
    assert refused(g, "S", ["37E4:bank"], MoveOptions(manhandling="boat")) == "G8"
    assert evaluate(g, "S", ["37E4:bank"], MoveOptions(leading=True)).legal


def test_g8_cavalry_may_not_gallop_onto_bank() -> None:
    cav = Unit("K", "american", "american", Kind.CAVALRY, "x", hex="37F4", mf=12)
    g = game(S.DRAINED, EC.MODERATE, cav)
    assert evaluate(g, "K", ["37E4:bank"]).legal
    assert refused(g, "K", ["37E4:bank"], MoveOptions(galloping=True)) == "G8"


def test_g8_cycle_riders_pay_three_mp() -> None:
    cyc = Unit("Y", "american", "american", Kind.CYCLE_RIDER, "x", hex="37F4", mf=12)
    g = game(S.DRAINED, EC.MODERATE, cyc)
    assert cost(g, "Y", ["37E4:bank"]) == 6  # 3 MP to cross + 3 MP onto the Bank counter


@pytest.mark.parametrize(
    ("opts", "unit"),
    [
        (MoveOptions(manhandling="gun"), squad("S", "37F5")),
        (
            MoveOptions(galloping=True),
            Unit("S", "american", "american", Kind.CAVALRY, "x", hex="37F5", mf=12),
        ),
        (MoveOptions(manhandling="motorcycle"), squad("S", "37F5")),
        (
            MoveOptions(),
            Unit("S", "american", "american", Kind.CYCLE_RIDER, "x", hex="37F5", mf=12),
        ),
        (MoveOptions(riding=True), squad("S", "37F5")),
    ],
)
def test_g8_irrigated_forbids(opts: MoveOptions, unit: Unit) -> None:
    g = game(S.IRRIGATED, EC.MODERATE, unit)
    assert refused(g, "S", ["37E5"], opts) == "G8"


def test_g8_irrigated_allows_dm_gun() -> None:
    g = game(S.IRRIGATED, EC.MODERATE, squad("S", "37F5"))
    assert evaluate(g, "S", ["37E5"], MoveOptions(manhandling="gun-dm")).legal


@pytest.mark.parametrize("kind", [FortKind.WIRE])
def test_g8_fortifications_no_bank_counter_with_wire(kind: FortKind) -> None:
    g = game(S.DRAINED, EC.MODERATE, leader("L", "37F4"), forts=(("37E4", kind, "", 0),))
    assert refused(g, "L", ["37E4:bank"]) == "G8"


def test_g8_fortifications_no_bank_counter_with_panji() -> None:
    from dataclasses import replace

    from aslpto.state.game import Panji

    g = game(S.DRAINED, EC.MODERATE, leader("L", "37F4"))
    p = Panji("P", g.map.hex("37E4"), frozenset())
    g = replace(g, panjis={"P": p})
    assert refused(g, "L", ["37E4:bank"]) == "G9.4"
    r = evaluate(g, "L", ["37E4"])
    assert r.legal and r.steps[0].state.position.value == "beneath-panji"


def test_g8_fortifications_trench_to_trench_ignores_bank_hexside() -> None:
    forts = (("37E4", FortKind.TRENCH, "", 0), ("37F4", FortKind.TRENCH, "", 0))
    u = leader("L", "37F4").with_(entrenched="trench")
    g = game(S.DRAINED, EC.MODERATE, u, forts=forts)
    assert cost(g, "L", ["37E4:trench"]) == 1  # Open Ground only
    # out of the trench (one MF of its own in the MPh, B27.4), across the bank hexside, INTO
    # the paddy
    assert cost(g, "L", [":ground", "37E4"]) == 3


def test_g8_bank_counter_hazardous_movement() -> None:
    g = game(S.DRAINED, EC.MODERATE, leader("L", "37F4"))
    r = evaluate(g, "L", ["37E4:bank"])
    assert [e.kind for e in r.steps[0].events] == ["hazardous-movement"]


def test_g8_mud_irrigated_paddy_is_mud_only_in() -> None:
    """Irrigated paddies are mud only IN those hexes: no Mud onto a Bank counter."""
    g = game(S.IRRIGATED, EC.MODERATE, leader("L", "37F4"))
    assert cost(g, "L", ["37E4:bank"]) == 2
