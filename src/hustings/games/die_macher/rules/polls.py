"""Poll auctions (001 2.vii, 003 G): one face-down poll card a board, from the election board on; bids above
0, a pass is final; the winner pays and sees the card, then publishes up to two of its options (each moves
popularity markers by spaces; a media controller is immune to losses) or keeps it secret and rolls the two
special dice: it shares them between popularity spaces on that board and members (001 2.vii), or takes them
all as members with the option ``secret_poll="members"`` (003 G.b; ruling R2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start(s: DieMacher) -> None:
    s.boards_todo = s.active_boards()  # the election board first, then the later ones
    s.bi = -1
    _next_board(s)


def _next_board(s: DieMacher) -> None:
    s.bi += 1
    s.phase = Phase.POLL_BID
    s.poll_card = -1
    if s.bi >= len(s.boards_todo):
        from hustings.games.die_macher.rules import conversion

        conversion.start(s)
        return
    if not s.poll_deck:
        s.poll_deck, s.poll_disc = s.poll_disc, []  # an empty deck: the discards shuffled (001 2.vii)
        s.rng.shuffle(s.poll_deck)
        s.poll_seen = [[] for _ in range(s.n)]
    if not s.poll_deck:
        _next_board(s)
        return
    s.poll_card = s.poll_deck.pop()
    s.poll_high = 0
    s.poll_high_p = -1
    s.poll_out = [0] * s.n
    s.turn = s.first
    s.emit("poll_auction", {"board": s.boards_todo[s.bi]})


def bid_legal(s: DieMacher, p: int) -> list[Action]:
    D = s.data
    top = min(s.money[p] // 1000, D.MAX_BID_K)
    return A.PBID[:1] + A.PBID[s.poll_high + 1: top + 1]


def bid_apply(s: DieMacher, p: int, a: Action) -> None:
    b = s.boards_todo[s.bi]
    if a.kind == "pass":
        s.poll_out[p] = 1
        s.emit("poll_pass", {"seat": p, "board": b})
    else:
        s.poll_high = a.args[0]
        s.poll_high_p = p
        s.emit("poll_bid", {"seat": p, "board": b, "amount": a.args[0] * 1000})
    s.turn = (p + 1) % s.n


def bid_advance(s: DieMacher) -> bool:
    D = s.data
    if s.phase is Phase.POLL_DECIDE:
        return True
    b = s.boards_todo[s.bi]
    out, high = s.poll_out, s.poll_high_p
    # ends when nobody is left in, or only the high bidder (counted, not listed: this runs after every bid)
    left = s.n - sum(out)
    if left == 0 or (left == 1 and high >= 0 and not out[high]):
        if s.poll_high_p < 0:
            # nobody bid: the card stays face down, unused and unseen (001 2.vii)
            s.poll_disc.append(s.poll_card)
            s.emit("poll_unsold", {"board": b})
            _next_board(s)
            return False
        w = s.poll_high_p
        s.money[w] -= s.poll_high * 1000
        s.emit("poll_won", {"seat": w, "board": b, "paid": s.poll_high * 1000})
        s.emit("poll_seen", {"board": b, "poll": s.poll_card, "options": [list(o) for o in D.POLLS[s.poll_card]]},
               to=w)
        s.phase = Phase.POLL_DECIDE
        s.turn = w
        return True
    while s.poll_out[s.turn] or s.turn == s.poll_high_p:
        s.turn = (s.turn + 1) % s.n
    return True


def _split_room(s: DieMacher, p: int) -> int:
    """How many spaces of a secret poll's dice can go to popularity: the roll, up to the top of the track."""
    D = s.data
    b = s.boards_todo[s.bi]
    return min(s.poll_roll, D.POP_INDEX[s.pop[b][p]])


def decide_legal(s: DieMacher, p: int) -> list[Action]:
    if s.poll_roll >= 0:
        return A.SECRET_SPLIT[: _split_room(s, p) + 1]
    return [A.SECRET, *A.PUBLISH]


def decide_apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    b = s.boards_todo[s.bi]
    card = D.POLLS[s.poll_card]
    if a.kind == "secret":
        s.poll_roll = sum(s.die() for _ in range(D.POLL_SECRET_DICE))
        if s.secret_poll == "split":
            s.emit("poll_secret_roll", {"seat": p, "board": b, "roll": s.poll_roll})
            if _split_room(s, p) > 0:
                return  # the winner shares the roll next (secret_split)
        _secret_done(s, p, b, 0)
        return
    if a.kind == "secret_split":
        _secret_done(s, p, b, a.args[0])
        return
    i, j = a.args
    ctrl = s.controller(b)
    changes = [0] * s.n
    for k in {i, j}:
        for q in range(s.n):
            d = card[k][q]
            if d < 0 and q == ctrl:
                continue  # the media controller is immune to losses
            changes[q] += s.add_pop(b, q, d)
    s.emit("poll_published", {"seat": p, "board": b, "options": [list(card[k][: s.n]) for k in sorted({i, j})],
                              "changes": changes, "popularity": s.pop[b][:], "immune": ctrl})
    _card_done(s, p)


def _secret_done(s: DieMacher, p: int, b: int, spaces: int) -> None:
    """A secret poll's roll: ``spaces`` up on the poll's board, the rest members (001 2.vii: the two add up to
    the dice)."""
    roll = s.poll_roll
    moved = s.add_pop(b, p, spaces)
    s.members[p] += roll - moved
    s.poll_roll = -1
    s.emit("poll_secret", {"seat": p, "board": b, "roll": roll, "spaces": moved, "popularity": s.pop[b][p],
                           "members": roll - moved})
    _card_done(s, p)


def _card_done(s: DieMacher, p: int) -> None:
    # back face down: only the winner knows it (001 2.vii)
    s.poll_disc.append(s.poll_card)
    s.poll_seen[p].append(s.poll_card)
    _next_board(s)

