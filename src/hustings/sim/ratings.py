"""Ratings of bots from lab games, with a maintained library (openskill's Plackett-Luce model).

A win share answers "how often does this bot win against those opponents"; a rating puts every bot that ever
met on one scale, so a ladder (random < heuristic < ismcts levels) read from mixed tournaments is comparable
across runs. Each finished game is one match in which every seat is its own team, ranked the way the games
score a win: the winners share first place and everyone else shares second (a runner-up is worth what the last
seat is worth, ``hustings.engine.outcome``); a game in which everyone lost is a draw among all seats.

A bot that sits in several seats of one game (three heuristic opponents) plays as one copy per seat, each from
the bot's rating before the game; its new rating moves by the mean of its copies' changes. Games are rated in
the order of their index, so the same records give the same ratings whatever the worker count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class _Result(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def bots(self) -> list[str]: ...
    @property
    def winners(self) -> list[int]: ...


@dataclass(frozen=True)
class BotRating:
    """``mu`` and ``sigma`` on openskill's scale (a new bot starts at 25 ± 8.33); ``ordinal`` = mu - 3 sigma,
    the conservative figure to sort by."""

    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


class RatingsUnavailable(RuntimeError):
    """openskill is not installed (it comes with the ``lab`` extra)."""


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RatingsUnavailable("ratings need openskill: pip install 'hustings[lab]'") from None
    return PlackettLuce()


def match_ranks(seats: int, winners: Sequence[int]) -> list[int]:
    """Places of one game for the rating: 1 for each winner, 2 for every other seat, all 1 when nobody won."""
    won = set(winners)
    if not won:
        return [1] * seats
    return [1 if s in won else 2 for s in range(seats)]


def rate(results: Iterable[_Result]) -> list[BotRating]:
    """Every bot's rating after the games, best (highest ordinal) first."""
    model = _model()
    current: dict[str, Any] = {}
    games: dict[str, int] = {}
    for r in sorted(results, key=lambda r: r.index):
        if len(r.bots) < 2:
            continue  # a puzzle has no opponent to be rated against
        for name in r.bots:
            if name not in current:
                current[name] = model.rating(name=name)
        before = {name: (current[name].mu, current[name].sigma) for name in set(r.bots)}
        teams = [[model.rating(mu=before[name][0], sigma=before[name][1], name=name)] for name in r.bots]
        rated = model.rate(teams, ranks=match_ranks(len(r.bots), r.winners))
        moves: dict[str, list[tuple[float, float]]] = {}
        for name, team in zip(r.bots, rated, strict=True):
            moves.setdefault(name, []).append((team[0].mu - before[name][0], team[0].sigma))
        for name, changes in moves.items():
            mu = before[name][0] + sum(d for d, _ in changes) / len(changes)
            sigma = sum(s for _, s in changes) / len(changes)
            current[name] = model.rating(mu=mu, sigma=sigma, name=name)
            games[name] = games.get(name, 0) + 1
    out = [BotRating(name, float(rt.mu), float(rt.sigma), games[name]) for name, rt in current.items()]
    return sorted(out, key=lambda b: b.ordinal, reverse=True)
