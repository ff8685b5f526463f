"""Hex names and the hex grid of a VASL board: where each hex of a geomorphic board lies on
its pixel picture. Part of :mod:`aslpto.formats.vasl.boardarchive`, which names these too.

Hexes are ``(col, row)``: column 0 is A, 25 is Z, 26 is AA, ..., 32 is GG; rows as printed.

>>> hex_name(29, 7)
'DD7'
>>> parse_hex("dd7")
(29, 7)
>>> hex_centre(0, 1)
(0.0, 32.25)
>>> pixel_to_hex(1631, 451)
(29, 7)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from aslpto.base.records import record

__all__ = ["STANDARD_GRID", "HexGrid", "hex_centre", "hex_name", "parse_hex", "pixel_to_hex"]

# A standard geomorphic board: 33 x 10 hexes on a 1800 x 645 pixel picture.
GEO_COLUMNS = 33
GEO_ROWS = 10
GEO_GRID_WIDTH = 1800
GEO_GRID_HEIGHT = 645

_HEX_NAME = re.compile(r"([A-Z])\1*(\d+)", re.IGNORECASE)


def hex_name(col: int, row: int) -> str:
    """The printed name of hex ``(col, row)``: ``(0, 1)`` is A1, ``(29, 7)`` DD7."""
    if col < 0 or row < 0:
        raise ValueError(f"no hex name for column {col}, row {row}")
    return chr(ord("A") + col % 26) * (col // 26 + 1) + str(row)


def parse_hex(name: str) -> tuple[int, int]:
    """``(col, row)`` of a printed hex name such as ``"DD7"`` (any case)."""
    m = _HEX_NAME.fullmatch(name.strip())
    if m is None:
        raise ValueError(f"'{name}' is not a hex name (letters then a row, e.g. DD7)")
    letters = len(name.strip()) - len(m.group(2))
    return 26 * (letters - 1) + ord(m.group(1).upper()) - ord("A"), int(m.group(2))


@record(slots=True)
class HexGrid:
    """Where the hexes of a board lie on its pixel grid.

    Columns count from 0 (A). Columns A, C, E, ... hold rows 1 to ``rows``; columns B, D, ...
    hold rows 0 to ``rows`` and lie half a hex lower, so that their rows 0 and ``rows`` are half
    hexes cut by the board edges. ``alt_hex_grain`` swaps the two kinds of column (VASL's
    ``altHexGrain``: A0 at the top left, B1 higher than A1).
    """

    columns: int = GEO_COLUMNS
    rows: int = GEO_ROWS
    hex_width: float = GEO_GRID_WIDTH / (GEO_COLUMNS - 1)  # 56.25: centre to centre across
    hex_height: float = GEO_GRID_HEIGHT / GEO_ROWS  # 64.5: centre to centre down a column
    a1_x: float = 0.0  # the centre of A1
    a1_y: float = GEO_GRID_HEIGHT / GEO_ROWS / 2
    alt_hex_grain: bool = False

    def rows_in(self, col: int) -> range:
        """The printed rows of column ``col`` (empty when the column is off the board)."""
        if not 0 <= col < self.columns:
            return range(0)
        has_row_0 = (col % 2 == 1) != self.alt_hex_grain
        return range(0 if has_row_0 else 1, self.rows + 1)

    def is_hex(self, col: int, row: int) -> bool:
        return row in self.rows_in(col)

    def hexes(self) -> Iterator[tuple[int, int]]:
        """Every hex of the board, column by column, top to bottom."""
        for col in range(self.columns):
            for row in self.rows_in(col):
                yield col, row

    def _dy(self, col: int) -> float:
        if col % 2 == 0:
            return 0.0
        return -self.hex_height / 2 if self.alt_hex_grain else self.hex_height / 2

    def _centre(self, col: int, row: int) -> tuple[float, float]:
        return (
            self.a1_x + self.hex_width * col,
            self.a1_y + self.hex_height * (row - 1) + self._dy(col),
        )

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The pixel position of the centre of hex ``(col, row)``."""
        if not self.is_hex(col, row):
            raise ValueError(
                f"no hex {hex_name(col, row) if col >= 0 and row >= 0 else (col, row)} "
                f"on a {self.columns}x{self.rows}-hex board"
            )
        return self._centre(col, row)

    def pixel_to_hex(self, x: float, y: float) -> tuple[int, int]:
        """The board hex whose centre is nearest to pixel ``(x, y)``; on a tie, the lowest
        column, then the lowest row."""
        near = round((x - self.a1_x) / self.hex_width)
        near = min(max(near, 0), self.columns - 1)
        best = (near, self.rows_in(near)[0])
        best_d = math.inf
        for col in range(max(near - 1, 0), min(near + 1, self.columns - 1) + 1):
            rows = self.rows_in(col)
            guess = round((y - self.a1_y - self._dy(col)) / self.hex_height) + 1
            for row in range(guess - 1, guess + 2):
                row = min(max(row, rows[0]), rows[-1])
                cx, cy = self._centre(col, row)
                d = (x - cx) ** 2 + (y - cy) ** 2
                if d < best_d:  # columns and rows go up, so a tie keeps the lower hex
                    best, best_d = (col, row), d
        return best

    def spans(self, col: int, row: int, width: int, height: int) -> Iterator[tuple[int, int, int]]:
        """The pixels of a ``width`` x ``height`` grid that ``pixel_to_hex`` puts in hex
        ``(col, row)``, as ``(x, y_first, y_last)`` runs down each pixel column."""
        cx, cy = self.centre(col, row)
        # every nearby hex, and whether it wins a tie (the lower hex does)
        rivals = [
            (self._centre(c, r), (c, r) < (col, row))
            for c in range(col - 2, col + 3)
            for r in range(row - 2, row + 3)
            if (c, r) != (col, row) and self.is_hex(c, r)
        ]
        x_first = 0 if col == 0 else max(0, math.ceil(cx - self.hex_width))
        x_last = width - 1
        if col < self.columns - 1:
            x_last = min(x_last, math.floor(cx + self.hex_width))
        c2 = cx * cx + cy * cy
        for x in range(x_first, x_last + 1):
            y_first, y_last = 0, height - 1
            for (nx, ny), strict in rivals:
                # |p - c|^2 - |p - n|^2 = k - a*y; the pixel is ours when that is <= 0
                # (< 0 when n is the lower hex, which wins ties).
                k = c2 - (nx * nx + ny * ny) - 2 * x * (cx - nx)
                a = 2 * (cy - ny)
                if a == 0:
                    if k > 0 or (strict and k == 0):
                        y_first, y_last = 1, 0
                        break
                    continue
                bound = k / a
                if a > 0:
                    low = math.floor(bound) + 1 if strict else math.ceil(bound)
                    y_first = max(y_first, low)
                else:
                    high = math.ceil(bound) - 1 if strict else math.floor(bound)
                    y_last = min(y_last, high)
            if y_first <= y_last:
                yield x, y_first, y_last


STANDARD_GRID = HexGrid()


def hex_centre(col: int, row: int) -> tuple[float, float]:
    """The centre of hex ``(col, row)`` of a standard board: ``(56.25 * col, 64.5 * row -
    32.25)`` in columns A, C, ..., half a hex (32.25 px) lower in columns B, D, ..."""
    return STANDARD_GRID.centre(col, row)


def pixel_to_hex(x: float, y: float) -> tuple[int, int]:
    """The hex of a standard board whose centre is nearest to pixel ``(x, y)``."""
    return STANDARD_GRID.pixel_to_hex(x, y)
