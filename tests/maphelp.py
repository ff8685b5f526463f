"""Small inline boards for map tests."""

from __future__ import annotations

from typing import TypedDict, Unpack

from aslpto.base.tomlsource import TomlSource
from aslpto.board.cells import JungleType, RiverDepth
from aslpto.board.files import BoardData, parse_board
from aslpto.board.hexes import Layout
from aslpto.board.maps import Map, MapConditions
from aslpto.board.overlays import OverlayPlacement
from aslpto.rules.pto.terrain import build_map


class MapConditionFields(TypedDict, total=False):
    """The fields of ``MapConditions`` as keywords of the helpers below."""

    pto_terrain: bool
    jungle: JungleType
    river_depth: RiverDepth
    sub_zero: bool


def board(text: str, name: str = "test.toml") -> BoardData:
    return parse_board(TomlSource.parse("[board]\n" + text, name))


def overlay(text: str, name: str = "ov.toml") -> BoardData:
    return parse_board(TomlSource.parse(text, name), overlay=True)


def one_board(text: str, number: str = "37", **cond: Unpack[MapConditionFields]) -> Map:
    return build_map(
        Layout.single(number),
        {number: board(text)},
        conditions=MapConditions(**cond),
    )


def with_overlays(
    text: str, *ovs: tuple[BoardData, str], number: str = "37", **cond: Unpack[MapConditionFields]
) -> Map:
    return build_map(
        Layout.single(number),
        {number: board(text)},
        overlays=tuple(OverlayPlacement(d, on) for d, on in ovs),
        conditions=MapConditions(**cond),
    )
