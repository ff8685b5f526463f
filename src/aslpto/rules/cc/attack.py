"""One side's CC attack put together (A11.11-A11.16, A11.4, G1.64, G8.212, G9.21): each unit's
FP with its rule, the odds column, the Kill Number (red when the CC is Hand-to-Hand, J2.31)
and every DRM with its rule - the DRM common to the attack and each defending unit's own.

Who attacks: every unbroken unit of the side (A11.16: a broken unit may not attack; a pinned
one attacks with half its FP, A7.8), a SMC with one FP (A11.14). Who defends: every unit of the
other side, each with its full FP (broken or pinned alike). The attack of the side is one
attack against all of them, as A11.11's EX combines two squads against one; a side that splits
its attacks (A11.12) asks for each attack apart.

G1.64: a Reduced-Strength Japanese unit "retains its Full-Strength CCV" - its Close Combat
Value against vehicles (A11.5; G1.4231 tells a unit's FP, A11.14, from its CCV, A11.5). Against
Infantry the odds compare FP, so a 3-4-8 attacks with 3; the CCV is read by :mod:`.vehicle`.

>>> from aslpto.state.counters import make
>>> from aslpto.state.units import Kind, Strength, UnitClass
>>> j = make("J1", "japanese", Kind.SQUAD, UnitClass.ELITE, Strength.FULL)
>>> us = make("A1", "american", Kind.SQUAD, face="6-6-6")
>>> a = build([j], [us], hand_to_hand=True)
>>> a.column.label, a.kill, a.drm
('1-2', 6, -1)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from aslpto.base.datafiles import bundled
from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.records import record
from aslpto.base.rulings import InputError, RuleViolation, Ruling
from aslpto.base.unchecked import note
from aslpto.rules.cc import special, table
from aslpto.rules.cc.table import FILE, Column
from aslpto.rules.fire.items import Item, ItemKind
from aslpto.rules.japanese import cc as g1
from aslpto.rules.morale.values import leadership_of
from aslpto.rules.paddy import effects as paddy
from aslpto.rules.panji.effects import terrain as panji
from aslpto.state.units import Kind, Unit

if TYPE_CHECKING:
    from aslpto.state.game import Game


@record
class CCAttack:
    """A CC attack of ``attackers`` on ``defenders``: the FP of each side, the odds column, the
    Kill Number read, the DRM common to the attack and each defender's own, the items that make
    them (FP, DRM) and the rules."""

    attackers: tuple[Unit, ...]
    defenders: tuple[Unit, ...]
    attack_fp: Fraction
    defense_fp: Fraction
    column: Column
    column_why: str
    hand_to_hand: bool
    kill: int
    drm: int
    own: tuple[tuple[str, int], ...]  # each defender's own DRM (by id)
    fp_items: tuple[Item, ...]
    drm_items: tuple[Item, ...]
    rules: tuple[str, ...]
    own_kill: tuple[tuple[str, int], ...] = ()  # a defender's own Kill Number (A11.19)
    own_column: tuple[tuple[str, str], ...] = ()  # ... and its odds column
    capture: bool = False  # a Capture attempt (A20.22)

    def drm_of(self, uid: str) -> int:
        """The whole DRM against defender ``uid``: the attack's and his own."""
        return self.drm + dict(self.own).get(uid, 0)

    def kill_of(self, uid: str) -> int:
        """The Kill Number against defender ``uid``: the attack's, or his own where the attack's
        FP is halved against him alone (a concealed unit among unconcealed ones, A11.19)."""
        return dict(self.own_kill).get(uid, self.kill)

    def as_json(self) -> dict[str, Any]:
        return {
            "attackers": [u.id for u in self.attackers],
            "defenders": [u.id for u in self.defenders],
            "attack_fp": _num(self.attack_fp),
            "defense_fp": _num(self.defense_fp),
            "odds": self.column.label,
            "odds_why": self.column_why,
            "hand_to_hand": self.hand_to_hand,
            "kill_number": self.kill,
            "kill_number_color": "red" if self.hand_to_hand else "black",
            "drm": self.drm,
            "defender_drm": {uid: d for uid, d in self.own if d},
            "defender_kill_number": dict(self.own_kill),
            "defender_odds": dict(self.own_column),
            "capture": self.capture,
            "fp": [i.as_json() for i in self.fp_items],
            "drm_items": [i.as_json() for i in self.drm_items],
            "rules": list(self.rules),
        }


def _num(f: Fraction) -> int | str:
    return f.numerator if f.denominator == 1 else str(f)


def _entry(section: str, key: str) -> Any:
    return table.data()[section][key]


def _printed_fp(u: Unit) -> int:
    head = u.counter.split("-", 1)[0]
    if not (head.isascii() and head.isdigit()):
        raise InputError(f"{u.id}: no FP on its face '{u.counter}'")
    return int(head)


def unit_fp(u: Unit, *, attacking: bool) -> list[Item]:
    """The FP ``u`` brings to a CC attack (``attacking``) or defense, item by item."""
    if u.kind in (Kind.VEHICLE, Kind.GUN, Kind.BOAT):
        raise InputError(
            f"{u.id} is a {u.kind.value}: a vehicle among Personnel in CC is not built (an "
            "attack on one vehicle alone: odds cc --defender vehicle, A11.5; its attack, A11.6)"
        )
    if u.kind in (Kind.TH_HERO, Kind.DC_HERO):
        items = [
            Item(
                f"{u.kind.value}: one FP, in CC vs Personnel",
                Fraction(1),
                "G1.4231",
                u.id,
                ItemKind.BASE,
            )
        ]
    elif u.unarmed and not u.kind.is_smc:
        items = [
            Item(
                f"Unarmed ({u.counter}): its (1) FP",
                Fraction(1),
                "G1.15",
                u.id,
                ItemKind.BASE,
            )
        ]
    elif u.kind.is_smc:
        smc = _entry("firepower", "smc")
        items = [
            Item(
                f"{u.kind.value} (SMC)",
                Fraction(int(smc["value"])),
                str(smc["rule"]),
                u.id,
                ItemKind.BASE,
            )
        ]
    else:
        items = [
            Item(
                f"printed FP ({u.counter})",
                Fraction(_printed_fp(u)),
                str(_entry("firepower", "printed")["rule"]),
                u.id,
                ItemKind.BASE,
            )
        ]
    if attacking and u.pinned:
        p = _entry("firepower", "pinned_attack")
        items.append(
            Item(
                "pinned: attack FP halved",
                Fraction(str(p["value"])),
                str(p["rule"]),
                u.id,
                ItemKind.MULTIPLY,
            )
        )
    if not attacking and u.broken:
        note(FILE, "firepower", "broken")
    return items


def _fp_total(items: Sequence[Item]) -> Fraction:
    """Each unit's FP (its base times its multipliers), summed."""
    per: dict[str, Fraction] = {}
    for i in items:
        if i.unit in per and i.kind == ItemKind.MULTIPLY:
            per[i.unit] *= i.value
        else:
            per[i.unit] = per.get(i.unit, Fraction(0)) + i.value
    return sum(per.values(), Fraction(0))


def able_attackers(
    units: Sequence[Unit], *, withdrawing: Collection[str] = (), barred: Collection[str] = ()
) -> list[Unit]:
    """The units of a side that may make a CC attack: not broken (A11.16), not Unarmed unless
    Japanese (G1.15), not a DC Hero (G1.424), not withdrawing (A11.2), not ``barred`` (a failed
    Hara-Kiri, G1.641)."""
    out = []
    for u in units:
        if u.broken:
            note(FILE, "firepower", "broken")
            continue
        if (
            (u.unarmed and not u.is_japanese)
            or u.kind == Kind.DC_HERO
            or u.id in withdrawing
            or u.id in barred
        ):
            continue
        out.append(u)
    return out


def verify_may_attack(
    u: Unit, *, withdrawing: Collection[str] = (), barred: Collection[str] = ()
) -> None:
    """Refuse a unit named to attack that may not, naming the rule."""
    if u.broken:
        note(FILE, "firepower", "broken")
        raise RuleViolation("A11.16", f"{u.id} is broken: a broken unit may not attack in CC")
    if u.kind == Kind.DC_HERO:
        raise RuleViolation("G1.424", f"{u.id} is a DC Hero: he may not make a CC attack")
    if u.id in withdrawing:
        raise RuleViolation(
            "A11.2", f"{u.id} is withdrawing: a withdrawing unit makes no CC attack"
        )
    if u.id in barred:
        raise RuleViolation("G1.641", f"{u.id} failed its Hara-Kiri NTC: no CC attack this phase")
    if u.unarmed and not u.is_japanese:
        raise RuleViolation(
            "G1.15", f"{u.id} is Unarmed: only an Unarmed Japanese unit makes a CC attack"
        )


def _leadership(attackers: Sequence[Unit]) -> list[Item]:
    """A11.141: one leader attacking with the units directs, adding his leadership DRM; a pinned
    leader does not (A7.8), nor a leader attacking alone (``[drm] leader_alone``), nor one
    attacking with a berserk unit (``[drm] leader_berserk``)."""
    leaders = [u for u in attackers if u.kind == Kind.LEADER and not u.pinned]
    if not leaders:
        return []
    if any(u.berserk for u in attackers):
        note(FILE, "drm", "leader_berserk")
        return []
    rule = str(_entry("drm", "leadership")["rule"])
    if all(u.kind == Kind.LEADER for u in attackers) and len(attackers) == 1:
        note(FILE, "drm", "leader_alone")
        return []
    best = min(leaders, key=leadership_of)
    d = leadership_of(best)
    return [Item(f"leader {best.counter} directs", Fraction(d), rule, best.id)] if d else []


def _cx(attackers: Sequence[Unit], defenders: Sequence[Unit]) -> tuple[list[Item], dict[str, int]]:
    items = []
    own: dict[str, int] = {}
    if any(u.cx for u in attackers):
        e = _entry("drm", "cx_attacker")
        items.append(Item("a CX unit attacks", Fraction(int(e["value"])), str(e["rule"])))
    e = _entry("drm", "cx_defender")
    for u in defenders:
        if u.cx:
            own[u.id] = own.get(u.id, 0) + int(e["value"])
    return items, own


def _positions(
    attackers: Sequence[Unit], defenders: Sequence[Unit], game: Game | None
) -> tuple[list[Item], list[tuple[str, Ruling[int]]]]:
    """G9.21 and G8.212: +1 to an attack made by a unit above a Panji counter, +1 by a unit above
    a Bank counter (or Infantry above a Panji counter in a paddy, with the game to say so); -1
    vs a unit above either counter (each defender his own)."""
    items: list[Item] = []
    for r in (
        panji.attack_drm(attackers),
        paddy.cc_attack_drm(game, attackers) if game is not None else _bank_attack(attackers),
    ):
        if r.value:
            items.append(Item(r.why, Fraction(r.value), r.rules[0]))
    against = []
    for u in defenders:
        for r in (panji.cc_drm_against(u), paddy.cc_drm_against(u)):
            if r.value:
                against.append((u.id, r))
    return items, against


def _bank_attack(attackers: Sequence[Unit]) -> Ruling[int]:
    for u in attackers:
        if paddy.on_bank(u):
            return Ruling(1, (paddy.PENALTY,), f"{u.id} attacks above a Bank counter")
    return Ruling(0, (), "")


def build(
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    *,
    hand_to_hand: bool = False,
    ambushes: bool = False,
    ambushed: bool = False,
    drm: int = 0,
    game: Game | None = None,
    capture: bool = False,
    withdrawing: Mapping[str, int] | None = None,
    hara_kiri_failed: Collection[str] = (),
) -> CCAttack:
    """The CC attack of ``attackers`` (every one of them attacks) on ``defenders``.
    ``hand_to_hand``: the CC is Hand-to-Hand (J2.31; :func:`hand_to_hand` decides it for G1.64);
    ``ambushes``: the attacking side Ambushed the other (A11.4), ``ambushed``: it was Ambushed
    (A11.4: +1 to its attacks); ``drm``: any other DRM;
    ``capture``: a Capture attempt (A20.22); ``withdrawing``: each withdrawing defender's id to
    the number of his side's units in the Melee that stay (A11.2); ``hara_kiri_failed``: the
    defenders who failed their Hara-Kiri NTC (G1.641). A concealed defender halves the attack's
    FP against him (A11.19)."""
    attackers, defenders = tuple(attackers), tuple(defenders)
    if not attackers:
        raise InputError("a CC attack needs an attacking unit")
    if not defenders:
        raise InputError("a CC attack needs a defending unit")
    ids = [u.id for u in (*attackers, *defenders)]
    if len(set(ids)) != len(ids):
        raise InputError(f"units named twice: {', '.join(ids)}")
    if any(u.broken for u in attackers):
        note(FILE, "firepower", "broken")
        raise InputError(
            f"{', '.join(u.id for u in attackers if u.broken)}: a broken unit may "
            "not attack in CC (A11.16)"
        )
    for u in attackers:
        if u.kind == Kind.DC_HERO:
            verify_may_attack(u)
    if capture:
        special.verify_capture(attackers, defenders)
    fp_a = [i for u in attackers for i in unit_fp(u, attacking=True)]
    fp_d = [i for u in defenders for i in unit_fp(u, attacking=False)]
    a_fp, d_fp = _fp_total(fp_a), _fp_total(fp_d)
    col = table.column_of(a_fp, d_fp)
    own_kill: dict[str, int] = {}
    own_column: dict[str, str] = {}
    hidden = [u for u in defenders if special.concealed(u)]
    if hidden:
        c = table.data()["concealment"]
        half = special.concealment_factor()
        halved = table.column_of(a_fp * half, d_fp)
        who = ", ".join(u.id for u in hidden)
        if len(hidden) == len(defenders):
            fp_a.append(
                Item(
                    f"vs concealed {who}: attack FP halved",
                    half,
                    str(c["rule"]),
                    kind=ItemKind.MULTIPLY,
                )
            )
            a_fp, col = a_fp * half, halved
        else:
            fp_a.append(
                Item(
                    f"vs concealed {who} alone: attack FP halved",
                    half,
                    str(c["rule"]),
                    kind=ItemKind.MULTIPLY,
                )
            )
            for u in hidden:
                own_kill[u.id] = halved.value.kill_number(hand_to_hand)
                own_column[u.id] = halved.value.label
    t = bundled(FILE)["cct"]
    kill = col.value.kill_number(hand_to_hand)
    items: list[Item] = []
    items += _leadership(attackers)
    cx_items, _ = _cx(attackers, defenders)
    items += cx_items
    heroes = [u for u in attackers if u.kind == Kind.HERO]
    if heroes:
        e = _entry("drm", "hero")
        items += [
            Item("hero attacks", Fraction(int(e["value"])), str(e["rule"]), u.id) for u in heroes
        ]
    if ambushes:
        a = table.data()["ambush"]
        items.append(Item("Ambush", Fraction(int(a["drm"])), str(a["rule"])))
    elif ambushed:
        a = table.data()["ambush"]
        items.append(Item("vs the side that Ambushed", Fraction(int(a["against"])), str(a["rule"])))
    if hand_to_hand:
        r = g1.hand_to_hand_drm(attackers)
        if r.value:
            items.append(Item(r.why, Fraction(r.value), r.rules[0]))
    pos, against = _positions(attackers, defenders, game)
    items += pos
    if drm:
        items.append(Item("other DRM given", Fraction(drm), ""))
    own_items: list[Item] = []
    for u in defenders:
        if u.broken:
            bd = _entry("drm", "broken_defender")
            own_items.append(
                Item(f"vs {u.id}: broken", Fraction(int(bd["value"])), str(bd["rule"]), u.id)
            )
    own_items += [
        Item(
            f"vs {u.id}: CX",
            Fraction(int(_entry("drm", "cx_defender")["value"])),
            str(_entry("drm", "cx_defender")["rule"]),
            u.id,
        )
        for u in defenders
        if u.cx
    ]
    own: dict[str, int] = {}
    own_items += [Item(f"vs {r.why}", Fraction(r.value), r.rules[0], uid) for uid, r in against]
    own_items += special.withdrawal_items(defenders, withdrawing or {})
    if capture:
        own_items += special.capture_items(defenders, hara_kiri_failed)
    for i in own_items:
        own[i.unit] = own.get(i.unit, 0) + int(i.value)
    common = sum(int(i.value) for i in items)
    rules = [str(t["rule"])]
    if hand_to_hand:
        rules.append(str(t["hand_to_hand_rule"]))
    rules += [i.rule for i in (*fp_a, *fp_d, *items, *own_items) if i.rule]
    return CCAttack(
        attackers,
        defenders,
        a_fp,
        d_fp,
        col.value,
        col.why,
        hand_to_hand,
        kill,
        common,
        tuple((u.id, own.get(u.id, 0)) for u in defenders),
        tuple(fp_a + fp_d),
        tuple(items + own_items),
        tuple(dict.fromkeys(rules)),
        tuple(own_kill.items()),
        tuple(own_column.items()),
        capture,
    )


def hand_to_hand(
    attacker_side: Sequence[Unit],
    defender_side: Sequence[Unit],
    *,
    declared: bool = False,
    ambush: str = "",
    withdrawing: Collection[str] = (),
) -> Ruling[bool]:
    """Whether the CC of a Location is Hand-to-Hand: declared (``declared``: by SSR, or in
    Deluxe ASL and RED BARRICADES, G1.64), or by G1.64 - a Japanese unbroken Infantry/Cavalry
    ATTACKER, or a Japanese side that Ambushes, unless every such unit was Ambushed this phase
    or is pinned or Withdrawing. ``ambush``: "attacker" or "defender", the side that Ambushed
    (A11.4); ``withdrawing``: the ids of the units withdrawing (A11.2)."""
    if declared:
        return Ruling(True, ("J2.31",), "Hand-to-Hand CC declared")
    japanese_att = [u for u in attacker_side if u.is_japanese]
    japanese_def = [u for u in defender_side if u.is_japanese]
    ambushed = {
        u.id
        for u in (
            attacker_side if ambush == "defender" else defender_side if ambush == "attacker" else ()
        )
    }
    facts = g1.CCFacts(
        japanese=(*japanese_att, *japanese_def),
        japanese_attacker=bool(japanese_att),
        japanese_ambushed_enemy=(ambush == "attacker" and bool(japanese_att))
        or (ambush == "defender" and bool(japanese_def)),
        ambushed_this_phase=frozenset(ambushed),
        withdrawing=frozenset(withdrawing),
    )
    if japanese_def and not japanese_att and ambush != "defender":
        return Ruling(False, ("G1.64",), "the Japanese are the DEFENDER and did not Ambush")
    r = g1.is_hand_to_hand(facts)
    if r.value:
        who = "Ambushes" if facts.japanese_ambushed_enemy else "is the ATTACKER"
        return Ruling(True, r.rules, f"unbroken Japanese Infantry {who} (G1.64)")
    return r
