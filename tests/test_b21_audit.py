"""B21 read sentence by sentence against the engine: the cases the chapter's examples do not
show (Cavalry and SMC, cliffs, Fords, the Current's reach, bridges, ice that was broken,
Fortifications placed during play)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from aslpto.base.rulings import RuleViolation
from aslpto.board.hexes import Direction
from aslpto.board.maps import JungleType, RiverDepth
from aslpto.formats import scenario
from aslpto.procedures.movement import evaluate
from aslpto.rules.movement import HALF, MoveContext, MoveOptions, mover_of
from aslpto.rules.water import conditions as wc, movement as water
from aslpto.state.game import Conditions, CurrentForce, FortKind, Game
from aslpto.state.units import Kind, Unit, VehicleType
from test_movement_helpers import make_game, squad

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# 37: a river two hexes wide (E-F, rows 2-8) bridged by a road D3-E3-F3-G3, with a cliff
# D5-E5 and a hedge D6-E6 on its west bank; a canal K2-K8 with a Ford at K4; a river one
# hex wide (R2-R8) whose hexes are all bordered on opposite sides by ground.
BOARD = """
[board]
name = "37"
[terrain]
river = ["E2..E8", "F2..F8", "R2..R8"]
canal = ["K2..K8"]
pond = ["N5"]
[hexsides]
cliff = ["D5-E5"]
hedge = ["D6-E6"]
[features]
ford = ["K4"]
bridge = ["E3", "F3"]
[lines]
road = ["D3 E3 F3 G3"]
"""


def game(*units: Unit, depth: RiverDepth = RiverDepth.FORDABLE, **kw: Any) -> Game:
    conds = Conditions(river_depth=depth, **kw)
    return make_game(BOARD, conditions=conds, units=units)


def cavalry(uid: str, hex_: str) -> Unit:
    return Unit(uid, "american", "american", Kind.CAVALRY, "x", hex=hex_, mf=12)


def leader(uid: str, hex_: str, **kw: Any) -> Unit:
    return Unit(uid, "american", "american", Kind.LEADER, "8-0", morale=8, hex=hex_, **kw)


def truck(uid: str, hex_: str) -> Unit:
    return Unit(
        uid,
        "american",
        "american",
        Kind.VEHICLE,
        "x",
        hex=hex_,
        mf=16,
        vehicle_type=VehicleType.TRUCK,
        weight_tons=3,
    )


PLAIN = MoveOptions()


def refused(g: Game, uid: str, steps: list[str], opts: MoveOptions = PLAIN) -> str:
    r = evaluate(g, uid, steps, opts)
    assert not r.legal and r.violation is not None, r
    return r.violation.rule


# --- B21.41: the entire MF allotment, whoever fords ----------------------------------------


def test_b21_41_ford_costs_all_mf_cavalry() -> None:
    """Cavalry may ford (B21.41 "Infantry/Cavalry"); entry costs its whole allotment."""
    r = evaluate(game(cavalry("K", "37D4")), "K", ["37E4"])
    assert r.legal and r.mf == r.allowance == 12 * HALF
    assert r.steps[0].costs[0].rule == "B21.41"
    assert ("hazardous-movement", "A4.62") in [(e.kind, e.rule) for e in r.steps[0].events]


def test_b21_41_ford_costs_all_mf_smc() -> None:
    """A leader's allotment is six MF (A4.11): fording costs all six."""
    r = evaluate(game(leader("L", "37D4")), "L", ["37E4"])
    assert r.legal and r.mf == 6 * HALF


def test_b21_41_ford_must_be_first_expenditure_cavalry() -> None:
    assert refused(game(cavalry("K", "37C4")), "K", ["37D4", "37E4"]) == "B21.41"


def test_b21_4_truck_refused_cycle_rider_cannot_ford() -> None:
    assert refused(game(truck("V", "37D4")), "V", ["37E4"]) == "B21.4"
    assert evaluate(game(truck("V", "37D3")), "V", ["37E3", "37F3", "37G3"]).legal  # bridge


# --- B21.41 with B11.4: a cliff hexside ---------------------------------------------------


def test_b21_41_no_fording_across_a_cliff_hexside() -> None:
    """A cliff hexside cannot be crossed by moving (B11.4); B21.41 does not lift that. Only a
    swimmer may jump into the water across a cliff (E6.1), and swimming is not built. A
    hedge is crossed, its cost included in the entire MF allotment."""
    assert refused(game(squad("S", "37D5")), "S", ["37E5"]) == "B11.4"
    assert refused(game(squad("W", "37E5")), "W", ["37D5"]) == "B11.4"
    r = evaluate(game(squad("S", "37D6")), "S", ["37E6"])
    assert r.legal and r.mf == 4 * HALF


# --- B21.41 with B21.121: heavy Current -----------------------------------------------------


def test_b21_121_heavy_current_does_not_act_in_a_narrow_river_hex() -> None:
    """B21.121: Current does not affect a river hex bordered on opposite sides by non-island
    ground (EX 7CC4, 7K2, 7H1). Reading: the hex entered decides; entering such a hex is
    never "directly against a heavy current"."""
    g = game(squad("W", "37R5"), current_direction=Direction.S, current_force=CurrentForce.HEAVY)
    assert not wc.current_applies(g, "37R4").value
    assert evaluate(g, "W", ["37R4"]).legal


def test_b21_41_not_upstream_from_the_bank_against_heavy_current() -> None:
    """Reading: a unit stepping from the bank into the river directly upstream (the hex it
    enters lies in the direction opposite the Current) is a fording unit moving against the
    Current, like one already in the water."""
    heavy: dict[str, Any] = {"current_direction": Direction.S, "current_force": CurrentForce.HEAVY}
    assert refused(game(squad("S", "37E9"), **heavy), "S", ["37E8"]) == "B21.41"
    assert evaluate(game(squad("S", "37D8"), **heavy), "S", ["37E8"]).legal  # across


# --- B21.41 with G.1: Fords -----------------------------------------------------------------


def test_b21_41_ford_in_a_canal_hex() -> None:
    """Reading: a Ford is a shallow crossing in any Water Obstacle hex (G.1 turns a canal's
    bridge into a Ford, not into nothing). Elsewhere a canal is not forded ("only in river
    hexes"); a Ford in frigid water is not forded either."""
    g = game(squad("S", "37J4"), depth=RiverDepth.DEEP)
    assert evaluate(g, "S", ["37K4"]).legal
    assert refused(game(squad("S", "37J5"), depth=RiverDepth.DEEP), "S", ["37K5"]) == "B21.4"
    frigid = game(squad("S", "37J4"), depth=RiverDepth.DEEP, frigid_water=True)
    assert refused(frigid, "S", ["37K4"]) == "B21.41"


def test_b21_41_g1_canal_bridge_is_a_ford() -> None:
    """Under PTO Terrain a bridged canal hex is a Ford (G.1): forded, all MF."""
    text = BOARD.replace('bridge = ["E3", "F3"]', 'bridge = ["E3", "F3", "K6"]')
    conds = Conditions(pto_terrain=True, jungle=JungleType.LIGHT, river_depth=RiverDepth.DEEP)
    g = make_game(text, conditions=conds, units=(squad("S", "37J6"),))
    r = evaluate(g, "S", ["37K6"])
    assert r.legal and r.mf == 4 * HALF


def test_b21_41_no_ford_in_a_pond_even_if_fordable() -> None:
    """Reading: B21.41 fords "only in river hexes"; a pond an SSR defines fordable has wrecks
    (B21.13) but is still not forded."""
    assert refused(game(squad("S", "37M5")), "S", ["37N5"]) == "B21.4"


@pytest.mark.parametrize("sw", ["50mm mortar", "MTR", "HMG", "mmg"])
def test_b21_41_mortar_mmg_hmg_must_be_dm_any_spelling(sw: str) -> None:
    r = evaluate(game(squad("S", "37D4")), "S", ["37E4"], MoveOptions(portage=(sw,)))
    assert r.violation is not None and r.violation.rule == "B21.41"


# --- B21.41: Pin, Hazardous Movement while in the hex -------------------------------------


def test_b21_41_fording_units_immune_to_pin() -> None:
    g = game()
    assert wc.pin_immune(g, squad("W", "37E4")).value
    assert wc.pin_immune(g, cavalry("K", "37E4")).value
    assert not wc.pin_immune(g, squad("S", "37D4")).value


def test_b21_41_hazardous_movement_while_in_the_hex() -> None:
    """Not only on the entry step: a unit that forded in an earlier turn is still under
    Hazardous Movement while it stays in the hex."""
    g = game()
    r = wc.hazardous_movement(g, squad("W", "37E4"))
    assert r.value and r.rules == ("B21.41",)
    assert not wc.hazardous_movement(g, squad("S", "37D4")).value


# --- bridges: a unit on a bridge is not fording (B21.4, B21.42, B21.43) --------------------


def test_b21_43_on_a_bridge_is_not_fording() -> None:
    """In the bridge hex of a deep river the unit is on the bridge (it could not be IN the
    water): not fording, no forced rout, Low Crawl allowed, no Pin immunity. In a fordable
    river the caller says whether the unit is on the bridge."""
    deep = game(depth=RiverDepth.DEEP)
    b = squad("B", "37E3", broken=True)
    assert not wc.fording(deep, b)
    assert not wc.must_rout(deep, b).value
    wc.verify_low_crawl(deep, b)
    assert not wc.pin_immune(deep, squad("G", "37E3")).value
    ford = game()
    assert wc.fording(ford, b) and wc.must_rout(ford, b).value
    assert not wc.fording(ford, b, on_a_bridge=True)
    assert not wc.must_rout(ford, b, on_a_bridge=True).value
    with pytest.raises(RuleViolation) as e:
        wc.verify_low_crawl(ford, b)
    assert e.value.rule == "B21.43"


def test_b21_43_low_crawl_off_a_bridge_over_deep_water() -> None:
    """The movement-side check: a broken unit on the bridge of a deep river may Low Crawl
    along the road (it is not fording)."""
    g = game(squad("B", "37E3", broken=True), depth=RiverDepth.DEEP)
    r = evaluate(g, "B", ["37D3"], MoveOptions(low_crawl=True))
    assert r.violation is None or r.violation.rule != "B21.43"


def test_b21_43_low_crawl_off_a_fordable_river_bridge_along_its_road() -> None:
    """On the bridge of a fordable river a unit may be on the bridge or IN the water; one that
    leaves along the bridge's road was on the bridge, so a broken unit may Low Crawl that way.
    Low Crawl off the road from there is a broken fording unit's: refused (B21.43)."""
    g = game(squad("B", "37E3", broken=True))
    r = evaluate(g, "B", ["37D3"], MoveOptions(low_crawl=True))
    assert r.violation is None or r.violation.rule != "B21.43"
    r = evaluate(g, "B", ["37D2"], MoveOptions(low_crawl=True))
    assert r.violation is not None and r.violation.rule == "B21.43"


def test_b21_42_cavalry_fords_vehicles_do_not() -> None:
    """B21.42: "Fording units" are Infantry/Cavalry (B21.41)."""
    g = game()
    assert wc.fording(g, cavalry("K", "37E4"))
    assert not wc.fording(g, truck("V", "37E4"))


# --- B21.6: ice ------------------------------------------------------------------------------


def test_b21_6_unit_on_ice_is_not_fording() -> None:
    g = game(sub_zero=True)
    b = squad("B", "37E4", broken=True)
    assert not wc.fording(g, b)
    assert not wc.must_rout(g, b).value


def test_b21_6_ice_removed_is_water_not_ice() -> None:
    """After an HE KIA removes the ice the hex is clear water again: the movement rules no
    longer see ice there (the hex keeps B21.6 among its rules as the rule that changed it)."""
    g = wc.clear_ice(game(sub_zero=True), "37E4")
    u = squad("S", "37D4")
    ctx = MoveContext(g, u, mover_of(u, MoveOptions()), MoveOptions(), 4 * HALF)
    h = g.map.hex("37E4")
    assert water.is_water(ctx, h) and not water.is_frozen(ctx, h)
    assert water.is_frozen(ctx, g.map.hex("37E5"))


# --- B21.5 / B21.6: Fortifications during play ------------------------------------------------


def test_b21_5_no_fortification_in_water_during_play() -> None:
    g = game()
    for kind in (FortKind.FOXHOLE, FortKind.WIRE, "panji"):
        with pytest.raises(RuleViolation) as e:
            wc.verify_fortification(g, kind, "37E4")
        assert e.value.rule == "B21.5"
    wc.verify_fortification(g, FortKind.FOXHOLE, "37D4")
    wc.verify_fortification(g, FortKind.TRIP_FLARE, "37E4")  # not a Fortification
    wc.verify_fortification(g, FortKind.WIRE, "37E3")  # on the bridge


def test_b21_6_fortification_on_ice_during_play() -> None:
    g = game(sub_zero=True)
    wc.verify_fortification(g, FortKind.WIRE, "37E4")
    wc.verify_fortification(g, FortKind.MINES, "37E4")
    for kind, hidden in ((FortKind.MINES, True), (FortKind.FOXHOLE, False), ("panji", False)):
        with pytest.raises(RuleViolation) as e:
            wc.verify_fortification(g, kind, "37E4", hidden=hidden)
        assert e.value.rule == "B21.6"


def test_b21_13_pond_wrecks_only_if_ssr_defines_it_fordable() -> None:
    """No dr is made for a pond's depth (B21.13): a fordable river does not make it so."""
    g = game()
    assert wc.wrecks_in_water(g, "37E4").value
    assert not wc.wrecks_in_water(g, "37N5").value
    assert wc.wrecks_in_water(g, "37N5", pond_fordable=True).value
    ssr = replace(g, conditions=replace(g.conditions, pond_fordable=True))
    assert wc.wrecks_in_water(ssr, "37N5").value  # (the scenario's SSR: `pond_fordable`)


def test_b21_13_pond_fordable_ssr_reads_and_writes_back() -> None:
    """B21.13: a scenario's SSR may define the ponds fordable; the key is read and written."""
    from aslpto.formats.scenario import dump, loads

    text = dump(scenario.load(EXAMPLES / "b21-deep.toml")).replace(
        "frigid_water = false", "frigid_water = false\npond_fordable = true"
    )
    g = loads(text, str(EXAMPLES / "b21-deep.toml"))
    assert g.conditions.pond_fordable
    assert "pond_fordable = true" in dump(g)
    assert loads(dump(g), str(EXAMPLES / "b21-deep.toml")) == g


def test_b21_42_fording_cavalry_fires_only_inherent_fp() -> None:
    """B21.42 "Fording units may fire only their inherent FP": Cavalry fording (B21.41 lets
    Cavalry ford) is held to it as Infantry is; the action is refused before anything changes."""
    from aslpto.procedures import actions as act
    from aslpto.rules.panji.effects import Weapon

    g = game(cavalry("C", "37E5"))
    assert wc.fording(g, g.unit("C"))
    with pytest.raises(RuleViolation) as e:
        act.verify(g, act.Fire("C", Weapon.LMG))
    assert e.value.rule == "B21.42"
    act.verify(g, act.Fire("C", Weapon.INHERENT))


def test_b21_6_setup_check_ice_removed_is_water() -> None:
    """B21.5/B21.6: once the ice is removed the hex is a Water Obstacle again, so the setup
    check refuses any Fortification there under B21.5 (not the ice list of B21.6)."""
    from aslpto.procedures.setup import is_ice

    g = game(sub_zero=True)
    assert is_ice(g.map.info(g.map.hex("37E4")))
    g = wc.clear_ice(g, "37E4")
    assert not is_ice(g.map.info(g.map.hex("37E4")))


def test_b21_41_fording_unit_not_pinned_by_a_check() -> None:
    """B21.41 "Fording units are immune to Pin effects": the Situation of a fording unit
    (``water_conditions.fording``) makes a PTC no check at all and an MC whose Final DR equals
    the Morale Level leave it unpinned; the same unit not fording is pinned."""
    from aslpto.rules.morale import Check, Situation, odds_check, resolve_check
    from aslpto.state.counters import make
    from aslpto.state.dice import GivenDice
    from aslpto.state.units import UnitClass

    g = game(make("S", "american", Kind.SQUAD, UnitClass.FIRST_LINE, hex="37E5"))
    s = g.unit("S")
    assert wc.pin_immune(g, s).value
    ford = Situation(fording=wc.fording(g, s))
    assert odds_check(s, Check.PTC, situation=ford).probability(lambda r: r.units[0].pinned) == 0
    assert odds_check(s, Check.PTC).probability(lambda r: r.units[0].pinned) > 0
    assert s.morale == 6  # a 6-6-6: an MC with Final DR 6 pins unless the unit is immune
    assert not resolve_check(s, Check.MC, GivenDice("3,3"), situation=ford).units[0].pinned
    assert resolve_check(s, Check.MC, GivenDice("3,3")).units[0].pinned


# --- B21.41: fording units are immune to Pin, in an attack's checks ------------------------


def test_b21_41_an_attack_s_ptc_does_not_pin_a_fording_unit() -> None:
    """B21.41: a squad fording 37E5 rolled a PTC by an attack from 37G5 (6 FP, DRM -2 for its
    Hazardous Movement, DR 10: a PTC) is unaffected: fording units are immune to Pin."""
    from aslpto.procedures.fire import fire
    from aslpto.state.dice import GivenDice

    jp = Unit("J", "japanese", "japanese", Kind.SQUAD, "6-6-6", morale=7, hex="37G5")
    g = game(squad("W", "37E5"), jp)
    rolled = fire(g, ["J"], "37E5", dice=GivenDice("4,6")).rolled
    assert rolled is not None
    assert rolled.outcome.units == (g.units["W"],)
    assert "B21.41" in rolled.outcome.rules
    odds = fire(g, ["J"], "37E5").odds
    assert odds is not None
    assert not any(u.pinned for o, _ in odds.joint().items for u in o.units)


def test_b21_41_odds_on_a_scenario_s_fording_unit_never_pin_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """B21.41: ``aslpto odds ptc --scenario`` on a unit IN the fordable river of the bundled
    scenario (U1 put in 32C8): it cannot be pinned; on the ground, 5/12 pins it."""
    from aslpto.cli import main

    text = (EXAMPLES / "paddy-river.toml").read_text()
    assert text.count('hex = "32M9"') == 1
    wet = tmp_path / "ford.toml"
    wet.write_text(text.replace('hex = "32M9"', 'hex = "32C8"'))
    assert main(["odds", "ptc", "--scenario", str(wet), "--unit", "U1", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [o["probability"] for o in got["outcomes"]] == ["1"] or len(got["outcomes"]) == 1
    assert not got["outcomes"][0]["result"][0]["pinned"] and "B21.41" in got["rules"]
    assert (
        main(["odds", "ptc", "--scenario", str(EXAMPLES / "paddy-river.toml"), "--unit", "U1"]) == 0
    )
    assert "pinned" in capsys.readouterr().out
