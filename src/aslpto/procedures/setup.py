"""Setup legality (``aslpto check``): what may be set up where. Every finding cites its rule.

- B21.5, B21.6: no Fortifications in a Water Obstacle; on ice only wire and unhidden mines.
- G8: who may set up IN a paddy or above its Bank counter; Irrigated paddies; Fortifications
  in paddies (the FORTIFICATIONS paragraph, which G9.4 cites as 8.7).
- G9.1, G9.3, G9.11, G9.12: Panji counters and the units set up above them.
- G.2: by day a Fortification is set up hidden only in jungle, kunai or bamboo.
- G.8: trip flares.
- Counters: every squad, half-squad and crew is a face its nationality prints, in the Class
  printed on it; every leader a rank of its nationality (G1.41 for the Japanese); the source
  is VASL's counters (``data/catalog.toml``, docs/counters.md).
- G1 (G1.422, G1.6121, G1.631, G1.632): the Japanese setup checks of
  :mod:`aslpto.rules.japanese.setup`, run through :func:`japanese_findings` when that module exists.

A check only reads the game; it never changes it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable, Iterator

from aslpto.base.findings import Finding
from aslpto.base.hints import Any
from aslpto.base.rulings import InputError
from aslpto.board.hexes import Hex
from aslpto.board.maps import HexInfo
from aslpto.board.terrain import Feature, HexsideFeature, Terrain
from aslpto.rules.paddy.effects import not_allowed_in_irrigated
from aslpto.rules.pto.procedures import fortification_hip, pto_scenario
from aslpto.state.counters import catalog
from aslpto.state.game import FORTIFICATION_KINDS, FortKind, Game, PaddyState, Panji
from aslpto.state.units import Kind, Transport, Unit, VehicleType

__all__ = [
    "CHECKS",
    "FORTIFICATION_KINDS",
    "check",
    "counters_printed",
    "g8_fortifications",
    "g8_units",
    "g9_above_panji",
    "g9_hidden_panji",
    "g9_panji_setup",
    "g_2_hidden_fortifications",
    "g_8_trip_flares",
    "japanese_findings",
    "scenario_facts",
    "water_fortifications",
]

COUNTERS = "VASL counters"
"""The label of a counter finding: its source is VASL's counters (docs/counters.md)."""

# Rule labels for G8 paragraphs the specification copy does not number (docs/rule-coverage.md).
G8_PADDY = "G8 (interior and banks)"
G8_BANKS = "G8 (Banks)"
G8_IRRIGATED = "G8 (Irrigated)"
G8_FORT = "G8 (FORTIFICATIONS)"

_IN_POSITIONS = ("in", "ground", "above-panji", "beneath-panji")
"""Positions that are IN a paddy hex (a unit above a Wire/Panji counter there is IN it, G8)."""

_MANHANDLING = (Transport.MANHANDLING_GUN, Transport.MANHANDLING_BOAT, Transport.PUSHING_MOTORCYCLE)
_US = ("american", "usmc")


def check(game: Game) -> list[Finding]:
    """Every setup finding of the scenario, check by check (see :data:`CHECKS`)."""
    out: list[Finding] = []
    for chk in CHECKS:
        out.extend(chk(game))
    return out


# --- helpers --------------------------------------------------------------------------------


def _where(game: Game, h: Hex, what: str) -> str:
    return f"{game.map.name(h)} ({what})"


def _unit_hex(game: Game, u: Unit) -> Hex | None:
    return game.map.hex(u.hex) if u.hex else None


def _placed_units(game: Game) -> Iterator[tuple[Unit, Hex, HexInfo]]:
    for u in game.units.values():
        h = _unit_hex(game, u)
        if h is not None:
            yield u, h, game.map.info(h)


def is_ice(info: HexInfo) -> bool:
    """A frozen Water Obstacle hex (B21.6; the map records the freeze; ice removed leaves a
    Water Obstacle again)."""
    return "B21.6" in info.rules and not info.terrain.is_water_obstacle


def in_water_obstacle(info: HexInfo) -> bool:
    """A Water Obstacle hex (B21.1) that is not ice, not a pond without a centre dot (B21.13)
    and not a bridge Location (a counter there is on the bridge, not in the water)."""
    return (
        info.terrain.is_water_obstacle
        and "B21.13" not in info.rules
        and Feature.BRIDGE not in info.features
    )


def _fully_tracked(u: Unit) -> bool:
    return u.vehicle_type in (VehicleType.FULLY_TRACKED, VehicleType.DOZER)


# --- B21.5, B21.6 ---------------------------------------------------------------------------


def water_fortifications(game: Game) -> Iterator[Finding]:
    """B21.5: no Fortifications in a Water Obstacle. B21.6: in an ice hex only wire and
    unhidden mines."""
    m = game.map
    counters: list[tuple[Hex, str, str, bool]] = [
        (f.hex, f.kind.value, f.id, f.hidden)
        for f in game.fortifications
        if f.kind in FORTIFICATION_KINDS
    ]
    counters += [(p.hex, "panji", p.id, p.hidden) for p in game.panjis.values()]
    for h, kind, fid, hidden in counters:
        info = m.info(h)
        where = _where(game, h, f"{kind} {fid}")
        if is_ice(info):
            if kind == FortKind.WIRE or (kind == FortKind.MINES and not hidden):
                continue
            what = "hidden mines" if kind == FortKind.MINES else kind
            yield Finding(
                "B21.6",
                "error",
                f"{what} may not be set up on ice: wire and "
                f"unhidden mines are the only Fortifications allowed in an ice hex",
                where,
            )
        elif in_water_obstacle(info):
            yield Finding(
                "B21.5",
                "error",
                f"no Fortifications are allowed in a Water Obstacle ({info.terrain.value})",
                where,
            )


# --- G8 -------------------------------------------------------------------------------------


def g8_fortifications(game: Game) -> Iterator[Finding]:
    """G8 FORTIFICATIONS: none but mines/wire or panjis in an Irrigated paddy; no
    Fortification above a Bank counter; no Bank counter in a hex with Wire/Panji."""
    m = game.map
    irrigated = game.conditions.paddy == PaddyState.IRRIGATED
    if irrigated:
        for f in game.fortifications:
            info = m.info(f.hex)
            if info.terrain != Terrain.PADDY:
                continue
            where = _where(game, f.hex, f"{f.kind.value} {f.id}")
            if f.kind in FORTIFICATION_KINDS - {FortKind.WIRE, FortKind.MINES}:
                yield Finding(
                    G8_FORT,
                    "error",
                    f"no {f.kind.value} in an Irrigated paddy: "
                    f"none but minefields/wire or panjis may be set up there",
                    where,
                )
            elif f.kind == FortKind.SHELLHOLES:
                yield Finding(
                    G8_FORT,
                    "error",
                    "shellholes can occur only IN Drained/In-Season paddies",
                    where,
                )
    for u, h, info in _placed_units(game):
        if u.position != "bank" or info.terrain != Terrain.PADDY:
            continue
        where = _where(game, h, f"unit {u.id}")
        if u.entrenched:
            yield Finding(
                G8_FORT,
                "error",
                f"{u.id} is in a {u.entrenched}: no Fortification "
                f"may be set up above a Bank counter",
                where,
            )
        blocking = [f.kind.value for f in game.forts_at(h, FortKind.WIRE)]
        if game.panji_at(h) is not None:
            blocking.append("panji")
        if blocking:
            yield Finding(
                G8_FORT,
                "error",
                f"{u.id} is above the Bank counter, but use of a "
                f"Bank counter is NA in a hex that contains "
                f"{' and '.join(sorted(set(blocking)))}",
                where,
            )


def g8_units(game: Game) -> Iterator[Finding]:
    """G8: only Infantry (not riding bicycles), Cavalry, Cycle Riders and fully tracked
    vehicles set up IN a paddy; only Infantry (not manhandling a gun/boat), Cavalry and Cycle
    Riders above its Bank counter; the Irrigated-paddy prohibitions."""
    irrigated = game.conditions.paddy == PaddyState.IRRIGATED
    for u, h, info in _placed_units(game):
        where = _where(game, h, f"unit {u.id}")
        paddy = info.terrain == Terrain.PADDY
        if u.position == "bank":
            if not paddy:
                yield Finding(
                    G8_BANKS,
                    "error",
                    f"{u.id} is set up above a Bank counter, but "
                    f"{info.terrain.value} is not a paddy",
                    where,
                )
                continue
            bad = _not_on_bank(u)
            if bad:
                yield Finding(
                    G8_BANKS,
                    "error",
                    f"{u.id} ({bad}) may not set up above a Bank "
                    f"counter: only Infantry (even riding bicycles/leading horses, "
                    f"but not manhandling a gun/boat), Cavalry and Cycle Riders may",
                    where,
                )
            continue
        if not paddy or u.position not in _IN_POSITIONS:
            continue
        if u.position == "ground":
            yield Finding(
                G8_PADDY,
                "warning",
                f"{u.id} is in a paddy but neither IN it nor "
                f'above its Bank counter: say position = "in" or "bank"',
                where,
            )
        bad = _not_in_paddy(u)
        if bad:
            yield Finding(
                G8_PADDY,
                "error",
                f"{u.id} ({bad}) may not set up IN a paddy: only "
                f"Infantry, Cavalry, Cycle Riders and fully tracked vehicles may "
                f"(and such Infantry may not ride bicycles)",
                where,
            )
        elif irrigated:
            bad = not_allowed_in_irrigated(u, unhooked_gun=u.kind == Kind.GUN, dm=u.dm)
            if bad:
                yield Finding(
                    G8_IRRIGATED,
                    "error",
                    f"no {bad} is allowed IN an Irrigated paddy ({u.id})",
                    where,
                )


def _not_in_paddy(u: Unit) -> str | None:
    if u.kind == Kind.VEHICLE and not _fully_tracked(u) and not u.is_cycle_rider:
        return f"a {u.vehicle_type.value if u.vehicle_type else 'vehicle'} not fully tracked"
    if u.kind.is_infantry and u.transport == Transport.RIDING_BICYCLE:
        return "Infantry riding bicycles"
    return None


def _not_on_bank(u: Unit) -> str | None:
    if u.kind == Kind.CAVALRY or u.is_cycle_rider:
        return None
    if u.kind.is_infantry:
        if u.transport in (Transport.MANHANDLING_GUN, Transport.MANHANDLING_BOAT):
            return f"Infantry {u.transport.value.replace('-', ' ')}"
        return None
    return u.kind.value


# --- G9 -------------------------------------------------------------------------------------

_PANJI_FORBIDDEN = {
    Terrain.WOODEN_BUILDING: "building",
    Terrain.STONE_BUILDING: "building",
    Terrain.MARSH: "marsh",
    Terrain.SWAMP: "swamp",
}


_PANJI_FORBIDDEN_MARKS = {
    Feature.RUBBLE: "rubble",
    Feature.CRAG: "crag",
    Feature.RUNWAY: "a runway",
    Feature.PAVED_ROAD: "a paved road",
}


def g9_panji_setup(game: Game) -> Iterator[Finding]:
    """G9.1: PTO Terrain only, one Panji counter per hex, not in building/marsh/swamp/Water
    Obstacle, nor with wire/mines/Roadblock (hidden or not); in a bridge Location only road
    hexsides Covered; each counter owned by a side of the scenario, whose total of Covered
    hexsides is within its OB allotment. G9.3: one to six Covered hexsides.

    Rubble, crag, runway and paved road are marks of the map (a board file's ``[features]``,
    VASL's terrain codes); a paved road is a road, so under PTO Terrain, which G9.1 requires,
    none is left (G.1). What the data cannot say is not checked: a Panji counter has a hex but
    no level, so it is never subterranean nor at Crest level (in a stream hex it lies IN the
    Depression), and units have no Crest status."""
    m = game.map
    seen: dict[Hex, Panji] = {}
    owners = {s.name for s in game.sides}
    for p in game.panjis.values():
        where = _where(game, p.hex, f"panji {p.id}")
        info = m.info(p.hex)
        if owners and p.side not in owners:
            yield Finding(
                "G9.1",
                "error",
                f"panji {p.id} belongs to no side of the scenario "
                f"({p.side or 'no side given'}): Panjis are set up from a side's OB "
                f"allotment of Covered hexsides",
                where,
            )
        if not game.conditions.pto_terrain:
            yield Finding(
                "G9.1",
                "error",
                f"panji {p.id}: Panji counters can be set up only "
                f"in a scenario that uses PTO Terrain (G.1)",
                where,
            )
        if p.hex in seen:
            yield Finding(
                "G9.1",
                "error",
                f"panji {p.id}: a hex holds at most one Panji "
                f"counter ({seen[p.hex].id} is already there)",
                where,
            )
        else:
            seen[p.hex] = p
        bad = _PANJI_FORBIDDEN.get(info.terrain)
        if info.building is not None:
            bad = "building"
        elif in_water_obstacle(info):
            bad = f"Water Obstacle ({info.terrain.value})"
        if bad:
            yield Finding(
                "G9.1", "error", f"panji {p.id}: Panjis may not be set up in {bad}", where
            )
        marked = [word for f, word in _PANJI_FORBIDDEN_MARKS.items() if f in info.features]
        if marked:
            yield Finding(
                "G9.1",
                "error",
                f"panji {p.id}: Panjis may not be set up in {' or '.join(marked)}",
                where,
            )
        others = sorted(
            {
                f.kind.value
                for f in game.forts_at(p.hex)
                if f.kind in (FortKind.WIRE, FortKind.MINES, FortKind.ROADBLOCK)
            }
        )
        if others:
            yield Finding(
                "G9.1",
                "error",
                f"panji {p.id}: Panjis may not be set up in a hex "
                f"that contains wire/mines or a Roadblock (here: "
                f"{', '.join(others)}; hidden or not)",
                where,
            )
        if Feature.BRIDGE in info.features:
            for s in sorted(p.covered):
                if HexsideFeature.ROAD not in m.sides.get(s, frozenset()):
                    yield Finding(
                        "G9.1",
                        "error",
                        f"panji {p.id} in a bridge Location: only "
                        f"its road hexsides may be Covered, not "
                        f"{m.layout.hexside_name(s, first=p.hex)}",
                        where,
                    )
        if not 1 <= len(p.covered) <= 6:
            yield Finding(
                "G9.3",
                "error",
                f"panji {p.id} has {len(p.covered)} Covered "
                f"hexsides; a Panji counter has one to six",
                where,
            )
    for side in game.sides:
        total = sum(len(p.covered) for p in game.panjis.values() if p.side == side.name)
        if total > side.panji_hexsides:
            yield Finding(
                "G9.1",
                "error",
                f"{side.name} set up {total} Covered panji "
                f"hexsides; the OB allots {side.panji_hexsides}",
                f"side {side.name}",
            )


def g9_hidden_panji(game: Game) -> Iterator[Finding]:
    """G9.11: a Panji counter set up using HIP records the hexside that is the "top" of the
    counter (a hexside of its own hex; the loader refuses any other)."""
    for p in game.panjis.values():
        if p.hidden and p.top is None:
            yield Finding(
                "G9.11",
                "error",
                f"hidden panji {p.id} must record the hexside that "
                f"is the top of the counter (e.g. top = "
                f'"{game.map.name(p.hex)}-...")',
                _where(game, p.hex, f"panji {p.id}"),
            )


def g9_above_panji(game: Game) -> Iterator[Finding]:
    """G9.12: neither a non-vehicular Gun nor any unit not allowed to move from above to
    below a Panji counter (G9.5: Mobile full-tracked AFV/dozers, Infantry not Manhandling -
    riding bicycles included -, horses being led, Cavalry) may set up above a Panji
    counter."""
    for u, h, _info in _placed_units(game):
        if u.position not in ("above-panji", "beneath-panji"):
            continue
        where = _where(game, h, f"unit {u.id}")
        if game.panji_at(h) is None:
            side = u.position.split("-")[0]
            yield Finding(
                "G9.12",
                "error",
                f"{u.id} is set up {side} a Panji counter, but {game.map.name(h)} has none",
                where,
            )
            continue
        if u.position != "above-panji":
            continue
        bad = _not_above_panji(u)
        if bad:
            yield Finding(
                "G9.12",
                "error",
                f"{u.id} ({bad}) may not set up above a Panji counter (G9.5)",
                where,
            )


def _not_above_panji(u: Unit) -> str | None:
    if u.kind == Kind.GUN:
        return "a non-vehicular Gun"
    if u.kind == Kind.VEHICLE:
        tracked = (u.vehicle_type == VehicleType.FULLY_TRACKED and u.afv) or (
            u.vehicle_type == VehicleType.DOZER
        )
        if not tracked:
            return "not a full-tracked AFV/dozer"
        return None if u.mobile else "not Mobile"
    if u.kind == Kind.CAVALRY:
        return None
    if u.kind.is_infantry:  # riding bicycles too: Infantry, not Manhandling (G8 Banks, G9.411)
        if u.transport in _MANHANDLING:
            return f"Infantry {u.transport.value.replace('-', ' ')}"
        return None
    return u.kind.value


# --- G.2 ------------------------------------------------------------------------------------

_G2_UNCHECKED = (FortKind.MINES, FortKind.TUNNEL)
"""Minefields are recorded secretly wherever they lie (B28.1), a tunnel as B8.6 says: neither
is set up hidden by E1.16, so G.2 does not limit them."""


def g_2_hidden_fortifications(game: Game) -> Iterator[Finding]:
    """G.2: in a daytime scenario E1.16 (HIP for Fortifications) applies to Fortifications set
    up in jungle, kunai or bamboo, so by day a Fortification counter (wire, entrenchment,
    pillbox, Roadblock, Panji counter, G9.1) is set up hidden only there; at night E1.16
    applies anyway. :func:`aslpto.rules.pto.procedures.fortification_hip` answers for each.

    A Japanese pillbox is G1.632's (it may always use HIP in Concealment Terrain, checked by
    :func:`japanese_findings`); minefields and tunnels are not limited (:data:`_G2_UNCHECKED`).
    A pillbox is the Japanese side's when its side is, or when it names no side and a side of
    the scenario is Japanese (as the G1 checks read it).

    Chapter G rules a Pacific Theater scenario (PTO Terrain or a Japanese side,
    :func:`~aslpto.rules.pto.procedures.pto_scenario`, as for G.8); another scenario is not
    checked here."""
    if game.conditions.night or not pto_scenario(game):
        return
    nationality = {s.name: s.nationality for s in game.sides}
    japanese_side = "japanese" in nationality.values()
    counters: list[tuple[Hex, str, str]] = [
        (f.hex, f.kind.value, f.id)
        for f in game.fortifications
        if f.hidden
        and f.kind in FORTIFICATION_KINDS - set(_G2_UNCHECKED)
        and not (
            f.kind == FortKind.PILLBOX
            and (nationality.get(f.side) == "japanese" or (not f.side and japanese_side))
        )
    ]
    counters += [(p.hex, "panji", p.id) for p in game.panjis.values() if p.hidden]
    for h, kind, fid in counters:
        if not fortification_hip(game, kind, game.map.name(h)).value:
            terrain = game.map.terrain(h).value
            yield Finding(
                "G.2",
                "error",
                f"hidden {kind} {fid}: by day a Fortification is set "
                f"up hidden (E1.16) only in jungle, kunai or bamboo, not "
                f"{terrain}",
                _where(game, h, f"{kind} {fid}"),
            )


# --- G.8 ------------------------------------------------------------------------------------


def g_8_trip_flares(game: Game) -> Iterator[Finding]:
    """G.8: trip flares only in a 1944-5 night scenario with a U.S. Scenario Defender, only
    in jungle/bamboo/wire/panji Locations, up to the number in the OB."""
    flares = [f for f in game.fortifications if f.kind == FortKind.TRIP_FLARE]
    if not flares:
        return
    c = game.conditions
    us_defender = any(s.defender and s.nationality in _US for s in game.sides)
    if not (c.night and c.year in (1944, 1945) and us_defender and pto_scenario(game)):
        yield Finding(
            "G.8",
            "error",
            "trip flares are set up only in a 1944-5 PTO night "
            "scenario (PTO Terrain or a Japanese side) by a U.S. Scenario Defender",
            game.map.name(flares[0].hex),
        )
    for f in flares:
        owner = next((s for s in game.sides if s.name == f.side), None)
        if us_defender and owner is not None and not (owner.defender and owner.nationality in _US):
            yield Finding(
                "G.8",
                "error",
                f"trip flares are the U.S. Scenario Defender's, not {owner.name}'s",
                _where(game, f.hex, f"trip-flare {f.id}"),
            )
    for f in flares:
        info = game.map.info(f.hex)
        ok = (
            info.terrain.is_jungle
            or info.terrain == Terrain.BAMBOO
            or bool(game.forts_at(f.hex, FortKind.WIRE))
            or game.panji_at(f.hex) is not None
        )
        if not ok:
            yield Finding(
                "G.8",
                "error",
                f"trip flares go only in jungle/bamboo/wire/panji "
                f"Locations, not {info.terrain.value}",
                _where(game, f.hex, f"trip-flare {f.id}"),
            )
    for side in game.sides:
        n = sum(max(1, f.strength) for f in flares if f.side == side.name)
        if n > side.trip_flares:
            yield Finding(
                "G.8",
                "error",
                f"{side.name} set up {n} trip flares; the OB has {side.trip_flares}",
                f"side {side.name}",
            )


# --- G1 (Japanese) --------------------------------------------------------------------------

JAPANESE_SETUP_MODULE = "aslpto.rules.japanese.setup"


def counters_printed(game: Game) -> Iterator[Finding]:
    """Every MMC a face its nationality prints, in the Class printed on it (or, given only a
    Class, one the catalog has a face for); every leader a rank of its nationality. A unit
    given neither face nor Class is not checked."""
    cat = catalog()
    unknown: set[str] = set()
    for uid in sorted(game.units):
        u = game.units[uid]
        if u.nationality not in cat.nationalities:
            if u.kind.is_mmc or u.kind == Kind.LEADER:
                unknown.add(u.nationality)
            continue
        where = f"unit {u.id}"
        msg: str | None = None
        rule = COUNTERS
        if u.kind.is_mmc and not u.unarmed:
            if u.counter:
                msg = cat.problem(u.nationality, u.counter, u.kind, u.unit_class, u.strength)
            elif u.unit_class is not None:
                try:
                    cat.of(u)
                except InputError as e:
                    msg = str(e)
        elif u.kind == Kind.LEADER and u.counter:
            ranks = cat.nationality(u.nationality).leader_ranks
            commissars = [
                f.face
                for f in cat.leader_faces
                if f.nationality == u.nationality and f.role == "commissar"
            ]
            if u.counter not in ranks and u.counter not in commissars and not u.wounded:
                rule = "G1.41" if u.nationality == "japanese" else COUNTERS
                msg = (
                    f"{cat.nationality(u.nationality).name} leader {u.counter}: not a rank of "
                    f"its leaders ({', '.join(ranks)})"
                )
        if msg:
            yield Finding(rule, "error", msg, where)
    for nat in sorted(unknown):
        known = ", ".join(sorted(cat.nationalities))
        yield Finding(
            COUNTERS,
            "warning",
            f"nationality {nat!r} is not in the counter catalog "
            f"({known}): its units' counters are not checked",
        )


def japanese_findings(game: Game) -> list[Finding]:
    """The G1 setup checks (G1.422, G1.6121, G1.631, G1.632) from
    :mod:`aslpto.rules.japanese.setup`; none while that module does not exist.

    Every public function of that module whose name starts with ``check`` and whose required
    parameters are all scenario facts (:func:`scenario_facts`: ``game``, ``units``, ``sides``,
    ``year``, ...) is called with those facts, and what it returns is taken as findings."""
    try:
        mod = importlib.import_module(JAPANESE_SETUP_MODULE)
    except ImportError:
        return []
    facts = scenario_facts(game)
    out: list[Finding] = []
    for fn, names in _fact_checks(mod, facts):
        out.extend(_as_findings(fn(**{n: facts[n] for n in names})))
    return out


def scenario_facts(game: Game) -> dict[str, Any]:
    """The facts a chapter module's setup check may ask for, by parameter name."""
    c = game.conditions
    return {
        "game": game,
        "map": game.map,
        "conditions": c,
        "units": tuple(game.units.values()),
        "sides": game.sides,
        "panjis": tuple(game.panjis.values()),
        "fortifications": game.fortifications,
        "year": c.year,
        "month": c.month,
        "night": c.night,
        "pto_terrain": c.pto_terrain,
    }


def _fact_checks(mod: Any, facts: dict[str, Any]) -> list[tuple[Callable[..., Any], list[str]]]:
    found: list[tuple[Callable[..., Any], list[str]]] = []
    for name, fn in inspect.getmembers(mod, inspect.isfunction):
        if not name.startswith("check") or fn.__module__ != mod.__name__:
            continue
        params = inspect.signature(fn).parameters.values()
        required = [
            p.name
            for p in params
            if p.default is inspect.Parameter.empty
            and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        if required and all(n in facts for n in required):
            found.append((fn, [p.name for p in params if p.name in facts]))
    return found


def _as_findings(result: Any) -> Iterator[Finding]:
    items = [result] if isinstance(result, Finding) or hasattr(result, "rule") else result
    for it in items or ():
        if isinstance(it, Finding):
            yield it
        else:  # a Finding-like value of the chapter module
            yield Finding(str(it.rule), it.severity, str(it.message), str(getattr(it, "where", "")))


CHECKS: tuple[Callable[[Game], Iterable[Finding]], ...] = (
    water_fortifications,
    g8_fortifications,
    g8_units,
    g9_panji_setup,
    g9_hidden_panji,
    g9_above_panji,
    g_2_hidden_fortifications,
    g_8_trip_flares,
    counters_printed,
    japanese_findings,
)
"""The checks :func:`check` runs, in order."""
