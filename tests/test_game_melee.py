"""Melee (A11.15, A11.16) and Withdrawal (A11.2, A11.21) in the game: the Melee a CC leaves, kept
into the next Player Turn's CCPh as a Melee CC and ended when one side is gone; what a Melee
forbids outside the CCPh; a withdrawing unit moved into the ADJACENT Location it names; the
record replaying to the same Melee.

The small game of :mod:`gamehelp`: board 37 of open ground, woods in 37G4; the U.S. ATTACKER in
the first Player Turn, the Japanese in the second."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import Action, GameState, PhaseName, play, replay
from aslpto.procedures.game.state import end_phase
from gamehelp import ROOT, aslpto, commands, do, game, jp, refused, result, to, us

WOODS = "37G4"


def melee_cc(*extra: Any) -> GameState:
    """U1 and J1 in the woods of 37G4 (U2 in 37G7, J2 in 37B2) at the U.S. CCPh, before the CC."""
    s = game(us("U1", WOODS), jp("J1", WOODS), us("U2", "37G7"), jp("J2", "37B2"), *extra)
    return to(s, PhaseName.CCPH, 0)


def in_melee(*extra: Any) -> GameState:
    """The state after the U.S. CC in 37G4 left both squads there: a Melee (A11.15)."""
    return do(melee_cc(*extra), "cc", "6,6 6,6", location=WOODS)


def test_a11_15_a_cc_leaving_both_sides_in_the_location_is_a_melee() -> None:
    s0 = melee_cc()
    assert s0.melee == frozenset()
    got = result(s0, "cc", "6,6 6,6", location=WOODS)
    assert got["melee"] is True
    s = in_melee()
    assert s.melee == {WOODS}
    assert s.as_json()["melee"] == [WOODS]
    # the Melee is carried through the phases into the next Player Turn's CCPh
    nxt = to(s, PhaseName.CCPH, 1)
    assert nxt.melee == {WOODS} and nxt.cc_done == frozenset()


def test_a11_15_the_melee_s_cc_is_a_melee_cc_without_ambush_a11_4() -> None:
    nxt = to(in_melee(), PhaseName.CCPH, 1)
    refused(nxt, "cc", "A11.4", "6,6 6,6", location=WOODS, options={"ambush": "attacker"})
    done, _ = play(nxt, Action("cc", {"location": WOODS}), 1, seed=1, rolls="6,6 6,6")
    assert any("Melee" in t for t in done.told)
    assert done.state.melee == {WOODS}


def test_a11_15_the_melee_ends_when_one_side_is_gone() -> None:
    nxt = to(in_melee(), PhaseName.CCPH, 1)
    # the Japanese ATTACKER's Hand-to-Hand attack first (Original 6,6: no effect), then the
    # U.S. attack: 2 eliminates J1 (A11.11)
    done, _ = play(nxt, Action("cc", {"location": WOODS}), 1, seed=1, rolls="6,6 1,1")
    assert "J1" in done.result["eliminated"] and done.result["melee"] is False
    assert done.state.melee == frozenset()
    assert any("Melee in 37G4 ends" in t for t in done.told)


def test_a11_15_a_melee_ends_when_an_action_removes_one_side() -> None:
    s = in_melee()
    g = s.position
    gone = replace(s, position=replace(g, units={k: v for k, v in g.units.items() if k != "J1"}))
    after = do(gone, "end-phase")
    assert after.melee == frozenset()


def test_a11_15_units_locked_in_melee_neither_move_advance_fire_nor_labor() -> None:
    s = in_melee()
    pf = to(s, PhaseName.PFPH, 1)  # the Japanese Player Turn
    why = refused(pf, "fire", "A11.15", "3,3", firers=["J1"], target="37G7")
    assert "locked in Melee in 37G4" in why
    refused(to(pf, PhaseName.MPH), "search", "A11.15", unit="J1")
    refused(pf, "entrench", "A11.15", "3", unit="J1")
    refused(to(pf, PhaseName.MPH), "move", "A11.15", unit="J1", steps=["37G5"])
    refused(to(pf, PhaseName.APH), "advance", "A11.15", unit="J1", steps=["37G5"])
    df = to(pf, PhaseName.DFPH)
    refused(df, "fire", "A11.15", "3,3", firers=["U1"], target="37B2")
    # fire into the Melee attacks both sides' units there (A11.15): tests/test_game_melee_fire.py
    # a unit not in the Melee fires as before
    do(df, "fire", "6,6", firers=["U2"], target="37B2")


def test_a11_15_new_units_may_advance_into_a_melee_location() -> None:
    s = in_melee(jp("J3", "37G3"))
    aph = to(s, PhaseName.APH, 1)
    s2 = do(aph, "advance", unit="J3", steps=[WOODS])
    assert s2.position.unit("J3").hex == WOODS and s2.melee == {WOODS}
    cc = to(s2, PhaseName.CCPH)
    done, _ = play(cc, Action("cc", {"location": WOODS}), 1, seed=1, rolls="6,6 6,6")
    assert done.state.melee == {WOODS}


def broken_in_melee() -> GameState:
    s = in_melee()
    g = s.position
    return replace(s, position=g.with_unit(g.unit("J1").with_(broken=True, dm=True)))


def test_a11_16_broken_in_melee_neither_routs_nor_must_rout() -> None:
    s = broken_in_melee()
    rt = to(s, PhaseName.RTPH, 1)
    assert "J1" not in rt.must_rout
    refused(rt, "rout", "A11.16", unit="J1", steps=["37G3"])
    # ... and is not eliminated for Failure to Rout at the end of the RtPh
    aph = to(rt, PhaseName.APH)
    assert "J1" in aph.position.units


def test_a11_16_broken_in_melee_must_attempt_to_withdraw() -> None:
    cc = to(broken_in_melee(), PhaseName.CCPH, 1)
    why = refused(cc, "cc", "A11.16", "6,6", location=WOODS)
    assert "J1" in why and "withdraw" in why
    # J1 withdraws; only U1 attacks (a broken unit never does, A11.16): 6,6 no effect
    s = do(cc, "cc", "6,6", location=WOODS, options={"withdraw": {"J1": "37G3"}})
    assert s.position.unit("J1").hex == "37G3" and s.melee == frozenset()


def test_a11_16_broken_in_melee_unable_to_withdraw_is_eliminated_at_the_end_of_the_ccph() -> None:
    s = broken_in_melee()
    g = s.position
    around = [g.map.name(h) for h in g.map.neighbours(g.map.hex(WOODS))]
    ring = [us(f"R{i}", h) for i, h in enumerate(around)]
    s = replace(s, position=replace(g, units={**g.units, **{u.id: u for u in ring}}))
    # (J1 broke after this CCPh's CC: it has no Location to withdraw into)
    after, told = end_phase(s)
    assert "J1" not in after.position.units and "J1" in after.eliminated
    assert any("A11.16" in t for t in told)
    # with a Location free, it stays, to withdraw in the next CCPh
    kept, _ = end_phase(broken_in_melee())
    assert "J1" in kept.position.units and kept.melee == {WOODS}


def test_a11_15_a_broken_unit_locked_in_melee_makes_no_rally_attempt() -> None:
    rph = to(broken_in_melee(), PhaseName.RPH, 1)
    refused(rph, "rally", "A11.15", "3,3", unit="J1")


def test_a11_21_a_withdrawing_unit_that_survives_moves_to_its_adjacent_location() -> None:
    cc = to(in_melee(), PhaseName.CCPH, 1)
    # U1 withdraws (no attack, A11.2); J1's Hand-to-Hand attack on it at -2: 6,6 no effect
    done, _ = play(
        cc,
        Action("cc", {"location": WOODS, "options": {"withdraw": {"U1": "37G5"}}}),
        1,
        seed=1,
        rolls="6,6",
    )
    s = done.state
    assert s.position.unit("U1").hex == "37G5"
    assert done.result["withdrawn"] == {"U1": "37G5"} and done.result["melee"] is False
    assert s.melee == frozenset()
    assert any("A11.21" in t for t in done.told)


def test_a11_21_a_withdrawing_unit_eliminated_or_reduced_stays() -> None:
    cc = to(in_melee(), PhaseName.CCPH, 1)
    s = do(cc, "cc", "1,1", location=WOODS, options={"withdraw": {"U1": "37G5"}})
    assert "U1" not in s.position.units and s.melee == frozenset()


def test_a11_21_withdrawal_refusals_name_the_rule_and_change_nothing() -> None:
    cc = to(in_melee(jp("J5", "37G5")), PhaseName.CCPH, 1)

    def no(rule: str, w: dict[str, str]) -> str:
        return refused(cc, "cc", rule, "6,6", location=WOODS, options={"withdraw": w})

    assert "ADJACENT" in no("A11.21", {"U1": "37G7"})
    assert "Known enemy unit J5" in no("A11.21", {"U1": "37G5"})
    g = cc.position
    pinned = replace(cc, position=g.with_unit(g.unit("U1").with_(pinned=True)))
    refused(pinned, "cc", "A11.2", "6,6", location=WOODS, options={"withdraw": {"U1": "37G3"}})
    with pytest.raises(InputError, match="not in 37G4"):
        do(cc, "cc", "6,6", location=WOODS, options={"withdraw": {"U2": "37G3"}})
    with pytest.raises(InputError, match="withdraw"):
        do(cc, "cc", "6,6", location=WOODS, options={"withdraw": ["U1"]})
    # only a unit in a Melee withdraws (or the side that Ambushed)
    first = melee_cc()
    refused(first, "cc", "A11.2", "6,6 6,6", location=WOODS, options={"withdraw": {"U1": "37G3"}})


def test_a11_21_withdrawing_into_a_concealed_enemy_s_location_eliminates_the_unit() -> None:
    cc = to(in_melee(jp("J5", "37G5", concealed=True)), PhaseName.CCPH, 1)
    done, _ = play(
        cc,
        Action("cc", {"location": WOODS, "options": {"withdraw": {"U1": "37G5"}}}),
        1,
        seed=1,
        rolls="6,6",
    )
    s = done.state
    assert "U1" not in s.position.units and "U1" in done.result["eliminated"]
    assert not s.position.unit("J5").concealed
    assert s.melee == frozenset()


# --- the record: a Melee replays to the same state --------------------------------------------


def _script(rolls: list[str], withdraw: bool) -> list[tuple[Action, str | None]]:
    w = {"options": {"withdraw": {"U1": "37G5"}}} if withdraw else {}
    acts: list[tuple[Action, str | None]] = [(Action("cc", {"location": WOODS}), rolls[0])]
    acts += [(Action("end-phase", {}), None)] * 8
    acts.append((Action("cc", {"location": WOODS, **w}), None))
    acts += [(Action("end-phase", {}), None)] * 8
    return acts


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)),
    withdraw=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_a11_15_a_record_with_a_melee_replays_to_the_same_state(
    first: tuple[int, int, int, int], withdraw: bool, seed: int
) -> None:
    start = melee_cc()
    s = start
    entries = []
    a, b, c, d = first
    for n, (action, rolls) in enumerate(_script([f"{a},{b} {c},{d}"], withdraw), 1):
        try:
            done, entry = play(s, action, n, seed=seed, rolls=rolls)
        except (RuleViolation, InputError):
            continue  # (a refused action is not recorded)
        s = done.state
        entries.append(entry)
    again = start
    for e in entries:
        again = replay(again, e).state
    assert again == s
    assert again.as_json()["melee"] == sorted(s.melee)


@settings(max_examples=40, deadline=None)
@given(
    who=st.sampled_from(["U1", "J1", "U2"]),
    to_hex=st.sampled_from(["37G3", "37G5", "37G7", "37F4", "37H5", "37B2", "37ZZ9", WOODS]),
)
def test_a11_21_a_refused_withdrawal_leaves_the_game_unchanged(who: str, to_hex: str) -> None:
    cc = to(in_melee(), PhaseName.CCPH, 1)
    before = cc.as_json()
    try:
        done, _ = play(
            cc,
            Action("cc", {"location": WOODS, "options": {"withdraw": {who: to_hex}}}),
            1,
            seed=3,
        )
    except (RuleViolation, InputError):
        assert cc.as_json() == before
        return
    # done: the unit was in the Melee and its Location ADJACENT and free of Known enemies
    assert who in ("U1", "J1")
    g = cc.position
    assert g.map.name(g.map.hex(to_hex)) != WOODS
    moved = done.result.get("withdrawn", {})
    assert set(moved) <= {who}


# --- the command line: a real Game Turn's CC left in Melee -------------------------------------


def test_a3_8_cli_game_cc_melee_show_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from vaslhelp import BOARDS

    if BOARDS is None or not all((BOARDS / f"bd{n}").is_file() for n in ("37", "38")):
        pytest.skip("needs the VASL boards 37 and 38 (../shared/vasl/boards)")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(BOARDS))
    monkeypatch.chdir(ROOT)
    path = str(tmp_path / "g.jsonl")
    for refused_line, args in commands(ROOT / "examples" / "game-turn-real.sh"):
        if args[1] == "cc" and not refused_line:
            break
        if refused_line:
            continue
        args = [path if x == "$GAME" else x for x in args]
        code, _, err = aslpto(args, capsys)
        assert code == 0, (args, err)
    code, out, _ = aslpto(
        ["game", "cc", path, "37EE8", "--withdraw", "US3=37DD8", "--dice", "6,6 6,6"], capsys
    )
    assert code == 1 and out.startswith("REFUSED A11.2: 37EE8 is not in Melee")
    code, _, err = aslpto(["game", "cc", path, "37EE8", "--withdraw", "US3"], capsys)
    assert code == 2 and "UNIT=LOCATION" in err
    # (the Ambush drs first: J3 advanced into the kunai, G.6; equal, no Ambush)
    code, out, _ = aslpto(["game", "cc", path, "37EE8", "--dice", "3 3 6,6 6,6"], capsys)
    assert code == 0 and "37EE8 is in Melee (A11.15)" in out
    assert "no Ambush" in out
    code, out, _ = aslpto(["game", "show", path], capsys)
    assert code == 0 and "Melee: 37EE8 (A11.15)" in out
    code, out, _ = aslpto(["game", "show", path, "--json"], capsys)
    assert json.loads(out)["melee"] == ["37EE8"]
    code, out, _ = aslpto(["game", "replay", path], capsys)
    assert code == 0
    last = json.loads(Path(path).read_text(encoding="utf-8").splitlines()[-1])
    assert last["result"]["melee"] is True
