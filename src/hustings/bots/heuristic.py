"""The heuristic bot: sensible, fast play written from each game's rules (one module per game)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from hustings.bots.random_bot import check_view
from hustings.engine import Action

# game id -> module under hustings.bots.heuristics with ``choose(view, legal)`` (and ``evaluate``)
HEURISTICS = {"die-macher-2019": "die_macher_2019"}


def heuristic_module(game: str) -> Any:
    try:
        name = HEURISTICS[game]
    except KeyError:
        raise ValueError(f"no heuristic bot for {game!r} yet; games with one: {', '.join(HEURISTICS)}") from None
    return importlib.import_module(f"hustings.bots.heuristics.{name}")


class HeuristicBot:
    """Rule-of-thumb play from the view and legal actions only; deterministic, well under 1 ms a move."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        self.game = game
        self._choose: Callable[[dict[str, Any], list[Action]], Action] = heuristic_module(game).choose

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        if not legal:
            raise ValueError("HeuristicBot was asked to act with no legal actions")
        return self._choose(view, legal)
