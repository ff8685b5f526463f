"""The counters layer of the SVG picture: each hex's stack of units, Fortifications and Panji
counters (G9.1: with the tick of each Covered hexside), in sorted order."""

from __future__ import annotations

import math

from aslpto.board.hexes import Hex
from aslpto.board.maps import Map
from aslpto.formats.svg.geometry import (
    COUNTER,
    Attr,
    R,
    _corner,
    _Doc,
    _mid,
    _n,
    _toward,
    centre,
    side_segment,
)
from aslpto.formats.svg.palette import (
    _DARK,
    _FORT_FILL,
    _FORT_LABEL,
    _NATION_FILL,
    _OTHER_FILL,
    _PANJI_FILL,
    _PANJI_INK,
    _POSITION_TAG,
    _band,
    _cells,
    _fit,
    _flags,
    _ink,
)
from aslpto.state.game import Fortification, Game, Panji
from aslpto.state.units import Unit

Counter = Unit | Panji | Fortification


class CounterLayer:
    """Draws the counters; :class:`~aslpto.formats.svg.painter._Painter` gives the picture's
    document, game and shown hexes."""

    doc: _Doc
    game: Game
    map: Map
    shown: frozenset[Hex]
    stacks: dict[Hex, list[Counter]]

    # counters -------------------------------------------------------------------------

    def _counters(self) -> None:
        d = self.doc
        d.open("g", id="counters")
        for h, items in self.stacks.items():
            cells = _cells(centre(h), len(items))
            for item, (x, y, size) in zip(items, cells, strict=False):
                if isinstance(item, Unit):
                    self._unit(item, x, y, size)
                elif isinstance(item, Panji):
                    self._panji(item, x, y, size)
                else:
                    self._fort(item, x, y, size)
            if len(items) > len(cells):
                cx, cy = centre(h)
                more = f"+{len(items) - len(cells)}"
                d.text(cx + 0.62 * R, cy + 0.55 * R, more, 9, font_weight="bold")
        for pj in sorted(self.game.panjis.values(), key=lambda p: p.id):
            if pj.hex in self.shown:
                self._panji_ticks(pj)
        d.close()

    def _square(self, x: float, y: float, size: float, fill: str, hidden: bool) -> None:
        """A counter with its shadow; a hidden one (HIP) has a dashed edge."""
        x0, y0 = x - size / 2, y - size / 2
        self.doc.rect(x0 + 1.3, y0 + 1.3, size, size, rx="2.2", fill="#000000", fill_opacity="0.35")
        dash: dict[str, Attr] = {"stroke_dasharray": "2.5 1.5", "fill_opacity": "0.75"}
        self.doc.rect(
            x0,
            y0,
            size,
            size,
            rx="2.2",
            fill=fill,
            stroke=_DARK,
            stroke_width="0.9",
            **(dash if hidden else {}),
        )

    def _unit(self, u: Unit, x: float, y: float, size: float) -> None:
        """A unit counter: its face (``4-4-7``), id, status and, when not simply in the hex,
        its position (Bank, above or beneath a Panji)."""
        d = self.doc
        fill = _NATION_FILL.get(u.nationality.lower(), _OTHER_FILL)
        ink, k = _ink(fill), size / COUNTER
        d.open("g", id=f"unit-{u.id}")
        d.el("title", self._unit_title(u))
        self._square(x, y, size, fill, u.hidden)
        tag = _POSITION_TAG.get(u.position)
        up = 1.6 * k if tag else 0.0  # room for the position band at the foot of the counter
        face = u.counter or u.kind.value
        if len(face) > 7 and " " in face:  # a long name (a vehicle's) on two lines
            cut = min(
                (i for i, ch in enumerate(face) if ch == " "), key=lambda i: abs(2 * i - len(face))
            )
            lines = (face[:cut], face[cut + 1 :])
            fs = min(_fit(w, size - 3, 6 * k) for w in lines)
            d.text(x, y - 4.2 * k - up, lines[0], fs, font_weight="bold", fill=ink)
            d.text(x, y - 3.8 * k + fs - up, lines[1], fs, font_weight="bold", fill=ink)
        else:
            fs = _fit(face, size - 3, 8 * k)
            d.text(x, y + 2.2 * k - up, face, fs, font_weight="bold", fill=ink)
        d.text(x, y + 8.4 * k - 2 * up, u.id, _fit(u.id, size - 3, 5.2 * k), fill=ink)
        if flags := _flags(u):
            red = "#b3261e" if ink == _DARK else "#ffd9d6"
            fs = _fit(flags, size - 2, 5 * k)
            d.text(x, y - 6.8 * k - up / 2, flags, fs, font_weight="bold", fill=red)
        if tag is not None:
            word, colour, _ = tag
            top = y + size / 2 - 5.6 * k
            d.el("path", d=_band(x - size / 2, top, size, 5.6 * k, 2.2), fill=colour)
            fs = _fit(word, size - 2, 4.6 * k)
            d.text(x, top + 4.3 * k, word, fs, font_weight="bold", fill="#ffffff")
        if u.concealed:
            d.text(
                x + size / 2 - 3.2 * k,
                y - size / 2 + 7 * k,
                "?",
                7.5 * k,
                font_weight="bold",
                fill=ink,
            )
        d.close()

    def _unit_title(self, u: Unit) -> str:
        bits = [f"{u.id}: {u.nationality} {u.kind.value}"]
        bits += [u.counter] if u.counter else []
        bits += [u.unit_class.value] if u.unit_class else []
        bits += [f"{u.strength.value} strength"] if u.strength else []
        bits.append(f"{u.hex} {u.position}")
        bits += [f"in {u.entrenched}"] if u.entrenched else []
        bits += [flags] if (flags := _flags(u, long=True)) else []
        return ", ".join(bits)

    def _fort(self, f: Fortification, x: float, y: float, size: float) -> None:
        d = self.doc
        k = size / COUNTER
        d.open("g", id=f"fort-{f.id}")
        title = f"{f.id}: {f.kind.value}" + (f" ({f.strength})" if f.strength else "")
        d.el("title", title + (", hidden" if f.hidden else ""))
        self._square(x, y, size, _FORT_FILL, f.hidden)
        label = _FORT_LABEL[f.kind]
        d.text(x, y + 1.0 * k, label, _fit(label, size - 3, 6.4 * k), font_weight="bold")
        sub = str(f.strength) if f.strength else f.id
        d.text(x, y + 8.4 * k, sub, _fit(sub, size - 3, 5.2 * k))
        d.close()

    def _panji(self, pj: Panji, x: float, y: float, size: float) -> None:
        """A Panji counter (G9): a triangle with its id, the apex toward the hexside recorded
        as its "top" (G9.11) when there is one."""
        d = self.doc
        k = size / COUNTER
        angle = -90.0
        if pj.top is not None and pj.hex in pj.top.hexes:
            m, c = _mid(*side_segment(pj.hex, pj.top.other(pj.hex))), centre(pj.hex)
            angle = math.degrees(math.atan2(m[1] - c[1], m[0] - c[0]))
        d.open("g", id=f"panji-{pj.id}")
        covered = ", ".join(self.map.layout.hexside_name(s, pj.hex) for s in sorted(pj.covered))
        d.el(
            "title",
            f"Panji {pj.id} (G9): Covered hexsides {covered}" + (", hidden" if pj.hidden else ""),
        )
        tri = [_corner((x, y + 2 * k), round(angle) + a, 0.66 * size) for a in (0, 120, 240)]
        d.poly([(px + 1.3, py + 1.3) for px, py in tri], fill="#000000", fill_opacity="0.35")
        dash: dict[str, Attr] = {"stroke_dasharray": "2.5 1.5"} if pj.hidden else {}
        d.poly(
            tri,
            fill=_PANJI_FILL,
            stroke=_PANJI_INK,
            stroke_width="1.4",
            stroke_linejoin="round",
            **dash,
        )
        fs = _fit(pj.id, size * 0.55, 10 * k)
        d.text(x, y + 6 * k, pj.id, fs, font_weight="bold", fill=_PANJI_INK)
        d.close()

    def _panji_ticks(self, pj: Panji) -> None:
        """Each Covered hexside (G9.3) marked inside the panji hex by a row of spikes."""
        c = centre(pj.hex)
        parts = []
        for s in sorted(pj.covered):
            if pj.hex not in s.hexes:
                continue
            p, q = side_segment(pj.hex, s.other(pj.hex))
            a, b = _toward(p, c, 0.13), _toward(q, c, 0.13)
            a, b = _toward(a, b, 0.12), _toward(a, b, 0.88)
            pts = [a]
            for i in range(4):
                tip = _toward(_toward(a, b, (i + 0.5) / 4), c, -0.09)  # toward the hexside
                pts += [tip, _toward(a, b, (i + 1) / 4)]
            parts.append("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in pts))
        self.doc.el(
            "path",
            id=f"panji-{pj.id}-covered",
            d=" ".join(parts),
            fill="none",
            stroke=_PANJI_INK,
            stroke_width="2.2",
            stroke_linejoin="round",
            stroke_linecap="round",
        )
