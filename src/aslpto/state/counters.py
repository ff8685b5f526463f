"""The counter catalog: the counters VASL prints (``data/catalog.toml``, generated from VASL's
module by ``tools/vasl_catalog.py``) and what the rules add (``data/counters.toml``: BPV, the
face standing for each Class, Disruption, Heat of Battle DRM).

A unit is its nationality and printed face (with, for the Japanese, its Class or strength: a
Reduced 1st-Line and a Full 2nd-Line squad both read 3-4-7); its Class is the counter's.
Replacement (A19.13), Battle Hardening (A15.3), Casualty Reduction (A7.302) and Deployment
step along the counter's own line (docs/counters.md).

>>> c = catalog().counter("japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.REDUCED)
>>> c.face, c.morale
('3-4-7', 7)
>>> catalog().find("japanese", "3-4-7", unit_class=UnitClass.SECOND_LINE).strength
<Strength.FULL: 'full'>
>>> r = catalog().find("russian", "6-2-8")
>>> catalog().lower(r).face, catalog().lower(catalog().find("russian", "4-5-8")).face
('5-2-7', '4-4-7')
"""

from __future__ import annotations

from functools import cache, cached_property

from aslpto.base.datafiles import Tables, bundled
from aslpto.base.hints import Any
from aslpto.base.patterns import LazyPattern
from aslpto.base.records import record
from aslpto.base.rulings import InputError
from aslpto.base.unchecked import note
from aslpto.state.units import Kind, Strength, Unit, UnitClass

_LEADER = LazyPattern(r"^([0-9]+)([+-])([0-9])$")
_MMC_KINDS = (Kind.SQUAD, Kind.HALF_SQUAD, Kind.CREW, Kind.VEHICLE_CREW)
_PLAIN_TAGS = frozenset({"E", "1", "2", "G", "C", "M", "Icr", "Mcr", "Vcr"})
"""Tags of the plain counters; a face printed plain and with a designation (``7-4-7 Esq`` and
``7-4-7 AEsq``, ``4-5-8 Para Esq``) names the plain one unless its label is given."""
_CLASS_WORDS = {
    UnitClass.ELITE: "elite",
    UnitClass.FIRST_LINE: "1st-line",
    UnitClass.SECOND_LINE: "2nd-line",
    UnitClass.GREEN: "green",
    UnitClass.CONSCRIPT: "conscript",
}
_KIND_PLURAL = {
    Kind.SQUAD: "squads",
    Kind.HALF_SQUAD: "half-squads",
    Kind.CREW: "crews",
    Kind.VEHICLE_CREW: "vehicle crews",
}


@record
class Counter:
    """One printed counter face: its values as VASL prints them and the piece it comes from.

    ``label`` is VASL's name for the face (``6-6-7 Esq``); ``lines`` the counter lines holding
    it; ``deploys_to`` the half-squad face of the same counter, ``reduces_to`` a Japanese
    squad's Reduced-Strength face; ``source`` the VASL piece or the rule the row comes from.
    """

    nationality: str
    kind: Kind
    unit_class: UnitClass | None
    strength: Strength | None
    face: str
    morale: int
    broken_morale: int | None
    bpv: int | None
    source: str
    label: str = ""
    tag: str = ""
    lines: tuple[str, ...] = ()
    deploys_to: str | None = None
    reduces_to: str | None = None

    @property
    def plain(self) -> bool:
        return self.tag in _PLAIN_TAGS


@record
class Line:
    """A counter line: the squad faces one piece flips through, best first (labels), with the
    half-squad and (Japanese) Reduced-Strength face at each step."""

    id: str
    nationality: str
    squads: tuple[str, ...]
    half_squads: tuple[str, ...]
    reduced: tuple[str, ...]
    piece: str


@record
class LeaderFace:
    """A leader rank as VASL prints it, with its wounded face where the piece has one."""

    nationality: str
    role: str
    face: str
    wounded: str | None
    line: str
    source: str


@record
class Nationality:
    """A nationality: its Class chain (best first), the squad face standing for each Class,
    leader ranks (best first), hero face and Heat of Battle DRM."""

    key: str
    name: str
    class_chain: tuple[UnitClass, ...]
    stands_for: dict[UnitClass, str]
    disrupts: bool
    leader_ranks: tuple[str, ...]
    hero_face: str
    heat_of_battle_drm: int
    source: str


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


def _kind_of(row: dict[str, Any]) -> Kind:
    return Kind(row["kind"])


def _piece(row: dict[str, Any]) -> str:
    return f"VASL {row['palette']}: {row['piece']} (gpid {row['gpid']})"


class Catalog:
    """The loaded catalog; see :func:`catalog`."""

    def __init__(
        self, printed: Tables | dict[str, Any], rules: dict[str, Any], hero_face: str
    ) -> None:
        self._bpv: list[dict[str, Any]] = rules.get("bpv", [])
        self.source: dict[str, Any] = dict(printed.get("source", {}))
        self._printed_rows: list[dict[str, Any]] = printed.get("mmc", [])
        self._rule_rows: list[dict[str, Any]] = rules.get("counter", [])
        # each nationality's rows, printed ones first, in file order: its counters are made
        # when the nationality is first asked for (a command reads one or two of seven)
        self._rows_of: dict[str, list[tuple[bool, int]]] = {}
        for i, row in enumerate(self._printed_rows):
            self._rows_of.setdefault(row["nationality"], []).append((False, i))
        for i, row in enumerate(self._rule_rows):
            self._rows_of.setdefault(row["nationality"], []).append((True, i))
        self._made: dict[tuple[bool, int], Counter] = {}
        self._labels: dict[str, dict[str, Counter]] = {}
        self._found: dict[tuple[Any, ...], Counter] = {}
        self._printed = printed
        leader_lines = {ll["id"]: tuple(ll["ranks"]) for ll in printed.get("leader_line", [])}
        self.nationalities: dict[str, Nationality] = {}
        for key, n in rules.get("nationality", {}).items():
            stands = {UnitClass(k): v for k, v in n.get("stands_for", {}).items()}
            ranks = tuple(n["leader_ranks"]) if "leader_ranks" in n else leader_lines[n["leaders"]]
            self.nationalities[key] = Nationality(
                key=key,
                name=n["name"],
                class_chain=tuple(stands),
                stands_for=stands,
                disrupts=bool(n["disrupts"]),
                leader_ranks=ranks,
                hero_face=hero_face,
                heat_of_battle_drm=int(n.get("heat_of_battle_drm", 0)),
                source=n["source"],
            )

    @cached_property
    def lines(self) -> dict[str, Line]:
        """The counter lines by id (made when first asked for, as the counters are)."""
        return {
            ln["id"]: Line(
                id=ln["id"],
                nationality=ln["nationality"],
                squads=tuple(ln["squads"]),
                half_squads=tuple(ln["half_squads"]),
                reduced=tuple(ln.get("reduced", ())),
                piece=ln["piece"],
            )
            for ln in self._printed.get("line", [])
        }

    @cached_property
    def leader_faces(self) -> list[LeaderFace]:
        """Every printed leader face, with its wounded face where the piece has one."""
        faces: list[LeaderFace] = []
        wounded_of: dict[tuple[str, str], str] = {}
        for ll in self._printed.get("leader_line", []):
            for f, w in zip(ll["ranks"], ll.get("wounded", ()), strict=False):
                wounded_of[(ll["id"], f)] = w
        for ld in self._printed.get("leader", []):
            line = ld.get("line", "")
            faces.append(
                LeaderFace(
                    nationality=ld["nationality"],
                    role=ld["role"],
                    face=ld["face"],
                    wounded=wounded_of.get((line, ld["face"])),
                    line=line,
                    source=_piece(ld),
                )
            )
        return faces

    @cached_property
    def heroes(self) -> list[tuple[str, str]]:
        """(nationality, VASL piece) of each hero counter; VASL names no values for them."""
        return [(h["nationality"], _piece(h)) for h in self._printed.get("hero", [])]

    def _counter(self, key: tuple[bool, int]) -> Counter:
        got = self._made.get(key)
        if got is None:
            rules, i = key
            got = self._made[key] = (
                self._from_rules(self._rule_rows[i])
                if rules
                else self._from_printed(self._printed_rows[i])
            )
        return got

    def _from_printed(self, row: dict[str, Any]) -> Counter:
        kind = _kind_of(row)
        strength: Strength | None = None
        if row["nationality"] == "japanese" and kind == Kind.SQUAD:
            strength = Strength.REDUCED if row["reduced"] else Strength.FULL
        elif row["nationality"] == "japanese" and kind == Kind.CREW:
            strength = Strength.FULL
        cls = UnitClass(row["class"]) if "class" in row else None
        plain = row["tag"] in _PLAIN_TAGS
        return Counter(
            nationality=row["nationality"],
            kind=kind,
            unit_class=cls,
            strength=strength,
            face=row["face"],
            morale=int(row["morale"]),
            broken_morale=row.get("broken_ml"),
            bpv=_bpv(self._bpv, row["nationality"], kind, cls) if plain else None,
            source=_piece(row),
            label=row["label"],
            tag=row["tag"],
            lines=tuple(row.get("lines", ())),
            deploys_to=row.get("deploys_to"),
            reduces_to=row.get("reduces_to"),
        )

    def _from_rules(self, row: dict[str, Any]) -> Counter:
        kind = _kind_of(row)
        return Counter(
            nationality=row["nationality"],
            kind=kind,
            unit_class=UnitClass(row["class"]) if "class" in row else None,
            strength=Strength(row["strength"]) if "strength" in row else None,
            face=row["face"],
            morale=int(row["morale"]),
            broken_morale=row.get("broken_morale"),
            bpv=_bpv(self._bpv, row["nationality"], kind, None),
            source=row["source"],
            label=row["face"],
            tag="Icr" if kind == Kind.CREW else "",
        )

    @property
    def counters(self) -> list[Counter]:
        """Every MMC face of every nationality: the printed ones in file order, then those of
        the rules (counters.toml)."""
        return [self._counter((False, i)) for i in range(len(self._printed_rows))] + [
            self._counter((True, i)) for i in range(len(self._rule_rows))
        ]

    def _by_label(self, nationality: str) -> dict[str, Counter]:
        """A nationality's faces by VASL label (a later printed face of a label wins; a face of
        the rules only where no printed one has its label)."""
        got = self._labels.get(nationality)
        if got is None:
            got = {}
            for key in self._rows_of.get(nationality, ()):
                c = self._counter(key)
                if key[0]:
                    got.setdefault(c.label, c)
                else:
                    got[c.label] = c
            self._labels[nationality] = got  # (kept once whole: a reader never sees it half made)
        return got

    # -- nationalities ---------------------------------------------------------------------

    def nationality(self, key: str) -> Nationality:
        try:
            return self.nationalities[key]
        except KeyError:
            known = ", ".join(sorted(self.nationalities))
            raise InputError(f"unknown nationality {key!r} (known: {known})") from None

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

    def of_nationality(self, nationality: str) -> list[Counter]:
        """The nationality's MMC faces, plain counters first."""
        return [self._counter(k) for k in self._rows_of.get(nationality, ())]

    def label(self, nationality: str, label: str) -> Counter:
        """The face VASL names ``label`` (``6-6-7 Esq``)."""
        try:
            return self._by_label(nationality)[label]
        except KeyError:
            raise InputError(f"no {nationality} counter {label!r} in the counter catalog") from None

    def counter(
        self,
        nationality: str,
        kind: Kind,
        unit_class: UnitClass | None = None,
        strength: Strength | None = None,
    ) -> Counter:
        """The counter standing for this Class (``stands_for``), or the nationality's crew.
        Japanese squads and infantry crews take a strength (Full when none is given)."""
        n = self.nationality(nationality)
        strength = strength or Strength.FULL
        if kind in (Kind.CREW, Kind.VEHICLE_CREW):
            for c in self.of_nationality(nationality):
                if c.kind == kind and c.plain and (c.strength is None or c.strength == strength):
                    return c
            raise InputError(f"no {nationality} {kind} in the counter catalog")
        if unit_class is None or unit_class not in n.stands_for:
            raise InputError(self._class_problem(nationality, kind, unit_class))
        squad = self._plain(nationality, n.stands_for[unit_class], Kind.SQUAD, Strength.FULL)
        return self._same_level(squad, kind, strength)

    def _class_problem(self, nationality: str, kind: Kind, unit_class: UnitClass | None) -> str:
        n = self.nationality(nationality)
        faces = _faces(
            [
                c
                for c in self.of_nationality(nationality)
                if c.kind == kind and c.plain and c.strength != Strength.REDUCED
            ]
        )
        if not n.stands_for:
            what = f"{unit_class} {kind}" if unit_class else f"{kind} by its Class"
            a = "an" if what[0] in "aeiou" else "a"
            return (
                f"{n.name}: VASL prints no Class on its counters, so no face stands for "
                f"{a} {what}; give the counter ({faces})"
            )
        if unit_class is None:
            return f"a {n.name} {kind} needs its counter ({faces}) or its Class"
        classes = ", ".join(str(c) for c in n.class_chain)
        return (
            f"{n.name} prints no {unit_class} {kind}; its Classes are {classes} (or give "
            f"the counter: {faces})"
        )

    def _plain(self, nationality: str, face: str, kind: Kind, strength: Strength) -> Counter:
        for c in self.of_nationality(nationality):
            if c.face == face and c.kind == kind and c.plain and c.strength in (None, strength):
                return c
        raise InputError(f"no {nationality} {kind} {face} in the counter catalog")

    def find(
        self,
        nationality: str,
        face: str,
        kind: Kind | None = None,
        unit_class: UnitClass | None = None,
        strength: Strength | None = None,
    ) -> Counter:
        """The counter with this printed face (or VASL label); Class, strength and kind settle
        faces shared by two. A face printed plain and with a designation names the plain one.
        (Kept once found: a stack's odds ask for the same few faces tens of thousands of
        times.)"""
        key = (nationality, face, kind, unit_class, strength)
        got = self._found.get(key)
        if got is None:
            got = self._found[key] = self._find(nationality, face, kind, unit_class, strength)
        return got

    def _find(
        self,
        nationality: str,
        face: str,
        kind: Kind | None,
        unit_class: UnitClass | None,
        strength: Strength | None,
    ) -> Counter:
        self.nationality(nationality)
        by_label = self._by_label(nationality).get(face)
        if by_label is not None and kind in (None, by_label.kind):
            return by_label
        found = [
            c
            for c in self.of_nationality(nationality)
            if c.face == face
            and (kind is None or c.kind == kind)
            and (unit_class is None or c.unit_class in (None, unit_class))
            and (strength is None or c.strength in (None, strength))
        ]
        if len(found) > 1 and any(c.plain for c in found):
            found = [c for c in found if c.plain]
        if not found:
            raise InputError(
                self.problem(nationality, face, kind, unit_class, strength)
                or f"no {nationality} counter {face!r} in the counter catalog"
            )
        if len(found) > 1:
            options = "; ".join(
                " ".join(str(x) for x in (c.strength, c.unit_class, c.kind) if x is not None)
                for c in found
            )
            raise InputError(
                f"{nationality} {face} is more than one counter ({options}); give its Class "
                "or strength"
            )
        return found[0]

    def problem(
        self,
        nationality: str,
        face: str,
        kind: Kind | None = None,
        unit_class: UnitClass | None = None,
        strength: Strength | None = None,
    ) -> str | None:
        """Why a unit's face cannot be one of the nationality's counters, naming the faces that
        exist ("U.S. Army squad 5-5-6: not a U.S. Army counter; 2nd-line squads are 5-4-6 and
        4-4-7"), or None when it is one."""
        n = self.nationality(nationality)
        mine = [c for c in self.of_nationality(nationality) if kind is None or c.kind == kind]
        same = [c for c in mine if c.face == face or c.label == face]
        fits = [c for c in same if unit_class is None or c.unit_class in (None, unit_class)]
        if fits and (strength is None or any(c.strength in (None, strength) for c in fits)):
            return None
        what = str(kind) if kind else "unit"
        plural = _KIND_PLURAL.get(kind, f"{kind}s") if kind else "MMC faces"
        if fits:
            ids = " or ".join(
                dict.fromkeys(  # (each once: a face printed on two pieces)
                    " ".join(str(x) for x in (c.strength, c.unit_class) if x is not None)
                    for c in same
                )
            )
            asked = " ".join(str(x) for x in (strength, unit_class) if x is not None)
            return f"{n.name} {what} {face}: printed as {ids}, not {asked}"
        if same:
            printed = sorted({str(c.unit_class) for c in same if c.unit_class})
            cls = " or ".join(printed) if printed else "no Class"
            faces = _faces(
                [
                    c
                    for c in mine
                    if c.unit_class == unit_class
                    and c.plain
                    and c.strength in (None, strength or Strength.FULL)
                ]
            )
            tail = (
                f"; {unit_class} {plural} are {faces}"
                if faces != "none"
                else f"; no {unit_class} {plural} are printed"
            )
            return f"{n.name} {what} {face}: printed as {cls}, not {unit_class}{tail}"
        pool = [c for c in mine if c.plain and c.strength != Strength.REDUCED]
        if unit_class is not None:
            classed = [c for c in pool if c.unit_class == unit_class]
            if classed:
                return (
                    f"{n.name} {what} {face}: not a {n.name} counter; "
                    f"{unit_class} {plural} are {_faces(classed)}"
                )
        return f"{n.name} {what} {face}: not a {n.name} counter; its {plural} are {_faces(pool)}"

    def of(self, unit: Unit) -> Counter:
        """The catalog counter of a unit (MMC only): its printed face, else the face standing
        for its Class."""
        if unit.counter and not unit.unarmed:
            return self.find(
                unit.nationality, unit.counter, unit.kind, unit.unit_class, unit.strength
            )
        return self.counter(unit.nationality, unit.kind, unit.unit_class, unit.strength)

    def bpv(self, unit: Unit) -> int:
        """The unit's BPV, or an InputError naming what the catalog lacks."""
        c = self.of(unit)
        if c.bpv is None:
            raise InputError(f"the counter catalog has no BPV for {unit.nationality} {c.face}")
        return c.bpv

    # -- counter lines ---------------------------------------------------------------------

    def line_of(self, c: Counter) -> Line | None:
        """The counter line a face belongs to: its own, or where several lines share it (the
        Chinese 3-3-7, the Russian 4-2-6) the one of the face standing for its best Class."""
        if not c.lines:
            return None
        if len(c.lines) > 1:
            n = self.nationalities.get(c.nationality)
            if n is not None and n.class_chain:
                head = n.stands_for[n.class_chain[0]]
                for lid in c.lines:
                    if self._by_label(c.nationality)[self.lines[lid].squads[0]].face == head:
                        return self.lines[lid]
        return self.lines[c.lines[0]]

    def _level(self, c: Counter, line: Line) -> int:
        for seq in (line.squads, line.reduced, line.half_squads):
            if c.label in seq:
                return seq.index(c.label)
        raise InputError(f"{c.nationality} {c.label} is not in counter line {line.id}")

    def _at(self, line: Line, level: int, kind: Kind, strength: Strength | None) -> Counter:
        if kind == Kind.HALF_SQUAD:
            label = line.half_squads[level]
        elif strength == Strength.REDUCED and line.reduced:
            label = line.reduced[level]
        else:
            label = line.squads[level]
        return self._by_label(line.nationality)[label]

    def _same_level(self, c: Counter, kind: Kind, strength: Strength | None) -> Counter:
        """The face of the same counter at the same step: its half-squad, its Full- or
        Reduced-Strength side."""
        if kind in (Kind.CREW, Kind.VEHICLE_CREW):
            return self.counter(c.nationality, kind, None, strength)
        line = self.line_of(c)
        if line is None:
            raise InputError(f"{c.nationality} {c.label} has no {kind} in the counter catalog")
        return self._at(line, self._level(c, line), kind, strength)

    def step(self, c: Counter, by: int) -> Counter | None:
        """The face ``by`` steps down (+1, Replacement A19.13) or up (-1, Battle Hardening
        A15.3) the counter's own line, same size and strength; where its line has no such step,
        the face standing for the next Class of the chain; None at the chain's end, or for a
        counter VASL prints without a Class."""
        line = self.line_of(c)
        if line is not None:
            j = self._level(c, line) + by
            if 0 <= j < len(line.squads):
                return self._at(line, j, c.kind, c.strength)
        n = self.nationalities.get(c.nationality)
        if c.unit_class is None or n is None or c.unit_class not in n.class_chain:
            return None
        i = n.class_chain.index(c.unit_class) + by
        if not 0 <= i < len(n.class_chain):
            return None
        cls = n.class_chain[i]
        return self.counter(c.nationality, c.kind, cls, c.strength)

    def lower(self, c: Counter) -> Counter | None:
        """Replacement (A19.13): the next-lower face of the counter's line."""
        return self.step(c, 1)

    def higher(self, c: Counter) -> Counter | None:
        """Battle Hardening (A15.3): the next-higher face of the counter's line."""
        return self.step(c, -1)

    def lower_class(self, unit: Unit) -> UnitClass | None:
        """The Class of the unit's Replacement (A19.13), or None at its line's end."""
        lo = self.lower(self.of(unit))
        return lo.unit_class if lo is not None else None

    def higher_class(self, unit: Unit) -> UnitClass | None:
        """The Class of the unit Battle Hardened (A15.3), or None at the top."""
        hi = self.higher(self.of(unit))
        return hi.unit_class if hi is not None else None

    def exchanged(
        self,
        c: Counter,
        kind: Kind,
        unit_class: UnitClass | None,
        strength: Strength | None,
    ) -> Counter:
        """The face a counter is exchanged for: another size or strength at the same step of
        its line, or (a Class given) the step of its line with that Class."""
        if kind in (Kind.CREW, Kind.VEHICLE_CREW) or c.kind in (Kind.CREW, Kind.VEHICLE_CREW):
            if kind in (Kind.CREW, Kind.VEHICLE_CREW):
                return self.counter(c.nationality, kind, None, strength)
            return self.counter(c.nationality, kind, unit_class, strength)
        if unit_class is not None and unit_class != c.unit_class:
            line = self.line_of(c)
            if line is not None:
                for j, lab in enumerate(line.squads):
                    if self._by_label(c.nationality)[lab].unit_class == unit_class:
                        return self._at(line, j, kind, strength)
            return self.counter(c.nationality, kind, unit_class, strength)
        return self._same_level(c, kind, strength)


def _faces(cs: list[Counter]) -> str:
    """The faces, the one standing for a Class first, then best first."""
    standing: set[str] = set()
    for c in cs:
        n = catalog().nationalities.get(c.nationality)
        if n is not None:
            standing |= set(n.stands_for.values())
    faces = sorted(
        {c.face for c in cs},
        key=lambda f: (f not in standing, [-int(x.strip("()")) for x in f.split("-")]),
    )
    if len(faces) <= 1:
        return "".join(faces) or "none"
    return ", ".join(faces[:-1]) + " and " + faces[-1]


def _bpv(
    rows: list[dict[str, Any]], nationality: str, kind: Kind, unit_class: UnitClass | None
) -> int | None:
    for r in rows:
        if (
            r["nationality"] == nationality
            and r["kind"] == kind
            and r.get("class") == (unit_class.value if unit_class else None)
        ):
            return int(r["bpv"])
    return None


@cache
def catalog() -> Catalog:
    """The counter catalog (``data/catalog.toml`` with ``data/counters.toml``), loaded once."""
    hero = str(bundled("morale.toml")["heat_of_battle"]["hero_face"])
    return Catalog(Tables("catalog.toml"), bundled("counters.toml"), hero)


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

    Leaders and heroes take ``face`` (``"9-1"``, ``"1-4-9"``); MMC take their printed ``face``
    (``"6-6-7"``), or a Class (the face standing for it) and, Japanese, a strength.

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
        if face is None:
            note("morale.toml", "heat_of_battle", "hero_face")
            face = catalog().nationality(nationality).hero_face
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
    cat = catalog()
    if face is not None:
        c = cat.find(nationality, face, kind, unit_class, strength)
    else:
        c = cat.counter(nationality, kind, unit_class, strength)
    broken = bool(status.get("broken", False))
    ml = c.broken_morale if broken and c.broken_morale is not None else c.morale
    return Unit(
        id=id,
        side=side,
        nationality=nationality,
        kind=kind,
        counter=c.face,
        unit_class=c.unit_class if c.unit_class is not None else unit_class,
        strength=c.strength if c.strength is not None else strength,
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

    The new face is the same counter's: its half-squad or other strength at the same step of
    its line, or (a Class given) the step of its line with that Class. Face and Morale Level
    come from the catalog (the broken-side Morale Level if broken).
    """
    kind = kind or unit.kind
    if kind in (Kind.SQUAD, Kind.CREW) and unit.nationality == "japanese":
        strength = strength or (unit.strength if unit.kind == kind else None) or Strength.FULL
    else:
        strength = None
    cat = catalog()
    c = cat.exchanged(cat.of(unit), kind, unit_class, strength)
    broken = bool(status.get("broken", unit.broken))
    ml = c.broken_morale if broken and c.broken_morale is not None else c.morale
    return unit.with_(
        id=id or unit.id,
        kind=kind,
        counter=c.face,
        unit_class=c.unit_class,
        strength=c.strength if kind in (Kind.SQUAD, Kind.CREW) else None,
        morale=ml,
        **status,
    )


def become(unit: Unit, c: Counter, **status: Any) -> Unit:
    """The unit exchanged for the counter ``c`` (Replacement, Battle Hardening), keeping its
    other status; Morale Level from ``c`` (its broken side if broken)."""
    broken = bool(status.get("broken", unit.broken))
    ml = c.broken_morale if broken and c.broken_morale is not None else c.morale
    return unit.with_(
        kind=c.kind,
        counter=c.face,
        unit_class=c.unit_class,
        strength=c.strength,
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
