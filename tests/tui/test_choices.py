"""Guided choices only ever pick among the legal actions; the table draws every phase in every language."""

from __future__ import annotations

import random

import pytest

import hustings
from hustings.engine import Action
from hustings.tui import ui_for
from hustings.tui.choices import AmountModel, Entry, PlanModel, TreeModel, filter_entries, find_action, parse_amount
from hustings.tui.dm2019 import PHASES
from hustings.tui.i18n import tr
from hustings.tui.rules_text import RULES, rules_for

from .drive import GAME, rendered

LANGS = ("en", "zh-Hans", "zh-Hant")


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


def test_parse_amount() -> None:
    assert parse_amount("12") == 12
    assert parse_amount("12000") == 12
    assert parse_amount("12,000€") == 12
    assert parse_amount("12k") == 12
    assert parse_amount("0") == 0
    assert parse_amount("1500") is None
    assert parse_amount("twelve") is None
    assert parse_amount("") is None


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
    ui = ui_for(GAME, "en")
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


def test_amount_model_stays_on_legal_amounts(game_states: list[hustings.GameState]) -> None:
    for state in game_states:
        p = state.current_players[0] if state.current_players else None
        if p is None:
            continue
        bids = [a for a in state.legal_actions(p) if a.kind == "bid"]
        if len(bids) < 3:
            continue
        m = AmountModel(bids)
        for delta in (5, -1, 10, 1000, -1000, 3):
            m.step(delta)
            assert m.action() in bids
        assert not m.set_text(str(m.hi + 1)) and m.error
        assert m.action() in bids
        assert m.set_text(str(m.lo)) and m.action().args[0] == m.lo
    m = AmountModel([a for a in game_states[0].SPACE.actions if a.kind == "bid" and a.args[0] in (0, 4, 9)])
    m.step(1)
    assert m.k == 4
    m.step(1)
    assert m.k == 9
    m.step(-6)
    assert m.k == 0


def test_plan_model_offers_only_legal_counts(game_states: list[hustings.GameState]) -> None:
    checked = 0
    for state in game_states:
        if not state.current_players or state.view(None)["phase"] != "rally":
            continue
        p = state.current_players[0]
        legal = state.legal_actions(p)
        plan = PlanModel.from_legal(legal, "rally")
        for b in plan.targets:
            for _ in range(10):
                plan.step(b, 1)
            k = plan.counts[b]
            assert k == 0 or find_action(legal, "rally", (b, k)) is not None
            assert not plan.set(b, 99)
        for b, k in plan.parts():
            assert find_action(legal, "rally", (b, k)) in legal
        checked += 1
    assert checked


def test_filter_matches_every_word() -> None:
    entries = [Entry("bid 3,000€", "action", ()), Entry("pass", "action", ()), Entry("Plan rallies…", "plan", (),
                                                                                        "board 1 Bavaria")]
    assert [e.label for e in filter_entries(entries, "PASS")] == ["pass"]
    assert [e.label for e in filter_entries(entries, "bavaria plan")] == ["Plan rallies…"]
    assert len(filter_entries(entries, "")) == 3


@pytest.mark.parametrize("lang", LANGS)
def test_every_phase_draws_and_explains(game_states: list[hustings.GameState], lang: str) -> None:
    phases: set[str] = set()
    firsts: dict[tuple[str, str], hustings.GameState] = {}  # the first state of each phase and variant
    for state in game_states:
        view = state.view(None)
        firsts.setdefault((view["variant"], view["phase"]), state)
    for names in ("local", "de", "both"):
        ui = ui_for(GAME, lang, names)
        for state in list(firsts.values())[:: 1 if names == "local" else 5]:
            cur = state.current_players
            for viewer in (None, cur[-1] if cur else 0):
                view = state.view(viewer)
                phases.add(view["phase"])
                text = rendered(ui.status(view, cur[0] if cur else None, viewer, [None] * state.num_players))
                for b in range(4):
                    title, body = ui.board(view, b)
                    text += title + rendered(body) + ui.board_when(view, b)
                text += rendered(ui.parties(view)) + rendered(ui.table_panel(view)) + rendered(ui.private_panel(view))
                text += rendered(ui.situation(view))
                assert "Traceback" not in text
                if viewer is None:
                    continue
                for a in state.legal_actions(viewer)[:40]:
                    assert ui.describe(a, view)
    assert phases >= set(PHASES) - {"tie"}


def test_explanations_account_for_every_vote(game_states: list[hustings.GameState]) -> None:
    ui = ui_for(GAME, "en")
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


def test_interface_text_in_three_languages() -> None:
    # the words live in the shared catalog now; tests/i18n checks every key of every catalog
    from hustings.tui.i18n import SHARED

    for key in SHARED.keys("en"):
        assert all(SHARED.has(key, lang) for lang in LANGS), key
        assert len({SHARED.placeholders(key, lang) for lang in LANGS}) == 1, key
    assert tr("round", "zh-Hant", n=2, of=4) == "第2/4輪"


@pytest.mark.parametrize("lang", LANGS)
def test_rules_for_every_phase(lang: str) -> None:
    assert set(RULES) == set(PHASES)
    for phase in PHASES:
        assert len(rules_for(phase, lang)) > 40
    assert rules_for("no-such-phase", lang) == rules_for("over", lang)
