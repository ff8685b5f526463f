"""A25.23 Human Wave movement as a Banzai Charge uses it (G1.5): the HW (alternate) Hex Grain
and its Direction (A25.231), Forward and Side Locations (A25.2311), 8 MF and what a HW Unit may
not do (A25.232), the Range counter (A25.2321), the Locations left (A25.2322), the enemy
Location it must enter (A25.233), the end of a unit's Charge (A25.234), Impulse Movement
(D14.31); the EX of A25.23 (eASLRB v3.01 transcription, LimboDancer repo) played on an inline
board of open ground, the Russians made Japanese and the German a U.S. squad."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.records import replace
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Layout
from aslpto.formats import scenario
from aslpto.procedures.banzai import BanzaiAnswer, banzai
from aslpto.rules.japanese import human_wave as hw
from aslpto.rules.movement import MoveOptions
from aslpto.state.counters import make
from aslpto.state.game import Conditions, Game, Side
from aslpto.state.units import Kind, Strength, Unit, UnitClass
from maphelp import one_board

ROOT = Path(__file__).resolve().parent.parent
RIVER = str(ROOT / "examples" / "paddy-river.toml")
LAY = Layout.single("37")
EX_GRAIN = "37P1-37P2-37O3-37O4"


def H(name: str) -> Any:
    return LAY.hex("37" + name)


def names(hexes: Any) -> list[str]:
    return sorted(LAY.name(h)[2:] for h in hexes)


GRAIN = hw.Grain.parse(LAY, EX_GRAIN)


# --- A25.231, A25.2311: the grain, its Direction, Forward and Side Locations (the EX) --------


def test_a25_231_ex_the_five_grains_at_range_0_through_o3() -> None:
    seers = [H(n) for n in ("O1", "P1", "P2", "Q2", "R2")]
    r, grains = hw.closest(H("O3"), seers)
    got = {g.name(LAY) for g in grains}
    # EX: O1-O2-O3-O4; P1-O2-O3-N3; P1-P2-O3-O4; Q2-P2-O3-N3; R2-Q3-P2-O3 (named here by the
    # two hexes behind the target, the target and one beyond)
    assert r == 0 and got == {
        "37O1-37O2-37O3-37O4",
        "37P1-37O2-37O3-37N3",
        "37P1-37P2-37O3-37O4",
        "37Q2-37P2-37O3-37N3",
        "37Q3-37P2-37O3-37N2",
    }
    assert GRAIN.through(H("O3")) in grains


def test_a25_2311_ex_forward_and_side_hexes_of_p2_on_both_kinds_of_grain() -> None:
    alt = GRAIN.through(H("O3"))
    assert alt is not None and alt.alternate
    assert names(alt.forward(H("P2"))) == ["O3", "P3"] and names(alt.side(H("P2"))) == ["O2", "Q3"]
    normal = hw.Grain.parse(LAY, "37Q2-37P2-37O3-37N3").through(H("O3"))
    assert normal is not None and not normal.alternate
    assert names(normal.forward(H("P2"))) == ["O2", "O3", "P3"] and normal.side(H("P2")) == ()


def test_a25_231_a_typed_grain_must_be_a_grain() -> None:
    with pytest.raises(InputError, match="not a Hex Grain nor an alternate"):
        hw.Grain.parse(LAY, "37P1-37P2-37Q2")
    with pytest.raises(InputError, match="not adjacent"):
        hw.Grain.parse(LAY, "37P1-37P3")
    with pytest.raises(InputError, match="at least two"):
        hw.Grain.parse(LAY, "37P1")
    assert GRAIN.through(H("A1")) is None


def test_a25_2321_ex_a_unit_farther_from_the_grain_is_marked_until_it_comes_closer() -> None:
    g = GRAIN.through(H("O3"))
    assert g is not None
    # first Impulse: the units entering N1 and O2 are marked; those entering P2 are not
    n1 = hw.entry(g, LAY, H("O1"), H("N1"), enemy_in_to=False)
    o2 = hw.entry(g, LAY, H("P1"), H("O2"), enemy_in_to=False)
    p2 = hw.entry(g, LAY, H("Q2"), H("P2"), enemy_in_to=False)
    assert (n1.legal, n1.marked, o2.legal, o2.marked, p2.marked) == (True, True, True, True, False)
    # second Impulse: N1 to N2 decreases the range: the counter goes
    assert not hw.entry(g, LAY, H("N1"), H("N2"), enemy_in_to=False, marked=True).marked
    # third Impulse: a marked 2-3-7 in N2 cannot enter M3; an unmarked 4-4-7 can, and is marked
    no = hw.entry(g, LAY, H("N2"), H("M3"), enemy_in_to=False, marked=True)
    assert (no.legal, no.rule) == (False, "A25.2321")
    yes = hw.entry(g, LAY, H("N2"), H("M3"), enemy_in_to=False)
    assert yes.legal and yes.marked
    # from N3 the marked 2-3-7 may enter M4 or N4 (no farther from the grain)
    for to in ("M4", "N4"):
        assert hw.entry(g, LAY, H("N3"), H(to), enemy_in_to=False, marked=True).legal


def test_a25_2322_ex_not_a_location_left_nor_one_adjacent_to_it() -> None:
    g = GRAIN.through(H("O3"))
    assert g is not None
    e = hw.entry(g, LAY, H("N2"), H("O3"), enemy_in_to=True, left=[H("O2")])
    assert (e.legal, e.rule) == (False, "A25.2322") and "ADJACENT" in e.why
    assert hw.entry(g, LAY, H("N2"), H("O3"), enemy_in_to=True).legal


def test_a25_232_ex_side_locations_only_with_an_enemy_unit() -> None:
    g = GRAIN.through(H("O3"))
    assert g is not None
    # units in P3: O3 (a Side Location holding enemy units), or the Forward O4 and P4
    for to, enemy in (("O3", True), ("O4", False), ("P4", False)):
        assert hw.entry(g, LAY, H("P3"), H(to), enemy_in_to=enemy).legal, to
    side = hw.entry(g, LAY, H("P3"), H("Q4"), enemy_in_to=False)
    assert (side.legal, side.rule) == (False, "A25.232") and "Side Location" in side.why
    back = hw.entry(g, LAY, H("P3"), H("P2"), enemy_in_to=False)
    assert (back.legal, back.rule) == (False, "A25.232") and "neither a Forward" in back.why


def test_a25_232_what_a_hw_unit_may_not_do_each_named() -> None:
    assert (
        hw.refused_options(assault=False, double_time=False, with_leader=False, column=False) == ()
    )
    all4 = hw.refused_options(assault=True, double_time=True, with_leader=True, column=True)
    assert len(all4) == 4 and "Assault" in all4[0] and "Column" in all4[3]


# --- the EX played in Impulses (procedures.banzai) ---------------------------------------------


def jp(uid: str, hex: str, kind: Kind = Kind.SQUAD, **kw: Any) -> Unit:
    if kind == Kind.LEADER:
        return make(uid, "japanese", kind, side="Japanese", face="9-1", hex="37" + hex, **kw)
    return make(
        uid,
        "japanese",
        kind,
        UnitClass.FIRST_LINE,
        Strength.FULL,
        side="Japanese",
        hex="37" + hex,
        **kw,
    )


def ex_game(**extra: Unit) -> Game:
    """The EX's opening: two squads in O1, two HS in P1, a squad and the leader in Q2; the
    enemy squad in O3."""
    units = [
        jp("A", "O1"),
        jp("B", "O1"),
        jp("C", "P1", Kind.HALF_SQUAD),
        jp("D", "P1", Kind.HALF_SQUAD),
        jp("E", "Q2"),
        jp("L", "Q2", Kind.LEADER),
        make("G", "american", Kind.SQUAD, UnitClass.FIRST_LINE, side="U.S.", hex="37O3"),
        *extra.values(),
    ]
    return Game(
        one_board("[terrain]\n"),
        Conditions(),
        "A25.23 EX",
        (Side("Japanese", "japanese"), Side("U.S.", "american", defender=True)),
        {u.id: u for u in units},
    )


WAVE = ["A", "B", "C", "D", "E", "L"]


def charge(game: Game, **paths: str) -> BanzaiAnswer:
    moves = {u: ["37" + s for s in p.split()] for u, p in paths.items()}
    return banzai(game, WAVE, moves, target="G", grain=EX_GRAIN)


def moves_of(b: BanzaiAnswer) -> dict[str, Any]:
    return {m.unit: m for m in b.moves}


def test_a25_23_ex_three_impulses_of_one_mf_each() -> None:
    g = ex_game()
    b = charge(g, A="N1 N2 M3", B="N1 N2 O3", C="O2 N2 N3", D="O2 O3", E="P2 O3", L="P2 P3 P4")
    m = moves_of(b)
    assert all(m[u].legal for u in ("B", "D", "E")), [(u, m[u].violation) for u in WAVE]
    assert b.wave is not None and b.wave.grain == EX_GRAIN and b.wave.target == "G"
    assert b.wave.impulses == ((1, 2), (2, 2), (3, 2)) and b.wave.mf == 6
    assert {u: mv.move.allowance for u, mv in m.items()} == dict.fromkeys(WAVE, 16)
    assert b.after.units["B"].hex == "37O3" and b.after.units["E"].hex == "37O3"
    ended = dict(b.wave.ended)
    assert {"B", "D", "E"} <= set(ended) and "A" not in ended
    # the others still had 5 MF and a Forward Location to enter: their Charge goes on
    for u in ("A", "C", "L"):
        v = m[u].violation
        assert v is not None and v.rule == "A25.232" and "must move on" in v.message, u
        assert m[u].refused_at == 3


def test_a25_233_ex_a_forward_enemy_location_must_be_entered_until_one_hw_unit_does() -> None:
    g = ex_game()
    # nobody enters O3 in the second Impulse: the HS in O2 and the squad in P2 must
    b = charge(g, C="O2 N2", D="O2 N2", E="P2 P3", L="P2 P3", A="N1 N2", B="N1 N2")
    m = moves_of(b)
    for u in ("C", "D", "E", "L"):
        assert not m[u].legal and m[u].violation.rule == "A25.233" and m[u].refused_at == 1, u
        assert "37O3 is a Forward Location" in m[u].violation.message
    # once E enters O3, the others are free
    b = charge(g, C="O2 N2", D="O2 N2", E="P2 O3", L="P2 P3", A="N1 N2", B="N1 N2")
    m = moves_of(b)
    assert all(m[u].violation is None or m[u].violation.rule != "A25.233" for u in WAVE)


def test_a25_2322_and_a25_2321_ex_the_2_3_7_in_n2() -> None:
    g = ex_game()
    base = {"A": "N1 N2", "B": "N1 N2", "D": "O2 O3", "E": "P2 O3", "L": "P2 P3"}
    b = charge(g, **base, C="O2 N2 O3")
    c = moves_of(b)["C"]
    assert not c.legal and c.violation.rule == "A25.2322" and c.refused_at == 2
    b = charge(g, **base, C="O2 N2 M3")
    c = moves_of(b)["C"]
    assert not c.legal and c.violation.rule == "A25.2321" and c.refused_at == 2


def test_a25_234_a_unit_in_an_enemy_location_at_the_start_of_an_impulse_moves_no_farther() -> None:
    g = ex_game()
    b = charge(g, A="N1 N2", B="N1 N2", C="O2 N2", D="O2 O3 O4", E="P2 O3", L="P2 P3")
    d = moves_of(b)["D"]
    assert not d.legal and d.violation.rule == "A25.234" and d.refused_at == 2
    assert "has ended" in d.violation.message


def test_a25_232_each_hw_unit_must_move_on_while_it_can() -> None:
    g = ex_game()
    b = charge(g, A="N1", B="N1 N2", C="O2 N2", D="O2 O3", E="P2 O3", L="P2 P3")
    a = moves_of(b)["A"]
    assert not a.legal and a.violation.rule == "A25.232" and "must move on" in a.violation.message


def test_a25_232_below_an_entrenchment_only_with_an_enemy_there_or_no_mf_for_a_new_location() -> (
    None
):
    g = ex_game()
    moves = {"A": [":foxhole"], "B": ["37N1"]}
    b = banzai(g, WAVE, moves, target="G", grain=EX_GRAIN)
    a = moves_of(b)["A"]
    assert not a.legal and a.refused_at == 0 and a.violation is not None
    assert a.violation.rule == "A25.232" and "below an Entrenchment" in a.violation.message


def test_a25_232_no_bypass_and_no_assault_double_time_leader_bonus_or_column() -> None:
    g = ex_game()
    b = charge(g, A="N1/N2")
    a = moves_of(b)["A"]
    assert not a.legal and a.violation.rule == "A25.232" and a.refused_at == 0
    for opts in (
        MoveOptions(assault=True),
        MoveOptions(double_time=True),
        MoveOptions(column=True),
    ):
        b = banzai(g, WAVE, {"A": ["37N1"]}, target="G", grain=EX_GRAIN, options=opts)
        assert not b.legal and b.wave is not None and b.moves == ()
        assert [f.rule for f in b.wave.refusals] == ["A25.232"]
        assert b.after is g


def brush_game(brush: str, *units: Unit) -> Game:
    """Open ground with brush (2 MF, no LOS obstacle) in ``brush``; the enemy squad in Q9, seen
    from Q2 down column Q."""
    target = make("G", "american", Kind.SQUAD, UnitClass.FIRST_LINE, side="U.S.", hex="37Q9")
    hexes = ", ".join(f'"{h}"' for h in brush.split())
    return Game(
        one_board(f"[terrain]\nbrush = [{hexes}]\n"),
        Conditions(),
        "brush",
        (Side("Japanese", "japanese"), Side("U.S.", "american", defender=True)),
        {u.id: u for u in (*units, target)},
    )


def column(rows: str) -> list[str]:
    return [f"37Q{r}" for r in rows.split()]


def test_d14_31_no_impulse_is_made_unless_every_unit_has_the_mf_for_it() -> None:
    g = brush_game("Q3 Q5 R8", jp("L", "Q2", Kind.LEADER), jp("M", "R2", Kind.LEADER))
    moves = {"L": column("3 4 5 6 7 8"), "M": [f"37R{r}" for r in range(3, 9)]}
    b = banzai(g, ["L", "M"], moves, target="G")
    assert b.wave is not None and b.wave.grain.startswith("37Q7-37Q8-37Q9")
    # each Impulse costs the most MF any unit spends in it: 2, 1, 2, 1, 1 = 7 MF
    assert b.wave.impulses == ((1, 4), (2, 2), (3, 4), (4, 2), (5, 2)) and b.wave.mf == 14
    for m in b.moves:  # then M's brush costs 2: L (7 MF spent of its own, 8 after) waits too
        assert not m.legal and m.refused_at == 5 and m.violation is not None
        assert m.violation.rule == "D14.31"
        assert "costs 2 MF and the Charge has 1 left" in m.violation.message


def test_a25_232_a_hw_unit_has_8_mf() -> None:
    g = brush_game("Q3 Q5 Q8", jp("L", "Q2", Kind.LEADER))
    b = banzai(g, ["L"], {"L": column("3 4 5 6 7 8")}, target="G")  # 2, 1, 2, 1, 1: 7; then 2
    (m,) = b.moves
    assert m.move.allowance == 16 and m.move.allowance_rules == ("A25.232",)
    assert not m.legal and m.refused_at == 5 and m.violation is not None
    assert m.violation.rule == "A25.232" and "a HW Unit's 8 MF" in m.violation.message


def test_a25_234_out_of_mf_at_the_end_of_an_impulse_the_charge_ends() -> None:
    g = brush_game("Q3 Q5 Q7", jp("L", "Q2", Kind.LEADER))
    b = banzai(g, ["L"], {"L": column("3 4 5 6 7 8")}, target="G")  # 2, 1, 2, 1, 2: 8
    (m,) = b.moves
    assert b.wave is not None and b.wave.mf == 16
    assert not m.legal and m.refused_at == 5 and m.violation is not None
    assert m.violation.rule == "A25.234" and "out of MF" in m.violation.message
    assert dict(b.wave.ended)["L"] == "out of MF at the end of Impulse 5"


def test_a25_232_exc_a_wounded_smc_has_3_mf() -> None:
    g = brush_game("Q3 Q5", jp("W", "Q2", Kind.LEADER, wounded=True))
    b = banzai(g, ["W"], {"W": column("3 4 5")}, target="G")
    (m,) = b.moves
    assert not m.legal and m.refused_at == 2 and m.move.allowance == 6


def test_a25_231_the_grain_must_be_as_close_as_possible() -> None:
    g = ex_game()
    b = banzai(g, WAVE, {"A": ["37N1"]}, target="G", grain="37O1-37O2-37O3")
    assert b.wave is not None and b.wave.grain == "37O1-37O2-37O3-37O4"
    far = banzai(g, WAVE, {"A": ["37N1"]}, target="G", grain="37M3-37N3-37O3")
    assert not far.legal and far.wave is not None
    assert [f.rule for f in far.wave.refusals] == ["A25.231"]


def test_a25_231_exc_a_unit_charging_an_enemy_in_its_own_hex_sets_no_direction() -> None:
    g = ex_game(K=jp("K", "O3", Kind.LEADER))
    b = banzai(g, ["K"], target="G")
    assert not b.legal and b.wave is not None
    assert b.wave.refusals[0].rule == "A25.23" and "A25.231 EXC" in b.wave.refusals[0].message
    assert b.declaration.legal  # G1.5: even ADJACENT to (here, with) an enemy unit


def test_a25_23_g1_5_the_target_and_grain_left_out_are_the_first_the_paths_agree_with() -> None:
    g = ex_game()
    moves = {"L": ["37P2", "37O3"], "E": ["37P2", "37O3"]}
    b = banzai(g, ["E", "L"], moves)
    assert b.legal and b.wave is not None and b.wave.target == "G"
    assert b.wave.grains == (b.wave.grain,) == ("37Q2-37P2-37O3-37N3",)


# --- nothing changes ---------------------------------------------------------------------------

STEPS = ["N1", "N2", "O2", "P2", "P3", "O3", "M3", "N3", "Q3", "O1", "P1/O1"]


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(WAVE),
        st.lists(st.sampled_from(STEPS), min_size=1, max_size=3),
        max_size=3,
    )
)
def test_g1_5_a25_23_a_refused_charge_changes_nothing(paths: dict[str, list[str]]) -> None:
    g = ex_game()
    before = dict(g.units)
    try:
        b = banzai(g, WAVE, {u: ["37" + s for s in p] for u, p in paths.items()}, target="G")
    except InputError:  # a step that cannot be taken as typed: unusable input
        assert dict(g.units) == before
        return
    assert dict(g.units) == before
    for m in b.moves:
        if not m.legal:
            assert b.after.units[m.unit] == before[m.unit]
    if not b.legal:
        refused = {m.unit for m in b.moves if not m.legal}
        assert refused or (b.wave is not None and b.wave.refusals)


# --- on the bundled map -------------------------------------------------------------------------


def test_g1_5_a25_23_on_the_river_map_the_charge_ends_in_the_enemy_location() -> None:
    game = scenario.load(RIVER)
    g = replace(game, units={**game.units, "U1": game.units["U1"].with_(hex="32M1")})
    path = ["32M4", "32M3", "32M2", "32M1"]
    b = banzai(g, ["J1", "JL"], {"J1": path, "JL": path}, target="U1")
    assert b.legal and b.wave is not None
    assert b.wave.impulses == ((1, 4), (2, 2), (3, 4), (4, 2))  # paddies 2 MF, open 1 (G8)
    assert {e.unit: e.marked for e in b.end} == {"J1": True, "JL": True}


# --- what the Charge does, and the command -------------------------------------------------------


def test_a25_23_a_hw_unit_loses_concealment_and_pin_results() -> None:
    from aslpto.rules.japanese import banzai as g1

    effects = [(e.rule, e.what) for e in g1.unit_effects(jp("A", "O1"))]
    assert ("A25.23", "loses any concealment") in effects
    assert any(r == "A25.23" and w.startswith("no pin result") for r, w in effects)


def test_a25_231_cli_grain_and_target_text_json_and_bad_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from aslpto.cli import main

    args = ["banzai", RIVER, "J1", "JL", "--move", "J1", "32M6", "--target", "U1"]
    code = main([*args, "--grain", "32M7-32M8-32M9", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    p = json.loads(out.out)
    w = p["human_wave"]
    assert w["target"] == "U1" and w["grain"] == "32M7-32M8-32M9-32M10" and w["allowance"] == 8
    assert w["impulses"] == [{"impulse": 1, "mf": 2}] and "D14.31" in p["rules"]
    code = main([*args, "--grain", "32L5-32M6-32M7"])
    out = capsys.readouterr()
    assert code == 0 and "refused A25.231: --grain 32L5-32M6-32M7 is not a HW" in out.out
    for grain, want in (
        ("32M7-32M9", "aslpto: --grain 32M7-32M9: 32M9 is not adjacent"),
        ("32M7", "aslpto: --grain 32M7: give at least two adjacent hexes"),
        ("32M7-32N7-32M8", "aslpto: --grain 32M7-32N7-32M8: not a Hex Grain"),
    ):
        code = main([*args, "--grain", grain])
        out = capsys.readouterr()
        assert code == 2 and out.out == "" and out.err.startswith(want), out.err
        assert out.err.count("\n") == 1
