"""Play through the interface with keystrokes: start, several rounds, save, quit, resume, a whole game."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import hustings
from hustings.tui.app import PlayApp
from hustings.tui.recordfile import load
from hustings.tui.screens import AmountScreen, ExplainScreen, PlanScreen, TextScreen, TreeScreen
from hustings.tui.session import Session

from .drive import SIZE, choose_by_filter, decide, new_session, settle, table_text


def test_play_rounds_quit_and_resume(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=3)
    path = tmp_path / "game.json"

    async def first_sitting() -> int:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert "choose party" in table_text(app)
            # the filter: pick a party by name
            await choose_by_filter(pilot, app, "greens")
            await settle(pilot, app)
            assert app.state.view(0)["players"][0]["party"] == 3
            # the rules of the phase and the explanations open and close without sending anything
            steps = app.state.step_count
            await pilot.press("r")
            assert isinstance(app.screen, TextScreen)
            await pilot.press("escape")
            await pilot.press("x")
            assert isinstance(app.screen, ExplainScreen)
            await pilot.press("escape")
            assert app.state.step_count == steps
            while app.state.view(None)["round"] < 2:
                await decide(pilot, app)
            on_disk = json.loads(path.read_text(encoding="utf-8"))
            assert on_disk["steps"] == app.state.step_count  # saved after every move
            await pilot.press("q")
        return session.state.step_count

    steps = asyncio.run(first_sitting())
    loaded = load(path)
    assert loaded.state.step_count == steps
    assert loaded.state == hustings.replay(session.state.record())
    assert loaded.table.humans == (0,)

    async def second_sitting() -> None:
        resumed = Session(loaded.state, loaded.table, path)
        app = PlayApp(resumed, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert "Round 2/4" in table_text(app)
            while app.state.view(None)["round"] < 3:
                await decide(pilot, app)
            await pilot.press("q")

    asyncio.run(second_sitting())
    again = load(path)
    assert again.state.view(None)["round"] == 3
    assert again.state.step_count > steps


def test_whole_game_to_final_scores(tmp_path: Path) -> None:
    session = new_session(tmp_path, bots=(None, "heuristic", "heuristic"), seed=2)

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            for _ in range(400):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            assert app.waiting == "over"
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    state = session.state
    assert state.is_over
    assert "Game over" in text and "Winner(s)" in text
    for s in state.scores():
        assert str(s["total"]) in text
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record["over"] is True and record["scores"] == state.scores()


def test_amount_picker_cancels_and_accepts_only_legal_amounts(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=4)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            while app.state.view(None)["phase"] != "bid":
                await decide(pilot, app)
            steps = app.state.step_count
            money = app.state.view(0)["players"][0]["money"]
            await pilot.press("enter")
            assert isinstance(app.screen, AmountScreen)
            await pilot.press("escape")  # cancelled: nothing sent
            assert app.state.step_count == steps and app.waiting == "human"
            await pilot.press("enter")
            too_much = str(money // 1000 + 1)
            await pilot.press(*too_much, "enter")  # not a legal amount: refused, still open
            assert isinstance(app.screen, AmountScreen)
            assert app.state.step_count == steps
            await pilot.press("right", "right", "right", "left", "enter")  # 2,000€
            await settle(pilot, app)
            assert any(e.type == "bid_secret" and e.data["amount"] == 2000 for e in app.state.events(0))

    asyncio.run(run())


def test_step_by_step_choice_goes_back_and_cancels(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=5)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            while app.state.view(None)["phase"] != "deploy":
                await decide(pilot, app)
            steps = app.state.step_count
            await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, TreeScreen)
            await pilot.press("down", "enter", "enter")  # scheme 2, a board for its first icon
            assert screen.model.prefix[0] == 1 and screen.model.depth == 2
            await pilot.press("backspace", "backspace", "backspace")  # back past the first step: cancelled
            assert app.screen is app.screen_stack[0] and app.state.step_count == steps
            await pilot.press("enter")
            await pilot.press(*["enter"] * 6)  # scheme 1, a board for each of its 4 icons, the confirmation
            await settle(pilot, app)
            assert any(e.type == "deployment_chosen" for e in app.state.events(0))

    asyncio.run(run())


def test_rally_plan_over_several_states(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=6)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            while not (app.state.view(None)["phase"] == "rally" and app.waiting == "human"):
                await decide(pilot, app)
            assert app.session.actor() == 0
            await choose_by_filter(pilot, app, "plan rallies")
            screen = app.screen
            assert isinstance(screen, PlanScreen)
            boards = screen.model.targets
            await pilot.press("1", "down", "2")  # 1 cube in the first state, 2 in the second
            await pilot.press("enter")
            await settle(pilot, app)
            bought = [e.data for e in app.state.events(0) if e.type == "rallies_bought" and e.data["player"] == 0]
            assert [(d["board"], d["count"]) for d in bought] == [(boards[0], 1), (boards[1], 2)]
            assert app.state.view(None)["phase"] != "rally" or app.session.actor() != 0  # the turn ended

    asyncio.run(run())


def test_too_small_window_says_so(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=7)
    before = (tmp_path / "game.json").read_bytes()

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.too_small
            width, height = app.min_size  # the game's renderer says what its table needs
            assert "too small" in table_text(app) and f"{width}×{height}" in table_text(app)
            await pilot.resize_terminal(*SIZE)
            await pilot.pause()
            assert not app.too_small
            await pilot.press("q")

    asyncio.run(run())
    assert (tmp_path / "game.json").read_bytes() == before


def test_interface_speaks_chinese(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=8, lang="zh-Hant")

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    assert "選擇政黨" in text and "你的行動" in text and "事件" in text
