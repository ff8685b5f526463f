"""Enemy units in a hex a unit enters in its MPh.

- A Known (neither concealed nor hidden) enemy unit bars Infantry from its Location
  (A4.14 [EXC: berserk, Human Wave, Unarmed; Infantry OVR, A4.15, is not built]) and Cavalry
  unless every Known enemy there is Unarmed or the Cavalry is Charging (A13.35); an obstacle
  holding an armed Known enemy unit may not be Bypassed (A4.3).
- A concealed or hidden enemy unit is found when non-berserk Infantry or Cavalry attempts to
  move (not Bypass, A12.151) into its Location: the step carries a ``detection`` event (A12.15:
  the DEFENDER reveals a unit and the mover is forced back, its MPh ended), or, where G.4 lets
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
    if bypass or unit.berserk:
        return None  # A12.151: Bypass finds no one; a berserk unit is not forced back (A12.15)
    return _detection(ctx, to, name)


def _verify_known(ctx: MoveContext, name: str, known: list[Unit], *, bypass: bool) -> None:
    unit, o = ctx.unit, ctx.options
    listed = ", ".join(u.id for u in known)
    if bypass and any(not u.unarmed for u in known):
        raise RuleViolation(
            "A4.3",
            f"{name} holds a Known armed enemy unit ({listed}): its obstacle may not be Bypassed",
        )
    if ctx.mover.kind == MoverKind.CAVALRY:
        if o.galloping or all(u.unarmed for u in known):
            return  # A13.35: Charging, or only Unarmed enemy units there
        raise RuleViolation(
            "A13.35",
            f"{name} holds a Known armed enemy unit ({listed}): Cavalry enters it in the MPh "
            "only when Charging",
        )
    if unit.berserk or o.human_wave or unit.unarmed:
        return  # A4.14 EXC: berserk (A15.43), Human Wave (A25.23), Unarmed (A20.54, G1.15)
    if unit.kind.is_mmc and len(known) == 1 and known[0].kind.is_smc:
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
