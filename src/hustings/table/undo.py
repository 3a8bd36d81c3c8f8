"""The one undo rule of every table (the terminal's :meth:`Match.undo` and the server's): a seat may take back
its own action while it revealed nothing hidden to anyone.

"Revealed nothing" is tested, not declared by each action: the action is applied again on states that agree
with everything the actor knew but deal everything hidden from the actor anew (``resample``); if the public
view, the actor's view and the events the actor saw come out the same every time, what the action showed did
not depend on anything hidden (no card drawn, no die rolled, no secret bid uncovered). An action that sent
another seat a private event told that seat something, so it cannot be taken back either. A game that declares
``PERFECT_INFORMATION`` (nothing hidden, no chance after the deal; checked by the contract suite) needs no
samples.
"""

from __future__ import annotations

import random
from typing import Any

from hustings.engine import Event, GameState, IllegalActionError, ResampleError

#: re-dealt states an undo is tested on before it is carried out: a reveal that agrees with every sample is
#: missed with odds below 2**-SAMPLES even between two equally likely outcomes
SAMPLES = 16

#: catalog keys of the refusals (hustings/messages: undo.reveals, undo.unknown)
REVEALS, UNKNOWN = "undo.reveals", "undo.unknown"


def _seen(events: list[Event], seat: int) -> list[tuple[str, Any]]:
    return [(e.type, e.data) for e in events if e.to is None or e.to == seat]


def undo_refusal(before: GameState, seat: int, action: int, *, samples: int = SAMPLES,
                 rng: random.Random | None = None) -> str | None:
    """None when ``seat``'s ``action`` on ``before`` revealed nothing and may be taken back; else the reason's
    catalog key: :data:`REVEALS` (it showed something hidden, or told another seat something privately) or
    :data:`UNKNOWN` (the game cannot deal a resample, so nobody can tell). ``before`` is left unchanged.

    ``samples`` below :data:`SAMPLES` gives a quick answer for offering an undo (the server asks after every
    move); the undo itself is decided with the full count."""
    after = before.clone()
    events = after.apply(seat, action)
    if any(e.to is not None and e.to != seat for e in events):
        return REVEALS
    if type(before).PERFECT_INFORMATION:
        return None
    rng = rng or random.Random()
    public, mine, seen = after.view(None), after.view(seat), _seen(events, seat)
    for _ in range(samples):
        try:
            alt = before.resample(seat, rng)
        except (ResampleError, NotImplementedError):
            return UNKNOWN
        try:
            alt_events = alt.apply(seat, action)
        except IllegalActionError:
            return REVEALS  # whether it was legal depended on something hidden
        if alt.view(seat) != mine or alt.view(None) != public or _seen(alt_events, seat) != seen:
            return REVEALS
    return None


__all__ = ["REVEALS", "SAMPLES", "UNKNOWN", "undo_refusal"]
