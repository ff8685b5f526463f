"""Searching in the MPh (A12.152), with the DEFENDER's Casualty dr (A12.154), vs the Japanese
(G1.63) and across a Covered hexside (G9.48).

A Good Order Infantry/Cavalry MMC, or a stack holding one (not pinned, not by Assault Movement),
ending its move - the stack moving now with a MF left, or units that have not moved this MPh -
expends one more MF in its hex and makes a Search dr. The Final dr is the number of Accessible
hexes other than its own it may not Search, of the ATTACKER's choice: ``hexes`` lists the
ADJACENT hexes he wants Searched, most wanted first (the others follow in the map's order), and
the last ones are left out. Every Location of its own hex and of the hexes Searched shows its
contents: a concealed enemy unit loses its "?", a hidden one is placed beneath a "?", a hidden
Fortification is placed on the map (A12.152), a hidden Panji counter is revealed (G9.48). The
searchers are TI for the rest of the Player Turn.

Where a Location Searched holds an armed Good Order enemy unit, or (G9.48) is an ADJACENT panji
Location with a Covered hexside common to the searchers' Location, the DEFENDER makes one
Casualty dr (the referee makes it for him): a Final dr at most 1 Casualty Reduces the searching
unit, Random Selection choosing among a stack's (every unit tied alike, A.9).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures.game import melee as mel
from aslpto.procedures.game.common import Args, Done, replace_units, verify_phase, verify_side
from aslpto.procedures.game.phases import Marker
from aslpto.procedures.game.state import GameState
from aslpto.rules.fire.items import Item
from aslpto.state.dice import SIDES, Dice
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit

RULE = "A12.152"
CASUALTY_RULE = "A12.154"


def _drm(*path: str) -> Any:
    """A drm table of data/pto_procedures.toml (``search_dr``, ``search_casualties.drm``), its
    reads noted (unchecked: one source)."""
    from aslpto.base.datafiles import bundled
    from aslpto.base.unchecked import Recorded

    d: Any = Recorded(bundled("pto_procedures.toml"), "pto_procedures.toml")
    for p in path:
        d = d[p]
    return d


def _force_drm(
    force: Sequence[Unit], d: Any, rule: str, who: str, *, leader_alone: bool
) -> list[Item]:
    """The drm a force's units give a Search dr (A12.152) or a Casualty dr (A12.154), each as
    the data table ``d`` says: per Stealthy unit, per HS equivalent beyond one (A5.5), the best
    Good Order leader's leadership (``leader_alone``: even with no other unit), per Lax unit."""
    from aslpto.rules.cc.ambush import lax, stealthy
    from aslpto.rules.japanese.setup import squad_equivalents
    from aslpto.rules.morale.values import leadership_of

    out: list[Item] = []
    n = sum(1 for u in force if stealthy(u, force))
    if n:
        out.append(Item(f"Stealthy {who}", Fraction(n * int(d["stealthy"])), rule))
    extra = int(2 * squad_equivalents(force)) - 1
    if extra > 0:
        out.append(
            Item("HS equivalents beyond one", Fraction(extra * int(d["hs_beyond_one"])), rule)
        )
    leaders = [u for u in force if u.kind == Kind.LEADER and u.good_order]
    if leaders and (leader_alone or len(force) > 1):
        best = min(leaders, key=leadership_of)
        if leadership_of(best):
            out.append(Item(f"leader {best.counter}", Fraction(leadership_of(best)), rule))
    n = sum(1 for u in force if lax(u, force))
    if n:
        out.append(Item(f"Lax {who}", Fraction(n * int(d["lax"])), rule))
    return out


def search_drm(game: Game, searchers: Sequence[Unit], hexes: Sequence[str]) -> tuple[Item, ...]:
    """The drm of the Search dr (A12.152): -1 per Stealthy searcher, -1 per HS equivalent
    beyond one, the best participating leader's leadership, +1 per Lax and per CX searcher;
    +2 vs the Japanese unless the only Concealment Terrain Searched is building/rubble (G1.63).
    ``hexes``: every hex the Search may reach (its own first)."""
    from aslpto.rules.japanese.capabilities import search_drm as vs_japanese

    force = list(searchers)
    d = _drm("search_dr")
    out = _force_drm(force, d, RULE, "searcher(s)", leader_alone=True)
    cx = sum(1 for u in force if u.cx)
    if cx:
        out.append(Item("CX searcher(s)", Fraction(cx * int(d["cx"])), RULE))
    side = force[0].side
    if any(u.side != side and u.is_japanese for u in game.units.values()):
        m = game.map
        concealing = [m.terrain(m.hex(h)) for h in hexes if m.row(m.hex(h)).concealment_terrain]
        only = bool(concealing) and all(t.is_building or t.value == "rubble" for t in concealing)
        r = vs_japanese(only_building_or_rubble=only)
        if r.value:
            out.append(Item("vs Japanese", Fraction(r.value), r.rules[0]))
    return tuple(out)


def casualty_drm(defenders: Sequence[Unit]) -> tuple[Item, ...]:
    """The drm of the DEFENDER's Casualty dr (A12.154), from his concealed units in the
    Locations Searched: -1 per Stealthy one, -1 per HS equivalent beyond one, the best concealed
    leader's leadership if not alone, +1 per Lax one."""
    force = [u for u in defenders if u.concealed or u.hidden]
    d = _drm("search_casualties", "drm")
    return tuple(_force_drm(force, d, CASUALTY_RULE, "concealed DEFENDER(s)", leader_alone=False))


def _total(items: Sequence[Item]) -> int:
    return int(sum((i.value for i in items), Fraction(0)))


def excluded_odds(drm: int, accessible: int) -> dict[int, Fraction]:
    """The exact odds of how many Accessible hexes the Search leaves out (its Final dr, between
    none and all)."""
    out: dict[int, Fraction] = {}
    for dr in range(1, SIDES + 1):
        k = min(max(dr + drm, 0), accessible)
        out[k] = out.get(k, Fraction(0)) + Fraction(1, SIDES)
    return out


def casualty_chance(drm: int, at_most: int) -> Fraction:
    """The exact chance of the Casualty dr's Final dr at most ``at_most``."""
    return Fraction(sum(1 for dr in range(1, SIDES + 1) if dr + drm <= at_most), SIDES)


# ---------------------------------------------------------------------------------------------
# The game's action
# ---------------------------------------------------------------------------------------------


@record
class _Found:
    """What the Search showed: the units that lost their "?", those placed beneath one, the
    Panji counters and Fortifications revealed."""

    game: Game
    revealed: tuple[str, ...] = ()
    placed: tuple[str, ...] = ()
    panjis: tuple[str, ...] = ()
    fortifications: tuple[str, ...] = ()


def _reveal(game: Game, side: str, hexes: Sequence[str]) -> _Found:
    m = game.map
    where = {m.hex(h) for h in hexes}
    units = dict(game.units)
    revealed, placed = [], []
    for u in sorted(game.units.values(), key=lambda x: x.id):
        if not u.hex or u.side == side or m.hex(u.hex) not in where:
            continue
        if u.hidden:
            units[u.id] = u.with_(hidden=False, concealed=True)
            placed.append(u.id)
        elif u.concealed:
            units[u.id] = u.with_(concealed=False)
            revealed.append(u.id)
    game = replace(game, units=units)
    panjis = []
    for p in sorted(game.panjis.values(), key=lambda x: x.id):
        if p.hidden and p.hex in where:
            game = game.with_panji(replace(p, hidden=False), p.id)
            panjis.append(p.id)
    forts = tuple(f.id for f in game.fortifications if f.hidden and f.hex in where)
    if forts:
        game = replace(
            game,
            fortifications=tuple(
                replace(f, hidden=False) if f.id in forts else f for f in game.fortifications
            ),
        )
    return _Found(game, tuple(revealed), tuple(placed), tuple(panjis), forts)


def _searchers(state: GameState, ids: list[str]) -> list[Unit]:
    """The units that Search: the stack moving now (with a MF left), or units in one Location
    that have not moved this MPh; each a Good Order unpinned Infantry unit, one a MMC."""
    g = state.position
    units = [g.unit(i) for i in ids]
    for u in units:
        verify_side(state, u, "ATTACKER", RULE, "Searches")
    moving = set(state.moving)
    if moving & set(ids):
        if set(ids) != moving:
            raise RuleViolation(
                RULE,
                f"the moving stack ({', '.join(state.moving)}) ends its move and Searches together",
            )
        if state.moving_assault:
            raise RuleViolation(RULE, "a stack using Assault Movement may not Search")
        if state.moving_left is not None and state.moving_left < 2:
            raise RuleViolation(RULE, "no MF left: a Search expends one MF more")
    else:
        for u in units:
            if state.has(u.id, Marker.MOVED):
                raise RuleViolation(
                    RULE, f"{u.id} has ended its move: a unit Searches as it ends its move"
                )
            if state.has(u.id, Marker.PREP_FIRE) or state.has(u.id, Marker.LABOR) or u.ti:
                raise RuleViolation(
                    "A3.3", f"{u.id} fired or made a labor task in the PFPh: it may not move"
                )
        if len({g.map.hex(u.hex) for u in units if u.hex}) != 1:
            raise InputError("search: the searching units are in one Location")
    for u in units:
        if not (u.kind.is_infantry or u.kind == Kind.CAVALRY):
            raise RuleViolation(RULE, f"{u.id} is neither Infantry nor Cavalry: it may not Search")
        if u.broken or u.berserk:
            raise RuleViolation(RULE, f"{u.id} is not in Good Order: it may not Search")
        if u.pinned:
            raise RuleViolation(RULE, f"{u.id} is pinned: it may not Search")
    if not any(u.kind.is_mmc or u.kind == Kind.CAVALRY for u in units):
        raise RuleViolation(
            RULE, "a Search is made by an Infantry/Cavalry MMC, or a stack holding one"
        )
    return units


def search(state: GameState, a: Args, dice: Dice) -> Done:
    """``game search``: the Search of a unit, or of a stack (``units``), ending its move."""
    from aslpto.procedures import actions as pa
    from aslpto.rules.fire.resolution import select
    from aslpto.rules.morale.results import casualty_reduce
    from aslpto.rules.morale.values import Log
    from aslpto.rules.panji.effects.restrictions import casualty_at_most, search_across_covered

    ids = a.texts("units") if "units" in a.args else [a.text("unit")]
    want = a.texts("hexes", empty=True)
    a.done()
    if len(set(ids)) != len(ids):
        raise InputError(f"search: a unit named twice: {', '.join(ids)}")
    verify_phase(state, "search")
    g: Game = state.position
    mel.verify_free(g, state.melee, [g.unit(i) for i in ids], "Search (a labor task)")
    units = _searchers(state, ids)
    for u in units:
        pa.verify(g, pa.Search(u.id, ()))  # G9.48 above a Panji counter, G8.212 on a Bank
    m = g.map
    here = m.name(m.hex(units[0].hex))
    around = [m.name(n) for n in m.neighbours(m.hex(here))]
    order: list[str] = []
    for w in want:
        name = m.name(m.hex(w))
        if name not in around:
            raise InputError(f"search: hex '{w}' is not ADJACENT to {here}")
        if name in order:
            raise InputError(f"search: hex '{w}' named twice")
        order.append(name)
    order += [n for n in around if n not in order]
    side = units[0].side
    items = search_drm(g, units, [here, *order])
    drm = _total(items)
    dr = dice.dr()
    excluded = min(max(dr + drm, 0), len(order))
    searched = [here, *order[: len(order) - excluded]]
    enemies = [
        u for u in g.units.values() if u.hex and u.side != side and m.name(m.hex(u.hex)) in searched
    ]
    armed = [u for u in enemies if not u.unarmed and u.good_order]
    across = [h for h in searched[1:] if search_across_covered(g, here, h).value]
    found = _reveal(g, side, searched)
    s = replace(state, position=found.game)
    casualty: dict[str, Any] | None = None
    told = [
        f"{', '.join(ids)} Search{'es' if len(ids) == 1 else ''} from {here} (TI): Search dr "
        f"{dr}{drm:+d} = {dr + drm}: {excluded} of {len(order)} ADJACENT hex(es) left out; "
        f"Searched {', '.join(searched)} ({RULE})"
    ]
    if found.placed:
        told.append(f"  placed on the map beneath a '?': {', '.join(found.placed)}")
    if found.revealed:
        told.append(f"  lose their '?': {', '.join(found.revealed)}")
    if found.panjis:
        told.append(f"  Panji counter(s) revealed: {', '.join(found.panjis)} (G9.48)")
    if found.fortifications:
        told.append(f"  Fortification(s) revealed: {', '.join(found.fortifications)}")
    at_most = casualty_at_most()
    odds: dict[str, Any] = {
        "excluded": {str(k): str(p) for k, p in sorted(excluded_odds(drm, len(order)).items())}
    }
    if armed or across:
        citems = casualty_drm(enemies)
        cdrm = _total(citems)
        cdr = dice.dr()
        hit = cdr + cdrm <= at_most
        odds["casualty"] = str(casualty_chance(cdrm, at_most))
        rules = [CASUALTY_RULE] + (["G9.48"] if across else [])
        casualty = {
            "rules": rules,
            "dr": cdr,
            "drm": cdrm,
            "drm_items": [i.as_json() for i in citems],
            "final": cdr + cdrm,
            "hit": hit,
            "reduced": [],
        }
        line = f"  the DEFENDER's Casualty dr {cdr}{cdrm:+d} = {cdr + cdrm}"
        if hit:
            now = [s.position.unit(u.id) for u in units]
            picked = select(now, 1, dice) if len(now) > 1 else (now[0].id,)
            log = Log()
            after: list[Unit] = []
            for u in now:
                after += casualty_reduce(u, log, dice) if u.id in picked else [u]
            s = replace_units(s, [u.id for u in now], after, log.eliminated)
            casualty["reduced"] = list(picked)
            line += f" <= {at_most}: Casualty Reduction of {', '.join(picked)}"
        told.append(line + f" ({', '.join(rules)})")
    searchers = [i for i in ids if i in s.position.units]
    pos = s.position
    s = replace(
        s,
        position=replace(
            pos, units={**pos.units, **{i: pos.unit(i).with_(ti=True) for i in searchers}}
        ),
    ).mark(ids, Marker.MOVED)
    if set(ids) == set(state.moving) and state.moving_left is not None:
        s = replace(s, moving_left=state.moving_left - 2, moving_resume={})  # its move is over
    result: dict[str, Any] = {
        "searchers": ids,
        "dr": dr,
        "drm": drm,
        "drm_items": [i.as_json() for i in items],
        "final": dr + drm,
        "accessible": len(order),
        "excluded": excluded,
        "searched": searched,
        "revealed": list(found.revealed),
        "placed": list(found.placed),
        "panjis": list(found.panjis),
        "fortifications": list(found.fortifications),
        "casualty": casualty,
        "odds": odds,
    }
    return Done(s, result, tuple(told), ())
