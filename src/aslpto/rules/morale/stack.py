"""Exact odds of a Location's or a stack's checks (A10.2, G9.43) in time polynomial in its size.

Once the leaders' rolls are known, every other unit's checks are independent of each other:
its own check uses the leadership present after the leaders checked (A10.2, A10.21, G1.41),
its LLMC/LLTC the leadership present when it rolls (A10.2, G1.62), and nothing it rolls
changes a leader or another unit. So:

1. the leaders' part of the procedure is enumerated alone (a *branch* per distinct outcome,
   :mod:`aslpto.rules.morale.branches`), noting for every other unit the checks it takes and
   the leaders present at each;
2. each other unit's checks are enumerated once per distinct unit and situation (a *fate*:
   what the unit becomes, and whether it is eliminated);
3. the stack's outcome is put together from them, the units that start identical taken as
   interchangeable (:class:`StackOdds`: per branch, how many such units take each fate; its
   joint lists the end states - units left and eliminated - with the odds the rolled procedure
   gives over every roll, and :mod:`aslpto.rules.morale.summary` tells them without listing
   them). Every history, events and all, is enumerated by
   :func:`aslpto.rules.morale.procedures.odds_location` and ``odds_panji_stack`` (exponential
   in the stack: :attr:`StackOdds.histories` counts them first).

A DR counts by class - its total and whether it is doubles - because nothing these checks do
depends on more (16 classes instead of 36 rolls for the first DR of every part).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import product
from math import factorial, lcm

from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules.morale import procedures as old
from aslpto.rules.morale.branches import (
    Entry,
    Facts,
    Stage,
    _branches,
    _find,
    _Loss,
    _Own,
    _Plan,
    _replace,
    _Tangled,
    _Walks,
    odds_of_rolls,
)
from aslpto.rules.morale.kept import Kept
from aslpto.rules.morale.levels import situation_in
from aslpto.rules.morale.national import rules_for
from aslpto.rules.morale.procedures import _leaders_first, _panji_each
from aslpto.rules.morale.results import apply_roll
from aslpto.rules.morale.values import Check, Result
from aslpto.state.counters import morale_of
from aslpto.state.dice import Distribution
from aslpto.state.units import Kind, Unit

TEMPLATE = "\x00"
"""The id a unit's fate is computed under when units are taken as interchangeable."""


_Fate = tuple[tuple[Unit, ...], tuple[Entry, ...]]

CHECKS: Kept[Distribution[Result]] = Kept(4096)
"""Each check's odds by the unit's nationality's answers, the unit, check, DRM and situation,
kept from one question to the next."""


def _roll_odds(unit: Unit, check: Check, drm: int, sit: Any) -> Distribution[Result]:
    """One check of ``unit``, every roll by class, computed once per unit, check and
    situation (and kept, :data:`CHECKS`)."""
    # (through the kept answers each time, not a dict of this question's: a fate kept in
    # :data:`FATES` must read again every unchecked value its checks read; the procedure that
    # resolves a check is part of the key, as what the answer depends on)
    return CHECKS.get(
        (apply_roll, rules_for(unit), unit, check, drm, sit),
        lambda: odds_of_rolls(
            lambda d: apply_roll(unit, check, None, d, drm=drm, situation=sit),
            doubles=check == Check.PANJI,
        ),
    )


def _fate_odds(start: Unit, stages: tuple[Stage, ...], facts: Facts) -> Distribution[_Fate]:
    """One unit's checks (its own, then any LLMC/LLTC) given the leaders present at each,
    every roll: composed stage by stage, each check's odds computed once (:data:`CHECKS`) and
    bound to the fates before it, not replayed for every history after it."""
    f = dict(facts)
    uid = start.id
    dist: Distribution[_Fate] = Distribution.certain(((start,), ()))
    for s in stages:
        if isinstance(s, _Own):

            def own(fate: _Fate, s: _Own = s) -> Distribution[_Fate]:
                sub, entries = fate
                unit = _find(sub, uid)
                if unit is None:
                    return Distribution.certain(fate)
                sit = situation_in(unit, [*s.leaders, *sub], **f)
                return _roll_odds(unit, s.check, s.drm, sit).map(
                    lambda r: (
                        tuple(_replace(sub, uid, r.units)),
                        (*entries, (s.time, r.events, r.rules, r.eliminated)),
                    )
                )

            dist = dist.bind(own)
            continue

        def loss(fate: _Fate, s: _Loss = s) -> Distribution[_Fate]:
            sub, entries = fate
            targets = [
                u.id
                for u in sub
                if u.id != s.leader_id and u.side == s.side and morale_of(u) < s.morale
            ]
            if not targets:
                return Distribution.certain(fate)
            Part = tuple[tuple[Unit, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
            part: Distribution[Part] = Distribution.certain((sub, (), (), ()))
            for tid in targets:

                def one(p: Part, tid: str = tid) -> Distribution[Part]:
                    now, events, rules, gone = p
                    unit = _find(now, tid)
                    if unit is None:
                        return Distribution.certain(p)
                    sit = situation_in(unit, [*s.leaders, *now], **f)
                    return _roll_odds(unit, s.check, s.drm, sit).map(
                        lambda r: (
                            tuple(_replace(now, tid, r.units)),
                            events + r.events,
                            rules + r.rules,
                            gone + r.eliminated,
                        )
                    )

                part = part.bind(one)
            return part.map(lambda p: (p[0], (*entries, (s.time, p[1], p[2], p[3]))))

        dist = dist.bind(loss)
    return dist


class _Memo:
    """A unit's fates (:func:`_group_fates`) worked out once per distinct (unit, stages)."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        self._done: dict[tuple[Unit, tuple[Stage, ...]], _Grouped] = {}

    def fates(self, start: Unit, stages: tuple[Stage, ...]) -> _Grouped:
        key = (start, stages)
        got = self._done.get(key)
        if got is None:
            got = self._done[key] = FATES.get(
                (apply_roll, rules_for(start), self.facts, *key),
                lambda: _group_fates(_fate_odds(start, stages, self.facts)),
            )
        return got


_Grouped = tuple[Distribution["Fate"], tuple[tuple["Fate", tuple[str, ...]], ...], int]
"""A unit's fates, the rules leading to each, how many histories."""

FATES: Kept[_Grouped] = Kept(2048)
"""Each unit's fates under its stages (and the stack's facts), kept from one question to the
next."""


# ---------------------------------------------------------------------------------------------
# The plans of the procedures
# ---------------------------------------------------------------------------------------------


def _facts(facts: dict[str, Any]) -> Facts:
    return tuple(sorted(facts.items()))


def _location_plan(
    units: Sequence[Unit],
    check: Check,
    drm: int,
    leader_loss: bool,
    context: Sequence[Unit],
    facts: dict[str, Any],
) -> _Plan:
    first = tuple((u.id, check, drm) for u in _leaders_first(units))
    loss = leader_loss and check.is_mc
    checking = tuple(u for u in units if u.kind == Kind.LEADER) if loss else ()
    return _Plan(tuple([*units, *context]), first, checking, _facts(facts))


def _panji_plans(
    units: Sequence[Unit],
    berserk: bool | None,
    human_wave: bool,
    routing: bool,
    facts: dict[str, Any],
) -> list[tuple[_Plan, Fraction]]:
    units = list(units)
    if not units:
        raise InputError("an empty stack takes no Panji MC")
    each = _panji_each(units, berserk, human_wave, routing)
    rules = ("G9.43", "G9.41") if each else ("G9.43",)
    f = _facts({**facts, "human_wave": human_wave or facts.get("human_wave", False)})
    if each:
        first = tuple((u.id, Check.PANJI, 0) for u in _leaders_first(units))
        return [(_Plan(tuple(units), first, (), f, rules), Fraction(1))]
    plans = []
    for u in units:
        rest = tuple((o.id, Check.PTC, 0) for o in _leaders_first(units) if o.id != u.id)
        first = ((u.id, Check.PANJI, 0), *rest)
        plans.append((_Plan(tuple(units), first, (), f, rules), Fraction(1, len(units))))
    return plans


# ---------------------------------------------------------------------------------------------
# Interchangeable units: the multiset of their fates
# ---------------------------------------------------------------------------------------------

Fate = tuple[tuple[Unit, ...], tuple[str, ...]]
"""What one unit becomes (the units it leaves, ids under :data:`TEMPLATE`) and the ids of it
that were eliminated."""


@record
class Group:
    """Units that start identical (but for their id), taken as interchangeable: ``parts`` says
    how many of them take their checks under which fate distribution (in a G9.43 stack, one
    takes the Panji MC and the others a PTC)."""

    ids: tuple[str, ...]
    parts: tuple[tuple[int, Distribution[Fate]], ...]
    why: tuple[tuple[Fate, tuple[str, ...]], ...] = ()
    """Each fate with the rules that lead to it."""


@record
class Branch:
    """One outcome of the leaders' part: its probability, the units it fixes (leaders, units
    taking no check; a group's units stand in their start state), the leaders eliminated, and
    the groups whose fates are independent given the branch."""

    probability: Fraction
    units: tuple[Unit, ...]
    eliminated: tuple[str, ...]
    groups: tuple[Group, ...]
    rules: tuple[str, ...] = ()
    """The rules the leaders' part applied on the way to this branch."""


@record
class StackOdds:
    """The exact odds of a stack's checks, factored: a distribution over the leaders' part,
    and given each branch, every group's units independent with one fate distribution each.
    Its size grows polynomially with the stack; :meth:`joint` expands it into one outcome per
    multiset of fates (which can be very many: ``size`` counts them first)."""

    branches: tuple[Branch, ...]
    rules: tuple[str, ...]
    histories: int = 0
    """How many distinct histories (events told unit by unit) the full enumeration of
    :mod:`aslpto.rules.morale.procedures` lists: what ``aslpto odds --detail`` would print."""

    def total(self) -> Fraction:
        out = Fraction(0)
        for b in self.branches:
            p = b.probability
            for g in b.groups:
                for k, d in g.parts:
                    p *= d.total() ** k
            out += p
        return out

    @property
    def size(self) -> int:
        """How many outcomes :meth:`joint` lists at most."""
        n = 0
        for b in self.branches:
            m = 1
            for g in b.groups:
                for k, d in g.parts:
                    m *= _choose(k + len(d) - 1, k)
            n += m
        return n

    def joint(self) -> Distribution[Result]:
        """One outcome per end state: the units of a group listed by fate in a fixed order (the
        group's ids given out in turn), its probability counting every way of assigning those
        fates to those units. Events and rules are not kept (see ``rules``)."""
        parts: list[tuple[Result, Fraction]] = []
        renamed: dict[tuple[Fate, str], Fate] = {}

        def named(f: Fate, uid: str) -> Fate:
            key = (f, uid)
            if key not in renamed:
                renamed[key] = _rename(f, uid)
            return renamed[key]

        for b in self.branches:
            per_group = [list(_multisets(g)) for g in b.groups]
            for combo in product(*per_group):
                p = b.probability
                assigned: dict[str, Fate] = {}
                for g, (fates, q) in zip(b.groups, combo, strict=True):
                    p *= q
                    for uid, f in zip(g.ids, fates, strict=True):
                        assigned[uid] = named(f, uid)
                units: list[Unit] = []
                gone = list(b.eliminated)
                for u in b.units:
                    fate = assigned.get(u.id)
                    if fate is None:
                        units.append(u)
                    else:
                        units.extend(fate[0])
                        gone += fate[1]
                parts.append((Result(tuple(units), tuple(gone)), p))
        return Distribution.of(parts)


def _choose(n: int, k: int) -> int:
    return factorial(n) // (factorial(k) * factorial(n - k))


def _rename(f: Fate, uid: str) -> Fate:
    def new(x: str) -> str:
        return uid + x[len(TEMPLATE) :] if x.startswith(TEMPLATE) else x

    units = tuple(u.with_(id=new(u.id)) if u.id.startswith(TEMPLATE) else u for u in f[0])
    return (units, tuple(new(x) for x in f[1]))


def _compositions(k: int, m: int) -> Iterator[tuple[int, ...]]:
    """Every way of writing ``k`` as ``m`` ordered non-negative parts."""
    if m == 1:
        yield (k,)
        return
    for first in range(k, -1, -1):
        for rest in _compositions(k - first, m - 1):
            yield (first, *rest)


def _multinomial(k: int, d: Distribution[Fate]) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """The counts of each fate (in ``d``'s order) among ``k`` units each taking ``d``
    independently, with their probabilities (integer arithmetic over one denominator)."""
    den = lcm(*(p.denominator for _, p in d))
    nums = [p.numerator * (den // p.denominator) for _, p in d]
    total = den**k
    kf = factorial(k)
    for counts in _compositions(k, len(nums)):
        w = kf
        for c, n in zip(counts, nums, strict=True):
            if c:
                w = w * n**c // factorial(c)
        if w:
            yield counts, Fraction(w, total)


def _multisets(g: Group) -> Iterator[tuple[tuple[Fate, ...], Fraction]]:
    """The group's multisets of fates (each sorted in a fixed order, so that the same multiset
    reached otherwise is the same outcome) with their probabilities."""
    fates: list[Fate] = []
    index: dict[Fate, int] = {}
    for _, d in g.parts:
        for f, _ in d:
            if f not in index:
                index[f] = len(fates)
                fates.append(f)
    rank = sorted(range(len(fates)), key=lambda i: repr(fates[i]))
    rank_of = {i: r for r, i in enumerate(rank)}
    acc: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}
    for k, d in g.parts:
        ranks = [rank_of[index[f]] for f, _ in d]
        step: dict[tuple[int, ...], Fraction] = {}
        for counts, q in _multinomial(k, d):
            add = tuple(r for r, c in zip(ranks, counts, strict=True) for _ in range(c))
            for have, p in acc.items():
                key = tuple(sorted(have + add)) if have else tuple(sorted(add))
                step[key] = step.get(key, Fraction(0)) + p * q
        acc = step
    for key, p in acc.items():
        yield tuple(fates[rank[r]] for r in key), p


# ---------------------------------------------------------------------------------------------
# Building the factored odds
# ---------------------------------------------------------------------------------------------


def _untimed(stages: tuple[Stage, ...]) -> tuple[Stage, ...]:
    return tuple(replace(s, time=(0, 0)) for s in stages)


def _stage_key(s: Stage) -> tuple[Any, ...]:
    """A stage as a plain tuple, its time left out (what the unit's fates depend on)."""
    if isinstance(s, _Own):
        return (s.check, s.drm, s.leaders)
    return (s.leader_id, s.side, s.morale, s.check, s.drm, s.leaders)


class _Groups:
    """What :func:`_stack` works out once per stack and reads for every plan and branch: each
    unit's stand-in under :data:`TEMPLATE`, each unit's stages without their times, the fates
    of a unit under its stages (:data:`_Grouped`, with a number standing for its value), and
    each :class:`Group` (by its ids and parts' numbers, a number standing for its value)."""

    def __init__(self) -> None:
        self.templates: dict[Unit, Unit] = {}
        self.untimed: dict[tuple[tuple[Any, ...], ...], tuple[Stage, ...]] = {}
        self.grouped: dict[tuple[Unit, tuple[Stage, ...]], tuple[_Grouped, int]] = {}
        self.values: dict[tuple[Distribution[Fate], tuple[Any, ...]], int] = {}
        self.groups: dict[tuple[Any, ...], tuple[Group, int, int]] = {}
        self.group_values: dict[Group, int] = {}
        self.fates: dict[Facts, _Memo] = {}

    def template(self, u: Unit) -> Unit:
        got = self.templates.get(u)
        if got is None:
            got = self.templates[u] = u.with_(id=TEMPLATE)
        return got

    def stages(self, stages: tuple[Stage, ...]) -> tuple[Stage, ...]:
        key = tuple(_stage_key(s) for s in stages)
        got = self.untimed.get(key)
        if got is None:
            got = self.untimed[key] = _untimed(stages)
        return got


def _stack(plans: list[tuple[_Plan, Fraction]]) -> StackOdds:
    acc: dict[tuple[tuple[Unit, ...], tuple[str, ...], tuple[int, ...]], Fraction] = {}
    why: dict[tuple[tuple[Unit, ...], tuple[str, ...], tuple[int, ...]], list[str]] = {}
    rules: list[str] = []
    histories = 0

    def seen(rs: Sequence[str], into: list[str] = rules) -> None:
        into.extend(r for r in rs if r not in into)

    memos = _Groups()
    by_value: dict[int, Group] = {}
    walks: _Walks = {}
    for plan, w in plans:
        seen(plan.rules)
        memo = memos.fates.setdefault(plan.facts, _Memo(plan.facts))
        template = memos.template
        origin = {u.id: template(u) for u in plan.units}
        origin.update((u.id, template(u)) for u in plan.before)
        for branch, pb in _branches(plan, walks):
            entries = sorted(branch.entries, key=lambda e: e[0])
            told = list(plan.rules)
            for e in entries:
                seen(e[2])
                seen(e[2], told)
            gone = plan.gone + tuple(x for e in entries for x in e[3])
            # units are interchangeable when they started identical and are so when they
            # check (a broken HS and an unbroken one, both gone berserk with their leader,
            # check alike but keep their ids apart)
            members: dict[tuple[Unit, Unit], list[str]] = {}
            kinds: dict[tuple[Unit, Unit], dict[tuple[Stage, ...], int]] = {}
            for uid, start, stages in branch.others:
                t = template(start)
                both = (origin.get(uid, t), t)
                members.setdefault(both, []).append(uid)
                key = memos.stages(stages)
                k = kinds.setdefault(both, {})
                k[key] = k.get(key, 0) + 1
            tokens: list[int] = []
            count = 1
            for both, ids in members.items():
                group, value, h = _group(memos, memo, both[1], tuple(ids), kinds[both], seen)
                by_value.setdefault(value, group)
                tokens.append(value)
                count *= h
            histories += count
            at = (branch.units, gone, tuple(tokens))
            acc[at] = acc.get(at, Fraction(0)) + pb * w
            seen(told, why.setdefault(at, []))
    branches = tuple(
        Branch(p, u, g, tuple(by_value[t] for t in gr), tuple(why[(u, g, gr)]))
        for (u, g, gr), p in acc.items()
    )
    return StackOdds(branches, tuple(rules), histories)


def _group(
    memos: _Groups,
    memo: _Memo,
    t: Unit,
    ids: tuple[str, ...],
    kinds: dict[tuple[Stage, ...], int],
    seen: Callable[..., None],
) -> tuple[Group, int, int]:
    """The :class:`Group` of units ``ids`` (stand-in ``t``) taking their checks under each of
    ``kinds`` (stages: how many), a number standing for its value, and how many histories its
    units' checks have together."""
    parts: list[tuple[int, int]] = []
    for stages, n in kinds.items():
        got = memos.grouped.get((t, stages))
        if got is None:
            try:
                g = memo.fates(t, stages)
            except (RuleViolation, InputError) as e:  # (named by its first unit)
                said = e.message.replace(TEMPLATE, ids[0])
                raise replace(e, message=said) from None
            value = memos.values.setdefault((g[0], g[1]), len(memos.values))
            got = memos.grouped[(t, stages)] = (g, value)
        parts.append((n, got[1]))
    key = (ids, tuple(parts), tuple(memos.grouped[(t, st)][0][2] for st in kinds))
    made = memos.groups.get(key)
    if made is not None:
        return made
    count = 1
    dists = []
    fate_rules: dict[Fate, list[str]] = {}
    for stages, n in kinds.items():
        (d, fr, h), _ = memos.grouped[(t, stages)]
        seen([r for _, rs in fr for r in rs])
        for f, rs in fr:
            seen(rs, fate_rules.setdefault(f, []))
        dists.append((n, d))
        count *= h**n
    fr_all = tuple((f, tuple(rs)) for f, rs in fate_rules.items())
    group = Group(ids, tuple(dists), fr_all)
    value = memos.group_values.setdefault(group, len(memos.group_values))
    made = memos.groups[key] = (group, value, count)
    return made


def _group_fates(full: Distribution[_Fate]) -> _Grouped:
    """A unit's fates with their histories' events dropped, the rules that lead to each, and
    how many distinct histories there were."""
    why: dict[Fate, list[str]] = {}
    for f, _ in full:
        fate = (f[0], tuple(x for e in f[1] for x in e[3]))
        rs = why.setdefault(fate, [])
        rs.extend(r for e in f[1] for r in e[2] if r not in rs)
    d = full.map(lambda f: (f[0], tuple(x for e in f[1] for x in e[3])))
    return d, tuple((f, tuple(rs)) for f, rs in why.items()), len(full)


def stack_odds_location(
    units: Sequence[Unit],
    check: Check,
    *,
    drm: int = 0,
    leader_loss: bool = True,
    context: Sequence[Unit] = (),
    **facts: Any,
) -> StackOdds:
    """Exact odds of :func:`~aslpto.rules.morale.resolve_location` with the units that start
    identical taken as interchangeable, factored (see :class:`StackOdds`)."""
    plan = _location_plan(units, check, drm, leader_loss, context, facts)
    try:
        return _stack([(plan, Fraction(1))])
    except _Tangled:
        d = old.odds_location(
            units, check, drm=drm, leader_loss=leader_loss, context=context, **facts
        )
        return _flat(d)


@record
class Checks:
    """One way a Location's checks may begin, with its probability (an attack's IFT results,
    say): the units present, each checking unit's ``(id, check, DRM)`` in the order taken
    (leaders first, A10.2), the leaders whose loss brings a LLMC/LLTC (as they were before),
    the ids already eliminated, the Location before anything happened (units that started
    identical there are interchangeable), and the rules applied so far."""

    probability: Fraction
    units: tuple[Unit, ...]
    checks: tuple[tuple[str, Check, int], ...]
    leaders: tuple[Unit, ...] = ()
    gone: tuple[str, ...] = ()
    before: tuple[Unit, ...] = ()
    rules: tuple[str, ...] = ()


def stack_odds_checks(ways: Sequence[Checks], **facts: Any) -> StackOdds:
    """Exact odds of the checks of :class:`Checks` begun in any of ``ways`` (their
    probabilities summing to 1), factored as :class:`StackOdds`. ``facts`` are
    :class:`~aslpto.rules.morale.Situation` fields."""
    f = _facts(facts)
    plans = [
        (_Plan(w.units, w.checks, w.leaders, f, w.rules, w.gone, w.before), w.probability)
        for w in ways
    ]
    try:
        return _stack(plans)
    except _Tangled:
        parts: list[tuple[Result, Fraction]] = []
        for w in ways:
            d = old.odds_checks(w.units, w.checks, leaders=w.leaders, gone=w.gone, **facts)
            parts.extend((replace(r, rules=w.rules + r.rules), p * w.probability) for r, p in d)
        return _flat(Distribution.of(parts))


def stack_odds_panji(
    units: Sequence[Unit],
    *,
    berserk: bool | None = None,
    human_wave: bool = False,
    routing: bool = False,
    **facts: Any,
) -> StackOdds:
    """Exact odds of :func:`~aslpto.rules.morale.resolve_panji_stack` (G9.43) with the units
    that start identical taken as interchangeable, factored (see :class:`StackOdds`)."""
    plans = _panji_plans(units, berserk, human_wave, routing, facts)
    try:
        return _stack(plans)
    except _Tangled:
        d = old.odds_panji_stack(
            units, berserk=berserk, human_wave=human_wave, routing=routing, **facts
        )
        return _flat(d)


def _flat(d: Distribution[Result]) -> StackOdds:
    rules: list[str] = []
    for r, _ in d:
        rules.extend(x for x in r.rules if x not in rules)
    branches = tuple(Branch(p, r.units, r.eliminated, (), r.rules) for r, p in d)
    return StackOdds(branches, tuple(rules), len(d))
