"""The SQLite store (hustings.server.sqlite) on real files: migrations, the serialising append, undo."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest

from hustings.server import sqlite as sqlite_module
from hustings.server.sqlite import MIGRATIONS, PAGE_SIZE, SqliteStore, _Append
from hustings.server.sqlite import actions as sqlite_actions
from hustings.server.store import SeatRecord, StaleStep, StoreError, TableNotFound, TableRecord, open_store


def _table(tid: str = "t1", **kw: object) -> TableRecord:
    base: dict[str, object] = dict(id=tid, game="die-macher-2019", options={"players": 3, "variant": "standard"},
                                   seed=2**127 + 12345, rules_version="1", engine_version="0.2.0", rng="blake2b",
                                   settings={"lang": "en", "seats": [{"bot": None, "name": ""}] * 3},
                                   status="playing", created_at=1.5)
    base.update(kw)
    return TableRecord(**base)  # type: ignore[arg-type]


def _seats(tid: str = "t1") -> list[SeatRecord]:
    return [SeatRecord(tid, p, f"{tid}-hash{p}") for p in range(3)]


def test_migrations_are_versioned_and_applied_once(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = open_store(f"sqlite://{path}")
    assert store.migrate() == MIGRATIONS[-1][0]
    store.close()
    again = SqliteStore(path)
    assert again.migrate() == MIGRATIONS[-1][0]  # nothing re-applied, no error
    rows = sqlite3.connect(path).execute("SELECT version FROM schema_migrations").fetchall()
    assert [r[0] for r in rows] == [v for v, _ in MIGRATIONS]
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_a_database_of_an_older_schema_is_upgraded_at_start_and_keeps_its_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file made by a server of schema version 1 (before the move_log view) and holding a game in play: the
    next start applies the later migrations, the game's log is intact, and its next moves are stored by the
    new one-statement path."""
    path = tmp_path / "s.db"
    monkeypatch.setattr(sqlite_module, "MIGRATIONS", MIGRATIONS[:1])
    old = SqliteStore(path)
    assert old.migrate() == 1
    old.create_table(_table("a"), _seats("a"))
    old.close()
    with sqlite3.connect(path) as db:  # a move as a server of that schema stored it (today's code names made_by)
        db.execute("INSERT INTO actions (table_id, step, seat, action, at) VALUES ('a', 0, 0, 11, 1.0)")
        db.execute("UPDATE tables SET steps = 1 WHERE id = 'a'")
    monkeypatch.setattr(sqlite_module, "MIGRATIONS", MIGRATIONS)
    new = open_store(f"sqlite://{path}")
    assert isinstance(new, SqliteStore)
    rows = sqlite3.connect(path).execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == [v for v, _ in MIGRATIONS]
    new.append_action("a", 1, 1, 12, 2.0)
    batch = [_Append("a", 2, 2, 13, 3.0, True, Future())]
    new._commit_batch(batch)
    assert batch[0].future.result(0) is None and new.bulk_commits == 2  # both moves in one statement each
    assert [(x.step, x.seat, x.action) for x in new.actions("a")] == [(0, 0, 11), (1, 1, 12), (2, 2, 13)]
    assert [x.by for x in new.actions("a")] == [None, None, None]  # stored without saying who moved: not known
    assert (new.table("a").steps, new.table("a").status) == (3, "over")
    new.close()


def test_table_round_trip_keeps_a_128_bit_seed(tmp_path: Path) -> None:
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    store.create_table(_table(), _seats())
    got = store.table("t1")
    assert got == _table()
    assert store.tables(status="playing") == [got]
    assert store.tables(status="over") == []
    assert store.tables(ids=["t1", "nope"]) == [got]
    with pytest.raises(TableNotFound):
        store.table("nope")
    with pytest.raises(StoreError, match="exists already"):
        store.create_table(_table(), _seats("t1x"))


def test_seats_and_tokens(tmp_path: Path) -> None:
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    store.create_table(_table(), _seats())
    store.update_seat("t1", 1, name="Ada", joined=True)
    store.update_seat("t1", 1, ready=True)
    assert store.seats("t1")[1] == SeatRecord("t1", 1, "t1-hash1", "Ada", True, True)
    assert store.seat_by_token_hash("t1-hash2") == SeatRecord("t1", 2, "t1-hash2")
    assert store.seat_by_token_hash("unknown") is None
    with pytest.raises(StoreError, match="no seat 7"):
        store.update_seat("t1", 7, name="x")
    with pytest.raises(TableNotFound):
        store.update_seat("zz", 0, name="x")


def test_append_serialises_on_the_step_and_is_durable(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = open_store(f"sqlite://{path}")
    store.create_table(_table(), _seats())
    store.append_action("t1", 0, 0, 11, 10.0)
    store.append_action("t1", 1, 1, 12, 11.0)
    with pytest.raises(StaleStep) as e:
        store.append_action("t1", 1, 2, 13, 12.0)  # someone saw step 1, but step 1 is taken
    assert (e.value.expected, e.value.held) == (1, 2)
    store.append_action("t1", 2, 2, 13, 12.0, over=True)
    # another connection (as after a restart) sees every committed move
    other = SqliteStore(path)
    assert [(a.step, a.seat, a.action) for a in other.actions("t1")] == [(0, 0, 11), (1, 1, 12), (2, 2, 13)]
    assert [a.step for a in other.actions("t1", since=2)] == [2]
    assert other.table("t1").steps == 3
    assert other.table("t1").status == "over"


def test_truncate_is_undo_and_checks_the_count(tmp_path: Path) -> None:
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    store.create_table(_table(), _seats())
    for i in range(3):
        store.append_action("t1", i, i, 100 + i, float(i))
    with pytest.raises(StaleStep):
        store.truncate("t1", 2, expected_steps=2)
    store.truncate("t1", 2, expected_steps=3)
    assert [a.step for a in store.actions("t1")] == [0, 1]
    assert store.table("t1").steps == 2
    store.append_action("t1", 2, 2, 7, 9.0)  # the step is free again
    assert store.actions("t1", since=2)[0].action == 7


def test_open_store_refuses_unknown_urls() -> None:
    with pytest.raises(StoreError, match="unknown database URL"):
        open_store("mysql://x")
    mem = open_store("sqlite:///:memory:")
    mem.create_table(_table(), _seats())
    assert mem.table("t1").id == "t1"


def test_new_files_use_small_pages_and_old_ones_keep_theirs(tmp_path: Path) -> None:
    """A move touches a few scattered pages; smaller ones mean less written and flushed per commit."""
    store = open_store(f"sqlite://{tmp_path / 'new.db'}")
    store.close()
    assert sqlite3.connect(tmp_path / "new.db").execute("PRAGMA page_size").fetchone()[0] == PAGE_SIZE
    old = sqlite3.connect(tmp_path / "old.db")
    old.execute("PRAGMA page_size=4096")
    old.execute("PRAGMA journal_mode=WAL")
    old.execute("CREATE TABLE keep (x)")
    old.close()
    store = open_store(f"sqlite://{tmp_path / 'old.db'}")
    store.create_table(_table(), _seats())
    store.close()
    assert sqlite3.connect(tmp_path / "old.db").execute("PRAGMA page_size").fetchone()[0] == 4096


def test_a_lobby_write_and_the_move_writer_wait_for_each_other_in_the_process(tmp_path: Path) -> None:
    """Both connections' write transactions pass one lock in the process: the move writer never meets the
    lobby's transaction inside SQLite, whose busy handler would make it sleep (up to 100 ms a time). With the
    writer's busy timeout at 0, meeting it there would fail the move with 'database is locked'."""
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    assert isinstance(store, SqliteStore)
    store.create_table(_table(), _seats())
    store.append_action("t1", 0, 0, 1, 1.0)  # the writer thread and its connection exist now
    assert store._wdb is not None
    store._wdb.execute("PRAGMA busy_timeout=0")
    inside, release = threading.Event(), threading.Event()

    def lobby() -> None:
        with store._tx() as db:  # a lobby write, held open
            db.execute("UPDATE seats SET name = 'Ada' WHERE table_id = 't1' AND seat = 0")
            inside.set()
            release.wait(10)

    t = threading.Thread(target=lobby)
    t.start()
    assert inside.wait(10)
    move = store.submit_action("t1", 1, 1, 2, 2.0)
    assert not move.done()  # waiting for the lobby's transaction, in the process
    release.set()
    t.join(10)
    move.result(10)
    assert [a.step for a in store.actions("t1")] == [0, 1]
    assert store.seats("t1")[0].name == "Ada"


def test_a_batch_with_a_broken_move_is_redone_move_by_move(tmp_path: Path) -> None:
    """The writer tries a batch the quick way (no savepoints); when a statement fails it rolls the batch back and
    redoes it move by move, so only the broken move is refused and the others are stored."""
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    assert isinstance(store, SqliteStore)
    for tid in ("a", "b", "c"):
        store.create_table(_table(tid), _seats(tid))
    # a log row at b's next step that its step count does not know of: b's INSERT fails on the primary key
    with store._tx() as db:
        db.execute("INSERT INTO actions (table_id, step, seat, action, at) VALUES ('b', 0, 0, 99, 0.0)")
    batch = [_Append(tid, 0, 0, 7, 1.0, False, Future()) for tid in ("a", "b", "c")]
    store._commit_batch(batch)  # the writer thread's step, called here with a batch of our making
    assert batch[0].future.result(0) is None and batch[2].future.result(0) is None
    with pytest.raises(StoreError, match="UNIQUE constraint failed"):
        batch[1].future.result(0)
    assert [(a.step, a.action) for a in store.actions("a")] == [(0, 7)]
    assert [(a.step, a.action) for a in store.actions("b")] == [(0, 99)]  # unchanged
    assert [(a.step, a.action) for a in store.actions("c")] == [(0, 7)]
    assert [store.table(t).steps for t in ("a", "b", "c")] == [1, 0, 1]
    assert store.group_commits == 1


def test_a_batch_is_stored_in_one_statement_unless_a_move_is_stale_or_repeats_a_table(tmp_path: Path) -> None:
    """The writer stores a whole batch with ONE statement (an INSERT into the move_log view, whose trigger checks
    each move's step and counts it), outside any transaction; when the trigger refuses a move (a stale step, an
    unknown table) the statement stores nothing and the batch goes move by move, so the outcome is the same as
    one move at a time. Counted by SQLite's own trace of the statements run."""
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    assert isinstance(store, SqliteStore)
    for tid in ("a", "b", "c"):
        store.create_table(_table(tid), _seats(tid))
    plain = [_Append(tid, 0, 0, 7, 1.0, tid == "c", Future()) for tid in ("a", "b", "c")]
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)  # no writer thread here: the batch goes through this one
    store._commit_batch(plain)
    assert [p.future.result(0) for p in plain] == [None, None, None]
    assert store.bulk_commits == 1
    # one statement (SQLite traces each of the trigger's steps under the statement that fired it)
    assert set(statements) == {statements[0]}
    assert statements[0].startswith("INSERT INTO move_log")
    assert [(t, store.table(t).steps, store.table(t).status) for t in ("a", "b", "c")] == [
        ("a", 1, "playing"), ("b", 1, "playing"), ("c", 1, "over")]
    # a chain on one table, a stale move and an unknown table, together in one batch
    mixed = [_Append("a", 1, 0, 8, 2.0, False, Future()), _Append("a", 2, 0, 9, 2.0, False, Future()),
             _Append("b", 0, 0, 5, 2.0, False, Future()), _Append("nowhere", 0, 0, 1, 2.0, False, Future())]
    store._commit_batch(mixed)
    assert store.bulk_commits == 1  # not in one statement: the trigger refused the stale move
    assert mixed[0].future.result(0) is None and mixed[1].future.result(0) is None
    with pytest.raises(StaleStep):
        mixed[2].future.result(0)
    with pytest.raises(TableNotFound):
        mixed[3].future.result(0)
    assert [(a.step, a.action) for a in store.actions("a")] == [(0, 7), (1, 8), (2, 9)]
    assert [(a.step, a.action) for a in store.actions("b")] == [(0, 7)]
    assert [store.table(t).steps for t in ("a", "b")] == [3, 1]
    assert store.group_commits == 2


def test_the_wal_starts_over_under_steady_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkpointer's passes never catch up while moves keep coming, and a WAL is reused from its start only
    once all of it is copied: the writer finishes that copy between commits when the WAL is long, so its file
    stays bounded instead of growing by every page written for as long as the load lasts."""
    # read by the writer and the checkpointer, in their own module
    monkeypatch.setattr(sqlite_actions, "CHECKPOINT_S", 0.01)
    monkeypatch.setattr(sqlite_actions, "WAL_RESTART_FRAMES", 64)
    path = tmp_path / "s.db"
    store = open_store(f"sqlite://{path}")
    assert isinstance(store, SqliteStore)
    tables = [f"t{i}" for i in range(30)]
    for tid in tables:
        store.create_table(_table(tid), _seats(tid))
    for step in range(150):  # 4,500 moves, 30 a commit, no pause long enough for a passive pass to finish
        futures = [store.submit_action(tid, step, 0, step, float(step)) for tid in tables]
        for f in futures:
            f.result(10)
    wal = path.with_name(path.name + "-wal").stat().st_size
    assert store.wal_restarts > 0
    # never started over, it holds every page written: 6 MB here; started over, it stays near 1 MB at most (a
    # restart waits for the checkpointer's next pass, longer on a loaded machine: 1.01 MB was seen once)
    assert wal < 2_000_000, f"the WAL grew to {wal} bytes"
    store.close()
    assert [a.step for a in SqliteStore(path).actions("t7")] == list(range(150))


def test_a_move_names_the_status_only_when_it_ends_the_game(tmp_path: Path) -> None:
    """A stored move counts its table's steps without setting ``status`` (migration 9): setting it, even to the
    same value, rewrites the status indexes and fires every ``UPDATE OF status`` trigger (the open tables' one).
    Counted by a trigger of the test's own, over the three ways a move is stored: one statement for a batch, the
    quick way and the careful way (one move each); the last move of a game still sets it."""
    store = open_store(f"sqlite://{tmp_path / 's.db'}")
    assert isinstance(store, SqliteStore)
    for tid in ("a", "b", "c"):
        store.create_table(_table(tid), _seats(tid))
    with store._tx() as db:
        db.execute("CREATE TABLE status_writes (table_id TEXT, status TEXT)")
        db.execute("CREATE TRIGGER count_status AFTER UPDATE OF status ON tables BEGIN "
                   "INSERT INTO status_writes VALUES (NEW.id, NEW.status); END")

    def writes() -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in store._db.execute("SELECT table_id, status FROM status_writes")]

    store._commit_batch([_Append(t, 0, 0, 7, 1.0, False, Future()) for t in ("a", "b", "c")])
    assert store.bulk_commits == 1 and writes() == []
    with store._tx() as db:
        assert SqliteStore._quick(db, _Append("a", 1, 0, 7, 1.0, False, Future())) is None
        assert SqliteStore._insert(db, _Append("b", 1, 0, 7, 1.0, False, Future())) is None
    assert writes() == []
    assert [(t, store.table(t).steps, store.table(t).status) for t in ("a", "b", "c")] == [
        ("a", 2, "playing"), ("b", 2, "playing"), ("c", 1, "playing")]
    store._commit_batch([_Append("c", 1, 0, 7, 1.0, True, Future())])
    with store._tx() as db:
        assert SqliteStore._quick(db, _Append("a", 2, 0, 7, 1.0, True, Future())) is None
        assert SqliteStore._insert(db, _Append("b", 2, 0, 7, 1.0, True, Future())) is None
    assert sorted(writes()) == [("a", "over"), ("b", "over"), ("c", "over")]
    assert [store.table(t).status for t in ("a", "b", "c")] == ["over", "over", "over"]
