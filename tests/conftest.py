"""Real VASL boards for the tests: a test of an example scenario on real boards
(``examples/real-*.toml``) reads its boards from the shared VASL folder
(``<repo>/../shared/vasl/boards``) through ``ASLPTO_VASL_BOARDS``, and is skipped, with the
reason, where that folder is absent."""

from __future__ import annotations

import pytest

from vaslhelp import BOARDS


@pytest.fixture(autouse=True)
def _vasl_boards_for_real_examples(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "real-" not in request.node.nodeid:
        return
    if BOARDS is None:
        pytest.skip("needs the VASL boards folder (../shared/vasl/boards)")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(BOARDS))
