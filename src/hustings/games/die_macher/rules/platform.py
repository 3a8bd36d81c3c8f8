"""Platform meeting (001 2.ii, 003 B)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase, PlatformStep

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher

_MAX_DISCARD = 3


def start(s: DieMacher) -> None:
    s.phase = Phase.PLATFORM
    s.queue = s.order_from(s.first)
    s.qi = 0
    s.turn = s.queue[0]
    s.step = PlatformStep.DISCARD
    s.count = 0


def legal(s: DieMacher, p: int) -> list[Action]:
    if s.step == PlatformStep.DISCARD:
        out = [A.DRAW]
        if s.count < _MAX_DISCARD:
            out += [A.DISCARD[t] for t in sorted(set(s.hand[p]))]
        return out
    out = [A.KEEP]
    prog = s.prog[p]
    hand = sorted(set(s.hand[p]))
    # The public program keeps five different issues (003 B: no same or opposite cards; ruling R7): a card may go
    # in a slot when no OTHER slot holds its issue. Counted once, not a set per slot: this runs at every swap step.
    held: dict[int, int] = {}
    for x in prog:
        held[x >> 1] = held.get(x >> 1, 0) + 1
    cards = [(t, t >> 1) for t in hand]
    for slot, old in enumerate(prog):
        mine = old >> 1
        swap = A.SWAP[slot]
        out += [swap[t] for t, i in cards if t != old and held.get(i, 0) == (i == mine)]
    return out


def apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    if a.kind == "discard":
        t = a.args[0]
        s.hand[p].remove(t)
        s.prog_disc.append(t)  # face up (ruling R8)
        s.count += 1
        s.emit("program_discarded", {"seat": p, "card": t})
        return
    if a.kind == "draw":
        drawn = []
        while len(s.hand[p]) < D.HIDDEN_PROGRAM:
            c = s.draw_program()
            if c < 0:
                break
            drawn.append(c)
            s.hand[p].append(c)
        s.hand[p].sort()
        s.emit("program_drawn", {"seat": p, "count": len(drawn)})
        if drawn:
            s.emit("program_drawn_cards", {"cards": drawn}, to=p)
        s.step = PlatformStep.SWAP
        return
    if a.kind == "swap":
        slot, t = a.args
        old = s.prog[p][slot]
        s.hand[p].remove(t)
        s.prog[p][slot] = t
        s.prog_disc.append(old)
        s.emit("program_swapped", {"seat": p, "slot": slot, "old": old, "card": t})
    _next(s)


def _next(s: DieMacher) -> None:
    s.qi += 1
    s.step = PlatformStep.DISCARD
    s.count = 0
    if s.qi < len(s.queue):
        s.turn = s.queue[s.qi]
        return
    from hustings.games.die_macher.rules import cabinet

    cabinet.start(s)

