"""The malformed corpus (tests/malformed/): each file fails with the message expected.toml
gives it - file, line, field and what is wrong - through the Python API (InputError) and
through ``aslpto check`` (exit 2, one line on stderr, no traceback)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from aslpto.base.rulings import InputError
from aslpto.cli import main
from aslpto.formats.scenario import load

HERE = Path(__file__).parent / "malformed"
EXPECTED: dict[str, str | list[str]] = tomllib.loads(
    (HERE / "expected.toml").read_text(encoding="utf-8")
)


def _wanted(name: str) -> list[str]:
    want = EXPECTED[name]
    return [want] if isinstance(want, str) else list(want)


def test_corpus_is_complete() -> None:
    files = {p.name for p in HERE.glob("*.toml")} - {"expected.toml"}
    assert files == set(EXPECTED)
    assert len(files) >= 30


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_api(name: str) -> None:
    with pytest.raises(InputError) as info:
        load(HERE / name)
    e = info.value
    assert e.line is not None, f"{name}: the error names no line"
    for part in _wanted(name):
        assert part in str(e)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_cli_check(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", str(HERE / name)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for part in _wanted(name):
        assert part in lines[0]


@pytest.mark.parametrize("name", ["bad_toml.toml", "unit_bad_kind.toml", "board_bad_toml.toml"])
def test_malformed_cli_process(name: str) -> None:
    """The installed command, in its own process: exit 2 and one line, no traceback."""
    r = subprocess.run(
        [sys.executable, "-m", "aslpto.cli", "check", str(HERE / name)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 2
    assert r.stdout == ""
    assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr
    assert _wanted(name)[0] in r.stderr
