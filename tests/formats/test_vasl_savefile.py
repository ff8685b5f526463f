"""VASL saved games: the container, the commands, pieces, boards, writing back, bad input.

Real saves are read at run time from ``<repo>/../shared/vasl/saves`` (or
``/work/shared/vasl/saves``); tests that need them skip when neither exists. The decoder's
own tests write small saves here.
"""

from __future__ import annotations

import collections
import io
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from aslpto.formats.vasl import savefile as vs
from aslpto.formats.vasl.savefile import (
    COMMAND_SEPARATOR,
    Board,
    Crop,
    MetaData,
    Overlay,
    SaveFileError,
    decode,
    decode_sequence,
    encode,
    encode_save,
    encode_sequence,
    join_commands,
    parse_boards,
    parse_piece,
    parse_save,
    read_save,
    split_commands,
    with_position,
    with_trait_state,
    write_save,
)
from aslpto.formats.vasl.savefile.encoding import _decode_with_key

ESC = COMMAND_SEPARATOR


def _saves_dir() -> Path | None:
    repo = Path(__file__).resolve().parents[2]
    for folder in (repo.parent / "shared" / "vasl" / "saves", Path("/work/shared/vasl/saves")):
        if folder.is_dir():
            return folder
    return None


SAVES = _saves_dir()
needs_saves = pytest.mark.skipif(
    SAVES is None, reason="no VASL saves at ../shared/vasl/saves or /work/shared/vasl/saves"
)


def _save(name: str) -> Path:
    if SAVES is None or not (SAVES / name).is_file():
        pytest.skip(f"VASL save {name!r} not found")
    return SAVES / name


def _all_saves() -> list[Path]:
    return sorted(SAVES.glob("*.vsav")) if SAVES is not None else []


# name: (pieces, stacks, commands, board commands, extension commands)
COUNTS = {
    "Hill 621 (Scenario E) (online).vsav": (165, 161, 352, 2, 9),
    "Hill 621 (Scenario E).vsav": (165, 161, 352, 2, 9),
    "The Streets Of Stalingrad (Scenario C) (online).vsav": (344, 255, 623, 2, 9),
    "The Streets Of Stalingrad (Scenario C).vsav": (344, 255, 623, 2, 9),
    "basic.vsav": (23, 23, 62, 1, 7),
    "common-vo.vsav": (14, 19, 49, 1, 7),
    "empty.vsav": (0, 0, 8, 1, 0),
    "extensions-bfp.vsav": (4, 6, 26, 1, 7),
    "ffs.vsav": (5, 10, 40, 2, 10),
    "full.vsav": (28, 6, 57, 2, 8),
    "hill621-legacy.vsav": (161, 158, 335, 1, 5),
    "hip-concealed.vsav": (4, 4, 17, 1, 0),
    "labels.vsav": (10, 4, 23, 1, 0),
    "landing-craft.vsav": (6, 6, 28, 1, 7),
    "latw-legacy.vsav": (8, 0, 22, 1, 5),
    "latw.vsav": (9, 2, 34, 2, 8),
    "player-owned-labels-legacy.vsav": (7, 2, 32, 2, 8),
    "player-owned-labels.vsav": (7, 2, 32, 2, 8),
    "reverse-remapped-gpids-650.vsav": (9, 8, 39, 2, 7),
    "vo-entry-selection-for-theater.vsav": (6, 6, 35, 2, 8),
}

HILL_621 = ("Hill 621 (Scenario E).vsav", "Hill 621 (Scenario E) (online).vsav")
STALINGRAD = (
    "The Streets Of Stalingrad (Scenario C).vsav",
    "The Streets Of Stalingrad (Scenario C) (online).vsav",
)


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


# --------------------------------------------------------------------------------------------
# SequenceEncoder

DELIMITERS = st.sampled_from([",", ";", "\t", "/", ESC, "+", "|", "a"])


@given(
    st.lists(st.text(alphabet=st.sampled_from("ab,;\t/\x1b+|\\' "), max_size=8), min_size=1),
    DELIMITERS,
)
def test_sequence_round_trip(items: list[str], delimiter: str) -> None:
    assert decode_sequence(encode_sequence(items, delimiter), delimiter) == items


@given(st.lists(st.text(), min_size=1), DELIMITERS)
def test_sequence_round_trip_any_text(items: list[str], delimiter: str) -> None:
    assert decode_sequence(encode_sequence(items, delimiter), delimiter) == items


def test_sequence_escapes_and_quotes() -> None:
    assert encode_sequence(["A", "B,C"], ",") == "A,B\\,C"
    assert decode_sequence("A,B\\,C", ",") == ["A", "B,C"]
    assert encode_sequence(["x\\", "y"], ",") == "'x\\',y"
    assert encode_sequence(["'q'"], ",") == "''q''"
    assert decode_sequence("'q'", ",") == ["q"]
    assert decode_sequence("'", ",") == ["'"]
    assert decode_sequence("", ",") == [""]
    assert decode_sequence("a,", ",") == ["a", ""]
    assert decode_sequence("a\\", ",") == ["a\\"]
    # VASSAL 3.4 quotes an element starting with a backslash; it reads the same.
    assert decode_sequence("'\\x',y", ",") == ["\\x", "y"]
    with pytest.raises(ValueError, match="empty sequence"):
        encode_sequence([], ",")
    with pytest.raises(ValueError, match="delimiter"):
        encode_sequence(["a"], "\\")


# --------------------------------------------------------------------------------------------
# Commands

COMMAND = st.text(alphabet=st.sampled_from("ab+/\t;\\' bd"), max_size=12).filter(
    lambda c: len(c) < 2 or not (c[0] == "'" and c[-1] == "'")
)


@given(st.lists(COMMAND, min_size=1))
def test_command_round_trip(commands: list[str]) -> None:
    assert split_commands(join_commands(commands)) == commands


@given(st.lists(COMMAND, min_size=1), st.lists(COMMAND, min_size=2), st.lists(COMMAND, min_size=1))
def test_nested_commands_are_expanded(
    before: list[str], inner: list[str], after: list[str]
) -> None:
    text = encode_sequence([*before, join_commands(inner), *after], ESC)
    assert split_commands(text) == [*before, *inner, *after]


def test_join_refuses_what_cannot_come_back() -> None:
    with pytest.raises(ValueError, match="single VASSAL command"):
        join_commands(["a" + ESC + "b"])
    with pytest.raises(ValueError, match="single VASSAL command"):
        join_commands(["'quoted'"])


def test_command_kinds() -> None:
    assert vs.command_kind("+/1/piece;;;a;b/null;0;0;1") == "add_piece"
    assert vs.command_kind("bd\t") == "boards"
    assert vs.command_kind("begin_save") == "begin_save"
    assert vs.command_kind("CHAT<me> hello") == "chat"
    assert vs.command_kind("") == "empty"
    assert vs.command_kind("SOMETHING\telse") == "other"


# --------------------------------------------------------------------------------------------
# The savedGame member


@given(st.text(), st.integers(0, 255))
def test_obfuscation_round_trip(text: str, key: int) -> None:
    data = encode(text, key)
    assert data.startswith(b"!VCSK")
    assert data[5:7] == f"{key:02x}".encode()
    assert decode(data) == text
    assert _decode_with_key(data, "x") == (text, key)


@given(st.text(), st.integers(0, 255))
def test_encode_is_the_inverse_of_decode(text: str, key: int) -> None:
    data = encode(text, key)
    assert encode(decode(data), key) == data


def test_obfuscation_by_hand() -> None:
    key = 0x2A
    plain = "begin_save\x1bend_save"
    data = b"!VCSK2a" + bytes(b ^ key for b in plain.encode()).hex().upper().encode()
    assert decode(data) == plain
    assert encode(plain, key) == data.lower().replace(b"!vcsk", b"!VCSK")


def test_plain_text_is_read() -> None:
    assert decode(b"begin_save\x1bend_save") == "begin_save\x1bend_save"


def test_text_is_utf8() -> None:
    assert decode(encode("CHAT<a> Spähtrupp ✓", 7)) == "CHAT<a> Spähtrupp ✓"
    assert "\u00e4".encode() in bytes.fromhex(encode("ä", 0)[7:].decode())


# --------------------------------------------------------------------------------------------
# Small saves written here

PIECE_TYPE = encode_sequence(
    [
        "label;76,130;Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;",
        encode_sequence(
            [
                "emb2;;2;F;;2;;;2;;;;0;false;0;0;am/ams7b,am/ams6b;broken +,broken +;false;BRK;;;"
                "false;;1;1;false;70,130;;",
                encode_sequence(
                    [
                        "emb2;;2;;Flip;2;;;2;;;;0;false;0;0;am/am667S,am/am666S;"
                        "6-6-7 Esq,6-6-6 1sq;true;;;;false;;1;1;true;;;",
                        "piece;K;D; ;6-6-7 Esq",
                    ],
                    "\t",
                ),
            ],
            "\t",
        ),
    ],
    "\t",
)


def _piece_state(label: str, broken: int, face: int, x: int, y: int) -> str:
    inner = encode_sequence([str(face), f"Main Map;{x};{y};123"], "\t")
    return encode_sequence([label, encode_sequence([str(broken), inner], "\t")], "\t")


def _add(piece_id: str, type_text: str, state: str) -> str:
    return "+/" + encode_sequence([piece_id, type_text, state], "/")


def _small_commands() -> list[str]:
    pieces = encode_sequence(
        [
            "",
            _add("10", PIECE_TYPE, _piece_state("", -1, 1, 456, 464)),
            _add("11", PIECE_TYPE, _piece_state("Sgt. York", 2, 2, 456, 464)),
            _add("12", "stack", "Main Map;456;464;10;11"),
        ],
        ESC,
    )
    boards = (
        "bd\t0\t0\tr37\t0\t0\t900\t645\tVER\t1.2\tOVR\tx1\tA1\tB2\tOVR\tp3\tC4\tC4\ttrue\t"
        "SSR\tDenseJungle PalmTrees\tRoadsToPaths\tZOOM\t1.0\tbd\t1\t0\t02\tVER\t6.4\tODD"
    )
    return ["begin_save", "", pieces, "INFO\tAxis", boards, "CHAT<a> hi", "end_save"]


def _small_save(tmp_path: Path, *, key: int = 0x5C) -> Path:
    text = encode_sequence(_small_commands(), ESC)
    module = b'<?xml version="1.0"?><data><version>6.5.1</version><name>VASL</name></data>'
    path = tmp_path / "small.vsav"
    path.write_bytes(_zip({"savedGame": encode(text, key), "moduledata": module}))
    return path


def test_small_save(tmp_path: Path) -> None:
    game = read_save(_small_save(tmp_path))
    assert game.key == 0x5C
    assert [c.kind for c in game.commands] == [
        "begin_save",
        "empty",
        "empty",
        "add_piece",
        "add_piece",
        "add_piece",
        "scenario_info",
        "boards",
        "chat",
        "end_save",
    ]
    assert game.module is not None and game.module.name == "VASL"
    assert game.module.version == "6.5.1" and game.save is None

    fresh, broken = game.pieces
    assert fresh.name == "6-6-7 Esq" and fresh.image == "am/am667S" and fresh.broken is False
    assert (fresh.map, fresh.x, fresh.y, fresh.gpid) == ("Main Map", 456, 464, "123")
    assert [t.kind for t in fresh.traits] == ["label", "emb2", "emb2", "piece"]
    assert broken.name == "broken 6-6-6 1sq (Sgt. York)"
    assert broken.image == "am/ams6b" and broken.broken is True
    assert broken.images == ("am/am666S", "am/ams6b")
    layer = broken.layer("BRK")
    assert layer is not None and layer.level == 2 and layer.active
    assert fresh.stack == broken.stack == "12"
    (stack,) = game.stacks
    assert stack.pieces == ("10", "11") and game.location(fresh) == ("Main Map", 456, 464)

    layout = game.boards
    assert layout is not None and layout.columns == 2 and layout.rows == 1
    first, second = layout.boards
    assert first == Board(
        name="37",
        code="r37",
        column=0,
        row=0,
        reversed=True,
        crop=Crop(0, 0, 900, 645),
        version="1.2",
        overlays=(Overlay("x1", "A1", "B2"), Overlay("p3", "C4", "C4", ("true",))),
        ssr=("DenseJungle", "PalmTrees", "RoadsToPaths"),
        zoom=1.0,
        full_hex_crop=False,
        unparsed=(),
        raw=first.raw,
    )
    assert (second.name, second.code, second.version, second.reversed) == ("2", "02", "6.4", False)
    assert second.unparsed == ("ODD",)


def test_board_geometry() -> None:
    layout = parse_boards("bd\t0\t0\t01\tVER\t6.1\tbd\t1\t0\tr02\tVER\t6.3\tbd\t0\t1\t03\tVER\t6.3")
    one, two, three = layout.boards
    assert layout.origin(one) == (400, 400)
    assert layout.origin(two) == (2200, 400)
    assert layout.origin(three) == (400, 1045)
    assert layout.locate(512, 496) == (one, 112, 96)
    # Board 2 is turned: its own pixel (0, 32) is at the map's far corner.
    assert layout.locate(2200 + 1800 - 0, 400 + 645 - 32) is None
    assert layout.locate(2200 + 1800 - 1, 400 + 645 - 32) == (two, 1, 32)
    assert layout.locate(399, 500) is None
    cropped = parse_boards("bd\t0\t0\t01\t900\t0\t900\t645\tVER\t6.1\tbd\t1\t0\t02\tVER\t6.3")
    left, right = cropped.boards
    assert cropped.board_size(left) == (900, 645) and cropped.origin(right) == (1300, 400)
    assert cropped.locate(400 + 10, 420) == (left, 910, 20)
    assert parse_boards("bd\t").boards == ()


def test_moving_a_piece_and_flipping_a_layer(tmp_path: Path) -> None:
    game = read_save(_small_save(tmp_path))
    command = game.commands[3].text
    moved = parse_piece(with_position(command, 10, 20, "Other"))
    assert (moved.map, moved.x, moved.y, moved.gpid) == ("Other", 10, 20, "123")
    assert moved.traits[:-1] == parse_piece(command).traits[:-1]
    flipped = parse_piece(with_trait_state(command, 1, "1"))
    assert flipped.broken is True and flipped.name == "broken 6-6-7 Esq"
    stack = vs.parse_stack(with_position(game.commands[5].text, 1, 2))
    assert (stack.x, stack.y, stack.pieces) == (1, 2, ("10", "11"))


# --------------------------------------------------------------------------------------------
# Bad input


def _error(path: Path) -> str:
    with pytest.raises(SaveFileError) as caught:
        read_save(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def _bad(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "bad.vsav"
    path.write_bytes(data)
    return path


def test_not_a_zip(tmp_path: Path) -> None:
    assert "not a zip archive" in _error(_bad(tmp_path, b"hello"))


def test_zip_without_saved_game(tmp_path: Path) -> None:
    message = _error(_bad(tmp_path, _zip({"moduledata": b"<data/>"})))
    assert "no member savedGame (members: moduledata)" in message


def test_truncated_key(tmp_path: Path) -> None:
    assert "truncated" in _error(_bad(tmp_path, _zip({"savedGame": b"!VCSK6"})))


def test_odd_length_hex(tmp_path: Path) -> None:
    message = _error(_bad(tmp_path, _zip({"savedGame": encode("begin_save", 3)[:-1]})))
    assert "odd number of hex digits" in message


def test_truncated_hex_digit(tmp_path: Path) -> None:
    data = encode("begin_save", 3)[:-2] + b"g0"
    assert "not a hex digit at byte" in _error(_bad(tmp_path, _zip({"savedGame": data})))


def test_hex_with_spaces(tmp_path: Path) -> None:
    data = encode("begin_save", 3)[:9] + b"  " + encode("begin_save", 3)[9:-2]
    assert "not a hex digit at byte 9" in _error(_bad(tmp_path, _zip({"savedGame": data})))


def test_unsupported_header(tmp_path: Path) -> None:
    message = _error(_bad(tmp_path, _zip({"savedGame": b"!VCSX00abcd"})))
    assert "encoding not supported: starts with b'!VCSX00abcd'" in message


def test_not_utf8(tmp_path: Path) -> None:
    data = b"!VCSK00" + b"begin_save\xff".hex().encode()
    assert "not UTF-8 at byte 10" in _error(_bad(tmp_path, _zip({"savedGame": data})))


def test_bad_metadata(tmp_path: Path) -> None:
    data = _zip({"savedGame": encode("begin_save", 1), "savedata": b"<data>"})
    assert "savedata is not XML" in _error(_bad(tmp_path, data))


def test_bad_piece(tmp_path: Path) -> None:
    data = _zip({"savedGame": encode("begin_save\x1b+/1/piece;;;a;b", 1)})
    assert "command 1 (add_piece)" in _error(_bad(tmp_path, data))


# --------------------------------------------------------------------------------------------
# Real saves


@needs_saves
@pytest.mark.parametrize("path", _all_saves(), ids=lambda p: p.name)
def test_every_save_reads(path: Path) -> None:
    game = read_save(path)
    raw = zipfile.ZipFile(path).read("savedGame")
    assert game.key is not None and encode(game.text, game.key) == raw
    # Every ESC in the text, escaped or not, separates two commands.
    assert len(game.commands) == game.text.count(ESC) + 1
    assert game.commands[0].kind == "begin_save" and game.commands[-1].kind == "end_save"
    kinds = collections.Counter(c.kind for c in game.commands)
    assert kinds["add_piece"] == len(game.pieces) + len(game.stacks)
    assert kinds["add_piece"] == game.text.count(ESC + "+/")
    assert kinds["other"] == 0
    assert game.module is not None and game.module.name == "VASL"
    assert game.save is not None and game.save.saved_at is not None
    if path.name in COUNTS:
        counts = (len(game.pieces), len(game.stacks), len(game.commands))
        assert (*counts, kinds["boards"], kinds["extension"]) == COUNTS[path.name]
    ids = {p.id for p in game.pieces}
    assert all(i in ids for s in game.stacks for i in s.pieces)
    for piece in game.pieces:
        assert piece.traits[-1].kind == "piece"
        assert piece.image is None or piece.image in piece.images


@needs_saves
def test_every_save_is_counted() -> None:
    assert {p.name for p in _all_saves()} >= set(COUNTS)


@needs_saves
@pytest.mark.parametrize("name", [*HILL_621, "hill621-legacy.vsav"])
def test_hill_621_boards(name: str) -> None:
    game = read_save(_save(name))
    expected = [("2", "02", 0, 0, "6.4"), ("4", "04", 0, 1, "6.1"), ("3", "03", 0, 2, "6.3")]
    assert len(game.layouts) == (1 if name == "hill621-legacy.vsav" else 2)
    for layout in game.layouts:
        assert layout.raw == game.layouts[0].raw
        assert [(b.name, b.code, b.column, b.row, b.version) for b in layout.boards] == expected
        for board in layout.boards:
            assert not board.reversed and board.crop is None and board.zoom is None
            assert board.overlays == () and board.ssr == () and board.unparsed == ()
        assert (layout.columns, layout.rows) == (1, 3)
        assert [layout.origin(b) for b in layout.boards] == [(400, 400), (400, 1045), (400, 1690)]
    assert game.module is not None
    assert game.module.version == ("6.4.1" if name == "hill621-legacy.vsav" else "6.5.1")


@needs_saves
@pytest.mark.parametrize("name", STALINGRAD)
def test_stalingrad_boards(name: str) -> None:
    game = read_save(_save(name))
    assert len(game.layouts) == 2 and game.layouts[0] == game.layouts[1]
    (board,) = game.layouts[0].boards
    assert (board.name, board.code, board.version) == ("1", "01", "6.1")
    assert (board.column, board.row) == (0, 0)
    assert not board.reversed and board.crop is None and board.ssr == () and board.overlays == ()


@needs_saves
@pytest.mark.parametrize("name", STALINGRAD)
def test_stalingrad_pieces(name: str) -> None:
    game = read_save(_save(name))
    names = collections.Counter(p.name for p in game.pieces)
    assert names["6-2-8 Esq"] == 12 and names["5-2-7 1sq"] == 26 and names["?"] == 30
    assert names["Half-hex Blue perimeter"] == 76 and names["Half-hex Black perimeter"] == 44
    # A counter's name is its palette name, its face the layer's level: 26 pieces made as
    # 6-2-8 Esq show their 5-2-7 1sq face.
    basic = collections.Counter(p.basic_name for p in game.pieces)
    assert basic["6-2-8 Esq"] == 38 and basic["4-6-8 Esq"] == 26
    on_board: collections.Counter[str] = collections.Counter()
    for piece in game.pieces:
        where = game.location(piece)
        found = game.boards.locate(where[1], where[2]) if game.boards else None
        if where[0] == "Main Map" and found is not None:
            on_board[piece.basic_name] += 1
            x = found[1]
            if "perimeter" in piece.name:
                # Perimeter markers sit on hexsides: on a column of hex centres, or half way
                # between two (a column is 1800 / 32 pixels wide).
                column = x / (1800 / 32)
                assert abs(column * 2 - round(column * 2)) < 0.05
    assert on_board == {"Blue perimeter": 76, "Black perimeter": 44, "User-Labeled": 1}
    squad = next(p for p in game.pieces if p.name == "6-2-8 Esq")
    assert squad.image == "ru/ru628S" and squad.broken is False and squad.stack is not None


@needs_saves
def test_hill_621_pieces() -> None:
    game = read_save(_save("Hill 621 (Scenario E).vsav"))
    radio = game.piece("1533971115730")
    assert radio is not None and radio.name == "Radio (80+mm)" and radio.image == "ge/geradio"
    assert radio.malfunctioned is False and radio.broken is None
    leader = game.piece("1533971414821")
    assert leader is not None and leader.name == "8-0" and leader.image == "ge/geL80"
    layer = leader.layer("BRK")
    assert layer is not None and layer.value == -6 and not layer.active and layer.level == 6
    squad = game.piece("1534823258871")
    assert squad is not None and squad.name == "6-2-8 Esq" and squad.image == "ru/ru628S"
    assert squad.property("DBCounterType") == "unit" and squad.property("Owner") == "taka"
    assert (squad.map, squad.x, squad.y) == ("Main Map", 2242, 2312)
    names = collections.Counter(p.name for p in game.pieces)
    assert names["5-2-7 1sq"] == 24 and names["4-4-7 1sq"] == 24 and names["8-0"] == 3
    # Everything waits off the boards: in the map's margins or in the Casualties Bin.
    assert game.boards is not None
    assert all(game.boards.locate(*game.location(p)[1:]) is None for p in game.pieces)


@needs_saves
def test_broken_side() -> None:
    game = read_save(_save("Hill 621 (Scenario E).vsav"))
    command = next(c.text for c in game.commands if c.text.startswith("+/1534823258871/"))
    squad = parse_piece(command)
    index = next(i for i, t in enumerate(squad.traits) if t.kind == "emb2" and "BRK;" in t.type)
    broken = parse_piece(with_trait_state(command, index, "1"))
    assert broken.broken is True
    assert broken.name == "broken 6-2-8 Esq" and broken.image == "ru/rus8b"
    assert broken.images == ("ru/ru628S", "ru/rus8b")


@needs_saves
def test_hip_and_concealment() -> None:
    game = read_save(_save("hip-concealed.vsav"))
    by_name = {p.basic_name: p for p in game.pieces}
    assert by_name["PzKw VIE"].concealed_by == "password" and by_name["PzKw VIE"].hidden_by is None
    assert by_name["SU-152"].hidden_by == "password" and by_name["SU-152"].concealed_by is None
    assert [t.kind for t in by_name["?"].traits][-2:] == ["concealment", "piece"]
    assert by_name["?"].image == "ge/geqmark58" and by_name["?"].hidden_by is None


@needs_saves
def test_persistent_properties_of_vassal_3_4() -> None:
    game = read_save(_save("ffs.vsav"))
    gun = game.piece("1606954826423")
    assert gun is not None and dict(gun.persistent_properties)["OldMap"] == "Main Map"
    assert game.module is not None and game.module.vassal_version == "3.4.6"


@needs_saves
@pytest.mark.parametrize("path", _all_saves(), ids=lambda p: p.name)
def test_real_save_round_trip(path: Path, tmp_path: Path) -> None:
    game = read_save(path)
    copy = tmp_path / "copy.vsav"
    write_save(copy, game.commands, key=game.key, module=game.module, save=game.save)
    again = read_save(copy)
    assert again.commands == game.commands
    assert again.pieces == game.pieces and again.stacks == game.stacks
    assert again.layouts == game.layouts
    assert again.module == game.module and again.save == game.save and again.key == game.key


@needs_saves
def test_write_a_copy_with_pieces_moved(tmp_path: Path) -> None:
    game = read_save(_save(STALINGRAD[0]))
    loose = next(p for p in game.pieces if p.stack is None and p.basic_name == "Blue perimeter")
    stack = next(s for s in game.stacks if s.pieces)
    commands = []
    for command in game.commands:
        if command.text.startswith(f"+/{loose.id}/"):
            commands.append(with_position(command.text, loose.x + 56, loose.y))
        elif command.text.startswith(f"+/{stack.id}/"):
            commands.append(with_position(command.text, 625, 657))
        else:
            commands.append(command.text)
    copy = tmp_path / "moved.vsav"
    copy.write_bytes(encode_save(commands, key=1, module=game.module, save=game.save))
    again = read_save(copy)
    moved = again.piece(loose.id)
    assert moved is not None and (moved.x, moved.y) == (loose.x + 56, loose.y)
    assert moved.traits[:-1] == loose.traits[:-1] and moved.name == loose.name
    first = again.piece(stack.pieces[0])
    assert first is not None and again.location(first) == ("Main Map", 625, 657)
    changed = [a for a, b in zip(again.commands, game.commands, strict=True) if a != b]
    assert len(changed) == 2


@needs_saves
def test_plain_save_reads(tmp_path: Path) -> None:
    game = read_save(_save("basic.vsav"))
    plain = tmp_path / "plain.vsav"
    plain.write_bytes(_zip({"savedGame": game.text.encode()}))
    again = read_save(plain)
    assert again.key is None and again.commands == game.commands


@needs_saves
def test_metadata(tmp_path: Path) -> None:
    game = read_save(_save("Hill 621 (Scenario E).vsav"))
    assert game.module == MetaData(
        "VASL", "6.5.1", "3.2.17", "Virtual Advanced Squad Leader", 1322805026979
    )
    assert game.save is not None and game.save.date_saved == 1601179368118
    assert str(game.save.saved_at) == "2020-09-27 04:02:48.118000+00:00"
    assert game.save.version == "" and game.save.name is None
    assert parse_save(encode_save(["begin_save"], module=game.module)).module == game.module


@needs_saves
def test_read_time() -> None:
    path = _save(STALINGRAD[1])
    best = min(_timed(path) for _ in range(3))
    assert best < 0.5, f"reading {path.name} took {best:.3f} s"


def _timed(path: Path) -> float:
    start = time.perf_counter()
    read_save(path)
    return time.perf_counter() - start
