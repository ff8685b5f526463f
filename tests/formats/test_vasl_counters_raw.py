"""The engine's broken-side Morale Levels against VASL's buildFile read directly, without
tools/vasl_catalog.py: in each squad piece, a layer of face names (``6-6-7 Esq,...``) and the
nearest layer before it of as many broken images (``am/ams8b,...``) give each face's broken
side; the digits before ``b`` are its Morale Level (docs/counters.md)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from aslpto.state.counters import catalog

ROOT = Path(__file__).resolve().parents[2]


def _buildfile() -> Path | None:
    for path in (
        ROOT.parent / "shared" / "vasl" / "module" / "buildFile",
        Path("/work/shared/vasl/module/buildFile"),
    ):
        if path.is_file():
            return path
    return None


BUILDFILE = _buildfile()
_BROKEN = re.compile(r"^[a-z]+\\?/[a-z]+[shc][A-Za-z]*?(\d+)b$")
_FACE = re.compile(r"^(?:str )?\d-\d-\d [A-Za-z0-9 ]*(?:sq|hs)$")


def _layers(slot: str) -> list[tuple[list[str], list[str]]]:
    """(images, level names) of each Layer trait of a PieceSlot, in order."""
    out = []
    for m in re.finditer(r"emb2;[^\t]*", slot):
        f = m.group(0).split(";")
        if len(f) > 17:
            out.append((f[16].split(","), [n.replace("\\", "") for n in f[17].split(",")]))
    return out


@pytest.mark.skipif(BUILDFILE is None, reason="VASL's buildFile is not at ../shared/vasl/module")
def test_broken_sides_are_those_vasl_draws() -> None:
    assert BUILDFILE is not None
    text = BUILDFILE.read_text(encoding="utf-8", errors="replace")
    data = tomllib.loads((ROOT / "src" / "aslpto" / "data" / "catalog.toml").read_text())
    cat = catalog()
    checked = 0
    for line in data["line"]:
        i = text.find(f'gpid="{line["gpids"][0]}"')
        slot = text[i : text.find("</VASSAL.build.widget.PieceSlot>", i)]
        broken: list[list[str]] = []
        for images, names in _layers(slot):
            if all(_BROKEN.match(im) for im in images):
                broken.append(images)
                continue
            if not all(_FACE.match(n) for n in names):
                continue
            before = [b for b in broken if len(b) == len(names)]
            for level, label in enumerate(names):
                c = cat.label(line["nationality"], label)
                if c.broken_morale is None or not before:
                    continue  # Japanese squads: no broken side (G1.1)
                m = _BROKEN.match(before[-1][level])
                if m and int(m.group(1)) != c.broken_morale and line["id"] != c.lines[0]:
                    # a face two of VASL's counters draw with other broken sides (the Italian
                    # 3-4-6): the catalog keeps the first counter's, as the tool reports
                    continue
                assert m and int(m.group(1)) == c.broken_morale, (line["id"], label)
                checked += 1
    assert checked >= 100, checked  # every squad and half-squad level of the 31 lines
