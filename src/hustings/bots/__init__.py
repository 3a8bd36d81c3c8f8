"""Computer players. A bot sees only what a human in its seat would: its view and its legal actions.

Search bots (ISMCTS) additionally get an :class:`InfoSet`: fresh determinizations of what their player
knows, never the state itself. Game-specific play comes from the game's ``bot`` adapter (:class:`Heuristic`).
"""

from hustings.bots.heuristic import Advice, Heuristic, HeuristicBot, advice_text, heuristic_for
from hustings.bots.ismcts import InfoSet, IsmctsBot
from hustings.bots.random_bot import Bot, RandomBot
from hustings.bots.registry import make_bot, parse_bots
from hustings.bots.runner import play_game

__all__ = ["Advice", "Bot", "Heuristic", "HeuristicBot", "InfoSet", "IsmctsBot", "RandomBot", "advice_text",
           "heuristic_for", "make_bot", "parse_bots", "play_game"]
