"""A VASL saved game read as a scenario: boards and SSRs, counters on their hexes (copies of
real saves with pieces moved onto chosen hexes), identification, off-map pieces, the import
command and its round trip."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.cli import main
from aslpto.formats import scenario
from aslpto.formats.vasl import scenario as vs
from aslpto.formats.vasl.savefile import read_save, with_position, write_save

HERE = Path(__file__).resolve()
SAVES = next(
    (
        p
        for p in (HERE.parents[3] / "shared" / "vasl" / "saves", Path("/work/shared/vasl/saves"))
        if p.is_dir()
    ),
    None,
)
needs_saves = pytest.mark.skipif(SAVES is None, reason="the VASL saves folder is not here")

HEX_W, HEX_H, EDGE = 1800 / 32, 64.5, 400


def _save(name: str) -> Path:
    assert SAVES is not None
    return SAVES / name


def map_pixel(
    grid_col: int,
    grid_row: int,
    col: int,
    row: int,
    turned: bool = False,
    width: int = 1800,
    height: int = 645,
) -> tuple[int, int]:
    """Where VASL draws a counter on printed hex (col, row) of the board at grid cell
    (grid_col, grid_row): the board's corner, then the hex centre in its own pixels."""
    x = col * HEX_W
    y = 32.25 + (row - 1) * HEX_H + (HEX_H / 2 if col % 2 else 0)
    if turned:
        x, y = width - x, height - y
    return int(EDGE + grid_col * width + x), int(EDGE + grid_row * height + y)


@needs_saves
@pytest.mark.parametrize("path", sorted(SAVES.glob("*.vsav")) if SAVES else [], ids=str)
def test_every_save_loads(path: Path) -> None:
    got = vs.read(path)
    r = got.report
    assert r.pieces == r.identified + len(r.unknown)
    assert r.units == len(got.document["units"])


@needs_saves
def test_three_full_scenarios_boards_and_layout() -> None:
    hill = vs.read(_save("Hill 621 (Scenario E).vsav"))
    assert hill.document["map"]["boards"] == [["2"], ["4"], ["3"]]
    assert vs.read(_save("hill621-legacy.vsav")).document["map"]["boards"] == [["2"], ["4"], ["3"]]
    stal = vs.read(_save("The Streets Of Stalingrad (Scenario C).vsav"))
    assert stal.document["map"]["boards"] == [["1"]]


@needs_saves
def test_setup_saves_units_wait_off_the_boards() -> None:
    """The three full scenarios are setup saves: their units wait in VASL's map margin and are
    reported off the boards, not dropped onto a board edge."""
    for name in ("Hill 621 (Scenario E).vsav", "hill621-legacy.vsav"):
        got = vs.read(_save(name))
        assert got.report.units > 100
        assert all("hex" not in u for u in got.document["units"])
        assert got.report.off_map == got.report.identified


def _moved_copy(tmp_path: Path, src: str, moves: dict[str, tuple[int, int]]) -> Path:
    """A copy of a real save with the stacks of the named pieces moved to map pixels."""
    save = read_save(_save(src))
    commands = [c.text for c in save.commands]
    stack_of = {p.id: p.stack for p in save.pieces}
    out = []
    for text in commands:
        for pid, (x, y) in moves.items():
            target = stack_of.get(pid) or pid
            if text.startswith(f"+/{target}/"):
                text = with_position(text, x, y)
        out.append(text)
    dest = tmp_path / "moved.vsav"
    write_save(dest, out, key=save.key)
    return dest


@needs_saves
def test_counters_moved_onto_hexes_of_every_board_both_column_parities(tmp_path: Path) -> None:
    save = read_save(_save("Hill 621 (Scenario E).vsav"))
    by_stack: dict[str, list[str]] = {}
    for p in save.pieces:
        if p.stack:
            by_stack.setdefault(p.stack, []).append(p.name)
    stacks = [s for s, names in by_stack.items() if all(n.endswith(("Esq", "1sq")) for n in names)][
        :6
    ]
    chosen = [
        (0, 0, 2, 3),
        (0, 0, 3, 7),
        (0, 1, 28, 5),
        (0, 1, 29, 1),
        (0, 2, 0, 1),
        (0, 2, 32, 10),
    ]
    first = {s: next(p.id for p in save.pieces if p.stack == s) for s in stacks}
    pairs = zip(stacks, chosen, strict=True)
    moves = {first[s]: map_pixel(gc, gr, c, r) for s, (gc, gr, c, r) in pairs}
    got = vs.read(_moved_copy(tmp_path, "Hill 621 (Scenario E).vsav", moves))
    boards = ["2", "4", "3"]
    want = sorted(
        f"{boards[gr]}{chr(65 + c % 26) * (c // 26 + 1)}{r}"
        for s, (gc, gr, c, r) in zip(stacks, chosen, strict=True)
        for _ in by_stack[s]
    )
    placed = sorted(u["hex"] for u in got.document["units"] if "hex" in u)
    assert placed == want
    assert got.report.off_map == got.report.identified - len(want)


@needs_saves
def test_board_turned_180_degrees(tmp_path: Path) -> None:
    save = read_save(_save("The Streets Of Stalingrad (Scenario C).vsav"))
    commands = [c.text for c in save.commands]
    turned = [t.replace("\t01\t", "\tr01\t", 1) if t.startswith("bd\t") else t for t in commands]
    assert turned != commands
    squad = next(p for p in save.pieces if p.name.startswith("6-2-8") and p.stack)
    x, y = map_pixel(0, 0, 3, 4, turned=True)
    out = [with_position(t, x, y) if t.startswith(f"+/{squad.stack}/") else t for t in turned]
    dest = tmp_path / "turned.vsav"
    write_save(dest, out, key=save.key)
    got = vs.read(dest)
    assert got.document["map"]["boards"] == [["1*"]]
    assert {u["hex"] for u in got.document["units"] if "hex" in u} == {"1D4"}


@needs_saves
def test_identification_of_real_counters() -> None:
    got = vs.read(_save("The Streets Of Stalingrad (Scenario C).vsav"))
    units = got.document["units"]
    kinds = {(u["nationality"], u["kind"]) for u in units}
    assert ("russian", "squad") in kinds and ("german", "leader") in kinds
    ru628 = next(u for u in units if u["counter"] == "6-2-8")
    assert ru628["class"] == "elite" and ru628["id"].startswith("R")
    assert not got.report.unknown


@needs_saves
def test_vehicles_and_guns_named_without_layer_words() -> None:
    got = vs.read(_save("Hill 621 (Scenario E).vsav"))
    names = {u["counter"] for u in got.document["units"] if u["kind"] in ("vehicle", "gun")}
    assert {"T-34 M43", "SU-152", "75L AT PaK 40"} <= names


@needs_saves
def test_unknown_pieces_are_listed_with_where_and_image(tmp_path: Path) -> None:
    save = read_save(_save("basic.vsav"))
    commands = [c.text for c in save.commands]
    piece = save.pieces[0]
    odd = [
        t.replace(piece.basic_name, "Mystery Thing") if t.startswith(f"+/{piece.id}/") else t
        for t in commands
    ]
    dest = tmp_path / "odd.vsav"
    write_save(dest, odd, key=save.key)
    got = vs.read(dest)
    assert got.report.pieces == vs.read(_save("basic.vsav")).report.pieces


def test_ssr_names_map_to_conditions_and_unknown_ones_are_listed() -> None:
    from aslpto.formats.vasl.savefile import parse_boards

    layout = parse_boards(
        "bd\t0\t0\t37\tVER\t6.1\tSSR\tDenseJungle PalmTrees RoadsToPaths Frobnicate"
    )
    cond, picture, unknown, notes = vs._conditions(layout.boards, {"ec": "wet"})
    assert cond == {"pto_terrain": True, "jungle": "dense", "ec": "wet"}
    assert picture == ["RoadsToPaths"] and unknown == ["Frobnicate"]
    assert any("DenseJungle" in n for n in notes)


def test_crops_and_unknown_board_options_are_listed_not_dropped() -> None:
    from aslpto.cli.check import source_findings
    from aslpto.formats.vasl.savefile import parse_boards

    layout = parse_boards("bd\t0\t0\t37\t0\t0\t900\t-1\tVER\t6.1\tOVR\tRP1\tH5\tH6\tWIBBLE")
    got = vs._unread(layout.boards)
    assert got == [
        "board 37: cropped to x 0, y 0, width 900, height -1 in VASL; "
        "the map holds the whole board",
        "board 37: VASL option 'WIBBLE' not read",
    ]
    findings = source_findings({"unread": got})
    assert [(f.severity, f.where) for f in findings] == [("warning", "map")] * 2


@needs_saves
def test_check_prints_counts_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(_save("basic.vsav")), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["source"]["pieces"] == 23 and got["source"]["units"] == 12
    assert main(["check", str(_save("basic.vsav"))]) == 0
    assert "23 pieces read" in capsys.readouterr().out


@needs_saves
def test_import_then_load_is_reading_the_save(tmp_path: Path) -> None:
    out = tmp_path / "basic.toml"
    assert (
        main(
            [
                "import",
                str(_save("basic.vsav")),
                "-o",
                str(out),
                "--ssr",
                "ec=mud",
                "--ssr",
                "current=S:slow",
            ]
        )
        == 0
    )
    imported = scenario.load(out)
    direct = scenario.loads(
        vs.read(
            _save("basic.vsav"), {"ec": "mud", "current": {"direction": "S", "force": "slow"}}
        ).toml(),
        str(out),
    )
    assert imported == direct
    assert imported.conditions.ec.value == "mud"


@needs_saves
def test_side_file_supplies_ssr(tmp_path: Path) -> None:
    dest = tmp_path / "game.vsav"
    dest.write_bytes(_save("basic.vsav").read_bytes())
    (tmp_path / "game.ssr.toml").write_text('[ssr]\npaddy = "irrigated"\n', encoding="utf-8")
    game = scenario.load(dest)
    assert game.conditions.paddy.value == "irrigated"
    (tmp_path / "game.ssr.toml").write_text("[ssr\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"game\.ssr\.toml:1: not valid TOML"):
        scenario.load(dest)
    # a bad value names the save and the field, not a line of the scenario written from it
    (tmp_path / "game.ssr.toml").write_text('[ssr]\nec = "frost"\n', encoding="utf-8")
    with pytest.raises(InputError) as got:
        scenario.load(dest)
    assert str(got.value).startswith(f"{dest}, field 'ssr.ec': ec 'frost' is not allowed")


def test_import_refuses_a_bad_ssr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "x.vsav", "-o", "-", "--ssr", "ec"]) == 2
    assert capsys.readouterr().err.strip() == (
        "aslpto: --ssr 'ec': give KEY=VALUE, e.g. --ssr ec=mud"
    )


def test_not_a_zip_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.vsav"
    bad.write_text("hello", encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.vsav" in err and "zip" in err


def test_zip_without_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "nogame.vsav"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("other", "x")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "savedGame" in err


@needs_saves
def test_a_loaded_save_answers_like_its_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """terrain, move, reach, los and render on a save answer as on the scenario `import`
    writes from it (the boards read from the VASL boards folder)."""
    boards = SAVES.parent / "boards" if SAVES else None
    if boards is None or not (boards / "bd01").is_file():
        pytest.skip("the VASL boards folder is not here")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(boards))
    src = "The Streets Of Stalingrad (Scenario C).vsav"
    pieces = read_save(_save(src)).pieces
    squads = [p for p in pieces if p.name.startswith("6-2-8") and p.stack]
    moves = {squads[0].id: map_pixel(0, 0, 10, 5), squads[-1].id: map_pixel(0, 0, 15, 5)}
    save = _moved_copy(tmp_path, src, moves)
    toml = tmp_path / "stalingrad.toml"
    assert main(["import", str(save), "-o", str(toml)]) == 0
    capsys.readouterr()
    game = scenario.load(save)
    on_board = sorted(u.id for u in game.units.values() if u.hex)
    unit = game.unit(on_board[0])
    here = str(unit.hex)
    next_hex = game.map.name(game.map.neighbours(game.map.hex(here))[0])
    queries = [
        ["terrain", here],
        ["reach", unit.id],
        ["move", unit.id, next_hex],
        ["los", here, "1P5"],
    ]
    for q in queries:
        got = []
        for source in (save, toml):
            code = main([q[0], str(source), *q[1:], "--json"])
            got.append((code, json.loads(capsys.readouterr().out)))
        assert got[0] == got[1], q
    for source, out in ((save, tmp_path / "a.svg"), (toml, tmp_path / "b.svg")):
        assert main(["render", str(source), "-o", str(out)]) == 0
    assert (tmp_path / "a.svg").read_text() == (tmp_path / "b.svg").read_text()


@needs_saves
@pytest.mark.parametrize("command", ["los", "viewshed"])
def test_a_refused_unit_names_a_dozen_of_a_real_saves_units_and_counts_the_rest(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """A save of 117 units: the refusal is one line naming the first twelve and how many more."""
    boards = SAVES.parent / "boards" if SAVES else None
    if boards is None or not (boards / "bd01").is_file():
        pytest.skip("the VASL boards folder is not here")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(boards))
    save = _save("The Streets Of Stalingrad (Scenario C).vsav")
    ends = ["unit:ZZ", "1P5"] if command == "los" else ["unit:ZZ"]
    assert main([command, str(save), *ends]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no unit 'ZZ' in this scenario (units: G1, G10," in err
    assert err.rstrip().endswith("G2 and 105 more)")
