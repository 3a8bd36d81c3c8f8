"""The action space of 選舉之戰: every action the game can take, each with a stable id."""

from __future__ import annotations

from hustings.engine import Action, ActionSpace
from hustings.games.election_war import data as D
from hustings.games.election_war.words.labels import describe

GAME_ID = "election-war"


def build_space() -> ActionSpace:
    sp = ActionSpace(GAME_ID, describe)
    for c in range(len(D.ROLES)):
        sp.add("declare", c)
    for t in range(D.NUM_NEWS):
        for q in range(D.MAX_PLAYERS):
            sp.add("play", t, q)
    for kind in ("stop", "press", "no_press", "done"):
        sp.add(kind)
    for t in range(D.NUM_NEWS):
        sp.add("discard", t)
    return sp


SPACE = build_space()
# direct tables for the hot path: legal-action lists hand out these shared objects
DECLARE: list[Action] = [SPACE.get("declare", c) for c in range(len(D.ROLES))]
PLAY: list[list[Action]] = [[SPACE.get("play", t, q) for q in range(D.MAX_PLAYERS)] for t in range(D.NUM_NEWS)]
DISCARD: list[Action] = [SPACE.get("discard", t) for t in range(D.NUM_NEWS)]
STOP, PRESS, NO_PRESS, DONE = SPACE.get("stop"), SPACE.get("press"), SPACE.get("no_press"), SPACE.get("done")
