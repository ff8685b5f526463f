"""G1.64 Hand-to-Hand CC and G1.641 Hara-Kiri.

The CC subsystem is not here; these functions decide the G1 parts from explicit facts.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> sq = make("J1", "japanese", Kind.SQUAD, UnitClass.CONSCRIPT, Strength.FULL)
>>> hara_kiri_drm(sq).value
-1
"""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.records import record
from aslpto.base.rulings import RuleViolation, Ruling
from aslpto.rules.japanese import units as jp
from aslpto.rules.morale import Log, Result, morale_level, situation_in
from aslpto.rules.morale.results import inexperienced
from aslpto.state.counters import parse_leader
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.units import Kind, Strength, Unit, UnitClass

# ---------------------------------------------------------------------------------------------
# G1.64
# ---------------------------------------------------------------------------------------------


@record
class CCFacts:
    """Who is in a CC/Melee (G1.64)."""

    japanese: Sequence[Unit]  # participating Japanese units
    japanese_attacker: bool = False  # >= one unbroken Japanese Infantry/Cavalry is ATTACKER
    japanese_ambushed_enemy: bool = False  # the Japanese Ambush the enemy in CC
    ambushed_this_phase: frozenset[str] = frozenset()  # ids of Japanese Ambushed this phase
    withdrawing: frozenset[str] = frozenset()  # ids of Japanese Withdrawing
    vehicle_prc_or_pillbox: bool = False  # a vehicle/PRC/pillbox occupant takes part


def _infantry_or_cavalry(u: Unit) -> bool:
    return jp.is_japanese(u) and (u.kind.is_infantry or u.kind == Kind.CAVALRY)


def is_hand_to_hand(facts: CCFacts) -> Ruling[bool]:
    """G1.64: CC/Melee in which >= one unbroken Japanese Infantry/Cavalry unit is the ATTACKER,
    or Ambushes the enemy in CC, automatically becomes Hand-to-Hand (J2.31) unless every such
    Japanese unit was Ambushed this phase and/or is Withdrawing/pinned; never by/vs vehicles,
    PRC or pillbox occupants."""
    if facts.vehicle_prc_or_pillbox:
        return Ruling(False, ("G1.64",), "never by/vs vehicles, PRC or pillbox occupants")
    if not (facts.japanese_attacker or facts.japanese_ambushed_enemy):
        return Ruling(False, ("G1.64",), "no Japanese ATTACKER or Ambush")
    able = [u for u in facts.japanese if _infantry_or_cavalry(u) and not u.broken]
    if not able:
        return Ruling(False, ("G1.64",), "no unbroken Japanese Infantry/Cavalry")
    excused = all(
        u.id in facts.ambushed_this_phase or u.id in facts.withdrawing or u.pinned for u in able
    )
    if excused:
        return Ruling(False, ("G1.64",), "every Japanese unit Ambushed/Withdrawing/pinned")
    return Ruling(True, ("G1.64", "J2.31"), "Hand-to-Hand")


def hand_to_hand_drm(attackers: Sequence[Unit]) -> Ruling[int]:
    """G1.64: each Japanese Hand-to-Hand CC attack has a -1 DRM unless every Japanese
    Infantry/Cavalry unit in that attack is pinned/Unarmed."""
    units = [u for u in attackers if _infantry_or_cavalry(u)]
    if not units:
        return Ruling(0, ("G1.64",), "no Japanese Infantry/Cavalry in the attack")
    if all(u.pinned or u.unarmed for u in units):
        return Ruling(0, ("G1.64",), "every Japanese attacker pinned/Unarmed")
    return Ruling(-1, ("G1.64",), "Japanese Hand-to-Hand CC attack")


def may_declare_hand_to_hand(*, deluxe_or_red_barricades: bool) -> Ruling[bool]:
    """G1.64: Hand-to-Hand CC may be declared voluntarily only in Deluxe ASL and RED
    BARRICADES."""
    return Ruling(deluxe_or_red_barricades, ("G1.64",), "")


def cc_strength_side(unit: Unit) -> Ruling[Strength | None]:
    """G1.64: a Reduced-Strength Japanese unit retains its Full-Strength CCV."""
    if jp.is_japanese(unit) and unit.strength == Strength.REDUCED:
        return Ruling(Strength.FULL, ("G1.64",), "Reduced-Strength keeps its Full-Strength CCV")
    return Ruling(unit.strength, ("G1.64",), "")


# ---------------------------------------------------------------------------------------------
# G1.641 Hara-Kiri
# ---------------------------------------------------------------------------------------------


def may_attempt_hara_kiri(
    unit: Unit, *, capture_attempt_pending: bool, already_attacked: bool = False
) -> Ruling[bool]:
    """G1.641: immediately before a CC Capture Attempt (A20.22, A20.54) vs it, a Japanese
    Personnel unit may attempt to eliminate itself - even if it declared a CC attack, not if it
    has made it."""
    if not jp.is_japanese(unit) or not (unit.kind.is_infantry or unit.kind == Kind.CAVALRY):
        return Ruling(False, ("G1.641",), "not Japanese Personnel")
    if not capture_attempt_pending:
        return Ruling(False, ("G1.641",), "only before a Capture attempt")
    if already_attacked:
        return Ruling(False, ("G1.641",), "it has already made its CC attack")
    return Ruling(True, ("G1.641", "A20.22"), "")


def hara_kiri_drm(
    unit: Unit, *, smc_just_eliminated_self: bool = False, location: Sequence[Unit] = ()
) -> Ruling[int]:
    """G1.641 NTC DRM: -2 if defending with another SMC (A11.14) that has just eliminated itself;
    -1 if Inexperienced (a Green MMC stacked with an unbroken leader of ``location`` is not,
    A19.3); +1 if Unarmed."""
    drm = 0
    if smc_just_eliminated_self:
        drm -= 2
    if unit.unit_class in (UnitClass.CONSCRIPT, UnitClass.GREEN) and inexperienced(unit, location):
        drm -= 1
    if unit.unarmed:
        drm += 1
    return Ruling(drm, ("G1.641",), "")


def resolve_hara_kiri(
    unit: Unit,
    dice: Dice,
    *,
    smc_just_eliminated_self: bool = False,
    location: Sequence[Unit] = (),
    automatic: bool = True,
) -> Result:
    """G1.641: a berserk/heroic unit may eliminate itself automatically; any other must pass a
    NTC, marked with a delta: no leader modifies it (A.10), though a Japanese leader's G1.41 +1
    raises the Morale Level. On a failure it may make no CC attack this phase and the Capture
    attempt vs it gets -1 DRM (at most one such DRM per attempt)."""
    log = Log()
    if not jp.is_japanese(unit):
        raise RuleViolation("G1.641", f"{unit.id} is not Japanese")
    if automatic and (unit.berserk or jp.is_heroic(unit)):
        log.eliminated.append(unit.id)
        log.note(unit, "Hara-Kiri (berserk/heroic: automatic)", "G1.641")
        return log.result([])
    sit = situation_in(unit, [*location, unit] if unit not in location else location)
    ml = morale_level(unit, sit).value
    drm = hara_kiri_drm(
        unit, smc_just_eliminated_self=smc_just_eliminated_self, location=location
    ).value
    roll = dice.DR()
    if roll.total + drm <= ml:
        log.eliminated.append(unit.id)
        log.note(unit, "Hara-Kiri", "G1.641")
        return log.result([])
    log.note(
        unit, "failed Hara-Kiri NTC: no CC attack this phase; Capture attempt -1 DRM", "G1.641"
    )
    return log.result([unit])


def odds_hara_kiri(unit: Unit, **kw: object) -> Distribution[Result]:
    return odds(lambda d: resolve_hara_kiri(unit, d, **kw))  # type: ignore[arg-type]


def hara_kiri_order(units: Sequence[Unit]) -> Ruling[tuple[Unit, ...]]:
    """G1.641: defending together, the best SMC attempts (or commits) Hara-Kiri first; all heroic
    types are equal and better than any non-heroic unit; then the other SMC, then MMC."""

    def key(u: Unit) -> tuple[int, int, int]:
        if jp.is_heroic(u):
            return (0, 0, 0)
        if u.kind == Kind.LEADER:
            ml, lead = parse_leader(u.counter)
            return (1, -ml, lead)
        if u.kind.is_smc:
            return (1, -(u.morale or 0), 0)
        return (2, 0, 0)

    return Ruling(tuple(sorted(units, key=key)), ("G1.641",), "best SMC first")


def resolve_hara_kiri_location(
    units: Sequence[Unit], dice: Dice, context: Sequence[Unit] = ()
) -> Result:
    """G1.641 for every Japanese unit defending together, best SMC first; a SMC that eliminates
    itself gives the others -2. ``context``: units present that make no attempt (a leader's
    leadership and G1.41 bonus still apply)."""
    order = hara_kiri_order(units).value
    done: tuple[Result, ...] = ()
    for u in order:
        remaining, smc_done = _hara_kiri_so_far(units, order, done)
        done += (
            resolve_hara_kiri(
                u, dice, smc_just_eliminated_self=smc_done, location=[*remaining, *context]
            ),
        )
    return _hara_kiri_result(units, order, done)


def odds_hara_kiri_location(
    units: Sequence[Unit], context: Sequence[Unit] = ()
) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_hara_kiri_location`: each unit's attempt in turn,
    bound to the outcomes before it (what it rolls depends only on who eliminated themselves
    before it), so the work grows with the distinct outcomes, not with 36 rolls a unit."""
    order = hara_kiri_order(units).value
    memo: dict[tuple[int, tuple[str, ...], bool], Distribution[Result]] = {}

    def attempt(done: tuple[Result, ...]) -> Distribution[Result]:
        remaining, smc_done = _hara_kiri_so_far(units, order, done)
        key = (len(done), tuple(x.id for x in remaining), smc_done)
        if key not in memo:
            memo[key] = odds_hara_kiri(
                order[len(done)], smc_just_eliminated_self=smc_done, location=[*remaining, *context]
            )
        return memo[key]

    return Distribution.in_turn(len(order), attempt).map(
        lambda done: _hara_kiri_result(units, order, done)
    )


def _hara_kiri_so_far(
    units: Sequence[Unit], order: Sequence[Unit], done: Sequence[Result]
) -> tuple[list[Unit], bool]:
    """The units left after the attempts ``done`` (in ``order``), and whether a SMC eliminated
    itself among them."""
    gone = {u.id for u, r in zip(order, done, strict=False) if u.id in r.eliminated}
    smc = any(u.kind.is_smc for u in order if u.id in gone)
    return [x for x in units if x.id not in gone], smc


def _hara_kiri_result(
    units: Sequence[Unit], order: Sequence[Unit], done: Sequence[Result]
) -> Result:
    log = Log()
    for u, r in zip(order, done, strict=True):
        log.events.extend(r.events)
        log.note(u, "", *r.rules)
        if u.id in r.eliminated:
            log.eliminated.append(u.id)
    return log.result(_hara_kiri_so_far(units, order, done)[0])
