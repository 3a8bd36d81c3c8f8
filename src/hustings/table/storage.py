"""The one store protocol of every table, and its one error hierarchy.

Every place a game is kept (the terminal's save files, the server's SQLite file, a PostgreSQL database shared by
several server processes) is an append-only log of actions per game id, and the table core
(:mod:`hustings.table.core`) needs only three things of it: **append** actions at the step the game is at,
**truncate** it back (an undo), and **read** it (a restart replays it). :class:`ActionStore` is that protocol,
synchronous; :class:`AsyncActionStore` adds ``append_async``, which returns at once with an awaitable resolved
once the actions are durable, so a server commits the moves of many tables together (group commit) and no thread
waits per move. Giving up (the one person of a one-player game ends it, lost) is the fourth write a table makes.

Every failure of a store is a :class:`StoreError` (one line), whatever the backend: :class:`NotFound` (no such
game), :class:`Exists` (a new game never overwrites one), :class:`StaleStep` (the log holds another number of
actions than the writer assumed: someone wrote first), :class:`NotARecord`, and
:class:`~hustings.table.store.RulesVersionError` (a stored game made under other rules).
"""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

#: who made a stored move: the seat's person, the seat's own bot, or a stand-in bot playing a person's seat for
#: them (away past the grace, or out of time). A store that does not know (a row stored before stores kept it, a
#: save file) gives None: the marks read it as the person's move, the undo rule as one it did not see made.
MadeBy = Literal["person", "bot", "stand_in"]
MADE_BY: tuple[MadeBy, ...] = ("person", "bot", "stand_in")


class StoreError(ValueError):
    """A store request that cannot be served, or a stored game that cannot be used; the message is one line."""


class NotFound(StoreError):
    """No game with this id."""


class MatchNotFound(NotFound):
    """No save file (or stored match) with this id."""


class TableNotFound(NotFound):
    """No server table with this id."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"no table {table_id!r}")
        self.table_id = table_id


class Exists(StoreError):
    """A game with this id is stored already (a new game never overwrites one)."""


MatchExists = Exists


class StaleStep(StoreError):
    """The log holds another number of actions than the request assumed (someone wrote first)."""

    def __init__(self, expected: int, held: int, where: str | None = None) -> None:
        if where is None:
            text = f"the table holds {held} actions, not {expected}: someone moved first"
        else:
            text = f"{where} holds {held} actions, not {expected}: another program wrote it meanwhile; reload the game"
        super().__init__(text)
        self.expected = expected
        self.held = held


class NotARecord(StoreError):
    """A JSON file that is not a save of `hustings play` (no marker): someone else's file, not a damaged save."""


@dataclass(frozen=True)
class ActionRecord:
    """One stored action: ``step`` is its 0-based index in the game, ``at`` the unix time it was made (0 where a
    store keeps no times: a save file), ``by`` who made it (:data:`MadeBy`; None where the store does not know)."""

    step: int
    seat: int
    action: int
    at: float = field(default=0.0)
    by: MadeBy | None = None


@runtime_checkable
class ActionStore(Protocol):
    """The log of actions of the games a store keeps, by game id. Each write is all-or-nothing, and refused with
    :class:`StaleStep` unless the game holds exactly the actions the writer assumed."""

    def append(self, game_id: str, start: int, actions: Sequence[ActionRecord], *, over: bool = False,
               scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        """Add ``actions`` as actions number ``start``, ``start + 1``, ...; durable when this returns. ``over``:
        they end the game (``scores``: the final scores, for a store that keeps them)."""
        ...

    def truncate(self, game_id: str, keep: int, holds: int, /) -> None:
        """Keep only the first ``keep`` actions (an undo); refused unless the game holds exactly ``holds``. The game
        is then not over, whatever it was."""
        ...

    def read(self, game_id: str, since: int = 0) -> list[ActionRecord]:
        """The actions from number ``since`` on, in order."""
        ...

    def give_up(self, game_id: str, seat: int, *, holds: int, scores: Sequence[Mapping[str, Any]]) -> None:
        """The game ends, given up by ``seat``'s person (``scores``: as they stand); refused unless the game holds
        exactly ``holds`` actions and is not over."""
        ...


@runtime_checkable
class AsyncActionStore(ActionStore, Protocol):
    """An :class:`ActionStore` whose appends can also be waited for on an event loop."""

    def append_async(self, game_id: str, start: int, actions: Sequence[ActionRecord], *,
                     over: bool = False) -> Awaitable[None]:
        """:meth:`append` without blocking: call it on a running event loop; the awaitable is resolved once the
        actions are durable (or fails with what :meth:`append` would raise). Appends of many games made together
        may be committed together."""
        ...


__all__ = [
    "MADE_BY",
    "ActionRecord",
    "ActionStore",
    "AsyncActionStore",
    "Exists",
    "MadeBy",
    "MatchExists",
    "MatchNotFound",
    "NotARecord",
    "NotFound",
    "StaleStep",
    "StoreError",
    "TableNotFound",
]
