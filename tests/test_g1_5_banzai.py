"""G1.5 Banzai Charge: the declaration (who, the chain of ADJACENT hexes, the leader, the T-H
Hero's own Charge, G1.423), what it does to each unit (A25.23 as G1.5 cites it, A15.1, G1.6,
G9.43, G1.421), each path through the step check and the Lax markers at the end of the MPh
(``rules.japanese.banzai``, ``procedures.banzai``, ``aslpto banzai``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.records import replace
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Layout
from aslpto.cli import main
from aslpto.formats import scenario
from aslpto.procedures import movement
from aslpto.procedures.banzai import banzai
from aslpto.rules import morale
from aslpto.rules.japanese import banzai as g1, capabilities
from aslpto.state.counters import make
from aslpto.state.game import Game
from aslpto.state.units import Kind, Strength, Unit, UnitClass

ROOT = Path(__file__).resolve().parent.parent
RIVER = ROOT / "examples" / "paddy-river.toml"
LAYOUT = Layout.single("37")


def adjacent(a: str, b: str) -> bool:
    return LAYOUT.hex(b) in LAYOUT.neighbours(LAYOUT.hex(a))


def sq(uid: str = "J1", hex: str = "37DD7", **kw: Any) -> Unit:
    return make(uid, "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.FULL, hex=hex, **kw)


def ldr(uid: str = "L", hex: str = "37DD7", **kw: Any) -> Unit:
    return make(uid, "japanese", Kind.LEADER, face="9-1", hex=hex, **kw)


def rules_of(d: g1.Declaration) -> list[str]:
    return [f.rule for f in d.refusals]


# --- the declaration -------------------------------------------------------------------------


def test_g1_5_any_good_order_japanese_infantry_even_one_smc() -> None:
    alone = g1.declare([ldr()], adjacent)
    assert alone.legal and alone.leaders == ("L",) and alone.chain == ("37DD7",)
    us = make("A", "american", Kind.LEADER, face="9-1", hex="37DD7")
    d = g1.declare([us], adjacent)
    assert not d.legal and d.refusals[0].unit == "A" and "not Japanese" in d.refusals[0].message
    broken = g1.declare([sq(broken=True), ldr()], adjacent)
    assert rules_of(broken) == ["G1.5"] and "broken" in broken.refusals[0].message
    unarmed = g1.declare([sq(unarmed=True), ldr()], adjacent)
    assert not unarmed.legal and "Unarmed" in unarmed.refusals[0].message
    gun = Unit(id="G", side="japanese", nationality="japanese", kind=Kind.GUN, hex="37DD7")
    assert "not Infantry" in g1.declare([gun], adjacent).refusals[0].message


def test_g1_5_a_leader_must_take_part_when_a_mmc_does() -> None:
    d = g1.declare([sq()], adjacent)
    assert not d.legal and d.refusals[0].message.startswith("a leader must take part")
    assert g1.declare([sq(), ldr()], adjacent).legal


def test_g1_5_the_units_in_different_hexes_form_one_chain_of_adjacent_hexes() -> None:
    chain = [sq("A", "37DD7"), sq("B", "37EE7"), sq("C", "37FF7"), ldr(hex="37EE7")]
    d = g1.declare(chain, adjacent)
    assert d.legal and d.chain == ("37DD7", "37EE7", "37FF7")
    apart = [sq("A", "37DD7"), sq("B", "37GG7"), ldr(hex="37DD7")]
    d = g1.declare(apart, adjacent)
    assert not d.legal and "(37DD7; 37GG7)" in d.refusals[0].message


def test_g1_5_exc_a_th_hero_makes_his_own_charge_alone_g1_423() -> None:
    hero = make("H", "japanese", Kind.TH_HERO, hex="37DD7")
    d = g1.declare([hero], adjacent)
    assert d.legal and d.hero_alone == "H" and d.leaders == ()
    d = g1.declare([hero, sq(), ldr()], adjacent)
    assert not d.legal and rules_of(d) == ["G1.423"] and d.refusals[0].unit == "H"
    dc = make("D", "japanese", Kind.DC_HERO, hex="37DD7")
    assert g1.declare([dc], adjacent).hero_alone == "D"


def test_g1_5_every_reason_is_named_and_a_unit_named_twice_is_input() -> None:
    d = g1.declare([sq("A", broken=True), sq("B", "37GG7")], adjacent)
    assert [(f.rule, f.unit) for f in d.refusals] == [("G1.5", "A"), ("G1.5", ""), ("G1.5", "")]
    with pytest.raises(InputError, match="units named twice"):
        g1.declare([sq(), sq()], adjacent)
    with pytest.raises(InputError, match="at least one unit"):
        g1.declare([], adjacent)


HEXES = ["37DD7", "37EE7", "37FF7", "37GG7", "37DD5"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["squad", "hs", "leader", "broken", "american"]),
            st.sampled_from(HEXES),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_g1_5_the_declaration_agrees_with_may_declare_banzai(
    spec: list[tuple[str, str]],
) -> None:
    units: list[Unit] = []
    for i, (what, h) in enumerate(spec):
        uid = f"U{i}"
        if what == "squad":
            units.append(sq(uid, h))
        elif what == "hs":
            units.append(make(uid, "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, hex=h))
        elif what == "leader":
            units.append(ldr(uid, h))
        elif what == "broken":
            units.append(sq(uid, h, broken=True))
        else:
            units.append(make(uid, "american", Kind.SQUAD, face="6-6-6", hex=h))
    assert (
        g1.declare(units, adjacent).legal == capabilities.may_declare_banzai(units, adjacent).value
    )


# --- what the Charge does ---------------------------------------------------------------------


def test_a25_23_g1_5_the_charge_raises_the_morale_level_takes_no_heat_of_battle_and_is_lax() -> (
    None
):
    d = g1.declare([sq(), ldr()], adjacent)
    effects = {e.rule: e.what for e in reversed(d.effects_of("J1"))}  # each rule's first
    banzai_ml = morale.morale_level(
        sq(), morale.Situation(human_wave=True, leader_morale_bonus=1)
    ).value  # odds --banzai's, the leader in its Location (G1.41)
    assert banzai_ml == 9
    assert effects["A25.23"].startswith("Morale Level 9 (7 +1 with a leader in its Location")
    alone = g1.unit_effects(sq())
    assert alone[0].what.startswith("Morale Level 8 (7 +1)")
    assert "no Heat of Battle" in effects["A15.1"]
    assert effects["G1.6"] == "Lax for the rest of the Player Turn"
    assert "own Panji MC" in effects["G9.43"] and "does not pin" in effects["G1.421"]
    assert {"G1.5", "A25.23", "A15.1", "G1.6"} <= set(d.rules)


def test_g1_423_a_th_hero_s_own_charge_has_no_morale_bonus() -> None:
    hero = make("H", "japanese", Kind.TH_HERO, hex="37DD7")
    effects = {e.rule: e.what for e in reversed(g1.unit_effects(hero))}  # each rule's first
    assert effects["G1.423"].startswith("Morale Level 9: no Banzai +1")
    assert not any(e.what.startswith("Morale Level") for e in g1.unit_effects(hero)[1:])


def test_g1_5_marked_lax_in_or_able_to_advance_into_an_enemy_location() -> None:
    assert g1.marked_lax(in_enemy_location=True, may_advance_into_enemy=False).value
    assert g1.marked_lax(in_enemy_location=False, may_advance_into_enemy=True).value
    r = g1.marked_lax(in_enemy_location=False, may_advance_into_enemy=False)
    assert not r.value and r.rules == ("G1.5", "G1.6")


# --- in a game --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def river() -> Game:
    return scenario.load(str(RIVER))


def _moved(game: Game, **hexes: str) -> Game:
    units = {**game.units, **{u: game.units[u].with_(hex=h) for u, h in hexes.items()}}
    return replace(game, units=units)


def test_g1_5_in_a_game_the_chain_is_read_from_the_map(river: Game) -> None:
    b = banzai(river, ["J1", "JL"])
    assert b.legal and b.side == "Japanese" and b.declaration.chain == ("32M5",)
    apart = banzai(river, ["J1", "JL", "J3"])
    assert not apart.legal and "(32M5; 32N6)" in apart.declaration.refusals[0].message
    assert apart.moves == () and apart.end == ()
    with pytest.raises(InputError, match="one side's"):
        banzai(river, ["J1", "U1"])
    with pytest.raises(InputError, match="no unit 'ZZ'"):
        banzai(river, ["ZZ"])


def test_g1_5_each_path_goes_through_the_step_check_and_nothing_changes(river: Game) -> None:
    g = _moved(river, U1="32M7")
    before = dict(g.units)
    b = banzai(g, ["J1", "JL"], {"J1": ["32M6"], "JL": ["32M6", "32M7"]})
    j1, jl = b.moves
    assert not jl.legal and jl.violation is not None and jl.refused_at == 1
    whole = movement.evaluate(g, "JL", ["32M6", "32M7"]).violation
    assert whole is not None and jl.violation.rule == whole.rule  # B21.41: the step check's
    # J1 stops in 32M6 while it could still go on: a HW Unit moves in each Impulse (A25.232)
    assert not j1.legal and j1.refused_at == 1 and j1.violation is not None
    assert j1.violation.rule == "A25.232" and "must move on" in j1.violation.message
    assert j1.move.mf == movement.evaluate(g, "J1", ["32M6"]).mf
    assert dict(g.units) == before
    assert b.after.units["J1"].hex == "32M5" and b.after.units["JL"].hex == "32M5"
    assert not b.legal and b.declaration.legal


def test_g1_5_a_unit_in_or_able_to_advance_into_an_enemy_location_is_marked_lax(
    river: Game,
) -> None:
    g = _moved(river, U1="32M6")
    b = banzai(g, ["J1", "JL"], {"J1": ["32M6"]})
    end = {e.unit: e for e in b.end}
    assert end["J1"].in_enemy_location and end["J1"].marked
    assert end["JL"].may_advance_into == ("32M6",) and end["JL"].marked
    far = banzai(river, ["J1", "JL"])
    assert not any(e.marked for e in far.end)


def test_g1_423_a_th_hero_enters_an_enemy_hex_only_at_or_next_to_his_target(river: Game) -> None:
    hero = make("H", "japanese", Kind.TH_HERO, side="Japanese", hex="32N4", position="in")
    g = _moved(river, U1="32O6", U3="32M9")
    g = replace(g, units={**g.units, "H": hero})
    ok = banzai(g, ["H"], {"H": ["32N5", "32O6"]}, target="U1")
    assert ok.legal and ok.end[0].in_enemy_location
    no = banzai(g, ["H"], {"H": ["32N5", "32O6"]}, target="U3")
    (mv,) = no.moves
    assert not mv.legal and mv.refused_at == 1 and mv.violation is not None
    assert mv.violation.rule == "G1.423" and "U3 (32M9)" in mv.violation.message
    with pytest.raises(InputError, match="Designated Target"):
        banzai(g, ["H"], {"H": ["32N5", "32O6"]})


# --- the command ------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_g1_5_cli_banzai_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "banzai", str(RIVER), "J1", "JL", "--move", "J1", "32M6")
    assert code == 0, err
    assert out.startswith("Banzai Charge of J1, JL (Japanese): may be declared [G1.5]\n")
    assert "  leader: JL [G1.5]" in out and "move J1 32M6: ILLEGAL, 2 of 8 MF -> 32M6" in out
    assert "  Human Wave towards U1 along 32M7-32M8-32M9-32M10 (range 0) [A25.231]" in out
    assert "  Impulses 1: 2 MF; the Charge spent 2 of 8 MF [D14.31, A25.232]" in out
    assert "      violation A25.232: J1 must move on in each Impulse while it can" in out
    code, out, err = run(capsys, "banzai", str(RIVER), "J1", "JL", "--json")
    assert code == 0, err
    p: dict[str, Any] = json.loads(out)
    assert p["legal"] and p["declared"] and p["leaders"] == ["JL"]
    assert [e["rule"] for e in p["effects"]["J1"]][:3] == ["A25.23", "A15.1", "G1.6"]
    assert {e["unit"] for e in p["end_of_mph"]} == {"J1", "JL"}


def test_g1_5_cli_a_charge_refused_is_an_answer_and_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "banzai", str(RIVER), "J1")
    assert code == 0, err
    assert "may NOT be declared" in out and "refused G1.5: a leader must take part" in out
    for args, want in (
        (("ZZ",), "aslpto: no unit 'ZZ'"),
        (("J1", "JL", "--move", "J3", "32N7"), "aslpto: --move J3: not a unit of the Charge"),
        (("J1", "JL", "--move", "J1"), "aslpto: --move J1: give the unit and at least one step"),
    ):
        code, out, err = run(capsys, "banzai", str(RIVER), *args)
        assert code == 2 and out == "" and err.startswith(want) and err.count("\n") == 1, err


def test_g1_41_a_leader_in_the_location_not_charging_still_lends_his_plus_one() -> None:
    """G1.41: a Japanese leader in a charging squad's Location raises its Morale Level by one
    whether he charges or not; the Charge adds its own +1 (A25.23). The leader L2 of 37DD6
    charges; L, in J1's 37DD7, does not."""
    d = g1.declare([sq(), ldr("L2", "37DD6")], adjacent, present=[ldr()])
    effects = {e.rule: e.what for e in reversed(d.effects_of("J1"))}
    assert effects["A25.23"].startswith("Morale Level 9 (7 +1 with a leader in its Location")
    alone = g1.declare([sq(), ldr("L2", "37DD6")], adjacent)
    assert {e.rule: e.what for e in reversed(alone.effects_of("J1"))}["A25.23"].startswith(
        "Morale Level 8 (7 +1)"
    )
