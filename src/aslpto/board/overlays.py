"""Overlays (G.9): where they may be placed (G.9E) and how their placement is read.

How an overlay changes the map (G.9B-G.9D, G.9F) is done while the map is built
(:func:`aslpto.board.maps.build_map`): overlays go on in SSR order, the topmost one's hexsides
count, a mapboard wall/hedge forming an overlay hexspine is kept, and X6 is a small temple.
"""

from __future__ import annotations

from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.board.files import BoardData, LocalHex, local_y
from aslpto.board.hexes import Hex, HexName, Layout


def to_axial(x: int, y: int) -> tuple[int, int]:
    """Axial coordinates (q, r) of grid hex ``(x, y)``."""
    return x, (y - x) // 2


def from_axial(q: int, r: int) -> tuple[int, int]:
    """Grid hex of axial ``(q, r)``."""
    return q, 2 * r + q


def rotate(q: int, r: int, k: int) -> tuple[int, int]:
    """Axial ``(q, r)`` turned ``k`` sixths of a turn about the origin."""
    s = -q - r
    for _ in range(k % 6):
        q, r, s = -r, -s, -q
    return q, r


def overlay_placement(data: BoardData, t0: Hex, t1: Hex) -> dict[LocalHex, Hex]:
    """Map overlay hexes onto the map so its anchor hexes land on ``t0`` and ``t1``."""
    assert data.anchor is not None
    a0, a1 = data.anchor
    aq, ar = to_axial(a0[0], local_y(*a0))
    bq, br = to_axial(a1[0], local_y(*a1))
    tq, tr = to_axial(t0.x, t0.y)
    uq, ur = to_axial(t1.x, t1.y)
    want = (uq - tq, ur - tr)
    k = next(k for k in range(6) if rotate(bq - aq, br - ar, k) == want)
    out: dict[LocalHex, Hex] = {}
    for lh in data.hexes:
        q, r = to_axial(lh[0], local_y(*lh))
        rq, rr = rotate(q - aq, r - ar, k)
        x, y = from_axial(tq + rq, tr + rr)
        out[lh] = Hex(x, y)
    return out


@record
class OverlayPlacement:
    """An overlay and where the SSR puts it: ``on = "37D2-D1"`` (anchor hexes onto those)."""

    data: BoardData
    on: str


# G.9E: overlays with restricted placement -> allowed (boards, anchor placements)
_STD = ("D2-D1", "N8-N9", "T2-T1", "DD8-DD9")
G9E_PLACEMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "1": {b: _STD for b in ("34", "35", "36", "37")},
    "2": {b: _STD for b in ("34", "35", "36", "37")},
    "3": {b: _STD for b in ("34", "35", "36", "37")},
    "4": {"34": ()},  # positioned as per A2.7: any position on board 34
    "5": {
        "34": ("K2-K1", "O9-O10"),
        "35": ("K2-K1", "O9-O10", "S2-S1", "W9-W10"),
        "37": ("K2-K1", "O9-O10", "S2-S1", "W9-W10"),
    },
}


def check_overlay_placement(layout: Layout, ov: OverlayPlacement) -> tuple[Hex, Hex]:
    """The two map hexes the overlay's anchor hexes go on; G.9E limits checked."""
    parts = ov.on.strip().split("-")
    if len(parts) != 2:
        raise InputError(f"overlay placement '{ov.on}' must name two hexes, e.g. 37D2-D1")
    first = layout.hex(parts[0])
    board = _board_of(parts[0], layout)
    second = layout.hex(parts[1] if parts[1][:1].isdigit() else f"{board}{parts[1]}")
    if not first.is_adjacent(second):
        raise InputError(f"overlay placement '{ov.on}': the two hexes are not adjacent")
    rest = ov.on.strip()[len(board) :] if ov.on.strip().startswith(board) else ov.on.strip()
    check_g9e(ov.data.overlay_id or "", board, rest)
    return first, second


def check_g9e(overlay: str, board: str, spot: str) -> None:
    """G.9E: overlays 1-5 only on the boards and at the spots it names (``spot``: the two
    placement hexes without the board, ``"D2-D1"``); an InputError saying why not."""
    allowed = G9E_PLACEMENTS.get(overlay)
    if allowed is None:
        return
    if board not in allowed:
        raise InputError(
            f"G.9E: overlay {overlay} may be used only on board(s) "
            f"{', '.join(sorted(allowed))}, not on board {board}"
        )
    spots = allowed[board]
    if spots and spot.upper() not in spots:
        raise InputError(
            f"G.9E: overlay {overlay} on board {board} may be placed only on "
            f"{', '.join(spots)}, not on {spot}"
        )


def _board_of(name: str, layout: Layout) -> str:
    """The board a placement hex names (``37D2``, ``1aK2``), or the only board's."""
    return HexName.parse(name, layout.boards[0]).board
