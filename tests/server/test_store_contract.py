"""The ServerStore contract (hustings.server.store), run against every backend on real databases: a SQLite file
and a PostgreSQL server started by the suite (tests/server/pg_fixture.py). What one backend does, the other must.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from hustings.server.store import (
    HOST_SEAT,
    ActionRecord,
    SeatRecord,
    SeatSecret,
    ServerStore,
    StaleStep,
    StoreError,
    TableNotFound,
    TableRecord,
    open_store,
)
from hustings.table.storage import AsyncActionStore

from . import pg_fixture
from .pg_fixture import PgServer

# the PostgreSQL fixtures (until tests/server/conftest.py imports them for the whole folder)
pg_server = pg_fixture.pg_server
pg_url = pg_fixture.pg_url

StoreFactory = Callable[[], ServerStore]


def _table(tid: str = "tA", **changes: object) -> TableRecord:
    fields: dict[str, object] = dict(
        id=tid, game="die-macher-2019", options={"players": 3, "variant": "standard", "nested": {"a": [1, 2.5]}},
        seed=2**127 + 987654321, rules_version="2019.1", engine_version="0.2.0", rng="blake2b",
        settings={"lang": "zh-Hant", "seats": [{"bot": None, "name": "選舉"}, {"bot": "heuristic", "name": "Bot"},
                                              {"bot": None, "name": ""}],
                  "clock": {"mode": "bank", "bank_s": 600, "increment_s": 5}},
        status="playing", created_at=1700000000.25,
    )
    fields.update(changes)
    return TableRecord(**fields)  # type: ignore[arg-type]


def _seats(tid: str = "tA", n: int = 3) -> list[SeatRecord]:
    return [SeatRecord(tid, p, f"{tid}-{p}-" + "ab" * 30, name=f"p{p}") for p in range(n)]


@pytest.fixture(params=["sqlite", "postgres"])
def open_again(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    """Opens (again) one database of the backend under test: each call is a new store, like a restarted server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'hustings.db'}"
    else:
        server: PgServer = request.getfixturevalue("pg_server")
        url = server.new_database()
    opened: list[ServerStore] = []

    def factory() -> ServerStore:
        store = open_store(url)
        opened.append(store)
        return store

    yield factory
    for store in opened:
        store.close()


@pytest.fixture()
def store(open_again: StoreFactory) -> ServerStore:
    return open_again()


def test_a_store_follows_the_protocol(store: ServerStore) -> None:
    assert isinstance(store, ServerStore)


def test_migrations_are_versioned_and_idempotent(open_again: StoreFactory) -> None:
    first = open_again()
    version = first.migrate()
    assert version >= 1
    assert first.migrate() == version  # again on the same store: nothing to do, no error
    first.create_table(_table(), _seats())
    second = open_again()  # open_store migrates a database that is already current
    assert second.migrate() == version
    assert second.table("tA") == _table()


def test_a_table_round_trips_with_its_128_bit_seed_and_json(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    got = store.table("tA")
    assert got == _table()
    assert got.seed == 2**127 + 987654321
    assert got.settings["seats"][0]["name"] == "選舉"
    assert store.seats("tA") == _seats()


def test_unknown_tables_raise_table_not_found(store: ServerStore) -> None:
    for call in (lambda: store.table("nope"), lambda: store.set_status("nope", "over"),
                 lambda: store.set_settings("nope", {}), lambda: store.append_action("nope", 0, 0, 1, 0.0),
                 lambda: store.truncate("nope", 0, 0), lambda: store.update_seat("nope", 0, ready=True)):
        with pytest.raises(TableNotFound, match="nope"):
            call()
    assert store.seats("nope") == []
    assert store.actions("nope") == []
    assert store.seat_by_token_hash("no-such-hash") is None


def test_creating_a_table_twice_or_with_a_taken_token_changes_nothing(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    with pytest.raises(StoreError, match="exists already"):
        store.create_table(_table(game="other"), _seats())
    assert store.table("tA").game == "die-macher-2019"
    taken = [SeatRecord("tB", 0, _seats()[0].token_hash)]
    with pytest.raises(StoreError) as caught:
        store.create_table(_table("tB"), taken)
    assert "\n" not in str(caught.value)
    with pytest.raises(TableNotFound):
        store.table("tB")  # the table row went with the refused seats: one transaction
    with pytest.raises(StoreError, match="status"):
        store.create_table(_table("tC", status="paused"), [])


def test_tables_filter_by_status_and_ids_in_creation_order(store: ServerStore) -> None:
    store.create_table(_table("t2", created_at=20.0, status="lobby"), _seats("t2"))
    store.create_table(_table("t1", created_at=10.0), _seats("t1"))
    store.create_table(_table("t3", created_at=30.0), _seats("t3"))
    assert [t.id for t in store.tables()] == ["t1", "t2", "t3"]
    assert [t.id for t in store.tables(status="playing")] == ["t1", "t3"]
    assert [t.id for t in store.tables(status="over")] == []
    assert [t.id for t in store.tables(ids=["t3", "t2", "missing"])] == ["t2", "t3"]
    assert store.tables(ids=[]) == []
    assert [t.id for t in store.tables(status="lobby", ids=["t1", "t2"])] == ["t2"]


def test_status_and_settings_change(store: ServerStore) -> None:
    store.create_table(_table(status="lobby"), _seats())
    store.set_status("tA", "playing")
    store.set_settings("tA", {"lang": "en", "seats": [], "clock": {"mode": "none"}})
    got = store.table("tA")
    assert (got.status, got.settings) == ("playing", {"lang": "en", "seats": [], "clock": {"mode": "none"}})
    with pytest.raises(StoreError, match="status"):
        store.set_status("tA", "paused")
    assert store.table("tA").status == "playing"


def test_seats_update_field_by_field_and_are_found_by_token_hash(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    store.update_seat("tA", 1, name="Ada")
    store.update_seat("tA", 1, joined=True)
    store.update_seat("tA", 2, ready=True, joined=True)
    store.update_seat("tA", 0)  # nothing to change
    seats = store.seats("tA")
    assert (seats[0].name, seats[0].joined, seats[0].ready) == ("p0", False, False)
    assert (seats[1].name, seats[1].joined, seats[1].ready) == ("Ada", True, False)
    assert (seats[2].name, seats[2].joined, seats[2].ready) == ("p2", True, True)
    assert store.seat_by_token_hash(_seats()[1].token_hash) == seats[1]
    with pytest.raises(StoreError, match="no seat 7"):
        store.update_seat("tA", 7, ready=True)


def test_append_checks_the_step_and_keeps_the_log_in_order(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    for step in range(5):
        store.append_action("tA", step, step % 3, 100 + step, 1000.0 + step)
    assert store.table("tA").steps == 5
    assert store.actions("tA") == [ActionRecord(s, s % 3, 100 + s, 1000.0 + s) for s in range(5)]
    assert store.actions("tA", since=3) == [ActionRecord(s, s % 3, 100 + s, 1000.0 + s) for s in (3, 4)]
    assert store.actions("tA", since=5) == []
    for stale in (0, 4, 6, 99):  # behind (someone moved first) or ahead (a step never seen)
        with pytest.raises(StaleStep) as caught:
            store.append_action("tA", stale, 0, 1, 0.0)
        assert (caught.value.expected, caught.value.held) == (stale, 5)
        assert "\n" not in str(caught.value)
    assert store.table("tA").steps == 5
    assert len(store.actions("tA")) == 5


def test_the_last_move_ends_the_game(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    store.append_action("tA", 0, 0, 1, 1.0)
    assert store.table("tA").status == "playing"
    store.append_action("tA", 1, 1, 2, 2.0, over=True)
    assert (store.table("tA").status, store.table("tA").steps) == ("over", 2)
    assert [t.id for t in store.tables(status="over")] == ["tA"]


def test_truncate_takes_back_moves_only_at_the_expected_step(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    for step in range(4):
        store.append_action("tA", step, 0, step, float(step), over=step == 3)
    with pytest.raises(StaleStep) as caught:
        store.truncate("tA", 2, expected_steps=3)
    assert (caught.value.expected, caught.value.held) == (3, 4)
    assert store.table("tA").steps == 4
    with pytest.raises(StoreError):
        store.truncate("tA", 5, expected_steps=4)  # nothing at step 5 to take back
    store.truncate("tA", 3, expected_steps=4)
    got = store.table("tA")
    assert (got.steps, got.status) == (3, "playing")  # undoing the last move reopens the game
    assert [a.step for a in store.actions("tA")] == [0, 1, 2]
    store.append_action("tA", 3, 1, 42, 9.0)  # the log goes on from the cut
    assert store.actions("tA", since=3) == [ActionRecord(3, 1, 42, 9.0)]
    store.truncate("tA", 0, expected_steps=4)
    assert store.actions("tA") == [] and store.table("tA").steps == 0


def _race_once(store: ServerStore, step: int, threads: int) -> tuple[list[int], list[int], list[BaseException]]:
    """`threads` threads released at once all append action number `step`: who won, who was refused, what broke."""
    barrier = threading.Barrier(threads)
    won: list[int] = []
    stale: list[int] = []
    errors: list[BaseException] = []

    def attempt(me: int) -> None:
        barrier.wait()
        try:
            store.append_action("tA", step, me % 3, me, float(me))
            won.append(me)
        except StaleStep as e:
            if (e.expected, e.held) == (step, step + 1):
                stale.append(me)
            else:
                errors.append(e)
        except BaseException as e:
            errors.append(e)

    workers = [threading.Thread(target=attempt, args=(me,)) for me in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return won, stale, errors


def test_many_threads_racing_for_one_step_exactly_one_wins(store: ServerStore) -> None:
    store.create_table(_table(), _seats())
    threads, rounds = 12, 8
    for step in range(rounds):
        won, stale, errors = _race_once(store, step, threads)
        assert errors == []
        assert len(won) == 1 and len(stale) == threads - 1
        assert store.actions("tA", since=step)[0].action == won[0]
    assert [a.step for a in store.actions("tA")] == list(range(rounds))
    assert store.table("tA").steps == rounds


def test_everything_survives_closing_and_reopening(open_again: StoreFactory) -> None:
    first = open_again()
    first.create_table(_table(), _seats())
    first.update_seat("tA", 0, joined=True, name="Ada")
    for step in range(6):
        first.append_action("tA", step, step % 3, step * 7, 50.0 + step)
    first.truncate("tA", 5, expected_steps=6)
    first.close()
    again = open_again()
    assert again.table("tA") == _table(steps=5)
    assert again.seats("tA")[0] == SeatRecord("tA", 0, _seats()[0].token_hash, name="Ada", joined=True)
    assert again.actions("tA") == [ActionRecord(s, s % 3, s * 7, 50.0 + s) for s in range(5)]
    again.append_action("tA", 5, 2, 1, 60.0)
    assert again.table("tA").steps == 6


def test_a_store_never_reports_its_own_moves(store: ServerStore) -> None:
    heard: list[tuple[str, int]] = []
    store.subscribe(lambda table_id, steps: heard.append((table_id, steps)))
    store.create_table(_table(), _seats())
    for step in range(3):
        store.append_action("tA", step, 0, 1, 0.0)
    store.truncate("tA", 2, expected_steps=3)
    # a notification, were one sent to ourselves, arrives within milliseconds; wait well past that
    threading.Event().wait(0.5)
    assert heard == []


def test_moves_submitted_together_are_committed_together_and_a_stale_one_fails_alone(
        open_again: StoreFactory) -> None:
    """Group commit: moves of many tables submitted at once share commits; a stale move or an unknown table is
    refused on its own, every other move is stored, and everything resolved is durable (seen after reopening)."""
    store = open_again()
    tables = [f"g{n}" for n in range(20)]
    for tid in tables:
        store.create_table(_table(tid), _seats(tid))
    futures: dict[str, Future[None]] = {}
    for n, tid in enumerate(tables):
        futures[f"{tid}/0"] = store.submit_action(tid, 0, 0, 100 + n, 1.0)
        if n % 4 == 0:  # a second move at the same step: someone moved first
            futures[f"{tid}/0 again"] = store.submit_action(tid, 0, 1, 999, 1.0)
    for step in (1, 2, 3):  # a chain on one table, submitted without waiting: stored in order
        futures[f"g0/{step}"] = store.submit_action("g0", step, step % 3, 200 + step, 2.0, over=step == 3)
    futures["nowhere/0"] = store.submit_action("nowhere", 0, 0, 1, 1.0)
    outcomes: dict[str, str] = {}
    for key, f in futures.items():
        error = f.exception(timeout=60)
        outcomes[key] = "ok" if error is None else type(error).__name__
    assert {k for k, v in outcomes.items() if v == "StaleStep"} == {f"g{n}/0 again" for n in range(0, 20, 4)}
    assert outcomes["nowhere/0"] == "TableNotFound"
    assert [k for k, v in outcomes.items() if v not in ("ok", "StaleStep", "TableNotFound")] == []
    stored = sum(v == "ok" for v in outcomes.values())
    assert stored == 23
    commits = store.group_commits  # type: ignore[attr-defined]
    assert 1 <= commits <= stored // 2, commits  # shared commits, not one per move
    store.close()
    again = open_again()
    for n, tid in enumerate(tables[1:], start=1):
        assert again.actions(tid) == [ActionRecord(0, 0, 100 + n, 1.0)]
    assert [a.action for a in again.actions("g0")] == [100, 201, 202, 203]
    assert again.table("g0").status == "over" and again.table("g0").steps == 4


def test_moves_submitted_from_an_event_loop_are_settled_there_one_call_a_commit(store: ServerStore) -> None:
    """submit_action_async: the event loop's own futures, resolved as submit_action's would be (stored, stale,
    unknown table), by one call into the loop for each commit rather than one per move."""
    tables = [f"e{n}" for n in range(12)]
    for tid in tables:
        store.create_table(_table(tid), _seats(tid))

    async def play() -> tuple[list[BaseException | None], int]:
        loop = asyncio.get_running_loop()
        calls = 0
        threadsafe = loop.call_soon_threadsafe

        def counted(*args: Any, **kwargs: Any) -> asyncio.Handle:
            nonlocal calls
            calls += 1
            return threadsafe(*args, **kwargs)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign,assignment]
        waiters = [store.submit_action_async(tid, 0, 0, n, 1.0) for n, tid in enumerate(tables)]
        waiters.append(store.submit_action_async("e3", 0, 1, 99, 1.0))  # the same step again: stale
        waiters.append(store.submit_action_async("nowhere", 0, 0, 1, 1.0))
        outcomes = await asyncio.gather(*waiters, return_exceptions=True)
        return [o if isinstance(o, BaseException) else None for o in outcomes], calls

    outcomes, calls = asyncio.run(play())
    assert outcomes[:12] == [None] * 12
    assert isinstance(outcomes[12], StaleStep) and isinstance(outcomes[13], TableNotFound)
    assert [[a.action for a in store.actions(tid)] for tid in tables] == [[n] for n in range(12)]
    commits = store.group_commits  # type: ignore[attr-defined]
    assert calls == commits, (calls, commits)  # chained thread futures: one call a move


def test_a_closed_store_refuses_moves_with_a_store_error(open_again: StoreFactory) -> None:
    """After close (a server shutting down), a move is refused at once, never queued for a writer that is gone."""
    store = open_again()
    store.create_table(_table("z"), _seats("z"))
    store.close()
    with pytest.raises(StoreError):
        store.submit_action("z", 0, 0, 1, 1.0).result(5)

    async def submit() -> None:
        await store.submit_action_async("z", 0, 0, 1, 1.0)

    with pytest.raises(StoreError):
        asyncio.run(asyncio.wait_for(submit(), 5))


def test_a_store_reports_no_presence_of_its_own_and_no_lobby_hints_to_itself(store: ServerStore) -> None:
    """Presence is what OTHER processes hold: a store alone (SQLite always is) reports none, and hears none of
    its own lobby changes."""
    hints: list[tuple[str, str]] = []
    store.subscribe_lobby(lambda table_id, kind: hints.append((table_id, kind)))
    store.create_table(_table(), _seats())
    store.set_presence("tA", 0, True)
    assert store.presence(["tA"], 5.0) == {"tA": set()}
    assert store.refresh_presence([("tA", 1)], ["tA"], 5.0) == {"tA": set()}
    store.update_seat("tA", 0, joined=True)
    store.set_status("tA", "playing")
    threading.Event().wait(0.5)
    assert hints == []
    assert store.shared is (type(store).__name__ == "PostgresStore")


def test_the_table_cores_store_protocol_append_read_truncate_give_up(store: ServerStore) -> None:
    """The one store protocol of every table (hustings.table.storage.ActionStore, the save files' too), as the table
    core calls it, on both server backends: each write refused with StaleStep unless the log holds what the writer
    assumed, and then nothing changed."""
    assert isinstance(store, AsyncActionStore)
    store.create_table(_table(), _seats())
    moves = [ActionRecord(0, 0, 5, 1.5), ActionRecord(1, 1, 6, 2.5)]
    store.append("tA", 0, moves)
    assert store.read("tA") == moves and store.read("tA", 1) == moves[1:]
    with pytest.raises(StaleStep):
        store.append("tA", 1, [ActionRecord(1, 0, 7, 3.0)])
    with pytest.raises(StaleStep):
        store.truncate("tA", 1, 3)
    assert store.read("tA") == moves
    store.truncate("tA", 1, 2)
    assert store.read("tA") == moves[:1]
    with pytest.raises(StaleStep):
        store.give_up("tA", 0, holds=2, scores=[])
    assert store.table("tA").status == "playing"
    store.give_up("tA", 0, holds=1, scores=[])
    got = store.table("tA")
    assert (got.status, got.settings["given_up"], got.steps) == ("over", 0, 1)


# -- seat secrets (issue 23): hashes only; a claim spends its code once and kills the seat's earlier secrets ------

def test_seat_secrets_claims_devices_and_revocation(store: ServerStore) -> None:
    store.create_table(_table("tS", status="lobby"), _seats("tS"), [
        SeatSecret("tS", HOST_SEAT, "host", "h-host"), SeatSecret("tS", 1, "invite", "h-inv1"),
        SeatSecret("tS", 0, "seat", "h-ann")])
    assert store.secret("h-host") == SeatSecret("tS", HOST_SEAT, "host", "h-host")
    assert store.secret("nope") is None
    # an invite claims its seat once: the claimer's secret stored, the seat joined and named
    assert store.claim_seat("tS", SeatSecret("tS", 0, "seat", "h-bo"), code="h-inv1", now=1.0, name="Bo",
                            ready=True) == (1, "invite")
    assert store.secret("h-inv1") is None and store.secret("h-bo") == SeatSecret("tS", 1, "seat", "h-bo")
    seat = store.seats("tS")[1]
    assert (seat.joined, seat.ready, seat.name) == (True, True, "Bo")
    assert store.claim_seat("tS", SeatSecret("tS", 0, "seat", "h-eve"), code="h-inv1", now=1.0) is None
    assert store.secret("h-eve") is None
    # a device code adds a secret beside the holder's, once, and only until it expires
    store.add_secret(SeatSecret("tS", 1, "device", "h-dev", expires_at=100.0))
    store.add_secret(SeatSecret("tS", 1, "device", "h-old", expires_at=5.0))
    assert store.claim_seat("tS", SeatSecret("tS", 0, "seat", "h-old2"), code="h-old", now=10.0) is None
    assert store.claim_seat("tS", SeatSecret("tS", 0, "seat", "h-phone"), code="h-dev", now=10.0) == (1, "device")
    assert {x.hash for x in store.seat_secrets("tS") if x.seat == 1 and x.kind == "seat"} == {"h-bo", "h-phone"}
    # a code of another table claims nothing here
    store.create_table(_table("tT", status="lobby"), _seats("tT"), [SeatSecret("tT", 2, "invite", "h-t2")])
    assert store.claim_seat("tS", SeatSecret("tS", 0, "seat", "h-x"), code="h-t2", now=1.0) is None
    # revoked: every secret of the seat dies, a new invite, the seat free, the settings say so
    settings = dict(_table("tS").settings, revoked=[{"seat": 1, "at": 5.0}])
    store.revoke_seat("tS", 1, SeatSecret("tS", 1, "invite", "h-inv1b"), settings)
    assert {x.hash for x in store.seat_secrets("tS") if x.seat == 1} == {"h-inv1b"}
    assert not store.seats("tS")[1].joined and store.table("tS").settings["revoked"] == [{"seat": 1, "at": 5.0}]
    assert store.secret("h-ann") is not None  # another seat's secrets stay
    # a free seat (a rematch's) is claimed without a code only while nobody holds it
    assert store.claim_seat("tS", SeatSecret("tS", 1, "seat", "h-cy"), code=None, now=1.0, name="Cy") == (1, "free")
    assert store.claim_seat("tS", SeatSecret("tS", 1, "seat", "h-dd"), code=None, now=1.0) is None
    assert {x.hash for x in store.seat_secrets("tS") if x.seat == 1} == {"h-cy"}
    with pytest.raises(StoreError):
        store.revoke_seat("tS", 9, SeatSecret("tS", 9, "invite", "h-9"), settings)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_seat_tokens_of_before_carry_on_as_seat_secrets(backend: str, tmp_path: Path, request: pytest.FixtureRequest,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A database of the schema before seat secrets: every seat's token carries on as that seat's secret."""
    if backend == "sqlite":
        from hustings.server import sqlite as module

        url = f"sqlite:///{tmp_path / 'old.db'}"
        make: Callable[[], ServerStore] = lambda: module.SqliteStore(str(tmp_path / "old.db"))  # noqa: E731
    else:
        from hustings.server import postgres as module  # type: ignore[no-redef]

        url = request.getfixturevalue("pg_server").new_database()
        make = lambda: module.PostgresStore(url)  # type: ignore[attr-defined]  # noqa: E731
    migrations = module.MIGRATIONS
    seat_secrets = 3 if backend == "sqlite" else 4  # the version that brought seat secrets (later ones stay)
    monkeypatch.setattr(module, "MIGRATIONS", tuple(m for m in migrations if m[0] != seat_secrets))
    old = make()
    old.migrate()
    old.create_table(_table("tO", status="lobby"), _seats("tO"))
    old.close()
    monkeypatch.setattr(module, "MIGRATIONS", migrations)
    new = open_store(url)
    try:
        assert new.secret(_seats("tO")[2].token_hash) == SeatSecret("tO", 2, "seat", _seats("tO")[2].token_hash)
        assert len(new.seat_secrets("tO")) == 3
    finally:
        new.close()


# -- who made each move (issue 25, point 6): the marks of a stand-in's moves outlive a process and cross to others --

def test_each_stored_move_keeps_who_made_it(store: ServerStore) -> None:
    """``by`` goes in with the move, through every way a move is stored (one at a time, a thread's future, an event
    loop's, the table core's protocol), and comes back out with it; a move stored without it reads as not known."""
    store.create_table(_table(), _seats())
    store.append_action("tA", 0, 0, 10, 1.0, by="person")
    store.append_action("tA", 1, 1, 11, 2.0, by="bot")
    store.submit_action("tA", 2, 2, 12, 3.0, by="stand_in").result(10)

    async def from_a_loop() -> None:
        await store.submit_action_async("tA", 3, 0, 13, 4.0, by="stand_in")
        await store.append_async("tA", 4, [ActionRecord(4, 1, 14, 5.0, "person"), ActionRecord(5, 2, 15, 6.0, "bot")])

    asyncio.run(from_a_loop())
    store.append("tA", 6, [ActionRecord(6, 0, 16, 7.0, "person")])
    store.append_action("tA", 7, 1, 17, 8.0)  # not said: not known
    assert [a.by for a in store.actions("tA")] == ["person", "bot", "stand_in", "stand_in", "person", "bot",
                                                   "person", None]
    assert store.actions("tA", since=2)[0] == ActionRecord(2, 2, 12, 3.0, "stand_in")
    # an undo takes who moved back with the move: the step made again says anew who made it
    store.truncate("tA", 2, 8)
    store.append_action("tA", 2, 2, 20, 9.0, by="person")
    assert [a.by for a in store.actions("tA")] == ["person", "bot", "person"]


@pytest.mark.parametrize("bad", ["robot", "", "PERSON", "person; DROP TABLE actions", 1, True])
def test_a_move_with_an_unknown_mover_is_refused_and_nothing_changes(store: ServerStore, bad: object) -> None:
    store.create_table(_table(), _seats())
    store.append_action("tA", 0, 0, 10, 1.0, by="person")
    with pytest.raises(StoreError, match="unknown mover"):
        store.append_action("tA", 1, 1, 11, 2.0, by=bad)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="unknown mover"):
        store.append("tA", 1, [ActionRecord(1, 1, 11, 2.0, bad)])  # type: ignore[arg-type]
    assert store.table("tA").steps == 1 and store.actions("tA") == [ActionRecord(0, 0, 10, 1.0, "person")]
    # the moves committed beside a refused one are stored: the refusal is that move's alone
    good = store.submit_action("tA", 1, 1, 11, 2.0, by="bot")
    refused = store.submit_action("tA", 2, 2, 12, 3.0, by=bad)  # type: ignore[arg-type]
    assert good.result(10) is None
    with pytest.raises(StoreError, match="unknown mover"):
        refused.result(10)
    assert [a.by for a in store.actions("tA")] == ["person", "bot"]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_moves_stored_before_the_mover_was_kept_read_as_not_known(backend: str, tmp_path: Path,
                                                                 request: pytest.FixtureRequest,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A database of the schema before who moved was kept (SQLite 8, PostgreSQL 9), holding a game in play with moves
    stored as its server stored them: it opens, its moves read as not known (None: the table core counts them as the
    person's), and the next moves keep who made them."""
    if backend == "sqlite":
        from hustings.server import sqlite as module

        url = f"sqlite:///{tmp_path / 'old.db'}"
        make: Callable[[], ServerStore] = lambda: module.SqliteStore(str(tmp_path / "old.db"))  # noqa: E731
        version = 8
    else:
        from hustings.server import postgres as module  # type: ignore[no-redef]

        url = request.getfixturevalue("pg_server").new_database()
        make = lambda: module.PostgresStore(url)  # type: ignore[attr-defined]  # noqa: E731
        version = 9
    migrations = module.MIGRATIONS
    monkeypatch.setattr(module, "MIGRATIONS", tuple(m for m in migrations if m[0] < version))
    old = make()
    old.migrate()
    old.create_table(_table("tO"), _seats("tO"))
    old.close()
    # two moves as the server of that schema stored them (its own statements: today's name the new column)
    if backend == "sqlite":
        with sqlite3.connect(tmp_path / "old.db") as db:
            db.executemany("INSERT INTO move_log (table_id, step, seat, action, at, over) VALUES (?,?,?,?,?,0)",
                           [("tO", 0, 0, 5, 1.0), ("tO", 1, 1, 6, 2.0)])
    else:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("SELECT hustings_append_many(%s::text[], %s::int[], %s::int[], %s::int[], %s::float8[], "
                         "%s::bool[])", (["tO", "tO"], [0, 1], [0, 1], [5, 6], [1.0, 2.0], [False, False]))
    monkeypatch.setattr(module, "MIGRATIONS", migrations)
    new = open_store(url)
    try:
        assert new.actions("tO") == [ActionRecord(0, 0, 5, 1.0), ActionRecord(1, 1, 6, 2.0)]
        assert [a.by for a in new.actions("tO")] == [None, None]
        new.append_action("tO", 2, 2, 7, 3.0, by="stand_in")
        assert [a.by for a in new.actions("tO")] == [None, None, "stand_in"]
    finally:
        new.close()
