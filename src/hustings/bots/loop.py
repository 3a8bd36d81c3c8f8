"""The turn policy's two rules, and the bare loop of bots on a state.

Who acts next (:func:`next_bot_seat`: of the seats to act now, the first, in seat order, that a bot plays) and
what a bot is given (:func:`hustings.bots.runner.ask`: its view and a copy of its legal actions) are written
here once. The table core (:meth:`hustings.table.core.Table.bot_turn`), which every table drives games through
(the terminal, the server, the lab), adds what only a table knows (a person away or out of time played by a
stand-in); :func:`drive` is the same policy on a bare state, for :func:`hustings.bots.runner.play_game` (the
layers let the table use bots, not the other way round).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from hustings.bots.random_bot import Bot
from hustings.bots.runner import ask
from hustings.engine import Action, Event, GameState

StopReason = Literal["over", "person", "until", "max_steps"]


@dataclass(frozen=True)
class Driven:
    """Why :func:`drive` stopped, and how many actions it applied."""

    reason: StopReason
    steps: int


def next_bot_seat(to_act: Sequence[int], bot_plays: Callable[[int], bool]) -> int | None:
    """The seat a bot acts for next: the first of ``to_act`` (in a simultaneous step, seat order) that
    ``bot_plays``, else None (every seat to act is a person's, or none is)."""
    for seat in to_act:
        if bot_plays(seat):
            return seat
    return None


def drive(
    state: GameState,
    actors: Sequence[Bot | None],
    *,
    on_event: Callable[[Event], None] | None = None,
    max_steps: int | None = None,
    until: Callable[[GameState], bool] | None = None,
    apply: Callable[[int, Action], list[Event]] | None = None,
    on_decision: Callable[[int, int, float], None] | None = None,
) -> Driven:
    """Let the bots in ``actors`` (one per seat; None for a person) play ``state`` in place.

    Stops when the game is over, when only people are to act, when ``until(state)`` holds
    (checked before each move) or after ``max_steps`` actions. In a simultaneous step the bots among the current
    players act one at a time in seat order (:func:`next_bot_seat`), and ``current_players`` is read again after
    every action, because an action may change who must still act. Each bot is asked through
    :func:`hustings.bots.runner.ask`: its view and a copy of the legal list, never the state.

    ``apply(player, action)`` applies and returns the events (default ``state.apply``; the match service
    passes its apply-then-save); with neither ``apply`` nor ``on_event`` nobody reads them, and the loop
    calls the state's ``play`` instead (no event is copied for nothing). ``on_event`` sees every event
    produced, private ones too: filter with :meth:`Event.visible_to` before showing one to anybody.
    ``on_decision(player, legal_count, seconds)`` times each bot's decision (the lab's statistics).
    """
    if len(actors) != state.num_players:
        raise ValueError(f"{len(actors)} bots for a {state.num_players}-player game")
    do_apply = state.apply if apply is None else apply
    quiet = apply is None and on_event is None
    steps = 0
    while True:
        if state.is_over:
            return Driven("over", steps)
        if max_steps is not None and steps >= max_steps:
            return Driven("max_steps", steps)
        current = state.current_players
        if not current:
            raise RuntimeError("the game is not over but no player is to act")
        player = next_bot_seat(current, lambda p: actors[p] is not None)
        if player is None:
            return Driven("person", steps)
        bot = actors[player]
        assert bot is not None
        if until is not None and until(state):
            return Driven("until", steps)
        legal = state.legal_actions(player)
        if not legal:
            raise RuntimeError(f"player {player} is to act but has no legal action")
        if on_decision is None:
            action = ask(bot, state, player, legal)
        else:
            started = time.perf_counter()
            action = ask(bot, state, player, legal)
            on_decision(player, len(legal), time.perf_counter() - started)
        steps += 1
        if quiet:
            state.play(player, action)
            continue
        events = do_apply(player, action)
        if on_event is not None:
            for event in events:
                on_event(event)
