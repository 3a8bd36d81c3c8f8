"""The heuristic bot adapter of 選舉之戰 plays legal actions from a view alone and beats random play (seed 004
多人遊戲 rules; the rules of thumb are in adapters/bot.py)."""

from __future__ import annotations

import json
import random

import hustings
from hustings.games.election_war.adapters import bot
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.words import WORDS

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
    RULES_HELP = WORDS.rules_help()
    assert set(RULES_HELP) == {str(ph) for ph in Phase}
    for texts in RULES_HELP.values():
        assert set(texts) == {"en", "zh-Hans", "zh-Hant"} and all(texts.values())
    assert hustings.get_spec(GAME).adapter("words") is WORDS


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


# --- the rollout view: ISMCTS decision time (issue 11) ------------------------------------------------------


def _same_where_given(light: object, full: object, where: str = "view") -> None:
    """Every key ``light`` has holds ``full``'s value (dicts recursively; a row of candidates left empty aside)."""
    if isinstance(light, dict):
        assert isinstance(full, dict) and set(light) <= set(full), f"{where}: {set(light) - set(full)}"
        for k, v in light.items():
            _same_where_given(v, full[k], f"{where}.{k}")
    elif isinstance(light, list):
        if where.startswith("view.candidates[") and not light:
            return  # another round's row: choose never reads it
        assert isinstance(full, list) and len(light) == len(full), where
        for i, (x, y) in enumerate(zip(light, full, strict=True)):
            _same_where_given(x, y, f"{where}[{i}]")
    else:
        assert light == full and type(light) is type(full), f"{where}: {light!r} != {full!r}"


def test_rollout_view_is_a_pruned_view_and_the_heuristic_reads_nothing_else() -> None:
    assert bot.HEURISTIC.rollout_view is bot.bot_view
    for g, n in enumerate((2, 4, 10)):
        s = hustings.make(GAME, players=n, seed=700 + g)
        r = random.Random(g)
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            sample = s.resample(p, random.Random(s.step_count))  # rollouts run on determinizations
            for state in (s, sample):
                _same_where_given(bot.bot_view(state, p), state.view(p))
                assert bot.choose(bot.bot_view(state, p), legal) == bot.choose(state.view(p), legal)
            s.apply(p, bot.choose(s.view(p), legal) if g % 2 else r.choice(legal))


def test_ismcts_on_the_rollout_view_searches_as_on_the_full_view() -> None:
    # the pruned view only saves time: with the same seed, the same search and the same choice
    from hustings.bots import InfoSet, IsmctsBot, make_bot

    s = hustings.make(GAME, players=6, seed=31)
    picks_made = 0
    r = random.Random(5)
    while not s.is_over and picks_made < 3:
        p = s.current_players[0]
        legal = s.legal_actions(p)
        if s.view(p)["phase"] == "play" and len(legal) > 2 and r.random() < 0.3:
            fast = make_bot("ismcts:easy", GAME, seed=4)
            assert isinstance(fast, IsmctsBot) and fast.rollout_view is bot.bot_view
            slow = IsmctsBot(level="easy", seed=4, rollout_policy=bot.choose, evaluator=bot.evaluate,
                             root_hint=bot.choose, scale=bot.HEURISTIC.scale, tree=bot.HEURISTIC.tree,
                             root_branching=bot.HEURISTIC.root_branching)
            picks = [b.act(s.view(p), legal, InfoSet.of(s, p, random.Random(4))) for b in (fast, slow)]
            assert picks[0] == picks[1]
            picks_made += 1
        s.apply(p, bot.choose(s.view(p), legal))
    assert picks_made == 3
