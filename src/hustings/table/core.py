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

The table is written in four modules: this one (seats, what each seat sees, moves and the store, giving up), the
turn policy (:mod:`hustings.table.turns`) and the undo (:mod:`hustings.table.takeback`), each a part
:class:`Table` is made of, and the errors and records it hands out (:mod:`hustings.table.basics`); every name of
theirs an interface uses is importable from here.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any, cast

import hustings
from hustings.bots.random_bot import Bot
from hustings.bots.registry import make_bot
from hustings.engine import Action, Event, GameState, IllegalActionError, Outcome
from hustings.table.basics import (
    BOT,
    PERSON,
    Applied,
    IllegalMove,
    MatchError,
    Mover,
    Refused,
    SaveError,
    _reason,
    given_up_outcome,
)
from hustings.table.clock import Clocks, ClockSettings
from hustings.table.decision import Views
from hustings.table.seeds import bot_seed
from hustings.table.storage import ActionRecord, ActionStore, AsyncActionStore, MadeBy, StoreError
from hustings.table.takeback import TakeBack
from hustings.table.turns import BOT_PAUSE, FAST_PAUSE, BotTurn, TurnPolicy
from hustings.table.updates import SeatUpdate, Update

#: the undo offer's check needs the state before the move: rather than a copy at every person's move (a tenth of
#: a server's work a move in a large game), the table keeps a copy at most this many steps old and replays the
#: moves since then when the check is due (most moves of a busy table never need it)
OFFER_SNAPSHOT_STEPS = 16


class Table(TurnPolicy, TakeBack):
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

    Its turn policy and its undo are written beside it (:class:`~hustings.table.turns.TurnPolicy`,
    :class:`~hustings.table.takeback.TakeBack`).
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
            walk.play(p, a)
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
        if type(seat) is int and 0 <= seat < self.state.num_players:  # the usual call (several a seat a move), first
            return seat
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
            self.state.clone().play(seat, what)  # the game names the rule it broke
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
