"""``import aslpto``: the documented entry points, imported on first use."""

from __future__ import annotations

import subprocess
import sys

import aslpto


def test_every_entry_point_resolves() -> None:
    for name in aslpto.__all__:
        assert getattr(aslpto, name) is not None, name


def test_unknown_name_is_an_attribute_error() -> None:
    try:
        aslpto.no_such_entry_point  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as e:
        assert "no_such_entry_point" in str(e)
    else:
        raise AssertionError("no AttributeError")


def test_import_aslpto_loads_no_rules() -> None:
    """``import aslpto`` reads the version alone (nor ``re``, ``enum`` or ``collections``: the
    console script turns the collector off before they are read, :mod:`aslpto.__main__`)."""
    code = (
        "import sys, aslpto; print(sorted(m for m in sys.modules if m.startswith('aslpto') "
        "or m in ('re', 'enum', 'collections')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = "['aslpto', 'aslpto.base', 'aslpto.base.hints', 'aslpto.base.plugins']"
    assert out.stdout.strip() == loaded


def test_odds_imports_no_typing() -> None:
    """A cold `aslpto odds` pays for no module the type checker alone needs (base.hints),
    once its data files are compiled (the first call compiles them: base.datafiles)."""
    code = (
        "import sys; sys.argv = ['aslpto', 'odds', 'panji', '--unit', '4-4-8']; "
        "from aslpto.cli import main; main(); "
        "print(sorted(m for m in ('typing', 'contextlib', 'pathlib', 'tomllib', 'random', "
        "'importlib') "
        "if m in sys.modules), file=sys.stderr)"
    )
    subprocess.run([sys.executable, "-c", code], capture_output=True, check=True)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "[]"
