"""Any JSON sent to play an action of the page's game is played, refused with its rule, or
answered 4xx in one line - never an exception of another kind (a 500) - and what is not played
leaves the record as it was."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.procedures.game import ACTIONS
from aslpto.web import play
from aslpto.web.referee import BadRequest, Games, Referee
from web.conftest import EXAMPLES

WORDS = st.sampled_from(
    [
        *("U1", "U3", "U4", "J1", "JL", "J6", "ZZ", "32N9", "32M9", "32O5", "32A1", "32ZZ9"),
        *(":bank", "32N9:bank", "", " ", "1,5 4,1", "6,6", "x", "attacker", "defender", "-1"),
    ]
)
VALUES = st.one_of(
    WORDS,
    st.booleans(),
    st.integers(-3, 12),
    st.none(),
    st.lists(WORDS, max_size=3),
    st.dictionaries(
        st.sampled_from(["double_time", "leader", "no_leader", "area_fire", "hand_to_hand", "x"]),
        st.one_of(WORDS, st.booleans()),
        max_size=2,
    ),
)
ARGS = st.dictionaries(
    st.sampled_from(
        ["unit", "steps", "firers", "target", "units", "n", "drm", "location", "options", "x"]
    ),
    VALUES,
    max_size=4,
)
BODIES = st.one_of(
    st.fixed_dictionaries(
        {"action": st.sampled_from([*ACTIONS, "fly", ""]), "args": ARGS},
        optional={"dice": st.one_of(st.none(), WORDS, st.integers(0, 6))},
    ),
    st.dictionaries(st.sampled_from(["action", "args", "dice", "other"]), VALUES, max_size=3),
    st.lists(WORDS, max_size=2),
    st.none(),
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[play.Played]:
    folder = tmp_path_factory.mktemp("fuzz")
    shutil.copy(EXAMPLES / "paddy-river.toml", folder / "paddy-river.toml")
    ref = Referee.load(folder / "paddy-river.toml")
    got = play.start(ref, Games(ref), {"seed": 5})
    assert isinstance(got.played, play.Played)
    for _ in range(2):  # (the MPh: a move's steps and a First Fire's target are read)
        got.played.play("end-phase", {}, None)
    yield got.played


def test_any_action_sent_is_played_refused_or_answered_in_one_line(played: play.Played) -> None:
    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(BODIES)
    def check(body: Any) -> None:
        path = Path(played.path)
        before = path.read_bytes()
        try:
            name, args, dice = play.action_of(body)
            got = played.play(name, args, dice)
        except BadRequest as e:
            assert 400 <= e.status < 500 and "\n" not in e.message
            assert path.read_bytes() == before
            return
        if not got["applied"]:
            assert got["violation"]["rule"] and path.read_bytes() == before
            return
        assert path.read_bytes().startswith(before) and got["actions"] == played.actions
        played.undo()  # (the game kept where it was: each body tried on the same position)
        assert path.read_bytes() == before

    check()
