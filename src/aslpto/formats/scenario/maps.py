"""Reading a scenario's map (``[map]``, ``[[overlays]]``): board and overlay files, bundled
or the user's TOML or VASL archives, laid out and built with the scenario's conditions (G.1,
G.9, B21); every error names the scenario's file, line and field."""

from __future__ import annotations

import os

from aslpto.base.hints import Any
from aslpto.base.ranges import refusal
from aslpto.base.rulings import InputError
from aslpto.base.tomlsource import TomlSource
from aslpto.board.files import BoardData, parse_board
from aslpto.board.hexes import Layout
from aslpto.board.maps import Map
from aslpto.board.overlays import OverlayPlacement, check_overlay_placement, overlay_placement
from aslpto.board.terrain import TerrainChart
from aslpto.formats.scenario.fields import CONTROL, FieldReader
from aslpto.formats.scenario.source import (
    _BOARD,
    BUNDLED_BOARDS,
    MAP_KEYS,
    OVERLAY_KEYS,
    VASL_BOARDS_ENV,
    VASL_PREFIX,
    FileRef,
    MapSource,
    bundled_boards,
    vasl_boards_option,
)
from aslpto.rules.pto.terrain import build_map
from aslpto.state.game import Conditions


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


class MapReader(FieldReader):
    """Reads a scenario's map: each board and overlay file found and read once per load."""

    def __init__(self, src: TomlSource) -> None:
        super().__init__(src)
        self.base = os.path.dirname(src.path) if src.path != "<text>" else os.getcwd()
        self._boards: dict[tuple[str, bool], BoardData] = {}  # each file read once per load
        self._refs: dict[str, FileRef] = {}
        self._vasl_boards: str | None = None

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
            data = parse_board(src, overlay=overlay)
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
