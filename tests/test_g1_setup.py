"""Japanese setup checks: G1.631 HIP (with its EX arithmetic), G1.632 pillboxes and tunnels,
G1.422 hidden T-H Heroes within the G1.421 total, G1.6121 A-T Set DC."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.findings import Finding
from aslpto.rules.japanese import setup as js
from aslpto.state.counters import make
from aslpto.state.units import Kind, Strength, Unit, UnitClass

F = UnitClass.FIRST_LINE


def ob(
    hidden_squads: int = 0, hidden_crews: int = 0, squads: int = 10, crews: int = 2
) -> list[Unit]:
    """The G1.631 EX OB: ten squads and two infantry crews, set up on board."""
    out = [
        make(
            f"S{i}",
            "japanese",
            Kind.SQUAD,
            F,
            Strength.FULL,
            hex=f"37A{i + 1}",
            hidden=i < hidden_squads,
        )
        for i in range(squads)
    ]
    out += [
        make(f"C{i}", "japanese", Kind.CREW, hex=f"37C{i + 1}", hidden=i < hidden_crews)
        for i in range(crews)
    ]
    return out


def rules(findings: list[Finding]) -> list[str]:
    return [f.rule for f in findings if f.severity == "error"]


# --- G1.631 --------------------------------------------------------------------------------------


def test_g1_631_ex_squad_equivalents() -> None:
    assert js.squad_equivalents(ob()) == 11  # two crews = one squad (A5.5)
    assert js.squad_equivalents([make("L", "japanese", Kind.LEADER, face="9-1")]) == 0


def test_g1_631_ex_day_one_squad_and_both_crews_or_two_squads() -> None:
    assert js.hip_allowance(ob(), night=False).value == 2  # 10% of 11 = 1.1, FRU
    assert js.hip_findings(ob(hidden_squads=1, hidden_crews=2), night=False) == []
    assert js.hip_findings(ob(hidden_squads=2), night=False) == []
    assert rules(js.hip_findings(ob(hidden_squads=3), night=False)) == ["G1.631"]
    assert rules(js.hip_findings(ob(hidden_squads=2, hidden_crews=1), night=False)) == ["G1.631"]


def test_g1_631_ex_night_three_squads_or_two_and_both_crews_even_if_not_defender() -> None:
    assert js.hip_allowance(ob(), night=True).value == 3  # 25% of 11 = 2.75
    assert js.hip_findings(ob(hidden_squads=3), night=True) == []
    assert js.hip_findings(ob(hidden_squads=2, hidden_crews=2), night=True) == []
    assert rules(js.hip_findings(ob(hidden_squads=4), night=True)) == ["G1.631"]


def test_g1_631_ex_dyo_purchased_hip_adds() -> None:
    # day: buy HIP for 10% (FRU: 2) and set up 20% hidden; night: buy 75% and hide all
    assert js.hip_findings(ob(hidden_squads=4), night=False, other_hip=Fraction(2)) == []
    all_hidden = ob(hidden_squads=10, hidden_crews=2)
    assert js.hip_findings(all_hidden, night=True, other_hip=Fraction(11 * 75, 100)) == []
    assert rules(js.hip_findings(all_hidden, night=True, other_hip=Fraction(7))) == ["G1.631"]


def test_g1_631_smc_hidden_only_with_hidden_mmc() -> None:
    units = ob(hidden_squads=1)
    ok = make("L", "japanese", Kind.LEADER, face="9-1", hex="37A1", hidden=True)
    bad = make("L2", "japanese", Kind.LEADER, face="9-1", hex="37A5", hidden=True)
    assert js.hip_findings([*units, ok], night=False) == []
    assert rules(js.hip_findings([*units, bad], night=False)) == ["G1.631"]


def test_g1_631_night_defender_dummies() -> None:
    assert js.hip_findings(ob(), night=True, scenario_defender=True, dummies=11) == []
    assert rules(js.hip_findings(ob(), night=True, scenario_defender=True, dummies=12)) == [
        "G1.631"
    ]
    warn = js.hip_findings(ob(), night=False, dummies=3)
    assert [f.severity for f in warn] == ["warning"]


# --- G1.632 --------------------------------------------------------------------------------------


def test_g1_632_pillbox_hip_needs_concealment_terrain_and_is_extra() -> None:
    units = ob(hidden_squads=2)
    inside = make(
        "P1",
        "japanese",
        Kind.SQUAD,
        F,
        Strength.FULL,
        hex="37D1",
        hidden=True,
        entrenched="pillbox",
    )
    pb = js.PillboxFacts("pb1", "37D1", in_concealment_terrain=True, hidden=True)
    assert js.hip_findings([*units, inside], night=False) == []  # beyond G1.631's 2
    assert js.pillbox_findings([*units, inside], [pb]) == []
    open_pb = js.PillboxFacts("pb2", "37D1", in_concealment_terrain=False, hidden=True)
    assert rules(js.pillbox_findings([inside], [open_pb])) == ["G1.632"]


def test_g1_632_one_tunnel_per_pillbox_with_it_as_entrance() -> None:
    pb = js.PillboxFacts("pb1", "37D1", in_concealment_terrain=True)
    ok = js.TunnelFacts("t1", ("37D1", "37D3"))
    assert js.pillbox_findings([], [pb], [ok]) == []
    elsewhere = js.TunnelFacts("t2", ("37E1", "37E3"))
    assert rules(js.pillbox_findings([], [pb], [elsewhere])) == ["G1.632"]
    assert "G1.632" in rules(js.pillbox_findings([], [pb], [ok, ok]))
    assert js.pillbox_findings([], [pb], [ok, js.TunnelFacts("t3", ("37X1",), True)]) == []


# --- G1.422 / G1.421 -----------------------------------------------------------------------------


def th(i: int, hidden: bool = True) -> Unit:
    return make(f"T{i}", "japanese", Kind.TH_HERO, hex=f"37B{i + 1}", hidden=hidden)


def test_g1_422_hidden_th_heroes_within_the_total() -> None:
    units = ob()  # ten squads: 1944 33% -> 4 (3.3 FRU)
    assert (
        js.th_hero_findings([*units, *(th(i) for i in range(4))], year=1944, opponent="american")
        == []
    )
    five = [*units, *(th(i) for i in range(5))]
    assert rules(js.th_hero_findings(five, year=1944, opponent="american")) == ["G1.421"]


def test_g1_422_only_1944_45_and_with_onboard_setup() -> None:
    assert "G1.422" in rules(js.th_hero_findings([*ob(), th(0)], year=1943, opponent="british"))
    assert "G1.422" in rules(
        js.th_hero_findings([th(0)], year=1945, opponent="british", squads_in_ob=10)
    )


def test_g1_421_th_hero_not_hidden_does_not_set_up() -> None:
    f = js.th_hero_findings([*ob(), th(0, hidden=False)], year=1944, opponent="american")
    assert rules(f) == ["G1.421"]


# --- G1.6121 -------------------------------------------------------------------------------------


def dc(i: int, **kw: Any) -> js.ATSetDCFacts:
    base: dict[str, Any] = {"road": True, "detonator": "S0"}
    base.update(kw)
    return js.ATSetDCFacts(f"dc{i}", f"37F{i + 1}", **base)


def test_g1_6121_at_most_25_percent_fru_of_ob_dc() -> None:
    assert js.at_set_dc_allowance(5).value == 2
    units = ob()
    assert (
        js.at_set_dc_findings(units, [dc(0), dc(1)], year=1945, opponent="american", dc_in_ob=5)
        == []
    )
    three = [dc(0), dc(1), dc(2)]
    f = js.at_set_dc_findings(units, three, year=1945, opponent="american", dc_in_ob=5)
    assert rules(f) == ["G1.6121"]


@pytest.mark.parametrize(
    ("year", "opponent", "kw"),
    [
        (1944, "american", {}),
        (1945, "russian", {}),
        (1945, "american", {"road": False}),
        (1945, "american", {"bridge": True}),
        (1945, "american", {"hidden": False}),
        (1945, "american", {"detonator": None}),
        (1945, "american", {"detonator": "Z9"}),
    ],
)
def test_g1_6121_conditions(year: int, opponent: str, kw: dict[str, object]) -> None:
    f = js.at_set_dc_findings(ob(), [dc(0, **kw)], year=year, opponent=opponent, dc_in_ob=4)
    assert rules(f) == ["G1.6121"]


def test_g1_6121_detonator_may_be_a_hidden_th_hero() -> None:
    units = [*ob(), th(0)]
    assert (
        js.at_set_dc_findings(
            units, [dc(0, detonator="T0")], year=1945, opponent="british", dc_in_ob=1
        )
        == []
    )


# --- from a scenario file (aslpto check) ---------------------------------------------------------

SCENARIO = """
[scenario]
name = "G1 setup"
date = "1944-07"
night = false

[map]
boards = [["37"]]

[map.files]
"37" = "901"

[ssr]
pto_terrain = true

[[sides]]
name = "Japanese"
nationality = "japanese"
defender = true

[[sides]]
name = "U.S."
nationality = "american"
"""


def _unit(uid: str, hex: str, hidden: bool) -> str:
    return (
        f'\n[[units]]\nid = "{uid}"\nside = "Japanese"\nkind = "squad"\nclass = "1st-line"\n'
        f'strength = "full"\ncounter = "4-4-7"\nhex = "{hex}"\nhidden = {str(hidden).lower()}\n'
    )


def test_g1_631_from_a_scenario_file(tmp_path: Path) -> None:
    scenario = pytest.importorskip("aslpto.formats.scenario")
    text = SCENARIO + "".join(_unit(f"J{i}", f"37D{i + 1}", i < 2) for i in range(5))
    p = tmp_path / "g1.toml"
    p.write_text(text, encoding="utf-8")
    game = scenario.load(str(p))
    # five squads: 10% FRU = 1 squad-equivalent; two hidden
    assert rules(js.check_japanese_setup(game)) == ["G1.631"]


def test_g1_632_tunnel_entrances_pair_into_one_tunnel() -> None:
    """A tunnel given as two entrances (T1.1 in the pillbox, T1.2 elsewhere) is one tunnel
    with the pillbox as an entrance: no finding."""
    from dataclasses import replace

    from aslpto.formats.scenario import load
    from aslpto.rules.japanese.setup import check_japanese_setup
    from aslpto.state.game import Fortification, FortKind

    g = load(Path(__file__).resolve().parent.parent / "examples" / "panji-g9.toml")
    h1, h2 = g.map.hex("37C4"), g.map.hex("37C6")
    forts = (
        Fortification("PB1", FortKind.PILLBOX, h1, side="Japanese"),
        Fortification("T1.1", FortKind.TUNNEL, h1, side="Japanese"),
        Fortification("T1.2", FortKind.TUNNEL, h2, side="Japanese"),
    )
    japanese = tuple(s for s in g.sides if s.nationality == "japanese")
    assert japanese, "the example has a Japanese side"
    g = replace(g, fortifications=forts)
    assert [f for f in check_japanese_setup(g) if f.rule == "G1.632"] == []
