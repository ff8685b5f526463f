"""Helpers for the LOS tests: inline boards and one-line LOS questions (no tests here)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Unpack

from aslpto.board.hexes import Layout
from aslpto.board.maps import Map
from aslpto.rules.los import Blocker, LosEngine, LosResult, parse_location
from aslpto.rules.los.thread import hexes_crossed
from aslpto.state.game import Conditions, Game, Panji, Side
from aslpto.state.units import Kind, Unit
from maphelp import MapConditionFields, one_board

LAYOUT = Layout.single("37")


def board_map(text: str = "", **cond: Unpack[MapConditionFields]) -> Map:
    """Board 37 from inline board TOML (the ``[board]`` header is added)."""
    return one_board(text, **cond)


def check(
    m: Map,
    a: str,
    b: str,
    cond: Conditions | None = None,
    *,
    entrenched: tuple[bool, bool] = (False, False),
    panjis: tuple[str, ...] = (),
) -> LosResult:
    """LOS between two location strings (``37C1@2``, ``37F6:bank``) on map ``m``."""
    eng = LosEngine(m, cond, panji_hexes=[m.hex(p) for p in panjis])
    la, lb = parse_location(m, a), parse_location(m, b)
    la = replace(la, entrenched=entrenched[0])
    lb = replace(lb, entrenched=entrenched[1])
    return eng.check(la, lb)


def blocker(r: LosResult) -> Blocker:
    """What blocks the LOS ``r``, which is blocked."""
    assert r.blocked_by is not None, r
    return r.blocked_by


def crossed(a: str, b: str) -> list[str]:
    """Names of the hexes the thread runs through, ends excluded (board 37)."""
    hs = hexes_crossed(LAYOUT.hex(a), LAYOUT.hex(b))
    return [LAYOUT.name(h) for h in hs[1:-1]]


def unit(uid: str, side: str, hex_: str, kind: Kind = Kind.SQUAD, **kw: Any) -> Unit:
    nat = "japanese" if side == "Japanese" else "american"
    return Unit(uid, side, nat, kind, "4-4-7", hex=hex_, **kw)


def game(
    m: Map, *units: Unit, panjis: tuple[Panji, ...] = (), cond: Conditions | None = None
) -> Game:
    return Game(
        map=m,
        conditions=cond or Conditions(pto_terrain=m.conditions.pto_terrain),
        sides=(Side("Japanese", "japanese", defender=True), Side("U.S.", "american")),
        units={u.id: u for u in units},
        panjis={p.id: p for p in panjis},
    )
