"""Water Obstacles (B21) away from movement: the river's Current and depth (B21.121,
B21.122), drift of boats and amphibians, Open Ground status (B21.3), which hexes may be forded
and who is fording (B21.41, G.1 Fords; a unit on a bridge is not, B21.4), fording units' Pin
immunity and Hazardous Movement (B21.41), fire and rout (B21.42, B21.43), Fortifications in
water (B21.5) and ice (B21.6).

Fording movement (B21.41) is :mod:`aslpto.rules.water.movement`; the map's water levels and the
marsh a
flooded/fordable river changes (B21.2, B21.21, B21.122) are :mod:`aslpto.rules.pto.terrain`.

>>> from aslpto.state.game import EC
>>> force_from_dr(1, EC.MODERATE).value
<CurrentForce.HEAVY: 'heavy'>
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base.datafiles import bundled
from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import Recorded
from aslpto.board.hexes import DIRECTIONS, Direction, Hex, HexName
from aslpto.board.maps import Map, RiverDepth
from aslpto.board.terrain import Feature, Terrain
from aslpto.rules.panji.effects.terrain import Weapon
from aslpto.state.game import EC, FORTIFICATION_KINDS, Conditions, CurrentForce, FortKind, Game
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.rules.los import Location
    from aslpto.state.dice import Dice, Distribution


def _data() -> Mapping[str, Any]:
    return Recorded(bundled("pto_procedures.toml"), "pto_procedures.toml")


def ec_drm(ec: EC | str) -> Ruling[int]:
    """The EC drm (B25.5) added to the B21.121 and B21.122 dr (data/pto_procedures.toml)."""
    t = _data()["ec_drm"]
    key = str(ec)
    if key not in t:
        raise InputError(f"no EC drm for EC '{key}' in data/pto_procedures.toml")
    return Ruling(int(t[key]), (str(t["rule"]),), f"EC {key}")


# ---------------------------------------------------------------------------------------------
# B21.121 CURRENT
# ---------------------------------------------------------------------------------------------


def force_from_dr(dr: int, ec: EC | str) -> Ruling[CurrentForce]:
    """B21.121: the dr, modified by the EC drm: <= 1 Heavy, 2-5 Moderate, >= 6 Slow."""
    t = _data()["current_force"]
    drm = ec_drm(ec)
    final = dr + drm.value
    if final <= int(t["heavy_at_most"]):
        force = CurrentForce.HEAVY
    elif final <= int(t["moderate_at_most"]):
        force = CurrentForce.MODERATE
    else:
        force = CurrentForce.SLOW
    return Ruling(force, ("B21.121", *drm.rules), f"Final dr {dr}{drm.value:+d} = {final}")


def direction_from_dr(dr: int, placed: Direction) -> Ruling[Direction]:
    """B21.121: the Current counter is placed in any applicable direction; an odd dr reverses
    it, an even dr leaves it as placed."""
    if dr % 2:
        return Ruling(placed.opposite(), ("B21.121",), f"dr {dr} odd: reversed")
    return Ruling(placed, ("B21.121",), f"dr {dr} even: as placed")


@record
class Current:
    direction: Direction | None  # downstream
    force: CurrentForce


def resolve_current(
    conditions: Conditions, dice: Dice, *, placed: Direction | None = None
) -> Ruling[Current]:
    """B21.121: the Current direction and force, from the SSR (``conditions``) where defined,
    otherwise from one dr (its parity for the direction, its Final value for the force)."""
    d, f = conditions.current_direction, conditions.current_force
    if f is not None and (d is not None or placed is None):
        return Ruling(Current(d, f), ("B21.121",), "defined by SSR")
    dr = dice.dr()
    rules: list[str] = ["B21.121"]
    why: list[str] = []
    if f is None:
        fr = force_from_dr(dr, conditions.ec)
        f = fr.value
        rules += fr.rules
        why.append(fr.why)
    if d is None and placed is not None:
        dr_dir = direction_from_dr(dr, placed)
        d = dr_dir.value
        why.append(dr_dir.why)
    return Ruling(Current(d, f), tuple(dict.fromkeys(rules)), "; ".join(why))


def current_odds(
    conditions: Conditions, *, placed: Direction | None = None
) -> Distribution[Current]:
    from aslpto.state.dice import odds  # (imported when asked: a move rolls nothing)

    return odds(lambda dice: resolve_current(conditions, dice, placed=placed).value)


# ---------------------------------------------------------------------------------------------
# B21.122 DEPTH
# ---------------------------------------------------------------------------------------------


def depth_from_dr(dr: int, ec: EC | str) -> Ruling[RiverDepth]:
    """B21.122: the dr, modified by the EC drm: <= 1 flooded, 2-5 deep, >= 6 fordable."""
    t = _data()["river_depth"]
    drm = ec_drm(ec)
    final = dr + drm.value
    if final <= int(t["flooded_at_most"]):
        depth = RiverDepth.FLOODED
    elif final <= int(t["deep_at_most"]):
        depth = RiverDepth.DEEP
    else:
        depth = RiverDepth.FORDABLE
    return Ruling(depth, ("B21.122", *drm.rules), f"Final dr {dr}{drm.value:+d} = {final}")


def resolve_depth(
    conditions: Conditions, dice: Dice, *, ssr: RiverDepth | None = None, dyo: bool = False
) -> Ruling[RiverDepth]:
    """B21.122: the depth an SSR defines; else deep, unless a DYO scenario rolls for it."""
    if ssr is not None:
        return Ruling(ssr, ("B21.122",), "defined by SSR")
    if not dyo:
        return Ruling(RiverDepth.DEEP, ("B21.122",), "undefined by SSR: deep")
    return depth_from_dr(dice.dr(), conditions.ec)


def depth_odds(conditions: Conditions, *, dyo: bool = True) -> Distribution[RiverDepth]:
    from aslpto.state.dice import odds  # (imported when asked: a move rolls nothing)

    return odds(lambda dice: resolve_depth(conditions, dice, dyo=dyo).value)


def may_ford(game: Game) -> Ruling[bool]:
    """B21.122: if fordable, Infantry may attempt to ford without boats (B21.41: fordable and
    non-frigid)."""
    c = game.conditions
    if c.river_depth != RiverDepth.FORDABLE:
        return Ruling(False, ("B21.122",), f"the river is {c.river_depth.value}")
    if c.frigid_water:
        return Ruling(False, ("B21.41",), "frigid water")
    return Ruling(True, ("B21.122", "B21.41"), "fordable and non-frigid")


def fordable(m: Map, conditions: Conditions, h: Hex) -> bool:
    """Whether Water Obstacle hex ``h`` is shallow enough to ford (frigid water aside).

    B21.41: a river hex of a river defined fordable ("shallow", B21.122). A Ford in the hex
    (a board's ``ford`` feature, or a bridge under PTO Terrain, G.1 "All bridges are Fords") is
    a shallow crossing whatever the river's depth, and in a canal too: G.1 turns a canal's
    bridge into a Ford, not into nothing. Ponds and lakes/oceans without a Ford are never
    forded (B21.41 "only in river hexes")."""
    info = m.info(h)
    if not info.terrain.is_water_obstacle:
        return False
    if Feature.FORD in info.features:
        return True
    return info.terrain == Terrain.RIVER and conditions.river_depth == RiverDepth.FORDABLE


def on_bridge(m: Map, conditions: Conditions, h: Hex) -> bool:
    """A unit in a bridge hex of water that cannot be forded is on the bridge (B21.4): it
    could not be IN the water, swimming (E6) being outside this engine."""
    info = m.info(h)
    return (
        info.terrain.is_water_obstacle
        and Feature.BRIDGE in info.features
        and not fordable(m, conditions, h)
    )


def wrecks_in_water(
    game: Game, hex_name: str, *, pond_fordable: bool | None = None
) -> Ruling[bool]:
    """B21.122: wrecks appear IN water hexes only in fordable rivers; B21.13: in a pond only
    if an SSR defines it as fordable (``pond_fordable``; by default the scenario's SSR). The
    river's depth says nothing of a pond's: no dr is made for a pond's depth (B21.13), so a
    fordable river (SSR or DYO dr) does not make the ponds fordable."""
    if pond_fordable is None:
        pond_fordable = game.conditions.pond_fordable
    t = game.map.terrain(game.map.hex(hex_name))
    if t == Terrain.RIVER:
        ford = game.conditions.river_depth == RiverDepth.FORDABLE
        return Ruling(ford, ("B21.122",), "fordable river" if ford else "river not fordable")
    if t == Terrain.POND:
        why = "pond defined by SSR as fordable" if pond_fordable else "pond not defined fordable"
        return Ruling(pond_fordable, ("B21.13",), why)
    return Ruling(False, ("B21.122",), f"{t.value}: no wrecks IN it")


def is_water_obstacle_hex(game: Game, hex_name: str) -> Ruling[bool]:
    """B21.1: a non-stream hex whose center dot is in blue (canal B21.11, river B21.12, pond
    B21.13, lake/ocean B21.14); a pond without a center dot is not one (B21.13)."""
    info = game.map.info(game.map.hex(hex_name))
    if "B21.13" in info.rules and not info.terrain.is_water_obstacle:
        return Ruling(False, ("B21.13",), "pond without a center dot: its hexside is the obstacle")
    kinds = {
        Terrain.CANAL: "B21.11",
        Terrain.RIVER: "B21.12",
        Terrain.POND: "B21.13",
        Terrain.LAKE: "B21.14",
        Terrain.OCEAN: "B21.14",
    }
    rule = kinds.get(info.terrain)
    if rule is None:
        return Ruling(False, ("B21.1",), info.terrain.value)
    return Ruling(True, ("B21.1", rule), info.terrain.value)


# ---------------------------------------------------------------------------------------------
# Current effects and drift (B21.121)
# ---------------------------------------------------------------------------------------------


def _is_water(game: Game, h: Hex) -> bool:
    return game.map.terrain(h).is_water_obstacle


def _is_island(game: Game, h: Hex) -> bool:
    """A ground hex whose connected ground does not reach the edge of the map."""
    seen = {h}
    todo = [h]
    while todo:
        x = todo.pop()
        ns = game.map.neighbours(x)
        if len(ns) < 6:
            return False
        for n in ns:
            if n not in seen and not _is_water(game, n):
                seen.add(n)
                todo.append(n)
    return True


def current_applies(game: Game, hex_name: str, *, on_bridge: bool = False) -> Ruling[bool]:
    """B21.121: Current does not affect bridges, nor any river hex bordered on opposite sides
    by non-island ground (marsh inclusive) hexes (EX 7CC4, 7K2, 7H1)."""
    h = game.map.hex(hex_name)
    if game.map.terrain(h) != Terrain.RIVER:
        return Ruling(False, ("B21.121",), "not a river hex")
    if on_bridge:
        return Ruling(False, ("B21.121",), "Current does not affect bridges")
    for d in DIRECTIONS[:3]:
        a, b = h.step(d), h.step(d.opposite())
        if a not in game.map.cells or b not in game.map.cells:
            continue
        ground = not (_is_water(game, a) or _is_water(game, b))
        if ground and not (_is_island(game, a) or _is_island(game, b)):
            return Ruling(False, ("B21.121",), "bordered on opposite sides by ground")
    return Ruling(True, ("B21.121",), "")


class Heading(StrEnum):
    """Where the Current flows. N/S and the four diagonals point at one hex; E and W run along
    a hex row and point at two (the hexspine between NE and SE, or SW and NW)."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"

    @property
    def directions(self) -> tuple[Direction, ...]:
        if self == Heading.E:
            return (Direction.NE, Direction.SE)
        if self == Heading.W:
            return (Direction.SW, Direction.NW)
        return (Direction[self.value],)


def downstream(game: Game, hex_name: str, heading: Heading) -> tuple[Hex, ...]:
    """The adjacent downstream hexes a unit could drift into: river hexes (never marsh,
    B21.121) in the Current's direction."""
    h = game.map.hex(hex_name)
    out: list[Hex] = []
    for d in heading.directions:
        n = h.step(d)
        if n in game.map.cells and game.map.terrain(n) == Terrain.RIVER:
            out.append(n)
    return tuple(out)


@record
class Craft:
    """A boat or amphibious vehicle IN a river hex."""

    amphibian: bool = False
    powered: bool = False  # a power boat (not paddled)
    abandoned: bool = False
    shocked_or_stunned: bool = False
    immobile: bool = False
    prc_good_order: bool = True  # manned by non-broken/shocked/stunned PRC

    @property
    def chooses(self) -> bool:
        """Power boats and non-Immobile amphibians manned by non-broken/shocked/stunned PRC may
        choose the drift hex; paddled/abandoned boats and abandoned/shocked/stunned/immobilized
        amphibians drift by dr."""
        if self.abandoned or not self.prc_good_order:
            return False
        if self.amphibian:
            return not (self.immobile or self.shocked_or_stunned)
        return self.powered


@record
class DriftRuling:
    drifts: bool
    candidates: tuple[Hex, ...] = ()
    by_dr: bool = False


def drift(
    game: Game,
    hex_name: str,
    craft: Craft,
    *,
    own_aph: bool,
    launched_or_landed: bool = False,
    heading: Heading | None = None,
) -> Ruling[DriftRuling]:
    """B21.121: in moderate Current a boat/amphibian IN a river hex drifts one hex downstream
    in its own APh; in heavy Current in every APh; slow Current has no effect, nor any Current
    in the Player Turn it is launched or landed. With two downstream hexes the crew chooses
    (see :class:`Craft`) or a dr decides. No drift into or out of marsh."""
    c = game.conditions
    force = c.current_force
    if force is None or force == CurrentForce.SLOW:
        return Ruling(DriftRuling(False), ("B21.121",), "slow or no Current")
    if launched_or_landed:
        return Ruling(DriftRuling(False), ("B21.121",), "launched or landed this Player Turn")
    if force == CurrentForce.MODERATE and not own_aph:
        return Ruling(DriftRuling(False), ("B21.121",), "moderate: only in its own APh")
    applies = current_applies(game, hex_name)
    if not applies.value:
        return Ruling(DriftRuling(False), applies.rules, applies.why)
    if heading is None:
        if c.current_direction is None:
            raise InputError("the Current's direction is not defined (B21.121)")
        heading = Heading(c.current_direction.name)
    cands = downstream(game, hex_name, heading)
    if not cands:
        return Ruling(DriftRuling(False), ("B21.121",), "no river hex downstream")
    by_dr = len(cands) > 1 and not craft.chooses
    return Ruling(DriftRuling(True, cands, by_dr), ("B21.121",), f"{force.value} Current")


def _coordinate(game: Game, h: Hex) -> tuple[int, int]:
    n = HexName.parse(game.map.name(h))
    return (n.col, n.row)


def drift_hex_from_dr(game: Game, candidates: Sequence[Hex], dr: int) -> Ruling[Hex]:
    """B21.121: dr 1-3 the lower hex coordinate, 4-6 the higher (between two downstream
    hexes; a single one is simply the drift hex)."""
    if not 1 <= dr <= 6:
        raise InputError(f"a dr is 1-6, not {dr}")
    if len(candidates) == 1:
        return Ruling(candidates[0], ("B21.121",), "the only downstream hex")
    if len(candidates) != 2:
        raise InputError(f"a drift dr chooses between two downstream hexes, not {len(candidates)}")
    lo, hi = sorted(candidates, key=lambda h: _coordinate(game, h))
    lower = dr <= int(_data()["drift"]["lower_at_most"])
    return Ruling(
        lo if lower else hi,
        ("B21.121",),
        f"dr {dr}: {'lower' if lower else 'higher'} hex coordinate",
    )


def resolve_drift(
    game: Game,
    hex_name: str,
    craft: Craft,
    dice: Dice,
    *,
    own_aph: bool,
    launched_or_landed: bool = False,
    heading: Heading | None = None,
    choice: str | None = None,
) -> Ruling[Hex | None]:
    """The hex the craft drifts into (None: it stays): the only candidate, the crew's
    ``choice``, or the dr."""
    r = drift(
        game,
        hex_name,
        craft,
        own_aph=own_aph,
        launched_or_landed=launched_or_landed,
        heading=heading,
    )
    d = r.value
    if not d.drifts:
        return Ruling(None, r.rules, r.why)
    if len(d.candidates) == 1:
        return Ruling(d.candidates[0], r.rules, r.why)
    if d.by_dr:
        pick = drift_hex_from_dr(game, d.candidates, dice.dr())
        return Ruling(pick.value, pick.rules, pick.why)
    if choice is None:
        raise InputError("the crew chooses the drift hex: give the choice (B21.121)")
    h = game.map.hex(choice)
    if h not in d.candidates:
        names = ", ".join(game.map.name(c) for c in d.candidates)
        raise RuleViolation("B21.121", f"{choice} is not a downstream hex (choose {names})")
    return Ruling(h, r.rules, "chosen by the crew")


def drift_odds(
    game: Game, hex_name: str, craft: Craft, *, own_aph: bool, heading: Heading | None = None
) -> Distribution[Hex | None]:
    from aslpto.state.dice import odds  # (imported when asked: a move rolls nothing)

    return odds(
        lambda d: resolve_drift(game, hex_name, craft, d, own_aph=own_aph, heading=heading).value
    )


# ---------------------------------------------------------------------------------------------
# B21.3, B21.42, B21.43
# ---------------------------------------------------------------------------------------------


def open_ground(
    game: Game, hex_name: str, *, los: bool | None = None, viewer: Unit | str | None = None
) -> Ruling[bool]:
    """B21.3: provided a LOS to it exists, a Water Obstacle is Open Ground for TEM and Rout
    purposes. ``los`` says whether that LOS exists; without it the LOS from ``viewer`` (a unit
    or a Location) is traced (:func:`water_open_ground`). B21.6: a frozen
    Water
    Obstacle (ice) is Open Ground for all purposes, LOS or not."""
    h = game.map.hex(hex_name)
    if is_ice(game, hex_name):
        return Ruling(True, ("B21.6",), "ice: Open Ground for all purposes")
    if not game.map.terrain(h).is_water_obstacle:
        return Ruling(False, ("B21.3",), "not a Water Obstacle")
    if los is None:
        if viewer is None:
            raise InputError("B21.3: give los, or the viewer to trace the LOS from")

        from aslpto.rules.los import parse_location  # (imported when asked)

        where = parse_location(game.map, viewer) if isinstance(viewer, str) else viewer
        return water_open_ground(game, where, h)
    return Ruling(los, ("B21.3",), "LOS exists" if los else "no LOS to it")


def fording(game: Game, unit: Unit, *, on_a_bridge: bool = False) -> bool:
    """An Infantry/Cavalry unit IN an unfrozen river hex, or in a Ford hex (G.1), is fording
    (B21.41). A unit in a frozen hex is on Open Ground (B21.6). A unit on a bridge is not IN
    the water: in the bridge hex of water that cannot be forded it is on the bridge
    (:func:`on_bridge`); in a fordable one the caller says so (``on_a_bridge``), else the unit
    is taken to be IN the water. A unit IN a deep river could only swim there (E6, not built):
    it is held to the fording limits as the least that applies."""
    if not unit.hex or not (unit.kind.is_infantry or unit.kind == Kind.CAVALRY):
        return False
    m = game.map
    h = m.hex(unit.hex)
    info = m.info(h)
    if not (info.terrain == Terrain.RIVER or fordable(m, game.conditions, h)):
        return False
    return not (on_a_bridge or on_bridge(m, game.conditions, h))


def all_fording(game: Game, units: Sequence[Unit]) -> bool:
    """Are the Infantry and Cavalry among ``units`` (at least one) all fording (B21.41: the
    checks their Location takes pin none of them)?"""
    people = [u for u in units if u.hex and (u.kind.is_infantry or u.kind == Kind.CAVALRY)]
    return bool(people) and all(fording(game, u) for u in people)


def fording_fp(fp: int | Fraction, weapon: Weapon, *, afph: bool = False) -> Ruling[Fraction]:
    """B21.42: fording units may fire only their inherent FP, and only as Area Fire (halved,
    A7.23), halved again for AFPh fire (A7.24)."""
    if weapon != Weapon.INHERENT:
        raise RuleViolation(
            "B21.42", f"a fording unit may fire only its inherent FP, not {weapon.value}"
        )
    t = _data()["area_fire"]
    value = Fraction(fp) / 2
    rules = ["B21.42", str(t["rule"])]
    if afph:
        value /= 2
        rules.append(str(t["afph_rule"]))
    return Ruling(value, tuple(rules), "Area Fire" + (", halved again in the AFPh" if afph else ""))


def verify_low_crawl(game: Game, unit: Unit, *, on_a_bridge: bool = False) -> None:
    """B21.43: fording units which break may not use Low Crawl."""
    if unit.broken and fording(game, unit, on_a_bridge=on_a_bridge):
        raise RuleViolation("B21.43", f"{unit.id} is broken while fording: no Low Crawl")


def must_rout(game: Game, unit: Unit, *, on_a_bridge: bool = False) -> Ruling[bool]:
    """B21.43: broken units in a Water Obstacle must rout; they may not remain in their
    current Location even if Disrupted. A unit on a bridge (see :func:`fording`) is not in
    the water; a frozen hex is Open Ground (B21.6)."""
    if not (unit.broken and unit.hex):
        return Ruling(False, ("B21.43",), "not broken")
    m = game.map
    h = m.hex(unit.hex)
    if not m.terrain(h).is_water_obstacle:
        return Ruling(False, ("B21.43",), "not in a Water Obstacle")
    if on_a_bridge or on_bridge(m, game.conditions, h):
        return Ruling(False, ("B21.43", "B21.4"), "on a bridge, not IN the water")
    return Ruling(True, ("B21.43",), "broken in a Water Obstacle: must rout")


def pin_immune(game: Game, unit: Unit, *, on_a_bridge: bool = False) -> Ruling[bool]:
    """B21.41: fording units are immune to Pin effects."""
    if fording(game, unit, on_a_bridge=on_a_bridge):
        return Ruling(True, ("B21.41",), "fording: immune to Pin")
    return Ruling(False, ("B21.41",), "not fording")


def hazardous_movement(game: Game, unit: Unit, *, on_a_bridge: bool = False) -> Ruling[bool]:
    """B21.41: fording is Hazardous Movement for as long as the unit is in that hex (not only
    on the entry step: also in the phases and turns after, until it leaves)."""
    if fording(game, unit, on_a_bridge=on_a_bridge):
        return Ruling(True, ("B21.41",), "fording: Hazardous Movement while in the hex")
    return Ruling(False, ("B21.41",), "not fording")


# ---------------------------------------------------------------------------------------------
# B21.6 ICE
# ---------------------------------------------------------------------------------------------


def is_ice(game: Game, hex_name: str) -> bool:
    """A frozen Water Obstacle hex (treated as Open Ground for all purposes, B21.6)."""
    info = game.map.info(game.map.hex(hex_name))
    return "B21.6" in info.rules and info.terrain == Terrain.OPEN_GROUND


def ice_removed(game: Game, hex_name: str, *, he: bool, original_kia: bool) -> Ruling[bool]:
    """B21.6: ice is removed from any hex in which an Original HE attack DR scores a KIA on the
    IFT."""
    if not is_ice(game, hex_name):
        return Ruling(False, ("B21.6",), "not an ice hex")
    hit = he and original_kia
    return Ruling(hit, ("B21.6",), "Original HE DR scored a KIA" if hit else "")


def clear_ice(game: Game, hex_name: str) -> Game:
    """The ice hex becomes clear water again (its printed Water Obstacle)."""
    h = game.map.hex(hex_name)
    if not is_ice(game, hex_name):
        raise InputError(f"{hex_name} is not an ice hex")
    info = game.map.info(h)
    water = info.printed if info.printed.is_water_obstacle else Terrain.RIVER
    cells = dict(game.map.cells)
    cells[h] = info.changed("B21.6", "ice removed: clear water", terrain=water)
    return replace(game, map=replace(game.map, cells=cells))


@record
class IceLedger:
    """B21.6: the Weight Limit of every ice hex is the highest weight any ice hex has
    sustained so far. Keep it from one crossing to the next."""

    weight_limit: float = 0.0

    @staticmethod
    def start() -> IceLedger:
        return IceLedger(float(_data()["ice"]["initial_weight_limit"]))


@record
class IceCrossing:
    check: bool  # a collapse DR is made
    drm: int = 0  # the collapse DR's DRM: +1 per five tons (or fraction) over the Weight Limit


def ice_crossing(ledger: IceLedger, weight_tons: float) -> Ruling[IceCrossing]:
    """B21.6 with B6.42: a vehicle of >= five tons heavier than the Weight Limit makes a
    Bridge Collapse DR, +1 for every five-ton increment or fraction of it by which it exceeds
    the limit; a Final DR >= 12 collapses the ice (data/pto_procedures.toml
    [bridge_collapse])."""
    ice = _data()["ice"]
    if not (math.isfinite(weight_tons) and weight_tons >= 0):
        raise InputError(f"a vehicle weight in tons, not {weight_tons}")
    if weight_tons < float(ice["collapse_from_tons"]):
        return Ruling(IceCrossing(False), ("B21.6",), f"{weight_tons} tons: under five tons")
    if weight_tons <= ledger.weight_limit:
        return Ruling(
            IceCrossing(False), ("B21.6",), f"within the Weight Limit of {ledger.weight_limit} tons"
        )
    b = _data()["bridge_collapse"]
    excess = weight_tons - ledger.weight_limit
    drm = math.ceil(excess / float(b["drm_per_tons"]))
    return Ruling(
        IceCrossing(True, drm),
        ("B21.6", str(b["rule"])),
        f"{weight_tons} tons exceeds the Weight Limit {ledger.weight_limit} by {excess:g}: "
        f"collapse DR {drm:+d}",
    )


@record
class IceResult:
    collapsed: bool
    ledger: IceLedger


def resolve_ice_crossing(ledger: IceLedger, weight_tons: float, dice: Dice) -> Ruling[IceResult]:
    """A vehicle enters an ice hex: it may collapse the ice (eliminating all units in the hex);
    if not, the ice has sustained its weight and the Weight Limit rises to it."""
    r = ice_crossing(ledger, weight_tons)
    collapsed = False
    why = r.why
    if r.value.check:
        final = dice.DR().total + r.value.drm
        collapsed = final >= int(_data()["bridge_collapse"]["collapse_at_least"])
        why += f"; Final collapse DR {final}: " + ("collapses" if collapsed else "holds")
    new = ledger if collapsed else IceLedger(max(ledger.weight_limit, weight_tons))
    return Ruling(IceResult(collapsed, new), r.rules, why)


def ice_odds(ledger: IceLedger, weight_tons: float) -> Distribution[IceResult]:
    from aslpto.state.dice import odds  # (imported when asked: a move rolls nothing)

    return odds(lambda d: resolve_ice_crossing(ledger, weight_tons, d).value)


def apply_collapse(game: Game, hex_name: str) -> Game:
    """B21.6: a collapse eliminates every unit in the hex; the hex is open water."""
    h = game.map.hex(hex_name)
    units = {k: u for k, u in game.units.items() if not (u.hex and game.map.hex(u.hex) == h)}
    return replace(clear_ice(game, hex_name), units=units)


def verify_fortification_on_ice(
    game: Game, kind: FortKind, hex_name: str, *, hidden: bool = False
) -> None:
    """B21.6: wire and unhidden mines are the only Fortifications allowed in an ice hex."""
    if not is_ice(game, hex_name):
        return
    if kind == FortKind.WIRE or (kind == FortKind.MINES and not hidden):
        return
    raise RuleViolation(
        "B21.6",
        f"{hex_name} is ice: only wire and unhidden mines, "
        f"not {'hidden ' if hidden else ''}{kind.value}",
    )


def verify_fortification(
    game: Game, kind: FortKind | str, hex_name: str, *, hidden: bool = False
) -> None:
    """B21.5: no Fortifications are allowed in a Water Obstacle; B21.6: wire and unhidden
    mines are the only ones allowed in an ice hex. ``kind`` is a :class:`FortKind` or "panji"
    (Panji counters are Fortifications, G9.1); trip flares (G.8), an A-T Set DC and
    shellholes are not Fortifications. A counter in a bridge Location is on the bridge, and a
    pond without a centre dot is not a Water Obstacle hex (B21.13)."""

    name = "panji" if kind == "panji" else FortKind(kind).value
    if name != "panji" and FortKind(name) not in FORTIFICATION_KINDS:
        return
    if is_ice(game, hex_name):
        if name == "panji":
            raise RuleViolation(
                "B21.6", f"{hex_name} is ice: only wire and unhidden mines, not a Panji counter"
            )
        verify_fortification_on_ice(game, FortKind(name), hex_name, hidden=hidden)
        return
    info = game.map.info(game.map.hex(hex_name))
    if info.terrain.is_water_obstacle and Feature.BRIDGE not in info.features:
        raise RuleViolation(
            "B21.5",
            f"{hex_name} is a Water Obstacle ({info.terrain.value}): no Fortifications ({name})",
        )


def water_open_ground(game: Game, viewer: Location | Unit, target: Hex) -> Ruling[bool]:
    """B21.3: provided a LOS to it exists, a Water Obstacle is Open Ground for TEM and Rout."""
    info = game.map.info(target)
    if not info.water_obstacle:
        return Ruling(False, ("B21.3",), f"{game.map.name(target)} is not a Water Obstacle")
    from aslpto.rules.los import Location, los  # (imported when asked: a move needs no LOS)

    r = los(game, viewer, Location(target))
    if r.los:
        return Ruling(True, ("B21.3", *r.rules), "a Water Obstacle in LOS is Open Ground")
    return Ruling(False, ("B21.3", *r.rules), "no LOS to the Water Obstacle")
