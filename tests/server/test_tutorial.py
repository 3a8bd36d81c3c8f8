"""A tutorial table (issue 24.4): a create option; at each of a person's decisions the seat is sent the game's
heuristic hint (``advice``: one of its legal actions, and the reason in the connection's language worded from the
numbers that decided it), which the person may follow with one act; nobody else gets that seat's hint; a table
without the option gets none; a bad ``tutorial`` value is refused and creates nothing; the option survives a
restart (stored in the table's settings, both stores: tests/server/test_store_contract.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hustings.bots.heuristic import advice_text, advise
from hustings.engine.words import words_for

from .conftest import Client, Server

ONE_PERSON = [{"bot": None}, {"bot": "heuristic"}]
TWO_PEOPLE = [{"bot": None}, {"bot": None}]


def _expected(server: Server, tid: str, seat: int, lang: str) -> tuple[int, str]:
    """The hint the game's heuristic gives from the seat's own view, worded in ``lang``."""
    table = server.app.state.hub.tables[tid]
    state, game = table.state, table.record.game
    found = advise(game, state.view(seat), state.legal_actions(seat))
    assert found is not None
    catalog = words_for(game).catalog
    assert catalog is not None
    return found.action.id, advice_text(found, catalog, lang)


def test_each_decision_comes_with_the_hint_and_its_reason_in_the_readers_language(server: Server) -> None:
    created = server.create(game="election-war", players=2, seats=ONE_PERSON, tutorial=True)
    assert created["table"]["tutorial"] is True
    server.start_table(created)
    tid = created["table"]["id"]
    c = Client(server.ws_base, tid, created["seats"][0]["token"], lang="zh-Hant")
    for _ in range(6):  # the six rows of the declaration, each followed with one act
        state = c.wait(lambda m: bool(m.get("legal")))
        got = next(m for m in reversed(c.seen) if m["type"] in ("state", "update") and "advice" in m)
        advice = got["advice"]
        assert advice["action"] in {a["id"] for a in state["legal"]}
        assert (advice["action"], advice["text"]) == _expected(server, tid, 0, "zh-Hant")
        assert advice["reason"] == "advice.declare" and "戰鬥力" in advice["text"]
        assert set(advice["numbers"]) >= {"council", "strength"}
        assert c.act(advice["action"]).get("ack") is not None  # following it is one act
    c.close()


def test_no_hint_without_the_option_nor_for_anyone_but_the_seat_to_act(server: Server) -> None:
    plain = server.create(game="palace-escape", players=1, seats=[{"bot": None}])
    assert plain["table"]["tutorial"] is False
    server.start_table(plain)
    c = Client(server.ws_base, plain["table"]["id"], plain["seats"][0]["token"])
    c.wait(lambda m: bool(m.get("legal")))
    assert not any("advice" in m for m in c.seen)
    c.close()

    created = server.create(game="election-war", players=2, seats=TWO_PEOPLE, tutorial=True)
    server.start_table(created)
    tid = created["table"]["id"]
    a = Client(server.ws_base, tid, created["seats"][0]["token"], lang="en")
    b = Client(server.ws_base, tid, created["seats"][1]["token"], lang="zh-Hans")
    watcher = Client(server.ws_base, tid, lang="en")
    for cl in (a, b, watcher):
        cl.sync()
    hint_a = next(m["advice"] for m in a.seen if "advice" in m)
    hint_b = next(m["advice"] for m in b.seen if "advice" in m)
    assert (hint_a["action"], hint_a["text"]) == _expected(server, tid, 0, "en")
    assert (hint_b["action"], hint_b["text"]) == _expected(server, tid, 1, "zh-Hans")
    assert not any("advice" in m for m in watcher.seen)  # a spectator acts on nothing: no hint
    for cl in (a, b, watcher):
        cl.close()


def _count(server: Server) -> int:
    return len(server.app.state.hub.store.tables())


def test_a_bad_tutorial_value_is_refused_and_creates_nothing(server: Server) -> None:
    before = _count(server)
    for bad in ("yes", 1, None, [True], {"on": True}, "x" * 10_000):
        r = server.http.post("/api/tables", json={"game": "election-war", "players": 2, "seats": ONE_PERSON,
                                                  "tutorial": bad})
        assert r.status_code == 400, (bad, r.text)
        assert r.json()["error"] == "bad_request" and "tutorial" in r.json()["message"]
    assert _count(server) == before


def test_the_option_survives_a_restart(make_server: Callable[..., Server], tmp_path: Any) -> None:
    first = make_server(db=tmp_path / "t.db")
    created = first.create(game="palace-escape", players=1, seats=[{"bot": None}], tutorial=True)
    first.start_table(created)
    tid = created["table"]["id"]
    first.stop()
    second = make_server(db=tmp_path / "t.db")
    c = Client(second.ws_base, tid, created["seats"][0]["token"], lang="en")
    state = c.wait(lambda m: bool(m.get("legal")))
    assert state["table"]["tutorial"] is True
    advice = next(m["advice"] for m in c.seen if "advice" in m)
    assert advice["reason"] in ("advice.swap", "advice.swap_limit")
    assert (advice["action"], advice["text"]) == _expected(second, tid, 0, "en")
    c.close()
