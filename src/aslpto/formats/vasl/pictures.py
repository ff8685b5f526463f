"""A board archive's own picture (``bdNN.gif``), for drawing under the project's layers.

The picture lies on the same pixel grid as ``LOSData`` (see ``docs/vasl-boards.md``); it is
embedded as it is stored (a GIF), so no image library is needed.
"""

from __future__ import annotations

import base64
import os
import zipfile
from collections.abc import Sequence
from typing import TYPE_CHECKING

from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.formats.vasl.boardarchive import METADATA, parse_board_metadata

if TYPE_CHECKING:
    from aslpto.formats.vasl.overlays import OverlaySpot

__all__ = ["BoardPicture", "board_picture"]

_TYPES = {b"GIF87a": "image/gif", b"GIF89a": "image/gif", b"\x89PNG\r\n": "image/png"}


@record
class BoardPicture:
    """The picture of a board: its bytes, type and size in pixels."""

    name: str
    mime: str
    data: bytes
    width: int
    height: int

    def data_uri(self) -> str:
        return f"data:{self.mime};base64,{base64.b64encode(self.data).decode('ascii')}"


def board_picture(path: str | os.PathLike[str],
                  overlays: Sequence[OverlaySpot] = ()) -> BoardPicture:  # fmt: skip
    """The picture of a board archive: the metadata's ``boardImageFileName``, else
    ``bdNN.gif`` after the archive's name; with ``overlays`` (VASL overlays placed on the
    board, :mod:`aslpto.formats.vasl.overlays`), their pictures laid on it (a PNG made with
    Pillow). Errors are one-line :class:`InputError`."""
    where = os.fspath(path)
    try:
        with zipfile.ZipFile(path) as zf:
            names = {n.lower(): n for n in zf.namelist()}
            wanted = [f"{os.path.basename(where.rstrip('/'))}.gif"]
            if METADATA.lower() in names:
                image = parse_board_metadata(zf.read(names[METADATA.lower()])).image
                if image:
                    wanted.insert(0, image)
            member = next((names[w.lower()] for w in wanted if w.lower() in names), None)
            if member is None:
                raise InputError(f"board archive {where}: no picture ({' or '.join(wanted)})")
            data = zf.read(member)
    except (zipfile.BadZipFile, OSError, ValueError) as e:
        raise InputError(f"board archive {where}: cannot read its picture ({e})") from None
    mime = _TYPES.get(data[:6])
    if mime is None:
        raise InputError(f"board archive {where}: {member} is not a GIF or PNG picture")
    if mime == "image/gif":
        width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    else:
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if overlays:
        from aslpto.formats.vasl.boardarchive import read_board_archive
        from aslpto.formats.vasl.overlays import OverlayError, overlaid_picture

        archive = read_board_archive(where)
        try:
            data = overlaid_picture(data, archive.grid, archive.name, overlays)
        except OverlayError as e:
            raise InputError(f"overlay archive {e}") from None
        mime = "image/png"
    return BoardPicture(member, mime, data, width, height)
