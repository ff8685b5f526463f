"""One FP or DRM item of an attack — on the IFT (A7) or in Close Combat (A11) — with the rule
that makes it: the breakdowns of ``fire`` and ``cc`` list them, item by item."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from aslpto.base.hints import Any
from aslpto.base.records import record
from aslpto.rules.fire.table import fp_text


class ItemKind(StrEnum):
    """How an item counts: a unit's own FP, a factor or an addition to it, or a DRM."""

    BASE = "base"  # a unit's inherent (printed) FP
    MULTIPLY = "multiply"  # a factor of a unit's FP (PBF, halved, ...) or of the attack's
    ADD = "add"  # FP added to a unit's
    DRM = "drm"  # a DRM of the attack or against one unit


@record
class Item:
    """One FP or DRM item: what it is, its value, the rule, the unit it belongs to (``""``: the
    whole attack) and how it counts."""

    what: str
    value: Fraction
    rule: str
    unit: str = ""
    kind: ItemKind = ItemKind.DRM

    def as_json(self) -> dict[str, Any]:
        v = self.value
        out: dict[str, Any] = {
            "what": self.what,
            "rule": self.rule,
            "kind": self.kind.value,
            "value": v.numerator if v.denominator == 1 else f"{v.numerator}/{v.denominator}",
        }
        if self.unit:
            out["unit"] = self.unit
        return out

    def text(self) -> str:
        """One line of a breakdown: the value as it counts, whose, what, the rule."""
        v = self.value
        if self.kind == ItemKind.MULTIPLY:
            val = f"x{fp_text(v)}"
        elif self.kind == ItemKind.BASE:
            val = fp_text(v)
        else:
            val = f"{'+' if v >= 0 else '-'}{fp_text(abs(v))}"
        who = f"{self.unit}: " if self.unit else ""
        return f"{val:>5}  {who}{self.what}  [{self.rule}]"
