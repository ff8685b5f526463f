"""Real VASL boards for the tests: a test of an example scenario on real boards
(``examples/real-*.toml``) reads its boards from the shared VASL folder
(``<repo>/../shared/vasl/boards``) through ``ASLPTO_VASL_BOARDS``, and is skipped, with the
reason, where that folder is absent."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from vaslhelp import BOARDS

_CACHE: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    """The tests keep parsed TOML (base.tomlcache) in a folder of their own, not the user's."""
    global _CACHE
    if "ASLPTO_CACHE" not in os.environ:
        _CACHE = tempfile.mkdtemp(prefix="aslpto-test-cache-")
        os.environ["ASLPTO_CACHE"] = _CACHE


def pytest_unconfigure(config: pytest.Config) -> None:
    if _CACHE is not None:
        shutil.rmtree(_CACHE, ignore_errors=True)
        os.environ.pop("ASLPTO_CACHE", None)


@pytest.fixture(autouse=True)
def _vasl_boards_for_real_examples(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "real-" not in request.node.nodeid:
        return
    if BOARDS is None:
        pytest.skip("needs the VASL boards folder (../shared/vasl/boards)")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(BOARDS))
