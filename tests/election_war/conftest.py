"""Helpers for the 選舉之戰 rule tests (seed 004 多人遊戲, rulings.md).

Positions are built by playing legal actions (the candidacy declaration, in hand order) and then setting plain
data on the state: deck order, hands, figures. After a direct edit the cached legal list is stale, so every helper
drops it (:func:`refresh`) before asking for legal actions or applying one.
"""

from __future__ import annotations

import hustings
from hustings.engine import Action, Event
from hustings.games.election_war import data as D
from hustings.games.election_war.actions import SPACE
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.rules import ElectionWar

GAME = "election-war"
NEWS = {c.id: c.index for c in D.NEWS}


def new_game(players: int = 4, seed: int = 1, first: int | None = 0) -> ElectionWar:
    s = hustings.make(GAME, players=players, seed=seed, **({} if first is None else {"first_player": first}))
    assert isinstance(s, ElectionWar)
    return s


def refresh(s: ElectionWar) -> None:
    s._legal_step = -1


def declare_all(s: ElectionWar) -> None:
    """2.: every player runs their role cards in hand order, top to bottom."""
    while s.phase is Phase.DECLARE:
        p = s.current_players[0]
        s.apply(p, s.legal_actions(p)[0])


def campaigning(players: int = 4, seed: int = 1) -> ElectionWar:
    """A game in 3-2 for the first player (seat 0) of round 1."""
    s = new_game(players, seed)
    declare_all(s)
    assert s.phase is Phase.PLAY and s.turn == 0
    return s


def with_die(die: int) -> int:
    """A news design whose grey corner shows ``die``."""
    return next(c.index for c in D.NEWS if c.die == die)


def stack_deck(s: ElectionWar, *dice: int) -> None:
    """Put news cards with these die values on top of the deck, the first one on top."""
    for d in reversed(dice):
        s.deck.append(with_die(d))
    refresh(s)


def act(s: ElectionWar, p: int, kind: str, *args: int) -> list[Event]:
    refresh(s)
    return s.apply(p, SPACE.get(kind, *args))


def play(s: ElectionWar, card: str, target: int) -> list[Event]:
    """The player on turn plays news card ``card`` (an id) on ``target``'s candidate of this round."""
    t = NEWS[card]
    if t not in s.hands[s.turn]:
        s.hands[s.turn].append(t)
        s.hands[s.turn].sort()
    return act(s, s.turn, "play", t, target)


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def legal_kinds(s: ElectionWar, p: int) -> set[str]:
    refresh(s)
    return {a.kind for a in s.legal_actions(p)}


def action(kind: str, *args: int) -> Action:
    return SPACE.get(kind, *args)
