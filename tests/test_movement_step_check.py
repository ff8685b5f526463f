"""The step check (procedures/movement/stepping.py) and "may this unit take this step now?"
(``check_step``): folded over a path it is the move ``evaluate`` answers; a step it refuses
names its rule and changes nothing."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import aslpto
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.formats import scenario
from aslpto.procedures.movement import (
    MoveSoFar,
    StepCheck,
    StepError,
    apply,
    begin,
    candidates,
    check_step,
    evaluate,
    parse_step,
    step_text,
    take_step,
    verify_may_move,
)
from aslpto.rules.movement import HALF, MoveOptions, Phase
from aslpto.state.game import Conditions, Game
from aslpto.state.units import Kind
from test_movement_helpers import MOVE_OPTIONS, make_game, squad

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@cache
def game(name: str) -> Game:
    return scenario.load(EXAMPLES / f"{name}.toml")


def refusal(c: StepCheck) -> str:
    assert not c.legal and c.step is None and c.violation is not None
    return c.violation.rule


# --- the fold is evaluate ------------------------------------------------------------------


def next_steps(g: Game, so_far: MoveSoFar) -> tuple[list[str], list[str]]:
    """The steps the search would try from where the move is, as typed: those the step check
    takes and those it refuses."""
    taken, refused = [], []
    for s in candidates(so_far.ctx, so_far.state):
        text = step_text(g, s)
        try:
            take_step(so_far, s, text)
        except RuleViolation:
            refused.append(text)
        except InputError:
            continue
        else:
            taken.append(text)
    return taken, refused


def a_unit_that_may_move(
    name: str, pick: int, opts: MoveOptions
) -> tuple[Game, str, MoveOptions, MoveSoFar] | None:
    """The ``pick``-th unit on the map of the example ``name`` (a vehicle moving with no
    option), its options and the move begun; None when it may not move."""
    g = game(name)
    units = sorted(u.id for u in g.units.values() if u.hex)
    uid = units[pick % len(units)]
    if g.unit(uid).kind == Kind.VEHICLE and opts != MoveOptions():
        opts = MoveOptions()
    so_far = begin(g, g.unit(uid), opts)
    try:
        verify_may_move(so_far)
    except RuleViolation:
        return None
    return g, uid, opts, so_far


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["panji-g9", "paddy-river", "b21-deep"]),
    pick=st.integers(0, 50),
    opts=st.sampled_from(MOVE_OPTIONS),
    data=st.data(),
)
def test_folding_check_step_over_a_legal_path_is_evaluate(
    name: str, pick: int, opts: MoveOptions, data: st.DataObject
) -> None:
    """A random legal path, built one step at a time by asking ``check_step``: each step is
    legal, priced as ``evaluate`` prices it, and the last answer's move is ``evaluate``'s."""
    start = a_unit_that_may_move(name, pick, opts)
    if start is None:
        return
    g, uid, opts, so_far = start
    path: list[str] = []
    checks: list[StepCheck] = []
    for _ in range(data.draw(st.integers(2, 6), label="length")):
        taken, _refused = next_steps(g, so_far)
        if not taken:
            break
        text = data.draw(st.sampled_from(taken), label="step")
        c = check_step(g, uid, path, text, opts)
        assert c.legal and c.violation is None and c.refused_at is None
        _, so_far = take_step(so_far, parse_step(g, text), text)
        assert c.step == so_far.steps[-1]
        checks.append(c)
        path.append(text)
    event(f"a path of {len(path)} steps")
    whole = evaluate(g, uid, path, opts)
    assert whole.legal
    assert whole == so_far.result()
    assert [c.step for c in checks] == list(whole.steps)
    if checks:
        assert checks[-1].move == whole


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["panji-g9", "paddy-river"]),
    pick=st.integers(0, 50),
    opts=st.sampled_from(MOVE_OPTIONS),
    data=st.data(),
)
def test_a_refused_step_names_its_rule_and_changes_nothing(
    name: str, pick: int, opts: MoveOptions, data: st.DataObject
) -> None:
    """After a random legal path, a step the step check refuses: ``check_step`` refuses it with
    the violation ``evaluate`` stops at, the path so far stays as it was, and the game too."""
    start = a_unit_that_may_move(name, pick, opts)
    if start is None:
        return
    g, uid, opts, so_far = start
    path: list[str] = []
    for _ in range(data.draw(st.integers(0, 3), label="length")):
        taken, _ = next_steps(g, so_far)
        if not taken:
            break
        text = data.draw(st.sampled_from(taken), label="step")
        _, so_far = take_step(so_far, parse_step(g, text), text)
        path.append(text)
    _, refused = next_steps(g, so_far)
    if not refused:
        return
    text = data.draw(st.sampled_from(refused), label="refused")
    event("a step refused")
    units_before, panjis_before, map_before = dict(g.units), dict(g.panjis), g.map
    c = check_step(g, uid, path, text, opts)
    whole = evaluate(g, uid, [*path, text], opts)
    assert c.violation == whole.violation and c.refused_at == len(path)
    assert refusal(c) == str(whole.violation).split(":")[0]
    assert c.move == whole and whole.steps == so_far.steps
    assert evaluate(g, uid, path, opts) == so_far.result()
    with pytest.raises(RuleViolation):
        apply(g, c.move)
    assert dict(g.units) == units_before and dict(g.panjis) == panjis_before
    assert g.map is map_before


# --- refusals, by rule ----------------------------------------------------------------------


def test_g9_46_bypass_along_a_covered_hexside_is_refused() -> None:
    """The README's third move: B may not Bypass 37DD7 along a Covered hexside of Panji C."""
    g = game("panji-g9")
    c = check_step(g, "B", [], "37DD7/EE8")
    assert refusal(c) == "G9.46" and "Covered hexside" in str(c.violation)
    assert c.refused_at == 0 and c.move.steps == ()


def test_g9_41_the_step_after_a_covered_hexside_is_priced_with_the_panji_mc() -> None:
    g = game("panji-g9")
    c = check_step(g, "A", [], "37EE7")
    assert c.legal and c.step is not None and c.step.total == 2 * HALF
    assert ("panji-mc", "G9.41") in [(e.kind, e.rule) for e in c.step.events]


def test_a4_7_an_advance_is_a_move_of_one_location() -> None:
    g = game("panji-g9")
    aph = MoveOptions(phase=Phase.APH)
    assert check_step(g, "A", [], "37EE7", aph).legal
    assert refusal(check_step(g, "A", ["37EE7"], "37EE6", aph)) == "A4.7"


def test_a4_61_assault_movement_enters_one_new_location() -> None:
    g = make_game(units=(squad("S", "37C2"),))
    assault = MoveOptions(assault=True)
    assert check_step(g, "S", [], "37C3", assault).legal
    assert refusal(check_step(g, "S", ["37C3"], "37C4", assault)) == "A4.61"


ROAD = """
[board]
name = "37"
[lines]
road = ["C2 C3 C4 C5 C6 C7"]
"""


def test_g9_54_no_road_bonus_after_crossing_a_covered_hexside() -> None:
    """Along a road the fifth MF is the road bonus (B3.4); once the unit has crossed a Covered
    hexside it is not (G9.54), and the step that needs it is refused."""
    g = make_game(ROAD, conditions=Conditions(), units=(squad("S", "37C2"),))
    c = check_step(g, "S", ["37C3", "37C4", "37C5", "37C6"], "37C7")
    assert c.legal and c.step is not None and "road-bonus" in [e.kind for e in c.step.events]
    covered = make_game(
        ROAD,
        conditions=Conditions(),
        units=(squad("S", "37C2"),),
        panjis=[("P", "37C3", ["37C3-C4"], False)],
    )
    c = check_step(covered, "S", ["37C3", "37C4", "37C5", "37C6"], "37C7")
    assert refusal(c) == "G9.54" and "no road bonus" in str(c.violation)


def test_a4_1_a_step_costing_more_than_is_left_is_refused() -> None:
    """Four MF of jungle spent, the fifth step into jungle costs more than is left: the
    allowance's rule refuses it; the four before stay legal."""
    g = make_game(units=(squad("S", "37DD5"),))
    c = check_step(g, "S", ["37DD6", "37DD7"], "37DD8")
    assert not c.legal and c.refused_at == 2
    assert c.violation is not None and c.violation.rule == c.move.allowance_rules[0]
    assert [s.text for s in c.move.steps] == ["37DD6", "37DD7"]


def test_a4_134_no_step_after_the_minimum_move() -> None:
    """A unit with an allowance of 0 (all MF spent by the Minimum Move's one Location) moves no
    further: the next step is refused with the rule of the Minimum Move."""
    g = make_game(units=(squad("S", "37DD5", mf=0),))
    first = check_step(g, "S", [], "37DD6")
    assert first.legal
    assert refusal(check_step(g, "S", ["37DD6"], "37DD7")) == "A4.134"


def test_a10_52_low_crawl_is_a_move_of_one_hex() -> None:
    g = game("panji-g9")
    crawl = MoveOptions(low_crawl=True)
    assert check_step(g, "A", [], "37EE7", crawl).legal
    assert refusal(check_step(g, "A", ["37EE7"], "37EE6", crawl)) == "A10.52"
    assert refusal(check_step(g, "A", [], ":beneath", crawl)) == "A10.52"


def test_a_refused_path_so_far_refuses_every_next_step_at_its_own_step() -> None:
    g = game("panji-g9")
    c = check_step(g, "B", ["37DD7/EE8"], "37EE6")
    assert refusal(c) == "G9.46" and c.refused_at == 0 and c.path == ("37DD7/EE8",)


# --- input that cannot be used ----------------------------------------------------------------


def test_a_step_not_adjacent_is_a_step_error_with_its_text_and_index() -> None:
    g = game("panji-g9")
    with pytest.raises(StepError) as got:
        check_step(g, "A", ["37EE7"], "37A1")
    e = got.value
    assert (e.step, e.index) == ("37A1", 1)
    assert e.message == "step '37A1': 37A1 is not adjacent to 37EE7"
    assert e.reason == "37A1 is not adjacent to 37EE7"
    with pytest.raises(StepError) as same:
        evaluate(g, "A", ["37EE7", "37A1"])
    assert same.value == e


def test_a_step_that_cannot_be_read_is_refused_before_any_is_taken() -> None:
    """Every step is read before the first is taken: an unreadable one is named with its index
    though an earlier step is illegal."""
    g = game("panji-g9")
    with pytest.raises(StepError) as got:
        check_step(g, "B", ["37DD7/EE8"], "37ZZ9")
    assert got.value.index == 1 and got.value.message.startswith("step '37ZZ9': ")


def test_g9_422_declared_mf_refused_for_a_squad_quotes_the_step_as_the_map_names_it() -> None:
    g = game("panji-g9")
    with pytest.raises(StepError) as got:
        check_step(g, "A", [], "37ee7=11")
    assert got.value.step == "37EE7=11" and got.value.index == 0
    assert got.value.message.startswith("step '37EE7=11': only a Cavalry unit declares")


# --- the answer -------------------------------------------------------------------------------


def test_check_step_as_json_and_the_public_api() -> None:
    g = game("panji-g9")
    c = aslpto.check_step(g, "A", ["37EE7"], ":beneath")
    d = c.as_json(g)
    assert d["legal"] is True and d["violation"] is None and d["refused_at"] is None
    assert d["path"] == ["37EE7"] and d["step"] == ":beneath"
    assert d["priced"] == evaluate(g, "A", ["37EE7", ":beneath"]).as_json(g)["steps"][-1]
    assert d["mf"] == d["priced"]["mf"] and d["allowance"] == 4
    no = check_step(g, "B", [], "37DD7/EE8").as_json(g)
    assert no["legal"] is False and no["priced"] is None and no["refused_at"] == 0
    assert no["violation"]["rule"] == "G9.46"
