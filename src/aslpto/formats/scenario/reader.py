"""Reading a scenario file (TOML) into a :class:`~aslpto.state.game.Game`: every error an
:class:`~aslpto.base.rulings.InputError` naming the file, line and field."""

from __future__ import annotations

import gc
import os
import stat
from collections.abc import Collection, Mapping

from aslpto.base.hints import Any
from aslpto.base.ranges import refusal
from aslpto.base.records import fields, replace
from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.board.files import BoardData, parse_board
from aslpto.board.hexes import Direction, Hex, Hexside, Layout
from aslpto.board.maps import JungleType, Map, RiverDepth
from aslpto.board.overlays import OverlayPlacement, check_overlay_placement, overlay_placement
from aslpto.board.terrain import ChartRow, LOSEffect, Terrain, TerrainChart, default_chart
from aslpto.formats.scenario.fields import CONTROL, FieldReader
from aslpto.formats.scenario.source import (
    _BOARD,
    _CHART_HINTS,
    _DATE,
    _NATIONALITY,
    _SIDE_HINTS,
    _UNIT_FIELD,
    _UNIT_KEYSET,
    _UNIT_PLAIN,
    BUNDLED_BOARDS,
    CURRENT_KEYS,
    ENTRENCHMENTS,
    FORT_KEYS,
    MAP_KEYS,
    OVERLAY_KEYS,
    PANJI_KEYS,
    POSITIONS,
    SCENARIO_KEYS,
    SIDE_KEYS,
    SSR_KEYS,
    TOP_KEYS,
    VASL_BOARDS_ENV,
    VASL_PREFIX,
    FileRef,
    MapSource,
    _remember,
    bundled_boards,
    vasl_boards_option,
)
from aslpto.rules.pto.terrain import build_map
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
    collector is paused meanwhile (and restored as it was, even on error)."""
    token = None if folder is None else vasl_boards_option.set(os.fspath(folder))
    was = gc.isenabled()
    gc.disable()
    try:
        return _Reader(src).game()
    finally:
        if was:
            gc.enable()
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


def _resolved(p: str) -> str:
    """``p`` absolute with its symbolic links resolved, or only made absolute when it cannot
    be resolved: reading it then says what is wrong with it."""
    try:
        return os.path.realpath(p)
    except (OSError, ValueError):
        return os.path.abspath(p)


def _bundled_misuse(name: str, overlay: bool, src: TomlSource, e: InputError) -> str:
    """Why a bundled board or overlay file does not serve where the scenario names it (the
    error points at the scenario's line, not into the bundled file)."""
    if overlay and "overlay" not in src.data:
        overlays = ", ".join(b for b in bundled_boards() if b.startswith("overlay")) or "none"
        return f"'{name}' is a bundled board, not an overlay (bundled overlays: {overlays})"
    if not overlay and "board" not in src.data:
        return f"'{name}' is a bundled overlay, not a board: place it with [[overlays]]"
    return f"bundled {'overlay' if overlay else 'board'} '{name}': {e.message}"


class _Reader(FieldReader):
    """Reads one scenario file; every error names its line."""

    def __init__(self, src: TomlSource) -> None:
        super().__init__(src)
        self.base = os.path.dirname(src.path) if src.path != "<text>" else os.getcwd()
        self._boards: dict[tuple[str, bool], BoardData] = {}  # each file read once per load
        self._refs: dict[str, FileRef] = {}
        self._vasl_boards: str | None = None

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

    # boards ------------------------------------------------------------------------------

    def file_ref(self, raw: str, table: str, key: str, nth: int = 0) -> FileRef:
        """A path (relative to the scenario file) or a bundled board/overlay name (each
        found once per load)."""
        got = self._refs.get(raw)
        if got is None:
            got = self._refs[raw] = self._file_ref(raw, table, key, nth)
        return got

    def _file_ref(self, raw: str, table: str, key: str, nth: int) -> FileRef:
        if CONTROL.search(raw):
            raise self.err(
                f"'{raw}' is not a usable file name: it holds a control character",
                table,
                key,
                nth=nth,
            )
        if raw.startswith(VASL_PREFIX) and table == "map.files":
            return self.vasl_ref(raw[len(VASL_PREFIX) :], table, key, raw, nth)
        if raw.endswith(".toml") or "/" in raw or "\\" in raw:
            return FileRef(_resolved(os.path.join(self.base, raw)))
        p = os.path.join(BUNDLED_BOARDS, f"{raw}.toml")
        if not os.path.isfile(p):
            known = ", ".join(bundled_boards()) or "none"
            raise self.err(
                f"no bundled board or overlay '{raw}' (bundled: {known}); give a "
                f"path ending in .toml",
                table,
                key,
                raw,
                nth,
            )
        return FileRef(p, raw)

    def vasl_folder(self) -> tuple[str, str] | None:
        """The VASL boards folder and where it was named: ``--vasl-boards``, then the
        scenario's ``[map] vasl_boards`` (relative to the scenario file), then
        ``ASLPTO_VASL_BOARDS``."""
        option = vasl_boards_option.get()
        if option:
            if CONTROL.search(option):
                raise InputError(f"--vasl-boards '{option}' is not a usable folder name")
            return os.path.normpath(option), "--vasl-boards"
        if self._vasl_boards is not None:
            return self._vasl_boards, "[map] vasl_boards"
        env = os.environ.get(VASL_BOARDS_ENV)
        if env and not CONTROL.search(env):
            return os.path.normpath(env), VASL_BOARDS_ENV
        return None

    def vasl_ref(
        self, board: str, table: str, key: str, value: str | None, nth: int = 0
    ) -> FileRef:
        """Board ``board`` in the VASL boards folder, or an error naming the folder and the
        file name tried."""
        from aslpto.formats.vasl.boards import archive_name, find_board_archive

        board = board.strip()
        folder = self.vasl_folder()
        if folder is None:
            raise self.err(
                f"'{VASL_PREFIX}{board}' needs the VASL boards folder: give "
                f"--vasl-boards DIR, set {VASL_BOARDS_ENV}, or add [map] "
                f"vasl_boards",
                table,
                key,
                value,
                nth,
            )
        found = find_board_archive(board, folder[0])
        if found is None:
            raise self.err(
                f"board {board}: no {archive_name(board)} in the VASL boards folder "
                f"{folder[0]} (from {folder[1]})",
                table,
                key,
                value,
                nth,
            )
        return FileRef(_resolved(found), None, board)

    def read_board(
        self,
        ref: FileRef,
        overlay: bool,
        table: str,
        key: str,
        nth: int = 0,
        value: str | None = None,
    ) -> BoardData:
        cached = self._boards.get((ref.path, overlay))
        if cached is not None:
            return cached
        if ref.vasl is not None:
            from aslpto.formats.vasl.boards import load_vasl_board

            try:
                data = load_vasl_board(ref.path, ref.vasl)
            except InputError as e:
                raise self.err(e.message, table, key, value, nth) from None
            self._boards[(ref.path, overlay)] = data
            return data
        try:
            src = TomlSource.load(ref.path)
        except InputError as e:
            if e.line is not None:  # a fault inside that file: it names its own line
                raise
            what = "overlay" if overlay else "board"
            raise self.err(f"{what} file {ref.path}: {e.message}", table, key, value, nth) from None
        try:
            data = parse_board(src, overlay)
        except InputError as e:
            if ref.bundled is None:  # the user's own file: its error names its own line
                raise
            raise self.err(
                _bundled_misuse(ref.bundled, overlay, src, e), table, key, value, nth
            ) from None
        self._boards[(ref.path, overlay)] = data
        return data

    def map(self, cond: Conditions, chart: TerrainChart) -> tuple[Map, MapSource]:
        mp = self.table(self.src.data, "map")
        self.check_keys(mp, MAP_KEYS, "map")
        if "boards" not in mp:
            raise self.err('[map] needs \'boards\', e.g. boards = [["37", "38"]]', "map")
        raw = mp["boards"]
        if isinstance(raw, list) and raw and all(isinstance(x, str) for x in raw):
            raw = [raw]  # one row written flat
        if not isinstance(raw, list) or not all(
            isinstance(r, list) and r and all(isinstance(b, str) for b in r) for r in raw
        ):
            raise self.err(
                '\'boards\' lists rows of board names, e.g. [["37", "38*"]]', "map", "boards"
            )
        rows: list[tuple[str, ...]] = []
        for r in raw:
            row: list[str] = []
            for b in r:
                name = b.rstrip("*^")
                if not _BOARD.match(name) or len(b) - len(name) > 1:
                    raise self.err(
                        f"'{b}' is not a board name (a number, e.g. \"37\"; a "
                        f"trailing * turns it 180°)",
                        "map",
                        "boards",
                        b,
                    )
                row.append(name + ("*" if name != b else ""))
            rows.append(tuple(row))
        count = sum(map(len, rows))
        bad = refusal("map.boards", "a map of", count, f"{count} boards")
        if bad is not None:
            raise self.err(bad, "map", "boards")
        try:
            layout = Layout.grid(rows)
        except InputError as e:
            raise self.err(e.message, "map", "boards") from None
        self._vasl_boards = None
        if "vasl_boards" in mp:
            raw_dir = self.value(mp["vasl_boards"], str, "map", "vasl_boards")
            if CONTROL.search(raw_dir) or not raw_dir:
                raise self.err(
                    f"vasl_boards '{raw_dir}' is not a usable folder name", "map", "vasl_boards"
                )
            folder = os.path.expanduser(raw_dir)
            if folder.startswith("~"):  # (~name of no user)
                raise self.err(
                    f"vasl_boards '{raw_dir}': no such user's home folder", "map", "vasl_boards"
                )
            self._vasl_boards = _resolved(os.path.join(self.base, folder))
            if not os.path.isdir(self._vasl_boards) and vasl_boards_option.get() is None:
                raise self.err(
                    f"vasl_boards: {self._vasl_boards} is not a folder",
                    "map",
                    "vasl_boards",
                    raw_dir,
                )
        files_t = self.table(mp, "files", "map")
        for k in files_t:
            if k not in layout.boards:
                raise self.err(
                    f"board '{k}' in [map.files] is not laid out in [map] boards "
                    f"({', '.join(layout.boards)})",
                    "map.files",
                    k,
                )
        refs: list[tuple[str, FileRef]] = []
        boards: dict[str, BoardData] = {}
        where: dict[str, tuple[str, str, str | None]] = {}  # board -> table, key, value
        for b in layout.boards:
            if b in files_t:
                v = self.value(files_t[b], str, "map.files", b)
                ref = self.file_ref(v, "map.files", b)
                where[b] = ("map.files", b, None)
            else:
                ref = self.implicit_board(b)
                where[b] = ("map", "boards", b)
            refs.append((b, ref))
        overlays: list[OverlayPlacement] = []
        orefs: list[tuple[FileRef, str]] = []
        vasl_spots: dict[str, list[tuple[int, Any]]] = {}  # board -> (entry, OverlaySpot)
        for i, ov in enumerate(self.array("overlays")):
            self.check_keys(ov, OVERLAY_KEYS, "overlays", i, array=True)
            f = self.required(ov, "file", "overlays", i)
            on = self.required(ov, "on", "overlays", i)
            if isinstance(f, str) and f.startswith(VASL_PREFIX):  # an overlay archive's
                orefs.append(self.vasl_overlay(layout, f, on, i, dict(refs), vasl_spots))
                continue
            ref = self.file_ref(f, "overlays", "file", i)
            data = self.read_board(ref, True, "overlays", "file", i)
            place = OverlayPlacement(data, on)
            try:
                t0, t1 = check_overlay_placement(layout, place)
            except InputError as e:
                raise self.err(e.message, "overlays", "on", nth=i) from None
            if any(h not in layout.hexes for h in overlay_placement(data, t0, t1).values()):
                raise self.err(
                    f"overlay {data.overlay_id} placed on {on} runs off the map",
                    "overlays",
                    "on",
                    nth=i,
                )
            overlays.append(place)
            orefs.append((ref, on))
        for b, ref in refs:  # (a board under VASL overlays is read once, with them)
            spots = vasl_spots.get(b)
            if spots is None:
                table, key, value = where[b]
                boards[b] = self.read_board(ref, False, table, key, value=value)
                continue
            from aslpto.formats.vasl.boards import load_vasl_board

            try:
                boards[b] = load_vasl_board(ref.path, b, [sp for _, sp in spots])
            except InputError as e:
                at = int(e.extra.get("overlay") or 0)
                raise self.err(e.message, "overlays", "on", nth=spots[at][0]) from None
        try:
            m = build_map(layout, boards, tuple(overlays), cond.map_conditions(), chart)
        except InputError as e:
            raise self.err(e.message, "map") from None
        return m, MapSource(tuple(rows), tuple(refs), tuple(orefs), self._vasl_boards)

    def vasl_overlay(
        self,
        layout: Layout,
        f: str,
        on: Any,
        i: int,
        refs: dict[str, FileRef],
        spots: dict[str, list[tuple[int, Any]]],
    ) -> tuple[FileRef, str]:
        """``file = "vasl:RP3"``: an overlay of the VASL overlay archives, placed on a real
        board's artwork (:func:`aslpto.formats.vasl.overlays.scenario_spot`)."""
        name = f[len(VASL_PREFIX) :].strip()
        on = self.value(on, str, "overlays", "on", i)
        folder = self.vasl_folder()
        if folder is None:
            raise self.err(
                f"'{f}' needs the VASL boards folder (its overlays are looked for "
                f"beside it): give --vasl-boards DIR, set {VASL_BOARDS_ENV}, or add "
                f"[map] vasl_boards",
                "overlays",
                "file",
                f,
                i,
            )
        try:
            from aslpto.formats.vasl.overlays import scenario_spot
        except ImportError:
            raise self.err(
                f"'{f}': reading VASL overlays needs Pillow (pip install 'aslpto[vasl]')",
                "overlays",
                "file",
                f,
                i,
            ) from None
        try:
            board, spot = scenario_spot(layout, name, on, folder[0])
        except InputError as e:
            key = "file" if e.field_name == "file" else "on"
            raise self.err(e.message, "overlays", key, nth=i) from None
        if refs[board].vasl is None:
            raise self.err(
                f"overlay {name} from a VASL overlay archive goes on a real board; "
                f"board {board} is read from {refs[board].path}",
                "overlays",
                "on",
                nth=i,
            )
        spots.setdefault(board, []).append((i, spot))
        return FileRef(os.fspath(spot.archive), None, name), on

    def implicit_board(self, b: str) -> FileRef:
        """A board with no ``[map.files]`` entry: ``bdNN`` in the VASL boards folder, else the
        bundled board of that number."""
        from aslpto.formats.vasl.boards import archive_name, find_board_archive

        folder = self.vasl_folder()
        if folder is not None:
            found = find_board_archive(b, folder[0])
            if found is not None:
                return FileRef(_resolved(found), None, b)
        p = os.path.join(BUNDLED_BOARDS, f"{b}.toml")
        if not os.path.isfile(p):
            tried = (
                f"no {archive_name(b)} in the VASL boards folder {folder[0]} (from {folder[1]}), "
                if folder is not None
                else ""
            )
            raise self.err(
                f"board {b} has no file: {tried}add it to [map.files], e.g. "
                f'"{b}" = "boards/{b}.toml" (bundled boards: '
                f"{', '.join(bundled_boards()) or 'none'}), or name a VASL boards "
                f"folder (--vasl-boards DIR)",
                "map",
                "boards",
                b,
            )
        return FileRef(p, b)

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
                known = ", ".join(units) or "none"
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
