"""Findings of the setup checks (``aslpto check``): each cites the rule it enforces."""

from __future__ import annotations

from typing import Literal

from aslpto.base.records import record

Severity = Literal["error", "warning"]


@record
class Finding:
    """One setup problem: the rule, how serious, what is wrong and where (hex, unit, line)."""

    rule: str
    severity: Severity
    message: str
    where: str = ""

    def as_json(self) -> dict[str, str]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "where": self.where,
        }
