"""The hostile corpus (tests/hostile/cases.toml): hundreds of files and argument lists a new
user might hand ``aslpto`` (steps such as ``37EE7=inf``, negative or absurd numbers, TOML
nested thousands deep, NUL bytes, devices, pipes, huge files, garbage VASL saves, BOMs), each
answered with its exact exit code and one exact line on stderr - never a traceback."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from hostilehelp import HERE, run_case

CASES: list[dict[str, Any]] = tomllib.loads((HERE / "cases.toml").read_text(encoding="utf-8"))[
    "case"
]


def test_corpus_size() -> None:
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names)), "case names are unique"
    assert len(CASES) >= 150


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_hostile(case: dict[str, Any], tmp_path: Path) -> None:
    code, err, out = run_case(case, tmp_path)
    assert "Traceback" not in err
    assert code == case["exit"], err
    if case["stderr"]:
        assert err == case["stderr"] + "\n"
        assert out == ""
    else:
        assert err == ""


@pytest.mark.parametrize(
    "name",
    ["step-inf", "deep-arrays", "arg-dev-zero", "board-fifo", "vsav-garbage", "value-newline"],
)
def test_hostile_in_a_process(name: str, tmp_path: Path) -> None:
    """The installed command, in its own process, gives the same line and exit code."""
    from hostilehelp import prepare

    case = next(c for c in CASES if c["name"] == name)
    args = prepare(case, tmp_path)
    r = subprocess.run(
        [sys.executable, "-m", "aslpto.cli", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert r.returncode == case["exit"]
    assert r.stderr.replace(str(tmp_path), "{tmp}") == case["stderr"] + "\n"
    assert r.stdout == ""


def test_b25_5_ec_moist_is_allowed() -> None:
    """EC Moist (B25.5) reads, and the B21.121/B21.122 dr takes its row of the EC drm."""
    from aslpto.formats.scenario import loads
    from aslpto.rules.water.conditions import ec_drm
    from aslpto.state.game import EC

    text = (HERE / "files" / "base.toml").read_text(encoding="utf-8")
    game = loads(text.replace('ec = "moderate"', 'ec = "moist"'), str(HERE / "files" / "x.toml"))
    assert game.conditions.ec == EC.MOIST
    assert ec_drm(EC.MOIST).value == -1 and ec_drm(EC.MOIST).rules == ("B25.5",)
