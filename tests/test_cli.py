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


def test_no_command_is_one_line_on_stderr_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    assert got.err == (
        "aslpto: no command given (one of: check, terrain, render, move, reach, los, viewshed, "
        "odds, fire, cc, banzai, game, counters, import, serve; aslpto --help lists them)\n"
    )


def test_help_lists_every_command_without_importing_them() -> None:
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\nfrom aslpto.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('aslpto.cli.')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    for name in (
        "check",
        "terrain",
        "render",
        "move",
        "reach",
        "los",
        "viewshed",
        "odds",
        "fire",
        "cc",
        "banzai",
        "game",
        "counters",
        "import",
        "serve",
    ):
        assert f"    {name} " in r.stdout
    assert r.stdout.strip().endswith("['aslpto.cli.command']")


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


def test_help_before_a_command_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help", "odds"]) == 0
    out = capsys.readouterr().out
    assert all(f"    {name} " in out for name in ("check", "reach", "odds", "serve"))


def test_help_width_ignores_a_columns_of_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    from aslpto.cli import _columns

    monkeypatch.setenv("COLUMNS", "0")
    assert _columns() > 0
    monkeypatch.setenv("COLUMNS", "120")
    assert _columns() == 120


def test_the_server_keeps_the_cyclic_collector() -> None:
    # a one-shot call runs without it; `aslpto serve`, which lives on, keeps it
    code = (
        "import gc, sys\nimport aslpto.web.server as s\n"
        "s.serve = lambda *a, **k: print('gc', gc.isenabled())\n"
        "sys.argv = ['aslpto', 'serve', sys.argv[1]]\nfrom aslpto.cli import main\nmain()\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, PANJI], capture_output=True, text=True, check=False
    )
    assert "gc True" in r.stdout, r.stderr


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["reach", str(ROOT / "examples" / "two-by-two.toml"), "JA"], 0),
        (["reach", str(ROOT / "examples" / "two-by-two.toml")], 2),
    ],
)
def test_the_console_script_ends_at_once_yet_runs_the_exit_functions(
    args: list[str], code: int
) -> None:
    """``console`` ends the process without taking its objects apart, after the exit
    functions (atexit) and with every line written."""
    script = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('exit functions ran', file=sys.stderr))\n"
        f"sys.argv = ['aslpto', *{args!r}]\n"
        "from aslpto.cli import console\nconsole()\n"
        "print('not reached')\n"
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode == code
    assert r.stderr.splitlines()[-1] == "exit functions ran"
    assert "not reached" not in r.stdout
    if code == 0:
        expected = run(*args).stdout
        assert r.stdout == expected and expected.startswith("JA: ")


@pytest.mark.parametrize(("command", "collecting"), [("--version", False), ("serve", True)])
def test_the_console_script_runs_without_the_cyclic_collector_but_the_server(
    command: str, collecting: bool
) -> None:
    """``aslpto.__main__:run``, the console script, turns the collector off before the first
    import; ``aslpto serve``, which lives on, turns it back on."""
    script = (
        "import gc, sys\n"
        f"sys.argv = ['aslpto', {command!r}]\n"
        "import aslpto.cli as c\n"
        "def main():\n"
        "    print('collecting', gc.isenabled(), file=sys.stderr)\n"
        "    return 0\n"
        "c.main = main\n"
        "from aslpto.__main__ import run\nrun()\n"
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode == 0
    assert r.stderr.splitlines() == [f"collecting {collecting}"]


def test_the_console_script_is_aslpto_main_run() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'aslpto = "aslpto.__main__:run"' in text


@pytest.mark.parametrize("closed", [">&-", "2>&-"])
def test_the_console_script_with_a_closed_stream_exits_2_without_a_traceback(
    closed: str,
) -> None:
    """``aslpto odds >&-`` (or ``2>&-``): a usage error, or an answer with nowhere to go, ends
    with exit 2."""
    script = "import sys; sys.argv = ['aslpto', 'odds']; from aslpto.cli import console; console()"
    r = subprocess.run(
        f'"{sys.executable}" -c "{script}" {closed}',
        shell=True,
        capture_output=True,
        text=True,
        executable="/bin/bash",
    )
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout


def test_an_answer_with_standard_output_closed_is_refused_in_one_line() -> None:
    script = (
        "import sys; sys.argv = ['aslpto', 'odds', 'panji', '--unit', '4-4-8']; "
        "from aslpto.cli import console; console()"
    )
    r = subprocess.run(
        f'"{sys.executable}" -c "{script}" >&-',
        shell=True,
        capture_output=True,
        text=True,
        executable="/bin/bash",
    )
    assert r.returncode == 2
    assert r.stderr == "aslpto: standard output is closed: the answer was not written\n"


def test_render_refuses_to_write_over_its_scenario_and_leaves_it_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "s.toml"
    text = (ROOT / "examples" / "two-by-two.toml").read_bytes()
    src.write_bytes(text)
    assert main(["render", str(src), "-o", str(tmp_path / "." / "s.toml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "over the scenario it is read from" in err
    assert src.read_bytes() == text


def test_import_writes_its_scenario_as_any_file_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scenario ``import`` writes takes the usual permissions (the umask's), not the
    owner-only ones of the temporary file it is written through."""
    import os

    from vaslhelp import VASL

    saves = sorted((VASL / "saves").glob("Hill 621*.vsav")) if VASL is not None else []
    if not saves:
        pytest.skip("no VASL saved games in ../shared/vasl/saves")
    assert VASL is not None
    out = tmp_path / "s.toml"
    old = os.umask(0o022)
    try:
        assert (
            main(["import", str(saves[0]), "-o", str(out), "--vasl-boards", str(VASL / "boards")])
            == 0
        )
    finally:
        os.umask(old)
    capsys.readouterr()
    assert out.stat().st_mode & 0o777 == 0o644


def test_help_asked_among_a_commands_words_returns_zero(capsys: pytest.CaptureFixture[str]) -> None:
    """``-h`` where a step or a unit is expected prints the command's help, exit 0 (not a
    SystemExit out of main)."""
    assert main(["move", "examples/paddy-river.toml", "J1", "-h"]) == 0
    got = capsys.readouterr()
    assert got.out.startswith("usage: aslpto move") and got.err == ""
