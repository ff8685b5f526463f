"""What lets a viewshed over real boards' artwork pass hexes by without reading their pixels
gives the answers of a walk that reads every pixel of every hex it crosses (A6.1: the thread
from centre dot to centre dot, blocked where it crosses obstacle terrain as depicted). Each
hex's summary (:meth:`ArtworkLosEngine._need`: its highest pixel, whether all its pixels lie at
that level, whether a cliff is drawn in it, whether anything that matters to a LOS is, B.6's
Inherent Terrain spilling in from a neighbour not counted) stands for its pixels: a hex no
higher than the lower end is passed by, a flat hex's ground is judged from its level, a hex
whose highest pixel would not block has its ground left unread, an undrawn hex its codes, and
a Depression (A6.3) skips the hexes at or below its floor. Skipped without the shared VASL
folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from aslpto.board.hexes import Hex
from aslpto.board.maps import Map
from aslpto.rules.los import ArtworkLosEngine, parse_location
from aslpto.rules.los.locations import Location
from aslpto.rules.los.viewshed import targets
from aslpto.state.game import Conditions
from vaslhelp import needs_vasl, real_game

pytestmark = needs_vasl

ROOT = Path(__file__).resolve().parent.parent


class EveryPixel(ArtworkLosEngine):
    """The walk that reads every pixel: each hex of the map summed up as drawn, not flat, with
    a cliff, and higher than any end (so no summary lets the walk pass it by)."""

    def _need(self, k: int) -> int:
        if super()._need(k) >= 0:
            self._needs[k] = 255
            self._tops[k] = (255, False, True, True)
        return self._needs[k]


game = real_game


@cache
def engines(name: str, month: int) -> tuple[ArtworkLosEngine, ArtworkLosEngine]:
    g = game(name)
    conditions = Conditions(month=month, paddy=g.conditions.paddy)
    panjis = tuple(p.hex for p in g.panjis.values())
    m: Map = g.map
    return ArtworkLosEngine(m, conditions, panjis), EveryPixel(m, conditions, panjis)


def alike(name: str, month: int, frm: Location, reach: int) -> int:
    """The viewshed of ``frm`` within ``reach`` is the same answer for answer, field for field
    (the blocking pixel too), read either way; how many of its Locations are seen."""
    eng, every = engines(name, month)
    locs = targets(eng, frm, reach)
    got, want = eng.check_from(frm, locs), every.check_from(frm, locs)
    for loc, g, w in zip(locs, got, want, strict=True):
        assert g == w, (eng.map.name(frm.hex), eng.map.name(loc.hex), loc.level)
    return sum(r.los for r in got)


def test_a6_1_every_viewshed_of_board_36_reads_as_every_pixel() -> None:
    """A whole board: every hex's viewshed within range 5 on board 36 under PTO Terrain (a
    stream's Depression, hills to level 3, dense jungle, bamboo, kunai, palm trees)."""
    eng, _ = engines("36 PTO", 6)
    seen = sum(alike("36 PTO", 6, Location(h), 5) for h in sorted(eng.map.cells))
    assert seen > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["36 PTO", "37", "37-38", "2x2"]),
    pick=st.integers(0, 10**6),
    level=st.sampled_from([0, 0, 1, 2]),
    crest=st.booleans(),
    entrenched=st.booleans(),
    reach=st.integers(1, 12),
    month=st.sampled_from([1, 6]),
)
def test_a6_1_a_viewshed_reads_as_every_pixel(
    name: str, pick: int, level: int, crest: bool, entrenched: bool, reach: int, month: int
) -> None:
    eng, _ = engines(name, month)
    cells = sorted(eng.map.cells)
    h: Hex = cells[pick % len(cells)]
    word = eng.map.name(h) + (f"@{level}" if level else "")
    if crest and not level and "stream" in {f.value for f in eng.map.info(h).features}:
        word += ":crest"
    frm = parse_location(eng.map, word)
    if entrenched and not level:
        frm = Location(frm.hex, frm.level, frm.position, entrenched=True)
    alike(name, month, frm, reach)
