"""Any JSON object sent to a query is answered or refused with one line: never an exception
of another kind (a 500)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.web.referee import QUERIES, BadRequest, Referee
from web.conftest import EXAMPLES

REF = Referee.load(EXAMPLES / "panji-g9.toml")
FIRE_REF = Referee.load(EXAMPLES / "paddy-river.toml")
"""A fire needs an enemy to fire at: paddy-river's Japanese and U.S. units."""
CC_REF = FIRE_REF.placed({"unit": "U1", "hex": "32N6"})
"""A CC needs both sides in one Location: U1 put into 32N6, where J3 is."""
REFS = {"fire": FIRE_REF, "cc": CC_REF}
FIELDS = {c: [f["name"] for f in fs] for c, fs in REF.fields().items()}
WORDS = st.sampled_from(
    [
        "A",
        "B",
        "E",
        "tank",
        "37EE7",
        "37DD7",
        "37CC8",
        "37EE8",
        ":above",
        ":beneath",
        ":bank",
        ":in",
        "37DD7/EE8",
        "37EE7=11",
        "37A0",
        "37ZZ1",
        "37EE7@2",
        "37DD7:bank",
        "mph",
        "aph",
        "panji",
        "mc",
        "nmc",
        "ptc",
        "gun",
        "-1",
        "0",
        "3",
        "",
        " ",
        "99999999999999999999",
        "hara-kiri",
        "th-hero",
        "atmm",
        "sniper",
        "6,6",
        "1,1 2",
        "x:y:z",
        "37EE7:tunnel",
        "37EE7:breach",
        # fire (paddy-river): firers, targets, phases
        "U1",
        "U1,U2",
        "U1,U2,UL",
        "U2,UL",
        "J1,JL",
        "J3",
        "JL",
        "UL",
        "32N6",
        "32M5",
        "32N6:bank",
        "U1,J1",
        "U1,",
        "prep",
        "defensive-first",
        "final",
        "advancing",
        "3,4 2,3",
        "7",
        # cc: locations, sides, who Ambushed
        "U.S.",
        "Japanese",
        "japanese",
        "Germans",
        "attacker",
        "defender",
        "3,4 2,2",
        "6,6 1,1",
    ]
)
VALUES = st.one_of(
    WORDS,
    st.booleans(),
    st.integers(-5, 20),
    st.none(),
    st.lists(WORDS, max_size=4),
    st.text(max_size=8),
)


FIRERS = st.sampled_from(["U1", "U1,U2", "U1,U2,UL", "U2,UL", "UL", "J1,JL", "J3", "U1,J1"])
TARGETS = st.sampled_from(["32N6", "J3", "J2", "J1", "32M5", "U2", "32N9", "32N6:bank", "32O5"])
LOCATIONS = st.sampled_from(["32N6", "U1", "J3", "32M5", "J1", "32N6:bank", "32ZZ1", "U.S."])


def bodies(command: str) -> st.SearchStrategy[dict[str, Any]]:
    keys = st.sampled_from([*FIELDS[command], "nonsense"])
    rest = st.dictionaries(keys, VALUES, max_size=6)
    if command == "cc":  # most random bodies name no Location; these name one, then anything
        where = st.fixed_dictionaries({"location": LOCATIONS})
        return st.one_of(rest, st.tuples(rest, where).map(lambda rw: {**rw[0], **rw[1]}))
    if command != "fire":
        return rest
    # most random bodies fire at nobody; these name firers and a target, then anything
    aimed = st.fixed_dictionaries({"firers": FIRERS, "target": TARGETS})
    return st.one_of(rest, st.tuples(rest, aimed).map(lambda ra: {**ra[0], **ra[1]}))


@pytest.mark.parametrize("command", QUERIES)
def test_any_request_is_answered_or_refused_in_one_line(command: str) -> None:
    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(bodies(command))
    def check(body: dict[str, Any]) -> None:
        ref = REFS.get(command, REF)
        before = ref.game
        try:
            got = ref.ask(command, body)
        except BadRequest as e:
            assert 400 <= e.status < 500 and "\n" not in e.message
        else:
            assert isinstance(got, dict)
        assert ref.game is before

    check()
