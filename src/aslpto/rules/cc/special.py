"""The DRM and FP a CC attack takes from what its units are doing: Withdrawal from a Melee
(A11.2), a Capture attempt (A20.22, with G1.641's -1 after a failed Hara-Kiri) and concealment
(A11.19). Each number is in ``data/cc.toml`` with its sources.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, UnitClass
>>> us = make("A1", "american", Kind.SQUAD, face="6-6-6")
>>> [(i.rule, int(i.value)) for i in withdrawal_items([us], {"A1": 1})]
[('A11.2', -1)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from aslpto.base.rulings import RuleViolation
from aslpto.base.unchecked import note
from aslpto.rules.cc import table
from aslpto.rules.cc.table import FILE
from aslpto.rules.fire.items import Item
from aslpto.rules.morale.results import inexperienced
from aslpto.state.units import Unit, UnitClass

INEXPERIENCED = (UnitClass.GREEN, UnitClass.CONSCRIPT)
"""Inexperienced Personnel (A19.35): Green and Conscript units."""


def _item(what: str, value: Fraction | int, rule: str, unit: str = "") -> Item:
    return Item(what, Fraction(value), rule, unit)


# ---------------------------------------------------------------------------------------------
# A11.2 Withdrawal
# ---------------------------------------------------------------------------------------------


def withdrawal_items(defenders: Sequence[Unit], staying: Mapping[str, int]) -> list[Item]:
    """A11.2: -2 to a CC attack against a withdrawing unit, +1 for each unit of its side in the
    Melee that does not withdraw. ``staying``: each withdrawing unit's id to that count."""
    w = table.data()["withdrawal"]
    out = []
    for u in defenders:
        if u.id not in staying:
            continue
        n = staying[u.id]
        value = int(w["drm"]) + int(w["per_friend"]) * n
        out.append(
            _item(f"vs {u.id}: withdrawing ({n} of his side staying)", value, str(w["rule"]), u.id)
        )
    return out


# ---------------------------------------------------------------------------------------------
# A20.22 Capture
# ---------------------------------------------------------------------------------------------


def is_inexperienced(u: Unit, stack: Sequence[Unit] = ()) -> bool:
    """A19.35: Inexperienced Personnel (A19.2, A19.3: Green and Conscript MMC, a Green one
    stacked with an unbroken leader of ``stack`` excepted; Unarmed MMC;
    :func:`aslpto.rules.morale.results.inexperienced`)."""
    return inexperienced(u, stack)


def verify_capture(attackers: Sequence[Unit], defenders: Sequence[Unit]) -> None:
    """A20.2, A20.22: a berserk unit neither takes prisoners nor is captured."""
    c = table.data()["capture"]
    for u in attackers:
        if u.berserk:
            raise RuleViolation(
                str(c["rule"]), f"{u.id} is berserk: a berserk unit makes no Capture attempt"
            )
    for u in defenders:
        if u.berserk:
            raise RuleViolation(
                str(c["berserk_rule"]),
                f"{u.id} is berserk: a berserk unit cannot be captured (attack it apart)",
            )


def capture_items(defenders: Sequence[Unit], failed: Collection[str] = ()) -> list[Item]:
    """A20.22: +1 to a Capture attempt against each defender, -1 instead against Inexperienced
    Personnel; G1.641: -1 more against a unit that failed its Hara-Kiri NTC."""
    c = table.data()["capture"]
    out = []
    for u in defenders:
        if is_inexperienced(u, defenders):
            out.append(
                _item(
                    f"vs {u.id}: Capture attempt (Inexperienced)",
                    int(c["vs_inexperienced"]),
                    str(c["rule"]),
                    u.id,
                )
            )
        else:
            out.append(_item(f"vs {u.id}: Capture attempt", int(c["drm"]), str(c["rule"]), u.id))
        if u.id in failed:
            out.append(_item(f"vs {u.id}: failed its Hara-Kiri NTC", -1, "G1.641", u.id))
    return out


# ---------------------------------------------------------------------------------------------
# A11.19 concealment
# ---------------------------------------------------------------------------------------------


def concealed(u: Unit) -> bool:
    """A concealed unit, or a hidden one (placed under a "?" first: ``[concealment] hidden``)."""
    if u.hidden:
        note(FILE, "concealment", "hidden")
        return True
    return u.concealed


def concealment_factor() -> Fraction:
    """A11.19: the attack's FP against a concealed unit (halved)."""
    return Fraction(str(table.data()["concealment"]["attack_fp"]))
