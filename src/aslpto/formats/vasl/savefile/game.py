"""A VASL saved game read whole (its commands, pieces, stacks, board layouts and metadata) and
written back."""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime
from xml.etree import ElementTree
from xml.sax.saxutils import escape as xml_escape

from aslpto.base.inputfiles import MAX_ARCHIVE_BYTES, MIB, read_bytes
from aslpto.base.records import record, replace
from aslpto.formats.vasl.savefile.boards import BoardLayout, parse_boards
from aslpto.formats.vasl.savefile.encoding import (
    MODULE_DATA,
    SAVE_DATA,
    SAVED_GAME,
    Command,
    SaveFileError,
    _decode_with_key,
    command_kind,
    encode,
    join_commands,
    split_commands,
)
from aslpto.formats.vasl.savefile.pieces import Piece, Stack, _piece, _split_add, _stack


@record
class MetaData:
    """A ``moduledata`` or ``savedata`` member: module name and version, VASSAL version, date."""

    name: str | None
    version: str | None
    vassal_version: str | None
    description: str | None
    date_saved: int | None
    """Milliseconds since 1970-01-01 UTC."""

    @property
    def saved_at(self) -> datetime | None:
        """``date_saved`` as a UTC time."""
        if self.date_saved is None:
            return None
        return datetime.fromtimestamp(self.date_saved / 1000, tz=UTC)

    def to_xml(self) -> bytes:
        """The member as VASSAL writes it."""
        lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<data version="1">']
        fields = (
            ("version", self.version),
            ("VassalVersion", self.vassal_version),
            ("dateSaved", None if self.date_saved is None else str(self.date_saved)),
            ("description", self.description),
            ("name", self.name),
        )
        for tag, value in fields:
            if value is not None:
                lines.append(f"  <{tag}>{xml_escape(value)}</{tag}>")
        lines.append("</data>")
        return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def _metadata(data: bytes, member: str, source: str) -> MetaData:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise SaveFileError(source, f"{member} is not XML: {error}") from None

    def text(tag: str) -> str | None:
        element = root.find(tag)
        if element is None:
            return None
        return element.text or ""

    date = text("dateSaved")
    return MetaData(
        name=text("name"),
        version=text("version"),
        vassal_version=text("VassalVersion"),
        description=text("description"),
        date_saved=int(date) if date and date.strip().isdigit() else None,
    )


@record
class SavedGame:
    """A VASL saved game: its commands, pieces, stacks and board layouts, and its metadata.

    ``commands`` are all the save's commands in order (nested ones expanded); ``pieces`` and
    ``stacks`` come from its ``add_piece`` commands, ``layouts`` from its ``boards``
    commands (VASL writes the main map's layout once more for its Casualties Bin map, so
    saves of VASL 6.5 hold it twice). ``key`` is the obfuscation key, None for plain text.
    """

    source: str
    key: int | None
    text: str
    commands: tuple[Command, ...]
    pieces: tuple[Piece, ...]
    stacks: tuple[Stack, ...]
    layouts: tuple[BoardLayout, ...]
    module: MetaData | None
    save: MetaData | None

    @property
    def boards(self) -> BoardLayout | None:
        """The main map's layout: the first ``bd`` command."""
        return self.layouts[0] if self.layouts else None

    def commands_of(self, kind: str) -> list[Command]:
        """The commands of one kind, in order."""
        return [command for command in self.commands if command.kind == kind]

    def piece(self, piece_id: str) -> Piece | None:
        """The piece with that id."""
        for piece in self.pieces:
            if piece.id == piece_id:
                return piece
        return None

    def stack_of(self, piece_id: str) -> Stack | None:
        """The stack holding that piece."""
        for stack in self.stacks:
            if piece_id in stack.pieces:
                return stack
        return None

    def location(self, piece: Piece) -> tuple[str | None, int, int]:
        """Where a piece is drawn: its stack's map and position if stacked, else its own."""
        if piece.stack is not None:
            for stack in self.stacks:
                if stack.id == piece.stack:
                    return stack.map, stack.x, stack.y
        return piece.map, piece.x, piece.y


ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    NotImplementedError,
    RuntimeError,
    ValueError,
    OSError,
    OverflowError,
    KeyError,
    IndexError,
    struct.error,
)
"""What :mod:`zipfile` raises on a damaged archive (a name not UTF-8, a negative offset, an
unknown version or method, a truncated member)."""


def parse_save(data: bytes, source: str = "<bytes>") -> SavedGame:
    """A saved game from the bytes of a ``.vsav`` archive; ``source`` names it in errors."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise SaveFileError(source, "not a zip archive") from None
    except ZIP_ERRORS as e:  # (a damaged directory: bad names, versions, offsets)
        raise SaveFileError(source, f"a damaged zip archive ({type(e).__name__}: {e})") from None
    with archive:
        names = archive.namelist()
        if SAVED_GAME not in names:
            listed = ", ".join(names[:5]) or "none"
            raise SaveFileError(source, f"no member {SAVED_GAME} (members: {listed})")
        members = {name: _member(archive, name, source) for name in (SAVED_GAME,)}
        for name in (MODULE_DATA, SAVE_DATA):
            if name in names:
                members[name] = _member(archive, name, source)
    text, key = _decode_with_key(members[SAVED_GAME], source)
    module = save = None
    if MODULE_DATA in members:
        module = _metadata(members[MODULE_DATA], MODULE_DATA, source)
    if SAVE_DATA in members:
        save = _metadata(members[SAVE_DATA], SAVE_DATA, source)
    return _game(text, key, module, save, source)


def _member(archive: zipfile.ZipFile, name: str, source: str) -> bytes:
    size = archive.getinfo(name).file_size
    if size > MAX_ARCHIVE_BYTES:
        raise SaveFileError(
            source,
            f"member {name} would unpack to {size:,} bytes (at most "
            f"{MAX_ARCHIVE_BYTES // MIB} MiB)",
        )
    try:
        return archive.read(name)
    except ZIP_ERRORS as error:
        raise SaveFileError(source, f"member {name} cannot be unpacked: {error}") from None


def _game(
    text: str, key: int | None, module: MetaData | None, save: MetaData | None, source: str
) -> SavedGame:
    commands: list[Command] = []
    pieces: list[Piece] = []
    stacks: list[Stack] = []
    layouts: list[BoardLayout] = []
    for number, command in enumerate(split_commands(text)):
        kind = command_kind(command)
        commands.append(Command(kind, command))
        try:
            if kind == "add_piece":
                piece_id, type_text, state_text = _split_add(command)
                if type_text == "stack":
                    stacks.append(_stack(piece_id, state_text))
                else:
                    pieces.append(_piece(piece_id, type_text, state_text))
            elif kind == "boards":
                layouts.append(parse_boards(command))
        except ValueError as error:
            raise SaveFileError(source, f"command {number} ({kind}): {error}") from None
    holder = {piece_id: stack.id for stack in stacks for piece_id in stack.pieces}
    pieces = [
        replace(piece, stack=holder[piece.id]) if piece.id in holder else piece for piece in pieces
    ]
    return SavedGame(
        source=source,
        key=key,
        text=text,
        commands=tuple(commands),
        pieces=tuple(pieces),
        stacks=tuple(stacks),
        layouts=tuple(layouts),
        module=module,
        save=save,
    )


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read a ``.vsav`` file; a file that is not a readable save raises ``SaveFileError``, one
    that is no regular file or too big to be one an ``InputError``."""
    data = read_bytes(path, "a VASL saved game", MAX_ARCHIVE_BYTES)
    return parse_save(data, os.fspath(path))


def encode_save(
    commands: Iterable[str | Command],
    *,
    key: int | None = None,
    module: MetaData | None = None,
    save: MetaData | None = None,
) -> bytes:
    """The bytes of a ``.vsav`` archive holding ``commands`` (a flat list: each command is
    one element of the saved text), obfuscated with ``key`` (random when None)."""
    texts = [c.text if isinstance(c, Command) else c for c in commands]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(SAVED_GAME, encode(join_commands(texts), key))
        if save is not None:
            archive.writestr(SAVE_DATA, save.to_xml())
        if module is not None:
            archive.writestr(MODULE_DATA, module.to_xml())
    return buffer.getvalue()


def write_save(
    path: str | os.PathLike[str],
    commands: Iterable[str | Command],
    *,
    key: int | None = None,
    module: MetaData | None = None,
    save: MetaData | None = None,
) -> None:
    """Write a ``.vsav`` file holding ``commands`` (see ``encode_save``)."""
    data = encode_save(commands, key=key, module=module, save=save)
    with open(path, "wb") as file:
        file.write(data)
