"""The server's undo rule: a seat may take back its own last action while nobody else has acted since and the
action revealed no hidden information to anyone.

"Revealed nothing" is tested, not declared by the games: the action is applied again on a few states that
agree with everything the actor knew but deal everything hidden from the actor anew (``resample``); if the
public view, the actor's view or the public and actor's events come out the same every time, what the action
showed did not depend on anything hidden (no card drawn, no die rolled, no secret bid uncovered). An action
that sent another seat a private event told that seat something, so it cannot be taken back either.
"""

from __future__ import annotations

import random

from hustings.engine import Event, GameState, IllegalActionError, ResampleError

#: how many re-dealt states an undo is tested on; each agreeing one makes a coincidence less likely
SAMPLES = 3


def _seen(events: list[Event], seat: int) -> list[tuple[str, object]]:
    return [(e.type, e.to_json()["data"]) for e in events if e.to is None or e.to == seat]


def undo_refusal(before: GameState, seat: int, action: int, rng: random.Random | None = None) -> str | None:
    """None when ``seat``'s ``action`` on ``before`` may be taken back; else the reason's catalog key
    (``undo.reveals``: it showed something hidden, ``undo.unknown``: the game cannot deal a resample)."""
    rng = rng or random.Random()
    after = before.clone()
    events = after.apply(seat, action)
    if any(e.to is not None and e.to != seat for e in events):
        return "undo.reveals"
    public, mine, seen = after.view(None), after.view(seat), _seen(events, seat)
    for _ in range(SAMPLES):
        try:
            alt = before.resample(seat, rng)
        except (ResampleError, NotImplementedError):
            return "undo.unknown"
        try:
            alt_events = alt.apply(seat, action)
        except IllegalActionError:
            return "undo.reveals"  # legal or not depended on something hidden
        if alt.view(None) != public or alt.view(seat) != mine or _seen(alt_events, seat) != seen:
            return "undo.reveals"
    return None
