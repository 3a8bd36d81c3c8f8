"""The action space of Die Macher 2019: every action the game can take, each with a stable id."""

from __future__ import annotations

from itertools import product

from hustings.engine import Action, ActionSpace
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.words.labels import describe

GAME_ID = "die-macher-2019"


def _deploy_assignments(scheme: list[str]) -> list[tuple[int, ...]]:
    """Boards per icon; repeated icons go to different boards, listed once (ascending)."""
    out = []
    for boards in product(range(D.NUM_BOARDS), repeat=len(scheme)):
        ok = True
        for i in range(len(scheme)):
            for j in range(i + 1, len(scheme)):
                if scheme[i] == scheme[j] and boards[i] >= boards[j]:
                    ok = False
        if ok:
            out.append(boards)
    return out


def build_space() -> ActionSpace:
    sp = ActionSpace(GAME_ID, describe)
    for k in range(D.NUM_PARTIES):
        sp.add("party", k)
    for kind in ("draft", "plat", "keep", "take", "pick", "discard"):
        for t in range(D.NUM_TYPES):
            sp.add(kind, t)
    for s, scheme in enumerate(D.SCHEMES):
        for boards in _deploy_assignments(scheme):
            sp.add("deploy", s, *boards)
    for k in range(D.MAX_BID_K + 1):
        sp.add("bid", k)
    for kind in ("pass", "done", "wipe", "nodraw", "pay", "decline", "dbl_off", "publish", "keep_poll"):
        sp.add(kind)
    for j in range(5):
        for t in range(D.NUM_TYPES):
            sp.add("swap", j, t)
    for b in range(D.NUM_BOARDS):
        sp.add("media", b)
    for b in range(D.NUM_BOARDS):
        for k in range(1, D.MAX_RALLIES + 1):
            sp.add("rally", b, k)
    for pol in range(len(D.POLITICIANS)):
        for b in range(D.NUM_BOARDS):
            sp.add("place", pol, b)
    for i in range(D.NUM_ISSUES):
        sp.add("dbl_on", i)
    for q in range(D.NUM_PARTIES):
        for own in (0, 1):
            sp.add("mremove", q, own)
    for i in range(2):
        sp.add("second", i)
    for i in range(D.NUM_ISSUES):
        for t in range(D.NUM_TYPES):
            sp.add("replace", i, t)
    for k in range(4, D.MAX_RALLIES + 1):
        sp.add("convert", k)
    for c in range(len(D.DONATIONS)):
        for acc in (0, 1):
            sp.add("donate", c, acc)
    # added last (rules version 5, R14) so every older action keeps its id
    sp.add("presence")
    sp.add("keep_marker")
    return sp


SPACE = build_space()
A = SPACE.get
DEPLOY_ACTIONS: list[Action] = [a for a in SPACE.actions if a.kind == "deploy"]
BIDS: list[Action] = [SPACE.get("bid", k) for k in range(D.MAX_BID_K + 1)]
PASS = A("pass")
DONE = A("done")

# Direct tables for the hot path (legal-action generation avoids building lookup keys).
PARTY = [A("party", k) for k in range(D.NUM_PARTIES)]
DRAFT = [A("draft", t) for t in range(D.NUM_TYPES)]
PLAT = [A("plat", t) for t in range(D.NUM_TYPES)]
KEEP = [A("keep", t) for t in range(D.NUM_TYPES)]
TAKE = [A("take", t) for t in range(D.NUM_TYPES)]
PICK = [A("pick", t) for t in range(D.NUM_TYPES)]
DISCARD = [A("discard", t) for t in range(D.NUM_TYPES)]
SWAP = [[A("swap", j, t) for t in range(D.NUM_TYPES)] for j in range(5)]
MEDIA = [A("media", b) for b in range(D.NUM_BOARDS)]
RALLY = [[A("rally", b, k) if k else PASS for k in range(D.MAX_RALLIES + 1)] for b in range(D.NUM_BOARDS)]
PLACE = [[A("place", pol, b) for b in range(D.NUM_BOARDS)] for pol in range(len(D.POLITICIANS))]
REPLACE = [[A("replace", i, t) for t in range(D.NUM_TYPES)] for i in range(D.NUM_ISSUES)]
CONVERT = [A("convert", k) if k >= 4 else PASS for k in range(D.MAX_RALLIES + 1)]
DONATE = [[A("donate", c, acc) for acc in (0, 1)] for c in range(len(D.DONATIONS))]
SECOND = [A("second", i) for i in range(2)]
NODRAW, WIPE, PAY, DECLINE = A("nodraw"), A("wipe"), A("pay"), A("decline")
DBL_OFF, PUBLISH, KEEP_POLL = A("dbl_off"), A("publish"), A("keep_poll")
DBL_ON = [A("dbl_on", i) for i in range(D.NUM_ISSUES)]
MREMOVE = [[A("mremove", q, own) for own in (0, 1)] for q in range(D.NUM_PARTIES)]
PRESENCE, KEEP_MARKER = A("presence"), A("keep_marker")
