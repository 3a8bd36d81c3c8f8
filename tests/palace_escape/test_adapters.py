"""The adapters of 逃出總統府: terminal renderer, rules help, bot (they see views and legal actions only)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import hustings
from hustings.engine import LANGS, get_spec
from hustings.games.palace_escape.adapters import bot
from hustings.tui import ui_for
from hustings.tui.renderer import GameRenderer, outcome_headline

from .helpers import position


def _text(renderable: object) -> str:
    c = Console(width=100, record=True, color_system=None)
    c.print(renderable)
    return c.export_text()


@pytest.mark.parametrize("lang", LANGS)
def test_renderer_draws_the_grid_and_offers_exactly_the_legal_actions(lang: str) -> None:
    ui = ui_for("palace-escape", lang)
    assert isinstance(ui, GameRenderer) and type(ui).__name__ == "Renderer"
    s = hustings.make("palace-escape", variant="hard", seed=8)
    s.apply(0, s.SPACE.get("hint"))
    view = s.view(0)
    board = _text(ui.panels(view)[0].body)
    names = {"en": "President", "zh-Hans": "总统", "zh-Hant": "總統"}[lang]
    assert names in board and "★" in board
    entries = ui.entries(view, s.legal_actions(0))
    assert sorted(a.id for e in entries for a in e.actions) == sorted(a.id for a in s.legal_actions(0))
    assert entries[0].label.startswith("★") or any(e.label.startswith("★") for e in entries)
    assert _text(ui.situation(view)) and _text(ui.status(view, 0, 0, [None]))
    title, text = ui.rules(view) or ("", "")
    # the rules in words, with no ruling ids or seed sections (player-facing text)
    assert title and {"en": "caught", "zh-Hans": "抓到", "zh-Hant": "抓到"}[lang] in text
    assert "R2" not in text and "步驟" not in text and "步骤" not in text and "(step" not in text


def test_final_headline_shows_moves_against_par() -> None:
    s = hustings.make("palace-escape", seed=9)
    while not s.is_over:
        s.apply(0, bot.choose(s.view(0), s.legal_actions(0)))
    line = outcome_headline(s.outcome(), ["P"], "en").plain
    assert "won" in line and f"par {s.view(0)['par']} (+0)" in line


def test_rules_help_has_three_languages() -> None:
    help_ = get_spec("palace-escape").adapter("words").rules_help()
    assert set(help_["rules"]) == set(LANGS)


@pytest.mark.parametrize(("variant", "capture"), [("normal", "moving"), ("hard", "moving"), ("hard", "strict")])
def test_bot_makes_par_seeing_only_the_view(variant: str, capture: str) -> None:
    """The bot reads the reading from the view (R2, R13) and makes par in both."""
    for seed in range(40):
        s = hustings.make("palace-escape", variant=variant, seed=seed, capture=capture)
        while not s.is_over:
            s.apply(0, bot.choose(s.view(0), s.legal_actions(0)))
        out = s.outcome()
        assert out.won and out.detail["moves"] == out.detail["par"] and out.detail["hints"] == 0
        assert bot.evaluate(s) == [1.0]


def test_bot_plays_on_after_a_detour() -> None:
    s = hustings.make("palace-escape", variant="hard", seed=1)
    r = random.Random(1)
    for _ in range(5):
        if s.is_over:
            break
        swaps = [a for a in s.legal_actions(0) if a.kind == "swap"]
        s.apply(0, r.choice(swaps))
    while not s.is_over:
        s.apply(0, bot.choose(s.view(0), s.legal_actions(0)))
    assert s.view(0)["status"] in ("won", "caught")


def test_the_heuristic_bot_through_the_registry_makes_par() -> None:
    """The spec's ``bot`` adapter, as `hustings play`, the lab and ISMCTS use it (views and legal actions only)."""
    from hustings.bots import make_bot

    b = make_bot("heuristic", "palace-escape", 1)
    s = hustings.make("palace-escape", variant="hard", seed=12)
    while not s.is_over:
        s.apply(0, b.act(s.view(0), s.legal_actions(0)))
    assert s.outcome().won and s.outcome().detail["moves"] == s.outcome().detail["par"]


@pytest.mark.parametrize("capture", ["moving", "strict"])
def test_the_rl_encoding_and_the_hint_in_both_readings(capture: str) -> None:
    """Seed 004 步驟 4, R2/R13: the generic RL encoding reads every view of either reading (the reading itself
    is part of the observation), and the hint leads out in both."""
    import numpy as np

    from hustings.rl.encoding import encoder_for

    enc = encoder_for("palace-escape", 1, "hard")
    s = hustings.make("palace-escape", variant="hard", seed=21, capture=capture, max_actions=None)
    obs = enc.encode(s.view(0))
    assert obs.shape == (enc.size,) and np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= 1.0
    # one board under the two readings: the observations differ (the reading is observed)
    board = [0, 1, 2, 1, 4, 2, 2, 3, 3]
    views = [position(board, "hard", c).view(0) for c in ("moving", "strict")]
    assert views[0]["board"] == views[1]["board"] and not np.array_equal(*(enc.encode(v) for v in views))
    while not s.is_over:
        hint = s.apply(0, s.SPACE.get("hint"))[-1].data
        s.apply(0, s.SPACE.get("swap", hint["a"], hint["b"]))
        if not s.is_over:
            enc.encode(s.view(0))
    out = s.outcome()
    assert out.won and out.detail["moves"] == out.detail["par"] and out.detail["capture"] == capture
