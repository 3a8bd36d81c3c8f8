"""Attack 8 of issue 23: ``game_options`` was one dict shared by a state, its clones and bots' samples, so a
sample's write changed the real game's options (and its record). Now the options are read-only wherever they are
shared: at the engine (every game's ``game_options``, shared by reference, never copied per clone) and in the
server's table records. Records and saved games still write the same JSON."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.engine import list_games
from hustings.server.store import open_store
from hustings.server.tables import Hub

from .test_old_rules import PUZZLE, _play


def _writes(options: Any) -> list[str]:
    """Every way of writing to a mapping; the names of those that went through."""
    attempts = {
        "set": lambda: options.__setitem__("players", 9),
        "delete": lambda: options.__delitem__("players"),
        "update": lambda: options.update(players=9),
        "setdefault": lambda: options.setdefault("cheat", True),
        "pop": lambda: options.pop("players"),
        "clear": lambda: options.clear(),
        "ior": lambda: options.__ior__({"players": 9}),
    }
    went = []
    for name, attempt in attempts.items():
        try:
            attempt()
        except TypeError:
            continue
        went.append(name)
    return went


@pytest.mark.parametrize("game", sorted(list_games()))
def test_a_clone_or_a_bots_sample_cannot_change_the_real_games_options(game: str) -> None:
    state = hustings.make(game, seed=11)
    before = json.dumps(state.record(), sort_keys=True)
    options = dict(state.game_options)
    for other in (state.clone(), state.resample(0, random.Random(3)), state.resample(None, random.Random(4))):
        assert _writes(other.game_options) == []
        assert other.game_options is state.game_options  # shared, not copied: the hot path makes no copy
    assert _writes(state.game_options) == []
    assert dict(state.game_options) == options
    # the record is plain JSON, byte for byte what it was
    record = state.record()
    assert type(record["options"]) is dict and json.dumps(record, sort_keys=True) == before


def test_a_bots_search_leaves_the_options_alone() -> None:
    """A bot thinks on samples of the state (ISMCTS): the real game's options are those it was made with."""
    from hustings.bots.registry import make_bot
    from hustings.bots.runner import ask

    state = hustings.make("election-war", seed=5, players=3)
    options = dict(state.game_options)
    bot = make_bot("ismcts:easy", "election-war", seed=1)
    player = state.current_players[0]
    ask(bot, state, player, state.legal_actions(player))
    assert dict(state.game_options) == options and _writes(state.game_options) == []


def test_a_server_tables_record_options_are_read_only(tmp_path: Path) -> None:
    async def run() -> None:
        store = open_store(f"sqlite://{tmp_path / 'server.db'}")
        hub = Hub(store)
        await hub.open()
        created = await hub.create({"game": PUZZLE, "players": 1, "seats": [{"bot": None}], "claim": 0})
        tid, token = created["table"]["id"], created["you"]["token"]
        await hub.ready(tid, token, True)
        await hub.start(tid, token)
        await _play(hub, tid, token, None)
        table = hub.tables[tid]
        assert _writes(table.record.options) == [] and _writes(table.core.state.game_options) == []
        assert _writes(store.table(tid).options) == []  # as read back from the store, too
        record = await hub.record_of(tid)
        assert type(record["options"]) is dict and json.loads(json.dumps(record)) == record
        await hub.stop()
        store.close()

    asyncio.run(run())
