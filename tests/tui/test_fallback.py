"""A game without a terminal renderer is still playable: the shell falls back to drawing its view and offering
its actions by their own text. Played end to end with keystrokes (Textual's pilot), ranked and solo."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

import hustings
from hustings.engine import Action, Outcome, get_spec, ranked_outcome, solo_outcome
from hustings.tui import FallbackRenderer, ui_for
from hustings.tui.app import PlayApp
from hustings.tui.choices import TreeModel
from hustings.tui.recordfile import TableSettings, load
from hustings.tui.renderer import CanPlan, GameRenderer, outcome_headline
from hustings.tui.replay import ReplayApp
from hustings.tui.screens import ExplainScreen, TextScreen, TreeScreen
from hustings.tui.session import Session

from .drive import SIZE, choose_by_filter, decide, rendered, settle, table_text
from .tiny_game import register_tiny, unregister_tiny


@pytest.fixture(autouse=True)
def tiny() -> Iterator[None]:
    register_tiny()
    yield
    unregister_tiny()


def _every_completion(model: TreeModel) -> list[Action]:
    if model.complete:
        return [model.action()]
    out = []
    for v in model.options():
        model.choose(v)
        out += _every_completion(model)
        model.back()
    return out


def test_a_game_without_a_tui_adapter_gets_the_fallback() -> None:
    assert get_spec("marks").adapter("tui") is None
    ui = ui_for("marks", "en")
    assert isinstance(ui, FallbackRenderer) and isinstance(ui, GameRenderer) and not isinstance(ui, CanPlan)
    assert ui.min_size == (80, 24)
    with pytest.raises(ValueError, match="unknown game"):
        ui_for("no-such-game", "en")


def test_fallback_draws_the_view_and_shows_private_fields_only_to_their_owner() -> None:
    state = hustings.make("marks", players=2, seed=3)
    ui = ui_for("marks", "en")
    mine, spectator = state.view(0), state.view(None)
    (panel,) = ui.panels(mine)
    text = rendered(panel.body)
    assert "deck_size: 14" in text and "grid" in text and "hand_size: 3" in text
    hand = ", ".join(map(str, state.view(0)["players"][0]["hand"]))
    assert f"hand: [{hand}]" in text  # the viewer's own cards, present in the viewer's view
    private = rendered(ui.private_panel(mine))
    assert "You: P1" in private and f"hand: [{hand}]" in private
    assert "hand:" not in rendered(ui.panels(spectator)[0].body)  # absent from a spectator's view: not drawn
    assert "spectator" in rendered(ui.private_panel(spectator))
    for viewer in (0, 1):  # each seat's view holds its own hand and nobody else's
        assert rendered(ui.panels(state.view(viewer))[0].body).count("hand:") == 1


def test_fallback_entries_cover_exactly_the_legal_actions() -> None:
    state = hustings.make("marks", players=2, seed=4)
    modes: set[str] = set()
    for lang in ("en", "zh-Hant"):
        ui = ui_for("marks", lang)
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            view = state.view(p)
            reachable: list[Action] = []
            for e in ui.entries(view, legal):
                modes.add(e.mode)
                assert e.label and all(a in legal for a in e.actions)
                if e.mode == "tree":
                    model = TreeModel(e.actions)
                    model.choose(model.options()[0])
                    # the last step of a choice is labelled with the action's own text
                    value = model.options()[0]
                    label = ui.tree_label(model.kind, model.depth, model.prefix, value, view)
                    assert label == model.matching()[0].text(lang)
                    reachable += _every_completion(TreeModel(e.actions))
                else:
                    reachable += list(e.actions)
                    assert e.label == e.action.text(lang)
            assert sorted(a.id for a in reachable) == sorted(a.id for a in legal)
            state.apply(p, legal[-1])
        state = hustings.make("marks", players=2, seed=5)
    assert modes == {"action", "tree"}


def test_outcome_headline_names_winners_nobody_or_the_solo_result() -> None:
    names = ["P1", "P2", "P3"]
    assert "Winner(s): P2, P3" in outcome_headline(ranked_outcome([1, 5, 5]), names, "en").plain
    nobody = ranked_outcome([5, 5, 5], all_lose_if_tied=3)
    assert "everyone lost" in outcome_headline(nobody, names, "en").plain
    assert "全體落敗" in outcome_headline(nobody, names, "zh-Hant").plain
    won = outcome_headline(solo_outcome(True, moves=6, par=4), ["P1"], "en").plain
    assert "Game over" in won and "won in 6 moves" in won and "par 4 (+2)" in won
    lost = outcome_headline(solo_outcome(False, moves=3, par=None), ["P1"], "en").plain
    assert "lost after 3 moves" in lost and "par" not in lost
    assert "Winner(s): P1" in outcome_headline(Outcome((0,), (1.0,), (1,)), ["P1"], "en").plain


def test_ranked_game_played_to_the_end_through_the_shell(tmp_path: Path) -> None:
    path = tmp_path / "marks.json"
    session = Session.new("marks", 2, None, 7, TableSettings((None, "random"), "en"), path)

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            text = table_text(app)
            assert "Marks (test)" in text and "To act: P1 (you)" in text and "hand: [" in text
            assert "Choose mark… (16 choices)" in text  # the 16 cells open a step-by-step choice
            await pilot.press("r")  # the game's rules_help, found through its spec
            assert isinstance(app.screen, TextScreen)
            assert "mark a free cell" in rendered(app.screen.query_one("#text-body", Static).content)
            await pilot.press("escape")
            await pilot.press("x")
            assert isinstance(app.screen, ExplainScreen)
            await pilot.press("escape")
            # a mark, step by step: row 2, then column 3, then confirm
            await choose_by_filter(pilot, app, "choose mark")
            assert isinstance(app.screen, TreeScreen)
            await pilot.press("down", "enter", "down", "down", "enter", "enter")
            await settle(pilot, app)
            assert any(e.type == "marked" and (e.data["row"], e.data["col"]) == (1, 2) for e in app.state.events(0))
            for _ in range(20):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            assert app.waiting == "over"
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    state = session.state
    assert state.is_over and load(path).state == state
    outcome = state.outcome()
    assert "Game over" in text
    if outcome.winners:
        assert f"Winner(s): P{outcome.winners[0] + 1}" in text
    else:
        assert "everyone lost" in text
    assert "points" in text and "total" in text
    for s in state.scores():
        assert str(s["total"]) in text


def test_solo_game_in_a_small_terminal_says_won_or_lost_against_par(tmp_path: Path) -> None:
    session = Session.new("marks-solo", 1, None, 9, TableSettings((None,), "en"), tmp_path / "solo.json")

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert not app.too_small  # the fallback table fits the classic terminal
            for _ in range(10):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    outcome = session.state.outcome()
    moves = session.state.step_count
    assert (f"won in {moves} moves" if outcome.winners else f"lost after {moves} moves") in text
    assert f"par 4 ({moves - 4:+d})" in text


def test_replay_steps_through_a_game_without_a_renderer() -> None:
    state = hustings.make("marks", players=2, seed=11)
    while not state.is_over:
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[0])
    record = state.record()

    async def run() -> None:
        app = ReplayApp(record, None, "en")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = table_text(app)
            assert "Game over" in text and "total" in text and "hand:" not in text
            await pilot.press("home", "right")
            assert "P1 acted" in table_text(app)
            await pilot.press("v")  # P1's view: P1's hand now shows
            assert "hand: [" in table_text(app)
            await pilot.press("q")

    asyncio.run(run())


def test_the_shell_imports_no_game() -> None:
    """The shell reaches a game only through its spec's adapters: importing it loads no game module."""
    code = ("import sys, hustings.tui, hustings.tui.app, hustings.tui.replay, hustings.tui.screens, "
            "hustings.tui.fallback; print(sorted(m for m in sys.modules if m.startswith('hustings.games')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("game", "seats"), [("toy", (None, "random", "random")), ("toy-solo", (None,))])
def test_the_toy_game_plays_through_the_shell(tmp_path: Path, game: str, seats: tuple[str | None, ...]) -> None:
    """The lead's toy game (tests/toygame, with secret simultaneous choices) through the fallback, to the end."""
    pytest.importorskip("toygame")  # registered for the whole suite by tests/conftest.py
    session = Session.new(game, len(seats), None, 21, TableSettings(seats, "zh-Hans"), tmp_path / "toy.json")

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert isinstance(app.ui, FallbackRenderer)
            for _ in range(20):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    state = session.state
    assert state.is_over and "游戏结束" in text
    outcome = state.outcome()
    if game == "toy-solo":
        assert ("获胜" if outcome.winners else "失败") in text and "标准步数3" in text
    elif not outcome.winners:
        assert "全体落败" in text
    else:
        assert "获胜：" + ", ".join(f"玩家{p + 1}" for p in outcome.winners) in text
