"""The CLI's output on the bundled examples is byte-identical to the kept digests."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_cli_output_on_bundled_examples_unchanged() -> None:
    spec = importlib.util.spec_from_file_location("cli_golden", ROOT / "tools" / "cli_golden.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    here = Path.cwd()
    try:
        os.chdir(ROOT)
        got = mod.outputs()
    finally:
        os.chdir(here)
    want = json.loads((ROOT / "tests" / "golden" / "cli.json").read_text(encoding="utf-8"))
    differ = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
    assert not differ, f"{len(differ)} outputs changed, first: aslpto {differ[0]}"
