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
)
from aslpto.formats.vasl.savefile.boards import (
    BoardLayout as BoardLayout,
)
from aslpto.formats.vasl.savefile.boards import (
    Crop as Crop,
)
from aslpto.formats.vasl.savefile.boards import (
    Overlay as Overlay,
)
from aslpto.formats.vasl.savefile.boards import (
    parse_boards as parse_boards,
)
from aslpto.formats.vasl.savefile.encoding import (
    COMMAND_SEPARATOR as COMMAND_SEPARATOR,
)
from aslpto.formats.vasl.savefile.encoding import (
    GEO_BOARD_SIZE as GEO_BOARD_SIZE,
)
from aslpto.formats.vasl.savefile.encoding import (
    HEADER as HEADER,
)
from aslpto.formats.vasl.savefile.encoding import (
    MAIN_MAP_EDGE as MAIN_MAP_EDGE,
)
from aslpto.formats.vasl.savefile.encoding import (
    MODULE_DATA as MODULE_DATA,
)
from aslpto.formats.vasl.savefile.encoding import (
    SAVE_DATA as SAVE_DATA,
)
from aslpto.formats.vasl.savefile.encoding import (
    SAVED_GAME as SAVED_GAME,
)
from aslpto.formats.vasl.savefile.encoding import (
    Command as Command,
)
from aslpto.formats.vasl.savefile.encoding import (
    SaveFileError as SaveFileError,
)
from aslpto.formats.vasl.savefile.encoding import (
    command_kind as command_kind,
)
from aslpto.formats.vasl.savefile.encoding import (
    decode as decode,
)
from aslpto.formats.vasl.savefile.encoding import (
    decode_sequence as decode_sequence,
)
from aslpto.formats.vasl.savefile.encoding import (
    encode as encode,
)
from aslpto.formats.vasl.savefile.encoding import (
    encode_sequence as encode_sequence,
)
from aslpto.formats.vasl.savefile.encoding import (
    join_commands as join_commands,
)
from aslpto.formats.vasl.savefile.encoding import (
    split_commands as split_commands,
)
from aslpto.formats.vasl.savefile.game import (
    MetaData as MetaData,
)
from aslpto.formats.vasl.savefile.game import (
    SavedGame as SavedGame,
)
from aslpto.formats.vasl.savefile.game import (
    encode_save as encode_save,
)
from aslpto.formats.vasl.savefile.game import (
    parse_save as parse_save,
)
from aslpto.formats.vasl.savefile.game import (
    read_save as read_save,
)
from aslpto.formats.vasl.savefile.game import (
    write_save as write_save,
)
from aslpto.formats.vasl.savefile.pieces import (
    Layer as Layer,
)
from aslpto.formats.vasl.savefile.pieces import (
    Piece as Piece,
)
from aslpto.formats.vasl.savefile.pieces import (
    Stack as Stack,
)
from aslpto.formats.vasl.savefile.pieces import (
    Trait as Trait,
)
from aslpto.formats.vasl.savefile.pieces import (
    parse_piece as parse_piece,
)
from aslpto.formats.vasl.savefile.pieces import (
    parse_stack as parse_stack,
)
from aslpto.formats.vasl.savefile.pieces import (
    with_position as with_position,
)
from aslpto.formats.vasl.savefile.pieces import (
    with_trait_state as with_trait_state,
)
