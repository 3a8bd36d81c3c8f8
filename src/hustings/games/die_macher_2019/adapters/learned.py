"""Die Macher 2019's shipped ``learned`` bot: a scorer of each legal action's features (``adapters/features.py``)
whose weights were found by playing against the heuristic (``hustings train die-macher-2019 --method evolve``,
docs/rl.md), for 4 players of the standard variant, played greedily with NumPy alone from the seat's view and legal
actions.

The weights are ``learned-4p.npz`` beside this module (the scorer format of :mod:`hustings.rl.scorer`, checked when
first loaded). It needs NumPy, the ``rl`` extra's: without it the seats are refused, naming what is missing.
"""

from __future__ import annotations

from pathlib import Path

from hustings.bots.learned import Shipped
from hustings.bots.random_bot import Bot
from hustings.games.die_macher_2019.adapters.features import FEATURES


def _ready() -> None:
    """The libraries the policy plays with, or a ValueError naming the one missing."""
    try:
        import hustings.rl.policy
        import hustings.rl.scorer  # noqa: F401  (NumPy)
    except ImportError as e:
        raise ValueError(f"the learned bot needs NumPy and orjson ({e.name or 'a library'} is missing): "
                         "pip install 'hustings[rl]'") from None


def _load(path: Path) -> Bot:
    _ready()
    from hustings.rl.scorer import load_policy

    return load_policy(path)


#: the shipped policies, by player count
SHIPPED = Shipped("die-macher-2019", {4: Path(__file__).with_name("learned-4p.npz")}, _load, count_key="players_count")
LEARNED = SHIPPED.learned(_ready, FEATURES)
