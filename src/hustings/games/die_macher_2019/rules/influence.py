"""Media influence (seed 000 三.7; ruling R18): state by state from the election state, clockwise, the
media controller may replace a face-up, not doubled opinion with a display card of an issue not face up
in the state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import PASS
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import polls

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def start(s: DieMacher2019) -> None:
    s.phase = Phase.INFLUENCE
    s.order = s._round_order()
    s.bi = 0


def advance(s: DieMacher2019) -> bool:
    """Skip states without a controller or without a possible replacement; then the polls."""
    while s.bi < len(s.order):
        b = s.order[s.bi]
        c = s._controller(b)
        if c >= 0 and replace_actions(s, b):
            s.turn = c
            return True
        s.bi += 1
    polls.start(s)
    return s.phase == Phase.INFLUENCE


def replace_actions(s: DieMacher2019, b: int) -> list[Action]:
    up = s.up[b]
    present = {c >> 1 for c in up}
    out = []
    new_types = sorted({t for t in s.op_display if t >> 1 not in present})
    for c in up:
        if c >> 1 == s.dbl[b]:
            continue
        row = X.REPLACE[c >> 1]
        out += [row[t] for t in new_types]
    return out


def legal(s: DieMacher2019, p: int) -> list[Action]:
    return [PASS, *replace_actions(s, s.order[s.bi])]


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    b = s.order[s.bi]
    if a.kind == "replace":
        issue, t = a.args
        old = next(c for c in s.up[b] if c >> 1 == issue)
        s.up[b][s.up[b].index(old)] = t
        s.op_display.remove(t)
        s.op_disc.append(old)
        s.emit("opinion_replaced", {"player": p, "board": b, "old": old, "new": t})
    else:
        s.emit("influence_pass", {"player": p, "board": b})
    s.bi += 1
