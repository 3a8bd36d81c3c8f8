"""Drive a game to its end with one bot per seat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from hustings.bots.ismcts import InfoSet
from hustings.bots.random_bot import Bot, SearchBot
from hustings.engine import Action, GameState


def ask(bot: Bot, state: GameState, player: int, legal: list[Action]) -> Action:
    """The one way a bot is consulted: the player's view and a copy of the legal list (the state caches
    that list), plus, for a search bot, an :class:`InfoSet` holding one determinization of the player's
    information (dealt from the bot's own ``rng`` when it has one, so seeded bots stay reproducible),
    never the state."""
    if getattr(bot, "searches", False):
        rng = getattr(bot, "rng", None)
        info = InfoSet.of(state, player, rng if isinstance(rng, random.Random) else None)
        return cast(SearchBot, bot).act(state.view(player), list(legal), info)
    return bot.act(state.view(player), list(legal))


def play_game(state: GameState, bots: Sequence[Bot], max_steps: int | None = None) -> GameState:
    """Play ``state`` to the end in place and return it.

    In a simultaneous step several players are current; they act one at a time in seat order and
    ``current_players`` is re-read after every apply, because an action may change who must still act.
    Each bot gets only ``state.view(p)`` and a copy of the legal list (the state caches that list, and a
    bot that mutated it must not corrupt the game). ``max_steps`` guards against a game that never ends.
    """
    from hustings.bots.loop import drive  # the one game loop (it imports this module, hence here)

    if drive(state, bots, max_steps=max_steps).reason == "max_steps":
        raise RuntimeError(f"the game did not end within {max_steps} steps")
    return state
