"""G1.5-G1.65 (except CC, G1.64-G1.641): Banzai, Stealthy/Lax, ordnance, OBA, MG, DC, Daisy
Chains, morale exemptions, No Quarter, Battlefield Integrity, concealment and VP.

Subsystems these rules sit on (Human Wave movement, OBA, Captured use, DC attacks, Battlefield
Integrity) are not all built; each function decides its rule's own part from explicit facts.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> sq = make("J1", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED)
>>> casualty_tally_change(sq, [make("J1", "japanese", Kind.HALF_SQUAD, UnitClass.FIRST_LINE)]).value
7
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base.records import record
from aslpto.base.rulings import InputError, Ruling
from aslpto.rules.japanese import units as jp
from aslpto.state.counters import catalog
from aslpto.state.units import Kind, Strength, Unit, UnitClass

# ---------------------------------------------------------------------------------------------
# G1.5 Banzai Charge, G1.6 Stealthy/Lax
# ---------------------------------------------------------------------------------------------


def may_declare_banzai(
    units: Sequence[Unit],
    adjacent: Callable[[str, str], bool],
    *,
    th_hero_own_charge: bool = False,
) -> Ruling[bool]:
    """G1.5: any Good Order Japanese Infantry unit (even one SMC, even ADJACENT to an enemy) may
    declare a Banzai Charge (A25.23 Human Wave rules otherwise); units in different hexes must
    each be ADJACENT to >= one other participant (one chain); a leader must take part if
    >= one MMC does [EXC: a T-H Hero's own Charge, G1.423]. ``adjacent`` answers for two hex
    names (e.g. from :meth:`aslpto.board.hexes.Layout.neighbours`)."""
    rules = ("G1.5", "A25.23")
    if not units:
        return Ruling(False, rules, "no units")
    for u in units:
        if not jp.is_japanese(u) or not u.kind.is_infantry:
            return Ruling(False, rules, f"{u.id} is not Japanese Infantry")
        if u.broken or u.unarmed:
            return Ruling(False, rules, f"{u.id} is not in Good Order")
    if th_hero_own_charge:
        ok = len(units) == 1 and units[0].kind in (Kind.TH_HERO, Kind.DC_HERO)
        return Ruling(ok, ("G1.5", "G1.423"), "a T-H Hero charges alone")
    if any(u.kind.is_mmc for u in units) and not any(u.kind == Kind.LEADER for u in units):
        return Ruling(False, rules, "a leader must participate when >= one MMC does")
    hexes = sorted({u.hex for u in units})
    seen = {hexes[0]}
    frontier = [hexes[0]]
    while frontier:
        h = frontier.pop()
        for other in hexes:
            if other not in seen and adjacent(h, other):
                seen.add(other)
                frontier.append(other)
    if len(seen) != len(hexes):
        return Ruling(False, rules, "units in different hexes must form one ADJACENT chain")
    return Ruling(True, rules, "Banzai Charge")


def banzai_marked_lax(*, in_or_able_to_advance_into_enemy_location: bool) -> Ruling[bool]:
    """G1.5: a unit/stack that performs a Banzai Charge is marked Lax at the end of its MPh if in
    (or able to advance into) an enemy-occupied Location."""
    return Ruling(in_or_able_to_advance_into_enemy_location, ("G1.5", "G1.6"), "")


class Alertness(StrEnum):
    STEALTHY = "stealthy"
    NORMAL = "normal"
    LAX = "lax"


def alertness(unit: Unit, *, banzai_this_player_turn: bool = False) -> Ruling[Alertness]:
    """G1.6: "Good Order Elite and 1st-Line Japanese Infantry (including crews) are Stealthy,
    while Conscripts are Lax"; every Japanese unit that made a Banzai Charge is Lax for the rest
    of that Player Turn. The one answer for a Japanese unit: G.4 Detection asks it too
    (:func:`aslpto.rules.pto.procedures.stealthy`).

    The reading: Elite and 1st-Line are Classes, which squads and half-squads print; crews,
    which print none, are named. A SMC (leader or hero of any type) prints no Class and is not
    named, so a Japanese SMC is neither Stealthy nor Lax: normal, in Good Order or not."""
    if not jp.is_japanese(unit) or not unit.kind.is_infantry:
        return Ruling(Alertness.NORMAL, (), "")
    if banzai_this_player_turn:
        return Ruling(Alertness.LAX, ("G1.6", "G1.5"), "Banzai Charge this Player Turn")
    if unit.unit_class == UnitClass.CONSCRIPT:
        return Ruling(Alertness.LAX, ("G1.6",), "Conscript")
    if unit.kind.is_smc:
        return Ruling(Alertness.NORMAL, ("G1.6",), "a SMC: G1.6 names Elite, 1st-Line and crews")
    crew = unit.kind in (Kind.CREW, Kind.VEHICLE_CREW)
    if not (crew or unit.unit_class in (UnitClass.ELITE, UnitClass.FIRST_LINE)):
        return Ruling(Alertness.NORMAL, ("G1.6",), "neither Elite nor 1st-Line nor a crew")
    if not unit.good_order:
        return Ruling(Alertness.NORMAL, ("G1.6",), "not in Good Order")
    return Ruling(Alertness.STEALTHY, ("G1.6",), "Good Order Elite/1st-Line/crew")


# ---------------------------------------------------------------------------------------------
# G1.61 ordnance and OBA, G1.611 MG/ATR, G1.612-.613 DC and Daisy Chains
# ---------------------------------------------------------------------------------------------


def to_hit_numbers(*, captured: bool) -> Ruling[str]:
    """G1.61: Japanese ordnance uses black To Hit numbers unless captured."""
    return Ruling("red" if captured else "black", ("G1.61",), "")


@record
class OBADraw:
    black: int
    red: int


def oba_draw_pile() -> Ruling[OBADraw]:
    """G1.61: Japanese OBA receives five black and two red cards/chits."""
    return Ruling(OBADraw(5, 2), ("G1.61",), "")


def oba_accurate(final_dr: int) -> Ruling[bool]:
    """G1.61: Japanese OBA achieves Accuracy (C1.3) on a Final dr <= 1."""
    return Ruling(final_dr <= 1, ("G1.61", "C1.3"), "")


@record
class WeaponUse:
    breakdown: int
    multiple_rof: int


MG_KINDS = frozenset({"atr", "mmg", "hmg", ".50-cal"})
UNLOWERED_KINDS = frozenset({"lmg"})
"""Machine guns G1.611 does not name: an LMG keeps its printed B# and ROF in any hands."""


def japanese_mg_fired(
    weapon: str, breakdown: int, rof: int, firer: Unit, *, japanese_weapon: bool = True
) -> Ruling[WeaponUse]:
    """G1.611: a Japanese ATR/MMG/HMG (including .50-cal) fired by a Japanese squad/HS has its B#
    and Multiple ROF lowered by one (A.11 applies: the Original B# is then an X#). The rule
    names those alone, so an LMG keeps its printed B# and ROF (an answer, citing G1.611)."""
    w = weapon.lower()
    if w in UNLOWERED_KINDS:
        return Ruling(
            WeaponUse(breakdown, rof),
            ("G1.611",),
            "G1.611 lowers the B# and ROF of an ATR/MMG/HMG only: an LMG keeps its printed values",
        )
    if w not in MG_KINDS:
        raise InputError(
            f"G1.611 covers ATR/MMG/HMG/.50-cal (and says nothing of an LMG's), not {weapon!r}"
        )
    if japanese_weapon and jp.is_japanese(firer) and firer.kind in (Kind.SQUAD, Kind.HALF_SQUAD):
        return Ruling(
            WeaponUse(breakdown - 1, max(0, rof - 1)),
            ("G1.611", "A.11"),
            "fired by a Japanese squad/HS",
        )
    return Ruling(WeaponUse(breakdown, rof), ("G1.611",), "")


def crewed_for_captured_use(weapon: str) -> Ruling[bool]:
    """G1.611 EX: these SW are not crewed weapons for Captured use (A21.13): a U.S. HS firing a
    Japanese ATR has normal, not doubled, Captured-use penalties."""
    if weapon.lower() not in MG_KINDS:
        raise InputError(f"G1.611 covers ATR/MMG/HMG/.50-cal, not {weapon!r}")
    return Ruling(False, ("G1.611", "A21.13"), "normal Captured-use penalties")


def may_place_dc_in_own_location(unit: Unit) -> Ruling[bool]:
    """G1.612: if otherwise able, Japanese [EXC: a DC Hero, G1.424] may Place/Throw a DC into
    their own Location (A23.61)."""
    ok = jp.is_japanese(unit) and unit.kind != Kind.DC_HERO
    return Ruling(ok, ("G1.612", "A23.61") if ok else ("G1.612", "G1.424"), "")


def own_location_dc_may_attack(target: str) -> Ruling[bool]:
    """G1.612: a DC Placed normally in its possessor's own Location attacks only enemy/Melee units
    (A7.4) and terrain/Fortifications; ``target``: enemy | melee | friendly | terrain |
    fortification."""
    ok = target in ("enemy", "melee", "terrain", "fortification")
    return Ruling(ok, ("G1.612", "A7.4"), "")


def dc_vs_afv_in_same_location() -> Ruling[tuple[str, ...]]:
    """G1.612: any DC attack (including a MPh detonation) vs an AFV in the DC possessor's
    Location needs a Target Facing dr (D3.2) and a Position DR (C7.346)."""
    return Ruling(("target-facing-dr", "position-DR"), ("G1.612", "D3.2", "C7.346"), "")


def at_set_dc_may_detonate(
    *, by_predesignated_unit: bool, as_defensive_first_fire: bool, vehicle_entering_by_road: bool
) -> Ruling[bool]:
    """G1.6121: an A-T Set DC is detonated only by the one Infantry unit predesignated at setup
    (even a hidden T-H Hero), only as Defensive First Fire, only as a vehicle enters its Location
    using the road; doing so is not a "?"-loss activity."""
    ok = by_predesignated_unit and as_defensive_first_fire and vehicle_entering_by_road
    return Ruling(ok, ("G1.6121",), "")


def at_set_dc_effect(*, has_wreck_side: bool, armored_assault_infantry: bool) -> Ruling[str]:
    """G1.6121: a successful detonation makes the vehicle a Blazing Wreck (eliminated with no PRC
    survival if it has no Wreck side); Infantry using Armored Assault with it are attacked as by a
    normal Set DC."""
    effect = "blazing-wreck" if has_wreck_side else "eliminated-no-prc-survival"
    if armored_assault_infantry:
        effect += "+infantry-attacked-as-set-dc"
    return Ruling(effect, ("G1.6121",), "")


def at_set_dc_status(event: str) -> Ruling[str]:
    """G1.6121: always HIP; never revealed by enemy LOS; eliminated by OBA (A9.74) or when its
    Location is Searched; never Recovered. ``event``: los | oba | search | recovery."""
    table = {
        "los": "stays-hidden",
        "oba": "eliminated",
        "search": "eliminated",
        "recovery": "not-allowed",
    }
    if event not in table:
        raise InputError(f"unknown event {event!r} ({', '.join(table)})")
    return Ruling(table[event], ("G1.6121", "A9.74") if event == "oba" else ("G1.6121",), "")


def may_convert_to_daisy_chains(*, before_setup: bool) -> Ruling[bool]:
    """G1.613: before his setup the Japanese player may always convert any/all A-T mine factors
    to Daisy Chains (B28.531)."""
    return Ruling(before_setup, ("G1.613", "B28.531"), "")


# ---------------------------------------------------------------------------------------------
# G1.62 morale exemptions
# ---------------------------------------------------------------------------------------------


def exempt_from(check: str) -> Ruling[bool]:
    """G1.62: Japanese take no PAATC (A12.41 included) and no NTC for an Infantry OVR (A4.15);
    they do not Disrupt nor surrender in the RtPh. ``check``: paatc | ovr-ntc | disrupt |
    rtph-surrender."""
    table = {
        "paatc": ("G1.62", "A12.41"),
        "ovr-ntc": ("G1.62", "A4.15"),
        "disrupt": ("G1.62", "A19.12"),
        "rtph-surrender": ("G1.62",),
    }
    if check not in table:
        raise InputError(f"unknown check {check!r} ({', '.join(table)})")
    return Ruling(True, table[check], "")


def may_create_leader() -> Ruling[bool]:
    """G1.62: Japanese cannot create leaders (A18)."""
    return Ruling(False, ("G1.62", "A18"), "")


def self_rally(original_dr: int, final_dr: int, morale: int) -> Ruling[bool]:
    """G1.62: Japanese may still attempt Self-Rally, rallying automatically on an Original 2 DR
    (A18.11) - without creating a leader."""
    ok = original_dr == 2 or final_dr <= morale
    return Ruling(ok, ("G1.62", "A18.11"), "Original 2" if original_dr == 2 else "")


# ---------------------------------------------------------------------------------------------
# G1.621 No Quarter, G1.622 Battlefield Integrity, G1.63 concealment, G1.65 VP
# ---------------------------------------------------------------------------------------------


def no_quarter(year: int, month: int) -> Ruling[bool]:
    """G1.621: in scenarios set in/after 6/42 No Quarter (A20.3) is always in effect for both
    sides and Mopping Up cannot be used."""
    ok = (year, month) >= (1942, 6)
    return Ruling(ok, ("G1.621", "A20.3"), "in/after 6/42" if ok else "before 6/42")


def may(activity: str) -> Ruling[bool]:
    """G1.621: Japanese may Massacre (A20.4); Japanese prisoners never attempt Escape (A20.55).
    ``activity``: massacre | escape."""
    if activity == "massacre":
        return Ruling(True, ("G1.621", "A20.4"), "")
    if activity == "escape":
        return Ruling(False, ("G1.621", "A20.55"), "")
    raise InputError(f"unknown activity {activity!r} (massacre, escape)")


def interrogation_drm(*, interrogator: str, year: int, target: Unit) -> Ruling[int]:
    """G1.621: a non-Russian Interrogating a Japanese MMC in a 1944-45 scenario may add -1."""
    ok = (
        interrogator != "russian"
        and year in (1944, 1945)
        and jp.is_japanese(target)
        and target.kind.is_mmc
    )
    return Ruling(-1 if ok else 0, ("G1.621",), "")


def _bpv(u: Unit) -> int:
    if u.kind == Kind.SQUAD and u.strength == Strength.REDUCED:
        full = catalog().counter(u.nationality, Kind.SQUAD, u.unit_class, Strength.FULL)
        if full.bpv is not None:
            return full.bpv
    if u.kind == Kind.CREW:
        full = catalog().counter(u.nationality, Kind.CREW, None, Strength.FULL)
        if full.bpv is not None:
            return full.bpv
    return catalog().bpv(u)


def casualty_tally_change(
    before: Unit, after: Sequence[Unit], *, hara_kiri: bool = False
) -> Ruling[int]:
    """G1.622 (A16.11): the Japanese Casualty Tally change when ``before`` becomes ``after``.

    Step Reduction Full -> Reduced: 0. A squad reduced to one HS: its BPV less the HS's (a
    1st-Line 4-4-7 or Reduced 3-4-7: 13 - 6 = 7). An infantry crew exchanged for a vehicle crew:
    10 - 8 = 2. Eliminated/captured by the enemy: its BPV (a vehicle crew 8, even one that was an
    infantry crew). Hara-Kiri (G1.641): nothing.
    """
    if not jp.is_japanese(before):
        raise InputError(f"{before.id}: G1.622 concerns the Japanese Casualty Tally")
    if hara_kiri:
        return Ruling(0, ("G1.622", "G1.641"), "Hara-Kiri adds nothing")
    if not after:
        return Ruling(_bpv(before), ("G1.622", "A16.11"), "eliminated/captured: its BPV")
    if len(after) >= 2:
        return Ruling(0, ("G1.622",), "no MMC lost")
    (a,) = after
    if a.kind == before.kind and a.unit_class == before.unit_class:
        return Ruling(0, ("G1.622",), "Step Reduction Full -> Reduced never affects the Tally")
    lost = _bpv(before) - _bpv(a)
    what = "infantry crew exchanged for a vehicle crew" if before.kind == Kind.CREW else "HS lost"
    return Ruling(max(0, lost), ("G1.622", "A16.11"), what)


def integrity_check_drm(nationality: str) -> Ruling[int]:
    """G1.622: the Japanese side may always add -2 to its Integrity Check DR; the check of a
    side of any other ``nationality`` gets none of the Japanese changes (Battlefield
    Integrity applies unchanged)."""
    if not nationality:
        raise InputError("G1.622: say whose Integrity Check it is (a side's nationality)")
    if nationality == jp.JAPANESE:
        return Ruling(-2, ("G1.622",), "the Japanese side may always add -2")
    return Ruling(0, (), f"a {nationality} side's check: G1.622 changes only the Japanese one")


def concealment_drm(unit: Unit) -> Ruling[int]:
    """G1.63: Japanese Infantry get -2 on their Concealment dr (A12.122)."""
    ok = jp.is_japanese(unit) and unit.kind.is_infantry
    return Ruling(-2 if ok else 0, ("G1.63", "A12.122"), "")


def search_drm(*, only_building_or_rubble: bool) -> Ruling[int]:
    """G1.63: a Search dr (A12.152) by the Japanese opponent gets +2 unless the only Concealment
    Terrain searched is building/rubble (including woods-building/woods-rubble)."""
    return Ruling(0 if only_building_or_rubble else 2, ("G1.63", "A12.152"), "")


class VPEvent(StrEnum):
    FLIPPED_TO_REDUCED = "flipped-to-reduced"
    CREW_TO_VEHICLE_CREW = "crew-to-vehicle-crew"
    ELIMINATED = "eliminated"
    HARA_KIRI = "hara-kiri"


def grants_casualty_vp(unit: Unit, event: VPEvent) -> Ruling[bool]:
    """G1.65 (and G1.641): no Casualty VP when a Full squad/infantry crew flips to Reduced, nor
    when a Reduced infantry crew becomes a broken vehicle crew; an eliminated Japanese hero of any
    type [EXC: heroic leader] grants none; a leader, heroic or not, grants VP as per his face-up
    side; Hara-Kiri grants Casualty VP [EXC: non-leader hero]."""
    if event in (VPEvent.FLIPPED_TO_REDUCED, VPEvent.CREW_TO_VEHICLE_CREW):
        return Ruling(False, ("G1.65",), "a step, not a Casualty")
    leader = unit.kind == Kind.LEADER
    if jp.is_heroic(unit) and not leader:
        return Ruling(
            False,
            ("G1.65", "G1.641") if event == VPEvent.HARA_KIRI else ("G1.65",),
            "a Japanese hero grants no Casualty VP",
        )
    if leader:
        rules = ("G1.65", "G1.641") if event == VPEvent.HARA_KIRI else ("G1.65",)
        heroic = "a heroic leader (G1.65 EXC): " if unit.heroic else ""
        return Ruling(True, rules, f"{heroic}as per its face-up side {unit.counter}")
    return Ruling(True, ("G1.641",) if event == VPEvent.HARA_KIRI else ("G1.65",), "")


def fru(x: Fraction) -> int:
    """Fractions rounded up."""
    return math.ceil(x)
