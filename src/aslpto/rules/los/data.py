"""How terrain acts on a LOS (data/los.toml): the hexside and terrain rules and the rule numbers
the LOS engine cites."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from aslpto.base.datafiles import bundled
from aslpto.base.records import record
from aslpto.base.rulings import Ruling

G8_LOS = "G8 (LOS)"
"""The LOS paragraph of the G8 chart (it has no number of its own)."""


@record
class SideRule:
    """A hexside obstacle (``[hexside.*]`` of data/los.toml)."""

    height2: int  # half levels above the higher of its two hexes
    rule: str
    blind_hexes: bool
    own_spine: bool


@record
class TerrainRule:
    """How a terrain word hinders (``[terrain.*]`` of data/los.toml)."""

    mode: str
    rule: str
    height2: int = 0
    months: frozenset[int] | None = None
    in_season: frozenset[int] = frozenset()
    same_level_rule: str = ""


@record
class LosData:
    """data/los.toml: cited rule numbers, the Hindrance limit, hexside and terrain rules."""

    rules: Mapping[str, str]
    blocks_at: int
    hexsides: Mapping[str, SideRule]
    terrain: Mapping[str, TerrainRule]

    def rule(self, key: str) -> str:
        return self.rules[key]


@cache
def los_data() -> LosData:
    """The bundled ``aslpto/data/los.toml``."""
    d = bundled("los.toml")
    sides = {
        k: SideRule(
            round(2 * float(v["height"])),
            str(v["rule"]),
            bool(v["blind_hexes"]),
            bool(v["own_spine"]),
        )
        for k, v in d["hexside"].items()
    }
    terr = {
        k: TerrainRule(
            mode=str(v["mode"]),
            rule=str(v["rule"]),
            height2=round(2 * float(v.get("height", 0))),
            months=frozenset(v["months"]) if "months" in v else None,
            in_season=frozenset(v.get("in_season", ())),
            same_level_rule=str(v.get("same_level_rule", v["rule"])),
        )
        for k, v in d["terrain"].items()
    }
    return LosData(dict(d["rules"]), int(d["hindrance"]["blocks_at"]), sides, terr)


def in_season_hindrance(hexes: int) -> Ruling[int]:
    """G8 (LOS): an In-Season paddy's +1 per hex grain Hindrance is halved (FRD); the grain is
    Inherent Terrain. The engine counts the hexes of the ``paddy`` mode (data/los.toml) the
    thread crosses; :func:`aslpto.rules.paddy.effects.in_season_hindrance` asks the same."""
    return Ruling(hexes // 2, (G8_LOS, "G8 (In-Season)"), f"{hexes} hex(es), halved FRD")
