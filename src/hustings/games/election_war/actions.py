"""The action space of 選舉之戰: every action the game can take, each with a stable id."""

from __future__ import annotations

from hustings.engine import Action, ActionSpace
from hustings.games.election_war import data as D

GAME_ID = "election-war"


def describe(a: Action, lang: str) -> str:
    """The action in words, from the catalog's ``action.<kind>`` messages (never on the hot path)."""
    k, x = a.kind, a.args

    def t(key: str, **fields: object) -> str:
        return D.CATALOG.text(key, lang, **fields)

    if k == "declare":
        return t("action.declare", card=D.role_name(x[0], lang), rank=D.rank_name(D.ROLES[x[0]].frame, lang))
    if k == "play":
        return t("action.play", card=D.news_name(x[0], lang), seat=t("seat", n=x[1] + 1))
    if k == "discard":
        return t("action.discard", card=D.news_name(x[0], lang))
    return t(f"action.{k}")


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
