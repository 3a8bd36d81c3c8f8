"""Rallies (001 2.vi, 003 F): 1,000 each; at most 4 per board per party a round and 10 per party on a
board. Each player places all of its rallies of the round in one turn, board by board (ruling R4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start(s: DieMacher) -> None:
    s.phase = Phase.RALLY
    s.queue = s.order_from(s.first)
    s.qi = 0
    s.boards_todo = s.active_boards()
    s.bi = 0


def most(s: DieMacher, p: int, b: int) -> int:
    D = s.data
    return min(D.RALLIES_PER_ROUND, D.RALLY_SPACES - s.cubes[b][p], s.cube_sup[p], s.money[p] // D.RALLY_COST)


def legal(s: DieMacher, p: int) -> list[Action]:
    return A.RALLY[: most(s, p, s.boards_todo[s.bi]) + 1]


def apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    b = s.boards_todo[s.bi]
    k = a.args[0]
    if k:
        s.cubes[b][p] += k
        s.cube_sup[p] -= k
        s.money[p] -= k * D.RALLY_COST
        s.emit("rallies", {"seat": p, "board": b, "count": k})
    s.bi += 1


def advance(s: DieMacher) -> bool:
    while s.qi < len(s.queue):
        p = s.queue[s.qi]
        while s.bi < len(s.boards_todo):
            if most(s, p, s.boards_todo[s.bi]) > 0:
                s.turn = p
                return True
            s.bi += 1
        s.qi += 1
        s.bi = 0
    from hustings.games.die_macher.rules import polls

    polls.start(s)
    return False
