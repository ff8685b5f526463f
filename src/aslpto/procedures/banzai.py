"""A Banzai Charge declared in a game (G1.5): the declaration checked
(:func:`aslpto.rules.japanese.banzai.declare`: the units, the leader, the chain of ADJACENT
hexes), each unit's path taken step by step through the step check
(:func:`aslpto.procedures.movement.check_step`: every movement rule, and G1.423's limit on a
T-H Hero's Charge), and at the end of the MPh which units are in, or able to advance into, an
enemy-occupied Location and so are marked Lax (G1.5; an advance asked of the step check in the
APh, A4.7).

Nothing changes: the answer holds the game after the legal moves (``after``) for a caller that
plays them. The Human Wave movement rules of A25.23 that G1.5 does not restate are not built
(no public text of them was found); each path is held to the movement rules alone.

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
from aslpto.rules.japanese import banzai as g1
from aslpto.rules.movement import MoveOptions, Phase

if TYPE_CHECKING:
    from aslpto.procedures.movement import MoveResult
    from aslpto.state.game import Game

__all__ = ["BanzaiAnswer", "BanzaiMove", "LaxAtEnd", "banzai"]


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
class BanzaiAnswer:
    """A declared Banzai Charge in a game: the declaration, each path, the end of the MPh, the
    game after the legal moves."""

    side: str
    declaration: g1.Declaration
    moves: tuple[BanzaiMove, ...]
    end: tuple[LaxAtEnd, ...]
    after: Game

    @property
    def legal(self) -> bool:
        return self.declaration.legal and all(m.legal for m in self.moves)

    def as_json(self, game: Game) -> dict[str, Any]:
        d = self.declaration.as_json()
        rules = list(d.pop("rules"))
        for m in self.moves:
            rules += [r for s in m.move.steps for r in s.rules]
            if m.violation is not None:
                rules.append(m.violation.rule)
        if self.end:
            rules.append(g1.RULE)
        return {
            "side": self.side,
            **d,
            "declared": d["legal"],
            "legal": self.legal,
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


def _take_path(
    game: Game,
    uid: str,
    steps: Sequence[str],
    side: str,
    options: MoveOptions,
    target: str | None,
) -> BanzaiMove:
    """The unit's path through the step check, one step at a time; a T-H or DC Hero's step into
    an enemy-occupied hex is held to G1.423 (his Designated Target's hex or one ADJACENT)."""
    from aslpto.procedures import movement

    unit = game.unit(uid)
    hero = unit.kind in g1.HEROES
    taken: list[str] = []
    for i, step in enumerate(steps):
        c = movement.check_step(game, uid, taken, step, options)
        if not c.legal:
            return BanzaiMove(uid, tuple(steps), False, c.move, c.violation, c.refused_at)
        assert c.step is not None
        to = game.map.name(c.step.state.hex)
        if hero and to != unit.hex and _enemies_in(game, side, to):
            if target is None:
                raise InputError(
                    f"{uid} is a {unit.kind.value} entering enemy-occupied {to}: name his "
                    "Designated Target (--target UNIT; G1.423)"
                )
            there = game.unit(target).hex
            r = g1.hero_may_enter(
                enemy_occupied=True,
                holds_target=to == there,
                adjacent_to_target=_adjacent(game)(to, there),
            )
            if not r.value:
                v = RuleViolation(
                    "G1.423",
                    f"{uid} may enter enemy-occupied {to} only if it holds his Designated "
                    f"Target {target} ({there}) or is ADJACENT to it",
                )
                before = movement.evaluate(game, uid, taken, options)
                refused = replace(before, legal=False, violation=v)
                return BanzaiMove(uid, tuple(steps), False, refused, v, i)
        taken.append(step)
    done = movement.evaluate(game, uid, taken, options)
    return BanzaiMove(uid, tuple(steps), True, done, None, None)


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


def banzai(
    game: Game,
    unit_ids: Sequence[str],
    moves: Mapping[str, Sequence[str]] | None = None,
    *,
    target: str | None = None,
    options: MoveOptions | None = None,
) -> BanzaiAnswer:
    """The Banzai Charge of ``unit_ids`` declared in ``game`` (G1.5); with ``moves`` (a unit's
    id to its steps, in the notation of ``aslpto move``), each path taken in turn through the
    step check, and the end of the MPh (Lax, G1.5). ``target``: a T-H Hero's Designated Target
    (G1.423); ``options``: how the units move (MPh)."""
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
    if target is not None:
        t = game.unit(target)
        if t.side == side:
            raise InputError(f"--target {target}: a unit of the Charge's own side")
        if not any(u.kind in g1.HEROES for u in units):
            raise InputError("--target names a T-H Hero's Designated Target: no T-H Hero charges")
    declaration = g1.declare(units, _adjacent(game))
    opts = options or MoveOptions()
    taken: list[BanzaiMove] = []
    after = game
    if declaration.legal:
        from aslpto.procedures import movement

        for uid, steps in moves.items():
            bm = _take_path(after, uid, steps, side, opts, target)
            taken.append(bm)
            if bm.legal:
                after = movement.apply(after, bm.move)
    end = _end_of_mph(after, unit_ids, side) if declaration.legal else ()
    return BanzaiAnswer(side, declaration, tuple(taken), end, after)
