"""Stand-ins are visible (issue 25, point 6): a move a stand-in bot made for an absent or late person is marked in
every seat's events (``stand_in``: whose seat it played), and each seat is told the step after its person's own
last move (``last_turn``), so a returning player sees what was played for them and what happened since."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

import hustings
from hustings.server.live import PlayError
from hustings.table.core import BOT, PERSON, Table
from hustings.table.storage import ActionRecord

from . import pg_fixture
from .conftest import Client, Server, hub_claim_all, hub_conn
from .test_play import _started, _token

pg_server = pg_fixture.pg_server
pg_url = pg_fixture.pg_url

# -- the table core ------------------------------------------------------------------------------------------


def _core(seed: int = 3) -> Table:
    return Table(hustings.make("election-war", players=3, seed=seed), [None, None, "random"], grace_s=0.0)


def _play(t: Table, moves: int, person: set[int]) -> None:
    """``moves`` moves: the seats in ``person`` play their first legal action themselves, every other seat is played
    by its bot or by a stand-in (its person is away)."""
    for p in range(3):
        if p not in person and t.seat_names[p] is None:
            t.seat_left(p, now=0.0)
        else:
            t.seat_back(p)
    for _ in range(moves):
        if t.is_over:
            return
        turn = t.bot_turn()
        if turn is not None:
            t.act(turn.seat, turn.think(), by=BOT)
        else:
            seat = t.to_act[0]
            t.act(seat, t.legal(seat)[0], by=PERSON)


def test_the_core_knows_which_moves_a_stand_in_made_and_each_persons_last_own_move() -> None:
    t = _core()
    assert t.last_turn(0) is None and t.last_turn(None) is None
    _play(t, 12, person={0, 1})
    assert t.played_for == {}
    own0 = max(i for i, (p, _a) in enumerate(t.state.history) if p == 0)
    assert t.last_turn(0) == own0 + 1
    _play(t, 30, person={1})  # seat 0's person leaves: a stand-in plays for them
    history = t.state.history
    stood_in = [i for i, (p, _a) in enumerate(history) if p == 0 and i > own0]
    assert stood_in, "the stand-in never moved"
    assert t.played_for == dict.fromkeys(stood_in, 0)
    assert t.last_turn(0) == own0 + 1  # a stand-in's moves are not the person's own turns
    # each event of a stand-in's move says so; nothing else does (seat 2's bot is the seat's own, not a stand-in)
    for e in t.events:
        assert (t.stand_in_at(e.step) == 0) == (e.step - 1 in stood_in)
    assert all(t.stand_in_at(i + 1) is None for i, (p, _a) in enumerate(history) if p != 0)
    # the seat's update says since when
    assert t.update().seat(0).last_turn == own0 + 1 and t.update().seat(None).last_turn is None
    assert t.update().seat(2).last_turn is None  # a bot's seat has no person


def test_a_rebuilt_table_treats_unknown_moves_as_the_persons_own_and_marks_none() -> None:
    t = _core()
    _play(t, 10, person={1})
    assert t.played_for
    again = Table(t.state.clone(), [None, None, "random"])  # as a server restarted: who moved is not known
    assert again.played_for == {}
    last0 = max(i for i, (p, _a) in enumerate(t.state.history) if p == 0)
    assert again.last_turn(0) == last0 + 1  # never claims a stand-in played what it did not see played


def test_a_table_rebuilt_from_a_log_that_says_who_moved_keeps_the_marks_and_the_undo_rule() -> None:
    """What the server reads back at a restart or from another process: each stored move with who made it."""
    t = _core()
    _play(t, 8, person={0, 1})
    _play(t, 20, person={1})  # seat 0's person away: a stand-in plays for them
    assert t.played_for
    records = [ActionRecord(i, p, a, 1.0, t.made_by_at(i, p))
               for i, (p, a) in enumerate(t.state.history)]
    assert {r.by for r in records} == {"person", "bot", "stand_in"}
    assert all((r.by == "stand_in") == (r.step in t.played_for) for r in records)
    again = Table.from_log(hustings.make("election-war", players=3, seed=3), [None, None, "random"], records)
    assert again.played_for == t.played_for and again.made_by == t.made_by
    assert again.last_turn(0) == t.last_turn(0) and again.last_turn(1) == t.last_turn(1)
    assert [again.stand_in_at(e.step) for e in again.events] == [t.stand_in_at(e.step) for e in t.events]
    # moves made elsewhere, caught up move by move, the same
    half = len(records) // 2
    caught = Table.from_log(hustings.make("election-war", players=3, seed=3), [None, None, "random"], records[:half])
    caught.apply_stored(records[half:])
    assert caught.played_for == t.played_for and caught.last_turn(0) == t.last_turn(0)
    # a log that does not say who moved (a database of before): no marks, every move of a person's seat theirs
    unknown = Table.from_log(hustings.make("election-war", players=3, seed=3), [None, None, "random"],
                             [ActionRecord(r.step, r.seat, r.action, r.at) for r in records])
    last0 = max(i for i, (p, _a) in enumerate(t.state.history) if p == 0)
    assert unknown.played_for == {} and unknown.made_by == {} and unknown.last_turn(0) == last0 + 1


# -- the server ----------------------------------------------------------------------------------------------


def _marks(c: Client) -> dict[int, int]:
    """Step -> the seat a stand-in played for, from every event this client was sent."""
    out: dict[int, int] = {}
    for m in c.seen:
        for e in m.get("events", []) if m["type"] in ("state", "update") else []:
            if "stand_in" in e:
                assert out.setdefault(e["step"], e["stand_in"]) == e["stand_in"]
    return out


def test_every_seat_sees_the_moves_a_stand_in_made_and_the_person_learns_what_was_played_for_them(
        make_server: Any) -> None:
    server: Server = make_server(grace_s=0.2)
    created = _started(server, "election-war", seats=[{"bot": None}, {"bot": None}, {"bot": "random"}])
    tid = created["table"]["id"]
    watcher = Client(server.ws_base, tid)
    c1 = Client(server.ws_base, tid, _token(created, 1), lang="zh-Hant")
    # seat 0's person never came: past the grace a stand-in plays it; seat 1 plays itself
    deadline = time.time() + 30
    refused: list[str] = []
    while True:
        c1.sync()
        m = c1.latest
        assert m is not None
        moved = [a.seat for a in server.app.state.hub.store.actions(tid)]
        if m["over"] or (m["step"] >= 12 and moved.count(0) >= 2 and moved.count(1) >= 1):
            break
        assert time.time() < deadline, (f"30 s and still at step {m['step']}, to act {m['to_act']}; seats that "
                                        f"moved {moved}; seat 1's acts refused: {refused[-5:]}")
        if 1 in m["to_act"] and m["legal"]:
            reply = c1.act()
            if reply["type"] == "error":
                refused.append(str(reply.get("code") or reply))
        else:
            time.sleep(0.05)
    watcher.sync()
    c1.sync()
    actions = server.app.state.hub.store.actions(tid)  # read after: it holds every move the clients were told of
    stood_in = {a.step + 1 for a in actions if a.seat == 0}
    assert stood_in, "seat 0 never moved"
    for c in (watcher, c1):  # a spectator and another seat alike
        seen_steps = {e["step"] for m in c.seen if m["type"] in ("state", "update") for e in m["events"]}
        marks = _marks(c)
        assert marks and set(marks.values()) == {0}
        assert set(marks) <= stood_in and set(marks) == stood_in & seen_steps
    assert "last_turn" not in watcher.latest  # type: ignore[operator]
    own1 = max(a.step for a in actions if a.seat == 1)
    assert c1.latest["last_turn"] == own1 + 1  # type: ignore[index]
    # seat 0's person arrives: the state marks what was played for them; they have not moved themselves yet
    c0 = Client(server.ws_base, tid, _token(created, 0))
    state = c0.seen[-1]
    assert state["type"] == "state" and "last_turn" not in state
    played = {e["step"] for e in state["events"] if e.get("stand_in") == 0}
    assert played and played <= {a.step + 1 for a in server.app.state.hub.store.actions(tid) if a.seat == 0}
    # once they move themselves, last_turn says so; another seat is never told seat 0's last_turn
    deadline = time.time() + 30
    while time.time() < deadline:
        c0.sync()
        c1.sync()
        if c0.latest["over"] or (0 in c0.latest["to_act"] and c0.latest["legal"]):  # type: ignore[index]
            break
        if 1 in c1.latest["to_act"] and c1.latest["legal"]:  # type: ignore[index]
            c1.act()
        else:
            time.sleep(0.05)
    if not c0.latest["over"]:  # type: ignore[index]
        ack = c0.act()
        assert "ack" in ack and ack["last_turn"] == ack["ack"]
        assert not any(e.get("stand_in") is not None for e in ack["events"])  # their own move is not marked
        c1.sync()
        own1 = max(a.step for a in server.app.state.hub.store.actions(tid) if a.seat == 1)
        assert c1.latest["last_turn"] == own1 + 1  # type: ignore[index]


def test_a_reconnection_with_since_gets_the_marks_of_the_missed_moves(make_server: Any) -> None:
    server: Server = make_server(grace_s=0.2)
    created = _started(server, "election-war", seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}])
    tid = created["table"]["id"]
    c0 = Client(server.ws_base, tid, _token(created, 0))
    c0.wait(lambda m: m["over"] or (0 in m["to_act"] and bool(m["legal"])), timeout=20)
    ack = c0.act()
    assert "ack" in ack
    mine = ack["ack"]
    c0.close()  # away: after the grace a stand-in plays for them
    watcher = Client(server.ws_base, tid)
    deadline = time.time() + 20
    while time.time() < deadline:
        if any(a.seat == 0 and a.step >= mine for a in server.app.state.hub.store.actions(tid)):
            break
        time.sleep(0.05)
    back = Client(server.ws_base, tid, _token(created, 0), since=mine)
    state = back.seen[-1]
    assert state["last_turn"] == mine  # the person's own last move, not the stand-in's
    played = {e["step"] for e in state["events"] if e.get("stand_in") == 0}
    by_stand_in = {a.step + 1 for a in server.app.state.hub.store.actions(tid) if a.seat == 0 and a.step >= mine}
    assert played and played <= by_stand_in
    assert all(e["step"] > mine for e in state["events"])
    watcher.close()


def _stop_when_stood_in(server: Server, created: dict[str, Any]) -> tuple[str, int, dict[int, int]]:
    """Seat 0's person makes one move of their own and leaves; once a stand-in has played for them, the server
    stops. (table id, the step after their own move, the marks a spectator was sent)."""
    tid = created["table"]["id"]
    c0 = Client(server.ws_base, tid, _token(created, 0))
    c0.wait(lambda m: m["over"] or (0 in m["to_act"] and bool(m["legal"])), timeout=20)
    ack = c0.act()
    assert "ack" in ack
    c0.close()  # away: after the grace a stand-in plays for them
    watcher = Client(server.ws_base, tid)
    watcher.wait(lambda m: m["over"] or any(e.get("stand_in") == 0 for e in m["events"]), timeout=20)
    watcher.sync()
    server.stop()
    marks = _marks(watcher)
    assert marks and set(marks.values()) == {0}
    return tid, ack["ack"], marks


def test_after_a_restart_the_marks_and_the_last_turn_are_as_before(make_server: Any, tmp_path: Any) -> None:
    """Who made each move is stored with it: a restarted server marks every move a stand-in made before the restart,
    and a person's last turn is their own last move, not the stand-in's."""
    db = tmp_path / "marks.db"
    server: Server = make_server(db=db, grace_s=0.2)
    created = _started(server, "election-war", seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}])
    tid, mine, before = _stop_when_stood_in(server, created)
    again: Server = make_server(db=db, grace_s=30)
    stored = again.app.state.hub.store.actions(tid)
    by_stand_in = {a.step + 1 for a in stored if a.by == "stand_in"}
    assert set(before) <= by_stand_in and all(a.seat == 0 for a in stored if a.by == "stand_in")
    c0 = Client(again.ws_base, tid, _token(created, 0), lang="zh-Hans")
    watcher = Client(again.ws_base, tid)
    for state in (c0.seen[-1], watcher.seen[-1]):  # the person and a spectator alike
        assert state["type"] == "state"
        marks = {e["step"]: e["stand_in"] for e in state["events"] if "stand_in" in e}
        steps = {e["step"] for e in state["events"]}
        assert marks == dict.fromkeys(by_stand_in & steps, 0) and set(before) & steps <= set(marks)
        assert marks, "no mark survived the restart"
    assert c0.seen[-1]["last_turn"] == mine  # their own move's, though the stand-in moved since
    assert "last_turn" not in watcher.seen[-1]


def test_an_old_database_opens_and_its_moves_read_as_the_persons(make_server: Any, tmp_path: Any) -> None:
    """Moves stored before the server kept who made them (the column is NULL): the table opens, no move is marked
    (the marks never claim a stand-in played what nobody recorded), and a person's stored moves count as their
    own."""
    db = tmp_path / "old.db"
    server: Server = make_server(db=db, grace_s=0.2)
    created = _started(server, "election-war", seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}])
    tid, _mine, _before = _stop_when_stood_in(server, created)
    with sqlite3.connect(db) as conn:  # as a database of before migration 8 reads after it
        held = conn.execute("UPDATE actions SET made_by = NULL").rowcount
    again: Server = make_server(db=db, grace_s=30)  # its bots play on: their moves are stored as theirs
    assert {a.by for a in again.app.state.hub.store.actions(tid)[:held]} == {None}
    c0 = Client(again.ws_base, tid, _token(created, 0))
    state = c0.seen[-1]
    assert not any("stand_in" in e for e in state["events"])
    last0 = max(a.step for a in again.app.state.hub.store.actions(tid) if a.seat == 0)
    assert state["last_turn"] == last0 + 1


def _sent_marks(got: list[dict[str, Any]], kinds: tuple[str, ...] = ("state", "update")) -> dict[int, int]:
    return {e["step"]: e["stand_in"] for m in got if m["type"] in kinds for e in m.get("events", []) if "stand_in" in e}


def test_two_processes_on_one_postgresql_see_each_others_marks(pg_url: str) -> None:
    """Two hubs on one database, as two server processes: A plays seat 0's stand-in (a short grace), B never does (a
    long one). B's spectator hears of A's moves through the catch-up, each stand-in's move marked; seat 0's person
    arriving at B sees what was played for them, and seat 1's second device at B gets its person's last turn."""
    from hustings.server.store import open_store
    from hustings.server.tables import Hub

    async def scenario() -> None:
        store_a, store_b = open_store(pg_url), open_store(pg_url)
        hub_a, hub_b = Hub(store_a, grace_s=0.2), Hub(store_b, grace_s=600)
        await hub_a.open()
        await hub_b.open()
        try:
            created = await hub_claim_all(hub_a, await hub_a.create(
                {"game": "election-war", "players": 3, "seats": [{"bot": None}, {"bot": None}, {"bot": "random"}]}))
            tid = created["table"]["id"]
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            for seat in (0, 1):
                await hub_a.ready(tid, tokens[seat], True)
            await hub_a.start(tid, tokens[1])
            (c1, got1), (watcher, seen_b) = hub_conn(), hub_conn()
            await hub_a.hello(c1, tid, {"type": "hello", "token": tokens[1]})
            await hub_b.hello(watcher, tid, {"type": "hello", "spectator": True})
            loaded_b = next(m for m in seen_b if m["type"] == "state")["step"]
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline:
                stored = store_a.actions(tid)
                last = [m for m in got1 if m["type"] in ("state", "update")][-1]
                if last["over"] or sum(a.by == "stand_in" and a.step > loaded_b for a in stored) >= 3:
                    break
                if 1 in last["to_act"] and last.get("legal"):
                    try:
                        await hub_a.act(c1, {"type": "act", "step": last["step"], "action": last["legal"][0]["id"]})
                    except PlayError as e:
                        # B plays the random bot too while its spectator watches: a move of B's may cross this one
                        # in the store, and A refuses it once caught up, as it would a person's; act again
                        assert e.code in ("stale_step", "not_your_turn"), e.code
                        await asyncio.sleep(0.05)
                else:
                    await asyncio.sleep(0.05)
            steps = len(store_a.actions(tid))
            while time.monotonic() < deadline:  # B catches up with what A stored
                if [m for m in seen_b if m["type"] in ("state", "update")][-1]["step"] >= steps:
                    break
                await asyncio.sleep(0.05)
            stored = store_b.actions(tid)[:steps]
            by_stand_in = {a.step + 1 for a in stored if a.by == "stand_in"}
            assert by_stand_in and all(a.seat == 0 for a in stored if a.by == "stand_in")
            sent_steps = {e["step"] for m in seen_b if m["type"] in ("state", "update") for e in m["events"]}
            marks = {k: v for k, v in _sent_marks(seen_b).items() if k <= steps}
            assert marks == dict.fromkeys(by_stand_in & sent_steps, 0)
            assert _sent_marks(seen_b, ("update",)), "no mark came through the catch-up"
            # seat 0's person comes to B: everything played for them marked; they have not moved themselves
            (c0, got0), (c1b, got1b) = hub_conn(), hub_conn()
            await hub_b.hello(c0, tid, {"type": "hello", "token": tokens[0]})
            state0 = [m for m in got0 if m["type"] == "state"][-1]
            steps0 = {e["step"] for e in state0["events"]}
            marks0 = {k: v for k, v in _sent_marks([state0]).items() if k <= steps}
            assert marks0 and marks0 == dict.fromkeys(by_stand_in & steps0, 0) and "last_turn" not in state0
            # seat 1's other device at B: the last move its person made (at A)
            await hub_b.hello(c1b, tid, {"type": "hello", "token": tokens[1]})
            state1 = [m for m in got1b if m["type"] == "state"][-1]
            now = store_b.actions(tid)
            own1 = max(a.step for a in now[:state1["step"]] if a.seat == 1)
            assert now[own1].by == "person" and state1["last_turn"] == own1 + 1
        finally:
            await hub_a.stop()
            await hub_b.stop()
            store_a.close()
            store_b.close()

    asyncio.run(scenario())


def test_a_finished_games_replay_marks_the_moves_a_stand_in_made(make_server: Any) -> None:
    """The replay of a finished game (GET /api/tables/<id>/replay) reads who made each move from the store: the events
    of a step a stand-in made, and its ``acted``, carry ``stand_in`` (for every seat and the spectator); no other
    step's do."""
    from hustings.server.limits import Limits

    server: Server = make_server(grace_s=0.1, limits=Limits(replays_per_minute=1e6, replay_burst=100_000))
    created = _started(server, "election-war", seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}])
    tid = created["table"]["id"]
    watcher = Client(server.ws_base, tid)  # seat 0's person never comes: a stand-in plays every move of theirs
    watcher.wait(lambda m: m["over"], timeout=90)
    actions = server.app.state.hub.store.actions(tid)
    stood_in = {a.step + 1 for a in actions if a.by == "stand_in"}
    assert stood_in == {a.step + 1 for a in actions if a.seat == 0}
    for seat in ("spectator", "0", "1"):
        for step in range(len(actions) + 1):
            r = server.http.get(f"/api/tables/{tid}/replay", params={"seat": seat, "step": step, "lang": "zh-Hant"})
            assert r.status_code == 200, r.text
            d = r.json()
            expected = 0 if step in stood_in else None
            assert all(e.get("stand_in") == expected for e in d["events"]), (seat, step)
            assert (d["acted"] or {}).get("stand_in") == expected, (seat, step)
