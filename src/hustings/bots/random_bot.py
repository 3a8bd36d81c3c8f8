"""The uniform-random bot: the baseline opponent and the workhorse of simulations."""

from __future__ import annotations

import random
from typing import Any, Protocol

from hustings.engine import Action


class Bot(Protocol):
    """Anything that picks an action from a player's view and legal actions.

    A bot never gets the state: the view is the whole of what it may know, so a bot cannot cheat.
    """

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


def check_view(view: object) -> None:
    """Refuse anything but a view: a bot must never be handed the state (it would see every secret)."""
    if not isinstance(view, dict):
        raise TypeError(f"a bot gets a player's view (a dict), not {type(view).__name__}")


class SearchBot(Protocol):
    """A bot that searches: besides the view it gets an information set to draw determinizations from."""

    searches: bool

    def act(self, view: dict[str, Any], legal: list[Action], infoset: Any) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded RNG so games are reproducible."""

    def __init__(self, seed: int | None = None) -> None:
        # A private Random, never the global one: other code drawing numbers must not change our choices.
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Return one member of ``legal``, chosen uniformly. ``view`` is ignored but accepted."""
        check_view(view)
        if not legal:
            raise ValueError("RandomBot was asked to act with no legal actions")
        return legal[self.rng.randrange(len(legal))]
