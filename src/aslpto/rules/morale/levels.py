"""A unit's Morale Level, leadership and immunities as a check reads them (A7.7, A7.8, A10.2,
A19.13, A25.23, G9.47), each nationality's exceptions asked of it
(:func:`aslpto.rules.morale.national.rules_for`)."""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.hints import Any
from aslpto.base.rulings import Ruling
from aslpto.rules.morale.national import rules_for
from aslpto.rules.morale.values import PLAIN, Situation, leadership_of, rule, setting
from aslpto.state.counters import morale_of
from aslpto.state.units import Kind, Unit


def situation_in(unit: Unit, location: Sequence[Unit], **facts: Any) -> Situation:
    """The leadership DRM (A10.21-.22) and a nationality's leader bonus (G1.41) for ``unit``
    from the other units in its Location (or moving stack).

    The DRM is that of one available unbroken leader; a leader uses only a leader of higher
    Morale Level (A10.22). The best (lowest) DRM is taken.
    """
    drms: list[int] = []
    for other in location:
        if other.id == unit.id or other.kind != Kind.LEADER or other.broken or other.unarmed:
            continue
        if other.side != unit.side:
            continue
        if unit.kind == Kind.LEADER and morale_of(other) <= morale_of(unit):
            continue
        drms.append(leadership_of(other))
    bonus = rules_for(unit).leader_morale_bonus(unit, location).value
    return Situation(leadership_drm=min(drms) if drms else 0, leader_morale_bonus=bonus, **facts)


MORALE_CEILING = 10
"""A.18: no circumstance raises a Morale Level beyond 10 (eASLRB v3.01 transcription, A.18;
a Fanatic, heroic or Human Wave unit included)."""


def morale_level(unit: Unit, situation: Situation = PLAIN) -> Ruling[int]:
    """The Morale Level a check is taken against: printed (current side) + G1.41 leader bonus
    + 1 in a Human Wave/Banzai Charge unless broken (A25.23, G1.5; not a T-H Hero, G1.423)
    - 1 if Encircled (A7.7; never for Japanese, G1.62), never above 10 (A.18); G9.47 sets it
    to 7."""
    if situation.morale_override is not None:
        return Ruling(situation.morale_override, ("G9.47",), "Morale Level set by the rule")
    ml = morale_of(unit)
    rules: list[str] = []
    if situation.leader_morale_bonus:
        ml += situation.leader_morale_bonus
        rules.append("G1.41")
    wave = situation.human_wave or situation.wave_morale
    if wave and not unit.broken and unit.kind not in (Kind.TH_HERO, Kind.DC_HERO):
        # A25.23 (G1.5 Banzai): +1 for the rest of the Player Turn [EXC: if broken]; a T-H Hero
        # making his own Banzai Charge does not get it (G1.423).
        ml += int(setting("human_wave", "morale_bonus"))
        rules.append(rule("human_wave"))
        rules.extend(rules_for(unit).human_wave_rules(unit))
    if situation.encircled:
        enc = rules_for(unit).encircled(unit)
        ml += enc.value
        rules.extend(enc.rules)
    if ml > MORALE_CEILING and rules:
        ml = MORALE_CEILING
        rules.append("A.18")
    return Ruling(ml, tuple(rules), "")


def _exceeds_elr(unit: Unit, amount: int) -> Ruling[bool]:
    """Failing by more than the ELR (A19.13 ">"; the G1 text says ">=" for the Japanese)."""
    return rules_for(unit).exceeds_elr(unit, amount)


def pin_immune(unit: Unit, situation: Situation = PLAIN) -> Ruling[bool]:
    """Units a pin result does not affect: as their nationality says (Japanese SMC, G1.4
    [EXC: Collapsed Hut]), fording units (B21.41), Human Wave (Banzai) units (A25.23), and as
    data/morale.toml ``[pin] immune``
    lists (A7.8): broken, berserk, heroic units and Cavalry."""
    own = rules_for(unit).pin_immunity(unit, situation)
    if own.value:
        return own
    if situation.fording:
        return Ruling(True, ("B21.41",), "fording units are immune to Pin")
    if situation.human_wave and not unit.broken:
        # A25.23 (G1.5 Banzai): a HW Unit is immune to Pin results (the A25.234 EX: a PTC is
        # ineffective vs a Human Wave, and no LLTC is taken)
        return Ruling(True, (rule("human_wave"),), "a Human Wave (Banzai) unit")
    immune = setting("pin", "immune")
    if unit.broken and "broken" in immune:
        return Ruling(True, (rule("pin"),), "broken")
    if unit.berserk and "berserk" in immune:
        return Ruling(True, (rule("berserk"),), "berserk")
    if "hero" in immune and (unit.heroic or unit.kind in (Kind.HERO, Kind.TH_HERO, Kind.DC_HERO)):
        return Ruling(True, (rule("pin"),), "heroic")
    if "cavalry" in immune and unit.kind == Kind.CAVALRY:
        return Ruling(True, (rule("pin"),), "Cavalry")
    return Ruling(False, (), "")


def ptc_exempt(unit: Unit, situation: Situation = PLAIN) -> Ruling[bool]:
    """Units exempt from a PTC: as their nationality says (Japanese SMC, G1.4, including LLTC
    [EXC: Collapsed Hut]), units immune to Pin."""
    t = rules_for(unit).takes_ptc(unit)
    if not t.value and not situation.collapsed_hut:
        return Ruling(True, t.rules, t.why)
    return pin_immune(unit, situation)
