"""``aslpto terrain SCENARIO HEX``: a hex's effective terrain after the SSRs and PTO
transforms (G.1, B21.2, B21.21, B21.122, B21.6, G.9), its hexsides and what is set up there."""

from __future__ import annotations

import argparse

from aslpto.base.hints import Any
from aslpto.board.hexes import Hex, Hexside
from aslpto.cli.command import Outcome, help_of
from aslpto.formats import scenario
from aslpto.state.game import Game

NAME = "terrain"
HELP = help_of(NAME)

_FLAGS = (
    "broken",
    "pinned",
    "dm",
    "berserk",
    "concealed",
    "hidden",
    "cx",
    "wounded",
    "unarmed",
    "ti",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML)")
    parser.add_argument("hex", help="hex name, e.g. 37DD7")


def run(args: argparse.Namespace) -> Outcome:
    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded."""
    h = game.map.hex(args.hex)  # an unknown hex: an InputError that names it
    payload = describe(game, h)
    return Outcome(payload, text(payload))


def describe(game: Game, h: Hex) -> dict[str, Any]:
    """The JSON object of ``aslpto terrain`` for hex ``h``."""
    m = game.map
    info = m.info(h)
    row = m.row(h)
    rules = list(info.rules)
    if info.overlay is not None and "G.9C" not in rules:
        rules.insert(0, "G.9C")  # only the overlay's terrain counts in an overlay hex
    hexsides: dict[str, list[str]] = {}
    for n in m.neighbours(h):
        hexsides[m.name(n)] = sorted(f.value for f in m.hexside_features(h, n))
        for r in m.side_rules.get(Hexside.of(h, n), ()):
            if r not in rules:
                rules.append(r)
    building = None
    if info.building is not None:
        b = info.building
        building = {
            "id": b.id,
            "material": b.material,
            "stories": b.stories,
            "hexes": sorted(m.name(x) for x in b.hexes),
            "rules": list(b.rules),
        }
    return {
        "hex": m.name(h),
        "names": [str(n) for n in m.layout.names(h)],
        "terrain": info.terrain.value,
        "printed": info.printed.value,
        "elevation": info.level,
        "features": sorted(f.value for f in info.features),
        "building": building,
        "overlay": info.overlay,
        "chart": {
            "rule": row.rule,
            "infantry_mf": row.infantry_mf,
            "tem": row.tem,
            "los": row.los.value,
            "obstacle_height": row.obstacle_height,
            "hindrance": row.hindrance,
        },
        "hexsides": hexsides,
        "counters": _counters(game, h),
        "rules": rules,
        "notes": list(info.notes),
    }


def _counters(game: Game, h: Hex) -> list[dict[str, Any]]:
    m = game.map
    out: list[dict[str, Any]] = []
    p = game.panji_at(h)
    if p is not None:
        out.append(
            {
                "type": "panji",
                "id": p.id,
                "side": p.side,
                "hidden": p.hidden,
                "covered": sorted(m.layout.hexside_name(s, first=h) for s in p.covered),
                "top": None if p.top is None else m.layout.hexside_name(p.top, first=h),
            }
        )
    for f in game.forts_at(h):
        out.append(
            {
                "type": "fortification",
                "kind": f.kind.value,
                "id": f.id,
                "side": f.side,
                "hidden": f.hidden,
                "strength": f.strength,
                "hexside": None if f.hexside is None else m.layout.hexside_name(f.hexside, first=h),
            }
        )
    for u in game.units.values():
        if not u.hex or m.hex(u.hex) != h:
            continue
        out.append(
            {
                "type": "unit",
                "id": u.id,
                "side": u.side,
                "nationality": u.nationality,
                "kind": u.kind.value,
                "counter": u.counter,
                "class": None if u.unit_class is None else u.unit_class.value,
                "strength": None if u.strength is None else u.strength.value,
                "position": u.position,
                "entrenched": u.entrenched,
                "status": [f for f in _FLAGS if getattr(u, f)],
            }
        )
    return out


def text(d: dict[str, Any]) -> str:
    """The answer as a player reads it."""
    head = f"{d['hex']}: {d['terrain']}"
    if d["printed"] != d["terrain"]:
        changed_by = [r for r in d["rules"] if not r.startswith("G.9")]
        head += f" (was {d['printed']}; {', '.join(changed_by)})"
    head += f", level {d['elevation']}"
    if len(d["names"]) > 1:
        head += f" (also {', '.join(n for n in d['names'] if n != d['hex'])})"
    c = d["chart"]
    mf = "NA" if c["infantry_mf"] is None else f"{c['infantry_mf']} MF"
    los = c["los"] if c["los"] != "obstacle" else f"obstacle ({c['obstacle_height']:g} levels)"
    if c["los"] == "hindrance":
        los = f"hindrance (+{c['hindrance']})"
    lines = [head, f"  chart [{c['rule']}]: Infantry {mf}, TEM {c['tem']:+d}, LOS {los}"]
    if d["features"]:
        lines.append(f"  features: {', '.join(d['features'])}")
    if d["building"]:
        b = d["building"]
        lines.append(
            f"  building: {b['material']}, {b['stories']} level(s), hexes {', '.join(b['hexes'])}"
        )
    if d["overlay"]:
        lines.append(f"  overlay: {d['overlay']}")
    sides = [f"{n} {'/'.join(fs)}" for n, fs in d["hexsides"].items() if fs]
    lines.append(f"  hexsides: {', '.join(sides) if sides else 'none'}")
    for ct in d["counters"]:
        lines.append(f"  {_counter_text(ct)}")
    if d["rules"]:
        lines.append(f"  rules: {', '.join(d['rules'])}")
    for n in d["notes"]:
        lines.append(f"  note: {n}")
    return "\n".join(lines)


def _counter_text(ct: dict[str, Any]) -> str:
    if ct["type"] == "panji":
        hid = ", hidden" if ct["hidden"] else ""
        top = f", top {ct['top']}" if ct["top"] else ""
        return f"panji {ct['id']} ({ct['side']}{hid}): covers {', '.join(ct['covered'])}{top}"
    if ct["type"] == "fortification":
        bits = [ct["side"]] if ct["side"] else []
        if ct["hidden"]:
            bits.append("hidden")
        if ct["strength"]:
            bits.append(f"strength {ct['strength']}")
        if ct["hexside"]:
            bits.append(f"on {ct['hexside']}")
        return f"{ct['kind']} {ct['id']}" + (f" ({', '.join(bits)})" if bits else "")
    face = f" {ct['counter']}" if ct["counter"] else ""
    status = f", {', '.join(ct['status'])}" if ct["status"] else ""
    ent = f", in {ct['entrenched']}" if ct["entrenched"] else ""
    return f"unit {ct['id']}{face} ({ct['side']} {ct['kind']}, {ct['position']}{ent}{status})"
