"""The boards' own pictures under the page: a map whose every board was read from a VASL board
archive is drawn over the archives' pictures (``bdNN.gif``), as ``aslpto render --picture``
draws it, and the page's layers (hexes to click, reach, path, LOS) are laid in the pictures'
own pixels.

The pixel frame is the one the artwork LOS engine reports its blocking point in
(:mod:`aslpto.rules.los.artwork`, ``Blocker.pixel``): boards side by side ``width`` pixels
apart and above one another ``height`` pixels apart, a board turned 180° turned about its
picture's centre; a hex's centre is its board's artwork centre (VASL's geometry).
"""

from __future__ import annotations

import math

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.board.artwork import Artwork
from aslpto.board.hexes import Hex, Placement
from aslpto.formats.svg import R, Underlay
from aslpto.formats.vasl.pictures import BoardPicture, board_picture, ssr_pictures
from aslpto.state.game import Game

if TYPE_CHECKING:
    from aslpto.formats.vasl.overlays import OverlaySpot

__all__ = ["Pictures", "read_pictures"]


@record
class Pictures:
    """The pictures of a map's boards and the pixel frame they lie in."""

    pictures: dict[str, BoardPicture]
    """Each board's picture, by board name."""
    artwork: dict[str, Artwork]
    placements: tuple[Placement, ...]
    width: int
    """One board's picture, in pixels (every board's is the same size)."""
    height: int

    def centre(self, h: Hex) -> tuple[float, float]:
        """The centre of ``h`` in map pixels: its board's artwork centre, moved to where the
        board lies (a hex on a seam is the same hex on either board)."""
        for p in self.placements:
            local = p.to_local(h)
            if local is None:
                continue
            x, y = self.artwork[p.board].centre(*local)
            if p.rotated:
                x, y = self.width - x, self.height - y
            return p.grid_col * self.width + x, p.grid_row * self.height + y
        raise KeyError(h)

    @property
    def radius(self) -> tuple[float, float]:
        """A hex's radius across (half its width between opposite corners) and down (its
        height over the square root of three), in pixels."""
        art = next(iter(self.artwork.values()))
        return art.hex_width / 1.5, art.hex_height / math.sqrt(3.0)

    def to_svg(self) -> tuple[float, float, float, float, float, float]:
        """The SVG matrix ``(a, b, c, d, e, f)`` taking map pixels to the coordinates of the
        render's ``<g id="map">`` (:func:`aslpto.formats.svg.centre`), where
        :func:`aslpto.formats.svg.underlay.draw_underlays` lays the same pictures."""
        art = next(iter(self.artwork.values()))
        sx, sy = 1.5 * R / art.hex_width, math.sqrt(3.0) * R / art.hex_height
        return (sx, 0.0, 0.0, sy, -sx * art.a1_x, math.sqrt(3.0) * R - sy * art.a1_y)

    def underlays(self, url: str) -> dict[str, Underlay]:
        """The pictures for :func:`aslpto.formats.svg.render`, each fetched from ``url``
        with ``{board}`` replaced by the board's name."""
        out = {}
        for board, pic in self.pictures.items():
            art = self.artwork[board]
            out[board] = Underlay(
                url.format(board=board),
                pic.width,
                pic.height,
                art.hex_width,
                art.hex_height,
                art.a1_x,
                art.a1_y,
            )
        return out

    def placed(self, url: str) -> dict[str, dict[str, object]]:
        """Each board's picture as ``/api/map`` gives it: its URL, type, and where it lies
        in map pixels."""
        out: dict[str, dict[str, object]] = {}
        for p in self.placements:
            pic = self.pictures[p.board]
            out[p.board] = {
                "url": url.format(board=p.board),
                "mime": pic.mime,
                "x": p.grid_col * self.width,
                "y": p.grid_row * self.height,
                "width": pic.width,
                "height": pic.height,
                "rotated": p.rotated,
            }
        return out


def read_pictures(game: Game) -> Pictures | None:
    """The pictures of the map's boards when every board was read from a VASL board archive
    whose picture lies on the artwork's grid, 32 hex widths by 10 hex heights (the standard
    geometry); ``None`` otherwise (the page shows the SVG render). Each picture is drawn as
    ``aslpto render --picture`` draws it: with the scenario's VASL overlays (a paddy overlay's
    own picture where it lies) and the SSR pictures in force laid on it. A board archive whose
    picture cannot be read is an :class:`~aslpto.base.rulings.InputError`."""
    from aslpto.formats.scenario import map_source

    m = game.map
    src = map_source(m)
    files = dict(src.files) if src is not None else {}
    placements = m.layout.placements
    if not placements:
        return None
    spots: dict[str, list[OverlaySpot]] = {}
    if src is not None and any(ref.vasl is not None for ref, _ in src.overlays):
        from aslpto.formats.vasl.overlays import vasl_overlays  # (Pillow)

        spots = vasl_overlays(m.layout, src)  # the overlays' pictures laid as render lays them
    ssr = ssr_pictures(game.conditions)
    pictures: dict[str, BoardPicture] = {}
    artwork: dict[str, Artwork] = {}
    for p in placements:
        ref = files.get(p.board)
        art = m.artwork.get(p.board)
        if ref is None or ref.vasl is None or art is None:
            return None
        artwork[p.board] = art
        if p.board not in pictures:
            try:
                pictures[p.board] = board_picture(ref.path, spots.get(p.board, ()), ssr)
            except ImportError:  # no Pillow (the vasl extra) to lay SSR pictures: the board's own
                pictures[p.board] = board_picture(ref.path)
    first = next(iter(artwork.values()))
    grid = (first.hex_width, first.hex_height, first.a1_x, first.a1_y, first.width, first.height)
    for board, art in artwork.items():
        pic = pictures[board]
        if (art.hex_width, art.hex_height, art.a1_x, art.a1_y, art.width, art.height) != grid:
            return None
        if (pic.width, pic.height) != (art.width, art.height):
            return None
    if not (
        math.isclose(first.width, 32 * first.hex_width)
        and math.isclose(first.height, 10 * first.hex_height)
    ):
        return None
    return Pictures(pictures, artwork, placements, first.width, first.height)
