"""``aslpto odds cc``: Close Combat in one Location (A11, G1.64), both sides' fates jointly.

The units come from ``--attacker`` (the ATTACKER's, ids A1, A2, ...) and ``--defender`` (the
DEFENDER's, D1, D2, ...) in the words of ``--unit``, and two more: ``above-panji`` and ``bank``
(a unit above a Panji or a Bank counter: G9.21, G8.212). A ``--defender`` of ``vehicle`` (``gun``,
``boat``; a nationality may follow) is attacked with the attacker's CCV (A11.5: by kind, or
``ccv=N`` on an attacker's spec); an ``--attacker`` of ``vehicle:fp=N`` attacks the defenders on
the CCT with N FP vs their CCV (A11.62). ``--ambush-roll`` rolls each side's Ambush status dr
first (A11.4). The answer has the odds run's shape:
the units, how the CC is made (``"cc"``: each side's attack with its FP and DRM items, the
column and Kill Number, whether it is Hand-to-Hand and why), then each joint outcome with its
exact probability, or the one rolled.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.rulings import InputError
from aslpto.cli.command import Outcome
from aslpto.procedures.cc import (
    CCAnswer,
    CCOptions,
    Declared,
    cc,
    cc_json,
    cc_result_json,
    refuse_not_built,
    vehicle_cc,
)
from aslpto.procedures.odds import unit_json
from aslpto.rules.cc import vehicle
from aslpto.state.counters import catalog
from aslpto.state.dice import Dice, GivenDice, RandomDice
from aslpto.state.units import Kind, Unit

POSITIONS = {"above-panji": "above-panji", "bank": "bank"}
"""The words that place a unit above a Panji counter (G9.21) or a Bank counter (G8.212)."""

Describe = Callable[..., Unit]


VEHICLES = {"vehicle": Kind.VEHICLE, "gun": Kind.GUN, "boat": Kind.BOAT}
"""The words of a ``--defender`` that is a vehicle, Gun or boat (A11.5)."""


def _ccv_of(spec: str, uid: str, ccv: dict[str, int]) -> str:
    """``spec`` without its ``ccv=N`` word, the CCV kept in ``ccv`` by ``uid`` (A11.5)."""
    words = []
    for w in spec.split(":"):
        if w.strip().lower().startswith("ccv="):
            try:
                ccv[uid] = int(w.strip()[4:])
            except ValueError:
                raise InputError(f"unit {spec!r}: bad CCV {w.strip()!r}") from None
        else:
            words.append(w)
    return ":".join(words)


def _vehicle(
    spec: str, uid: str, args: argparse.Namespace, fps: dict[str, Fraction] | None = None
) -> Unit | None:
    """A vehicle, Gun or boat (``vehicle[:NATIONALITY][:fp=N]``: ``fp`` the FP of its CC attack
    on Infantry, A11.62), or ``None``."""
    words = [w.strip().lower() for w in spec.split(":") if w.strip()]
    if not words or words[0] not in VEHICLES:
        return None
    for w in [w for w in words if w.startswith("fp=")]:
        try:
            fp = Fraction(w[3:])
        except (ValueError, ZeroDivisionError):
            raise InputError(f"unit {spec!r}: bad FP {w!r}") from None
        if fps is None or not 0 < fp <= 100:
            raise InputError(f"unit {spec!r}: fp=N is an attacking vehicle's CC FP (A11.62)")
        fps[uid] = fp
        words.remove(w)
    nats = set(catalog().nationalities)
    if len(words) > 2 or (len(words) == 2 and words[1] not in nats):
        raise InputError(f"unit {spec!r}: a {words[0]} takes a nationality only")
    nat = words[1] if len(words) == 2 else args.nationality
    return Unit(uid, nat, nat, VEHICLES[words[0]])


def _side(
    specs: list[str] | None,
    prefix: str,
    args: argparse.Namespace,
    describe: Describe,
    ccv: dict[str, int] | None = None,
    fps: dict[str, Fraction] | None = None,
) -> list[Unit]:
    out = []
    for i, spec in enumerate(specs or (), start=1):
        if ccv is not None:
            spec = _ccv_of(spec, f"{prefix}{i}", ccv)
        v = _vehicle(spec, f"{prefix}{i}", args, fps)
        if v is not None:
            out.append(v)
            continue
        words = [w for w in spec.split(":") if w.strip()]
        where = [w.strip().lower() for w in words if w.strip().lower() in POSITIONS]
        if len(where) > 1:
            raise InputError(f"unit {spec!r}: one position (above-panji or bank)")
        rest = ":".join(w for w in words if w.strip().lower() not in POSITIONS)
        u = describe(rest, nationality=args.nationality, id=f"{prefix}{i}", elr=args.elr)
        out.append(u.with_(position=POSITIONS[where[0]]) if where else u)
    return out


def options(args: argparse.Namespace) -> CCOptions:
    """The CC options given on the command line (``aslpto cc`` adds ``--melee``,
    ``--withdraw``, ``--capture``, ``--no-hara-kiri`` and ``--attack``)."""
    for what, v in (("--drm", args.drm), ("--defender-drm", args.defender_drm)):
        if not -15 <= v <= 15:
            raise InputError(f"{what} {v} is out of range (a CC DRM: -15 to 15)")
    return CCOptions(
        hand_to_hand=args.hand_to_hand,
        ambush=args.ambush or "",
        drm=args.drm,
        defender_drm=args.defender_drm,
        melee=bool(getattr(args, "melee", False)),
        withdrawing=tuple(getattr(args, "withdraw", None) or ()),
        withdraw_after=tuple(getattr(args, "withdraw_after", None) or ()),
        capture=getattr(args, "capture", None) or "",
        hara_kiri=not getattr(args, "no_hara_kiri", False),
        attacks=tuple(declared(a) for a in getattr(args, "attack", None) or ()),
    )


def declared(text: str) -> Declared:
    """``--attack U1,UL=J3``: the attacking units, then the units they attack (A11.12)."""
    left, eq, right = text.partition("=")
    attackers = tuple(w.strip() for w in left.split(",") if w.strip())
    defenders = tuple(w.strip() for w in right.split(",") if w.strip())
    if not eq or not attackers or not defenders:
        raise InputError(
            f"--attack {text!r}: the attacking units, '=', the units attacked (U1,UL=J3)"
        )
    return Declared(attackers, defenders)


def refuse_other_words(args: argparse.Namespace) -> None:
    """``odds cc`` takes its units from --attacker and --defender only."""
    given = [
        f"--{n}"
        for n in ("unit", "counter", "leader", "leader_present", "scenario", "firer")
        if getattr(args, n, None)
    ]
    if given:
        raise InputError(
            f"odds cc: the units are --attacker and --defender, not "
            f"{', '.join(g.replace('_', '-') for g in given)}"
        )
    if not args.attacker or not args.defender:
        raise InputError("odds cc: give both sides (--attacker 4-4-8 --defender 6-6-6)")


def answer(
    args: argparse.Namespace, describe: Describe, line: Callable[[dict[str, Any]], str]
) -> Outcome:
    """The answer of ``aslpto odds cc``."""
    refuse_other_words(args)
    ccv: dict[str, int] = {}
    fps: dict[str, Fraction] = {}
    attackers = _side(args.attacker, "A", args, describe, ccv, fps)
    defenders = _side(args.defender, "D", args, describe)
    opts = options(args)
    header: dict[str, Any] = {
        "procedure": "cc",
        "units": [unit_json(u) for u in attackers],
        "defenders": [unit_json(u) for u in defenders],
    }
    dice = dice_of(args)
    if fps:
        done = vehicle_cc(
            attackers, fps, defenders, opts, dice, getattr(args, "ambush_roll", False)
        )
        left_over(args, dice)
        return render(
            header, done, line, rolled=rolled_of(args), summary=getattr(args, "summary", False)
        )
    if any(vehicle.is_vehicle(u) for u in (*attackers, *defenders)) or ccv:
        return _vs_vehicle(args, header, attackers, defenders, ccv, opts, dice)
    done = cc(
        attackers, defenders, opts, dice, ambush_roll=bool(getattr(args, "ambush_roll", False))
    )
    left_over(args, dice)
    header, head = with_ambush(header, "", done)
    return render(
        header,
        done,
        line,
        rolled=rolled_of(args),
        summary=getattr(args, "summary", False),
        head=head,
    )


def with_ambush(header: dict[str, Any], head: str, done: CCAnswer) -> tuple[dict[str, Any], str]:
    """The Ambush status drs (A11.4), when rolled: each side's drm items, then who Ambushes
    (its exact odds, or the drs rolled)."""
    r = done.ambush
    if r is None:
        return header, head
    j = r.as_json()
    lines = []
    for side in ("attacker", "defender"):
        items = "; ".join(
            f"{i['what']} {int(Fraction(str(i['value']))):+d} [{i['rule']}]"
            for i in j[side]["items"]
        )
        lines.append(
            f"Ambush status dr, {side}: drm {j[side]['drm']:+d}" + (f" ({items})" if items else "")
        )
    if "rolled" in j:
        x = j["rolled"]
        lines.append(
            f"Ambush drs {x['attacker_dr']} and {x['defender_dr']}: "
            + ("no Ambush" if x["ambush"] == "none" else f"the {x['ambush']} Ambushes")
        )
    else:
        lines.append(
            "who Ambushes (A11.4): "
            + "; ".join(f"{k} {v} ({_pct(Fraction(v))})" for k, v in j["odds"].items())
            + " (the attacks below: without Ambush)"
        )
    return {**header, "ambush_status": j}, head + "\n".join(lines) + "\n"


def _vs_vehicle(
    args: argparse.Namespace,
    header: dict[str, Any],
    attackers: list[Unit],
    defenders: list[Unit],
    ccv: dict[str, int],
    opts: CCOptions,
    dice: Dice | None,
) -> Outcome:
    """The CC attack of the ``--attacker`` units on one vehicle (A11.5): its CCV and DRM, then
    each effect's exact probability, or the one rolled."""
    if len(defenders) != 1 or not vehicle.is_vehicle(defenders[0]):
        raise InputError(
            "odds cc: ccv=N and a vehicle are for a CC attack on one vehicle (A11.5): give "
            "one --defender vehicle (a vehicle among Personnel is not built)"
        )
    refuse_not_built(
        "odds cc vs a vehicle",
        "A11.5",
        (
            ("--ambush-roll", getattr(args, "ambush_roll", False)),
            ("--defender-drm", opts.defender_drm),
            ("--melee", opts.melee),
            ("--withdraw", opts.withdrawing),
            ("--capture", opts.capture),
            ("--attack", opts.attacks),
        ),
    )
    a = vehicle.build(
        attackers,
        defenders[0],
        ccv=ccv,
        drm=opts.drm,
        hand_to_hand=opts.hand_to_hand,
        ambush=opts.ambush,
    )
    return vehicle_answer(args, header, a, dice)


def vehicle_answer(
    args: argparse.Namespace,
    header: dict[str, Any],
    a: vehicle.VehicleAttack,
    dice: Dice | None,
    head: str = "",
) -> Outcome:
    """One CC attack on a vehicle answered (A11.5): its CCV and DRM, then each effect's exact
    probability, or the one rolled (with an Unlikely Kill's dr, A11.501)."""
    header = {**header, "cc_vehicle": a.as_json()}
    top = head + (
        f"CC vs {a.vehicle.id} ({a.vehicle.kind.value}) by {', '.join(u.id for u in a.attackers)}"
        f": CCV {a.ccv} ("
        + ", ".join(f"{i.what} {_sign(i.value)} {i.rule}".strip() for i in a.ccv_items)
        + f"), DRM {a.drm:+d}"
        + "".join(f"; {i.what} {_sign(i.value)} {i.rule}".rstrip() for i in a.drm_items)
        + "\n"
    )
    if a.removed:
        top += (
            f"removed upon the attack, whatever it does: {', '.join(a.removed)} (a T-H Hero's "
            "attack on his Designated Target, G1.425)\n"
        )
    rules = list(a.rules)
    if dice is not None:
        original, sub, effect = vehicle.resolve_roll(a, dice)
        left_over(args, dice)
        out: dict[str, Any] = {
            "vehicle": effect.value,
            "original_dr": original,
            "final_dr": original + a.drm,
        }
        if sub is not None:
            out["unlikely_kill_dr"] = sub
        payload = {
            **header,
            "outcomes": [{**out, "probability": "1/1"}],
            "rules": rules,
            "rolled": rolled_of(args),
        }
        text = f"DR {original}, Final DR {original + a.drm}"
        if sub is not None:
            text += f", Unlikely Kill dr {sub} (A11.501)"
        text += f": {a.vehicle.id} {effect.value}"
        return Outcome(payload, top + text + f"\nrules: {', '.join(rules)}")
    o = vehicle.odds(a)
    outcomes = [{"vehicle": e.value, "probability": _frac(p)} for e, p in o.items() if p]
    lines = [f"{_frac(p):>12}  {_pct(p):>6}  {a.vehicle.id} {e.value}" for e, p in o.items() if p]
    lines.append(f"rules: {', '.join(rules)}")
    return Outcome({**header, "outcomes": outcomes, "rules": rules}, top + "\n".join(lines))


def _sign(v: Fraction) -> str:
    return f"{int(v):+d}" if v.denominator == 1 else str(v)


def dice_of(args: argparse.Namespace) -> Dice | None:
    """The dice ``--rolls`` or ``--seed`` give (``None``: the exact odds)."""
    if getattr(args, "summary", False) and (args.rolls is not None or args.seed is not None):
        raise InputError("--summary sums up the odds; --rolls and --seed roll once")
    if args.rolls is not None:
        return GivenDice(args.rolls)
    if args.seed is not None:
        return RandomDice(args.seed)
    return None


def left_over(args: argparse.Namespace, dice: Dice | None) -> None:
    """Refuse rolls the CC did not use."""
    if isinstance(dice, GivenDice) and dice.remaining:
        raise InputError(
            f"rolls {args.rolls!r}: {dice.remaining} roll(s) left over; the CC used {dice.used}"
        )


def rolled_of(args: argparse.Namespace) -> str | None:
    if args.rolls is not None:
        return str(args.rolls)
    return f"seed {args.seed}" if args.seed is not None else None


def render(
    header: dict[str, Any],
    done: CCAnswer,
    line: Callable[[dict[str, Any]], str],
    *,
    rolled: str | None = None,
    summary: bool = False,
    head: str = "",
) -> Outcome:
    """A CC answered: ``header`` (the units), how the CC is made, then the outcomes (or with
    ``summary``, each unit's fate and how many of each side are eliminated; or the roll)."""
    header = {**header, "cc": cc_json(done.cc)}
    top = head + _head(header["cc"])
    if done.rolled is not None:
        r = done.rolled
        entry = cc_result_json(r, detail=True)
        payload = {
            **header,
            "outcomes": [{**entry, "probability": "1/1"}],
            "rules": list(r.rules),
            "rolled": rolled,
        }
        text = "; ".join(line(u) for u in entry["result"]) or "(none)"
        text += _fates(entry)
        text += "\n" + "\n".join(r.events) + f"\nrules: {', '.join(r.rules)}"
        return Outcome(payload, top + text)
    assert done.odds is not None
    rules: list[str] = []
    for r, _ in done.odds:
        rules.extend(x for x in r.rules if x not in rules)
    if summary:
        s, lines = _summary(done, line)
        lines.append(f"rules: {', '.join(rules)}")
        return Outcome({**header, "summary": s, "rules": rules}, top + "\n".join(lines))
    grouped: dict[str, tuple[dict[str, Any], Fraction]] = {}
    for r, p in done.odds:
        entry = cc_result_json(r, detail=False)
        key = repr(entry)
        prev = grouped.get(key)
        grouped[key] = (entry, p + (prev[1] if prev else Fraction(0)))
    ordered = sorted(grouped.values(), key=lambda ep: -ep[1])
    outcomes = [{**e, "probability": _frac(p)} for e, p in ordered]
    lines = [
        f"{o['probability']:>12}  {_pct(p):>6}  "
        + ("; ".join(line(u) for u in o["result"]) or "(none)")
        + _fates(o)
        for o, (_, p) in zip(outcomes, ordered, strict=True)
    ]
    lines.append(f"rules: {', '.join(rules)}")
    return Outcome({**header, "outcomes": outcomes, "rules": rules}, top + "\n".join(lines))


def _fates(o: dict[str, Any]) -> str:
    """What an outcome adds to the units left: eliminated, captured, withdrawn, and the Melee
    that follows (A11.15)."""
    out = ""
    if o.get("eliminated"):
        out += f"  eliminated: {', '.join(o['eliminated'])}"
    if o.get("captured"):
        out += f"  captured: {', '.join(u['id'] for u in o['captured'])}"
    if o.get("withdrawn"):
        out += f"  withdrawn: {', '.join(o['withdrawn'])}"
    if o.get("melee"):
        out += "  (Melee)"
    return out


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _summary(
    done: CCAnswer, line: Callable[[dict[str, Any]], str]
) -> tuple[dict[str, Any], list[str]]:
    """Each unit's own fate (its end, or eliminated, captured), how many units of each
    side end eliminated, and the odds of a Melee, with their exact odds (the joint outcomes
    summed)."""
    assert done.odds is not None
    made = done.cc
    sides = {"attacker": made.attacker_side, "defender": made.defender_side}
    Fate = tuple[dict[str, Any] | None, str]
    fates: dict[str, dict[str, tuple[Fate, Fraction]]] = {
        u.id: {} for side in sides.values() for u in side
    }
    counts: dict[str, dict[int, Fraction]] = {k: {} for k in sides}
    melee = Fraction(0)
    for r, p in done.odds:
        j = cc_result_json(r, detail=False)
        gone = set(r.eliminated)
        taken = {u["id"] for u in j.get("captured", ())}
        now = {u.id: u for u in r.units}
        melee += p if j.get("melee") else 0
        for side, units in sides.items():
            for u in units:
                after = now.get(u.id)
                fate: Fate
                if u.id in gone:
                    fate = (None, "eliminated")
                elif u.id in taken:
                    fate = (None, "captured")
                elif after is None:
                    fate = (None, "removed")
                else:
                    end = unit_json(after)
                    if u.id in j.get("withdrawn", ()):
                        end["withdrawn"] = True
                    fate = (end, "")
                key = repr(fate)
                prev = fates[u.id].get(key)
                fates[u.id][key] = (fate, p + (prev[1] if prev else Fraction(0)))
            n = sum(1 for u in units if u.id in gone)
            counts[side][n] = counts[side].get(n, Fraction(0)) + p
    out: dict[str, Any] = {"units": [], "eliminated": {}, "melee": _frac(melee)}
    lines: list[str] = []
    for uid, ends in fates.items():
        ordered = sorted(ends.values(), key=lambda ep: -ep[1])
        out["units"].append(
            {
                "id": uid,
                "outcomes": [
                    {
                        "result": e,
                        "eliminated": how == "eliminated",
                        **({how: True} if how and how != "eliminated" else {}),
                        "probability": _frac(p),
                    }
                    for (e, how), p in ordered
                ],
            }
        )
        lines.append(
            f"{uid}: "
            + "; ".join(
                f"{how or line(e or {})}{' withdrawn' if e and e.get('withdrawn') else ''}"
                f" {_frac(p)} ({_pct(p)})"
                for (e, how), p in ordered
            )
        )
    for side, by in counts.items():
        rows = sorted(by.items())
        out["eliminated"][side] = [{"count": n, "probability": _frac(p)} for n, p in rows]
        lines.append(
            f"{side} units eliminated: "
            + "; ".join(f"{n}: {_frac(p)} ({_pct(p)})" for n, p in rows)
        )
    lines.append(f"Melee (A11.15): {_frac(melee)} ({_pct(melee)})")
    return out, lines


def _head(c: dict[str, Any]) -> str:
    """How the CC is made, before the outcomes: Hand-to-Hand or not, the Melee, Ambush,
    Withdrawal, Capture attempts and Hara-Kiri, then each attack, one line each."""
    out = [
        ("Hand-to-Hand CC" if c["hand_to_hand"] else "CC")
        + f": {c['hand_to_hand_why']}"
        + (f"; the {c['first']} Ambushed and attacks first" if c["ambush"] else "")
    ]
    if c.get("melee"):
        out.append("in Melee (A11.15): no Ambush (A11.4)")
    for uid, n in (c.get("withdrawing") or {}).items():
        out.append(f"{uid} withdraws: it makes no attack; attacks on it -2, +{n} (A11.2)")
    if c.get("capture"):
        out.append(f"Capture attempts by the {c['capture']} (A20.22)")
    if c.get("hara_kiri"):
        out.append(f"Hara-Kiri first: {', '.join(c['hara_kiri'])} (G1.641)")
    every = c.get("all_attacks") or {k: [a] if a else [] for k, a in c["attacks"].items()}
    for side, attacks in every.items():
        if not attacks:
            out.append(f"{side}: no attack (A11.16)")
        for a in attacks:
            out.append(_attack_line(side, a))
    return "\n".join(out) + "\n"


def _attack_line(side: str, a: dict[str, Any]) -> str:
    drm = (
        "; ".join(
            f"{i['what']} {int(Fraction(str(i['value']))):+d} [{i['rule']}]" for i in a["drm_items"]
        )
        or "none"
    )
    own = "".join(
        f"; vs {uid}: {a['defender_odds'][uid]}, Kill Number {k}"
        for uid, k in (a.get("defender_kill_number") or {}).items()
    )
    halved = [i["what"] for i in a["fp"] if i["rule"] == "A11.19"]
    return (
        f"{side}: {', '.join(a['attackers'])} vs {', '.join(a['defenders'])}"
        f"{' (Capture attempt)' if a.get('capture') else ''}"
        f"{''.join(f' ({h}, A11.19)' for h in halved)}: "
        f"{a['odds_why']}, Kill Number {a['kill_number']} ({a['kill_number_color']}){own}, "
        f"DRM {a['drm']:+d}; DRM items: {drm}"
    )
