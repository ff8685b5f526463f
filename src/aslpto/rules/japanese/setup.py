"""Japanese setup checks: HIP (G1.631), pillboxes and their tunnels (G1.632), hidden T-H Heroes
(G1.422 within the G1.421 total) and A-T Set DC (G1.6121).

The ``*_findings`` functions are pure: a list of :class:`~aslpto.state.units.Unit` plus explicit
scenario facts in, a list of :class:`~aslpto.base.findings.Finding` out.
:func:`check_japanese_setup`
reads those facts from a :class:`~aslpto.state.game.Game` for ``aslpto check``.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> ob = [make(f"S{i}", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.FULL, hex="1A1")
...       for i in range(10)] + [make(f"C{i}", "japanese", Kind.CREW, hex="1A1") for i in range(2)]
>>> hip_allowance(ob, night=False).value, hip_allowance(ob, night=True).value
(2, 3)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from aslpto.base.findings import Finding, Severity
from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import Ruling
from aslpto.rules.japanese import units as jp
from aslpto.rules.japanese.heroes import th_hero_allowance
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.state.game import Game

_TH = (Kind.TH_HERO, Kind.DC_HERO)


def _japanese_onboard(units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if jp.is_japanese(u) and u.hex]


def squad_equivalents(units: Sequence[Unit]) -> Fraction:
    """A5.5: a squad is one squad-equivalent, a HS or crew one half; SMC count nothing (G1.631 EX:
    leaders do not count; a crew manning a Gun still counts as a half)."""
    total = Fraction(0)
    for u in units:
        if u.kind == Kind.SQUAD:
            total += 1
        elif u.kind in (Kind.HALF_SQUAD, Kind.CREW, Kind.VEHICLE_CREW):
            total += Fraction(1, 2)
    return total


def hip_allowance(units: Sequence[Unit], *, night: bool) -> Ruling[int]:
    """G1.631: HIP for <= 10% (FRU) of the MMC squad-equivalents of the onboard-setup OB by day,
    <= 25% at night (the EX rounds up as well: 11 squad-equivalents give 2 by day, 3 at
    night)."""
    se = squad_equivalents(_japanese_onboard(units))
    pct = 25 if night else 10
    n = math.ceil(se * pct / 100)
    return Ruling(n, ("G1.631",), f"{pct}% of {se} MMC squad-equivalents, FRU")


def hip_findings(
    units: Sequence[Unit],
    *,
    night: bool,
    scenario_defender: bool = False,
    other_hip: Fraction = Fraction(0),
    dummies: int = 0,
) -> list[Finding]:
    """G1.631: the Japanese HIP allowance (by day or night) for MMC set up on board, and the
    SMC/SW that set up stacked with them.

    ``other_hip``: squad-equivalents hidden under other grants (A12.34 Guns, SSR, DYO purchase),
    which add to the allowance. Units in a pillbox (G1.632) and T-H Heroes (G1.422) are checked
    by their own functions. ``dummies``: Dummy counters set up; at night a Scenario Defender gets
    as many as his OB's MMC squad-equivalents (otherwise E1.2 applies).
    """
    out: list[Finding] = []
    onboard = _japanese_onboard(units)
    allowed = hip_allowance(onboard, night=night).value
    hidden_mmc = [u for u in onboard if u.hidden and u.kind.is_mmc and u.entrenched != "pillbox"]
    used = squad_equivalents(hidden_mmc)
    if used > allowed + other_hip:
        ids = ", ".join(u.id for u in hidden_mmc)
        extra = f" + {other_hip} granted otherwise" if other_hip else ""
        out.append(
            Finding(
                "G1.631",
                "error",
                f"{used} MMC squad-equivalents use HIP; the Japanese may hide "
                f"{allowed}{extra} ({'night' if night else 'day'})",
                ids,
            )
        )
    hidden_hexes = {u.hex for u in hidden_mmc}
    for u in onboard:
        if not u.hidden or u.kind.is_mmc or u.kind in _TH or u.entrenched == "pillbox":
            continue
        if u.kind == Kind.DC_HERO:
            continue
        if u.hex not in hidden_hexes:
            sev: Severity = "warning" if other_hip else "error"
            out.append(
                Finding(
                    "G1.631",
                    sev,
                    f"{u.id} uses HIP but sets up stacked with no hidden Japanese MMC",
                    u.hex,
                )
            )
    if dummies:
        se_ob = squad_equivalents([u for u in units if jp.is_japanese(u)])
        if not (night and scenario_defender):
            out.append(
                Finding(
                    "G1.631",
                    "warning",
                    "G1.631 grants Dummy counters only to a "
                    "Scenario Defender at night; E1.2 applies unchanged",
                    "",
                )
            )
        elif dummies > se_ob:
            out.append(
                Finding(
                    "G1.631",
                    "error",
                    f"{dummies} Dummy counters; the OB has {se_ob} MMC squad-equivalents",
                    "",
                )
            )
    return out


@record
class PillboxFacts:
    """A Japanese pillbox at setup (G1.632)."""

    id: str
    hex: str
    in_concealment_terrain: bool
    hidden: bool = False


@record
class TunnelFacts:
    """A tunnel at setup: its entrances (hex names) and whether it was bought separately."""

    id: str
    entrances: tuple[str, ...]
    purchased: bool = False


def pillbox_findings(
    units: Sequence[Unit], pillboxes: Sequence[PillboxFacts], tunnels: Sequence[TunnelFacts] = ()
) -> list[Finding]:
    """G1.632: a pillbox in Concealment Terrain may always use HIP (with its occupants, beyond
    G1.631); one outside Concealment Terrain may not under this rule. Each pillbox brings one
    tunnel with that pillbox as an entrance (B8.6-.62 setup requirements are not checked here)."""
    out: list[Finding] = []
    for p in pillboxes:
        if p.hidden and not p.in_concealment_terrain:
            out.append(
                Finding(
                    "G1.632",
                    "error",
                    f"pillbox {p.id} uses HIP but is not in Concealment Terrain",
                    p.hex,
                )
            )
    hidden_pb = {p.hex for p in pillboxes if p.hidden}
    for u in _japanese_onboard(units):
        if u.entrenched == "pillbox" and u.hidden and u.hex not in hidden_pb:
            out.append(
                Finding(
                    "G1.632",
                    "warning",
                    f"{u.id} is hidden in a pillbox that is not "
                    "hidden: its HIP counts under G1.631",
                    u.hex,
                )
            )
    free = [t for t in tunnels if not t.purchased]
    pb_hexes = {p.hex for p in pillboxes}
    for t in free:
        if not pb_hexes.intersection(t.entrances):
            out.append(
                Finding(
                    "G1.632",
                    "error",
                    f"tunnel {t.id} has no Japanese pillbox as an entrance",
                    ", ".join(t.entrances),
                )
            )
    if len(free) > len(pillboxes):
        out.append(
            Finding(
                "G1.632",
                "error",
                f"{len(free)} tunnels come with {len(pillboxes)} pillboxes (one each)",
                "",
            )
        )
    return out


def th_hero_findings(
    units: Sequence[Unit], *, year: int, opponent: str, squads_in_ob: int | None = None
) -> list[Finding]:
    """G1.422: hidden T-H Heroes only in a 1944-45 scenario in which some Japanese set up on
    board, and no more than the G1.421 total (of the Japanese squads in the OB); T-H Heroes not
    hidden do not set up (they are created in play, G1.421)."""
    out: list[Finding] = []
    heroes = [u for u in units if jp.is_japanese(u) and u.kind in _TH]
    if not heroes:
        return out
    if squads_in_ob is None:
        squads_in_ob = sum(1 for u in units if jp.is_japanese(u) and u.kind == Kind.SQUAD)
    allowed = th_hero_allowance(
        squads=squads_in_ob, year=year, vs_russians=opponent == "russian"
    ).value
    hidden = [u for u in heroes if u.hidden]
    for u in heroes:
        if not u.hidden:
            out.append(
                Finding(
                    "G1.421",
                    "error",
                    f"{u.id}: a T-H Hero sets up only hidden "
                    "(G1.422); otherwise he is created in play",
                    u.hex,
                )
            )
    if hidden and year not in (1944, 1945):
        out.append(
            Finding(
                "G1.422",
                "error",
                f"hidden T-H Heroes only in 1944-45 scenarios (this one: {year})",
                ", ".join(u.id for u in hidden),
            )
        )
    others_onboard = [u for u in _japanese_onboard(units) if u.kind not in _TH]
    if hidden and not others_onboard:
        out.append(
            Finding(
                "G1.422",
                "error",
                "hidden T-H Heroes need some Japanese units setting up on board",
                "",
            )
        )
    if len(heroes) > allowed:
        out.append(
            Finding(
                "G1.421",
                "error",
                f"{len(heroes)} T-H Heroes set up; the scenario "
                f"allows {allowed} ({squads_in_ob} squads, {year}"
                f"{', vs Russians' if opponent == 'russian' else ''})",
                ", ".join(u.id for u in heroes),
            )
        )
    return out


@record
class ATSetDCFacts:
    """An A-T Set DC at setup (G1.6121)."""

    id: str
    hex: str
    road: bool  # a paved/unpaved road Location
    bridge: bool = False
    hidden: bool = True
    detonator: str | None = None


def at_set_dc_allowance(dc_in_ob: int) -> Ruling[int]:
    """G1.6121: <= 25% (FRU) of the DC in the OB."""
    return Ruling(math.ceil(Fraction(dc_in_ob, 4)), ("G1.6121",), "25% FRU")


def at_set_dc_findings(
    units: Sequence[Unit], dcs: Sequence[ATSetDCFacts], *, year: int, opponent: str, dc_in_ob: int
) -> list[Finding]:
    """G1.6121: A-T Set DC only in a 1945 scenario vs other than Russians, <= 25% (FRU) of the OB's
    DC, unpossessed in road [EXC: bridge] Locations, always hidden, each with one predesignated
    Infantry unit allowed to detonate it."""
    out: list[Finding] = []
    if not dcs:
        return out
    ids = ", ".join(d.id for d in dcs)
    if year != 1945:
        out.append(Finding("G1.6121", "error", f"A-T Set DC only in 1945 scenarios ({year})", ids))
    if opponent == "russian":
        out.append(Finding("G1.6121", "error", "no A-T Set DC vs Russians", ids))
    allowed = at_set_dc_allowance(dc_in_ob).value
    if len(dcs) > allowed:
        out.append(
            Finding(
                "G1.6121",
                "error",
                f"{len(dcs)} A-T Set DC; 25% (FRU) of {dc_in_ob} DC in the OB is {allowed}",
                ids,
            )
        )
    by_id = {u.id: u for u in units}
    for d in dcs:
        if not d.road or d.bridge:
            out.append(
                Finding(
                    "G1.6121",
                    "error",
                    f"A-T Set DC {d.id} must be in a road Location other than a bridge",
                    d.hex,
                )
            )
        if not d.hidden:
            out.append(Finding("G1.6121", "error", f"A-T Set DC {d.id} always uses HIP", d.hex))
        det = by_id.get(d.detonator or "")
        if det is None:
            out.append(
                Finding(
                    "G1.6121",
                    "error",
                    f"A-T Set DC {d.id} needs one Infantry unit predesignated to detonate it",
                    d.hex,
                )
            )
        elif not (jp.is_japanese(det) and det.kind.is_infantry):
            out.append(
                Finding(
                    "G1.6121",
                    "error",
                    f"A-T Set DC {d.id}: detonator {det.id} is not Japanese Infantry",
                    d.hex,
                )
            )
    return out


def check_japanese_setup(game: Game) -> list[Finding]:
    """All G1 setup checks for the Japanese side(s) of a scenario (for ``aslpto check``)."""
    from aslpto.board.terrain import Feature
    from aslpto.state.game import FortKind

    japanese_sides = [s for s in game.sides if s.nationality == "japanese"]
    if not japanese_sides:
        return []
    names = {s.name for s in japanese_sides}
    others = [s.nationality for s in game.sides if s.nationality != "japanese"]
    opponent = others[0] if others else ""
    units = [u for u in game.units.values() if jp.is_japanese(u)]
    c = game.conditions
    defender = any(s.defender for s in japanese_sides)
    out = hip_findings(units, night=c.night, scenario_defender=defender)
    mine = [f for f in game.fortifications if f.side in names or not f.side]
    pillboxes = [
        PillboxFacts(f.id, game.map.name(f.hex), game.map.row(f.hex).concealment_terrain, f.hidden)
        for f in mine
        if f.kind == FortKind.PILLBOX
    ]
    from aslpto.rules.movement import tunnel_name  # entrances T1.1 and T1.2 are one tunnel

    grouped: dict[str, list[str]] = {}
    for f in mine:
        if f.kind == FortKind.TUNNEL:
            grouped.setdefault(tunnel_name(f.id), []).append(game.map.name(f.hex))
    tunnels = [TunnelFacts(name, tuple(hexes)) for name, hexes in grouped.items()]
    if pillboxes or tunnels:
        out += pillbox_findings(units, pillboxes, tunnels)
    out += th_hero_findings(units, year=c.year, opponent=opponent)
    dcs = [
        ATSetDCFacts(
            f.id,
            game.map.name(f.hex),
            road=Feature.ROAD in game.map.info(f.hex).features,
            bridge=Feature.BRIDGE in game.map.info(f.hex).features,
            hidden=f.hidden,
            detonator=f.detonator,
        )
        for f in mine
        if f.kind == FortKind.AT_SET_DC
    ]
    out += at_set_dc_findings(
        units, dcs, year=c.year, opponent=opponent, dc_in_ob=sum(s.dc for s in japanese_sides)
    )
    return out
