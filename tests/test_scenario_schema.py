"""The JSON Schema of scenario files (src/aslpto/data/scenario.schema.json): every example and
test scenario validates, written games validate, and the schema names exactly what the
loader reads."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from aslpto.board.hexes import Direction
from aslpto.board.maps import JungleType, RiverDepth
from aslpto.board.terrain import default_chart
from aslpto.formats import scenario as S
from aslpto.state.game import EC, CurrentForce, FortKind, PaddyState
from aslpto.state.units import Kind, Strength, Transport, UnitClass, VehicleType

ROOT = Path(__file__).resolve().parent.parent
SCHEMA: dict[str, Any] = json.loads(
    (ROOT / "src" / "aslpto" / "data" / "scenario.schema.json").read_text(encoding="utf-8")
)
VALIDATOR = Draft202012Validator(SCHEMA)
SCENARIOS = sorted(
    [
        *(ROOT / "examples").glob("*.toml"),
        *(
            p
            for p in (ROOT / "tests" / "data").glob("scenario_*/*.toml")
            if "[map]" in p.read_text(encoding="utf-8")
        ),
    ]
)
"""Scenario files (board and overlay files have no [map] table)."""
PROPS = SCHEMA["properties"]


def _errors(data: dict[str, Any]) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(data)]


def test_schema_is_a_valid_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


def test_schema_is_shipped_with_the_package() -> None:
    from importlib import resources

    text = resources.files("aslpto").joinpath("data/scenario.schema.json").read_text("utf-8")
    assert json.loads(text) == SCHEMA


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_scenario_validates(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert _errors(data) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_written_scenario_validates(path: Path) -> None:
    data = tomllib.loads(S.dump(S.load(path)))
    assert _errors(data) == []


@pytest.mark.parametrize(
    "name",
    [
        "unknown_table.toml",
        "unknown_scenario_key.toml",
        "bad_date.toml",
        "bad_jungle.toml",
        "bad_paddy.toml",
        "bad_current_direction.toml",
        "unit_unknown_key.toml",
        "unit_bad_kind.toml",
        "unit_bad_position.toml",
        "unit_morale_bool.toml",
        "fortification_bad_kind.toml",
        "unknown_chart_terrain.toml",
        "unknown_chart_field.toml",
        "nationality_capitalised.toml",
        "side_without_nationality.toml",
        "overlay_without_on.toml",
        "no_boards.toml",
    ],
)
def test_malformed_structure_fails_the_schema(name: str) -> None:
    data = tomllib.loads((ROOT / "tests" / "malformed" / name).read_text(encoding="utf-8"))
    assert _errors(data) != []


def _keys(node: dict[str, Any]) -> set[str]:
    return set(node["properties"])


def _items(name: str) -> dict[str, Any]:
    node: dict[str, Any] = PROPS[name]["items"]
    return node


def test_schema_names_what_the_loader_reads() -> None:
    assert set(PROPS) == set(S.TOP_KEYS)
    assert _keys(PROPS["scenario"]) == set(S.SCENARIO_KEYS)
    assert _keys(PROPS["map"]) == set(S.MAP_KEYS)
    assert _keys(PROPS["ssr"]) == set(S.SSR_KEYS)
    assert _keys(PROPS["ssr"]["properties"]["current"]) == set(S.CURRENT_KEYS)
    assert _keys(_items("overlays")) == set(S.OVERLAY_KEYS)
    assert _keys(_items("sides")) == set(S.SIDE_KEYS)
    assert _keys(_items("units")) == set(S.UNIT_KEYS)
    assert _keys(_items("panjis")) == set(S.PANJI_KEYS)
    assert _keys(_items("fortifications")) == set(S.FORT_KEYS)
    assert set(PROPS["terrain_chart"]["propertyNames"]["enum"]) == set(default_chart().rows)


def _enum(node: dict[str, Any]) -> list[str]:
    return list(node["enum"])


def test_schema_enums_match_the_engine() -> None:
    ssr = PROPS["ssr"]["properties"]
    assert _enum(ssr["jungle"]) == [e.value for e in JungleType]
    assert _enum(ssr["paddy"]) == [e.value for e in PaddyState]
    assert _enum(ssr["ec"]) == [e.value for e in EC]
    assert _enum(ssr["river_depth"]) == [e.value for e in RiverDepth]
    cur = ssr["current"]["properties"]
    assert _enum(cur["direction"]) == [d.name for d in Direction]
    assert _enum(cur["force"]) == [e.value for e in CurrentForce]
    unit = _items("units")["properties"]
    assert _enum(unit["kind"]) == [e.value for e in Kind]
    assert _enum(unit["class"]) == [e.value for e in UnitClass]
    assert _enum(unit["strength"]) == [e.value for e in Strength]
    assert _enum(unit["vehicle_type"]) == [e.value for e in VehicleType]
    assert _enum(unit["transport"]) == [e.value for e in Transport]
    assert _enum(unit["position"]) == list(S.POSITIONS)
    assert _enum(unit["entrenched"]) == list(S.ENTRENCHMENTS)
    assert _enum(_items("fortifications")["properties"]["kind"]) == [e.value for e in FortKind]
