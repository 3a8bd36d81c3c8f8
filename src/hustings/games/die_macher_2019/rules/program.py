"""Program adjustment (seed 000 三.2; rulings R19): take cards, swap up to 2 with the platform, keep
one card in hand. A politician's "adjust your program" (三.6) runs the same steps and returns to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import DONE
from hustings.games.die_macher_2019.phases import Phase, ProgStep, Return
from hustings.games.die_macher_2019.rules import execution, media

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019

_DRAW, _WIPE_PICK, _SWAP, _DISCARD = ProgStep.DRAW, ProgStep.WIPE_PICK, ProgStep.SWAP, ProgStep.DISCARD


def start(s: DieMacher2019, p: int) -> None:
    s.phase = Phase.PROGRAM
    s.prog_player = p
    s.turn = p
    s.prog_step = _DRAW
    s.prog_swaps = 0


def legal(s: DieMacher2019, p: int) -> list[Action]:
    step = s.prog_step
    if step == _DRAW:
        return [X.NODRAW, X.WIPE, *[X.TAKE[t] for t in sorted(set(s.prog_display))]]
    if step == _WIPE_PICK:
        return [X.PICK[t] for t in sorted(set(s.prog_display))]
    if step == _SWAP:
        return [DONE, *swap_actions(s, p)]
    if step == _DISCARD:
        return [X.DISCARD[t] for t in sorted(set(s.hand[p]))]
    return []


def swap_actions(s: DieMacher2019, p: int) -> list[Action]:
    plat = s.platform[p]
    issues = [c >> 1 for c in plat]
    out = []
    for t in sorted(set(s.hand[p])):
        i = t >> 1
        if i in issues:  # only the card of the same issue can make room for it
            j = issues.index(i)
            if plat[j] != t:
                out.append(X.SWAP[j][t])
        else:
            out += [X.SWAP[j][t] for j in range(len(plat))]
    return out


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    """三.2: take deck + display (or wipe the display and take one), up to 2 swaps, hand to 1."""
    k, x = a.kind, a.args
    hand = s.hand[p]
    if k == "take":
        c = s._draw_program()
        if c >= 0:
            hand.append(c)
            s.emit("program_drawn", {"player": p, "card": c}, to=p)
        s.prog_display.remove(x[0])
        hand.append(x[0])
        s.emit("program_taken", {"player": p, "card": x[0], "from_deck": c >= 0})
        s.prog_step = _SWAP
    elif k == "wipe":
        s.prog_disc.extend(s.prog_display)
        s.prog_display = []
        s._refill_display()
        s.emit("display_wiped", {"player": p, "display": list(s.prog_display)})
        s.prog_step = _WIPE_PICK if s.prog_display else _SWAP
    elif k == "pick":
        s.prog_display.remove(x[0])
        hand.append(x[0])
        s.emit("program_taken", {"player": p, "card": x[0], "from_deck": False})
        s.prog_step = _SWAP
    elif k == "nodraw":
        s.prog_step = _SWAP
    elif k == "swap":
        j, t = x
        old = s.platform[p][j]
        s.platform[p][j] = t
        hand.remove(t)
        hand.append(old)
        s.prog_swaps += 1
        s.emit("program_swapped", {"player": p, "old": old, "new": t})
    elif k == "done":
        s.prog_step = _DISCARD
    elif k == "discard":
        hand.remove(x[0])
        s.prog_disc.append(x[0])
        s.emit("program_discarded", {"player": p, "card": x[0]})
    if s.prog_step == _SWAP and (s.prog_swaps >= 2 or not swap_actions(s, p)):
        s.prog_step = _DISCARD
    if s.prog_step == _DISCARD and len(hand) <= 1:
        finish(s)


def finish(s: DieMacher2019) -> None:
    """The display is refilled after each player (R19); then the next player, or back to the
    politician that started the adjustment, or on to the media phase."""
    s._refill_display()
    s.prog_step = ProgStep.NONE
    if s.prog_return == Return.EXEC:
        s.prog_return = Return.NONE
        s.phase = Phase.EXEC
        execution.exec_next(s)
    elif s.prog_queue:
        start(s, s.prog_queue.pop(0))
    else:
        media.start(s)
