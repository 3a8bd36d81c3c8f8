"""Utilities at the end of a game, for learning code (see docs/rl.md).

- ``outcome`` (default): the game's own ``state.outcome().utilities``, in [-1, 1]. The game decides: a
  ranked game that lets everyone lose on a tie pays -1 to every seat then; a one-player game pays +1 for a
  win and -1 for a loss. A game with the engine's default outcome pays the rank utility below.
- ``rank``: each player's average result against every other player by final total: +1 for
  each player beaten, -1 for each player ahead, 0 for a tie, divided by ``players - 1``. A sole winner
  gets +1 and a sole last -1; tied players get the same value. The utilities sum to zero and lie in
  [-1, 1].
- ``win``: the winners share 1 (1/k each for k tied winners), everyone else 0; they sum to 1.
- ``score``: the final total divided by the highest total (0 when every total is 0 or less); in [0, 1].

``rank``, ``win`` and ``score`` read the final ``scores()`` totals, whatever the game's outcome says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from hustings.engine import GameState, get_spec


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


#: the utilities computed from final totals, whatever the game's outcome says
FROM_TOTALS: dict[str, Callable[[Sequence[float]], list[float]]] = {
    "rank": rank_utility,
    "win": win_utility,
    "score": score_utility,
}
#: every utility name; "outcome" (the game's own) is the default
UTILITIES: tuple[str, ...] = ("outcome", *FROM_TOTALS)

# (lowest, highest, sum or None when it varies) of each utility; "outcome" depends on the game (see bounds())
BOUNDS: dict[str, tuple[float, float, float | None]] = {
    "outcome": (-1.0, 1.0, None),
    "rank": (-1.0, 1.0, 0.0),
    "win": (0.0, 1.0, 1.0),
    "score": (0.0, 1.0, None),
}


@cache
def outcome_is_zero_sum(game: str) -> bool:
    """Whether the game's outcome utilities always sum to zero: true for a ranked game that keeps the engine's
    default outcome (the rank utility); a game that overrides ``outcome()`` may let everyone lose, so it is
    treated as general-sum, and a one-player game is never zero-sum."""
    spec = get_spec(game)
    if spec.outcome != "ranked" or spec.max_players < 2:
        return False
    cls = type(spec.factory(players=spec.player_counts(spec.default_variant)[0], variant=spec.default_variant,
                            seed=0))
    return cls.outcome is GameState.outcome


def bounds(game: str, kind: str = "outcome") -> tuple[float, float, float | None]:
    """(lowest, highest, constant sum or None) of utility ``kind`` in ``game``."""
    if kind not in UTILITIES:
        raise ValueError(f"unknown utility {kind!r}; choose one of {', '.join(UTILITIES)}")
    if kind == "outcome":
        return (-1.0, 1.0, 0.0 if outcome_is_zero_sum(game) else None)
    return BOUNDS[kind]


def utilities(state: GameState, kind: str = "outcome") -> list[float]:
    """Each player's utility at the end of ``state`` (all zero while the game goes on)."""
    if kind not in UTILITIES:
        raise ValueError(f"unknown utility {kind!r}; choose one of {', '.join(UTILITIES)}")
    if not state.is_over:
        return [0.0] * state.num_players
    if kind == "outcome":
        return list(state.outcome().utilities)
    return FROM_TOTALS[kind]([s["total"] for s in state.scores()])
