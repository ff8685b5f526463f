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
    COUNTER as COUNTER,
    FONT as FONT,
    HEADER as HEADER,
    LEGEND_COLUMN as LEGEND_COLUMN,
    MARGIN as MARGIN,
    SQRT3 as SQRT3,
    Attr as Attr,
    Point as Point,
    R as R,
    centre as centre,
    side_segment as side_segment,
)
from aslpto.formats.svg.painter import (
    render as render,
)
from aslpto.formats.svg.palette import (
    crop as crop,
    terrain_label as terrain_label,
)
from aslpto.formats.svg.underlay import (
    Underlay as Underlay,
)
