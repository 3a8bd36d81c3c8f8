"""The table core: one game at one table, under every interface (the terminal, the server, the lab).

A :class:`Table` holds a game state, who sits in each seat (a person, or a bot by name), the clocks and the log of
who made each move, and it is the only place that
- checks a seat's turn and step (:meth:`Table.act`; an act sent at an older step is taken when the part of the
  seat's view its decision rests on has not changed since that step, :meth:`Table.check_step`,
  :mod:`hustings.table.decision`), applies, and stores (through the one store protocol,
  :mod:`hustings.table.storage`: synchronously, or handing the interface an awaitable for a durable write);
- takes a move back (:meth:`Table.undo`, the one undo of every interface) and gives a one-player game up;
- times the clocks and decides whose turn it is and when a bot acts: a bot's seat, or a person's seat played by a
  stand-in when the person has been away past the grace period (only at a table whose clock allows it: not one of
  hours or days a move, :attr:`Table.stand_in_when_away`) or is out of time (:meth:`Table.bot_turn`, the one
  turn policy; the interface decides only where and when the bot thinks: the terminal inline with a pause, the
  server in its executor, the lab at full speed through :meth:`Table.play_bots`).

It returns, per change, an :class:`Update`: what each seat and the spectators must be told, each seat's part built
only when asked for. No sockets, no event loop, no words here: an interface turns updates into messages or
screens in the player's language.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, cast

import hustings
from hustings.bots.heuristic import heuristic_for
from hustings.bots.loop import Driven, next_bot_seat
from hustings.bots.random_bot import Bot
from hustings.bots.registry import make_bot
from hustings.bots.runner import ask
from hustings.engine import Action, Event, GameState, IllegalActionError, Outcome, RecordError, get_spec
from hustings.table.clock import Clocks, ClockSettings
from hustings.table.decision import Views
from hustings.table.seeds import bot_seed
from hustings.table.storage import ActionRecord, ActionStore, AsyncActionStore, MadeBy, StoreError
from hustings.table.undo import REVEALS, undo_refusal
from hustings.table.updates import SeatUpdate, Update

#: who made a move: the person of the seat, or a bot (the seat's own, or a stand-in for its person)
Mover = Literal["person", "bot"]
PERSON: Mover = "person"
BOT: Mover = "bot"

#: the one pause rule of a table people watch (the terminal): seconds before a bot's move, so a person can follow
#: it; a forced move, or a table asked to be fast, waits FAST_PAUSE (the server and the lab do not pause)
BOT_PAUSE, FAST_PAUSE = 0.4, 0.01

#: re-dealt replays behind the undo offered after a person's move (a quick check: the undo itself runs the full
#: hustings.table.undo.SAMPLES before anything is taken back)
OFFER_SAMPLES = 2
#: the undo offer's check needs the state before the move: rather than a copy at every person's move (a tenth of
#: a server's work a move in a large game), the table keeps a copy at most this many steps old and replays the
#: moves since then when the check is due (most moves of a busy table never need it)
OFFER_SNAPSHOT_STEPS = 16


class MatchError(ValueError):
    """A request the table cannot serve (a bad seat, a record asked for too early); one line."""


class Refused(MatchError):
    """A move or table command refused; nothing changed. ``code`` names the refusal as the server's protocol does
    (``over``, ``stale_step``, ``not_your_turn``, ``illegal_action``, ``cannot_undo``, ``cannot_give_up``,
    ``not_bot_turn``), ``key`` the reason's catalog key where there is one (``undo.reveals``), ``fields`` the
    numbers of its message."""

    def __init__(self, code: str, message: str, key: str | None = None, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.key = key
        self.fields = fields


class IllegalMove(Refused, IllegalActionError):
    """An action that is not among the seat's legal ones now (an :class:`IllegalActionError` too)."""


class SaveError(RuntimeError):
    """The change could not be stored. The table is as it was before it, and so is the stored game."""


def given_up_outcome(state: GameState, seat: int) -> Outcome:
    """How a one-player game given up at its table ends: lost (``detail.end`` = ``given_up``)."""
    detail = {"won": False, "end": "given_up", "given_up": seat, "steps": state.step_count}
    return Outcome((), (-1.0,) * state.num_players, (1,) * state.num_players, MappingProxyType(detail))


@dataclass
class Applied:
    """One move applied: ``index`` is its place in the game (the step it was made at), ``events`` every event it
    produced (private ones too), ``update`` what everyone is told. ``durable`` is None once it is stored (a
    synchronous store, or none), else what to await before acknowledging it (then call :meth:`stored`).
    ``offer_check``, when set, decides whether to offer its person an undo (a quick re-dealt replay: run it where
    slow work runs, then pass its answer to :meth:`stored`)."""

    table: Table
    seat: int
    action: Action
    index: int
    by: Mover
    events: list[Event]
    update: Update
    durable: Awaitable[None] | None = None
    offer_check: Callable[[], bool] | None = None
    offer: bool = False

    def stored(self, offer: bool | None = None) -> None:
        """The move is durable: the table counts it as stored, and offers its person an undo (``offer``: the
        answer of :attr:`offer_check`) while the game is still at the step after it."""
        t = self.table
        t.stored = max(t.stored, self.index + 1)
        if (self.offer if offer is None else offer) and t.state.step_count == self.index + 1 and not t.is_over:
            t.undo_ok = (self.index + 1, self.seat)


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


@dataclass
class _UndoPlan:
    seat: int
    keep: int
    state: GameState
    clocks: Clocks
    offer: bool


class Table:
    """One game at one table.

    ``seats[p]`` names the bot in seat ``p``, None for a person; ``bots`` gives the bots themselves instead (the
    lab's, made with its own seeds). ``store``/``game_id``: where each move is appended (None: kept nowhere);
    ``stored`` how many actions it holds already (None: the game is not stored yet, :meth:`save` stores it);
    ``async_store``: moves are appended with ``append_async`` and :attr:`Applied.durable` is awaited by the
    interface. ``clock`` and ``started_at`` time the seats (``times``: when each action was made); ``grace_s`` is
    how long a person may be away before a stand-in plays for them; ``stand_in_when_away`` whether that happens at
    all (default: derived from the clock, :attr:`ClockSettings.over_days`: at a table of hours or days a move
    people come and go, and nobody is replaced before their own clock runs out). ``made_by``: who made each
    stored move, where it is known (a save file's person seats are only ever played by their person; a server
    restarted reads it from its log, :meth:`apply_stored`, where it was stored). ``offers``: work out after each
    person's move whether to offer them an undo (the server shows a button).
    """

    def __init__(self, state: GameState, seats: Sequence[str | None], *, bots: Sequence[Bot | None] | None = None,
                 store: ActionStore | None = None, game_id: str | None = None, stored: int | None = None,
                 async_store: bool = False, clock: ClockSettings | None = None, started_at: float = 0.0,
                 times: Sequence[float] = (), given_up: int | None = None, grace_s: float = 30.0,
                 made_by: Mapping[int, Mover] | None = None, offers: bool = False, bot_clock: bool = True,
                 clocks: Clocks | None = None, stand_in_when_away: bool | None = None) -> None:
        if len(seats) != state.num_players:
            raise MatchError(f"{len(seats)} seats given for a {state.num_players}-player game")
        if store is not None and game_id is None:
            raise MatchError("a stored game needs an id")
        self.state = state
        self.seat_names: tuple[str | None, ...] = tuple(seats)
        self.store = store
        self.id = game_id
        #: how many actions the store holds; None until the game has been stored once
        self._stored: int | None = stored
        self.async_store = async_store
        self.clock = clock or ClockSettings()
        self.started_at = started_at
        self.clocks = Clocks(self.clock, state.num_players, started_at)
        self.times: list[float] = list(times)
        #: every event of the game in order (update cursors index it)
        self.events: list[Event] = list(state.all_events())
        #: the seat whose person gave the game up (it ends there, lost), else None
        self.given_up = given_up
        self.grace_s = grace_s
        #: does a stand-in play for a person away past grace_s (False at a table of hours or days a move: only their
        #: own clock running out brings one)
        self.stand_in_when_away = (not self.clock.over_days) if stand_in_when_away is None else stand_in_when_away
        #: a person's seat nobody plays now -> since when (a stand-in plays it once grace_s have passed)
        self.left_at: dict[int, float] = {}
        self.made_by: dict[int, Mover] = dict(made_by or {})
        #: a move a stand-in made for a person's seat (their clock ran out, they were away): its index -> that seat.
        #: Known for moves this table made and for those the store's log says so of (:meth:`apply_stored`)
        self.played_for: dict[int, int] = {}
        #: a person's seat -> the index of the last move its person made themselves (as far as this table knows:
        #: a stored move of a person's seat it did not see made counts as theirs, never as a stand-in's)
        self.last_own: dict[int, int] = {}
        self.offers = offers
        self.bot_clock = bot_clock
        #: (step, seat): that seat is offered to take back the last move while the game is at that step
        self.undo_ok: tuple[int, int] | None = None
        self.stand_ins: dict[int, Bot] = {}
        self._views = Views()
        #: a copy of the game at an earlier step of its line, for the undo offer's check (OFFER_SNAPSHOT_STEPS)
        self._snapshot: GameState | None = None
        self.bots: list[Bot | None] = list(bots) if bots is not None else self._make_bots(self.seat_names)
        if len(self.bots) != state.num_players:
            raise MatchError(f"{len(self.bots)} bots given for a {state.num_players}-player game")
        if len(self.times) != state.step_count:
            self.times = [started_at] * state.step_count
        if clocks is not None:  # brought forward already, by whoever replayed the game
            self.clocks = clocks
        else:
            self._replay_clocks(self.state, self.clocks)
        self.recount_turns()

    @classmethod
    def from_log(cls, state: GameState, seats: Sequence[str | None], records: Sequence[ActionRecord],
                 **kwargs: Any) -> Table:
        """A table rebuilt from a store's log: ``state`` is the game as made (before any action), ``records`` its
        stored actions, applied in order and timed as stored (:meth:`apply_stored`); ``kwargs`` as for the
        table itself (``stored`` is how many there are)."""
        table = cls(state, seats, stored=0, **kwargs)
        table.apply_stored(records)
        return table

    def restart_clocks(self, started_at: float) -> None:
        """The game starts now (a table set up before its people came): the clocks run from ``started_at``."""
        self.started_at = started_at
        self.clocks = Clocks(self.clock, self.state.num_players, started_at)

    def _make_bots(self, seats: Sequence[str | None]) -> list[Bot | None]:
        # people wait at a table, so search bots also stop at their level's time limit (labs never do)
        return [None if name is None else make_bot(name, self.state.GAME_ID, bot_seed(self.state.seed, p),
                                                     clock=self.bot_clock)
                for p, name in enumerate(seats)]

    def _replay_clocks(self, state: GameState, clocks: Clocks) -> None:
        # the clocks of a game rebuilt from its log: each action charged to the seats that were to act before it
        if self.clock.mode == "none" or not state.history:
            return
        record = state.record()
        walk = hustings.replay({**record, "actions": []})
        for (p, a), at in zip(state.history, self.times, strict=False):
            to_act = walk.current_players
            walk.apply(p, a)
            clocks.on_action(to_act, p, at)

    # -- seats ------------------------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str | None, ...]:
        return self.seat_names

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(p for p, b in enumerate(self.seat_names) if b is None)

    def is_human(self, seat: int) -> bool:
        return self.seat_names[self._seat(seat)] is None

    def recount_turns(self) -> None:
        """Work :attr:`last_own` out again from the game's history and :attr:`made_by` (a table built from a log, a
        move taken back, who made the moves learnt afterwards)."""
        self.last_own = {}
        for i, (p, _a) in enumerate(self.state.history):
            if self.seat_names[p] is None and self.made_by.get(i) != BOT:
                self.last_own[p] = i

    def last_turn(self, seat: int | None) -> int | None:
        """The step after the last move ``seat``'s person made themselves (the events of later steps happened
        since: "while you were away"); None for a spectator, a bot's seat, or a person who has not moved yet."""
        if seat is None:
            return None
        index = self.last_own.get(seat)
        return None if index is None else index + 1

    def made_by_at(self, index: int, seat: int) -> MadeBy | None:
        """Who made the move at ``index`` (of ``seat``), as the store keeps it: None where this table does not know."""
        mover = self.made_by.get(index)
        if mover is None:
            return None
        if mover == PERSON:
            return "person"
        return "stand_in" if index in self.played_for else "bot"

    def stand_in_at(self, step: int) -> int | None:
        """The person's seat whose move a stand-in made at event step ``step`` (the move at index ``step - 1``
        caused the events of that step), or None."""
        return self.played_for.get(step - 1)

    def _seat(self, seat: object, allow_none: bool = False) -> Any:
        if seat is None and allow_none:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.state.num_players:
            raise MatchError(f"no seat {seat!r} in this game (seats are 0..{self.state.num_players - 1})")
        return seat

    # -- what each seat sees ----------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now (several in a simultaneous step)."""
        return () if self.given_up is not None else tuple(self.state.current_players)

    @property
    def is_over(self) -> bool:
        """The game ended: by its rules, or given up at the table."""
        return self.state.is_over or self.given_up is not None

    @property
    def step(self) -> int:
        """Actions applied so far (events carry the step at which they happened)."""
        return self.state.step_count

    @property
    def stored(self) -> int:
        """Actions known to be in the store (a move being written is applied already, and is not counted)."""
        return self._stored or 0

    @stored.setter
    def stored(self, steps: int) -> None:
        self._stored = steps

    def view(self, seat: int | None) -> Any:
        """What ``seat`` sees now (None: a spectator): made once a step, and the same object until the next one
        (read it, never change it). The core remembers since which step the part of a seat's view its decision
        rests on has stayed the same (:class:`hustings.table.decision.Views`): that is what :meth:`check_step` asks
        of an act sent at an older step."""
        return self._views.view(self.state, self._seat(seat, allow_none=True))

    def legal(self, seat: int) -> list[Action]:
        seat = self._seat(seat)
        return [] if self.given_up is not None else list(self.state.legal_actions(seat))

    def events_for(self, seat: int | None, since_step: int | None = None) -> list[Event]:
        """The events ``seat`` may see (None: public ones only), oldest first; with ``since_step``, only those that
        happened after that many actions."""
        seat = self._seat(seat, allow_none=True)
        return [e for e in self.events if e.visible_to(seat) and (since_step is None or e.step > since_step)]

    def update(self, start: int | None = None) -> Update:
        """What is new since event index ``start`` (None: everything, a fresh start)."""
        return Update(self, len(self.events) if start is None else start, full=start is None)

    def outcome(self) -> Outcome:
        """How the game ended; MatchError while it goes on."""
        if self.given_up is not None and not self.state.is_over:
            return given_up_outcome(self.state, self.given_up)
        if not self.state.is_over:
            raise MatchError("the game is not over: no outcome yet")
        return self.state.outcome()

    def record(self, referee: bool = False) -> dict[str, Any]:
        """The plain engine record, seed included: for a finished game, or for a referee."""
        if not self.is_over and not referee:
            raise MatchError("the game is not over: its record holds the seed, which gives away every hidden "
                             "card and every future shuffle")
        record: dict[str, Any] = self.state.record()
        return record

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

    # -- moves -------------------------------------------------------------------------------------------------

    def check_step(self, seat: int, step: int) -> None:
        """Refuse an act of ``seat`` sent at ``step`` (``stale_step``) unless the game is at that step, or ``seat``
        is to act now and the part of its view its decision rests on has not changed since ``step`` (others moved
        on a simultaneous step: what the seat chose from is still what it sees, their progress aside; the act must
        still be legal, :meth:`act`)."""
        now_step = self.state.step_count
        if step == now_step:
            return
        if seat in self.state.current_players and self._views.unchanged_since(self.state, seat, step):
            return
        raise Refused("stale_step", f"the game is at step {now_step}, not {step}", step=now_step, sent=step)

    def _legal_action(self, seat: int, action: Action | int | Mapping[str, Any]) -> Action:
        legal = self.state.legal_actions(seat)
        if isinstance(action, Action):
            if action in legal:
                return action
            what = action
        else:
            try:
                what = self.state.SPACE.resolve(action)
            except IllegalActionError as e:
                raise IllegalMove("illegal_action", str(e), detail=str(e)) from None
            if what in legal:
                return what
        try:
            self.state.clone().apply(seat, what)  # the game names the rule it broke
            why = f"{what.text('en')} (id {what.id}) is not among your legal actions"
        except IllegalActionError as e:
            why = str(e)
        raise IllegalMove("illegal_action", why, detail=f"{what.text('en')} (id {what.id}) is not among your legal "
                          "actions")

    def act(self, seat: int, action: Action | int | Mapping[str, Any], *, step: int | None = None,
            by: Mover = PERSON, at: float | None = None) -> Applied:
        """``seat`` plays ``action`` (an Action, its id or its JSON form): checked (the game goes on, ``step``
        when given, the seat's turn, for ``by=BOT`` that a bot plays the seat now, legality), applied, timed and
        stored. Refused (nothing changed) otherwise; SaveError (nothing changed) if a synchronous store fails."""
        seat = self._seat(seat)
        st = self.state
        if self.is_over:
            raise IllegalMove("over", "the game is over" + (": it was given up, no move can follow"
                                                            if self.given_up is not None else ""))
        now = time.time() if at is None else at
        if step is not None:
            self.check_step(seat, step)
        to_act = st.current_players
        if seat not in to_act:
            raise IllegalMove("not_your_turn", f"seat {seat} is not to act now",
                          seats=", ".join(str(p) for p in to_act))
        if by == BOT and not self.bot_plays(seat, now):
            raise Refused("not_bot_turn", f"a person plays seat {seat} now")
        chosen = self._legal_action(seat, action)
        mover: Mover = PERSON if by == PERSON and self.seat_names[seat] is None else BOT
        offer_from = None
        if self.offers and mover == PERSON and not type(st).PERFECT_INFORMATION:
            offer_from = self._snapshot
            if offer_from is None or not 0 <= st.step_count - offer_from.step_count < OFFER_SNAPSHOT_STEPS:
                offer_from = self._snapshot = st.clone()
        sync_write = self.store is not None and not self.async_store
        rollback = (st.clone(), self.clocks.copy()) if sync_write else None
        start = len(self.events)
        index = st.step_count
        events = st.apply(seat, chosen)
        self.clocks.on_action(to_act, seat, now)
        self.times.append(now)
        self.events.extend(events)
        self.made_by[index] = mover
        if mover == PERSON:
            self.last_own[seat] = index
        elif self.seat_names[seat] is None:
            self.played_for[index] = seat
        self.undo_ok = None
        self._views.acted(seat)
        if by == PERSON:
            self.left_at.pop(seat, None)  # whoever plays the seat is here
        applied = Applied(self, seat, chosen, index, mover, events, Update(self, start))
        if mover == PERSON and self.offers and not st.is_over:
            if offer_from is None:  # nothing hidden anywhere: only a private word to another seat reveals
                applied.offer = all(e.to is None or e.to == seat for e in events)
            else:
                snapshot, action_id = offer_from, chosen.id
                applied.offer_check = lambda: self._offer_check(snapshot, index, seat, action_id)
        record = ActionRecord(index, seat, chosen.id, now, self.made_by_at(index, seat))
        try:
            applied.durable = self._append(index, record)
        except BaseException:
            if rollback is not None:
                self.state, self.clocks = rollback
                del self.events[start:]
                self.times.pop()
                self.made_by.pop(index, None)
                self.played_for.pop(index, None)
                self.recount_turns()
            raise
        if applied.durable is None:
            applied.stored()
        return applied

    def _offer_check(self, snapshot: GameState, index: int, seat: int, action: int) -> bool:
        """Whether to offer ``seat`` to take back its move ``action`` made at step ``index``: the state before it is
        ``snapshot`` (an earlier step of this game) brought forward by the moves between. Asked only while the game
        is still at the step after that move (else False: the offer would be gone anyway)."""
        st = self.state
        if st.step_count != index + 1:
            return False
        before = snapshot.clone()
        for p, a in st.history[snapshot.step_count:index]:
            before.apply(p, a)
        return _undoable(before, seat, action, OFFER_SAMPLES)

    def _append(self, index: int, record: ActionRecord) -> Awaitable[None] | None:
        """Store the move just applied: an awaitable to wait for (an asynchronous store), or None once stored."""
        store, game_id = self.store, self.id
        if store is None or game_id is None:
            return None
        st = self.state
        if self.async_store:
            # a cast, not isinstance: a runtime check against a Protocol walks its attributes, on every move
            return cast(AsyncActionStore, store).append_async(game_id, index, [record], over=st.is_over)
        if self._stored is None:
            self.save()
            return None
        try:
            store.append(game_id, index, [record], over=st.is_over, scores=st.scores() if st.is_over else None)
        except (StoreError, OSError) as e:
            raise SaveError(f"the move was not saved: {_reason(e)}") from e
        self._stored = index + 1
        return None

    def save(self) -> None:
        """Bring the store up to date (a store that holds the whole game at once overrides this)."""
        if self.store is None or self.id is None or self._stored is None or self._stored >= self.step:
            return
        st = self.state
        missing = [ActionRecord(i, p, a, self.times[i], self.made_by_at(i, p))
                   for i, (p, a) in enumerate(st.history) if i >= self._stored]
        try:
            self.store.append(self.id, self._stored, missing, over=st.is_over,
                              scores=st.scores() if st.is_over else None)
        except (StoreError, OSError) as e:
            raise SaveError(f"the move was not saved: {_reason(e)}") from e
        self._stored = st.step_count

    def apply_stored(self, records: Sequence[ActionRecord]) -> Update:
        """Moves made and stored elsewhere (another server process on the same database, or this one before a
        restart): applied as the store holds them, timed as stored, made by whom the store says (``by``: the marks
        of a stand-in's moves, each person's last own move and the undo rule follow it). A move whose maker the
        store does not know (stored before it kept that) counts as the person's for the marks and is never taken
        back. StoreError if they do not follow on from this game's step."""
        start = len(self.events)
        for a in records:
            st = self.state
            if a.step != st.step_count:
                raise StoreError(f"a gap in the stored actions: action {a.step} follows step {st.step_count}")
            to_act = st.current_players
            self.events.extend(st.apply(a.seat, a.action))
            self.clocks.on_action(to_act, a.seat, a.at)
            self.times.append(a.at)
            if a.by is None:
                self.made_by.pop(a.step, None)
            else:
                self.made_by[a.step] = PERSON if a.by == "person" else BOT
            if a.by == "stand_in":
                self.played_for[a.step] = a.seat
            else:
                self.played_for.pop(a.step, None)
            # not known who moved (None): the person, for all we can tell; a stand-in's move is never theirs
            if self.seat_names[a.seat] is None and a.by in (None, "person"):
                self.last_own[a.seat] = a.step
            self._stored = a.step + 1
        self.undo_ok = None
        return Update(self, start)

    # -- giving up ---------------------------------------------------------------------------------------------

    def why_not_give_up(self, seat: int) -> str | None:
        """Why ``seat`` may not give the game up now (one line), or None when it may: the one person of a
        one-player game (a puzzle) may, while the game goes on. In a game of several seats giving up would change
        the others' game, which no seed here provides for."""
        seat = self._seat(seat)
        if self.is_over:
            return "the game is over"
        if self.state.num_players != 1:
            return "only the player of a one-player game can give it up"
        if self.seat_names[seat] is not None:
            return f"seat {seat} is a bot's"
        return None

    def can_give_up(self, seat: int) -> bool:
        return self.why_not_give_up(seat) is None

    def give_up(self, seat: int, *, step: int | None = None) -> None:
        """End the game as given up by ``seat``'s person: lost (a command of the table, not a move of the game).
        The store keeps it as finished. Refused (nothing changed) if not allowed, SaveError (nothing changed) if it
        cannot be stored."""
        if self.is_over:
            raise Refused("over", "cannot give up: the game is over")
        if step is not None and step != self.state.step_count:
            raise Refused("stale_step", f"the game is at step {self.state.step_count}, not {step}",
                          step=self.state.step_count, sent=step)
        why = self.why_not_give_up(seat)
        if why is not None:
            raise Refused("cannot_give_up", f"cannot give up: {why}")
        if self.store is not None and self.id is not None and self._stored is not None:
            try:
                self.store.give_up(self.id, seat, holds=self._stored, scores=self.state.scores())
            except (StoreError, OSError) as e:
                raise SaveError(f"giving up was not saved: {_reason(e)}") from e
        self.given_up = seat
        self.undo_ok = None

    # -- undo: the one undo of every table -----------------------------------------------------------------

    def undo_offered(self, seat: int | None) -> bool:
        """Whether ``seat`` is offered to take back its last move now (worked out after the move: ``offers``)."""
        return seat is not None and not self.is_over and self.undo_ok == (self.state.step_count, seat)

    def undo_refused(self, seat: int) -> Refused | None:
        """The refusal :meth:`undo` would give ``seat`` now (its ``key`` names the reason in the shared catalog,
        ``undo.*``, for an interface to say in the player's language), or None when it would not refuse."""
        try:
            self._plan_undo(self._seat(seat), None)
        except Refused as e:
            return e
        return None

    def why_not_undo(self, seat: int) -> str | None:
        """Why :meth:`undo` would be refused for ``seat`` now (one line, English), or None when it would not be."""
        refused = self.undo_refused(seat)
        return None if refused is None else str(refused)

    def can_undo(self, seat: int) -> bool:
        return self.why_not_undo(seat) is None

    def undo(self, seat: int, *, step: int | None = None) -> int:
        """Take back ``seat``'s last decision (and the moves of its own that followed it); return how many actions
        were taken back. Every table's undo, with one set of rules: refused (``cannot_undo``, nothing changed) when
        nothing was played, when another seat has acted since, when a move to take back was not known to be the
        person's own (a stand-in's, or one stored without who made it: a database of before that was kept), or
        when one of them showed the seat anything it could not have known before (a card drawn, a hidden bid
        revealed, a die rolled: :func:`hustings.table.undo.undo_refusal`). ``step``: the step the person saw
        (``stale_step`` otherwise). The store is cut back first; SaveError (nothing changed) if it cannot be.
        Slow (it replays the game): an interface with an event loop runs it in a worker thread."""
        plan = self._plan_undo(self._seat(seat), step)
        if self.store is not None and self.id is not None and self._stored is not None:
            try:
                self.store.truncate(self.id, plan.keep, self._stored)
            except (StoreError, OSError) as e:
                raise SaveError(f"the undo was not saved: {_reason(e)}") from e
            self._stored = plan.keep
        undone = self.state.step_count - plan.keep
        self.state, self.clocks = plan.state, plan.clocks
        self.events = list(plan.state.all_events())
        del self.times[plan.keep:]
        for i in [i for i in self.made_by if i >= plan.keep]:
            del self.made_by[i]
        for i in [i for i in self.played_for if i >= plan.keep]:
            del self.played_for[i]
        self.recount_turns()
        self._views.clear()  # the views remembered belong to steps taken back
        if self._snapshot is not None and self._snapshot.step_count > plan.keep:
            self._snapshot = None  # of the line taken back
        self.undo_ok = (plan.keep, seat) if plan.offer else None
        return undone

    def _refuse_undo(self, key: str, message: str) -> Refused:
        return Refused("cannot_undo", message, key=key)

    def _plan_undo(self, seat: int, step: int | None) -> _UndoPlan:
        """The state before ``seat``'s last decision; Refused (one line) if the undo is not allowed."""
        state = self.state
        if self.is_over:
            raise Refused("over", "the game is over: its last move cannot be taken back")
        if step is not None and step != state.step_count:
            raise Refused("stale_step", f"the game is at step {state.step_count}, not {step}",
                          step=state.step_count, sent=step)
        if get_spec(state.GAME_ID).own_undo:  # the game's own undo move is the only one (the rules count it)
            raise self._refuse_undo("undo.own_move", "in this game an undo is one of its moves, counted by its "
                                    "rules, and there is none to make now")
        history = state.history
        if not history:
            raise self._refuse_undo("undo.empty", "nothing has been played yet")
        if history[-1][0] != seat:
            raise self._refuse_undo("undo.not_yours", "another seat has acted since your last move: it cannot be "
                                    "taken back")
        start = len(history)
        while start > 0 and history[start - 1][0] == seat:
            start -= 1
        self._check_mover(len(history) - 1)
        try:
            first = hustings.replay({**state.record(), "actions": []})
        except RecordError as e:  # cannot happen for a game that replays
            raise MatchError(f"the game cannot be replayed to undo: {e}") from None
        clocks = Clocks(self.clock, state.num_players, self.started_at)
        for (p, a), at in zip(history[:start], self.times, strict=False):
            to_act = first.current_players
            first.apply(p, a)
            clocks.on_action(to_act, p, at)
        states, all_clocks = [first], [clocks]
        for i, (p, a) in enumerate(history[start:]):
            nxt, ticked = states[-1].clone(), all_clocks[-1].copy()
            to_act = nxt.current_players
            nxt.apply(p, a)
            ticked.on_action(to_act, p, self.times[start + i] if start + i < len(self.times) else 0.0)
            states.append(nxt)
            all_clocks.append(ticked)
        # walk back over the seat's own trailing moves to its last real decision (one of several choices)
        for i in range(len(states) - 2, -1, -1):
            before, index = states[i], start + i
            self._check_mover(index)
            reason = undo_refusal(before, seat, history[index][1], rng=random.Random(before.step_count))
            if reason is not None:
                text = ("your last move showed you something you did not know before: it cannot be taken back"
                        if reason == REVEALS else "this game cannot tell whether your last move revealed something "
                        "hidden: it cannot be taken back")
                raise self._refuse_undo(reason, text)
            if len(before.legal_actions(seat)) > 1:
                offer = False
                if self.offers and i > 0 and self.made_by.get(index - 1) == PERSON:
                    offer = _undoable(states[i - 1], seat, history[index - 1][1], OFFER_SAMPLES)
                return _UndoPlan(seat, index, before, all_clocks[i], offer)
        raise self._refuse_undo("undo.no_choice", "you have made no choice since another seat acted: there is "
                                "nothing to take back")

    def _check_mover(self, index: int) -> None:
        mover = self.made_by.get(index)
        if mover == BOT:
            raise self._refuse_undo("undo.bot", "a bot played that move for you: it cannot be taken back")
        if mover is None:
            # a move stored before the store kept who made it (a database of before): it may have been a stand-in's
            raise self._refuse_undo("undo.unseen", "this table cannot tell that you made that move yourself (it was "
                                    "stored before the server kept who made each move): it cannot be taken back")


def _undoable(before: GameState, seat: int, action: int, samples: int) -> bool:
    """Whether the undo rule (hustings.table.undo), tried on ``samples`` re-deals, lets ``seat`` take back
    ``action`` made on ``before`` (an offer only: a game whose resample fails oddly is offered none)."""
    try:
        return undo_refusal(before, seat, action, samples=samples) is None
    except Exception:
        return False


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return f"{e.strerror}" + (f": {e.filename!r}" if e.filename else "")
    return str(e) or type(e).__name__


__all__ = [
    "BOT",
    "BOT_PAUSE",
    "FAST_PAUSE",
    "PERSON",
    "Applied",
    "BotTurn",
    "IllegalMove",
    "MatchError",
    "Mover",
    "Refused",
    "SaveError",
    "SeatUpdate",
    "Table",
    "Update",
    "given_up_outcome",
]
