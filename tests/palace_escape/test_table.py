"""逃出總統府 at the terminal table (the generic shell with this game's renderer), played with the arrow keys
and Enter on the action list, as `hustings play palace-escape` runs it."""

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


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_player_gives_up_with_g_twice_and_the_save_says_so(tmp_path: Path, lang: str) -> None:
    """Seed 004 R12 (giving up is the table's) and R7 (no action limit where a person plays), as `play palace-escape`
    sets the table up: the keys line offers G; one G only asks; a second G ends the game, given up (lost), and the
    save is finished, given up."""
    from hustings.table import FileStore, Match
    from hustings.tui.i18n import tr

    store = FileStore(tmp_path)
    match = Match.new("palace-escape", TableSettings((None,), lang, "local"), variant="hard", seed=3, store=store,
                      match_id="p.json")
    session = Session.of(match, tmp_path / "p.json")
    assert session.state.view(0)["actions_left"] is None  # no limit at a person's table

    async def run() -> tuple[str, str]:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            keys = str(app.query_one("#keys").render())
            await pilot.press("G")
            await settle(pilot, app)
            assert app.waiting == "human" and not session.is_over  # one press only asks
            await pilot.press("G")
            await settle(pilot, app)
            assert app.waiting == "over"
            text = table_text(app)
            await pilot.press("q")
        return keys, text

    keys, text = asyncio.run(run())
    assert f"G {tr('k_give_up', lang)}" in keys
    assert tr("given_up", lang) in text
    assert session.given_up == 0 and not session.outcome().won
    stored = store.load("p.json")
    assert stored.over and stored.given_up == 0
