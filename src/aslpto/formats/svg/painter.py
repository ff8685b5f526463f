"""The painter: the map drawn layer by layer (terrain, levels, hexsides, features, counters,
legend) in sorted order, so that the same game gives the same bytes."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from aslpto.base.rulings import InputError
from aslpto.board.hexes import Hex, Hexside, Placement
from aslpto.board.maps import HexInfo, Map
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.formats.svg.counters import Counter, CounterLayer
from aslpto.formats.svg.geometry import (
    FONT,
    HEADER,
    LEGEND_COLUMN,
    MARGIN,
    Attr,
    Point,
    R,
    _board_box,
    _Box,
    _corner,
    _corners,
    _Doc,
    _hex_box,
    _mid,
    _n,
    _toward,
    centre,
    side_segment,
)
from aslpto.formats.svg.palette import (
    _BANK,
    _BRIDGE,
    _BUILDING,
    _CREST,
    _DARK,
    _DEPRESSION,
    _FORD,
    _FORT_FILL,
    _NATION_FILL,
    _OPEN,
    _OTHER_FILL,
    _PADDY,
    _PANJI_FILL,
    _PANJI_INK,
    _PATH,
    _POSITION_RANK,
    _POSITION_TAG,
    _ROAD,
    _SIDE_LABEL,
    _SIDE_ORDER,
    _SIDE_STYLE,
    _STREAM,
    _TERRAIN,
    _TINT,
    _TINT_ALPHA,
    _fit,
    _ink,
    _land_level,
    _pattern_id,
    _Style,
    terrain_label,
)
from aslpto.formats.svg.underlay import Underlay, draw_underlays
from aslpto.state.game import Fortification, FortKind, Game, Panji
from aslpto.state.units import Unit


class _Painter(CounterLayer):
    def __init__(
        self, game: Game, shown: frozenset[Hex], underlays: Mapping[str, Underlay] | None = None
    ) -> None:
        self.underlays = dict(underlays or {})
        self.game = game
        self.map: Map = game.map
        self.shown = shown
        self.order: tuple[Hex, ...] = tuple(sorted(shown))
        self.doc = _Doc()
        self.stacks = self._stacks()
        self.boxes = self._visible_boxes()

    def info(self, h: Hex) -> HexInfo:
        return self.map.info(h)

    def style(self, t: Terrain) -> _Style:
        return _PADDY[self.game.conditions.paddy] if t == Terrain.PADDY else _TERRAIN[t]

    def terrains(self) -> list[Terrain]:
        return sorted({self.info(h).terrain for h in self.order}, key=list(Terrain).index)

    def _visible_boxes(self) -> list[tuple[Placement, _Box]]:
        hexes = [_hex_box(h) for h in self.order]
        crop = _Box(
            min(b.x0 for b in hexes),
            min(b.y0 for b in hexes),
            max(b.x1 for b in hexes),
            max(b.y1 for b in hexes),
        )
        out = []
        for p in self.map.layout.placements:
            box = _board_box(p).meet(crop)
            if box is not None and any(p.to_name(h) is not None for h in self.order):
                out.append((p, box))
        return out

    def _stacks(self) -> dict[Hex, list[Counter]]:
        """The counters of each hex in the order they are drawn: fortifications, units
        beneath the Panji, the Panji, the other units (G9.55: other Fortifications lie
        beneath a Panji counter)."""
        stacks: dict[Hex, list[Counter]] = {}
        for f in sorted(self.game.fortifications, key=lambda f: (f.hex, f.id)):
            if f.hex in self.shown and not (f.kind == FortKind.ROADBLOCK and f.hexside):
                stacks.setdefault(f.hex, []).append(f)
        units: dict[Hex, list[Unit]] = {}
        for uid in sorted(self.game.units):
            u = self.game.units[uid]
            if u.hex and (h := self.map.hex(u.hex)) in self.shown:
                units.setdefault(h, []).append(u)
        panjis = {p.hex: p for _, p in sorted(self.game.panjis.items()) if p.hex in self.shown}
        for h in sorted(set(units) | set(panjis)):
            us = sorted(units.get(h, []), key=lambda u: (_POSITION_RANK.get(u.position, 1), u.id))
            stack = stacks.setdefault(h, [])
            stack.extend(u for u in us if u.position == "beneath-panji")
            if h in panjis:
                stack.append(panjis[h])
            stack.extend(u for u in us if u.position != "beneath-panji")
        return dict(sorted(stacks.items()))

    # the whole picture ----------------------------------------------------------------

    def paint(self) -> str:
        area = _Box(
            min(b.x0 for _, b in self.boxes),
            min(b.y0 for _, b in self.boxes),
            max(b.x1 for _, b in self.boxes),
            max(b.y1 for _, b in self.boxes),
        )
        map_w = area.x1 - area.x0
        width = max(map_w + 2 * MARGIN, 720.0)
        legend = self.legend_items()
        cols = max(1, int((width - 2 * MARGIN) // LEGEND_COLUMN))
        legend_top = HEADER + (area.y1 - area.y0) + 18
        height = legend_top + 26 + -(-len(legend) // cols) * 22 + MARGIN
        d = self.doc
        d.raw('<?xml version="1.0" encoding="UTF-8"?>')
        d.open(
            "svg",
            xmlns="http://www.w3.org/2000/svg",
            width=width,
            height=height,
            viewBox=f"0 0 {_n(width)} {_n(height)}",
            font_family=FONT,
        )
        d.el("title", f"{self.game.name or 'Map'}: {self._conditions()}")
        self._defs()
        d.rect(0, 0, width, height, fill="#fbfaf5")
        d.text(MARGIN, 20, self.game.name or "Map", 15, font_weight="bold", text_anchor="start")
        d.text(MARGIN, 36, self._conditions(), 10.5, text_anchor="start", fill="#444444")
        tx = MARGIN + (width - 2 * MARGIN - map_w) / 2 - area.x0
        d.open("g", id="map", transform=f"translate({_n(tx)},{_n(HEADER - area.y0)})")
        d.open("g", clip_path="url(#boards)")
        if self.underlays:
            draw_underlays(self.doc, [p for p, _ in self.boxes], self.underlays)
        self._terrain()
        if not self.underlays:
            self._buildings()
            self._lines()
            self._grid()
        self._hexsides()
        if not self.underlays:
            self._labels()
        d.close()
        self._board_edges()
        self._counters()
        d.close()
        self._legend(legend, legend_top, width, cols)
        d.close()
        return "\n".join(d.lines) + "\n"

    def _conditions(self) -> str:
        c = self.game.conditions
        terr = set(self.terrains())
        boards = self.map.layout.boards
        parts = [f"board{'s' if len(boards) > 1 else ''} {', '.join(boards)}"]
        if c.pto_terrain:
            parts.append(f"PTO Terrain (G.1), {c.jungle.value} jungle (G2.1)")
        if Terrain.PADDY in terr:
            parts.append(f"paddies {c.paddy.value} (G8)")
        parts.append(f"EC {c.ec.value}")
        if terr & {Terrain.RIVER, Terrain.CANAL}:
            river = f"river {c.river_depth.value} (B21.122)"
            if c.current_force is not None and c.current_direction is not None:
                river += f", {c.current_force.value} current to {c.current_direction.name}"
            parts.append(river)
        if c.night:
            parts.append("night")
        parts.append(f"{c.month:02d}/{c.year}")
        return " · ".join(parts)

    def _defs(self) -> None:
        d = self.doc
        d.open("defs")
        d.open("clipPath", id="boards")
        for p, b in self.boxes:
            d.rect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, id=f"board-{p.board}")
        d.close()
        for t in self.terrains():
            s = self.style(t)
            if s.pattern:
                w, h = s.tile
                d.open(
                    "pattern", id=_pattern_id(t), width=w, height=h, patternUnits="userSpaceOnUse"
                )
                d.rect(0, 0, w, h, fill=s.fill)
                d.raw(s.pattern)
                d.close()
        d.close()

    def _fill(self, t: Terrain) -> str:
        s = self.style(t)
        return f"url(#{_pattern_id(t)})" if s.pattern else s.fill

    # map layers -----------------------------------------------------------------------

    def _terrain(self) -> None:
        """Each hex filled by its terrain; hills tinted brown, deeper for higher levels."""
        d = self.doc
        d.open("g", id="terrain")
        for h in self.order:
            info = self.info(h)
            shape = _corners(centre(h))
            d.open("g", id=f"hex-{self.map.name(h)}")
            d.el("title", self._hex_title(h, info))
            if self.underlays:  # (the picture shows the terrain; the hex keeps its title)
                d.poly(shape, fill="#ffffff", fill_opacity="0")
                d.close()
                continue
            d.poly(shape, fill=self._fill(info.terrain))
            level = _land_level(info)
            if level > 0:
                d.poly(shape, fill=_TINT, fill_opacity=_TINT_ALPHA.get(level, "0.62"))
            elif level < 0:
                d.poly(shape, fill=_DEPRESSION, fill_opacity="0.22")
            d.close()
        d.close()

    def _hex_title(self, h: Hex, info: HexInfo) -> str:
        names = " = ".join(str(n) for n in self.map.layout.names(h))
        bits = [f"{names}: {info.terrain.value}", f"level {info.level}"]
        if info.printed != info.terrain:
            bits.append(f"printed {info.printed.value}")
        if info.features:
            bits.append(", ".join(sorted(f.value for f in info.features)))
        if (b := info.building) is not None:
            bits.append(f"{b.material} building {b.id}, stories {b.stories}")
        if info.overlay:
            bits.append(f"overlay {info.overlay}")
        if info.rules:
            bits.append(f"rules {', '.join(info.rules)}")
        return "; ".join(bits)

    def _buildings(self) -> None:
        """A building as a square, or as a band along the hexes of a multi-hex one, under its
        dark edge; its stories when more than one. Huts as three small squares."""
        d = self.doc
        d.open("g", id="buildings")
        blds: dict[str, list[Hex]] = {}
        for h in self.order:
            if (b := self.info(h).building) is not None:
                blds.setdefault(b.id, []).append(h)
        for edge in (True, False):
            for bid in sorted(blds):
                hs = blds[bid]
                b = self.info(hs[0]).building
                assert b is not None
                fill, dark = _BUILDING.get(b.material, _BUILDING["wooden"])
                colour = dark if edge else fill
                size = 1.0 * R + (2.4 if edge else 0.0)
                band = 0.78 * R + (2.4 if edge else 0.0)
                joined = set()
                for i, a in enumerate(hs):
                    for other in hs[i + 1 :]:
                        if a.is_adjacent(other):
                            joined |= {a, other}
                            d.line(
                                centre(a),
                                centre(other),
                                stroke=colour,
                                stroke_width=band,
                                stroke_linecap="square",
                            )
                for h in hs:
                    if h not in joined:
                        cx, cy = centre(h)
                        d.rect(cx - size / 2, cy - size / 2 + 3, size, size, fill=colour)
                if not edge and b.stories > 1:
                    cx = sum(centre(h)[0] for h in hs) / len(hs)
                    cy = sum(centre(h)[1] for h in hs) / len(hs)
                    d.text(
                        cx,
                        cy + 0.3 * R,
                        f"{b.stories} stories",
                        7.5,
                        font_weight="bold",
                        fill=_ink(fill),
                    )
        for h in self.order:
            if self.info(h).terrain == Terrain.HUTS:
                cx, cy = centre(h)
                s = 0.3 * R
                for dx, dy in ((-0.34, -0.05), (0.3, -0.1), (-0.02, 0.36)):
                    x, y = cx + dx * R - s / 2, cy + dy * R - s / 2
                    d.rect(x, y, s, s, fill=_BUILDING["wooden"][0], stroke=_BUILDING["wooden"][1])
        d.close()

    def _lines(self) -> None:
        """Streams (centre to centre), roads and paths (centre to the midpoint of each
        hexside they cross), bridges and fords."""
        d = self.doc
        d.open("g", id="lines")
        streams = {h for h in self.order if Feature.STREAM in self.info(h).features}
        for width, colour in _STREAM:
            for h in sorted(streams):
                c = centre(h)
                links = [n for n in h.around() if n in streams]
                if not links:
                    d.circle(c, width / 2, fill=colour)
                for n in links:
                    if n > h:
                        d.line(
                            c, centre(n), stroke=colour, stroke_width=width, stroke_linecap="round"
                        )
        kinds = (
            ({Feature.ROAD, Feature.WOODS_ROAD}, HexsideFeature.ROAD),
            ({Feature.PATH}, HexsideFeature.PATH),
        )
        for feats, side_kind in kinds:
            for h in self.order:
                if not self.info(h).features & feats:
                    continue
                c = centre(h)
                ends = [
                    _mid(*side_segment(h, n))
                    for n in h.around()
                    if side_kind in self.map.sides.get(Hexside.of(h, n), frozenset())
                ]
                if side_kind == HexsideFeature.ROAD:
                    for w, col in _ROAD:
                        for e in ends:
                            d.line(c, e, stroke=col, stroke_width=w, stroke_linecap="round")
                        if not ends:
                            d.circle(c, w / 2, fill=col)
                else:
                    for e in ends:
                        d.line(c, e, **_PATH)
                    if not ends:
                        d.circle(c, 2.5, fill=str(_PATH["stroke"]))
        for h in self.order:
            here = self.info(h).features
            c = centre(h)
            turn = f"rotate({_n(self._line_angle(h))} {_n(c[0])} {_n(c[1])})"
            if Feature.BRIDGE in here:
                d.rect(c[0] - 0.5 * R, c[1] - 0.17 * R, R, 0.34 * R, **_BRIDGE, transform=turn)
            if Feature.FORD in here:
                for i in range(-2, 3):
                    d.circle((c[0] + i * 0.16 * R, c[1]), 2.6, **_FORD, transform=turn)
        d.close()

    def _line_angle(self, h: Hex) -> float:
        """Direction (degrees) of the first road or path out of a hex, for bridges and fords."""
        for n in h.around():
            if self.map.sides.get(Hexside.of(h, n), frozenset()) & {
                HexsideFeature.ROAD,
                HexsideFeature.PATH,
            }:
                (x0, y0), (x1, y1) = centre(h), centre(n)
                return math.degrees(math.atan2(y1 - y0, x1 - x0))
        return 0.0

    def _grid(self) -> None:
        d = self.doc
        d.open("g", id="grid", fill="none", stroke="#3b3b30", stroke_opacity="0.45")
        for h in self.order:
            d.poly(_corners(centre(h)), stroke_width="0.7")
        d.close()
        d.open("g", id="dots", fill="#ffffff", stroke="#333333", stroke_width="0.5")
        for h in self.order:
            if "B21.13" not in self.info(h).rules:  # a pond hex printed without a centre dot
                d.circle(centre(h), 1.6)
        d.close()

    def _hexsides(self) -> None:
        """Changes of level (hill crests), then the hexside features and roadblocks."""
        d = self.doc
        d.open("g", id="hexsides", fill="none")
        for h, n in self.crests():
            d.line(*side_segment(h, n), **_CREST)
        for s in sorted(self.map.sides):
            if s.a not in self.shown and s.b not in self.shown:
                continue
            fs = self.map.sides[s]
            p, q = side_segment(s.a, s.b)
            for f in _SIDE_ORDER:
                if f not in fs or (f == HexsideFeature.BANK and HexsideFeature.BREACHED in fs):
                    continue
                if f == HexsideFeature.BREACHED:
                    self._breach(p, q)
                    continue
                d.line(p, q, **_SIDE_STYLE[f])
                if f == HexsideFeature.CLIFF:
                    self._cliff_teeth(s, p, q)
        for fort in sorted(self.game.fortifications, key=lambda f: f.id):
            s2 = fort.hexside
            if (
                fort.kind == FortKind.ROADBLOCK
                and s2
                and (s2.a in self.shown or s2.b in self.shown)
            ):
                d.line(*side_segment(s2.a, s2.b), stroke="#000000", stroke_width="7")
        d.close()

    def crests(self) -> list[tuple[Hex, Hex]]:
        """Hexsides between land hexes of different levels (the edge of a hill)."""
        out = []
        for h in self.order:
            for n in h.around():
                if (n in self.shown and n < h) or n not in self.map.cells:
                    continue
                a, b = self.info(h), self.info(n)
                if not (a.water_obstacle or b.water_obstacle or a.level == b.level):
                    out.append((h, n))
        return out

    def _breach(self, p: Point, q: Point) -> None:
        """A breached bank: the bank's two ends and a red cross where the gap is."""
        d = self.doc
        d.line(p, _toward(p, q, 0.3), **_BANK)
        d.line(_toward(p, q, 0.7), q, **_BANK)
        mx, my = _mid(p, q)
        cross = f"M{_n(mx - 3)} {_n(my - 3)} l6 6 m0 -6 l-6 6"
        d.el("path", d=cross, **_SIDE_STYLE[HexsideFeature.BREACHED])

    def _cliff_teeth(self, s: Hexside, p: Point, q: Point) -> None:
        """Short ticks on the lower side of a cliff hexside."""
        low = s.a if self.map.level(s.a) <= self.map.level(s.b) else s.b
        c = centre(low)
        parts = []
        for t in (0.2, 0.4, 0.6, 0.8):
            m = _toward(p, q, t)
            e = _toward(m, c, 0.16)
            parts.append(f"M{_n(m[0])} {_n(m[1])} L{_n(e[0])} {_n(e[1])}")
        self.doc.el("path", d=" ".join(parts), stroke="#111111", stroke_width="1.6")

    def _labels(self) -> None:
        """Hex names at the top of each hex, in each board's part of it (a seam hex shows
        both names, as the printed boards do); hill levels at the lower right."""
        d = self.doc
        d.open("g", id="names", font_size="8.5", text_anchor="middle")
        boxes = {p.board: _board_box(p) for p in self.map.layout.placements}
        for h in self.order:
            base = self.style(self.info(h).terrain).fill
            for name in self.map.layout.names(h):
                part = _hex_box(h).meet(boxes[name.board])
                if part is None:  # pragma: no cover - a named hex lies on its board
                    continue
                x, y = (part.x0 + part.x1) / 2, part.y0 + 0.31 * R
                local = str(name)[len(name.board) :]
                d.el(
                    "text",
                    local,
                    x=x,
                    y=y,
                    fill=_ink(base),
                    stroke=base,
                    stroke_width="3",
                    stroke_opacity="0.9",
                    paint_order="stroke",
                )
        d.close()
        d.open("g", id="levels", font_size="9", font_weight="bold", text_anchor="middle")
        for h in self.order:
            level = _land_level(self.info(h))
            if level:
                cx, cy = centre(h)
                x, y = cx + 0.52 * R, cy + 0.56 * R
                d.el(
                    "text",
                    f"L{level}",
                    x=x,
                    y=y,
                    fill="#ffffff",
                    stroke="#4a2a0c",
                    stroke_width="2.2",
                    paint_order="stroke",
                )
        d.close()

    def _board_edges(self) -> None:
        """Board outlines with the board number at the lower left corner ("*": turned 180°);
        overlay outlines (G.9)."""
        d = self.doc
        d.open("g", id="boards")
        for _, b in self.boxes:
            d.rect(
                b.x0,
                b.y0,
                b.x1 - b.x0,
                b.y1 - b.y0,
                fill="none",
                stroke="#222222",
                stroke_width="1.5",
            )
        for p, b in self.boxes:
            label = p.board + ("*" if p.rotated else "")
            w = 8 + 8.5 * len(label)
            d.rect(b.x0 + 2, b.y1 - 17, w, 15, rx="2", fill=_DARK)
            d.text(b.x0 + 2 + w / 2, b.y1 - 5.5, label, 11.5, font_weight="bold", fill="#ffffff")
        for h in self.order:
            ov = self.info(h).overlay
            if ov is None:
                continue
            for n in h.around():
                if n not in self.map.cells or self.info(n).overlay != ov:
                    d.line(
                        *side_segment(h, n),
                        stroke="#6a1b9a",
                        stroke_width="1.6",
                        stroke_dasharray="3 2",
                    )
        d.close()

    # legend ---------------------------------------------------------------------------

    def legend_items(self) -> list[tuple[str, str]]:
        """(kind, key) for each thing the picture shows, in a fixed order."""
        items = [("terrain", t.value) for t in self.terrains()]
        levels = sorted({_land_level(self.info(h)) for h in self.order} - {0})
        items += [("level", str(lv)) for lv in levels]
        if self.crests():
            items.append(("crest", ""))
        feats: set[Feature] = set()
        for h in self.order:
            feats |= self.info(h).features
        lines = (
            ("stream", {Feature.STREAM}),
            ("road", {Feature.ROAD, Feature.WOODS_ROAD}),
            ("path", {Feature.PATH}),
            ("bridge", {Feature.BRIDGE}),
            ("ford", {Feature.FORD}),
        )
        items += [("line", key) for key, fs in lines if feats & fs]
        side_feats: set[HexsideFeature] = set()
        for s, fs in self.map.sides.items():
            if s.a in self.shown or s.b in self.shown:
                side_feats |= fs
        items += [("side", f.value) for f in _SIDE_ORDER if f in side_feats]
        counters = [c for stack in self.stacks.values() for c in stack]
        units = [c for c in counters if isinstance(c, Unit)]
        items += [("nation", n) for n in sorted({u.nationality.lower() for u in units})]
        if any(isinstance(c, Panji) for c in counters):
            items.append(("panji", ""))
        positions = {u.position for u in units}
        items += [("position", p) for p in _POSITION_TAG if p in positions]
        if any(isinstance(c, Fortification) for c in counters):
            items.append(("fort", ""))
        if any(getattr(c, "hidden", False) for c in counters):
            items.append(("hidden", ""))
        return items

    def _legend(self, items: list[tuple[str, str]], top: float, width: float, cols: int) -> None:
        d = self.doc
        d.open("g", id="legend")
        d.line((MARGIN, top - 4), (width - MARGIN, top - 4), stroke="#999999", stroke_width="0.8")
        d.text(MARGIN, top + 12, "Legend", 11, font_weight="bold", text_anchor="start")
        col_w = (width - 2 * MARGIN) / cols
        for i, (kind, key) in enumerate(items):
            x = MARGIN + (i % cols) * col_w
            y = top + 26 + (i // cols) * 22
            label = self._legend_swatch(kind, key, (x + 12, y + 8))
            d.text(x + 28, y + 11.5, label, 10.5, text_anchor="start")
        d.close()

    def _legend_swatch(self, kind: str, key: str, c: Point) -> str:
        """Draw the swatch of one legend entry centred on ``c``; return its label."""
        d = self.doc
        sx, sy = c
        hexagon = _corners(c, 10)
        square: dict[str, Attr] = {"rx": "2", "stroke": _DARK, "stroke_width": "0.8"}
        if kind == "terrain":
            t = Terrain(key)
            d.poly(hexagon, fill=self._fill(t), stroke="#555555", stroke_width="0.6")
            if t.is_building:
                fill, dark = _BUILDING["stone" if t == Terrain.STONE_BUILDING else "wooden"]
                d.rect(sx - 5, sy - 5, 10, 10, fill=fill, stroke=dark)
            if t == Terrain.HUTS:
                for dx in (-4.0, 3.0):
                    d.rect(
                        sx + dx - 2,
                        sy - 2,
                        4,
                        4,
                        fill=_BUILDING["wooden"][0],
                        stroke=_BUILDING["wooden"][1],
                    )
            if t == Terrain.PADDY:
                return f"{terrain_label(t)} ({self.game.conditions.paddy.value}, G8)"
            return terrain_label(t) + (" (B21.2: a level down)" if t.is_water_obstacle else "")
        if kind == "level":
            lv = int(key)
            d.poly(hexagon, fill=_OPEN, stroke="#555555", stroke_width="0.6")
            if lv > 0:
                d.poly(hexagon, fill=_TINT, fill_opacity=_TINT_ALPHA.get(lv, "0.62"))
            else:
                d.poly(hexagon, fill=_DEPRESSION, fill_opacity="0.22")
            return f"Level {lv} (L{lv})"
        if kind == "crest":
            d.line((sx - 10, sy), (sx + 10, sy), **_CREST)
            return "Change of Level"
        if kind == "line":
            return self._legend_line(key, sx, sy)
        if kind == "side":
            f = HexsideFeature(key)
            if f == HexsideFeature.BREACHED:
                self._breach((sx - 11, sy), (sx + 11, sy))
            else:
                d.line((sx - 11, sy), (sx + 11, sy), **_SIDE_STYLE[f])
            return _SIDE_LABEL[f]
        if kind == "nation":
            d.rect(sx - 8, sy - 8, 16, 16, fill=_NATION_FILL.get(key, _OTHER_FILL), **square)
            return f"{key.upper() if key == 'usmc' else key.title()} unit"
        if kind == "panji":
            tri = [_corner((sx - 4, sy + 1), a, 8) for a in (-90, 30, 150)]
            d.poly(tri, fill=_PANJI_FILL, stroke=_PANJI_INK, stroke_width="1.2")
            spikes = f"M{_n(sx + 4)} {_n(sy + 4)} l2.5 -6 l2.5 6 l2.5 -6"
            d.el("path", d=spikes, fill="none", stroke=_PANJI_INK, stroke_width="1.6")
            return "Panji + Covered hexsides (G9.3)"
        if kind == "position":
            word, colour, label = _POSITION_TAG[key]
            d.rect(sx - 11, sy - 4, 22, 8, rx="1.2", fill=colour)
            d.text(sx, sy + 2.2, word, _fit(word, 21, 5.5), font_weight="bold", fill="#ffffff")
            return label
        if kind == "fort":
            d.rect(sx - 8, sy - 8, 16, 16, fill=_FORT_FILL, **square)
            return "Fortification"
        d.rect(sx - 8, sy - 8, 16, 16, fill="#ffffff", stroke_dasharray="2.5 1.5", **square)
        return "Hidden (HIP)"

    def _legend_line(self, key: str, sx: float, sy: float) -> str:
        d = self.doc
        p, q = (sx - 11, sy), (sx + 11, sy)
        if key == "stream":
            for w, col in _STREAM:
                d.line(
                    (sx - 5, sy), (sx + 5, sy), stroke=col, stroke_width=w, stroke_linecap="round"
                )
            return "Stream (B20)"
        if key == "road":
            for w, col in _ROAD:
                d.line(p, q, stroke=col, stroke_width=w)
            return "Road (B3)"
        if key == "path":
            d.line(p, q, **_PATH)
            return "Path"
        if key == "bridge":
            d.rect(sx - 11, sy - 5, 22, 10, **_BRIDGE)
            return "Bridge (B6)"
        for i in range(-2, 3):
            d.circle((sx + i * 5, sy), 2.4, **_FORD)
        return "Ford"


def render(
    game: Game,
    *,
    hexes: Iterable[Hex] | None = None,
    underlays: Mapping[str, Underlay] | None = None,
) -> str:
    """The SVG of the map (or of ``hexes`` only): terrain, levels, hexsides, features, Panji
    counters with their Covered hexsides (G9.3), units and fortifications, and a legend.
    ``underlays``: the boards' own pictures by board name, drawn instead of the terrain,
    buildings, lines, grid and labels, under the hexsides and counters."""
    cells = game.map.cells
    shown = frozenset(cells if hexes is None else (h for h in hexes if h in cells))
    if not shown:
        raise InputError("no hexes of this map to draw")
    return _Painter(game, shown, underlays).paint()
