"""The referee's LOS over the real boards against VASL's own Java LOS engine, run headless
(``../shared/vasl/los-oracle``), on a recorded sample of its answers (``tests/data/
vasl-los-sample.csv``: pairs of ground-level Locations on every board of the shared VASL folder,
as printed and under PTO Terrain, with VASL's answer). Where the two agree the sample says so,
and every thread where they do not is of one of the kinds docs/los.md lists, "Where the referee
and VASL's engine disagree", each with the rule that decides it and why the referee keeps its
answer: this test holds the list true (a thread that starts or stops agreeing, or a kind that
no longer explains its thread, fails it). Skipped without the shared VASL folder.

``python tests/test_los_vasl_agreement.py`` records the sample again from the oracle's answers
(``VASL_REPO``: VASL's sources; see the oracle's README)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from aslpto.board.hexes import Hex
from aslpto.board.maps import Map
from aslpto.formats import scenario
from aslpto.rules.los import ArtworkLosEngine, LosResult, build_engine, parse_location
from aslpto.state.game import Conditions

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vaslhelp import BOARDS, VASL, needs_vasl, scenario_text

pytestmark = needs_vasl

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "vasl-los-sample.csv"
PTO_SSR = "DenseJungle,PalmTrees,Bamboo,SwampToSwampPattern"
"""VASL's scenario rules for PTO Terrain (as ``aslpto render`` lays them on the picture)."""
MONTH = 6  # June: grain and orchards in season

KINDS: dict[str, str] = {
    "hindrance-pixel": "B.10",
    "inherent-vertex": "B.6",
    "inherent-whole-hex": "B.6",
    "water": "B21.2",
    "pto-bamboo": "B.6",
    "pto-huts": "G.1",
    "hexside-wall": "B9.2",
    "end-border": "A6.1",
    "graze": "A6.1",
    "depression": "A6.3",
}
"""Each kind of disagreement docs/los.md lists, with the rule that decides it."""

WATER = frozenset({"river", "pond", "lake", "ocean", "canal"})


@dataclasses.dataclass(frozen=True)
class Row:
    board: str
    mode: str  # "plain" (as printed) or "pto" (PTO Terrain)
    frm: str
    to: str
    los: bool  # VASL's answer
    blocked_at: str
    hindrances: int
    reason: str  # VASL's, where it blocks
    kind: str  # "" where the referee agrees


@cache
def game_map(board: str, mode: str) -> Map:
    pto = "true" if mode == "pto" else "false"
    return scenario.loads(scenario_text(f'[["{board}"]]', f"pto_terrain = {pto}")).map


@cache
def engine(board: str, mode: str, counting: bool = False) -> ArtworkLosEngine:
    """The board's engine; ``counting``: one that never blocks by Hindrances (to list them)."""
    eng = build_engine(game_map(board, mode), Conditions(month=MONTH))
    assert isinstance(eng, ArtworkLosEngine)
    if counting:
        eng.data = dataclasses.replace(eng.data, blocks_at=99)
    return eng


def ours(row: Row, counting: bool = False) -> LosResult:
    m = game_map(row.board, row.mode)
    a = parse_location(m, row.board + row.frm)
    b = parse_location(m, row.board + row.to)
    return engine(row.board, row.mode, counting).check(a, b)


def _group(eng: ArtworkLosEngine, a: Hex, b: Hex, h: Hex) -> tuple[int, ...] | None:
    """The codes of the thread's pixels in hex ``h`` (None: the thread has none there)."""
    got = eng.pixels(a, b)
    assert got is not None
    pat, vals, _ = got
    for hx, hy, _ra, _rb, s, e in pat.groups:
        if (a.x + hx, a.y + hy) == (h.x, h.y):
            return tuple(vals[s:e])
    return None


def classify(row: Row) -> str | None:
    """The kind of a thread where the referee and VASL disagree (None: none of the list's)."""
    m = game_map(row.board, row.mode)
    eng = engine(row.board, row.mode)
    r = ours(row)
    blk = r.blocked_by
    a, b = m.hex(row.board + row.frm), m.hex(row.board + row.to)
    at = m.hex(row.board + row.blocked_at) if row.blocked_at else None

    def words(cs: tuple[int, ...]) -> set[str]:
        return {k.word for c in cs if c and (k := eng.kinds[c]) is not None}

    # B.10, A6.7: both count one Hindrance per range from the firer; a Hindrance hex whose
    # corner the thread clips counted by one and not the other
    if (not row.los and row.hindrances >= 6) or (blk is not None and blk.rule == "B.10"):
        return "hindrance-pixel"
    # B21.2: Water Obstacles a level beneath the land, their banks within them
    ends = {m.info(a).terrain.value, m.info(b).terrain.value}
    if (
        ends & WATER
        or (blk is not None and blk.rule == "B21.2")
        or (at is not None and m.info(at).terrain.value in WATER)
    ):
        return "water"
    if at is not None and blk is None and row.mode == "pto":
        cs = _group(eng, a, b, at) or ()
        if m.info(at).terrain.value == "huts" and any(cs):
            return "pto-huts"
    if "depression" in row.reason.lower() or (blk is not None and blk.rule == "A6.3"):
        return "depression"
    if at is not None and blk is None and row.mode == "pto":
        # G.1 Huts elsewhere on the thread
        got = eng.pixels(a, b)
        assert got is not None
        pat, vals, _ = got
        for hx, hy, _ra, _rb, s, e in pat.groups:
            if m.info(Hex(a.x + hx, a.y + hy)).terrain.value == "huts" and any(vals[s:e]):
                return "pto-huts"
    if blk is not None:
        if "through a vertex of its hex" in blk.why:
            return "inherent-vertex"
        if "bamboo" in blk.why and "Inherent Terrain" in blk.why:
            return "pto-bamboo"
        if "Inherent Terrain: the whole hex" in blk.why:
            cs = _group(eng, a, b, m.hex(blk.where)) or ()
            if row.mode == "pto" or not words(cs) or len(cs) <= 15:
                return "inherent-whole-hex"
        if blk.rule in ("B9.2", "B9.52"):
            return "hexside-wall"
        if blk.pixel is not None and "-" not in blk.where:
            bh = m.hex(blk.where)
            px, py = blk.pixel
            geo = eng.geometry
            assert geo is not None

            def dist(h: Hex) -> float:
                x4, y4 = geo.centre4(h.x, h.y)
                return float(((4 * px + 2 - x4) ** 2 + (4 * py + 2 - y4) ** 2) ** 0.5) / 4

            if any(e.is_adjacent(bh) and dist(e) - dist(bh) <= 6 for e in (a, b)):
                return "end-border"
            got = eng.pixels(a, b)
            assert got is not None
            pat, vals, levs = got
            start = eng.centre_pixel(a)
            i = next(
                (
                    j
                    for j, (x, y) in enumerate(zip(pat.xs, pat.ys, strict=True))
                    if (start[0] + x, start[1] + y) == (px, py)
                ),
                None,
            )
            if i is not None:
                if vals[i]:
                    n = sum(1 for v in vals if v == vals[i])
                else:
                    n = sum(1 for v in levs if v >= levs[i])
                if n <= 8:
                    return "graze"
    if "Half level terrain" in row.reason:
        return "hexside-wall"  # (VASL's half-level obstacles: walls, hedges)
    if at is not None and blk is None:
        drawn = _group(eng, a, b, at) if at is not None else None
        if drawn is not None and any(
            (kd := eng.kinds[c]) is not None and kd.side is not None for c in drawn if c
        ):
            return "hexside-wall"
        if drawn is None or not any(drawn):
            return "graze"
    return None


@cache
def sample() -> tuple[Row, ...]:
    rows = []
    with SAMPLE.open() as f:
        for d in csv.DictReader(line for line in f if not line.startswith("#")):
            rows.append(
                Row(
                    d["board"],
                    d["mode"],
                    d["from"],
                    d["to"],
                    d["los"] == "1",
                    d["blocked_at"],
                    int(d["hindrances"]),
                    d["reason"],
                    d["kind"],
                )
            )
    return tuple(rows)


BOARD_MODES = sorted({(r.board, r.mode) for r in sample()}) if SAMPLE.exists() else []


@pytest.mark.parametrize(("board", "mode"), BOARD_MODES)
def test_a6_each_thread_agrees_with_vasl_or_is_of_a_listed_kind(board: str, mode: str) -> None:
    wrong = []
    for row in sample():
        if (row.board, row.mode) != (board, mode):
            continue
        r = ours(row)
        if not row.kind:
            if r.los != row.los:
                wrong.append((row.frm, row.to, "now disagrees", classify(row)))
        elif r.los == row.los:
            wrong.append((row.frm, row.to, f"now agrees ({row.kind})", None))
        elif classify(row) != row.kind:
            wrong.append((row.frm, row.to, f"was {row.kind}", classify(row)))
    assert not wrong, wrong


def test_the_kinds_are_those_docs_los_md_lists() -> None:
    """Each kind of the sample is listed in docs/los.md with its rule, and each listed kind
    explains a thread of the sample."""
    doc = (ROOT / "docs" / "los.md").read_text()
    part = doc.split("## Where the referee and VASL's engine disagree", 1)[1].split("\n## ", 1)[0]
    listed = {line.split("**")[1]: line for line in part.splitlines() if line.startswith("- **")}
    assert set(listed) == set(KINDS)
    for kind, rule in KINDS.items():
        assert rule in listed[kind], kind
    used = {r.kind for r in sample() if r.kind}
    assert used == set(KINDS)


# --- recording the sample ----------------------------------------------------------------------


def _oracle(board: str, mode: str, pairs: str) -> list[dict[str, object]]:
    assert VASL is not None and BOARDS is not None
    run = [str(VASL / "los-oracle" / "run.sh"), str(BOARDS / f"bd{board}")]
    if mode == "pto":
        run += ["--ssr", PTO_SSR]
    out = subprocess.run(run, input=pairs, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def record(per_board: int = 2000, agreeing: int = 120, seed: int = 1) -> None:  # pragma: no cover
    """Sample ``per_board`` pairs within range 12 of each board, as printed and under PTO
    Terrain; keep every thread where the referee and VASL disagree (with its kind) and the
    first ``agreeing`` where they agree."""
    assert BOARDS is not None and VASL is not None
    os.environ.setdefault("VASL_REPO", "/work/.mirror/michalxo+vasl/repo")
    boards = sorted(p.name[2:] for p in BOARDS.glob("bd*"))
    head = [
        "# VASL's own LOS engine (../shared/vasl/los-oracle, headless) on pairs of ground-level",
        f"# Locations within range 12 of each board (a sample of {per_board}, seed {seed}), as",
        f"# printed and under PTO Terrain (--ssr {PTO_SSR}); kind: where the referee",
        "# disagrees, the kind of disagreement docs/los.md lists",
    ]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["board", "mode", "from", "to", "los", "blocked_at", "hindrances", "reason", "kind"])
    sampled = ["--sample", str(per_board), "--seed", str(seed)]
    for board in boards:
        run = str(VASL / "los-oracle" / "run.sh")
        pairs = subprocess.run(
            [run, str(BOARDS / f"bd{board}"), "--pairs", "--range", "12", *sampled],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for mode in ("plain", "pto"):
            kept = 0
            for d in _oracle(board, mode, pairs):
                if "error" in d:
                    continue
                row = Row(
                    board,
                    mode,
                    str(d["from"]),
                    str(d["to"]),
                    bool(d["los"]),
                    str(d["blocked_at"] or ""),
                    int(str(d["hindrances"])),
                    str(d["reason"] or ""),
                    "",
                )
                if ours(row).los != row.los:
                    row = dataclasses.replace(row, kind=classify(row) or "unexplained")
                elif kept >= agreeing:
                    continue
                else:
                    kept += 1
                cells = (row.board, row.mode, row.frm, row.to, int(row.los), row.blocked_at)
                w.writerow([*cells, row.hindrances, row.reason, row.kind])
    SAMPLE.write_text("\n".join(head) + "\n" + out.getvalue())


if __name__ == "__main__":  # pragma: no cover
    record()
