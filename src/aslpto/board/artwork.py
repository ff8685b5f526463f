"""A board's artwork as data: for every pixel of the board's picture, its ground level and a
terrain code, and what each code means in the project's terrain words.

A real board (a VASL board archive, :mod:`aslpto.formats.vasl`) carries its artwork; a board
typed in TOML carries none. The artwork is what A6.1 means by "as depicted": LOS on a real
board follows the pixels, not the hex grain.

Pixels are kept column by column in the archive's order: pixel ``(x, y)`` is at
``x * height + y`` of :attr:`Artwork.levels` and :attr:`Artwork.codes` (bytes, no Python object
per pixel). Levels are signed bytes. An artwork may be given a ``source`` of its planes instead
(a real board's: its archive's compressed data): the planes are made the first time they are
asked for (LOS over the artwork, a picture), and a map read only for its hexes never holds
them. The geometry is VASL's: the centre of hex A1 at ``(a1_x, a1_y)``, columns
``hex_width`` apart, rows ``hex_height`` apart, columns B, D, ... offset half a row down.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from aslpto.base.records import field, record
from aslpto.board.terrain import Feature, HexsideFeature, Terrain


@record
class CodeMeaning:
    """What a terrain code of the artwork is: a terrain, a hexside feature drawn along a
    hexside, an in-hex feature, or nothing the rules read (``ignore``). ``height`` is the
    obstacle's height in levels above its ground where the source gives one; ``los`` the
    source's LOS category (e.g. VASL's ``WOODS``, ``HINDRANCE``, ``OPEN``); ``mark`` the mark it
    gives its hex (:data:`~aslpto.board.terrain.MARKS`: rubble, crag, runway, paved road)."""

    code: int
    name: str
    terrain: Terrain | None = None
    hexside: HexsideFeature | None = None
    feature: Feature | None = None
    ignore: bool = False
    height: int = 0
    los: str = ""
    mark: Feature | None = None


@record(eq=False)
class Artwork:
    """One board's pixels: ground level and terrain code of each, and the hex grid on them."""

    name: str
    width: int
    height: int
    level_plane: bytes | None = field(default=None, repr=False)
    code_plane: bytes | None = field(default=None, repr=False)
    meanings: tuple[CodeMeaning | None, ...] = field(default=(), repr=False)
    """Indexed by code (256 entries when given); ``None`` for a code the board never uses."""
    hex_width: float = 1800 / 32
    hex_height: float = 64.5
    a1_x: float = 0.0
    a1_y: float = 32.25
    source: Callable[[], tuple[bytes, bytes]] | None = field(default=None, repr=False)
    """Makes the (levels, codes) planes when they are not given."""

    def _planes(self) -> tuple[bytes, bytes]:
        if self.source is None:
            raise ValueError(f"the artwork of board {self.name} has no pixels")
        levels, codes = self.source()
        object.__setattr__(self, "level_plane", levels)
        object.__setattr__(self, "code_plane", codes)
        return levels, codes

    @property
    def levels(self) -> bytes:
        """The ground level of every pixel (signed bytes), column by column."""
        plane = self.level_plane
        return plane if plane is not None else self._planes()[0]

    @property
    def codes(self) -> bytes:
        """The terrain code of every pixel, column by column."""
        plane = self.code_plane
        return plane if plane is not None else self._planes()[1]

    def level_at(self, x: int, y: int) -> int:
        """Ground level of pixel ``(x, y)`` (a signed byte)."""
        v = self.levels[x * self.height + y]
        return v - 256 if v > 127 else v

    def code_at(self, x: int, y: int) -> int:
        return self.codes[x * self.height + y]

    def meaning_at(self, x: int, y: int) -> CodeMeaning | None:
        code = self.code_at(x, y)
        return self.meanings[code] if code < len(self.meanings) else None

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Pixel centre of printed hex (``col`` 0 = A, ``row`` as printed) on this board."""
        x = self.a1_x + col * self.hex_width
        y = self.a1_y + (row - 1) * self.hex_height
        if col % 2:
            y += self.hex_height / 2
        return x, y


@cache
def about_centre(apothem: float) -> tuple[tuple[int, int, int], ...]:
    """The pixels nearer a hex's centre pixel than the midpoint of any of its hexsides
    (``apothem`` pixels from the centre), as runs down each pixel column: (column offset, first
    and last row offset) from the centre pixel. Terrain drawn there dominates the hex though
    its centre dot is open ground or a building (B.1: 2M4 is a wooded hill hex), as VASL reads a
    hex's Inherent Terrain (``Hex.setInherentTerrain``)."""
    a = apothem
    mids = [(0.0, -a), (0.0, a)] + [
        (sx * a * 0.75**0.5, sy * a / 2) for sx in (-1, 1) for sy in (-1, 1)
    ]
    reach = int(a) + 1
    runs = []
    for dx in range(-reach, reach + 1):
        rows = [
            dy
            for dy in range(-reach, reach + 1)
            if all(dx * dx + dy * dy <= (dx - mx) ** 2 + (dy - my) ** 2 for mx, my in mids)
        ]
        if rows:
            runs.append((dx, rows[0], rows[-1]))
    return tuple(runs)
