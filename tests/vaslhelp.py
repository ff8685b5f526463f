"""Where the real VASL data is for tests: ``<repo>/../shared/vasl`` or ``/work/shared/vasl``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from aslpto.formats import scenario
from aslpto.state.game import Game

ROOT = Path(__file__).resolve().parent.parent


def vasl_dir() -> Path | None:
    for p in (ROOT.parent / "shared" / "vasl", Path("/work/shared/vasl")):
        if (p / "boards").is_dir():
            return p
    return None


VASL = vasl_dir()
BOARDS = VASL / "boards" if VASL is not None else None
needs_vasl = pytest.mark.skipif(
    VASL is None, reason="the VASL data (../shared/vasl) is not next to the repository"
)


def scenario_text(boards: str, ssr: str = "pto_terrain = false", body: str = "") -> str:
    """A scenario on real boards read from the shared VASL boards folder."""
    return (
        f'[scenario]\nname = "real"\ndate = "1944-06"\n\n[map]\nboards = {boards}\n'
        f'vasl_boards = "{BOARDS}"\n\n[ssr]\n{ssr}\n\n'
        '[[sides]]\nname = "U.S."\nnationality = "american"\n\n'
        '[[sides]]\nname = "Japanese"\nnationality = "japanese"\ndefender = true\n' + body
    )


MAPS = {
    "36 PTO": ('[["36"]]', "pto_terrain = true"),
    "37": ('[["37"]]', "pto_terrain = false"),
    "2x2": ('[["37", "38"], ["39*", "36"]]', "pto_terrain = true"),
    "04": ('[["04"]]', "pto_terrain = false"),
}
"""Real maps the viewshed tests ask about: boards (a ``[map] boards`` value) and SSR."""


@cache
def real_game(name: str) -> Game:
    """A game on real boards: one of ``MAPS``, or ``"37-38"`` (examples/real-37-38.toml)."""
    if name == "37-38":
        return scenario.load(ROOT / "examples" / "real-37-38.toml", vasl_boards=BOARDS)
    boards, ssr = MAPS[name]
    return scenario.loads(scenario_text(boards, ssr))
