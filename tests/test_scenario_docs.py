"""The examples in docs/scenario-format.md and docs/board-format.md are real files."""

from __future__ import annotations

import re
from pathlib import Path

from aslpto.base.tomlsource import TomlSource
from aslpto.board.files import parse_board
from aslpto.formats.scenario import dump, loads
from aslpto.procedures.setup import check

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _blocks(name: str) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", (DOCS / name).read_text(encoding="utf-8"), re.S)


def test_scenario_format_example_loads_and_is_legal() -> None:
    (text,) = _blocks("scenario-format.md")
    g = loads(text, str(DOCS / "example.toml"))
    assert set(g.panjis) == {"A", "C"} and set(g.units) == {"B", "J1"}
    assert check(g) == []
    assert loads(dump(g), g.source) == g


def test_board_format_examples_parse() -> None:
    board, overlay = _blocks("board-format.md")
    b = parse_board(TomlSource.parse(board, "example.toml"))
    assert b.name == "example" and b.bridges and b.paddy_open_hexsides
    o = parse_board(TomlSource.parse(overlay, "overlay.toml"), overlay=True)
    assert o.overlay_id == "Tx1" and o.anchor is not None
