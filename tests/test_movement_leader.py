"""A4.12: a MMC that begins its MPh stacked with a leader and moves with him gets two more MF
(``MoveOptions(with_leader=ID)``, ``--with-leader ID``); A4.72 EX: the leader adds them in the
APh too."""

from __future__ import annotations

from typing import Any

import pytest

from aslpto.base.rulings import InputError
from aslpto.procedures.movement import evaluate, reach
from aslpto.rules.movement import HALF, MoveOptions, Phase
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit
from test_movement_helpers import make_game, squad

BOARD = '[board]\nname = "37"\n[terrain]\nwoods = ["E2:E9"]\n'


def leader(uid: str, hex_: str, side: str = "U.S.", **kw: Any) -> Unit:
    nationality = "japanese" if side == "japanese" else "american"
    return Unit(uid, side, nationality, Kind.LEADER, "8-0", morale=8, hex=hex_, **kw)


def game(*units: Unit) -> Game:
    return make_game(BOARD, units=units or (squad("S", "37C3"), leader("L", "37C3")))


def refused(g: Game, uid: str, steps: list[str], opts: MoveOptions) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal and r.violation is not None
    return r.violation.rule


WITH = MoveOptions(with_leader="L")


def test_a4_12_mmc_moving_with_a_leader_gets_two_more_mf() -> None:
    r = evaluate(game(), "S", ["37C4", "37C5", "37C6", "37C7", "37C8", "37C9"], WITH)
    assert r.legal, r.violation
    assert r.allowance == 6 * HALF and "A4.12" in r.allowance_rules
    assert not evaluate(game(), "S", ["37C4", "37C5", "37C6", "37C7", "37C8"]).legal


def test_a4_12_with_double_time_eight_mf() -> None:
    r = evaluate(game(), "S", ["37C4"], MoveOptions(with_leader="L", double_time=True))
    assert r.allowance == 8 * HALF and r.cx


def test_a4_72_ex_the_leader_adds_two_mf_in_the_aph() -> None:
    r = evaluate(game(), "S", ["37C4"], MoveOptions(with_leader="L", phase=Phase.APH))
    assert r.legal and r.allowance == 6 * HALF


def test_a4_12_the_leader_must_begin_the_mph_stacked_with_it() -> None:
    g = game(squad("S", "37C3"), leader("L", "37C4"))
    assert refused(g, "S", ["37C4"], WITH) == "A4.12"


def test_a4_12_the_leader_must_be_in_the_same_location() -> None:
    g = game(squad("S", "37C3"), leader("L", "37C3", entrenched="foxhole"))
    assert refused(g, "S", ["37C4"], WITH) == "A4.12"


@pytest.mark.parametrize("status", ["broken", "pinned", "berserk"])
def test_a4_12_the_leader_must_be_able_to_move(status: str) -> None:
    flags: dict[str, Any] = {status: True}
    g = game(squad("S", "37C3"), leader("L", "37C3", **flags))
    assert refused(g, "S", ["37C4"], WITH) == "A4.12"


def test_a4_12_only_a_friendly_leader() -> None:
    g = game(squad("S", "37C3"), leader("L", "37C3", side="japanese"))
    assert refused(g, "S", ["37C4"], WITH) == "A4.12"


def test_a4_12_only_for_mmc() -> None:
    g = game(leader("M", "37C3"), leader("L", "37C3"))
    assert refused(g, "M", ["37C4"], WITH) == "A4.12"


def test_a4_12_only_infantry_on_foot() -> None:
    assert refused(game(), "S", ["37C4"], MoveOptions(with_leader="L", riding=True)) == "A4.12"


@pytest.mark.parametrize("who", ["nobody", "T"])
def test_a4_12_the_leader_named_must_be_a_leader(who: str) -> None:
    g = game(squad("S", "37C3"), squad("T", "37C3"))
    with pytest.raises(InputError):
        evaluate(g, "S", ["37C4"], MoveOptions(with_leader=who))


def test_a4_12_reach_with_the_leader_goes_farther() -> None:
    g = game()
    alone = {loc.state.hex for loc in reach(g, "S").locations}
    along = reach(g, "S", WITH)
    assert alone < {loc.state.hex for loc in along.locations}
    for loc in along.locations:
        r = evaluate(g, "S", list(loc.path), WITH)
        assert r.legal and r.mf == loc.mf and r.end == loc.state
