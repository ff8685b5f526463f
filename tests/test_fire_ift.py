"""The Infantry Fire Table and an attack resolved on it (A7.3-A7.305, A7.9, A.9, G1.12)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base import unchecked
from aslpto.base.rulings import InputError
from aslpto.rules.fire import table
from aslpto.rules.fire.cowering import cowering
from aslpto.rules.fire.resolution import (
    Attack,
    attack_odds,
    resolve_attack,
    result_odds,
    select,
    selection_odds,
    selection_size_odds,
)
from aslpto.rules.fire.table import Effect, IftResult
from aslpto.rules.morale import Result
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice, odds, odds_by_class
from aslpto.state.units import Kind, Strength, Unit, UnitClass

COLUMNS = (1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36)


def squad(uid: str, face: str = "6-6-6", nat: str = "american") -> Unit:
    return make(uid, nat, Kind.SQUAD, face=face)


def jsquad(uid: str) -> Unit:
    return make(uid, "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)


def end_state(r: Result) -> tuple[tuple[str, ...], int]:
    """An outcome as a player tells it: the units left (not their ids), how many eliminated."""
    return (tuple(sorted(repr(u.with_(id="")) for u in r.units)), len(r.eliminated))


# --- the chart ------------------------------------------------------------------------------


def test_a7_3_ift_columns_and_rows_as_the_sources_print_them() -> None:
    assert table.columns() == COLUMNS
    # cells named in the sources' grids (data/fire.toml names them)
    assert str(table.result(1, 0)) == "1KIA"
    assert str(table.result(1, 1)) == "K/1"
    assert str(table.result(1, 5)) == "PTC"
    assert str(table.result(1, 6)) == "-"
    assert str(table.result(12, 3)) == "K/3"
    assert str(table.result(20, 4)) == "K/4"
    assert str(table.result(36, 0)) == "7KIA"
    assert str(table.result(36, 15)) == "PTC"
    assert str(table.result(30, 14)) == "PTC"


def test_a7_3_final_dr_beyond_the_rows_reads_the_first_and_last_row() -> None:
    assert table.result(8, -4) == table.result(8, 0)
    assert table.result(36, 19) == table.result(36, 15)


def test_a7_3_every_column_worsens_from_top_to_bottom() -> None:
    order = {Effect.KIA: 0, Effect.K: 1, Effect.MC: 2, Effect.NMC: 3, Effect.PTC: 4, Effect.NONE: 5}

    def severity(r: IftResult) -> tuple[int, int]:
        return (order[r.effect], -r.number)

    for c in COLUMNS:
        cells = [severity(table.result(c, dr)) for dr in range(16)]
        assert cells == sorted(cells)


def test_a7_3_a_stronger_column_is_never_weaker() -> None:
    order = {Effect.KIA: 0, Effect.K: 1, Effect.MC: 2, Effect.NMC: 3, Effect.PTC: 4, Effect.NONE: 5}
    for dr in range(16):
        row = [(order[table.result(c, dr).effect], -table.result(c, dr).number) for c in COLUMNS]
        assert row == sorted(row, reverse=True)


def test_a7_3_parse_result_round_trips_every_cell() -> None:
    for c in COLUMNS:
        for dr in range(16):
            r = table.result(c, dr)
            assert table.parse_result(str(r)) == r
    with pytest.raises(InputError):
        table.parse_result("2K")


def test_a7_3_column_is_the_largest_not_above_the_total_fractions_kept() -> None:
    assert table.column_of(Fraction(13, 2)).value == 6
    assert table.column_of(Fraction(3, 2)).value == 1
    assert table.column_of(Fraction(47, 4)).value == 8
    assert table.column_of(99).value == 36
    assert "36+" in table.column_of(40).why
    unchecked.begin()
    below = table.column_of(Fraction(3, 4))
    assert below.value is None and "no attack" in below.why
    assert any("below_first" in t for t in unchecked.taken())


def test_a7_9_cowering_moves_the_column_left_and_off_the_chart_is_no_attack() -> None:
    assert table.shifted(36, 1) == 30
    assert table.shifted(4, 2) == 1
    assert table.shifted(1, 1) is None
    assert table.shifted(2, 2) is None


# --- Cowering --------------------------------------------------------------------------------


def test_a7_9_a_leader_directing_stops_cowering() -> None:
    assert cowering([squad("A"), make("L", "american", Kind.LEADER, face="9-1")]).value == 0
    assert cowering([squad("A")], led=True).value == 0
    assert cowering([squad("A")]).value == 1


def test_a7_9_inexperienced_firers_cower_two_columns() -> None:
    green = make("G", "american", Kind.SQUAD, UnitClass.GREEN)
    r = cowering([squad("A"), green])
    assert r.value == 2 and "A19.33" in r.rules


def test_a7_9_exempt_firers_are_read_from_the_data() -> None:
    unchecked.begin()
    assert cowering([squad("B", "4-5-7", "british")]).value == 0
    assert not any("cowering" in t for t in unchecked.taken())  # two sources agree (A7.9)
    assert cowering([squad("A").with_(berserk=True)]).value == 0


def test_a7_9_finns_do_not_cower_but_their_conscripts_do() -> None:
    """A7.9: Finns are exempt [EXC: Conscripts]; a Conscript is Inexperienced (A19.33)."""
    finn = make("F", "finnish", Kind.SQUAD, UnitClass.FIRST_LINE)
    # (the catalog prints no Finnish Conscript squad: a Green one made Conscript)
    conscript = make("C", "finnish", Kind.SQUAD, UnitClass.GREEN).with_(
        unit_class=UnitClass.CONSCRIPT
    )
    assert cowering([finn]).value == 0
    r = cowering([conscript])
    assert r.value == 2 and "A19.33" in r.rules
    assert cowering([finn, conscript]).value == 2


def test_a7_9_an_original_doubles_shifts_the_attack() -> None:
    u = squad("A")
    a = Attack(4, (("A", 0),), cower=1)
    # Final DR 2 on 4 FP: K/2; on doubles 1,1 the attack Cowers to the 2 column: K/1
    r = resolve_attack([u], a, GivenDice("1,1 6 6,6"))
    assert str(r.results[0][1]) == "K/1"
    r2 = resolve_attack([u], Attack(4, (("A", 0),), cower=0), GivenDice("1,1 6 6,6"))
    assert str(r2.results[0][1]) == "K/2"


# --- Random Selection (A.9) ------------------------------------------------------------------


@pytest.mark.parametrize("units", range(1, 7))
@pytest.mark.parametrize("number", range(1, 5))
def test_a9_random_selection_odds_sum_to_one(units: int, number: int) -> None:
    total = sum(comb(units, k) * selection_size_odds(k, units, number) for k in range(units + 1))
    assert total == 1


@pytest.mark.parametrize("number", [1, 2, 3])
def test_a9_random_selection_exact_equals_every_roll(number: int) -> None:
    units = [squad("A"), squad("B"), make("L", "american", Kind.LEADER, face="9-1"), squad("C")]
    brute = odds(lambda d: select(units, number, d))
    got = selection_odds(units, number)

    def kinds(ids: tuple[str, ...]) -> tuple[int, int]:
        return (sum(1 for i in ids if i != "L"), int("L" in ids))

    a: defaultdict[tuple[int, int], Fraction] = defaultdict(Fraction)
    b: defaultdict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for ids, p in brute:
        a[kinds(ids)] += p
    for ids, p in got:
        b[kinds(ids)] += p
    assert a == b and sum(b.values()) == 1


def test_a9_ties_for_the_highest_are_affected_alike() -> None:
    units = [squad("A"), squad("B"), squad("C")]
    assert select(units, 1, GivenDice("5 5 2")) == ("A", "B")
    assert select(units, 2, GivenDice("6 3 3")) == ("A", "B", "C")


# --- the results -------------------------------------------------------------------------------


def test_a9_ex_k1_wounds_the_leader_reduces_the_squad_others_take_1mc() -> None:
    """A.9 EX: leader, crew, HS and squad (top to bottom) hit by a K/1; Random Selection dr
    white 3, green 1, red 2, black 3: the leader is wounded and the squad Reduced to a HS; the
    crew and both HS take a 1MC (the wounded leader does not)."""
    leader = make("L", "american", Kind.LEADER, face="9-1")
    crew = make("C", "american", Kind.CREW, face="2-2-7")
    hs = make("H", "american", Kind.HALF_SQUAD, face="3-4-6")
    sq = squad("S")
    units = [leader, crew, hs, sq]
    a = Attack(2, tuple((u.id, 0) for u in units), cower=0)
    # IFT DR 1,1 on the 2 column: K/1. RS 3 1 2 3. Wound Severity 1. MC DR for C, H, S (HS).
    r = resolve_attack(units, a, GivenDice("1,1 3 1 2 3 1 2,2 2,2 2,2"))
    assert {u for u, x in r.results} == {"L", "C", "H", "S"}
    assert all(str(x) == "K/1" for _, x in r.results)
    ev = r.outcome.events
    assert "L: selected (K/1)" in ev and "S: selected (K/1)" in ev
    assert "C: selected (K/1)" not in ev and "H: selected (K/1)" not in ev
    faces = sorted(u.counter for u in r.outcome.units)
    assert faces == ["2-2-7", "3-4-6", "3-4-6", "8-0"]
    checked = [e.split(":")[0] for e in ev if e.endswith(": passed")]
    assert sorted(checked) == ["C", "H", "S"]
    assert "A7.302" in r.outcome.rules and "A.9" in r.outcome.rules


def test_a7_301_kia_eliminates_by_random_selection_and_breaks_the_others() -> None:
    a, b = squad("A"), squad("B")
    at = Attack(6, (("A", 0), ("B", 0)), cower=0)
    # Final DR 2 on 6 FP: 1KIA; RS 4 (A), 2 (B): A eliminated, B breaks
    r = resolve_attack([a, b], at, GivenDice("1,1 4 2"))
    assert r.outcome.eliminated == ("A",)
    (left,) = r.outcome.units
    assert left.id == "B" and left.broken and left.dm
    assert "A7.301" in r.outcome.rules


def test_a7_301_kia_number_at_least_the_units_eliminates_them_all() -> None:
    units = [squad("A"), squad("B")]
    r = resolve_attack(units, Attack(36, (("A", 0), ("B", 0))), GivenDice("1,2"))
    assert str(r.results[0][1]) == "4KIA"
    assert r.outcome.units == () and set(r.outcome.eliminated) == {"A", "B"}


def test_g1_12_kia_break_of_a_japanese_squad_is_step_reduction() -> None:
    j1, j2 = jsquad("J1"), jsquad("J2")
    r = resolve_attack([j1, j2], Attack(6, (("J1", 0), ("J2", 0))), GivenDice("1,1 6 1"))
    assert r.outcome.eliminated == ("J1",)
    (left,) = r.outcome.units
    assert left.counter == "3-4-8" and not left.broken
    assert "G1.12" in r.outcome.rules


def test_a7_301_an_already_broken_survivor_is_casualty_reduced() -> None:
    a, b = squad("A"), squad("B").with_(broken=True, morale=8)
    unchecked.begin()
    r = resolve_attack([a, b], Attack(6, (("A", 0), ("B", 0))), GivenDice("1,1 6 1"))
    (left,) = r.outcome.units
    assert left.kind == Kind.HALF_SQUAD and left.broken
    assert not any("kia_broken" in t for t in unchecked.taken())  # A7.301 as printed


def test_a7_303_to_305_nmc_mc_and_ptc_take_their_checks() -> None:
    u = jsquad("J")
    for dr, want in (("2,3", "2MC"), ("3,3", "1MC"), ("4,4", "NMC"), ("4,5", "PTC")):
        a = Attack(8, (("J", 0),))
        r = resolve_attack([u], a, GivenDice(f"{dr} 1,2"))
        assert str(r.results[0][1]) == want
        assert r.outcome.events[-1] == "J: passed"
    r = resolve_attack([u], Attack(8, (("J", 0),)), GivenDice("5,5"))
    assert str(r.results[0][1]) == "-" and r.outcome.units == (u,)


def test_a7_3_each_unit_its_own_final_dr() -> None:
    a, b = squad("A"), squad("B")
    at = Attack(8, (("A", 0), ("B", 2)))
    r = resolve_attack([a, b], at, GivenDice("2,3 6,5 1,2"))
    assert dict((u, str(x)) for u, x in r.results) == {"A": "2MC", "B": "1MC"}


# --- exactness -----------------------------------------------------------------------------------


def _exact_equals_every_roll(units: list[Unit], at: Attack) -> None:
    """The factored odds of ``at`` give every end state the walk of every roll gives it."""
    brute = odds_by_class(lambda d: resolve_attack(units, at, d).outcome)
    a: defaultdict[tuple[tuple[str, ...], int], Fraction] = defaultdict(Fraction)
    b: defaultdict[tuple[tuple[str, ...], int], Fraction] = defaultdict(Fraction)
    for r, p in brute:
        a[end_state(r)] += p
    for r, p in attack_odds(units, at).joint():
        b[end_state(r)] += p
    assert a == b and sum(b.values()) == 1


@pytest.mark.parametrize("column,drm,cower", [(4, 0, 1), (12, 1, 2), (36, -1, 1), (1, 0, 1)])
def test_a7_3_attack_odds_equal_every_roll_of_one_unit(column: int, drm: int, cower: int) -> None:
    _exact_equals_every_roll([jsquad("J")], Attack(column, (("J", drm),), cower))


@pytest.mark.slow
def test_a7_3_attack_odds_equal_every_roll_of_two_squads() -> None:
    _exact_equals_every_roll([squad("A"), squad("B")], Attack(6, (("A", 0), ("B", 0)), 1))


def test_a7_3_result_odds_of_a_column_are_its_cells_over_the_36_rolls() -> None:
    d = result_odds(Attack(12, (("A", 0),), 0))
    got = {str(r[0][1]): p for r, p in d}
    assert got["K/3"] == Fraction(2, 36)  # Final DR 3: 1,2 and 2,1
    assert got["3KIA"] == 0 if "3KIA" in got else True
    assert sum(got.values()) == 1


@settings(max_examples=40, deadline=None)
@given(
    column=st.sampled_from(COLUMNS),
    drm=st.integers(-4, 6),
    cower=st.integers(0, 2),
    n=st.integers(1, 5),
    leader=st.booleans(),
)
def test_a7_3_attack_odds_sum_to_one(
    column: int, drm: int, cower: int, n: int, leader: bool
) -> None:
    units = [jsquad(f"J{i}") for i in range(n)]
    if leader:
        units.append(make("L", "japanese", Kind.LEADER, face="9-1"))
    at = Attack(column, tuple((u.id, drm) for u in units), cower)
    assert attack_odds(units, at).total() == 1


def test_a7_3_an_attack_refuses_what_means_nothing() -> None:
    u = squad("A")
    with pytest.raises(InputError, match="not an IFT column"):
        attack_odds([u], Attack(5, (("A", 0),)))
    with pytest.raises(InputError, match="Cowering"):
        attack_odds([u], Attack(4, (("A", 0),), -1))
    with pytest.raises(InputError, match="each target unit once"):
        attack_odds([u], Attack(4, (("B", 0),)))
    with pytest.raises(InputError, match=r"A7\.308"):
        attack_odds([u.with_(kind=Kind.VEHICLE)], Attack(4, (("A", 0),)))


def test_g1_121_ex_a_four_fp_attack_mc_failed_flips_the_448_to_348() -> None:
    """G1.121 EX: a non-berserk 4-4-8 under a four-FP attack causing a MC on the IFT; failed
    (not an Original 12, not by its ELR) it is flipped to its 3-4-8 side."""
    r = resolve_attack([jsquad("J")], Attack(4, (("J", 0),)), GivenDice("1,3 4,4"))
    assert str(r.results[0][1]) == "1MC"
    (u,) = r.outcome.units
    assert u.counter == "3-4-8" and not u.broken and "G1.121" in r.outcome.rules


def test_g1_3_ex_a_six_fp_attack_1mc_failed_flips_the_crew() -> None:
    """G1.3 EX: a 2-2-8 crew under a six-FP attack causing a 1MC, failed, is flipped to its
    1-2-8 side; a 1-2-8 failing it becomes a broken (and DM) 1-2-7."""
    crew = make("C", "japanese", Kind.CREW, strength=Strength.FULL)
    r = resolve_attack([crew], Attack(6, (("C", 0),)), GivenDice("2,3 4,4"))
    assert str(r.results[0][1]) == "1MC"
    (u,) = r.outcome.units
    assert u.counter == "1-2-8" and not u.broken
    r2 = resolve_attack([u], Attack(6, (("C", 0),)), GivenDice("2,3 4,4"))
    (v,) = r2.outcome.units
    assert v.counter == "1-2-7" and v.broken and v.dm
