"""The formulas of Die Macher classic, defined once (seed 001 2.v, 2.viii, 3.ii)."""

from __future__ import annotations

from collections.abc import Sequence

from hustings.games.die_macher import data as D


def coincidence(program: Sequence[int], up: Sequence[int], key_issue: int) -> int:
    """Coincidence rating (001 2.viii): +1 per face-up opinion the program shares, -1 per opposite one;
    the key (doubled) issue counts twice."""
    total = 0
    for o in up:
        w = 2 if (o >> 1) == key_issue else 1
        if o in program:
            total += w
        elif (o ^ 1) in program:
            total -= w
    return total


def votes_for(cubes: int, popularity: int, coinc: int) -> int:
    """Votes = cubes x max(0.5, popularity + coincidence), rounded down (001 2.viii); counted in halves
    so no float is involved."""
    halves = max(1, 2 * (popularity + coinc))
    return cubes * halves // 2


def media_controller(media: list[int]) -> int:
    """The seat with strictly more media cubes on a board than every other, else -1 (003 E)."""
    # three passes in C (max, count, index) instead of a loop in Python: every view asks it of each board
    best = max(media)
    if best <= 0 or media.count(best) > 1:
        return -1
    return media.index(best)


def shared_cards(a: Sequence[int], b: Sequence[int]) -> int:
    """Identical program cards of two parties (same issue and stance), for coalitions (001 2.iv)."""
    return sum(1 for t in a if t in b)


def seats(state: int, votes: int) -> int:
    """Seats from the state card's ladder, per party and independent of the others (facts file)."""
    return D.STATES[state].seats(votes)


__all__ = ["coincidence", "media_controller", "seats", "shared_cards", "votes_for"]
