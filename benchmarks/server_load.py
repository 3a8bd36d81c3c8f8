"""Server load: N concurrent games over websockets on loopback against a real `hustings serve` subprocess, on SQLite
and on PostgreSQL; moves/s and latency (act sent -> ack received, i.e. applied AND durable) p50/p95/p99.

    .venv/bin/python benchmarks/server_load.py                                 # both databases, 20 s each
    .venv/bin/python benchmarks/server_load.py --db sqlite --games 200 --duration 30
    .venv/bin/python benchmarks/server_load.py --game die-macher-2019 --players 4 --games 20
    .venv/bin/python benchmarks/server_load.py --db postgres --pg-url postgresql://user@host/db

Every seat is a scripted client: on each "state"/"update" that gives it legal actions it sends a random one of
them with the step it saw, and waits for the ack. A game that ends is replaced by a new one, so N games are always
in play. Clients keep to the server's per-connection message rate (hustings.server.app.RATE), like a well-behaved
client; the figures therefore need N * players * RATE > the moves/s being measured.

The PostgreSQL run starts a throwaway cluster with fsync on (tests/server/pg_fixture.py, durable=True) unless
--pg-url names one. Both databases commit every move durably before its ack (SQLite: WAL + synchronous=FULL).
The client runs in this process and shares the machine with the server: its CPU time is reported beside the
server's, so a figure limited by the client shows as such.

Anchor (the issue): boardgame.io's server moves about 1,100 moves/s end to end on this machine, in memory.
Aim: 3,000 durable moves/s on SQLite with p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import httpx
import orjson
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

ROOT = Path(__file__).resolve().parent.parent
ANCHOR_MOVES_S = 1_100
AIM_MOVES_S, AIM_P99_MS = 3_000, 50.0
CLIENT_RATE = 19.0  # per connection, under the server's RATE (50/s by default) so that no act is refused
#: moves a seat may send back to back after a wait. At 19 (the default) a new game's seat starts with 19 moves
#: at the server's full speed, so each wave of new games sends a burst above the sustained rate (up to 3,500
#: moves/s for 3,040 sustained at 160 games); --client-burst 1 gives a smooth load instead.
CLIENT_BURST = 19.0
POOL = 8  # the load generator's HTTP connections to the lobby


def _pg_fixture() -> ModuleType:
    """The suite's throwaway PostgreSQL (tests/server/pg_fixture.py), loaded by path."""
    spec = importlib.util.spec_from_file_location("hustings_pg_fixture", ROOT / "tests" / "server" / "pg_fixture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc), 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _cpu_split(pid: int) -> dict[str, tuple[float, float]]:
    """User and system CPU seconds of each thread of a process (Linux /proc/PID/task), by thread name with the
    thread id when names repeat ("main" is the event loop's thread); empty elsewhere."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, tuple[float, float]] = {}
    try:
        tasks = sorted(Path(f"/proc/{pid}/task").iterdir(), key=lambda t: int(t.name))
    except OSError:
        return out
    for task in tasks:
        try:
            head, tail = (task / "stat").read_text().rsplit(")", 1)
            fields = tail.split()
        except (OSError, ValueError):
            continue
        name = "main" if task.name == str(pid) else head.split("(", 1)[1]
        # worker threads of a pool share a name: keep each apart, and sum them in the report
        out[f"{name}#{task.name}"] = (int(fields[11]) / tick, int(fields[12]) / tick)
    return out


def _split_report(before: dict[str, tuple[float, float]], after: dict[str, tuple[float, float]],
                  moves: int) -> dict[str, dict[str, float]]:
    """User and system ms a move by thread kind over a run (threads born during the run count from zero)."""
    per: dict[str, list[float]] = {}
    for key, (user, system) in after.items():
        u0, s0 = before.get(key, (0.0, 0.0))
        kind = key.split("#", 1)[0]
        kind = "main" if kind == "main" else kind.rstrip("0123456789_-") or kind
        acc = per.setdefault(kind, [0.0, 0.0])
        acc[0] += user - u0
        acc[1] += system - s0
    return {kind: {"user_ms": 1000 * u / max(1, moves), "system_ms": 1000 * s / max(1, moves)}
            for kind, (u, s) in sorted(per.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))}


def _written_bytes(pid: int) -> int:
    """Bytes a process has caused to be written to storage (Linux /proc/PID/io), 0 elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/io").read_text().splitlines():
            if line.startswith("write_bytes:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


#: every table and seat of the load comes from this one client (127.0.0.1): the per-client limits on creating
#: tables and on connections (issue 23) are lifted, or they would refuse most of it
ONE_CLIENT = ("--creates-per-minute", "1000000", "--create-burst", "1000000", "--max-connections-per-client", "100000")


class Server:
    """`hustings serve --db URL` in a subprocess on a free loopback port. ``src``: the sources to run (another
    checkout's ``src``, to measure older code; default this one's); ``options``: more options of `hustings serve`;
    ``nofile``: the server's descriptor limits (soft, hard; default the inherited ones)."""

    def __init__(self, db_url: str, log_path: Path, profile: Path | None = None, *, src: Path | None = None,
                 options: Sequence[str] = (), nofile: tuple[int, int] | None = None,
                 cpu_stacks: Path | None = None) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log_path.open("w")
        sources = str(src or ROOT / "src")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([sources, os.environ.get("PYTHONPATH", "")])}
        launcher = log_path.with_suffix(".launch.py")
        if cpu_stacks is not None:  # --cpu-stacks: a CPU-time sampler of the event loop's thread (cpu_stacks.py)
            env["HUSTINGS_CPU_STACKS"] = str(cpu_stacks)
            launcher.write_text(f"import sys\nsys.path.insert(0, {str(ROOT / 'benchmarks')!r})\nimport cpu_stacks\n"
                                "cpu_stacks.install()\nfrom hustings.cli import main\nmain()\n")
        elif profile is None:
            launcher.write_text("from hustings.cli import main\nmain()\n")
        else:
            # --profile: the event loop's thread under cProfile (the store's calls run in worker threads, not
            # counted), timed by that thread's CPU time: on a loaded machine wall time charges a function for the
            # moments the thread waited for a core (a socket write that woke the client, say)
            launcher.write_text(
                "import cProfile, signal, time\nfrom hustings.cli import main\n"
                "p = cProfile.Profile(time.thread_time)\np.enable()\n"
                f"try:\n    main()\nfinally:\n    p.disable()\n    p.dump_stats({str(profile)!r})\n")
        prefix: list[str] = []
        self.proc = subprocess.Popen(
            [sys.executable, *prefix, str(launcher), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", db_url, *options],
            stdout=self.log, stderr=subprocess.STDOUT, env=env,
            preexec_fn=None if nofile is None else lambda: resource.setrlimit(resource.RLIMIT_NOFILE, nofile),
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}); see {self.log.name}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within {timeout:.0f} s; see {self.log.name}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


@dataclass
class Run:
    """Shared by every client of one run: the start signal, the end time and what the clients saw (`acks` holds
    (time the ack arrived, latency in seconds))."""

    go: asyncio.Event = field(default_factory=asyncio.Event)
    stop_at: float = float("inf")
    connected: int = 0
    acks: list[tuple[float, float]] = field(default_factory=list)
    games_done: int = 0
    ended: list[float] = field(default_factory=list)  # when each game ended (perf_counter)
    errors: dict[str, int] = field(default_factory=dict)
    lost: int = 0  # acts never acknowledged when their connection ended
    client_rate: float = CLIENT_RATE
    client_burst: float = CLIENT_BURST
    legal_form: str = "compact"  # as the browser table asks for its legal lists

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1

    def over(self) -> bool:
        return time.perf_counter() >= self.stop_at


class Pace:
    """Client-side token bucket: keeps one connection under the server's message rate."""

    def __init__(self, rate: float = CLIENT_RATE, burst: float = CLIENT_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    async def take(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
            self.at = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


class Socket(asyncio.Protocol):
    """A lean websocket client: websockets' sans-I/O protocol over a plain asyncio transport. Text messages go to
    ``inbox`` as bytes (None once the connection is gone); ``send`` writes at once. websockets' asyncio client
    (locks, a drain and a message assembler for every frame) took about a third of the load generator's CPU, CPU
    that the server on the same two cores then lacked."""

    def __init__(self, url: str) -> None:
        self.ws = ClientProtocol(parse_uri(url), max_size=None)
        self.inbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.open: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not subclass asyncio's
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if event.status_code != 101 and not self.open.done():
                    self.open.set_exception(RuntimeError(f"websocket refused: HTTP {event.status_code}"))
                elif not self.open.done():
                    self.open.set_result(None)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self.inbox.put_nowait(bytes(event.data))
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.open.done():
            self.open.set_exception(exc or ConnectionError("closed before the handshake"))
        self.inbox.put_nowait(None)

    def _flush(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():
                self.transport.write_eof()
        if self.ws.close_expected() and self.ws.state is not State.OPEN:
            self.transport.close()

    def send(self, text: bytes) -> None:
        if self.ws.state is State.OPEN:
            self.ws.send_text(text)
            self._flush()

    def close(self) -> None:
        if self.ws.state is State.OPEN:
            self.ws.send_close(1000)
            self._flush()
        if self.transport is not None:
            self.transport.close()


async def _seat(ws_url: str, token: str, rng: random.Random, run: Run, delay: float = 0.0) -> None:
    """One scripted seat: plays random legal moves until its game is over or the run ends. Like a person at the
    page, it has one act in flight at a time: it acts again once that act is acknowledged or refused, on the
    latest legal actions it was sent (an update leaves them out when they have not changed)."""
    pace = Pace(run.client_rate, run.client_burst)
    sent: dict[int, float] = {}
    acted_at = step = -1
    legal: list[dict[str, Any]] = []
    uri = parse_uri(ws_url)
    _, sock = await asyncio.get_running_loop().create_connection(lambda: Socket(ws_url), uri.host, uri.port)
    try:
        await asyncio.wait_for(sock.open, 60)
        sock.send(orjson.dumps({"type": "hello", "token": token, "legal_form": run.legal_form}))
        first = True
        while (raw := await sock.inbox.get()) is not None:
            msg = orjson.loads(raw)
            kind = msg.get("type")
            if "ack" in msg:  # the update that answers our act: the move is durable
                t0 = sent.pop(int(msg.get("sent", msg["ack"] - 1)), None)  # "sent": taken at a later step
                if t0 is not None:
                    now = time.perf_counter()
                    run.acks.append((now, now - t0))
            if kind in ("state", "update"):
                if first:
                    first = False
                    run.connected += 1
                    await run.go.wait()  # every game is set up and connected before anyone moves
                    if delay:
                        await asyncio.sleep(delay)
                if msg.get("over"):
                    break
                if "legal" in msg:
                    legal = msg["legal"]
                step = int(msg["step"])
            elif kind == "error":
                # stale_step / not_your_turn: the update that follows has a later step, and we act on that
                run.error(str(msg.get("code")))
                if "sent" in msg:
                    sent.pop(int(msg["sent"]), None)
                else:
                    sent.clear()  # the act in flight was refused: nothing is in flight now
            # act on the latest state only: messages already here come first (a page draws the newest one)
            if legal and step > acted_at and not sent and not run.over() and sock.inbox.empty():
                await pace.take()
                if not sock.inbox.empty():  # news arrived while we kept to the pace: read it first
                    pace.tokens += 1
                    continue
                choice = rng.choice(legal)
                acted_at = step
                sent[step] = time.perf_counter()
                sock.send(orjson.dumps({"type": "act", "step": step, "action": choice["id"]}))
            if run.over() and not sent:
                return
        run.lost += len(sent)
    finally:
        sock.close()


class Lobby:
    """The lobby's HTTP calls, at most POOL at once. httpx's pool looks through every waiting request each time a
    connection comes free: with hundreds queued (a wave of games ending together) that cost the load generator
    more CPU than the moves themselves, CPU the server then lacked."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http
        self.gate = asyncio.Semaphore(POOL)

    async def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        async with self.gate:
            return await self.http.post(path, json=body)


async def _new_table(http: Lobby, game: str, players: int, run: Run, start: bool = True,
                     options: dict[str, Any] | None = None) -> tuple[str, list[str]] | None:
    """A table whose every seat is a person (the scripted clients), joined and ready, and started unless
    ``start`` is False: its id and the seats' tokens."""
    body: dict[str, Any] = {"game": game, "players": players, "seats": [{"bot": None} for _ in range(players)]}
    if options:
        body["options"] = options
    r = await http.post("/api/tables", body)
    if r.status_code != 200:
        run.error(f"create {r.status_code}")
        return None
    body = r.json()
    table_id = body["table"]["id"]
    # each seat claimed through its invite (name and ready in the same request), as its person's page would
    tokens = []
    for n, s in enumerate(body["seats"]):
        c = await http.post(f"/api/tables/{table_id}/claim", {"invite": s["code"], "name": f"bench{n}", "ready": True})
        if c.status_code != 200:
            run.error(f"claim {c.status_code}")
            return None
        tokens.append(c.json()["token"])
    if start and not await _start(http, table_id, tokens, run):
        return None
    return table_id, tokens


async def _start(http: Lobby, table_id: str, tokens: list[str], run: Run) -> bool:
    r = await http.post(f"/api/tables/{table_id}/start", {"token": tokens[0]})
    if r.status_code != 200:
        run.error(f"start {r.status_code}")
        return False
    return True


async def _game_slot(http: Lobby, ws_base: str, first: tuple[str, list[str]] | None, args: Any,
                     seed: int, run: Run) -> None:
    """One of the N concurrent games: play the table set up for it, then new ones until the run ends."""
    rng = random.Random(seed)
    table = first
    # the first game's moves start at a random moment of the warm-up, so that games end (and are replaced) at
    # different times, as at a real server, not all in one burst
    delay = rng.uniform(0, args.warmup)
    while not run.over():
        # the next table is set up (created, joined, ready) while this one plays; only its start waits
        nxt = asyncio.ensure_future(_new_table(http, args.game, args.players, run, start=False, options=args.options))
        if table is not None:
            table_id, tokens = table
            url = f"{ws_base}/ws/{table_id}"
            await asyncio.gather(*(_seat(url, token, random.Random(rng.random()), run, delay) for token in tokens))
            delay = 0.0
            if not run.over():
                run.games_done += 1
                run.ended.append(time.perf_counter())
        table = await nxt
        if run.over():
            return
        if table is None or not await _start(http, table[0], table[1], run):
            table = None
            await asyncio.sleep(0.5)


def _reference_ms() -> float:
    """A fixed pure-Python loop, best of five, in ms: how fast this machine runs Python just now. Machines (and
    one machine from hour to hour: 2-core VMs vary by a third) differ, and the server's capacity with them."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        total = 0
        for i in range(2_000_000):
            total += i
        best = min(best, time.perf_counter() - t0)
    return 1000 * best


def _start_py_spy(base: Path | None, label: str, pid: int, warmup: float,
                  duration: float) -> _Delayed | None:
    """--py-spy: sample the server process (every thread, native frames left out) over the measured window, into
    BASE-<db>.txt as collapsed stacks (flamegraph.pl, speedscope or `python benchmarks/stacks.py` read them).
    The sampler runs beside the server on the same cores: its own CPU is not the server's, but it competes."""
    if base is None:
        return None
    beside = Path(sys.executable).parent / "py-spy"  # pip install py-spy (into the venv: not on PATH, say)
    spy = str(beside) if beside.exists() else shutil.which("py-spy")
    if spy is None:
        sys.exit("--py-spy needs py-spy: pip install py-spy")
    out = base.with_name(f"{base.stem}-{label}.txt")

    def later() -> subprocess.Popen[bytes]:
        return subprocess.Popen([spy, "record", "--pid", str(pid), "--format", "raw", "--output", str(out),
                                 "--rate", "250", "--duration", str(round(duration)), "--nonblocking"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    return _Delayed(later, warmup)


def _start_strace(base: Path | None, label: str, pid: int, warmup: float,
                  duration: float) -> _Delayed | None:
    """--strace: count the server's system calls (every thread) over the measured window with `strace -c -f`, into
    BASE-<db>.txt. ptrace stops the server at every call, so a traced run's speed says nothing: read its counts a
    move only."""
    if base is None:
        return None
    tool = shutil.which("strace")
    if tool is None:
        sys.exit("--strace needs strace (apt-get install strace)")
    out = base.with_name(f"{base.stem}-{label}.txt")

    def later() -> subprocess.Popen[bytes]:
        return subprocess.Popen(["timeout", "-s", "INT", str(round(duration)), tool, "-c", "-f", "-p", str(pid),
                                 "-o", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    return _Delayed(later, warmup)


def _strace_per_move(base: Path, label: str, moves: int) -> dict[str, float]:
    """The calls of `strace -c`'s table a move, the most frequent first (and "total")."""
    out = base.with_name(f"{base.stem}-{label}.txt")
    counts: dict[str, float] = {}
    with contextlib.suppress(OSError):
        for line in out.read_text().splitlines():
            parts = line.split()
            # % time, seconds, usecs/call, calls, [errors], syscall
            if len(parts) >= 5 and parts[0].replace(".", "", 1).isdigit() and parts[3].isdigit():
                counts[parts[-1]] = int(parts[3]) / max(1, moves)
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


class _Delayed:
    """A subprocess started ``delay`` seconds from now, in a thread (the clients' loop keeps running)."""

    def __init__(self, start: Callable[[], subprocess.Popen[bytes]], delay: float) -> None:
        import threading

        self._proc: subprocess.Popen[bytes] | None = None

        def go() -> None:
            time.sleep(delay)
            self._proc = start()
            self._proc.wait()

        self._thread = threading.Thread(target=go, daemon=True)
        self._thread.start()

    def wait(self) -> None:
        self._thread.join()


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


async def _drive(server: Server, args: argparse.Namespace, label: str, wal: Path | None) -> dict[str, Any]:
    """One run against ``server``; ``wal``: SQLite's WAL file, whose largest size is reported."""
    run = Run(client_rate=args.client_rate, client_burst=args.client_burst, legal_form=args.legal_form)
    # few connections: httpx's pool scans all of them for every request, which made the load generator's table
    # set-up cost as much CPU as the moves themselves at 64
    limits = httpx.Limits(max_connections=POOL, max_keepalive_connections=POOL)
    async with httpx.AsyncClient(base_url=server.base, timeout=120, limits=limits) as client:
        http = Lobby(client)
        # set-up, not measured: every table created, joined, readied and started, every seat connected
        setup = time.perf_counter()
        gate = asyncio.Semaphore(32)

        async def make() -> tuple[str, list[str]] | None:
            async with gate:
                return await _new_table(http, args.game, args.players, run, options=args.options)

        tables = await asyncio.gather(*(make() for _ in range(args.games)))
        ws_base = server.base.replace("http://", "ws://")
        slots = [asyncio.ensure_future(_game_slot(http, ws_base, table, args, args.seed + i, run))
                 for i, table in enumerate(tables)]
        seats = sum(len(t[1]) for t in tables if t is not None)
        deadline = time.perf_counter() + 120
        while run.connected < seats and time.perf_counter() < deadline and not all(s.done() for s in slots):
            await asyncio.sleep(0.05)
        print(f"  [{label}] set up {len(tables)} tables, {run.connected}/{seats} seats connected in "
              f"{time.perf_counter() - setup:.1f} s", file=sys.stderr, flush=True)

        server_cpu0, own_cpu0 = _cpu_seconds(server.proc.pid), _own_cpu()
        split0 = _cpu_split(server.proc.pid)
        written0 = _written_bytes(server.proc.pid)
        start = time.perf_counter()
        run.stop_at = start + args.warmup + args.duration
        run.go.set()
        sampler = _start_py_spy(args.py_spy, label, server.proc.pid, args.warmup, args.duration)
        tracer = _start_strace(args.strace, label, server.proc.pid, args.warmup, args.duration)
        if args.cpu_stacks is not None:  # the sampler in the server (cpu_stacks.py) over the measured seconds
            loop = asyncio.get_running_loop()
            loop.call_later(args.warmup, os.kill, server.proc.pid, signal.SIGUSR1)
            loop.call_later(args.warmup + args.duration, os.kill, server.proc.pid, signal.SIGUSR2)
        seen = 0
        wal_peak = 0
        while not all(s.done() for s in slots):
            await asyncio.sleep(args.progress)
            if wal is not None:
                with contextlib.suppress(OSError):
                    wal_peak = max(wal_peak, wal.stat().st_size)
            now = time.perf_counter()
            recent = len(run.acks) - seen
            seen = len(run.acks)
            lat = sorted(x[1] for x in run.acks[-2000:])
            print(f"  [{label}] {now - start:5.1f} s  {len(run.acks):7d} moves  {recent / args.progress:7.0f} "
                  f"moves/s now  p99(last 2000) {1000 * _percentile(lat, 0.99):6.1f} ms  games done "
                  f"{run.games_done}", file=sys.stderr, flush=True)
            if now > run.stop_at + 60:
                for s in slots:
                    s.cancel()
                break
        results = await asyncio.gather(*slots, return_exceptions=True)
    if sampler is not None:
        await asyncio.to_thread(sampler.wait)
    traced_moves = 0
    if tracer is not None:
        await asyncio.to_thread(tracer.wait)
        # the trace covered [warmup, warmup + duration]: count the acks in that window by their time
        traced_moves = sum(1 for t, _ in run.acks if start + args.warmup <= t <= start + args.warmup + args.duration)
    failures = [r for r in results if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError)]
    server_cpu, own_cpu = _cpu_seconds(server.proc.pid) - server_cpu0, _own_cpu() - own_cpu0
    split = _split_report(split0, _cpu_split(server.proc.pid), len(run.acks))
    written = _written_bytes(server.proc.pid) - written0
    window_start = start + args.warmup
    window = [(t, lat) for t, lat in run.acks if window_start <= t <= run.stop_at]
    lat_ms = sorted(1000 * lat for _, lat in window)
    # latency second by second: whether the tail is spread evenly or comes with moments (waves of new tables)
    by_s: dict[int, list[float]] = {}
    for t, seconds in run.acks:
        by_s.setdefault(int(t - start), []).append(1000 * seconds)
    latency_by_s = [(sec, _percentile(sorted(v), 0.50), _percentile(sorted(v), 0.99))
                    for sec, v in sorted(by_s.items())]
    return {
        "db": label, "game": args.game, "players": args.players, "games": args.games,
        "duration_s": args.duration, "moves": len(window), "moves_s": len(window) / args.duration,
        "p50_ms": _percentile(lat_ms, 0.50), "p95_ms": _percentile(lat_ms, 0.95),
        "p99_ms": _percentile(lat_ms, 0.99), "max_ms": lat_ms[-1] if lat_ms else float("nan"),
        "mean_ms": statistics.fmean(lat_ms) if lat_ms else float("nan"),
        "games_finished": run.games_done, "errors": run.errors, "unacknowledged": run.lost,
        "client_failures": [repr(f)[:200] for f in failures[:5]],
        "server_cpu_s": server_cpu, "client_cpu_s": own_cpu,
        "server_cpu_ms_per_move": 1000 * server_cpu / max(1, len(run.acks)),
        "server_cpu_by_thread": split,
        "client_cpu_ms_per_move": 1000 * own_cpu / max(1, len(run.acks)),
        "syscalls_per_move": (_strace_per_move(args.strace, label, traced_moves)
                              if args.strace is not None else None),
        # SQLite writes from the server's own process; PostgreSQL's writes are its own processes' (not counted)
        "disk_kb_per_move": written / 1024 / max(1, len(run.acks)) if label == "sqlite" else None,
        "wal_mb_peak": wal_peak / 1e6 if wal is not None else None,
        "timeline": [t - start for t, _ in run.acks], "latencies_ms": lat_ms,
        "latency_by_s": latency_by_s, "ended": [t - start for t in run.ended],
        "measured_s": (window_start - start, run.stop_at - start),
    }


def run_one(label: str, db_url: str, args: argparse.Namespace, workdir: Path,
            wal: Path | None = None) -> dict[str, Any]:
    profile = args.profile.with_name(f"{args.profile.stem}-{label}{args.profile.suffix}") if args.profile else None
    stacks = args.cpu_stacks.with_name(f"{args.cpu_stacks.stem}-{label}.txt") if args.cpu_stacks else None
    delay = () if args.commit_delay_ms is None else ("--commit-delay-ms", str(args.commit_delay_ms))
    server = Server(db_url, workdir / f"server-{label}.log", profile, options=(*ONE_CLIENT, *delay),
                    cpu_stacks=stacks, src=args.src)
    try:
        server.wait_ready()
        # no garbage collection in the load generator while it runs (a run is short, and its clients make next to
        # no reference cycles): a collector pause here would be counted as the server's latency
        gc.collect()
        gc.freeze()
        gc.disable()
        try:  # the clients' event loop: uvloop (as the server's, through uvicorn) when installed
            import uvloop
        except ImportError:
            return asyncio.run(_drive(server, args, label, wal))
        return uvloop.run(_drive(server, args, label, wal))
    finally:
        gc.enable()
        server.stop()
        if profile is not None and profile.exists():
            import pstats

            print(f"  [{label}] the server's event loop, by own time (cProfile, {profile}):", file=sys.stderr)
            pstats.Stats(str(profile), stream=sys.stderr).sort_stats("tottime").print_stats(25)


def _plot(results: list[dict[str, Any]], path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(17, 4.5))
    for r in results:
        times = r["timeline"]
        if times:
            end = int(max(times)) + 1
            per_s = [0] * end
            for t in times:
                per_s[int(t)] += 1
            ax1.plot(range(end), per_s, label=r["db"])
        lat = r["latencies_ms"]  # sorted
        if lat:
            ax2.plot(lat, [(i + 1) / len(lat) for i in range(len(lat))], label=f"{r['db']} (p99 {r['p99_ms']:.0f} ms)")
        by_s = r["latency_by_s"]
        if by_s:
            line = ax3.plot([b[0] for b in by_s], [b[2] for b in by_s], label=f"{r['db']} p99")[0]
            ax3.plot([b[0] for b in by_s], [b[1] for b in by_s], color=line.get_color(), linestyle=":",
                     label=f"{r['db']} p50")
    ends = [t for r in results for t in r["ended"]]
    if ends:  # games ending (each replaced by a new table: set up, started, joined) per second, behind the lines
        twin = ax3.twinx()
        twin.hist(ends, bins=range(int(max(ends)) + 2), color="grey", alpha=0.25)
        twin.set_ylabel("games ended (grey)")
        ax3.set_zorder(twin.get_zorder() + 1)
        ax3.patch.set_visible(False)
    ax3.axhline(AIM_P99_MS, color="green", linestyle="--", label="aim p99")
    ax3.set(xlabel="seconds", ylabel="act -> ack (ms)", title="latency over the run, per second")
    ax1.axhline(ANCHOR_MOVES_S, color="grey", linestyle=":", label="boardgame.io (in memory)")
    ax1.axhline(AIM_MOVES_S, color="green", linestyle="--", label="aim")
    ax1.set(xlabel="seconds", ylabel="moves acknowledged per second", title="throughput")
    ax2.axvline(AIM_P99_MS, color="green", linestyle="--", label="aim p99")
    ax2.axhline(0.99, color="grey", linestyle=":", linewidth=0.8)
    ax2.set(xlabel="act -> ack (ms)", ylabel="fraction of moves", title="latency (cumulative)", xscale="log")
    for ax in (ax1, ax2, ax3):
        ax.legend()
    seats = results[0]["players"]
    fig.suptitle(f"hustings serve: {results[0]['games']} games of {results[0]['game']} at once "
                 f"({seats} scripted seat{'s' if seats != 1 else ''} each), durable moves")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default="sqlite,postgres", help="sqlite, postgres or both (comma-separated)")
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--game", default="palace-escape", help="game id (default palace-escape: a light game, so "
                        "the server and database are measured rather than the rules)")
    parser.add_argument("--players", type=int, default=1, help="seats per game, all scripted clients")
    parser.add_argument("--duration", type=float, default=20.0, help="measured seconds per database")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played before measuring")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", type=json.loads, default=None,
                        help='the game\'s options as JSON, e.g. \'{"max_actions": 200}\' for palace-escape, whose '
                        "tables where a person plays have no action limit (so that games end and are replaced)")
    parser.add_argument("--client-rate", type=float, default=CLIENT_RATE,
                        help=f"moves a second each seat sends at most (default {CLIENT_RATE:g})")
    parser.add_argument("--client-burst", type=float, default=CLIENT_BURST,
                        help=f"moves a seat may send back to back after a wait (default {CLIENT_BURST:g})")
    parser.add_argument("--progress", type=float, default=2.0, help="seconds between progress lines")
    parser.add_argument("--pg-url", help="an existing PostgreSQL database (default: start a throwaway cluster)")
    parser.add_argument("--plot", type=Path, default=Path("server_load.png"), help="plot file (needs matplotlib)")
    parser.add_argument("--json", type=Path, help="write the figures as JSON here")
    parser.add_argument("--py-spy", type=Path, help="sample the server with py-spy over the measured seconds, write "
                        "collapsed stacks to PATH-<db>.txt (python benchmarks/stacks.py PATH-<db>.txt sums them)")
    parser.add_argument("--strace", type=Path, help="count the server's system calls over the measured seconds "
                        "(strace -c -f, into PATH-<db>.txt) and report them a move; the traced run is slowed")
    parser.add_argument("--legal-form", choices=("compact", "full"), default="compact",
                        help="how the clients ask for their legal lists (the browser table: compact)")
    parser.add_argument("--commit-delay-ms", type=float, default=None,
                        help="the server's --commit-delay-ms (default: its own; 0: every commit at once)")
    parser.add_argument("--src", type=Path, help="the sources to serve (another checkout's src, to measure older "
                        "code with the same clients; default this one's)")
    parser.add_argument("--cpu-stacks", type=Path, help="sample the server's event loop thread by CPU time over the "
                        "measured seconds (benchmarks/cpu_stacks.py), write collapsed stacks to PATH-<db>.txt")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, write PATH-<db>.prof and show "
                        "where its event loop spends its time")
    args = parser.parse_args()

    reference = _reference_ms()
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="hustings-load-") as tmp:
        workdir = Path(tmp)
        for db in [d.strip() for d in args.db.split(",") if d.strip()]:
            print(f"{db}: {args.games} games of {args.game}, {args.players} seat(s) each, {args.duration:.0f} s "
                  f"after {args.warmup:.0f} s warm-up", file=sys.stderr, flush=True)
            if db == "sqlite":
                results.append(run_one(db, f"sqlite://{workdir / 'load.db'}", args, workdir,
                                       wal=workdir / "load.db-wal"))
            elif db == "postgres":
                if args.pg_url:
                    results.append(run_one(db, args.pg_url, args, workdir))
                else:
                    cluster = _pg_fixture().PgCluster(durable=True)
                    with cluster:
                        url = cluster.create_database("hustings_load")
                        results.append(run_one(db, url, args, workdir))
            else:
                parser.error(f"unknown --db {db!r}: sqlite or postgres")
            r = results[-1]
            if r["client_failures"]:
                print(f"  client failures: {r['client_failures']}", file=sys.stderr)

    print()
    print(f"{'db':9} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} {'moves':>7} "
          f"{'games':>6} {'srv cpu ms/move':>16} {'disk KB/move':>13} {'client cpu s':>13}  errors")
    for r in results:
        print(f"{r['db']:9} {r['moves_s']:8.0f} {r['p50_ms']:7.1f} {r['p95_ms']:7.1f} {r['p99_ms']:7.1f} "
              f"{r['max_ms']:7.1f} {r['moves']:7d} {r['games_finished']:6d} {r['server_cpu_ms_per_move']:16.2f} "
              f"{'-' if r['disk_kb_per_move'] is None else format(r['disk_kb_per_move'], '13.1f'):>13} "
              f"{r['client_cpu_s']:13.1f}  {r['errors'] or '-'}")
    for r in results:
        lo, hi = r["measured_s"]
        p99s = [b[2] for b in r["latency_by_s"] if lo <= b[0] and b[0] + 1 <= hi]
        if p99s:
            over = sum(1 for v in p99s if v >= AIM_P99_MS)
            print(f"{r['db']}: second by second, p99 from {min(p99s):.0f} to {max(p99s):.0f} ms; {over} of "
                  f"{len(p99s)} seconds at or over {AIM_P99_MS:.0f} ms")
    for r in results:
        split = r["server_cpu_by_thread"]
        if split:
            user = sum(v["user_ms"] for v in split.values())
            system = sum(v["system_ms"] for v in split.values())
            parts = ", ".join(f"{k} {v['user_ms']:.3f} + {v['system_ms']:.3f}" for k, v in split.items()
                              if v["user_ms"] + v["system_ms"] >= 0.0005)
            print(f"{r['db']}: server CPU a move, user {user:.3f} + system {system:.3f} ms; by thread (user + "
                  f"system): {parts}; client {r['client_cpu_ms_per_move']:.3f} ms a move")
        if r.get("syscalls_per_move"):
            calls = r["syscalls_per_move"]
            print(f"{r['db']}: system calls a move (strace -c -f over the measured seconds): "
                  + ", ".join(f"{k} {v:.2f}" for k, v in list(calls.items())[:12]))
    for r in results:
        if r.get("wal_mb_peak") is not None:
            print(f"{r['db']}: the WAL file peaked at {r['wal_mb_peak']:.1f} MB")
    for r in results:
        verdict = "meets" if r["moves_s"] >= AIM_MOVES_S and r["p99_ms"] < AIM_P99_MS else "misses"
        print(f"{r['db']}: {r['moves_s'] / ANCHOR_MOVES_S:.2f}x boardgame.io's {ANCHOR_MOVES_S} moves/s (in memory); "
              f"{verdict} the aim of {AIM_MOVES_S} durable moves/s with p99 < {AIM_P99_MS:.0f} ms")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end; reference loop "
          f"{reference:.0f} ms before the runs (lower is faster)")
    if args.json:
        args.json.write_text(json.dumps([{**{k: v for k, v in r.items()
                                             if k not in ("timeline", "latencies_ms", "ended")},
                                          "reference_ms": reference} for r in results], indent=2))
    if results and _plot(results, args.plot):
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
