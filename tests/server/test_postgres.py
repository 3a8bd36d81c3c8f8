"""PostgreSQL specifics of the store (hustings.server.postgres) on a real server started by the suite: several
stores and several processes on one database, as several server processes share it when scaling out."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable

import psycopg
import pytest

from hustings.server.postgres import CHANNEL, MIGRATIONS, PostgresStore, sync
from hustings.server.store import SeatRecord, StaleStep, StoreError, TableRecord, open_store

from . import pg_fixture
from .conftest import hub_claim_all
from .pg_fixture import PgServer, free_port

# the PostgreSQL fixtures (until tests/server/conftest.py imports them for the whole folder)
pg_server = pg_fixture.pg_server
pg_url = pg_fixture.pg_url


def _table(tid: str = "tP") -> TableRecord:
    return TableRecord(id=tid, game="toy", options={"players": 2}, seed=2**100 + 3, rules_version="1",
                       engine_version="0", rng="blake2b", settings={"seats": [{"bot": None}, {"bot": None}]},
                       status="playing")


def _seats(tid: str = "tP") -> list[SeatRecord]:
    return [SeatRecord(tid, p, f"{tid}-token-hash-{p}") for p in range(2)]


def _wait_for(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


class Heard:
    """A subscriber callback that records what it hears, thread-safely."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.items: list[tuple[str, int]] = []

    def __call__(self, table_id: str, steps: int) -> None:
        with self.lock:
            self.items.append((table_id, steps))

    def snapshot(self) -> list[tuple[str, int]]:
        with self.lock:
            return list(self.items)


def test_two_stores_hear_each_others_moves_through_notify(pg_url: str) -> None:
    a, b = open_store(pg_url), open_store(pg_url)  # two pools, like two server processes
    try:
        heard_a, heard_b = Heard(), Heard()
        a.subscribe(heard_a)
        b.subscribe(heard_b)
        a.create_table(_table(), _seats())
        for step in range(5):
            b.append_action("tP", step, step % 2, step, float(step))
        assert _wait_for(lambda: ("tP", 5) in heard_a.snapshot()), heard_a.snapshot()
        # hints come after the commit, several at a time: a may skip a move when a later one is already known,
        # but it hears them in order and what it heard can be read
        moves = [steps for _, steps in heard_a.snapshot()]
        assert moves == sorted(moves) and moves[-1] == 5
        assert len(a.actions("tP")) == 5
        b.truncate("tP", 3, expected_steps=5)  # an undo goes back: heard although lower
        assert _wait_for(lambda: heard_a.snapshot()[-1] == ("tP", 3)), heard_a.snapshot()
        a.append_action("tP", 3, 1, 99, 3.0)
        assert _wait_for(lambda: heard_b.snapshot() == [("tP", 4)]), heard_b.snapshot()
        assert [x.action for x in b.actions("tP")] == [0, 1, 2, 99]
        threading.Event().wait(0.3)
        assert heard_a.snapshot()[-1] == ("tP", 3), "a heard its own move"
        assert heard_b.snapshot() == [("tP", 4)], "b heard its own moves"
    finally:
        a.close()
        b.close()


def test_a_lost_notification_is_made_good_by_reconciling(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process may die between committing a move and notifying it: the others find the move when they next
    compare the step counts of their tables with the database."""
    monkeypatch.setattr(sync, "RECONCILE_S", 0.5)  # read by the listener, in its own module
    a, b = open_store(pg_url), open_store(pg_url)
    try:
        heard = Heard()
        a.subscribe(heard)
        a.create_table(_table(), _seats())
        assert isinstance(b, PostgresStore)
        monkeypatch.setattr(b, "_changed", lambda *args: None)  # b commits but never notifies
        b.append_action("tP", 0, 0, 5, 1.0)
        b.append_action("tP", 1, 1, 6, 2.0)
        assert _wait_for(lambda: heard.snapshot() == [("tP", 2)], timeout=10), heard.snapshot()
    finally:
        a.close()
        b.close()


def test_the_listener_reconnects_and_reports_unfinished_tables(pg_url: str, pg_server: PgServer) -> None:
    a, b = open_store(pg_url), open_store(pg_url)
    try:
        heard = Heard()
        a.subscribe(heard)
        a.create_table(_table(), _seats())
        a.create_table(_table("tDone"), _seats("tDone"))
        a.append_action("tDone", 0, 0, 1, 0.0, over=True)
        with psycopg.connect(pg_server.admin_url, autocommit=True) as admin:
            killed = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = %s AND datname = %s",
                (f"LISTEN {CHANNEL}", pg_url.rsplit("/", 1)[1]),
            ).fetchall()
        assert killed == [(True,)]
        b.append_action("tP", 0, 0, 5, 1.0)
        b.append_action("tP", 1, 1, 6, 2.0)
        # whether the moves came as notifications after the reconnect or in its catch-up report, a hears that
        # tP now holds 2 actions; the finished table is not reported
        assert _wait_for(lambda: ("tP", 2) in heard.snapshot(), timeout=15), heard.snapshot()
        assert all(table_id == "tP" for table_id, _ in heard.snapshot())
    finally:
        a.close()
        b.close()


def _migrate(url: str, start_at: float) -> int:
    store = PostgresStore(url)
    try:
        time.sleep(max(0.0, start_at - time.time()))
        return store.migrate()
    finally:
        store.close()


def test_processes_starting_at_once_apply_each_migration_once(pg_url: str) -> None:
    ctx = multiprocessing.get_context("spawn")
    start_at = time.time() + 3.0  # after the children have imported psycopg
    with ctx.Pool(4) as pool:
        versions = pool.starmap(_migrate, [(pg_url, start_at)] * 4)
    assert versions == [MIGRATIONS[-1][0]] * 4
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == [v for v, _ in MIGRATIONS]


def _race(url: str, me: int, total: int, start_at: float) -> list[int]:
    """Append to table tP until it holds `total` actions, always at the step last read; the steps this process won."""
    store = PostgresStore(url, max_connections=2)
    won: list[int] = []
    try:
        time.sleep(max(0.0, start_at - time.time()))
        while True:
            held = store.table("tP").steps
            if held >= total:
                return won
            try:
                store.append_action("tP", held, me, me * 1_000_000 + held, time.time(), over=held == total - 1)
                won.append(held)
            except StaleStep:
                pass
    finally:
        store.close()


def test_concurrent_appends_from_processes_never_interleave_or_lose_a_move(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        store.create_table(_table(), _seats())
        total, procs = 600, 3
        ctx = multiprocessing.get_context("spawn")
        start_at = time.time() + 3.0
        with ctx.Pool(procs) as pool:
            results = pool.starmap(_race, [(pg_url, me, total, start_at) for me in range(procs)])
        won = sorted(step for steps in results for step in steps)
        assert won == list(range(total))  # every step taken exactly once
        assert sum(1 for steps in results if steps) >= 2, "the processes did not actually race"
        log = store.actions("tP")
        assert [a.step for a in log] == list(range(total))
        for me, steps in enumerate(results):
            for step in steps:
                assert (log[step].seat, log[step].action) == (me, me * 1_000_000 + step)
        table = store.table("tP")
        assert (table.steps, table.status) == (total, "over")
    finally:
        store.close()


def test_an_unreachable_server_is_one_line_without_the_password() -> None:
    url = f"postgresql://hustings:s3cret-pw@127.0.0.1:{free_port()}/nowhere"
    with pytest.raises(StoreError) as caught:
        PostgresStore(url, connect_timeout=2)
    message = str(caught.value)
    assert "\n" not in message
    assert "s3cret-pw" not in message
    assert "127.0.0.1" in message


def test_open_store_accepts_postgres_urls_and_migrates(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        assert isinstance(store, PostgresStore)
        with psycopg.connect(pg_url) as conn:
            assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone() == (MIGRATIONS[-1][0],)
    finally:
        store.close()


def test_presence_is_shared_between_stores_and_ages_out(pg_url: str) -> None:
    """Who is connected where (migration 3): a store sees the seats OTHER stores hold, renewed by heartbeats; a
    store that stops renewing (a process that died) holds nobody once its rows are older than the ttl."""
    a, b = open_store(pg_url), open_store(pg_url)
    try:
        assert a.shared and b.shared
        a.create_table(_table(), _seats())
        a.set_presence("tP", 0, True)
        assert b.presence(["tP"], 5.0) == {"tP": {0}}
        assert a.presence(["tP"], 5.0) == {"tP": set()}  # its own connections it knows without asking
        assert b.refresh_presence([("tP", 1)], ["tP"], 5.0) == {"tP": {0}}
        assert a.presence(["tP"], 5.0) == {"tP": {1}}
        time.sleep(0.4)
        assert b.presence(["tP"], 0.2) == {"tP": set()}, "a row not renewed within the ttl still counted"
        assert a.refresh_presence([], ["tP"], 5.0) == {"tP": {1}}  # a holds nothing now: its row is gone
        assert b.presence(["tP"], 5.0) == {"tP": set()}
        b.set_presence("tP", 1, False)
        assert a.presence(["tP"], 5.0) == {"tP": set()}
    finally:
        a.close()
        b.close()


def test_lobby_changes_and_presence_are_hinted_to_the_other_stores(pg_url: str) -> None:
    a, b = open_store(pg_url), open_store(pg_url)
    try:
        heard: list[tuple[str, str]] = []
        lock = threading.Lock()

        def hear(table_id: str, kind: str) -> None:
            with lock:
                heard.append((table_id, kind))

        b.subscribe_lobby(hear)
        a.create_table(_table(), _seats())
        a.update_seat("tP", 0, joined=True, ready=True)
        a.set_settings("tP", {"seats": [{"bot": None}, {"bot": None}], "started_at": 1.0})
        a.set_status("tP", "playing")
        a.set_presence("tP", 1, True)
        # hints sent in one transaction with the same text arrive once (PostgreSQL folds them): a hint says
        # "look again", however many changes it stands for
        assert _wait_for(lambda: ("tP", "l") in heard and ("tP", "p") in heard), heard
        time.sleep(0.3)
        before = len(heard)
        b.update_seat("tP", 1, joined=True)
        time.sleep(0.3)
        assert len(heard) == before, "b heard its own change"
    finally:
        a.close()
        b.close()


def test_a_quick_leave_and_return_is_stored_in_the_order_it_happened(pg_url: str) -> None:
    """A page reload closes a connection and opens another at once: the presence written last must be the one
    that holds (the writes were once spawned side by side and could land in either order)."""
    import asyncio
    import json

    from hustings.server.tables import Conn, Hub

    async def scenario() -> tuple[int, int]:
        store, other = open_store(pg_url), open_store(pg_url)
        hub = Hub(store, grace_s=30)
        await hub.open()
        assert hub._sync_task is not None
        hub._sync_task.cancel()  # no heartbeat: what the writes alone leave behind
        created = await hub_claim_all(hub, await hub.create({"game": "election-war", "players": 2}))
        tid, token = created["table"]["id"], created["seats"][0]["token"]
        wrong_gone = wrong_there = 0
        for _ in range(15):
            conn = Conn(send=lambda text: None)
            await hub.hello(conn, tid, {"type": "hello", "token": token})
            hub.gone(conn)  # ... closed at once
            await asyncio.sleep(0.15)
            wrong_there += bool(other.presence([tid], 60)[tid])
        conn = Conn(send=lambda text: None)
        await hub.hello(conn, tid, {"type": "hello", "token": token})
        for _ in range(15):
            hub.gone(conn)
            conn = Conn(send=lambda text: json.loads(text) and None)
            await hub.hello(conn, tid, {"type": "hello", "token": token})  # ... and back at once
            await asyncio.sleep(0.15)
            wrong_gone += not other.presence([tid], 60)[tid]
        await hub.stop()
        store.close()
        other.close()
        return wrong_there, wrong_gone

    assert asyncio.run(scenario()) == (0, 0)
