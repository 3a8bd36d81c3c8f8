"""State elections (seed 000 三.9.2, 三.9.4, 四; rulings R12, R14, R15, R30, R32, R34): table points
from 5 votes, the majority, coalition or plurality bonus, media presence; then the state leaves the game
(in the expanded game a reserve state takes its board, 四.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hustings.engine import Action, freeze
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import round_end

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def hold_elections(s: DieMacher2019) -> None:
    s.round_points = [0] * s.n
    s.elec_boards = s._election_boards(s.round)
    next_election(s)


def next_election(s: DieMacher2019) -> None:
    """Hold the round's elections in turn; stop while one waits for media presence decisions (R14)."""
    while s.elec_boards:
        if election(s, s.elec_boards.pop(0)):
            return
    round_end.after_elections(s)


def election(s: DieMacher2019, b: int) -> bool:
    """三.9.2: table points from 5 votes; majority, coalition or plurality bonus; then each party entitled
    to media presence with a marker in the state decides whether to move one there (R14). When nobody is
    asked the election ends at once; otherwise the phase waits in ``Phase.PRESENCE`` (returns True)."""
    D = s.data
    n = s.n
    card = D.STATES[s.board_state[b]]
    v = s.votes[b]
    need = D.BONUS["majority_votes"]
    points = [card.points_for(v[p]) if v[p] >= D.BONUS["min_votes_for_points"] else 0 for p in range(n)]
    bonus = [0] * n
    winners: list[int] = []
    coalition: list[int] = []
    maj = [p for p in range(n) if v[p] >= need]
    if len(maj) == 1:
        bonus[maj[0]] = D.BONUS["single_majority"]
        winners = maj
    elif len(maj) > 1:
        for p in maj:
            bonus[p] = D.BONUS["multi_majority"]
        top = max(v[p] for p in maj)
        winners = [p for p in maj if v[p] == top]
    else:
        top = max(v)
        leader = s._nearest_first([p for p in range(n) if v[p] == top])
        cands = [q for q in range(n) if q != leader and v[leader] + v[q] >= need]
        if cands:
            lead_plat = set(s.platform[leader])
            best = max(len(lead_plat & set(s.platform[q])) for q in cands)
            partner = s._nearest_first([q for q in cands if len(lead_plat & set(s.platform[q])) == best])
            coalition = [leader, partner]
            for q in coalition:
                bonus[q] = D.BONUS["coalition"]
            winners = list(coalition)
        elif top > 0:
            # R38: every party tied for the most votes wins the state and takes the bonus (as 情况二 does
            # for tied majorities); the nearest-first tie-break only picks who seeks a partner first
            winners = [p for p in range(n) if v[p] == top]
            for p in winners:
                bonus[p] = D.BONUS["plurality"]
        # else: nobody has a vote, so nobody leads (ruling R32)
    ctrl = s._controller(b)  # decided before any marker leaves the state (R34)
    entitled = winners + ([ctrl] if ctrl >= 0 and ctrl not in winners else [])
    s.pres_board = b
    s.pres_points = points
    s.pres_bonus = bonus
    s.pres_winners = winners
    s.pres_coalition = coalition
    s.pres_moved = []
    # R14: "可以" (may): each entitled party with a marker there decides, in turn order from the first player
    s.queue = sorted((p for p in entitled if s.media[b][p] > 0), key=lambda p: (p - s.first) % n)
    if s.queue:
        s.phase = Phase.PRESENCE
        s.turn = s.queue[0]
        return True
    finish(s)
    return False


def presence_legal(s: DieMacher2019, p: int) -> list[Action]:
    return [X.PRESENCE, X.KEEP_MARKER]


def presence_apply(s: DieMacher2019, p: int, a: Action) -> None:
    D = s.data
    b = s.pres_board
    data = {"player": p, "board": b, "state": s.board_state[b],
            "value": D.MEDIA_PRESENCE[s.variant][s.elections_done]}
    if a.kind == "presence":
        s.media[b][p] -= 1
        s.presence[p].append(s.elections_done)
        s.pres_moved.append(p)
        s.emit("presence_moved", data)
    else:
        s.emit("presence_kept", data)  # the marker goes back to the reserve with the state's others (R15)
    s.queue.pop(0)


def presence_advance(s: DieMacher2019) -> bool:
    if s.queue:
        s.turn = s.queue[0]
        return True
    finish(s)
    next_election(s)
    return s.phase == Phase.PRESENCE


def finish(s: DieMacher2019) -> None:
    """Record the waiting election's result, then the state leaves the game (三.9.4)."""
    D = s.data
    n = s.n
    b = s.pres_board
    v = s.votes[b]
    points, bonus, winners, coalition = s.pres_points, s.pres_bonus, s.pres_winners, s.pres_coalition
    moved = s.pres_moved
    en = s.elections_done
    for p in range(n):
        s.vp_elec[p] += points[p]
        s.vp_bonus[p] += bonus[p]
        s.round_points[p] += points[p]
    result: dict[str, Any] = {
        "election": en + 1,
        "board": b,
        "state": s.board_state[b],
        "parties": list(s.party),  # seat -> party, so the lists below read per party too
        "votes": list(v),
        "points": points,
        "bonus": bonus,
        "winners": winners,
        "coalition": coalition,
        "media_presence": moved,
        "presence_value": D.MEDIA_PRESENCE[s.variant][en],
    }
    # frozen: clones share the election history, so nobody (a bot holding a sample included) may edit it
    s.results.append(freeze(result))
    s.emit("election_result", result)
    s.elections_done += 1
    # 三.9.4: the state leaves the game with its markers; opinions go to the discard pile (R15).
    s.op_disc.extend(s.up[b])
    s.op_disc.extend(s.down[b])
    s.up[b] = []
    s.down[b] = []
    if s.dbl[b] >= 0:
        s.dbl[b] = -1
        s.double_supply += 1
    for p in range(n):
        s.media_res[p] += s.media[b][p]
        s.rally_res[p] += s.rallies[b][p]
        s.media[b][p] = s.rallies[b][p] = s.trend[b][p] = s.votes[b][p] = 0
    s.placed[b] = []
    s.board_state[b] = -1
    s.pres_board = -1
    s.pres_points, s.pres_bonus, s.pres_winners, s.pres_coalition, s.pres_moved = [], [], [], [], []
    # 四.8: after each of the first three elections a reserve state takes the empty board.
    if s.expanded and s.reserve and s.round <= 3:
        s.board_state[b] = s.reserve.pop()
        s.elec_round[b] = next(r for r, bb in s.data.ELECTIONS["expanded"][4:] if bb == b)
        s.down[b] = [s._draw_opinion() for _ in range(4)]
        s.emit("state_added", {"board": b, "state": s.board_state[b], "election_round": s.elec_round[b]})
