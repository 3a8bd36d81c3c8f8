"""People acting at once on a simultaneous step (hustings.server.tables.Hub.act): the acts that come while a
table's move is being committed wait for the table together and are then applied in the order they came and stored
in one go, and one update tells everyone, each sender's acknowledging its own act. Before, each act waited for the
commit of the one before it under the table's lock, and at 40 busy tables that was the tail of the latency
(docs/server.md, *the seventh look*). A refused act, a sender that went away or a failed write stops nobody else's
move, and no move is shown before it is durable."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hustings.server.connections import Conn
from hustings.server.sqlite import SqliteStore
from hustings.server.store import MadeBy, StoreError
from hustings.server.tables import Hub

from .conftest import hub_claim_all, hub_conn

GAME, PLAYERS = "die-macher", 3  # the secret starting sheet: every seat writes at once (001 §遊戲流程 1)


class _HeldDisk(SqliteStore):
    """A real SQLite store whose moves are acknowledged only once ``gate`` opens (a slow disk, held still); the
    ``fail_at``-th move submitted (counting from 0) is refused as a failed write."""

    gate: asyncio.Event
    submitted: int = 0
    fail_at: int = -1

    def submit_action_async(self, table_id: str, step: int, seat: int, action: int, at: float,
                            *, over: bool = False, by: MadeBy | None = None) -> asyncio.Future[None]:
        n = self.submitted
        self.submitted += 1
        stored = None if n == self.fail_at else super().submit_action_async(
            table_id, step, seat, action, at, over=over, by=by)

        async def later() -> None:
            await self.gate.wait()
            if stored is None:
                raise StoreError("database error: disk I/O error (a test's)")
            await stored

        return asyncio.ensure_future(later())


async def _table(tmp_path: Path) -> tuple[Hub, _HeldDisk, str, list[tuple[Conn, list[dict[str, Any]]]]]:
    store = _HeldDisk(tmp_path / "s.db")
    store.migrate()
    store.gate = asyncio.Event()
    store.gate.set()
    hub = Hub(store, grace_s=60.0)
    await hub.open()
    created = await hub_claim_all(hub, await hub.create({"game": GAME, "players": PLAYERS}))
    tid = created["table"]["id"]
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        await hub.ready(tid, token, True)
    await hub.start(tid, tokens[0])
    conns = []
    for token in tokens:
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": token})
        conns.append((conn, got))
    return hub, store, tid, conns


def _last(got: list[dict[str, Any]]) -> dict[str, Any]:
    return [m for m in got if m["type"] in ("state", "update")][-1]


def _act(hub: Hub, conn: Conn, got: list[dict[str, Any]], pick: int = 0) -> asyncio.Future[None]:
    last = _last(got)
    return asyncio.ensure_future(hub.act(conn, {"type": "act", "step": last["step"],
                                                "action": last["legal"][pick]["id"]}))


def test_acts_that_come_during_a_commit_are_stored_together_and_each_is_acknowledged(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub, store, tid, conns = await _table(tmp_path)
        assert len(hub.tables[tid].state.current_players) == PLAYERS  # everyone writes at once
        store.gate.clear()
        first = _act(hub, *conns[0])
        await asyncio.sleep(0.05)
        assert hub.tables[tid].state.step_count == 1  # applied, its commit held
        others = [_act(hub, *conns[1]), _act(hub, *conns[2])]
        await asyncio.sleep(0.05)
        # they wait for the table, not each for the commit of the one before: nothing more is applied yet
        assert hub.tables[tid].state.step_count == 1 and hub.tables[tid].acts
        seen = [len(got) for _, got in conns]
        store.gate.set()
        await asyncio.gather(first, *others)
        assert hub.tables[tid].state.step_count == 3 and store.actions(tid)[-1].step == 2
        # the first was acknowledged alone; then the two others in one update at step 3, each its own ack, naming
        # the step it was sent at (0: the stale-step rule took them, only others' progress had changed)
        assert [m.get("ack") for m in conns[0][1][seen[0]:] if m["type"] == "update"] == [1, None]
        for seat, ack in ((1, 2), (2, 3)):
            updates = [m for m in conns[seat][1][seen[seat]:] if m["type"] == "update"]
            assert [(m["step"], m.get("ack"), m.get("sent")) for m in updates] == [(1, None, None), (3, ack, 0)]
        # nobody was ever told of step 2: it was never the durable state of the table alone
        assert not [m for _, got in conns for m in got if m.get("step") == 2]
        assert not [m for _, got in conns for m in got if m["type"] == "error"]
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_a_refused_act_or_a_sender_gone_stops_nobody_else(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub, store, tid, conns = await _table(tmp_path)
        store.gate.clear()
        first = _act(hub, *conns[0])
        await asyncio.sleep(0.05)
        bad = asyncio.ensure_future(hub.act(conns[1][0], {"type": "act", "step": 0, "action": 10**6}))
        gone = _act(hub, *conns[1])  # a second act of seat 1, whose sender goes away before the table takes it
        good = _act(hub, *conns[2])
        await asyncio.sleep(0.05)
        gone.cancel()
        store.gate.set()
        await asyncio.gather(first, good)
        errors = await asyncio.gather(bad, gone, return_exceptions=True)
        assert type(errors[0]).__name__ == "PlayError" and errors[0].code == "illegal_action"  # type: ignore[union-attr]
        assert isinstance(errors[1], asyncio.CancelledError)
        # seat 0's and seat 2's moves, nothing of seat 1's
        assert [(a.step, a.seat) for a in store.actions(tid)] == [(0, 0), (1, 2)]
        assert hub.tables[tid].state.step_count == 2 and hub.tables[tid].acts_task is None
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_a_failed_write_refuses_that_move_and_those_played_on_it_and_keeps_those_before(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub, store, tid, conns = await _table(tmp_path)
        store.gate.clear()
        first = _act(hub, *conns[0])
        await asyncio.sleep(0.05)
        store.fail_at = store.submitted + 1  # of the two that come next, the second write fails
        second, third = _act(hub, *conns[1]), _act(hub, *conns[2])
        await asyncio.sleep(0.05)
        store.gate.set()
        answers = await asyncio.gather(first, second, third, return_exceptions=True)
        assert answers[:2] == [None, None]
        assert type(answers[2]).__name__ == "PlayError" and answers[2].code == "unavailable"  # type: ignore[union-attr]
        # the store holds the two durable moves; the game in memory was read back from it and everyone told afresh
        assert [(a.step, a.seat) for a in store.actions(tid)] == [(0, 0), (1, 1)]
        assert hub.tables[tid].state.step_count == 2
        for _, got in conns:
            assert got[-1]["type"] == "state" and got[-1]["step"] == 2
        # and seat 2 plays on
        await _act(hub, *conns[2])
        assert hub.tables[tid].state.step_count == 3 and len(store.actions(tid)) == 3
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_an_act_in_a_step_only_its_seat_acts_in_is_taken_at_once(tmp_path: Path) -> None:
    """Nobody's act can coincide with it: it is applied and committed under the table's lock in its own handler,
    with no task and no waiting list (the puzzle, and every step of a game with one seat to act)."""

    async def scenario() -> None:
        store = _HeldDisk(tmp_path / "s.db")
        store.migrate()
        store.gate = asyncio.Event()
        hub = Hub(store)
        await hub.open()
        created = await hub_claim_all(hub, await hub.create({"game": "palace-escape", "players": 1}))
        tid, token = created["table"]["id"], created["seats"][0]["token"]
        await hub.ready(tid, token, True)
        await hub.start(tid, token)
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": token})
        moving = _act(hub, conn, got)
        await asyncio.sleep(0.05)
        table = hub.tables[tid]
        assert table.state.step_count == 1 and table.lock.locked()  # applied, its commit held, under the lock
        assert table.acts_task is None and not table.acts
        store.gate.set()
        await moving
        assert got[-1]["ack"] == 1 and got[-1]["step"] == 1
        await hub.stop()
        store.close()

    asyncio.run(scenario())
