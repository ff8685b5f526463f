"""The Close Combat in a Location of a scenario (A11.1, A11.16, A11.141, G1.64, G8.212, G9.21):
``procedures.cc.close_combat`` (``aslpto.close_combat``) and ``aslpto cc``, on
examples/paddy-river.toml with U.S. units moved into the Japanese hexes."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import aslpto
from aslpto.base.records import replace
from aslpto.base.rulings import InputError, RuleViolation
from aslpto.cli import main
from aslpto.formats import scenario
from aslpto.procedures.cc import CCOptions, close_combat
from aslpto.rules.cc.attack import CCAttack
from aslpto.state.dice import GivenDice
from aslpto.state.game import Game
from aslpto.state.units import Kind, Unit

ROOT = Path(__file__).resolve().parent.parent
DRAINED = ROOT / "examples" / "paddy-river.toml"


@pytest.fixture(scope="module")
def game() -> Game:
    return scenario.load(str(DRAINED))


def _with(game: Game, **units: Unit) -> Game:
    return replace(game, units={**game.units, **units})


def _moved(game: Game, **hexes: str) -> Game:
    return _with(game, **{u: game.units[u].with_(hex=h) for u, h in hexes.items()})


def _drm(attack: CCAttack) -> set[tuple[str, int]]:
    return {(i.rule, int(i.value)) for i in attack.drm_items}


def test_a11_1_the_location_s_units_of_both_sides_attack_simultaneously(game: Game) -> None:
    g = _moved(game, U1="32N6")
    a = close_combat(g, "32N6")
    assert (a.location, a.attacker, a.defender) == ("32N6", "U.S.", "Japanese")
    assert [u.id for u in a.cc.attacker_side] == ["U1"]
    assert [u.id for u in a.cc.defender_side] == ["J3"]
    assert a.cc.first == "" and not a.cc.hand_to_hand  # the Japanese defend (G1.64)
    atk, dfn = a.cc.attacks
    assert atk is not None and dfn is not None
    assert (atk.column.label, atk.kill) == ("2-1", 7)
    assert (dfn.column.label, dfn.kill) == ("1-2", 4)
    assert a.odds is not None and a.odds.total() == 1
    assert a.odds.probability(lambda r: r.eliminated == ("J3",)) == Fraction(55, 144)


def test_a11_1_a_unit_id_names_its_hex_and_a_word_both_unit_and_hex_is_refused(game: Game) -> None:
    g = _moved(game, U1="32N6")
    assert close_combat(g, "J3").location == "32N6"
    clash = _with(g, **{"32N6": g.units["J1"].with_(id="32N6")})
    with pytest.raises(InputError, match="location '32N6' is both a unit and a hex"):
        close_combat(clash, "32N6")
    with pytest.raises(InputError, match="location '32ZZ99'"):
        close_combat(g, "32ZZ99")


def test_a11_1_a_location_without_both_sides_is_refused(game: Game) -> None:
    with pytest.raises(RuleViolation, match=r"A11\.1: no enemy unit in 32N6: only Japanese"):
        close_combat(game, "32N6")
    with pytest.raises(RuleViolation, match=r"A11\.1: no enemy unit in 32E5: no unit there"):
        close_combat(game, "32E5")


def test_g1_64_a_japanese_attacker_makes_the_location_s_cc_hand_to_hand(game: Game) -> None:
    g = _moved(game, U2="32O5", UL="32O5")
    a = close_combat(g, "32O5", attacker="japanese")
    assert a.attacker == "Japanese" and a.cc.hand_to_hand
    atk, dfn = a.cc.attacks
    assert atk is not None and dfn is not None
    assert ("G1.64", -1) in _drm(atk)
    assert atk.kill == 6 and dfn.kill == 8  # the red Kill Numbers (J2.31)
    assert not close_combat(g, "32O5").cc.hand_to_hand
    with pytest.raises(InputError, match="attacker 'russians': no such side"):
        close_combat(g, "32O5", attacker="russians")


def test_g8_212_a_unit_on_a_bank_counter_attacks_at_plus_one_and_is_attacked_at_minus_one(
    game: Game,
) -> None:
    g = _moved(game, U2="32O5", UL="32O5")
    atk, dfn = close_combat(g, "J2").cc.attacks
    assert atk is not None and dfn is not None
    assert {("A11.141", -1), ("G8.212", -1)} <= _drm(atk)  # the 9-1 directs; J2 on the bank
    assert atk.drm_of("J2") == -2
    assert ("G8.212", 1) in _drm(dfn)


def test_g9_21_a_unit_above_a_panji_counter_attacks_at_plus_one_and_is_attacked_at_minus_one(
    game: Game,
) -> None:
    g = _moved(game, U1="32N6")
    g = _with(g, J3=g.units["J3"].with_(position="above-panji"))
    atk, dfn = close_combat(g, "32N6").cc.attacks
    assert atk is not None and dfn is not None
    assert atk.drm_of("J3") == -1 and ("G9.21", -1) in _drm(atk)
    assert ("G9.21", 1) in _drm(dfn)


def test_a11_16_a_broken_unit_does_not_attack_and_is_attacked_at_minus_two(game: Game) -> None:
    g = _moved(game, U1="32N6")
    g = _with(g, J3=g.units["J3"].with_(broken=True))
    atk, dfn = close_combat(g, "32N6").cc.attacks
    assert dfn is None and atk is not None and atk.drm_of("J3") == -2
    both = _with(g, U1=g.units["U1"].with_(broken=True))
    with pytest.raises(InputError, match=r"A11\.16"):
        close_combat(both, "32N6")


def test_a11_4_the_ambushing_side_attacks_first_and_a_roll_lands(game: Game) -> None:
    g = _moved(game, U1="32N6")
    a = close_combat(g, "32N6", CCOptions(ambush="attacker"), dice=GivenDice("1,1 6,6"))
    assert a.cc.first == "attacker"
    assert a.rolled is not None and a.rolled.eliminated == ("J3",)
    assert aslpto.close_combat is close_combat


def test_a11_1_the_game_is_left_unchanged(game: Game) -> None:
    g = _moved(game, U1="32N6")
    before = dict(g.units)
    close_combat(g, "32N6", dice=GivenDice("1,1 1,1"))
    assert dict(g.units) == before


# --- the command ------------------------------------------------------------------------------


@pytest.fixture
def moved(tmp_path: Path) -> str:
    """paddy-river.toml with U1 moved into J3's hex (32N6) and U2 into J2's (32O5)."""
    text = DRAINED.read_text()
    text = text.replace('hex = "32M9"', 'hex = "32N6"', 1).replace(
        'hex = "32N9"\n', 'hex = "32O5"\n', 1
    )
    p = tmp_path / "cc.toml"
    p.write_text(text)
    return str(p)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def total(p: dict[str, Any]) -> Fraction:
    return sum((Fraction(o["probability"]) for o in p["outcomes"]), Fraction(0))


def test_a11_1_cli_cc_json_is_odds_cc_s_shape_with_the_location(
    capsys: pytest.CaptureFixture[str], moved: str
) -> None:
    code, out, err = run(capsys, "cc", moved, "J2", "--json")
    assert code == 0, err
    p = json.loads(out)
    assert (p["procedure"], p["location"], p["attacker"], p["defender"]) == (
        "cc",
        "32O5",
        "U.S.",
        "Japanese",
    )
    assert [u["id"] for u in p["units"]] == ["U2"]
    assert [(u["id"], u["position"]) for u in p["defenders"]] == [("J2", "bank")]
    assert set(p["cc"]) >= {"hand_to_hand", "attacks", "rules", "first"}
    assert total(p) == 1 and "G8.212" in p["rules"]


def test_g1_64_cli_cc_japanese_attacker_text_and_summary(
    capsys: pytest.CaptureFixture[str], moved: str
) -> None:
    code, out, err = run(capsys, "cc", moved, "32O5", "--attacker", "Japanese")
    assert code == 0, err
    assert out.startswith(
        "32O5: Japanese (ATTACKER) J2 4-4-7 bank; U.S. (DEFENDER) U2 6-6-6\nHand-to-Hand CC"
    )
    code, out, err = run(
        capsys, "cc", moved, "32O5", "--attacker", "Japanese", "--summary", "--json"
    )
    assert code == 0, err
    s = json.loads(out)["summary"]
    for u in s["units"]:
        assert sum(Fraction(o["probability"]) for o in u["outcomes"]) == 1
    for rows in s["eliminated"].values():
        assert sum(Fraction(o["probability"]) for o in rows) == 1


def test_a11_4_cli_cc_rolled_and_refusals_are_one_line(
    capsys: pytest.CaptureFixture[str], moved: str
) -> None:
    code, out, err = run(
        capsys, "cc", moved, "U1", "--ambush", "attacker", "--rolls", "1,1", "--json"
    )
    assert code == 0, err
    p = json.loads(out)
    assert p["rolled"] == "1,1" and p["outcomes"][0]["eliminated"] == ["J3"]
    for args, want in (
        (("32M5",), "aslpto: A11.1: no enemy unit in 32M5"),
        (("32N6", "--rolls", "1,1 6,6 3,3"), "aslpto: rolls '1,1 6,6 3,3': "),
        (("32N6", "--attacker", "zz"), "aslpto: attacker 'zz': no such side"),
        (("32N6", "--summary", "--seed", "1"), "aslpto: --summary sums up the odds"),
    ):
        code, out, err = run(capsys, "cc", moved, *args)
        assert code == 2 and out == "" and err.startswith(want) and err.count("\n") == 1, err


def test_a11_1_cli_odds_cc_summary_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "odds",
        "cc",
        "--attacker",
        "4-4-8",
        "--defender",
        "6-6-6:american",
        "--summary",
        "--json",
    )
    assert code == 0, err
    s = json.loads(out)["summary"]
    assert [u["id"] for u in s["units"]] == ["A1", "D1"]
    assert sum(Fraction(o["probability"]) for o in s["eliminated"]["defender"]) == 1


def test_a11_4_cli_cc_ambush_roll_in_a_location(
    capsys: pytest.CaptureFixture[str], moved: str
) -> None:
    code, out, err = run(capsys, "cc", moved, "U1", "--ambush-roll", "--json")
    assert code == 0, err
    p = json.loads(out)
    s = p["ambush_status"]
    assert sum(Fraction(v) for v in s["odds"].values()) == 1 and total(p) == 1
    code, out, err = run(capsys, "cc", moved, "U1", "--ambush-roll", "--rolls", "1 6 1,1")
    assert code == 0, err
    assert "the attacker Ambushes" in out and "eliminated: J3" in out


def test_a11_5_a_location_with_a_vehicle_is_the_infantry_s_attack_on_it_a11_31(
    game: Game,
) -> None:
    tank = Unit("UT", "U.S.", "american", Kind.VEHICLE, counter="M4A1", hex="32N6")
    g = _with(game, UT=tank)
    a = close_combat(g, "32N6")
    assert a.vehicle is not None and a.odds is None and a.rolled is None
    v = a.vehicle
    # J3, a Reduced-Strength Japanese squad, keeps its Full-Strength CCV (G1.64)
    assert [u.id for u in v.attackers] == ["J3"] and v.vehicle.id == "UT"
    assert (v.ccv, v.drm) == (5, 0) and v.ccv_items[0].rule == "G1.64"
    # a U.S. squad with the tank escorts it (A11.51: +2)
    g2 = _with(_moved(game, U1="32N6"), UT=tank)
    v2 = close_combat(g2, "32N6").vehicle
    assert v2 is not None and v2.drm == 2
    with pytest.raises(InputError, match="--capture"):
        close_combat(g2, "32N6", CCOptions(capture="attacker"))


def test_a11_5_cli_cc_a_location_with_a_vehicle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = DRAINED.read_text() + (
        '\n[[units]]\nid = "UT"\nside = "U.S."\nkind = "vehicle"\ncounter = "M4A1"\n'
        'vehicle_type = "fully-tracked"\nafv = true\nmf = 16\nhex = "32N6"\n'
    )
    p = tmp_path / "tank.toml"
    p.write_text(text)
    code, out, err = run(capsys, "cc", str(p), "32N6", "--json")
    assert code == 0, err
    j = json.loads(out)
    assert j["cc_vehicle"]["ccv"] == 5 and total(j) == 1
    code, out, err = run(capsys, "cc", str(p), "32N6", "--rolls", "2,2")
    assert code == 0, err
    assert "UT eliminated" in out and "A11.31" in out
