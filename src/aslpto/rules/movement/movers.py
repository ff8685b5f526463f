"""Movers and their options (MoveOptions, phase, kind of mover), who may move at all (A4.1,
A7.8), the leader bonus (A4.12), the allowance (A4.1, A4.5 Double Time), and the context a
step is priced in; data/movement.toml holds the numbers with their rules."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from functools import cache

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import field, record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import Recorded
from aslpto.board.hexes import Hex
from aslpto.board.maps import Map
from aslpto.board.terrain import HexsideFeature
from aslpto.state.game import Fortification, FortKind, Game, Panji
from aslpto.state.units import Kind, Transport, Unit, VehicleType

HALF = 2
"""Costs are integers of half MF/MP."""


def halves(value: float | int) -> int:
    """MF/MP as half units: 1.5 -> 3."""
    return round(value * HALF)


def as_number(h: int) -> int | float:
    """Half units back to MF/MP for people and JSON: 3 -> 1.5, 4 -> 2."""
    f = Fraction(h, HALF)
    return int(f) if f.denominator == 1 else float(f)


@record(slots=True)
class Cost:
    """One part of a step's MF/MP expenditure and the rule that charges it."""

    halves: int
    rule: str
    why: str


class EventKind(StrEnum):
    """What a step triggers (a move's ``events``, each with the rule that raises it), for the
    procedures to resolve."""

    CX = "cx"  # Double Time, or an advance into Difficult Terrain
    ROAD_BONUS = "road-bonus"  # the last MF is the road bonus
    ALL_EXPENDED = "all MF/MP expended"  # a Minimum Move took the whole allowance
    HAZARDOUS_MOVEMENT = "hazardous-movement"
    IMMOBILIZED = "immobilized"  # a vehicle entering a Panji hex (G9.423)
    BAIL_OUT = "bail-out"  # its Riders bail out (G9.423)
    ELIMINATED = "eliminated"  # a manhandled item (G9.411) or a Rider
    PANJI_MC = "panji-mc"  # G9.41
    PANJI_REVEALED = "panji-revealed"
    PANJI_HEXSIDE_UNCOVERED = "panji-hexside-uncovered"
    CONCEALMENT_LOSS = "concealment-loss-activity"
    COLUMN_DISBAND = "column-disband"  # G9.44
    BYPASS_BLOCKED = "bypass-blocked"
    TRIP_FLARE_DR = "trip-flare-dr"
    BANK_BREACHED = "bank-breached"  # G8 BREACH
    ICE_COLLAPSE_CHECK = "ice-collapse-check"
    DETECTION = "detection"  # concealed/hidden enemy units in the Location entered (A12.15, G.4)
    ENEMY_FOUND = "enemy-found"  # ... entered by a unit allowed to enter it (A12.15 EXC, A4.14)


@record(slots=True)
class Event:
    """Something a step triggers, for the procedures to resolve (Panji MC, immobilization...)."""

    kind: EventKind
    rule: str
    note: str = ""
    subject: str = ""

    def as_json(self) -> dict[str, str]:
        out = {"kind": self.kind.value, "rule": self.rule}
        if self.subject:
            out["subject"] = self.subject
        if self.note:
            out["note"] = self.note
        return out


@record
class MovementData:
    """data/movement.toml."""

    numbers: Mapping[str, Any]
    number_rules: Mapping[str, str]
    rules: Mapping[str, str]
    costs: Mapping[str, Mapping[str, Any]]
    cost_rules: Mapping[str, str]
    allowance: Mapping[str, tuple[int, str]]
    double_time: Mapping[str, tuple[int, str]]
    bypass_terrain: frozenset[str]
    bypass_rule: str

    def n(self, key: str) -> int:
        """A number in half units."""
        return halves(float(self.numbers[key]))

    def raw(self, key: str) -> Any:
        return self.numbers[key]

    def rule(self, key: str) -> str:
        return self.rules[key]


@cache
def movement_data() -> MovementData:
    d = bundled("movement.toml")
    try:
        numbers = {k: v["value"] for k, v in d["numbers"].items()}
        number_rules = {k: str(v["rule"]) for k, v in d["numbers"].items()}
        rules = {k: str(v["rule"]) for k, v in d["rules"].items()}
        costs: dict[str, dict[str, Any]] = {}
        cost_rules: dict[str, str] = {}
        for terrain, row in d["costs"].items():
            cost_rules[terrain] = str(row["rule"])
            costs[terrain] = {k: v for k, v in row.items() if k not in ("rule", "sure", "note")}
        allowance = {k: (int(v["value"]), str(v["rule"])) for k, v in d["allowance"].items()}
        dt = {k: (int(v["value"]), str(v["rule"])) for k, v in d["double_time"].items()}
        bypass = frozenset(str(t) for t in d["bypass"]["terrain"])
        bypass_rule = str(d["bypass"]["rule"])
    except (KeyError, TypeError, ValueError) as e:
        raise InputError(f"movement data: {e}", "data/movement.toml") from None
    f = "movement.toml"
    return MovementData(
        Recorded(numbers, f, ("numbers",)),
        Recorded(number_rules, f, ("numbers",)),
        Recorded(rules, f, ("rules",)),
        Recorded(costs, f, ("costs",)),
        Recorded(cost_rules, f, ("costs",)),
        Recorded(allowance, f, ("allowance",)),
        Recorded(dt, f, ("double_time",)),
        bypass,
        bypass_rule,
    )


class MoverKind(StrEnum):
    """Who pays the step: Infantry (MF), Cavalry (MF), Cycle Riders/bicyclists (MP), vehicles."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    CYCLE = "cycle"
    VEHICLE = "vehicle"


class Phase(StrEnum):
    MPH = "mph"
    APH = "aph"


@record
class MoveOptions:
    """How the unit moves, in the rulebook's words."""

    phase: Phase = Phase.MPH
    assault: bool = False  # A4.61 Assault Movement
    double_time: bool = False  # A4.5
    low_crawl: bool = False  # A10.52
    rout: bool = False  # the unit routs in the RtPh (A10.5; B27.41)
    armored_assault: bool = False  # D9.31
    riding: bool = False  # Infantry riding bicycles (D15.8)
    leading: bool = False  # Infantry leading horses (A13.7)
    galloping: bool = False  # Cavalry Galloping/Charging (A13.36)
    manhandling: str | None = None  # gun | gun-dm | boat | motorcycle
    forced_back: bool = False  # A12.15
    towing: bool = False  # a vehicle towing a Gun (G9.421)
    portage: tuple[str, ...] = ()  # SW carried not dm: mortar, mmg, hmg (B21.41)
    blaze: frozenset[str] = frozenset()  # hexes with a Terrain Blaze (B25)
    with_leader: str | None = None  # id of the leader the MMC moves with (A4.12)
    column: bool = False  # the unit is in a Column (E11; G9.44)
    landed: bool = False  # paratroops that appeared onboard this APh (E9.6; G8 AERIAL)
    human_wave: bool = False  # a Human Wave / Banzai Charge unit (A25.23, G1.5; A4.14 EXC)
    detection: str | None = None  # the DEFENDER's G.4 choice: invoke | retain | attack


PLAIN = MoveOptions()
"""A move in the MPh, no option given."""


MANHANDLING = {
    "gun": Transport.MANHANDLING_GUN,
    "gun-dm": Transport.MANHANDLING_GUN,
    "boat": Transport.MANHANDLING_BOAT,
    "motorcycle": Transport.PUSHING_MOTORCYCLE,
}


@record
class Mover:
    """The moving unit as the movement rules see it."""

    kind: MoverKind
    smc: bool = False
    vehicle_type: VehicleType | None = None
    afv: bool = False
    mobile: bool = True
    transport: Transport = Transport.NONE
    gun_dm: bool = False  # a manhandled Gun that is dm/animal-packed (G8 Irrigated)
    galloping: bool = False
    weight_tons: float | None = None

    @property
    def uses_mp(self) -> bool:
        return self.kind in (MoverKind.VEHICLE, MoverKind.CYCLE)

    @property
    def is_infantry(self) -> bool:
        return self.kind == MoverKind.INFANTRY

    @property
    def bicyclist(self) -> bool:
        """Infantry riding bicycles (D15.8)."""
        return self.transport == Transport.RIDING_BICYCLE

    @property
    def manhandling(self) -> bool:
        return self.transport in (
            Transport.MANHANDLING_GUN,
            Transport.MANHANDLING_BOAT,
            Transport.PUSHING_MOTORCYCLE,
        )

    @property
    def fully_tracked(self) -> bool:
        return self.vehicle_type in (VehicleType.FULLY_TRACKED, VehicleType.DOZER)

    @property
    def fully_tracked_afv_or_dozer(self) -> bool:
        """G9.42, G9.5, G9.6: "full-tracked AFV/dozer"."""
        return self.vehicle_type == VehicleType.DOZER or (self.fully_tracked and self.afv)

    @property
    def cost_column(self) -> str:
        if self.kind == MoverKind.CAVALRY:
            return "cavalry"
        if self.kind == MoverKind.VEHICLE:
            vt = self.vehicle_type or VehicleType.FULLY_TRACKED
            return "fully-tracked" if vt == VehicleType.DOZER else vt.value
        return "infantry"

    def a_describe(self) -> str:
        """:meth:`describe` with its article: "an Infantry unit", "a motorcycle"."""
        d = self.describe()
        return f"{'an' if d[:1].lower() in 'aeiou' else 'a'} {d}"

    def describe(self) -> str:
        if self.kind == MoverKind.VEHICLE:
            return f"{(self.vehicle_type or VehicleType.FULLY_TRACKED).value} vehicle"
        if self.kind == MoverKind.CYCLE and self.vehicle_type is not None:
            return "motorcycle"
        if self.bicyclist:
            return "Infantry unit riding bicycles"
        if self.manhandling:
            return f"Infantry unit {self.transport.value.replace('-', ' ')}"
        return {
            MoverKind.INFANTRY: "Infantry unit",
            MoverKind.CAVALRY: "Cavalry unit",
            MoverKind.CYCLE: "Cycle Rider",
            MoverKind.VEHICLE: "vehicle",
        }[self.kind]


def mover_of(unit: Unit, options: MoveOptions) -> Mover:
    """Who is moving: from the unit's kind and what the options say it is doing."""
    if unit.kind in (Kind.GUN, Kind.BOAT):
        raise InputError(
            f"unit '{unit.id}' is a {unit.kind.value}: it moves by being Manhandled (C10) by "
            "Infantry; move the Infantry with --manhandling"
        )
    transport = unit.transport
    if options.manhandling is not None:
        if options.manhandling not in MANHANDLING:
            raise InputError(
                f"--manhandling '{options.manhandling}': use gun, gun-dm, boat or motorcycle"
            )
        transport = MANHANDLING[options.manhandling]
    elif options.riding and unit.kind.is_infantry:
        transport = Transport.RIDING_BICYCLE
    elif options.leading:
        transport = Transport.LEADING_HORSE
    if unit.kind.is_infantry:
        return Mover(
            MoverKind.INFANTRY,
            smc=unit.kind.is_smc,
            transport=transport,
            gun_dm=options.manhandling == "gun-dm" or unit.dm,
        )
    if unit.kind == Kind.CAVALRY:
        if options.leading:
            # A13.7: Cavalry leading its horses is Infantry leading horses
            return Mover(MoverKind.INFANTRY, transport=Transport.LEADING_HORSE)
        return Mover(MoverKind.CAVALRY, galloping=options.galloping or unit.galloping)
    if unit.kind == Kind.CYCLE_RIDER:
        return Mover(MoverKind.CYCLE)
    vt = unit.vehicle_type or VehicleType.FULLY_TRACKED
    if vt == VehicleType.MOTORCYCLE:
        return Mover(MoverKind.CYCLE, vehicle_type=vt, mobile=unit.mobile)
    return Mover(
        MoverKind.VEHICLE,
        vehicle_type=vt,
        afv=unit.afv,
        mobile=unit.mobile,
        weight_tons=unit.weight_tons,
    )


def check_may_move(
    unit: Unit, mover: Mover, options: MoveOptions, leader: Unit | None = None
) -> None:
    """A4.1/A7.8/A4.51: who may not move (or Double Time) at all; A4.12: who may move with the
    ``leader`` named by ``options.with_leader``."""
    data = movement_data()
    if unit.broken and options.phase == Phase.MPH and not options.low_crawl:
        raise RuleViolation(
            data.rule("broken"),
            f"'{unit.id}' is broken: it may not move in the MPh (it routs in the RtPh)",
        )
    if unit.broken and options.phase == Phase.APH:
        raise RuleViolation(data.rule("advance"), f"'{unit.id}' is broken: it may not advance")
    if unit.pinned:
        raise RuleViolation(data.rule("pinned"), f"'{unit.id}' is pinned and may not move")
    if unit.ti:
        raise RuleViolation(data.rule("broken"), f"'{unit.id}' is TI and may not move")
    if mover.kind == MoverKind.VEHICLE and not mover.mobile:
        raise RuleViolation(data.rule("immobile"), f"'{unit.id}' is Immobile")
    if options.double_time:
        if mover.kind != MoverKind.INFANTRY:
            raise RuleViolation(data.rule("cx_double_time"), "only Infantry may Double Time")
        if unit.cx:
            raise RuleViolation(
                data.rule("cx_double_time"), f"'{unit.id}' is already CX and may not Double Time"
            )
        if options.phase == Phase.APH:
            raise RuleViolation(data.rule("cx_double_time"), "Double Time is declared in the MPh")
    if options.galloping and mover.kind != MoverKind.CAVALRY:
        raise InputError("--galloping applies only to Cavalry")
    if options.assault and mover.kind not in (MoverKind.INFANTRY, MoverKind.CAVALRY):
        raise RuleViolation(
            data.rule("assault_movement"), "Assault Movement is for Infantry and Cavalry"
        )
    if options.low_crawl and mover.kind != MoverKind.INFANTRY:
        raise RuleViolation(data.rule("low_crawl"), "only Infantry may Low Crawl")
    if leader is not None:
        check_leader(unit, mover, leader)


def leader_bonus_applies(unit: Unit, mover: Mover) -> bool:
    """A4.12: the bonus is a MMC's, moving on foot (a horse's or bicycle's MF are not raised)."""
    return unit.kind.is_mmc and mover.kind == MoverKind.INFANTRY and not mover.bicyclist


def check_leader(unit: Unit, mover: Mover, leader: Unit) -> None:
    """A4.12: a MMC that begins its MPh stacked with a (Good Order, unpinned, not berserk)
    friendly leader and moves with him gets two more MF."""
    rule = movement_data().rule("leader_bonus")
    if not leader_bonus_applies(unit, mover):
        raise RuleViolation(
            rule,
            f"the leader bonus is for a MMC moving on foot, not {mover.a_describe()} "
            f"({unit.kind.value})",
        )
    if leader.side != unit.side:
        raise RuleViolation(rule, f"'{leader.id}' is not a friendly leader of '{unit.id}'")
    if (leader.hex, leader.position, leader.entrenched) != (
        unit.hex,
        unit.position,
        unit.entrenched,
    ):
        raise RuleViolation(
            rule, f"'{unit.id}' does not begin its MPh stacked with '{leader.id}' (same Location)"
        )
    for status in ("broken", "pinned", "berserk", "ti"):
        if getattr(leader, status):
            raise RuleViolation(rule, f"leader '{leader.id}' is {status}: it cannot lead a stack")


def allowance(unit: Unit, mover: Mover, options: MoveOptions) -> Ruling[int]:
    """The MF/MP allotment, in half units: MMC 4 / SMC 6 MF (A4.11), Double Time (A4.5),
    Cavalry and cycles from data, vehicles from the scenario."""
    data = movement_data()
    rules: list[str] = []
    if mover.kind == MoverKind.VEHICLE:
        if unit.mf is None:
            raise InputError(
                f"vehicle '{unit.id}' has no MP allowance: the scenario gives it ('mf')"
            )
        return Ruling(halves(unit.mf), ("D2.1",), "MP allowance from the scenario")
    if unit.mf is not None:
        base, rule = unit.mf, "A4.11"
    elif mover.kind == MoverKind.CAVALRY:
        base, rule = data.allowance["cavalry"]
    elif mover.kind == MoverKind.CYCLE:
        base, rule = data.allowance["cycle"]
    else:
        base, rule = data.allowance["smc" if mover.smc else "mmc"]
    rules.append(rule)
    total = halves(base)
    why = f"{base} MF" if not mover.uses_mp else f"{base} MP"
    if options.with_leader and leader_bonus_applies(unit, mover):
        bonus = data.n("leader_bonus_mf")
        total += bonus
        rules.append(data.rule("leader_bonus"))
        why += f" + {as_number(bonus)} MF moving with leader {options.with_leader}"
    if options.double_time:
        extra, dt_rule = data.double_time["smc" if mover.smc else "mmc"]
        total += halves(extra)
        rules.append(dt_rule)
        why += f" + {extra} MF Double Time (becomes CX)"
    return Ruling(total, tuple(rules), why)


@record(frozen=False)
class MoveContext:
    """Everything a step's cost depends on besides the step itself."""

    game: Game
    unit: Unit
    mover: Mover
    options: MoveOptions
    allowance: int
    blaze: frozenset[Hex] = frozenset()
    cache: dict[Any, Any] = field(default_factory=dict)
    # per-hex and per-hexside facts of the (frozen) game, looked up once per context
    map: Map = field(init=False, repr=False, compare=False)
    _sides: dict[tuple[Hex, Hex], frozenset[HexsideFeature]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _panjis: dict[Hex, Panji | None] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _forts: dict[tuple[Hex, FortKind], tuple[Fortification, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _tunnels: dict[Hex, tuple[Tunnel, ...]] | None = field(
        init=False, repr=False, compare=False, default=None
    )
    _enemies: dict[Hex, tuple[str, ...]] | None = field(
        init=False, repr=False, compare=False, default=None
    )

    def __post_init__(self) -> None:
        self.map = self.game.map

    def features(self, a: Hex, b: Hex) -> frozenset[HexsideFeature]:
        """The features of hexside a-b (``Map.hexside_features``), remembered."""
        got = self._sides.get((a, b))
        if got is None:
            got = self._sides[(a, b)] = self._sides[(b, a)] = self.map.hexside_features(a, b)
        return got

    def panji_at(self, h: Hex) -> Panji | None:
        """``Game.panji_at``, remembered."""
        try:
            return self._panjis[h]
        except KeyError:
            got = self._panjis[h] = self.game.panji_at(h)
            return got

    def forts_at(self, h: Hex, kind: FortKind) -> tuple[Fortification, ...]:
        """``Game.forts_at``, remembered."""
        key = (h, kind)
        got = self._forts.get(key)
        if got is None:
            got = self._forts[key] = self.game.forts_at(h, kind)
        return got

    def tunnels_at(self, h: Hex) -> tuple[Tunnel, ...]:
        """The tunnels with an entrance in ``h`` (B8.6), found once per context."""
        if self._tunnels is None:
            by: dict[Hex, list[Tunnel]] = {}
            for t in tunnels(self.game):
                for f in t.entrances:
                    by.setdefault(f.hex, []).append(t)
            self._tunnels = {k: tuple(v) for k, v in by.items()}
        return self._tunnels.get(h, ())

    def _enemy_hexes(self) -> dict[Hex, tuple[str, ...]]:
        if self._enemies is None:
            by: dict[Hex, list[str]] = {}
            mine = self.unit.side
            for u in self.game.units.values():
                if u.hex and u.side and mine and u.side != mine:
                    by.setdefault(self.map.hex(u.hex), []).append(u.id)
            self._enemies = {k: tuple(v) for k, v in by.items()}
        return self._enemies

    @property
    def enemies_anywhere(self) -> bool:
        """Whether any unit of another side than the mover's is on the map."""
        return bool(self._enemy_hexes())

    def enemies_at(self, h: Hex) -> tuple[str, ...]:
        """Ids of the units of another side than the mover's in hex ``h``."""
        return self._enemy_hexes().get(h, ())


@record
class Tunnel:
    """A tunnel (B8.6): two entrance Locations. A scenario gives it as two [[fortifications]]
    of kind ``tunnel``, one per entrance, whose ids share the part before the last dot
    (``T1.1`` and ``T1.2``); an entrance in a hex holding a pillbox is that pillbox (G1.632)."""

    name: str
    entrances: tuple[Fortification, ...]

    def other(self, h: Hex) -> Hex | None:
        """The entrance at the other end from ``h`` (None for a lone entrance)."""
        for f in self.entrances:
            if f.hex != h:
                return f.hex
        return None


def tunnel_name(fid: str) -> str:
    """The tunnel a ``tunnel`` Fortification id belongs to: ``T1.2`` -> ``T1``; an id without
    a dot names a tunnel of its own."""
    head, dot, tail = fid.rpartition(".")
    return head if dot and head and tail else fid


def tunnels(game: Game) -> tuple[Tunnel, ...]:
    """The game's tunnels (B8.6), their entrances paired by :func:`tunnel_name`. A name with
    more than two entrances, or two in one hex, is unusable input."""
    groups: dict[str, list[Fortification]] = {}
    for f in game.fortifications:
        if f.kind == FortKind.TUNNEL:
            groups.setdefault(tunnel_name(f.id), []).append(f)
    out = []
    for name, fs in groups.items():
        ids = ", ".join(f.id for f in fs)
        if len(fs) > 2:
            raise InputError(
                f"tunnel {name} has {len(fs)} entrances ({ids}): a tunnel has two (B8.6); "
                "name each tunnel's pair of entrances NAME.1, NAME.2"
            )
        if len(fs) == 2 and fs[0].hex == fs[1].hex:
            raise InputError(
                f"tunnel {name}: both entrances ({ids}) are in {game.map.name(fs[0].hex)} (B8.6)"
            )
        out.append(Tunnel(name, tuple(fs)))
    return tuple(out)
