"""``aslpto check`` on small scenarios written for the setup rules: B21.5, B21.6, G8 (Irrigated,
Banks, FORTIFICATIONS), G9.1, G9.3, G9.12, and every example scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslpto.formats.scenario import load
from aslpto.procedures import setup as sc

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data" / "audit_setup"


def findings(name: str) -> list[tuple[str, str]]:
    g = load(str(DATA / name))
    return sorted((f.rule, f.where) for f in sc.check(g) if f.severity == "error")


def test_b21_5_g8_irrigated_paddy_setup() -> None:
    assert findings("irrigated.toml") == [
        ("B21.5", "32J8 (trench trench-4)"),
        ("G8 (FORTIFICATIONS)", "32M5 (foxhole foxhole-1)"),  # only mines/wire OR panjis
        ("G8 (FORTIFICATIONS)", "32O5 (unit B1)"),  # no Bank counter in a hex with wire
        ("G8 (Irrigated)", "32M4 (unit G1)"),  # unhooked Gun IN an Irrigated paddy
        ("G8 (interior and banks)", "32M3 (unit T1)"),  # a truck may not set up IN a paddy
    ]


def test_b21_6_g9_12_panjis_and_ice_setup() -> None:
    assert findings("panji_units.toml") == [
        ("B21.6", "32E5 (panji P2)"),  # a panji is not wire or unhidden mines
        ("B21.6", "32J8 (mines mines-1)"),  # hidden mines on ice
        ("G8 (FORTIFICATIONS)", "32N6 (unit B2)"),  # no Bank counter with a panji
        ("G9.12", "32N6 (unit C1)"),  # Cycle Riders may not change position (G9.5)
        ("G9.12", "32N6 (unit G1)"),  # a non-vehicular Gun
        ("G9.12", "32N6 (unit V1)"),  # an AFV that is not Mobile
    ]


def test_g_8_trip_flares_vs_japanese_without_pto_terrain_ssr() -> None:
    assert findings("flares_no_pto.toml") == []


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.toml")), ids=lambda p: p.name)
def test_examples_set_up_legally(path: Path) -> None:
    g = load(str(path))
    assert [f for f in sc.check(g) if f.severity == "error"] == []
