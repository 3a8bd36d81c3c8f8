"""The web application: the lobby over HTTP, play over websockets (``/ws/<table id>``), the browser pages.

``create_app(store)`` builds it around a :class:`~hustings.server.tables.Hub`; ``hustings serve`` runs it with
uvicorn. Every request and frame is checked here for shape and size before the hub sees it; every refusal is
one line (``{"error": code, "message": ...}`` over HTTP, ``{"type": "error", ...}`` on a websocket) and
changes nothing.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import math
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from hustings.engine import get_spec, list_games, normalize_lang
from hustings.engine.collector import settings_for_many_games
from hustings.server.i18n import error_text
from hustings.server.limits import Limits, client_key
from hustings.server.notify import NotifySettings, unsubscribe_page
from hustings.server.protocol import LOBBY_ERRORS, protocol_schema
from hustings.server.replays import Replays
from hustings.server.sockets import (
    Admission,
    Outbox,
    connection_room,
    direct_sender,
    raise_descriptor_limit,
    watch_stalls,
)
from hustings.server.store import ServerStore, StoreError, TableDamaged
from hustings.server.tables import Conn, Hub, LobbyError, PlayError, TableRefused, dumps, dumps_bytes
from hustings.web.mount import mount_web

log = logging.getLogger("hustings.server")

#: the largest client message (bytes); play messages are a few dozen
MAX_MESSAGE = 16 * 1024
#: the largest HTTP request body
MAX_BODY = 64 * 1024
#: per connection: messages per second allowed on average, and the burst above that
RATE, BURST = 50.0, 100.0
#: while a connection floods, it is told so at most once in this many seconds (its refused messages are dropped;
#: the connection itself goes on, and plays again as soon as it keeps to the rate)
FLOOD_NOTICE_S = 1.0
#: how long a new connection may take to say hello
HELLO_TIMEOUT = 30.0
#: websocket close codes: the client broke a rule (does not read what it is sent, too many connections from its
#: address, no hello in time), the server is full (try again later), an idle spectator's connection ended
CLOSE_POLICY, CLOSE_FULL, CLOSE_IDLE = 1008, 1013, 1000
#: after closing a connection the server gave up on, how long its close frame may take before the socket is
#: dropped (a client that does not read never takes it, and would hold the descriptor for ever)
HANG_UP_S = 2.0


class _Bucket:
    """A token bucket: ``RATE`` messages a second on average, ``BURST`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()
        self.told_at = -FLOOD_NOTICE_S

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _web_folder(package: str, *parts: str) -> Path | None:
    try:
        p = Path(str(resources.files(package).joinpath(*parts)))
    except (ModuleNotFoundError, TypeError):
        return None
    return p if p.is_dir() else None


_PLACEHOLDER = """<!doctype html><meta charset="utf-8"><title>hustings</title>
<p>The hustings server is running. The browser table (hustings.web) is not installed; the API is at
<a href="/api/games">/api/games</a> and games are played over the websocket /ws/&lt;table id&gt;
(docs/server.md).</p>"""


#: the interpreter's thread switch interval under `hustings serve` (Python's default is 5 ms). The store's writer
#: threads block on the disk without the GIL and need it back after every statement; while the event loop is
#: busy, each time they waited up to the whole interval, and every move waiting on that commit with them.
SWITCH_INTERVAL_S = 0.0005

#: seconds between moves of what survived into the collector's permanent generation (gc.freeze), and between full
#: collections (which also free any reference cycles of finished tables)
GC_FREEZE_S, GC_FULL_S = 10.0, 600.0
#: a collector threshold that is never reached in practice (a million collections of the generation below)
NEVER = 1_000_000


async def _tend_gc() -> None:
    """Garbage collection for a long-running server process. It holds every live game's events; Python's full
    collections walk all of them, and one pause (~170 ms with 160 palace games) stalls every table at once. So
    full collections happen only every GC_FULL_S, and every GC_FREEZE_S what has survived so far is frozen,
    which the young collections then skip. Nor are there automatic middle collections: one walked everything that
    had survived since the last freeze, up to 160 ms at 40 busy tables (the slowest move of a run, every table's
    at once), and the freeze empties that generation anyway. Reference counting frees almost everything at once:
    the games make next to no cycles, and the scheduled full collection frees those."""
    gc.collect()
    gc.freeze()
    young, _, _ = settings_for_many_games()  # hustings.engine.collector: the lab's young collections
    gc.set_threshold(young, NEVER, NEVER)  # no automatic middle or full collections
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(GC_FREEZE_S)
        if time.monotonic() - last_full >= GC_FULL_S:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()


def create_app(store: ServerStore, *, grace_s: float = 30.0, bot_threads: int = 4,
               rate: float = RATE, burst: float = BURST, close_store: bool = True,
               tend_process: bool = False, limits: Limits | None = None,
               notify: NotifySettings | None = None) -> FastAPI:
    """The application around ``store`` (migrated already: :func:`hustings.server.store.open_store`).

    ``grace_s``: how long a person may be disconnected before a bot plays for them. ``tend_process``: take over
    the process's garbage collection (:func:`_tend_gc`) and thread switch interval (:data:`SWITCH_INTERVAL_S`)
    while the app runs (``hustings serve`` does; tests in one process do not). ``notify``: how people are told of
    their turn with the browser closed (e-mail, Web Push: hustings.server.notify)."""
    hub = Hub(store, grace_s=grace_s, bot_threads=bot_threads, limits=limits, notify=notify)
    limits = hub.limits
    replays = Replays(hub, limits)
    admission = Admission(limits.max_connections, limits.max_connections_per_client)
    #: the outbox of every open websocket (what the server holds for its clients: the attack tests read it)
    outboxes: set[Outbox] = set()
    #: the task that closes connections whose client stopped reading (started with the first websocket)
    stall_watch: list[asyncio.Future[None]] = []

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if tend_process:
            # every websocket holds a descriptor: as many as the system lets this process have, and the cap below
            # them with room for the database, files and HTTP
            room = connection_room(raise_descriptor_limit())
            if room < admission.max_connections:
                log.warning("at most %d websockets at once (the descriptor limit leaves no room for %d)", room,
                            admission.max_connections)
                admission.max_connections = room
        await hub.open()
        gc_task = asyncio.ensure_future(_tend_gc()) if tend_process else None
        switch = sys.getswitchinterval()
        if tend_process:
            sys.setswitchinterval(SWITCH_INTERVAL_S)
        try:
            yield
        finally:
            if gc_task is not None:
                gc_task.cancel()
                sys.setswitchinterval(switch)
            for task in stall_watch:
                task.cancel()
            await hub.stop()
            replays.close()
            if close_store:
                store.close()

    app = FastAPI(title="hustings", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.state.replays = replays
    app.state.admission = admission
    app.state.outboxes = outboxes
    app.add_middleware(_KeepTransport)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """No route, or not that method: the protocol's one error shape, not Starlette's ``{"detail": ...}``."""
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
        message = f"no such page or call: {request.method} {request.url.path[:80]}"
        return JSONResponse({"error": code, "message": message}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    # -- pages and static files (the browser table is hustings.web, built separately) -------------------------

    static = _web_folder("hustings.web", "static")
    if static is not None:
        app.mount("/static", StaticFiles(directory=static), name="static")
    for game in list_games():
        folder = get_spec(game).adapter("web")
        if folder is not None and Path(str(folder)).is_dir():
            app.mount(f"/games/{game}", StaticFiles(directory=str(folder)), name=f"game-{game}")

    def _page(name: str) -> Response:
        if static is not None and (static / name).is_file():
            return FileResponse(static / name, media_type="text/html")
        return HTMLResponse(_PLACEHOLDER)

    # the page words and each game's names, rules help and catalog: the browser table's data routes
    mount_web(app, static=False, pages=False)

    @app.get("/")
    async def lobby_page() -> Response:
        return _page("index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> Response:
        return _page("table.html")

    @app.get("/r/{table_id}")
    async def replay_page(table_id: str) -> Response:  # a finished game stepped through (replay.js)
        return _page("replay.html")

    # -- lobby ------------------------------------------------------------------------------------------------

    def _error(e: LobbyError) -> JSONResponse:
        headers = None if e.retry_after is None else {"Retry-After": str(math.ceil(e.retry_after))}
        return JSONResponse({"error": e.code, "message": e.message}, status_code=e.status, headers=headers)

    async def _body(request: Request) -> dict[str, Any]:
        too_large = LobbyError("too_large", f"the request is too large (at most {MAX_BODY} bytes)", 413)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            raise too_large  # refused before a byte of it is read
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():  # no Content-Length (chunked): stop reading once past the limit
            size += len(chunk)
            if size > MAX_BODY:
                raise too_large
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            data = orjson.loads(raw or b"{}")  # orjson refuses nesting past 1,024 levels instead of recursing
        except orjson.JSONDecodeError:
            raise LobbyError("bad_request", "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise LobbyError("bad_request", "the request body must be a JSON object")
        return data

    async def _run(coro: Any, request: Request | None = None) -> Response:
        try:
            # orjson, as on the websocket: a wave of new tables is a few lobby calls each
            return Response(dumps_bytes(await coro), media_type="application/json")
        except LobbyError as e:
            if e.key is not None:  # a refusal a person meets: in their language
                headers = None if e.retry_after is None else {"Retry-After": str(math.ceil(e.retry_after))}
                return JSONResponse({"error": e.code, "message": e.text(_request_lang(request))}, status_code=e.status,
                                    headers=headers)
            return _error(e)
        except TableRefused as e:  # another release's table: said in the caller's language, nothing logged
            return JSONResponse({"error": e.code, "message": e.text(_request_lang(request))},
                                status_code=LOBBY_ERRORS[e.code])
        except TableDamaged as e:  # its row or log is damaged: logged once by the hub, refused in the caller's words
            return JSONResponse({"error": e.code, "message": error_text(e.code, _request_lang(request))},
                                status_code=LOBBY_ERRORS[e.code])
        except StoreError as e:
            log.error("store: %s", e)
            return JSONResponse({"error": "unavailable", "message": "the database could not serve the request"},
                                status_code=503)

    @app.get("/api/games")
    async def games(lang: str = "en") -> Response:
        return JSONResponse(hub.games(normalize_lang(lang)))

    schemas: dict[str, bytes] = {}

    @app.get("/api/games/{game}/schema")
    async def game_schema(game: str) -> Response:
        """The protocol's JSON Schema with this game's view, actions and events (hustings.server.protocol)."""
        if game not in list_games():
            return _error(LobbyError("unknown_game", f"no game {game[:40]!r}; games: {', '.join(list_games())}",
                                     404))
        if game not in schemas:  # built once, in a thread: pydantic takes a moment and the loop serves tables
            schemas[game] = await asyncio.to_thread(lambda: orjson.dumps(protocol_schema(game)))
        return Response(schemas[game], media_type="application/schema+json")

    def lobby(method: str, path: str) -> Callable[[Callable[[Request], Awaitable[Response]]],
                                                  Callable[[Request], Awaitable[Response]]]:
        """A lobby call as a plain Starlette route: it reads its own body and path, so FastAPI's per-request
        parameter solving would be work for nothing, and a wave of new tables is several lobby calls each."""
        def register(endpoint: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
            app.router.add_route(path, endpoint, methods=[method])
            return endpoint
        return register

    @lobby("POST", "/api/tables")
    async def create(request: Request) -> Response:
        async def go() -> Any:
            # who asks is held to the per-client limits (creation rate, tables of bots only), told in their words
            client = client_key(request.client.host if request.client else None)
            return await hub.create(await _body(request), client=client, caller_lang=_request_lang(request))
        return await _run(go(), request)

    @lobby("GET", "/api/tables/{table_id}")
    async def table_info(request: Request) -> Response:
        return await _run(hub.table_info(request.path_params["table_id"]), request)

    @lobby("GET", "/api/tables/{table_id}/record")
    async def record(request: Request) -> Response:
        return await _run(hub.record_of(request.path_params["table_id"]), request)

    @lobby("GET", "/api/tables/{table_id}/replay")
    async def replay(request: Request) -> Response:
        async def go() -> Any:
            client = client_key(request.client.host if request.client else None)
            return await replays.step(request.path_params["table_id"], request.query_params, client,
                                      _request_lang(request))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/join")
    async def join(request: Request) -> Response:
        async def go() -> Any:
            body = await _body(request)
            return await hub.join(request.path_params["table_id"], body.get("token"), body.get("name"),
                                  body.get("ready"))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/ready")
    async def ready(request: Request) -> Response:
        async def go() -> Any:
            body = await _body(request)
            return await hub.ready(request.path_params["table_id"], body.get("token"), body.get("ready", True))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/start")
    async def start(request: Request) -> Response:
        async def go() -> Any:
            return await hub.start(request.path_params["table_id"], (await _body(request)).get("token"))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/rematch")
    async def rematch(request: Request) -> Response:
        async def go() -> Any:
            body = await _body(request)
            return await hub.rematch(request.path_params["table_id"], body.get("token"), body.get("accept", True))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/claim")
    async def claim(request: Request) -> Response:
        async def go() -> Any:
            return await hub.claim(request.path_params["table_id"], await _body(request))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/device")
    async def device(request: Request) -> Response:
        async def go() -> Any:
            return await hub.device(request.path_params["table_id"], (await _body(request)).get("token"))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/revoke")
    async def revoke(request: Request) -> Response:
        async def go() -> Any:
            body = await _body(request)
            return await hub.revoke(request.path_params["table_id"], body.get("host"), body.get("seat"))
        return await _run(go(), request)

    @lobby("POST", "/api/my")
    async def my(request: Request) -> Response:
        async def go() -> Any:
            return await hub.my_tables((await _body(request)).get("tokens"))
        return await _run(go())

    # -- open tables and personal keys (issue 25; hustings.server.opentables) ------------------------------------

    def _client(request: Request) -> str:
        return client_key(request.client.host if request.client else None)

    @lobby("GET", "/api/open")
    async def open_list(request: Request) -> Response:
        q = request.query_params
        return await _run(hub.open_list(q.get("game"), q.get("cursor"), q.get("limit"), _request_lang(request)),
                          request)

    @lobby("POST", "/api/tables/{table_id}/take")
    async def take(request: Request) -> Response:
        async def go() -> Any:
            return await hub.take(request.path_params["table_id"], await _body(request), client=_client(request),
                                  lang=_request_lang(request))
        return await _run(go(), request)

    @lobby("POST", "/api/tables/{table_id}/keep")
    async def keep(request: Request) -> Response:
        async def go() -> Any:
            return await hub.keep_open(request.path_params["table_id"], (await _body(request)).get("token"))
        return await _run(go(), request)

    @lobby("POST", "/api/quick")
    async def quick(request: Request) -> Response:
        async def go() -> Any:
            return await hub.quick(await _body(request), client=_client(request), lang=_request_lang(request))
        return await _run(go(), request)

    @lobby("POST", "/api/keys")
    async def new_key(request: Request) -> Response:
        async def go() -> Any:
            await _body(request)  # nothing is read from it, but its size is held to the limit all the same
            return await hub.new_key(client=_client(request), lang=_request_lang(request))
        return await _run(go(), request)

    @lobby("POST", "/api/me")
    async def me(request: Request) -> Response:
        async def go() -> Any:
            return await hub.my_by_key(await _body(request))
        return await _run(go(), request)

    @lobby("POST", "/api/me/tie")
    async def tie(request: Request) -> Response:
        async def go() -> Any:
            return await hub.tie(await _body(request))
        return await _run(go(), request)

    @lobby("POST", "/api/me/open")
    async def open_mine(request: Request) -> Response:
        async def go() -> Any:
            return await hub.open_mine(await _body(request))
        return await _run(go(), request)

    @app.get("/me")
    async def me_page() -> Response:
        return _page("index.html")
    # -- turn notices (hustings.server.notify) ------------------------------------------------------------------

    @lobby("POST", "/api/tables/{table_id}/notify")
    async def notify_seat(request: Request) -> Response:
        async def go() -> Any:
            client = client_key(request.client.host if request.client else None)
            return await hub.notify(request.path_params["table_id"], await _body(request), client=client)
        return await _run(go(), request)

    @lobby("GET", "/api/push/key")
    async def push_key(request: Request) -> Response:
        return await _run(hub.push_key(), request)

    @lobby("GET", "/unsubscribe")
    async def unsubscribe_ask(request: Request) -> Response:
        # a visit changes nothing (mail scanners open links): the page asks, its button posts
        secret = request.query_params.get("t", "")[:200]
        return HTMLResponse(unsubscribe_page(_request_lang(request), "ask" if secret else "unknown", secret),
                            headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    @lobby("POST", "/unsubscribe")
    async def unsubscribe(request: Request) -> Response:
        # the page's button, and a mail program's one-click unsubscribe (RFC 8058); the body is not needed
        try:
            gone = await hub.unsubscribe(request.query_params.get("t"))
        except StoreError as e:
            log.error("store: %s", e)
            return HTMLResponse(unsubscribe_page(_request_lang(request), "unavailable"), status_code=503)
        lang = gone.lang if gone is not None else _request_lang(request)
        return HTMLResponse(unsubscribe_page(lang, "done" if gone is not None else "unknown"),
                            headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})

    @lobby("GET", "/sw.js")
    async def service_worker(request: Request) -> Response:
        # at the root, so that its scope covers every table page (a worker's scope is its own folder)
        if static is None or not (static / "sw.js").is_file():
            return _error(LobbyError("not_found", "no service worker", 404))
        return FileResponse(static / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    # -- play -------------------------------------------------------------------------------------------------

    async def play_route(ws: WebSocket) -> None:
        await play(ws, ws.path_params["table_id"])

    # a plain Starlette route, as the lobby's: nothing for FastAPI to solve, and a new table is a new connection
    app.router.add_websocket_route("/ws/{table_id}", play_route)

    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        client = client_key(ws.client.host if ws.client else None)
        refused = admission.enter(client)
        if refused is not None:  # before any table work: said in the asker's language, and closed
            lang = _request_lang(ws)
            limit = admission.per_client if refused == "too_many_connections" else admission.max_connections
            log.debug("websocket refused (%s): client %s", refused, client)
            try:
                await ws.send_text(dumps({"type": "error", "code": refused,
                                          "message": error_text(refused, lang, limit=limit)}))
                await ws.close(code=CLOSE_FULL if refused == "server_full" else CLOSE_POLICY, reason=refused)
            except Exception:  # the peer went away already
                pass
            return
        try:
            await _play(ws, table_id, client)
        finally:
            admission.leave(client)

    async def _play(ws: WebSocket, table_id: str, client: str) -> None:
        loop = asyncio.get_running_loop()
        closing: list[tuple[int, str]] = []  # (code, reason) once the server ends the connection
        hung_up: list[asyncio.Task[None]] = []

        def hang_up(code: int, reason: str) -> None:
            """The server gives up on this connection (its client does not read, or an idle spectator): its close
            frame if it can still be sent, and the socket dropped soon after either way; the reader wakes."""
            if hung_up:
                return
            log.debug("websocket of client %s at table %s closed: %s", client, table_id[:40], reason)
            closing.append((code, reason))
            writer_task.cancel()
            hung_up.append(asyncio.ensure_future(close(code, reason)))

        async def close(code: int, reason: str) -> None:
            wait = HANG_UP_S  # for the client's answer to the close frame
            try:
                await asyncio.wait_for(ws.close(code=code, reason=reason), HANG_UP_S)
            except Exception:  # it could not be sent (the client does not read), or the peer went
                wait = 0.0
            transport = ws.scope.get("hustings.transport")
            if isinstance(transport, asyncio.Transport):
                # a client that does not read never takes the close frame: uvicorn's close would wait to send it
                # for ever, holding the descriptor and what is buffered for it
                loop.call_later(wait, transport.abort)

        outbox = Outbox(limits.max_output_bytes, on_full=lambda: hang_up(CLOSE_POLICY, "not reading: output full"),
                        on_stall=lambda: hang_up(CLOSE_POLICY, "not reading: stalled"),
                        direct=direct_sender(ws.scope.get("hustings.protocol")))
        outboxes.add(outbox)
        if not stall_watch or stall_watch[0].done():
            stall_watch[:] = [asyncio.ensure_future(watch_stalls(outboxes, limits.stall_s))]

        async def writer() -> None:
            """Sends what is queued, one message at a time; the one being sent stays counted in the outbox until
            the socket took it (uvicorn's send waits while its buffer is full), and a message that waited longer
            than ``limits.stall_s`` closes the connection (its client does not read: :func:`watch_stalls`, which
            cancels this task through ``hang_up``)."""
            try:
                while True:
                    out = await outbox.get()
                    if out is None:
                        break
                    text = out.text  # a text frame: ASGI takes a str (this way only while the socket is backed up)
                    await ws.send_text(text if isinstance(text, str) else text.decode())
                    outbox.sent()
                code, reason = closing[0] if closing else (1000, "")
                await ws.close(code=code, reason=reason)
            except asyncio.CancelledError:
                raise
            except Exception:  # the peer went away: the reader notices too
                return

        def secret_gone() -> None:  # its seat's secret died (hustings.server.lobby): what is queued goes first
            if not closing:
                closing.append((CLOSE_POLICY, "seat secret gone"))
                outbox.close()

        conn = Conn(send=outbox.put, client=client, outbox=outbox, close=secret_gone)
        bucket = _Bucket(rate, burst)
        writer_task = asyncio.ensure_future(writer())

        def error(code: str, **fields: object) -> None:
            msg: dict[str, object] = {"type": "error", "code": code, "message": error_text(code, conn.lang, **fields)}
            if code == "stale_step":  # which act was refused, and where the table is now
                msg.update({k: fields[k] for k in ("step", "sent", "action") if k in fields})
            outbox.put(dumps(msg))

        hello_by = time.monotonic() + HELLO_TIMEOUT  # from the connection's start, whatever it sends meanwhile
        try:
            while not closing:
                try:
                    if conn.table is None:
                        frame = await asyncio.wait_for(ws.receive(), max(0.0, hello_by - time.monotonic()))
                    elif conn.seat is None:  # a spectator that says nothing (a page pings every 25 s) goes
                        frame = await asyncio.wait_for(ws.receive(), limits.spectator_idle_s)
                    else:
                        frame = await ws.receive()
                except TimeoutError:
                    if conn.table is None:
                        error("hello_first")
                        closing.append((CLOSE_POLICY, "no hello"))
                    else:
                        hang_up(CLOSE_IDLE, "idle")
                    break
                if frame["type"] == "websocket.disconnect":
                    break
                # every frame counts against the rate, whatever it holds: a flood of bad frames is still a flood
                if not bucket.take():
                    if bucket.at - bucket.told_at >= FLOOD_NOTICE_S:  # told, not answered message by message
                        bucket.told_at = bucket.at
                        error("rate_limited")
                    continue
                text: str | None = frame.get("text")
                raw: bytes = b""
                if text is None:
                    if frame.get("bytes") is None:
                        continue
                    raw = frame["bytes"]
                    size = len(raw)
                else:
                    # the limit is in UTF-8 bytes; a text is encoded to count them only when its characters could
                    # reach it (a character takes at most 4)
                    size = len(text) if len(text) <= MAX_MESSAGE // 4 else len(text.encode("utf-8", "replace"))
                if size > MAX_MESSAGE:
                    error("too_large", limit=MAX_MESSAGE)  # refused whole; the connection goes on
                    continue
                if text is None:
                    try:
                        text = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        error("bad_message", detail="not UTF-8 text")
                        continue
                try:
                    msg = orjson.loads(text)
                except orjson.JSONDecodeError:
                    error("bad_message", detail="not JSON")
                    continue
                if not isinstance(msg, Mapping):
                    error("bad_message", detail="a message is a JSON object with a type")
                    continue
                try:
                    await hub.handle(conn, table_id, msg)
                except PlayError as e:
                    if e.code == "stale_step" and conn.table is not None:
                        error(e.code, **e.fields)
                        async with conn.table.lock:  # what the client that was behind has not been told yet
                            hub.resync(conn)
                    else:
                        error(e.code, **e.fields)
                except Exception:
                    log.exception("table %s: a message failed", table_id)
                    error("unavailable")
        except WebSocketDisconnect:
            pass
        finally:
            hub.gone(conn)
            outbox.close()
            try:
                # what is queued still goes (an error before the close, say), within the stall limit
                await asyncio.wait_for(asyncio.shield(writer_task), limits.stall_s)
            except asyncio.CancelledError:
                if not writer_task.cancelled():  # this task was cancelled (the server stops), not the writer
                    writer_task.cancel()
                    raise
            except Exception:
                hang_up(CLOSE_POLICY, "not reading: stalled")
            if hung_up:
                await asyncio.gather(*hung_up, return_exceptions=True)
            outboxes.discard(outbox)

    return app


class _KeepTransport:
    """Keeps uvicorn's transport of each websocket in its scope (``hustings.transport``): a client that does not
    read never takes its close frame, and only aborting the transport frees its descriptor and what is buffered
    for it. ASGI has no call for that; uvicorn's send is a method of its protocol object, which holds the
    transport (any other server: nothing is kept, and such a socket is left to the server's own timeouts)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            protocol = getattr(send, "__self__", None)
            scope["hustings.transport"] = getattr(protocol, "transport", None)
            scope["hustings.protocol"] = protocol
        await self.app(scope, receive, send)


def _request_lang(request: Request | WebSocket | None) -> str:
    """The language of a lobby answer's words (or of a websocket's refusal before its hello): ``?lang=``, else
    the first of the browser's Accept-Language that hustings speaks, else English."""
    if request is None:
        return "en"
    asked = request.query_params.get("lang")
    if asked:
        return normalize_lang(asked)
    for part in request.headers.get("accept-language", "").split(",")[:20]:
        tag = part.split(";")[0].strip().lower()
        if tag.startswith(("zh", "en")):
            return normalize_lang(tag)
    return "en"


def app_from_env() -> FastAPI:
    """For ``uvicorn hustings.server.app:app_from_env --factory`` (and the load benchmark): the database from
    ``$HUSTINGS_DB`` (default: the SQLite file under the data directory)."""
    import os

    from hustings.server.store import open_store

    return create_app(open_store(os.environ.get("HUSTINGS_DB") or default_db_url()),
                      grace_s=float(os.environ.get("HUSTINGS_GRACE_S", "30")))


def default_db_url() -> str:
    from hustings.table.keys import data_dir

    return f"sqlite://{data_dir() / 'server.db'}"
