"""Die Macher 2019's terminal renderer (the game's ``tui`` adapter): its entries cover exactly the legal
actions, every phase draws in every language and naming style, the explanations add up, every phase has
its rules help."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rich.console import Console

import hustings
from citations import citations
from hustings.engine import Action, get_spec
from hustings.games.die_macher_2019.adapters.tui import PHASES, Renderer
from hustings.games.die_macher_2019.words import TOPICS, WORDS
from hustings.tui import ui_for
from hustings.tui.choices import TreeModel
from hustings.tui.renderer import CanPlan, GameRenderer

GAME = "die-macher-2019"
LANGS = ("en", "zh-Hans", "zh-Hant")

RULES_HELP = WORDS.rules_help()


def rules_for(phase: str, lang: str) -> str:
    """The rules text of ``phase`` from the game's words."""
    got = WORDS.rules(phase, lang)
    assert got is not None
    return got[1]


def rendered(renderable: Any) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def _random_states(seed: int, players: int = 4, variant: str = "standard") -> list[hustings.GameState]:
    """Snapshots of one random game, one per step."""
    rng = random.Random(seed)
    state = hustings.make(GAME, players=players, variant=variant, seed=seed)
    out = [state.clone()]
    while not state.is_over:
        p = state.current_players[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        out.append(state.clone())
    return out


@pytest.fixture(scope="module")
def game_states() -> list[hustings.GameState]:
    return _random_states(31) + _random_states(32, players=5, variant="expanded")


def _every_completion(model: TreeModel) -> list[Action]:
    if model.complete:
        return [model.action()]
    out = []
    for v in model.options():
        model.choose(v)
        out += _every_completion(model)
        model.back()
    return out


def test_entries_cover_exactly_the_legal_actions(game_states: list[hustings.GameState]) -> None:
    ui = Renderer("en")
    seen_modes: set[str] = set()
    for state in game_states[::3]:
        for p in state.current_players:
            legal = state.legal_actions(p)
            view = state.view(p)
            entries = ui.entries(view, legal)
            reachable: list[Action] = []
            for e in entries:
                seen_modes.add(e.mode)
                assert e.label
                if e.mode == "tree":
                    reachable += _every_completion(TreeModel(e.actions))
                else:
                    reachable += list(e.actions)
                for a in e.actions:
                    assert a in legal
            assert sorted(a.id for a in reachable) == sorted(a.id for a in legal)
    assert seen_modes == {"action", "amount", "tree", "plan"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_phase_draws_and_explains(game_states: list[hustings.GameState], lang: str) -> None:
    phases: set[str] = set()
    firsts: dict[tuple[str, str], hustings.GameState] = {}  # the first state of each phase and variant
    for state in game_states:
        view = state.view(None)
        firsts.setdefault((view["variant"], view["phase"]), state)
    for names in ("local", "de", "both"):
        ui = Renderer(lang, names)
        for state in list(firsts.values())[:: 1 if names == "local" else 5]:
            cur = state.current_players
            for viewer in (None, cur[-1] if cur else 0):
                view = state.view(viewer)
                phases.add(view["phase"])
                text = rendered(ui.status(view, cur[0] if cur else None, viewer, [None] * state.num_players))
                panels = ui.panels(view)
                assert [p.key for p in panels] == ["board-0", "board-1", "board-2", "board-3", "parties", "table"]
                for panel in panels:
                    text += panel.title + rendered(panel.body) + panel.subtitle
                text += rendered(ui.private_panel(view))
                text += rendered(ui.situation(view))
                assert "Traceback" not in text
                if viewer is None:
                    continue
                for a in state.legal_actions(viewer)[:40]:
                    assert ui.describe(a, view)
    assert phases >= set(PHASES) - {"tie"}


def test_explanations_account_for_every_vote(game_states: list[hustings.GameState]) -> None:
    ui = Renderer("en")
    for state in game_states[::25]:
        for viewer in (None, 0):
            view = state.view(viewer)
            items = ui.explanations(view, state.events(viewer))
            titles = [e.title for e in items]
            assert all(titles)
            for e in items:
                assert not any("not shown in your events" in line for line in e.lines), e
            for b, bd in enumerate(view["boards"]):
                for p, votes in enumerate(bd["votes"] if bd["active"] else []):
                    if votes:
                        assert any(t.startswith(f"Votes of {ui.who(view, p)} in {ui.board_name(view, b)}: {votes}")
                                   for t in titles)
            if viewer is not None:
                money = [e for e in items if e.title.startswith("Your money")]
                assert money and money[0].lines[-1] == f"= {view['players'][0]['money']:,}€"
                total = 30000 + sum(int(line.split("€")[0].replace(",", "").replace("+", ""))
                                    for line in money[0].lines[1:-1])
                assert total == view["players"][0]["money"]
    final = game_states[-1]
    items = ui.explanations(final.view(None), final.events(None))
    assert any(e.title.startswith("Election ") for e in items)
    assert any(e.title.startswith("Income of ") for e in items)
    assert any(e.title.startswith("Score of ") and "money rank" in " ".join(e.lines) for e in items)


def test_the_spec_names_the_renderer_and_the_rules_help() -> None:
    spec = get_spec(GAME)
    assert spec.adapter("tui") is Renderer and spec.adapter("words") is WORDS
    ui = ui_for(GAME, "zh-Hans", "both")
    assert isinstance(ui, Renderer) and isinstance(ui, GameRenderer) and isinstance(ui, CanPlan)
    assert (ui.lang, ui.n.style) == ("zh-Hans", "both")
    for phase, texts in RULES_HELP.items():
        assert set(texts) == set(LANGS) and all(texts.values()), phase


def test_rally_planner_prices_the_plan(game_states: list[hustings.GameState]) -> None:
    """The planner words the plan and refuses one beyond the seat's money or reserve (§三.4)."""
    ui = Renderer("en")
    state = next(s for s in game_states if s.current_players and s.view(None)["phase"] == "rally")
    p = state.current_players[0]
    view = state.view(p)
    planner = ui.plans(view, state.legal_actions(p))["rally"]
    assert planner.kind == "rally" and planner.finish == "done"
    assert not ui.plans(state.view(None), state.legal_actions(p))  # a spectator plans nothing
    target = next(a.args[0] for a in state.legal_actions(p) if a.kind == "rally")
    assert planner.problems([(target, 1)]) == []  # one rally is legal, so affordable
    poor = json.loads(json.dumps(view))
    poor["players"][p]["money"] = 0
    poor["players"][p]["rally_reserve"] = 0
    problems = ui.plans(poor, state.legal_actions(p))["rally"].problems([(target, 1)])
    assert len(problems) == 2 and "you have 0€" in problems[0] and "you have 0" in problems[1]
    assert ui.board_name(view, target) in planner.row(target, 1)
    assert "no longer legal" in planner.stopped(target, 2)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_for_every_phase(lang: str) -> None:
    assert set(TOPICS) == set(PHASES) == set(RULES_HELP)
    for phase in PHASES:
        assert len(rules_for(phase, lang)) > 40
    assert rules_for("no-such-phase", lang) == rules_for("over", lang)


def test_names_come_from_the_catalog_in_every_style() -> None:
    """Party, issue, state and politician names, local, German (as printed, seed 000) or both; the narrow
    columns take party_abbr.* and issue_short.*."""
    en, de, both = Renderer("en").n, Renderer("en", "de").n, Renderer("zh-Hant", "both").n
    assert (en.party(3), de.party(3), both.party(3)) == ("Greens", "Grüne", "綠黨 (Grüne)")
    assert (en.party_abbr(4), de.party_abbr(4), both.party_abbr(4)) == ("Left", "Linke", "左翼黨")
    assert (en.party_short(4), de.party_short(4)) == ("The Left", "Die Linke")
    assert (en.card(1), de.card(1)) == ("education: less", "Bildung: weniger")
    assert (en.card_short(1), de.card_short(0), both.card_short(2)) == ("Edu−", "Bild+", "數位+")
    assert de.state(0) == "Nordrhein-Westfalen" and both.state(0).endswith("(Nordrhein-Westfalen)")
    assert en.party(-1) == "?" and en.party_short(-1) == "—" and en.state(-1) == "—"


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_pop_up_speaks_the_interface_language(lang: str) -> None:
    """Issue 14 bug 10: no Chinese in the English pop-up; issue 22: no section mark or ruling id in any."""
    view = hustings.make(GAME, players=3, seed=1).view(None)
    title, text = Renderer(lang).rules(view)
    assert text == rules_for(view["phase"], lang) and title
    assert not citations(title + text), citations(title + text)
    if lang == "en":
        assert text.startswith("Choosing parties\n") and "一" not in title + text
    else:
        assert text.startswith({"zh-Hans": "选择党派\n", "zh-Hant": "選擇政黨\n"}[lang])
