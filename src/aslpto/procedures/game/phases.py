"""The Player Turn (A3): its eight phases in order, what each lets each side do, and the
markers the phases set and clear, each with its rule and the public text it was read from.

A Game Turn is two Player Turns; in each, the player who moves is the ATTACKER and the other the
DEFENDER (A3). The phases (A3.1-A3.8): Rally (RPh), Prep Fire (PFPh), Movement (MPh), Defensive
Fire (DFPh), Advancing Fire (AFPh), Rout (RtPh), Advance (APh), Close Combat (CCPh).

The rule texts in ``/work/shared/rules/`` are chapter G and B21; chapter A's Sequence of Play
is read from the public eASLRB (A3, A7, A8) and the public sequence-of-play sheets named in
:data:`SOURCES`. A rule no such text was read for is ``sure = False``: an answer resting on
it lists it as an unchecked value.
"""

from __future__ import annotations

from enum import StrEnum

from aslpto.base.records import record


class PhaseName(StrEnum):
    """A3.1-A3.8, in the order of the Player Turn."""

    RPH = "RPh"
    PFPH = "PFPh"
    MPH = "MPh"
    DFPH = "DFPh"
    AFPH = "AFPh"
    RTPH = "RtPh"
    APH = "APh"
    CCPH = "CCPh"

    @property
    def rule(self) -> str:
        return f"A3.{ORDER.index(self) + 1}"

    @property
    def full_name(self) -> str:
        return TITLES[self]

    def next(self) -> PhaseName | None:
        """The phase after this one in the Player Turn; None after the CCPh."""
        i = ORDER.index(self)
        return ORDER[i + 1] if i + 1 < len(ORDER) else None


ORDER = tuple(PhaseName)

TITLES = {
    PhaseName.RPH: "Rally Phase",
    PhaseName.PFPH: "Prep Fire Phase",
    PhaseName.MPH: "Movement Phase",
    PhaseName.DFPH: "Defensive Fire Phase",
    PhaseName.AFPH: "Advancing Fire Phase",
    PhaseName.RTPH: "Rout Phase",
    PhaseName.APH: "Advance Phase",
    PhaseName.CCPH: "Close Combat Phase",
}


def phase_of(text: str) -> PhaseName:
    """A phase as typed (``mph``, ``MPh``)."""
    for p in PhaseName:
        if p.value.lower() == text.strip().lower():
            return p
    from aslpto.base.rulings import InputError

    raise InputError(f"phase '{text}': one of {', '.join(p.value for p in PhaseName)}")


class Marker(StrEnum):
    """What the game remembers of a unit within a Player Turn beyond the unit's own status
    (broken, pinned, DM, CX, TI are the unit's: :class:`~aslpto.state.units.Unit`)."""

    PREP_FIRE = "prep-fire"  # A3.2
    FIRST_FIRE = "first-fire"  # A3.3, A8.1
    FINAL_FIRE = "final-fire"  # A3.4
    FIRED = "fired"  # fired in a fire phase of this Player Turn (A7.1)
    MOVED = "moved"  # moved in this MPh
    ROUTED = "routed"  # routed in this RtPh
    ADVANCED = "advanced"  # advanced in this APh
    LABOR = "labor"  # attempted a labor task in the PFPh (A3.2, A3.3)
    RALLY = "rally-attempt"  # attempted to rally this Player Turn (A10.6: once)
    BANZAI = "banzai"  # made a Banzai Charge this Player Turn (G1.5, A25.23)


SOURCES = {
    "eASLRB-A3": "https://easlrb-195320.firebaseapp.com/A/A3.HTM",
    "eASLRB-A7": "https://easlrb-195320.firebaseapp.com/A/A7.HTM",
    "eASLRB-A8": "https://easlrb-195320.firebaseapp.com/A/A8.HTM",
    "SK-SOP": "https://www.scribd.com/document/568614044/ASL-SeqOP-table",
    "phases-QR": "https://idoc.tips/download/asl-phase-reference-sheetpdf-pdf-free.html",
    "asl-assist-CCPh": "https://asl-assist.net/?content=phaser&phase=close",
    "SK-blog": "http://ec-are-moderate.blogspot.com/2010/10/starter-kit-sequence-of-play.html",
    "eASLRB-CRE": "https://easlrb-195320.firebaseapp.com/A/CRE.HTM",
    "rout-flowchart": "https://www.scribd.com/document/347329648/ASL-Rout-Flowchart-Version-5-01",
    "routing-101": (
        "http://aslwebdex.net/aslwebdex/articles/Crossroads/Routing%20Rules%20Explained.htm"
    ),
    "cote1664-A10.5": "http://forum.cote1664.net/index.php/topic,12153.msg103712.html",
    "gamesquad-A10.51": "http://www.gamesquad.com/forums/index.php?threads/rout-question.38515/latest",
    "gamesquad-rout": (
        "http://www.gamesquad.com/forums/index.php?threads/rout-clarification-and-a-question"
        ".36952/latest"
    ),
    "gamesquad-adjacent": "http://www.gamesquad.com/forums/index.php?threads/another-rout-question.129931/",
    "cote1664-DM": "https://forum.cote1664.net/index.php/topic,14922.0/prev_next,prev.html",
    "aslerb-A4": "http://aslerb.com/.wp-plugins/cha_cha4.php",
    "eASLRB-A10": "https://easlrb-195320.firebaseapp.com/A/A10.HTM",
    "gamesquad-low-crawl": (
        "http://www.gamesquad.com/forums/index.php?threads/a10-51-rout-direction.193431/"
    ),
    "eASLRB-A11-md": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime/blob/"
        "fd7e016cfbb66d0f46f6cb9e1ef5bf9c9fe9abcf/docs/ASL/Rulebook_Markdown/"
        "02%20-%20Chapter%20A%20-%20Infantry%20and%20Basic%20Game%20Rules.md"
        " (the eASLRB v3.01 transcribed: A11.15-A11.22 on its pages 72-73, the CC EX on 74-75)"
    ),
    "ruleschat-cc": (
        "https://github.com/kehannan/ruleschat/blob/efd63c06f4cc584ab93dda503fccf63b5b99e42a/"
        "app/asl/cc_resolver.py (its Melee note: A11.15, A11.2)"
    ),
    "limbodancer-R29": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime"
        " (its plan's rulings R29.10, R29.11: Melee and Withdrawal)"
    ),
    "cote1664-melee": "http://forum.cote1664.net/index.php/topic,5393.msg37970.html",
    "eASLRB-A7-md": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime/blob/"
        "fd7e016cfbb66d0f46f6cb9e1ef5bf9c9fe9abcf/docs/ASL/Rulebook_Markdown/"
        "02%20-%20Chapter%20A%20-%20Infantry%20and%20Basic%20Game%20Rules.md"
        " (the eASLRB v3.01 transcribed: A7.21, A7.212 on its pages 54-55, A7.4 on 57)"
    ),
    "eASLRB-A4-md": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime/blob/"
        "fd7e016cfbb66d0f46f6cb9e1ef5bf9c9fe9abcf/docs/ASL/Rulebook_Markdown/"
        "02%20-%20Chapter%20A%20-%20Infantry%20and%20Basic%20Game%20Rules.md"
        " (the eASLRB v3.01 transcribed: A4.14, A4.15 on its page 48, A4.2, A4.3 on 49)"
    ),
    "eASLRB-A12-md": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime/blob/"
        "fd7e016cfbb66d0f46f6cb9e1ef5bf9c9fe9abcf/docs/ASL/Rulebook_Markdown/"
        "02%20-%20Chapter%20A%20-%20Infantry%20and%20Basic%20Game%20Rules.md"
        " (the eASLRB v3.01 transcribed: A11.19 on its page 72, A12.15-A12.151 on 78-79, A4.7 "
        "on 52)"
    ),
    "eASLRB-A25-md": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime/blob/"
        "fd7e016cfbb66d0f46f6cb9e1ef5bf9c9fe9abcf/docs/ASL/Rulebook_Markdown/"
        "02%20-%20Chapter%20A%20-%20Infantry%20and%20Basic%20Game%20Rules.md"
        " (the eASLRB v3.01 transcribed: A25.23-A25.234 on its pages 94-95); G1.5, G1.6 beside "
        "the repository"
    ),
    "limbodancer-P12": (
        "https://github.com/Realization-Engine/LimboDancer.Agentic.CognitiveRuntime"
        " (its ASL Unit Backlog Pass 12 Design, 12.7 Fire and Melee: fire from outside into a "
        "Melee Location attacks the units of both sides there, A11.15)"
    ),
}
"""The public texts the Sequence of Play was read from (their words, not copied here)."""


@record
class PhaseRule:
    """One rule of the Sequence of Play the game enforces: its number, what it says in short,
    the sources it was read from (:data:`SOURCES`), and whether a source printing it was read
    (``sure``)."""

    key: str
    rule: str
    what: str
    sources: tuple[str, ...]
    sure: bool = True

    @property
    def label(self) -> str:
        return f"{self.rule} game.{self.key}: {self.what} (procedures/game/phases.py)"


RULES = {
    r.key: r
    for r in (
        PhaseRule(
            "player_turn",
            "A3",
            "a Game Turn is two Player Turns of eight phases; the player who moves is the ATTACKER",
            ("eASLRB-A3",),
        ),
        PhaseRule(
            "rally",
            "A3.1",
            "both players may attempt to repair and rally in the RPh",
            ("eASLRB-A3",),
        ),
        PhaseRule(
            "prep_fire",
            "A3.2",
            "the ATTACKER fires or performs labor tasks in the PFPh; Prep Fire (TI) counters "
            "on them",
            ("eASLRB-A3",),
        ),
        PhaseRule(
            "movement",
            "A3.3",
            "the ATTACKER moves units that neither fired nor attempted a labor task in the PFPh; "
            "the DEFENDER First Fires at them as they move",
            ("eASLRB-A3",),
        ),
        PhaseRule(
            "first_fire",
            "A8.1",
            "Defensive First Fire is only at a moving unit, and affects only the moving "
            "unit/stack; once another unit begins to move, those moved before are not moving",
            ("eASLRB-A8",),
        ),
        PhaseRule(
            "defensive_fire",
            "A3.4",
            "the DEFENDER fires units not marked First Fire; those marked fire only as Final "
            "Fire; all First and Final Fire counters are removed at the end of the DFPh",
            ("eASLRB-A3",),
        ),
        PhaseRule(
            "one_fire_phase",
            "A7.1",
            "no unit fires its inherent FP in more than one fire phase per Player Turn",
            ("eASLRB-A7",),
        ),
        PhaseRule(
            "advancing_fire",
            "A3.5",
            "the ATTACKER fires units that did not fire in the PFPh or attempt a labor task; "
            "Prep Fire counters are removed at the end of the AFPh",
            ("eASLRB-A3", "SK-SOP"),
            sure=False,
        ),
        PhaseRule(
            "rout",
            "A3.6",
            "broken units rout in the RtPh, the ATTACKER's first; only a broken unit routs",
            ("SK-SOP",),
            sure=False,
        ),
        PhaseRule(
            "rout_dm",
            "A10.5",
            "only a broken unit under DM routs, once a RtPh",
            ("routing-101", "gamesquad-rout", "rout-flowchart"),
        ),
        PhaseRule(
            "rout_mf",
            "A10.5",
            "a routing unit has 6 MF",
            ("routing-101", "gamesquad-A10.51"),
        ),
        PhaseRule(
            "must_rout",
            "A10.5",
            "at the start of the RtPh a broken unit in the Location of or ADJACENT to a Known, "
            "armed, unbroken enemy unit, or in Open Ground in the LOS and Normal Range of a Known "
            "enemy unit, must rout; it is marked DM (A10.62)",
            ("rout-flowchart", "routing-101", "gamesquad-rout"),
        ),
        PhaseRule(
            "failure_to_rout",
            "A10.5",
            "a broken unit that must rout and has not routed by the end of the RtPh is eliminated "
            "for Failure to Rout (where No Quarter is not in effect it would Surrender, A20.21: "
            "not built)",
            ("eASLRB-CRE", "gamesquad-adjacent"),
            sure=False,
        ),
        PhaseRule(
            "low_crawl_rout",
            "A10.52",
            "a unit may rout by Low Crawl: one Location, not from an enemy-occupied Location",
            ("rout-flowchart", "gamesquad-low-crawl"),
        ),
        PhaseRule(
            "dm_attacked",
            "A10.62",
            "a broken unit attacked by fire that could cause it at least a NMC is marked DM",
            ("rout-flowchart", "cote1664-DM"),
            sure=False,
        ),
        PhaseRule(
            "dm_adjacent",
            "A10.62",
            "a broken unit a Known, armed, unbroken enemy unit moves or advances ADJACENT to (or "
            "into its Location) is marked DM",
            ("rout-flowchart", "gamesquad-rout"),
        ),
        PhaseRule(
            "stack_move",
            "A4.12",
            "units that begin the MPh in one Location may move together as a stack along one "
            "path; a MMC moving all its MF in a combined stack with a Good Order leader gets two "
            "more MF; Defensive First Fire at the stack affects the moving stack alone (A8.1)",
            ("aslerb-A4", "eASLRB-A8", "eASLRB-A10"),
        ),
        PhaseRule(
            "advance",
            "A3.7",
            "the ATTACKER's unbroken, unpinned units may advance one Location in the APh",
            ("SK-SOP",),
            sure=False,
        ),
        PhaseRule(
            "close_combat",
            "A3.8",
            "units of both sides in one Location attack each other in the CCPh",
            ("SK-SOP",),
            sure=False,
        ),
        PhaseRule(
            "move_once",
            "A4.2",
            "a unit moves once in its MPh: it may stop (for the DEFENDER's First Fire, A8.1) and "
            "go on, but once another unit has moved it moves no farther",
            ("eASLRB-A3", "eASLRB-A8", "eASLRB-A4-md"),
        ),
        PhaseRule(
            "dm_removal",
            "A10.62",
            "DM counters are removed at the end of the RPh from units not ADJACENT to an "
            "enemy unit",
            ("SK-SOP", "phases-QR"),
            sure=False,
        ),
        PhaseRule(
            "cx_removal",
            "A4.51",
            "the ATTACKER's CX counters are removed at the start of his MPh",
            ("SK-blog", "SK-SOP"),
        ),
        PhaseRule(
            "pin_ti_removal",
            "A7.8",
            "pins and TI counters are removed at the end of the CCPh",
            ("asl-assist-CCPh",),
        ),
        PhaseRule(
            "rout_path",
            "A10.51",
            "a routing unit never enters a Location closer (in hexes) to a Known, armed, unbroken "
            "enemy unit than the one it leaves, nor ends its rout in the Location of or ADJACENT "
            "to one; begun ADJACENT to one, it enters no other hex ADJACENT to it unless leaving "
            "its Location",
            ("eASLRB-CRE", "cote1664-A10.5", "routing-101", "gamesquad-adjacent"),
        ),
        PhaseRule(
            "rout_destination",
            "A10.51",
            "a routing unit routs to the nearest (in MF) woods/building Location neither "
            "ADJACENT to nor closer to a Known enemy unit, stopping there unless it enters "
            "another directly; with none reachable this RtPh it may rout anywhere the limits "
            "allow (nearest: the least MF of a path within the limits, as the referee prices "
            "it; the A10.51 exceptions - a building it begins in, the Locations it may ignore - "
            "are not built)",
            ("routing-101", "gamesquad-A10.51", "cote1664-A10.5"),
            sure=False,
        ),
        PhaseRule(
            "melee",
            "A11.15",
            "Infantry of both sides left in one Location after its CC are locked in Melee; a "
            "unit that keeps its concealment is not locked in Melee nor holds enemy units in it; "
            "the Melee's CC in a later CCPh is a Melee CC (no Ambush, A11.4)",
            ("eASLRB-A11-md", "ruleschat-cc", "limbodancer-R29"),
        ),
        PhaseRule(
            "melee_locked",
            "A11.15",
            "units locked in Melee may not leave their Location (move, advance, rout) nor conduct "
            "any activity other than CC or Withdrawal from Melee (fire, labor tasks)",
            ("eASLRB-A11-md", "aslerb-A4", "ruleschat-cc", "limbodancer-R29"),
        ),
        PhaseRule(
            "banzai",
            "G1.5",
            "the Japanese ATTACKER's units declare a Banzai Charge in the MPh and move as a Human "
            "Wave (A25.23): they lose concealment, are Lax for the rest of the Player Turn "
            "(G1.6), check morale one level higher then (and in the MPh are immune to Pin and "
            "Heat of Battle), and a Location they end in with a Known enemy unit is marked with a "
            "CC counter (A25.233)",
            ("eASLRB-A25-md",),
        ),
        PhaseRule(
            "hidden_in_cc",
            "A11.19",
            "a hidden unit is placed on the map beneath a '?' at the start of any CCPh in which "
            "it is in the same Location as an enemy unit",
            ("eASLRB-A12-md",),
        ),
        PhaseRule(
            "cc_counter",
            "A12.151",
            "units in a Location marked with a CC counter (G.4: an ATTACKER unit ending its MPh "
            "where hidden DEFENDERS attacked it) are not in Melee until after the CCPh, may rout "
            "in the RtPh, and may not advance (A4.7)",
            ("eASLRB-A12-md",),
        ),
        PhaseRule(
            "melee_rally",
            "A11.15",
            "a broken unit locked in Melee makes no Rally attempt (a reading: a Rally attempt is "
            "an activity other than CC or Withdrawal)",
            ("eASLRB-A11-md",),
            sure=False,
        ),
        PhaseRule(
            "melee_rout",
            "A11.16",
            "broken Infantry in Melee may not rout in the RtPh (nor must it: it withdraws from "
            "the Melee in the CCPh instead)",
            ("eASLRB-A11-md", "cote1664-melee"),
        ),
        PhaseRule(
            "melee_broken",
            "A11.16",
            "broken Infantry in Melee must attempt to withdraw from it in the CCPh; one unable to "
            "withdraw is eliminated at the end of that CCPh for Failure to Rout (Disrupted units "
            "and Guards, its exceptions, are not built)",
            ("eASLRB-A11-md", "limbodancer-R29"),
        ),
        PhaseRule(
            "melee_reinforce",
            "A11.15",
            "new units may advance into a Melee Location (and the CC there stays a Melee CC)",
            ("eASLRB-A11-md", "cote1664-melee"),
        ),
        PhaseRule(
            "melee_fire",
            "A11.15",
            "units not in a Melee may fire into its Location in a fire phase; the attack affects "
            "every unit locked in the Melee, the firers' side's too, and the enemy units there "
            "(A7.4), each with its own DRM; units locked in Melee fire at nothing (A7.21), a unit "
            "there that keeps its concealment may fire into it (TPBF); one text (the "
            "transcription; a design note beside it in the same repository agrees, not an "
            "independent source)",
            ("eASLRB-A11-md", "eASLRB-A7-md", "limbodancer-P12"),
            sure=False,
        ),
        PhaseRule(
            "melee_fire_concealed",
            "A11.15",
            "a unit of the firers' side in the Melee Location that keeps its concealment is not "
            "attacked by their fire into the Melee (a reading: the rule names the friendly units "
            "in Melee, and a concealed unit is not locked in Melee)",
            ("eASLRB-A11-md",),
            sure=False,
        ),
        PhaseRule(
            "withdrawal",
            "A11.2",
            "a unit in Melee, not pinned, berserk or Disrupted, may attempt to withdraw; one not "
            "eliminated, Reduced or captured in the CCPh withdraws",
            ("eASLRB-A11-md", "limbodancer-R29"),
        ),
        PhaseRule(
            "withdrawal_to",
            "A11.21",
            "a withdrawing unit enters an ADJACENT Location Accessible to it under normal APh "
            "conditions (even if it becomes CX), not occupied by a Known enemy unit; into a "
            "concealed enemy's Location it is eliminated and one enemy unit there (Random "
            "Selection) forfeits its concealment",
            ("eASLRB-A11-md", "limbodancer-R29"),
        ),
        PhaseRule(
            "withdrawal_concealed",
            "A11.21",
            "which of several concealed enemy units forfeits its concealment when a unit "
            "withdraws into their Location: one chosen at random, each alike (A.9's Random "
            "Selection by a dr each is not built)",
            ("eASLRB-A11-md",),
            sure=False,
        ),
        PhaseRule(
            "labor_tasks",
            "A3.2",
            "Search, Entrench and Clearance are labor tasks made in the PFPh (a reading)",
            ("eASLRB-A3",),
            sure=False,
        ),
    )
}
"""Every rule of the Sequence of Play the game enforces, by key."""


@record
class Allowed:
    """An action a phase allows: its name, who may take it, and the rule."""

    action: str
    who: str  # ATTACKER | DEFENDER | both
    rule: str
    what: str

    def as_json(self) -> dict[str, str]:
        return {"action": self.action, "who": self.who, "rule": self.rule, "what": self.what}


_ANY_PHASE = (
    Allowed("mc", "both", "A10.1", "a Morale Check a unit must take (its cause the player's)"),
    Allowed("ptc", "both", "A7.8", "a Pin Task Check a unit must take"),
    Allowed("nmc", "both", "A10.1", "a Normal Morale Check from another cause"),
    Allowed(
        "panji-mc",
        "both",
        "G9.41",
        "the Panji MC a unit entering a Panji Location, or its Panji counter, must take (G9.31)",
    ),
    Allowed("end-phase", "both", "A3", "end this phase"),
)

ALLOWED: dict[PhaseName, tuple[Allowed, ...]] = {
    PhaseName.RPH: (
        Allowed(
            "rally",
            "both",
            "A10.6",
            "a broken unit's Rally attempt: by a Good Order leader in its Location, or Self-Rally",
        ),
    ),
    PhaseName.PFPH: (
        Allowed("fire", "ATTACKER", "A3.2", "Prep Fire: the unit is marked Prep Fire"),
        Allowed("entrench", "ATTACKER", "A3.2", "a labor task: the unit becomes TI"),
        Allowed("clear", "ATTACKER", "A3.2", "a labor task: the units become TI"),
    ),
    PhaseName.MPH: (
        Allowed("move", "ATTACKER", "A3.3", "a unit not marked Prep Fire or TI moves once"),
        Allowed(
            "search",
            "ATTACKER",
            "A12.152",
            "a unit or stack ending its move Searches, one MF more: TI",
        ),
        Allowed(
            "banzai",
            "ATTACKER",
            "G1.5",
            "Japanese units declare a Banzai Charge and move as a Human Wave (A25.23)",
        ),
        Allowed("fire", "DEFENDER", "A8.1", "Defensive First Fire at the moving unit"),
    ),
    PhaseName.DFPH: (
        Allowed("fire", "DEFENDER", "A3.4", "Defensive Final Fire (First Fire units: ADJACENT)"),
    ),
    PhaseName.AFPH: (
        Allowed("fire", "ATTACKER", "A3.5", "Advancing Fire by units that did not Prep Fire"),
    ),
    PhaseName.RTPH: (Allowed("rout", "both", "A3.6", "a broken unit routs"),),
    PhaseName.APH: (Allowed("advance", "ATTACKER", "A3.7", "a unit advances one Location"),),
    PhaseName.CCPH: (Allowed("cc", "both", "A3.8", "the Close Combat of one Location"),),
}
"""What each phase allows beyond the checks and the end of the phase (:data:`_ANY_PHASE`)."""


def allowed(phase: PhaseName) -> tuple[Allowed, ...]:
    """The actions ``phase`` allows, with who may take each and its rule."""
    return (*ALLOWED[phase], *_ANY_PHASE)


__all__ = [
    "ALLOWED",
    "ORDER",
    "RULES",
    "SOURCES",
    "Allowed",
    "Marker",
    "PhaseName",
    "PhaseRule",
    "allowed",
    "phase_of",
]
