"""Fire into a Melee Location (A11.15, A7.4, A7.21): ``procedures.fire`` with
``FireOptions(melee=True)`` and ``aslpto fire --melee``.

The small map of :mod:`gamehelp`: board 37 of open ground, woods in 37G4 (TEM +1). U1 (U.S.) and
J1 (Japanese) are locked in Melee in the woods; U2 fires from 37G7 (range 3)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.procedures.fire import FireOptions, Phase, breakdown, fire
from aslpto.rules.fire import table
from aslpto.state.dice import DR, RandomDice
from aslpto.state.game import Game
from aslpto.state.units import Unit
from gamehelp import game, jp, leader, us

WOODS = "37G4"
MELEE = FireOptions(melee=True)


def melee(*extra: Unit) -> Game:
    """U1 and J1 in Melee in the woods of 37G4, U2 in 37G7 and J2 in 37B2."""
    return game(
        us("U1", WOODS), jp("J1", WOODS), us("U2", "37G7"), jp("J2", "37B2"), *extra
    ).position


def test_a11_15_fire_into_a_melee_attacks_the_units_of_both_sides() -> None:
    g = melee()
    b = breakdown(g, ["U2"], WOODS, MELEE)
    assert [t.id for t in b.targets] == ["U1", "J1"]
    assert b.melee and b.side == "U.S." and "A11.15" in b.rules
    # each target its own DRM, as any target of the IFT (A.5): the woods' TEM here
    assert dict(b.attack.drm) == {"U1": 1, "J1": 1}
    d = b.as_json()
    assert d["melee"] is True
    assert [(t["unit"], t["side"]) for t in d["targets"]] == [("U1", "U.S."), ("J1", "Japanese")]
    assert any("firers' side's (U1)" in n for n in b.notes)
    # not in Melee, the same fire attacks the enemy alone (A7.4)
    plain = breakdown(g, ["U2"], WOODS)
    assert [t.id for t in plain.targets] == ["J1"] and not plain.as_json()["melee"]
    assert [t["side"] for t in plain.as_json()["targets"]] == ["Japanese"]


def test_a7_4_each_unit_in_the_melee_its_own_final_dr() -> None:
    g = melee()
    a = fire(g, ["U2"], WOODS, MELEE)
    assert a.results is not None and a.odds is not None
    for res, _ in a.results:
        assert {u for u, _ in res} == {"U1", "J1"}
    total = sum((p for _, p in a.odds.joint()), Fraction(0))
    assert total == 1
    # the friendly squad may be broken by its own side's fire, the enemy's kept Good Order
    assert any(
        any(u.side == "U.S." and u.broken for u in r.units)
        and not any(u.side == "Japanese" and u.broken for u in r.units)
        for r, p in a.odds.joint()
        if p
    )


@settings(max_examples=60, deadline=None)
@given(white=st.integers(1, 6), colored=st.integers(1, 6), seed=st.integers(0, 10_000))
def test_a7_3_the_melee_s_units_take_one_original_dr_each_its_own_result(
    white: int, colored: int, seed: int
) -> None:
    g = melee(us("U3", WOODS, concealed=True))
    b = breakdown(g, ["U2"], WOODS, MELEE)
    a = b.attack

    class Dice(RandomDice):
        first = True

        def DR(self) -> DR:
            if self.first:
                self.first = False
                return DR(white, colored)
            return super().DR()

    r = fire(g, ["U2"], WOODS, MELEE, dice=Dice(seed)).rolled
    assert r is not None and r.roll == DR(white, colored)
    column = a.column if not (r.roll.doubles and a.cower) else table.shifted(a.column, a.cower)
    for uid, got in r.results:
        want = table.result(column, white + colored + a.drm_of(uid)) if column else got
        assert got == want
    # U3 keeps its "?": not locked in the Melee, not attacked (a reading of A11.15)
    assert {uid for uid, _ in r.results} == {"U1", "J1"}
    assert "U3" not in r.outcome.eliminated


def test_a10_2_a_leader_in_the_melee_lends_nothing_to_the_enemy_s_units() -> None:
    """A friendly leader broken by fire into the Melee makes his own side's units take a LLTC,
    not the enemy's (A10.2: the leader's own side)."""
    g = melee(leader("UL", WOODS, "8-0"))
    r = fire(g, ["U2"], WOODS, MELEE, dice=RandomDice(15)).rolled
    assert r is not None
    ev = r.outcome.events
    assert "UL: broken" in ev and "U1: failed LLTC: pin" in ev
    assert not any(e.startswith("J1") and "LL" in e for e in ev)


def test_a11_15_a_unit_locked_in_melee_may_not_fire() -> None:
    g = melee()
    with pytest.raises(RuleViolation) as e:
        breakdown(g, ["U1"], WOODS, MELEE)
    assert e.value.rule == "A11.15" and "U1 is locked in Melee in 37G4" in e.value.message


def test_a11_15_a_concealed_unit_in_the_melee_location_fires_into_it_at_tpbf() -> None:
    g = melee(us("U3", WOODS, concealed=True))
    b = breakdown(g, ["U3"], WOODS, MELEE)
    assert dict(b.ranges) == {"U3": 0}
    assert any(i.rule == "A7.21" and i.value == 3 for i in b.fp)
    assert [t.id for t in b.targets] == ["U1", "J1"]
    assert any("U3 of the firers' side keep(s) the '?'" in n for n in b.notes)


def test_a11_15_a_leader_locked_in_melee_directs_no_fire() -> None:
    g = melee(us("U3", WOODS, concealed=True), leader("UL", WOODS, "9-1"))
    b = breakdown(g, ["U3"], WOODS, MELEE)
    assert not any(i.rule == "A7.53" for i in b.drm)
    with pytest.raises(RuleViolation) as e:
        breakdown(g, ["U3"], WOODS, FireOptions(melee=True, leader="UL"))
    assert e.value.rule == "A11.15"
    # not in Melee, the same leader directs
    plain = breakdown(g, ["U3"], WOODS)
    assert any(i.unit == "UL" for i in plain.drm)


def test_a11_15_a_location_without_unconcealed_units_of_two_sides_is_not_in_melee() -> None:
    g = game(us("U1", WOODS, concealed=True), jp("J1", WOODS), us("U2", "37G7")).position
    with pytest.raises(RuleViolation) as e:
        breakdown(g, ["U2"], WOODS, MELEE)
    assert e.value.rule == "A11.15" and "not in Melee" in e.value.message


def test_a11_15_fire_into_a_melee_in_the_mph_is_not_built() -> None:
    o = FireOptions(phase=Phase.DEFENSIVE_FIRST, moving=True, melee=True)
    with pytest.raises(InputError, match="not built"):
        breakdown(melee(), ["U2"], WOODS, o)


# --- the command ------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    """paddy-river.toml with U1 moved into 32N6, J3's Location."""
    text = (ROOT / "examples" / "paddy-river.toml").read_text()
    p = tmp_path / "melee.toml"
    p.write_text(text.replace('hex = "32M9"', 'hex = "32N6"', 1))
    return p


def test_a11_15_cli_fire_melee_names_each_target_s_side(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fire", str(scenario), "U2", "32N6", "--melee", "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert out["melee"] is True
    assert {t["unit"]: t["side"] for t in out["targets"]} == {"J3": "Japanese", "U1": "U.S."}
    assert sum((Fraction(o["probability"]) for o in out["outcomes"]), Fraction(0)) == 1
    units = [u for o in out["outcomes"] for u in o["result"]]
    assert {(u["side"], u["friendly"]) for u in units} == {("U.S.", True), ("Japanese", False)}
    assert "A11.15" in out["rules"] or any("Melee" in n for n in out["notes"])
    assert main(["fire", str(scenario), "U2", "32N6", "--melee", "--rolls", "1,1 1 6"]) == 0
    text = capsys.readouterr().out
    assert "J3 (Japanese, enemy): DRM" in text and "U1 (U.S., friendly): DRM" in text
    assert "eliminated: U1" in text
    # without --melee the friendly squad is not attacked
    assert main(["fire", str(scenario), "U2", "32N6", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert [t["unit"] for t in plain["targets"]] == ["J3"] and plain["melee"] is False


def test_a11_15_cli_fire_melee_refusals_are_one_line(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fire", str(scenario), "U1", "32N6", "--melee"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aslpto: A11.15: ") and len(err.strip().splitlines()) == 1
    assert main(["fire", str(scenario), "U2", "32N6", "--melee", "--summary"]) == 0
    assert "Japanese:" in capsys.readouterr().out
