"""House rules at the server's tables (issue 29, point 3): the lobby creates a table under house rules, checked
with the engine's one-line errors (a bad one is refused with bad_request naming its path, and nothing is stored;
the server's own limits on the number of rules and the request's size hold), stores them with the table (a
restarted server resumes it under the same rules), shows them to every seat, spectator, the open list and the
replay, keeps them for a rematch, and a finished table's record carries ``rules`` and ``data_digest`` so its replay
is exact."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.engine import RecordError
from hustings.engine.house import data_digest, require
from hustings.server.limits import Limits
from hustings.server.lobby import LobbyError, stored_record
from hustings.server.replays import Replays
from hustings.server.store import open_store
from hustings.server.tables import Hub

from . import pg_fixture
from .conftest import Client, Server, hub_claim_all, hub_conn, protocol_errors
from .test_old_rules import sql

pg_server = pg_fixture.pg_server

EW = "election-war"
RULES = {"all_lose_if_tied": 2, "hand_size": 4, "news.gaffe.amount": -3}


async def _hub(url: str, **limits: Any) -> Hub:
    hub = Hub(open_store(url), grace_s=30.0, limits=Limits(**limits))
    await hub.open()
    return hub


async def _close(hub: Hub) -> None:
    await hub.stop()
    hub.store.close()


async def _watch_to_end(hub: Hub, tid: str) -> list[dict[str, Any]]:
    """A spectator watches a table of bots (which plays only while watched) until it is over; what it was sent."""
    conn, got = hub_conn()
    await hub.hello(conn, tid, {"type": "hello", "lang": "zh-Hant", "spectator": True})
    for _ in range(2400):
        if hub.tables[tid].status == "over":
            break
        await asyncio.sleep(0.025)
    assert hub.tables[tid].status == "over", "the table of bots did not finish"
    hub.gone(conn)
    return got


def test_a_table_of_bots_plays_house_rules_to_its_end_and_its_record_replays_exactly(tmp_path: Path) -> None:
    async def run() -> None:
        hub = await _hub(f"sqlite://{tmp_path / 's.db'}")
        made = await hub.create({"game": EW, "players": 4, "seats": [{"bot": "heuristic"}] * 4,
                                 "rules": RULES})
        info = made["table"]
        tid = info["id"]
        assert info["rules"] == dict(sorted(RULES.items()))
        assert set(info["rules_text"]) == {"en", "zh-Hans", "zh-Hant"}
        for lang in ("en", "zh-Hans", "zh-Hant"):  # each seat reads them in its own language
            assert info["rules_text"][lang] == require(EW).describe(info["rules"], lang)
        assert any("原版" in line and "全體落敗" in line for line in info["rules_text"]["zh-Hant"])
        state = hub.tables[tid].core.state
        assert state.data.ALL_LOSE_IF_TIED == 2 and state.data.HAND_SIZE == 4  # the variant travels with the state
        got = await _watch_to_end(hub, tid)
        shown = [m["table"] for m in got if m["type"] in ("welcome", "state") and "table" in m]
        assert shown and all(t["rules"] == info["rules"] for t in shown)  # the spectator is told too
        record = await hub.record_of(tid)
        assert record["rules"] == info["rules"] and record["data_digest"] == data_digest(state.data)
        again = hustings.replay(record)
        assert again == hub.tables[tid].core.state and again.is_over
        with pytest.raises(RecordError, match="other data"):
            hustings.replay({**record, "rules": {"all_lose_if_tied": 3}})
        # the stored form (a table of another release is answered from the store alone) carries them too
        stored = await hub._db(hub.store.table, tid)
        kept = stored_record(stored, await hub._db(hub.store.actions, tid, 0))
        assert kept["rules"] == info["rules"] and kept["data_digest"] == record["data_digest"]
        assert "rules" not in kept["options"]
        assert hustings.replay(kept) == again
        # the replay route steps through it under its rules and says which they are
        replays = Replays(hub, hub.limits)
        try:
            end = await replays.step(tid, {"seat": "1"}, "me", "zh-Hans")
            assert end["table"]["rules"] == info["rules"] and end["over"]
            assert end["view"] == again.view(1)
            mid = await replays.step(tid, {"seat": "spectator", "step": "7"}, "me", "en")
            assert mid["table"]["rules_text"]["en"] == info["rules_text"]["en"]
        finally:
            replays.close()
        await _close(hub)

    asyncio.run(run())


def test_bad_house_rules_are_refused_naming_the_path_and_store_nothing(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 's.db'}"

    async def run() -> None:
        hub = await _hub(url, house_rules=3)
        base = {"game": EW, "players": 4, "claim": 0}
        bad: list[tuple[dict[str, Any], str]] = [
            ({"rules": {"all_lose_if_tide": 4}}, "unknown house rule 'all_lose_if_tide' for election-war; nearest: "
                                                 "all_lose_if_tied"),
            ({"rules": {"all_lose_if_tied": "many"}}, "all_lose_if_tied must be an integer"),
            ({"rules": {"all_lose_if_tied": 99}}, "all_lose_if_tied must be 2..16, not 99"),
            ({"rules": {"hand_size": True}}, "hand_size must be an integer"),
            ({"rules": {"news.gaffe.amount": 1_000_000}}, "news.gaffe.amount must be -6..6"),
            ({"rules": {"roles.<id>.level": 2}}, "unknown house rule"),
            ({"rules": [["hand_size", 4]]}, "rules must be an object"),
            ({"rules": "hand_size=4"}, "rules must be an object"),
            ({"rules": {f"news.{i}.count": 2 for i in require(EW).settings[4].ids[:4]}}, "at most 3 house rules"),
            ({"rules": {"x" * 5000: 1}}, "a house rule path must be a dotted name"),
            ({"rules": {"mini": True}}, "mini"),  # the two-player game at four players: the combination is refused
            ({"game": "palace-escape", "players": 1, "rules": {"rounds": 2}}, "unknown house rule 'rounds' for "
                                                                              "palace-escape"),
            ({"game": "toy", "players": 2, "rules": {"rounds": 2}}, "toy takes no house rules"),
            ({"game": "die-macher", "players": 4, "rules": {"members_bonus": list(range(1000))}},
             "members_bonus must have 2..2 items, not 1000"),
            ({"game": "die-macher", "players": 4, "rules": {"members_bonus": {"a": {"b": [1]}}}},
             "members_bonus must be a list"),
            ({"game": "die-macher", "players": 4, "rules": {"rounds.full": 10**30}}, "rounds.full must be 3..7"),
            ({"game": "die-macher", "players": 4, "options": {"money_rounds": "all_but_last_two"},
              "rules": {"money_rounds": "all_but_last"}}, "clashes with option money_rounds"),
        ]
        before = sql(url, "SELECT count(*) FROM tables")[0][0]
        for body, words in bad:
            with pytest.raises(LobbyError) as e:
                await hub.create({**base, **body})
            assert e.value.code == "bad_request" and words in e.value.message, (body, e.value.message)
            assert "\n" not in e.value.message and len(e.value.message) < 300
        assert sql(url, "SELECT count(*) FROM tables")[0][0] == before
        # rules equal to the printed game are no house rules: none shown, none stored
        plain = await hub.create({**base, "rules": {"all_lose_if_tied": 3}})
        assert "rules" not in plain["table"] and "rules" not in (await hub._db(hub.store.table,
                                                                              plain["table"]["id"])).options
        # a game option that is a setting of the schema (classic's 001/003) is shown as a house rule too
        classic = await hub.create({**base, "game": "die-macher", "options": {"money_rounds": "all_but_last"}})
        assert classic["table"]["rules"] == {"money_rounds": "all_but_last"}
        assert "(" in classic["table"]["rules_text"]["en"][0]  # with the printed value
        await _close(hub)

    asyncio.run(run())


def test_a_restarted_server_resumes_the_table_under_its_rules(db_url: str) -> None:
    async def run() -> None:
        hub = await _hub(db_url)
        made = await hub_claim_all(hub, await hub.create({"game": EW, "players": 3, "claim": 0, "rules": RULES}))
        tid = made["table"]["id"]
        tokens = [s["token"] for s in made["seats"]]
        for p, tok in enumerate(tokens):
            await hub.join(tid, tok, f"P{p}", True)
        await hub.start(tid, tokens[0])
        conns = []
        for tok in tokens:
            conn, got = hub_conn()
            await hub.hello(conn, tid, {"type": "hello", "token": tok, "lang": "en"})
            conns.append((conn, got))
        for _ in range(6):  # a few moves, whoever is to act
            for conn, got in conns:
                last = [m for m in got if m["type"] in ("state", "update")][-1]
                if last["legal"] and not last["over"]:
                    await hub.act(conn, {"type": "act", "step": last["step"], "action": last["legal"][0]["id"]})
                    break
        before = hub.tables[tid].core.state
        assert before.step_count > 0
        await _close(hub)

        hub = await _hub(db_url)
        info = await hub.table_info(tid)
        assert info["rules"] == dict(sorted(RULES.items())) and info["status"] == "playing"
        after = hub.tables[tid].core.state
        assert after == before and data_digest(after.data) == data_digest(before.data)
        assert after.data.HAND_SIZE == 4
        await _close(hub)

    asyncio.run(run())


def test_a_rematch_plays_the_same_house_rules(tmp_path: Path) -> None:
    async def run() -> None:
        hub = await _hub(f"sqlite://{tmp_path / 's.db'}")
        made = await hub_claim_all(hub, await hub.create(
            {"game": EW, "players": 2, "claim": 0, "seats": [{"bot": None}, {"bot": "random"}],
             "rules": {"hand_size": 3}}))
        tid = made["table"]["id"]
        tok = made["seats"][0]["token"]
        await hub.join(tid, tok, "Ann", True)
        await hub.start(tid, tok)
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": tok, "lang": "en"})
        for _ in range(3000):
            if hub.tables[tid].status == "over":
                break
            last = [m for m in got if m["type"] in ("state", "update")][-1]
            if last["legal"] and not last["over"]:
                await hub.act(conn, {"type": "act", "step": last["step"], "action": last["legal"][0]["id"]})
            else:
                await asyncio.sleep(0.01)
        assert hub.tables[tid].status == "over"
        again = await hub.rematch(tid, tok)
        assert again["table"]["rules"] == {"hand_size": 3} and again["table"]["id"] != tid
        assert hub.tables[again["table"]["id"]].core.state.data.HAND_SIZE == 3
        await _close(hub)

    asyncio.run(run())


def test_the_lobby_over_http_offers_the_schema_and_holds_its_limits(server: Server) -> None:
    games = server.http.get("/api/games", params={"lang": "zh-Hans"}).json()  # checked against the schema
    ew = next(g for g in games if g["id"] == EW)
    paths = [s["path"] for s in ew["house_rules"]]
    assert paths == [s.path for s in require(EW).settings]
    tied = ew["house_rules"][0]
    assert tied["min"] == 2 and tied["max"] == 16 and tied["printed"] == 3 and "全体落败" in tied["text"]
    assert [s["path"] for s in next(g for g in games if g["id"] == "die-macher")["house_rules"]][:2] == [
        "rounds.full", "rounds.short"]
    assert next(g for g in games if g["id"] == "toy")["house_rules"] == []  # a game without a schema

    bad = server.http.post("/api/tables", json={"game": EW, "players": 4, "claim": 0,
                                                 "rules": {"hand_size": 40}})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_request"
    assert "hand_size must be 1..12, not 40" in bad.json()["message"]
    huge = server.http.post("/api/tables", content=json.dumps(
        {"game": EW, "players": 4, "claim": 0, "rules": {f"r{i}": i for i in range(20000)}}),
        headers={"content-type": "application/json"})
    assert huge.status_code == 413 and huge.json()["error"] == "too_large"
    many = server.http.post("/api/tables", json={"game": EW, "players": 4, "claim": 0,
                                                  "rules": {f"news.{i}.count": 2 for i in range(101)}})
    assert many.status_code == 400 and "at most 100 house rules" in many.json()["message"]

    made = server.http.post("/api/tables", json={
        "game": EW, "players": 3, "seats": [{"bot": None}, {"bot": "heuristic"}, {"bot": None}],
        "rules": {"all_lose_if_tied": 2}, "public": True, "claim": 0, "lang": "zh-Hant"}).json()
    tid = made["table"]["id"]
    listed = server.http.get("/api/open", params={"lang": "zh-Hant"}).json()["tables"]
    entry = next(t for t in listed if t["id"] == tid)
    assert entry["rules"] == {"all_lose_if_tied": 2} and "全體落敗" in entry["rules_text"][0]
    # a list's value travels as a list, in the answer and in every message of the table
    dm = server.create(game="die-macher", players=3, seats=[{"bot": None}, {"bot": "random"}, {"bot": "random"}],
                       rules={"members_bonus": [9, 4]})
    assert dm["table"]["rules"] == {"members_bonus": [9, 4]}
    dm_seat = Client(server.ws_base, dm["table"]["id"], dm["seats"][0]["token"])
    assert dm_seat.welcome is not None and dm_seat.welcome["table"]["rules"] == {"members_bonus": [9, 4]}
    dm_seat.close()
    # quick play is the printed game: it opens a table of its own rather than take a seat at this one
    quick = server.http.post("/api/quick", json={"game": EW, "players": 3, "name": "Q"}).json()
    assert quick["created"] is True and quick["table"]["id"] != tid and "rules" not in quick["table"]
    seat = Client(server.ws_base, tid, made["you"]["token"], lang="zh-Hant")  # its messages checked too
    assert seat.welcome is not None and seat.welcome["table"]["rules"] == {"all_lose_if_tied": 2}
    info = server.http.get(f"/api/tables/{tid}").json()
    assert info["rules"] == {"all_lose_if_tied": 2} and "原版" in info["rules_text"]["zh-Hant"][0]
    assert not protocol_errors(info, None, "TableInfo")
    seat.close()
