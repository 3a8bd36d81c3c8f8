"""The PettingZoo AEC environment passes PettingZoo's own api_test and seed_test, stays deterministic when the
global ``random`` and ``numpy.random`` states are disturbed between steps, takes secret simultaneous steps
one agent at a time without showing anyone's pending choice, and observes only through views."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import hustings  # noqa: E402
from hustings.rl import encoder_for, utilities  # noqa: E402
from hustings.rl.pettingzoo import env, raw_env  # noqa: E402

GAME = "die-macher-2019"


def _pick(obs: dict[str, Any], r: random.Random) -> int:
    return r.choice(np.flatnonzero(obs["action_mask"]).tolist())


def _play(e: Any, seed: int, chooser_seed: int, disturb: bool = False) -> list[tuple[Any, ...]]:
    """Play one game to the end; return (agent, observation bytes, mask bytes, reward, done flags) per turn."""
    e.reset(seed=seed)
    r = random.Random(chooser_seed)
    noise = random.Random(999)
    trace = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc,
                      repr(info)))
        action = None if term or trunc else _pick(obs, r)
        if disturb:  # anything the env read from the global generators would now differ
            random.seed(noise.getrandbits(32))
            np.random.seed(noise.getrandbits(32))
            random.random()
            np.random.random(3)
        e.step(action)
    return trace


@pytest.mark.parametrize("players,variant", [(3, "standard"), (4, "expanded"), (5, "standard")])
def test_pettingzoo_api_test(players: int, variant: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(GAME, players=players, variant=variant), num_cycles=1000)
    # Only PettingZoo's style notes on dict observations remain: it lists its own classic games (which
    # use the same observation/action_mask dict) as exceptions by name.
    notes = {str(w.message) for w in caught}
    expected = ("Observation is not a NumPy array", "Observation space for each agent probably should be")
    assert all(m.startswith(expected) for m in notes), notes


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(GAME, players=4), num_cycles=500)


def test_deterministic_when_global_generators_are_disturbed() -> None:
    random.seed(1)
    np.random.seed(1)
    calm = _play(env(GAME, players=4), seed=21, chooser_seed=3)
    stormy = _play(env(GAME, players=4), seed=21, chooser_seed=3, disturb=True)
    assert len(calm) > 200
    assert calm == stormy
    # a different seed gives a different game
    assert _play(env(GAME, players=4), seed=22, chooser_seed=3) != calm


def test_reset_without_seed_continues_the_seeded_sequence() -> None:
    a, b = env(GAME, players=3), env(GAME, players=3)
    a.reset(seed=5)
    b.reset(seed=5)
    random.seed(0)
    a.reset()
    random.seed(1)
    np.random.seed(1)
    b.reset()
    assert a.unwrapped.game_seed == b.unwrapped.game_seed != 5
    assert a.unwrapped.game_state == b.unwrapped.game_state


def test_seed_is_the_engine_seed() -> None:
    e = env(GAME, players=4, variant="expanded")
    e.reset(seed=77)
    assert e.unwrapped.game_state == hustings.make(GAME, players=4, variant="expanded", seed=77)


def test_observations_come_from_views_and_masks_from_legal_actions() -> None:
    e = raw_env(GAME, players=4)
    e.reset(seed=3)
    enc = encoder_for(GAME, 4, "standard")
    r = random.Random(3)
    for _ in range(150):
        s = e.game_state
        for agent in e.agents:
            p = e.agent_name_mapping[agent]
            obs = e.observe(agent)
            assert np.array_equal(obs["observation"], enc.encode(s.view(p)))
            legal = [a.id for a in s.legal_actions(p)] if agent == e.agent_selection else []
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal)
        e.step(_pick(e.observe(e.agent_selection), r))


def test_an_agent_reading_views_gets_its_view_and_the_masks_actions_and_events_can_be_spared() -> None:
    """For agents that read views (the project's bots, a learned scorer): ``view(agent)`` is what the observation
    encodes and ``legal_actions(agent)`` the mask's ones as actions; ``events=False`` plays the same game with no
    event log."""
    e, quiet = raw_env(GAME, players=4), raw_env(GAME, players=4, events=False)
    e.reset(seed=4)
    quiet.reset(seed=4)
    enc = encoder_for(GAME, 4, "standard")
    r = random.Random(4)
    steps = 0
    while e.agents and steps < 300:
        acting = e.agent_selection
        if e.terminations[acting]:
            e.step(None)
            quiet.step(None)
            continue
        for agent in e.agents:
            view = e.view(agent)
            assert view == e.game_state.view(e.agent_name_mapping[agent]) == quiet.view(agent)
            assert np.array_equal(e.observe(agent)["observation"], enc.encode(view))
            ids = [a.id for a in e.legal_actions(agent)]
            assert sorted(ids) == np.flatnonzero(e.observe(agent)["action_mask"]).tolist()  # the game's order
            assert (ids != []) == (agent == acting)
        action = r.choice(e.legal_actions(acting)).id
        e.step(action)
        quiet.step(action)
        steps += 1
    assert quiet.game_state.history == e.game_state.history
    assert list(quiet.game_state.all_events()) == [] and list(e.game_state.all_events())
    with pytest.raises(ValueError, match="no agent 'player_9': the agents are player_0, player_1"):
        e.view("player_9")
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        e.legal_actions("nobody")


def _env_after(seed: int, actions: list[int]) -> Any:
    e = raw_env(GAME, players=4)
    e.reset(seed=seed)
    for a in actions:
        e.step(a)
    return e


def test_secret_simultaneous_steps_go_one_agent_at_a_time() -> None:
    """Draft picks, platforms, deployments and first-player bids are chosen by everyone at once: the env
    asks the waiting agents one at a time, lowest seat first, and what a later agent observes is the same
    whatever an earlier one chose."""
    seed = 8
    e = _env_after(seed, [])
    r = random.Random(seed)
    history: list[int] = []
    checked: set[str] = set()
    while not e.game_state.is_over and len(checked) < 4:
        s = e.game_state
        waiting = list(s.current_players)
        phase = s.view(None)["phase"]
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()
        if len(waiting) > 1 and len(legal) > 1 and phase not in checked:
            assert e.agent_selection == f"player_{waiting[0]}"
            e1, e2 = _env_after(seed, [*history, legal[0]]), _env_after(seed, [*history, legal[-1]])
            for x in (e1, e2):  # lowest waiting seat next (the same agent again while it builds a platform)
                assert x.agent_selection == f"player_{x.game_state.current_players[0]}"
            assert e1.game_state != e2.game_state
            for q in waiting[1:]:
                o1, o2 = e1.observe(f"player_{q}"), e2.observe(f"player_{q}")
                assert np.array_equal(o1["observation"], o2["observation"]), (
                    f"{phase}: player_{q} sees player_{waiting[0]}'s secret choice")
                assert np.array_equal(o1["action_mask"], o2["action_mask"])
            checked.add(phase)
        a = r.choice(legal)
        history.append(a)
        e.step(a)
    assert checked == {"draft", "platform", "deploy", "bid"}


def test_final_rewards_are_utilities_and_every_agent_leaves() -> None:
    for utility in ("outcome", "rank", "win", "score"):
        e = env(GAME, players=3, utility=utility)
        e.reset(seed=12)
        r = random.Random(12)
        got: dict[str, float] = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term:
                got[agent] = reward
                assert set(info) == {"scores", "winners", "outcome"}
            else:
                assert reward == 0.0
            e.step(None if term or trunc else _pick(obs, r))
        s = e.unwrapped.game_state
        assert s.is_over and not e.agents
        assert [got[f"player_{p}"] for p in range(3)] == pytest.approx(utilities(s, utility))
        o = s.outcome()
        if utility == "outcome":  # the win share on [-1, 1]: a runner-up gets what the last seat gets
            assert [got[f"player_{p}"] for p in range(3)] == pytest.approx(list(o.utilities))
            assert [got[f"player_{p}"] for p in range(3)] == pytest.approx([2 * o.win_share(p) - 1 for p in range(3)])
        if utility == "rank":  # still on offer: +1 per seat beaten, -1 per seat ahead, over n - 1
            ranks = o.ranks
            assert [got[f"player_{p}"] for p in range(3)] == pytest.approx(
                [(sum(r > ranks[p] for r in ranks) - sum(r < ranks[p] for r in ranks)) / 2 for p in range(3)])
        with pytest.raises(RuntimeError, match="after the end"):
            e.unwrapped.step(0)


def test_max_cycles_truncates() -> None:
    e = env(GAME, players=4, max_cycles=3)
    e.reset(seed=1)
    r = random.Random(1)
    decisions = 0
    for _agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        assert reward == 0.0 and not term
        if trunc:
            e.step(None)
            continue
        decisions += 1
        e.step(_pick(obs, r))
    assert decisions == 12 and not e.agents


def test_illegal_actions_raise_and_change_nothing() -> None:
    e = raw_env(GAME, players=3)
    e.reset(seed=2)
    before = e.game_state.clone()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(hustings.IllegalActionError):
        e.step(illegal)
    with pytest.raises(ValueError, match="None"):
        e.step(None)
    with pytest.raises(hustings.IllegalActionError, match="malformed"):
        e.step(1.5)
    assert e.game_state == before
    e.step(np.int64(np.flatnonzero(mask)[0]))  # numpy integers are actions too
    assert e.game_state != before


def test_render_ansi_and_human(capsys: pytest.CaptureFixture[str]) -> None:
    e = env(GAME, players=3, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and "view of player_0" in text and "phase:" in text
    assert '"money":null' in text  # others' money stays hidden in the rendered view
    h = env(GAME, players=3, render_mode="human")
    h.reset(seed=0)
    assert h.render() is None
    assert "view of player_0" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(GAME, render_mode="rgb_array")


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="players"):
        raw_env(GAME, players=7)
    with pytest.raises(ValueError, match="utility"):
        raw_env(GAME, utility="elo")
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env(GAME, max_cycles=0)
    assert str(raw_env(GAME)) == "hustings_die_macher_2019_v0"
