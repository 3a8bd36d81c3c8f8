"""RL adapters on the game contract (issues 8.1, 8.2, 9.8): the encoder comes from the game's spec or a generic
fallback, utilities are the game's outcome (everyone loses on a top tie; a puzzle pays +1/-1), a one-player
game is a 1-player OpenSpiel game, and acting after the end is a clear error."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import hustings  # noqa: E402
from bots.toys import PICKS, PUZZLE, TIES, lead_toys, registered  # noqa: E402
from hustings.engine import get_spec  # noqa: E402
from hustings.games.die_macher_2019.adapters import rl as dm_rl  # noqa: E402
from hustings.rl import openspiel as hos  # noqa: E402
from hustings.rl.encoding import EncoderAdapter, GenericEncoder, encoder_for, has_own_encoder, max_game_length  # noqa: E402
from hustings.rl.pettingzoo import env, raw_env  # noqa: E402
from hustings.rl.utility import bounds, utilities, utility_sum  # noqa: E402

DM = "die-macher-2019"


@pytest.fixture
def toys() -> Iterator[None]:
    with registered():
        yield


def test_die_macher_encoder_comes_from_its_spec() -> None:
    adapter = get_spec(DM).adapter("rl_encoder")
    assert isinstance(adapter, EncoderAdapter) and adapter is dm_rl.ENCODER
    assert has_own_encoder(DM)
    assert isinstance(encoder_for(DM, 4, "standard"), dm_rl.DieMacher2019Encoder)
    assert max_game_length(DM) == dm_rl.MAX_GAME_LENGTH


def test_a_game_without_an_encoder_gets_the_generic_one(toys: None) -> None:
    assert not has_own_encoder(TIES)
    enc = encoder_for(TIES)
    assert isinstance(enc, GenericEncoder) and enc.size == 3 + 512
    s = hustings.make(TIES, seed=0)
    before = enc.encode(s.view(1))
    s.apply(0, PICKS[2])
    after = enc.encode(s.view(1))
    assert after.shape == before.shape == (enc.size,) and after.dtype == np.float32
    assert ((after >= 0) & (after <= 1)).all() and not np.array_equal(before, after)
    assert after[enc.o_you + 1] == 1.0 and enc.encode(s.view(None))[enc.o_you:enc.o_you + 3].sum() == 0
    assert np.array_equal(enc.encode(s.view(1)), after)  # a pure function of the view
    with pytest.raises(ValueError, match="seat 7"):
        enc.encode({"you": 7})


def test_utilities_default_to_the_games_outcome(toys: None) -> None:
    s = hustings.make(TIES, seed=0)
    for p in range(3):
        s.apply(p, PICKS[2])
    assert utilities(s) == [-1.0, -1.0, -1.0]  # a tie at the top: everyone lost
    # nobody won: nobody beat anybody, and no seat has a share of the win (issue 26, point 7)
    assert utilities(s, "rank") == [0.0, 0.0, 0.0] and utilities(s, "win") == [0.0, 0.0, 0.0]
    assert bounds(DM, players=4) == (-1.0, 1.0, -2.0)  # somebody always wins: 2 - n
    assert bounds(TIES) == (-1.0, 1.0, None)  # a game with its own outcome may let everyone lose
    assert utility_sum(PUZZLE) is None


def test_pettingzoo_pays_the_outcome_and_refuses_a_step_after_the_end(toys: None) -> None:
    e = env(TIES)
    e.reset(seed=3)
    got: dict[str, float] = {}
    for agent in e.agent_iter():
        _obs, reward, term, trunc, info = e.last()
        if term:
            got[agent] = reward
            assert info["outcome"]["detail"]["all_lost"]
        e.step(None if term or trunc else PICKS[2].id)
    assert got == {"player_0": -1.0, "player_1": -1.0, "player_2": -1.0}
    with pytest.raises(RuntimeError, match=r"after the end.*reset"):
        e.unwrapped.step(PICKS[0].id)


def _play_open_spiel(game: Any, rng: random.Random, pick: Any = None) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
        else:
            legal = state.legal_actions()
            state.apply_action(pick(state) if pick else rng.choice(legal))
    return state


def test_open_spiel_one_player_puzzle_and_general_sum_ties(toys: None) -> None:
    puzzle = hos.load(PUZZLE)
    assert puzzle.num_players() == 1 and puzzle.get_type().min_num_players == 1
    assert puzzle.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (puzzle.min_utility(), puzzle.max_utility()) == (-1.0, 1.0)
    rng = random.Random(0)
    for _ in range(5):
        end = _play_open_spiel(puzzle, rng)
        assert end.returns() in ([1.0], [-1.0])
        assert end.returns() == list(end.engine_state.outcome().utilities)
    ties = hos.load(TIES)
    assert ties.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    end = _play_open_spiel(ties, rng, pick=lambda st: PICKS[2].id)
    assert end.returns() == [-1.0, -1.0, -1.0]
    pyspiel.random_sim_test(ties, num_sims=3, serialize=False, verbose=False)
    assert hos.load(DM).get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert hos.load(TIES, utility="rank").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


_TYPES = {"ZERO_SUM": pyspiel.GameType.Utility.ZERO_SUM, "CONSTANT_SUM": pyspiel.GameType.Utility.CONSTANT_SUM,
          "GENERAL_SUM": pyspiel.GameType.Utility.GENERAL_SUM}


def _game_configs() -> list[tuple[str, int, str]]:
    out = []
    for game in hustings.list_games():
        spec = get_spec(game)
        counts = spec.player_counts(spec.default_variant)
        for players in sorted({counts[0], counts[-1]}):
            out.extend((game, players, u) for u in ("outcome", "rank"))
    return out


@pytest.mark.parametrize(("game", "players", "utility"), _game_configs())
def test_open_spiel_declares_the_sum_and_range_random_play_finds(game: str, players: int, utility: str) -> None:
    """Every game at its smallest and largest player count, under its outcome and under the rank utility:
    random games end inside the declared range, and a zero- or constant-sum game adds up to its declared
    sum every time; the registered type allows what every player count declares."""
    loaded = hos.load(game, players, utility=utility)
    kind = loaded.get_type().utility
    expected = {None: _TYPES["GENERAL_SUM"], 0.0: _TYPES["ZERO_SUM"]}.get(
        utility_sum(game, utility, players), _TYPES["CONSTANT_SUM"])
    assert kind == expected
    if utility == "outcome":  # the registered type (of the default utility) holds at this count too
        registered = [t.utility for t in pyspiel.registered_games() if t.short_name == hos.short_name(game)]
        holds_for = {_TYPES["ZERO_SUM"]: (_TYPES["ZERO_SUM"],),
                     _TYPES["CONSTANT_SUM"]: (_TYPES["ZERO_SUM"], _TYPES["CONSTANT_SUM"])}
        assert len(registered) == 1
        assert registered[0] == _TYPES["GENERAL_SUM"] or kind in holds_for[registered[0]]
    if players > 1 and utility == "rank":
        assert kind == _TYPES["ZERO_SUM"]
    rng = random.Random(f"{game}{players}{utility}")
    for _ in range(3):
        end = _play_open_spiel(loaded, rng)
        returns = end.returns()
        assert all(loaded.min_utility() <= u <= loaded.max_utility() for u in returns)
        if kind == _TYPES["ZERO_SUM"]:
            assert sum(returns) == pytest.approx(0.0)
        elif kind == _TYPES["CONSTANT_SUM"]:
            assert sum(returns) == pytest.approx(loaded.utility_sum())
        if utility == "outcome":
            o = end.engine_state.outcome()
            assert returns == [2 * o.win_share(p) - 1 for p in range(players)]


def test_open_spiel_apply_action_on_a_terminal_state_is_a_clear_error(toys: None) -> None:
    end = _play_open_spiel(hos.load(TIES), random.Random(1))
    with pytest.raises(Exception, match="terminal state: the game is over"):
        end.apply_action(PICKS[0].id)
    assert end.is_terminal() and len(end.engine_state.history) == 3


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # api_test's notes on dict observations (docs/rl.md)
def test_the_leads_toy_game_runs_in_pettingzoo_and_open_spiel_with_the_generic_encoder() -> None:
    from pettingzoo.test import api_test

    with lead_toys():
        for players in (2, 3):
            api_test(raw_env("toy", players=players), num_cycles=30)
            game = hos.load("toy", players=players)
            assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM  # three tied at the top lose
            pyspiel.random_sim_test(game, num_sims=4, serialize=False, verbose=False)
        solo = hos.load("toy-solo")
        assert solo.num_players() == 1
        pyspiel.random_sim_test(solo, num_sims=4, serialize=False, verbose=False)
        e = env("toy-solo")
        e.reset(seed=5)
        for _agent in e.agent_iter():
            obs, reward, term, trunc, _info = e.last()
            if term:
                assert reward in (1.0, -1.0) and reward == e.unwrapped.game_state.outcome().utilities[0]
            e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
