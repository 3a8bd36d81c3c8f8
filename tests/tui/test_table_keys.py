"""Issue 14's shell fixes, by keystrokes: safe undo, Ctrl+C, the overview, the end-of-game summary, the filter
and Tab, the forced-move note in order, capped boxes that scroll instead of cutting (Die Macher 2019, seed 000)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList, RichLog

from hustings.tui.app import PlayApp
from hustings.tui.screens import SummaryScreen, TextScreen

from .drive import SIZE, decide, new_session, rendered, settle, table_text


def _log_text(app: PlayApp) -> list[str]:
    return [strip.text for strip in app.screen_stack[0].query_one("#log", RichLog).lines]


def test_u_takes_back_your_own_last_decision_and_refuses_otherwise(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=3)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            # at the start the bots have moved since (or nothing is yours yet): refused, nothing changes
            steps = app.state.step_count
            await pilot.press("u")
            await pilot.pause()
            assert app.state.step_count == steps and app.waiting == "human"
            for _ in range(80):
                if session.match.can_undo(0):
                    break
                await decide(pilot, app)
            assert session.match.can_undo(0), "no undoable decision in 80 decisions"
            steps = app.state.step_count
            view_before = app.state.view(0)
            await pilot.press("u")
            await settle(pilot, app)
            assert app.state.step_count < steps and app.waiting == "human"
            assert view_before != app.state.view(0)
            assert any("took back" in line for line in _log_text(app))
            # the save file was cut back too
            from hustings.tui.recordfile import load
            assert load(tmp_path / "game.json").state.step_count == app.state.step_count
            await pilot.press("q")

    asyncio.run(run())


def test_ctrl_c_quits_and_the_game_is_saved(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=5)

    async def run() -> bool:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await decide(pilot, app)
            await pilot.press("ctrl+c")
            await pilot.pause()
            return app.is_running

    assert asyncio.run(run()) is False
    from hustings.tui.recordfile import load
    assert load(tmp_path / "game.json").state.step_count == session.state.step_count


def test_overview_opens_on_o(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=5)

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("o")
            assert isinstance(app.screen, TextScreen)
            text = rendered(app.screen.query_one("#text-body").content)
            await pilot.press("escape")
            assert app.waiting == "human"
            await pilot.press("q")
            return text

    text = asyncio.run(run())
    assert "round" in text.lower() and "points" in text.lower()


def test_tab_to_the_log_and_back_sends_digits_to_the_list_not_the_filter(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=3)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("tab")
            assert isinstance(app.focused, RichLog)
            await pilot.press("tab")
            assert isinstance(app.focused, OptionList)
            steps = app.state.step_count
            await pilot.press("1")
            await settle(pilot, app)
            assert app.query_one("#filter", Input).value == ""
            assert app.state.step_count > steps  # the digit chose the first line
            # the filter still takes text after /
            await pilot.press("slash", "x", "y")
            assert app.query_one("#filter", Input).value == "xy"
            await pilot.press("escape")
            await pilot.press("q")

    asyncio.run(run())


def test_the_private_box_scrolls_instead_of_cutting(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=1)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot, app)
            while app.state.view(0)["phase"] != "draft":
                await decide(pilot, app)
            box = app.query_one("#private-box", VerticalScroll)
            # whatever the box cannot show is reachable by scrolling: nothing is cut off silently
            assert box.virtual_size.height >= box.scrollable_content_region.height
            if box.virtual_size.height > box.scrollable_content_region.height:
                assert box.show_vertical_scrollbar
            assert "Packet" in table_text(app)
            await pilot.press("q")

    asyncio.run(run())


def test_whole_game_summary_has_a_chart_and_forced_notes_come_before_the_end(tmp_path: Path) -> None:
    session = new_session(tmp_path, bots=(None, "heuristic", "heuristic"), seed=2)

    async def run() -> tuple[str, list[str]]:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("g")  # not yet: a notice only
            assert app.screen is app.screen_stack[0]
            for _ in range(400):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            assert app.waiting == "over"
            await pilot.press("g")
            assert isinstance(app.screen, SummaryScreen)
            text = rendered(app.screen.query_one("#summary-body").content)
            await pilot.press("escape")
            log = _log_text(app)
            await pilot.press("q")
        return text, log

    text, log = asyncio.run(run())
    assert "█" in text and "Score by component" in text
    for s in session.state.scores():
        assert str(s["total"]) in text
    # bug 5: a note of an only choice never comes after the final scores
    final = max((i for i, line in enumerate(log) if "Final" in line or "final" in line), default=len(log))
    assert not any("only choice" in line for line in log[final + 1:])
