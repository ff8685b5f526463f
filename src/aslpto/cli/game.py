"""``aslpto game``: a scenario played through the referee, phase by phase, with a record that
replays (docs/game.md).

``game new SCENARIO -o GAME`` starts a record (``--turns``, ``--first``, ``--seed``; or
``--from GAME --at N``: a new game from a point of an old one); ``game ACTION GAME ...`` plays
one action - ``rally``, ``move``, ``banzai``, ``fire``, ``mc``, ``nmc``, ``ptc``, ``panji-mc``,
``rout``, ``advance``, ``cc``, ``search``, ``entrench``, ``clear``, ``end-phase`` - verified in its
phase,
applied and appended with its dice (``--dice "3,5"`` types a real roll; else rolled from the
game's seed);
``game show GAME [--at N]``, ``game undo GAME``, ``game replay GAME``.

A refused action prints its rule and exits 1; the record is left as it was. A record that is
not one, or that the rules now decide otherwise, is refused in one line (exit 2).
"""

from __future__ import annotations

import argparse

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.rulings import InputError
from aslpto.cli.banzai import add_charge_options, moves_of
from aslpto.cli.command import Outcome, help_of

if TYPE_CHECKING:
    from aslpto.formats.record import Loaded
    from aslpto.procedures.game import Done, Entry, GameState

NAME = "game"
HELP = help_of(NAME)

ACTIONS = (
    "rally",
    "move",
    "banzai",
    "fire",
    "mc",
    "nmc",
    "ptc",
    "panji-mc",
    "rout",
    "advance",
    "cc",
    "search",
    "entrench",
    "clear",
    "end-phase",
)
"""The actions ``aslpto game`` plays (procedures.game.ACTIONS)."""

_HELPS = {
    "new": "start a game's record from a scenario or VASL save (or from a point of a game)",
    "show": "the game now (or after N actions): turn, phase, side, units, allowed actions",
    "undo": "take back the last action",
    "replay": "replay and verify every action of the record, one line each",
    "rally": "a broken unit's Rally attempt in the RPh (by --leader, or a Self-Rally)",
    "move": "move a unit, or a stack (U1,U2 --with-leader L), in the MPh (as aslpto move)",
    "banzai": "a Banzai Charge in the MPh (G1.5): the units move as a Human Wave (A25.23)",
    "fire": "a fire attack in the phase's fire (Prep, Defensive First, Final, Advancing)",
    "mc": "a Morale Check of units in one Location (N: the IFT's #MC)",
    "nmc": "a Normal Morale Check (another cause, G1.13)",
    "ptc": "a Pin Task Check (A7.8)",
    "panji-mc": "a Panji MC (G9.41, G9.31), as a move's panji-mc event calls for",
    "rout": "a broken unit under DM routs in the RtPh (A10.5; --low-crawl: one Location)",
    "advance": "a unit advances one Location in the APh",
    "cc": "the Close Combat of one Location in the CCPh",
    "search": "a Search in the MPh, as a unit or the moving stack ends its move (A12.152)",
    "entrench": "an Entrenching Attempt (labor task) in the PFPh",
    "clear": "a Clearance attempt (labor task) in the PFPh",
    "end-phase": "end the phase: its markers go, the next phase begins",
}


def _common(p: argparse.ArgumentParser) -> None:
    # (given after the action's name: the game parser's own are before it)
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    p.add_argument("--vasl-boards", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def _move_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("how the unit moves (as aslpto move)")
    for flag, what in (
        ("--assault", "Assault Movement (A4.61)"),
        ("--double-time", "Double Time (A4.5): CX"),
        ("--low-crawl", "Low Crawl (A10.52)"),
        ("--riding", "Infantry riding bicycles (D15.8)"),
        ("--leading", "leading horses (A13.7)"),
        ("--galloping", "Cavalry Galloping/Charging"),
        ("--column", "the unit is in a Column (E11, G9.44)"),
    ):
        g.add_argument(flag, action="store_true", help=what)
    g.add_argument("--manhandling", choices=["gun", "gun-dm", "boat", "motorcycle"])
    g.add_argument("--portage", action="append", default=[], metavar="SW")
    g.add_argument("--blaze", action="append", default=[], metavar="HEX")
    g.add_argument(
        "--with-leader",
        metavar="LEADER",
        help="the units move as a stack with this leader, who moves with them (A4.12)",
    )


_MOVE_FLAGS = ("assault", "double_time", "low_crawl", "riding", "leading", "galloping", "column")


def _move_args(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {k: True for k in _MOVE_FLAGS if getattr(args, k)}
    if args.manhandling:
        opts["manhandling"] = args.manhandling
    if args.portage:
        opts["portage"] = list(args.portage)
    if args.blaze:
        opts["blaze"] = sorted(set(args.blaze))
    if args.with_leader is not None:
        opts["with_leader"] = args.with_leader
    if args.game_action == "move":
        if args.detection is not None:
            opts["detection"] = args.detection
        if args.detection_by is not None:
            opts["detection_by"] = _ids(args.detection_by, "--detection-by")
    ids = _ids(args.unit, "unit") if args.game_action == "move" else [args.unit]
    out: dict[str, Any] = {"unit": ids[0]} if len(ids) == 1 else {"units": ids}
    out["steps"] = list(args.steps)
    if opts:
        out["options"] = opts
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(
        dest="game_action", metavar="ACTION", parser_class=type(parser), required=True
    )

    def add(name: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=_HELPS[name], description=_HELPS[name])
        _common(p)
        return p

    p = add("new")
    p.add_argument("scenario", nargs="?", help="scenario file (TOML) or VASL saved game")
    p.add_argument("-o", "--output", required=True, metavar="GAME", help="the record to write")
    p.add_argument("--turns", type=int, help="the scenario's Game Turns (default: unbounded)")
    p.add_argument(
        "--first",
        metavar="SIDE",
        help="the side that moves first (default: the one that is not the scenario's DEFENDER)",
    )
    p.add_argument("--seed", type=int, help="the seed the dice are rolled from (default: random)")
    p.add_argument("--from", dest="source", metavar="GAME", help="begin as this game ...")
    p.add_argument("--at", type=int, metavar="N", help="... after its first N actions")

    p = add("show")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--at", type=int, metavar="N", help="the game after its first N actions")
    for name in ("undo", "replay"):
        add(name).add_argument("game", metavar="GAME")

    def action(name: str) -> argparse.ArgumentParser:
        p = add(name)
        p.add_argument("game", metavar="GAME")
        return p

    def dice(p: argparse.ArgumentParser) -> None:
        p.add_argument("--dice", metavar="ROLLS", help='the rolls made, e.g. "3,5 4"')

    p = action("rally")
    p.add_argument("unit", metavar="UNIT", help="the broken unit")
    p.add_argument(
        "--leader", metavar="ID", help="the Good Order leader in its Location who rallies it"
    )
    p.add_argument("--drm", type=int, default=0, help="any other DRM")
    dice(p)
    p = action("move")
    p.add_argument("unit", metavar="UNIT[,UNIT...]", help="a unit, or the units of a stack")
    p.add_argument("steps", nargs="+", metavar="STEP", help="as aslpto move takes them")
    _move_options(p)
    g = p.add_argument_group("the DEFENDER's answer where the move finds hidden units (G.4)")
    g.add_argument(
        "--detection",
        choices=["invoke", "retain", "attack"],
        help="hidden Stealthy DEFENDERS in jungle, kunai or bamboo: reveal them and force the "
        "mover back (A12.15), keep HIP, or attack the mover (TPBF)",
    )
    g.add_argument(
        "--detection-by",
        metavar="UNIT[,UNIT...]",
        help="with --detection attack: the hidden units that attack",
    )
    p = action("banzai")
    p.add_argument("units", metavar="UNIT[,UNIT...]", help="the units of the Charge (G1.5)")
    add_charge_options(p)
    p = action("advance")
    p.add_argument("unit")
    p.add_argument("steps", nargs="+", metavar="STEP", help="the Location advanced into")
    _move_options(p)
    p = action("rout")
    p.add_argument("unit")
    p.add_argument("steps", nargs="+", metavar="STEP")
    p.add_argument("--low-crawl", action="store_true", help="Low Crawl: one Location (A10.52)")
    p = action("fire")
    p.add_argument("firers", metavar="FIRER[,FIRER...]")
    p.add_argument("target", metavar="TARGET", help="a hex or a unit (its hex)")
    p.add_argument("--leader", metavar="ID", help="the leader who directs")
    p.add_argument("--no-leader", action="store_true", help="no leader directs")
    p.add_argument("--area-fire", action="store_true", help="Area Fire (A7.23)")
    p.add_argument("--weapon", default="inherent")
    dice(p)
    for name in ("mc", "nmc", "ptc", "panji-mc"):
        p = action(name)
        p.add_argument("units", metavar="UNIT[,UNIT...]", help="units in one Location")
        if name == "mc":
            p.add_argument("n", nargs="?", type=int, default=0, metavar="N", help="the #MC")
        p.add_argument("--drm", type=int, default=0, help="any other DRM")
        dice(p)
    p = action("cc")
    p.add_argument("location", metavar="LOCATION", help="a hex or a unit (its hex)")
    p.add_argument("--hand-to-hand", action="store_true", help="Hand-to-Hand declared (G1.64)")
    p.add_argument("--ambush", choices=("attacker", "defender"), help="who Ambushed (A11.4)")
    p.add_argument(
        "--withdraw",
        action="append",
        default=[],
        metavar="UNIT=LOCATION",
        help="a unit withdrawing from the Melee into an ADJACENT Location (A11.2, A11.21; repeat)",
    )
    dice(p)
    p = action("search")
    p.add_argument("unit", metavar="UNIT[,UNIT...]", help="a unit, or the units of a stack")
    p.add_argument(
        "hexes",
        nargs="*",
        metavar="HEX",
        help="the ADJACENT hexes to Search, most wanted first (the Search dr leaves out the last)",
    )
    dice(p)
    p = action("entrench")
    p.add_argument("unit")
    dice(p)
    p = action("clear")
    p.add_argument("units", metavar="UNIT[,UNIT...]")
    p.add_argument("--panji", metavar="ID", help="the Panji counter whose hexside is cleared")
    p.add_argument("--hexside", metavar="HEXSIDE", help="its Covered hexside (37DD7-EE8)")
    dice(p)
    action("end-phase")


def _ids(text: str, what: str) -> list[str]:
    ids = [t.strip() for t in text.split(",")]
    if not text.strip() or any(not t for t in ids):
        raise InputError(f"{what} '{text}': unit ids separated by commas (J1,J2)")
    return ids


def _withdrawals(given: list[str]) -> dict[str, str]:
    """``--withdraw UNIT=LOCATION`` (repeated): each withdrawing unit and where it goes."""
    out: dict[str, str] = {}
    for text in given:
        uid, sep, to = (t.strip() for t in text.partition("="))
        if not sep or not uid or not to:
            raise InputError(f"--withdraw '{text}': UNIT=LOCATION (US3=37DD8)")
        if uid in out:
            raise InputError(f"--withdraw: {uid} named twice")
        out[uid] = to
    return out


def action_of(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The action and its record arguments from the command line."""
    name = args.game_action
    out: dict[str, Any]
    if name in ("move", "advance"):
        return name, _move_args(args)
    if name == "banzai":
        out = {"units": _ids(args.units, "units"), "moves": moves_of(args)}
        for k in ("target", "grain"):
            if getattr(args, k) is not None:
                out[k] = getattr(args, k)
        return name, out
    if name == "rout":
        out = {"unit": args.unit, "steps": list(args.steps)}
        if args.low_crawl:
            out["options"] = {"low_crawl": True}
        return name, out
    if name == "rally":
        out = {"unit": args.unit}
        if args.leader is not None:
            out["leader"] = args.leader
        if args.drm:
            out["drm"] = args.drm
        return name, out
    if name == "fire":
        if args.leader is not None and args.no_leader:
            raise InputError("--leader names who directs, --no-leader says nobody does: give one")
        opts: dict[str, Any] = {}
        if args.leader is not None:
            opts["leader"] = args.leader
        if args.no_leader:
            opts["no_leader"] = True
        if args.area_fire:
            opts["area_fire"] = True
        if args.weapon != "inherent":
            opts["weapon"] = args.weapon
        out = {"firers": _ids(args.firers, "firers"), "target": args.target}
        if opts:
            out["options"] = opts
        return name, out
    if name in ("mc", "nmc", "ptc", "panji-mc"):
        out = {"units": _ids(args.units, "units")}
        if name == "mc" and args.n:
            out["n"] = args.n
        if args.drm:
            out["drm"] = args.drm
        return name, out
    if name == "cc":
        opts = {}
        if args.hand_to_hand:
            opts["hand_to_hand"] = True
        if args.ambush:
            opts["ambush"] = args.ambush
        if args.withdraw:
            opts["withdraw"] = _withdrawals(args.withdraw)
        return name, {"location": args.location, **({"options": opts} if opts else {})}
    if name == "search":
        ids = _ids(args.unit, "unit")
        out = {"unit": ids[0]} if len(ids) == 1 else {"units": ids}
        return name, {**out, **({"hexes": list(args.hexes)} if args.hexes else {})}
    if name == "entrench":
        return name, {"unit": args.unit}
    if name == "clear":
        out = {"units": _ids(args.units, "units")}
        if args.panji is not None:
            out["panji"] = args.panji
        if args.hexside is not None:
            out["hexside"] = args.hexside
        return name, out
    return name, {}


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import record

    name = args.game_action
    if name == "new":
        return _new(args)
    if name == "show":
        from aslpto.base import unchecked

        loaded = record.load(args.game, args.at)
        unchecked.begin()  # (the values the record's actions read are replay's to list)
        return show(loaded, args.game, args.at)
    if name == "replay":
        return _replay(record.load(args.game), args.game)
    if name == "undo":
        back, gone = record.undo(args.game)
        text = f"{args.game}: action {gone.n} ({gone.action.name}) taken back"
        payload = {"game": args.game, "undone": gone.as_json(), "state": _brief(back.state)}
        return Outcome(payload, text + "\n" + _status(back.state, len(back.entries)))
    return _act(args)


def _new(args: argparse.Namespace) -> Outcome:
    from aslpto.cli.command import check_output_file
    from aslpto.formats import record

    if args.source is not None:
        if args.scenario is not None or args.turns is not None or args.first is not None:
            raise InputError("--from GAME starts as that game: no SCENARIO, --turns or --first")
        if args.seed is not None:
            raise InputError("--from GAME keeps that game's seed: no --seed")
        if args.at is None:
            raise InputError("--from GAME needs --at N: the number of its actions to keep")
        check_output_file(args.output, "the game", args.source, "game")
        loaded = record.branch(args.source, args.at, args.output)
    else:
        if args.scenario is None:
            raise InputError("game new: give the SCENARIO (or --from GAME --at N)")
        if args.at is not None:
            raise InputError("--at N is for --from GAME")
        check_output_file(args.output, "the game", args.scenario, "scenario")
        loaded = record.new(
            args.scenario, args.output, turns=args.turns, first=args.first, seed=args.seed
        )
    h = loaded.header
    turns = h.turns
    text = (
        f"{args.output}: a game of {h.scenario} ({loaded.game.name or 'unnamed'}), "
        f"{turns.turns if turns.turns is not None else 'unbounded'} Game Turns; "
        f"{turns.sets_up} sets up, {turns.first} moves first; seed {h.seed}"
    )
    if loaded.entries:
        text += f"; begins after {len(loaded.entries)} action(s) of {args.source}"
    state = loaded.state
    payload = {"game": args.output, "header": h.as_json(), "state": _brief(state)}
    return Outcome(payload, text + "\n" + _status(state, len(loaded.entries)))


def _act(args: argparse.Namespace) -> Outcome:
    from aslpto.base.rulings import RuleViolation
    from aslpto.formats import record
    from aslpto.procedures.game import Action

    name, given = action_of(args)
    try:
        after, done, entry = record.append(
            args.game, Action(name, given), getattr(args, "dice", None)
        )
    except RuleViolation as v:
        payload = {
            "game": args.game,
            "applied": False,
            "action": {"action": name, "args": given},
            "violation": {"rule": v.rule, "message": v.message},
        }
        return Outcome(payload, f"REFUSED {v.rule}: {v.message}\n(nothing recorded)", exit_code=1)
    return _played(args.game, after, done, entry)


def _played(path: str, after: Loaded, done: Done, entry: Entry) -> Outcome:
    lines = [f"{path}: action {entry.n}: {entry.action.name} ({_when(entry)})"]
    lines += [f"  {t}" for t in done.told]
    if entry.dice:
        lines.append(f"  dice: {' '.join(map(str, entry.dice))}")
    lines.append(_status(done.state, len(after.entries)))
    lines += [f"unchecked rule: {u}" for u in done.unchecked]
    payload = {
        "game": path,
        "applied": True,
        "entry": entry.as_json(),
        "state": _brief(done.state),
        "unchecked_rules": list(done.unchecked),
    }
    return Outcome(payload, "\n".join(lines))


def _when(e: Entry) -> str:
    return f"Game Turn {e.turn}, Player Turn {e.player_turn}, {e.phase}"


def _brief(s: GameState) -> dict[str, Any]:
    return {
        "turn": s.turn,
        "player_turn": s.player + 1,
        "phase": s.phase.value,
        "attacker": s.attacker,
        "defender": s.defender,
        "over": s.over,
    }


def _status(s: GameState, n: int) -> str:
    if s.over:
        return f"the game is over after {n} action(s)"
    turns = f" of {s.record.turns}" if s.record.turns is not None else ""
    return (
        f"now: Game Turn {s.turn}{turns}, {s.attacker}'s Player Turn (ATTACKER {s.attacker}, "
        f"DEFENDER {s.defender}): {s.phase.value} ({s.phase.full_name}, {s.phase.rule}); "
        f"{n} action(s)"
    )


def show(loaded: Loaded, path: str, at: int | None = None) -> Outcome:
    """``game show``: the state (after ``at`` actions), as text and JSON."""
    n = len(loaded.entries) if at is None else at
    s = loaded.at(at)
    payload = {"game": path, "actions": n, **s.as_json()}
    lines = [_status(s, n)]
    if s.moving:
        lines.append(f"moving: {', '.join(s.moving)} (A8.1)")
    if s.must_rout and s.phase.value == "RtPh":
        lines.append(f"must rout: {', '.join(s.must_rout)} (A10.5)")
    if s.melee:
        lines.append(f"Melee: {', '.join(sorted(s.melee))} (A11.15)")
    for side in (s.attacker, s.defender):
        lines.append(f"{side} ({s.role(side)}):")
        for u in payload["units"]:
            if u["side"] != side:
                continue
            bits = [u["id"], u["counter"], u["hex"] or "off the map", u["position"]]
            bits += u["status"] + u["markers"]
            lines.append("  " + " ".join(bits))
    if s.eliminated:
        lines.append(f"eliminated: {', '.join(s.eliminated)}")
    if not s.over:
        allowed = "; ".join(f"{a['action']} ({a['who']}, {a['rule']})" for a in payload["allowed"])
        lines.append(f"allowed: {allowed}")
    return Outcome(payload, "\n".join(lines))


def _replay(loaded: Loaded, path: str) -> Outcome:
    lines = []
    out = []
    for e, d in zip(loaded.entries, loaded.done, strict=True):
        told = d.told[0] if d.told else ""
        dice = f" [dice {' '.join(map(str, e.dice))}]" if e.dice else ""
        lines.append(
            f"{e.n:>4}  T{e.turn}.{e.player_turn} {e.phase:<4}  {e.action.name:<9} {told}{dice}"
        )
        out.append({"n": e.n, "action": e.action.name, "verified": True})
    lines.append(
        f"{path}: {len(loaded.entries)} action(s) replayed from {loaded.header.scenario}: "
        "each result is what the rules give for its dice"
    )
    lines.append(_status(loaded.state, len(loaded.entries)))
    payload = {"game": path, "verified": True, "actions": out, "state": _brief(loaded.state)}
    return Outcome(payload, "\n".join(lines))


__all__ = ["ACTIONS", "HELP", "NAME", "action_of", "add_arguments", "run", "show"]
