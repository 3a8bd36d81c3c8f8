"""The lead's toy game (tests/toygame) through bots and the lab by the registry alone: no heuristic adapter, so
random and ISMCTS with random rollouts; hidden hands the InfoSet must not reach; a one-player variant."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import hustings
from hustings.bots import InfoSet, IsmctsBot, make_bot, play_game
from hustings.sim.lab import SimConfig, run, summarize

from .test_outcomes_and_trust import _reachable, _secrets_of
from .toys import lead_toys


@pytest.fixture
def toys() -> Iterator[None]:
    with lead_toys():
        yield


def test_ismcts_solves_the_solo_toy_more_often_than_random(toys: None) -> None:
    solved = {"random": 0, "ismcts:easy": 0}
    for name in solved:
        for seed in range(30):
            s = hustings.make("toy-solo", seed=seed)
            play_game(s, [make_bot(name, "toy-solo", seed)])
            solved[name] += s.outcome().won
    # measured over 60 seeds: random 27, ismcts:easy 51, ismcts:normal 51
    assert solved["ismcts:easy"] >= solved["random"] + 6, solved


def test_ismcts_beats_random_at_the_toy_with_hidden_hands(toys: None) -> None:
    share = 0.0
    for seed in range(16):
        s = hustings.make("toy", players=2, seed=seed)
        seat = seed % 2
        bots = [make_bot("random", "toy", seed * 3 + k) for k in range(2)]
        bots[seat] = make_bot("ismcts:easy", "toy", seed)
        assert isinstance(bots[seat], IsmctsBot) and bots[seat].rollout_policy is None  # type: ignore[attr-defined]
        play_game(s, bots)
        share += s.outcome().win_share(seat)
    assert share / 16 > 0.5


def test_the_infoset_reaches_no_hidden_hand_of_the_toy(toys: None) -> None:
    s = hustings.make("toy", players=3, seed=4)
    p = 1
    s.apply(0, s.legal_actions(0)[0])  # seat 0's secret choice is pending
    secrets = _secrets_of(s)
    reached = _reachable(InfoSet.of(s, p, random.Random(1)))
    assert not [type(secrets[i]).__name__ for i in reached if i in secrets]
    assert all(e.to in (None, p) for e in reached.values() if isinstance(e, hustings.Event))


def test_the_lab_counts_the_toys_all_lose_ties_and_solo_successes(toys: None) -> None:
    results = list(run(SimConfig.build("toy", 3, None, "ismcts:easy,random,random", 12, 2)))
    summary = summarize(results)
    assert sum(s.wins for s in summary.by_bot) == pytest.approx(12 - summary.everyone_lost)
    assert [r.to_json() for r in results] == [r.to_json() for r in run(SimConfig.build(
        "toy", 3, None, "ismcts:easy,random,random", 12, 2))]
    solo = summarize(list(run(SimConfig.build("toy-solo", 1, None, "ismcts:easy", 10, 0))))
    assert solo.solo is not None and solo.solo.solved[0].games == 10
    assert len(solo.solo.over_par["ismcts:easy"]) == solo.solo.solved[0].wins
