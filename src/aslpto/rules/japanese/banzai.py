"""G1.5 Banzai Charge: who may declare one, the chain of ADJACENT units, the leader it needs,
the T-H Hero who charges alone, and what the Charge does to each unit taking part.

A Banzai Charge is the Japanese Human Wave (A25.23) "except as stated otherwise". What is built
here is what G1.5, G1.6, G1.421, G1.423, G1.424 and G9.43 say, with the Morale Level bonus and
the loss of Heat of Battle the morale procedures already hold (``data/morale.toml``
``human_wave``: A25.23 as G1.5 cites it), and the loss of concealment and of pin results A25.23
gives a HW Unit; its movement is :mod:`aslpto.rules.japanese.human_wave`.

- **Who** (G1.5): any Good Order Japanese Infantry unit, even one SMC alone, even ADJACENT to
  an enemy unit: no three ADJACENT hexes of MMC are needed.
- **The chain** (G1.5): units in different hexes must each be ADJACENT to at least one other
  unit of the same Charge; ADJACENT is read here as adjacent hexes (the caller's
  ``adjacent``).
- **The leader** (G1.5): a leader must take part in a Charge that includes at least one MMC.
- **EXC** (G1.5, G1.423, G1.424): a T-H Hero created (or losing HIP) in a Japanese MPh makes
  his own Banzai Charge, alone and without the Morale Level bonus; a DC Hero likewise.
- **Effects**: Morale Level +1 unless broken (A25.23; not a T-H Hero, G1.423), no Heat of
  Battle (A15.1), Lax for the rest of the Player Turn (G1.6), each unit its own Panji MC
  (G9.43 EXC), no concealment and no pin results (A25.23), an Original 6 does not pin a
  Banzai MMC creating a T-H Hero (G1.421), and a Lax marker at the end of its MPh if it is in
  (or able to advance into) an enemy-occupied Location (G1.5, :func:`marked_lax`).

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> sq = make("J1", "japanese", Kind.SQUAD, UnitClass.FIRST_LINE, Strength.FULL, hex="37DD7")
>>> d = declare([sq], lambda a, b: False)
>>> d.legal, [f.rule for f in d.refusals]
(False, ['G1.5'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, Ruling
from aslpto.rules.japanese import capabilities, heroes
from aslpto.rules.morale.levels import morale_level, situation_in
from aslpto.rules.morale.results import heat_of_battle_subject
from aslpto.rules.morale.values import Situation
from aslpto.state.units import Kind, Unit

RULE = "G1.5"
HUMAN_WAVE = "A25.23"
BANZAI = Situation(human_wave=True)
"""The situation of a unit making a Banzai Charge, as the morale procedures read it."""

HEROES = (Kind.TH_HERO, Kind.DC_HERO)


@record
class Finding:
    """One reason a declaration is refused: the rule, what is wrong, and the unit (or ``""``:
    the Charge as a whole)."""

    rule: str
    message: str
    unit: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
            **({"unit": self.unit} if self.unit else {}),
        }


@record
class Effect:
    """What the Charge does to one unit, with its rule."""

    what: str
    rule: str

    def as_json(self) -> dict[str, Any]:
        return {"what": self.what, "rule": self.rule}


@record
class Declaration:
    """A declared Banzai Charge: its units, whether it may be declared (``refusals`` says why
    not, each with its rule), its leaders, its hexes in chain order (each ADJACENT to one before
    it), the T-H or DC Hero charging alone (``""``: none), each unit's effects and the rules."""

    units: tuple[Unit, ...]
    legal: bool
    refusals: tuple[Finding, ...]
    leaders: tuple[str, ...]
    chain: tuple[str, ...]
    hero_alone: str
    effects: tuple[tuple[str, tuple[Effect, ...]], ...]
    rules: tuple[str, ...]

    def effects_of(self, uid: str) -> tuple[Effect, ...]:
        return dict(self.effects).get(uid, ())

    def as_json(self) -> dict[str, Any]:
        return {
            "units": [u.id for u in self.units],
            "legal": self.legal,
            "refusals": [f.as_json() for f in self.refusals],
            "leaders": list(self.leaders),
            "chain": list(self.chain),
            "hero_alone": self.hero_alone or None,
            "effects": {uid: [e.as_json() for e in es] for uid, es in self.effects},
            "rules": list(self.rules),
        }


def _unit_findings(u: Unit) -> list[Finding]:
    """G1.5: a Good Order Japanese Infantry unit (an Unarmed unit is not in Good Order here, as
    :attr:`aslpto.state.units.Unit.good_order` reads it)."""
    if not u.is_japanese:
        return [Finding(RULE, f"{u.id} is not Japanese: only Japanese units Banzai Charge", u.id)]
    if not u.kind.is_infantry:
        return [Finding(RULE, f"{u.id} is a {u.kind.value}, not Infantry", u.id)]
    if not u.good_order:
        why = "broken" if u.broken else "Unarmed"
        return [Finding(RULE, f"{u.id} is {why}: only Good Order units Banzai Charge", u.id)]
    return []


def chain_of(
    units: Sequence[Unit], adjacent: Callable[[str, str], bool]
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The hexes of ``units`` in chain order from the first unit's hex (each ADJACENT to one
    before it), and the groups of hexes that form separate chains (one group: one chain)."""
    hexes = list(dict.fromkeys(u.hex for u in units))
    groups: list[tuple[str, ...]] = []
    left = list(hexes)
    while left:
        seen = [left.pop(0)]
        i = 0
        while i < len(seen):
            near = [h for h in left if adjacent(seen[i], h)]
            for h in near:
                left.remove(h)
            seen += near
            i += 1
        groups.append(tuple(seen))
    return groups[0] if groups else (), tuple(groups)


def unit_effects(u: Unit, present: Sequence[Unit] = ()) -> tuple[Effect, ...]:
    """What a Banzai Charge does to ``u``: its Morale Level (A25.23, G1.423; with the G1.41 +1 of
    a Japanese leader among ``present`` in its Location as it declares), no Heat of Battle
    (A15.1), Lax (G1.6), its own Panji MC (G9.43), no pin on a T-H Hero attempt's Original 6
    (G1.421)."""
    out: list[Effect] = []
    here = [v for v in present if (v.hex, v.position) == (u.hex, u.position)]
    base = morale_level(u, situation_in(u, here)).value
    ml = morale_level(u, situation_in(u, here, human_wave=True))
    if u.kind in HEROES:
        out.append(Effect(f"Morale Level {ml.value}: no Banzai +1 for a T-H Hero", "G1.423"))
    elif ml.value != base:
        rule = next((r for r in ml.rules if r.startswith("A25")), HUMAN_WAVE)
        own = morale_level(u).value
        was = f"{base}" if base == own else f"{own} +1 with a leader in its Location, G1.41,"
        out.append(
            Effect(f"Morale Level {ml.value} ({was} +1) for the rest of the Player Turn", rule)
        )
    hob = heat_of_battle_subject(u, BANZAI)
    if not hob.value:
        out.append(Effect(f"no Heat of Battle ({hob.why})", hob.rules[0]))
    lax = capabilities.alertness(u, banzai_this_player_turn=True)
    out.append(Effect(f"{lax.value.value.capitalize()} for the rest of the Player Turn", "G1.6"))
    out.append(Effect("takes its own Panji MC on entering a Panji Location", "G9.43"))
    out.append(Effect("loses any concealment", HUMAN_WAVE))
    out.append(
        Effect(
            "no pin result affects it while a HW Unit [EXC: a Minimum Move; a wounded SMC]",
            HUMAN_WAVE,
        )
    )
    if u.kind in (Kind.SQUAD, Kind.HALF_SQUAD):
        out.append(
            Effect("a T-H Hero attempt's Original 6 dr does not pin it", "G1.421"),
        )
        full = heroes.th_hero_mf(0, banzai=True).value
        out.append(
            Effect(
                f"a T-H Hero it creates has {full} MF less one (not two) per MF it had spent",
                "G1.423",
            )
        )
    return tuple(out)


def declare(
    units: Sequence[Unit],
    adjacent: Callable[[str, str], bool],
    present: Sequence[Unit] = (),
) -> Declaration:
    """Whether ``units`` may declare one Banzai Charge (G1.5), every reason it may not, and each
    unit's effects. ``adjacent`` answers for two hex names (a unit's ``hex``); ``present``: the
    other units on the map (a leader in a charging unit's Location lends his G1.41 +1 whether he
    charges or not)."""
    units = tuple(units)
    if not units:
        raise InputError("a Banzai Charge needs at least one unit")
    ids = [u.id for u in units]
    if len(set(ids)) != len(ids):
        raise InputError(f"units named twice: {', '.join(ids)}")
    refusals: list[Finding] = []
    for u in units:
        refusals += _unit_findings(u)
    rules = [RULE, HUMAN_WAVE]
    heroes_in = [u for u in units if u.kind in HEROES]
    hero_alone = ""
    if heroes_in:
        rules.append("G1.423")
        if len(units) == 1:
            hero_alone = units[0].id
        else:
            refusals += [
                Finding(
                    "G1.423",
                    f"{u.id} is a {u.kind.value}: he makes his own Banzai Charge, alone",
                    u.id,
                )
                for u in heroes_in
            ]
    leaders = tuple(u.id for u in units if u.kind == Kind.LEADER)
    if any(u.kind.is_mmc for u in units) and not leaders:
        refusals.append(
            Finding(RULE, "a leader must take part in a Banzai Charge that includes a MMC")
        )
    chain, groups = chain_of(units, adjacent)
    if len(groups) > 1:
        apart = "; ".join(", ".join(g) for g in groups)
        refusals.append(
            Finding(
                RULE,
                f"the units form no one chain of ADJACENT hexes ({apart}): each hex must be "
                "ADJACENT to another of the Charge",
            )
        )
    effects = tuple(
        (u.id, unit_effects(u, (*units, *present)))
        for u in units
        if u.is_japanese and u.kind.is_infantry
    )
    rules += [r for _, es in effects for r in (e.rule for e in es)]
    rules += [f.rule for f in refusals]
    return Declaration(
        units,
        not refusals,
        tuple(refusals),
        leaders,
        chain,
        hero_alone,
        effects,
        tuple(dict.fromkeys(rules)),
    )


def marked_lax(*, in_enemy_location: bool, may_advance_into_enemy: bool) -> Ruling[bool]:
    """G1.5: a unit (or stack) that made a Banzai Charge is marked Lax at the end of its MPh if
    it is in, or able to advance into, an enemy-occupied Location."""
    r = capabilities.banzai_marked_lax(
        in_or_able_to_advance_into_enemy_location=in_enemy_location or may_advance_into_enemy
    )
    why = (
        "in an enemy-occupied Location"
        if in_enemy_location
        else "able to advance into an enemy-occupied Location"
        if may_advance_into_enemy
        else "neither in nor able to advance into an enemy-occupied Location"
    )
    return Ruling(r.value, r.rules, why)


def hero_may_enter(
    *, enemy_occupied: bool, holds_target: bool, adjacent_to_target: bool
) -> Ruling[bool]:
    """G1.423: during his Banzai Charge a T-H Hero may enter an enemy-occupied hex only if it
    holds his Designated Target or is ADJACENT to it."""
    return heroes.th_hero_may_enter(
        enemy_occupied=enemy_occupied,
        holds_target=holds_target,
        adjacent_to_target=adjacent_to_target,
    )
