"""A board's own picture under the map: a VASL board's ``bdNN.gif`` scaled so that its hex
centres fall on the map's."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from aslpto.base.records import record
from aslpto.board.hexes import Placement
from aslpto.formats.svg.geometry import R, _Doc, _n, centre


@record
class Underlay:
    """A board's own picture, drawn under the project's layers: ``href`` (a data URI) of
    ``width`` x ``height`` pixels, the centre of hex A1 at ``(a1_x, a1_y)``, hex columns
    ``hex_width`` and rows ``hex_height`` pixels apart (a VASL board's geometry)."""

    href: str
    width: int
    height: int
    hex_width: float = 1800 / 32
    hex_height: float = 64.5
    a1_x: float = 0.0
    a1_y: float = 32.25


def draw_underlays(
    d: _Doc, placements: Iterable[Placement], underlays: Mapping[str, Underlay]
) -> None:
    """Each board's own picture, scaled so that its hex centres fall on the map's (a board
    turned 180° turns its picture about the picture's centre)."""
    d.open("g", id="pictures")
    for p in placements:
        u = underlays.get(p.board)
        if u is None:
            continue
        sx, sy = 1.5 * R / u.hex_width, math.sqrt(3.0) * R / u.hex_height
        cx, cy = centre(p.to_hex(0, 1))
        if p.rotated:
            tx, ty = cx - (u.width - u.a1_x) * sx, cy - (u.height - u.a1_y) * sy
            turn = f" rotate(180 {_n(u.width / 2)} {_n(u.height / 2)})"
        else:
            tx, ty = cx - u.a1_x * sx, cy - u.a1_y * sy
            turn = ""
        move = f"translate({_n(tx)},{_n(ty)}) scale({sx:.6f},{sy:.6f}){turn}"
        d.el(
            "image",
            href=u.href,
            x=0,
            y=0,
            width=u.width,
            height=u.height,
            preserveAspectRatio="none",
            transform=move,
        )
    d.close()
