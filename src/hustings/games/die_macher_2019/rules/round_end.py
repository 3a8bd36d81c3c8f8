"""The end of a round (seed 000 三.9.3, 三.9.4; rulings R13, R24, R33): income, donation cards, then
the next round is prepared (politicians out of the game, new opinions face up, a fresh program
display) or the game ends with the final scoring (五)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import PASS
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import first_player, scoring

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def after_elections(s: DieMacher2019) -> None:
    D = s.data
    if s.round in s.data.INCOME_ROUNDS[s.variant]:
        for p in range(s.n):
            gain = D.INCOME_PER_POINT * s.round_points[p] + D.INCOME_PER_BASE * s.base[p]
            s.money[p] += gain
            # Income follows from public numbers, so the event is public (money stays hidden).
            s.emit("income", {"player": p, "points": s.round_points[p], "base": s.base[p], "amount": gain})
    if s.round in s.data.DONATION_ROUNDS:
        s.phase = Phase.DONATION
        s.queue = s._order_from(s.first)
        s.turn = s.queue[0]
        return
    end_round(s)


# ------------------------------------------------------------------------------- donations


def donation_legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    out = [PASS]
    for c in range(len(D.DONATIONS)):
        if not s.don_used[p] >> c & 1:
            out += X.DONATE[c]
    return out


def donation_apply(s: DieMacher2019, p: int, a: Action) -> None:
    D = s.data
    if a.kind == "donate":
        c, acc = a.args
        d = D.DONATIONS[c]
        s.don_used[p] |= 1 << c
        if acc:
            s.money[p] += d.amount
            s.base[p] = max(0, s.base[p] + d.accept_base)
        else:
            s.base[p] = max(0, s.base[p] + d.refuse_base)
        s.emit("donation", {"player": p, "amount": d.amount, "accepted": bool(acc),
                            "base_change": d.accept_base if acc else d.refuse_base})
    else:
        s.emit("donation_pass", {"player": p})
    s.queue.pop(0)


def donation_advance(s: DieMacher2019) -> bool:
    if not s.queue:
        end_round(s)
        return s.phase == Phase.DONATION
    s.turn = s.queue[0]
    return True


# ------------------------------------------------------------------------------ next round


def end_round(s: DieMacher2019) -> None:
    if s.round >= s.data.LAST_ROUND[s.variant]:
        scoring.final_scoring(s)
        return
    # 三.9.4: prepare the next round.
    s.round += 1
    for b in range(4):
        for e in s.placed[b]:
            s.pol_used[e[0]] |= 1 << e[1]
        s.placed[b] = []
    for b in s._round_order():
        s._reveal_to_target(b)
    s.prog_disc.extend(s.prog_display)
    s.prog_display = []
    s._refill_display()
    first_player.start_round(s)
