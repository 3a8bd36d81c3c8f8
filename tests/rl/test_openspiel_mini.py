"""Issue 26 point 5: 選舉之戰's mini game (option ``mini``) is small enough for exact tools. Its OpenSpiel game has one
explicit chance node (a uniform outcome per deal) and a perfect-recall information-state tensor; OpenSpiel's CFR
runs a few iterations on it and NashConv/exploitability are computed."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import hustings  # noqa: E402
from hustings.rl import openspiel as hos  # noqa: E402
from hustings.rl import openspiel_exact as hox  # noqa: E402

NAME = "python_hustings_election_war_mini"


def test_the_mini_option_of_the_engine() -> None:
    s = hustings.make("election-war", players=2, seed=3, mini=True)
    v = s.view(0)
    assert len(v["rows"]) == 2 and len(v["candidates"]) == 2 and len(v["role_hand"]) == 2 and v["deck"] == 2
    r = random.Random(3)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
    assert len(s.results) == 2 and s.outcome().utilities in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
    from hustings.engine.registry import replay

    assert replay(s.record()).view(None) == s.view(None)  # a record of the mini game replays exactly
    with pytest.raises(ValueError, match="2 players"):
        hustings.make("election-war", players=3, seed=0, mini=True)
    with pytest.raises(ValueError, match="true or false"):
        hustings.make("election-war", players=2, seed=0, mini="yes")
    standard = hustings.make("election-war", players=2, seed=3)
    assert len(standard.view(0)["rows"]) == 6  # the standard game is unchanged


def test_explicit_chance_and_type() -> None:
    game = hos.load_exact("election-war", "mini")
    assert game.get_type().short_name == NAME and NAME in pyspiel.registered_names()
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM  # two seats cannot all lose
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    root = game.new_initial_state()
    outcomes = root.chance_outcomes()
    assert len(outcomes) == game.max_chance_outcomes() == 8  # 4 role deals x 2 deck orders
    assert sum(p for _, p in outcomes) == pytest.approx(1.0) and len({p for _, p in outcomes}) == 1
    deals = set()
    for a, _ in outcomes:  # every outcome is a different deal
        st = root.child(a).engine_state
        deals.add((tuple(map(tuple, st.role_hand)), tuple(st.deck)))
    assert len(deals) == 8
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def _walk(state, out: list) -> None:
    if state.is_terminal():
        return
    if state.is_chance_node():
        for a, _ in state.chance_outcomes():
            _walk(state.child(a), out)
        return
    out.append(state)
    for a in state.legal_actions():
        _walk(state.child(a), out)


def test_information_state_tensor_has_perfect_recall() -> None:
    """Over every decision node of two deals: the acting player's information-state string and tensor determine
    each other (equal strings, equal tensors; different strings, different tensors), and the tensor starts with
    the encoded view after the deal and ends with the current one."""
    game = hos.load_exact("election-war", "mini")
    root = game.new_initial_state()
    nodes: list = []
    for deal in (0, 5):
        _walk(root.child(deal), nodes)
    assert max(len(n.engine_state.history) for n in nodes) < game.max_game_length()
    size = hox.trail_size(NAME)
    obs = game.observation_tensor_size()
    seen: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for st in nodes:
        p = st.current_player()
        key = st.information_state_string(p)
        t = np.asarray(st.information_state_tensor(p), np.float32)
        assert t.shape == (size * (game.max_game_length() + 1),)
        k = len(st.engine_state.history)
        assert np.array_equal(t[k * size:k * size + obs], np.asarray(st.observation_tensor(p), np.float32))
        assert not t[(k + 1) * size:].any()
        b = t.tobytes()
        assert seen.setdefault(key, b) == b
        assert by_tensor.setdefault(b, key) == key
    assert len(seen) > 100


def test_the_tensor_runs_over_the_actions_the_variant_can_play() -> None:
    """The action one-hot of each block covers the actions of the whole game tree (every deal walked), and the
    declared bound is the longest game: a tensor 5x smaller than one over the game's 596 action ids."""
    import hustings.games.election_war.adapters.rl as ew_rl

    actions = hox.exact_actions(NAME)
    assert list(actions) == sorted(set(actions)) and 0 < len(actions) < 40
    game = hos.load_exact("election-war", "mini")
    assert game.max_game_length() == ew_rl.MINI_MAX_GAME_LENGTH == 12
    played: set[int] = set()
    longest = 0
    r = random.Random(5)
    for _ in range(200):
        st = game.new_initial_state()
        st.apply_action(r.randrange(8))
        while not st.is_terminal():
            a = r.choice(st.legal_actions())
            played.add(a)
            st.apply_action(a)
        longest = max(longest, len(st.engine_state.history))
    assert played <= set(actions)
    assert longest <= game.max_game_length()
    assert game.information_state_tensor_size() == hox.trail_size(NAME) * 13 < 5_000


def test_a_too_long_or_too_large_exact_variant_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    game, ex = hox._EXACT[NAME]
    short = NAME + "_probe"
    monkeypatch.setitem(hox._EXACT, short, (game, dataclasses.replace(ex, max_game_length=6)))
    seeds = hox.exact_seeds(NAME)
    monkeypatch.setattr(hox, "exact_seeds", lambda _short: seeds)
    # the uncached function: the probe's walk is never kept
    with pytest.raises(RuntimeError, match="longer than its max_game_length"):
        hox.exact_actions.__wrapped__(short)
    monkeypatch.setitem(hox._EXACT, short, (game, ex))
    monkeypatch.setattr(hox, "EXACT_TREE_LIMIT", 50)
    with pytest.raises(RuntimeError, match="more than 50 decisions"):
        hox.exact_actions.__wrapped__(short)


def test_trails_built_late_equal_trails_kept_step_by_step() -> None:
    """Only the trails asked for are kept up step by step; one asked for later (the other seat's, the public
    observer's) is replayed from the deal and equals the one kept all along."""
    game = hos.load_exact("election-war", "mini")
    public = game.make_py_observer(pyspiel.IIGObservationType(public_info=True, perfect_recall=True,
                                                              private_info=pyspiel.PrivateInfoType.NONE))
    r = random.Random(9)
    for deal in range(8):
        kept = game.new_initial_state()
        kept.apply_action(deal)
        late = kept.clone()
        actions = []
        while not kept.is_terminal():
            for p in (0, 1):
                kept.information_state_tensor(p)
            public.set_from(kept, 0)
            a = r.choice(kept.legal_actions())
            actions.append(a)
            kept.apply_action(a)
        for a in actions:
            late.apply_action(a)
            late.information_state_tensor(0)  # seat 0's kept up; seat 1's and the public one built at the end
        for p in (0, 1):
            assert kept.information_state_tensor(p) == late.information_state_tensor(p)
        public.set_from(kept, 0)
        first = public.tensor.copy()
        public.set_from(late, 1)
        assert np.array_equal(first, public.tensor) and first.any()


def test_cfr_and_nash_conv_run() -> None:
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import cfr, exploitability

    game = hos.load_exact("election-war", "mini")
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    after = exploitability.nash_conv(game, average)
    assert 0.0 <= after < uniform
    assert exploitability.exploitability(game, average) == pytest.approx(after / 2)


@pytest.mark.parametrize("module", ["hustings.rl.openspiel", "hustings.rl.openspiel_exact"])
def test_importing_either_module_first_registers_every_game(module: str) -> None:
    # the two modules import each other (the exact games subclass the plain ones): whichever comes first, a fresh
    # interpreter ends with the games and the exact variants registered
    import subprocess
    import sys

    code = (f"import {module}, pyspiel; names = set(pyspiel.registered_names()); "
            f"print({NAME!r} in names, 'python_hustings_die_macher_2019' in names)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["True", "True"]
