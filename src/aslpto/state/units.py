"""Units as the game state holds them: identity (nationality, kind, Class, strength) and status.

A unit's identity is its nationality, kind, Class and strength, never its printed numbers
alone: a Reduced 1st-Line Japanese squad and a Full 2nd-Line one both read 3-4-7.
The printed numbers and morale come from the counter catalog (:mod:`aslpto.state.counters`).
"""

from __future__ import annotations

from enum import StrEnum
from operator import attrgetter

from aslpto.base.records import MISSING, fields, record, replace


class Kind(StrEnum):
    """What a unit is (A1, A13, D1, G1)."""

    SQUAD = "squad"
    HALF_SQUAD = "half-squad"
    CREW = "crew"  # infantry crew
    VEHICLE_CREW = "vehicle-crew"
    LEADER = "leader"
    HERO = "hero"
    TH_HERO = "t-h-hero"  # G1.421
    DC_HERO = "dc-hero"  # G1.424
    CAVALRY = "cavalry"  # A13
    CYCLE_RIDER = "cycle-rider"  # motorcycle riders, D15
    VEHICLE = "vehicle"
    GUN = "gun"
    BOAT = "boat"

    @property
    def is_infantry(self) -> bool:
        return self in _INFANTRY

    @property
    def is_smc(self) -> bool:
        return self in (Kind.LEADER, Kind.HERO, Kind.TH_HERO, Kind.DC_HERO)

    @property
    def is_mmc(self) -> bool:
        return self in (Kind.SQUAD, Kind.HALF_SQUAD, Kind.CREW, Kind.VEHICLE_CREW)


_INFANTRY = frozenset(
    {
        Kind.SQUAD,
        Kind.HALF_SQUAD,
        Kind.CREW,
        Kind.VEHICLE_CREW,
        Kind.LEADER,
        Kind.HERO,
        Kind.TH_HERO,
        Kind.DC_HERO,
    }
)


class UnitClass(StrEnum):
    """Troop Class (A1.25). Japanese chain: elite -> 1st-line -> 2nd-line -> conscript."""

    ELITE = "elite"
    FIRST_LINE = "1st-line"
    SECOND_LINE = "2nd-line"
    GREEN = "green"
    CONSCRIPT = "conscript"


class Strength(StrEnum):
    """Japanese squads and infantry crews have Full- and Reduced-Strength sides (G1.1, G1.3)."""

    FULL = "full"
    REDUCED = "reduced"


class VehicleType(StrEnum):
    """Vehicle kinds the PTO movement rules distinguish."""

    FULLY_TRACKED = "fully-tracked"
    HALF_TRACKED = "half-tracked"
    ARMORED_CAR = "armored-car"
    TRUCK = "truck"
    MOTORCYCLE = "motorcycle"
    WAGON = "wagon"
    DOZER = "dozer"  # a fully tracked dozer (B13.72, G8 breach)


class Position(StrEnum):
    """Where a unit is within its Location (the public location words): on the ground, IN a
    paddy or above its Bank counter (G8), above or beneath a Panji counter (G9.2)."""

    GROUND = "ground"
    IN = "in"  # IN a paddy
    BANK = "bank"  # above a Bank counter
    ABOVE = "above-panji"
    BENEATH = "beneath-panji"

    @property
    def word(self) -> str:
        """The step word: ``above``, ``beneath``, ``in``, ``bank``, ``ground``."""
        return self.value.removesuffix("-panji")


class Transport(StrEnum):
    """What Infantry is doing with its transport or load while it moves."""

    NONE = "none"
    RIDING_BICYCLE = "riding-bicycle"  # D15.8
    PORTAGING_BICYCLE = "portaging-bicycle"  # D15.82
    LEADING_HORSE = "leading-horse"  # A13.7
    MANHANDLING_GUN = "manhandling-gun"  # C10
    MANHANDLING_BOAT = "manhandling-boat"  # E5
    PUSHING_MOTORCYCLE = "pushing-motorcycle"  # D15.5


@record
class Unit:
    """One counter in play. ``counter`` is the printed face (``4-4-7``, ``10-0``, ``Sherman``).

    ``morale`` is the current Morale Level as printed on the face (broken side not used for
    Japanese); procedures add leadership and other modifiers themselves.
    """

    id: str
    side: str
    nationality: str
    kind: Kind
    counter: str = ""
    unit_class: UnitClass | None = None
    strength: Strength | None = None
    morale: int | None = None
    elr: int = 3
    hex: str = ""  # canonical hex name of its Location
    position: str = "ground"  # ground | in | bank | above-panji | beneath-panji
    entrenched: str | None = None  # trench | foxhole | pillbox
    broken: bool = False
    pinned: bool = False
    dm: bool = False
    berserk: bool = False
    heroic: bool = False  # a leader who became heroic (A15.21); hero counters are by their kind
    concealed: bool = False
    hidden: bool = False
    cx: bool = False
    wounded: bool = False
    unarmed: bool = False
    ti: bool = False
    lax: bool = False  # A11.18 (an SSR's; G1.6: a Banzai Charge's, for the rest of its Player Turn)
    # Movement
    mf: int | None = None  # MF/MP allowance override (vehicles: from the scenario)
    vehicle_type: VehicleType | None = None
    afv: bool = False
    mobile: bool = True
    transport: Transport = Transport.NONE
    galloping: bool = False
    weight_tons: float | None = None  # for ice (B21.6)
    possesses_dc: bool = False

    def __hash__(self) -> int:
        """The hash of its compared fields (as a record's), computed once: the exact odds hash
        the same units many times over (dictionary keys of fates and outcomes)."""
        d = self.__dict__
        h: int | None = d.get(_HASH)
        if h is None:
            h = d[_HASH] = hash(_unit_fields(self))
        return h

    def __getstate__(self) -> dict[str, object]:
        """Its fields for ``copy`` and ``pickle``, without the hash (another process hashes
        strings otherwise)."""
        d = dict(self.__dict__)
        d.pop(_HASH, None)
        return d

    def with_(self, **changes: object) -> Unit:
        """A copy with some fields changed (values are frozen)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    @staticmethod
    def of(values: dict[str, object]) -> Unit:
        """``Unit(**values)`` made without ``__init__`` (which only sets the fields, one by
        one): a scenario load makes every unit. ``values`` names fields only, and every field
        with no default."""
        if not _UNIT_REQUIRED <= values.keys() <= _UNIT_FIELDS:
            raise TypeError(
                f"Unit fields: missing {sorted(_UNIT_REQUIRED - values.keys())}, "
                f"unknown {sorted(values.keys() - _UNIT_FIELDS)}"
            )
        new = object.__new__(Unit)
        d = new.__dict__
        d.update(_UNIT_DEFAULTS)
        d.update(values)
        return new

    @property
    def is_cycle_rider(self) -> bool:
        """Cycle Riders (D15): a ``cycle-rider`` unit, or a ``vehicle`` counter of type
        motorcycle, which is in play only ridden (Infantry pushing one is the Infantry's
        Transport)."""
        return self.kind == Kind.CYCLE_RIDER or (
            self.kind == Kind.VEHICLE and self.vehicle_type == VehicleType.MOTORCYCLE
        )

    @property
    def is_japanese(self) -> bool:
        return self.nationality == "japanese"

    @property
    def good_order(self) -> bool:
        return not (self.broken or self.unarmed)


_HASH = "_hash"
_unit_fields = attrgetter(*(f.name for f in fields(Unit) if f.compare))
_UNIT_FIELDS = frozenset(f.name for f in fields(Unit))
_UNIT_REQUIRED = frozenset(f.name for f in fields(Unit) if f.default is MISSING)
_UNIT_DEFAULTS = {f.name: f.default for f in fields(Unit) if f.default is not MISSING}
