"""Panji procedures re-read sentence by sentence: G9.4 (LOS traced when not given), G9.53,
G9.7 (removal in a paddy hex), bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures import actions as act
from aslpto.rules.panji import effects as pe
from aslpto.state.game import Conditions, Game, Panji, Side
from aslpto.state.units import Kind, Unit
from maphelp import one_board


def unit(uid: str, side: str, hex_: str, **kw: Any) -> Unit:
    nat = "japanese" if side == "Japanese" else "american"
    return Unit(uid, side, nat, Kind.SQUAD, "4-4-7", hex=hex_, **kw)


def world(text: str, *units: Unit, panji_hex: str = "37C7", covered: str = "37C7-C6") -> Game:
    m = one_board(text, pto_terrain=True)
    s = m.layout.hexside(covered)
    p = Panji("A", m.hex(panji_hex), frozenset({s}), side="Japanese", hidden=True, top=s)
    return Game(
        m,
        Conditions(pto_terrain=True),
        sides=(Side("Japanese", "japanese", defender=True), Side("U.S.", "american")),
        units={u.id: u for u in units},
        panjis={"A": p},
    )


def test_g9_4_owner_entry_traces_the_enemy_los_when_not_given() -> None:
    seen = world("", unit("J", "Japanese", "37C6"), unit("U", "U.S.", "37C1"))
    r = pe.revealed_by_entry(seen, seen.panjis["A"], seen.unit("J"), "37C6")
    assert r.value and r.rules == ("G9.4",) and "U" in r.why
    hidden = world(
        '[terrain]\nwoods = ["C4"]', unit("J", "Japanese", "37C6"), unit("U", "U.S.", "37C1")
    )
    assert not pe.revealed_by_entry(hidden, hidden.panjis["A"], hidden.unit("J"), "37C6").value
    broken = world("", unit("J", "Japanese", "37C6"), unit("U", "U.S.", "37C1", broken=True))
    assert not pe.revealed_by_entry(broken, broken.panjis["A"], broken.unit("J"), "37C6").value
    # an explicit answer still wins
    assert not pe.revealed_by_entry(
        seen, seen.panjis["A"], seen.unit("J"), "37C6", enemy_los=False
    ).value


def test_g9_4_entry_from_a_hex_not_adjacent_is_input_error() -> None:
    g = world("", unit("J", "Japanese", "37C6"))
    with pytest.raises(InputError):
        pe.revealed_by_entry(g, g.panjis["A"], g.unit("J"), "37C2")


def test_g9_53_concealment_dr_traced_los() -> None:
    above = unit("J", "Japanese", "37C7", position="above-panji")
    g = world("", above, unit("U", "U.S.", "37C1"))
    with pytest.raises(RuleViolation) as e:
        pe.verify_concealment_dr(above, game=g)
    assert e.value.rule == "G9.53"
    assert not act.can(g, act.GainConcealment("J"))
    blind = world('[terrain]\nwoods = ["C4"]', above, unit("U", "U.S.", "37C1"))
    pe.verify_concealment_dr(above, game=blind)
    assert act.can(blind, act.GainConcealment("J"))
    with pytest.raises(InputError):
        pe.verify_concealment_dr(above)


def test_g9_7_removal_in_a_paddy_hex_leaves_units_in_the_paddy() -> None:
    m = one_board('[terrain]\npaddy = ["C6:C8"]', pto_terrain=True)
    s = m.layout.hexside("37C7-C6")
    g = Game(
        m,
        Conditions(pto_terrain=True),
        units={
            "J": unit("J", "Japanese", "37C7", position="above-panji"),
            "K": unit("K", "Japanese", "37C7", position="beneath-panji"),
        },
        panjis={"A": Panji("A", m.hex("37C7"), frozenset({s}), side="Japanese")},
    )
    out = pe.remove_panji(g, "A")
    assert out.panjis == {}
    # above a Panji counter in a paddy hex a unit is IN the hex (G8 FORTIFICATIONS); with the
    # counter gone it is simply IN the paddy, never above a Bank counter or "ground"
    assert out.unit("J").position == "in" and out.unit("K").position == "in"
    assert pe.uncover(g, "A", (s,)).unit("J").position == "in"


def test_g9_7_unknown_panji_is_input_error() -> None:
    g = world("")
    calls: tuple[Callable[[], object], ...] = (
        lambda: pe.uncover(g, "Z", ()),
        lambda: pe.apply_uncovered(g, "Z", frozenset({g.map.layout.hexside("37C7-C6")})),
        lambda: pe.remove_panji(g, "Z"),
    )
    for f in calls:
        with pytest.raises(InputError):
            f()
