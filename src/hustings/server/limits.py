"""What one server will do for anyone: every limit of ``hustings serve`` in one place, and who "a client" is.

A server is shared by strangers, so each input, connection, table and bot has a limit (docs/server.md, "What the
server promises"). :class:`Limits` holds them all with the defaults ``hustings serve`` uses; tests and the attack
benchmark set them lower or higher. :func:`client_key` groups addresses into clients: one IPv4 address is one
client, an IPv6 address counts by its /64 (one household or host usually holds a whole /64, so counting single
IPv6 addresses would let one machine be thousands of clients). Behind NAT many people share one IPv4 address and
so one client's limits; the defaults leave room for a few households' worth of people.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Every limit of one server process. Times in seconds, sizes in bytes."""

    # -- connections (websockets) -------------------------------------------------------------------------------
    #: open websockets at once, over all clients (kept below the process's descriptor limit at start)
    max_connections: int = 4000
    #: open websockets at once from one client (see :func:`client_key`)
    max_connections_per_client: int = 64
    #: bytes queued for one connection that its client has not read yet; past it, the connection is closed
    max_output_bytes: int = 8 * 1024 * 1024
    #: a connection whose oldest unsent message has waited this long is closed (its client does not read)
    stall_s: float = 60.0
    #: a spectator that has sent nothing (not even a ping) for this long is closed
    spectator_idle_s: float = 600.0
    #: TableInfo pushes to one table's connections at most this often (presence and lobby changes coalesced)
    info_push_s: float = 0.25

    # -- the lobby -------------------------------------------------------------------------------------------------
    #: new tables one client may create: this many a minute on average, and this many at once
    creates_per_minute: float = 20.0
    create_burst: int = 20
    #: tables of bots only (nobody plays them) one client may have in play at once
    bot_tables_per_client: int = 2
    #: a table at which nobody has claimed a seat is deleted after this long
    unclaimed_ttl_s: float = 24 * 3600.0
    #: how long a seat's "add another device" link works (it works once)
    device_link_s: float = 600.0
    #: how long the people of a finished game have to answer its rematch offer once someone accepted it (a turn
    #: clock's turn, when longer); then the rematch starts with bots in the seats of those who did not accept
    rematch_wait_s: float = 120.0
    #: secrets one person may take of their own seat at a rematch by accepting again (a device each)
    rematch_secrets_per_seat: int = 8

    # -- open tables and personal keys (issue 25) ----------------------------------------------------------------
    #: public tables one answer of the open list holds at most (``GET /api/open``: paged past it)
    open_page: int = 50
    #: a public waiting table stays listed this long after a page of one of its people last kept it (the pages keep
    #: it every third of this); unkept, it leaves the list (and, if nobody claimed a seat, expires as any other)
    open_keep_s: float = 120.0
    #: free seats of public tables one client may take (quick play included): this many a minute on average, and
    #: this many at once
    takes_per_minute: float = 10.0
    take_burst: int = 6
    #: personal keys one client may be given: this many an hour on average, and this many at once
    keys_per_hour: float = 30.0
    key_burst: int = 20
    #: seats one personal key may be tied to (past it, its oldest finished tables make room; else refused)
    seats_per_key: int = 300
    #: tables one answer of "my tables" holds at most (``POST /api/me``: paged past it)
    my_page: int = 50
    #: secrets one seat may hold (its person's devices); opening a table from "my tables" on one more device past it
    #: is refused
    secrets_per_seat: int = 16

    # -- the chat at each table (hustings.server.chat) ------------------------------------------------------------
    #: characters in one chat line at most (after control and direction-override characters are taken out)
    chat_max_chars: int = 300
    #: lines one seat may write: this many a minute on average, and this many at once (a seat's devices share it)
    chat_per_minute: float = 12.0
    chat_burst: int = 5
    #: lines a table stores at most (past it every line is refused); 0 turns the chat off
    chat_lines_per_table: int = 1000
    #: the latest lines a connection is sent when it says hello (a late joiner, a reload)
    chat_history: int = 50

    # -- turn notices (hustings.server.notify) --------------------------------------------------------------------
    #: a person whose turn it is at a table of hours or days a move is told so (e-mail, Web Push) once they have
    #: been away this long (a reload or a short walk sends nothing)
    notify_delay_s: float = 30.0
    #: where one seat may be told of its turn: its e-mail address and its devices' push subscriptions together
    notify_targets_per_seat: int = 5
    #: changes of turn notices (an address left, a device subscribed) one client may make: an hour's worth on
    #: average, and this many at once
    notify_changes_per_hour: float = 30.0
    notify_changes_burst: int = 10

    # -- bots ---------------------------------------------------------------------------------------------------------
    #: processes in which search bots think (cheap bots and stand-ins never wait behind them)
    search_workers: int = 1
    #: the longest a search bot may think about one move
    search_move_s: float = 5.0
    #: thinking time one table's search bots may use a minute (beyond it, its next search waits)
    search_table_s_per_minute: float = 30.0

    # -- replays of finished games (hustings.server.replays) ------------------------------------------------------
    #: replay steps one client may ask for: this many a minute on average, and this many at once
    replays_per_minute: float = 300.0
    replay_burst: int = 60
    #: game states kept at checkpoints over all finished games being replayed (each some tens of kB)
    replay_states: int = 256
    #: finished games whose record (and seats' names) is kept for replays
    replay_tables: int = 64

    # -- house rules (issue 29; hustings.server.lobby) -------------------------------------------------------------
    #: house rules one table may set at most (each is checked against the game's schema and its bounds)
    house_rules: int = 100


def client_key(host: str | None) -> str:
    """The client an address belongs to: an IPv4 address as it is (also when written as IPv4-mapped IPv6), an IPv6
    address as its /64 network, anything else (a Unix socket, a test client's name) as it is."""
    if not host:
        return "unknown"
    try:
        addr = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host[:100]
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


__all__ = ["Limits", "client_key"]
