"""The page over real boards (VASL board archives of ../shared/vasl/boards): the boards' own
pictures under the page's layers, hex centres in the pictures' pixels, the LOS blocking pixel;
VASL saves dropped onto the page. Skipped, saying why, where the VASL data is absent."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aslpto.formats import svg
from aslpto.formats.vasl.pictures import board_picture, ssr_pictures
from aslpto.rules.los import ArtworkLosEngine, engine_for as engine
from aslpto.web.referee import Referee
from web.conftest import (
    EXAMPLES,
    STALINGRAD,
    Served,
    moved_save,
    screenshot,
    spread_save,
    vasl_boards,
    vasl_save,
)

REAL = EXAMPLES / "real-37-38.toml"


@pytest.fixture(scope="module")
def real() -> Iterator[Served]:
    s = Served(REAL, vasl_boards("37", "38"))
    yield s
    s.bg.stop()


# the API ------------------------------------------------------------------------------------


def test_map_gives_the_boards_pictures_and_hex_centres_in_their_pixels(real: Served) -> None:
    status, got = real.request("/api/map")
    assert status == 200
    assert set(got["pictures"]) == {"37", "38"}
    p38 = got["pictures"]["38"]
    assert (p38["x"], p38["y"], p38["width"], p38["height"]) == (1800, 0, 1800, 645)
    art = real.referee.game.map.artwork
    # a hex's centre is its board's artwork centre (VASL's geometry), moved to its board
    assert got["hexes"]["37A1"] == [0.0, 32.25]
    assert got["hexes"]["37DD7"] == list(art["37"].centre(29, 7))
    x, y = art["38"].centre(2, 3)
    assert got["hexes"]["38C3"] == [1800 + x, y]
    # the LOS engine's centre dot is the same pixel; the frame takes each centre onto the
    # SVG's own centre (where render --picture lays the same pictures)
    eng = engine(real.referee.game)
    assert isinstance(eng, ArtworkLosEngine)
    a, _, _, d, e, f = got["frame"]
    m = real.referee.game.map
    for name in ("37A1", "37CC7", "37GG10", "38C3", "38Q6"):
        px, py = got["hexes"][name]
        assert eng.centre_pixel(m.hex(name)) == (int(px), int(py))
        sx, sy = svg.centre(m.hex(name))
        assert abs(a * px + e - sx) < 0.01 and abs(d * py + f - sy) < 0.01


def test_pictures_are_served_once_per_game(real: Served) -> None:
    folder = vasl_boards("37")
    _, got = real.request("/api/map")
    status, data = real.request(got["pictures"]["37"]["url"])
    # drawn as render --picture draws it: the SSR pictures in force (PTO Terrain's Dense
    # Jungle, Palm Trees) laid on the board's own
    drawn = board_picture(folder / "bd37", (), ssr_pictures(real.referee.game.conditions))
    assert status == 200 and data == drawn.data and data != board_picture(folder / "bd37").data
    assert real.referee.picture("37") == ("image/png", drawn.data)
    assert real.referee.pictures() is real.referee.pictures()  # read once per game
    status, svg_text = real.request("/api/map.svg")
    assert '<image href="/api/picture/37?game=0"' in svg_text
    status, err = real.request("/api/picture/99")
    assert status == 404 and err == {"error": "no picture of board '99' in this map"}


def test_a6_2_los_names_its_blocking_pixel(real: Served) -> None:
    status, got = real.post("/api/los", {"from": "J1", "to": "US2"})
    assert status == 200 and got["los"] is False
    assert got["blocked_by"]["where"] == "37DD7" and got["blocked_by"]["rule"] == "A6.2"
    px, py = got["blocked_by"]["pixel"]
    _, m = real.request("/api/map")
    cx, cy = m["hexes"]["37DD7"]
    assert (px - cx) ** 2 + (py - cy) ** 2 < 40**2  # inside the blocking hex


def test_toml_boards_keep_the_svg_frame() -> None:
    ref = Referee.load(EXAMPLES / "panji-g9.toml")
    got = ref.map_json()
    assert got["pictures"] == {} and got["frame"] is None
    assert got["hexes"]["37A1"] == [round(v, 2) for v in svg.centre(ref.game.map.hex("37A1"))]


def test_a_dropped_vasl_save_is_refereed(tmp_path: Path) -> None:
    folder = vasl_boards("1")
    save = moved_save(tmp_path)
    s = Served(EXAMPLES / "panji-g9.toml", folder)
    try:
        status, got = s.request("/api/scenario", save.read_bytes(), {"x-filename": save.name})
        assert status == 200, got
        assert got["boards"] == ["1"] and set(got["pictures"]) == {"1"}
        assert got["pictures"]["1"]["url"] == f"/api/picture/1?game={got['game']}"
        placed = sorted((u["hex"], u["id"]) for u in got["units"] if u["hex"])
        assert {h for h, _ in placed} == {"1K5", "1P5"}  # each stack: its squads, leaders
        key = f"?game={got['game']}"  # the dropped game's own key
        status, reach = s.post(f"/api/reach{key}", {"unit": placed[0][1]})
        assert status == 200 and reach["locations"]
        assert s.post(f"/api/terrain{key}", {"hex": "1K5"})[0] == 200
        # the real save as it is: its counters lie off the boards, listed in its report
        real = vasl_save(STALINGRAD).read_bytes()
        status, got = s.request("/api/scenario", real, {"x-filename": STALINGRAD})
        assert status == 200 and len(got["hexes"]) > 300
        assert s.bg.games.get(got["game"]).game.source_report is not None
    finally:
        s.bg.stop()


def test_a_dropped_save_without_boards_has_its_counters_off_the_map() -> None:
    s = Served(EXAMPLES / "panji-g9.toml")
    try:
        data = vasl_save("basic.vsav").read_bytes()
        status, got = s.request("/api/scenario", data, {"x-filename": "basic.vsav"})
        assert status == 200 and got["hexes"] == {} and got["pictures"] == {}
        assert got["units"] and not any(u["hex"] for u in got["units"])
        key = f"?game={got['game']}"
        status, text = s.request(f"/api/map.svg{key}")
        assert status == 200 and 'id="map"' in text and "off the map" in text
        assert s.request(f"/api/check{key}")[0] == 200
        unit = got["units"][0]["id"]
        status, got = s.post(f"/api/place{key}", {"unit": unit, "hex": "1A1"})
        assert status == 400 and "\n" not in got["error"]  # no boards: no hex to place it in
    finally:
        s.bg.stop()


def test_a_dropped_save_keeps_within_the_limits_and_says_what_is_wrong(tmp_path: Path) -> None:
    import zipfile

    folder = vasl_boards("1")
    s = Served(EXAMPLES / "panji-g9.toml", folder)
    try:
        before = s.referee.game

        def drop(data: bytes, name: str = "game.vsav") -> tuple[int, Any]:
            return s.request("/api/scenario", data, {"x-filename": name})

        def archive(entries: dict[str, bytes]) -> bytes:
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
                for n, d in entries.items():
                    z.writestr(n, d)
            return buf.getvalue()

        cases = [
            (archive({"savedGame": b"\0" * (60 * 1024 * 1024)}), 413, "packed over 200:1"),
            (archive({"savedGame": b"x"}), 400, "game.vsav"),
            (archive({"other": b"x"}), 400, "savedGame"),
            (b"not a zip", 400, "not a zip archive"),
        ]
        for data, code, words in cases:
            status, got = drop(data)
            assert status == code and words in got["error"], got
            assert "\n" not in got["error"] and s.referee.game is before
        saved = moved_save(tmp_path).read_bytes()
        no_boards = Served(EXAMPLES / "panji-g9.toml", tmp_path)
        try:
            status, got = no_boards.request("/api/scenario", saved, {"x-filename": "m.vsav"})
            assert status == 400 and "no VASL board archive bd01" in got["error"]
            assert "\n" not in got["error"]
        finally:
            no_boards.bg.stop()
    finally:
        s.bg.stop()


def test_unchecked_values_are_per_answer_when_asked_at_once(real: Served) -> None:
    """Requests answered in several threads at once each list the unchecked values their
    own answer read, as when asked one after another (odds read different ones)."""
    ref = real.referee
    questions = [
        ("odds", {"procedure": p, "unit": [u]})
        for p in ("panji", "ptc", "nmc")
        for u in ("J1", "US3")
    ] + [
        ("odds", {"procedure": "mc", "n": 1, "unit": ["J2"]}),
        ("reach", {"unit": "US1"}),
        ("los", {"from": "J1", "to": "US1"}),
    ]
    for c, b in questions:
        ref.ask(c, b)  # warm: what the game keeps is built
    alone = [ref.ask(c, b).get("unchecked") for c, b in questions]
    assert len({str(a) for a in alone}) >= 3
    got: dict[int, list[object]] = {}

    def ask(i: int) -> None:
        c, b = questions[i]
        got[i] = [ref.ask(c, b).get("unchecked") for _ in range(20)]

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(questions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [got[i] for i in range(len(questions))] == [[a] * 20 for a in alone]


# the page -----------------------------------------------------------------------------------

_SCREEN_OF_PIXEL = """([board, x, y]) => {
  const img = document.querySelector(`#pictures image[href^="/api/picture/${board}?"]`);
  const pt = img.ownerSVGElement.createSVGPoint();
  pt.x = x; pt.y = y;
  const s = pt.matrixTransform(img.getScreenCTM());
  return [s.x, s.y];
}"""

_SCREEN_CENTRE = """(el) => { const r = el.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2]; }"""


def _open(page: Any, s: Served) -> None:
    page.goto(s.url)
    page.wait_for_selector(".unit-chip")


def test_the_page_shows_the_boards_pictures(real: Served, page: Any) -> None:
    _open(page, real)
    assert page.get_attribute("body", "data-pictures") == "2"
    sizes = page.evaluate("""async () => Promise.all(
      [...document.querySelectorAll('#pictures image')].map((im) => new Promise((ok) => {
        const i = new Image(); i.onload = () => ok([i.naturalWidth, i.naturalHeight]);
        i.onerror = () => ok(null); i.src = im.getAttribute('href'); })))""")
    assert sizes == [[1800, 645], [1800, 645]]
    page.click("#fit-all")
    screenshot(page, "real-37-38-pictures")
    shot = page.screenshot(clip={"x": 60, "y": 300, "width": 400, "height": 200})
    image = pytest.importorskip("PIL.Image")
    colours = image.open(io.BytesIO(shot)).convert("RGB").getcolors(1 << 16)
    assert colours is not None and len(colours) > 200  # the artwork, not flat SVG fills


def test_reach_over_the_pictures_lies_on_the_artworks_hex_centres(real: Served, page: Any) -> None:
    _open(page, real)
    page.click('.unit-chip[data-unit="US3"]')
    page.wait_for_selector('body[data-reach-shown="US3"]')
    _, reach = real.post("/api/reach", {"unit": "US3"})
    hexes = {loc["hex"] for loc in reach["locations"]}
    shown = page.eval_on_selector_all(".reach-hex", "els => els.map(e => e.dataset.hex)")
    assert sorted(shown) == sorted(hexes) and len(hexes) > 5
    art = real.referee.game.map.artwork["37"]
    for name, (col, row) in (("37FF8", (31, 8)), ("37EE7", (30, 7)), ("37GG8", (32, 8))):
        assert name in hexes
        want = page.evaluate(_SCREEN_OF_PIXEL, ["37", *art.centre(col, row)])
        got = page.eval_on_selector(f'.reach-hex[data-hex="{name}"] polygon', _SCREEN_CENTRE)
        assert abs(got[0] - want[0]) < 1.5 and abs(got[1] - want[1]) < 1.5, (name, got, want)
    screenshot(page, "real-37-38-reach-US3")


def test_a4_14_a_path_into_a_known_enemy_over_the_pictures_is_refused(
    real: Served, page: Any
) -> None:
    """US3's step over the Covered hexside EE8-DD7 into the Panji Location of the Known J3 is
    refused (A4.14: Infantry may not move into a Known enemy's Location in the MPh): 37DD7 is
    not in US3's reach over the pictures, and a click there shows J3's instead; the Panji MC
    such a step calls for is shown on the bundled example (tests/web/test_browser.py)."""
    status, got = real.post("/api/step", {"unit": "US3", "steps": ["37EE8"], "step": "37DD7"})
    assert status == 200 and not got["legal"], got
    assert got["violation"]["rule"] == "A4.14" and "J3" in got["violation"]["message"]
    _open(page, real)
    page.click('.unit-chip[data-unit="US3"]')
    page.wait_for_selector('body[data-reach-shown="US3"]')
    assert page.locator('.reach-hex[data-hex="37DD7"]').count() == 0
    page.click('.hex-hit[data-hex="37EE8"]', force=True)
    page.wait_for_selector("#move-info table")
    assert "legal, 2 of 4" in page.inner_text("#move-info")
    page.click('.hex-hit[data-hex="37DD7"]', force=True)
    page.wait_for_selector('body[data-reach-shown="J3"]')
    screenshot(page, "real-37-38-reach-beside-an-enemy")


def test_a6_2_los_over_the_pictures_marks_the_blocking_pixel(real: Served, page: Any) -> None:
    _open(page, real)
    page.click('#ui-modes button[data-mode="los"]')
    page.click('.unit-chip[data-unit="J1"]', force=True)
    page.click('.unit-chip[data-unit="US2"]', force=True)
    page.wait_for_selector("#los-head")
    page.wait_for_selector(".los-thread.blocked", state="attached")  # drawn with the answer
    _, los = real.post("/api/los", {"from": "J1", "to": "US2"})
    px, py = los["blocked_by"]["pixel"]
    assert page.locator(".los-thread.blocked").count() == 1
    assert f"pixel {px}, {py}" in page.inner_text("#los-info")
    want = page.evaluate(_SCREEN_OF_PIXEL, ["37", px + 0.5, py + 0.5])
    got = page.eval_on_selector(".los-block-point.pixel", _SCREEN_CENTRE)
    assert abs(got[0] - want[0]) < 1.5 and abs(got[1] - want[1]) < 1.5
    screenshot(page, "real-37-38-los-blocked")


def test_a6_los_typed_between_locations_with_an_entrenched_end(real: Served, page: Any) -> None:
    _open(page, real)
    page.click('#ui-modes button[data-mode="los"]')
    page.check("#from-entrenched")
    page.fill("#los-text", "37CC7 38C3")
    page.press("#los-text", "Enter")
    page.wait_for_selector("#los-head")
    _, los = real.post("/api/los", {"from": "37CC7", "to": "38C3", "from-entrenched": True})
    head = page.inner_text("#los-head")
    assert head.startswith(f"{los['from']} → {los['to']} (range {los['range']})")
    assert page.inner_text("#los-info .rules") == "rules: " + ", ".join(los["rules"])


def test_a_real_save_dropped_onto_the_page(page: Any, tmp_path: Path) -> None:
    folder = vasl_boards("1")
    moved = moved_save(tmp_path)
    s = Served(EXAMPLES / "panji-g9.toml", folder)
    try:
        _open(page, s)
        page.set_input_files("#ui-file", str(vasl_save(STALINGRAD)))
        page.wait_for_function(
            "document.getElementById('ui-status').textContent.startsWith('opened')"
        )
        assert page.get_attribute("body", "data-pictures") == "1"
        page.click('.hex-hit[data-hex="1P5"]', force=True)
        page.wait_for_selector(".terrain-head")
        page.set_input_files("#ui-file", str(moved))
        page.wait_for_function(
            "document.getElementById('ui-status').textContent === 'opened moved.vsav'"
        )
        unit = page.get_attribute(".unit-chip", "data-unit")
        page.click(f'.unit-chip[data-unit="{unit}"]')
        page.wait_for_selector(f'body[data-reach-shown="{unit}"]')
        assert page.locator(".reach-hex").count() > 1
        screenshot(page, "vasl-save-dropped")
    finally:
        s.bg.stop()


def test_serve_a_vasl_save_over_its_real_boards() -> None:
    """``aslpto serve --vasl-boards DIR SAVE``: the URL first, the save's boards' pictures."""
    import json
    import os
    import subprocess
    import sys
    import urllib.request

    folder = vasl_boards("2", "3", "4")
    save = vasl_save("Hill 621 (Scenario E).vsav")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    p = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "aslpto.cli",
            "serve",
            "--vasl-boards",
            str(folder),
            str(save),
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert p.stdout is not None
        url = p.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "api/map", timeout=30) as r:
            got = json.loads(r.read())
        assert got["boards"] == ["2", "4", "3"] and set(got["pictures"]) == {"2", "3", "4"}
        assert got["pictures"]["3"]["y"] == 2 * 645
    finally:
        p.terminate()
        p.wait(10)


def test_a_board_turned_180_degrees_lies_turned_under_the_page(tmp_path: Path, page: Any) -> None:
    """Board 38 turned 180° (``38*``): its hex centres are its artwork centres turned about
    the picture's centre, the LOS engine's centre dots, and on the page the reach overlay
    lies on the turned picture's hex centres."""
    from vaslhelp import scenario_text

    vasl_boards("37", "38")
    unit = '\n[[units]]\nid = "U"\nside = "U.S."\nkind = "squad"\ncounter = "6-6-6"\nhex = "38F5"\n'
    path = tmp_path / "turned.toml"
    path.write_text(scenario_text('[["37", "38*"]]', "pto_terrain = true", unit), "utf-8")
    s = Served(path)
    try:
        got = s.referee.map_json()
        assert got["pictures"]["38"]["rotated"] is True
        art = s.referee.game.map.artwork["38"]
        x, y = art.centre(5, 5)  # 38F5
        assert got["hexes"]["38F5"] == [1800 + 1800 - x, 645 - y]
        eng = engine(s.referee.game)
        assert isinstance(eng, ArtworkLosEngine)
        m = s.referee.game.map
        for name in ("38F5", "38A1", "38B2", "37GG5"):
            px, py = got["hexes"][name]
            assert eng.centre_pixel(m.hex(name)) == (int(px), int(py))
        _open(page, s)
        page.click('.unit-chip[data-unit="U"]')
        page.wait_for_selector('body[data-reach-shown="U"]')
        for name, (col, row) in (("38F5", (5, 5)), ("38F4", (5, 4)), ("38G5", (6, 5))):
            want = page.evaluate(_SCREEN_OF_PIXEL, ["38", *art.centre(col, row)])
            at = page.eval_on_selector(f'.reach-hex[data-hex="{name}"] polygon', _SCREEN_CENTRE)
            assert abs(at[0] - want[0]) < 1.5 and abs(at[1] - want[1]) < 1.5, (name, at, want)
        screenshot(page, "real-37-38-turned-reach")
    finally:
        s.bg.stop()


def test_a_german_squads_checks_on_the_page(page: Any, tmp_path: Path) -> None:
    """Every nationality VASL prints is the catalog's: a German 4-6-7 of a real save (its
    stacks spread over board 1) gets its four checks' bars, none refused."""
    s = Served(spread_save(tmp_path), vasl_boards("1"))
    try:
        units = s.referee.map_json()["units"]
        german = next(
            u["id"]
            for u in units
            if u["hex"] and (u["nationality"], u["counter"]) == ("german", "4-6-7")
        )
        _open(page, s)
        page.click(f'.unit-chip[data-unit="{german}"]', force=True)
        page.wait_for_selector(f'body[data-reach-shown="{german}"]')
        for procedure in ("mc", "nmc", "ptc", "panji"):
            page.wait_for_selector(f'figure.odds[data-procedure="{procedure}"] :is(.rules, .bad)')
        assert page.locator("#odds-info .bad").count() == 0, page.inner_text("#odds-info")
        _, mc = s.post("/api/odds", {"procedure": "mc", "n": 1, "unit": [german]})
        bars = page.locator('figure.odds[data-procedure="mc"] .bar')
        assert bars.count() == len(mc["outcomes"]) > 3
        assert "4-6-7 1st-line" in bars.first.inner_text() + bars.nth(1).inner_text()
    finally:
        s.bg.stop()
