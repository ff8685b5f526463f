"""``reach`` and ``move`` agree: for every Location reach returns, moving along the path it
implies costs the same; an illegal path leaves the game untouched."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import distance
from aslpto.board.maps import JungleType
from aslpto.formats import scenario
from aslpto.procedures.movement import apply, evaluate, reach
from aslpto.rules.movement import MoveOptions
from aslpto.state.game import EC, Conditions, FortKind, Game, PaddyState
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import MOVE_OPTIONS, PADDY_BOARD, make_game, squad

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

OPTIONS = MOVE_OPTIONS


def check_agree(g: Game, uid: str, opts: MoveOptions) -> int:
    res = reach(g, uid, opts)
    for loc in res.locations:
        r = evaluate(g, uid, list(loc.path), opts)
        assert r.legal, (loc.path, r.violation)
        assert r.mf == loc.mf, (loc.path, r.mf, loc.mf)
        assert r.end == loc.state, (loc.path, r.end, loc.state)
    return len(res.locations)


@pytest.mark.parametrize(
    "opts",
    OPTIONS,
    ids=lambda o: str(o.phase) + str(o.double_time) + str(o.assault) + str(o.low_crawl),
)
@pytest.mark.parametrize("uid", ["A", "B", "C", "D", "E", "tank", "truck"])
def test_reach_paths_cost_what_move_says_panji_example(uid: str, opts: MoveOptions) -> None:
    g = scenario.load(EXAMPLES / "panji-g9.toml")
    if g.unit(uid).kind == Kind.VEHICLE and opts != MoveOptions():
        return
    assert check_agree(g, uid, opts) >= 1


def test_reach_paths_cost_what_move_says_paddy_river() -> None:
    g = scenario.load(EXAMPLES / "paddy-river.toml")
    for uid in list(g.units)[:8]:
        check_agree(g, uid, MoveOptions())


HEXES = [f"37{c}{r}" for c in "BCDEFGHI" for r in range(2, 8)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hex_=st.sampled_from(HEXES),
    state=st.sampled_from(list(PaddyState)),
    ec=st.sampled_from([EC.MODERATE, EC.MUD]),
    kind=st.sampled_from(["squad", "leader", "tank", "truck", "cavalry", "cycle"]),
    opts=st.sampled_from([*OPTIONS[:3], MoveOptions(with_leader="L")]),
    panji=st.booleans(),
    hidden=st.booleans(),
)
def test_reach_agrees_with_move_everywhere(
    hex_: str, state: PaddyState, ec: EC, kind: str, opts: MoveOptions, panji: bool, hidden: bool
) -> None:
    u = {
        "squad": squad("U", hex_),
        "leader": Unit("U", "american", "american", Kind.LEADER, "8-0", hex=hex_),
        "tank": Unit(
            "U",
            "american",
            "american",
            Kind.VEHICLE,
            "x",
            hex=hex_,
            mf=20,
            afv=True,
            vehicle_type=VehicleType.FULLY_TRACKED,
        ),
        "truck": Unit(
            "U",
            "american",
            "american",
            Kind.VEHICLE,
            "x",
            hex=hex_,
            mf=20,
            vehicle_type=VehicleType.TRUCK,
        ),
        "cavalry": Unit("U", "american", "american", Kind.CAVALRY, "x", hex=hex_, mf=12),
        "cycle": Unit("U", "american", "american", Kind.CYCLE_RIDER, "x", hex=hex_, mf=15),
    }[kind]
    if u.kind != Kind.SQUAD and u.kind != Kind.LEADER and opts != MoveOptions():
        opts = MoveOptions()
    if opts.with_leader and u.kind != Kind.SQUAD:
        opts = MoveOptions()
    # a leader stacked with the unit (A4.12), an enemy unit at one tunnel entrance (B8.61)
    others = (
        Unit("L", "american", "american", Kind.LEADER, "8-0", hex=hex_),
        Unit("J", "japanese", "japanese", Kind.SQUAD, "4-4-7", hex="37G4"),
    )
    panjis = [("P", "37E5", ["37E5-E4", "37E5-F5"], hidden), ("Q", "37G4", ["37G4-F4"], False)]
    g = make_game(
        PADDY_BOARD,
        conditions=Conditions(pto_terrain=True, jungle=JungleType.LIGHT, paddy=state, ec=ec),
        units=(u, *others),
        panjis=panjis if panji else (),
        forts=[
            ("37D4", FortKind.TRENCH, "", 0),
            ("37D5", FortKind.TRENCH, "", 0),
            ("37G5", FortKind.FOXHOLE, "", 0),
        ],
        named_forts=[
            ("T.1", FortKind.TUNNEL, "37D4"),
            ("T.2", FortKind.TUNNEL, "37G4"),
            ("U.1", FortKind.TUNNEL, "37E3"),
            ("U.2", FortKind.TUNNEL, "37F6"),
        ],
    )
    check_agree(g, "U", opts)


def test_illegal_path_leaves_game_untouched() -> None:
    g = scenario.load(EXAMPLES / "panji-g9.toml")
    before = dict(g.units)
    r = evaluate(g, "truck", ["37EE8"])
    assert not r.legal
    assert dict(g.units) == before
    with pytest.raises(RuleViolation) as e:
        apply(g, r)
    assert e.value.rule == "G9.6"
    assert dict(g.units) == before


def test_apply_legal_path_moves_the_unit_only_in_the_new_game() -> None:
    g = scenario.load(EXAMPLES / "panji-g9.toml")
    r = evaluate(g, "A", ["37DD7", ":beneath", "37CC8"], MoveOptions(double_time=True))
    g2 = apply(g, r)
    assert g2.unit("A").hex == "37CC8" and g2.unit("A").cx
    assert g.unit("A").hex == "37EE8" and not g.unit("A").cx


def test_reach_includes_the_start_and_minimum_move() -> None:
    g = make_game('[board]\nname = "37"\n[terrain]\nbamboo = ["C4"]\n', units=(squad("S", "37C3"),))
    locs = {(g.map.name(loc.state.hex), loc.mf) for loc in reach(g, "S").locations}
    assert ("37C3", 0) in locs and ("37C4", 8) in locs  # bamboo only by Minimum Move (A4.134)


def test_reach_broken_unit_cannot_move() -> None:
    g = make_game('[board]\nname = "37"\n', units=(squad("S", "37C3", broken=True),))
    res = reach(g, "S")
    assert res.locations == () and res.violation is not None and res.violation.rule == "A4.1"


def test_a4_134_an_allowance_of_0_enters_one_location_by_minimum_move() -> None:
    """A4.134: a unit may always move one Location by expending all its MF; with an allowance
    of 0 that first Location takes all it has: no second step, in a declared move as in reach
    (each step was a new Minimum Move)."""
    board = '[board]\nname = "37"\n[terrain]\nbamboo = ["C4"]\n'
    g = make_game(board, units=(squad("S", "37C3").with_(mf=0),))
    one = evaluate(g, "S", ["37C4"])
    assert one.legal and one.mf == 0
    two = evaluate(g, "S", ["37C4", "37C5"])
    assert not two.legal and two.violation is not None and two.violation.rule == "A4.134"
    locs = {g.map.name(loc.state.hex) for loc in reach(g, "S").locations}
    assert "37C4" in locs and "37C5" not in locs
    start = g.map.hex("37C3")
    assert all(distance(start, loc.state.hex) <= 1 for loc in reach(g, "S").locations)
