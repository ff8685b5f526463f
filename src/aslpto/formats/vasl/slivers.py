"""G.9C on a real board: board terrain left showing just outside a VASL overlay is Open Ground.

G.9C: "Once positioned onboard, only the overlay's ... hexsides and vertices - not those
covered over by it - matter for rules purposes. In addition, treat any extraneous terrain (e.g.,
a sliver of wall/hedge/building not completely covered by the overlay; a portion of brush/water
terrain protruding into an adjacent hex of another terrain type) as Open Ground."

On the pixel grid of a board with overlays placed (:func:`~aslpto.formats.vasl.overlays.
place_overlays`), in each hex outside the overlays that borders a hex they cover, a *board*
pixel (one no overlay painted) is extraneous when its terrain is not the hex's own (the most
common terrain among the pixels within 6 of its centre dot) and:

- it is hexside terrain (wall, hedge, bocage, cliff, ...) lying along a covered hexside (within
  a third of a hex's side of the hexside line, between its vertices): the board's half of a
  hexside the overlay now owns;
- or it is area terrain (building, brush, woods, water, ...) in a patch that touches a covered
  hexside and, within the hex, reaches no hexside of another hex the overlays left uncovered:
  terrain of a covered hex protruding into its neighbour. A patch running on into an uncovered
  hex is that terrain's own (a wood spread over several hexes stays a wood).

Each becomes Open Ground; roads, paths and the other in-hex features are left as drawn, and so
are levels. Terrain of the hex's own kind is never extraneous, whatever it touches.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache

from aslpto.formats.vasl.boardarchive import HexGrid, TerrainCode

OPEN_GROUND = 0
"""VASL's code for Open Ground."""
_TOUCH = 3.0
"""How near (pixels) to a covered hexside line a patch must come to be protruding across it."""


Word = tuple[str, str] | None
"""A code's ("terrain", word) or ("hexside", word); None for a code left as drawn."""


def _word(meanings: Mapping[int, TerrainCode], code: int) -> Word:
    """(kind, word) of a code: ("terrain", word) or ("hexside", word); None for codes left
    as drawn (features, ignored codes, unknown codes)."""
    m = meanings.get(code)
    if m is None or m.ignore:
        return None
    if m.terrain is not None:
        return ("terrain", m.terrain)
    if m.hexside is not None:
        return ("hexside", m.hexside)
    return None


_DOT = tuple((dx, dy) for dx in range(-6, 7) for dy in range(-6, 7) if dx * dx + dy * dy <= 36)
"""The pixels read around a centre dot for a hex's own terrain (every one within 6: a grain
field's specks of open ground must not outvote it)."""


def _own(
    words: Sequence[Word], codes: bytearray, width: int, height: int, cx: float, cy: float
) -> Word:
    """The hex's own terrain: the most common terrain around its centre dot (a textured terrain
    such as grain is drawn with specks of open ground; a half hex's dot lies on the edge)."""
    x0 = min(max(round(cx), 0), width - 1)
    y0 = min(max(round(cy), 0), height - 1)
    count: dict[tuple[str, str], int] = {}
    for dx, dy in _DOT:
        x, y = x0 + dx, y0 + dy
        if 0 <= x < width and 0 <= y < height:
            w = words[codes[x * height + y]]
            if w is not None:
                count[w] = count.get(w, 0) + 1
    centre = words[codes[x0 * height + y0]]
    if not count or (centre is not None and count.get(centre) == max(count.values())):
        return centre
    return max(count, key=count.__getitem__)


@lru_cache(maxsize=64)
def _kinds(words: tuple[Word, ...], own: Word) -> bytes:
    """Per code, 0: left as drawn (the hex's own terrain, Open Ground, features, ignored
    codes); 1: hexside terrain; 2: area terrain (a table for ``bytes.translate``)."""
    return bytes(
        0 if w is None or w == own or w[1] == "open-ground" else 1 if w[0] == "hexside" else 2
        for w in words
    )


def clear_slivers(
    grid: HexGrid,
    size: tuple[int, int],
    codes: bytearray,
    painted: bytes,
    covered: Iterable[tuple[int, int]],
    meanings: Mapping[int, TerrainCode],
) -> int:
    """Make the extraneous board terrain around the ``covered`` hexes Open Ground, in place.

    ``codes`` and ``painted`` (non-zero where an overlay painted the pixel) hold the board's
    ``size = (width, height)`` pixels column by column. Returns how many pixels changed."""
    width, height = size
    covered = set(covered)
    side = grid.hex_width / 1.5  # a hexside's length (flat-topped hexes of the same width)
    band = side / 3
    changed = 0
    borders: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for k in covered:
        for n in _around(grid, k):
            if n not in covered:
                borders.setdefault(n, []).append(k)
    words = tuple(_word(meanings, c) for c in range(256))
    for h, ks in sorted(borders.items()):
        changed += _clear_hex(
            grid, width, height, codes, painted, h, ks, side, band, words, covered
        )
    return changed


def _around(grid: HexGrid, h: tuple[int, int]) -> list[tuple[int, int]]:
    """The board hexes adjacent to ``h`` (centres one hex apart)."""
    cx, cy = grid.centre(*h)
    out = []
    for c in (h[0] - 1, h[0], h[0] + 1):
        for r in (h[1] - 1, h[1], h[1] + 1):
            if (c, r) != h and grid.is_hex(c, r):
                nx, ny = grid.centre(c, r)
                if math.hypot(nx - cx, ny - cy) < 1.2 * grid.hex_height:
                    out.append((c, r))
    return out


def _clear_hex(
    grid: HexGrid,
    width: int,
    height: int,
    codes: bytearray,
    painted: bytes,
    h: tuple[int, int],
    ks: list[tuple[int, int]],
    side: float,
    band: float,
    words: tuple[Word, ...],
    covered: set[tuple[int, int]],
) -> int:
    cx, cy = grid.centre(*h)
    near = 1.2 * grid.hex_height
    rivals = [
        (rx, ry)
        for rx, ry in (
            grid._centre(c, r)
            for c in range(h[0] - 1, h[0] + 2)
            for r in range(h[1] - 1, h[1] + 2)
            if (c, r) != h
        )
        if math.hypot(rx - cx, ry - cy) < near
    ]

    def inside(x: int, y: int) -> bool:
        d = (x - cx) ** 2 + (y - cy) ** 2
        return all(d <= (x - rx) ** 2 + (y - ry) ** 2 for rx, ry in rivals)

    strips = []  # per covered hexside: its midpoint, the unit normal toward it, its tangent
    for k in ks:
        kx, ky = grid.centre(*k)
        dist = math.hypot(kx - cx, ky - cy)
        nx, ny = (kx - cx) / dist, (ky - cy) / dist
        strips.append(((cx + kx) / 2, (cy + ky) / 2, nx, ny, -ny, nx))
    half = side / 2 + 1
    reach = max(half, band)

    def columns(kinds: bytes) -> Iterator[tuple[int, int, bytes, bytes, tuple[float, ...]]]:
        """(x, first y, kinds, painted) of the strips' pixel columns holding a candidate."""
        for strip in strips:
            mx, my = strip[0], strip[1]
            y0 = max(math.floor(my - reach), 0)
            y1 = min(math.ceil(my + reach), height - 1) + 1
            for x in range(
                max(math.floor(mx - reach), 0), min(math.ceil(mx + reach), width - 1) + 1
            ):
                column = x * height
                run = bytes(codes[column + y0 : column + y1]).translate(kinds)
                free = bytes(painted[column + y0 : column + y1])
                if int.from_bytes(run, "big") & ~int.from_bytes(free, "big"):
                    yield x, y0, run, free, strip

    if next(columns(_kinds(words, None)), None) is None:
        return 0  # (most hexes: open ground and the overlay only; the hex's own is not read)
    own = _own(words, codes, width, height, cx, cy)
    changed = 0
    seeds: list[tuple[int, int]] = []
    for x, y0, run, free, (mx, my, nx, ny, tx, ty) in columns(_kinds(words, own)):
        for off in [j for j, k in enumerate(run) if k and not free[j]]:
            y = y0 + off
            across = (x - mx) * nx + (y - my) * ny  # <= 0 on this hex's side
            if across < -band or abs((x - mx) * tx + (y - my) * ty) > half or not inside(x, y):
                continue
            if run[off] == 1:
                codes[x * height + y] = OPEN_GROUND
                changed += 1
            elif across >= -_TOUCH:
                seeds.append((x, y))
    seen: set[tuple[int, int]] = set()
    for seed in seeds:
        if seed not in seen:
            changed += _clear_patch(
                grid, width, height, codes, painted, seed, inside, h, covered, seen
            )
    return changed


def _clear_patch(
    grid: HexGrid,
    width: int,
    height: int,
    codes: bytearray,
    painted: bytes,
    seed: tuple[int, int],
    inside: Callable[[int, int], bool],
    h: tuple[int, int],
    covered: set[tuple[int, int]],
    seen: set[tuple[int, int]],
) -> int:
    """Area terrain protruding across a covered hexside: the patch within the hex, unless it
    runs on into another hex the overlay did not cover (then it is that terrain's own). The
    patch's pixels are added to ``seen``."""
    x, y = seed
    code = codes[x * height + y]
    if code == OPEN_GROUND:
        return 0
    patch = {seed}
    stack = [seed]
    escaped = False
    while stack:
        x, y = stack.pop()
        for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            px, py = p
            if p in patch or not (0 <= px < width and 0 <= py < height):
                continue
            j = px * height + py
            if codes[j] != code or painted[j]:
                continue
            if not inside(px, py):
                other = grid.pixel_to_hex(px, py)
                if other != h and other not in covered:
                    escaped = True  # it goes on into a hex the overlay left
                continue
            patch.add(p)
            stack.append(p)
    seen |= patch
    if escaped:
        return 0
    for px, py in patch:
        codes[px * height + py] = OPEN_GROUND
    return len(patch)
