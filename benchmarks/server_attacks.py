"""Denial-of-service attacks on a real `hustings serve`, each spread over 20 clients at distinct addresses, with a
victim's figures before and during each attack, in one table (issue 23, point 8).

    .venv/bin/python benchmarks/server_attacks.py                      # this checkout's server, SQLite, ~4 min
    .venv/bin/python benchmarks/server_attacks.py --quick              # shorter phases (~2 min)
    .venv/bin/python benchmarks/server_attacks.py --src /work/wt/before/src --json before.json   # older code
    .venv/bin/python benchmarks/server_attacks.py --db postgres        # a throwaway PostgreSQL cluster
    .venv/bin/python benchmarks/server_attacks.py --attacks 1,3 --limit bot-tables-per-client=4

Each attack gets a fresh server (a subprocess on a free port, a new database) with every limit at its default, so
that no attack's leftovers (bots still thinking, connections still closing) weigh on the next. The victims connect
from 127.0.0.1; the attackers from 127.0.0.2 ... 127.0.0.21 (on Linux all of 127.0.0.0/8 is loopback), one address a
client, so that per-client limits alone cannot pass it. A refusal the attack meets (an HTTP error, a refused or
closed websocket, no answer in time) is counted as a figure.

1. **Bot stall.** Each attacking client creates all-bot tables of five `ismcts:hard` seats (die-macher-2019), one
   a second for as long as the attack lasts (accepted and refused counted), and watches each it got (one
   spectator connection a table, so that none is paused as unwatched). Victims: a person playing with three
   heuristic bots (die-macher-2019, 4 seats: the bots' reply, from the ack of the person's move to the person's
   next turn, median and p95, a reply still awaited at the end counted as its wait so far; and each bot move
   timed from the table's change before it, which counts a forced move as a reply too) and
   another client playing a people-only table (palace-escape: act -> ack, p99).
   Aims: the heuristic bot's median reply under 200 ms; the other client's p99 under 50 ms.
2. **Memory.** A finished 15-seat election-war table (all random bots, watched to its end); 20 connections, one
   per address, with a tiny receive buffer, that say hello, stop reading and send `lang` messages (each asks for a
   fresh full state) within the message rate; reconnecting when the server closes them, as an attacker would.
   Figure: the server's resident memory (VmRSS) before and at its peak. Aim: growth under 100 MB.
3. **Spectator waves.** 400 spectators a second (20 a second from each address) connect to the victim's table,
   say hello, wait for the state and close. Victim: the player of that table, act -> ack p99. Aim: under 100 ms.
4. **File handles.** Idle spectators (they read, and send nothing) opened on the victim's table, round robin over
   the 20 addresses, until the server refuses them from every address (or --max-idle). Figures: how many were
   open at the first refusal and at the end, and whether a new lobby request, a move on the victim's open
   connection and a new connection of the victim's still succeed. The server's descriptor limits are --nofile
   (512:4096 by default: a server may raise its soft limit to the hard one); the other attacks' servers inherit
   this process's.
5. **Table flood.** Anonymous creates (a one-seat table nobody claims) as fast as 20 clients can, two requests in
   flight each: accepted and refused a second, and the rows the database holds afterwards.

The people-only victim (palace-escape, one person, random legal moves at --victim-rate a second) plays through
every attack, so each attack also shows what it did to another client's moves. The load generator shares the
machine with the server (and, on a shared machine, with everything else): the figures are noisy there; the
reference loop and the load average printed with them say how busy the machine was.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import resource
import signal
import socket
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
import orjson
from rich.console import Console
from rich.table import Table
from websockets.uri import parse_uri

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load as load  # the load benchmark's server, lobby client, websocket client and percentiles

ATTACKERS = [f"127.0.0.{n}" for n in range(2, 22)]  # 20 clients; the victims are 127.0.0.1
VICTIM = "127.0.0.1"
VICTIM_GAME = "palace-escape"  # a light game: the figure is the server's answer, not the rules' cost
BOT_GAME, BOT_PLAYERS = "die-macher-2019", 4
ATTACK_BOT_GAME, ATTACK_BOT_SEATS, ATTACK_BOT = "die-macher-2019", 5, "ismcts:hard"
MEMORY_GAME, MEMORY_SEATS = "election-war", 15
AIM_BOT_MEDIAN_MS, AIM_STALL_P99_MS, AIM_RSS_MB, AIM_WAVE_P99_MS = 200.0, 50.0, 100.0, 100.0
TIMEOUT = 10.0  # a move, a handshake or a lobby call not answered in this long counts as not answered
console = Console(stderr=True, highlight=False, width=None if sys.stderr.isatty() else 150)


# -- clients -------------------------------------------------------------------------------------------------------


async def _socket(url: str, local: str | None = None, rcvbuf: int | None = None,
                  timeout: float = TIMEOUT) -> load.Socket:
    """A websocket (server_load's lean client) from source address ``local``; ``rcvbuf`` sets a tiny receive
    buffer (a client that stops reading then stops the server's writes at once). Raises on refusal or timeout."""
    loop = asyncio.get_running_loop()
    uri = parse_uri(url)
    if rcvbuf is not None:
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            raw.bind((local or VICTIM, 0))
            raw.setblocking(False)
            await asyncio.wait_for(loop.sock_connect(raw, (uri.host, uri.port)), timeout)
        except BaseException:
            raw.close()
            raise
        _, sock = await loop.create_connection(lambda: load.Socket(url), sock=raw)
    else:
        _, sock = await asyncio.wait_for(
            loop.create_connection(lambda: load.Socket(url), uri.host, uri.port,
                                   local_addr=(local, 0) if local else None), timeout)
    try:
        await asyncio.wait_for(sock.open, timeout)
    except BaseException:
        _abort(sock)
        raise
    return sock


def _abort(sock: load.Socket) -> None:
    """Drop a connection at once (no closing handshake: what a vanishing client does)."""
    if sock.transport is not None:
        sock.transport.abort()


async def _first(sock: load.Socket, kinds: tuple[str, ...] = ("state",), timeout: float = TIMEOUT) -> dict[str, Any]:
    """The first message of one of ``kinds`` (an error or a close first raises)."""
    async def wait() -> dict[str, Any]:
        while (raw := await sock.inbox.get()) is not None:
            msg = orjson.loads(raw)
            if msg.get("type") in kinds:
                return dict(msg)
            if msg.get("type") == "error":
                raise RuntimeError(f"refused: {msg.get('code')}")
        raise ConnectionError("closed")
    return await asyncio.wait_for(wait(), timeout)


class _Dropped:
    """An inbox that drops every message: a client that reads (so pings are answered as frames are parsed) and
    keeps nothing, without waking a task per message (idle spectators get O(K) frames each on older servers)."""

    closed = False

    def put_nowait(self, item: bytes | None) -> None:
        if item is None:
            self.closed = True


def _drop(sock: load.Socket) -> None:
    sock.inbox = _Dropped()  # type: ignore[assignment]


async def _finish(tasks: list[asyncio.Task[None]], timeout: float = TIMEOUT + 5) -> None:
    """Wait for tasks to end by themselves, then cancel whatever has not (a request the server never answers)."""
    if tasks:
        _, pending = await asyncio.wait(tasks, timeout=timeout)
        for t in pending:
            t.cancel()
        if pending:
            await asyncio.wait(pending, timeout=5)


def _http(base: str, local: str | None = None, timeout: float = TIMEOUT) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=local) if local else None
    return httpx.AsyncClient(base_url=base, timeout=timeout, transport=transport,
                             limits=httpx.Limits(max_connections=load.POOL, max_keepalive_connections=load.POOL))


@dataclass
class Samples:
    """(time it was taken, value) pairs; a window's values are read by time."""

    items: list[tuple[float, float]] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.items.append((time.perf_counter(), value))

    def between(self, t0: float, t1: float) -> list[float]:
        return sorted(v for t, v in self.items if t0 <= t < t1)


class Player:
    """A person at one seat: keeps what the server said (step, legal actions, who is to act), moves on request and
    times the move's act -> ack; at a table of one person and bots, also how long the person waits from their
    move's ack to their next turn (the bots' reply), and each bot move from the table's change before it."""

    def __init__(self, url: str, token: str, rng: random.Random) -> None:
        self.url, self.token, self.rng = url, token, rng
        self.sock: load.Socket | None = None
        self.seat: int | None = None
        self.step, self.legal, self.to_act, self.over = -1, [], [], False
        self.changed = asyncio.Event()
        self.pending: asyncio.Future[float] | None = None
        self.sent_at = 0.0
        #: (when, step) of the table's last change, while another seat (a bot) is to act
        self.waiting_bot: tuple[float, int] | None = None
        self.bot_replies = Samples()
        #: when the person's last move was acknowledged, while they wait for their next turn
        self.waiting_turn: float | None = None
        self.turn_waits = Samples()
        self.reader: asyncio.Task[None] | None = None

    async def connect(self, local: str | None = None) -> None:
        self.sock = await _socket(self.url, local)
        self.sock.send(orjson.dumps({"type": "hello", "token": self.token}))
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self.sock is not None
        while (raw := await self.sock.inbox.get()) is not None:
            now = time.perf_counter()
            msg = orjson.loads(raw)
            kind = msg.get("type")
            if kind == "welcome":
                self.seat = msg.get("seat")
            elif kind in ("state", "update"):
                step = int(msg["step"])
                moved = step > self.step
                if moved and self.waiting_bot is not None and "ack" not in msg:
                    self.bot_replies.add(1000 * (now - self.waiting_bot[0]))  # another seat moved
                self.step = step
                if "legal" in msg:
                    self.legal = msg["legal"]
                self.to_act = list(msg.get("to_act") or [])
                self.over = bool(msg.get("over"))
                if moved:  # a bot's move answers the table's latest change (a decision made before it is
                    # dropped by the server): its time counts from there, and so does the next bot's
                    others = any(s != self.seat for s in self.to_act) and not self.over
                    self.waiting_bot = (now, step) if others else None
                mine = self.my_turn()
                if mine and self.waiting_turn is not None:
                    self.turn_waits.add(1000 * (now - self.waiting_turn))
                if mine or self.over:
                    self.waiting_turn = None
                elif "ack" in msg:
                    self.waiting_turn = now  # the others (bots) are to act: the person waits from here
                if "ack" in msg and self.pending is not None and not self.pending.done():
                    self.pending.set_result(1000 * (now - self.sent_at))
            elif kind == "error" and self.pending is not None and not self.pending.done():
                self.pending.set_exception(RuntimeError(str(msg.get("code"))))
            self.changed.set()
        self.over = True
        if self.pending is not None and not self.pending.done():
            self.pending.set_exception(ConnectionError("closed"))
        self.changed.set()

    def my_turn(self) -> bool:
        return bool(self.legal) and self.seat in self.to_act and not self.over

    async def wait_turn(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.my_turn() and not self.over:
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return self.my_turn()

    async def move(self, timeout: float = TIMEOUT) -> float:
        """One random legal move: its act -> ack in ms (``timeout`` in ms if unanswered: a censored figure, kept
        as such so that a stalled server shows in the percentiles). Raises if refused or closed."""
        assert self.sock is not None
        loop = asyncio.get_running_loop()
        self.pending = loop.create_future()
        self.sent_at = time.perf_counter()
        self.sock.send(orjson.dumps({"type": "act", "step": self.step, "action": self.rng.choice(self.legal)["id"]}))
        try:
            return await asyncio.wait_for(asyncio.shield(self.pending), timeout)
        except TimeoutError:
            return 1000 * timeout

    def censor(self) -> bool:
        """At the end of a window: a bot move still awaited counts as what it has waited so far (a lower bound),
        so that a stalled bot shows in the figures instead of vanishing from them."""
        now = time.perf_counter()
        waited = self.waiting_turn is not None
        if self.waiting_turn is not None:
            self.turn_waits.add(1000 * (now - self.waiting_turn))
            self.waiting_turn = None
        if self.waiting_bot is not None:
            self.bot_replies.add(1000 * (now - self.waiting_bot[0]))
            self.waiting_bot = None
        return waited

    def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.sock is not None:
            self.sock.close()


async def _table(http: httpx.AsyncClient, game: str, seats: list[str | None], errors: dict[str, int],
                 start: bool = True) -> tuple[str, list[str]] | None:
    """A table with these seats (None: a person, joined and ready), started: its id and the people's tokens."""
    body = {"game": game, "players": len(seats), "seats": [{"bot": b} for b in seats]}
    try:
        r = await http.post("/api/tables", json=body)
        if r.status_code != 200:
            errors[f"create {r.status_code}"] = errors.get(f"create {r.status_code}", 0) + 1
            return None
        created = r.json()
        table_id = created["table"]["id"]
        tokens = []
        for n, s in enumerate(created["seats"]):
            if "code" in s:  # seats belong to whoever claims them: each claimed through its invite, named and ready
                c = await http.post(f"/api/tables/{table_id}/claim",
                                    json={"invite": s["code"], "name": f"victim{n}", "ready": True})
                if c.status_code != 200:
                    errors[f"claim {c.status_code}"] = errors.get(f"claim {c.status_code}", 0) + 1
                    return None
                tokens.append(c.json()["token"])
            else:  # the code before issue 23: the creator got every seat's token
                tokens.append(s["token"])
                await http.post(f"/api/tables/{table_id}/join",
                                json={"token": s["token"], "name": f"victim{n}", "ready": True})
        if start and tokens:
            r = await http.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
            if r.status_code != 200:
                errors[f"start {r.status_code}"] = errors.get(f"start {r.status_code}", 0) + 1
                return None
    except httpx.HTTPError as e:
        errors[type(e).__name__] = errors.get(type(e).__name__, 0) + 1
        return None
    return table_id, tokens


class Victim:
    """A person playing random legal moves at ``rate`` a second on a table of ``seats`` (their own seat first),
    with a new table whenever a game ends. ``paused`` holds it between moves; ``table`` is its table now."""

    def __init__(self, base: str, game: str, seats: list[str | None], rate: float, seed: int) -> None:
        self.base, self.ws = base, base.replace("http://", "ws://")
        self.game, self.seats, self.rate = game, seats, rate
        self.rng = random.Random(seed)
        self.moves = Samples()
        self.bot_replies = Samples()
        self.turn_waits = Samples()
        self.errors: dict[str, int] = {}
        self.table: str | None = None
        self.player: Player | None = None
        self.ready = asyncio.Event()
        self.paused = False
        self.stopped = False  # besides cancelling: Python 3.11's wait_for can swallow a cancellation

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1

    def censor(self) -> None:
        """At the end of a window: a move still unanswered counts as what it has waited so far (a lower bound)."""
        player = self.player
        if player is not None and player.pending is not None and not player.pending.done():
            self.moves.add(1000 * (time.perf_counter() - player.sent_at))

    async def run(self) -> None:
        pace = load.Pace(self.rate, 1.0)
        async with _http(self.base, VICTIM) as http:
            while not self.stopped:
                made = await _table(http, self.game, self.seats, self.errors)
                if made is None:
                    await asyncio.sleep(0.5)
                    continue
                self.table, tokens = made
                player = Player(f"{self.ws}/ws/{self.table}", tokens[0], random.Random(self.rng.random()))
                player.bot_replies, player.turn_waits = self.bot_replies, self.turn_waits
                try:
                    await player.connect(VICTIM)
                except Exception as e:
                    self.error(f"connect {type(e).__name__}")
                    await asyncio.sleep(0.5)
                    continue
                self.player = player
                try:
                    while not player.over and not self.stopped:
                        if not await player.wait_turn(60.0):
                            continue
                        self.ready.set()
                        await pace.take()
                        while self.paused:
                            await asyncio.sleep(0.05)
                        if not player.my_turn():
                            continue
                        try:
                            self.moves.add(await player.move())
                        except (RuntimeError, ConnectionError) as e:
                            self.error(str(e))
                finally:
                    player.close()


def _victim_main(conn: Connection, base: str, game: str, seats: list[str | None], rate: float, seed: int) -> None:
    """A victim's own process: its timings are not delayed behind the attackers' thousands of callbacks in the
    load generator's event loop. It answers the commands of :class:`RemoteVictim` over ``conn``."""
    async def main() -> None:
        loop = asyncio.get_running_loop()
        victim = Victim(base, game, seats, rate, seed)
        task = asyncio.ensure_future(victim.run())
        commands: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

        def read() -> None:
            try:
                while True:
                    loop.call_soon_threadsafe(commands.put_nowait, conn.recv())
            except (EOFError, OSError):
                loop.call_soon_threadsafe(commands.put_nowait, ("stop", None))

        threading.Thread(target=read, daemon=True).start()
        while True:
            cmd, arg = await commands.get()
            if cmd == "ready":
                try:
                    await asyncio.wait_for(victim.ready.wait(), arg)
                    conn.send(None)
                except TimeoutError:
                    conn.send(f"no turn within {arg:.0f} s (table {victim.table}, refusals {victim.errors or 'none'})")
            elif cmd == "table":
                conn.send(victim.table)
            elif cmd == "pause":
                victim.paused = arg
                conn.send(None)
            elif cmd == "censor":
                victim.censor()
                conn.send(victim.player.censor() if victim.player is not None else False)
            elif cmd == "probe":  # play for ``arg`` seconds, then rest: the moves' act -> ack
                n = len(victim.moves.items)
                victim.paused = False
                await asyncio.sleep(arg)
                victim.paused = True
                conn.send([v for _, v in victim.moves.items[n:]])
            elif cmd == "seat":
                p = victim.player
                conn.send(None if p is None else (p.url, p.token))
            elif cmd == "stop":
                victim.stopped = True
                task.cancel()
                await asyncio.wait([task], timeout=5)
                with contextlib.suppress(OSError):
                    conn.send((victim.moves.items, victim.bot_replies.items, victim.turn_waits.items, victim.errors))
                return

    _run(main())


class RemoteVictim:
    """A :class:`Victim` in a process of its own (perf_counter is the system's monotonic clock, so its times and
    the attack's marks compare)."""

    def __init__(self, base: str, game: str, seats: list[str | None], rate: float, seed: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_victim_main, args=(child, base, game, seats, rate, seed), daemon=True)
        self.proc.start()
        child.close()
        self.lock = asyncio.Lock()
        self.moves, self.bot_replies, self.turn_waits = Samples(), Samples(), Samples()
        self.errors: dict[str, int] = {}

    async def call(self, cmd: str, arg: Any = None, timeout: float = 60.0) -> Any:
        def go() -> Any:
            self.conn.send((cmd, arg))
            if not self.conn.poll(timeout):
                raise TimeoutError(f"the victim's process did not answer {cmd!r} in {timeout:.0f} s")
            return self.conn.recv()
        async with self.lock:
            return await asyncio.get_running_loop().run_in_executor(None, go)

    async def ready(self, who: str, timeout: float = 120.0) -> None:
        problem = await self.call("ready", timeout, timeout + 10)
        if problem:
            raise RuntimeError(f"{who}: {problem}")

    async def stop(self) -> None:
        """Stop playing and fetch the figures (kept in ``moves``, ``bot_replies`` and ``errors``)."""
        if not self.proc.is_alive():
            return
        try:
            moves, replies, waits, errors = await self.call("stop", timeout=20)
            self.moves.items, self.bot_replies.items, self.turn_waits.items, self.errors = moves, replies, waits, errors
        except (TimeoutError, EOFError, OSError) as e:
            self.errors[f"the victim's process: {e}"] = 1
        finally:
            await asyncio.get_running_loop().run_in_executor(None, self.proc.join, 5)
            if self.proc.is_alive():
                self.proc.kill()


def _run(coro: Awaitable[Any]) -> Any:
    """An event loop for ``coro``: uvloop (as the server's, through uvicorn) when installed."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)  # type: ignore[arg-type]
    return uvloop.run(coro)  # type: ignore[arg-type]


# -- the server ----------------------------------------------------------------------------------------------------


def _rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (Linux /proc), nan elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return float("nan")


@dataclass
class Env:
    """Everything an attack needs: the server, the options of the run, the victim, and its phase times."""

    server: load.Server
    args: argparse.Namespace
    victim: RemoteVictim
    db_url: str
    marks: dict[str, float] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return self.server.base

    @property
    def pid(self) -> int:
        return self.server.proc.pid

    def alive(self) -> bool:
        return self.server.proc.poll() is None


@contextlib.contextmanager
def _database(kind: str, name: str, workdir: Path, cluster: Any) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite://{workdir / (name + '.db')}"
    elif kind == "postgres":
        yield cluster.create_database(f"hustings_attack_{name}")
    else:
        yield kind  # a URL: the operator's own database (tables of earlier attacks stay in it)


def _count_tables(db_url: str) -> int | None:
    try:
        if db_url.startswith("sqlite://"):
            with contextlib.closing(sqlite3.connect(db_url[len("sqlite://"):], timeout=10)) as db:
                return int(db.execute("SELECT count(*) FROM tables").fetchone()[0])
        import psycopg

        with psycopg.connect(db_url) as pg:
            row = pg.execute("SELECT count(*) FROM tables").fetchone()
            return int(row[0]) if row else None
    except Exception as e:  # a figure we could not read is shown as missing, not a crash
        console.print(f"    could not count the stored tables: {e}")
        return None


# -- the figures ----------------------------------------------------------------------------------------------------


@dataclass
class Row:
    figure: str
    before: float | str | None
    during: float | str | None
    aim: str = ""
    ok: bool | None = None
    unit: str = ""


def _pct(values: list[float], q: float) -> float | None:
    return load._percentile(values, q) if values else None


def _victim_rows(env: Env, aim_ms: float | None = None) -> list[Row]:
    m, v = env.marks, env.victim
    if "att0" not in m:
        return []
    before = v.moves.between(m["base0"], m["base1"])
    during = v.moves.between(m["att0"], m["att1"])
    p99b, p99d = _pct(before, 0.99), _pct(during, 0.99)
    rows = [Row("victim's moves, act -> ack p99", p99b, p99d,
                f"< {aim_ms:.0f} ms" if aim_ms else "",
                None if aim_ms is None else (p99d is not None and p99d < aim_ms), "ms")]
    unanswered = sum(1 for x in during if x >= 1000 * TIMEOUT)
    rows.append(Row("victim's moves (unanswered in 10 s)", f"{len(before)} ({sum(1 for x in before if x >= 1e4)})",
                    f"{len(during)} ({unanswered})"))
    return rows


# -- the attacks ----------------------------------------------------------------------------------------------------


async def _phases(env: Env, label: str, attack: Callable[[float], Awaitable[None]],
                  during: float | None = None) -> None:
    """Baseline (the victims alone), then the attack until its window ends; marks the windows' times."""
    args = env.args
    await env.victim.ready("the victim")
    env.marks["base0"] = time.perf_counter()
    env.marks["rss0"] = _rss_mb(env.pid)
    console.print(f"  [{label}] baseline: the victims alone for {args.baseline:.0f} s")
    await asyncio.sleep(args.baseline)
    env.marks["base1"] = time.perf_counter()
    env.marks["rss_base"] = _rss_mb(env.pid)
    length = args.duration if during is None else during
    console.print(f"  [{label}] attack for {length:.0f} s")
    await attack(length)
    env.marks.setdefault("att1", time.perf_counter())


async def attack_bots(env: Env) -> list[Row]:
    args = env.args
    bot_victim = RemoteVictim(env.base, BOT_GAME, [None] + ["heuristic"] * (BOT_PLAYERS - 1), 5.0, args.seed + 1)
    try:
        await bot_victim.ready("the person playing with heuristic bots")
    except BaseException:
        await bot_victim.stop()
        raise
    accepted, refused, watched, failed_watch = [0], {}, [0], [0]
    watchers: list[load.Socket] = []

    async def client(addr: str, stop_at: float) -> None:
        async with _http(env.base, addr) as http:
            while time.perf_counter() < stop_at:
                t0 = time.perf_counter()
                try:
                    r = await http.post("/api/tables", json={"game": ATTACK_BOT_GAME, "players": ATTACK_BOT_SEATS,
                                                             "seats": [{"bot": ATTACK_BOT}] * ATTACK_BOT_SEATS})
                    code = str(r.status_code)
                except httpx.HTTPError as e:
                    code = type(e).__name__
                if code == "200":
                    accepted[0] += 1
                    try:
                        sock = await _socket(f"{env.base.replace('http', 'ws')}/ws/{r.json()['table']['id']}", addr)
                        sock.send(orjson.dumps({"type": "hello", "spectator": True}))
                        _drop(sock)
                        watchers.append(sock)
                        watched[0] += 1
                    except Exception:
                        failed_watch[0] += 1
                else:
                    refused[code] = refused.get(code, 0) + 1
                await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - t0)))

    async def attack(length: float) -> None:
        stop_at = time.perf_counter() + length
        clients = [asyncio.ensure_future(client(a, stop_at)) for a in ATTACKERS]
        await asyncio.sleep(args.ramp)  # the attack's tables fill the server's queue first
        env.marks["att0"] = time.perf_counter()
        while time.perf_counter() < stop_at:
            await asyncio.sleep(min(5.0, max(0.0, stop_at - time.perf_counter())))
            console.print(f"  [bots] {time.perf_counter() - env.marks['base1']:4.0f} s: all-bot tables accepted "
                          f"{accepted[0]}, refused {sum(refused.values())}; "
                          f"{watched[0]} watched")
        waiting[0] = await bot_victim.call("censor")
        await env.victim.call("censor")
        env.marks["att1"] = time.perf_counter()
        await _finish(clients)

    waiting = [False]
    try:
        await _phases(env, "bots", attack, args.duration + args.ramp)
    finally:
        await bot_victim.stop()
        for s in watchers:
            _abort(s)
    m = env.marks
    replies, waits = bot_victim.bot_replies, bot_victim.turn_waits
    rb, rd = replies.between(m["base0"], m["base1"]), replies.between(m["att0"], m["att1"])
    wb, wd = waits.between(m["base0"], m["base1"]), waits.between(m["att0"], m["att1"])
    med = _pct(wd, 0.5)
    return [
        Row("all-bot ismcts:hard tables: accepted / refused", "", f"{accepted[0]} / {sum(refused.values())}"
            + (f" {refused}" if refused else "")),
        Row("  spectators watching them", "", f"{watched[0]}" + (f" ({failed_watch[0]} refused)" if failed_watch[0]
                                                                 else "")),
        Row("heuristic bots' reply (the person's wait for their turn): median", _pct(wb, 0.5), med,
            f"< {AIM_BOT_MEDIAN_MS:.0f} ms", med is not None and med < AIM_BOT_MEDIAN_MS, "ms"),
        Row("  p95", _pct(wb, 0.95), _pct(wd, 0.95), unit="ms"),
        Row("  replies (longest, ms)", f"{len(wb)} ({max(wb, default=0):.0f})",
            f"{len(wd)} ({max(wd, default=0):.0f})" + (", the last still awaited" if waiting[0] else "")),
        Row("  each bot move, from the change before it: median / p95", f"{_show(_pct(rb, 0.5), 'ms')} / "
            f"{_show(_pct(rb, 0.95), 'ms')}", f"{_show(_pct(rd, 0.5), 'ms')} / {_show(_pct(rd, 0.95), 'ms')}"),
    ]


async def attack_memory(env: Env) -> list[Row]:
    args = env.args
    # the finished table: 15 random bots, watched (so that it plays) to its end
    async with _http(env.base, VICTIM, timeout=60) as http:
        r = await http.post("/api/tables", json={"game": MEMORY_GAME, "players": MEMORY_SEATS,
                                                 "seats": [{"bot": "random"}] * MEMORY_SEATS})
        r.raise_for_status()
        table_id = r.json()["table"]["id"]
    url = f"{env.base.replace('http', 'ws')}/ws/{table_id}"
    watcher = await _socket(url, VICTIM)
    watcher.send(orjson.dumps({"type": "hello", "spectator": True}))
    t0 = time.perf_counter()

    async def over() -> bool:
        while (raw := await watcher.inbox.get()) is not None:
            if orjson.loads(raw).get("over"):
                return True
        return False
    try:
        finished = await asyncio.wait_for(over(), 120)
    except TimeoutError:
        finished = False
    watcher.close()
    console.print(f"  [memory] the {MEMORY_SEATS}-seat {MEMORY_GAME} table "
                  f"{'finished' if finished else 'had not finished'} after {time.perf_counter() - t0:.1f} s")
    peak, opened, closed, failed = [0.0], [0], [0], {}
    stopped = [False]

    async def client(addr: str, n: int, stop_at: float) -> None:
        langs = ["zh-Hant", "en", "zh-Hans"]
        while time.perf_counter() < stop_at and not stopped[0]:
            try:
                sock = await _socket(url, addr, rcvbuf=4096)
            except Exception as e:
                failed[type(e).__name__] = failed.get(type(e).__name__, 0) + 1
                await asyncio.sleep(1.0)
                continue
            opened[0] += 1
            assert sock.transport is not None
            sock.transport.pause_reading()  # never read again: what the server sends piles up
            sock.send(orjson.dumps({"type": "hello", "spectator": True}))
            i = n
            while time.perf_counter() < stop_at and not stopped[0] and not sock.transport.is_closing():
                await asyncio.sleep(1.0 / args.lang_rate)
                i += 1
                sock.send(orjson.dumps({"type": "lang", "lang": langs[i % 3]}))
            if sock.transport.is_closing() and time.perf_counter() < stop_at:
                closed[0] += 1  # the server closed it (or it broke): open another, as an attacker would
            _abort(sock)

    async def attack(length: float) -> None:
        env.marks["att0"] = time.perf_counter()
        stop_at = env.marks["att0"] + length
        clients = [asyncio.ensure_future(client(a, n, stop_at)) for n, a in enumerate(ATTACKERS)]
        last = 0.0
        while time.perf_counter() < stop_at:
            await asyncio.sleep(0.25)
            rss = _rss_mb(env.pid)
            peak[0] = max(peak[0], rss)
            if rss - env.marks["rss_base"] > args.rss_cap:
                stopped[0] = True
                console.print(f"  [memory] the server grew past --rss-cap ({args.rss_cap:.0f} MB): attack stopped")
                break
            if time.perf_counter() - last >= 5:
                last = time.perf_counter()
                console.print(f"  [memory] {last - env.marks['att0']:4.0f} s: server {rss:.0f} MB, connections "
                              f"opened {opened[0]}, closed by the server {closed[0]}")
        await env.victim.call("censor")
        env.marks["att1"] = time.perf_counter()
        stopped[0] = True
        await _finish(clients)
        env.marks["rss_after"] = _rss_mb(env.pid)

    await _phases(env, "memory", attack)
    growth = peak[0] - env.marks["rss_base"]
    return [
        Row("server memory (VmRSS), MB: before / peak", env.marks["rss_base"], peak[0], unit="MB"),
        Row("  growth during the attack", "", growth, f"< {AIM_RSS_MB:.0f} MB",
            growth < AIM_RSS_MB, "MB"),
        Row("  non-reading connections opened / closed by the server", "",
            f"{opened[0]} / {closed[0]}" + (f", refused {failed}" if failed else "")),
    ]


async def attack_waves(env: Env) -> list[Row]:
    args = env.args
    done, refused = [0], {}
    started = [0]

    async def spectator(addr: str, table: str) -> None:
        try:
            sock = await _socket(f"{env.base.replace('http', 'ws')}/ws/{table}", addr)
        except Exception as e:
            refused[type(e).__name__] = refused.get(type(e).__name__, 0) + 1
            return
        try:
            sock.send(orjson.dumps({"type": "hello", "spectator": True}))
            await _first(sock)
            done[0] += 1
        except Exception as e:
            key = str(e) if isinstance(e, RuntimeError) else type(e).__name__
            refused[key] = refused.get(key, 0) + 1
        finally:
            sock.close()

    async def attack(length: float) -> None:
        env.marks["att0"] = time.perf_counter()
        stop_at = env.marks["att0"] + length
        tasks: set[asyncio.Task[None]] = set()
        tick = len(ATTACKERS) / args.wave_rate  # one spectator from every address each tick
        table, asked = await env.victim.call("table"), time.perf_counter()
        nxt, last = time.perf_counter(), time.perf_counter()
        while time.perf_counter() < stop_at:
            if time.perf_counter() >= asked + 1:  # the victim's table (a new one when a game ends)
                table, asked = await env.victim.call("table"), time.perf_counter()
            for a in ATTACKERS:
                if table is not None:
                    t = asyncio.ensure_future(spectator(a, table))
                    tasks.add(t)
                    t.add_done_callback(tasks.discard)
                    started[0] += 1
            nxt += tick
            await asyncio.sleep(max(0.0, nxt - time.perf_counter()))
            if time.perf_counter() - last >= 5:
                last = time.perf_counter()
                console.print(f"  [waves] {last - env.marks['att0']:4.0f} s: spectators started {started[0]}, "
                              f"served {done[0]}, refused {sum(refused.values())}, open now {len(tasks)}")
        await env.victim.call("censor")
        env.marks["att1"] = time.perf_counter()
        if tasks:
            await asyncio.wait(tasks, timeout=TIMEOUT + 2)

    await _phases(env, "waves", attack)
    length = env.marks["att1"] - env.marks["att0"]
    return [
        Row("spectators a second: started / served", "", f"{started[0] / length:.0f} / {done[0] / length:.0f}"),
        Row("  spectators refused or unanswered", "", f"{sum(refused.values())}" + (f" {refused}" if refused else "")),
    ]


async def attack_handles(env: Env) -> list[Row]:
    args = env.args
    socks: list[load.Socket] = []
    refused_at: dict[str, int] = {}
    reasons: dict[str, int] = {}
    first_refusal: list[int] = []

    async def idle(addr: str, table: str) -> bool:
        try:
            sock = await _socket(f"{env.base.replace('http', 'ws')}/ws/{table}", addr, timeout=5.0)
        except Exception as e:
            key = str(e)[:40] if isinstance(e, RuntimeError) else type(e).__name__
            reasons[key] = reasons.get(key, 0) + 1
            return False
        try:
            sock.send(orjson.dumps({"type": "hello", "spectator": True}))
            await _first(sock, timeout=5.0)
        except Exception as e:
            key = str(e)[:40] if isinstance(e, RuntimeError) else type(e).__name__
            reasons[key] = reasons.get(key, 0) + 1
            _abort(sock)
            return False
        _drop(sock)
        socks.append(sock)
        return True

    checks: dict[str, str] = {}

    async def attack(length: float) -> None:
        await env.victim.call("pause", True)  # the victim rests, connected, while the spectators gather
        env.marks["att0"] = time.perf_counter()
        stop_at = env.marks["att0"] + length
        table = await env.victim.call("table")
        assert table is not None
        live = list(ATTACKERS)
        last = time.perf_counter()
        while live and len(socks) < args.max_idle and time.perf_counter() < stop_at:
            batch = live[:]
            results = await asyncio.gather(*(idle(a, table) for a in batch))
            for a, ok in zip(batch, results, strict=True):
                if not ok:
                    if not first_refusal:
                        first_refusal.append(len(socks))
                    refused_at[a] = len(socks)
                    live.remove(a)
            if time.perf_counter() - last >= 5:
                last = time.perf_counter()
                console.print(f"  [handles] {last - env.marks['att0']:4.0f} s: idle spectators open {len(socks)}, "
                              f"addresses refused {len(refused_at)} of {len(ATTACKERS)}")
        console.print(f"  [handles] open {len(socks)}; addresses refused {len(refused_at)}: {reasons}")
        # with every spectator still open: does the server still serve others?
        try:
            async with _http(env.base, VICTIM, timeout=5.0) as http:
                r = await http.get("/api/games")
            checks["lobby"] = "ok" if r.status_code == 200 else f"HTTP {r.status_code}"
        except Exception as e:
            checks["lobby"] = f"failed ({type(e).__name__})"
        moved = await env.victim.call("probe", 3.0)  # the victim plays for 3 s on its open connection
        checks["move"] = (f"ok ({len(moved)} moves, slowest {max(moved):.0f} ms)" if moved and max(moved) < 1e4
                          else "none answered in 3 s" if not moved else "unanswered")
        seat = await env.victim.call("seat")
        if seat is not None:
            fresh = Player(seat[0], seat[1], random.Random(1))
            try:
                await fresh.connect(VICTIM)
                if await fresh.wait_turn(5.0):
                    lat = await fresh.move(5.0)
                    checks["new"] = f"ok ({lat:.0f} ms)" if lat < 5000 else "unanswered"
                else:
                    checks["new"] = "no state in 5 s"
            except Exception as e:
                checks["new"] = f"failed ({str(e)[:30] or type(e).__name__})"
            finally:
                fresh.close()
        await env.victim.call("pause", False)
        await env.victim.call("censor")
        env.marks["att1"] = time.perf_counter()

    try:
        await _phases(env, "handles", attack, args.handles_time)
    finally:
        for s in socks:
            _abort(s)
    return [
        Row("idle spectators open at the first refusal / at the end", "",
            f"{first_refusal[0] if first_refusal else '-'} / {len(socks)}"
            + ("" if first_refusal else " (never refused)")),
        Row("  refusals met", "", ", ".join(f"{k} {v}" for k, v in reasons.items()) or "none"),
        Row("  then: a new lobby request", "", checks.get("lobby", "-")),
        Row("  then: a move on the victim's open connection", "", checks.get("move", "-")),
        Row("  then: the victim's new connection and move", "", checks.get("new", "-")),
    ]


async def attack_flood(env: Env) -> list[Row]:
    codes: dict[str, int] = {}
    body = {"game": VICTIM_GAME, "players": 1, "seats": [{"bot": None}]}
    rows0 = [0]

    async def client(addr: str, stop_at: float) -> None:
        async with _http(env.base, addr) as http:
            async def one() -> None:
                while time.perf_counter() < stop_at:
                    try:
                        code = str((await http.post("/api/tables", json=body)).status_code)
                    except httpx.HTTPError as e:
                        code = type(e).__name__
                    codes[code] = codes.get(code, 0) + 1
            await asyncio.gather(one(), one())

    async def attack(length: float) -> None:
        rows0[0] = _count_tables(env.db_url) or 0
        env.marks["att0"] = time.perf_counter()
        stop_at = env.marks["att0"] + length
        clients = [asyncio.ensure_future(client(a, stop_at)) for a in ATTACKERS]
        while time.perf_counter() < stop_at:
            await asyncio.sleep(min(5.0, max(0.0, stop_at - time.perf_counter())))
            console.print(f"  [flood] {time.perf_counter() - env.marks['att0']:4.0f} s: {codes}")
        await env.victim.call("censor")
        env.marks["att1"] = time.perf_counter()
        await _finish(clients)

    await _phases(env, "flood", attack)
    length = env.marks["att1"] - env.marks["att0"]
    ok = codes.get("200", 0)
    stored = _count_tables(env.db_url)
    return [
        Row("creates a second: accepted / refused", "",
            f"{ok / length:.0f} / {(sum(codes.values()) - ok) / length:.0f}"),
        Row("  answers", "", ", ".join(f"{k}: {v}" for k, v in sorted(codes.items()))),
        Row("  tables stored after the flood (of them the attack's)", str(rows0[0]),
            "-" if stored is None else f"{stored} ({stored - rows0[0]})"),
    ]


ATTACKS: dict[str, tuple[str, Callable[[Env], Awaitable[list[Row]]]]] = {
    "1": ("bot stall", attack_bots),
    "2": ("memory", attack_memory),
    "3": ("spectator waves", attack_waves),
    "4": ("file handles", attack_handles),
    "5": ("table flood", attack_flood),
}


# -- running -----------------------------------------------------------------------------------------------------


def _dump_tasks() -> None:
    """SIGUSR1: where every task of the load generator waits (to find what a run that does not end waits for)."""
    for t in asyncio.all_tasks():
        t.print_stack(limit=6, file=sys.stderr)


async def _drive(server: load.Server, args: argparse.Namespace, key: str, db_url: str) -> list[Row]:
    with contextlib.suppress(NotImplementedError, RuntimeError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, _dump_tasks)
    victim = RemoteVictim(server.base, VICTIM_GAME, [None], args.victim_rate, args.seed)
    env = Env(server, args, victim, db_url)
    cpu0, own0 = load._cpu_seconds(env.pid), load._own_cpu()
    t0 = time.perf_counter()
    try:
        rows = await ATTACKS[key][1](env)
    finally:
        await victim.stop()
    if key != "4":  # the file-handle attack checks the victim's moves itself
        rows += _victim_rows(env, VICTIM_AIMS.get(key))
    cpu, own = load._cpu_seconds(env.pid) - cpu0, load._own_cpu() - own0
    rows.append(Row("CPU s: server (main process) / attackers", "",
                    f"{cpu:.0f} / {own:.0f} of {time.perf_counter() - t0:.0f} s"))
    rows.append(Row("server alive at the end", "", "yes" if env.alive() else "NO", ok=env.alive()))
    if victim.errors:
        rows.append(Row("  victim's refusals", "", ", ".join(f"{k} {v}" for k, v in victim.errors.items())))
    return rows


VICTIM_AIMS = {"1": AIM_STALL_P99_MS, "3": AIM_WAVE_P99_MS}  # the aims for another client's p99


def run_attack(key: str, args: argparse.Namespace, workdir: Path, cluster: Any) -> list[Row]:
    name = ATTACKS[key][0]
    options = [opt for item in args.limit for opt in (f"--{item.split('=', 1)[0]}", item.split("=", 1)[1])]
    with _database(args.db, f"a{key}", workdir, cluster) as db_url:
        # the descriptor limits only for the file-handle attack: elsewhere running out of them would hide what
        # the attack measures
        server = load.Server(db_url, workdir / f"server-{key}.log", src=args.src, options=options,
                             nofile=args.nofile if key == "4" else None)
        try:
            server.wait_ready()
            console.print(f"[bold]{key}. {name}[/bold] (server pid {server.proc.pid}, port {server.port})")
            return list(_run(_drive(server, args, key, db_url)))
        except Exception as e:  # one attack that breaks the benchmark's own client still leaves the others
            console.print(f"  [{name}] the benchmark failed: {type(e).__name__}: {e}; see {server.log.name}")
            return [Row("the benchmark failed", "", f"{type(e).__name__}: {str(e)[:80]}", ok=False)]
        finally:
            server.stop()


def _show(value: float | str | None, unit: str) -> str:
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    return f"{value:,.1f} {unit}".strip() if value < 100 else f"{value:,.0f} {unit}".strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", type=Path, help="run the server from these sources (PYTHONPATH), e.g. another "
                        "checkout's src (default: this checkout's)")
    parser.add_argument("--db", default="sqlite", help="sqlite (a new file per attack), postgres (a throwaway "
                        "cluster, a new database per attack) or a postgresql:// URL (one database for all)")
    parser.add_argument("--attacks", default="1,2,3,4,5", help="which attacks, comma-separated (default all)")
    parser.add_argument("--quick", action="store_true", help="shorter phases (4 s baseline, 8 s attacks)")
    parser.add_argument("--baseline", type=float, help="seconds of the victims alone before each attack (8)")
    parser.add_argument("--duration", type=float, help="seconds of each attack (20)")
    parser.add_argument("--ramp", type=float, default=None, help="bot stall: seconds of attack before measuring (5)")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="passed to hustings serve as --NAME VALUE (repeatable)")
    parser.add_argument("--nofile", default="512:4096", help="the server's descriptor limits, SOFT:HARD (default "
                        "512:4096; a server may raise its soft limit to the hard one)")
    parser.add_argument("--victim-rate", type=float, default=20.0, help="the victim's moves a second (20)")
    parser.add_argument("--lang-rate", type=float, default=40.0,
                        help="memory: lang messages a second per connection (40; the server allows 50)")
    parser.add_argument("--rss-cap", type=float, default=2500.0,
                        help="memory: stop the attack once the server grew by this many MB (2500)")
    parser.add_argument("--wave-rate", type=float, default=400.0, help="spectator waves: spectators a second")
    parser.add_argument("--max-idle", type=int, default=5000, help="file handles: idle spectators at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    args.baseline = args.baseline or (4.0 if args.quick else 8.0)
    args.duration = args.duration or (8.0 if args.quick else 20.0)
    args.ramp = args.ramp if args.ramp is not None else (3.0 if args.quick else 5.0)
    args.handles_time = 30.0 if args.quick else 60.0
    try:
        soft, _, hard = args.nofile.partition(":")
        args.nofile = (int(soft), int(hard or soft))
    except ValueError:
        parser.error(f"--nofile {args.nofile!r}: SOFT:HARD, e.g. 1024:4096")
    keys = [k.strip() for k in args.attacks.split(",") if k.strip()]
    for k in keys:
        if k not in ATTACKS:
            parser.error(f"unknown attack {k!r}: 1 to 5")
    for item in args.limit:
        if "=" not in item:
            parser.error(f"--limit {item!r}: NAME=VALUE")
    # the attackers' sockets: room for thousands
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    reference = load._reference_ms()
    started = time.perf_counter()
    results: dict[str, list[Row]] = {}
    src = args.src or load.ROOT / "src"
    console.print(f"server from {src}, database {args.db}, descriptor limits (file handles) {args.nofile[0]}:"
                  f"{args.nofile[1]}, limits {args.limit or 'default'}; {args.baseline:.0f} s baseline, "
                  f"{args.duration:.0f} s attacks")

    def write_json() -> None:  # after every attack, so that figures survive a run cut short
        if args.json:
            args.json.write_text(json.dumps({
                "src": str(src), "db": args.db, "nofile": args.nofile, "limits": args.limit,
                "baseline_s": args.baseline, "duration_s": args.duration, "reference_ms": reference,
                "load_average": os.getloadavg()[0], "cpus": os.cpu_count(),
                "attacks": {f"{k}. {ATTACKS[k][0]}": [row.__dict__ for row in rows] for k, rows in results.items()},
            }, indent=2, default=str))

    with tempfile.TemporaryDirectory(prefix="hustings-attacks-") as tmp:
        workdir = Path(tmp)
        cluster_cm: Any = (load._pg_fixture().PgCluster(durable=True) if args.db == "postgres"
                           else contextlib.nullcontext())
        with cluster_cm as cluster:
            for k in keys:
                results[k] = run_attack(k, args, workdir, cluster)
                console.print(_figures({k: results[k]}, f"{k}. {ATTACKS[k][0]}"))
                write_json()

    out = Console(width=None if sys.stdout.isatty() else 150)
    out.print(_figures(results, f"hustings serve under attack: 20 attacking clients (server from {src})"))
    out.print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end; reference loop "
              f"{reference:.0f} ms before the run (lower is faster); the whole run took "
              f"{time.perf_counter() - started:.0f} s")
    if args.json:
        out.print(f"figures: {args.json}")


def _figures(results: dict[str, list[Row]], title: str) -> Table:
    table = Table(title=title)
    for col, just in (("attack", "left"), ("figure", "left"), ("before", "right"), ("during", "right"),
                      ("aim", "left"), ("", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for k, rows in results.items():
        for i, row in enumerate(rows):
            verdict = "" if row.ok is None else "[green]pass[/green]" if row.ok else "[red]FAIL[/red]"
            table.add_row(f"{k}. {ATTACKS[k][0]}" if i == 0 else "", row.figure, _show(row.before, row.unit),
                          _show(row.during, row.unit), row.aim, verdict, end_section=i == len(rows) - 1)
    return table

if __name__ == "__main__":
    main()
