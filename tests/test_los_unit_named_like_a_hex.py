"""``aslpto los``: a unit whose id is also a hex's name (a VASL save names its units ``G10``,
``R1``) is never guessed at: the word is refused, and ``unit:ID`` or ``hex:HEX`` says which."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslpto.cli import main

ROOT = Path(__file__).resolve().parent.parent
PANJI = ROOT / "examples" / "panji-g9.toml"


@pytest.fixture()
def named_like_hexes(tmp_path: Path) -> Path:
    """The G9 illustration with squad A (in 37EE8) named ``AA10`` and D (in 37DD6) ``CC2``."""
    text = PANJI.read_text(encoding="utf-8")
    for old, new in (("A", "AA10"), ("D", "CC2")):
        text = text.replace(f'id = "{old}"\nside = "U.S."', f'id = "{new}"\nside = "U.S."')
    path = tmp_path / "named.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["los", *argv, "--json"]) == 0
    payload: dict[str, Any] = json.loads(capsys.readouterr().out)
    return payload


def test_a6_a_word_both_a_unit_and_a_hex_is_refused(
    named_like_hexes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["los", str(named_like_hexes), "AA10", "CC2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "aslpto: 'AA10' is both a unit and a hex: say unit:AA10 for the unit "
        "(in 37EE8) or hex:AA10 for the hex"
    )
    assert "\n" not in err


def test_a6_unit_and_hex_prefixes_name_each(
    named_like_hexes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    units = _json(capsys, str(named_like_hexes), "unit:AA10", "unit:CC2")
    assert (units["from"], units["to"]) == ("37EE8", "37DD6")
    hexes = _json(capsys, str(named_like_hexes), "hex:AA10", "hex:CC2")
    assert (hexes["from"], hexes["to"]) == ("37AA10", "37CC2")
    # a word that is only one of the two needs no prefix
    assert _json(capsys, str(named_like_hexes), "B", "37DD7:above")["from"] == "37EE7:beneath-panji"
    assert main(["los", str(named_like_hexes), "unit:ZZ", "B"]) == 2
    assert "no unit 'ZZ'" in capsys.readouterr().err
