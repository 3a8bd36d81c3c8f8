"""Taking a move back at a table: the one undo of every table core (:class:`hustings.table.core.Table`, which is
made of it, :class:`TakeBack`, and of the turn policy of :mod:`hustings.table.turns`), and the undo it offers a
person after their move. What may be taken back is the undo rule's (:mod:`hustings.table.undo`, tried on re-dealt
replays); here the table plans the undo (the state and clocks before the seat's last decision), cuts its store back
and carries it out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import hustings
from hustings.engine import Event, GameState, RecordError, get_spec
from hustings.table.basics import BOT, PERSON, MatchError, Mover, Refused, SaveError, _reason
from hustings.table.clock import Clocks, ClockSettings
from hustings.table.decision import Views
from hustings.table.storage import ActionStore, StoreError
from hustings.table.undo import REVEALS, undo_refusal

#: re-dealt replays behind the undo offered after a person's move (a quick check: the undo itself runs the full
#: hustings.table.undo.SAMPLES before anything is taken back)
OFFER_SAMPLES = 2


@dataclass
class _UndoPlan:
    seat: int
    keep: int
    state: GameState
    clocks: Clocks
    offer: bool


class TakeBack:
    """The undo of a :class:`~hustings.table.core.Table` (a part of the table: its state, store, clocks and log of
    who made each move are the table's own)."""

    if TYPE_CHECKING:  # the table's own (hustings.table.core.Table)
        state: GameState
        store: ActionStore | None
        id: str | None
        _stored: int | None
        clock: ClockSettings
        started_at: float
        clocks: Clocks
        times: list[float]
        events: list[Event]
        made_by: dict[int, Mover]
        played_for: dict[int, int]
        offers: bool
        undo_ok: tuple[int, int] | None
        _views: Views
        _snapshot: GameState | None

        @property
        def is_over(self) -> bool: ...

        def _seat(self, seat: object, allow_none: bool = False) -> Any: ...

        def recount_turns(self) -> None: ...

    # -- undo: the one undo of every table -----------------------------------------------------------------

    def undo_offered(self, seat: int | None) -> bool:
        """Whether ``seat`` is offered to take back its last move now (worked out after the move: ``offers``)."""
        ok = self.undo_ok  # None mostly: asked for every seat at every message, so looked at first
        return ok is not None and seat is not None and ok == (self.state.step_count, seat) and not self.is_over

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
            first.play(p, a)
            clocks.on_action(to_act, p, at)
        states, all_clocks = [first], [clocks]
        for i, (p, a) in enumerate(history[start:]):
            nxt, ticked = states[-1].clone(), all_clocks[-1].copy()
            to_act = nxt.current_players
            nxt.play(p, a)
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

    def _offer_check(self, snapshot: GameState, index: int, seat: int, action: int) -> bool:
        """Whether to offer ``seat`` to take back its move ``action`` made at step ``index``: the state before it is
        ``snapshot`` (an earlier step of this game) brought forward by the moves between. Asked only while the game
        is still at the step after that move (else False: the offer would be gone anyway)."""
        st = self.state
        if st.step_count != index + 1:
            return False
        before = snapshot.clone()
        for p, a in st.history[snapshot.step_count:index]:
            before.play(p, a)
        return _undoable(before, seat, action, OFFER_SAMPLES)


def _undoable(before: GameState, seat: int, action: int, samples: int) -> bool:
    """Whether the undo rule (hustings.table.undo), tried on ``samples`` re-deals, lets ``seat`` take back
    ``action`` made on ``before`` (an offer only: a game whose resample fails oddly is offered none)."""
    try:
        return undo_refusal(before, seat, action, samples=samples) is None
    except Exception:
        return False
