"""A VASL saved game as a scenario: its boards (grid, 180° turns) and terrain SSRs, and every
counter of the main map on its hex, identified as the referee's units, fortifications and
markers.

What a save does not carry (EC, paddy state, river depth, current, date, sides' ELR) comes
from ``ssr`` (``--ssr key=value``) or is left at the scenario defaults for the player to
complete in the written TOML (``aslpto import``). Pieces that cannot be identified, SSR names
the referee does not read and counters off the boards are not dropped: they are listed in the
:class:`ImportReport`.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from aslpto.base.datafiles import data_text
from aslpto.base.hints import Any
from aslpto.base.records import field, record
from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.formats.vasl.boardarchive import STANDARD_GRID, hex_name
from aslpto.formats.vasl.savefile import Board, BoardLayout, Piece, SavedGame, read_save
from aslpto.formats.vasl.savefile.encoding import SaveFileError

MAIN_MAPS = frozenset({"Main Map", "Map0"})
"""The main map's id in VASL saves (VASL 6.5+ and older)."""

_NATIONS = {
    "am": "american",
    "ja": "japanese",
    "br": "british",
    "ru": "russian",
    "ch": "chinese",
    "al": "allied-minor",
    "ge": "german",
    "it": "italian",
    "fi": "finnish",
    "fr": "french",
    "us": "usmc",
    "ax": "axis-minor",
    "ss": "german",
}
"""The first folder of a counter's image names its nationality (VASL's palettes)."""

_PREFIX = {
    "american": "U",
    "usmc": "M",
    "japanese": "J",
    "british": "B",
    "russian": "R",
    "chinese": "C",
    "german": "G",
    "allied-minor": "A",
    "italian": "I",
    "finnish": "F",
    "french": "Fr",
    "axis-minor": "X",
}
"""Unit ids are the nationality's letter and a number: ``J1``, ``U3``."""

_CLASS = {
    "E": "elite",
    "1": "1st-line",
    "2": "2nd-line",
    "G": "green",
    "C": "conscript",
    "AE": "elite",
    "MAE": "elite",
}
_KIND = {"sq": "squad", "hs": "half-squad", "cr": "crew"}
_MMC = re.compile(
    r"^(?:broken )?(?P<str>str )?(?P<face>\d+-\d+-\d+) (?P<tag>[A-Z0-9]*)(?P<kind>sq|hs|cr)\b"
)
_LEADER = re.compile(r"^(?:wounded )?(?P<face>\d+[-+]\d+)(?:\s|$)")
_FORTS = {
    "foxhole": "foxhole",
    "trench": "trench",
    "wire": "wire",
    "mines": "mines",
    "a-p mines": "mines",
    "a-t mines": "mines",
    "pillbox": "pillbox",
    "roadblock": "roadblock",
    "tunnel": "tunnel",
    "trip flare": "trip-flare",
    "shellholes": "shellholes",
    "minefield": "mines",
}
_STATUS = {"cx": "cx", "pin": "pinned", "dm": "dm", "berserk": "berserk", "ti": "ti"}
_WEAPONS = re.compile(
    r"^(?:dm |malf )?(LMG|MMG|HMG|\.50-cal|DC|FT|BAZ|PSK|PIAT|ATR|MOL-P|LATW|Radio|Field Phone|"
    r"\d+\*? ?MTR)\b"
)
_INFO = re.compile(
    r"(Sniper|Turn|Wind|CVP|Casualt|Game Turn|Player Turn|ELR|SAN|Gust|Weather|EC |Control)",
    re.I,
)


@record
class PieceNote:
    """A piece the referee lists rather than reads: where it stands, its image and name."""

    where: str
    image: str
    name: str
    what: str

    def as_json(self) -> dict[str, str]:
        return {"where": self.where, "image": self.image, "name": self.name, "what": self.what}

    def text(self) -> str:
        return f"{self.where}: {self.name} ({self.image}) {self.what}"


@record
class ImportReport:
    """What reading a save found: counts of pieces read, identified, off the boards and
    unknown, and the pieces and SSR names listed rather than read."""

    save: str
    pieces: int
    identified: int
    off_map: int
    units: int
    unknown: tuple[PieceNote, ...] = ()
    listed: tuple[PieceNote, ...] = ()
    unknown_ssr: tuple[str, ...] = ()
    picture_ssr: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "save": self.save,
            "pieces": self.pieces,
            "identified": self.identified,
            "off_map": self.off_map,
            "unknown": len(self.unknown),
            "units": self.units,
            "unknown_pieces": [n.as_json() for n in self.unknown],
            "unknown_ssr": list(self.unknown_ssr),
            "picture_ssr": list(self.picture_ssr),
            "unread": list(self.unread),
        }

    def counts_text(self) -> str:
        return (
            f"{self.save}: {self.pieces} pieces read, {self.identified} identified "
            f"({self.units} units), {self.off_map} off the boards, {len(self.unknown)} unknown"
        )


@record
class SaveScenario:
    """A save read as a scenario: the scenario's tables and what reading it found."""

    document: dict[str, Any]
    report: ImportReport
    notes: tuple[str, ...] = field(default=())

    def toml(self) -> str:
        """The scenario file (docs/scenario-format.md)."""
        return to_toml(self.document, self.notes)


@cache
def ssr_table() -> dict[str, dict[str, Any]]:
    """VASL's SSR names and what each sets (data/vasl_ssr.toml)."""
    text = data_text("vasl_ssr.toml")
    return tomllib.loads(text)


def side_file(path: str | os.PathLike[str]) -> Path:
    """The save's side file: ``game.vsav`` -> ``game.ssr.toml`` beside it, whose ``[ssr]``
    table gives what the save does not carry."""
    p = Path(path)
    return p.with_name(p.name.removesuffix(p.suffix) + ".ssr.toml")


def read(path: str | os.PathLike[str], ssr: Mapping[str, Any] | None = None) -> SaveScenario:
    """Read a ``.vsav`` as a scenario (errors name the file, one line). The ``[ssr]`` of its
    side file (:func:`side_file`) and then ``ssr`` add to the SSR names the save holds."""
    try:
        save = read_save(path)
    except SaveFileError as e:
        raise InputError(str(e)) from None
    given: dict[str, Any] = {}
    side = side_file(path)
    if side.is_file():
        src = TomlSource.load(side)  # (errors name the file and line; BOM, depth, size)
        data = src.data
        table = data.get("ssr", {})
        if not isinstance(table, dict) or set(data) - {"ssr"}:
            raise InputError(
                "holds one [ssr] table (docs/scenario-format.md)",
                str(side),
                src.line_of(next(iter(set(data) - {"ssr"}), "ssr")) or 1,
            )
        given.update(table)
    given.update(ssr or {})
    return scenario_of(save, given)


def _board_grid(layout: BoardLayout | None, source: str) -> list[list[str]]:
    """The scenario's rows of boards: VASL's grid, ``*`` for a board turned 180°."""
    if layout is None or not layout.boards:
        return []  # a save with no map: its counters are all off the boards
    rows = max(b.row for b in layout.boards) + 1
    cols = max(b.column for b in layout.boards) + 1
    grid: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    for b in layout.boards:
        if grid[b.row][b.column] is not None:
            raise InputError(f"{source}: two boards at grid row {b.row}, column {b.column}")
        grid[b.row][b.column] = b.name + ("*" if b.reversed else "")
    for r, row in enumerate(grid):
        for c, name in enumerate(row):
            if name is None:
                raise InputError(f"{source}: no board at grid row {r}, column {c}")
    return [[n for n in row if n is not None] for row in grid]


def _conditions(
    boards: Iterable[Board], given: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str], list[str], list[str]]:
    """The [ssr] table from VASL's SSR names and the given ones (given ones win); the names
    only drawn, the unknown ones, and notes."""
    out: dict[str, Any] = {}
    picture: list[str] = []
    unknown: list[str] = []
    notes: list[str] = []
    table = ssr_table()
    for name in sorted({s for b in boards for s in b.ssr}):
        row = table.get(name)
        if row is None:
            unknown.append(name)
        elif row.get("picture"):
            picture.append(name)
            notes.append(f"SSR {name}: {row['why']}")
        else:
            out.update(row["ssr"])
            notes.append(f"SSR {name} ({row['rule']}): {row['why']}")
    out.update(given)
    return out, picture, unknown, notes


def _unread(boards: Iterable[Board]) -> list[str]:
    """What the board picker sets that the map does not follow, one line each: a crop (the
    whole board is on the map; pieces are still placed through the crop), a board option not
    understood. (Overlays are applied: :func:`_overlays`.)"""
    out: list[str] = []
    for b in boards:
        if b.crop is not None:
            c = b.crop
            out.append(
                f"board {b.name}: cropped to x {c.x}, y {c.y}, width {c.width}, height "
                f"{c.height} in VASL; the map holds the whole board"
            )
        out += [f"board {b.name}: VASL option {t!r} not read" for t in b.unparsed]
    return out


def _overlays(boards: Iterable[Board], notes: list[str]) -> dict[str, Any]:
    """The board picker's overlays (``OVR name hex1 hex2``) as the scenario's
    ``[[overlays]]``: ``file = "vasl:RP3"``, placed by the same two hexes of the board (one
    for a single-hex overlay), in the order saved (G.9B). They are read from VASL's overlay
    archives beside the boards (docs/vasl-boards.md, "Overlays")."""
    out: list[dict[str, str]] = []
    for b in boards:
        for o in b.overlays:
            h1, h2 = o.hex1.upper(), o.hex2.upper()
            on = f"{b.name}{h1}" if h1 == h2 else f"{b.name}{h1}-{h2}"
            out.append({"file": f"vasl:{o.name.upper()}", "on": on})
            if o.extra:
                notes.append(
                    f"overlay {o.name.upper()} on {on}: '{' '.join(o.extra)}' after "
                    f"its hexes (VASL's preserve-elevation) is not read; an overlay "
                    f"keeps its levels above the level of its first hex"
                )
    return {"overlays": out} if out else {}


def _nationality(image: str) -> str | None:
    head = image.split("/", 1)[0].lower() if "/" in image else ""
    return _NATIONS.get(head)


def _hex_of(layout: BoardLayout, x: int, y: int) -> tuple[str | None, str]:
    """The hex name under a main-map pixel, or None and where the piece is."""
    got = layout.locate(x, y)
    if got is None:  # a half hex on the map's right or bottom edge: its centre is the edge
        got = layout.locate(x - 1, y) or layout.locate(x, y - 1) or layout.locate(x - 1, y - 1)
    if got is None:
        return None, "off the boards"
    board, px, py = got
    col, row = STANDARD_GRID.pixel_to_hex(px, py)
    if not STANDARD_GRID.is_hex(col, row):
        return None, f"off board {board.name}"
    return f"{board.name}{hex_name(col, row)}", ""


def scenario_of(save: SavedGame, ssr: Mapping[str, Any] | None = None) -> SaveScenario:
    """The scenario a save holds (see the module's docstring)."""
    source = Path(save.source).name
    layout = save.boards
    rows = _board_grid(layout, source)
    layout = layout or BoardLayout((), "")
    cond, picture, unknown_ssr, notes = _conditions(layout.boards, ssr or {})
    stacks = {s.id: s for s in save.stacks}
    units: list[dict[str, Any]] = []
    forts: list[dict[str, Any]] = []
    unknown: list[PieceNote] = []
    listed: list[PieceNote] = []
    status: dict[str, set[str]] = {}  # stack id -> markers on it
    nations: dict[str, None] = {}
    counted = identified = off_map = 0
    placed: list[tuple[Piece, str | None, str, str]] = []
    for p in save.pieces:
        where_map, x, y = _place(p, stacks)
        if where_map not in MAIN_MAPS:
            continue  # the Casualties bin, a player's hand, no map
        counted += 1
        h, why = _hex_of(layout, x, y)
        placed.append((p, h, why, p.stack or f"piece:{p.id}"))
        word = p.name.strip().lower()
        if word in _STATUS or word == "?":
            status.setdefault(p.stack or "", set()).add(_STATUS.get(word, "concealed"))
    for p, h, why, _stack in placed:
        image = p.image or ""
        where = h or why
        got = _identify(p, image)
        if got is None:
            unknown.append(PieceNote(where, image, p.name, "not identified"))
            continue
        identified += 1
        what, fields = got
        if h is None:
            off_map += 1
        if what == "unit":
            nat = str(fields["nationality"])
            nations.setdefault(nat, None)
            if h is not None:
                fields["hex"] = h
            for s in sorted(status.get(p.stack or "-", ())):
                fields[s] = True
            if p.concealed_by:
                fields["concealed"] = True
            if p.hidden_by:
                fields["hidden"] = True
            if p.broken:
                fields["broken"] = True
            units.append(fields)
        elif what == "fortification":
            if h is None:
                listed.append(PieceNote(where, image, p.name, "fortification off the boards"))
                continue
            forts.append({**fields, "hex": h})
        else:
            listed.append(PieceNote(where, image, p.name, what))
    sides = [{"name": n.title().replace("Usmc", "USMC"), "nationality": n} for n in nations]
    side_of = {s["nationality"]: s["name"] for s in sides}
    counters: dict[str, int] = {}
    for u in units:
        nat = u.pop("nationality")
        prefix = _PREFIX.get(nat, nat[:1].upper())
        counters[prefix] = counters.get(prefix, 0) + 1
        u["id"] = f"{prefix}{counters[prefix]}"
        u["side"] = side_of[nat]
        u["nationality"] = nat
    for f in forts:
        nat = f.pop("nationality", None)
        if nat in side_of:
            f["side"] = side_of[nat]
    doc: dict[str, Any] = {
        "scenario": {"name": source.removesuffix(".vsav")},
        "map": {"boards": rows},
        **_overlays(layout.boards, notes),
        "ssr": cond,
        "sides": sides,
        "units": [_ordered(u) for u in units],
        "fortifications": forts,
    }
    report = ImportReport(
        save=source,
        pieces=counted,
        identified=identified,
        off_map=off_map,
        units=len(units),
        unknown=tuple(unknown),
        listed=tuple(listed),
        unknown_ssr=tuple(unknown_ssr),
        picture_ssr=tuple(picture),
        unread=tuple(_unread(layout.boards)),
    )
    return SaveScenario(doc, report, tuple(notes))


def _place(p: Piece, stacks: Mapping[str, Any]) -> tuple[str | None, int, int]:
    if p.stack is not None and p.stack in stacks:
        s = stacks[p.stack]
        return s.map, s.x, s.y
    return p.map, p.x, p.y


_ORDER = ("id", "side", "nationality", "kind", "class", "strength", "counter", "hex")


def _ordered(u: dict[str, Any]) -> dict[str, Any]:
    keys = [k for k in _ORDER if k in u] + sorted(k for k in u if k not in _ORDER)
    return {k: u[k] for k in keys}


def _identify(p: Piece, image: str) -> tuple[str, dict[str, Any]] | None:
    """What a piece is: ("unit", fields), ("fortification", fields), or a word for a piece the
    referee lists (a support weapon, a marker); None when it cannot be told."""
    name = p.name.strip()
    low = name.lower()
    nat = _nationality(image)
    if low in _STATUS or low == "?":
        return "marker", {}
    m = _MMC.match(name)
    if m and nat:
        fields: dict[str, Any] = {
            "nationality": nat,
            "kind": _KIND[m["kind"]],
            "counter": m["face"],
        }
        cls = _CLASS.get(m["tag"])
        if cls and m["kind"] != "cr":
            fields["class"] = cls
        if nat == "japanese" and m["kind"] in ("sq", "cr"):
            fields["strength"] = "reduced" if m["str"] else "full"
        return "unit", fields
    m = _LEADER.match(name)
    if m and nat and re.search(r"L-?\d", image):
        return "unit", {"nationality": nat, "kind": "leader", "counter": m["face"]}
    if nat and "hero" in low:
        return "unit", {"nationality": nat, "kind": "hero", "counter": "hero"}
    if nat and re.search(r"/veh|/vehicles/", image):
        return "unit", {"nationality": nat, "kind": "vehicle", "counter": _vehicle_name(name)}
    if nat and re.search(r"/guns?/", image):
        return "unit", {"nationality": nat, "kind": "gun", "counter": _vehicle_name(name)}
    for word, kind in _FORTS.items():
        if low == word or low.startswith(word + " "):
            out: dict[str, Any] = {"kind": kind}
            if nat:
                out["nationality"] = nat
            return "fortification", out
    if low.startswith("panji"):
        return "panji (not read: give its Covered hexsides in the scenario)", {}
    if low.startswith("smoke"):
        return "SMOKE (not a LOS Hindrance here yet)", {}
    if _WEAPONS.match(name):
        return "support weapon (not modelled)", {}
    if image.startswith(("DO/", "tables/", "ML/")) or _INFO.search(name):
        return "marker", {}
    return None


_LAYER_WORDS = re.compile(r"(\s+(?:[vt]?ca\d|BU|CE|\(.*?\)))+$")


def _vehicle_name(name: str) -> str:
    """A vehicle's or Gun's counter name without VASL's layer words: ``T-34 M43 (T-34 M43)
    vca3 tca3 BU`` is ``T-34 M43``."""
    return _LAYER_WORDS.sub("", name.split(" (")[0]).strip() or name


# --- TOML ---------------------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML for {v!r}")


def to_toml(doc: Mapping[str, Any], notes: Iterable[str] = ()) -> str:
    """The scenario tables as a TOML file (tables, then arrays of tables)."""
    out = [
        "# Read from a VASL saved game. Complete what a save does not carry (EC, paddy",
        "# state, river depth, current, date, ELR, SAN) in [ssr], [scenario] and [[sides]].",
    ]
    out += [f"# {n}" for n in notes]
    for key, table in doc.items():
        if isinstance(table, dict):
            out += ["", f"[{key}]"] + [f"{k} = {_value(v)}" for k, v in table.items()]
    for key, rows in doc.items():
        if isinstance(rows, list):
            for row in rows:
                out += ["", f"[[{key}]]"] + [f"{k} = {_value(v)}" for k, v in row.items()]
    return "\n".join(out) + "\n"
