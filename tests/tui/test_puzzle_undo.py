"""Issue 25, bug 4: in the terminal, 逃出總統府's ``u`` took the move back by the table's replay, so the undo went
uncounted (summary 「悔棋 0」) while the browser counted it. The puzzle's undo is a move of its own that the rules
count (seed 004 單人遊戲, ruling R9): ``u`` chooses it, and the table's replay undo is refused for the game at every
interface (the server's too), so no way round the count is left."""

from __future__ import annotations

import asyncio
from pathlib import Path

import hustings
from hustings.table.core import Table
from hustings.tui.app import PlayApp
from hustings.tui.recordfile import TableSettings
from hustings.tui.session import Session

from .drive import settle

GAME = "palace-escape"


def test_seed_004_r9_the_table_never_takes_a_puzzle_move_back_uncounted() -> None:
    state = hustings.make(GAME, seed=5, max_actions=None)
    table = Table(state, [None])
    swap = next(a for a in state.legal_actions(0) if a.kind == "swap")
    table.act(0, swap)
    refused = table.undo_refused(0)
    assert refused is not None and refused.key == "undo.own_move"
    assert any(a.kind == "undo" for a in table.state.legal_actions(0))  # the game's own undo is there to choose


def test_u_in_the_terminal_is_the_puzzles_counted_undo(tmp_path: Path) -> None:
    session = Session.new(GAME, 1, None, 5, TableSettings((None,), "zh-Hant", "local"), tmp_path / "p.json")

    async def run() -> tuple[int, int, int]:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(130, 40)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")  # the first entry: one of the president's swaps
            await settle(pilot, app)
            moves = session.state.view(0)["moves"]
            await pilot.press("u")
            await settle(pilot, app)
            view = session.state.view(0)
            await pilot.press("q")
            return moves, view["moves"], view["undos"]

    before, after, undos = asyncio.run(run())
    assert before == 1 and after == 0
    assert undos == 1  # counted, as the rules and the browser count it
