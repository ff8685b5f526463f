"""Close Combat in a Location resolved to both sides' fates (A11.1, A11.11, A11.4, G1.64).

One attack: one DR; each defending unit's Final DR adds the attack's DRM and his own (a broken
or CX defender, one above a Panji or Bank counter). Against the Kill Number (A11.11): below it
the unit is eliminated; equal to it, the units so placed are a Partial Kill - Random Selection
(A.9: a dr each, the highest affected, ties alike) picks one to suffer Casualty Reduction
(A7.302; G1.14 for Japanese: a squad for a HS of its Class, a HS or crew eliminated, a SMC
Wounded); above it, no effect.

Both sides (A11.1): CC is simultaneous, each side attacking with the units it had when the
phase began, so the two attacks are independent and their fates are joint. When a side
Ambushed (A11.4, ``[ambush] sequential``) it attacks first and only the other side's survivors
attack back, as they are then (a Reduced squad with its HS's FP).

Exact odds take the DR by its total (a CC attack reads nothing else here), Random Selection by
how many units of each identical kind it picks (:func:`aslpto.rules.fire.resolution.
selection_odds`) and a Wound's severity dr by every roll; :func:`resolve_cc` rolls the same
procedure with any dice (the ATTACKER's attack first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.rules import morale as m
from aslpto.rules.cc import table
from aslpto.rules.cc.attack import CCAttack, able_attackers, build, hand_to_hand
from aslpto.rules.cc.table import Outcome
from aslpto.rules.fire.resolution import select, selection_odds
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.units import Unit

if TYPE_CHECKING:
    from aslpto.state.game import Game

SIDES = 6
_TOTALS = tuple((t, Fraction(6 - abs(t - 7), 36)) for t in range(2, 13))


@record
class CCOptions:
    """What the units do not say about a CC (all default to "not so")."""

    hand_to_hand: bool = False  # declared (SSR; Deluxe ASL, RED BARRICADES: G1.64); else G1.64
    ambush: str = ""  # "attacker" | "defender": the side that Ambushed (A11.4)
    drm: int = 0  # any other DRM to the ATTACKER's attack
    defender_drm: int = 0  # ... to the DEFENDER's attack


PLAIN = CCOptions()


@record
class CC:
    """A CC in one Location: each side's units, whether it is Hand-to-Hand (and why), who
    attacks first (``""``: simultaneous) and the attack each side makes at the start (``None``:
    the side cannot attack)."""

    attacker_side: tuple[Unit, ...]
    defender_side: tuple[Unit, ...]
    hand_to_hand: bool
    hand_to_hand_why: str
    first: str
    attacks: tuple[CCAttack | None, CCAttack | None]
    rules: tuple[str, ...]
    options: CCOptions = PLAIN


def _attack(
    side: Sequence[Unit],
    enemy: Sequence[Unit],
    cc_hth: bool,
    ambushes: bool,
    drm: int,
    game: Game | None,
) -> CCAttack | None:
    able = able_attackers(side)
    if not able or not enemy:
        return None
    return build(able, enemy, hand_to_hand=cc_hth, ambushes=ambushes, drm=drm, game=game)


def prepare(
    attacker_side: Sequence[Unit],
    defender_side: Sequence[Unit],
    options: CCOptions = PLAIN,
    game: Game | None = None,
) -> CC:
    """The CC of ``attacker_side`` (the ATTACKER's units) and ``defender_side`` in a Location."""
    a, d = tuple(attacker_side), tuple(defender_side)
    if not a or not d:
        raise InputError("a CC needs units of both sides (--attacker and --defender)")
    if options.ambush not in ("", "attacker", "defender"):
        raise InputError(f"ambush {options.ambush!r}: 'attacker' or 'defender'")
    hth = hand_to_hand(a, d, declared=options.hand_to_hand, ambush=options.ambush)
    amb = table.data()["ambush"] if options.ambush else None
    first = options.ambush if amb is not None and amb["sequential"] else ""
    atk = _attack(a, d, hth.value, options.ambush == "attacker", options.drm, game)
    dfn = _attack(d, a, hth.value, options.ambush == "defender", options.defender_drm, game)
    if atk is None and dfn is None:
        raise InputError("neither side can make a CC attack (broken or Unarmed units only: A11.16)")
    rules = [str(table.data()["results"]["simultaneous"]["rule"]), *hth.rules]
    if amb is not None:
        rules.append(str(amb["rule"]))
        if first:
            rules.append(str(amb["sequential_rule"]))
    for x in (atk, dfn):
        rules += x.rules if x else ()
    return CC(a, d, hth.value, hth.why, first, (atk, dfn), tuple(dict.fromkeys(rules)), options)


# ---------------------------------------------------------------------------------------------
# One attack
# ---------------------------------------------------------------------------------------------


def _fates(attack: CCAttack, total: int) -> tuple[list[str], list[Unit]]:
    """The defenders a DR ``total`` eliminates, and those it leaves a Partial Kill among."""
    kill: list[str] = []
    partial: list[Unit] = []
    for u in attack.defenders:
        o = table.outcome(total + attack.drm_of(u.id), attack.kill)
        if o == Outcome.KILL:
            kill.append(u.id)
        elif o == Outcome.PARTIAL:
            partial.append(u)
    return kill, partial


def _apply(
    attack: CCAttack, side: Sequence[Unit], total: int, chosen: Sequence[str], dice: Dice
) -> m.Result:
    """``side`` (the units attacked, and any others of theirs) after an attack whose DR is
    ``total`` and whose Partial Kill fell on ``chosen``."""
    kill, _ = _fates(attack, total)
    log = m.Log()
    now: list[Unit] = []
    r = table.data()["results"]
    for u in side:
        if u.id in kill:
            log.eliminated.append(u.id)
            log.note(
                u,
                f"eliminated (Final DR {total + attack.drm_of(u.id)} < {attack.kill})",
                str(r["kill"]["rule"]),
            )
        elif u.id in chosen:
            log.note(
                u,
                f"Partial Kill (Final DR {total + attack.drm_of(u.id)} = {attack.kill})",
                str(r["partial_kill"]["rule"]),
                "A.9",
            )
            now.extend(m.casualty_reduce(u, log, dice))
        else:
            now.append(u)
    return log.result(now)


def resolve_attack(attack: CCAttack, side: Sequence[Unit], dice: Dice) -> m.Result:
    """Roll ``attack`` against ``side``."""
    roll = dice.DR()
    _, partial = _fates(attack, roll.total)
    n = int(table.data()["results"]["partial_kill_number"])
    chosen = select(partial, n, dice) if partial else ()
    r = _apply(attack, side, roll.total, chosen, dice)
    return m.Result(
        r.units,
        r.eliminated,
        (f"CC DR {roll} ({attack.column.label}, Kill Number {attack.kill})", *r.events),
        r.rules,
    )


def attack_odds(attack: CCAttack, side: Sequence[Unit]) -> Distribution[m.Result]:
    """The exact odds of :func:`resolve_attack` (events kept short: what happened to whom)."""
    n = int(table.data()["results"]["partial_kill_number"])
    pairs: list[tuple[m.Result, Fraction]] = []
    for total, w in _TOTALS:
        _, partial = _fates(attack, total)
        picks = selection_odds(partial, n) if partial else [((), Fraction(1))]
        for chosen, p in picks:

            def proc(d: Dice, t: int = total, c: tuple[str, ...] = chosen) -> m.Result:
                return _apply(attack, side, t, c, d)

            pairs += [(_plain(r), w * p * q) for r, q in odds(proc)]
    return Distribution.of(pairs)


def _plain(r: m.Result) -> m.Result:
    """An outcome by its end state: the units left, the ids eliminated and the rules."""
    return m.Result(r.units, r.eliminated, (), r.rules)


# ---------------------------------------------------------------------------------------------
# Both sides
# ---------------------------------------------------------------------------------------------


def _joined(cc: CC, att: m.Result, dfn: m.Result, *, attacker_first: bool = True) -> m.Result:
    """The Location after the CC: the ATTACKER's units then the DEFENDER's; the events in the
    order the attacks were rolled (``attacker_first``: the ATTACKER's attack, which ``dfn``
    tells, first)."""
    events = (*dfn.events, *att.events) if attacker_first else (*att.events, *dfn.events)
    rules = tuple(dict.fromkeys((*cc.rules, *att.rules, *dfn.rules)))
    return m.Result(att.units + dfn.units, att.eliminated + dfn.eliminated, events, rules)


def _unchanged(units: Sequence[Unit]) -> m.Result:
    return m.Result(tuple(units))


def resolve_cc(cc: CC, dice: Dice, game: Game | None = None) -> m.Result:
    """Roll the CC: the ATTACKER's attack first, then the DEFENDER's; when a side Ambushed
    (sequential), its attack first and the other side's survivors' after it."""
    atk, dfn = cc.attacks
    a_side, d_side = cc.attacker_side, cc.defender_side
    if cc.first == "defender":
        a_after = resolve_attack(dfn, a_side, dice) if dfn else _unchanged(a_side)
        back = _counter(cc, a_after, d_side, game, attacker_strikes_back=True)
        d_after = resolve_attack(back, d_side, dice) if back else _unchanged(d_side)
        return _joined(cc, a_after, d_after, attacker_first=False)
    d_after = resolve_attack(atk, d_side, dice) if atk else _unchanged(d_side)
    if cc.first == "attacker":
        back = _counter(cc, d_after, a_side, game, attacker_strikes_back=False)
        a_after = resolve_attack(back, a_side, dice) if back else _unchanged(a_side)
    else:
        a_after = resolve_attack(dfn, a_side, dice) if dfn else _unchanged(a_side)
    return _joined(cc, a_after, d_after)


def _counter(
    cc: CC,
    survivors: m.Result,
    enemy: Sequence[Unit],
    game: Game | None,
    *,
    attacker_strikes_back: bool,
) -> CCAttack | None:
    """The attack of an Ambushed side's survivors (sequential CC)."""
    o = cc.options
    drm = o.drm if attacker_strikes_back else o.defender_drm
    return _attack(survivors.units, enemy, cc.hand_to_hand, False, drm, game)


def cc_odds(cc: CC, game: Game | None = None) -> Distribution[m.Result]:
    """The exact odds of :func:`resolve_cc`: both sides' fates jointly."""
    atk, dfn = cc.attacks
    a_side, d_side = cc.attacker_side, cc.defender_side

    def hit(attack: CCAttack | None, side: Sequence[Unit]) -> Distribution[m.Result]:
        return attack_odds(attack, side) if attack else Distribution.certain(_unchanged(side))

    if not cc.first:
        d_dist, a_dist = hit(atk, d_side), hit(dfn, a_side)
        return a_dist.bind(lambda a: d_dist.map(lambda d: _joined(cc, a, d)))
    back_first = cc.first == "defender"
    first_dist = hit(dfn, a_side) if back_first else hit(atk, d_side)
    memo: dict[tuple[Unit, ...], Distribution[m.Result]] = {}

    def then(first: m.Result) -> Distribution[m.Result]:
        if first.units not in memo:
            enemy = d_side if back_first else a_side
            back = _counter(cc, first, enemy, game, attacker_strikes_back=back_first)
            memo[first.units] = hit(back, enemy)
        return memo[first.units]

    joined: Callable[[m.Result, m.Result], m.Result] = (
        (lambda f, s: _joined(cc, f, s)) if back_first else (lambda f, s: _joined(cc, s, f))
    )
    return first_dist.bind(lambda f: then(f).map(lambda s: joined(f, s)))
