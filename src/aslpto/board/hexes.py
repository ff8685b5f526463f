"""Hex geometry of ASL geomorphic boards: hexes, hexsides, vertices, layouts and seams.

A board has 33 columns, A-Z then AA-GG. Columns A, C, E, ... (even index) hold rows 1-10;
columns B, D, F, ... (odd index) hold rows 0-10, rows 0 and 10 being half hexes. A hex in an
odd column at row n touches rows n and n+1 of its neighbouring columns; a hex in an even
column at row n touches rows n-1 and n.

Internally a hex is a pair of integers on one grid for the whole map ("doubled rows"): ``x``
is the column counted across all boards and ``y`` is twice the row (even columns) or twice the
row plus one (odd columns), counted down all boards. Hexes of one column are two ``y`` apart;
a hex touches ``(x, y±2)`` and ``(x±1, y±1)``. Boards side by side share their GG/A columns,
boards above one another their row-10/row-0 half hexes: such a seam hex is one hex with two
names.

>>> lay = Layout.single("37")
>>> sorted(lay.name(h) for h in lay.neighbours(lay.hex("37DD7")))
['37CC7', '37CC8', '37DD6', '37DD8', '37EE7', '37EE8']
>>> lay.hexside_name(lay.hexside("37EE8-EE7"))
'37EE7-EE8'
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Iterator
from enum import Enum
from functools import cached_property
from itertools import repeat

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import record
from aslpto.base.rulings import InputError

COLUMNS: tuple[str, ...] = tuple(
    [chr(ord("A") + i) for i in range(26)] + [chr(ord("A") + i) * 2 for i in range(7)]
)
"""Column letters in order: A..Z, AA..GG (33 columns)."""
NCOLS = len(COLUMNS)
LAST_COL = NCOLS - 1  # GG
BOARD_DX = LAST_COL  # boards side by side share the GG/A column
BOARD_DY = 20  # boards above one another share the row 10/row 0 half hexes
ROTATE_Y = 22  # a board turned 180° maps local y to 22 - y (rows n -> 11-n or 10-n)
_COL_INDEX = {c: i for i, c in enumerate(COLUMNS)}


def column_index(letters: str) -> int:
    """``"A"`` -> 0, ``"DD"`` -> 29. Unknown letters raise :class:`InputError`."""
    try:
        return _COL_INDEX[letters.upper()]
    except KeyError:
        raise InputError(f"'{letters}' is not a board column (A-Z, AA-GG)") from None


def rows_of_column(col: int) -> range:
    """Rows printed in a column: 1-10 for A, C, E, ...; 0-10 for B, D, F, ..."""
    return range(1, 11) if col % 2 == 0 else range(0, 11)


def local_y(col: int, row: int) -> int:
    return 2 * row + (col % 2)


class Direction(Enum):
    """The six directions from a hex centre to its neighbours (flat-topped columns)."""

    N = (0, -2)
    NE = (1, -1)
    SE = (1, 1)
    S = (0, 2)
    SW = (-1, 1)
    NW = (-1, -1)

    @property
    def dx(self) -> int:
        return self.value[0]

    @property
    def dy(self) -> int:
        return self.value[1]

    def opposite(self) -> Direction:
        return _OPPOSITE[self]


_OPPOSITE = {
    Direction.N: Direction.S,
    Direction.S: Direction.N,
    Direction.NE: Direction.SW,
    Direction.SW: Direction.NE,
    Direction.SE: Direction.NW,
    Direction.NW: Direction.SE,
}
DIRECTIONS: tuple[Direction, ...] = tuple(Direction)


if TYPE_CHECKING:
    from typing import NamedTuple

    class _HexFields(NamedTuple):
        x: int
        y: int

    class _HexsideFields(NamedTuple):
        a: Hex
        b: Hex

    class _VertexFields(NamedTuple):
        a: Hex
        b: Hex
        c: Hex

else:  # (the same named tuples, made without importing typing: base.hints)
    _HexFields = namedtuple("Hex", ("x", "y"))
    _HexsideFields = namedtuple("Hexside", ("a", "b"))
    _VertexFields = namedtuple("Vertex", ("a", "b", "c"))


class Hex(_HexFields):
    """A hex of the map by its grid position (see the module docstring). A named tuple
    ``(x, y)``: immutable, ordered, and hashed at C speed (maps, LOS and reach key on it)."""

    __slots__ = ()

    def step(self, d: Direction) -> Hex:
        return Hex(self.x + d.dx, self.y + d.dy)

    def around(self) -> tuple[Hex, ...]:
        """The six positions around this hex, whether on the map or not (N, NE, SE, S, SW, NW)."""
        x, y = self
        new = tuple.__new__  # Hex(x, y) without its Python-level __new__ (hexes_at)
        return (
            new(Hex, (x, y - 2)),
            new(Hex, (x + 1, y - 1)),
            new(Hex, (x + 1, y + 1)),
            new(Hex, (x, y + 2)),
            new(Hex, (x - 1, y + 1)),
            new(Hex, (x - 1, y - 1)),
        )

    def is_adjacent(self, other: Hex) -> bool:
        dx, dy = abs(self.x - other.x), abs(self.y - other.y)
        return (dx == 0 and dy == 2) or (dx == 1 and dy == 1)

    def direction_to(self, other: Hex) -> Direction:
        """Direction of an adjacent hex."""
        for d in DIRECTIONS:
            if self.x + d.dx == other.x and self.y + d.dy == other.y:
                return d
        raise ValueError(f"{other} is not adjacent to {self}")


def distance(a: Hex, b: Hex) -> int:
    """Range in hexes (A.4: count the target hex, not the firer's)."""
    dx = abs(a.x - b.x)
    dy = abs(a.y - b.y)
    return dx + max(0, (dy - dx) // 2)


class Hexside(_HexsideFields):
    """The side shared by two adjacent hexes, a named tuple ``(a, b)``; ``a < b`` always (one
    canonical form)."""

    __slots__ = ()

    @staticmethod
    def of(h1: Hex, h2: Hex) -> Hexside:
        if not h1.is_adjacent(h2):
            raise ValueError(f"{h1} and {h2} are not adjacent")
        return Hexside(h1, h2) if h1 < h2 else Hexside(h2, h1)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on hexside {self}")

    def vertices(self) -> tuple[Vertex, Vertex]:
        """The two ends of this hexside."""
        a, b = self.a, self.b
        common = [n for n in a.around() if n.is_adjacent(b)]
        return (Vertex.of(a, b, common[0]), Vertex.of(a, b, common[1]))

    def touches(self, other: Hexside) -> bool:
        """True when the two hexsides share a vertex (and are not the same hexside)."""
        if other == self:
            return False
        mine = set(self.vertices())
        return any(v in mine for v in other.vertices())

    def touching(self) -> tuple[Hexside, ...]:
        """The four hexsides that share a vertex with this one."""
        out: list[Hexside] = []
        for v in self.vertices():
            out.extend(s for s in v.hexsides() if s != self)
        return tuple(out)


class Vertex(_VertexFields):
    """The point where three mutually adjacent hexes meet, a named tuple ``(a, b, c)``; hexes
    sorted."""

    __slots__ = ()

    @staticmethod
    def of(h1: Hex, h2: Hex, h3: Hex) -> Vertex:
        if not (h1.is_adjacent(h2) and h2.is_adjacent(h3) and h1.is_adjacent(h3)):
            raise ValueError("a vertex needs three mutually adjacent hexes")
        s = sorted((h1, h2, h3))
        return Vertex(s[0], s[1], s[2])

    @property
    def hexes(self) -> tuple[Hex, Hex, Hex]:
        return (self.a, self.b, self.c)

    def hexsides(self) -> tuple[Hexside, Hexside, Hexside]:
        return (Hexside.of(self.a, self.b), Hexside.of(self.a, self.c), Hexside.of(self.b, self.c))


def hexes_at(xs: Iterable[int], ys: Iterable[int]) -> list[Hex]:
    """``[Hex(x, y) for x, y in zip(xs, ys)]``, made by ``tuple.__new__`` without a Python call
    per hex (about twice as fast; a map build makes well over a thousand)."""
    return list(map(tuple.__new__, repeat(Hex), zip(xs, ys, strict=True)))


def hexsides_between(a: Iterable[Hex], b: Iterable[Hex]) -> list[Hexside]:
    """``[Hexside(x, y) for x, y in zip(a, b)]`` as :func:`hexes_at` makes hexes; each pair
    must already be in canonical order (``x < y``, adjacent)."""
    return list(map(tuple.__new__, repeat(Hexside), zip(a, b, strict=True)))


_DIGITS = "0123456789"
_LOCAL_NAMES = {f"{COLUMNS[c]}{r}": (c, r) for c in range(NCOLS) for r in rows_of_column(c)}
"""Every printed hex name of a board (``EE7``), with its column and row."""
_HEX_NAME = LazyPattern(r"^(?P<board>[0-9]+[a-z]?)?(?P<col>[A-Za-z]{1,2})(?P<row>[0-9]{1,2})$")


@record(slots=True)
class HexName:
    """A printed hex name: board, column index, row (``37EE7``)."""

    board: str
    col: int
    row: int

    @staticmethod
    def parse(text: str, default_board: str | None = None) -> HexName:
        name = text.strip()
        local = name.lstrip(_DIGITS)
        got = _LOCAL_NAMES.get(local)  # (the usual case: a board number and a printed name)
        if got is not None:
            board = name[: len(name) - len(local)] or default_board
            if board is not None:
                return HexName(board, *got)
        m = _HEX_NAME.match(name)
        if not m:
            raise InputError(f"'{text}' is not a hex name (board, column, row: e.g. 37EE7)")
        board, letters, digits = m.groups()
        board = board or default_board
        if board is None:
            raise InputError(f"hex '{text}' needs its board number (e.g. 37{text})")
        try:
            col = column_index(letters)
        except InputError as e:
            raise InputError(f"hex '{text}': {e.message}") from None
        row = int(digits)
        if row not in rows_of_column(col):
            rows = rows_of_column(col)
            raise InputError(
                f"hex '{text}': column {COLUMNS[col]} has rows {rows.start}-{rows.stop - 1}"
            )
        return HexName(board, col, row)

    def __str__(self) -> str:
        return f"{self.board}{COLUMNS[self.col]}{self.row}"


@record(slots=True)
class Placement:
    """Where a board lies in the layout: grid row and column, and whether turned 180°."""

    board: str
    grid_row: int
    grid_col: int
    rotated: bool = False

    @property
    def x0(self) -> int:
        return self.grid_col * BOARD_DX

    @property
    def y0(self) -> int:
        return self.grid_row * BOARD_DY

    def to_hex(self, col: int, row: int) -> Hex:
        """Grid position of printed hex (col, row) of this board."""
        if self.rotated:
            c = LAST_COL - col
            ly = ROTATE_Y - local_y(col, row)
            return Hex(self.x0 + c, self.y0 + ly)
        return Hex(self.x0 + col, self.y0 + local_y(col, row))

    def to_name(self, h: Hex) -> HexName | None:
        """The printed name of grid hex ``h`` on this board, or None if not on it."""
        local = self.to_local(h)
        return None if local is None else HexName(self.board, *local)

    def to_local(self, h: Hex) -> tuple[int, int] | None:
        """(column, row) of grid hex ``h`` on this board, or None if not on it."""
        c = h.x - self.x0
        ly = h.y - self.y0
        if not 0 <= c <= LAST_COL:
            return None
        if self.rotated:
            c = LAST_COL - c
            ly = ROTATE_Y - ly
        if (ly - c) % 2:
            return None
        row = (ly - (c % 2)) // 2
        if row not in rows_of_column(c):
            return None
        return c, row


@record
class Layout:
    """Boards laid out in rows. Resolves names to hexes and back; knows which hexes exist."""

    placements: tuple[Placement, ...]

    @staticmethod
    def single(board: str, *, rotated: bool = False) -> Layout:
        return Layout((Placement(board, 0, 0, rotated),))

    @staticmethod
    def grid(rows: Iterable[Iterable[str]]) -> Layout:
        """``[["37", "38*"]]``: a trailing ``*`` (or ``^``) turns a board 180°."""
        out: list[Placement] = []
        for r, row in enumerate(rows):
            for c, name in enumerate(row):
                rotated = name.endswith(("*", "^"))
                out.append(Placement(name.rstrip("*^"), r, c, rotated))
        return Layout(tuple(out))

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for p in self.placements:
            if p.board in seen:
                raise InputError(f"board {p.board} is laid out twice")
            seen.add(p.board)

    @cached_property
    def _by_board(self) -> dict[str, Placement]:
        return {p.board: p for p in self.placements}

    @cached_property
    def hexes(self) -> frozenset[Hex]:
        out: set[Hex] = set()
        for p in self.placements:
            x0, y0 = p.x0, p.y0  # a board turned 180° covers the same grid positions
            out.update(
                Hex(x0 + c, y0 + 2 * r + (c & 1)) for c in range(NCOLS) for r in rows_of_column(c)
            )
        return frozenset(out)

    @cached_property
    def ordered(self) -> tuple[Hex, ...]:
        """Every hex, column by column then down each column."""
        return tuple(sorted(self.hexes))

    @property
    def boards(self) -> tuple[str, ...]:
        return tuple(p.board for p in self.placements)

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def resolve(self, name: HexName) -> Hex:
        p = self._by_board.get(name.board)
        if p is None:
            raise InputError(
                f"hex '{name}': board {name.board} is not on this map "
                f"(boards: {', '.join(self.boards)})"
            )
        return p.to_hex(name.col, name.row)

    def hex(self, text: str) -> Hex:
        """Parse a hex name (``37EE7``; the board may be left off on a one-board map)."""
        return self.hex_and_name(text)[0]

    def hex_and_name(self, text: str) -> tuple[Hex, str]:
        """:meth:`hex`, and the hex's canonical name (:meth:`name`): the name given, written
        canonically, unless the hex lies on its board's edge (a seam hex may take its name from
        another board)."""
        n = self.parse(text, self._default_board())
        h = self.resolve(n)
        c, r = n.col, n.row
        if c in (0, LAST_COL) or r == 10 or r == (0 if c & 1 else 1):
            return h, self.name(h)
        return h, str(n)

    def names(self, h: Hex) -> tuple[HexName, ...]:
        """Every printed name of a hex (two for a seam hex), in layout order."""
        return tuple(n for p in self.placements if (n := p.to_name(h)) is not None)

    def name(self, h: Hex) -> str:
        """The canonical name: the first board's in layout order."""
        for p in self.placements:
            local = p.to_local(h)
            if local is not None:
                return f"{p.board}{COLUMNS[local[0]]}{local[1]}"  # (as str(HexName))
        raise InputError(f"grid position ({h.x},{h.y}) is off the map")

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """Adjacent hexes that are on the map."""
        hexes = self.hexes
        return tuple(n for n in h.around() if n in hexes)

    def hexside(self, text: str) -> Hexside:
        """Parse ``37EE7-EE8`` (either order; the second board defaults to the first's)."""
        parts = text.strip().split("-")
        if len(parts) != 2:
            raise InputError(f"'{text}' is not a hexside (two hexes joined by '-': 37EE7-EE8)")
        first = self.parse(parts[0], self._default_board())
        a = self.resolve(first)
        b = self.resolve(self.parse(parts[1], first.board))
        if not a.is_adjacent(b):
            raise InputError(f"hexside '{text}': {parts[0]} and {parts[1]} are not adjacent")
        return Hexside.of(a, b)

    def vertex(self, text: str) -> Vertex:
        """Parse ``37DD6-EE7-DD7``."""
        parts = text.strip().split("-")
        if len(parts) != 3:
            raise InputError(f"'{text}' is not a vertex (three hexes: 37DD6-EE7-DD7)")
        first = self.parse(parts[0], self._default_board())
        hs = [self.resolve(first)] + [self.resolve(self.parse(p, first.board)) for p in parts[1:]]
        try:
            return Vertex.of(*hs)
        except ValueError:
            raise InputError(f"vertex '{text}': the three hexes do not meet at a point") from None

    def parse(self, text: str, default_board: str | None = None) -> HexName:
        """:meth:`HexName.parse` on this map: a board number run into a lower-case two-letter
        column (``32ee7``, which reads at first as board ``32e``, column ``E``) is read as board
        ``32``, column ``EE`` when board 32 is on the map and board 32e is not."""
        n = HexName.parse(text, default_board)
        if n.board in self._by_board or not n.board[-1:].isalpha():
            return n
        board = n.board[:-1]
        col = _COL_INDEX.get((n.board[-1] + COLUMNS[n.col]).upper())
        if board in self._by_board and col is not None and n.row in rows_of_column(col):
            return HexName(board, col, n.row)
        return n

    def _default_board(self) -> str | None:
        return self.placements[0].board if len(self.placements) == 1 else None

    def hexside_name(self, s: Hexside, first: Hex | None = None) -> str:
        """``37EE7-EE8``; ``first`` chooses which hex is named first (default: canonical)."""
        a, b = (s.a, s.b) if first is None or first == s.a else (s.b, s.a)
        if not self.names(a):
            a, b = b, a  # name the hex that is on the map first
        na = self.names(a)[0]
        names_b = self.names(b)
        if not names_b:  # a map-edge hexside: the other side lies off the map
            return f"{na}-(off map)"
        nb = next((n for n in names_b if n.board == na.board), names_b[0])
        second = f"{COLUMNS[nb.col]}{nb.row}" if nb.board == na.board else str(nb)
        return f"{na}-{second}"

    def vertex_name(self, v: Vertex) -> str:
        na = self.names(v.a)[0]
        rest = []
        for h in (v.b, v.c):
            n = next((m for m in self.names(h) if m.board == na.board), self.names(h)[0])
            rest.append(f"{COLUMNS[n.col]}{n.row}" if n.board == na.board else str(n))
        return "-".join([str(na), *rest])

    def is_seam(self, h: Hex) -> bool:
        return len(self.names(h)) > 1

    def iter_hexes(self) -> Iterator[Hex]:
        return iter(self.ordered)


def ring(center: Hex, radius: int) -> list[Hex]:
    """Grid positions at exactly ``radius`` hexes (not filtered by the map)."""
    if radius == 0:
        return [center]
    out = []
    for dx in range(-radius, radius + 1):
        for dy in range(-2 * radius, 2 * radius + 1):
            h = Hex(center.x + dx, center.y + dy)
            if (dx + dy) % 2 == 0 and distance(center, h) == radius:
                out.append(h)
    return out
