"""選舉之戰 at the terminal table (issue 11): the renderer (the game's ``tui`` adapter) covers exactly the legal
actions, draws every phase in every language from 2 to 15 players without showing what the rules hide, explains
wind checks and the count from the events; through Textual's pilot: a whole game against bots at 4 players to the
final screen, 12 players in a 120x36 window, explain, rules help, and the hot-seat hand-over of the secret
placements (seed 004 2.)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog, Static

import hustings
from hustings.engine import Action, i18n
from hustings.games.election_war import data as D
from hustings.games.election_war.adapters.tui import COMPACT_FROM, Renderer
from hustings.tui import ui_for
from hustings.tui.app import PlayApp, TableApp
from hustings.tui.choices import TreeModel
from hustings.tui.recordfile import TableSettings
from hustings.tui.renderer import GameRenderer
from hustings.tui.screens import ExplainScreen, PassScreen, TextScreen
from hustings.tui.session import Session

GAME = "election-war"
LANGS = ("en", "zh-Hans", "zh-Hant")
SIZE = (120, 36)


@pytest.fixture(autouse=True)
def strict() -> Iterator[None]:
    was = i18n.is_strict()
    i18n.set_strict(True)
    yield
    i18n.set_strict(was)


def rendered(renderable: object, width: int = 120) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def random_states(seed: int, players: int) -> list[hustings.GameState]:
    rng = random.Random(seed)
    s = hustings.make(GAME, players=players, seed=seed)
    out = [s.clone()]
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
        out.append(s.clone())
    return out


def every_completion(model: TreeModel) -> list[Action]:
    if model.complete:
        return [model.action()]
    out = []
    for v in model.options():
        model.choose(v)
        out += every_completion(model)
        model.back()
    return out


def test_the_spec_serves_this_renderer() -> None:
    ui = ui_for(GAME, "en")
    assert isinstance(ui, Renderer) and isinstance(ui, GameRenderer)


@pytest.mark.parametrize("players", [2, 4, 12, 15])
def test_entries_cover_exactly_the_legal_actions(players: int) -> None:
    ui = Renderer("en")
    kinds: set[str] = set()
    for s in random_states(players, players)[::3]:
        if s.is_over:
            continue
        p = s.current_players[0]
        legal = s.legal_actions(p)
        view = s.view(p)
        covered: list[Action] = []
        for entry in ui.entries(view, legal):
            assert entry.label
            if entry.mode == "tree":
                model = TreeModel(entry.actions)
                assert sorted(a.id for a in every_completion(model)) == sorted(a.id for a in entry.actions)
                for depth, prefix in ((0, ()), (1, (entry.actions[0].args[0],))):
                    assert ui.tree_step(entry.action.kind, depth, prefix, view)
                    assert ui.tree_label(entry.action.kind, depth, prefix, entry.actions[0].args[depth], view)
            else:
                assert entry.mode == "action"
            covered.extend(entry.actions)
            kinds.update(a.kind for a in entry.actions)
        assert sorted(a.id for a in covered) == sorted(a.id for a in legal)
    assert {"declare", "play", "stop"} <= kinds


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [3, 15])
def test_every_phase_draws_for_players_and_spectators(lang: str, players: int) -> None:
    ui = Renderer(lang)
    phases: set[str] = set()
    for s in random_states(40 + players, players):
        phase = str(s.view(None)["phase"])
        if phase in phases and s.step_count % 11:
            continue
        phases.add(phase)
        actor = s.current_players[0] if s.current_players else None
        for viewer in (0, None):
            view = s.view(viewer)
            panels = ui.panels(view)
            assert [p.key for p in panels] == (["board", "hand"] if players >= COMPACT_FROM
                                               else ["board", "hand", "table"])
            text = "".join(rendered(p.body) + p.title + p.subtitle for p in panels)
            text += rendered(ui.status(view, actor, viewer, [None] * players))
            text += rendered(ui.private_panel(view)) + rendered(ui.situation(view))
            for x in ui.explanations(view, s.events(viewer)):
                assert x.title and all(isinstance(line, str) for line in x.lines)
            assert ui.rules(view)[1]
            assert text
    assert phases == {"declare", "play", "press", "discard", "over"}


def test_the_board_hides_face_down_cards_and_other_hands() -> None:
    s = hustings.make(GAME, players=4, seed=3)
    for _ in range(3):  # seat 0 places three cards, face down to everyone else (2.)
        s.apply(0, s.legal_actions(0)[0])
    ui = Renderer("en")
    mine = {D.role_name(c, "en") for c in s.view(0)["role_hand"]}
    placed = [s.view(0)["candidates"][r][0]["card"] for r in range(3)]
    theirs = rendered(ui.panels(s.view(1))[0].body) + rendered(ui.private_panel(s.view(1)))
    assert "▯" in theirs
    for r in range(3):
        assert s.view(1)["candidates"][r][0]["card"] is None
    assert not any(D.role_name(c, "en") in theirs for c in placed if c is not None)
    assert not any(name in theirs for name in mine)
    own = rendered(ui.private_panel(s.view(0)))
    assert all(name in own for name in mine)
    # the news hand: the holder sees each card's die, wind and effect; a spectator sees none
    s2 = random_states(5, 4)[40]
    p = s2.view(None)["turn"]
    hand = s2.view(p)["hand"]
    assert hand
    panels = {x.key: rendered(x.body) for x in ui.panels(s2.view(p))}
    card = D.NEWS[hand[0]]
    assert D.news_name(card.index, "en") in panels["hand"]
    spectator = {x.key: rendered(x.body) for x in ui.panels(s2.view(None))}
    assert "hidden" in spectator["hand"]
    assert all(D.news_name(c, "en") not in spectator["hand"] for c in hand)


def test_explanations_account_for_wind_checks_and_the_count() -> None:
    s = random_states(8, 4)[-1]
    assert s.is_over
    ui = Renderer("en")
    items = ui.explanations(s.view(0), s.events(0))
    titles = [x.title for x in items]
    checks = [e.data for e in s.events(0) if e.type == "wind_check"]
    assert sum(t.startswith("Wind check") for t in titles) == len(checks)
    one = next(x for x in items if x.title.startswith("Wind check"))
    assert any("against level" in line for line in one.lines)
    counts = [x for x in items if x.title.startswith("Count, row")]
    assert len(counts) == D.ROWS
    for res, x in zip(s.view(0)["results"], reversed(counts), strict=True):
        if res["winner"] >= 0:
            assert f"P{res['winner'] + 1}" in x.title
            assert any(f"council's {res['council']}" in line for line in x.lines)
    votes = s.view(0)["votes"]
    for p, v in enumerate(votes):
        x = next(x for x in items if x.title == f"P{p + 1}: {v} votes")
        assert x.lines[-1] == f"= {v}"


def test_final_table_names_the_title() -> None:
    s = random_states(9, 4)[-1]
    ui = Renderer("zh-Hant")
    out = s.outcome()
    text = rendered(ui.final_table(s.view(None), out, s.scores(), {"total": "票"}))
    assert D.CATALOG.text(f"title.{out.detail['title']}", "zh-Hant") in text


# ------------------------------------------------------------------------------------------- pilot
# (as tests/tui/drive.py drives Die Macher: keystrokes only)


async def settle(pilot: Pilot[object], app: PlayApp, timeout: float = 60.0) -> None:
    """Wait while bots move, until a person must act, a hand-over screen is up or the game is over."""
    end = time.monotonic() + timeout
    while True:
        await pilot.pause()
        if app.waiting in ("human", "over") and app.screen is app.screen_stack[0]:
            return
        if app.waiting == "pass" and isinstance(app.screen, PassScreen):
            return
        if time.monotonic() > end:
            raise AssertionError(f"the table did not come to rest (waiting={app.waiting})")
        await pilot.pause(0.01)


async def decide(pilot: Pilot[object], app: PlayApp) -> None:
    """Enter on the first line of the list, and on the first option at each step of a guided choice."""
    if not isinstance(app.screen, PassScreen):
        assert app.waiting == "human", app.waiting
    await pilot.press("enter")
    for _ in range(4):
        if app.screen is app.screen_stack[0] or isinstance(app.screen, PassScreen):
            break
        await pilot.press("enter")
    await settle(pilot, app)


def table_text(app: TableApp) -> str:
    """Everything the table screen shows in words: panels, the log and the action list."""
    base = app.screen_stack[0]
    parts = []
    for widget in base.query("*"):
        parts.append(str(widget.border_title or ""))
        parts.append(str(widget.border_subtitle or ""))
    for w in base.query(Static):
        parts.append(rendered(w.content, 200))
    for log in base.query(RichLog):
        parts.extend(strip.text for strip in log.lines)
    for lst in base.query(OptionList):
        parts.extend(rendered(o.prompt, 200) for o in lst.options)
    return "\n".join(parts)



def session(tmp_path: Path, bots: tuple[str | None, ...], seed: int, lang: str = "en") -> Session:
    return Session.new(GAME, len(bots), None, seed, TableSettings(bots, lang, "local"), tmp_path / "game.json")


def test_whole_game_against_bots_to_the_final_screen(tmp_path: Path) -> None:
    s = session(tmp_path, (None, "heuristic", "heuristic", "heuristic"), seed=21)

    async def run() -> str:
        app = PlayApp(s, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert not app.too_small
            assert "Districts" in table_text(app)
            for _ in range(300):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            assert app.waiting == "over"
            text = table_text(app)
            await pilot.press("q")
        return text

    text = asyncio.run(run())
    state = s.state
    assert state.is_over
    assert "Game over" in text
    title = D.CATALOG.text(f"title.{state.outcome().detail['title']}", "en")
    assert title in text
    for p, v in enumerate(state.view(None)["votes"]):
        assert f"P{p + 1}" in text and str(v) in text


def test_twelve_players_fit_a_120x36_window_with_explain_and_rules(tmp_path: Path) -> None:
    s = session(tmp_path, (None,) + ("heuristic",) * 11, seed=22, lang="zh-Hans")

    async def run() -> None:
        app = PlayApp(s, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert not app.too_small
            while app.state.view(None)["phase"] == "declare":
                await decide(pilot, app)
            text = table_text(app)
            assert "P12" in text and "选区" in text
            steps = app.state.step_count
            await pilot.press("x")
            assert isinstance(app.screen, ExplainScreen)
            titles = [x.title for x in app.screen.items]
            assert any(t.startswith("本轮") for t in titles)
            await pilot.press("escape")
            await pilot.press("r")
            assert isinstance(app.screen, TextScreen)
            assert "风向判定" in app.screen.body or "记者会" in app.screen.body
            await pilot.press("escape")
            assert app.state.step_count == steps
            for _ in range(6):
                if app.waiting == "over":
                    break
                await decide(pilot, app)
            app.save_screenshot(str(tmp_path / "twelve.svg"))
            await pilot.press("q")

    asyncio.run(run())
    assert (tmp_path / "twelve.svg").stat().st_size > 0


def test_hot_seat_hands_over_between_secret_placements(tmp_path: Path) -> None:
    s = session(tmp_path, (None, None, "heuristic", "heuristic"), seed=23)

    async def run() -> dict[str, int]:
        app = PlayApp(s, fast=True)
        seen = {"pass": 0, "declare": 0}
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            while app.state.view(None)["phase"] == "declare":
                actor = app.session.actor()
                assert actor is not None
                if isinstance(app.screen, PassScreen):
                    seen["pass"] += 1
                    assert app.viewer is None  # the table shows a spectator's view: no placement, no role hand
                    text = table_text(app)
                    for p in (0, 1):
                        for c in app.state.view(p)["role_hand"] or []:
                            assert D.role_name(c, "en") not in text
                    await decide(pilot, app)
                    continue
                assert app.viewer == actor and actor in (0, 1)
                other = 1 - actor
                text = table_text(app)
                hidden = [app.state.view(other)["candidates"][r][other]["card"] for r in range(D.ROWS)]
                hidden += app.state.view(other)["role_hand"] or []
                for c in hidden:
                    if c is not None:
                        assert D.role_name(c, "en") not in text
                seen["declare"] += 1
                await decide(pilot, app)
            await pilot.press("q")
        return seen

    seen = asyncio.run(run())
    assert seen["declare"] == 2 * (D.ROWS - 1)  # the last card of each hand has one place left: placed for you
    assert seen["pass"] >= 1
