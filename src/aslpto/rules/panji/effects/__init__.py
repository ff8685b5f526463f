"""Panjis (G9): what they do to units, attacks and items, and how they are removed.

Movement onto, beneath and off a Panji counter (G9.4-G9.6 positions and costs) is
:mod:`aslpto.rules.panji.movement`; this module resolves what those moves trigger and everything
else G9
says: LOS/TEM (G9.2), attacks and DC (G9.21, G9.211), the entry events (G9.41-G9.44, G9.411,
G9.42-G9.423), aerial landings (G9.47), Searching (G9.48), the SW/Gun/vehicle, concealment,
Fortification and prisoner restrictions (G9.52-G9.56), HIP recording and revealing (G9.11,
G9.4, G9.46) and removal (G9.7-G9.74).

Checks (Panji MC, PTC, Bail Out NMC) are :mod:`aslpto.rules.morale`'s; here is who takes
which.

>>> from aslpto.rules.panji.effects import parachute_drm
>>> parachute_drm(covered=3, broken=True).value
3
"""

from __future__ import annotations

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.plugins import Later

if TYPE_CHECKING:
    from aslpto.rules.panji.effects.entry import (
        Crossing as Crossing,
        Effect as Effect,
        EntryEffects as EntryEffects,
        EntryOutcome as EntryOutcome,
        PanjiEntry as PanjiEntry,
        UnitEffect as UnitEffect,
        apply_entry as apply_entry,
        entry_effects as entry_effects,
        entry_odds as entry_odds,
        hip_record as hip_record,
        parse_hip_record as parse_hip_record,
        prc_disembark_odds as prc_disembark_odds,
        prc_disembark_position as prc_disembark_position,
        resolve_entry as resolve_entry,
        resolve_prc_disembark as resolve_prc_disembark,
        reveal as reveal,
        revealed_by_bypass as revealed_by_bypass,
        revealed_by_entry as revealed_by_entry,
        verify_embark as verify_embark,
        verify_gallop as verify_gallop,
    )
    from aslpto.rules.panji.effects.removal import (
        AfvClear as AfvClear,
        ClearanceAttempt as ClearanceAttempt,
        HEAttack as HEAttack,
        HEResult as HEResult,
        afv_clear as afv_clear,
        afv_clear_cost as afv_clear_cost,
        apply_afv_clear as apply_afv_clear,
        apply_clearance as apply_clearance,
        apply_uncovered as apply_uncovered,
        bombardment_failure as bombardment_failure,
        bombardment_odds as bombardment_odds,
        breach_uncovers as breach_uncovers,
        clearance_drm_table as clearance_drm_table,
        clearance_odds as clearance_odds,
        clearance_success as clearance_success,
        he_effect as he_effect,
        he_odds as he_odds,
        remove_panji as remove_panji,
        resolve_bombardment as resolve_bombardment,
        resolve_clearance as resolve_clearance,
        resolve_he as resolve_he,
        uncover as uncover,
        verify_afv_clear as verify_afv_clear,
        verify_clearance as verify_clearance,
    )
    from aslpto.rules.panji.effects.restrictions import (
        ItemAction as ItemAction,
        LandingOutcome as LandingOutcome,
        concealment_loss_activity as concealment_loss_activity,
        fortification_position as fortification_position,
        glider_crash_drm as glider_crash_drm,
        glider_landing_position as glider_landing_position,
        parachute_drm as parachute_drm,
        parachute_odds as parachute_odds,
        parachute_position as parachute_position,
        resolve_parachute as resolve_parachute,
        resolve_search_casualty as resolve_search_casualty,
        revealed_by_search as revealed_by_search,
        search_across_covered as search_across_covered,
        search_casualty as search_casualty,
        search_casualty_odds as search_casualty_odds,
        unpossessed_item_position as unpossessed_item_position,
        verify_concealment_dr as verify_concealment_dr,
        verify_enter_fortification as verify_enter_fortification,
        verify_entrench as verify_entrench,
        verify_guard as verify_guard,
        verify_item_action as verify_item_action,
        verify_search as verify_search,
    )
    from aslpto.rules.panji.effects.terrain import (
        ABOVE as ABOVE,
        BENEATH as BENEATH,
        PANJI_WEAPONS as PANJI_WEAPONS,
        DCMode as DCMode,
        Weapon as Weapon,
        afv_makes_hex_non_open_ground as afv_makes_hex_non_open_ground,
        afv_tem_applies as afv_tem_applies,
        ambush_drm as ambush_drm,
        attack_drm as attack_drm,
        cc_drm_against as cc_drm_against,
        concealment_dr_barred as concealment_dr_barred,
        covered_between as covered_between,
        dc_attack_as as dc_attack_as,
        hex_of as hex_of,
        is_above as is_above,
        is_beneath as is_beneath,
        panji_los_effect as panji_los_effect,
        panji_of as panji_of,
        panji_seen_by_enemy as panji_seen_by_enemy,
        panji_tem as panji_tem,
        verify_dc as verify_dc,
        verify_interdict as verify_interdict,
        verify_weapon as verify_weapon,
    )

# each module's names, given when first asked for (a move imports the terrain effects alone)
_TERRAIN = (
    "ABOVE",
    "BENEATH",
    "PANJI_WEAPONS",
    "DCMode",
    "Weapon",
    "afv_makes_hex_non_open_ground",
    "afv_tem_applies",
    "ambush_drm",
    "attack_drm",
    "cc_drm_against",
    "concealment_dr_barred",
    "covered_between",
    "dc_attack_as",
    "hex_of",
    "is_above",
    "is_beneath",
    "panji_los_effect",
    "panji_of",
    "panji_seen_by_enemy",
    "panji_tem",
    "verify_dc",
    "verify_interdict",
    "verify_weapon",
)
_ENTRY = (
    "Crossing",
    "Effect",
    "EntryEffects",
    "EntryOutcome",
    "PanjiEntry",
    "UnitEffect",
    "apply_entry",
    "entry_effects",
    "entry_odds",
    "hip_record",
    "parse_hip_record",
    "prc_disembark_odds",
    "prc_disembark_position",
    "resolve_entry",
    "resolve_prc_disembark",
    "reveal",
    "revealed_by_bypass",
    "revealed_by_entry",
    "verify_embark",
    "verify_gallop",
)
_RESTRICTIONS = (
    "ItemAction",
    "LandingOutcome",
    "concealment_loss_activity",
    "fortification_position",
    "glider_crash_drm",
    "glider_landing_position",
    "parachute_drm",
    "parachute_odds",
    "parachute_position",
    "resolve_parachute",
    "resolve_search_casualty",
    "revealed_by_search",
    "search_across_covered",
    "search_casualty",
    "search_casualty_odds",
    "unpossessed_item_position",
    "verify_concealment_dr",
    "verify_enter_fortification",
    "verify_entrench",
    "verify_guard",
    "verify_item_action",
    "verify_search",
)
_REMOVAL = (
    "AfvClear",
    "ClearanceAttempt",
    "HEAttack",
    "HEResult",
    "afv_clear",
    "afv_clear_cost",
    "apply_afv_clear",
    "apply_clearance",
    "apply_uncovered",
    "bombardment_failure",
    "bombardment_odds",
    "breach_uncovers",
    "clearance_drm_table",
    "clearance_odds",
    "clearance_success",
    "he_effect",
    "he_odds",
    "remove_panji",
    "resolve_bombardment",
    "resolve_clearance",
    "resolve_he",
    "uncover",
    "verify_afv_clear",
    "verify_clearance",
)

if not TYPE_CHECKING:
    __getattr__ = Later(
        globals(),
        {
            **dict.fromkeys(_TERRAIN, "aslpto.rules.panji.effects.terrain"),
            **dict.fromkeys(_ENTRY, "aslpto.rules.panji.effects.entry"),
            **dict.fromkeys(_RESTRICTIONS, "aslpto.rules.panji.effects.restrictions"),
            **dict.fromkeys(_REMOVAL, "aslpto.rules.panji.effects.removal"),
        },
    )
    __dir__ = __getattr__.dir
    __all__ = __getattr__.public()
