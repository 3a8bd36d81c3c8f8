"""How a finished game ends for each player, decided by the game.

Bots, the lab, the RL adapters and the final screens read an :class:`Outcome` instead of assuming
"highest total wins": a game may let everyone lose on a tie (選舉之戰: three or more tied at the top), and
a one-player puzzle is won or lost, measured in moves against par. Every seed says the same of the rest:
the highest wins and everyone else loses, so the utilities are the win share and nothing else (a
runner-up is worth what the last seat is worth); the standings stay in ``ranks``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

OutcomeKind = Literal["ranked", "solo"]
OUTCOME_KINDS: tuple[str, ...] = ("ranked", "solo")


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    ``winners``: seats that won (empty when everyone lost). ``utilities``: one value per seat in [-1, 1],
    the win share on that scale, ``2 * win_share(p) - 1``: each of k winners shares the win and gets
    ``2/k - 1`` (a sole winner +1, two sharing 0, three sharing -1/3), every other seat -1, and every seat
    -1 when everyone lost; solo: +1 won, -1 lost. So a player maximising its expected utility maximises
    its expected win share, which is what the lab measures. ``ranks``: 1 for the best, shared on ties (the
    standings, which the utilities ignore; ``hustings.rl.utility`` offers a rank utility built from the
    totals). ``detail``: game-specific facts (for solo: ``won``, ``moves``, ``par``).
    """

    winners: tuple[int, ...]
    utilities: tuple[float, ...]
    ranks: tuple[int, ...]
    detail: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def won(self) -> bool:
        """Whether anybody won (false when everyone lost)."""
        return bool(self.winners)

    def win_share(self, player: int) -> float:
        """1/k for each of k winners, 0 otherwise: the lab's win share."""
        return 1.0 / len(self.winners) if player in self.winners else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "utilities": list(self.utilities),
            "ranks": list(self.ranks),
            "detail": dict(self.detail),
        }


def win_share_utilities(seats: int, winners: Sequence[int]) -> tuple[float, ...]:
    """The win share on [-1, 1]: ``2/k - 1`` for each of k winners, -1 for every other seat (and for all
    when nobody won)."""
    k = len(winners)
    share = 2.0 / k - 1.0 if k else -1.0
    won = set(winners)
    return tuple(share if p in won else -1.0 for p in range(seats))


def ranks_of(totals: Sequence[float]) -> tuple[int, ...]:
    """Competition ranking: 1 + the number of seats strictly ahead."""
    return tuple(1 + sum(1 for x in totals if x > t) for t in totals)


def ranked_outcome(
    totals: Sequence[float], *, all_lose_if_tied: int | None = None, detail: Mapping[str, Any] | None = None
) -> Outcome:
    """Highest total wins; ties share the win. With ``all_lose_if_tied=k``, k or more seats tied at the top
    means nobody wins and every seat gets utility -1 (but ranks still show the standings)."""
    if not totals:
        raise ValueError("an outcome needs at least one seat")
    best = max(totals)
    top = tuple(p for p, t in enumerate(totals) if t == best)
    ranks = ranks_of(totals)
    if all_lose_if_tied is not None and len(top) >= all_lose_if_tied:
        return Outcome((), (-1.0,) * len(totals), ranks, MappingProxyType(dict(detail or {}, all_lost=True)))
    return Outcome(top, win_share_utilities(len(totals), top), ranks, MappingProxyType(dict(detail or {})))


def solo_outcome(won: bool, moves: int, par: int | None = None, **detail: Any) -> Outcome:
    """A one-player game: won or lost, with the number of moves and the puzzle's par."""
    info = dict(detail, won=won, moves=moves, par=par)
    return Outcome((0,) if won else (), (1.0 if won else -1.0,), (1,), MappingProxyType(info))
