"""Opponents for a learner: the project's bots by name, any object with ``act(view, legal)``, a policy over
observations, and a pool of them to draw from (self-play against snapshots of the learner itself).

Every opponent is a :class:`hustings.bots.Bot`: it is asked through :func:`hustings.bots.runner.ask`, the one
way a bot is consulted, so it sees the view of its seat and a copy of the legal actions, never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from hustings.bots.random_bot import Bot, check_view
from hustings.bots.registry import make_bot
from hustings.engine import Action
from hustings.rl.encoding import Encoder

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


class ObsPolicy(Protocol):
    """A learner's policy: ``(observation, mask) -> action id``; ``mask[i]`` is True for every legal id."""

    def __call__(self, observation: FloatArray, mask: BoolArray) -> int: ...


#: ``seed -> Bot``: a fresh opponent for one seat of one game
BotFactory = Callable[[int], Bot]
#: what an opponent may be given as: a bot name (``heuristic``, ``ismcts:easy``), a bot, or a factory
OpponentSpec = str | Bot | BotFactory


class ObsPolicyBot:
    """An :class:`ObsPolicy` seated as a bot: it encodes its own view with ``encoder`` and picks among the legal
    actions (an id outside them raises ValueError naming the policy)."""

    def __init__(self, policy: ObsPolicy, encoder: Encoder, num_actions: int, name: str = "policy") -> None:
        self.policy = policy
        self.encoder = encoder
        self.num_actions = num_actions
        self.name = name

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        by_id = {a.id: a for a in legal}
        mask[list(by_id)] = True
        chosen = self.policy(self.encoder.encode(view), mask)
        action = by_id.get(int(chosen))
        if action is None:
            raise ValueError(f"{self.name} chose action id {chosen!r}, which is not legal here")
        return action


def _is_bot(obj: object) -> bool:
    return callable(getattr(obj, "act", None))


def make_opponent(spec: OpponentSpec, game: str, seed: int) -> Bot:
    """One seat's opponent from a name, a bot (used as it is) or a factory (called with ``seed``)."""
    if isinstance(spec, str):
        return make_bot(spec, game, seed)
    if _is_bot(spec):
        return spec  # type: ignore[return-value]  # anything with act(view, legal)
    if callable(spec):
        bot = spec(seed)
        if not _is_bot(bot):
            raise TypeError(f"an opponent factory must return a bot (an object with act(view, legal)), not "
                            f"{type(bot).__name__}")
        return bot
    raise TypeError(f"an opponent is a bot name, a bot or a factory seed -> bot, not {type(spec).__name__}")


def spec_name(spec: OpponentSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None) or type(spec).__name__)


@dataclass
class _Entry:
    name: str
    spec: OpponentSpec
    weight: float
    pinned: bool


class PolicyPool:
    """Opponents to draw from, one draw per other seat at every reset.

    ``PolicyPool(["random", "heuristic"])`` mixes the two bots; for self-play, :meth:`add` snapshots of the
    learner as it trains (an :class:`ObsPolicyBot`, a :class:`hustings.rl.policy.LearnedPolicy`, or a factory
    ``seed -> bot``). Entries given at construction are pinned; with ``max_size`` the oldest unpinned entry goes
    when another is added. ``latest`` is the chance of drawing the newest entry (else draws follow the weights).
    """

    def __init__(self, entries: Iterable[OpponentSpec] = (), *, max_size: int | None = None,
                 latest: float = 0.0) -> None:
        if max_size is not None and max_size < 1:
            raise ValueError(f"max_size must be at least 1, not {max_size}")
        if not 0.0 <= latest <= 1.0:
            raise ValueError(f"latest is a probability in [0, 1], not {latest}")
        self.max_size = max_size
        self.latest = latest
        self._entries: list[_Entry] = []
        for spec in entries:
            self._entries.append(_Entry(spec_name(spec), spec, 1.0, True))
        if max_size is not None and len(self._entries) > max_size:
            raise ValueError(f"{len(self._entries)} pinned entries exceed max_size {max_size}")

    def add(self, spec: OpponentSpec, name: str | None = None, weight: float = 1.0) -> None:
        if not weight > 0:
            raise ValueError(f"a pool entry's weight must be positive, not {weight}")
        self._entries.append(_Entry(name or spec_name(spec), spec, weight, False))
        if self.max_size is not None and len(self._entries) > self.max_size:
            for i, e in enumerate(self._entries):
                if not e.pinned:
                    del self._entries[i]
                    break
            else:  # pragma: no cover - the constructor refuses more pinned entries than max_size
                raise ValueError("the pool is full of pinned entries")

    @property
    def names(self) -> list[str]:
        return [e.name for e in self._entries]

    def specs(self) -> list[OpponentSpec]:
        return [e.spec for e in self._entries]

    def __len__(self) -> int:
        return len(self._entries)

    def draw(self, rng: random.Random) -> tuple[str, OpponentSpec]:
        if not self._entries:
            raise ValueError("the policy pool is empty: add an opponent first")
        if self.latest and rng.random() < self.latest:
            e = self._entries[-1]
        else:
            e = rng.choices(self._entries, weights=[x.weight for x in self._entries])[0]
        return e.name, e.spec


Opponents = OpponentSpec | Sequence[OpponentSpec] | PolicyPool


def seat_opponents(opponents: Opponents, seat: int, players: int, game: str,
                   rng: random.Random) -> tuple[list[Bot | None], list[str | None]]:
    """A bot for every seat but ``seat`` (None there), and their names, for one game."""
    bots: list[Bot | None] = [None] * players
    names: list[str | None] = [None] * players
    others = [p for p in range(players) if p != seat]
    if isinstance(opponents, PolicyPool):
        specs: list[tuple[str, OpponentSpec]] = [opponents.draw(rng) for _ in others]
    elif isinstance(opponents, str) or _is_bot(opponents) or not isinstance(opponents, Sequence):
        one = cast(OpponentSpec, opponents)
        specs = [(spec_name(one), one)] * len(others)
    else:
        listed = list(opponents)
        if len(listed) == 1:
            listed = listed * len(others)
        if len(listed) != len(others):
            raise ValueError(f"{len(listed)} opponents named for the {len(others)} other seats")
        specs = [(spec_name(s), s) for s in listed]
    for p, (name, spec) in zip(others, specs, strict=True):
        bots[p] = make_opponent(spec, game, rng.getrandbits(63))
        names[p] = name
    return bots, names


def check_opponents(opponents: Opponents, game: str, players: int) -> None:
    """Refuse bad opponents before any game starts (a bad name raises ValueError naming it)."""
    if isinstance(opponents, PolicyPool):
        for spec in opponents.specs():
            if isinstance(spec, str):
                make_bot(spec, game, 0)
        return
    seat_opponents(opponents, 0, players, game, random.Random(0))


__all__ = ["BotFactory", "ObsPolicy", "ObsPolicyBot", "OpponentSpec", "Opponents", "PolicyPool", "make_opponent",
           "seat_opponents"]
