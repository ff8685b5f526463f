"""A25.23 Human Wave movement, as G1.5 applies it to a Banzai Charge ("the Japanese version
of a Human Wave ... except as stated otherwise").

Read from the eASLRB v3.01 transcription (LimboDancer repo), chapter A, 25.23-25.234 and its
EX, with D14.31 (Impulse Movement) from chapter D of the same transcription: one source, so
each procedure here is the project's reading of it.

- **Direction** (A25.231): a Hex Grain or alternate Hex Grain through the target's hex, as close
  as possible to a HW Unit that has a LOS to the target within eight hexes; the HW Direction
  runs along it towards and beyond the target (:func:`grains_through`, :func:`closest`). A unit
  charging an enemy unit in its own hex does not establish it (A25.231 EXC).
- **Forward and Side Locations** (A25.2311): on a normal grain the hex in the HW Direction and
  the two beside it are forward, with no side hexes; on an alternate grain the two hexes in the
  HW Direction are forward and the two next to them are side hexes (:meth:`Grain.forward`,
  :meth:`Grain.side`).
- **Movement** (A25.232): 8 MF that can never be increased (no Double Time, no leader bonus), no
  Assault Movement, Dash, Search or Column; Impulse Movement (D14.31). In each Impulse a unit
  enters a Forward Location, or a Side Location holding an enemy unit, or changes its position
  in its hex (:func:`entry`); Bypass is none of these.
- **Range** (A25.2321): a unit that increases its range to the grain is marked and may not
  increase it again until it has decreased it (:func:`entry`).
- **Locations left** (A25.2322): a unit enters neither a Location it left in an earlier Impulse
  nor one ADJACENT to it (read as the hexes: a Location left is its hex).

G1.5 says otherwise (and wins) on who may declare and the chain; the rest is A25.23 unchanged.

>>> from aslpto.board.hexes import Layout
>>> lay = Layout.single("37")
>>> g = Grain.parse(lay, "37P1-37P2-37O3-37O4")
>>> g.alternate, sorted(lay.name(h) for h in g.forward(lay.hex("37P2")))
(True, ['37O3', '37P3'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.board.hexes import DIRECTIONS, Direction, Hex, Layout, distance

RULE = "A25.23"
DIRECTION = "A25.231"
LOCATIONS = "A25.2311"
MOVEMENT = "A25.232"
RANGE = "A25.2321"
LEFT = "A25.2322"
ENEMY = "A25.233"
ENDING = "A25.234"
IMPULSE = "D14.31"

HW_MF = 8
"""A25.232: every HW Unit has 8 MF, which can never be increased."""
WOUNDED_SMC_MF = 3
"""A25.232 EXC: a wounded SMC has 3 MF, without restricting the other HW Units."""
TARGET_RANGE = 8
"""A25.23: the target is an enemy unit within eight hexes of a HW Unit that sees it."""

_REACH = 64  # hexes a grain is drawn on either side of its target (more than any map's span)


def _turn(d: Direction, n: int) -> Direction:
    return DIRECTIONS[(DIRECTIONS.index(d) + n) % 6]


@record
class Grain:
    """A HW (alternate) Hex Grain through ``target`` and its HW Direction (A25.231). ``steps``:
    the two directions it alternates between, in order from ``target`` onward (the same twice
    for a normal Hex Grain; two neighbouring directions, the second clockwise of the first or
    the first clockwise of the second, for an alternate one)."""

    target: Hex
    steps: tuple[Direction, Direction]

    @property
    def alternate(self) -> bool:
        return self.steps[0] != self.steps[1]

    def hexes(self) -> tuple[Hex, ...]:
        """The grain's hexes, from behind the target to beyond it, in the HW Direction."""
        back: list[Hex] = []
        h = self.target
        for k in range(_REACH):
            d = self.steps[(k + 1) % 2]
            h = Hex(h.x - d.dx, h.y - d.dy)
            back.append(h)
        ahead: list[Hex] = []
        h = self.target
        for k in range(_REACH):
            h = h.step(self.steps[k % 2])
            ahead.append(h)
        return (*reversed(back), self.target, *ahead)

    def _pair(self) -> tuple[Direction, Direction]:
        """The two directions in clockwise order."""
        a, b = self.steps
        return (a, b) if _turn(a, 1) == b else (b, a)

    def forward(self, h: Hex) -> tuple[Hex, ...]:
        """A25.2311: the forward hexes of a HW Unit in ``h``."""
        if not self.alternate:
            d = self.steps[0]
            return (h.step(_turn(d, -1)), h.step(d), h.step(_turn(d, 1)))
        a, b = self._pair()
        return (h.step(a), h.step(b))

    def side(self, h: Hex) -> tuple[Hex, ...]:
        """A25.2311: the side hexes of a HW Unit in ``h`` (none on a normal Hex Grain)."""
        if not self.alternate:
            return ()
        a, b = self._pair()
        return (h.step(_turn(a, -1)), h.step(_turn(b, 1)))

    def range_to(self, h: Hex) -> int:
        """A25.2321: the range from ``h`` to the closest hex of the grain."""
        return min(distance(h, g) for g in self.hexes())

    def place_of(self, h: Hex) -> int:
        """Where ``h`` stands along the grain: the index (from the target, negative behind it)
        of the grain's hex closest to ``h`` (the one furthest behind on a tie)."""
        hexes = self.hexes()
        best = min(range(len(hexes)), key=lambda i: (distance(h, hexes[i]), i))
        return best - _REACH

    def name(self, layout: Layout) -> str:
        """The grain as its HW Direction counters would mark it: two hexes behind the target,
        the target, one beyond (those off the map are left out)."""
        hexes = self.hexes()[_REACH - 2 : _REACH + 2]
        return "-".join(layout.name(h) for h in hexes if h in layout)

    @staticmethod
    def parse(layout: Layout, text: str) -> Grain:
        """A grain typed as its hexes in the HW Direction, ``37P1-37P2-37O3-37O4``: each hex
        adjacent to the one before; the same direction each time (a Hex Grain, two hexes
        enough) or two neighbouring directions in turn (an alternate Hex Grain). The target is
        set later (:meth:`through`); until then the first hex stands in for it."""
        names = [t for t in text.replace(" ", "").split("-") if t]
        if len(names) < 2:
            raise InputError(f"--grain {text}: give at least two adjacent hexes, '-' between")
        hexes = [layout.hex(n) for n in names]
        dirs: list[Direction] = []
        for a, b in itertools.pairwise(hexes):
            if not a.is_adjacent(b):
                raise InputError(
                    f"--grain {text}: {layout.name(b)} is not adjacent to the hex before"
                )
            dirs.append(a.direction_to(b))
        first, second = dirs[0], dirs[1] if len(dirs) > 1 else dirs[0]
        ok = first == second or _turn(first, 1) == second or _turn(first, -1) == second
        if not ok or any(d != (first, second)[i % 2] for i, d in enumerate(dirs)):
            raise InputError(
                f"--grain {text}: not a Hex Grain nor an alternate Hex Grain (A25.231)"
            )
        return Grain(hexes[0], (first, second))

    def through(self, target: Hex) -> Grain | None:
        """This grain (as parsed: its first hex and steps) re-anchored on ``target``, if the
        target's hex lies on it; ``None`` if not."""
        hexes = self.hexes()
        if target not in hexes:
            return None
        k = hexes.index(target) - _REACH
        steps = self.steps if k % 2 == 0 else (self.steps[1], self.steps[0])
        return Grain(target, steps)


def grains_through(target: Hex) -> tuple[Grain, ...]:
    """Every HW (alternate) Hex Grain with its HW Direction through ``target``: six directions
    of the three Hex Grains, and twelve of the alternate ones (each pair of neighbouring
    directions, starting with either)."""
    out = [Grain(target, (d, d)) for d in DIRECTIONS]
    for d in DIRECTIONS:
        e = _turn(d, 1)
        out += [Grain(target, (d, e)), Grain(target, (e, d))]
    return tuple(out)


def closest(target: Hex, seers: Iterable[Hex]) -> tuple[int, tuple[Grain, ...]]:
    """A25.231: the range, and the grains at that range, as close as possible to a HW Unit
    that may establish the HW Direction (``seers``: their hexes), running towards the target
    from that unit (the unit's place on the grain at or behind the target)."""
    seers = tuple(seers)
    best = -1
    found: list[Grain] = []
    for g in grains_through(target):
        near = [g.range_to(h) for h in seers if g.place_of(h) <= 0]
        if not near:
            continue
        r = min(near)
        if best < 0 or r < best:
            best, found = r, [g]
        elif r == best:
            found.append(g)
    return best, tuple(found)


@record
class Entry:
    """Whether a HW Unit may take one step (:func:`entry`): the rule that refuses it (``""``:
    none), why, and the Range counter it has after (A25.2321)."""

    legal: bool
    rule: str
    why: str
    marked: bool


def entry(
    grain: Grain,
    layout: Layout,
    at: Hex,
    to: Hex,
    *,
    enemy_in_to: bool,
    left: Sequence[Hex] = (),
    marked: bool = False,
) -> Entry:
    """May a HW Unit in ``at`` enter the adjacent ``to`` in this Impulse? A Forward Location, or
    a Side Location holding an enemy unit (A25.232); not a Location left in an earlier Impulse
    nor one ADJACENT to it (A25.2322); not one farther from the grain while marked with a Range
    counter (A25.2321), and a Range counter if it is farther. ``to == at`` is a change of
    position in the hex (A25.232 lists the ones allowed)."""
    name = layout.name
    if to == at:
        return Entry(True, "", "a change of position in its own hex", marked)
    forward, side = grain.forward(at), grain.side(at)
    if to in side and not enemy_in_to:
        return Entry(
            False,
            MOVEMENT,
            f"{name(to)} is a Side Location without an enemy unit: a HW Unit enters a Forward "
            f"Location ({', '.join(name(h) for h in forward if h in layout)}) or a Side "
            "Location holding an enemy unit",
            marked,
        )
    if to not in forward and to not in side:
        where = ", ".join(name(h) for h in (*forward, *side) if h in layout)
        return Entry(
            False,
            MOVEMENT,
            f"{name(to)} is neither a Forward nor a Side Location of {name(at)} along the HW "
            f"Direction {grain.name(layout)} (those are {where})",
            marked,
        )
    for h in left:
        if to == h or to.is_adjacent(h):
            return Entry(
                False,
                LEFT,
                f"{name(to)} is {'a Location' if to == h else 'ADJACENT to a Location'} it left "
                f"in an earlier Impulse ({name(h)})",
                marked,
            )
    before, after = grain.range_to(at), grain.range_to(to)
    if marked and after > before:
        return Entry(
            False,
            RANGE,
            f"marked with a Range counter, it may not increase its range to the grain "
            f"({before} to {after} in {name(to)})",
            marked,
        )
    now = True if after > before else False if after < before else marked
    why = f"{'Forward' if to in forward else 'Side'} Location {name(to)}"
    if after > before:
        why += f" (range to the grain {before} to {after}: marked with a Range counter)"
    return Entry(True, "", why, now)


def refused_options(
    *, assault: bool, double_time: bool, with_leader: bool, column: bool
) -> tuple[str, ...]:
    """A25.232: what a HW Unit may not do, of the ways of moving the step check knows."""
    out = []
    if assault:
        out.append("a HW Unit cannot Assault Move")
    if double_time:
        out.append("a HW Unit's 8 MF can never be increased: no Double Time")
    if with_leader:
        out.append("a HW Unit's 8 MF can never be increased: no leader bonus")
    if column:
        out.append("a HW Unit cannot use Column movement")
    return tuple(out)
