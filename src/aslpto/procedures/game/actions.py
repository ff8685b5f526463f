"""The actions of a game: each verified against the state and its phase (a refusal is a
:class:`~aslpto.base.rulings.RuleViolation` naming its rule, or an
:class:`~aslpto.base.rulings.InputError` for input that names nothing), then resolved by the
referee's own procedures - :func:`aslpto.procedures.movement.evaluate` and ``apply``,
:func:`aslpto.procedures.fire.fire`, :func:`aslpto.procedures.odds.resolve`,
:func:`aslpto.procedures.cc.close_combat`, :func:`aslpto.procedures.actions.apply` - and
applied to the units.

An action is a name and its arguments as JSON (:class:`Action`); :func:`act` gives what it did
(:class:`Done`): the new state, its result as JSON (each unit's fate, the Original DR) and the
unchecked rules it rests on. Nothing changes before an action is verified: the state is frozen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from aslpto.base.hints import Any
from aslpto.base.records import fields, record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game.phases import RULES, Marker, PhaseName, allowed
from aslpto.procedures.game.state import GameState, end_phase, unit_json
from aslpto.state.dice import Dice
from aslpto.state.game import Game
from aslpto.state.units import Unit


@record
class Action:
    """One action as the record holds it: its name and its arguments (JSON values)."""

    name: str
    args: Mapping[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"action": self.name, "args": dict(self.args)}


@record
class Done:
    """What an action did: the state after it, its result (JSON), the lines telling it, and the
    unchecked rules it rests on."""

    state: GameState
    result: dict[str, Any]
    told: tuple[str, ...] = ()
    unchecked: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# Reading the arguments
# ---------------------------------------------------------------------------------------------


class _Args:
    """An action's arguments, read once each; an unknown or mistyped one is unusable input."""

    def __init__(self, name: str, args: Mapping[str, Any]) -> None:
        if not isinstance(args, Mapping):
            raise InputError(f"{name}: its arguments are not an object")
        self.name = name
        self.args = args
        self.read: set[str] = set()

    def _get(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        self.read.add(key)
        if key not in self.args:
            if default is _REQUIRED:
                raise InputError(f"{self.name}: argument '{key}' is missing")
            return default
        v = self.args[key]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise InputError(f"{self.name}: argument '{key}' is not {_KIND_WORDS.get(kind, kind)}")
        return v

    def text(self, key: str, default: Any = None) -> Any:
        return self._get(key, str, _REQUIRED if default is None else default)

    def optional_text(self, key: str) -> str | None:
        v = self._get(key, (str, type(None)), None)
        return v if isinstance(v, str) else None

    def number(self, key: str, default: int) -> int:
        return int(self._get(key, int, default))

    def texts(self, key: str, *, empty: bool = False) -> list[str]:
        v = self._get(key, list, _REQUIRED if not empty else [])
        if not all(isinstance(x, str) for x in v) or (not v and not empty):
            raise InputError(f"{self.name}: argument '{key}' is not a list of words")
        return list(v)

    def options(self) -> dict[str, Any]:
        v = self._get("options", dict, {})
        return dict(v)

    def done(self) -> None:
        extra = sorted(set(self.args) - self.read)
        if extra:
            raise InputError(f"{self.name}: unknown argument(s) {', '.join(extra)}")


_REQUIRED: Any = object()
_KIND_WORDS: dict[Any, str] = {
    str: "a word",
    int: "a whole number",
    list: "a list",
    dict: "an object",
}


def _move_options(name: str, given: Mapping[str, Any], phase: Any) -> Any:
    """:class:`~aslpto.rules.movement.MoveOptions` from an action's ``options`` (the phase is
    the game's)."""
    from aslpto.rules.movement import MoveOptions

    known = {f.name: f.default for f in fields(MoveOptions) if f.name != "phase"}
    values: dict[str, Any] = {"phase": phase}
    for k, v in given.items():
        if k not in known:
            raise InputError(f"{name}: unknown move option '{k}' ({', '.join(sorted(known))})")
        d = known[k]
        if isinstance(d, bool):
            if not isinstance(v, bool):
                raise InputError(f"{name}: move option '{k}' is true or false")
        elif isinstance(d, tuple | frozenset):
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise InputError(f"{name}: move option '{k}' is a list of words")
            v = type(d)(v)
        elif v is not None and not isinstance(v, str):
            raise InputError(f"{name}: move option '{k}' is a word")
        values[k] = v
    if values.get("with_leader"):
        raise InputError(
            f"{name}: a leader moving with the unit (--with-leader) is not built in the game: "
            "move each unit on its own"
        )
    return MoveOptions(**values)


# ---------------------------------------------------------------------------------------------
# Helpers: the phase, the side, what a result does to the units
# ---------------------------------------------------------------------------------------------


def _verify_phase(state: GameState, action: str) -> None:
    if not any(a.action == action for a in allowed(state.phase)):
        where = [p for p in PhaseName if any(a.action == action for a in allowed(p))]
        when = ", ".join(p.value for p in where)
        rule = where[0].rule if where else state.phase.rule
        raise RuleViolation(
            rule,
            f"{action} is not an action of the {state.phase.value} "
            f"({state.phase.full_name}, {state.phase.rule}); it is made in the {when}",
        )


def _verify_side(state: GameState, u: Unit, who: str, rule: str, doing: str) -> None:
    side = state.attacker if who == "ATTACKER" else state.defender
    if u.side != side:
        raise RuleViolation(
            rule,
            f"{u.id} is the {state.role(u.side)}'s ({u.side}): only the {who} ({side}) "
            f"{doing} in the {state.phase.value}",
        )


def _on_map(u: Unit) -> None:
    if not u.hex:
        raise InputError(f"{u.id} is not on the map")


def _replace_units(
    state: GameState,
    gone: Sequence[str],
    after: Sequence[Unit],
    eliminated: Sequence[str],
) -> GameState:
    """The state with the units ``gone`` (those a procedure took) replaced by ``after`` (what
    it left); the ``eliminated`` leave play. A unit replaced by new ones (a squad by its two
    half-squads) hands them its markers."""
    g = state.position
    units = dict(g.units)
    markers = dict(state.markers)
    taken = set(gone) | set(eliminated)
    for uid in taken:
        units.pop(uid, None)
    for u in after:
        if u.id not in g.units:
            parent = next(
                (t for t in sorted(taken, key=len, reverse=True) if u.id.startswith(t)), None
            )
            if parent is not None and parent in markers:
                markers[u.id] = markers[parent]
        units[u.id] = u
    for uid in taken:
        if uid not in units:
            markers.pop(uid, None)
    out = tuple(x for x in eliminated if x not in state.eliminated)
    return replace(
        state,
        position=replace(g, units=units),
        markers=markers,
        eliminated=state.eliminated + out,
        moving=tuple(m for m in state.moving if m in units),
    )


def _fates(after: Sequence[Unit], eliminated: Sequence[str]) -> dict[str, Any]:
    return {
        "units": [unit_json(u) for u in after],
        "eliminated": list(eliminated),
    }


def _unsure(*keys: str) -> tuple[str, ...]:
    return tuple(RULES[k].label for k in keys if not RULES[k].sure)


def _path(game: Game, uid: str, steps: list[str], options: Any) -> Any:
    """The move of ``steps``, its last step asked of the movement's step check
    (:func:`aslpto.procedures.movement.check_step`): a step the rules refuse raises its
    violation, naming the step."""
    from aslpto.procedures import movement

    checked = movement.check_step(game, uid, steps[:-1], steps[-1], options)
    if not checked.legal:
        v = checked.violation
        assert v is not None and checked.refused_at is not None
        at = checked.refused_at
        where = f"step {at + 1} ({steps[at]})" if at < len(steps) else "the move"
        raise RuleViolation(v.rule, f"{uid}, {where}: {v.message}")
    return checked.move


# ---------------------------------------------------------------------------------------------
# The actions
# ---------------------------------------------------------------------------------------------


def _move(state: GameState, a: _Args, dice: Dice) -> Done:
    from aslpto.procedures import movement
    from aslpto.rules.movement import Phase

    uid = a.text("unit")
    steps = a.texts("steps")
    opts = _move_options("move", a.options(), Phase.MPH)
    a.done()
    g = state.position
    u = g.unit(uid)
    if state.phase == PhaseName.APH:
        raise RuleViolation("A3.7", "in the APh a unit advances (game advance), one Location")
    _verify_phase(state, "move")
    rule = RULES["movement"].rule
    _verify_side(state, u, "ATTACKER", rule, "moves")
    if state.has(uid, Marker.PREP_FIRE):
        raise RuleViolation(rule, f"{uid} fired in the PFPh (Prep Fire): it may not move")
    if state.has(uid, Marker.LABOR):
        raise RuleViolation(rule, f"{uid} attempted a labor task in the PFPh: it may not move")
    if state.has(uid, Marker.MOVED):
        raise RuleViolation(rule, f"{uid} has moved this MPh (A8.1): a unit moves once")
    r = _path(g, uid, steps, opts)
    after = movement.apply(g, r)
    moved = after.unit(uid)
    s = replace(state, position=after, moving=(uid,), moving_assault=opts.assault)
    s = s.mark([uid], Marker.MOVED)
    j = r.as_json(g)
    events = [e for st in j["steps"] for e in st["events"]]
    result = {
        "to": moved.hex,
        "position": moved.position,
        "mf": j["mf"],
        "allowance": j["allowance"],
        "cx": moved.cx,
        "events": events,
    }
    told = [
        f"{uid} moves {' '.join(steps)} -> {moved.hex} {moved.position}, "
        f"{j['mf']} of {j['allowance']} MF" + (" (CX)" if moved.cx else "")
    ]
    told += [f"  event {e['kind']} ({e['rule']})" for e in events]
    return Done(s, result, tuple(told), _unsure("move_once"))


def _fire_phase(state: GameState) -> tuple[Any, str, str]:
    from aslpto.procedures.fire import Phase

    p = state.phase
    if p == PhaseName.PFPH:
        return Phase.PREP, "ATTACKER", RULES["prep_fire"].rule
    if p == PhaseName.MPH:
        return Phase.DEFENSIVE_FIRST, "DEFENDER", RULES["first_fire"].rule
    if p == PhaseName.DFPH:
        return Phase.FINAL, "DEFENDER", RULES["defensive_fire"].rule
    if p == PhaseName.AFPH:
        return Phase.ADVANCING, "ATTACKER", RULES["advancing_fire"].rule
    _verify_phase(state, "fire")
    raise AssertionError(p)  # pragma: no cover - (verify_phase refused it)


def _fire(state: GameState, a: _Args, dice: Dice) -> Done:
    from aslpto.procedures.fire import FireOptions, fire, target_location

    firers = a.texts("firers")
    target = a.text("target")
    given = a.options()
    a.done()
    unknown = sorted(set(given) - {"leader", "no_leader", "area_fire", "weapon"})
    if unknown:
        raise InputError(f"fire: unknown option(s) {', '.join(unknown)}")
    phase, who, rule = _fire_phase(state)
    g = state.position
    units = [g.unit(f) for f in firers]
    for u in units:
        _on_map(u)
        _verify_side(state, u, who, rule, "fires")
    keys = ["one_fire_phase"]
    fired = False
    if state.phase in (PhaseName.PFPH, PhaseName.AFPH):
        for u in units:
            if state.has(u.id, Marker.PREP_FIRE):
                raise RuleViolation(
                    rule, f"{u.id} is marked Prep Fire: it fired in the PFPh (A7.1)"
                )
            if state.has(u.id, Marker.FIRED):
                raise RuleViolation(
                    RULES["one_fire_phase"].rule, f"{u.id} has fired in this {state.phase.value}"
                )
            if state.has(u.id, Marker.LABOR) or u.ti:
                raise RuleViolation(rule, f"{u.id} attempted a labor task (TI): it may not fire")
        if state.phase == PhaseName.AFPH:
            keys.append("advancing_fire")
    else:
        for u in units:
            if state.has(u.id, Marker.FINAL_FIRE):
                raise RuleViolation(
                    RULES["defensive_fire"].rule,
                    f"{u.id} is marked Final Fire: it may not fire again this Player Turn",
                )
        marked = [u.id for u in units if state.has(u.id, Marker.FIRST_FIRE)]
        if marked and len(marked) != len(units):
            raise InputError(
                f"{', '.join(marked)} fired before (First Fire) and the others did not: fire "
                "them as separate attacks"
            )
        fired = bool(marked)
    where = target_location(g, target)
    view = g
    moving = False
    if state.phase == PhaseName.MPH:
        h = g.map.hex(where)
        movers = [m for m in state.moving if g.units[m].hex and g.map.hex(g.units[m].hex) == h]
        if not movers:
            now = ", ".join(f"{m} in {g.units[m].hex}" for m in state.moving) or "no unit"
            raise RuleViolation(
                RULES["first_fire"].rule,
                f"Defensive First Fire is at a moving unit: {now} is moving, not one in {where}",
            )
        # A8.1: the attack affects only the moving unit, not the others in its Location
        still = {
            uid
            for uid, u in g.units.items()
            if uid not in movers and u.side == state.attacker and u.hex and g.map.hex(u.hex) == h
        }
        view = replace(g, units={k: v for k, v in g.units.items() if k not in still})
        moving = True
    opts = FireOptions(
        phase=phase,
        moving=moving,
        assault_movement=moving and state.moving_assault,
        fired=fired,
        leader="" if given.get("no_leader") else given.get("leader"),
        area_fire=bool(given.get("area_fire", False)),
        weapon=str(given.get("weapon", "inherent")),
    )
    answer = fire(view, firers, where, opts, dice=dice)
    b = answer.breakdown
    if answer.rolled is None:
        raise RuleViolation(b.column.rules[0], f"no attack: {b.column.why}")
    r = answer.rolled
    gone = [t.id for t in b.targets]
    s = _replace_units(state, gone, r.outcome.units, r.outcome.eliminated)
    ids = [u.id for u in units]
    if state.phase == PhaseName.PFPH:
        s = s.mark(ids, Marker.PREP_FIRE, Marker.FIRED)
    elif state.phase == PhaseName.AFPH:
        s = s.mark(ids, Marker.FIRED)
    elif state.phase == PhaseName.MPH:
        s = s.mark(ids, Marker.FIRST_FIRE, Marker.FIRED)
    else:
        markers = dict(s.markers)
        for i in ids:
            markers[i] = (markers.get(i, frozenset()) - {Marker.FIRST_FIRE}) | {
                Marker.FINAL_FIRE,
                Marker.FIRED,
            }
        s = replace(s, markers=markers)
    result = {
        "phase": phase.value,
        "target": b.target,
        "column": b.column.value,
        "drm": {uid: b.drm_total(uid) for uid, _ in b.target_drm},
        "roll": str(r.roll),
        "ift": {u: str(x) for u, x in r.results},
        **_fates(r.outcome.units, r.outcome.eliminated),
        "events": list(r.outcome.events),
    }
    told = [
        f"{', '.join(ids)} -> {b.target} ({phase.value} fire): {b.column.why}; "
        f"IFT DR {r.roll}: " + "; ".join(f"{u} {x}" for u, x in r.results)
    ]
    told += [f"  {e}" for e in r.outcome.events]
    if r.outcome.eliminated:
        told.append(f"  eliminated: {', '.join(r.outcome.eliminated)}")
    return Done(s, result, tuple(told), _unsure(*keys))


def _check(name: str) -> Callable[[GameState, _Args, Dice], Done]:
    def run(state: GameState, a: _Args, dice: Dice) -> Done:
        from aslpto.procedures.odds import Options, resolve
        from aslpto.state.counters import complete
        from aslpto.state.units import Kind

        ids = a.texts("units")
        n = a.number("n", 0) if name == "mc" else 0
        drm = a.number("drm", 0)
        a.done()
        if not 0 <= n <= 9 or not -9 <= drm <= 9:
            raise InputError(f"{name}: N is 0 to 9 and the DRM -9 to 9")
        if len(set(ids)) != len(ids):
            raise InputError(f"{name}: a unit named twice: {', '.join(ids)}")
        g = state.position
        units = [g.unit(i) for i in ids]
        for u in units:
            _on_map(u)
        here = {(g.map.hex(u.hex), u.position) for u in units}
        if len(here) > 1:
            raise InputError(f"{name}: the units checking together are in one Location")
        h, pos = next(iter(here))
        context = [
            complete(u)
            for u in g.units.values()
            if u.id not in ids
            and u.kind == Kind.LEADER
            and u.side == units[0].side
            and u.hex
            and g.map.hex(u.hex) == h
            and u.position == pos
        ]
        r = resolve(name, [complete(u) for u in units], dice, Options(mc=n, drm=drm), context)
        s = _replace_units(state, ids, r.units, r.eliminated)
        result = {**_fates(r.units, r.eliminated), "events": list(r.events)}
        what = f"{n}MC" if name == "mc" and n else name.upper()
        told = [f"{', '.join(ids)}: {what}" + (f" {drm:+d}" if drm else "")]
        told += [f"  {e}" for e in r.events]
        return Done(s, result, tuple(told))

    return run


def _rout(state: GameState, a: _Args, dice: Dice) -> Done:
    from aslpto.procedures import movement
    from aslpto.rules.movement import MoveOptions

    uid = a.text("unit")
    steps = a.texts("steps")
    a.done()
    _verify_phase(state, "rout")
    rule = RULES["rout"].rule
    g = state.position
    u = g.unit(uid)
    _on_map(u)
    if not u.broken:
        raise RuleViolation(rule, f"{uid} is not broken: only a broken unit routs")
    if state.has(uid, Marker.ROUTED):
        raise RuleViolation(rule, f"{uid} has routed this RtPh")
    # priced as a move by the unit unbroken (A10.5: the rout path's limits are not checked)
    view = g.with_unit(u.with_(broken=False, dm=False, pinned=False))
    r = _path(view, uid, steps, MoveOptions())
    moved = movement.apply(view, r).unit(uid)
    s = replace(state, position=g.with_unit(u.with_(hex=moved.hex, position=moved.position)))
    s = s.mark([uid], Marker.ROUTED)
    j = r.as_json(view)
    result = {"to": moved.hex, "position": moved.position, "mf": j["mf"]}
    told = (f"{uid} routs -> {moved.hex} {moved.position}, {j['mf']} MF",)
    return Done(s, result, told, _unsure("rout", "rout_path"))


def _advance(state: GameState, a: _Args, dice: Dice) -> Done:
    from aslpto.procedures import movement
    from aslpto.rules.movement import Phase

    uid = a.text("unit")
    steps = a.texts("steps")
    opts = _move_options("advance", a.options(), Phase.APH)
    a.done()
    _verify_phase(state, "advance")
    rule = RULES["advance"].rule
    g = state.position
    u = g.unit(uid)
    _verify_side(state, u, "ATTACKER", rule, "advances")
    if state.has(uid, Marker.ADVANCED):
        raise RuleViolation(rule, f"{uid} has advanced this APh: one Location")
    r = _path(g, uid, steps, opts)
    after = movement.apply(g, r)
    moved = after.unit(uid)
    s = replace(state, position=after).mark([uid], Marker.ADVANCED)
    j = r.as_json(g)
    result = {"to": moved.hex, "position": moved.position, "mf": j["mf"], "cx": moved.cx}
    told = (f"{uid} advances -> {moved.hex} {moved.position}" + (" (CX)" if moved.cx else ""),)
    return Done(s, result, told, _unsure("advance"))


def _cc(state: GameState, a: _Args, dice: Dice) -> Done:
    from aslpto.procedures.cc import CCOptions, close_combat
    from aslpto.procedures.fire import target_location

    location = a.text("location")
    given = a.options()
    a.done()
    _verify_phase(state, "cc")
    unknown = sorted(set(given) - {"hand_to_hand", "ambush"})
    if unknown:
        raise InputError(f"cc: unknown option(s) {', '.join(unknown)}")
    ambush = given.get("ambush") or ""
    if ambush not in ("", "attacker", "defender"):
        raise InputError(f"cc: ambush '{ambush}': attacker or defender")
    g = state.position
    where = target_location(g, location, "location")
    rule = RULES["close_combat"].rule
    if where in state.cc_done:
        raise RuleViolation(rule, f"the CC in {where} is resolved this CCPh")
    opts = CCOptions(hand_to_hand=bool(given.get("hand_to_hand", False)), ambush=ambush)
    done = close_combat(g, where, opts, attacker=state.attacker, dice=dice)
    assert done.rolled is not None
    h = g.map.hex(where)
    there = [uid for uid, u in g.units.items() if u.hex and g.map.hex(u.hex) == h]
    r = done.rolled
    s = _replace_units(state, there, r.units, r.eliminated)
    s = replace(s, cc_done=s.cc_done | {where})
    result = {"location": where, **_fates(r.units, r.eliminated), "events": list(r.events)}
    told = [f"CC in {where}: {done.attacker} (ATTACKER) against {done.defender}"]
    told += [f"  {e}" for e in r.events]
    if r.eliminated:
        told.append(f"  eliminated: {', '.join(r.eliminated)}")
    return Done(s, result, tuple(told), _unsure("close_combat"))


def _labor(name: str) -> Callable[[GameState, _Args, Dice], Done]:
    def run(state: GameState, a: _Args, dice: Dice) -> Done:
        from aslpto.procedures import actions as pa

        action: pa.Action
        if name == "clear":
            ids = a.texts("units")
            panji = a.optional_text("panji")
            hexside = a.optional_text("hexside")
            action = pa.Clear(tuple(ids), panji, hexside)
        else:
            ids = [a.text("unit")]
            action = (
                pa.Search(ids[0], tuple(a.texts("hexes", empty=True)))
                if name == "search"
                else pa.Entrench(ids[0])
            )
        a.done()
        _verify_phase(state, name)
        rule = RULES["prep_fire"].rule
        g = state.position
        for uid in ids:
            u = g.unit(uid)
            _verify_side(state, u, "ATTACKER", rule, "performs labor tasks")
            if state.has(uid, Marker.PREP_FIRE) or state.has(uid, Marker.LABOR) or u.ti:
                raise RuleViolation(rule, f"{uid} has fired or attempted a labor task this PFPh")
        after = pa.apply(g, action)
        s = replace(state, position=after).mark(ids, Marker.LABOR)
        result = {"units": [unit_json(after.unit(i)) for i in ids]}
        told = (f"{', '.join(ids)}: {name} (TI)",)
        return Done(s, result, told, _unsure("labor_tasks"))

    return run


def _end_phase(state: GameState, a: _Args, dice: Dice) -> Done:
    a.done()
    s, told = end_phase(state)
    result = {"turn": s.turn, "player_turn": s.player + 1, "phase": s.phase.value, "over": s.over}
    keys = {
        PhaseName.RPH: ("dm_removal",),
        PhaseName.AFPH: ("advancing_fire",),
    }.get(state.phase, ())
    return Done(s, result, tuple(told), _unsure(*keys))


ACTIONS: dict[str, Callable[[GameState, _Args, Dice], Done]] = {
    "move": _move,
    "fire": _fire,
    "mc": _check("mc"),
    "nmc": _check("nmc"),
    "ptc": _check("ptc"),
    "rout": _rout,
    "advance": _advance,
    "cc": _cc,
    "search": _labor("search"),
    "entrench": _labor("entrench"),
    "clear": _labor("clear"),
    "end-phase": _end_phase,
}
"""Every action of a game, by its name in the record and on the command line."""


def act(state: GameState, action: Action, dice: Dice) -> Done:
    """Verify ``action`` against ``state`` and apply it, rolling ``dice``; a refusal raises and
    changes nothing."""
    run = ACTIONS.get(action.name)
    if run is None:
        raise InputError(f"unknown action '{action.name}' (actions: {', '.join(ACTIONS)})")
    state.verify_live()
    return run(state, _Args(action.name, action.args), dice)


def position_units(game: Game) -> list[dict[str, Any]]:
    """Every unit in play as JSON (for comparing two positions)."""
    return [unit_json(u) for u in sorted(game.units.values(), key=lambda x: x.id)]


__all__ = ["ACTIONS", "Action", "Done", "act", "position_units"]
