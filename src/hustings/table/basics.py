"""What a table core hands out beside the game itself (:mod:`hustings.table.core`; every name here is importable
from there too): who made a move, the errors of a request the table cannot serve or a change it cannot store, how a
game given up ends, and a move applied (:class:`Applied`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from hustings.engine import Action, Event, GameState, IllegalActionError, Outcome
from hustings.table.updates import Update

if TYPE_CHECKING:
    from hustings.table.core import Table

#: who made a move: the person of the seat, or a bot (the seat's own, or a stand-in for its person)
Mover = Literal["person", "bot"]
PERSON: Mover = "person"
BOT: Mover = "bot"


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


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return f"{e.strerror}" + (f": {e.filename!r}" if e.filename else "")
    return str(e) or type(e).__name__
