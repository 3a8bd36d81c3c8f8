"""Drive the terminal table as a person would: keystrokes through Textual's pilot, nothing else."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog, Static

from hustings.tui.app import PlayApp, TableApp
from hustings.tui.recordfile import TableSettings
from hustings.tui.screens import AmountScreen, PassScreen, PlanScreen, TreeScreen
from hustings.tui.session import Session

GAME = "die-macher-2019"
SIZE = (130, 40)


def new_session(tmp_path: Path, bots: tuple[str | None, ...] = (None, "heuristic", "heuristic", "heuristic"),
                seed: int = 1, lang: str = "en", name: str = "game.json") -> Session:
    table = TableSettings(bots, lang, "local")
    return Session.new(GAME, len(bots), None, seed, table, tmp_path / name)


async def settle(pilot: Pilot[Any], app: PlayApp, timeout: float = 30.0) -> None:
    """Wait while bots move, until a person must act, a hand-over screen is up or the game is over."""
    end = time.monotonic() + timeout
    while True:
        await pilot.pause()
        if app.waiting in ("human", "over") and app.screen is app.screen_stack[0]:
            return
        if app.waiting == "pass" and isinstance(app.screen, PassScreen):
            return
        if time.monotonic() > end:
            raise AssertionError(f"the table did not come to rest (waiting={app.waiting}, screen={app.screen})")
        await pilot.pause(0.01)


async def decide(pilot: Pilot[Any], app: PlayApp) -> None:
    """One decision by keystrokes: Enter on the first line of the list; in a pop-up, its first choice
    (the lowest amount, the first option at each step, one rally in the first state)."""
    if isinstance(app.screen, PassScreen):
        await pilot.press("enter")
        await settle(pilot, app)
        return
    assert app.waiting == "human", app.waiting
    await pilot.press("enter")
    for _ in range(12):
        screen = app.screen
        if isinstance(screen, AmountScreen | TreeScreen):
            await pilot.press("enter")
        elif isinstance(screen, PlanScreen):
            await pilot.press("1", "enter")
            if isinstance(app.screen, PlanScreen):  # one rally is not affordable there: cancel, hold none
                await pilot.press("escape")
                await choose_by_filter(pilot, app, "done")
        else:
            break
    await settle(pilot, app)


async def choose_by_filter(pilot: Pilot[Any], app: PlayApp, text: str) -> None:
    """Type ``/`` and ``text`` in the filter, then Enter on the first match."""
    await pilot.press("slash", *["space" if c == " " else c for c in text])
    await pilot.pause()
    await pilot.press("enter")


def rendered(renderable: Any) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def table_text(app: TableApp) -> str:
    """Everything the table screen shows in words: panels, the log and the action list."""
    base = app.screen_stack[0]
    parts = []
    for widget in base.query("*"):
        parts.append(str(widget.border_title or ""))
        parts.append(str(widget.border_subtitle or ""))
    for w in base.query(Static):
        parts.append(rendered(w.content))
    for log in base.query(RichLog):
        parts.extend(strip.text for strip in log.lines)
    for lst in base.query(OptionList):
        parts.extend(rendered(o.prompt) for o in lst.options)
    return "\n".join(parts)
