"""Party rallies (seed 000 三.4, 四.5): each player in turn from the first buys rally cubes by the cost
table, each state once per turn, at most 8 per state and 20 in all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import DONE
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import placement

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def start(s: DieMacher2019) -> None:
    s.phase = Phase.RALLY
    s.queue = s._order_from(s.first)
    s.turn = s.queue.pop(0)
    s.rally_mask = 0


def legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    out = [DONE]
    res, money = s.rally_res[p], s.money[p]
    for b in range(4):
        if s.board_state[b] < 0 or s.rally_mask >> b & 1:
            continue
        room = min(D.MAX_RALLIES - s.rallies[b][p], res)
        while room > 0 and D.RALLY_COST[room] > money:
            room -= 1
        out += X.RALLY[b][1 : room + 1]
    return out


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    D = s.data
    if a.kind == "done":
        next_player(s)
        return
    b, cnt = a.args
    cost = D.RALLY_COST[cnt]
    s.money[p] -= cost
    s.rally_res[p] -= cnt
    s.rallies[b][p] += cnt
    s.rally_mask |= 1 << b
    s.emit("rallies_bought", {"player": p, "board": b, "count": cnt, "cost": cost})


def next_player(s: DieMacher2019) -> None:
    if s.queue:
        s.turn = s.queue.pop(0)
        s.rally_mask = 0
        return
    placement.start(s)
