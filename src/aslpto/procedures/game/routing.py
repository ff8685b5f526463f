"""The Rout Phase's rules (A10.5-A10.52) and where DM is placed (A10.62), on a game's position.

- who must rout (:func:`must_rout`): at the start of the RtPh, a broken unit in the Location of
  or ADJACENT to a Known, armed, unbroken enemy unit, or in Open Ground in the LOS and Normal
  Range of one, or in a Water Obstacle (B21.43); it is marked DM;
- who may rout: a broken unit under DM, once a RtPh, with 6 MF (data/morale.toml ``[rout]``);
- the rout path (:func:`check_rout`): never into a Location closer (in hexes) to a Known, armed,
  unbroken enemy unit than the one left; begun ADJACENT to one, into no other hex ADJACENT to it
  unless leaving its Location; never ending in the Location of or ADJACENT to one; toward the
  nearest woods/building Location that is neither ADJACENT to nor closer to one, stopping there
  unless entering another directly (with none reachable, anywhere the limits allow); by Low Crawl
  one Location (A10.52), not from an enemy-occupied Location, not by a unit fording (B21.43);
- DM (A10.62) beyond breaking: on a broken unit attacked by fire that could cause it at least a
  NMC (:func:`dm_from_attack`), and on one a Known, armed, unbroken enemy unit moves or advances
  ADJACENT to (:func:`dm_from_move`).

"Known" is read as neither concealed nor hidden. Interdiction (A10.53), RtPh Surrender (A20.21),
a leader routing with a broken unit (A10.711) and Blazes are not built. The rules and the public
texts they were read from are ``procedures.game.phases.RULES``.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, distance
from aslpto.procedures.game.phases import RULES
from aslpto.state.game import Game
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.procedures.movement import MoveResult
    from aslpto.rules.fire.resolution import Attack
    from aslpto.rules.movement import MoveOptions


def _setting(key: str) -> Any:
    from aslpto.rules.morale.values import setting

    got = setting("rout", key)
    assert isinstance(got, dict), key
    return got["value"]


def known_enemies(game: Game, side: str) -> list[Unit]:
    """The enemy units of ``side`` on the map that are Known (neither concealed nor hidden, a
    reading), armed and unbroken."""
    return [
        u
        for u in game.units.values()
        if u.side != side and u.hex and not (u.broken or u.unarmed or u.concealed or u.hidden)
    ]


def _hex(game: Game, u: Unit) -> Hex:
    return game.map.hex(u.hex)


def _near(game: Game, a: Unit, h: Hex) -> bool:
    """In the Location of or ADJACENT to ``h`` (a neighbour on the map)."""
    return distance(_hex(game, a), h) <= 1


def open_ground(game: Game, u: Unit) -> Ruling[bool]:
    """The unit's Location is Open Ground: as the terrain chart says (A10.531), a Water Obstacle
    (B21.3: Open Ground for Rout purposes, provided a LOS to it exists - the LOS asked is the
    enemy's), a unit above a Bank counter (G8: always Open Ground)."""
    h = _hex(game, u)
    row = game.map.row(h)
    if row.open_ground:
        return Ruling(True, (row.rule, "A10.531"), f"{game.map.terrain(h).value} is Open Ground")
    if game.map.terrain(h).is_water_obstacle:
        return Ruling(True, ("B21.3",), "a Water Obstacle is Open Ground for Rout purposes")
    if u.position == "bank":
        return Ruling(True, ("G8",), "a Bank counter is always Open Ground")
    return Ruling(False, (), f"{game.map.terrain(h).value} is not Open Ground")


def _normal_range(u: Unit) -> int | None:
    from aslpto.procedures.fire import normal_range

    try:
        return normal_range(u)
    except InputError:
        return None  # (a leader has no Normal Range of his own)


def must_rout(game: Game, u: Unit) -> Ruling[bool]:
    """A10.5: whether broken ``u`` must rout at the start of the RtPh, and why."""
    rule = RULES["must_rout"].rule
    if not u.broken or not u.hex:
        return Ruling(False, (rule,), "not broken")
    from aslpto.rules.water import conditions as water

    wet = water.must_rout(game, u)
    if wet.value:  # B21.43: broken in a Water Obstacle, it may not remain there
        return Ruling(True, (rule, *wet.rules), "broken in a Water Obstacle (B21.43)")
    h = _hex(game, u)
    enemies = known_enemies(game, u.side)
    for e in enemies:
        if _near(game, e, h):
            where = "in its Location" if e.hex and _hex(game, e) == h else "ADJACENT"
            return Ruling(True, (rule,), f"{e.id} (Known, armed, unbroken) is {where}")
    og = open_ground(game, u)
    if not og.value:
        return Ruling(False, (rule,), og.why)
    from aslpto.rules.los import los

    for e in enemies:
        rng = _normal_range(e)
        if rng is None or distance(_hex(game, e), h) > rng:
            continue
        if los(game, e, u).los:
            return Ruling(
                True,
                (rule, *og.rules),
                f"in Open Ground ({og.why}) in the LOS and Normal Range of {e.id}",
            )
    return Ruling(False, (rule,), "no Known enemy unit sees it within its Normal Range")


def _rout_terrain(game: Game, h: Hex) -> bool:
    word = game.map.terrain(h).value
    if word in _setting("terrain"):
        return True
    return bool(game.conditions.pto_terrain) and word in _setting("pto_terrain")


@record
class RoutCheck:
    """A rout checked: the move as priced (by the unit unbroken, with the rout's MF), the rules
    it rests on, and what it says of its destination."""

    move: MoveResult
    destination: str  # why its end is allowed (A10.51)


def _view(game: Game, u: Unit) -> Game:
    """The position with ``u`` priced as a mover: unbroken, with the rout's MF (A10.5)."""
    return game.with_unit(u.with_(broken=False, dm=False, pinned=False, mf=int(_setting("mf"))))


def _closer(game: Game, enemies: Sequence[Unit], frm: Hex, to: Hex) -> Unit | None:
    for e in enemies:
        eh = _hex(game, e)
        if distance(eh, to) < distance(eh, frm):
            return e
    return None


def _step_limit(
    game: Game, start: Hex, enemies: Sequence[Unit], frm: Hex, to: Hex
) -> tuple[Unit, str] | None:
    """Why a routing unit may not go from ``frm`` into ``to`` (A10.51), or None."""
    if to == frm:
        return None
    e = _closer(game, enemies, frm, to)
    if e is not None:
        return e, f"closer to {e.id} ({e.hex})"
    for e in enemies:
        eh = _hex(game, e)
        if distance(eh, start) == 1 and distance(eh, to) <= 1:
            return e, f"ADJACENT to {e.id} ({e.hex}), as its starting hex is"
    return None


def rout_targets(
    game: Game, u: Unit, enemies: Sequence[Unit], options: MoveOptions
) -> dict[Hex, int]:
    """The woods/building Locations (A10.51) ``u`` can reach this RtPh by a path within the
    limits, neither ADJACENT to nor closer to a Known enemy unit than where it begins (its own
    hex left out), with the least MF (half units) the step check prices each at."""
    from aslpto.procedures import movement

    view = _view(game, u)
    mp = game.map
    start = _hex(game, u)
    best: dict[Hex, int] = {start: 0}
    queue: list[tuple[int, int, Hex, tuple[str, ...]]] = [(0, 0, start, ())]
    n = 0
    while queue:
        cost, _, h, steps = heapq.heappop(queue)
        if cost > best.get(h, cost):
            continue
        for nb in mp.neighbours(h):
            if _step_limit(game, start, enemies, h, nb) is not None:
                continue
            try:
                c = movement.check_step(view, u.id, steps, mp.name(nb), options)
            except InputError:
                continue
            if not c.legal:
                continue
            total = c.move.mf
            if total < best.get(nb, total + 1):
                best[nb] = total
                n += 1
                heapq.heappush(queue, (total, n, nb, (*steps, mp.name(nb))))
    return {
        h: c
        for h, c in best.items()
        if h != start
        and _rout_terrain(game, h)
        and not any(_near(game, e, h) for e in enemies)
        and _closer(game, enemies, start, h) is None
    }


def check_rout(game: Game, uid: str, steps: Sequence[str], *, low_crawl: bool = False) -> RoutCheck:
    """Verify the rout of ``uid`` along ``steps`` (A10.5-A10.52); a refusal raises the
    :class:`RuleViolation` naming its rule and the step."""
    from aslpto.procedures.game.paths import path
    from aslpto.rules.movement import MoveOptions

    u = game.unit(uid)
    if not u.hex:
        raise InputError(f"{uid} is not on the map")
    if not u.dm:
        raise RuleViolation(
            RULES["rout_dm"].rule, f"{uid} is broken but not under DM: only a DM unit routs"
        )
    enemies = known_enemies(game, u.side)
    start = _hex(game, u)
    if low_crawl:
        from aslpto.rules.water import conditions as water

        water.verify_low_crawl(game, u)  # B21.43: not a broken unit fording
        here = [
            o.id
            for o in game.units.values()
            if o.side != u.side and o.hex and _hex(game, o) == start
        ]
        if here:
            raise RuleViolation(
                RULES["low_crawl_rout"].rule,
                f"{uid} is in an enemy-occupied Location ({', '.join(here)}): no Low Crawl",
            )
    options = MoveOptions(low_crawl=low_crawl, rout=True)
    r: MoveResult = path(_view(game, u), uid, list(steps), options)
    mp = game.map
    rule = RULES["rout_path"].rule
    prev = start
    for i, st in enumerate(r.steps):
        h = st.state.hex
        why = _step_limit(game, start, enemies, prev, h)
        if why is not None:
            raise RuleViolation(
                rule, f"{uid}, step {i + 1} ({steps[i]}): {mp.name(h)} is {why[1]}: no rout there"
            )
        prev = h
    end = r.end.hex
    for e in enemies:
        if _near(game, e, end):
            where = "in the Location of" if _hex(game, e) == end else "ADJACENT to"
            raise RuleViolation(
                rule, f"{uid} would end its rout in {mp.name(end)}, {where} {e.id} ({e.hex})"
            )
    if low_crawl:
        return RoutCheck(r, "Low Crawl: one Location (A10.52)")
    return RoutCheck(r, _destination(game, u, enemies, r, list(steps), options))


def _destination(
    game: Game,
    u: Unit,
    enemies: Sequence[Unit],
    r: MoveResult,
    steps: list[str],
    options: MoveOptions,
) -> str:
    """A10.51: the rout goes to the nearest woods/building Location (the first it enters of those
    :func:`rout_targets` finds is a nearest one, and it stops there unless it goes on directly
    into another); with none reachable, anywhere the limits allow."""
    mp = game.map
    rule = RULES["rout_destination"].rule
    targets = rout_targets(game, u, enemies, options)
    if not targets:
        return "no woods/building Location within reach: anywhere the limits allow (A10.51)"
    nearest = min(targets.values())
    names = ", ".join(sorted(mp.name(h) for h, c in targets.items() if c == nearest))
    entered = [(i, st) for i, st in enumerate(r.steps) if st.state.hex in targets]
    if not entered:
        raise RuleViolation(
            rule,
            f"{u.id} must rout to the nearest woods/building Location ({names}, "
            f"{nearest / 2:g} MF), not {mp.name(r.end.hex)}",
        )
    i, first = entered[0]
    if first.total > nearest:
        raise RuleViolation(
            rule,
            f"{u.id}, step {i + 1} ({steps[i]}): {mp.name(first.state.hex)} is not the nearest "
            f"woods/building Location ({names}, {nearest / 2:g} MF)",
        )
    for j in range(i + 1, len(r.steps)):
        h = r.steps[j].state.hex
        if h != r.steps[j - 1].state.hex and not _rout_terrain(game, h):
            raise RuleViolation(
                rule,
                f"{u.id} reached {mp.name(first.state.hex)}, a woods/building Location: it stops "
                f"there unless it enters another directly, not {mp.name(h)}",
            )
    return f"to {mp.name(r.end.hex)}: the nearest woods/building Location ({names}) (A10.51)"


def _could_break(attack: Attack, uid: str) -> bool:
    """Whether some Original DR of ``attack`` gives ``uid`` at least a NMC (A10.62)."""
    from aslpto.rules.fire.resolution import results_of
    from aslpto.rules.fire.table import Effect
    from aslpto.state.dice import DR

    hits = (Effect.KIA, Effect.K, Effect.MC, Effect.NMC)
    for w in range(1, 7):
        for c in range(1, 7):
            for i, res in results_of(attack, DR(w, c)):
                if i == uid and res.effect in hits:
                    return True
    return False


def dm_from_attack(game: Game, attack: Attack, before: Sequence[Unit]) -> tuple[Game, list[str]]:
    """A10.62: each target broken before the attack and still in play, not DM, that the attack
    could have given at least a NMC, marked DM."""
    marked = []
    for b in before:
        now = game.units.get(b.id)
        if now is None or not (b.broken and now.broken) or now.dm:
            continue
        if _could_break(attack, b.id):
            game = game.with_unit(now.with_(dm=True))
            marked.append(b.id)
    return game, marked


def dm_from_move(game: Game, movers: Sequence[str], hexes: Sequence[Hex]) -> tuple[Game, list[str]]:
    """A10.62: broken enemy units of the Known, armed, unbroken ``movers`` in the Location of or
    ADJACENT to a hex they entered, marked DM."""
    known = [m for m in known_enemies(game, "") if m.id in movers]
    if not known:
        return game, []
    side = known[0].side
    marked = []
    for o in game.units.values():
        if o.side == side or not o.broken or o.dm or not o.hex:
            continue
        if any(distance(_hex(game, o), h) <= 1 for h in hexes):
            game = game.with_unit(o.with_(dm=True))
            marked.append(o.id)
    return game, marked


__all__ = [
    "RoutCheck",
    "check_rout",
    "dm_from_attack",
    "dm_from_move",
    "known_enemies",
    "must_rout",
    "open_ground",
    "rout_targets",
]
