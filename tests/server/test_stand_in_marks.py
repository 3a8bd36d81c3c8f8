"""Stand-ins are visible (issue 25, point 6): a move a stand-in bot made for an absent or late person is marked in
every seat's events (``stand_in``: whose seat it played), and each seat is told the step after its person's own
last move (``last_turn``), so a returning player sees what was played for them and what happened since."""

from __future__ import annotations

import time
from typing import Any

import hustings
from hustings.table.core import BOT, PERSON, Table

from .conftest import Client, Server
from .test_play import _started, _token

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
    while time.time() < deadline:
        c1.sync()
        m = c1.latest
        assert m is not None
        moved0 = sum(a.seat == 0 for a in server.app.state.hub.store.actions(tid))
        if m["over"] or (m["step"] >= 12 and moved0 >= 2):
            break
        if 1 in m["to_act"] and m["legal"]:
            c1.act()
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


def test_after_a_restart_no_move_is_marked_that_this_process_did_not_see(make_server: Any, tmp_path: Any) -> None:
    """The stored log does not say who moved (as for undo): a restarted server marks nothing it did not see, and
    counts a person's stored moves as their own."""
    db = tmp_path / "marks.db"
    server: Server = make_server(db=db, grace_s=0.2)
    created = _started(server, "election-war", seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}])
    tid = created["table"]["id"]
    watcher = Client(server.ws_base, tid)
    watcher.wait(lambda m: m["over"] or any(e.get("stand_in") == 0 for e in m["events"]), timeout=20)
    watcher.close()
    server.stop()
    again: Server = make_server(db=db, grace_s=30)
    c0 = Client(again.ws_base, tid, _token(created, 0))
    state = c0.seen[-1]
    assert not any("stand_in" in e for e in state["events"])
    last0 = max(a.step for a in again.app.state.hub.store.actions(tid) if a.seat == 0)
    assert state["last_turn"] == last0 + 1
