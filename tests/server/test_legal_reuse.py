"""A seat's legal actions as sent are worded and encoded only when something their labels read changed
(hustings.server.connections.Connections._legal_json, hustings.server.words.label_stamp and Entry): at every
message of whole games they equal the labels worded afresh from the seat's view, while the server words far fewer
than it sends, and each label-cache entry is encoded once."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import orjson
import pytest

from hustings.engine.words import legal_entry
from hustings.server import connections
from hustings.server import words as W
from hustings.server.sqlite import SqliteStore
from hustings.server.tables import Conn, Hub

from .conftest import expand_legal, hub_claim_all


class _Seat:
    """One seat's connection that checks every legal list it is sent against one worded afresh from the table."""

    def __init__(self, hub: Hub, seat: int, compact: bool = False) -> None:
        self.hub, self.seat, self.compact = hub, seat, compact
        self.last: dict[str, Any] | None = None
        self.checked = 0
        self.compacted = 0  # lists sent in the compact form
        self.kinds: set[str] = set()  # the kinds of the lists checked
        self.conn = Conn(send=self.receive)

    def receive(self, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] not in ("state", "update"):
            return
        if "legal_words" in msg:
            assert self.compact, "the compact form only for a client that asked for it"
            msg["legal"] = expand_legal(msg["legal"], msg.pop("legal_words"))
            self.compacted += 1
        if "legal" not in msg and self.last is not None:
            msg["legal"] = self.last["legal"]  # left out: the same as the client has
        self.last = msg
        table = self.conn.table
        assert table is not None
        core = table.core
        if msg["status"] != "playing" or core.is_over or self.seat not in core.to_act:
            return
        # what the server would send if it kept nothing: every label worded now, from this seat's view
        game = table.record.game
        view = core.view(self.seat)
        voice = W.voice(self.conn.lang, [s.name for s in table.seats])
        words = W.words(game)
        fresh = [legal_entry(a, words.label(a, view, voice)) for a in core.legal(self.seat)]
        assert msg["legal"] == orjson.loads(orjson.dumps(fresh)), f"seat {self.seat} at step {msg['step']}"
        self.checked += 1
        self.kinds.update(a["kind"] for a in msg["legal"])


async def _play(tmp_path: Path, game: str, players: int, moves: int, seed: int, compact: bool = False,
                tables: int = 1) -> list[_Seat]:
    """``tables`` played one after another on one hub, each to ``moves`` moves (their seats returned together)."""
    store = SqliteStore(tmp_path / "s.db")
    store.migrate()
    hub = Hub(store)
    await hub.open()
    try:
        seats: list[_Seat] = []
        for t in range(tables):
            seats += await _play_one(hub, game, players, moves, seed + t, compact)
        return seats
    finally:
        await hub.stop()
        store.close()


async def _play_one(hub: Hub, game: str, players: int, moves: int, seed: int, compact: bool) -> list[_Seat]:
    created = await hub_claim_all(hub, await hub.create({"game": game, "players": players,
                                                         "seats": [{"bot": None}] * players}))
    tid = created["table"]["id"]
    tokens = [s["token"] for s in created["seats"]]
    for i, token in enumerate(tokens):
        await hub.join(tid, token, f"Person {i}", True)
    await hub.start(tid, tokens[0])
    seats = [_Seat(hub, i, compact) for i in range(players)]
    form = {"legal_form": "compact"} if compact else {}
    for s, token in zip(seats, tokens, strict=True):
        await hub.hello(s.conn, tid, {"type": "hello", "token": token, **form})
    rng = random.Random(seed)
    for _ in range(moves):
        ready = [s for s in seats if s.last and s.last["legal"] and not s.last["over"]]
        if not ready:
            break
        s = rng.choice(ready)
        assert s.last is not None
        await hub.act(s.conn, {"type": "act", "step": s.last["step"], "action": rng.choice(s.last["legal"])["id"]})
    return seats


@pytest.mark.parametrize(("game", "players", "moves"), [("die-macher-2019", 4, 260), ("election-war", 4, 200)])
def test_the_legal_lists_sent_are_those_worded_afresh_while_most_are_not_worded_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, players: int, moves: int) -> None:
    worded: list[int] = []
    real_words = connections.seat_words

    def counting_words(*args: Any) -> list[dict[str, Any]]:
        worded.append(1)
        return real_words(*args)

    encoded: list[W.Entry] = []  # held, so that no id is reused by a later object
    real_dumps = connections.dumps_utf8

    def counting_dumps(value: Any) -> bytes:
        if isinstance(value, W.Entry):
            encoded.append(value)
        return real_dumps(value)

    monkeypatch.setattr(connections, "seat_words", counting_words)
    monkeypatch.setattr(connections, "dumps_utf8", counting_dumps)
    seats = asyncio.run(_play(tmp_path, game, players, moves, seed=7))
    checked = sum(s.checked for s in seats)
    assert checked >= moves // 2
    # simultaneous steps and repeated offers: lists sent again as they were, without wording any label
    assert 0 < len(worded) < checked
    # the label cache's entries are encoded once each, however many lists and seats carry them
    assert encoded and len(encoded) == len({id(e) for e in encoded})


def test_a_label_stamp_holds_the_view_only_for_kinds_whose_labels_read_more_than_their_key() -> None:
    import hustings

    state = hustings.make("die-macher-2019", players=4, seed=3)
    view = state.view(0)
    still = W.label_stamp("die-macher-2019", ("pass", "bid"), view, b"{}")
    assert still == ((), ())
    boards = W.label_stamp("die-macher-2019", ("deploy",), view, b"{}")
    assert boards == (tuple(b["state"] for b in view["boards"]),)
    # a preview reads the whole view: the stamp carries the view's JSON, so another view gives another stamp
    preview = W.label_stamp("die-macher-2019", ("pass", "replace"), view, b'{"a":1}')
    assert preview == (((), None), b'{"a":1}')
    assert preview != W.label_stamp("die-macher-2019", ("pass", "replace"), view, b'{"a":2}')


@pytest.mark.parametrize(("game", "players", "moves"), [("die-macher-2019", 4, 200), ("election-war", 4, 200)])
def test_labels_that_read_the_whole_view_are_worded_again_whenever_the_view_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, players: int, moves: int) -> None:
    """Every kind made a preview (its labels read the whole view, label_key None) whose text shows a digest of the
    view: a list sent again without wording would show an old digest, and the afresh check would catch it."""
    import dataclasses
    import hashlib

    words = W.words(game)
    real_label = words.label

    def label(action: Any, view: Any, voice: Any) -> Any:
        made = real_label(action, view, voice)
        tag = " #" + hashlib.sha256(orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS)).hexdigest()[:8]
        return dataclasses.replace(made, text=made.text + tag, parts=(*made.parts, tag))

    monkeypatch.setattr(words, "label", label)
    monkeypatch.setattr(words, "label_key", lambda kind, view: None)
    seats = asyncio.run(_play(tmp_path, game, players, moves, seed=11))
    assert sum(s.checked for s in seats) >= moves // 2


@pytest.mark.parametrize(("game", "players", "moves", "tables"),
                         [("die-macher-2019", 4, 120, 3), ("election-war", 4, 150, 1), ("die-macher", 4, 150, 1)])
def test_compact_lists_made_whole_are_the_labels_worded_afresh(tmp_path: Path, game: str, players: int, moves: int,
                                                                 tables: int) -> None:
    """A client that asked for the compact form gets lists that, made whole as the browser table does, are the
    labels worded afresh from its view at every message: Die Macher 2019's deployments, worded once for every
    table (a parts key), named for each table's own boards."""
    seats = asyncio.run(_play(tmp_path, game, players, moves, seed=5, compact=True, tables=tables))
    assert sum(s.checked for s in seats) >= moves // 2
    assert sum(s.compacted for s in seats) > 0
    if game == "die-macher-2019":
        assert "deploy" in set().union(*(s.kinds for s in seats))
