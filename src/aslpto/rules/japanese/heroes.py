"""G1.42-G1.425: Japanese Heroes - Tank-Hunter (T-H) Heroes, DC Heroes, their HIP, use and loss.

Close Combat, movement and DC attacks belong to other subsystems; here each rule's own part is
a function over explicit facts (when, what is in range, what the hero has done).

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, UnitClass
>>> hs = make("H1", "japanese", Kind.HALF_SQUAD, UnitClass.CONSCRIPT)
>>> th_hero_drm(hs).value
3
>>> th_hero_allowance(squads=10, year=1944).value
4
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction

from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import note
from aslpto.rules.japanese import units as jp
from aslpto.rules.morale import Log, Result
from aslpto.state.counters import catalog
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit, UnitClass

TH_HERO_MF = 8
"""G1.423: a T-H Hero's MF allotment (his Banzai-Charge MPh)."""


def th_hero_face() -> str:
    """The face of a T-H Hero: a Hero counter (A15.2) with T-H Hero status (G1.421), the
    Japanese hero face of the counter catalog."""
    return catalog().nationality("japanese").hero_face


TH_HERO_MORALE = 9
"""Morale Level used for a T-H Hero counter (the counter's printed value is not in the G1 text;
A15.2 heroes have 9)."""


class THTime(StrEnum):
    """G1.421: the four moments a T-H Hero may be created."""

    MPH = "mph"  # in its MPh, within eight MF of an enemy AFV in its LOS
    APH = "aph"  # at the start of its APh, ADJACENT to an enemy AFV in its LOS
    ENEMY_MPH = "enemy-mph"  # during the enemy MPh, able to CC Reaction Fire vs an AFV
    CCPH = "ccph"  # at the start of the CCPh, DEFENDER in the same Location as an AFV


@record
class THOpportunity:
    """The facts of one possible creation attempt (G1.421, G1.424)."""

    time: THTime
    afv_in_los: bool = False
    within_eight_mf: bool = False  # MPh
    adjacent: bool = False  # APh
    can_cc_reaction_fire: bool = False  # enemy MPh
    defender_in_same_location: bool = False  # CCPh
    fire_marker: bool = False  # Prep/Bounding/First/Final Fire counter on the MMC
    attempted_this_phase: bool = False
    remaining: int = 1  # T-H Heroes Remaining (G1.421)
    # G1.424: a DC Hero attempt in its own MPh, within eight MF of and in LOS to any enemy
    # unit/Gun or enemy-Controlled hex with a Known Fortification
    dc_target_in_los_within_eight_mf: bool = False


# ---------------------------------------------------------------------------------------------
# G1.421 creation
# ---------------------------------------------------------------------------------------------


def th_hero_allowance(*, squads: int, year: int, vs_russians: bool = False) -> Ruling[int]:
    """G1.421: T-H Heroes allowed per scenario: of the Japanese squads (only) in the OB, 10%
    (20% vs Russians) before 1943, 20% in 1943, 33% in 1944, 50% in 1945; FRU."""
    if squads < 0:
        raise InputError("a negative number of squads")
    if year < 1943:
        pct = 20 if vs_russians else 10
    elif year == 1943:
        pct = 20
    elif year == 1944:
        pct = 33
    else:
        pct = 50
    n = math.ceil(Fraction(squads * pct, 100))
    return Ruling(n, ("G1.421",), f"{pct}% of {squads} squads, FRU")


def may_be_th_hero_source(mmc: Unit) -> Ruling[bool]:
    """G1.421: what the unit itself must be to attempt a T-H Hero creation: an armed, Good
    Order Japanese Infantry squad/HS with no Pin/TI counter (the moment and a Fire counter
    are :func:`may_attempt_th_hero`'s)."""
    if not jp.is_japanese(mmc) or mmc.kind not in (Kind.SQUAD, Kind.HALF_SQUAD):
        return Ruling(False, ("G1.421",), "only a Japanese Infantry squad/HS")
    if mmc.broken or mmc.unarmed:
        return Ruling(False, ("G1.421",), "not armed and in Good Order")
    if mmc.pinned or mmc.ti:
        return Ruling(False, ("G1.421",), "marked with a Fire or Pin/TI counter")
    return Ruling(True, ("G1.421",), "an armed, Good Order Japanese squad/HS")


def may_attempt_th_hero(mmc: Unit, opp: THOpportunity, *, dc_hero: bool = False) -> Ruling[bool]:
    """G1.421 (and G1.424 for a DC Hero): an armed, Good Order Japanese Infantry squad/HS in one
    of the four situations, not marked with a Fire or Pin/TI counter, once per such moment, while
    T-H Heroes remain."""
    rules: tuple[str, ...] = ("G1.421", "G1.424") if dc_hero else ("G1.421",)

    def no(why: str) -> Ruling[bool]:
        return Ruling(False, rules, why)

    unit = may_be_th_hero_source(mmc)
    if not unit.value:
        return no(unit.why)
    if opp.fire_marker:
        return no("marked with a Fire or Pin/TI counter")
    if opp.attempted_this_phase:
        return no("one attempt at that time")
    if opp.remaining <= 0:
        return no("no T-H Heroes remaining")
    if dc_hero:
        if not mmc.possesses_dc:
            return no("a DC Hero needs a DC to give him")
        ok = opp.time == THTime.MPH and (
            opp.dc_target_in_los_within_eight_mf or (opp.afv_in_los and opp.within_eight_mf)
        )
        return Ruling(ok, rules, "in its MPh within eight MF and in LOS" if ok else "no target")
    if not opp.afv_in_los:
        return no("no enemy AFV in its LOS")
    ok = {
        THTime.MPH: opp.within_eight_mf,
        THTime.APH: opp.adjacent,
        THTime.ENEMY_MPH: opp.can_cc_reaction_fire,
        THTime.CCPH: opp.defender_in_same_location,
    }[opp.time]
    return Ruling(ok, rules, "allowed" if ok else f"not allowed at {opp.time}")


def th_hero_drm(mmc: Unit, *, gives_dc: bool = False, leadership_drm: int = 0) -> Ruling[int]:
    """G1.421: +1 if a HS, +2 if a Conscript, -2 if possessing a DC it will give the Hero
    (G1.424). The dr is marked with a delta: no leader modifies it (A.10); ``leadership_drm``
    is any other drm the caller gives."""
    drm = leadership_drm
    if mmc.kind == Kind.HALF_SQUAD:
        drm += 1
    if mmc.unit_class == UnitClass.CONSCRIPT:
        drm += 2
    if gives_dc:
        if not mmc.possesses_dc:
            raise RuleViolation("G1.424", f"{mmc.id} possesses no DC to give")
        drm -= 2
    return Ruling(drm, ("G1.421",) + (("G1.424",) if gives_dc else ()), "")


def th_hero_mf(mf_expended_by_creator: int = 0, *, banzai: bool = False) -> Ruling[int]:
    """G1.423: eight MF less two (one if the creator is Banzai Charging) for each MF the
    creating MMC had already expended."""
    if mf_expended_by_creator < 0:
        raise InputError(f"MF expended cannot be negative ({mf_expended_by_creator})")
    per = 1 if banzai else 2
    return Ruling(max(0, TH_HERO_MF - per * mf_expended_by_creator), ("G1.423",), "")


def resolve_th_hero(
    mmc: Unit,
    dice: Dice,
    *,
    gives_dc: bool = False,
    banzai: bool = False,
    leadership_drm: int = 0,
    mf_expended: int = 0,
) -> Result:
    """G1.421: a T-H Hero is created on a Final dr <= 3; an Original 6 pins the MMC unless it is
    conducting a Banzai Charge. The attempt is a "?"-loss activity (A12.141). A created Hero given
    the MMC's DC is a DC Hero (G1.424). Eligibility is :func:`may_attempt_th_hero`'s."""
    log = Log()
    drm = th_hero_drm(mmc, gives_dc=gives_dc, leadership_drm=leadership_drm).value
    u = mmc
    if u.concealed:
        u = u.with_(concealed=False)
        log.note(mmc, "loses concealment", "A12.141")
    dr = dice.dr()
    if dr == 6 and not banzai:
        u = u.with_(pinned=True)
        log.note(mmc, "pinned (Original 6)", "G1.421")
    if dr + drm > 3:
        log.note(mmc, "no T-H Hero", "G1.421")
        return log.result([u])
    kind = Kind.DC_HERO if gives_dc else Kind.TH_HERO
    note("morale.toml", "heat_of_battle", "hero_face")  # th_hero_face()
    hero = Unit(
        id=f"{mmc.id}-th",
        side=mmc.side,
        nationality=mmc.nationality,
        kind=kind,
        counter=th_hero_face(),
        morale=TH_HERO_MORALE,
        elr=mmc.elr,
        hex=mmc.hex,
        position=mmc.position,
        mf=th_hero_mf(mf_expended, banzai=banzai).value,
        possesses_dc=gives_dc,
    )
    if gives_dc:
        u = u.with_(possesses_dc=False)
        log.note(mmc, "creates a DC Hero and Transfers him its DC", "G1.421", "G1.424")
    else:
        log.note(mmc, "creates a T-H Hero", "G1.421")
    return log.result([u, hero])


def odds_th_hero(mmc: Unit, **kw: bool | int) -> Distribution[Result]:
    """Exact distribution of :func:`resolve_th_hero` over the 6 dr."""
    return odds(lambda d: resolve_th_hero(mmc, d, **kw))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# G1.422 HIP
# ---------------------------------------------------------------------------------------------


def th_hero_hip_allowed(*, year: int, japanese_set_up_onboard: bool) -> Ruling[bool]:
    """G1.422: in a 1944-45 scenario in which at least some Japanese set up on board, T-H Heroes
    (up to the G1.421 total) may set up using HIP."""
    ok = year in (1944, 1945) and japanese_set_up_onboard
    return Ruling(ok, ("G1.422",), "1944-45 with Japanese setting up on board" if ok else "no")


def may_lose_hip_voluntarily(hero: Unit, opp: THOpportunity) -> Ruling[bool]:
    """G1.422: a hidden T-H Hero may lose HIP voluntarily only when and where a T-H Hero could be
    created [EXC: no creating MMC needed]."""
    if hero.kind not in (Kind.TH_HERO, Kind.DC_HERO) or not hero.hidden:
        return Ruling(False, ("G1.422",), "not a hidden T-H Hero")
    if not opp.afv_in_los:
        return Ruling(False, ("G1.422",), "no enemy AFV in his LOS")
    ok = {
        THTime.MPH: opp.within_eight_mf,
        THTime.APH: opp.adjacent,
        THTime.ENEMY_MPH: opp.can_cc_reaction_fire,
        THTime.CCPH: opp.defender_in_same_location,
    }[opp.time]
    return Ruling(ok, ("G1.422", "G1.421"), "")


# ---------------------------------------------------------------------------------------------
# G1.423 use
# ---------------------------------------------------------------------------------------------


class Item(StrEnum):
    ATMM = "atmm"
    DC = "dc"
    GUN = "gun"
    SW = "sw"
    MOL = "mol"


def th_hero_may_possess(item: Item, *, transferred_per_g1_424: bool = False) -> Ruling[bool]:
    """G1.423: no Gun or SW other than an ATMM (G1.4231) or a DC Transferred to him per G1.424
    (so no MOL)."""
    if item == Item.ATMM:
        return Ruling(True, ("G1.423", "G1.4231"), "")
    if item == Item.DC:
        return Ruling(transferred_per_g1_424, ("G1.423", "G1.424"), "only a DC given at creation")
    return Ruling(False, ("G1.423",), f"a T-H Hero may not possess a {item}")


def th_hero_has_hero_drm() -> Ruling[bool]:
    """G1.423: a T-H Hero has no Hero DRM (A15.24)."""
    return Ruling(False, ("G1.423", "A15.24"), "")


def th_hero_may(activity: str) -> Ruling[bool]:
    """G1.423: he may not attempt Recovery, Transfer (except to receive a DC, G1.424) or become
    PRC; he moves individually; he does not get the Banzai +1 Morale Level."""
    allowed = {
        "receive-dc": True,
        "recovery": False,
        "transfer": False,
        "prc": False,
        "move-in-stack": False,
        "banzai-morale-bonus": False,
    }
    if activity not in allowed:
        raise InputError(f"unknown T-H Hero activity {activity!r} ({', '.join(allowed)})")
    return Ruling(allowed[activity], ("G1.423",), "")


def th_hero_may_enter(
    *, enemy_occupied: bool, holds_target: bool, adjacent_to_target: bool
) -> Ruling[bool]:
    """G1.423: during his Banzai Charge he may enter an enemy-occupied hex only if it contains
    his Designated Target or is ADJACENT to it."""
    ok = not enemy_occupied or holds_target or adjacent_to_target
    return Ruling(ok, ("G1.423",), "" if ok else "enemy hex away from his Designated Target")


def th_hero_must_advance(*, adjacent_at_start_of_aph: bool, able: bool) -> Ruling[bool]:
    """G1.423: ADJACENT to his Designated Target at the start of his APh, he must advance into its
    Location if able."""
    return Ruling(adjacent_at_start_of_aph and able, ("G1.423",), "")


def creator_effects_on_hero(*, assault: bool, hazardous: bool, cx: bool) -> Ruling[bool]:
    """G1.423: the creating MMC's Assault/Hazardous Movement and CX status do not apply to the
    T-H Hero (always False: nothing carries over)."""
    del assault, hazardous, cx
    return Ruling(False, ("G1.423",), "nothing carries over")


def vehicle_motion_attempt_allowed_by_th_hero() -> Ruling[bool]:
    """G1.423: no Motion Attempt (D2.401) based on a T-H Hero's MF expenditure."""
    return Ruling(False, ("G1.423", "D2.401"), "")


# ---------------------------------------------------------------------------------------------
# G1.4231 CC & ATMM
# ---------------------------------------------------------------------------------------------


@record
class THCombat:
    fp: int
    ccv: int
    fp_vs_personnel_in_cc_only: bool
    unarmed_for_rout_and_interdiction: bool


def th_hero_combat() -> Ruling[THCombat]:
    """G1.4231: one FP usable only in CC vs Personnel (so Unarmed for rout and Interdiction, no
    Normal Range) and a CCV of 5."""
    return Ruling(THCombat(1, 5, True, True), ("G1.4231",), "")


def with_mmc_in_cc(fp: int, ccv: int) -> Ruling[tuple[int, int]]:
    """G1.4231: attacking/defending with a MMC a T-H Hero merely adds one to its FP (A11.14) or
    CCV (A11.5)."""
    return Ruling((fp + 1, ccv + 1), ("G1.4231", "A11.14", "A11.5"), "")


ATMM_GAINED = "ATMM"
ATMM_NOT_GAINED = "no ATMM"


def resolve_atmm(hero: Unit, dice: Dice, *, pre_1944: bool) -> Result:
    """G1.4231: before his CC attack a T-H Hero may roll for an ATMM: a Final dr <= 3 succeeds,
    +1 drm before 1944; an Original 6 does not pin him (G1.4). No other Japanese may, nor a DC
    Hero, who may not make a CC attack (G1.424). See :func:`atmm_gained`."""
    if hero.kind == Kind.DC_HERO:
        raise RuleViolation("G1.424", "a DC Hero makes no CC attack, so rolls for no ATMM")
    if hero.kind != Kind.TH_HERO or not jp.is_japanese(hero):
        raise RuleViolation("G1.4231", "only a Japanese T-H Hero may roll for an ATMM")
    log = Log()
    dr = dice.dr()
    ok = dr + (1 if pre_1944 else 0) <= 3
    log.note(hero, ATMM_GAINED if ok else ATMM_NOT_GAINED, "G1.4231")
    return log.result([hero])


def atmm_gained(result: Result) -> bool:
    """Whether a :func:`resolve_atmm` result is a success."""
    return any(e.endswith(f": {ATMM_GAINED}") for e in result.events)


def odds_atmm(hero: Unit, *, pre_1944: bool) -> Distribution[Result]:
    return odds(lambda d: resolve_atmm(hero, d, pre_1944=pre_1944))


# ---------------------------------------------------------------------------------------------
# G1.424 DC Hero, G1.4241 Fortified Building
# ---------------------------------------------------------------------------------------------


def dc_hero_may(activity: str) -> Ruling[bool]:
    """G1.424: a DC Hero may not Place/Throw his DC in the normal manner nor make a CC attack; he
    detonates it in his Designated Target's Location (hex, for a pillbox) during or at the end of
    his MPh, without a MF to Place it, once he survives the Defensive First Fire."""
    allowed = {"place": False, "throw": False, "cc-attack": False, "detonate": True}
    if activity not in allowed:
        raise InputError(f"unknown DC Hero activity {activity!r} ({', '.join(allowed)})")
    return Ruling(allowed[activity], ("G1.424",), "")


def dc_hero_may_detonate(
    *, in_target_location: bool, survived_defensive_first_fire: bool, own_mph: bool
) -> Ruling[bool]:
    """G1.424: in his Target's Location during/at the end of his MPh, after surviving all
    Defensive First Fire allowed by his last MF expenditure."""
    ok = in_target_location and survived_defensive_first_fire and own_mph
    return Ruling(ok, ("G1.424",), "")


def may_detonate_like_dc_hero(unit: Unit, *, own_mph: bool) -> Ruling[bool]:
    """G1.424: any unbroken Japanese Infantry unit possessing a DC may detonate it during or at the
    end of its own MPh like a DC Hero, and is then eliminated (G1.425)."""
    ok = (
        jp.is_japanese(unit)
        and unit.kind.is_infantry
        and not unit.broken
        and unit.possesses_dc
        and own_mph
    )
    return Ruling(ok, ("G1.424", "G1.425"), "eliminated after detonating" if ok else "")


def fortified_building_detonation_mf(*, via_stairwell: bool = False) -> Ruling[int]:
    """G1.4241: ADJACENT to a Fortified Building Location he cannot enter, a DC Hero expends two
    MF (one via a stairwell) as if entering, then may detonate for a Breach (A23.921); an unknown
    Fortified status still qualifies him."""
    return Ruling(1 if via_stairwell else 2, ("G1.4241", "A23.921", "A23.922"), "")


# ---------------------------------------------------------------------------------------------
# G1.425 loss
# ---------------------------------------------------------------------------------------------


class HeroEvent(StrEnum):
    ATTACKED_TARGET = "attacked-target"  # made his CC/DC attack vs his Designated Target
    END_OF_PLAYER_TURN = "end-of-player-turn"
    TARGET_ELIMINATED = "target-eliminated"
    LEFT_MELEE = "left-melee"


def th_hero_removed(
    event: HeroEvent, *, in_melee: bool = False, hidden: bool = False
) -> Ruling[bool]:
    """G1.425: removed upon attacking his Designated Target (even if his DC's Effects DR >= its
    X#); else at the end of the Player Turn he appeared in or, if then in Melee, when no longer in
    Melee; eliminated at once if his Target is eliminated first. A DC Hero's DC goes with him."""
    if hidden and event != HeroEvent.TARGET_ELIMINATED:
        return Ruling(False, ("G1.425",), "a hidden T-H Hero stays")
    if event == HeroEvent.END_OF_PLAYER_TURN and in_melee:
        return Ruling(False, ("G1.425",), "in Melee: removed when no longer in Melee")
    return Ruling(True, ("G1.425",), str(event))


def involuntary_hip_loss_eliminates(
    *, enemy_mph_reaction_fire: bool, ccph_defender_with_enemy: bool
) -> Ruling[bool]:
    """G1.425: a T-H Hero who loses HIP involuntarily is eliminated unless it happens in the enemy
    MPh and he makes an immediate Reaction Fire attack (D7.2), or in a CCPh in which he is a
    DEFENDER in the same Location as an enemy unit (A11.19)."""
    survives = enemy_mph_reaction_fire or ccph_defender_with_enemy
    return Ruling(not survives, ("G1.425", "G1.422"), "")


def revealing_enemy_continues(*, hero_was_only_defender: bool) -> Ruling[bool]:
    """G1.425: if a hidden T-H Hero, the only DEFENDER in his Location, is eliminated by being
    revealed when the enemy enters it in its MPh (A12.15), the enemy unit/stack stays there and
    may continue its MPh."""
    return Ruling(hero_was_only_defender, ("G1.425", "A12.15"), "")


def hero_targets_in_los(game: Game, unit: Unit, *, dc: bool = False) -> Ruling[tuple[str, ...]]:
    """The LOS part of T-H Hero creation: an enemy AFV in the squad/HS's LOS (G1.421); with a
    DC (G1.424), any enemy unit/Gun, or a hex with a Known (not hidden) enemy Fortification.
    Ids of the qualifying targets (fortifications as ``fort:<id>``). The eight-MF, phase and
    status conditions are the procedure's, not the LOS's."""
    from aslpto.rules.los import Location, engine_for, location_of  # (imported when asked)

    eng = engine_for(game)
    me = location_of(game, unit)
    out: list[str] = []
    for u in game.units.values():
        if u.side == unit.side or not u.hex:
            continue
        if not dc and not u.afv:
            continue
        if eng.check(me, location_of(game, u)).los:
            out.append(u.id)
    if dc:
        for f in game.fortifications:
            known_enemy = f.side and f.side != unit.side and not f.hidden
            if known_enemy and eng.check(me, Location(f.hex)).los:
                out.append(f"fort:{f.id}")
    rules = ("G1.424",) if dc else ("G1.421",)
    what = "enemy unit/Gun or Known Fortification" if dc else "enemy AFV"
    why = f"{what} in LOS: {', '.join(out)}" if out else f"no {what} in LOS"
    return Ruling(tuple(out), rules, why)
