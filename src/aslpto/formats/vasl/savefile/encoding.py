"""The VASL save's encodings: the ``savedGame`` member (``!VCSK``, a key, hex pairs XORed with
it), VASSAL's sequence encoding (delimiters escaped with backslashes) and the commands it
holds (ESC-separated, nested commands expanded)."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

from aslpto.base.records import record

HEADER = "!VCSK"
"""The first bytes of an obfuscated ``savedGame`` member."""


COMMAND_SEPARATOR = "\x1b"
"""VASSAL's separator of commands (ESC)."""


SAVED_GAME = "savedGame"


MODULE_DATA = "moduledata"


SAVE_DATA = "savedata"


MAIN_MAP_EDGE = (400, 400)
"""Pixels of margin left of and above the boards on VASL's main map (``edgeWidth``,
``edgeHeight`` of ``ASLMap`` in the module's ``buildFile``)."""


GEO_BOARD_SIZE = (1800, 645)
"""Width and height in pixels of an uncropped geomorphic board at magnification 1."""


_PLAIN_START = "begin_save"


_HEX_DIGITS = frozenset(b"0123456789abcdefABCDEF")


_COMMAND_KINDS: tuple[tuple[str, str], ...] = (
    ("+/", "add_piece"),
    ("-/", "remove_piece"),
    ("D/", "change_piece"),
    ("M/", "move_piece"),
    ("bd\t", "boards"),
    ("begin_save", "begin_save"),
    ("end_save", "end_save"),
    ("CHAT", "chat"),
    ("PLAYER\t", "player"),
    ("INFO\t", "scenario_info"),
    ("UNMASK\t", "unmask"),
    ("NOTES\t", "notes"),
    ("PNOTES\t", "public_notes"),
    ("GlobalProperty\t", "global_property"),
    ("SETUP_STACK\t", "setup_stack"),
    ("EXT\t", "extension"),
    ("OBA/", "oba"),
    ("LOG\t", "log"),
)


class SaveFileError(ValueError):
    """A saved game that cannot be read; the message is one line naming the file and the fault."""

    def __init__(self, source: str | os.PathLike[str], problem: str) -> None:
        self.source = os.fspath(source)
        self.problem = " ".join(problem.split())
        super().__init__(f"{self.source}: {self.problem}")


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def decode_sequence(s: str, delimiter: str) -> list[str]:
    """Split ``s`` as VASSAL's ``SequenceEncoder.Decoder`` does.

    A delimiter right after a backslash is part of the element (the backslash is dropped);
    an element wrapped in single quotes loses them. ``""`` is one empty element.
    """
    if len(delimiter) != 1:
        raise ValueError(f"a delimiter is one character, not {delimiter!r}")
    parts = s.split(delimiter)
    if "\\" + delimiter in s:
        merged: list[str] = []
        pending: list[str] = []
        last = len(parts) - 1
        for i, part in enumerate(parts):
            if i < last and part.endswith("\\"):
                pending.append(part[:-1])
                pending.append(delimiter)
            elif pending:
                pending.append(part)
                merged.append("".join(pending))
                pending = []
            else:
                merged.append(part)
        parts = merged
    if "'" in s:
        return [_unquote(part) for part in parts]
    return parts


def encode_sequence(items: Sequence[str], delimiter: str) -> str:
    """Join ``items`` as VASSAL's ``SequenceEncoder`` does; the inverse of ``decode_sequence``.

    Each delimiter inside an element gets a backslash before it; an element ending with a
    backslash, or both starting and ending with a single quote, is wrapped in single quotes
    (VASSAL 3.2's rule; later versions quote an element starting with a backslash instead,
    which the decoder reads alike).
    """
    if len(delimiter) != 1 or delimiter in "\\'":
        raise ValueError(f"a delimiter is one character, not a backslash or quote: {delimiter!r}")
    if not items:
        raise ValueError("an empty sequence has no encoding")
    escaped = "\\" + delimiter
    out: list[str] = []
    for item in items:
        text = item.replace(delimiter, escaped) if delimiter in item else item
        if item.endswith("\\") or (item.startswith("'") and item.endswith("'")):
            text = f"'{text}'"
        out.append(text)
    return delimiter.join(out)


def decode(data: bytes, source: str = SAVED_GAME) -> str:
    """The text of a ``savedGame`` member: de-obfuscated when it starts with ``!VCSK``.

    Plain text (starting ``begin_save``) is read as it is; anything else is refused.
    """
    return _decode_with_key(data, source)[0]


def _decode_with_key(data: bytes, source: str) -> tuple[str, int | None]:
    header = HEADER.encode("ascii")
    if data.startswith(header):
        body = data[len(header) :]
        if len(body) < 2:
            raise SaveFileError(
                source, f"truncated: {len(body)} hex digit(s) of key after {HEADER}"
            )
        key = _unhex(body[:2], len(header), source)[0]
        hexes = body[2:]
        if len(hexes) % 2:
            raise SaveFileError(
                source, f"truncated: odd number of hex digits ({len(hexes)}) after the key"
            )
        raw = _unhex(hexes, len(header) + 2, source)
        text_bytes = raw.translate(_xor_table(key))
        return _utf8(text_bytes, source), key
    if data.startswith(_PLAIN_START.encode("ascii")):
        return _utf8(data, source), None
    raise SaveFileError(source, f"encoding not supported: starts with {data[:12]!r}")


def _unhex(hexes: bytes, offset: int, source: str) -> bytes:
    try:
        raw = bytes.fromhex(hexes.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raw = b""
    if 2 * len(raw) == len(hexes):
        return raw
    position = next((i for i, b in enumerate(hexes) if b not in _HEX_DIGITS), 0)
    found = hexes[position : position + 1]
    raise SaveFileError(source, f"not a hex digit at byte {offset + position}: {found!r}")


def _utf8(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveFileError(source, f"text is not UTF-8 at byte {error.start}") from None


_XOR_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = bytes(i ^ key for i in range(256))
        _XOR_TABLES[key] = table
    return table


def encode(text: str, key: int | None = None) -> bytes:
    """The ``savedGame`` member for ``text``: ``!VCSK``, the key, the XORed bytes in hex.

    ``key`` is 0-255 (random when None, as VASSAL does); the inverse of ``decode``.
    """
    if key is None:
        key = random.randrange(256)
    if not 0 <= key <= 255:
        raise ValueError(f"an obfuscation key is 0-255, not {key}")
    raw = text.encode("utf-8").translate(_xor_table(key))
    return f"{HEADER}{key:02x}{raw.hex()}".encode("ascii")


@record
class Command:
    """One VASSAL command of a save: its kind (``add_piece``, ``boards``, ...) and its text."""

    kind: str
    text: str


def command_kind(command: str) -> str:
    """The kind of a command, from its prefix; ``empty`` for ``""``, ``other`` if unknown."""
    if not command:
        return "empty"
    for prefix, kind in _COMMAND_KINDS:
        if command.startswith(prefix):
            return kind
    return "other"


def split_commands(text: str) -> list[str]:
    """The commands of a save's text, in order, nested commands expanded.

    As VASSAL decodes: an element that splits into more than itself is a compound command
    and its parts are split in turn.
    """
    out: list[str] = []
    _expand(text, out)
    return out


def _expand(command: str, out: list[str]) -> None:
    if COMMAND_SEPARATOR not in command and _unquote(command) == command:
        out.append(command)
        return
    parts = decode_sequence(command, COMMAND_SEPARATOR)
    if len(parts) == 1 and parts[0] == command:
        out.append(command)
        return
    for part in parts:
        _expand(part, out)


def join_commands(commands: Sequence[str]) -> str:
    """The text of a save holding ``commands``; ``split_commands`` gives them back.

    A command may not hold ESC or be wrapped in single quotes (VASSAL could not read it back).
    """
    for command in commands:
        if COMMAND_SEPARATOR in command or _unquote(command) != command:
            raise ValueError(f"not a single VASSAL command: {command[:40]!r}")
    return encode_sequence(commands, COMMAND_SEPARATOR)
