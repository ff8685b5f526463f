"""A fire attack from the game state (A7, A8), with every PTO change: who may fire, the FP
and its column, the DRM common to the attack and each target unit's own, whether it Cowers,
and the Residual FP it leaves - each item with its rule - then its odds
(:mod:`aslpto.rules.fire.resolution`).

The chapters add what the PTO changes: G8 (a firer above a Bank counter fires as Area Fire
and only Inherent FP, G8.212; the bank hexsides a hedge's TEM to the target IN the paddy;
mud's +1 TEM; Hazardous Movement on a Bank counter), G9 (+1 DRM to an attack made by a unit
above a Panji counter, G9.21; a Panji counter has no TEM, G9.2), B21 (a fording unit fires as
Area Fire, B21.42, and is under Hazardous Movement, B21.41; a Water Obstacle in LOS is Open
Ground, B21.3) and G.3 (the Firegroups of dense jungle, kunai, bamboo and swamp).

Fire into a Melee Location (``FireOptions.melee``, A11.15, A7.4) attacks every unit locked in
the Melee, the firers' own side's too, and every enemy unit there, each with its own DRM as
any target (A.5); a unit locked in Melee fires at nothing (A11.15, A7.21), but one in the
Location that keeps its "?" is not locked in it and may fire into it (TPBF, A11.15).

The numbers the rule texts do not print come from ``data/fire.toml`` with their sources; an
answer that reads one no two sources confirm lists it as unchecked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import note
from aslpto.board.hexes import Hex, Hexside, distance
from aslpto.board.terrain import HexsideFeature
from aslpto.rules.fire import table
from aslpto.rules.fire.cowering import cowering
from aslpto.rules.fire.items import Item, ItemKind
from aslpto.rules.fire.resolution import Attack, AttackResult, attack_odds, resolve_attack
from aslpto.rules.fire.table import FILE, IftResult
from aslpto.rules.panji.effects.terrain import Weapon
from aslpto.state.counters import parse_leader
from aslpto.state.dice import Dice, Distribution
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.rules.los import LosResult
    from aslpto.rules.morale.stack import StackOdds


class Phase(StrEnum):
    """When the attack is made (A3, A8)."""

    PREP = "prep"  # PFPh
    DEFENSIVE_FIRST = "defensive-first"  # Defensive First Fire in the enemy MPh (A8.1)
    FINAL = "final"  # Defensive Final Fire in the DFPh (A8.4)
    ADVANCING = "advancing"  # AFPh (A7.24)


@record
class FireOptions:
    """What the game state does not say about an attack."""

    phase: Phase = Phase.PREP
    moving: bool = False  # the target units are moving (First Fire at them, A4.6)
    assault_movement: bool = False  # ... using Assault Movement (A4.61: no FFNAM)
    fired: bool = False  # the firers already fired this phase (Subsequent First/Final Fire)
    leader: str | None = None  # the directing leader's id ("": none); None: the best present
    area_fire: bool = False  # Area Fire for a reason the state does not hold (A7.23)
    weapon: str = "inherent"  # what the firers use (rules.panji.effects.terrain.Weapon)
    melee: bool = False  # the target Location is in Melee (A11.15): both sides' units attacked
    human_wave: bool = False  # the targets are HW (Banzai) units in their MPh (A25.23)
    wave_morale: bool = False  # ... later in that Player Turn: +1 Morale Level only (A25.23)


PLAIN = FireOptions()
"""Prep Fire at a target that does not move, no option given."""


@record
class Breakdown:
    """An attack as the rules build it from the game."""

    firers: tuple[str, ...]
    target: str  # the target Location's hex
    targets: tuple[Unit, ...]
    phase: Phase
    ranges: tuple[tuple[str, int], ...]
    fp: tuple[Item, ...]
    fp_total: Fraction
    column: Ruling[int | None]
    drm: tuple[Item, ...]  # common to every target unit
    target_drm: tuple[tuple[str, tuple[Item, ...]], ...]  # each target unit's own
    cower: Ruling[int]
    residual: Ruling[int | None]
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    melee: bool = False  # into a Melee Location: the firers' side's Melee units are targets too
    side: str = ""  # the firers' side

    @property
    def attack(self) -> Attack:
        if self.column.value is None:
            raise RuleViolation(self.column.rules[0], self.column.why)
        common = sum((i.value for i in self.drm), Fraction(0))
        per = tuple(
            (uid, int(common + sum((i.value for i in items), Fraction(0))))
            for uid, items in self.target_drm
        )
        return Attack(self.column.value, per, self.cower.value)

    def drm_total(self, uid: str) -> int:
        return dict(self.attack.drm)[uid]

    def side_of(self, uid: str) -> str:
        """The side of the target unit ``uid``."""
        return next(t.side for t in self.targets if t.id == uid)

    def as_json(self) -> dict[str, Any]:
        col = self.column.value
        sides = {t.id: t.side for t in self.targets}
        return {
            "firers": list(self.firers),
            "target": self.target,
            "phase": self.phase.value,
            "range": dict(self.ranges),
            "fp": {
                "items": [i.as_json() for i in self.fp],
                "total": _frac(self.fp_total),
                "column": col,
                "why": self.column.why,
                "rules": list(self.column.rules),
            },
            "drm": {"items": [i.as_json() for i in self.drm]},
            "melee": self.melee,
            "targets": [
                {
                    "unit": uid,
                    "side": sides[uid],
                    "items": [i.as_json() for i in items],
                    "drm": self.drm_total(uid) if col is not None else None,
                }
                for uid, items in self.target_drm
            ],
            "cowering": {
                "columns": self.cower.value,
                "why": self.cower.why,
                "rules": list(self.cower.rules),
            },
            "residual_fp": {
                "column": self.residual.value,
                "why": self.residual.why,
                "rules": list(self.residual.rules),
            },
            "notes": list(self.notes),
        }


def _frac(v: Fraction) -> int | str:
    return v.numerator if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


# ---------------------------------------------------------------------------------------------
# Firers and target
# ---------------------------------------------------------------------------------------------


def inherent_fp(u: Unit) -> int:
    """A unit's printed FP: the first number of its face (a leader has none: he directs)."""
    if u.kind == Kind.LEADER:
        return 0
    head = u.counter.split("-", 1)[0]
    if not (head.isascii() and head.isdigit()):
        raise InputError(f"{u.id}: no FP on its face '{u.counter}'")
    return int(head)


def normal_range(u: Unit) -> int:
    """A unit's printed Normal Range: the second number of its face."""
    parts = u.counter.split("-")
    if len(parts) != 3 or not (parts[1].isascii() and parts[1].isdigit()):
        raise InputError(f"{u.id}: no range on its face '{u.counter}'")
    return int(parts[1])


def _verify_firer(game: Game, u: Unit) -> None:
    if not u.hex:
        raise InputError(f"{u.id} is not on the map")
    if not (u.kind.is_infantry or u.kind == Kind.CAVALRY):
        raise RuleViolation(
            "A7.1",
            f"{u.id} is a {u.kind.value}: only Infantry fire on the "
            "IFT here (vehicles and Guns are not built)",
        )
    if u.broken:
        raise RuleViolation("A10.3", f"{u.id} is broken and may not fire")
    if u.unarmed:
        raise RuleViolation("A20.5", f"{u.id} is Unarmed and has no FP")
    if u.kind in (Kind.TH_HERO,):
        raise RuleViolation("G1.4231", f"{u.id}: a T-H Hero's one FP is usable only in CC")


def _target_units(
    game: Game, where: str, side: str, melee: bool = False
) -> tuple[Hex, tuple[Unit, ...]]:
    """The units the attack on ``where`` affects (A7.4): the enemy units there; into a Melee
    Location (``melee``) the firers' side's units locked in the Melee too (A11.15)."""
    h = game.map.hex(where)
    units = tuple(u for u in game.units.values() if u.hex and game.map.hex(u.hex) == h)
    if melee:
        verify_melee(game, where)
        return h, tuple(u for u in units if u.side != side or _locked(u))
    enemy = tuple(u for u in units if u.side != side)
    if not enemy:
        raise InputError(f"no enemy unit in {game.map.name(h)} to fire at")
    return h, enemy


def _locked(u: Unit) -> bool:
    """A11.15: a unit in a Melee Location is locked in the Melee unless it keeps its "?"."""
    return not (u.concealed or u.hidden)


def verify_melee(game: Game, where: str) -> None:
    """A11.15: a Location is in Melee only while unconcealed units of two sides are in it (a
    unit that keeps its "?" is not locked in Melee nor holds enemy units in it)."""
    h = game.map.hex(where)
    here = [u for u in game.units.values() if u.hex and game.map.hex(u.hex) == h]
    if len({u.side for u in here if _locked(u)}) < 2:
        raise RuleViolation(
            "A11.15",
            f"{game.map.name(h)} is not in Melee: it holds no unconcealed units of two sides",
        )


def target_location(game: Game, word: str, what: str = "target") -> str:
    """The hex a TARGET (or another Location, ``what``) names: a hex, or a unit's hex. A word
    that is both is refused."""
    unit = game.units.get(word)
    try:
        h = game.map.hex(word)
    except InputError as e:
        if unit is None:
            raise InputError(f"{what} '{word}': {e.message}; nor is it a unit") from None
        if not unit.hex:
            raise InputError(f"{what} '{word}' is not on the map") from None
        return game.map.name(game.map.hex(unit.hex))
    if unit is not None:
        raise InputError(
            f"{what} '{word}' is both a unit and a hex: name the unit's hex "
            f"({unit.hex or 'off the map'}) or the hex another way"
        )
    return game.map.name(h)


# ---------------------------------------------------------------------------------------------
# The breakdown
# ---------------------------------------------------------------------------------------------


def _drm_value(key: str) -> tuple[Fraction, str]:
    e = table.data()["drm"][key]
    return Fraction(str(e["value"])), str(e["rule"])


def _fp_value(key: str) -> tuple[Fraction, str]:
    e = table.data()["firepower"][key]
    return Fraction(str(e["value"])), str(e["rule"])


def _los(game: Game, a: Unit, b: Unit) -> LosResult:
    from aslpto.rules.los import los  # (imported when asked)

    return los(game, a, b)


def breakdown(
    game: Game, firer_ids: Sequence[str], target: str, options: FireOptions | None = None
) -> Breakdown:
    """The attack of ``firer_ids`` on the Location ``target`` (a hex or a unit id), item by
    item; refused, naming its rule, when the rules forbid it."""
    from aslpto.rules.panji.effects import terrain as panji
    from aslpto.rules.pto import procedures as pto

    if not firer_ids:
        raise InputError("no firer given")
    try:
        weapon = Weapon((options or PLAIN).weapon)
    except ValueError:
        words = ", ".join(w.value for w in Weapon)
        raise InputError(f"weapon '{(options or PLAIN).weapon}': one of {words}") from None
    if len(set(firer_ids)) != len(firer_ids):
        raise InputError(f"a firer named twice: {','.join(firer_ids)}")
    firers = [game.unit(f) for f in firer_ids]
    for u in firers:
        _verify_firer(game, u)
    sides = {u.side for u in firers}
    if len(sides) > 1:
        raise InputError(f"the firers are of two sides ({', '.join(sorted(sides))})")
    side = firers[0].side
    where = target_location(game, target)
    o = options or PLAIN
    th, targets = _target_units(game, where, side, o.melee)
    rules: list[str] = []
    notes: list[str] = []
    if o.melee:
        notes += _verify_melee_fire(game, firers, th, targets, side, o)
        rules.append("A11.15")

    # --- who fires, from where (A7.5, G.3) ---
    shooters = [u for u in firers if u.kind != Kind.LEADER]
    leaders = [u for u in firers if u.kind == Kind.LEADER]
    if not shooters:
        raise RuleViolation(
            "A7.53", "a leader has no FP of his own: he directs the fire of units in his Location"
        )
    hexes = {game.map.hex(u.hex) for u in shooters}
    if len(hexes) > 1:
        _verify_contiguous(game, hexes)
        pto.verify_firegroup(game, shooters)
        rules += ["A7.5", "G.3"]
    if o.phase == Phase.FINAL and o.fired:
        far = [u.id for u in shooters if distance(game.map.hex(u.hex), th) > 1]
        if far:
            raise RuleViolation(
                "A8.4",
                f"{', '.join(far)} fired already: Final Fire only at an ADJACENT or same Location",
            )

    # --- LOS and range (A6, A7.22) ---
    ranges: list[tuple[str, int]] = []
    hindrance = 0
    hindrance_where = ""
    for u in shooters:
        best: LosResult | None = None
        for t in targets:
            seen = _los(game, u, t)
            if seen.los and (best is None or seen.hindrance_drm > best.hindrance_drm):
                best = seen
            if not seen.los:
                blk = seen.blocked_by
                why = f" (blocked at {blk.where} [{blk.rule}])" if blk is not None else ""
                raise RuleViolation(
                    blk.rule if blk else "A6.1", f"{u.id} has no LOS to {t.id} in {where}{why}"
                )
        assert best is not None
        ranges.append((u.id, best.range))
        if best.hindrance_drm > hindrance:
            hindrance = best.hindrance_drm
            hindrance_where = ", ".join(f"{h.where} {h.terrain}" for h in best.hindrances)
        rules += [x for x in best.rules if x not in rules]

    # --- FP (A7.2-A7.36, G8.212, B21.42) ---
    fp_items: list[Item] = []
    total = Fraction(0)
    area_causes: list[tuple[str, str]] = []
    if o.area_fire:
        area_causes.append(("as given", str(table.data()["firepower"]["area_fire"]["rule"])))
    concealed = [t.id for t in targets if t.concealed]
    if concealed:
        area_causes.append((f"a concealed target ({', '.join(concealed)})", "A7.23"))
        if len(concealed) < len(targets):
            notes.append(
                "some target units are concealed: the whole attack is taken as Area "
                "Fire (a reading, A7.23)"
            )
    for u, (_, rng) in zip(shooters, ranges, strict=True):
        items, fp, own = _unit_fp(game, u, rng, weapon, area_causes, o)
        fp_items += items
        rules += [r for r in own if r not in rules]
        total += fp
    column = table.column_of(total)
    rules += [r for r in column.rules if r not in rules]

    # --- DRM common to the attack (A7.52, A7.53, A4.51, G9.21) ---
    drm: list[Item] = []
    if hindrance:
        e = table.data()["drm"]["hindrance"]
        drm.append(Item(f"Hindrance ({hindrance_where})", Fraction(hindrance), str(e["rule"])))
    lead = _directing_leader(game, shooters, leaders, o, th if o.melee else None)
    if lead.value is not None:
        ldr = lead.value
        mod = parse_leader(ldr.counter)[1]
        if mod:
            drm.append(
                Item(
                    f"{ldr.counter} leader directs",
                    Fraction(mod),
                    str(table.data()["drm"]["leadership"]["rule"]),
                    ldr.id,
                )
            )
    elif lead.why:
        notes.append(lead.why)
    cx = [u.id for u in shooters if u.cx]
    if cx:
        v, r = _drm_value("cx_firer")
        drm.append(Item(f"CX firer ({', '.join(cx)})", v, r))
    pj = panji.attack_drm(shooters)
    if pj.value:
        drm.append(Item(pj.why, Fraction(pj.value), pj.rules[0]))

    # --- each target unit's DRM (TEM, FFMO, FFNAM, Hazardous Movement) ---
    per: list[tuple[str, tuple[Item, ...]]] = []
    for t in targets:
        items = _target_items(game, t, th, shooters, hindrance, o)
        per.append((t.id, tuple(items)))
        for i in items:
            if i.rule not in rules:
                rules.append(i.rule)

    # --- Cowering (A7.9) ---
    spots = {(u.hex, u.side) for u in shooters}
    stacked = [v for v in game.units.values() if (v.hex, v.side) in spots and v not in shooters]
    cower = cowering(shooters, led=lead.value is not None, stacked=stacked)
    rules += [r for r in cower.rules if r not in rules]

    # --- Residual FP (A8.2): First Fire at a moving unit leaves half the FP used ---
    if o.moving and o.phase == Phase.DEFENSIVE_FIRST and column.value is not None:
        res = table.column_of(total / 2)
        residual: Ruling[int | None] = Ruling(
            res.value, ("A8.2",), f"half the {table.fp_text(total)} FP used: " + res.why
        )
    else:
        residual = Ruling(None, ("A8.2",), "none: not First Fire at a moving unit")
    notes.append(
        "Small Arms fire neither clears ice (B21.6) nor uncovers a Panji counter's "
        "Covered hexsides (G9.72): those need HE or a DC"
    )
    return Breakdown(
        tuple(firer_ids),
        where,
        targets,
        o.phase,
        tuple(ranges),
        tuple(fp_items),
        total,
        column,
        tuple(drm),
        tuple(per),
        cower,
        residual,
        tuple(notes),
        tuple(rules),
        o.melee,
        side,
    )


def _verify_melee_fire(
    game: Game,
    firers: Sequence[Unit],
    th: Hex,
    targets: Sequence[Unit],
    side: str,
    o: FireOptions,
) -> list[str]:
    """Fire into a Melee Location (A11.15): refused from a unit locked in the Melee (A7.21: no
    IFT attack by units in Melee) and, not built, in the MPh; the notes saying whom it
    attacks."""
    where = game.map.name(th)
    if o.phase == Phase.DEFENSIVE_FIRST:
        raise InputError(
            f"{where} is in Melee: fire into a Melee Location in the MPh (A11.15, 'in some "
            "cases') is not built; units locked in Melee do not move"
        )
    for u in firers:
        if u.hex and game.map.hex(u.hex) == th and _locked(u):
            raise RuleViolation(
                "A11.15",
                f"{u.id} is locked in Melee in {where}: it may not fire (only CC or Withdrawal "
                "from Melee; A7.21)",
            )
    own = [t.id for t in targets if t.side == side]
    notes = [
        f"{where} is in Melee: the attack affects every unit locked in it, the firers' side's "
        f"({', '.join(own)}) as well as the enemy's (A11.15, A7.4)"
    ]
    spared = [
        u.id
        for u in game.units.values()
        if u.side == side and u.hex and game.map.hex(u.hex) == th and not _locked(u)
    ]
    if spared:
        notes.append(
            f"{', '.join(spared)} of the firers' side keep(s) the '?': not locked in the Melee, "
            "not attacked (a reading of A11.15: 'all friendly Melee and enemy units')"
        )
    return notes


def _unit_fp(
    game: Game,
    u: Unit,
    rng: int,
    pe_w: Weapon,
    area_causes: Sequence[tuple[str, str]],
    o: FireOptions,
) -> tuple[list[Item], Fraction, list[str]]:
    """One firer's FP, item by item (A7.2-A7.36, G8.212, G9.21, B21.42), and the rules its
    Area Fire causes add."""
    from aslpto.rules.paddy import effects as paddy
    from aslpto.rules.panji.effects import terrain as panji
    from aslpto.rules.water import conditions as water

    rules: list[str] = []
    fp_items: list[Item] = []
    fp = Fraction(inherent_fp(u))
    fp_items.append(Item(f"{u.counter} inherent FP", fp, "A7.2", u.id, ItemKind.BASE))
    panji.verify_weapon(u, pe_w)
    paddy.verify_weapon(game, u, pe_w)
    if water.fording(game, u) and pe_w != Weapon.INHERENT:
        raise RuleViolation(
            "B21.42", f"{u.id} is fording: only its inherent FP may fire, not a {pe_w.value}"
        )
    if pe_w != Weapon.INHERENT:
        raise InputError(
            f"{u.id}: no FP or Normal Range for {pe_w.value.upper()} fire in "
            "data/fire.toml (no public source checked): only Inherent FP is "
            "fired"
        )
    nr = normal_range(u)
    mult: list[tuple[str, Fraction, str]] = []
    if rng == 0:
        v, r = _fp_value("tpbf")
        mult.append(("Triple Point Blank Fire (same Location)", v, r))
    elif rng == 1:
        v, r = _fp_value("pbf")
        mult.append(("Point Blank Fire (ADJACENT)", v, r))
    if rng > nr:
        limit, lr = _fp_value("long_range_limit")
        if rng > nr * limit:
            raise RuleViolation(lr, f"{u.id}: range {rng} is beyond twice its Normal Range ({nr})")
        v, r = _fp_value("long_range")
        mult.append((f"Long Range Fire (range {rng} > {nr})", v, r))
    if u.pinned:
        v, r = _fp_value("pinned")
        mult.append(("pinned", v, r))
    if o.fired and o.phase in (Phase.DEFENSIVE_FIRST, Phase.FINAL):
        v, r = _fp_value("subsequent_fire")
        what = "Subsequent First Fire" if o.phase == Phase.DEFENSIVE_FIRST else "Final Fire"
        mult.append((f"{what} by a unit that has fired", v, r))
    own_area = list(area_causes)
    bank_area = paddy.area_fire(game, u, pe_w)
    if bank_area.value:
        own_area.append((bank_area.why, bank_area.rules[0]))
    if water.fording(game, u):
        own_area.append(("fording: inherent FP only, as Area Fire", "B21.42"))
    if own_area:
        # A7.23: Area Fire halves the FP, and halves it again for each further cause
        v, r = _fp_value("area_fire")
        for cause, rr in own_area:
            mult.append((f"Area Fire ({cause})", v, rr))
        if len(own_area) > 1:
            rules += [r] if r not in rules else []
        rules += [rr for _, rr in own_area if rr not in rules]
    if o.phase == Phase.ADVANCING:
        v, r = _fp_value("advancing_fire")
        mult.append(("Advancing Fire", v, r))
    for what, v, r in mult:
        fp *= v
        fp_items.append(Item(what, v, r, u.id, ItemKind.MULTIPLY))
    if o.phase == Phase.ADVANCING and _assault_fire(u) and rng <= nr:
        v, r = _fp_value("assault_fire")
        fp = Fraction(math.ceil(fp + v))
        fp_items.append(Item("Assault Fire (fractions rounded up)", v, r, u.id, ItemKind.ADD))
    return fp_items, fp, rules


def _assault_fire(u: Unit) -> bool:
    """A7.36: a squad whose FP is underscored: a face ``data/fire.toml`` lists
    (``assault_fire_faces``, the German 5-4-8 of the A7.36 EX), or an American MMC
    (``assault_fire_nationalities``, until a source lists those faces)."""
    if not u.kind.is_mmc:
        return False
    fp = table.data()["firepower"]
    if [u.nationality, u.counter] in fp["assault_fire_faces"]["value"]:
        note(FILE, "firepower", "assault_fire_faces")
        return True
    note(FILE, "firepower", "assault_fire_nationalities")
    return u.nationality in fp["assault_fire_nationalities"]


def _verify_contiguous(game: Game, hexes: set[Hex]) -> None:
    """A7.5: a multi-Location Fire Group's units are in contiguous (ADJACENT) Locations."""
    todo = [next(iter(hexes))]
    seen = {todo[0]}
    while todo:
        h = todo.pop()
        for n in hexes:
            if n not in seen and distance(h, n) == 1:
                seen.add(n)
                todo.append(n)
    if seen != hexes:
        names = ", ".join(sorted(game.map.name(h) for h in hexes))
        raise RuleViolation("A7.5", f"a Fire Group's units must be in contiguous hexes ({names})")


def _directing_leader(
    game: Game,
    shooters: Sequence[Unit],
    leaders: Sequence[Unit],
    o: FireOptions,
    melee: Hex | None = None,
) -> Ruling[Unit | None]:
    """A7.53/A7.531: a Good Order, unpinned leader in the Location of every firer directs (not
    one locked in the Melee of ``melee``, A11.15)."""
    hexes = {game.map.hex(u.hex) for u in shooters}
    for ldr in leaders:
        if len(hexes) > 1 or game.map.hex(ldr.hex) not in hexes:
            raise RuleViolation(
                "A7.531",
                f"{ldr.id} directs only units in his own Location; these firers are not all there",
            )
    if o.leader == "":
        return Ruling(None, ("A7.53",), "")
    if o.leader is not None:
        ldr = game.unit(o.leader)
        if ldr.kind != Kind.LEADER:
            raise InputError(f"--leader {o.leader}: not a leader")
        if ldr.side != shooters[0].side or not ldr.hex or game.map.hex(ldr.hex) not in hexes:
            raise RuleViolation("A7.531", f"{ldr.id} is not in the firers' Location")
        if len(hexes) > 1:
            raise RuleViolation(
                "A7.531",
                "a leader directs only units in his own Location; these firers are in several",
            )
        if ldr.broken or ldr.pinned:
            raise RuleViolation(
                "A7.53",
                f"{ldr.id} is {'broken' if ldr.broken else 'pinned'} and may not direct fire",
            )
        if melee is not None and game.map.hex(ldr.hex) == melee and _locked(ldr):
            raise RuleViolation(
                "A11.15", f"{ldr.id} is locked in Melee: he may not direct fire (only CC)"
            )
        return Ruling(ldr, ("A7.53",), "")
    if len(hexes) > 1:
        return Ruling(
            None, ("A7.531",), "no leader directs: the firers are in several Locations (A7.531)"
        )
    h = next(iter(hexes))
    cands = [
        u
        for u in (*leaders, *game.units.values())
        if u.kind == Kind.LEADER
        and u.side == shooters[0].side
        and u.hex
        and game.map.hex(u.hex) == h
        and not u.broken
        and not u.pinned
        and not (melee is not None and h == melee and _locked(u))
    ]
    if not cands:
        return Ruling(None, ("A7.53",), "")
    best = min(cands, key=lambda u: parse_leader(u.counter)[1])
    return Ruling(best, ("A7.53",), "")


def _target_items(
    game: Game,
    t: Unit,
    th: Hex,
    shooters: Sequence[Unit],
    hindrance: int,
    o: FireOptions,
) -> list[Item]:
    """A target unit's own DRM: the TEM of its Location and position (B.6, G8, G9.2, B21.3),
    mud (G8), and against a moving unit FFNAM, FFMO and Hazardous Movement (A4.6, A4.62)."""
    from aslpto.rules.paddy import effects as paddy
    from aslpto.rules.water import conditions as water

    mp = game.map
    row = mp.row(th)
    items: list[Item] = []
    tem = row.tem
    tem_what = f"TEM {mp.terrain(th).value}"
    tem_rule = row.rule
    if t.entrenched:
        raise InputError(
            f"{t.id} is in a {t.entrenched}: its TEM (B27, B30) is not in "
            "data/fire.toml, no source checked"
        )
    open_ground = row.open_ground
    is_paddy = paddy.is_paddy(game, th)
    if is_paddy:
        # each firer's LOF its own; a Fire Group's target keeps the best TEM any of them
        # leaves it (a reading, as the worst Hindrance of their threads is the attack's)
        bt = Ruling(0, (), "")
        for fh in dict.fromkeys(game.map.hex(u.hex) for u in shooters):
            sides = _target_sides(mp, fh, th)
            crosses = any(
                HexsideFeature.BANK in mp.hexside_features(s.a, s.b)
                and HexsideFeature.BREACHED not in mp.hexside_features(s.a, s.b)
                for s in sides
            )
            higher = mp.level(fh) > mp.level(th)
            one = paddy.bank_tem(game, t, lof_crosses_bank=crosses, firer_higher=higher)
            if one.value > bt.value or not bt.rules:
                bt = one
        if bt.value > tem:
            tem, tem_what, tem_rule = bt.value, bt.why, bt.rules[0]
        og = paddy.open_ground(game, t, bank_tem=bt.value)
        open_ground = og.value
    wo = mp.terrain(th).value in ("river", "canal", "pond", "lake", "ocean") or water.is_ice(
        game, mp.name(th)
    )
    if wo:
        wog = water.open_ground(game, mp.name(th), los=True)
        if wog.value:
            tem, tem_what, tem_rule, open_ground = 0, "Water Obstacle: Open Ground", "B21.3", True
    if tem:
        items.append(Item(tem_what, Fraction(tem), tem_rule, t.id))
    if is_paddy:
        mud = paddy.mud_tem(game, mp.name(th), t.position)
        if mud.value:
            items.append(Item("mud", Fraction(mud.value), mud.rules[0], t.id))
    if o.moving and o.phase == Phase.DEFENSIVE_FIRST:
        if not o.assault_movement:
            v, rl = _drm_value("ffnam")
            items.append(Item("FFNAM: moving, not Assault Movement", v, rl, t.id))
        if open_ground and not hindrance and tem <= 0:
            v, rl = _drm_value("ffmo")
            items.append(Item("FFMO: moving in Open Ground, no Hindrance", v, rl, t.id))
    hm = paddy.hazardous_movement(t)
    if not hm.value:
        hm = water.hazardous_movement(game, t)
    if hm.value:
        v, rl = _drm_value("hazardous_movement")
        items.append(Item(f"Hazardous Movement ({hm.why})", v, rl, t.id))
    return items


def _target_sides(mp: Any, a: Hex, b: Hex) -> list[Hexside]:
    """The hexsides of the target hex ``b`` through which the thread from ``a`` enters it: the
    hexside it crosses, or the two that meet at the vertex it passes through (a reading)."""
    from aslpto.rules.los.thread import trace

    if a == b:
        return []
    events = trace(a, b)
    for e in reversed(events[:-1]):
        if e.kind == "side" and b in e.hexes:
            return [Hexside.of(e.hexes[0], e.hexes[1])]
        if e.kind in ("vertex", "spine") and b in e.hexes:
            return [Hexside.of(b, h) for h in e.hexes if h != b]
    return []


# ---------------------------------------------------------------------------------------------
# The attack's odds and its roll
# ---------------------------------------------------------------------------------------------


@record
class FireAnswer:
    """An attack: its breakdown, the odds of each IFT result, and the exact odds of the
    target Location's end states (factored), or its roll."""

    breakdown: Breakdown
    results: Distribution[tuple[tuple[str, IftResult], ...]] | None
    odds: StackOdds | None = None
    rolled: AttackResult | None = None


def fire(
    game: Game,
    firers: Sequence[str],
    target: str,
    options: FireOptions | None = None,
    *,
    dice: Dice | None = None,
) -> FireAnswer:
    """The attack of ``firers`` on ``target``: its breakdown and exact odds, or (``dice``
    given) rolled."""
    from aslpto.rules.fire.resolution import result_odds

    b = breakdown(game, firers, target, options)
    if b.column.value is None:
        return FireAnswer(b, None)
    a = b.attack
    facts = _target_facts(game, b.targets, options or PLAIN)
    if dice is not None:
        return FireAnswer(b, None, rolled=resolve_attack(b.targets, a, dice, **facts))
    return FireAnswer(b, result_odds(a), attack_odds(b.targets, a, **facts))


def _target_facts(
    game: Game, targets: Sequence[Unit], options: FireOptions = PLAIN
) -> dict[str, Any]:
    """What the target Location's situation adds to the checks the attack causes: fording
    units are immune to Pin (B21.41); Human Wave (Banzai) units check one Morale Level higher,
    and during their MPh are immune to Pin and Heat of Battle (A25.23)."""
    from aslpto.rules.water import conditions as water

    facts: dict[str, Any] = {"fording": True} if water.all_fording(game, targets) else {}
    if options.human_wave:
        facts["human_wave"] = True
    elif options.wave_morale:
        facts["wave_morale"] = True
    return facts


__all__ = [
    "Breakdown",
    "FireAnswer",
    "FireOptions",
    "Item",
    "Phase",
    "breakdown",
    "fire",
    "verify_melee",
]
