"""Games built inline for the movement tests (board 37 around the G9.3 illustration)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from aslpto.base.tomlsource import TomlSource
from aslpto.board.files import parse_board
from aslpto.board.hexes import Layout
from aslpto.board.maps import JungleType, RiverDepth
from aslpto.rules.movement import MoveOptions, Phase
from aslpto.rules.pto.terrain import build_map
from aslpto.state.game import EC, Conditions, Fortification, FortKind, Game, PaddyState, Panji, Side
from aslpto.state.units import Kind, Unit, UnitClass, VehicleType

# Board 37 as the G9 examples need it: jungle (woods under PTO Terrain) around DD7/EE7.
G9_BOARD = """
[board]
name = "37"
[terrain]
woods = ["BB5:GG10"]
"""


def make_game(
    board: str = G9_BOARD,
    *,
    conditions: Conditions | None = None,
    units: Iterable[Unit] = (),
    panjis: Iterable[tuple[str, str, Iterable[str], bool]] = (),
    forts: Iterable[tuple[str, FortKind, str, int]] = (),
    named_forts: Iterable[tuple[str, FortKind, str]] = (),
) -> Game:
    """A game on board 37. ``panjis``: (id, hex, covered hexsides, hidden); ``forts``: (hex,
    kind, unused, strength), ids made up; ``named_forts``: (id, kind, hex), Japanese."""
    conds = conditions or Conditions(pto_terrain=True, jungle=JungleType.LIGHT)
    data = parse_board(TomlSource.parse(board, "<board 37>"))
    lay = Layout.single("37")
    m = build_map(lay, {"37": data}, conditions=conds.map_conditions())
    ps: dict[str, Panji] = {}
    for pid, h, covered, hidden in panjis:
        ps[pid] = Panji(
            pid,
            m.hex(h),
            frozenset(lay.hexside(c) for c in covered),
            side="japanese",
            hidden=hidden,
        )
    fs = tuple(
        Fortification(f"{k.value}{i}", k, m.hex(h), "japanese", strength=n)
        for i, (h, k, _, n) in enumerate(forts)
    ) + tuple(Fortification(fid, k, m.hex(h), "japanese") for fid, k, h in named_forts)
    return Game(
        map=m,
        conditions=conds,
        sides=(Side("japanese", "japanese", defender=True), Side("american", "american")),
        units={u.id: u for u in units},
        panjis=ps,
        fortifications=fs,
    )


def squad(uid: str, hex_: str, position: str = "ground", **kw: Any) -> Unit:
    return Unit(
        uid,
        "U.S.",  # the side of the example scenarios' U.S. units
        "american",
        Kind.SQUAD,
        "6-6-6",
        UnitClass.FIRST_LINE,
        morale=7,
        hex=hex_,
        position=position,
        **kw,
    )


def vehicle(uid: str, hex_: str, vt: VehicleType, mp: int = 16) -> Unit:
    """An American vehicle of type ``vt`` (an AFV when fully tracked) with ``mp`` MP."""
    return Unit(
        uid,
        "U.S.",
        "american",
        Kind.VEHICLE,
        "x",
        hex=hex_,
        vehicle_type=vt,
        mf=mp,
        afv=vt == VehicleType.FULLY_TRACKED,
    )


def cavalry(uid: str, hex_: str, mf: int = 12) -> Unit:
    """An American Cavalry unit with ``mf`` MF."""
    return Unit(uid, "american", "american", Kind.CAVALRY, "x", hex=hex_, mf=mf)


def g9_game(hidden_c: bool = False, **kw: Any) -> Game:
    """The G9.3 illustration: Panji A in 37EE7 covering EE7-EE8; Panji C in 37DD7 covering
    DD7-CC8, DD7-DD8, DD7-EE8."""
    units = kw.pop(
        "units",
        (
            squad("A", "37EE8"),
            squad("B", "37EE7", "beneath-panji"),
            squad("C", "37DD6"),
            squad("D", "37DD6"),
            squad("E", "37DD7", "beneath-panji"),
        ),
    )
    return make_game(
        units=units,
        panjis=[
            ("A", "37EE7", ["37EE7-EE8"], False),
            ("C", "37DD7", ["37DD7-CC8", "37DD7-DD8", "37DD7-EE8"], hidden_c),
        ],
        **kw,
    )


__all__ = [
    "EC",
    "MOVE_OPTIONS",
    "PaddyState",
    "RiverDepth",
    "cavalry",
    "g9_game",
    "make_game",
    "squad",
    "vehicle",
]


MOVE_OPTIONS = [
    MoveOptions(),
    MoveOptions(double_time=True),
    MoveOptions(assault=True),
    MoveOptions(phase=Phase.APH),
    MoveOptions(low_crawl=True),
]
"""The ways of moving the reach and pricing tests try each unit in."""


# A board file with paddies, woods, a river, a hedge and a hill (the movement tests' own).
PADDY_BOARD = """
[board]
name = "37"
[terrain]
paddy = ["C3:F6"]
woods = ["G3:H5"]
river = ["J2..J8"]
[paddies]
open = ["F5-G5", "C3-C4"]
[hexsides]
hedge = ["G6-H6"]
[levels]
1 = ["H6:I7"]
"""
