"""The heuristic bot of 逃出總統府: it plays the solver's optimal swap, so it always makes par.

``choose(view, legal)`` reads only the view (the whole position: the puzzle hides nothing) and the legal
actions (the view names the reading of the capture rule, ``capture``). It never spends a hint (hints count
against the player, R8); from a hopeless position it takes back its last swap. ``evaluate(state)`` gives
search bots the value of a position: +1 if the escape is still possible within the action limit (if any), else -1.
The spec's ``bot`` adapter is :data:`HEURISTIC`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hustings.bots.heuristic import Advice, Heuristic
from hustings.engine import Action, GameState
from hustings.games.palace_escape import solver


def choose(view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    return _choose(view, legal, None)


def advise(view: Mapping[str, Any], legal: Sequence[Action]) -> Advice:
    """:func:`choose`'s swap and why: the moves to the exit it leaves, against those the position needs now."""
    why: list[Advice] = []
    _choose(view, legal, why)
    return why[-1]  # every way out of _choose gives its reason


def _choose(view: Mapping[str, Any], legal: Sequence[Action], why: list[Advice] | None) -> Action:
    if not legal:
        raise ValueError("the palace-escape bot was asked to act with no legal actions")
    table = _table(view)
    pair = table.best_pair(view["board"])
    by_kind = {a.kind: a for a in legal if a.kind != "swap"}
    if pair is not None:
        cells = solver.PAIRS[pair]
        for a in legal:
            if a.kind == "swap" and tuple(a.args) == cells:
                if why is not None:
                    now = table.distance(view["board"]) or 0
                    after = table.distance(solver.swapped(view["board"], pair)) or 0
                    left = view["actions_left"]
                    numbers: dict[str, int | float] = {"now": now, "after": after}
                    if left is None:
                        why.append(Advice(a, "advice.swap", numbers))
                    else:
                        why.append(Advice(a, "advice.swap_limit", {**numbers, "left": left}))
                return a
    out = by_kind.get("undo", legal[0])
    if why is not None:
        why.append(Advice(out, "advice.undo" if out.kind == "undo" else "advice.stuck"))
    return out


def evaluate(state: GameState) -> list[float]:
    """One value for the one seat: +1 while an escape within the remaining actions exists, else -1."""
    view = state.view(0)
    if view["status"] != "playing":
        return [1.0 if view["status"] == "won" else -1.0]
    d = _table(view).distance(view["board"])
    left = view["actions_left"]  # None: no limit
    return [1.0 if d is not None and (left is None or d <= left) else -1.0]


def _table(view: Mapping[str, Any]) -> solver.Table:
    """The solved space of the view's mode under the view's reading of the capture rule (R2)."""
    return solver.table(view["variant"] == "hard", view["capture"])


#: the ``bot`` adapter (hustings.bots: the heuristic bot, ISMCTS rollouts and leaf values)
HEURISTIC = Heuristic(choose=choose, evaluate=evaluate, advise=advise)
