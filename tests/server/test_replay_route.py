"""Replays of finished games (issue 24, point 5): ``GET /api/tables/<id>/replay?seat=&step=&lang=``.

Refused while the game runs; each seat's replay is exactly what the engine lets that seat see at that step (its
view, its events; the action only to the seat that took it), never another seat's private event, a token or the
host's secret; every limit (the per-client rate, both caches, the query's fields) attacked past it: refused in the
asker's language, nothing changed."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import orjson
import pytest

import hustings
from hustings.server.limits import Limits
from hustings.server.replays import CHECKPOINT

from .conftest import Client, Server, protocol_errors


def _finished(server: Server, game: str, players: int) -> dict[str, Any]:
    """A table of random bots played to its end (it plays while a spectator watches): the create answer."""
    r = server.http.post("/api/tables", json={"game": game, "players": players, "seats": [{"bot": "random"}] * players})
    assert r.status_code == 200, r.text
    created: dict[str, Any] = r.json()
    tid = created["table"]["id"]
    watcher = Client(server.ws_base, tid, None)
    deadline = time.time() + 60
    while server.http.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.time() < deadline, "the bots did not finish"
        with contextlib.suppress(Exception):  # nothing came within the wait
            watcher.recv(timeout=0.3)
    watcher.ws.close()
    return created


def _replay(server: Server, tid: str, **query: Any) -> Any:
    return server.http.get(f"/api/tables/{tid}/replay", params=query)


def _plain(value: Any) -> Any:
    return json.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


@pytest.fixture
def fast(make_server: Any) -> Server:
    """A server whose replay rate does not get in the way of stepping through whole games."""
    server: Server = make_server(grace_s=0.5, limits=Limits(replays_per_minute=1e6, replay_burst=100_000))
    return server


def test_refused_while_the_game_runs_in_the_askers_language(fast: Server) -> None:
    created = fast.create(game="die-macher-2019", players=3)
    fast.start_table(created)
    tid = created["table"]["id"]
    for lang, words in (("en", "still being played"), ("zh-Hant", "仍在進行"), ("zh-Hans", "仍在进行")):
        r = _replay(fast, tid, seat=0, step=0, lang=lang)
        assert r.status_code == 409 and r.json()["error"] == "conflict" and words in r.json()["message"]
    replays = fast.app.state.replays
    assert replays.games_kept == 0 and replays.states_kept == 0 and replays.applied == 0  # nothing worked out
    assert fast.http.get(f"/api/tables/{tid}").json()["status"] == "playing"
    assert _replay(fast, "no-such-table").status_code == 404


@pytest.mark.parametrize(("game", "players"), [("die-macher-2019", 3), ("election-war", 4)])
def test_each_seat_sees_only_its_own_part_of_each_step(fast: Server, game: str, players: int) -> None:
    created = _finished(fast, game, players)
    tid = created["table"]["id"]
    record = fast.http.get(f"/api/tables/{tid}/record").json()
    steps = len(record["actions"])
    # the same game, worked out here from the record: what each seat may see after each step
    state = hustings.make(game, seed=record["seed"], **record["options"])
    states = [state.clone()]
    for p, a in record["actions"]:
        state.apply(p, a)
        states.append(state.clone())
    secrets = [created["host"], str(record["seed"])]
    private_seen = 0
    for k in [*range(0, steps + 1, 7), steps]:
        answers = {}
        for seat in [*range(players), None]:
            r = _replay(fast, tid, seat="spectator" if seat is None else seat, step=k, lang="en")
            assert r.status_code == 200, r.text
            body = r.json()
            assert not protocol_errors(body, game, "Replay")
            assert body["step"] == k and body["steps"] == steps and body["seat"] == seat
            assert body["view"] == _plain(states[k].view(seat))
            assert [(e["type"], e["to"], e["data"]) for e in body["events"]] == [
                (e.type, e.to, _plain(e.data)) for e in states[k].events(seat) if e.step == k]
            assert all(e["to"] in (None, seat) for e in body["events"])
            text = r.text
            assert not any(s in text for s in secrets)  # never the host's secret, never the seed
            if k:
                actor = record["actions"][k - 1][0]
                assert body["acted"]["seat"] == actor
                assert (body["acted"]["label"] is not None) == (seat == actor)  # a choice only to who made it
            answers[seat] = body
        # another seat's private events are in no other seat's (or the spectator's) replay
        for a in range(players):
            for e in answers[a]["events"]:
                if e["to"] == a:
                    private_seen += 1
                    assert all(e["text"] not in json.dumps(answers[b], ensure_ascii=False)
                               for b in [*range(players), None] if b != a)
    assert private_seen, "no private event was checked"
    last = _replay(fast, tid).json()  # no step: the end, the spectator's
    assert last["step"] == steps and last["over"] and last["outcome"]["winners"] == list(states[-1].outcome().winners)
    assert last["to_act"] == []


def test_words_in_the_askers_language(fast: Server) -> None:
    tid = _finished(fast, "die-macher-2019", 3)["table"]["id"]
    en = _replay(fast, tid, seat=0, step=1, lang="en").json()
    zh = _replay(fast, tid, seat=0, step=1, lang="zh-Hant").json()
    assert en["acted"]["label"] and zh["acted"]["label"] and en["acted"]["label"] != zh["acted"]["label"]
    assert [e["text"] for e in en["events"]] != [e["text"] for e in zh["events"]]
    assert en["view"] == zh["view"]


def test_bad_queries_are_refused_and_change_nothing(fast: Server) -> None:
    tid = _finished(fast, "die-macher-2019", 3)["table"]["id"]
    steps = _replay(fast, tid).json()["steps"]
    replays = fast.app.state.replays
    kept, applied = replays.states_kept, replays.applied
    cases = [({"seat": 3}, "seats 0 to 2"), ({"seat": -1}, "seat must be"), ({"seat": "abc"}, "seat must be"),
             ({"seat": "1" * 40}, "seat must be"), ({"seat": "１"}, "seat must be"),
             ({"step": steps + 1}, f"0 to {steps}"),
             ({"step": "1.5"}, "step must be"), ({"step": "9" * 40}, "step must be"), ({"step": "-3"}, "step must be"),
             ({"step": "spectator"}, "step must be")]
    for query, words in cases:
        r = _replay(fast, tid, lang="en", **query)
        assert r.status_code == 400 and r.json()["error"] == "bad_request", (query, r.text)
        assert words in r.json()["message"], (query, r.json())
    r = _replay(fast, tid, seat=7, lang="zh-Hans")
    assert r.status_code == 400 and "没有这个座位" in r.json()["message"]
    assert (replays.states_kept, replays.applied) == (kept, applied)


def test_the_rate_per_client(make_server: Any) -> None:
    server: Server = make_server(grace_s=0.5, limits=Limits(replays_per_minute=0.001, replay_burst=3))
    tid = _finished(server, "palace-escape", 1)["table"]["id"]
    for _ in range(3):
        assert _replay(server, tid, step=1).status_code == 200
    replays = server.app.state.replays
    applied = replays.applied
    for lang, words in (("en", "Too many replay steps"), ("zh-Hant", "過多"), ("zh-Hans", "过多")):
        r = _replay(server, tid, step=2, lang=lang)
        assert r.status_code == 429 and r.json()["error"] == "too_many_replays" and words in r.json()["message"]
        assert int(r.headers["Retry-After"]) >= 1
    r = _replay(server, tid, seat="nonsense")  # a bad request counts too: it is refused by the rate first
    assert r.status_code == 429
    assert replays.applied == applied  # nothing was worked out for the refused ones


def test_the_caches_stay_within_their_limits_and_a_step_costs_little(make_server: Any) -> None:
    server: Server = make_server(grace_s=0.5, limits=Limits(replays_per_minute=1e6, replay_burst=100_000,
                                                            replay_states=5, replay_tables=1))
    a = _finished(server, "die-macher-2019", 3)["table"]["id"]
    b = _finished(server, "palace-escape", 1)["table"]["id"]
    replays = server.app.state.replays
    steps = _replay(server, a).json()["steps"]
    assert steps > 5 * CHECKPOINT
    assert replays.states_kept <= 5
    for k in range(steps + 1):  # forwards through the whole game: never more states than the limit
        assert _replay(server, a, seat=k % 3, step=k).status_code == 200
        assert replays.states_kept <= 5
    # a step near a kept checkpoint costs at most CHECKPOINT actions
    rng = random.Random(3)
    for _ in range(20):
        k = rng.randrange(steps - 3 * CHECKPOINT, steps + 1)
        before = replays.applied
        assert _replay(server, a, step=k).status_code == 200
        assert replays.applied - before <= CHECKPOINT
    assert _replay(server, b).status_code == 200
    assert replays.games_kept == 1  # a's record made room for b's
    assert _replay(server, a, step=3).status_code == 200  # read again from the store when asked again
    assert replays.games_kept == 1


def test_a_given_up_game_ends_where_it_was_given_up(fast: Server) -> None:
    created = fast.create(game="palace-escape", players=1, seats=[{"bot": None}])
    fast.start_table(created)
    tid = created["table"]["id"]
    c = Client(fast.ws_base, tid, created["seats"][0]["token"])
    c.act(c.latest["legal"][0]["id"])  # type: ignore[index]
    c.send({"type": "give_up", "step": c.latest["step"]})  # type: ignore[index]
    deadline = time.time() + 10
    while fast.http.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.05)
    body = _replay(fast, tid, seat=0).json()
    assert body["steps"] == 1 and body["outcome"]["given_up"] == 0 and body["outcome"]["winners"] == []


def test_chat_lines_are_placed_at_the_step_they_were_written(fast: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record with a chat (issue 25.2 adds it: each line's seat, time and text or phrase key): each line comes
    with the step it was written at, from the stored times of the moves, and a step shows what was said by then."""
    tid = _finished(fast, "palace-escape", 1)["table"]["id"]
    hub = fast.app.state.hub
    ats = [a.at for a in hub.store.actions(tid, 0)]
    real = hub.record_of

    async def with_chat(table_id: str) -> dict[str, Any]:
        record: dict[str, Any] = await real(table_id)
        record["chat"] = [{"seat": 0, "at": ats[0] - 1, "phrase": "hello"},
                          {"seat": 0, "at": ats[9], "text": "<b>halfway</b>"},
                          {"seat": 0, "at": ats[-1] + 5, "phrase": "good_game"}, "junk"]
        return record

    monkeypatch.setattr(hub, "record_of", with_chat)
    assert [line["step"] for line in _replay(fast, tid).json()["chat"]] == [0, 10, len(ats)]
    assert _replay(fast, tid, step=0).json()["chat"] == [{"seat": 0, "at": ats[0] - 1, "phrase": "hello", "step": 0}]
    assert [line.get("text") for line in _replay(fast, tid, step=10).json()["chat"]] == [None, "<b>halfway</b>"]


def test_the_replay_page_is_served(fast: Server) -> None:
    r = fast.http.get("/r/anything")
    assert r.status_code == 200 and "/static/replay.js" in r.text
    for name in ("replay.js", "replay.css"):
        assert fast.http.get(f"/static/{name}").status_code == 200


def test_serve_refuses_replay_limits_that_make_no_sense() -> None:
    from typer.testing import CliRunner

    from hustings.cli import app

    for args, word in ((["--replays-per-minute", "0"], "--replays-per-minute"),
                       (["--replay-states", "0"], "--replay-states")):
        res = CliRunner().invoke(app, ["serve", "--db", "sqlite:///nowhere/never.db", *args])
        assert res.exit_code == 2 and word in res.output, (args, res.output)


def _said(c: Client) -> dict[str, Any]:
    """The next line said at the table (past the history a hello brings)."""
    while True:
        msg = c.recv_type("chat")
        if not msg.get("history") and msg["lines"]:
            return dict(msg["lines"][-1])


def test_a_chat_written_at_the_table_is_in_its_replay(fast: Server) -> None:
    """Issue 25.2 end to end: a line written over the websocket during the game and a phrase after its end are stored
    with the game and shown in its replay (no record patched), each at its step, the text as written."""
    created = fast.create(game="palace-escape", players=1, seats=[{"bot": None}])
    fast.start_table(created)
    tid = created["table"]["id"]
    c = Client(fast.ws_base, tid, created["seats"][0]["token"])
    c.send({"type": "chat", "text": "<i>first</i> move next"})
    assert _said(c)["text"] == "<i>first</i> move next"
    c.act(c.latest["legal"][0]["id"])  # type: ignore[index]
    c.send({"type": "give_up", "step": c.latest["step"]})  # type: ignore[index]
    deadline = time.time() + 10
    while fast.http.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.time() < deadline
        time.sleep(0.05)
    c.send({"type": "chat", "phrase": "good_game"})
    assert _said(c)["phrase"] == "good_game"
    c.ws.close()
    lines = _replay(fast, tid).json()["chat"]
    assert [(line["step"], line.get("text"), line.get("phrase")) for line in lines] == [
        (0, "<i>first</i> move next", None), (1, None, "good_game")]
    assert [line.get("text") for line in _replay(fast, tid, step=0).json()["chat"]] == ["<i>first</i> move next"]
