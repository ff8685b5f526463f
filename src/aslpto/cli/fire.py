"""``aslpto fire SCENARIO FIRER[,FIRER...] TARGET``: a fire attack on the IFT (A7, A8) with
every PTO change - the FP and DRM items with their rules, the IFT column, whether it Cowers,
the Residual FP - then the odds of each IFT result and of every end state of the target
Location (or, with ``--rolls``/``--seed``, the attack rolled).

TARGET is a hex (``32N6``) or a unit id (its hex); a word that is both is refused. ``--melee``
says the target Location is in Melee (A11.15; a scenario keeps no Melee marker): the attack
affects the firers' side's units locked there too, each target and each unit after it named
with its side.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome, help_of

if TYPE_CHECKING:
    from aslpto.procedures.fire import Breakdown, FireAnswer
    from aslpto.state.game import Game
    from aslpto.state.units import Unit

NAME = "fire"
HELP = help_of(NAME)

_PHASES = ("prep", "defensive-first", "final", "advancing")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML) or VASL saved game")
    parser.add_argument(
        "firers",
        metavar="FIRER[,FIRER...]",
        help="the firing units' ids (a leader among them directs)",
    )
    parser.add_argument("target", metavar="TARGET", help="the target Location: a hex or a unit")
    parser.add_argument(
        "--phase",
        choices=_PHASES,
        default="prep",
        help="prep (PFPh), defensive-first (in the enemy MPh), final (DFPh), advancing (AFPh)",
    )
    parser.add_argument(
        "--moving",
        action="store_true",
        help="the target units are moving: First Fire at them (FFNAM, FFMO; Residual FP)",
    )
    parser.add_argument(
        "--assault-movement",
        action="store_true",
        help="the moving target uses Assault Movement (no FFNAM)",
    )
    parser.add_argument(
        "--fired",
        action="store_true",
        help="the firers already fired this phase (Subsequent First Fire, Final Fire)",
    )
    parser.add_argument(
        "--leader",
        metavar="ID",
        help="the leader who directs (default: the best Good Order leader with the firers)",
    )
    parser.add_argument("--no-leader", action="store_true", help="no leader directs")
    parser.add_argument(
        "--area-fire",
        action="store_true",
        help="Area Fire for a reason the scenario does not hold (A7.23)",
    )
    parser.add_argument(
        "--weapon",
        default="inherent",
        metavar="WEAPON",
        help="what the firers use: inherent (the default), lmg, mmg, hmg, "
        "latw, ft, ... (G8.212, G9.21 and B21.42 limit them; only Inherent FP "
        "has values here)",
    )
    parser.add_argument(
        "--melee",
        action="store_true",
        help="the target Location is in Melee (A11.15): every unit locked in it, of both "
        "sides, is attacked",
    )
    r = parser.add_argument_group("rolling instead of odds")
    r.add_argument("--rolls", help='resolve with these rolls, e.g. "3,5 4 2"')
    r.add_argument("--seed", type=int, help="resolve with seeded random dice")
    r.add_argument(
        "--summary",
        action="store_true",
        help="the odds per unit and by how many units end each way, not per joint outcome",
    )


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario

    return answer(scenario.load(args.scenario), args)


def _firers(text: str) -> list[str]:
    ids = [f.strip() for f in text.split(",")]
    if not text.strip() or any(not f for f in ids):
        raise InputError(f"firers '{text}': unit ids separated by commas (J1,J2,JL)")
    return ids


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded."""
    from aslpto.procedures.fire import FireOptions, Phase, fire
    from aslpto.state.dice import Dice, GivenDice, RandomDice

    if args.leader is not None and args.no_leader:
        raise InputError("--leader names who directs, --no-leader says nobody does: give one")
    if args.summary and (args.rolls is not None or args.seed is not None):
        raise InputError("--summary sums up the odds; --rolls and --seed roll once")
    opts = FireOptions(
        phase=Phase(args.phase),
        moving=args.moving,
        assault_movement=args.assault_movement,
        fired=args.fired,
        leader="" if args.no_leader else args.leader,
        area_fire=args.area_fire,
        weapon=args.weapon,
        melee=args.melee,
    )
    if args.assault_movement and not args.moving:
        raise InputError("--assault-movement describes a moving target: give --moving too")
    if args.moving and opts.phase != Phase.DEFENSIVE_FIRST:
        raise InputError(
            "--moving: First Fire at a moving unit is in the defensive-first "
            f"phase, not {args.phase}"
        )
    dice: Dice | None = None
    if args.rolls is not None:
        dice = GivenDice(args.rolls)
    elif args.seed is not None:
        dice = RandomDice(args.seed)
    a = fire(game, _firers(args.firers), args.target, opts, dice=dice)
    if isinstance(dice, GivenDice) and dice.remaining:
        raise InputError(
            f"rolls {args.rolls!r}: {dice.remaining} roll(s) left over; the attack used {dice.used}"
        )
    return render(
        a,
        summary=args.summary,
        rolled=args.rolls
        if args.rolls is not None
        else (f"seed {args.seed}" if args.seed is not None else None),
    )


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def render(a: FireAnswer, *, summary: bool = False, rolled: str | None = None) -> Outcome:
    """The answer as JSON and as a player reads it."""
    from aslpto.procedures import odds as po

    b = a.breakdown
    payload: dict[str, Any] = {"procedure": "fire", **b.as_json()}
    lines = [
        f"{', '.join(b.firers)} -> {b.target} ({b.phase.value} fire), range "
        + ", ".join(f"{u} {r}" for u, r in b.ranges)
    ]
    lines.append("  FP:")
    lines += [f"    {i.text()}" for i in b.fp]
    lines.append(f"    total {b.column.why}  [{', '.join(b.column.rules)}]")
    if b.column.value is None:
        lines.append("no attack")
        payload.update(outcomes=[], rules=list(b.rules))
        return Outcome(payload, "\n".join(lines))
    lines.append("  DRM:" + ("" if b.drm else " none common to the attack"))
    lines += [f"    {i.text()}" for i in b.drm]
    for uid, items in b.target_drm:
        who = f"{uid} ({_side(b, b.side_of(uid))})" if b.melee else uid
        lines.append(
            f"  {who}: DRM {b.drm_total(uid):+d}" + ("" if items else " (no DRM of its own)")
        )
        lines += [f"    {i.text()}" for i in items]
    lines.append(f"  Cowering: {b.cower.why}  [{', '.join(b.cower.rules)}]")
    if b.residual.value is not None:
        lines.append(f"  Residual FP: {b.residual.why}  [{', '.join(b.residual.rules)}]")
    lines += [f"  note: {n}" for n in b.notes]
    if a.rolled is not None:
        r = a.rolled
        entry = po.result_json(r.outcome, detail=True)
        if b.melee:
            entry["result"] = [_unit_json(b, u) for u in r.outcome.units]
        payload.update(
            ift={"roll": str(r.roll), "results": {u: str(x) for u, x in r.results}},
            outcomes=[{**entry, "probability": "1/1"}],
            rules=list(r.outcome.rules),
            rolled=rolled,
        )
        told = "; ".join(f"{u} {x}" for u, x in r.results)
        lines.append(f"IFT DR {r.roll}: {told}")
        left = "; ".join(_line(u) for u in entry["result"]) or "(none)"
        if r.outcome.eliminated:
            left += f"  eliminated: {', '.join(r.outcome.eliminated)}"
        lines.append(left)
        lines += list(r.outcome.events)
        lines.append(f"rules: {', '.join(r.outcome.rules)}")
        return Outcome(payload, "\n".join(lines))
    assert a.results is not None and a.odds is not None
    ift = []
    lines.append("IFT results:")
    for res, p in sorted(a.results, key=lambda rp: -rp[1]):
        told = _results_text(res)
        ift.append({"results": {u: str(x) for u, x in res}, "probability": _frac(p)})
        lines.append(f"  {_frac(p):>8}  {_pct(p):>6}  {told}")
    payload["ift"] = ift
    so = a.odds
    header = {k: payload[k] for k in payload}
    if summary or so.size > po.STACK_LIMIT:
        from aslpto.cli import odds_summary

        out = odds_summary.render(
            header,
            so,
            b.targets,
            asked=summary,
            limit=po.STACK_LIMIT,
            rule="A7.3",
            unit_json=(lambda u: _unit_json(b, u)) if b.melee else po.unit_json,
            line=_line,
        )
        out.text = "\n".join(lines) + "\n" + out.text
        return out
    grouped: dict[str, tuple[dict[str, Any], Fraction]] = {}
    for res_, p in so.joint():
        entry = po.result_json(res_, detail=False)
        if b.melee:
            entry["result"] = [_unit_json(b, u) for u in res_.units]
        key = repr(_canonical(entry))
        prev = grouped.get(key)
        grouped[key] = (prev[0] if prev else entry, p + (prev[1] if prev else Fraction(0)))
    ordered = sorted(grouped.values(), key=lambda ep: -ep[1])
    payload["outcomes"] = [{**e, "probability": _frac(p)} for e, p in ordered]
    payload["rules"] = list(so.rules)
    lines.append("outcomes of the target Location:")
    for e, p in ordered:
        told = "; ".join(_line(u) for u in e["result"]) or "(none)"
        if e.get("eliminated"):
            told += f"  eliminated: {', '.join(e['eliminated'])}"
        lines.append(f"{_frac(p):>12}  {_pct(p):>6}  {told}")
    lines.append(f"rules: {', '.join(so.rules)}")
    return Outcome(payload, "\n".join(lines))


def _side(b: Breakdown, side: str) -> str:
    """A side as a Melee's answer tells it: the firers' (friendly) or the enemy."""
    return f"{side}, {'friendly' if side == b.side else 'enemy'}"


def _unit_json(b: Breakdown, u: Unit) -> dict[str, Any]:
    """A unit after fire into a Melee (A11.15): as ``aslpto odds`` reports it, with its side."""
    from aslpto.procedures import odds as po

    return {**po.unit_json(u), "side": u.side, "friendly": u.side == b.side}


def _canonical(entry: dict[str, Any]) -> tuple[Any, ...]:
    """An end state as a player tells it: which units remain (not which id) and how many
    were eliminated."""
    units = sorted(repr({k: v for k, v in u.items() if k != "id"}) for u in entry["result"])
    return (tuple(units), len(entry.get("eliminated", ())))


def _results_text(res: tuple[tuple[str, Any], ...]) -> str:
    by: dict[str, list[str]] = {}
    for u, x in res:
        by.setdefault(str(x), []).append(u)
    if len(by) == 1:
        return next(iter(by))
    return "; ".join(f"{x} ({', '.join(us)})" for x, us in by.items())


def _line(u: dict[str, Any]) -> str:
    bits = [u["counter"], u["class"] or u["kind"]]
    if "side" in u:
        bits.insert(0, f"{u['side']}:")
    bits += [k for k in ("broken", "pinned", "dm", "berserk", "wounded", "unarmed") if u.get(k)]
    return " ".join(str(b) for b in bits)


__all__ = ["HELP", "NAME", "add_arguments", "answer", "render", "run"]
