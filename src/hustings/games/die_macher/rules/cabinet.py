"""Shadow cabinet (001 2.iii, 003 C): cards placed face down, at most one per board per party, revealed
together, paid, and one action each, in seat order from the start player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start(s: DieMacher) -> None:
    s.phase = Phase.CAB_PLACE
    s.queue = s.order_from(s.first)
    s.qi = 0
    s.turn = s.queue[0]


def committed(s: DieMacher, p: int) -> int:
    """Money already promised to face-down cards (a card is paid when revealed; ruling R10)."""
    D = s.data
    return sum(D.CABINET[e[1]].cost for b in range(D.NUM_SLOTS) for e in s.cab[b] if e[0] == p)


def place_legal(s: DieMacher, p: int) -> list[Action]:
    D = s.data
    out = [A.DONE]
    budget = s.money[p]
    used: set[int] = set()
    placed: set[int] = set()
    for b, entries in enumerate(s.cab):
        for e in entries:
            if e[0] == p:
                used.add(b)
                placed.add(e[1])
                budget -= D.CABINET[e[1]].cost  # committed(): promised to face-down cards
    free = [b for b in s.active_boards() if b not in used]
    for c in s.cab_left[p]:
        if c in placed or D.CABINET[c].cost > budget:
            continue
        cards = A.CAB[c]
        out += [cards[b] for b in free]
    return out


def place_apply(s: DieMacher, p: int, a: Action) -> None:
    if a.kind == "done":
        s.qi += 1
        if s.qi < len(s.queue):
            s.turn = s.queue[s.qi]
        else:
            _reveal(s)
        return
    c, b = a.args
    s.cab[b].append([p, c, 0])
    s.emit("cabinet_placed", {"seat": p, "board": b})
    s.emit("cabinet_placed_card", {"board": b, "cabinet": c}, to=p)


def _reveal(s: DieMacher) -> None:
    D = s.data
    s.exec_list = []
    for p in s.order_from(s.first):
        for b in s.active_boards():
            for e in s.cab[b]:
                if e[0] == p:
                    e[2] = 1
                    card = D.CABINET[e[1]]
                    s.money[p] -= card.cost
                    s.cab_left[p].remove(e[1])
                    s.emit("cabinet_revealed", {"seat": p, "board": b, "cabinet": e[1], "cost": card.cost})
                    if card.phone and s.tile_sup[p] > 0 and p not in s.tiles[b]:
                        # the telephone places a coalition tile on that board (001 2.iii)
                        s.tile_sup[p] -= 1
                        s.tiles[b].append(p)
                        s.emit("coalition_tile", {"seat": p, "board": b})
                    s.exec_list.append([p, b, e[1]])
    s.phase = Phase.CAB_EXEC
    s.bi = 0


def exec_legal(s: DieMacher, p: int) -> list[Action]:
    D = s.data
    _, b, c = s.exec_list[s.bi]
    out = []
    for act in D.CABINET[c].actions:
        name = act.partition(":")[0]
        if name == "votes":
            out.append(A.CAB_VOTES)
        elif name == "up":
            out.append(A.CAB_UP)
        elif name == "down":
            out += [A.CAB_DOWN[q] for q in range(s.n) if q != p]
        elif name == "double":
            if s.dbl[b] >= 0:
                out.append(A.CAB_UNDOUBLE)  # a key issue back to a normal one (001 2.iii)
            elif sum(1 for x in s.dbl if x >= 0) < D.KEY_TILES:
                out += [A.CAB_DOUBLE[i] for i in sorted({t >> 1 for t in s.up[b]})]
        elif name == "media" and s.media_sup[p] > 0 and s.money[p] >= 2 * D.CABINET_MEDIA_PAYMENT:
            out += [A.CAB_MEDIA[q] for q in range(s.n) if q != p and s.media[b][q] > 0]
    return out


def _amount(s: DieMacher, c: int, name: str) -> int:
    for act in s.data.CABINET[c].actions:
        nm, _, k = act.partition(":")
        if nm == name:
            return int(k or 1)
    return 0


def exec_apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    _, b, c = s.exec_list[s.bi]
    k = a.kind
    if k == "cab_votes":
        n = _amount(s, c, "votes")
        s.add_votes(b, p, n)
        s.emit("cabinet_votes", {"seat": p, "board": b, "votes": n, "total": s.votes[b][p]})
    elif k == "cab_up":
        # one's own party only (001 2.iii: 增加該政黨民望; ruling R10), by the card's spaces (003 C)
        d = s.add_pop(b, p, _amount(s, c, "up"))
        s.emit("popularity", {"seat": p, "board": b, "spaces": d, "popularity": s.pop[b][p], "by": p})
    elif k == "cab_down":
        q = a.args[0]
        # even a media controller cannot prevent this (001 2.iii)
        d = s.add_pop(b, q, -_amount(s, c, "down"))
        s.emit("popularity", {"seat": q, "board": b, "spaces": d, "popularity": s.pop[b][q], "by": p})
    elif k == "cab_double":
        s.dbl[b] = a.args[0]
        s.emit("key_issue", {"board": b, "issue": a.args[0], "by": p})
    elif k == "cab_undouble":
        s.emit("key_issue_removed", {"board": b, "issue": s.dbl[b], "by": p})
        s.dbl[b] = -1
    elif k == "cab_media":
        q = a.args[0]
        # remove another party's media cube paying it 4,000, place one's own paying the bank 4,000
        s.media[b][q] -= 1
        s.media_sup[q] += 1
        s.money[q] += D.CABINET_MEDIA_PAYMENT
        s.money[p] -= 2 * D.CABINET_MEDIA_PAYMENT
        s.media[b][p] += 1
        s.media_sup[p] -= 1
        s.emit("cabinet_media", {"seat": p, "board": b, "from": q, "paid": D.CABINET_MEDIA_PAYMENT})
    s.bi += 1


def exec_advance(s: DieMacher) -> bool:
    D = s.data
    while s.bi < len(s.exec_list):
        p = s.exec_list[s.bi][0]
        s.turn = p
        if exec_legal(s, p):
            return True
        s.bi += 1  # nothing the card can do
    for b in range(D.NUM_SLOTS):
        s.cab[b] = []  # used cards leave the game (001 2.iii)
    s.exec_list = []
    from hustings.games.die_macher.rules import coalitions

    coalitions.start(s)
    return False

