"""A game's record: a text file of one JSON object a line (docs/game.md).

The first line is the header: the format and its version, the scenario the game starts from
(its path relative to the record, and the SHA-256 of its bytes), the turn record (how many Game
Turns, who moves first and second, who sets up) and the seed the dice are rolled from. Each
further line is one action (:class:`~aslpto.procedures.game.play.Entry`): its number, when it
was made, its name and arguments, the dice it used and its result.

Reading a record replays every action from the scenario and checks each recorded result
against what the rules give for its dice: the first that disagrees (an edited record, or rules
that now decide otherwise) is refused with the file, the action's number and what differs; so is
a record that is not one (a line that is not JSON, a truncated line, an unknown action or unit).
Appending takes an exclusive lock on the file (``fcntl.flock``) and writes whole lines; undoing
rewrites the file whole through a temporary file and ``os.replace``, so that two commands at
once never interleave their lines nor lose an action.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from aslpto.base import unchecked
from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import AslptoError, InputError
from aslpto.procedures.game.actions import Action, Done
from aslpto.procedures.game.play import Entry, entry_of, play, replay
from aslpto.procedures.game.state import GameState, TurnRecord, start, turn_record
from aslpto.state.game import Game

FORMAT = "aslpto-game"
VERSION = 1


@record
class Header:
    """The record's first line."""

    scenario: str  # the scenario's path, relative to the record's folder
    sha256: str
    turns: TurnRecord
    seed: int

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "scenario": {"path": self.scenario, "sha256": self.sha256},
            **self.turns.as_json(),
            "seed": self.seed,
        }


@record
class Loaded:
    """A record read and replayed: its header, the scenario's game, the state after each
    action (``states[0]``: before the first), and each action's entry and what it did."""

    path: str
    header: Header
    game: Game
    states: tuple[GameState, ...]
    entries: tuple[Entry, ...]
    done: tuple[Done, ...]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def at(self, n: int | None) -> GameState:
        """The state after ``n`` actions (None: after all of them)."""
        if n is None:
            return self.state
        if not 0 <= n <= len(self.entries):
            raise InputError(f"--at {n}: the record has {len(self.entries)} action(s)", self.path)
        return self.states[n]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _load_scenario(path: Path) -> Game:
    from aslpto.formats import scenario

    return scenario.load(str(path))


def _relative(target: Path, folder: Path) -> str:
    return os.path.relpath(target.resolve(), folder.resolve()).replace(os.sep, "/")


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False) + "\n"


def text_of(loaded: Loaded) -> str:
    """The text of a record holding ``loaded``'s header and actions, as this module writes it."""
    return "".join([_line(loaded.header.as_json()), *(_line(e.as_json()) for e in loaded.entries)])


def new(
    scenario_path: str,
    out: str,
    *,
    turns: int | None = None,
    first: str | None = None,
    seed: int | None = None,
) -> Loaded:
    """A new record at ``out`` for the scenario (or VASL save) at ``scenario_path``; an
    existing file is not written over."""
    src = Path(scenario_path)
    game = _load_scenario(src)
    record_ = turn_record(game, turns, first)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    target = Path(out)
    header = Header(_relative(src, target.parent), _sha256(src), record_, seed)
    _create(target, [_line(header.as_json())])
    return Loaded(out, header, game, (start(game, record_),), (), ())


def branch(source: str, at: int, out: str) -> Loaded:
    """A new record at ``out`` that begins as ``source`` after ``at`` of its actions."""
    old = load(source)
    old.at(at)
    src = (Path(source).parent / old.header.scenario).resolve()
    header = Header(
        _relative(src, Path(out).parent), old.header.sha256, old.header.turns, old.header.seed
    )
    lines = [_line(header.as_json())] + [_line(e.as_json()) for e in old.entries[:at]]
    _create(Path(out), lines)
    return Loaded(out, header, old.game, old.states[: at + 1], old.entries[:at], old.done[:at])


def _create(target: Path, lines: list[str]) -> None:
    try:
        with open(target, "x", encoding="utf-8") as f:
            f.writelines(lines)
    except FileExistsError:
        raise InputError(
            "a file of that name exists: name a new file for the game", str(target)
        ) from None


def _header(path: str, text: str) -> Header:
    def bad(why: str) -> InputError:
        return InputError(f"header (line 1): {why}", path)

    try:
        h = json.loads(text)
    except json.JSONDecodeError:
        raise bad("not JSON: this is not a game record") from None
    if not isinstance(h, dict) or h.get("format") != FORMAT:
        raise bad(f"not an {FORMAT} record")
    if h.get("version") != VERSION:
        raise bad(f"version {h.get('version')!r}: this aslpto reads version {VERSION}")
    sc = h.get("scenario")
    if not isinstance(sc, dict) or not isinstance(sc.get("path"), str):
        raise bad("scenario: no path")
    if not isinstance(sc.get("sha256"), str):
        raise bad("scenario: no sha256")
    turns = h.get("turns")
    if turns is not None and (not isinstance(turns, int) or isinstance(turns, bool)):
        raise bad("turns: not a whole number")
    for k in ("first", "second", "sets_up"):
        if not isinstance(h.get(k), str):
            raise bad(f"{k}: not a side")
    seed = h.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("seed: not a whole number")
    return Header(
        sc["path"], sc["sha256"], TurnRecord(turns, h["first"], h["second"], h["sets_up"]), seed
    )


def _parse(path: str, text: str) -> tuple[Header, list[tuple[int, Any]]]:
    if not text:
        raise InputError("empty: not a game record", path)
    lines = text.split("\n")
    header = _header(path, lines[0])
    body = lines[1:]
    if not text.endswith("\n"):
        where = f"action {len(body)}" if body else "header (line 1)"
        raise InputError(f"{where}: cut short (no end of line): a truncated record", path)
    body.pop()
    out: list[tuple[int, Any]] = []
    for i, raw in enumerate(body, start=1):
        try:
            out.append((i, json.loads(raw)))
        except json.JSONDecodeError as e:
            raise InputError(f"action {i} (line {i + 1}): not JSON ({e.msg})", path) from None
    return header, out


def _replay(path: str, text: str, upto: int | None = None) -> Loaded:
    header, lines = _parse(path, text)
    src = Path(path).parent / header.scenario
    if not src.is_file():
        raise InputError(f"header: its scenario {header.scenario} is not there", path)
    if _sha256(src) != header.sha256:
        raise InputError(
            f"header: its scenario {header.scenario} has changed since the game began "
            "(its SHA-256 differs)",
            path,
        )
    game = _load_scenario(src)
    record_ = turn_record(game, header.turns.turns, header.turns.first)
    if record_ != header.turns:
        raise InputError(
            f"header: the turn record {header.turns.as_json()} is not the scenario's "
            f"({record_.as_json()})",
            path,
        )
    state = start(game, record_)
    states = [state]
    entries: list[Entry] = []
    done: list[Done] = []
    for n, obj in lines[:upto]:
        try:
            entry = entry_of(obj, n)
            d = replay(state, entry)
        except InputError as e:
            what = obj.get("action") if isinstance(obj, dict) else None
            name = f" ({what})" if isinstance(what, str) else ""
            raise InputError(f"action {n}{name}: {e.message}", path) from None
        except AslptoError as e:  # a rule refusing it now (RuleViolation)
            what = obj.get("action") if isinstance(obj, dict) else None
            name = f" ({what})" if isinstance(what, str) else ""
            raise InputError(f"action {n}{name}: refused now: {e}", path) from None
        state = d.state
        states.append(state)
        entries.append(entry)
        done.append(d)
    return Loaded(path, header, game, tuple(states), tuple(entries), tuple(done))


def load(path: str, upto: int | None = None) -> Loaded:
    """Read and replay the record at ``path`` (its first ``upto`` actions)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text: not a game record", path) from None
    except OSError as e:
        raise InputError(e.strerror or "cannot be read", path) from None
    return _replay(path, text, upto)


@contextmanager
def _locked(path: str) -> Iterator[tuple[Any, str]]:
    """The record opened for update under an exclusive lock, and its text. A record replaced
    (by an undo) while this waited for the lock is opened again."""
    import fcntl

    while True:
        try:
            f = open(path, "r+", encoding="utf-8")  # noqa: SIM115 - (closed below)
        except OSError as e:
            raise InputError(e.strerror or "cannot be opened", path) from None
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            try:
                same = os.fstat(f.fileno()).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if not same:
                continue
            try:
                text = f.read()
            except UnicodeDecodeError:
                raise InputError("not UTF-8 text: not a game record", path) from None
            yield f, text
            return
        finally:
            f.close()


def append(
    path: str, action: Action, rolls: str | None = None, *, known: Loaded | None = None
) -> tuple[Loaded, Done, Entry]:
    """Play ``action`` on the game recorded at ``path`` and append it, under the record's lock.
    A refused action raises and writes nothing. ``known``: the record as the caller last read
    it (the page keeps its game between requests): while the file still holds its text, it is
    not replayed again; a file written since by another program is."""
    with _locked(path) as (f, text):
        if known is not None and known.path == path and text == text_of(known):
            loaded = known
        else:
            loaded = _replay(path, text)
        unchecked.begin()  # (what replaying the record read is not this action's)
        n = len(loaded.entries) + 1
        done, entry = play(loaded.state, action, n, seed=loaded.header.seed, rolls=rolls)
        line = _line(entry.as_json())
        f.seek(0, os.SEEK_END)
        f.write(line)
        f.flush()
        os.fsync(f.fileno())
    after = Loaded(
        path,
        loaded.header,
        loaded.game,
        (*loaded.states, done.state),
        (*loaded.entries, entry),
        (*loaded.done, done),
    )
    return after, done, entry


def undo(path: str) -> tuple[Loaded, Entry]:
    """Take back the record's last action: the file is written anew whole (a temporary file
    put in its place), under the record's lock."""
    import tempfile

    with _locked(path) as (_, text):
        loaded = _replay(path, text)
        if not loaded.entries:
            raise InputError("no action to take back: the game has none", path)
        gone = loaded.entries[-1]
        lines = [_line(loaded.header.as_json())] + [_line(e.as_json()) for e in loaded.entries[:-1]]
        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(prefix=".undo-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.writelines(lines)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, os.stat(path).st_mode & 0o777)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
    back = Loaded(
        path,
        loaded.header,
        loaded.game,
        loaded.states[:-1],
        loaded.entries[:-1],
        loaded.done[:-1],
    )
    return back, gone


__all__ = ["FORMAT", "VERSION", "Header", "Loaded", "append", "branch", "load", "new", "undo"]
