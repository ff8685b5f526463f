"""Rally (A10.6-A10.64): who may attempt it, its Morale Level and DRM, and what the Rally DR
does, rolled (:func:`resolve_rally`) and exact (:func:`odds_rally`).

Chapter A is not among the rule texts beside the repository: each number and rule here is read
from ``[rally]`` of data/morale.toml, where the public texts it was read from are named beside
it (two that agree, else ``sure = false``):

- a broken unit rallies on a Final Rally DR <= the Morale Level of its broken side (A10.6); a
  Good Order friendly leader in its Location attempts it, adding his leadership; a unit attempts
  to rally once a Player Turn (the game keeps that);
- Self-Rally (no leader): broken leaders and crews (A10.6), and the first MMC Rally attempt of a
  player's own RPh whatever its capability when no Good Order leader is in its Location (A18.11);
  +1 DRM (A10.63), and a leader never applies his own leadership;
- +4 under DM (A10.62); -1 in woods or a building, or in a pillbox or trench (A10.61);
- an Original 12 Casualty Reduces the unit, which stays broken (A10.64, Fate);
- an Original 2 of a Rally (not a Self-Rally) brings a Heat of Battle DR, its +1 for a broken
  unit applying even if it rallied (A15.1); of the A18.11 Self-Rally it rallies the MMC, and its
  owner may roll on the Leader Creation Table (A18.2: reported, not built).

The Japanese (G1): armed HS and vehicle crews break and rally in the normal manner (G1.2, G1.3);
a SMC is never broken (G1.4); a Japanese leader raises the Morale Level of the other Japanese in
his Location by one, in effect a -1 Rally DRM (G1.41 EX, A25.222; the nationality's
``leader_morale_bonus``); Japanese may attempt the A18.11 Self-Rally, rallying on an Original 2,
but create no leader (G1.62).

>>> from aslpto.state.counters import make
>>> from aslpto.state.dice import GivenDice
>>> from aslpto.state.units import Kind, UnitClass
>>> hs = make("J1", "japanese", Kind.HALF_SQUAD, UnitClass.ELITE, broken=True)
>>> ldr = make("JL", "japanese", Kind.LEADER, face="10-0")
>>> a = RallyAttempt(hs, ldr, (hs, ldr))
>>> terms(a).morale.value  # G1.41 EX: 8 -> 9
9
>>> r = resolve_rally(a, GivenDice("4,5"))
>>> r.units[0].broken, r.events
(False, ('J1: rallied (Final DR 9 <= Morale Level 9)',))
"""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.rules.morale.national import rules_for
from aslpto.rules.morale.results import _validate, casualty_reduce, heat_of_battle
from aslpto.rules.morale.values import Log, Result, Situation, leadership_of, setting
from aslpto.state.counters import complete, good_order_morale, morale_of
from aslpto.state.dice import DR, Dice, Distribution, odds
from aslpto.state.units import Kind, Unit, UnitClass


def _entry(key: str) -> dict[str, Any]:
    """An entry of ``[rally]`` in data/morale.toml (noted when it is marked unchecked)."""
    got = setting("rally", key)
    assert isinstance(got, dict), key
    return got


def rule_of(key: str) -> str:
    """The rule an entry of ``[rally]`` cites (``dm_drm``: ``A10.62``)."""
    return str(_entry(key)["rule"])


def value_of(key: str) -> Any:
    """The value of an entry of ``[rally]``."""
    return _entry(key)["value"]


@record
class RallyDrm:
    """One DRM of a Rally DR: what it is, its value and its rule."""

    what: str
    value: int
    rule: str

    def as_json(self) -> dict[str, Any]:
        return {"what": self.what, "value": self.value, "rule": self.rule}


@record
class RallyAttempt:
    """A broken unit's Rally attempt: the leader attempting it (None: a Self-Rally), every unit
    in its Location (the nationality's leader bonus reads them, G1.41), whether it is the A18.11
    Self-Rally of a MMC without Self-Rally capability, the terrain word of its Location (the
    rally terrain DRM; "" for none), whether PTO Terrain is in effect (G.1: jungle), any other
    DRM, and whether a Heat of Battle DR is rolled (else reported)."""

    unit: Unit
    leader: Unit | None = None
    location: tuple[Unit, ...] = ()
    field_promotion: bool = False
    terrain: str = ""
    pto: bool = False
    drm: int = 0
    heat_of_battle: bool = True

    @property
    def self_rally(self) -> bool:
        return self.leader is None


@record
class RallyTerms:
    """What a Rally DR is compared with: the Morale Level (with its rules) and each DRM."""

    morale: Ruling[int]
    drm: tuple[RallyDrm, ...]

    @property
    def total(self) -> int:
        return sum(d.value for d in self.drm)

    def as_json(self) -> dict[str, Any]:
        return {
            "morale": self.morale.value,
            "morale_rules": list(self.morale.rules),
            "drm": [d.as_json() for d in self.drm],
            "total_drm": self.total,
        }


def self_rally_capable(unit: Unit) -> Ruling[bool]:
    """A10.6: broken leaders and crews Self-Rally (the boxed Morale Level of their broken side),
    as do the nationalities data/morale.toml names [EXC: Conscripts]."""
    kinds = value_of("self_rally_kinds")
    if unit.kind.value in kinds:
        return Ruling(True, (rule_of("self_rally_kinds"),), f"a {unit.kind.value} Self-Rallies")
    nations = value_of("self_rally_nationalities")
    if unit.nationality in nations and unit.unit_class != UnitClass.CONSCRIPT:
        return Ruling(
            True, (rule_of("self_rally_nationalities"),), f"{unit.nationality} Self-Rally"
        )
    return Ruling(False, (rule_of("self_rally_kinds"),), f"a {unit.kind.value} does not")


def good_order_leaders(unit: Unit, location: Sequence[Unit]) -> list[Unit]:
    """The Good Order (unbroken, armed) friendly leaders in ``unit``'s Location, not itself."""
    return [
        o
        for o in location
        if o.id != unit.id
        and o.kind == Kind.LEADER
        and o.side == unit.side
        and not o.broken
        and not o.unarmed
        and (o.hex, o.position) == (unit.hex, unit.position)
    ]


def verify(attempt: RallyAttempt) -> None:
    """Who may attempt this rally (A10.6, A10.63, A18.11): a refusal raises the
    :class:`RuleViolation` naming its rule; a leader that is not one is unusable input."""
    u = attempt.unit
    _validate(u)
    rally = rule_of("attempt")
    if not u.broken:
        raise RuleViolation(rally, f"{u.id} is not broken: only a broken unit rallies")
    ldr = attempt.leader
    if ldr is not None:
        if ldr.id == u.id:
            raise RuleViolation(
                rule_of("self_rally_drm"),
                f"{u.id} does not rally himself with his own leadership: that is a Self-Rally "
                "(no leader named)",
            )
        if ldr.kind != Kind.LEADER:
            raise InputError(f"{ldr.id} is a {ldr.kind.value}, not a leader")
        if ldr.side != u.side:
            raise RuleViolation(rally, f"{ldr.id} is not a friendly leader of {u.id}")
        if ldr.broken or ldr.unarmed:
            raise RuleViolation(
                rally, f"{ldr.id} is not in Good Order: only a Good Order leader rallies others"
            )
        if (ldr.hex, ldr.position) != (u.hex, u.position):
            raise RuleViolation(rally, f"{ldr.id} is not in the Location of {u.id}")
        return
    if attempt.field_promotion:
        fp = rule_of("field_promotion")
        if not u.kind.is_mmc:
            raise RuleViolation(fp, f"{u.id} is a {u.kind.value}: the A18.11 Self-Rally is a MMC's")
        there = good_order_leaders(u, attempt.location)
        if there:
            raise RuleViolation(
                fp,
                f"a Good Order leader ({', '.join(o.id for o in there)}) is in the Location of "
                f"{u.id}: the A18.11 Self-Rally needs none (name the leader who rallies it)",
            )
        return
    capable = self_rally_capable(u)
    if not capable.value:
        raise RuleViolation(
            rule_of("self_rally_drm"),
            f"{u.id} ({u.kind.value}) has no Self-Rally capability: a Good Order leader in its "
            "Location rallies it (name him), or it is the first MMC Rally attempt of its side's "
            "own RPh (A18.11)",
        )


def _rally_terrain(attempt: RallyAttempt) -> bool:
    if not attempt.terrain:
        return False
    if attempt.terrain in value_of("terrain"):
        return True
    return attempt.pto and attempt.terrain in value_of("pto_terrain")


def terms(attempt: RallyAttempt) -> RallyTerms:
    """The Morale Level the Rally DR is compared with (its broken side, plus a nationality's
    leader bonus: G1.41) and its DRM (A10.62 DM, A10.63 Self-Rally, A10.6 leadership, A10.61
    rally terrain, any other)."""
    u = attempt.unit
    ml = morale_of(u)
    rules: list[str] = [rule_of("attempt")]
    bonus = rules_for(u).leader_morale_bonus(u, attempt.location)
    if bonus.value:
        ml += bonus.value
        rules += [*bonus.rules, "A25.222"]
    drm: list[RallyDrm] = []
    if u.dm:
        drm.append(RallyDrm("DM", int(value_of("dm_drm")), rule_of("dm_drm")))
    if attempt.leader is None:
        what = "Self-Rally (A18.11)" if attempt.field_promotion else "Self-Rally"
        drm.append(RallyDrm(what, int(value_of("self_rally_drm")), rule_of("self_rally_drm")))
    else:
        lead = leadership_of(attempt.leader)
        drm.append(RallyDrm(f"leadership of {attempt.leader.id}", lead, rule_of("leadership")))
    if _rally_terrain(attempt):
        key = "terrain" if attempt.terrain in value_of("terrain") else "pto_terrain"
        drm.append(
            RallyDrm(
                f"rally terrain ({attempt.terrain})", int(value_of("terrain_drm")), rule_of(key)
            )
        )
    elif u.entrenched and u.entrenched in value_of("fortifications"):
        # A10.61: a pillbox or trench is rally terrain too (once: not added to the hex's)
        drm.append(
            RallyDrm(
                f"rally terrain ({u.entrenched})",
                int(value_of("terrain_drm")),
                rule_of("fortifications"),
            )
        )
    if attempt.drm:
        drm.append(RallyDrm("other DRM", attempt.drm, ""))
    return RallyTerms(Ruling(ml, tuple(rules), ""), tuple(drm))


def _rallied(u: Unit) -> Unit:
    """The unit rallied: Good Order, its DM gone, a MMC on its Good Order side (A10.6)."""
    ml = good_order_morale(u) if u.kind.is_mmc and not u.unarmed else u.morale
    return u.with_(broken=False, dm=False, morale=ml)


def _still_broken(u: Unit, was: Unit) -> Unit:
    """A unit Casualty Reduced by a failed Rally stays broken (and DM as it was): a Japanese
    squad's HS (G1.14 gives an unbroken one) on its broken side."""
    if u.broken or u.kind.is_smc:
        return u
    return complete(u.with_(broken=True, dm=was.dm, morale=None))


def apply_rally_roll(attempt: RallyAttempt, roll: DR, dice: Dice) -> Result:
    """The attempt with the Original DR ``roll``; ``dice`` rolls what follows it (Wound
    Severity, Heat of Battle)."""
    verify(attempt)
    u = complete(attempt.unit)
    t = terms(attempt)
    ml = t.morale.value
    final = roll.total + t.total
    log = Log()
    log.note(u, "", *t.morale.rules, *(d.rule for d in t.drm))
    if roll.total == 12:
        log.note(u, "Original 12: Casualty Reduction (Fate)", rule_of("original_12"))
        units = [_still_broken(v, u) for v in casualty_reduce(u, log, dice)]
        return log.result(units)
    if roll.total == 2 and attempt.field_promotion:
        log.note(u, "rallied (Original 2)", rule_of("field_promotion"))
        if u.nationality in value_of("no_leader_creation"):
            why = "G1.62" if u.nationality == "japanese" else rule_of("no_leader_creation")
            log.note(u, "creates no leader", rule_of("no_leader_creation"), why)
        else:
            log.note(
                u,
                "may roll on the Leader Creation Table (not built)",
                rule_of("no_leader_creation"),
            )
        return log.result([_rallied(u)])
    if final <= ml:
        log.note(u, f"rallied (Final DR {final} <= Morale Level {ml})")
        units = [_rallied(u)]
    else:
        log.note(u, f"not rallied (Final DR {final} > Morale Level {ml})")
        units = [u]
    if roll.total == 2 and not attempt.self_rally:
        sit = Situation(
            leader_morale_bonus=rules_for(u).leader_morale_bonus(u, attempt.location).value,
            heat_of_battle=attempt.heat_of_battle,
        )
        log.note(u, "", rule_of("heat_of_battle"))
        units = heat_of_battle(units[0], dice, sit, log, was_broken=True)
    return log.result(units)


def resolve_rally(attempt: RallyAttempt, dice: Dice) -> Result:
    """Roll the attempt (see :func:`apply_rally_roll`); a refused attempt raises before any
    roll."""
    verify(attempt)
    return apply_rally_roll(attempt, dice.DR(), dice)


def odds_rally(attempt: RallyAttempt) -> Distribution[Result]:
    """The exact distribution of :func:`resolve_rally`."""
    verify(attempt)
    return odds(lambda d: resolve_rally(attempt, d))


__all__ = [
    "RallyAttempt",
    "RallyDrm",
    "RallyTerms",
    "apply_rally_roll",
    "good_order_leaders",
    "odds_rally",
    "resolve_rally",
    "rule_of",
    "self_rally_capable",
    "terms",
    "value_of",
    "verify",
]
