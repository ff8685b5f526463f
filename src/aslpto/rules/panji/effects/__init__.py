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
    )
    from aslpto.rules.panji.effects.entry import (
        Effect as Effect,
    )
    from aslpto.rules.panji.effects.entry import (
        EntryEffects as EntryEffects,
    )
    from aslpto.rules.panji.effects.entry import (
        EntryOutcome as EntryOutcome,
    )
    from aslpto.rules.panji.effects.entry import (
        PanjiEntry as PanjiEntry,
    )
    from aslpto.rules.panji.effects.entry import (
        UnitEffect as UnitEffect,
    )
    from aslpto.rules.panji.effects.entry import (
        apply_entry as apply_entry,
    )
    from aslpto.rules.panji.effects.entry import (
        entry_effects as entry_effects,
    )
    from aslpto.rules.panji.effects.entry import (
        entry_odds as entry_odds,
    )
    from aslpto.rules.panji.effects.entry import (
        hip_record as hip_record,
    )
    from aslpto.rules.panji.effects.entry import (
        parse_hip_record as parse_hip_record,
    )
    from aslpto.rules.panji.effects.entry import (
        prc_disembark_odds as prc_disembark_odds,
    )
    from aslpto.rules.panji.effects.entry import (
        prc_disembark_position as prc_disembark_position,
    )
    from aslpto.rules.panji.effects.entry import (
        resolve_entry as resolve_entry,
    )
    from aslpto.rules.panji.effects.entry import (
        resolve_prc_disembark as resolve_prc_disembark,
    )
    from aslpto.rules.panji.effects.entry import (
        reveal as reveal,
    )
    from aslpto.rules.panji.effects.entry import (
        revealed_by_bypass as revealed_by_bypass,
    )
    from aslpto.rules.panji.effects.entry import (
        revealed_by_entry as revealed_by_entry,
    )
    from aslpto.rules.panji.effects.entry import (
        verify_embark as verify_embark,
    )
    from aslpto.rules.panji.effects.entry import (
        verify_gallop as verify_gallop,
    )
    from aslpto.rules.panji.effects.removal import (
        AfvClear as AfvClear,
    )
    from aslpto.rules.panji.effects.removal import (
        ClearanceAttempt as ClearanceAttempt,
    )
    from aslpto.rules.panji.effects.removal import (
        HEAttack as HEAttack,
    )
    from aslpto.rules.panji.effects.removal import (
        HEResult as HEResult,
    )
    from aslpto.rules.panji.effects.removal import (
        afv_clear as afv_clear,
    )
    from aslpto.rules.panji.effects.removal import (
        afv_clear_cost as afv_clear_cost,
    )
    from aslpto.rules.panji.effects.removal import (
        apply_afv_clear as apply_afv_clear,
    )
    from aslpto.rules.panji.effects.removal import (
        apply_clearance as apply_clearance,
    )
    from aslpto.rules.panji.effects.removal import (
        apply_uncovered as apply_uncovered,
    )
    from aslpto.rules.panji.effects.removal import (
        bombardment_failure as bombardment_failure,
    )
    from aslpto.rules.panji.effects.removal import (
        bombardment_odds as bombardment_odds,
    )
    from aslpto.rules.panji.effects.removal import (
        breach_uncovers as breach_uncovers,
    )
    from aslpto.rules.panji.effects.removal import (
        clearance_drm_table as clearance_drm_table,
    )
    from aslpto.rules.panji.effects.removal import (
        clearance_odds as clearance_odds,
    )
    from aslpto.rules.panji.effects.removal import (
        clearance_success as clearance_success,
    )
    from aslpto.rules.panji.effects.removal import (
        he_effect as he_effect,
    )
    from aslpto.rules.panji.effects.removal import (
        he_odds as he_odds,
    )
    from aslpto.rules.panji.effects.removal import (
        remove_panji as remove_panji,
    )
    from aslpto.rules.panji.effects.removal import (
        resolve_bombardment as resolve_bombardment,
    )
    from aslpto.rules.panji.effects.removal import (
        resolve_clearance as resolve_clearance,
    )
    from aslpto.rules.panji.effects.removal import (
        resolve_he as resolve_he,
    )
    from aslpto.rules.panji.effects.removal import (
        uncover as uncover,
    )
    from aslpto.rules.panji.effects.removal import (
        verify_afv_clear as verify_afv_clear,
    )
    from aslpto.rules.panji.effects.removal import (
        verify_clearance as verify_clearance,
    )
    from aslpto.rules.panji.effects.restrictions import (
        ItemAction as ItemAction,
    )
    from aslpto.rules.panji.effects.restrictions import (
        LandingOutcome as LandingOutcome,
    )
    from aslpto.rules.panji.effects.restrictions import (
        concealment_loss_activity as concealment_loss_activity,
    )
    from aslpto.rules.panji.effects.restrictions import (
        fortification_position as fortification_position,
    )
    from aslpto.rules.panji.effects.restrictions import (
        glider_crash_drm as glider_crash_drm,
    )
    from aslpto.rules.panji.effects.restrictions import (
        glider_landing_position as glider_landing_position,
    )
    from aslpto.rules.panji.effects.restrictions import (
        parachute_drm as parachute_drm,
    )
    from aslpto.rules.panji.effects.restrictions import (
        parachute_odds as parachute_odds,
    )
    from aslpto.rules.panji.effects.restrictions import (
        parachute_position as parachute_position,
    )
    from aslpto.rules.panji.effects.restrictions import (
        resolve_parachute as resolve_parachute,
    )
    from aslpto.rules.panji.effects.restrictions import (
        resolve_search_casualty as resolve_search_casualty,
    )
    from aslpto.rules.panji.effects.restrictions import (
        revealed_by_search as revealed_by_search,
    )
    from aslpto.rules.panji.effects.restrictions import (
        search_across_covered as search_across_covered,
    )
    from aslpto.rules.panji.effects.restrictions import (
        search_casualty as search_casualty,
    )
    from aslpto.rules.panji.effects.restrictions import (
        search_casualty_odds as search_casualty_odds,
    )
    from aslpto.rules.panji.effects.restrictions import (
        unpossessed_item_position as unpossessed_item_position,
    )
    from aslpto.rules.panji.effects.restrictions import (
        verify_concealment_dr as verify_concealment_dr,
    )
    from aslpto.rules.panji.effects.restrictions import (
        verify_enter_fortification as verify_enter_fortification,
    )
    from aslpto.rules.panji.effects.restrictions import (
        verify_entrench as verify_entrench,
    )
    from aslpto.rules.panji.effects.restrictions import (
        verify_guard as verify_guard,
    )
    from aslpto.rules.panji.effects.restrictions import (
        verify_item_action as verify_item_action,
    )
    from aslpto.rules.panji.effects.restrictions import (
        verify_search as verify_search,
    )
    from aslpto.rules.panji.effects.terrain import (
        ABOVE as ABOVE,
    )
    from aslpto.rules.panji.effects.terrain import (
        BENEATH as BENEATH,
    )
    from aslpto.rules.panji.effects.terrain import (
        PANJI_WEAPONS as PANJI_WEAPONS,
    )
    from aslpto.rules.panji.effects.terrain import (
        DCMode as DCMode,
    )
    from aslpto.rules.panji.effects.terrain import (
        Weapon as Weapon,
    )
    from aslpto.rules.panji.effects.terrain import (
        afv_makes_hex_non_open_ground as afv_makes_hex_non_open_ground,
    )
    from aslpto.rules.panji.effects.terrain import (
        afv_tem_applies as afv_tem_applies,
    )
    from aslpto.rules.panji.effects.terrain import (
        ambush_drm as ambush_drm,
    )
    from aslpto.rules.panji.effects.terrain import (
        attack_drm as attack_drm,
    )
    from aslpto.rules.panji.effects.terrain import (
        cc_drm_against as cc_drm_against,
    )
    from aslpto.rules.panji.effects.terrain import (
        concealment_dr_barred as concealment_dr_barred,
    )
    from aslpto.rules.panji.effects.terrain import (
        covered_between as covered_between,
    )
    from aslpto.rules.panji.effects.terrain import (
        dc_attack_as as dc_attack_as,
    )
    from aslpto.rules.panji.effects.terrain import (
        hex_of as hex_of,
    )
    from aslpto.rules.panji.effects.terrain import (
        is_above as is_above,
    )
    from aslpto.rules.panji.effects.terrain import (
        is_beneath as is_beneath,
    )
    from aslpto.rules.panji.effects.terrain import (
        panji_los_effect as panji_los_effect,
    )
    from aslpto.rules.panji.effects.terrain import (
        panji_of as panji_of,
    )
    from aslpto.rules.panji.effects.terrain import (
        panji_seen_by_enemy as panji_seen_by_enemy,
    )
    from aslpto.rules.panji.effects.terrain import (
        panji_tem as panji_tem,
    )
    from aslpto.rules.panji.effects.terrain import (
        verify_dc as verify_dc,
    )
    from aslpto.rules.panji.effects.terrain import (
        verify_interdict as verify_interdict,
    )
    from aslpto.rules.panji.effects.terrain import (
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
