"""The ``_resample_hidden`` hook of 選舉之戰: re-deal, in a clone, everything one seat cannot see.

Hidden from a seat (R14): other players' news hands, the order of the news deck, other players' role cards not
yet revealed (in hand or face down on a row; the backs are alike, so not even their frames show), the undealt
role cards and the unused district cards. Everything else is public: rows, revealed candidates and their
figures, the face-up discard pile, hand sizes, which rows each player has filled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import ResampleError, Rng

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def resample_hidden(new: ElectionWar, player: int | None, rng: Rng) -> None:
    others = [p for p in range(new.n) if p != player]
    _redeal_news(new, others, rng)
    if not new.revealed:
        _redeal_roles(new, others, rng)
    rng.shuffle(new.district_pool)


def _redeal_news(new: ElectionWar, others: list[int], rng: Rng) -> None:
    pool = new.deck[:]
    for p in others:
        pool += new.hands[p]
    rng.shuffle(pool)
    for p in others:
        size = len(new.hands[p])
        hand = pool[len(pool) - size:]
        del pool[len(pool) - size:]
        hand.sort()
        new.hands[p] = hand
    if len(pool) != len(new.deck):  # a miscount would show in the deck size: refuse, never fall back
        raise ResampleError(f"{len(pool)} news cards left for a deck of {len(new.deck)}")
    new.deck = pool


def _redeal_roles(new: ElectionWar, others: list[int], rng: Rng) -> None:
    """Before the reveal: each other player again holds one red, two blue and three yellow role cards, drawn from
    every role card this seat has not seen, split at random between their filled rows and their hand."""
    D = new.data
    pools: list[list[int]] = [[] for _ in D.FRAMES]
    for c in new.role_pool:
        pools[D.ROLES[c].frame].append(c)
    for p in others:
        for c in new.role_hand[p]:
            pools[D.ROLES[c].frame].append(c)
        for r in range(new.nrows):
            c = new.cand[r][p]
            if c >= 0:
                pools[D.ROLES[c].frame].append(c)
    for pool in pools:
        rng.shuffle(pool)
    for p in others:
        cards: list[int] = []
        for f, k in enumerate(D.MINI.deal_by_frame if new.mini else D.DEAL_BY_FRAME):
            if len(pools[f]) < k:
                raise ResampleError(f"not enough {D.FRAMES[f]} role cards to re-deal player {p}")
            cards += pools[f][len(pools[f]) - k:]
            del pools[f][len(pools[f]) - k:]
        rng.shuffle(cards)
        filled = [r for r in range(new.nrows) if new.cand[r][p] >= 0]
        for r in filled:
            new.cand[r][p] = cards.pop()
        if len(cards) != len(new.role_hand[p]):
            raise ResampleError(f"player {p} would hold {len(cards)} role cards instead of {len(new.role_hand[p])}")
        cards.sort()
        new.role_hand[p] = cards
    rest = [c for pool in pools for c in pool]
    rest.sort()
    new.role_pool = rest
