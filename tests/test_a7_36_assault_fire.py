"""A7.36 Assault Fire belongs to squads whose FP is underscored, of any nationality: the EX's
two German 5-4-8 in the AFPh at an ADJACENT concealed target have eight FP."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslpto.base import unchecked
from aslpto.base.records import replace
from aslpto.formats import scenario
from aslpto.procedures.fire import FireOptions, Phase, breakdown
from aslpto.state.counters import make
from aslpto.state.game import Game
from aslpto.state.units import Kind

ROOT = Path(__file__).resolve().parent.parent
AFPH = FireOptions(phase=Phase.ADVANCING)


@pytest.fixture(scope="module")
def game() -> Game:
    """paddy-river.toml with U2 and its leader concealed in 32N9 (Open Ground), and two German
    squads ADJACENT in 32N10 (Open Ground) on the Japanese side."""
    g = scenario.load(str(ROOT / "examples" / "paddy-river.toml"))
    units = dict(g.units)
    for uid in ("U2", "UL"):
        units[uid] = units[uid].with_(concealed=True)
    for uid, face in (("G1", "5-4-8"), ("G2", "5-4-8"), ("G3", "4-6-7")):
        units[uid] = make(uid, "german", Kind.SQUAD, face=face, side="Japanese", hex="32N10")
    return replace(g, units=units)


def test_a7_36_ex_two_5_4_8_at_an_adjacent_concealed_target_have_eight_fp(game: Game) -> None:
    """(5 x 2 PBF) / 2 AFPh / 2 concealed = 2 1/2, +1 Assault Fire = 3 1/2, rounded up to 4; two
    squads: 8."""
    unchecked.begin()
    b = breakdown(game, ["G1", "G2"], "32N9", AFPH)
    assert b.fp_total == 8
    assert [i.unit for i in b.fp if i.rule == "A7.36"] == ["G1", "G2"]
    assert any("assault_fire_faces" in t for t in unchecked.taken())


def test_a7_36_a_squad_without_underscored_fp_has_no_assault_fire(game: Game) -> None:
    b = breakdown(game, ["G3"], "32N9", AFPH)
    assert not any(i.rule == "A7.36" for i in b.fp)
    assert b.fp_total == 2  # 4 x 2 / 2 / 2


def test_a7_36_no_assault_fire_outside_the_afph(game: Game) -> None:
    b = breakdown(game, ["G1"], "32N9", FireOptions(phase=Phase.PREP))
    assert not any(i.rule == "A7.36" for i in b.fp)
