"""Early vote conversion (001 2.viii, 003 H): from the last board backwards, skipping the election board,
each party with at least 5 rally cubes on a board may convert some or all of them; afterwards a party with
more votes on a board than all others together may swap one of its opinions (absolute majority)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.formulas import votes_for
from hustings.games.die_macher.phases import ExchangeKind, Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start(s: DieMacher) -> None:
    s.phase = Phase.CONVERT
    cur = s.cur_board()
    s.boards_todo = [b for b in sorted(s.active_boards(), key=lambda b: -s.elec[b]) if b != cur]
    s.bi = 0
    s.queue = s.order_from(s.first)
    s.qi = 0


def convert(s: DieMacher, b: int, p: int, k: int) -> int:
    """Turn ``k`` rally cubes into votes (001 2.viii); the cubes go back to the party."""
    D = s.data
    coinc = s.coinc(b, p)
    v = votes_for(k, s.pop[b][p], coinc)
    s.cubes[b][p] -= k
    s.cube_sup[p] += k
    before = s.votes[b][p]
    s.add_votes(b, p, v)
    s.emit("converted", {"seat": p, "board": b, "cubes": k, "popularity": s.pop[b][p], "coincidence": coinc,
                         "votes": v, "total": s.votes[b][p], "capped": before + v > D.VOTE_CAP})
    return v


def legal(s: DieMacher, p: int) -> list[Action]:
    D = s.data
    c = s.cubes[s.boards_todo[s.bi]][p]
    return A.CONVERT[: c + 1] if c >= D.CONVERT_MINIMUM else [A.PASS]


def apply(s: DieMacher, p: int, a: Action) -> None:
    if a.kind == "convert":
        convert(s, s.boards_todo[s.bi], p, a.args[0])
    s.qi += 1


def advance(s: DieMacher) -> bool:
    D = s.data
    while s.bi < len(s.boards_todo):
        b = s.boards_todo[s.bi]
        while s.qi < len(s.queue):
            p = s.queue[s.qi]
            if s.cubes[b][p] >= D.CONVERT_MINIMUM:
                s.turn = p
                return True
            s.qi += 1
        s.bi += 1
        s.qi = 0
    # absolute majority: more votes than all other parties together (001 2.viii; ruling R11)
    todo = []
    for b in s.boards_todo:
        total = sum(s.votes[b])
        for p in range(s.n):
            if s.votes[b][p] > total - s.votes[b][p]:
                todo.append([p, b])
    from hustings.games.die_macher.rules import media

    media.start_exchange(s, ExchangeKind.MAJORITY, todo)
    return False
