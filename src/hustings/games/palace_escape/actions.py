"""The action space of 逃出總統府: the 12 swaps of adjacent cells, then hint and undo.

Ids are stable: swap ``i`` (0-11) is ``solver.PAIRS[i]`` (cells numbered 0-8 row by row), then ``hint`` (12),
and ``undo`` (13). There is no resigning (R12).
"""

from __future__ import annotations

from hustings.engine import Action, ActionSpace
from hustings.games.palace_escape.solver import PAIRS
from hustings.games.palace_escape.words.labels import describe

GAME_ID = "palace-escape"


def _build() -> ActionSpace:
    sp = ActionSpace(GAME_ID, describe)
    for a, b in PAIRS:
        sp.add("swap", a, b)
    sp.add("hint")
    sp.add("undo")
    return sp


SPACE = _build()
SWAPS: tuple[Action, ...] = tuple(SPACE.get("swap", a, b) for a, b in PAIRS)
HINT = SPACE.get("hint")
UNDO = SPACE.get("undo")
