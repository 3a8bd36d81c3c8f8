"""The action space of Die Macher classic: every action the game can take, each with a stable id."""

from __future__ import annotations

from itertools import product

from hustings.engine import Action, ActionSpace
from hustings.games.die_macher import data as D
from hustings.games.die_macher.words.labels import describe

GAME_ID = "die-macher"


def _boards_for(icons: list[str]) -> list[tuple[int, ...]]:
    """Board choices of a starting-sheet combination; repeated icons go to different boards (ruling R5)."""
    named = [i for i in icons if not i.startswith("members")]
    out = []
    for boards in product(range(D.NUM_SLOTS), repeat=len(named)):
        if all(not (named[i] == named[j] and boards[i] >= boards[j])
               for i in range(len(named)) for j in range(i + 1, len(named))):
            out.append(boards)
    return out


def build_space() -> ActionSpace:
    sp = ActionSpace(GAME_ID, describe)
    for kind in ("pass", "draw", "keep", "done", "accept", "decline", "cab_votes", "cab_undouble", "cab_up",
                 "natmedia", "secret"):
        sp.add(kind)
    for col, kind in ((0, "sheet1"), (1, "sheet2")):
        for c, icons in enumerate(D.SHEET_COLUMNS[col]):
            for boards in _boards_for(icons):
                sp.add(kind, c, *boards)
    for k in range(D.MAX_BID_K + 1):
        sp.add("bid", k)
    for k in range(1, D.MAX_BID_K + 1):
        sp.add("pbid", k)
    for p in range(D.NUM_PARTIES):
        for kind in ("first", "cab_media", "cab_down", "offer", "force"):
            sp.add(kind, p)
    for t in range(D.NUM_TYPES):
        sp.add("discard", t)
    for slot in range(D.PUBLIC_PROGRAM):
        for t in range(D.NUM_TYPES):
            sp.add("swap", slot, t)
    for c in range(len(D.CABINET)):
        for b in range(D.NUM_SLOTS):
            sp.add("cab", c, b)
    for i in range(D.NUM_ISSUES):
        sp.add("cab_double", i)
    for b in range(D.NUM_SLOTS):
        sp.add("media", b)
    for out in range(D.NUM_TYPES):
        for t in range(D.NUM_TYPES):
            if (out >> 1) != (t >> 1):
                sp.add("exch", out, t)
    for k in range(D.RALLIES_PER_ROUND + 1):
        sp.add("rally", k)
    for i in range(D.POLL_OPTIONS):
        for j in range(i, D.POLL_OPTIONS):
            sp.add("publish", i, j)
    for k in range(1, D.RALLY_SPACES + 1):
        sp.add("convert", k)
    for t in range(D.NUM_TYPES):
        for slot in range(D.NATIONAL_SLOTS + 1):
            sp.add("natop", t, slot)
    for c in range(len(D.DONATIONS)):
        for acc in (0, 1):
            sp.add("donate", c, acc)
    # last, so the ids above stay those of rules version 1: a secret poll's dice shared, k spaces of popularity
    for k in range(D.POP_SPACES):
        sp.add("secret_split", k)
    return sp


SPACE = build_space()
A = SPACE.get
PASS, DRAW, KEEP, DONE = A("pass"), A("draw"), A("keep"), A("done")
ACCEPT, DECLINE = A("accept"), A("decline")
CAB_VOTES, CAB_UNDOUBLE, CAB_UP = A("cab_votes"), A("cab_undouble"), A("cab_up")
NATMEDIA, SECRET = A("natmedia"), A("secret")
SHEET1: list[Action] = [a for a in SPACE.actions if a.kind == "sheet1"]
SHEET2: list[Action] = [a for a in SPACE.actions if a.kind == "sheet2"]
BID = [A("bid", k) for k in range(D.MAX_BID_K + 1)]
PBID = [PASS] + [A("pbid", k) for k in range(1, D.MAX_BID_K + 1)]
FIRST = [A("first", p) for p in range(D.NUM_PARTIES)]
CAB_MEDIA = [A("cab_media", p) for p in range(D.NUM_PARTIES)]
CAB_DOWN = [A("cab_down", p) for p in range(D.NUM_PARTIES)]
OFFER = [A("offer", p) for p in range(D.NUM_PARTIES)]
FORCE = [A("force", p) for p in range(D.NUM_PARTIES)]
DISCARD = [A("discard", t) for t in range(D.NUM_TYPES)]
SWAP = [[A("swap", s, t) for t in range(D.NUM_TYPES)] for s in range(D.PUBLIC_PROGRAM)]
CAB = [[A("cab", c, b) for b in range(D.NUM_SLOTS)] for c in range(len(D.CABINET))]
CAB_DOUBLE = [A("cab_double", i) for i in range(D.NUM_ISSUES)]
MEDIA = [A("media", b) for b in range(D.NUM_SLOTS)]
EXCH = {(o, t): A("exch", o, t) for o in range(D.NUM_TYPES) for t in range(D.NUM_TYPES) if (o >> 1) != (t >> 1)}
RALLY = [A("rally", k) for k in range(D.RALLIES_PER_ROUND + 1)]
PUBLISH = [A("publish", i, j) for i in range(D.POLL_OPTIONS) for j in range(i, D.POLL_OPTIONS)]
CONVERT = [PASS] + [A("convert", k) for k in range(1, D.RALLY_SPACES + 1)]
NATOP = [[A("natop", t, s) for s in range(D.NATIONAL_SLOTS + 1)] for t in range(D.NUM_TYPES)]
DONATE = [[A("donate", c, acc) for acc in (0, 1)] for c in range(len(D.DONATIONS))]
SECRET_SPLIT = [A("secret_split", k) for k in range(D.POP_SPACES)]
