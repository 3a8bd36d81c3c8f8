"""Whose decisions the search tree holds (``IsmctsBot.tree``, issue 27 point 2): with ``mine`` only the bot's
own, the other seats moving inside the tree as the rollout policy moves them (as OpenSpiel's ISMCTS ends up
doing, its opponents' nodes being keyed by their own hidden cards); ``all``, every seat's, stays the default."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import hustings
from hustings.bots import IsmctsBot
from hustings.bots.runner import ask
from hustings.engine import Action

from .toys import PICKS, TIES, registered


@pytest.fixture
def toys() -> Iterator[None]:
    with registered():
        yield


class Spy:
    """A rollout policy that always picks 1 and remembers whom it moved."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def __call__(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.seats.append(view["you"])
        return PICKS[0]


def test_tree_mine_moves_the_other_seats_by_the_rollout_policy(toys: None) -> None:
    # Seat 0 to pick; the others (as the policy plays them) pick 1. Picking 1 ties all three at the top,
    # which makes everyone lose; 2 or 3 wins alone. No rollout (depth 0): the policy is only asked in the tree.
    s = hustings.make(TIES, seed=0)
    spy = Spy()
    bot = IsmctsBot(level="easy", seed=1, depth=0, rollout_policy=spy, tree="mine")
    assert ask(bot, s, 0, s.legal_actions(0)).args[0] in (2, 3)
    assert set(spy.seats) == {1, 2}
    assert bot.last_visits[PICKS[0].id] < bot.last_visits[PICKS[1].id] + bot.last_visits[PICKS[2].id]
    # the whole tree: every seat's moves by UCB, the policy never asked
    full = Spy()
    ask(IsmctsBot(level="easy", seed=1, depth=0, rollout_policy=full, tree="all"), s, 0, s.legal_actions(0))
    assert full.seats == []


def test_the_default_tree_holds_every_seat(toys: None) -> None:
    # tree=mine has not measurably helped yet (docs/bots.md, "Against OpenSpiel's ISMCTS"): the default is all
    s = hustings.make(TIES, seed=0)
    s.apply(0, PICKS[1])
    picks = {}
    for tree in (None, "all"):
        bot = IsmctsBot(level="easy", seed=4, rollout_policy=Spy()) if tree is None else IsmctsBot(
            level="easy", seed=4, rollout_policy=Spy(), tree=tree)
        picks[tree] = (ask(bot, s, 1, s.legal_actions(1)).id, bot.last_visits)
    assert picks[None] == picks["all"]


def test_an_unknown_tree_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown ismcts tree 'theirs'; trees: all, mine"):
        IsmctsBot(tree="theirs")


def test_a_bot_name_chooses_the_tree() -> None:
    """``ismcts:normal:tree=mine`` as the command line and the lab spell it; a bad tree is refused by name."""
    from hustings.bots import make_bot

    bot = make_bot("ismcts:normal:tree=all", "die-macher-2019", 1)
    assert isinstance(bot, IsmctsBot) and bot.tree == "all" and bot.level == "normal"
    plain = make_bot("ismcts:normal", "die-macher-2019", 1)
    assert isinstance(plain, IsmctsBot) and plain.tree == "mine"
    # a game's own default (every game with a heuristic takes mine), which a name overrides
    for game in ("die-macher", "election-war", "die-macher-2019"):
        own, named = make_bot("ismcts", game, 1), make_bot("ismcts:tree=all", game, 1)
        assert isinstance(own, IsmctsBot) and isinstance(named, IsmctsBot)
        assert (own.tree, named.tree) == ("mine", "all")
    with pytest.raises(ValueError, match="unknown tree 'theirs'"):
        make_bot("ismcts:tree=theirs", "election-war", 1)


def test_a_game_chooses_its_default_tree_and_a_name_overrides_it() -> None:
    """Both Die Macher games' and 選舉之戰's bot adapters take ``tree=mine`` (measured stronger in each,
    docs/bots.md); a name's ``tree=`` wins over the game's; an adapter with an unknown tree is refused."""
    from hustings.bots import Heuristic, make_bot

    classic = make_bot("ismcts:normal", "die-macher", 1)
    assert isinstance(classic, IsmctsBot) and classic.tree == "mine"
    told = make_bot("ismcts:normal:tree=all", "die-macher", 1)
    assert isinstance(told, IsmctsBot) and told.tree == "all"
    for game, tree in (("die-macher-2019", "mine"), ("election-war", "mine")):
        bot = make_bot("ismcts:hard", game, 1)
        assert isinstance(bot, IsmctsBot) and bot.tree == tree, game
    with pytest.raises(ValueError, match=r"Heuristic\.tree: unknown tree 'half'"):
        Heuristic(choose=lambda view, legal: legal[0], tree="half")
