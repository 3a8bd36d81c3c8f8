"""The heuristic bot adapter of 選舉之戰 plays legal actions from a view alone and beats random play (seed 004
多人遊戲 rules; the rules of thumb are in adapters/bot.py)."""

from __future__ import annotations

import json
import random

import hustings
from hustings.games.election_war.adapters import bot
from hustings.games.election_war.adapters.rules_help import RULES_HELP
from hustings.games.election_war.phases import Phase

from .conftest import GAME


def test_bot_picks_a_legal_action_from_the_view_in_every_phase() -> None:
    s = hustings.make(GAME, players=5, seed=3)
    phases = set()
    while not s.is_over:
        p = s.current_players[0]
        view = json.loads(json.dumps(s.view(p)))  # only plain data, as a client would get it
        legal = s.legal_actions(p)
        a = bot.choose(view, legal)
        assert a in legal
        phases.add(view["phase"])
        s.apply(p, a)
        if s.step_count % 50 == 0:
            assert len(bot.evaluate(s)) == 5
    assert phases == {str(ph) for ph in Phase if ph is not Phase.OVER}
    assert bot.evaluate(s) == [float(v) for v in s.votes()]


def test_bot_beats_random_play() -> None:
    """One heuristic seat against three random ones wins far more than its fair quarter."""
    share = 0.0
    games = 60
    for g in range(games):
        s = hustings.make(GAME, players=4, seed=500 + g)
        r = random.Random(g)
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            s.apply(p, bot.choose(s.view(p), legal) if p == 0 else r.choice(legal))
        share += s.outcome().win_share(0)
    assert share / games > 0.45


def test_press_conference_against_harm_only() -> None:
    s = hustings.make(GAME, players=3, seed=2, first_player=0)
    while s.phase is Phase.DECLARE:
        p = s.current_players[0]
        s.apply(p, s.legal_actions(p)[0])
    from hustings.games.election_war.actions import NO_PRESS, PRESS

    v = s.view(1)
    v["phase"], v["turn"] = "press", 0
    v["pending"] = {"card": next(c.index for c in bot.D.NEWS if c.effect == "withdraw"), "target": 1}
    assert bot.choose(v, [PRESS, NO_PRESS]) is PRESS
    v["pending"]["card"] = next(c.index for c in bot.D.NEWS if c.effect == "strength" and c.amount > 0)
    assert bot.choose(v, [PRESS, NO_PRESS]) is NO_PRESS


def test_rules_help_covers_every_phase_in_three_languages() -> None:
    assert set(RULES_HELP) == {str(ph) for ph in Phase}
    for texts in RULES_HELP.values():
        assert set(texts) == {"en", "zh-Hans", "zh-Hant"} and all(texts.values())
    assert hustings.get_spec(GAME).adapter("rules_help") is RULES_HELP


def test_rl_encoder_encodes_every_view_in_bounds() -> None:
    """The observation encoder: fixed size per player count, values in [0, 1], spectator views too."""
    import pytest

    np = pytest.importorskip("numpy")
    from hustings.games.election_war.adapters.rl import make_encoder

    for n in (2, 6, 15):
        enc = make_encoder(n, "standard")
        s = hustings.make(GAME, players=n, seed=n)
        r = random.Random(n)
        while True:
            for p in [*range(n), None]:
                x = enc.encode(s.view(p))
                assert x.shape == (enc.size,) and np.all(x >= 0.0) and np.all(x <= 1.0)
            if s.is_over:
                break
            for _ in range(7):
                if s.is_over:
                    break
                p = s.current_players[0]
                s.apply(p, r.choice(s.legal_actions(p)))
        assert enc.slices[-1].stop == enc.size
