"""Running one case of the hostile corpus (tests/hostile/cases.toml): make its files in a
scratch folder, run ``aslpto`` there in-process, and give back the exit code and stderr."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aslpto.cli import main
from aslpto.formats.vasl.savefile.encoding import encode

HERE = Path(__file__).parent / "hostile"
EMPTY_SAVE = (
    "begin_save\x1b\x1bINFO\tAxis\tAxis\t1\t ? \t ? \t ? \t ? \t ? \t ? \t\x1bUNMASK\t"
    "\x1bbd\t\x1bNOTES\t\\\x1bPNOTES\t\x1bend_save"
)
"""The saved text of a VASL game with nothing on it (``save = true``): a good save, whose side
file (``board = ["<name>.ssr.toml", ...]``) is the hostile part."""
SPARSE = 17 * 1024 * 1024
"""The size of a file too big to be read (the limit is 16 MiB): sparse, so nothing is written."""


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    was = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(was)


def prepare(case: dict[str, Any], tmp: Path) -> list[str]:
    """Make the case's files in ``tmp`` and return its arguments, ``{file}`` filled in."""
    shutil.copytree(HERE / "files", tmp / "files", dirs_exist_ok=True)
    name = f"{case['name']}{case.get('ext', '.toml')}"
    target = tmp / name
    base = (HERE / "files" / "base.toml").read_text(encoding="utf-8")
    if "replace" in case:
        text = base
        for old, new in case["replace"]:
            assert old in text, f"{case['name']}: {old!r} is not in files/base.toml"
            text = text.replace(old, new, 1)
        target.write_text(text, encoding="utf-8")
    elif "text" in case:
        target.write_text(case["text"], encoding="utf-8")
    elif "bytes" in case:
        target.write_bytes(bytes.fromhex(case["bytes"]))
    elif "zip" in case:
        with zipfile.ZipFile(target, "w") as z:
            for member, data in case["zip"].items():
                z.writestr(member, data.encode("utf-8"))
    elif case.get("save"):
        with zipfile.ZipFile(target, "w") as z:
            z.writestr("savedGame", encode(EMPTY_SAVE, 0x2A))
    elif case.get("bom") or case.get("crlf"):
        text = base.replace("\n", "\r\n") if case.get("crlf") else base
        target.write_bytes((b"\xef\xbb\xbf" if case.get("bom") else b"") + text.encode("utf-8"))
    if "board" in case:
        (tmp / case["board"][0]).write_text(case["board"][1], encoding="utf-8")
    args = [a.replace("{file}", name) for a in case["args"]]
    make = case.get("make")
    if make is not None:
        made = _made_path(case, args)
        path = tmp / made
        if make == "fifo":
            os.mkfifo(path)
        elif make == "dir":
            path.mkdir()
        elif make == "sparse":
            with open(path, "wb") as f:
                f.truncate(SPARSE)
        elif make == "unreadable":
            path.write_text("[scenario]\n", encoding="utf-8")
            path.chmod(0)
        elif make == "symlink":
            path.symlink_to("/dev/zero")
        elif make == "loop":
            path.symlink_to(path.name)
        else:
            raise AssertionError(f"{case['name']}: unknown make '{make}'")
    return args


def _made_path(case: dict[str, Any], args: list[str]) -> str:
    """The path ``make`` makes: the argument or the [map.files] entry naming it."""
    text: str = case.get("text", "")
    if '"37" = "' in text:
        return text.split('"37" = "')[1].split('"')[0]
    return args[1]


def run_case(case: dict[str, Any], tmp: Path) -> tuple[int, str, str]:
    """Exit code, stderr and stdout of ``aslpto ARGS`` for the case, run in ``tmp``."""
    args = prepare(case, tmp)
    out, err = io.StringIO(), io.StringIO()
    with _inside(tmp), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as e:  # (argparse's --help and --version)
            code = int(e.code or 0)
    return code, err.getvalue().replace(str(tmp), "{tmp}"), out.getvalue()
