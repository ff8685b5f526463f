"""CC vs a vehicle (A11.5): an attack of Infantry on a vehicle is made with the attackers'
Close Combat Value (CCV), not on the CCT.

What the sources give (``data/cc.toml`` ``[vehicle]``): a T-H Hero has a CCV of 5 and, attacking
with a MMC, adds one to that MMC's CCV (G1.4231); a Reduced-Strength Japanese unit retains its
Full-Strength CCV and no CC by or vs a vehicle is Hand-to-Hand (G1.64); a pinned unit's CCV is one
less (one source). The DRM of a CC attack (leadership A11.141, CX A4.51, any DRM given) apply as
to any CC attack. What no public source found gives: the CCV of a MMC or SMC by size (the
caller gives it, ``ccv``), a vehicle's own DRM, what a Final DR equal to the CCV does, and a
vehicle's attack on Infantry (A11.6: refused as not built). A Final DR < the CCV eliminates the
vehicle and > has no effect: a reading, unchecked.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Unit
>>> h = make("H", "japanese", Kind.TH_HERO)
>>> tank = Unit("T", "american", "american", Kind.VEHICLE)
>>> a = build([h], tank)
>>> a.ccv, a.drm, str(odds(a)[Effect.ELIMINATED])
(5, 0, '1/6')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.base.unchecked import note
from aslpto.rules.cc import table
from aslpto.rules.cc.attack import _leadership, verify_may_attack
from aslpto.rules.cc.table import FILE
from aslpto.rules.fire.items import Item, ItemKind
from aslpto.state.dice import SIDES, Dice
from aslpto.state.units import Kind, Strength, Unit

VEHICLE_KINDS = (Kind.VEHICLE, Kind.GUN, Kind.BOAT)


class Effect(StrEnum):
    """What an attack's Final DR does to the vehicle."""

    ELIMINATED = "eliminated"
    EQUAL = "final DR = CCV: effect not built"
    NONE = "no effect"


@record
class VehicleAttack:
    """A CC attack of ``attackers`` on ``vehicle``: the CCV (its items with their rules) and the
    DRM (its items)."""

    attackers: tuple[Unit, ...]
    vehicle: Unit
    ccv: int
    drm: int
    ccv_items: tuple[Item, ...]
    drm_items: tuple[Item, ...]
    rules: tuple[str, ...]

    @property
    def removed(self) -> tuple[str, ...]:
        """G1.425: each T-H Hero making the attack is removed upon it, whatever its effect (the
        vehicle taken as his Designated Target, the AFV he must attack in its Location, G1.423)."""
        return tuple(u.id for u in self.attackers if u.kind == Kind.TH_HERO)

    def effect(self, original: int) -> Effect:
        """What an Original DR does: its Final DR against the CCV (A11.5, a reading)."""
        note(FILE, "vehicle", "result")
        final = original + self.drm
        if final < self.ccv:
            return Effect.ELIMINATED
        return Effect.EQUAL if final == self.ccv else Effect.NONE

    def as_json(self) -> dict[str, Any]:
        return {
            "attackers": [u.id for u in self.attackers],
            "vehicle": self.vehicle.id,
            "ccv": self.ccv,
            "drm": self.drm,
            "ccv_items": [i.as_json() for i in self.ccv_items],
            "drm_items": [i.as_json() for i in self.drm_items],
            "removed": list(self.removed),
            "rules": list(self.rules),
        }


def _v(key: str) -> dict[str, Any]:
    e: dict[str, Any] = table.data()["vehicle"][key]
    return e


def is_vehicle(u: Unit) -> bool:
    """A vehicle, Gun or boat: what CC vs Personnel (A11.11) does not attack."""
    return u.kind in VEHICLE_KINDS


def _base(u: Unit, given: Mapping[str, int]) -> list[Item]:
    """``u``'s own CCV: a T-H Hero's 5 (G1.4231), else the value given for it."""
    if u.kind == Kind.TH_HERO and u.id not in given:
        e = _v("th_hero")
        return [
            Item("T-H Hero: CCV", Fraction(int(e["value"])), str(e["rule"]), u.id, ItemKind.BASE)
        ]
    if u.id not in given:
        raise InputError(
            f"{u.id}: its CCV vs a vehicle (A11.5) is in no public source found here: "
            f"give it (ccv=N)"
        )
    note(FILE, "vehicle", "given")
    what = f"CCV given ({u.counter or u.kind.value})"
    rule = str(_v("given")["rule"])
    if u.is_japanese and u.strength == Strength.REDUCED:
        what = f"Full-Strength CCV given ({u.counter}, Reduced-Strength Japanese)"
        rule = str(_v("reduced_japanese")["rule"])
    return [Item(what, Fraction(given[u.id]), rule, u.id, ItemKind.BASE)]


def ccv_items(attackers: Sequence[Unit], given: Mapping[str, int]) -> list[Item]:
    """The CCV of an attack, item by item: one unit's CCV, or a MMC's with a T-H Hero's +1
    (G1.4231), less one for each pinned attacker (unchecked). A leader attacking with the MMC
    directs it (a DRM, A11.141) and brings no CCV of his own."""
    heroes = [u for u in attackers if u.kind == Kind.TH_HERO]
    leaders = [u for u in attackers if u.kind == Kind.LEADER]
    others = [u for u in attackers if u not in heroes and u not in leaders]
    if len(others) > 1 or len(heroes) > 1 or (not others and not heroes and len(leaders) > 1):
        raise InputError(
            f"{', '.join(u.id for u in attackers)}: a CC attack vs a vehicle by more than one "
            "MMC (or T-H Hero) together is not built (A11.5: no public text found)"
        )
    if others:
        items = _base(others[0], given)
        if heroes:
            e = _v("th_hero_with_mmc")
            items.append(
                Item(
                    f"T-H Hero {heroes[0].id} with the MMC",
                    Fraction(int(e["value"])),
                    str(e["rule"]),
                    heroes[0].id,
                )
            )
    elif heroes:
        items = _base(heroes[0], given)
    else:
        items = _base(leaders[0], given)
    for u in attackers:
        if u.pinned and (u in others or u in heroes or not (others or heroes)):
            e = _v("pinned")
            note(FILE, "vehicle", "pinned")
            items.append(Item(f"{u.id} pinned", Fraction(int(e["value"])), str(e["rule"]), u.id))
    return items


def build(
    attackers: Sequence[Unit],
    vehicle: Unit,
    *,
    ccv: Mapping[str, int] | None = None,
    drm: int = 0,
    hand_to_hand: bool = False,
) -> VehicleAttack:
    """The CC attack of ``attackers`` on ``vehicle`` (A11.5). ``ccv``: each attacker's CCV by
    id (a T-H Hero's is 5 unless given); ``drm``: any other DRM; ``hand_to_hand``: a declared
    Hand-to-Hand CC, refused (G1.64)."""
    attackers = tuple(attackers)
    if not attackers:
        raise InputError("a CC attack needs an attacking unit")
    if not is_vehicle(vehicle):
        raise InputError(f"{vehicle.id} is no vehicle: its CC is read on the CCT (A11.11)")
    if hand_to_hand:
        e = _v("no_hand_to_hand")
        raise RuleViolation(str(e["rule"]), f"{vehicle.id}: {e['what']}")
    for u in attackers:
        if is_vehicle(u):
            raise InputError(
                f"{u.id} is a {u.kind.value}: a vehicle's CC attack (A11.6) is not built"
            )
        verify_may_attack(u)
        if u.unarmed:
            raise RuleViolation(
                "G1.15", f"{u.id} is Unarmed: its CC attack is vs Personnel only, not a vehicle"
            )
    for k, v in (ccv or {}).items():
        if not 0 <= v <= 12:
            raise InputError(f"ccv={v} for {k}: a CCV is 0-12")
    items = ccv_items(attackers, ccv or {})
    total = int(sum((i.value for i in items), Fraction(0)))
    mods = list(_leadership(attackers))
    if any(u.cx for u in attackers):
        e = table.data()["drm"]["cx_attacker"]
        mods.append(Item("a CX unit attacks", Fraction(int(e["value"])), str(e["rule"])))
    if drm:
        mods.append(Item("other DRM given", Fraction(drm), ""))
    rules = [str(table.data()["vehicle"]["rule"])] + [i.rule for i in (*items, *mods) if i.rule]
    if any(u.kind == Kind.TH_HERO for u in attackers):
        rules.append("G1.425")
    return VehicleAttack(
        attackers,
        vehicle,
        total,
        int(sum((i.value for i in mods), Fraction(0))),
        tuple(items),
        tuple(mods),
        tuple(dict.fromkeys(rules)),
    )


def odds(attack: VehicleAttack) -> dict[Effect, Fraction]:
    """Each effect's exact probability, every DR enumerated (they sum to 1)."""
    out = dict.fromkeys(Effect, Fraction(0))
    for w in range(1, SIDES + 1):
        for c in range(1, SIDES + 1):
            out[attack.effect(w + c)] += Fraction(1, SIDES * SIDES)
    return out


def resolve(attack: VehicleAttack, dice: Dice) -> tuple[int, Effect]:
    """One attack rolled: the Original DR and its effect."""
    original = dice.DR().total
    return original, attack.effect(original)
