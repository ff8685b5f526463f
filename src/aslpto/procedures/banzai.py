"""A Banzai Charge declared in a game (G1.5): the declaration checked
(:func:`aslpto.rules.japanese.banzai.declare`: the units, the leader, the chain of ADJACENT
hexes), the Human Wave movement of A25.23 it uses (:mod:`aslpto.rules.japanese.human_wave`:
the target and the HW (alternate) Hex Grain, 8 MF, Impulse Movement, Forward and Side
Locations, the Range counter, the Locations left, the enemy Locations it must enter, what ends
a unit's Charge), each step also taken through the step check
(:func:`aslpto.procedures.movement.check_step`: every movement rule, and G1.423's limit on a
T-H Hero's Charge), and at the end of the MPh which units are in, or able to advance into, an
enemy-occupied Location and so are marked Lax (G1.5; an advance asked of the step check in the
APh, A4.7).

The paths are played in Impulses (D14.31): the k-th step of every path is the k-th Impulse.
Nothing changes: the answer holds the game after the legal moves (``after``) for a caller that
plays them.

>>> from aslpto.formats import scenario
>>> game = scenario.load("examples/paddy-river.toml")
>>> b = banzai(game, ["J1", "JL"])
>>> b.declaration.legal, b.declaration.leaders
(True, ('JL',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.board.hexes import Hex, distance
from aslpto.procedures.movement.steps import StepKind, parse_step
from aslpto.rules.japanese import banzai as g1, human_wave as hw
from aslpto.rules.movement import MoveOptions, Phase, as_number
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.procedures.movement import MoveResult, StepCheck
    from aslpto.state.game import Game

__all__ = ["BanzaiAnswer", "BanzaiMove", "LaxAtEnd", "Wave", "banzai"]


@record
class BanzaiMove:
    """One unit's path in the Charge: legal or refused at ``refused_at`` by ``violation`` (a
    movement rule, or G1.423 for a T-H Hero), and the move as :func:`evaluate` gives it."""

    unit: str
    steps: tuple[str, ...]
    legal: bool
    move: MoveResult
    violation: RuleViolation | None
    refused_at: int | None

    def as_json(self, game: Game) -> dict[str, Any]:
        m = self.move.as_json(game)
        v = self.violation
        return {
            **m,
            "steps_declared": list(self.steps),
            "legal": self.legal,
            "violation": None if v is None else {"rule": v.rule, "message": v.message},
            "refused_at": self.refused_at,
        }


@record
class LaxAtEnd:
    """A unit of the Charge at the end of its MPh: its hex, whether an enemy unit shares it, the
    enemy-occupied hexes it could advance into (the step check in the APh), and whether it is
    marked Lax (G1.5)."""

    unit: str
    hex: str
    in_enemy_location: bool
    may_advance_into: tuple[str, ...]
    marked: bool
    why: str

    def as_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "hex": self.hex,
            "in_enemy_location": self.in_enemy_location,
            "may_advance_into": list(self.may_advance_into),
            "marked_lax": self.marked,
            "why": self.why,
            "rule": g1.RULE,
        }


@record
class Wave:
    """The Human Wave the Charge makes (A25.23): its target, the HW (alternate) Hex Grain
    chosen and those as close (A25.231), their range to the closest unit that sees the target,
    the refusals of the Charge as a whole, each Impulse's MF (half units, D14.31), the MF the
    Charge spent, and each unit whose Charge ended and why (A25.234)."""

    target: str | None
    grain: str
    grains: tuple[str, ...]
    range: int
    refusals: tuple[g1.Finding, ...]
    impulses: tuple[tuple[int, int], ...]
    mf: int
    ended: tuple[tuple[str, str], ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "grain": self.grain or None,
            "grains": list(self.grains),
            "range": None if self.range < 0 else self.range,
            "refusals": [f.as_json() for f in self.refusals],
            "impulses": [{"impulse": k, "mf": as_number(c)} for k, c in self.impulses],
            "mf": as_number(self.mf),
            "allowance": hw.HW_MF,
            "ended": [{"unit": u, "why": why, "rule": hw.ENDING} for u, why in self.ended],
        }


@record
class BanzaiAnswer:
    """A declared Banzai Charge in a game: the declaration, each path, the end of the MPh, the
    game after the legal moves, the Human Wave it makes (``None``: not declared)."""

    side: str
    declaration: g1.Declaration
    moves: tuple[BanzaiMove, ...]
    end: tuple[LaxAtEnd, ...]
    after: Game
    wave: Wave | None = None

    @property
    def legal(self) -> bool:
        return (
            self.declaration.legal
            and (self.wave is None or not self.wave.refusals)
            and all(m.legal for m in self.moves)
        )

    def as_json(self, game: Game) -> dict[str, Any]:
        d = self.declaration.as_json()
        rules = list(d.pop("rules"))
        for m in self.moves:
            rules += [r for s in m.move.steps for r in s.rules]
            if m.violation is not None:
                rules.append(m.violation.rule)
        if self.end:
            rules.append(g1.RULE)
        if self.wave is not None:
            rules += [hw.RULE, hw.DIRECTION, hw.MOVEMENT, hw.IMPULSE]
            rules += [f.rule for f in self.wave.refusals]
            if self.wave.ended:
                rules.append(hw.ENDING)
        return {
            "side": self.side,
            **d,
            "declared": d["legal"],
            "legal": self.legal,
            "human_wave": None if self.wave is None else self.wave.as_json(),
            "moves": [m.as_json(game) for m in self.moves],
            "end_of_mph": [e.as_json() for e in self.end],
            "rules": list(dict.fromkeys(rules)),
        }


def _adjacent(game: Game) -> Any:
    m = game.map

    def adjacent(a: str, b: str) -> bool:
        return a != b and m.hex(b) in m.neighbours(m.hex(a))

    return adjacent


def _enemies_in(game: Game, side: str, hex_name: str) -> list[str]:
    h = game.map.hex(hex_name)
    return [
        u.id for u in game.units.values() if u.side != side and u.hex and game.map.hex(u.hex) == h
    ]


def _cost(c: StepCheck) -> int:
    return 0 if c.step is None else c.step.cost


class _Wave:
    """The Impulses of one Charge along one grain (D14.31, A25.232-A25.234): each unit's
    position, path, Locations left and Range counter; each path's refusal."""

    def __init__(
        self,
        game: Game,
        side: str,
        moves: Mapping[str, Sequence[str]],
        grain: hw.Grain | None,
        options: MoveOptions,
        target: str | None,
        memo: dict[tuple[str, tuple[str, ...], str], StepCheck],
    ) -> None:
        self.game, self.side, self.moves, self.grain = game, side, moves, grain
        self.options, self.target, self.memo = options, target, memo
        m = game.map
        self.pos = {u: m.hex(game.unit(u).hex) for u in moves}
        self.path: dict[str, list[str]] = {u: [] for u in moves}
        self.left: dict[str, list[Hex]] = {u: [] for u in moves}
        self.marked = dict.fromkeys(moves, False)
        self.ended: dict[str, str] = {}
        self.refused: dict[str, tuple[RuleViolation, int]] = {}
        self.spent = 0  # half MF, the wave's (D14.31)
        self.own = dict.fromkeys(moves, 0)  # half MF, a wounded SMC's own (A25.232 EXC)
        self.impulses: list[tuple[int, int]] = []
        self.found: set[Hex] = set()  # Locations of concealed enemies a HW Unit entered (A12.15)

    # --- what is where -------------------------------------------------------------------

    def _units_in(self, h: Hex) -> list[Unit]:
        m = self.game.map
        moved = self.pos
        out = []
        for u in self.game.units.values():
            at = moved.get(u.id)
            if at is None:
                at = m.hex(u.hex) if u.hex else None
            if at == h:
                out.append(u)
        return out

    def enemy(self, h: Hex, *, armed_known: bool = False, known: bool = False) -> bool:
        """An enemy unit in ``h``: any, Known (not concealed or hidden), or armed and Known. A
        Location of concealed enemy units a HW Unit has entered holds a Known one: the DEFENDER
        revealed one there (A12.15 [EXC: a unit allowed to enter, A4.14, is not forced back])."""
        revealed = h in self.found
        return any(
            u.side != self.side
            and (not (known or armed_known) or revealed or (not u.concealed and not u.hidden))
            and (not armed_known or not u.unarmed)
            for u in self._units_in(h)
        )

    def friendly_armed(self, h: Hex) -> bool:
        return any(u.side == self.side and not u.unarmed for u in self._units_in(h))

    def allowance(self, uid: str) -> int:
        u = self.game.unit(uid)
        return 2 * (hw.WOUNDED_SMC_MF if u.wounded and u.kind.is_smc else hw.HW_MF)

    def wounded(self, uid: str) -> bool:
        u = self.game.unit(uid)
        return u.wounded and u.kind.is_smc

    def check(self, uid: str, step: str) -> StepCheck:
        from aslpto.procedures import movement

        key = (uid, tuple(self.path[uid]), step)
        c = self.memo.get(key)
        if c is None:
            c = movement.check_step(self.game, uid, self.path[uid], step, self.options)
            self.memo[key] = c
        return c

    def active(self) -> list[str]:
        return [u for u in self.moves if u not in self.ended and u not in self.refused]

    def refuse(self, uid: str, rule: str, why: str, at: int | None = None) -> None:
        k = len(self.path[uid]) if at is None else at
        self.refused[uid] = (RuleViolation(rule, why), k)

    # --- one step ----------------------------------------------------------------------------

    def _try(self, uid: str, text: str) -> tuple[StepCheck, hw.Entry, Hex] | None:
        """The unit's next step through the step check, G1.423 and A25.232-A25.2322; ``None``
        with the unit refused when a rule forbids it."""
        m = self.game.map
        parsed = parse_step(self.game, text)
        kind = parsed.kind
        below = kind == StepKind.HERE and parsed.want in ("trench", "foxhole")
        if below and not self._may_go_below(uid):
            return None
        if kind in (StepKind.BYPASS, StepKind.BREACH):
            self.refuse(
                uid,
                hw.MOVEMENT,
                f"{uid} may not {kind.value}: a HW Unit enters a Forward Location, a Side "
                "Location holding an enemy unit, or changes its position in its hex",
            )
            return None
        c = self.check(uid, text)
        if not c.legal:
            v = c.violation
            assert v is not None and c.refused_at is not None
            if v.rule in c.move.allowance_rules:  # the allowance is the Human Wave's
                mf = as_number(self.allowance(uid))
                v = RuleViolation(hw.MOVEMENT, f"{v.message} (a HW Unit's {mf} MF)")
            self.refused[uid] = (v, c.refused_at)
            return None
        assert c.step is not None
        to = c.step.state.hex
        at = self.pos[uid]
        unit = self.game.unit(uid)
        if unit.kind in g1.HEROES and to != at and self.enemy(to):
            if self.target is None:
                raise InputError(
                    f"{uid} is a {unit.kind.value} entering enemy-occupied {m.name(to)}: name "
                    "his Designated Target (--target UNIT; G1.423)"
                )
            there = m.hex(self.game.unit(self.target).hex)
            r = g1.hero_may_enter(
                enemy_occupied=True,
                holds_target=to == there,
                adjacent_to_target=to.is_adjacent(there),
            )
            if not r.value:
                self.refuse(
                    uid,
                    "G1.423",
                    f"{uid} may enter enemy-occupied {m.name(to)} only if it holds his "
                    f"Designated Target {self.target} ({m.name(there)}) or is ADJACENT to it",
                )
                return None
        if self.grain is None:
            self.refuse(uid, hw.DIRECTION, "no HW Direction: no unit of the Charge may move")
            return None
        e = hw.entry(
            self.grain,
            m.layout,
            at,
            to,
            enemy_in_to=self.enemy(to),
            left=self.left[uid],
            marked=self.marked[uid],
        )
        if not e.legal:
            self.refuse(uid, e.rule, f"{uid}: {e.why}")
            return None
        return c, e, to

    def _may_go_below(self, uid: str) -> bool:
        """A25.232: a HW Unit moves below an Entrenchment counter only if it holds an enemy
        unit, or if the unit lacks the MF to enter a new Location; refused (``False``) if not."""
        at = self.pos[uid]
        if any(u.side != self.side and u.entrenched for u in self._units_in(at)):
            return True
        if self.grain is not None:
            near = [*self.grain.forward(at), *(h for h in self.grain.side(at) if self.enemy(h))]
            can = [h for h in near if h in self.game.map.layout and self._may_enter(uid, h)]
            if can:
                self.refuse(
                    uid,
                    hw.MOVEMENT,
                    f"{uid} may move below an Entrenchment counter only if it holds an enemy "
                    f"unit or {uid} lacks the MF to enter a new Location (it may enter "
                    f"{self.game.map.name(can[0])})",
                )
                return False
        return True

    def _must_enter(self, uid: str, entered: set[Hex]) -> Hex | None:
        """A25.233: a Forward Location this unit could enter that holds an armed, Known enemy
        unit and no armed friendly unit, and that no HW Unit enters in this Impulse."""
        assert self.grain is not None
        m = self.game.map
        at = self.pos[uid]
        for f in self.grain.forward(at):
            if f not in m.layout or f in entered:
                continue
            if not self.enemy(f, armed_known=True) or self.friendly_armed(f):
                continue
            if self._may_enter(uid, f):
                return f
        return None

    def _may_enter(self, uid: str, f: Hex) -> bool:
        assert self.grain is not None
        m = self.game.map
        try:
            c = self.check(uid, m.name(f))
        except InputError:
            return False
        if not c.legal or c.step is None:
            return False
        e = hw.entry(
            self.grain,
            m.layout,
            self.pos[uid],
            f,
            enemy_in_to=self.enemy(f),
            left=self.left[uid],
            marked=self.marked[uid],
        )
        left = self.allowance(uid) - (self.own[uid] if self.wounded(uid) else self.spent)
        return e.legal and c.step.cost <= left

    # --- the Impulses ------------------------------------------------------------------------

    def run(self) -> None:
        m = self.game.map
        n = max((len(p) for p in self.moves.values()), default=0)
        for k in range(n):
            movers = []
            for uid in self.active():
                steps = self.moves[uid]
                here_step = k < len(steps) and parse_step(self.game, steps[k]).kind == StepKind.HERE
                if self.enemy(self.pos[uid], armed_known=True) and not here_step:
                    self.ended[uid] = (
                        f"at the start of Impulse {k + 1} in {m.name(self.pos[uid])}, with an "
                        "armed, Known enemy unit"
                    )
                elif k < len(steps):
                    movers.append(uid)
            for uid, why in self.ended.items():
                if (
                    uid not in self.refused
                    and k < len(self.moves[uid])
                    and k >= len(self.path[uid])
                ):
                    self.refuse(
                        uid, hw.ENDING, f"{uid}'s Charge has ended ({why}): it moves no farther"
                    )
            tried = {}
            for uid in movers:
                t = self._try(uid, self.moves[uid][k])
                if t is not None:
                    tried[uid] = t
            entered = {to for _, _, to in tried.values() if self.enemy(to, armed_known=True)}
            for uid, (_, _, to) in list(tried.items()):
                if to == self.pos[uid] or self.enemy(to, known=True):
                    continue
                f = self._must_enter(uid, entered)
                if f is not None:
                    self.refuse(
                        uid,
                        hw.ENEMY,
                        f"{m.name(f)} is a Forward Location holding an armed, Known enemy unit "
                        f"and no armed friendly unit: {uid} must enter it (or another Location "
                        "holding a Known enemy unit)",
                    )
                    del tried[uid]
            self._spend(k, tried)
        self._must_continue()

    def _spend(self, k: int, tried: dict[str, tuple[StepCheck, hw.Entry, Hex]]) -> None:
        """D14.31: the Impulse costs the most MF any unit spends in it, and every HW Unit spends
        that many; no unit spends MF unless all have enough left (a wounded SMC counts its own
        3 MF, A25.232 EXC)."""
        if not tried:
            return
        wave = [u for u in tried if not self.wounded(u)]
        cost = max((_cost(tried[u][0]) for u in wave), default=0)
        if wave and self.spent + cost > 2 * hw.HW_MF:
            left = as_number(2 * hw.HW_MF - self.spent)
            for u in wave:
                self.refuse(
                    u,
                    hw.IMPULSE,
                    f"Impulse {k + 1} costs {as_number(cost)} MF and the Charge has {left} "
                    "left: no unit may spend MF unless all have enough (A25.232: 8 MF)",
                )
                del tried[u]
            for u in self.active():
                self.ended.setdefault(u, "out of MF")
        elif wave:
            self.spent += cost
            self.impulses.append((k + 1, cost))
        for u, (c, e, to) in tried.items():
            if self.wounded(u):
                assert c.step is not None
                if self.own[u] + c.step.cost > self.allowance(u):
                    self.refuse(u, hw.MOVEMENT, f"{u} is a wounded SMC: 3 MF (A25.232 EXC)")
                    continue
                self.own[u] += c.step.cost
            if to != self.pos[u]:
                self.left[u].append(self.pos[u])
                if self.enemy(to):
                    self.found.add(to)
            self.pos[u], self.marked[u] = to, e.marked
            self.path[u].append(self.moves[u][k])
        if self.spent >= 2 * hw.HW_MF:
            for u in self.active():
                if not self.wounded(u):
                    self.ended.setdefault(u, f"out of MF at the end of Impulse {k + 1}")

    def _must_continue(self) -> None:
        """A25.232: each HW Unit must, if possible, do one of its moves in each Impulse: a path
        that stops while the unit could still enter a Forward Location (or a Side Location
        holding an enemy unit) is refused. (A unit with no path given is not asked.)"""
        if self.grain is None:
            return
        m = self.game.map
        for uid in self.active():
            at = self.pos[uid]
            if self.enemy(at, armed_known=True):
                self.ended[uid] = (
                    f"in {m.name(at)} with an armed, Known enemy unit at the start of the next "
                    "Impulse"
                )
                continue
            near = [*self.grain.forward(at), *(h for h in self.grain.side(at) if self.enemy(h))]
            for h in near:
                if h in m.layout and self._may_enter(uid, h):
                    self.refuse(
                        uid,
                        hw.MOVEMENT,
                        f"{uid} must move on in each Impulse while it can: it may still enter "
                        f"{m.name(h)} ({as_number(self.allowance(uid) - self.spent)} MF left)",
                    )
                    break

    def results(self) -> tuple[BanzaiMove, ...]:
        from aslpto.procedures import movement

        out = []
        for uid, steps in self.moves.items():
            taken = self.path[uid]
            done = movement.evaluate(self.game, uid, taken, self.options)
            done = replace(done, allowance_rules=(hw.MOVEMENT,))
            if uid in self.refused:
                v, at = self.refused[uid]
                refused = replace(done, legal=False, violation=v)
                out.append(BanzaiMove(uid, tuple(steps), False, refused, v, at))
            else:
                out.append(BanzaiMove(uid, tuple(steps), True, done, None, None))
        return tuple(out)


def _end_of_mph(game: Game, uids: Sequence[str], side: str) -> tuple[LaxAtEnd, ...]:
    """G1.5: each unit of the Charge at the end of its MPh, in or able to advance into an
    enemy-occupied Location (an advance of one Location in the APh, asked of the step
    check)."""
    from aslpto.procedures import movement

    out = []
    aph = MoveOptions(phase=Phase.APH)
    for uid in uids:
        u = game.unit(uid)
        inside = bool(_enemies_in(game, side, u.hex))
        may: list[str] = []
        if not inside:
            for h in game.map.neighbours(game.map.hex(u.hex)):
                name = game.map.name(h)
                if (
                    _enemies_in(game, side, name)
                    and movement.check_step(game, uid, [], name, aph).legal
                ):
                    may.append(name)
        r = g1.marked_lax(in_enemy_location=inside, may_advance_into_enemy=bool(may))
        out.append(LaxAtEnd(uid, u.hex, inside, tuple(may), r.value, r.why))
    return tuple(out)


def _seers(game: Game, units: Sequence[Unit], target: Unit) -> list[Unit]:
    """A25.231: the units of the Charge that may establish the HW Direction: a LOS to the
    target within eight hexes, and not in the target's own hex (A25.231 EXC)."""
    from aslpto.rules.los import queries

    m = game.map
    there = m.hex(target.hex)
    out = []
    for u in units:
        at = m.hex(u.hex)
        if at == there or distance(at, there) > hw.TARGET_RANGE:
            continue
        if queries.los(game, u, target).los:
            out.append(u)
    return out


def _targets(game: Game, side: str, units: Sequence[Unit]) -> list[Unit]:
    """A25.23: the Known enemy units on the map some unit of the Charge sees within 8 hexes."""
    m = game.map
    out = []
    for t in game.units.values():
        if t.side == side or not t.hex or t.concealed or t.hidden:
            continue
        near = [u for u in units if distance(m.hex(u.hex), m.hex(t.hex)) <= hw.TARGET_RANGE]
        if near and _seers(game, near, t):
            out.append(t)
    return out


def _plans(
    game: Game, side: str, units: Sequence[Unit], target: str | None, grain: str | None
) -> tuple[list[tuple[Unit, hw.Grain, int, tuple[hw.Grain, ...]]], list[g1.Finding]]:
    """Each (target, grain) the ATTACKER may choose (A25.231), with the range and the grains
    as close; or the findings that say why there is none."""
    m = game.map
    if target is not None:
        t = game.unit(target)
        if not t.hex:
            raise InputError(f"--target {target}: not on the map")
        targets = [t]
    else:
        targets = _targets(game, side, units)
    typed = hw.Grain.parse(m.layout, grain) if grain is not None else None
    plans: list[tuple[Unit, hw.Grain, int, tuple[hw.Grain, ...]]] = []
    findings: list[g1.Finding] = []
    for t in targets:
        seers = _seers(game, units, t)
        if not seers:
            findings.append(
                g1.Finding(
                    hw.RULE,
                    f"no unit of the Charge has a LOS to {t.id} ({t.hex}) within "
                    f"{hw.TARGET_RANGE} hexes (a unit in its hex does not count, A25.231 EXC)",
                )
            )
            continue
        there = m.hex(t.hex)
        r, close = hw.closest(there, (m.hex(u.hex) for u in seers))
        if typed is not None:
            g = typed.through(there)
            if g is None or g not in close:
                findings.append(
                    g1.Finding(
                        hw.DIRECTION,
                        f"--grain {grain} is not a HW (alternate) Hex Grain through {t.id} "
                        f"({t.hex}) as close as possible (range {r}) to a unit that sees it: "
                        + "; ".join(c.name(m.layout) for c in close),
                    )
                )
                continue
            plans.append((t, g, r, close))
        else:
            plans += [(t, g, r, close) for g in close]
    if not targets:
        findings.append(
            g1.Finding(
                hw.RULE,
                f"no Known enemy unit within {hw.TARGET_RANGE} hexes is seen by a unit of the "
                "Charge: it has no target to move towards",
            )
        )
    return plans, findings


def banzai(
    game: Game,
    unit_ids: Sequence[str],
    moves: Mapping[str, Sequence[str]] | None = None,
    *,
    target: str | None = None,
    grain: str | None = None,
    options: MoveOptions | None = None,
) -> BanzaiAnswer:
    """The Banzai Charge of ``unit_ids`` declared in ``game`` (G1.5); with ``moves`` (a unit's
    id to its steps, in the notation of ``aslpto move``), the paths played as the Impulses of
    the Human Wave (A25.23, D14.31), each step through the step check, and the end of the MPh
    (Lax, G1.5). ``target``: the enemy unit the Charge moves towards (A25.23), and a T-H
    Hero's Designated Target (G1.423); ``grain``: the HW (alternate) Hex Grain, its hexes in
    the HW Direction (A25.231). Either left out: the first the paths agree with (the ATTACKER
    chooses them); ``options``: how the units move (MPh)."""
    units = [game.unit(uid) for uid in unit_ids]
    sides = list(dict.fromkeys(u.side for u in units))
    if len(sides) > 1:
        raise InputError(f"a Banzai Charge is one side's: {', '.join(sides)} named")
    side = sides[0] if sides else ""
    for u in units:
        if not u.hex:
            raise InputError(f"{u.id} is not on the map")
    moves = dict(moves or {})
    for uid in moves:
        if uid not in unit_ids:
            raise InputError(f"--move {uid}: not a unit of the Charge ({', '.join(unit_ids)})")
    heroes = [u for u in units if u.kind in g1.HEROES]
    if target is not None:
        t = game.unit(target)
        if t.side == side:
            raise InputError(f"--target {target}: a unit of the Charge's own side")
    elif heroes and any(moves.get(u.id) for u in heroes):
        h = next(u for u in heroes if moves.get(u.id))
        raise InputError(
            f"{h.id} is a {h.kind.value}: name his Designated Target (--target UNIT; G1.423)"
        )
    named = {u.id for u in units}
    others = [u for u in game.units.values() if u.id not in named and u.hex]
    declaration = g1.declare(units, _adjacent(game), others)
    opts = replace(options or MoveOptions(), human_wave=True)  # A4.14 EXC: Human Wave
    if not declaration.legal:
        return BanzaiAnswer(side, declaration, (), (), game, None)
    wave_refusals = [
        g1.Finding(hw.MOVEMENT, why)
        for why in hw.refused_options(
            assault=opts.assault,
            double_time=opts.double_time,
            with_leader=opts.with_leader is not None,
            column=opts.column,
        )
    ]
    plans, findings = _plans(game, side, units, target, grain)
    hw_game = replace(
        game,
        units={
            **game.units,
            **{
                u.id: u.with_(mf=hw.WOUNDED_SMC_MF if u.wounded and u.kind.is_smc else hw.HW_MF)
                for u in units
            },
        },
    )
    memo: dict[tuple[str, tuple[str, ...], str], StepCheck] = {}
    Plan = tuple[Unit, hw.Grain, int, tuple[hw.Grain, ...]]
    chosen: tuple[_Wave, Plan | None] | None = None
    tries: list[Plan | None] = [*plans] or [None]
    for plan in tries:
        w = _Wave(
            hw_game,
            side,
            moves,
            None if plan is None else plan[1],
            opts,
            target if target is not None else None if plan is None else plan[0].id,
            memo,
        )
        if not wave_refusals:
            w.run()
        if chosen is None or (not w.refused and chosen[0].refused):
            chosen = (w, plan)
        if not w.refused:
            break
    assert chosen is not None
    w, plan = chosen
    taken = w.results() if not wave_refusals else ()
    after = game
    if taken:
        from aslpto.procedures import movement

        for bm in taken:
            if bm.legal:
                after = movement.apply(after, bm.move)
    m = game.map
    wave = Wave(
        target=None if plan is None else plan[0].id,
        grain="" if plan is None else plan[1].name(m.layout),
        grains=() if plan is None else tuple(g.name(m.layout) for g in plan[3]),
        range=-1 if plan is None else plan[2],
        refusals=tuple(wave_refusals + (findings if plan is None else [])),
        impulses=tuple(w.impulses),
        mf=w.spent,
        ended=tuple(w.ended.items()),
    )
    end = _end_of_mph(after, unit_ids, side)
    return BanzaiAnswer(side, declaration, taken, end, after, wave)
