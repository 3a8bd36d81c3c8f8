"""What a change of a table tells everyone (:class:`Update`), each seat's part made only when asked for
(:class:`SeatUpdate`): the table core (:mod:`hustings.table.core`) returns one per move, undo or rebuild, and an
interface turns it into messages or screens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from hustings.engine import Action, Event

if TYPE_CHECKING:
    from hustings.table.core import Table


class SeatUpdate(NamedTuple):
    """What one seat (None: a spectator) is told: its view, its legal actions when it must act now, the events it
    may see, which table commands it is offered, and ``last_turn``: the step after its person's last own move (the
    events of later steps happened since; None: a spectator, or not known). A named tuple: made for every seat at
    every move (a frozen dataclass set each field through ``object.__setattr__``)."""

    seat: int | None
    view: Any
    legal: tuple[Action, ...]
    events: tuple[Event, ...]
    can_undo: bool
    can_give_up: bool
    last_turn: int | None = None


class Update:
    """What a change of the table tells everyone: the events from index ``start`` of :attr:`Table.events` on (a
    ``full`` update holds every event: a game started, taken back or rebuilt), and each seat's part, made the
    first time it is asked for (an interface that serves one seat pays for one)."""

    __slots__ = ("_parts", "full", "over", "start", "step", "table", "to_act")

    def __init__(self, table: Table, start: int, full: bool = False) -> None:
        self.table = table
        self.start = 0 if full else start
        self.full = full
        self.step = table.state.step_count
        self.to_act = table.to_act
        self.over = table.is_over
        self._parts: dict[int | None, SeatUpdate] = {}

    @property
    def events(self) -> list[Event]:
        """Every event of this update, private ones included (filter per seat: :meth:`seat`)."""
        return self.table.events[self.start:]

    def seat(self, seat: int | None) -> SeatUpdate:
        part = self._parts.get(seat)
        if part is None:
            t = self.table
            events = tuple(e for e in t.events[self.start:] if e.to is None or e.to == seat)
            legal = tuple(t.legal(seat)) if seat is not None and seat in self.to_act else ()
            part = self._parts[seat] = SeatUpdate(seat, t.view(seat), legal, events, t.undo_offered(seat),
                                                  seat is not None and t.can_give_up(seat), t.last_turn(seat))
        return part


__all__ = ["SeatUpdate", "Update"]
