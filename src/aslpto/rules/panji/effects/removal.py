"""Panji removal (G9.7-G9.74): Clearance, HE/DC, AFV/dozer, Breach and Bombardment."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.board.hexes import Hexside
from aslpto.board.terrain import Terrain
from aslpto.rules.panji.effects.terrain import (
    ABOVE,
    BENEATH,
    _data,
    _is_full_tracked_afv_or_dozer,
    _rule,
    is_above,
    is_beneath,
    panji_of,
)
from aslpto.state.dice import Dice, Distribution, odds
from aslpto.state.game import Game, Panji


def remove_panji(game: Game, pid: str) -> Game:
    """G9.7: the Panji counter is eliminated; units above it are simply no longer above a Panji
    counter (no adverse effect); units beneath it likewise."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    # a unit above/beneath a Panji counter in a paddy hex is IN that hex (G8 FORTIFICATIONS)
    left = "in" if game.map.terrain(p.hex) == Terrain.PADDY else "ground"
    units = dict(game.units)
    for uid, u in game.units.items():
        if u.hex and game.map.hex(u.hex) == p.hex and u.position in (ABOVE, BENEATH):
            units[uid] = u.with_(position=left)
    return replace(game.with_panji(None, pid), units=units)


def uncover(game: Game, pid: str, hexsides: Iterable[Hexside]) -> Game:
    """Make Covered hexsides non-Covered (G9.71-G9.74); a counter left with no Covered hexside
    no longer creates any (G9.3) and is removed (G9.7)."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    gone = frozenset(hexsides)
    bad = gone - p.covered
    if bad:
        names = ", ".join(game.map.layout.hexside_name(s, p.hex) for s in sorted(bad))
        raise InputError(f"{names}: not a Covered hexside of Panji counter {pid}")
    left = p.covered - gone
    if not left:
        return remove_panji(game, pid)
    return game.with_panji(replace(p, covered=left), pid)


@record
class ClearanceAttempt:
    """A Clearance attempt vs one predesignated Covered hexside (G9.71), by ``units`` (the
    Infantry attempting, directing or assisting)."""

    panji: str
    hexside: str  # e.g. "37DD7-DD8"
    units: tuple[str, ...]
    drm: tuple[tuple[str, int], ...] = ()  # B24.7 DRM that apply, by name (data file)


def clearance_drm_table() -> dict[str, Any]:
    """B24.7 Clearance DRM (data/pto_procedures.toml, marked unsure), by name."""
    return {k: v for k, v in dict(_data()["clearance"]["drm"]).items() if k != "sure"}


def verify_clearance(game: Game, attempt: ClearanceAttempt) -> Hexside:
    """G9.71: the hexside must be a Covered hexside of that Panji counter, and no unit above a
    Panji counter may attempt, direct or assist in Clearance (path creation included)."""
    p = game.panjis.get(attempt.panji)
    if p is None:
        raise InputError(f"no Panji counter '{attempt.panji}'")
    s = game.map.layout.hexside(attempt.hexside)
    if not p.is_covered(s):
        raise RuleViolation(
            "G9.71", f"{attempt.hexside} is not a Covered hexside of Panji counter {p.id}"
        )
    if not attempt.units:
        raise InputError("a Clearance attempt needs the units making it")
    for uid in attempt.units:
        u = game.unit(uid)
        if is_above(u):
            raise RuleViolation(
                "G9.71",
                f"{uid} is above a Panji counter: may not attempt, direct or assist in Clearance",
            )
    return s


def clearance_success(final_dr: int) -> Ruling[bool]:
    """B24.7 as G9.71 uses it: success on a Final DR <= the threshold (data file)."""
    c = _data()["clearance"]
    limit = int(c["success_at_most"])
    return Ruling(
        final_dr <= limit,
        ("G9.71", str(c["rule"]), str(c["wire_rule"])),
        f"Final Clearance DR {final_dr} {'<=' if final_dr <= limit else '>'} {limit}",
    )


def resolve_clearance(game: Game, attempt: ClearanceAttempt, dice: Dice) -> Ruling[bool]:
    """Roll the Clearance DR: on success that hexside becomes non-Covered (see
    :func:`apply_clearance`)."""
    verify_clearance(game, attempt)
    drm = sum(v for _, v in attempt.drm)
    return clearance_success(dice.DR().total + drm)


def clearance_odds(game: Game, attempt: ClearanceAttempt) -> Distribution[bool]:
    return odds(lambda d: resolve_clearance(game, attempt, d).value)


def apply_clearance(game: Game, attempt: ClearanceAttempt, *, success: bool) -> Game:
    s = verify_clearance(game, attempt)
    return uncover(game, attempt.panji, (s,)) if success else game


class HEAttack(StrEnum):
    """Attacks G9.72 distinguishes."""

    FFE = "ffe"  # OBA FFE-Concentration
    ORDNANCE_HE = "ordnance-he"
    HE_EQUIVALENCY = "he-equivalency"
    VEHICLE_TARGET_TYPE = "vehicle-target-type"
    DC_PLACED = "dc-placed"
    DC_THROWN = "dc-thrown"
    DC_SET = "dc-set"
    DC_AT_SET = "dc-at-set"  # A-T Set DC (G1.6122)


@record
class HEResult:
    """What an HE/DC attack does to a Panji counter."""

    eliminated: bool = False
    hexsides: int = 0  # how many Covered hexsides become non-Covered
    random: bool = False  # chosen at random (Indirect Fire) or by the attacker
    first: Hexside | None = None  # a Placed DC's own Covered hexside, changed first


def he_effect(
    game: Game,
    pid: str,
    attack: HEAttack,
    *,
    kia: int,
    shellholes: bool = False,
    indirect: bool = False,
    placed_from: str | None = None,
) -> Ruling[HEResult]:
    """G9.72: shellholes created in a panji Location eliminate the Panji counter. Otherwise an
    FFE-Concentration/ordnance HE attack (not HE-Equivalency/Vehicle Target Type) or a DC
    attack (not an A-T Set DC) whose Original IFT DR (Final, for a Set/Thrown DC) was a KIA
    turns as many Covered hexsides as that KIA number non-Covered: at random after Indirect
    Fire, otherwise chosen by the attacker, a DC Placed across a Covered hexside changing that
    hexside first. ``kia`` is the KIA number of the deciding DR on the IFT (0: no KIA)."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    if shellholes:
        return Ruling(HEResult(eliminated=True), ("G9.72",), "shellholes created")
    if attack in (HEAttack.HE_EQUIVALENCY, HEAttack.VEHICLE_TARGET_TYPE):
        return Ruling(HEResult(), ("G9.72",), f"{attack.value}: no effect on panjis")
    if attack == HEAttack.DC_AT_SET:
        return Ruling(HEResult(), ("G9.72", "G1.6122"), "an A-T Set DC: no effect on panjis")
    if kia <= 0:
        return Ruling(HEResult(), ("G9.72",), "no KIA")
    n = min(kia, len(p.covered))
    first: Hexside | None = None
    if attack == HEAttack.DC_PLACED and placed_from is not None:
        frm = game.map.hex(placed_from)
        if frm.is_adjacent(p.hex) and p.is_covered(Hexside.of(frm, p.hex)):
            first = Hexside.of(frm, p.hex)
    res = HEResult(eliminated=n == len(p.covered), hexsides=n, random=indirect, first=first)
    how = "at random (Indirect Fire)" if indirect else "chosen by the attacker"
    return Ruling(res, ("G9.72",), f"KIA {kia}: {n} Covered hexside(s) {how}")


def resolve_he(
    game: Game,
    pid: str,
    attack: HEAttack,
    dice: Dice,
    *,
    kia: int,
    shellholes: bool = False,
    indirect: bool = False,
    placed_from: str | None = None,
    chosen: Sequence[str] = (),
) -> Ruling[frozenset[Hexside]]:
    """The Covered hexsides the attack turns non-Covered (all of them if the counter is
    eliminated): random selection after Indirect Fire (``dice.choice``), else ``chosen`` (the
    attacker's hexsides, after a Placed DC's own)."""
    r = he_effect(
        game,
        pid,
        attack,
        kia=kia,
        shellholes=shellholes,
        indirect=indirect,
        placed_from=placed_from,
    )
    p = game.panjis[pid]
    res = r.value
    if res.eliminated:
        return Ruling(p.covered, r.rules, r.why)
    picked: list[Hexside] = [res.first] if res.first is not None else []
    pool = sorted(p.covered - set(picked))
    want = res.hexsides - len(picked)
    if want > 0 and res.random:
        for _ in range(want):
            picked.append(pool.pop(dice.choice(len(pool))))
    elif want > 0:
        names = [game.map.layout.hexside(c) for c in chosen]
        extra = [s for s in names if s not in p.covered]
        if extra or len(set(names)) != want or set(names) & set(picked):
            raise RuleViolation(
                "G9.72",
                f"the attacker chooses exactly {want} Covered hexside(s) of Panji {pid}"
                + (" (after the Placed DC's own)" if res.first is not None else ""),
            )
        picked.extend(names)
    return Ruling(frozenset(picked), r.rules, r.why)


def he_odds(
    game: Game,
    pid: str,
    attack: HEAttack,
    *,
    kia: int,
    indirect: bool = True,
    shellholes: bool = False,
) -> Distribution[frozenset[Hexside]]:
    """Exact distribution of the hexsides Indirect Fire uncovers."""
    return odds(
        lambda d: (
            resolve_he(
                game, pid, attack, d, kia=kia, indirect=indirect, shellholes=shellholes
            ).value
        )
    )


def apply_uncovered(game: Game, pid: str, hexsides: frozenset[Hexside]) -> Game:
    return uncover(game, pid, hexsides) if hexsides else game


@record
class AfvClear:
    """A full-tracked AFV/dozer beneath a Panji counter clearing one Covered hexside."""

    vehicle: str
    hexside: str
    printed_mp: int
    within_vca: bool = True
    phase: str = "mph"
    stopped: bool = False
    reverse: bool = False
    vbm: bool = False
    bog_hex: bool = False  # a Bog hex: a Bog Check follows the expenditure


def verify_afv_clear(game: Game, a: AfvClear) -> tuple[Panji, Hexside]:
    """G9.73: in its MPh, a Mobile full-tracked AFV/dozer beneath a Panji counter, not Stopped
    and using neither Reverse movement nor VBM, may clear a Covered hexside within its VCA."""
    v = game.unit(a.vehicle)
    if not _is_full_tracked_afv_or_dozer(v):
        raise RuleViolation("G9.73", f"{v.id} is not a full-tracked AFV/dozer")
    if not v.mobile:
        raise RuleViolation("G9.73", f"{v.id} is not Mobile")
    if a.phase != "mph":
        raise RuleViolation("G9.73", "only during its MPh")
    if not is_beneath(v):
        raise RuleViolation("G9.73", f"{v.id} must be beneath the Panji counter")
    p = panji_of(game, v)
    if p is None:
        raise RuleViolation("G9.73", f"{v.hex} holds no Panji counter")
    s = game.map.layout.hexside(a.hexside)
    if not p.is_covered(s):
        raise RuleViolation("G9.73", f"{a.hexside} is not a Covered hexside of Panji {p.id}")
    if not a.within_vca:
        raise RuleViolation("G9.73", f"{a.hexside} is not within {v.id}'s VCA")
    for flag, what in (
        (a.stopped, "Stopped"),
        (a.reverse, "using Reverse movement"),
        (a.vbm, "using VBM"),
    ):
        if flag:
            raise RuleViolation("G9.73", f"{v.id} is {what}")
    return p, s


def afv_clear_cost(printed_mp: int) -> Ruling[int]:
    """G9.73: 1/4 (FRU) of the printed MP allotment."""
    return Ruling(math.ceil(Fraction(printed_mp, 4)), ("G9.73",), f"1/4 of {printed_mp} MP, FRU")


def afv_clear(game: Game, a: AfvClear) -> Ruling[tuple[int, bool]]:
    """(MP to expend, Bog Check required). The hexside changes if the vehicle is still Mobile
    after all Defensive First Fire and Bog DR vs it (:func:`apply_afv_clear`)."""
    verify_afv_clear(game, a)
    cost = afv_clear_cost(a.printed_mp).value
    return Ruling((cost, a.bog_hex), ("G9.73",), "declare, expend, then Bog Check if required")


def apply_afv_clear(game: Game, a: AfvClear, *, still_mobile: bool) -> Game:
    p, s = verify_afv_clear(game, a)
    return uncover(game, p.id, (s,)) if still_mobile else game


def breach_uncovers(game: Game, hexside: Hexside) -> Game:
    """G9.731: a Covered paddy hexside breached by a dozer becomes non-Covered."""
    for p in game.panjis.values():
        if p.is_covered(hexside):
            game = uncover(game, p.id, (hexside,))
    return game


def bombardment_failure(final_dr: int) -> Ruling[int]:
    """G9.74: a Panji counter takes the Bombardment NMC with Morale Level 8 (C1.822: it fails
    when the Final DR exceeds that); one Covered hexside becomes non-Covered for each point by
    which it fails."""
    ml = int(_data()["bombardment"]["panji_morale_level"])
    by = max(0, final_dr - ml)
    return Ruling(
        by,
        ("G9.74", _rule("bombardment")),
        f"Final DR {final_dr} vs Morale Level {ml}: " + (f"failed by {by}" if by else "passed"),
    )


def resolve_bombardment(
    game: Game, pid: str, dice: Dice, *, drm: int = 0
) -> Ruling[frozenset[Hexside]]:
    """Roll the Panji counter's Bombardment NMC; the hexsides it loses, each at random."""
    p = game.panjis.get(pid)
    if p is None:
        raise InputError(f"no Panji counter '{pid}'")
    r = bombardment_failure(dice.DR().total + drm)
    pool = sorted(p.covered)
    lost: list[Hexside] = []
    for _ in range(min(r.value, len(pool))):
        lost.append(pool.pop(dice.choice(len(pool))))
    return Ruling(frozenset(lost), r.rules, r.why)


def bombardment_odds(game: Game, pid: str, *, drm: int = 0) -> Distribution[frozenset[Hexside]]:
    return odds(lambda d: resolve_bombardment(game, pid, d, drm=drm).value)
