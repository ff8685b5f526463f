"""Writing a game back as a scenario file: ``loads(dump(g), g.source) == g``."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from enum import StrEnum

from aslpto.base.hints import Any
from aslpto.base.records import MISSING, fields
from aslpto.base.rulings import InputError
from aslpto.board.maps import Map
from aslpto.board.terrain import ChartRow, TerrainChart, default_chart
from aslpto.formats.scenario.reader import default_position
from aslpto.formats.scenario.source import _BARE_KEY, _UNIT_KEY, FileRef, map_source
from aslpto.state.game import (
    Game,
    Panji,
    Side,
)
from aslpto.state.units import Unit


def dump(game: Game, relative_to: str | os.PathLike[str] | None = None) -> str:
    """The scenario file of ``game``: ``loads(dump(g), g.source) == g``.

    Board and overlay files are written as their bundled names or as paths, relative to
    ``relative_to`` when given (the directory the text will be saved in), else absolute.
    The map must be one this module read (:func:`map_source`); a map changed during play
    (e.g. a breached bank) cannot be written back.
    """
    src = map_source(game.map)
    if src is None:
        raise InputError(
            "this game's map was not read from a scenario file (or has changed "
            "since), so its boards cannot be written"
        )
    rel = os.path.realpath(relative_to) if relative_to is not None else None
    c = game.conditions
    out: list[str] = ["[scenario]"]
    out.append(f"name = {_str(game.name)}")
    out.append(f'date = "{c.year:04d}-{c.month:02d}"')
    out.append(f"night = {_bool(c.night)}")
    out += ["", "[map]", f"boards = {_list([_list([_str(b) for b in r]) for r in src.rows])}"]
    if src.vasl_boards is not None:
        out.append(f"vasl_boards = {_str(FileRef(src.vasl_boards).text(rel))}")
    out += ["", "[map.files]"]
    out += [f"{_str(b)} = {_str(ref.text(rel))}" for b, ref in src.files]
    for ref, on in src.overlays:
        out += ["", "[[overlays]]", f"file = {_str(ref.text(rel))}", f"on = {_str(on)}"]
    out += ["", "[ssr]"]
    out.append(f"pto_terrain = {_bool(c.pto_terrain)}")
    out.append(f"jungle = {_str(c.jungle.value)}")
    out.append(f"paddy = {_str(c.paddy.value)}")
    out.append(f"ec = {_str(c.ec.value)}")
    out.append(f"river_depth = {_str(c.river_depth.value)}")
    cur = []
    if c.current_direction is not None:
        cur.append(f"direction = {_str(c.current_direction.name)}")
    if c.current_force is not None:
        cur.append(f"force = {_str(c.current_force.value)}")
    if cur:
        out.append(f"current = {{{', '.join(cur)}}}")
    out.append(f"frigid_water = {_bool(c.frigid_water)}")
    if c.pond_fordable:
        out.append("pond_fordable = true")
    out.append(f"sub_zero = {_bool(c.sub_zero)}")
    out += _chart_overrides(game.map.chart)
    for s in game.sides:
        out += ["", "[[sides]]"]
        out += [
            f"{f.name} = {_val(getattr(s, f.name))}"
            for f in fields(Side)
            if f.name in ("name", "nationality") or getattr(s, f.name) != f.default
        ]
    sides = {s.name: s for s in game.sides}
    panjis = list(game.panjis.values())
    for u in game.units.values():
        out += ["", "[[units]]"]
        out += list(_unit_lines(game.map, u, sides.get(u.side), panjis))
    m = game.map
    for p in panjis:
        out += ["", "[[panjis]]", f"id = {_str(p.id)}", f"hex = {_str(m.name(p.hex))}"]
        cov = sorted(m.layout.hexside_name(s, first=p.hex) for s in p.covered)
        out.append(f"covered = {_list([_str(x) for x in cov])}")
        out.append(f"side = {_str(p.side)}")
        if p.hidden:
            out.append("hidden = true")
        if p.top is not None:
            out.append(f"top = {_str(m.layout.hexside_name(p.top, first=p.hex))}")
    for f in game.fortifications:
        out += [
            "",
            "[[fortifications]]",
            f"id = {_str(f.id)}",
            f"kind = {_str(f.kind.value)}",
            f"hex = {_str(m.name(f.hex))}",
        ]
        if f.side:
            out.append(f"side = {_str(f.side)}")
        if f.hidden:
            out.append("hidden = true")
        if f.strength:
            out.append(f"strength = {f.strength}")
        if f.detonator is not None:
            out.append(f"detonator = {_str(f.detonator)}")
        if f.hexside is not None:
            out.append(f"hexside = {_str(m.layout.hexside_name(f.hexside, first=f.hex))}")
    for r in game.los_overrides:
        out += [
            "",
            "[[los_overrides]]",
            f"from = {_str(r.frm)}",
            f"to = {_str(r.to)}",
            f"los = {_bool(r.los)}",
        ]
        if r.hindrance_drm:
            out.append(f"hindrance_drm = {r.hindrance_drm}")
        if r.note:
            out.append(f"note = {_str(r.note)}")
    return "\n".join(out) + "\n"


def _unit_lines(m: Map, u: Unit, side: Side | None, panjis: list[Panji]) -> Iterator[str]:
    yield f"id = {_str(u.id)}"
    yield f"side = {_str(u.side)}"
    yield f"kind = {_str(u.kind.value)}"
    h = m.hex(u.hex) if u.hex else None
    defaults: dict[str, Any] = {
        "nationality": side.nationality if side else None,
        "elr": side.elr if side else None,
        "position": default_position(m, h, panjis),
    }
    for f in fields(Unit):
        if f.name in ("id", "side", "kind"):
            continue
        v = getattr(u, f.name)
        default = defaults.get(f.name, f.default)
        if f.name not in defaults and default is MISSING:
            default = None
        if v == default or v is None:
            continue
        yield f"{_UNIT_KEY.get(f.name, f.name)} = {_val(v)}"


def _chart_overrides(chart: TerrainChart) -> list[str]:
    base = default_chart()
    out: list[str] = []
    for name, row in chart.rows.items():
        old = base.rows.get(name)
        changed = [
            (f.name, getattr(row, f.name))
            for f in fields(ChartRow)
            if f.name != "terrain" and (old is None or getattr(row, f.name) != getattr(old, f.name))
        ]
        if not changed:
            continue
        out += ["", f"[terrain_chart.{_key(name)}]"]
        for k, v in changed:
            out.append(f"{k} = {_val('NA' if v is None else v)}")
    return out


def _str(s: str) -> str:
    """A TOML basic string."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _key(k: str) -> str:
    return k if _BARE_KEY.match(k) else _str(k)


def _bool(b: bool) -> str:
    return "true" if b else "false"


def _list(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return _bool(v)
    if isinstance(v, StrEnum):
        return _str(v.value)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, tuple | list):
        return _list([_val(x) for x in v])
    raise TypeError(f"cannot write {v!r} to a scenario file")
