"""Utilities at the end of a game, for learning code (see docs/rl.md).

- ``outcome`` (default): the game's own ``state.outcome().utilities``, in [-1, 1]: the win share on that
  scale. Each of k winners gets ``2/k - 1`` (a sole winner +1, two sharing 0, three sharing -1/3), every
  other seat -1; a tie that lets everyone lose (選舉之戰) pays -1 to every seat; a one-player game pays +1
  for a win and -1 for a loss. Maximising it is maximising ``Outcome.win_share``, what the lab measures.
  With n seats and at least one winner the utilities sum to ``2 - n``.
- ``rank``: each player's average result against every other player: +1 for each player beaten, -1 for
  each player ahead, 0 for a tie, divided by ``players - 1``. A winner of the game is ahead of every
  seat that did not win; otherwise the final totals decide. When the game let everyone lose (選舉之戰:
  three or more tied at the top) nobody beat anybody and every seat gets 0. A sole winner gets +1 and a
  sole last -1; tied players get the same value. The utilities sum to zero and lie in [-1, 1]. (This was
  the engine's outcome utility before issue 21; ranks stay in ``outcome().ranks``.)
- ``win``: the game's winners share 1 (1/k each for k winners), everyone else 0; they sum to 1, or to 0
  when the game let everyone lose (a one-player game: 1 won, 0 lost).
- ``score``: the final total divided by the highest total (0 when every total is 0 or less); in [0, 1].

``rank`` and ``win`` follow the game's outcome (who won, whether everyone lost) and break the rest by the
final ``scores()`` totals; for a game that keeps the engine's outcome they equal :func:`rank_utility` and
:func:`win_utility` of the totals. ``score`` reads the totals only.
:func:`bounds` gives each utility's range and, where the utilities always add up to the same number at a
player count, that sum (the OpenSpiel adapter declares the game zero-sum, constant-sum or general-sum
from it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from hustings.engine import GameState, get_spec
from hustings.rl.encoding import RL_ENCODER_KIND


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


def rank_utility_of(totals: Sequence[float], winners: Sequence[int], all_lost: bool) -> list[float]:
    """:func:`rank_utility` that respects the game's outcome: a winner is ahead of every seat that did not
    win (totals decide among the rest), and when everyone lost every seat gets 0."""
    n = len(totals)
    if n < 2 or all_lost:
        return [0.0] * n
    won = set(winners)
    key = [(1 if p in won else 0, t) for p, t in enumerate(totals)]
    out = []
    for k in key:
        above = sum(1 for x in key if x > k)
        below = sum(1 for x in key if x < k)
        out.append((below - above) / (n - 1))
    return out


def win_utility_of(players: int, winners: Sequence[int]) -> list[float]:
    """The game's winners share 1, everyone else 0 (all 0 when everyone lost)."""
    k = len(winners)
    won = set(winners)
    return [1.0 / k if p in won else 0.0 for p in range(players)]


#: the utilities computed from final totals alone (the outcome-aware ``rank`` and ``win`` of :func:`utilities`
#: equal these for a game that keeps the engine's outcome)
FROM_TOTALS: dict[str, Callable[[Sequence[float]], list[float]]] = {
    "rank": rank_utility,
    "win": win_utility,
    "score": score_utility,
}
#: every utility name; "outcome" (the game's own) is the default
UTILITIES: tuple[str, ...] = ("outcome", *FROM_TOTALS)

# (lowest, highest) of each utility
RANGES: dict[str, tuple[float, float]] = {
    "outcome": (-1.0, 1.0),
    "rank": (-1.0, 1.0),
    "win": (0.0, 1.0),
    "score": (0.0, 1.0),
}


@cache
def keeps_default_outcome(game: str) -> bool:
    """Whether the game keeps the engine's default ``outcome()`` (highest total wins, ties share the win, so
    somebody always wins). A game that overrides it may let everyone lose (選舉之戰 does)."""
    spec = get_spec(game)
    variant = spec.default_variant
    cls = type(spec.factory(players=spec.player_counts(variant)[0], variant=variant, seed=0))
    return cls.outcome is GameState.outcome


def _everyone_may_lose(game: str) -> Callable[[int, str], bool] | None:
    adapter = get_spec(game).adapter(RL_ENCODER_KIND)
    return None if adapter is None else adapter.everyone_may_lose


def utility_sum(game: str, kind: str = "outcome", players: int | None = None) -> float | None:
    """What utility ``kind`` of every finished ``game`` at ``players`` seats adds up to, or None when that
    varies. ``players`` defaults to the game's smallest count (default variant).

    ``outcome``: ``2 - n`` for a ranked game that keeps the engine's outcome (somebody always wins: k
    winners at ``2/k - 1`` and n - k seats at -1); a game with its own outcome may let everyone lose
    (-n) unless its RL adapter says that cannot happen at ``players`` seats
    (``EncoderAdapter.everyone_may_lose``: 選舉之戰 at two seats), and a one-player game pays +1 or -1.
    ``rank`` sums to 0 at two or more seats; ``win`` to 1 when somebody always wins (0 when everyone
    lost); ``score`` varies."""
    if kind not in UTILITIES:
        raise ValueError(f"unknown utility {kind!r}; choose one of {', '.join(UTILITIES)}")
    spec = get_spec(game)
    n = spec.player_counts(spec.default_variant)[0] if players is None else players
    if n < 2 or kind == "score":
        return None
    if kind == "rank":
        return 0.0
    if spec.outcome != "ranked":
        return None
    if not keeps_default_outcome(game):
        may_lose = _everyone_may_lose(game)
        if may_lose is None or may_lose(n, spec.default_variant):
            return None
    return 1.0 if kind == "win" else 2.0 - n


def bounds(game: str, kind: str = "outcome", players: int | None = None) -> tuple[float, float, float | None]:
    """(lowest, highest, constant sum or None) of utility ``kind`` in ``game`` at ``players`` seats (default:
    the smallest count); see :func:`utility_sum`."""
    if kind not in UTILITIES:
        raise ValueError(f"unknown utility {kind!r}; choose one of {', '.join(UTILITIES)}")
    low, high = RANGES[kind]
    return (low, high, utility_sum(game, kind, players))


def utilities(state: GameState, kind: str = "outcome") -> list[float]:
    """Each player's utility at the end of ``state`` (all zero while the game goes on)."""
    if kind not in UTILITIES:
        raise ValueError(f"unknown utility {kind!r}; choose one of {', '.join(UTILITIES)}")
    if not state.is_over:
        return [0.0] * state.num_players
    if kind == "outcome":
        return list(state.outcome().utilities)
    if kind == "win":
        return win_utility_of(state.num_players, state.outcome().winners)
    totals = [s["total"] for s in state.scores()]
    if kind == "rank":
        out = state.outcome()
        return rank_utility_of(totals, out.winners, not out.winners)
    return FROM_TOTALS[kind](totals)
