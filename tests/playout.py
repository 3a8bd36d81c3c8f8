"""Random legal play to a game's end, seeded: the one loop tests use to reach finished games."""

from __future__ import annotations

import random

from hustings.engine import GameState


def play_out(s: GameState, seed: int) -> GameState:
    """Play ``s`` to its end with uniformly random legal actions from ``random.Random(seed)``; returns ``s``."""
    rng = random.Random(seed)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s
