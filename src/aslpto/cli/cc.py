"""``aslpto cc SCENARIO LOCATION``: the Close Combat in one Location of a scenario (A11, G1.64).

LOCATION is a hex (``32N6``) or a unit id (its hex); a word that is both is refused. The
ATTACKER is ``--attacker SIDE``, by default the side of the scenario that is not the DEFENDER;
every other unit in the Location defends. Each unit is taken as the scenario has it: broken
(it does not attack, A11.16), pinned, CX, concealed or hidden (A11.19), above a Panji counter
(G9.21) or a Bank counter (G8.212). ``--attack`` declares a side's attacks (A11.12),
``--melee`` makes it a Melee (A11.15), ``--withdraw`` a Withdrawal (A11.2; before the CC by the
side that Ambushed, ``--withdraw-after`` once it is resolved, A11.41), ``--capture`` Capture
attempts (A20.22, Hara-Kiri first, G1.641), ``--ambush-roll`` each side's Ambush status dr
first (A11.4). A Location holding a vehicle answers the non-vehicular side's attack on it
(A11.31, A11.5). The answer has the shape of
``aslpto odds cc`` plus ``location``, ``attacker`` and ``defender`` (the sides) and each
unit's ``position``: how the CC is made (each side's attacks with their FP and DRM items, the
column and Kill Number, whether it is Hand-to-Hand and why), then each joint outcome with its
exact probability (captured, withdrawn, removed, Melee), or the one rolled.
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


def add_declarations(parser: Any) -> None:
    """The declarations a CC takes beyond its units (``aslpto cc`` and ``aslpto odds cc`` alike):
    declared attacks (A11.12), a Melee (A11.15), Withdrawal (A11.2), Capture (A20.22) and
    Hara-Kiri (G1.641)."""
    parser.add_argument(
        "--attack",
        action="append",
        metavar="UNITS=UNITS",
        help="a declared attack (A11.12), e.g. U1,UL=J3: these units attack those (repeat; a "
        "side with none declared makes one attack with all its able units)",
    )
    parser.add_argument(
        "--ambush-roll",
        action="store_true",
        help="each side first makes its Ambush status dr (A11.4), with the drm its units give "
        "(rolled with --rolls/--seed, else its exact odds): instead of --ambush",
    )
    parser.add_argument(
        "--melee",
        action="store_true",
        help="the Location is in Melee from an earlier CCPh (A11.15): no Ambush",
    )
    parser.add_argument(
        "--withdraw",
        action="append",
        metavar="UNIT",
        help="a unit attempting Withdrawal from the Melee (A11.2; repeat)",
    )
    parser.add_argument(
        "--withdraw-after",
        action="append",
        metavar="UNIT",
        help="a unit of the side that Ambushed withdrawing once every attack by and against it "
        "is resolved (A11.41; repeat)",
    )
    parser.add_argument(
        "--capture",
        choices=("attacker", "defender", "both"),
        help="whose attacks are Capture attempts (A20.22); Japanese attempt Hara-Kiri first "
        "(G1.641)",
    )
    parser.add_argument(
        "--no-hara-kiri",
        action="store_true",
        help="the Japanese attempt no Hara-Kiri before a Capture attempt (G1.641: they may)",
    )


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
    add_declarations(parser)
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
    done = close_combat(
        game,
        args.location,
        opts,
        attacker=args.attacker,
        dice=dice,
        ambush_roll=bool(getattr(args, "ambush_roll", False)),
    )
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
    if done.vehicle is not None:
        head += (
            "the first attack of the sequential CC (A11.31); the rest and the vehicle's own "
            "attack (A11.6) are not built\n"
        )
        return odds_cc.vehicle_answer(args, header, done.vehicle, dice, head)
    odds_cc.left_over(args, dice)
    header, head = odds_cc.with_ambush(header, head, done)
    return odds_cc.render(
        header, done, _line, rolled=odds_cc.rolled_of(args), summary=args.summary, head=head
    )


def _unit(u: Unit) -> dict[str, Any]:
    from aslpto.procedures.odds import unit_json

    return {**unit_json(u), "position": u.position}


def _units(units: tuple[Unit, ...]) -> str:
    def one(u: Unit) -> str:
        bits = [u.id, u.counter]
        flags = (
            ("broken", u.broken),
            ("pinned", u.pinned),
            ("CX", u.cx),
            ("concealed", u.concealed),
            ("hidden", u.hidden),
        )
        bits += [w for w, on in flags if on]
        if u.position not in ("ground", "in"):
            bits.append(u.position)
        return " ".join(bits)

    return ", ".join(one(u) for u in units)


__all__ = ["HELP", "NAME", "add_arguments", "answer", "run"]
