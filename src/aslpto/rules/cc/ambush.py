"""The Ambush status dr of each side (A11.4) from its units: the drm of the A11.4 table (CX,
Lax, broken, pinned, berserk +1 each; Stealthy -1; concealed -2; Cavalry, vehicle or in a
pillbox +2; the best unpinned Good Order leader's leadership), added to the PTO drm
(:func:`aslpto.rules.pto.procedures.ambush_drm`: G.6, G8.212, G9.21), and the exact odds of who
Ambushes (:func:`aslpto.rules.pto.procedures.ambush_odds`). Each value is in ``data/cc.toml``
``[ambush_status]`` (one source: unchecked).

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind
>>> ru = make("R1", "russian", Kind.SQUAD, face="4-4-7", concealed=True)
>>> [(i.what, int(i.value)) for i in side_drm([ru], attacker=False)]
[('concealed', -2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.rules.cc import table
from aslpto.rules.fire.items import Item
from aslpto.rules.japanese.capabilities import Alertness, alertness
from aslpto.rules.morale import results as morale_results
from aslpto.rules.morale.values import leadership_of
from aslpto.rules.pto import procedures as pto
from aslpto.state.dice import Dice, Distribution
from aslpto.state.units import Kind, Unit, UnitClass

if TYPE_CHECKING:
    from aslpto.state.game import Game

AmbushResult = pto.AmbushResult


def _data() -> Any:
    return table.data()["ambush_status"]


def inexperienced(u: Unit, force: Sequence[Unit]) -> bool:
    """A19.2, A19.3: Inexperienced Personnel (:func:`aslpto.rules.morale.results.inexperienced`):
    a Green MMC with an unbroken leader in ``force`` is not."""
    return morale_results.inexperienced(u, force)


def lax(u: Unit, force: Sequence[Unit] = ()) -> bool:
    """A11.18: a unit marked Lax (by SSR; a Banzai Charge's, G1.6), Inexperienced Personnel
    (A19.36), a berserk unit (A15.432), a Japanese Conscript (G1.6)."""
    if u.lax or u.berserk or inexperienced(u, force or (u,)):
        return True
    return u.is_japanese and alertness(u).value == Alertness.LAX


def stealthy(u: Unit, force: Sequence[Unit] = ()) -> bool:
    """A11.17: Good Order heroes and Elite/1st-Line Finns, the Japanese as G1.6 says; never a
    Lax unit."""
    if lax(u, force or (u,)):
        return False
    if u.is_japanese:
        return alertness(u).value == Alertness.STEALTHY
    if not u.good_order:
        return False
    if u.kind in (Kind.HERO, Kind.TH_HERO, Kind.DC_HERO) or u.heroic:
        return True
    return u.nationality in _data()["stealthy_nationalities"] and u.unit_class in (
        UnitClass.ELITE,
        UnitClass.FIRST_LINE,
    )


def _leader(force: Sequence[Unit]) -> Item | None:
    """The leadership of the best unpinned Good Order leader, unless he is alone or any of the
    force is berserk (A11.4)."""
    if len(force) < 2 or any(u.berserk for u in force):
        return None
    leaders = [u for u in force if u.kind == Kind.LEADER and not u.pinned and u.good_order]
    if not leaders:
        return None
    best = min(leaders, key=leadership_of)
    d = leadership_of(best)
    return Item(f"leader {best.counter}", Fraction(d), "A11.4", best.id) if d else None


def side_drm(
    force: Sequence[Unit], *, attacker: bool, game: Game | None = None, hex_name: str = ""
) -> tuple[Item, ...]:
    """The drm of one side's Ambush status dr, item by item (A11.4 and the PTO's)."""
    d = _data()
    rule = str(d["rule"])
    out: list[Item] = []

    def add(what: str, key: str, r: str = rule) -> None:
        out.append(Item(what, Fraction(int(d[key])), r))

    if any(
        u.kind in (Kind.CAVALRY, Kind.VEHICLE, Kind.GUN, Kind.BOAT) or u.entrenched == "pillbox"
        for u in force
    ):
        add("Cavalry, vehicle or in a pillbox", "mounted")
    for key, on in (
        ("cx", any(u.cx for u in force)),
        ("lax", any(lax(u, force) for u in force)),
        ("broken", any(u.broken for u in force)),
        ("pinned", any(u.pinned for u in force)),
        ("berserk", any(u.berserk for u in force)),
    ):
        if on:
            add(key if key != "cx" else "CX", key, str(d["lax_rule"]) if key == "lax" else rule)
    if any(stealthy(u, force) for u in force):
        add("Stealthy", "stealthy", str(d["stealthy_rule"]))
    if any(u.concealed or u.hidden for u in force):
        add("concealed", "concealed")
    lead = _leader(force)
    if lead is not None:
        out.append(lead)
    p = pto.ambush_drm(game, hex_name, force, attacker=attacker)
    if p.value:
        out.append(Item(f"PTO ({p.why})", Fraction(p.value), p.rules[0]))
    return tuple(out)


@record
class AmbushRoll:
    """Both sides' Ambush status drm (items), and who Ambushes: the exact odds, or one roll
    (each side's Original dr)."""

    attacker: tuple[Item, ...]
    defender: tuple[Item, ...]
    odds: Distribution[pto.AmbushResult] | None = None
    rolled: pto.AmbushResult | None = None
    drs: tuple[int, int] = (0, 0)

    @property
    def drm(self) -> tuple[int, int]:
        return (
            int(sum((i.value for i in self.attacker), Fraction(0))),
            int(sum((i.value for i in self.defender), Fraction(0))),
        )

    def as_json(self) -> dict[str, Any]:
        a, d = self.drm
        out: dict[str, Any] = {
            "rule": "A11.4",
            "attacker": {"drm": a, "items": [i.as_json() for i in self.attacker]},
            "defender": {"drm": d, "items": [i.as_json() for i in self.defender]},
        }
        if self.odds is not None:
            out["odds"] = {
                r.value: f"{p.numerator}/{p.denominator}" for r, p in self.odds.items if p
            }
        if self.rolled is not None:
            out["rolled"] = {
                "attacker_dr": self.drs[0],
                "defender_dr": self.drs[1],
                "ambush": self.rolled.value,
            }
        return out


def ambush(
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    *,
    game: Game | None = None,
    hex_name: str = "",
    dice: Dice | None = None,
) -> AmbushRoll:
    """Who Ambushes in a CC of ``attackers`` (the ATTACKER's units) and ``defenders``: the
    exact odds, or with ``dice`` each side's dr (ATTACKER first) and the result."""
    a = side_drm(attackers, attacker=True, game=game, hex_name=hex_name)
    d = side_drm(defenders, attacker=False, game=game, hex_name=hex_name)
    made = AmbushRoll(a, d)
    am, dm = made.drm
    if dice is None:
        return AmbushRoll(a, d, odds=pto.ambush_odds(am, dm))
    ra, rd = dice.dr(), dice.dr()
    return AmbushRoll(a, d, rolled=pto.ambush_from_dr(ra + am, rd + dm).value, drs=(ra, rd))
