"""Assemble docs/rule-coverage.md: one row per rule number of ../shared/rules/.

Rows come from docs/coverage/*.md (tables ``| rule | status | where | test | notes |``).
A rule number of the texts that no part mentions gets a "not built" row, so the table is
always complete and honest. Run: ``python tools/coverage.py [RULES_DIR]``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RULES = ROOT.parent / "shared" / "rules"

_LINE_NUM = re.compile(r"^(\d{1,2}\.\d+[A-Z]?)\b")
_G0 = re.compile(r"^G\.(\d+[A-F]?)\b")
_G8_CELL = re.compile(r"\bG8\.\d{3,4}\b")
G8_PARAGRAPHS = (
    "G8 (interior and banks)",
    "G8 (Banks)",
    "G8 (Drained)",
    "G8 (Irrigated)",
    "G8 (In-Season)",
    "G8 (TEM)",
    "G8 (LOS)",
    "G8 (MUD)",
    "G8 (FIRES)",
    "G8 (FORTIFICATIONS)",
    "G8 (BREACH)",
    "G8 (AERIAL)",
    "G8 (Bank Counter Penalties)",
)


def rule_numbers(rules_dir: Path) -> list[str]:
    """Every rule number the texts define, cited with its chapter letter."""
    out: list[str] = []
    for path in sorted(rules_dir.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        name = path.name
        if name.startswith("G0"):
            for line in text.splitlines():
                m = _G0.match(line.strip())
                if m:
                    out.append(f"G.{m.group(1)}")
        elif name.startswith("G8"):
            out.extend(sorted(set(_G8_CELL.findall(text))))
            out.extend(G8_PARAGRAPHS)
        else:
            prefix = "B" if name.startswith("B21") else "G"
            if prefix == "B":
                out.append("B21")
            for line in text.splitlines():
                m = _LINE_NUM.match(line.strip())
                if m:
                    out.append(prefix + m.group(1))
    seen: set[str] = set()
    return [r for r in out if not (r in seen or seen.add(r))]  # type: ignore[func-returns-value]


def read_parts(parts_dir: Path) -> dict[str, list[list[str]]]:
    rows: dict[str, list[list[str]]] = {}
    for path in sorted(parts_dir.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 5 or cells[0] in ("rule", "") or set(cells[0]) <= {"-", ":"}:
                continue
            cells[0] = normalise(cells[0])
            rows.setdefault(cells[0], []).append(cells[:5])
    return rows


_G8_KEYS = (
    ("penalt", "G8 (Bank Counter Penalties)"),
    ("fortif", "G8 (FORTIFICATIONS)"),
    ("breach", "G8 (BREACH)"),
    ("aerial", "G8 (AERIAL)"),
    ("fire", "G8 (FIRES)"),
    ("mud", "G8 (MUD)"),
    ("los", "G8 (LOS)"),
    ("tem", "G8 (TEM)"),
    ("irrigat", "G8 (Irrigated)"),
    ("in-season", "G8 (In-Season)"),
    ("drain", "G8 (Drained)"),
    ("interior", "G8 (interior and banks)"),
    ("bank", "G8 (Banks)"),
)


def normalise(rule: str) -> str:
    """``9.41`` -> ``G9.41``; ``G8 TEM`` -> ``G8 (TEM)``; backticks dropped."""
    r = rule.strip().strip("`*").strip()
    if re.fullmatch(r"9\.\d+", r) or re.fullmatch(r"1\.\d+", r):
        r = "G" + r
    if re.fullmatch(r"21\.\d+", r):
        r = "B" + r
    if r.startswith("G8") and not re.match(r"G8\.\d", r):
        low = r.lower()
        for key, label in _G8_KEYS:
            if key in low:
                return label
    return r


def build(rules_dir: Path) -> str:
    numbers = rule_numbers(rules_dir)
    parts = read_parts(ROOT / "docs" / "coverage")
    lines = [
        "# Rule coverage",
        "",
        "One row per rule number of the specification texts (G.1-G.10, G1, G8, G9, B21), saying",
        "where the rule lives, which test proves it, and any deviation. Rules of chapters A-F",
        "that the PTO rules lean on follow in a second table. Status: `built`, `partial`",
        "(what is missing is in the notes) or `not built`.",
        "",
        "| rule | status | where | test | notes |",
        "| --- | --- | --- | --- | --- |",
    ]
    counts: dict[str, int] = {}
    for n in numbers:
        got = parts.get(n)
        if not got:
            row = [n, "not built", "", "", ""]
            lines.append("| " + " | ".join(row) + " |")
            counts["not built"] = counts.get("not built", 0) + 1
            continue
        for row in _merge(got):
            lines.append("| " + " | ".join(row) + " |")
        counts[_merge(got)[0][1]] = counts.get(_merge(got)[0][1], 0) + 1
    extra = sorted(set(parts) - set(numbers), key=_sort_key)
    if extra:
        lines += ["", "## Rules of chapters A-F used by the PTO rules", ""]
        lines += ["| rule | status | where | test | notes |", "| --- | --- | --- | --- | --- |"]
        for n in extra:
            for row in _merge(parts[n]):
                lines.append("| " + " | ".join(row) + " |")
    lines += _unchecked()
    summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    lines[6:6] = [f"Specification rules: {len(numbers)} ({summary}).", ""]
    return "\n".join(lines) + "\n"


def _unchecked() -> list[str]:
    """The values the data files still mark ``sure = false`` (``aslpto.base.unchecked``)."""
    if str(ROOT / "src") not in sys.path:
        sys.path.insert(0, str(ROOT / "src"))
    from aslpto.base.unchecked import entries

    es = entries()
    out = [
        "",
        "## Unchecked values",
        "",
        f"{len(es)} values of the data files are taken from the published rules of chapters A-F",
        "and not checked against a text the project cites (`sure = false`). An answer that",
        'rests on one says so, one line each (`unchecked value: ...`, and `"unchecked"` in',
        "`--json`). The counter files (`counters.toml`, `catalog.toml`) hold none.",
        "",
        "| file | value |",
        "| --- | --- |",
    ]
    for e in es:
        label = e.label.removesuffix(f" (data/{e.file})").replace("|", "\\|")
        out.append(f"| `data/{e.file}` | {label} |")
    return out


def _merge(rows: list[list[str]]) -> list[list[str]]:
    """Several parts may speak of one rule (e.g. its movement and its procedure)."""
    if len(rows) == 1:
        return rows
    order = {"built": 0, "partial": 1, "not built": 2}
    statuses = {r[1] for r in rows}
    status = (
        "built"
        if statuses == {"built"}
        else ("not built" if statuses == {"not built"} else "partial")
    )
    rows = sorted(rows, key=lambda r: order.get(r[1], 3))

    def join(i: int) -> str:
        return "; ".join(dict.fromkeys(r[i] for r in rows if r[i]))

    return [[rows[0][0], status, join(2), join(3), join(4)]]


def _sort_key(rule: str) -> tuple[str, list[int]]:
    m = re.match(r"([A-Z]+)\.?(.*)", rule)
    if not m:
        return (rule, [])
    nums = [int(x) for x in re.findall(r"\d+", m.group(2))]
    return (m.group(1), nums)


def main() -> int:
    rules_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_RULES
    text = build(rules_dir)
    (ROOT / "docs" / "rule-coverage.md").write_text(text, encoding="utf-8")
    print(text.splitlines()[6])
    return 0


if __name__ == "__main__":
    sys.exit(main())
