"""Competing for media influence (seed 000 三.3): in turn from the first player, buy a media marker
for 5,000 € into a free space (5 per state), or pass; the phase ends when everyone passes in a row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import PASS
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import rallies

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def start(s: DieMacher2019) -> None:
    s.phase = Phase.MEDIA
    s.passes = 0
    s.turn = s.first


def legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    out = [PASS]
    if s.media_res[p] > 0 and s.money[p] >= D.MEDIA_COST:
        out += [X.MEDIA[b] for b in range(4) if s.board_state[b] >= 0 and sum(s.media[b]) < D.MEDIA_SLOTS]
    return out


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    D = s.data
    if a.kind == "pass":
        s.passes += 1
        s.emit("media_pass", {"player": p})
    else:
        s.passes = 0
        b = a.args[0]
        s.money[p] -= D.MEDIA_COST
        s.media_res[p] -= 1
        s.media[b][p] += 1
        s.emit("media_bought", {"player": p, "board": b, "cost": D.MEDIA_COST})
    if s.passes >= s.n:
        rallies.start(s)
    else:
        s.turn = (p + 1) % s.n
