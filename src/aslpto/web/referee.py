"""The referee behind the page: one game, loaded once, and the answers of the query commands
(``terrain``, ``move``, ``reach``, ``los``, ``viewshed``, ``odds``, ``fire``, ``cc``,
``check``) to requests given as JSON objects, and whether a unit may take its next step now
(:meth:`Referee.step`).

A request's fields are the command's own arguments, read by the command's own parser
(:func:`aslpto.cli.command_parser`): a positional by its name (``unit``, ``steps``, ``hex``,
``from``, ``to``, ``procedure``, ``firers``, ``target``), an option by its long flag without
the dashes (``double-time``, ``with-leader``, ``phase``). The answer is the command's
``--json`` object, built by the command's own ``answer(game, args)``; a refused request is a
:class:`BadRequest` carrying the line the command prints on stderr.

>>> ref = Referee.load("examples/panji-g9.toml")
>>> ref.ask("move", {"unit": "A", "steps": ["37EE7"]})["steps"][0]["events"]
[{'kind': 'panji-mc', 'rule': 'G9.41'}]
>>> try:
...     ref.ask("move", {"unit": "Z", "steps": ["37EE7"]})
... except BadRequest as e:
...     print(e.status, e.message)
400 aslpto: no unit 'Z' in this scenario (units: A, B, C, D, E, tank, truck)
"""

from __future__ import annotations

import argparse
import io
import secrets
import threading
import zipfile
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from aslpto.base import unchecked
from aslpto.base.hints import Any, Protocol
from aslpto.base.records import record
from aslpto.base.rulings import AslptoError, InputError
from aslpto.cli import command_parser, flag_unchecked
from aslpto.formats import scenario, svg
from aslpto.procedures.game.state import GameState
from aslpto.state.game import Game
from aslpto.web.pictures import Pictures, read_pictures

QUERIES: tuple[str, ...] = (
    "terrain",
    "move",
    "reach",
    "los",
    "viewshed",
    "odds",
    "fire",
    "cc",
    "check",
)
"""The commands the API answers, one endpoint each (``/api/NAME``)."""

MAX_QUERY_BYTES = 64 * 1024
"""A query's JSON body is at most this long."""
MAX_SCENARIO_BYTES = 2 * 1024 * 1024
"""A scenario or saved game dropped onto the page is at most this long."""
ZIP_MAX_ENTRIES = 2000
ZIP_MAX_BYTES = 64 * 1024 * 1024
ZIP_MAX_RATIO = 200
"""An archive dropped onto the page: at most this many entries, this many bytes unpacked in
all, and no entry packed more than this many times smaller than it unpacks."""

NO_MAP_SVG = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
    'viewBox="0 0 480 60" width="480" height="60"><g id="map"><text x="10" y="30" '
    'font-family="sans-serif" font-size="14">no boards in this game: its counters are all '
    "off the map</text></g></svg>\n"
)
"""What ``/api/map.svg`` draws for a game without boards (a VASL save with no map)."""

MAX_OPENED = 32
"""How many games opened on the pages (a file dropped, a unit placed) a server keeps; the
least recently asked about goes first. The game the server was started with always stays."""

FIRST = "0"
"""The key of the game the server was started with (a page without ``?game=``)."""

_LOCK = threading.RLock()
"""One answer at a time, whatever the game: the unchecked values an answer read are noted in
one place (:mod:`aslpto.base.unchecked`) from its start to its end."""

_RENAMED = {"frm": "from", "strength_of_mc": "n"}
_INJECTED = frozenset({"scenario", "json", "help"})


class Played(Protocol):
    """A game record played on the page in a game (:class:`aslpto.web.play.Played`)."""

    @property
    def path(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def base(self) -> Referee: ...
    @property
    def actions(self) -> int: ...
    def view(self, at: int | None = None) -> Referee: ...
    def fresh(self) -> None: ...
    def as_json(self, at: int | None = None) -> dict[str, Any]: ...
    def play(self, name: str, args: Mapping[str, Any], dice: str | None) -> dict[str, Any]: ...
    def undo(self) -> dict[str, Any]: ...


class BadRequest(Exception):
    """A request the referee refuses: ``message`` is one line, ``status`` the HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@record
class Field:
    """One field of a request: the argument of the command it stands for."""

    name: str
    option: str | None
    """The command's long flag (``--double-time``), ``None`` for a positional."""
    many: bool
    """A list of strings (``steps``, ``blaze``)."""
    flag: bool
    """``true`` or ``false``."""
    required: bool
    choices: tuple[str, ...]
    help: str

    def as_json(self) -> dict[str, Any]:
        kind = "flag" if self.flag else "list" if self.many else "value"
        out: dict[str, Any] = {"name": self.name, "kind": kind, "required": self.required}
        if self.choices:
            out["choices"] = list(self.choices)
        out["help"] = self.help
        return out


def fields_of(parser: argparse.ArgumentParser) -> tuple[Field, ...]:
    """The fields of a request to the command ``parser`` reads (the scenario is the server's)."""
    out = []
    for a in parser._actions:
        if a.dest in _INJECTED:
            continue
        option = next((o for o in a.option_strings if o.startswith("--")), None)
        name = option[2:] if option else _RENAMED.get(a.dest, a.dest)
        many = a.nargs in ("+", "*") or isinstance(a, argparse._AppendAction)
        flag = a.nargs == 0
        required = option is None and a.nargs not in ("?", "*")
        choices = tuple(str(c) for c in a.choices) if a.choices else ()
        out.append(Field(name, option, many, flag, required, choices, a.help or ""))
    return tuple(out)


@record
class _Command:
    module: ModuleType
    parser: argparse.ArgumentParser
    fields: tuple[Field, ...]


class Referee:
    """A game loaded once and the commands that answer about it."""

    def __init__(
        self, game: Game, path: str, vasl_boards: str | None = None, key: str = FIRST
    ) -> None:
        self.game = game
        self.path = path
        self.vasl_boards = vasl_boards
        """The folder of VASL board archives the game was read with (``--vasl-boards``),
        which a dropped scenario or save is read with too."""
        self.key = key
        """The game's key among the server's games (:class:`Games`; a page's ``?game=``)."""
        self.played: Played | None = None
        """The game record played on the page in this game (:mod:`aslpto.web.play`): the
        tab's queries answer about the position it shows."""
        self.state: GameState | None = None
        """The state of that record at this position (its phase, the move going on)."""
        self.edited: str | None = None
        """Why the game is not its scenario file as the file holds it (dropped onto the page,
        a unit placed there): a game record cannot start from it."""
        self._svg: str | None = None
        self._pictures: tuple[Pictures | None] | None = None
        self._lock = _LOCK
        self._commands = _commands()

    @classmethod
    def load(cls, path: str | Path, vasl_boards: str | None = None) -> Referee:
        """The referee of the scenario or VASL saved game at ``path`` (an
        :class:`InputError` when unusable); ``vasl_boards``: the folder of VASL board
        archives (else ``--vasl-boards`` as the command line set it)."""
        from aslpto.formats.scenario.source import vasl_boards_option

        folder = vasl_boards or vasl_boards_option.get()
        return cls(scenario.load(path, vasl_boards=folder), str(path), folder)

    # the queries ----------------------------------------------------------------------

    def fields(self) -> dict[str, list[dict[str, Any]]]:
        """Each query's fields, as ``GET /api/fields`` gives them."""
        return {n: [f.as_json() for f in c.fields] for n, c in self._commands.items()}

    def ask(self, command: str, body: object) -> dict[str, Any]:
        """The JSON the command prints with ``--json`` for the request ``body``."""
        c = self._commands.get(command)
        if c is None:
            raise BadRequest(f"no command '{command}' (commands: {', '.join(QUERIES)})", 404)
        argv = self._argv(command, c, body)
        # One answer at a time: the unchecked values an answer read are noted in one place
        # (aslpto.base.unchecked) from begin() to taken(), and the game's caches (priced
        # edges, the LOS engine) are filled as queries ask; a server answering requests in
        # several threads gets each answer with its own unchecked values.
        with self._lock:
            try:
                args = c.parser.parse_args(argv)
                unchecked.begin()
                outcome = c.module.answer(self.game, args)
                flag_unchecked(outcome)  # the CLI's JSON, with the unchecked values it read
                return dict(outcome.payload)
            except AslptoError as e:
                raise BadRequest(f"aslpto: {e}") from None

    def step(self, body: object) -> dict[str, Any]:
        """``POST /api/step``: may the unit take the next step now? The request is a move's
        (``unit``, ``steps`` the path so far, the mover's options) with ``step``, the next step;
        the answer is :meth:`aslpto.procedures.movement.StepCheck.as_json`, with the unchecked
        values it read. Fields are read by the ``move`` command's parser."""
        from aslpto.procedures import movement

        if not isinstance(body, Mapping):
            raise BadRequest("step: the request is a JSON object of fields")
        c = self._commands["move"]
        for name in body:
            if name != "step" and name not in {f.name for f in c.fields}:
                known = ", ".join(["step", *(f.name for f in c.fields)])
                raise BadRequest(f"step: unknown field '{name}' (fields: {known})")
        nxt, path = body.get("step"), body.get("steps") or []
        if not isinstance(body.get("unit"), str):
            raise BadRequest("step: field 'unit' names the unit that moves")
        if not isinstance(nxt, str) or not nxt.strip():
            raise BadRequest(
                f"step: field 'step' is the next step, a string (37EE7, :beneath), not {nxt!r:.40}"
            )
        if not isinstance(path, list):
            raise BadRequest(f"step: field 'steps' is the path so far, a list, not {path!r:.40}")
        fields = {k: v for k, v in body.items() if k != "step"}
        argv = self._argv("step", c, {**fields, "steps": [*path, nxt]})
        with self._lock:
            try:
                args = c.parser.parse_args(argv)
                unchecked.begin()
                options = c.module.options_of(args)
                for h in options.blaze:
                    try:
                        self.game.map.hex(h)
                    except InputError as e:
                        raise InputError(f"--blaze '{h}': {e.message}") from None
                *so_far, last = args.steps
                resume = None
                going = self.state.moving_resume if self.state is not None else {}
                if args.unit in going:  # the unit moving now goes on (A8.1, A4.2)
                    options, resume = going[args.unit]
                check = movement.check_step(self.game, args.unit, so_far, last, options, resume)
                out = check.as_json(self.game)
                taken = unchecked.taken()
                if taken:
                    out["unchecked"] = taken
                return out
            except AslptoError as e:
                raise BadRequest(f"aslpto: {e}") from None

    def _argv(self, command: str, c: _Command, body: object) -> list[str]:
        if not isinstance(body, Mapping):
            raise BadRequest(f"{command}: the request is a JSON object of fields")
        known = {f.name: f for f in c.fields}
        options: list[str] = []
        positionals: list[str] = []
        if command == "odds":
            options.append(f"--scenario={self.path}")
        elif any(a.dest == "scenario" for a in c.parser._actions):
            positionals.append(self.path)
        for name in body:
            if name not in known:
                raise BadRequest(f"{command}: unknown field '{name}' (fields: {', '.join(known)})")
        for f in c.fields:
            if f.name not in body or body[f.name] is None:
                continue
            words = _words(command, f, body[f.name])
            if f.option is None:
                positionals.extend(words)
            elif f.flag:
                options.extend([f.option] if words else [])
            else:
                options.extend(f"{f.option}={w}" for w in words)
        return [*options, "--", *positionals]

    # the map --------------------------------------------------------------------------

    def map_json(self) -> dict[str, Any]:
        """What the page draws over: every hex's centre, the units where they stand, and
        each board's picture where every board of the map has one (``docs/web.md``): the
        centres are then the pictures' own pixels, and ``frame`` the matrix taking them to
        the SVG's ``#map`` group; otherwise they are the SVG's and ``frame`` is ``None``."""
        with self._lock:
            return self._map_json()

    def _map_json(self) -> dict[str, Any]:
        m = self.game.map
        pics = self.pictures()
        centre = svg.centre if pics is None else pics.centre
        hexes = {}
        for h in sorted(m.cells):
            x, y = centre(h)
            hexes[m.name(h)] = [round(x, 2), round(y, 2)]
        units = []
        for uid in sorted(self.game.units):
            u = self.game.units[uid]
            units.append(
                {
                    "id": u.id,
                    "side": u.side,
                    "nationality": u.nationality,
                    "kind": u.kind.value,
                    "counter": u.counter,
                    "hex": m.name(m.hex(u.hex)) if u.hex else None,
                    "position": u.position,
                }
            )
        radius = (svg.R, svg.R) if pics is None else pics.radius
        return {
            "game": self.key,
            "name": self.game.name,
            "scenario": self.path,
            "radius": round(radius[0], 4),
            "radius_y": round(radius[1], 4),
            "boards": list(m.layout.boards),
            "pictures": {} if pics is None else pics.placed(self.picture_url),
            "frame": None if pics is None else [round(v, 6) for v in pics.to_svg()],
            "hexes": hexes,
            "units": units,
        }

    @property
    def picture_url(self) -> str:
        """Where the page fetches a board's picture (``{board}``: the board's name)."""
        return f"/api/picture/{{board}}?game={self.key}"

    def pictures(self) -> Pictures | None:
        """The boards' own pictures and their pixel frame, read once per game; ``None``
        when a board of the map has none (a board typed in TOML)."""
        with self._lock:
            if self._pictures is None:
                try:
                    self._pictures = (read_pictures(self.game),)
                except AslptoError as e:
                    raise BadRequest(f"aslpto: {e}", 404) from None
            return self._pictures[0]

    def picture(self, board: str) -> tuple[str, bytes]:
        """The type and bytes of ``board``'s picture (a 404 when it has none)."""
        pics = self.pictures()
        pic = None if pics is None else pics.pictures.get(board)
        if pic is None:
            raise BadRequest(f"no picture of board '{board[:40]}' in this map", 404)
        return pic.mime, pic.data

    def svg(self) -> str:
        """The map as ``aslpto render`` draws it (drawn once per game): over the boards' own
        pictures (``render --picture``) where the map has them."""
        with self._lock:
            if self._svg is None:
                pics = self.pictures()
                under = None if pics is None else pics.underlays(self.picture_url)
                if not self.game.map.cells:  # a saved game with no boards: counters off-map
                    self._svg = NO_MAP_SVG
                else:
                    self._svg = svg.render(self.game, underlays=under)
            return self._svg

    # a scenario dropped onto the page ---------------------------------------------------

    def opened(self, data: bytes, name: str) -> Referee:
        """The referee of a dropped scenario or VASL saved game (read as this game's boards
        are read); this one stays as it is, also when the file is refused."""
        base = Path(name.replace("\\", "/")).name or "dropped.toml"
        anchor = str(Path(self.path).parent / base)
        text = read_upload(data, base)
        try:
            if text is None:
                game = _read_save(data, base, anchor, self.vasl_boards)
            else:
                game = scenario.loads(text, anchor, vasl_boards=self.vasl_boards)
            pics = (read_pictures(game),)
        except AslptoError as e:
            line = str(e).replace(anchor, base)  # the file as the player named it
            raise BadRequest(page_words(line, base, self.vasl_boards)) from None
        except RecursionError:
            raise BadRequest(f"{base}: nested too deeply") from None
        out = Referee(game, anchor, self.vasl_boards)
        out._pictures = pics
        out.edited = f"{base} was dropped onto the page (it is no file of the served folder)"
        return out

    def placed(self, body: object) -> Referee:
        """The referee of this game with one unit put in a hex (``{"unit", "hex"}``): a unit
        off the map placed, or one moved (on the ground of the hex)."""
        from aslpto.base.records import replace

        if self.played is not None:
            raise BadRequest(
                f"place: the game {self.played.name} is played: its units move by its actions"
            )
        if not isinstance(body, Mapping) or set(body) - {"unit", "hex"}:
            raise BadRequest('place: the request is {"unit": ID, "hex": HEX}')
        uid, where = body.get("unit"), body.get("hex")
        if not isinstance(uid, str) or not isinstance(where, str):
            raise BadRequest("place: name the unit and the hex to place it in")
        unit = self.game.units.get(uid)
        if unit is None:
            raise BadRequest(f"place: no unit '{uid[:40]}' in this game")
        try:
            h = self.game.map.hex(where)
        except AslptoError as e:
            raise BadRequest(f"place: {e}") from None
        game = self.game.with_unit(replace(unit, hex=self.game.map.name(h), position="ground"))
        out = Referee(game, self.path, self.vasl_boards, self.key)
        out._pictures = self._pictures
        out.edited = f"a unit was placed on the page ({uid} in {self.game.map.name(h)})"
        return out


class Games:
    """The games a server referees: the one it was started with (key ``"0"``) and those
    opened on its pages, each under a key of its own, so that each tab (each URL,
    ``?game=KEY``) keeps its own game. Opening a file or placing a unit on the first game
    makes a new one; placing a unit on an opened game changes that game."""

    def __init__(self, first: Referee, record: str | None = None) -> None:
        self.first = first
        self.record = record
        """``aslpto serve --game GAME``'s record: the first game's (a game the page starts on
        the first game is written there), its folder the one games are started in."""
        self._opened: OrderedDict[str, Referee] = OrderedDict()

    def get(self, key: str | None) -> Referee:
        """The game of ``key`` (the first game for none): a 404 saying so when unknown."""
        if not key or key == FIRST:
            return self.first
        with _LOCK:
            got = self._opened.get(key)
            if got is None:
                raise BadRequest(
                    f"no game '{key[:20]}' here: it was opened before the server restarted "
                    "or closed since; open its file again, or go back to the first game",
                    404,
                )
            self._opened.move_to_end(key)
            return got

    def add(self, ref: Referee) -> Referee:
        """``ref`` kept under a new key (the oldest opened game dropped past
        :data:`MAX_OPENED`)."""
        with _LOCK:
            ref.key = secrets.token_hex(4)
            while ref.key in self._opened or ref.key == FIRST:
                ref.key = secrets.token_hex(4)
            self._opened[ref.key] = ref
            while len(self._opened) > MAX_OPENED:
                self._opened.popitem(last=False)
            return ref

    def put(self, ref: Referee) -> Referee:
        """``ref`` in its game's place (a unit placed): a new game when it was the first."""
        if ref.key == FIRST:
            return self.add(ref)
        with _LOCK:
            self._opened[ref.key] = ref
            return ref


def page_words(line: str, name: str, folder: str | None) -> str:
    """A refusal of a dropped file ``name`` in the page's words rather than the command
    line's: a board missing from the boards folder is said as such."""
    import re

    from aslpto.formats.vasl.boards import archive_name

    got = re.search(r"board (\S+) has no file", line)
    if got is None:
        return line
    board = got.group(1)
    archive = archive_name(board)
    if folder is None:
        return (
            f"{name}: board {board} is not here: the referee was started without a folder "
            f"of VASL boards to read its archive {archive} from (aslpto serve "
            "--vasl-boards FOLDER)"
        )
    return f"{name}: board {board} is not here: no VASL board archive {archive} in {folder}"


_COMMANDS: dict[str, _Command] = {}


def _commands() -> dict[str, _Command]:
    """Each query command's module, parser and fields, built once per process."""
    if not _COMMANDS:
        for name in QUERIES:
            mod, parser = command_parser(name)
            _COMMANDS[name] = _Command(mod, parser, fields_of(parser))
    return _COMMANDS


def _read_save(data: bytes, name: str, anchor: str, vasl_boards: str | None) -> Game:
    """The game of a dropped VASL saved game (its zip already measured), as ``aslpto``
    reads a ``.vsav`` file (:func:`aslpto.formats.scenario.load`)."""
    from aslpto.base.records import replace
    from aslpto.formats.vasl.savefile.encoding import SaveFileError
    from aslpto.formats.vasl.savefile.game import parse_save
    from aslpto.formats.vasl.scenario import scenario_of

    try:
        save = parse_save(data, name)
    except SaveFileError as e:
        raise BadRequest(str(e)) from None
    got = scenario_of(save)
    game = scenario.loads(got.toml(), anchor, vasl_boards=vasl_boards)
    return replace(game, source_report=got.report.as_json())


def _words(command: str, f: Field, value: object) -> list[str]:
    """A field's value as the words of the command line."""
    if f.flag:
        if not isinstance(value, bool):
            raise BadRequest(f"{command}: field '{f.name}' is true or false, not {value!r:.40}")
        return ["yes"] if value else []
    values = value if f.many and isinstance(value, list) else [value]
    if len(values) > 200:
        raise BadRequest(f"{command}: field '{f.name}' has {len(values)} values (at most 200)")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            what = "a list of strings" if f.many else "a string or a number"
            raise BadRequest(f"{command}: field '{f.name}' is {what}, not {v!r:.40}")
        word = str(v)
        if not word.strip() or "\n" in word or len(word) > 200:
            raise BadRequest(f"{command}: field '{f.name}': unusable value {word!r:.60}")
        out.append(word)
    return out


def read_upload(data: bytes, name: str) -> str | None:
    """The text of a dropped scenario, within the size limits; ``None`` for a zip archive
    (a VASL saved game), once it is measured against the zip limits, before anything in it
    is read."""
    if len(data) > MAX_SCENARIO_BYTES:
        raise BadRequest(
            f"{name}: {len(data)} bytes; a scenario is at most {MAX_SCENARIO_BYTES} bytes", 413
        )
    if data[:4] == b"PK\x03\x04":
        check_zip(data, name)
        return None
    if name.lower().endswith(".vsav"):
        raise BadRequest(f"{name}: not a zip archive (a VASL saved game is one)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadRequest(f"{name}: not UTF-8 text (byte {e.start})") from None


def check_zip(data: bytes, name: str) -> list[zipfile.ZipInfo]:
    """The entries of a zip archive that keeps within the zip limits."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            entries = z.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as bad:
        raise BadRequest(f"{name}: not a readable zip archive ({bad})") from None
    if len(entries) > ZIP_MAX_ENTRIES:
        raise BadRequest(f"{name}: {len(entries)} entries (at most {ZIP_MAX_ENTRIES})", 413)
    total = sum(e.file_size for e in entries)
    if total > ZIP_MAX_BYTES:
        raise BadRequest(f"{name}: unpacks to {total} bytes (at most {ZIP_MAX_BYTES})", 413)
    for entry in entries:
        size = entry.file_size
        if size > ZIP_MAX_RATIO * max(entry.compress_size, 1) and size > 1 << 20:
            raise BadRequest(f"{name}: entry {entry.filename!r} packed over {ZIP_MAX_RATIO}:1", 413)
    return entries
