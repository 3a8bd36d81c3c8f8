"""Who acts at a table: the one turn policy of the table core (:class:`hustings.table.core.Table`, which is made
of it, :class:`TurnPolicy`, and of the undo of :mod:`hustings.table.takeback`; every name here is importable from
:mod:`hustings.table.core` too).

A bot acts for its own seat, and a stand-in for a person's seat when the person has been away past the grace period
(only at a table whose clock allows it) or is out of time; of the seats to act, the bots go first. The interface
decides only where and when a bot thinks (:class:`BotTurn`): the terminal inline with a pause (:data:`BOT_PAUSE`),
the server in its executor, the lab at full speed (:meth:`TurnPolicy.play_bots`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hustings.bots.heuristic import heuristic_for
from hustings.bots.loop import Driven, next_bot_seat
from hustings.bots.random_bot import Bot
from hustings.bots.registry import make_bot
from hustings.bots.runner import ask
from hustings.engine import Action, Event, GameState
from hustings.table.basics import BOT, PERSON, Applied, Mover
from hustings.table.clock import Clocks, ClockSettings
from hustings.table.seeds import bot_seed

#: the one pause rule of a table people watch (the terminal): seconds before a bot's move, so a person can follow
#: it; a forced move, or a table asked to be fast, waits FAST_PAUSE (the server and the lab do not pause)
BOT_PAUSE, FAST_PAUSE = 0.4, 0.01


@dataclass
class BotTurn:
    """A bot's turn: ``seat`` is to act at ``step``, played by ``bot`` (its own, or ``stand_in`` for its person).
    ``state`` is the table's (``detach``: a copy, to think on away from the table)."""

    seat: int
    step: int
    bot: Bot
    stand_in: bool
    state: GameState

    def think(self) -> Action:
        """The bot's decision, from what the seat may see (:func:`hustings.bots.runner.ask`)."""
        return ask(self.bot, self.state, self.seat, self.state.legal_actions(self.seat))

    def at_random(self) -> Action:
        """A random legal action: what the seat plays when its bot fails (the table must go on)."""
        legal = self.state.legal_actions(self.seat)
        return legal[random.randrange(len(legal))]

    @property
    def searches(self) -> bool:
        """A search bot: slow enough that an interface thinks it off its main thread."""
        return bool(getattr(self.bot, "searches", False))


class TurnPolicy:
    """The turn policy of a :class:`~hustings.table.core.Table` (a part of the table: its state, seats and clocks are
    the table's own): who plays each seat now, who acts next, when a bot is due and what it plays on."""

    if TYPE_CHECKING:  # the table's own (hustings.table.core.Table)
        state: GameState
        seat_names: tuple[str | None, ...]
        bots: list[Bot | None]
        stand_ins: dict[int, Bot]
        clock: ClockSettings
        clocks: Clocks
        grace_s: float
        stand_in_when_away: bool
        left_at: dict[int, float]

        @property
        def is_over(self) -> bool: ...

        @property
        def to_act(self) -> tuple[int, ...]: ...

        def view(self, seat: int | None) -> Any: ...

        def act(self, seat: int, action: Action | int | Mapping[str, Any], *, step: int | None = None,
                by: Mover = PERSON, at: float | None = None) -> Applied: ...

    # -- who acts: the one turn policy -----------------------------------------------------------------------

    def out_of_time(self, seat: int, now: float | None = None) -> bool:
        """A seat whose bank is empty (bank clock), or that is past its turn's deadline (turn clock)."""
        if self.clock.mode == "none":
            return False
        to_act = self.state.current_players
        left = self.clocks.remaining(seat, to_act, time.time() if now is None else now)
        return left is not None and left <= 0 and (self.clock.mode == "bank" or seat in to_act)

    def is_away(self, seat: int, now: float | None = None) -> bool:
        """A person gone past the grace period, at a table where that brings a stand-in."""
        if not self.stand_in_when_away:
            return False
        left = self.left_at.get(seat)
        return left is not None and (time.time() if now is None else now) - left >= self.grace_s

    def bot_plays(self, seat: int, now: float | None = None) -> bool:
        """Is a bot to make ``seat``'s moves now: a bot's seat, or a person's away or out of time."""
        return self.seat_names[seat] is not None or self.is_away(seat, now) or self.out_of_time(seat, now)

    def replaced_by_bot(self, seat: int, now: float | None = None) -> bool:
        """A person's seat a stand-in plays now."""
        return self.seat_names[seat] is None and (self.is_away(seat, now) or self.out_of_time(seat, now))

    def seat_left(self, seat: int, now: float | None = None) -> None:
        """Nobody plays ``seat`` now (its person's last connection went): a stand-in plays it after grace_s."""
        if self.seat_names[seat] is None and seat not in self.left_at:
            self.left_at[seat] = time.time() if now is None else now

    def seat_back(self, seat: int, now: float | None = None) -> bool:
        """Someone plays ``seat`` again: no stand-in plays it any more; True if one did."""
        left = self.left_at.pop(seat, None)
        return (self.stand_in_when_away and left is not None
                and (time.time() if now is None else now) - left >= self.grace_s)

    def next_wakeup(self, now: float | None = None) -> float | None:
        """The next time at which who plays a seat changes by itself (a grace period or a clock runs out), or None;
        an interface that waits for people calls :meth:`bot_turn` again then."""
        if self.is_over:
            return None
        now = time.time() if now is None else now
        times = [left + self.grace_s for left in self.left_at.values()
                 if self.stand_in_when_away and left + self.grace_s > now]
        to_act = self.state.current_players
        times += [d for p in to_act if not self.bot_plays(p, now)
                  if (d := self.clocks.deadline(p, to_act)) is not None]
        return min(times) if times else None

    def bot_due(self, now: float | None = None) -> bool:
        """A bot is to act now (:meth:`bot_turn` would give a turn)."""
        if self.is_over:
            return False
        now = time.time() if now is None else now
        return next_bot_seat(self.state.current_players, lambda p: self.bot_plays(p, now)) is not None

    def bot_for(self, seat: int) -> tuple[Bot, bool]:
        """The bot that plays ``seat``: its own, or a stand-in for its person (the game's heuristic bot where it
        has one; seeded from the game's seed, never giving it away); and whether it is a stand-in."""
        bot = self.bots[seat]
        if bot is not None:
            return bot, False
        stand_in = self.stand_ins.get(seat)
        if stand_in is None:
            game = self.state.GAME_ID
            name = "heuristic" if heuristic_for(game) is not None else "random"
            stand_in = self.stand_ins[seat] = make_bot(name, game, bot_seed(self.state.seed, seat) ^ 1, clock=True)
        return stand_in, True

    def next_actor(self, now: float | None = None) -> int | None:
        """The turn policy's answer to "who acts next": of the seats to act, the first a bot plays (a bot never
        waits on a person), else the first person's; None once the game is over."""
        to_act = self.to_act
        if not to_act or self.state.is_over:
            return None
        now = time.time() if now is None else now
        seat = next_bot_seat(to_act, lambda p: self.bot_plays(p, now))
        return to_act[0] if seat is None else seat

    def bot_pause(self, seat: int, fast: bool = False) -> float:
        """How long a table people watch waits before the bot of ``seat`` moves (BOT_PAUSE, FAST_PAUSE)."""
        return FAST_PAUSE if fast or len(self.state.legal_actions(seat)) == 1 else BOT_PAUSE

    def bot_turn(self, now: float | None = None, detach: bool = False) -> BotTurn | None:
        """The turn policy: the seat a bot acts for now (of the seats to act, the first in seat order that a bot
        plays), or None when only people are to act or the game is over. ``detach``: the turn carries a copy of
        the state to think on while the table goes on (its answer is then checked as an act at that step)."""
        if self.is_over:
            return None
        now = time.time() if now is None else now
        seat = next_bot_seat(self.state.current_players, lambda p: self.bot_plays(p, now))
        if seat is None:
            return None
        bot, stand_in = self.bot_for(seat)
        if detach:
            self.view(seat)  # the view it thinks on: an answer is taken only while the view stays the same
        return BotTurn(seat, self.state.step_count, bot, stand_in, self.state.clone() if detach else self.state)

    def play_bots(self, *, until: Callable[[GameState], bool] | None = None, max_steps: int | None = None,
                  on_event: Callable[[Event], None] | None = None,
                  on_decision: Callable[[int, int, float], None] | None = None) -> Driven:
        """Bots move at full speed, each move stored, until only people are to act, the game ends,
        ``until(state)`` holds or ``max_steps`` moves were made (the lab; tests). ``on_decision(seat, legal count,
        seconds)`` times each decision."""
        steps = 0
        while True:
            if self.is_over:
                return Driven("over", steps)
            if max_steps is not None and steps >= max_steps:
                return Driven("max_steps", steps)
            turn = self.bot_turn()
            if turn is None:
                return Driven("person", steps)
            if until is not None and until(self.state):
                return Driven("until", steps)
            if on_decision is None:
                action = turn.think()
            else:
                started = time.perf_counter()
                action = turn.think()
                on_decision(turn.seat, len(self.state.legal_actions(turn.seat)), time.perf_counter() - started)
            applied = self.act(turn.seat, action, by=BOT)
            steps += 1
            if on_event is not None:
                for event in applied.events:
                    on_event(event)
