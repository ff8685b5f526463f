"""Units and end states for the Close Combat tests: Japanese and U.S. squads, and a CC's end as
Random Selection sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aslpto.rules.cc.resolution import CCResult
from aslpto.state.counters import make
from aslpto.state.units import Kind, Strength, Unit, UnitClass

ROOT = Path(__file__).resolve().parent.parent


def jsq(
    uid: str, strength: Strength = Strength.FULL, cls: UnitClass = UnitClass.ELITE, **kw: Any
) -> Unit:
    """A Japanese squad (Elite unless ``cls`` says otherwise)."""
    return make(uid, "japanese", Kind.SQUAD, cls, strength, **kw)


def us(uid: str, face: str = "6-6-6", **kw: Any) -> Unit:
    return make(uid, "american", Kind.SQUAD, face=face, **kw)


def plain(r: CCResult) -> tuple[tuple[str, ...], int, tuple[str, ...], bool]:
    """An end state as Random Selection sees it: identical units interchangeable."""
    return (
        tuple(sorted(u.counter for u in r.units)),
        len(r.eliminated),
        tuple(sorted(u.counter for u in r.captured)),
        r.melee,
    )
