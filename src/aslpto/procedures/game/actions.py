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

from collections.abc import Callable

from aslpto.base.hints import Any
from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import detection as det, melee as m
from aslpto.procedures.game.charge import banzai
from aslpto.procedures.game.closecombat import cc
from aslpto.procedures.game.common import (
    Action,
    Args,
    Done,
    fates,
    move_options,
    on_map,
    path,
    replace_units,
    unsure,
    verify_phase,
    verify_side,
)
from aslpto.procedures.game.paths import verified
from aslpto.procedures.game.phases import RULES, Marker, PhaseName
from aslpto.procedures.game.rallying import rally
from aslpto.procedures.game.searching import search
from aslpto.procedures.game.state import GameState, end_phase, unit_json
from aslpto.state.dice import Dice
from aslpto.state.game import Game

# ---------------------------------------------------------------------------------------------
# The actions
# ---------------------------------------------------------------------------------------------


def _movers(state: GameState, a: Args) -> list[str]:
    """The unit, or the units of a stack (``units``), that move together."""
    if "units" in a.args:
        ids = a.texts("units")
        if len(set(ids)) != len(ids):
            raise InputError(f"move: a unit named twice: {', '.join(ids)}")
        return ids
    return [a.text("unit")]


def _going_on(state: GameState, ids: list[str], given: dict[str, Any]) -> bool:
    """Whether ``ids`` are (some of) the stack moving now, going on from where it stopped for
    the DEFENDER's First Fire (A8.1, A4.2): with the options it began with."""
    if not state.moving or not set(ids) <= set(state.moving):
        return False
    if any(state.position.units[i].ti for i in ids if i in state.position.units):
        return False  # (a Search made it TI: A4.8 refuses it)
    if not all(uid in state.moving_resume for uid in ids):
        raise RuleViolation(
            RULES["movement"].rule,
            f"{', '.join(ids)}: the move has ended (forced back, out of MF, or ended by a rule)",
        )
    if given:
        raise InputError(
            f"move: {', '.join(ids)} go(es) on with the options it began with; give only the "
            f"steps (not {', '.join(sorted(given))})"
        )
    return True


def _still_leads(g: Game, opts: Any, ids: list[str]) -> bool:
    """A4.12: the leader's bonus holds while he goes on with the MMC, unbroken and unpinned."""
    leader = g.units.get(opts.with_leader)
    return leader is not None and leader.id in ids and leader.good_order and not leader.pinned


def _move(state: GameState, a: Args, dice: Dice) -> Done:
    """A unit's move in the MPh, or a stack's (A4.12): the units begin in one Location and move
    together along one path, each priced by the step check (a MMC moving with the leader of
    ``--with-leader``, who moves with it, gets two more MF); the stack is the moving unit that
    Defensive First Fire attacks (A8.1)."""
    from aslpto.procedures import movement
    from aslpto.procedures.game.routing import dm_from_move
    from aslpto.rules.movement import Phase, as_number

    ids = _movers(state, a)
    steps = a.texts("steps")
    given = a.options()
    choice, by = det.choice_of(given)
    opts = replace(move_options("move", given, Phase.MPH), detection=choice)
    a.done()
    g = state.position
    going_on = _going_on(state, ids, given)
    if going_on:
        began = [state.moving_resume[i][0] for i in ids]  # (the MMC's names the leader)
        opts = replace(next((o for o in began if o.with_leader), began[0]), detection=choice)
    if opts.with_leader is not None and opts.with_leader not in ids and not going_on:
        ids = [*ids, opts.with_leader]  # the leader moves with the stack (A4.12)
    units = [g.unit(uid) for uid in ids]
    if state.phase == PhaseName.APH:
        raise RuleViolation("A3.7", "in the APh a unit advances (game advance), one Location")
    verify_phase(state, "move")
    m.verify_free(g, state.melee, units, "move out of it in the MPh (A4.1)")
    rule = RULES["movement"].rule
    for u in units:
        uid = u.id
        verify_side(state, u, "ATTACKER", rule, "moves")
        if state.has(uid, Marker.PREP_FIRE):
            raise RuleViolation(rule, f"{uid} fired in the PFPh (Prep Fire): it may not move")
        if state.has(uid, Marker.LABOR):
            raise RuleViolation(rule, f"{uid} attempted a labor task in the PFPh: it may not move")
        if u.ti:
            raise RuleViolation("A4.8", f"{uid} is TI: a TI unit may not move")
        if state.has(uid, Marker.MOVED) and not going_on:
            raise RuleViolation(
                RULES["move_once"].rule,
                f"{uid} has moved this MPh and another unit has moved since: it moves no "
                "farther (it goes on only while its stack is the moving one)",
            )
    stack = RULES["stack_move"].rule
    for u in units[1:]:
        if (u.hex, u.position) != (units[0].hex, units[0].position):
            raise RuleViolation(
                stack,
                f"{u.id} ({u.hex} {u.position}) does not begin in the Location of {units[0].id} "
                f"({units[0].hex} {units[0].position}): a stack moves from one Location",
            )
    leads = opts.with_leader is not None and (not going_on or _still_leads(g, opts, ids))
    each_opts = {
        u.id: opts if leads and u.kind.is_mmc else replace(opts, with_leader=None) for u in units
    }
    resume = {u.id: state.moving_resume[u.id][1] if going_on else None for u in units}
    plans = {u.id: det.planned(g, u.id, steps, each_opts[u.id], resume[u.id]) for u in units}
    founds = [f for _, f in plans.values() if f]
    found = min(founds, key=lambda f: f.index) if founds else None
    upto, decided = steps, None
    if found is not None:
        decided = det.verify_choice(found, choice, ids[0])
        upto = steps[: found.index + (1 if decided == "attack" else 0)]
        moves = [det.taken(g, u.id, upto, each_opts[u.id], resume[u.id]) for u in units]
    else:
        moves = [verified(u.id, steps, plans[u.id][0]) for u in units]
    if found is None and choice is not None and not det.any_found(moves[0]):
        raise InputError(
            f"move: detection '{choice}' answers a move into a Location of hidden units; "
            "this move enters none"
        )
    after = g
    for r in moves:
        after = movement.apply(after, r)
    detected = None
    if found is not None and decided is not None:
        detected = det.resolve(g, after, ids, found, decided, by, dice)
        after = detected.game
    after, placed, revealed, facing = det.found_on_entry(after, ids, moves, dice)
    ends = {(after.unit(u.id).hex, after.unit(u.id).position) for u in units}
    if len(ends) > 1:
        raise RuleViolation(stack, "the stack's units end in different Locations: move them apart")
    hexes = [st.state.hex for st in moves[0].steps]
    after, marked = dm_from_move(after, ids, hexes)
    left = min(r.allowance - r.mf for r in moves)
    if detected is not None:
        left = 0  # its MPh ends (A12.15; G.4)
    s = replace(
        state,
        position=after,
        # A4.2: a stack may break up and its units go on separately; all of it stays the
        # moving stack until a unit not in it moves
        moving=state.moving if going_on else tuple(ids),
        moving_assault=opts.assault,
        moving_left=max(left, 0),
        moving_resume={
            **({k: v for k, v in state.moving_resume.items() if k not in ids} if going_on else {}),
            **{
                u.id: (each_opts[u.id], r.resume)
                for u, r in zip(units, moves, strict=True)
                if detected is None and r.resume is not None and not r.resume.ended
            },
        },
    )
    s = s.mark(ids, Marker.MOVED)
    if detected is not None and detected.cc_counter and found is not None:
        s = replace(s, cc_marked=s.cc_marked | {found.hex})
    if facing:
        s = replace(s, cc_marked=s.cc_marked | frozenset(facing))  # A12.151
    each = []
    for u, r in zip(units, moves, strict=True):
        j = r.as_json(g)
        moved = after.unit(u.id)
        each.append(
            {
                "unit": u.id,
                "to": moved.hex,
                "position": moved.position,
                "mf": j["mf"],
                "allowance": j["allowance"],
                "cx": moved.cx,
                "events": [e for st in j["steps"] for e in st["events"]],
            }
        )
    if found is not None and detected is not None and detected.forced_back:
        for e in each:
            tried = plans[e["unit"]][0].steps
            if found.index < len(tried):  # the MF of the attempt are spent (A12.15)
                e["mf"] = as_number(tried[found.index].total)
    result = {k: v for k, v in each[0].items() if k != "unit"}
    if len(ids) > 1:
        result["stack"] = each
    if marked:
        result["dm"] = marked
    if found is not None and detected is not None:
        result["detection"] = det.as_json(found, detected, decided)
    told = [
        f"{e['unit']} moves from {u.hex} by {' '.join(steps)} -> {e['to']} {e['position']}, "
        f"{e['mf']} of {e['allowance']} MF" + (" (CX)" if e["cx"] else "")
        for u, e in zip(units, each, strict=True)
    ]
    told += [f"  event {ev['kind']} ({ev['rule']})" for ev in each[0]["events"]]
    if found is not None and detected is not None:
        back_to = after.unit(ids[0]).hex
        told += det.told(found, detected, ids, back_to)
    if placed or revealed or facing:
        result["found"] = {"placed": placed, "revealed": revealed, "cc_counters": facing}
        told += det.found_told(placed, revealed, facing, "A12.151")
    if marked:
        told.append(f"  DM: {', '.join(marked)} (an enemy unit ADJACENT, A10.62)")
    keys = ("move_once", "stack_move") if len(ids) > 1 else ("move_once",)
    return Done(s, result, tuple(told), unsure(*keys))


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
    verify_phase(state, "fire")
    raise AssertionError(p)  # pragma: no cover - (verify_phase refused it)


def _banzai_targets(state: GameState, g: Game, where: str) -> bool:
    """Whether the units an attack on ``where`` targets (the ATTACKER's there, at fire by the
    DEFENDER) all made a Banzai Charge this Player Turn (A25.23)."""
    h = g.map.hex(where)
    there = [
        u for u in g.units.values() if u.side == state.attacker and u.hex and g.map.hex(u.hex) == h
    ]
    return bool(there) and all(state.has(u.id, Marker.BANZAI) for u in there)


def _fire(state: GameState, a: Args, dice: Dice) -> Done:
    from aslpto.procedures.fire import FireOptions, fire, target_location
    from aslpto.procedures.game.routing import dm_from_attack

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
        on_map(u)
        verify_side(state, u, who, rule, "fires")
    m.verify_free(g, state.melee, units, "fire")
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
    in_melee = where in state.melee
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
    wave = _banzai_targets(state, view, where)
    opts = FireOptions(
        phase=phase,
        moving=moving,
        human_wave=wave and state.phase == PhaseName.MPH,
        wave_morale=wave and state.phase != PhaseName.MPH,
        assault_movement=moving and state.moving_assault,
        fired=fired,
        leader="" if given.get("no_leader") else given.get("leader"),
        area_fire=bool(given.get("area_fire", False)),
        weapon=str(given.get("weapon", "inherent")),
        melee=in_melee,
    )
    answer = fire(view, firers, where, opts, dice=dice)
    b = answer.breakdown
    if answer.rolled is None:
        raise RuleViolation(b.column.rules[0], f"no attack: {b.column.why}")
    r = answer.rolled
    gone = [t.id for t in b.targets]
    s = replace_units(state, gone, r.outcome.units, r.outcome.eliminated)
    after, marked = dm_from_attack(s.position, b.attack, b.targets)
    s = replace(s, position=after)
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
        **fates(
            [after.unit(u.id) if u.id in after.units else u for u in r.outcome.units],
            r.outcome.eliminated,
        ),
        "events": list(r.outcome.events),
    }
    if marked:
        result["dm"] = marked
        keys.append("dm_attacked")
    told = [
        f"{', '.join(ids)} -> {b.target} ({phase.value} fire): {b.column.why}; "
        f"IFT DR {r.roll}: " + "; ".join(f"{u} {x}" for u, x in r.results)
    ]
    if in_melee:
        m.fire_result(g, b, result, told, keys)
    told += [f"  {e}" for e in r.outcome.events]
    if r.outcome.eliminated:
        told.append(f"  eliminated: {', '.join(r.outcome.eliminated)}")
    if marked:
        told.append(f"  DM: {', '.join(marked)} (attacked while broken, A10.62)")
    return Done(s, result, tuple(told), unsure(*keys))


def _check(name: str, procedure: str | None = None) -> Callable[[GameState, Args, Dice], Done]:
    """The check ``name`` of units in one Location, resolved as ``procedure`` (by default the
    procedure of that name; ``panji-mc``: the Panji MC, G9.31, G9.41)."""
    proc = procedure or name

    def run(state: GameState, a: Args, dice: Dice) -> Done:
        from aslpto.procedures.odds import Options, resolve
        from aslpto.rules.water import conditions as water
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
            on_map(u)
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
        # A25.23: units of a Banzai Charge check one Morale Level higher for the rest of the
        # Player Turn (and in the MPh are immune to Pin and Heat of Battle); B21.41: fording
        # units are immune to Pin
        wave = all(state.has(u.id, Marker.BANZAI) for u in units)
        opts = Options(
            mc=n,
            drm=drm,
            human_wave=wave and state.phase == PhaseName.MPH,
            wave_morale=wave and state.phase != PhaseName.MPH,
            fording=water.all_fording(g, units),
        )
        r = resolve(proc, [complete(u) for u in units], dice, opts, context)
        s = replace_units(state, ids, r.units, r.eliminated)
        result = {**fates(r.units, r.eliminated), "events": list(r.events)}
        what = f"{n}MC" if name == "mc" and n else name.upper()
        told = [f"{', '.join(ids)}: {what}" + (f" {drm:+d}" if drm else "")]
        told += [f"  {e}" for e in r.events]
        return Done(s, result, tuple(told))

    return run


def _rout(state: GameState, a: Args, dice: Dice) -> Done:
    """A broken unit under DM routs (A10.5): the rout's limits and destination are
    :func:`aslpto.procedures.game.routing.check_rout`'s."""
    from aslpto.procedures import movement
    from aslpto.procedures.game.routing import check_rout

    uid = a.text("unit")
    steps = a.texts("steps")
    given = a.options()
    a.done()
    unknown = sorted(set(given) - {"low_crawl"})
    if unknown:
        raise InputError(f"rout: unknown option(s) {', '.join(unknown)} (low_crawl)")
    low_crawl = given.get("low_crawl", False)
    if not isinstance(low_crawl, bool):
        raise InputError("rout: option 'low_crawl' is true or false")
    verify_phase(state, "rout")
    rule = RULES["rout"].rule
    g = state.position
    u = g.unit(uid)
    on_map(u)
    if not u.broken:
        raise RuleViolation(rule, f"{uid} is not broken: only a broken unit routs")
    if m.held(g, state.melee, u):
        raise RuleViolation(
            RULES["melee_rout"].rule,
            f"{uid} is broken in Melee in {m.location(g, u)}: it may not rout, but withdraws "
            "from the Melee in the CCPh",
        )
    if state.has(uid, Marker.ROUTED):
        raise RuleViolation(RULES["rout_dm"].rule, f"{uid} has routed this RtPh: once")
    rc = check_rout(g, uid, steps, low_crawl=low_crawl)
    r = rc.move
    view = g.with_unit(u.with_(broken=False, dm=False, pinned=False))
    moved = movement.apply(view, r).unit(uid)
    s = replace(state, position=g.with_unit(u.with_(hex=moved.hex, position=moved.position)))
    s = s.mark([uid], Marker.ROUTED)
    j = r.as_json(view)
    result = {"to": moved.hex, "position": moved.position, "mf": j["mf"]}
    if low_crawl:
        result["low_crawl"] = True
    how = " by Low Crawl" if low_crawl else ""
    told = (
        f"{uid} routs{how} -> {moved.hex} {moved.position}, {j['mf']} MF",
        f"  {rc.destination}",
    )
    keys = ("rout",) if low_crawl else ("rout", "rout_destination")
    return Done(s, result, told, unsure(*keys))


def _advance(state: GameState, a: Args, dice: Dice) -> Done:
    from aslpto.procedures import movement
    from aslpto.procedures.game.routing import dm_from_move
    from aslpto.rules.movement import Phase

    uid = a.text("unit")
    steps = a.texts("steps")
    opts = move_options("advance", a.options(), Phase.APH)
    a.done()
    if opts.with_leader is not None:
        raise InputError("advance: a unit advances on its own (--with-leader is a move's)")
    verify_phase(state, "advance")
    rule = RULES["advance"].rule
    g = state.position
    u = g.unit(uid)
    verify_side(state, u, "ATTACKER", rule, "advances")
    m.verify_free(g, state.melee, [u], "advance out of it")
    if state.has(uid, Marker.ADVANCED):
        raise RuleViolation(rule, f"{uid} has advanced this APh: one Location")
    if u.hex and g.map.name(g.map.hex(u.hex)) in state.cc_marked:
        raise RuleViolation(
            RULES["cc_counter"].rule,
            f"{uid} is in {u.hex}, marked with a CC counter: it may not advance (A4.7)",
        )
    r = path(g, uid, steps, opts)
    after = movement.apply(g, r)
    moved = after.unit(uid)
    after, marked = dm_from_move(after, [uid], [st.state.hex for st in r.steps])
    s = replace(state, position=after).mark([uid], Marker.ADVANCED)
    j = r.as_json(g)
    result: dict[str, Any] = {
        "to": moved.hex,
        "position": moved.position,
        "mf": j["mf"],
        "cx": moved.cx,
    }
    told = [f"{uid} advances -> {moved.hex} {moved.position}" + (" (CX)" if moved.cx else "")]
    if marked:
        result["dm"] = marked
        told.append(f"  DM: {', '.join(marked)} (an enemy unit ADJACENT, A10.62)")
    return Done(s, result, tuple(told), unsure("advance"))


def _labor(name: str) -> Callable[[GameState, Args, Dice], Done]:
    def run(state: GameState, a: Args, dice: Dice) -> Done:
        from aslpto.procedures import actions as pa

        action: pa.Action
        if name == "clear":
            ids = a.texts("units")
            panji = a.optional_text("panji")
            hexside = a.optional_text("hexside")
            action = pa.Clear(tuple(ids), panji, hexside)
        else:
            ids = [a.text("unit")]
            action = pa.Entrench(ids[0])
        a.done()
        verify_phase(state, name)
        rule = RULES["prep_fire"].rule
        g = state.position
        m.verify_free(g, state.melee, [g.unit(i) for i in ids], f"{name} (a labor task)")
        for uid in ids:
            u = g.unit(uid)
            verify_side(state, u, "ATTACKER", rule, "performs labor tasks")
            if state.has(uid, Marker.PREP_FIRE) or state.has(uid, Marker.LABOR) or u.ti:
                raise RuleViolation(rule, f"{uid} has fired or attempted a labor task this PFPh")
        after = pa.apply(g, action)
        s = replace(state, position=after).mark(ids, Marker.LABOR)
        result = {"units": [unit_json(after.unit(i)) for i in ids]}
        told = (f"{', '.join(ids)}: {name} (TI)",)
        return Done(s, result, told, unsure("labor_tasks"))

    return run


def _end_phase(state: GameState, a: Args, dice: Dice) -> Done:
    a.done()
    s, told = end_phase(state)
    result = {"turn": s.turn, "player_turn": s.player + 1, "phase": s.phase.value, "over": s.over}
    keys = {
        PhaseName.RPH: ("dm_removal",),
        PhaseName.AFPH: ("advancing_fire",),
        PhaseName.RTPH: ("failure_to_rout",) if len(s.eliminated) > len(state.eliminated) else (),
    }.get(state.phase, ())
    return Done(s, result, tuple(told), unsure(*keys))


ACTIONS: dict[str, Callable[[GameState, Args, Dice], Done]] = {
    "rally": rally,
    "move": _move,
    "banzai": banzai,
    "fire": _fire,
    "mc": _check("mc"),
    "nmc": _check("nmc"),
    "ptc": _check("ptc"),
    "panji-mc": _check("panji-mc", "panji"),
    "rout": _rout,
    "advance": _advance,
    "cc": cc,
    "search": search,
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
    done = run(state, Args(action.name, action.args), dice)
    s = done.state
    if s.melee:
        kept = m.still(s.position, s.melee)
        if kept != s.melee:
            done = replace(done, state=replace(s, melee=kept))
    return done


def position_units(game: Game) -> list[dict[str, Any]]:
    """Every unit in play as JSON (for comparing two positions)."""
    return [unit_json(u) for u in sorted(game.units.values(), key=lambda x: x.id)]


__all__ = ["ACTIONS", "Action", "Done", "act", "position_units"]
