"""Start-player bid (001 2.i, 003 A)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start_round(s: DieMacher) -> None:
    s.emit("round_started", {"round": s.round, "board": s.cur_board()})
    if s.round == s.rounds:
        # The last round only scores (001 4.ii.4; short variant 3).
        from hustings.games.die_macher.rules import election

        election.start_election(s)
        return
    s.phase = Phase.BID
    s.bids = [-1] * s.n
    s.waiting = list(range(s.n))


def _max_bid(s: DieMacher, p: int) -> int:
    D = s.data
    return min(s.money[p] // 1000, D.MAX_BID_K)


def bid_legal(s: DieMacher, p: int) -> list[Action]:
    return A.BID[: _max_bid(s, p) + 1]


def bid_apply(s: DieMacher, p: int, a: Action) -> None:
    s.bids[p] = a.args[0]
    s.emit("bid_written", {"amount": a.args[0] * 1000}, to=p)
    s.waiting.remove(p)


def tie_legal(s: DieMacher, p: int) -> list[Action]:
    # Tied bidders bid again, never lower than before (001 2.i).
    return A.BID[s.tie_min: max(s.tie_min, _max_bid(s, p)) + 1]


def _roll_off(s: DieMacher, players: list[int]) -> int:
    """A die among ``players``; equal highest rolls roll again (ruling R6)."""
    D = s.data
    while True:
        rolls = {p: 1 + s.rng.randrange(D.BID_DIE_FACES) for p in players}
        top = max(rolls.values())
        best = [p for p in players if rolls[p] == top]
        s.emit("die_rolled", {"rolls": [[p, rolls[p]] for p in players]})
        if len(best) == 1:
            return best[0]
        players = best


def bid_advance(s: DieMacher) -> bool:
    if s.waiting:
        return True
    bidders = s.tie_players if s.phase == Phase.TIE else list(range(s.n))
    s.emit("bids_revealed", {"bids": [[p, s.bids[p] * 1000] for p in bidders], "tie": s.phase == Phase.TIE})
    top = max(s.bids[p] for p in bidders)
    best = [p for p in bidders if s.bids[p] == top]
    if top == 0 and s.phase == Phase.BID:
        winner = _roll_off(s, best)  # all zero: a die (001 2.i)
        pay = 0
    elif len(best) == 1:
        winner, pay = best[0], top
    elif s.phase == Phase.BID:
        s.phase = Phase.TIE
        s.tie_players = best
        s.tie_min = top
        s.waiting = list(best)
        s.bids = [-1] * s.n
        return False
    else:
        winner, pay = _roll_off(s, best), s.tie_min  # still tied: a die; the winner pays the earlier bid
    s.money[winner] -= pay * 1000
    s.bids = [-1] * s.n
    s.tie_players = []
    s.emit("bid_won", {"seat": winner, "paid": pay * 1000})
    s.chooser = winner
    s.phase = Phase.FIRST
    s.turn = winner
    return False


def first_legal(s: DieMacher, p: int) -> list[Action]:
    return A.FIRST[: s.n]


def first_apply(s: DieMacher, p: int, a: Action) -> None:
    s.first = a.args[0]
    s.emit("start_player", {"seat": s.first, "by": p})
    from hustings.games.die_macher.rules import platform

    platform.start(s)

