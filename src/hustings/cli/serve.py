"""``hustings serve``: the online server (docs/server.md). Its imports are inside the command: the server is an
extra (``pip install 'hustings[server]'``)."""

from __future__ import annotations

import ipaddress
import math
import sys
from typing import Annotated, Any

import typer

from hustings.cli.app import app
from hustings.cli.common import fail
from hustings.server.group_commit import COMMIT_DELAY_S, MAX_COMMIT_DELAY_S
from hustings.server.limits import Limits

#: the longest chat line an operator may allow (characters: at 4 bytes each a line still fits a 16 KiB message), and
#: the most lines a hello may carry
MAX_CHAT_CHARS, MAX_CHAT_HISTORY = 2000, 500


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
    unclaimed_ttl: Annotated[float, typer.Option(help="seconds after which a table at which nobody has claimed a "
                                                      "seat is deleted (0: never)")] = 24 * 3600.0,
    proxy_headers: Annotated[bool, typer.Option(help="behind a reverse proxy: take each client's address from "
                                                     "X-Forwarded-For / X-Forwarded-Proto (uvicorn's), when the "
                                                     "peer is one of --forwarded-allow-ips")] = True,
    forwarded_allow_ips: Annotated[str, typer.Option(help="the proxies whose forwarded headers are believed: "
                                                          "addresses or networks, comma-separated, or * for any "
                                                          "peer (only when nothing else can reach the port)")]
                         = "127.0.0.1",
    search_workers: Annotated[int, typer.Option(help="processes in which search bots (ismcts) think; people's "
                                                     "tables come first, and cheap bots never wait for them")] = 1,
    creates_per_minute: Annotated[float, typer.Option(help="new tables one client (an IPv4 address, an IPv6 /64) "
                                                           "may create a minute on average")] = 20.0,
    create_burst: Annotated[int, typer.Option(help="new tables one client may create at once")] = 20,
    bot_tables_per_client: Annotated[int, typer.Option(help="tables of bots only, not over, one client may "
                                                            "have")] = 2,
    max_connections: Annotated[int, typer.Option(help="websockets open at once over all clients (kept below the "
                                                      "process's descriptor limit)")] = Limits.max_connections,
    max_connections_per_client: Annotated[int, typer.Option(
        help="websockets open at once from one client (an IPv4 address, an IPv6 /64; behind NAT a household or "
             "office shares one)")] = Limits.max_connections_per_client,
    spectator_idle: Annotated[float, typer.Option(help="seconds a spectator may send nothing (a browser pings "
                                                       "every 25) before it is disconnected")
                              ] = Limits.spectator_idle_s,
    chat_max_chars: Annotated[int, typer.Option(help="characters in one chat line at most")] = Limits.chat_max_chars,
    chat_per_minute: Annotated[float, typer.Option(help="chat lines one seat may write a minute on average (its "
                                                        "devices together)")] = Limits.chat_per_minute,
    chat_burst: Annotated[int, typer.Option(help="chat lines one seat may write at once")] = Limits.chat_burst,
    chat_lines_per_table: Annotated[int, typer.Option(help="chat lines a table stores at most (0: no chat on this "
                                                           "server)")] = Limits.chat_lines_per_table,
    chat_history: Annotated[int, typer.Option(help="the latest chat lines sent to whoever opens a table")
                            ] = Limits.chat_history,
    rematch_wait: Annotated[float, typer.Option(help="seconds the people of a finished game have to answer its "
                                                     "rematch offer once one accepted (a turn clock's turn, when "
                                                     "longer); then bots take the seats of the others")
                            ] = Limits.rematch_wait_s,
    takes_per_minute: Annotated[float, typer.Option(help="free seats of public tables one client may take (quick "
                                                         "play included) a minute on average")
                                ] = Limits.takes_per_minute,
    take_burst: Annotated[int, typer.Option(help="free seats one client may take at once")] = Limits.take_burst,
    keys_per_hour: Annotated[float, typer.Option(help="personal keys (my tables on every device) one client may be "
                                                      "given an hour on average")] = Limits.keys_per_hour,
    open_keep: Annotated[float, typer.Option(help="seconds a public waiting table stays listed after a page of its "
                                                  "people last kept it (they keep it every third of that)")
                         ] = Limits.open_keep_s,
    replays_per_minute: Annotated[float, typer.Option(help="replay steps of finished games one client may ask "
                                                           "for a minute on average (a fifth of that at once)")
                                  ] = Limits.replays_per_minute,
    replay_states: Annotated[int, typer.Option(help="game states the replays keep at checkpoints, over all "
                                                    "games (each some tens of kB)")] = Limits.replay_states,
    smtp_url: Annotated[str | None, typer.Option(help="turn e-mails at tables of hours or days a move go through this "
                                                      "SMTP server: smtp://user:password@host:port?from=address "
                                                      "(STARTTLS; all but the host optional) or smtps://... "
                                                      "(none: no e-mail)")] = None,
    public_url: Annotated[str | None, typer.Option(help="the address people reach this server at "
                                                        "(https://host or https://host/path), for the links in turn "
                                                        "e-mails and push messages")] = None,
    push: Annotated[bool, typer.Option(help="Web Push turn notices (keys made once and kept in the database; "
                                            "browsers need HTTPS)")] = True,
    push_hosts: Annotated[str | None, typer.Option(help="the push services the server sends to (host names and "
                                                        "their subdomains, comma-separated; default: those of "
                                                        "Chrome, Firefox, Edge and Safari)")] = None,
    notify_delay: Annotated[float, typer.Option(help="seconds a person whose turn it is must have been away before "
                                                     "a turn e-mail or push is sent")] = Limits.notify_delay_s,
    ssl_certfile: Annotated[str | None, typer.Option(help="serve HTTPS itself (uvicorn's): the certificate chain "
                                                          "(PEM); without a reverse proxy")] = None,
    ssl_keyfile: Annotated[str | None, typer.Option(help="the certificate's private key (PEM)")] = None,
    commit_delay_ms: Annotated[float, typer.Option(help="milliseconds a database commit may wait for more moves "
                                                        "while moves arrive faster than that (less CPU and disk a "
                                                        "move under load; 0: never wait)")] = COMMIT_DELAY_S * 1000,
) -> None:
    """Run the online game server: a lobby and tables to play every game with people anywhere (docs/server.md)."""
    try:
        import uvicorn

        from hustings.server.app import create_app, default_db_url
        from hustings.server.limits import Limits
        from hustings.server.notify import NotifyConfigError, NotifySettings
        from hustings.server.store import StoreError, open_store
    except ImportError as e:
        fail(f"the server needs its extra: pip install 'hustings[server]' ({e})")
    if not 0 <= port <= 65535:
        fail("--port must be from 0 to 65535")
    if grace < 0:
        fail("--grace must not be negative")
    if rate <= 0:
        fail("--rate must be positive")
    if unclaimed_ttl < 0:
        fail("--unclaimed-ttl must not be negative (0: never)")
    options = uvicorn_options(host=host, port=port, compress=compress, proxy_headers=proxy_headers,
                              forwarded_allow_ips=forwarded_allow_ips, ssl_certfile=ssl_certfile,
                              ssl_keyfile=ssl_keyfile)
    try:
        notify = NotifySettings.of(smtp_url=smtp_url, push=push, push_hosts=push_hosts, public_url=public_url)
    except NotifyConfigError as e:
        fail(str(e))
    if not 0 <= notify_delay <= 86_400:
        fail("--notify-delay must be from 0 to 86400 seconds")
    if search_workers < 1:
        fail("--search-workers must be at least 1")
    if creates_per_minute <= 0 or create_burst < 1:
        fail("--creates-per-minute must be positive and --create-burst at least 1")
    if bot_tables_per_client < 0:
        fail("--bot-tables-per-client must not be negative (0: nobody may create a table of bots only)")
    if max_connections < 1 or max_connections_per_client < 1:
        fail("--max-connections and --max-connections-per-client must be at least 1")
    if spectator_idle < 30:
        fail("--spectator-idle must be at least 30 seconds (a browser pings every 25)")
    if not 1 <= chat_max_chars <= MAX_CHAT_CHARS:
        fail(f"--chat-max-chars must be from 1 to {MAX_CHAT_CHARS} (a line travels in one message of at most 16 KiB)")
    if chat_per_minute <= 0 or chat_burst < 1:
        fail("--chat-per-minute must be positive and --chat-burst at least 1")
    if chat_lines_per_table < 0 or not 0 <= chat_history <= MAX_CHAT_HISTORY:
        fail(f"--chat-lines-per-table must not be negative (0: no chat) and --chat-history must be from 0 to "
             f"{MAX_CHAT_HISTORY}")
    if not 5 <= rematch_wait <= 30 * 24 * 3600:
        fail("--rematch-wait must be from 5 seconds to 30 days")
    if takes_per_minute <= 0 or take_burst < 1 or keys_per_hour <= 0:
        fail("--takes-per-minute and --keys-per-hour must be positive, --take-burst at least 1")
    if open_keep < 60:
        fail("--open-keep must be at least 60 seconds (a page keeps its table every 40)")
    if replays_per_minute <= 0 or replay_states < 1:
        fail("--replays-per-minute must be positive and --replay-states at least 1")
    if not 0 <= commit_delay_ms <= MAX_COMMIT_DELAY_S * 1000:  # NaN too
        fail(f"--commit-delay-ms must be from 0 to {MAX_COMMIT_DELAY_S * 1000:g}")
    url = db or default_db_url()
    try:
        store = open_store(url, commit_delay=commit_delay_ms / 1000)
    except StoreError as e:
        fail(f"cannot open the database: {e}")
    shown = f"[{host}]" if ":" in host else host
    scheme = "https" if ssl_certfile else "http"
    typer.echo(f"hustings server: open {scheme}://{shown}:{port}/  (database: {url.split('@')[-1]})", err=False)
    sys.stdout.flush()
    limits = Limits(unclaimed_ttl_s=unclaimed_ttl, search_workers=search_workers,
                    creates_per_minute=creates_per_minute, create_burst=create_burst,
                    bot_tables_per_client=bot_tables_per_client, max_connections=max_connections,
                    max_connections_per_client=max_connections_per_client, spectator_idle_s=spectator_idle,
                    rematch_wait_s=rematch_wait,
                    takes_per_minute=takes_per_minute, take_burst=take_burst, keys_per_hour=keys_per_hour,
                    open_keep_s=open_keep,
                    chat_max_chars=chat_max_chars, chat_per_minute=chat_per_minute, chat_burst=chat_burst,
                    chat_lines_per_table=chat_lines_per_table, chat_history=chat_history,
                    replays_per_minute=replays_per_minute, replay_burst=max(1, math.ceil(replays_per_minute / 5)),
                    replay_states=replay_states, notify_delay_s=notify_delay)
    uvicorn.run(create_app(store, grace_s=grace, rate=rate, burst=2 * rate, tend_process=True, limits=limits,
                           notify=notify), **options)


def uvicorn_options(*, host: str, port: int, compress: bool, proxy_headers: bool, forwarded_allow_ips: str,
                    ssl_certfile: str | None = None, ssl_keyfile: str | None = None) -> dict[str, Any]:
    """What ``hustings serve`` passes to uvicorn (a test runs a server with the same). Client addresses behind a
    proxy are uvicorn's own forwarded-header support, never parsed here; a bad --forwarded-allow-ips fails."""
    from hustings.server.app import MAX_MESSAGE

    allowed = [part.strip() for part in forwarded_allow_ips.split(",") if part.strip()]
    for part in allowed:
        if part != "*":
            try:
                ipaddress.ip_network(part, strict=False)
            except ValueError:
                fail(f"--forwarded-allow-ips: {part[:60]!r} is not an address or network (or *)")
    if not allowed:
        fail("--forwarded-allow-ips names no address (use 127.0.0.1 for a proxy on this machine)")
    tls: dict[str, Any] = {}
    if ssl_certfile or ssl_keyfile:  # HTTPS without a proxy: push and notifications need a secure page
        if not (ssl_certfile and ssl_keyfile):
            fail("--ssl-certfile and --ssl-keyfile go together")
        for given in (ssl_certfile, ssl_keyfile):
            try:
                with open(given, "rb"):
                    pass
            except OSError as e:
                fail(f"cannot read {given[:100]}: {e.strerror}")
        tls = {"ssl_certfile": ssl_certfile, "ssl_keyfile": ssl_keyfile}
    # frames up to 1 MiB reach the server, which answers anything over its own limit with a clear error
    return {**tls, "host": host, "port": port, "log_level": "warning", "ws_max_size": max(1 << 20, MAX_MESSAGE * 4),
            "ws_per_message_deflate": compress, "access_log": False, "lifespan": "on",
            "proxy_headers": proxy_headers, "forwarded_allow_ips": ",".join(allowed)}

