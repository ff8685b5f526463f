"""LOS Locations (a hex, a level, a position), LOS results and their blockers and Hindrances,
and a scenario's LOS overrides (``[[los_overrides]]``)."""

from __future__ import annotations

from aslpto.base.hints import Any
from aslpto.base.ranges import refusal
from aslpto.base.records import record
from aslpto.base.rulings import InputError, Ruling
from aslpto.base.tomlsource import TomlSource
from aslpto.board.hexes import Hex
from aslpto.board.maps import Map
from aslpto.board.terrain import Feature, Terrain
from aslpto.state.game import Game
from aslpto.state.units import Unit

POSITIONS: dict[str, str] = {
    "ground": "ground",
    "in": "in",
    "bank": "bank",
    "above": "above-panji",
    "above-panji": "above-panji",
    "beneath": "beneath-panji",
    "beneath-panji": "beneath-panji",
    "crest": "crest",
}
"""Position words a LOS end may carry (DESIGN.md's location words, plus ``crest``: at Crest
level in a stream Depression rather than IN it)."""


@record
class Location:
    """One end of a LOS: a hex, a level above the hex's base (an upper building level, or a
    raised observer), a position in the hex, and whether it is entrenched Infantry (G8)."""

    hex: Hex
    level: int = 0
    position: str = "ground"
    entrenched: bool = False
    infantry: bool = True


def parse_location(m: Map, text: str) -> Location:
    """``37AA10``, ``37AA10@1`` (one level above the hex's base), ``37DD7:bank``,
    ``37DD7:above`` / ``:beneath`` (a Panji counter), ``37DD7:in``, ``37S9:crest``."""
    raw = text.strip()
    name, _, pos = raw.partition(":")
    name, _, lev = name.partition("@")
    if not name:
        raise InputError(f"location '{text}' needs a hex (e.g. 37AA10, 37AA10@1, 37DD7:bank)")
    try:
        h = m.hex(name)
    except InputError as e:
        raise InputError(f"location '{text}': {e.message}") from None
    level = 0
    if lev:
        if not (lev.isascii() and lev.isdigit() and len(lev) <= 9):
            raise InputError(f"location '{text}': '@{lev}' must be a whole number of levels")
        level = int(lev)
        bad = refusal("location.level", "level", level)
        if bad is not None:
            raise InputError(f"location '{text}': {bad}")
    position = "ground"
    if pos:
        if pos not in POSITIONS:
            raise InputError(
                f"location '{text}': unknown position '{pos}' (known: {', '.join(POSITIONS)})"
            )
        position = POSITIONS[pos]
    info = m.info(h)
    if position == "bank" and info.terrain != Terrain.PADDY:
        raise InputError(f"location '{text}': only a paddy hex has a Bank counter (G8)")
    if position == "crest" and Feature.STREAM not in info.features:
        raise InputError(f"location '{text}': 'crest' is for a stream (Depression) hex")
    return Location(h, level, position)


def location_of(game: Game, unit: Unit) -> Location:
    """Where ``unit`` is, as a LOS end."""
    if not unit.hex:
        raise InputError(f"unit '{unit.id}' is not on the map")
    return Location(
        hex=game.map.hex(unit.hex),
        position=unit.position,
        entrenched=unit.entrenched is not None,
        infantry=unit.kind.is_infantry,
    )


def location_name(m: Map, loc: Location) -> str:
    """``37AA10``, ``37AA10@1``, ``37DD7:bank`` (``ground`` and ``in`` are left off)."""
    s = m.name(loc.hex)
    if loc.level:
        s += f"@{loc.level}"
    if loc.position not in ("ground", "in"):
        s += f":{loc.position}"
    return s


@record(slots=True)
class Blocker:
    """What blocks a LOS: a hex, hexside or vertex name, the rule, and why; on a real board
    also the first blocking point of the thread as a map pixel ``(x, y)``."""

    where: str
    rule: str
    why: str
    pixel: tuple[int, int] | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"where": self.where, "rule": self.rule, "why": self.why}
        if self.pixel is not None:
            out["pixel"] = list(self.pixel)
        return out


@record
class HindranceHit:
    """One Hindrance along the LOS."""

    where: str
    terrain: str
    drm: int
    rule: str

    def as_json(self) -> dict[str, Any]:
        return {"where": self.where, "terrain": self.terrain, "drm": self.drm, "rule": self.rule}


@record(slots=True)
class LosResult:
    """The answer: LOS or not, the Hindrance DRM, the range, what blocks, and the rules."""

    los: bool
    range: int
    hindrance_drm: int
    blocked_by: Blocker | None
    frm: str = ""
    to: str = ""
    hindrances: tuple[HindranceHit, ...] = ()
    rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    override: str | None = None

    def ruling(self) -> Ruling[bool]:
        """The LOS as a :class:`Ruling` citing its rules."""
        if self.blocked_by is not None:
            why = f"blocked at {self.blocked_by.where}: {self.blocked_by.why}"
        else:
            why = f"clear, Hindrance DRM +{self.hindrance_drm}"
        if self.override is not None:
            why = f"scenario override: {self.override}"
        return Ruling(self.los, self.rules, why)

    def as_json(self) -> dict[str, Any]:
        return {
            "los": self.los,
            "hindrance_drm": self.hindrance_drm,
            "range": self.range,
            "blocked_by": None if self.blocked_by is None else self.blocked_by.as_json(),
            "from": self.frm,
            "to": self.to,
            "hindrances": [h.as_json() for h in self.hindrances],
            "rules": list(self.rules),
            "notes": list(self.notes),
            "override": self.override,
        }


@record
class LosOverride:
    """A scenario's ruling on one LOS (``[[los_overrides]] from, to, los, hindrance_drm,
    note``). It holds both ways; a Location given with a level or position matches only that
    Location, a bare hex any Location in the hex."""

    frm: Location
    to: Location
    los: bool
    hindrance_drm: int = 0
    note: str = ""
    exact_from: bool = False
    exact_to: bool = False

    def matches(self, a: Location, b: Location) -> bool:
        return (_same(self.frm, a, self.exact_from) and _same(self.to, b, self.exact_to)) or (
            _same(self.frm, b, self.exact_from) and _same(self.to, a, self.exact_to)
        )


def _same(want: Location, got: Location, exact: bool) -> bool:
    if want.hex != got.hex:
        return False
    return not exact or (want.level == got.level and want.position == got.position)


_OVERRIDE_KEYS = ("from", "to", "los", "hindrance_drm", "note")


def parse_overrides(src: TomlSource, m: Map) -> tuple[LosOverride, ...]:
    """The ``[[los_overrides]]`` entries of a scenario file; errors name file and line."""
    raw = src.data.get("los_overrides", [])
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        raise src.error("'los_overrides' must be [[los_overrides]] entries", "los_overrides")
    out: list[LosOverride] = []
    for i, d in enumerate(raw):
        for k in d:
            if k not in _OVERRIDE_KEYS:
                allowed = ", ".join(_OVERRIDE_KEYS)
                raise src.error(
                    f"unknown key '{k}' in [[los_overrides]] (allowed: {allowed})",
                    "los_overrides",
                    k,
                    nth=i,
                )
        ends: list[Location] = []
        for k in ("from", "to"):
            v = d.get(k)
            if not isinstance(v, str):
                raise src.error(
                    f"[[los_overrides]] entry needs '{k}' (a location such as \"37AA10\")",
                    "los_overrides",
                    k,
                    nth=i,
                )
            try:
                ends.append(parse_location(m, v))
            except InputError as e:
                raise src.error(e.message, "los_overrides", k, v, nth=i) from None
        if not isinstance(d.get("los"), bool):
            raise src.error("'los' must be true or false", "los_overrides", "los", nth=i)
        drm = d.get("hindrance_drm", 0)
        if isinstance(drm, bool) or not isinstance(drm, int) or drm < 0:
            raise src.error(
                "'hindrance_drm' must be a whole number >= 0",
                "los_overrides",
                "hindrance_drm",
                nth=i,
            )
        note = d.get("note", "")
        if not isinstance(note, str):
            raise src.error("'note' must be a string", "los_overrides", "note", nth=i)
        out.append(
            LosOverride(
                ends[0], ends[1], bool(d["los"]), drm, note, _exact(d["from"]), _exact(d["to"])
            )
        )
    return tuple(out)


def _exact(text: str) -> bool:
    return "@" in text or ":" in text
