"""``hustings serve``: the online server (docs/server.md). Its imports are inside the command: the server is an
extra (``pip install 'hustings[server]'``)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from hustings.cli.app import app
from hustings.cli.common import fail
from hustings.server.limits import Limits


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every interface)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="sqlite:///PATH or postgresql://... (default: a SQLite file in "
                                                "the data directory)")] = None,
    grace: Annotated[float, typer.Option(help="seconds a disconnected person keeps their seat before a bot "
                                              "plays for them")] = 30.0,
    rate: Annotated[float, typer.Option(help="messages a second one connection may send on average (twice that "
                                             "at once); more are refused as flooding")] = 50.0,
    compress: Annotated[bool, typer.Option(help="compress websocket messages (permessage-deflate): less traffic "
                                                "on slow links, more CPU and about 300 KB of memory a "
                                                "connection")] = False,
    max_connections: Annotated[int, typer.Option(help="websockets open at once over all clients (kept below the "
                                                      "process's descriptor limit)")] = Limits.max_connections,
    max_connections_per_client: Annotated[int, typer.Option(
        help="websockets open at once from one client (an IPv4 address, an IPv6 /64; behind NAT a household or "
             "office shares one)")] = Limits.max_connections_per_client,
    spectator_idle: Annotated[float, typer.Option(help="seconds a spectator may send nothing (a browser pings "
                                                       "every 25) before it is disconnected")
                              ] = Limits.spectator_idle_s,
) -> None:
    """Run the online game server: a lobby and tables to play every game with people anywhere (docs/server.md)."""
    try:
        import uvicorn

        from hustings.server.app import MAX_MESSAGE, create_app, default_db_url
        from hustings.server.store import StoreError, open_store
    except ImportError as e:
        fail(f"the server needs its extra: pip install 'hustings[server]' ({e})")
    if not 0 <= port <= 65535:
        fail("--port must be from 0 to 65535")
    if grace < 0:
        fail("--grace must not be negative")
    if rate <= 0:
        fail("--rate must be positive")
    if max_connections < 1 or max_connections_per_client < 1:
        fail("--max-connections and --max-connections-per-client must be at least 1")
    if spectator_idle < 30:
        fail("--spectator-idle must be at least 30 seconds (a browser pings every 25)")
    limits = Limits(max_connections=max_connections, max_connections_per_client=max_connections_per_client,
                    spectator_idle_s=spectator_idle)
    url = db or default_db_url()
    try:
        store = open_store(url)
    except StoreError as e:
        fail(f"cannot open the database: {e}")
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"hustings server: open http://{shown}:{port}/  (database: {url.split('@')[-1]})", err=False)
    sys.stdout.flush()
    # frames up to 1 MiB reach the server, which answers anything over its own limit with a clear error
    application = create_app(store, grace_s=grace, rate=rate, burst=2 * rate, tend_process=True, limits=limits)
    uvicorn.run(application, host=host, port=port, log_level="warning", ws_max_size=max(1 << 20, MAX_MESSAGE * 4),
                ws_per_message_deflate=compress, access_log=False, lifespan="on")

