"""Final scores turned into utilities for learning code (see docs/rl.md).

- ``rank`` (default): each player's average result against every other player by final total: +1 for
  each player beaten, -1 for each player ahead, 0 for a tie, divided by ``players - 1``. A sole winner
  gets +1 and a sole last -1; tied players get the same value. The utilities sum to zero and lie in
  [-1, 1] (OpenSpiel uses this one).
- ``win``: the winners share 1 (1/k each for k tied winners), everyone else 0; they sum to 1.
- ``score``: the final total divided by the highest total (0 when every total is 0 or less); in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hustings.engine import GameState


def rank_utility(totals: Sequence[float]) -> list[float]:
    n = len(totals)
    if n < 2:
        return [0.0] * n
    out = []
    for t in totals:
        above = sum(1 for x in totals if x > t)
        below = sum(1 for x in totals if x < t)
        out.append((below - above) / (n - 1))
    return out


def win_utility(totals: Sequence[float]) -> list[float]:
    if not totals:
        return []
    best = max(totals)
    k = sum(1 for t in totals if t == best)
    return [1.0 / k if t == best else 0.0 for t in totals]


def score_utility(totals: Sequence[float]) -> list[float]:
    if not totals:
        return []
    best = max(totals)
    if best <= 0:
        return [0.0] * len(totals)
    return [max(0.0, t / best) for t in totals]


UTILITIES: dict[str, Callable[[Sequence[float]], list[float]]] = {
    "rank": rank_utility,
    "win": win_utility,
    "score": score_utility,
}

# (lowest, highest, sum or None when it varies) of each utility
BOUNDS: dict[str, tuple[float, float, float | None]] = {
    "rank": (-1.0, 1.0, 0.0),
    "win": (0.0, 1.0, 1.0),
    "score": (0.0, 1.0, None),
}


def utilities(state: GameState, kind: str = "rank") -> list[float]:
    """Each player's utility at the end of ``state`` (all zero while the game goes on)."""
    if kind not in UTILITIES:
        raise ValueError(f"unknown utility {kind!r}; choose one of {', '.join(UTILITIES)}")
    if not state.is_over:
        return [0.0] * state.num_players
    return UTILITIES[kind]([s["total"] for s in state.scores()])
