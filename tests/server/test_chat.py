"""The chat at each table (issue 25, point 2): seated players write, everyone at the table reads, spectators only
read; plain text (nothing is turned into markup, control and direction-override characters are taken out); a
line's length, a seat's rate and a table's lines are limited, each refusal said in the writer's language and nothing
changed; quick phrases are sent as keys and read in each reader's language; lines are stored with the game (both
stores), sent to late joiners and after a restart, and carried by the finished game's record.
A real server, real websockets (tests/server/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.server.chat import MAX_MARKS, PHRASES, clean_text
from hustings.server.i18n import CATALOG
from hustings.server.limits import Limits
from hustings.server.live import PlayError
from hustings.server.store import ServerStore, open_store

from . import pg_fixture
from .conftest import Client, Server, claim_all

pg_server = pg_fixture.pg_server

# rate and burst of the connection are the server's own (not the chat's): lifted so that only the chat's limits act
FAST = {"rate": 1000, "burst": 1000}


class UrlServer(Server):
    """The conftest's server on a database given by URL (SQLite or PostgreSQL), for tests run on both stores."""

    def __init__(self, url: str, **app_kw: Any) -> None:
        super().__init__(Path("/nonexistent"), url, **app_kw)


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    made: list[Server] = []
    yield made
    for s in made:
        s.stop()


def _serve(servers: list[Server], url: str, **limits: Any) -> Server:
    s = UrlServer(url, limits=Limits(**limits), grace_s=30, **FAST)
    servers.append(s)
    return s


def _table(server: Server, names: tuple[str, ...] = ("Ann", "Bo")) -> tuple[str, list[str]]:
    """A started toy table of two people: its id and each seat's secret."""
    made = claim_all(server.http, server.http.post("/api/tables", json={"game": "toy", "players": len(names)}).json())
    tid = made["table"]["id"]
    tokens = [s["token"] for s in made["seats"]]
    for seat, (token, name) in enumerate(zip(tokens, names, strict=True)):
        r = server.http.post(f"/api/tables/{tid}/join", json={"token": token, "name": name, "ready": True})
        assert r.status_code == 200 and r.json()["seats"][seat]["name"] == name
    assert server.http.post(f"/api/tables/{tid}/start", json={"token": tokens[0]}).json()["status"] == "playing"
    return tid, tokens


def _history(c: Client) -> dict[str, Any]:
    """The chat message that follows the hello's state."""
    msg = c.recv_type("chat")
    assert msg.get("history") is True, msg
    return msg


def _chat(c: Client, **body: Any) -> dict[str, Any]:
    """Send a chat message; the answer: the line as the writer is told it, or the refusal (what was queued for the
    writer before is read first)."""
    c.sync()
    c.send({"type": "chat", **body})
    while True:
        msg = c.recv()
        if msg["type"] in ("chat", "error"):
            return msg


def _stored(server: Server, tid: str) -> list[Any]:
    store: ServerStore = server.app.state.hub.store
    return store.chat(tid)


def _nothing_for(c: Client) -> None:
    """``c`` was sent no chat line (everything queued for it before a ping)."""
    assert [m for m in c.sync() if m["type"] == "chat"] == []


def test_players_write_everyone_reads_and_text_stays_text(servers: list[Server], tmp_path: Path) -> None:
    server = _serve(servers, f"sqlite://{tmp_path / 'server.db'}")
    tid, (ann, bo) = _table(server)
    a, b, watcher = Client(server.ws_base, tid, ann), Client(server.ws_base, tid, bo), Client(server.ws_base, tid)
    first = _history(a)
    assert first["lines"] == [] and first["can_post"] is True and first["max_chars"] == Limits().chat_max_chars
    assert first["phrases"] == list(PHRASES)
    assert _history(b)["can_post"] is True
    assert _history(watcher)["can_post"] is False  # a spectator reads only
    # markup is text: sent and stored as written (the page shows it with textContent); JSON carries the quotes
    markup = '<img src=x onerror="alert(1)"> & <script>alert("hi")</script>'
    line = _chat(a, text=markup)
    assert line["type"] == "chat" and line["lines"][0]["text"] == markup and line["lines"][0]["seat"] == 0
    for reader in (b, watcher):
        got = reader.recv_type("chat")["lines"]
        assert [(x["n"], x["seat"], x["text"]) for x in got] == [(0, 0, markup)] and "phrase" not in got[0]
    # control characters, line breaks and direction overrides are taken out (a name shown backwards, a line that
    # pushes the page around); marks stacked past MAX_MARKS on one letter too
    sneaky = "hi\u202e\u2066 there\r\n\x00\x1b[31m bye" + "e" + "\u0301" * 50
    want = "hi there [31m bye" + "e" + "\u0301" * MAX_MARKS
    assert _chat(b, text=sneaky)["lines"][0]["text"] == want
    assert a.recv_type("chat")["lines"][0]["text"] == want
    assert watcher.recv_type("chat")["lines"][0]["text"] == want
    # a spectator cannot write to the players, by any message: refused in its language, nothing stored or told
    for body in ({"text": "psst"}, {"phrase": "good_game"}):
        refused = _chat(watcher, **body)
        assert refused["type"] == "error" and refused["code"] == "chat_spectator", refused
        assert "Spectators" in refused["message"]
    zh = Client(server.ws_base, tid, lang="zh-Hant")
    _history(zh)
    assert _chat(zh, text="psst")["message"].startswith("觀戰者")
    assert [x.body for x in _stored(server, tid)] == [markup, want]
    _nothing_for(a)
    _nothing_for(b)
    for c in (a, b, watcher, zh):
        c.close()


def test_a_quick_phrase_reads_in_each_readers_language(servers: list[Server], tmp_path: Path) -> None:
    server = _serve(servers, f"sqlite://{tmp_path / 'server.db'}")
    tid, (ann, bo) = _table(server)
    a = Client(server.ws_base, tid, ann, lang="en")
    b = Client(server.ws_base, tid, bo, lang="zh-Hant")
    s = Client(server.ws_base, tid, lang="zh-Hans")
    for c in (a, b, s):
        _history(c)
    mine = _chat(a, phrase="good_game")["lines"][0]
    theirs = b.recv_type("chat")["lines"][0]
    watched = s.recv_type("chat")["lines"][0]
    assert (mine["phrase"], theirs["phrase"], watched["phrase"]) == ("good_game",) * 3
    assert (mine["text"], theirs["text"], watched["text"]) == ("Good game!", "好局！", "好局！")
    assert _chat(b, phrase="your_turn")["lines"][0]["text"] == "輪到你了。"
    assert a.recv_type("chat")["lines"][0]["text"] == "Your turn."
    assert s.recv_type("chat")["lines"][0]["text"] == "轮到你了。"
    # stored as the key (a replay words it in its reader's language); an unknown key is refused, nothing stored
    assert [(x.kind, x.body) for x in _stored(server, tid)] == [("phrase", "good_game"), ("phrase", "your_turn")]
    refused = _chat(b, phrase="<b>free text through the phrase door</b>")
    assert refused["code"] == "chat_unknown_phrase" and refused["message"] == "沒有這個快捷短語。"
    assert len(_stored(server, tid)) == 2
    # every phrase has its words in every language (never its key shown)
    for lang in ("en", "zh-Hans", "zh-Hant"):
        for key in PHRASES:
            text = CATALOG.text(f"chat.phrase.{key}", lang)
            assert text and "chat.phrase" not in text and key not in text, (lang, key, text)
    _nothing_for(a)
    for c in (a, b, s):
        c.close()


def test_limits_attacked_refuse_clearly_and_change_nothing(servers: list[Server], tmp_path: Path) -> None:
    limits = {"chat_max_chars": 40, "chat_burst": 3, "chat_per_minute": 1.0, "chat_lines_per_table": 7}
    server = _serve(servers, f"sqlite://{tmp_path / 'server.db'}", **limits)
    tid, (ann, bo) = _table(server)
    a, a2 = Client(server.ws_base, tid, ann), Client(server.ws_base, tid, ann)  # one seat, two devices
    b = Client(server.ws_base, tid, bo, lang="zh-Hans")
    for c in (a, a2, b):
        _history(c)

    def refused(c: Client, code: str, **body: Any) -> dict[str, Any]:
        before = len(_stored(server, tid))
        got = _chat(c, **body)
        assert got["type"] == "error" and got["code"] == code, got
        assert len(_stored(server, tid)) == before  # nothing stored
        return got

    # length: the limit is characters (after cleaning), whatever their bytes
    too_long = refused(a, "chat_too_long", text="選" * 41)
    assert "40" in too_long["message"]
    refused(a, "chat_too_long", text="x" * 15_000)  # near the frame limit: refused without being read through
    assert "40" in refused(b, "chat_too_long", text="y" * 41)["message"] and "字符" in b.seen[-1]["message"]
    refused(a, "chat_empty", text=" \n\t\u202e\x00 ")
    refused(a, "bad_message", text=["a", "list"])
    refused(a, "bad_message", text="both", phrase="thanks")
    refused(a, "bad_message")
    assert _chat(a, text="選" * 40)["lines"][0]["text"] == "選" * 40  # exactly the limit is fine
    # rate: a burst of 3 per seat (the first line above took one); the seat's second device shares the bucket
    assert _chat(a2, text="two")["type"] == "chat"
    assert _chat(a, phrase="thanks")["type"] == "chat"
    slow = refused(a2, "chat_rate_limited", text="four")
    assert "s" in slow["message"]
    refused(a, "chat_rate_limited", phrase="oops")
    assert [x.seat for x in _stored(server, tid)] == [0, 0, 0]
    # another seat's bucket is its own
    for i in range(3):
        assert _chat(b, text=f"b{i}")["type"] == "chat"
    assert refused(b, "chat_rate_limited", text="b3")["message"].startswith("发言太快了")
    # a table's lines are bounded: 7 stored, the next refused whoever writes
    hub = server.app.state.hub
    hub.tables[tid].chat_rate.clear()  # (the rate is not what this part tests)
    assert _chat(b, text="b6")["type"] == "chat"
    hub.tables[tid].chat_rate.clear()
    full = refused(a, "chat_full", text="one more")
    assert "7" in full["message"]
    assert len(_stored(server, tid)) == 7
    # the connection goes on: play is not touched by any of it
    assert a.act()["type"] == "update"
    for c in (a, a2, b):
        c.close()


def test_no_chat_when_the_operator_turns_it_off(servers: list[Server], tmp_path: Path) -> None:
    server = _serve(servers, f"sqlite://{tmp_path / 'server.db'}", chat_lines_per_table=0)
    tid, (ann, _) = _table(server)
    a = Client(server.ws_base, tid, ann)
    hello = _history(a)
    assert hello["can_post"] is False and hello["lines"] == []
    assert _chat(a, text="hi")["code"] == "chat_off"
    assert _stored(server, tid) == []
    a.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_stored_sent_to_late_joiners_after_a_restart_and_in_the_record(backend: str, servers: list[Server],
                                                                     tmp_path: Path,
                                                                     request: pytest.FixtureRequest) -> None:
    url = (f"sqlite://{tmp_path / 'server.db'}" if backend == "sqlite"
           else request.getfixturevalue("pg_server").new_database())
    limits = {"chat_history": 3, "chat_burst": 10}
    server = _serve(servers, url, **limits)
    tid, (ann, bo) = _table(server)
    a = Client(server.ws_base, tid, ann)
    _history(a)
    for i in range(4):
        _chat(a, text=f"line {i}")
    _chat(a, phrase="well_played")
    # a late joiner (or a reload) gets the latest 3, in order, each once
    b = Client(server.ws_base, tid, bo, lang="zh-Hant")
    got = _history(b)["lines"]
    assert [(x["n"], x["text"]) for x in got] == [(2, "line 2"), (3, "line 3"), (4, "打得好！")]
    assert got[2]["phrase"] == "well_played"
    a.close()
    b.close()
    server.stop()
    servers.remove(server)
    # a restarted server (the same database) has them too
    again = _serve(servers, url, **limits)
    s = Client(again.ws_base, tid)
    assert [x["text"] for x in _history(s)["lines"]] == ["line 2", "line 3", "Well played!"]
    a, b = Client(again.ws_base, tid, ann), Client(again.ws_base, tid, bo)
    _history(a)
    _history(b)
    assert _chat(b, text="after the restart")["lines"][0]["n"] == 5
    # the record waits for the end; then it carries the whole chat (a replay shows it), lines after the end too
    assert again.http.get(f"/api/tables/{tid}/record").status_code == 409
    while not a.latest["over"]:  # type: ignore[index]
        step = a.act()["ack"]
        b.wait(lambda m, s=step: m["step"] >= s)
        if not b.latest["over"]:  # type: ignore[index]
            step = b.act()["ack"]
            a.wait(lambda m, s=step: m["step"] >= s)
    assert _chat(a, phrase="good_game")["type"] == "chat"
    record = again.http.get(f"/api/tables/{tid}/record").json()
    assert [(x["seat"], x.get("text"), x.get("phrase")) for x in record["chat"]] == [
        (0, "line 0", None), (0, "line 1", None), (0, "line 2", None), (0, "line 3", None),
        (0, None, "well_played"), (1, "after the restart", None), (0, None, "good_game")]
    assert all(isinstance(x["at"], float) for x in record["chat"])
    assert hustings.replay(record).is_over  # the record still replays
    for c in (a, b, s):
        c.close()


def test_a_game_nobody_chatted_at_keeps_the_record_it_had(servers: list[Server], tmp_path: Path) -> None:
    server = _serve(servers, f"sqlite://{tmp_path / 'server.db'}")
    made = server.http.post("/api/tables", json={"game": "palace-escape", "players": 1,
                                                 "seats": [{"bot": "heuristic"}]}).json()
    tid = made["table"]["id"]
    watcher = Client(server.ws_base, tid)
    watcher.wait(lambda m: m["over"], timeout=60)
    record = server.http.get(f"/api/tables/{tid}/record").json()
    assert "chat" not in record
    watcher.close()


def test_clean_text_rules() -> None:
    assert clean_text("  a\n\nb\t c  ", 10) == "a b c"
    assert clean_text("emoji 👍🏽 and ZWJ 👩\u200d💻 stay", 40) == "emoji 👍🏽 and ZWJ 👩\u200d💻 stay"
    for bad in ("", "   ", "\u202e\u2067\x07"):
        with pytest.raises(PlayError) as e:
            clean_text(bad, 10)
        assert e.value.code == "chat_empty"
    with pytest.raises(PlayError) as e:
        clean_text("x" * 11, 10)
    assert e.value.code == "chat_too_long" and e.value.fields == {"limit": 10}


def test_two_processes_on_one_database_tell_each_others_lines(servers: list[Server],
                                                             request: pytest.FixtureRequest) -> None:
    """A shared PostgreSQL: a line written through one process reaches the readers of the other (the store's hint),
    and the numbers stay one sequence."""
    url = request.getfixturevalue("pg_server").new_database()
    one, two = _serve(servers, url), _serve(servers, url)
    tid, (ann, bo) = _table(one)
    a, b = Client(one.ws_base, tid, ann), Client(two.ws_base, tid, bo, lang="zh-Hans")
    _history(a)
    _history(b)
    assert _chat(a, text="from one")["lines"][0]["n"] == 0
    assert b.recv_type("chat", timeout=15)["lines"][0]["text"] == "from one"
    assert _chat(b, phrase="thanks")["lines"][0]["n"] == 1
    assert a.recv_type("chat", timeout=15)["lines"][0]["text"] == "Thanks!"
    a.close()
    b.close()



def test_serve_takes_the_chat_limits_and_refuses_ones_that_make_no_sense() -> None:
    from typer.testing import CliRunner

    from hustings.cli import app

    for args, word in ((["--chat-max-chars", "0"], "--chat-max-chars"),
                       (["--chat-max-chars", "2001"], "--chat-max-chars"),
                       (["--chat-per-minute", "0"], "--chat-per-minute"),
                       (["--chat-burst", "0"], "--chat-burst"),
                       (["--chat-lines-per-table", "-1"], "--chat-lines-per-table"),
                       (["--chat-history", "501"], "--chat-history")):
        res = CliRunner().invoke(app, ["serve", "--db", "sqlite:///nowhere/never.db", *args])
        assert res.exit_code == 2 and word in res.output, (args, res.output)
    res = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "250"})
    assert all(f"--chat-{x}" in res.output for x in ("max-chars", "per-minute", "burst", "lines-per-table",
                                                     "history"))


def test_the_chat_store_contract_on_both_stores(db_url: str) -> None:
    """What one store does with the chat, the other does: numbering from 0 in the order stored, the latest lines,
    the limit of a table's lines (nothing stored past it), unknown tables and kinds refused, lines numbered once when
    two stores write at once, and a table's lines deleted with it (the lobby's expiry)."""
    from concurrent.futures import ThreadPoolExecutor

    from hustings.server.store import SeatRecord, StoreError, TableNotFound, TableRecord

    stores = [open_store(db_url), open_store(db_url)]  # two stores: two server processes on one database
    try:
        first = stores[0]
        record = TableRecord(id="tC", game="toy", options={"players": 2}, seed=7, rules_version="1",
                             engine_version="0", rng="blake2b", settings={"seats": [{"bot": None}, {"bot": None}]},
                             status="lobby", created_at=1000.0)
        first.create_table(record, [SeatRecord("tC", p, f"unused:tC:{p}") for p in range(2)])
        assert first.chat("tC") == []
        a = first.add_chat("tC", 0, 1.5, "text", "hi <b>", max_lines=50)
        b = first.add_chat("tC", 1, 2.5, "phrase", "good_game", max_lines=50)
        assert a is not None and b is not None and (a.n, b.n) == (0, 1)
        assert [(x.n, x.seat, x.at, x.kind, x.body) for x in stores[1].chat("tC")] == [
            (0, 0, 1.5, "text", "hi <b>"), (1, 1, 2.5, "phrase", "good_game")]
        assert [x.n for x in first.chat("tC", last=1)] == [1]
        with pytest.raises(TableNotFound):
            first.add_chat("nope", 0, 1.0, "text", "x", max_lines=50)
        with pytest.raises(StoreError):
            first.add_chat("tC", 0, 1.0, "html", "x", max_lines=50)
        # both stores at once: every line stored once, numbered 0.. without a gap, up to the limit and no further
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda i: stores[i % 2].add_chat("tC", i % 2, 3.0 + i, "text", f"l{i}", max_lines=30),
                                range(40)))
        stored = first.chat("tC")
        assert [x.n for x in stored] == list(range(30))
        assert sum(x is not None for x in got) == 28 and len({x.n for x in got if x is not None}) == 28
        assert first.add_chat("tC", 0, 99.0, "text", "past the limit", max_lines=30) is None
        assert len(first.chat("tC")) == 30
        # nobody claimed a seat: the lobby's expiry deletes the table, its lines with it
        gone, _ = first.expire_unclaimed(2000.0, 2000.0, 10)
        assert gone == ["tC"] and first.chat("tC") == []
    finally:
        for s in stores:
            s.close()
