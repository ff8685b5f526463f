"""The game's record (formats.record): written, read back and replayed; a record that is not
one refused in one line naming the action; two commands appending at once; any sequence of
actions, legal or not, leaves a record that replays to the same position."""

from __future__ import annotations

import json
import multiprocessing
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.base.rulings import AslptoError, InputError
from aslpto.formats import record
from aslpto.procedures.game import Action

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "examples" / "paddy-river.toml"


def fresh(tmp: Path, turns: int | None = 2) -> str:
    shutil.copy(SCENARIO, tmp / "paddy-river.toml")
    path = tmp / "g.jsonl"
    if path.exists():
        path.unlink()
    record.new(str(tmp / "paddy-river.toml"), str(path), turns=turns, seed=5)
    return str(path)


def act(path: str, name: str, rolls: str | None = None, **args: object) -> record.Loaded:
    return record.append(path, Action(name, args), rolls)[0]


def test_the_header_names_the_scenario_by_relative_path_and_sha256(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    head = json.loads(Path(path).read_text(encoding="utf-8").splitlines()[0])
    assert head["format"] == "aslpto-game" and head["version"] == 1
    assert head["scenario"]["path"] == "paddy-river.toml" and len(head["scenario"]["sha256"]) == 64
    assert (head["turns"], head["first"], head["sets_up"], head["seed"]) == (
        2,
        "U.S.",
        "Japanese",
        5,
    )


def test_save_load_round_trip(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    act(path, "end-phase")
    played = act(path, "fire", "3,4 2 2", firers=["U1", "U2"], target="32N6")
    loaded = record.load(path)
    assert loaded.state == played.state
    assert [e.as_json() for e in loaded.entries] == [e.as_json() for e in played.entries]


def test_typed_dice_must_all_be_used(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    before = Path(path).read_bytes()
    with pytest.raises(InputError, match="left over"):
        act(path, "ptc", "3,3 4", units=["J1"])
    assert Path(path).read_bytes() == before


def test_a_changed_scenario_is_refused(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    with open(tmp_path / "paddy-river.toml", "a", encoding="utf-8") as f:
        f.write("\n# changed\n")
    with pytest.raises(InputError, match="has changed since the game began"):
        record.load(path)


def test_a_result_edited_by_hand_is_refused_naming_what_differs(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    act(path, "end-phase")
    act(path, "end-phase")
    act(path, "move", unit="U1", steps=["32N9"])
    text = Path(path).read_text(encoding="utf-8").replace('"to": "32N9"', '"to": "32N10"')
    Path(path).write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        record.load(path)
    assert str(e.value) == (
        f'{path}: action 3 (move): result to: recorded "32N10", the rules give "32N9"'
    )


def test_undo_and_at(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    for _ in range(3):
        act(path, "end-phase")
    _, gone = record.undo(path)
    assert gone.n == 3 and len(record.load(path).entries) == 2
    assert record.load(path).at(1).phase.value == "PFPh"
    with pytest.raises(InputError, match="--at 9"):
        record.load(path).at(9)
    record.undo(path)
    record.undo(path)
    with pytest.raises(InputError, match="no action to take back"):
        record.undo(path)


def _append_many(path: str, n: int) -> None:
    for _ in range(n):
        record.append(path, Action("ptc", {"units": ["J6"]}))


def test_two_commands_at_once_lose_no_action(tmp_path: Path) -> None:
    path = fresh(tmp_path, turns=None)
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_append_many, args=(path, 6)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    loaded = record.load(path)
    assert [e.n for e in loaded.entries] == list(range(1, 13))


_STEPS = ["32N9", "32M10", "32L9", "32K9", "32I9", "32N10", "32H10"]
_UNITS = ["U1", "U2", "U3", "U5", "J1", "J2", "J4", "J5"]

actions = st.one_of(
    st.just(("end-phase", {})),
    st.tuples(
        st.just("move"),
        st.fixed_dictionaries(
            {
                "unit": st.sampled_from(_UNITS),
                "steps": st.lists(st.sampled_from(_STEPS), min_size=1, max_size=2),
            }
        ),
    ),
    st.tuples(
        st.just("fire"),
        st.fixed_dictionaries(
            {
                "firers": st.lists(st.sampled_from(_UNITS), min_size=1, max_size=2, unique=True),
                "target": st.sampled_from(_UNITS),
            }
        ),
    ),
    st.tuples(
        st.sampled_from(["mc", "ptc"]),
        st.fixed_dictionaries({"units": st.lists(st.sampled_from(_UNITS), min_size=1, max_size=1)}),
    ),
    st.tuples(
        st.just("rout"),
        st.fixed_dictionaries(
            {
                "unit": st.sampled_from(_UNITS),
                "steps": st.lists(st.sampled_from(_STEPS), min_size=1, max_size=1),
            }
        ),
    ),
    st.tuples(
        st.just("advance"),
        st.fixed_dictionaries(
            {
                "unit": st.sampled_from(_UNITS),
                "steps": st.lists(st.sampled_from(_STEPS), min_size=1, max_size=1),
            }
        ),
    ),
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(actions, max_size=14))
def test_any_actions_leave_a_record_that_replays_to_the_same_position(
    tmp_path: Path, sequence: list[tuple[str, dict[str, Any]]]
) -> None:
    path = fresh(tmp_path, turns=1)
    state = record.load(path).state
    for name, args in sequence:
        before = Path(path).read_bytes()
        try:
            state = act(path, name, **args).state
        except AslptoError:
            assert Path(path).read_bytes() == before  # refused: nothing written
    again = record.load(path)
    assert again.state == state
