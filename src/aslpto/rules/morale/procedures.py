"""The checks as procedures, each rollable (``resolve_*``) and exact (``odds_*``): one unit's
check or sniper attack, a Location's MC with its leader first (A10.2), the Panji stack
procedure (G9.43) and the Aerial Panji MC (G9.47)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.rulings import InputError
from aslpto.rules.morale.levels import situation_in
from aslpto.rules.morale.national import rules_for
from aslpto.rules.morale.results import (
    _pin,
    _validate,
    apply_roll,
    wound,
)
from aslpto.rules.morale.values import (
    PLAIN,
    Check,
    Log,
    Result,
    Situation,
    leader_loss_drm,
    rule,
    setting,
)
from aslpto.state.counters import morale_of, parse_leader
from aslpto.state.dice import DR, Dice, Distribution, odds
from aslpto.state.units import Kind, Unit


def resolve_check(
    unit: Unit,
    check: Check,
    dice: Dice,
    *,
    drm: int = 0,
    situation: Situation = PLAIN,
) -> Result:
    """Roll ``check`` for one unit. ``drm`` is the check's own DRM (the IFT "2MC" gives +2;
    LLMC: the lost leader's); leadership and the Japanese leader bonus come from
    ``situation`` (see :func:`situation_in`).

    MC: Final DR > Morale Level fails; an Original 12 is a Casualty MC (A10.31); a Final DR
    equal to the Morale Level pins (A7.8); an Original 2 brings Heat of Battle (A15.1).
    Panji MC: G9.31. PTC: Final DR > Morale Level pins. LLTC: data/morale.toml.
    """
    return apply_roll(unit, check, None, dice, drm=drm, situation=situation)


def odds_check(
    unit: Unit, check: Check, *, drm: int = 0, situation: Situation = PLAIN
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_check`."""
    return odds(lambda d: resolve_check(unit, check, d, drm=drm, situation=situation))


def resolve_sniper(unit: Unit, dice: Dice, *, dr: int = 1) -> Result:
    """A14.3 Sniper attack result ``dr`` (1 or 2) on one unit (data/morale.toml ``[sniper]``):
    dr 1 breaks a MMC and eliminates a SMC; dr 2 wounds a SMC (which loses its concealment,
    A12.14) and pins a MMC. Japanese: a dr 1 Step-Reduces a squad/infantry crew (G1.11-G1.12,
    G1.3)."""
    _validate(unit)
    log = Log()
    if dr == 2:
        if unit.kind.is_smc and setting("sniper", "dr2_smc") == "wound":
            log.note(unit, "Sniper dr 2 vs a SMC", rule("sniper"))
            return log.result(u.with_(concealed=False) for u in wound(unit, log, dice))
        if setting("sniper", "dr2") == "pin":
            return log.result([_pin(unit, log, rule("sniper"))])
        return log.result([unit])
    if dr != 1:
        log.note(unit, f"Sniper dr {dr}: no effect", rule("sniper"))
        return log.result([unit])
    return log.result(rules_for(unit).sniper_dr1(unit, log, dice))


def odds_sniper(unit: Unit, *, dr: int = 1) -> Distribution[Result]:
    return odds(lambda d: resolve_sniper(unit, d, dr=dr))


_State = tuple[tuple[Unit, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""(units in order, eliminated ids, events, rules) while a multi-unit procedure runs."""


def _start(units: Sequence[Unit]) -> _State:
    return (tuple(units), (), (), ())


def _merge(state: _State, uid: str, r: Result) -> _State:
    units, elim, events, rules = state
    new: list[Unit] = []
    for u in units:
        if u.id == uid:
            new.extend(r.units)
        else:
            new.append(u)
    merged_rules = rules + tuple(x for x in r.rules if x not in rules)
    return (tuple(new), elim + r.eliminated, events + r.events, merged_rules)


def _finish(state: _State) -> Result:
    return Result(*state)


Step = Callable[[_State, Dice], _State]


def _run(steps: Sequence[Callable[[_State], Step | None]], state: _State, dice: Dice) -> _State:
    for make_step in steps:
        step = make_step(state)
        if step is not None:
            state = step(state, dice)
    return state


def _compose(
    steps: Sequence[Callable[[_State], Step | None]], state: _State
) -> Distribution[_State]:
    """Exact distribution of a sequence of steps: each step's own enumeration, bound in turn.

    A step depends only on the units present and those eliminated, so its distribution is
    computed once per distinct (units, eliminated) and its events appended to each history.
    """
    dist: Distribution[_State] = Distribution.certain(state)
    for make_step in steps:
        memo: dict[tuple[tuple[Unit, ...], tuple[str, ...]], Distribution[_State]] = {}

        def advance(
            st: _State,
            make_step: Callable[[_State], Step | None] = make_step,
            memo: dict[tuple[tuple[Unit, ...], tuple[str, ...]], Distribution[_State]] = memo,
        ) -> Distribution[_State]:
            key = (st[0], st[1])
            if key not in memo:
                bare: _State = (st[0], st[1], (), ())
                step = make_step(bare)
                memo[key] = Distribution.certain(bare) if step is None else _step_odds(step, bare)
            return memo[key].map(lambda d: _append(st, d))

        dist = dist.bind(advance)
    return dist


class _FirstDR:
    """Dice whose first DR is given; every later roll comes from ``inner``."""

    def __init__(self, first: DR, inner: Dice) -> None:
        self._first: DR | None = first
        self._inner = inner

    def dr(self) -> int:
        return self._inner.dr()

    def DR(self) -> DR:
        if self._first is not None:
            first, self._first = self._first, None
            return first
        return self._inner.DR()

    def choice(self, n: int) -> int:
        return self._inner.choice(n)


def _dr_classes() -> tuple[tuple[DR, Fraction], ...]:
    """The 36 DR grouped by what a check can depend on (total and doubles): 16 classes."""
    acc: dict[tuple[int, bool], tuple[DR, int]] = {}
    for w in range(1, 7):
        for c in range(1, 7):
            key = (w + c, w == c)
            rep, n = acc.get(key, (DR(w, c), 0))
            acc[key] = (rep, n + 1)
    return tuple((rep, Fraction(n, 36)) for rep, n in acc.values())


_DR_CLASSES = _dr_classes()


def _step_odds(step: Step, bare: _State) -> Distribution[_State]:
    """A step's exact distribution, its first DR taken by class (total, doubles) - a check's
    result depends on nothing else - and every later roll enumerated."""
    parts: list[tuple[_State, Fraction]] = []
    for roll, weight in _DR_CLASSES:

        def proc(d: Dice, roll: DR = roll) -> _State:
            return step(bare, _FirstDR(roll, d))

        for outcome, p in odds(proc):
            parts.append((outcome, p * weight))
    return Distribution.of(parts)


def _append(history: _State, delta: _State) -> _State:
    """``delta`` (a step run from the bare units of ``history``) appended to ``history``."""
    rules = history[3] + tuple(r for r in delta[3] if r not in history[3])
    return (delta[0], delta[1], history[2] + delta[2], rules)


def _unit_step(
    uid: str, check: Check, drm: int, facts: dict[str, Any], roll: DR | None = None
) -> Callable[[_State], Step | None]:
    """A step in which unit ``uid`` (if still present) takes ``check`` with the leadership of
    the units present at that moment."""

    def make(state: _State) -> Step | None:
        unit = next((u for u in state[0] if u.id == uid), None)
        if unit is None:
            return None
        sit = situation_in(unit, state[0], **facts)

        def step(st: _State, dice: Dice) -> _State:
            r = apply_roll(unit, check, roll, dice, drm=drm, situation=sit)
            st = _merge(st, uid, r)
            after = next((u for u in r.units if u.id == uid), None)
            if (
                after is not None
                and after.berserk
                and not unit.berserk
                and rules_for(after).is_commissar_equivalent(after).value
            ):
                cb = rules_for(after).commissar_berserk(after, st[0])
                events = st[2] + (f"{uid}: units with him go berserk",)
                st = (cb.value, st[1], events, st[3] + tuple(x for x in cb.rules if x not in st[3]))
            return st

        return step

    return make


def _leaders_first(units: Sequence[Unit]) -> list[Unit]:
    """A10.2: leaders check first, higher Morale Level first; then the others in order."""
    leaders = sorted((u for u in units if u.kind == Kind.LEADER), key=lambda u: -morale_of(u))
    return leaders + [u for u in units if u.kind != Kind.LEADER]


def _leader_loss_steps(
    before: Sequence[Unit], facts: dict[str, Any]
) -> list[Callable[[_State], Step | None]]:
    """A10.2: after the attack, for each leader eliminated the other friendly Personnel of lower
    Morale Level in the Location take a LLMC (G1.62: unbroken Japanese, a LLTC); for each leader
    broken (not eliminated), a LLTC. DRM: data/morale.toml [leader_loss]."""
    steps: list[Callable[[_State], Step | None]] = []
    for leader in (u for u in before if u.kind == Kind.LEADER):

        def make(state: _State, leader: Unit = leader) -> Step | None:
            now = next((u for u in state[0] if u.id == leader.id), None)
            eliminated = leader.id in state[1]
            newly_broken = now is not None and now.broken and not leader.broken
            if not (eliminated or newly_broken):
                return None
            drm = leader_loss_drm(parse_leader(leader.counter)[1])
            check = Check.LLMC if eliminated else Check.LLTC
            ml = morale_of(leader)
            targets = [
                u.id
                for u in state[0]
                if u.id != leader.id and u.side == leader.side and morale_of(u) < ml
            ]

            def step(st: _State, dice: Dice) -> _State:
                for uid in targets:
                    unit = next((u for u in st[0] if u.id == uid), None)
                    if unit is None:
                        continue
                    sit = situation_in(unit, st[0], **facts)
                    st = _merge(
                        st, uid, apply_roll(unit, check, None, dice, drm=drm, situation=sit)
                    )
                return st

            return step

        steps.append(make)
    return steps


def _location_steps(
    units: Sequence[Unit], check: Check, drm: int, facts: dict[str, Any], leader_loss: bool
) -> list[Callable[[_State], Step | None]]:
    steps = [_unit_step(u.id, check, drm, facts) for u in _leaders_first(units)]
    if leader_loss and check.is_mc:
        steps += _leader_loss_steps(units, facts)
    return steps


def resolve_location(
    units: Sequence[Unit],
    check: Check,
    dice: Dice,
    *,
    drm: int = 0,
    leader_loss: bool = True,
    context: Sequence[Unit] = (),
    **facts: Any,
) -> Result:
    """Every unit of ``units`` takes the same check (e.g. an IFT "1MC" on a Location): leaders
    first (A10.2), each other unit with the leadership present after them (A10.21, G1.41), then
    LLMC/LLTC for leaders lost (A10.2, G1.62). ``context``: units also present (e.g. a leader)
    that take no check. ``facts`` are :class:`Situation` fields."""
    steps = _location_steps(units, check, drm, facts, leader_loss)
    return _finish(_run(steps, _start([*units, *context]), dice))


def odds_location(
    units: Sequence[Unit],
    check: Check,
    *,
    drm: int = 0,
    leader_loss: bool = True,
    context: Sequence[Unit] = (),
    **facts: Any,
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_location`, composed unit by unit."""
    steps = _location_steps(units, check, drm, facts, leader_loss)
    return _compose(steps, _start([*units, *context])).map(_finish)


def _checks_steps(
    checks: Sequence[tuple[str, Check, int]],
    leaders: Sequence[Unit],
    facts: dict[str, Any],
) -> list[Callable[[_State], Step | None]]:
    steps = [_unit_step(uid, check, drm, facts) for uid, check, drm in checks]
    return steps + _leader_loss_steps(leaders, facts)


def resolve_checks(
    units: Sequence[Unit],
    checks: Sequence[tuple[str, Check, int]],
    dice: Dice,
    *,
    leaders: Sequence[Unit] = (),
    gone: Sequence[str] = (),
    **facts: Any,
) -> Result:
    """Each ``(id, check, DRM)`` of ``checks`` taken in turn by the unit of that id in the
    Location ``units`` (the caller puts leaders first, A10.2), each with the leadership present
    when it rolls; then a LLMC/LLTC for each of ``leaders`` (as they were before) eliminated or
    newly broken (A10.2, G1.62). ``gone``: ids already eliminated (a KIA before the checks)."""
    steps = _checks_steps(checks, leaders, facts)
    return _finish(_run(steps, (tuple(units), tuple(gone), (), ()), dice))


def odds_checks(
    units: Sequence[Unit],
    checks: Sequence[tuple[str, Check, int]],
    *,
    leaders: Sequence[Unit] = (),
    gone: Sequence[str] = (),
    **facts: Any,
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_checks`, composed unit by unit."""
    steps = _checks_steps(checks, leaders, facts)
    return _compose(steps, (tuple(units), tuple(gone), (), ())).map(_finish)


def _panji_stack_steps(
    units: Sequence[Unit], chosen: int | None, each: bool, facts: dict[str, Any]
) -> list[Callable[[_State], Step | None]]:
    if each:
        return [_unit_step(u.id, Check.PANJI, 0, facts) for u in _leaders_first(units)]
    assert chosen is not None
    target = units[chosen].id
    steps = [_unit_step(target, Check.PANJI, 0, facts)]
    steps += [
        _unit_step(u.id, Check.PTC, 0, facts) for u in _leaders_first(units) if u.id != target
    ]
    return steps


def _panji_each(
    units: Sequence[Unit], berserk: bool | None, human_wave: bool, routing: bool
) -> bool:
    if berserk is None:
        berserk = all(u.berserk for u in units)
    return berserk or human_wave or routing or len(units) == 1


def resolve_panji_stack(
    units: Sequence[Unit],
    dice: Dice,
    *,
    berserk: bool | None = None,
    human_wave: bool = False,
    routing: bool = False,
    **facts: Any,
) -> Result:
    """G9.43: a stack crossing a road/path/Depression/TB hexside: the ATTACKER randomly selects
    one unit to take the Panji MC; afterwards every other unit not exempt from PTC takes a
    normal PTC which leadership can modify. A berserk or Human-Wave/Banzai stack, and a routing
    stack, instead take a Panji MC each (G9.41). Prisoners are not passed in."""
    units = list(units)
    if not units:
        raise InputError("an empty stack takes no Panji MC")
    each = _panji_each(units, berserk, human_wave, routing)
    rules = ("G9.43", "G9.41") if each else ("G9.43",)
    chosen = None if each else dice.choice(len(units))
    state = _start(units)
    state = (
        state[0],
        (),
        (f"{units[chosen].id}: selected at random",) if chosen is not None else (),
        rules,
    )
    facts = {**facts, "human_wave": human_wave or facts.get("human_wave", False)}
    return _finish(_run(_panji_stack_steps(units, chosen, each, facts), state, dice))


def odds_panji_stack(
    units: Sequence[Unit],
    *,
    berserk: bool | None = None,
    human_wave: bool = False,
    routing: bool = False,
    **facts: Any,
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_panji_stack`: the random selection, then the
    selected unit's Panji MC bound to the others' PTC distributions."""
    units = list(units)
    if not units:
        raise InputError("an empty stack takes no Panji MC")
    each = _panji_each(units, berserk, human_wave, routing)
    rules = ("G9.43", "G9.41") if each else ("G9.43",)
    facts = {**facts, "human_wave": human_wave or facts.get("human_wave", False)}
    if each:
        state: _State = (tuple(units), (), (), rules)
        return _compose(_panji_stack_steps(units, None, True, facts), state).map(_finish)
    parts: list[tuple[Result, Fraction]] = []
    for i, u in enumerate(units):
        state = (tuple(units), (), (f"{u.id}: selected at random",), rules)
        d = _compose(_panji_stack_steps(units, i, False, facts), state)
        parts.extend((_finish(s), p / len(units)) for s, p in d)
    return Distribution.of(parts)


def resolve_aerial_panji(units: Sequence[Unit], dice: Dice, **facts: Any) -> Result:
    """G9.47: Personnel placed above a Panji counter after a parachute landing take one Panji
    MC (one DR for all revealed units in the hex) using a Morale Level of 7."""
    units = list(units)
    roll = dice.DR()
    facts = {**facts, "morale_override": 7}
    steps = [_unit_step(u.id, Check.PANJI, 0, facts, roll) for u in _leaders_first(units)]
    state: _State = (tuple(units), (), (), ("G9.47", "G9.31"))
    return _finish(_run(steps, state, dice))


def odds_aerial_panji(units: Sequence[Unit], **facts: Any) -> Distribution[Result]:
    return odds(lambda d: resolve_aerial_panji(units, d, **facts))
