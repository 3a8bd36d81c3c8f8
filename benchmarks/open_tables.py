"""What the open list and "my tables" cost (issue 25): a store holding many tables, most of them not public, some
public and waiting, many of them started; a page of the open list, a take, and a key's list of its tables.

    python benchmarks/open_tables.py                 # 20,000 tables, SQLite in a temporary folder
    python benchmarks/open_tables.py --tables 5000 --db postgresql://...

Prints the median and p95 of each call (ms). The store's own work only (no HTTP), on one thread.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from hustings.server.limits import Limits
from hustings.server.store import open_store
from hustings.server.tables import Hub


def _ms(samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[int(len(samples) * 0.95) - 1]
    return f"median {statistics.median(samples) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms"


async def run(url: str, tables: int) -> None:
    hub = Hub(open_store(url), limits=Limits(create_burst=10**9, creates_per_minute=10**9, take_burst=10**9,
                                             takes_per_minute=10**9))
    await hub.open()
    key = (await hub.new_key())["key"]
    public: list[str] = []
    t0 = time.perf_counter()
    for i in range(tables):
        body = {"game": "election-war", "players": 3, "claim": 0, "public": i % 10 == 0}
        made = await hub.create(body)
        if i % 10 == 0:
            public.append(made["table"]["id"])
        if i % 50 == 0:
            await hub.tie({"key": key, "tokens": [made["you"]["token"]]})
    print(f"{tables} tables made in {time.perf_counter() - t0:.1f} s ({len(public)} public)")
    lists, takes, mine = [], [], []
    for _ in range(100):
        t = time.perf_counter()
        await hub.open_list()
        lists.append(time.perf_counter() - t)
    for tid in public[:200]:
        t = time.perf_counter()
        await hub.take(tid, {})
        takes.append(time.perf_counter() - t)
    for _ in range(50):
        t = time.perf_counter()
        await hub.my_by_key({"key": key})
        mine.append(time.perf_counter() - t)
    print(f"open list, a page of 50: {_ms(lists)}")
    print(f"take a free seat: {_ms(takes)}")
    print(f"my tables ({tables // 50} tied): {_ms(mine)}")
    await hub.stop()
    hub.store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20_000)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as d:
        asyncio.run(run(args.db or f"sqlite:///{Path(d) / 'bench.db'}", args.tables))


if __name__ == "__main__":
    main()
