"""Line of sight (A6) on the hex map, and the PTO rules that turn on it.

A LOS runs from the centre dot of one Location's hex to the centre dot of the other's (A6.1;
the thread itself is :mod:`aslpto.rules.los.thread`). Along it the engine judges, hex by hex:

- obstacles (woods, jungle, bamboo, buildings, swamp, ...) by their height above their base
  level: higher than both ends, or as high as the higher end and higher than the lower, blocks
  (A6.2); between the two, it may leave the lower end in a blind hex (A6.4);
- the ground itself: hills and Crest Lines (B10.2, blind hexes B10.23), Water Obstacles a level
  below the land, level 0 when flooded (B21.2, B21.21), stream Depressions (A6.3) and the
  stream end-hexes of G.1;
- Hindrances (B12.2, B14.2, B15, B16.2, huts, In-Season paddies halved FRD per G8), six or more
  blocking the LOS;
- hexside obstacles: walls and hedges (B9.2), bocage, paddy banks as hedges for entrenched
  Infantry (G8), cliffs;
- a thread along a hexside: an obstruction counts only if it is on both sides of it, but
  Inherent Terrain counts from one side (A6.1, B.6).

Terrain is judged at hex grain (docs/los.md says where that departs from the artwork), or, on
real boards that carry their artwork, pixel by pixel as depicted
(:mod:`aslpto.rules.los.artwork`); a scenario may override any single LOS
(``[[los_overrides]]``).

>>> from aslpto.board.files import parse_board
>>> from aslpto.board.hexes import Layout
>>> from aslpto.board.maps import build_map
>>> from aslpto.base.tomlsource import TomlSource
>>> board = parse_board(TomlSource.parse('[board]\\n[terrain]\\nwoods = ["E6"]'))
>>> m = build_map(Layout.single("37"), {"37": board})
>>> r = LosEngine(m).check(parse_location(m, "37D5"), parse_location(m, "37F6"))
>>> r.los, r.blocked_by.where, r.blocked_by.rule
(False, '37E6', 'A6.2')
"""

from __future__ import annotations

from aslpto.rules.los.artcodes import (
    plug_terrain_words as plug_terrain_words,
)
from aslpto.rules.los.artwork import (
    ArtworkLosEngine as ArtworkLosEngine,
)
from aslpto.rules.los.data import (
    G8_LOS as G8_LOS,
    LosData as LosData,
    SideRule as SideRule,
    TerrainRule as TerrainRule,
    in_season_hindrance as in_season_hindrance,
    los_data as los_data,
)
from aslpto.rules.los.engine import (
    LosEngine as LosEngine,
)
from aslpto.rules.los.locations import (
    POSITIONS as POSITIONS,
    Blocker as Blocker,
    HindranceHit as HindranceHit,
    Location as Location,
    LosOverride as LosOverride,
    LosResult as LosResult,
    location_name as location_name,
    location_of as location_of,
    parse_location as parse_location,
    parse_overrides as parse_overrides,
)
from aslpto.rules.los.queries import (
    build_engine as build_engine,
    engine_for as engine_for,
    game_overrides as game_overrides,
    los as los,
    units_with_los as units_with_los,
)
from aslpto.rules.los.viewshed import (
    Seen as Seen,
    Seer as Seer,
    Viewshed as Viewshed,
    viewer as viewer,
    viewshed as viewshed,
    viewshed_of as viewshed_of,
)
