"""The leaders' part of a stack's checks (A10.2, G1.41, G9.43): the plan of a Location's checks,
and each outcome of the leaders' rolls as a branch holding every other unit's checks.

Leaders check first (A10.2); what they become decides the leadership each other unit checks
with and the LLMC/LLTC it takes for a leader lost. :func:`_branches` gives the distribution of
those branches over every roll; :mod:`aslpto.rules.morale.stack` then works out each other unit's
fate once per distinct unit and stages and puts the stack's odds together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.rules.morale.kept import Kept
from aslpto.rules.morale.levels import situation_in
from aslpto.rules.morale.national import rules_for
from aslpto.rules.morale.results import apply_roll
from aslpto.rules.morale.values import Check, as_leadership, leader_loss_drm
from aslpto.state.counters import morale_of, parse_leader
from aslpto.state.dice import DR, Dice, Distribution, T, odds_by_class
from aslpto.state.units import Kind, Unit

Facts = tuple[tuple[str, Any], ...]
Time = tuple[int, int]
"""When a part of the procedure happens: (0, n) the n-th check of the first round; (k, slot)
the k-th leader loss (A10.2), the unit at ``slot`` of the Location."""
Entry = tuple[Time, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""(when, events, rules, ids eliminated) of one part."""


# ---------------------------------------------------------------------------------------------
# Every roll, a DR by its total
# ---------------------------------------------------------------------------------------------

_TOTALS: tuple[tuple[DR, int], ...] = tuple(
    (DR(max(1, t - 6), t - max(1, t - 6)), 6 - abs(t - 7))
    for t in (2, 3, 5, 7, 4, 6, 9, 8, 10, 11, 12)
)
"""The 11 totals of a DR, each with a roll that makes it and how many of the 36 do, in the order
that makes a walk meet the outcomes in the order :func:`odds_by_class` meets them (its classes
of one total give one outcome when doubles do not matter)."""


class _ByTotal:
    """Dice for a walk of every roll in which a DR counts by its total alone."""

    __slots__ = ("dens", "nums", "prefix", "taken", "widths")

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.taken: list[int] = []
        self.widths: list[int] = []
        self.nums: list[int] = []  # each pick's probability: nums[i] / dens[i]
        self.dens: list[int] = []

    def _pick(self, width: int) -> int:
        i = len(self.taken)
        v = self.prefix[i] if i < len(self.prefix) else 0
        self.taken.append(v)
        self.widths.append(width)
        return v

    def dr(self) -> int:
        self.nums.append(1)
        self.dens.append(6)
        return self._pick(6) + 1

    def DR(self) -> DR:
        rep, n = _TOTALS[self._pick(len(_TOTALS))]
        self.nums.append(n)
        self.dens.append(36)
        return rep

    def choice(self, n: int) -> int:
        if n < 1:
            raise ValueError("choice among no items")
        self.nums.append(1)
        self.dens.append(n)
        return self._pick(n)


def odds_by_total(procedure: Callable[[Dice], T]) -> Distribution[T]:
    """:func:`~aslpto.state.dice.odds_by_class` for a procedure that reads every DR only by its
    total (every check but the Panji MC, whose Original doubles Casualty Reduce, G9.31): 11
    branches a DR instead of 16, the outcomes in the same order and with the same odds."""
    acc: dict[T, Fraction] = {}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        src = _ByTotal(prefix)
        result = procedure(src)
        num, den = 1, 1
        for n, d in zip(src.nums, src.dens, strict=True):
            num *= n
            den *= d
        p = Fraction(num, den)
        got = acc.get(result)
        acc[result] = p if got is None else got + p
        for i in range(len(src.taken) - 1, len(prefix) - 1, -1):
            for v in range(1, src.widths[i]):
                stack.append([*src.taken[:i], v])
    return Distribution(tuple(acc.items()))


def odds_of_rolls(procedure: Callable[[Dice], T], *, doubles: bool) -> Distribution[T]:
    """Every roll of ``procedure``: by class where a DR's doubles matter, else by total."""
    return odds_by_class(procedure) if doubles else odds_by_total(procedure)


class _Tangled(Exception):
    """A leader's result changed a unit that had already checked: the parts are not independent
    (no procedure here does so; the composed enumeration answers then)."""


@record
class _Own:
    """The unit's own check."""

    check: Check
    drm: int
    leaders: tuple[Unit, ...]
    time: Time


@record
class _Loss:
    """A LLMC/LLTC for the loss of a leader (A10.2), taken by the unit's parts of lower Morale
    Level."""

    leader_id: str
    side: str
    morale: int
    check: Check
    drm: int
    leaders: tuple[Unit, ...]
    time: Time


Stage = _Own | _Loss


@record
class _Plan:
    units: tuple[Unit, ...]  # the Location: checking units, then context
    first: tuple[tuple[str, Check, int], ...]  # the first round: (id, check, DRM), in order
    checking_leaders: tuple[Unit, ...]  # whose loss brings a LLMC/LLTC (empty: none)
    facts: Facts
    rules: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()  # ids eliminated before the checks (a KIA)
    before: tuple[Unit, ...] = ()  # the Location before (who started identical); () units


@record
class _Branch:
    """The leaders' part: the Location after it (the other units as they were when they
    checked), what happened to the leaders, and each other unit's checks."""

    units: tuple[Unit, ...]
    entries: tuple[Entry, ...]
    others: tuple[tuple[str, Unit, tuple[Stage, ...]], ...]  # (id, unit, stages) in slot order


def _find(units: Sequence[Unit], uid: str) -> Unit | None:
    return next((u for u in units if u.id == uid), None)


def _replace(units: Sequence[Unit], uid: str, new: Sequence[Unit]) -> list[Unit]:
    out: list[Unit] = []
    for u in units:
        if u.id == uid:
            out.extend(new)
        else:
            out.append(u)
    return out


def _leaders(units: Sequence[Unit]) -> tuple[Unit, ...]:
    """The leaders present, as another unit's check reads them (``as_leadership``)."""
    return tuple(as_leadership(u) for u in units if u.kind == Kind.LEADER)


def _commissar(unit: Unit, after: Unit | None) -> bool:
    """G1.41 (A25.223): a Japanese leader who has just gone berserk takes the units with him."""
    return (
        after is not None
        and after.berserk
        and not unit.berserk
        and rules_for(after).is_commissar_equivalent(after).value
    )


@record
class _LeaderLoss:
    """A leader lost (A10.2): the check his lower-Morale units take, its DRM, his Morale Level
    and the ids of the leaders of lower Morale Level who roll it now."""

    check: Check
    drm: int
    morale: int
    targets: tuple[str, ...]


def _leader_loss(leader: Unit, st: Sequence[Unit], eliminated: Sequence[str]) -> _LeaderLoss | None:
    """A10.2, G1.62: a LLMC for a leader eliminated, a LLTC for one just broken; else None."""
    now = _find(st, leader.id)
    lost = leader.id in eliminated
    if not (lost or (now is not None and now.broken and not leader.broken)):
        return None
    drm = leader_loss_drm(parse_leader(leader.counter)[1])
    ml = morale_of(leader)
    targets = tuple(
        u.id
        for u in st
        if u.kind == Kind.LEADER
        and u.id != leader.id
        and u.side == leader.side
        and morale_of(u) < ml
    )
    return _LeaderLoss(Check.LLMC if lost else Check.LLTC, drm, ml, targets)


def _leaders_part(plan: _Plan, dice: Dice) -> _Branch:
    """Run the procedure with the leaders' rolls only (see the module docstring)."""
    facts = dict(plan.facts)
    slot = {u.id: i for i, u in enumerate(plan.units)}
    st = list(plan.units)
    entries: list[Entry] = []
    eliminated: list[str] = list(plan.gone)
    start: dict[str, Unit] = {}
    stages: dict[str, list[Stage]] = {}
    for pos, (uid, check, drm) in enumerate(plan.first):
        unit = _find(st, uid)
        if unit is None:
            continue
        if unit.kind != Kind.LEADER:
            start[uid] = unit
            stages.setdefault(uid, []).append(_Own(check, drm, _leaders(st), (0, pos)))
            continue
        r = apply_roll(unit, check, None, dice, drm=drm, situation=situation_in(unit, st, **facts))
        st = _replace(st, uid, r.units)
        events, rules = r.events, r.rules
        after = _find(r.units, uid)
        if _commissar(unit, after):
            assert after is not None
            cb = rules_for(after).commissar_berserk(after, st)
            if any(_find(cb.value, o) != _find(st, o) for o in start):
                raise _Tangled
            st = list(cb.value)
            events += (f"{uid}: units with him go berserk",)
            rules += cb.rules
        entries.append(((0, pos), events, rules, r.eliminated))
        eliminated += r.eliminated
    for k, leader in enumerate(plan.checking_leaders, start=1):
        loss = _leader_loss(leader, st, eliminated)
        if loss is None:
            continue
        for u in list(st):
            if u.kind != Kind.LEADER:
                start.setdefault(u.id, u)
                stages.setdefault(u.id, []).append(
                    _Loss(
                        leader.id,
                        leader.side,
                        loss.morale,
                        loss.check,
                        loss.drm,
                        _leaders(st),
                        (k, slot[u.id]),
                    )
                )
            elif u.id in loss.targets:
                unit = _find(st, u.id)
                assert unit is not None
                sit = situation_in(unit, st, **facts)
                r = apply_roll(unit, loss.check, None, dice, drm=loss.drm, situation=sit)
                st = _replace(st, u.id, r.units)
                entries.append(((k, slot[u.id]), r.events, r.rules, r.eliminated))
                eliminated += r.eliminated
    others = tuple((u.id, start[u.id], tuple(stages[u.id])) for u in st if u.id in stages)
    return _Branch(tuple(st), tuple(entries), others)


WALKS: Kept[Distribution[_WalkOut]] = Kept(1024)
"""The leaders' parts walked alone, by what they depend on (:func:`_walk_key`), kept from one
question to the next."""


def _branches(plan: _Plan, walks: _Walks | None = None) -> Distribution[_Branch]:
    """The leaders' part of ``plan``, every roll by its class. Where every leader checks before
    the other units (the usual order, A10.2), the leaders' rolls are walked once per distinct
    leaders' part (``walks``, shared by the plans of one stack: the ways an attack's checks
    begin differ in the others' checks, rarely in the leaders') and each outcome is dressed
    with this plan's other units (:func:`_dress`)."""
    key = _walk_key(plan)
    doubles = any(c[1] == Check.PANJI for c in plan.first)
    if key is None or walks is None:
        return odds_of_rolls(lambda d: _leaders_part(plan, d), doubles=doubles)
    got = walks.get(key)
    if got is None:
        nations = tuple(rules_for(u) for u in plan.units if u.kind == Kind.LEADER)
        got = walks[key] = WALKS.get(
            (apply_roll, key, doubles, nations),
            lambda: odds_of_rolls(lambda d: _walk(plan, d), doubles=doubles),
        )
    return got.map(lambda w: _dress(plan, w))


# ---------------------------------------------------------------------------------------------
# The leaders' part walked alone
# ---------------------------------------------------------------------------------------------

_Group = tuple[str, tuple[Unit, ...]]
"""A leader's slot: his id, and the units he has become (none when eliminated)."""


@record
class _Loss1:
    """A leader loss the others take a LLMC/LLTC for: the stage's facts, the leaders present
    when it begins, and after each roll of a leader of lower Morale Level, the leaders then."""

    k: int
    leader_id: str
    side: str
    morale: int
    check: Check
    drm: int
    groups: tuple[_Group, ...]  # the leaders' slots when it begins
    before: tuple[Unit, ...]
    after: tuple[tuple[str, tuple[Unit, ...]], ...]  # (leader rolled, leaders present after)


@record
class _WalkOut:
    """One outcome of the leaders' rolls: each leader's slot at the end, the entries, the ids
    eliminated, the berserk leaders whose units went berserk with them (G1.41, A25.223), the
    leaders present when the others take their own checks, and the leader losses."""

    groups: tuple[_Group, ...]
    entries: tuple[Entry, ...]
    commissars: tuple[Unit, ...]
    own_leaders: tuple[Unit, ...]
    losses: tuple[_Loss1, ...]


_Walks = dict[tuple[Any, ...], Distribution[_WalkOut]]


def _walk_key(plan: _Plan) -> tuple[Any, ...] | None:
    """What the leaders' part of ``plan`` depends on, or None where a unit other than a leader
    checks before a leader (the part is then run with the others, :func:`_leaders_part`)."""
    leader_ids = {u.id for u in plan.units if u.kind == Kind.LEADER}
    kinds = [c[0] in leader_ids for c in plan.first]
    if kinds != sorted(kinds, reverse=True):
        return None
    leaders = tuple((i, u) for i, u in enumerate(plan.units) if u.kind == Kind.LEADER)
    first = tuple((pos, c) for pos, c in enumerate(plan.first) if c[0] in leader_ids)
    gone = tuple(
        g for g in plan.gone if g in leader_ids or g in {u.id for u in plan.checking_leaders}
    )
    return (leaders, first, plan.checking_leaders, plan.facts, gone)


def _units_of(groups: Sequence[_Group]) -> list[Unit]:
    return [u for _, us in groups for u in us]


def _regroup(groups: Sequence[_Group], uid: str, new: Sequence[Unit]) -> tuple[_Group, ...]:
    return tuple(
        (g, tuple(_replace(us, uid, new)) if any(u.id == uid for u in us) else us)
        for g, us in groups
    )


def _walk(plan: _Plan, dice: Dice) -> _WalkOut:
    """:func:`_leaders_part` for the leaders alone (its rolls, in its order)."""
    facts = dict(plan.facts)
    slot = {u.id: i for i, u in enumerate(plan.units)}
    groups: tuple[_Group, ...] = tuple((u.id, (u,)) for u in plan.units if u.kind == Kind.LEADER)
    entries: list[Entry] = []
    eliminated: list[str] = list(plan.gone)
    commissars: list[Unit] = []
    for pos, (uid, check, drm) in enumerate(plan.first):
        st = _units_of(groups)
        unit = _find(st, uid)
        if unit is None or unit.kind != Kind.LEADER:
            continue
        r = apply_roll(unit, check, None, dice, drm=drm, situation=situation_in(unit, st, **facts))
        groups = _regroup(groups, uid, r.units)
        events, rules = r.events, r.rules
        after = _find(r.units, uid)
        if _commissar(unit, after):
            assert after is not None
            cb = rules_for(after).commissar_berserk(after, _units_of(groups))
            made = {u.id: u for u in cb.value}
            groups = tuple((g, tuple(made[u.id] for u in us)) for g, us in groups)
            commissars.append(after)
            events += (f"{uid}: units with him go berserk",)
            rules += cb.rules
        entries.append(((0, pos), events, rules, r.eliminated))
        eliminated += r.eliminated
    own = _leaders(_units_of(groups))
    losses: list[_Loss1] = []
    for k, leader in enumerate(plan.checking_leaders, start=1):
        st = _units_of(groups)
        loss = _leader_loss(leader, st, eliminated)
        if loss is None:
            continue
        begin = groups
        before = _leaders(st)
        rolled: list[tuple[str, tuple[Unit, ...]]] = []
        for u in st:
            if u.kind == Kind.LEADER and u.id in loss.targets:
                cur = _units_of(groups)
                unit = _find(cur, u.id)
                assert unit is not None
                sit = situation_in(unit, cur, **facts)
                r = apply_roll(unit, loss.check, None, dice, drm=loss.drm, situation=sit)
                groups = _regroup(groups, u.id, r.units)
                entries.append(((k, slot[u.id]), r.events, r.rules, r.eliminated))
                eliminated += r.eliminated
                rolled.append((u.id, _leaders(_units_of(groups))))
        losses.append(
            _Loss1(
                k,
                leader.id,
                leader.side,
                loss.morale,
                loss.check,
                loss.drm,
                begin,
                before,
                tuple(rolled),
            )
        )
    return _WalkOut(groups, tuple(entries), tuple(commissars), own, tuple(losses))


def _others_at(plan: _Plan, groups: Sequence[_Group], others: Sequence[Unit]) -> list[Unit]:
    """The Location: each leader's slot as ``groups`` has it, the other units as given."""
    slots = dict(groups)
    by_id = {u.id: u for u in others}
    out: list[Unit] = []
    for u in plan.units:
        if u.kind == Kind.LEADER:
            out.extend(slots.get(u.id, ()))
        elif u.id in by_id:
            out.append(by_id[u.id])
    return out


def _dress(plan: _Plan, w: _WalkOut) -> _Branch:
    """The branch of ``plan`` whose leaders' rolls came out as ``w``: its other units (gone
    berserk with a Commissar-leader) and their stages, as :func:`_leaders_part` builds them."""
    slot = {u.id: i for i, u in enumerate(plan.units)}
    others = [u for u in plan.units if u.kind != Kind.LEADER]
    for c in w.commissars:
        others = list(rules_for(c).commissar_berserk(c, others).value)
    start: dict[str, Unit] = {}
    stages: dict[str, list[Stage]] = {}
    for pos, (uid, check, drm) in enumerate(plan.first):
        unit = _find(others, uid)
        if unit is None:
            continue
        start[uid] = unit
        stages.setdefault(uid, []).append(_Own(check, drm, w.own_leaders, (0, pos)))
    for loss in w.losses:
        current = loss.before
        after = dict(loss.after)
        for u in _others_at(plan, loss.groups, others):
            if u.kind != Kind.LEADER:
                start.setdefault(u.id, u)
                stages.setdefault(u.id, []).append(
                    _Loss(
                        loss.leader_id,
                        loss.side,
                        loss.morale,
                        loss.check,
                        loss.drm,
                        current,
                        (loss.k, slot[u.id]),
                    )
                )
            elif u.id in after:
                current = after[u.id]
    st = _others_at(plan, w.groups, others)
    done = tuple((u.id, start[u.id], tuple(stages[u.id])) for u in st if u.id in stages)
    return _Branch(tuple(st), w.entries, done)
