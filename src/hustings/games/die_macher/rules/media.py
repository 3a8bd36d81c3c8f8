"""Media purchases and media-control swaps (001 2.v, 003 E), and the absolute-majority swap (001 2.viii)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import ExchangeKind, Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start(s: DieMacher) -> None:
    s.phase = Phase.MEDIA
    s.turn = s.first
    s.passes = 0


def legal(s: DieMacher, p: int) -> list[Action]:
    D = s.data
    out = [A.PASS]
    if s.media_sup[p] > 0 and s.money[p] >= D.MEDIA_COST:
        for b in s.active_boards():
            if sum(s.media[b]) < D.MEDIA_SLOTS:  # five spaces a board
                out.append(A.MEDIA[b])
    return out


def _can_buy(s: DieMacher, p: int) -> bool:
    """Whether ``legal`` lists more than the pass (without building the list)."""
    D = s.data
    if s.media_sup[p] <= 0 or s.money[p] < D.MEDIA_COST:
        return False
    media = s.media
    return any(e and sum(media[b]) < D.MEDIA_SLOTS for b, e in enumerate(s.elec))


def apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    if a.kind == "pass":
        s.passes += 1  # one may pass and buy again later; all passing in a row ends it (001 2.v)
    else:
        b = a.args[0]
        s.passes = 0
        s.money[p] -= D.MEDIA_COST
        s.media_sup[p] -= 1
        s.media[b][p] += 1
        s.emit("media_bought", {"seat": p, "board": b})
    s.turn = (p + 1) % s.n


def advance(s: DieMacher) -> bool:
    # a player who cannot buy passes by itself
    for _ in range(s.n):
        if s.passes >= s.n:
            break
        if _can_buy(s, s.turn):
            return True
        s.passes += 1
        s.turn = (s.turn + 1) % s.n
    # media control: from the last board backwards (001 2.v)
    boards = sorted(s.active_boards(), key=lambda b: -s.elec[b])
    control = [[s.controller(b), b] for b in boards]
    start_exchange(s, ExchangeKind.MEDIA, [e for e in control if e[0] >= 0])
    return False


# ----------------------------------------------------------------------------------- exchanges


def start_exchange(s: DieMacher, kind: ExchangeKind, todo: list[list[int]]) -> None:
    s.phase = Phase.EXCHANGE
    s.ex_kind = kind
    s.ex_list = todo
    s.bi = 0


def exchange_legal(s: DieMacher, p: int) -> list[Action]:
    b = s.ex_list[s.bi][1]
    out = [A.PASS]
    up = s.up[b]
    # s.exchange_ok, unrolled: a pool card whose issue is not face up here, for any face-up card but the doubled
    issues = {x >> 1 for x in up}
    pool = [t for t in sorted(set(s.pool)) if (t >> 1) not in issues]
    dbl = s.dbl[b]
    exch = A.EXCH
    for o in up:
        if (o >> 1) != dbl:
            out += [exch[(o, t)] for t in pool]
    return out


def _can_exchange(s: DieMacher, b: int) -> bool:
    """Whether any swap is legal on board ``b`` (exchange_legal would list more than the pass): the
    issues face up there, the doubled one excepted, against the pool (ruling R3)."""
    up = s.up[b]
    issues = {x >> 1 for x in up}
    if not any((o >> 1) != s.dbl[b] for o in up):
        return False
    return any((t >> 1) not in issues for t in s.pool)


def exchange_apply(s: DieMacher, p: int, a: Action) -> None:
    b = s.ex_list[s.bi][1]
    if a.kind == "exch":
        o, t = a.args
        s.up[b][s.up[b].index(o)] = t
        s.pool.remove(t)
        s.pool.append(o)  # the pool keeps six cards
        s.emit("opinion_exchanged", {"seat": p, "board": b, "out": o, "card": t, "why": str(s.ex_kind)})
    s.bi += 1


def exchange_advance(s: DieMacher) -> bool:
    while s.bi < len(s.ex_list):
        p, b = s.ex_list[s.bi]
        if _can_exchange(s, b):
            s.turn = p
            return True
        s.bi += 1
    s.ex_list = []
    if s.ex_kind == ExchangeKind.MEDIA:
        from hustings.games.die_macher.rules import rallies

        rallies.start(s)
    else:
        from hustings.games.die_macher.rules import election

        election.start_election(s)
    return False
