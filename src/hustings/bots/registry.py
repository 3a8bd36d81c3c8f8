"""Bots by name, as the command line spells them: ``random``, ``heuristic``, ``ismcts:hard``."""

from __future__ import annotations

from hustings.bots.heuristic import HeuristicBot, heuristic_for
from hustings.bots.ismcts import LEVELS, IsmctsBot, level_settings
from hustings.bots.random_bot import Bot, RandomBot

BOT_NAMES = ("random", "heuristic", "ismcts")


def parse_bots(text: str, players: int) -> list[str]:
    """``"ismcts:hard,heuristic,random"`` -> one name per seat; a single name fills every seat;
    fewer names than seats repeat the last one."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise ValueError("--bots needs at least one bot name (random, heuristic, ismcts[:easy|normal|hard])")
    for name in names:
        check_bot_name(name)
    if len(names) > players:
        raise ValueError(f"{len(names)} bots named for {players} players")
    return names + [names[-1]] * (players - len(names))


def check_bot_name(name: str) -> None:
    kind, _, level = name.partition(":")
    if kind not in BOT_NAMES:
        raise ValueError(f"unknown bot {name!r}; bots: random, heuristic, ismcts[:easy|normal|hard]")
    if kind == "ismcts" and level and level not in LEVELS:
        raise ValueError(f"unknown ismcts level {level!r}; levels: {', '.join(LEVELS)}")
    if kind != "ismcts" and level:
        raise ValueError(f"bot {kind!r} takes no level (got {name!r})")


def make_bot(name: str, game: str, seed: int | None = None, clock: bool = False) -> Bot:
    """A fresh bot for one seat of one game. Raises ValueError naming a bad name.

    ``clock=True`` lets a search bot also stop at its level's time limit: for people waiting at a table.
    Labs leave it off, so a seeded search makes the same choices on any machine under any load. A game
    without a heuristic adapter still gets ``ismcts`` (with random rollouts); ``heuristic`` then fails.
    A game's heuristic may tune the levels' budgets (``Heuristic.levels``)."""
    check_bot_name(name)
    kind, _, level = name.partition(":")
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(game, seed)
    level = level or "normal"
    h = heuristic_for(game)
    if h is None:
        return IsmctsBot(level=level, seed=seed, clock=clock)
    cfg = level_settings(level, h.levels)
    return IsmctsBot(level=level, seed=seed, iterations=int(cfg["iterations"]), seconds=float(cfg["seconds"]),
                     depth=int(cfg["depth"]), rollout_policy=h.choose, evaluator=h.evaluate, root_hint=h.choose,
                     scale=h.scale, rollout_view=h.rollout_view, clock=clock)
