"""The ``learned`` bot level: a policy a game ships with its weights, playing from the view and legal actions.

A game offers one through its spec: ``adapters["learned"]`` names a :class:`Learned` in the game's own package
(選舉之戰: ``hustings.games.election_war.adapters.learned:LEARNED``), usually made by :class:`Shipped` from its
weight files. Its ``bot(seed)`` builds a seat's bot, which picks the shipped policy for the view's configuration and
plays it with NumPy alone (no PyTorch: it was trained by ``hustings train``, docs/rl.md); ``players`` are the counts
it has weights for, so a table or the lab refuses another count before the game starts. ``features`` are the game's
:class:`ActionFeatures`, which a learned scorer reads (:mod:`hustings.rl.scorer`). This module knows no game by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hustings.bots.random_bot import Bot, check_view
from hustings.engine import Action, get_spec, list_games
from hustings.engine.adapters import AdapterKind


@dataclass(frozen=True)
class ActionFeatures:
    """A game's reading of its legal actions for a learned scorer (:mod:`hustings.rl.scorer`): ``of(view, legal)``
    gives one row of ``len(names)`` numbers per legal action, from the seat's view and the actions alone. ``name``
    names the set (and its version): a scorer trained on one set is refused with another."""

    name: str
    names: tuple[str, ...]
    of: Callable[[dict[str, Any], Sequence[Action]], list[list[float]]]


@dataclass(frozen=True)
class Learned:
    """A game's shipped learned policies: ``bot(seed)`` makes a seat's bot; ``players`` the counts it plays;
    ``ready()`` raises ValueError in one line when the bot cannot play in this install (a library missing), so
    that the seats are refused before a game starts rather than in its first decision. ``features``: the game's
    action features, when it offers a scorer to train (``hustings train GAME --method evolve``)."""

    bot: Callable[[int | None], Bot]
    players: tuple[int, ...]
    ready: Callable[[], None] = lambda: None
    features: ActionFeatures | None = None


LEARNED_KIND: AdapterKind[Learned] = AdapterKind(
    "learned", "a hustings.bots.learned.Learned(bot, players)", lambda obj: isinstance(obj, Learned),
    "`hustings.bots` (the `learned` bot level); without it `learned` is refused for the game")


class ShippedBot:
    """One seat's bot of a game's shipped policies: the policy for the view's player count, loaded once per process
    and shared (read-only, played greedily: seats and seeds need no copies of it)."""

    def __init__(self, shipped: Shipped, seed: int | None) -> None:
        self.shipped = shipped
        self.seed = seed

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        return self.shipped.policy(view.get(self.shipped.count_key)).act(view, legal)


class Shipped:
    """A game's shipped policy files by player count, and how to read one (``load``: the game's lazy import of
    :mod:`hustings.rl.scorer`, which needs NumPy; the bots layer never imports it). ``count_key`` is the view's key
    for the number of players."""

    def __init__(self, game: str, weights: Mapping[int, Path], load: Callable[[Path], Bot],
                 count_key: str = "players") -> None:
        self.game = game
        self.weights = dict(weights)
        self.load = load
        self.count_key = count_key
        self._loaded: dict[int, Bot] = {}

    def policy(self, players: object) -> Bot:
        if not isinstance(players, int) or isinstance(players, bool) or players not in self.weights:
            counts = ", ".join(map(str, self.weights))
            shown = players if isinstance(players, int) else f"a view without a player count ({self.count_key!r})"
            raise ValueError(f"the learned bot of {self.game} plays with {counts} players, not {shown}")
        got = self._loaded.get(players)
        if got is None:
            got = self._loaded[players] = self.load(self.weights[players])
        return got

    def cache_clear(self) -> None:
        """Forget the loaded policies (a test that swaps libraries in and out)."""
        self._loaded.clear()

    def learned(self, ready: Callable[[], None], features: ActionFeatures | None = None) -> Learned:
        return Learned(bot=lambda seed: ShippedBot(self, seed), players=tuple(self.weights), ready=ready,
                       features=features)


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


__all__ = ["LEARNED_KIND", "ActionFeatures", "Learned", "Shipped", "ShippedBot", "check_learned", "games_with_learned",
           "learned_for"]
