"""aslpto — a rules engine for the Pacific Theater rules of Advanced Squad Leader.

Every decision is a :class:`~aslpto.base.rulings.Ruling` that cites its rules; every refusal is
a :class:`~aslpto.base.rulings.RuleViolation` that names the rule forbidding it; unusable input
is an :class:`~aslpto.base.rulings.InputError` that says where.

The entry points a script needs (README, "From Python"); each is imported when first used, so
``import aslpto`` imports nothing but the version:

- ``load(path)``, ``loads(text, path)``, ``dump(game)`` — scenario files (docs/scenario-format.md)
- ``check(game)`` — the setup findings (``aslpto check``)
- ``evaluate_move(game, unit_id, steps, options)``, ``apply_move(game, result)``,
  ``reach(game, unit_id, options)``, ``MoveOptions`` — movement (``aslpto move``, ``reach``)
- ``los(game, a, b)`` — line of sight (``aslpto los``)
- ``make(id, nationality, kind, unit_class, strength)``, ``Kind``, ``UnitClass``,
  ``Strength`` — units from the counter catalog
- ``odds_check(unit, check, drm=...)``, ``resolve_check(unit, check, dice, drm=...)``,
  ``Check``, ``GivenDice``, ``RandomDice`` — Morale and Task Checks, exact and rolled
  (``aslpto odds``)
- ``render(game)`` — the map as SVG (``aslpto render``)
"""

from __future__ import annotations

from aslpto.base import VERSION
from aslpto.base.hints import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aslpto.base.rulings import InputError, RuleViolation, Ruling
    from aslpto.formats.scenario import dump, load, loads
    from aslpto.formats.svg import render
    from aslpto.procedures.movement import apply as apply_move
    from aslpto.procedures.movement import evaluate as evaluate_move
    from aslpto.procedures.movement import reach
    from aslpto.procedures.setup import check
    from aslpto.rules.los import los
    from aslpto.rules.morale import Check, odds_check, resolve_check
    from aslpto.rules.movement import MoveOptions
    from aslpto.state.counters import make
    from aslpto.state.dice import GivenDice, RandomDice
    from aslpto.state.units import Kind, Strength, UnitClass

__version__ = VERSION

_LAZY: dict[str, tuple[str, str]] = {
    "load": ("aslpto.formats.scenario", "load"),
    "loads": ("aslpto.formats.scenario", "loads"),
    "dump": ("aslpto.formats.scenario", "dump"),
    "InputError": ("aslpto.base.rulings", "InputError"),
    "RuleViolation": ("aslpto.base.rulings", "RuleViolation"),
    "Ruling": ("aslpto.base.rulings", "Ruling"),
    "render": ("aslpto.formats.svg", "render"),
    "check": ("aslpto.procedures.setup", "check"),
    "evaluate_move": ("aslpto.procedures.movement", "evaluate"),
    "apply_move": ("aslpto.procedures.movement", "apply"),
    "reach": ("aslpto.procedures.movement", "reach"),
    "MoveOptions": ("aslpto.rules.movement", "MoveOptions"),
    "los": ("aslpto.rules.los", "los"),
    "make": ("aslpto.state.counters", "make"),
    "Kind": ("aslpto.state.units", "Kind"),
    "UnitClass": ("aslpto.state.units", "UnitClass"),
    "Strength": ("aslpto.state.units", "Strength"),
    "Check": ("aslpto.rules.morale", "Check"),
    "odds_check": ("aslpto.rules.morale", "odds_check"),
    "resolve_check": ("aslpto.rules.morale", "resolve_check"),
    "GivenDice": ("aslpto.state.dice", "GivenDice"),
    "RandomDice": ("aslpto.state.dice", "RandomDice"),
}

__all__ = [
    "Check",
    "GivenDice",
    "InputError",
    "Kind",
    "MoveOptions",
    "RandomDice",
    "RuleViolation",
    "Ruling",
    "Strength",
    "UnitClass",
    "__version__",
    "apply_move",
    "check",
    "dump",
    "evaluate_move",
    "load",
    "loads",
    "los",
    "make",
    "odds_check",
    "reach",
    "render",
    "resolve_check",
]


def __getattr__(name: str) -> Any:
    """The entry points, imported on first use (PEP 562)."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'aslpto' has no attribute {name!r}")
    from aslpto.base.plugins import module

    value = getattr(module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
