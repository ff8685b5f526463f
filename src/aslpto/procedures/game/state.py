"""A game in play: the position (a :class:`~aslpto.state.game.Game`), the Game Turn, the side
on move and the phase (A3), the markers the phases set on units, and what ends with each phase
(:func:`end_phase`).

Values are frozen: an action makes a new state, so a refused one leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Mapping

from aslpto.base.hints import Any
from aslpto.base.records import field, record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.board.hexes import distance
from aslpto.procedures.game.phases import RULES, Marker, PhaseName, allowed
from aslpto.state.game import Game
from aslpto.state.units import Unit


@record
class TurnRecord:
    """The scenario's turn record: how many Game Turns (None: not given, the game runs until
    the players stop), the side that moves first, and the side that sets up first (the
    DEFENDER of ``[[sides]]``, or the side that moves second)."""

    turns: int | None
    first: str
    second: str
    sets_up: str

    def as_json(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "first": self.first,
            "second": self.second,
            "sets_up": self.sets_up,
        }


def sides_of(game: Game) -> list[str]:
    """The game's sides: those of ``[[sides]]``, then any other a unit names, in order."""
    return list(
        dict.fromkeys([*(s.name for s in game.sides), *(u.side for u in game.units.values())])
    )


def side_named(game: Game, name: str) -> str:
    """A side as typed, in any case."""
    for s in sides_of(game):
        if s.lower() == name.strip().lower():
            return s
    raise InputError(f"side '{name}': no such side (sides: {', '.join(sides_of(game)) or 'none'})")


def turn_record(game: Game, turns: int | None = None, first: str | None = None) -> TurnRecord:
    """The turn record of a scenario: ``first`` (a side, in any case) moves first; without it,
    the side that is not the DEFENDER of ``[[sides]]``. The scenario files carry no number of
    turns: ``turns`` is the players' (None: unbounded)."""
    sides = sides_of(game)
    if len(sides) != 2:
        raise InputError(
            f"a game is played by two sides; this scenario has {len(sides)} "
            f"({', '.join(sides) or 'none'})"
        )
    if turns is not None and not 1 <= turns <= 99:
        raise InputError(f"--turns {turns}: a scenario lasts 1 to 99 Game Turns")
    if first is None:
        attackers = [s.name for s in game.sides if not s.defender]
        defenders = [s.name for s in game.sides if s.defender]
        if len(defenders) == 1 and len(attackers) == 1:
            first = attackers[0]
        else:
            raise InputError(
                "the scenario names no one DEFENDER among its [[sides]]: say who moves first "
                f"(--first SIDE; sides: {', '.join(sides)})"
            )
    else:
        first = side_named(game, first)
    second = next(s for s in sides if s != first)
    defenders = [s.name for s in game.sides if s.defender]
    sets_up = defenders[0] if len(defenders) == 1 else second
    return TurnRecord(turns, first, second, sets_up)


@record
class GameState:
    """The game after some actions: its position, the turn record, the Game Turn (from 1), whose
    Player Turn it is (``player`` 0: the first side's), the phase, and per unit the markers of
    this Player Turn (:class:`Marker`)."""

    position: Game
    record: TurnRecord
    turn: int = 1
    player: int = 0
    phase: PhaseName = PhaseName.RPH
    markers: Mapping[str, frozenset[Marker]] = field(default_factory=dict)
    moving: tuple[str, ...] = ()  # the unit(s) moving now in the MPh (A8.1)
    moving_assault: bool = False  # ... by Assault Movement (A4.61: no FFNAM)
    moving_left: int | None = None  # ... with this many half MF left (a Search costs 1 MF)
    # ... each unit's options and where its move stopped, to go on from (A8.1, A4.2)
    moving_resume: Mapping[str, Any] = field(default_factory=dict)
    cc_done: frozenset[str] = frozenset()  # the Locations whose CC is resolved this CCPh
    eliminated: tuple[str, ...] = ()
    over: bool = False
    mmc_rallied: frozenset[str] = frozenset()  # sides a MMC of which attempted to rally (A18.11)
    must_rout: tuple[str, ...] = ()  # the broken units that must rout this RtPh (A10.5)
    melee: frozenset[str] = frozenset()  # the Locations (hex names) in Melee (A11.15)
    cc_marked: frozenset[str] = frozenset()  # Locations with a CC counter (G.4, A12.151)
    hip_placed: frozenset[str] = (
        frozenset()
    )  # Locations of hidden units placed at this CCPh (A11.19)

    @property
    def attacker(self) -> str:
        """The side on move: the ATTACKER of this Player Turn (A3)."""
        return self.record.first if self.player == 0 else self.record.second

    @property
    def defender(self) -> str:
        return self.record.second if self.player == 0 else self.record.first

    def has(self, uid: str, marker: Marker) -> bool:
        return marker in self.markers.get(uid, frozenset())

    def mark(self, uids: tuple[str, ...] | list[str], *marks: Marker) -> GameState:
        markers = dict(self.markers)
        for u in uids:
            markers[u] = markers.get(u, frozenset()) | frozenset(marks)
        return replace(self, markers=markers)

    def role(self, side: str) -> str:
        return "ATTACKER" if side == self.attacker else "DEFENDER"

    def verify_live(self) -> None:
        """A game whose last Game Turn is over takes no action."""
        if self.over:
            raise RuleViolation(
                RULES["player_turn"].rule,
                f"the game is over: its last Game Turn ({self.record.turns}) has ended",
            )

    def as_json(self) -> dict[str, Any]:
        """The state as ``aslpto game show --json`` gives it."""
        units = []
        for u in sorted(self.position.units.values(), key=lambda x: (x.side, x.id)):
            units.append(unit_json(u, self.markers.get(u.id, frozenset())))
        return {
            "turn": self.turn,
            "turns": self.record.turns,
            "player_turn": self.player + 1,
            "phase": self.phase.value,
            "phase_title": self.phase.full_name,
            "phase_rule": self.phase.rule,
            "attacker": self.attacker,
            "defender": self.defender,
            "over": self.over,
            "moving": list(self.moving),
            "must_rout": list(self.must_rout),
            "melee": sorted(self.melee),
            "cc_counters": sorted(self.cc_marked),
            "allowed": [] if self.over else [a.as_json() for a in allowed(self.phase)],
            "units": units,
            "eliminated": list(self.eliminated),
            "turn_record": self.record.as_json(),
        }


_FLAGS = ("broken", "pinned", "dm", "cx", "ti", "berserk", "wounded", "concealed", "lax")


def unit_json(u: Unit, markers: frozenset[Marker] = frozenset()) -> dict[str, Any]:
    """A unit in play: id, side, face, Location, position, status and markers."""
    d: dict[str, Any] = {
        "id": u.id,
        "side": u.side,
        "counter": u.counter,
        "kind": u.kind.value,
        "hex": u.hex,
        "position": u.position,
    }
    if u.unit_class is not None:
        d["class"] = u.unit_class.value
    if u.strength is not None:
        d["strength"] = u.strength.value
    d["status"] = [f for f in _FLAGS if getattr(u, f)]
    d["markers"] = sorted(m.value for m in markers)
    return d


def start(game: Game, record: TurnRecord) -> GameState:
    """The game before its first action: Game Turn 1, the first side's RPh."""
    return GameState(game, record)


def _with_units(game: Game, changed: list[Unit]) -> Game:
    if not changed:
        return game
    units = dict(game.units)
    for u in changed:
        units[u.id] = u
    return replace(game, units=units)


def _adjacent_enemy(game: Game, u: Unit) -> bool:
    if not u.hex:
        return False
    h = game.map.hex(u.hex)
    for o in game.units.values():
        if o.side != u.side and o.hex and distance(game.map.hex(o.hex), h) <= 1:
            return True
    return False


def _start_of_rtph(g: Game, melee: frozenset[str]) -> tuple[Game, tuple[str, ...], list[str]]:
    """A10.5, A10.62: the broken units that must rout this RtPh, each marked DM; broken units
    locked in Melee neither rout nor must rout (A11.16)."""
    from aslpto.procedures.game.melee import held
    from aslpto.procedures.game.routing import must_rout

    must: list[str] = []
    told: list[str] = []
    for u in sorted(g.units.values(), key=lambda x: x.id):
        if not u.broken or not u.hex or held(g, melee, u):
            continue
        why = must_rout(g, u)
        if why.value:
            must.append(u.id)
            if not u.dm:
                g = g.with_unit(u.with_(dm=True))
            told.append(f"{u.id} must rout: {why.why} ({RULES['must_rout'].rule}; DM, A10.62)")
    return g, tuple(must), told


def _end_of_rtph(
    g: Game, state: GameState, markers: Mapping[str, frozenset[Marker]]
) -> tuple[Game, list[str], list[str]]:
    """A10.5: a unit that had to rout and has not routed is eliminated (Failure to Rout)."""
    gone = [
        uid
        for uid in state.must_rout
        if uid in g.units
        and g.units[uid].broken
        and Marker.ROUTED not in markers.get(uid, frozenset())
    ]
    if not gone:
        return g, [], []
    units = {k: v for k, v in g.units.items() if k not in gone}
    rule = RULES["failure_to_rout"].rule
    return (
        replace(g, units=units),
        gone,
        [f"eliminated for Failure to Rout: {', '.join(gone)} ({rule})"],
    )


def _hidden_beside_enemy(g: Game) -> tuple[Game, frozenset[str], list[str]]:
    """A11.19: at the start of the CCPh a hidden unit in the same Location as an enemy unit is
    placed on the map beneath a "?" (and an Ambush can occur there, A11.4): the game after, the
    Locations where it happened, what was done."""
    from aslpto.procedures.game.melee import units_at

    placed = []
    for u in sorted(g.units.values(), key=lambda x: x.id):
        if u.hidden and u.hex and any(o.side != u.side for o in units_at(g, u.hex)):
            placed.append(u.with_(hidden=False, concealed=True))
    if not placed:
        return g, frozenset(), []
    rule = RULES["hidden_in_cc"].rule
    where = frozenset(g.map.name(g.map.hex(u.hex)) for u in placed)
    return (
        _with_units(g, placed),
        where,
        [
            f"placed on the map beneath a '?': {', '.join(u.id for u in placed)} (an enemy "
            f"unit in its Location, {rule})"
        ],
    )


def _still(g: Game, melee: frozenset[str]) -> frozenset[str]:
    from aslpto.procedures.game.melee import still

    return still(g, melee) if melee else melee


def _unable_to_withdraw(g: Game, melee: frozenset[str]) -> tuple[Game, list[str]]:
    """A11.16: at the end of the CCPh, broken units locked in Melee that cannot withdraw are
    eliminated (Failure to Rout)."""
    from aslpto.procedures.game.melee import unable_to_withdraw

    if not melee:
        return g, []
    gone = unable_to_withdraw(g, melee)
    return replace(g, units={k: v for k, v in g.units.items() if k not in gone}), gone


def end_phase(state: GameState) -> tuple[GameState, list[str]]:
    """The state after the current phase ends, and what its end did (each with its rule): the
    markers that end with it are removed, the next phase begins; after the CCPh the other side's
    Player Turn begins, and after the second Player Turn the next Game Turn (A3)."""
    state.verify_live()
    g = state.position
    done: list[str] = []
    markers = dict(state.markers)
    p = state.phase

    def drop(*gone: Marker) -> None:
        for uid, ms in list(markers.items()):
            markers[uid] = ms - frozenset(gone)

    must: tuple[str, ...] = ()
    placed: frozenset[str] = frozenset()
    eliminated = state.eliminated
    if p == PhaseName.RPH:
        r = RULES["dm_removal"]
        freed = [u for u in g.units.values() if u.dm and not _adjacent_enemy(g, u)]
        g = _with_units(g, [u.with_(dm=False) for u in freed])
        if freed:
            done.append(f"DM removed: {', '.join(u.id for u in freed)} ({r.rule})")
    elif p == PhaseName.PFPH:
        r = RULES["cx_removal"]
        rested = [u for u in g.units.values() if u.cx and u.side == state.attacker]
        g = _with_units(g, [u.with_(cx=False) for u in rested])
        if rested:
            done.append(f"CX removed: {', '.join(u.id for u in rested)} ({r.rule})")
    elif p == PhaseName.DFPH:
        drop(Marker.FIRST_FIRE, Marker.FINAL_FIRE)
        done.append(f"First Fire and Final Fire markers removed ({RULES['defensive_fire'].rule})")
    elif p == PhaseName.AFPH:
        drop(Marker.PREP_FIRE)
        done.append(f"Prep Fire markers removed ({RULES['advancing_fire'].rule})")
        g, must, told = _start_of_rtph(g, state.melee)
        done += told
    elif p == PhaseName.RTPH:
        g, gone, told = _end_of_rtph(g, state, markers)
        for uid in gone:
            markers.pop(uid, None)
        eliminated = eliminated + tuple(gone)
        done += told
    elif p == PhaseName.APH:
        g, placed, told = _hidden_beside_enemy(g)
        done += told
    nxt = p.next()
    if nxt is not None:
        out = replace(
            state,
            position=g,
            phase=nxt,
            markers={k: v for k, v in markers.items() if v},
            moving=(),
            moving_assault=False,
            moving_left=None,
            moving_resume={},
            mmc_rallied=frozenset(),
            must_rout=must,
            eliminated=eliminated,
            hip_placed=placed,
        )
        done.append(f"{nxt.full_name} ({nxt.rule})")
        return out, done
    # the end of the CCPh: the end of the Player Turn; a CC counter's units are in Melee now
    # (A12.151)
    g, gone = _unable_to_withdraw(g, state.melee)
    eliminated = eliminated + tuple(gone)
    if gone:
        done.append(
            f"eliminated for Failure to Rout: {', '.join(gone)} (broken in Melee and unable to "
            f"withdraw, {RULES['melee_broken'].rule})"
        )
    r = RULES["pin_ti_removal"]
    relieved = [u for u in g.units.values() if u.pinned or u.ti]
    g = _with_units(g, [u.with_(pinned=False, ti=False) for u in relieved])
    charged = [
        u for u in g.units.values() if u.lax and Marker.BANZAI in state.markers.get(u.id, ())
    ]
    g = _with_units(g, [u.with_(lax=False) for u in charged])  # G1.6: for that Player Turn
    if charged:
        done.append(
            f"Lax removed (their Banzai Charge's Player Turn is over, G1.6): "
            f"{', '.join(u.id for u in charged)}"
        )
    if relieved:
        done.append(f"pins and TI removed: {', '.join(u.id for u in relieved)} ({r.rule})")
    player, turn = (1, state.turn) if state.player == 0 else (0, state.turn + 1)
    over = state.record.turns is not None and turn > state.record.turns
    out = GameState(
        g,
        state.record,
        turn=turn,
        player=player,
        phase=PhaseName.RPH,
        eliminated=eliminated,
        over=over,
        melee=_still(g, state.melee | state.cc_marked),
    )
    if over:
        done.append(
            f"the game is over: Game Turn {state.turn} was its last ({RULES['player_turn'].rule})"
        )
    else:
        done.append(
            f"Game Turn {turn}, {out.attacker}'s Player Turn: {PhaseName.RPH.full_name} "
            f"({PhaseName.RPH.rule})"
        )
    return out, done


__all__ = [
    "GameState",
    "TurnRecord",
    "end_phase",
    "side_named",
    "sides_of",
    "start",
    "turn_record",
    "unit_json",
]
