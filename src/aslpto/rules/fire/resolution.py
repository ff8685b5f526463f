"""An attack on the IFT resolved to each target unit's fate (A7.3-A7.305, A7.9, A.9).

One Original DR resolves the attack against every unit of the target Location, each unit with
its own Final DR where its DRM differs (its TEM, a moving unit's FFMO, ...). Then:

1. Cowering (A7.9): on an Original doubles an attack that Cowers moves one column left (two
   for Inexperienced firers); off the chart it has no effect;
2. ``#KIA`` (A7.301): # of the units it hits are eliminated, chosen by Random Selection
   (A.9: a dr each, the highest affected, every unit tied for it alike); the others break
   (a Japanese squad "breaks" by Step Reduction, G1.12; an already broken unit is Casualty
   Reduced);
3. ``K/#`` (A7.302): Random Selection Casualty Reduces at least one unit; every other unit,
   a just-Reduced one too but not a wounded SMC (A.9 EX), takes a #MC;
4. ``#MC``/``NMC``/``PTC`` (A7.303-A7.305): each unit takes its check, leaders first, then the
   LLMC/LLTC of leaders lost (A10.2) - the morale procedures (:mod:`aslpto.rules.morale`).

Exact odds (:func:`attack_odds`) take the Original DR by class (total, doubles: all the IFT
reads), Random Selection by how many units of each identical kind it picks (every set of the
same size is equally likely), and the checks through the factored stack procedure
(:func:`aslpto.rules.morale.stack_odds_checks`): a stack's odds grow polynomially with it, kept
factored (given the Original DR and the leaders' part, every other unit's fate independent;
``StackOdds.joint`` lists the end states only when asked, and ``rules.morale.summary`` tells
them by convolution). What a KIA's break or a K's Casualty Reduction does to a unit is worked
out once per unit (:data:`EFFECTS`), as each check's odds are (:mod:`aslpto.rules.morale.kept`).
:func:`resolve_attack` rolls the same procedure with any dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

from aslpto.base.datafiles import bundled
from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.base.unchecked import capture, note
from aslpto.rules import morale
from aslpto.rules.fire import table
from aslpto.rules.fire.table import FILE, NO_EFFECT, Effect, IftResult
from aslpto.rules.morale.kept import Kept
from aslpto.state.dice import DR, Dice, Distribution, odds
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.rules.morale.stack import StackOdds

SIDES = 6


@record
class Attack:
    """An attack on one Location as the IFT resolves it: its FP column, each target unit's DRM
    (by id; units of one Location may differ), and how many columns an Original doubles moves
    it left (Cowering, A7.9; 0: it does not Cower)."""

    column: int
    drm: tuple[tuple[str, int], ...]
    cower: int = 0

    def drm_of(self, uid: str) -> int:
        for i, d in self.drm:
            if i == uid:
                return d
        raise InputError(f"the attack gives no DRM for unit {uid}")


def results_of(attack: Attack, roll: DR) -> tuple[tuple[str, IftResult], ...]:
    """Each target unit's IFT result on the Original DR ``roll`` (Cowering applied)."""
    column: int | None = attack.column
    if roll.doubles and attack.cower:
        column = table.shifted(attack.column, attack.cower)
    if column is None:
        return tuple((uid, NO_EFFECT) for uid, _ in attack.drm)
    return tuple((uid, table.result(column, roll.total + d)) for uid, d in attack.drm)


def result_odds(attack: Attack) -> Distribution[tuple[tuple[str, IftResult], ...]]:
    """The odds of each unit's IFT result (what a dice app shows of an attack)."""
    return Distribution.of((results_of(attack, roll), w) for roll, w in _DR_CLASSES)


def _dr_classes() -> tuple[tuple[DR, Fraction], ...]:
    acc: dict[tuple[int, bool], tuple[DR, int]] = {}
    for w in range(1, SIDES + 1):
        for c in range(1, SIDES + 1):
            rep, n = acc.get((w + c, w == c), (DR(w, c), 0))
            acc[(w + c, w == c)] = (rep, n + 1)
    return tuple((rep, Fraction(n, SIDES * SIDES)) for rep, n in acc.values())


_DR_CLASSES = _dr_classes()


# ---------------------------------------------------------------------------------------------
# Random Selection (A.9)
# ---------------------------------------------------------------------------------------------


@cache
def selection_size_odds(size: int, units: int, number: int) -> Fraction:
    """The chance that Random Selection of ``number`` of ``units`` units (a dr each; the
    highest affected, and every unit tied with the last one taken alike) picks one given set
    of ``size`` units."""
    if number >= units:
        return Fraction(1 if size == units else 0)
    if size < number:
        return Fraction(0)
    total = Fraction(0)
    for t in range(1, SIDES + 1):  # the lowest dr taken
        below = Fraction(t - 1, SIDES) ** (units - size)
        above = Fraction(SIDES - t, SIDES)
        at = Fraction(1, SIDES)
        # every unit of the set rolls >= t, at least one exactly t, fewer than ``number`` above
        ways = sum(comb(size, j) * above**j * at ** (size - j) for j in range(min(number, size)))
        total += below * ways
    return total


def select(units: Sequence[Unit], number: int, dice: Dice) -> tuple[str, ...]:
    """Random Selection (A.9) of ``number`` of ``units``, rolled: a dr each in order; the
    highest taken first, and every unit tied with the last one taken alike."""
    if number >= len(units):
        return tuple(u.id for u in units)
    if number > 1:
        note(FILE, "results", "kia_ties")
    rolls = [(dice.dr(), u.id) for u in units]
    ranked = sorted({r for r, _ in rolls}, reverse=True)
    taken: list[str] = []
    for r in ranked:
        if len(taken) >= number:
            break
        taken += [uid for rr, uid in rolls if rr == r]
    return tuple(uid for _, uid in rolls if uid in taken)


def selection_odds(units: Sequence[Unit], number: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """The exact odds of :func:`select`, units that are identical but for their id taken as
    interchangeable: each outcome picks the first ids of each kind."""
    if 1 < number < len(units):
        note(FILE, "results", "kia_ties")
    kinds: dict[Unit, list[str]] = {}
    for u in units:
        kinds.setdefault(u.with_(id=""), []).append(u.id)
    groups = list(kinds.values())
    out: list[tuple[tuple[str, ...], Fraction]] = []
    for counts in product(*(range(len(g) + 1) for g in groups)):
        size = sum(counts)
        if size == 0:
            continue
        p = selection_size_odds(size, len(units), number)
        if not p:
            continue
        ways = 1
        for g, k in zip(groups, counts, strict=True):
            ways *= comb(len(g), k)
        chosen = {uid for g, k in zip(groups, counts, strict=True) for uid in g[:k]}
        out.append((tuple(u.id for u in units if u.id in chosen), p * ways))
    return out


# ---------------------------------------------------------------------------------------------
# KIA and K/#: what happens before the checks
# ---------------------------------------------------------------------------------------------


@record
class Before:
    """The Location once the KIA and K/# results are applied: its units, the ids eliminated,
    the checks to take (id, check, DRM), what happened and the rules."""

    units: tuple[Unit, ...]
    gone: tuple[str, ...]
    checks: tuple[tuple[str, morale.Check, int], ...]
    events: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()


def _rule(key: str) -> str:
    """The rule of ``[results] key`` (read as ``table.data()`` reads it, noting it where it is
    unchecked)."""
    note(FILE, "results")
    note(FILE, "results", key)
    note(FILE, "results", key, "rule")
    return _rules()[key]


@cache
def _rules() -> dict[str, str]:
    return {k: str(v["rule"]) for k, v in bundled(FILE)["results"].items() if isinstance(v, dict)}


class _Watched:
    """Dice that tell whether they were read."""

    __slots__ = ("dice", "read")

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.read = False

    def dr(self) -> int:
        self.read = True
        return self.dice.dr()

    def DR(self) -> DR:
        self.read = True
        return self.dice.DR()

    def choice(self, n: int) -> int:
        self.read = True
        return self.dice.choice(n)


_Effect = Callable[[Unit, morale.Log, Dice], list[Unit]]


_Done = tuple[tuple[Unit, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""What an effect left of a unit, the events it told, the rules and the ids eliminated."""

EFFECTS: Kept[_Done] = Kept(1024)
"""What a KIA's break or a K's Casualty Reduction does to a unit that reads no dice, by the
effect, the unit's nationality's answers and the unit, kept from one question to the next."""


class _Effects:
    """What a KIA's break or a K's Casualty Reduction does to a unit, worked out once per unit
    where it reads no dice (the ways of an attack apply the same results to the same units many
    times; :data:`EFFECTS`), with what it told and the unchecked values it read (replayed)."""

    def apply(self, what: str, effect: _Effect, u: Unit, log: morale.Log, dice: Dice) -> list[Unit]:
        key = (what, effect, morale.rules_for(u), u)
        got = EFFECTS.look(key)
        if got is None:
            sub = morale.Log()
            watched = _Watched(dice)
            with capture() as seen:
                units = effect(u, sub, watched)
            got = (tuple(units), tuple(sub.events), tuple(sub.rules), tuple(sub.eliminated))
            if not watched.read:
                EFFECTS.keep(key, got, seen)
        units_after, events, rules, eliminated = got
        log.events.extend(events)
        log.rules.extend(r for r in rules if r not in log.rules)
        log.eliminated.extend(eliminated)
        return list(units_after)


def _apply(
    units: Sequence[Unit],
    results: Sequence[tuple[str, IftResult]],
    chosen: dict[str, tuple[str, ...]],
    dice: Dice,
    effects: _Effects | None = None,
) -> Before:
    """Apply the IFT results to ``units``; ``chosen``: for each KIA/K result (by its text and
    DRM group key) the ids Random Selection picked; ``effects``: what each result did to a
    unit before, where the same results are applied again."""
    of = dict(results)
    log = morale.Log()
    now: list[Unit] = []
    gone: list[str] = []
    checks: list[tuple[str, morale.Check, int]] = []
    for u in units:
        r = of[u.id]
        key = _group_key(r)
        if r.effect == Effect.KIA:
            if u.id in chosen[key]:
                log.note(u, f"eliminated ({r})", _rule("kia"), _rule("random_selection"))
                gone.append(u.id)
                continue
            if effects is None:
                now.extend(_kia_break(u, log, dice))
            else:
                now.extend(effects.apply("kia", _kia_break, u, log, dice))
            continue
        if r.effect == Effect.K:
            if u.id in chosen[key]:
                log.note(u, f"selected ({r})", _rule("k"), _rule("random_selection"))
                after = (
                    morale.casualty_reduce(u, log, dice)
                    if effects is None
                    else effects.apply("k", morale.casualty_reduce, u, log, dice)
                )
                now.extend(after)
                for v in after:
                    if not v.kind.is_smc:  # (A.9 EX: the wounded leader takes no MC)
                        checks.append((v.id, morale.Check.MC, r.number))
                continue
            now.append(u)
            checks.append((u.id, morale.Check.MC, r.number))
            continue
        now.append(u)
        if r.effect == Effect.MC:
            checks.append((u.id, morale.Check.MC, r.number))
        elif r.effect == Effect.NMC:
            checks.append((u.id, morale.Check.MC, 0))
        elif r.effect == Effect.PTC:
            checks.append((u.id, morale.Check.PTC, 0))
    gone += [g for g in log.eliminated if g not in gone]
    present = {v.id for v in now}
    order = _leaders_first([v for v in now if any(c[0] == v.id for c in checks)])
    by_id = {c[0]: c for c in checks if c[0] in present}
    return Before(
        tuple(now),
        tuple(gone),
        tuple(by_id[v.id] for v in order),
        tuple(log.events),
        tuple(log.rules),
    )


def _kia_break(u: Unit, log: morale.Log, dice: Dice) -> list[Unit]:
    """A7.301: a unit a KIA does not eliminate breaks; already broken, it is Casualty Reduced
    (``[results] kia_broken``)."""
    rule = _rule("kia_survivors")
    if u.broken:
        note(FILE, "results", "kia_broken")
        log.note(u, "already broken: Casualty Reduction (KIA)", rule)
        return morale.casualty_reduce(u, log, dice)
    if u.kind == Kind.LEADER or u.kind.is_mmc or u.kind.is_smc:
        log.note(u, "breaks (KIA)", rule)
        return morale.break_result(u, log, dice, check=morale.Check.MC, casualty=False)
    log.note(u, "unaffected (not Personnel)", rule)
    return [u]


def _leaders_first(units: Sequence[Unit]) -> list[Unit]:
    """A10.2: the leaders check first, the higher Morale Level first."""
    from aslpto.state.counters import morale_of

    leaders = sorted((u for u in units if u.kind == Kind.LEADER), key=lambda u: -morale_of(u))
    return leaders + [u for u in units if u.kind != Kind.LEADER]


def _group_key(r: IftResult) -> str:
    """Random Selection picks among the units that share a KIA/K result (where units of one
    Location have different DRM, among those whose Final DR gave the same result)."""
    return str(r)


def _groups(
    units: Sequence[Unit], results: Sequence[tuple[str, IftResult]]
) -> dict[str, tuple[IftResult, list[Unit]]]:
    of = dict(results)
    out: dict[str, tuple[IftResult, list[Unit]]] = {}
    for u in units:
        r = of[u.id]
        if r.effect in (Effect.KIA, Effect.K):
            out.setdefault(_group_key(r), (r, []))[1].append(u)
    return out


def _number(r: IftResult) -> int:
    """How many units Random Selection takes: a KIA's number; a K/# at least one."""
    return r.number if r.effect == Effect.KIA else 1


def _before_odds(
    units: Sequence[Unit], results: tuple[tuple[str, IftResult], ...], effects: _Effects
) -> list[tuple[Before, Fraction]]:
    groups = _groups(units, results)
    picks = [selection_odds(g, _number(r)) for r, g in groups.values()]
    out: list[tuple[Before, Fraction]] = []
    for combo in product(*picks):
        chosen = {k: ids for k, (ids, _) in zip(groups, combo, strict=True)}
        p = Fraction(1)
        for _, q in combo:
            p *= q

        def proc(d: Dice, chosen: dict[str, tuple[str, ...]] = chosen) -> Before:
            return _apply(units, results, chosen, d, effects)

        out.extend((b, p * q) for b, q in odds(proc))
    return out


# ---------------------------------------------------------------------------------------------
# The whole attack
# ---------------------------------------------------------------------------------------------


@record
class AttackResult:
    """A rolled attack: the Original DR, each unit's IFT result, and the Location after."""

    roll: DR
    results: tuple[tuple[str, IftResult], ...]
    outcome: morale.Result


def _validate(units: Sequence[Unit], attack: Attack) -> None:
    if not units:
        raise InputError("an attack needs a target unit")
    ids = [u.id for u in units]
    if len(set(ids)) != len(ids):
        raise InputError(f"target units named twice: {', '.join(ids)}")
    if sorted(ids) != sorted(uid for uid, _ in attack.drm):
        raise InputError("the attack's DRM must name each target unit once")
    if attack.column not in table.columns():
        raise InputError(f"{attack.column} is not an IFT column")
    if attack.cower < 0:
        raise InputError(f"a Cowering shift of {attack.cower} columns means nothing")
    for u in units:
        if not (u.kind.is_infantry or u.kind in (Kind.CAVALRY, Kind.CYCLE_RIDER)):
            raise InputError(
                f"{u.id} is a {u.kind.value}: the IFT against it (A7.308) is not built"
            )


def resolve_attack(units: Sequence[Unit], attack: Attack, dice: Dice, **facts: Any) -> AttackResult:
    """Roll ``attack`` on the Location of ``units`` (``facts``: Situation fields)."""
    _validate(units, attack)
    roll = dice.DR()
    results = results_of(attack, roll)
    chosen: dict[str, tuple[str, ...]] = {}
    for key, (r, g) in _groups(units, results).items():
        chosen[key] = select(g, _number(r), dice)
    b = _apply(units, results, chosen, dice)
    before = [u for u in units if u.kind == Kind.LEADER]
    after = morale.resolve_checks(b.units, b.checks, dice, leaders=before, gone=b.gone, **facts)
    told = tuple(f"{uid}: {r}" for uid, r in results)
    rules = (_ift_rule(), *b.rules)
    rules += tuple(x for x in after.rules if x not in rules)
    events = (f"IFT DR {roll}", *told, *b.events, *after.events)
    outcome = morale.Result(after.units, after.eliminated, events, tuple(dict.fromkeys(rules)))
    return AttackResult(roll, results, outcome)


def _ift_rule() -> str:
    return str(table.data()["ift"]["rule"])


def attack_ways(units: Sequence[Unit], attack: Attack) -> list[morale.Checks]:
    """Every way the checks of ``attack`` may begin, with its probability (see the module
    docstring), the same ways merged."""
    _validate(units, attack)
    before = tuple(u for u in units if u.kind == Kind.LEADER)
    acc: dict[tuple[Any, ...], list[Any]] = {}
    memo: dict[tuple[tuple[str, IftResult], ...], list[tuple[Before, Fraction]]] = {}
    effects = _Effects()
    for roll, w in _DR_CLASSES:
        results = results_of(attack, roll)
        if results not in memo:
            memo[results] = _before_odds(units, results, effects)
        rule = _ift_rule()
        for b, p in memo[results]:
            key = (b.units, b.gone, b.checks, b.rules)
            if key in acc:
                acc[key][0] += w * p
            else:
                acc[key] = [w * p, b, (rule, *b.rules)]
    return [
        morale.Checks(p, b.units, b.checks, before, b.gone, tuple(units), tuple(dict.fromkeys(rs)))
        for p, b, rs in acc.values()
    ]


def attack_odds(units: Sequence[Unit], attack: Attack, **facts: Any) -> StackOdds:
    """The exact odds of :func:`resolve_attack`, factored (identical units interchangeable)."""
    return morale.stack_odds_checks(attack_ways(units, attack), **facts)
