"""Core movement costs from chapters A-E that the PTO movement rules rely on.

Terrain COT (the terrain chart, data/terrain.toml), hedge/wall hexsides (B9.4), entering a
higher level (A4.133, B10.51), road and path rates (B3.4, B13.6), Double Time and CX (A4.5,
A4.51), the leader bonus (A4.12), the Minimum Move (A4.134), who may move at all (A4.1, A7.8)
and tunnels (B8.6-B8.61, with the pillbox tunnel of G1.632). Numbers the project is not sure of
live in data/movement.toml, each with its rule.

Costs are counted in half MF/MP (``HALF`` = 2 per MF) so that 1.5-MF grain and 0.5-MP road
hexes stay exact integers.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, distance
from aslpto.board.maps import Map
from aslpto.board.terrain import EntryKind, HexsideFeature, Terrain
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


@dataclass(frozen=True, slots=True)
class Cost:
    """One part of a step's MF/MP expenditure and the rule that charges it."""

    halves: int
    rule: str
    why: str


@dataclass(frozen=True, slots=True)
class Event:
    """Something a step triggers, for the procedures to resolve (Panji MC, immobilization...)."""

    kind: str
    rule: str
    note: str = ""
    subject: str = ""

    def as_json(self) -> dict[str, str]:
        out = {"kind": self.kind, "rule": self.rule}
        if self.subject:
            out["subject"] = self.subject
        if self.note:
            out["note"] = self.note
        return out


# --- data ------------------------------------------------------------------------------


@dataclass(frozen=True)
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
    text = resources.files("aslpto").joinpath("data/movement.toml").read_text(encoding="utf-8")
    d = tomllib.loads(text)
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
    return MovementData(
        numbers, number_rules, rules, costs, cost_rules, allowance, dt, bypass, bypass_rule
    )


# --- movers and options ----------------------------------------------------------------


class MoverKind(StrEnum):
    """Who pays the step: Infantry (MF), Cavalry (MF), Cycle Riders/bicyclists (MP), vehicles."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    CYCLE = "cycle"
    VEHICLE = "vehicle"


class Phase(StrEnum):
    MPH = "mph"
    APH = "aph"


@dataclass(frozen=True)
class MoveOptions:
    """How the unit moves, in the rulebook's words."""

    phase: Phase = Phase.MPH
    assault: bool = False  # A4.61 Assault Movement
    double_time: bool = False  # A4.5
    low_crawl: bool = False  # A10.52
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


MANHANDLING = {
    "gun": Transport.MANHANDLING_GUN,
    "gun-dm": Transport.MANHANDLING_GUN,
    "boat": Transport.MANHANDLING_BOAT,
    "motorcycle": Transport.PUSHING_MOTORCYCLE,
}


@dataclass(frozen=True)
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
            f"the leader bonus is for a MMC moving on foot, not a {mover.describe()} "
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


# --- context ---------------------------------------------------------------------------


@dataclass
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

    def enemies_at(self, h: Hex) -> tuple[str, ...]:
        """Ids of the units of another side than the mover's in hex ``h``."""
        if self._enemies is None:
            by: dict[Hex, list[str]] = {}
            mine = self.unit.side
            for u in self.game.units.values():
                if u.hex and u.side and mine and u.side != mine:
                    by.setdefault(self.map.hex(u.hex), []).append(u.id)
            self._enemies = {k: tuple(v) for k, v in by.items()}
        return self._enemies.get(h, ())


# --- tunnels ------------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class TunnelMove:
    """A move through a tunnel: which, its cost (all MF), the rules, and whether the unit
    arrives in a pillbox (the far entrance is a pillbox, G1.632)."""

    tunnel: Tunnel
    cost: Cost
    rules: tuple[str, ...]
    into_pillbox: bool


def tunnel_move(ctx: MoveContext, a: Hex, b: Hex, at_start: bool) -> TunnelMove:
    """B8.61, treated like sewer movement (B8.4): Infantry that start their MPh in one entrance
    Location move to the other for all their MF; not if an enemy unit is in the entrance hex
    [EXC: G1.632, a Japanese unit in a pillbox moving through its tunnel]; no Gun is pushed
    through a tunnel. B8.6: the entrances are within three hexes of each other. ``at_start``:
    the unit is where it began its MPh and has spent nothing."""
    data = movement_data()
    rule, setup = data.rule("tunnel"), data.rule("tunnel_setup")
    m = ctx.map
    if ctx.options.low_crawl:
        raise RuleViolation(
            data.rule("low_crawl"), "Low Crawl is a move into an adjacent hex, not a tunnel"
        )
    here = ctx.tunnels_at(a)
    through = [t for t in here if t.other(a) == b]
    if not through:
        lone = [t for t in here if t.other(a) is None]
        if lone:
            raise RuleViolation(
                setup,
                f"tunnel {lone[0].name} has one entrance ({m.name(a)}) and leads nowhere: its "
                f"other entrance is a second [[fortifications]] of kind tunnel with id "
                f"'{lone[0].name}.<n>'",
            )
        raise RuleViolation(setup, f"no tunnel connects {m.name(a)} and {m.name(b)}")
    t = through[0]
    d, most = distance(a, b), int(data.raw("tunnel_range"))
    if d > most:
        raise RuleViolation(
            setup,
            f"tunnel {t.name}: its entrances {m.name(a)} and {m.name(b)} are {d} hexes apart; "
            f"a tunnel's entrances are within {most} hexes of each other",
        )
    mover = ctx.mover
    if mover.kind != MoverKind.INFANTRY or mover.transport in (
        Transport.RIDING_BICYCLE,
        Transport.LEADING_HORSE,
    ):
        raise RuleViolation(rule, f"only Infantry move through a tunnel, not a {mover.describe()}")
    if mover.manhandling:
        raise RuleViolation(rule, f"units in a tunnel may not push a Gun ({mover.describe()})")
    if ctx.options.phase == Phase.APH:
        raise RuleViolation(rule, "tunnel movement is made in the MPh, not as an advance")
    if not at_start:
        raise RuleViolation(
            rule,
            "tunnel movement starts at the start of the MPh, in a tunnel entrance, and costs "
            "all MF",
        )
    rules = [rule]
    in_pillbox = ctx.unit.entrenched == "pillbox"
    if ctx.forts_at(a, FortKind.PILLBOX) and not in_pillbox:
        raise RuleViolation(
            "G1.632",
            f"the tunnel's entrance in {m.name(a)} is its pillbox (a Location of its own, B30.1): "
            "only a unit in the pillbox enters the tunnel there",
        )
    enemies = ctx.enemies_at(a)
    if enemies:
        if not (in_pillbox and ctx.unit.is_japanese):
            raise RuleViolation(
                rule,
                f"an enemy unit ({', '.join(enemies)}) is in the tunnel entrance hex {m.name(a)}"
                + (" (G1.632 exempts only a Japanese unit in the pillbox)" if in_pillbox else ""),
            )
        rules.append("G1.632")
    into = bool(ctx.forts_at(b, FortKind.PILLBOX))
    if into:
        rules.append("G1.632")
    cost = Cost(ctx.allowance, rule, f"through tunnel {t.name}: all MF")
    return TunnelMove(t, cost, tuple(dict.fromkeys(rules)), into)


def blaze_hexes(game: Game, names: frozenset[str]) -> frozenset[Hex]:
    return frozenset(game.map.hex(n) for n in names)


def check_blaze(ctx: MoveContext, h: Hex, bypass: bool = False) -> None:
    """B25: a Blaze Location may be neither entered nor Bypassed."""
    if h in ctx.blaze:
        what = "Bypassed" if bypass else "entered"
        raise RuleViolation(
            movement_data().rule("blaze"), f"{ctx.map.name(h)} is ablaze: it may not be {what}"
        )


# --- costs ------------------------------------------------------------------------------


def along_road(ctx: MoveContext, a: Hex, b: Hex) -> bool:
    """B3.4 (G.1A: playable roads only; G.1 removes them under PTO Terrain)."""
    return HexsideFeature.ROAD in ctx.features(a, b)


def along_path(ctx: MoveContext, a: Hex, b: Hex) -> bool:
    """G.1A: a path, or a road treated as a path."""
    return HexsideFeature.PATH in ctx.features(a, b)


_CHART_COLUMN = re.compile(
    r"(motorcycle|armored car|fully-tracked|halftrack|truck)\s+(\d+(?:\.\d+)?|NA|ALL)\b"
)
_CHART_NAMES = {
    "motorcycle": "motorcycle",
    "armored car": "armored-car",
    "fully-tracked": "fully-tracked",
    "halftrack": "half-tracked",
    "truck": "truck",
}


@cache
def chart_columns(vehicle_mp: str, in_season: bool) -> Mapping[str, str]:
    """The vehicle columns a terrain chart row lists ("motorcycle 3, ..., truck 4"); for grain
    the April-September numbers when ``in_season``, else none (as Open Ground)."""
    text = vehicle_mp
    if text.startswith("April-September:"):
        if not in_season:
            return {}
        text = text.split(";", 1)[0]
    return {_CHART_NAMES[k]: v for k, v in _CHART_COLUMN.findall(text)}


def _column_value(terrain: str, column: str) -> Any:
    row = movement_data().costs.get(terrain)
    if row is None or column not in row:
        return None
    return row[column]


def in_season(ctx: MoveContext) -> bool:
    """B15.4: grain is in season April-September."""
    return 4 <= ctx.game.conditions.month <= 9


def mud_applies(ctx: MoveContext, h: Hex) -> bool:
    """E3.6: with EC Mud every Open Ground hex is Mud."""
    row = ctx.map.row(h)
    return ctx.game.conditions.mud and row.open_ground and not ctx.map.terrain(h).is_water_obstacle


def open_ground_cost(ctx: MoveContext, mud: bool) -> list[Cost]:
    """The Open Ground COT (B1) for this mover, plus Mud (E3.6) when ``mud``."""
    base = _base_cost(ctx, Terrain.OPEN_GROUND.value, 1, ctx.map.chart["open-ground"].rule)
    if not mud:
        return base
    return base + mud_extra(ctx, base)


def mud_extra(ctx: MoveContext, base: list[Cost]) -> list[Cost]:
    data = movement_data()
    if ctx.mover.uses_mp:
        total = sum(c.halves for c in base)
        extra = total * (int(data.raw("mud_mp_factor")) - 1)
        return [Cost(extra, data.rule("mud"), "Mud doubles the MP cost")]
    return [Cost(data.n("mud_extra_mf"), data.rule("mud"), "Mud")]


def grain_cost(ctx: MoveContext) -> list[Cost]:
    """Grain in season (B15.4) for a non-Infantry mover: an In-Season paddy interior (G8)."""
    return _base_cost(ctx, Terrain.GRAIN.value, 1, ctx.map.chart["grain"].rule, season=True)


def vehicle_value(ctx: MoveContext, terrain: str, season: bool = True) -> tuple[Any, str]:
    """A vehicle's (or Cycle Rider's motorcycle's) entry value for a terrain: the chart's
    columns first, then data/movement.toml."""
    mover = ctx.mover
    row = ctx.map.chart[terrain]
    column = "motorcycle" if mover.kind == MoverKind.CYCLE else mover.cost_column
    cols = chart_columns(row.vehicle_mp, season)
    if column in cols:
        return cols[column], row.rule
    return _column_value(terrain, column), movement_data().cost_rules.get(terrain, row.rule)


def _base_cost(
    ctx: MoveContext, terrain: str, infantry_mf: float, rule: str, season: bool = True
) -> list[Cost]:
    """COT of a terrain for this mover (no Mud, no hexsides)."""
    data = movement_data()
    mover = ctx.mover
    if mover.kind == MoverKind.INFANTRY:
        return [Cost(halves(infantry_mf), rule, f"COT {terrain}")]
    if mover.kind == MoverKind.CAVALRY:
        value, crule = _column_value(terrain, "cavalry"), data.cost_rules.get(terrain, rule)
        if value is None:
            return [Cost(halves(infantry_mf), rule, f"COT {terrain}")]
    else:
        value, crule = vehicle_value(ctx, terrain, season)
        if value is None and mover.kind == MoverKind.CYCLE:
            factor = int(data.raw("cycle_factor"))
            return [
                Cost(
                    halves(infantry_mf) * factor,
                    rule,
                    f"COT {terrain} ({factor} MP per Infantry MF for cycles)",
                )
            ]
    if value is None:
        raise RuleViolation(crule, f"no {mover.describe()} cost is known for {terrain}")
    if value == "NA" or (value == "all-afv" and not mover.fully_tracked_afv_or_dozer):
        raise RuleViolation(crule, f"a {mover.describe()} may not enter {terrain}")
    if value in ("all", "ALL", "all-afv"):
        return [Cost(ctx.allowance, crule, f"{terrain} costs all MP")]
    return [Cost(halves(float(value)), crule, f"COT {terrain}")]


def terrain_cost(ctx: MoveContext, a: Hex, b: Hex, first: bool) -> list[Cost]:
    """COT of entering hex ``b`` from ``a``: road/path rate when along a road/path hexside,
    otherwise the terrain chart, plus Mud (E3.6). ``first``: no MF/MP spent yet this phase
    (terrain whose entry costs the entire allotment needs it). Paddies and Water Obstacles are
    priced by their own chapters."""
    data = movement_data()
    m = ctx.map
    info = m.info(b)
    mover = ctx.mover
    if along_road(ctx, a, b):
        if mover.kind == MoverKind.VEHICLE:
            return [Cost(data.n("road_mp"), data.rule("road"), "road rate")]
        factor = int(data.raw("cycle_factor")) if mover.kind == MoverKind.CYCLE else 1
        return [Cost(data.n("road_mf") * factor, data.rule("road"), "road rate")]
    if along_path(ctx, a, b) and mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY):
        return [Cost(data.n("path_mf"), data.rule("path"), "path rate (G.1A)")]
    row = m.row(b)
    rule = "B21.6" if "B21.6" in info.rules else row.rule  # frozen Water Obstacle: Open Ground
    if mover.kind == MoverKind.VEHICLE and info.building is not None:
        raise RuleViolation(data.rule("building_vehicle"), "a vehicle may not enter a building")
    kind = row.entry_kind
    if mover.kind in (MoverKind.INFANTRY, MoverKind.CAVALRY) and kind != EntryKind.COST:
        if kind == EntryKind.NA:
            raise RuleViolation(row.rule, f"{info.terrain.value} cannot be entered this way")
        if mover.kind == MoverKind.CAVALRY and _column_value(info.terrain.value, "cavalry") == "NA":
            raise RuleViolation(
                data.cost_rules.get(info.terrain.value, row.rule),
                f"Cavalry may not enter {info.terrain.value}",
            )
        how = (
            "only by Minimum Move (A4.134)"
            if kind == EntryKind.MINIMUM_MOVE
            else "at the cost of the entire MF allotment"
        )
        if kind == EntryKind.ALL and ctx.options.phase == Phase.APH:
            raise RuleViolation(row.rule, f"{info.terrain.value} cannot be entered in the APh")
        if not first:
            raise RuleViolation(
                data.rule("minimum_move") if kind == EntryKind.MINIMUM_MOVE else row.rule,
                f"{info.terrain.value} is entered {how}: it must "
                "be the unit's first expenditure of the phase",
            )
        return [Cost(ctx.allowance, rule, f"{info.terrain.value}: entered {how}")]
    if row.infantry_mf is None:
        raise RuleViolation(row.rule, f"{info.terrain.value} cannot be entered this way")
    base = _base_cost(ctx, info.terrain.value, row.infantry_mf, rule, in_season(ctx))
    if mud_applies(ctx, b):
        base = base + mud_extra(ctx, base)
    return base


def hexside_cost(ctx: MoveContext, a: Hex, b: Hex) -> list[Cost]:
    """Hedge/wall (B9.4), bocage (B9.5) and cliff (B11.4) hexsides. Banks are G8's."""
    data = movement_data()
    fs = ctx.features(a, b)
    if not fs:
        return []
    out: list[Cost] = []
    if HexsideFeature.CLIFF in fs:
        raise RuleViolation(data.rule("cliff"), "a cliff hexside cannot be crossed by moving")
    if HexsideFeature.WATER in fs and not ctx.game.conditions.sub_zero:
        raise RuleViolation(
            "B21.13",
            "an all-water (pond) hexside is a Water Obstacle: it is crossed only by bridge, "
            "boat, amphibian or swimming (B21.4), which this engine does not move",
        )
    mp = ctx.mover.kind == MoverKind.VEHICLE
    for feat, key_mf, key_mp in (
        (HexsideFeature.HEDGE, "hedge_wall_mf", "hedge_mp"),
        (HexsideFeature.WALL, "hedge_wall_mf", "wall_mp"),
        (HexsideFeature.BOCAGE, "bocage_mf", "bocage_mp"),
    ):
        if feat not in fs:
            continue
        key = key_mp if mp else key_mf
        raw = data.raw(key)
        if raw == "NA":
            raise RuleViolation(
                data.number_rules[key],
                f"a {ctx.mover.describe()} may not cross a {feat.value} hexside",
            )
        h = halves(float(raw))
        if ctx.mover.kind == MoverKind.CYCLE:
            h *= int(data.raw("cycle_factor"))
        out.append(Cost(h, data.number_rules[key], f"cross {feat.value} hexside"))
    return out


def elevation_costs(
    ctx: MoveContext, a: Hex, b: Hex, cot: list[Cost], rule: str | None = None
) -> list[Cost]:
    """A4.133: entering a higher level doubles the COT; B10.51: each intermediate level
    crossed (a Double Crest Line) adds 2 MF. ``rule`` names the rule that sends here (B21.41)."""
    data = movement_data()
    la, lb = ctx.map.level(a), ctx.map.level(b)
    if lb <= la:
        return []
    cot_total = sum(c.halves for c in cot)
    out = [
        Cost(cot_total, rule or data.rule("elevation"), "entering a higher level doubles the COT")
    ]
    for _ in range(lb - la - 1):
        out.append(
            Cost(
                data.n("double_crest_mf"),
                data.rule("double_crest"),
                "ascend the intermediate level",
            )
        )
    return out


def bypass_cost(ctx: MoveContext) -> Cost:
    """A4.3 (Infantry: the Open Ground cost), D2.3 (vehicles)."""
    data = movement_data()
    if ctx.mover.kind == MoverKind.VEHICLE:
        return Cost(data.n("bypass_mp"), data.rule("vehicle_bypass"), "Bypass")
    h = data.n("bypass_mf")
    if ctx.mover.kind == MoverKind.CYCLE:
        h *= int(data.raw("cycle_factor"))
    return Cost(h, data.rule("bypass"), "Bypass")


def bypassable(ctx: MoveContext, h: Hex) -> bool:
    return ctx.map.terrain(h).value in movement_data().bypass_terrain


def hazardous_movement(cause: str) -> Event:
    return Event("hazardous-movement", movement_data().rule("hazardous_movement"), cause)
