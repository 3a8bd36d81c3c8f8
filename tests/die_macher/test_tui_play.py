"""Die Macher classic at the terminal table, driven by keystrokes through Textual's pilot (issue 10): a whole
short game against bots to the final screen, explain on an election number, rules help in each phase,
hot-seat hand-over without leaking secrets, save and resume."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.widgets import Static

import hustings
from hustings.games.die_macher.words import WORDS
from hustings.tui.app import PlayApp
from hustings.tui.recordfile import TableSettings, load
from hustings.tui.screens import ExplainScreen, PassScreen, TextScreen
from hustings.tui.session import Session
from tui.drive import decide, rendered, settle, table_text

GAME = "die-macher"
SIZE = (150, 48)

RULES_HELP = WORDS.rules_help()


def rules_for(phase: str, lang: str) -> str:
    """The rules text of ``phase`` from the game's words."""
    got = WORDS.rules(phase, lang)
    assert got is not None
    return got[1]


def new_session(tmp_path: Path, bots: tuple[str | None, ...], seed: int, variant: str = "short",
                lang: str = "en") -> Session:
    return Session.new(GAME, len(bots), variant, seed, TableSettings(bots, lang, "local"), tmp_path / "game.json")


def test_whole_short_game_against_bots_with_explain_and_rules_help(tmp_path: Path) -> None:
    session = new_session(tmp_path, (None, "heuristic", "heuristic"), seed=2)

    async def run() -> tuple[str, set[str], list[str]]:
        app = PlayApp(session, fast=True)
        rules_seen: set[str] = set()
        election_lines: list[str] = []
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            for _ in range(800):
                if app.waiting == "over":
                    break
                phase = app.state.view(None)["phase"]
                if phase not in rules_seen and app.waiting == "human":
                    steps = app.state.step_count
                    await pilot.press("r")  # the rules of this phase, in the interface language
                    screen = app.screen
                    assert isinstance(screen, TextScreen) and screen.body == rules_for(phase, "en")
                    await pilot.press("escape")
                    assert app.state.step_count == steps
                    rules_seen.add(phase)
                if not election_lines and any(e.type == "election" for e in app.state.events(0)):
                    await pilot.press("x")
                    screen = app.screen
                    assert isinstance(screen, ExplainScreen)
                    item = next(e for e in screen.items if e.title.startswith("Election 1: "))
                    election_lines = list(item.lines)
                    await pilot.press("escape")
                await decide(pilot, app)
            assert app.waiting == "over"
            text = table_text(app)
            await pilot.press("q")
        return text, rules_seen, election_lines

    text, rules_seen, election_lines = asyncio.run(run())
    state = session.state
    assert state.is_over
    assert "Game over" in text
    for s in state.scores():
        assert str(s["total"]) in text
    assert {"sheet", "bid", "platform", "cab_place", "media", "rally"} <= rules_seen
    result = next(e.data for e in state.events(0) if e.type == "election")
    assert len(election_lines) >= 3 and f"{result['votes'][0]} votes → {result['seats'][0]} of" in election_lines[0]
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record["over"] is True and record["scores"] == state.scores()


def _private_messages(app: PlayApp, other_than: int | None) -> set[str]:
    """Messages of events private to someone else (less any that read the same as one of one's own)."""
    own = {e.message("en") for e in app.state.events(other_than)} if other_than is not None else set()
    return {e.message("en") for e in app.state.all_events() if e.to is not None and e.to != other_than} - own


def test_hot_seat_hands_over_and_hides_the_other_persons_secrets(tmp_path: Path) -> None:
    session = new_session(tmp_path, (None, None, "heuristic"), seed=11, variant="full")

    async def run() -> dict[str, int]:
        app = PlayApp(session, fast=True)
        seen = {"pass": 0, "turns": 0}
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            while app.state.view(None)["phase"] not in ("cab_place", "media") and seen["turns"] < 60:
                actor = app.session.actor()
                assert actor is not None
                if isinstance(app.screen, PassScreen):
                    seen["pass"] += 1
                    assert app.viewer is None  # the table shows a spectator's view: no money, no hand
                    text = table_text(app)
                    assert "Your money" not in text and "hidden program cards" not in text
                    private = rendered(app.screen_stack[0].query_one("#private", Static).content)
                    assert "spectator" in private
                    for message in _private_messages(app, None):
                        assert message not in text
                    await decide(pilot, app)
                    continue
                assert app.waiting == "human" and app.viewer == actor and actor in (0, 1)
                seen["turns"] += 1
                text = table_text(app)
                assert "Your money" in text and "Your hidden program cards" in text
                for message in _private_messages(app, actor):  # the other person's secrets stay hidden
                    assert message not in text
                await decide(pilot, app)
            await pilot.press("q")
        return seen

    seen = asyncio.run(run())
    assert seen["pass"] >= 4  # the starting sheet and the bid are written one person at a time
    assert seen["turns"] > seen["pass"]


def test_save_quit_and_resume(tmp_path: Path) -> None:
    session = new_session(tmp_path, (None, "heuristic", "heuristic", "heuristic"), seed=3, variant="full")
    path = tmp_path / "game.json"

    async def first_sitting() -> int:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert "Round 1/7" in table_text(app)
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

    async def second_sitting() -> None:
        app = PlayApp(Session(loaded.state, loaded.table, path), fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert "Round 2/7" in table_text(app)
            while app.state.view(None)["round"] < 3:
                await decide(pilot, app)
            await pilot.press("q")

    asyncio.run(second_sitting())
    again = load(path)
    assert again.state.view(None)["round"] == 3 and again.state.step_count > steps
