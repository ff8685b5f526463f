"""aslpto — a rules engine for the Pacific Theater rules of Advanced Squad Leader.

Every decision is a :class:`~aslpto.base.rulings.Ruling` that cites its rules; every refusal is
a :class:`~aslpto.base.rulings.RuleViolation` that names the rule forbidding it; unusable input
is an :class:`~aslpto.base.rulings.InputError` that says where.

The entry points a script needs (README, "From Python"); each is imported when first used, so
``import aslpto`` imports the version and the helper that imports the rest
(``base.plugins.Later``):

- ``load(path)``, ``loads(text, path)``, ``dump(game)`` — scenario files (docs/scenario-format.md)
- ``check(game)`` — the setup findings (``aslpto check``)
- ``evaluate_move(game, unit_id, steps, options)``, ``apply_move(game, result)``,
  ``reach(game, unit_id, options)``, ``MoveOptions`` — movement (``aslpto move``, ``reach``)
- ``check_step(game, unit_id, steps_so_far, step, options)`` — may the unit take this step
  now: the step priced with its rules, or the rule that refuses it (``/api/step``)
- ``los(game, a, b)`` — line of sight (``aslpto los``)
- ``viewshed(game, unit_or_location, range=None)`` — every Location it sees (``aslpto viewshed``)
- ``make(id, nationality, kind, unit_class, strength)``, ``Kind``, ``UnitClass``,
  ``Strength`` — units from the counter catalog
- ``odds_check(unit, check, drm=...)``, ``resolve_check(unit, check, dice, drm=...)``,
  ``Check``, ``GivenDice``, ``RandomDice`` — Morale and Task Checks, exact and rolled
  (``aslpto odds``)
- ``fire(game, firers, target, options, dice=None)``, ``FireOptions``, ``Phase`` — a fire
  attack on the IFT: its breakdown, the odds of each end state, or its roll (``aslpto fire``)
- ``cc(attackers, defenders, options, dice=None)``, ``CCOptions`` — Close Combat in a
  Location: both attacks, the odds of both sides' joint fates, or a roll (``aslpto odds cc``)
- ``close_combat(game, location, options, attacker=None, dice=None)`` — the Close Combat in a
  Location of a game, its units as the game has them (``aslpto cc``)
- ``banzai(game, unit_ids, moves=None, target=None, grain=None)`` — may these Japanese units
  declare one Banzai Charge (G1.5), each path played as the Human Wave's Impulses toward its
  target along its Hex Grain (A25.23) and through the step check, and who is Lax after it
  (``aslpto banzai``)
- ``render(game)`` — the map as SVG (``aslpto render``)
- ``new_game(scenario, out, turns=..., first=..., seed=...)``, ``load_game(path)``,
  ``play_action(path, Action(name, args), rolls=None)``, ``undo_action(path)`` — a game played
  phase by phase and its record (``aslpto game``, docs/game.md)
"""

from __future__ import annotations

from aslpto.base import VERSION
from aslpto.base.hints import TYPE_CHECKING
from aslpto.base.plugins import Later

if TYPE_CHECKING:
    from aslpto.base.rulings import InputError, RuleViolation, Ruling
    from aslpto.formats.record import (
        append as play_action,
        load as load_game,
        new as new_game,
        undo as undo_action,
    )
    from aslpto.formats.scenario import dump, load, loads
    from aslpto.formats.svg import render
    from aslpto.procedures.banzai import banzai
    from aslpto.procedures.cc import CCOptions, cc, close_combat
    from aslpto.procedures.fire import FireOptions, Phase, fire
    from aslpto.procedures.game import Action
    from aslpto.procedures.movement import (
        apply as apply_move,
        check_step,
        evaluate as evaluate_move,
        reach,
    )
    from aslpto.procedures.setup import check
    from aslpto.rules.los import los, viewshed
    from aslpto.rules.morale import Check, odds_check, resolve_check
    from aslpto.rules.movement import MoveOptions
    from aslpto.state.counters import make
    from aslpto.state.dice import GivenDice, RandomDice
    from aslpto.state.units import Kind, Strength, UnitClass

__version__ = VERSION

_LAZY = {
    "load": "aslpto.formats.scenario",
    "loads": "aslpto.formats.scenario",
    "dump": "aslpto.formats.scenario",
    "InputError": "aslpto.base.rulings",
    "RuleViolation": "aslpto.base.rulings",
    "Ruling": "aslpto.base.rulings",
    "render": "aslpto.formats.svg",
    "check": "aslpto.procedures.setup",
    "evaluate_move": "aslpto.procedures.movement:evaluate",
    "apply_move": "aslpto.procedures.movement:apply",
    "check_step": "aslpto.procedures.movement",
    "reach": "aslpto.procedures.movement",
    "banzai": "aslpto.procedures.banzai",
    "cc": "aslpto.procedures.cc",
    "CCOptions": "aslpto.procedures.cc",
    "close_combat": "aslpto.procedures.cc",
    "fire": "aslpto.procedures.fire",
    "FireOptions": "aslpto.procedures.fire",
    "Phase": "aslpto.procedures.fire",
    "MoveOptions": "aslpto.rules.movement",
    "los": "aslpto.rules.los",
    "viewshed": "aslpto.rules.los",
    "make": "aslpto.state.counters",
    "Kind": "aslpto.state.units",
    "UnitClass": "aslpto.state.units",
    "Strength": "aslpto.state.units",
    "Check": "aslpto.rules.morale",
    "odds_check": "aslpto.rules.morale",
    "resolve_check": "aslpto.rules.morale",
    "GivenDice": "aslpto.state.dice",
    "RandomDice": "aslpto.state.dice",
    "new_game": "aslpto.formats.record:new",
    "load_game": "aslpto.formats.record:load",
    "play_action": "aslpto.formats.record:append",
    "undo_action": "aslpto.formats.record:undo",
    "Action": "aslpto.procedures.game",
}

__all__ = [
    "Action",
    "CCOptions",
    "Check",
    "FireOptions",
    "GivenDice",
    "InputError",
    "Kind",
    "MoveOptions",
    "Phase",
    "RandomDice",
    "RuleViolation",
    "Ruling",
    "Strength",
    "UnitClass",
    "__version__",
    "apply_move",
    "banzai",
    "cc",
    "check",
    "check_step",
    "close_combat",
    "dump",
    "evaluate_move",
    "fire",
    "load",
    "load_game",
    "loads",
    "los",
    "make",
    "new_game",
    "odds_check",
    "play_action",
    "reach",
    "render",
    "resolve_check",
    "undo_action",
    "viewshed",
]


if not TYPE_CHECKING:  # the entry points, imported on first use (PEP 562)
    __getattr__ = Later(globals(), _LAZY)
    __dir__ = __getattr__.dir
