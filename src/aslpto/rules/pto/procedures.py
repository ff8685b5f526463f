"""The PTO order of presentation G.2-G.8: hidden Fortifications (G.2), Firegroups (G.3),
Detection (G.4), Recovery (G.5), Ambush (G.6), radio (G.7) and trip flares (G.8, with G9.121).

G.1 (PTO Terrain) and G.9 (overlays) are map transforms (:mod:`aslpto.rules.pto.terrain`,
:mod:`aslpto.board.maps`).

>>> radio_drm(pto_terrain=True).value
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from aslpto.base.datafiles import bundled
from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import Recorded
from aslpto.board.hexes import Hex, Hexside
from aslpto.board.terrain import HexsideFeature, Terrain
from aslpto.rules.paddy import effects as pc
from aslpto.rules.panji import effects as pe
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.game import Fortification, FortKind, Game
from aslpto.state.units import Kind, Unit


def _data() -> Mapping[str, Any]:
    return Recorded(bundled("pto_procedures.toml"), "pto_procedures.toml")


JUNGLE_KUNAI_BAMBOO = frozenset(
    {Terrain.LIGHT_JUNGLE, Terrain.DENSE_JUNGLE, Terrain.KUNAI, Terrain.BAMBOO}
)
"""The terrain G.2, G.4, G.5 and G.6 name ("jungle" is light or dense jungle, G2.1)."""


def in_jungle_kunai_bamboo(game: Game, hex_name: str) -> bool:
    return game.map.terrain(game.map.hex(hex_name)) in JUNGLE_KUNAI_BAMBOO


# ---------------------------------------------------------------------------------------------
# G.2 FORTIFICATIONS
# ---------------------------------------------------------------------------------------------


def fortification_hip(
    game: Game, kind: FortKind | str, hex_name: str, *, known_minefield: bool = False
) -> Ruling[bool]:
    """May a Fortification of ``kind`` (a :class:`FortKind`, or ``"panji"`` for a Panji
    counter, a Fortification too, G9.1) be set up hidden in ``hex_name``? G.2: in daytime
    scenarios E1.16 (HIP for Fortifications) applies to Fortifications set up in jungle, kunai
    or bamboo [EXC: Known minefields, F.7]; elsewhere by day it does not. At night E1.16
    applies anyway. A minefield that is not Known is recorded secretly wherever it lies
    (B28.1: it is a counter only once revealed), so G.2 does not limit it."""
    if kind == FortKind.MINES:
        if known_minefield:
            return Ruling(False, ("G.2", "F.7"), "a Known minefield")
        return Ruling(True, ("B28.1",), "a minefield is recorded secretly wherever it lies")
    if game.conditions.night:
        return Ruling(True, ("E1.16",), "a night scenario")
    if in_jungle_kunai_bamboo(game, hex_name):
        t = game.map.terrain(game.map.hex(hex_name)).value
        return Ruling(True, ("G.2", "E1.16"), f"set up in {t} by day")
    return Ruling(False, ("G.2",), "not in jungle, kunai or bamboo")


class FortEvent(StrEnum):
    """What may reveal a hidden Fortification."""

    ENEMY_ENTERS = "enemy-enters"  # a non-Dummy enemy (ground) unit enters its Location
    OCCUPANT_FIRES = "occupant-fires"
    SEARCHED = "searched"


def fortification_revealed(
    fort: Fortification,
    event: FortEvent,
    *,
    hidden_occupants: bool = False,
    occupant_revealed: bool = False,
    dummy: bool = False,
) -> Ruling[bool]:
    """G.2 / E1.16: a hidden Fortification is revealed when a non-Dummy enemy unit enters its
    Location [EXC: an entrenchment whose occupants are hidden, only if >= one of them is
    revealed too (G.4)]; a pillbox is also revealed if any of its occupants fires; Searching
    reveals it (A12.152)."""
    if not fort.hidden:
        return Ruling(False, (), "not hidden")
    if event == FortEvent.SEARCHED:
        return Ruling(True, ("A12.152",), "its Location is Searched")
    if event == FortEvent.OCCUPANT_FIRES:
        ok = fort.kind == FortKind.PILLBOX
        return Ruling(ok, ("G.2",), "an occupant of the pillbox fires" if ok else "")
    if dummy:
        return Ruling(False, ("E1.16", "A12.11"), "a Dummy does not reveal it")
    if fort.kind in (FortKind.TRENCH, FortKind.FOXHOLE) and hidden_occupants:
        return Ruling(
            occupant_revealed,
            ("G.2", "G.4"),
            "an occupant is revealed too"
            if occupant_revealed
            else "its hidden occupants stay hidden",
        )
    return Ruling(True, ("E1.16", "G.2"), "a non-Dummy enemy unit enters its Location")


# ---------------------------------------------------------------------------------------------
# G.3 FIREGROUPS
# ---------------------------------------------------------------------------------------------

FG_TERRAIN = frozenset({Terrain.DENSE_JUNGLE, Terrain.KUNAI, Terrain.BAMBOO, Terrain.SWAMP})


def firegroup(game: Game, members: Sequence[Unit]) -> Ruling[bool]:
    """G.3: a unit in dense jungle, kunai, bamboo or swamp may not join a multi-hex FG in which
    another unit occupies some other dense jungle, kunai, bamboo or swamp hex."""
    hexes = {game.map.hex(u.hex) for u in members}
    if len(hexes) < 2:
        return Ruling(True, ("G.3",), "a single-hex FG")
    close = sorted(h for h in hexes if game.map.terrain(h) in FG_TERRAIN)
    if len(close) >= 2:
        names = ", ".join(game.map.name(h) for h in close)
        return Ruling(False, ("G.3",), f"units in two or more such hexes: {names}")
    return Ruling(True, ("G.3",), "")


def verify_firegroup(game: Game, members: Sequence[Unit]) -> None:
    r = firegroup(game, members)
    if not r.value:
        raise RuleViolation("G.3", f"no multi-hex Firegroup with {r.why}")


# ---------------------------------------------------------------------------------------------
# G.4 DETECTION
# ---------------------------------------------------------------------------------------------


class Detection(StrEnum):
    """The DEFENDER's choices (G.4)."""

    INVOKE = "invoke"  # A12.15/A12.41 as applicable
    RETAIN = "retain"  # all keep HIP (can still be revealed by Searching, A12.152)
    ATTACK = "attack"  # >= one attacks the mover: TPBF on the IFT / Reaction Fire


def stealthy(unit: Unit) -> Ruling[bool]:
    """Is ``unit`` Stealthy Infantry? A Japanese unit is as G1.6 says, answered by
    :func:`aslpto.rules.japanese.capabilities.alertness` (Good Order Elite and 1st-Line
    squads and half-squads, and crews; not a SMC); other Stealthy nationalities are listed in
    data/pto_procedures.toml."""
    if unit.is_japanese:
        from aslpto.rules.japanese.capabilities import Alertness, alertness

        a = alertness(unit)
        return Ruling(a.value == Alertness.STEALTHY, a.rules, a.why)
    if not unit.kind.is_infantry or not unit.good_order:
        return Ruling(False, (), "")
    ok = unit.nationality in _data()["stealthy"]["nationalities"]
    return Ruling(ok, ("G1.6",) if ok else (), "")


def detection_choices(game: Game, mover: Unit, hex_name: str) -> Ruling[tuple[Detection, ...]]:
    """G.4: when, in its MPh, an ATTACKER unit enters a jungle, kunai or bamboo Location whose
    only occupants are hidden, Stealthy Infantry DEFENDERS, none in a pillbox/building or
    manning a hidden Gun, the DEFENDER chooses; otherwise A12.15/A12.41 apply."""
    h = game.map.hex(hex_name)
    name = game.map.name(h)
    here = [u for u in game.units.values() if u.hex == name and u.id != mover.id]
    normal: Ruling[tuple[Detection, ...]] = Ruling((Detection.INVOKE,), ("A12.15", "A12.41"))
    if not in_jungle_kunai_bamboo(game, name) or not here:
        return normal
    for u in here:
        if u.side == mover.side or not u.hidden:
            return Ruling(normal.value, normal.rules, "not only hidden DEFENDERS")
        if u.kind == Kind.GUN:
            return Ruling(normal.value, normal.rules, "a hidden Gun is manned there")
        if not stealthy(u).value:
            return Ruling(normal.value, normal.rules, f"{u.id} is not Stealthy Infantry")
        if u.entrenched == "pillbox" or game.map.terrain(h).is_building:
            return Ruling(normal.value, normal.rules, f"{u.id} is in a pillbox/building")
    return Ruling(tuple(Detection), ("G.4",), "hidden Stealthy Infantry in jungle/kunai/bamboo")


@record
class DetectionOutcome:
    choice: Detection
    revealed: tuple[str, ...] = ()  # DEFENDERS that lose HIP
    hidden: tuple[str, ...] = ()  # DEFENDERS that keep HIP
    forced_back: bool = False  # the mover returns as per A12.15
    mph_ends_after_attacks: bool = False  # the attacked Infantry's MPh ends
    cc_if_mph_ends_here: bool = False  # a CC counter if it ends its MPh in that Location


def detect(
    game: Game,
    mover: Unit,
    hex_name: str,
    choice: Detection,
    *,
    attackers: Sequence[str] = (),
    mover_pinned_before: bool = False,
) -> Ruling[DetectionOutcome]:
    """G.4: the consequences of the DEFENDER's choice. ``attackers`` are the DEFENDERS who
    attack the moving unit when ``choice`` is ATTACK."""
    allowed = detection_choices(game, mover, hex_name)
    if choice not in allowed.value:
        raise RuleViolation(
            "G.4",
            f"{choice.value} is not open to the DEFENDER here "
            f"({allowed.why or 'A12.15/A12.41 apply'})",
        )
    name = game.map.name(game.map.hex(hex_name))
    defenders = tuple(u.id for u in game.units.values() if u.hex == name and u.id != mover.id)
    if choice == Detection.INVOKE:
        return Ruling(
            DetectionOutcome(choice, revealed=defenders, forced_back=True),
            ("G.4", "A12.15", "A12.41"),
            "revealed; the mover is forced back",
        )
    if choice == Detection.RETAIN:
        return Ruling(
            DetectionOutcome(choice, hidden=defenders),
            ("G.4", "A12.152"),
            "all keep HIP (Searching can still reveal them)",
        )
    if not attackers:
        raise InputError("G.4: name the DEFENDER(S) that attack the moving unit")
    bad = [a for a in attackers if a not in defenders]
    if bad:
        raise InputError(f"{', '.join(bad)}: not hidden DEFENDERS in {name}")
    rest = tuple(d for d in defenders if d not in attackers)
    ends = mover.kind.is_infantry and not mover_pinned_before
    return Ruling(
        DetectionOutcome(
            choice,
            revealed=tuple(attackers),
            hidden=rest,
            mph_ends_after_attacks=ends,
            cc_if_mph_ends_here=True,
        ),
        ("G.4",),
        "TPBF on the IFT (or Reaction Fire)",
    )


# ---------------------------------------------------------------------------------------------
# G.5 RECOVERY
# ---------------------------------------------------------------------------------------------

PROTECTED = frozenset({"vehicle", "trench", "building", "pillbox"})


def recovery_drm(game: Game, hex_name: str, *, item_in: str | None = None) -> Ruling[int]:
    """G.5: +2 to a Recovery attempt (A4.44) in jungle, kunai or bamboo unless the item is in
    a vehicle, trench, building or pillbox."""
    if not in_jungle_kunai_bamboo(game, hex_name):
        return Ruling(0, (), "")
    if item_in in PROTECTED:
        return Ruling(0, ("G.5",), f"the item is in a {item_in}")
    return Ruling(2, ("G.5", "A4.44"), "Recovery in jungle/kunai/bamboo")


def recovery_success(final_dr: int) -> Ruling[bool]:
    """A4.44: success with a Final dr below the data file's number."""
    r = _data()["recovery"]
    below = int(r["success_below"])
    return Ruling(final_dr < below, (str(r["rule"]),), f"Final dr {final_dr} vs < {below}")


def resolve_recovery(
    game: Game, unit: Unit, dice: Dice, *, item_in: str | None = None, other_drm: int = 0
) -> Ruling[bool]:
    """Roll a Recovery attempt: G.5 drm, +1 if CX (A4.44), and any ``other_drm``."""
    drm = recovery_drm(game, unit.hex, item_in=item_in)
    cx = int(_data()["recovery"]["cx_drm"]) if unit.cx else 0
    r = recovery_success(dice.dr() + drm.value + cx + other_drm)
    return Ruling(r.value, tuple(dict.fromkeys(drm.rules + r.rules)), r.why)


def recovery_odds(
    game: Game, unit: Unit, *, item_in: str | None = None, other_drm: int = 0
) -> Distribution[bool]:
    return odds(
        lambda d: resolve_recovery(game, unit, d, item_in=item_in, other_drm=other_drm).value
    )


# ---------------------------------------------------------------------------------------------
# G.6 AMBUSH
# ---------------------------------------------------------------------------------------------


def ambush_terrain(game: Game, hex_name: str) -> Ruling[bool]:
    """G.6: Ambush (A11.4) may occur in jungle, kunai or bamboo just as in woods."""
    if in_jungle_kunai_bamboo(game, hex_name):
        return Ruling(True, ("G.6", "A11.4"), "as if woods")
    return Ruling(False, (), "")


def ambush_drm(
    game: Game | None, hex_name: str, units: Iterable[Unit], *, attacker: bool
) -> Ruling[int]:
    """The PTO Ambush drm of one side: +1 for the ATTACKER in jungle/kunai/bamboo (G.6; with no
    ``game`` to say so, none), +1 if above a Panji counter (G9.21), +2 if above a Bank counter
    (G8.212). The A11.4 drm of the units themselves: :mod:`aslpto.rules.cc.ambush`."""
    units = list(units)
    drm, rules, why = 0, [], []
    if attacker and game is not None and in_jungle_kunai_bamboo(game, hex_name):
        drm += 1
        rules.append("G.6")
        why.append("ATTACKER in jungle/kunai/bamboo +1")
    for r in (pe.ambush_drm(units), pc.ambush_drm(units)):
        if r.value:
            drm += r.value
            rules.extend(r.rules)
            why.append(f"{r.why} {r.value:+d}")
    return Ruling(drm, tuple(dict.fromkeys(rules)), "; ".join(why))


class AmbushResult(StrEnum):
    NONE = "none"
    ATTACKER = "attacker"  # the ATTACKER ambushes
    DEFENDER = "defender"


def ambush_from_dr(attacker_final: int, defender_final: int) -> Ruling[AmbushResult]:
    """A11.4: a side whose Final Ambush dr is at least the data file's margin lower than the
    other side's Ambushes it."""
    a = _data()["ambush"]
    m = int(a["margin"])
    rule = (str(a["rule"]),)
    if attacker_final <= defender_final - m:
        return Ruling(AmbushResult.ATTACKER, rule, f"{attacker_final} vs {defender_final}")
    if defender_final <= attacker_final - m:
        return Ruling(AmbushResult.DEFENDER, rule, f"{defender_final} vs {attacker_final}")
    return Ruling(AmbushResult.NONE, rule, f"{attacker_final} vs {defender_final}")


def resolve_ambush(attacker_drm: int, defender_drm: int, dice: Dice) -> Ruling[AmbushResult]:
    """Both sides roll their Ambush dr (ATTACKER first)."""
    a = dice.dr() + attacker_drm
    d = dice.dr() + defender_drm
    return ambush_from_dr(a, d)


def ambush_odds(attacker_drm: int, defender_drm: int) -> Distribution[AmbushResult]:
    return odds(lambda d: resolve_ambush(attacker_drm, defender_drm, d).value)


# ---------------------------------------------------------------------------------------------
# G.7 RADIO
# ---------------------------------------------------------------------------------------------


def radio_drm(*, pto_terrain: bool, field_phone: bool = False) -> Ruling[int]:
    """G.7: with PTO Terrain in effect every radio (not field phone) Contact and Maintenance DR
    receives +1."""
    if pto_terrain and not field_phone:
        return Ruling(1, ("G.7",), "radio under PTO Terrain")
    return Ruling(0, ("G.7",) if pto_terrain else (), "field phone" if field_phone else "")


# ---------------------------------------------------------------------------------------------
# G.8 TRIP FLARES (and G9.121)
# ---------------------------------------------------------------------------------------------

US = frozenset({"american", "usmc"})


def pto_scenario(game: Game) -> bool:
    """A Pacific Theater scenario: PTO Terrain is in effect (G.1) or a side is Japanese."""
    return game.conditions.pto_terrain or any(s.nationality == "japanese" for s in game.sides)


def trip_flare_scenario(game: Game) -> Ruling[bool]:
    """G.8: trip flares are set up only for a 1944-5 PTO night scenario involving a U.S.
    Scenario Defender."""
    c = game.conditions
    if not (c.night and c.year in (1944, 1945) and pto_scenario(game)):
        return Ruling(False, ("G.8",), "trip flares only in a 1944-5 PTO night scenario")
    if not any(s.defender and s.nationality in US for s in game.sides):
        return Ruling(False, ("G.8",), "trip flares only with a U.S. Scenario Defender")
    return Ruling(True, ("G.8",), "a 1944-5 PTO night scenario with a U.S. Scenario Defender")


def verify_trip_flares(game: Game, side: str, flares: Mapping[str, int]) -> None:
    """G.8: during setup for a 1944-5 PTO night scenario with a U.S. Scenario Defender, the
    U.S. player may assign trip flares (no more than his OB has) to jungle/bamboo/wire/panji
    Locations, recording each hex and the number set up there."""
    s = game.side(side)
    scenario = trip_flare_scenario(game)
    if not scenario.value:
        raise RuleViolation("G.8", scenario.why)
    if s.nationality not in US or not s.defender:
        raise RuleViolation("G.8", "only a U.S. Scenario Defender sets up trip flares")
    total = sum(flares.values())
    if total > s.trip_flares:
        raise RuleViolation("G.8", f"{total} trip flares assigned; the OB has {s.trip_flares}")
    for name, n in flares.items():
        if n < 1:
            raise InputError(f"{name}: a number of trip flares >= 1")
        h = game.map.hex(name)
        ok = game.map.terrain(h) in (Terrain.LIGHT_JUNGLE, Terrain.DENSE_JUNGLE, Terrain.BAMBOO)
        ok = ok or game.panji_at(h) is not None or bool(game.forts_at(h, FortKind.WIRE))
        if not ok:
            raise RuleViolation("G.8", f"{name} is not a jungle/bamboo/wire/panji Location")


class Expenditure(StrEnum):
    """A MF/MP expenditure (or Search) in a trip flare Location."""

    ENTER = "enter"
    ADDITIONAL = "additional"  # further MF/MP in the Location
    SEARCH = "search"
    STOP = "stop"
    DELAY = "delay"
    SMOKE = "smoke"  # placing SMOKE


@record
class FlareTrigger:
    """What a unit/stack does in (or into) a Location with trip flares.

    ``from_hex`` is the hex it enters (or Searches) from; ``via`` how it enters (``trench``,
    ``pillbox``, ``subterranean``); ``new_path`` if it enters along a path/TB created during
    play; ``road_or_path`` if this Player Turn it entered the hex by a road/path not created
    during play (or Searches across a hexside with one); ``above_panji`` if the unit/stack
    enters or remains above a Panji counter there."""

    expenditure: Expenditure
    from_hex: str | None = None
    via: str | None = None
    new_path: bool = False
    road_or_path: bool | None = None
    above_panji: bool = False
    dummy: bool = False
    ground: bool = True


def flares_in(game: Game, h: Hex) -> int:
    return sum(f.strength for f in game.forts_at(h, FortKind.TRIP_FLARE))


def _g9_121(game: Game, h: Hex, trig: FlareTrigger) -> Ruling[bool] | None:
    """G9.121: in a panji Location without jungle/bamboo a trip flare is set off only by a
    qualifying entry/Search across a Covered hexside, or an expenditure above the counter."""
    p = game.panji_at(h)
    if p is None or game.map.terrain(h) in (
        Terrain.LIGHT_JUNGLE,
        Terrain.DENSE_JUNGLE,
        Terrain.BAMBOO,
    ):
        return None
    if trig.above_panji:
        return Ruling(True, ("G9.121",), "above the Panji counter")
    if trig.expenditure in (Expenditure.ENTER, Expenditure.SEARCH) and trig.from_hex:
        frm = game.map.hex(trig.from_hex)
        if frm.is_adjacent(h) and p.is_covered(Hexside.of(frm, h)):
            return Ruling(True, ("G9.121",), "across a Covered hexside")
    return Ruling(False, ("G9.121",), "neither across a Covered hexside nor above the counter")


def trip_flare_dr(game: Game, hex_name: str, trig: FlareTrigger) -> Ruling[bool]:
    """G.8: must the trip flares' owner make a dr? Each time any (even friendly) non-Dummy
    ground unit/stack enters, expends more MF/MP in, or Searches a Location holding trip
    flares [EXC: entering (or entering via) a trench/pillbox/subterranean passage, entering via
    a path/TB created during play, Stopping, Delay, placing SMOKE]; for panjis G9.121. One dr
    per qualifying expenditure, before Defensive First Fire."""
    h = game.map.hex(hex_name)
    if flares_in(game, h) == 0:
        return Ruling(False, ("G.8",), "no trip flares there")
    if trig.dummy or not trig.ground:
        return Ruling(False, ("G.8", "A12.11"), "only non-Dummy ground units")
    if trig.expenditure in (Expenditure.STOP, Expenditure.DELAY, Expenditure.SMOKE):
        return Ruling(False, ("G.8",), f"{trig.expenditure.value}: exempt")
    if trig.expenditure == Expenditure.ENTER:
        if trig.via in ("trench", "pillbox", "subterranean"):
            return Ruling(False, ("G.8",), f"entering via a {trig.via}: exempt")
        if trig.new_path:
            return Ruling(False, ("G.8",), "entering by a path/TB created during play: exempt")
    panji = _g9_121(game, h, trig)
    if panji is not None and not panji.value:
        return panji
    rules = ("G.8",) if panji is None else ("G.8", "G9.121")
    return Ruling(True, rules, f"{trig.expenditure.value} in a trip flare Location")


def trip_flare_drm(game: Game, hex_name: str, trig: FlareTrigger) -> Ruling[int]:
    """G.8: the only drm, -4, if this Player Turn the unit/stack entered the hex using (or is
    Searching across a hexside containing) a road or path not created during play."""
    road = trig.road_or_path
    if road is None and trig.from_hex is not None and not trig.new_path:
        frm, to = game.map.hex(trig.from_hex), game.map.hex(hex_name)
        if not frm.is_adjacent(to):
            raise InputError(f"{trig.from_hex} is not adjacent to {hex_name}")
        fs = game.map.hexside_features(frm, to)
        road = bool(fs & {HexsideFeature.ROAD, HexsideFeature.PATH})
    if road:
        return Ruling(-4, ("G.8",), "by a road/path")
    return Ruling(0, ("G.8",), "")


def trip_flare_set_off(game: Game, hex_name: str, final_dr: int) -> Ruling[bool]:
    """G.8: a Final dr <= the number of trip flares there sets one off (Trip Flare counter)."""
    n = flares_in(game, game.map.hex(hex_name))
    return Ruling(final_dr <= n, ("G.8",), f"Final dr {final_dr} vs {n} trip flare(s)")


def resolve_trip_flare(game: Game, hex_name: str, trig: FlareTrigger, dice: Dice) -> Ruling[bool]:
    """Make the owner's dr (if one is required): is a trip flare set off?"""
    need = trip_flare_dr(game, hex_name, trig)
    if not need.value:
        return need
    drm = trip_flare_drm(game, hex_name, trig).value
    r = trip_flare_set_off(game, hex_name, dice.dr() + drm)
    return Ruling(r.value, tuple(dict.fromkeys(need.rules + r.rules)), r.why)


def trip_flare_odds(game: Game, hex_name: str, trig: FlareTrigger) -> Distribution[bool]:
    return odds(lambda d: resolve_trip_flare(game, hex_name, trig, d).value)


def set_off(game: Game, hex_name: str) -> Game:
    """A trip flare set off is spent: one fewer remains in the Location (G.8)."""
    h = game.map.hex(hex_name)
    forts = list(game.fortifications)
    for i, f in enumerate(forts):
        if f.hex == h and f.kind == FortKind.TRIP_FLARE and f.strength > 0:
            forts[i] = replace(f, strength=f.strength - 1)
            return replace(game, fortifications=tuple(forts))
    raise InputError(f"no trip flare in {hex_name}")
