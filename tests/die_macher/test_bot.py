"""The heuristic bot adapter: legal, deterministic play from views only, and better than random
(001 §遊戲提示 are its rules of thumb)."""

from __future__ import annotations

import random

import pytest

from hustings.engine import get_spec

from .conftest import new_game


def test_adapter_is_declared() -> None:
    bot = get_spec("die-macher").adapter("bot")
    assert callable(bot.choose) and callable(bot.evaluate)


@pytest.mark.parametrize("variant", ["full", "short"])
def test_heuristic_plays_whole_games_and_beats_random(variant: str) -> None:
    bot = get_spec("die-macher").adapter("bot")
    wins = 0
    games = 8
    for g in range(games):
        s = new_game(3 + g % 3, variant=variant, seed=100 + g)
        me = g % s.n
        r = random.Random(g)
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            a = bot.choose(s.view(p), legal) if p == me else r.choice(legal)
            assert a in legal
            s.apply(p, a)
        wins += me in s.winners()
        ev = bot.evaluate(s)
        assert len(ev) == s.n and ev == [float(x["total"]) for x in s.scores()]
    assert wins >= games // 2 + 1


def test_evaluate_midgame_is_finite() -> None:
    bot = get_spec("die-macher").adapter("bot")
    s = new_game(4, seed=3)
    r = random.Random(3)
    for _ in range(150):
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
    ev = bot.evaluate(s)
    assert len(ev) == 4 and all(x == x for x in ev)
