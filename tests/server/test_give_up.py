"""The server's table where a person plays the puzzle (palace-escape rulings.md R7, R12), end to end over real
websockets and a real SQLite file: no action limit at a person's table, giving up as a command of the table (not
a legal action), stored as over and given up, told to every connection, kept across a restart."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import hustings

from .conftest import Client, Server


def _hint(client: Client) -> dict[str, Any]:
    """Ask for a hint: an action that never ends the game (a random first swap of a fresh deal may get the
    president caught)."""
    assert client.latest is not None
    return client.act(next(a["id"] for a in client.latest["legal"] if a["kind"] == "hint"))


def _puzzle(server: Server) -> tuple[str, str]:
    created = server.create(game="palace-escape", players=1, variant="hard", lang="zh-Hant")
    server.start_table(created)
    return created["table"]["id"], created["seats"][0]["token"]


def test_the_person_gives_up_the_puzzle_and_every_connection_is_told(server: Server) -> None:
    """R12 over the protocol (every message checked against its schema by Client): can_give_up is offered to the
    person, not to a spectator; giving up ends the table lost (outcome.given_up), refuses any move after it, and
    the record (seed included, now the game is over) says so. R7: the table has no action limit."""
    tid, token = _puzzle(server)
    person = Client(server.ws_base, tid, token)
    watcher = Client(server.ws_base, tid)
    assert person.latest is not None and watcher.latest is not None
    assert person.latest["can_give_up"] is True and watcher.latest["can_give_up"] is False
    assert person.latest["view"]["actions_left"] is None  # person_options: no limit where a person plays
    assert "give_up" not in {a["kind"] for a in person.latest["legal"]}  # a command of the table, not an action
    assert "ack" in _hint(person)
    step = person.latest["step"]
    watcher.send({"type": "give_up", "step": step})
    assert watcher.recv_type("error")["code"] == "spectator"
    person.send({"type": "give_up", "step": step - 1})
    assert person.recv_type("error")["code"] == "stale_step"
    person.send({"type": "give_up", "step": step})
    ended = person.wait(lambda m: m["over"])
    assert ended["type"] == "update" and ended["over"] is True and ended["status"] == "over"
    assert ended["legal"] == [] and not ended["can_give_up"]
    assert ended["outcome"]["given_up"] == 0 and ended["outcome"]["winners"] == []
    assert ended["outcome"]["utilities"] == [-1.0] and ended["step"] == step
    seen = watcher.wait(lambda m: m["over"])
    assert seen["outcome"]["given_up"] == 0
    person.send({"type": "act", "step": step, "action": 0})
    assert person.recv_type("error")["code"] == "over"
    person.send({"type": "give_up", "step": step})
    assert person.recv_type("error")["code"] == "over"
    assert server.http.get(f"/api/tables/{tid}").json()["status"] == "over"
    record = server.http.get(f"/api/tables/{tid}/record").json()
    assert record["given_up"] == 0 and record["options"]["max_actions"] is None
    assert hustings.replay(record).step_count == step
    person.close()
    watcher.close()


def test_a_given_up_table_stays_given_up_after_a_restart(make_server: Callable[..., Server]) -> None:
    """R12, the restore path: a new server on the same database reads the table back as over and given up."""
    first = make_server()
    tid, token = _puzzle(first)
    person = Client(first.ws_base, tid, token)
    _hint(person)
    assert person.latest is not None
    person.send({"type": "give_up", "step": person.latest["step"]})
    person.wait(lambda m: m["over"])
    person.close()
    first.stop()
    second = make_server()
    again = Client(second.ws_base, tid, token)
    assert again.latest is not None
    assert again.latest["over"] and again.latest["outcome"]["given_up"] == 0 and not again.latest["can_give_up"]
    again.send({"type": "act", "step": again.latest["step"], "action": 0})
    assert again.recv_type("error")["code"] == "over"
    again.close()


def test_a_game_of_several_seats_cannot_be_given_up(server: Server) -> None:
    """R12: only the one person of a one-player game may give up; elsewhere the request is refused in the
    connection's language and nothing changes."""
    created = server.create(game="election-war", players=2)
    server.start_table(created)
    tid = created["table"]["id"]
    c = Client(server.ws_base, tid, created["seats"][0]["token"], lang="zh-Hans")
    assert c.latest is not None and c.latest["can_give_up"] is False
    c.send({"type": "give_up", "step": c.latest["step"]})
    err = c.recv_type("error")
    assert err["code"] == "cannot_give_up" and "单人游戏" in err["message"]
    assert server.http.get(f"/api/tables/{tid}").json()["status"] == "playing"
    c.close()


def test_a_table_of_bots_keeps_the_action_limit(server: Server) -> None:
    """R7: person_options apply only where a person sits; bots play the puzzle as programs do, with the limit."""
    created = server.create(game="palace-escape", players=1, seats=[{"bot": "heuristic"}])
    tid = created["table"]["id"]
    watcher = Client(server.ws_base, tid)  # a table of bots only plays while someone watches it (issue 23)
    deadline = time.time() + 20
    while server.http.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.time() < deadline, "the bot did not finish the puzzle"
        time.sleep(0.05)
    record = server.http.get(f"/api/tables/{tid}/record").json()
    assert "max_actions" not in record["options"] and "given_up" not in record
    watcher.close()
