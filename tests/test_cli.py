"""The ``aslpto`` command line as a whole: exit codes and no tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aslpto.cli import main

ROOT = Path(__file__).resolve().parent.parent
PANJI = str(ROOT / "examples" / "panji-g9.toml")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aslpto.cli", *args], capture_output=True, text=True, check=False
    )


def test_no_command_prints_one_usage_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("usage: aslpto") and "COMMAND" in out.err
    assert out.err.count("\n") == 1


def test_unknown_command_one_line_exit_2() -> None:
    r = run("frobnicate")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "frobnicate" in r.stderr


def test_missing_file_one_line_exit_2() -> None:
    r = run("terrain", "no-such-file.toml", "37A1")
    assert r.returncode == 2
    assert r.stderr.startswith("aslpto: no-such-file.toml") and "Traceback" not in r.stderr


def test_unknown_unit_names_the_units() -> None:
    r = run("move", PANJI, "Z", "37EE7")
    assert r.returncode == 2
    assert "no unit 'Z'" in r.stderr and "Traceback" not in r.stderr


def test_version() -> None:
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("aslpto ")


def test_closed_pipe_is_not_an_error() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "aslpto.cli", "reach", PANJI, "A", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0
    assert "Traceback" not in err
