"""``aslpto odds``: exact outcome distributions of the morale and G1 dice procedures.

The command: its arguments, the units described on the command line (:func:`describe`), the
outcomes listed as text and JSON (:func:`answer`). The procedures, their dispatch and a stack's
joint outcomes are :mod:`aslpto.procedures.odds`; its Python API is named here too:
:func:`odds` (exact, a :class:`~aslpto.state.dice.Distribution` of
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
from fractions import Fraction

from aslpto.base import plugins
from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import replace
from aslpto.base.rulings import InputError, listed
from aslpto.cli import cc as cc_command
from aslpto.cli.command import Outcome, help_of
from aslpto.procedures.odds import (
    DETAIL_LIMIT,
    STACK_LIMIT,
    Options,
    Procedure,
    factored,
    joint_outcomes,
    odds,
    resolve,
    result_json,
    stack_odds,
    unit_json,
)
from aslpto.rules import morale
from aslpto.state.counters import catalog, complete, leader_face, make, parse_leader
from aslpto.state.dice import Dice, Distribution, GivenDice, RandomDice
from aslpto.state.units import Kind, Strength, Unit, UnitClass

if TYPE_CHECKING:
    from aslpto.state.game import Game

NAME = "odds"
HELP = help_of(NAME)

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
    "heroic",
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
    ``berserk``, ``heroic`` (a leader who became heroic, A15.21), ``wounded``, ``unarmed``,
    ``dc`` and ``elr=N``; a nationality key (``american``, ``usmc``, ``british``,
    ``chinese``, ``russian``).
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
            k = (
                Kind.LEADER
                if _LEADER_FACE.match(face)
                else catalog()
                .find(nationality, face, kind=kind, unit_class=cls, strength=strength)
                .kind
            )
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
    if status.get("heroic") and not (_LEADER_FACE.match(face) or kind == Kind.LEADER):
        raise InputError(
            f"unit {spec!r}: only a leader becomes heroic (A15.21); a hero counter is heroic "
            "by its kind"
        )
    if face in _KIND_WORDS and _KIND_WORDS[face].is_smc:
        if status.get("wounded"):  # (a hero by his kind: on his wounded side, A17.3)
            from aslpto.rules.morale.results import wounded_side

            hurt = {**status, "wounded": False}
            return wounded_side(make(uid, nationality, _KIND_WORDS[face], elr=elr, **hurt))
        return make(uid, nationality, _KIND_WORDS[face], elr=elr, **status)
    if face in _KIND_WORDS:
        kind = _KIND_WORDS[face]
        return make(uid, nationality, kind, cls, strength, elr=elr, **status)
    if _LEADER_FACE.match(face):
        _check_leader_face(face, nationality, wounded=bool(status.get("wounded")))
        return make(uid, nationality, Kind.LEADER, face=face, elr=elr, **status)
    c = catalog().find(nationality, face, kind=kind, unit_class=cls, strength=strength)
    return make(uid, nationality, c.kind, c.unit_class, c.strength, face=c.label, elr=elr, **status)


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
    given = (
        ("counter", args.counter),
        ("class", args.unit_class),
        ("strength", args.strength),
        ("kind", args.kind),
    )
    out = [f"--{k} {v}" for k, v in given if v]
    out += [f"--{f}" for f in (*_FLAGS, "dc") if getattr(args, f, False)]
    return out


def _scenario_game(args: argparse.Namespace) -> Game:
    """The scenario ``--scenario`` names, loaded."""
    try:
        scenario = plugins.module("aslpto.formats.scenario")
    except ImportError:
        raise InputError(
            "--scenario needs aslpto.formats.scenario, which this installation lacks"
        ) from None
    game: Game = scenario.load(args.scenario)
    return game


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
        game = _scenario_game(args)
    if not args.unit:
        raise InputError("--scenario needs --unit ID (one or more)")
    all_units: dict[str, Unit] = dict(game.units)
    units = []
    for uid in args.unit:
        if uid not in all_units:
            known = listed(all_units)
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
    "Order (--json: 'summary' in place of 'outcomes'; see the README). rally: a broken --unit's "
    "Rally attempt (A10.6), by the --leader-present (else a Self-Rally: a leader's, a crew's, or "
    "a MMC's first of its RPh, A18.11), with --dm, --terrain, --drm."
)

RALLY = "rally"
"""``odds rally``: a broken unit's Rally attempt (:mod:`aslpto.rules.morale.rally`)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _EPILOG
    parser.add_argument(
        "procedure",
        choices=[*(p.value for p in Procedure), RALLY],
        metavar="PROCEDURE",
        help="mc N | nmc | ptc | llmc | lltc | panji | panji-stack | aerial-panji | sniper | "
        "th-hero | atmm | hara-kiri | ift FP | cc | rally (see below: nmc is not mc 0)",
    )
    parser.add_argument(
        "strength_of_mc",
        nargs="?",
        default=None,
        metavar="N",
        help="for mc: the IFT result NMC (a 2MC adds +2); for ift: the attack's FP (6, 6.5, 13/2)",
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
    g.add_argument("--dm", action="store_true", help="the unit is under DM (A10.62)")
    g.add_argument("--dc", action="store_true", help="the unit possesses a DC")
    g.add_argument("--leader", metavar="FACE", help="a leader in the Location, also checking")
    g.add_argument(
        "--leader-present",
        metavar="FACE",
        help="a leader in the Location who takes no check (his leadership applies)",
    )
    g.add_argument("--scenario", metavar="FILE", help="take --unit ids from a scenario file")
    g.add_argument(
        "--firer",
        action="append",
        metavar="SPEC",
        help="for ift: a firing unit (repeatable, the --unit words), which decides whether the "
        "attack Cowers (A7.9); with none given it cannot",
    )
    c = parser.add_argument_group("cc: Close Combat in a Location (A11, G1.64)")
    c.add_argument(
        "--attacker",
        action="append",
        metavar="SPEC",
        help="an ATTACKER's unit (repeatable, the --unit words; above-panji, bank)",
    )
    c.add_argument(
        "--defender", action="append", metavar="SPEC", help="a DEFENDER's unit (repeatable)"
    )
    c.add_argument(
        "--hand-to-hand",
        action="store_true",
        help="Hand-to-Hand CC declared (J2.31); else G1.64 decides",
    )
    c.add_argument(
        "--ambush", choices=["attacker", "defender"], help="the side that Ambushed (A11.4)"
    )
    c.add_argument(
        "--defender-drm",
        type=int,
        default=0,
        help="any other DRM to the DEFENDER's attack (--drm: the ATTACKER's)",
    )
    cc_command.add_declarations(c)
    o = parser.add_argument_group("procedure")
    o.add_argument("--mc", type=int, default=0, help="the IFT NMC (+N DRM)")
    o.add_argument("--drm", type=int, default=0, help="any other DRM")
    o.add_argument(
        "--no-heat-of-battle", action="store_true", help="report Heat of Battle without rolling it"
    )
    o.add_argument("--hob-drm", dest="heat_of_battle_drm", type=int, default=0)
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
    o.add_argument(
        "--leadership-drm",
        type=int,
        default=None,
        help="a drm given to the T-H Hero dr (no leader present modifies it: its delta, A.10)",
    )
    o.add_argument("--pre-1944", action="store_true")
    o.add_argument("--smc-eliminated-self", action="store_true")
    o.add_argument(
        "--terrain",
        metavar="WORD",
        help="rally: the terrain of the unit's Location (woods, stone-building, dense-jungle, "
        "...; with --scenario, its hex's)",
    )
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


DRM_RANGE = (-15, 15)
"""The DRM ``odds ift`` takes: an Original DR of 2 to 12 meets the IFT's rows 0 to 15 within it."""

FP_RANGE = (Fraction(1, 8), Fraction(999))
"""The FP ``odds ift`` takes: fractions of a factor (halved three times) to 999."""


def _fp(text: str) -> Fraction:
    """An attack's FP as typed: ``6``, ``6.5``, ``13/2``."""
    t = text.strip()
    try:
        if not (t.isascii() and t and all(c.isdigit() or c in "./" for c in t)):
            raise ValueError
        fp = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"ift FP '{text}': a number of FP (6, 6.5, 13/2)") from None
    low, high = FP_RANGE
    if not low <= fp <= high:
        raise InputError(f"ift FP '{text}' is out of range (an attack's FP: {low} to {high})")
    return fp


def _mc_number(text: str | None, default: int) -> int:
    if text is None:
        return default
    t = text.strip()
    if not (t.isascii() and t.lstrip("-").isdigit() and len(t) <= 3):
        raise InputError(f"N '{text}': the number of a #MC (mc 0 for a NMC, mc 2 for a 2MC)")
    return int(t)


def _options(args: argparse.Namespace) -> Options:
    ift = args.procedure == Procedure.IFT.value
    if ift and args.strength_of_mc is None:
        raise InputError("ift: give the attack's FP (aslpto odds ift 6 --unit 4-4-8)")
    if not ift and args.firer:
        raise InputError(
            f"--firer: the firers of an IFT attack (odds ift), not of {args.procedure}"
        )
    fp = _fp(args.strength_of_mc) if ift else None
    if ift and not DRM_RANGE[0] <= args.drm <= DRM_RANGE[1]:
        raise InputError(
            f"--drm {args.drm} is out of range (an attack's DRM: {DRM_RANGE[0]} to "
            f"{DRM_RANGE[1]}; beyond, every roll is on the IFT's first or last "
            "row)"
        )
    mc = 0 if ift else _mc_number(args.strength_of_mc, args.mc)
    firers = tuple(
        describe(f, nationality=args.nationality, id=f"F{i}")
        for i, f in enumerate(args.firer or (), start=1)
    )
    if mc < 0:
        raise InputError(f"the IFT result is a NMC with N >= 0 (a 'K' or 'NMC'), not {mc}")
    if args.mf_expended < 0:
        raise InputError(f"--mf-expended cannot be negative ({args.mf_expended})")
    return Options(
        mc=mc,
        drm=args.drm,
        heat_of_battle=not args.no_heat_of_battle,
        heat_of_battle_drm=args.heat_of_battle_drm,
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
        fp=fp,
        firers=firers,
    )


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _line(u: dict[str, Any]) -> str:
    bits = [u["counter"], u["class"] or u["kind"]]
    flags = ("broken", "pinned", "dm", "berserk", "heroic", "wounded", "unarmed")
    bits += [k for k in flags if u.get(k)]
    return " ".join(str(b) for b in bits)


def _listing(
    proc: Procedure,
    units: list[Unit],
    opts: Options,
    context: list[Unit],
    args: argparse.Namespace,
    header: dict[str, Any],
) -> Distribution[morale.Result] | Outcome:
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
        return odds_summary.render(
            header,
            so,
            units,
            asked=args.summary,
            limit=STACK_LIMIT,
            rule=rule,
            unit_json=unit_json,
            line=_line,
        )
    return joint_outcomes(so, units)


def run(args: argparse.Namespace) -> Outcome:
    return answer(None, args)


def _attack_json(units: list[Unit], context: list[Unit], o: Options) -> dict[str, Any]:
    from aslpto.procedures.odds import attack
    from aslpto.rules.fire.cowering import cowering
    from aslpto.rules.fire.table import column_of

    assert o.fp is not None
    a = attack([*units, *context], o)
    cw = cowering(o.firers) if o.firers else None
    fp = o.fp
    return {
        "fp": fp.numerator if fp.denominator == 1 else f"{fp.numerator}/{fp.denominator}",
        "column": a.column,
        "column_why": column_of(fp).why,
        "drm": o.drm,
        "firers": [unit_json(u) for u in o.firers],
        "cowering": {
            "columns": a.cower,
            "why": cw.why if cw else "no firer given: it cannot Cower",
            "rules": list(cw.rules) if cw else [],
        },
    }


def answer(game: Game | None, args: argparse.Namespace) -> Outcome:
    """The answer; ``game``, when given, is the scenario ``--scenario`` names, already loaded."""
    if args.procedure == Procedure.CC.value:
        from aslpto.cli import odds_cc  # (imported when asked: a Close Combat)

        return odds_cc.answer(args, describe, _line)
    if args.procedure == RALLY:
        return _rally(game, args)
    if args.terrain is not None:
        raise InputError("--terrain is the terrain of a unit rallying (odds rally)")
    if args.attacker or args.defender:
        raise InputError("--attacker and --defender are the sides of odds cc")
    if args.scenario and game is None:
        game = _scenario_game(args)
    units, context = _units_from_args(args, game)
    opts = _options(args)
    if game is not None:
        from aslpto.rules.water import conditions as water  # (B21.41: immune to Pin)

        if water.all_fording(game, units):
            opts = replace(opts, fording=True)
    proc = Procedure(args.procedure)
    header: dict[str, Any] = {"procedure": proc.value, "units": [unit_json(u) for u in units]}
    if context:
        header["present"] = [unit_json(u) for u in context]
    if proc == Procedure.IFT:
        header["attack"] = _attack_json(units, context, opts)
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
        payload = {
            **header,
            "outcomes": [{**entry, "probability": "1/1"}],
            "rules": list(r.rules),
            "rolled": rolled,
        }
        text = "; ".join(_line(u) for u in entry["result"]) or "(none)"
        if "atmm" in entry:
            text += "  ATMM" if entry["atmm"] else "  no ATMM"
        if r.eliminated:
            text += f"  eliminated: {', '.join(r.eliminated)}"
        text += "\n" + "\n".join(r.events) + f"\nrules: {', '.join(r.rules)}"
        return Outcome(payload, _attack_line(header) + text)
    dist = _listing(proc, units, opts, context, args, header)
    if isinstance(dist, Outcome):
        dist.text = _attack_line(header) + dist.text
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
    return Outcome(payload, _attack_line(header) + "\n".join(lines))


def _rally(game: Game | None, args: argparse.Namespace) -> Outcome:
    """``odds rally``: the odds of a broken unit's Rally attempt (A10.6-A10.64, A15.1,
    A18.11), by the leader present (the best leadership of those there), else a Self-Rally."""
    from aslpto.rules.morale import rally as rr

    if args.leader:
        raise InputError("rally: the leader who rallies the unit is --leader-present")
    if args.attacker or args.defender or args.firer:
        raise InputError("rally: --attacker, --defender and --firer are not a rally's")
    units, context = _units_from_args(args, game)
    if len(units) != 1:
        raise InputError("rally: one broken unit (--unit) attempts to rally at a time")
    unit = units[0]
    if args.dm and not unit.dm:
        unit = unit.with_(dm=True)
    leaders = sorted(
        (u for u in context if u.kind == Kind.LEADER and not u.broken),
        key=lambda u: parse_leader(u.counter)[1],
    )
    leader = leaders[0] if leaders else None
    terrain = args.terrain or ""
    if args.scenario and not terrain:
        if game is None:
            game = plugins.module("aslpto.formats.scenario").load(args.scenario)
        terrain = game.map.terrain(game.map.hex(unit.hex)).value if unit.hex else ""
    placed = [u.with_(hex=unit.hex, position=unit.position) for u in (unit, *context)]
    unit, *context = placed
    leader = next((u for u in context if leader is not None and u.id == leader.id), None)
    capable = rr.self_rally_capable(unit).value if unit.broken else True
    attempt = rr.RallyAttempt(
        unit,
        leader,
        (unit, *context),
        field_promotion=leader is None and unit.kind.is_mmc and not capable,
        terrain=terrain,
        pto=True,
        drm=args.drm,
        heat_of_battle=not args.no_heat_of_battle,
    )
    rr.verify(attempt)
    terms = rr.terms(attempt)
    header: dict[str, Any] = {"procedure": RALLY, "units": [unit_json(unit)]}
    if context:
        header["present"] = [unit_json(u) for u in context]
    header["rally"] = {
        "leader": leader.id if leader else None,
        "self_rally": attempt.self_rally,
        "field_promotion": attempt.field_promotion,
        "terrain": terrain or None,
        **terms.as_json(),
    }
    drms = ", ".join(f"{d.value:+d} {d.what} [{d.rule}]" for d in terms.drm) or "none"
    by = f"rallied by {leader.id}" if leader else "Self-Rally"
    if attempt.field_promotion:
        by += " (A18.11: its side's first MMC Rally attempt of its own RPh)"
    top = f"{unit.id} {by}: Morale Level {terms.morale.value}; DRM {drms}\n"
    if args.rolls is not None or args.seed is not None:
        if args.summary or args.detail:
            raise InputError("--summary and --detail are an odds listing's; --rolls rolls once")
        dice: Dice = GivenDice(args.rolls) if args.rolls is not None else RandomDice(args.seed)
        r = rr.resolve_rally(attempt, dice)
        if isinstance(dice, GivenDice) and dice.remaining:
            raise InputError(
                f"rolls {args.rolls!r}: {dice.remaining} roll(s) left over; the procedure used "
                f"{dice.used}"
            )
        entry = result_json(r, detail=True)
        rolled = args.rolls if args.rolls is not None else f"seed {args.seed}"
        payload = {
            **header,
            "outcomes": [{**entry, "probability": "1/1"}],
            "rules": list(r.rules),
            "rolled": rolled,
        }
        text = "; ".join(_line(u) for u in entry["result"]) or "(none)"
        if r.eliminated:
            text += f"  eliminated: {', '.join(r.eliminated)}"
        text += "\n" + "\n".join(r.events) + f"\nrules: {', '.join(r.rules)}"
        return Outcome(payload, top + text)
    if args.summary:
        raise InputError("--summary sums up a stack's checks; a rally's outcomes are listed")
    grouped: dict[str, tuple[dict[str, Any], Fraction]] = {}
    rules: list[str] = []
    for r, p in rr.odds_rally(attempt):
        entry = result_json(r, detail=args.detail)
        key = repr(entry)
        prev = grouped.get(key)
        grouped[key] = (entry, p + (prev[1] if prev else Fraction(0)))
        rules.extend(x for x in r.rules if x not in rules)
    ordered = sorted(grouped.values(), key=lambda ep: -ep[1])
    outcomes = [{**e, "probability": f"{p.numerator}/{p.denominator}"} for e, p in ordered]
    lines = [
        f"{o['probability']:>12}  {_percent(p):>6}  "
        + ("; ".join(_line(u) for u in o["result"]) or "(none)")
        + (f"  eliminated: {', '.join(o['eliminated'])}" if o.get("eliminated") else "")
        for o, (_, p) in zip(outcomes, ordered, strict=True)
    ]
    lines.append(f"rules: {', '.join(rules)}")
    return Outcome({**header, "outcomes": outcomes, "rules": rules}, top + "\n".join(lines))


def _attack_line(header: dict[str, Any]) -> str:
    """``odds ift``: the attack's column and Cowering, before its outcomes."""
    a = header.get("attack")
    if a is None:
        return ""
    return (
        f"{a['column_why']}, DRM {a['drm']:+d}  [A7.3]; {a['cowering']['why']}"
        f"{' [' + ', '.join(a['cowering']['rules']) + ']' if a['cowering']['rules'] else ''}"
        "\n"
    )


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
