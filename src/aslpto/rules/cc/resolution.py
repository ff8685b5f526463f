"""Close Combat in a Location resolved to both sides' fates (A11.1, A11.11, A11.12, A11.15,
A11.19, A11.2, A11.4, A20.22, G1.64, G1.641, G1.425).

One attack: one DR; each defending unit's Final DR adds the attack's DRM and his own (a broken,
CX or withdrawing defender, one above a Panji or Bank counter, a Capture attempt's), against the
attack's Kill Number or his own (a concealed unit among unconcealed ones, A11.19). Below it the
unit is eliminated (captured, in a Capture attempt, A20.22); equal to it, the units so placed are
a Partial Kill - Random Selection (A.9: a dr each, the highest affected, ties alike) picks one
to suffer Casualty Reduction (A7.302; G1.14 for Japanese), or, in a Capture attempt, the
defender chooses one to be captured (a squad loses a HS); above it, no effect.

Both sides (A11.1): CC is simultaneous, each side attacking with the units it had when the
phase began, in the attacks it declared (A11.12: by default one attack of all its able units on
every enemy unit), so the attacks are independent and their fates are joint. When a side
Ambushed (A11.4, ``[ambush] sequential``) it attacks first and only the other side's survivors
attack back, as they are then. A Capture attempt on Japanese Personnel is preceded by their
Hara-Kiri (G1.641): the units that eliminate themselves are gone before the CC, those that fail
make no CC attack and are captured more easily.

After the CC (:class:`CCResult`): the units captured, those that withdrew (A11.2), concealment
lost by attacking or by Casualty Reduction (A11.19), and whether the Location is now in Melee
(A11.15: units of both sides remain). A T-H Hero stays after his attack here: G1.425 removes him
upon his attack on his Designated Target, an AFV (G1.421), which the CCT never attacks
(:mod:`.vehicle` reports it).

Exact odds take the DR by its total (a CC attack reads nothing else here), Random Selection by
how many units of each identical kind it picks (:func:`aslpto.rules.fire.resolution.
selection_odds`) and a Wound's severity dr by every roll; :func:`resolve_cc` rolls the same
procedure with any dice (Hara-Kiri first, then the ATTACKER's attacks).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.base.unchecked import note
from aslpto.rules import morale
from aslpto.rules.cc import table
from aslpto.rules.cc.attack import (
    CCAttack,
    able_attackers,
    build,
    hand_to_hand,
    verify_may_attack,
)
from aslpto.rules.cc.table import FILE, Outcome
from aslpto.rules.fire.resolution import select, selection_odds
from aslpto.rules.japanese import cc as g1
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.state.game import Game

SIDES = 6
_TOTALS = tuple((t, Fraction(6 - abs(t - 7), 36)) for t in range(2, 13))
_SIDE_NAMES = ("attacker", "defender")


@record
class Declared:
    """A CC attack a side declares (A11.12): the ids of its attacking units and of the enemy
    units they attack."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


@record
class CCOptions:
    """What the units do not say about a CC (all default to "not so")."""

    hand_to_hand: bool = False  # declared (SSR; Deluxe ASL, RED BARRICADES: G1.64); else G1.64
    ambush: str = ""  # "attacker" | "defender": the side that Ambushed (A11.4)
    drm: int = 0  # any other DRM to the ATTACKER's attack
    defender_drm: int = 0  # ... to the DEFENDER's attack
    melee: bool = False  # the Location is in Melee from an earlier CCPh (A11.15)
    withdrawing: tuple[str, ...] = ()  # ids of the units attempting Withdrawal (A11.2)
    capture: str = ""  # "attacker" | "defender" | "both": whose attacks are Capture attempts
    hara_kiri: bool = True  # Japanese Personnel attempt Hara-Kiri before a Capture attempt
    attacks: tuple[Declared, ...] = ()  # declared attacks (A11.12); a side not named: one
    withdraw_after: tuple[str, ...] = ()  # the side that Ambushed: once all is resolved (A11.41)


PLAIN = CCOptions()


@record
class CCResult(morale.Result):
    """The Location after a CC: the units left and eliminated (:class:`~aslpto.rules.morale.
    Result`), the units captured (A20.22), the ids that withdrew (A11.2), and whether the
    Location is in Melee (A11.15)."""

    captured: tuple[Unit, ...] = ()
    withdrawn: tuple[str, ...] = ()
    melee: bool = False


@record
class CC:
    """A CC in one Location: each side's units, whether it is Hand-to-Hand (and why), who
    attacks first (``""``: simultaneous) and the attack each side makes at the start (``None``:
    the side cannot attack; ``side_attacks``: every attack of each side, A11.12); the Japanese
    units attempting Hara-Kiri first (G1.641) and the units present that do not."""

    attacker_side: tuple[Unit, ...]
    defender_side: tuple[Unit, ...]
    hand_to_hand: bool
    hand_to_hand_why: str
    first: str
    attacks: tuple[CCAttack | None, CCAttack | None]
    rules: tuple[str, ...]
    options: CCOptions = PLAIN
    side_attacks: tuple[tuple[CCAttack, ...], tuple[CCAttack, ...]] = ((), ())
    hara_kiri: tuple[Unit, ...] = ()
    hara_kiri_context: tuple[Unit, ...] = ()
    staying: tuple[tuple[str, int], ...] = ()  # each withdrawing unit: his side's units staying
    barred: frozenset[str] = frozenset()  # units that failed Hara-Kiri: no CC attack (G1.641)
    withdrew: tuple[tuple[Unit, ...], tuple[Unit, ...]] = ((), ())  # before the CC (A11.41)


# ---------------------------------------------------------------------------------------------
# Making the CC
# ---------------------------------------------------------------------------------------------


def _captures(options: CCOptions, side: int) -> bool:
    return options.capture in (_SIDE_NAMES[side], "both")


def _declared_of(
    options: CCOptions, a: Sequence[Unit], d: Sequence[Unit]
) -> tuple[tuple[Declared, ...], tuple[Declared, ...]]:
    """The declared attacks of each side (A11.12), each unit attacking once and each enemy unit
    attacked once by a side."""
    ids = ({u.id for u in a}, {u.id for u in d})
    by: tuple[list[Declared], list[Declared]] = ([], [])
    for dec in options.attacks:
        if not dec.attackers or not dec.defenders:
            raise InputError("a declared CC attack names its attacking and attacked units")
        for s in (0, 1):
            if set(dec.attackers) <= ids[s]:
                unknown = set(dec.defenders) - ids[1 - s]
                if unknown:
                    raise InputError(
                        f"attack {','.join(dec.attackers)}={','.join(dec.defenders)}: "
                        f"{', '.join(sorted(unknown))} is no enemy unit in the Location"
                    )
                by[s].append(dec)
                break
        else:
            raise InputError(
                f"attack {','.join(dec.attackers)}: its units are not all of one side in the "
                "Location"
            )
    for s in (0, 1):
        seen: set[str] = set()
        hit: set[str] = set()
        for dec in by[s]:
            for uid in dec.attackers:
                if uid in seen:
                    raise InputError(f"{uid} is named in two attacks: a unit makes one CC attack")
                seen.add(uid)
            for uid in dec.defenders:
                if uid in hit:
                    raise RuleViolation(
                        "A11.12", f"{uid} is attacked by two attacks: a unit is attacked once"
                    )
                hit.add(uid)
    return tuple(by[0]), tuple(by[1])


def _verify_smc(defenders: Sequence[Unit], enemy: Sequence[Unit], options: CCOptions) -> None:
    """A11.14 (``[declared] smc_with_mmc``): a SMC is not attacked apart from the MMC of his
    side in the Location, unless he attacks without a MMC (a declared attack of SMC only) or
    withdraws."""
    smcs = {u.id for u in enemy if u.kind.is_smc}
    solo = {i for d in options.attacks if set(d.attackers) <= smcs for i in d.attackers}
    solo |= set(options.withdrawing)
    if all(u.id in solo for u in defenders if u.kind.is_smc):
        return
    mmc = [u for u in enemy if u.kind.is_mmc]
    if mmc and not any(u.kind.is_mmc for u in defenders):
        note(FILE, "declared", "smc_with_mmc")
        smc = ", ".join(u.id for u in defenders if u.kind.is_smc)
        raise RuleViolation(
            "A11.14",
            f"{smc}: a SMC is attacked together with a MMC of his side "
            f"({', '.join(u.id for u in mmc)})",
        )


def _side_attacks(
    cc_hth: bool,
    options: CCOptions,
    side: int,
    units: Sequence[Unit],
    enemy: Sequence[Unit],
    declared: Sequence[Declared],
    staying: Mapping[str, int],
    barred: Collection[str],
    game: Game | None,
) -> tuple[CCAttack, ...]:
    """The attacks side ``side`` (0 ATTACKER, 1 DEFENDER) makes with ``units`` on ``enemy``:
    those ``declared`` with the units still there, or one attack of all its able units."""
    drm = options.drm if side == 0 else options.defender_drm
    withdrawing = set(options.withdrawing)

    def attack(attackers: Sequence[Unit], defenders: Sequence[Unit]) -> CCAttack:
        return build(
            attackers,
            defenders,
            hand_to_hand=cc_hth,
            ambushes=options.ambush == _SIDE_NAMES[side],
            ambushed=options.ambush == _SIDE_NAMES[1 - side],
            drm=drm,
            game=game,
            capture=_captures(options, side),
            withdrawing=_staying(staying, defenders),
            hara_kiri_failed=frozenset(barred),
        )

    if not declared:
        able = able_attackers(units, withdrawing=withdrawing, barred=barred)
        if not able or not enemy:
            return ()
        return (attack(able, enemy),)
    here = {u.id: u for u in units}
    there = {u.id: u for u in enemy}
    out = []
    for dec in declared:
        attackers = [here[i] for i in dec.attackers if i in here]
        defenders = [there[i] for i in dec.defenders if i in there]
        if not attackers or not defenders:
            continue
        for u in attackers:
            verify_may_attack(u, withdrawing=withdrawing, barred=barred)
        _verify_smc(defenders, enemy, options)
        out.append(attack(attackers, defenders))
    return tuple(out)


def _staying(staying: Mapping[str, int], defenders: Sequence[Unit]) -> dict[str, int]:
    ids = {u.id for u in defenders}
    return {k: v for k, v in staying.items() if k in ids}


def _withdrawal(
    options: CCOptions, a: Sequence[Unit], d: Sequence[Unit]
) -> tuple[dict[str, int], tuple[str, ...]]:
    """A11.2: the units withdrawing from a Melee, each with the number of his side's units
    staying; and those of the side that Ambushed withdrawing before the CC instead (A11.41:
    they decline it altogether, neither attacking nor attacked, no Withdrawal DRM). A pinned or
    berserk unit never withdraws (A11.2, A11.41)."""
    units = {u.id: (s, u) for s, side in enumerate((a, d)) for u in side}
    for uid in options.withdraw_after:
        if uid not in units or uid in options.withdrawing:
            raise InputError(f"--withdraw-after {uid}: no such unit, or withdrawing before the CC")
        s, u = units[uid]
        if options.melee or options.ambush != _SIDE_NAMES[s] or u.pinned or u.berserk:
            raise RuleViolation(
                "A11.41",
                f"{uid} may not withdraw after the CC: only a unit (not pinned or berserk) of "
                "the side that Ambushed, before Melee",
            )
    if not options.withdrawing:
        return {}, ()
    out: dict[str, int] = {}
    before: list[str] = []
    w = table.data()["withdrawal"]
    for uid in options.withdrawing:
        if uid not in units:
            raise InputError(f"--withdraw {uid}: no such unit in the Location")
        s, u = units[uid]
        rule = str(w["rule"]) if options.melee else str(w["ambush"]["rule"])
        for bad, on in (("pinned", u.pinned), ("berserk", u.berserk)):
            if on:
                raise RuleViolation(rule, f"{uid} is {bad}: a {bad} unit may not withdraw")
        if not options.melee:
            if options.ambush != _SIDE_NAMES[s]:
                raise RuleViolation(
                    str(w["rule"]),
                    f"{uid} may not withdraw: only a unit in a Melee withdraws (A11.2), or the "
                    "side that Ambushed (A11.41)",
                )
            note(FILE, "withdrawal", "ambush")
            before.append(uid)
            continue
        side = (a, d)[s]
        out[uid] = sum(1 for u in side if u.id not in options.withdrawing)
    return out, tuple(before)


def _ambushed(options: CCOptions, a: tuple[Unit, ...], d: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """A11.4: the side being Ambushed loses all its concealment (``[concealment] ambushed``)."""
    side = d if options.ambush == "attacker" else a
    if not any(u.concealed or u.hidden for u in side):
        return side
    note(FILE, "concealment", "ambushed")
    return tuple(u.with_(concealed=False, hidden=False) for u in side)


def _hara_kiri(
    options: CCOptions,
    a: Sequence[Unit],
    d: Sequence[Unit],
    declared: tuple[tuple[Declared, ...], tuple[Declared, ...]],
    attacked_first: frozenset[str],
) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
    """G1.641: the Japanese Personnel a Capture attempt targets attempt Hara-Kiri before it
    (``options.hara_kiri``), even after declaring a CC attack but not once that attack is made:
    the side that resolves its attacks first (the ATTACKER, or the side that Ambushed; A11.3,
    A11.4) has made them before the other side's Capture attempt, so its units in
    ``attacked_first`` make no attempt. Those that make no attack attempt it before the CC
    (nothing between changes their attempt). The other Japanese units in the Location make no
    attempt but are there (a leader's DRM, G1.41)."""
    if not options.hara_kiri or not options.capture:
        return (), ()
    attempt: list[Unit] = []
    for s, enemy in enumerate((d, a)):
        if not _captures(options, s):
            continue
        targets = list(enemy)
        if declared[s]:
            named = {i for dec in declared[s] for i in dec.defenders}
            targets = [u for u in enemy if u.id in named]
        attempt += [
            u
            for u in targets
            if u.id not in attacked_first
            and g1.may_attempt_hara_kiri(u, capture_attempt_pending=True).value
        ]
    ids = {u.id for u in attempt}
    context = tuple(u for u in (*a, *d) if u.is_japanese and u.id not in ids)
    return tuple(attempt), context


def prepare(
    attacker_side: Sequence[Unit],
    defender_side: Sequence[Unit],
    options: CCOptions = PLAIN,
    game: Game | None = None,
) -> CC:
    """The CC of ``attacker_side`` (the ATTACKER's units) and ``defender_side`` in a Location."""
    return _prepare(attacker_side, defender_side, options, game)


def _prepare(
    attacker_side: Sequence[Unit],
    defender_side: Sequence[Unit],
    options: CCOptions,
    game: Game | None,
    *,
    barred: frozenset[str] = frozenset(),
    after_hara_kiri: bool = False,
) -> CC:
    a, d = tuple(attacker_side), tuple(defender_side)
    if not a or not d:
        raise InputError("a CC needs units of both sides (--attacker and --defender)")
    if options.ambush not in ("", "attacker", "defender"):
        raise InputError(f"ambush {options.ambush!r}: 'attacker' or 'defender'")
    if options.capture not in ("", "attacker", "defender", "both"):
        raise InputError(f"capture {options.capture!r}: 'attacker', 'defender' or 'both'")
    rules = [str(table.data()["results"]["simultaneous"]["rule"])]
    if options.melee:
        mel = table.data()["melee"]
        rules.append(str(mel["rule"]))
        if options.ambush:
            na = mel["ambush_na"]
            raise RuleViolation(str(na["rule"]), "no Ambush in a Melee: it is NA during Melee")
    staying, before = _withdrawal(options, a, d)
    if options.ambush:
        if options.ambush == "attacker":
            d = _ambushed(options, a, d)
        else:
            a = _ambushed(options, a, d)
    hth = hand_to_hand(
        a, d, declared=options.hand_to_hand, ambush=options.ambush, withdrawing=(*staying, *before)
    )
    withdrew = (tuple(u for u in a if u.id in before), tuple(u for u in d if u.id in before))
    a = tuple(u for u in a if u.id not in before)
    d = tuple(u for u in d if u.id not in before)
    rules += hth.rules
    amb = table.data()["ambush"] if options.ambush else None
    first = options.ambush if amb is not None and amb["sequential"] else ""
    declared = _declared_of(options, a, d)
    if options.attacks:
        rules.append(str(table.data()["declared"]["rule"]))
    made = tuple(
        _side_attacks(hth.value, options, s, side, enemy, declared[s], staying, barred, game)
        for s, (side, enemy) in enumerate(((a, d), (d, a)))
    )
    atk_all, dfn_all = made
    attacked_first = frozenset(
        u.id for x in (dfn_all if first == "defender" else atk_all) for u in x.attackers
    )
    attempt, context = (
        ((), ()) if after_hara_kiri else _hara_kiri(options, a, d, declared, attacked_first)
    )
    targets = {u.id for x in (*atk_all, *dfn_all) if x.capture for u in x.defenders}
    attempt = tuple(u for u in attempt if u.id in targets)
    context = tuple(u for u in (*a, *d) if u.is_japanese and u not in attempt)
    if not atk_all and not dfn_all and not attempt and not before:
        raise InputError("neither side can make a CC attack (broken or Unarmed units only: A11.16)")
    if amb is not None:
        rules.append(str(amb["rule"]))
        if first:
            rules.append(str(amb["sequential_rule"]))
    if staying:
        rules.append(str(table.data()["withdrawal"]["rule"]))
    if before:
        rules.append(str(table.data()["withdrawal"]["ambush"]["rule"]))
    if attempt:
        rules.append("G1.641")
    for x in (*atk_all, *dfn_all):
        rules += x.rules
    return CC(
        a,
        d,
        hth.value,
        hth.why,
        first,
        (atk_all[0] if atk_all else None, dfn_all[0] if dfn_all else None),
        tuple(dict.fromkeys(rules)),
        options,
        (atk_all, dfn_all),
        attempt,
        context,
        tuple(staying.items()),
        barred,
        withdrew,
    )


# ---------------------------------------------------------------------------------------------
# One attack
# ---------------------------------------------------------------------------------------------


def _fates(attack: CCAttack, total: int) -> tuple[list[str], list[Unit]]:
    """The defenders a DR ``total`` eliminates (or captures), and those it leaves a Partial
    Kill (or a partial capture) among."""
    kill: list[str] = []
    partial: list[Unit] = []
    for u in attack.defenders:
        o = table.outcome(total + attack.drm_of(u.id), attack.kill_of(u.id))
        if o == Outcome.KILL:
            kill.append(u.id)
        elif o == Outcome.PARTIAL:
            partial.append(u)
    return kill, partial


def _picks(attack: CCAttack, partial: Sequence[Unit]) -> list[tuple[tuple[str, ...], Fraction]]:
    """Who a Partial Kill falls on and with what odds: Random Selection (A11.11, A.9), or in a
    Capture attempt the defender's choice (``[capture] choice``)."""
    if not partial:
        return [((), Fraction(1))]
    if attack.capture:
        note(FILE, "capture", "choice")
        return [((partial[0].id,), Fraction(1))]
    n = int(table.data()["results"]["partial_kill_number"])
    return list(selection_odds(partial, n))


def _final(attack: CCAttack, u: Unit, total: int) -> str:
    return f"Final DR {total + attack.drm_of(u.id)}"


def _apply(
    attack: CCAttack, side: Sequence[Unit], total: int, chosen: Sequence[str], dice: Dice
) -> CCResult:
    """``side`` (the units attacked, and any others of theirs) after an attack whose DR is
    ``total`` and whose Partial Kill fell on ``chosen``."""
    kill, _ = _fates(attack, total)
    log = morale.Log()
    now: list[Unit] = []
    captured: list[Unit] = []
    r = table.data()["results"]
    cap = str(table.data()["capture"]["rule"]) if attack.capture else ""
    for u in side:
        k = attack.kill_of(u.id)
        if u.id in kill and cap:
            captured.append(u)
            log.note(u, f"captured ({_final(attack, u, total)} < {k})", cap)
        elif u.id in kill:
            log.eliminated.append(u.id)
            log.note(u, f"eliminated ({_final(attack, u, total)} < {k})", str(r["kill"]["rule"]))
        elif u.id in chosen and cap:
            log.note(u, f"one unit captured ({_final(attack, u, total)} = {k})", cap)
            if u.kind == Kind.SQUAD:
                tmp = morale.Log()
                left = morale.casualty_reduce(u, tmp, dice)
                now.extend(left)
                hs = left[0] if left else u
                captured.append(hs.with_(id=f"{u.id}-hs"))
                log.note(u, "a HS captured, the other stays", cap, *tmp.rules)
            else:
                captured.append(u)
        elif u.id in chosen:
            log.note(
                u,
                f"Partial Kill ({_final(attack, u, total)} = {k})",
                str(r["partial_kill"]["rule"]),
                "A.9",
            )
            reduced = morale.casualty_reduce(u, log, dice)
            if u.concealed or u.hidden:
                note(FILE, "concealment", "loss")
                reduced = [x.with_(concealed=False, hidden=False) for x in reduced]
            now.extend(reduced)
        else:
            now.append(u)
    base = log.result(now)
    return CCResult(base.units, base.eliminated, base.events, base.rules, tuple(captured))


def resolve_attack(attack: CCAttack, side: Sequence[Unit], dice: Dice) -> CCResult:
    """Roll ``attack`` against ``side``."""
    roll = dice.DR()
    _, partial = _fates(attack, roll.total)
    if attack.capture and partial:
        chosen: Sequence[str] = _picks(attack, partial)[0][0]
    else:
        n = int(table.data()["results"]["partial_kill_number"])
        chosen = select(partial, n, dice) if partial else ()
    r = _apply(attack, side, roll.total, chosen, dice)
    what = "Capture attempt" if attack.capture else "CC"
    return _with(
        r,
        events=(f"{what} DR {roll} ({attack.column.label}, Kill Number {attack.kill})", *r.events),
    )


def attack_odds(attack: CCAttack, side: Sequence[Unit]) -> Distribution[CCResult]:
    """The exact odds of :func:`resolve_attack` (events kept short: what happened to whom)."""
    pairs: list[tuple[CCResult, Fraction]] = []
    for total, w in _TOTALS:
        _, partial = _fates(attack, total)
        for chosen, p in _picks(attack, partial):

            def proc(d: Dice, t: int = total, c: tuple[str, ...] = chosen) -> CCResult:
                return _apply(attack, side, t, c, d)

            pairs += [(_plain(r), w * p * q) for r, q in odds(proc)]
    return Distribution.of(pairs)


def _with(r: CCResult, **changes: object) -> CCResult:
    from aslpto.base.records import replace

    return replace(r, **changes)  # type: ignore[arg-type]


def _plain(r: CCResult) -> CCResult:
    """An outcome by its end state: the units left, the ids eliminated, captured... and the
    rules."""
    return _with(r, events=())


# ---------------------------------------------------------------------------------------------
# A side's attacks, both sides
# ---------------------------------------------------------------------------------------------


def _merge(side: Sequence[Unit], parts: Sequence[CCResult]) -> CCResult:
    """The results of attacks on disjoint parts of ``side`` as one, in the side's order."""
    order = {u.id: i for i, u in enumerate(side)}
    units = sorted((u for r in parts for u in r.units), key=lambda u: order.get(u.id, len(order)))
    return CCResult(
        tuple(units),
        tuple(e for r in parts for e in r.eliminated),
        tuple(e for r in parts for e in r.events),
        tuple(dict.fromkeys(x for r in parts for x in r.rules)),
        tuple(c for r in parts for c in r.captured),
    )


def _untouched(attacks: Sequence[CCAttack], side: Sequence[Unit]) -> CCResult:
    hit = {u.id for a in attacks for u in a.defenders}
    return CCResult(tuple(u for u in side if u.id not in hit))


def _side_odds(attacks: Sequence[CCAttack], side: Sequence[Unit]) -> Distribution[CCResult]:
    """``side`` after ``attacks`` (on disjoint units of it), exactly."""
    dist: Distribution[tuple[CCResult, ...]] = Distribution.certain((_untouched(attacks, side),))
    for att in attacks:
        dist = _then(dist, attack_odds(att, att.defenders))
    return dist.map(lambda parts: _merge(side, parts))


def _then(
    done: Distribution[tuple[CCResult, ...]], part: Distribution[CCResult]
) -> Distribution[tuple[CCResult, ...]]:
    """The results so far, each joined by every result of one more (independent) attack."""
    return done.bind(lambda rs: part.map(lambda r: (*rs, r)))


def _side_roll(attacks: Sequence[CCAttack], side: Sequence[Unit], dice: Dice) -> CCResult:
    parts = [_untouched(attacks, side)]
    parts += [resolve_attack(att, att.defenders, dice) for att in attacks]
    return _merge(side, parts)


def _attacked_all(attack: CCAttack, after: CCResult) -> bool:
    gone = set(after.eliminated) | {u.id for u in after.captured}
    return all(u.id in gone for u in attack.defenders)


def _joined(
    cc: CC,
    att: CCResult,
    dfn: CCResult,
    made: tuple[Sequence[CCAttack], Sequence[CCAttack]],
    *,
    attacker_first: bool = True,
) -> CCResult:
    """The Location after the CC: the ATTACKER's units then the DEFENDER's; the events in the
    order the attacks were rolled (``attacker_first``: the ATTACKER's attack, which ``dfn``
    tells, first). ``made``: the attacks each side made (its units lose concealment, A11.19)."""
    events = (*dfn.events, *att.events) if attacker_first else (*att.events, *dfn.events)
    rules = list(dict.fromkeys((*cc.rules, *att.rules, *dfn.rules)))
    after = (att, dfn)
    sides: list[list[Unit]] = [list(att.units), list(dfn.units)]
    for s in (0, 1):
        attacked = {u.id for a in made[s] for u in a.attackers}
        keep = {
            u.id
            for a in made[s]
            if cc.options.ambush == _SIDE_NAMES[s] and _attacked_all(a, after[1 - s])
            for u in a.attackers
        }
        out = []
        for u in sides[s]:
            if u.id in attacked and (u.concealed or u.hidden):
                if u.id in keep:
                    note(FILE, "concealment", "ambush_keeps")
                else:
                    note(FILE, "concealment", "loss")
                    u = u.with_(concealed=False, hidden=False)
            out.append(u)
        sides[s] = out
    for s in (0, 1):
        sides[s] += cc.withdrew[s]
    before = {u.id: u for u in (*cc.attacker_side, *cc.defender_side, *sum(cc.withdrew, ()))}
    withdrawn = [
        u.id
        for u in (*sides[0], *sides[1])
        if (u.id in cc.options.withdrawing and u.counter == before[u.id].counter)
        or u.id in cc.options.withdraw_after
    ]
    if withdrawn:
        note(FILE, "withdrawal", "leaves")
    staying = [[u for u in units if u.id not in withdrawn] for units in sides]
    melee = bool(staying[0]) and bool(staying[1])
    if melee:
        rules.append(str(table.data()["melee"]["rule"]))
    return CCResult(
        tuple(sides[0] + sides[1]),
        att.eliminated + dfn.eliminated,
        events,
        tuple(dict.fromkeys(rules)),
        att.captured + dfn.captured,
        tuple(withdrawn),
        melee,
    )


def _unchanged(units: Sequence[Unit]) -> CCResult:
    return CCResult(tuple(units))


def _counter(
    cc: CC, survivors: CCResult, enemy: Sequence[Unit], game: Game | None, *, side: int
) -> tuple[CCAttack, ...]:
    """The attacks of an Ambushed side's survivors (sequential CC): as declared, with the
    units still there."""
    a, d = cc.attacker_side, cc.defender_side
    declared = _declared_of(cc.options, a, d)[side]
    return _side_attacks(
        cc.hand_to_hand,
        cc.options,
        side,
        survivors.units,
        enemy,
        declared,
        dict(cc.staying),
        cc.barred,
        game,
    )


def _revealed(made: Sequence[CCAttack], after: CCResult, side: Sequence[Unit]) -> tuple[Unit, ...]:
    """The side that Ambushed as the other side's survivors attack it back (A11.4): each of its
    units that attacked without eliminating or capturing every unit it attacked has lost its
    concealment (A11.19); the others keep theirs."""
    keep = {u.id for a in made if _attacked_all(a, after) for u in a.attackers}
    lost = {u.id for a in made for u in a.attackers} - keep
    return tuple(
        u.with_(concealed=False, hidden=False) if u.id in lost and (u.concealed or u.hidden) else u
        for u in side
    )


def replace_options(o: CCOptions, **changes: object) -> CCOptions:
    from aslpto.base.records import replace

    return replace(o, **changes)  # type: ignore[arg-type]


def resolve_cc(cc: CC, dice: Dice, game: Game | None = None) -> CCResult:
    """Roll the CC: Hara-Kiri first (G1.641), then the ATTACKER's attacks, then the DEFENDER's;
    when a side Ambushed (sequential), its attacks first and the other side's survivors' after
    them."""
    if cc.hara_kiri:
        hk = g1.resolve_hara_kiri_location(cc.hara_kiri, dice, cc.hara_kiri_context)
        after = _after_hara_kiri(cc, hk, game)
        done = resolve_cc(after, dice, game) if isinstance(after, CC) else after
        return _with_hara_kiri(done, hk)
    atk, dfn = cc.side_attacks
    a_side, d_side = cc.attacker_side, cc.defender_side
    if cc.first == "defender":
        a_after = _side_roll(dfn, a_side, dice)
        d_side = _revealed(dfn, a_after, d_side)
        back = _counter(cc, a_after, d_side, game, side=0)
        d_after = _side_roll(back, d_side, dice)
        return _joined(cc, a_after, d_after, (back, dfn), attacker_first=False)
    d_after = _side_roll(atk, d_side, dice)
    if cc.first == "attacker":
        a_side = _revealed(atk, d_after, a_side)
        back = _counter(cc, d_after, a_side, game, side=1)
        a_after = _side_roll(back, a_side, dice)
        return _joined(cc, a_after, d_after, (atk, back))
    a_after = _side_roll(dfn, a_side, dice)
    return _joined(cc, a_after, d_after, (atk, dfn))


def cc_odds(cc: CC, game: Game | None = None) -> Distribution[CCResult]:
    """The exact odds of :func:`resolve_cc`: both sides' fates jointly."""
    if cc.hara_kiri:
        memo: dict[tuple[tuple[Unit, ...], tuple[str, ...]], Distribution[CCResult]] = {}

        def then(hk: morale.Result) -> Distribution[CCResult]:
            key = (hk.units, hk.eliminated)
            if key not in memo:
                after = _after_hara_kiri(cc, hk, game)
                memo[key] = (
                    cc_odds(after, game) if isinstance(after, CC) else Distribution.certain(after)
                )
            return memo[key].map(lambda r: _plain(_with_hara_kiri(r, hk)))

        return g1.odds_hara_kiri_location(cc.hara_kiri, cc.hara_kiri_context).bind(then)
    atk, dfn = cc.side_attacks
    a_side, d_side = cc.attacker_side, cc.defender_side
    if not cc.first:
        d_dist, a_dist = _side_odds(atk, d_side), _side_odds(dfn, a_side)
        return a_dist.bind(lambda a: d_dist.map(lambda d: _joined(cc, a, d, (atk, dfn))))
    back_first = cc.first == "defender"
    first_dist = _side_odds(dfn, a_side) if back_first else _side_odds(atk, d_side)
    memo2: dict[tuple[Unit, ...], tuple[tuple[CCAttack, ...], Distribution[CCResult]]] = {}

    def then2(first: CCResult) -> Distribution[CCResult]:
        if first.units not in memo2:
            made_first = dfn if back_first else atk
            enemy = _revealed(made_first, first, d_side if back_first else a_side)
            back = _counter(cc, first, enemy, game, side=0 if back_first else 1)
            memo2[first.units] = (back, _side_odds(back, enemy))
        back, dist = memo2[first.units]
        made = (back, dfn) if back_first else (atk, back)
        joined: Callable[[CCResult], CCResult] = (
            (lambda s: _joined(cc, first, s, made, attacker_first=False))
            if back_first
            else (lambda s: _joined(cc, s, first, made))
        )
        return dist.map(joined)

    return first_dist.bind(then2)


# ---------------------------------------------------------------------------------------------
# G1.641 Hara-Kiri before a Capture attempt
# ---------------------------------------------------------------------------------------------


def _after_hara_kiri(cc: CC, hk: morale.Result, game: Game | None) -> CC | CCResult:
    """The CC once the Hara-Kiri attempts are made: without the units that eliminated
    themselves, those that failed making no CC attack (and captured at -1); or, when a side is
    left with no unit, the Location as it then is."""
    gone = set(hk.eliminated)
    failed = frozenset(u.id for u in hk.units)
    a = [u for u in cc.attacker_side if u.id not in gone]
    d = [u for u in cc.defender_side if u.id not in gone]
    if not a or not d:
        return _joined(cc, _unchanged(a), _unchanged(d), ((), ()))
    try:
        a2, d2 = [*a, *cc.withdrew[0]], [*d, *cc.withdrew[1]]
        return _prepare(a2, d2, cc.options, game, barred=cc.barred | failed, after_hara_kiri=True)
    except InputError:
        return _joined(cc, _unchanged(a), _unchanged(d), ((), ()))


def _with_hara_kiri(r: CCResult, hk: morale.Result) -> CCResult:
    return _with(
        r,
        eliminated=(*hk.eliminated, *r.eliminated),
        events=(*hk.events, *r.events),
        rules=tuple(dict.fromkeys((*hk.rules, *r.rules))),
    )


__all__ = [
    "CC",
    "PLAIN",
    "CCOptions",
    "CCResult",
    "Declared",
    "attack_odds",
    "cc_odds",
    "prepare",
    "resolve_attack",
    "resolve_cc",
]
