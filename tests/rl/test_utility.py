"""Utilities: the game's own outcome (default: the win share on [-1, 1]), or from final totals: rank (zero-sum,
[-1, 1]), win (winners share 1), score (normalised); their ranges and constant sums."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")  # hustings.rl needs the rl extra

import hustings
from hustings.rl.utility import (
    FROM_TOTALS,
    bounds,
    keeps_default_outcome,
    rank_utility,
    score_utility,
    utilities,
    utility_sum,
    win_utility,
)
from playout import play_out


def test_rank_utility() -> None:
    assert rank_utility([30, 20, 10]) == [1.0, 0.0, -1.0]
    assert rank_utility([10, 30, 30, 5]) == [-1 / 3, 2 / 3, 2 / 3, -1.0]
    assert rank_utility([7, 7, 7]) == [0.0, 0.0, 0.0]
    assert rank_utility([50, 10, 10]) == [1.0, -0.5, -0.5]


def test_win_and_score_utility() -> None:
    assert win_utility([30, 20, 10]) == [1.0, 0.0, 0.0]
    assert win_utility([30, 30, 10, 0]) == [0.5, 0.5, 0.0, 0.0]
    assert score_utility([40, 20, 0]) == [1.0, 0.5, 0.0]
    assert score_utility([0, 0, 0]) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("kind", sorted(FROM_TOTALS))
def test_bounds_hold(kind: str) -> None:
    r = random.Random(kind)
    for _ in range(300):
        n = r.choice([3, 4, 5])
        lo, hi, total = bounds("die-macher-2019", kind, n)
        totals = [r.randrange(0, 12) for _ in range(n)]
        u = FROM_TOTALS[kind](totals)
        assert all(lo <= x <= hi for x in u)
        if total is not None:
            assert sum(u) == pytest.approx(total)
        # a higher total never gets a lower utility
        for a in range(len(totals)):
            for b in range(len(totals)):
                if totals[a] > totals[b]:
                    assert u[a] >= u[b]


def test_utilities_of_a_state() -> None:
    s = hustings.make("die-macher-2019", players=3, seed=4)
    assert utilities(s) == [0.0, 0.0, 0.0]
    r = random.Random(4)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
    totals = [x["total"] for x in s.scores()]
    assert utilities(s, "rank") == rank_utility(totals)
    assert utilities(s) == list(s.outcome().utilities) == utilities(s, "outcome")
    o = s.outcome()
    assert utilities(s) == [2 * o.win_share(p) - 1 for p in range(3)]  # the win share on [-1, 1]
    assert max(utilities(s, "win")) > 0 and [p for p, u in enumerate(utilities(s, "win")) if u > 0] == s.winners()
    with pytest.raises(ValueError, match="unknown utility"):
        utilities(s, "elo")


def test_sums_and_ranges_per_game() -> None:
    """What each utility adds up to, per game and player count: the OpenSpiel game type follows from it."""
    dm, ew, pe = "die-macher-2019", "election-war", "palace-escape"
    assert keeps_default_outcome(dm) and keeps_default_outcome("die-macher")
    assert not keeps_default_outcome(ew) and not keeps_default_outcome(pe)
    # somebody always wins in Die Macher: k winners at 2/k - 1, the other n - k at -1, so 2 - n in all
    assert [utility_sum(dm, "outcome", n) for n in (3, 4, 5)] == [-1.0, -2.0, -3.0]
    assert bounds(dm, players=4) == (-1.0, 1.0, -2.0) and bounds(dm) == (-1.0, 1.0, -1.0)  # default: 3 seats
    assert utility_sum(ew, "outcome", 4) is None  # everyone may lose on a tie (-4), or somebody wins (-2)
    assert utility_sum(pe, "outcome", 1) is None  # a puzzle pays +1 or -1
    assert [utility_sum(dm, k, 4) for k in ("rank", "win", "score")] == [0.0, 1.0, None]
    assert bounds(ew, "rank", 15) == (-1.0, 1.0, 0.0) and bounds(ew, "win", 2) == (0.0, 1.0, 1.0)
    assert bounds(pe, "rank", 1) == (-1.0, 1.0, None)  # one seat: no sum worth declaring
    with pytest.raises(ValueError, match="unknown utility 'elo'"):
        bounds(dm, "elo")


def _play_to_end(game: str, players: int, seed: int) -> hustings.GameState:
    return play_out(hustings.make(game, players=players, seed=seed), seed)


def test_rank_and_win_follow_election_wars_everyone_loses_ending() -> None:
    """Issue 26 point 7: three or more tied at the top of 選舉之戰 lose; rank and win must not reward them."""
    from hustings.rl.utility import rank_utility_of, win_utility_of

    # the pure functions: a winner is ahead of every non-winner; nobody won: all zero
    assert rank_utility_of([3, 3, 3, 1], (), all_lost=True) == [0.0, 0.0, 0.0, 0.0]
    assert rank_utility_of([3, 3, 1, 0], (0, 1), all_lost=False) == [2 / 3, 2 / 3, -1 / 3, -1.0]
    assert win_utility_of(4, ()) == [0.0] * 4 and win_utility_of(3, (2,)) == [0.0, 0.0, 1.0]
    all_lost = won = 0
    for seed in range(200):
        s = _play_to_end("election-war", 4, seed)
        o = s.outcome()
        rank, win = utilities(s, "rank"), utilities(s, "win")
        assert sum(rank) == pytest.approx(0.0)
        if not o.winners:
            all_lost += 1
            assert rank == [0.0] * 4 and win == [0.0] * 4
        else:
            won += 1
            assert win == [o.win_share(p) for p in range(4)] and sum(win) == pytest.approx(1.0)
            for w in o.winners:  # every winner is ahead of every other seat
                assert all(rank[w] > rank[q] for q in range(4) if q not in o.winners)
        if all_lost and won > 5:
            break
    assert all_lost and won  # both endings were seen


def test_election_war_sums_at_two_seats_and_beyond() -> None:
    """選舉之戰 lets everyone lose only from three seats on: at two its outcome is zero-sum and win sums to 1."""
    ew = "election-war"
    assert utility_sum(ew, "outcome", 2) == 0.0 and utility_sum(ew, "win", 2) == 1.0
    assert utility_sum(ew, "outcome", 3) is None and utility_sum(ew, "win", 3) is None
    for seed in range(20):
        s = _play_to_end(ew, 2, seed)
        assert sum(utilities(s)) == pytest.approx(0.0) and sum(utilities(s, "win")) == pytest.approx(1.0)
