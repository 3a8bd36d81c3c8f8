"""Helpers for the Die Macher classic rule tests (seeds 001 and 003, rulings.md).

Scenarios are built by playing legal actions up to a phase, then setting plain-data fields on the state.
After a direct edit the cached legal list is stale, so the helpers drop it (:func:`refresh`) first.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import hustings
from hustings.engine import Action, Event
from hustings.games.die_macher import data as D
from hustings.games.die_macher.actions import SPACE
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.rules import DieMacher

GAME = "die-macher"
Policy = Callable[[DieMacher, int, list[Action]], Action]


def pro(issue: int) -> int:
    return 2 * issue


def con(issue: int) -> int:
    return 2 * issue + 1


def new_game(players: int = 4, variant: str = "full", seed: int = 1) -> DieMacher:
    s = hustings.make(GAME, players=players, variant=variant, seed=seed)
    assert isinstance(s, DieMacher)
    return s


def refresh(s: DieMacher) -> None:
    s._legal_step = -1
    s._legal_player = -1


def legal(s: DieMacher, p: int | None = None) -> list[Action]:
    refresh(s)
    if p is None:
        p = s.current_players[0]
    return s.legal_actions(p)


def act(s: DieMacher, p: int, kind: str, *args: int) -> list[Event]:
    refresh(s)
    return s.apply(p, SPACE.get(kind, *args))


def first_policy(s: DieMacher, p: int, legal: list[Action]) -> Action:
    return legal[0]


def random_policy(seed: int) -> Policy:
    r = random.Random(seed)

    def choose(s: DieMacher, p: int, legal: list[Action]) -> Action:
        return legal[r.randrange(len(legal))]

    return choose


def play_until(s: DieMacher, phase: Phase, policy: Policy = first_policy, limit: int = 5000,
               round: int | None = None) -> DieMacher:
    """Play ``policy`` until the game waits in ``phase`` (and in ``round`` if given)."""
    for _ in range(limit):
        if s.phase == phase and (round is None or s.round == round):
            return s
        assert not s.is_over, f"the game ended before {phase}"
        p = s.current_players[0]
        refresh(s)
        s.apply(p, policy(s, p, s.legal_actions(p)))
    raise AssertionError(f"{phase} not reached")


def kinds(actions: list[Action]) -> set[str]:
    return {a.kind for a in actions}


def events_of(evs: list[Event], type_: str) -> list[Event]:
    return [e for e in evs if e.type == type_]


__all__ = [
    "GAME",
    "D",
    "Phase",
    "act",
    "con",
    "events_of",
    "first_policy",
    "kinds",
    "legal",
    "new_game",
    "play_until",
    "pro",
    "random_policy",
    "refresh",
]
