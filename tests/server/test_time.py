"""Clocks, timeouts, people who leave, and bots thinking off the event loop."""

from __future__ import annotations

import time
from typing import Any

from .conftest import Client, Server
from .test_play import _started, _token


def test_clocks_run_for_the_seat_to_act_and_a_timeout_lets_the_bot_move(make_server: Any) -> None:
    server: Server = make_server(grace_s=30)
    created = _started(server, clock={"mode": "bank", "bank_s": 1.0, "increment_s": 0.0})
    tid = created["table"]["id"]
    c0 = Client(server.ws_base, tid, _token(created, 0))
    c1 = Client(server.ws_base, tid, _token(created, 1))
    watcher = Client(server.ws_base, tid)
    clocks = c0.latest["clocks"]  # type: ignore[index]
    assert clocks[0]["running"] and not clocks[1]["running"] and 0 < clocks[0]["remaining_s"] <= 1.0
    assert clocks[1]["remaining_s"] == 1.0
    # seat 0 does not move: after its bank the bot moves for it, and everyone is told
    state = watcher.wait(lambda m: m["step"] >= 1, timeout=10)
    assert state["clocks"][0]["remaining_s"] == 0.0
    for seen_by in (c0, c1, watcher):  # every seat and the spectator are shown who a bot plays for now
        seen_by.sync()
        tables = [m["table"] for m in seen_by.seen if "table" in m]
        assert any(t["seats"][0]["replaced_by_bot"] for t in tables), [t["seats"][0] for t in tables]
        assert not any(t["seats"][1]["replaced_by_bot"] for t in tables)
        assert seen_by.latest["clocks"][0]["remaining_s"] == 0.0  # type: ignore[index]
    info = server.http.get(f"/api/tables/{tid}").json()
    assert info["seats"][0]["replaced_by_bot"] and not info["seats"][1]["replaced_by_bot"]
    assert server.app.state.hub.store.actions(tid)[0].seat == 0


def test_turn_clock_deadline(make_server: Any) -> None:
    server: Server = make_server(grace_s=30)
    started = time.time()  # the turn runs from the table's start, not from when this client connects
    created = _started(server, clock={"mode": "turn", "turn_s": 0.6})
    tid = created["table"]["id"]
    c0 = Client(server.ws_base, tid, _token(created, 0))
    c0.wait(lambda m: m["step"] >= 1, timeout=10)
    assert 0.5 <= time.time() - started < 5
    # the next seat gets a whole turn again
    assert c0.latest["clocks"][1]["remaining_s"] > 0.3  # type: ignore[index]


def test_clocks_survive_a_restart(make_server: Any, tmp_path: Any) -> None:
    db = tmp_path / "clock.db"
    server: Server = make_server(db=db, grace_s=30)
    created = _started(server, clock={"mode": "bank", "bank_s": 100.0, "increment_s": 2.0})
    tid = created["table"]["id"]
    c0 = Client(server.ws_base, tid, _token(created, 0))
    time.sleep(0.3)
    c0.act()
    before = c0.latest["clocks"][0]["remaining_s"]  # type: ignore[index]
    assert 101.0 < before < 101.8  # 100 - ~0.3 + 2
    c0.close()
    server.stop()
    again: Server = make_server(db=db, grace_s=30)
    w = Client(again.ws_base, tid)
    assert abs(w.latest["clocks"][0]["remaining_s"] - before) < 0.05  # type: ignore[index]


def test_a_person_who_leaves_is_played_by_a_bot_until_they_come_back(make_server: Any) -> None:
    server: Server = make_server(grace_s=0.3)
    created = _started(server, seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}])
    tid = created["table"]["id"]
    watcher = Client(server.ws_base, tid)
    # seat 0 never connects: after the grace period a bot plays it
    watcher.wait(lambda m: m["step"] >= 3, timeout=10)
    info = server.http.get(f"/api/tables/{tid}").json()
    assert info["seats"][0]["replaced_by_bot"] and not info["seats"][0]["connected"]
    c0 = Client(server.ws_base, tid, _token(created, 0))
    assert not c0.welcome["table"]["seats"][0]["replaced_by_bot"]  # type: ignore[index]
    c0.wait(lambda m: 0 in m["to_act"] or m["over"], timeout=20)
    step = c0.latest["step"]  # type: ignore[index]
    time.sleep(0.5)  # the person is back: nobody moves for them (the bots may, in a simultaneous step)
    c0.sync()
    later = server.app.state.hub.store.actions(tid, since=step)
    assert all(a.seat != 0 for a in later)
    assert c0.latest["over"] or 0 in c0.latest["to_act"]  # type: ignore[index]


def test_a_slow_bot_never_stalls_another_table(make_server: Any) -> None:
    server: Server = make_server(grace_s=30)
    slow = server.create(game="die-macher-2019", players=3,
                         seats=[{"bot": "ismcts:hard"}, {"bot": "ismcts:hard"}, {"bot": "ismcts:hard"}])
    assert slow["table"]["status"] == "playing"  # an all-bot table starts at once
    # a table of bots only plays while someone watches it (issue 23): a spectator makes it search
    watcher = Client(server.ws_base, slow["table"]["id"])
    fast = _started(server, seats=[{"bot": None}, {"bot": None}, {"bot": None}])
    tid = fast["table"]["id"]
    clients = {p: Client(server.ws_base, tid, _token(fast, p)) for p in range(3)}
    time.sleep(0.3)  # the slow table is searching now
    worst = 0.0
    for _ in range(15):
        clients[0].sync()
        seat = clients[0].latest["to_act"][0]  # type: ignore[index]
        clients[seat].sync()
        t = time.perf_counter()
        assert clients[seat].act().get("ack") is not None
        worst = max(worst, time.perf_counter() - t)
    assert worst < 0.5, worst
    hub = server.app.state.hub
    assert hub.tables[slow["table"]["id"]].bot_task is not None  # still thinking meanwhile
    watcher.close()
