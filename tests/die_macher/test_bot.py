"""The heuristic bot adapter: legal, deterministic play from views only, and better than random
(001 §遊戲提示 are its rules of thumb)."""

from __future__ import annotations

import math
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
    assert len(ev) == 4 and all(math.isfinite(x) for x in ev)


# --- the rollout view (issue 10: ISMCTS decision time) ---------------------------------------------------


def _pruned(light: object, full: object, where: str = "view") -> None:
    """``light`` is a pruned copy of ``full``: every key it has holds ``full``'s value, recursively, types too."""
    if isinstance(full, dict):
        assert isinstance(light, dict) and set(light) <= set(full), f"{where}: {set(light) - set(full)}"
        for k, v in light.items():
            _pruned(v, full[k], f"{where}.{k}")
    elif isinstance(full, list):
        assert isinstance(light, list) and len(light) == len(full), where
        for i, (x, y) in enumerate(zip(light, full, strict=True)):
            _pruned(x, y, f"{where}[{i}]")
    else:
        assert type(light) is type(full) and light == full, f"{where}: {light!r} != {full!r}"


@pytest.mark.parametrize("variant", ["full", "short"])
def test_rollout_view_is_a_pruned_view_and_the_heuristic_reads_nothing_else(variant: str) -> None:
    from hustings.games.die_macher.view import bot_view

    bot = get_spec("die-macher").adapter("bot")
    assert bot.rollout_view is bot_view
    for g in range(4):
        s = new_game(3 + g % 3, variant=variant, seed=300 + g)
        r = random.Random(g)
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            sample = s.resample(p, random.Random(s.step_count))  # rollouts run on determinizations
            for state in (s, sample):
                for q in [*range(s.n), None]:
                    _pruned(bot_view(state, q), state.view(q))
                # the same pick from the pruned view: choose reads no key it lacks
                assert bot.choose(bot_view(state, p), legal) == bot.choose(state.view(p), legal)
            s.apply(p, bot.choose(s.view(p), legal) if g % 2 else r.choice(legal))


def test_rollout_view_shares_nothing_with_the_state() -> None:
    from hustings.games.die_macher.view import bot_view

    s = new_game(4, seed=9)
    r = random.Random(9)
    for _ in range(120):
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
    before = s.position_key()
    v = bot_view(s, s.current_players[0])
    for b in v["boards"]:
        for key in ("up", "media", "cubes", "popularity", "votes"):
            b[key].append(99)
        for e in b["cabinet"]:
            e.append(99)
    for pl in v["players"]:
        pl["program"].append(99)
        if pl["hand"] is not None:
            pl["hand"].append(99)
    assert s.position_key() == before


def test_ismcts_on_the_rollout_view_searches_as_on_the_full_view() -> None:
    # the pruned view only saves time: with the same seed, the same search and the same choice
    from hustings.bots import InfoSet, IsmctsBot, make_bot

    s = new_game(4, seed=21)
    bot = get_spec("die-macher").adapter("bot")
    for _ in range(60):
        p = s.current_players[0]
        s.apply(p, bot.choose(s.view(p), s.legal_actions(p)))
    while len(s.legal_actions(s.current_players[0])) < 2:
        p = s.current_players[0]
        s.apply(p, bot.choose(s.view(p), s.legal_actions(p)))
    p = s.current_players[0]
    fast = make_bot("ismcts:easy", "die-macher", seed=4)
    assert isinstance(fast, IsmctsBot) and fast.rollout_view is not None
    slow = IsmctsBot(level="easy", seed=4, rollout_policy=bot.choose, evaluator=bot.evaluate, root_hint=bot.choose,
                     scale=bot.scale)
    picks = [b.act(s.view(p), s.legal_actions(p), InfoSet.of(s, p, random.Random(4))) for b in (fast, slow)]
    assert picks[0] == picks[1]
