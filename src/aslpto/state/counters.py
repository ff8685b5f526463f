"""The counter catalog (``data/counters.toml``): faces, Morale Levels, BPV and Class chains.

A unit's identity is (nationality, kind, Class, strength); the printed face follows from it.
Class chains drive Replacement (A19.13) and Battle Hardening (A15.3); leader ranks drive
leader Replacement and G1.411.

>>> c = catalog().counter("japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED)
>>> c.face, c.morale
('3-4-7', 7)
>>> catalog().find("japanese", "3-4-7", unit_class=UnitClass.SECOND_LINE).strength
<Strength.FULL: 'full'>
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from aslpto.base.datafiles import bundled
from aslpto.base.rulings import InputError
from aslpto.state.units import Kind, Strength, Unit, UnitClass

_LEADER = re.compile(r"^(\d+)([+-])(\d)$")
_MMC_KINDS = (Kind.SQUAD, Kind.HALF_SQUAD, Kind.CREW, Kind.VEHICLE_CREW)


@dataclass(frozen=True)
class Counter:
    """One printed counter face of the catalog."""

    nationality: str
    kind: Kind
    unit_class: UnitClass | None
    strength: Strength | None
    face: str
    morale: int
    broken_morale: int | None
    bpv: int | None
    source: str
    sure: bool


@dataclass(frozen=True)
class Nationality:
    """A nationality's Class chain (best first), leader ranks (best first) and hero face."""

    key: str
    name: str
    class_chain: tuple[UnitClass, ...]
    disrupts: bool
    leader_ranks: tuple[str, ...]
    hero_face: str
    hob_drm: int
    source: str
    sure: bool


def parse_leader(face: str) -> tuple[int, int]:
    """A leader face ``9-1`` as (Morale Level 9, leadership DRM -1); ``8+1`` gives +1.

    >>> parse_leader("10-2"), parse_leader("8+1"), parse_leader("9-0")
    ((10, -2), (8, 1), (9, 0))
    """
    m = _LEADER.match(face)
    if not m:
        raise InputError(f"leader {face!r}: expected a face like 9-1, 10-0 or 8+1")
    sign = 1 if m.group(2) == "+" else -1
    return int(m.group(1)), sign * int(m.group(3))


def leader_face(morale: int, leadership: int) -> str:
    """The face of a leader with this Morale Level and leadership DRM (``9-1``, ``8+1``)."""
    return f"{morale}+{leadership}" if leadership > 0 else f"{morale}-{-leadership}"


class Catalog:
    """The loaded catalog; see :func:`catalog`."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.nationalities: dict[str, Nationality] = {}
        for key, n in data.get("nationality", {}).items():
            self.nationalities[key] = Nationality(
                key=key,
                name=n["name"],
                class_chain=tuple(UnitClass(c) for c in n["class_chain"]),
                disrupts=bool(n["disrupts"]),
                leader_ranks=tuple(n["leader_ranks"]),
                hero_face=n["hero_face"],
                hob_drm=int(n.get("hob_drm", 0)),
                source=n["source"],
                sure=bool(n["sure"]),
            )
        self.counters: list[Counter] = []
        for row in data.get("counter", []):
            self.counters.append(
                Counter(
                    nationality=row["nationality"],
                    kind=Kind(row["kind"]),
                    unit_class=UnitClass(row["class"]) if "class" in row else None,
                    strength=Strength(row["strength"]) if "strength" in row else None,
                    face=row["face"],
                    morale=int(row["morale"]),
                    broken_morale=row.get("broken_morale"),
                    bpv=row.get("bpv"),
                    source=row["source"],
                    sure=bool(row["sure"]),
                )
            )

    # -- nationalities ---------------------------------------------------------------------

    def nationality(self, key: str) -> Nationality:
        try:
            return self.nationalities[key]
        except KeyError:
            known = ", ".join(sorted(self.nationalities))
            raise InputError(f"unknown nationality {key!r} (known: {known})") from None

    def lower_class(self, nationality: str, unit_class: UnitClass) -> UnitClass | None:
        """The next-lower Class in the nationality's chain (A19.13), or None at its end."""
        chain = self.nationality(nationality).class_chain
        if unit_class not in chain:
            return None
        i = chain.index(unit_class)
        return chain[i + 1] if i + 1 < len(chain) else None

    def higher_class(self, nationality: str, unit_class: UnitClass) -> UnitClass | None:
        """The next-higher Class (Battle Hardening, A15.3), or None at the top."""
        chain = self.nationality(nationality).class_chain
        if unit_class not in chain:
            return None
        i = chain.index(unit_class)
        return chain[i - 1] if i > 0 else None

    def lower_leader(self, nationality: str, face: str) -> str | None:
        """The leader of the next-lower quality (A19.13 Replacement, G1.411), or None."""
        ranks = self.nationality(nationality).leader_ranks
        if face not in ranks:
            raise InputError(f"{face!r} is not a {nationality} leader rank ({', '.join(ranks)})")
        i = ranks.index(face)
        return ranks[i + 1] if i + 1 < len(ranks) else None

    def higher_leader(self, nationality: str, face: str) -> str | None:
        ranks = self.nationality(nationality).leader_ranks
        if face not in ranks:
            return None
        i = ranks.index(face)
        return ranks[i - 1] if i > 0 else None

    # -- counters --------------------------------------------------------------------------

    def counter(
        self,
        nationality: str,
        kind: Kind,
        unit_class: UnitClass | None = None,
        strength: Strength | None = None,
    ) -> Counter:
        """The counter with this identity. Japanese squads and infantry crews need a strength."""
        self.nationality(nationality)
        for c in self.counters:
            if (
                c.nationality == nationality
                and c.kind == kind
                and (c.unit_class is None or c.unit_class == unit_class)
                and (c.strength is None or c.strength == (strength or Strength.FULL))
            ):
                return c
        what = " ".join(str(x) for x in (strength, unit_class, kind) if x is not None)
        raise InputError(f"no {nationality} {what} in the counter catalog")

    def find(
        self,
        nationality: str,
        face: str,
        kind: Kind | None = None,
        unit_class: UnitClass | None = None,
        strength: Strength | None = None,
    ) -> Counter:
        """The counter with this printed face; Class/strength/kind settle faces shared by two."""
        found = [
            c
            for c in self.counters
            if c.nationality == nationality
            and c.face == face
            and (kind is None or c.kind == kind)
            and (unit_class is None or c.unit_class in (None, unit_class))
            and (strength is None or c.strength in (None, strength))
        ]
        if not found:
            self.nationality(nationality)
            raise InputError(f"no {nationality} counter {face!r} in the counter catalog")
        if len(found) > 1:
            options = "; ".join(
                " ".join(str(x) for x in (c.strength, c.unit_class, c.kind) if x is not None)
                for c in found
            )
            raise InputError(
                f"{nationality} {face} is more than one counter ({options}); give its Class "
                "(identity is Class and strength, not the printed numbers)"
            )
        return found[0]

    def of(self, unit: Unit) -> Counter:
        """The catalog counter of a unit (MMC only)."""
        return self.counter(unit.nationality, unit.kind, unit.unit_class, unit.strength)

    def bpv(self, unit: Unit) -> int:
        """The unit's BPV, or an InputError naming what the catalog lacks."""
        c = self.of(unit)
        if c.bpv is None:
            raise InputError(f"the counter catalog has no BPV for {unit.nationality} {c.face}")
        return c.bpv


@cache
def catalog() -> Catalog:
    """The counter catalog shipped in ``aslpto/data/counters.toml`` (loaded once)."""
    return Catalog(bundled("counters.toml"))


def make(
    id: str,
    nationality: str,
    kind: Kind,
    unit_class: UnitClass | None = None,
    strength: Strength | None = None,
    *,
    side: str = "",
    face: str | None = None,
    **status: Any,
) -> Unit:
    """A new unit with its face and Morale Level from the catalog.

    Leaders and heroes take ``face`` (``"9-1"``, ``"1-4-9"``); MMC take Class and strength.

    >>> make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL).counter
    '4-4-8'
    """
    side = side or nationality
    if kind == Kind.LEADER:
        if face is None:
            raise InputError("a leader needs its face, e.g. 9-1")
        ml, _ = parse_leader(face)
        return Unit(
            id=id, side=side, nationality=nationality, kind=kind, counter=face, morale=ml, **status
        )
    if kind.is_smc:
        face = face or catalog().nationality(nationality).hero_face
        ml = int(face.rsplit("-", 1)[-1])
        return Unit(
            id=id, side=side, nationality=nationality, kind=kind, counter=face, morale=ml, **status
        )
    if kind not in _MMC_KINDS:
        raise InputError(f"{kind} is not Personnel with a Morale Level")
    if nationality == "japanese" and kind in (Kind.SQUAD, Kind.CREW) and strength is None:
        strength = Strength.FULL
    if not (nationality == "japanese" and kind in (Kind.SQUAD, Kind.CREW)):
        strength = None
    c = catalog().counter(nationality, kind, unit_class, strength)
    broken = bool(status.get("broken", False))
    ml = c.broken_morale if broken and c.broken_morale is not None else c.morale
    return Unit(
        id=id,
        side=side,
        nationality=nationality,
        kind=kind,
        counter=c.face,
        unit_class=c.unit_class if c.unit_class is not None else unit_class,
        strength=strength,
        morale=ml,
        **status,
    )


def exchange(
    unit: Unit,
    kind: Kind | None = None,
    unit_class: UnitClass | None = None,
    strength: Strength | None = None,
    *,
    id: str | None = None,
    **status: Any,
) -> Unit:
    """The unit exchanged for another counter of its nationality, keeping its other status.

    Face and Morale Level come from the catalog (the broken-side Morale Level if broken).
    """
    kind = kind or unit.kind
    if unit_class is None and kind != Kind.VEHICLE_CREW and kind != Kind.CREW:
        unit_class = unit.unit_class
    if kind in (Kind.SQUAD, Kind.CREW) and unit.nationality == "japanese":
        strength = strength or unit.strength or Strength.FULL
    else:
        strength = None
    c = catalog().counter(unit.nationality, kind, unit_class, strength)
    broken = bool(status.get("broken", unit.broken))
    ml = c.broken_morale if broken and c.broken_morale is not None else c.morale
    return unit.with_(
        id=id or unit.id,
        kind=kind,
        counter=c.face,
        unit_class=c.unit_class if c.unit_class is not None else unit_class,
        strength=strength,
        morale=ml,
        **status,
    )


def morale_of(unit: Unit) -> int:
    """The unit's current Morale Level: its own, else the catalog's (broken side if broken), else
    a leader's or hero's face."""
    if unit.morale is not None:
        return unit.morale
    if unit.kind == Kind.LEADER:
        return parse_leader(unit.counter)[0]
    if unit.kind.is_mmc:
        c = catalog().of(unit)
        if unit.broken and c.broken_morale is not None:
            return c.broken_morale
        return c.morale
    if unit.kind.is_smc and unit.counter.count("-") == 2:
        return int(unit.counter.rsplit("-", 1)[1])
    raise InputError(f"unit {unit.id}: no Morale Level (give its Class/counter)")


def complete(unit: Unit) -> Unit:
    """The unit with its Morale Level filled in from the catalog when missing."""
    return unit if unit.morale is not None else unit.with_(morale=morale_of(unit))


def good_order_morale(unit: Unit) -> int:
    """The unit's printed Good-Order Morale Level (MMC from the catalog; SMC from the face)."""
    if unit.kind.is_mmc:
        return catalog().of(unit).morale
    if unit.morale is None:
        raise InputError(f"unit {unit.id}: no Morale Level")
    return unit.morale
