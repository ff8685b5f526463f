"""A stack's exact odds told without listing its joint outcomes (A10.2, G9.43).

From the factored odds of :mod:`aslpto.rules.morale.stack` (given the leaders' part, each
other unit's checks independent): the outcomes of the units outside the groups (the leaders),
how one unit of each group of interchangeable units ends, how many of them end each way, and
how many of the units given end eliminated, broken or in Good Order - every distribution exact,
in time polynomial in the stack's size (a count of ``k`` units is a sum of binomials, mixed
over the leaders' outcomes).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.rules.morale.stack import Branch, Fate, StackOdds
from aslpto.rules.morale.values import Result
from aslpto.state.units import Unit

Ending = tuple[tuple[Unit, ...], int]
"""What is left of one unit as it stood: its pieces (ids blanked, in a fixed order) and how many
of it were eliminated."""

STANDINGS = ("eliminated", "broken", "good order")
"""How a unit can end: nothing left of it; all that is left of it broken; something left of it
unbroken (pinned and berserk units are in Good Order)."""


def standing(pieces: Sequence[Unit]) -> str:
    """Which of :data:`STANDINGS` a unit's pieces stand in."""
    if not pieces:
        return "eliminated"
    return "broken" if all(u.broken for u in pieces) else "good order"


@record
class Tally:
    """How many of ``ids`` end so: ``counts[k]`` is the probability that exactly ``k`` of them
    do (``k`` from 0 to ``len(ids)``; the counts sum to 1), ``rules`` the rules leading there."""

    ids: tuple[str, ...]
    counts: tuple[Fraction, ...]
    rules: tuple[str, ...]


@record
class GroupSummary:
    """Interchangeable units: the odds that one of them ends as each ending (``each``, most
    likely first, summing to 1) and, for each ending, how many of them do."""

    ids: tuple[str, ...]
    each: tuple[tuple[Ending, Fraction, tuple[str, ...]], ...]
    tallies: tuple[tuple[Ending, Tally], ...]


@record
class Summary:
    """A stack's exact odds told without listing its joint outcomes (:func:`summarize`):
    the outcomes of the units outside the groups (the leaders, A10.2; the units present) with
    their rules, each group's endings, and how many of the units given end eliminated, broken or
    in Good Order (:data:`STANDINGS`). Each distribution sums to 1."""

    fixed: tuple[tuple[Result, Fraction], ...]
    groups: tuple[GroupSummary, ...]
    totals: tuple[tuple[str, Tally], ...]


def _ending(f: Fate) -> Ending:
    pieces = sorted((u.with_(id="") for u in f[0]), key=repr)
    return (tuple(pieces), len(f[1]))


def _pieces(units: Sequence[Unit], uid: str) -> tuple[Unit, ...]:
    """The units left of unit ``uid``: itself, or what it became (its half-squads ``uid``a/b, a
    hero ``uid``-hero): an id that starts with ``uid`` and goes on with no digit."""
    return tuple(
        u for u in units if u.id == uid or (u.id.startswith(uid) and not u.id[len(uid)].isdigit())
    )


Counts = tuple[list[int], int]
"""A distribution of a count: numerators (index: the count) over one denominator."""


def _binomial(k: int, q: Fraction) -> Counts:
    a, b = q.numerator, q.denominator
    return [comb(k, i) * a**i * (b - a) ** (k - i) for i in range(k + 1)], b**k


def _convolve(x: Counts, y: Counts) -> Counts:
    out = [0] * (len(x[0]) + len(y[0]) - 1)
    for i, u in enumerate(x[0]):
        if u:
            for j, v in enumerate(y[0]):
                out[i + j] += u * v
    return out, x[1] * y[1]


def _how_many(parts: Sequence[tuple[int, Fraction]]) -> Counts:
    """The distribution of how many of the parts' units end so, ``k`` units each with
    probability ``q`` per part, independently."""
    acc: Counts = ([1], 1)
    for k, q in parts:
        acc = _convolve(acc, _binomial(k, q))
    return acc


class _Accumulator:
    """Count distributions mixed over the branches: ``add`` a branch's, weighted."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.counts: dict[Any, list[Fraction]] = {}
        self.weight: dict[Any, Fraction] = {}
        self.rules: dict[Any, list[str]] = {}

    def add(self, key: Any, w: Fraction, c: Counts, rules: Sequence[str] = ()) -> None:
        acc = self.counts.setdefault(key, [Fraction(0)] * (self.n + 1))
        for i, num in enumerate(c[0]):
            if num:
                acc[i] += w * Fraction(num, c[1])
        self.weight[key] = self.weight.get(key, Fraction(0)) + w
        self.note(key, rules)

    def note(self, key: Any, rules: Sequence[str]) -> None:
        rs = self.rules.setdefault(key, [])
        rs.extend(r for r in rules if r not in rs)

    def tally(self, key: Any, ids: tuple[str, ...], total: Fraction) -> Tally:
        counts = list(self.counts.get(key, [Fraction(0)] * (self.n + 1)))
        counts[0] += total - self.weight.get(key, Fraction(0))  # branches where none can
        return Tally(ids, tuple(counts), tuple(self.rules.get(key, ())))


def _blocks(so: StackOdds) -> list[tuple[str, ...]]:
    """The groups' ids, groups that share a unit in any branch taken together (in every
    procedure here each group is the same in every branch)."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for b in so.branches:
        for g in b.groups:
            for uid in g.ids:
                parent.setdefault(uid, uid)
            for uid in g.ids[1:]:
                parent[root(uid)] = root(g.ids[0])
    out: dict[str, list[str]] = {}
    for uid in parent:
        out.setdefault(root(uid), []).append(uid)
    return [tuple(ids) for ids in out.values()]


def summarize(so: StackOdds, given: Sequence[str]) -> Summary:
    """:class:`Summary` of ``so``; ``given``: the ids of the units that took the checks."""
    blocks = _blocks(so)
    grouped = {uid for ids in blocks for uid in ids}
    total = sum((b.probability for b in so.branches), Fraction(0))
    fixed: dict[tuple[tuple[Unit, ...], tuple[str, ...]], tuple[Fraction, list[str]]] = {}
    accs = [_Accumulator(len(ids)) for ids in blocks]
    each: list[dict[Ending, Fraction]] = [{} for _ in blocks]
    totals = _Accumulator(len(given))
    ending_of: dict[Fate, Ending] = {}  # (each fate's ending worked out once)
    for b in so.branches:
        key = (tuple(u for u in b.units if u.id not in grouped), b.eliminated)
        p, rs = fixed.get(key, (Fraction(0), []))
        rs.extend(r for r in b.rules if r not in rs)
        fixed[key] = (p + b.probability, rs)
        standing_parts: dict[str, list[tuple[int, Fraction]]] = {s: [] for s in STANDINGS}
        why: dict[str, list[str]] = {s: [] for s in STANDINGS}
        for uid in given:
            if uid not in grouped:
                s = standing(_pieces(b.units, uid))
                standing_parts[s].append((1, Fraction(1)))
                why[s].extend(b.rules)
        for i, ids in enumerate(blocks):
            parts = _block_parts(b, ids)
            fate_rules = {f: rs for g in b.groups if set(g.ids) <= set(ids) for f, rs in g.why}
            endings: dict[Ending, list[str]] = {}
            # each part's odds of each ending and of each standing, its fates summed once
            by_ending: list[dict[Ending, Fraction]] = []
            by_standing: list[dict[str, Fraction]] = []
            for _, d in parts:
                pe: dict[Ending, Fraction] = {}
                ps: dict[str, Fraction] = {}
                for f, q in d.items():
                    e = ending_of.get(f)
                    if e is None:
                        e = ending_of[f] = _ending(f)
                    rs = endings.setdefault(e, [])
                    rs.extend(r for r in fate_rules.get(f, ()) if r not in rs)
                    pe[e] = pe.get(e, Fraction(0)) + q
                    st = standing(f[0])
                    ps[st] = ps.get(st, Fraction(0)) + q
                by_ending.append(pe)
                by_standing.append(ps)
            for e, rs in endings.items():
                qs = [
                    (k, pe.get(e, Fraction(0))) for (k, _), pe in zip(parts, by_ending, strict=True)
                ]
                accs[i].add(e, b.probability, _how_many(qs), rs)
                mean = sum((k * q for k, q in qs), Fraction(0)) / len(ids)
                each[i][e] = each[i].get(e, Fraction(0)) + b.probability * mean
                s = standing(e[0])
                why[s].extend(rs)
            for s in STANDINGS:
                qs = [
                    (k, ps.get(s, Fraction(0)))
                    for (k, _), ps in zip(parts, by_standing, strict=True)
                ]
                standing_parts[s].extend(qs)
        for s in STANDINGS:
            totals.add(s, b.probability, _how_many(standing_parts[s]), why[s])
    groups = []
    for i, ids in enumerate(blocks):
        order = sorted(each[i], key=lambda e: -each[i][e])
        groups.append(
            GroupSummary(
                ids,
                tuple((e, each[i][e], tuple(accs[i].rules[e])) for e in order),
                tuple((e, accs[i].tally(e, ids, total)) for e in order),
            )
        )
    outcomes = sorted(
        ((Result(u, el, (), tuple(rs)), p) for (u, el), (p, rs) in fixed.items()),
        key=lambda rp: -rp[1],
    )
    gids = tuple(given)
    return Summary(
        tuple(outcomes),
        tuple(groups),
        tuple((s, totals.tally(s, gids, total)) for s in STANDINGS),
    )


def _block_parts(b: Branch, ids: tuple[str, ...]) -> list[tuple[int, dict[Fate, Fraction]]]:
    """The block's units in branch ``b``: (how many, one unit's fate odds) for each part of its
    groups, and a certain fate for a unit of the block that took no check there."""
    parts: list[tuple[int, dict[Fate, Fraction]]] = []
    inside: set[str] = set()
    for g in b.groups:
        if set(g.ids) <= set(ids):
            inside.update(g.ids)
            parts.extend((k, dict(d.items)) for k, d in g.parts)
    for uid in ids:
        if uid not in inside:
            gone = tuple(x for x in b.eliminated if x == uid)
            parts.append((1, {(_pieces(b.units, uid), gone): Fraction(1)}))
    return parts
