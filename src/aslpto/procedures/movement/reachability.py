"""Reachability: every Location and position a unit can reach this phase with the least MF,
by a least-cost search over the steps the rules price (kept per game and kind of mover)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property
from itertools import repeat

from aslpto.base import unchecked
from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import RuleViolation
from aslpto.procedures.movement.pricing import Pricer, Terrain, candidates as candidates
from aslpto.procedures.movement.stepping import _check_may_move, _context
from aslpto.procedures.movement.steps import State, Step, step_text
from aslpto.procedures.movement.transitions import start_state
from aslpto.rules.movement import (
    PLAIN,
    MoveContext,
    MoveOptions,
    Phase,
    as_number,
    movement_data,
)
from aslpto.state.game import FortKind, Game
from aslpto.state.units import Unit


@record
class Location:
    """A Location/position the unit can reach, with its least cost and the path to it."""

    state: State
    mf: int  # half units
    path: tuple[str, ...]
    ends_move: bool = False

    def as_json(self, game: Game) -> dict[str, Any]:
        m = game.map
        d: dict[str, Any] = {
            "hex": m.name(self.state.hex),
            "position": self.state.position.value,
            "mf": as_number(self.mf),
            "path": list(self.path),
        }
        if self.state.entrenched:
            d["entrenched"] = self.state.entrenched
        if self.state.along is not None:
            d["bypass"] = m.layout.hexside_name(self.state.along, self.state.hex)
        if self.ends_move:
            d["ends_move"] = True
        return d


class ReachResult:
    """Every Location/position reachable with its least cost (half units). The search is done
    when this is made; ``locations`` (with paths) is built when first asked for."""

    def __init__(
        self,
        unit: str,
        allowance: int,
        violation: RuleViolation | None = None,
        game: Game | None = None,
        space: Space | None = None,
        passes: tuple[_Search, ...] = (),
    ) -> None:
        self.unit = unit
        self.allowance = allowance
        self.violation = violation
        self._game = game
        self._space = space
        self._passes = passes

    def best(self) -> dict[int, tuple[int, int, int]]:
        """State id -> (cost, pass number, search key) of the cheapest way there."""
        out: dict[int, tuple[int, int, int]] = {}
        for n, search in enumerate(self._passes):
            for key, d in search.items():
                sid = key >> 2
                old = out.get(sid)
                if old is None or d < old[0]:
                    out[sid] = (d, n, key)
        return out

    def _start(self) -> int:
        assert self._space is not None and self._game is not None
        return self._space.start(self._game, self._game.unit(self.unit))

    def costs(self) -> dict[State, int]:
        """``{state: least cost}`` without building paths."""
        if self._space is None:
            return {}
        states = self._space.states
        return {states[sid]: v[0] for sid, v in self.best().items()}

    @cached_property
    def locations(self) -> tuple[Location, ...]:
        if self._space is None or self._game is None:
            return ()
        space, game = self._space, self._game
        out = []
        passes = [
            p if p.has_pred else _search(space, self._start(), p.limit, road_only=p.road_only)
            for p in self._passes
        ]
        texts: dict[Step, str] = {}
        memo: list[dict[int, tuple[str, ...]]] = [{} for _ in passes]

        def path(n: int, key: int) -> tuple[str, ...]:
            chain = []
            seen = memo[n]
            pred = passes[n].pred
            while key in pred and key not in seen:
                chain.append(key)
                key = pred[key][0]
            done = seen.get(key, ())
            for k in reversed(chain):
                s = pred[k][1]
                text = texts.get(s)
                if text is None:
                    text = texts[s] = step_text(game, s)
                done = seen[k] = (*done, text)
            return done

        for sid, (d, n, key) in self.best().items():
            out.append(Location(space.states[sid], d, path(n, key), ends_move=bool(key & 1)))
        out.sort(key=_order)
        return tuple(out)

    def as_json(self, game: Game) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "allowance": as_number(self.allowance),
            "locations": [loc.as_json(game) for loc in self.locations],
            "violation": None
            if self.violation is None
            else {"rule": self.violation.rule, "message": self.violation.message},
        }


class Space:
    """The states one kind of mover can be in on one game, numbered, and the edges between
    them as the rules price them (filled in as the searches reach them). Every unit of the
    same kind, options and allotment moves by the same rules, so ``reach`` calls share it."""

    def __init__(
        self, ctx: MoveContext, key: tuple[Any, ...] = (), terrain: Terrain | None = None
    ) -> None:
        self.ctx = ctx
        self.key = key  # its key in the per-game cache (:func:`_space_key`)
        # the game's terrain, summed up once for every kind of mover (:mod:`.pricing`)
        self.pricer = Pricer(ctx, terrain or Terrain(ctx.game), self.sid)
        self.states: list[State] = []
        self.index: dict[State, int] = {}
        # per state id: edges when no MF has been spent yet / after; None until priced
        self.first: list[list[tuple[int, int, int, Step]] | None] = []
        self.later: list[list[tuple[int, int, int, Step]] | None] = []
        # the same edges as (search key, cost) sorted by cost, for the plain search
        self.fast_first: list[list[tuple[int, int]] | None] = []
        self.fast_later: list[list[tuple[int, int]] | None] = []
        self.starts: dict[tuple[str, str, str | None], int] = {}
        # unchecked values (base.unchecked) read in pricing a state's edges, by (id, first);
        # and those a whole search read, by its start, limit and kind: replayed when the
        # priced edges answer again
        self.noted: dict[tuple[int, bool], tuple[unchecked.Entry, ...]] = {}
        self.searched: dict[tuple[Any, ...], tuple[unchecked.Entry, ...]] = {}

    def notes_of(self, searches: Iterable[_Search]) -> tuple[unchecked.Entry, ...]:
        """What pricing the edges of the states these searches expanded read."""
        noted = self.noted
        out: dict[unchecked.Entry, None] = {}
        if noted:
            for search in searches:
                for key, cost in search.items():
                    got = None if key & 1 else noted.get((key >> 2, cost == 0))
                    if got:
                        out.update(dict.fromkeys(got))
        return tuple(out)

    def sid(self, st: State) -> int:
        n = self.index.get(st)
        if n is None:
            n = self.index[st] = len(self.states)
            self.states.append(st)
            self.first.append(None)
            self.later.append(None)
            self.fast_first.append(None)
            self.fast_later.append(None)
        return n

    def fast(self, sid: int, first: bool) -> list[tuple[int, int]]:
        table = self.fast_first if first else self.fast_later
        got = table[sid]
        if got is None:
            got = table[sid] = sorted(
                ((dst * 4 + (flags & 1), cost) for dst, cost, flags, _ in self.edges(sid, first)),
                key=lambda e: e[1],
            )
        return got

    def start(self, game: Game, unit: Unit) -> int:
        key = (unit.hex, unit.position, unit.entrenched)
        n = self.starts.get(key)
        if n is None:
            n = self.starts[key] = self.sid(start_state(game, unit))
        return n

    def edges(self, sid: int, first: bool) -> list[tuple[int, int, int, Step]]:
        """(target id, cost, flags, step); flags: 1 ends the move, 2 a new Location, 4 along
        a road hexside, 8 crosses a Covered hexside."""
        table = self.first if first else self.later
        got = table[sid]
        if got is None:
            with unchecked.capture() as seen:
                got = table[sid] = self._price(self.states[sid], first)
            if seen:
                self.noted[(sid, first)] = tuple(seen)
        return got

    def _price(self, st: State, first: bool) -> list[tuple[int, int, int, Step]]:
        return self.pricer.price(st, first)


_CACHES: dict[int, tuple[Game, dict[Any, Space], Terrain]] = {}
"""Per game: its spaces by :func:`_space_key`, and its terrain as pricing reads it (a space holds
its game: the games of the last few dozen asked are kept, then the table is emptied)."""


def _space_key(ctx: MoveContext) -> tuple[Any, ...]:
    """Units moving by the same rules share a space: same mover, options, allotment, CX; and
    where tunnels exist, the same side, nationality and pillbox start (B8.61, G1.632); in Low
    Crawl, broken or not (B21.43: broken fording units may not Low Crawl)."""
    unit = ctx.unit
    tunnel = None
    if any(f.kind == FortKind.TUNNEL for f in ctx.game.fortifications):
        tunnel = (unit.side, unit.is_japanese, unit.entrenched == "pillbox")
    broken = unit.broken if ctx.options.low_crawl else None
    enemy = (unit.side, unit.berserk, unit.unarmed) if ctx.enemies_anywhere else None
    return (ctx.mover, ctx.options, ctx.allowance, unit.cx, tunnel, broken, enemy)


def _space(ctx: MoveContext) -> Space:
    key = _space_key(ctx)
    entry = _CACHES.get(id(ctx.game))
    if entry is None or entry[0] is not ctx.game:
        if len(_CACHES) > 32:
            _CACHES.clear()
        entry = (ctx.game, {}, Terrain(ctx.game))
        _CACHES[id(ctx.game)] = entry
    space = entry[1].get(key)
    if space is None:
        space = entry[1][key] = Space(ctx, key, entry[2])
    return space


def space_of(game: Game, unit_id: str, options: MoveOptions = PLAIN) -> Space:
    """The space :func:`reach` searches for the unit (shared with the units moving by the same
    rules), for benchmarks and tests."""
    ctx, _ = _context(game, game.unit(unit_id), options)
    return _space(ctx)


def cached_spaces() -> list[Space]:
    """Every space the searches have priced and keep (for tests)."""
    return [space for entry in _CACHES.values() for space in entry[1].values()]


def clear_caches() -> None:
    """Forget every priced space and prepared unit: the next :func:`reach` starts cold."""
    _CACHES.clear()
    _PREPARED.clear()


@record(frozen=False)
class _Search:
    """Least costs by search key (state id * 4 + flags: 1 ended, 2 a Location entered):
    ``table`` (a dict), or ``costs`` (a list by key) with the keys it ``reached``."""

    table: dict[int, int]
    pred: dict[int, tuple[int, Step]]
    has_pred: bool = True
    limit: int = 0
    road_only: bool = False
    costs: list[int] | None = None
    reached: list[int] | None = None

    def items(self) -> Iterator[tuple[int, int]]:
        """(key, least cost) of every key reached (a key may come more than once)."""
        if self.costs is None or self.reached is None:
            return iter(self.table.items())
        return zip(self.reached, map(self.costs.__getitem__, self.reached), strict=True)

    @property
    def dist(self) -> dict[int, int]:
        """Least cost by search key."""
        return dict(self.items())


_FAR = 1 << 29


def _plain_search(space: Space, start: int, limit: int) -> _Search:
    """Dial's algorithm over the cost-sorted edges, without predecessors (paths are found
    again only when asked for, by :func:`_search`). Costs are kept in a list by search key
    (the keys are small numbers, the costs small ints)."""
    key0 = start * 4
    states = space.states
    costs = [_FAR] * (4 * len(states))
    costs[key0] = 0
    reached = [key0]
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(key0)
    fast = space.fast
    later = space.fast_later
    for d in range(limit + 1):
        # a zero-cost step appends to the bucket being read; the list iterator sees it
        for key in buckets[d]:
            if costs[key] != d:
                continue
            edges = later[key >> 2] if d else None
            if edges is None:
                edges = fast(key >> 2, not d)  # rules priced now: new states may be numbered
                if len(costs) < 4 * len(states):
                    costs.extend(repeat(_FAR, 4 * len(states) - len(costs)))
            for nkey, cost in edges:
                nd = d + cost
                if nd > limit:
                    break
                if nd < costs[nkey]:
                    costs[nkey] = nd
                    reached.append(nkey)
                    if not nkey & 1:
                        buckets[nd].append(nkey)
    return _Search({}, {}, has_pred=False, limit=limit, costs=costs, reached=reached)


def _search(space: Space, start: int, limit: int, *, road_only: bool) -> _Search:
    """Dial's algorithm (costs are small whole numbers of half MF): one bucket per cost up to
    the limit; zero-cost steps go into the bucket being emptied."""
    opts = space.ctx.options
    assault = opts.assault
    dist: dict[int, int] = {start * 4: 0}
    pred: dict[int, tuple[int, Step]] = {}
    if opts.phase == Phase.APH or opts.low_crawl:  # one step only, whatever it costs
        for dst, cost, flags, s in space.edges(start, first=True):
            key = dst * 4 + (flags & 1)
            if key not in dist or cost < dist[key]:
                dist[key] = cost
                pred[key] = (start * 4, s)
        return _Search(dist, pred, limit=limit, road_only=road_only)
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(start * 4)
    edges = space.edges
    for d in range(limit + 1):
        bucket = buckets[d]
        i = 0
        while i < len(bucket):
            key = bucket[i]
            i += 1
            if dist[key] != d or key & 1:
                continue
            moved = key & 2
            for dst, cost, flags, s in edges(key >> 2, first=d == 0):
                nd = d + cost
                if nd > limit:
                    continue
                if road_only and flags & 12 != 4:
                    continue
                if assault:
                    if moved and flags & 2:
                        continue
                    nkey = dst * 4 + (flags & 1) + (moved | (flags & 2))
                else:
                    nkey = dst * 4 + (flags & 1)
                od = dist.get(nkey)
                if od is None or nd < od:
                    dist[nkey] = nd
                    pred[nkey] = (key, s)
                    buckets[nd].append(nkey)
    return _Search(dist, pred, limit=limit, road_only=road_only)


def _passes(space: Space, start: int, limit: int, road: bool) -> list[_Search]:
    """The searches of a reach: the unit's allowance, and along roads with the road bonus."""
    opts = space.ctx.options
    if opts.assault or opts.phase == Phase.APH or opts.low_crawl:
        passes = [_search(space, start, limit, road_only=False)]
    else:
        passes = [_plain_search(space, start, limit)]
    if road:
        bonus = movement_data().n("road_bonus_mf")
        passes.append(_search(space, start, limit + bonus, road_only=True))
    return passes


def reach(game: Game, unit_id: str, options: MoveOptions = PLAIN) -> ReachResult:
    """Every Location and position the unit can reach this phase, with its least cost."""
    prep = _prepare(game, unit_id, options)
    if isinstance(prep, ReachResult):
        return prep
    space, start, limit, road, prep_notes = prep
    # an answer lists the unchecked values it rests on, priced now or earlier (base.unchecked)
    key = (start, limit, road)
    notes = space.searched.get(key)
    if notes is None:
        with unchecked.capture() as seen:
            passes = _passes(space, start, limit, road)
        notes = space.searched[key] = (*seen, *space.notes_of(passes))
    else:
        passes = _passes(space, start, limit, road)
    if prep_notes:
        unchecked.replay(prep_notes)
    if notes:
        unchecked.replay(notes)
    return ReachResult(unit_id, limit, game=game, space=space, passes=tuple(passes))


_PREPARED: dict[int, tuple[Game, dict[Any, Any]]] = {}


def _prepare(
    game: Game, unit_id: str, options: MoveOptions
) -> ReachResult | tuple[Space, int, int, bool, tuple[unchecked.Entry, ...]]:
    """Who moves, by which rules, from where (kept per game: games and units are values),
    with the unchecked values reading it took (replayed when it is taken from memory)."""
    entry = _PREPARED.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_PREPARED) > 32:
            _PREPARED.clear()
        entry = (game, {})
        _PREPARED[id(game)] = entry
    key = (unit_id, options)
    got = entry[1].get(key)
    if got is not None and (isinstance(got[0], ReachResult) or got[0] is _space_if_cached(got[0])):
        if isinstance(got[0], ReachResult):
            unchecked.replay(got[1])
            return got[0]
        return got  # type: ignore[no-any-return]
    with unchecked.capture() as seen:
        unit = game.unit(unit_id)
        ctx, allow = _context(game, unit, options)
        try:
            _check_may_move(game, unit, ctx, options)
        except RuleViolation as v:
            res = ReachResult(unit.id, allow.value, v)
            entry[1][key] = (res, tuple(seen))
            return res
        space = _space(ctx)
        start = space.start(game, unit)
        road = (
            ctx.mover.is_infantry
            and options.phase == Phase.MPH
            and not options.assault
            and not options.low_crawl
            and any(f & 4 for _, _, f, _ in space.edges(start, first=True))
        )
    prep = (space, start, ctx.allowance, road, tuple(seen))
    entry[1][key] = prep
    return prep


def _space_if_cached(space: Space) -> Space | None:
    """The space still in the edge cache (it is dropped when the cache is cleared)."""
    entry = _CACHES.get(id(space.ctx.game))
    if entry is None or entry[0] is not space.ctx.game:
        return None
    return entry[1].get(space.key)


def _order(loc: Location) -> tuple[Any, ...]:
    st = loc.state
    along = () if st.along is None else (st.along.a, st.along.b)
    return (loc.mf, st.hex, st.position.value, st.entrenched or "", along)


def reach_costs(game: Game, unit_id: str, options: MoveOptions = PLAIN) -> dict[State, int]:
    """``{state: least cost in half units}`` (for benchmarks and tests)."""
    return reach(game, unit_id, options).costs()
