"""The page over real boards as a player sees it: an overlay's own picture drawn where the
overlay lies, the page's layers stopped at the boards' edges, each unit's tag on its counter.
Skipped, saying why, where the VASL data is absent."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aslpto.formats.scenario import map_source
from aslpto.formats.vasl.overlays import vasl_overlays
from aslpto.formats.vasl.pictures import board_picture, ssr_pictures
from web.conftest import EXAMPLES, Served, screenshot, spread_save, vasl_boards


@pytest.fixture(scope="module")
def real() -> Iterator[Served]:
    s = Served(EXAMPLES / "real-37-38.toml", vasl_boards("37", "38"))
    yield s
    s.bg.stop()


def _open(page: Any, s: Served) -> None:
    page.goto(s.url)
    page.wait_for_selector(".unit-chip")


_PIXELS = """async ([board, points]) => {
  // the colours of the board's picture as the page loaded it, at the given pixels
  const im = document.querySelector(`#pictures image[href^="/api/picture/${board}?"]`);
  const img = new Image();
  await new Promise((ok) => { img.onload = ok; img.src = im.getAttribute("href"); });
  const c = document.createElement("canvas");
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  return points.map(([x, y]) => [...g.getImageData(x, y, 1, 1).data.slice(0, 3)]);
}"""


def test_g8_the_paddy_overlays_picture_is_drawn_on_the_real_board(real: Served, page: Any) -> None:
    """RP3 on 38C5-C6: the page's picture of board 38 shows the overlay's paddies there, not
    the board's own art (as ``render --picture`` draws it)."""
    pytest.importorskip("PIL.Image")
    from PIL import Image

    game = real.referee.game
    src = map_source(game.map)
    assert src is not None
    folder = vasl_boards("38")
    spots = vasl_overlays(game.map.layout, src)["38"]
    bare = Image.open(io.BytesIO(board_picture(folder / "bd38").data)).convert("RGB")
    laid = board_picture(folder / "bd38", spots, ssr_pictures(game.conditions))
    over = Image.open(io.BytesIO(laid.data)).convert("RGB")
    art = game.map.artwork["38"]
    points = []
    for col, row in ((2, 5), (2, 6), (1, 6)):  # 38C5, 38C6, 38B6
        cx, cy = art.centre(col, row)
        points += [(int(cx) + dx, int(cy) + dy) for dx in (-12, 0, 12) for dy in (-12, 0, 12)]

    def rgb(im: Image.Image, p: tuple[int, int]) -> list[int]:
        colour = im.getpixel(p)
        assert isinstance(colour, tuple)
        return list(colour)

    changed = [p for p in points if rgb(bare, p) != rgb(over, p)]
    assert len(changed) > len(points) // 2  # the overlay's picture differs from the board's
    _open(page, real)
    got = page.evaluate(_PIXELS, ["38", changed])
    assert got == [rgb(over, p) for p in changed]
    h = real.referee.map_json()["hexes"]["38C5"]
    page.evaluate(
        """([x, y]) => { const f = referee.map.frame, o = referee.origin;
      const sx = f[0] * x + f[4] + o[0], sy = f[3] * y + f[5] + o[1];
      referee.view = { x: sx - 220, y: sy - 150, w: 440, h: 300 }; referee.svg.setAttribute(
        "viewBox", `${sx - 220} ${sy - 150} 440 300`); }""",
        h,
    )
    screenshot(page, "real-37-38-paddy-rp3")


_BELOW_BOARD = """([x, y]) => {
  // the screen rectangle just under the board's bottom edge at picture pixel x of board 37
  const img = document.querySelector('#pictures image[href^="/api/picture/37?"]');
  const m = img.getScreenCTM();
  const at = (px, py) => { const p = img.ownerSVGElement.createSVGPoint(); p.x = px; p.y = py;
    return p.matrixTransform(m); };
  const a = at(x - 40, y), b = at(x + 40, y + 30);
  return { x: a.x, y: a.y + 2, width: b.x - a.x, height: b.y - a.y - 2 };
}"""


def test_reach_stops_at_the_boards_edge(real: Served, page: Any) -> None:
    """US3's reach takes in the half hexes of 37's bottom row: drawn on the board, not over
    the margin and legend under it."""
    _, reach = real.post("/api/reach", {"unit": "US3"})
    assert {"37FF10", "37GG10"} <= {loc["hex"] for loc in reach["locations"]}
    _open(page, real)
    page.click("#fit-all")
    x = real.referee.map_json()["hexes"]["37FF10"][0]
    page.evaluate("""() => { const v = referee.view; referee.view = { x: v.x + 1500, y: v.y + 400,
      w: 500, h: 300 }; const n = referee.view;
      referee.svg.setAttribute("viewBox", `${n.x} ${n.y} ${n.w} ${n.h}`); }""")
    page.mouse.move(5, 5)
    clip = page.evaluate(_BELOW_BOARD, [x, 645])
    before = page.screenshot(clip=clip)
    page.click('.unit-chip[data-unit="US3"]')
    page.wait_for_selector('body[data-reach-shown="US3"]')
    page.mouse.move(5, 5)
    assert page.locator('.reach-hex[data-hex="37FF10"]').count() == 1
    assert page.screenshot(clip=clip) == before
    screenshot(page, "real-37-38-reach-at-the-edge")


def test_each_units_tag_lies_on_its_counter_and_none_overlap(page: Any, tmp_path: Path) -> None:
    """A real save's stacks of three and four units: each tag on the foot of its own counter,
    no two tags overlapping."""
    s = Served(spread_save(tmp_path), vasl_boards("1"))
    try:
        _open(page, s)
        got = page.evaluate("""() => [...document.querySelectorAll(".unit-chip")].map((c) => {
          const r = c.querySelector("rect").getBoundingClientRect();
          const g = document.getElementById("unit-" + c.dataset.unit);
          const f = g ? g.querySelectorAll(":scope > rect")[1].getBoundingClientRect() : null;
          return [c.dataset.unit, [r.x, r.y, r.right, r.bottom],
                  f && [f.x, f.y, f.right, f.bottom]]; })""")
        assert len(got) > 100
        for uid, tag, face in got:
            assert face is not None, uid
            assert face[0] - 0.5 <= tag[0] and tag[2] <= face[2] + 0.5, uid
            assert face[1] <= tag[1] and tag[3] <= face[3] + 0.5, uid
        boxes = [(uid, t) for uid, t, _ in got]
        for i, (a, ra) in enumerate(boxes):
            for b, rb in boxes[i + 1 :]:
                across = min(ra[2], rb[2]) - max(ra[0], rb[0])
                down = min(ra[3], rb[3]) - max(ra[1], rb[1])
                assert min(across, down) <= 0.5, (a, b)
        squad = next(u["id"] for u in s.referee.map_json()["units"] if u["kind"] == "squad")
        page.click(f'.unit-chip[data-unit="{squad}"]')
        page.wait_for_selector(f'body[data-reach-shown="{squad}"]')
        screenshot(page, "tags-on-counters")
    finally:
        s.bg.stop()
