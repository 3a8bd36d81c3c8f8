"""Issue 23, attacks 3, 4 and 5 against a real server: clients that do not read, spectator waves, and too many
connections (points 3 and 4: bounded output per connection, connection caps, idle spectators, coalesced TableInfo
pushes). Each attack fails on the code before issue 23."""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed, ConnectionClosedError
from websockets.sync.client import connect

from hustings.server.limits import Limits

from .conftest import Client, Server


def _rss() -> int:
    """This process's resident memory in bytes (the test server runs in a thread of it)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _until(pred: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.05)
    return pred()


class NonReader:
    """A websocket client that sends and never reads: a raw socket with a small receive buffer, so the server's
    sends back up at once (the kernel does not swallow megabytes for it)."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                           ).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)  # byte by byte: nothing past the handshake is read
        assert b" 101 " in head.split(b"\r\n")[0], head

    def send(self, msg: dict[str, Any]) -> None:
        payload = json.dumps(msg).encode()
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def closed_by_server(self, timeout: float) -> bool:
        """Reads (at last) until the server's end of the connection: True if it closed or dropped it in time."""
        self.sock.settimeout(timeout)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if not self.sock.recv(1 << 20):
                    return True
        except ConnectionResetError:
            return True
        except TimeoutError:
            return False
        return False

    def close(self) -> None:
        self.sock.close()


def _finished_big_table(server: Server) -> str:
    """A finished 15-player 選舉之戰 table (its whole state is some 300 KB), played by random bots while a
    spectator watched."""
    created = server.create(game="election-war", players=15, seats=[{"bot": "random"}] * 15, lang="zh-Hant")
    tid: str = created["table"]["id"]
    _watch_to_the_end(server, tid)
    return tid


def _watch_to_the_end(server: Server, tid: str) -> None:
    """A spectator that reads every message until the game is over (quickly: without the protocol checks of
    :class:`Client`, which a 15-player game's ~1,000 updates would make slow)."""
    deadline = time.monotonic() + 180
    step: int | None = None
    for _ in range(6):
        hello: dict[str, Any] = {"type": "hello", "spectator": True}
        if step is not None:
            hello["since"] = step
        with connect(f"{server.ws_base}/ws/{tid}", max_size=None, open_timeout=10, ping_interval=None) as ws:
            ws.send(json.dumps(hello))
            try:
                while True:
                    msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
                    if msg["type"] in ("state", "update"):
                        if msg["over"]:
                            return
                        step = msg["step"]
            except ConnectionClosedError as e:
                # on a machine busy enough, this reader too fell a whole output limit behind: it comes back as a
                # page does (hello with since), and watches on
                if e.rcvd is None or e.rcvd.code != 1008:
                    raise
    raise AssertionError("the reader was dropped again and again")


# -- attack 3: non-reading connections asking for states ---------------------------------------------------------

def test_clients_that_ask_for_states_and_never_read_hold_little_and_are_dropped(make_server: Any) -> None:
    server: Server = make_server(limits=Limits(stall_s=4.0))
    tid = _finished_big_table(server)
    reader = Client(server.ws_base, tid, lang="zh-Hant")  # someone else, who reads
    state_chars = len(json.dumps(reader.latest, ensure_ascii=False))
    assert state_chars > 200_000
    before = _rss()
    attackers = [NonReader(server.port, f"/ws/{tid}") for _ in range(5)]
    for a in attackers:
        a.send({"type": "hello", "spectator": True, "lang": "zh-Hant"})
    for i in range(60):  # each asks for 60 whole states in other languages, and reads none
        for a in attackers:
            a.send({"type": "lang", "lang": ["en", "zh-Hans", "zh-Hant"][i % 3]})
    # the server has worked through them when a reading client's ping, sent after, comes back and a moment passed
    reader.sync(timeout=60)
    time.sleep(1.0)
    grown = _rss() - before
    # before: every state queued, 300 of them (some 150 MB); now at most a state or two per connection
    assert grown < 60 * 1024 * 1024, f"the server grew by {grown / 2**20:.0f} MB for 5 clients that do not read"
    outboxes = server.app.state.outboxes
    held = sum(o.bytes for o in outboxes)
    assert held < len(attackers) * 3 * 3 * state_chars, held
    # the others are served meanwhile
    reader.send({"type": "lang", "lang": "en"})
    assert reader.recv_type("state")["table"]["id"] == tid
    # and the clients that do not read are closed once their oldest message waited stall_s
    assert _until(lambda: len(outboxes) == 1, 20), f"{len(outboxes) - 1} non-readers still connected"
    for a in attackers:
        assert a.closed_by_server(10)
        a.close()
    reader.sync()


def test_past_its_output_limit_a_connection_is_closed(make_server: Any) -> None:
    """A client that reads nothing while bots play: its updates (each tells new events, so none replaces another)
    pile up to max_output_bytes, then it is closed; a client that reads watches on. (Not one of the attacks: the
    code before closed such a connection too, past 2,000 queued messages whatever their size.)"""
    server: Server = make_server(limits=Limits(max_output_bytes=128 * 1024, stall_s=600))
    created = server.create(game="election-war", players=15, seats=[{"bot": "random"}] * 15, lang="zh-Hant")
    tid = created["table"]["id"]
    slow = NonReader(server.port, f"/ws/{tid}")
    slow.send({"type": "hello", "spectator": True})
    _watch_to_the_end(server, tid)  # one that reads sees the whole game meanwhile
    assert slow.closed_by_server(30), "a connection past its output limit stayed open"
    slow.close()


# -- attack 4: spectator waves -----------------------------------------------------------------------------------

def _plain(server: Server, tid: str, hello: dict[str, Any]) -> Any:
    """A websocket without the protocol checks of :class:`Client` (and without keepalive pings, which a client
    that reads late would fail)."""
    ws = connect(f"{server.ws_base}/ws/{tid}", max_size=None, max_queue=None, open_timeout=10,
                 ping_interval=None).__enter__()
    ws.send(json.dumps(hello))
    return ws


def _read_to_pong(ws: Any) -> list[dict[str, Any]]:
    """Every message a connection was sent before the server read its ping."""
    ws.send(json.dumps({"type": "ping"}))
    out = []
    while (msg := json.loads(ws.recv(timeout=30)))["type"] != "pong":
        out.append(msg)
    return out


def test_a_wave_of_spectators_costs_frames_in_proportion_to_it(server: Server) -> None:
    created = server.create(game="die-macher-2019", players=3, seats=[{"bot": None}, {"bot": None}, {"bot": "random"}])
    server.start_table(created)
    tid = created["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    player = _plain(server, tid, {"type": "hello", "token": tokens[0]})
    _read_to_pong(player)
    k = 40
    # they come, one after another, and stay; then they go
    spectators = [_plain(server, tid, {"type": "hello", "spectator": True}) for _ in range(k)]
    told = sum(m["type"] == "table" for ws in spectators for m in _read_to_pong(ws))
    for ws in spectators:
        ws.close()
    time.sleep(1.0)
    pushes = sum(m["type"] == "table" for m in _read_to_pong(player))
    # before: a push to every connection at every hello and close: 2k to the player, ~k²/2 to the spectators
    assert pushes <= 4, f"the player got {pushes} TableInfo pushes for {k} spectators coming and going"
    assert told <= 2 * k, f"{k} spectators got {told} TableInfo pushes between them"
    # a seat's coming still shows to the others at once (within info_push_s)
    started = time.monotonic()
    other = Client(server.ws_base, tid, tokens[1])
    while (msg := json.loads(player.recv(timeout=10)))["type"] != "table":
        pass
    assert msg["table"]["seats"][1]["connected"] and time.monotonic() - started < 5
    other.close()
    player.close()


# -- attack 5: connection caps and idle spectators ---------------------------------------------------------------

def _refused(server: Server, tid: str, lang: str) -> tuple[dict[str, Any], int | None]:
    with connect(f"{server.ws_base}/ws/{tid}?lang={lang}", open_timeout=10) as ws:
        msg = json.loads(ws.recv(timeout=10))
        try:
            ws.recv(timeout=10)
        except ConnectionClosed as e:
            return msg, e.rcvd.code if e.rcvd is not None else None
    raise AssertionError("the refused connection was not closed")


def test_past_the_per_client_cap_a_websocket_is_refused_clearly(make_server: Any) -> None:
    server: Server = make_server(limits=Limits(max_connections_per_client=4))
    created = server.create(game="palace-escape", players=1, seats=[{"bot": None}])
    server.start_table(created)
    tid = created["table"]["id"]
    held = [Client(server.ws_base, tid) for _ in range(4)]
    msg, code = _refused(server, tid, "zh-Hant")
    assert msg["type"] == "error" and msg["code"] == "too_many_connections", msg
    assert "連線" in msg["message"] and "4" in msg["message"], msg  # in the asker's language, with the limit
    assert code == 1008
    for c in held:  # the connections it already has go on
        c.sync()
    held.pop().close()
    time.sleep(0.3)
    held.append(Client(server.ws_base, tid))  # room again once one closed
    held[-1].sync()
    for c in held:
        c.close()


def test_past_the_global_cap_a_websocket_is_refused_as_server_full(make_server: Any) -> None:
    server: Server = make_server(limits=Limits(max_connections=3))
    created = server.create(game="palace-escape", players=1, seats=[{"bot": None}])
    server.start_table(created)
    tid = created["table"]["id"]
    held = [Client(server.ws_base, tid) for _ in range(3)]
    msg, code = _refused(server, tid, "en")
    assert msg["code"] == "server_full" and code == 1013, (msg, code)
    assert server.http.get(f"/api/tables/{tid}").status_code == 200  # HTTP is still served
    for c in held:
        c.sync()
        c.close()


def test_idle_spectators_time_out_and_those_that_ping_stay(make_server: Any) -> None:
    server: Server = make_server(limits=Limits(spectator_idle_s=1.5))
    created = server.create(game="palace-escape", players=1, seats=[{"bot": None}])
    server.start_table(created)
    tid = created["table"]["id"]
    idle = Client(server.ws_base, tid)
    pinging = Client(server.ws_base, tid)
    seat = Client(server.ws_base, tid, created["seats"][0]["token"])  # a player, silent, stays
    started = time.monotonic()
    closed: ConnectionClosed | None = None
    while time.monotonic() - started < 4.0:
        pinging.sync()
        time.sleep(0.4)
        if closed is None:
            try:
                idle.recv(timeout=0.01)
            except TimeoutError:
                pass
            except ConnectionClosed as e:
                closed = e
    assert closed is not None, "an idle spectator stayed connected"
    assert closed.rcvd is not None and closed.rcvd.code == 1000 and closed.rcvd.reason == "idle", closed
    pinging.sync()
    seat.sync()
    pinging.close()
    seat.close()


def test_at_start_the_descriptor_limit_is_raised_and_the_cap_kept_below_it(tmp_path: Any) -> None:
    """``hustings serve`` (tend_process): the soft limit goes to the hard one, and the global cap stays below it
    with room for the database, files and HTTP (here a hard limit of 256 descriptors)."""
    code = textwrap.dedent(f"""
        import asyncio, resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 256))
        from hustings.server.app import create_app
        from hustings.server.store import open_store
        app = create_app(open_store("sqlite://{tmp_path}/s.db"), tend_process=True)
        async def main():
            async with app.router.lifespan_context(app):
                print(resource.getrlimit(resource.RLIMIT_NOFILE)[0], app.state.admission.max_connections)
        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "HUSTINGS_DATA_DIR": str(tmp_path)})
    assert out.returncode == 0, out.stderr[-2000:]
    soft, cap = map(int, out.stdout.split())
    assert soft == 256 and 0 < cap <= 256 - 32, (soft, cap)
