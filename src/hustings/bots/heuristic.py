"""The heuristic bot: sensible, fast play written from each game's rules.

A game offers one through its spec: ``adapters["bot"]`` names a :class:`Heuristic` in the game's own package
(e.g. ``hustings.games.die_macher_2019.adapters.bot:HEURISTIC``). This module knows no game by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hustings.bots.random_bot import check_view
from hustings.engine import Action, GameState, get_spec, list_games

Policy = Callable[[dict[str, Any], list[Action]], Action]
Evaluator = Callable[[GameState], list[float]]


@dataclass(frozen=True)
class Heuristic:
    """A game's bot adapter.

    ``choose(view, legal)`` picks an action from a player's view (rule-of-thumb play; ISMCTS also uses it for
    rollouts and as a hint at the root). ``evaluate(state)`` optionally estimates each seat's final total on
    a search bot's determinization, for rollouts cut off before the end; a lead of ``scale`` points counts as
    nearly decisive when ISMCTS turns those estimates into utilities. A one-player game's ``evaluate``
    returns its estimate of the outcome utility directly (one value in [-1, 1]).
    """

    choose: Policy
    evaluate: Evaluator | None = None
    scale: float = 12.0


def games_with_heuristics() -> list[str]:
    return [g for g in list_games() if get_spec(g).has_adapter("bot")]


def heuristic_for(game: str) -> Heuristic | None:
    """The game's heuristic adapter, or None if it has none (unknown games raise ValueError)."""
    obj = get_spec(game).adapter("bot")
    if obj is None:
        return None
    if not isinstance(obj, Heuristic):
        raise TypeError(f"{game}: adapters['bot'] must name a hustings.bots.Heuristic, not {type(obj).__name__}")
    return obj


def require_heuristic(game: str) -> Heuristic:
    h = heuristic_for(game)
    if h is None:
        have = ", ".join(games_with_heuristics()) or "none"
        raise ValueError(f"no heuristic bot for {game!r} yet; games with one: {have}")
    return h


class HeuristicBot:
    """Rule-of-thumb play from the view and legal actions only; deterministic, well under 1 ms a move."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        self.game = game
        self._choose: Policy = require_heuristic(game).choose

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        if not legal:
            raise ValueError("HeuristicBot was asked to act with no legal actions")
        return self._choose(view, legal)
