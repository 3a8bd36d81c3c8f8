"""Deciding the first player (seed 000 三.1): secret bids, then an open auction among tied players
(rulings R7, R10, R20). Also the start of every round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019.actions import BIDS, PASS
from hustings.games.die_macher_2019.phases import Phase, Return
from hustings.games.die_macher_2019.rules import program

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def start_round(s: DieMacher2019) -> None:
    s.emit("round_started", {"round": s.round, "elections": [s.board_state[b] for b in
                                                              s._election_boards(s.round)]})
    s.phase = Phase.BID
    s.bids = [-1] * s.n
    s.waiting = list(range(s.n))


# ------------------------------------------------------------------------------- secret bids


def bid_legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    return BIDS[: min(s.money[p] // 1000, D.MAX_BID_K) + 1]


def bid_apply(s: DieMacher2019, p: int, a: Action) -> None:
    s.bids[p] = a.args[0] * 1000
    s.waiting.remove(p)
    s.emit("bid_secret", {"player": p, "amount": a.args[0] * 1000}, to=p)
    if not s.waiting:
        resolve_bids(s)


def resolve_bids(s: DieMacher2019) -> None:
    """三.1: the secret bids are revealed; the highest pays; a tie goes to an open auction."""
    s.emit("bids_revealed", {"bids": list(s.bids)})
    best = max(s.bids)
    tied = [p for p in range(s.n) if s.bids[p] == best]
    if len(tied) == 1:
        set_first(s, tied[0], best)
        return
    # Ruling R7: the tied players bid openly, starting right of the previous first player, going right.
    order = [(s.prev_first - 1 - i) % s.n for i in range(s.n)]
    s.tie_order = [p for p in order if p in tied]
    s.tie_price = best
    s.tie_high = -1
    s.tie_idx = 0
    s.phase = Phase.TIE
    s.turn = s.tie_order[0]
    s.emit("tie_auction", {"players": list(s.tie_order), "price": best})


# ---------------------------------------------------------------------------- tie auction


def tie_legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    lo = s.tie_price // 1000 + 1
    hi = min(s.money[p] // 1000, D.MAX_BID_K)
    return [PASS, *BIDS[lo : hi + 1]]


def tie_apply(s: DieMacher2019, p: int, a: Action) -> None:
    if a.kind == "pass":
        s.emit("tie_pass", {"player": p})
        i = s.tie_order.index(p)
        s.tie_order.pop(i)
        s.tie_idx = i
    else:
        s.tie_price = a.args[0] * 1000
        s.tie_high = p
        s.emit("tie_bid", {"player": p, "amount": s.tie_price})
        s.tie_idx = s.tie_order.index(p) + 1
    if len(s.tie_order) == 1:
        set_first(s, s.tie_order[0], s.tie_price)
        return
    s.tie_idx %= len(s.tie_order)
    if s.tie_order[s.tie_idx] == s.tie_high:  # the high bidder does not bid against itself
        s.tie_idx = (s.tie_idx + 1) % len(s.tie_order)
    s.turn = s.tie_order[s.tie_idx]


def set_first(s: DieMacher2019, p: int, price: int) -> None:
    s.money[p] -= price
    s.first = p
    s.emit("first_player", {"player": p, "paid": price})
    s.prev_first = p
    s.prog_queue = s._order_from(p)
    s.prog_return = Return.NONE
    program.start(s, s.prog_queue.pop(0))
