"""``aslpto counters [NATIONALITY]``: the counters the referee assumes, as VASL prints them
(``data/catalog.toml``; docs/counters.md): face, Class, broken-side Morale Level, half-squad,
counter line and source, the face standing for each Class, and the leader ranks."""

from __future__ import annotations

import argparse

from aslpto.base.hints import Any
from aslpto.base.unchecked import note
from aslpto.cli.command import Outcome, help_of
from aslpto.state.counters import Catalog, Counter, catalog
from aslpto.state.units import Kind

NAME = "counters"
HELP = help_of(NAME)

_KIND_ORDER = {Kind.SQUAD: 0, Kind.HALF_SQUAD: 1, Kind.CREW: 2, Kind.VEHICLE_CREW: 3}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "nationality",
        nargs="?",
        help=f"one of {', '.join(catalog().nationalities)} (default: all)",
    )


def _line(cat: Catalog, c: Counter) -> list[str]:
    line = cat.line_of(c)
    if line is None:
        return []
    seq = line.half_squads if c.kind == Kind.HALF_SQUAD else line.squads
    if c.label in line.reduced:
        seq = line.reduced
    return [cat.label(c.nationality, lab).face for lab in seq]


def _row(cat: Catalog, c: Counter) -> dict[str, Any]:
    hs = cat.label(c.nationality, c.deploys_to).face if c.deploys_to else None
    red = cat.label(c.nationality, c.reduces_to).face if c.reduces_to else None
    return {
        "face": c.face,
        "label": c.label,
        "kind": str(c.kind),
        "class": str(c.unit_class) if c.unit_class else None,
        "strength": str(c.strength) if c.strength else None,
        "morale": c.morale,
        "broken_morale": c.broken_morale,
        "half_squad": hs,
        "reduced": red,
        "line": _line(cat, c),
        "lines": list(c.lines),
        "bpv": c.bpv,
        "source": c.source,
    }


def _order(c: Counter) -> tuple[int, bool, bool, list[int], str]:
    """Squads, half-squads, crews; plain counters first, Full-Strength first, best first."""
    best = [-int(x.strip("()")) for x in c.face.split("-")]
    return (_KIND_ORDER[c.kind], not c.plain, c.strength == "reduced", best, c.label)


def _nationality(cat: Catalog, key: str) -> dict[str, Any]:
    n = cat.nationality(key)
    rows = sorted(cat.of_nationality(key), key=_order)
    printed = [f for f in cat.leader_faces if f.nationality == key and f.role == "leader"]
    if not printed and key == "usmc":  # no Marine leader pieces: the U.S. ones
        printed = [f for f in cat.leader_faces if f.nationality == "american"]
    wounded = {f.face: f.wounded for f in printed if f.wounded}
    vasl = {f.face for f in printed}
    return {
        "nationality": key,
        "name": n.name,
        "stands_for": {str(k): v for k, v in n.stands_for.items()},
        "class_chain": [str(c) for c in n.class_chain],
        "counters": [_row(cat, c) for c in rows],
        "leader_ranks": list(n.leader_ranks),
        "leader_wounded": {r: wounded[r] for r in n.leader_ranks if r in wounded},
        "leader_ranks_not_in_vasl": [r for r in n.leader_ranks if r not in vasl],
        "heroes": [src for nat, src in cat.heroes if nat == key],
        "hero_face": _hero_face(n.hero_face),
        "source": n.source,
    }


def _hero_face(face: str) -> str:
    note("morale.toml", "heat_of_battle", "hero_face")
    return face


def _text(d: dict[str, Any]) -> list[str]:
    out = [f"{d['name']} ({d['nationality']})"]
    stands = ", ".join(f"{k} {v}" for k, v in d["stands_for"].items())
    out.append(f"  a Class alone names: {stands or 'no face (VASL prints no Class)'}")
    head = ("face", "kind", "class", "ML", "broken", "HS", "line", "VASL piece or rule")
    table = [head]
    for r in d["counters"]:
        kind = r["kind"] + (" (reduced)" if r["strength"] == "reduced" else "")
        table.append(
            (
                r["label"] if r["label"] != r["face"] else r["face"],
                kind,
                r["class"] or "-",
                str(r["morale"]),
                "-" if r["broken_morale"] is None else str(r["broken_morale"]),
                r["half_squad"] or r["reduced"] or "-",
                " > ".join(r["line"]) or "-",
                r["source"].split(": ", 1)[1] if r["source"].startswith("VASL ") else r["source"],
            )
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(head) - 1)]
    for row in table:
        cells = [c.ljust(w) for c, w in zip(row, widths, strict=False)] + [row[-1]]
        out.append(("  " + "  ".join(cells)).rstrip())
    ranks = []
    for r in d["leader_ranks"]:
        w = d["leader_wounded"].get(r)
        if r in d["leader_ranks_not_in_vasl"]:
            ranks.append(f"{r} (G1.41; not in VASL)")
        else:
            ranks.append(f"{r} (wounded {w})" if w else r)
    out.append(f"  leaders: {', '.join(ranks)}")
    if d["heroes"]:
        out.append(
            f"  heroes: {len(d['heroes'])} VASL piece(s), no values in VASL's names; a hero "
            f"created by Heat of Battle is a {d['hero_face']}"
        )
    return out


def run(args: argparse.Namespace) -> Outcome:
    cat = catalog()
    keys = [args.nationality] if args.nationality is not None else list(cat.nationalities)
    if args.nationality:
        cat.nationality(args.nationality)  # an unknown one: one line, exit 2
    data = [_nationality(cat, k) for k in keys]
    src = cat.source
    head = f"Counters as VASL {src.get('version', '')} prints them (data/catalog.toml)"
    text = [head]
    for d in data:
        text.append("")
        text.extend(_text(d))
    payload: dict[str, Any] = {"source": src, "nationalities": data}
    return Outcome(payload, "\n".join(text))
