"""The heuristic bot: sensible, fast play written from each game's rules.

A game offers one through its spec: ``adapters["bot"]`` names a :class:`Heuristic` in the game's own package
(e.g. ``hustings.games.die_macher_2019.adapters.bot:HEURISTIC``). This module knows no game by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hustings.bots.random_bot import check_view
from hustings.engine import Action, GameState, get_spec, list_games
from hustings.engine.adapters import AdapterKind
from hustings.engine.i18n import Catalog

Policy = Callable[[dict[str, Any], list[Action]], Action]
Adviser = Callable[[dict[str, Any], list[Action]], "Advice"]
Evaluator = Callable[[GameState], list[float]]
ViewBuilder = Callable[[Any, "int | None"], dict[str, Any]]


@dataclass(frozen=True)
class Advice:
    """What the heuristic would do and why (a tutorial table's hint): the ``action`` it chooses, the words key of
    its reason in the game's catalog (``reason``, e.g. ``advice.draft``) and the numbers of the evaluation that
    decided it (``numbers``: the key's placeholders, each a number). The numbers are the heuristic's own, worked
    out on the way to the choice, never a canned text: :func:`advice_text` words them in a language."""

    action: Action
    reason: str
    numbers: Mapping[str, int | float] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        for k, v in self.numbers.items():
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError(f"Advice.numbers[{k!r}] must be a number, not {v!r}")


def number_text(x: float) -> str:
    """A number of a reason as people read it: thousands separated, at most two decimals (an evaluation's
    7.3512 reads 7.35; the choice was made on the exact value)."""
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def advice_text(advice: Advice, catalog: Catalog, lang: str) -> str:
    """The reason of ``advice`` in ``lang``, from the game's catalog (``advice.reason`` filled with its numbers)."""
    return catalog.text(advice.reason, lang, **{k: number_text(v) for k, v in advice.numbers.items()})


@dataclass(frozen=True)
class Heuristic:
    """A game's bot adapter.

    ``choose(view, legal)`` picks an action from a player's view (rule-of-thumb play; ISMCTS also uses it for
    rollouts and as a hint at the root). ``evaluate(state)`` optionally estimates each seat's final total on
    a search bot's determinization, for rollouts cut off before the end; a lead of ``scale`` points counts as
    nearly decisive when ISMCTS turns those estimates into utilities. A one-player game's ``evaluate``
    returns its estimate of the outcome utility directly (one value in [-1, 1]).

    ``levels`` optionally tunes the search levels for this game: ``{"normal": {"iterations": 80, "depth": 16}}``
    overrides those settings of ``ismcts:normal`` (keys ``iterations``, ``depth``, ``seconds``); a level or
    key not named keeps the common value (``hustings.bots.ismcts.LEVELS``). For a game whose moves cost
    more than the reference game's, so that a level keeps about its decision time.

    ``rollout_view(state, player)`` optionally builds, for ISMCTS rollouts on a determinization, only the part
    of ``state.view(player)`` that ``choose`` reads: a pruned copy of the view (every key it has holds the
    view's value; the game's tests check that, and that ``choose`` picks the same on both). Without one,
    rollouts build the full view at every step. People and the root of a search always get the full view.

    ``tree`` is whose decisions this game's search tree holds by default (``hustings.bots.ismcts.TREES``; a bot
    name's ``tree=`` overrides it): ``all`` (every seat's) or ``mine`` (the bot's own; the other seats move by
    ``choose``, as in a rollout), which a game takes where it measured stronger (docs/bots.md).

    ``root_branching`` is how many of its legal actions the search considers at its root by default (None: the
    search's ``branching``, 10 spread evenly over the list, plus the heuristic's pick); a game whose root offers a
    few dozen actions at most may have them all considered, where that measured stronger (docs/bots.md).

    ``advise(view, legal)`` optionally returns :class:`Advice`: the action ``choose`` picks (always the same one:
    both run one code path, and each game's tests check it on many positions) with the words key of its reason and
    the numbers that decided it. A tutorial table shows it to a person as a hint.
    """

    choose: Policy
    evaluate: Evaluator | None = None
    scale: float = 12.0
    # a dict is unhashable, so it stays out of the dataclass hash; the adapter is never edited after import
    levels: Mapping[str, Mapping[str, int | float]] = field(default_factory=dict, hash=False)
    rollout_view: ViewBuilder | None = None
    advise: Adviser | None = None
    tree: str = "all"
    root_branching: int | None = None

    def __post_init__(self) -> None:
        from hustings.bots.ismcts import LEVELS, TREES  # ismcts imports this module

        if self.tree not in TREES:
            raise ValueError(f"Heuristic.tree: unknown tree {self.tree!r}; trees: {', '.join(TREES)}")
        rb = self.root_branching
        if rb is not None and (isinstance(rb, bool) or not isinstance(rb, int) or rb < 2):
            raise ValueError(f"Heuristic.root_branching must be None or a whole number of at least 2, not {rb!r}")

        for level, settings in self.levels.items():
            if level not in LEVELS:
                raise ValueError(f"Heuristic.levels: unknown level {level!r}; levels: {', '.join(LEVELS)}")
            for key, value in settings.items():
                if key not in LEVEL_KEYS:
                    raise ValueError(f"Heuristic.levels[{level!r}]: unknown setting {key!r}; "
                                     f"settings: {', '.join(LEVEL_KEYS)}")
                whole = key != "seconds"
                if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)) or value <= 0:
                    kind = "a positive whole number" if whole else "a positive number of seconds"
                    raise ValueError(f"Heuristic.levels[{level!r}][{key!r}] must be {kind}, not {value!r}")


#: what ``Heuristic.levels`` may override in a search level
LEVEL_KEYS = ("iterations", "depth", "seconds")

BOT_KIND: AdapterKind[Heuristic] = AdapterKind(
    "bot", "a hustings.bots.Heuristic(choose, evaluate=None, scale=12.0, levels={}, rollout_view=None, "
    "advise=None, tree='all', root_branching=None)",
    lambda obj: isinstance(obj, Heuristic),
    "`hustings.bots` (`heuristic`, and ISMCTS rollouts); without it: `random` and `ismcts` with random rollouts")


def games_with_heuristics() -> list[str]:
    return [g for g in list_games() if get_spec(g).has_adapter(BOT_KIND.name)]


def heuristic_for(game: str) -> Heuristic | None:
    """The game's heuristic adapter, or None if it has none (unknown games raise ValueError)."""
    return get_spec(game).adapter(BOT_KIND)


def require_heuristic(game: str) -> Heuristic:
    h = heuristic_for(game)
    if h is None:
        have = ", ".join(games_with_heuristics()) or "none"
        raise ValueError(f"no heuristic bot for {game!r} yet; games with one: {have}")
    return h


class HeuristicBot:
    """Rule-of-thumb play from the view and legal actions only; deterministic, well under 1 ms a move."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        self.game = game
        self._choose: Policy = require_heuristic(game).choose

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        if not legal:
            raise ValueError("HeuristicBot was asked to act with no legal actions")
        return self._choose(view, legal)


def advise(game: str, view: dict[str, Any], legal: list[Action]) -> Advice | None:
    """What the game's heuristic would do from ``view`` and why, or None for a game whose heuristic gives no
    reasons (or has no heuristic)."""
    h = heuristic_for(game)
    if h is None or h.advise is None or not legal:
        return None
    check_view(view)
    return h.advise(view, legal)
