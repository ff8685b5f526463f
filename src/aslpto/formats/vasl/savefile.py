"""VASL saved games (``.vsav``): read, and write back.

A saved game is a zip archive. Its member ``savedGame`` holds the game as text: the header
``!VCSK``, two hex digits of a key, then each byte of the UTF-8 text as two hex digits, XORed
with the key. The text is a list of VASSAL commands separated by ESC (0x1B); a command made of
several commands is one element of that list with its separators escaped. Members
``moduledata`` and ``savedata`` are small XML files naming the module, the VASSAL version and
the date. ``docs/vasl-saves.md`` describes the format in full.

This module reads the container, splits the commands, decodes the pieces (``+/ID/TYPE/STATE``)
with their traits and layers, and the board layout (``bd\\t...``); it writes saves back.
"""

from __future__ import annotations

import io
import os
import random
import zipfile
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from xml.etree import ElementTree
from xml.sax.saxutils import escape as xml_escape

__all__ = [
    "COMMAND_SEPARATOR",
    "GEO_BOARD_SIZE",
    "HEADER",
    "MAIN_MAP_EDGE",
    "Board",
    "BoardLayout",
    "Command",
    "Crop",
    "Layer",
    "MetaData",
    "Overlay",
    "Piece",
    "SaveFileError",
    "SavedGame",
    "Stack",
    "Trait",
    "command_kind",
    "decode",
    "decode_sequence",
    "encode",
    "encode_save",
    "encode_sequence",
    "join_commands",
    "parse_boards",
    "parse_piece",
    "parse_save",
    "parse_stack",
    "read_save",
    "split_commands",
    "with_position",
    "with_trait_state",
    "write_save",
]

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


# --------------------------------------------------------------------------------------------
# VASSAL's SequenceEncoder


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


# --------------------------------------------------------------------------------------------
# The savedGame member


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


# --------------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True)
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


# --------------------------------------------------------------------------------------------
# Pieces


@dataclass(frozen=True)
class Trait:
    """One trait (VASSAL decorator) of a piece: ``type`` is ``kind;args``, ``state`` its own."""

    kind: str
    type: str
    state: str

    @property
    def args(self) -> list[str]:
        """The type's fields after the kind (``;``-separated)."""
        return decode_sequence(self.type, ";")[1:]


@dataclass(frozen=True)
class Layer:
    """A layer trait (``emb2``): the images it can show and which one it shows.

    ``value`` is the state as saved: the level (1 = first image), negative when the layer
    is not active (VASSAL's ``Embellishment``). ``levels`` are the names of the images: a
    name with a ``+`` before or after it is put after or before the piece's name.
    ``offset`` is where the image is drawn relative to the piece; ``activate`` the key(s)
    that switch it on; ``follow_property`` the property whose value sets the level, if any.
    """

    name: str
    images: tuple[str, ...]
    levels: tuple[str, ...]
    value: int
    offset: tuple[int, int]
    activate: str
    follow_property: str | None
    first_level_value: int

    @property
    def active(self) -> bool:
        """True if the layer is drawn."""
        return self.value > 0

    @property
    def level(self) -> int:
        """The current level, 1-based, whether or not the layer is active."""
        return abs(self.value)

    @property
    def image(self) -> str | None:
        """The image drawn now, None if the layer is inactive or the level has none."""
        if self.active and self.value <= len(self.images):
            return self.images[self.value - 1]
        return None

    @property
    def level_name(self) -> str | None:
        """The name of the level drawn now, None if the layer is inactive."""
        if self.active and self.value <= len(self.levels):
            return self.levels[self.value - 1]
        return None

    def rename(self, inner: str) -> str:
        """The piece's name with this layer on it, ``inner`` being the name under it."""
        level_name = self.level_name
        if not level_name:
            return inner
        parts = decode_sequence(level_name, "+")
        if len(parts) == 1:
            return parts[0]
        first, second = parts[0], parts[1]
        return inner + second if not first else first + inner


@dataclass(frozen=True)
class Piece:
    """A piece added by a ``+/ID/TYPE/STATE`` command, its traits outermost first.

    ``map`` (None when off every map), ``x``, ``y`` and ``gpid`` are the state of the
    innermost trait (``piece``); ``name`` is the name its owner sees, built as VASSAL
    builds it through the layers and labels; ``images`` are the images drawn, innermost
    first. ``hidden_by`` and ``concealed_by`` name the player who hid (HIP, ``hide``) or
    concealed (``conceal``) it. ``stack`` is the id of the stack holding it, if any (set
    when a whole save is read): a stacked piece is drawn where its stack is.
    """

    id: str
    type: str
    state: str
    map: str | None
    x: int
    y: int
    gpid: str
    name: str
    basic_name: str
    images: tuple[str, ...]
    traits: tuple[Trait, ...]
    layers: tuple[Layer, ...]
    properties: tuple[tuple[str, str], ...]
    hidden_by: str | None
    concealed_by: str | None
    extra_state: tuple[str, ...]
    stack: str | None = None

    @property
    def persistent_properties(self) -> tuple[tuple[str, str], ...]:
        """Properties VASSAL 3.3 and later keep after the gpid: a count, then names and values."""
        if not self.extra_state or not self.extra_state[0].isdigit():
            return ()
        count = int(self.extra_state[0])
        values = self.extra_state[1 : 1 + 2 * count]
        return tuple(zip(values[0::2], values[1::2], strict=False))

    @property
    def image(self) -> str | None:
        """The face on top: the outermost active layer image drawn unshifted, else the base."""
        for layer in self.layers:
            if layer.image and layer.image.strip() and layer.offset == (0, 0):
                return layer.image
        base = self.traits[-1].args[2] if len(self.traits[-1].args) > 2 else ""
        return base if base.strip() else None

    @property
    def broken(self) -> bool | None:
        """True if a layer shows a broken side, False if it could, None if it has none."""
        return self._showing("broken")

    @property
    def malfunctioned(self) -> bool | None:
        """True if a layer shows a malfunctioned side, False if it could, None if it has none."""
        return self._showing("malf")

    def _showing(self, word: str) -> bool | None:
        found = False
        for layer in self.layers:
            if any(level.startswith(word) for level in layer.levels):
                found = True
                if layer.active and (layer.level_name or "").startswith(word):
                    return True
        return False if found else None

    def property(self, name: str) -> str | None:
        """A property set by a ``mark`` or ``PROP`` trait, outermost first."""
        for key, value in self.properties:
            if key == name:
                return value
        return None

    def layer(self, name: str) -> Layer | None:
        """The outermost layer of that name."""
        for layer in self.layers:
            if layer.name == name:
                return layer
        return None

    def traits_of(self, kind: str) -> list[Trait]:
        """The traits of one kind, outermost first."""
        return [trait for trait in self.traits if trait.kind == kind]


@dataclass(frozen=True)
class Stack:
    """A stack (``+/ID/stack/map;x;y;ids``): where it is and its pieces, bottom first."""

    id: str
    map: str | None
    x: int
    y: int
    pieces: tuple[str, ...]


def _split_chain(text: str) -> list[str]:
    """A decorator chain (``outer\\tinner...``), outermost first.

    Each trait wraps the rest: ``encode_sequence([trait, rest], "\\t")`` at every level, so
    the tab after the j-th trait has j backslashes before it. When every part shows exactly
    that (no trait holding a tab, none quoted), one split decodes the chain; otherwise the
    levels are decoded one by one.
    """
    parts = text.split("\t")
    last = len(parts) - 1
    fast: list[str] = []
    for j, part in enumerate(parts):
        if j < last:
            if len(part) - len(part.rstrip("\\")) != j:
                break
            part = part[: len(part) - j]
        if part.startswith("'"):
            break
        fast.append(part)
    else:
        return fast
    return _split_chain_levels(text)


def _split_chain_levels(text: str) -> list[str]:
    out: list[str] = []
    while True:
        parts = decode_sequence(text, "\t")
        out.append(parts[0])
        if len(parts) == 1:
            return out
        if len(parts) > 2:
            raise ValueError("a trait list has more than two parts at one level")
        text = parts[1]


def _to_int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} is not a whole number: {text!r}") from None


def _map_id(text: str) -> str | None:
    return None if text == "null" else text


def _split_add(command: str) -> tuple[str, str, str]:
    if not command.startswith("+/"):
        raise ValueError(f"not an add-piece command: {command[:20]!r}")
    parts = decode_sequence(command[2:], "/")
    if len(parts) != 3:
        raise ValueError(f"an add-piece command has {len(parts)} parts, not 3 (ID/TYPE/STATE)")
    return parts[0], parts[1], parts[2]


def parse_stack(command: str) -> Stack:
    """The stack added by a ``+/ID/stack/STATE`` command."""
    piece_id, kind, state = _split_add(command)
    if kind != "stack":
        raise ValueError(f"piece {piece_id}: not a stack")
    return _stack(piece_id, state)


def _stack(piece_id: str, state: str) -> Stack:
    fields = decode_sequence(state, ";")
    if len(fields) < 3:
        raise ValueError(f"stack {piece_id}: state {state!r} lacks map;x;y")
    return Stack(
        id=piece_id,
        map=_map_id(fields[0]),
        x=_to_int(fields[1], f"stack {piece_id} x"),
        y=_to_int(fields[2], f"stack {piece_id} y"),
        pieces=tuple(fields[3:]),
    )


def _layer(trait: Trait) -> Layer:
    f = trait.args
    f += [""] * (29 - len(f))

    def number(text: str, default: int) -> int:
        try:
            return int(text)
        except ValueError:
            return default

    images = tuple(decode_sequence(f[15], ",")) if f[15] else ()
    levels = tuple(decode_sequence(f[16], ",")) if f[16] else ()
    levels += ("",) * (len(images) - len(levels))
    state = decode_sequence(trait.state, ";")[0]
    return Layer(
        name=f[18],
        images=images,
        levels=levels,
        value=number(state, -1),
        offset=(number(f[13], 0), number(f[14], 0)),
        activate=f[2],
        follow_property=f[22] if f[21] == "true" and f[22] else None,
        first_level_value=number(f[23], 1),
    )


def _follow(layer: Layer, properties: dict[str, str]) -> Layer:
    """The layer at the level its followed property gives, when the property is known."""
    if layer.follow_property is None or layer.follow_property not in properties:
        return layer
    try:
        level = int(properties[layer.follow_property]) - layer.first_level_value + 1
    except ValueError:
        return layer
    level = max(1, min(level, len(layer.images)))
    return replace(layer, value=level if layer.value > 0 else -level)


def _label_name(trait: Trait, inner: str) -> str:
    label = trait.state.strip()
    if not label:
        return inner
    args = trait.args
    fmt = args[11] if len(args) > 11 and args[11] else "$pieceName$ ($label$)"
    return fmt.replace("$pieceName$", inner).replace("$label$", label)


def _obscured_by(state: str) -> str | None:
    first = decode_sequence(state, ";")[0]
    return None if first in ("null", "") else first


def parse_piece(command: str) -> Piece:
    """The piece added by a ``+/ID/TYPE/STATE`` command (not a stack)."""
    piece_id, type_text, state_text = _split_add(command)
    if type_text == "stack":
        raise ValueError(f"piece {piece_id}: a stack, not a piece")
    return _piece(piece_id, type_text, state_text)


def _piece(piece_id: str, type_text: str, state_text: str) -> Piece:
    try:
        types = _split_chain(type_text)
        states = _split_chain(state_text)
    except ValueError as error:
        raise ValueError(f"piece {piece_id}: {error}") from None
    if len(states) > len(types):
        raise ValueError(f"piece {piece_id}: {len(states)} states for {len(types)} traits")
    states += [""] * (len(types) - len(states))
    traits = tuple(
        Trait(kind=t.split(";", 1)[0], type=t, state=s) for t, s in zip(types, states, strict=True)
    )
    basic = traits[-1]
    if basic.kind != "piece":
        raise ValueError(f"piece {piece_id}: innermost trait is {basic.kind!r}, not 'piece'")
    position = decode_sequence(basic.state, ";")
    if len(position) < 3:
        raise ValueError(f"piece {piece_id}: state {basic.state!r} lacks map;x;y")
    basic_args = [*basic.args, "", "", "", ""]
    basic_name = basic_args[3]

    properties: list[tuple[str, str]] = []
    for trait in traits:
        if trait.kind == "mark":
            keys = decode_sequence(trait.type[len("mark;") :], ",")
            values = decode_sequence(trait.state, ",")
            properties.extend(zip(keys, values, strict=False))
        elif trait.kind == "PROP":
            args = trait.args
            if args:
                properties.append((args[0], trait.state))
    known = dict(reversed(properties))

    layers: list[Layer] = []
    hidden_by: str | None = None
    concealed_by: str | None = None
    for trait in traits:
        if trait.kind == "emb2":
            layers.append(_follow(_layer(trait), known))
        elif trait.kind == "hide" and hidden_by is None:
            hidden_by = _obscured_by(trait.state)
        elif trait.kind in ("conceal", "obs") and concealed_by is None:
            concealed_by = _obscured_by(trait.state)

    name = basic_name
    images: list[str] = []
    if basic_args[2].strip():
        images.append(basic_args[2])
    by_trait = iter(layers[::-1])
    for trait in reversed(traits[:-1]):
        if trait.kind == "emb2":
            layer = next(by_trait)
            name = layer.rename(name)
            if layer.image and layer.image.strip():
                images.append(layer.image)
        elif trait.kind == "label":
            name = _label_name(trait, name)

    return Piece(
        id=piece_id,
        type=type_text,
        state=state_text,
        map=_map_id(position[0]),
        x=_to_int(position[1], f"piece {piece_id} x"),
        y=_to_int(position[2], f"piece {piece_id} y"),
        gpid=position[3] if len(position) > 3 else "",
        name=name,
        basic_name=basic_name,
        images=tuple(images),
        traits=traits,
        layers=tuple(layers),
        properties=tuple(properties),
        hidden_by=hidden_by,
        concealed_by=concealed_by,
        extra_state=tuple(position[4:]),
    )


def with_position(command: str, x: int, y: int, map_id: str | None = None) -> str:
    """An add-piece command (piece or stack) with the position (and map, if given) changed.

    A piece inside a stack is drawn where its stack is: move the stack.
    """
    piece_id, type_text, state_text = _split_add(command)
    if type_text == "stack":
        fields = decode_sequence(state_text, ";")
    else:
        fields = decode_sequence(_split_chain(state_text)[-1], ";")
    if len(fields) < 3:
        raise ValueError(f"piece {piece_id}: state lacks map;x;y")
    fields[1:3] = [str(x), str(y)]
    if map_id is not None:
        fields[0] = map_id
    if type_text == "stack":
        return "+/" + encode_sequence([piece_id, type_text, encode_sequence(fields, ";")], "/")
    return with_trait_state(command, -1, encode_sequence(fields, ";"))


def with_trait_state(command: str, index: int, state: str) -> str:
    """An add-piece command with the state of one trait replaced (``index`` counts from the
    outermost trait, 0; ``-1`` is the innermost, ``piece``)."""
    piece_id, type_text, state_text = _split_add(command)
    if type_text == "stack":
        raise ValueError(f"piece {piece_id}: a stack has no traits")
    count = len(_split_chain(type_text))
    states = _split_chain(state_text)
    states += [""] * (count - len(states))
    states[index] = state
    new_state = states[-1]
    for outer in reversed(states[:-1]):
        new_state = encode_sequence([outer, new_state], "\t")
    return "+/" + encode_sequence([piece_id, type_text, new_state], "/")


# --------------------------------------------------------------------------------------------
# Boards


@dataclass(frozen=True)
class Crop:
    """A board's crop rectangle, in the board's own pixels (``-1``: to the edge)."""

    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class Overlay:
    """An overlay placed on a board: its name and the two hexes that place it."""

    name: str
    hex1: str
    hex2: str
    extra: tuple[str, ...] = ()


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


# --------------------------------------------------------------------------------------------
# The save


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def parse_save(data: bytes, source: str = "<bytes>") -> SavedGame:
    """A saved game from the bytes of a ``.vsav`` archive; ``source`` names it in errors."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise SaveFileError(source, "not a zip archive") from None
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
    try:
        return archive.read(name)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as error:
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
    """Read a ``.vsav`` file; a file that is not a readable save raises ``SaveFileError``."""
    with open(path, "rb") as file:
        data = file.read()
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
