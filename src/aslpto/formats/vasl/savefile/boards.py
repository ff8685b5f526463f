"""The board picker's layout in a VASL save: each board's name, grid position, turn (180°),
crop, version, overlays and SSR names, and where a pixel of the main map falls."""

from __future__ import annotations

from collections.abc import Callable

from aslpto.base.records import record
from aslpto.formats.vasl.savefile.encoding import GEO_BOARD_SIZE, MAIN_MAP_EDGE
from aslpto.formats.vasl.savefile.pieces import _to_int


@record
class Crop:
    """A board's crop rectangle, in the board's own pixels (``-1``: to the edge)."""

    x: int
    y: int
    width: int
    height: int


@record
class Overlay:
    """An overlay placed on a board: its name and the two hexes that place it."""

    name: str
    hex1: str
    hex2: str
    extra: tuple[str, ...] = ()


@record
class Board:
    """One board of the layout, as VASL's ``ASLBoard.getState`` writes it.

    ``code`` is the name as saved (``02``, ``r37``); ``name`` the board's name (``2``,
    ``37``); ``column`` and ``row`` its place in the grid of boards; ``reversed`` true when
    turned 180 degrees (``r`` before the name); ``ssr`` the terrain SSR names applied.
    Tokens not understood are kept in ``unparsed``, the whole text in ``raw``.
    """

    name: str
    code: str
    column: int
    row: int
    reversed: bool
    crop: Crop | None
    version: str | None
    overlays: tuple[Overlay, ...]
    ssr: tuple[str, ...]
    zoom: float | None
    full_hex_crop: bool
    unparsed: tuple[str, ...]
    raw: str


@record
class BoardLayout:
    """The boards of a map (one ``bd`` command), in the order saved."""

    boards: tuple[Board, ...]
    raw: str

    @property
    def columns(self) -> int:
        """Columns in the grid of boards."""
        return max((b.column for b in self.boards), default=-1) + 1

    @property
    def rows(self) -> int:
        """Rows in the grid of boards."""
        return max((b.row for b in self.boards), default=-1) + 1

    def board_at(self, column: int, row: int) -> Board | None:
        """The board in that cell of the grid."""
        for board in self.boards:
            if (board.column, board.row) == (column, row):
                return board
        return None

    def board_size(
        self, board: Board, uncropped: Callable[[Board], tuple[int, int]] | None = None
    ) -> tuple[int, int]:
        """A board's size on the map: cropped, then magnified (``uncropped`` gives its picture's
        size; a geomorphic board's by default)."""
        width, height = uncropped(board) if uncropped else GEO_BOARD_SIZE
        if board.crop is not None:
            if board.crop.width > 0:
                width = board.crop.width
            if board.crop.height > 0:
                height = board.crop.height
        zoom = board.zoom or 1.0
        return int(width * zoom), int(height * zoom)

    def origin(
        self,
        board: Board,
        edge: tuple[int, int] = MAIN_MAP_EDGE,
        uncropped: Callable[[Board], tuple[int, int]] | None = None,
    ) -> tuple[int, int]:
        """The map pixel of a board's top left corner, as VASSAL's ``Map`` lays boards out:
        the edge, plus the widths of the boards left of it in its row and the heights of
        the boards above it in its column."""
        x, y = edge
        for other in self.boards:
            if other.row == board.row and other.column < board.column:
                x += self.board_size(other, uncropped)[0]
            if other.column == board.column and other.row < board.row:
                y += self.board_size(other, uncropped)[1]
        return x, y

    def locate(
        self,
        x: int,
        y: int,
        edge: tuple[int, int] = MAIN_MAP_EDGE,
        uncropped: Callable[[Board], tuple[int, int]] | None = None,
    ) -> tuple[Board, float, float] | None:
        """The board under a map pixel and the point in that board's own picture (reversal,
        magnification and crop undone, as ``ASLBoard.localCoordinates``); None off the boards.
        """
        for board in self.boards:
            left, top = self.origin(board, edge, uncropped)
            width, height = self.board_size(board, uncropped)
            if left <= x < left + width and top <= y < top + height:
                px: float = x - left
                py: float = y - top
                if board.reversed:
                    px, py = width - px, height - py
                zoom = board.zoom or 1.0
                px, py = px / zoom, py / zoom
                if board.crop is not None:
                    px += board.crop.x
                    py += board.crop.y
                return board, px, py
        return None


def _board_name(code: str) -> tuple[str, bool]:
    if code.startswith("r") and code.lower() not in ("r", "rdx"):
        code = code[1:]
        flipped = True
    else:
        flipped = False
    if code.isdigit() and len(code) > 1 and code.startswith("0"):
        code = str(int(code))
    return code, flipped


def _parse_board(text: str) -> Board:
    tokens = [t for t in text.replace("\n", "\t").split("\t") if t]
    if len(tokens) < 3:
        raise ValueError(f"a board lacks column, row and name: {text!r}")
    column = _to_int(tokens[0], "board column")
    row = _to_int(tokens[1], "board row")
    code = tokens[2]
    name, flipped = _board_name(code)
    rest = tokens[3:]
    crop: Crop | None = None
    if len(rest) >= 4 and all(_is_int(t) for t in rest[:4]):
        crop = Crop(*(int(t) for t in rest[:4]))
        rest = rest[4:]
    version: str | None = None
    overlays: list[Overlay] = []
    ssr: list[str] = []
    zoom: float | None = None
    full_hex = False
    unparsed: list[str] = []
    i = 0
    while i < len(rest):
        token = rest[i]
        if token == "VER" and i + 1 < len(rest):
            version = rest[i + 1]
            i += 2
        elif token == "OVR" and i + 3 < len(rest):
            extra: list[str] = []
            j = i + 4
            if j < len(rest) and rest[j] in ("true", "false"):
                extra.append(rest[j])
                j += 1
            overlays.append(Overlay(rest[i + 1], rest[i + 2], rest[i + 3], tuple(extra)))
            i = j
        elif token == "SSR":
            i += 1
            while i < len(rest) and rest[i] not in ("ZOOM", "FH", "OVR", "VER"):
                ssr.extend(rest[i].split())
                i += 1
        elif token == "ZOOM" and i + 1 < len(rest) and _is_float(rest[i + 1]):
            zoom = float(rest[i + 1])
            i += 2
        elif token == "FH":
            full_hex = True
            i += 1
        else:
            unparsed.append(token)
            i += 1
    return Board(
        name=name,
        code=code,
        column=column,
        row=row,
        reversed=flipped,
        crop=crop,
        version=version,
        overlays=tuple(overlays),
        ssr=tuple(ssr),
        zoom=zoom,
        full_hex_crop=full_hex,
        unparsed=tuple(unparsed),
        raw=text,
    )


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parse_boards(command: str) -> BoardLayout:
    """The board layout of a ``bd\\t...`` command (VASL's ``ASLBoardPicker``): one board after
    each ``bd\\t``."""
    if not command.startswith("bd\t"):
        raise ValueError(f"not a board command: {command[:20]!r}")
    body = command[3:]
    if not body:
        return BoardLayout(boards=(), raw=command)
    descriptions: list[str] = []
    index = body.find("bd\t")
    while index > 0:
        descriptions.append(body[:index])
        body = body[index + 3 :]
        index = body.find("bd\t")
    descriptions.append(body)
    return BoardLayout(boards=tuple(_parse_board(d) for d in descriptions), raw=command)
