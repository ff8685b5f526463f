"""The G8 LOS paragraph on the bundled boards (examples/paddy-river.toml: board 32 is the
bundled 902, paddy fields 32L3-Q6 beside the river, Japanese in and on the paddies, U.S. on
the south bank):

"Entrenched Infantry treat bank hexsides as hedges for LOS purposes. LOS to/from unit on Bank
counter is drawn to/from paddy hex's center dot. [...] Hindrance effect of In-Season paddy
differs from grain in that +1/hex Hindrance is halved (FRD) and the grain is considered
Inherent Terrain."
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from aslpto.formats import scenario
from aslpto.rules.los import Location, los
from aslpto.state.game import Game, PaddyState

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "paddy-river.toml"


@pytest.fixture(scope="module")
def g() -> Game:
    return scenario.load(EXAMPLE)


def _in_season(g: Game) -> Game:
    return replace(g, conditions=replace(g.conditions, paddy=PaddyState.IN_SEASON))


def test_g8_ex_bank_hexsides_no_hedge_for_units_not_entrenched(g: Game) -> None:
    r = los(g, g.unit("J1"), g.unit("U1"))  # 32M5 IN the paddy to 32M9 across the river
    assert r.los and r.hindrance_drm == 0


def test_g8_ex_entrenched_infantry_treat_bank_hexsides_as_hedges(g: Game) -> None:
    dug_in = g.with_unit(replace(g.unit("J1"), entrenched="foxhole"))
    r = los(dug_in, dug_in.unit("J1"), dug_in.unit("U1"))
    assert not r.los
    assert r.blocked_by is not None and r.blocked_by.where == "32M5-M6"
    assert "G8 (LOS)" in r.rules
    # the same holds seen from the other end
    assert not los(dug_in, dug_in.unit("U1"), dug_in.unit("J1")).los


def test_g8_ex_los_to_bank_counter_from_centre_dot(g: Game) -> None:
    j2 = g.unit("J2")  # on the Bank counter in 32O5
    assert j2.position == "bank"
    on_bank = los(g, j2, g.unit("U2"))
    in_hex = los(g, Location(g.map.hex("32O5")), g.unit("U2"))
    assert (on_bank.los, on_bank.hindrance_drm, on_bank.range) == (
        in_hex.los,
        in_hex.hindrance_drm,
        in_hex.range,
    )
    assert "G8 (LOS)" in on_bank.rules


def test_g8_ex_in_season_paddy_hindrance_halved_frd(g: Game) -> None:
    drained = los(g, "32L4", "32Q4")
    assert drained.hindrance_drm == 0
    r = los(_in_season(g), "32L4", "32Q4")  # M4, N4, O4, P4: four paddy hexes -> +2
    assert r.los and r.hindrance_drm == 2
    assert [h.where for h in r.hindrances] == ["32M4", "32N4", "32O4", "32P4"]
    r6 = los(_in_season(g), "32K4", "32R4")  # six paddy hexes -> +3
    assert r6.hindrance_drm == 3


def test_g9_2_ex_panjis_in_paddy_field_no_los_effect(g: Game) -> None:
    """G9.2 on the same field: the Panji counters in 32N6 and 32P6 change nothing."""
    r = los(g, "32L6", "32Q6")
    assert r.los and "G9.2" in r.rules
