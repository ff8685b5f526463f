"""The parts of the hex-grain walk (:mod:`aslpto.rules.los.engine`): keys for hexes and
hexsides, the thread to each offset as key offsets (:func:`_compact`), one hex and one hexside
as the LOS sees them, the working state of one check, and what every judging part of the
engine shares: names, and the height test of obstacles, blind hexes and Crest Lines (A6.2,
A6.4, B10.2, B10.23)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.board.hexes import Hex, Hexside, distance
from aslpto.board.maps import Map
from aslpto.rules.los.data import LosData, SideRule
from aslpto.rules.los.locations import Blocker, HindranceHit
from aslpto.rules.los.thread import trace

_K = 4096


_XOFF, _YOFF = 1024, 2048


def _key(x: int, y: int) -> int:
    return (x + _XOFF) * _K + (y + _YOFF)


def _unkey(k: int) -> Hex:
    x, y = divmod(k, _K)
    return Hex(x - _XOFF, y - _YOFF)


def _rkey(x: int, y: int) -> int:
    """A relative offset as a key difference."""
    return x * _K + y


def _unrkey(k: int) -> tuple[int, int]:
    """The relative offset of a key difference (:func:`_rkey`; rows within half a period)."""
    x = (k + _K // 2) // _K
    return x, k - x * _K


# compact events (relative to the first hex), see _compact()
_HEX, _SIDE, _SPINE, _VERTEX = 0, 1, 2, 3


# hex modes
_NONE, _OBST, _SAME, _HEIGHT, _ORCH_IN, _ORCH_OUT, _PADDY = range(7)


@record(slots=True)
class _Prof:
    """One hex as the LOS sees it (half levels)."""

    base2: int
    floor2: int  # base2, or one level lower for a stream Depression
    mode: int
    top2: int
    inherent: bool
    drm: int
    rule: str
    same_rule: str  # the rule of its same-level Hindrance (B14.21 for an orchard)
    terrain: str
    water: bool
    depression: bool
    flooded: bool  # a Water Obstacle raised by a flooded river (B21.21)


@record(slots=True)
class _Side:
    """A hexside with something the LOS cares about."""

    obstacle: SideRule | None  # wall / hedge / bocage
    obstacle_word: str
    bank: bool
    cliff: bool
    stream: bool  # a stream hexside (HexsideFeature.STREAM)
    g1_exception: bool  # G.1: a stream hexside only between its own two end hexes

    @property
    def blocks(self) -> bool:
        """Can it block a LOS of ends that are not entrenched?"""
        return self.obstacle is not None or self.cliff


@lru_cache(maxsize=8192)
def _compact(dx: int, dy: int) -> tuple[tuple[Any, ...], ...]:
    """The thread to offset (dx, dy) as key offsets, with ranges and own-hexside flags."""
    a, b = Hex(0, 0), Hex(dx, dy)
    out: list[tuple[Any, ...]] = []

    def rel(h: Hex) -> int:
        return _rkey(h.x, h.y)

    def side_info(s: Hexside) -> tuple[int, int, int, bool, bool]:
        ra, rb = rel(s.a), rel(s.b)
        sk = (ra << 32) + rb
        own = a in s or b in s
        spine_a = a not in s and a.is_adjacent(s.a) and a.is_adjacent(s.b)
        spine_b = b not in s and b.is_adjacent(s.a) and b.is_adjacent(s.b)
        return (sk, ra, rb, own, spine_a or spine_b)

    for e in trace(a, b):
        if e.kind == "hex":
            h = e.hexes[0]
            if h in (a, b):
                continue
            out.append((_HEX, rel(h), distance(a, h), distance(h, b)))
        elif e.kind == "side":
            s = e.hexside
            out.append((_SIDE, *side_info(s), rel(e.hexes[0]), rel(e.hexes[1])))
        elif e.kind == "spine":
            p, q = e.hexes
            out.append(
                (_SPINE, *side_info(e.hexside), rel(p), rel(q), distance(a, p), distance(p, b))
            )
        else:
            rays = tuple((*side_info(s), side) for s, side in e.rays)
            frm = None if e.frm is None else rel(e.frm)
            to = None if e.to is None else rel(e.to)
            out.append((_VERTEX, rays, frm, to, tuple(rel(h) for h in e.hexes)))
    return tuple(out)


class _Ends(NamedTuple):
    a: Hex
    b: Hex
    ea: int
    eb: int
    ent_a: bool
    ent_b: bool


class _Walk:
    """Working state of one LOS check."""

    __slots__ = ("at", "block", "drm", "held", "hits", "orchard_far", "paddy", "rules")

    def __init__(self, first_rule: str) -> None:
        self.block: tuple[int, Blocker] | None = None
        self.drm = 0
        self.paddy = 0
        self.orchard_far = False
        self.hits: list[HindranceHit] = []
        self.rules: list[str] = [first_rule]
        self.at: dict[int, int] = {}  # range from the firer -> the place in hits counted there
        self.held: dict[int, int] = {}  # a place in hits -> the DRM it counts (a paddy 1)

    def cite(self, *rules: str) -> None:
        for r in rules:
            if r and r not in self.rules:
                self.rules.append(r)


class _Judging:
    """What the judging parts of the engine share: the map, the LOS data, each hex's and
    hexside's profile, and their names."""

    map: Map
    data: LosData
    prof: dict[int, _Prof]
    sides: dict[int, _Side]
    stream_pairs: frozenset[int]
    _names: dict[int, str]

    def _hname(self, k: int) -> str:
        """The name of the hex with key ``k`` (cached)."""
        n = self._names.get(k)
        if n is None:
            n = self._names[k] = self.map.name(_unkey(k))
        return n

    def _side_name(self, k1: int, k2: int) -> str:
        """``37E5-E6``; a hexside on the map edge is named by its on-map hex."""
        key = (k1 << 32) + k2 if k1 < k2 else (k2 << 32) + k1
        n = self._names.get(-key)
        if n is None:
            n = self._names[-key] = self._side_name_uncached(k1, k2)
        return n

    def _side_name_uncached(self, k1: int, k2: int) -> str:
        h1, h2 = _unkey(k1), _unkey(k2)
        on = [h for h in (h1, h2) if h in self.map.cells]
        if len(on) == 2:
            return self.map.layout.hexside_name(Hexside.of(h1, h2))
        return f"{self.map.name(on[0])} (map edge)"

    @staticmethod
    def _height_test(top2: int, hi: int, lo: int, r_hi: int, r_lo: int, crest: bool) -> str:
        """A6.2 / A6.4 / B10.2 / B10.23 for one obstacle top (half levels): "higher" (than
        both ends), "equal" (to the higher end and above the lower), "blind" (the lower end
        is in a blind hex behind it) or ""."""
        if top2 > hi:
            return "higher"
        if top2 == hi and top2 > lo:
            return "equal"
        if lo < top2 < hi:
            # blind hexes: one, plus one per five full hexes from the higher end, less one per
            # level the higher end stands above the obstacle beyond the first, plus one per
            # level the lower end lies below the obstacle beyond the first (A6.41-.43); a
            # Crest Line makes one fewer (B10.23).
            n = (2 * top2 - hi - lo) // 2 + r_hi // 5
            n = max(n, 0) if crest else max(n + 1, 1)
            if r_lo <= n:
                return "blind"
        return ""


HEIGHT_WHY = {
    "higher": "higher than both ends",
    "equal": "no height advantage",
    "blind": "the lower end is in a blind hex behind it",
}
"""What each answer of :meth:`_Judging._height_test` says of an obstacle, in a block's reason."""


def _lv(v2: int) -> str:
    """Half levels as levels: 3 -> '1.5'."""
    return str(v2 // 2) if v2 % 2 == 0 else f"{v2 / 2:g}"
