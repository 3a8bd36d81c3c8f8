"""Bots by name, as the command line spells them: ``random``, ``heuristic``, ``ismcts:hard``.

A search bot's name may also carry settings after the level, each ``key=value``:
``ismcts:normal:shaping=margin`` (how a cut-off rollout is scored, one of ``SHAPINGS``) and
``ismcts:normal:objective=rank`` (what a finished rollout is worth, one of ``OBJECTIVES``) and
``ismcts:normal:tree=mine`` (whose decisions the tree holds, one of ``TREES``). The level may
be left out (``ismcts:shaping=win_chance`` is ``normal``). Unnamed settings keep the bot's defaults.
"""

from __future__ import annotations

from hustings.bots.heuristic import HeuristicBot, heuristic_for
from hustings.bots.ismcts import (
    DEFAULT_OBJECTIVE,
    DEFAULT_SHAPING,
    LEVELS,
    OBJECTIVES,
    SHAPINGS,
    TREES,
    IsmctsBot,
    level_settings,
)
from hustings.bots.learned import check_learned
from hustings.bots.outside import is_outside
from hustings.bots.random_bot import Bot, RandomBot

#: ``learned`` alone is the game's shipped network (:mod:`hustings.bots.learned`); ``learned:FILE.npz`` is an outside
#: policy, a checkpoint only the lab loads
BOT_NAMES = ("random", "heuristic", "ismcts", "learned")
#: the settings an ``ismcts`` name may carry, with the values each accepts
ISMCTS_OPTIONS: dict[str, tuple[str, ...]] = {"shaping": tuple(SHAPINGS), "objective": OBJECTIVES, "tree": TREES}
_SPELLING = "random, heuristic, ismcts[:easy|normal|hard][:shaping=…][:objective=…][:tree=…], learned"


def parse_bots(text: str, players: int) -> list[str]:
    """``"ismcts:hard,heuristic,random"`` -> one name per seat; a single name fills every seat;
    fewer names than seats repeat the last one."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise ValueError(f"--bots needs at least one bot name ({_SPELLING})")
    for name in names:
        check_bot_name(name)
    if len(names) > players:
        raise ValueError(f"{len(names)} bots named for {players} players")
    return names + [names[-1]] * (players - len(names))


def parse_bot_name(name: str) -> tuple[str, str, dict[str, str]]:
    """``"ismcts:hard:shaping=margin"`` -> ``("ismcts", "hard", {"shaping": "margin"})``; the level is ``""``
    when not named. Raises ValueError naming what is wrong."""
    kind, *parts = name.split(":")
    if kind not in BOT_NAMES or (kind == "learned" and parts):
        if is_outside(name):
            raise ValueError(f"{name!r} names an outside policy: those run only in the lab (simulate, tournament, "
                             f"benchmark), never at a table; bots here: {_SPELLING}")
        raise ValueError(f"unknown bot {name!r}; bots: {_SPELLING}")
    if kind != "ismcts":
        if parts:
            raise ValueError(f"bot {kind!r} takes no level or settings (got {name!r})")
        return kind, "", {}
    level = ""
    if parts and "=" not in parts[0]:
        level = parts.pop(0)
        if level not in LEVELS:
            raise ValueError(f"unknown ismcts level {level!r}; levels: {', '.join(LEVELS)}")
    options: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or key not in ISMCTS_OPTIONS:
            raise ValueError(f"{name!r}: {part!r} is not an ismcts setting; settings: "
                             + ", ".join(f"{k}=" + "|".join(v) for k, v in ISMCTS_OPTIONS.items()))
        if value not in ISMCTS_OPTIONS[key]:
            raise ValueError(f"{name!r}: unknown {key} {value!r}; {key}: {', '.join(ISMCTS_OPTIONS[key])}")
        if key in options:
            raise ValueError(f"{name!r}: {key} is named twice")
        options[key] = value
    return kind, level, options


def check_bot_name(name: str) -> None:
    parse_bot_name(name)


def make_bot(name: str, game: str, seed: int | None = None, clock: bool = False) -> Bot:
    """A fresh bot for one seat of one game. Raises ValueError naming a bad name.

    ``clock=True`` lets a search bot also stop at its level's time limit: for people waiting at a table.
    Labs leave it off, so a seeded search makes the same choices on any machine under any load. A game
    without a heuristic adapter still gets ``ismcts`` (with random rollouts); ``heuristic`` then fails.
    A game's heuristic may tune the levels' budgets (``Heuristic.levels``). ``learned`` is the game's shipped network
    (:mod:`hustings.bots.learned`); a game without one raises ValueError."""
    kind, level, options = parse_bot_name(name)
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(game, seed)
    if kind == "learned":
        return check_learned(game).bot(seed)
    level = level or "normal"
    shaping = options.get("shaping", DEFAULT_SHAPING)
    objective = options.get("objective", DEFAULT_OBJECTIVE)
    h = heuristic_for(game)
    tree = options.get("tree", "all" if h is None else h.tree)
    if h is None:
        return IsmctsBot(level=level, seed=seed, clock=clock, shaping=shaping, objective=objective,
                         tree=tree)
    cfg = level_settings(level, h.levels)
    return IsmctsBot(level=level, seed=seed, iterations=int(cfg["iterations"]), seconds=float(cfg["seconds"]),
                     depth=int(cfg["depth"]), rollout_policy=h.choose, evaluator=h.evaluate, root_hint=h.choose,
                     scale=h.scale, rollout_view=h.rollout_view, clock=clock,
                     shaping=shaping, objective=objective, tree=tree, root_branching=h.root_branching)
