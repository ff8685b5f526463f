"""The odds procedures: what ``aslpto odds`` evaluates (:class:`Procedure`, with the
:class:`Options` it takes), rolled (:func:`resolve`, with any :class:`~aslpto.state.dice.Dice`)
or exact (:func:`odds`, a :class:`~aslpto.state.dice.Distribution` of
:class:`~aslpto.rules.morale.Result`); a stack's odds with identical units taken as
interchangeable (:func:`stack_odds`, :func:`factored`) and their joint outcomes assembled up to
:data:`STACK_LIMIT`; the T-H Hero attempts of several MMC bound one after another (G1.421);
and the JSON of a unit and of a result as ``aslpto odds --json`` gives them (:func:`unit_json`,
:func:`result_json`).

Each procedure dispatches to the morale procedures (A7.8, A10, A10.2, G1.12-G1.13, G9.31-G9.47:
:mod:`aslpto.rules.morale`) or the G1 ones (:mod:`aslpto.rules.japanese.heroes`, ``cc``,
imported when asked for).

>>> from aslpto.state.counters import make
>>> from aslpto.state.dice import GivenDice
>>> from aslpto.state.units import Kind, UnitClass
>>> elite = make("U1", "japanese", Kind.SQUAD, UnitClass.ELITE)
>>> [u.counter for u in resolve("mc", [elite], GivenDice("5,4")).units]
['3-4-8']
>>> first_line = make("U1", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE)
>>> odds("ptc", [first_line]).probability(lambda r: r.units[0].pinned)
Fraction(5, 12)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.rules import morale
from aslpto.state.dice import Dice, Distribution
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.rules.fire.resolution import Attack
    from aslpto.rules.morale.stack import StackOdds

STACK_LIMIT = 10_000
"""The most outcomes ``aslpto odds`` lists for a stack (identical units taken as
interchangeable); beyond, it summarizes them (``cli.odds_summary``)."""

DETAIL_LIMIT = 5_000
"""The most histories ``aslpto odds --detail`` enumerates for a stack (every roll of every
unit, told in order: a stack of three squads and a leader taking a 2MC has 37,263, and
enumerating them takes minutes); beyond, it refuses and names how many there are."""


class Procedure(StrEnum):
    """What ``aslpto odds`` evaluates, and the rules it follows."""

    MC = "mc"  # attack MC (IFT/Collateral/Bombardment/FPF), A10, G1.12
    NMC = "nmc"  # Normal MC, A10, G1.13
    PTC = "ptc"  # A7.8
    LLMC = "llmc"  # A10.2, G1.62
    LLTC = "lltc"  # A10.2
    PANJI = "panji"  # G9.31 (each unit its own, G9.41)
    PANJI_STACK = "panji-stack"  # G9.43
    AERIAL_PANJI = "aerial-panji"  # G9.47
    SNIPER = "sniper"  # A14.3, G1.11-G1.12
    TH_HERO = "th-hero"  # G1.421
    ATMM = "atmm"  # G1.4231
    HARA_KIRI = "hara-kiri"  # G1.641
    IFT = "ift"  # A7.3: an attack of FP factors at a DRM (rules.fire)
    CC = "cc"  # A11: both sides' CC attacks in a Location (procedures.cc, cli.odds_cc)


_CHECK = {
    Procedure.MC: morale.Check.MC,
    Procedure.NMC: morale.Check.NMC,
    Procedure.PTC: morale.Check.PTC,
    Procedure.LLMC: morale.Check.LLMC,
    Procedure.LLTC: morale.Check.LLTC,
    Procedure.PANJI: morale.Check.PANJI,
}


@record
class Options:
    """What else the procedures need to know (all default to "not so")."""

    mc: int = 0  # the IFT "nMC": +n DRM
    drm: int = 0  # any other DRM the caller knows of
    heat_of_battle: bool = True  # resolve the Heat of Battle DR (A15.1)
    heat_of_battle_drm: int = 0
    pillbox: bool = False  # G1.62
    encircled: bool = False  # A7.7 / G1.62
    human_wave: bool = False  # Banzai Charge (G1.5): no HoB; G9.43 EXC
    wave_morale: bool = False  # the rest of a Banzai's Player Turn: +1 Morale Level (A25.23)
    fording: bool = False  # B21.41: immune to Pin
    routing: bool = False  # G9.43
    berserk_stack: bool | None = None  # G9.43 (None: berserk if every unit is)
    no_quarter: bool = False  # A15.1 Surrender -> berserk
    leader_loss: bool = True  # chain LLMC/LLTC after an attack MC (A10.2)
    sniper_dr: int = 1
    gives_dc: bool = False  # G1.421/G1.424
    banzai: bool = False  # G1.421: no pin on an Original 6
    mf_expended: int = 0  # G1.423
    leadership_drm: int | None = None  # a drm given to a T-H Hero dr (its delta: no leader's)
    pre_1944: bool = False  # G1.4231
    smc_eliminated_self: bool = False  # G1.641
    fp: Fraction | None = None  # ift: the attack's FP (fractions kept, A7.3)
    firers: tuple[Unit, ...] = ()  # ift: who fires (whether it Cowers, A7.9); none: it cannot


PLAIN = Options()


def _facts(o: Options) -> dict[str, Any]:
    return {
        "encircled": o.encircled,
        "pillbox": o.pillbox,
        "human_wave": o.human_wave,
        "wave_morale": o.wave_morale,
        "fording": o.fording,
        "no_quarter": o.no_quarter,
        "heat_of_battle": o.heat_of_battle,
        "heat_of_battle_drm": o.heat_of_battle_drm,
    }


def _first(units: Sequence[Unit], what: str, pred: Any = None) -> Unit:
    for u in units:
        if pred is None or pred(u):
            return u
    raise InputError(f"this procedure needs {what}")


def _with_context(r: morale.Result, context: Sequence[Unit]) -> morale.Result:
    """The result with the units present (and untouched) listed after the others."""
    have = {u.id for u in r.units} | set(r.eliminated)
    extra = tuple(u for u in context if u.id not in have)
    return morale.Result(r.units + extra, r.eliminated, r.events, r.rules) if extra else r


def attack(units: Sequence[Unit], o: Options) -> Attack:
    """``odds ift``: an attack of ``o.fp`` FP at ``o.drm`` on every unit given (A7.3); it
    Cowers as its firers would (A7.9), and cannot with none given."""
    from aslpto.rules.fire import table
    from aslpto.rules.fire.cowering import cowering
    from aslpto.rules.fire.resolution import Attack

    if o.fp is None:
        raise InputError("ift: give the attack's FP (aslpto odds ift 6 --unit ...)")
    col = table.column_of(o.fp)
    if col.value is None:
        raise InputError(f"ift: {col.why} ({', '.join(col.rules)})")
    cower = cowering(o.firers).value if o.firers else 0
    return Attack(col.value, tuple((u.id, o.drm) for u in units), cower)


def resolve(
    procedure: str | Procedure,
    units: Sequence[Unit],
    dice: Dice,
    options: Options = PLAIN,
    context: Sequence[Unit] = (),
) -> morale.Result:
    """Roll ``procedure`` for ``units`` (``context``: units present that take no check, such as
    a leader whose leadership applies)."""
    p = Procedure(procedure)
    _not_cc(p)
    units = list(units)
    if not units:
        raise InputError("no unit given")
    present = [*units, *context]
    o = options
    if p in (Procedure.MC, Procedure.NMC, Procedure.PTC, Procedure.LLMC, Procedure.LLTC):
        drm = o.mc + o.drm
        return morale.resolve_location(
            units, _CHECK[p], dice, drm=drm, context=context, leader_loss=o.leader_loss, **_facts(o)
        )
    if p == Procedure.PANJI:
        return morale.resolve_location(
            units,
            morale.Check.PANJI,
            dice,
            drm=o.drm,
            context=context,
            leader_loss=False,
            **_facts(o),
        )
    if p == Procedure.PANJI_STACK:
        return morale.resolve_panji_stack(
            units, dice, berserk=o.berserk_stack, routing=o.routing, **_facts(o)
        )
    if p == Procedure.IFT:
        from aslpto.rules.fire.resolution import resolve_attack

        return resolve_attack(present, attack(present, o), dice, **_facts(o)).outcome
    # Units given but not acted on (a leader given with --leader, the rest of a stack) stay in
    # the result as present; a unit acted on is in it as the procedure left it (a Japanese
    # squad breaking in a G9.47 Panji MC is Replaced by two HS, G1.13).
    r = _resolve_one(p, units, dice, o, present)
    acted = {u.id for u in units} if p == Procedure.AERIAL_PANJI else set()
    return _with_context(r, [u for u in present if u.id not in acted])


def _resolve_one(
    p: Procedure, units: list[Unit], dice: Dice, o: Options, present: list[Unit]
) -> morale.Result:
    if p == Procedure.AERIAL_PANJI:
        return morale.resolve_aerial_panji(units, dice, **_facts(o))
    if p == Procedure.SNIPER:
        return morale.resolve_sniper(units[0], dice, dr=o.sniper_dr)
    if p == Procedure.TH_HERO:
        from aslpto.rules.japanese import heroes  # (imported when asked: G1.421)

        # G1.421: a stack of MMC may attempt "simultaneously", each with its own dr.
        mmcs = _th_hero_sources(units)
        done = tuple(heroes.resolve_th_hero(mmc, dice, **_th_hero_kw(o)) for mmc in mmcs)
        return _th_heroes(present, mmcs, done)
    if p == Procedure.ATMM:
        hero = _first(units, "a T-H Hero", lambda u: u.kind in (Kind.TH_HERO, Kind.DC_HERO))
        from aslpto.rules.japanese import heroes  # (imported when asked: G1.4231)

        return heroes.resolve_atmm(hero, dice, pre_1944=o.pre_1944)
    from aslpto.rules.japanese import cc  # (imported when asked: G1.641)

    if len(units) == 1:
        return cc.resolve_hara_kiri(
            units[0], dice, location=present, smc_just_eliminated_self=o.smc_eliminated_self
        )
    context = [u for u in present if u not in units]
    return cc.resolve_hara_kiri_location(units, dice, context)


def _not_cc(p: Procedure) -> None:
    if p == Procedure.CC:
        raise InputError(
            "cc: both sides' units are needed (procedures.cc.cc; aslpto odds cc "
            "--attacker ... --defender ...)"
        )


def _th_hero_sources(units: Sequence[Unit]) -> list[Unit]:
    """The MMC given that attempt a T-H Hero creation (G1.421); each must be able to: an
    InputError names the first that may not, and why."""
    from aslpto.rules.japanese import heroes  # (imported when asked: G1.421)

    _first(units, "a Japanese squad or HS", lambda u: u.kind.is_mmc)
    mmcs = [u for u in units if u.kind.is_mmc]
    for u in mmcs:
        may = heroes.may_be_th_hero_source(u)
        if not may.value:
            raise InputError(
                f"th-hero: {u.id} ({u.counter}) may not attempt a T-H Hero creation: "
                f"{may.why} [G1.421]"
            )
    return mmcs


def _th_hero_kw(o: Options) -> dict[str, Any]:
    return {
        "gives_dc": o.gives_dc,
        "banzai": o.banzai,
        "mf_expended": o.mf_expended,
        # (the dr is marked with a delta: a leader present does not modify it, A.10)
        "leadership_drm": o.leadership_drm or 0,
    }


def _th_heroes(
    present: list[Unit], mmcs: Sequence[Unit], done: Sequence[morale.Result]
) -> morale.Result:
    """The Location after each MMC's T-H Hero attempt (G1.421), in the order given."""
    units_now = list(present)
    events: list[str] = []
    rules: list[str] = []
    for mmc, r in zip(mmcs, done, strict=True):
        at = next(i for i, u in enumerate(units_now) if u.id == mmc.id)
        units_now[at : at + 1] = r.units
        events += r.events
        rules += [x for x in r.rules if x not in rules]
    return morale.Result(tuple(units_now), (), tuple(events), tuple(rules))


def _odds_th_heroes(
    units: list[Unit], o: Options, context: Sequence[Unit]
) -> Distribution[morale.Result]:
    """Exact odds of every MMC's T-H Hero attempt (G1.421): each MMC's own dr, so the attempts
    are bound one after another (the work grows with the distinct outcomes, not 6 rolls a
    unit)."""
    from aslpto.rules.japanese import heroes  # (imported when asked: G1.421)

    present = [*units, *context]
    mmcs = _th_hero_sources(units)
    each = [heroes.odds_th_hero(mmc, **_th_hero_kw(o)) for mmc in mmcs]
    joint = math.prod(len(d.items) for d in each)
    if joint > STACK_LIMIT:
        raise InputError(
            f"th-hero: the attempts of these {len(mmcs)} MMC have {joint:,} joint "
            f"outcomes (more than {STACK_LIMIT:,} to list); each MMC's attempt is "
            "its own dr (G1.421): ask for fewer at a time"
        )

    return Distribution.in_turn(len(mmcs), lambda done: each[len(done)]).map(
        lambda done: _with_context(_th_heroes(present, mmcs, done), present)
    )


def odds(
    procedure: str | Procedure,
    units: Sequence[Unit],
    options: Options = PLAIN,
    context: Sequence[Unit] = (),
) -> Distribution[morale.Result]:
    """Exact distribution of :func:`resolve` (composed per unit where the procedure allows)."""
    p = Procedure(procedure)
    _not_cc(p)
    units = list(units)
    if not units:
        raise InputError("no unit given")
    o = options
    if p in (Procedure.MC, Procedure.NMC, Procedure.PTC, Procedure.LLMC, Procedure.LLTC):
        return morale.odds_location(
            units,
            _CHECK[p],
            drm=o.mc + o.drm,
            context=context,
            leader_loss=o.leader_loss,
            **_facts(o),
        )
    if p == Procedure.PANJI:
        return morale.odds_location(
            units, morale.Check.PANJI, drm=o.drm, context=context, leader_loss=False, **_facts(o)
        )
    if p == Procedure.PANJI_STACK:
        return morale.odds_panji_stack(
            units, berserk=o.berserk_stack, routing=o.routing, **_facts(o)
        )
    if p == Procedure.TH_HERO:
        return _odds_th_heroes(units, o, context)
    if p == Procedure.IFT:
        so = factored(p, units, o, context)
        assert so is not None
        return joint_outcomes(so, [*units, *context])
    if p == Procedure.HARA_KIRI and len(units) > 1:
        from aslpto.rules.japanese import cc  # (imported when asked: G1.641)

        if 2 ** len(units) > STACK_LIMIT:  # (each unit eliminates itself or not)
            raise InputError(
                f"hara-kiri: the attempts of these {len(units)} units have up to "
                f"{2 ** len(units):,} joint outcomes (more than {STACK_LIMIT:,} to "
                "list); ask for fewer at a time (G1.641)"
            )
        present = [*units, *context]
        bound = cc.odds_hara_kiri_location(units, [u for u in context if u not in units])
        return bound.map(lambda r: _with_context(r, present))
    from aslpto.state.dice import odds as enumerate_odds

    return enumerate_odds(lambda d: resolve(p, units, d, o, context))


def stack_odds(
    procedure: str | Procedure,
    units: Sequence[Unit],
    options: Options = PLAIN,
    context: Sequence[Unit] = (),
) -> Distribution[morale.Result]:
    """:func:`odds` with units that start identical (but for their id) taken as interchangeable:
    one outcome per multiset of results (A10.2, G9.43), in time polynomial in the stack's size.
    Events are not kept (ask :func:`odds` for every history); each outcome's ``rules`` are all
    the rules the procedure applied. Beyond :data:`STACK_LIMIT` outcomes it refuses (see
    :func:`factored` for the odds factored, and their summary)."""
    so = factored(procedure, units, options, context)
    if so is None:
        return odds(procedure, units, options, context)
    return joint_outcomes(so, units)


def factored(
    procedure: str | Procedure,
    units: Sequence[Unit],
    options: Options = PLAIN,
    context: Sequence[Unit] = (),
) -> StackOdds | None:
    """The exact odds of a stack's checks (mc, nmc, ptc, llmc, lltc, panji, panji-stack),
    factored (:class:`~aslpto.rules.morale.stack.StackOdds`); ``None`` for another
    procedure."""
    from aslpto.rules.morale import stack as ms  # (imported when asked: a stack's odds)

    p = Procedure(procedure)
    units = list(units)
    if not units:
        raise InputError("no unit given")
    o = options
    if p in _CHECK and p != Procedure.PANJI:
        return ms.stack_odds_location(
            units,
            _CHECK[p],
            drm=o.mc + o.drm,
            context=context,
            leader_loss=o.leader_loss,
            **_facts(o),
        )
    if p == Procedure.PANJI:
        return ms.stack_odds_location(
            units, morale.Check.PANJI, drm=o.drm, context=context, leader_loss=False, **_facts(o)
        )
    if p == Procedure.PANJI_STACK:
        return ms.stack_odds_panji(units, berserk=o.berserk_stack, routing=o.routing, **_facts(o))
    if p == Procedure.IFT:
        from aslpto.rules.fire.resolution import attack_odds

        present = [*units, *context]  # (every unit of the Location is a target)
        return attack_odds(present, attack(present, o), **_facts(o))
    return None


def joint_outcomes(so: StackOdds, units: Sequence[Unit]) -> Distribution[morale.Result]:
    """A stack's joint outcomes listed one by one (A10.2, G9.43), refused beyond
    ``STACK_LIMIT``: ask for a summary then."""
    if so.size > STACK_LIMIT:
        raise InputError(
            f"the exact odds of these {len(units)} units have up to {so.size:,} outcomes "
            f"(more than {STACK_LIMIT:,} to list); ask for fewer units"
        )
    return Distribution.of(
        (morale.Result(r.units, r.eliminated, (), so.rules), p) for r, p in so.joint()
    )


def unit_json(u: Unit) -> dict[str, Any]:
    """A unit as ``aslpto odds`` reports it."""
    d: dict[str, Any] = {
        "id": u.id,
        "counter": u.counter,
        "class": u.unit_class.value if u.unit_class else None,
        "kind": u.kind.value,
        "broken": u.broken,
        "pinned": u.pinned,
        "dm": u.dm,
    }
    if u.strength is not None:
        d["strength"] = u.strength.value
    for f in ("berserk", "heroic", "wounded", "unarmed", "concealed"):
        if getattr(u, f):
            d[f] = True
    if u.possesses_dc:
        d["dc"] = True
    if u.nationality != "japanese":
        d["nationality"] = u.nationality
    return d


def result_json(
    r: morale.Result, *, detail: bool, procedure: Procedure | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"result": [unit_json(u) for u in r.units]}
    if r.eliminated:
        out["eliminated"] = list(r.eliminated)
    if procedure == Procedure.ATMM:
        from aslpto.rules.japanese import heroes

        out["atmm"] = heroes.atmm_gained(r)  # G1.4231: the hero himself does not change
    if detail:
        out["events"] = list(r.events)
        out["rules"] = list(r.rules)
    return out


__all__ = [
    "DETAIL_LIMIT",
    "PLAIN",
    "STACK_LIMIT",
    "Options",
    "Procedure",
    "factored",
    "odds",
    "resolve",
    "result_json",
    "stack_odds",
    "unit_json",
]
