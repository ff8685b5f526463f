"""The referee served in this process (uvicorn in a thread, on a free port) and Debian's
chromium driven by Playwright (no browser of its own)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install aslpto[web]")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install aslpto[web]")

from aslpto.cli import main
from aslpto.web.referee import Referee
from aslpto.web.server import Background

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SCREENSHOTS = ROOT / "out" / "screenshots"
VASL = next(
    (
        p
        for p in (ROOT.parent / "shared" / "vasl", Path("/work/shared/vasl"))
        if (p / "boards").is_dir()
    ),
    None,
)
"""The real VASL data (boards, saves), read at run time; tests that need it skip without."""
STALINGRAD = "The Streets Of Stalingrad (Scenario C).vsav"
"""A real save exchanged before setup: its 117 units all off the boards (board 1)."""
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class Served:
    """A running server and a small client for it."""

    def __init__(self, scenario: Path, vasl_boards: Path | None = None) -> None:
        self.referee = Referee.load(scenario, str(vasl_boards) if vasl_boards else None)
        self.bg = Background(self.referee)
        self.url = self.bg.url

    def request(
        self,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        method: str | None = None,
    ) -> tuple[int, Any]:
        req = urllib.request.Request(
            self.url + path.lstrip("/"), data=body, headers=headers or {}, method=method
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                status, data, kind = r.status, r.read(), r.headers.get("content-type", "")
        except urllib.error.HTTPError as e:
            status, data, kind = e.code, e.read(), e.headers.get("content-type", "")
        if "json" in kind:
            return status, json.loads(data)
        return status, data.decode("utf-8") if kind.startswith(("text", "image/svg")) else data

    def post(self, path: str, obj: object) -> tuple[int, Any]:
        return self.request(path, json.dumps(obj).encode(), {"content-type": "application/json"})


@pytest.fixture(scope="module")
def serve() -> Iterator[Callable[[str], Served]]:
    running: dict[str, Served] = {}

    def start(name: str) -> Served:
        if name not in running:
            running[name] = Served(EXAMPLES / name)
        return running[name]

    yield start
    for s in running.values():
        s.bg.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    pg = browser.new_page(viewport={"width": 1400, "height": 900})
    pg.set_default_timeout(90_000)  # (a loaded machine: waits end when the page answers)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pg.close()
    assert not errors, errors


def vasl_boards(*boards: str) -> Path:
    """The VASL boards folder, when it holds ``bdNN`` of each board named (else skip)."""
    if VASL is None:
        pytest.skip("the VASL data (../shared/vasl/boards) is not here")
    folder = VASL / "boards"
    missing = [b for b in boards if not any((folder / f"bd{n}").is_file() for n in (b, b.zfill(2)))]
    if missing:
        pytest.skip(f"no VASL board archive bd{missing[0]} in {folder}")
    return folder


def vasl_save(name: str) -> Path:
    """A real VASL saved game of ../shared/vasl/saves (else skip)."""
    path = VASL / "saves" / name if VASL is not None else None
    if path is None or not path.is_file():
        pytest.skip(f"the VASL save {name} is not here")
    return path


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def game_at(page: Any, n: int) -> None:
    """Wait until the page shows a record of ``n`` actions, at its last."""
    page.wait_for_selector(f'body[data-game-actions="{n}"][data-game-at="{n}"]')


def open_game_start(page: Any) -> None:
    """Open the game panel's start form once the page has placed it (its note written: the
    panel moves as the page learns there is no game, and a click before may miss it)."""
    page.wait_for_function("document.getElementById('game-start-note').textContent !== ''")
    page.click("#game-panel summary")


def play_button(page: Any, button: str, words: str) -> None:
    """Click ``#button`` once it is enabled and reads ``words``."""
    page.wait_for_function(
        "([b, w]) => { const e = document.getElementById(b); return !e.disabled "
        "&& e.textContent.includes(w); }",
        arg=[button, words],
    )
    page.click(f"#{button}")


def play_fire(page: Any, firer: str, target: str, hex_: str, rolls: str) -> None:
    """Select ``firer`` then ``target`` (in ``hex_``), type the fire's ``rolls`` and play the
    game's fire action with them."""
    page.click(f'.unit-chip[data-unit="{firer}"]')
    page.click(f'.unit-chip[data-unit="{target}"]')
    page.click("#fire-options-summary")
    page.fill('#fire-options input[name="rolls"]', rolls)
    page.press('#fire-options input[name="rolls"]', "Enter")
    page.wait_for_selector(f'body[data-fire-shown="{hex_}"]')
    play_button(page, "play-fire", f"(dice {rolls})")


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``aslpto game replay`` says of the record ``path`` (replaying it without error)."""
    code = main(["game", "replay", str(path)])
    got = capsys.readouterr()
    assert code == 0, got.err
    return got.out


def river_cc(folder: Path) -> Path:
    """A copy of paddy-river.toml with U1 moved into 32N6, where J3 is: a Close Combat there."""
    text = (EXAMPLES / "paddy-river.toml").read_text(encoding="utf-8")
    assert text.count('hex = "32M9"') == 1  # U1's hex
    dest = folder / "paddy-river-cc.toml"
    dest.write_text(text.replace('hex = "32M9"', 'hex = "32N6"'), encoding="utf-8")
    return dest


def moved_save(tmp_path: Path) -> Path:
    """A copy of a real save with two of its squads' stacks moved onto board 1 (1K5, 1P5)."""
    from aslpto.formats.vasl.savefile import read_save, with_position, write_save

    src = vasl_save(STALINGRAD)
    save = read_save(src)
    squads = [p for p in save.pieces if p.name.startswith("6-2-8") and p.stack]
    hex_w, hex_h, edge = 1800 / 32, 64.5, 400
    where = {squads[0].stack: (10, 5), squads[-1].stack: (15, 5)}
    out = []
    for c in save.commands:
        text = c.text
        for stack, (col, row) in where.items():
            if text.startswith(f"+/{stack}/"):
                x = edge + col * hex_w
                y = edge + 32.25 + (row - 1) * hex_h + (hex_h / 2 if col % 2 else 0)
                text = with_position(text, int(x), int(y))
        out.append(text)
    dest = tmp_path / "moved.vsav"
    write_save(dest, out, key=save.key)
    return dest


def spread_save(tmp_path: Path) -> Path:
    """A copy of the real save with each of its stacks moved onto a hex of its own on board 1:
    all 117 units on the map, named as the save names them (``G10``, ``R1``: hex names too)."""
    from aslpto.formats.vasl.savefile import read_save, with_position, write_save

    save = read_save(vasl_save(STALINGRAD))
    stacks = list(dict.fromkeys(p.stack for p in save.pieces if p.stack))
    hex_w, hex_h, edge = 1800 / 32, 64.5, 400
    where = {s: (3 + (i % 14) * 2, 1 + i // 14) for i, s in enumerate(stacks)}
    out = []
    for c in save.commands:
        text = c.text
        if text.startswith("+/"):
            stack = text.split("/", 2)[1]
            if stack in where:
                col, row = where[stack]
                x = edge + col * hex_w
                y = edge + 32.25 + (row - 1) * hex_h + (hex_h / 2 if col % 2 else 0)
                text = with_position(text, int(x), int(y))
        out.append(text)
    dest = tmp_path / "spread.vsav"
    write_save(dest, out, key=save.key)
    return dest
