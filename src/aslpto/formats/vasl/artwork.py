"""A VASL board archive as a board's :class:`~aslpto.board.artwork.Artwork`: its two pixel
grids, its hex grid, and what each terrain code means (``data/vasl_terrain_codes.toml``)."""

from __future__ import annotations

from aslpto.board.artwork import Artwork, CodeMeaning
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.formats.vasl.boardarchive import BoardArchive, terrain_codes


def code_meanings() -> tuple[CodeMeaning | None, ...]:
    """The bundled terrain-code table as 256 meanings indexed by code."""
    out: list[CodeMeaning | None] = [None] * 256
    for code, row in terrain_codes().items():
        out[code] = CodeMeaning(
            code=code,
            name=row.vasl,
            terrain=None if row.terrain is None else Terrain(row.terrain),
            hexside=None if row.hexside is None else HexsideFeature(row.hexside),
            feature=None if row.feature is None else Feature(row.feature),
            ignore=row.ignore,
            height=row.height or 0,
            los=row.los_category or "",
        )
    return tuple(out)


def artwork_of(archive: BoardArchive, name: str | None = None) -> Artwork:
    """The artwork of a board archive, named ``name`` (default: the board's own name)."""
    g = archive.grid
    return Artwork(
        name=name or archive.name,
        width=archive.grid_width,
        height=archive.grid_height,
        levels=archive.elevation,
        codes=archive.terrain,
        meanings=code_meanings(),
        hex_width=g.hex_width,
        hex_height=g.hex_height,
        a1_x=g.a1_x,
        a1_y=g.a1_y,
    )
