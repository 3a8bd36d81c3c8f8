"""Random legal play to a game's end, seeded: the one loop tests use to reach finished games; and a state's fields
on either build."""

from __future__ import annotations

import random
from typing import Any

from hustings.engine import GameState


def play_out(s: GameState, seed: int) -> GameState:
    """Play ``s`` to its end with uniformly random legal actions from ``random.Random(seed)``; returns ``s``."""
    rng = random.Random(seed)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s


def fields_of(s: GameState) -> dict[str, Any]:
    """Every field of ``s`` by name, the engine's included: ``vars(s)`` of an interpreted state, and of a state class
    the compiled build compiles (docs/build.md: its fields are slots, named by each class's ``__mypyc_attrs__``)."""
    if getattr(s, "__dict__", None):
        return dict(vars(s))
    names = [n for c in type(s).__mro__ for n in vars(c).get("__mypyc_attrs__", ()) if not n.startswith("__")]
    return {n: getattr(s, n) for n in names if hasattr(s, n)}
