"""Where things go in the picture: hex centres and corners on the grid of
:mod:`aslpto.board.hexes`, hexside segments, boxes; and the SVG document with its fixed
precision."""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from aslpto.base.records import record
from aslpto.board.hexes import BOARD_DX, Direction, Hex, Placement

R = 40.0
"""Hex radius (centre to corner) in SVG pixels."""


SQRT3 = math.sqrt(3.0)


COUNTER = 27.0
"""Side of a counter square in SVG pixels."""


FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


MARGIN = 14.0


HEADER = 44.0


LEGEND_COLUMN = 240.0


Point = tuple[float, float]


Attr = str | float


def centre(h: Hex) -> Point:
    """Pixel centre of a hex."""
    return (h.x * 1.5 * R, h.y * SQRT3 / 2 * R)


def _corner(c: Point, degrees: float, radius: float = R) -> Point:
    a = math.radians(degrees)
    return (c[0] + radius * math.cos(a), c[1] + radius * math.sin(a))


def _corners(c: Point, radius: float = R) -> list[Point]:
    return [_corner(c, d, radius) for d in range(0, 360, 60)]


_SIDE_CORNERS: dict[Direction, tuple[int, int]] = {
    Direction.N: (240, 300),
    Direction.NE: (300, 360),
    Direction.SE: (0, 60),
    Direction.S: (60, 120),
    Direction.SW: (120, 180),
    Direction.NW: (180, 240),
}


def side_segment(a: Hex, b: Hex) -> tuple[Point, Point]:
    """The two ends of the hexside between adjacent hexes ``a`` and ``b``."""
    d0, d1 = _SIDE_CORNERS[a.direction_to(b)]
    c = centre(a)
    return _corner(c, d0), _corner(c, d1)


def _mid(p: Point, q: Point) -> Point:
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def _toward(p: Point, q: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``p`` to ``q``."""
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


@record
class _Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def meet(self, o: _Box) -> _Box | None:
        b = _Box(max(self.x0, o.x0), max(self.y0, o.y0), min(self.x1, o.x1), min(self.y1, o.y1))
        return b if b.x0 < b.x1 and b.y0 < b.y1 else None


def _board_box(p: Placement) -> _Box:
    """A board's printed area: from the centre line of column A to that of column GG, and
    from the centre line of the row-0 half hexes to that of the row-10 ones."""
    k = SQRT3 / 2 * R
    return _Box(p.x0 * 1.5 * R, (p.y0 + 1) * k, (p.x0 + BOARD_DX) * 1.5 * R, (p.y0 + 21) * k)


def _hex_box(h: Hex) -> _Box:
    cx, cy = centre(h)
    return _Box(cx - R, cy - SQRT3 / 2 * R, cx + R, cy + SQRT3 / 2 * R)


def _n(v: float) -> str:
    """A number with one decimal, no trailing ``.0``, never ``-0``."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


class _Doc:
    """An SVG document as lines. Attributes are keyword arguments, ``_`` written ``-``, in
    the order given; numbers are written by :func:`_n`."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.tags: list[str] = []

    @staticmethod
    def _attrs(attrs: dict[str, Attr]) -> str:
        return "".join(
            f" {k.rstrip('_').replace('_', '-')}={quoteattr(v if isinstance(v, str) else _n(v))}"
            for k, v in attrs.items()
        )

    def el(self, tag: str, text: str | None = None, /, **attrs: Attr) -> None:
        pad = "  " * len(self.tags)
        body = "/>" if text is None else f">{escape(text)}</{tag}>"
        self.lines.append(f"{pad}<{tag}{self._attrs(attrs)}{body}")

    def open(self, tag: str, /, **attrs: Attr) -> None:
        self.lines.append(f"{'  ' * len(self.tags)}<{tag}{self._attrs(attrs)}>")
        self.tags.append(tag)

    def close(self) -> None:
        tag = self.tags.pop()
        self.lines.append(f"{'  ' * len(self.tags)}</{tag}>")

    def raw(self, text: str) -> None:
        self.lines.append(f"{'  ' * len(self.tags)}{text}")

    def line(self, p: Point, q: Point, /, **attrs: Attr) -> None:
        self.el("line", x1=p[0], y1=p[1], x2=q[0], y2=q[1], **attrs)

    def poly(self, points: Iterable[Point], /, **attrs: Attr) -> None:
        self.el("polygon", points=_pts(points), **attrs)

    def rect(self, x: float, y: float, w: float, h: float, /, **attrs: Attr) -> None:
        self.el("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, c: Point, r: float, /, **attrs: Attr) -> None:
        self.el("circle", cx=c[0], cy=c[1], r=r, **attrs)

    def text(self, x: float, y: float, s: str, size: float, /, **attrs: Attr) -> None:
        base: dict[str, Attr] = {"x": x, "y": y, "font_size": size}
        base |= {"text_anchor": "middle", "fill": "#1a1a1a"} | attrs
        self.el("text", s, **base)
