"""Positions for the rule tests of 逃出總統府 (seed 004, 【單人遊戲步驟】)."""

from __future__ import annotations

from collections.abc import Sequence

import hustings
from hustings.games.palace_escape import solver
from hustings.games.palace_escape.rules import PalaceEscape

P, M, L, C, X = solver.PRESIDENT, solver.MAYOR, solver.LEGISLATOR, solver.COUNCILLOR, solver.PROTESTER


def position(board: Sequence[int], variant: str = "normal", capture: str = "moving") -> PalaceEscape:
    """A game of ``variant`` (under the reading ``capture``) set to ``board`` as if it had been dealt so (the par
    is the board's distance)."""
    s = hustings.make("palace-escape", variant=variant, seed=0, capture=capture)
    assert isinstance(s, PalaceEscape)
    assert sorted(board) == sorted(solver.DECKS[variant == "hard"]), "not the cards of this mode"
    s.board = list(board)
    s.start = tuple(board)
    s.par = solver.table(variant == "hard", capture).distance(board)
    return s


def swap(s: hustings.GameState, a: int, b: int) -> list[hustings.Event]:
    return s.apply(0, s.SPACE.get("swap", min(a, b), max(a, b)))


def act(s: hustings.GameState, kind: str) -> list[hustings.Event]:
    return s.apply(0, s.SPACE.get(kind))
