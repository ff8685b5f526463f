"""CC vs a vehicle (A11.5): an attack of Infantry on a vehicle is made with the attackers'
Close Combat Value (CCV), the vehicle's Basic Kill Number, not on the CCT.

The CCV (``data/cc.toml`` ``[vehicle]``): a squad 5, a crew 4, a HS 3, a SMC 2, a T-H Hero 5
(G1.4231); -1 for an Inexperienced unit, +1 for a SMC combining with the main attacking unit
(at most two units, one a SMC), -1 for each pinned attacker; a Reduced-Strength Japanese unit
keeps its Full-Strength CCV and no CC by or vs a vehicle is Hand-to-Hand (G1.64); a CCV given
(``ccv``) stands instead. The DRM: leadership when the leader combines (A11.141, A11.51), a
hero's (A15.24), CX (A4.51), Ambush (A11.4), +1 per enemy HS/crew and +2 per squad escorting it
(A11.51), any DRM given. A Final DR < the CCV eliminates the vehicle (<= half of it: a burning
wreck), = immobilizes it, > does nothing; an Original 2 rolls for an Unlikely Kill (A11.501).
Not built: the vehicle's own DRM (give them), Crew Small Arms (A11.621), a vehicle's own attack
(A11.6: refused).

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Unit
>>> h = make("H", "japanese", Kind.TH_HERO)
>>> tank = Unit("T", "american", "american", Kind.VEHICLE)
>>> a = build([h], tank)
>>> a.ccv, a.drm, str(odds(a)[Effect.ELIMINATED]), str(odds(a)[Effect.BURNING])
(5, 0, '5/36', '1/36')
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
from aslpto.rules.cc.ambush import inexperienced
from aslpto.rules.cc.attack import CCAttack, _leadership, verify_may_attack
from aslpto.rules.cc.table import FILE
from aslpto.rules.fire.items import Item, ItemKind
from aslpto.state.dice import SIDES, Dice
from aslpto.state.units import Kind, Strength, Unit

VEHICLE_KINDS = (Kind.VEHICLE, Kind.GUN, Kind.BOAT)


class Effect(StrEnum):
    """What an attack's Final DR does to the vehicle (A11.5), best first."""

    BURNING = "burning wreck"
    ELIMINATED = "eliminated"
    IMMOBILIZED = "immobilized"
    NONE = "no effect"


_RANK = {e: i for i, e in enumerate(Effect)}
_UNLIKELY = {1: Effect.BURNING, 2: Effect.ELIMINATED, 3: Effect.IMMOBILIZED}


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

    def effect(self, original: int, subsequent: int | None = None) -> Effect:
        """What an Original DR does: its Final DR against the CCV (A11.5); on an Original 2,
        the better of that and the ``subsequent`` dr's Unlikely Kill (A11.501)."""
        note(FILE, "vehicle", "result")
        final = original + self.drm
        if final < self.ccv:
            out = Effect.BURNING if 2 * final <= self.ccv else Effect.ELIMINATED
        else:
            out = Effect.IMMOBILIZED if final == self.ccv else Effect.NONE
        if original == 2 and subsequent is not None:
            note(FILE, "vehicle", "unlikely")
            out = min(out, _UNLIKELY.get(subsequent, Effect.NONE), key=_RANK.__getitem__)
        return out

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


def _base(u: Unit, given: Mapping[str, int], attackers: Sequence[Unit]) -> list[Item]:
    """``u``'s own CCV: given, a T-H Hero's 5 (G1.4231), else by its kind (A11.5), -1 if it is
    Inexperienced (A11.5, A19.34); a Reduced-Strength Japanese squad keeps its Full-Strength
    CCV (G1.64)."""
    if u.id in given:
        what, rule = f"CCV given ({u.counter or u.kind.value})", str(_v("given")["rule"])
        if u.is_japanese and u.strength == Strength.REDUCED:
            what = f"Full-Strength CCV given ({u.counter}, Reduced-Strength Japanese)"
            rule = str(_v("reduced_japanese")["rule"])
        return [Item(what, Fraction(given[u.id]), rule, u.id, ItemKind.BASE)]
    if u.kind == Kind.TH_HERO:
        e = _v("th_hero")
        return [
            Item("T-H Hero: CCV", Fraction(int(e["value"])), str(e["rule"]), u.id, ItemKind.BASE)
        ]
    c = _v("ccv")
    note(FILE, "vehicle", "ccv")
    key = "smc" if u.kind.is_smc else {Kind.VEHICLE_CREW: "crew"}.get(u.kind, u.kind.value)
    if key not in c:
        raise InputError(f"{u.id}: a {u.kind.value} has no CCV (A11.5): give it (ccv=N)")
    what, rule = f"{u.kind.value} CCV", str(c["rule"])
    if u.is_japanese and u.strength == Strength.REDUCED:
        what = f"Full-Strength squad CCV ({u.counter}, Reduced-Strength Japanese)"
        rule = str(_v("reduced_japanese")["rule"])
    items = [Item(what, Fraction(int(c[key])), rule, u.id, ItemKind.BASE)]
    if inexperienced(u, attackers):
        e = _v("inexperienced")
        note(FILE, "vehicle", "inexperienced")
        items.append(Item("Inexperienced", Fraction(int(e["value"])), str(e["rule"]), u.id))
    return items


def ccv_items(attackers: Sequence[Unit], given: Mapping[str, int]) -> list[Item]:
    """The CCV of an attack, item by item: the main unit's (a MMC's if one attacks), +1 for a
    SMC combining with it (A11.5; a T-H Hero with a MMC, G1.4231), -1 for each pinned attacker
    (A11.5). At most two units, one of them a SMC (A11.5)."""
    smc = [u for u in attackers if u.kind.is_smc]
    most = _v("most") if len(attackers) > 1 else {"value": 1}
    if len(attackers) > int(most["value"]) or (len(attackers) == 2 and not smc):
        raise RuleViolation(
            str(most["rule"]),
            f"{', '.join(u.id for u in attackers)}: at most two units combine in a CC attack vs "
            "a vehicle, one of them a SMC",
        )
    main = next((u for u in attackers if not u.kind.is_smc), None)
    main = main or next((u for u in attackers if u.kind == Kind.TH_HERO), attackers[0])
    items = _base(main, given, attackers)
    for u in attackers:
        if u is main:
            continue
        key = "th_hero_with_mmc" if u.kind == Kind.TH_HERO and main.kind.is_mmc else "smc_combining"
        e = _v(key)
        note(FILE, "vehicle", key)
        items.append(
            Item(f"{u.kind.value} {u.id} combines", Fraction(int(e["value"])), str(e["rule"]), u.id)
        )
    for u in attackers:
        if u.pinned:
            e = _v("pinned")
            items.append(Item(f"{u.id} pinned", Fraction(int(e["value"])), str(e["rule"]), u.id))
    return items


def escort_items(escort: Sequence[Unit]) -> list[Item]:
    """A11.51: +1 for each unbroken, unpinned, armed enemy HS/crew in the Location, +2 for each
    squad (``escort``: the vehicle's side's Personnel there, none withdrawing)."""
    if not escort:
        return []
    e = _v("escort")
    out = []
    for u in escort:
        if u.broken or u.pinned or u.unarmed or not u.kind.is_mmc:
            continue
        v = int(e["squad"]) if u.kind == Kind.SQUAD else int(e["hs"])
        out.append(Item(f"vs the vehicle: {u.id} escorts it", Fraction(v), str(e["rule"]), u.id))
    return out


def build(
    attackers: Sequence[Unit],
    vehicle: Unit,
    *,
    ccv: Mapping[str, int] | None = None,
    drm: int = 0,
    hand_to_hand: bool = False,
    ambush: str = "",
    escort: Sequence[Unit] = (),
) -> VehicleAttack:
    """The CC attack of ``attackers`` on ``vehicle`` (A11.5). ``ccv``: a CCV given by id (else
    by kind); ``drm``: any other DRM; ``hand_to_hand``: a declared Hand-to-Hand CC, refused
    (G1.64); ``ambush``: the side that Ambushed, "attacker" (the attackers') or "defender" (the
    vehicle's, A11.4); ``escort``: the vehicle's side's Personnel in the Location (A11.51)."""
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
    h = table.data()["drm"]["hero"]
    for u in attackers:
        if u.kind == Kind.HERO:
            mods.append(Item("hero attacks", Fraction(int(h["value"])), str(h["rule"]), u.id))
    if ambush:
        a = table.data()["ambush"]
        if ambush not in ("attacker", "defender"):
            raise InputError(f"ambush {ambush!r}: 'attacker' or 'defender'")
        v, what = (a["drm"], "Ambush") if ambush == "attacker" else (a["against"], "vs Ambush")
        mods.append(Item(what, Fraction(int(v)), str(a["rule"])))
    mods += escort_items(escort)
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
    """Each effect's exact probability, every DR enumerated and on an Original 2 every
    subsequent dr (A11.501) (they sum to 1)."""
    out = dict.fromkeys(Effect, Fraction(0))
    p = Fraction(1, SIDES * SIDES)
    for w in range(1, SIDES + 1):
        for c in range(1, SIDES + 1):
            if w + c == 2:
                for s in range(1, SIDES + 1):
                    out[attack.effect(2, s)] += p / SIDES
            else:
                out[attack.effect(w + c)] += p
    return out


def resolve_roll(attack: VehicleAttack, dice: Dice) -> tuple[int, int | None, Effect]:
    """One attack rolled: the Original DR, the Unlikely Kill dr on an Original 2 (A11.501),
    and the effect."""
    original = dice.DR().total
    sub = dice.dr() if original == 2 else None
    return original, sub, attack.effect(original, sub)


def resolve(attack: VehicleAttack, dice: Dice) -> tuple[int, Effect]:
    """One attack rolled: the Original DR and its effect."""
    original, _, effect = resolve_roll(attack, dice)
    return original, effect


# ---------------------------------------------------------------------------------------------
# A11.62 a vehicle's CC attack on Infantry
# ---------------------------------------------------------------------------------------------


def defense_ccv(defenders: Sequence[Unit]) -> tuple[list[Item], list[Item]]:
    """The CCV the ``defenders`` oppose to a vehicle's CC attack (A11.62), item by item: each
    MMC's by kind (A11.5; -1 Inexperienced, -1 pinned), +1 for each SMC with a MMC, 2 for a SMC
    alone; and the DRM against a unit whose CCV would fall below 1 (it stays 1, A11.62)."""
    mmc = any(u.kind.is_mmc for u in defenders)
    items: list[Item] = []
    drm: list[Item] = []
    for u in defenders:
        if is_vehicle(u):
            raise InputError(f"{u.id}: a vehicle's CC attack on a vehicle is not built (A11.6)")
        if u.kind.is_smc and mmc and u.kind != Kind.TH_HERO:
            s = _v("smc_combining")
            items.append(
                Item(f"{u.id} with a MMC", Fraction(int(s["value"])), str(s["rule"]), u.id)
            )
            continue
        own = _base(u, {}, defenders)
        if u.pinned:
            p = _v("pinned")
            own.append(Item(f"{u.id} pinned", Fraction(int(p["value"])), str(p["rule"]), u.id))
        total = sum((i.value for i in own), Fraction(0))
        items += own
        if total < 1:
            items.append(Item(f"{u.id}: a CCV of at least 1", 1 - total, "A11.62", u.id))
            drm.append(Item(f"vs {u.id}: CCV below 1", total - 1, "A11.62", u.id))
    return items, drm


def vehicle_attack(
    vehicle: Unit,
    fp: Fraction | int,
    defenders: Sequence[Unit],
    *,
    drm: int = 0,
    ambush: str = "",
) -> CCAttack:
    """A vehicle's CC attack on Infantry (A11.62): its FP (its AAMG, CMG, RMG... as given) vs
    the defenders' CCV, on the CCT's black Kill Numbers, halved vs concealed units; -2 vs a
    broken unit (A11.16), Ambush (A11.4), any DRM given. The result is the CCT's (A11.11)."""
    if not is_vehicle(vehicle):
        raise InputError(f"{vehicle.id} is no vehicle")
    note(FILE, "vehicle", "attack")
    fp_items = [Item(f"{vehicle.id}: FP given", Fraction(fp), "A11.62", vehicle.id, ItemKind.BASE)]
    a_fp = Fraction(fp)
    if defenders and all(u.concealed or u.hidden for u in defenders):
        half = Fraction(str(table.data()["concealment"]["attack_fp"]))
        fp_items.append(Item("vs concealed: FP halved", half, "A11.19", kind=ItemKind.MULTIPLY))
        a_fp *= half
    ccv, low = defense_ccv(defenders)
    d_fp = sum((i.value for i in ccv), Fraction(0))
    col = table.column_of(a_fp, d_fp)
    mods: list[Item] = []
    if ambush:
        a = table.data()["ambush"]
        v, what = (a["drm"], "Ambush") if ambush == "attacker" else (a["against"], "vs Ambush")
        mods.append(Item(what, Fraction(int(v)), str(a["rule"])))
    if drm:
        mods.append(Item("other DRM given", Fraction(drm), ""))
    bd = table.data()["drm"]["broken_defender"]
    own_items = [
        Item(f"vs {u.id}: broken", Fraction(int(bd["value"])), str(bd["rule"]), u.id)
        for u in defenders
        if u.broken
    ] + low
    own: dict[str, int] = {}
    for i in own_items:
        own[i.unit] = own.get(i.unit, 0) + int(i.value)
    rules = ["A11.62", "A11.11", *(i.rule for i in (*fp_items, *ccv, *mods, *own_items) if i.rule)]
    return CCAttack(
        (vehicle,),
        tuple(defenders),
        a_fp,
        d_fp,
        col.value,
        col.why,
        False,
        col.value.kill_number(False),
        int(sum((i.value for i in mods), Fraction(0))),
        tuple((u.id, own.get(u.id, 0)) for u in defenders),
        tuple(fp_items + ccv),
        tuple(mods + own_items),
        tuple(dict.fromkeys(rules)),
    )
