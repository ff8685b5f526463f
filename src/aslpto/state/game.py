"""Game state: the scenario's conditions (SSR), sides, units and fortifications on a Map.

Values are frozen; a change makes a new state. An action is verified before anything
changes, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from aslpto.base.hints import Any
from aslpto.base.records import field, record, replace
from aslpto.base.rulings import InputError, listed
from aslpto.board.hexes import Direction, Hex, Hexside
from aslpto.board.maps import JungleType, Map, MapConditions, RiverDepth
from aslpto.state.units import Unit


class PaddyState(StrEnum):
    """G8: Drained, Irrigated or In-Season."""

    DRAINED = "drained"
    IRRIGATED = "irrigated"
    IN_SEASON = "in-season"


class EC(StrEnum):
    """Environmental Conditions (B25.5): Very Dry, Dry, Moderate, Moist, Wet, Mud, Snow, Deep
    Snow."""

    VERY_DRY = "very-dry"
    DRY = "dry"
    MODERATE = "moderate"
    MOIST = "moist"
    WET = "wet"
    MUD = "mud"
    SNOW = "snow"
    DEEP_SNOW = "deep-snow"


class CurrentForce(StrEnum):
    """B21.121."""

    HEAVY = "heavy"
    MODERATE = "moderate"
    SLOW = "slow"


@record
class Conditions:
    """Scenario conditions (SSR) and facts of the scenario card."""

    pto_terrain: bool = False
    jungle: JungleType = JungleType.DENSE
    paddy: PaddyState = PaddyState.DRAINED
    ec: EC = EC.MODERATE
    river_depth: RiverDepth = RiverDepth.DEEP
    current_direction: Direction | None = None  # downstream direction (B21.121)
    current_force: CurrentForce | None = None
    frigid_water: bool = False
    pond_fordable: bool = False  # B21.13: wrecks appear in a pond only if an SSR says this
    sub_zero: bool = False
    year: int = 1944
    month: int = 6
    night: bool = False

    def map_conditions(self) -> MapConditions:
        return MapConditions(
            pto_terrain=self.pto_terrain,
            jungle=self.jungle,
            river_depth=self.river_depth,
            sub_zero=self.sub_zero,
        )

    @property
    def mud(self) -> bool:
        return self.ec == EC.MUD


class FortKind(StrEnum):
    """Fortification counters (B24-B30, G9)."""

    WIRE = "wire"
    MINES = "mines"
    TRENCH = "trench"
    FOXHOLE = "foxhole"
    PILLBOX = "pillbox"
    ROADBLOCK = "roadblock"
    TRIP_FLARE = "trip-flare"  # G.8
    AT_SET_DC = "at-set-dc"  # G1.6121
    TUNNEL = "tunnel"
    SHELLHOLES = "shellholes"


FORTIFICATION_KINDS = frozenset(
    {
        FortKind.WIRE,
        FortKind.MINES,
        FortKind.TRENCH,
        FortKind.FOXHOLE,
        FortKind.PILLBOX,
        FortKind.ROADBLOCK,
        FortKind.TUNNEL,
    }
)
"""Fortification counters (B24-B30; Panji counters too, G9.1). Trip flares (G.8), an A-T Set
DC (G1.6121) and shellholes (B2) are not Fortifications."""


@record
class Panji:
    """A Panji counter (G9): its hex and Covered hexsides (one to six, G9.3)."""

    id: str
    hex: Hex
    covered: frozenset[Hexside]
    side: str = ""
    hidden: bool = False
    top: Hexside | None = None  # G9.11: the hexside recorded as the counter's "top"

    def is_covered(self, s: Hexside) -> bool:
        return s in self.covered


@record
class Fortification:
    """Any other Fortification counter in a hex."""

    id: str
    kind: FortKind
    hex: Hex
    side: str = ""
    hidden: bool = False
    strength: int = 0  # mine factors; number of trip flares; ...
    detonator: str | None = None  # G1.6121: the unit predesignated to detonate an A-T Set DC
    hexside: Hexside | None = None  # roadblocks lie on a hexside


@record
class Side:
    """One player's side."""

    name: str
    nationality: str
    defender: bool = False
    panji_hexsides: int = 0  # G9.1: Covered hexsides allotted in the OB
    trip_flares: int = 0  # G.8
    dc: int = 0  # DC in the OB (G1.6121)
    elr: int = 3
    san: int = 0


@record
class LosRuling:
    """A scenario's ruling on one LOS, both ways (``[[los_overrides]]``): Locations as written
    (``37AA10``, ``37AA10@1``, ``37DD7:bank``), whether LOS exists, its Hindrance DRM."""

    frm: str
    to: str
    los: bool
    hindrance_drm: int = 0
    note: str = ""


@record
class Game:
    """The whole state: map, conditions, sides, units, fortifications."""

    map: Map
    conditions: Conditions = Conditions()
    name: str = ""
    sides: tuple[Side, ...] = ()
    units: Mapping[str, Unit] = field(default_factory=dict)
    panjis: Mapping[str, Panji] = field(default_factory=dict)
    fortifications: tuple[Fortification, ...] = ()
    source: str = ""  # the file it was read from
    los_overrides: tuple[LosRuling, ...] = ()
    source_report: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """What reading the source found beyond the game (a VASL save's counts and the pieces and
    SSR names it lists rather than reads); empty for a scenario file."""

    def unit(self, uid: str) -> Unit:
        try:
            return self.units[uid]
        except KeyError:
            known = listed(self.units)
            raise InputError(f"no unit '{uid}' in this scenario (units: {known})") from None

    def panji_at(self, h: Hex) -> Panji | None:
        for p in self.panjis.values():
            if p.hex == h:
                return p
        return None

    def forts_at(self, h: Hex, kind: FortKind | None = None) -> tuple[Fortification, ...]:
        return tuple(
            f for f in self.fortifications if f.hex == h and (kind is None or f.kind == kind)
        )

    def side(self, name: str) -> Side:
        for s in self.sides:
            if s.name == name:
                return s
        raise InputError(f"no side '{name}' in this scenario")

    def with_unit(self, u: Unit) -> Game:
        units = dict(self.units)
        units[u.id] = u
        return replace(self, units=units)

    def with_panji(self, p: Panji | None, pid: str) -> Game:
        panjis = dict(self.panjis)
        if p is None:
            panjis.pop(pid, None)
        else:
            panjis[pid] = p
        return replace(self, panjis=panjis)
