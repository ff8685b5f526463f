"""``aslpto odds``: exact outcome distributions of the morale and G1 dice procedures.

Python API: :func:`odds` (exact, a :class:`~aslpto.state.dice.Distribution` of
:class:`~aslpto.rules.morale.Result`) and :func:`resolve` (rolled with any
:class:`~aslpto.state.dice.Dice`).

>>> from aslpto.state.dice import GivenDice
>>> [u.counter for u in resolve("mc", [describe("4-4-8")], GivenDice("5,4")).units]
['3-4-8']
>>> odds("ptc", [describe("4-4-7")]).probability(lambda r: r.units[0].pinned)
Fraction(5, 12)
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base import plugins
from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, help_of
from aslpto.rules import morale as m
from aslpto.state.counters import catalog, complete, leader_face, make, parse_leader
from aslpto.state.dice import Dice, Distribution, GivenDice, RandomDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

if TYPE_CHECKING:
    from aslpto.rules.morale.stack import StackOdds
    from aslpto.state.game import Game

NAME = "odds"
HELP = help_of(NAME)

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


_CHECK = {
    Procedure.MC: m.Check.MC,
    Procedure.NMC: m.Check.NMC,
    Procedure.PTC: m.Check.PTC,
    Procedure.LLMC: m.Check.LLMC,
    Procedure.LLTC: m.Check.LLTC,
    Procedure.PANJI: m.Check.PANJI,
}


@record
class Options:
    """What else the procedures need to know (all default to "not so")."""

    mc: int = 0  # the IFT "nMC": +n DRM
    drm: int = 0  # any other DRM the caller knows of
    heat_of_battle: bool = True  # resolve the Heat of Battle DR (A15.1)
    hob_drm: int = 0
    pillbox: bool = False  # G1.62
    encircled: bool = False  # A7.7 / G1.62
    human_wave: bool = False  # Banzai Charge (G1.5): no HoB; G9.43 EXC
    routing: bool = False  # G9.43
    berserk_stack: bool | None = None  # G9.43 (None: berserk if every unit is)
    no_quarter: bool = False  # A15.1 Surrender -> berserk
    leader_loss: bool = True  # chain LLMC/LLTC after an attack MC (A10.2)
    sniper_dr: int = 1
    gives_dc: bool = False  # G1.421/G1.424
    banzai: bool = False  # G1.421: no pin on an Original 6
    mf_expended: int = 0  # G1.423
    leadership_drm: int | None = None  # T-H Hero / Hara-Kiri delta (None: from a leader present)
    pre_1944: bool = False  # G1.4231
    smc_eliminated_self: bool = False  # G1.641


PLAIN = Options()


def _facts(o: Options) -> dict[str, Any]:
    return {
        "encircled": o.encircled,
        "pillbox": o.pillbox,
        "human_wave": o.human_wave,
        "no_quarter": o.no_quarter,
        "heat_of_battle": o.heat_of_battle,
        "heat_of_battle_drm": o.hob_drm,
    }


def _leadership(unit: Unit, present: Sequence[Unit], o: Options) -> int:
    if o.leadership_drm is not None:
        return o.leadership_drm
    return m.situation_in(unit, present).leadership_drm


def _first(units: Sequence[Unit], what: str, pred: Any = None) -> Unit:
    for u in units:
        if pred is None or pred(u):
            return u
    raise InputError(f"this procedure needs {what}")


def _with_context(r: m.Result, context: Sequence[Unit]) -> m.Result:
    """The result with the units present (and untouched) listed after the others."""
    have = {u.id for u in r.units} | set(r.eliminated)
    extra = tuple(u for u in context if u.id not in have)
    return m.Result(r.units + extra, r.eliminated, r.events, r.rules) if extra else r


def resolve(
    procedure: str | Procedure,
    units: Sequence[Unit],
    dice: Dice,
    options: Options = PLAIN,
    context: Sequence[Unit] = (),
) -> m.Result:
    """Roll ``procedure`` for ``units`` (``context``: units present that take no check, such as
    a leader whose leadership applies)."""
    p = Procedure(procedure)
    units = list(units)
    if not units:
        raise InputError("no unit given")
    present = [*units, *context]
    o = options
    if p in (Procedure.MC, Procedure.NMC, Procedure.PTC, Procedure.LLMC, Procedure.LLTC):
        drm = o.mc + o.drm
        return m.resolve_location(
            units, _CHECK[p], dice, drm=drm, context=context, leader_loss=o.leader_loss, **_facts(o)
        )
    if p == Procedure.PANJI:
        return m.resolve_location(
            units, m.Check.PANJI, dice, drm=o.drm, context=context, leader_loss=False, **_facts(o)
        )
    if p == Procedure.PANJI_STACK:
        return m.resolve_panji_stack(
            units, dice, berserk=o.berserk_stack, routing=o.routing, **_facts(o)
        )
    # Units given but not acted on (a leader given with --leader, the rest of a stack) stay in
    # the result as present.
    return _with_context(_resolve_one(p, units, dice, o, present), present)


def _resolve_one(
    p: Procedure, units: list[Unit], dice: Dice, o: Options, present: list[Unit]
) -> m.Result:
    if p == Procedure.AERIAL_PANJI:
        return m.resolve_aerial_panji(units, dice, **_facts(o))
    if p == Procedure.SNIPER:
        return m.resolve_sniper(units[0], dice, dr=o.sniper_dr)
    if p == Procedure.TH_HERO:
        from aslpto.rules.japanese import heroes  # (imported when asked: G1.421)

        # G1.421: a stack of MMC may attempt "simultaneously", each with its own dr.
        _first(units, "a Japanese squad or HS", lambda u: u.kind.is_mmc)
        mmcs = [u for u in units if u.kind.is_mmc]
        done = tuple(heroes.resolve_th_hero(mmc, dice, **_th_hero_kw(mmc, present, o))
                     for mmc in mmcs)  # fmt: skip
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


def _th_hero_kw(mmc: Unit, present: list[Unit], o: Options) -> dict[str, Any]:
    return {"gives_dc": o.gives_dc, "banzai": o.banzai, "mf_expended": o.mf_expended,
            "leadership_drm": _leadership(mmc, present, o)}  # fmt: skip


def _th_heroes(present: list[Unit], mmcs: Sequence[Unit], done: Sequence[m.Result]) -> m.Result:
    """The Location after each MMC's T-H Hero attempt (G1.421), in the order given."""
    units_now = list(present)
    events: list[str] = []
    rules: list[str] = []
    for mmc, r in zip(mmcs, done, strict=True):
        at = next(i for i, u in enumerate(units_now) if u.id == mmc.id)
        units_now[at : at + 1] = r.units
        events += r.events
        rules += [x for x in r.rules if x not in rules]
    return m.Result(tuple(units_now), (), tuple(events), tuple(rules))


def _odds_th_heroes(
    units: list[Unit], o: Options, context: Sequence[Unit]
) -> Distribution[m.Result]:
    """Exact odds of every MMC's T-H Hero attempt (G1.421): each MMC's own dr, so the attempts
    are bound one after another (the work grows with the distinct outcomes, not 6 rolls a
    unit)."""
    from aslpto.rules.japanese import heroes  # (imported when asked: G1.421)

    present = [*units, *context]
    _first(units, "a Japanese squad or HS", lambda u: u.kind.is_mmc)
    mmcs = [u for u in units if u.kind.is_mmc]
    each = [heroes.odds_th_hero(mmc, **_th_hero_kw(mmc, present, o)) for mmc in mmcs]
    joint = math.prod(len(d.items) for d in each)
    if joint > STACK_LIMIT:
        raise InputError(f"th-hero: the attempts of these {len(mmcs)} MMC have {joint:,} joint "
                         f"outcomes (more than {STACK_LIMIT:,} to list); each MMC's attempt is "
                         "its own dr (G1.421): ask for fewer at a time")  # fmt: skip

    return Distribution.in_turn(len(mmcs), lambda done: each[len(done)]).map(
        lambda done: _with_context(_th_heroes(present, mmcs, done), present)
    )


def odds(
    procedure: str | Procedure,
    units: Sequence[Unit],
    options: Options = PLAIN,
    context: Sequence[Unit] = (),
) -> Distribution[m.Result]:
    """Exact distribution of :func:`resolve` (composed per unit where the procedure allows)."""
    p = Procedure(procedure)
    units = list(units)
    if not units:
        raise InputError("no unit given")
    o = options
    if p in (Procedure.MC, Procedure.NMC, Procedure.PTC, Procedure.LLMC, Procedure.LLTC):
        return m.odds_location(
            units,
            _CHECK[p],
            drm=o.mc + o.drm,
            context=context,
            leader_loss=o.leader_loss,
            **_facts(o),
        )
    if p == Procedure.PANJI:
        return m.odds_location(
            units, m.Check.PANJI, drm=o.drm, context=context, leader_loss=False, **_facts(o)
        )
    if p == Procedure.PANJI_STACK:
        return m.odds_panji_stack(units, berserk=o.berserk_stack, routing=o.routing, **_facts(o))
    if p == Procedure.TH_HERO:
        return _odds_th_heroes(units, o, context)
    if p == Procedure.HARA_KIRI and len(units) > 1:
        from aslpto.rules.japanese import cc  # (imported when asked: G1.641)

        if 2 ** len(units) > STACK_LIMIT:  # (each unit eliminates itself or not)
            raise InputError(f"hara-kiri: the attempts of these {len(units)} units have up to "
                             f"{2 ** len(units):,} joint outcomes (more than {STACK_LIMIT:,} to "
                             "list); ask for fewer at a time (G1.641)")  # fmt: skip
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
) -> Distribution[m.Result]:
    """:func:`odds` with units that start identical (but for their id) taken as interchangeable:
    one outcome per multiset of results (A10.2, G9.43), in time polynomial in the stack's size.
    Events are not kept (ask :func:`odds` for every history); each outcome's ``rules`` are all
    the rules the procedure applied. Beyond :data:`STACK_LIMIT` outcomes it refuses (see
    :func:`factored` for the odds factored, and their summary)."""
    so = factored(procedure, units, options, context)
    if so is None:
        return odds(procedure, units, options, context)
    return _joint(so, units)


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
            units, _CHECK[p], drm=o.mc + o.drm, context=context, leader_loss=o.leader_loss,
            **_facts(o),
        )  # fmt: skip
    if p == Procedure.PANJI:
        return ms.stack_odds_location(
            units, m.Check.PANJI, drm=o.drm, context=context, leader_loss=False, **_facts(o)
        )
    if p == Procedure.PANJI_STACK:
        return ms.stack_odds_panji(units, berserk=o.berserk_stack, routing=o.routing, **_facts(o))
    return None


def _joint(so: StackOdds, units: Sequence[Unit]) -> Distribution[m.Result]:
    if so.size > STACK_LIMIT:
        raise InputError(
            f"the exact odds of these {len(units)} units have up to {so.size:,} outcomes "
            f"(more than {STACK_LIMIT:,} to list); ask for fewer units"
        )
    return Distribution.of(
        (m.Result(r.units, r.eliminated, (), so.rules), p) for r, p in so.joint()
    )


# ---------------------------------------------------------------------------------------------
# Describing units on the command line
# ---------------------------------------------------------------------------------------------

_LEADER_FACE = LazyPattern(r"^[0-9]+[+-][0-9]$")
_KIND_WORDS = {k.value: k for k in Kind} | {
    "hs": Kind.HALF_SQUAD,
    "th-hero": Kind.TH_HERO,
    "dc-hero": Kind.DC_HERO,
}
_FLAGS = (
    "broken",
    "pinned",
    "berserk",
    "wounded",
    "unarmed",
    "concealed",
    "hidden",
    "cx",
    "ti",
    "dm",
)


ELR_RANGE = (0, 5)
"""A19.1: ELR values run from 0 to 5."""


def _check_leader_face(face: str, nationality: str, *, wounded: bool) -> None:
    """A leader face must be one of the nationality's ranks (G1.41 for the Japanese); a wounded
    leader may be given by his unwounded face or his wounded one (Morale Level and leadership
    each one worse, A17.3)."""
    ranks = catalog().nationality(nationality).leader_ranks
    if face in ranks:
        return
    if wounded:
        ml, lead = parse_leader(face)
        if leader_face(ml + 1, lead - 1) in ranks:
            return
    raise InputError(
        f"leader {face!r} is not a {nationality} leader rank ({', '.join(ranks)})"
        + ("" if wounded else "; add :wounded for a wounded leader's face")
    )


def describe(
    spec: str,
    *,
    nationality: str = "japanese",
    id: str | None = None,
    elr: int = 3,
) -> Unit:
    """A unit from a short description: ``FACE[:CLASS][:STRENGTH][:KIND][:NATIONALITY][:FLAG]``.

    ``4-4-8``; ``3-4-7:1st-line`` (a Reduced 1st-Line squad); ``3-4-7:2nd-line``; ``9-1`` (a
    leader); ``hero``, ``t-h-hero``; ``1-2-7`` (a vehicle crew); flags ``broken``, ``pinned``,
    ``berserk``, ``wounded``, ``unarmed``, ``dc`` and ``elr=N``; a nationality key
    (``american``, ``usmc``, ``british``, ``chinese``, ``russian``).
    """
    if not ELR_RANGE[0] <= elr <= ELR_RANGE[1]:
        raise InputError(f"ELR {elr}: an ELR is {ELR_RANGE[0]}-{ELR_RANGE[1]} (A19.1)")
    parts = [p.strip().lower() for p in spec.split(":") if p.strip()]
    if not parts:
        raise InputError(f"unit {spec!r}: empty description")
    face, rest = parts[0], parts[1:]
    cls: UnitClass | None = None
    strength: Strength | None = None
    kind: Kind | None = None
    status: dict[str, Any] = {}
    nats = set(catalog().nationalities)
    def once(what: str, old: Any, new: Any) -> Any:
        if old is not None and old != new:
            raise InputError(f"unit {spec!r}: {what} given twice ({old.value}, {new.value})")
        return new

    for tok in rest:
        if tok in {c.value for c in UnitClass}:
            cls = once("Class", cls, UnitClass(tok))
        elif tok in {s.value for s in Strength}:
            strength = once("strength", strength, Strength(tok))
        elif tok in _KIND_WORDS:
            kind = once("kind", kind, _KIND_WORDS[tok])
        elif tok in nats:
            nationality = tok
        elif tok in _FLAGS:
            status[tok] = True
        elif tok == "dc":
            status["possesses_dc"] = True
        elif tok.startswith("elr="):
            try:
                elr = int(tok[4:])
            except ValueError:
                raise InputError(f"unit {spec!r}: bad ELR {tok!r}") from None
            if not ELR_RANGE[0] <= elr <= ELR_RANGE[1]:
                raise InputError(f"unit {spec!r}: an ELR is {ELR_RANGE[0]}-{ELR_RANGE[1]}")
        else:
            raise InputError(f"unit {spec!r}: unknown word {tok!r}")
    if status.get("broken"):
        status.setdefault("dm", False)
    uid = id or face
    japanese = nationality == "japanese"
    if strength is not None or (status.get("broken") and japanese):
        k = kind or _KIND_WORDS.get(face)
        if k is None:
            k = Kind.LEADER if _LEADER_FACE.match(face) else catalog().find(
                nationality, face, kind=kind, unit_class=cls, strength=strength).kind  # fmt: skip
        if strength is not None and not (japanese and k in (Kind.SQUAD, Kind.CREW)):
            who = catalog().nationality(nationality).name
            raise InputError(
                f"unit {spec!r}: a {who} {k.value} has no Full- and Reduced-Strength sides (only "
                "Japanese squads and infantry crews have them: G1.1, G1.3)"
            )
        if status.get("broken") and japanese and k in (Kind.SQUAD, Kind.CREW):
            raise InputError(
                f"unit {spec!r}: a Japanese {k.value} has no broken side (G1.1, G1.3); "
                "describe its broken half-squads instead"
            )
    if face in _KIND_WORDS and _KIND_WORDS[face].is_smc:
        return make(uid, nationality, _KIND_WORDS[face], elr=elr, **status)
    if face in _KIND_WORDS:
        kind = _KIND_WORDS[face]
        return make(uid, nationality, kind, cls, strength, elr=elr, **status)
    if _LEADER_FACE.match(face):
        _check_leader_face(face, nationality, wounded=bool(status.get("wounded")))
        return make(uid, nationality, Kind.LEADER, face=face, elr=elr, **status)
    c = catalog().find(nationality, face, kind=kind, unit_class=cls, strength=strength)
    return make(uid, nationality, c.kind, c.unit_class, c.strength, face=c.label, elr=elr,
                **status)  # fmt: skip


def _units_from_args(
    args: argparse.Namespace, game: Game | None = None
) -> tuple[list[Unit], list[Unit]]:
    described = _described(args)
    if args.scenario:
        if described:
            raise InputError(
                f"--scenario takes its units as the scenario holds them: {', '.join(described)} "
                "cannot describe them"
            )
        return _units_from_scenario(args, game)
    specs: list[str] = list(args.unit or [])
    words = [b for b in (args.unit_class, args.strength, args.kind) if b]
    words += [f for f in _FLAGS if getattr(args, f, False)]
    if args.dc:
        words.append("dc")
    if specs:
        if args.counter is not None:
            raise InputError(
                f"--counter {args.counter!r} describes the one unit given without --unit; "
                "give the face in --unit instead"
            )
        # the options describe every --unit given (4-4-8 --broken is 4-4-8:broken)
        specs = [":".join([s, *words]) if words else s for s in specs]
    else:
        if args.counter is None and args.kind is None:
            raise InputError("describe a unit: --unit 4-4-8, or --counter/--class/--strength")
        bits = [args.counter or args.kind, *words]
        specs = [":".join(dict.fromkeys(bits))]
    units: list[Unit] = []
    for i, s in enumerate(specs):
        u = describe(s, nationality=args.nationality, id=f"U{i + 1}", elr=args.elr)
        units.append(u)
    if args.leader:
        units.append(describe(args.leader, nationality=args.nationality, id="L", elr=args.elr))
    context = []
    if args.leader_present:
        context.append(
            describe(args.leader_present, nationality=args.nationality, id="LP", elr=args.elr)
        )
    return units, context


def _described(args: argparse.Namespace) -> list[str]:
    """The unit-describing options given (``--counter``, ``--class``, ..., ``--broken``)."""
    given = (("counter", args.counter), ("class", args.unit_class),
             ("strength", args.strength), ("kind", args.kind))  # fmt: skip
    out = [f"--{k} {v}" for k, v in given if v]
    out += [f"--{f}" for f in (*_FLAGS, "dc") if getattr(args, f, False)]
    return out


def _units_from_scenario(
    args: argparse.Namespace, game: Game | None = None
) -> tuple[list[Unit], list[Unit]]:
    given = [f"--{w}" for w in _described(args)]
    if args.counter is not None:
        given.append("--counter")
    if args.leader or args.leader_present:
        given.append("--leader" if args.leader else "--leader-present")
    if given:
        raise InputError(
            f"{' '.join(given)}: with --scenario the units are the scenario's, as it gives them"
        )
    if game is None:
        try:
            scenario = plugins.module("aslpto.formats.scenario")
        except ImportError:
            raise InputError(
                "--scenario needs aslpto.formats.scenario, which this installation lacks"
            ) from None
        game = scenario.load(args.scenario)
    if not args.unit:
        raise InputError("--scenario needs --unit ID (one or more)")
    all_units: dict[str, Unit] = dict(game.units)
    units = []
    for uid in args.unit:
        if uid not in all_units:
            known = ", ".join(sorted(all_units)) or "none"
            raise InputError(f"no unit '{uid}' in {args.scenario} (units: {known})")
        units.append(complete(all_units[uid]))
    first = units[0]
    named = {u.id for u in units}
    context = [
        u
        for u in all_units.values()
        if u.id not in named
        and u.side == first.side
        and u.hex == first.hex
        and u.position == first.position
        and u.kind == Kind.LEADER
    ]
    return units, [complete(u) for u in context]


# ---------------------------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------------------------


_EPILOG = (
    "mc N: the MC of an IFT/Collateral/Bombardment/FPF attack whose result is NMC (N = 0) or "
    "N MC (+N DRM); a Japanese squad failing it is Step Reduced (G1.12). nmc: a Normal Morale "
    "Check from another cause (Bail Out, Wreck Check, WP, ...); a Japanese squad failing it "
    "breaks into broken half-squads (G1.13); so 'nmc' is not 'mc 0'. panji: each unit its own "
    "Panji MC (G9.41); panji-stack: the stack's (G9.43). A stack's odds are listed per joint "
    f"outcome up to {STACK_LIMIT:,} outcomes; beyond (or with --summary) they are summarized, "
    "exactly: the leaders' outcomes, how each group of identical units ends one by one and how "
    "many of them end each way, and how many of the units end eliminated, broken or in Good "
    "Order (--json: 'summary' in place of 'outcomes'; see the README)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _EPILOG
    parser.add_argument(
        "procedure",
        choices=[p.value for p in Procedure],
        metavar="PROCEDURE",
        help="mc N | nmc | ptc | llmc | lltc | panji | panji-stack | aerial-panji | sniper | "
        "th-hero | atmm | hara-kiri (see below: nmc is not mc 0)",
    )
    parser.add_argument(
        "strength_of_mc",
        nargs="?",
        type=int,
        default=None,
        metavar="N",
        help="for mc: the IFT result NMC (a 2MC adds +2)",
    )
    g = parser.add_argument_group("units")
    g.add_argument(
        "--unit",
        action="append",
        metavar="SPEC",
        help="a unit (repeatable): 4-4-8, 3-4-7:1st-line, 9-1, hero, t-h-hero, "
        "1-2-8:reduced, 4-5-7:british:broken, ...; with --scenario: a unit id",
    )
    g.add_argument("--nationality", default="japanese")
    g.add_argument("--counter", help="printed face of the one unit described by options")
    g.add_argument("--class", dest="unit_class", choices=[c.value for c in UnitClass])
    g.add_argument("--strength", choices=[s.value for s in Strength])
    g.add_argument("--kind", choices=sorted(_KIND_WORDS))
    g.add_argument("--elr", type=int, default=3)
    for f in ("broken", "pinned", "berserk", "wounded", "unarmed", "concealed"):
        g.add_argument(f"--{f}", action="store_true")
    g.add_argument("--dc", action="store_true", help="the unit possesses a DC")
    g.add_argument("--leader", metavar="FACE", help="a leader in the Location, also checking")
    g.add_argument(
        "--leader-present",
        metavar="FACE",
        help="a leader in the Location who takes no check (his leadership applies)",
    )
    g.add_argument("--scenario", metavar="FILE", help="take --unit ids from a scenario file")
    o = parser.add_argument_group("procedure")
    o.add_argument("--mc", type=int, default=0, help="the IFT NMC (+N DRM)")
    o.add_argument("--drm", type=int, default=0, help="any other DRM")
    o.add_argument(
        "--no-heat-of-battle", action="store_true", help="report Heat of Battle without rolling it"
    )
    o.add_argument("--hob-drm", type=int, default=0)
    o.add_argument("--pillbox", action="store_true")
    o.add_argument("--encircled", action="store_true")
    o.add_argument("--banzai", action="store_true", help="Banzai Charge / Human Wave")
    o.add_argument("--routing", action="store_true")
    o.add_argument("--berserk-stack", action="store_true")
    o.add_argument("--no-quarter", action="store_true")
    o.add_argument("--no-leader-loss", action="store_true")
    o.add_argument("--sniper-dr", type=int, default=1, choices=[1, 2])
    o.add_argument("--gives-dc", action="store_true")
    o.add_argument("--mf-expended", type=int, default=0)
    o.add_argument("--leadership-drm", type=int, default=None)
    o.add_argument("--pre-1944", action="store_true")
    o.add_argument("--smc-eliminated-self", action="store_true")
    r = parser.add_argument_group("rolling instead of odds")
    r.add_argument("--rolls", help='resolve with these rolls, e.g. "3,5 4"')
    r.add_argument("--seed", type=int, help="resolve with seeded random dice")
    r.add_argument(
        "--detail",
        action="store_true",
        help="one outcome per distinct history (events), not per end state (a stack: up to "
        f"{DETAIL_LIMIT:,} histories)",
    )
    r.add_argument(
        "--summary",
        action="store_true",
        help="a stack's odds per unit and by how many units end each way, not per joint "
        f"outcome (given without asking beyond {STACK_LIMIT:,} joint outcomes)",
    )


def _options(args: argparse.Namespace) -> Options:
    mc = args.mc if args.strength_of_mc is None else args.strength_of_mc
    if mc < 0:
        raise InputError(f"the IFT result is a NMC with N >= 0 (a 'K' or 'NMC'), not {mc}")
    if args.mf_expended < 0:
        raise InputError(f"--mf-expended cannot be negative ({args.mf_expended})")
    return Options(
        mc=mc,
        drm=args.drm,
        heat_of_battle=not args.no_heat_of_battle,
        hob_drm=args.hob_drm,
        pillbox=args.pillbox,
        encircled=args.encircled,
        human_wave=args.banzai,
        routing=args.routing,
        berserk_stack=True if args.berserk_stack else None,
        no_quarter=args.no_quarter,
        leader_loss=not args.no_leader_loss,
        sniper_dr=args.sniper_dr,
        gives_dc=args.gives_dc,
        banzai=args.banzai,
        mf_expended=args.mf_expended,
        leadership_drm=args.leadership_drm,
        pre_1944=args.pre_1944,
        smc_eliminated_self=args.smc_eliminated_self,
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
    for f in ("berserk", "wounded", "unarmed", "concealed"):
        if getattr(u, f):
            d[f] = True
    if u.possesses_dc:
        d["dc"] = True
    if u.nationality != "japanese":
        d["nationality"] = u.nationality
    return d


def result_json(r: m.Result, *, detail: bool, procedure: Procedure | None = None) -> dict[str, Any]:
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


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _line(u: dict[str, Any]) -> str:
    bits = [u["counter"], u["class"] or u["kind"]]
    bits += [k for k in ("broken", "pinned", "dm", "berserk", "wounded", "unarmed") if u.get(k)]
    return " ".join(str(b) for b in bits)


def _listing(
    proc: Procedure,
    units: list[Unit],
    opts: Options,
    context: list[Unit],
    args: argparse.Namespace,
    header: dict[str, Any],
) -> Distribution[m.Result] | Outcome:
    """The outcomes to list (``--detail``: every history), or the stack's summary. A single
    unit's outcomes come from its own walk (:func:`odds`): with no leader to roll first and
    no other unit, there is nothing to factor."""
    if args.detail and args.summary:
        raise InputError("--detail lists every history, --summary sums them up: give one")
    if len(units) == 1 and not args.summary:
        return odds(proc, units, opts, context)
    so = factored(proc, units, opts, context)
    if so is None:
        if args.summary:
            raise InputError(
                f"--summary sums up a stack's checks (mc, nmc, ptc, llmc, lltc, panji, "
                f"panji-stack), not {proc.value}: its outcomes are listed"
            )
        return odds(proc, units, opts, context)
    if args.detail:
        if so.histories > DETAIL_LIMIT:
            raise InputError(
                f"--detail: these {len(units)} units' checks have {so.histories:,} histories "
                f"(more than {DETAIL_LIMIT:,} to enumerate); leave out --detail for the odds of "
                "each end state, or use --summary for each unit's"
            )
        return odds(proc, units, opts, context)
    if args.summary or so.size > STACK_LIMIT:
        from aslpto.cli import odds_summary  # (imported when asked: a big stack)

        rule = "G9.43" if proc == Procedure.PANJI_STACK else "A10.2"
        return odds_summary.render(header, so, units, asked=args.summary, limit=STACK_LIMIT,
                                   rule=rule, unit_json=unit_json, line=_line)  # fmt: skip
    return _joint(so, units)


def run(args: argparse.Namespace) -> Outcome:
    return answer(None, args)


def answer(game: Game | None, args: argparse.Namespace) -> Outcome:
    """The answer; ``game``, when given, is the scenario ``--scenario`` names, already loaded."""
    units, context = _units_from_args(args, game)
    opts = _options(args)
    proc = Procedure(args.procedure)
    header = {"procedure": proc.value, "units": [unit_json(u) for u in units]}
    if context:
        header["present"] = [unit_json(u) for u in context]
    if args.rolls is not None or args.seed is not None:
        if args.summary:
            raise InputError("--summary sums up the odds; --rolls and --seed roll once")
        dice: Dice = GivenDice(args.rolls) if args.rolls is not None else RandomDice(args.seed)
        r = resolve(proc, units, dice, opts, context)
        if isinstance(dice, GivenDice) and dice.remaining:
            raise InputError(
                f"rolls {args.rolls!r}: {dice.remaining} roll(s) left over; the procedure used "
                f"{dice.used}"
            )
        entry = result_json(r, detail=True, procedure=proc)
        # the shape of an odds run: one outcome, the one rolled
        rolled = args.rolls if args.rolls is not None else f"seed {args.seed}"
        payload = {**header, "outcomes": [{**entry, "probability": "1/1"}],
                   "rules": list(r.rules), "rolled": rolled}  # fmt: skip
        text = "; ".join(_line(u) for u in entry["result"]) or "(none)"
        if "atmm" in entry:
            text += "  ATMM" if entry["atmm"] else "  no ATMM"
        if r.eliminated:
            text += f"  eliminated: {', '.join(r.eliminated)}"
        text += "\n" + "\n".join(r.events) + f"\nrules: {', '.join(r.rules)}"
        return Outcome(payload, text)
    dist = _listing(proc, units, opts, context, args, header)
    if isinstance(dist, Outcome):
        return dist
    grouped: dict[str, tuple[dict[str, Any], Fraction]] = {}
    rules: list[str] = []
    for r, p in dist:
        entry = result_json(r, detail=args.detail, procedure=proc)
        key = repr(entry)
        prev = grouped.get(key)
        grouped[key] = (entry, p + (prev[1] if prev else Fraction(0)))
        rules.extend(x for x in r.rules if x not in rules)
    ordered = sorted(grouped.values(), key=lambda ep: -ep[1])
    outcomes = [{**e, "probability": f"{p.numerator}/{p.denominator}"} for e, p in ordered]
    payload = {**header, "outcomes": outcomes, "rules": rules}
    lines = [
        f"{o['probability']:>12}  {_percent(p):>6}  "
        + ("; ".join(_line(u) for u in o["result"]) or "(none)")
        + (f"  eliminated: {', '.join(o['eliminated'])}" if o.get("eliminated") else "")
        + (("  ATMM" if o["atmm"] else "  no ATMM") if "atmm" in o else "")
        for o, (_, p) in zip(outcomes, ordered, strict=True)
    ]
    lines.append(f"rules: {', '.join(rules)}")
    return Outcome(payload, "\n".join(lines))


__all__ = [
    "HELP",
    "NAME",
    "Options",
    "Procedure",
    "add_arguments",
    "answer",
    "describe",
    "factored",
    "odds",
    "resolve",
    "run",
    "stack_odds",
]
