"""The ``_resample_hidden`` hook: re-deal, in a clone, everything one seat cannot see, consistent with what
it can. Never falls back to the truth: when no consistent deal is found it raises ResampleError."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import ResampleError, Rng
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher

_TRIES = 30


def resample_hidden(s: DieMacher, new: DieMacher, me: int | None, rng: Rng) -> None:
    D = s.data
    others = [p for p in range(s.n) if p != me]
    # Program cards: the deck above its known bottom and other seats' hidden cards form one pool.
    kp = new.prog_known
    pool = new.prog_deck[kp:]
    for p in others:
        pool += new.hand[p]
    rng.shuffle(pool)
    for p in others:
        k = len(new.hand[p])
        new.hand[p] = sorted(pool[:k])
        del pool[:k]
    new.prog_deck = new.prog_deck[:kp] + pool
    # Opinions: the deck above its known bottom and every face-down opinion on the boards.
    ko = new.op_known
    pool = new.op_deck[ko:]
    for b in range(D.NUM_SLOTS):
        pool += new.down[b]
    rng.shuffle(pool)
    for b in range(D.NUM_SLOTS):
        k = len(new.down[b])
        new.down[b] = pool[:k]
        del pool[:k]
    new.op_deck = new.op_deck[:ko] + pool
    # State cards: order unknown to all.
    rng.shuffle(new.state_deck)
    # Poll cards: the deck, the discards this seat has not seen, and a face-down card it has not won.
    seen = set(new.poll_seen[me]) if me is not None else set()
    hidden_card = new.poll_card >= 0 and not (new.phase == Phase.POLL_DECIDE and new.turn == me)
    pool = new.poll_deck + [c for c in new.poll_disc if c not in seen]
    if hidden_card:
        pool.append(new.poll_card)
    rng.shuffle(pool)
    if hidden_card:
        new.poll_card = pool.pop()
    k = len(new.poll_deck)
    new.poll_deck = pool[:k]
    new.poll_disc = [c for c in new.poll_disc if c in seen] + pool[k:]
    # Secret choices of the other seats.
    for p in others:
        if new.phase == Phase.SHEET:
            if new.sheet[p][0] >= 0:
                new.sheet[p][0] = A.SHEET1[rng.randrange(len(A.SHEET1))].id
            if new.sheet[p][1] >= 0:
                new.sheet[p][1] = A.SHEET2[rng.randrange(len(A.SHEET2))].id
        if new.phase in (Phase.BID, Phase.TIE) and new.bids[p] >= 0:
            lo = new.tie_min if new.phase == Phase.TIE else 0
            hi = min(new.money[p] // 1000, D.MAX_BID_K)
            new.bids[p] = lo + rng.randrange(max(0, hi - lo) + 1)
        if new.don_choice[p] and not new.don_choice[p][1]:
            cards = new.don_left[p] + [new.don_choice[p][0]]
            c = cards[rng.randrange(len(cards))]
            cards.remove(c)
            new.don_left[p] = sorted(cards)
            new.don_choice[p][0] = c
        _redeal_cabinet(new, p, rng)


def _redeal_cabinet(new: DieMacher, p: int, rng: Rng) -> None:
    """Face-down cabinet cards of seat ``p``: any of its cards, affordable together (ruling R10)."""
    D = new.data
    spots = [e for b in range(D.NUM_SLOTS) for e in new.cab[b] if e[0] == p and not e[2]]
    if not spots:
        return
    for _ in range(_TRIES):
        cards = new.cab_left[p][:]
        rng.shuffle(cards)
        pick = cards[: len(spots)]
        if sum(D.CABINET[c].cost for c in pick) <= new.money[p]:
            for e, c in zip(spots, pick, strict=True):
                e[1] = c
            return
    raise ResampleError(f"no affordable face-down cabinet cards found for seat {p}")
