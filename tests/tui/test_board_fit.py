"""Issue 14, bug 3: with ``--names both`` at the minimum window (120x36) every board shows all its rows:
no line wraps, so the party rows and the media line stay inside the capped panel (no scrolling)."""

from __future__ import annotations

import asyncio

import pytest

import hustings
from hustings.bots import make_bot, play_game
from hustings.tui.replay import ReplayApp

from .drive import GAME, rendered

MIN_SIZE = (120, 36)


def _record(players: int, seed: int) -> dict[str, object]:
    state = hustings.make(GAME, players=players, seed=seed)
    play_game(state, [make_bot("heuristic", GAME, i) for i in range(players)])
    return state.record()


@pytest.mark.parametrize(("players", "lang"), [(4, "en"), (5, "zh-Hans"), (5, "en")])
def test_boards_fit_with_both_names_at_the_minimum_size(players: int, lang: str) -> None:
    record = _record(players, seed=43)
    n = len(record["actions"])  # type: ignore[arg-type]

    async def run() -> None:
        app = ReplayApp(record, None, lang, names="both", start=0)
        async with app.run_test(size=MIN_SIZE) as pilot:
            await pilot.pause()
            checked = 0
            for i in range(0, n, max(1, n // 25)):  # about 25 positions through the whole game
                app.i = i
                app.show()
                await pilot.pause()
                for b in range(4):
                    frame, body = app._panels[f"board-{b}"]
                    if not app.state.view(None)["boards"][b]["active"]:
                        continue
                    text = rendered(body.content)
                    assert frame.max_scroll_y == 0, f"step {i}, board {b + 1} scrolls:\n{text}"
                    # every seat's row is on screen
                    for p in range(players):
                        party = app.state.view(None)["players"][p]["party"]
                        if party >= 0:
                            assert app.ui.n.party_abbr(party) in text  # type: ignore[attr-defined]
                    checked += 1
            assert checked > 40

    asyncio.run(run())
