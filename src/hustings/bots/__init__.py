"""Computer players. A bot sees only what a human in its seat would: its view and its legal actions."""

from hustings.bots.random_bot import Bot, RandomBot
from hustings.bots.runner import play_game

__all__ = ["Bot", "RandomBot", "play_game"]
