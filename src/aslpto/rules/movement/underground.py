"""Tunnels (B8.6-B8.61, the pillbox tunnel of G1.632) and Terrain Blaze hexes (G9.6)."""

from __future__ import annotations

from aslpto.base.records import record
from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Hex, distance
from aslpto.rules.movement.movers import Cost, MoveContext, MoverKind, Phase, Tunnel, movement_data
from aslpto.state.game import FortKind, Game
from aslpto.state.units import Transport


@record
class TunnelMove:
    """A move through a tunnel: which, its cost (all MF), the rules, and whether the unit
    arrives in a pillbox (the far entrance is a pillbox, G1.632)."""

    tunnel: Tunnel
    cost: Cost
    rules: tuple[str, ...]
    into_pillbox: bool


def tunnel_move(ctx: MoveContext, a: Hex, b: Hex, *, at_start: bool) -> TunnelMove:
    """B8.61, treated like sewer movement (B8.4): Infantry that start their MPh in one entrance
    Location move to the other for all their MF; not if an enemy unit is in the entrance hex
    [EXC: G1.632, a Japanese unit in a pillbox moving through its tunnel]; no Gun is pushed
    through a tunnel. B8.6: the entrances are within three hexes of each other. ``at_start``:
    the unit is where it began its MPh and has spent nothing."""
    data = movement_data()
    rule, setup = data.rule("tunnel"), data.rule("tunnel_setup")
    m = ctx.map
    if ctx.options.low_crawl:
        raise RuleViolation(
            data.rule("low_crawl"), "Low Crawl is a move into an adjacent hex, not a tunnel"
        )
    here = ctx.tunnels_at(a)
    through = [t for t in here if t.other(a) == b]
    if not through:
        lone = [t for t in here if t.other(a) is None]
        if lone:
            raise RuleViolation(
                setup,
                f"tunnel {lone[0].name} has one entrance ({m.name(a)}) and leads nowhere: its "
                f"other entrance is a second [[fortifications]] of kind tunnel with id "
                f"'{lone[0].name}.<n>'",
            )
        raise RuleViolation(setup, f"no tunnel connects {m.name(a)} and {m.name(b)}")
    t = through[0]
    d, most = distance(a, b), int(data.raw("tunnel_range"))
    if d > most:
        raise RuleViolation(
            setup,
            f"tunnel {t.name}: its entrances {m.name(a)} and {m.name(b)} are {d} hexes apart; "
            f"a tunnel's entrances are within {most} hexes of each other",
        )
    mover = ctx.mover
    if mover.kind != MoverKind.INFANTRY or mover.transport in (
        Transport.RIDING_BICYCLE,
        Transport.LEADING_HORSE,
    ):
        raise RuleViolation(rule, f"only Infantry move through a tunnel, not {mover.a_describe()}")
    if mover.manhandling:
        raise RuleViolation(rule, f"units in a tunnel may not push a Gun ({mover.describe()})")
    if ctx.options.phase == Phase.APH:
        raise RuleViolation(rule, "tunnel movement is made in the MPh, not as an advance")
    if not at_start:
        raise RuleViolation(
            rule,
            "tunnel movement starts at the start of the MPh, in a tunnel entrance, and costs "
            "all MF",
        )
    rules = [rule]
    in_pillbox = ctx.unit.entrenched == "pillbox"
    if ctx.forts_at(a, FortKind.PILLBOX) and not in_pillbox:
        raise RuleViolation(
            "G1.632",
            f"the tunnel's entrance in {m.name(a)} is its pillbox (a Location of its own, B30.1): "
            "only a unit in the pillbox enters the tunnel there",
        )
    enemies = ctx.enemies_at(a)
    if enemies:
        if not (in_pillbox and ctx.unit.is_japanese):
            raise RuleViolation(
                rule,
                f"an enemy unit ({', '.join(enemies)}) is in the tunnel entrance hex {m.name(a)}"
                + (" (G1.632 exempts only a Japanese unit in the pillbox)" if in_pillbox else ""),
            )
        rules.append("G1.632")
    into = bool(ctx.forts_at(b, FortKind.PILLBOX))
    if into:
        rules.append("G1.632")
    cost = Cost(ctx.allowance, rule, f"through tunnel {t.name}: all MF")
    return TunnelMove(t, cost, tuple(dict.fromkeys(rules)), into)


def blaze_hexes(game: Game, names: frozenset[str]) -> frozenset[Hex]:
    return frozenset(game.map.hex(n) for n in names)


def check_blaze(ctx: MoveContext, h: Hex, *, bypass: bool = False) -> None:
    """B25: a Blaze Location may be neither entered nor Bypassed."""
    if h in ctx.blaze:
        what = "Bypassed" if bypass else "entered"
        raise RuleViolation(
            movement_data().rule("blaze"), f"{ctx.map.name(h)} is ablaze: it may not be {what}"
        )
