"""aslpto — a rules engine for the Pacific Theater rules of Advanced Squad Leader.

Every decision is a :class:`~aslpto.base.rulings.Ruling` that cites its rules; every refusal is a
:class:`~aslpto.base.rulings.RuleViolation` that names the rule forbidding it.
"""

from aslpto.base.rulings import InputError, RuleViolation, Ruling

__all__ = ["InputError", "RuleViolation", "Ruling"]
__version__ = "0.1.0"
