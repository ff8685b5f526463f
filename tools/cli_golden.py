"""Write or check ``tests/golden/cli.json``: the SHA-256 of the CLI's output for every command on
the bundled examples (the contract stays byte-identical when the package is reorganised).

    python tools/cli_golden.py          # write
    python tools/cli_golden.py --check  # exit 1 and name the first command that differs
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "cli.json"
EXAMPLES = (
    "b21-deep.toml",
    "b21-flooded.toml",
    "paddy-river.toml",
    "panji-g9.toml",
    "two-by-two.toml",
)
EXTRA = (
    ["move", "examples/paddy-river.toml", "J1", "32M6:bank", "32N6"],
    ["move", "examples/panji-g9.toml", "A", "37EE7"],
    [
        "move",
        "examples/panji-g9.toml",
        "A",
        "--double-time",
        "--blaze",
        "37DD8",
        "37DD7",
        ":beneath",
        "37CC8",
    ],
    ["odds", "panji", "--unit", "4-4-8", "--nationality", "japanese"],
    ["odds", "panji", "--unit", "6-6-6", "--nationality", "american"],
    ["odds", "mc", "2", "--unit", "4-4-7", "--nationality", "japanese"],
    ["odds", "nmc", "--unit", "6-6-6", "--nationality", "american"],
    ["counters", "american"],
    ["counters", "--json"],
)


def commands() -> list[list[str]]:
    """Every command whose output is kept: check, render, terrain/reach per unit, LOS between
    the first units, and a few moves and odds."""
    out: list[list[str]] = []
    for name in EXAMPLES:
        path = f"examples/{name}"
        data = tomllib.loads((ROOT / path).read_text(encoding="utf-8"))
        units = data.get("units", [])
        out.append(["check", path])
        out.append(["render", path])
        hexes = []
        for u in units:
            out.append(["reach", path, u["id"]])
            if "hex" in u:
                hexes.append(u["hex"])
                out.append(["terrain", path, u["hex"]])
        for a in hexes[:4]:
            for b in hexes[:4]:
                if a != b:
                    out.append(["los", path, a, b])
    out.extend(list(c) for c in EXTRA)
    return out


def run(argv: list[str]) -> str:
    """stdout and exit code of one command, text and --json."""
    from aslpto.cli import main

    buf, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
        code = main(argv)
    return f"exit {code}\n{buf.getvalue()}{err.getvalue()}"


def outputs() -> dict[str, str]:
    """Each command's output, with and without ``--json`` (render writes SVG to a file)."""
    got: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for argv in commands():
            key = " ".join(argv)
            if argv[0] == "render":
                svg = Path(tmp) / "map.svg"
                run([*argv, "-o", str(svg)])
                got[key] = svg.read_text(encoding="utf-8")
                continue
            got[key] = run(argv)
            got[key + " --json"] = run([*argv, "--json"])
    return {k: hashlib.sha256(v.encode()).hexdigest() for k, v in got.items()}


def main(argv: list[str]) -> int:
    import os

    os.chdir(ROOT)
    got = outputs()
    if "--check" in argv:
        want = json.loads(GOLDEN.read_text(encoding="utf-8"))
        for key in sorted(set(want) | set(got)):
            if want.get(key) != got.get(key):
                print(f"differs: aslpto {key}")
                return 1
        return 0
    GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(got)} outputs written to {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
