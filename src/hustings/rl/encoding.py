"""Fixed-shape numeric encodings of a player's view, for learning code.

An encoder turns ``state.view(p)`` (JSON) into a flat ``float32`` vector whose length depends only on
(game, players, variant). Every value lies in ``[0, 1]``: one-hot and multi-hot slots, counts divided by
their largest possible value, amounts divided by a scale and clipped. The encoder sees only the view, so
an observation can never hold more than the rules let that player see; a spectator view (``you`` is None)
encodes too, with the private slots left at zero.

Each game has its own encoder in ``hustings.rl.encoders.<game id with underscores>``; the module
registers itself with :func:`register` and is imported the first time the game is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from hustings.engine import get_spec

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Slice:
    """A named part of the encoding: ``vector[start:start + size]``."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Encoder:
    """Base class: a layout of named slices plus :meth:`encode`.

    Subclasses call :meth:`add` while building their layout (it returns the slice's offset) and implement
    :meth:`fill`, which writes into a zeroed Python list; :meth:`encode` turns that into an array.
    """

    game: str
    players: int
    variant: str

    def __init__(self, game: str, players: int, variant: str) -> None:
        self.game = game
        self.players = players
        self.variant = variant
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        start = self.size
        self.slices.append(Slice(name, start, size, doc))
        self.size += size
        return start

    def slice(self, name: str) -> Slice:
        for s in self.slices:
            if s.name == name:
                return s
        raise KeyError(f"{self.game} encoding has no slice {name!r}")

    def fill(self, out: list[float], view: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        """The view as a ``float32`` vector of length :attr:`size`, every value in ``[0, 1]``.

        A view of another game, player count or variant raises ValueError."""
        out = [0.0] * self.size
        self.fill(out, view)
        return np.fromiter(out, np.float32, self.size)

    def describe(self) -> dict[str, Any]:
        """The layout as JSON: sizes and what each slice means."""
        return {
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "size": self.size,
            "slices": [{"name": s.name, "start": s.start, "size": s.size, "doc": s.doc} for s in self.slices],
        }


EncoderFactory = Callable[[int, str], Encoder]
LengthBound = Callable[[int, str], int]


@dataclass(frozen=True)
class _Entry:
    factory: EncoderFactory
    max_game_length: LengthBound


_REGISTRY: dict[str, _Entry] = {}


def register(game: str, factory: EncoderFactory, max_game_length: LengthBound) -> None:
    """Register a game's encoder factory ``(players, variant) -> Encoder`` and its bound on the number
    of decisions in a game ``(players, variant) -> int`` (OpenSpiel needs one)."""
    _REGISTRY[game] = _Entry(factory, max_game_length)


def _entry(game: str) -> _Entry:
    get_spec(game)  # a clear error for an unknown game
    if game not in _REGISTRY:
        module = "hustings.rl.encoders." + game.replace("-", "_")
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
        if game not in _REGISTRY:
            raise ValueError(f"{game} has no RL encoder yet: add {module} (see docs/rl.md)")
    return _REGISTRY[game]


def _resolve(game: str, players: int | None, variant: str | None) -> tuple[int, str]:
    spec = get_spec(game)
    variant = spec.default_variant if variant is None else variant
    if variant not in spec.variants:
        raise ValueError(f"unknown variant {variant!r} for {game}; variants: {', '.join(spec.variants)}")
    counts = spec.player_counts(variant)
    players = counts[0] if players is None else players
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise ValueError(f"{game} {variant} takes {counts[0]} to {counts[-1]} players, not {players!r}")
    return players, variant


@cache
def _cached(game: str, players: int, variant: str) -> Encoder:
    return _entry(game).factory(players, variant)


def encoder_for(game: str, players: int | None = None, variant: str | None = None) -> Encoder:
    """The encoder of ``game`` for this player count and variant (defaults as in ``hustings.make``)."""
    players, variant = _resolve(game, players, variant)
    return _cached(game, players, variant)


def max_game_length(game: str, players: int | None = None, variant: str | None = None) -> int:
    """An upper bound on the number of decisions in one game (every player's actions counted)."""
    players, variant = _resolve(game, players, variant)
    return _entry(game).max_game_length(players, variant)


def resolve(game: str, players: int | None = None, variant: str | None = None) -> tuple[int, str]:
    """``(players, variant)`` with the engine's defaults filled in; a bad value raises ValueError."""
    return _resolve(game, players, variant)
