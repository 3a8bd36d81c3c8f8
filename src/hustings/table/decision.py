"""What a seat's decision rests on: the part of its view the stale-step rule compares (:meth:`Table.check_step`).

An act sent at an older step is taken when the seat's *decision part* has not changed since that step. By default
that is the whole view. In a simultaneous step (everyone writes a bid, places a card face down, picks from a
packet) a seat's view also shows how far the others are (who has bid, who has placed), and that changes with every
other seat's act although nothing the seat chose from did; a game names those parts with its ``decision``
adapter, a function ``(view, seat) -> the view without them`` (made from a spec of them per phase with
:func:`hustings.engine.progress.progress_part`: the view compared without them, nothing copied). Only others'
progress may go: the seat's own hand, choices and progress, the board, the phase and anything revealed stay, so an
act is taken only where taking it is the same as had it arrived before the others' (the acts of a simultaneous step
commute). Outside such steps the function returns the view itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import hustings
from hustings.engine import GameState
from hustings.engine.adapters import AdapterKind

#: ``(view, seat) -> the part of the seat's view its decision rests on`` (the view itself where nothing is left out)
DecisionPart = Callable[[Any, int], object]

#: the decision adapter: what of a seat's view is only others' progress in a simultaneous step
DECISION_KIND: AdapterKind[DecisionPart] = AdapterKind(
    "decision", "a function (view, seat) -> the part of the view the seat decides on", callable,
    "the table core's stale-step rule (an act sent at an older step is taken while its seat's decision part is "
    "unchanged); without it: the whole view")


def decision_part_of(game: str) -> DecisionPart | None:
    """The game's decision adapter, or None: the whole view (a game without one, or one the registry does not
    know, such as a test's own state)."""
    try:
        spec = hustings.get_spec(game)
    except ValueError:
        return None
    return spec.adapter(DECISION_KIND)


_UNSET: Any = object()


@dataclass
class _Seen:
    """A seat's view as last made, and the steps over which its decision part stayed the same: ``since`` ..
    ``upto``. ``part``: the decision part of ``view`` once worked out; ``acting``: the seat was to act when
    ``view`` was made and has not acted since (its own act always starts a new decision)."""

    since: int
    upto: int
    view: Any
    part: Any = _UNSET
    acting: bool = False


class Views:
    """Each seat's view, made once a step, and since which step its decision part has stayed the same (the view
    unchanged, or only others' progress in it while the seat was to act throughout): the memory behind the
    stale-step rule. Steps between the views made are not looked at: what counts is what the seat was shown."""

    def __init__(self) -> None:
        self._seen: dict[int | None, _Seen] = {}
        #: what the game builds once a step for every seat's view (GameState.shared_view)
        self._shared: dict[str, Any] = {}
        self._decide: DecisionPart | None = _UNSET  # the game's decision adapter, looked up when first needed

    def clear(self) -> None:
        """Forget every view (steps were taken back)."""
        self._seen.clear()
        self._shared = {}

    def view(self, state: GameState, seat: int | None) -> Any:
        """What ``seat`` (valid, or None) sees of ``state``: the same object until the step changes."""
        step = state.step_count
        seen = self._seen.get(seat)
        if seen is not None and seen.upto == step:
            return seen.view
        view = state.shared_view(seat, self._shared)
        if seen is not None and seen.upto < step:
            if seen.view == view:
                seen.upto = step
                return seen.view
            if seen.acting and seat is not None and seat in state.current_players:
                decide = self._decision(state)
                if decide is not None:
                    part = decide(view, seat)
                    if part is not view:  # only in a simultaneous step does a game leave anything out
                        if seen.part is _UNSET:
                            seen.part = decide(seen.view, seat)
                        if part == seen.part:  # others moved: what the seat chose from is still what it sees
                            seen.upto, seen.view, seen.part = step, view, part
                            return view
                    seen.since = seen.upto = step
                    seen.view, seen.part, seen.acting = view, part, True
                    return view
        acting = seat is not None and seat in state.current_players
        if seen is None:
            self._seen[seat] = _Seen(step, step, view, acting=acting)
        else:  # a new decision: the record starts over (kept, not made anew: this runs for every seat every step)
            seen.since = seen.upto = step
            seen.view, seen.part, seen.acting = view, _UNSET, acting
        return view

    def unchanged_since(self, state: GameState, seat: int, step: int) -> bool:
        """Has ``seat``'s decision part stayed the same from ``step`` (an older step at which it was shown its
        view) to now? False if the seat was never shown its view at that step."""
        seen = self._seen.get(seat)
        if seen is None or not 0 <= seen.since <= step < state.step_count:
            return False
        since = seen.since
        self.view(state, seat)
        return self._seen[seat].since == since

    def acted(self, seat: int) -> None:
        """``seat`` made a move: its next decision is a new one (an act of it sent before is taken only while its
        view stays exactly the same, never for others' progress alone)."""
        seen = self._seen.get(seat)
        if seen is not None:
            seen.acting = False

    def _decision(self, state: GameState) -> DecisionPart | None:
        decide = self._decide
        if decide is _UNSET:
            decide = self._decide = decision_part_of(state.GAME_ID)
        return decide


__all__ = ["DECISION_KIND", "DecisionPart", "Views", "decision_part_of"]
