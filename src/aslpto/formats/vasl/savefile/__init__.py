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

from aslpto.formats.vasl.savefile.boards import (
    Board as Board,
    BoardLayout as BoardLayout,
    Crop as Crop,
    Overlay as Overlay,
    parse_boards as parse_boards,
)
from aslpto.formats.vasl.savefile.encoding import (
    COMMAND_SEPARATOR as COMMAND_SEPARATOR,
    GEO_BOARD_SIZE as GEO_BOARD_SIZE,
    HEADER as HEADER,
    MAIN_MAP_EDGE as MAIN_MAP_EDGE,
    MODULE_DATA as MODULE_DATA,
    SAVE_DATA as SAVE_DATA,
    SAVED_GAME as SAVED_GAME,
    Command as Command,
    SaveFileError as SaveFileError,
    command_kind as command_kind,
    decode as decode,
    decode_sequence as decode_sequence,
    encode as encode,
    encode_sequence as encode_sequence,
    join_commands as join_commands,
    split_commands as split_commands,
)
from aslpto.formats.vasl.savefile.game import (
    MetaData as MetaData,
    SavedGame as SavedGame,
    encode_save as encode_save,
    parse_save as parse_save,
    read_save as read_save,
    write_save as write_save,
)
from aslpto.formats.vasl.savefile.pieces import (
    Layer as Layer,
    Piece as Piece,
    Stack as Stack,
    Trait as Trait,
    parse_piece as parse_piece,
    parse_stack as parse_stack,
    with_position as with_position,
    with_trait_state as with_trait_state,
)
