"""``aslpto odds`` on a stack too big to list jointly: the exact odds summarized.

A stack's checks (A10.2, G9.43) are independent unit by unit once the leaders have checked
(:mod:`aslpto.rules.morale.stack`), so a stack's odds can be told without listing its joint
outcomes: the outcomes of the leaders (and of any unit outside the groups) with their odds;
for each group of interchangeable units, how one of them ends and how many of them end each
way; and how many of the units given end eliminated, broken or in Good Order. Every
distribution is exact (Fractions summing to 1), every line names its rules.

The JSON (key ``summary``, in place of ``outcomes``)::

    {"joint_outcomes": N,
     "fixed": {"ids": [...], "outcomes": [{"result", "eliminated", "probability", "rules"}]},
     "groups": [{"ids": [...], "unit": {...},
                 "each": {"outcomes": [{"result", "eliminated_pieces", "probability",
                                        "rules"}]},
                 "how_many": [{"result", "eliminated_pieces", "rules",
                               "outcomes": [{"count", "probability"}]}]}],
     "totals": {"eliminated" | "broken" | "good_order":
                {"ids", "rules", "outcomes": [{"count", "probability"}]}}}

``result`` lists units as the joint outcomes do (without ids in a group's endings, where any
unit of the group may be the one); ``eliminated_pieces`` (when not 0) counts the pieces of the
unit eliminated; ``count`` is how many of the ids end so; outcomes of probability 0 are left
out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.cli.command import Outcome

if TYPE_CHECKING:
    from aslpto.rules.morale.stack import StackOdds
    from aslpto.rules.morale.summary import Ending, Tally
    from aslpto.state.units import Unit

UnitJson = Callable[["Unit"], dict[str, Any]]
Line = Callable[[dict[str, Any]], str]


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _ids(ids: Sequence[str]) -> str:
    """``U1-U10`` for a run of ids numbered in turn, else the ids listed."""
    m = [re.fullmatch(r"(.*?)(\d+)", i) for i in ids]
    if len(ids) > 2 and all(m):
        heads = {x.group(1) for x in m if x}
        nums = [int(x.group(2)) for x in m if x]
        if len(heads) == 1 and nums == list(range(nums[0], nums[0] + len(nums))):
            return f"{ids[0]}-{ids[-1]}"
    return ", ".join(ids)


def _rules(rs: Sequence[str]) -> str:
    return f"  ({', '.join(rs)})" if rs else ""


def _counts(t: Tally) -> tuple[list[dict[str, Any]], list[str]]:
    js = [{"count": k, "probability": _fraction(p)} for k, p in enumerate(t.counts) if p]
    text = [f"{k:>5}  {_percent(p):>6}  {_fraction(p)}" for k, p in enumerate(t.counts) if p]
    return js, text


def render(
    header: dict[str, Any],
    so: StackOdds,
    units: Sequence[Unit],
    *,
    asked: bool,
    limit: int,
    rule: str,
    unit_json: UnitJson,
    line: Line,
) -> Outcome:
    """The summary of ``so`` for the checking ``units`` (``asked``: with ``--summary``, else
    because the joint has more than ``limit`` outcomes; ``rule``: the procedure's, A10.2 or
    G9.43)."""
    from aslpto.rules.morale.summary import summarize

    sm = summarize(so, [u.id for u in units])
    given = {u.id: u for u in units}
    why = "summarized as asked" if asked else f"more than {limit:,} to list; summarized instead"
    text = [
        f"{len(units)} unit{'s' if len(units) > 1 else ''}, {so.size:,} joint outcome"
        f"{'s' if so.size > 1 else ''} ({why}): once the leaders have checked, each unit's "
        f"checks are independent of the others' ({rule})"
    ]

    def pieces(e: Ending) -> tuple[list[dict[str, Any]], str]:
        res = [{k: v for k, v in unit_json(u).items() if k != "id"} for u in e[0]]
        told = "; ".join(line(u) for u in res) or "eliminated"
        if e[0] and e[1]:
            told += f"  ({e[1]} eliminated)"
        return res, told

    fixed_ids = list(dict.fromkeys(u.id for r, _ in sm.fixed for u in r.units))
    fixed_js: list[dict[str, Any]] = []
    if fixed_ids:
        named = [f"{i} ({line(unit_json(given[i]))})" if i in given else i for i in fixed_ids]
        text.append(f"{', '.join(named) or 'the leaders'}:")
    for r, p in sm.fixed:
        res = [unit_json(u) for u in r.units]
        entry: dict[str, Any] = {"result": res}
        if r.eliminated:
            entry["eliminated"] = list(r.eliminated)
        fixed_js.append({**entry, "probability": _fraction(p), "rules": list(r.rules)})
        told = "; ".join(line(u) for u in res) or "(none)"
        if r.eliminated:
            told += f"  eliminated: {', '.join(r.eliminated)}"
        if fixed_ids:
            text.append(f"{_fraction(p):>12}  {_percent(p):>6}  {told}{_rules(r.rules)}")

    groups_js: list[dict[str, Any]] = []
    for g in sm.groups:
        first = given.get(g.ids[0])
        face = f" ({line(unit_json(first))})" if first is not None else ""
        text.append(f"each of {_ids(g.ids)}{face}:")
        each_js = []
        for e, p, rs in g.each:
            res, told = pieces(e)
            each_js.append(
                {
                    "result": res,
                    **({"eliminated_pieces": e[1]} if e[1] else {}),
                    "probability": _fraction(p),
                    "rules": list(rs),
                }
            )
            text.append(f"{_fraction(p):>12}  {_percent(p):>6}  {told}{_rules(rs)}")
        how_js = []
        for e, t in g.tallies:
            res, told = pieces(e)
            js, lines = _counts(t)
            how_js.append(
                {
                    "result": res,
                    **({"eliminated_pieces": e[1]} if e[1] else {}),
                    "rules": list(t.rules),
                    "outcomes": js,
                }
            )
            if len(g.ids) > 1:  # (one unit: its "each" says it)
                text.append(f"how many of {_ids(g.ids)} end as {told}{_rules(t.rules)}:")
                text.extend(lines)
        groups_js.append(
            {
                "ids": list(g.ids),
                **({"unit": unit_json(first)} if first is not None else {}),
                "each": {"outcomes": each_js},
                "how_many": how_js,
            }
        )

    totals_js: dict[str, Any] = {}
    for s, t in sm.totals:
        js, lines = _counts(t)
        totals_js[s.replace(" ", "_")] = {
            "ids": list(t.ids),
            "rules": list(t.rules),
            "outcomes": js,
        }
        told = "in Good Order" if s == "good order" else s
        text.append(f"how many of the {len(t.ids)} units end {told}{_rules(t.rules)}:")
        text.extend(lines)
    text.append(f"rules: {', '.join(so.rules)}")
    summary = {
        "joint_outcomes": so.size,
        "fixed": {"ids": fixed_ids, "outcomes": fixed_js},
        "groups": groups_js,
        "totals": totals_js,
    }
    return Outcome({**header, "summary": summary, "rules": list(so.rules)}, "\n".join(text))
