"""The websocket ``explain`` message: a seat gets the worked explanation of an event it was sent, from its own
events and view only (Die Macher 2019, seed 000: elections §四, income §五, hidden hands §二)."""

from __future__ import annotations

from typing import Any

from hustings.engine.words import Voice
from hustings.server.words import explain

from .conftest import Client, Server

HUMANS_3 = [{"bot": None}, {"bot": None}, {"bot": None}]


def _events(c: Client) -> list[dict[str, Any]]:
    return [e for m in c.seen if m["type"] in ("state", "update") for e in m["events"]]


def _place(events: list[dict[str, Any]], kind: str) -> tuple[int, int]:
    """(step, index among that step's events) of the first event of ``kind`` in a client's log."""
    for e in events:
        if e["type"] == kind:
            same = [x for x in events if x["step"] == e["step"]]
            return e["step"], next(i for i, x in enumerate(same) if x is e)
    raise AssertionError(f"no {kind} event")


def test_explain_own_events_and_refuse_what_was_not_seen(server: Server) -> None:
    created = server.create(game="die-macher-2019", players=3, seats=HUMANS_3)
    server.start_table(created)
    tid = created["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    clients = {p: Client(server.ws_base, tid, tokens[p], lang="en") for p in range(3)}
    for _ in range(200):  # first legal actions until the first election (end of round 1)
        c0 = clients[0]
        c0.sync()
        if any(e["type"] == "election_result" for e in _events(c0)):
            break
        state = c0.latest
        assert state is not None and not state["over"]
        actor = clients[state["to_act"][0]]
        actor.sync()
        assert actor.act().get("ack") is not None
    for c in clients.values():
        c.sync()
    c0 = clients[0]
    table = server.app.state.hub.tables[tid]
    step_before = table.state.step_count

    # an election of one's own log: the worked lines, as the terminal's explain words them
    step, index = _place(_events(c0), "election_result")
    c0.send({"type": "explain", "step": step, "index": index})
    got = c0.recv_type("explanation")
    assert (got["step"], got["index"], got["event"]) == (step, index, "election_result")
    assert got["items"][0]["title"].startswith("Election 1")
    assert any("votes" in line for line in got["items"][0]["lines"])

    # income: seat 1's "your money" is worked from seat 1's own events and view, never seat 0's
    c1 = clients[1]
    step, index = _place(_events(c1), "income")
    c1.send({"type": "explain", "step": step, "index": index})
    got1 = c1.recv_type("explanation")
    st = table.state
    own = list(st.events(1))
    k = [i for i, e in enumerate(own) if e.step == step][index]
    # worded with the names people typed when they joined (the harness names seat p "P{p}")
    voice = Voice.of("en", [s.name for s in table.seats])
    assert got1["items"] == explain("die-macher-2019", own[:k + 1], k, voice, st.view(1))
    assert any(got1["items"][0]["title"].startswith(f"Income of {s.name} ") for s in table.seats)

    # a private event of seat 1 (its hand: cards_dealt) is not among seat 0's: refused, nothing changes
    secret = next(e for e in st.all_events() if e.to == 1)
    mine_there = sum(1 for e in _events(c0) if e["step"] == secret.step)
    for bad in ({"step": secret.step, "index": mine_there}, {"step": 10_000, "index": 0},
                {"step": step, "index": -1}):
        c0.send({"type": "explain", **bad})
        err = c0.recv_type("error")
        assert err["code"] == "unknown_event" and "no event" in err["message"], err
    c0.send({"type": "explain", "step": "3", "index": 0})
    assert c0.recv_type("error")["code"] == "bad_message"
    assert c0.sync() == []  # no update: the table did not move
    assert table.state.step_count == step_before

    # a spectator may have public events explained, in its own language
    watcher = Client(server.ws_base, tid, lang="zh-Hant")
    step, index = _place(_events(watcher), "election_result")
    watcher.send({"type": "explain", "step": step, "index": index})
    items = watcher.recv_type("explanation")["items"]
    assert items and "選舉" in items[0]["title"]
    # before hello: refused
    raw = Client(server.ws_base, tid, hello=False)
    raw.send({"type": "explain", "step": 0, "index": 0})
    assert raw.recv_type("error")["code"] == "hello_first"


def test_explain_of_a_game_without_explanations_says_so(server: Server) -> None:
    created = server.create(game="palace-escape", players=1, seats=[{"bot": None}])
    server.start_table(created)
    tid = created["table"]["id"]
    c = Client(server.ws_base, tid, created["seats"][0]["token"])
    assert c.act().get("ack") is not None
    c.sync()
    step, index = _events(c)[-1]["step"], 0
    c.send({"type": "explain", "step": step, "index": index})
    assert c.recv_type("explanation")["items"] == []
