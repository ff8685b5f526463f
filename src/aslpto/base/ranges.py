"""The range of every number the user gives: each field of a scenario, board or overlay file,
and a move step's declared MF. One entry per field, with the rule that bounds it where a rule
does, or what the bound stands for where none does. A value outside its range (and ``nan`` or
``inf``) is refused at load, the error naming file, line and field (docs/scenario-format.md,
docs/board-format.md list them)."""

from __future__ import annotations

import math

from aslpto.base.records import record


@record
class Range:
    """``low`` to ``high`` inclusive; ``what`` names the quantity (``an ELR``), ``rule`` the
    rule that bounds it (empty when the bound is only a sanity limit)."""

    low: int | float
    high: int | float
    what: str
    rule: str = ""

    def refusal(self, key: str, value: float, shown: str | None = None) -> str | None:
        """None when ``value`` is in range, else the message that refuses it (``shown``: the
        value as typed, when it was typed as text)."""
        text = str(value) if shown is None else shown
        if isinstance(value, float) and not math.isfinite(value):
            return f"{key} {text} is not a finite number ({self.span()})"
        if self.low <= value <= self.high:
            return None
        return f"{key} {text} is out of range ({self.span()})"

    def span(self) -> str:
        cite = f", {self.rule}" if self.rule else ""
        return f"{self.what}: {self.low} to {self.high}{cite}"


RANGES: dict[str, Range] = {
    # [scenario]
    "scenario.year": Range(1930, 1949, "the year of a World War II scenario"),
    # [map]
    "map.boards": Range(0, 64, "the boards of a map"),
    # [[sides]]
    "sides.elr": Range(0, 5, "an ELR", "A19.1"),
    "sides.san": Range(0, 12, "a SAN (a DR; 0 for none)", "A14"),
    "sides.panji_hexsides": Range(0, 999, "Covered hexsides in an OB", "G9.1"),
    "sides.trip_flares": Range(0, 99, "trip flares in an OB", "G.8"),
    "sides.dc": Range(0, 99, "DC in an OB", "G1.6121"),
    # [[units]]
    "units.morale": Range(1, 10, "a Morale Level"),  # 10: the highest (a berserk unit's, A15.4)
    "units.elr": Range(0, 5, "an ELR", "A19.1"),
    "units.mf": Range(0, 99, "an MF/MP allowance"),
    "units.weight_tons": Range(0, 200, "a weight in tons"),  # read by the B21.6 ice rules
    # [[fortifications]]
    "fortifications.strength": Range(0, 99, "a fortification's strength (mine factors, flares)"),
    # [terrain_chart.<terrain>]
    "terrain_chart.infantry_mf": Range(1, 10, "an Infantry MF cost of terrain"),
    "terrain_chart.tem": Range(-3, 6, "a TEM"),
    "terrain_chart.obstacle_height": Range(0, 10, "an obstacle height in levels"),
    "terrain_chart.hindrance": Range(0, 6, "a Hindrance DRM per hex"),
    # [[los_overrides]]
    "los_overrides.hindrance_drm": Range(0, 12, "a Hindrance DRM"),
    # board and overlay files
    "levels": Range(-3, 10, "a board's level"),
    "buildings.stories": Range(1, 9, "a building's stories"),
    "buildings.separate": Range(1, 9, "the separate buildings of a hex (G.1 huts)"),
    # on the command line: a move step, a Location
    "step.mf": Range(0, 99, "the MF declared to enter a hex", "G9.422"),
    "location.level": Range(0, 20, "levels above a hex's base (@N)"),
}
"""Every bounded number, by ``table.key`` as the files name it."""


def refusal(field: str, key: str, value: float, shown: str | None = None) -> str | None:
    """The message refusing ``value`` for ``field`` (a key of :data:`RANGES`), or None."""
    rng = RANGES.get(field)
    return None if rng is None else rng.refusal(key, value, shown)
