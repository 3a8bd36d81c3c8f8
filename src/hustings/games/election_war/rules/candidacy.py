"""2. 表態參選 (seed 004): every player places one role card face down on each row, secretly and at the same
time (a simultaneous step: each player fills their rows top to bottom, R3); when no player holds a role card,
all are turned face up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.election_war.actions import DECLARE
from hustings.games.election_war.rules import campaign

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def legal(s: ElectionWar, p: int) -> list[Action]:
    return [DECLARE[c] for c in s.role_hand[p]]


def apply(s: ElectionWar, p: int, a: Action) -> None:
    card = a.args[0]
    hand = s.role_hand[p]
    row = s.nrows - len(hand)  # R3: the next empty row, top to bottom
    hand.remove(card)
    s.cand[row][p] = card
    s.emit("declared", {"player": p, "row": row})
    s.emit("declared_card", {"player": p, "row": row, "card": card}, to=p)
    if not any(s.role_hand):
        reveal(s)


def reveal(s: ElectionWar) -> None:
    """2.: all face-down cards are turned face up; each candidate starts with its card's figures."""
    D = s.data
    s.revealed = True
    for r in range(s.nrows):
        for p in range(s.n):
            role = D.ROLES[s.cand[r][p]]
            s.strength[r][p] = role.strength
            s.level[r][p] = role.level
    s.emit("revealed", {"cands": [list(row) for row in s.cand]})
    campaign.start_round(s)
