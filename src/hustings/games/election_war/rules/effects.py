"""The white effect texts of the news cards (seed 004 3-2; the card set is the project's, docs/data/election-war.md).

Every effect acts on the target candidate (this round's row) or its owner, except ``draw``, which the player who
played the card takes (R9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.games.election_war.phases import Status

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def apply_effect(s: ElectionWar, t: int, q: int) -> None:
    D = s.data
    card = D.NEWS[t]
    r = s.round
    eff, k = card.effect, card.amount
    data: dict[str, object] = {"card": t, "target": q, "effect": eff, "amount": k}
    if eff == "withdraw":
        s.status[r][q] = int(Status.WITHDRAWN)
    elif eff == "strength":
        # R10: strength never drops below the minimum (0)
        s.strength[r][q] = max(D.STRENGTH_MIN, s.strength[r][q] + k)
        data["value"] = s.strength[r][q]
    elif eff == "level":
        # R10: levels stay within 1..6, the range of the die
        s.level[r][q] = min(D.LEVEL_MAX, max(D.LEVEL_MIN, s.level[r][q] + k))
        data["value"] = s.level[r][q]
    elif eff == "protect":
        s.protected[r][q] = 1  # R11: no more news cards on this candidate this round
    elif eff == "draw":
        data["player"] = s.turn
    elif eff == "discard":
        hand = s.hands[q]
        lost: list[int] = []
        for _ in range(min(k, len(hand))):
            lost.append(hand.pop(s.rng.randrange(len(hand))))  # R12: at random, face up to the discard pile
        s.discard.extend(lost)
        data["cards"] = sorted(lost)
    s.emit("effect", data)
    if eff == "draw":
        s.draw(s.turn, k)
