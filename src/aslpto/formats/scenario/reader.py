"""Reading a scenario file (TOML) into a :class:`~aslpto.state.game.Game`: every error an
:class:`~aslpto.base.rulings.InputError` naming the file, line and field."""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Mapping

from aslpto.base.collector import CollectorPaused
from aslpto.base.hints import Any
from aslpto.base.ranges import refusal
from aslpto.base.records import fields, replace
from aslpto.base.rulings import InputError, listed
from aslpto.base.tomlsource import TomlSource
from aslpto.board.hexes import Direction, Hex, Hexside
from aslpto.board.maps import JungleType, Map, RiverDepth
from aslpto.board.terrain import ChartRow, LOSEffect, Terrain, TerrainChart, default_chart
from aslpto.formats.scenario.maps import MapReader
from aslpto.formats.scenario.source import (
    _CHART_HINTS,
    _DATE,
    _NATIONALITY,
    _SIDE_HINTS,
    _UNIT_FIELD,
    _UNIT_KEYSET,
    _UNIT_PLAIN,
    CURRENT_KEYS,
    ENTRENCHMENTS,
    FORT_KEYS,
    PANJI_KEYS,
    POSITIONS,
    SCENARIO_KEYS,
    SIDE_KEYS,
    SSR_KEYS,
    TOP_KEYS,
    _remember,
    vasl_boards_option,
)
from aslpto.state.game import (
    EC,
    Conditions,
    CurrentForce,
    Fortification,
    FortKind,
    Game,
    LosRuling,
    PaddyState,
    Panji,
    Side,
)
from aslpto.state.units import Kind, Unit


def load(
    path: str | os.PathLike[str], *, vasl_boards: str | os.PathLike[str] | None = None
) -> Game:
    """Read a scenario file, or a VASL saved game (``.vsav``, :mod:`aslpto.formats.vasl`).
    Errors (:class:`InputError`) name file, line and field. ``vasl_boards``: the folder of
    VASL board archives, before the scenario's own."""
    if _is_save(path):
        from aslpto.formats.vasl.scenario import read as read_vasl_save

        got = read_vasl_save(path)
        try:
            game = loads(got.toml(), str(path), vasl_boards=vasl_boards)
        except InputError as e:
            if e.file != str(path) or e.line is None:
                raise
            # a line of the scenario written from the save, which the player never saw: the
            # field says what is wrong (`aslpto import` writes that scenario out)
            raise replace(e, line=None) from None
        return replace(game, source_report=got.report.as_json())
    return _read(TomlSource.load(path), vasl_boards)


def _is_save(path: str | os.PathLike[str]) -> bool:
    """A VASL saved game: named ``.vsav``, or a zip archive (only a regular file is opened to
    look: a pipe would wait for a writer)."""
    if str(path).lower().endswith(".vsav"):
        return True
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as f:
            return f.read(4) == b"PK\x03\x04"
    except (OSError, ValueError):
        return False


def loads(
    text: str, path: str = "<text>", *, vasl_boards: str | os.PathLike[str] | None = None
) -> Game:
    """Read scenario text; ``path`` names it in errors and anchors relative board paths."""
    return _read(TomlSource.parse(text, path), vasl_boards)


def _read(src: TomlSource, folder: str | os.PathLike[str] | None) -> Game:
    """The game of a parsed scenario, with the VASL boards folder ``folder`` in force (when
    given). A load builds thousands of small values and no reference cycles: the cyclic garbage
    collector is paused meanwhile (:class:`aslpto.base.collector.CollectorPaused`)."""
    token = None if folder is None else vasl_boards_option.set(os.fspath(folder))
    try:
        with CollectorPaused():
            return _Reader(src).game()
    finally:
        if token is not None:
            vasl_boards_option.reset(token)


def default_position(m: Map, h: Hex | None, panjis: Collection[Panji] = ()) -> str:
    """Where a unit set up in ``h`` is unless its entry says otherwise: beneath a Panji
    counter there (G9.45), else IN a paddy (G8), else on the ground."""
    if h is None:
        return "ground"
    if any(p.hex == h for p in panjis):
        return "beneath-panji"
    if m.terrain(h) == Terrain.PADDY:
        return "in"
    return "ground"


class _Reader(MapReader):
    """Reads one scenario file; every error names its line."""

    # the scenario ------------------------------------------------------------------------

    def game(self) -> Game:
        d = self.src.data
        self.check_keys(d, TOP_KEYS, "")
        head = self.table(d, "scenario")
        self.check_keys(head, SCENARIO_KEYS, "scenario")
        name = self.opt(head, "name", str, "", "scenario")
        year, month = self.date(head)
        night = self.opt(head, "night", bool, False, "scenario")
        cond = self.conditions(year, month, night)
        chart = self.chart()
        m, source = self.map(cond, chart)
        sides = self.sides()
        panjis = self.panjis(m, sides)
        units = self.units(m, sides, panjis)
        forts = self.fortifications(m, sides, units)
        if "los_overrides" in d:  # (the LOS procedures are imported only for them)
            from aslpto.rules.los import parse_overrides

            for i, r in enumerate(self.array("los_overrides")):
                drm = r.get("hindrance_drm")
                if type(drm) is int or type(drm) is float:
                    self.in_range(drm, "los_overrides", "hindrance_drm", i)
            parse_overrides(self.src, m)  # validates each entry; errors name file, line, field
        los_rulings = tuple(
            LosRuling(r["from"], r["to"], r["los"], r.get("hindrance_drm", 0), r.get("note", ""))
            for r in d.get("los_overrides", [])
        )
        _remember(m, source)
        return Game(
            map=m,
            conditions=cond,
            name=name,
            sides=sides,
            units=units,
            panjis={p.id: p for p in panjis},
            fortifications=forts,
            source=self.src.path,
            los_overrides=los_rulings,
        )

    def date(self, head: Mapping[str, Any]) -> tuple[int, int]:
        default = Conditions()
        raw = self.opt(head, "date", str, None, "scenario")
        if raw is None:
            return default.year, default.month
        mt = _DATE.match(raw)
        if not mt or not 1 <= int(mt.group(2)) <= 12:
            raise self.err(f"date '{raw}' must be year-month, e.g. \"1944-06\"", "scenario", "date")
        bad = refusal("scenario.year", "year", int(mt.group(1)), mt.group(1))
        if bad is not None:
            raise self.err(f"date '{raw}': {bad}", "scenario", "date")
        return int(mt.group(1)), int(mt.group(2))

    def conditions(self, year: int, month: int, night: bool) -> Conditions:
        ssr = self.table(self.src.data, "ssr")
        self.check_keys(ssr, SSR_KEYS, "ssr")
        base = Conditions()
        direction: Direction | None = None
        force: CurrentForce | None = None
        if "current" in ssr:
            cur = ssr["current"]
            if not isinstance(cur, dict):
                raise self.err(
                    '\'current\' is {direction = "S", force = "heavy"}', "ssr", "current"
                )
            for k in cur:
                if k not in CURRENT_KEYS:
                    raise self.err(
                        f"unknown key '{k}' in current (allowed: direction, force)",
                        "ssr",
                        "current",
                    )
            if "direction" in cur:
                raw = cur["direction"]
                names = ", ".join(x.name for x in Direction)
                if not isinstance(raw, str) or raw not in Direction.__members__:
                    raise self.err(
                        f"current direction '{raw}' is not allowed (allowed: {names})",
                        "ssr",
                        "current",
                    )
                direction = Direction[raw]
            if "force" in cur:
                raw = cur["force"]
                forces = ", ".join(x.value for x in CurrentForce)
                if raw not in [x.value for x in CurrentForce]:
                    raise self.err(
                        f"current force '{raw}' is not allowed (allowed: {forces})",
                        "ssr",
                        "current",
                    )
                force = CurrentForce(raw)
        return Conditions(
            pto_terrain=self.opt(ssr, "pto_terrain", bool, base.pto_terrain, "ssr"),
            jungle=self.opt(ssr, "jungle", JungleType, base.jungle, "ssr"),
            paddy=self.opt(ssr, "paddy", PaddyState, base.paddy, "ssr"),
            ec=self.opt(ssr, "ec", EC, base.ec, "ssr"),
            river_depth=self.opt(ssr, "river_depth", RiverDepth, base.river_depth, "ssr"),
            current_direction=direction,
            current_force=force,
            frigid_water=self.opt(ssr, "frigid_water", bool, base.frigid_water, "ssr"),
            pond_fordable=self.opt(ssr, "pond_fordable", bool, base.pond_fordable, "ssr"),
            sub_zero=self.opt(ssr, "sub_zero", bool, base.sub_zero, "ssr"),
            year=year,
            month=month,
            night=night,
        )

    def chart(self) -> TerrainChart:
        over = self.table(self.src.data, "terrain_chart")
        chart = default_chart()
        if not over:
            return chart
        names = {f.name for f in fields(ChartRow)} - {"terrain"}
        for row, changes in over.items():
            table = f"terrain_chart.{row}"
            if row not in chart.rows:
                known = ", ".join(chart.rows)
                raise self.err(
                    f"unknown terrain '{row}' in [terrain_chart] (known: {known})",
                    "terrain_chart",
                    row,
                )
            if not isinstance(changes, dict):
                raise self.err(
                    f"[terrain_chart.{row}] must be a table of fields", "terrain_chart", row
                )
            self.check_keys(changes, names, table)
            for k, v in changes.items():
                if k == "los":
                    self.enum(LOSEffect, v, table, k)
                elif not (k == "infantry_mf" and v == "NA"):
                    self.value(v, _CHART_HINTS[k], table, k)
            try:
                chart.overridden({row: changes})
            except InputError as e:
                raise self.err(e.message, table) from None
        return chart.overridden(over, self.src.path)

    # places ------------------------------------------------------------------------------

    def hex(self, m: Map, raw: Any, table: str, key: str, nth: int = 0) -> Hex:
        return self.hex_and_name(m, raw, table, key, nth)[0]

    def hex_and_name(self, m: Map, raw: Any, table: str, key: str, nth: int = 0) -> tuple[Hex, str]:
        text = self.value(raw, str, table, key, nth)
        try:
            return m.hex_and_name(text)
        except InputError as e:
            raise self.err(e.message, table, key, text, nth) from None

    def hexside_of(
        self, m: Map, h: Hex, raw: Any, table: str, key: str, nth: int, what: str
    ) -> Hexside:
        """A hexside that must be one of ``h``'s (``what`` says whose, for the message)."""
        text = self.value(raw, str, table, key, nth)
        try:
            s = m.layout.hexside(text)
        except InputError as e:
            raise self.err(e.message, table, key, text, nth) from None
        if h not in s.hexes:
            raise self.err(
                f"hexside '{text}' is not a hexside of {what} hex {m.name(h)}",
                table,
                key,
                text,
                nth,
            )
        return s

    # sides and counters ------------------------------------------------------------------

    def nationality(self, raw: Any, table: str, nth: int) -> str:
        v = str(self.value(raw, str, table, "nationality", nth))
        if not _NATIONALITY.match(v):
            raise self.err(
                f"nationality '{v}' must be a lower-case word, e.g. 'japanese'",
                table,
                "nationality",
                v,
                nth,
            )
        return v

    def sides(self) -> tuple[Side, ...]:
        out: list[Side] = []
        hints = _SIDE_HINTS
        for i, s in enumerate(self.array("sides")):
            self.check_keys(s, SIDE_KEYS, "sides", i, array=True)
            name = self.required(s, "name", "sides", i)
            if any(o.name == name for o in out):
                raise self.err(f"side '{name}' is declared twice", "sides", "name", name, i)
            if "nationality" not in s:
                raise self.err("[[sides]] entry needs 'nationality'", "sides", nth=i)
            kw: dict[str, Any] = {
                "name": name,
                "nationality": self.nationality(s["nationality"], "sides", i),
            }
            for k in SIDE_KEYS:
                if k in s and k not in kw:
                    kw[k] = self.value(s[k], hints[k], "sides", k, i)
            out.append(Side(**kw))
        return tuple(out)

    def side(self, sides: tuple[Side, ...], raw: Any, table: str, nth: int) -> Side:
        name = self.value(raw, str, table, "side", nth)
        for s in sides:
            if s.name == name:
                return s
        known = ", ".join(s.name for s in sides) or "none declared in [[sides]]"
        raise self.err(f"unknown side '{name}' (sides: {known})", table, "side", name, nth)

    def panjis(self, m: Map, sides: tuple[Side, ...]) -> list[Panji]:
        out: list[Panji] = []
        for i, p in enumerate(self.array("panjis")):
            self.check_keys(p, PANJI_KEYS, "panjis", i, array=True)
            pid = self.required(p, "id", "panjis", i)
            if any(o.id == pid for o in out):
                raise self.err(f"duplicate panji id '{pid}'", "panjis", "id", pid, i)
            if "hex" not in p:
                raise self.err("[[panjis]] entry needs 'hex'", "panjis", nth=i)
            h = self.hex(m, p["hex"], "panjis", "hex", i)
            raw_cov = p.get("covered", [])
            if not isinstance(raw_cov, list):
                raise self.err(
                    "'covered' is a list of hexsides, e.g. [\"37EE7-EE8\"]",
                    "panjis",
                    "covered",
                    nth=i,
                )
            covered = frozenset(
                self.hexside_of(m, h, c, "panjis", "covered", i, f"panji {pid}'s") for c in raw_cov
            )
            top = None
            if "top" in p:
                top = self.hexside_of(m, h, p["top"], "panjis", "top", i, f"panji {pid}'s")
            if "side" in p:
                side = self.side(sides, p["side"], "panjis", i).name
            else:
                owners = [s for s in sides if s.panji_hexsides] or list(sides)
                if len(owners) != 1:
                    raise self.err(
                        f"panji {pid}: say which side owns it ('side')", "panjis", "id", pid, i
                    )
                side = owners[0].name
            hidden = self.opt(p, "hidden", bool, False, "panjis", i)
            out.append(Panji(pid, h, covered, side, hidden, top))
        return out

    def units(self, m: Map, sides: tuple[Side, ...], panjis: list[Panji]) -> dict[str, Unit]:
        out: dict[str, Unit] = {}
        for i, u in enumerate(self.array("units")):
            self.check_keys(u, _UNIT_KEYSET, "units", i, array=True)
            uid = self.required(u, "id", "units", i)
            if uid in out:
                raise self.err(f"duplicate unit id '{uid}'", "units", "id", uid, i)
            if "side" not in u:
                raise self.err(f"unit {uid} needs 'side'", "units", nth=i)
            side = self.side(sides, u["side"], "units", i)
            if "kind" not in u:
                raise self.err(f"unit {uid} needs 'kind'", "units", nth=i)
            kw: dict[str, Any] = {
                "id": uid,
                "side": side.name,
                "elr": side.elr,
                "nationality": side.nationality,
            }
            h: Hex | None = None
            for key, raw in u.items():
                plain = _UNIT_PLAIN.get(key)
                if plain is not None:  # (read as its type says)
                    kw[plain[0]] = self.value(raw, plain[1], "units", key, i)
                    continue
                fname = _UNIT_FIELD.get(key, key)
                if fname in ("id", "side"):
                    continue
                if fname == "nationality":
                    kw[fname] = self.nationality(raw, "units", i)
                elif fname == "hex":
                    h, kw[fname] = self.hex_and_name(m, raw, "units", "hex", i)
                elif fname == "position":
                    v = self.value(raw, str, "units", key, i)
                    if v not in POSITIONS:
                        raise self.err(
                            f"position '{v}' is not allowed (allowed: {', '.join(POSITIONS)})",
                            "units",
                            key,
                            v,
                            i,
                        )
                    kw[fname] = v
                elif fname == "entrenched":
                    v = self.value(raw, str, "units", key, i)
                    if v not in ENTRENCHMENTS:
                        raise self.err(
                            f"entrenched '{v}' is not allowed (allowed: "
                            f"{', '.join(ENTRENCHMENTS)})",
                            "units",
                            key,
                            v,
                            i,
                        )
                    kw[fname] = v
            if "position" not in kw:
                kw["position"] = default_position(m, h, panjis)
            if kw.get("heroic") and kw["kind"] != Kind.LEADER:
                raise self.err(
                    f"unit {uid}: only a leader becomes heroic (A15.21); a hero "
                    f"counter is heroic by its kind",
                    "units",
                    "heroic",
                    nth=i,
                )
            out[uid] = Unit.of(kw)
        return out

    def fortifications(
        self, m: Map, sides: tuple[Side, ...], units: Mapping[str, Unit]
    ) -> tuple[Fortification, ...]:
        out: list[Fortification] = []
        for i, f in enumerate(self.array("fortifications")):
            self.check_keys(f, FORT_KEYS, "fortifications", i, array=True)
            if "kind" not in f:
                raise self.err("[[fortifications]] entry needs 'kind'", "fortifications", nth=i)
            kind = self.enum(FortKind, f["kind"], "fortifications", "kind", i)
            fid = (
                self.required(f, "id", "fortifications", i)
                if "id" in f
                else f"{kind.value}-{i + 1}"
            )
            if any(o.id == fid for o in out):
                raise self.err(
                    f"duplicate fortification id '{fid}'", "fortifications", "id", fid, i
                )
            if "hex" not in f:
                raise self.err(f"fortification {fid} needs 'hex'", "fortifications", nth=i)
            h = self.hex(m, f["hex"], "fortifications", "hex", i)
            side = self.side(sides, f["side"], "fortifications", i).name if "side" in f else ""
            det = self.opt(f, "detonator", str, None, "fortifications", i)
            if det is not None and det not in units:
                known = listed(units)
                raise self.err(
                    f"detonator '{det}' is not a unit of this scenario (units: {known})",
                    "fortifications",
                    "detonator",
                    det,
                    i,
                )
            hs = None
            if "hexside" in f:
                hs = self.hexside_of(
                    m, h, f["hexside"], "fortifications", "hexside", i, f"{kind.value} {fid}'s"
                )
            out.append(
                Fortification(
                    id=fid,
                    kind=kind,
                    hex=h,
                    side=side,
                    hidden=self.opt(f, "hidden", bool, False, "fortifications", i),
                    strength=self.opt(f, "strength", int, 0, "fortifications", i),
                    detonator=det,
                    hexside=hs,
                )
            )
        return tuple(out)
