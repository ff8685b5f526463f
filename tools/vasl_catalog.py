"""Build the counter catalog ``src/aslpto/data/catalog.toml`` from VASL's module definition.

    python tools/vasl_catalog.py BUILDFILE [-o OUT] [--palette NAME]...

BUILDFILE is VASL's ``buildFile`` (XML) or a ``.vmod`` archive holding one. For each
nationality palette (``Allied O/B/<name>`` or ``Axis O/B/<name>``; every one the module has,
or those named with ``--palette``) the catalog lists every
squad, half-squad and crew face with its class, broken-side Morale Level, half-squad and counter
line; every leader rank (with its wounded face where the piece has one) and every hero; each row
names the VASL piece it comes from. docs/counters.md describes the format and the method.
Exit status: 0 written, 2 the input or a palette name is wrong (one line on stderr).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from aslpto.base.records import record

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "src" / "aslpto" / "data" / "catalog.toml"
ORDERS_OF_BATTLE = ("Allied O/B", "Axis O/B")
SECTIONS = ("SQ", "HS", "SMC")
WIDGETS = ("PieceWindow", "TabWidget", "ListWidget", "PanelWidget", "BoxWidget")
KIND_ORDER = ("squad", "half-squad", "crew", "vehicle-crew")

_FACE = r"\d+-(?:\d+|\(\d+\))-\d+"
_MMC = re.compile(rf"^(?P<str>str )?(?P<face>{_FACE}) (?P<tag>.*?) ?(?P<size>sq|hs)$")
_CREW = re.compile(
    r"^(?P<face>\d+-\d+-\d+) (?:(?P<tag>[A-Za-z]+) )?(?P<des>Icr|Vcr|Mcr|SFCP|TACP)$"
)
_RANK = re.compile(r"^(?P<ml>\d+)(?P<sign>[+-])(?P<drm>\d)$")
_ARMOR_LEADER = re.compile(r"^(?P<rank>\d+[+-]\d) AL$")
_BROKEN_IMAGE = re.compile(
    r"^(?:.*/)?(?P<nat>[a-z]{2})(?P<size>[shcSH])(?P<mark>[A-Za-z]*?)(?P<ml>\d{1,2})b(?:\.[a-z]+)?$"
)
_CLASS = {"E": "elite", "1": "1st-line", "2": "2nd-line", "G": "green", "C": "conscript"}
_SIZE_KIND = {"s": "squad", "h": "half-squad", "c": "crew"}


class CatalogError(ValueError):
    """The buildFile, or what was asked of it, cannot give a catalog; one line naming the file."""


# -- VASSAL's text encoding --------------------------------------------------------------------


def decode(text: str, delim: str) -> list[str]:
    """Split text written by VASSAL's SequenceEncoder.

    A backslash just before the delimiter makes it part of the token (and is dropped); a token
    wrapped in single quotes loses them. Nested sequences come out one level unescaped.

    >>> decode(r"a,b\\,c,'d'", ",")
    ['a', 'b,c', 'd']
    """
    out: list[str] = []
    rest: str | None = text
    while rest is not None:
        val = rest
        end = val.find(delim)
        if end < 0:
            token, rest = val, None
        else:
            chunks: list[str] = []
            begin = 0
            while begin < end and val[end - 1] == "\\":
                chunks.append(val[begin : end - 1])
                begin = end
                end = val.find(delim, end + 1)
            if end < 0:
                chunks.append(val[begin:])
                rest = None
            else:
                chunks.append(val[begin:end])
                rest = val[end + 1 :]
            token = "".join(chunks)
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            token = token[1:-1]
        out.append(token)
    return out


def piece_traits(text: str) -> list[tuple[str, str]]:
    """The (type, state) of each trait of a PieceSlot's ``+/id/type/state`` text, outermost
    first; the last is the basic piece. Empty if the text is not an added piece."""
    command = decode(text.strip(), "/")
    if len(command) < 3 or command[0] != "+":
        return []
    type_: str | None = command[2]
    state: str | None = command[3] if len(command) > 3 else ""
    out: list[tuple[str, str]] = []
    while type_ is not None:
        types = decode(type_, "\t")
        states = decode(state, "\t") if state is not None else [""]
        out.append((types[0], states[0]))
        type_ = types[1] if len(types) > 1 else None
        state = states[1] if len(states) > 1 else None
    return out


def level_name(raw: str) -> tuple[str, bool]:
    """A layer level's name and whether it qualifies the piece's name (``broken +``)
    instead of replacing it; ``\\+`` stands for a plain ``+``."""
    parts = decode(raw, "+")
    if len(parts) == 1:
        return parts[0], False
    return parts[0] or parts[1], True


# -- pieces ------------------------------------------------------------------------------------


@record(frozen=False)
class Layer:
    """One Layer (``emb2``) trait: its levels' names and images, and the level it shows."""

    command: str
    key: str
    up_key: str
    names: list[str]
    modifiers: list[bool]
    images: list[str]
    level: int
    active: bool

    @property
    def kind(self) -> str:
        """faces (squad/half-squad names), ranks (leader names), broken, or other."""
        if not self.names or not any(self.names):
            return "other"
        if all(not m and _MMC.match(n) for n, m in zip(self.names, self.modifiers, strict=True)):
            return "faces"
        if all(not m and _RANK.match(n) for n, m in zip(self.names, self.modifiers, strict=True)):
            return "ranks"
        if all(n.strip().split(" ")[0].lower() in ("broken", "brk") for n in self.names):
            return "broken"
        return "other"

    def shown(self) -> int:
        """The 0-based level the piece shows (clamped to the levels there are)."""
        return min(max(self.level, 1), max(len(self.names), 1)) - 1


@record(frozen=False)
class Piece:
    """A PieceSlot of a palette: where it is, its Layer traits and its basic piece."""

    palette: tuple[str, ...]
    entry: str
    gpid: str
    name: str
    image: str
    layers: list[Layer]

    @property
    def where(self) -> str:
        return "/".join(self.palette)

    @property
    def ref(self) -> str:
        """The palette path and gpid, for messages."""
        return f"{self.where} #{self.gpid}"

    @property
    def section(self) -> str:
        """SQ, HS or SMC."""
        return self.palette[2]


def parse_layer(type_: str, state: str) -> Layer:
    f = decode(type_[len("emb2;") :], ";")
    f += [""] * (19 - len(f))
    images = decode(f[15], ",") if f[15] else []
    raw = decode(f[16], ",") if f[16] else []
    if len(raw) == 1 and not images:
        images = [""]
    raw = (raw + [""] * len(images))[: len(images)]
    names = [level_name(r) for r in raw]
    try:
        value = int(decode(state, ";")[0])
    except ValueError:
        value = -1
    return Layer(
        command=f[0],
        key=f[2],
        up_key=f[5],
        names=[n for n, _ in names],
        modifiers=[m for _, m in names],
        images=images,
        level=abs(value) or 1,
        active=value > 0,
    )


def parse_piece(palette: tuple[str, ...], slot: ET.Element) -> Piece:
    layers: list[Layer] = []
    name = image = ""
    for type_, state in piece_traits(slot.text or ""):
        if type_.startswith("emb2;"):
            layers.append(parse_layer(type_, state))
        elif type_.startswith("piece;"):
            f = decode(type_, ";") + [""] * 5
            image, name = f[3].strip(), f[4]
    return Piece(palette, slot.get("entryName", ""), slot.get("gpid", ""), name, image, layers)


def widget_kind(e: ET.Element) -> str:
    return e.tag.rsplit(".", 1)[-1]


def palettes(root: ET.Element) -> dict[str, tuple[str, ET.Element]]:
    """The nationality palettes: name -> (order of battle, widget)."""
    found: dict[str, tuple[str, ET.Element]] = {}
    for box in root.iter():
        if widget_kind(box) in WIDGETS and box.get("entryName") in ORDERS_OF_BATTLE:
            for nation in box:
                name = nation.get("entryName")
                if widget_kind(nation) in WIDGETS and name:
                    found.setdefault(name, (box.get("entryName", ""), nation))
    return found


def slots(e: ET.Element, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], ET.Element]]:
    """Every PieceSlot under a widget, in palette order, with its path of widget names."""
    for child in e:
        kind = widget_kind(child)
        if kind == "PieceSlot":
            yield path, child
        elif kind in WIDGETS:
            name = child.get("entryName") or ""
            yield from slots(child, (*path, name) if name else path)


def nationality_key(palette: tuple[str, ...]) -> str:
    """The catalog's key for a palette path: the nation's name in lower case with dashes; the
    USMC sub-palettes of the American one are ``usmc``."""
    if "USMC" in palette[3:]:
        return "usmc"
    return re.sub(r"[^a-z0-9]+", "-", palette[1].lower()).strip("-")


# -- catalog rows ------------------------------------------------------------------------------


Value = str | int | bool | list[str]


@record(frozen=False)
class Row:
    """One row of a catalog table: its fields, its sort key, and the slot it names with how
    well that slot fits (0 best: shows the face, in the palette of its kind)."""

    table: str
    fields: dict[str, Value]
    sort: tuple[str | int, ...]
    slot: tuple[int, Piece] | None = None

    def attribute(self, piece: Piece, shown: bool, preferred: bool) -> None:
        """Name the piece that shows this face (in the palette of its kind first)."""
        rank = (0 if shown else 2) + (0 if preferred else 1)
        if self.slot is None or rank < self.slot[0]:
            self.slot = (rank, piece)


@record(frozen=False)
class MmcFace:
    """A squad or half-squad face of a layer level, with the broken side's image if any."""

    label: str
    face: str
    tag: str
    kind: str
    reduced: bool
    image: str
    broken_image: str = ""


def mmc_face(label: str, image: str) -> MmcFace:
    m = _MMC.match(label)
    assert m is not None
    kind = "squad" if m["size"] == "sq" else "half-squad"
    return MmcFace(label, m["face"], m["tag"].strip(), kind, bool(m["str"]), image)


def unit_class(tag: str) -> str:
    """The class a VASL tag states: its last word E, 1, 2, G or C (AE and MAE are elite)."""
    last = tag.split(" ")[-1] if tag else ""
    if last.endswith("AE"):
        return "elite"
    return _CLASS.get(last, "")


def morale(face: str) -> int:
    return int(face.rsplit("-", 1)[1])


def broken_ml(image: str, kind: str, where: str, warn: list[str]) -> int | None:
    """The Morale Level a broken-side image name carries (``am/ams8b``: squad, 8)."""
    m = _BROKEN_IMAGE.match(image)
    if not m:
        return None
    size = _SIZE_KIND[m["size"].lower()]
    if size != kind and not (size == "crew" and kind == "vehicle-crew"):
        warn.append(f"{where}: broken image {image} is a {size}'s, on a {kind}")
    return int(m["ml"])


Faces = list[MmcFace]


def face_groups(layers: list[Layer]) -> list[tuple[Layer, Faces]]:
    """The face layers of a piece, each level with the broken side the nearest broken layer
    before it gives (not looking past another face layer; same number of levels)."""
    groups: list[tuple[Layer, Faces]] = []
    for i, layer in enumerate(layers):
        if layer.kind != "faces":
            continue
        faces = [mmc_face(n, img) for n, img in zip(layer.names, layer.images, strict=True)]
        for j in range(i - 1, -1, -1):
            kind = layers[j].kind
            if kind == "faces":
                break
            if kind == "broken" and len(layers[j].images) == len(faces):
                for face, img in zip(faces, layers[j].images, strict=True):
                    face.broken_image = img
                break
        groups.append((layer, faces))
    return groups


def arrange(groups: list[tuple[Layer, Faces]]) -> tuple[Faces, Faces, Faces, MmcFace] | None:
    """(squads, half-squads, reduced faces, the face the piece shows) of a piece: either one
    layer of squads with parallel layers of half-squads and reduced faces, or one layer holding
    a squad and its half-squad. None for any other layout."""
    squads = [g for g in groups if all(f.kind == "squad" and not f.reduced for f in g[1])]
    halves = [g for g in groups if all(f.kind == "half-squad" for f in g[1])]
    reduced = [g for g in groups if all(f.kind == "squad" and f.reduced for f in g[1])]
    if len(squads) == 1 and len(squads) + len(halves) + len(reduced) == len(groups):
        layer, line = squads[0]
        shown = line[layer.shown()]
        hs: Faces = []
        red: Faces = []
        if len(halves) == 1 and len(halves[0][1]) == len(line):
            hs = halves[0][1]
            if halves[0][0].active:
                shown = hs[halves[0][0].shown()]
        if len(reduced) == 1 and len(reduced[0][1]) == len(line):
            red = reduced[0][1]
            if reduced[0][0].active and not (hs and halves[0][0].active):
                shown = red[reduced[0][0].shown()]
        return line, hs, red, shown
    if len(groups) == 1 and not squads + halves + reduced:
        layer, faces = groups[0]
        sq = [f for f in faces if f.kind == "squad" and not f.reduced]
        hs = [f for f in faces if f.kind == "half-squad"]
        if len(sq) == 1 and len(hs) == 1 and len(faces) == 2:
            return sq, hs, [], faces[layer.shown()]
    return None


class Builder:
    """Collects rows from the pieces of the chosen palettes."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, ...], Row] = {}
        self.lines: dict[tuple[str, ...], Row] = {}
        self.leader_lines: dict[tuple[str, str], Row] = {}
        self.warnings: list[str] = []

    def row(self, table: str, key: tuple[str, ...], sort: tuple[str | int, ...]) -> Row:
        k = (table, *key)
        if k not in self.rows:
            self.rows[k] = Row(table, {}, sort)
        return self.rows[k]

    def fact(self, row: Row, name: str, value: Value | None, where: str) -> None:
        """Set a field; a later piece stating another value is reported, the first kept."""
        if value is None or value == "":
            return
        old = row.fields.get(name)
        if old is None:
            row.fields[name] = value
        elif old != value:
            label = row.fields.get("label") or row.fields.get("face")
            self.warnings.append(
                f"{where}: {label} {name} {value!r} differs from {old!r} (first kept)"
            )

    # MMC -----------------------------------------------------------------------------------

    def add_mmc(self, nat: str, piece: Piece) -> None:
        groups = face_groups(piece.layers)
        arranged = arrange(groups)
        if arranged is None:
            names = ", ".join(f.label for _, g in groups for f in g) or "none"
            self.warnings.append(f"{piece.ref}: layout not understood ({names})")
            return
        line_sq, line_hs, line_red, shown = arranged
        line = self.add_line(nat, piece, line_sq, line_hs, line_red)
        for face in [*line_sq, *line_hs, *line_red]:
            self.add_mmc_face(nat, piece, face, face is shown, line)
        for i, squad in enumerate(line_sq):
            row = self.rows[("mmc", nat, squad.kind, squad.label)]
            if line_hs:
                self.fact(row, "deploys_to", line_hs[i].label, piece.ref)
            if line_red:
                self.fact(row, "reduces_to", line_red[i].label, piece.ref)

    def add_line(
        self,
        nat: str,
        piece: Piece,
        squads: list[MmcFace],
        halves: list[MmcFace],
        reduced: list[MmcFace],
    ) -> str:
        key = (nat, *[f.label for f in squads])
        content: dict[str, Value] = {
            "squads": [f.label for f in squads],
            "half_squads": [f.label for f in halves],
            "reduced": [f.label for f in reduced],
        }
        line = self.lines.get(key)
        if line is None:
            n = sum(1 for k in self.lines if k[0] == nat and k[1] == squads[0].label)
            ident = f"{nat}:{squads[0].label}" + (f"#{n + 1}" if n else "")
            line = Row("line", {"id": ident, "nationality": nat}, (nat, ident))
            line.fields.update({"piece": piece.entry, "palette": piece.where, "gpids": []})
            line.fields.update({k: v for k, v in content.items() if v})
            self.lines[key] = line
        ident = str(line.fields["id"])
        same = all(line.fields.get(k, []) == v for k, v in content.items())
        if not same:
            self.warnings.append(
                f"{piece.ref}: {ident} with other half-squads or reduced "
                f"faces ({', '.join(f.label for f in halves + reduced)}); first kept"
            )
            return ident
        gpids = line.fields["gpids"]
        assert isinstance(gpids, list)
        gpids.append(piece.gpid)
        return ident

    def add_mmc_face(self, nat: str, piece: Piece, face: MmcFace, shown: bool, line: str) -> None:
        sort = (nat, KIND_ORDER.index(face.kind), int(face.reduced), face.label)
        row = self.row("mmc", (nat, face.kind, face.label), sort)
        f = row.fields
        f.setdefault("nationality", nat)
        f.setdefault("kind", face.kind)
        f.setdefault("label", face.label)
        f.setdefault("face", face.face)
        f.setdefault("tag", face.tag)
        if unit_class(face.tag):
            f.setdefault("class", unit_class(face.tag))
        f.setdefault("reduced", face.reduced)
        f.setdefault("morale", morale(face.face))
        if face.broken_image:
            ml = broken_ml(face.broken_image, face.kind, piece.ref, self.warnings)
            self.fact(row, "broken_ml", ml, piece.ref)
            self.fact(row, "broken_image", face.broken_image, piece.ref)
        self.fact(row, "image", face.image, piece.ref)
        lines = f.setdefault("lines", [])
        assert isinstance(lines, list)
        if line not in lines:
            lines.append(line)
        preferred = (piece.section == "HS") == (face.kind == "half-squad")
        row.attribute(piece, shown, preferred)

    def add_crew(self, nat: str, piece: Piece) -> None:
        m = _CREW.match(piece.name)
        if not m:
            return
        kind = "vehicle-crew" if m["des"] == "Vcr" else "crew"
        row = self.row("mmc", (nat, kind, piece.name), (nat, KIND_ORDER.index(kind), 0, piece.name))
        defaults: dict[str, Value] = {
            "nationality": nat,
            "kind": kind,
            "label": piece.name,
            "face": m["face"],
            "tag": " ".join(x for x in (m["tag"], m["des"]) if x),
            "reduced": False,
            "morale": morale(m["face"]),
        }
        for k, v in defaults.items():
            row.fields.setdefault(k, v)
        broken = [x for x in piece.layers if x.kind == "broken" and len(x.images) == 1]
        if broken:
            layer = broken[-1]
            ml = broken_ml(layer.images[0], kind, piece.ref, self.warnings)
            self.fact(row, "broken_ml", ml, piece.ref)
            self.fact(row, "broken_image", layer.images[0], piece.ref)
            if not layer.modifiers[0]:
                self.fact(row, "broken_label", layer.names[0].split(" ", 1)[-1], piece.ref)
        stripe = [x for x in piece.layers if x.command == "Stripe" and x.images]
        if stripe:
            self.fact(row, "reduced_image", stripe[0].images[0], piece.ref)
        self.fact(row, "image", piece.image, piece.ref)
        row.attribute(piece, True, piece.section == "SQ")

    # SMC -----------------------------------------------------------------------------------

    def add_leader(self, nat: str, piece: Piece) -> None:
        ranks = [(i, x) for i, x in enumerate(piece.layers) if x.kind == "ranks"]
        armor = _ARMOR_LEADER.match(piece.name)
        if armor and not ranks:
            self.add_rank(nat, piece, "armor-leader", armor["rank"], piece.image, True, {})
            return
        if not ranks:
            return
        i, layer = ranks[-1]
        role = "commissar" if re.match(r"^[a-z]{2,4}COM", piece.entry) else "leader"
        wounded: list[str] = []
        broken: list[str] = []
        for j in range(i - 1, -1, -1):
            other = piece.layers[j]
            if other.kind == "ranks" and "W" in other.key and len(other.names) == len(layer.names):
                wounded = wounded or other.names
            if other.kind == "broken" and len(other.images) == len(layer.names):
                broken = broken or other.images
        ident = f"{nat}:{piece.entry}"
        line = self.leader_lines.get((nat, piece.entry))
        if line is None:
            line = Row("leader_line", {"id": ident, "nationality": nat}, (nat, ident))
            line.fields.update({"role": role, "piece": piece.entry, "palette": piece.where})
            line.fields.update({"gpids": [], "ranks": layer.names})
            if wounded:
                line.fields["wounded"] = wounded
            self.leader_lines[(nat, piece.entry)] = line
        if line.fields["ranks"] != layer.names or line.fields.get("wounded", []) != wounded:
            self.warnings.append(f"{piece.ref}: {ident} with other ranks; first kept")
        else:
            gpids = line.fields["gpids"]
            assert isinstance(gpids, list)
            gpids.append(piece.gpid)
        for k, rank in enumerate(layer.names):
            extra: dict[str, Value] = {"line": ident, "breaks": bool(broken)}
            if wounded:
                extra["wounded"] = wounded[k]
            if broken:
                extra["broken_image"] = broken[k]
            self.add_rank(nat, piece, role, rank, layer.images[k], k == layer.shown(), extra)

    def add_rank(
        self,
        nat: str,
        piece: Piece,
        role: str,
        rank: str,
        image: str,
        shown: bool,
        extra: dict[str, Value],
    ) -> None:
        m = _RANK.match(rank)
        assert m is not None
        drm = int(m["drm"]) * (1 if m["sign"] == "+" else -1)
        ident = extra.get("line", "")
        order = 0 if role == "leader" else 1 if role == "commissar" else 2
        row = self.row(
            "leader", (nat, piece.entry, rank), (nat, order, str(ident), -int(m["ml"]), drm)
        )
        defaults: dict[str, Value] = {
            "nationality": nat,
            "role": role,
            "face": rank,
            "morale": int(m["ml"]),
            "drm": drm,
        }
        for k, v in defaults.items():
            row.fields.setdefault(k, v)
        for k, v in extra.items():
            self.fact(row, k, v, piece.ref)
        self.fact(row, "image", image, piece.ref)
        row.attribute(piece, shown, True)

    def add_hero(self, nat: str, piece: Piece) -> None:
        row = self.row("hero", (nat, piece.where, piece.gpid), (nat, piece.where, piece.gpid))
        row.fields.update({"nationality": nat})
        pair = [x for x in piece.layers if "W" in x.key + x.up_key and len(x.images) == 2]
        if pair:
            row.fields["image"] = pair[-1].images[0]
            row.fields["wounded_image"] = pair[-1].images[1]
        elif piece.image:
            row.fields["image"] = piece.image
        row.attribute(piece, True, True)

    def add(self, piece: Piece) -> None:
        nat = nationality_key(piece.palette)
        if piece.name.startswith("0-0-0") or piece.entry.startswith("0-0-0"):
            return
        if piece.section == "SMC":
            if "Hero" in piece.entry:
                self.add_hero(nat, piece)
            else:
                self.add_leader(nat, piece)
        elif any(x.kind == "faces" for x in piece.layers):
            self.add_mmc(nat, piece)
        else:
            self.add_crew(nat, piece)


def build(root: ET.Element, chosen: Sequence[str] | None, source: str) -> tuple[str, list[str]]:
    """The catalog's text and the warnings met, for the chosen nationality palettes (by
    default every one the module has, in its order)."""
    known = palettes(root)
    for name in chosen or ():
        if name not in known:
            raise CatalogError(
                f"{source}: unknown palette {name!r} (known: {', '.join(sorted(known))})"
            )
    if not chosen:
        chosen = list(known)
        if not chosen:
            under = " or ".join(ORDERS_OF_BATTLE)
            raise CatalogError(f"{source}: has no nationality palettes (under {under})")
    builder = Builder()
    for name in chosen:
        ob, widget = known[name]
        found = list(slots(widget, (ob, name)))
        for section in SECTIONS:
            for path, slot in found:
                if len(path) < 3 or path[2] != section:
                    continue
                if "Korea" not in name and any("Korea" in p for p in path[3:]):
                    continue
                builder.add(parse_piece(path, slot))
    return render(root, chosen, builder), builder.warnings


# -- output ------------------------------------------------------------------------------------


def toml_string(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_value(v: Value) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return toml_string(v)
    return "[" + ", ".join(toml_string(x) for x in v) + "]"


FIELD_ORDER = {
    "mmc": (
        "nationality",
        "kind",
        "label",
        "face",
        "tag",
        "class",
        "reduced",
        "morale",
        "broken_ml",
        "broken_label",
        "deploys_to",
        "reduces_to",
        "lines",
        "image",
        "broken_image",
        "reduced_image",
    ),
    "line": ("id", "nationality", "squads", "half_squads", "reduced", "piece", "palette", "gpids"),
    "leader": (
        "nationality",
        "role",
        "face",
        "morale",
        "drm",
        "wounded",
        "breaks",
        "line",
        "image",
        "broken_image",
    ),
    "leader_line": ("id", "nationality", "role", "ranks", "wounded", "piece", "palette", "gpids"),
    "hero": ("nationality", "image", "wounded_image"),
}

HEADER = """\
# Counter catalog of VASL's nationality palettes.
# Generated by `python tools/vasl_catalog.py <buildFile>`; do not edit (docs/counters.md).
#
# mmc: one row per squad, half-squad and crew face of a nationality, as VASL names it (label);
#   class from VASL's tag (E elite, 1 1st-line, 2 2nd-line, G green, C conscript; AE elite);
#   broken_ml from the name of the broken side's image; deploys_to: the half-squad at the same
#   level of the same piece; reduces_to: the Japanese step-reduced (str) face; lines: the
#   counter lines (below) holding the face; piece, gpid, palette: the PieceSlot showing it
#   (shown = false: no slot starts on this face, the first piece holding it is named).
# line: the faces one squad piece flips through (ELR/Replacement steps down the list, Battle
#   Hardening up), with the half-squads and reduced faces at the same levels.
# leader / leader_line: ranks in the piece's order, wounded faces where the piece has them;
#   breaks = false: the piece has no broken side.
# hero: the hero pieces and their wounded sides (images; VASL names no values for them).
"""


def render(root: ET.Element, chosen: Sequence[str], builder: Builder) -> str:
    out = [HEADER, "[source]"]
    out.append(f"module = {toml_string(root.get('name', ''))}")
    out.append(f"version = {toml_string(root.get('version', ''))}")
    out.append(f"vassal_version = {toml_string(root.get('VassalVersion', ''))}")
    out.append(f"palettes = {toml_value(list(chosen))}")
    tables: dict[str, list[Row]] = {}
    for row in [*builder.rows.values(), *builder.lines.values(), *builder.leader_lines.values()]:
        tables.setdefault(row.table, []).append(row)
    for table in ("mmc", "line", "leader", "leader_line", "hero"):
        for row in sorted(tables.get(table, []), key=lambda r: r.sort):
            out.append("")
            out.append(f"[[{table}]]")
            fields = dict(row.fields)
            unknown = set(fields) - set(FIELD_ORDER[table])
            assert not unknown, f"{table} fields without a place: {sorted(unknown)}"
            for k in FIELD_ORDER[table]:
                if k in fields:
                    out.append(f"{k} = {toml_value(fields[k])}")
            if row.slot is not None:
                piece = row.slot[1]
                out.append(f"piece = {toml_string(piece.entry)}")
                out.append(f"gpid = {toml_string(piece.gpid)}")
                out.append(f"palette = {toml_string(piece.where)}")
                if table in ("mmc", "leader"):
                    out.append(f"shown = {toml_value(row.slot[0] < 2)}")
    return "\n".join(out) + "\n"


def read_module(path: Path) -> ET.Element:
    """The module's XML root, from a buildFile or a .vmod archive holding one."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise CatalogError(f"{path}: cannot read ({e.strerror or e})") from None
    if zipfile.is_zipfile(io.BytesIO(data)):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                names = set(z.namelist())
                member = next((n for n in ("buildFile", "buildFile.xml") if n in names), None)
                if member is None:
                    raise CatalogError(f"{path}: no buildFile in the archive")
                data = z.read(member)
        except (zipfile.BadZipFile, OSError) as e:
            raise CatalogError(f"{path}: unreadable archive ({e})") from None
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise CatalogError(f"{path}: not XML ({e})") from None
    if not root.tag.endswith("BasicModule"):
        raise CatalogError(f"{path}: not a VASSAL module definition (root <{root.tag}>)")
    return root


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder, renamed over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="vasl_catalog", description="Build the counter catalog from VASL's buildFile."
    )
    parser.add_argument("buildfile", type=Path, help="VASL's buildFile, or a .vmod holding one")
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUT, help="catalog to write")
    parser.add_argument(
        "--palette",
        action="append",
        metavar="NAME",
        help="nationality palette (repeatable; default: every one the module has)",
    )
    args = parser.parse_args(argv)
    chosen = tuple(dict.fromkeys(args.palette)) if args.palette else None
    try:
        root = read_module(args.buildfile)
        text, warnings = build(root, chosen, str(args.buildfile))
    except CatalogError as e:
        print(f"vasl_catalog: {e}", file=sys.stderr)
        return 2
    for w in warnings:
        print(f"vasl_catalog: warning: {w}", file=sys.stderr)
    write_atomic(args.output, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
