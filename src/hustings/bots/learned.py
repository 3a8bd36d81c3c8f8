"""The ``learned`` bot level: a network a game ships with its weights, playing from the view and legal actions.

A game offers one through its spec: ``adapters["learned"]`` names a :class:`Learned` in the game's own package
(選舉之戰: ``hustings.games.election_war.adapters.learned:LEARNED``). Its ``bot(seed)`` builds a seat's bot, which
picks the shipped network for the view's configuration and plays it with NumPy alone (no PyTorch: the network was
trained by ``hustings train``, docs/rl.md); ``players`` are the counts it has weights for, so a table or the lab
refuses another count before the game starts. This module knows no game by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hustings.bots.random_bot import Bot
from hustings.engine import get_spec, list_games
from hustings.engine.adapters import AdapterKind


@dataclass(frozen=True)
class Learned:
    """A game's shipped learned policies: ``bot(seed)`` makes a seat's bot; ``players`` the counts it plays;
    ``ready()`` raises ValueError in one line when the bot cannot play in this install (a library missing), so
    that the seats are refused before a game starts rather than in its first decision."""

    bot: Callable[[int | None], Bot]
    players: tuple[int, ...]
    ready: Callable[[], None] = lambda: None


LEARNED_KIND: AdapterKind[Learned] = AdapterKind(
    "learned", "a hustings.bots.learned.Learned(bot, players)", lambda obj: isinstance(obj, Learned),
    "`hustings.bots` (the `learned` bot level); without it `learned` is refused for the game")


def games_with_learned() -> list[str]:
    return [g for g in list_games() if get_spec(g).has_adapter(LEARNED_KIND.name)]


def learned_for(game: str) -> Learned | None:
    """The game's learned adapter, or None if it ships none (unknown games raise ValueError)."""
    return get_spec(game).adapter(LEARNED_KIND)


def check_learned(game: str, players: int | None = None) -> Learned:
    """The game's learned adapter, or a ValueError in one line: no learned policy, or none for this count."""
    adapter = learned_for(game)
    if adapter is None:
        have = ", ".join(games_with_learned()) or "none"
        raise ValueError(f"no learned bot for {game} yet; games with one: {have}")
    if players is not None and players not in adapter.players:
        counts = ", ".join(map(str, adapter.players))
        raise ValueError(f"the learned bot of {game} plays with {counts} players, not {players}")
    adapter.ready()
    return adapter


__all__ = ["LEARNED_KIND", "Learned", "check_learned", "games_with_learned", "learned_for"]
