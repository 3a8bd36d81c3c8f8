"""The learner's environments (issue 26 point 1): a Gymnasium env for any game and seat against project bots or a
policy pool, built only from views; the vector env steps several games in one call and plays exactly the games the
single env plays; opponents see a view and legal actions only."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

import hustings  # noqa: E402
from hustings.engine import Action, IllegalActionError  # noqa: E402
from hustings.rl import encoder_for, utilities  # noqa: E402
from hustings.rl.encoding import withheld_kinds  # noqa: E402
from hustings.rl.gym import HustingsEnv  # noqa: E402
from hustings.rl.policy import LearnedPolicy, save_learned  # noqa: E402
from hustings.rl.pool import ObsPolicyBot, PolicyPool  # noqa: E402
from hustings.rl.vector import HustingsVectorEnv  # noqa: E402

GAMES = [("election-war", 4, None), ("die-macher-2019", 3, "standard"), ("die-macher", 3, "short"),
         ("palace-escape", 1, None)]


def _pick(mask: Any, r: random.Random) -> int:
    return int(r.choice(np.flatnonzero(mask).tolist()))


class Spy:
    """An opponent that records what it was given, and plays the first legal action."""

    def __init__(self) -> None:
        self.given: list[tuple[Any, list[Action]]] = []

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.given.append((view, legal))
        return legal[0]


@pytest.mark.parametrize(("game", "players", "variant"), GAMES)
def test_observation_is_the_seats_view_and_the_reward_its_utility(game: str, players: int, variant: str | None) -> None:
    env = HustingsEnv(game, players, variant, seat=players - 1, opponents="random")
    obs, info = env.reset(seed=5)
    enc = encoder_for(game, players, variant)
    r = random.Random(1)
    while True:
        ep = env.episode  # the referee's state, read here only to check what the learner was given
        seat = players - 1
        assert ep.state.current_players[0] == seat
        assert np.array_equal(obs, enc.encode(ep.state.view(seat)))
        withheld = withheld_kinds(game)  # the puzzle's hint: never offered to a learner by default
        legal = sorted(a.id for a in ep.state.legal_actions(seat) if a.kind not in withheld)
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.array_equal(env.action_masks(), info["action_mask"])
        obs, reward, term, trunc, info = env.step(_pick(info["action_mask"], r))
        assert env.observation_space.contains(obs)
        if term:
            assert reward == utilities(ep.state, "outcome")[seat]
            assert info["outcome"] == ep.state.outcome().to_json()
            assert not info["action_mask"].any()
            break
        assert reward == 0.0 and not trunc
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def _hint_id() -> int:
    return next(a.id for a in type(hustings.make("palace-escape", seed=0)).SPACE if a.kind == "hint")


@pytest.mark.parametrize("kind", ["single", "vector"])
def test_the_puzzles_hint_is_withheld_unless_asked(kind: str) -> None:
    # seed 004 (逃出總統府) offers a hint; a learner that may press it learns to read hints (issue 26 point 3), so
    # the Gymnasium and vector envs withhold it as the AEC and OpenSpiel ones do: never in the mask, refused when
    # sent anyway (the game unchanged), and offered with assists=True
    hint = _hint_id()
    for assists in (False, True):
        if kind == "single":
            env: Any = HustingsEnv("palace-escape", assists=assists)
            _obs, info = env.reset(seed=3)
            state = env.episode.state
        else:
            env = HustingsVectorEnv("palace-escape", 2, assists=assists)
            _obs, info = env.reset(seed=3)
            state = env.episodes()[0].state
        assert any(a.kind == "hint" for a in state.legal_actions(0))  # the rules offer it at the start
        mask = info["action_mask"] if kind == "single" else info["action_mask"][0]
        assert bool(mask[hint]) is assists
        before = state.step_count
        if assists:
            env.step(hint if kind == "single" else np.array([hint, hint]))
            assert state.step_count == before + 1 and state.hints == 1
        else:
            with pytest.raises(IllegalActionError, match="withheld"):
                env.step(hint if kind == "single" else np.array([hint, hint]))
            assert state.step_count == before and state.hints == 0


@pytest.mark.parametrize(("game", "players", "variant"), GAMES)
def test_a_bad_action_in_one_game_refuses_the_whole_step_and_changes_nothing(game: str, players: int,
                                                                             variant: str | None) -> None:
    # bad input changes nothing: not the game it names, nor the games before it in the batch
    n = 3
    env = HustingsVectorEnv(game, n, players, variant, seat="random", opponents="random")
    _obs, info = env.reset(seed=8)
    r = random.Random(4)
    for _ in range(5):
        _obs, _r, _t, _tr, info = env.step(np.array([_pick(info["action_mask"][i], r) for i in range(n)]))
    mask = info["action_mask"]
    illegal = int(np.flatnonzero(~mask[2])[0])
    legal = int(np.flatnonzero(mask[2])[0])
    # a float anywhere makes the whole array float, refused from its first game on (as the single env refuses a
    # float id), never truncated to an id
    for bad, match in ((illegal, "environment 2"), (-1, "environment 2"), (10**9, "environment 2"),
                       (float(legal), "environment 0: malformed action"),
                       (legal + 0.7, "environment 0: malformed action")):
        before = [(ep.state.history, ep.state.step_count) for ep in env.episodes()]
        good = [_pick(mask[i], r) for i in range(n - 1)]
        with pytest.raises(IllegalActionError, match=match):
            env.step(np.array([*good, bad]))
        assert [(ep.state.history, ep.state.step_count) for ep in env.episodes()] == before
        assert np.array_equal(env.action_masks(), mask)
    env.step(np.array([_pick(mask[i], r) for i in range(n)]))  # and the games play on


def test_passes_gymnasiums_passive_checks() -> None:
    # Gymnasium's check_env steps action_space.sample() without the mask: in a game most ids are illegal, so its
    # passive checks run here with legal actions instead (spaces, reset and step return types, seeding).
    from gymnasium.utils.passive_env_checker import (
        check_action_space,
        check_observation_space,
        env_reset_passive_checker,
        env_step_passive_checker,
    )

    env = HustingsEnv("election-war", 4, seat="random", opponents="random")
    check_observation_space(env.observation_space)
    check_action_space(env.action_space)
    obs, info = env_reset_passive_checker(env, seed=3)
    r = random.Random(0)
    for _ in range(5):
        obs, *_rest, info = env_step_passive_checker(env, _pick(info["action_mask"], r))
        assert env.observation_space.contains(obs)


def test_same_seed_same_episode_and_the_game_is_makes() -> None:
    def trace(seed: int) -> list[bytes]:
        env = HustingsEnv("election-war", 4, seat="random", opponents=["heuristic", "random", "ismcts:easy"])
        obs, info = env.reset(seed=seed)
        r = random.Random(0)
        out = [obs.tobytes()]
        for _ in range(12):
            obs, _, term, _, info = env.step(_pick(info["action_mask"], r))
            out.append(obs.tobytes())
            if term:
                break
        assert env.game_seed == seed
        return out

    assert trace(11) == trace(11)
    assert trace(11) != trace(12)
    # reset(seed=s) plays hustings.make(game, seed=s): the learner's first view is that game's
    env = HustingsEnv("election-war", 4, seat=0, opponents="random")
    obs, _ = env.reset(seed=3)
    assert np.array_equal(obs, encoder_for("election-war", 4).encode(hustings.make("election-war", 4, seed=3).view(0)))


def test_opponents_get_their_view_and_legal_actions_only() -> None:
    spies = [Spy(), Spy(), Spy()]
    env = HustingsEnv("die-macher-2019", 4, "standard", seat=0, opponents=spies)
    _, info = env.reset(seed=2)
    r = random.Random(2)
    for _ in range(30):
        _, _, term, _, info = env.step(_pick(info["action_mask"], r))
        if term:
            break
    assert all(s.given for s in spies)
    for p, spy in enumerate(spies, start=1):
        for view, legal in spy.given:
            assert type(view) is dict and view["you"] == p  # its own seat's view, a plain dict
            assert all(type(a) is Action for a in legal)
    assert env.episode.names == [None, "Spy", "Spy", "Spy"]


def test_bad_opponents_and_arguments_are_refused_up_front() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        HustingsEnv("election-war", 4, opponents="grandmaster")
    with pytest.raises(ValueError, match="3 other seats"):
        HustingsEnv("election-war", 4, opponents=["random", "heuristic"])
    with pytest.raises(ValueError, match="seat"):
        HustingsEnv("election-war", 4, seat=4)
    with pytest.raises(ValueError, match="utility"):
        HustingsEnv("election-war", 4, utility="money")
    with pytest.raises(ValueError, match="num_envs"):
        HustingsVectorEnv("election-war", 0, 4)
    env = HustingsEnv("election-war", 4, opponents="random")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    before = env.episode.state.view(None)
    with pytest.raises(hustings.IllegalActionError):
        env.step(illegal)
    assert env.episode.state.view(None) == before


def test_house_rules_that_move_the_encoding_are_refused_and_others_are_played() -> None:
    # issue 29 point 1: an override an RL encoder depends on is refused with the rule's name
    with pytest.raises(ValueError, match="all_lose_if_tied"):
        HustingsEnv("election-war", 4, opponents="random", options={"rules": {"all_lose_if_tied": 16}})
    env = HustingsEnv("election-war", 4, opponents="random", options={"rules": {"hand_size": 4}})
    env.reset(seed=3)
    assert env.episode.state.data.HAND_SIZE == 4


def test_vector_env_plays_the_single_envs_games_and_resets_in_the_same_step() -> None:
    n, seed = 3, 40
    venv = HustingsVectorEnv("election-war", n, 4, seat="random", opponents="heuristic")
    singles = [HustingsEnv("election-war", 4, seat="random", opponents="heuristic") for _ in range(n)]
    vobs, vinfo = venv.reset(seed=seed)
    firsts = [e.reset(seed=seed + i)[0] for i, e in enumerate(singles)]
    assert all(np.array_equal(vobs[i], firsts[i]) for i in range(n))
    assert vobs.shape == (n, venv.single_observation_space.shape[0])
    r = random.Random(3)
    ended = [0] * n
    for _ in range(400):
        actions = np.array([_pick(vinfo["action_mask"][i], r) for i in range(n)])
        vobs, vrew, vterm, vtrunc, vinfo = venv.step(actions)
        for i, e in enumerate(singles):
            if ended[i]:
                continue
            obs, rew, term, _, info = e.step(int(actions[i]))
            assert rew == vrew[i] and term == vterm[i]
            if term:
                ended[i] = 1
                assert vinfo["final_outcome"][i] == info["outcome"]
                assert venv.episodes()[i].state.step_count < e.episode.state.step_count  # a new game in that row
                continue
            assert np.array_equal(obs, vobs[i])
            assert np.array_equal(info["action_mask"], vinfo["action_mask"][i])
        if all(ended):
            break
    assert all(ended)
    assert not vtrunc.any()


@pytest.mark.parametrize(("game", "players", "variant"), GAMES)
def test_letting_the_event_logs_go_changes_no_game(game: str, players: int, variant: str | None) -> None:
    # GameState.mute_events: the learner envs' games make no events by default (nothing the learner or a
    # non-searching opponent gets reads them); the games, observations, masks and rewards are those of envs that
    # keep their events
    n, seed = 3, 11
    lean = HustingsVectorEnv(game, n, players, variant, seat="random", opponents="heuristic")
    full = HustingsVectorEnv(game, n, players, variant, seat="random", opponents="heuristic", keep_events=True)
    a, ainfo = lean.reset(seed=seed)
    b, binfo = full.reset(seed=seed)
    r = random.Random(2)
    kept = 0
    for _ in range(150):
        assert np.array_equal(a, b) and np.array_equal(ainfo["action_mask"], binfo["action_mask"])
        actions = np.array([_pick(ainfo["action_mask"][i], r) for i in range(n)])
        a, arew, aterm, _, ainfo = lean.step(actions)
        b, brew, bterm, _, binfo = full.step(actions)
        assert np.array_equal(arew, brew) and np.array_equal(aterm, bterm)
        for x, y in zip(lean.episodes(), full.episodes(), strict=True):
            assert x.state.history == y.state.history
            assert list(x.state.all_events()) == []  # the lean game holds none; the full one every event
            kept = max(kept, len(list(y.state.all_events())))
    assert kept > 0


def test_a_searching_opponent_keeps_the_log_its_information_sets_are_dealt_from() -> None:
    env = HustingsEnv("die-macher-2019", 3, "standard", seat=0, opponents=["random", "ismcts:easy"])
    env.reset(seed=4)
    assert not env.episode.muted and list(env.episode.state.all_events())
    lean = HustingsEnv("die-macher-2019", 3, "standard", seat=0, opponents="heuristic")
    lean.reset(seed=4)
    assert lean.episode.muted and not list(lean.episode.state.all_events())


def test_policy_pool_self_play_with_learned_snapshots(tmp_path: Any) -> None:
    enc = encoder_for("election-war", 4)
    num = len(type(hustings.make("election-war", 4, seed=0)).SPACE)
    rs = np.random.default_rng(0)
    path = save_learned(tmp_path / "snap.npz", "election-war", 4, "standard",
                        [rs.normal(size=(enc.size, 8)), rs.normal(size=(8, num))], [np.zeros(8), np.zeros(num)])
    snapshot = LearnedPolicy.load(path)
    pool = PolicyPool(["random"], max_size=3, latest=0.5)
    pool.add(snapshot, name="snap-1")
    pool.add(lambda seed: ObsPolicyBot(snapshot, enc, num, "snap-2"), name="snap-2")
    pool.add(LearnedPolicy.load(path, seed=1, temperature=1.0), name="snap-3")
    assert pool.names == ["random", "snap-2", "snap-3"]  # the oldest unpinned snapshot made room
    env = HustingsEnv("election-war", 4, seat="random", opponents=pool)
    seen: set[str] = set()
    r = random.Random(5)
    for game in range(6):
        _, info = env.reset(seed=100 + game)
        seen.update(n for n in info["opponents"] if n)
        while True:
            _, _, term, trunc, info = env.step(_pick(info["action_mask"], r))
            if term or trunc:
                break
    assert seen <= {"random", "snap-2", "snap-3"} and "snap-3" in seen and len(seen) >= 2


def test_max_steps_truncates() -> None:
    env = HustingsVectorEnv("die-macher-2019", 2, 4, "standard", opponents="random", max_steps=3)
    _, info = env.reset(seed=1)
    r = random.Random(0)
    for _ in range(2):
        _, rew, term, trunc, info = env.step(np.array([_pick(info["action_mask"][i], r) for i in range(2)]))
        assert not trunc.any()
    _, rew, term, trunc, info = env.step(np.array([_pick(info["action_mask"][i], r) for i in range(2)]))
    assert trunc.all() and not term.any() and not rew.any()
    assert all(ep.decisions == 0 for ep in env.episodes())  # both rows already hold their next games


def test_skip_forced_plays_single_choices_for_the_learner() -> None:
    env = HustingsEnv("die-macher-2019", 4, "standard", seat=1, opponents="random", skip_forced=True)
    _, info = env.reset(seed=8)
    r = random.Random(0)
    while True:
        assert info["action_mask"].sum() >= 2  # only real choices reach the learner
        _, rew, term, _, info = env.step(_pick(info["action_mask"], r))
        if term:
            break
    assert env.episode.forced > 0 and env.episode.decisions + env.episode.forced == sum(
        1 for p, _ in env.episode.state.record()["actions"] if p == 1)
    assert rew == utilities(env.episode.state)[1]
