"""Collect the ``bench_*.py`` files of this directory as test modules (pytest's default
pattern is ``test_*.py``), so ``pytest benchmarks`` runs them."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    if parent.session.isinitpath(file_path):
        return None  # named on the command line: pytest collects it already
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
