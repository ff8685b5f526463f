"""docs/rule-coverage.md stays true: one row per rule number of the specification, and the
file is what tools/coverage.py assembles from docs/coverage/*.md."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coverage_tool", ROOT / "tools" / "coverage.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


needs_rules = pytest.mark.skipif(not RULES.is_dir(), reason="specification texts not beside repo")


@needs_rules
def test_every_rule_number_has_a_row() -> None:
    tool = _tool()
    text = (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")}
    missing = [n for n in tool.rule_numbers(RULES) if n not in rows]
    assert missing == []


@needs_rules
def test_rule_coverage_is_assembled_from_parts() -> None:
    tool = _tool()
    assert (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8") == tool.build(RULES), (
        "run: python tools/coverage.py"
    )


def test_named_tests_exist() -> None:
    """Every test a coverage row names is a test function somewhere under tests/."""
    text = (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", text))
    defined: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"^\s*def (test_[a-z0-9_]+)", path.read_text(), re.M))
    assert sorted(named - defined) == []


_CODE = re.compile(
    r"`((?:base|board|state|rules|procedures|formats|cli)(?:\.[A-Za-z_][A-Za-z0-9_]*)+)"
)


def test_named_code_exists() -> None:
    """Every ``package.module.name`` a coverage row names is there (relative to aslpto)."""
    import importlib

    text = (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8")
    missing = []
    for ref in sorted(set(_CODE.findall(text))):
        parts = ref.split(".")
        for n in range(len(parts), 0, -1):  # the longest prefix that is a module
            try:
                obj: object = importlib.import_module("aslpto." + ".".join(parts[:n]))
            except ModuleNotFoundError:
                continue
            for attr in parts[n:]:
                obj = getattr(obj, attr, None)
            if obj is None:
                missing.append(ref)
            break
        else:
            missing.append(ref)
    assert missing == []
