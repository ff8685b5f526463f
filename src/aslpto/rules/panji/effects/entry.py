"""Panjis (G9): HIP recording and revealing (G9.11, G9.4, G9.46), what entry across a Covered
hexside triggers (G9.41-G9.44, G9.411, G9.42-G9.423) and the PRC (G9.423, G9.51)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hex, Hexside
from aslpto.board.terrain import HexsideFeature
from aslpto.rules.panji.effects.terrain import (
    ABOVE,
    BENEATH,
    _is_full_tracked_afv_or_dozer,
    hex_of,
    is_above,
    panji_of,
    panji_seen_by_enemy,
)
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.game import Game, Panji
from aslpto.state.units import Kind, Transport, Unit, VehicleType

if TYPE_CHECKING:  # the morale procedures are imported where an entry's checks are rolled
    from aslpto.rules import morale

    _Parts = tuple[morale.Result, ...]


def hip_record(game: Game, panji: Panji) -> str:
    """G9.11: a hidden Panji counter is recorded by its ID letter and the hexside at the
    counter's "top", the setup hex first: ``Panji C: 37DD7-DD8``."""
    if panji.top is None:
        raise InputError(f"Panji {panji.id}: its top hexside is not recorded (G9.11)")
    return f"Panji {panji.id}: {game.map.layout.hexside_name(panji.top, panji.hex)}"


def parse_hip_record(game: Game, text: str) -> tuple[str, Hex, Hexside]:
    """Read a G9.11 record back: (ID letter, setup hex, top hexside)."""
    head, sep, side = text.partition(":")
    words = head.split()
    if not sep or len(words) != 2 or words[0].lower() != "panji":
        raise InputError(f"'{text}' is not a panji record (e.g. 'Panji C: 37DD7-DD8'; G9.11)")
    top = game.map.layout.hexside(side.strip())
    setup = game.map.hex(side.strip().split("-")[0])
    return words[1], setup, top


def reveal(game: Game, pid: str, rule: str) -> Game:
    """A hidden Panji counter loses HIP: all its Covered hexsides are revealed (G9.11)."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    if not p.hidden:
        return game
    return game.with_panji(replace(p, hidden=False), pid)


def revealed_by_entry(
    game: Game, panji: Panji, entering: Unit, from_hex: str, *, enemy_los: bool | None = None
) -> Ruling[bool]:
    """Does a ground unit entering this hidden panji Location reveal it?

    G9.4: entry across a Covered hexside by a unit of the owning side reveals it only if a
    Good Order enemy ground unit has the necessary LOS to it (``enemy_los``; traced on the map
    by :func:`panji_seen_by_enemy` when not given). An enemy non-Dummy
    ground unit
    entering a hidden Fortification's Location reveals it (E1.16)."""
    if not panji.hidden:
        return Ruling(False, (), "not hidden")
    frm = game.map.hex(from_hex)
    if not frm.is_adjacent(panji.hex):
        raise InputError(
            f"{from_hex} is not adjacent to panji {panji.id}'s hex {game.map.name(panji.hex)}"
        )
    covered = panji.is_covered(Hexside.of(frm, panji.hex))
    if entering.side == panji.side:
        if not covered:
            return Ruling(False, ("G9.45",), "owner's unit crossing a non-Covered hexside")
        if enemy_los is None:
            seen = panji_seen_by_enemy(game, panji)
            return Ruling(bool(seen.value), ("G9.4",), seen.why)
        return Ruling(
            enemy_los,
            ("G9.4",),
            "a Good Order enemy ground unit has LOS"
            if enemy_los
            else "no Good Order enemy ground unit has LOS",
        )
    return Ruling(True, ("E1.16", "G9.4"), "an enemy ground unit enters its Location")


def revealed_by_bypass() -> Ruling[bool]:
    """G9.46: a hidden Panji counter that blocks a Bypass move is revealed immediately."""
    return Ruling(True, ("G9.46",), "blocks a Bypass move")


class Effect(StrEnum):
    """What entering a panji Location does to one unit (or the item it moves)."""

    NONE = "none"
    PANJI_MC = "panji-mc"  # G9.41
    STACK_PANJI_MC = "stack-panji-mc"  # G9.43: random selection, then PTC for the others
    BAIL_OUT = "bail-out"  # G9.42/G9.422: transport eliminated, Bail Out NMC, then Panji MC
    ITEM_ELIMINATED = "item-eliminated"  # G9.411 manhandled item, G9.421 towed Gun
    IMMOBILIZED = "immobilized"  # G9.42
    ELIMINATED = "eliminated"
    COLUMN_DISBANDS = "column-disbands"  # G9.44
    COLUMN_MAY_DISBAND = "column-may-disband"  # G9.44, E11.53


class Crossing(StrEnum):
    """The kind of hexside crossed, for G9.43."""

    OTHER = "other"
    ROAD = "road"
    PATH = "path"
    DEPRESSION = "depression"
    TB = "tb"


@record
class PanjiEntry:
    """A unit or stack entering a panji Location, as the move reports it.

    ``units`` move together (a stack); ``crossing`` is found from the map for roads and paths
    and must be given for a Depression or TB hexside. ``towing`` pairs a vehicle with the Gun
    it tows; ``horse_mf`` is what a ridden horse expended to enter (COT included).
    """

    units: tuple[str, ...]
    from_hex: str
    to_hex: str
    phase: str = "mph"  # mph | aph | rtph
    assault: bool = False
    armored_assault: bool = False  # D9.31
    low_crawl: bool = False
    normal_advance: bool = False  # an APh advance not vs Difficult Terrain
    forced_back: bool = False  # A12.15
    trench: bool = False  # within a trench or subterranean passage (G9.45)
    human_wave: bool = False  # Human Wave or Banzai Charge
    aerial: bool = False
    crossing: Crossing | None = None
    dummy: bool = False
    column: bool = False
    horse_mf: int | None = None
    towing: tuple[tuple[str, str], ...] = ()
    prisoners: tuple[str, ...] = ()

    @property
    def routing(self) -> bool:
        return self.phase == "rtph"


@record
class UnitEffect:
    unit: str
    effects: tuple[Effect, ...]
    rules: tuple[str, ...]
    why: str = ""


@record
class EntryEffects:
    """What an entry triggers before Defensive First Fire (G9.41).

    ``position`` is where the units are placed; ``stack`` lists the units of a G9.43 stack (one
    of them, selected at random, takes the Panji MC, the others a PTC); ``individual`` the
    Infantry that take their own Panji MC; ``bail_out`` those that Bail Out first."""

    covered: bool
    position: str
    units: tuple[UnitEffect, ...]
    stack: tuple[str, ...] = ()
    individual: tuple[str, ...] = ()
    bail_out: tuple[str, ...] = ()
    column: Effect | None = None
    rules: tuple[str, ...] = ()

    def of(self, uid: str) -> UnitEffect:
        for e in self.units:
            if e.unit == uid:
                return e
        raise InputError(f"unit {uid} is not part of this entry")


_MANHANDLING = frozenset(
    {Transport.MANHANDLING_GUN, Transport.MANHANDLING_BOAT, Transport.PUSHING_MOTORCYCLE}
)


def _crossing(game: Game, entry: PanjiEntry) -> Crossing:
    if entry.crossing is not None:
        return entry.crossing
    fs = game.map.hexside_features(game.map.hex(entry.from_hex), game.map.hex(entry.to_hex))
    if HexsideFeature.ROAD in fs:
        return Crossing.ROAD
    if HexsideFeature.PATH in fs:
        return Crossing.PATH
    return Crossing.OTHER


def _mc_exemption(entry: PanjiEntry) -> str:
    if entry.assault:
        return "using Assault Movement"
    if entry.armored_assault:
        return "using Armored Assault (D9.31)"
    if entry.low_crawl:
        return "using Low Crawl"
    if entry.normal_advance:
        return "making a normal advance"
    if entry.forced_back:
        return "forced back out as per A12.15"
    return ""


def verify_gallop(game: Game, unit: Unit, to_hex: str) -> None:
    """G9.422: Cavalry may Gallop/Charge neither onto nor off of a non-hidden Panji counter."""
    if unit.kind != Kind.CAVALRY or not unit.galloping:
        return
    here = panji_of(game, unit)
    if is_above(unit) and here is not None and not here.hidden:
        raise RuleViolation("G9.422", f"{unit.id} may not Gallop/Charge off of Panji {here.id}")
    frm, to = hex_of(game, unit), game.map.hex(to_hex)
    there = game.panji_at(to)
    if there is not None and not there.hidden and there.is_covered(Hexside.of(frm, to)):
        raise RuleViolation("G9.422", f"{unit.id} may not Gallop/Charge onto Panji {there.id}")


def entry_effects(game: Game, entry: PanjiEntry) -> Ruling[EntryEffects]:
    """What entering a panji Location does to each entering unit (G9.4-G9.45).

    Crossing a non-Covered hexside, or a Covered one within a trench or subterranean passage,
    places the units beneath the counter with no effect (G9.45). Across a Covered hexside the
    units are placed above it and: Infantry take a Panji MC (G9.41) unless exempt, a stack
    crossing a road/path/Depression/TB hexside instead has one random unit take it and the
    others a PTC (G9.43); a manhandled item is eliminated (G9.411); vehicles other than
    full-tracked AFV/dozers are immobilized and lose a towed Gun (G9.42, G9.421); a Ridden
    motorcycle, bicycle or horse is eliminated and its riders Bail Out (G9.42, G9.422) and are
    then treated as entering Infantry (G9.423); a Column may Disband (G9.44).
    """
    to = game.map.hex(entry.to_hex)
    frm = game.map.hex(entry.from_hex)
    p = game.panji_at(to)
    if p is None:
        raise InputError(f"{entry.to_hex} holds no Panji counter")
    if not frm.is_adjacent(to):
        raise InputError(f"{entry.from_hex} is not adjacent to {entry.to_hex}")
    units = [game.unit(uid) for uid in entry.units]
    if entry.dummy:
        return Ruling(
            EntryEffects(
                False,
                BENEATH,
                tuple(
                    UnitEffect(u.id, (Effect.NONE,), ("G9.4",), "a Dummy stack (A12.11)")
                    for u in units
                ),
            ),
            ("G9.4", "A12.11"),
            "Dummies are unaffected",
        )
    covered = p.is_covered(Hexside.of(frm, to))
    if not covered or entry.trench:
        why = "within a trench/subterranean passage" if covered else "non-Covered hexside"
        effs = tuple(UnitEffect(u.id, (Effect.NONE,), ("G9.45",), why) for u in units)
        return Ruling(EntryEffects(False, BENEATH, effs, rules=("G9.45",)), ("G9.45",), why)

    exempt = _mc_exemption(entry)
    manhandled = any(u.transport in _MANHANDLING for u in units)
    out: list[UnitEffect] = []
    mc_units: list[str] = []
    bail: list[str] = []
    immobilized: set[str] = set()
    rules: list[str] = ["G9.4"]

    def bail_out(u: Unit, rule: str, why: str) -> None:
        """The ridden item is eliminated and its riders Bail Out (G9.423 then applies)."""
        bail.append(u.id)
        effects = (Effect.ITEM_ELIMINATED, Effect.BAIL_OUT)
        out.append(UnitEffect(u.id, effects, (rule, "G9.423"), why))

    for u in units:
        if u.kind == Kind.VEHICLE:
            if u.vehicle_type == VehicleType.MOTORCYCLE:
                out.append(
                    UnitEffect(
                        u.id, (Effect.ELIMINATED,), ("G9.42",), "a Ridden motorcycle is eliminated"
                    )
                )
            elif _is_full_tracked_afv_or_dozer(u):
                out.append(UnitEffect(u.id, (Effect.NONE,), ("G9.42",), "full-tracked AFV/dozer"))
            else:
                immobilized.add(u.id)
                out.append(UnitEffect(u.id, (Effect.IMMOBILIZED,), ("G9.42",), "immobilized"))
            continue
        if u.kind == Kind.CYCLE_RIDER:
            bail_out(u, "G9.42", "Ridden motorcycle eliminated; riders Bail Out")
            continue
        if u.kind == Kind.CAVALRY:
            eleven = entry.horse_mf is not None and entry.horse_mf >= 11
            if eleven and not u.galloping:
                out.append(
                    UnitEffect(
                        u.id, (Effect.NONE,), ("G9.422",), "the horse expended eleven MF to enter"
                    )
                )
            else:
                why = "Galloping/Charging horse" if u.galloping else "ridden horse"
                bail_out(u, "G9.422", f"{why} eliminated; Bail Out")
            continue
        if u.kind in (Kind.GUN, Kind.BOAT) and manhandled and not entry.forced_back:
            out.append(
                UnitEffect(u.id, (Effect.ITEM_ELIMINATED,), ("G9.411",), "Manhandled: eliminated")
            )
            continue
        if not u.kind.is_infantry:
            out.append(UnitEffect(u.id, (Effect.NONE,), ("G9.4",), f"a {u.kind} is not affected"))
            continue
        if u.transport == Transport.RIDING_BICYCLE:
            bail_out(u, "G9.422", "ridden bicycle eliminated; Bail Out")
            continue
        effects: list[Effect] = []
        urules: list[str] = []
        whys: list[str] = []
        if u.transport in _MANHANDLING:
            if entry.forced_back:
                whys.append("forced back: the manhandled item survives")
            else:
                effects.append(Effect.ITEM_ELIMINATED)
                whys.append("the manhandled item is eliminated")
            urules.append("G9.411")
        elif u.transport in (Transport.LEADING_HORSE, Transport.PORTAGING_BICYCLE):
            whys.append("a led horse/portaged bicycle is not directly affected")
            urules.append("G9.422")
        if exempt:
            whys.append(f"no Panji MC: {exempt}")
            urules.append("G9.41")
        elif u.id in entry.prisoners:
            whys.append("a prisoner")
        else:
            mc_units.append(u.id)
            effects.append(Effect.PANJI_MC)
            urules.append("G9.41")
        out.append(
            UnitEffect(u.id, tuple(effects) or (Effect.NONE,), tuple(urules), "; ".join(whys))
        )
    # G9.421: a towed Gun is lost with its immobilized towing vehicle
    for vid, gid in entry.towing:
        if vid in immobilized:
            out.append(
                UnitEffect(
                    gid,
                    (Effect.ITEM_ELIMINATED,),
                    ("G9.421",),
                    f"towed by {vid}, immobilized by panjis",
                )
            )
    # G9.43: the stack procedure
    crossing = _crossing(game, entry)
    berserk = bool(mc_units) and all(game.unit(i).berserk for i in mc_units)
    stack: tuple[str, ...] = ()
    individual: tuple[str, ...] = tuple(mc_units)
    if (
        len(mc_units) >= 2
        and not entry.aerial
        and crossing != Crossing.OTHER
        and not (berserk or entry.human_wave or entry.routing)
    ):
        stack, individual = tuple(mc_units), ()
        out = [
            replace(
                e,
                effects=tuple(
                    Effect.STACK_PANJI_MC if x == Effect.PANJI_MC else x for x in e.effects
                ),
                rules=(*e.rules, "G9.43"),
            )
            if e.unit in stack
            else e
            for e in out
        ]
        rules.append("G9.43")
    elif len(mc_units) >= 2 and crossing != Crossing.OTHER and not entry.aerial:
        rules.append("G9.43")  # EXC: berserk / Human Wave / Banzai / routing: G9.41 each
    if mc_units or bail:
        rules.append("G9.41")
    if bail:
        rules.append("G9.423")
    # G9.44: a Column required to take a Panji MC
    column: Effect | None = None
    if entry.column and (mc_units or bail):
        rules.append("G9.44")
        if p.hidden or entry.forced_back:
            column = Effect.COLUMN_DISBANDS
        else:
            column = Effect.COLUMN_MAY_DISBAND
            rules.append("E11.53")
    rules += [r for e in out for r in e.rules if r not in rules]
    eff = EntryEffects(
        covered=True,
        position=ABOVE,
        units=tuple(out),
        stack=stack,
        individual=individual,
        bail_out=tuple(bail),
        column=column,
        rules=tuple(dict.fromkeys(rules)),
    )
    return Ruling(eff, eff.rules, "entered across a Covered hexside")


@record
class EntryOutcome:
    """The units after the entry's checks: the morale result of every Panji MC, PTC and Bail
    Out NMC, plus vehicles immobilized and items eliminated."""

    result: morale.Result
    selected: str | None = None  # G9.43 random selection
    immobilized: tuple[str, ...] = ()
    items_eliminated: tuple[str, ...] = ()  # units (or Guns) whose item is lost
    column: Effect | None = None


def _combine(parts: Sequence[morale.Result]) -> morale.Result:
    from aslpto.rules import morale

    units: list[Unit] = []
    elim: list[str] = []
    events: list[str] = []
    rules: list[str] = []
    for r in parts:
        units.extend(r.units)
        elim.extend(r.eliminated)
        events.extend(r.events)
        rules.extend(x for x in r.rules if x not in rules)
    return morale.Result(tuple(units), tuple(elim), tuple(events), tuple(rules))


def _bail_out_unit(u: Unit) -> Unit:
    """A rider who Bails Out is an Infantry unit on foot."""
    if u.kind in (Kind.CAVALRY, Kind.CYCLE_RIDER):
        return u.with_(kind=Kind.SQUAD, transport=Transport.NONE, galloping=False)
    return u.with_(transport=Transport.NONE)


def _placed(u: Unit, position: str, hex_name: str) -> Unit:
    return u.with_(position=position, hex=hex_name)


def _entry_parts(
    game: Game, entry: PanjiEntry, eff: EntryEffects
) -> tuple[list[Unit], list[Unit], list[Unit], list[Unit]]:
    """(stack units, individual Infantry, riders who Bail Out, units with no check)."""
    pos, to = eff.position, entry.to_hex
    stack = [_placed(game.unit(i), pos, to) for i in eff.stack]
    individual = [_placed(game.unit(i), pos, to) for i in eff.individual]
    bail = [_placed(_bail_out_unit(game.unit(i)), pos, to) for i in eff.bail_out]
    checked = set(eff.stack) | set(eff.individual) | set(eff.bail_out)
    others: list[Unit] = []
    for uid in entry.units:
        if uid in checked:
            continue
        u = game.unit(uid)
        e = eff.of(uid)
        if Effect.ELIMINATED in e.effects:
            continue
        if Effect.IMMOBILIZED in e.effects:
            u = u.with_(mobile=False)
        others.append(_placed(u, pos, to))
    return stack, individual, bail, others


def _bail_out_check(u: Unit, dice: Dice) -> morale.Result:
    """Bail Out NMC (D5.4), then - if it survives - the Panji MC of entering Infantry (G9.423)."""
    from aslpto.rules import morale

    first = morale.resolve_check(u, morale.Check.NMC, dice)
    after = first.unit(u.id)
    if after is None:
        return first
    second = morale.resolve_check(after, morale.Check.PANJI, dice)
    return morale.Result(
        second.units,
        first.eliminated + second.eliminated,
        first.events + second.events,
        tuple(dict.fromkeys(first.rules + second.rules + ("G9.423",))),
    )


def _finish_entry(
    eff: EntryEffects, parts: Sequence[morale.Result], selected: str | None
) -> EntryOutcome:
    items = tuple(e.unit for e in eff.units if Effect.ITEM_ELIMINATED in e.effects)
    elim = tuple(e.unit for e in eff.units if e.effects == (Effect.ELIMINATED,))
    res = _combine(parts)
    if elim:
        res = replace(res, eliminated=res.eliminated + elim)
    imm = tuple(e.unit for e in eff.units if Effect.IMMOBILIZED in e.effects)
    return EntryOutcome(res, selected, imm, items, eff.column)


def resolve_entry(game: Game, entry: PanjiEntry, dice: Dice) -> EntryOutcome:
    """Roll everything an entry across a Covered hexside triggers (before Defensive First
    Fire, G9.41): the G9.43 random selection, Panji MC, PTC, Bail Out NMC."""
    from aslpto.rules import morale

    eff = entry_effects(game, entry).value
    stack, individual, bail, others = _entry_parts(game, entry, eff)
    parts: list[morale.Result] = [morale.Result(tuple(others))]
    selected: str | None = None
    if stack:
        r = morale.resolve_panji_stack(stack, dice, berserk=False)
        selected = _selected(r)
        parts.append(r)
    if individual:
        parts.append(
            # A25.23: +1 Morale Level in a Human Wave/Banzai Charge
            morale.resolve_location(
                individual, morale.Check.PANJI, dice, leader_loss=False, human_wave=entry.human_wave
            )
        )
    for u in bail:
        parts.append(_bail_out_check(u, dice))
    return _finish_entry(eff, parts, selected)


def _selected(r: morale.Result) -> str | None:
    for e in r.events:
        if e.endswith(": selected at random"):
            return e.split(":", 1)[0]
    return None


def _append(piece: Distribution[morale.Result]) -> Callable[[_Parts], Distribution[_Parts]]:
    def step(acc: _Parts) -> Distribution[_Parts]:
        return piece.map(lambda r: (*acc, r))

    return step


def _bail_out_odds(u: Unit) -> Distribution[morale.Result]:
    return odds(lambda d: _bail_out_check(u, d))


def entry_odds(game: Game, entry: PanjiEntry) -> Distribution[EntryOutcome]:
    """Exact distribution of :func:`resolve_entry` (each part's distribution bound in turn)."""
    from aslpto.rules import morale

    eff = entry_effects(game, entry).value
    stack, individual, bail, others = _entry_parts(game, entry, eff)
    dist: Distribution[_Parts] = Distribution.certain((morale.Result(tuple(others)),))
    pieces: list[Distribution[morale.Result]] = []
    if stack:
        pieces.append(morale.odds_panji_stack(stack, berserk=False))
    if individual:
        pieces.append(
            morale.odds_location(
                individual, morale.Check.PANJI, leader_loss=False, human_wave=entry.human_wave
            )
        )
    pieces.extend(_bail_out_odds(u) for u in bail)
    for piece in pieces:
        dist = dist.bind(_append(piece))
    return dist.map(lambda parts: _finish_entry(eff, parts, _selected(_combine(parts))))


def apply_entry(game: Game, outcome: EntryOutcome) -> Game:
    """The game after an entry outcome: units placed and changed, eliminated ones removed."""
    units = dict(game.units)
    for u in outcome.result.units:
        units[u.id] = u
    for uid in (*outcome.result.eliminated, *_eliminated_items(game, outcome)):
        units.pop(uid, None)
    return replace(game, units=units)


def _eliminated_items(game: Game, outcome: EntryOutcome) -> tuple[str, ...]:
    """Guns and boats (units of their own) lost by G9.411/G9.421."""
    kinds = (Kind.GUN, Kind.BOAT)
    return tuple(
        i for i in outcome.items_eliminated if i in game.units and game.units[i].kind in kinds
    )


def prc_disembark_position(transport_position: str) -> Ruling[str]:
    """G9.423: PRC disembarking from transport above a Panji counter do so onto it (then Bail
    Out NMC, if any, and the Panji MC of entering Infantry); G9.51: beneath, to beneath."""
    if transport_position == ABOVE:
        return Ruling(
            ABOVE,
            ("G9.423",),
            "onto the Panji counter; then treated as entering "
            "Infantry (G9.41), each unit individually",
        )
    if transport_position == BENEATH:
        return Ruling(BENEATH, ("G9.51",), "")
    return Ruling(transport_position, (), "")


def verify_embark(unit: Unit, transport: Unit) -> None:
    """G9.51: an Infantry unit in a panji Location can become PRC only if it and its transport
    are both above or both beneath the Panji counter."""
    if unit.hex != transport.hex:
        return
    positions = {unit.position, transport.position}
    if positions & {ABOVE, BENEATH} and len(positions) > 1:
        raise RuleViolation(
            "G9.51",
            f"{unit.id} ({unit.position}) may not become PRC on {transport.id} "
            f"({transport.position})",
        )


def resolve_prc_disembark(units: Sequence[Unit], dice: Dice, *, bail_out: bool) -> morale.Result:
    """G9.423: PRC disembarking above a Panji counter: each (after its Bail Out NMC, if
    ``bail_out``) takes the Panji MC of entering Infantry, even if they disembarked as a
    stack."""
    from aslpto.rules import morale

    parts: list[morale.Result] = []
    for u in units:
        u = u.with_(position=ABOVE)
        if bail_out:
            parts.append(_bail_out_check(u, dice))
        else:
            r = morale.resolve_check(u, morale.Check.PANJI, dice)
            parts.append(replace(r, rules=(*r.rules, "G9.423")))
    return _combine(parts)


def prc_disembark_odds(units: Sequence[Unit], *, bail_out: bool) -> Distribution[morale.Result]:
    """Exact distribution of :func:`resolve_prc_disembark`."""
    return odds(lambda d: resolve_prc_disembark(units, d, bail_out=bail_out))
