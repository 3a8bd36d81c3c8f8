"""How many legal actions the search considers at its root (``IsmctsBot.root_branching``, issue 27 point 1): by
default ``branching`` (10) spread evenly over the list plus the heuristic's pick; a game's heuristic adapter may
set its own (``Heuristic.root_branching``), which ``make_bot`` hands to every level; a bad one is refused."""

from __future__ import annotations

import random

import pytest

import hustings
from hustings.bots import Heuristic, IsmctsBot, make_bot, registry
from hustings.bots.ismcts import thin
from hustings.bots.runner import ask
from hustings.engine import Action, GameState


def _wide_decision() -> tuple[GameState, int, list[Action]]:
    """A 選舉之戰 4p decision with 25 legal actions (a news card played on someone)."""
    s = hustings.make("election-war", players=4, seed=3)
    rng = random.Random(0)
    while True:
        p = s.current_players[0]
        legal = s.legal_actions(p)
        if len(legal) >= 25:
            return s, p, legal
        s.apply(p, rng.choice(legal))


def test_the_root_considers_root_branching_actions() -> None:
    s, p, legal = _wide_decision()
    first = legal[0]
    for root, expect in ((None, {a.id for a in thin(legal, 10)}), (4, {a.id for a in thin(legal, 4)}),
                         (30, {a.id for a in legal})):
        bot = IsmctsBot(level="easy", seed=5, iterations=80, depth=0, root_branching=root,
                        rollout_policy=lambda view, acts: acts[0], root_hint=lambda view, acts: first)
        ask(bot, s.clone(), p, legal)
        # every action considered is tried (80 iterations cover them), none other; the hint is always among them
        assert set(bot.last_visits) == expect | {first.id}, root


def test_a_game_heuristic_names_its_root_branching_for_every_level(monkeypatch: pytest.MonkeyPatch) -> None:
    h = Heuristic(choose=lambda view, acts: acts[0], tree="mine", root_branching=7)
    monkeypatch.setattr(registry, "heuristic_for", lambda game: h)
    for name in ("ismcts:easy", "ismcts", "ismcts:hard:tree=all"):
        bot = make_bot(name, "election-war", 1)
        assert isinstance(bot, IsmctsBot) and bot.root_branching == 7
    assert make_bot("ismcts:hard:tree=all", "election-war", 1).tree == "all"  # type: ignore[attr-defined]
    monkeypatch.setattr(registry, "heuristic_for", lambda game: Heuristic(choose=h.choose))
    plain = make_bot("ismcts", "election-war", 1)
    assert isinstance(plain, IsmctsBot) and plain.root_branching is None


@pytest.mark.parametrize("bad", [1, 0, -3, True, 2.5, "all"])
def test_a_bad_root_branching_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ValueError, match=r"Heuristic\.root_branching must be None or a whole number of at least 2"):
        Heuristic(choose=lambda view, acts: acts[0], root_branching=bad)  # type: ignore[arg-type]


def test_election_war_considers_every_root_action() -> None:
    """選舉之戰 takes every root action (measured stronger, docs/bots.md); the Die Macher games keep the default."""
    for game, root in (("election-war", 30), ("die-macher-2019", None), ("die-macher", None)):
        bot = make_bot("ismcts:hard", game, 1)
        assert isinstance(bot, IsmctsBot) and bot.root_branching == root, game
