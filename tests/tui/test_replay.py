"""Step through a record forwards and backwards, from a spectator's view or any player's."""

from __future__ import annotations

import asyncio

import hustings
from hustings.bots import make_bot, play_game
from hustings.tui.app import TableApp
from hustings.tui.replay import ReplayApp

from .drive import GAME, SIZE, table_text


def _record() -> dict[str, object]:
    state = hustings.make(GAME, players=4, seed=41)
    play_game(state, [make_bot("heuristic", GAME, i) for i in range(4)])
    return state.record()


def _info(app: TableApp) -> str:
    return table_text(app)


def test_step_forwards_backwards_and_change_view() -> None:
    record = _record()
    n = len(record["actions"])  # type: ignore[arg-type]

    async def run() -> None:
        app = ReplayApp(record, None, "en")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.i == n
            assert "total" in _info(app) and "Game over" in _info(app)
            await pilot.press("home")
            assert app.i == 0 and "The start of the game" in _info(app)
            await pilot.press("right", "right", "right")
            assert app.i == 3
            await pilot.press("left")
            assert app.i == 2
            await pilot.press("pagedown")
            assert app.i == 12
            await pilot.press("pageup", "pageup")
            assert app.i == 0
            # the draft: a spectator sees no packet and no hand, and not which card anyone picked
            while app.state.view(None)["phase"] != "draft":
                await pilot.press("right")
            await pilot.press("right")
            text = _info(app)
            assert "Packet:" not in text and "You draft" not in text and "acted:" not in text
            assert "spectator" in text
            await pilot.press("v")  # P1's view
            assert app.player == 0
            text = _info(app)
            assert "Packet:" in text and "Money:" in text
            own = {e.message("en") for e in app.state.events(0)}
            for e in app.state.events(1):
                if e.to == 1 and e.message("en") not in own:
                    assert e.message("en") not in text  # P2's secrets are not in P1's view
            for _ in range(4):
                await pilot.press("v")
            assert app.player is None
            await pilot.press("end")
            assert app.i == n
            await pilot.press("x")
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(run())


def test_own_actions_are_named_others_are_not() -> None:
    record = _record()

    async def run() -> None:
        app = ReplayApp(record, 0, "en", start=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("right")  # P1 chooses a party: P1's own action, shown to P1
            assert "acted: choose party" in _info(app)
            await pilot.press("right")  # P2's choice: only "P2 acted", the events tell the rest
            text = _info(app)
            assert "P2 acted" in text and "acted:" not in text
            await pilot.press("q")

    asyncio.run(run())


def test_unfinished_record_steps_too() -> None:
    state = hustings.make(GAME, players=3, seed=42)
    for _ in range(40):
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[-1])

    async def run() -> None:
        app = ReplayApp(state.record(), 2, "zh-Hans")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.i == 40 and "未完成" in _info(app)
            await pilot.press("left", "left")
            assert app.i == 38
            await pilot.press("q")

    asyncio.run(run())
