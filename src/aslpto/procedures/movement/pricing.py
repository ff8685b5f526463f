"""Pricing the steps out of a state, for the reachability search: the steps worth trying, and
what each costs as the rules price it (:func:`transition`).

Most steps cross a hexside between two "plain" hexes: no Panji counter, no Fortification, no
Water Obstacle (G9, B24-B30, B21 read more than the two hexes' terrain). What such a step
costs and permits depends only on the terrain of the two hexes and of the hexside between
them (the map's ``HexInfo`` of each and the hexside's features), the unit's position and
whether it has spent anything yet, and on who moves (the mover, options, allotment). So:

- :class:`Terrain` (one per game, shared by every mover) sums up each hex once, when first
  reached: plain or not, paddy or not, its neighbours and the Bypass steps along them, and a
  number for each hexside's terrain (equal numbers, equal terrain);
- :class:`Pricer` (one per kind of mover, options and allotment) prices a step between plain
  hexes once per such number, position and "first" (by :func:`transition`, with every rule),
  and answers every later step of the same terrain from that. Steps that touch anything else
  are priced by :func:`transition` every time.

Both give exactly what :func:`price_state` gives (tests/test_movement_shared_pricing.py).
"""

from __future__ import annotations

from collections.abc import Callable

from aslpto.base import unchecked
from aslpto.base.hints import Any
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.board.hexes import Hex, Hexside
from aslpto.procedures.movement import enemies
from aslpto.procedures.movement.stepping import _cap
from aslpto.procedures.movement.steps import State, Step, StepKind
from aslpto.procedures.movement.transitions import _exit_hexes, transition
from aslpto.rules.movement import (
    Event,
    EventKind,
    MoveContext,
    MoverKind,
    Phase,
    bypassable,
    movement_data,
)
from aslpto.rules.paddy import movement as paddy_rules
from aslpto.rules.panji import movement as panji_rules
from aslpto.state.game import FortKind, Game
from aslpto.state.units import Position

Edge = tuple[int, int, int, Step]
"""(target state id, cost in half MF, flags, step); flags: 1 ends the move, 2 a new Location,
4 along a road hexside, 8 crosses a Covered hexside."""

Priced = tuple[State, int, int] | None
"""What one step does for the search: (state reached, cost, flags), or None if not allowed."""


def _enters(ctx: MoveContext, st: State, n: Hex, horse: bool, out: list[Step]) -> None:
    out.append(Step(StepKind.ENTER, n))
    if paddy_rules.is_paddy(ctx, n) and paddy_rules.bank_counter_usable(ctx, n):
        out.append(Step(StepKind.ENTER, n, "bank"))
    if st.entrenched == "trench" and ctx.forts_at(n, FortKind.TRENCH):
        out.append(Step(StepKind.ENTER, n, "trench"))
    if horse:
        p = ctx.panji_at(n)
        if p is not None and panji_rules.covered(p, Hexside.of(st.hex, n)):
            # G9.422: eleven MF spent to enter keep the horse
            out.append(Step(StepKind.ENTER, n, mf=movement_data().n("horse_safe_mf")))


def _horse(ctx: MoveContext) -> bool:
    return ctx.mover.kind == MoverKind.CAVALRY and not ctx.mover.galloping


def candidates(ctx: MoveContext, st: State) -> list[Step]:
    """Every step worth trying from ``st`` (the rules decide which are legal)."""
    m = ctx.map
    out: list[Step] = []
    horse = _horse(ctx)
    if st.along is None:
        h = st.hex
        nbrs = m.neighbours(h)
        for n in nbrs:
            _enters(ctx, st, n, horse, out)
        for t in ctx.tunnels_at(h):
            far = t.other(h)
            if far is not None:
                out.append(Step(StepKind.ENTER, far, "tunnel"))  # B8.61
        if st.entrenched is not None:
            out.append(Step(StepKind.HERE, None, st.position.word))  # leave it (B27.41)
        elif ctx.panji_at(h) is not None:
            out.append(
                Step(StepKind.HERE, None, "beneath" if st.position == Position.ABOVE else "above")
            )
        elif paddy_rules.is_paddy(ctx, h):
            out.append(Step(StepKind.HERE, None, "in" if st.position == Position.BANK else "bank"))
        if st.entrenched is None:
            for kind in ("foxhole", "trench"):
                if ctx.forts_at(h, FortKind(kind)):
                    out.append(Step(StepKind.HERE, None, kind))
        for bh in nbrs:
            if bypassable(ctx, bh):
                for y in m.neighbours(bh):
                    if y != h and y.is_adjacent(h):
                        out.append(Step(StepKind.BYPASS, bh, None, Hexside.of(bh, y)))
        return out
    h0, s0 = st.hex, st.along
    for n in _exit_hexes(ctx, st):
        _enters(ctx, st, n, horse, out)
    y = s0.other(h0)
    cells = ctx.map.cells
    for w in _exit_hexes(ctx, st)[1:]:
        for bh, other in ((h0, w), (w, y), (y, w)):
            if bh in cells and other in cells and bypassable(ctx, bh):
                out.append(Step(StepKind.BYPASS, bh, None, Hexside.of(bh, other)))
    return out


def _difficult(ctx: MoveContext) -> int:
    return min(movement_data().n("advance_difficult_mf"), ctx.allowance)


def price_step(ctx: MoveContext, st: State, s: Step, spent: int, difficult: int) -> Priced:
    """One step as the search sees it: the rules' :func:`transition`, the Minimum Move and Low
    Crawl (``_cap``), and no advance into Difficult Terrain for a CX unit (A4.72)."""
    if ctx.options.low_crawl and s.kind != StepKind.ENTER:
        return None
    try:
        tr = transition(ctx, st, s, spent=spent)
    except RuleViolation:
        return None
    except InputError:
        if s.mf is None:
            raise
        return None  # eleven MF declared where the entry costs more already
    if tr.blocked:
        return None
    cost, _ = _cap(ctx, tr, spent)
    if ctx.options.phase == Phase.APH and ctx.unit.cx and cost >= difficult:
        return None
    flags = (
        (1 if any(_ends(ctx, e) for e in tr.events) else 0)
        | (1 if ctx.allowance == 0 else 0)  # (A4.134: the first Location took all it had)
        | (2 if tr.new_location else 0)
        | (4 if tr.road and s.kind == StepKind.ENTER else 0)
        | (8 if tr.crosses_covered else 0)
    )
    return tr.state, cost, flags


def _ends(ctx: MoveContext, e: Event) -> bool:
    """An event that ends the move where it happens: immobilized, bail-out, enemy units found
    (A12.15; G.4 unless the DEFENDER lets it go on)."""
    if e.kind == EventKind.DETECTION:
        return not enemies.continues(e, ctx.options.detection)
    return e.kind in (EventKind.IMMOBILIZED, EventKind.BAIL_OUT)


def price_state(
    ctx: MoveContext, st: State, first: bool, sid: Callable[[State], int]
) -> list[Edge]:
    """Every step out of ``st`` priced by the rules, one :func:`transition` each (the
    reference :class:`Pricer` answers for)."""
    out: list[Edge] = []
    spent = 0 if first else 1
    difficult = _difficult(ctx)
    for s in candidates(ctx, st):
        got = price_step(ctx, st, s, spent, difficult)
        if got is not None:
            out.append((sid(got[0]), got[1], got[2], s))
    return out


def _sided_unit_hexes(game: Game) -> frozenset[Hex]:
    """The hexes of the units of a game with two sides or more (whose entry depends on the
    mover's side); none in a game of one side."""
    if len({u.side for u in game.units.values() if u.side}) < 2:
        return frozenset()
    m = game.map
    return frozenset(m.hex(u.hex) for u in game.units.values() if u.hex and u.side)


class _Hex:
    """What pricing reads of one hex's terrain, for every mover (see :class:`Terrain`)."""

    __slots__ = ("bypassable", "bypasses", "enters", "into", "kind", "paddy", "plain")

    def __init__(self, h: Hex, *, plain: bool, paddy: bool, kind: int, bypassable: bool) -> None:
        self.plain = plain
        self.paddy = paddy
        self.kind = kind  # the number of this hex's terrain (its HexInfo)
        self.bypassable = bypassable  # A4.3 (data/movement.toml [bypass])
        # the steps into this hex from a plain hex: INTO it, onto its Bank counter (plain:
        # no Panji, no Wire, G8, G9.4)
        into = Step(StepKind.ENTER, h)
        self.into = (into, Step(StepKind.ENTER, h, "bank")) if plain and paddy else (into,)
        # per neighbour: (hex, the side's terrain number or None, its ENTER steps); None
        # until asked for
        self.enters: tuple[tuple[Hex, int | None, tuple[Step, ...]], ...] | None = None
        # per Bypassable neighbour: (hex, the side's terrain number or None, its Bypass steps)
        self.bypasses: tuple[tuple[Hex, int | None, tuple[Step, ...]], ...] = ()


class Terrain:
    """One game's terrain as the pricing of steps reads it, summed up once per hex when first
    asked for and shared by every kind of mover: whether a hex is plain (no Panji counter, no
    Fortification, no Water Obstacle), a paddy (G8), its neighbours with the steps into them
    and the Bypass steps along them (A4.3), and a number for each hexside's terrain: two
    hexsides get the same number when their two hexes' ``HexInfo`` and their features are
    equal."""

    def __init__(self, game: Game) -> None:
        self.map = game.map
        self._odd = frozenset(
            {p.hex for p in game.panjis.values()}
            | {f.hex for f in game.fortifications}
            | _sided_unit_hexes(game)  # (enemy units: A4.14, A12.15 - each mover's own)
        )
        self._hexes: dict[Hex, _Hex] = {}
        self._kinds: dict[Any, int] = {}  # HexInfo -> its number
        self._ids: dict[int, int] = {}  # id of a HexInfo of this map -> its number
        self._sides: dict[tuple[int, int, Any], int] = {}
        self._bypass = movement_data().bypass_terrain
        self._along: dict[tuple[Hex, Hex], Step] = {}  # Bypass in a hex along a hexside

    def _base(self, h: Hex) -> _Hex:
        got = self._hexes.get(h)
        if got is None:
            info = self.map.info(h)
            kind = self._ids.get(id(info))  # the map keeps its infos: their ids stay theirs
            if kind is None:
                kind = self._ids[id(info)] = self._kinds.setdefault(info, len(self._kinds))
            terrain = info.terrain
            plain = h not in self._odd and not terrain.is_water_obstacle
            got = self._hexes[h] = _Hex(
                h,
                plain=plain,
                paddy=terrain.value == "paddy",
                kind=kind,
                bypassable=terrain.value in self._bypass,
            )
        return got

    def plain(self, h: Hex) -> bool:
        """No Panji counter, no Fortification, no Water Obstacle in ``h``."""
        return self._base(h).plain

    def hex(self, h: Hex) -> _Hex:
        """The summary of ``h``, its neighbours and Bypass steps included."""
        got = self._base(h)
        if got.enters is None:
            self._fill(h, got)
        return got

    def _bypass_step(self, n: Hex, y: Hex) -> Step:
        got = self._along.get((n, y))
        if got is None:
            got = self._along[(n, y)] = Step(StepKind.BYPASS, n, None, Hexside.of(n, y))
        return got

    def _side(self, a: _Hex, b: _Hex, h: Hex, n: Hex) -> int | None:
        if not (a.plain and b.plain):
            return None
        key = (a.kind, b.kind, self.map.hexside_features(h, n))
        return self._sides.setdefault(key, len(self._sides))

    def _fill(self, h: Hex, f: _Hex) -> None:
        m = self.map
        enters = []
        bypasses = []
        for n in m.neighbours(h):
            g = self._base(n)
            side = self._side(f, g, h, n)
            enters.append((n, side, g.into))
            if g.bypassable:
                bypasses.append(
                    (
                        n,
                        side,
                        tuple(
                            self._bypass_step(n, y)
                            for y in m.neighbours(n)
                            if y != h and y.is_adjacent(h)
                        ),
                    )
                )
        f.enters = tuple(enters)
        f.bypasses = tuple(bypasses)


_Kept = tuple[tuple[Position, int, int] | None, tuple[unchecked.Entry, ...]]
"""A step priced once: (position reached, cost, flags) or None if not allowed, and the
unchecked values pricing it read."""

_MISSING: Any = object()


class Pricer:
    """The steps out of each state for one kind of mover (options, allotment) on one game.
    Steps between plain hexes are priced once per hexside terrain number, position, step and
    first expenditure (with the unchecked values reading them took, replayed when the result
    is reused); every other step by :func:`transition` each time."""

    def __init__(self, ctx: MoveContext, terrain: Terrain, sid: Callable[[State], int]) -> None:
        self.ctx = ctx
        self.terrain = terrain
        self.sid = sid  # numbers a state (the space's)
        self.difficult = _difficult(ctx)
        self.horse = _horse(ctx)
        # per memo key: what the step does, or None if it is priced every time
        self.memo: dict[tuple[Any, ...], _Kept | None] = {}
        self.notes: dict[tuple[unchecked.Entry, ...], tuple[unchecked.Entry, ...]] = {}
        # state ids of the plain positions reached from the memo, by (hex, position, along)
        self.sids: dict[tuple[Hex, Position, Hexside | None], int] = {}

    def price(self, st: State, first: bool) -> list[Edge]:
        """What :func:`price_state` answers, from the memo where the terrain allows."""
        ctx = self.ctx
        h = st.hex
        if st.along is not None or st.entrenched is not None or not self.terrain.plain(h):
            return price_state(ctx, st, first, self.sid)
        f = self.terrain.hex(h)
        assert f.enters is not None
        # the candidates in the order of :func:`candidates` (for the same unchecked values in
        # the same order), in groups: (steps, memo key or None, hex reached); a Bypass group's
        # steps differ only in the hexside along which they go and share one key
        pos = st.position
        blaze = ctx.blaze
        todo: list[tuple[tuple[Step, ...], tuple[Any, ...] | None, Hex]] = []
        for n, side, steps in f.enters:
            if side is None or n in blaze:
                more: list[Step] = []
                _enters(ctx, st, n, self.horse, more)
                todo.append((tuple(more), None, n))
            else:
                for s in steps:
                    todo.append(((s,), ("enter", side, pos, s.want, first), n))
        if f.paddy:
            s = Step(StepKind.HERE, None, "in" if pos == Position.BANK else "bank")
            todo.append(((s,), ("here", f.kind, pos, s.want, first), h))
        if f.enters:
            bypassable(ctx, h)  # what candidates() notes (data/movement.toml [bypass])
        for n, side, steps in f.bypasses:
            if side is None or n in blaze:
                todo.append((steps, None, n))
            else:
                todo.append((steps, ("bypass", side, pos, first), n))
        out: list[Edge] = []
        spent = 0 if first else 1
        memo = self.memo
        sids = self.sids
        replayed: set[int] = set()  # ids of the notes replayed: again, they change nothing
        for steps, key, to in todo:
            kept = None
            if key is not None:
                kept = memo.get(key, _MISSING)
                if kept is _MISSING:
                    kept = memo[key] = self._priced(st, steps[0], spent, to)
            if kept is None:
                for s in steps:
                    got = price_step(ctx, st, s, spent, self.difficult)
                    if got is not None:
                        out.append((self.sid(got[0]), got[1], got[2], s))
                continue
            result, notes = kept
            if notes and id(notes) not in replayed:
                unchecked.replay(notes)
                replayed.add(id(notes))
            if result is not None:
                position, cost, flags = result
                for s in steps:
                    k = (to, position, s.along)
                    dst = sids.get(k)
                    if dst is None:
                        dst = sids[k] = self.sid(State(to, position, None, s.along))
                    out.append((dst, cost, flags, s))
        return out

    def _priced(self, st: State, s: Step, spent: int, to: Hex) -> _Kept | None:
        """A step priced by the rules, to keep; None (priced every time) if the state it
        reaches is not the plain position in ``to`` the memo stands for."""
        with unchecked.capture() as seen:
            got = price_step(self.ctx, st, s, spent, self.difficult)
        if got is None:
            return None, self._notes(seen)
        state, cost, flags = got
        if state.hex != to or state.entrenched is not None or state.along != s.along:
            return None
        return (state.position, cost, flags), self._notes(seen)

    def _notes(self, seen: dict[unchecked.Entry, None]) -> tuple[unchecked.Entry, ...]:
        """The unchecked values read, one tuple for equal ones (replayed once a state)."""
        got = tuple(seen)
        return self.notes.setdefault(got, got)
