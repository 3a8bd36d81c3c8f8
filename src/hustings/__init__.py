"""hustings: an engine and game table for election strategy board games.

>>> import hustings
>>> s = hustings.make("die-macher-2019", players=4, variant="standard", seed=7)
>>> p = s.current_players[0]
>>> s.apply(p, s.legal_actions(p)[0])
"""

from hustings.engine import (
    LANGS,
    Action,
    Event,
    GameState,
    IllegalActionError,
    Outcome,
    RecordError,
    get_spec,
    list_games,
    make,
    replay,
)

__version__ = "0.2.0"
__all__ = [
    "LANGS",
    "Action",
    "Event",
    "GameState",
    "IllegalActionError",
    "Outcome",
    "RecordError",
    "get_spec",
    "list_games",
    "make",
    "replay",
]
