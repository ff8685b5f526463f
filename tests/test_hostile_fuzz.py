"""Fuzzing the input side: scenario files made by mangling files/base.toml of the hostile
corpus, board files made by mangling the bundled board 901, and move steps of any text.
Whatever comes in, ``aslpto`` exits 0, 1 or 2, prints at most one line on stderr (exactly
one when it exits 2), and never a traceback."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.cli import main
from hostilehelp import HERE

BASE = (HERE / "files" / "base.toml").read_text(encoding="utf-8")
LINES = BASE.splitlines()
SCRATCH = Path(tempfile.mkdtemp(prefix="aslpto-fuzz-"))

VALUES = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(
        [
            "nan",
            "inf",
            "-inf",
            "1e400",
            "-0.0",
            "1e-400",
            "true",
            "[]",
            "{}",
            '""',
            '"\\u0000"',
            '"a\\nb"',
            '"\\u001b[2J"',
            "[" * 200 + "]" * 200,
            "{a = {b = {c = 1}}}",
            '"/dev/zero"',
            '"overlay-5"',
            '"901"',
            '"x.toml"',
            '"moist"',
            '"37EE7"',
            '"37ZZ99"',
            "1944-06-01",
            '"""\nx\n"""',
        ]
    ),
    st.text(max_size=12).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"'),
)


@st.composite
def scenarios(draw: st.DrawFn) -> str:
    """files/base.toml with some lines given other values, dropped, doubled or garbled."""
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["value", "value", "value", "drop", "double", "text"]))
        key, eq, _ = lines[i].partition("=")
        if how == "value" and eq:
            lines[i] = f"{key}= {draw(VALUES)}"
        elif how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        else:
            lines[i] = draw(st.text(max_size=20))
        if not lines:
            break
    return "\n".join(lines) + "\n"


def _run(args: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, err.getvalue()


def _one_line(code: int, err: str) -> None:
    assert code in (0, 1, 2)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == (1 if code == 2 else 0), err
    assert err == "" or (err.endswith("\n") and "\n" not in err[:-1])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=scenarios(), command=st.sampled_from(["check", "reach", "terrain", "move"]))
def test_fuzz_scenario_files(text: str, command: str) -> None:
    path = SCRATCH / "fuzzed.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    args = {
        "check": ["check", str(path)],
        "reach": ["reach", str(path), "A"],
        "terrain": ["terrain", str(path), "37EE7"],
        "move": ["move", str(path), "A", "37EE7"],
    }[command]
    _one_line(*_run(args))


BOARD = (
    (Path(__file__).parents[1] / "src" / "aslpto" / "data" / "boards" / "901.toml")
    .read_text(encoding="utf-8")
    .splitlines()
)
BOARD_VALUES = st.one_of(
    VALUES,
    st.sampled_from(
        [
            '["A0"]',
            '["GG10:A1"]',
            '["C3..C3"]',
            '["Z9-Z9"]',
            '["A1 A1"]',
            '[":"]',
            '["C3.."]',
            '["C3-"]',
            '["C3..C99"]',
            '[["C3"]]',
            "[1]",
        ]
    ),
)


@st.composite
def board_files(draw: st.DrawFn) -> str:
    """The bundled board 901 with some values, table heads or lines changed."""
    lines = list(BOARD)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        key, eq, _ = lines[i].partition("=")
        if eq and draw(st.booleans()):
            lines[i] = f"{key}= {draw(BOARD_VALUES)}"
        else:
            lines[i] = draw(
                st.sampled_from(
                    [
                        "[board]",
                        "[overlay]",
                        "[[buildings]]",
                        "[levels]",
                        "[x]",
                        '"-99" = ["C3"]',
                        "stories = 0",
                        "",
                    ]
                )
            )
    return "\n".join(lines) + "\n"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=board_files())
def test_fuzz_board_files(text: str) -> None:
    (SCRATCH / "board.toml").write_text(text, encoding="utf-8")
    (SCRATCH / "on-board.toml").write_text(
        '[map]\nboards = [["37"]]\n[map.files]\n"37" = "board.toml"\n', encoding="utf-8"
    )
    _one_line(*_run(["check", str(SCRATCH / "on-board.toml")]))


STEP = st.one_of(
    st.text(max_size=16),
    st.text(alphabet="37ABCDEZ0189:/=.-+e infabkxy\x00\n", max_size=14),
    st.from_regex(
        r"(37)?[A-G]{1,2}[0-9]{1,2}(:[a-z]+)?(/[A-G]{1,2}[0-9]{1,2})?(=[-0-9.e]+)?", fullmatch=True
    ),
)


@settings(max_examples=300, deadline=None)
@given(steps=st.lists(STEP, min_size=1, max_size=3), unit=st.sampled_from(["A", "J", "tank"]))
def test_fuzz_steps(steps: list[str], unit: str) -> None:
    _one_line(*_run(["move", str(HERE / "files" / "base.toml"), unit, *steps]))


@settings(max_examples=5, deadline=None)
@given(step=STEP)
def test_fuzz_steps_in_a_process(step: str) -> None:
    """A few of them through the installed command, in its own process."""
    if "\x00" in step:
        step = step.replace("\x00", "")  # (no process can be given a NUL in an argument)
    r = subprocess.run(
        [sys.executable, "-m", "aslpto.cli", "move", str(HERE / "files" / "base.toml"), "A", step],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    _one_line(r.returncode, r.stderr)
