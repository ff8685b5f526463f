"""An SVG picture of the map: terrain, levels, hexsides, features, counters and a legend.

Built by hand from the standard library and byte-stable: the same game gives the same bytes
(everything is drawn in sorted order, every number has fixed precision, nothing depends on
the clock or on chance).

Hexes are flat-topped and laid out on the grid of :mod:`aslpto.board.hexes`: hex ``(x, y)`` has
its centre at ``(1.5 R x, (√3/2) R y)``, so the hexes of one column, two ``y`` apart, touch.

>>> from aslpto.board.hexes import Hex
>>> [round(v, 2) for v in centre(Hex(1, 1))]
[60.0, 34.64]
"""

from __future__ import annotations

from aslpto.formats.svg.counters import Counter as Counter
from aslpto.formats.svg.geometry import (
    _SIDE_CORNERS as _SIDE_CORNERS,
)
from aslpto.formats.svg.geometry import (
    COUNTER as COUNTER,
)
from aslpto.formats.svg.geometry import (
    FONT as FONT,
)
from aslpto.formats.svg.geometry import (
    HEADER as HEADER,
)
from aslpto.formats.svg.geometry import (
    LEGEND_COLUMN as LEGEND_COLUMN,
)
from aslpto.formats.svg.geometry import (
    MARGIN as MARGIN,
)
from aslpto.formats.svg.geometry import (
    SQRT3 as SQRT3,
)
from aslpto.formats.svg.geometry import (
    Attr as Attr,
)
from aslpto.formats.svg.geometry import (
    Point as Point,
)
from aslpto.formats.svg.geometry import (
    R as R,
)
from aslpto.formats.svg.geometry import (
    _board_box as _board_box,
)
from aslpto.formats.svg.geometry import (
    _Box as _Box,
)
from aslpto.formats.svg.geometry import (
    _corner as _corner,
)
from aslpto.formats.svg.geometry import (
    _corners as _corners,
)
from aslpto.formats.svg.geometry import (
    _Doc as _Doc,
)
from aslpto.formats.svg.geometry import (
    _hex_box as _hex_box,
)
from aslpto.formats.svg.geometry import (
    _mid as _mid,
)
from aslpto.formats.svg.geometry import (
    _n as _n,
)
from aslpto.formats.svg.geometry import (
    _pts as _pts,
)
from aslpto.formats.svg.geometry import (
    _toward as _toward,
)
from aslpto.formats.svg.geometry import (
    centre as centre,
)
from aslpto.formats.svg.geometry import (
    side_segment as side_segment,
)
from aslpto.formats.svg.painter import (
    _Painter as _Painter,
)
from aslpto.formats.svg.painter import (
    render as render,
)
from aslpto.formats.svg.palette import (
    _BANK as _BANK,
)
from aslpto.formats.svg.palette import (
    _BRIDGE as _BRIDGE,
)
from aslpto.formats.svg.palette import (
    _BUILDING as _BUILDING,
)
from aslpto.formats.svg.palette import (
    _CREST as _CREST,
)
from aslpto.formats.svg.palette import (
    _DARK as _DARK,
)
from aslpto.formats.svg.palette import (
    _DEPRESSION as _DEPRESSION,
)
from aslpto.formats.svg.palette import (
    _FORD as _FORD,
)
from aslpto.formats.svg.palette import (
    _FORT_FILL as _FORT_FILL,
)
from aslpto.formats.svg.palette import (
    _FORT_LABEL as _FORT_LABEL,
)
from aslpto.formats.svg.palette import (
    _LIGHT as _LIGHT,
)
from aslpto.formats.svg.palette import (
    _NATION_FILL as _NATION_FILL,
)
from aslpto.formats.svg.palette import (
    _OPEN as _OPEN,
)
from aslpto.formats.svg.palette import (
    _OTHER_FILL as _OTHER_FILL,
)
from aslpto.formats.svg.palette import (
    _PADDY as _PADDY,
)
from aslpto.formats.svg.palette import (
    _PANJI_FILL as _PANJI_FILL,
)
from aslpto.formats.svg.palette import (
    _PANJI_INK as _PANJI_INK,
)
from aslpto.formats.svg.palette import (
    _PATH as _PATH,
)
from aslpto.formats.svg.palette import (
    _POSITION_RANK as _POSITION_RANK,
)
from aslpto.formats.svg.palette import (
    _POSITION_TAG as _POSITION_TAG,
)
from aslpto.formats.svg.palette import (
    _ROAD as _ROAD,
)
from aslpto.formats.svg.palette import (
    _SIDE_LABEL as _SIDE_LABEL,
)
from aslpto.formats.svg.palette import (
    _SIDE_ORDER as _SIDE_ORDER,
)
from aslpto.formats.svg.palette import (
    _SIDE_STYLE as _SIDE_STYLE,
)
from aslpto.formats.svg.palette import (
    _STREAM as _STREAM,
)
from aslpto.formats.svg.palette import (
    _TERRAIN as _TERRAIN,
)
from aslpto.formats.svg.palette import (
    _TINT as _TINT,
)
from aslpto.formats.svg.palette import (
    _TINT_ALPHA as _TINT_ALPHA,
)
from aslpto.formats.svg.palette import (
    _TUFTS as _TUFTS,
)
from aslpto.formats.svg.palette import (
    _WAVE as _WAVE,
)
from aslpto.formats.svg.palette import (
    _band as _band,
)
from aslpto.formats.svg.palette import (
    _cells as _cells,
)
from aslpto.formats.svg.palette import (
    _crowns as _crowns,
)
from aslpto.formats.svg.palette import (
    _fit as _fit,
)
from aslpto.formats.svg.palette import (
    _flags as _flags,
)
from aslpto.formats.svg.palette import (
    _grid_row as _grid_row,
)
from aslpto.formats.svg.palette import (
    _ink as _ink,
)
from aslpto.formats.svg.palette import (
    _land_level as _land_level,
)
from aslpto.formats.svg.palette import (
    _pattern_id as _pattern_id,
)
from aslpto.formats.svg.palette import (
    _Style as _Style,
)
from aslpto.formats.svg.palette import (
    crop as crop,
)
from aslpto.formats.svg.palette import (
    terrain_label as terrain_label,
)
from aslpto.formats.svg.underlay import (
    Underlay as Underlay,
)
