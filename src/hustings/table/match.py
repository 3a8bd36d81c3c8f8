"""A match kept in a save file: the table core (:class:`hustings.table.core.Table`) with the terminal's store.

The terminal (through :class:`hustings.tui.session.Session`) and the command line make, resume and play matches
here; everything about a move (turn, legality, apply, store, undo, giving up, who acts next) is the core's, and
the server drives the same core over its own stores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import hustings
from hustings.bots.runner import ask
from hustings.engine import Action, Event, GameState, RecordError, fresh_seed, get_spec
from hustings.engine.house import rules_of
from hustings.table.core import BOT, PERSON, MatchError, Mover, SaveError, Table, given_up_outcome
from hustings.table.seeds import MAX_SEED_BITS, bot_seed, check_seed
from hustings.table.settings import TableSettings
from hustings.table.store import MatchExists, MatchStore, StoredMatch, StoreError, rules_refusal


def table_options(game: str, options: Mapping[str, Any] | None, people: bool) -> dict[str, Any]:
    """The options of a new table's game: those the table was given, over the game's ``person_options`` when a
    person sits at it (a puzzle's action limit, say, which programs need and people do not)."""
    given = dict(options or {})
    return {**get_spec(game).person_options, **given} if people else given


def _check_seed(seed: object) -> int:
    try:
        return check_seed(seed)  # the one seed rule (hustings.engine.rng)
    except ValueError as e:
        raise MatchError(str(e)) from None


class Match(Table):
    """One game at one table, kept in a :class:`~hustings.table.store.MatchStore` (a save file).

    ``Match.new`` starts a game (a fresh 128-bit seed unless one is given) and stores it; ``Match.resume``
    loads one. ``store`` may be None for a match nobody keeps. Seats: ``settings.bots[p]`` names the bot in
    seat ``p``, None for a person. A save file's person seats are only ever played by their person (no stand-in
    plays at the terminal), so every move of theirs is known to be their own, for undo.
    """

    store: MatchStore | None

    def __init__(self, state: GameState, settings: TableSettings | Sequence[str | None],
                 store: MatchStore | None = None, match_id: str | None = None, *,
                 stored_steps: int | None = None, replace: bool = False, given_up: int | None = None) -> None:
        if not isinstance(settings, TableSettings):
            settings = TableSettings(tuple(settings))
        if len(settings.bots) != state.num_players:
            raise MatchError(f"{len(settings.bots)} seats given for a {state.num_players}-player game")
        made_by: dict[int, Mover] = {i: PERSON if settings.bots[p] is None else BOT
                                     for i, (p, _) in enumerate(state.history)}
        super().__init__(state, settings.bots, store=store, game_id=match_id, stored=stored_steps,
                         given_up=given_up, made_by=made_by)
        self.settings = settings
        self._replace = replace  # the first store may overwrite an older file with this id

    # -- making and loading -------------------------------------------------------------------

    @classmethod
    def new(cls, game: str, seats: TableSettings | Sequence[str | None], *, variant: str | None = None,
            seed: int | None = None, store: MatchStore | None = None, match_id: str | None = None,
            options: Mapping[str, Any] | None = None, rules: Mapping[str, Any] | None = None) -> Match:
        """Start and store a new match of ``game`` with one seat per entry of ``seats``.

        ``seed`` None draws a fresh 128-bit seed (what a game people play needs); a person's seat brings the
        game's ``person_options`` (:func:`table_options`). ``rules``: house rules (issue 29, ``{path: value}`` of
        the game's schema); the save file keeps them. Raises MatchError for a bad game, variant, player count,
        seat, seed or house rule (one line naming it), StoreError if the id is taken, SaveError if it cannot be
        written."""
        settings = seats if isinstance(seats, TableSettings) else TableSettings(tuple(seats))
        seed = fresh_seed() if seed is None else _check_seed(seed)
        try:
            chosen = table_options(game, options, people=bool(settings.humans))
            state = hustings.make(game, players=len(settings.bots), variant=variant, seed=seed, rules=rules or None,
                                  **chosen)
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

    @property
    def rules(self) -> dict[str, Any]:
        """The house rules this match plays under (issue 29; {} for the printed game)."""
        return rules_of(self.state)

    # -- moves ----------------------------------------------------------------------------------

    def submit(self, seat: int, action: Action | int | Mapping[str, Any]) -> list[Event]:
        """Apply ``action`` (an Action, its id or its JSON form) for ``seat``, then save it (:meth:`Table.act`:
        a bot's seat is played as the bot's move).

        Returns every event the action produced, private ones included (use :meth:`events_for` or
        :meth:`Event.visible_to` before showing them). IllegalActionError (nothing changed) for an action
        that is not legal; SaveError if saving fails, and then the match and the stored game are as before.
        """
        seat = self._seat(seat)
        return self.act(seat, action, by=PERSON if self.seat_names[seat] is None else BOT).events

    def bot_move(self, seat: int) -> Action:
        """What the bot in ``seat`` would play now (its view and legal actions only); not applied."""
        seat = self._seat(seat)
        if self.bots[seat] is None:
            raise MatchError(f"seat {seat} is a person's, not a bot's")
        if not self.state.legal_actions(seat):
            raise MatchError(f"seat {seat} has nothing to do now")
        bot, _ = self.bot_for(seat)
        return ask(bot, self.state, seat, self.state.legal_actions(seat))

    # -- settings and storage -------------------------------------------------------------------

    def set_settings(self, settings: TableSettings) -> None:
        """Change the table settings (language, name style, who sits where) and store them."""
        if len(settings.bots) != self.state.num_players:
            raise MatchError(f"{len(settings.bots)} seats given for a {self.state.num_players}-player game")
        bots = self._make_bots(settings.bots)
        if self.store is not None and self.id is not None and self._stored is not None:
            try:
                self.store.save_settings(self.id, settings)
            except (StoreError, OSError) as e:
                raise SaveError(f"the table settings could not be saved: {_reason(e)}") from None
        self.settings = settings
        self.seat_names = settings.bots
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


__all__ = ["MAX_SEED_BITS", "Match", "MatchError", "SaveError", "bot_seed", "given_up_outcome", "table_options"]
