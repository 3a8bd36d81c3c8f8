"""逃出總統府 at the terminal table (the generic shell with this game's renderer), played with the arrow keys
and Enter on the action list, as `hustings puzzle` runs it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual")

import hustings
from hustings.games.palace_escape.adapters import bot
from hustings.table.settings import TableSettings
from hustings.tui.app import PlayApp
from hustings.tui.session import Session
from tui.drive import settle, table_text


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_puzzle_played_with_arrow_keys_and_enter_ends_at_par(tmp_path: Path, lang: str) -> None:
    state = hustings.make("palace-escape", variant="hard", seed=2, difficulty=12)
    session = Session(state, TableSettings((None,), lang, "local"), tmp_path / "p.json")
    session.save()

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert not app.too_small
            for _ in range(40):
                if app.waiting == "over":
                    break
                want = bot.choose(session.state.view(0), session.legal(0))
                index = next(i for i, e in enumerate(app.shown_entries) if e.action is want)
                await pilot.press(*(["down"] * index), "enter")
                await settle(pilot, app)
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    out = session.state.outcome()
    assert out.won and out.detail["moves"] == 12 == out.detail["par"]
    assert ("won in 12 moves" if lang == "en" else "12") in text
