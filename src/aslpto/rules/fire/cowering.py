"""Cowering (A7.9): an attack whose Original DR is doubles moves one column to the left on
the IFT, two when an Inexperienced unit fires (A19.33), unless a leader directs it or every
firer is exempt (a SMC, a berserk unit, British Elite/1st-Line units, Finns but not their
Conscripts). The numbers and exemptions are ``data/fire.toml`` ``[cowering]``.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind
>>> cowering([make("U1", "american", Kind.SQUAD, face="6-6-6")]).value
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aslpto.base.hints import Any
from aslpto.base.rulings import Ruling
from aslpto.base.unchecked import note
from aslpto.rules.fire.table import FILE, data
from aslpto.rules.morale.results import inexperienced
from aslpto.state.units import Kind, Unit, UnitClass


def cowering(
    firers: Sequence[Unit], *, led: bool | None = None, stacked: Sequence[Unit] = ()
) -> Ruling[int]:
    """How many columns an Original doubles moves the attack of ``firers`` left (0: it does
    not Cower). ``led``: whether a leader directs it (None: a Good Order, unpinned leader among
    ``firers`` does). ``stacked``: other units in the firers' Locations (an unbroken leader
    there keeps a Green MMC from being Inexperienced, A19.3, as one among ``firers`` does)."""
    c = data()["cowering"]
    rule = str(c["rule"])
    if led is None:
        led = any(u.kind == Kind.LEADER and not (u.broken or u.pinned) for u in firers)
    if led:
        return Ruling(0, (rule, "A7.53"), "a leader directs: no Cowering")
    shooters = [u for u in firers if u.kind != Kind.LEADER]
    if not shooters:
        return Ruling(0, (rule,), "no firer given: no Cowering")
    exempt = [f"{u.id} {why}" for u in shooters if (why := _exempt(u, c))]
    if len(exempt) == len(shooters):
        return Ruling(0, (rule,), "no Cowering: " + "; ".join(exempt))
    stack = (*firers, *stacked)
    green = [u.id for u in shooters if inexperienced(u, stack)]
    if green:
        n = int(c["inexperienced_columns"])
        return Ruling(
            n,
            (rule, str(c["inexperienced_rule"])),
            f"Cowers {n} columns on Original doubles (Inexperienced: {', '.join(green)})",
        )
    n = int(c["columns"])
    return Ruling(n, (rule,), f"Cowers {n} column on Original doubles (no leader directs)")


def _exempt(u: Unit, c: Mapping[str, Any]) -> str:
    note(FILE, "cowering", "exempt_berserk")
    if u.berserk and c["exempt_berserk"]:
        return "is berserk"
    if u.kind.is_smc and c["exempt_smc"]:
        return "is a SMC"
    if u.nationality in c["exempt_nationalities"]:
        cls = u.unit_class.value if u.unit_class else ""
        if u.unit_class == UnitClass.CONSCRIPT and not c["exempt_conscripts"]:
            return ""  # A7.9: Finns [EXC: Conscripts]
        if u.nationality != "british" or cls in c["exempt_british_classes"]:
            return f"is {u.nationality} {cls}".rstrip()
    return ""
