"""``aslpto cc SCENARIO LOCATION``: the Close Combat in one Location of a scenario (A11, G1.64).

LOCATION is a hex (``32N6``) or a unit id (its hex); a word that is both is refused. The
ATTACKER is ``--attacker SIDE``, by default the side of the scenario that is not the DEFENDER;
every other unit in the Location defends. Each unit is taken as the scenario has it: broken
(it does not attack, A11.16), pinned, CX, above a Panji counter (G9.21) or a Bank counter
(G8.212). The answer has the shape of ``aslpto odds cc`` plus ``location``, ``attacker`` and
``defender`` (the sides) and each unit's ``position``: how the CC is made (each side's attack
with its FP and DRM items, the column and Kill Number, whether it is Hand-to-Hand and why),
then each joint outcome with its exact probability, or the one rolled.
"""

from __future__ import annotations

import argparse

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.cli.command import Outcome, help_of

if TYPE_CHECKING:
    from aslpto.state.game import Game
    from aslpto.state.units import Unit

NAME = "cc"
HELP = help_of(NAME)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario file (TOML) or VASL saved game")
    parser.add_argument(
        "location", metavar="LOCATION", help="the Location of the CC: a hex or a unit (its hex)"
    )
    parser.add_argument(
        "--attacker",
        metavar="SIDE",
        help="the ATTACKER's side (default: the side that is not the scenario's DEFENDER)",
    )
    parser.add_argument(
        "--hand-to-hand",
        action="store_true",
        help="Hand-to-Hand CC declared (SSR; Deluxe ASL, RED BARRICADES: G1.64)",
    )
    parser.add_argument(
        "--ambush",
        choices=("attacker", "defender"),
        help="the side that Ambushed (A11.4): it attacks first",
    )
    parser.add_argument("--drm", type=int, default=0, help="any other DRM to the ATTACKER's attack")
    parser.add_argument(
        "--defender-drm", type=int, default=0, help="any other DRM to the DEFENDER's attack"
    )
    r = parser.add_argument_group("rolling instead of odds")
    r.add_argument("--rolls", help='resolve with these rolls, e.g. "3,5 4,2"')
    r.add_argument("--seed", type=int, help="resolve with seeded random dice")
    r.add_argument(
        "--summary",
        action="store_true",
        help="each unit's fate and how many of each side are eliminated, not each joint outcome",
    )


def run(args: argparse.Namespace) -> Outcome:
    from aslpto.formats import scenario

    return answer(scenario.load(args.scenario), args)


def answer(game: Game, args: argparse.Namespace) -> Outcome:
    """The answer for a game already loaded."""
    from aslpto.cli import odds_cc
    from aslpto.cli.fire import _line
    from aslpto.procedures.cc import close_combat

    opts = odds_cc.options(args)
    dice = odds_cc.dice_of(args)
    done = close_combat(game, args.location, opts, attacker=args.attacker, dice=dice)
    odds_cc.left_over(args, dice)
    made = done.cc
    header: dict[str, Any] = {
        "procedure": "cc",
        "location": done.location,
        "attacker": done.attacker,
        "defender": done.defender,
        "units": [_unit(u) for u in made.attacker_side],
        "defenders": [_unit(u) for u in made.defender_side],
    }
    head = (
        f"{done.location}: {done.attacker} (ATTACKER) {_units(made.attacker_side)}; "
        f"{done.defender} (DEFENDER) {_units(made.defender_side)}\n"
    )
    return odds_cc.render(
        header, done, _line, rolled=odds_cc.rolled_of(args), summary=args.summary, head=head
    )


def _unit(u: Unit) -> dict[str, Any]:
    from aslpto.procedures.odds import unit_json

    return {**unit_json(u), "position": u.position}


def _units(units: tuple[Unit, ...]) -> str:
    def one(u: Unit) -> str:
        bits = [u.id, u.counter]
        bits += [w for w, on in (("broken", u.broken), ("pinned", u.pinned), ("CX", u.cx)) if on]
        if u.position not in ("ground", "in"):
            bits.append(u.position)
        return " ".join(bits)

    return ", ".join(one(u) for u in units)


__all__ = ["HELP", "NAME", "add_arguments", "answer", "run"]
