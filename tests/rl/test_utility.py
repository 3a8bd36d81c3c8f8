"""Utilities: the game's own outcome (default), or from final totals: rank (zero-sum, [-1, 1]), win (winners
share 1), score (normalised)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")  # hustings.rl needs the rl extra

import hustings
from hustings.rl.utility import BOUNDS, FROM_TOTALS, rank_utility, score_utility, utilities, win_utility


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
    lo, hi, total = BOUNDS[kind]
    r = random.Random(kind)
    for _ in range(300):
        totals = [r.randrange(0, 12) for _ in range(r.choice([3, 4, 5]))]
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
    assert max(utilities(s, "win")) > 0 and [p for p, u in enumerate(utilities(s, "win")) if u > 0] == s.winners()
    with pytest.raises(ValueError, match="unknown utility"):
        utilities(s, "elo")
