"""The OpenSpiel Python game passes pyspiel.random_sim_test, OpenSpiel's own ISMCTSBot plays complete games
of it, information states hide what the rules hide, and resample_from_infostate keeps them."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import hustings  # noqa: E402
from hustings.engine import get_spec  # noqa: E402
from hustings.rl import encoder_for  # noqa: E402
from hustings.rl import openspiel as hos  # noqa: E402

GAME = "die-macher-2019"
NAME = "python_hustings_die_macher_2019"


def _deal(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


def _random_states(game: Any, seed: int, every: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    _deal(state, rng)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1
    yield state


def test_registered_under_its_short_name() -> None:
    assert hos.short_name(GAME) == NAME
    assert NAME in pyspiel.registered_names()
    game = pyspiel.load_game(NAME)
    spec = get_spec(GAME)
    assert game.num_players() == spec.player_counts(spec.default_variant)[0]
    gt = game.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    # the win share on [-1, 1]: somebody always wins, so n seats add up to 2 - n (issue 21)
    assert gt.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 2.0 - game.num_players())
    assert game.num_distinct_actions() == len(type(hustings.make(GAME, seed=0)).SPACE)
    assert game.max_chance_outcomes() == 256
    loaded = pyspiel.load_game(NAME, {"players": 5, "variant": "expanded"})
    assert loaded.num_players() == 5 and loaded.get_parameters()["variant"] == "expanded"
    assert loaded.get_parameters()["utility"] == "outcome" and loaded.utility_sum() == -3.0
    assert loaded.observation_tensor_size() == encoder_for(GAME, 5, "expanded").size
    assert loaded.information_state_tensor_size() == encoder_for(GAME, 5, "expanded").size
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(NAME, {"players": 9})
    assert hos.register(GAME) == NAME  # idempotent


@pytest.mark.parametrize("players,variant", [(3, "standard"), (4, "standard"), (5, "expanded")])
def test_pyspiel_random_sim_test(players: int, variant: str) -> None:
    game = hos.load(GAME, players, variant)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_deal_is_the_engine_seed() -> None:
    game = hos.load(GAME, 4, "standard")
    state = game.new_initial_state()
    deal = list(range(1, hos.DEAL_BYTES + 1))
    assert hos.DEAL_BYTES * 8 >= 128  # issue 9.1: a seed a player cannot brute-force
    for b in deal:
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        assert len(state.chance_outcomes()) == 256
        state.apply_action(b)
    assert not state.is_chance_node()
    seed = int.from_bytes(bytes(deal), "big")
    assert state.engine_state == hustings.make(GAME, players=4, seed=seed)
    # before the deal everyone knows the same (nothing); after it, nobody's information state holds the seed
    fresh = game.new_initial_state()
    assert {fresh.information_state_string(p) for p in range(4)} == {"dealing"}
    assert not any(any(fresh.information_state_tensor(p)) for p in range(4))
    for p in range(4):
        assert str(seed) not in state.information_state_string(p)


def test_information_state_hides_what_the_rules_hide() -> None:
    game = hos.load(GAME, 4, "standard")
    enc = encoder_for(GAME, 4, "standard")
    r = random.Random(0)
    seen = 0
    for state in _random_states(game, seed=4, every=29):
        s = state.engine_state
        for p in range(4):
            obs = state.observation_string(p)
            info = state.information_state_string(p)
            assert obs == hos._JSON.encode(s.view(p))
            assert info.split("\n")[0] == obs and len(info.split("\n")) == 1 + len(s.events(p))
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), enc.encode(s.view(p)))
            assert state.information_state_tensor(p) == state.observation_tensor(p)
            # a state that differs in everything p cannot see looks the same to p
            sample = state.resample_from_infostate(p, random.Random(r.getrandbits(32)).random)
            assert sample.information_state_string(p) == info
            assert sample.information_state_tensor(p) == state.information_state_tensor(p)
            assert sample.observation_string(p) == obs
            assert sample.current_player() == state.current_player()
            if p == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            seen += 1
    assert seen > 40


def test_resample_redeals_and_is_reproducible() -> None:
    game = hos.load(GAME, 4, "standard")
    state = next(s for i, s in enumerate(_random_states(game, seed=6, every=1)) if i == 60)
    p = state.current_player()
    other = (p + 1) % 4
    truth = state.engine_state
    samples = [state.resample_from_infostate(p, random.Random(k).random) for k in range(8)]
    assert any(x.engine_state.view(other) != truth.view(other) for x in samples), "nothing was re-dealt"
    again = state.resample_from_infostate(p, random.Random(3).random)
    assert again.engine_state == samples[3].engine_state
    assert again.history() == []  # the sample's past is not a replayable record
    # with OpenSpiel's own sampler too
    x = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert x.information_state_string(p) == state.information_state_string(p)
    # the original is untouched and the sample plays on to the end
    assert state.engine_state is truth
    rng = np.random.RandomState(0)
    while not x.is_terminal():
        x.apply_action(int(rng.choice(x.legal_actions())))
    assert game.utility_sum() == -2.0 and sum(x.returns()) == pytest.approx(-2.0)  # 2 - n: somebody won


def test_public_observation_is_the_spectator_view() -> None:
    from open_spiel.python.observation import make_observation

    game = hos.load(GAME, 3, "standard")
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    enc = encoder_for(GAME, 3, "standard")
    for state in _random_states(game, seed=2, every=50):
        public.set_from(state, 0)
        assert np.array_equal(public.tensor, enc.encode(state.engine_state.view(None)))
        assert public.string_from(state, 1) == hos._JSON.encode(state.engine_state.view(None))
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_clone_is_independent_and_serialization_round_trips() -> None:
    game = hos.load(GAME, 3, "expanded")
    state = next(s for i, s in enumerate(_random_states(game, seed=1, every=1)) if i == 40)
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.engine_state != state.engine_state and len(copy.history()) == len(state.history()) + 1
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(g2) == str(game) and str(s2) == str(state)
    assert s2.engine_state == state.engine_state
    for p in range(3):
        assert s2.information_state_string(p) == state.information_state_string(p)
    import pickle

    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    s3 = pickle.loads(pickle.dumps(state))
    assert s3.engine_state == state.engine_state and s3.history() == state.history()


def _fresh_info(state: Any, p: int) -> str:
    s = state.engine_state
    return "\n".join([hos._JSON.encode(s.view(p)), *(hos._JSON.encode([e.type, dict(e.data)]) for e in s.events(p))])


def test_clones_that_diverge_keep_their_own_information_states() -> None:
    """Clones share the cached text of past events; each must still read exactly its own events."""
    game = hos.load(GAME, 3, "standard")
    state = next(s for i, s in enumerate(_random_states(game, seed=9, every=1)) if i == 30)
    for p in range(3):
        state.information_state_string(p)  # fill the caches
    rng = np.random.RandomState(1)
    copies = [state.clone() for _ in range(3)]
    for k, c in enumerate([state, *copies]):
        for _ in range(5 + 7 * k):
            if c.is_terminal():
                break
            c.apply_action(int(rng.choice(c.legal_actions())))
            for p in range(3):
                assert c.information_state_string(p) == _fresh_info(c, p)
    for c in [state, *copies]:
        for p in range(3):
            assert c.information_state_string(p) == _fresh_info(c, p)


def test_openspiel_rl_environment_runs_it() -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(hos.load(GAME, 3, "standard"), seed=1)
    ts = env.reset()
    rng = np.random.RandomState(0)
    while not ts.last():
        p = ts.observations["current_player"]
        assert len(ts.observations["info_state"][p]) == encoder_for(GAME, 3, "standard").size
        ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
    assert sum(ts.rewards) == pytest.approx(-1.0)  # 2 - n at 3 seats: somebody won


@pytest.mark.parametrize("load", [lambda: hos.load("die-macher", 4, "short"), lambda: hos.load(GAME, 3, "standard"),
                                  lambda: hos.load("palace-escape", 1, "hard"),
                                  lambda: hos.load_exact("election-war", "mini")])
def test_python_tensor_methods_give_openspiels_floats(load: Any) -> None:
    # a Python caller's information_state_tensor / observation_tensor skip OpenSpiel's C++ path and patch a kept
    # list per seat, and legal_actions(p) skips its questions: they must still be, float for float and id for id,
    # what that path (pyspiel.State's own method) returns
    game = load()
    n = game.num_players()
    states = [game.new_initial_state() for _ in range(2)]  # two games in turn: the kept lists follow neither
    rngs = [np.random.RandomState(k) for k in range(2)]
    steps = 0
    while steps < 400 and not all(s.is_terminal() for s in states):
        for state, rng in zip(states, rngs, strict=True):
            if state.is_terminal():
                continue
            for p in range(n):
                for mine, theirs in ((state.information_state_tensor(p), pyspiel.State.information_state_tensor),
                                     (state.observation_tensor(p), pyspiel.State.observation_tensor)):
                    expected = theirs(state, p)
                    assert type(mine) is list and mine == expected
                    assert np.asarray(mine).tobytes() == np.asarray(expected).tobytes()
            for p in range(n + 1):
                assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    for state in states:  # where they stopped: terminal for the short games
        for p in range(n + 1):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            if p < n:
                assert state.information_state_tensor(p) == pyspiel.State.information_state_tensor(state, p)
    if n < 3:  # the puzzle and the mini game end within the steps
        assert all(s.is_terminal() for s in states)
    listed = states[0].information_state_tensor(0)
    listed[0] = 7.0  # the caller's list is its own
    assert states[0].information_state_tensor(0) == pyspiel.State.information_state_tensor(states[0], 0)
    with pytest.raises(Exception, match="player"):  # OpenSpiel's own checks still answer a seat out of range
        states[0].information_state_tensor(n)


def _play_with_ismcts(game: Any, ismcts_seats: set[int], simulations: int, seed: int,
                      seeded: bool = True) -> tuple[Any, int]:
    rng = np.random.RandomState(seed)
    bots = {}
    for p in ismcts_seats:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed + p))
        bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=simulations,
                               random_state=np.random.RandomState(seed + 10 + p))
        if seeded:
            bot.set_resampler(hos.seeded_resampler(seed + 20 + p))
        bots[p] = bot
    state = game.new_initial_state()
    _deal(state, rng)
    searched = 0
    while not state.is_terminal():
        p = state.current_player()
        if p in bots:
            action = bots[p].step(state)
            searched += len(state.legal_actions()) > 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    return state, searched


def test_openspiel_ismcts_bot_plays_complete_games() -> None:
    game = hos.load(GAME, 3, "standard")
    state, searched = _play_with_ismcts(game, {0}, simulations=6, seed=1)
    assert state.is_terminal() and searched > 30
    assert sum(state.returns()) == pytest.approx(game.utility_sum()) and game.utility_sum() == -1.0
    # reproducible with seeded generators and resampler
    again, _ = _play_with_ismcts(game, {0}, simulations=6, seed=1)
    assert again.history() == state.history()


def test_openspiel_ismcts_bots_in_every_seat_with_openspiel_sampler() -> None:
    game = hos.load(GAME, 4, "expanded")
    state, searched = _play_with_ismcts(game, {0, 1, 2, 3}, simulations=2, seed=5, seeded=False)
    assert state.is_terminal() and searched > 100
    assert min(state.returns()) >= -1.0 and max(state.returns()) <= 1.0
