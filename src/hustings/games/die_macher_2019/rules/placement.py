"""Sending shadow-cabinet politicians (seed 000 三.5, 四.4; ruling R4): round the table from the first
player, one politician face down per turn, one per state per player, each once per game; a pass is final."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import PASS
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import execution

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019



def start(s: DieMacher2019) -> None:
    s.phase = Phase.PLACE
    s.place_passed = [False] * s.n
    s.turn = s.first


def legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    out = [PASS]
    busy = 0
    placed_boards = 0
    for b in range(4):
        for q, pol, _ in s.placed[b]:
            if q == p:
                busy |= 1 << pol
                placed_boards |= 1 << b
    avail = [
        pol
        for pol in range(len(D.POLITICIANS))
        if not (s.pol_used[p] | busy) >> pol & 1 and (s.expanded or not D.POLITICIANS[pol].expanded_only)
    ]
    for pol in avail:
        for b in range(4):
            if s.board_state[b] >= 0 and not placed_boards >> b & 1:
                out.append(X.PLACE[pol][b])
    return out


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    if a.kind == "pass":
        s.place_passed[p] = True
        s.emit("place_pass", {"player": p})
    else:
        pol, b = a.args
        s.placed[b].append([p, pol, 0])
        s.emit("politician_placed", {"player": p, "board": b})
        s.emit("politician_placed_own", {"player": p, "board": b, "politician": pol}, to=p)
    next_placer(s, p)


def next_placer(s: DieMacher2019, p: int) -> None:
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if not s.place_passed[q]:
            s.turn = q
            return
    execution.start(s)
