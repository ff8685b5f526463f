"""The action-check layer: refused actions name their rule and leave the game unchanged."""

from __future__ import annotations

import copy

import pytest

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.procedures import actions as act
from aslpto.rules.panji.effects import ABOVE, BENEATH, ItemAction, Weapon
from aslpto.state.counters import make
from aslpto.state.game import Conditions, Game, PaddyState, Panji
from aslpto.state.units import Kind, Strength, Unit, UnitClass, VehicleType
from maphelp import one_board

BOARD = """[terrain]
paddy = ["C3", "C4"]
river = ["Q1..Q10", "R1..R10"]
dense-jungle = ["H5"]
swamp = ["H6"]
kunai = ["J6"]
"""


def world(paddy: PaddyState = PaddyState.DRAINED) -> Game:
    m = one_board(BOARD, pto_terrain=True)
    s = m.layout.hexside("37EE7-EE8")
    units = [
        make("B", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37C4", position="bank"),
        make("I", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37C4", position="in"),
        make("A", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37EE7", position=ABOVE),
        make("U", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37EE7", position=BENEATH),
        make(
            "P",
            "japanese",
            Kind.SQUAD,
            UnitClass.FIRST_LINE,
            Strength.FULL,
            hex="37C4",
            position="in",
            unarmed=True,
        ),
        make("F", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37Q5", broken=True),
        make("X", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37H5"),
        make("Y", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37H6"),
        Unit(
            "T",
            "american",
            "american",
            Kind.VEHICLE,
            hex="37EE7",
            position=ABOVE,
            vehicle_type=VehicleType.FULLY_TRACKED,
            afv=True,
        ),
    ]
    return Game(
        m,
        Conditions(pto_terrain=True, paddy=paddy),
        units={u.id: u for u in units},
        panjis={"A": Panji("A", m.hex("37EE7"), frozenset({s}), side="japanese")},
    )


REFUSED = [
    (act.Recover("B", "in"), "G8.212"),
    (act.SetDC("B"), "G8.212"),
    (act.Search("B", ("37C5",)), "G8.212"),
    (act.Interdict("A"), "G9.21"),
    (act.Transfer("B", "I"), "G8.212"),
    (act.Guard("B", "P"), "G8.212"),
    (act.Entrench("B"), "G8.212"),
    (act.Clear(("B",)), "G8.212"),
    (act.Pack("B"), "G8.212"),
    (act.Pack("B", unpack=True), "G8.212"),
    (act.Fire("B", Weapon.MMG), "G8.212"),
    (act.GainConcealment("B", enemy_los=False), "G8.212"),
    (act.Recover("A"), "G9.52"),
    (act.Transfer("U", "A"), "G9.52"),
    (act.SetDC("A"), "G9.211"),
    (act.PlaceDC("A", "37EE8"), "G9.211"),
    (act.ThrowDC("A", "37EE8"), "G9.211"),
    (act.PlaceDC("U", "37EE8"), "G9.211"),
    (act.Search("A", ("37EE8",)), "G9.48"),
    (act.Entrench("A"), "G9.55"),
    (act.Clear(("A",)), "G9.71"),
    (act.Guard("A", "U"), "G9.56"),
    (act.Fire("A", Weapon.HMG), "G9.21"),
    (act.GainConcealment("A"), "G9.53"),
    (act.ItemOp("T", ItemAction.CHANGE_VCA), "G9.52"),
    (act.Scrounge("U", "T"), "G9.52"),
    (act.Fire("F", Weapon.LMG), "B21.42"),
    (act.LowCrawl("F"), "B21.43"),
    (act.FormFireGroup(("X", "Y")), "G.3"),
]


@pytest.mark.parametrize(("action", "rule"), REFUSED, ids=[type(a).__name__ for a, _ in REFUSED])
def test_refused_actions_name_their_rule_and_change_nothing(action: act.Action, rule: str) -> None:
    g = world()
    before = copy.deepcopy(dict(g.units)), dict(g.panjis), g.fortifications
    with pytest.raises(RuleViolation) as e:
        act.verify(g, action)
    assert e.value.rule == rule
    assert not act.can(g, action)
    with pytest.raises(RuleViolation):
        act.apply(g, action)
    assert (dict(g.units), dict(g.panjis), g.fortifications) == before


def test_g8_212_bank_recover_set_dc_search_refused() -> None:
    g = world()
    for a in (act.Recover("B", "in"), act.SetDC("B"), act.Search("B")):
        with pytest.raises(RuleViolation) as e:
            act.apply(g, a)
        assert e.value.rule == "G8.212"
        assert g.unit("B") == world().unit("B")


def test_g9_21_panji_interdict_refused() -> None:
    g = world()
    with pytest.raises(RuleViolation) as e:
        act.apply(g, act.Interdict("A"))
    assert e.value.rule == "G9.21"


ALLOWED = [
    act.Recover("I", "in"),
    act.Recover("B", "bank"),
    act.SetDC("I"),
    act.Interdict("U"),
    act.Transfer("I", "P"),
    act.Fire("B", Weapon.LMG),
    act.Fire("A", Weapon.FT),
    act.Fire("F"),
    act.ItemOp("U", ItemAction.REPAIR),
    act.FormFireGroup(("X", "B")),
    act.PlaceSmoke("37C4"),
]


@pytest.mark.parametrize("action", ALLOWED, ids=[type(a).__name__ for a in ALLOWED])
def test_allowed_actions(action: act.Action) -> None:
    g = world()
    act.verify(g, action)
    assert act.can(g, action)
    assert act.apply(g, action) is g


def test_apply_search_makes_the_unit_ti() -> None:
    g = world()
    g2 = act.apply(g, act.Search("I", ("37C5",)))
    assert g2.unit("I").ti and not g.unit("I").ti
    g3 = act.apply(g, act.Clear(("I", "U")))
    assert g3.unit("I").ti and g3.unit("U").ti
    assert act.apply(g, act.Entrench("U")).unit("U").ti


def test_white_smoke_irrigated_refused() -> None:
    g = world(PaddyState.IRRIGATED)
    with pytest.raises(RuleViolation) as e:
        act.apply(g, act.PlaceSmoke("37C4"))
    assert e.value.rule == "G8 (Irrigated)"


def test_panji_clearance_through_actions() -> None:
    g = world()
    act.verify(g, act.Clear(("U",), "A", "37EE7-EE8"))
    with pytest.raises(RuleViolation) as e:
        act.verify(g, act.Clear(("U",), "A", "37EE7-EE6"))
    assert e.value.rule == "G9.71"
    with pytest.raises(InputError):
        act.verify(g, act.Clear(("U",), "A"))


def test_unknown_unit_is_input_error() -> None:
    with pytest.raises(InputError):
        act.can(world(), act.Interdict("nobody"))
