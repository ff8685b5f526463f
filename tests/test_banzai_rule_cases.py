"""Banzai Charge and T-H Hero cases drawn from the rule texts (G1.5, G1.6, G1.421, G1.423, G1.41),
each worked from the text first and then put to the engine (``rules.japanese.banzai``,
``rules.japanese.heroes``, ``aslpto banzai``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.records import replace
from aslpto.board.hexes import Layout
from aslpto.cli import main
from aslpto.rules import morale
from aslpto.rules.japanese import banzai as g1, capabilities, heroes
from aslpto.state.counters import make
from aslpto.state.units import Kind, Strength, Unit, UnitClass

ROOT = Path(__file__).resolve().parent.parent
RIVER = str(ROOT / "examples" / "paddy-river.toml")
LAYOUT = Layout.single("37")
FIRST = UnitClass.FIRST_LINE


def adjacent(a: str, b: str) -> bool:
    return LAYOUT.hex(b) in LAYOUT.neighbours(LAYOUT.hex(a))


def sq(uid: str = "J1", hex: str = "37DD7", cls: UnitClass = FIRST, **kw: Any) -> Unit:
    return make(uid, "japanese", Kind.SQUAD, cls, Strength.FULL, hex=hex, **kw)


def ldr(uid: str = "L", hex: str = "37DD7", face: str = "9-1") -> Unit:
    return make(uid, "japanese", Kind.LEADER, face=face, hex=hex)


# --- G1.5 who may declare ----------------------------------------------------------------------


def test_g1_5_a_lone_smc_of_any_kind_may_charge_but_a_hero_is_no_leader() -> None:
    hero = make("H", "japanese", Kind.HERO, hex="37DD7")
    assert g1.declare([hero], adjacent).legal
    d = g1.declare([hero, sq()], adjacent)
    assert not d.legal and "a leader must take part" in d.refusals[0].message


def test_g1_5_the_leader_may_stand_anywhere_in_the_chain() -> None:
    # 37DD7 touches 37EE7, which touches 37FF7; 37DD7 and 37FF7 do not touch.
    units = [ldr(hex="37DD7"), sq("A", "37EE7"), sq("B", "37FF7")]
    d = g1.declare(units, adjacent)
    assert d.legal and set(d.chain) == {"37DD7", "37EE7", "37FF7"}
    gap = g1.declare([ldr(hex="37DD7"), sq("B", "37FF7")], adjacent)
    assert not gap.legal and "ADJACENT" in gap.refusals[0].message


def test_g1_5_crews_and_half_squads_are_mmc_needing_a_leader() -> None:
    crew = make("C", "japanese", Kind.CREW, hex="37DD7")
    hs = make("H", "japanese", Kind.HALF_SQUAD, FIRST, hex="37DD7")
    for mmc in (crew, hs):
        assert not g1.declare([mmc], adjacent).legal
        assert g1.declare([mmc, ldr()], adjacent).legal


def test_g1_5_only_infantry_a_cavalry_unit_is_refused() -> None:
    cav = Unit("K", "japanese", "japanese", Kind.CAVALRY, hex="37DD7")
    d = g1.declare([cav, ldr()], adjacent)
    assert not d.legal and d.refusals[0].unit == "K"


def test_g1_5_cli_a_squad_alone_is_refused_a_leader_alone_may(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["banzai", RIVER, "J1"]) == 0
    assert "may NOT be declared" in capsys.readouterr().out
    assert main(["banzai", RIVER, "JL"]) == 0
    assert "may be declared" in capsys.readouterr().out
    assert main(["banzai", RIVER, "J1", "JL"]) == 0
    assert "may be declared" in capsys.readouterr().out


# --- what the Charge does (A25.23 as G1.5 cites it; G1.6; G1.41) -------------------------------


def test_g1_5_every_unit_of_the_charge_is_lax_whatever_its_class() -> None:
    for cls in (UnitClass.ELITE, FIRST, UnitClass.SECOND_LINE, UnitClass.CONSCRIPT):
        u = sq(cls=cls)
        lax = capabilities.alertness(u, banzai_this_player_turn=True).value
        assert lax == capabilities.Alertness.LAX
    assert capabilities.alertness(sq()).value == capabilities.Alertness.STEALTHY
    assert capabilities.alertness(sq(cls=UnitClass.CONSCRIPT)).value == capabilities.Alertness.LAX
    assert capabilities.alertness(sq(cls=UnitClass.SECOND_LINE)).value.value == "normal"


def test_g1_5_the_charge_s_plus_one_adds_to_a_japanese_leader_s_plus_one_g1_41() -> None:
    # A 4-4-7 (ML 7) charging stacked with a Japanese leader: 7 +1 (leader) +1 (Charge) = 9.
    here = [sq(), ldr()]
    sit = morale.situation_in(here[0], here)
    plain = morale.morale_level(here[0], sit).value
    charging = morale.morale_level(here[0], morale.Situation(human_wave=True)).value
    assert (plain, charging) == (8, 8)
    both = morale.morale_level(here[0], replace(sit, human_wave=True)).value
    assert both == 9
    # the leader himself: 9 +1 for the Charge, no G1.41 bonus from himself
    assert morale.morale_level(here[1], morale.Situation(human_wave=True)).value == 10


# --- T-H Heroes in and out of a Charge (G1.421, G1.423) ------------------------------------------


def made(mmc: Unit, **kw: Any) -> tuple[Fraction, Fraction]:
    """The chance a T-H (or DC) Hero is created, and the chance the MMC ends pinned."""
    d = heroes.odds_th_hero(mmc, **kw)
    new = sum(
        (p for r, p in d if any(x.kind in (Kind.TH_HERO, Kind.DC_HERO) for x in r.units)),
        Fraction(0),
    )
    pin = sum((p for r, p in d if any(x.id == mmc.id and x.pinned for x in r.units)), Fraction(0))
    return new, pin


def test_g1_421_final_dr_of_three_or_less_with_its_drm() -> None:
    hs = make("H", "japanese", Kind.HALF_SQUAD, FIRST, possesses_dc=True)
    conscript_hs = make("D", "japanese", Kind.HALF_SQUAD, UnitClass.CONSCRIPT)
    assert made(sq()) == (Fraction(1, 2), Fraction(1, 6))
    assert made(hs)[0] == Fraction(1, 3)  # +1
    assert made(sq(cls=UnitClass.CONSCRIPT))[0] == Fraction(1, 6)  # +2
    assert made(conscript_hs)[0] == 0  # +3: no dr of 6 or less reaches 3
    assert made(hs, gives_dc=True)[0] == Fraction(2, 3)  # +1 -2
    assert made(sq(), leadership_drm=-1)[0] == Fraction(2, 3)  # the rule's delta


def test_g1_421_an_original_6_does_not_pin_a_charging_mmc() -> None:
    assert made(sq(), banzai=True) == (Fraction(1, 2), Fraction(0))


def test_g1_421_the_scenario_allowance_by_year_fru() -> None:
    allowed = [heroes.th_hero_allowance(squads=10, year=y).value for y in (1942, 1943, 1944, 1945)]
    assert allowed == [1, 2, 4, 5]  # 10%, 20%, 33% (3.3 up), 50%
    assert heroes.th_hero_allowance(squads=10, year=1942, vs_russians=True).value == 2
    assert heroes.th_hero_allowance(squads=3, year=1944).value == 1  # 0.99 up


def test_g1_423_a_hero_of_a_charging_mmc_loses_one_mf_per_mf_spent_else_two() -> None:
    assert heroes.th_hero_mf(3).value == 2
    assert heroes.th_hero_mf(3, banzai=True).value == 5
    assert heroes.th_hero_mf(5).value == 0


def test_g1_423_a_th_hero_enters_an_enemy_hex_only_holding_or_next_to_his_target() -> None:
    def may(**kw: bool) -> bool:
        return g1.hero_may_enter(**kw).value

    assert may(enemy_occupied=False, holds_target=False, adjacent_to_target=False)
    assert may(enemy_occupied=True, holds_target=True, adjacent_to_target=False)
    assert may(enemy_occupied=True, holds_target=False, adjacent_to_target=True)
    assert not may(enemy_occupied=True, holds_target=False, adjacent_to_target=False)
