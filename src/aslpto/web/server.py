"""The HTTP side of the referee (Starlette and uvicorn, the ``web`` extra): the page, its
files, and the JSON API under ``/api/`` (``docs/web.md``).

Every request the referee refuses is answered with a 4xx status and ``{"error": LINE}``,
``LINE`` being what the command line prints on stderr; a query is answered on the event
loop's own thread, one at a time. A request names its game with ``?game=KEY`` (the game the
server was started with when it names none): each tab keeps its own (:class:`Games`).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from aslpto.base.hints import TYPE_CHECKING, Any
from aslpto.base.rulings import InputError
from aslpto.web.referee import (
    MAX_QUERY_BYTES,
    MAX_SCENARIO_BYTES,
    BadRequest,
    Games,
    Referee,
)

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

STATIC = Path(__file__).resolve().parent / "static"
"""The page: index.html, app.js, style.css (no build step)."""


def make_app(referee: Referee | Games) -> Starlette:
    """The ASGI application serving ``referee`` (and the games opened on its pages)."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from aslpto.web import play

    games = referee if isinstance(referee, Games) else Games(referee)

    def game(request: Request) -> Referee:
        # the tab's game (?game=KEY); a game played from a record: the position after all its
        # actions, or after ?at=N of them (the page stepping through the record)
        ref = games.get(request.query_params.get("game"))
        at = play.at_of(request.query_params.get("at"))
        if ref.played is None:
            if at is not None:
                raise BadRequest(f"at {at}: this game has no record to step through")
            return ref
        return ref.played.view(at)

    def answer(fn: Callable[[], Any]) -> Response:
        try:
            return JSONResponse(fn())
        except BadRequest as e:
            return JSONResponse({"error": e.message}, status_code=e.status)
        except Exception as e:  # a fault of the engine, not of the request: one line still
            return JSONResponse({"error": internal_error(e)}, status_code=500)

    async def asked(request: Request, then: Callable[[Referee, object], Any]) -> Response:
        """A request's game and (POST) body read — a foreign origin or a bad body answered
        with its line — then ``then``'s answer."""
        try:
            _same_origin(request)
            ref = game(request)
            body = _parse(await _body(request, MAX_QUERY_BYTES)) if request.method == "POST" else {}
        except BadRequest as e:
            return JSONResponse({"error": e.message}, status_code=e.status)
        return answer(lambda: then(ref, body))

    async def query(request: Request) -> Response:
        command = request.path_params.get("command", "check")
        return await asked(request, lambda ref, body: ref.ask(command, body))

    async def map_json(request: Request) -> Response:
        return answer(lambda: game(request).map_json())

    async def fields(request: Request) -> Response:
        return answer(lambda: game(request).fields())

    async def map_svg(request: Request) -> Response:
        try:
            return Response(game(request).svg(), media_type="image/svg+xml")
        except BadRequest as e:
            return JSONResponse({"error": e.message}, status_code=e.status)
        except Exception as e:
            return JSONResponse({"error": internal_error(e)}, status_code=500)

    async def drop(request: Request) -> Response:
        name = request.headers.get("x-filename", "dropped.toml")[:200]

        async def read() -> dict[str, Any]:
            _same_origin(request)
            ref = game(request)
            opened = ref.opened(await _body(request, MAX_SCENARIO_BYTES), name)
            return games.add(opened).map_json()

        try:
            return JSONResponse(await read())
        except BadRequest as e:
            return JSONResponse({"error": e.message}, status_code=e.status)
        except Exception as e:
            return JSONResponse({"error": internal_error(e)}, status_code=500)

    async def place(request: Request) -> Response:
        return await asked(request, lambda ref, body: games.put(ref.placed(body)).map_json())

    async def step(request: Request) -> Response:
        return await asked(request, lambda ref, body: ref.step(body))

    async def game_state(request: Request) -> Response:
        def run() -> dict[str, Any]:
            ref = games.get(request.query_params.get("game"))
            at = play.at_of(request.query_params.get("at"))
            if ref.played is None:
                if at is not None:
                    raise BadRequest(f"at {at}: this game has no record to step through")
                return play.none_json(ref, games)
            ref.played.fresh()
            return ref.played.as_json(at)

        return answer(run)

    async def game_post(request: Request) -> Response:
        verb = request.path_params["verb"]
        try:
            _same_origin(request)
            ref = games.get(request.query_params.get("game"))
            at = play.at_of(request.query_params.get("at"))
            body = _parse(await _body(request, MAX_QUERY_BYTES))
        except BadRequest as e:
            return JSONResponse({"error": e.message}, status_code=e.status)

        def run() -> dict[str, Any]:
            if verb == "new":
                return _played(play.start(ref, games, body))
            if verb == "open":
                return _played(play.opened(games, body))
            if verb not in ("action", "undo", "branch"):
                raise BadRequest(f"no game command '{verb}' (new, open, action, undo, branch)", 404)
            played = ref.played
            if played is None:
                raise BadRequest(f"game {verb}: this game has no record: start a game or open one")
            if verb == "branch":
                return _played(play.branched(ref, games, at, body))
            if at is not None and at != played.actions:
                raise BadRequest(
                    f"game {verb}: the map shows the game after {at} of its {played.actions} "
                    "actions: step to its last action to play on",
                    409,
                )
            if verb == "undo":
                if body != {}:
                    raise BadRequest("game undo: the request has no fields")
                return played.undo()
            name, args, dice = play.action_of(body)
            return played.play(name, args, dice)

        return answer(run)

    async def picture(request: Request) -> Response:
        try:
            mime, data = game(request).picture(request.path_params["board"])
        except BadRequest as e:
            return JSONResponse({"error": e.message}, status_code=e.status)
        # the URL names the game (?game=KEY): a picture never changes under its URL
        return Response(data, media_type=mime, headers={"cache-control": "max-age=86400"})

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": f"{request.url.path}: {exc.detail}"}, exc.status_code)

    async def internal(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": internal_error(exc)}, status_code=500)

    routes = [
        Route("/", index),
        Route("/api/map", map_json),
        Route("/api/fields", fields),
        Route("/api/map.svg", map_svg),
        Route("/api/scenario", drop, methods=["POST"]),
        Route("/api/place", place, methods=["POST"]),
        Route("/api/step", step, methods=["POST"]),
        Route("/api/picture/{board}", picture),
        Route("/api/game", game_state),
        Route("/api/game/{verb}", game_post, methods=["POST"]),
        Route("/api/check", query, methods=["GET", "POST"]),
        Route("/api/{command}", query, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes, exception_handlers={HTTPException: http_error, Exception: internal}
    )


def _played(ref: Referee) -> dict[str, Any]:
    assert ref.played is not None
    return ref.played.as_json()


def internal_error(exc: BaseException) -> str:
    """One line for a fault of the engine (a 500), never a traceback."""
    line = (f"{type(exc).__name__}: {exc}".splitlines() or [""])[0][:300]
    return f"aslpto: internal error: {line}"


def _same_origin(request: Request) -> None:
    """A request a page of another site makes (its ``Origin`` is not this server) is refused:
    only the referee's own page may ask or drop a scenario."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise BadRequest(f"a request from {origin[:100]} (another site) is refused", 403)


async def _body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) past ``limit`` bytes before it is all read."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BadRequest(f"request body of {declared} bytes (at most {limit})", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BadRequest(f"request body over {limit} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


def _parse(data: bytes) -> object:
    if not data.strip():
        return {}
    try:
        return json.loads(data)
    except UnicodeDecodeError as e:
        raise BadRequest(f"request body: not UTF-8 (byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise BadRequest(f"request body: not JSON: {e}") from None
    except RecursionError:
        raise BadRequest("request body: JSON nested too deeply") from None


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one); an :class:`InputError` saying
    why when it cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise InputError(f"--host {host}: {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        raise InputError(f"--host {host} --port {port}: {e.strerror or e}") from None
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(
    referee: Referee,
    host: str,
    port: int,
    announce: Callable[[str], None],
    record: str | None = None,
) -> None:
    """Serve until interrupted; ``announce`` gets the URL once the socket listens; ``record``:
    ``--game GAME``, the first game's record (a game the page starts on it is written there)."""
    import uvicorn

    sock = bind(host, port)
    config = uvicorn.Config(make_app(Games(referee, record)), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    announce(url_of(sock))
    server.run(sockets=[sock])


class Background:
    """The server in a thread of this process (tests, the benchmarks): ``url`` once started,
    :meth:`stop` to end it."""

    def __init__(
        self, referee: Referee, host: str = "127.0.0.1", port: int = 0, record: str | None = None
    ) -> None:
        import uvicorn

        self.sock = bind(host, port)
        self.url = url_of(self.sock)
        self.games = Games(referee, record)
        config = uvicorn.Config(make_app(self.games), log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)
        self.sock.close()
