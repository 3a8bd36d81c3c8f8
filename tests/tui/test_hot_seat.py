"""Several people at one keyboard: a hand-over screen between them, and nobody's secrets on screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from hustings.tui.app import PlayApp
from hustings.tui.screens import PassScreen

from .drive import SIZE, decide, new_session, rendered, settle, table_text


def _private_messages(app: PlayApp, other_than: int | None) -> set[str]:
    """Messages of events private to someone else (less any that read the same as one of one's own)."""
    own = {e.message("en") for e in app.state.events(other_than)} if other_than is not None else set()
    return {e.message("en") for e in app.state.all_events() if e.to is not None and e.to != other_than} - own


def test_hand_over_hides_everything_private(tmp_path: Path) -> None:
    session = new_session(tmp_path, bots=(None, None, "heuristic", "heuristic"), seed=11)

    async def run() -> dict[str, int]:
        app = PlayApp(session, fast=True)
        seen = {"pass": 0, "turns": 0, "secret_steps": 0}
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            last_person: int | None = None
            while app.state.view(None)["phase"] not in ("program", "media"):  # past the first-player bid
                actor = app.session.actor()
                assert actor is not None
                if isinstance(app.screen, PassScreen):
                    seen["pass"] += 1
                    # the whole table shows a spectator's view: no money, no hand, no private event
                    assert app.viewer is None
                    text = table_text(app)
                    assert "Your money" not in text and "Hand:" not in text
                    private = rendered(app.screen_stack[0].query_one("#private", Static).content)
                    assert "spectator" in private
                    for message in _private_messages(app, None):
                        assert message not in text
                    for pl in app.state.view(None)["players"]:
                        assert pl["money"] is None
                    assert actor != last_person or last_person is None
                    await decide(pilot, app)  # Enter: the next person is ready
                    continue
                assert app.waiting == "human"
                assert app.viewer == actor and actor in (0, 1)
                seen["turns"] += 1
                if len(app.state.current_players) > 1:
                    seen["secret_steps"] += 1
                text = table_text(app)
                for message in _private_messages(app, actor):  # the other person's secrets stay hidden
                    assert message not in text
                last_person = actor
                await decide(pilot, app)
            await pilot.press("q")
        return seen

    seen = asyncio.run(run())
    assert seen["pass"] >= 10  # draft, platform, deployment and bid are taken one person at a time
    assert seen["secret_steps"] >= 8
    assert seen["turns"] > seen["pass"]


def test_one_person_never_gets_a_hand_over_screen(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=12)

    async def run() -> None:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            for _ in range(15):
                assert not isinstance(app.screen, PassScreen)
                assert app.viewer == 0
                await decide(pilot, app)
            await pilot.press("q")

    asyncio.run(run())
