"""Enemy units in a hex a unit enters in its MPh.

- A Known (neither concealed nor hidden) enemy unit bars Infantry from its Location
  (A4.14 [EXC: a berserk or Human Wave mover, an Unarmed Japanese one, G1.15; Infantry OVR,
  A4.15, is not built]) and Cavalry unless it is Charging (A13.35, A13.6: not built); an
  Unarmed enemy unit is no obstacle (A20.54) unless Japanese (G1.15), but the immediate CC that
  recaptures it is not built, nor may a non-Japanese Unarmed unit enter a Known enemy's
  Location (A20.54); an obstacle holding an armed Known enemy unit may not be Bypassed (A4.3).
- A concealed or hidden enemy unit is found when non-berserk Infantry or Cavalry attempts to
  move (not Bypass, A12.151) into its Location: the step carries a ``detection`` event (A12.15:
  the DEFENDER reveals a unit and the mover is forced back, its MPh ended; a berserk or Human
  Wave mover, allowed to enter, only finds them: ``enemy-found``, one revealed), or, where G.4 lets
  the hidden Stealthy DEFENDERS of a jungle, kunai or bamboo Location choose
  (:func:`aslpto.rules.pto.procedures.detection_choices`), the choices. The event ends the
  move unless the DEFENDER's choice given (``MoveOptions.detection``) lets it go on (G.4: all
  keep HIP). The game resolves it (:mod:`aslpto.procedures.game.detection`).

The phase is the MPh: a rout (A10.51) and an advance (A4.7: into CC) answer to their own rules.
"""

from __future__ import annotations

from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Hex
from aslpto.rules.movement import Event, EventKind, MoveContext, MoverKind, Phase
from aslpto.state.units import Unit

CHOICES = ("invoke", "retain", "attack")
"""The DEFENDER's choices under G.4 (:class:`aslpto.rules.pto.procedures.Detection`)."""


def _known(u: Unit) -> bool:
    return not (u.concealed or u.hidden)


def entering(ctx: MoveContext, to: Hex, *, bypass: bool) -> Event | None:
    """The enemy units of ``to`` as the mover of ``ctx`` enters it (in Bypass: ``bypass``):
    a :class:`RuleViolation` where a Known one bars it, the ``detection`` event where only
    concealed or hidden ones are there, or None."""
    o = ctx.options
    if o.phase != Phase.MPH or o.rout or o.forced_back:
        return None
    if ctx.mover.kind not in (MoverKind.INFANTRY, MoverKind.CAVALRY):
        return None  # a vehicle's entry (OVR, D7; A12.4) is not built
    ids = ctx.enemies_at(to)
    if not ids:
        return None
    game, unit = ctx.game, ctx.unit
    name = ctx.map.name(to)
    enemies = [game.unit(i) for i in ids]
    known = [u for u in enemies if _known(u)]
    if known:
        _verify_known(ctx, name, known, bypass=bypass)
        return None
    if bypass:
        return None  # A12.151: Bypass finds no one
    if unit.berserk or ctx.options.human_wave:
        # A12.15 [EXC: units allowed to enter an enemy Location, A4.14]: one is revealed, the
        # mover is not forced back
        return Event(
            EventKind.ENEMY_FOUND,
            "A12.15",
            "concealed enemy units: the DEFENDER reveals one; a unit allowed to enter an enemy "
            "Location is not forced back (A4.14)",
            name,
        )
    return _detection(ctx, to, name)


def obstacle(u: Unit) -> bool:
    """Whether an enemy unit bars movement into its Location: an Unarmed unit does not
    (A20.54) unless it is a non-prisoner Japanese one (G1.15; prisoners are not built)."""
    return not u.unarmed or u.is_japanese


def _verify_known(ctx: MoveContext, name: str, known: list[Unit], *, bypass: bool) -> None:
    unit, o = ctx.unit, ctx.options
    listed = ", ".join(u.id for u in known)
    if bypass and any(not u.unarmed for u in known):
        raise RuleViolation(
            "A4.3",
            f"{name} holds a Known armed enemy unit ({listed}): its obstacle may not be Bypassed",
        )
    if unit.unarmed and not unit.is_japanese:
        raise RuleViolation(
            "A20.54",
            f"{name} holds a Known enemy unit ({listed}): a non-prisoner Unarmed Infantry unit "
            "may not enter a Known enemy-occupied Location (G1.15 lets the Japanese)",
        )
    barring = [u for u in known if obstacle(u)]
    if not barring:
        raise RuleViolation(
            "A20.54",
            f"{name} holds only Unarmed enemy units ({listed}): no obstacle, but entering it "
            "recaptures them by an immediate CC in the MPh, which the referee does not play",
        )
    listed = ", ".join(u.id for u in barring)
    if ctx.mover.kind == MoverKind.CAVALRY:
        raise RuleViolation(
            "A13.35",
            f"{name} holds a Known armed enemy unit ({listed}): Cavalry enters it in the MPh "
            "only when Charging (A13.6), which the referee does not play",
        )
    if unit.berserk or o.human_wave or unit.unarmed:
        return  # A4.14 EXC: berserk (A15.43), Human Wave (A25.23), Unarmed Japanese (G1.15)
    if unit.kind.is_mmc and len(barring) == 1 and barring[0].kind.is_smc:
        raise RuleViolation(
            "A4.15",
            f"{name} holds one Known enemy SMC ({listed}): a MMC enters it in the MPh only by "
            "Infantry OVR (a NTC, double the MF), which the referee does not play",
        )
    raise RuleViolation(
        "A4.14",
        f"{name} holds a Known enemy unit ({listed}): Infantry may not move into its Location "
        "in the MPh (it may advance into it in the APh, A4.7)",
    )


def _detection(ctx: MoveContext, to: Hex, name: str) -> Event:
    """A12.15 (or G.4's choices): the event of an attempt to move into the Location of
    concealed/hidden enemy units."""
    from aslpto.rules.pto.procedures import detection_choices

    choices = detection_choices(ctx.game, ctx.unit, name)
    open_ = tuple(c.value for c in choices.value)
    want = ctx.options.detection
    if want is not None and want not in open_:
        raise RuleViolation(
            "G.4",
            f"detection '{want}' is not open to the DEFENDER in {name} (A12.15 applies: "
            f"{choices.why or 'not only hidden Stealthy Infantry in jungle, kunai or bamboo'})",
        )
    if len(open_) > 1:
        note = (
            "hidden Stealthy DEFENDERS in jungle/kunai/bamboo: the DEFENDER chooses "
            f"({', '.join(open_)})"
        )
        if want is not None:
            note += f": {want}"
        return Event(EventKind.DETECTION, "G.4", note, name)
    return Event(
        EventKind.DETECTION,
        "A12.15",
        "concealed enemy units: the DEFENDER reveals one and the mover is forced back to the "
        "Location it left, where its MPh ends",
        name,
    )


def continues(event: Event, detection: str | None) -> bool:
    """Whether a move goes on past its ``detection`` event: only when the DEFENDER lets his
    hidden units keep HIP (G.4)."""
    return event.rule == "G.4" and detection == "retain"
