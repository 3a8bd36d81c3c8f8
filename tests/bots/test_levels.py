"""Per-game search levels (``Heuristic.levels``): a game's heuristic may tune what ``ismcts:<level>`` costs on
it; every other game keeps the common levels exactly."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

import hustings
from hustings.bots import Heuristic, IsmctsBot, make_bot
from hustings.bots.ismcts import LEVELS, InfoSet, level_settings
from hustings.engine import Action, get_spec, list_games, register, unregister

from .toys import TIES_SPEC, Ties

TUNED_GAME = "toy-ties-tuned"


def _first(view: dict[str, Any], legal: list[Action]) -> Action:
    return legal[0]


#: the adapter the tuned toy game names: normal searches 7 iterations of depth 2, other levels as usual
TUNED = Heuristic(choose=_first, levels={"normal": {"iterations": 7, "depth": 2}, "hard": {"seconds": 0.5}})


class TunedTies(Ties):
    GAME_ID = TUNED_GAME


@pytest.fixture()
def tuned() -> Iterator[str]:
    register(dataclasses.replace(TIES_SPEC, id=TUNED_GAME, factory=TunedTies,
                                 adapters={"bot": f"{__name__}:TUNED"}))
    try:
        yield TUNED_GAME
    finally:
        unregister(TUNED_GAME)


def test_a_games_levels_override_only_what_they_name(tuned: str) -> None:
    normal = make_bot("ismcts:normal", tuned, seed=1)
    assert isinstance(normal, IsmctsBot)
    assert (normal.iterations, normal.depth, normal.seconds) == (7, 2, LEVELS["normal"]["seconds"])
    hard = make_bot("ismcts:hard", tuned, seed=1)
    assert isinstance(hard, IsmctsBot)
    assert (hard.iterations, hard.depth, hard.seconds) == (LEVELS["hard"]["iterations"], LEVELS["hard"]["depth"], 0.5)
    easy = make_bot("ismcts", tuned, seed=1)  # no level: normal
    assert isinstance(easy, IsmctsBot) and easy.iterations == 7


def test_the_tuned_budget_is_what_the_search_spends(tuned: str) -> None:
    s = TunedTies()
    bot = make_bot("ismcts:normal", tuned, seed=3)
    assert isinstance(bot, IsmctsBot)
    legal = s.legal_actions(0)
    action = bot.act(s.view(0), legal, InfoSet.of(s, 0, random.Random(3)))
    assert action in legal and bot.last_iterations == 7


@pytest.mark.parametrize("game", sorted(set(list_games()) - {"die-macher"}))
def test_games_without_levels_get_the_common_levels(game: str) -> None:
    h = get_spec(game).adapter("bot")
    if h is not None:
        assert h.levels == {}
    for level, cfg in LEVELS.items():
        bot = make_bot(f"ismcts:{level}", game, seed=0)
        assert isinstance(bot, IsmctsBot)
        assert (bot.iterations, bot.depth, bot.seconds) == (cfg["iterations"], cfg["depth"], cfg["seconds"])


def test_level_settings_merges_overrides() -> None:
    assert level_settings("easy") == LEVELS["easy"]
    assert level_settings("easy", {"normal": {"depth": 3}}) == LEVELS["easy"]
    assert level_settings("normal", {"normal": {"depth": 3}}) == {**LEVELS["normal"], "depth": 3}
    with pytest.raises(ValueError, match="unknown ismcts level 'extreme'"):
        level_settings("extreme")


@pytest.mark.parametrize(("levels", "message"), [
    ({"extreme": {"iterations": 5}}, "unknown level 'extreme'"),
    ({"normal": {"rollouts": 5}}, "unknown setting 'rollouts'"),
    ({"normal": {"iterations": 0}}, "positive whole number"),
    ({"normal": {"depth": 2.5}}, "positive whole number"),
    ({"normal": {"iterations": True}}, "positive whole number"),
    ({"easy": {"seconds": -1.0}}, "positive number of seconds"),
])
def test_bad_levels_are_refused_when_the_adapter_is_made(levels: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Heuristic(choose=_first, levels=levels)


def test_a_heuristic_with_levels_stays_hashable() -> None:
    assert hash(TUNED) == hash(dataclasses.replace(TUNED, levels={}))


def test_untuned_2019_plays_as_the_bot_built_the_old_way() -> None:
    # the reference game names no levels: make_bot's bot is the one it built before levels existed
    h = get_spec("die-macher-2019").adapter("bot")
    s = hustings.make("die-macher-2019", players=4, seed=5)
    while len(s.legal_actions(s.current_players[0])) < 2:
        p = s.current_players[0]
        s.apply(p, h.choose(s.view(p), s.legal_actions(p)))
    p = s.current_players[0]
    old = IsmctsBot(level="easy", seed=5, rollout_policy=h.choose, evaluator=h.evaluate, root_hint=h.choose,
                    scale=h.scale, tree="mine")  # the game's tree (its adapter's choice since 2026-12-04)
    new = make_bot("ismcts:easy", "die-macher-2019", seed=5)
    assert isinstance(new, IsmctsBot) and new == old
    picks = [b.act(s.view(p), s.legal_actions(p), InfoSet.of(s, p, random.Random(5))) for b in (old, new)]
    assert picks[0] == picks[1] and old.last_iterations == new.last_iterations == 40
