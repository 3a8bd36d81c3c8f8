"""The server's own work a move, without the web layer: the hub (hustings.server.tables.Hub) on a real SQLite file,
N tables played at once by in-process clients that act on what they were sent. Prints the event loop thread's CPU
time a move (the server's bottleneck, docs/server.md), the messages it sends included, and a lobby's cost a table
(create, join and ready, start, hello).

    .venv/bin/python benchmarks/hub_speed.py
    .venv/bin/python benchmarks/hub_speed.py --game election-war --players 3 --moves 3000

server_load.py measures the whole server over websockets; this isolates the hub, so that a change to how a
move's messages are made shows in its figure without the noise of the network, the web framework and the
load generator.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hustings.engine.collector import settings_for_many_games  # noqa: E402
from hustings.server.sqlite import SqliteStore  # noqa: E402
from hustings.server.tables import Conn, Hub, PlayError  # noqa: E402

#: bytes of every message sent to the clients
sent_bytes = [0]
#: thread CPU seconds the clients spent reading what they were sent (in the event loop's thread here, unlike a real
#: server's clients): taken out of the hub's figures
client_cpu = [0.0]


class _Outbox:
    """Takes a connection's messages as the web layer's outbox does (as bytes, never decoded to a str) and hands them
    to the client."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def put(self, text: str | bytes, kind: str = "other", ack: str = "") -> None:
        self.client.receive(text)


class Client:
    """One seat's connection: keeps the last state/update it was sent and what it may do (the legal actions' ids:
    in either form)."""

    def __init__(self) -> None:
        self.last: dict[str, Any] | None = None
        self.sent = 0
        self.conn = Conn(send=self.receive)
        self.conn.outbox = _Outbox(self)  # type: ignore[assignment]
        self.news = asyncio.Event()  # set by every message: a seat with nothing to do waits for it

    def receive(self, text: str | bytes) -> None:
        t0 = time.thread_time()
        self.sent += 1
        sent_bytes[0] += len(text.encode()) if isinstance(text, str) else len(text)
        msg = orjson.loads(text)
        kind = msg.get("type")
        if kind == "update" and self.last is not None and "legal" not in msg:
            msg["legal"] = self.last["legal"]  # left out: the same as before (the client keeps it)
        if kind in ("state", "update"):
            self.last = msg
        self.news.set()
        client_cpu[0] += time.thread_time() - t0


async def _lobby(hub: Hub, game: str, players: int, options: dict[str, Any] | None = None,
                 legal_form: str = "compact") -> list[Client]:
    body: dict[str, Any] = {"game": game, "players": players, "seats": [{"bot": None}] * players}
    if options:
        body["options"] = options
    created = await hub.create(body)
    tid = created["table"]["id"]
    # each seat claimed through its invite, as its person's page would (issue 23)
    tokens = [(await hub.claim(tid, {"invite": s["code"]}))["token"] for s in created["seats"]]
    for token in tokens:
        await hub.join(tid, token, "bench", True)
    await hub.start(tid, tokens[0])
    clients = [Client() for _ in tokens]
    for client, token in zip(clients, tokens, strict=True):
        await hub.hello(client.conn, tid, {"type": "hello", "token": token, "legal_form": legal_form})
    return clients


#: (the phase a broadcast told of, thread CPU seconds): every update sent after a move, timed
broadcasts: list[tuple[str, float]] = []


def _time_broadcasts(hub: Hub) -> None:
    """Time each broadcast (the updates a move sends every connection: synchronous, so its thread CPU is its own),
    by the phase it tells of: a move that opens a phase with long legal lists shows as a slow one."""
    real = hub._broadcast

    def timed(table: Any, *args: Any, **kwargs: Any) -> None:
        t0, c0 = time.thread_time(), client_cpu[0]
        real(table, *args, **kwargs)
        spent = time.thread_time() - t0 - (client_cpu[0] - c0)  # the clients' reading left out
        phase = table.core.state.view(None).get("phase", "?") if table.core.state is not None else "?"
        broadcasts.append((str(phase), spent))

    hub._broadcast = timed  # type: ignore[method-assign]


#: acts the hub refused, by error code (none expected: a client acts only on what it was sent)
refused: dict[str, int] = {}


async def _play(hub: Hub, tables: list[list[Client]], moves: int, rng: random.Random) -> int:
    """``moves`` moves, the tables' seats acting at once (as clients do), each on what it was last sent."""
    done = 0

    async def seat_loop(client: Client) -> None:
        nonlocal done
        while done < moves:
            msg = client.last
            if msg is None or msg.get("over"):
                return
            if not msg.get("legal"):  # wait for news (not a busy loop: its CPU would count as the hub's)
                client.news.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(client.news.wait(), 0.05)
                continue
            step = msg["step"]
            try:
                await hub.act(client.conn, {"type": "act", "step": step, "action": rng.choice(msg["legal"])["id"]})
            except PlayError as e:  # counted (a simultaneous step's act refused as stale, say): wait for news
                refused[e.code] = refused.get(e.code, 0) + 1
                while client.last is msg and done < moves:
                    client.news.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(client.news.wait(), 0.05)
                continue
            done += 1

    await asyncio.gather(*(seat_loop(c) for t in tables for c in t))
    return done


async def main_async(args: argparse.Namespace, db: Path) -> None:
    store = SqliteStore(db)
    store.migrate()
    hub = Hub(store)
    await hub.open()
    rng = random.Random(args.seed)
    # the collector as `hustings serve` sets it (hustings.server.app._tend_gc): no full collections while measuring
    gc.collect()
    gc.freeze()
    young, middle, _ = settings_for_many_games()
    gc.set_threshold(young, middle, 1_000_000)
    try:
        # the first loads the game's modules: not timed
        form = args.legal_form
        tables = [await _lobby(hub, args.game, args.players, args.options, form)]
        t0 = time.thread_time()
        tables += [await _lobby(hub, args.game, args.players, args.options, form) for _ in range(args.tables - 1)]
        if args.slowest:
            _time_broadcasts(hub)
        bytes0, client0 = sent_bytes[0], client_cpu[0]
        lobby_ms = 1000 * (time.thread_time() - t0) / (args.tables - 1)
        total, cpu, wall, proc = 0, 0.0, 0.0, 0.0
        while total < args.moves:
            c0, w0, p0 = time.thread_time(), time.perf_counter(), time.process_time()
            n = await _play(hub, tables, args.moves - total, rng)
            cpu += time.thread_time() - c0
            wall += time.perf_counter() - w0
            proc += time.process_time() - p0
            total += n
            # finished games are replaced (their set-up not counted here: it is the lobby figure)
            tables = [t if not (t[0].last or {}).get("over")
                      else await _lobby(hub, args.game, args.players, args.options, form) for t in tables]
    finally:
        await hub.stop()
        store.close()
    print(f"{args.game}, {args.players} seat(s), {args.tables} tables: {total} moves")
    parsed = client_cpu[0] - client0
    print(f"  event loop thread: {1000 * (cpu - parsed) / total:.3f} ms CPU a move, the clients' reading of what they "
          f"were sent ({1000 * parsed / total:.3f} ms) left out ({total / wall:,.0f} moves/s in this process, "
          "durable)")
    print(f"  the whole process: {1000 * proc / total:.3f} ms CPU a move (the store's writer and worker threads "
          "too: an undo offer's replays, say)")
    print(f"  sent: {(sent_bytes[0] - bytes0) / total / 1024:.1f} KB a move to the clients (legal lists in the "
          f"{args.legal_form} form; new tables' first states included)")
    print(f"  refused: {', '.join(f'{k} {v}' for k, v in sorted(refused.items())) or 'none'}")
    if broadcasts:
        by_phase: dict[str, list[float]] = {}
        for phase, cpu_s in broadcasts:
            by_phase.setdefault(phase, []).append(cpu_s)
        slow = sorted(by_phase.items(), key=lambda kv: -max(kv[1]))[:args.slowest]
        print(f"  the slowest broadcasts by the phase they tell of (thread CPU, {len(broadcasts)} timed):")
        for phase, times in slow:
            times.sort()
            print(f"    {phase:<16} {len(times):6d}  p50 {1000 * times[len(times) // 2]:6.2f} ms  "
                  f"p90 {1000 * times[int(len(times) * 0.9)]:6.2f} ms  max {1000 * times[-1]:6.2f} ms")
    print(f"  lobby: {lobby_ms:.2f} ms CPU a table in the loop thread (create, join and ready, start, hello)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="palace-escape")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--tables", type=int, default=40, help="tables played at once (at least 2)")
    parser.add_argument("--moves", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--legal-form", choices=("compact", "full"), default="compact",
                        help="how the clients ask for their legal lists (the browser table: compact)")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="time every broadcast and show the N phases with the slowest")
    parser.add_argument("--options", type=orjson.loads, default=None,
                        help='the game\'s options as JSON, e.g. \'{"max_actions": 200}\' for palace-escape')
    args = parser.parse_args()
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    with tempfile.TemporaryDirectory(prefix="hustings-hub-") as tmp:
        asyncio.run(main_async(args, Path(tmp) / "hub.db"))


if __name__ == "__main__":
    main()
