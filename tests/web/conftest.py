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

from aslpto.web.referee import Referee
from aslpto.web.server import Background

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SCREENSHOTS = ROOT / "out" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


class Served:
    """A running server and a small client for it."""

    def __init__(self, scenario: Path) -> None:
        self.referee = Referee.load(scenario)
        self.bg = Background(self.referee)
        self.url = self.bg.url

    def request(
        self, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
        method: str | None = None,
    ) -> tuple[int, Any]:
        req = urllib.request.Request(self.url + path.lstrip("/"), data=body,
                                     headers=headers or {}, method=method)  # fmt: skip
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                status, data, kind = r.status, r.read(), r.headers.get("content-type", "")
        except urllib.error.HTTPError as e:
            status, data, kind = e.code, e.read(), e.headers.get("content-type", "")
        return status, json.loads(data) if "json" in kind else data.decode("utf-8")

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
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    pg.close()
    assert not errors, errors


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
