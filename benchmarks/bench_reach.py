"""``reach`` on a 2x2-board map (about 1,300 hexes, PTO Terrain, Irrigated paddies, Panji
counters) beside networkx's Dijkstra and scipy's ``csgraph.dijkstra`` (the lower bound) on
an equivalent graph built beforehand with the same costs (building not timed).

Movers: a 4-MF squad, a 6-MF leader, a 30-MP fully tracked AFV, and every unit of the
21-unit force. ``reach`` is timed warm (the same unit asked again: the edges priced by its
first call are reused), for a second unit (another unit of the same kind, asked once right
after a first unit's query filled the caches, as a player clicks one unit and then another)
and cold (nothing priced for the game: its terrain summary and priced steps are emptied, so
every step is priced by the rules, once per hexside terrain where the pricing shares it). A
fresh process, as every command-line call is, is timed by ``bench_cold_start.py``.

Run ``python benchmarks/bench_reach.py`` for the table of docs/performance-movement.md, or
``pytest benchmarks/bench_reach.py --benchmark-only``. Target: warm ``reach``, rules included,
at most half networkx's median time.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "examples" / "two-by-two.toml"

nx = pytest.importorskip("networkx")
sp = pytest.importorskip("scipy.sparse")
csgraph = pytest.importorskip("scipy.sparse.csgraph")

from aslpto.formats import scenario  # noqa: E402
from aslpto.procedures import movement  # noqa: E402
from aslpto.rules.movement import MoveOptions  # noqa: E402
from aslpto.state.game import Game  # noqa: E402
from aslpto.state.units import Kind  # noqa: E402
from timing import median_time as _median_time  # noqa: E402

median_time = partial(_median_time, repeat=15, warm_up=True)

OPTS = MoveOptions()


def load() -> Game:
    g = scenario.load(SCENARIO)
    tank = next(u for u in g.units.values() if u.kind == Kind.VEHICLE)
    return g.with_unit(tank.with_(mf=30))  # a 30-MP fully tracked AFV


def movers(g: Game) -> dict[str, str]:
    squad = next(u.id for u in g.units.values() if u.kind == Kind.SQUAD)
    leader = next(u.id for u in g.units.values() if u.kind == Kind.LEADER)
    tank = next(u.id for u in g.units.values() if u.kind == Kind.VEHICLE)
    return {"4-MF squad": squad, "6-MF leader": leader, "30-MP fully tracked AFV": tank}


class Graph:
    """Every (state, flags) key the unit could reach with no MF limit, and the same edges and
    costs ``reach`` uses, as a networkx DiGraph and a scipy CSR matrix."""

    def __init__(self, g: Game, uid: str) -> None:
        unit = g.unit(uid)
        space = movement.space_of(g, uid, OPTS)
        start = space.sid(movement.start_state(g, unit))
        self.limit = space.ctx.allowance
        # nodes: search keys (state id * 4 + 1 when the move has ended there)
        index: dict[int, int] = {start * 4: 0}
        edges: dict[tuple[int, int], int] = {}
        todo = [start * 4]
        while todo:
            key = todo.pop()
            for dst, cost, flags, _s in space.edges(key >> 2, key == start * 4):
                nkey = dst * 4 + (flags & 1)
                if nkey not in index:
                    index[nkey] = len(index)
                    if not flags & 1:
                        todo.append(nkey)
                key2 = (index[key], index[nkey])
                if key2 not in edges or cost < edges[key2]:
                    edges[key2] = cost
        self.nodes = len(index)
        self.edges = len(edges)
        self.nx = nx.DiGraph()
        self.nx.add_nodes_from(range(len(index)))
        self.nx.add_weighted_edges_from((a, b, c) for (a, b), c in edges.items())
        rows = [a for a, _ in edges]
        cols = [b for _, b in edges]
        # csgraph treats explicit zeros as missing edges: zero-cost steps get a tiny weight
        data = [c if c else 1e-9 for c in edges.values()]
        self.csr = sp.csr_matrix((data, (rows, cols)), shape=(len(index), len(index)))

    def networkx(self) -> int:
        return len(nx.single_source_dijkstra_path_length(self.nx, 0, cutoff=self.limit))

    def scipy(self) -> int:
        d = csgraph.dijkstra(self.csr, indices=0, limit=self.limit + 1e-6)
        return int((d <= self.limit).sum())


def ours_warm(g: Game, uid: str) -> Callable[[], int]:
    movement.reach(g, uid, OPTS)  # price the edges once
    return lambda: len(movement.reach(g, uid, OPTS).best())


def ours_paths(g: Game, uid: str) -> Callable[[], int]:
    """Warm, and building every Location with the path that costs it (what the command
    prints)."""
    movement.reach(g, uid, OPTS)
    return lambda: len(movement.reach(g, uid, OPTS).locations)


def second_of(g: Game, uid: str) -> str:
    """Another unit of the same side in another hex: of the same kind where the force has
    one (else the next of the side, which moves by other rules)."""
    u = g.unit(uid)
    others = [o for o in g.units.values() if o.side == u.side and o.hex != u.hex]
    return next((o.id for o in others if o.kind == u.kind), others[0].id)


def ours_second(g: Game, uid: str) -> tuple[Callable[[], None], Callable[[], int]]:
    """(setup, call): the caches emptied and filled by ``uid``'s query, then another unit's."""
    other = second_of(g, uid)

    def setup() -> None:
        movement.clear_caches()
        movement.reach(g, uid, OPTS)

    return setup, lambda: len(movement.reach(g, other, OPTS).best())


def _median_after(setup: Callable[[], None], call: Callable[[], int], repeat: int = 15) -> float:
    import statistics
    import time

    times = []
    for _ in range(repeat):
        setup()
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def ours_cold(g: Game, uid: str) -> Callable[[], int]:
    def run() -> int:
        movement.clear_caches()
        return len(movement.reach(g, uid, OPTS).best())

    return run


def table() -> str:
    g = load()
    rows = []
    for label, uid in movers(g).items():
        graph = Graph(g, uid)
        warm = median_time(ours_warm(g, uid))
        second = _median_after(*ours_second(g, uid))
        paths = median_time(ours_paths(g, uid), repeat=5)
        cold = median_time(ours_cold(g, uid), repeat=5)
        t_nx = median_time(graph.networkx)
        t_sp = median_time(graph.scipy)
        rows.append((label, graph.nodes, graph.edges, warm, second, paths, cold, t_nx, t_sp))
    force = list(g.units)
    graphs = {uid: Graph(g, uid) for uid in force}
    for uid in force:
        movement.reach(g, uid, OPTS)
    warm = median_time(lambda: [movement.reach(g, uid, OPTS).best() for uid in force], repeat=5)
    paths = median_time(lambda: [movement.reach(g, uid, OPTS).locations for uid in force], repeat=3)

    def cold_all() -> None:
        movement.clear_caches()
        for uid in force:
            movement.reach(g, uid, OPTS).best()

    cold = median_time(cold_all, repeat=3)
    t_nx = median_time(lambda: [graphs[uid].networkx() for uid in force], repeat=5)
    t_sp = median_time(lambda: [graphs[uid].scipy() for uid in force], repeat=5)
    rows.append(
        (
            f"all {len(force)} units",
            sum(x.nodes for x in graphs.values()),
            sum(x.edges for x in graphs.values()),
            warm,
            float("nan"),
            paths,
            cold,
            t_nx,
            t_sp,
        )
    )
    out = [
        "| mover | states | edges | reach (warm) | second unit | + paths | reach (cold) | "
        "networkx | scipy | warm/networkx | second/networkx | cold/networkx | "
        "scipy/networkx |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for label, n, e, w, u, p, c, x, s in rows:
        out.append(
            f"| {label} | {n} | {e} | {w * 1e3:.3f} ms | {u * 1e3:.3f} ms | "
            f"{p * 1e3:.2f} ms | {c * 1e3:.2f} ms | {x * 1e3:.3f} ms | {s * 1e3:.3f} ms | "
            f"{w / x:.2f} | {u / x:.2f} | {c / x:.1f} | {s / x:.2f} |"
        )
    return "\n".join(out)


# --- pytest-benchmark ----------------------------------------------------------------------

GAME = load()
MOVERS = movers(GAME)


@pytest.fixture(scope="module", params=list(MOVERS), ids=lambda k: k.replace(" ", "-"))
def mover(request: pytest.FixtureRequest) -> tuple[str, Graph]:
    uid = MOVERS[request.param]
    return uid, Graph(GAME, uid)


@pytest.mark.benchmark(group="reach")
def test_reach_warm(benchmark: BenchmarkFixture, mover: tuple[str, Graph]) -> None:
    benchmark(ours_warm(GAME, mover[0]))


@pytest.mark.benchmark(group="reach")
def test_reach_second_unit(benchmark: BenchmarkFixture, mover: tuple[str, Graph]) -> None:
    setup, call = ours_second(GAME, mover[0])
    benchmark.pedantic(call, setup=setup, rounds=30, warmup_rounds=1)


@pytest.mark.benchmark(group="reach")
def test_reach_cold(benchmark: BenchmarkFixture, mover: tuple[str, Graph]) -> None:
    benchmark(ours_cold(GAME, mover[0]))


@pytest.mark.benchmark(group="reach")
def test_networkx_dijkstra(benchmark: BenchmarkFixture, mover: tuple[str, Graph]) -> None:
    benchmark(mover[1].networkx)


@pytest.mark.benchmark(group="reach")
def test_scipy_dijkstra(benchmark: BenchmarkFixture, mover: tuple[str, Graph]) -> None:
    benchmark(mover[1].scipy)


def test_same_locations_as_networkx(mover: tuple[str, Graph]) -> None:
    """The equivalent graph is equivalent: networkx finds as many states within the limit."""
    uid, graph = mover
    res = movement.reach(GAME, uid, OPTS)
    keys = sum(len(p.dist) for p in res._passes[:1])
    assert keys == graph.networkx() == graph.scipy()


if __name__ == "__main__":
    print(table())
    sys.exit(0)
