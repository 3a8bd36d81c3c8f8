"""Guided choices only ever pick among the legal actions; the interface speaks three languages.

The models are the shell's own (no game in them); Die Macher's states give them real legal lists.
"""

from __future__ import annotations

import random

import pytest

import hustings
from hustings.engine import LANGS
from hustings.tui.choices import AmountModel, Entry, PlanModel, filter_entries, find_action, parse_amount
from hustings.tui.i18n import tr

from .drive import GAME


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


def test_interface_text_in_three_languages() -> None:
    # the words live in the shared catalog now; tests/i18n checks every key of every catalog
    from hustings.tui.i18n import SHARED

    for key in SHARED.keys("en"):
        assert all(SHARED.has(key, lang) for lang in LANGS), key
        assert len({SHARED.placeholders(key, lang) for lang in LANGS}) == 1, key
    assert tr("replay_step", "zh-Hant", i=2, n=4) == "第2/4步"
