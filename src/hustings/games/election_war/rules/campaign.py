"""3. 開始競選 (seed 004): six rounds, one per row, top to bottom; each from the starting player clockwise.

A turn: 3-1 draw up to six news cards (automatic, R4); 3-2 play news cards on candidates of this round's row,
each followed by the wind check (註1) and, if it succeeds, the target owner's press conference (R6); a
successful effect is carried out, and one whose wind result is 爆 ends the playing; 3-3 discard.
"""

from __future__ import annotations

from itertools import chain, compress
from operator import itemgetter, not_, or_
from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.election_war.actions import DISCARD, DONE, NO_PRESS, PLAY, PRESS, STOP
from hustings.games.election_war.phases import Phase, Status

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar

if int(Status.STANDING) != 0 or min(map(int, Status)) < 0:  # targets() relies on it
    raise ValueError("election-war: a standing candidate's status must be 0, and no status negative")
_PRESS_CHOICES = (PRESS, NO_PRESS)


def start_round(s: ElectionWar) -> None:
    s.turn_i = 0
    s.emit("round_started", {"round": s.round, "district": s.rows[s.round]})
    start_turn(s)


def start_turn(s: ElectionWar) -> None:
    p = (s.first + s.turn_i) % s.n
    s.turn = p
    s.emit("turn_started", {"player": p, "round": s.round})
    # 3-1 (R4): drawing is automatic, up to six; a hand already holding six or more draws nothing.
    short = s.hand_size - len(s.hands[p])
    if short > 0:
        s.draw(p, short)
    s.phase = Phase.PLAY
    settle(s)


def targets(s: ElectionWar) -> list[int]:
    """Seats whose candidate on this round's row may be targeted: standing and not protected (R5: one's own too)."""
    # status | protected is 0 exactly for a target (STANDING is 0, statuses and flags are never negative): one C
    # pipeline instead of a Python loop over the seats, on every play
    r = s.round
    return list(compress(range(s.n), map(not_, map(or_, s.status[r], s.protected[r]))))


def has_target(s: ElectionWar) -> bool:
    """Whether :func:`targets` is not empty, without building it."""
    r = s.round
    return 0 in map(or_, s.status[r], s.protected[r])


def settle(s: ElectionWar) -> None:
    """Back to 3-2 after a card is resolved: with no card or no target left the playing ends by itself."""
    if s.hands[s.turn] and has_target(s):
        s.phase = Phase.PLAY
    else:
        to_discard(s)


def to_discard(s: ElectionWar) -> None:
    """3-3; with an empty hand there is nothing to decide and the turn ends."""
    if s.hands[s.turn]:
        s.phase = Phase.DISCARD
    else:
        end_turn(s)


def end_turn(s: ElectionWar) -> None:
    s.turn_i += 1
    if s.turn_i < s.n:
        start_turn(s)
        return
    s.round += 1
    if s.round < s.nrows:
        start_round(s)
    else:
        count.count(s)


# ------------------------------------------------------------------------------------------- 3-2


def play_legal(s: ElectionWar, p: int) -> list[Action]:
    # each design in the (sorted) hand once, in order, then each target: the order random play and records rely on
    designs = dict.fromkeys(s.hands[p])
    ts = targets(s)
    out: list[Action]
    if len(ts) > 1:
        pick = itemgetter(*ts)  # a row's actions on every target at once (a tuple), read in C
        out = list(chain.from_iterable(map(pick, map(PLAY.__getitem__, designs))))
    elif ts:
        q = ts[0]
        out = [PLAY[t][q] for t in designs]
    else:
        out = []
    out.append(STOP)
    return out


def play_apply(s: ElectionWar, p: int, a: Action) -> None:
    D = s.data
    if a is STOP:
        s.emit("stopped", {"player": p})
        to_discard(s)
        return
    t, q = a.args
    s.hands[p].remove(t)
    s.pending = [t, q]
    s.emit("played", {"player": p, "card": t, "target": q, "row": s.round})
    level = s.level[s.round][q]
    flipped = s.flip()
    die = D.NEWS_DIE[flipped] if flipped >= 0 else 0
    ok = die >= level  # 註1
    s.emit("wind_check", {"card": flipped, "die": die, "level": level, "success": ok, "target": q})
    if ok:
        s.phase = Phase.PRESS  # R6: offered after every successful check
    else:
        fizzle(s)


def fizzle(s: ElectionWar) -> None:
    """3-2: a failed check or a cleared name: the news card goes to the discard pile, and the playing goes on."""
    s.discard.append(s.pending[0])
    s.pending = []
    settle(s)


def press_legal(s: ElectionWar, p: int) -> list[Action]:
    return list(_PRESS_CHOICES)


def press_apply(s: ElectionWar, p: int, a: Action) -> None:
    D = s.data
    q = s.pending[1]
    if a is PRESS:
        level = s.level[s.round][q]
        flipped = s.flip()
        die = D.NEWS_DIE[flipped] if flipped >= 0 else 0
        cleared = die >= level  # 3-2: the press conference is a wind check of the owner's own (註1)
        s.emit("press_conference", {"player": p, "card": flipped, "die": die, "level": level, "cleared": cleared})
        if cleared:
            fizzle(s)
            return
    else:
        s.emit("press_declined", {"player": p})
    carry_out(s)


def carry_out(s: ElectionWar) -> None:
    """3-2: the white text of the news card happens; a 爆 card ends the playing once carried out."""
    D = s.data
    t, q = s.pending
    effects.apply_effect(s, t, q)
    s.discard.append(t)  # R7: a carried-out card goes to the discard pile as well
    s.pending = []
    if D.NEWS_STOPS[t]:
        s.emit("explosion", {"player": s.turn, "card": t})
        to_discard(s)
    else:
        settle(s)


# ------------------------------------------------------------------------------------------- 3-3


def discard_legal(s: ElectionWar, p: int) -> list[Action]:
    out = list(map(DISCARD.__getitem__, dict.fromkeys(s.hands[p])))  # each design in the sorted hand once
    out.append(DONE)
    return out


def discard_apply(s: ElectionWar, p: int, a: Action) -> None:
    if a is DONE:
        s.emit("kept", {"player": p, "count": len(s.hands[p])})
        end_turn(s)
        return
    t = a.args[0]
    s.hands[p].remove(t)
    s.discard.append(t)
    s.emit("discarded", {"player": p, "card": t})
    if not s.hands[p]:
        end_turn(s)


from hustings.games.election_war.rules import count, effects  # noqa: E402
