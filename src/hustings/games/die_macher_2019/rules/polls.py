"""Poll auctions (seed 000 三.8; rulings R8, R9, R10): one poll card per state, from the election state
clockwise; the host (most votes) bids last. The winner publishes the card (only if it raises their own
trend) or keeps it for +3 party base. A politician's free poll card (三.6) is decided the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import BIDS, PASS
from hustings.games.die_macher_2019.phases import Phase, Return
from hustings.games.die_macher_2019.rules import conversion, execution

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def start(s: DieMacher2019) -> None:
    s.order = s._round_order()
    s.bi = 0
    next_poll(s)


def draw_poll(s: DieMacher2019) -> int:
    if not s.poll_deck:
        s.poll_deck = s.poll_disc
        s.poll_disc = []
        s.poll_disc_private = [[] for _ in range(s.n)]  # face down in the deck: secret from everyone
        s.rng.shuffle(s.poll_deck)
    return s.poll_deck.pop()


def next_poll(s: DieMacher2019) -> None:
    D = s.data
    while s.bi < len(s.order):
        b = s.order[s.bi]
        if not (s.poll_deck or s.poll_disc):
            s.bi += 1
            continue
        row = s.votes[b]
        best = max(row)
        s.poll_host = s._nearest_first([p for p in range(s.n) if row[p] == best])
        s.poll_card = draw_poll(s)
        s.poll_board = b
        s.poll_bidders = [q for q in s._order_from(s.first + 1) if q != s.poll_host]
        s.poll_high = 0
        s.poll_high_p = -1
        s.phase = Phase.POLL
        s.turn = s.poll_bidders[0]
        s.emit("poll_auction", {"board": b, "host": s.poll_host, "card": s.poll_card,
                                "trend": list(D.POLLS[s.poll_card])})
        return
    conversion.start(s)


# ---------------------------------------------------------------------------------- auction


def bid_legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    lo = s.poll_high // 1000 + 1
    hi = min(s.money[p] // 1000, D.MAX_BID_K)
    return [PASS, *BIDS[lo : hi + 1]]


def bid_apply(s: DieMacher2019, p: int, a: Action) -> None:
    """Ruling R8: round the table from left of the first player skipping the host, a pass is final;
    then the host may top the highest bid."""
    b = s.poll_board
    host_turn = p == s.poll_host
    if a.kind == "bid":
        s.poll_high = a.args[0] * 1000
        s.poll_high_p = p
        s.emit("poll_bid", {"player": p, "board": b, "amount": s.poll_high})
    else:
        s.emit("poll_pass", {"player": p, "board": b})
        if not host_turn:
            s.poll_bidders.remove(p)
    if host_turn:
        poll_won(s)
        return
    active = [q for q in s.poll_bidders if q != s.poll_high_p]
    if not active:
        s.turn = s.poll_host
        return
    # next active bidder clockwise after p
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if q in active:
            s.turn = q
            return


def poll_won(s: DieMacher2019) -> None:
    b = s.poll_board
    w = s.poll_high_p
    if w < 0:
        s.poll_disc.append(s.poll_card)
        s.emit("poll_unsold", {"board": b})
        s.bi += 1
        next_poll(s)
        return
    s.money[w] -= s.poll_high
    s.emit("poll_won", {"player": w, "board": b, "paid": s.poll_high})
    s.poll_return = Return.POLL
    s.phase = Phase.POLL_DECIDE
    s.turn = w


def take_free(s: DieMacher2019, p: int, b: int) -> None:
    """三.6: a politician's free poll card, decided as in 三.8 without bidding. Only the taker sees
    the card unless it is published (ruling R35)."""
    D = s.data
    card = draw_poll(s)
    s.poll_card = card
    s.poll_board = b
    s.poll_return = Return.EXEC
    # The others learn of it from the decision that follows at once (poll_kept or poll_published).
    s.emit("poll_free", {"player": p, "board": b, "card": card, "trend": list(D.POLLS[card])}, to=p)
    s.phase = Phase.POLL_DECIDE
    s.turn = p


# --------------------------------------------------------------------------------- decision


def decide_legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    card = D.POLLS[s.poll_card]
    if card[s.party[p]] > 0:
        return [X.KEEP_POLL, X.PUBLISH]
    return [X.KEEP_POLL]


def decide_apply(s: DieMacher2019, p: int, a: Action) -> None:
    """三.8: publish (own change positive; the media controller takes no decrease) or keep (+3 base).

    Publishing raises the publisher's own trend and lowers the others' (R37): a rival's positive figure on the
    card is not applied, so a published poll never raises a rival."""
    D = s.data
    b = s.poll_board
    card = D.POLLS[s.poll_card]
    if a.kind == "publish":
        ctrl = s._controller(b)
        changes = {}
        for q in range(s.n):
            d = card[s.party[q]] if q == p else min(0, card[s.party[q]])
            if q == ctrl and d < 0:
                d = 0
            s._add_trend(b, q, d)
            changes[q] = d
        s.emit("poll_published", {"player": p, "board": b, "card": s.poll_card,
                                  "changes": [changes[q] for q in range(s.n)], "trends": list(s.trend[b])})
    else:
        s.base[p] += D.POLL_KEEP_BASE
        s.emit("poll_kept", {"player": p, "board": b, "base_gain": D.POLL_KEEP_BASE, "base": s.base[p]})
        if s.poll_return == Return.EXEC:
            # a free card kept secret goes to the discard pile unseen by the others (R35)
            s.poll_disc_private[p].append(s.poll_card)
    s.poll_disc.append(s.poll_card)
    s.poll_card = -1
    ret = s.poll_return
    s.poll_return = Return.NONE
    if ret == Return.EXEC:
        s.phase = Phase.EXEC
        execution.exec_next(s)
    else:
        s.bi += 1
        next_poll(s)
