"""The page's first view and its legend, on a phone, a tablet and a desktop: the legend's items
all in the panel and none cut (the SVG's own legend, as wide as the map, hidden), and the first
view starting at a board's edge that lies near the units rather than cutting the board
mid-hex, every unit in it. On the bundled example and on real boards 37-38 (skipped, saying
why, where the VASL data or chromium is absent)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from web.conftest import EXAMPLES, Served, screenshot, vasl_boards

SIZES = [(375, 667), (768, 1024), (1400, 900)]
MAPS = {"bundled": ("paddy-river.toml", ()), "real-37-38": ("real-37-38.toml", ("37", "38"))}


@pytest.fixture(scope="module")
def served() -> Iterator[Callable[[str], Served]]:
    running: dict[str, Served] = {}

    def start(key: str) -> Served:
        if key not in running:
            name, boards = MAPS[key]
            folder: Path | None = vasl_boards(*boards) if boards else None
            running[key] = Served(EXAMPLES / name, folder)
        return running[key]

    yield start
    for s in running.values():
        s.bg.stop()


_GEOMETRY = """() => {
  // the units' box (five hexes around the hexes they stand in), the boards' edges, the part of
  // the SVG in sight (the map's box on the screen), in the SVG's own coordinates
  const st = referee, svg = st.svg, f = st.map.frame;
  const k = f ? Math.hypot(f[0], f[1]) : 1, r = st.map.radius * k;
  const [ox, oy] = st.origin;
  const at = (p) => f
    ? [f[0] * p[0] + f[2] * p[1] + f[4] + ox, f[1] * p[0] + f[3] * p[1] + f[5] + oy]
    : [p[0] + ox, p[1] + oy];
  const pts = st.map.units.filter((u) => u.hex).map((u) => at(st.map.hexes[u.hex]));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const units = [Math.min(...xs) - 5 * r, Math.min(...ys) - 5 * r,
                 Math.max(...xs) + 5 * r, Math.max(...ys) + 5 * r];
  const rects = [...svg.querySelectorAll("clipPath#boards rect")].map((e) =>
    ["x", "y", "width", "height"].map((a) => +e.getAttribute(a)));
  const boards = [Math.min(...rects.map((b) => b[0])) + ox,
                  Math.min(...rects.map((b) => b[1])) + oy,
                  Math.max(...rects.map((b) => b[0] + b[2])) + ox,
                  Math.max(...rects.map((b) => b[1] + b[3])) + oy];
  const box = document.getElementById("view").getBoundingClientRect();
  const inv = svg.getScreenCTM().inverse();
  const to = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y;
    const q = p.matrixTransform(inv); return [q.x, q.y]; };
  const [a, b] = [to(box.left, box.top), to(box.right, box.bottom)];
  const chips = [...document.querySelectorAll(".unit-chip")].map((c) => {
    const q = c.getBoundingClientRect();
    return [c.dataset.unit, q.left, q.top, q.right, q.bottom]; });
  return { r, units, boards, seen: [a[0], a[1], b[0], b[1]], chips,
           view: [box.left, box.top, box.right, box.bottom], viewBox: svg.getAttribute("viewBox") };
}"""

_LEGEND = """() => {
  // the SVG's legend (each label: a text anchored at its start, after the heading) and the
  // panel's: each item scrolled into the panel's sight, its box and whether its words fit
  const g = referee.svg.querySelector("g#legend");
  const texts = [...g.querySelectorAll("text")];
  const labels = texts.slice(1).filter((t) => t.getAttribute("text-anchor") === "start")
    .map((t) => t.textContent);
  const panel = document.getElementById("ui-panel");
  const items = [...document.querySelectorAll("#legend-list .legend-item")].map((li) => {
    li.scrollIntoView({ block: "nearest" });
    const p = panel.getBoundingClientRect(), q = li.getBoundingClientRect();
    const words = li.querySelector("span"), swatch = li.querySelector("svg.swatch");
    const s = swatch.getBoundingClientRect();
    return { text: words.textContent, box: [q.left, q.top, q.right, q.bottom],
      panel: [p.left, p.top, p.right, p.bottom], fits: words.scrollWidth <= words.clientWidth + 1,
      swatch: [s.width, s.height, swatch.childElementCount] };
  });
  return { labels, items, shown: getComputedStyle(g).display, width: innerWidth,
    height: innerHeight, open: document.getElementById("legend-panel").open,
    scroll: document.documentElement.scrollWidth,
    legendTop: +g.querySelector("line").getAttribute("y1") };
}"""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}px" for w, _ in SIZES])
@pytest.mark.parametrize("key", list(MAPS))
def test_the_legend_is_in_the_panel_and_none_of_it_is_cut(
    served: Callable[[str], Served], browser: Any, key: str, size: tuple[int, int]
) -> None:
    """Every item of the SVG's legend is listed in the panel's Legend (its swatch and words),
    each wholly within the panel and the window once scrolled to; the SVG's own legend is not
    drawn, and the whole map ends at the boards."""
    s = served(key)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(s.url)
        page.wait_for_selector(".unit-chip")
        got = page.evaluate(_LEGEND)
        assert got["shown"] == "none" and got["open"]
        assert got["labels"] and [i["text"] for i in got["items"]] == got["labels"]
        for item in got["items"]:
            left, top, right, bottom = item["box"]
            p = item["panel"]
            assert p[0] - 0.5 <= left and right <= p[2] + 0.5, item
            assert p[1] - 0.5 <= top and bottom <= p[3] + 0.5, item
            assert left >= 0 and right <= got["width"] + 0.5, item
            assert top >= 0 and bottom <= got["height"] + 0.5, item
            assert item["fits"], item
            assert item["swatch"][0] >= 16 and item["swatch"][2] >= 1, item
        assert got["scroll"] <= got["width"]  # nothing runs off the right
        page.click("#fit-all")
        g = page.evaluate(_GEOMETRY)
        _, y, _, h = map(float, g["viewBox"].split())
        assert y + h <= g["boards"][3] + g["r"] and y + h < got["legendTop"]
        page.locator("#legend-panel").scroll_into_view_if_needed()
        screenshot(page, f"legend-{key}-{size[0]}")
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}px" for w, _ in SIZES])
@pytest.mark.parametrize("key", list(MAPS))
def test_the_first_view_starts_at_a_boards_edge_near_the_units(
    served: Callable[[str], Served], browser: Any, key: str, size: tuple[int, int]
) -> None:
    """The first view holds every unit; where the units' box (five hexes around them) comes
    nearer a board's edge than half its extent, that edge is in sight and the view starts
    there (within a hex), not mid-hex. On boards 37-38 the Japanese on 37's west half bring
    its left edge (column A) into the first view. "whole map" and "units" still work."""
    s = served(key)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(s.url)
        page.wait_for_selector(".unit-chip")
        g = page.evaluate(_GEOMETRY)
        ux0, uy0, ux1, uy1 = g["units"]
        bx0, by0, bx1, by1 = g["boards"]
        sx0, sy0, sx1, sy1 = g["seen"]
        r = g["r"]
        near = {
            "left": ux0 - bx0 < (ux1 - ux0) / 2,
            "right": bx1 - ux1 < (ux1 - ux0) / 2,
            "top": uy0 - by0 < (uy1 - uy0) / 2,
            "bottom": by1 - uy1 < (uy1 - uy0) / 2,
        }
        if key == "real-37-38":
            assert near["left"]
        if near["left"]:
            assert bx0 - r <= sx0 <= bx0 + 0.5, (sx0, bx0)
        if near["right"]:
            assert bx1 - 0.5 <= sx1, (sx1, bx1)
        if near["top"]:
            assert sy0 <= by0 + 0.5, (sy0, by0)
        if near["bottom"]:
            assert by1 - 0.5 <= sy1, (sy1, by1)
        vl, vt, vr, vb = g["view"]
        assert len(g["chips"]) == sum(1 for u in s.referee.map_json()["units"] if u["hex"])
        for uid, left, top, right, bottom in g["chips"]:
            assert vl - 0.5 <= left and right <= vr + 0.5, uid
            assert vt - 0.5 <= top and bottom <= vb + 0.5, uid
        screenshot(page, f"first-view-{key}-{size[0]}")
        first = g["viewBox"]
        page.click("#fit-all")
        whole = page.get_attribute("#view svg", "viewBox")
        assert whole != first
        x, y, w, h = map(float, (whole or "").split())
        assert x <= bx0 and x + w >= bx1 and y <= by0 and by1 <= y + h <= by1 + r
        page.click("#fit-units")
        assert page.get_attribute("#view svg", "viewBox") == first
    finally:
        page.close()
