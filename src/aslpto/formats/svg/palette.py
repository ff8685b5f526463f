"""How terrain, levels and counters look: colours, patterns, labels and unit flags."""

from __future__ import annotations

from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Hex, HexName, Layout
from aslpto.board.maps import HexInfo
from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.formats.svg.geometry import COUNTER, Attr, Point, R, _n
from aslpto.state.game import FortKind, PaddyState
from aslpto.state.units import Unit


@record
class _Style:
    fill: str
    pattern: str = ""  # SVG drawn over the fill in a tile of size `tile`
    tile: tuple[int, int] = (10, 10)


def _crowns(dark: str, extra: str = "") -> str:
    return f'<circle cx="4" cy="4" r="3" fill="{dark}"/><circle cx="12" cy="11" r="3.4" fill="{dark}"/>{extra}'  # noqa: E501


_TUFTS = "M1 4 h6 M7 9 h6 M3 4 l-1 -2 M4 4 v-2.5 M5 4 l1 -2 M9 9 l-1 -2 M10 9 v-2.5 M11 9 l1 -2"


_WAVE = '<path d="M0 6 q3 -3 6 0 t6 0" stroke="{}" fill="none"/>'


_OPEN = "#ebe8c3"


_TERRAIN: dict[Terrain, _Style] = {
    Terrain.OPEN_GROUND: _Style(_OPEN),
    Terrain.WOODS: _Style("#4f8a3b", _crowns("#3c7030"), (16, 16)),
    Terrain.LIGHT_JUNGLE: _Style(
        "#63a146",
        _crowns("#4a8535", '<path d="M1 13 q2 -3 4 0" stroke="#2f6324" fill="none"/>'),
        (16, 16),
    ),
    Terrain.DENSE_JUNGLE: _Style(
        "#2c5f22",
        _crowns("#1d4716", '<circle cx="12" cy="3" r="1.6" fill="#477a2f"/>'),
        (16, 16),
    ),
    Terrain.BRUSH: _Style(
        "#b7cd7d",
        '<circle cx="2" cy="2" r="1.2" fill="#6d8f3a"/><circle cx="7" cy="7" r="1.2" '
        'fill="#6d8f3a"/>',
    ),
    Terrain.BAMBOO: _Style(
        "#c3d167",
        '<path d="M2 1 v8 M6 3 v8 M10 0 v7 M1 5 h2 M5 7 h2 M9 3 h2" stroke="#58761d"/>',
        (12, 12),
    ),
    Terrain.ORCHARD: _Style("#dfe4b2", '<circle cx="5" cy="5" r="2.4" fill="#6a9a3a"/>', (12, 12)),
    Terrain.PALM_TREES: _Style(
        "#e6e1b0",
        '<path d="M8 8 l-5 -2 M8 8 l5 -2 M8 8 l-3 4 M8 8 l3 4 M8 8 l0 -5" stroke="#3f7a25" '
        'stroke-width="1.3" stroke-linecap="round"/>',
        (16, 16),
    ),
    Terrain.GRAIN: _Style(
        "#e9d37c", '<path d="M1 8 l2 -6 M5 8 l1 -6 M8 8 l2 -6" stroke="#b8993a"/>'
    ),
    Terrain.KUNAI: _Style(
        "#e3cb6c",
        '<path d="M1 9 l2 -7 M4 9 l0.5 -7 M6 9 l-1 -6 M8 9 l2 -6" stroke="#a0832b" '
        'stroke-width="0.8"/>',
    ),
    Terrain.MARSH: _Style(
        "#b7d7c9", f'<path d="{_TUFTS}" stroke="#3a7b78" stroke-width="0.8"/>', (14, 10)
    ),
    Terrain.SWAMP: _Style(
        "#86b9a3",
        f'<path d="{_TUFTS}" stroke="#2c6552" stroke-width="0.8"/>'
        '<circle cx="12" cy="2" r="1.3" fill="#2c5f22"/>',
        (14, 10),
    ),
    Terrain.MUDFLATS: _Style(
        "#bcab8a",
        '<circle cx="2" cy="3" r="0.8" fill="#7e6c4e"/><circle cx="7" cy="7" r="0.8" '
        'fill="#7e6c4e"/>',
    ),
    Terrain.WOODEN_BUILDING: _Style(_OPEN),
    Terrain.STONE_BUILDING: _Style(_OPEN),
    Terrain.HUTS: _Style(_OPEN),
    Terrain.PADDY: _Style("#d6cd97"),  # by season: see _PADDY
    Terrain.CANAL: _Style("#6ea6d8", _WAVE.format("#9cc4e8"), (12, 10)),
    Terrain.RIVER: _Style("#5596d2", _WAVE.format("#8bbbe6"), (12, 10)),
    Terrain.POND: _Style("#7db4e0", _WAVE.format("#a9cdee"), (12, 10)),
    Terrain.LAKE: _Style("#4c8bc8", _WAVE.format("#79a9da"), (12, 10)),
    Terrain.OCEAN: _Style("#3a73b0", _WAVE.format("#6795c6"), (12, 10)),
}


_PADDY: dict[PaddyState, _Style] = {
    PaddyState.DRAINED: _Style(
        "#d8cf9b", '<path d="M1 5 h3 M7 5 h3 M4 10 h3" stroke="#a28f55"/>', (12, 12)
    ),
    PaddyState.IRRIGATED: _Style(
        "#a9cbd6", '<path d="M2 6 v-3 M4 6 v-3 M8 11 v-3 M10 11 v-3" stroke="#4f8a35"/>', (12, 12)
    ),
    PaddyState.IN_SEASON: _Style(
        "#9cc86a", '<path d="M2 6 v-4 M4 6 v-4 M8 11 v-4 M10 11 v-4" stroke="#4c7f2a"/>', (12, 12)
    ),
}


_TINT = "#7a4b1e"  # hill brown, laid over the terrain colour


_TINT_ALPHA = {1: "0.24", 2: "0.40", 3: "0.54"}


_DEPRESSION = "#2b3a55"


_BUILDING = {"stone": ("#9b9b98", "#3e3e3e"), "wooden": ("#a8662f", "#4a2810")}


_SIDE_ORDER: tuple[HexsideFeature, ...] = (
    HexsideFeature.WATER,
    HexsideFeature.STREAM,
    HexsideFeature.BANK,
    HexsideFeature.BREACHED,
    HexsideFeature.HEDGE,
    HexsideFeature.BOCAGE,
    HexsideFeature.WALL,
    HexsideFeature.CLIFF,
)


_BANK: dict[str, Attr] = {"stroke": "#6b4215", "stroke_width": 3.0, "stroke_dasharray": "5 2.5"}


_SIDE_STYLE: dict[HexsideFeature, dict[str, Attr]] = {
    HexsideFeature.WATER: {"stroke": "#3f86cc", "stroke_width": 5.0},
    HexsideFeature.STREAM: {"stroke": "#2e6fb7", "stroke_width": 3.0},
    HexsideFeature.BANK: _BANK,
    HexsideFeature.BREACHED: {"stroke": "#d0302a", "stroke_width": 2.0},
    HexsideFeature.HEDGE: {"stroke": "#22601a", "stroke_width": 4.5, "stroke_linecap": "round"},
    HexsideFeature.BOCAGE: {"stroke": "#153f10", "stroke_width": 6.5, "stroke_linecap": "round"},
    HexsideFeature.WALL: {"stroke": "#5e5e5e", "stroke_width": 4.5, "stroke_linecap": "square"},
    HexsideFeature.CLIFF: {"stroke": "#111111", "stroke_width": 4.0, "stroke_linecap": "round"},
}


_SIDE_LABEL: dict[HexsideFeature, str] = {
    HexsideFeature.WATER: "Water Hexside (B21.13)",
    HexsideFeature.STREAM: "Stream Hexside (G.1)",
    HexsideFeature.BANK: "Paddy Bank (G8)",
    HexsideFeature.BREACHED: "Breached Bank (G8)",
    HexsideFeature.HEDGE: "Hedge (B9)",
    HexsideFeature.BOCAGE: "Bocage (B9.5)",
    HexsideFeature.WALL: "Wall (B9)",
    HexsideFeature.CLIFF: "Cliff (B11)",
}


_CREST: dict[str, Attr] = {"stroke": "#5a3510", "stroke_width": "1.6"}


_STREAM = ((0.34 * R, "#2e6fb7"), (0.22 * R, "#7fb2e5"))


_ROAD = ((0.3 * R, "#6b5a3e"), (0.2 * R, "#e0d2ad"))


_PATH: dict[str, Attr] = {"stroke": "#5a3b1c", "stroke_width": "2.2", "stroke_dasharray": "5 3"}


_FORD: dict[str, Attr] = {"fill": "#8c6a3c", "stroke": "#3d2a12", "stroke_width": "0.6"}


_BRIDGE: dict[str, Attr] = {"fill": "#8a8a86", "stroke": "#222222", "stroke_width": "1.2"}


_NATION_FILL: dict[str, str] = {
    "japanese": "#f0c21b",
    "american": "#9aa65a",
    "usmc": "#7f9a4e",
    "british": "#d2b784",
    "chinese": "#b9c4cf",
    "russian": "#b08555",
    "german": "#8fb0cf",
}


_OTHER_FILL = "#d6d6d6"


_FORT_FILL = "#ece6d6"


_PANJI_FILL = "#e2cf96"


_PANJI_INK = "#b3261e"


_DARK = "#1a1a1a"


_LIGHT = "#f6f6f0"


_POSITION_TAG: dict[str, tuple[str, str, str]] = {
    "bank": ("BANK", "#6b4215", "On the Bank counter (G8)"),
    "above-panji": ("ABOVE", _PANJI_INK, "Above a Panji (G9.4)"),
    "beneath-panji": ("BENEATH", "#4a4a4a", "Beneath a Panji (G9.45)"),
}


_POSITION_RANK = {"beneath-panji": 0, "ground": 1, "in": 1, "bank": 2, "above-panji": 3}


_FORT_LABEL: dict[FortKind, str] = {
    FortKind.WIRE: "Wire",
    FortKind.MINES: "Mines",
    FortKind.TRENCH: "Trench",
    FortKind.FOXHOLE: "Foxhole",
    FortKind.PILLBOX: "Pillbox",
    FortKind.ROADBLOCK: "Roadblk",
    FortKind.TRIP_FLARE: "Flare",
    FortKind.AT_SET_DC: "A-T DC",
    FortKind.TUNNEL: "Tunnel",
    FortKind.SHELLHOLES: "Shell",
}


def _ink(colour: str) -> str:
    """A text colour that reads on ``colour``."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return _LIGHT if 0.299 * r + 0.587 * g + 0.114 * b < 0.5 else _DARK


def terrain_label(t: Terrain) -> str:
    """``dense-jungle`` -> ``Dense Jungle``."""
    return t.value.replace("-", " ").title()


def _fit(text: str, width: float, size: float) -> float:
    """A font size no larger than ``size`` at which ``text`` fits ``width`` (an estimate:
    bold DejaVu Sans averages under 0.7 em a character)."""
    return round(min(size, width / (0.7 * max(1, len(text)))), 1)


def _flags(u: Unit, long: bool = False) -> str:
    words = (
        ("broken", "BRK", u.broken),
        ("pinned", "PIN", u.pinned),
        ("DM", "DM", u.dm),
        ("berserk", "BSK", u.berserk),
        ("CX", "CX", u.cx),
        ("wounded", "WND", u.wounded),
        ("unarmed", "UNA", u.unarmed),
        ("TI", "TI", u.ti),
        ("concealed", "", u.concealed and long),
        ("hidden", "HIP", u.hidden),
    )
    return " ".join((w if long else s) for w, s, on in words if on and (long or s))


def _band(x: float, y: float, w: float, h: float, r: float) -> str:
    """A band at the foot of a counter: square top, corners rounded like the counter's."""
    return (
        f"M{_n(x)} {_n(y)} h{_n(w)} v{_n(h - r)} q0 {_n(r)} {_n(-r)} {_n(r)} "
        f"h{_n(-(w - 2 * r))} q{_n(-r)} 0 {_n(-r)} {_n(-r)} z"
    )


def _cells(c: Point, n: int) -> list[tuple[float, float, float]]:
    """Where the counters of a stack of ``n`` go in a hex (x, y, size), in reading order
    under the hex name: one or two side by side, three in a row, four in two rows, five or
    six smaller in two rows of three; more are counted (``+k``)."""
    cx, cy = c
    s = COUNTER
    if n <= 1:
        return [(cx, cy + 3, s)]
    if n == 2:
        g = s / 2 + 0.8
        return [(cx - g, cy + 3, s), (cx + g, cy + 3, s)]
    if n == 3:
        t = 0.86 * s
        return [(cx + dx * (t + 1.2), cy + 3, t) for dx in (-1, 0, 1)]
    if n == 4:
        t = 0.9 * s
        g = t / 2 + 0.8
        return [(cx + dx * g, y, t) for y in (cy - 8, cy + 17) for dx in (-1, 1)]
    t = 0.74 * s
    return [(cx + dx * (t + 1), y, t) for y in (cy - 6, cy + 15) for dx in (-1, 0, 1)][:n]


def crop(layout: Layout, spec: str) -> frozenset[Hex]:
    """The hexes a crop names: ``37A1:37J10`` (a block: columns A-J, rows 1-10, also across
    boards), a single hex, or several joined by commas. The second corner's board defaults
    to the first's (``37A1:J10``).

    >>> len(crop(Layout.single("37"), "37A1:C2"))
    6
    """
    out: set[Hex] = set()
    default = layout.placements[0].board if len(layout.placements) == 1 else None
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        if ":" not in part:
            out.add(layout.hex(part))
            continue
        first_text, second_text = (p.strip() for p in part.split(":", 1))
        first = HexName.parse(first_text, default)
        a = layout.resolve(first)
        b = layout.resolve(HexName.parse(second_text, first.board))
        x0, x1 = sorted((a.x, b.x))
        r0, r1 = sorted((_grid_row(a), _grid_row(b)))
        out.update(h for h in layout.hexes if x0 <= h.x <= x1 and r0 <= _grid_row(h) <= r1)
    if not out:
        raise InputError(f"hexes '{spec}' names no hexes")
    return frozenset(out)


def _grid_row(h: Hex) -> int:
    return (h.y - h.x % 2) // 2


def _pattern_id(t: Terrain) -> str:
    return f"t-{t.value}"


def _land_level(info: HexInfo) -> int:
    """The level a player reads off the board. A Water Obstacle lies one level down (B21.2),
    which is no hill, so it shows none."""
    return 0 if info.water_obstacle else info.level
