"""A board archive's own picture (``bdNN.gif``), for drawing under the project's layers.

The picture lies on the same pixel grid as ``LOSData`` (see ``docs/vasl-boards.md``); it is
embedded as it is stored (a GIF), unless SSR pictures (VASL's Dense Jungle, Palm Trees, ...
under PTO Terrain) or overlays are laid on it: then it is a PNG made with Pillow.
"""

from __future__ import annotations

import base64
import os
import zipfile
from collections.abc import Collection, Sequence

from aslpto.base.datafiles import bundled
from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.formats.vasl.boardarchive import METADATA, parse_board_metadata

if TYPE_CHECKING:
    from aslpto.formats.vasl.overlays import OverlaySpot
    from aslpto.state.game import Conditions

__all__ = ["BoardPicture", "board_picture", "ssr_pictures"]

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


def ssr_pictures(conditions: Conditions) -> frozenset[str]:
    """The SSR pictures VASL lays on boards and overlays under the scenario's conditions
    (``drawn_by`` of ``data/vasl_ssr.toml``: Dense Jungle, Palm Trees, ... under PTO Terrain)."""
    out: set[str] = set()
    for entry in bundled("vasl_ssr.toml").values():
        if not isinstance(entry, dict) or not entry.get("drawn_by"):
            continue
        wanted = entry.get("ssr", {})
        have = {k: getattr(conditions, k, None) for k in wanted}
        if all(getattr(v, "value", v) == wanted[k] for k, v in have.items()):
            out.update(entry["drawn_by"])
    return frozenset(out)


def board_picture(
    path: str | os.PathLike[str], overlays: Sequence[OverlaySpot] = (), ssr: Collection[str] = ()
) -> BoardPicture:
    """The picture of a board archive: the metadata's ``boardImageFileName``, else
    ``bdNN.gif`` after the archive's name; with ``ssr`` (:func:`ssr_pictures`), the board's
    SSR pictures in force laid on it (its metadata's ``overlaySSRule``s), and with
    ``overlays`` (VASL overlays placed on the board, :mod:`aslpto.formats.vasl.overlays`),
    their pictures (a PNG made with Pillow). Errors are one-line :class:`InputError`."""
    where = os.fspath(path)
    laid: list[tuple[bytes, int, int]] = []  # the SSR pictures in force and where they go
    try:
        with zipfile.ZipFile(path) as zf:
            names = {n.lower(): n for n in zf.namelist()}
            wanted = [f"{os.path.basename(where.rstrip('/'))}.gif"]
            if METADATA.lower() in names:
                meta = parse_board_metadata(zf.read(names[METADATA.lower()]))
                if meta.image:
                    wanted.insert(0, meta.image)
                laid = [
                    (zf.read(names[r.image.lower()]), r.x, r.y)
                    for r in meta.overlay_rules
                    if r.name in ssr and r.image.lower() in names
                ]
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
    if laid:
        data = _laid_on(data, laid, where)
        mime = "image/png"
    if overlays:
        from aslpto.formats.vasl.boardarchive import read_board_archive
        from aslpto.formats.vasl.overlays import OverlayError, overlaid_picture

        archive = read_board_archive(where)
        try:
            data = overlaid_picture(data, archive.grid, archive.name, overlays, ssr)
        except OverlayError as e:
            raise InputError(f"overlay archive {e}") from None
        mime = "image/png"
    return BoardPicture(member, mime, data, width, height)


def _laid_on(picture: bytes, parts: Sequence[tuple[bytes, int, int]], where: str) -> bytes:
    """``picture`` with each part (picture bytes, x, y) laid on it in turn, as PNG bytes."""
    import io

    from PIL import Image, UnidentifiedImageError

    try:
        im = Image.open(io.BytesIO(picture)).convert("RGBA")
        for data, x, y in parts:
            part = Image.open(io.BytesIO(data)).convert("RGBA")
            if x >= im.width or y >= im.height or x + part.width <= 0 or y + part.height <= 0:
                continue  # (wholly off the board's picture)
            im.alpha_composite(part, (max(x, 0), max(y, 0)), (max(-x, 0), max(-y, 0)))
    except (OSError, ValueError, UnidentifiedImageError, Image.DecompressionBombError) as e:
        raise InputError(f"board archive {where}: cannot read an SSR picture ({e})") from None
    out = io.BytesIO()
    im.convert("RGB").save(out, "PNG")
    return out.getvalue()
