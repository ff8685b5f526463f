"""A game played on the referee page (``docs/web.md``, "Playing a game"): a game record
(``docs/game.md``) started from the tab's scenario or opened from the served folder, each action
verified, applied and appended to the record as ``aslpto game`` appends it, the last one taken
back, and the position after any number of its actions shown on the map.

The record lives in the served folder (the folder of the scenario ``aslpto serve`` was started
with), or at the path of ``aslpto serve --game GAME``. The page keeps each record as it last read
or wrote it: its text and what replaying it gave (:class:`Played`). An action is appended under
the record's own lock (:func:`aslpto.formats.record.append`'s): when the file is still that text,
the action is played on the state kept (warm, without replaying the record); when another
program wrote it meanwhile (``aslpto game`` from a shell), the record is read and replayed anew
first, as the command line always does. Undo is :func:`aslpto.formats.record.undo`.
"""

from __future__ import annotations

import json
import os
import re
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path

from aslpto.base import unchecked
from aslpto.base.hints import Any
from aslpto.base.rulings import AslptoError, InputError, RuleViolation
from aslpto.formats import record
from aslpto.formats.record import Loaded, text_of
from aslpto.procedures.game import ACTIONS, Action
from aslpto.web.referee import _LOCK, FIRST, BadRequest, Games, Referee

SUFFIX = ".jsonl"
"""A game record's file name ends so (``aslpto game new -o GAME.jsonl``)."""
MAX_LISTED = 50
"""At most this many records of the served folder are listed on the page."""
MAX_VIEWS = 8
"""The positions of a record whose referee (and drawn map) is kept, beside the last."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}")


@contextmanager
def boards(folder: str | None) -> Iterator[None]:
    """The VASL boards folder the record's scenario is read with (``--vasl-boards``)."""
    from aslpto.formats.scenario.source import vasl_boards_option

    token = None if folder is None else vasl_boards_option.set(folder)
    try:
        yield
    finally:
        if token is not None:
            vasl_boards_option.reset(token)


def refused(e: AslptoError, status: int = 400) -> BadRequest:
    """A refusal of the record's readers as the command line says it, in one line."""
    return BadRequest(f"aslpto: {e}", status)


class Played:
    """A game record the page plays: where it is, the record as last read or written (its text
    and what replaying it gave), and a referee for each position shown (the tab's queries, map
    and pictures answer about the position after ``n`` actions)."""

    def __init__(self, path: str | Path, loaded: Loaded, scenario: str, base: Referee) -> None:
        self.path = str(path)
        self.loaded = loaded
        self.text = text_of(loaded)
        self.scenario = scenario
        self.base = base
        """The referee of the record's scenario: its boards folder, pictures and key."""
        self._views: OrderedDict[int, Referee] = OrderedDict()

    @classmethod
    def open(cls, path: str | Path, vasl_boards: str | None, key: str = FIRST) -> Played:
        """The record at ``path``, read and replayed (its scenario read with ``vasl_boards``)."""
        with boards(vasl_boards):
            loaded = record.load(str(path))
        scenario = str(Path(path).parent / loaded.header.scenario)
        base = Referee(loaded.game, scenario, vasl_boards, key)
        played = cls(path, loaded, scenario, base)
        base.played = played
        return played

    @property
    def name(self) -> str:
        return Path(self.path).name

    @property
    def actions(self) -> int:
        return len(self.loaded.entries)

    # the positions ------------------------------------------------------------------------

    def view(self, at: int | None = None) -> Referee:
        """The referee of the position after ``at`` actions (None: all of them)."""
        n = self.actions if at is None else at
        if not 0 <= n <= self.actions:
            raise BadRequest(f"at {n}: the game {self.name} has {self.actions} action(s)")
        with _LOCK:
            got = self._views.get(n)
            if got is None:
                with suppress(BadRequest):  # (a map without pictures: its SVG alone)
                    self.base.pictures()  # (read once, shared by every position)
                got = Referee(
                    self.loaded.states[n].position, self.scenario, self.base.vasl_boards, self.key
                )
                got._pictures = self.base._pictures
                got.played = self
                got.state = self.loaded.states[n]
                self._views[n] = got
                while len(self._views) > MAX_VIEWS:
                    self._views.popitem(last=False)
            self._views.move_to_end(n)
            return got

    @property
    def key(self) -> str:
        return self.base.key

    def _changed(self, loaded: Loaded, text: str, first: int) -> None:
        """The record now ``loaded`` (its text ``text``): the positions from the ``first``-th
        action on are drawn anew."""
        self.loaded = loaded
        self.text = text
        for n in [n for n in self._views if n >= first]:
            del self._views[n]

    def fresh(self) -> None:
        """The record read again when another program changed it since the page read it."""
        with _LOCK:
            try:
                text = Path(self.path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise BadRequest(f"the game {self.name} cannot be read now: {e}", 409) from None
            if text == self.text:
                return
            try:
                with boards(self.base.vasl_boards):
                    loaded = record.load(self.path)
            except AslptoError as e:
                raise refused(e, 409) from None
            self._changed(loaded, text_of(loaded), 0)

    # playing ------------------------------------------------------------------------------

    def play(self, name: str, args: Mapping[str, Any], dice: str | None) -> dict[str, Any]:
        """Play action ``name`` (its arguments as the record holds them; ``dice`` the rolls
        made, else the game's seed rolls them) and append it: what it did, or the rule that
        refuses it (nothing written, nothing changed)."""
        with _LOCK, boards(self.base.vasl_boards):
            was = self.loaded
            try:
                unchecked.begin()
                now, done, entry = record.append(
                    self.path, Action(name, dict(args)), dice, known=was
                )
            except RuleViolation as v:
                self.fresh()  # (the record another program wrote meanwhile, if it did)
                return {
                    "applied": False,
                    "action": {"action": name, "args": dict(args)},
                    "violation": {"rule": v.rule, "message": v.message},
                    **self.as_json(),
                }
            except AslptoError as e:
                raise refused(e) from None
            taken = unchecked.taken()
            same = now.entries[:-1] == was.entries and now.header == was.header
            self._changed(now, text_of(now), len(now.entries) if same else 0)
        out = {
            "applied": True,
            "entry": entry.as_json(),
            "told": list(done.told),
            "unchecked_rules": list(done.unchecked),
            **self.as_json(),
        }
        if taken:
            out["unchecked"] = taken
        return out

    def undo(self) -> dict[str, Any]:
        """Take back the record's last action (:func:`aslpto.formats.record.undo`)."""
        with _LOCK, boards(self.base.vasl_boards):
            try:
                back, gone = record.undo(self.path)
            except AslptoError as e:
                raise refused(e) from None
            self._changed(back, text_of(back), len(back.entries))
        return {"undone": gone.as_json(), **self.as_json()}

    # what the page shows ----------------------------------------------------------------

    def as_json(self, at: int | None = None) -> dict[str, Any]:
        """The game as the page shows it: the record, the position after ``at`` actions (its
        Game Turn, phase, side on move, the actions the phase allows and to whom, each unit's
        status and markers) and each action of the record, one line each."""
        loaded = self.loaded
        n = self.actions if at is None else at
        if not 0 <= n <= self.actions:
            raise BadRequest(f"at {n}: the game {self.name} has {self.actions} action(s)")
        entries = []
        for e, d in zip(loaded.entries, loaded.done, strict=True):
            told = "; ".join(t.strip() for t in d.told)
            dice = f" [dice {' '.join(map(str, e.dice))}]" if e.dice else ""
            entries.append(
                {
                    "n": e.n,
                    "turn": e.turn,
                    "player_turn": e.player_turn,
                    "phase": e.phase,
                    "action": e.action.name,
                    "args": dict(e.action.args),
                    "dice": list(e.dice),
                    "line": f"{e.n}. T{e.turn}.{e.player_turn} {e.phase} {e.action.name}: "
                    f"{told}{dice}",
                }
            )
        return {
            "game": self.key,
            "record": self.name,
            "scenario": loaded.header.scenario,
            "header": loaded.header.as_json(),
            "actions": self.actions,
            "at": n,
            "live": n == self.actions,
            "state": loaded.states[n].as_json(),
            "entries": entries,
        }


# ---------------------------------------------------------------------------------------------
# the served folder: the records in it, a game started or opened
# ---------------------------------------------------------------------------------------------


def folder_of(games: Games) -> Path:
    """Where the page starts games and finds records: the folder of ``serve --game GAME``, else
    of the scenario the server was started with."""
    return Path(games.record).parent if games.record else Path(games.first.path).parent


def records(folder: Path) -> list[dict[str, str]]:
    """The game records of ``folder`` (``*.jsonl`` whose first line is a record's header), by
    name: ``{"name", "scenario"}``."""
    out: list[dict[str, str]] = []
    try:
        names = sorted(p for p in folder.iterdir() if p.name.endswith(SUFFIX) and p.is_file())
    except OSError:
        return out
    for p in names:
        try:
            with open(p, encoding="utf-8") as f:
                head = json.loads(f.readline(4096))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        if isinstance(head, dict) and head.get("format") == record.FORMAT:
            sc = head.get("scenario")
            path = sc.get("path") if isinstance(sc, dict) else None
            out.append({"name": p.name, "scenario": path if isinstance(path, str) else "?"})
        if len(out) >= MAX_LISTED:
            break
    return out


def none_json(ref: Referee, games: Games) -> dict[str, Any]:
    """``GET /api/game`` for a tab whose game has no record: the records to open, and whether
    (and with which sides) a game may start from its scenario."""
    from aslpto.procedures.game.state import sides_of

    folder = folder_of(games)
    why = cannot_start(ref)
    defenders = [s.name for s in ref.game.sides if s.defender]
    target = games.record if ref.key == FIRST and games.record else None
    return {
        "game": ref.key,
        "record": None,
        "folder": str(folder),
        "records": records(folder),
        "start": {
            "sides": sides_of(ref.game),
            "defender": defenders[0] if len(defenders) == 1 else None,
            "refused": why,
            "to": Path(target).name if target else None,
        },
    }


def cannot_start(ref: Referee) -> str | None:
    """Why a game cannot start from the tab's scenario (None: it can)."""
    if ref.edited:
        return f"a game starts from a scenario file; {ref.edited}"
    if not Path(ref.path).is_file():
        return f"a game starts from a scenario file; {Path(ref.path).name} is not one here"
    return None


def _optional(body: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    v = body.get(key)
    if v is None or (isinstance(v, str) and not v.strip() and kind is not str):
        return None
    if isinstance(v, bool) or not isinstance(v, kind):
        raise BadRequest(f"game new: field '{key}' is {what}, not {v!r:.40}")
    return v


def _record_name(given: Any, folder: Path, stem: str) -> Path:
    """The record's file in ``folder``: the name given (letters, digits, ``.``, ``_``, ``-``;
    ``.jsonl`` added), else ``STEM-game-K.jsonl`` with the first K free."""
    if given is not None and str(given).strip():
        name = str(given).strip()
        if not _NAME.fullmatch(name):
            raise BadRequest(
                f"game new: name {name[:40]!r}: letters, digits, '.', '_' and '-' (at most 80), "
                "a file of the served folder"
            )
        return folder / (name if name.endswith(SUFFIX) else name + SUFFIX)
    k = 1
    while (folder / f"{stem}-game-{k}{SUFFIX}").exists():
        k += 1
    return folder / f"{stem}-game-{k}{SUFFIX}"


def start(ref: Referee, games: Games, body: object) -> Referee:
    """``POST /api/game/new``: a record started from the tab's scenario (``{"turns", "first",
    "seed", "name"}``, each optional) in the served folder (or at ``serve --game GAME``'s path,
    when the tab is on the first game and that record is not written yet); the referee of its
    game, under a new key (the first game's own when it is ``--game``'s record)."""
    if not isinstance(body, Mapping):
        raise BadRequest("game new: the request is a JSON object of fields")
    unknown = sorted(set(body) - {"turns", "first", "seed", "name"})
    if unknown:
        raise BadRequest(
            f"game new: unknown field(s) {', '.join(unknown)} (turns, first, seed, name)"
        )
    turns = _optional(body, "turns", int, "a number of Game Turns")
    first = _optional(body, "first", str, "a side")
    seed = _optional(body, "seed", int, "a whole number")
    if seed is not None and not 0 <= seed < 2**63:
        raise BadRequest(f"game new: seed {seed}: a whole number from 0")
    why = cannot_start(ref)
    if why:
        raise BadRequest(f"game new: {why}")
    first_record = ref.key == FIRST and games.record is not None and not Path(games.record).exists()
    scenario = ref.path
    if first_record:
        assert games.record is not None
        target = Path(games.record)
    else:
        target = _record_name(body.get("name"), folder_of(games), Path(scenario).stem)
    with _LOCK, boards(ref.vasl_boards):
        try:
            record.new(scenario, str(target), turns=turns, first=first, seed=seed)
            played = Played.open(target, ref.vasl_boards)
        except AslptoError as e:
            raise refused(e) from None
    played.base._pictures = (ref.played.base if ref.played else ref)._pictures
    if first_record:
        games.first = played.base
        return played.base
    return games.add(played.base)


def opened(games: Games, body: object) -> Referee:
    """``POST /api/game/open``: a record of the served folder (``{"record": NAME}``, a name
    ``GET /api/game`` lists), played in a game of its own."""
    if not isinstance(body, Mapping) or set(body) != {"record"}:
        raise BadRequest('game open: the request is {"record": NAME}, a record of the folder')
    name = body["record"]
    folder = folder_of(games)
    listed = {r["name"] for r in records(folder)}
    if not isinstance(name, str) or name not in listed:
        raise BadRequest(
            f"game open: no game record {str(name)[:60]!r} in {folder} "
            f"(records: {', '.join(sorted(listed)) or 'none'})",
            404,
        )
    with _LOCK:
        try:
            played = Played.open(folder / name, games.first.vasl_boards)
        except AslptoError as e:
            raise refused(e) from None
    return games.add(played.base)


def branched(ref: Referee, games: Games, at: int | None, body: object) -> Referee:
    """``POST /api/game/branch?at=N``: a new record in the served folder that begins as the
    tab's after its first N actions (``{"name"}`` optional), in a game of its own."""
    played = ref.played
    if played is None:
        raise BadRequest("game branch: this game has no record: start one first")
    if not isinstance(body, Mapping) or set(body) - {"name"}:
        raise BadRequest('game branch: the request is {} or {"name": NAME}')
    n = played.actions if at is None else at
    target = _record_name(body.get("name"), folder_of(games), Path(played.path).stem)
    with _LOCK, boards(ref.vasl_boards):
        try:
            record.branch(played.path, n, str(target))
            new = Played.open(target, ref.vasl_boards)
        except AslptoError as e:
            raise refused(e) from None
    new.base._pictures = played.base._pictures
    return games.add(new.base)


def action_of(body: object) -> tuple[str, dict[str, Any], str | None]:
    """``POST /api/game/action``'s ``{"action", "args", "dice"}``: the action's name (one of
    ``aslpto game``'s), its arguments as the record holds them, and the rolls made (or none)."""
    if not isinstance(body, Mapping):
        raise BadRequest(
            'game action: the request is {"action": NAME, "args": {...}, "dice": ROLLS}'
        )
    unknown = sorted(set(body) - {"action", "args", "dice"})
    if unknown:
        raise BadRequest(f"game action: unknown field(s) {', '.join(unknown)} (action, args, dice)")
    name, args, dice = body.get("action"), body.get("args", {}), body.get("dice")
    if not isinstance(name, str) or name not in ACTIONS:
        raise BadRequest(f"game action: {str(name)[:40]!r} is not an action ({', '.join(ACTIONS)})")
    if not isinstance(args, Mapping):
        raise BadRequest(
            f"game action: args is an object of the action's arguments, not {args!r:.40}"
        )
    if dice is not None and (not isinstance(dice, str) or len(dice) > 200 or "\n" in dice):
        raise BadRequest(f'game action: dice are the rolls made ("3,5 4"), not {dice!r:.40}')
    return name, dict(args), dice.strip() or None if isinstance(dice, str) else None


def at_of(text: str | None) -> int | None:
    """The ``?at=N`` of a request: the position after N actions (None: after all)."""
    if text is None or text == "":
        return None
    if not text.isdigit() or len(text) > 6:
        raise BadRequest(f"at {text[:20]!r}: a number of actions (0, 1, ...)")
    return int(text)


def first_game(scenario: str | None, game: str | None, vasl_boards: str | None) -> Referee:
    """The game ``aslpto serve [SCENARIO] [--game GAME]`` starts with: GAME's record when it
    exists (SCENARIO, if given, is its scenario), else SCENARIO's (a game the page starts is
    written at GAME)."""
    if game is not None and Path(game).exists():
        played = Played.open(game, vasl_boards)
        if scenario is not None and not _same(scenario, played.scenario):
            raise InputError(
                f"--game {game}: its scenario is {played.loaded.header.scenario} (beside it), "
                f"not {scenario}"
            )
        return played.base
    if scenario is None:
        raise InputError(
            "serve: give the SCENARIO (or --game GAME, a game record that exists)"
            if game is None
            else f"--game {game}: no such record yet: give the SCENARIO a game of it starts from"
        )
    if game is not None:
        if Path(game).suffix != SUFFIX or game.endswith(("/", os.sep)):
            raise InputError(f"--game {game}: a game record's file name ends with {SUFFIX}")
        if not Path(game).parent.is_dir():
            raise InputError(f"--game {game}: its folder is not there")
    return Referee.load(scenario, vasl_boards)


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


__all__ = [
    "Played",
    "action_of",
    "at_of",
    "branched",
    "first_game",
    "folder_of",
    "none_json",
    "opened",
    "records",
    "start",
    "text_of",
]
