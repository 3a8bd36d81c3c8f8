"""Coalitions on the current election board (001 2.iv, 003 D), negotiated as actions: an offer needs two
identical program cards and the partner's yes; with three, either may force it. Only parties with a
coalition tile on the board take part; one coalition per party; none on the last board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.formulas import shared_cards
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher

VOLUNTARY = 2
FORCED = 3


def start(s: DieMacher) -> None:
    s.phase = Phase.COALITION
    b = s.cur_board()
    s.queue = [p for p in s.order_from(s.first) if p in s.tiles[b]]
    if len(s.tiles[b]) < 2 or s.nocoal[b]:
        s.queue = []
    s.qi = 0
    s.offered = [0] * s.n
    s.in_coal = [0] * s.n
    s.offer_from = s.offer_to = -1


def _partners(s: DieMacher, p: int) -> list[tuple[int, int]]:
    b = s.cur_board()
    out = []
    for q in s.tiles[b]:
        if q != p and not s.in_coal[q]:
            out.append((q, shared_cards(s.prog[p], s.prog[q])))
    return out


def legal(s: DieMacher, p: int) -> list[Action]:
    out = [A.PASS]
    for q, k in sorted(_partners(s, p)):
        if k >= FORCED:
            out.append(A.FORCE[q])
        if k >= VOLUNTARY and not s.offered[p] >> q & 1:
            out.append(A.OFFER[q])
    return out


def apply(s: DieMacher, p: int, a: Action) -> None:
    b = s.cur_board()
    if a.kind == "pass":
        s.qi += 1
        return
    q = a.args[0]
    if a.kind == "force":
        _form(s, b, p, q, forced=True)
        s.qi += 1
        return
    s.offered[p] |= 1 << q  # each partner is asked at most once a round, so talks end
    s.offer_from, s.offer_to = p, q
    s.emit("coalition_offered", {"seat": p, "to": q, "board": b})
    s.phase = Phase.ANSWER


def _form(s: DieMacher, b: int, p: int, q: int, forced: bool) -> None:
    s.coal[b] += [p, q]
    s.in_coal[p] = s.in_coal[q] = 1
    s.emit("coalition_formed", {"seats": [p, q], "board": b, "forced": forced})


def answer_legal(s: DieMacher, p: int) -> list[Action]:
    return [A.ACCEPT, A.DECLINE]


def answer_apply(s: DieMacher, p: int, a: Action) -> None:
    b = s.cur_board()
    who = s.offer_from
    if a.kind == "accept":
        _form(s, b, who, p, forced=False)
        s.qi += 1  # the offering party's turn ends with its coalition
    else:
        s.emit("coalition_declined", {"seat": p, "to": who, "board": b})
    s.offer_from = s.offer_to = -1
    s.phase = Phase.COALITION


def answer_advance(s: DieMacher) -> bool:
    s.turn = s.offer_to
    return True


def advance(s: DieMacher) -> bool:
    while s.qi < len(s.queue):
        p = s.queue[s.qi]
        if not s.in_coal[p] and len(legal(s, p)) > 1:
            s.turn = p
            return True
        s.qi += 1
    # parties without a coalition take their tiles back (001 2.iv)
    b = s.cur_board()
    for p in list(s.tiles[b]):
        if not s.in_coal[p]:
            s.tiles[b].remove(p)
            s.tile_sup[p] += 1
    from hustings.games.die_macher.rules import media

    media.start(s)
    return False
