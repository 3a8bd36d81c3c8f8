"""Game-agnostic engine: states, actions, events, seeded randomness, the registry."""

from hustings.engine.core import (
    LANGS,
    Action,
    ActionSpace,
    Event,
    GameSpec,
    GameState,
    IllegalActionError,
    RecordError,
    get_spec,
    list_games,
    make,
    normalize_lang,
    register,
    replay,
)
from hustings.engine.rng import Rng

__all__ = [
    "LANGS",
    "Action",
    "ActionSpace",
    "Event",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "RecordError",
    "Rng",
    "get_spec",
    "list_games",
    "make",
    "normalize_lang",
    "register",
    "replay",
]
