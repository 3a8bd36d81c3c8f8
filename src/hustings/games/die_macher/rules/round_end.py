"""Donations (001 4.iii, 003 M) and the round end (001 4.i-ii; short variant).

Donations come after the next round is set up (001 §4: i, ii, then iii; its §遊戲簡短流程 again: 設定下一回合,
政治獻金), or before it with the option ``donations="before_setup"`` (003: M, then 回合結束); ruling R24."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.rules.setup import prepare_board

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start_donations(s: DieMacher) -> None:
    s.phase = Phase.DONATION
    s.queue = [p for p in s.order_from(s.first) if s.don_left[p]]
    s.qi = 0
    s.don_choice = [[] for _ in range(s.n)]


def donation_legal(s: DieMacher, p: int) -> list[Action]:
    return [A.DONATE[c][acc] for c in s.don_left[p] for acc in (0, 1)]


def donation_apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    c, acc = a.args
    s.don_left[p].remove(c)
    s.don_choice[p] = [c, acc]
    card = D.DONATIONS[c]
    if acc:
        # accepted face up: the money, and members lost by the highest die (001 4.iii)
        s.money[p] += card.amount
        rolls = [s.die() for _ in range(card.accept_dice)]
        lost = min(s.members[p], max(rolls))
        s.members[p] -= lost
        s.emit("donation_accepted", {"seat": p, "donation": c, "amount": card.amount, "rolls": rolls, "lost": lost})
    else:
        s.emit("donation_refused", {"seat": p})
        s.emit("donation_refused_card", {"donation": c, "amount": card.amount}, to=p)
    s.qi += 1


def donation_advance(s: DieMacher) -> bool:
    D = s.data
    if s.qi < len(s.queue):
        s.turn = s.queue[s.qi]
        return True
    refused = [(p, s.don_choice[p][0]) for p in s.order_from(s.first) if s.don_choice[p] and not s.don_choice[p][1]]
    for p, c in refused:
        card = D.DONATIONS[c]
        rolls = [s.die() for _ in range(card.refuse_dice)]
        s.members[p] += sum(rolls)
        s.emit("donation_revealed", {"seat": p, "donation": c, "amount": card.amount, "rolls": rolls,
                                     "gained": sum(rolls)})
    if refused:
        top = max(D.DONATIONS[c].amount for _, c in refused)
        best = [p for p, c in refused if D.DONATIONS[c].amount == top]
        if len(best) == 1:
            # the largest refusal alone: three dice more; a shared largest gets nothing (001 4.iii)
            rolls = [s.die() for _ in range(D.LARGEST_REFUSAL_DICE)]
            s.members[best[0]] += sum(rolls)
            s.emit("donation_bonus", {"seat": best[0], "rolls": rolls, "gained": sum(rolls)})
    s.don_choice = [[] for _ in range(s.n)]
    if s.donations == "after_setup":
        next_round(s)  # the next round was set up before the donations
    else:
        end_round(s)
    return False


def end_round(s: DieMacher) -> None:
    """The round end without donations between: the next round set up, then begun."""
    prepare_next(s)
    next_round(s)


def prepare_next(s: DieMacher) -> None:
    """Set up the next round (001 4.i-ii): the finished board cleared and prepared for a later election or
    taken out, one opinion turned up on each other board."""
    b = s.cur_board()
    clear_board(s, b)
    new = s.round + 4
    if new <= s.rounds:
        last = new == s.rounds
        # the last board: 2 + 2 opinions and the no-coalition tile (001 4.ii.2; short variant 1)
        prepare_board(s, b, new, face_up=2 if last else 1)
        s.nocoal[b] = 1 if last else 0
        # the 5th-round payout tile goes on after round 1 (001 4.ii.1); the short game has none
        s.payout[b] = 1 if new == 5 and not s.short else 0
    else:
        s.elec[b] = 0  # the board leaves the game (001 4.ii.3; short variant 2)
        s.emit("board_removed", {"board": b})
    for o in s.active_boards():
        if o != b:
            s.reveal_opinion(o)  # 001 4.i.4


def next_round(s: DieMacher) -> None:
    s.round += 1
    from hustings.games.die_macher.rules import bidding

    bidding.start_round(s)


def clear_board(s: DieMacher, b: int) -> None:
    """Everything on the finished board goes to the discards or back to its owner (001 4.i.1)."""
    D = s.data
    s.op_disc += s.up[b] + s.down[b]
    s.up[b], s.down[b] = [], []
    s.state_disc.append(s.state[b])
    s.state[b] = -1
    for p in range(s.n):
        s.media_sup[p] += s.media[b][p]
        s.cube_sup[p] += s.cubes[b][p]
        s.media[b][p] = s.cubes[b][p] = s.votes[b][p] = s.arrive[b][p] = 0
        s.pop[b][p] = D.POP_START
    for p in s.tiles[b]:
        s.tile_sup[p] += 1
    s.tiles[b] = []
    s.coal[b] = []
    s.dbl[b] = -1
    s.payout[b] = 0
    s.nocoal[b] = 0
