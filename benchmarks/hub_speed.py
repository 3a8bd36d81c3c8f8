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
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hustings.server.sqlite import SqliteStore  # noqa: E402
from hustings.server.tables import Conn, Hub, PlayError  # noqa: E402


class Client:
    """One seat's connection: keeps the last state/update it was sent and what it may do."""

    def __init__(self) -> None:
        self.last: dict[str, Any] | None = None
        self.sent = 0
        self.conn = Conn(send=self.receive)

    def receive(self, text: str) -> None:
        self.sent += 1
        msg = orjson.loads(text)
        kind = msg.get("type")
        if kind == "update" and self.last is not None and "legal" not in msg:
            msg["legal"] = self.last["legal"]  # left out: the same as before (the client keeps it)
        if kind in ("state", "update"):
            self.last = msg


async def _lobby(hub: Hub, game: str, players: int, options: dict[str, Any] | None = None) -> list[Client]:
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
        await hub.hello(client.conn, tid, {"type": "hello", "token": token})
    return clients


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
            if not msg.get("legal"):
                await asyncio.sleep(0)
                continue
            step = msg["step"]
            try:
                await hub.act(client.conn, {"type": "act", "step": step, "action": rng.choice(msg["legal"])["id"]})
            except PlayError as e:  # counted (a simultaneous step's act refused as stale, say): wait for news
                refused[e.code] = refused.get(e.code, 0) + 1
                while client.last is msg:
                    await asyncio.sleep(0)
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
    try:
        # the first loads the game's modules: not timed
        tables = [await _lobby(hub, args.game, args.players, args.options)]
        t0 = time.thread_time()
        tables += [await _lobby(hub, args.game, args.players, args.options) for _ in range(args.tables - 1)]
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
                      else await _lobby(hub, args.game, args.players, args.options) for t in tables]
    finally:
        await hub.stop()
        store.close()
    print(f"{args.game}, {args.players} seat(s), {args.tables} tables: {total} moves")
    print(f"  event loop thread: {1000 * cpu / total:.3f} ms CPU a move ({total / wall:,.0f} moves/s in this "
          f"process, durable)")
    print(f"  the whole process: {1000 * proc / total:.3f} ms CPU a move (the store's writer and worker threads "
          "too: an undo offer's replays, say)")
    print(f"  refused: {', '.join(f'{k} {v}' for k, v in sorted(refused.items())) or 'none'}")
    print(f"  lobby: {lobby_ms:.2f} ms CPU a table in the loop thread (create, join and ready, start, hello)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="palace-escape")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--tables", type=int, default=40, help="tables played at once (at least 2)")
    parser.add_argument("--moves", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
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
