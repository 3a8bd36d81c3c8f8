"""One match, for every interface: seats held by people or bots, moves applied then saved, deltas per seat.

The terminal (through :class:`hustings.tui.session.Session`), the command line and the online server use
this one service. It owns no screen and no network: it says who acts, what each seat may see and do, takes
an action, applies it and stores it, and hands back the events so an interface can show or push them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import hustings
from hustings.bots.random_bot import Bot
from hustings.bots.registry import make_bot
from hustings.bots.runner import ask
from hustings.engine import (
    Action,
    Event,
    GameState,
    IllegalActionError,
    Outcome,
    RecordError,
    fresh_seed,
    get_spec,
)
from hustings.table.loop import Driven, drive
from hustings.table.settings import TableSettings
from hustings.table.store import MatchExists, MatchStore, StoredMatch, StoreError, rules_refusal
from hustings.table.undo import undo_refusal

#: the largest seed a match takes (records replay seeds of at most 512 bits)
MAX_SEED_BITS = 512


class MatchError(ValueError):
    """A request the match cannot serve (a bad seat, a record asked for too early); one line."""


class SaveError(RuntimeError):
    """The move could not be saved. The match is as it was before the move, and so is the stored game."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: a keyed BLAKE2b of the game seed.

    A bot's choices can reveal its own seed (a Mersenne Twister gives its state away), so the bot's seed
    must not give away the game seed: it is derived one way, and no player can go back from it."""
    raw = game_seed.to_bytes((game_seed.bit_length() + 7) // 8 or 1, "little")
    key = hashlib.blake2b(raw, digest_size=32, person=b"hustings-botkey").digest()
    digest = hashlib.blake2b(seat.to_bytes(4, "little"), key=key, digest_size=16, person=b"hustings-bot-v1")
    return int.from_bytes(digest.digest(), "little")


def table_options(game: str, options: Mapping[str, Any] | None, people: bool) -> dict[str, Any]:
    """The options of a new table's game: those the table was given, over the game's ``person_options`` when a
    person sits at it (a puzzle's action limit, say, which programs need and people do not)."""
    given = dict(options or {})
    return {**get_spec(game).person_options, **given} if people else given


def given_up_outcome(state: GameState, seat: int) -> Outcome:
    """How a one-player game given up at its table ends: lost (``detail.end`` = ``given_up``)."""
    detail = {"won": False, "end": "given_up", "given_up": seat, "steps": state.step_count}
    return Outcome((), (-1.0,) * state.num_players, (1,) * state.num_players, MappingProxyType(detail))


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed.bit_length() > MAX_SEED_BITS:
        raise MatchError(f"a seed is a non-negative integer of at most {MAX_SEED_BITS} bits")
    return seed


class Match:
    """One game at one table.

    ``Match.new`` starts a game (a fresh 128-bit seed unless one is given) and stores it; ``Match.resume``
    loads one. ``store`` may be None for a match nobody keeps. Seats: ``settings.bots[p]`` names the bot in
    seat ``p``, None for a person. Who may submit for which seat is the caller's business (the terminal
    submits the bots' moves too); the match checks that the action is legal for that seat now.
    """

    def __init__(self, state: GameState, settings: TableSettings | Sequence[str | None],
                 store: MatchStore | None = None, match_id: str | None = None, *,
                 stored_steps: int | None = None, replace: bool = False, given_up: int | None = None) -> None:
        if not isinstance(settings, TableSettings):
            settings = TableSettings(tuple(settings))
        if len(settings.bots) != state.num_players:
            raise MatchError(f"{len(settings.bots)} seats given for a {state.num_players}-player game")
        if store is not None and match_id is None:
            raise MatchError("a stored match needs an id")
        self.state = state
        self.settings = settings
        self.store = store
        self.id = match_id
        # how many actions the store holds; None until the match has been stored once
        self._stored = stored_steps
        self._replace = replace  # the first store may overwrite an older file with this id
        self.bots: list[Bot | None] = self._make_bots(settings)
        #: the seat whose person gave the game up (the game ends there, lost: R12 of palace-escape), else None
        self.given_up = given_up

    def _make_bots(self, settings: TableSettings) -> list[Bot | None]:
        # people wait at a table, so search bots also stop at their level's time limit (labs never do)
        return [None if name is None else make_bot(name, self.state.GAME_ID, bot_seed(self.state.seed, p), clock=True)
                for p, name in enumerate(settings.bots)]

    # -- making and loading -------------------------------------------------------------------

    @classmethod
    def new(cls, game: str, seats: TableSettings | Sequence[str | None], *, variant: str | None = None,
            seed: int | None = None, store: MatchStore | None = None, match_id: str | None = None,
            options: Mapping[str, Any] | None = None) -> Match:
        """Start and store a new match of ``game`` with one seat per entry of ``seats``.

        ``seed`` None draws a fresh 128-bit seed (what a game people play needs); a person's seat brings the
        game's ``person_options`` (:func:`table_options`). Raises MatchError for a bad game, variant, player
        count, seat or seed, StoreError if the id is taken, SaveError if it cannot be written."""
        settings = seats if isinstance(seats, TableSettings) else TableSettings(tuple(seats))
        seed = fresh_seed() if seed is None else _check_seed(seed)
        try:
            chosen = table_options(game, options, people=bool(settings.humans))
            state = hustings.make(game, players=len(settings.bots), variant=variant, seed=seed, **chosen)
            match = cls(state, settings, store, match_id)
        except (ValueError, TypeError) as e:
            raise MatchError(str(e)) from None
        match.save()
        return match

    @classmethod
    def resume(cls, store: MatchStore, match_id: str, label: str | None = None) -> Match:
        """Load a stored match and replay it. StoreError (one line, naming ``label`` or the id) for anything
        that cannot be used; :class:`~hustings.table.store.RulesVersionError` for a game made under other rules
        (or of a game this program does not have), before anything is replayed. Never writes."""
        stored = store.load(match_id)
        where = label or repr(match_id)
        refusal = rules_refusal(stored.game, stored.rules_version, stored.rng, where)
        if refusal is not None:
            raise refusal
        try:
            state = hustings.replay(stored.record())
        except RecordError as e:
            raise StoreError(f"{where} cannot be replayed: {e}") from None
        try:
            return cls(state, stored.settings, store, match_id, stored_steps=len(stored.actions),
                       given_up=stored.given_up)
        except ValueError as e:
            raise StoreError(f"{where} cannot be used: {e}") from None

    # -- seats --------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str | None, ...]:
        return self.settings.bots

    @property
    def humans(self) -> tuple[int, ...]:
        return self.settings.humans

    def is_human(self, seat: int) -> bool:
        return self.settings.bots[self._seat(seat)] is None

    def _seat(self, seat: object, allow_none: bool = False) -> Any:
        if seat is None and allow_none:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.state.num_players:
            raise MatchError(f"no seat {seat!r} in this match (seats are 0..{self.state.num_players - 1})")
        return seat

    # -- what each seat sees --------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now (several in a simultaneous step; they act in this order)."""
        return () if self.given_up is not None else tuple(self.state.current_players)

    @property
    def is_over(self) -> bool:
        """The game ended: by its rules, or given up at the table."""
        return self.state.is_over or self.given_up is not None

    @property
    def step(self) -> int:
        """Actions applied so far (events carry the step at which they happened)."""
        return self.state.step_count

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator)."""
        view: dict[str, Any] = self.state.view(self._seat(seat, allow_none=True))
        return view

    def legal(self, seat: int) -> list[Action]:
        seat = self._seat(seat)
        return [] if self.given_up is not None else list(self.state.legal_actions(seat))

    def events_for(self, seat: int | None, since_step: int | None = None) -> list[Event]:
        """The events ``seat`` may see (None: public ones only), oldest first; with ``since_step``, only those
        that happened after that many actions: the delta a client that has seen step ``since_step`` needs."""
        seat = self._seat(seat, allow_none=True)
        return [e for e in self.state.all_events()
                if e.visible_to(seat) and (since_step is None or e.step > since_step)]

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

    # -- moves ----------------------------------------------------------------------------------

    def submit(self, seat: int, action: Action | int | Mapping[str, Any]) -> list[Event]:
        """Apply ``action`` (an Action, its id or its JSON form) for ``seat``, then save it.

        Returns every event the action produced, private ones included (use :meth:`events_for` or
        :meth:`Event.visible_to` before showing them). IllegalActionError (nothing changed) for an action
        that is not legal; SaveError if saving fails, and then the match and the stored game are as before.
        """
        seat = self._seat(seat)
        if self.given_up is not None:
            raise IllegalActionError("the game was given up: no move can follow")
        before = self.state.clone()  # to step back if the store fails: memory and store never disagree
        events = self.state.apply(seat, action)
        try:
            self.save()
        except BaseException:
            self.state = before
            raise
        return events

    def bot_move(self, seat: int) -> Action:
        """What the bot in ``seat`` would play now (its view and legal actions only); not applied."""
        bot = self.bots[self._seat(seat)]
        if bot is None:
            raise MatchError(f"seat {seat} is a person's, not a bot's")
        legal = self.state.legal_actions(seat)
        if not legal:
            raise IllegalActionError(f"seat {seat} has nothing to do now")
        return ask(bot, self.state, seat, legal)

    def play_bots(self, until: Callable[[GameState], bool] | None = None, max_steps: int | None = None,
                  on_event: Callable[[Event], None] | None = None) -> Driven:
        """Bots move, each move saved, until a person must act, the game ends, ``until(state)`` holds or
        ``max_steps`` moves were made."""
        return drive(self.state, self.bots, apply=self.submit, until=until, max_steps=max_steps,
                     on_event=on_event)

    # -- giving up --------------------------------------------------------------------------------

    def why_not_give_up(self, seat: int) -> str | None:
        """Why ``seat`` may not give the game up now (one line), or None when it may: the one person of a
        one-player game (a puzzle) may, while the game goes on. In a game of several seats giving up would change
        the others' game, which no seed here provides for."""
        seat = self._seat(seat)
        if self.is_over:
            return "the game is over"
        if self.state.num_players != 1:
            return "only the player of a one-player game can give it up"
        if not self.is_human(seat):
            return f"seat {seat} is a bot's"
        return None

    def can_give_up(self, seat: int) -> bool:
        return self.why_not_give_up(seat) is None

    def give_up(self, seat: int) -> None:
        """End the game as given up by ``seat``'s person: lost (a command of the table, not a move of the game).
        The store keeps it as finished, so it is not offered to resume. MatchError (nothing changed) if refused,
        SaveError (nothing changed) if it cannot be stored."""
        why = self.why_not_give_up(seat)
        if why is not None:
            raise MatchError(f"cannot give up: {why}")
        if self.store is not None and self.id is not None and self._stored is not None:
            try:
                self.store.give_up(self.id, seat, holds=self._stored, scores=self.state.scores())
            except (StoreError, OSError) as e:
                raise SaveError(f"giving up was not saved: {_reason(e)}") from None
        self.given_up = seat

    # -- undo -----------------------------------------------------------------------------------

    def can_undo(self, seat: int) -> bool:
        """Whether :meth:`undo` would take back ``seat``'s last decision now."""
        try:
            self._undo_target(self._seat(seat))
        except MatchError:
            return False
        return True

    def why_not_undo(self, seat: int) -> str | None:
        """Why :meth:`undo` would be refused for ``seat`` now (one line), or None when it would not be."""
        try:
            self._undo_target(self._seat(seat))
        except MatchError as e:
            return str(e)
        return None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last decision (and the forced moves of its own that followed it); return how
        many actions were taken back.

        Safe undo only: refused (MatchError, nothing changed) once another seat has acted since, when the game
        is over, or when one of those actions showed ``seat`` anything it could not have known before (a card
        drawn, a hidden bid revealed, a die rolled): the match tries each action on other deals of what the
        seat cannot see, and any difference in what the seat then sees is something revealed. The store is
        cut back first; SaveError if it cannot be, and then nothing changed."""
        seat = self._seat(seat)
        before, keep = self._undo_target(seat)
        if self.store is not None and self.id is not None and self._stored is not None:
            try:
                self.store.truncate(self.id, keep, holds=self._stored)
            except (StoreError, OSError) as e:
                raise SaveError(f"the undo was not saved: {_reason(e)}") from None
            self._stored = keep
        undone = self.state.step_count - keep
        self.state = before
        return undone

    def _undo_target(self, seat: int) -> tuple[GameState, int]:
        """The state before ``seat``'s last decision and its step count; MatchError (one line) if refused."""
        state = self.state
        history = state.history
        if self.is_over:
            raise MatchError("the game is over: its last move cannot be taken back")
        if not history:
            raise MatchError("nothing has been played yet")
        if history[-1][0] != seat:
            raise MatchError("another seat has acted since your last move: it cannot be taken back")
        start = len(history)
        while start > 0 and history[start - 1][0] == seat:
            start -= 1
        record = state.record()
        try:
            first = hustings.replay({**record, "actions": [list(a) for a in history[:start]]})
        except RecordError as e:  # cannot happen for a game that replays
            raise MatchError(f"the game cannot be replayed to undo: {e}") from None
        states = [first]
        for p, a in history[start:]:
            nxt = states[-1].clone()
            nxt.apply(p, a)
            states.append(nxt)
        # walk back over the seat's own trailing actions to its last real decision (one of several choices)
        for i in range(len(states) - 2, -1, -1):
            before = states[i]
            action = history[start + i][1]
            if undo_refusal(before, seat, action, rng=random.Random(before.step_count)) is not None:
                raise MatchError("your last move showed you something you did not know before: it cannot be "
                                 "taken back")
            if len(before.legal_actions(seat)) > 1:
                return before, start + i
        raise MatchError("you have made no choice since another seat acted: there is nothing to take back")

    # -- settings and storage -------------------------------------------------------------------

    def set_settings(self, settings: TableSettings) -> None:
        """Change the table settings (language, name style, who sits where) and store them."""
        if len(settings.bots) != self.state.num_players:
            raise MatchError(f"{len(settings.bots)} seats given for a {self.state.num_players}-player game")
        bots = self._make_bots(settings)
        if self.store is not None and self.id is not None and self._stored is not None:
            try:
                self.store.save_settings(self.id, settings)
            except (StoreError, OSError) as e:
                raise SaveError(f"the table settings could not be saved: {_reason(e)}") from None
        self.settings = settings
        self.bots = bots

    def save(self) -> None:
        """Bring the store up to date: the whole match the first time, then the actions it lacks."""
        if self.store is None or self.id is None:
            return
        state = self.state
        if self._stored is None:
            try:
                self.store.create(self.id, StoredMatch.of(state, self.settings), replace=self._replace)
            except MatchExists:
                raise
            except (StoreError, OSError) as e:
                raise SaveError(f"the game could not be saved: {_reason(e)}") from None
            self._stored = state.step_count
            return
        try:
            if self._stored < state.step_count:
                history = state.history
                scores = state.scores() if state.is_over else None
                self.store.append_actions(self.id, self._stored, history[self._stored:], scores=scores)
            elif self._stored > state.step_count:
                raise StoreError(f"the store holds {self._stored} actions, more than this game's {state.step_count}")
        except (StoreError, OSError) as e:
            raise SaveError(f"the move was not saved: {_reason(e)}") from None
        self._stored = state.step_count


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return f"{e.strerror}" + (f": {e.filename!r}" if e.filename else "")
    return str(e) or type(e).__name__
