"""Converting rally cubes into votes (seed 000 三.9.1; rulings R11, R30).

States are converted from the state before the election state, counter-clockwise, the election states
last. In other states each player with at least 4 cubes may convert 4 or more once; in an election state
every cube is converted automatically. Votes = (cubes + trend, at least 1) x (match, at least 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.actions import PASS
from hustings.games.die_macher_2019.formulas import conversion_votes, match
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import election

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def start(s: DieMacher2019) -> None:
    order = s._round_order()
    eb = s._election_boards(s.round)
    s.conv_boards = [b for b in reversed(order) if b not in eb] + eb
    s.phase = Phase.CONVERT
    s.queue = []
    s.conv_started = False
    advance(s)


def advance(s: DieMacher2019) -> bool:
    """Non-election states in conversion order, each player from the first player deciding;
    the election states last, converted in full automatically (三.9.1)."""
    eb = s._election_boards(s.round)
    while s.conv_boards:
        b = s.conv_boards[0]
        if b in eb:
            for p in s._order_from(s.first):
                if s.rallies[b][p] > 0:
                    convert(s, b, p, s.rallies[b][p])
            s.conv_boards.pop(0)
            continue
        if not s.conv_started:
            s.queue = [p for p in s._order_from(s.first) if s.rallies[b][p] >= 4]
            s.conv_started = True
        if s.queue:
            s.turn = s.queue[0]
            return True
        s.conv_started = False
        s.conv_boards.pop(0)
    election.hold_elections(s)
    return s.phase == Phase.CONVERT


def match_in(s: DieMacher2019, p: int, b: int) -> tuple[int, list[dict[str, int]]]:
    """Player ``p``'s platform against the face-up opinions of board ``b`` (三.9.1, 四.2)."""
    return match(s.platform[p], s.up[b], s.dbl[b])


def convert(s: DieMacher2019, b: int, p: int, cubes: int) -> None:
    trend = s.trend[b][p]
    m, parts = match_in(s, p, b)
    votes = conversion_votes(cubes, trend, m)
    s.votes[b][p] += votes
    s.rallies[b][p] -= cubes
    s.rally_res[p] += cubes
    data: dict[str, Any] = {"player": p, "board": b, "state": s.board_state[b], "cubes": cubes, "trend": trend,
                            "match": m, "match_parts": parts, "votes": votes, "total": s.votes[b][p]}
    s.emit("votes_converted", data)


def legal(s: DieMacher2019, p: int) -> list[Action]:
    have = s.rallies[s.conv_boards[0]][p]
    return [PASS, *X.CONVERT[4 : have + 1]]


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    b = s.conv_boards[0]
    if a.kind == "convert":
        convert(s, b, p, a.args[0])
    else:
        s.emit("convert_pass", {"player": p, "board": b})
    s.queue.pop(0)
