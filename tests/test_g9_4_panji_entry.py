"""G9.4-G9.46: entering a panji Location, what it triggers, Bypass; G9.3/G9.4/G9.45/G9.46 EX
replayed on the bundled example scenario (examples/panji-g9.toml)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.board.terrain import HexsideFeature
from aslpto.formats import scenario
from aslpto.procedures.movement import MoveResult, evaluate, reach
from aslpto.rules.movement import HALF, MoveOptions, Phase
from aslpto.state.game import Fortification, FortKind, Game
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import g9_game, squad

NO_OPTIONS = MoveOptions()

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml"


@pytest.fixture(scope="module")
def ex() -> Game:
    return scenario.load(EXAMPLE)


def run(g: Game, uid: str, steps: list[str], opts: MoveOptions = NO_OPTIONS) -> MoveResult:
    return evaluate(g, uid, steps, opts)


def kinds(r: MoveResult) -> list[str]:
    return [e.kind for s in r.steps for e in s.events]


def with_units(g: Game, *units: Unit) -> Game:
    for u in units:
        g = g.with_unit(u)
    return g


def vehicle(
    uid: str, hex_: str, vt: VehicleType, position: str = "ground", afv: bool = False, mp: int = 16
) -> Unit:
    return Unit(
        uid,
        "U.S.",
        "american",
        Kind.VEHICLE,
        "x",
        hex=hex_,
        position=position,
        vehicle_type=vt,
        afv=afv,
        mf=mp,
    )


# --- G9.3 EX ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frm", "position"),
    [
        ("37CC8", "above-panji"),
        ("37DD8", "above-panji"),
        ("37EE8", "above-panji"),
        ("37DD6", "beneath-panji"),
        ("37CC7", "beneath-panji"),
        ("37EE7", "beneath-panji"),
    ],
)
def test_g9_3_ex_covered_hexsides_of_panji_c(ex: Game, frm: str, position: str) -> None:
    """DD7-CC8, DD7-DD8 and DD7-EE8 are Covered hexsides of Panji C; entry across them places
    the unit above, across the others beneath."""
    g = with_units(ex, squad("X", frm, "beneath-panji" if frm == "37EE7" else "ground"))
    r = run(g, "X", ["37DD7"])
    assert r.legal, r.violation
    assert r.end.position.value == position


def test_g9_3_ex_only_ee7_ee8_covered_for_panji_a(ex: Game) -> None:
    for frm in ("37DD6", "37DD7", "37EE6", "37FF6", "37FF7"):
        pos = "beneath-panji" if frm == "37DD7" else "ground"
        g = with_units(ex, squad("X", frm, pos))
        r = run(g, "X", ["37EE7"])
        assert r.legal and r.end.position.value == "beneath-panji", (frm, r.violation)


# --- G9.4 ------------------------------------------------------------------------------------


def test_g9_4_ex_squad_a_two_mf_above_panji_a(ex: Game) -> None:
    r = run(ex, "A", ["37EE7"])
    assert r.legal
    assert r.mf == 2 * HALF
    assert r.end.position.value == "above-panji"
    assert "G9.4" in r.steps[0].rules


def test_g9_4_ex_regardless_of_phase(ex: Game) -> None:
    r = run(ex, "A", ["37EE7"], MoveOptions(phase=Phase.APH))
    assert r.legal and r.end.position.value == "above-panji"


@pytest.mark.parametrize("feature", [HexsideFeature.WALL, HexsideFeature.HEDGE])
def test_g9_4_ex_three_mf_with_wall_or_hedge(ex: Game, feature: HexsideFeature) -> None:
    side = ex.map.layout.hexside("37EE7-EE8")
    g = replace(ex, map=ex.map.with_hexside(side, frozenset({feature}), "test"))
    r = run(g, "A", ["37EE7"])
    assert r.mf == 3 * HALF and r.end.position.value == "above-panji"


def test_g9_4_panji_does_not_alter_entry_cost(ex: Game) -> None:
    over = run(ex, "A", ["37EE7"]).mf
    g = replace(ex, panjis={})
    assert run(g, "A", ["37EE7"]).mf == over


def test_g9_4_hidden_panji_entered_by_enemy_is_revealed() -> None:
    g = g9_game(hidden_c=True)
    r = run(g, "A", ["37DD7"])
    assert ("panji-revealed", "G9.4") in [(e.kind, e.rule) for e in r.steps[0].events]


def test_g9_4_hidden_panji_entered_by_owner_revealed_only_if_seen() -> None:
    jap = Unit("J", "japanese", "japanese", Kind.SQUAD, "4-4-7", hex="37EE8")
    g = g9_game(hidden_c=True, units=(jap,))
    ev = [e for e in run(g, "J", ["37DD7"]).steps[0].events if e.kind == "panji-revealed"]
    assert ev and "LOS" in ev[0].note


# --- G9.41: Panji MC and its exemptions --------------------------------------------------------


def test_g9_41_infantry_takes_panji_mc(ex: Game) -> None:
    r = run(ex, "A", ["37EE7"])
    assert [(e.kind, e.rule) for e in r.steps[0].events] == [("panji-mc", "G9.41")]


@pytest.mark.parametrize(
    "opts",
    [
        MoveOptions(assault=True),
        MoveOptions(armored_assault=True),
        MoveOptions(low_crawl=True),
        MoveOptions(forced_back=True),
        MoveOptions(phase=Phase.APH),
    ],
)
def test_g9_41_exemptions(ex: Game, opts: MoveOptions) -> None:
    r = run(ex, "A", ["37EE7"], opts)
    assert r.legal, r.violation
    assert "panji-mc" not in kinds(r)
    assert r.end.position.value == "above-panji"


def test_g9_41_advance_vs_difficult_terrain_takes_mc() -> None:
    """A normal advance is exempt; an advance vs Difficult Terrain (A4.72: COT >= four MF or
    all MF) is not, and makes the unit CX."""
    from test_movement_helpers import make_game

    for terrain, mc in (("kunai", False), ("bamboo", True)):
        board = f'[board]\nname = "37"\n[terrain]\n{terrain} = ["EE7"]\n'
        g = make_game(
            board, units=(squad("A", "37EE8"),), panjis=[("A", "37EE7", ["37EE7-EE8"], False)]
        )
        r = run(g, "A", ["37EE7"], MoveOptions(phase=Phase.APH))
        assert r.legal, r.violation
        assert ("panji-mc" in kinds(r)) == mc and ("cx" in kinds(r)) == mc, terrain


def test_g9_41_no_mc_entering_within_trench(ex: Game) -> None:
    g = replace(
        ex,
        fortifications=(
            Fortification("t1", FortKind.TRENCH, ex.map.hex("37EE8")),
            Fortification("t2", FortKind.TRENCH, ex.map.hex("37EE7")),
        ),
    )
    g = with_units(g, ex.unit("A").with_(entrenched="trench"))
    r = run(g, "A", ["37EE7:trench"])
    assert r.legal and "panji-mc" not in kinds(r)


def test_g9_411_manhandled_item_eliminated(ex: Game) -> None:
    r = run(ex, "A", ["37EE7"], MoveOptions(manhandling="gun"))
    assert ("eliminated", "G9.411") in [(e.kind, e.rule) for e in r.steps[0].events]
    assert "panji-mc" in kinds(r)


def test_g9_411_not_if_forced_back(ex: Game) -> None:
    r = run(ex, "A", ["37EE7"], MoveOptions(manhandling="gun", forced_back=True))
    assert "eliminated" not in kinds(r)


# --- G9.42-G9.423: vehicles, towing, horses, bicycles ---------------------------------------------


@pytest.mark.parametrize(
    "vt", [VehicleType.TRUCK, VehicleType.HALF_TRACKED, VehicleType.ARMORED_CAR, VehicleType.WAGON]
)
def test_g9_42_vehicle_immobilized(ex: Game, vt: VehicleType) -> None:
    g = replace(ex, map=ex.map)  # same map: EE7 is jungle, so use the open DD6 -> EE7? no:
    g = with_units(ex, vehicle("V", "37EE8", vt))
    g = replace(g, panjis={k: replace(p, covered=p.covered) for k, p in g.panjis.items()})
    # EE7 is jungle (NA for these vehicles); put the Panji in open EE8's neighbour instead
    from aslpto.state.game import Panji

    p = Panji("Z", g.map.hex("37EE9"), frozenset({g.map.layout.hexside("37EE8-EE9")}))
    g = replace(g, panjis={**g.panjis, "Z": p})
    r = run(g, "V", ["37EE9", "37EE10"])
    assert not r.legal
    assert [(e.kind, e.rule) for e in r.steps[0].events] == [("immobilized", "G9.42")]
    assert r.violation is not None and r.violation.rule == "G9.42"


def test_g9_42_fully_tracked_afv_not_immobilized(ex: Game) -> None:
    g = with_units(ex, vehicle("T", "37EE8", VehicleType.FULLY_TRACKED, afv=True, mp=30))
    r = run(g, "T", ["37EE7"])  # jungle costs a vehicle all its MP (B13.41)
    assert r.legal, r.violation
    assert r.end.position.value == "above-panji" and "immobilized" not in kinds(r)


def test_g9_42_ridden_motorcycle_eliminated_riders_bail_out(ex: Game) -> None:
    g = with_units(ex, Unit("M", "U.S.", "american", Kind.CYCLE_RIDER, "x", hex="37EE8", mf=30))
    r = run(g, "M", ["37EE7"])
    assert [(e.kind, e.subject) for e in r.steps[0].events][:2] == [
        ("eliminated", "motorcycle"),
        ("bail-out", ""),
    ]
    assert ("panji-mc", "G9.423") in [(e.kind, e.rule) for e in r.steps[0].events]


def test_g9_421_towed_gun_eliminated() -> None:
    from test_movement_helpers import make_game

    g = make_game(
        '[board]\nname = "37"\n',
        units=(vehicle("V", "37EE8", VehicleType.TRUCK),),
        panjis=[("A", "37EE7", ["37EE7-EE8"], False)],
    )
    r = run(g, "V", ["37EE7"], MoveOptions(towing=True))
    assert ("eliminated", "G9.421") in [(e.kind, e.rule) for e in r.steps[0].events]


def test_g9_422_ridden_bicycle_eliminated(ex: Game) -> None:
    r = run(ex, "A", ["37EE7"], MoveOptions(riding=True))
    ev = [(e.kind, e.rule, e.subject) for e in r.steps[0].events]
    assert ("eliminated", "G9.422", "bicycle") in ev and ("panji-mc", "G9.423", "") in ev


def test_g9_422_ridden_horse_eliminated_led_horse_not(ex: Game) -> None:
    g = with_units(ex, Unit("K", "U.S.", "american", Kind.CAVALRY, "x", hex="37EE8", mf=12))
    r = run(g, "K", ["37EE7"])
    assert ("eliminated", "G9.422", "horse") in [
        (e.kind, e.rule, e.subject) for e in r.steps[0].events
    ]
    led = run(g, "K", ["37EE7"], MoveOptions(leading=True))
    assert "eliminated" not in kinds(led) and "panji-mc" in kinds(led)


def test_g9_422_no_gallop_onto_non_hidden_panji(ex: Game) -> None:
    g = with_units(ex, Unit("K", "U.S.", "american", Kind.CAVALRY, "x", hex="37EE8", mf=12))
    r = run(g, "K", ["37EE7"], MoveOptions(galloping=True))
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.422"


def test_g9_43_road_path_hexside_notes_stack_rule() -> None:
    from test_movement_helpers import make_game

    board = '[board]\nname = "37"\n[lines]\npath = ["EE8 EE7"]\n'
    g = make_game(
        board, units=(squad("A", "37EE8"),), panjis=[("A", "37EE7", ["37EE7-EE8"], False)]
    )
    ev = run(g, "A", ["37EE7"]).steps[0].events
    assert ev[0].kind == "panji-mc" and "G9.43" in ev[0].note


def cavalry(uid: str, hex_: str, mf: int = 12) -> Unit:
    return Unit(uid, "U.S.", "american", Kind.CAVALRY, "x", hex=hex_, mf=mf)


def test_g9_422_horse_spending_eleven_mf_is_not_eliminated(ex: Game) -> None:
    g = with_units(ex, cavalry("K", "37EE8"))
    r = run(g, "K", ["37EE7=11", ":beneath"])
    assert r.legal, r.violation
    assert "eliminated" not in kinds(r) and "bail-out" not in kinds(r)
    assert [s.total for s in r.steps] == [11 * HALF, 12 * HALF]
    assert r.end.position.value == "beneath-panji"
    extra = [c for c in r.steps[0].costs if c.rule == "G9.422"]
    # eleven MF with the light jungle's four (Cavalry: the PTO Terrain Chart, as woods)
    assert extra and extra[0].halves == 7 * HALF


def test_g9_422_galloping_horse_is_eliminated_even_at_eleven_mf() -> None:
    g = with_units(g9_game(hidden_c=True), cavalry("K", "37EE8"))
    r = run(g, "K", ["37DD7=11"], MoveOptions(galloping=True))
    assert ("eliminated", "G9.422", "horse") in [
        (e.kind, e.rule, e.subject) for e in r.steps[0].events
    ]


def test_g9_422_declared_mf_below_the_step_cost_is_unusable(ex: Game) -> None:
    g = with_units(ex, cavalry("K", "37EE8"))
    with pytest.raises(InputError):
        run(g, "K", ["37EE7=1"])


def test_g9_422_only_a_horse_declares_its_entry_mf(ex: Game) -> None:
    with pytest.raises(InputError):
        run(ex, "A", ["37EE7=4"])


def test_g9_422_reach_finds_the_eleven_mf_entry() -> None:
    from test_movement_helpers import make_game

    all_sides = ["37EE7-DD6", "37EE7-DD7", "37EE7-FF6", "37EE7-FF7", "37EE7-EE6", "37EE7-EE8"]
    g = make_game(
        '[board]\nname = "37"\n',
        units=(cavalry("K", "37EE8"),),
        panjis=[("A", "37EE7", all_sides, False)],
    )
    locs = {
        (g.map.name(loc.state.hex), loc.state.position.value): loc
        for loc in reach(g, "K").locations
        if loc.state.along is None
    }
    beneath = locs[("37EE7", "beneath-panji")]
    assert beneath.mf == 12 * HALF and beneath.path == ("37EE7=11", ":beneath")
    above = locs[("37EE7", "above-panji")]
    assert above.mf == 1 * HALF and above.ends_move  # the horse is eliminated (G9.422)
    for loc in (beneath, above):
        r = run(g, "K", list(loc.path))
        assert r.legal and r.mf == loc.mf and r.end == loc.state


# --- G9.44 -----------------------------------------------------------------------------------


def disband(r: MoveResult) -> list[tuple[str, str]]:
    return [(e.rule, e.note) for s in r.steps for e in s.events if e.kind == "column-disband"]


def test_g9_44_column_entering_hidden_panji_automatically_disbands() -> None:
    r = run(g9_game(hidden_c=True), "A", ["37DD7"], MoveOptions(column=True))
    got = disband(r)
    assert len(got) == 1 and got[0][0] == "G9.44" and "automatically" in got[0][1]


def test_g9_44_column_entering_non_hidden_panji_may_opt_to_disband(ex: Game) -> None:
    got = disband(run(ex, "A", ["37EE7"], MoveOptions(column=True)))
    assert len(got) == 1 and "may opt" in got[0][1] and "E11.53" in got[0][1]


def test_g9_44_column_forced_back_automatically_disbands(ex: Game) -> None:
    got = disband(run(ex, "A", ["37EE7"], MoveOptions(column=True, forced_back=True)))
    assert len(got) == 1 and "automatically" in got[0][1] and "A12.15" in got[0][1]


def test_g9_44_no_disband_without_a_panji_mc(ex: Game) -> None:
    assert disband(run(ex, "A", ["37EE7"], MoveOptions(column=True, assault=True))) == []
    assert disband(run(ex, "D", ["37EE7"], MoveOptions(column=True))) == []  # non-Covered
    assert disband(run(ex, "A", ["37EE7"])) == []  # not a Column


# --- G9.45 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["37EE7", "37DD7"])
def test_g9_45_ex_squad_d_beneath(ex: Game, target: str) -> None:
    r = run(ex, "D", [target])
    assert r.legal and r.end.position.value == "beneath-panji"
    assert "panji-mc" not in kinds(r)


def test_g9_45_ex_between_ee7_and_dd7_beneath(ex: Game) -> None:
    r = run(ex, "B", ["37DD7"])
    assert r.legal and r.end.position.value == "beneath-panji"
    r = run(ex, "E", [":beneath", "37EE7"])
    assert r.legal and r.end.position.value == "beneath-panji"


def test_g9_45_ex_trenches_no_mc_and_directly_beneath(ex: Game) -> None:
    g = replace(
        ex,
        fortifications=(
            Fortification("t1", FortKind.TRENCH, ex.map.hex("37EE8")),
            Fortification("t2", FortKind.TRENCH, ex.map.hex("37EE7")),
        ),
    )
    g = with_units(
        g, ex.unit("A").with_(entrenched="trench"), ex.unit("B").with_(entrenched="trench")
    )
    ra = run(g, "A", ["37EE7:trench"])
    rb = run(g, "B", ["37EE8:trench"])
    assert ra.legal and rb.legal, (ra.violation, rb.violation)
    assert ra.end.position.value == "beneath-panji" and ra.end.entrenched == "trench"
    assert kinds(ra) == [] and kinds(rb) == []
    assert rb.steps[0].costs[0].rule == "G9.6" and rb.steps[0].costs[0].halves == 0


# --- G9.46 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("along", ["CC8", "DD8", "EE8", "EE7"])
def test_g9_46_ex_bypass_dd7_na(ex: Game, along: str) -> None:
    g = with_units(ex, squad("X", "37DD6") if along != "EE7" else squad("X", "37EE6"))
    start = {"CC8": "37CC7", "DD8": "37CC8", "EE8": "37EE7", "EE7": "37DD6"}[along]
    g = with_units(ex, squad("X", start, "beneath-panji" if start == "37EE7" else "ground"))
    r = run(g, "X", [f"37DD7/{along}"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.46"


def test_g9_46_ex_bypass_dd7_only_along_dd6(ex: Game) -> None:
    r = run(ex, "B", ["37DD7/DD6"])
    assert r.legal, r.violation
    assert r.mf == 1 * HALF
    assert r.end.position.value == "beneath-panji" and r.end.along is not None


def test_g9_46_ex_hidden_panji_blocks_bypass_squad_b(ex: Game) -> None:
    g = replace(ex, panjis={**ex.panjis, "C": replace(ex.panjis["C"], hidden=True)})
    r = run(g, "B", ["37DD7/EE8"])
    assert r.legal
    assert r.mf == 1 * HALF  # the one-MF cost of the attempted Bypass
    assert r.end.hex == ex.map.hex("37EE7") and r.end.position.value == "beneath-panji"
    assert [(e.kind, e.rule) for e in r.steps[0].events] == [
        ("bypass-blocked", "G9.46"),
        ("panji-revealed", "G9.46"),
    ]


def test_g9_46_ex_squad_c_blocked_at_vertex(ex: Game) -> None:
    """Squad C leaves EE6 in Bypass along DD6-EE7, then tries to continue along DD7-EE7: it
    pays the extra MF while in Bypass at vertex DD6-EE7-DD7."""
    g = replace(ex, panjis={**ex.panjis, "C": replace(ex.panjis["C"], hidden=True)})
    r = run(g, "C", ["37EE7/DD6", "37DD7/EE7"])
    assert r.legal, r.violation
    assert [s.cost for s in r.steps] == [HALF, HALF]
    v = g.map.layout.vertex("37DD6-EE7-DD7")
    assert r.end.along is not None and v in r.end.along.vertices()
    assert "bypass-blocked" in kinds(r)


def test_g9_46_ex_bypass_ff7_along_ee8_allowed(ex: Game) -> None:
    r = run(ex, "B", ["37FF7/EE8"])
    assert r.legal and r.end.position.value == "ground"


def test_g9_46_vehicle_blocked_bypass_pays_stop_mp(ex: Game) -> None:
    g = replace(ex, panjis={**ex.panjis, "C": replace(ex.panjis["C"], hidden=True)})
    r = run(g, "truck", ["37DD7/EE8"])
    assert r.legal and [c.rule for c in r.steps[0].costs] == ["D2.3", "D2.13"]


def test_g9_46_blocked_bypass_does_not_end_mph(ex: Game) -> None:
    g = replace(ex, panjis={**ex.panjis, "C": replace(ex.panjis["C"], hidden=True)})
    r = run(g, "B", ["37DD7/EE8", "37DD6"])
    assert r.legal and r.end.hex == ex.map.hex("37DD6")


def test_g9_53_concealed_unit_placed_above(ex: Game) -> None:
    g = with_units(ex, ex.unit("A").with_(concealed=True))
    assert "concealment-loss-activity" in kinds(run(g, "A", ["37EE7"]))


def test_g_8_trip_flare_dr_event() -> None:
    """G.8: a dr for each entry of (or expenditure in) a jungle Location with trip flares;
    none entering via a trench."""
    from test_movement_helpers import make_game

    g = make_game(units=(squad("S", "37EE8"),), forts=[("37EE7", FortKind.TRIP_FLARE, "", 2)])
    ev = run(g, "S", ["37EE7"]).steps[0].events
    assert [(e.kind, e.rule) for e in ev] == [("trip-flare-dr", "G.8")]


def test_g9_121_trip_flare_only_across_covered_hexside_without_jungle() -> None:
    from test_movement_helpers import make_game

    g = make_game(
        '[board]\nname = "37"\n',
        units=(squad("S", "37EE8"), squad("T", "37DD6")),
        panjis=[("A", "37EE7", ["37EE7-EE8"], False)],
        forts=[("37EE7", FortKind.TRIP_FLARE, "", 1)],
    )
    assert ("trip-flare-dr", "G9.121") in [
        (e.kind, e.rule) for e in run(g, "S", ["37EE7"]).steps[0].events
    ]
    assert "trip-flare-dr" not in kinds(run(g, "T", ["37EE7"]))
    assert "trip-flare-dr" in kinds(run(g, "T", ["37EE7", ":above"]))
