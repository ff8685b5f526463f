"""Actions a unit may be refused by the PTO rules: ``verify`` raises the
:class:`~aslpto.base.rulings.RuleViolation` naming the rule, ``can`` answers yes or no, ``apply``
verifies and then returns the changed game (a refused action changes nothing).

>>> from aslpto.procedures.actions import Interdict, can
>>> # can(game, Interdict("J1")) is False while J1 is above a Panji counter (G9.21)

Each action carries unit ids (and hex names) as the command line speaks them. The checks are
the chapter modules' (:mod:`aslpto.rules.panji.effects` G9, :mod:`aslpto.rules.paddy.effects`
G8.212,
:mod:`aslpto.rules.water.conditions` B21, :mod:`aslpto.rules.pto.procedures` G.3); this layer only
gathers them.
"""

from __future__ import annotations

from typing import Union

from aslpto.base.records import record, replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.rules.paddy import effects as pc
from aslpto.rules.panji import effects as pe
from aslpto.rules.panji.effects import DCMode, ItemAction, Weapon
from aslpto.rules.pto import procedures as pto
from aslpto.rules.water import conditions as wc
from aslpto.state.game import Game


@record
class Recover:
    """Recover (or Scrounge) an unpossessed item lying in the unit's hex at ``item_position``
    (``in``, ``bank``, ``above-panji``, ``beneath-panji``, ``ground``)."""

    unit: str
    item_position: str = "ground"


@record
class Scrounge:
    unit: str
    vehicle: str


@record
class Transfer:
    giver: str
    receiver: str


@record
class SetDC:
    unit: str


@record
class PlaceDC:
    unit: str
    into: str  # the hex name of the Location it is Placed into


@record
class ThrowDC:
    unit: str
    into: str


@record
class DetonateDC:
    """A DC detonated as per G1.424 (DC Hero / Japanese Infantry)."""

    unit: str


@record
class Search:
    unit: str
    hexes: tuple[str, ...] = ()


@record
class Guard:
    guard: str
    prisoner: str


@record
class Interdict:
    unit: str


@record
class Entrench:
    """Make or direct an Entrenching Attempt."""

    unit: str


@record
class Clear:
    """Attempt, direct or assist a Clearance (B24.7; G9.71 for a Covered hexside)."""

    units: tuple[str, ...]
    panji: str | None = None
    hexside: str | None = None


@record
class Pack:
    unit: str
    unpack: bool = False


@record
class Fire:
    unit: str
    weapon: Weapon = Weapon.INHERENT


@record
class ItemOp:
    """Something done to or with a SW/Gun/vehicle (G9.52): ``unit`` is the Infantry, vehicle
    or Gun concerned."""

    unit: str
    op: ItemAction
    dismantled: bool = False
    in_vehicle: bool = False


@record
class GainConcealment:
    """Make a concealment dr (A12.122) / gain "?". ``enemy_los``: whether an unbroken enemy
    ground unit has a LOS to the unit (traced on the map when not given; G9.53)."""

    unit: str
    enemy_los: bool | None = None


@record
class Gallop:
    unit: str
    to_hex: str
    to_position: str = "ground"


@record
class Mount:
    rider: str
    mount_position: str


@record
class Embark:
    """Become PRC on a transport (G9.51)."""

    unit: str
    transport: str


@record
class LowCrawl:
    unit: str


@record
class PlaceSmoke:
    """Place a white SMOKE counter in a hex."""

    hex: str


@record
class FormFireGroup:
    units: tuple[str, ...]


Action = Union[  # noqa: UP007 - a readable list of the actions
    Recover,
    Scrounge,
    Transfer,
    SetDC,
    PlaceDC,
    ThrowDC,
    DetonateDC,
    Search,
    Guard,
    Interdict,
    Entrench,
    Clear,
    Pack,
    Fire,
    ItemOp,
    GainConcealment,
    Gallop,
    Mount,
    Embark,
    LowCrawl,
    PlaceSmoke,
    FormFireGroup,
]


def verify(game: Game, action: Action) -> None:
    """Raise the :class:`RuleViolation` that forbids ``action`` (or :class:`InputError` for an
    unknown unit or hex); return None when it is allowed."""
    u = game.unit
    match action:
        case Recover(unit, item_position):
            a = u(unit)
            pe.verify_item_action(a, ItemAction.RECOVER)
            pc.verify_recover(a, item_position)
        case Scrounge(unit, vehicle):
            a, v = u(unit), u(vehicle)
            pe.verify_item_action(v, ItemAction.SCROUNGE)
            pc.verify_recover(a, v.position)
        case Transfer(giver, receiver):
            a, b = u(giver), u(receiver)
            pe.verify_item_action(a, ItemAction.TRANSFER)
            pe.verify_item_action(b, ItemAction.TRANSFER)
            pc.verify_transfer(a, b)
        case SetDC(unit):
            a = u(unit)
            pe.verify_dc(game, a, DCMode.SET)
            pc.verify_set_dc(a)
        case PlaceDC(unit, into):
            a = u(unit)
            game.map.hex(into)
            pe.verify_dc(game, a, DCMode.PLACED, into=into)
            pc.verify_weapon(game, a, Weapon.DC_PLACED)
        case ThrowDC(unit, into):
            game.map.hex(into)
            pe.verify_dc(game, u(unit), DCMode.THROWN, into=into)
        case DetonateDC(unit):
            a = u(unit)
            pe.verify_dc(game, a, DCMode.DETONATED)
            pc.dc_detonation_as(a, "in")
        case Search(unit, hexes):
            a = u(unit)
            for h in hexes:
                game.map.hex(h)
            pe.verify_search(a)
            pc.verify_voluntary_ti(a, pc.TIActivity.SEARCH)
        case Guard(guard, prisoner):
            g, p = u(guard), u(prisoner)
            pe.verify_guard(g, p)
            pc.verify_guard(g, p)
        case Interdict(unit):
            pe.verify_interdict(u(unit))
        case Entrench(unit):
            a = u(unit)
            pe.verify_entrench(a)
            pc.verify_voluntary_ti(a, pc.TIActivity.ENTRENCH)
        case Clear(units, panji, hexside):
            if not units:
                raise InputError("a Clearance needs the units making it")
            for uid in units:
                a = u(uid)
                if pe.is_above(a):
                    raise RuleViolation(
                        "G9.71",
                        f"{uid} is above a Panji counter: may not "
                        "attempt, direct or assist in Clearance",
                    )
                pc.verify_voluntary_ti(a, pc.TIActivity.CLEAR)
            if panji is not None or hexside is not None:
                if panji is None or hexside is None:
                    raise InputError("a panji Clearance names the counter and its hexside")
                pe.verify_clearance(game, pe.ClearanceAttempt(panji, hexside, units))
        case Pack(unit, unpack):
            a = u(unit)
            pe.verify_item_action(a, ItemAction.UNPACK if unpack else ItemAction.PACK)
            act = pc.TIActivity.UNPACK if unpack else pc.TIActivity.PACK
            pc.verify_voluntary_ti(a, act)
        case Fire(unit, weapon):
            a = u(unit)
            pe.verify_weapon(a, weapon)
            pc.verify_weapon(game, a, weapon)
            if wc.fording(game, a):  # B21.42: every fording unit (Infantry or Cavalry)
                wc.fording_fp(1, weapon)
        case ItemOp(unit, op, dismantled, in_vehicle):
            pe.verify_item_action(u(unit), op, dismantled=dismantled, in_vehicle=in_vehicle)
        case GainConcealment(unit, enemy_los):
            a = u(unit)
            pe.verify_concealment_dr(a, enemy_los=enemy_los, game=game)
            pc.verify_gain_concealment(a)
        case Gallop(unit, to_hex, to_position):
            a = u(unit)
            pe.verify_gallop(game, a, to_hex)
            pc.verify_gallop(a, from_position=a.position, to_position=to_position)
        case Mount(rider, mount_position):
            pc.verify_mount(u(rider), mount_position)
        case Embark(unit, transport):
            pe.verify_embark(u(unit), u(transport))
        case LowCrawl(unit):
            wc.verify_low_crawl(game, u(unit))
        case PlaceSmoke(hex_name):
            pc.verify_white_smoke(game, hex_name)
        case FormFireGroup(units):
            pto.verify_firegroup(game, [u(x) for x in units])
        case _:
            raise InputError(f"unknown action {action!r}")


def can(game: Game, action: Action) -> bool:
    """Whether the rules allow ``action`` (unknown units/hexes still raise InputError)."""
    try:
        verify(game, action)
    except RuleViolation:
        return False
    return True


def _ti(game: Game, uids: tuple[str, ...]) -> Game:
    units = dict(game.units)
    for uid in uids:
        units[uid] = units[uid].with_(ti=True)
    return replace(game, units=units)


def apply(game: Game, action: Action) -> Game:
    """Verify ``action`` and return the game after it. The state this engine keeps changes only
    for the activities that make units TI (Search A12.152, Entrench B27.11, Clearance B24.7,
    (Un)Packing); the others return the same game once allowed."""
    verify(game, action)
    match action:
        case Search(unit, _) | Entrench(unit) | Pack(unit, _):
            return _ti(game, (unit,))
        case Clear(units, _, _):
            return _ti(game, units)
        case _:
            return game
