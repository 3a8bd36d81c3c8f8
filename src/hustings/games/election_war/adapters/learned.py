"""選舉之戰's shipped ``learned`` bot: a network trained by expert iteration (``hustings train election-war``,
docs/rl.md) for 4 players, played greedily with NumPy alone from the seat's view and legal actions.

The weights are ``learned-4p.npz`` beside this module (the ``learned`` checkpoint format of
:mod:`hustings.rl.policy`, checked when first loaded). It needs NumPy and orjson, the ``rl`` extra's: without them
the seats are refused, naming what is missing.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hustings.bots.learned import Learned
from hustings.bots.random_bot import check_view
from hustings.engine import Action

if TYPE_CHECKING:
    from hustings.rl.policy import LearnedPolicy

#: the shipped networks, by player count (standard variant, the only one)
WEIGHTS = {4: Path(__file__).with_name("learned-4p.npz")}


def _ready() -> None:
    """The libraries the network plays with, or a ValueError naming the one missing."""
    try:
        import hustings.rl.policy  # noqa: F401  (NumPy, and orjson for the encoder)
    except ImportError as e:
        raise ValueError(f"the learned bot needs NumPy and orjson ({e.name or 'a library'} is missing): "
                         "pip install 'hustings[rl]'") from None


@cache
def _policy(players: int) -> LearnedPolicy:
    _ready()
    from hustings.rl.policy import LearnedPolicy

    return LearnedPolicy.load(WEIGHTS[players])


class LearnedBot:
    """One seat's bot: the network for the view's player count (loaded once per process, shared: it is read-only
    and plays greedily, so seats and seeds need no copies of it)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        players = view.get("players")
        if not isinstance(players, int) or players not in WEIGHTS:
            raise ValueError(f"the learned bot of election-war plays with {', '.join(map(str, WEIGHTS))} players, "
                             f"not {players}")
        return _policy(players).act(view, legal)


def _bot(seed: int | None) -> LearnedBot:
    return LearnedBot(seed)


LEARNED = Learned(bot=_bot, players=tuple(WEIGHTS), ready=_ready)
