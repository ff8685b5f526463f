"""G.9C on the artwork: board terrain left outside a VASL overlay is Open Ground
(``aslpto.formats.vasl.slivers``), on a pixel grid written here and on the real boards."""

from __future__ import annotations

import math
from collections import Counter

from aslpto.formats.vasl.boardarchive import (
    STANDARD_GRID,
    hex_name,
    parse_hex,
    read_board_archive,
    terrain_codes,
)
from aslpto.formats.vasl.slivers import OPEN_GROUND, clear_slivers
from vaslhelp import BOARDS, VASL, needs_vasl

WOODS, BRUSH, WALL = 60, 25, 72
G = STANDARD_GRID
W, H = 1800, 645


def _blank() -> tuple[bytearray, bytearray]:
    return bytearray(W * H), bytearray(W * H)


def _disc(codes: bytearray, x0: float, y0: float, r: float, code: int) -> None:
    for x in range(math.floor(x0 - r), math.ceil(x0 + r) + 1):
        for y in range(math.floor(y0 - r), math.ceil(y0 + r) + 1):
            if (x - x0) ** 2 + (y - y0) ** 2 <= r * r:
                codes[x * H + y] = code


def _paint_hex(codes: bytearray, painted: bytearray, name: str, code: int) -> None:
    col, row = parse_hex(name)
    for x, y0, y1 in G.spans(col, row, W, H):
        for y in range(y0, y1 + 1):
            codes[x * H + y] = code
            painted[x * H + y] = 255


def _at(codes: bytearray, x: float, y: float) -> int:
    return codes[round(x) * H + round(y)]


def test_g_9c_brush_protruding_from_a_covered_hex_is_open_ground() -> None:
    codes, painted = _blank()
    (ax, ay), (bx, by) = G.centre(*parse_hex("E5")), G.centre(*parse_hex("F5"))
    mx, my = (ax + bx) / 2, (ay + by) / 2
    _disc(codes, mx, my, 12, BRUSH)  # brush across the E5/F5 hexside
    _paint_hex(codes, painted, "E5", OPEN_GROUND)  # the overlay covers E5
    n = clear_slivers(G, (W, H), codes, bytes(painted), {parse_hex("E5")}, terrain_codes())
    assert n > 100
    assert _at(codes, mx + 6 * (bx - ax) / 56.25, my + 6 * (by - ay) / 56.25) == OPEN_GROUND


def test_g_9c_a_wall_along_a_covered_hexside_is_open_ground() -> None:
    codes, painted = _blank()
    (ax, ay), (_, by) = G.centre(*parse_hex("E5")), G.centre(*parse_hex("E6"))  # E6: below
    my = (ay + by) / 2
    for x in range(round(ax - 17), round(ax + 18)):
        for y in range(round(my) - 2, round(my) + 3):
            codes[x * H + y] = WALL
    _paint_hex(codes, painted, "E5", OPEN_GROUND)
    clear_slivers(G, (W, H), codes, bytes(painted), {parse_hex("E5")}, terrain_codes())
    assert all(
        codes[x * H + y] == OPEN_GROUND
        for x in range(round(ax - 17), round(ax + 18))
        for y in range(round(my) - 2, round(my) + 3)
    )


def test_g_9c_the_hex_own_terrain_and_a_wood_running_on_stay() -> None:
    codes, painted = _blank()
    (ax, ay), (bx, by) = G.centre(*parse_hex("E5")), G.centre(*parse_hex("F5"))
    _disc(codes, bx, by, 36, WOODS)  # F5 is a woods hex: its own woods reach past the hexside
    (cx, cy) = G.centre(*parse_hex("F4"))
    # brush from E5 across F4 into G4 (uncovered): it is that terrain's own, not a sliver
    for t in range(0, 101):
        x = ax + (cx - ax) * t / 50
        y = ay + (cy - ay) * t / 50
        _disc(codes, x, y, 5, BRUSH)
    _paint_hex(codes, painted, "E5", OPEN_GROUND)
    clear_slivers(G, (W, H), codes, bytes(painted), {parse_hex("E5")}, terrain_codes())
    assert _at(codes, (ax + bx) / 2 + 2, (ay + by) / 2) == WOODS
    assert _at(codes, cx, cy) == BRUSH


def _laid(overlay: str, board: str, a: str, b: str, slivers: bool) -> bytes:
    from unittest import mock

    import aslpto.formats.vasl.overlays as ov

    assert BOARDS is not None and VASL is not None
    arc = read_board_archive(BOARDS / f"bd{board}")
    spot = ov.OverlaySpot(overlay, str(VASL / "overlays" / ov.overlay_archive_name(overlay)), a, b)
    if slivers:
        return ov.place_overlays(arc, [spot]).terrain
    with mock.patch.object(ov, "clear_slivers", lambda *_: 0):
        return ov.place_overlays(arc, [spot]).terrain


def _changes(overlay: str, board: str, a: str, b: str) -> Counter[tuple[str, str, str]]:
    raw, cut = _laid(overlay, board, a, b, False), _laid(overlay, board, a, b, True)
    names = {c.code: c.vasl for c in terrain_codes().values()}
    out: Counter[tuple[str, str, str]] = Counter()
    for i, (was, now) in enumerate(zip(raw, cut, strict=True)):
        if was != now:
            out[(hex_name(*G.pixel_to_hex(*divmod(i, H))), names[was], names[now])] += 1
    return out


@needs_vasl
def test_g_9c_overlay_3_on_34_n8_n9_brush_of_n2_n3_left_in_o2_o3() -> None:
    # the brush of 34N2/N3 (under the overlay) bulges across the N/O hexsides into the woods
    # hexes O2 and O3: those bulges are Open Ground, and nothing else changes there
    got = _changes("3", "34", "N8", "N9")
    assert got[("O2", "Brush", "Open Ground")] > 100
    assert got[("O3", "Brush", "Open Ground")] > 100
    assert {k[0] for k in got} <= {"O2", "O3", "F10"}


@needs_vasl
def test_g_9c_overlay_3_on_36_t2_t1_the_wood_of_ee8_ee9_stays() -> None:
    # 36EE9's centre dot lies in a clearing of a wood that runs on through EE8 and FF8: the
    # wood is not a sliver of the covered DD9 although it touches it
    got = _changes("3", "36", "T2", "T1")
    assert not any(k[0] in ("EE8", "EE9", "FF8") for k in got)


@needs_vasl
def test_g_9c_overlays_1_and_2_leave_no_slivers_on_34_37() -> None:
    # their pictures reach past the hexsides they cover: no board terrain is left beside them
    assert not _changes("1", "37", "D2", "D1")
    assert not _changes("2", "35", "N8", "N9")


@needs_vasl
def test_g_9c_a_grain_hex_keeps_its_own_speckled_grain() -> None:
    # 34EE10 is a grain hex (its field drawn with specks of open ground) beside overlay 3 on
    # DD8-DD9: its grain touches the covered hexside but is its own terrain, not a sliver
    got = _changes("3", "34", "DD8", "DD9")
    assert not any(k[0] == "EE10" for k in got)
