"""G1 The Japanese: squads, half-squads, crews, SMC and their morale (G1.1-G1.41).

The exchange rules here are pure: they take a unit and the facts of what happened to it and
return the units that remain (an empty tuple when it is eliminated), with the rules that
decide. Rolling the dice is :mod:`aslpto.rules.morale`'s job. Heroes are in
:mod:`aslpto.rules.japanese.heroes`, CC and Hara-Kiri in :mod:`aslpto.rules.japanese.cc`, setup
checks in
:mod:`aslpto.rules.japanese.setup`, DYO in :mod:`aslpto.rules.japanese.dyo`, the rest of G1.5-G1.65
in
:mod:`aslpto.rules.japanese.capabilities`.

>>> from aslpto.state.counters import make
>>> sq = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
>>> [u.counter for u in step_reduce(sq).value]
['3-4-8']
"""

from __future__ import annotations

from collections.abc import Sequence

from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.state.counters import catalog, exchange, parse_leader
from aslpto.state.units import Kind, Strength, Unit, UnitClass

JAPANESE = "japanese"
Units = tuple[Unit, ...]

_HEROIC_KINDS = (Kind.HERO, Kind.TH_HERO, Kind.DC_HERO)


def is_japanese(unit: Unit) -> bool:
    return unit.nationality == JAPANESE


def is_heroic(unit: Unit) -> bool:
    """Heroes of every type are heroic (A15.2; G1.4 counts a T-H Hero as heroic), and so is a
    leader who became heroic (A15.21, ``Unit.heroic``): G1.641 holds all heroic types equal."""
    return unit.kind in _HEROIC_KINDS or (unit.heroic and unit.kind == Kind.LEADER)


def _require_japanese(unit: Unit, rule: str) -> None:
    if not is_japanese(unit):
        raise RuleViolation(rule, f"{unit.id} is {unit.nationality}, not Japanese")


def _broken(unit: Unit) -> Unit:
    """A broken unit loses pinned/TI/CX (G1.11 keeps them only 'unless it becomes broken')."""
    return unit.with_(broken=True, dm=True, pinned=False, ti=False, cx=False)


def _half_squad(
    unit: Unit, unit_class: UnitClass | None = None, *, id: str | None = None, broken: bool = False
) -> Unit:
    hs = exchange(unit, Kind.HALF_SQUAD, unit_class or unit.unit_class, id=id)
    return _broken(hs) if broken else hs


def _lower(unit: Unit) -> UnitClass | None:
    if unit.unit_class is None:
        return None
    return catalog().lower_class(unit)


# ---------------------------------------------------------------------------------------------
# G1.1-G1.125 Step Reduction and the attack break
# ---------------------------------------------------------------------------------------------


def can_step_reduce(unit: Unit) -> bool:
    """G1.11: only Japanese squads and infantry crews suffer Step Reduction."""
    return is_japanese(unit) and unit.kind in (Kind.SQUAD, Kind.CREW)


def step_reduce(unit: Unit) -> Ruling[Units]:
    """G1.121/G1.122 (squads) and G1.3 (infantry crews): one step down.

    Full squad -> its Reduced side; Reduced squad -> one unbroken HS of its Class; Full crew ->
    Reduced crew; Reduced crew -> broken (and DM) vehicle crew. A unit that does not break keeps
    pinned/TI/CX (G1.11).
    """
    if not can_step_reduce(unit):
        raise RuleViolation(
            "G1.11", "only Japanese squads and infantry crews suffer Step Reduction"
        )
    if unit.kind == Kind.SQUAD:
        if unit.strength != Strength.REDUCED:
            return Ruling(
                (exchange(unit, strength=Strength.REDUCED),),
                ("G1.121",),
                "Full-Strength squad flipped to its Reduced-Strength side",
            )
        return Ruling(
            (_half_squad(unit),),
            ("G1.122",),
            "Reduced-Strength squad exchanged for one of its unbroken HS",
        )
    if unit.strength != Strength.REDUCED:
        return Ruling(
            (exchange(unit, strength=Strength.REDUCED),),
            ("G1.3",),
            "Full-Strength infantry crew flipped to its Reduced-Strength side",
        )
    vc = _broken(exchange(unit, Kind.VEHICLE_CREW))
    return Ruling((vc,), ("G1.3",), "Reduced-Strength infantry crew becomes a broken vehicle crew")


def _armed_non_berserk(unit: Unit, rule: str) -> None:
    if unit.berserk or unit.unarmed:
        raise RuleViolation(
            rule, f"{unit.id} is berserk/Unarmed: it suffers Casualty Reduction instead (G1.14)"
        )


def attack_break(unit: Unit, exceeds_elr: bool = False) -> Ruling[Units]:
    """G1.12: an armed, non-berserk squad/infantry crew fails an IFT/Collateral-Attack/
    Bombardment/FPF MC (not a Casualty MC), breaks by KIA, or suffers a dr 1 Sniper attack.

    ``exceeds_elr``: it failed the MC by an amount >= its ELR (G1.123-G1.125).
    """
    _require_japanese(unit, "G1.12")
    _armed_non_berserk(unit, "G1.12")
    if unit.kind == Kind.CREW:
        r = step_reduce(unit)
        return Ruling(r.value, ("G1.3", *r.rules), r.why)
    if unit.kind != Kind.SQUAD:
        raise RuleViolation("G1.12", f"{unit.id} is a {unit.kind}: it breaks in the normal manner")
    if not exceeds_elr:
        r = step_reduce(unit)
        return Ruling(r.value, ("G1.12", *r.rules), r.why)
    if unit.unit_class == UnitClass.CONSCRIPT:
        return Ruling(
            (_half_squad(unit, broken=True),),
            ("G1.12", "G1.125"),
            "Conscript beyond its ELR: Replaced by one of its broken HS",
        )
    lower = _lower(unit)
    if lower is None:
        raise InputError(f"{unit.id}: no lower Class for {unit.unit_class}")
    replaced = exchange(unit, unit_class=lower)
    r = step_reduce(replaced)
    rule = "G1.123" if unit.strength != Strength.REDUCED else "G1.124"
    return Ruling(
        r.value,
        ("G1.12", rule, *r.rules),
        f"Replaced by a {lower} squad (ELR), which is then Step-Reduced",
    )


def sniper_dr1(unit: Unit) -> Ruling[Units]:
    """G1.11/G1.12/G1.3: a dr 1 Sniper attack Step-Reduces a squad or infantry crew.

    A berserk/Unarmed squad is Casualty Reduced instead (G1.14). A 1-2-8 or 1-2-7 crew becomes
    a broken (and DM) 1-2-7 (G1.3 EX); an already broken 1-2-7 is Casualty Reduced (eliminated).
    """
    _require_japanese(unit, "G1.12")
    if unit.kind == Kind.VEHICLE_CREW:
        if unit.broken:
            # A broken unit that suffers another break result is Casualty Reduced (A10.3).
            return Ruling((), ("G1.3", "A10.3", "A7.302"), "broken vehicle crew eliminated")
        return Ruling((_broken(unit),), ("G1.3",), "vehicle crew breaks in the normal manner")
    if unit.berserk or unit.unarmed:
        return casualty_reduce(unit)
    return attack_break(unit, exceeds_elr=False)


# ---------------------------------------------------------------------------------------------
# G1.13 other break
# ---------------------------------------------------------------------------------------------


def other_break(unit: Unit, exceeds_elr: bool = False) -> Ruling[Units]:
    """G1.13: a break from another cause (Bailing Out, voluntary break, Wreck Check, para
    landing, WP MC, OVR Prevention MC, Panji MC...).

    Full squad -> two broken HS (G1.131); Reduced -> one broken HS (G1.132); if it breaks by
    >= its ELR the HS are of the next-lower Class unless Conscript (G1.133). An infantry crew
    becomes a broken vehicle crew (G1.3).
    """
    _require_japanese(unit, "G1.13")
    _armed_non_berserk(unit, "G1.13")
    if unit.kind == Kind.CREW:
        return Ruling(
            (_broken(exchange(unit, Kind.VEHICLE_CREW)),),
            ("G1.13", "G1.3"),
            "infantry crew exchanged for a broken vehicle crew",
        )
    if unit.kind != Kind.SQUAD:
        raise RuleViolation("G1.13", f"{unit.id} is a {unit.kind}: it breaks in the normal manner")
    rules: tuple[str, ...] = ("G1.13",)
    cls = unit.unit_class
    why = ""
    if exceeds_elr and unit.unit_class != UnitClass.CONSCRIPT:
        cls = _lower(unit)
        rules += ("G1.133",)
        why = f"; beyond its ELR the HS are {cls}"
    elif exceeds_elr:
        rules += ("G1.133",)
        why = "; Conscript: Class unchanged"
    if unit.strength != Strength.REDUCED:
        hs = (
            _half_squad(unit, cls, id=f"{unit.id}a", broken=True),
            _half_squad(unit, cls, id=f"{unit.id}b", broken=True),
        )
        return Ruling(hs, (*rules, "G1.131"), "exchanged for its two broken HS" + why)
    return Ruling(
        (_half_squad(unit, cls, broken=True),),
        (*rules, "G1.132"),
        "exchanged for one of its broken HS" + why,
    )


# ---------------------------------------------------------------------------------------------
# G1.14 Casualty Reduction
# ---------------------------------------------------------------------------------------------


def casualty_reduce(unit: Unit) -> Ruling[Units]:
    """G1.14 (A7.302): a Full- or Reduced-Strength squad (berserk/Unarmed or not) -> one of its
    same-Class unbroken HS; a HS or crew is eliminated. (SMC: see :func:`smc_break_result`.)
    """
    _require_japanese(unit, "G1.14")
    if unit.kind == Kind.SQUAD:
        if unit.unarmed:
            hs = unit.with_(kind=Kind.HALF_SQUAD, strength=None, counter="unarmed HS")
        else:
            hs = _half_squad(unit)
        return Ruling((hs,), ("G1.14", "A7.302"), "squad exchanged for one same-Class unbroken HS")
    if unit.kind in (Kind.HALF_SQUAD, Kind.CREW, Kind.VEHICLE_CREW):
        return Ruling((), ("G1.14", "A7.302"), f"{unit.kind} eliminated")
    raise RuleViolation("G1.14", f"{unit.id}: a SMC is Wounded by Casualty Reduction (A17.1)")


def casualty_mc(unit: Unit, exceeds_elr: bool = False) -> Ruling[Units]:
    """G1.14 EX: an Original 12 MC DR (A10.31) on a Japanese squad or crew.

    Squad: one broken (and DM) HS of its Class; beyond its ELR it is first Replaced by the
    next-lower Class (so a 1st-Line HS for an Elite squad) or, if Conscript, eliminated (its
    broken HS (G1.125) is then Casualty Reduced). A crew is eliminated (G1.3).
    """
    _require_japanese(unit, "G1.14")
    if unit.kind in (Kind.CREW, Kind.VEHICLE_CREW, Kind.HALF_SQUAD):
        return Ruling(
            (),
            ("G1.14", "A10.31", "G1.3" if unit.kind != Kind.HALF_SQUAD else "A7.302"),
            "Casualty MC eliminates a crew/HS",
        )
    if unit.kind != Kind.SQUAD:
        raise RuleViolation("G1.14", f"{unit.id}: not a squad or crew")
    if unit.berserk:
        # Casualty Reduction, then the berserk HS's break result is itself a Casualty
        # Reduction (A15.4).
        return Ruling(
            (),
            ("G1.14", "A10.31", "A15.4"),
            "berserk: Casualty Reduced, then Casualty Reduced again",
        )
    if unit.unarmed:
        # Casualty Reduction to its Unarmed HS, which breaks (G1.14 names the squad only; an
        # Unarmed unit has no lower-quality unit to be Replaced by)
        (hs,) = casualty_reduce(unit).value
        return Ruling(
            (_broken(hs),), ("G1.14", "A10.31"), "Unarmed: Casualty Reduced to one HS, which breaks"
        )
    if exceeds_elr:
        if unit.unit_class == UnitClass.CONSCRIPT:
            return Ruling(
                (),
                ("G1.14", "A10.31", "G1.125", "A7.302"),
                "Conscript beyond its ELR: Replaced by a broken HS, which is then Casualty Reduced",
            )
        lower = _lower(unit)
        return Ruling(
            (_half_squad(unit, lower, broken=True),),
            ("G1.14", "A10.31", "A19.13"),
            f"Replaced by its {lower} squad, Casualty Reduced to a HS, which breaks",
        )
    return Ruling(
        (_half_squad(unit, broken=True),),
        ("G1.14", "A10.31"),
        "Casualty Reduced to one HS, which breaks",
    )


def smc_break_result(unit: Unit, *, casualty_mc: bool = False) -> Ruling[str]:
    """G1.4: a Japanese SMC that suffers a break result is Wounded instead ("wound").

    EXC: an already-wounded heroic SMC is eliminated (A15.2), as is a leader who suffers a
    Casualty MC (G1.41) -> "eliminated".
    """
    _require_japanese(unit, "G1.4")
    if not unit.kind.is_smc:
        raise RuleViolation("G1.4", f"{unit.id} is not a SMC")
    if casualty_mc and unit.kind == Kind.LEADER:
        return Ruling(
            "eliminated",
            ("G1.4", "G1.41", "A10.31"),
            "a Japanese leader who suffers a Casualty MC is eliminated",
        )
    if unit.wounded and is_heroic(unit):
        return Ruling("eliminated", ("G1.4", "A15.2"), "an already-wounded heroic SMC")
    return Ruling("wound", ("G1.4",), "Japanese SMC have no Broken side: Wounded instead")


# ---------------------------------------------------------------------------------------------
# G1.15 Unarmed, G1.16 Deploying, G1.17 Smoke, G1.2 HS, G1.3 crews
# ---------------------------------------------------------------------------------------------


def become_unarmed(unit: Unit) -> Ruling[Unit]:
    """G1.15: a Full- or Reduced-Strength squad that becomes Unarmed is exchanged for a normal
    Unarmed squad."""
    _require_japanese(unit, "G1.15")
    if unit.kind != Kind.SQUAD:
        raise RuleViolation("G1.15", "only a Japanese squad is exchanged this way")
    u = unit.with_(unarmed=True, strength=None, counter="unarmed squad", berserk=False)
    return Ruling(u, ("G1.15",), "exchanged for a normal Unarmed squad")


def rearm(unit: Unit) -> Ruling[Unit]:
    """G1.15 (A20.551-.552): a re-armed Japanese squad is exchanged for a Full-Strength
    Conscript squad."""
    _require_japanese(unit, "G1.15")
    if not unit.unarmed or unit.kind != Kind.SQUAD:
        raise RuleViolation("G1.15", f"{unit.id} is not an Unarmed Japanese squad")
    armed = unit.with_(unarmed=False, counter="")
    u = exchange(armed, Kind.SQUAD, UnitClass.CONSCRIPT, Strength.FULL)
    return Ruling(u, ("G1.15", "A20.551"), "exchanged for a Full-Strength Conscript squad")


def unarmed_may_enter_known_enemy(unit: Unit) -> Ruling[bool]:
    """G1.15: an Unarmed, non-prisoner Japanese unit may enter a Location with a Known enemy
    unit, attacks in CC vs Personnel with its "(1)" FP, and is an obstacle to enemy movement
    (A20.54). ``prisoner`` status is not tracked: pass only non-prisoners."""
    ok = is_japanese(unit) and unit.unarmed
    return Ruling(
        ok,
        ("G1.15", "A20.5", "A20.54"),
        "Unarmed Japanese act in CC as if armed" if ok else "not an Unarmed Japanese",
    )


def deploy(unit: Unit) -> Ruling[Units]:
    """G1.16: a Japanese squad Deploys normally (two HS) [EXC: if Reduced-Strength, one HS].
    No infantry crew may Deploy (G1.3)."""
    _require_japanese(unit, "G1.16")
    if unit.kind == Kind.CREW:
        raise RuleViolation("G1.3", "no Japanese infantry crew may Deploy")
    if unit.kind != Kind.SQUAD or unit.unarmed:
        raise RuleViolation("G1.16", f"{unit.id} is not an armed Japanese squad")
    if unit.strength == Strength.REDUCED:
        return Ruling((_half_squad(unit),), ("G1.16",), "Reduced-Strength: just one HS")
    return Ruling(
        (_half_squad(unit, id=f"{unit.id}a"), _half_squad(unit, id=f"{unit.id}b")),
        ("G1.16", "A1.31"),
        "Deploys into two HS",
    )


def recombine(a: Unit, b: Unit, *, id: str | None = None) -> Ruling[Unit]:
    """G1.2 (A1.32): two Good-Order, same-Class Japanese HS Recombine into a Full-Strength squad
    of that Class. Vehicle crews may not Recombine (G1.3)."""
    for u in (a, b):
        _require_japanese(u, "G1.2")
        if u.kind == Kind.VEHICLE_CREW or u.kind == Kind.CREW:
            raise RuleViolation("G1.3", "Japanese crews may not Recombine")
        if u.kind != Kind.HALF_SQUAD:
            raise RuleViolation("G1.2", f"{u.id} is not a half-squad")
        if u.broken or u.unarmed:
            raise RuleViolation("G1.2", f"{u.id} is not in Good Order")
    if a.unit_class != b.unit_class:
        raise RuleViolation("G1.2", f"{a.id} and {b.id} are not of the same Class")
    sq = exchange(a, Kind.SQUAD, a.unit_class, Strength.FULL, id=id or a.id)
    return Ruling(sq, ("G1.2", "A1.32"), f"Recombined into a Full-Strength {a.unit_class} squad")


def may_place_smoke(unit: Unit) -> Ruling[bool]:
    """G1.17 (A24.1): Elite and 1st-Line Japanese squads may attempt Smoke Grenades."""
    ok = (
        is_japanese(unit)
        and unit.kind == Kind.SQUAD
        and unit.unit_class in (UnitClass.ELITE, UnitClass.FIRST_LINE)
    )
    return Ruling(ok, ("G1.17", "A24.1"), "Elite/1st-Line squad" if ok else "not eligible")


def may_place_wp(unit: Unit) -> Ruling[bool]:
    """G1.17 (A24.3): only Elite Japanese squads may attempt WP placement."""
    ok = is_japanese(unit) and unit.kind == Kind.SQUAD and unit.unit_class == UnitClass.ELITE
    return Ruling(ok, ("G1.17", "A24.3"), "Elite squad" if ok else "not eligible")


def disrupts(unit: Unit) -> Ruling[bool]:
    """G1.2/G1.62: Japanese never Disrupt (A19.12)."""
    if is_japanese(unit):
        return Ruling(False, ("G1.2", "G1.62"), "Japanese do not Disrupt")
    return Ruling(catalog().nationality(unit.nationality).disrupts, ("A19.12",), "")


def is_infantry_crew_for_a21_22(unit: Unit, *, inherent: bool) -> Ruling[bool]:
    """G1.3: a Japanese vehicle-crew counter that did not set up/enter as an Inherent crew is an
    infantry crew for A21.22 (so is one exchanged from an infantry crew)."""
    _require_japanese(unit, "G1.3")
    if unit.kind == Kind.CREW:
        return Ruling(True, ("G1.3",), "infantry crew")
    if unit.kind == Kind.VEHICLE_CREW:
        return Ruling(
            not inherent,
            ("G1.3", "A21.22"),
            "Inherent crew" if inherent else "non-Inherent vehicle crew",
        )
    return Ruling(False, ("G1.3",), "not a crew")


# ---------------------------------------------------------------------------------------------
# G1.4 SMC and G1.41 leaders
# ---------------------------------------------------------------------------------------------


def takes_ptc(unit: Unit) -> Ruling[bool]:
    """G1.4: Japanese SMC do not take PTC (including LLTC) and do not Pin [EXC: Collapsed Hut
    PTC/Pin, G5.5 - pass those as not Japanese-SMC-exempt yourself]."""
    if is_japanese(unit) and unit.kind.is_smc:
        return Ruling(False, ("G1.4",), "Japanese SMC do not take PTC and do not Pin")
    return Ruling(True, (), "")


def may_break_voluntarily(unit: Unit) -> Ruling[bool]:
    """G1.4: Japanese SMC cannot break voluntarily (a squad may; G1.13)."""
    if is_japanese(unit) and unit.kind.is_smc:
        return Ruling(False, ("G1.4",), "Japanese SMC cannot break voluntarily")
    return Ruling(True, ("G1.13",) if is_japanese(unit) else (), "")


def may_infantry_overrun_alone(unit: Unit) -> Ruling[bool]:
    """G1.4: even a lone Japanese SMC may conduct an Infantry OVR (A4.15)."""
    return Ruling(is_japanese(unit) and unit.kind.is_infantry, ("G1.4", "A4.15"), "")


RANKS: tuple[str, ...] = ("10-2", "10-1", "10-0", "9-1", "9-0", "8-1", "8-0", "8+1")
"""G1.41: unwounded Japanese leader ranks, best first (also in the counter catalog)."""


def leader_rank(face: str) -> Ruling[int]:
    """G1.41: a leader's place in the rank structure (0 = 10-2, the highest)."""
    ranks = catalog().nationality(JAPANESE).leader_ranks
    if face not in ranks:
        raise InputError(f"{face!r} is not an unwounded Japanese leader ({', '.join(ranks)})")
    return Ruling(ranks.index(face), ("G1.41",), "")


def leader_morale_bonus(unit: Unit, location: Sequence[Unit]) -> Ruling[int]:
    """G1.41: a Japanese Infantry/Cavalry leader raises the Morale Level of all other
    non-berserk Japanese Infantry/Cavalry units in his Location by one [EXC: another leader].

    Inherent armor leaders are not Infantry leaders and are not passed here.
    """
    if not is_japanese(unit) or unit.kind == Kind.LEADER or unit.berserk:
        return Ruling(0, ("G1.41",) if is_japanese(unit) else (), "")
    if not (unit.kind.is_infantry or unit.kind == Kind.CAVALRY):
        return Ruling(0, (), "")
    for other in location:
        if (
            other.id != unit.id
            and is_japanese(other)
            and other.kind == Kind.LEADER
            and other.hex == unit.hex
        ):
            return Ruling(1, ("G1.41",), f"Japanese leader {other.id} in its Location")
    return Ruling(0, ("G1.41",), "no Japanese leader in its Location")


def is_commissar_equivalent(unit: Unit, *, inherent_armor_leader: bool = False) -> Ruling[bool]:
    """G1.41: a Japanese leader [EXC: Inherent armor leader] is equivalent to a Commissar for all
    rally and berserk purposes (A25.222-.223)."""
    ok = is_japanese(unit) and unit.kind == Kind.LEADER and not inherent_armor_leader
    return Ruling(ok, ("G1.41", "A25.222", "A25.223"), "")


def rally_morale(unit: Unit, location: Sequence[Unit]) -> Ruling[int]:
    """G1.41 EX: a broken Japanese HS's rally Morale Level with a Good Order Japanese leader
    in its Location (an elite HS: 8 -> 9, in effect a -1 Rally DRM as per A25.222)."""
    if unit.morale is None:
        raise InputError(f"{unit.id}: no Morale Level")
    bonus = leader_morale_bonus(unit, location)
    return Ruling(unit.morale + bonus.value, ("G1.41", "A25.222", *bonus.rules), bonus.why)


def commissar_berserk(leader: Unit, location: Sequence[Unit]) -> Ruling[Units]:
    """G1.41 EX (A25.223): when a Japanese leader becomes berserk, the Japanese units stacked
    with him go berserk automatically, without the A15.41 berserk NTC."""
    if not is_commissar_equivalent(leader).value:
        raise RuleViolation("G1.41", f"{leader.id} is not a Japanese (non-armor) leader")
    out = tuple(
        u.with_(berserk=True, broken=False, pinned=False, dm=False)
        if is_japanese(u) and u.hex == leader.hex and u.kind.is_infantry and not u.unarmed
        else u
        for u in location
    )
    return Ruling(out, ("G1.41", "A25.223"), "units with a berserk Commissar-leader go berserk")


def leader_replaced_on_elr(unit: Unit) -> Ruling[bool]:
    """G1.41: a Japanese leader who fails a MC by >= his ELR is not subject to Replacement."""
    if is_japanese(unit) and unit.kind == Kind.LEADER:
        return Ruling(False, ("G1.41",), "Japanese leaders are not Replaced")
    return Ruling(True, ("A19.13",), "")


def armor_leader_to_infantry(
    face: str, *, crew_stunned_or_recalled: bool, abandoning: bool = True
) -> Ruling[str | None]:
    """G1.411: when a Japanese Inherent crew that has suffered no Stun/Recall this scenario is
    forced to Abandon its vehicle, its armor leader [EXC: a 6+1 armor leader] may become an
    Infantry leader of the next-lower quality (then ceasing to exist as an armor leader).

    Returns the Infantry leader face, or None when not allowed.

    >>> armor_leader_to_infantry("9-1", crew_stunned_or_recalled=False).value
    '9-0'
    """
    if not abandoning:
        return Ruling(None, ("G1.411",), "only when the crew is forced to Abandon its vehicle")
    if crew_stunned_or_recalled:
        return Ruling(None, ("G1.411",), "the crew has suffered a Stun/Recall")
    if face == "6+1":
        return Ruling(None, ("G1.411", "D3.45"), "a 6+1 armor leader cannot")
    parse_leader(face)
    lower = catalog().lower_leader(JAPANESE, face)
    if lower is None:
        return Ruling(None, ("G1.411",), "no lower-quality Japanese Infantry leader")
    return Ruling(lower, ("G1.411",), f"{face} armor leader becomes a {lower} Infantry leader")
